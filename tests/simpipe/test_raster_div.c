/*
 * test_raster_div.c: the rasteriser's barycentric divisions by one
 * reciprocal and two FMAs (pipe_div_lanes_fma() in pipe_div.h) against
 * the division they replace, in round-to-nearest: edge pairs (zero, one,
 * the largest numerators and denominators of the range, powers of two),
 * quotients placed next to the midpoints between two doubles (where a
 * quotient without the FMA correction rounds the other way) and random
 * integer pairs, exactly. Skipped where the host has no AVX2 and FMA (or
 * the path is not compiled: other hosts, the sanitizer builds).
 */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sim/pipe/pipe_div.h"

#define TWO53 9007199254740992.0 /* 2^53 */

static uint64_t seed = 0x2545f4914f6cdd1dull;

static uint64_t next(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return seed;
}

/* An integer below 2^bits with a random bit length, so that small and
 * large magnitudes are both common. */
static int64_t random_int(int bits)
{
	int len = 1 + (int)(next() % (uint64_t)bits);
	return (int64_t)(next() >> (64 - len));
}

static bool have_fma(void)
{
#if PIPE_AVX2
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
	return false;
#endif
}

/* The 48 quotients ed / den through pipe_div_lanes_fma(), each against the
 * division; returns the number of differences (the first printed). */
static unsigned check_block(const double ed[3][16], double den)
{
	unsigned bad = 0;
#if PIPE_AVX2
	double got[3][16];
	pipe_div_lanes_fma(ed, den, got);
	for (int k = 0; k < 3; k++)
		for (int i = 0; i < 16; i++) {
			volatile double num = ed[k][i];
			double want = num / den;
			if (memcmp(&got[k][i], &want, 8) != 0 && bad++ == 0)
				print_error("%.17g / %.17g: got %a want %a\n", ed[k][i], den,
					    got[k][i], want);
		}
#else
	(void)ed;
	(void)den;
#endif
	return bad;
}

/* Every numerator of list `e` over every denominator of list `d`. */
static unsigned check_lists(const double *e, size_t ne, const double *d, size_t nd)
{
	unsigned bad = 0;
	for (size_t j = 0; j < nd; j++)
		for (size_t i = 0; i < ne; i += 48) {
			double ed[3][16];
			for (int l = 0; l < 48; l++)
				ed[l / 16][l % 16] = e[(i + (size_t)l) % ne];
			bad += check_block(ed, d[j]);
		}
	return bad;
}

static void test_edges(void **state)
{
	(void)state;
	if (!have_fma())
		skip();
	static const double e[] = {
		0.0, -0.0, 1.0, -1.0, 2.0, 3.0, -3.0, 7.0, 1024.0, 65535.0, 4294967295.0,
		4294967297.0, 17592186044415.0, -17592186044416.0, 140737488355327.0,
		TWO53 - 1.0, -(TWO53 - 1.0), TWO53 / 2.0, 6004799503160661.0,
		3002399751580331.0, -1234567890123.0, 999999999999999.0, 5.0, 9.0, 11.0,
	};
	static const double d[] = {
		1.0, 2.0, 3.0, 5.0, 7.0, 10.0, 49.0, 255.0, 256.0, 65536.0, 1048575.0,
		4194304.0, 17592186044415.0, 17592186044416.0, 8796093022207.0,
		140737488355327.0, 140737488355328.0 - 2.0, 3.0 * 4398046511104.0 + 1.0,
	};
	assert_int_equal(check_lists(e, sizeof(e) / sizeof(e[0]), d, sizeof(d) / sizeof(d[0])), 0);
}

/* Quotients next to a midpoint: for a random double q and den, e the
 * integer nearest to (q + ulp(q) / 2) den, then e - 2 .. e + 2. */
static void test_midpoints(void **state)
{
	(void)state;
	if (!have_fma())
		skip();
	unsigned bad = 0;
	for (int n = 0; n < 20000; n++) {
		double den = (double)(random_int(44) | 1), ed[3][16];
		for (int l = 0; l < 48; l++) {
			double q = ldexp((double)(next() >> 11), -53 + (int)(next() % 40));
			if (q == 0.0)
				q = 1.0;
			long double mid = ((long double)q + (long double)nextafter(q, INFINITY)) / 2;
			long double e = roundl(mid * den) + (long double)(l % 5) - 2;
			if (e >= (long double)TWO53)
				e = (long double)TWO53 - 1;
			ed[l / 16][l % 16] = (next() & 1) ? (double)e : -(double)e;
		}
		bad += check_block(ed, den);
	}
	assert_int_equal(bad, 0);
}

/* Random integers: |e| < 2^53, den below 2^47 (and below 2^44, the range
 * the rasteriser uses it for). */
static void test_random(void **state)
{
	(void)state;
	if (!have_fma())
		skip();
	unsigned bad = 0;
	for (int n = 0; n < 40000; n++) {
		double den = (double)random_int(n & 1 ? 47 : 44), ed[3][16];
		if (den == 0.0)
			den = 1.0;
		for (int l = 0; l < 48; l++) {
			double e = (double)random_int(n & 2 ? 53 : 45);
			ed[l / 16][l % 16] = (next() & 1) ? e : -e;
		}
		bad += check_block(ed, den);
	}
	assert_int_equal(bad, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_midpoints),
		cmocka_unit_test(test_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
