/*
 * test_conv_rn.c: the rasteriser's conversions on the bits
 * (pipe_to_float_rn_bits() and pipe_z24_rn() in pipe_conv.h) against the
 * float code they replace on the portable path, in round-to-nearest:
 * pipe_to_float(v), and the depth's clamp, + 0.5 and truncation. Edge
 * values (±0, denormals, float range ends, the clamp, ties, Inf, NaN,
 * huge, tiny) and many random doubles, exactly.
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sim/pipe/pipe_conv.h"

#define Z24_MAX 16777215.0

static double bitsd(uint64_t b)
{
	double d;
	memcpy(&d, &b, 8);
	return d;
}

/* pipe_raster.c's code on x86 */
static uint32_t ref_z24(double z)
{
	volatile double v = z;
	z = v;
	z = !(z > 0.0) ? 0.0 : z > Z24_MAX ? Z24_MAX : z;
	return (uint32_t)(int32_t)(z + 0.5);
}

static uint32_t ref_float(double v)
{
	volatile double x = v;
	float f = pipe_to_float(x);
	uint32_t b;
	memcpy(&b, &f, 4);
	return b;
}

static void check(double v)
{
	uint32_t got = pipe_to_float_rn_bits(v), want = ref_float(v);
	if (got != want)
		fail_msg("to float %a: got 0x%08x want 0x%08x", v, got, want);
	got = pipe_z24_rn(v, Z24_MAX);
	want = ref_z24(v);
	if (got != want)
		fail_msg("z24 %a: got %u want %u", v, got, want);
}

static const double edges[] = {
	0.0, -0.0, 0.5, 0.49999999999999994, 1.5, 2.5, 1.0, -1.0, 0x1p-1074, -0x1p-1074,
	0x1p-1022, 0x1p-126, 0x1.fffffep-127, 0x1.ffffffp-127, 0x1p-127, 0x1p-149,
	0x1p-150, 0x1.8p-150, 0x1p127, 0x1.fffffefffffffp126, 0x1.ffffffp126,
	0x1.fffffffffffffp126, 3.4e38, 3.5e38, FLT_MAX, DBL_MAX, INFINITY, -INFINITY, NAN,
	-NAN, 1.0 + 0x1p-24, 1.0 + 0x1.8p-24, 1.0 + 0x1p-23 + 0x1p-24, 1.0 + 0x1p-24 + 0x1p-52,
	Z24_MAX, Z24_MAX + 0.5, Z24_MAX - 0.5, Z24_MAX + 1, 8388607.5, 8388608.5, 1e300,
	-1e300, 16777214.5, 16777214.499999998,
};

static void test_edges(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
		check(edges[i]);
		check(-edges[i]);
		check(nextafter(edges[i], 0));
		check(nextafter(edges[i], INFINITY));
	}
	assert_int_equal(pipe_z24_rn(NAN, Z24_MAX), 0);
	assert_int_equal(pipe_z24_rn(INFINITY, Z24_MAX), 16777215);
	assert_int_equal(pipe_to_float_rn_bits(1.0 + 0x1p-24), 0x3f800000u);      /* tie: even */
	assert_int_equal(pipe_to_float_rn_bits(1.0 + 0x1.8p-23), 0x3f800002u);    /* tie: up */
	assert_int_equal(pipe_to_float_rn_bits(0x1.ffffffp126), 0x7f000000u);     /* carry */
}

/* Random doubles: any bits, exponents around the float range's ends, the
 * depth's range, and ties (the low 29 bits 2^28). */
static void test_random(void **state)
{
	(void)state;
	uint64_t r = 0x243f6a8885a308d3u;
	for (unsigned i = 0; i < (1u << 21); i++) {
		r ^= r << 13, r ^= r >> 7, r ^= r << 17;
		uint64_t m = r & UINT64_C(0x800fffffffffffff);
		check(bitsd(r));
		check(bitsd(m | (uint64_t)(1023 - 130 + (r >> 52) % 10) << 52));
		check(bitsd(m | (uint64_t)(1023 + 122 + (r >> 52) % 10) << 52));
		check(bitsd(m | (uint64_t)(1023 - 2 + (r >> 52) % 27) << 52));
		check(bitsd((m & ~UINT64_C(0x1fffffff)) | 0x10000000u |
			    (uint64_t)(1023 - 20 + (r >> 52) % 40) << 52));
		check((double)(r >> 40) * 0x1p-24 * Z24_MAX);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
