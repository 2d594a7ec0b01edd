/*
 * point_coord.c: scene "point_coord": gl_PointCoord on points of 8 and 16
 * pixels (gl_PointSize from a uniform) written as red and green, blue 0.5;
 * every point centred on a pixel corner, so its square covers whole pixels
 * and s, t step by 1/size from pixel to pixel.
 */
#include "../scene.h"

static const char vs[] =
	"attribute vec4 a_pos;\n"
	"uniform float u_size;\n"
	"void main()\n"
	"{\n"
	"	gl_PointSize = u_size;\n"
	"	gl_Position = a_pos;\n"
	"}\n";

static const char fs[] =
	"precision mediump float;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = vec4(gl_PointCoord, 0.5, 1.0);\n"
	"}\n";

/* Frame pixel coordinate (y up) to NDC in the 64x64 frame. */
static float ndc(float p) { return p / 32.0f - 1.0f; }

static void points(GLuint prog, float size, const float *xy, int n)
{
	scene_uniform1f(prog, "u_size", size);
	scene_draw(prog, GL_POINTS, xy, n, &scene_layout_pos2);
}

static void draw(struct harness *h)
{
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = scene_program(vs, fs);
	const float small[] = { ndc(12.0f), ndc(12.0f), ndc(40.0f), ndc(16.0f) };
	points(prog, 8.0f, small, 2);
	const float large[] = { ndc(16.0f), ndc(44.0f), ndc(44.0f), ndc(40.0f) };
	points(prog, 16.0f, large, 2);
}

const struct scene scene_point_coord = {
	"point_coord", "gl_PointCoord on points of 8 and 16 pixels", 64, 64, draw,
};
