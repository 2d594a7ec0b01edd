/*
 * zfail.c: scene "zfail": the stencil operations by the depth test's
 * outcome. A grey quad in the middle at depth 0.5 (GL_LESS, depth written);
 * then, depth writes off, a full-screen quad at the same depth with stencil
 * ALWAYS 3 and operations fail KEEP, depth-fail REPLACE, depth-pass INCR:
 * 3 in the middle (LESS fails), 1 around it. Then paints: 3 red, 1 green.
 */
#include "stencil_common.h"

static void draw(struct harness *h)
{
	GLuint prog = stencil_begin(h, "zfail");
	GL(glDisable(GL_STENCIL_TEST));
	GL(glEnable(GL_DEPTH_TEST));
	GL(glDepthFunc(GL_LESS));
	stencil_quad(prog, -0.5f, -0.5f, 0.5f, 0.5f, 0.3f, 0.3f, 0.3f);
	GL(glEnable(GL_STENCIL_TEST));
	GL(glStencilFunc(GL_ALWAYS, 3, 0xff));
	GL(glStencilOp(GL_KEEP, GL_REPLACE, GL_INCR));
	GL(glDepthMask(GL_FALSE));
	stencil_quad(prog, -1.0f, -1.0f, 1.0f, 1.0f, 0.6f, 0.6f, 0.6f);
	GL(glDisable(GL_DEPTH_TEST));
	stencil_paint(prog, GL_EQUAL, 3, 0xff, 1.0f, 0.0f, 0.0f);
	stencil_paint(prog, GL_EQUAL, 1, 0xff, 0.0f, 1.0f, 0.0f);
}

const struct scene scene_zfail = {
	"zfail", "stencil depth-fail REPLACE and depth-pass INCR against a depth buffer", 64,
	64, draw,
};
