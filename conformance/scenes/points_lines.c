/*
 * points_lines.c: scene "points_lines": GL_POINTS with gl_PointSize 4.0 (a
 * row of points centred on pixel corners, so each covers exactly 4x4 pixels)
 * and GL_LINES (horizontal, vertical and diagonal, with endpoints on pixel
 * centres and slopes chosen so that no line passes exactly between two pixel
 * centres, where rasterisers may rightly differ).
 */
#include "../scene.h"

static const char vs[] =
	"attribute vec4 a_pos;\n"
	"void main()\n"
	"{\n"
	"	gl_PointSize = 4.0;\n"
	"	gl_Position = a_pos;\n"
	"}\n";

/* NDC of window coordinate W (of 64 pixels). */
static float ndc(float w)
{
	return w / 32.0f - 1.0f;
}

static void points(GLuint prog)
{
	float pts[2 * 6];
	for (int i = 0; i < 6; i++) {
		pts[2 * i] = ndc(8.0f + 10.0f * (float)i);
		pts[2 * i + 1] = ndc(54.0f - 2.0f * (float)i);
	}
	scene_uniform4f(prog, "u_colour", 1.0f, 1.0f, 0.0f, 1.0f);
	scene_draw(prog, GL_POINTS, pts, SCENE_NVERTS(pts, 2), &scene_layout_pos2);
}

static void lines(GLuint prog)
{
	const float seg[] = {
		ndc(4.5f), ndc(30.5f), ndc(59.5f), ndc(30.5f),     /* horizontal */
		ndc(32.5f), ndc(4.5f), ndc(32.5f), ndc(40.5f),     /* vertical */
		ndc(6.5f), ndc(6.5f), ndc(26.5f), ndc(40.5f),      /* steep diagonal */
		ndc(40.5f), ndc(6.5f), ndc(61.5f), ndc(19.5f),     /* shallow diagonal */
	};
	scene_uniform4f(prog, "u_colour", 0.0f, 1.0f, 1.0f, 1.0f);
	scene_draw(prog, GL_LINES, seg, SCENE_NVERTS(seg, 2), &scene_layout_pos2);
}

static void draw(struct harness *h)
{
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = scene_program(vs, scene_fs_colour);
	points(prog);
	lines(prog);
}

const struct scene scene_points_lines = {
	"points_lines", "GL_POINTS of gl_PointSize 4 and GL_LINES of width 1", 64, 64, draw,
};
