/*
 * clear.c: scene "clear": the whole framebuffer cleared to one colour, no
 * draw at all (on vc4 the clear travels in the job, not the binning list).
 */
#include "../scene.h"

static void draw(struct harness *h)
{
	(void)h;
	scene_clear(0.25f, 0.5f, 0.75f, 1.0f);
}

const struct scene scene_clear_only = {
	"clear", "glClear of colour, depth and stencil to (0.25, 0.5, 0.75, 1)", 64, 64, draw,
};
