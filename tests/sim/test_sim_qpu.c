/* test_sim_qpu.c: QPU programs on the interpreter: conditions and flags,
 * pack/unpack, small immediates and rotations, r5, load immediates, branches,
 * thread end, uniforms, SFU latency, TMU direct reads, VPM and its DMA,
 * semaphores, mutex. Error texts are in test_sim_errors.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sim_test.h"

static unsigned simm(uint32_t bits)
{
	int c = qpu_small_imm_encode(bits);
	assert_true(c >= 0);
	return (unsigned)c;
}

static unsigned rot_code(unsigned n)
{
	for (unsigned c = 0; c < 64; c++) {
		if (qpu_small_imms[c].kind == QPU_SMALL_IMM_ROT && qpu_small_imms[c].rotate == n)
			return c;
		if (n == 16 && qpu_small_imms[c].kind == QPU_SMALL_IMM_ROT_R5)
			return c;
	}
	fail_msg("no rotation code %u", n);
	return 0;
}

static void add_and_thread_end(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	const uint64_t prog[] = {
		ldi(W("r0"), 5),
		add_imm(QPU_A_ADD, W("r1"), QPU_MUX_R0, QPU_R_NOP, simm(3)),
		/* a signal excludes a small immediate: r2 = r1 + r1 */
		with_sig(qpu_alu_add(QPU_A_ADD, W("r2"), QPU_MUX_R1, QPU_MUX_R1, QPU_R_NOP,
				     QPU_R_NOP), QPU_SIG_PROG_END),
		add_imm(QPU_A_ADD, W("r2"), QPU_MUX_R2, QPU_R_NOP, simm(1)), /* delay slot */
		add_imm(QPU_A_ADD, W("r2"), QPU_MUX_R2, QPU_R_NOP, simm(1)), /* delay slot */
		add_imm(QPU_A_ADD, W("r2"), QPU_MUX_R2, QPU_R_NOP, simm(15)), /* not run */
	};
	RUN_OK(r, prog, NULL, 0);
	assert_all(r->q.acc[1], 8);
	assert_all(r->q.acc[2], 18);
	assert_int_equal(r->q.instructions, 5);
	runner_free(r);
}

static void conditions_and_flags(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	uint64_t setf = qpu_set_sf(add_imm(QPU_A_SUB, QPU_W_NOP, QPU_MUX_A, RA("elem_num"),
					   simm(8)), 1);
	uint64_t ifn = qpu_set_cond_add(mov_imm(W("r0"), simm(1)), QPU_COND_NS);
	uint64_t ifz = qpu_set_cond_add(mov_imm(W("r1"), simm(2)), QPU_COND_ZS);
	uint64_t ifnc = qpu_set_cond_add(mov_imm(W("r2"), simm(3)), QPU_COND_CC);
	/* flags only change where the condition passes: lanes 0..7 get Z */
	uint64_t partial = qpu_set_cond_add(qpu_set_sf(mov_imm(QPU_W_NOP, simm(0)), 1),
					    QPU_COND_NS);
	uint64_t ifz2 = qpu_set_cond_add(mov_imm(W("r3"), simm(4)), QPU_COND_ZS);
	const uint64_t prog[] = { setf, ifn, ifz, ifnc, partial, ifz2, THREND };
	RUN_OK(r, prog, NULL, 0);
	const uint32_t r0[16] = { 1, 1, 1, 1, 1, 1, 1, 1 };
	const uint32_t r1[16] = { [8] = 2 };
	const uint32_t r2[16] = { [8] = 3, 3, 3, 3, 3, 3, 3, 3 };
	const uint32_t r3[16] = { 4, 4, 4, 4, 4, 4, 4, 4, 4 };
	assert_lanes(r->q.acc[0], r0);
	assert_lanes(r->q.acc[1], r1);
	assert_lanes(r->q.acc[2], r2);
	assert_lanes(r->q.acc[3], r3);
	runner_free(r);
}

static void flags_from_mul_when_add_is_nop(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	/* add nop; v8min.setf -, elem, elem: Z only in lane 0 */
	uint64_t mulf = qpu_set_sf(qpu_alu_mul(QPU_M_V8MIN, QPU_W_NOP, QPU_MUX_A, QPU_MUX_A,
					       RA("elem_num"), QPU_R_NOP), 1);
	uint64_t ifz = qpu_set_cond_add(mov_imm(W("r0"), simm(7)), QPU_COND_ZS);
	/* both ALUs: flags follow the ADD result (never zero), not the MUL (zero) */
	uint64_t both = qpu_set_sf(qpu_with_mul(add_imm(QPU_A_ADD, QPU_W_NOP, QPU_MUX_A,
							RA("elem_num"), simm(1)),
						QPU_M_V8MIN, QPU_W_NOP, QPU_MUX_R1, QPU_MUX_R1), 1);
	uint64_t ifz2 = qpu_set_cond_add(mov_imm(W("r1"), simm(7)), QPU_COND_ZS);
	const uint64_t prog[] = { mulf, ifz, both, ifz2, THREND };
	RUN_OK(r, prog, NULL, 0);
	const uint32_t r0[16] = { 7 };
	assert_lanes(r->q.acc[0], r0);
	assert_all(r->q.acc[1], 0);
	runner_free(r);
}

static void pack_and_unpack(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	/* partial write: ra0 = 0x11223344, then byte b := 5 */
	uint64_t pk = qpu_set_pack(mov_imm(0, simm(5)), QPU_PACK_A_8B);
	/* ra1 = {16b: half 1.0, 16a: half -2.0} */
	uint64_t f16b = qpu_set_unpack(add_imm(QPU_A_FADD, W("r0"), QPU_MUX_A, 1, simm(0)),
				       QPU_UNPACK_16B);
	uint64_t i16a = qpu_set_unpack(mov(W("r1"), QPU_MUX_A, 1), QPU_UNPACK_16A);
	/* float op writes ra2.16a: 1.0 -> half 0x3c00, upper half kept */
	uint64_t f2h = qpu_set_pack(add_imm(QPU_A_FADD, 2, QPU_MUX_B, QPU_R_NOP,
					    simm(0x3f800000)), QPU_PACK_A_16A);
	/* PM=1: MUL pack 8888 of 0.5 */
	uint64_t mp = qpu_set_pm(qpu_set_pack(qpu_set_sig(qpu_alu_mul(QPU_M_FMUL, W("r2"),
			QPU_MUX_B, QPU_MUX_B, QPU_R_NOP, simm(0x3f000000)), QPU_SIG_SMALL_IMM),
			QPU_PACK_MUL_8888), 1);
	/* 32-bit saturation of an add overflow */
	uint64_t sat = qpu_set_pack(qpu_alu_add(QPU_A_ADD, 3, QPU_MUX_A, QPU_MUX_A, 4, QPU_R_NOP),
				    QPU_PACK_A_32_SAT);
	const uint64_t prog[] = {
		ldi(0, 0x11223344), ldi(1, 0x3c00c000), ldi(2, 0xabcd0000), ldi(4, 0x7fffffff),
		pk, f16b, i16a, f2h, mp, sat, THREND,
	};
	RUN_OK(r, prog, NULL, 0);
	assert_all(r->q.rf[0][0], 0x11220544);
	assert_all(r->q.acc[0], 0x3f800000);
	assert_all(r->q.acc[1], 0xffffc000);
	assert_all(r->q.rf[0][2], 0xabcd4000); /* 1 + 1 = 2.0 */
	assert_all(r->q.acc[2], 0x40404040); /* 0.25 */
	assert_all(r->q.rf[0][3], 0x7fffffff);
	runner_free(r);
}

static void r4_unpack_after_tmu(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	mem_put(r, 0x100, 0x00ff8000);
	uint64_t fmax = qpu_set_pm(qpu_set_unpack(qpu_alu_add(QPU_A_FMAX, W("r0"), QPU_MUX_R4,
							      QPU_MUX_R4, QPU_R_NOP, QPU_R_NOP),
						  QPU_UNPACK_8C), 1);
	const uint64_t prog[] = {
		ldi(W("tmu0_s"), 0x100), with_sig(qpu_nop(), QPU_SIG_LOAD_TMU0), fmax, THREND,
	};
	RUN_OK(r, prog, NULL, 0);
	assert_all(r->q.acc[4], 0x00ff8000);
	assert_all(r->q.acc[0], 0x3f800000);
	runner_free(r);
}

static void small_immediates_and_rotation(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	const uint64_t prog[] = {
		mov(W("r0"), QPU_MUX_A, RA("elem_num")),
		/* full rotation by 1: accumulator sources */
		qpu_set_sig(qpu_alu_mul(QPU_M_V8MIN, W("r1"), QPU_MUX_R0, QPU_MUX_R0, QPU_R_NOP,
					rot_code(1)), QPU_SIG_SMALL_IMM),
		/* regfile source: rotation within each quad */
		qpu_set_sig(qpu_alu_mul(QPU_M_V8MIN, W("r2"), QPU_MUX_A, QPU_MUX_A,
					RA("elem_num"), rot_code(1)), QPU_SIG_SMALL_IMM),
		/* rotate by r5 (= 3) */
		qpu_load_imm(QPU_LI_32, W("r5quad"), QPU_W_NOP, 3),
		qpu_set_sig(qpu_alu_mul(QPU_M_V8MIN, W("r3"), QPU_MUX_R0, QPU_MUX_R0, QPU_R_NOP,
					rot_code(16)), QPU_SIG_SMALL_IMM),
		/* the rotation code read as an ADD constant is -15 */
		add_imm(QPU_A_OR, 5, QPU_MUX_B, QPU_R_NOP, rot_code(1)),
		/* float small immediate 1/256 */
		mov_imm(6, simm(0x3b800000)),
		THREND,
	};
	RUN_OK(r, prog, NULL, 0);
	const uint32_t full[16] = { 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 };
	const uint32_t quad[16] = { 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14 };
	const uint32_t by3[16] = { 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
	assert_lanes(r->q.acc[1], full);
	assert_lanes(r->q.acc[2], quad);
	assert_lanes(r->q.acc[3], by3);
	assert_all(r->q.rf[0][5], 0xfffffff1);
	assert_all(r->q.rf[0][6], 0x3b800000);
	runner_free(r);
}

static void r5_quad_and_replicate(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	/* ADD with ws = 0 writes file A: r5quad; with ws = 1, file B: r5rep */
	uint64_t quad = add_imm(QPU_A_ADD, W("r5quad"), QPU_MUX_A, RA("elem_num"), simm(1));
	uint64_t rep = qpu_set_ws(add_imm(QPU_A_ADD, waddr_f(1, "r5rep"), QPU_MUX_A,
					  RA("elem_num"), simm(2)), 1);
	const uint64_t prog[] = { quad, mov(W("r0"), QPU_MUX_R5, QPU_R_NOP), rep, THREND };
	RUN_OK(r, prog, NULL, 0);
	const uint32_t q5[16] = { 1, 1, 1, 1, 5, 5, 5, 5, 9, 9, 9, 9, 13, 13, 13, 13 };
	assert_lanes(r->q.acc[0], q5);
	assert_all(r->q.acc[5], 2);
	runner_free(r);
}

static void load_immediates(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	const uint64_t prog[] = {
		qpu_load_imm(QPU_LI_PER_ELEM_SIGNED, W("r0"), QPU_W_NOP, 0x00030001),
		qpu_load_imm(QPU_LI_PER_ELEM_UNSIGNED, W("r1"), QPU_W_NOP, 0x00030001),
		/* both halves, MUL side to regfile B (ws 0) */
		qpu_load_imm(QPU_LI_32, W("r2"), 7, 0xdeadbeef),
		THREND,
	};
	RUN_OK(r, prog, NULL, 0);
	const uint32_t s[16] = { 0xffffffff, 0xfffffffe };
	const uint32_t u[16] = { 3, 2 };
	assert_lanes(r->q.acc[0], s);
	assert_lanes(r->q.acc[1], u);
	assert_all(r->q.acc[2], 0xdeadbeef);
	assert_all(r->q.rf[1][7], 0xdeadbeef);
	runner_free(r);
}

static void branches(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	uint64_t inc = add_imm(QPU_A_ADD, W("r0"), QPU_MUX_R0, QPU_R_NOP, simm(1));
	/* relative: target = ip_after_slots + imm/8; links into ra3 */
	uint64_t br = qpu_set_waddr_add(qpu_branch(QPU_BR_ALWAYS, true, 8), 3);
	/* not taken (no lane has Z clear after the setf of 0): link not written */
	uint64_t setz = qpu_set_sf(mov_imm(QPU_W_NOP, simm(0)), 1);
	uint64_t nt = qpu_set_waddr_add(qpu_branch(QPU_BR_ANY_ZC, true, 0), 4);
	/* absolute to instruction 16 */
	uint64_t ab = qpu_branch(QPU_BR_ALL_ZS, false, 0);
	uint64_t skip = add_imm(QPU_A_ADD, W("r0"), QPU_MUX_R0, QPU_R_NOP, simm(15));
	const uint64_t prog[] = {
		ldi(W("r0"), 0), br, inc, inc, inc, skip,
		/* 6 */ setz, nt, qpu_nop(), qpu_nop(), qpu_nop(),
		/* 11 */ qpu_set_imm(ab, 16 * 8), qpu_nop(), qpu_nop(), qpu_nop(), skip,
		/* 16 */ THREND,
	};
	RUN_OK(r, prog, NULL, 0);
	assert_all(r->q.acc[0], 3);
	assert_all(r->q.rf[0][3], 5 * 8);
	assert_all(r->q.rf[0][4], 0);
	/* 0-4, 6-14, 16-18 */
	assert_int_equal(r->q.instructions, 17);
	runner_free(r);
}

static void uniforms(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	const uint32_t unif[] = { 10, 20, 30 };
	mem_put(r, 0x200, 0xcafe);
	const uint64_t prog[] = {
		mov(W("r0"), QPU_MUX_A, QPU_R_UNIF),
		/* both files read the uniform: one pop */
		qpu_alu_add(QPU_A_ADD, W("r1"), QPU_MUX_A, QPU_MUX_B, QPU_R_UNIF, QPU_R_UNIF),
		mov(W("r2"), QPU_MUX_A, QPU_R_UNIF),
		ldi(W("uniforms_addr"), 0x200),
		qpu_nop(), qpu_nop(),
		mov(W("r3"), QPU_MUX_A, QPU_R_UNIF),
		THREND,
	};
	RUN_OK(r, prog, unif, 3);
	assert_all(r->q.acc[0], 10);
	assert_all(r->q.acc[1], 40);
	assert_all(r->q.acc[2], 30);
	assert_all(r->q.acc[3], 0xcafe);
	runner_free(r);
}

static void sfu_latency(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	const uint64_t prog[] = {
		ldi(W("r0"), 0x40800000), /* 4.0 */
		mov(W("sfu_recip"), QPU_MUX_R0, QPU_R_NOP),
		mov(W("r1"), QPU_MUX_R4, QPU_R_NOP), /* too early: old r4 (0) */
		mov(W("r2"), QPU_MUX_R4, QPU_R_NOP),
		mov(W("r3"), QPU_MUX_R4, QPU_R_NOP), /* third instruction: 0.25 */
		mov(W("sfu_log"), QPU_MUX_R0, QPU_R_NOP), qpu_nop(), qpu_nop(),
		mov(0, QPU_MUX_R4, QPU_R_NOP),
		THREND,
	};
	RUN_OK(r, prog, NULL, 0);
	assert_all(r->q.acc[1], 0);
	assert_all(r->q.acc[2], 0);
	assert_all(r->q.acc[3], 0x3e800000);
	assert_all(r->q.rf[0][0], 0x40000000);
	runner_free(r);
}

static void tmu_direct_reads(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	for (uint32_t i = 0; i < 32; i++)
		mem_put(r, 0x400 + 4 * i, 0x1000 + i);
	/* r1 = 0x400 + 4 * elem */
	uint64_t addr = add_imm(QPU_A_SHL, W("r1"), QPU_MUX_A, RA("elem_num"), simm(2));
	const uint64_t prog[] = {
		addr,
		qpu_alu_add(QPU_A_ADD, W("r1"), QPU_MUX_R1, QPU_MUX_A, 0, QPU_R_NOP),
		qpu_alu_add(QPU_A_OR, W("tmu0_s"), QPU_MUX_R1, QPU_MUX_R1, QPU_R_NOP, QPU_R_NOP),
		qpu_alu_add(QPU_A_ADD, W("tmu0_s"), QPU_MUX_R1, QPU_MUX_A, 1, QPU_R_NOP),
		with_sig(qpu_nop(), QPU_SIG_LOAD_TMU0),
		mov(W("r2"), QPU_MUX_R4, QPU_R_NOP),
		with_sig(qpu_nop(), QPU_SIG_LOAD_TMU0),
		mov(W("r3"), QPU_MUX_R4, QPU_R_NOP),
		THREND,
	};
	uint64_t full[sizeof(prog) / 8 + 2];
	full[0] = ldi(0, 0x400);
	full[1] = ldi(1, 0x40);
	memcpy(full + 2, prog, sizeof(prog));
	RUN_OK(r, full, NULL, 0);
	for (uint32_t i = 0; i < 16; i++) {
		assert_int_equal(r->q.acc[2][i], 0x1000 + i);
		assert_int_equal(r->q.acc[3][i], 0x1010 + i);
	}
	runner_free(r);
}

static void vpm_write_read_and_dma(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	for (uint32_t i = 0; i < 16; i++)
		mem_put(r, 0x300 + 4 * i, 0xa0 + i);
	unsigned vw_setup = waddr_f(1, "vw_setup"), vw_addr = waddr_f(1, "vw_addr");
	const uint64_t prog[] = {
		/* write elem_num to VPM row 2 (horizontal 32-bit, stride 1) */
		qpu_set_ws(ldi(vw_setup, 0x00001a02), 1),
		mov(W("vpm"), QPU_MUX_A, RA("elem_num")),
		/* store row 2 to memory 0x200: 1 unit of 16 words */
		qpu_set_ws(ldi(vw_setup, 0x80904000 | (2 << 7)), 1),
		qpu_set_ws(ldi(vw_addr, 0x200), 1),
		/* load memory 0x300 into VPM row 5 */
		ldi(W("vr_setup"), 0x80011000 | (5 << 4)),
		ldi(W("vr_addr"), 0x300),
		/* read rows 5 and 2 back */
		ldi(W("vr_setup"), 0x00201a05 | (3 << 12)), /* 2 vectors, stride 3: 5, 8 */
		mov(W("r0"), QPU_MUX_A, RA("vpm")),
		mov(W("r1"), QPU_MUX_A, RA("vpm")),
		/* 8-bit packed horizontal write: lane i -> byte i%4 of word i/4 of row 9 */
		qpu_set_ws(ldi(vw_setup, 0x00000800 | (9 << 2)), 1),
		add_imm(QPU_A_ADD, W("vpm"), QPU_MUX_A, RA("elem_num"), simm(1)),
		THREND,
	};
	RUN_OK(r, prog, NULL, 0);
	for (uint32_t i = 0; i < 16; i++) {
		assert_int_equal(mem_get(r, 0x200 + 4 * i), i);
		assert_int_equal(r->q.acc[0][i], 0xa0 + i);
		assert_int_equal(r->q.shared->vpm[2 * 16 + i], i);
	}
	assert_all(r->q.acc[1], 0);
	assert_int_equal(r->q.shared->vpm[9 * 16 + 0], 0x04030201);
	assert_int_equal(r->q.shared->vpm[9 * 16 + 3], 0x100f0e0d);
	runner_free(r);
}

static void semaphores_and_mutex(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	const uint64_t prog[] = {
		qpu_semaphore(false, 3), qpu_semaphore(false, 3), qpu_semaphore(true, 3),
		mov(W("r0"), QPU_MUX_A, RA("mutex_acq")),
		mov(W("mutex_release"), QPU_MUX_R0, QPU_R_NOP),
		mov(W("r1"), QPU_MUX_A, RA("mutex_acq")),
		THREND,
	};
	RUN_OK(r, prog, NULL, 0);
	assert_int_equal(r->q.shared->sem[3], 1);
	assert_int_equal(r->q.shared->mutex_owner, 0);
	runner_free(r);
}

static void fmul_rounding_option(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	const uint64_t prog[] = {
		ldi(W("r0"), 0x3fe00000), ldi(W("r1"), 0x3f800001),
		qpu_alu_mul(QPU_M_FMUL, W("r2"), QPU_MUX_R0, QPU_MUX_R1, QPU_R_NOP, QPU_R_NOP),
		THREND,
	};
	struct sim_qpu_options opt = { .fmul_round = SIM_FMUL_RNE };
	assert_int_equal(run_opts(r, prog, sizeof(prog) / 8, NULL, 0, &opt), SIM_DONE);
	assert_all(r->q.acc[2], 0x3fe00002);
	sim_program_fini(&r->prog);
	assert_int_equal(run(r, prog, sizeof(prog) / 8, NULL, 0), SIM_DONE);
	assert_all(r->q.acc[2], 0x3fe00001);
	runner_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(add_and_thread_end),
		cmocka_unit_test(conditions_and_flags),
		cmocka_unit_test(flags_from_mul_when_add_is_nop),
		cmocka_unit_test(pack_and_unpack),
		cmocka_unit_test(r4_unpack_after_tmu),
		cmocka_unit_test(small_immediates_and_rotation),
		cmocka_unit_test(r5_quad_and_replicate),
		cmocka_unit_test(load_immediates),
		cmocka_unit_test(branches),
		cmocka_unit_test(uniforms),
		cmocka_unit_test(sfu_latency),
		cmocka_unit_test(tmu_direct_reads),
		cmocka_unit_test(vpm_write_read_and_dma),
		cmocka_unit_test(semaphores_and_mutex),
		cmocka_unit_test(fmul_rounding_option),
	};
	return cmocka_run_group_tests_name("sim_qpu", tests, NULL, NULL);
}
