/*
 * texture_cube.c: scene "texture_cube": a cube map of six 8x8 faces
 * (blue tells the face, red and green the texel's s and t) seen through
 * six 21x32 tiles, one per face. Top row NEAREST (+X, -X, +Y), each tile
 * looking at its face from s, t = -0.185 to 1.145 so that the neighbouring
 * faces show along its edges; bottom row LINEAR (-Y, +Z, -Z) inside the
 * face only (s, t = 0.1 to 0.9): the TMU filters within one face, while
 * GLES contexts ask gallium for seamless cube maps, which the software
 * references honour across edges. CLAMP_TO_EDGE.
 */
#include <stdint.h>

#include "texture_common.h"

static const char fs_cube[] =
	"precision mediump float;\n"
	"uniform samplerCube u_tex;\n"
	"varying vec3 v_uv;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = textureCube(u_tex, v_uv);\n"
	"}\n";

static void make_texture(void)
{
	uint8_t texels[8][8][4];
	tex_new(GL_TEXTURE_CUBE_MAP);
	for (int face = 0; face < 6; face++) {
		for (int y = 0; y < 8; y++)
			for (int x = 0; x < 8; x++) {
				texels[y][x][0] = (uint8_t)(40 + x * 26);
				texels[y][x][1] = (uint8_t)(40 + y * 26);
				texels[y][x][2] = (uint8_t)(30 + face * 44);
				texels[y][x][3] = 255;
			}
		GL(glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)face, 0, GL_RGBA, 8, 8, 0,
				GL_RGBA, GL_UNSIGNED_BYTE, texels));
	}
}

/* The direction whose face is `face` with face coordinates sc = u, tc = v
 * (u, v in -1..1; GL ES 2.0 table 3.21 read backwards). */
static void direction(int face, float u, float v, float d[3])
{
	const float dirs[6][3] = {
		{ 1, -v, -u }, { -1, -v, u }, { u, 1, v },
		{ u, -1, -v }, { u, -v, 1 }, { -u, -v, -1 },
	};
	for (int k = 0; k < 3; k++)
		d[k] = dirs[face][k];
}

static void draw(struct harness *h)
{
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	make_texture();
	GLuint prog = tex_program(fs_cube);
	for (int face = 0; face < 6; face++) {
		GLint filter = face < 3 ? GL_NEAREST : GL_LINEAR;
		float x = (float)(face % 3) * 21, y = face < 3 ? 32.0f : 0.0f;
		/* no pixel centre on a texel edge */
		const float e0 = face < 3 ? -1.37f : -0.8f, e1 = face < 3 ? 1.29f : 0.8f;
		const float uv[4][2] = { { e0, e0 }, { e1, e0 }, { e1, e1 }, { e0, e1 } };
		float uvw[4][3];
		for (int i = 0; i < 4; i++)
			direction(face, uv[i][0], uv[i][1], uvw[i]);
		tex_params(GL_TEXTURE_CUBE_MAP, filter, filter, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE);
		tex_quad3(prog, x, y, x + (face % 3 == 2 ? 22 : 21), y + 32, uvw);
	}
}

const struct scene scene_texture_cube = {
	"texture_cube", "a cube map: every face and its edges, NEAREST and LINEAR",
	64, 64, draw,
};
