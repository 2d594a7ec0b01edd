/* driver_fixture.c: see driver_fixture.h. */
#include <setjmp.h>
#include <stdarg.h>
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

uint32_t drvt_u32(const uint8_t *p, size_t off)
{
	return p[off] | p[off + 1] << 8 | p[off + 2] << 16 | (uint32_t)p[off + 3] << 24;
}
