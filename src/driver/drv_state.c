/*
 * drv_state.c: the pipeline state of the context (GL ES 2 defaults) and
 * its setters, each checking its arguments. The state is read at draw time
 * by drv_emit.c (packets), drv_prog.c (shader keys) and drv_uniforms.c.
 */
#include <string.h>

#include "drv.h"

void drv_state_init(struct drv_state *s)
{
	memset(s, 0, sizeof(*s));
	s->blend.rgb_src = s->blend.alpha_src = VC4_BF_ONE;
	s->blend.rgb_dst = s->blend.alpha_dst = VC4_BF_ZERO;
	s->color_mask = 0xf;
	s->depth_func = VC4_CMP_LESS;
	s->front_ccw = true;
	s->depth_far = 1.0f;
	s->point_size = 1.0f;
	s->line_width = 1.0f;
}

/* Sets the blend state (equations and factors in range). False with the
 * context's error set, and the state unchanged, otherwise. */
bool vc4_set_blend(struct vc4_ctx *ctx, const struct vc4_blend_state *b)
{
	drv_begin(ctx);
	if (b->rgb_eq > VC4_EQ_MAX || b->alpha_eq > VC4_EQ_MAX)
		return drv_error(ctx, "vc4_set_blend: equation %u out of range",
				 b->rgb_eq > VC4_EQ_MAX ? b->rgb_eq : b->alpha_eq);
	const uint8_t f[4] = { b->rgb_src, b->rgb_dst, b->alpha_src, b->alpha_dst };
	for (int i = 0; i < 4; i++) {
		if (f[i] > VC4_BF_SRC_ALPHA_SATURATE)
			return drv_error(ctx, "vc4_set_blend: factor %u out of range", f[i]);
	}
	ctx->state.blend = *b;
	return true;
}

void vc4_set_color_mask(struct vc4_ctx *ctx, uint8_t mask)
{
	ctx->state.color_mask = mask & 0xf;
}

bool vc4_set_depth(struct vc4_ctx *ctx, bool test, bool write, enum vc4_compare func)
{
	drv_begin(ctx);
	if ((unsigned)func > VC4_CMP_ALWAYS)
		return drv_error(ctx, "vc4_set_depth: compare function %u out of range",
				 (unsigned)func);
	ctx->state.depth_test = test;
	ctx->state.depth_write = write;
	ctx->state.depth_func = (uint8_t)func;
	return true;
}

bool vc4_set_cull(struct vc4_ctx *ctx, enum vc4_cull cull, bool front_ccw)
{
	drv_begin(ctx);
	if ((unsigned)cull > VC4_CULL_FRONT_AND_BACK)
		return drv_error(ctx, "vc4_set_cull: mode %u out of range", (unsigned)cull);
	ctx->state.cull = (uint8_t)cull;
	ctx->state.front_ccw = front_ccw;
	return true;
}

bool vc4_set_viewport(struct vc4_ctx *ctx, int32_t x, int32_t y, uint32_t w, uint32_t h,
		      float near, float far)
{
	drv_begin(ctx);
	if (w == 0 || h == 0 || w > 4096 || h > 4096 || x < -4096 || x > 4096 || y < -4096 ||
	    y > 4096)
		return drv_error(ctx, "vc4_set_viewport: %dx%d at (%d, %d) out of range",
				 (int)w, (int)h, (int)x, (int)y);
	struct drv_state *s = &ctx->state;
	s->vp_x = x;
	s->vp_y = y;
	s->vp_w = w;
	s->vp_h = h;
	s->depth_near = near < 0 ? 0 : near > 1 ? 1 : near;
	s->depth_far = far < 0 ? 0 : far > 1 ? 1 : far;
	return true;
}

/* Sets the scissor rectangle and whether it applies (coordinates and sizes
 * at most 4096, origin not negative). False with the context's error set,
 * and the state unchanged, otherwise. */
bool vc4_set_scissor(struct vc4_ctx *ctx, bool enable, int32_t x, int32_t y, uint32_t w,
		     uint32_t h)
{
	drv_begin(ctx);
	if (w > 4096 || h > 4096 || x < 0 || y < 0 || x > 4096 || y > 4096)
		return drv_error(ctx, "vc4_set_scissor: %ux%u at (%d, %d) out of range", w, h,
				 (int)x, (int)y);
	struct drv_state *s = &ctx->state;
	s->scissor = enable;
	s->sc_x = x;
	s->sc_y = y;
	s->sc_w = w;
	s->sc_h = h;
	return true;
}

bool vc4_set_point_size(struct vc4_ctx *ctx, float size)
{
	drv_begin(ctx);
	if (!(size > 0 && size <= 512))
		return drv_error(ctx, "vc4_set_point_size: %g outside (0, 512]", (double)size);
	ctx->state.point_size = size;
	return true;
}

bool vc4_set_line_width(struct vc4_ctx *ctx, float width)
{
	drv_begin(ctx);
	if (!(width > 0 && width <= 32))
		return drv_error(ctx, "vc4_set_line_width: %g outside (0, 32]", (double)width);
	ctx->state.line_width = width;
	return true;
}

/* Replaces the vertex attributes with a copy of the n in `a` (at most
 * DRV_MAX_ATTRS, each with a known format, a buffer and a stride up to 255).
 * False with the context's error set, and the state unchanged, otherwise. */
bool vc4_set_vertex_attribs(struct vc4_ctx *ctx, const struct vc4_vertex_attrib *a, uint32_t n)
{
	drv_begin(ctx);
	if (n > DRV_MAX_ATTRS)
		return drv_error(ctx, "vc4_set_vertex_attribs: %u attributes (at most %u)", n,
				 DRV_MAX_ATTRS);
	for (uint32_t i = 0; i < n; i++) {
		if (a[i].format > VC4_ATTR_SINT16)
			return drv_error(ctx, "vc4_set_vertex_attribs: attribute %u: format %u",
					 i, a[i].format);
		if (!a[i].buffer || a[i].stride > 255)
			return drv_error(ctx, "vc4_set_vertex_attribs: attribute %u: %s", i,
					 a[i].buffer ? "stride above 255" : "no buffer");
	}
	memset(ctx->state.attribs, 0, sizeof(ctx->state.attribs));
	memcpy(ctx->state.attribs, a, n * sizeof(*a));
	ctx->state.num_attribs = n;
	return true;
}

bool vc4_set_texture(struct vc4_ctx *ctx, uint32_t unit, struct vc4_texture *tex)
{
	drv_begin(ctx);
	if (unit >= DRV_MAX_UNITS)
		return drv_error(ctx, "vc4_set_texture: unit %u (at most %u)", unit,
				 DRV_MAX_UNITS - 1);
	if (tex && drv_formats[tex->format].tex_type < 0)
		return drv_error(ctx, "vc4_set_texture: %s cannot be sampled",
				 drv_formats[tex->format].name);
	if (tex && tex->format != VC4_FMT_RGBA32R && tex->layout == VC4_LAYOUT_RASTER)
		return drv_error(ctx, "vc4_set_texture: the TMU reads %s only as T or LT",
				 drv_formats[tex->format].name);
	if (tex && tex->layout != VC4_LAYOUT_RASTER &&
	    tex->layout != drv_texture_auto_layout(tex->format, tex->width, tex->height))
		return drv_error(ctx, "vc4_set_texture: a %ux%u texture must be %s for the TMU",
				 tex->width, tex->height, tex->layout == VC4_LAYOUT_T ? "LT" : "T");
	ctx->state.textures[unit] = tex;
	return true;
}

bool vc4_set_framebuffer(struct vc4_ctx *ctx, struct vc4_texture *color, struct vc4_texture *depth)
{
	drv_begin(ctx);
	if (!color || drv_formats[color->format].rt_format < 0)
		return drv_error(ctx, "vc4_set_framebuffer: colour target must be RGBA8888 or RGB565");
	if (color->cube)
		return drv_error(ctx, "vc4_set_framebuffer: a cube map is not a render target");
	if (depth && (depth->format != VC4_FMT_Z24S8 || depth->width != color->width ||
		      depth->height != color->height))
		return drv_error(ctx, "vc4_set_framebuffer: depth target must be Z24S8 of %ux%u",
				 color->width, color->height);
	struct drv_state *s = &ctx->state;
	s->color = color;
	s->depth = depth;
	s->vp_x = s->vp_y = 0;
	s->vp_w = color->width;
	s->vp_h = color->height;
	s->scissor = false;
	return true;
}

bool vc4_set_program(struct vc4_ctx *ctx, struct vc4_prog *prog)
{
	ctx->state.prog = prog;
	return true;
}
