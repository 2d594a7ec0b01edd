/*
 * pipe_tmu.h: what the TMU's three units share (internal to pipe_tmu*.c):
 * the texture a request's configuration words describe, the place of one
 * mip level of one cube face (its geometry is src/tiling's), and the entry
 * points of the texel unit (pipe_tmu_texel.c: texel decoding, ETC1) and of the filter unit
 * (pipe_tmu_filter.c: wrap modes, border, nearest and bilinear), and the
 * inline helpers of its positions (tmu_pos8(): the 8-bit one in integers).
 * pipe_tmu.c decodes requests, selects cube faces and mip levels.
 */
#ifndef VC4_SIM_PIPE_TMU_H
#define VC4_SIM_PIPE_TMU_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sim/pipe/pipe_internal.h"
#include "tiling/tiling.h"

struct tmu_format;

/* A texture as P0..P3 describe it. */
struct tmu_tex {
	uint32_t base;                       /* level 0 of face 0 */
	uint32_t cube_stride;                /* bytes from one face to the next; 0: 2D */
	uint32_t type;                       /* enum vc4_texture_data_type */
	uint32_t levels;                     /* Number of Mipmap Levels minus 1, plus 1 */
	uint32_t width, height;              /* level 0, texels */
	bool flip_y, etc_flip;
	enum vc4_texture_wrap_mode wrap_s, wrap_t;
	uint32_t min_filter, mag_filter;     /* P1's fields */
	const struct tmu_format *fmt;        /* how its texels decode */
	bool word;                           /* a texel is its 4 bytes as a little-endian word, */
	uint32_t word_or;                    /* ORed with this (tmu_format_word()) */
	const struct tiling_texel_type *texel; /* its name and sizes */
};

/* One mip level of one face: its address, and its size and layout
 * (src/tiling). */
struct tmu_level {
	int64_t addr;                        /* may lie below memory: checked per texel */
	struct tiling_level l;
	struct tiling_addr a;                /* the level's texel addresses */
};

/* pipe_tmu_texel.c. How texels of type `type` decode, or NULL when the
 * simulator does not model the type (or it is not one). */
const struct tmu_format *tmu_format(uint32_t type);

/* Whether a texel of format f is its 4 bytes read as a little-endian word
 * ORed with *or_mask (RGBA8888, RGBX8888, RGBA32R): the word filter's
 * fast path (pipe_tmu_filter.c) reads those directly. */
bool tmu_format_word(const struct tmu_format *f, uint32_t cpp, uint32_t *or_mask);

/* The geometry of mip level `level` of cube face `face` (0 for 2D). */
void tmu_level(const struct tmu_tex *t, uint32_t face, uint32_t level, struct tmu_level *l);

/* The result word of texel (x, y), inside level l. */
bool tmu_texel(struct sim_pipe *p, const struct tmu_tex *t, const struct tmu_level *l,
	       uint32_t x, uint32_t y, uint32_t *out, struct vc4_diag *diag);

/* pipe_tmu_filter.c. One lane's lookup in level l at (s, t) (0..1 across
 * the level), nearest or bilinear, with the texture's wrap modes; texels
 * outside a border-wrapped axis are `border`. */
bool tmu_filter(struct sim_pipe *p, const struct tmu_tex *t, const struct tmu_level *l,
		bool linear, double s, double tc, uint32_t border, uint32_t *out,
		struct vc4_diag *diag);

/* floor((s * w - 0.5) * 256), a bilinear position in 2^-8 texels as
 * pipe_tmu_filter.c's double path computes it with 8-bit weights, in
 * integers: for s holding a float (or zero) and 1 <= w <= 4096 with
 * 2^-8 <= |s * w| < 2^39 (or s = 0), where s * w (36 bits) and its
 * difference with 0.5 (at most 44 bits) are exact in doubles, so in any
 * rounding mode. Returns false, *out unset, outside that domain. */
static inline bool tmu_pos8(double s, uint32_t w, int64_t *out)
{
	uint64_t b;
	memcpy(&b, &s, 8);
	uint32_t be = (uint32_t)(b >> 52) & 0x7ff;
	uint64_t f = b & ((UINT64_C(1) << 52) - 1);
	if (w == 0 || w > 4096 || be == 0x7ff || (f & ((UINT64_C(1) << 29) - 1)))
		return false;
	if (be == 0) {
		if (f)
			return false;
		*out = -128;
		return true;
	}
	uint64_t m = (f | UINT64_C(1) << 52) >> 29, mw = m * w;
	int k = (int)be - 1075 + 29 + 8; /* |s * w * 256| = mw * 2^k */
	int len = 64 - __builtin_clzll(mw);
	if (len - 1 + k < 0 || len + k > 47)
		return false;
	int64_t x;
	if (k >= 0) {
		x = (int64_t)(mw << k);
		x = b >> 63 ? -x : x;
	} else {
		uint64_t q = mw >> -k, rest = mw & ((UINT64_C(1) << -k) - 1);
		x = b >> 63 ? -(int64_t)(q + (rest != 0)) : (int64_t)q;
	}
	*out = x - 128;
	return true;
}

/* floor(v), the same double, without a libm call for |v| < 2^52 (the
 * truncation to an integer is exact there; zeros keep their sign through
 * floor() itself). */
static inline double tmu_floor(double v)
{
	if (!(v > -4503599627370496.0 && v < 4503599627370496.0) || v == 0)
		return floor(v);
	double t = (double)(int64_t)v;
	return t > v ? t - 1.0 : t;
}

/* lround(x), the same value, without a libm call for 0 <= x < 2^52 (x
 * minus its floor is exact there; halves round up, away from zero). */
static inline long tmu_lround(double x)
{
	if (!(x >= 0 && x < 4503599627370496.0))
		return lround(x);
	double r = tmu_floor(x);
	return (long)r + (x - r >= 0.5);
}

/* floor(v) as an integer; NaN reads 0 and huge values saturate (wrapping
 * makes any of them a valid texel). */
static inline int64_t tmu_ifloor(double v)
{
	if (!(v > -1e15))
		return v < 0 ? (int64_t)-1e15 : 0;
	if (v > 1e15)
		return (int64_t)1e15;
	return (int64_t)tmu_floor(v);
}

/* v rounded down to a multiple of 2^-8 (the 8-bit fraction options), or v
 * itself with SIM_TMU_FRAC_EXACT. */
static inline double tmu_quantise(enum sim_tmu_frac frac, double v)
{
	if (frac == SIM_TMU_FRAC_EXACT || !(fabs(v) < 1e15))
		return v;
	return tmu_floor(v * 256.0) / 256.0;
}

#endif
