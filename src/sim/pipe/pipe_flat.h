/*
 * pipe_flat.h: depth and W that are the same at every vertex of a triangle
 * (a triangle parallel to the screen, no perspective: 2D and orthographic
 * drawing), whose lanes' z24 and w are then one value per triangle,
 * without the per-lane double arithmetic of pipe_raster.c (13 double
 * operations a lane, each a call into QEMU's soft float under qemu-arm).
 *
 * Why the value is the same, bit for bit. A lane computes, in the host's
 * rounding (u = 2^-52 bounds a rounding's relative error in either
 * round-to-nearest or toward zero), l_k = e_k / den (den > 0, the edge
 * values e_k integers whose exact quotients lambda_k sum to 1: the edge
 * functions sum to the area everywhere), S = l0 z + l1 z + l2 z,
 * z' = S * M + zoff (M = 2^24 - 1), and iw = l0 w + l1 w + l2 w, 1 / iw.
 * With L = sum |lambda_k| <= 2^8 (the caller checks it per block from the
 * block's corners), |S - z| <= 5 u L |z| and |iw - w| <= 5 u L |w| (three
 * products, two sums; the exact sum is z, resp. w). So:
 * - depth: with |z M| and |F| < 2^25, z' is within 2^25 (5 u 2^8 + 3 u)
 *   < 2^-16 of the per-triangle F = z M + zoff (F's roundings counted).
 *   The lane's integer, pipe_z24_rn(z') (x86: the same by a clamp and
 *   (int)(z' + 0.5)), is a step function of z' with steps at k + 0.5
 *   (k = 0 .. M - 1): 0 up to 0.5, M from M - 0.5. So when F is at most
 *   0.25, at least M - 0.25, or has F + 0.5 at least 2^-12 from an
 *   integer, every lane's integer is F's;
 * - W: 1 / iw is within a relative 2^-41 of q = 1 / w, at most 2^12 of
 *   q's double ulps; when q's exponent is well inside float's normal range
 *   and its low 29 bits are at least 2^16 from the float rounding's
 *   midpoint, every lane's float is q's float.
 * Tests: tests/simpipe (the flat cases against the lane arithmetic).
 */
#ifndef VC4_PIPE_FLAT_H
#define VC4_PIPE_FLAT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sim/pipe/pipe_conv.h"

/* A triangle's constant lanes: `z` (z24 valid), `w` (wbits valid). */
struct pipe_flat {
	bool z, w;
	uint32_t z24, wbits;
};

/* The lanes' depth integer for depth zs at all three vertices and the
 * triangle's offset zoff, or false when it cannot be shown constant. */
static inline bool pipe_flat_z(float zs, double max, double zoff, uint32_t *z24)
{
	double zm = (double)zs * max, f = zm + zoff;
	/* NaN fails every compare */
	if (!(zm < 33554432.0 && zm > -33554432.0 && f < 33554432.0 && f > -33554432.0))
		return false;
	if (f > 0.25 && f < max - 0.25) { /* not clamped to 0 or max */
		double h = f + 0.5;
		int32_t n = (int32_t)h;      /* h > 0: truncation is the floor */
		double frac = h - (double)n; /* exact */
		if (!(frac >= 1.0 / 4096 && frac <= 1.0 - 1.0 / 4096))
			return false;
	}
	*z24 = pipe_z24_rn(f, max);
	return true;
}

/* The lanes' W float bits for inv_wc w at all three vertices, or false. */
static inline bool pipe_flat_w(float w, uint32_t *bits)
{
	double q = 1.0 / (double)w;
	uint64_t b;
	memcpy(&b, &q, 8);
	uint32_t e = (uint32_t)(b >> 52 & 0x7ff), rest = (uint32_t)b & 0x1fffffffu;
	if (e < 1023 - 125 || e > 1023 + 125) /* also 0, Inf, NaN */
		return false;
	uint32_t dist = rest > 0x10000000u ? rest - 0x10000000u : 0x10000000u - rest;
	if (dist < (1u << 16))
		return false;
	*bits = pipe_to_float_rn_bits(q);
	return true;
}

/* Both for a triangle's three vertices' zs and inv_wc. */
static inline struct pipe_flat pipe_flat_setup(const float zs[3], const float w[3], double max,
					       double zoff)
{
	struct pipe_flat f = { false, false, 0, 0 };
	uint32_t z[3], iw[3];
	memcpy(z, zs, sizeof(z));
	memcpy(iw, w, sizeof(iw));
	if (z[0] == z[1] && z[0] == z[2])
		f.z = pipe_flat_z(zs[0], max, zoff, &f.z24);
	if (iw[0] == iw[1] && iw[0] == iw[2])
		f.w = pipe_flat_w(w[0], &f.wbits);
	return f;
}

#endif
