/*
 * uniform_colour.c: scene "uniform_colour": one triangle whose fragment
 * shader writes a uniform colour over a black clear.
 */
#include "../scene.h"

static void draw(struct harness *h)
{
	static const float tri[] = { -0.8f, -0.8f, 0.8f, -0.8f, 0.0f, 0.8f };
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = scene_program(scene_vs_pos, scene_fs_colour);
	scene_uniform4f(prog, "u_colour", 1.0f, 0.6f, 0.2f, 1.0f);
	scene_draw(prog, GL_TRIANGLES, tri, SCENE_NVERTS(tri, 2), &scene_layout_pos2);
}

const struct scene scene_uniform_colour = {
	"uniform_colour", "a triangle, fragment colour from a uniform vec4", 64, 64, draw,
};
