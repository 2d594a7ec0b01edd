/* test_sim_fast.c: the interpreter's fast path (plain ALU instructions with
 * operands resolved at decode time and the op loops inlined) against its
 * general path (sim_qpu_options.general_only): random programs from random
 * register and flag states (with SFU results and branch delay slots landing
 * among fast instructions) must end in the same full state, bit for bit:
 * accumulators, both register files, the condition masks, ip and the
 * instruction count, and the TMU FIFOs. TMU direct reads (some lanes outside
 * the memory), load-TMU signals and SFU writes next to ALU ops take the
 * peripheral fast path (exec_periph(), tmu_read_fast()), and so do
 * uniform and varying reads (hooks giving values from a counter; r5 takes
 * the C term), tile-buffer writes (a hook logging register, values and
 * lane mask), the MUL unit's colour packs into registers and the TLB,
 * regfile A packs into registers and load immediates into registers and
 * the VPM setups: the logs must match too. Uniform and (off x86) varying
 * reads with only register effects run inside runs of fast instructions
 * (in_run), the varyings' C term written to r5 at once (its own ops
 * reading the old r5).
 * A program that fails must fail in both paths at the same ip with the
 * same message (uniform stream overruns and varying reads past the hook's
 * VARYINGS included). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "sim/sim_inst.h"
#include "sim_test.h"

#define PROG_LEN 48
#define PROGRAMS 400

/* xorshift64*: repeatable across hosts. */
static uint64_t rng_state;
static uint32_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}

static uint32_t pick(const uint32_t *set, unsigned n)
{
	return set[rnd() % n];
}

/* A lane value: mostly edge cases of the float and integer ops. */
static uint32_t value(void)
{
	static const uint32_t edge[] = {
		0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 0x3f800000, 0xbf800000,
		0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x00000001, 0x807fffff,
		0x7f7fffff, 0xff7fffff, 0x00800000, 0x4f000000, 0xcf000000, 31, 32, 33,
		0x00ffffff, 0x01000000, 0x80808080, 0x7f7f7f7f, 0xff00ff00,
	};
	switch (rnd() % 4) {
	case 0: return pick(edge, sizeof(edge) / 4);
	case 1: return rnd() % 64;
	default: return rnd();
	}
}

/* An ALU instruction, most of them of the fast path's kind (no signal, no
 * pack, no unpack, register/constant reads), the rest anything the general
 * path runs without peripherals. */
static uint64_t random_alu(void)
{
	static const uint32_t add_ops[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 16, 17,
					    18, 19, 20, 21, 22, 23, 24, 30, 31 };
	/* registers, elem_num/qpu_num, nop, x/y_pix, ms_flags/rev_flag, VPM
	 * busy and wait, now and then a uniform or a varying */
	static const uint32_t raddrs[] = { 0, 1, 2, 3, 15, 31, 38, 39, 41, 42, 49, 50,
					   0, 1, 2, 3, 15, 31, 38, 39, 41, 42, 49, 50, 32, 35 };
	/* registers, r0..r3, r5quad/r5rep, nop, quad_x/y, ms_flags/rev_flag */
	static const uint32_t waddrs[] = { 0, 1, 2, 3, 15, 31, 32, 33, 34, 35, 32, 33, 37, 39,
					   41, 42 };
	uint64_t w = qpu_nop();
	w = qpu_set_op_add(w, pick(add_ops, sizeof(add_ops) / 4));
	w = qpu_set_op_mul(w, rnd() % 8);
	w = qpu_set_cond_add(w, rnd() % 3 ? QPU_COND_ALWAYS : rnd() % 8);
	w = qpu_set_cond_mul(w, rnd() % 3 ? QPU_COND_ALWAYS : rnd() % 8);
	w = qpu_set_sf(w, rnd() % 4 == 0);
	w = qpu_set_ws(w, rnd() % 2);
	w = qpu_set_waddr_add(w, pick(waddrs, sizeof(waddrs) / 4));
	w = qpu_set_waddr_mul(w, pick(waddrs, sizeof(waddrs) / 4));
	w = qpu_set_raddr_a(w, pick(raddrs, sizeof(raddrs) / 4));
	w = qpu_set_add_a(w, rnd() % 8);
	w = qpu_set_add_b(w, rnd() % 8);
	w = qpu_set_mul_a(w, rnd() % 8);
	w = qpu_set_mul_b(w, rnd() % 8);
	if (rnd() % 3 == 0) {
		w = qpu_set_sig(w, QPU_SIG_SMALL_IMM);
		w = qpu_set_raddr_b(w, rnd() % 10 == 0 ? rnd() % 64 : rnd() % 48);
	} else {
		w = qpu_set_raddr_b(w, pick(raddrs, sizeof(raddrs) / 4));
	}
	if (rnd() % 8 == 0) { /* pack, unpack (a regfile A pack alone: exec_periph()) */
		w = qpu_set_pm(w, rnd() % 2);
		w = qpu_set_pack(w, qpu_get_pm(w) ? 3 + rnd() % 5 : rnd() % 16);
		w = qpu_set_unpack(w, rnd() % 2 ? 0 : rnd() % 8);
	}
	return w;
}

/* Instruction `i` of a program of PROG_LEN; *last_branch is the index of the
 * previous branch (a branch may not sit in another's delay slots). Besides
 * ALU and load-immediate instructions: SFU writes (r4 arrives while fast
 * instructions run) and forward branches (delay slots). */
/* TMU requests issued and not yet loaded, in program order (a branch may
 * skip some: that program then fails the same way in both paths). */
static unsigned tmu_out[2];

static uint64_t random_inst(int i, int *last_branch)
{
	unsigned k = rnd() % 40;
	if (k < 4) { /* now and then a VPM read or write setup (exec_li_periph()) */
		uint64_t w = qpu_load_imm(rnd() % 2 ? QPU_LI_32 : QPU_LI_PER_ELEM_SIGNED,
					  rnd() % 8 ? rnd() % 36 : 49, QPU_W_NOP, value());
		w = qpu_set_ws(w, rnd() % 2);
		return qpu_set_cond_add(w, rnd() % 3 ? QPU_COND_ALWAYS : rnd() % 8);
	}
	if (k == 4)
		return qpu_alu_add(QPU_A_OR, 52 + rnd() % 2, QPU_MUX_A, QPU_MUX_A, rnd() % 32,
				   QPU_R_NOP); /* sfu_recip, sfu_recipsqrt */
	if (k == 5 && i - *last_branch > 4 && i + 8 < PROG_LEN) {
		static const uint32_t conds[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15 };
		*last_branch = i;
		return qpu_branch(pick(conds, sizeof(conds) / 4), true, (rnd() % 4) * 8);
	}
	if (k == 6 || k == 7) { /* TMU direct read or SFU write, beside a MUL op */
		static const uint32_t periph[] = { 52, 53, 54, 55, 56, 60 };
		uint32_t wa = pick(periph, 6);
		if (wa >= 56 && tmu_out[wa == 60] >= 6)
			wa = 52;
		if (wa >= 56)
			tmu_out[wa == 60]++;
		uint64_t w = qpu_alu_add(QPU_A_OR, wa, QPU_MUX_A, QPU_MUX_A, rnd() % 4, QPU_R_NOP);
		w = qpu_set_cond_add(w, rnd() % 2 ? QPU_COND_ALWAYS : rnd() % 8);
		if (rnd() % 2) /* the write through the MUL unit instead */
			w = qpu_with_mul(qpu_alu_add(QPU_A_ADD, rnd() % 4, QPU_MUX_R0, QPU_MUX_R1,
						     rnd() % 4, QPU_R_NOP),
					 QPU_M_V8MIN, wa, QPU_MUX_A, QPU_MUX_A);
		else if (rnd() % 3 == 0) { /* beside an fmul into a register (a half shape) */
			unsigned wm = rnd() % 4, ma = rnd() % 4; /* in this order on every host */
			w = qpu_with_mul(w, QPU_M_FMUL, wm, QPU_MUX_R0 + ma, QPU_MUX_A);
		}
		return w;
	}
	if (k == 10 || k == 11) { /* a TLB write, through the MUL unit with a colour pack */
		uint32_t tlb = rnd() % 2 ? W("tlb_color_all") : W("tlb_z");
		uint64_t w = qpu_alu_add(QPU_A_OR, tlb, QPU_MUX_A, QPU_MUX_A, rnd() % 4, QPU_R_NOP);
		w = qpu_set_cond_add(w, rnd() % 2 ? QPU_COND_ALWAYS : rnd() % 8);
		if (rnd() % 2) {
			w = qpu_with_mul(qpu_alu_add(QPU_A_FADD, rnd() % 4, QPU_MUX_R0, QPU_MUX_R1,
						     rnd() % 4, QPU_R_NOP),
					 QPU_M_V8MIN, rnd() % 2 ? tlb : rnd() % 36, QPU_MUX_R2,
					 QPU_MUX_R2);
			w = qpu_set_cond_mul(w, rnd() % 2 ? QPU_COND_ALWAYS : rnd() % 8);
			w = qpu_set_pm(w, 1);
			w = qpu_set_pack(w, 3 + rnd() % 5);
		}
		return w;
	}
	if (k == 14 || k == 15) { /* a colour pack `mov` into a register beside an ADD op:
				   * the pack stored first (half shape 3) unless the ADD reads
				   * or writes its destination */
		static const uint32_t adds[] = { QPU_A_NOP, QPU_A_FADD, QPU_A_FSUB, QPU_A_AND,
						 QPU_A_ITOF, QPU_A_OR };
		static const uint32_t regs[] = { 0, 1, 32, 33, 34 }; /* ra/rb0, ra/rb1, r0..r2 */
		uint32_t op = pick(adds, 6), wa = pick(regs, 5), ma = rnd() % 3, mb = rnd() % 3;
		uint64_t w = qpu_alu_add(op, wa, ma, mb, rnd() % 2, QPU_R_NOP);
		uint32_t wm = pick(regs, 5), mm = rnd() % 4 ? rnd() % 3 : QPU_MUX_A;
		w = qpu_with_mul(w, QPU_M_V8MIN, wm, mm, mm);
		w = qpu_set_pack(qpu_set_pm(w, 1), 3 + rnd() % 5);
		if (rnd() % 3 == 0) /* its operand or the ADD's a uniform or a varying */
			w = qpu_set_raddr_a(w, rnd() % 2 ? 32 : 35);
		if (rnd() % 3 == 0) /* with a signal: not inside a run */
			w = with_sig(w, QPU_SIG_WAIT_FOR_SCOREBOARD);
		return qpu_set_ws(w, rnd() % 2);
	}
	if (k == 12 || k == 13) { /* a VPM read and/or write (the read and write setups
				   * are set before the run: run_one()) */
		uint64_t w = random_alu();
		w = qpu_set_pack(qpu_set_unpack(w, 0), 0);
		if (rnd() % 2)
			w = qpu_set_raddr_a(w, 48);
		if (rnd() % 3 == 0)
			w = qpu_set_raddr_b(qpu_set_sig(w, QPU_SIG_NONE), 48);
		if (rnd() % 2)
			w = qpu_set_waddr_add(w, 48);
		else
			w = qpu_set_waddr_mul(w, 48);
		return w;
	}
	unsigned unit = rnd() % 2;
	if ((k == 8 || k == 9) && tmu_out[unit]) { /* load TMU0/1, no small imm */
		tmu_out[unit]--;
		uint64_t w = qpu_set_sig(random_alu(), QPU_SIG_LOAD_TMU0 + unit);
		return qpu_set_raddr_b(w, rnd() % 4);
	}
	return random_alu();
}

/* Random registers and flags (the masks of complementary conditions stay
 * complements, as the interpreter keeps them). */
static void random_state(struct sim_qpu *q)
{
	for (int r = 0; r < 6; r++)
		for (int i = 0; i < 16; i++)
			q->acc[r][i] = value();
	for (int f = 0; f < 2; f++)
		for (int r = 0; r < 32; r++)
			for (int i = 0; i < 16; i++)
				q->rf[f][r][i] = value();
	/* ra0..ra3: TMU addresses, about 1 lane in 40 outside the 4 KiB */
	for (int r = 0; r < 4; r++)
		for (int i = 0; i < 16; i++)
			q->rf[0][r][i] = rnd() % 4200;
	for (int i = 0; i < 16; i++) { /* never and always: as the interpreter keeps them */
		q->cm[QPU_COND_NEVER][i] = 0;
		q->cm[QPU_COND_ALWAYS][i] = ~0u;
	}
	for (int c = QPU_COND_ZS; c < QPU_COND_COUNT; c += 2)
		for (int i = 0; i < 16; i++) {
			q->cm[c][i] = rnd() % 2 ? ~0u : 0;
			q->cm[c + 1][i] = ~q->cm[c][i];
		}
}

/* What the hooks saw in one run: varying reads (their values come from
 * the count) and a checksum of the TLB writes. */
struct hook_log {
	uint32_t varyings;
	uint64_t tlb_sum;
	uint32_t tlb_writes;
};

/* Varying reads the hook serves in one program (some programs read more
 * and fail the same way on both paths, at the same instruction). */
#define VARYINGS 5

static bool log_varying(void *user, struct sim_qpu *q, uint32_t out[16], uint32_t c[16],
			struct vc4_diag *diag)
{
	struct hook_log *l = user;
	if (l->varyings == VARYINGS)
		return vc4_diag_set(diag, "ip %u: varying read past the %d", q->ip, VARYINGS);
	for (int i = 0; i < 16; i++) {
		out[i] = l->varyings * 0x9e3779b9u + (uint32_t)i * 0x85ebca6bu;
		c[i] = l->varyings * 0xc2b2ae35u ^ (uint32_t)i;
	}
	l->varyings++;
	return true;
}

/* The hook's varyings_left: what lets varying reads run inside runs. */
static uint32_t log_varyings_left(void *user)
{
	const struct hook_log *l = user;
	return VARYINGS - l->varyings;
}

static bool log_tlb(void *user, struct sim_qpu *q, enum qpu_reg_id reg, const uint32_t val[16],
		    uint16_t lanes, struct vc4_diag *diag)
{
	(void)q, (void)diag;
	struct hook_log *l = user;
	l->tlb_sum = l->tlb_sum * 31 + (uint64_t)reg * 65537 + lanes;
	for (int i = 0; i < 16; i++)
		l->tlb_sum = l->tlb_sum * 1099511628211ull + val[i];
	l->tlb_writes++;
	return true;
}

static struct hook_log hook_logs[2]; /* [general] */
static uint32_t uniforms[5]; /* few: some programs overrun them */
/* The VPM's contents and the generic read/write setups a program starts
 * with: 24 reads from row 0, writes from row 40 (some programs read more
 * and fail the same way on both paths). */
static uint32_t vpm_init[SIM_VPM_WORDS];
static struct sim_vpm_access vpm_rd_init, vpm_wr_init;

static void run_one(struct runner *r, const uint64_t *prog, uint32_t n, const struct sim_qpu *init,
		    enum sim_fmul_round round, bool general)
{
	struct sim_qpu_options opt = { .fmul_round = round, .general_only = general,
				       .qpu_num = 3 };
	struct sim_qpu_hooks hooks = { .user = &hook_logs[general], .varying = log_varying,
				       .varyings_left = log_varyings_left, .tlb_write = log_tlb };
	hook_logs[general] = (struct hook_log){ 0 };
	assert_true(sim_program_init(&r->prog, prog, n, NULL));
	sim_qpu_init(&r->q, &r->prog, &r->mem, uniforms, sizeof(uniforms) / 4, NULL, &hooks,
		     &opt);
	memcpy(r->q.acc, init->acc, sizeof(init->acc));
	memcpy(r->q.rf, init->rf, sizeof(init->rf));
	memcpy(r->q.cm, init->cm, sizeof(init->cm));
	memcpy(r->q.shared->vpm, vpm_init, sizeof(vpm_init));
	r->q.vpm_rd = vpm_rd_init;
	r->q.vpm_wr = vpm_wr_init;
	vc4_diag_clear(&r->diag);
	r->st = sim_qpu_run(&r->q, 10000, &r->diag);
}

/* The first difference between two final states, or NULL. */
static const char *state_diff(const struct sim_qpu *a, const struct sim_qpu *b, char *buf,
			      size_t size)
{
	for (int r = 0; r < 6; r++)
		for (int i = 0; i < 16; i++)
			if (a->acc[r][i] != b->acc[r][i]) {
				snprintf(buf, size, "r%d lane %d: 0x%08x vs 0x%08x", r, i,
					 a->acc[r][i], b->acc[r][i]);
				return buf;
			}
	for (int f = 0; f < 2; f++)
		for (int r = 0; r < 32; r++)
			for (int i = 0; i < 16; i++)
				if (a->rf[f][r][i] != b->rf[f][r][i]) {
					snprintf(buf, size, "r%c%d lane %d: 0x%08x vs 0x%08x",
						 f ? 'b' : 'a', r, i, a->rf[f][r][i], b->rf[f][r][i]);
					return buf;
				}
	if (memcmp(a->cm, b->cm, sizeof(a->cm)) != 0)
		return "flags differ";
	if (a->ip != b->ip || a->instructions != b->instructions)
		return "ip or instruction count differ";
	for (int u = 0; u < 2; u++) {
		if (a->tmu[u].head != b->tmu[u].head || a->tmu[u].count != b->tmu[u].count)
			return "TMU FIFO positions differ";
		for (unsigned k = 0; k < a->tmu[u].count; k++)
			if (memcmp(a->tmu_fifo[u][(a->tmu[u].head + k) % QPU_TMU_FIFO_RESULTS],
				   b->tmu_fifo[u][(b->tmu[u].head + k) % QPU_TMU_FIFO_RESULTS], 64) != 0)
				return "TMU FIFO contents differ";
	}
	if (memcmp(a->shared->vpm, b->shared->vpm, sizeof(a->shared->vpm)) != 0 ||
	    a->vpm_rd.addr != b->vpm_rd.addr || a->vpm_rd.remaining != b->vpm_rd.remaining ||
	    a->vpm_wr.addr != b->vpm_wr.addr)
		return "VPM contents or addresses differ";
	if (a->sfu_delay != b->sfu_delay ||
	    (a->sfu_delay && memcmp(a->sfu_val, b->sfu_val, 64) != 0))
		return "pending SFU result differs";
	return NULL;
}

static void random_programs_match(enum sim_fmul_round round, uint64_t seed)
{
	struct runner *fast = runner_new(), *general = runner_new();
	struct sim_qpu *init = calloc(1, sizeof(*init));
	assert_non_null(init);
	rng_state = seed;
	unsigned failed = 0, tmu_errors = 0, unif_errors = 0, tlb_writes = 0, varyings = 0;
	unsigned vpm_reads = 0, vpm_writes = 0, shaped_fast = 0, shaped_periph = 0, in_run = 0;
	unsigned half[4] = { 0 }, packs_in_run = 0, varyings_in_run = 0, vary_errors = 0;
	for (size_t i = 0; i < sizeof(fast->bytes); i++)
		fast->bytes[i] = general->bytes[i] = (uint8_t)rnd();
	for (size_t i = 0; i < sizeof(uniforms) / 4; i++)
		uniforms[i] = value();
	for (int p = 0; p < PROGRAMS; p++) {
		uint64_t prog[PROG_LEN + 3];
		int last_branch = -8;
		tmu_out[0] = tmu_out[1] = 0;
		for (int i = 0; i < PROG_LEN; i++)
			prog[i] = random_inst(i, &last_branch);
		prog[PROG_LEN] = with_sig(qpu_nop(), QPU_SIG_PROG_END);
		prog[PROG_LEN + 1] = prog[PROG_LEN + 2] = qpu_nop();
		random_state(init);
		for (size_t i = 0; i < SIM_VPM_WORDS; i++)
			vpm_init[i] = value();
		vpm_rd_init = (struct sim_vpm_access){ .addr = 0, .size = (uint8_t)(rnd() % 3),
						       .horiz = true, .stride = 1,
						       .remaining = 24 };
		vpm_wr_init = (struct sim_vpm_access){ .addr = 40, .size = (uint8_t)(rnd() % 3),
						       .horiz = true, .stride = 1 };
		run_one(fast, prog, PROG_LEN + 3, init, round, false);
		run_one(general, prog, PROG_LEN + 3, init, round, true);
		char buf[96];
		if (fast->st != general->st || strcmp(fast->diag.msg, general->diag.msg) != 0)
			fail_msg("program %d: fast %d \"%s\", general %d \"%s\"", p, fast->st,
				 fast->diag.msg, general->st, general->diag.msg);
		if (fast->st != SIM_DONE) {
			failed++;
			tmu_errors += strstr(fast->diag.msg, "TMU read at 0x") != NULL;
			unif_errors += strstr(fast->diag.msg, "uniform stream overrun") != NULL;
			vary_errors += strstr(fast->diag.msg, "varying read past") != NULL;
		}
		const char *d = state_diff(&fast->q, &general->q, buf, sizeof(buf));
		if (d)
			fail_msg("program %d: %s", p, d);
		if (memcmp(&hook_logs[0], &hook_logs[1], sizeof(hook_logs[0])) != 0)
			fail_msg("program %d: hooks saw %u varyings, %u TLB writes (fast) against "
				 "%u, %u (general), or other values", p, hook_logs[0].varyings,
				 hook_logs[0].tlb_writes, hook_logs[1].varyings,
				 hook_logs[1].tlb_writes);
		if (fast->q.unif_pos != general->q.unif_pos)
			fail_msg("program %d: uniforms read differ", p);
		tlb_writes += hook_logs[0].tlb_writes;
		varyings += hook_logs[0].varyings;
		vpm_reads += fast->q.vpm_rd.remaining < 24;
		vpm_writes += memcmp(fast->q.shared->vpm, vpm_init, sizeof(vpm_init)) != 0;
		assert_true(fast->q.instructions > 3 || fast->st != SIM_DONE);
		for (uint32_t i = 0; i < fast->prog.count; i++) { /* decoded shapes (sim_inst.h) */
			shaped_fast += fast->prog.insts[i].shape && fast->prog.insts[i].fast;
			shaped_periph += fast->prog.insts[i].shape && fast->prog.insts[i].periph;
			in_run += fast->prog.insts[i].in_run && (fast->prog.insts[i].fifo & 3) &&
				  !(fast->prog.insts[i].fifo & 8);
			half[fast->prog.insts[i].half]++;
			packs_in_run += fast->prog.insts[i].in_run && (fast->prog.insts[i].fifo & 4);
			varyings_in_run += fast->prog.insts[i].in_run &&
					   (fast->prog.insts[i].fifo & 8);
		}
		sim_program_fini(&fast->prog);
		sim_program_fini(&general->prog);
	}
	/* most programs run to the end; some fail on an address outside memory */
	if (failed > PROGRAMS / 2 || tmu_errors == 0 || unif_errors == 0 || vary_errors == 0 ||
	    (SIM_SHAPE_DIRECT && varyings_in_run < PROGRAMS / 4) || tlb_writes < PROGRAMS ||
	    varyings < PROGRAMS || vpm_reads < PROGRAMS / 4 || vpm_writes < PROGRAMS / 4 ||
	    shaped_fast < PROGRAMS || shaped_periph < PROGRAMS / 4 || in_run < PROGRAMS / 4 ||
	    (SIM_SHAPE_DIRECT &&
	     (half[1] < PROGRAMS / 8 || half[2] < PROGRAMS / 8 || half[3] < PROGRAMS / 8 ||
	      packs_in_run < PROGRAMS / 8 || half[3] - packs_in_run < PROGRAMS / 8)))
		fail_msg("%u of %d programs failed, %u on a TMU address, %u on the uniforms, "
			 "%u on the varyings; %u TLB writes, %u varyings (%u reads inside runs); "
			 "%u programs read the VPM, %u wrote it; "
			 "%u fast and %u peripheral instructions with a shape (%u, %u, %u half "
			 "shapes of the ADD, the MUL, the ADD after a pack; %u of those in "
			 "runs), %u uniform reads inside runs",
			 failed, PROGRAMS, tmu_errors, unif_errors, vary_errors, tlb_writes, varyings,
			 varyings_in_run, vpm_reads,
			 vpm_writes, shaped_fast, shaped_periph, half[1], half[2], half[3],
			 packs_in_run, in_run);
	free(init);
	free(fast);
	free(general);
}

static void fast_equals_general_rtz(void **state)
{
	(void)state;
	random_programs_match(SIM_FMUL_RTZ, 0x9e3779b97f4a7c15ull);
}

static void fast_equals_general_rne(void **state)
{
	(void)state;
	random_programs_match(SIM_FMUL_RNE, 0x0123456789abcdefull);
}

/* sim_qpu_step() takes the fast path too and counts like sim_qpu_run(). */
static void stepping_matches_running(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	const uint64_t prog[] = {
		qpu_alu_add(QPU_A_ADD, W("r0"), QPU_MUX_R0, QPU_MUX_A, 38, QPU_R_NOP),
		qpu_alu_mul(QPU_M_MUL24, W("r1"), QPU_MUX_R0, QPU_MUX_R0, QPU_R_NOP, QPU_R_NOP),
		THREND,
	};
	assert_true(sim_program_init(&r->prog, prog, 5, NULL));
	sim_qpu_init(&r->q, &r->prog, &r->mem, NULL, 0, NULL, NULL, NULL);
	struct sim_fpu_env env;
	sim_fpu_enter(&env);
	enum sim_status st = SIM_RUNNING;
	unsigned steps = 0;
	while (st == SIM_RUNNING && steps < 10) {
		st = sim_qpu_step(&r->q, &r->diag);
		steps++;
	}
	sim_fpu_leave(&env);
	assert_int_equal(st, SIM_DONE);
	assert_int_equal(steps, 5);
	assert_int_equal(r->q.instructions, 5);
	assert_int_equal(r->q.ip, 5);
	assert_int_equal(r->q.acc[1][7], 49);
	runner_free(r);
}

/* A limit inside a run of fast instructions stops exactly there, and the
 * run resumes where it stopped. */
static void limit_inside_a_fast_run(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	const uint64_t prog[] = {
		qpu_alu_add(QPU_A_ADD, W("r0"), QPU_MUX_R0, QPU_MUX_A, 38, QPU_R_NOP),
		qpu_alu_add(QPU_A_ADD, W("r0"), QPU_MUX_R0, QPU_MUX_A, 38, QPU_R_NOP),
		qpu_alu_add(QPU_A_ADD, W("r0"), QPU_MUX_R0, QPU_MUX_A, 38, QPU_R_NOP),
		qpu_alu_add(QPU_A_ADD, W("r0"), QPU_MUX_R0, QPU_MUX_A, 38, QPU_R_NOP),
		THREND,
	};
	assert_true(sim_program_init(&r->prog, prog, 7, NULL));
	sim_qpu_init(&r->q, &r->prog, &r->mem, NULL, 0, NULL, NULL, NULL);
	assert_int_equal(sim_qpu_run(&r->q, 3, &r->diag), SIM_LIMIT);
	assert_int_equal(r->q.instructions, 3);
	assert_int_equal(r->q.ip, 3);
	assert_int_equal(r->q.acc[0][5], 15);
	assert_int_equal(sim_qpu_run(&r->q, 100, &r->diag), SIM_DONE);
	assert_int_equal(r->q.instructions, 7);
	assert_int_equal(r->q.acc[0][5], 20);
	runner_free(r);
}

/* Four uniform reads in one run (in_run instructions: the run pops them
 * all at once) from uniforms in memory at `addr` (`in_mem`) or from an
 * array of `count` words; fast or general path. */
static void run_unif(struct runner *r, bool in_mem, uint32_t addr, uint32_t count,
		     bool general)
{
	static const uint32_t unif[4] = { 11, 22, 33, 44 };
	const uint64_t prog[] = {
		qpu_alu_add(QPU_A_ADD, W("r0"), QPU_MUX_A, QPU_MUX_A, RA("unif"), QPU_R_NOP),
		qpu_alu_add(QPU_A_OR, W("r1"), QPU_MUX_B, QPU_MUX_B, QPU_R_NOP, RB("unif")),
		qpu_alu_add(QPU_A_ADD, W("r2"), QPU_MUX_R1, QPU_MUX_A, RA("unif"), QPU_R_NOP),
		qpu_alu_add(QPU_A_OR, W("r3"), QPU_MUX_A, QPU_MUX_A, RA("unif"), QPU_R_NOP),
		THREND,
	};
	struct sim_qpu_options opt = { .general_only = general };
	for (uint32_t i = 0; i < 4; i++)
		mem_put(r, 4080 + 4 * i, unif[i]);
	assert_true(sim_program_init(&r->prog, prog, 7, NULL));
	sim_qpu_init(&r->q, &r->prog, &r->mem, unif, count, NULL, NULL, &opt);
	r->q.unif_in_mem = in_mem;
	r->q.unif_addr = addr;
	vc4_diag_clear(&r->diag);
	r->st = sim_qpu_run(&r->q, 100, &r->diag);
}

/* Uniform reads inside a run of fast instructions give what the general
 * path gives: the values, the stream's position, and, when the stream
 * ends inside the run (past the memory's end, past the array's count),
 * the same error at the same instruction with the same registers. */
static void uniform_reads_in_a_run(void **state)
{
	(void)state;
	struct { bool in_mem; uint32_t addr, count, ip; enum sim_status st; } cases[] = {
		{ true, 4080, 0, 0, SIM_DONE },   /* all four in memory */
		{ true, 4088, 0, 2, SIM_ERROR },  /* two, then past the end */
		{ true, 4096, 0, 0, SIM_ERROR },  /* none */
		{ false, 0, 4, 0, SIM_DONE },     /* the array */
		{ false, 0, 3, 3, SIM_ERROR },    /* three, then overrun */
	};
	struct runner *f = runner_new(), *g = runner_new();
	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		run_unif(f, cases[k].in_mem, cases[k].addr, cases[k].count, false);
		run_unif(g, cases[k].in_mem, cases[k].addr, cases[k].count, true);
		assert_true(f->prog.insts[0].in_run);
		assert_int_equal(f->prog.insts[0].fast_run, 4);
		assert_int_equal(f->prog.insts[0].unif_run, 4);
		assert_int_equal(f->st, cases[k].st);
		assert_int_equal(g->st, cases[k].st);
		if (cases[k].st == SIM_ERROR) {
			assert_int_equal(f->q.ip, cases[k].ip);
			assert_int_equal(g->q.ip, cases[k].ip);
			assert_string_equal(f->diag.msg, g->diag.msg);
		}
		assert_memory_equal(f->q.acc, g->q.acc, sizeof(f->q.acc));
		assert_int_equal(f->q.unif_addr, g->q.unif_addr);
		assert_int_equal(f->q.unif_pos, g->q.unif_pos);
		assert_int_equal(f->q.instructions, g->q.instructions);
		sim_program_fini(&f->prog);
		sim_program_fini(&g->prog);
	}
	assert_all(f->q.acc[2], 22 + 33); /* from the last case: r1 + the third */
	assert_all(f->q.acc[0], 22);
	free(f);
	free(g);
}

/* One TMU0 direct read of ra0 under condition `cond` (zs set on the even
 * lanes), memory at GPU address 0x1000, then ldtmu0; both paths. */
static void tmu_read_at_base(bool general, enum qpu_cond cond, struct runner *r)
{
	const uint64_t prog[] = {
		qpu_set_cond_add(qpu_alu_add(QPU_A_OR, W("tmu0_s"), QPU_MUX_A, QPU_MUX_A, 0,
					     QPU_R_NOP), cond),
		with_sig(qpu_nop(), QPU_SIG_LOAD_TMU0),
		THREND,
	};
	struct sim_qpu_options opt = { .general_only = general };
	r->mem.base = 0x1000;
	for (uint32_t a = 0; a < 64; a += 4)
		mem_put(r, a, 0xa0000000u + a);
	assert_true(sim_program_init(&r->prog, prog, 5, NULL));
	sim_qpu_init(&r->q, &r->prog, &r->mem, NULL, 0, NULL, NULL, &opt);
	for (int i = 0; i < 16; i++) {
		/* odd lanes below the memory; even ones inside, unaligned */
		r->q.rf[0][0][i] = i % 2 ? 0x10u * (uint32_t)i : 0x1000u + 4u * (uint32_t)i + 3u;
		r->q.cm[QPU_COND_ZS][i] = i % 2 ? 0 : ~0u;
		r->q.cm[QPU_COND_ZC][i] = ~r->q.cm[QPU_COND_ZS][i];
	}
	vc4_diag_clear(&r->diag);
	r->st = sim_qpu_run(&r->q, 100, &r->diag);
	sim_program_fini(&r->prog);
}

/* The TMU fast read with a memory base: inactive lanes outside the memory
 * read 0 and fail nothing; an active one fails with the per-lane message. */
static void tmu_read_inactive_and_outside(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	for (int general = 0; general < 2; general++) {
		tmu_read_at_base(general, QPU_COND_ZS, r);
		assert_int_equal(r->st, SIM_DONE);
		for (int i = 0; i < 16; i++)
			assert_int_equal(r->q.acc[4][i], i % 2 ? 0 : 0xa0000000u + 4u * (uint32_t)i);
		tmu_read_at_base(general, QPU_COND_ALWAYS, r);
		assert_int_equal(r->st, SIM_ERROR);
		assert_string_equal(r->diag.msg,
				    "ip 0: TMU read at 0x00000010 outside memory [0x1000, 0x2000)");
	}
	runner_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fast_equals_general_rtz),
		cmocka_unit_test(fast_equals_general_rne),
		cmocka_unit_test(stepping_matches_running),
		cmocka_unit_test(limit_inside_a_fast_run),
		cmocka_unit_test(uniform_reads_in_a_run),
		cmocka_unit_test(tmu_read_inactive_and_outside),
	};
	return cmocka_run_group_tests_name("sim_fast", tests, NULL, NULL);
}
