/* test_sim_alu.c: exact result and carry bits of every ALU op, the SFU
 * model and the pack/unpack conversions (src/sim/sim_alu.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sim/sim_alu.h"
#include "v8_ref.h"

struct case2 {
	uint32_t a, b, res, carry;
};

#define NCASES(t) (sizeof(t) / sizeof((t)[0]))

/* Runs the cases of one op, 16 per vector, and compares every lane. */
static void check_op(bool is_mul, unsigned op, enum sim_fmul_round round,
		     const struct case2 *c, size_t n)
{
	struct sim_fpu_env env;
	for (size_t base = 0; base < n; base += 16) {
		uint32_t a[16] = { 0 }, b[16] = { 0 }, res[16], carry[16], res2[16];
		size_t k = n - base < 16 ? n - base : 16;
		for (size_t i = 0; i < k; i++) {
			a[i] = c[base + i].a;
			b[i] = c[base + i].b;
		}
		sim_fpu_enter(&env);
		if (is_mul) {
			sim_alu_mul(op, round, a, b, res, carry);
			sim_alu_mul(op, round, a, b, res2, NULL);
		} else {
			sim_alu_add(op, a, b, res, carry);
			sim_alu_add(op, a, b, res2, NULL);
		}
		sim_fpu_leave(&env);
		for (size_t i = 0; i < k; i++) {
			if (res[i] != c[base + i].res || carry[i] != c[base + i].carry ||
			    res2[i] != res[i])
				fail_msg("%s op %u case %zu: %08x,%08x -> %08x c%u (want %08x c%u)",
					 is_mul ? "mul" : "add", op, base + i, a[i], b[i], res[i],
					 carry[i], c[base + i].res, c[base + i].carry);
		}
	}
}

#define ADD(op, t) check_op(false, op, SIM_FMUL_RTZ, t, NCASES(t))
#define MUL(op, t) check_op(true, op, SIM_FMUL_RTZ, t, NCASES(t))

static void fadd_fsub(void **state)
{
	(void)state;
	static const struct case2 add[] = {
		{ 0x3f800000, 0x40000000, 0x40400000, 1 },  /* 1 + 2 = 3 */
		{ 0x3f800000, 0x33c00000, 0x3f800000, 1 },  /* 1 + 1.5ulp/2: truncated */
		{ 0xbf800000, 0xb3c00000, 0xbf800000, 0 },  /* toward zero when negative */
		{ 0x3f800000, 0xb0800000, 0x3f7fffff, 1 },  /* 1 - 2^-30: below 1.0 */
		{ 0x00000001, 0x3f800000, 0x3f800000, 1 },  /* denormal input is 0 */
		{ 0x00000001, 0x00000001, 0x00000000, 0 },  /* denormal + denormal */
		{ 0x80000000, 0x80000000, 0x00000000, 0 },  /* -0 + -0 = +0 */
		{ 0x00000000, 0x7fc00000, 0x7f800000, 1 },  /* 0 + NaN = +Inf */
		{ 0x3f800000, 0xffc00000, 0xff800000, 0 },  /* -NaN gives -Inf */
		{ 0x7fc00000, 0x3f800000, 0x7f800000, 1 },  /* NaN first operand */
		{ 0x7f800000, 0xff800000, 0xff800000, 0 },  /* Inf + -Inf: second wins */
		{ 0x7f7fffff, 0x7f7fffff, 0x7f7fffff, 1 },  /* overflow stays at max */
		{ 0x3f800000, 0xbf800000, 0x00000000, 0 },  /* x + -x = +0 */
	};
	static const struct case2 sub[] = {
		{ 0x40400000, 0x3f800000, 0x40000000, 1 },  /* 3 - 1 */
		{ 0x00800001, 0x00800000, 0x00000000, 0 },  /* denormal result flushed */
		{ 0x3f800000, 0x7fc00000, 0xff800000, 0 },  /* x - NaN = -Inf */
		{ 0x3f800000, 0xffc00000, 0x7f800000, 1 },  /* x - -NaN = +Inf */
		{ 0x3f800000, 0x30800000, 0x3f7fffff, 1 },  /* 1 - 2^-30 */
		{ 0x00000000, 0x00000000, 0x00000000, 0 },
	};
	ADD(QPU_A_FADD, add);
	ADD(QPU_A_FSUB, sub);
}

static void fmul(void **state)
{
	(void)state;
	static const struct case2 rtz[] = {
		{ 0x40000000, 0x40400000, 0x40c00000, 1 },  /* 2 * 3 = 6 */
		{ 0x3fe00000, 0x3f800001, 0x3fe00001, 1 },  /* 1.75 * (1+ulp): truncated */
		{ 0x00000000, 0x7fc00000, 0x00000000, 0 },  /* 0 beats NaN */
		{ 0x7f800000, 0x00000000, 0x00000000, 0 },  /* Inf * 0 = 0 */
		{ 0x80000000, 0x40a00000, 0x00000000, 0 },  /* -0 * 5 = +0 */
		{ 0xc0000000, 0x7fc00000, 0xff800000, 0 },  /* -2 * NaN = -Inf */
		{ 0x0d800000, 0x2b800000, 0x00000000, 0 },  /* 2^-100 * 2^-40 flushes */
		{ 0x71800000, 0x71800000, 0x7f7fffff, 1 },  /* 2^100 * 2^100: max */
		{ 0x00000001, 0x7f000000, 0x00000000, 0 },  /* denormal input is 0 */
		{ 0xbf800000, 0x40000000, 0xc0000000, 0 },  /* -1 * 2 */
	};
	static const struct case2 rne[] = {
		{ 0x3fe00000, 0x3f800001, 0x3fe00002, 1 },  /* rounds up */
		{ 0x40000000, 0x40400000, 0x40c00000, 1 },
		{ 0xc0000000, 0x7fc00000, 0xff800000, 0 },
	};
	MUL(QPU_M_FMUL, rtz);
	check_op(true, QPU_M_FMUL, SIM_FMUL_RNE, rne, NCASES(rne));
}

static void fmin_fmax(void **state)
{
	(void)state;
	static const struct case2 fmin[] = {
		{ 0x3f800000, 0x40000000, 0x3f800000, 0 },
		{ 0x40000000, 0x3f800000, 0x3f800000, 1 },
		{ 0x80000000, 0x00000000, 0x80000000, 0 },  /* zeros equal: first */
		{ 0x7fc00000, 0x3f800000, 0x3f800000, 1 },  /* +NaN is largest */
		{ 0xffc00000, 0x3f800000, 0xffc00000, 0 },  /* -NaN is smallest */
		{ 0xbf800000, 0xc0000000, 0xc0000000, 1 },
		{ 0x00000001, 0x3f800000, 0x00000000, 0 },  /* denormal is 0 */
	};
	static const struct case2 fmax[] = {
		{ 0x3f800000, 0x40000000, 0x40000000, 0 },
		{ 0x40000000, 0x3f800000, 0x40000000, 1 },
		{ 0x80000000, 0x00000000, 0x00000000, 0 },  /* zeros equal: second */
		{ 0x00000000, 0x80000000, 0x80000000, 0 },
		{ 0x7fc00000, 0x3f800000, 0x7fc00000, 1 },
		{ 0xff800000, 0xffc00000, 0xff800000, 1 },  /* -Inf > -NaN */
	};
	static const struct case2 fminabs[] = {
		{ 0xc0400000, 0x40000000, 0x40000000, 1 },  /* |-3| vs 2 -> 2 */
		{ 0xbf800000, 0x40000000, 0x3f800000, 0 },
	};
	static const struct case2 fmaxabs[] = {
		{ 0xc0400000, 0x40000000, 0x40400000, 1 },
		{ 0xff800000, 0x3f800000, 0x7f800000, 1 },
	};
	ADD(QPU_A_FMIN, fmin);
	ADD(QPU_A_FMAX, fmax);
	ADD(QPU_A_FMINABS, fminabs);
	ADD(QPU_A_FMAXABS, fmaxabs);
}

static void ftoi_itof(void **state)
{
	(void)state;
	static const struct case2 ftoi[] = {
		{ 0x406ccccd, 0, 3, 0 },                    /* 3.7 -> 3 */
		{ 0xc06ccccd, 0, 0xfffffffd, 0 },           /* -3.7 -> -3 */
		{ 0x7fc00000, 0, 0, 0 },                    /* NaN */
		{ 0xff800000, 0, 0, 0 },                    /* -Inf */
		{ 0x4f000000, 0, 0, 0 },                    /* 2^31 out of range */
		{ 0xcf000000, 0, 0, 0 },                    /* -2^31 too (VC4C) */
		{ 0x7f7fffff, 0, 0x80000000, 0 },           /* FLT_MAX */
		{ 0xff7fffff, 0, 0x80000000, 0 },           /* -FLT_MAX */
		{ 0x4effffff, 0, 0x7fffff80, 0 },
		{ 0x00000001, 0, 0, 0 },
	};
	static const struct case2 itof[] = {
		{ 0x7fffffff, 0, 0x4effffff, 1 },           /* truncated, not 2^31 */
		{ 0xffffffff, 0, 0xbf800000, 0 },
		{ 0x80000000, 0, 0xcf000000, 0 },
		{ 0x02000003, 0, 0x4c000000, 1 },           /* 2^25+3 truncated */
		{ 0x00000000, 0, 0x00000000, 0 },
	};
	ADD(QPU_A_FTOI, ftoi);
	ADD(QPU_A_ITOF, itof);
}

static void integer_ops(void **state)
{
	(void)state;
	static const struct case2 add[] = {
		{ 0xffffffff, 1, 0, 1 }, { 5, 7, 12, 0 }, { 0x80000000, 0x80000000, 0, 1 },
	};
	static const struct case2 sub[] = {
		{ 1, 2, 0xffffffff, 1 }, { 2, 1, 1, 0 }, { 0, 0xffffffff, 1, 1 },
		{ 0xffffffff, 1, 0xfffffffe, 0 }, { 0x80000000, 1, 0x7fffffff, 0 },
	};
	static const struct case2 shr[] = {
		{ 0x80000000, 31, 1, 0 }, { 0x80000000, 32, 0x80000000, 0 },
		{ 0x80000000, 33, 0x40000000, 0 }, { 3, 1, 1, 1 }, { 3, 0xffffffe1, 1, 1 },
	};
	static const struct case2 asr[] = {
		{ 0x80000000, 4, 0xf8000000, 0 }, { 0x80000000, 36, 0xf8000000, 0 },
		{ 0x80000008, 4, 0xf8000000, 1 },
	};
	static const struct case2 ror[] = {
		{ 0x12345678, 8, 0x78123456, 0 }, { 0x12345678, 40, 0x78123456, 0 },
		{ 0x12345678, 0, 0x12345678, 0 }, { 0x12345678, 32, 0x12345678, 0 },
	};
	static const struct case2 shl[] = {
		{ 0x80000001, 1, 2, 1 }, { 0x80000001, 32, 0x80000001, 0 },
		{ 0x80000001, 33, 2, 1 }, { 1, 31, 0x80000000, 0 },
	};
	static const struct case2 min[] = {
		{ 0xffffffff, 1, 0xffffffff, 0 }, { 1, 0xffffffff, 0xffffffff, 1 },
	};
	static const struct case2 max[] = {
		{ 0xffffffff, 1, 1, 0 }, { 1, 0xffffffff, 1, 1 },
	};
	static const struct case2 and[] = { { 0xff00ff00, 0x0ff00ff0, 0x0f000f00, 0 } };
	static const struct case2 or[] = { { 0xff00ff00, 0x0ff00ff0, 0xfff0fff0, 0 } };
	static const struct case2 xor[] = { { 0xff00ff00, 0x0ff00ff0, 0xf0f0f0f0, 0 } };
	static const struct case2 not[] = { { 0xff00ff00, 0, 0x00ff00ff, 0 } };
	static const struct case2 clz[] = {
		{ 0, 0, 32, 0 }, { 1, 0, 31, 0 }, { 0x80000000, 0, 0, 0 }, { 0x00010000, 0, 15, 0 },
	};
	ADD(QPU_A_ADD, add);
	ADD(QPU_A_SUB, sub);
	ADD(QPU_A_SHR, shr);
	ADD(QPU_A_ASR, asr);
	ADD(QPU_A_ROR, ror);
	ADD(QPU_A_SHL, shl);
	ADD(QPU_A_MIN, min);
	ADD(QPU_A_MAX, max);
	ADD(QPU_A_AND, and);
	ADD(QPU_A_OR, or);
	ADD(QPU_A_XOR, xor);
	ADD(QPU_A_NOT, not);
	ADD(QPU_A_CLZ, clz);
}

static void v8_and_mul24(void **state)
{
	(void)state;
	static const struct case2 adds[] = { { 0x80ff0102, 0x80020304, 0xffff0406, 0 } };
	static const struct case2 subs[] = { { 0x10ff0302, 0x20010105, 0x00fe0200, 0 } };
	static const struct case2 vmin[] = { { 0x10ff0302, 0x20010105, 0x10010102, 0 } };
	static const struct case2 vmax[] = { { 0x10ff0302, 0x20010105, 0x20ff0305, 0 } };
	static const struct case2 muld[] = { { 0xff80ff00, 0xff808000, 0xff408000, 0 } };
	static const struct case2 mul24[] = {
		{ 0x01000003, 2, 6, 0 }, { 0xffffff, 0xffffff, 0xfe000001, 1 },
		{ 16, 0xffffffff, 0x0ffffff0, 0 },
	};
	ADD(QPU_A_V8ADDS, adds);
	ADD(QPU_A_V8SUBS, subs);
	MUL(QPU_M_V8ADDS, adds);
	MUL(QPU_M_V8SUBS, subs);
	MUL(QPU_M_V8MIN, vmin);
	MUL(QPU_M_V8MAX, vmax);
	MUL(QPU_M_V8MULD, muld);
	MUL(QPU_M_MUL24, mul24);
}

static void v8_random_against_bytes(void **state)
{
	(void)state;
	static const enum qpu_op_mul ops[5] = {
		QPU_M_V8ADDS, QPU_M_V8SUBS, QPU_M_V8MIN, QPU_M_V8MAX, QPU_M_V8MULD,
	};
	uint32_t x = 2463534242u;
	for (int round = 0; round < 200; round++) {
		uint32_t a[16], b[16], res[16];
		for (int i = 0; i < 16; i++) {
			x ^= x << 13, x ^= x >> 17, x ^= x << 5;
			a[i] = x;
			x ^= x << 13, x ^= x >> 17, x ^= x << 5;
			b[i] = i & 1 ? x : a[i] ^ (x & 0x01010101u); /* near-equal bytes too */
		}
		for (unsigned k = 0; k < 5; k++) {
			sim_alu_mul(ops[k], SIM_FMUL_RTZ, a, b, res, NULL);
			for (int i = 0; i < 16; i++) {
				if (res[i] != v8_ref(k, a[i], b[i]))
					fail_msg("op %u: %08x,%08x -> %08x, want %08x", k, a[i],
						 b[i], res[i], v8_ref(k, a[i], b[i]));
			}
		}
	}
}

static void sfu_model(void **state)
{
	(void)state;
	struct sim_fpu_env env;
	sim_fpu_enter(&env);
	assert_int_equal(sim_sfu(SIM_SFU_RECIP, SIM_SFU_15BIT, 0x40000000), 0x3f000000);
	assert_int_equal(sim_sfu(SIM_SFU_RECIP, SIM_SFU_15BIT, 0x40400000), 0x3eaaaa00);
	assert_int_equal(sim_sfu(SIM_SFU_RECIP, SIM_SFU_13BIT, 0x40400000), 0x3eaaa800);
	assert_int_equal(sim_sfu(SIM_SFU_RECIP, SIM_SFU_EXACT, 0x40400000), 0x3eaaaaaa);
	assert_int_equal(sim_sfu(SIM_SFU_RECIP, SIM_SFU_15BIT, 0x00000000), 0x7f800000);
	assert_int_equal(sim_sfu(SIM_SFU_RECIP, SIM_SFU_15BIT, 0x80000000), 0xff800000);
	assert_int_equal(sim_sfu(SIM_SFU_RECIP, SIM_SFU_15BIT, 0x7f000000), 0x00000000);
	assert_int_equal(sim_sfu(SIM_SFU_RECIP, SIM_SFU_15BIT, 0xff800000), 0x80000000);
	assert_int_equal(sim_sfu(SIM_SFU_RECIPSQRT, SIM_SFU_15BIT, 0x40800000), 0x3f000000);
	assert_int_equal(sim_sfu(SIM_SFU_RECIPSQRT, SIM_SFU_15BIT, 0xc0800000), 0x3f000000);
	assert_int_equal(sim_sfu(SIM_SFU_RECIPSQRT, SIM_SFU_15BIT, 0), 0x7f800000);
	assert_int_equal(sim_sfu(SIM_SFU_RECIPSQRT, SIM_SFU_15BIT, 0x7f800000), 0);
	assert_int_equal(sim_sfu(SIM_SFU_EXP2, SIM_SFU_15BIT, 0x40400000), 0x41000000);
	assert_int_equal(sim_sfu(SIM_SFU_EXP2, SIM_SFU_15BIT, 0xbf800000), 0x3f000000);
	assert_int_equal(sim_sfu(SIM_SFU_EXP2, SIM_SFU_15BIT, 0x00000001), 0x3f800000);
	assert_int_equal(sim_sfu(SIM_SFU_EXP2, SIM_SFU_15BIT, 0xff800000), 0);
	assert_int_equal(sim_sfu(SIM_SFU_EXP2, SIM_SFU_15BIT, 0x43480000), 0x7f800000);
	assert_int_equal(sim_sfu(SIM_SFU_LOG2, SIM_SFU_15BIT, 0x41000000), 0x40400000);
	assert_int_equal(sim_sfu(SIM_SFU_LOG2, SIM_SFU_15BIT, 0xc1000000), 0x40400000);
	assert_int_equal(sim_sfu(SIM_SFU_LOG2, SIM_SFU_15BIT, 0x3f000000), 0xbf800000);
	assert_int_equal(sim_sfu(SIM_SFU_LOG2, SIM_SFU_15BIT, 0), 0xff800000);
	assert_int_equal(sim_sfu(SIM_SFU_LOG2, SIM_SFU_15BIT, 0x7f800000), 0x7f800000);
	sim_fpu_leave(&env);
}

static void pack_unpack(void **state)
{
	(void)state;
	uint32_t m;
	struct sim_fpu_env env;
	sim_fpu_enter(&env);
	assert_int_equal(sim_unpack(QPU_UNPACK_16A, true, 0x1234c000), 0xc0000000);
	assert_int_equal(sim_unpack(QPU_UNPACK_16B, true, 0x3c001234), 0x3f800000);
	assert_int_equal(sim_unpack(QPU_UNPACK_16A, false, 0x1234ffff), 0xffffffff);
	assert_int_equal(sim_unpack(QPU_UNPACK_16B, false, 0x7fff0000), 0x00007fff);
	assert_int_equal(sim_unpack(QPU_UNPACK_8D_REP, false, 0x7f000000), 0x7f7f7f7f);
	assert_int_equal(sim_unpack(QPU_UNPACK_8D_REP, true, 0x7f000000), 0x7f7f7f7f);
	assert_int_equal(sim_unpack(QPU_UNPACK_8A, true, 0x000000ff), 0x3f800000);
	assert_int_equal(sim_unpack(QPU_UNPACK_8B, true, 0x00008000), 0x3f008080);
	assert_int_equal(sim_unpack(QPU_UNPACK_8C, false, 0x00ab0000), 0xab);
	assert_int_equal(sim_unpack(QPU_UNPACK_NOP, true, 0x12345678), 0x12345678);
	assert_int_equal(sim_unpack(QPU_UNPACK_16A, true, 0x00000001), 0); /* denormal half */

	assert_int_equal(sim_pack_a(QPU_PACK_A_16A, true, 0x3f800000, 0, &m), 0x3c00);
	assert_int_equal(m, 0xffff);
	assert_int_equal(sim_pack_a(QPU_PACK_A_16B, true, 0xc0000000, 0, &m), 0xc0000000);
	assert_int_equal(m, 0xffff0000);
	assert_int_equal(sim_pack_a(QPU_PACK_A_16A, true, 0x7f000000, 0, &m), 0x7bff);
	assert_int_equal(sim_pack_a(QPU_PACK_A_16A, false, 0x12345678, 0, &m), 0x5678);
	assert_int_equal(sim_pack_a(QPU_PACK_A_8888, false, 0x12345678, 0, &m), 0x78787878);
	assert_int_equal(m, 0xffffffff);
	assert_int_equal(sim_pack_a(QPU_PACK_A_8B, false, 0x12345678, 0, &m), 0x7800);
	assert_int_equal(m, 0xff00);
	assert_int_equal(sim_pack_a(QPU_PACK_A_32_SAT, false, 0, (int64_t)1 << 32, &m),
			 0x7fffffff);
	assert_int_equal(sim_pack_a(QPU_PACK_A_32_SAT, false, 0, -((int64_t)1 << 33), &m),
			 0x80000000);
	assert_int_equal(sim_pack_a(QPU_PACK_A_16A_SAT, false, 40000, 40000, &m), 0x7fff);
	assert_int_equal(sim_pack_a(QPU_PACK_A_16B_SAT, false, 0, -40000, &m), 0x80000000);
	assert_int_equal(sim_pack_a(QPU_PACK_A_8A_SAT, false, 0xfffffffb, -5, &m), 0);
	assert_int_equal(sim_pack_a(QPU_PACK_A_8D_SAT, false, 300, 300, &m), 0xff000000);
	assert_int_equal(m, 0xff000000);
	assert_int_equal(sim_pack_a(QPU_PACK_A_8888_SAT, false, 300, 300, &m), 0xffffffff);

	assert_int_equal(sim_pack_mul(QPU_PACK_MUL_8888, 0x3f800000, &m), 0xffffffff);
	assert_int_equal(sim_pack_mul(QPU_PACK_MUL_8888, 0x3f000000, &m), 0x80808080);
	assert_int_equal(sim_pack_mul(QPU_PACK_MUL_8C, 0x3e800000, &m), 0x00400000);
	assert_int_equal(m, 0x00ff0000);
	assert_int_equal(sim_pack_mul(QPU_PACK_MUL_8A, 0xbf800000, &m), 0);
	assert_int_equal(sim_pack_mul(QPU_PACK_MUL_8A, 0x40000000, &m), 0xff);
	assert_int_equal(sim_pack_mul(QPU_PACK_MUL_8A, 0x7fc00000, &m), 0xff);
	/* Whatever the MUL op, its result packs as a float: Mesa moves colours
	 * with `mov r0.8a, uni` (v8min x, x) and real Pis show them right. */
	assert_int_equal(sim_pack_mul(QPU_PACK_MUL_8B, 0x3f19999a, &m), 0x9900); /* 0.6 */
	assert_int_equal(sim_pack_mul(QPU_PACK_MUL_8B, 0x123, &m), 0);       /* denormal */
	sim_fpu_leave(&env);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fadd_fsub),
		cmocka_unit_test(fmul),
		cmocka_unit_test(fmin_fmax),
		cmocka_unit_test(ftoi_itof),
		cmocka_unit_test(integer_ops),
		cmocka_unit_test(v8_and_mul24),
		cmocka_unit_test(v8_random_against_bytes),
		cmocka_unit_test(sfu_model),
		cmocka_unit_test(pack_unpack),
	};
	return cmocka_run_group_tests_name("sim_alu", tests, NULL, NULL);
}
