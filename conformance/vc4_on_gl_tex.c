/*
 * vc4_on_gl_tex.c: our API's textures and render targets on GLES 2 (for
 * vc4-demo-gl): colour formats as GL textures uploaded from linear RGBA8
 * rows, Z24S8 as a depth renderbuffer, sampler state, the framebuffer
 * object, the rows' orientation (vc4_on_gl.h), read-back and the PNG
 * writer.
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vc4_on_gl.h"

#include <GLES2/gl2ext.h>

/* RGBA8 rows as 5:6:5 words (our RGB565: red in bits 11..15). */
static uint16_t *to_565(const uint8_t *rgba, size_t pixels)
{
	uint16_t *out = malloc(pixels * 2);
	for (size_t i = 0; out && i < pixels; i++) {
		const uint8_t *p = rgba + 4 * i;
		out[i] = (uint16_t)((p[0] >> 3) << 11 | (p[1] >> 2) << 5 | p[2] >> 3);
	}
	return out;
}

/* Uploads `rgba` (width*height*4 bytes) into the colour texture, as is. */
static bool upload(struct vc4_texture *t, const uint8_t *rgba)
{
	GL(glBindTexture(GL_TEXTURE_2D, t->tex));
	GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
	if (t->format == VC4_FMT_RGB565) {
		uint16_t *words = to_565(rgba, (size_t)t->width * t->height);
		if (!words)
			return vot_fail(t->ctx, "texture: out of memory");
		glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, (GLsizei)t->width, (GLsizei)t->height, 0,
			     GL_RGB, GL_UNSIGNED_SHORT_5_6_5, words);
		free(words);
	} else {
		glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, (GLsizei)t->width, (GLsizei)t->height, 0,
			     GL_RGBA, GL_UNSIGNED_BYTE, rgba);
	}
	return vot_gl_ok(t->ctx, "texture: glTexImage2D");
}

/* A depth renderbuffer: D24S8 with GL_OES_packed_depth_stencil, else D16. */
static bool depth_storage(struct vc4_texture *t)
{
	const char *ext = (const char *)glGetString(GL_EXTENSIONS);
	bool packed = ext && strstr(ext, "GL_OES_packed_depth_stencil");
	GL(glGenRenderbuffers(1, &t->rb));
	GL(glBindRenderbuffer(GL_RENDERBUFFER, t->rb));
	glRenderbufferStorage(GL_RENDERBUFFER, packed ? GL_DEPTH24_STENCIL8_OES :
			      GL_DEPTH_COMPONENT16, (GLsizei)t->width, (GLsizei)t->height);
	return vot_gl_ok(t->ctx, "texture: glRenderbufferStorage");
}

struct vc4_texture *vc4_texture_create(struct vc4_ctx *ctx, enum vc4_format format,
				       enum vc4_layout layout, uint32_t width, uint32_t height,
				       const uint8_t *rgba)
{
	if (width < 1 || height < 1 || width > 2048 || height > 2048 || format >= VC4_FMT_COUNT) {
		vot_fail(ctx, "texture: bad size %ux%u or format %d", width, height, format);
		return NULL;
	}
	struct vc4_texture *t = calloc(1, sizeof(*t));
	uint8_t *zeros = rgba || format == VC4_FMT_Z24S8 ? NULL :
		calloc((size_t)width * height, 4);
	if (!t || (!rgba && format != VC4_FMT_Z24S8 && !zeros)) {
		free(t);
		vot_fail(ctx, "texture: out of memory");
		return NULL;
	}
	*t = (struct vc4_texture){ .ctx = ctx, .format = format, .width = width, .height = height,
				   .wrap_s = VC4_WRAP_CLAMP, .wrap_t = VC4_WRAP_CLAMP };
	t->layout = layout != VC4_LAYOUT_AUTO ? layout : format == VC4_FMT_RGBA32R ?
		VC4_LAYOUT_RASTER : VC4_LAYOUT_T;
	bool ok;
	if (format == VC4_FMT_Z24S8) {
		ok = depth_storage(t);
	} else {
		GL(glGenTextures(1, &t->tex));
		ok = upload(t, rgba ? rgba : zeros);
	}
	free(zeros);
	if (!ok) {
		vc4_texture_destroy(t);
		return NULL;
	}
	return t;
}

void vc4_texture_destroy(struct vc4_texture *tex)
{
	if (!tex)
		return;
	struct vc4_ctx *ctx = tex->ctx;
	for (uint32_t u = 0; u < VOT_UNITS; u++)
		if (ctx->units[u] == tex)
			ctx->units[u] = NULL;
	if (ctx->colour == tex || ctx->depth == tex) {
		GL(glBindFramebuffer(GL_FRAMEBUFFER, ctx->fbo));
		GLenum at = tex->rb ? GL_DEPTH_ATTACHMENT : GL_COLOR_ATTACHMENT0;
		if (tex->rb)
			GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, at, GL_RENDERBUFFER, 0));
		else
			GL(glFramebufferTexture2D(GL_FRAMEBUFFER, at, GL_TEXTURE_2D, 0, 0));
		*(ctx->colour == tex ? &ctx->colour : &ctx->depth) = NULL;
	}
	if (tex->tex)
		GL(glDeleteTextures(1, &tex->tex));
	if (tex->rb)
		GL(glDeleteRenderbuffers(1, &tex->rb));
	free(tex);
}

void vc4_texture_set_sampler(struct vc4_texture *tex, bool linear, enum vc4_wrap wrap_s,
			     enum vc4_wrap wrap_t)
{
	tex->linear = linear;
	tex->wrap_s = wrap_s;
	tex->wrap_t = wrap_t;
}

enum vc4_layout vc4_texture_layout(const struct vc4_texture *tex)
{
	return tex->layout;
}

static GLint gl_wrap(enum vc4_wrap w)
{
	return w == VC4_WRAP_REPEAT ? GL_REPEAT : w == VC4_WRAP_MIRROR ? GL_MIRRORED_REPEAT :
		GL_CLAMP_TO_EDGE;
}

void vot_tex_bind(struct vc4_texture *tex, uint32_t unit)
{
	GLint filter = tex->linear ? GL_LINEAR : GL_NEAREST;
	GL(glActiveTexture(GL_TEXTURE0 + unit));
	GL(glBindTexture(GL_TEXTURE_2D, tex->tex));
	GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter));
	GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter));
	GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, gl_wrap(tex->wrap_s)));
	GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, gl_wrap(tex->wrap_t)));
}

/* Attaches `tex` to the context's framebuffer object, or detaches. */
static void attach_colour(struct vc4_ctx *ctx, struct vc4_texture *tex)
{
	GL(glBindFramebuffer(GL_FRAMEBUFFER, ctx->fbo));
	GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
				  tex ? tex->tex : 0, 0));
}

bool vot_tex_read_gl(struct vc4_texture *tex, uint8_t *rgba)
{
	struct vc4_ctx *ctx = tex->ctx;
	if (tex->rb)
		return vot_fail(ctx, "read-back: GLES 2 cannot read a depth target");
	GL(glBindFramebuffer(GL_FRAMEBUFFER, ctx->read_fbo));
	GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex->tex,
				  0));
	GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
	glReadPixels(0, 0, (GLsizei)tex->width, (GLsizei)tex->height, GL_RGBA, GL_UNSIGNED_BYTE,
		     rgba);
	bool ok = vot_gl_ok(ctx, "read-back: glReadPixels");
	GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0));
	GL(glBindFramebuffer(GL_FRAMEBUFFER, ctx->fbo));
	return ok;
}

/* Reverses the order of `h` rows of `w` RGBA8 pixels. */
static void flip_rows(uint8_t *rgba, uint32_t w, uint32_t h)
{
	size_t row = (size_t)w * 4;
	uint8_t *tmp = malloc(row);
	for (uint32_t y = 0; tmp && y < h / 2; y++) {
		memcpy(tmp, rgba + y * row, row);
		memcpy(rgba + y * row, rgba + (h - 1 - y) * row, row);
		memcpy(rgba + (h - 1 - y) * row, tmp, row);
	}
	free(tmp);
}

bool vot_tex_orient(struct vc4_texture *tex, bool bottom_up)
{
	if (tex->rb || tex->bottom_up == bottom_up)
		return true;
	uint8_t *px = malloc((size_t)tex->width * tex->height * 4);
	if (!px)
		return vot_fail(tex->ctx, "texture: out of memory");
	bool ok = vot_tex_read_gl(tex, px);
	if (ok) {
		flip_rows(px, tex->width, tex->height);
		ok = upload(tex, px);
	}
	free(px);
	tex->bottom_up = bottom_up;
	return ok;
}

bool vc4_texture_read_rgba8(struct vc4_texture *tex, uint8_t *rgba)
{
	if (!vot_tex_read_gl(tex, rgba))
		return false;
	if (tex->bottom_up)
		flip_rows(rgba, tex->width, tex->height);
	return true;
}

bool vc4_set_framebuffer(struct vc4_ctx *ctx, struct vc4_texture *color,
			 struct vc4_texture *depth)
{
	if (!color || color->rb || color->format == VC4_FMT_RGBA32R)
		return vot_fail(ctx, "set_framebuffer: the colour target must be RGBA8888 or RGB565");
	if (depth && (!depth->rb || depth->width != color->width ||
		      depth->height != color->height))
		return vot_fail(ctx, "set_framebuffer: the depth target must be Z24S8 of %ux%u",
				color->width, color->height);
	if (!vot_tex_orient(color, true))
		return false;
	attach_colour(ctx, color);
	GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER,
				     depth ? depth->rb : 0));
	ctx->colour = color;
	ctx->depth = depth;
	GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
	if (status != GL_FRAMEBUFFER_COMPLETE)
		return vot_fail(ctx, "set_framebuffer: framebuffer incomplete (0x%04x)", status);
	GL(glViewport(0, 0, (GLsizei)color->width, (GLsizei)color->height));
	GL(glDepthRangef(0, 1));
	GL(glDisable(GL_SCISSOR_TEST));
	return vot_gl_ok(ctx, "set_framebuffer");
}

bool vc4_write_png(const char *path, uint32_t width, uint32_t height, const uint8_t *rgba,
		   char *err, size_t err_size)
{
	png_image image;
	memset(&image, 0, sizeof(image));
	image.version = PNG_IMAGE_VERSION;
	image.width = width;
	image.height = height;
	image.format = PNG_FORMAT_RGBA;
	if (png_image_write_to_file(&image, path, 0, rgba, (png_int_32)(width * 4), NULL))
		return true;
	if (err_size)
		snprintf(err, err_size, "%s: %s", path, image.message);
	return false;
}
