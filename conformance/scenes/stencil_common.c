/*
 * stencil_common.c: the helpers of stencil_common.h.
 */
#include "stencil_common.h"

GLuint stencil_begin(struct harness *h, const char *scene)
{
	if (!h->has_stencil)
		h_fail("scene %s needs a stencil buffer (GL_OES_packed_depth_stencil)", scene);
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GL(glEnable(GL_STENCIL_TEST));
	return scene_program(scene_vs_pos, scene_fs_colour);
}

void stencil_quad(GLuint prog, float x0, float y0, float x1, float y1, float r, float g,
		  float b)
{
	const float v[] = { x0, y0, x1, y0, x0, y1, x1, y1 };
	scene_uniform4f(prog, "u_colour", r, g, b, 1.0f);
	scene_draw(prog, GL_TRIANGLE_STRIP, v, 4, &scene_layout_pos2);
}

void stencil_paint(GLuint prog, GLenum func, GLint ref, GLuint mask, float r, float g,
		   float b)
{
	GL(glStencilFunc(func, ref, mask));
	GL(glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP));
	stencil_quad(prog, -1.0f, -1.0f, 1.0f, 1.0f, r, g, b);
}
