/*
 * rgb565.c: scene "rgb565": rendering to RGB565. Horizontal bands of
 * colours exactly representable in 5/6/5 bits (pure red, green and blue,
 * and mixtures) are drawn twice: into an RGB565 renderbuffer, read back
 * with glReadPixels (Mesa unpacks B5G6R5 with the CPU or a blit: the
 * red/blue order and the bits of the tile store) and shown in the left half
 * through an RGBA8 texture; and into an
 * RGB565 texture (UNSIGNED_SHORT_5_6_5), then sampled NEAREST into the
 * right half (the TMU's 565 unpacking). Each band has a darker 8-pixel
 * stripe drawn over a clear of another 565 colour.
 */
#include <stdlib.h>

#include "texture_common.h"

#define BANDS 7

/* (r, g, b) as 5-, 6- and 5-bit values. */
static const int colours[BANDS][3] = {
	{ 31, 0, 0 }, { 0, 63, 0 }, { 0, 0, 31 }, { 25, 50, 7 },
	{ 18, 33, 29 }, { 3, 60, 20 }, { 30, 9, 17 },
};

/* The bands (9 pixels each) into the bound 64x64 framebuffer. */
static void draw_bands(void)
{
	GL(glViewport(0, 0, 64, 64));
	GL(glClearColor(4 / 31.0f, 8 / 63.0f, 12 / 31.0f, 1.0f));
	GL(glClear(GL_COLOR_BUFFER_BIT));
	GLuint prog = scene_program(scene_vs_pos, scene_fs_colour);
	for (int i = 0; i < BANDS; i++) {
		const int *c = colours[i];
		float y0 = (float)(1 + 9 * i) / 32.0f - 1.0f, y1 = y0 + 8.0f / 32.0f;
		const float band[] = { -1.0f, y0, 1.0f, y0, -1.0f, y1, 1.0f, y1 };
		scene_uniform4f(prog, "u_colour", c[0] / 31.0f, c[1] / 63.0f, c[2] / 31.0f, 1.0f);
		scene_draw(prog, GL_TRIANGLE_STRIP, band, 4, &scene_layout_pos2);
		const float stripe[] = { -0.25f, y0, 0.0f, y0, -0.25f, y1, 0.0f, y1 };
		scene_uniform4f(prog, "u_colour", c[0] / 62.0f, c[1] / 126.0f, c[2] / 62.0f, 1.0f);
		scene_draw(prog, GL_TRIANGLE_STRIP, stripe, 4, &scene_layout_pos2);
	}
	GL(glDeleteProgram(prog));
}

/* A framebuffer whose colour is the renderbuffer or texture OBJ. */
static GLuint framebuffer(GLuint obj, bool texture)
{
	GLuint fb;
	GL(glGenFramebuffers(1, &fb));
	GL(glBindFramebuffer(GL_FRAMEBUFFER, fb));
	if (texture)
		GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, obj,
					  0));
	else
		GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
					     obj));
	GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
	h_gl_check("glCheckFramebufferStatus", __FILE__, __LINE__);
	if (status != GL_FRAMEBUFFER_COMPLETE)
		h_fail("the RGB565 %s is not renderable (0x%04x)",
		       texture ? "texture" : "renderbuffer", status);
	return fb;
}

/* The bands drawn into an RGB565 renderbuffer, read back as RGBA8. */
static uint8_t *renderbuffer_pixels(void)
{
	GLuint rb;
	GL(glGenRenderbuffers(1, &rb));
	GL(glBindRenderbuffer(GL_RENDERBUFFER, rb));
	GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 64, 64));
	GLuint fb = framebuffer(rb, false);
	draw_bands();
	uint8_t *pixels = malloc(64 * 64 * 4);
	if (!pixels)
		h_fail("out of memory");
	GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
	GL(glReadPixels(0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, pixels));
	GL(glDeleteFramebuffers(1, &fb));
	GL(glDeleteRenderbuffers(1, &rb));
	return pixels;
}

/* The bands drawn into an RGB565 texture (left bound to unit 0). */
static GLuint texture_with_bands(void)
{
	GLuint tex = tex_new(GL_TEXTURE_2D);
	GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 64, 64, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5,
			NULL));
	tex_params(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE);
	GLuint fb = framebuffer(tex, true);
	draw_bands();
	GL(glDeleteFramebuffers(1, &fb));
	return tex;
}

/* Shows PIXELS (64x64 RGBA8, row 0 at the bottom) in the frame's left half
 * through an RGBA8 texture sampled NEAREST at 1:1. (Uploading them into the
 * frame's own texture instead does not survive a later draw on Mesa's vc4:
 * that draw's job does not load the texture's glTexSubImage2D contents.) */
static void show_left_half(const uint8_t *pixels)
{
	GLuint tex = tex_new(GL_TEXTURE_2D);
	GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels));
	tex_params(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE);
	GLuint prog = tex_program(tex_fs_2d);
	tex_quad(prog, 0, 0, 32, 64, 0, 0, 0.5f, 1);
	GL(glDeleteProgram(prog));
	GL(glDeleteTextures(1, &tex));
}

static void draw(struct harness *h)
{
	uint8_t *pixels = renderbuffer_pixels();
	GLuint tex = texture_with_bands();
	GL(glBindFramebuffer(GL_FRAMEBUFFER, h->fbo));
	GL(glViewport(0, 0, h->width, h->height));
	GL(glBindTexture(GL_TEXTURE_2D, tex));
	GLuint prog = tex_program(tex_fs_2d);
	tex_quad(prog, 32, 0, 64, 64, 0.5f, 0, 1, 1);
	GL(glDeleteProgram(prog));
	GL(glDeleteTextures(1, &tex));
	show_left_half(pixels);
	free(pixels);
}

const struct scene scene_rgb565 = {
	"rgb565", "RGB565 renderbuffer (read back) and texture (sampled) render targets", 64, 64,
	draw,
};
