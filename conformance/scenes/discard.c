/*
 * discard.c: scene "discard": a full-screen quad whose fragment shader
 * discards the fragments of every other 8x8 square of gl_FragCoord, so the
 * clear colour shows through as a checker.
 */
#include "../scene.h"

static const char fs[] =
	"precision mediump float;\n"
	"void main()\n"
	"{\n"
	"	vec2 cell = floor(gl_FragCoord.xy / 8.0);\n"
	"	if (mod(cell.x + cell.y, 2.0) < 0.5)\n"
	"		discard;\n"
	"	gl_FragColor = vec4(0.9, 0.8, 0.1, 1.0);\n"
	"}\n";

static void draw(struct harness *h)
{
	static const float quad[] = { -1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f };
	(void)h;
	scene_clear(0.1f, 0.2f, 0.5f, 1.0f);
	GLuint prog = scene_program(scene_vs_pos, fs);
	scene_draw(prog, GL_TRIANGLE_STRIP, quad, SCENE_NVERTS(quad, 2), &scene_layout_pos2);
}

const struct scene scene_discard = {
	"discard", "discard on an 8x8 checker of gl_FragCoord over a full-screen quad",
	64, 64, draw,
};
