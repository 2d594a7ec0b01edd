/*
 * texture_mipmap.c: scene "texture_mipmap": a 32x32 texture with all six
 * levels, each one solid colour, in four rows of eight 8x16 quads, bottom
 * first. Each quad's coordinates span 2^L texels per pixel in both
 * directions, so its level of detail is L:
 *  - LINEAR_MIPMAP_LINEAR at L = -0.6 .. 5.5 (magnified, blends, past the
 *    last level);
 *  - NEAREST_MIPMAP_NEAREST at L = -0.6 .. 6.2;
 *  - texture2D with a bias, L = 0.3, bias -1 .. 4.4 (LINEAR_MIPMAP_LINEAR);
 *  - texture2DLod in the vertex shader, LOD 0 .. 6 (explicit LOD).
 * No L sits on a rounding tie of the nearest level.
 */
#include <math.h>
#include <stdint.h>

#include "texture_common.h"

static const uint8_t level_colour[6][4] = {
	{ 230, 40, 40, 255 }, { 40, 200, 60, 255 }, { 50, 70, 230, 255 },
	{ 240, 220, 30, 200 }, { 200, 40, 210, 150 }, { 30, 210, 220, 100 },
};

static void make_texture(void)
{
	static uint8_t texels[32 * 32][4];
	tex_new(GL_TEXTURE_2D);
	for (int level = 0, size = 32; level < 6; level++, size /= 2) {
		for (int i = 0; i < size * size; i++)
			for (int c = 0; c < 4; c++)
				texels[i][c] = level_colour[level][c];
		GL(glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA, size, size, 0, GL_RGBA,
				GL_UNSIGNED_BYTE, texels));
	}
}

static const char fs_bias[] =
	"precision mediump float;\n"
	"uniform sampler2D u_tex;\n"
	"uniform float u_bias;\n"
	"varying vec3 v_uv;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = texture2D(u_tex, v_uv.xy, u_bias);\n"
	"}\n";

static const char vs_lod[] =
	"attribute vec4 a_pos;\n"
	"attribute vec3 a_uv;\n"
	"uniform sampler2D u_tex;\n"
	"uniform float u_lod;\n"
	"varying vec4 v_colour;\n"
	"void main()\n"
	"{\n"
	"	v_colour = texture2DLod(u_tex, a_uv.xy, u_lod);\n"
	"	gl_Position = a_pos;\n"
	"}\n";

static const char fs_colour[] =
	"precision mediump float;\n"
	"varying vec4 v_colour;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = v_colour;\n"
	"}\n";

/* Quad `col` of row `row` with level of detail `lod` (2^lod texels per
 * pixel across the 8x16 quad). */
static void lod_quad(GLuint prog, int row, int col, float lod)
{
	float x = (float)col * 8, y = (float)row * 16, scale = exp2f(lod) / 32.0f;
	tex_quad(prog, x, y, x + 8, y + 16, 0.1f, 0.2f, 0.1f + 8 * scale, 0.2f + 16 * scale);
}

static void draw(struct harness *h)
{
	static const float lml[8] = { -0.6f, 0.3f, 0.8f, 1.3f, 2.6f, 3.2f, 4.7f, 5.5f };
	static const float nmn[8] = { -0.6f, 0.3f, 0.7f, 1.3f, 2.6f, 3.2f, 4.3f, 6.2f };
	static const float bias[8] = { -1.0f, -0.2f, 0.4f, 1.1f, 1.9f, 2.6f, 3.3f, 4.4f };
	static const float lod[8] = { 0.0f, 0.25f, 1.0f, 1.6f, 2.4f, 3.3f, 4.9f, 6.0f };
	(void)h;
	scene_clear(0.0f, 0.0f, 0.0f, 1.0f);
	make_texture();
	GLuint prog = tex_program(tex_fs_2d);
	tex_params(GL_TEXTURE_2D, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, GL_REPEAT, GL_REPEAT);
	for (int i = 0; i < 8; i++)
		lod_quad(prog, 0, i, lml[i]);
	tex_params(GL_TEXTURE_2D, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT, GL_REPEAT);
	for (int i = 0; i < 8; i++)
		lod_quad(prog, 1, i, nmn[i]);
	tex_params(GL_TEXTURE_2D, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, GL_REPEAT, GL_REPEAT);
	prog = tex_program(fs_bias);
	for (int i = 0; i < 8; i++) {
		scene_uniform1f(prog, "u_bias", bias[i]);
		lod_quad(prog, 2, i, 0.3f);
	}
	GLint units = 0;
	GL(glGetIntegerv(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, &units));
	if (units < 1)
		h_fail("no vertex texture units (GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS = %d)", units);
	prog = scene_program(vs_lod, fs_colour);
	scene_uniform1i(prog, "u_tex", 0);
	for (int i = 0; i < 8; i++) {
		scene_uniform1f(prog, "u_lod", lod[i]);
		lod_quad(prog, 3, i, 0.0f);
	}
}

const struct scene scene_texture_mipmap = {
	"texture_mipmap", "mip level choice and blending: LOD from derivatives, bias, explicit LOD",
	64, 64, draw,
};
