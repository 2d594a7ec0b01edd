/*
 * scene_util.c: the helpers every scene shares: the pass-through vertex
 * shader and uniform-colour fragment shader, program building with info-log
 * reports, clears, uniforms, and vertex arrays in buffer objects.
 */
#include <stdio.h>
#include <stdlib.h>

#include "scene.h"

const char scene_vs_pos[] =
	"attribute vec4 a_pos;\n"
	"void main()\n"
	"{\n"
	"	gl_Position = a_pos;\n"
	"}\n";

const char scene_fs_colour[] =
	"precision mediump float;\n"
	"uniform vec4 u_colour;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = u_colour;\n"
	"}\n";

const struct scene_layout scene_layout_pos2 = { 2, { { "a_pos", 2, 0 } } };

/* Prints the info log of a shader or program (GET_LOG) and exits. */
static void __attribute__((noreturn)) fail_with_log(const char *what, GLuint obj,
	void (*get_log)(GLuint, GLsizei, GLsizei *, GLchar *), const char *src)
{
	char log[4096] = "";
	get_log(obj, sizeof(log), NULL, log);
	if (src)
		fprintf(stderr, "scene: the source:\n%s", src);
	h_fail("%s failed:\n%s", what, log);
}

static GLuint compile(GLenum stage, const char *src)
{
	GLuint sh = glCreateShader(stage);
	h_gl_check("glCreateShader", __FILE__, __LINE__);
	GL(glShaderSource(sh, 1, &src, NULL));
	GL(glCompileShader(sh));
	GLint ok = 0;
	GL(glGetShaderiv(sh, GL_COMPILE_STATUS, &ok));
	if (!ok)
		fail_with_log(stage == GL_VERTEX_SHADER ? "compiling the vertex shader"
							: "compiling the fragment shader",
			      sh, glGetShaderInfoLog, src);
	return sh;
}

GLuint scene_program(const char *vs, const char *fs)
{
	GLuint prog = glCreateProgram();
	h_gl_check("glCreateProgram", __FILE__, __LINE__);
	GLuint v = compile(GL_VERTEX_SHADER, vs), f = compile(GL_FRAGMENT_SHADER, fs);
	GL(glAttachShader(prog, v));
	GL(glAttachShader(prog, f));
	GL(glLinkProgram(prog));
	GLint ok = 0;
	GL(glGetProgramiv(prog, GL_LINK_STATUS, &ok));
	if (!ok)
		fail_with_log("linking the program", prog, glGetProgramInfoLog, NULL);
	GL(glDeleteShader(v));
	GL(glDeleteShader(f));
	GL(glUseProgram(prog));
	return prog;
}

void scene_clear(float r, float g, float b, float a)
{
	GL(glClearColor(r, g, b, a));
	GL(glClearDepthf(1.0f));
	GL(glClearStencil(0));
	GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT));
}

/* The location of uniform NAME of PROG; the name must exist. */
static GLint uniform_location(GLuint prog, const char *name)
{
	GLint loc = glGetUniformLocation(prog, name);
	h_gl_check("glGetUniformLocation", __FILE__, __LINE__);
	if (loc < 0)
		h_fail("the program has no uniform '%s'", name);
	return loc;
}

void scene_uniform4f(GLuint prog, const char *name, float x, float y, float z, float w)
{
	GL(glUniform4f(uniform_location(prog, name), x, y, z, w));
}

void scene_uniform1f(GLuint prog, const char *name, float x)
{
	GL(glUniform1f(uniform_location(prog, name), x));
}

void scene_uniform1i(GLuint prog, const char *name, int x)
{
	GL(glUniform1i(uniform_location(prog, name), x));
}

/* The location of attribute NAME of PROG; the name must exist. */
static GLuint attrib_location(GLuint prog, const char *name)
{
	GLint loc = glGetAttribLocation(prog, name);
	h_gl_check("glGetAttribLocation", __FILE__, __LINE__);
	if (loc < 0)
		h_fail("the program has no attribute '%s'", name);
	return (GLuint)loc;
}

GLuint scene_vbo(GLuint prog, const float *data, int nverts, const struct scene_layout *layout)
{
	GLuint vbo;
	GLsizei stride = layout->stride * (GLsizei)sizeof(float);
	GL(glGenBuffers(1, &vbo));
	GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
	GL(glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)nverts * stride, data, GL_STATIC_DRAW));
	for (const struct scene_attr *a = layout->attr; a->name; a++) {
		GLuint loc = attrib_location(prog, a->name);
		const void *offset = (const void *)(a->offset * sizeof(float));
		GL(glVertexAttribPointer(loc, a->size, GL_FLOAT, GL_FALSE, stride, offset));
		GL(glEnableVertexAttribArray(loc));
	}
	return vbo;
}

void scene_vbo_free(GLuint vbo, GLuint prog, const struct scene_layout *layout)
{
	for (const struct scene_attr *a = layout->attr; a->name; a++)
		GL(glDisableVertexAttribArray(attrib_location(prog, a->name)));
	GL(glBindBuffer(GL_ARRAY_BUFFER, 0));
	GL(glDeleteBuffers(1, &vbo));
}

void scene_draw(GLuint prog, GLenum mode, const float *data, int nverts,
		const struct scene_layout *layout)
{
	GLuint vbo = scene_vbo(prog, data, nverts, layout);
	GL(glDrawArrays(mode, 0, nverts));
	scene_vbo_free(vbo, prog, layout);
}
