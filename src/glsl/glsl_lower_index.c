/*
 * glsl_lower_index.c: a uniform array of scalars, vectors or mat4 indexed
 * by a non-constant expression becomes one `load_index` of an IR uniform
 * array (docs/ir.md), which the compiler reads through the TMU, instead of
 * a `select` over every element. The IR array is a second copy of the
 * uniform, declared on the first such read; constant indices keep reading
 * the per-element decls. The driver fills both (glsl_sym.index_decl).
 */
#include <stdio.h>

#include "glsl/glsl_lower.h"

/* Fewer elements than this keep the select: with 3 (lit-phong-3lights, a
 * vec4 and a vec3 array in a loop) it is 227 instructions and 246 estimated
 * cycles against 219 and 425 through the TMU, whose latency a shader
 * without a second thread cannot hide. */
#define GLL_INDEX_MIN_ELEMS 4

/* Element types an IR uniform array can hold: scalars, vectors, mat4. */
static bool indexable(struct glsl_type e)
{
	if (e.array || (e.base != GLSL_FLOAT && e.base != GLSL_INT && e.base != GLSL_BOOL))
		return false;
	return e.cols == 1 || (e.cols == 4 && e.size == 4);
}

static struct ir_type element_ir_type(struct glsl_type e)
{
	struct ir_type t = glsl_ir_type(e);
	if (e.cols == 4)
		t.comps = 16;
	return t;
}

/* The symbol-table entry of uniform `var` (its first slot), or NULL. */
static struct glsl_sym *sym_of(struct lower *l, uint32_t first)
{
	for (size_t i = 0; i < l->syms->len; i++) {
		struct glsl_sym *s = &l->syms->data[i];
		if (s->kind == GLSL_SYM_UNIFORM && s->first_slot == first)
			return s;
	}
	return NULL;
}

/* The IR uniform array copy of uniform array `var`, declared on first use;
 * IR_NONE (the caller falls back to a select) when there is no entry. */
static uint32_t index_decl(struct lower *l, struct glsl_node *var)
{
	struct glsl_sym *s = sym_of(l, gll_var_slot(l, var));
	if (!s)
		return IR_NONE;
	if (s->index_decl)
		return s->index_decl - 1;
	char name[80];
	snprintf(name, sizeof(name), "%.60s.idx", var->name);
	uint32_t d = ir_build_uniform_array(l->b, name, element_ir_type(glsl_elem(var->type)),
					    var->type.array);
	if (d == IR_NONE) {
		gll_fail(l, NULL, "internal error: %s", ir_builder_error(l->b) ?
			 ir_builder_error(l->b) : "cannot declare a uniform array");
		return IR_NONE;
	}
	s->index_decl = d + 1;
	return d;
}

bool gll_read_indexed_uniform(struct lower *l, const struct path *p, struct val *out)
{
	struct glsl_node *var = p->var;
	if (!var || var->qual != Q_UNIFORM || !var->type.array || p->n == 0 ||
	    p->steps[0].kind != STEP_INDEX || p->steps[0].index >= 0 ||
	    !indexable(glsl_elem(var->type)) || var->type.array > IR_MAX_ARRAY ||
	    var->type.array < GLL_INDEX_MIN_ELEMS)
		return false;
	uint32_t d = index_decl(l, var);
	if (d == IR_NONE)
		return false;
	struct glsl_type e = glsl_elem(var->type);
	uint32_t v = ir_build_load_index(l->b, d, p->steps[0].dyn);
	struct path rest = *p;
	rest.var = NULL;
	rest.base = gll_val_new(l, e);
	rest.n = p->n - 1;
	for (uint32_t i = 0; i < rest.n; i++)
		rest.steps[i] = p->steps[i + 1];
	if (e.cols == 1) {
		rest.base.v[0] = v;
	} else {
		for (unsigned c = 0; c < 4; c++) {   /* mat4: four vec4 columns */
			uint32_t x[4];
			for (unsigned r = 0; r < 4; r++)
				x[r] = ir_build_extract(l->b, v, 4 * c + r);
			rest.base.v[c] = ir_build_op(l->b, IR_OP_VEC4, 4, x);
		}
	}
	rest.t = p->t;
	*out = gll_read_path(l, &rest);
	return true;
}
