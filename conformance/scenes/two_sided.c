/*
 * two_sided.c: scene "two_sided": separate front and back stencil state. A
 * counter-clockwise (front) triangle with front ALWAYS 1, depth-pass
 * REPLACE; a clockwise (back) triangle drawn twice with back ALWAYS 2,
 * depth-pass INCR (0, 1, 2); colour writes off. Then full-screen paints:
 * stencil 1 red, 2 green, 0 blue.
 */
#include "stencil_common.h"

static void draw(struct harness *h)
{
	/* vertices on pixel corners (vc4 truncates to 1/16 pixel) */
	static const float ccw[] = { -0.90625f, -0.90625f, -0.09375f, -0.90625f, -0.5f, 0.8125f };
	static const float cw[] = { 0.09375f, -0.90625f, 0.5f, 0.8125f, 0.90625f, -0.90625f };
	GLuint prog = stencil_begin(h, "two_sided");
	GL(glStencilFuncSeparate(GL_FRONT, GL_ALWAYS, 1, 0xff));
	GL(glStencilFuncSeparate(GL_BACK, GL_ALWAYS, 2, 0xff));
	GL(glStencilOpSeparate(GL_FRONT, GL_KEEP, GL_KEEP, GL_REPLACE));
	GL(glStencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_INCR));
	GL(glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE));
	scene_draw(prog, GL_TRIANGLES, ccw, 3, &scene_layout_pos2);
	scene_draw(prog, GL_TRIANGLES, cw, 3, &scene_layout_pos2);
	scene_draw(prog, GL_TRIANGLES, cw, 3, &scene_layout_pos2);
	GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
	stencil_paint(prog, GL_EQUAL, 1, 0xff, 1.0f, 0.0f, 0.0f);
	stencil_paint(prog, GL_EQUAL, 2, 0xff, 0.0f, 1.0f, 0.0f);
	stencil_paint(prog, GL_EQUAL, 0, 0xff, 0.0f, 0.0f, 1.0f);
}

const struct scene scene_two_sided = {
	"two_sided", "separate front and back stencil functions and operations", 64, 64, draw,
};
