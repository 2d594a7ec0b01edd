/*
 * texture_formats.c: scene "texture_formats": one 4x4 texture per GLES 2
 * format, NEAREST, each in a 32x16 cell (texel = 8x4 pixels), bottom row
 * first: RGBA/UNSIGNED_BYTE, RGB/5_6_5; RGBA/4_4_4_4, RGBA/5_5_5_1;
 * LUMINANCE, ALPHA; LUMINANCE_ALPHA, and RGBA/4_4_4_4 again with LINEAR.
 * Every texel has its own value in every channel (alpha included), so a
 * channel order or bit placement error shows.
 */
#include <stdint.h>

#include "texture_common.h"

/* Channel value c (0..3) of texel i (0..15), 0..255. */
static uint8_t chan(int i, int c)
{
	return (uint8_t)(i * 16 + c * 85 + (i * 7 + c * 3) % 16);
}

/* Field of `bits` bits from an 8-bit channel value. */
static uint32_t field(int i, int c, int bits)
{
	return chan(i, c) >> (8 - bits);
}

/* Makes a 4x4 texture from 16 texels of `bpp` bytes in `data`. */
static void upload(GLenum format, GLenum type, const void *data)
{
	tex_new(GL_TEXTURE_2D);
	GL(glTexImage2D(GL_TEXTURE_2D, 0, (GLint)format, 4, 4, 0, format, type, data));
}

/* Texture number k of the scene, bound on unit 0. */
static void make(int k)
{
	uint8_t bytes[16][4];
	uint16_t shorts[16];
	for (int i = 0; i < 16; i++) {
		for (int c = 0; c < 4; c++)
			bytes[i][c] = chan(i, c);
		if (k == 1)
			shorts[i] = (uint16_t)(field(i, 0, 5) << 11 | field(i, 1, 6) << 5 |
					       field(i, 2, 5));
		else if (k == 2 || k == 7)
			shorts[i] = (uint16_t)(field(i, 0, 4) << 12 | field(i, 1, 4) << 8 |
					       field(i, 2, 4) << 4 | field(i, 3, 4));
		else
			shorts[i] = (uint16_t)(field(i, 0, 5) << 11 | field(i, 1, 5) << 6 |
					       field(i, 2, 5) << 1 | (i & 1));
	}
	uint8_t one[16], two[16][2];
	for (int i = 0; i < 16; i++) {
		one[i] = chan(i, 1);
		two[i][0] = chan(i, 2);
		two[i][1] = chan(i, 3);
	}
	switch (k) {
	case 0: upload(GL_RGBA, GL_UNSIGNED_BYTE, bytes); break;
	case 1: upload(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, shorts); break;
	case 2: case 7: upload(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, shorts); break;
	case 3: upload(GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, shorts); break;
	case 4: upload(GL_LUMINANCE, GL_UNSIGNED_BYTE, one); break;
	case 5: upload(GL_ALPHA, GL_UNSIGNED_BYTE, one); break;
	default: upload(GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, two); break;
	}
	GLint filter = k == 7 ? GL_LINEAR : GL_NEAREST;
	tex_params(GL_TEXTURE_2D, filter, filter, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE);
}

static void draw(struct harness *h)
{
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 0.0f);
	GLuint prog = tex_program(tex_fs_2d);
	for (int k = 0; k < 8; k++) {
		float x = (float)(k % 2) * 32, y = (float)(k / 2) * 16;
		make(k);
		tex_quad(prog, x, y, x + 32, y + 16, 0, 0, 1, 1);
	}
}

const struct scene scene_texture_formats = {
	"texture_formats", "4x4 textures of each GLES 2 format: RGBA8, 565, 4444, 5551, L, A, LA",
	64, 64, draw,
};
