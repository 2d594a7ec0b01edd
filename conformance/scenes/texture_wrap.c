/*
 * texture_wrap.c: scene "texture_wrap": an 8x4 RGBA texture sampled from
 * -0.5 to 1.5 in s and t (every texel 2x2 pixels) in 32x16 cells, bottom
 * row first: REPEAT, CLAMP_TO_EDGE, MIRRORED_REPEAT in both axes, then
 * (s REPEAT, t MIRRORED_REPEAT) and (s CLAMP_TO_EDGE, t REPEAT); NEAREST
 * in the left column, LINEAR in the right.
 */
#include <stdint.h>

#include "texture_common.h"

static void make_texture(void)
{
	uint8_t texels[4][8][4];
	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 8; x++) {
			texels[y][x][0] = (uint8_t)(x * 36);
			texels[y][x][1] = (uint8_t)(y * 85);
			texels[y][x][2] = (uint8_t)((x + y) % 2 ? 255 : 40);
			texels[y][x][3] = 255;
		}
	tex_new(GL_TEXTURE_2D);
	GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels));
}

static void draw(struct harness *h)
{
	static const GLint wraps[4][2] = {
		{ GL_REPEAT, GL_REPEAT },
		{ GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE },
		{ GL_MIRRORED_REPEAT, GL_MIRRORED_REPEAT },
		{ GL_REPEAT, GL_MIRRORED_REPEAT },
	};
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = tex_program(tex_fs_2d);
	make_texture();
	for (int row = 0; row < 4; row++)
		for (int col = 0; col < 2; col++) {
			GLint filter = col ? GL_LINEAR : GL_NEAREST;
			float x = (float)col * 32, y = (float)row * 16;
			tex_params(GL_TEXTURE_2D, filter, filter, wraps[row][0], wraps[row][1]);
			tex_quad(prog, x, y, x + 32, y + 16, -0.5f, -0.5f, 1.5f, 1.5f);
		}
}

const struct scene scene_texture_wrap = {
	"texture_wrap", "REPEAT, CLAMP_TO_EDGE, MIRRORED_REPEAT and mixes, NEAREST and LINEAR",
	64, 64, draw,
};
