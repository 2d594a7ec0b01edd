/*
 * drv_texture.c: textures, cube maps and render targets: format conversion
 * from linear RGBA8, tiling into the layout the TMU or the tile buffer
 * expects (src/tiling), the TMU config words P0/P1/P2 (packed by the
 * generated TEXTURE_CONFIG_PARAMETER_* code), and the read-back into linear
 * RGBA8.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "drv.h"

/* Linear RGBA8 pixel -> the format's bytes (cpp of them) at `dst`. */
static void pack_pixel(enum vc4_format fmt, const uint8_t *p, uint8_t *dst)
{
	switch (fmt) {
	case VC4_FMT_RGB565: {
		/* red in bits 15..11, as the TMU and the tile buffer read it */
		uint16_t v = (uint16_t)((p[0] >> 3) << 11 | (p[1] >> 2) << 5 | (p[2] >> 3));
		dst[0] = (uint8_t)v;
		dst[1] = (uint8_t)(v >> 8);
		break;
	}
	case VC4_FMT_Z24S8: /* depth from R, G, B (24 bits, R high), stencil from A */
		dst[0] = p[3];
		dst[1] = p[2];
		dst[2] = p[1];
		dst[3] = p[0];
		break;
	default:
		memcpy(dst, p, 4);
		break;
	}
}

/* Checks the arguments of vc4_texture_create; resolves AUTO. */
static bool check_create(struct vc4_ctx *ctx, enum vc4_format fmt, enum vc4_layout *layout,
			 uint32_t w, uint32_t h)
{
	if ((unsigned)fmt >= VC4_FMT_COUNT)
		return drv_error(ctx, "vc4_texture_create: unknown format %u", (unsigned)fmt);
	if ((unsigned)*layout > VC4_LAYOUT_LT)
		return drv_error(ctx, "vc4_texture_create: unknown layout %u", (unsigned)*layout);
	if (w == 0 || h == 0 || w > DRV_MAX_DIM || h > DRV_MAX_DIM)
		return drv_error(ctx, "vc4_texture_create: size %ux%u outside 1x1..%ux%u", w, h,
				 DRV_MAX_DIM, DRV_MAX_DIM);
	if (*layout == VC4_LAYOUT_AUTO)
		*layout = drv_formats[fmt].depth ? VC4_LAYOUT_T : drv_texture_auto_layout(fmt, w, h);
	if (fmt == VC4_FMT_RGBA32R && *layout != VC4_LAYOUT_RASTER)
		return drv_error(ctx, "vc4_texture_create: RGBA32R is raster only");
	if (fmt == VC4_FMT_Z24S8 && *layout == VC4_LAYOUT_RASTER)
		return drv_error(ctx, "vc4_texture_create: Z24S8 must be T or LT");
	return true;
}

/* Converts and tiles linear RGBA8 into the texture's BO mapping. */
static void upload(struct vc4_texture *t, uint8_t *map, const uint8_t *rgba)
{
	uint32_t cpp = drv_formats[t->format].cpp;
	enum vc4_tiling_format tiling = drv_layout_tiling(t->layout);
	for (uint32_t y = 0; y < t->height; y++) {
		for (uint32_t x = 0; x < t->width; x++) {
			uint64_t off = tiling_offset(tiling, cpp, t->width, x, y);
			pack_pixel(t->format, rgba + 4 * ((size_t)y * t->width + x), map + off);
		}
	}
}

/* Makes a texture of `faces` images (1, or 6 for a cube map) of the
 * checked format, layout and size in one BO, face f at f * face_stride,
 * each from data[f] (NULL entries, or data NULL: zero-filled). NULL after
 * an error naming `fn`. */
static struct vc4_texture *create(struct vc4_ctx *ctx, const char *fn, enum vc4_format format,
				  enum vc4_layout layout, uint32_t width, uint32_t height,
				  uint32_t faces, const uint8_t *const *data)
{
	struct vc4_diag diag = { 0 };
	struct vc4_texture *t = calloc(1, sizeof(*t));
	if (!t) {
		drv_error(ctx, "%s: out of memory", fn);
		return NULL;
	}
	*t = (struct vc4_texture){ .ctx = ctx, .format = format, .layout = layout,
				   .width = width, .height = height, .cube = faces == 6,
				   .wrap_s = VC4_WRAP_CLAMP, .wrap_t = VC4_WRAP_CLAMP };
	t->bytes = (uint32_t)tiling_bytes(drv_layout_tiling(layout), drv_formats[format].cpp, width,
					  height);
	if (t->cube)
		t->face_stride = (t->bytes + 4095u) & ~4095u;
	uint32_t size = t->cube ? 6 * t->face_stride : t->bytes;
	t->bo = vc4_bo_alloc(ctx->dev, size, "texture", &diag);
	uint8_t *map = t->bo ? vc4_bo_map(t->bo, &diag) : NULL;
	if (!map) {
		drv_error(ctx, "%s: %s", fn, diag.msg);
		vc4_bo_unref(t->bo);
		free(t);
		return NULL;
	}
	memset(map, 0, size);
	for (uint32_t f = 0; data && f < faces; f++) {
		if (data[f]) {
			upload(t, map + (size_t)f * t->face_stride, data[f]);
			t->has_content = true;
		}
	}
	return t;
}

struct vc4_texture *vc4_texture_create(struct vc4_ctx *ctx, enum vc4_format format,
				       enum vc4_layout layout, uint32_t width, uint32_t height,
				       const uint8_t *rgba)
{
	drv_begin(ctx);
	if (!check_create(ctx, format, &layout, width, height))
		return NULL;
	return create(ctx, "vc4_texture_create", format, layout, width, height, 1, &rgba);
}

struct vc4_texture *vc4_texture_create_cube(struct vc4_ctx *ctx, enum vc4_format format,
					    uint32_t size, const uint8_t *const faces[6])
{
	drv_begin(ctx);
	if (format != VC4_FMT_RGBA8888 && format != VC4_FMT_RGB565) {
		drv_error(ctx, "vc4_texture_create_cube: format %u is not RGBA8888 or RGB565",
			  (unsigned)format);
		return NULL;
	}
	if (size == 0 || size > DRV_MAX_DIM) {
		drv_error(ctx, "vc4_texture_create_cube: size %u outside 1..%u", size, DRV_MAX_DIM);
		return NULL;
	}
	return create(ctx, "vc4_texture_create_cube", format,
		      drv_texture_auto_layout(format, size, size), size, size, 6, faces);
}

void vc4_texture_destroy(struct vc4_texture *t)
{
	if (!t)
		return;
	struct vc4_ctx *ctx = t->ctx;
	drv_begin(ctx);
	drv_flush_writer(ctx, t, DRV_FLUSH_EXPLICIT); /* an error stays for the application */
	for (size_t i = 0; i < ctx->jobs.len; i++) { /* forget it as a source */
		struct drv_job *j = ctx->jobs.data[i];
		for (size_t k = 0; k < j->reads.len; k++) {
			if (j->reads.data[k] == t)
				j->reads.data[k] = NULL;
		}
	}
	struct drv_state *s = &ctx->state;
	for (uint32_t u = 0; u < DRV_MAX_UNITS; u++) {
		if (s->textures[u] == t)
			s->textures[u] = NULL;
	}
	if (s->color == t)
		s->color = NULL;
	if (s->depth == t)
		s->depth = NULL;
	vc4_bo_unref(t->bo);
	free(t->hang);
	free(t);
}

void vc4_texture_set_sampler(struct vc4_texture *t, bool linear, enum vc4_wrap wrap_s,
			     enum vc4_wrap wrap_t)
{
	t->linear_filter = linear;
	t->wrap_s = (unsigned)wrap_s <= VC4_WRAP_MIRROR ? wrap_s : VC4_WRAP_CLAMP;
	t->wrap_t = (unsigned)wrap_t <= VC4_WRAP_MIRROR ? wrap_t : VC4_WRAP_CLAMP;
}

enum vc4_layout vc4_texture_layout(const struct vc4_texture *t)
{
	return t->layout;
}

bool vc4_texture_read_rgba8(struct vc4_texture *t, uint8_t *rgba)
{
	struct vc4_ctx *ctx = t->ctx;
	struct vc4_diag diag = { 0 };
	drv_begin(ctx);
	if (!rgba)
		return drv_error(ctx, "vc4_texture_read_rgba8: no destination");
	if (t->cube)
		return drv_error(ctx, "vc4_texture_read_rgba8: a cube map is not read back");
	if (!drv_flush_writer(ctx, t, DRV_FLUSH_READBACK))
		return false;
	if (vc4_bo_wait(t->bo, UINT64_MAX, &diag) != 0)
		return drv_error(ctx, "vc4_texture_read_rgba8: %s", diag.msg);
	if (!drv_check_hang(ctx, t, NULL))
		return false;
	if (t->hang) /* the job that rendered it last hung: its pixels are not a frame */
		return drv_error(ctx, "%s", t->hang);
	const uint8_t *map = vc4_bo_map(t->bo, &diag);
	if (!map)
		return drv_error(ctx, "vc4_texture_read_rgba8: %s", diag.msg);
	uint32_t cpp = drv_formats[t->format].cpp;
	enum vc4_tiling_format tiling = drv_layout_tiling(t->layout);
	for (uint32_t y = 0; y < t->height; y++) {
		for (uint32_t x = 0; x < t->width; x++) {
			uint64_t off = tiling_offset(tiling, cpp, t->width, x, y);
			drv_unpack_pixel(t->format, map + off,
					 rgba + 4 * ((size_t)y * t->width + x));
		}
	}
	return true;
}

/* A packed 4-byte configuration word as the u32 the uniform stream holds. */
static uint32_t word(const uint8_t b[4])
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* P0 without the base address: data type (low 4 bits), the cube map bit,
 * no mip levels. */
uint32_t drv_texture_p0(const struct vc4_texture *t)
{
	const struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
		.texture_data_type = (uint32_t)drv_formats[t->format].tex_type & 15,
		.cube_map_mode = t->cube,
	};
	uint8_t b[VC4_TEXTURE_CONFIG_PARAMETER_0_length];
	int rc = VC4_TEXTURE_CONFIG_PARAMETER_0_pack(NULL, b, &p0);
	assert(rc == 0); /* every value fits its field */
	(void)rc;
	return word(b);
}

static const enum vc4_texture_wrap_mode wrap_hw[] = {
	[VC4_WRAP_REPEAT] = VC4_TEXTURE_WRAP_MODE_REPEAT,
	[VC4_WRAP_CLAMP] = VC4_TEXTURE_WRAP_MODE_CLAMP,
	[VC4_WRAP_MIRROR] = VC4_TEXTURE_WRAP_MODE_MIRROR,
};

/* P1: type bit 4, height, width (2048 encodes as 0), filters (the same
 * for minification and magnification), wraps. */
uint32_t drv_texture_p1(const struct vc4_texture *t)
{
	uint32_t filter = t->linear_filter ?
		VC4_TEXTURE_CONFIG_PARAMETER_1_MINIFICATION_FILTER_LINEAR :
		VC4_TEXTURE_CONFIG_PARAMETER_1_MINIFICATION_FILTER_NEAREST;
	const struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
		.s_wrap_mode = wrap_hw[t->wrap_s], .t_wrap_mode = wrap_hw[t->wrap_t],
		.minification_filter = filter, .magnification_filter = filter,
		.image_width = t->width & 2047, .image_height = t->height & 2047,
		.texture_data_type_extended = (drv_formats[t->format].tex_type >> 4) & 1,
	};
	uint8_t b[VC4_TEXTURE_CONFIG_PARAMETER_1_length];
	int rc = VC4_TEXTURE_CONFIG_PARAMETER_1_pack(NULL, b, &p1);
	assert(rc == 0); /* every value fits its field */
	(void)rc;
	return word(b);
}

/* P2: a cube map's face stride (4 KiB units); 0 for a 2D texture (its P2,
 * if a lookup writes one, is a bias lookup's: automatic LOD). */
uint32_t drv_texture_p2(const struct vc4_texture *t)
{
	if (!t->cube)
		return 0;
	const struct VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE p2 = {
		.cube_map_stride = t->face_stride >> 12,
		.parameter_type =
			VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE_PARAMETER_TYPE_CUBE_MAP_STRIDE,
	};
	uint8_t b[VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE_length];
	int rc = VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE_pack(NULL, b, &p2);
	assert(rc == 0); /* a stride of at most 6 x 16 MiB fits its field */
	(void)rc;
	return word(b);
}
