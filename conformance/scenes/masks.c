/*
 * masks.c: scene "masks": stencil write masks and value masks. REPLACE 0xff
 * through write mask 0x0f (left 22 columns), 0xf0 (right 22), and in the
 * lower middle front 0x3c / back 0x01 (glStencilMaskSeparate; the quad faces
 * front); colour writes off. Then paints: 0x0f red, 0xf0 green, 0x3c blue,
 * and yellow where 0x20 < (stencil & 0x30) (the middle and the right).
 */
#include "stencil_common.h"

static void draw(struct harness *h)
{
	GLuint prog = stencil_begin(h, "masks");
	GL(glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE));
	GL(glStencilFunc(GL_ALWAYS, 0xff, 0xff));
	GL(glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE));
	GL(glStencilMask(0x0f));
	stencil_quad(prog, -1.0f, -1.0f, -0.3125f, 1.0f, 1.0f, 1.0f, 1.0f);
	GL(glStencilMask(0xf0));
	stencil_quad(prog, 0.3125f, -1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f);
	GL(glStencilMaskSeparate(GL_FRONT, 0x3c));
	GL(glStencilMaskSeparate(GL_BACK, 0x01));
	stencil_quad(prog, -0.3125f, -1.0f, 0.3125f, 0.0f, 1.0f, 1.0f, 1.0f);
	GL(glStencilMask(0xff));
	GL(glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE));
	stencil_paint(prog, GL_EQUAL, 0x0f, 0xff, 1.0f, 0.0f, 0.0f);
	stencil_paint(prog, GL_EQUAL, 0xf0, 0xff, 0.0f, 1.0f, 0.0f);
	stencil_paint(prog, GL_EQUAL, 0x3c, 0xff, 0.0f, 0.0f, 1.0f);
	stencil_paint(prog, GL_LESS, 0x20, 0x30, 1.0f, 1.0f, 0.0f);
}

const struct scene scene_masks = {
	"masks", "stencil write masks (both faces) and value masks", 64, 64, draw,
};
