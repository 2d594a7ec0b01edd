/*
 * loop_builtins.c: scene "loop_builtins": a full-screen quad whose fragment
 * shader sums a for loop over constant bounds and uses sin, cos, fract, mix,
 * clamp and step on an interpolated coordinate.
 */
#include "../scene.h"

static const char vs[] =
	"attribute vec4 a_pos;\n"
	"varying vec2 v_pos;\n"
	"void main()\n"
	"{\n"
	"	v_pos = a_pos.xy * 0.5 + 0.5;\n"
	"	gl_Position = a_pos;\n"
	"}\n";

static const char fs[] =
	"precision mediump float;\n"
	"varying vec2 v_pos;\n"
	"void main()\n"
	"{\n"
	"	float wave = 0.0;\n"
	"	for (int i = 1; i <= 4; i++) {\n"
	"		float k = float(i);\n"
	"		wave += sin(v_pos.x * 3.0 * k) * cos(v_pos.y * 2.0 * k) / k;\n"
	"	}\n"
	"	float r = clamp(0.5 + 0.5 * wave, 0.0, 1.0);\n"
	"	float g = fract(v_pos.x * 3.0 + v_pos.y);\n"
	"	float b = mix(0.2, 0.9, step(0.5, v_pos.y));\n"
	"	gl_FragColor = vec4(r, g, b, 1.0);\n"
	"}\n";

static void draw(struct harness *h)
{
	static const float quad[] = { -1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f };
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = scene_program(vs, fs);
	scene_draw(prog, GL_TRIANGLE_STRIP, quad, SCENE_NVERTS(quad, 2), &scene_layout_pos2);
}

const struct scene scene_loop_builtins = {
	"loop_builtins", "a constant-bound for loop with sin, cos, fract, mix, clamp, step",
	64, 64, draw,
};
