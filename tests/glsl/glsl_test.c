/* glsl_test.c: see glsl_test.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "glsl_test.h"

struct glsl_shader *gt_compile(const char *src, enum glsl_stage stage)
{
	struct glsl_log log;
	struct glsl_shader *s = glsl_compile(src, strlen(src), stage == GLSL_VERTEX ? "t.vert" :
					     "t.frag", stage, &log);
	if (!s)
		fail_msg("rejected:\n%s\n---\n%s", log.text, src);
	return s;
}

const char *gt_reject(const char *src, enum glsl_stage stage)
{
	static struct glsl_log log;
	struct glsl_shader *s = glsl_compile(src, strlen(src), stage == GLSL_VERTEX ? "t.vert" :
					     "t.frag", stage, &log);
	if (s) {
		glsl_shader_free(s);
		fail_msg("accepted, but should be rejected:\n%s", src);
	}
	return log.text;
}

void gt_begin(struct gt_run *r, const char *src, enum glsl_stage stage)
{
	memset(r, 0, sizeof(*r));
	r->s = gt_compile(src, stage);
	r->slots = ir_interp_slots(r->s->ir);
	assert_non_null(r->slots);
	r->io.slots = r->slots;
	r->io.front_facing = true;
	const struct ir_shader *sh = r->s->ir;
	r->arrays = calloc(sh->decls.len + 1, sizeof(*r->arrays));
	assert_non_null(r->arrays);
	for (size_t d = 0; d < sh->decls.len; d++)
		if (sh->decls.data[d].array_len) {
			r->arrays[d] = calloc((size_t)sh->decls.data[d].array_len *
					      sh->decls.data[d].type.comps, sizeof(union ir_scalar));
			assert_non_null(r->arrays[d]);
		}
	r->io.arrays = (const union ir_scalar *const *)r->arrays;
}

/* The words of uniform `u` set from element el also go to its uniform-array
 * copy (read by load_index), if it has one. */
static void set_array_copy(struct gt_run *r, const struct glsl_sym *u, uint32_t el,
			   const union ir_scalar *v, unsigned n)
{
	const struct ir_shader *sh = r->s->ir;
	uint32_t total = 0, elems = u->array_size ? u->array_size : 1;
	for (uint32_t k = 0; k < u->nslots; k++)
		total += sh->decls.data[u->first_slot + k].type.comps;
	union ir_scalar *a = r->arrays[u->index_decl - 1];
	uint32_t size = sh->decls.data[u->index_decl - 1].array_len *
			sh->decls.data[u->index_decl - 1].type.comps;
	for (unsigned i = 0; i < n && el * (total / elems) + i < size; i++)
		a[el * (total / elems) + i] = v[i];
}

/* The IR decl of `name` and the element offset. */
static uint32_t find_slot(struct gt_run *r, const char *name)
{
	uint32_t el;
	const struct glsl_sym *u = glsl_find_uniform(r->s, name, &el);
	if (u)
		return u->first_slot + el * (u->nslots / (u->array_size ? u->array_size : 1));
	for (uint32_t i = 0; i < r->s->nsyms; i++)
		if (!strcmp(r->s->syms[i].name, name))
			return r->s->syms[i].first_slot;
	fail_msg("no interface symbol '%s'", name);
	return 0;
}

static void set_raw(struct gt_run *r, const char *name, const union ir_scalar *v, unsigned n)
{
	uint32_t slot = find_slot(r, name), el;
	const struct glsl_sym *u = glsl_find_uniform(r->s, name, &el);
	if (u && u->index_decl)
		set_array_copy(r, u, el, v, n);
	const struct ir_shader *sh = r->s->ir;
	for (unsigned i = 0; i < n;) {
		assert_true(slot < sh->decls.len);
		unsigned comps = sh->decls.data[slot].type.comps;
		for (unsigned k = 0; k < comps && i < n; k++)
			r->slots[slot].c[k] = v[i++];
		slot++;
	}
}

void gt_setf(struct gt_run *r, const char *name, const float *v, unsigned n)
{
	union ir_scalar s[64];
	for (unsigned i = 0; i < n && i < 64; i++)
		s[i].f = v[i];
	set_raw(r, name, s, n);
}

void gt_seti(struct gt_run *r, const char *name, const int32_t *v, unsigned n)
{
	union ir_scalar s[64];
	for (unsigned i = 0; i < n && i < 64; i++)
		s[i].i = v[i];
	set_raw(r, name, s, n);
}

void gt_exec(struct gt_run *r)
{
	struct vc4_diag d = { 0 };
	if (!ir_interpret(r->s->ir, &r->io, &d))
		fail_msg("interpreter: %s", d.msg);
}

const union ir_scalar *gt_output(struct gt_run *r, enum ir_builtin which)
{
	const struct ir_shader *sh = r->s->ir;
	for (uint32_t d = 0; d < sh->decls.len; d++)
		if (sh->decls.data[d].kind == IR_DECL_OUTPUT && sh->decls.data[d].builtin == which)
			return r->slots[d].c;
	fail_msg("no output %s", ir_builtin_names[which]);
	return NULL;
}

const union ir_scalar *gt_varying(struct gt_run *r, const char *name)
{
	return r->slots[find_slot(r, name)].c;
}

void gt_end(struct gt_run *r)
{
	for (size_t d = 0; r->arrays && d < r->s->ir->decls.len; d++)
		free(r->arrays[d]);
	free(r->arrays);
	free(r->slots);
	glsl_shader_free(r->s);
	memset(r, 0, sizeof(*r));
}
