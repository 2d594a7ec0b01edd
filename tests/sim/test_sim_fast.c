/* test_sim_fast.c: the interpreter's fast path (plain ALU instructions with
 * operands resolved at decode time and the op loops inlined) against its
 * general path (sim_qpu_options.general_only): random programs from random
 * register and flag states (with SFU results and branch delay slots landing
 * among fast instructions) must end in the same full state, bit for bit:
 * accumulators, both register files, the condition masks, ip and the
 * instruction count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

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
	/* reads with no side effect: registers, elem_num/qpu_num, nop, x/y_pix,
	 * ms_flags/rev_flag, VPM busy and wait */
	static const uint32_t raddrs[] = { 0, 1, 2, 3, 15, 31, 38, 39, 41, 42, 49, 50 };
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
	if (rnd() % 8 == 0) { /* general path: pack, unpack */
		w = qpu_set_pm(w, rnd() % 2);
		w = qpu_set_pack(w, qpu_get_pm(w) ? 3 + rnd() % 5 : rnd() % 16);
		w = qpu_set_unpack(w, rnd() % 8);
	}
	return w;
}

/* Instruction `i` of a program of PROG_LEN; *last_branch is the index of the
 * previous branch (a branch may not sit in another's delay slots). Besides
 * ALU and load-immediate instructions: SFU writes (r4 arrives while fast
 * instructions run) and forward branches (delay slots). */
static uint64_t random_inst(int i, int *last_branch)
{
	unsigned k = rnd() % 40;
	if (k < 4)
		return qpu_load_imm(rnd() % 2 ? QPU_LI_32 : QPU_LI_PER_ELEM_SIGNED,
				    rnd() % 36, QPU_W_NOP, value());
	if (k == 4)
		return qpu_alu_add(QPU_A_OR, 52 + rnd() % 2, QPU_MUX_A, QPU_MUX_A, rnd() % 32,
				   QPU_R_NOP); /* sfu_recip, sfu_recipsqrt */
	if (k == 5 && i - *last_branch > 4 && i + 8 < PROG_LEN) {
		static const uint32_t conds[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15 };
		*last_branch = i;
		return qpu_branch(pick(conds, sizeof(conds) / 4), true, (rnd() % 4) * 8);
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
	for (int c = QPU_COND_ZS; c < QPU_COND_COUNT; c += 2)
		for (int i = 0; i < 16; i++) {
			q->cm[c][i] = rnd() % 2 ? ~0u : 0;
			q->cm[c + 1][i] = ~q->cm[c][i];
		}
}

static void run_one(struct runner *r, const uint64_t *prog, uint32_t n, const struct sim_qpu *init,
		    enum sim_fmul_round round, bool general)
{
	struct sim_qpu_options opt = { .fmul_round = round, .general_only = general,
				       .qpu_num = 3 };
	assert_true(sim_program_init(&r->prog, prog, n, NULL));
	sim_qpu_init(&r->q, &r->prog, &r->mem, NULL, 0, NULL, NULL, &opt);
	memcpy(r->q.acc, init->acc, sizeof(init->acc));
	memcpy(r->q.rf, init->rf, sizeof(init->rf));
	memcpy(r->q.cm, init->cm, sizeof(init->cm));
	r->st = sim_qpu_run(&r->q, 10000, &r->diag);
	if (r->st != SIM_DONE)
		fail_msg("%s path: %s", general ? "general" : "fast", r->diag.msg);
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
	return NULL;
}

static void random_programs_match(enum sim_fmul_round round, uint64_t seed)
{
	struct runner *fast = runner_new(), *general = runner_new();
	struct sim_qpu *init = calloc(1, sizeof(*init));
	assert_non_null(init);
	rng_state = seed;
	for (int p = 0; p < PROGRAMS; p++) {
		uint64_t prog[PROG_LEN + 3];
		int last_branch = -8;
		for (int i = 0; i < PROG_LEN; i++)
			prog[i] = random_inst(i, &last_branch);
		prog[PROG_LEN] = with_sig(qpu_nop(), QPU_SIG_PROG_END);
		prog[PROG_LEN + 1] = prog[PROG_LEN + 2] = qpu_nop();
		random_state(init);
		run_one(fast, prog, PROG_LEN + 3, init, round, false);
		run_one(general, prog, PROG_LEN + 3, init, round, true);
		char buf[96];
		const char *d = state_diff(&fast->q, &general->q, buf, sizeof(buf));
		if (d)
			fail_msg("program %d: %s", p, d);
		assert_true(fast->q.instructions > 3);
		sim_program_fini(&fast->prog);
		sim_program_fini(&general->prog);
	}
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fast_equals_general_rtz),
		cmocka_unit_test(fast_equals_general_rne),
		cmocka_unit_test(stepping_matches_running),
		cmocka_unit_test(limit_inside_a_fast_run),
	};
	return cmocka_run_group_tests_name("sim_fast", tests, NULL, NULL);
}
