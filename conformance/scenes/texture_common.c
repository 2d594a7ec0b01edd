/*
 * texture_common.c: the helpers of texture_common.h.
 */
#include "texture_common.h"

#include <string.h>

const char tex_vs[] =
	"attribute vec4 a_pos;\n"
	"attribute vec3 a_uv;\n"
	"varying vec3 v_uv;\n"
	"void main()\n"
	"{\n"
	"	v_uv = a_uv;\n"
	"	gl_Position = a_pos;\n"
	"}\n";

const char tex_fs_2d[] =
	"precision mediump float;\n"
	"uniform sampler2D u_tex;\n"
	"varying vec3 v_uv;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = texture2D(u_tex, v_uv.xy);\n"
	"}\n";

GLuint tex_program(const char *fs)
{
	GLuint prog = scene_program(tex_vs, fs);
	scene_uniform1i(prog, "u_tex", 0);
	return prog;
}

void tex_quad3(GLuint prog, float x0, float y0, float x1, float y1, const float uvw[4][3])
{
	static const struct scene_layout layout = {
		5, { { "a_pos", 2, 0 }, { "a_uv", 3, 2 } },
	};
	const float px[4][2] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
	float fan[4 * 5];
	for (int i = 0; i < 4; i++) {
		fan[i * 5 + 0] = px[i][0] / 32.0f - 1.0f;
		fan[i * 5 + 1] = px[i][1] / 32.0f - 1.0f;
		for (int k = 0; k < 3; k++)
			fan[i * 5 + 2 + k] = uvw[i][k];
	}
	scene_draw(prog, GL_TRIANGLE_FAN, fan, 4, &layout);
}

void tex_quad(GLuint prog, float x0, float y0, float x1, float y1, float u0, float v0,
	      float u1, float v1)
{
	const float uvw[4][3] = { { u0, v0, 0 }, { u1, v0, 0 }, { u1, v1, 0 }, { u0, v1, 0 } };
	tex_quad3(prog, x0, y0, x1, y1, uvw);
}

GLuint tex_new(GLenum target)
{
	GLuint tex;
	GL(glGenTextures(1, &tex));
	GL(glActiveTexture(GL_TEXTURE0));
	GL(glBindTexture(target, tex));
	GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
	return tex;
}

void tex_params(GLenum target, GLint min, GLint mag, GLint wrap_s, GLint wrap_t)
{
	GL(glTexParameteri(target, GL_TEXTURE_MIN_FILTER, min));
	GL(glTexParameteri(target, GL_TEXTURE_MAG_FILTER, mag));
	GL(glTexParameteri(target, GL_TEXTURE_WRAP_S, wrap_s));
	GL(glTexParameteri(target, GL_TEXTURE_WRAP_T, wrap_t));
}

bool tex_has_extension(const char *name)
{
	const char *all = (const char *)glGetString(GL_EXTENSIONS);
	size_t n = strlen(name);
	for (const char *p = all; p && (p = strstr(p, name)) != NULL; p += n)
		if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

void tex_require(const char *name)
{
	if (!tex_has_extension(name))
		h_fail("extension %s is missing (GL_EXTENSIONS: %s)", name,
		       (const char *)glGetString(GL_EXTENSIONS));
}
