/*
 * blend.c: scene "blend": alpha blending of two half-transparent overlapping
 * quads, drawn as triangle fans, over an opaque grey clear: colour
 * (SRC_ALPHA, ONE_MINUS_SRC_ALPHA), alpha (ONE, ONE_MINUS_SRC_ALPHA).
 */
#include "../scene.h"

static void quad(GLuint prog, float x0, float y0, float x1, float y1)
{
	const float fan[] = { x0, y0, x1, y0, x1, y1, x0, y1 };
	scene_draw(prog, GL_TRIANGLE_FAN, fan, SCENE_NVERTS(fan, 2), &scene_layout_pos2);
}

static void draw(struct harness *h)
{
	(void)h;
	scene_clear(0.3f, 0.3f, 0.3f, 1.0f);
	GLuint prog = scene_program(scene_vs_pos, scene_fs_colour);
	GL(glEnable(GL_BLEND));
	/* Alpha accumulates to stay opaque: 1 - (1 - a_s)(1 - a_d). */
	GL(glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA,
			       GL_ONE, GL_ONE_MINUS_SRC_ALPHA));
	scene_uniform4f(prog, "u_colour", 1.0f, 0.0f, 0.0f, 0.5f);
	quad(prog, -0.8f, -0.8f, 0.4f, 0.4f);
	scene_uniform4f(prog, "u_colour", 0.0f, 0.4f, 1.0f, 0.75f);
	quad(prog, -0.4f, -0.4f, 0.8f, 0.8f);
}

const struct scene scene_blend = {
	"blend", "alpha blending of two overlapping half-transparent quads", 64, 64, draw,
};
