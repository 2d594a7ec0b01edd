/*
 * glsl_lower.c: the checked AST -> IR through ir_builder — declaring the
 * IR slots of variables (interface slots in declaration order, locals on
 * first use, names made unique), statements (if, with only the branch
 * taken when its condition folds; the loops with their continue/step
 * handling, unrolled `for` loops in glsl_lower_loop.c; return through a
 * "returned" flag and a wrapper loop; discard), the inlining of user functions with in/out/inout
 * parameters, and main with the built-in outputs copied out at its end.
 * docs/glsl.md "Lowering" describes each construct's IR.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_lower.h"
#include "util/code_align.h"

bool gll_fail(struct lower *l, const struct glsl_node *at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (!l->failed)
		glsl_verror(l->c, at ? at->line : 0, at ? at->col : 0, fmt, ap);
	va_end(ap);
	l->failed = true;
	return false;
}

VC4_CODE_ALIGN(256)
struct val gll_val_new(struct lower *l, struct glsl_type t)
{
	uint32_t n = glsl_leaves(t);
	struct val v = { t, glsl_alloc(l->c, (n ? n : 1) * sizeof(uint32_t)) };
	if (!v.v) {
		static uint32_t none[GLSL_MAX_LEAVES + 1];
		v.v = none;
		l->failed = true;
	}
	return v;
}

static bool name_used(const struct lower *l, const char *s)
{
	for (size_t i = 0; i < l->names.len; i++)
		if (l->names.data[i][0] == s[0] && vc4_streq(l->names.data[i], s))
			return true;
	return false;
}

/* NAME, or NAME.2, NAME.3 ... when taken; at most 64 characters. */
static const char *unique(struct lower *l, const char *name)
{
	char buf[80];
	size_t len = glsl_cat(buf, sizeof(buf), 0, name, 52);
	for (unsigned k = 2; name_used(l, buf); k++)
		glsl_cat_u(buf, sizeof(buf), glsl_cat(buf, sizeof(buf), len, ".", 1), k);
	char *s = glsl_strndup(l->c, buf, strlen(buf));
	if (s && !vc4_array_push(&l->names, s))
		l->failed = true;
	return s ? s : "oom";
}

/* The IR name of leaf k of a variable of type t named `prefix`: matrix
 * columns, array elements and struct members become ".N" / ".field". */
static void leaf_name(char *out, size_t size, const char *prefix, struct glsl_type t,
		      uint32_t k)
{
	if (t.array) {
		struct glsl_type e = glsl_elem(t);
		uint32_t n = glsl_leaves(e);
		char sub[200];
		size_t len = glsl_cat(sub, sizeof(sub), 0, prefix, 100);
		glsl_cat_u(sub, sizeof(sub), glsl_cat(sub, sizeof(sub), len, ".", 1), k / n);
		leaf_name(out, size, sub, e, k % n);
	} else if (t.base == GLSL_STRUCT) {
		uint32_t f = 0;
		while (k >= glsl_leaves(t.st->fields[f].type))
			k -= glsl_leaves(t.st->fields[f++].type);
		char sub[200];
		size_t len = glsl_cat(sub, sizeof(sub), 0, prefix, 100);
		len = glsl_cat(sub, sizeof(sub), len, ".", 1);
		glsl_cat(sub, sizeof(sub), len, t.st->fields[f].name, 60);
		leaf_name(out, size, sub, t.st->fields[f].type, k);
	} else if (t.cols > 1) {
		size_t len = glsl_cat(out, size, 0, prefix, 100);
		glsl_cat_u(out, size, glsl_cat(out, size, len, ".", 1), k);
	} else {
		glsl_cat(out, size, 0, prefix, 100);
	}
}

/* Declares one leaf of kind `kind` (an IR_DECL_*). */
static uint32_t declare_leaf(struct lower *l, int kind, const char *name, struct glsl_type lt)
{
	const char *u = unique(l, name);
	switch (kind) {
	case IR_DECL_ATTRIBUTE: return ir_build_attribute(l->b, u, glsl_ir_type(lt));
	case IR_DECL_VARYING: return ir_build_varying(l->b, u, IR_SMOOTH, glsl_ir_type(lt));
	case IR_DECL_UNIFORM:
		if (glsl_is_sampler(lt))
			return ir_build_sampler(l->b, u, lt.base == GLSL_SAMPLER2D ? IR_SAMPLER_2D :
						IR_SAMPLER_CUBE);
		return ir_build_uniform(l->b, u, glsl_ir_type(lt));
	default: return ir_build_local(l->b, u, glsl_ir_type(lt));
	}
}

/* Declares the leaves of a variable of type t; returns the first slot. */
VC4_CODE_ALIGN(1024)
static uint32_t declare(struct lower *l, int kind, const char *name, struct glsl_type t)
{
	uint32_t n = glsl_leaves(t), first = IR_NONE;
	for (uint32_t k = 0; k < n && !l->failed; k++) {
		char leaf[160];
		leaf_name(leaf, sizeof(leaf), name, t, k);
		uint32_t s = declare_leaf(l, kind, leaf, glsl_leaf_type(t, k));
		if (s == IR_NONE)
			gll_fail(l, NULL, "internal error: %s", ir_builder_error(l->b) ?
				 ir_builder_error(l->b) : "cannot declare a slot");
		if (!k)
			first = s;
	}
	return first;
}

uint32_t gll_temp(struct lower *l, const char *name, struct glsl_type t)
{
	return declare(l, IR_DECL_LOCAL, name, t);
}

static int decl_kind(const struct glsl_node *v, enum glsl_stage stage)
{
	if (v->qual == Q_ATTRIBUTE)
		return IR_DECL_ATTRIBUTE;
	if (v->qual == Q_UNIFORM)
		return IR_DECL_UNIFORM;
	if (v->qual == Q_VARYING && stage == GLSL_FRAGMENT)
		return IR_DECL_VARYING;
	return IR_DECL_LOCAL;   /* locals, VS varyings' and outputs' shadows */
}

uint32_t gll_var_slot(struct lower *l, struct glsl_node *v)
{
	if (v->slot != IR_NONE)
		return v->slot;
	char name[80];
	if (v->bvar)
		glsl_cat(name, sizeof(name), 0, v->name, sizeof(name));
	else if ((v->qual == Q_IN || v->qual == Q_OUT || v->qual == Q_INOUT) && v->ref)
		snprintf(name, sizeof(name), "%.30s.%.30s", v->ref->name, v->name ? v->name : "arg");
	else if (v->qual == Q_VARYING && l->c->stage == GLSL_VERTEX)
		snprintf(name, sizeof(name), "%.60s.shadow", v->name);
	else
		glsl_cat(name, sizeof(name), 0, v->name ? v->name : "param", 60);
	v->slot = declare(l, decl_kind(v, l->c->stage), name, v->type);
	return v->slot;
}

struct val gll_load(struct lower *l, uint32_t slot, struct glsl_type t)
{
	struct val r = gll_val_new(l, t);
	uint32_t n = glsl_leaves(t);
	for (uint32_t k = 0; k < n; k++)
		r.v[k] = glsl_is_sampler(glsl_leaf_type(t, k)) ? slot + k :
			 ir_build_load(l->b, slot + k);
	return r;
}

void gll_store(struct lower *l, uint32_t slot, struct val v)
{
	uint32_t n = glsl_leaves(v.t);
	for (uint32_t k = 0; k < n; k++)
		if (!glsl_is_sampler(glsl_leaf_type(v.t, k)))
			ir_build_store(l->b, slot + k, v.v[k]);
}

/* ---- statements ---- */

/* A statement list. After a break or continue the rest is dead; in an
 * unrolled loop, the rest of the list after a statement that may have
 * set a break/continue flag runs under `if (!flags)`. */
void gll_block(struct lower *l, struct glsl_node *first)
{
	uint32_t guards = 0, mark = 0;
	for (struct glsl_node *s = first; s && !l->failed && !gll_jumped(l); s = s->next) {
		uint32_t brk = l->jump ? l->jump->dyn_brk : 0, cont = l->jump ? l->jump->dyn_cont : 0;
		gll_stmt(l, s);
		if (s->kind == N_BREAK || s->kind == N_CONTINUE)
			break;
		uint32_t m = gll_known_mark(l);
		if (s->next && gll_guard_rest(l, brk, cont) && !guards++)
			mark = m;
	}
	if (guards)
		gll_known_merge(l, mark);
	for (; guards; guards--) {
		ir_build_endif(l->b);
		l->jump->ifs--;
	}
}

static void gll_var(struct lower *l, struct glsl_node *v)
{
	uint32_t slot = gll_var_slot(l, v);
	union gll_const k;
	if (v->a) {
		struct val x = gll_expr(l, v->a);
		gll_at(l, v);
		gll_store(l, slot, x);
	}
	gll_known_set(l, v, v->a && gll_fold(l, v->a, &k) ? &k : NULL);
}

static uint32_t cond_value(struct lower *l, struct glsl_node *e)
{
	struct val c = gll_expr(l, e);
	return c.v[0];
}

/* if/else; with a condition known at compile time, only the branch taken. */
static void gll_if(struct lower *l, struct glsl_node *n)
{
	union gll_const k;
	if (gll_fold(l, n->a, &k)) {
		if (k.i ? n->b : n->c)
			gll_stmt(l, k.i ? n->b : n->c);
		return;
	}
	if (!gll_has_side_effects(n->a) && gll_stmt_empty(l, n->b) && gll_stmt_empty(l, n->c))
		return;         /* nothing to do either way */
	uint32_t c = cond_value(l, n->a), mark = gll_known_mark(l);
	gll_var_list written = { 0 };
	gll_at(l, n);
	ir_build_if(l->b, c);
	if (l->jump)
		l->jump->ifs++;
	gll_stmt(l, n->b);
	gll_known_undo(l, mark, &written);
	if (n->c) {
		ir_build_else(l->b);
		gll_stmt(l, n->c);
		gll_known_undo(l, mark, &written);
	}
	if (l->jump)
		l->jump->ifs--;
	ir_build_endif(l->b);
	gll_known_forget(l, &written);
}

static bool contains(const struct glsl_node *first, enum glsl_node_kind kind);

/* Nested loops own their own break/continue, but not a return. */
bool gll_stmt_contains(const struct glsl_node *s, enum glsl_node_kind kind)
{
	bool loop = s->kind == N_FOR || s->kind == N_WHILE || s->kind == N_DO;
	if (s->kind == kind)
		return true;
	if (s->kind == N_BLOCK)
		return contains(s->a, kind);
	if (s->kind == N_IF)
		return gll_stmt_contains(s->b, kind) || (s->c && gll_stmt_contains(s->c, kind));
	return loop && kind == N_RETURN && gll_stmt_contains(s->d, kind);
}

/* The same for a list of statements. */
static bool contains(const struct glsl_node *first, enum glsl_node_kind kind)
{
	for (const struct glsl_node *s = first; s; s = s->next)
		if (gll_stmt_contains(s, kind))
			return true;
	return false;
}

/* if (!cond) break; */
static void break_unless(struct lower *l, struct glsl_node *cond)
{
	uint32_t c = cond_value(l, cond);
	gll_at(l, cond);
	uint32_t nc = ir_build_op1(l->b, IR_OP_NOT, c);
	ir_build_if(l->b, nc);
	ir_build_break(l->b);
	ir_build_endif(l->b);
}

/* After a loop holding a return: leave the enclosing loop too if it ran. */
static void propagate_return(struct lower *l, struct glsl_node *body)
{
	if (l->frame->flag == IR_NONE || !gll_stmt_contains(body, N_RETURN))
		return;
	uint32_t f = ir_build_load(l->b, l->frame->flag);
	ir_build_if(l->b, f);
	ir_build_break(l->b);
	ir_build_endif(l->b);
}

/* for, while and do. With a `continue` in the body, the step (for) or the
 * condition (do) runs at the top of the next iteration, guarded by a
 * "first" flag, so that IR `continue` reaches it. */
static void gll_loop(struct lower *l, struct glsl_node *n)
{
	if (n->kind == N_FOR && gll_unroll(l, n))
		return;
	struct unroll *saved_jump = l->jump;
	l->jump = NULL;         /* break/continue in here are this loop's */
	for (struct glsl_node *s = n->kind == N_FOR ? n->a : NULL; s; s = s->next)
		gll_stmt(l, s);
	bool cont = gll_stmt_contains(n->d, N_CONTINUE);
	bool top_step = cont && ((n->kind == N_FOR && n->c) || n->kind == N_DO);
	uint32_t first = IR_NONE;
	gll_at(l, n);
	if (top_step) {
		first = gll_temp(l, "loop.first", GT(GLSL_BOOL, 1));
		ir_build_store(l->b, first, ir_build_constb(l->b, true));
	}
	gll_known_forget_all(l);   /* the back edge brings other values */
	ir_build_loop(l->b);
	l->frame->loops++;
	if (top_step) {
		uint32_t f = ir_build_load(l->b, first);
		uint32_t nf = ir_build_op1(l->b, IR_OP_NOT, f);
		ir_build_if(l->b, nf);
		if (n->kind == N_FOR)
			gll_expr(l, n->c);
		else
			break_unless(l, n->a);
		ir_build_endif(l->b);
		ir_build_store(l->b, first, ir_build_constb(l->b, false));
	}
	if (n->kind != N_DO && n->b)
		break_unless(l, n->b);
	if (n->kind == N_WHILE)
		break_unless(l, n->a);
	gll_stmt(l, n->d);
	if (n->kind == N_FOR && n->c && !top_step)
		gll_expr(l, n->c);
	if (n->kind == N_DO && !top_step)
		break_unless(l, n->a);
	ir_build_endloop(l->b);
	l->frame->loops--;
	l->jump = saved_jump;
	gll_known_forget_all(l);
	propagate_return(l, n->d);
}

/* Lowers a return: stores the value in the function's result slot; when the
 * function has a wrapper loop (a return not at its end), also breaks out of
 * that loop, setting its "returned" flag first when inside a loop of the
 * function (only there is it read: `if (!x) break` is then a plain jump-if,
 * which a uniform loop lowers as one branch). */
static void gll_return(struct lower *l, struct glsl_node *n)
{
	struct frame *f = l->frame;
	if (n->a) {
		struct val v = gll_expr(l, n->a);
		gll_at(l, n);
		gll_store(l, f->ret, v);
	}
	gll_at(l, n);
	if (f->flag == IR_NONE)
		return; /* the last statement of the function */
	if (f->loops > 0)   /* read only after a loop of the function (propagate_return) */
		ir_build_store(l->b, f->flag, ir_build_constb(l->b, true));
	ir_build_break(l->b);
}

/* Lowers one statement into the IR builder at its source position. Fails the
 * lowering when statements are nested more than 4 * GLSL_MAX_DEPTH deep. */
void gll_stmt(struct lower *l, struct glsl_node *n)
{
	if (++l->depth > GLSL_MAX_DEPTH * 4) {
		gll_fail(l, n, "statements nested too deeply");
		return;
	}
	gll_at(l, n);
	switch (n->kind) {
	case N_BLOCK: gll_block(l, n->a); break;
	case N_VAR: gll_var(l, n); break;
	case N_EXPR: gll_expr(l, n->a); break;
	case N_IF: gll_if(l, n); break;
	case N_FOR: case N_WHILE: case N_DO: gll_loop(l, n); break;
	case N_BREAK: case N_CONTINUE: gll_jump(l, n); break;
	case N_RETURN: gll_return(l, n); break;
	case N_DISCARD: ir_build_discard(l->b); break;
	default: break;
	}
	l->depth--;
}

static bool tail_list(const struct glsl_node *first);

/* Is every return in s at its end, s being the last statement of its
 * function: s is a return, or an if/else or block whose returns are at
 * the end of their branches? Then a return just stores the result. */
static bool tail_returns(const struct glsl_node *s)
{
	if (!s || s->kind == N_RETURN || !gll_stmt_contains(s, N_RETURN))
		return true;
	if (s->kind == N_BLOCK)
		return tail_list(s->a);
	return s->kind == N_IF && tail_returns(s->b) && tail_returns(s->c);
}

static bool tail_list(const struct glsl_node *first)
{
	const struct glsl_node *last = first;
	while (last && last->next)
		last = last->next;
	for (const struct glsl_node *s = first; s; s = s->next)
		if (s != last && gll_stmt_contains(s, N_RETURN))
			return false;
	return tail_returns(last);
}

/* Lowers the body of f as the current frame: with a wrapper loop and a
 * "returned" flag when a return is not at the end (tail_list). */
void gll_function_body(struct lower *l, struct glsl_node *f, uint32_t ret)
{
	struct frame fr = { f, ret, IR_NONE, 0 }, *saved = l->frame;
	struct unroll *saved_jump = l->jump;
	l->jump = NULL;
	bool wrap = !tail_list(f->b->a);
	uint32_t mark = gll_known_mark(l);
	l->frame = &fr;
	if (wrap) {
		char name[80];
		snprintf(name, sizeof(name), "%.60s.returned", f->name);
		fr.flag = gll_temp(l, name, GT(GLSL_BOOL, 1));
		ir_build_store(l->b, fr.flag, ir_build_constb(l->b, false));
		ir_build_loop(l->b);
	}
	gll_block(l, f->b->a);
	if (wrap) {
		const struct glsl_node *last = f->b->a;
		while (last && last->next)
			last = last->next;
		if (!last || last->kind != N_RETURN)
			ir_build_break(l->b);
		ir_build_endloop(l->b);
		gll_known_merge(l, mark);   /* a return may have left early */
	}
	l->frame = saved;
	l->jump = saved_jump;
}


/* The definition of a called function (a prototype's ref). */
static struct glsl_node *callee(struct glsl_node *n)
{
	return n->ref->b ? n->ref : n->ref->ref;
}

/* Evaluates the arguments of a user call into the parameters' locals;
 * out/inout arguments' paths go to outs[] for the copy back. */
static bool bind_params(struct lower *l, struct glsl_node *f, struct glsl_node *call,
			struct path *outs)
{
	struct val *vals = glsl_alloc(l->c, 8 * sizeof(struct val) + 1);
	struct glsl_node *p = f->a, *a = call->a;
	uint32_t i = 0, nvals = 8;
	for (; p && a && !l->failed; p = p->next, a = a->next, i++) {
		if (i >= nvals) {   /* many parameters: grow */
			struct val *more = glsl_alloc(l->c, 2 * nvals * sizeof(*more));
			if (!more)
				return false;
			memcpy(more, vals, nvals * sizeof(*more));
			vals = more, nvals *= 2;
		}
		if (p->qual == Q_OUT || p->qual == Q_INOUT) {
			if (!gll_path(l, a, &outs[i]))
				return false;
			if (p->qual == Q_INOUT)
				vals[i] = gll_read_path(l, &outs[i]);
		} else {
			vals[i] = gll_expr(l, a);
		}
	}
	bool known = true;      /* arguments' known values hold while none has side effects */
	for (a = call->a; a; a = a->next)
		known = known && !gll_has_side_effects(a);
	union gll_const k;
	i = 0, a = call->a;
	for (p = f->a; p && a && !l->failed; p = p->next, a = a->next, i++) {
		if (glsl_is_sampler(p->type)) {
			p->slot = vals[i].v[0];   /* a sampler parameter names the unit */
			continue;
		}
		p->ref = f;     /* names the parameter's locals "f.p" */
		uint32_t slot = gll_var_slot(l, p);
		if (p->qual != Q_OUT)
			gll_store(l, slot, vals[i]);
		gll_known_set(l, p, known && gll_fold(l, a, &k) ? &k : NULL);
	}
	return !l->failed;
}

/* Lowers a call to a user function by inlining its body: binds the arguments
 * to the parameters, lowers the body into the result slot, then writes the
 * out and inout parameters back. Returns the result (an empty value for void
 * calls and after a failure, e.g. a recursive call). */
struct val gll_call(struct lower *l, struct glsl_node *n)
{
	struct glsl_node *f = callee(n);
	uint32_t np = 0;
	for (struct glsl_node *p = f->a; p; p = p->next)
		np++;
	struct path *outs = glsl_alloc(l->c, (np + 1) * sizeof(*outs));
	if (!outs || !bind_params(l, f, n, outs) || ++f->lowering > 1) {
		if (f->lowering > 1)
			gll_fail(l, n, "recursive call to '%s'", f->name);
		return gll_val_new(l, f->type);
	}
	uint32_t ret = IR_NONE;
	if (f->type.base != GLSL_VOID) {
		char name[80];
		snprintf(name, sizeof(name), "%.60s.result", f->name);
		ret = f->slot != IR_NONE ? f->slot : (f->slot = gll_temp(l, name, f->type));
	}
	gll_function_body(l, f, ret);
	gll_at(l, n);
	uint32_t i = 0;
	for (struct glsl_node *p = f->a; p && !l->failed; p = p->next, i++)
		if (p->qual == Q_OUT || p->qual == Q_INOUT)
			gll_write_path(l, &outs[i], gll_load(l, p->slot, p->type));
	f->lowering--;
	if (ret == IR_NONE)
		return gll_val_new(l, f->type);
	return gll_load(l, ret, f->type);
}

/* Whether evaluating n may write anything: an assignment, ++ or --, or a
 * user-function call anywhere in it. */
bool gll_has_side_effects(const struct glsl_node *n)
{
	if (!n)
		return false;
	if (n->kind == N_ASSIGN || (n->kind >= N_PREINC && n->kind <= N_POSTDEC) ||
	    (n->kind == N_CALL && n->call == CALL_USER))
		return true;
	if (n->kind == N_CALL) {
		for (const struct glsl_node *a = n->a; a; a = a->next)
			if (gll_has_side_effects(a))
				return true;
		return false;
	}
	return gll_has_side_effects(n->a) || gll_has_side_effects(n->b) ||
	       gll_has_side_effects(n->c);
}
