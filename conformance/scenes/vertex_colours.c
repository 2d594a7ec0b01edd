/*
 * vertex_colours.c: scene "vertex_colours": one triangle with red, green and
 * blue corners whose clip-space w differ (1, 2 and 4), so the colours must be
 * interpolated perspective-correctly.
 */
#include "../scene.h"

static const char vs[] =
	"attribute vec4 a_pos;\n"
	"attribute vec3 a_colour;\n"
	"varying vec3 v_colour;\n"
	"void main()\n"
	"{\n"
	"	v_colour = a_colour;\n"
	"	gl_Position = a_pos;\n"
	"}\n";

static const char fs[] =
	"precision mediump float;\n"
	"varying vec3 v_colour;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = vec4(v_colour, 1.0);\n"
	"}\n";

static void draw(struct harness *h)
{
	/* x, y, z, w (NDC times w), then r, g, b. */
	static const float tri[] = {
		-0.9f, -0.9f, 0.0f, 1.0f, 1.0f, 0.0f, 0.0f,
		 1.8f, -1.6f, 0.0f, 2.0f, 0.0f, 1.0f, 0.0f,
		 0.0f,  3.6f, 0.0f, 4.0f, 0.0f, 0.0f, 1.0f,
	};
	static const struct scene_layout layout = {
		7, { { "a_pos", 4, 0 }, { "a_colour", 3, 4 } },
	};
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = scene_program(vs, fs);
	scene_draw(prog, GL_TRIANGLES, tri, SCENE_NVERTS(tri, 7), &layout);
}

const struct scene scene_vertex_colours = {
	"vertex_colours", "RGB varyings interpolated perspective-correctly (w = 1, 2, 4)",
	64, 64, draw,
};
