/*
 * test_vary_rn.c: the varying interpolation in round-to-nearest
 * (pipe_vary_rn() and pipe_vary_diff_exact() in pipe_vary.h) against its
 * definition, the doubles of pipe_fragment.c in round-toward-zero:
 * d = (double)v - (double)C, pipe_to_float(lw1 * d1 + lw2 * d2). Edge
 * values (±0, denormals, the float and double range ends, Inf, NaN,
 * huge, tiny), results near a float boundary and cancellations, where the
 * functions must refuse or be right, and many random lanes: every
 * accepted lane gives exactly the reference bits, and typical lanes are
 * accepted. pipe_vary_scaled_lanes() against pipe_vary_scaled().
 */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "sim/pipe/pipe_internal.h"
#include "sim/pipe/pipe_vary.h"

static uint32_t fbits(float f)
{
	uint32_t b;
	memcpy(&b, &f, 4);
	return b;
}

static float bitsf(uint32_t b)
{
	float f;
	memcpy(&f, &b, 4);
	return f;
}

static double bitsd(uint64_t b)
{
	double d;
	memcpy(&d, &b, 8);
	return d;
}

/* The definition: pipe_fragment.c's doubles with the host in
 * round-toward-zero (volatile: nothing folded or moved out of the mode). */
static uint32_t ref_vary(double lw1, double lw2, float c, float v1, float v2)
{
	volatile double a = lw1, b = lw2;
	volatile float fc = c, f1 = v1, f2 = v2;
	volatile double d1, d2, s;
	volatile float out;
	int saved = fegetround();
	fesetround(FE_TOWARDZERO);
	d1 = (double)f1 - fc;
	d2 = (double)f2 - fc;
	s = a * d1 + b * d2;
	out = pipe_to_float(s);
	fesetround(saved);
	return fbits(out);
}

/* (double)a - (double)b with the host in round-toward-zero */
static double ref_diff(float a, float b)
{
	volatile float fa = a, fb = b;
	volatile double d;
	int saved = fegetround();
	fesetround(FE_TOWARDZERO);
	d = (double)fa - fb;
	fesetround(saved);
	return d;
}

static unsigned checked, accepted, scaled;

/* One lane through the fast paths of pipe_fragment.c's varying_rn(), the
 * integer one for exact products (pipe_vary_scaled()) and the checked
 * round-to-nearest one: every lane either accepts must give the
 * reference's bits. */
static void check(double lw1, double lw2, float c, float v1, float v2)
{
	checked++;
	if (!pipe_vary_diff_exact(fbits(v1), fbits(c)) || !pipe_vary_diff_exact(fbits(v2), fbits(c)))
		return;
	double d1 = (double)v1 - c, d2 = (double)v2 - c;
	struct pipe_vary_scale s1 = pipe_vary_scale_of(d1), s2 = pipe_vary_scale_of(d2);
	uint64_t b1, b2;
	memcpy(&b1, &lw1, 8);
	memcpy(&b2, &lw2, 8);
	uint32_t got, want = ref_vary(lw1, lw2, c, v1, v2);
	if (s1.exact && s2.exact && pipe_vary_scaled(b1, b2, &s1, &s2, &got)) {
		scaled++;
		if (got != want)
			fail_msg("scaled: lw1 %a lw2 %a c %a v1 %a v2 %a: got 0x%08x want 0x%08x",
				 lw1, lw2, (double)c, (double)v1, (double)v2, got, want);
	}
	if (!pipe_vary_rn(lw1, lw2, d1, d2, &got))
		return;
	accepted++;
	if (got != want)
		fail_msg("lw1 %a lw2 %a c %a v1 %a v2 %a: got 0x%08x want 0x%08x", lw1, lw2,
			 (double)c, (double)v1, (double)v2, got, want);
}

static const float edge_f[] = {
	0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 0.3f, -0.7f, 2.0f, 1e-3f, 255.0f, 1e6f, -3e7f,
	1.0f + 0x1p-23f, 1.0f - 0x1p-24f, 0x1p-149f, -0x1p-149f, 0x1.fffffcp-127f, FLT_MIN,
	-FLT_MIN, 0x1p-100f, 0x1p100f, FLT_MAX, -FLT_MAX, 0x1p127f, INFINITY, -INFINITY, NAN,
	-NAN, 3.4e38f, 1e-30f, 0x1.000002p0f, 12345.678f,
};
#define N_EDGE_F (sizeof(edge_f) / sizeof(edge_f[0]))

static const double edge_d[] = {
	0.0, -0.0, 1.0, -1.0, 0.5, 0.25, 1.0 / 3, -2.0 / 3, 0x1p-1074, -0x1p-1074,
	0x1p-1022, 0x1.fffffffffffffp-1023, 1e-300, 1e300, DBL_MAX, -DBL_MAX, 0x1p-60,
	0x1p60, 1.0 - 0x1p-53, 1.0 + 0x1p-52, INFINITY, -INFINITY, NAN, 3.4e38, 0x1p-126,
	0x1p-125, 0x1p127, 0x1p128, 1e-3, 0.999999,
};
#define N_EDGE_D (sizeof(edge_d) / sizeof(edge_d[0]))

/* The differences: exact exactly when accepted (on every pair of edge
 * floats and random floats with near exponents). */
static void test_diff_exact(void **state)
{
	(void)state;
	unsigned acc = 0;
	for (size_t i = 0; i < N_EDGE_F; i++)
		for (size_t j = 0; j < N_EDGE_F; j++) {
			float a = edge_f[i], b = edge_f[j];
			if (!pipe_vary_diff_exact(fbits(a), fbits(b)))
				continue;
			acc++;
			double rn = (double)a - b, rz = ref_diff(a, b);
			assert_memory_equal(&rn, &rz, 8);
		}
	uint64_t r = 0x9e3779b97f4a7c15u;
	for (unsigned i = 0; i < (1u << 20); i++) {
		r ^= r << 13, r ^= r >> 7, r ^= r << 17;
		uint32_t ea = (uint32_t)(r >> 56), eb = (ea + (uint32_t)(r >> 48) % 61 + 226) & 0xff;
		float a = bitsf((uint32_t)(r & 0x807fffffu) | ea << 23);
		float b = bitsf((uint32_t)(r >> 20 & 0x807fffffu) | eb << 23);
		if (!pipe_vary_diff_exact(fbits(a), fbits(b)))
			continue;
		acc++;
		double rn = (double)a - b, rz = ref_diff(a, b);
		if (memcmp(&rn, &rz, 8))
			fail_msg("a %a b %a: %a / %a", (double)a, (double)b, rn, rz);
	}
	assert_true(acc > (1u << 19));
	assert_false(pipe_vary_diff_exact(fbits(1.0f), fbits(0x1p-29f)));
	assert_true(pipe_vary_diff_exact(fbits(1.0f), fbits(0x1p-28f)));
}

/* Every combination of edge lw1, lw2 with edge and ordinary d's. */
static void test_edges(void **state)
{
	(void)state;
	checked = accepted = scaled = 0;
	const float cs[] = { 0.0f, 0.25f, -1.0f, 0x1p-149f };
	for (size_t i = 0; i < N_EDGE_D; i++)
		for (size_t j = 0; j < N_EDGE_D; j++)
			for (size_t k = 0; k < N_EDGE_F; k++)
				for (size_t m = 0; m < 4; m++) {
					check(edge_d[i], edge_d[j], cs[m], edge_f[k],
					      edge_f[(k * 7 + m) % N_EDGE_F]);
					check(edge_d[i], edge_d[j], cs[m], cs[m], edge_f[k]);
				}
	assert_true(accepted > checked / 16);
	assert_true(scaled > checked / 32);
	/* both products zero: the sum's sign (-0 only from -0 + -0) */
	uint32_t out;
	assert_true(pipe_vary_rn(-1.0, 2.0, 0.0, -0.0, &out));
	assert_int_equal(out, 0x80000000u);
	assert_true(pipe_vary_rn(-1.0, 2.0, 0.0, 0.0, &out));
	assert_int_equal(out, 0);
	/* Inf, NaN, out of range, exact cancellation: refused */
	assert_false(pipe_vary_rn(INFINITY, 0.5, 1.0, 1.0, &out));
	assert_false(pipe_vary_rn(NAN, 0.5, 1.0, 1.0, &out));
	assert_false(pipe_vary_rn(1e300, 1e300, 1.0, 1.0, &out));
	assert_false(pipe_vary_rn(0x1p-130, 0.0, 1.0, 1.0, &out));
	assert_false(pipe_vary_rn(0.5, 0.5, 1.0, -1.0, &out));
	/* a float exactly (low bits 0): accepted only with no error */
	assert_false(pipe_vary_rn(1.0 / 3, 2.0 / 3, 3.0, 0.0, &out));
}

/* Sums near a float boundary: s just above and below the float grid
 * points, by a few double ulps, and with cancelling products. */
static void test_boundaries(void **state)
{
	(void)state;
	checked = accepted = 0;
	uint64_t r = 0x0123456789abcdefu;
	for (unsigned i = 0; i < (1u << 18); i++) {
		r ^= r << 13, r ^= r >> 7, r ^= r << 17;
		float g = bitsf((uint32_t)(r & 0x807fffffu) | (uint32_t)(100 + (r >> 40) % 56) << 23);
		/* lw1 * g near g, lw2 * d2 a few ulps of g either way */
		int32_t k = (int32_t)(r >> 24 & 0x3f) - 32;
		double lw1 = 1.0 + (double)k * 0x1p-53, lw2 = ldexp(1.0, -(int)(r >> 32 & 0x3f));
		float d2 = (r >> 31 & 1) ? 0x1p-20f : -0x1p-20f;
		check(lw1, lw2 * fabs((double)g), 0.0f, g, d2);
		/* cancellation: v1 - C and v2 - C of opposite signs */
		double l1 = bitsd((r & 0x000fffffffffffffu) | UINT64_C(0x3fe) << 52);
		check(l1, 1.0 - l1, g, g * 1.5f, g * 0.5f);
		check(l1, l1 * (1.0 + (double)k * 0x1p-52), 0.0f, g, -g);
	}
	assert_true(accepted > checked / 2);
}

/* Random lanes: barycentric-like lw in [0, 1), any lw with exponents
 * -10..5, and floats of exponents -10..10 (a quarter of them -40..40). */
static void test_random(void **state)
{
	(void)state;
	checked = accepted = 0;
	uint64_t r = 0x243f6a8885a308d3u;
	for (unsigned i = 0; i < (1u << 21); i++) {
		r ^= r << 13, r ^= r >> 7, r ^= r << 17;
		uint64_t r2 = r * 0x9e3779b97f4a7c15u;
		float v[3];
		for (int j = 0; j < 3; j++) {
			uint32_t w = (uint32_t)(r2 >> (j * 20));
			uint32_t e = i % 4 == 3 ? 87 + (w >> 23) % 81 : 117 + (w >> 23) % 21;
			v[j] = bitsf((w & 0x807fffffu) | e << 23);
		}
		double lw1, lw2;
		if (i & 1) {
			lw1 = bitsd((r & 0x000fffffffffffffu) | (UINT64_C(1013) + (r >> 58)) << 52);
			lw2 = bitsd((r2 & 0x800fffffffffffffu) | (UINT64_C(1013) + (r2 >> 58)) << 52);
		} else {
			lw1 = (double)(r >> 11) * 0x1p-52;
			lw2 = (double)(r2 >> 11) * 0x1p-52;
		}
		check(lw1, lw2, v[0], v[1], v[2]);
		check(lw1, lw2, v[0], v[0], v[2]); /* one vertex equal to C */
		check(lw1, lw2, v[0], v[0], v[0]); /* a constant varying */
	}
	assert_true(accepted > checked / 4 * 3);
}

/* Exact products (pipe_vary_scaled()): d1, d2 each ±0 or a power of two
 * (v and C of 0, ±1, 0.5, 2^-149 .. 2^127) with any lw bits: denormal,
 * huge, Inf, NaN, products leaving the range. */
static void test_scaled(void **state)
{
	(void)state;
	checked = accepted = scaled = 0;
	const float cs[] = { 0.0f, -0.0f, 1.0f, 0.5f, -2.0f };
	uint64_t r = 0xb7e151628aed2a6bu;
	for (unsigned i = 0; i < (1u << 20); i++) {
		r ^= r << 13, r ^= r >> 7, r ^= r << 17;
		uint64_t r2 = r * 0x9e3779b97f4a7c15u;
		float c = cs[r2 >> 61 & 3 ? (r2 >> 61 & 3) : 0];
		c = (r2 >> 60 & 1) ? cs[4] : c;
		float v[2];
		for (int j = 0; j < 2; j++) {
			uint32_t w = (uint32_t)(r2 >> (8 * j));
			v[j] = w & 3 ? c : ldexpf(w & 4 ? -1.0f : 1.0f, (int)(w >> 3 & 0xff) % 277 - 149);
			v[j] = (w & 0x3f00) == 0x100 ? c + 1.0f : v[j];
		}
		double lw1 = bitsd(r), lw2 = bitsd(r2);
		if (i & 1) { /* ordinary lambda / w values */
			lw1 = (double)(r >> 11) * 0x1p-53;
			lw2 = (double)(r2 >> 11) * 0x1p-52;
		}
		check(lw1, lw2, c, v[0], v[1]);
		check(lw1, -0.0, c, v[0], v[1]);
		check(0x1p-1060, lw2, c, c, v[1]);
	}
	assert_true(scaled > checked / 4);
}

/* pipe_vary_scaled_lanes() against pipe_vary_scaled() lane by lane: it
 * answers exactly when every lane does, with the same bits. Differences
 * ±0 and ±2^k (k from -149 to 127, as v - C gives), lanes of random bits,
 * edge doubles, ordinary lambda / w values and signed zeros. */
static void test_scaled_lanes(void **state)
{
	(void)state;
	uint64_t r = 0x243f6a8885a308d3u;
	unsigned yes = 0, no = 0;
	for (unsigned it = 0; it < (1u << 16); it++) {
		static const double near[8] = { /* products at the range's ends */
			1.0, 0x1.fffffffffffffp-1, 0.5, 2.0, 0x1p-1, 0x1.0000000000001p0,
			0x1.fffffp-2, 0x1p-10,
		};
		double d[2], lw[2][16];
		for (int j = 0; j < 2; j++) {
			r ^= r << 13, r ^= r >> 7, r ^= r << 17;
			static const int ks[8] = { -149, -126, -125, -1, 0, 1, 126, 127 };
			int k = r & 8 ? ks[r >> 32 & 7] : (int)(r >> 40 & 0x1ff) % 277 - 149;
			d[j] = (r & 3) == 0 ? 0.0 : (r & 3) == 1 ? -0.0 : ldexp(r & 4 ? -1.0 : 1.0, k);
		}
		if (d[0] != 0.0 && d[1] != 0.0)
			d[it & 1] = it & 2 ? -0.0 : 0.0;
		for (int j = 0; j < 2; j++)
			for (int i = 0; i < 16; i++) {
				r ^= r << 13, r ^= r >> 7, r ^= r << 17;
				unsigned m = (unsigned)(r >> 59);
				lw[j][i] = m < 20 ? (double)(r >> 11) * 0x1p-53 :
					   m < 24 ? bitsd(r) :
					   m < 26 ? edge_d[(r >> 20) % N_EDGE_D] :
					   m < 28 ? near[(r >> 20) % 8] :
					   (m & 1 ? -0.0 : 0.0);
				if ((it & 12) == 0 && m < 28)
					lw[j][i] = (double)(r >> 11) * 0x1p-53; /* mostly accepted */
			}
		struct pipe_vary_scale s1 = pipe_vary_scale_of(d[0]), s2 = pipe_vary_scale_of(d[1]);
		assert_true(s1.exact && s2.exact && (s1.zero || s2.zero));
		uint32_t got[16], want[16];
		bool all = true;
		for (int i = 0; i < 16; i++) {
			uint64_t b1, b2;
			memcpy(&b1, &lw[0][i], 8);
			memcpy(&b2, &lw[1][i], 8);
			all &= pipe_vary_scaled(b1, b2, &s1, &s2, &want[i]);
		}
		bool ok = pipe_vary_scaled_lanes(lw[0], lw[1], &s1, &s2, got);
		if (ok != all)
			fail_msg("iteration %u: lanes %d, per lane %d (d1 %a d2 %a)", it, ok, all, d[0],
				 d[1]);
		if (ok) {
			yes++;
			for (int i = 0; i < 16; i++)
				if (got[i] != want[i])
					fail_msg("iteration %u lane %d: lw1 %a lw2 %a d1 %a d2 %a: got "
						 "0x%08x want 0x%08x", it, i, lw[0][i], lw[1][i], d[0],
						 d[1], got[i], want[i]);
		} else {
			no++;
		}
	}
	assert_true(yes > 1000 && no > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diff_exact),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_boundaries),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_scaled),
		cmocka_unit_test(test_scaled_lanes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
