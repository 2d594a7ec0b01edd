/*
 * glsl.c: the front end's driver — runs the passes in order (lex,
 * preprocess, parse, check, lower), keeps going after recoverable errors
 * so one run reports several, and owns the result's interface table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_internal.h"
#include "util/zalloc.h"
#include "util/zero.h"

/* Runs the front end on `size` bytes of `src`: lex, preprocess, parse, check
 * and lower to IR. Returns a new shader owning the IR and the interface
 * table, or NULL when any pass reported an error (the errors are in c's log)
 * or memory ran out. */
static struct glsl_shader *run(struct glsl_ctx *c, const char *src, size_t size)
{
	glsl_toks raw = { 0 }, toks = { 0 };
	struct glsl_unit u = { 0 };
	glsl_sym_array syms = { 0 };
	struct ir_shader *ir = NULL;
	if (glsl_lex(c, src, size, &raw) && glsl_preprocess(c, &raw, &toks) &&
	    glsl_parse(c, &toks, &u) && glsl_check(c, &u))
		ir = glsl_lower(c, &u, &syms);
	vc4_array_free(&raw);
	vc4_array_free(&toks);
	struct glsl_shader *s = ir ? vc4_calloc(1, sizeof(*s)) : NULL;
	if (!s) {
		if (ir)
			glsl_error(c, 0, 0, "out of memory");
		ir_shader_free(ir);
		vc4_array_free(&syms);
		return NULL;
	}
	s->stage = c->stage;
	s->ir = ir;
	s->syms = syms.data;
	s->nsyms = (uint32_t)syms.len;
	return s;
}

struct glsl_shader *glsl_compile(const char *src, size_t size, const char *name,
				 enum glsl_stage stage, struct glsl_log *log)
{
	struct glsl_ctx c = { .name = name, .stage = stage, .log = log };
	_Alignas(16) char first[GLSL_ARENA_FIRST];   /* a usual shader's nodes */
	vc4_arena_init(&c.arena, first, sizeof(first));
	if (log)
		vc4_zero_bytes(log, sizeof(*log));
	struct glsl_shader *s = run(&c, src, size);
	glsl_arena_free(&c);
	if (!s && log && !log->count)
		snprintf(log->first, sizeof(log->first), "%s: rejected", name);
	return s;
}

void glsl_shader_free(struct glsl_shader *s)
{
	if (!s)
		return;
	ir_shader_free(s->ir);
	free(s->syms);
	free(s);
}

int glsl_stage_from_name(const char *path)
{
	size_t n = strlen(path);
	static const struct { const char *ext; int stage; } exts[] = {
		{ ".vert", GLSL_VERTEX }, { ".vs", GLSL_VERTEX },
		{ ".frag", GLSL_FRAGMENT }, { ".fs", GLSL_FRAGMENT },
	};
	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t e = strlen(exts[i].ext);
		if (n > e && !strcmp(path + n - e, exts[i].ext))
			return exts[i].stage;
	}
	return -1;
}

const struct glsl_sym *glsl_find_uniform(const struct glsl_shader *s, const char *name,
					 uint32_t *element)
{
	char base[80];
	unsigned long idx = 0;
	const char *br = strrchr(name, '[');
	size_t n = strlen(name);
	*element = 0;
	if (br && n > 0 && name[n - 1] == ']' && !strchr(br, '.')) {
		char *end;
		idx = strtoul(br + 1, &end, 10);
		if (end != name + n - 1 || end == br + 1)
			return NULL;
		n = (size_t)(br - name);
	}
	if (n >= sizeof(base))
		return NULL;
	memcpy(base, name, n);
	base[n] = '\0';
	for (uint32_t i = 0; i < s->nsyms; i++) {
		const struct glsl_sym *u = &s->syms[i];
		bool uni = u->kind == GLSL_SYM_UNIFORM || u->kind == GLSL_SYM_SAMPLER;
		if (!uni || strcmp(u->name, br ? base : name))
			continue;
		if (br && idx >= (u->array_size ? u->array_size : 1))
			return NULL;
		*element = (uint32_t)idx;
		return u;
	}
	return NULL;
}
