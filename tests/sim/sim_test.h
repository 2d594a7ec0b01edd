/*
 * sim_test.h: helpers for the interpreter tests: register addresses looked
 * up by name in the ISA table, instruction builders over the qpu_isa.h
 * constructors, and a runner holding one QPU with a small memory.
 */
#ifndef VC4_TESTS_SIM_TEST_H
#define VC4_TESTS_SIM_TEST_H

#include <stdlib.h>
#include <string.h>

#include "qpu/qpu_isa.h"
#include "sim/sim_qpu.h"

/* Write address named `name` in `file` (0 = A, 1 = B); aborts the test when
 * the table has no such name. */
static inline unsigned waddr_f(unsigned file, const char *name)
{
	for (unsigned i = 0; i < 64; i++) {
		if (qpu_waddrs[file][i].name && strcmp(qpu_waddrs[file][i].name, name) == 0)
			return i;
	}
	fail_msg("no write address %s", name);
	return 0;
}

static inline unsigned raddr_f(unsigned file, const char *name)
{
	for (unsigned i = 0; i < 64; i++) {
		if (qpu_raddrs[file][i].name && strcmp(qpu_raddrs[file][i].name, name) == 0)
			return i;
	}
	fail_msg("no read address %s", name);
	return 0;
}

#define W(name) waddr_f(0, name)
#define RA(name) raddr_f(0, name)
#define RB(name) raddr_f(1, name)

/* ADD-only instruction with a small immediate `code` as operand B. */
static inline uint64_t add_imm(enum qpu_op_add op, unsigned waddr, enum qpu_mux a,
			       unsigned raddr_a, unsigned code)
{
	uint64_t w = qpu_alu_add(op, waddr, a, QPU_MUX_B, raddr_a, code);
	return qpu_set_sig(w, QPU_SIG_SMALL_IMM);
}

/* mov waddr, small immediate (or waddr, imm, imm). */
static inline uint64_t mov_imm(unsigned waddr, unsigned code)
{
	return add_imm(QPU_A_OR, waddr, QPU_MUX_B, QPU_R_NOP, code);
}

/* mov waddr, accumulator / regfile A source. */
static inline uint64_t mov(unsigned waddr, enum qpu_mux src, unsigned raddr_a)
{
	return qpu_alu_add(QPU_A_OR, waddr, src, src, raddr_a, QPU_R_NOP);
}

static inline uint64_t ldi(unsigned waddr, uint32_t value)
{
	return qpu_load_imm(QPU_LI_32, waddr, QPU_W_NOP, value);
}

static inline uint64_t with_sig(uint64_t w, enum qpu_sig sig)
{
	return qpu_set_sig(w, sig);
}

#define THREND with_sig(qpu_nop(), QPU_SIG_PROG_END), qpu_nop(), qpu_nop()

/* One simulated QPU with 4 KiB of memory at GPU address 0. */
struct runner {
	struct sim_program prog;
	struct sim_qpu q;
	struct sim_memory mem;
	uint8_t bytes[4096];
	struct vc4_diag diag;
	enum sim_status st;
};

static inline struct runner *runner_new(void)
{
	struct runner *r = calloc(1, sizeof(*r));
	assert_non_null(r);
	r->mem.bytes = r->bytes;
	r->mem.size = sizeof(r->bytes);
	return r;
}

static inline void mem_put(struct runner *r, uint32_t addr, uint32_t v)
{
	r->bytes[addr] = (uint8_t)v;
	r->bytes[addr + 1] = (uint8_t)(v >> 8);
	r->bytes[addr + 2] = (uint8_t)(v >> 16);
	r->bytes[addr + 3] = (uint8_t)(v >> 24);
}

static inline uint32_t mem_get(const struct runner *r, uint32_t addr)
{
	return (uint32_t)r->bytes[addr] | (uint32_t)r->bytes[addr + 1] << 8 |
	       (uint32_t)r->bytes[addr + 2] << 16 | (uint32_t)r->bytes[addr + 3] << 24;
}

/* Runs `n` words with uniforms; returns the final status. */
static inline enum sim_status run_opts(struct runner *r, const uint64_t *w, uint32_t n,
				       const uint32_t *unif, uint32_t nunif,
				       const struct sim_qpu_options *opt)
{
	assert_true(sim_program_init(&r->prog, w, n, NULL));
	sim_qpu_init(&r->q, &r->prog, &r->mem, unif, nunif, NULL, NULL, opt);
	r->st = sim_qpu_run(&r->q, 100000, &r->diag);
	return r->st;
}

static inline enum sim_status run(struct runner *r, const uint64_t *w, uint32_t n,
				  const uint32_t *unif, uint32_t nunif)
{
	return run_opts(r, w, n, unif, nunif, NULL);
}

static inline void runner_free(struct runner *r)
{
	sim_program_fini(&r->prog);
	free(r);
}

#define RUN_OK(r, prog, unif, nunif)                                               \
	do {                                                                       \
		if (run(r, prog, sizeof(prog) / 8, unif, nunif) != SIM_DONE)       \
			fail_msg("run failed: %s", (r)->diag.msg);                 \
	} while (0)

/* Asserts all 16 lanes. */
static inline void assert_lanes(const uint32_t *got, const uint32_t *want)
{
	for (int i = 0; i < 16; i++) {
		if (got[i] != want[i])
			fail_msg("lane %d: got 0x%08x, want 0x%08x", i, got[i], want[i]);
	}
}

static inline void assert_all(const uint32_t *got, uint32_t want)
{
	for (int i = 0; i < 16; i++) {
		if (got[i] != want)
			fail_msg("lane %d: got 0x%08x, want 0x%08x", i, got[i], want);
	}
}

#endif
