/* driver_fixture.c: see driver_fixture.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "driver_fixture.h"

const char drvt_colour_vs[] =
	"vertex\n"
	"attribute vec4 @pos\n"
	"attribute vec4 @colour\n"
	"varying smooth vec4 @v_colour\n"
	"output position\n"
	"%p = load @pos\n"
	"store @position, %p\n"
	"%c = load @colour\n"
	"store @v_colour, %c\n";

const char drvt_colour_fs[] =
	"fragment\n"
	"varying smooth vec4 @v_colour\n"
	"output color\n"
	"%c = load @v_colour\n"
	"store @color, %c\n";

const char drvt_textured_vs[] =
	"vertex\n"
	"attribute vec4 @pos\n"
	"attribute vec2 @uv\n"
	"varying smooth vec2 @v_uv\n"
	"output position\n"
	"%p = load @pos\n"
	"store @position, %p\n"
	"%t = load @uv\n"
	"store @v_uv, %t\n";

const char drvt_textured_fs[] =
	"fragment\n"
	"varying smooth vec2 @v_uv\n"
	"sampler 2d @tex\n"
	"output color\n"
	"%uv = load @v_uv\n"
	"%texel = tex @tex, %uv\n"
	"store @color, %texel\n";

struct vc4_ctx *drvt_ctx(void)
{
	char err[512];
	struct vc4_ctx *ctx = vc4_ctx_create(VC4_CTX_BACKEND_SIM, err, sizeof(err));
	if (!ctx)
		fail_msg("vc4_ctx_create: %s", err);
	return ctx;
}

struct vc4_buffer *drvt_triangle(struct vc4_ctx *ctx)
{
	static const float v[] = {
		-1, -1, 0, 1, 1, 0, 0, 1,
		1, -1, 0, 1, 0, 1, 0, 1,
		0, 1, 0, 1, 0, 0, 1, 1,
	};
	struct vc4_buffer *b = vc4_buffer_create(ctx, v, sizeof(v));
	if (!b)
		fail_msg("vc4_buffer_create: %s", vc4_ctx_error(ctx));
	return b;
}

void drvt_bind_colour_attribs(struct vc4_ctx *ctx, struct vc4_buffer *buf)
{
	struct vc4_vertex_attrib a[2] = {
		{ buf, 0, 32, VC4_ATTR_FLOAT }, { buf, 16, 32, VC4_ATTR_FLOAT },
	};
	if (!vc4_set_vertex_attribs(ctx, a, 2))
		fail_msg("vc4_set_vertex_attribs: %s", vc4_ctx_error(ctx));
}

struct vc4_texture *drvt_target(struct vc4_ctx *ctx, enum vc4_layout layout)
{
	struct vc4_texture *t = vc4_texture_create(ctx, VC4_FMT_RGBA8888, layout, 64, 64, NULL);
	if (!t)
		fail_msg("vc4_texture_create: %s", vc4_ctx_error(ctx));
	return t;
}

/* Fails the test with the context's error when `ok` is false. */
static void must(struct vc4_ctx *ctx, bool ok, const char *call)
{
	if (!ok)
		fail_msg("%s: %s", call, vc4_ctx_error(ctx));
}

void drvt_draw_triangle(struct vc4_ctx *ctx, struct vc4_texture *t, struct vc4_buffer *b,
			struct vc4_prog *prog)
{
	const float black[4] = { 0, 0, 0, 1 };
	must(ctx, vc4_set_framebuffer(ctx, t, NULL), "vc4_set_framebuffer");
	must(ctx, vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1, 0), "vc4_clear");
	must(ctx, vc4_set_program(ctx, prog), "vc4_set_program");
	drvt_bind_colour_attribs(ctx, b);
	must(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3), "vc4_draw_arrays");
}

uint32_t drvt_u32(const uint8_t *p, size_t off)
{
	return p[off] | p[off + 1] << 8 | p[off + 2] << 16 | (uint32_t)p[off + 3] << 24;
}

uint32_t drvt_px(const uint8_t *img, uint32_t width, uint32_t x, uint32_t y)
{
	const uint8_t *p = img + 4 * ((size_t)y * width + x);
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

struct vc4_buffer *drvt_quad(struct vc4_ctx *ctx)
{
	static const float quad[6 * 4] = { -1, -1, 0, 1,  1, -1, 0, 1,  -1, 1, 0, 1,
					   1, -1, 0, 1,  1, 1, 0, 1,  -1, 1, 0, 1 };
	struct vc4_buffer *b = vc4_buffer_create(ctx, quad, sizeof(quad));
	if (!b)
		fail_msg("drvt_quad: %s", vc4_ctx_error(ctx));
	return b;
}
