/*
 * partial_clear.c: scene "partial_clear": a triangle writes stencil 7; after
 * glFinish (so the next job reloads the Z/S buffer) a scissored
 * glClear(GL_STENCIL_BUFFER_BIT) of the left half, which the state tracker
 * draws as a quad writing only the stencil; then paints: 7 green, not 7
 * blue.
 */
#include "stencil_common.h"

static void draw(struct harness *h)
{
	static const float tri[] = { -0.8f, -0.8f, 0.8f, -0.8f, 0.0f, 0.8f };
	GLuint prog = stencil_begin(h, "partial_clear");
	GL(glStencilFunc(GL_ALWAYS, 7, 0xff));
	GL(glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE));
	scene_uniform4f(prog, "u_colour", 0.5f, 0.5f, 0.5f, 1.0f);
	scene_draw(prog, GL_TRIANGLES, tri, 3, &scene_layout_pos2);
	GL(glFinish());
	GL(glClearStencil(0));
	GL(glScissor(0, 0, 32, 64));
	GL(glEnable(GL_SCISSOR_TEST));
	GL(glClear(GL_STENCIL_BUFFER_BIT));
	GL(glDisable(GL_SCISSOR_TEST));
	stencil_paint(prog, GL_EQUAL, 7, 0xff, 0.0f, 1.0f, 0.0f);
	stencil_paint(prog, GL_NOTEQUAL, 7, 0xff, 0.0f, 0.0f, 1.0f);
}

const struct scene scene_partial_clear = {
	"partial_clear", "a scissored stencil-only clear after a flush (Mesa draws it)", 64, 64,
	draw,
};
