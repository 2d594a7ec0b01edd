/*
 * line_clip.c: scene "line_clip": GL_LINES with interpolated colours that
 * cross the near plane (z from 0 to -3: cut at a third), the far plane (z
 * from 0 to 3), the right edge of the viewport (x to 2.0), and one whose
 * second vertex is behind the eye (w = -1): the clipper's new endpoints and
 * their colours.
 */
#include "../scene.h"

static const char vs[] =
	"attribute vec4 a_pos;\n"
	"attribute vec4 a_col;\n"
	"varying vec4 v_col;\n"
	"void main()\n"
	"{\n"
	"	gl_Position = a_pos;\n"
	"	v_col = a_col;\n"
	"}\n";

static const char fs[] =
	"precision mediump float;\n"
	"varying vec4 v_col;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = v_col;\n"
	"}\n";

/* Frame pixel coordinate (y up) to NDC in the 64x64 frame. */
static float ndc(float p) { return p / 32.0f - 1.0f; }

static void draw(struct harness *h)
{
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = scene_program(vs, fs);
	static const struct scene_layout layout = { 8, { { "a_pos", 4, 0 }, { "a_col", 4, 4 } } };
	const float v[] = {
		ndc(8.5f), ndc(10.5f), 0, 1, 1, 0, 0, 1,  ndc(56.5f), ndc(10.5f), -3, 1, 0, 0, 1, 1,
		ndc(8.5f), ndc(20.5f), 0, 1, 1, 0, 0, 1,  ndc(56.5f), ndc(26.5f), 3, 1, 0, 1, 0, 1,
		ndc(8.5f), ndc(40.5f), 0, 1, 1, 1, 0, 1,  2.0f, ndc(50.5f), 0, 1, 0, 1, 1, 1,
		-0.5f, 0.3f, 0, 1, 1, 0, 1, 1,            1.5f, -0.3f, 0, -1, 0, 1, 0, 1,
	};
	scene_draw(prog, GL_LINES, v, SCENE_NVERTS(v, 8), &layout);
}

const struct scene scene_line_clip = {
	"line_clip", "lines crossing the near and far planes, the viewport edge, the eye", 64,
	64, draw,
};
