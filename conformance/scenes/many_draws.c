/*
 * many_draws.c: scene "many_draws": an 8x8 grid of 64 small quads in one
 * buffer object, each drawn by its own glDrawArrays with its own uniform
 * colour.
 */
#include "../scene.h"

/* Six vertices (two triangles) for the quad of cell (X, Y) of the 8x8 grid,
 * one pixel short of the cell on each side, into OUT. */
static void cell_quad(int x, int y, float *out)
{
	float x0 = (float)(x * 8 + 1) / 32.0f - 1.0f, x1 = x0 + 6.0f / 32.0f;
	float y0 = (float)(y * 8 + 1) / 32.0f - 1.0f, y1 = y0 + 6.0f / 32.0f;
	const float v[12] = { x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1 };
	for (int i = 0; i < 12; i++)
		out[i] = v[i];
}

static void draw(struct harness *h)
{
	static float verts[64 * 12];
	(void)h;
	for (int i = 0; i < 64; i++)
		cell_quad(i % 8, i / 8, &verts[i * 12]);
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = scene_program(scene_vs_pos, scene_fs_colour);
	GLuint vbo = scene_vbo(prog, verts, 64 * 6, &scene_layout_pos2);
	for (int i = 0; i < 64; i++) {
		float x = (float)(i % 8) / 7.0f, y = (float)(i / 8) / 7.0f;
		scene_uniform4f(prog, "u_colour", x, y, 1.0f - 0.5f * (x + y), 1.0f);
		GL(glDrawArrays(GL_TRIANGLES, i * 6, 6));
	}
	scene_vbo_free(vbo, prog, &scene_layout_pos2);
}

const struct scene scene_many_draws = {
	"many_draws", "64 quads, each its own glDrawArrays with its own uniform colour",
	64, 64, draw,
};
