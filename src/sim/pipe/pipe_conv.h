/*
 * pipe_conv.h: two conversions of the rasteriser's lanes (pipe_raster.c,
 * block_lanes()) in integer code, for hosts whose pipeline runs in
 * round-to-nearest (every host but x86): a double to float as
 * pipe_to_float() rounds it (the W payload) and the depth's double to its
 * 24-bit integer. Under qemu-arm each float conversion and compare is a
 * call into QEMU's software float; these read the doubles' bits instead
 * and give the same results (tests/simpipe/test_conv_rn.c).
 */
#ifndef VC4_PIPE_CONV_H
#define VC4_PIPE_CONV_H

#include <stdint.h>
#include <string.h>

#include "sim/pipe/pipe_internal.h"

/* The bits of pipe_to_float(v) with the host in round-to-nearest: where
 * 2^-126 <= |v| < 2^127 (a normal float, no clamp), v's significand
 * rounded to 24 bits, ties to even (a carry moves into the exponent, which
 * stays finite); elsewhere (zeros, denormal floats, the clamp, Inf, NaN)
 * the float conversion itself. */
static inline uint32_t pipe_to_float_rn_bits(double v)
{
	uint64_t b;
	memcpy(&b, &v, 8);
	uint32_t e = (uint32_t)(b >> 52 & 0x7ff);
	if (e < 1023 - 126 || e > 1023 + 126) {
		float f = pipe_to_float(v);
		uint32_t fb;
		memcpy(&fb, &f, 4);
		return fb;
	}
	uint32_t keep = (uint32_t)(b >> 29) & 0x7fffffu, rest = (uint32_t)b & 0x1fffffffu;
	uint32_t up = (rest > 0x10000000u) | ((rest == 0x10000000u) & keep);
	return (((uint32_t)(b >> 32) & 0x80000000u) | (e - 1023 + 127) << 23 | keep) + up;
}

/* The depth's integer from z, the interpolated depth times 2^24 - 1 plus
 * the offset: NaN and z <= 0 give 0, z above max (16777215.0) gives max,
 * otherwise z + 0.5 (one double addition, in the host's round-to-nearest)
 * truncated. The compares and the truncation on the bits. */
static inline uint32_t pipe_z24_rn(double z, double max)
{
	uint64_t b, bm;
	memcpy(&b, &z, 8);
	memcpy(&bm, &max, 8);
	if ((int64_t)b <= 0 || b > UINT64_C(0x7ff0000000000000)) /* <= +0, negative, NaN */
		return 0;
	if (b > bm)
		z = max;
	double h = z + 0.5;
	memcpy(&b, &h, 8);
	uint32_t e = (uint32_t)(b >> 52); /* positive: no sign bit */
	if (e < 1023)
		return 0;
	uint64_t m = (b & UINT64_C(0x000fffffffffffff)) | UINT64_C(0x0010000000000000);
	return (uint32_t)(m >> (52 - (e - 1023))); /* h < 2^25: shift 28..52 */
}

#endif
