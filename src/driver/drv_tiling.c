/*
 * drv_tiling.c: the driver's format table (API formats -> bytes per pixel,
 * texture data type, render target format), the API layouts as hardware
 * tiling formats (whose addresses and sizes are src/tiling's), the layout
 * AUTO picks, and the conversion of one stored pixel to linear RGBA8.
 */
#include "drv.h"

#define RT_RGBA8888 VC4_RENDER_CONFIG_SURFACE_BITS_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_RGBA8888
#define RT_BGR565 VC4_RENDER_CONFIG_SURFACE_BITS_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_BGR565_NO_DITHER

const struct drv_format_info drv_formats[VC4_FMT_COUNT] = {
	[VC4_FMT_RGBA8888] = { "RGBA8888", 4, VC4_TEXTURE_DATA_TYPE_RGBA8888, RT_RGBA8888,
			       QIR_RT_RGBA8888, false },
	[VC4_FMT_RGB565] = { "RGB565", 2, VC4_TEXTURE_DATA_TYPE_RGB565, RT_BGR565, QIR_RT_BGR565,
			     false },
	[VC4_FMT_RGBA32R] = { "RGBA32R", 4, VC4_TEXTURE_DATA_TYPE_RGBA32R, -1, -1, false },
	[VC4_FMT_Z24S8] = { "Z24S8", 4, -1, -1, -1, true },
};

enum vc4_tiling_format drv_layout_tiling(enum vc4_layout layout)
{
	return layout == VC4_LAYOUT_T ? VC4_TILING_FORMAT_T :
	       layout == VC4_LAYOUT_LT ? VC4_TILING_FORMAT_LT : VC4_TILING_FORMAT_RASTER;
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
	if (tiling_is_lt(width, height, cpp))
		return VC4_LAYOUT_LT;
	return VC4_LAYOUT_T;
}
