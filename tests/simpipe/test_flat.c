/*
 * test_flat.c: the constant depth and W of a triangle whose vertices share
 * them (pipe_flat.h) against the rasteriser's lane arithmetic
 * (pipe_raster.c's portable path: barycentrics e_k / den, the depth's and
 * W's sums of products, pipe_z24_rn() and pipe_to_float_rn_bits()), with
 * lanes whose sum |lambda_k| reaches the 2^8 the rasteriser allows, depths
 * and offsets near the accepted margins around the depth's steps, and W
 * near the float rounding's midpoint; every accepted case exactly.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "sim/pipe/pipe_flat.h"

#define Z24_MAX 16777215.0

static uint32_t rng_state = 12345;

static uint32_t rnd(void)
{
	rng_state = rng_state * 1664525u + 1013904223u;
	return rng_state >> 8 ^ rng_state << 13;
}

/* A lane: edge values e[3] summing to den > 0, sum |e| <= 2^8 den. */
static void lane(int64_t den, int64_t e[3])
{
	for (;;) {
		int64_t span = 256 * den;
		e[0] = (int64_t)(rnd() % (uint32_t)(span + 1)) - span / 2;
		e[1] = (int64_t)(rnd() % (uint32_t)(span + 1)) - span / 2;
		e[2] = den - e[0] - e[1];
		if (llabs(e[0]) + llabs(e[1]) + llabs(e[2]) <= span)
			return;
	}
}

/* pipe_raster.c's lane arithmetic for depth z at all three vertices */
static void lane_values(const int64_t e[3], int64_t den, float z, float w, double zoff,
			uint32_t *z24, uint32_t *wbits)
{
	volatile double d = (double)den;
	double l0 = (double)e[0] / d, l1 = (double)e[1] / d, l2 = (double)e[2] / d;
	volatile double zd = z, wd = w;
	double zz = (l0 * zd + l1 * zd + l2 * zd) * Z24_MAX + zoff;
	*z24 = pipe_z24_rn(zz, Z24_MAX);
	volatile double iw = l0 * wd + l1 * wd + l2 * wd;
	*wbits = pipe_to_float_rn_bits(1.0 / iw);
}

static float rnd_float(float lo, float hi)
{
	return lo + (hi - lo) * (float)(rnd() & 0xffffff) / 16777216.0f;
}

/* One triangle: each accepted constant against 64 lanes. */
static int check(float z, float w, double zoff)
{
	const float zs[3] = { z, z, z }, ws[3] = { w, w, w };
	struct pipe_flat f = pipe_flat_setup(zs, ws, Z24_MAX, zoff);
	for (int i = 0; i < 64 && (f.z || f.w); i++) {
		int64_t den = 1 + (int64_t)(rnd() % (1u << (1 + rnd() % 20))), e[3];
		uint32_t z24, wb;
		lane(den, e);
		lane_values(e, den, z, w, zoff, &z24, &wb);
		if (f.z && z24 != f.z24)
			fail_msg("z %a zoff %a: lane %u flat %u", (double)z, zoff, z24, f.z24);
		if (f.w && wb != f.wbits)
			fail_msg("w %a: lane 0x%08x flat 0x%08x", (double)w, wb, f.wbits);
	}
	return f.z + f.w;
}

static void test_random(void **state)
{
	(void)state;
	int taken = 0;
	for (int i = 0; i < 3000; i++)
		taken += check(rnd_float(-0.5f, 1.5f), rnd_float(0.01f, 4.0f),
			       rnd() & 1 ? 0.0 : rnd_float(-100.0f, 100.0f));
	assert_true(taken > 4000);
}

/* offsets that put F + 0.5 just outside (and inside) the refused band */
static void test_depth_margin(void **state)
{
	(void)state;
	int taken = 0;
	for (int i = 0; i < 2000; i++) {
		float z = rnd_float(0.0f, 1.0f);
		double zm = (double)z * Z24_MAX, n = (double)(int32_t)zm;
		double off = (double)(int32_t)(rnd() % 9) - 4.0;
		double edge = (1.0 + (double)(rnd() % 64) / 32.0) / 4096;
		double zoff = n - zm + 0.5 + off + (rnd() & 1 ? edge : -edge);
		taken += check(z, 1.0f, zoff);
	}
	static const float ends[] = { 0.0f, -0.0f, 0.5f, 1.0f, 1.0f / 65536, 0.99999994f };
	for (size_t i = 0; i < sizeof(ends) / sizeof(ends[0]); i++)
		taken += check(ends[i], 1.0f, 0.0);
	assert_true(taken > 2000);
}

/* W whose 1 / w lies near the float rounding's midpoint */
static void test_w_margin(void **state)
{
	(void)state;
	int near = 0;
	for (int i = 0; i < 400000 && near < 200; i++) {
		uint32_t b = 0x3c000000u + rnd() % 0x06000000u;
		float w;
		memcpy(&w, &b, 4);
		double q = 1.0 / (double)w;
		uint64_t qb;
		memcpy(&qb, &q, 8);
		uint32_t rest = (uint32_t)qb & 0x1fffffffu;
		uint32_t dist = rest > 0x10000000u ? rest - 0x10000000u : 0x10000000u - rest;
		if (dist < (1u << 18)) {
			near++;
			check(0.25f, w, 0.0);
		}
	}
	static const float special[] = { 1.0f, 2.0f, 0.5f, 3.0f, 1e-30f, 1e30f, 0.0f, -1.0f };
	for (size_t i = 0; i < sizeof(special) / sizeof(special[0]); i++)
		check(0.25f, special[i], 0.0);
	assert_true(near >= 50);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_depth_margin),
		cmocka_unit_test(test_w_margin),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
