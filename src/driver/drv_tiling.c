/*
 * drv_tiling.c: the format table and the memory layouts the TMU and the
 * tile buffer use (kernel-vc4.md §d "Tiling formats"): raster rows, LT
 * (64-byte micro-tiles in raster order) and T (4 KiB tiles of 8x8 utiles,
 * tile rows alternating direction, each tile 2x2 sub-tiles of 1 KiB whose
 * order depends on the row's parity, each sub-tile 4x4 utiles in raster
 * order), and the conversion of one stored pixel to linear RGBA8.
 */
#include "drv.h"

const struct drv_format_info drv_formats[VC4_FMT_COUNT] = {
	[VC4_FMT_RGBA8888] = { "RGBA8888", 4, 0, 1, QIR_RT_RGBA8888, false },
	[VC4_FMT_RGB565] = { "RGB565", 2, 4, 2, QIR_RT_BGR565, false },
	[VC4_FMT_RGBA32R] = { "RGBA32R", 4, 16, -1, -1, false },
	[VC4_FMT_Z24S8] = { "Z24S8", 4, -1, -1, -1, true },
};

uint32_t drv_utile_w(uint32_t cpp)
{
	return cpp == 4 ? 4 : cpp == 8 ? 2 : 8;
}

uint32_t drv_utile_h(uint32_t cpp)
{
	return cpp == 1 ? 8 : 4;
}

static uint32_t align_up(uint32_t v, uint32_t a)
{
	return (v + a - 1) / a * a;
}

void drv_layout_size(enum vc4_layout layout, uint32_t cpp, uint32_t width, uint32_t height,
		     uint32_t *aligned_w, uint32_t *aligned_h, uint32_t *bytes)
{
	uint32_t uw = drv_utile_w(cpp), uh = drv_utile_h(cpp);
	uint32_t w = align_up(width, uw), h = height;
	if (layout == VC4_LAYOUT_T) {
		w = align_up(width, 8 * uw);
		h = align_up(height, 8 * uh);
	} else if (layout == VC4_LAYOUT_LT) {
		h = align_up(height, uh);
	}
	*aligned_w = w;
	*aligned_h = h;
	*bytes = w * h * cpp;
}

/* T format: which 1 KiB sub-tile of a 4 KiB tile holds the quadrant
 * (bit 1: upper/lower half, bit 0: left/right), for even and odd tile rows. */
static const uint8_t t_sub_even[4] = { 0, 3, 1, 2 };
static const uint8_t t_sub_odd[4] = { 2, 1, 3, 0 };

uint32_t drv_pixel_offset(enum vc4_layout layout, uint32_t cpp, uint32_t width, uint32_t x,
			  uint32_t y)
{
	uint32_t uw = drv_utile_w(cpp), uh = drv_utile_h(cpp);
	uint32_t in_utile = ((y % uh) * uw + x % uw) * cpp;
	if (layout == VC4_LAYOUT_RASTER)
		return y * align_up(width, uw) * cpp + x * cpp;
	if (layout == VC4_LAYOUT_LT)
		return ((y / uh) * (align_up(width, uw) / uw) + x / uw) * 64 + in_utile;
	uint32_t per_row = align_up(width, 8 * uw) / (8 * uw);
	uint32_t tx = x / (8 * uw), ty = y / (8 * uh);
	uint32_t col = (ty & 1) ? per_row - 1 - tx : tx;
	uint32_t quad = ((y / (4 * uh)) & 1) * 2 + ((x / (4 * uw)) & 1);
	uint32_t sub = (ty & 1) ? t_sub_odd[quad] : t_sub_even[quad];
	uint32_t ut = ((y / uh) % 4) * 4 + (x / uw) % 4;
	return (ty * per_row + col) * 4096 + sub * 1024 + ut * 64 + in_utile;
}

/* A bits-wide channel value scaled to 8 bits (top bits replicated). */
static uint8_t expand(uint32_t v, uint32_t bits)
{
	return (uint8_t)((v << (8 - bits)) | (v >> (2 * bits - 8)));
}

void drv_unpack_pixel(enum vc4_format fmt, const uint8_t *src, uint8_t *p)
{
	switch (fmt) {
	case VC4_FMT_RGB565: {
		uint32_t v = src[0] | (uint32_t)src[1] << 8;
		p[0] = expand(v >> 11, 5);        /* red in bits 15..11 (docs/pipeline.md) */
		p[1] = expand((v >> 5) & 0x3f, 6);
		p[2] = expand(v & 0x1f, 5);
		p[3] = 0xff;
		break;
	}
	case VC4_FMT_Z24S8:
		p[0] = src[3];
		p[1] = src[2];
		p[2] = src[1];
		p[3] = src[0];
		break;
	default:
		memcpy(p, src, 4);
		break;
	}
}

enum vc4_layout drv_texture_auto_layout(enum vc4_format fmt, uint32_t width, uint32_t height)
{
	uint32_t cpp = drv_formats[fmt].cpp;
	if (fmt == VC4_FMT_RGBA32R)
		return VC4_LAYOUT_RASTER;
	if (width <= 4 * drv_utile_w(cpp) || height <= 4 * drv_utile_h(cpp))
		return VC4_LAYOUT_LT;
	return VC4_LAYOUT_T;
}
