/*
 * test_tmu_pos8.c: the bilinear position in integers (tmu_pos8() in
 * pipe_tmu.h) against the double computation of pipe_tmu_filter.c it
 * stands for, floor((s * w - 0.5) * 256) with the host in round-toward-
 * zero: every float bit pattern of a sweep (stride TMU_POS8_STRIDE, 1
 * for all 2^32) for level sizes 1, 3, 255, 256, 2048 and 4096, random
 * (float, size) pairs, and the domain's edges (zeros, |s * w| at 2^-8 and
 * 2^39, tiny negative positions, where the rounding mode would matter and
 * the function must refuse).
 */
#include <fenv.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "sim/pipe/pipe_tmu.h"

/* pipe_tmu_filter.c's 8-bit position in round-toward-zero; false where
 * it would not take that path (|u - 0.5| >= 1e12) */
static bool ref_pos(float sf, uint32_t w, int64_t *out)
{
	volatile double s = sf, u;
	int saved = fegetround();
	fesetround(FE_TOWARDZERO);
	u = s * w;
	u = u - 0.5;
	bool ok = fabs(u) < 1e12;
	if (ok)
		*out = (int64_t)tmu_floor(u * 256.0);
	fesetround(saved);
	return ok;
}

static unsigned checked;

static void check(float s, uint32_t w)
{
	int64_t got, want = 0;
	if (!tmu_pos8(s, w, &got))
		return;
	checked++;
	if (!ref_pos(s, w, &want) || got != want)
		fail_msg("s %a w %u: got %lld want %lld", (double)s, w, (long long)got,
			 (long long)want);
}

static void test_sweep(void **state)
{
	(void)state;
	const char *e = getenv("TMU_POS8_STRIDE");
	uint64_t stride = e ? strtoull(e, NULL, 0) : 4099;
	const uint32_t ws[] = { 1, 3, 255, 256, 2048, 4096 };
	checked = 0;
	for (size_t k = 0; k < sizeof(ws) / sizeof(ws[0]); k++)
		for (uint64_t b = k; b < (UINT64_C(1) << 32); b += stride) {
			uint32_t bits = (uint32_t)b;
			float s;
			memcpy(&s, &bits, 4);
			check(s, ws[k]);
		}
	assert_true(checked > 0);
}

static void test_random(void **state)
{
	(void)state;
	uint64_t r = 0x243f6a8885a308d3u;
	for (unsigned i = 0; i < (1u << 20); i++) {
		r ^= r << 13;
		r ^= r >> 7;
		r ^= r << 17;
		/* floats of exponent -20..20, any mantissa and sign */
		uint32_t bits = (uint32_t)(r & 0x807fffffu) | (uint32_t)(107 + (r >> 40) % 41) << 23;
		float s;
		memcpy(&s, &bits, 4);
		check(s, 1 + (uint32_t)(r >> 52) % 4096);
	}
}

static void test_edges(void **state)
{
	(void)state;
	int64_t v;
	assert_true(tmu_pos8(0.0, 64, &v));
	assert_int_equal(v, -128);
	assert_true(tmu_pos8(-0.0, 64, &v));
	assert_int_equal(v, -128);
	assert_true(tmu_pos8(0.5, 64, &v)); /* (32 - 0.5) * 256 */
	assert_int_equal(v, 8064);
	assert_true(tmu_pos8(-0x1p-14, 64, &v)); /* u = -2^-8: -128 - 1 */
	assert_int_equal(v, -129);
	assert_true(tmu_pos8(0x1.000002p-14, 64, &v));
	assert_int_equal(v, -127);
	/* |u| below 2^-8: u - 0.5 may round, so refused */
	assert_false(tmu_pos8(-0x1p-60, 64, &v));
	assert_false(tmu_pos8(0x1.fffffep-15, 64, &v));
	/* |u| at 2^39 and beyond, NaN, infinity, a double that is no float,
	 * a size of 0 or above 4096 */
	assert_false(tmu_pos8(0x1p33, 64, &v));
	assert_true(tmu_pos8(0x1.fffffep32, 64, &v));
	assert_false(tmu_pos8(NAN, 64, &v));
	assert_false(tmu_pos8(INFINITY, 64, &v));
	assert_false(tmu_pos8(0.1, 64, &v));
	assert_false(tmu_pos8(0.5, 0, &v));
	assert_false(tmu_pos8(0.5, 4097, &v));
	/* the reference agrees on the taken edges */
	checked = 0;
	const float s[] = { 0.0f, -0.0f, 0.5f, -0x1p-14f, 0x1.000002p-14f, 0x1.fffffep32f,
			    -0x1.fffffep32f, 1.0f / 3, -7.75f };
	for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++)
		check(s[i], 64);
	assert_int_equal(checked, sizeof(s) / sizeof(s[0]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_sweep),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
