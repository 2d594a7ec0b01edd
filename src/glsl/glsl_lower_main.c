/*
 * glsl_lower_main.c: the lowering's entry point — declares the interface
 * (attributes, uniforms, samplers, varyings, the built-in outputs) in
 * declaration order and describes it in the symbol table, runs the global
 * initializers and main, then copies the shadow locals of everything a
 * shader may both write and read (vertex varyings, gl_Position,
 * gl_PointSize, gl_FragColor, gl_FragData) to the IR outputs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_lower.h"

static void add_sym(struct lower *l, enum glsl_sym_kind kind, const char *name,
		    struct glsl_type t, uint32_t first, uint32_t n)
{
	struct glsl_sym s = { .kind = (uint8_t)kind, .array_size = t.array,
			      .first_slot = first, .nslots = n, .location = -1 };
	glsl_cat(s.name, sizeof(s.name), 0, name, sizeof(s.name));
	char buf[64];
	glsl_type_name(glsl_elem(t), buf);
	glsl_cat(s.type, sizeof(s.type), 0, buf, 15);
	if (!vc4_array_push(l->syms, s))
		l->failed = true;
}

/* GL's active-uniform entries: one per leaf member path ("l[1].pos"),
 * arrays of scalars/vectors/matrices as one entry. */
static void uniform_syms(struct lower *l, const char *name, struct glsl_type t, uint32_t first)
{
	char sub[160];
	if (t.base == GLSL_STRUCT && t.array) {
		struct glsl_type e = glsl_elem(t);
		for (uint32_t i = 0; i < t.array; i++) {
			snprintf(sub, sizeof(sub), "%.60s[%u]", name, i);
			uniform_syms(l, sub, e, first + i * glsl_leaves(e));
		}
	} else if (t.base == GLSL_STRUCT) {
		for (uint32_t f = 0; f < t.st->nfields; f++) {
			snprintf(sub, sizeof(sub), "%.60s.%.60s", name, t.st->fields[f].name);
			uniform_syms(l, sub, t.st->fields[f].type,
				     first + glsl_field_offset(t.st, f));
		}
	} else {
		add_sym(l, glsl_is_sampler(t) ? GLSL_SYM_SAMPLER : GLSL_SYM_UNIFORM, name, t, first,
			glsl_leaves(t));
	}
}

static const enum ir_builtin bv_output[] = {
	[BV_POSITION] = IR_OUT_POSITION, [BV_POINT_SIZE] = IR_OUT_POINT_SIZE,
	[BV_FRAG_COLOR] = IR_OUT_COLOR, [BV_FRAG_DATA] = IR_OUT_COLOR,
};

static bool is_output(const struct glsl_node *v)
{
	return v->bvar == BV_POSITION || v->bvar == BV_POINT_SIZE || v->bvar == BV_FRAG_COLOR ||
	       v->bvar == BV_FRAG_DATA;
}

/* Declares one global's interface slots (and its shadow for outputs). */
static void declare_global(struct lower *l, struct glsl_node *v)
{
	bool vs = l->c->stage == GLSL_VERTEX;
	if (v->qual == Q_ATTRIBUTE || v->qual == Q_UNIFORM || (v->qual == Q_VARYING && !vs)) {
		uint32_t first = gll_var_slot(l, v);
		if (v->qual == Q_UNIFORM)
			uniform_syms(l, v->name, v->type, first);
		else
			add_sym(l, v->qual == Q_ATTRIBUTE ? GLSL_SYM_ATTRIBUTE : GLSL_SYM_VARYING,
				v->name, v->type, first, glsl_leaves(v->type));
		return;
	}
	if (v->qual != Q_VARYING)
		return;
	uint32_t n = glsl_leaves(v->type), first = IR_NONE;
	for (uint32_t k = 0; k < n; k++) {
		char name[80];
		size_t len = glsl_cat(name, sizeof(name), 0, v->name, 60);
		if (n > 1)
			glsl_cat_u(name, sizeof(name), glsl_cat(name, sizeof(name), len, ".", 1), k);
		uint32_t s = ir_build_varying(l->b, name, IR_SMOOTH, glsl_ir_type(glsl_leaf_type(v->type, k)));
		first = k ? first : s;
	}
	v->out_slot = first;
	add_sym(l, GLSL_SYM_VARYING, v->name, v->type, first, n);
}

/* The built-in output variables a shader uses, and always gl_Position and a
 * colour (undefined in GL when not written; here zero). */
static void declare_outputs(struct lower *l, struct glsl_node **bvars, uint32_t nb)
{
	bool color = false, any_color = false;
	for (uint32_t i = 0; i < nb; i++)
		any_color |= (bvars[i]->bvar == BV_FRAG_COLOR || bvars[i]->bvar == BV_FRAG_DATA) &&
			     bvars[i]->used;
	for (uint32_t i = 0; i < nb && !any_color; i++)   /* colour is always written */
		bvars[i]->used |= bvars[i]->bvar == BV_FRAG_COLOR;
	for (uint32_t i = 0; i < nb; i++) {
		struct glsl_node *v = bvars[i];
		if (!is_output(v) || (!v->used && v->bvar != BV_POSITION))
			continue;
		if (v->bvar == BV_FRAG_COLOR || v->bvar == BV_FRAG_DATA) {
			if (color) {
				gll_fail(l, NULL, "a shader cannot write both gl_FragColor and "
					   "gl_FragData");
				return;
			}
			color = true;
		}
		v->out_slot = ir_build_output(l->b, bv_output[v->bvar]);
	}
}

/* Copies shadows to their outputs at the end of main. */
static void copy_out(struct lower *l, struct glsl_node *v)
{
	if (v->out_slot == IR_NONE)
		return;
	uint32_t shadow = gll_var_slot(l, v);
	uint32_t n = glsl_leaves(v->type);
	for (uint32_t k = 0; k < n; k++) {
		uint32_t x = ir_build_load(l->b, shadow + k);
		ir_build_store(l->b, v->out_slot + k, x);
	}
}

/* Runs global initializers and main, then copies the outputs out. */
static void gll_entry(struct lower *l, struct glsl_unit *u, struct glsl_node **bvars,
			uint32_t nb)
{
	for (struct glsl_node *n = u->first; n && !l->failed; n = n->next)
		if (n->kind == N_VAR && n->a && n->used) {
			gll_at(l, n);
			gll_store(l, gll_var_slot(l, n), gll_expr(l, n->a));
			union gll_const k;
			gll_known_set(l, n, gll_fold(l, n->a, &k) ? &k : NULL);
		}
	gll_function_body(l, u->main, IR_NONE);
	gll_at_pos(l, 0, 0);
	for (struct glsl_node *n = u->first; n && !l->failed; n = n->next)
		if (n->kind == N_VAR && n->qual == Q_VARYING)
			copy_out(l, n);
	for (uint32_t i = 0; i < nb && !l->failed; i++)
		copy_out(l, bvars[i]);
}

/* Instructions the builder makes room for at once: most shaders lower to
 * fewer, so their arrays are allocated once instead of doubling from 8. */
#define GLL_RESERVE_INSTRS 512

struct ir_shader *glsl_lower(struct glsl_ctx *c, struct glsl_unit *u, glsl_sym_array *syms)
{
	struct lower l = { .c = c, .syms = syms, .render_height = IR_NONE, .epoch = 1 };
	l.b = ir_builder_create(c->stage == GLSL_VERTEX ? IR_STAGE_VERTEX : IR_STAGE_FRAGMENT,
				c->name);
	if (!l.b) {
		glsl_error(c, 0, 0, "out of memory");
		return NULL;
	}
	ir_builder_reserve(l.b, GLL_RESERVE_INSTRS);
	for (int i = 0; i < IR_OUT_COUNT; i++)     /* the stage's outputs' fixed names */
		if (ir_builtin_stage[i] == (c->stage == GLSL_VERTEX ? IR_STAGE_VERTEX :
					    IR_STAGE_FRAGMENT) &&
		    !vc4_array_push(&l.names, ir_builtin_names[i]))
			l.failed = true;
	uint32_t nb = c->nbvars;
	struct glsl_node **bvars = c->bvars;
	for (struct glsl_node *n = u->first; n && !l.failed; n = n->next)
		if (n->kind == N_VAR && n->used) {
			gll_at(&l, n);
			declare_global(&l, n);
		}
	declare_outputs(&l, bvars, nb);
	if (!l.failed)
		gll_entry(&l, u, bvars, nb);
	vc4_array_free(&l.names);
	vc4_array_free(&l.known_log);
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_builder_finish(l.b, &d);
	if (!sh && !l.failed)
		glsl_error(c, 0, 0, "internal error: the lowered IR is invalid: %s", d.msg);
	if (sh && !l.failed && !gll_narrow_varyings(sh)) {
		glsl_error(c, 0, 0, "out of memory");
		l.failed = true;
	}
	if (l.failed) {
		ir_shader_free(sh);
		return NULL;
	}
	return sh;
}
