/* test_sim_float.c: the portable path's toward-zero float ops in integer
 * code (src/sim/sim_rtz.h: fadd/fsub, fmul, itof, ftoi, the unorm8 unpack)
 * against references that let the host's float unit round toward zero
 * (fesetround(FE_TOWARDZERO) here), on edge cases, exponent sweeps and a
 * few million random pairs with a fixed seed; the integer ops are called
 * with the host in round-to-nearest, the interpreter's mode on that path.
 * The 16-lane ALU entry points (whichever path the build takes) are
 * compared with the same references. Also the portable path's per-byte
 * ops on whole words (v8_word() in sim_lanes.h) against a byte loop. */
#include <fenv.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sim/sim_lanes.h"
#include "v8_ref.h"

/* Deterministic pseudo-random words (xorshift32). */
static uint32_t next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static bool special(uint32_t x)
{
	return (x & 0x7f800000u) == 0x7f800000u;
}

/* The host's sum, product and conversions in round-toward-zero. The
 * volatile operands and results keep the compiler from moving the
 * operation across fesetround() (GCC does, even with -frounding-math). */
static uint32_t host_add_rtz(float x, float y)
{
	volatile float vx = x, vy = y, r;
	fesetround(FE_TOWARDZERO);
	r = vx + vy;
	fesetround(FE_TONEAREST);
	return as_u(r);
}

static uint32_t host_mul_rtz(float x, float y)
{
	volatile float vx = x, vy = y, r;
	fesetround(FE_TOWARDZERO);
	r = vx * vy;
	fesetround(FE_TONEAREST);
	return as_u(r);
}

static uint32_t host_itof_rtz(uint32_t x)
{
	volatile int32_t v = (int32_t)x;
	volatile float r;
	fesetround(FE_TOWARDZERO);
	r = (float)v;
	fesetround(FE_TONEAREST);
	return as_u(r);
}

static uint32_t host_unorm8_rtz(uint32_t byte)
{
	volatile double v = (double)byte;
	volatile float r;
	fesetround(FE_TOWARDZERO);
	r = (float)(v / 255.0);
	fesetround(FE_TONEAREST);
	return as_u(r);
}

/* x with a denormal or -0 read as +0. */
static float in_value(uint32_t x)
{
	return (x & 0x7f800000u) ? as_f(x) : 0.0f;
}

/* Reference fadd (docs/sim.md). */
static uint32_t ref_fadd(uint32_t a, uint32_t b)
{
	if (special(b))
		return (b & 0x80000000u) | 0x7f800000u;
	if (special(a))
		return (a & 0x80000000u) | 0x7f800000u;
	uint32_t r = host_add_rtz(in_value(a), in_value(b));
	return (r & 0x7f800000u) ? r : 0;
}

/* Reference fmul toward zero (docs/sim.md). */
static uint32_t ref_fmul(uint32_t a, uint32_t b)
{
	if (!(a & 0x7f800000u) || !(b & 0x7f800000u))
		return 0;
	if (special(a) || special(b))
		return ((a ^ b) & 0x80000000u) | 0x7f800000u;
	uint32_t r = host_mul_rtz(as_f(a), as_f(b));
	return (r & 0x7f800000u) ? r : 0;
}

/* Reference ftoi: the C conversion truncates; the QPU's out-of-range rules. */
static uint32_t ref_ftoi(uint32_t a)
{
	if ((a & 0x7fffffffu) == 0x7f7fffffu)
		return 0x80000000u;
	if (!(a & 0x7f800000u) || ((a >> 23) & 0xff) >= 158)
		return 0;
	return (uint32_t)(int32_t)as_f(a);
}

enum { OP_FADD, OP_FSUB, OP_FMUL, OP_COUNT };

/* Checks n pairs with the integer ops (host in round-to-nearest) against
 * the references, one op at a time. */
static void check_pairs(const uint32_t *a, const uint32_t *b, size_t n)
{
	static const char *const name[OP_COUNT] = { "fadd", "fsub", "fmul" };
	for (size_t i = 0; i < n; i++) {
		uint32_t got[OP_COUNT], want[OP_COUNT];
		assert_int_equal(fegetround(), FE_TONEAREST);
		got[OP_FADD] = rtz_fadd(a[i], b[i]);
		got[OP_FSUB] = rtz_fadd(a[i], b[i] ^ 0x80000000u);
		got[OP_FMUL] = rtz_fmul(a[i], b[i]);
		want[OP_FADD] = ref_fadd(a[i], b[i]);
		want[OP_FSUB] = ref_fadd(a[i], b[i] ^ 0x80000000u);
		want[OP_FMUL] = ref_fmul(a[i], b[i]);
		for (unsigned k = 0; k < OP_COUNT; k++)
			if (got[k] != want[k])
				fail_msg("%s 0x%08x 0x%08x: 0x%08x, want 0x%08x", name[k], a[i],
					 b[i], got[k], want[k]);
	}
}

/* Checks 16 lanes through the 16-lane loops of both paths' entry points:
 * rtz_lanes_*() (the portable path's) and sim_alu_add()/sim_alu_mul()
 * inside sim_fpu_enter() (this build's path). */
static void check_vector(const uint32_t *a, const uint32_t *b)
{
	uint32_t r[2][OP_COUNT][16], want[OP_COUNT][16];
	rtz_lanes_fadd(a, b, 0, r[0][OP_FADD]);
	rtz_lanes_fadd(a, b, 0x80000000u, r[0][OP_FSUB]);
	rtz_lanes_fmul(a, b, r[0][OP_FMUL]);
	struct sim_fpu_env env;
	sim_fpu_enter(&env);
	sim_alu_add(QPU_A_FADD, a, b, r[1][OP_FADD], NULL);
	sim_alu_add(QPU_A_FSUB, a, b, r[1][OP_FSUB], NULL);
	sim_alu_mul(QPU_M_FMUL, SIM_FMUL_RTZ, a, b, r[1][OP_FMUL], NULL);
	sim_fpu_leave(&env);
	for (unsigned i = 0; i < 16; i++) {
		want[OP_FADD][i] = ref_fadd(a[i], b[i]);
		want[OP_FSUB][i] = ref_fadd(a[i], b[i] ^ 0x80000000u);
		want[OP_FMUL][i] = ref_fmul(a[i], b[i]);
	}
	for (unsigned p = 0; p < 2; p++)
		for (unsigned k = 0; k < OP_COUNT; k++)
			for (unsigned i = 0; i < 16; i++)
				if (r[p][k][i] != want[k][i])
					fail_msg("path %u op %u lane %u: 0x%08x 0x%08x gives 0x%08x, "
						 "want 0x%08x", p, k, i, a[i], b[i], r[p][k][i],
						 want[k][i]);
}

/* The edge values, each also negated. */
static const uint32_t edges[] = {
	0x00000000, 0x00000001, 0x007fffff, 0x00400000, 0x00800000, 0x00800001,
	0x00ffffff, 0x01000000, 0x0c800000, 0x1f800000, 0x33800000, 0x33c00000,
	0x34000000, 0x3f000000, 0x3f7fffff, 0x3f800000, 0x3f800001, 0x3fffffff,
	0x40000000, 0x40400000, 0x4b000000, 0x4b7fffff, 0x4effffff, 0x4f000000,
	0x5f000000, 0x7e800000, 0x7effffff, 0x7f000000, 0x7f000001, 0x7f7ffffe,
	0x7f7fffff, 0x7f800000, 0x7f800001, 0x7fc00000, 0x7fffffff,
};

/* Every pair of edge values and their negations: zeros, denormals,
 * FLT_MIN, FLT_MAX, Inf, NaN, overflow, underflow to a denormal, halfway
 * sums (1 + 2^-24), cancellation and huge exponent differences. */
static void edge_pairs(void **state)
{
	(void)state;
	enum { NE = sizeof(edges) / sizeof(edges[0]) };
	static uint32_t a[4 * NE * NE], b[4 * NE * NE];
	size_t n = 0;
	for (unsigned i = 0; i < 2 * NE; i++)
		for (unsigned j = 0; j < 2 * NE; j++, n++) {
			a[n] = edges[i % NE] ^ (i >= NE ? 0x80000000u : 0);
			b[n] = edges[j % NE] ^ (j >= NE ? 0x80000000u : 0);
		}
	check_pairs(a, b, n);
	for (size_t k = 0; k + 16 <= n; k += 16)
		check_vector(a + k, b + k);
}

/* Whether the host's sum, difference or product of a and b could be NaN
 * (a NaN operand, Inf - Inf, Inf x 0 with a denormal read as 0). */
static bool host_nan_pair(uint32_t a, uint32_t b)
{
	bool ia = special(a) && !(a & 0x7fffffu), ib = special(b) && !(b & 0x7fffffu);
	if ((special(a) && !ia) || (special(b) && !ib) || (ia && ib))
		return true;
	return (ia && !(b & 0x7f800000u)) || (ib && !(a & 0x7f800000u));
}

/* The edge pairs whose sum, difference and product are never NaN on the
 * host, packed 16 to a vector: on x86 the 16-lane ops then keep the host's
 * results (-0 flushed by adding +0, infinities, FLT_MAX toward zero,
 * underflow flushed) instead of going to their per-lane rules; each lane
 * against the references. */
static void edge_vectors_without_nan(void **state)
{
	(void)state;
	enum { NE = sizeof(edges) / sizeof(edges[0]) };
	static uint32_t a[4 * NE * NE + 16], b[4 * NE * NE + 16];
	size_t n = 0;
	for (unsigned i = 0; i < 2 * NE; i++)
		for (unsigned j = 0; j < 2 * NE; j++) {
			uint32_t x = edges[i % NE] ^ (i >= NE ? 0x80000000u : 0);
			uint32_t y = edges[j % NE] ^ (j >= NE ? 0x80000000u : 0);
			if (host_nan_pair(x, y))
				continue;
			a[n] = x;
			b[n++] = y;
		}
	assert_true(n > 3000);
	for (size_t k = 0; k + 16 <= n; k += 16)
		check_vector(a + k, b + k);
	/* a vector of infinities, -0 sums and products, and overflow */
	const uint32_t va[16] = { 0x7f800000, 0xff800000, 0x7f800000, 0xff800000, 0x80000000,
				  0x80000000, 0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff,
				  0x00800000, 0x80800000, 0x00000001, 0x80000001, 0x7f800000,
				  0x3f800000 };
	const uint32_t vb[16] = { 0x3f800000, 0x3f800000, 0x7f800000, 0xbf800000, 0x80000000,
				  0x00000000, 0xbf800000, 0x3f800000, 0x7f7fffff, 0x7f7fffff,
				  0x80800000, 0x00800000, 0x80000001, 0x00000001, 0xc0000000,
				  0xff800000 };
	check_vector(va, vb);
}

/* Every pair of exponents with every sign combination and mantissas that
 * are all zeros, all ones or random. */
static void exponent_sweep(void **state)
{
	(void)state;
	uint32_t seed = 0x2545f491u;
	static uint32_t a[256 * 16], b[256 * 16];
	for (uint32_t ea = 0; ea < 256; ea++) {
		size_t n = 0;
		for (uint32_t eb = 0; eb < 256; eb++)
			for (unsigned v = 0; v < 16; v++, n++) {
				uint32_t r = next(&seed), s = next(&seed);
				uint32_t ma = v & 4 ? 0x7fffffu : v & 8 ? 0 : r & 0x7fffffu;
				uint32_t mb = v & 4 ? s & 0x7fffffu : v & 8 ? 0x7fffffu : s >> 9;
				a[n] = (v & 1 ? 0x80000000u : 0) | ea << 23 | ma;
				b[n] = (v & 2 ? 0x80000000u : 0) | eb << 23 | mb;
			}
		check_pairs(a, b, n);
		for (size_t k = 0; k < n; k += 16)
			check_vector(a + k, b + k);
	}
}

/* A random pair of one of four kinds: any bits; exponents at most 31
 * apart; b close to -a (cancellation); products near overflow and
 * underflow (exponents summing near 381 or 127, mantissas near 1 or 2). */
static void random_pair(uint32_t *seed, uint32_t *a, uint32_t *b)
{
	uint32_t r = next(seed), s = next(seed), kind = next(seed) & 3;
	*a = r;
	*b = s;
	if (kind == 1) {
		uint32_t ea = (r >> 23) & 0xff, eb = ea + (s >> 27) - 16;
		*b = (s & 0x807fffffu) | ((eb & 0xff) << 23);
	} else if (kind == 2) {
		*b = (r ^ 0x80000000u) + (s & 0xff) - 128;
	} else if (kind == 3) {
		uint32_t ea = 64 + (r >> 24) % 192, base = (s & 1) ? 381 : 127;
		uint32_t eb = (base - ea + (s >> 28) - 8) & 0xff;
		*b = (s & 0x807fffffu) | (eb << 23);
		if (s & 2)
			*a = (*a & 0xff800000u) | (0x7fff00u | (r & 0xff));
	}
}

/* fadd's alignment (sim_rtz.h: the smaller significand shifted right by
 * at most 31, a subtrahend's magnitude rounded up by a sticky bit when bits
 * are shifted out) at every exponent difference d from 0 to 40: the
 * smaller operand's significand all ones, its lowest bit alone, its low d
 * bits clear with one bit above them, or random, against larger operands
 * of every sign, with exponents from the smallest to 254 (sums that
 * overflow go through the per-lane rules), pair by pair and as vectors
 * mixed with ordinary lanes. */
static void fadd_alignment(void **state)
{
	(void)state;
	static const uint32_t ex[] = { 1, 2, 24, 25, 26, 100, 127, 150, 230, 253, 254 };
	uint32_t seed = 0x6b43a9b5u;
	static uint32_t a[8192], b[8192];
	size_t n = 0;
	for (unsigned k = 0; k < sizeof(ex) / sizeof(ex[0]); k++)
		for (uint32_t d = 0; d <= 40; d++) {
			if (d >= ex[k])
				continue;
			for (unsigned v = 0; v < 16; v++) {
				uint32_t r = next(&seed);
				uint32_t low = d < 23 ? 1u << d : 1u; /* a bit just above the low d */
				uint32_t my = v & 8 ? r & 0x7fffffu : (v & 4) ? low : (v & 2) ? 1 : 0x7fffffu;
				uint32_t mx = v & 1 ? 0 : next(&seed) & 0x7fffffu;
				a[n] = (r & 0x80000000u) | ex[k] << 23 | mx;
				b[n] = (r << 1 & 0x80000000u) | (ex[k] - d) << 23 | my;
				n++;
			}
		}
	assert_int_equal(n, 324 * 16);
	check_pairs(a, b, n);
	for (size_t k = 0; k + 16 <= n; k += 16) {
		check_vector(a + k, b + k);
		uint32_t va[16], vb[16]; /* half of them with ordinary lanes */
		for (unsigned i = 0; i < 16; i++) {
			va[i] = i & 1 ? a[k + i] : 0x3f800000u + (next(&seed) & 0x7fffffu);
			vb[i] = i & 1 ? b[k + i] : 0xbe000000u + (next(&seed) & 0x7fffffu);
		}
		check_vector(va, vb);
	}
}

/* Vectors whose lanes the fast formula leaves undecided only by zero sums
 * (rtz_fadd16()'s second loop decides them): two zero or denormal
 * operands of any signs, exact cancellations at small and large
 * exponents, mixed with ordinary lanes; and the same with one lane whose
 * sum is a denormal or overflows, which still needs the per-lane rules. */
static void fadd_zero_sums(void **state)
{
	(void)state;
	static const uint32_t tiny[] = { 0x00000000, 0x80000000, 0x00000001, 0x807fffff,
					 0x00400000 };
	static const uint32_t cancel[] = { 0x00800000, 0x0c812345, 0x3f800000, 0x7effffff };
	static const uint32_t undecided[][2] = {
		{ 0x00800001, 0x80800000 }, /* 2^-149: a denormal sum */
		{ 0x7f7fffff, 0x7f7fffff }, /* overflow */
		{ 0x3f800000, 0x7f800000 }, /* Inf */
	};
	uint32_t seed = 0x2545f491u;
	for (unsigned round = 0; round < 64; round++) {
		uint32_t a[16], b[16];
		for (unsigned i = 0; i < 16; i++) {
			uint32_t r = next(&seed);
			if (i % 3 == 0) {
				a[i] = tiny[r % 5];
				b[i] = tiny[(r >> 8) % 5];
			} else if (i % 3 == 1) {
				a[i] = cancel[r % 4] ^ (r & 0x80000000u);
				b[i] = a[i] ^ 0x80000000u;
			} else {
				a[i] = 0x3f800000u + (r & 0x7fffffu);
				b[i] = 0xbe000000u + (next(&seed) & 0x7fffffu);
			}
		}
		check_vector(a, b);
		unsigned lane = round % 16, k = round % 3;
		a[lane] = undecided[k][0];
		b[lane] = undecided[k][1];
		check_vector(a, b);
	}
}

/* Four million random pairs (fixed seed), pair by pair and as vectors. */
static void random_pairs(void **state)
{
	(void)state;
	enum { BATCH = 4096, ROUNDS = 1024 };
	static uint32_t a[BATCH], b[BATCH];
	uint32_t seed = 0x9e3779b9u;
	for (unsigned round = 0; round < ROUNDS; round++) {
		for (unsigned i = 0; i < BATCH; i++)
			random_pair(&seed, &a[i], &b[i]);
		check_pairs(a, b, BATCH);
		if (round % 16 == 0)
			for (unsigned k = 0; k < BATCH; k += 16)
				check_vector(a + k, b + k);
	}
}

/* itof and ftoi on edge words, a sweep of every exponent and random
 * words; the unorm8 unpack on all 256 bytes. */
static void conversions(void **state)
{
	(void)state;
	static const uint32_t words[] = {
		0, 1, 2, 3, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xffffffffu, 0x00ffffffu,
		0x01000000u, 0x01000001u, 0x7fffff80u, 0x7fffffc0u, 0xfffffffeu, 0x12345678u,
	};
	uint32_t seed = 0x1234567u;
	for (unsigned i = 0; i < 2000000; i++) {
		uint32_t r = next(&seed);
		uint32_t x = i < 15 ? words[i] : i < 15 + 256 * 64 ? (((i - 15) / 64) << 23) |
			     (r & 0x807fffffu) : r;
		if (i >= 15 && i < 15 + 256 * 64 && (i & 1))
			x = (r >> ((i >> 1) & 31)) ^ (r & 0x80000000u);
		uint32_t want_itof = host_itof_rtz(x);
		if (rtz_itof(x) != want_itof)
			fail_msg("itof 0x%08x: 0x%08x, want 0x%08x", x, rtz_itof(x), want_itof);
		if (rtz_ftoi(x) != ref_ftoi(x))
			fail_msg("ftoi 0x%08x: 0x%08x, want 0x%08x", x, rtz_ftoi(x), ref_ftoi(x));
	}
	for (uint32_t byte = 0; byte < 256; byte++) {
		assert_int_equal(rtz_unorm8(byte), host_unorm8_rtz(byte));
	}
	assert_int_equal(rtz_unorm8(255), 0x3f800000u);
	assert_int_equal(rtz_itof(0x7fffffffu), 0x4effffffu);
	assert_int_equal(rtz_ftoi(0xff7fffffu), 0x80000000u);
}

/* v8_word() (v8_op()'s path off x86) against the byte loop: every byte
 * pair in every byte position, the other bytes zero, all ones, equal in a
 * and b, or random. */
static void v8_words_exhaustive(void **state)
{
	(void)state;
	uint32_t s = 2463534242u;
	for (unsigned k = 0; k < 5; k++)
		for (uint32_t xy = 0; xy < 65536; xy++)
			for (unsigned pos = 0; pos < 32; pos += 8)
				for (unsigned r = 0; r < 5; r++) {
					s ^= s << 13, s ^= s >> 17, s ^= s << 5;
					uint32_t oa = r == 0 ? 0 : r == 1 ? ~0u : s;
					uint32_t ob = r == 0 ? ~0u : r == 1 ? 0 : r == 2 ? oa : s * 2654435761u;
					uint32_t m = 0xffu << pos;
					uint32_t a = (oa & ~m) | (xy & 0xff) << pos, b = (ob & ~m) | (xy >> 8) << pos;
					if (v8_word(k, a, b) != v8_ref(k, a, b))
						fail_msg("op %u: %08x,%08x -> %08x, want %08x", k, a, b,
							 v8_word(k, a, b), v8_ref(k, a, b));
				}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(edge_pairs),
		cmocka_unit_test(edge_vectors_without_nan),
		cmocka_unit_test(exponent_sweep),
		cmocka_unit_test(fadd_alignment),
		cmocka_unit_test(fadd_zero_sums),
		cmocka_unit_test(random_pairs),
		cmocka_unit_test(conversions),
		cmocka_unit_test(v8_words_exhaustive),
	};
	return cmocka_run_group_tests_name("sim_float", tests, NULL, NULL);
}
