/*
 * vc4_on_gl.c: the part of our public API (include/vc4/vc4.h) that the
 * demo calls, on GLES 2 + EGL (the conformance harness's surfaceless or
 * GBM context), so that tools/vc4-demo.c and the tools/demo/ sources render
 * unmodified on llvmpipe as vc4-demo-gl (docs/demo.md): the context and
 * its sticky error, buffers, pipeline state, clears, draws and flushes,
 * and the statistics as stubs (GL has no QPU counters). Textures:
 * vc4_on_gl_tex.c; programs: vc4_on_gl_prog.c.
 *
 * Our API's meanings kept: a clear covers the whole target whatever the
 * masks and scissor; depth writes without the depth test; stride 0 reads
 * the first vertex for every vertex; attribute location i is entry i.
 * Not kept: vc4_set_point_size (GLES 2 takes gl_PointSize only), 32-bit
 * indices above 65535 are refused as ours are.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vc4_on_gl.h"

#include <GLES2/gl2ext.h>

bool vot_fail(struct vc4_ctx *ctx, const char *fmt, ...)
{
	if (ctx->error[0])
		return false;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ctx->error, sizeof(ctx->error), fmt, ap);
	va_end(ap);
	return false;
}

bool vot_gl_ok(struct vc4_ctx *ctx, const char *what)
{
	GLenum err = glGetError();
	return err == GL_NO_ERROR || vot_fail(ctx, "%s: GL error 0x%04x", what, err);
}

/* ---- context ----------------------------------------------------------- */

struct vc4_ctx *vc4_ctx_create(enum vc4_ctx_backend backend, char *err, size_t err_size)
{
	(void)backend; /* always GL */
	struct vc4_ctx *ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		if (err_size)
			snprintf(err, err_size, "out of memory");
		return NULL;
	}
	harness_open(&ctx->h); /* exits with the EGL error on failure */
	const char *rtt = getenv("VC4_ON_GL_RTT");
	ctx->gl_rtt = rtt && strcmp(rtt, "gl") == 0;
	GL(glGenFramebuffers(1, &ctx->fbo));
	GL(glGenFramebuffers(1, &ctx->read_fbo));
	GL(glBindFramebuffer(GL_FRAMEBUFFER, ctx->fbo));
	GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
	return ctx;
}

void vc4_ctx_destroy(struct vc4_ctx *ctx)
{
	if (!ctx)
		return;
	GL(glFinish());
	GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
	GL(glDeleteFramebuffers(1, &ctx->fbo));
	GL(glDeleteFramebuffers(1, &ctx->read_fbo));
	harness_close(&ctx->h); /* its own objects are none: names 0 */
	free(ctx);
}

const char *vc4_ctx_error(struct vc4_ctx *ctx)
{
	memcpy(ctx->returned, ctx->error, sizeof(ctx->returned));
	ctx->error[0] = '\0';
	return ctx->returned;
}

const char *vc4_ctx_backend_name(const struct vc4_ctx *ctx)
{
	(void)ctx;
	return "gl";
}

void vc4_ctx_get_stats(const struct vc4_ctx *ctx, struct vc4_ctx_stats *stats)
{
	*stats = ctx->stats;
}

void vc4_ctx_set_bo_cap(struct vc4_ctx *ctx, uint64_t bytes)
{
	(void)ctx;
	(void)bytes;
}

/* ---- buffers ----------------------------------------------------------- */

struct vc4_buffer *vc4_buffer_create(struct vc4_ctx *ctx, const void *data, uint32_t size)
{
	struct vc4_buffer *b = calloc(1, sizeof(*b));
	uint8_t *copy = malloc(size ? size : 1);
	if (!b || !copy || !data) {
		free(b);
		free(copy);
		vot_fail(ctx, "buffer: %s", data ? "out of memory" : "no data");
		return NULL;
	}
	memcpy(copy, data, size);
	*b = (struct vc4_buffer){ .ctx = ctx, .data = copy, .size = size };
	GL(glGenBuffers(1, &b->vbo));
	GL(glBindBuffer(GL_ARRAY_BUFFER, b->vbo));
	GL(glBufferData(GL_ARRAY_BUFFER, size, data, GL_STATIC_DRAW));
	GL(glBindBuffer(GL_ARRAY_BUFFER, 0));
	return b;
}

void vc4_buffer_destroy(struct vc4_buffer *buf)
{
	if (!buf)
		return;
	struct vc4_ctx *ctx = buf->ctx;
	for (uint32_t i = 0; i < ctx->num_attribs; i++)
		if (ctx->attribs[i].buffer == buf)
			ctx->attribs[i].buffer = NULL;
	GL(glDeleteBuffers(1, &buf->vbo));
	free(buf->data);
	free(buf);
}

/* ---- state --------------------------------------------------------------- */

static GLenum blend_factor(uint8_t f)
{
	static const GLenum factors[] = {
		GL_ZERO, GL_ONE, GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_DST_COLOR,
		GL_ONE_MINUS_DST_COLOR, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_DST_ALPHA,
		GL_ONE_MINUS_DST_ALPHA, GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_COLOR,
		GL_CONSTANT_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA, GL_SRC_ALPHA_SATURATE,
	};
	return f < sizeof(factors) / sizeof(factors[0]) ? factors[f] : GL_ZERO;
}

static GLenum blend_eq(uint8_t e)
{
	static const GLenum eqs[] = { GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT,
				      GL_MIN_EXT, GL_MAX_EXT };
	return e < sizeof(eqs) / sizeof(eqs[0]) ? eqs[e] : GL_FUNC_ADD;
}

bool vc4_set_blend(struct vc4_ctx *ctx, const struct vc4_blend_state *b)
{
	if (b->enable)
		glEnable(GL_BLEND);
	else
		glDisable(GL_BLEND);
	glBlendEquationSeparate(blend_eq(b->rgb_eq), blend_eq(b->alpha_eq));
	glBlendFuncSeparate(blend_factor(b->rgb_src), blend_factor(b->rgb_dst),
			    blend_factor(b->alpha_src), blend_factor(b->alpha_dst));
	glBlendColor(b->constant[0], b->constant[1], b->constant[2], b->constant[3]);
	return vot_gl_ok(ctx, "vc4_set_blend");
}

void vc4_set_color_mask(struct vc4_ctx *ctx, uint8_t mask)
{
	glColorMask(mask & 1, (mask >> 1) & 1, (mask >> 2) & 1, (mask >> 3) & 1);
	vot_gl_ok(ctx, "vc4_set_color_mask");
}

/* Depth writes with the test off: GL writes only under the test, so ALWAYS. */
bool vc4_set_depth(struct vc4_ctx *ctx, bool test, bool write, enum vc4_compare func)
{
	if (test || write)
		glEnable(GL_DEPTH_TEST);
	else
		glDisable(GL_DEPTH_TEST);
	glDepthFunc(test ? GL_NEVER + (GLenum)func : GL_ALWAYS);
	glDepthMask(write);
	return vot_gl_ok(ctx, "vc4_set_depth");
}

bool vc4_set_cull(struct vc4_ctx *ctx, enum vc4_cull cull, bool front_ccw)
{
	static const GLenum faces[] = { 0, GL_FRONT, GL_BACK, GL_FRONT_AND_BACK };
	if (cull == VC4_CULL_NONE) {
		glDisable(GL_CULL_FACE);
	} else {
		glEnable(GL_CULL_FACE);
		glCullFace(faces[cull & 3]);
	}
	glFrontFace(front_ccw ? GL_CCW : GL_CW);
	return vot_gl_ok(ctx, "vc4_set_cull");
}

bool vc4_set_viewport(struct vc4_ctx *ctx, int32_t x, int32_t y, uint32_t width,
		      uint32_t height, float near, float far)
{
	glViewport(x, y, (GLsizei)width, (GLsizei)height);
	glDepthRangef(near, far);
	return vot_gl_ok(ctx, "vc4_set_viewport");
}

bool vc4_set_scissor(struct vc4_ctx *ctx, bool enable, int32_t x, int32_t y, uint32_t width,
		     uint32_t height)
{
	if (enable)
		glEnable(GL_SCISSOR_TEST);
	else
		glDisable(GL_SCISSOR_TEST);
	glScissor(x, y, (GLsizei)width, (GLsizei)height);
	return vot_gl_ok(ctx, "vc4_set_scissor");
}

bool vc4_set_point_size(struct vc4_ctx *ctx, float size)
{
	(void)size; /* GLES 2: gl_PointSize only */
	return size > 0 || vot_fail(ctx, "vc4_set_point_size: %g", (double)size);
}

bool vc4_set_line_width(struct vc4_ctx *ctx, float width)
{
	glLineWidth(width);
	return vot_gl_ok(ctx, "vc4_set_line_width");
}

bool vc4_set_vertex_attribs(struct vc4_ctx *ctx, const struct vc4_vertex_attrib *attribs,
			    uint32_t count)
{
	if (count > VOT_LOCATIONS)
		return vot_fail(ctx, "vc4_set_vertex_attribs: %u entries, 8 at most", count);
	memcpy(ctx->attribs, attribs, count * sizeof(*attribs));
	ctx->num_attribs = count;
	return true;
}

bool vc4_set_texture(struct vc4_ctx *ctx, uint32_t unit, struct vc4_texture *tex)
{
	if (unit >= VOT_UNITS || (tex && tex->rb))
		return vot_fail(ctx, "vc4_set_texture: unit %u or a depth target", unit);
	ctx->units[unit] = tex;
	return true;
}

bool vc4_set_program(struct vc4_ctx *ctx, struct vc4_prog *prog)
{
	ctx->prog = prog;
	glUseProgram(prog ? prog->prog : 0);
	return vot_gl_ok(ctx, "vc4_set_program");
}

/* ---- drawing ------------------------------------------------------------- */

bool vc4_clear(struct vc4_ctx *ctx, uint32_t buffers, const float rgba[4], float depth,
	       uint8_t stencil)
{
	GLboolean mask[4], depth_mask;
	GLint stencil_mask;
	GLboolean scissor = glIsEnabled(GL_SCISSOR_TEST);
	glGetBooleanv(GL_COLOR_WRITEMASK, mask);
	glGetBooleanv(GL_DEPTH_WRITEMASK, &depth_mask);
	glGetIntegerv(GL_STENCIL_WRITEMASK, &stencil_mask);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glDepthMask(GL_TRUE);
	glStencilMask(0xff);
	glDisable(GL_SCISSOR_TEST);
	glClearColor(rgba[0], rgba[1], rgba[2], rgba[3]);
	glClearDepthf(depth);
	glClearStencil(stencil);
	GLbitfield bits = (buffers & VC4_CLEAR_COLOR ? GL_COLOR_BUFFER_BIT : 0) |
			  (ctx->depth && buffers & (VC4_CLEAR_DEPTH | VC4_CLEAR_STENCIL) ?
			   GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT : 0);
	glClear(bits);
	glColorMask(mask[0], mask[1], mask[2], mask[3]);
	glDepthMask(depth_mask);
	glStencilMask((GLuint)stencil_mask);
	if (scissor)
		glEnable(GL_SCISSOR_TEST);
	return vot_gl_ok(ctx, "vc4_clear");
}

static const GLenum attr_types[] = { GL_FLOAT, GL_UNSIGNED_BYTE, GL_UNSIGNED_BYTE, GL_SHORT,
				     GL_SHORT };

/* Attribute `l` with stride 0: the first vertex's value as a constant. */
static void constant_attrib(GLuint l, const struct vc4_vertex_attrib *a, uint8_t comps)
{
	float v[4] = { 0, 0, 0, 1 };
	const uint8_t *p = a->buffer->data + a->offset;
	for (uint8_t c = 0; c < comps && a->offset + 4u * (c + 1u) <= a->buffer->size; c++) {
		if (a->format == VC4_ATTR_FLOAT)
			memcpy(&v[c], p + 4 * c, 4);
		else if (a->format <= VC4_ATTR_UINT8)
			v[c] = p[c] / (a->format == VC4_ATTR_UNORM8 ? 255.0f : 1.0f);
		else
			v[c] = (float)(int16_t)(p[2 * c] | p[2 * c + 1] << 8) /
			       (a->format == VC4_ATTR_SNORM16 ? 32767.0f : 1.0f);
	}
	glDisableVertexAttribArray(l);
	glVertexAttrib4fv(l, v);
}

/* Points GL's attribute arrays at the entries the program reads. */
static bool setup_attribs(struct vc4_ctx *ctx)
{
	const struct vc4_prog *p = ctx->prog;
	if (ctx->num_attribs < p->num_locations)
		return vot_fail(ctx, "draw: the vertex shader reads %u attributes, %u are set",
				p->num_locations, ctx->num_attribs);
	for (GLuint l = 0; l < VOT_LOCATIONS; l++) {
		const struct vc4_vertex_attrib *a = &ctx->attribs[l];
		if (l >= p->num_locations || !p->components[l]) {
			glDisableVertexAttribArray(l);
			continue;
		}
		if (!a->buffer)
			return vot_fail(ctx, "draw: attribute %u has no buffer", l);
		if (a->stride == 0) {
			constant_attrib(l, a, p->components[l]);
			continue;
		}
		glBindBuffer(GL_ARRAY_BUFFER, a->buffer->vbo);
		glVertexAttribPointer(l, p->components[l], attr_types[a->format % 5],
				      a->format == VC4_ATTR_UNORM8 || a->format == VC4_ATTR_SNORM16,
				      (GLsizei)a->stride, (const void *)(uintptr_t)a->offset);
		glEnableVertexAttribArray(l);
	}
	glBindBuffer(GL_ARRAY_BUFFER, 0);
	return vot_gl_ok(ctx, "draw: vertex attributes");
}

/* Binds every unit's texture, turned top-down unless VC4_ON_GL_RTT=gl. */
static bool setup_textures(struct vc4_ctx *ctx)
{
	for (uint32_t u = 0; u < VOT_UNITS; u++) {
		struct vc4_texture *t = ctx->units[u];
		if (!t)
			continue;
		if (t == ctx->colour)
			return vot_fail(ctx, "draw: unit %u samples the bound render target", u);
		if (!ctx->gl_rtt && !vot_tex_orient(t, false))
			return false;
		vot_tex_bind(t, u);
	}
	glActiveTexture(GL_TEXTURE0);
	return vot_gl_ok(ctx, "draw: textures");
}

static bool ready(struct vc4_ctx *ctx)
{
	if (!ctx->prog)
		return vot_fail(ctx, "draw: no program");
	if (!ctx->colour)
		return vot_fail(ctx, "draw: no framebuffer");
	return setup_attribs(ctx) && setup_textures(ctx);
}

static const GLenum prims[] = { GL_POINTS, GL_LINES, GL_LINE_LOOP, GL_LINE_STRIP,
				GL_TRIANGLES, GL_TRIANGLE_STRIP, GL_TRIANGLE_FAN };

bool vc4_draw_arrays(struct vc4_ctx *ctx, enum vc4_prim mode, uint32_t first, uint32_t count)
{
	if ((unsigned)mode > VC4_PRIM_TRIANGLE_FAN || !ready(ctx))
		return ctx->error[0] ? false : vot_fail(ctx, "draw: bad primitive %d", mode);
	glDrawArrays(prims[mode], (GLint)first, (GLsizei)count);
	return vot_gl_ok(ctx, "vc4_draw_arrays");
}

bool vc4_draw_elements(struct vc4_ctx *ctx, enum vc4_prim mode, uint32_t count,
		       uint32_t index_size, struct vc4_buffer *indices, uint32_t offset)
{
	if ((unsigned)mode > VC4_PRIM_TRIANGLE_FAN || !indices ||
	    (index_size != 1 && index_size != 2 && index_size != 4) ||
	    (uint64_t)offset + (uint64_t)count * index_size > indices->size)
		return vot_fail(ctx, "draw: bad primitive, index size or index range");
	if (!ready(ctx))
		return false;
	const uint8_t *src = indices->data + offset;
	uint16_t *wide = NULL;
	if (index_size == 4) {
		wide = malloc((size_t)count * 2 + 2);
		for (uint32_t i = 0; wide && i < count; i++) {
			uint32_t v;
			memcpy(&v, src + 4 * i, 4);
			if (v > 0xffff) {
				free(wide);
				return vot_fail(ctx, "draw: index %u is above 65535", v);
			}
			wide[i] = (uint16_t)v;
		}
		if (!wide)
			return vot_fail(ctx, "draw: out of memory");
	}
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
	glDrawElements(prims[mode], (GLsizei)count,
		       index_size == 1 ? GL_UNSIGNED_BYTE : GL_UNSIGNED_SHORT,
		       wide ? (const void *)wide : (const void *)src);
	free(wide);
	return vot_gl_ok(ctx, "vc4_draw_elements");
}

bool vc4_flush(struct vc4_ctx *ctx)
{
	glFlush();
	ctx->stats.flush_explicit++;
	return vot_gl_ok(ctx, "vc4_flush");
}

bool vc4_finish(struct vc4_ctx *ctx)
{
	glFinish();
	return vot_gl_ok(ctx, "vc4_finish");
}

/* ---- statistics: none on GL ------------------------------------------------ */

bool vc4_perf_begin(struct vc4_ctx *ctx)
{
	return vot_fail(ctx, "vc4_perf_begin: GL has no QPU performance counters");
}

bool vc4_perf_end(struct vc4_ctx *ctx, struct vc4_perf_counts *counts)
{
	memset(counts, 0, sizeof(*counts));
	return vot_fail(ctx, "vc4_perf_end: GL has no QPU performance counters");
}
