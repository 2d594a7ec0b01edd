/*
 * texture_rgba.c: scene "texture_rgba": an 8x8 RGBA8 checkerboard texture
 * (white squares; the others a red/green gradient by texel, so flips show)
 * on two quads drawn as triangle strips: the left one sampled NEAREST, the
 * right one, after changing the same texture's filters, LINEAR. Each texel
 * covers 4x4 pixels, so no pixel centre falls on a texel edge.
 */
#include <stdint.h>

#include "../scene.h"

static const char vs[] =
	"attribute vec4 a_pos;\n"
	"attribute vec2 a_uv;\n"
	"varying vec2 v_uv;\n"
	"void main()\n"
	"{\n"
	"	v_uv = a_uv;\n"
	"	gl_Position = a_pos;\n"
	"}\n";

static const char fs[] =
	"precision mediump float;\n"
	"uniform sampler2D u_tex;\n"
	"varying vec2 v_uv;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = texture2D(u_tex, v_uv);\n"
	"}\n";

/* Makes the checkerboard and leaves it bound on unit 0. */
static void make_texture(void)
{
	uint8_t texels[8][8][4];
	for (int y = 0; y < 8; y++)
		for (int x = 0; x < 8; x++) {
			int white = (x + y) % 2 == 0;
			texels[y][x][0] = white ? 255 : (uint8_t)(x * 32 + 16);
			texels[y][x][1] = white ? 255 : (uint8_t)(y * 32 + 16);
			texels[y][x][2] = white ? 255 : 96;
			texels[y][x][3] = 255;
		}
	GLuint tex;
	GL(glGenTextures(1, &tex));
	GL(glActiveTexture(GL_TEXTURE0));
	GL(glBindTexture(GL_TEXTURE_2D, tex));
	GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
	GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels));
	GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
	GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
}

static void set_filter(GLint filter)
{
	GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter));
	GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter));
}

static void draw(struct harness *h)
{
	/* x, y, u, v: a strip for each quad. */
	static const float left[] = {
		-1.0f, -0.5f, 0.0f, 0.0f,  0.0f, -0.5f, 1.0f, 0.0f,
		-1.0f,  0.5f, 0.0f, 1.0f,  0.0f,  0.5f, 1.0f, 1.0f,
	};
	static const float right[] = {
		0.0f, -0.5f, 0.0f, 0.0f,  1.0f, -0.5f, 1.0f, 0.0f,
		0.0f,  0.5f, 0.0f, 1.0f,  1.0f,  0.5f, 1.0f, 1.0f,
	};
	static const struct scene_layout layout = {
		4, { { "a_pos", 2, 0 }, { "a_uv", 2, 2 } },
	};
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = scene_program(vs, fs);
	scene_uniform1i(prog, "u_tex", 0);
	make_texture();
	set_filter(GL_NEAREST);
	scene_draw(prog, GL_TRIANGLE_STRIP, left, SCENE_NVERTS(left, 4), &layout);
	set_filter(GL_LINEAR);
	scene_draw(prog, GL_TRIANGLE_STRIP, right, SCENE_NVERTS(right, 4), &layout);
}

const struct scene scene_texture_rgba = {
	"texture_rgba", "an 8x8 RGBA8 checkerboard texture, NEAREST (left) and LINEAR (right)",
	64, 64, draw,
};
