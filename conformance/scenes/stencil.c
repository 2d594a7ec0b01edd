/*
 * stencil.c: scene "stencil": one triangle writes stencil value 1 (colour
 * writes masked off), then a full-screen quad with the stencil test EQUAL 1
 * paints green and one with NOTEQUAL 1 paints blue: a green triangle on
 * blue. Needs a stencil buffer (packed depth/stencil).
 */
#include "../scene.h"

static const float full[] = { -1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f };

/* Paints the full screen in one colour where the stencil test FUNC 1 passes. */
static void paint(GLuint prog, GLenum func, float r, float g, float b)
{
	GL(glStencilFunc(func, 1, 0xff));
	scene_uniform4f(prog, "u_colour", r, g, b, 1.0f);
	scene_draw(prog, GL_TRIANGLE_STRIP, full, SCENE_NVERTS(full, 2), &scene_layout_pos2);
}

static void draw(struct harness *h)
{
	static const float tri[] = { -0.7f, -0.6f, 0.8f, -0.3f, -0.2f, 0.8f };
	if (!h->has_stencil)
		h_fail("scene stencil needs a stencil buffer (GL_OES_packed_depth_stencil)");
	scene_clear(1.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = scene_program(scene_vs_pos, scene_fs_colour);
	GL(glEnable(GL_STENCIL_TEST));
	GL(glStencilFunc(GL_ALWAYS, 1, 0xff));
	GL(glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE));
	GL(glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE));
	scene_uniform4f(prog, "u_colour", 1.0f, 1.0f, 1.0f, 1.0f);
	scene_draw(prog, GL_TRIANGLES, tri, SCENE_NVERTS(tri, 2), &scene_layout_pos2);
	GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
	GL(glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP));
	paint(prog, GL_EQUAL, 0.0f, 0.8f, 0.2f);
	paint(prog, GL_NOTEQUAL, 0.1f, 0.2f, 0.9f);
}

const struct scene scene_stencil = {
	"stencil", "stencil written by a triangle, then full-screen quads tested EQUAL/NOTEQUAL",
	64, 64, draw,
};
