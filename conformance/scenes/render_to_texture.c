/*
 * render_to_texture.c: scene "render_to_texture": draw into a texture
 * through a framebuffer object, then sample it. A 32x32 RGBA8 texture with
 * all its levels: level 0 (T format on vc4) cleared and drawn with a
 * vertex-coloured triangle and a quad, level 1 (16x16, LT format) cleared
 * and drawn with a quad, each as the colour attachment of its own
 * framebuffer. Then in the frame, NEAREST_MIPMAP_NEAREST: level 0 at 1:1
 * (top left), level 1 at 1:1 on a 16x16 quad (top right), and level 0's
 * lower half stretched 2x vertically with the magnification filter NEAREST
 * (bottom left) and LINEAR (bottom right).
 */
#include <stddef.h>

#include "texture_common.h"

static const char vs_col[] =
	"attribute vec4 a_pos;\n"
	"attribute vec4 a_col;\n"
	"varying vec4 v_col;\n"
	"void main()\n"
	"{\n"
	"	gl_Position = a_pos;\n"
	"	v_col = a_col;\n"
	"}\n";

static const char fs_col[] =
	"precision mediump float;\n"
	"varying vec4 v_col;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = v_col;\n"
	"}\n";

/* A framebuffer with level LEVEL of TEX as its colour, viewport set. */
static GLuint level_fbo(GLuint tex, GLint level, int size)
{
	GLuint fb;
	GL(glGenFramebuffers(1, &fb));
	GL(glBindFramebuffer(GL_FRAMEBUFFER, fb));
	GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, level));
	GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
	h_gl_check("glCheckFramebufferStatus", __FILE__, __LINE__);
	if (status != GL_FRAMEBUFFER_COMPLETE)
		h_fail("level %d of the texture is not renderable (0x%04x)", level, status);
	GL(glViewport(0, 0, size, size));
	return fb;
}

static void draw_level0(GLuint tex)
{
	GLuint fb = level_fbo(tex, 0, 32);
	GL(glClearColor(0.2f, 0.4f, 0.6f, 1.0f));
	GL(glClear(GL_COLOR_BUFFER_BIT));
	GLuint prog = scene_program(vs_col, fs_col);
	static const struct scene_layout layout = { 6, { { "a_pos", 2, 0 }, { "a_col", 4, 2 } } };
	/* vertices on the 1/16-pixel grid vc4 snaps to */
	static const float v[] = {
		-0.921875f, -0.796875f, 1, 0, 0, 1,  0.6875f, -0.578125f, 0, 1, 0, 1,
		-0.3125f, 0.890625f, 0, 0, 1, 1,
		0.25f, 0.25f, 1, 1, 0, 1,  0.875f, 0.25f, 1, 1, 0, 1,  0.875f, 0.875f, 1, 1, 0, 1,
		0.25f, 0.25f, 1, 1, 0, 1,  0.875f, 0.875f, 1, 1, 0, 1,  0.25f, 0.875f, 1, 1, 0, 1,
	};
	scene_draw(prog, GL_TRIANGLES, v, SCENE_NVERTS(v, 6), &layout);
	GL(glDeleteProgram(prog));
	GL(glDeleteFramebuffers(1, &fb));
}

static void draw_level1(GLuint tex)
{
	GLuint fb = level_fbo(tex, 1, 16);
	GL(glClearColor(0.8f, 0.2f, 0.2f, 1.0f));
	GL(glClear(GL_COLOR_BUFFER_BIT));
	GLuint prog = scene_program(scene_vs_pos, scene_fs_colour);
	scene_uniform4f(prog, "u_colour", 0.1f, 0.9f, 0.1f, 1.0f);
	static const float quad[] = { -0.5f, -0.5f, 0.75f, -0.5f, -0.5f, 0.25f, 0.75f, 0.25f };
	scene_draw(prog, GL_TRIANGLE_STRIP, quad, 4, &scene_layout_pos2);
	GL(glDeleteProgram(prog));
	GL(glDeleteFramebuffers(1, &fb));
}

static void draw(struct harness *h)
{
	GLuint tex = tex_new(GL_TEXTURE_2D);
	for (GLint level = 0, size = 32; size >= 1; level++, size /= 2)
		GL(glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA, size, size, 0, GL_RGBA,
				GL_UNSIGNED_BYTE, NULL));
	draw_level0(tex);
	draw_level1(tex);
	GL(glBindFramebuffer(GL_FRAMEBUFFER, h->fbo));
	GL(glViewport(0, 0, h->width, h->height));
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GL(glBindTexture(GL_TEXTURE_2D, tex));
	GLuint prog = tex_program(tex_fs_2d);
	tex_params(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE,
		   GL_CLAMP_TO_EDGE);
	tex_quad(prog, 0, 32, 32, 64, 0, 0, 1, 1);
	tex_quad(prog, 40, 40, 56, 56, 0, 0, 1, 1);
	tex_quad(prog, 0, 0, 32, 32, 0, 0, 1, 0.5f);
	tex_params(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, GL_CLAMP_TO_EDGE,
		   GL_CLAMP_TO_EDGE);
	tex_quad(prog, 32, 0, 64, 32, 0, 0, 1, 0.5f);
	GL(glDeleteTextures(1, &tex));
}

const struct scene scene_render_to_texture = {
	"render_to_texture", "draw into levels 0 and 1 of a texture (FBO), then sample them", 64,
	64, draw,
};
