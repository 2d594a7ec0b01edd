/*
 * tiling_layout.c: micro-tile shapes and the three image layouts. Raster:
 * rows of texels, each padded to whole micro-tile widths. LT: 64-byte
 * micro-tiles in raster order. T: 4 KiB tiles of 8x8 micro-tiles, tile
 * rows alternating direction (even rows left to right, odd rows right to
 * left); inside a tile four 1 KiB sub-tiles of 4x4 micro-tiles in raster
 * order, whose places depend on the quadrant and on the tile row's parity
 * (docs/tiling.md).
 */
#include "tiling/tiling.h"

#include <assert.h>

/* Micro-tile width and height by cpp (index 0..8; 0 where undefined). */
static const uint8_t utile_w[9] = { [1] = 8, [2] = 8, [4] = 4, [8] = 2 };
static const uint8_t utile_h[9] = { [1] = 8, [2] = 4, [4] = 4, [8] = 4 };

bool tiling_cpp_valid(uint32_t cpp)
{
	return cpp < 9 && utile_w[cpp] != 0;
}

uint32_t tiling_utile_w(uint32_t cpp)
{
	assert(tiling_cpp_valid(cpp));
	return cpp < 9 ? utile_w[cpp] : 1;
}

uint32_t tiling_utile_h(uint32_t cpp)
{
	assert(tiling_cpp_valid(cpp));
	return cpp < 9 ? utile_h[cpp] : 1;
}

/* v rounded up to a multiple of a (a > 0). */
static uint32_t align_up(uint32_t v, uint32_t a)
{
	return (uint32_t)(((uint64_t)v + a - 1) / a * a);
}

bool tiling_is_lt(uint32_t width, uint32_t height, uint32_t cpp)
{
	return width <= 4 * tiling_utile_w(cpp) || height <= 4 * tiling_utile_h(cpp);
}

void tiling_padded(enum vc4_tiling_format tiling, uint32_t cpp, uint32_t width,
		   uint32_t height, uint32_t *padded_w, uint32_t *padded_h)
{
	uint32_t uw = tiling_utile_w(cpp), uh = tiling_utile_h(cpp);
	switch (tiling) {
	case VC4_TILING_FORMAT_T:
		*padded_w = align_up(width, 8 * uw);
		*padded_h = align_up(height, 8 * uh);
		break;
	case VC4_TILING_FORMAT_LT:
		*padded_w = align_up(width, uw);
		*padded_h = align_up(height, uh);
		break;
	default:
		*padded_w = align_up(width, uw);
		*padded_h = height;
		break;
	}
}

uint64_t tiling_bytes(enum vc4_tiling_format tiling, uint32_t cpp, uint32_t width,
		      uint32_t height)
{
	uint32_t w, h;
	tiling_padded(tiling, cpp, width, height, &w, &h);
	return (uint64_t)w * h * cpp;
}

uint32_t tiling_raster_stride(uint32_t cpp, uint32_t width)
{
	return align_up(width, tiling_utile_w(cpp)) * cpp;
}

/* The layouts' formulas are written once, in tiling_addr_offset() and
 * tiling_addr_utile_offset() (tiling.h, inline for the simulator's loops);
 * these set an image up for one address. */
uint64_t tiling_utile_offset(enum vc4_tiling_format tiling, uint32_t cpp, uint32_t width,
			     uint32_t ux, uint32_t uy)
{
	struct tiling_addr a;
	tiling_addr_init(&a, tiling == VC4_TILING_FORMAT_LT ? tiling : VC4_TILING_FORMAT_T, cpp,
			 width);
	return tiling_addr_utile_offset(&a, ux, uy);
}

uint64_t tiling_offset(enum vc4_tiling_format tiling, uint32_t cpp, uint32_t width,
		       uint32_t x, uint32_t y)
{
	struct tiling_addr a;
	tiling_addr_init(&a, tiling, cpp, width);
	return tiling_addr_offset(&a, x, y);
}

/* log2 of a micro-tile side (1, 2, 4 or 8). */
static uint32_t log2_side(uint32_t v)
{
	return v >= 8 ? 3 : v >= 4 ? 2 : v >= 2 ? 1 : 0;
}

void tiling_addr_init(struct tiling_addr *a, enum vc4_tiling_format tiling, uint32_t cpp,
		      uint32_t width)
{
	uint32_t uw = tiling_utile_w(cpp);
	a->tiling = tiling;
	a->cpp = cpp;
	a->uw_log2 = log2_side(uw);
	a->uh_log2 = log2_side(tiling_utile_h(cpp));
	if (tiling == VC4_TILING_FORMAT_LT)
		a->row = align_up(width, uw) / uw;
	else if (tiling == VC4_TILING_FORMAT_T)
		a->row = align_up(width, 8 * uw) / (8 * uw);
	else
		a->row = tiling_raster_stride(cpp, width);
}
