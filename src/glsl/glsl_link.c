/*
 * glsl_link.c: links a vertex and a fragment shader like GL's glLinkProgram
 * — varyings matched by name and type, attribute locations (the ones the
 * application binds, then the lowest free ones; a matrix takes one per
 * column), uniforms declared by both stages with one type; varyings the
 * vertex shader writes as one constant folded into the fragment shader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl.h"
#include "ir/ir_const_vary.h"
#include "util/zalloc.h"
#include "util/zero.h"

#define MAX_ATTRIB_LOCATIONS 8

static bool link_error(struct glsl_log *log, const char *fmt, const char *a, const char *b,
		       const char *c)
{
	if (!log)
		return false;
	char msg[400];
	snprintf(msg, sizeof(msg), fmt, a, b, c);
	snprintf(log->first, sizeof(log->first), "link: %s", msg);
	snprintf(log->text, sizeof(log->text), "link: %s\n", msg);
	log->count = 1;
	return false;
}

static const struct glsl_sym *find(const struct glsl_shader *s, enum glsl_sym_kind kind,
				   const char *name)
{
	for (uint32_t i = 0; i < s->nsyms; i++)
		if (s->syms[i].kind == kind && !strcmp(s->syms[i].name, name))
			return &s->syms[i];
	return NULL;
}

static bool same_type(const struct glsl_sym *a, const struct glsl_sym *b)
{
	return !strcmp(a->type, b->type) && a->array_size == b->array_size;
}

/* Checks that every varying the fragment shader reads is written by the
 * vertex shader with the same type, and that uniforms declared in both
 * stages agree in type. False with the first mismatch in log. */
static bool check_varyings(const struct glsl_shader *vs, const struct glsl_shader *fs,
			   struct glsl_log *log)
{
	for (uint32_t i = 0; i < fs->nsyms; i++) {
		const struct glsl_sym *f = &fs->syms[i];
		if (f->kind != GLSL_SYM_VARYING)
			continue;
		const struct glsl_sym *v = find(vs, GLSL_SYM_VARYING, f->name);
		if (!v)
			return link_error(log, "varying '%s' is read by the fragment shader but not "
					  "written by the vertex shader%s%s", f->name, "", "");
		if (!same_type(v, f))
			return link_error(log, "varying '%s' is %s in the vertex shader and %s in "
					  "the fragment shader", f->name, v->type, f->type);
	}
	for (uint32_t i = 0; i < fs->nsyms; i++) {
		const struct glsl_sym *f = &fs->syms[i];
		const struct glsl_sym *v = f->kind == GLSL_SYM_UNIFORM ?
					   find(vs, GLSL_SYM_UNIFORM, f->name) : NULL;
		if (v && !same_type(v, f))
			return link_error(log, "uniform '%s' is %s in the vertex shader and %s in "
					  "the fragment shader", f->name, v->type, f->type);
	}
	return true;
}

/* Places attribute a at `loc` if its columns are free. */
static bool place(struct glsl_sym *a, uint32_t loc, bool *used)
{
	if (loc + a->nslots > MAX_ATTRIB_LOCATIONS)
		return false;
	for (uint32_t k = 0; k < a->nslots; k++)
		if (used[loc + k])
			return false;
	for (uint32_t k = 0; k < a->nslots; k++)
		used[loc + k] = true;
	a->location = (int32_t)loc;
	return true;
}

/* Gives every vertex attribute its location: first those named in `bind`
 * (nbind entries), then the rest in the lowest free slots. False with the
 * reason in log when a binding overlaps or is out of range, or no slots
 * remain. */
static bool assign_locations(struct glsl_shader *vs, const struct glsl_binding *bind,
			     uint32_t nbind, struct glsl_log *log)
{
	bool used[MAX_ATTRIB_LOCATIONS] = { false };
	for (uint32_t i = 0; i < vs->nsyms; i++) {
		struct glsl_sym *a = &vs->syms[i];
		if (a->kind != GLSL_SYM_ATTRIBUTE)
			continue;
		a->location = -1;
		for (uint32_t b = 0; b < nbind; b++) {
			char loc[16];
			snprintf(loc, sizeof(loc), "%u", bind[b].location);
			if (!strcmp(bind[b].name, a->name) && !place(a, bind[b].location, used))
				return link_error(log, "attribute '%s' cannot be bound to location "
						  "%s %s", a->name, loc, bind[b].location +
						  a->nslots <= MAX_ATTRIB_LOCATIONS ?
						  "(it overlaps another)" : "(out of range)");
		}
	}
	for (uint32_t i = 0; i < vs->nsyms; i++) {
		struct glsl_sym *a = &vs->syms[i];
		if (a->kind != GLSL_SYM_ATTRIBUTE || a->location >= 0)
			continue;
		uint32_t loc = 0;
		while (loc < MAX_ATTRIB_LOCATIONS && !place(a, loc, used))
			loc++;
		if (loc == MAX_ATTRIB_LOCATIONS)
			return link_error(log, "too many attributes: no location left for '%s'%s%s",
					  a->name, "", "");
	}
	return true;
}

/* Folds the varyings vs writes as one constant into fs (ir_const_vary.c);
 * nothing when out of memory. */
static void fold_constant_varyings(const struct glsl_shader *vs, struct glsl_shader *fs)
{
	bool *fixed = vc4_calloc(vs->ir->decls.len + 1, sizeof(*fixed));
	struct ir_slot_value *vals = fixed ? ir_const_varyings(vs->ir, fixed) : NULL;
	for (uint32_t i = 0; vals && i < fs->nsyms; i++) {
		const struct glsl_sym *f = &fs->syms[i];
		const struct glsl_sym *v = f->kind == GLSL_SYM_VARYING ?
					   find(vs, GLSL_SYM_VARYING, f->name) : NULL;
		for (uint32_t k = 0; v && k < f->nslots && k < v->nslots; k++)
			if (fixed[v->first_slot + k])
				ir_fold_varying(fs->ir, f->first_slot + k, vals[v->first_slot + k].c);
	}
	free(vals);
	free(fixed);
}

bool glsl_link(struct glsl_shader *vs, struct glsl_shader *fs,
	       const struct glsl_binding *bind, uint32_t nbind, struct glsl_log *log)
{
	if (log)
		vc4_zero_bytes(log, sizeof(*log));
	if (vs->stage != GLSL_VERTEX || fs->stage != GLSL_FRAGMENT)
		return link_error(log, "needs a vertex and a fragment shader%s%s%s", "", "", "");
	if (!check_varyings(vs, fs, log) || !assign_locations(vs, bind, nbind, log))
		return false;
	fold_constant_varyings(vs, fs);
	return true;
}
