/*
 * texture_etc1.c: scene "texture_etc1": an 8x8 ETC1 texture
 * (GL_OES_compressed_ETC1_RGB8_texture) of four blocks, individual and
 * differential colours, both sub-block flips, a channel that saturates,
 * drawn NEAREST on the left half (texel = 4x8 pixels) and LINEAR on the
 * right.
 */
#include <stdint.h>

#include "texture_common.h"

#ifndef GL_ETC1_RGB8_OES
#define GL_ETC1_RGB8_OES 0x8D64
#endif

/* Byte 3 of a block: the two table codewords, the diff and flip bits. */
#define ETC1_CTRL(cw1, cw2, diff, flip) (uint8_t)((cw1) << 5 | (cw2) << 2 | (diff) << 1 | (flip))

/* Blocks in raster order (top-left, top-right, bottom-left, bottom-right of
 * the texture as uploaded: block row 0 is texture row 0). */
static const uint8_t blocks[4][8] = {
	/* individual: (15, 0, 8) and (0, 15, 4) as 4-bit colours, side by side */
	{ 0xf0, 0x0f, 0x84, ETC1_CTRL(2, 5, 0, 0), 0x12, 0x34, 0xab, 0xcd },
	/* differential: base (20, 8, 28), deltas (-3, +2, 0), stacked */
	{ 20 << 3 | 5, 8 << 3 | 2, 28 << 3 | 0, ETC1_CTRL(1, 7, 1, 1), 0xf0, 0x0f, 0x5a, 0xa5 },
	/* individual, stacked */
	{ 0x3c, 0xa5, 0x69, ETC1_CTRL(4, 0, 0, 1), 0x00, 0xff, 0xff, 0x00 },
	/* differential with a table that saturates: base (31, 2, 16), deltas (-4, +3, -1) */
	{ 31 << 3 | 4, 2 << 3 | 3, 16 << 3 | 7, ETC1_CTRL(7, 6, 1, 0), 0x96, 0x69, 0x3c, 0xc3 },
};

static void draw(struct harness *h)
{
	(void)h;
	tex_require("GL_OES_compressed_ETC1_RGB8_texture");
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	GLuint prog = tex_program(tex_fs_2d);
	tex_new(GL_TEXTURE_2D);
	GL(glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 8, 8, 0, sizeof(blocks),
				  blocks));
	tex_params(GL_TEXTURE_2D, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE);
	tex_quad(prog, 0, 0, 32, 64, 0, 0, 1, 1);
	tex_params(GL_TEXTURE_2D, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE);
	tex_quad(prog, 32, 0, 64, 64, 0, 0, 1, 1);
}

const struct scene scene_texture_etc1 = {
	"texture_etc1", "an 8x8 ETC1 texture of four kinds of block, NEAREST and LINEAR",
	64, 64, draw,
};
