/*
 * depth.c: scene "depth": the depth test LESS with two overlapping
 * triangles per half: on the left the far (red) one is drawn first, on the
 * right the near (green) one. Green must win the overlap on both sides.
 */
#include "../scene.h"

static const char vs[] =
	"attribute vec2 a_pos;\n"
	"uniform float u_z;\n"
	"void main()\n"
	"{\n"
	"	gl_Position = vec4(a_pos, u_z, 1.0);\n"
	"}\n";

/* A triangle in the half whose centre is at X, pointing up (near) or down. */
static void triangle(GLuint prog, float x, int near)
{
	float y0 = near ? -0.7f : 0.7f, y1 = near ? 0.6f : -0.6f;
	const float tri[] = { x - 0.45f, y0, x + 0.45f, y0, x, y1 };
	scene_uniform1f(prog, "u_z", near ? -0.5f : 0.5f);
	if (near)
		scene_uniform4f(prog, "u_colour", 0.1f, 0.9f, 0.2f, 1.0f);
	else
		scene_uniform4f(prog, "u_colour", 0.9f, 0.1f, 0.1f, 1.0f);
	scene_draw(prog, GL_TRIANGLES, tri, SCENE_NVERTS(tri, 2), &scene_layout_pos2);
}

static void draw(struct harness *h)
{
	(void)h;
	scene_clear(0.0f, 0.0f, 0.2f, 1.0f);
	GL(glEnable(GL_DEPTH_TEST));
	GL(glDepthFunc(GL_LESS));
	GLuint prog = scene_program(vs, scene_fs_colour);
	triangle(prog, -0.5f, 0);
	triangle(prog, -0.5f, 1);
	triangle(prog, 0.5f, 1);
	triangle(prog, 0.5f, 0);
}

const struct scene scene_depth = {
	"depth", "depth test LESS: far-then-near (left) and near-then-far (right)",
	64, 64, draw,
};
