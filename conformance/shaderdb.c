/*
 * shaderdb.c: the driver side of the shader corpus (bench/shaders/):
 * `shaderdb [--dir DIR] NAME...` compiles and links DIR/NAME.vert with
 * DIR/NAME.frag through whatever GLES 2 driver EGL finds, gives every
 * attribute, uniform and sampler a value, and draws one triangle twice, so
 * that a driver compiling its shader variants at draw time (Mesa's vc4)
 * compiles them with the keys of a real draw. On stderr, in order with the
 * driver's own messages, each pair prints
 *   shaderdb: begin NAME
 *   shaderdb: NAME: link      (then the link's messages)
 *   shaderdb: NAME: draw      (then what the first draw compiled)
 *   shaderdb: NAME: redraw
 *   shaderdb: NAME: compile_ms C link_ms L draw_ms D redraw_ms R
 *   shaderdb: end NAME
 * with each GL debug message (KHR_debug: Mesa's VC4_DEBUG=shaderdb lines) as
 * "shaderdb: gl: MESSAGE"; a pair the driver refuses prints instead
 *   shaderdb: NAME: rejected: STEP: FIRST LINE OF THE INFO LOG
 * Times are wall-clock around the calls: compile (both shaders), link, the
 * first draw call (where vc4 compiles its variants) and the same draw again
 * (variants cached). The GL state is GL's default except what a
 * "// shaderdb: depth blend" line in NAME.frag asks for (docs/PERFORMANCE.md,
 * "Shader corpus").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"

#include <GLES2/gl2ext.h>

#define SIZE 32          /* the framebuffer's width and height */
#define MAX_UNITS 8      /* texture units given to samplers */

/* The GL state a pair asks for in its fragment shader. */
struct pair_state {
	int depth;       /* GL_DEPTH_TEST with GL_LESS */
	int blend;       /* SRC_ALPHA, ONE_MINUS_SRC_ALPHA */
};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Reads PATH whole, NUL-terminated, or returns NULL. */
static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	long len = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
	if (len >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)len + 1)) != NULL) {
		if (fread(buf, 1, (size_t)len, f) == (size_t)len) {
			buf[len] = '\0';
		} else {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

/* The words after each "// shaderdb:" in the fragment shader's source. */
static struct pair_state parse_state(const char *fs)
{
	struct pair_state st = { 0, 0 };
	for (const char *p = fs; (p = strstr(p, "// shaderdb:")); p++) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char line[128];
		snprintf(line, sizeof(line), "%.*s", (int)len, p);
		st.depth |= strstr(line, " depth") != NULL;
		st.blend |= strstr(line, " blend") != NULL;
	}
	return st;
}

/* Prints the first line of an info log as the reason for rejecting NAME. */
static void reject(const char *name, const char *step, const char *log)
{
	const char *nl = strchr(log, '\n');
	int len = nl ? (int)(nl - log) : (int)strlen(log);
	fprintf(stderr, "shaderdb: %s: rejected: %s: %.*s\n", name, step, len, log);
}

/* Compiles one shader; 0 (after a "rejected" line) when the driver refuses. */
static GLuint compile(const char *name, GLenum stage, const char *src)
{
	GLuint sh = glCreateShader(stage);
	GL(glShaderSource(sh, 1, &src, NULL));
	GL(glCompileShader(sh));
	GLint ok = 0;
	GL(glGetShaderiv(sh, GL_COMPILE_STATUS, &ok));
	if (ok)
		return sh;
	char log[4096] = "";
	GL(glGetShaderInfoLog(sh, sizeof(log), NULL, log));
	reject(name, stage == GL_VERTEX_SHADER ? "compiling the vertex shader"
					       : "compiling the fragment shader", log);
	GL(glDeleteShader(sh));
	return 0;
}

/* Links V and F; 0 (after a "rejected" line) when the driver refuses. */
static GLuint link(const char *name, GLuint v, GLuint f)
{
	GLuint prog = glCreateProgram();
	GL(glAttachShader(prog, v));
	GL(glAttachShader(prog, f));
	GL(glLinkProgram(prog));
	GLint ok = 0;
	GL(glGetProgramiv(prog, GL_LINK_STATUS, &ok));
	if (ok)
		return prog;
	char log[4096] = "";
	GL(glGetProgramInfoLog(prog, sizeof(log), NULL, log));
	reject(name, "linking", log);
	GL(glDeleteProgram(prog));
	return 0;
}

/* Components and locations of an attribute or uniform type; 0 when the
 * type is not a float/int/bool vector or matrix. */
static int type_shape(GLenum type, int *locations)
{
	*locations = 1;
	switch (type) {
	case GL_FLOAT: case GL_INT: case GL_BOOL: return 1;
	case GL_FLOAT_VEC2: case GL_INT_VEC2: case GL_BOOL_VEC2: return 2;
	case GL_FLOAT_VEC3: case GL_INT_VEC3: case GL_BOOL_VEC3: return 3;
	case GL_FLOAT_VEC4: case GL_INT_VEC4: case GL_BOOL_VEC4: return 4;
	case GL_FLOAT_MAT2: *locations = 2; return 2;
	case GL_FLOAT_MAT3: *locations = 3; return 3;
	case GL_FLOAT_MAT4: *locations = 4; return 4;
	default: return 0;
	}
}

/* One triangle covering the framebuffer: every attribute component of
 * vertex V is taken from this row (x, y, 0.5, 1). */
static const float big_triangle[3][4] = {
	{ -1.0f, -1.0f, 0.5f, 1.0f }, { 3.0f, -1.0f, 0.5f, 1.0f }, { -1.0f, 3.0f, 0.5f, 1.0f },
};

/* Fills a buffer object with the triangle and points every active attribute
 * of PROG into it, at the size of its type. Returns the buffer. */
static GLuint setup_attributes(GLuint prog)
{
	GLuint vbo;
	GL(glGenBuffers(1, &vbo));
	GL(glBindBuffer(GL_ARRAY_BUFFER, vbo));
	GL(glBufferData(GL_ARRAY_BUFFER, sizeof(big_triangle), big_triangle, GL_STATIC_DRAW));
	GLint count = 0;
	GL(glGetProgramiv(prog, GL_ACTIVE_ATTRIBUTES, &count));
	for (GLint i = 0; i < count; i++) {
		char name[256];
		GLint size;
		GLenum type;
		GL(glGetActiveAttrib(prog, (GLuint)i, sizeof(name), NULL, &size, &type, name));
		if (strncmp(name, "gl_", 3) == 0)
			continue;
		GLint loc = glGetAttribLocation(prog, name);
		int nloc, comps = type_shape(type, &nloc);
		for (int l = 0; loc >= 0 && l < nloc * size; l++) {
			GL(glVertexAttribPointer((GLuint)(loc + l), comps, GL_FLOAT, GL_FALSE,
						 4 * sizeof(float), NULL));
			GL(glEnableVertexAttribArray((GLuint)(loc + l)));
		}
	}
	return vbo;
}

/* A 4x4 RGBA8 texture of TARGET (2D or cube map) with linear filtering,
 * bound to texture unit UNIT. */
static GLuint make_texture(GLenum target, int unit)
{
	static uint8_t texels[4 * 4 * 4];
	for (size_t i = 0; i < sizeof(texels); i++)
		texels[i] = (uint8_t)(i * 37u + 11u);
	GLuint tex;
	GL(glGenTextures(1, &tex));
	GL(glActiveTexture(GL_TEXTURE0 + (GLenum)unit));
	GL(glBindTexture(target, tex));
	GL(glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_LINEAR));
	GL(glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_LINEAR));
	int faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
	for (int f = 0; f < faces; f++) {
		GLenum face = faces == 6 ? GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f : target;
		GL(glTexImage2D(face, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels));
	}
	GL(glActiveTexture(GL_TEXTURE0));
	return tex;
}

/* Sets the uniform at LOC of TYPE (COUNT array elements): 0.5 in every float
 * component, identity matrices, 1 in ints and bools. */
static void set_value(GLint loc, GLenum type, GLint count)
{
	float f[4 * 16 * 64];
	GLint i[4 * 64];
	int nloc, comps = type_shape(type, &nloc);
	if (count > 64)
		count = 64;
	for (int k = 0; k < 4 * 16 * 64; k++)
		f[k] = 0.5f;
	for (int k = 0; k < 4 * 64; k++)
		i[k] = 1;
	if (nloc > 1)
		for (int k = 0; k < count * comps * comps; k++)
			f[k] = (k % (comps * comps)) % (comps + 1) == 0 ? 1.0f : 0.0f;
	switch (type) {
	case GL_FLOAT: GL(glUniform1fv(loc, count, f)); break;
	case GL_FLOAT_VEC2: GL(glUniform2fv(loc, count, f)); break;
	case GL_FLOAT_VEC3: GL(glUniform3fv(loc, count, f)); break;
	case GL_FLOAT_VEC4: GL(glUniform4fv(loc, count, f)); break;
	case GL_FLOAT_MAT2: GL(glUniformMatrix2fv(loc, count, GL_FALSE, f)); break;
	case GL_FLOAT_MAT3: GL(glUniformMatrix3fv(loc, count, GL_FALSE, f)); break;
	case GL_FLOAT_MAT4: GL(glUniformMatrix4fv(loc, count, GL_FALSE, f)); break;
	case GL_INT: case GL_BOOL: GL(glUniform1iv(loc, count, i)); break;
	case GL_INT_VEC2: case GL_BOOL_VEC2: GL(glUniform2iv(loc, count, i)); break;
	case GL_INT_VEC3: case GL_BOOL_VEC3: GL(glUniform3iv(loc, count, i)); break;
	case GL_INT_VEC4: case GL_BOOL_VEC4: GL(glUniform4iv(loc, count, i)); break;
	default: h_fail("uniform of unknown type 0x%04x", type);
	}
}

/* Gives every active uniform of the current program PROG a value; each
 * sampler gets its own unit with a texture of its kind (TEX receives them,
 * *NTEX counts them). */
static void setup_uniforms(GLuint prog, GLuint *tex, int *ntex)
{
	GLint count = 0;
	GL(glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &count));
	for (GLint u = 0; u < count; u++) {
		char name[256];
		GLint size;
		GLenum type;
		GL(glGetActiveUniform(prog, (GLuint)u, sizeof(name), NULL, &size, &type, name));
		GLint loc = glGetUniformLocation(prog, name);
		if (loc < 0)
			continue;
		if (type != GL_SAMPLER_2D && type != GL_SAMPLER_CUBE) {
			set_value(loc, type, size);
			continue;
		}
		GLint units[MAX_UNITS];
		for (GLint k = 0; k < size; k++) {
			if (*ntex == MAX_UNITS)
				h_fail("more than %d samplers", MAX_UNITS);
			GLenum target = type == GL_SAMPLER_2D ? GL_TEXTURE_2D : GL_TEXTURE_CUBE_MAP;
			units[k] = *ntex;
			tex[*ntex] = make_texture(target, *ntex);
			(*ntex)++;
		}
		GL(glUniform1iv(loc, size, units));
	}
}

/* Enables what ST asks for (GL's default state otherwise). */
static void set_state(struct pair_state st)
{
	if (st.depth) {
		GL(glEnable(GL_DEPTH_TEST));
		GL(glDepthFunc(GL_LESS));
	}
	if (st.blend) {
		GL(glEnable(GL_BLEND));
		GL(glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA));
	}
}

/* Returns to GL's default state and unbinds what draw_pair made. */
static void reset_state(GLuint vbo, GLuint *tex, int ntex)
{
	GL(glDisable(GL_DEPTH_TEST));
	GL(glDisable(GL_BLEND));
	GL(glDeleteBuffers(1, &vbo));
	GL(glDeleteTextures(ntex, tex));
	GLint max_attribs = 0;
	GL(glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs));
	for (GLint a = 0; a < max_attribs; a++)
		GL(glDisableVertexAttribArray((GLuint)a));
}

/* Sets the state of ST, draws the triangle twice (finishing each) and prints
 * the times. */
static void draw_pair(const char *name, GLuint prog, struct pair_state st, double compile_ms,
		      double link_ms)
{
	GL(glUseProgram(prog));
	GLuint tex[MAX_UNITS];
	int ntex = 0;
	setup_uniforms(prog, tex, &ntex);
	GLuint vbo = setup_attributes(prog);
	set_state(st);
	GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));
	fprintf(stderr, "shaderdb: %s: draw\n", name);
	double t0 = now_ms();
	GL(glDrawArrays(GL_TRIANGLES, 0, 3));
	double t1 = now_ms();
	GL(glFinish());
	fprintf(stderr, "shaderdb: %s: redraw\n", name);
	double t2 = now_ms();
	GL(glDrawArrays(GL_TRIANGLES, 0, 3));
	double t3 = now_ms();
	GL(glFinish());
	fprintf(stderr, "shaderdb: %s: compile_ms %.3f link_ms %.3f draw_ms %.3f redraw_ms %.3f\n",
		name, compile_ms, link_ms, t1 - t0, t3 - t2);
	reset_state(vbo, tex, ntex);
}

/* Prints each GL debug message (vc4's shader-db lines among them) as
 * "shaderdb: gl: MESSAGE", synchronously, so that it follows the "begin"
 * line of the pair that caused it. */
static void GL_APIENTRY print_message(GLenum source, GLenum type, GLuint id, GLenum severity,
				      GLsizei length, const GLchar *message, const void *user)
{
	(void)source, (void)type, (void)id, (void)severity, (void)user;
	fprintf(stderr, "shaderdb: gl: %.*s\n", (int)length, message);
}

/* Turns on KHR_debug output with every message enabled, when the driver
 * has it (Mesa sends its shader-db statistics through it). */
static void enable_debug_output(void)
{
	const char *ext = (const char *)glGetString(GL_EXTENSIONS);
	if (!ext || !strstr(ext, "GL_KHR_debug")) {
		fprintf(stderr, "shaderdb: the driver has no GL_KHR_debug\n");
		return;
	}
	PFNGLDEBUGMESSAGECALLBACKKHRPROC callback = harness_proc("glDebugMessageCallbackKHR");
	PFNGLDEBUGMESSAGECONTROLKHRPROC control = harness_proc("glDebugMessageControlKHR");
	GL(glEnable(GL_DEBUG_OUTPUT_KHR));
	GL(glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR));
	GL(callback(print_message, NULL));
	GL(control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE));
}

/* Compiles, links and draws DIR/NAME.{vert,frag}; false when a file is
 * missing (the driver's refusals are reported and are not failures). */
static int run_pair(const char *dir, const char *name)
{
	char vpath[1024], fpath[1024];
	snprintf(vpath, sizeof(vpath), "%s/%s.vert", dir, name);
	snprintf(fpath, sizeof(fpath), "%s/%s.frag", dir, name);
	char *vs = read_text(vpath), *fs = read_text(fpath);
	int ok = vs && fs;
	fprintf(stderr, "shaderdb: begin %s\n", name);
	if (!ok)
		fprintf(stderr, "shaderdb: %s: cannot read %s\n", name, vs ? fpath : vpath);
	GLuint v = 0, f = 0, prog = 0;
	double t0 = now_ms();
	if (ok && (v = compile(name, GL_VERTEX_SHADER, vs)) != 0)
		f = compile(name, GL_FRAGMENT_SHADER, fs);
	double t1 = now_ms();
	if (v && f) {
		fprintf(stderr, "shaderdb: %s: link\n", name);
		prog = link(name, v, f);
	}
	double t2 = now_ms();
	if (prog)
		draw_pair(name, prog, parse_state(fs), t1 - t0, t2 - t1);
	if (prog)
		GL(glDeleteProgram(prog));
	if (v)
		GL(glDeleteShader(v));
	if (f)
		GL(glDeleteShader(f));
	fprintf(stderr, "shaderdb: end %s\n", name);
	free(vs);
	free(fs);
	return ok;
}

int main(int argc, char **argv)
{
	const char *dir = ".";
	int first = 1;
	if (argc > 2 && strcmp(argv[1], "--dir") == 0) {
		dir = argv[2];
		first = 3;
	}
	if (first >= argc) {
		fprintf(stderr, "usage: shaderdb [--dir DIR] NAME...\n"
				"  compiles, links and draws DIR/NAME.vert + DIR/NAME.frag\n");
		return 2;
	}
	struct harness h;
	harness_open(&h);
	harness_fbo(&h, SIZE, SIZE);
	enable_debug_output();
	int status = 0;
	for (int i = first; i < argc; i++)
		if (!run_pair(dir, argv[i]))
			status = 1;
	harness_close(&h);
	return status;
}
