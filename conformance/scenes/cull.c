/*
 * cull.c: scene "cull": back-face culling. Top half with glFrontFace(CCW):
 * a counter-clockwise green triangle (kept, left) and a clockwise red one
 * (culled, right). Bottom half with glFrontFace(CW): a clockwise blue one
 * (kept, left) and a counter-clockwise red one (culled, right). No red may
 * show.
 */
#include "../scene.h"

/* A triangle centred at (X, Y), wound counter-clockwise when CCW. */
static void triangle(GLuint prog, float x, float y, int ccw)
{
	float a[2] = { x - 0.35f, y - 0.35f }, b[2] = { x + 0.35f, y - 0.35f };
	float c[2] = { x, y + 0.35f };
	const float *second = ccw ? b : c, *third = ccw ? c : b;
	const float tri[] = { a[0], a[1], second[0], second[1], third[0], third[1] };
	scene_draw(prog, GL_TRIANGLES, tri, SCENE_NVERTS(tri, 2), &scene_layout_pos2);
}

static void draw(struct harness *h)
{
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = scene_program(scene_vs_pos, scene_fs_colour);
	GL(glEnable(GL_CULL_FACE));
	GL(glCullFace(GL_BACK));
	GL(glFrontFace(GL_CCW));
	scene_uniform4f(prog, "u_colour", 0.0f, 1.0f, 0.0f, 1.0f);
	triangle(prog, -0.5f, 0.5f, 1);
	scene_uniform4f(prog, "u_colour", 1.0f, 0.0f, 0.0f, 1.0f);
	triangle(prog, 0.5f, 0.5f, 0);
	GL(glFrontFace(GL_CW));
	scene_uniform4f(prog, "u_colour", 0.0f, 0.3f, 1.0f, 1.0f);
	triangle(prog, -0.5f, -0.5f, 0);
	scene_uniform4f(prog, "u_colour", 1.0f, 0.0f, 0.0f, 1.0f);
	triangle(prog, 0.5f, -0.5f, 1);
}

const struct scene scene_cull = {
	"cull", "back-face culling with glFrontFace CCW (top) and CW (bottom)", 64, 64, draw,
};
