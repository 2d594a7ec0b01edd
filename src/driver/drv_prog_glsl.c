/*
 * drv_prog_glsl.c: programs from GLSL ES 1.00 (src/glsl): compiling and
 * linking the pair, attribute locations, and uniforms by their GLSL names —
 * "u", "a" or "a[2]" (array elements from there on), "s.f", "l[1].p" — onto
 * the IR uniform declarations that hold them, with sampler uniforms naming
 * texture units; the built-in uniforms the front end asks the driver for.
 * docs/api.md, "Programs from GLSL".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drv.h"

static uint32_t render_height_word(const struct glsl_shader *g, const struct ir_shader *sh);

/* Sets the log's messages (without the last newline) as the context error. */
static void log_error(struct vc4_ctx *ctx, const struct glsl_log *log, const char *none)
{
	size_t n = strlen(log->text);
	while (n > 0 && log->text[n - 1] == '\n')
		n--;
	if (log->count && n)
		drv_error(ctx, "%.*s", (int)n, log->text);
	else
		drv_error(ctx, "%s", none);
}

/* Compiles one stage; NULL + the compiler's messages as the context error. */
static struct glsl_shader *compile(struct vc4_ctx *ctx, const char *src, const char *name,
				   enum glsl_stage stage)
{
	struct glsl_log log = { 0 };
	if (!src) {
		drv_error(ctx, "vc4_prog_create_glsl: no %s shader source", name);
		return NULL;
	}
	struct glsl_shader *s = glsl_compile(src, strlen(src), name, stage, &log);
	if (!s)
		log_error(ctx, &log, "glsl: out of memory");
	return s;
}

/* The ordinal of decl d among the decls of its kind. */
static uint32_t ordinal(const struct ir_shader *sh, uint32_t d)
{
	uint32_t n = 0;
	for (uint32_t k = 0; k < d; k++)
		n += sh->decls.data[k].kind == sh->decls.data[d].kind;
	return n;
}

/* Attribute locations from the linked VS's interface. */
static void take_locations(struct vc4_prog *p)
{
	const struct glsl_shader *vs = p->glsl[0];
	p->attr_locs_used = 0;
	for (uint32_t i = 0; i < vs->nsyms; i++) {
		const struct glsl_sym *sym = &vs->syms[i];
		if (sym->kind != GLSL_SYM_ATTRIBUTE || sym->location < 0)
			continue;
		for (uint32_t k = 0; k < sym->nslots; k++) {   /* a matrix: one per column */
			uint32_t a = ordinal(p->vs, sym->first_slot + k), loc = (uint32_t)sym->location + k;
			if (a < DRV_MAX_ATTRS && loc < DRV_MAX_ATTRS) {
				p->attr_loc[a] = (uint8_t)loc;
				if (loc + 1 > p->attr_locs_used)
					p->attr_locs_used = loc + 1;
			}
		}
	}
}

struct vc4_prog *vc4_prog_create_glsl(struct vc4_ctx *ctx, const char *vs_src,
				      const char *fs_src, const struct vc4_attrib_binding *bind,
				      uint32_t nbind)
{
	drv_begin(ctx);
	struct glsl_shader *vs = compile(ctx, vs_src, "vertex", GLSL_VERTEX);
	struct glsl_shader *fs = vs ? compile(ctx, fs_src, "fragment", GLSL_FRAGMENT) : NULL;
	struct glsl_binding b[DRV_MAX_ATTRS];
	struct glsl_log log = { 0 };
	if (fs && nbind > DRV_MAX_ATTRS) {
		drv_error(ctx, "vc4_prog_create_glsl: %u attribute bindings, at most %u", nbind,
			  DRV_MAX_ATTRS);
		glsl_shader_free(fs), fs = NULL;
	}
	for (uint32_t i = 0; fs && i < nbind; i++)
		b[i] = (struct glsl_binding){ bind[i].name, bind[i].location };
	if (fs && !glsl_link(vs, fs, b, nbind, &log)) {
		log_error(ctx, &log, "link: failed");
		glsl_shader_free(fs), fs = NULL;
	}
	if (!fs) {
		glsl_shader_free(vs);
		return NULL;
	}
	struct ir_shader *vir = vs->ir, *fir = fs->ir;
	vs->ir = fs->ir = NULL;
	struct vc4_prog *p = vc4_prog_create_ir(ctx, vir, fir);
	if (!p) {
		glsl_shader_free(vs);
		glsl_shader_free(fs);
		return NULL;
	}
	p->glsl[0] = vs;
	p->glsl[1] = fs;
	p->height_word[0] = render_height_word(vs, p->vs);   /* looked up once */
	p->height_word[1] = render_height_word(fs, p->fs);
	take_locations(p);
	memset(p->unif[0].sampler_unit, 0, sizeof(p->unif[0].sampler_unit));  /* GL: unit 0 */
	memset(p->unif[1].sampler_unit, 0, sizeof(p->unif[1].sampler_unit));
	return p;
}

int32_t vc4_prog_attrib_location(const struct vc4_prog *p, const char *name)
{
	if (!p || !name)
		return -1;
	if (p->glsl[0]) {
		for (uint32_t i = 0; i < p->glsl[0]->nsyms; i++) {
			const struct glsl_sym *sym = &p->glsl[0]->syms[i];
			if (sym->kind == GLSL_SYM_ATTRIBUTE && strcmp(sym->name, name) == 0)
				return sym->location;
		}
		return -1;
	}
	for (uint32_t d = 0, a = 0; d < p->vs->decls.len; d++) {
		const struct ir_decl *decl = &p->vs->decls.data[d];
		if (decl->kind != IR_DECL_ATTRIBUTE)
			continue;
		if (strcmp(ir_str(p->vs, decl->name), name) == 0)
			return (int32_t)a;
		a++;
	}
	return -1;
}

/* Words of uniform decl d (an array: all its elements). */
static uint32_t words_of(const struct ir_decl *decl)
{
	return decl->type.comps * (decl->array_len ? decl->array_len : 1);
}

/* Word offset of uniform decl d in the shader's user words. */
static uint32_t word_of(const struct ir_shader *sh, uint32_t d)
{
	uint32_t w = 0;
	for (uint32_t k = 0; k < d; k++)
		if (sh->decls.data[k].kind == IR_DECL_UNIFORM)
			w += words_of(&sh->decls.data[k]);
	return w;
}

/* Writes `count` words from element `e` of uniform `sym` of stage i: whole
 * elements, at most to the end of the array. The words of a uniform are
 * consecutive whether its decls are one per leaf or one uniform array.
 * -1: wrong size. */
static int write_uniform(struct vc4_prog *p, int i, const struct glsl_sym *sym, uint32_t e,
			 const uint32_t *w, uint32_t count)
{
	const struct ir_shader *sh = i ? p->fs : p->vs;
	uint32_t elems = sym->array_size ? sym->array_size : 1, total = 0;
	for (uint32_t k = 0; k < sym->nslots; k++)
		total += words_of(&sh->decls.data[sym->first_slot + k]);
	uint32_t per_elem = total / elems;
	if (count == 0 || per_elem == 0 || count % per_elem != 0 || count / per_elem > elems - e)
		return -1;
	memcpy(p->unif[i].words.data + word_of(sh, sym->first_slot) + e * per_elem, w,
	       count * sizeof(uint32_t));
	if (sym->index_decl)   /* its uniform-array copy (load_index): same layout */
		memcpy(p->unif[i].words.data + word_of(sh, sym->index_decl - 1) + e * per_elem, w,
		       count * sizeof(uint32_t));
	return 1;
}

/* Sets sampler uniform `sym` (elements from e) of stage i to units w. */
static int write_sampler(struct vc4_prog *p, int i, const struct glsl_sym *sym, uint32_t e,
			 const uint32_t *w, uint32_t count)
{
	const struct ir_shader *sh = i ? p->fs : p->vs;
	uint32_t elems = sym->array_size ? sym->array_size : 1;
	if (count == 0 || count > elems - e)
		return -1;
	for (uint32_t k = 0; k < count; k++) {
		if (w[k] >= DRV_MAX_UNITS)
			return -2;
		uint32_t s = ordinal(sh, sym->first_slot + e + k);
		if (s < DRV_MAX_UNITS)
			p->unif[i].sampler_unit[s] = (uint8_t)w[k];
	}
	return 1;
}

bool drv_prog_set_glsl_uniform(struct vc4_prog *p, const char *name, const uint32_t *w,
			       uint32_t count)
{
	bool found = false;
	for (int i = 0; i < 2; i++) {
		uint32_t e = 0;
		const struct glsl_sym *sym = glsl_find_uniform(p->glsl[i], name, &e);
		if (!sym || sym->kind == GLSL_SYM_BUILTIN_UNIFORM)
			continue;
		found = true;
		int r = sym->kind == GLSL_SYM_SAMPLER ? write_sampler(p, i, sym, e, w, count)
						      : write_uniform(p, i, sym, e, w, count);
		if (r == -2)
			return drv_error(p->ctx, "vc4_prog: sampler '%s': texture unit out of range "
					 "(0..%u)", name, DRV_MAX_UNITS - 1);
		if (r < 0)
			return drv_error(p->ctx, "vc4_prog: uniform '%s' (%s%s) cannot take %u "
					 "words", name, sym->type, sym->array_size ? " array" : "",
					 count);
	}
	return found || drv_error(p->ctx, "vc4_prog: no uniform '%s'", name);
}

/* The user-word offset of the stage's gl_RenderHeight, or UINT32_MAX. */
static uint32_t render_height_word(const struct glsl_shader *g, const struct ir_shader *sh)
{
	for (uint32_t k = 0; k < g->nsyms; k++)
		if (g->syms[k].kind == GLSL_SYM_BUILTIN_UNIFORM &&
		    strcmp(g->syms[k].name, "gl_RenderHeight") == 0)
			return word_of(sh, g->syms[k].first_slot);
	return UINT32_MAX;
}

void drv_prog_set_builtins(struct vc4_ctx *ctx, struct vc4_prog *p)
{
	if (!ctx->state.color)
		return;
	float h = (float)ctx->state.color->height;
	for (int i = 0; i < 2; i++)
		if (p->height_word[i] != UINT32_MAX)
			memcpy(p->unif[i].words.data + p->height_word[i], &h, sizeof(h));
}
