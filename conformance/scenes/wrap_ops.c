/*
 * wrap_ops.c: scene "wrap_ops": the wrapping and saturating stencil
 * operations from a stencil of 0, colour writes off: DECR_WRAP on the left
 * half (255), DECR on the right half (stays 0); INCR_WRAP twice over a
 * middle band (left 1, right 2); INVERT over the top band (left 0, right
 * 255). Then paints: 255 red, 0 blue, 1 green, 2 yellow.
 */
#include "stencil_common.h"

static void draw(struct harness *h)
{
	GLuint prog = stencil_begin(h, "wrap_ops");
	GL(glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE));
	GL(glStencilFunc(GL_ALWAYS, 0, 0xff));
	GL(glStencilOp(GL_KEEP, GL_KEEP, GL_DECR_WRAP));
	stencil_quad(prog, -1.0f, -1.0f, 0.0f, 1.0f, 1.0f, 1.0f, 1.0f);
	GL(glStencilOp(GL_KEEP, GL_KEEP, GL_DECR));
	stencil_quad(prog, 0.0f, -1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f);
	GL(glStencilOp(GL_KEEP, GL_KEEP, GL_INCR_WRAP));
	stencil_quad(prog, -1.0f, -0.25f, 1.0f, 0.25f, 1.0f, 1.0f, 1.0f);
	stencil_quad(prog, -1.0f, -0.25f, 1.0f, 0.25f, 1.0f, 1.0f, 1.0f);
	GL(glStencilOp(GL_KEEP, GL_KEEP, GL_INVERT));
	stencil_quad(prog, -1.0f, 0.5f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f);
	GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
	stencil_paint(prog, GL_EQUAL, 255, 0xff, 1.0f, 0.0f, 0.0f);
	stencil_paint(prog, GL_EQUAL, 0, 0xff, 0.0f, 0.0f, 1.0f);
	stencil_paint(prog, GL_EQUAL, 1, 0xff, 0.0f, 1.0f, 0.0f);
	stencil_paint(prog, GL_EQUAL, 2, 0xff, 1.0f, 1.0f, 0.0f);
}

const struct scene scene_wrap_ops = {
	"wrap_ops", "stencil DECR_WRAP, DECR, INCR_WRAP and INVERT at 0 and 255", 64, 64, draw,
};
