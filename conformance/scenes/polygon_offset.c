/*
 * polygon_offset.c: scene "polygon_offset": pairs of quads drawn red, then
 * green with glPolygonOffset over the same place: units -1 under GL_LESS
 * (green wins) and +1 under GL_LEQUAL (red stays) on flat quads; factor -1
 * and +1 on quads sloped in x; factor -0.25 on a steep slope; units -3 on a
 * flat quad. Depth units are one step of the 24-bit depth buffer.
 */
#include "../scene.h"

static const char vs[] =
	"attribute vec4 a_pos;\n"
	"void main()\n"
	"{\n"
	"	gl_Position = a_pos;\n"
	"}\n";

static const struct scene_layout layout4 = { 4, { { "a_pos", 4, 0 } } };

/* The quad x0..x1, y0..y1 (NDC) with depth z0 at its left edge and z1 at its
 * right edge, in colour (r, g, 0). */
static void quad(GLuint prog, float x0, float y0, float x1, float y1, float z0, float z1,
		 float r, float g)
{
	const float v[] = { x0, y0, z0, 1, x1, y0, z1, 1, x1, y1, z1, 1,
			    x0, y0, z0, 1, x1, y1, z1, 1, x0, y1, z0, 1 };
	scene_uniform4f(prog, "u_colour", r, g, 0.0f, 1.0f);
	scene_draw(prog, GL_TRIANGLES, v, SCENE_NVERTS(v, 4), &layout4);
}

/* The quad in red without offset, then in green with (factor, units). */
static void pair(GLuint prog, const float box[4], float z0, float z1, float factor,
		 float units, GLenum func)
{
	GL(glDepthFunc(func));
	GL(glDisable(GL_POLYGON_OFFSET_FILL));
	quad(prog, box[0], box[1], box[2], box[3], z0, z1, 1.0f, 0.0f);
	GL(glEnable(GL_POLYGON_OFFSET_FILL));
	GL(glPolygonOffset(factor, units));
	quad(prog, box[0], box[1], box[2], box[3], z0, z1, 0.0f, 1.0f);
}

static void draw(struct harness *h)
{
	(void)h;
	static const float boxes[6][4] = {
		{ -1.0f, -1.0f, -0.5f, 0.0f }, { -0.5f, -1.0f, 0.0f, 0.0f },
		{ 0.0f, -1.0f, 0.5f, 0.0f }, { 0.5f, -1.0f, 1.0f, 0.0f },
		{ -1.0f, 0.0f, 0.0f, 1.0f }, { 0.0f, 0.0f, 1.0f, 1.0f },
	};
	scene_clear(0.0f, 0.0f, 0.2f, 1.0f);
	GL(glEnable(GL_DEPTH_TEST));
	GLuint prog = scene_program(vs, scene_fs_colour);
	pair(prog, boxes[0], 0.1f, 0.1f, 0.0f, -1.0f, GL_LESS);
	pair(prog, boxes[1], 0.1f, 0.1f, 0.0f, 1.0f, GL_LEQUAL);
	pair(prog, boxes[2], -0.5f, 0.5f, -1.0f, 0.0f, GL_LESS);
	pair(prog, boxes[3], -0.5f, 0.5f, 1.0f, 0.0f, GL_LEQUAL);
	pair(prog, boxes[4], -0.9f, 0.9f, -0.25f, 0.0f, GL_LESS);
	pair(prog, boxes[5], 0.3f, 0.3f, 0.0f, -3.0f, GL_LESS);
}

const struct scene scene_polygon_offset = {
	"polygon_offset", "glPolygonOffset units and factor on flat and sloped quads", 64, 64,
	draw,
};
