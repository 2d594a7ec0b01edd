/*
 * glsl_lower_expr.c: expressions -> IR values, and access paths
 * (variable, then fields, indices, swizzles) for reading and writing.
 * A dynamic index reads every candidate and picks one with a `select`
 * chain, and writes each candidate under `if (i == k)`; vector lanes are
 * written by rebuilding the vector. &&, || and ?: evaluate their second
 * operand under an `if` when it has side effects.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_lower.h"
#include "util/code_align.h"
#include "util/zero.h"

static bool vector_level(struct glsl_type t) { return glsl_is_vec(t); }

/* Built-in inputs: gl_FragCoord (y up, from the render height uniform),
 * gl_FrontFacing, gl_PointCoord. */
static uint32_t builtin_input(struct lower *l, const struct glsl_node *v)
{
	if (v->bvar == BV_FRONT_FACING)
		return ir_build_op(l->b, IR_OP_FRONT_FACING, 0, NULL);
	if (v->bvar == BV_POINT_COORD)
		return ir_build_op(l->b, IR_OP_POINT_COORD, 0, NULL);
	if (l->render_height == IR_NONE) {
		l->render_height = ir_build_uniform(l->b, "gl_RenderHeight", IR_VEC(1));
		struct glsl_sym s = { .kind = GLSL_SYM_BUILTIN_UNIFORM, .name = "gl_RenderHeight",
				      .type = "float", .first_slot = l->render_height,
				      .nslots = 1, .location = -1 };
		if (!vc4_array_push(l->syms, s))
			l->failed = true;
	}
	uint32_t fc = ir_build_op(l->b, IR_OP_FRAG_COORD, 0, NULL);
	uint32_t h = ir_build_load(l->b, l->render_height);
	uint32_t y = ir_build_extract(l->b, fc, 1);
	uint32_t up = ir_build_op2(l->b, IR_OP_SUB, h, y);
	uint32_t x = ir_build_extract(l->b, fc, 0);
	uint32_t zw = ir_build_swizzle(l->b, fc, "zw");
	uint32_t src[3] = { x, up, zw };
	return ir_build_op(l->b, IR_OP_VEC4, 3, src);
}

static bool is_input_builtin(const struct glsl_node *v)
{
	return v && (v->bvar == BV_FRAG_COORD || v->bvar == BV_FRONT_FACING ||
		     v->bvar == BV_POINT_COORD);
}

/* Leaves [first, first + n) of the path's root. */
static struct val root_leaves(struct lower *l, const struct path *p, uint32_t first,
			      struct glsl_type t)
{
	if (!p->var) {
		struct val r = gll_val_new(l, t);
		memcpy(r.v, p->base.v + first, glsl_leaves(t) * sizeof(uint32_t));
		return r;
	}
	if (is_input_builtin(p->var)) {
		struct val r = gll_val_new(l, t);
		r.v[0] = builtin_input(l, p->var);
		return r;
	}
	return gll_load(l, gll_var_slot(l, p->var) + first, t);
}

/* Component k of vector value v of type t (a scalar stays itself). */
static uint32_t component(struct lower *l, uint32_t v, struct glsl_type t, unsigned k)
{
	return t.size == 1 ? v : ir_build_extract(l->b, v, k);
}

static uint32_t ieq_const(struct lower *l, uint32_t i, int32_t k)
{
	uint32_t c = ir_build_consti(l->b, k);
	return ir_build_op2(l->b, IR_OP_IEQ, i, c);
}

/* Vector-level steps (swizzles, indices) applied to one vector value. */
static struct val vector_steps(struct lower *l, const struct path *p, uint32_t i, struct val v)
{
	for (; i < p->n; i++) {
		const struct step *s = &p->steps[i];
		struct val r = gll_val_new(l, v.t);
		if (s->kind == STEP_SWIZZLE) {
			static const char lanes[] = "xyzw";
			char pat[5] = { 0 };
			for (unsigned k = 0; k < s->nswz; k++)
				pat[k] = lanes[s->swz[k]];
			r.t = GT(v.t.base, s->nswz);
			r.v[0] = s->nswz == 1 ? component(l, v.v[0], v.t, s->swz[0]) :
				 ir_build_swizzle(l->b, v.v[0], pat);
		} else if (s->index >= 0) {
			r.t = GT(v.t.base, 1);
			r.v[0] = component(l, v.v[0], v.t, (unsigned)s->index);
		} else {
			r.t = GT(v.t.base, 1);
			r.v[0] = component(l, v.v[0], v.t, 0);
			for (unsigned k = 1; k < v.t.size; k++) {
				uint32_t c = component(l, v.v[0], v.t, k);
				uint32_t eq = ieq_const(l, s->dyn, (int32_t)k);
				r.v[0] = ir_build_op3(l->b, IR_OP_SELECT, eq, c, r.v[0]);
			}
		}
		v = r;
	}
	return v;
}

static struct glsl_type step_type(struct glsl_type t, const struct step *s, uint32_t *stride,
				  uint32_t *offset)
{
	if (s->kind == STEP_FIELD) {
		*offset = glsl_field_offset(t.st, s->field);
		return t.st->fields[s->field].type;
	}
	struct glsl_type e = t.array ? glsl_elem(t) : GT(GLSL_FLOAT, t.size);
	*stride = glsl_leaves(e);
	return e;
}

static uint32_t step_count(struct glsl_type t) { return t.array ? t.array : t.cols; }

/* Reads the value at steps i.. of path p, starting at leaf `base` of a value
 * of type t. A dynamic index reads every element and selects the one whose
 * index equals it; a dynamic index into a sampler array fails the lowering. */
static struct val read_from(struct lower *l, const struct path *p, uint32_t i, uint32_t base,
			    struct glsl_type t)
{
	if (i == p->n || vector_level(t))
		return vector_steps(l, p, i, root_leaves(l, p, base, t));
	const struct step *s = &p->steps[i];
	uint32_t stride = 0, offset = 0;
	struct glsl_type e = step_type(t, s, &stride, &offset);
	if (s->kind == STEP_FIELD)
		return read_from(l, p, i + 1, base + offset, e);
	if (s->index >= 0)
		return read_from(l, p, i + 1, base + (uint32_t)s->index * stride, e);
	struct val r = read_from(l, p, i + 1, base, e);
	for (uint32_t k = 1; k < step_count(t) && !l->failed; k++) {
		struct val rk = read_from(l, p, i + 1, base + k * stride, e);
		uint32_t eq = ieq_const(l, s->dyn, (int32_t)k);
		for (uint32_t j = 0; j < glsl_leaves(r.t); j++) {
			if (glsl_is_sampler(glsl_leaf_type(r.t, j))) {
				gll_fail(l, NULL, "a sampler array needs a constant index");
				return r;
			}
			r.v[j] = ir_build_op3(l->b, IR_OP_SELECT, eq, rk.v[j], r.v[j]);
		}
	}
	return r;
}

struct val gll_read_path(struct lower *l, const struct path *p)
{
	struct val r;
	if (gll_read_indexed_uniform(l, p, &r))
		return r;
	struct glsl_type t = p->var ? p->var->type : p->base.t;
	return read_from(l, p, 0, 0, t);
}

/* Stores v into lanes of the vector leaf at `slot` (steps i.. are vector
 * level: one swizzle or one constant index). */
static void write_lanes(struct lower *l, const struct path *p, uint32_t i, uint32_t slot,
			struct glsl_type t, struct val v)
{
	uint8_t lanes[4], m = 0;
	const struct step *s = &p->steps[i];
	if (i + 1 != p->n || (s->kind == STEP_INDEX && s->index < 0)) {
		gll_fail(l, NULL, "this l-value is too complex (one swizzle or index of a "
			   "vector is supported)");
		return;
	}
	if (s->kind == STEP_SWIZZLE)
		for (m = 0; m < s->nswz; m++)
			lanes[m] = s->swz[m];
	else
		lanes[m++] = (uint8_t)s->index;
	uint32_t old = ir_build_load(l->b, slot), comps[4];
	for (unsigned c = 0; c < t.size; c++) {
		comps[c] = IR_NONE;
		for (unsigned j = 0; j < m; j++)
			if (lanes[j] == c)
				comps[c] = m == 1 ? v.v[0] : ir_build_extract(l->b, v.v[0], j);
		if (comps[c] == IR_NONE)
			comps[c] = component(l, old, t, c);
	}
	uint32_t nv = t.size == 1 ? comps[0] :
		      ir_build_op(l->b, (enum ir_op)(IR_OP_VEC2 + t.size - 2), t.size, comps);
	ir_build_store(l->b, slot, nv);
}

/* Writes v to steps i.. of path p, starting at leaf `base` of the variable
 * (of type t). A dynamic index becomes one IR if per element, each writing
 * that element. */
static void write_to(struct lower *l, const struct path *p, uint32_t i, uint32_t base,
		     struct glsl_type t, struct val v)
{
	uint32_t slot = gll_var_slot(l, p->var) + base;
	if (i == p->n) {
		gll_store(l, slot, v);
		return;
	}
	const struct step *s = &p->steps[i];
	if (vector_level(t) && !(s->kind == STEP_INDEX && s->index < 0)) {
		write_lanes(l, p, i, slot, t, v);
		return;
	}
	uint32_t stride = 0, offset = 0;
	struct glsl_type e = vector_level(t) ? GT(t.base, 1) : step_type(t, s, &stride, &offset);
	if (s->kind == STEP_FIELD) {
		write_to(l, p, i + 1, base + offset, e, v);
		return;
	}
	if (s->index >= 0) {
		write_to(l, p, i + 1, base + (uint32_t)s->index * stride, e, v);
		return;
	}
	struct path one = *p;   /* the same path with the index made constant */
	uint32_t n = vector_level(t) ? t.size : step_count(t);
	for (uint32_t k = 0; k < n && !l->failed; k++) {
		uint32_t eq = ieq_const(l, s->dyn, (int32_t)k);
		ir_build_if(l->b, eq);
		one.steps[i].index = (int32_t)k;
		if (vector_level(t))
			write_lanes(l, &one, i, slot, t, v);
		else
			write_to(l, &one, i + 1, base + k * stride, e, v);
		ir_build_endif(l->b);
	}
}

bool gll_write_path(struct lower *l, const struct path *p, struct val v)
{
	gll_known_set(l, p->var, NULL);   /* the caller records a known value */
	write_to(l, p, 0, 0, p->var->type, v);
	return !l->failed;
}

/* Turns the l-value or r-value chain n (an identifier or expression followed
 * by indices and fields) into path p: the root variable or computed base
 * value, and one step per index, field or swizzle; indices that fold to an
 * in-range constant become constant steps. False after failing the lowering
 * (more than MAX_STEPS steps or an earlier failure). */
bool gll_path(struct lower *l, struct glsl_node *n, struct path *p)
{
	struct glsl_node *chain[MAX_STEPS + 1];
	uint32_t depth = 0;
	/* the steps are cleared as they are added, not all MAX_STEPS (356
	 * bytes, a memset() call, for the one or two steps of most paths) */
	p->var = NULL;
	p->base = (struct val){ { 0, 0, 0, 0, NULL }, NULL };
	p->n = 0;
	p->t = (struct glsl_type){ 0, 0, 0, 0, NULL };
	while ((n->kind == N_INDEX || n->kind == N_FIELD) && depth <= MAX_STEPS) {
		chain[depth++] = n;
		n = n->a;
	}
	if (depth > MAX_STEPS)
		return gll_fail(l, n, "access path is too long (more than %d steps)", MAX_STEPS);
	if (n->kind == N_IDENT)
		p->var = n->ref;
	else
		p->base = gll_expr(l, n);
	for (uint32_t k = depth; k-- > 0;) {
		struct glsl_node *s = chain[k];
		struct step *st = &p->steps[p->n++];
		VC4_ZERO(st);
		if (s->kind == N_FIELD) {
			st->kind = s->nswz ? STEP_SWIZZLE : STEP_FIELD;
			st->nswz = s->nswz;
			memcpy(st->swz, s->swz, 4);
			st->field = s->field;
		} else {
			struct glsl_type t = s->a->type;
			uint32_t len = t.array ? t.array : t.cols > 1 ? t.cols : t.size;
			union gll_const ki;
			bool known = gll_fold(l, s->b, &ki) && ki.i >= 0 && (uint32_t)ki.i < len;
			st->kind = STEP_INDEX;
			st->index = known ? ki.i : -1;
			st->dyn = known ? IR_NONE : gll_expr(l, s->b).v[0];
		}
	}
	return !l->failed;
}


static struct val constant(struct lower *l, const struct glsl_node *n, union gll_const v)
{
	struct val r = gll_val_new(l, n->type);
	r.v[0] = gll_const_ir(l, n->type, v);
	return r;
}

/* a && b, a || b with b evaluated only when needed (side effects), else
 * both and an and/or; a ^^ b is a != b. */
static struct val logic(struct lower *l, struct glsl_node *n)
{
	struct val a = gll_expr(l, n->a);
	gll_at(l, n);
	if (n->op == P_XORXOR || !gll_has_side_effects(n->b)) {
		struct val b = gll_expr(l, n->b);
		gll_at(l, n);
		enum ir_op op = n->op == P_ANDAND ? IR_OP_AND : n->op == P_OROR ? IR_OP_OR : IR_OP_XOR;
		a.v[0] = ir_build_op2(l->b, op, a.v[0], b.v[0]);
		return a;
	}
	uint32_t t = gll_temp(l, "logic", GT(GLSL_BOOL, 1)), mark = gll_known_mark(l);
	ir_build_store(l->b, t, a.v[0]);
	uint32_t c = n->op == P_ANDAND ? a.v[0] : ir_build_op1(l->b, IR_OP_NOT, a.v[0]);
	ir_build_if(l->b, c);
	struct val b = gll_expr(l, n->b);
	ir_build_store(l->b, t, b.v[0]);
	ir_build_endif(l->b);
	gll_known_merge(l, mark);
	a.v[0] = ir_build_load(l->b, t);
	return a;
}

/* Lowers c ? a : b: a constant condition picks one side; sides without side
 * effects are both evaluated and selected per leaf; otherwise an IR if
 * stores the chosen side in a temporary. Fails the lowering for a choice
 * between samplers. */
static struct val cond(struct lower *l, struct glsl_node *n)
{
	union gll_const k;
	if (gll_fold(l, n->a, &k))
		return gll_expr(l, k.i ? n->b : n->c);
	struct val c = gll_expr(l, n->a);
	if (!gll_has_side_effects(n->b) && !gll_has_side_effects(n->c)) {
		struct val x = gll_expr(l, n->b), y = gll_expr(l, n->c);
		gll_at(l, n);
		for (uint32_t k = 0; k < glsl_leaves(n->type); k++) {
			if (glsl_is_sampler(glsl_leaf_type(n->type, k))) {
				gll_fail(l, n, "'?:' cannot choose between samplers");
				return x;
			}
			x.v[k] = ir_build_op3(l->b, IR_OP_SELECT, c.v[0], x.v[k], y.v[k]);
		}
		return x;
	}
	uint32_t t = gll_temp(l, "cond", n->type), mark = gll_known_mark(l);
	gll_var_list written = { 0 };
	ir_build_if(l->b, c.v[0]);
	gll_store(l, t, gll_expr(l, n->b));
	gll_known_undo(l, mark, &written);
	ir_build_else(l->b);
	gll_store(l, t, gll_expr(l, n->c));
	gll_known_undo(l, mark, &written);
	ir_build_endif(l->b);
	gll_known_forget(l, &written);
	return gll_load(l, t, n->type);
}

static struct val unary(struct lower *l, struct glsl_node *n)
{
	struct val a = gll_expr(l, n->a);
	gll_at(l, n);
	if (n->op == P_PLUS)
		return a;
	struct val r = gll_val_new(l, a.t);
	enum ir_op op = n->op == P_BANG ? IR_OP_NOT : a.t.base == GLSL_INT ? IR_OP_INEG :
			IR_OP_NEG;
	for (uint32_t k = 0; k < glsl_leaves(a.t); k++)
		r.v[k] = ir_build_op1(l->b, op, a.v[k]);
	return r;
}

/* Lowers ++ and -- (prefix and postfix) through the operand's path, folding
 * when the variable's value is known. Returns the new value (prefix) or the
 * old one (postfix). */
static struct val incdec(struct lower *l, struct glsl_node *n)
{
	struct path p;
	if (!gll_path(l, n->a, &p))
		return gll_val_new(l, n->type);
	gll_at(l, n);
	union gll_const k, one_k = { .i = 1 }, nk;
	bool f = n->type.base == GLSL_FLOAT, inc = n->kind == N_PREINC || n->kind == N_POSTINC;
	if (f)
		one_k.f = 1.0f;
	bool known = !p.n && gll_fold(l, n->a, &k) &&
		     gll_fold_binary(inc ? P_PLUS : P_MINUS, f, k, one_k, &nk);
	if (known) {    /* both values are known: store the new one */
		struct val nv = constant(l, n, nk);
		gll_write_path(l, &p, nv);
		gll_known_set(l, p.var, &nk);
		return n->kind == N_PREINC || n->kind == N_PREDEC ? nv : constant(l, n, k);
	}
	struct val old = gll_read_path(l, &p);
	struct val one = gll_val_new(l, GT(n->type.base, 1));
	one.v[0] = n->type.base == GLSL_INT ? ir_build_consti(l->b, 1) : ir_build_constf(l->b, 1);
	struct val nv = gll_binary_op(l, inc ? P_PLUS : P_MINUS, old, one, n->type);
	gll_write_path(l, &p, nv);
	gll_known_set(l, p.var, known ? &nk : NULL);
	return n->kind == N_PREINC || n->kind == N_PREDEC ? nv : old;
}

/* Lowers = and op= through the left side's path, folding when the new value
 * of a whole variable is known, and records that value (or forgets it).
 * Returns the value stored. */
static struct val assign(struct lower *l, struct glsl_node *n)
{
	struct path p;
	if (!gll_path(l, n->a, &p))
		return gll_val_new(l, n->type);
	union gll_const k, a, b;
	bool known = !p.n && gll_fold(l, n->b, &b);
	if (known && n->op == P_ASSIGN)
		k = b;
	else if (known)
		known = gll_fold(l, n->a, &a) && glsl_is_scalar(n->b->type) &&
			gll_fold_binary(n->op == P_ADD_ASSIGN ? P_PLUS : n->op == P_SUB_ASSIGN ?
					P_MINUS : n->op == P_MUL_ASSIGN ? P_STAR : P_SLASH,
					n->type.base == GLSL_FLOAT, a, b, &k);
	if (known) {    /* the new value is known (and b has no side effects) */
		struct val v = constant(l, n, k);
		gll_write_path(l, &p, v);
		gll_known_set(l, p.var, &k);
		return v;
	}
	struct val v = gll_expr(l, n->b);
	gll_at(l, n);
	if (n->op != P_ASSIGN) {
		int op = n->op == P_ADD_ASSIGN ? P_PLUS : n->op == P_SUB_ASSIGN ? P_MINUS :
			 n->op == P_MUL_ASSIGN ? P_STAR : P_SLASH;
		struct val old = gll_read_path(l, &p);
		v = gll_binary_op(l, op, old, v, n->type);
	}
	gll_write_path(l, &p, v);
	gll_known_set(l, p.var, known ? &k : NULL);
	return v;
}

/* texture*(s[i], ...) with i not known (a loop index of a rolled loop):
 * one lookup per element, under if (i == k), into a temporary. */
static struct val sampler_index_call(struct lower *l, struct glsl_node *n, struct val *args)
{
	struct path p;
	uint32_t na = 1;
	if (!gll_path(l, n->a, &p))
		return gll_val_new(l, n->type);
	for (struct glsl_node *a = n->a->next; a && na < 4; a = a->next)
		args[na++] = gll_expr(l, a);
	gll_at(l, n);
	uint32_t tmp = gll_temp(l, "texel", n->type), count = n->a->a->type.array;
	struct path one = p;
	for (uint32_t k = 0; k < count && !l->failed; k++) {
		uint32_t eq = ieq_const(l, p.steps[p.n - 1].dyn, (int32_t)k);
		ir_build_if(l->b, eq);
		one.steps[p.n - 1].index = (int32_t)k;
		args[0] = gll_read_path(l, &one);
		gll_store(l, tmp, gll_builtin(l, n, args, na));
		ir_build_endif(l->b);
	}
	return gll_load(l, tmp, n->type);
}

/* Lowers a call: constructors and user functions have their own lowering; a
 * built-in gets its (at most four) argument values, except a sampler array
 * indexed by a non-constant, which takes sampler_index_call. */
static struct val call(struct lower *l, struct glsl_node *n)
{
	if (n->call == CALL_CTOR)
		return gll_ctor(l, n);
	if (n->call == CALL_USER)
		return gll_call(l, n);
	static uint32_t none[1] = { IR_NONE };
	struct val args[4] = { { .v = none }, { .v = none }, { .v = none }, { .v = none } };
	uint32_t na = 0;
	union gll_const k;
	if (n->a && n->a->kind == N_INDEX && glsl_is_sampler(n->a->type) &&
	    !gll_fold(l, n->a->b, &k))
		return sampler_index_call(l, n, args);
	for (struct glsl_node *a = n->a; a && na < 4; a = a->next)
		args[na++] = gll_expr(l, a);
	gll_at(l, n);
	return gll_builtin(l, n, args, na);
}

/* Lowers an expression to IR values, one per leaf of its type: scalars that
 * fold become constants; variables, indices and fields are read through
 * their path; operators, calls, ?: and the comma operator by kind. */
/* Whether evaluating n has no side effect (no assignment, ++, --, call). */
static bool pure(const struct glsl_node *n)
{
	switch (n->kind) {
	case N_INT: case N_FLOAT: case N_BOOL: case N_IDENT: return true;
	case N_FIELD: case N_UNARY: return pure(n->a);
	case N_INDEX: case N_BINARY: return pure(n->a) && pure(n->b);
	default: return false;
	}
}

/* x * 0.0 or 0.0 * x (a float scalar or vector, x without side effects):
 * 0.0 without reading x. The QPU's fmul gives 0 for a zero operand
 * whatever the other (QIR folds it as well, opt_algebraic.c); folded here,
 * x is not loaded at all, so a varying read only that way leaves the
 * varying FIFO (qir_fs_varying_used: glmark-function's `dummy * 0.0`). */
static bool times_zero(struct lower *l, const struct glsl_node *n)
{
	union gll_const k;
	if (n->kind != N_BINARY || n->op != P_STAR || n->type.base != GLSL_FLOAT ||
	    n->type.cols != 1 || n->type.array)
		return false;
	for (int s = 0; s < 2; s++) {
		const struct glsl_node *z = s ? n->b : n->a, *x = s ? n->a : n->b;
		if (glsl_is_scalar(z->type) && z->type.base == GLSL_FLOAT && pure(x) && pure(z) &&
		    gll_fold(l, z, &k) && k.f == 0.0f)
			return true;
	}
	return false;
}

VC4_CODE_ALIGN(4096)
static struct val expr(struct lower *l, struct glsl_node *n)
{
	union gll_const k;
	if (glsl_is_scalar(n->type) && gll_fold(l, n, &k))
		return constant(l, n, k);
	if (times_zero(l, n)) {
		struct val r = gll_val_new(l, n->type);
		r.v[0] = gll_constf(l, 0.0f, n->type.size);
		return r;
	}
	switch (n->kind) {
	case N_IDENT: case N_INDEX: case N_FIELD: {
		struct path p;
		if (!gll_path(l, n, &p))
			return gll_val_new(l, n->type);
		gll_at(l, n);
		return gll_read_path(l, &p);
	}
	case N_BINARY:
		if (n->op == P_ANDAND || n->op == P_OROR || n->op == P_XORXOR)
			return logic(l, n);
		if (n->op == P_EQ || n->op == P_NE) {
			struct val a = gll_expr(l, n->a), b = gll_expr(l, n->b);
			gll_at(l, n);
			return gll_equal(l, a, b, n->op == P_NE);
		} else {
			struct val a = gll_expr(l, n->a), b = gll_expr(l, n->b);
			gll_at(l, n);
			return gll_binary_op(l, n->op, a, b, n->type);
		}
	case N_UNARY: return unary(l, n);
	case N_PREINC: case N_PREDEC: case N_POSTINC: case N_POSTDEC: return incdec(l, n);
	case N_ASSIGN: return assign(l, n);
	case N_COND: return cond(l, n);
	case N_CALL: return call(l, n);
	case N_COMMA:
		gll_expr(l, n->a);
		return gll_expr(l, n->b);
	default:
		k.i = n->v.i;
		return constant(l, n, k);
	}
}

struct val gll_expr(struct lower *l, struct glsl_node *n)
{
	if (l->failed || ++l->depth > GLSL_MAX_DEPTH * 4) {
		if (!l->failed)
			gll_fail(l, n, "expression nested too deeply");
		return gll_val_new(l, n->type);
	}
	gll_at(l, n);
	struct val v = expr(l, n);
	l->depth--;
	return v;
}
