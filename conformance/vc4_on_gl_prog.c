/*
 * vc4_on_gl_prog.c: our API's programs on GLES 2 (for vc4-demo-gl): GLSL
 * ES 1.00 compiled and linked by the GL driver with our attribute location
 * rule (docs/api.md: bound names first, then the lowest free locations in
 * declaration order, a matrix one per column), found by scanning the
 * vertex shader's `attribute` declarations; uniforms set by name with the
 * glUniform call their type needs. IR programs are refused. A uniform the
 * GL linker dropped (inactive) takes any value, as GL does; our driver
 * would name an undeclared one. With VC4_ON_GL_HIGHP=1 every `mediump` and
 * `lowp` becomes `highp` (our compiler computes everything in 32-bit
 * floats; Mesa's llvmpipe lowers mediump maths to 16 bits: docs/demo.md).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vc4_on_gl.h"

/* The source without comments (a new string), so the scan sees code only. */
static char *strip_comments(const char *src)
{
	char *out = malloc(strlen(src) + 1), *o = out;
	for (const char *p = src; out && *p;) {
		if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else if (p[0] == '/' && p[1] == '*') {
			const char *end = strstr(p + 2, "*/");
			p = end ? end + 2 : p + strlen(p);
			*o++ = ' ';
		} else {
			*o++ = *p++;
		}
	}
	if (out)
		*o = '\0';
	return out;
}

/* The next identifier-or-symbol token of *p into tok (size 64). */
static bool next_token(const char **p, char tok[64])
{
	const char *s = *p;
	while (isspace((unsigned char)*s))
		s++;
	size_t n = 0;
	if (isalnum((unsigned char)*s) || *s == '_')
		while ((isalnum((unsigned char)s[n]) || s[n] == '_') && n < 63)
			n++;
	else if (*s)
		n = 1;
	memcpy(tok, s, n);
	tok[n] = '\0';
	*p = s + n;
	return n > 0;
}

/* Columns and components of a GLSL attribute type; false when not one. */
static bool attr_type(const char *t, uint8_t *columns, uint8_t *components)
{
	static const struct { const char *name; uint8_t columns, components; } types[] = {
		{ "float", 1, 1 }, { "vec2", 1, 2 }, { "vec3", 1, 3 }, { "vec4", 1, 4 },
		{ "mat2", 2, 2 }, { "mat3", 3, 3 }, { "mat4", 4, 4 },
	};
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (strcmp(t, types[i].name) == 0) {
			*columns = types[i].columns;
			*components = types[i].components;
			return true;
		}
	}
	return false;
}

struct decl {
	char name[64];
	uint8_t columns, components;
};

/* The vertex shader's attribute declarations in order (up to `max`). */
static uint32_t scan_attributes(const char *src, struct decl *d, uint32_t max)
{
	char *code = strip_comments(src), tok[64];
	uint32_t n = 0;
	const char *p = code;
	bool start = true; /* at the start of a declaration */
	while (p && next_token(&p, tok)) {
		if (strcmp(tok, "#") == 0) { /* a preprocessor line */
			p += strcspn(p, "\n");
			start = true;
			continue;
		}
		bool is_attr = start && strcmp(tok, "attribute") == 0;
		start = strcmp(tok, ";") == 0 || strcmp(tok, "}") == 0 || strcmp(tok, "{") == 0;
		if (!is_attr)
			continue;
		uint8_t cols = 0, comps = 0;
		while (next_token(&p, tok) && !attr_type(tok, &cols, &comps))
			; /* precision qualifiers */
		while (cols && next_token(&p, tok) && strcmp(tok, ";") != 0) {
			if (strcmp(tok, ",") != 0 && n < max) {
				snprintf(d[n].name, sizeof(d[n].name), "%s", tok);
				d[n].columns = cols;
				d[n++].components = comps;
			}
		}
		start = true;
	}
	free(code);
	return n;
}

/* Binds every attribute at our API's location; false when they overflow. */
static bool bind_locations(struct vc4_prog *p, const char *vs,
			   const struct vc4_attrib_binding *bind, uint32_t nbind)
{
	struct decl d[16];
	uint32_t n = scan_attributes(vs, d, 16);
	bool taken[VOT_LOCATIONS + 4] = { false };
	int32_t at[16];
	for (uint32_t i = 0; i < n; i++) {
		at[i] = -1;
		for (uint32_t b = 0; b < nbind; b++)
			if (strcmp(bind[b].name, d[i].name) == 0 && bind[b].location < VOT_LOCATIONS)
				at[i] = (int32_t)bind[b].location;
		for (int32_t c = 0; at[i] >= 0 && c < d[i].columns; c++)
			taken[at[i] + c] = true;
	}
	for (uint32_t i = 0; i < n; i++) {
		for (int32_t l = 0; at[i] < 0 && l + d[i].columns <= VOT_LOCATIONS; l++) {
			bool free_run = true;
			for (int32_t c = 0; c < d[i].columns; c++)
				free_run = free_run && !taken[l + c];
			if (free_run)
				at[i] = l;
		}
		if (at[i] < 0)
			return vot_fail(p->ctx, "link: no free location for attribute '%s'",
					d[i].name);
		for (int32_t c = 0; c < d[i].columns; c++) {
			taken[at[i] + c] = true;
			p->components[at[i] + c] = d[i].components;
			memcpy(p->names[at[i] + c], d[i].name, sizeof(p->names[0]));
			if ((uint32_t)(at[i] + c + 1) > p->num_locations)
				p->num_locations = (uint32_t)(at[i] + c + 1);
		}
		glBindAttribLocation(p->prog, (GLuint)at[i], d[i].name);
	}
	return vot_gl_ok(p->ctx, "link: glBindAttribLocation");
}

/* The source with every `mediump` and `lowp` word made `highp` (a new
 * string), or NULL when out of memory. */
static char *promote_precision(const char *src)
{
	char *out = malloc(2 * strlen(src) + 1), *o = out;
	for (const char *p = src; out && *p;) {
		bool word_start = p == src || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		size_t n = strncmp(p, "mediump", 7) == 0 ? 7 : strncmp(p, "lowp", 4) == 0 ? 4 : 0;
		if (n && word_start && !(isalnum((unsigned char)p[n]) || p[n] == '_')) {
			memcpy(o, "highp", 5);
			o += 5;
			p += n;
		} else {
			*o++ = *p++;
		}
	}
	if (out)
		*o = '\0';
	return out;
}

/* Compiles one stage; false with "STAGE: the info log". */
static bool compile(struct vc4_prog *p, GLenum stage, const char *text)
{
	const char *env = getenv("VC4_ON_GL_HIGHP");
	char *promoted = env && strcmp(env, "1") == 0 ? promote_precision(text) : NULL;
	const char *src = promoted ? promoted : text;
	GLuint sh = glCreateShader(stage);
	GLint ok = 0;
	glShaderSource(sh, 1, &src, NULL);
	free(promoted);
	glCompileShader(sh);
	glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		char log[768] = "";
		glGetShaderInfoLog(sh, sizeof(log), NULL, log);
		log[strcspn(log, "\n")] = '\0'; /* the first message */
		vot_fail(p->ctx, "%s: %s", stage == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
	} else {
		glAttachShader(p->prog, sh);
	}
	glDeleteShader(sh); /* freed with the program */
	return ok && vot_gl_ok(p->ctx, "glCompileShader");
}

struct vc4_prog *vc4_prog_create_glsl(struct vc4_ctx *ctx, const char *vs_src,
				      const char *fs_src, const struct vc4_attrib_binding *bind,
				      uint32_t nbind)
{
	struct vc4_prog *p = calloc(1, sizeof(*p));
	if (!p) {
		vot_fail(ctx, "program: out of memory");
		return NULL;
	}
	p->ctx = ctx;
	p->prog = glCreateProgram();
	GLint linked = 0;
	bool ok = compile(p, GL_VERTEX_SHADER, vs_src) && compile(p, GL_FRAGMENT_SHADER, fs_src) &&
		  bind_locations(p, vs_src, bind, nbind);
	if (ok) {
		glLinkProgram(p->prog);
		glGetProgramiv(p->prog, GL_LINK_STATUS, &linked);
		if (!linked) {
			char log[768] = "";
			glGetProgramInfoLog(p->prog, sizeof(log), NULL, log);
			log[strcspn(log, "\n")] = '\0';
			ok = vot_fail(ctx, "link: %s", log);
		}
	}
	if (!ok) {
		vc4_prog_destroy(p);
		return NULL;
	}
	ctx->stats.programs_compiled++;
	return p;
}

struct vc4_prog *vc4_prog_create(struct vc4_ctx *ctx, const char *vs_text, const char *fs_text)
{
	(void)vs_text;
	(void)fs_text;
	vot_fail(ctx, "vc4_prog_create: IR programs have no GL equivalent (GLSL only here)");
	return NULL;
}

int32_t vc4_prog_attrib_location(const struct vc4_prog *prog, const char *name)
{
	for (uint32_t l = 0; l < prog->num_locations; l++)
		if (strcmp(prog->names[l], name) == 0)
			return (int32_t)l;
	return -1;
}

void vc4_prog_destroy(struct vc4_prog *prog)
{
	if (!prog)
		return;
	if (prog->ctx->prog == prog) {
		prog->ctx->prog = NULL;
		glUseProgram(0);
	}
	glDeleteProgram(prog->prog);
	free(prog);
}

/* The type and array size of the active uniform `name` ("a", "a[2]",
 * "s.f"; arrays by their base name). False when GL has no such active one. */
static bool uniform_type(const struct vc4_prog *p, const char *name, GLenum *type)
{
	GLint count = 0;
	size_t base = strcspn(name, "[");
	glGetProgramiv(p->prog, GL_ACTIVE_UNIFORMS, &count);
	for (GLint i = 0; i < count; i++) {
		char active[128];
		GLint size;
		glGetActiveUniform(p->prog, (GLuint)i, sizeof(active), NULL, &size, type, active);
		size_t len = strcspn(active, "[");
		if (len == base && strncmp(active, name, base) == 0)
			return true;
	}
	return false;
}

/* The words per element of a GL uniform type (a matrix: all its columns). */
static uint32_t type_words(GLenum type)
{
	switch (type) {
	case GL_FLOAT_VEC2: case GL_INT_VEC2: case GL_BOOL_VEC2: return 2;
	case GL_FLOAT_VEC3: case GL_INT_VEC3: case GL_BOOL_VEC3: return 3;
	case GL_FLOAT_VEC4: case GL_INT_VEC4: case GL_BOOL_VEC4: case GL_FLOAT_MAT2: return 4;
	case GL_FLOAT_MAT3: return 9;
	case GL_FLOAT_MAT4: return 16;
	default: return 1;
	}
}

/* Sets `count` words (floats when `f`, else ints) of uniform `name`. */
static bool set_uniform(struct vc4_prog *p, const char *name, const float *f,
			const int32_t *i, uint32_t count)
{
	GLenum type = 0;
	if (!uniform_type(p, name, &type))
		return true; /* inactive in GL */
	uint32_t words = type_words(type);
	if (count == 0 || count % words)
		return vot_fail(p->ctx, "vc4_prog: uniform '%s' cannot take %u words", name, count);
	GLint loc = glGetUniformLocation(p->prog, name);
	GLsizei n = (GLsizei)(count / words);
	glUseProgram(p->prog);
	if (type == GL_FLOAT_MAT2 || type == GL_FLOAT_MAT3 || type == GL_FLOAT_MAT4) {
		void (*set)(GLint, GLsizei, GLboolean, const GLfloat *) =
			type == GL_FLOAT_MAT2 ? glUniformMatrix2fv :
			type == GL_FLOAT_MAT3 ? glUniformMatrix3fv : glUniformMatrix4fv;
		set(loc, n, GL_FALSE, f);
	} else if (f) {
		void (*set[4])(GLint, GLsizei, const GLfloat *) = {
			glUniform1fv, glUniform2fv, glUniform3fv, glUniform4fv };
		set[words - 1](loc, n, f);
	} else {
		void (*set[4])(GLint, GLsizei, const GLint *) = {
			glUniform1iv, glUniform2iv, glUniform3iv, glUniform4iv };
		set[words - 1](loc, n, i);
	}
	glUseProgram(p->ctx->prog ? p->ctx->prog->prog : 0);
	return vot_gl_ok(p->ctx, name);
}

bool vc4_prog_set_uniform_f(struct vc4_prog *prog, const char *name, const float *v,
			    uint32_t count)
{
	return set_uniform(prog, name, v, NULL, count);
}

bool vc4_prog_set_uniform_i(struct vc4_prog *prog, const char *name, const int32_t *v,
			    uint32_t count)
{
	return set_uniform(prog, name, NULL, v, count);
}

void vc4_prog_get_sizes(const struct vc4_prog *prog, struct vc4_prog_sizes *sizes)
{
	(void)prog;
	memset(sizes, 0, sizeof(*sizes)); /* GL does not say: no variant compiled */
}
