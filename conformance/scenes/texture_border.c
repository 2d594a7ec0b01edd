/*
 * texture_border.c: scene "texture_border": CLAMP_TO_BORDER
 * (GL_OES_texture_border_clamp) with a border colour of four different
 * channels, a 4x4 texture sampled from -0.5 to 1.5 (texel = 4x2 pixels) in
 * 32x16 cells, bottom row first: RGBA8, RGB 5_6_5, LUMINANCE_ALPHA, ALPHA;
 * NEAREST on the left, LINEAR on the right. Mesa's vc4 passes the border
 * colour to the TMU in each format's texel layout.
 */
#include <stdint.h>

#include "texture_common.h"

#ifndef GL_CLAMP_TO_BORDER_OES
#define GL_CLAMP_TO_BORDER_OES 0x812D
#define GL_TEXTURE_BORDER_COLOR_OES 0x1004
#endif

/* The cell's texture: 4x4 texels of `format` from one pattern. */
static void make_texture(int kind)
{
	uint8_t rgba[16][4], la[16][2], a[16];
	uint16_t rgb565[16];
	for (int i = 0; i < 16; i++) {
		rgba[i][0] = (uint8_t)(i * 16);
		rgba[i][1] = (uint8_t)(255 - i * 16);
		rgba[i][2] = (uint8_t)(i % 2 ? 200 : 60);
		rgba[i][3] = (uint8_t)(255 - i * 8);
		la[i][0] = rgba[i][0];
		la[i][1] = rgba[i][3];
		a[i] = rgba[i][3];
		rgb565[i] = (uint16_t)((i * 2) << 11 | (63 - i * 4) << 5 | (i % 2 ? 25 : 7));
	}
	tex_new(GL_TEXTURE_2D);
	if (kind == 0)
		GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
				rgba));
	else if (kind == 1)
		GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 4, 4, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5,
				rgb565));
	else if (kind == 2)
		GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, 4, 4, 0, GL_LUMINANCE_ALPHA,
				GL_UNSIGNED_BYTE, la));
	else
		GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 4, 4, 0, GL_ALPHA, GL_UNSIGNED_BYTE,
				a));
	static const GLfloat border[4] = { 0.2f, 0.6f, 1.0f, 0.8f };
	GL(glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_OES, border));
}

static void draw(struct harness *h)
{
	(void)h;
	tex_require("GL_OES_texture_border_clamp");
	scene_clear(0.0f, 0.0f, 0.0f, 0.0f);
	GLuint prog = tex_program(tex_fs_2d);
	for (int kind = 0; kind < 4; kind++) {
		make_texture(kind);
		for (int col = 0; col < 2; col++) {
			GLint filter = col ? GL_LINEAR : GL_NEAREST;
			float x = (float)col * 32, y = (float)kind * 16;
			tex_params(GL_TEXTURE_2D, filter, filter, GL_CLAMP_TO_BORDER_OES,
				   GL_CLAMP_TO_BORDER_OES);
			tex_quad(prog, x, y, x + 32, y + 16, -0.5f, -0.5f, 1.5f, 1.5f);
		}
	}
}

const struct scene scene_texture_border = {
	"texture_border", "CLAMP_TO_BORDER with a border colour: RGBA8, 565, LA, A",
	64, 64, draw,
};
