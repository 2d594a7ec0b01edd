/*
 * bench_qpu.c: speed of the QPU interpreter (src/sim) on two loop programs:
 *   alu      - 12-instruction loop body, both ALUs busy (float, integer, v8,
 *              conditional writes, setf, branch with filled delay slots);
 *   sfu_tmu  - 10-instruction loop body with a TMU direct read, an SFU
 *              reciprocal and the r4 reads that follow them.
 * Prints instructions per second and ns per instruction (process CPU time)
 * for each.
 *
 *   bench_qpu [ITERATIONS [alu|sfu_tmu|both [general]]]
 *       (default 2000000 loop iterations, both programs; `general` turns the
 *       interpreter's fast path off, sim_qpu_options.general_only)
 *
 * A small ITERATIONS makes a repeatable run under
 * `valgrind --tool=callgrind` (see docs/PERFORMANCE.md).
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "qpu/qpu_isa.h"
#include "sim/sim_qpu.h"

/* Write address of register `id` on file A. */
static unsigned w(enum qpu_reg_id id)
{
	for (unsigned i = 0; i < 64; i++) {
		if (qpu_waddrs[0][i].id == id)
			return i;
	}
	fprintf(stderr, "bench_qpu: no write address for register id %d\n", (int)id);
	exit(2);
}

/* Write address of accumulator rN. */
#define ACC(n) w(QPU_REG_ACC0 + (n))

static uint64_t dual(enum qpu_op_add aop, unsigned ad, enum qpu_mux aa, enum qpu_mux ab,
		     enum qpu_op_mul mop, unsigned md, enum qpu_mux ma, enum qpu_mux mb)
{
	return qpu_with_mul(qpu_with_add(qpu_nop(), aop, ad, aa, ab), mop, md, ma, mb);
}

/* Counter in ra0 decremented with setf; loops while any lane is non-zero. */
static uint64_t dec_counter(void)
{
	uint64_t x = qpu_alu_add(QPU_A_SUB, 0, QPU_MUX_A, QPU_MUX_B, 0, 1);
	return qpu_set_sf(qpu_set_sig(x, QPU_SIG_SMALL_IMM), 1);
}

/* Branch back to instruction `target` from `ip` (relative). */
static uint64_t loop_to(uint32_t ip, uint32_t target)
{
	return qpu_branch(QPU_BR_ANY_ZC, true, (uint32_t)((int32_t)target - (int32_t)(ip + 4)) * 8);
}


static size_t alu_program(uint64_t *p, uint32_t iterations)
{
	size_t n = 0;
	p[n++] = qpu_load_imm(QPU_LI_32, 0, QPU_W_NOP, iterations);
	p[n++] = qpu_load_imm(QPU_LI_32, ACC(0), ACC(1), 0x3f800000);
	p[n++] = qpu_load_imm(QPU_LI_32, ACC(2), ACC(3), 0x3f000000);
	uint32_t top = (uint32_t)n;
	p[n++] = dual(QPU_A_FADD, ACC(0), QPU_MUX_R0, QPU_MUX_R1, QPU_M_FMUL, ACC(1), QPU_MUX_R1,
		      QPU_MUX_R2);
	p[n++] = dual(QPU_A_ADD, ACC(2), QPU_MUX_R2, QPU_MUX_R3, QPU_M_V8ADDS, ACC(3),
		      QPU_MUX_R3, QPU_MUX_R0);
	p[n++] = dual(QPU_A_FSUB, 1, QPU_MUX_R1, QPU_MUX_R0, QPU_M_MUL24, 2, QPU_MUX_R2,
		      QPU_MUX_R3);
	p[n++] = dual(QPU_A_SHL, ACC(3), QPU_MUX_R3, QPU_MUX_R2, QPU_M_V8MIN, ACC(2), QPU_MUX_R2,
		      QPU_MUX_R1);
	p[n++] = qpu_set_cond_add(dual(QPU_A_FMAX, ACC(1), QPU_MUX_R1, QPU_MUX_R0, QPU_M_FMUL,
				       ACC(0), QPU_MUX_R0, QPU_MUX_R0), QPU_COND_ZC);
	p[n++] = dual(QPU_A_XOR, 3, QPU_MUX_R3, QPU_MUX_R2, QPU_M_V8MAX, 4, QPU_MUX_R0,
		      QPU_MUX_R1);
	p[n++] = dual(QPU_A_ITOF, ACC(2), QPU_MUX_R2, QPU_MUX_R2, QPU_M_FMUL, ACC(3), QPU_MUX_R1,
		      QPU_MUX_R1);
	p[n++] = dual(QPU_A_MIN, 5, QPU_MUX_R0, QPU_MUX_R3, QPU_M_V8SUBS, 6, QPU_MUX_R1,
		      QPU_MUX_R2);
	p[n++] = dec_counter();
	uint32_t ip = (uint32_t)n;
	p[n++] = loop_to(ip, top);
	p[n++] = dual(QPU_A_FADD, ACC(1), QPU_MUX_R1, QPU_MUX_R2, QPU_M_FMUL, ACC(2), QPU_MUX_R2,
		      QPU_MUX_R3);
	p[n++] = dual(QPU_A_ASR, ACC(3), QPU_MUX_R3, QPU_MUX_R0, QPU_M_V8ADDS, ACC(0),
		      QPU_MUX_R0, QPU_MUX_R3);
	p[n++] = dual(QPU_A_AND, 7, QPU_MUX_R0, QPU_MUX_R1, QPU_M_FMUL, 8, QPU_MUX_R2, QPU_MUX_R3);
	p[n++] = qpu_set_sig(qpu_nop(), QPU_SIG_PROG_END);
	p[n++] = qpu_nop();
	p[n++] = qpu_nop();
	return n;
}

static size_t sfu_tmu_program(uint64_t *p, uint32_t iterations)
{
	size_t n = 0;
	p[n++] = qpu_load_imm(QPU_LI_32, 0, QPU_W_NOP, iterations);
	p[n++] = qpu_load_imm(QPU_LI_32, 1, QPU_W_NOP, 0x100);
	p[n++] = qpu_load_imm(QPU_LI_32, ACC(0), QPU_W_NOP, 0x40400000);
	p[n++] = qpu_set_sig(qpu_alu_add(QPU_A_SHL, ACC(1), QPU_MUX_A, QPU_MUX_B, 38, 2),
			     QPU_SIG_SMALL_IMM); /* elem_num * 4 */
	uint32_t top = (uint32_t)n;
	p[n++] = qpu_alu_add(QPU_A_ADD, w(QPU_REG_TMU0_S), QPU_MUX_R1, QPU_MUX_A, 1, QPU_R_NOP);
	p[n++] = qpu_alu_add(QPU_A_OR, w(QPU_REG_SFU_RECIP), QPU_MUX_R0, QPU_MUX_R0, QPU_R_NOP,
			     QPU_R_NOP);
	p[n++] = dual(QPU_A_ADD, ACC(2), QPU_MUX_R2, QPU_MUX_R1, QPU_M_NOP, QPU_W_NOP, 0, 0);
	p[n++] = dual(QPU_A_FADD, ACC(3), QPU_MUX_R4, QPU_MUX_R0, QPU_M_NOP, QPU_W_NOP, 0, 0);
	p[n++] = qpu_set_sig(qpu_nop(), QPU_SIG_LOAD_TMU0);
	p[n++] = dual(QPU_A_ADD, ACC(2), QPU_MUX_R2, QPU_MUX_R4, QPU_M_FMUL, ACC(3), QPU_MUX_R3,
		      QPU_MUX_R0);
	p[n++] = dec_counter();
	uint32_t ip = (uint32_t)n;
	p[n++] = loop_to(ip, top);
	p[n++] = qpu_nop();
	p[n++] = qpu_nop();
	p[n++] = qpu_nop();
	p[n++] = qpu_set_sig(qpu_nop(), QPU_SIG_PROG_END);
	p[n++] = qpu_nop();
	p[n++] = qpu_nop();
	return n;
}

/* CPU time of this process: on a shared machine, time spent waiting for a
 * core is not the interpreter's. */
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Runs one program to its end and prints the rate. */
static int bench(const char *name, const uint64_t *words, size_t count, bool general)
{
	static uint8_t bytes[4096];
	struct sim_memory mem = { bytes, 0, sizeof(bytes) };
	struct sim_program prog;
	struct vc4_diag d = { 0 };
	struct sim_qpu *q = malloc(sizeof(*q));
	if (!q || !sim_program_init(&prog, words, (uint32_t)count, &d)) {
		fprintf(stderr, "bench_qpu: out of memory\n");
		free(q);
		return 1;
	}
	struct sim_qpu_options opt = { .general_only = general };
	sim_qpu_init(q, &prog, &mem, NULL, 0, NULL, NULL, &opt);
	double t0 = now();
	enum sim_status st = sim_qpu_run(q, UINT64_MAX, &d);
	double t = now() - t0;
	int rc = 0;
	if (st != SIM_DONE) {
		fprintf(stderr, "bench_qpu: %s: %s\n", name, d.msg);
		rc = 1;
	} else {
		printf("%-8s %12" PRIu64 " instructions %8.3f s %10.1f M instr/s %7.2f ns/instr\n",
		       name, q->instructions, t, (double)q->instructions / t / 1e6,
		       t * 1e9 / (double)q->instructions);
	}
	sim_program_fini(&prog);
	free(q);
	return rc;
}

int main(int argc, char **argv)
{
	uint32_t iterations = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 2000000;
	const char *only = argc > 2 ? argv[2] : "";
	bool general = argc > 3 && strcmp(argv[3], "general") == 0;
	uint64_t p[64];
	int rc = 0;
	if (strcmp(only, "sfu_tmu") != 0)
		rc |= bench("alu", p, alu_program(p, iterations), general);
	if (strcmp(only, "alu") != 0)
		rc |= bench("sfu_tmu", p, sfu_tmu_program(p, iterations), general);
	return rc;
}
