/*
 * glsl_lower_loop.c: unrolling of `for` loops with a known trip count.
 *
 * A loop `for (i = C0; i RELOP C1; STEP) S` (i declared by the loop, or a
 * local assigned by it; C0 and C1 known at compile time, constants or the
 * indices of enclosing unrolled loops; STEP ++, --, += C, -= C or
 * i = i +/- C; S never assigns i) runs a number of iterations the compiler
 * can count by running the header. When that is at most UNROLL_MAX_TRIPS
 * and the copies fit the loop's and the shader's budgets (sizes in AST
 * nodes, a built-in call 8, inlined calls counted), S is lowered
 * once per iteration with i bound to its value (glsl_lower_fold.c makes
 * i a constant there: constant indexing, folded arithmetic, `if`s with a
 * known condition keep one branch). An index declared before the loop is
 * stored its final value after the copies.
 *
 * break and continue: one outside any `if` ends the unrolled code (break)
 * or the iteration (continue) at compile time. Inside an `if` they store a
 * flag (`loop.break`, `loop.continue`); the rest of the statement list
 * runs under `if (!flags)` and each later iteration under `if (!break)`.
 * Loops whose body holds a `return`, and loops with an index declared
 * before them and a `break`, are not unrolled.
 *
 * The rule is Mesa's (NIR unrolls every loop of a known trip count up to its
 * limits), not a bound on growth: a rolled iteration pays its exit test,
 * lane masks, uniform-stream reset and branch delay slots, and indexing by
 * i becomes select chains, so unrolling is what makes loops execute no more
 * instructions than Mesa's (docs/PERFORMANCE.md, "Executed instructions
 * per 16 pixels"). Except for a loop with a `break`: the rolled loop stops
 * once every lane has left while the copies run every iteration under
 * their guards, so its copies may be at most UNROLL_BREAK_GROWTH times the
 * rolled loop (its body plus UNROLL_LOOP_COST).
 */
#include <string.h>

#include "glsl/glsl_lower.h"

#define UNROLL_MAX_TRIPS 32
#define UNROLL_LOOP_BUDGET 1600u    /* AST nodes of one loop's copies */
#define UNROLL_SHADER_BUDGET 3200u  /* ... of all unrolled loops of a shader */
#define UNROLL_LOOP_COST 32u        /* a rolled iteration's test, masks and jumps */
#define UNROLL_BREAK_GROWTH 2u      /* a loop with a break: copies at most this
				     * much larger than the rolled loop */
#define COST_CAP 100000u

/* ---- the size of a body: AST nodes, inlined calls included ---- */

struct header;
static uint32_t cost(struct lower *l, const struct glsl_node *n);
static bool trips(struct lower *l, struct glsl_node *n, struct header *h,
		  union gll_const *vals, uint32_t *count, union gll_const *last);

static uint32_t cost_list(struct lower *l, const struct glsl_node *n)
{
	uint32_t c = 0;
	for (; n && c < COST_CAP; n = n->next)
		c += cost(l, n);
	return c;
}

/* How many times a nested loop's body counts: its trip count when the
 * header can be run now (it will be unrolled: bounds that fold here, not
 * the enclosing loop's index), else 8. */
static uint32_t nested_trips(struct lower *l, const struct glsl_node *n);

/* An estimate of the IR that statement or expression n emits, everything
 * under it included (not the statements after it): built-in calls count 8,
 * user calls their inlined body, nested loop bodies nested_trips() times
 * over; capped at COST_CAP. */
static uint32_t cost(struct lower *l, const struct glsl_node *n)
{
	if (!n)
		return 0;
	uint32_t c = n->kind == N_CALL && n->call == CALL_BUILTIN ? 8 : 1;  /* sin: a series */
	if (n->kind == N_CALL && n->call == CALL_USER && n->ref) {
		const struct glsl_node *f = n->ref->b ? n->ref : n->ref->ref;
		if (f && f->b)
			c += cost(l, f->b);
	}
	if (n->kind == N_CALL || n->kind == N_BLOCK)
		return c + cost_list(l, n->a);
	c += cost(l, n->a) + cost(l, n->b) + cost(l, n->c);
	if (n->kind == N_FOR || n->kind == N_WHILE || n->kind == N_DO)
		c += nested_trips(l, n) * cost(l, n->d);   /* it may be unrolled too */
	else
		c += cost(l, n->d);
	return c < COST_CAP ? c : COST_CAP;
}

/* ---- the loop's header ---- */

static const struct glsl_node *root(const struct glsl_node *n)
{
	while (n && (n->kind == N_INDEX || n->kind == N_FIELD))
		n = n->a;
	return n && n->kind == N_IDENT ? n->ref : NULL;
}

static bool writes(const struct glsl_node *n, const struct glsl_node *var);

static bool writes_list(const struct glsl_node *n, const struct glsl_node *var)
{
	for (; n; n = n->next)
		if (writes(n, var))
			return true;
	return false;
}

/* Does n assign var (=, op=, ++, --, an out/inout argument)? */
static bool writes(const struct glsl_node *n, const struct glsl_node *var)
{
	if (!n)
		return false;
	if ((n->kind == N_ASSIGN || (n->kind >= N_PREINC && n->kind <= N_POSTDEC)) &&
	    root(n->a) == var)
		return true;
	if (n->kind == N_CALL && n->call == CALL_USER && n->ref) {
		const struct glsl_node *p = n->ref->a, *a = n->a;
		for (; p && a; p = p->next, a = a->next)
			if ((p->qual == Q_OUT || p->qual == Q_INOUT) && root(a) == var)
				return true;
	}
	if (n->kind == N_CALL || n->kind == N_BLOCK)
		return writes_list(n->a, var);
	return writes(n->a, var) || writes(n->b, var) || writes(n->c, var) || writes(n->d, var);
}

/* Whether n, its children or the statements of a block or call under it call
 * a user-defined function. */
static bool calls_user(const struct glsl_node *n)
{
	if (!n)
		return false;
	if (n->kind == N_CALL && n->call == CALL_USER)
		return true;
	if (n->kind == N_CALL || n->kind == N_BLOCK) {
		for (const struct glsl_node *s = n->a; s; s = s->next)
			if (calls_user(s))
				return true;
		return false;
	}
	return calls_user(n->a) || calls_user(n->b) || calls_user(n->c) || calls_user(n->d);
}

static bool is_var(const struct glsl_node *e, const struct glsl_node *var)
{
	return e && e->kind == N_IDENT && e->ref == var;
}

/* The index and its first value: `T i = C0` or `i = C0`. */
static struct glsl_node *loop_init(struct lower *l, struct glsl_node *n, union gll_const *v)
{
	struct glsl_node *s = n->a, *var = NULL, *init = NULL;
	if (!s || s->next)
		return NULL;
	if (s->kind == N_VAR) {
		var = s, init = s->a;
	} else if (s->kind == N_EXPR && s->a->kind == N_ASSIGN && s->a->op == P_ASSIGN &&
		   s->a->a->kind == N_IDENT && s->a->a->ref->qual == Q_NONE && !calls_user(n->d)) {
		var = s->a->a->ref, init = s->a->b;   /* no call can see a global index */
	}
	if (!var || !init || !glsl_is_scalar(var->type) || var->type.base == GLSL_BOOL ||
	    !gll_fold(l, init, v))
		return NULL;
	return var;
}

struct header {
	struct glsl_node *var;
	bool f;                 /* float index */
	int relop;              /* i RELOP bound */
	union gll_const bound, step;    /* step: added each iteration */
};

/* Matches a loop condition of the form `index RELOP constant` or `constant
 * RELOP index` (the relation then swapped) and stores the relation and bound
 * in h. False for any other condition. */
static bool loop_cond(struct lower *l, struct glsl_node *c, struct header *h)
{
	static const int swapped[][2] = { { P_LT, P_GT }, { P_GT, P_LT }, { P_LE, P_GE },
					  { P_GE, P_LE }, { P_EQ, P_EQ }, { P_NE, P_NE } };
	if (!c || c->kind != N_BINARY)
		return false;
	for (unsigned k = 0; k < 6; k++) {
		if (c->op != swapped[k][0])
			continue;
		if (is_var(c->a, h->var) && gll_fold(l, c->b, &h->bound)) {
			h->relop = c->op;
			return true;
		}
		if (is_var(c->b, h->var) && gll_fold(l, c->a, &h->bound)) {
			h->relop = swapped[k][1];
			return true;
		}
	}
	return false;
}

/* Matches a loop step that moves the index by a constant (i++, i--, i += c,
 * i -= c, i = i + c, i = i - c) and stores the signed step in h. False for
 * any other step. */
static bool loop_step(struct lower *l, struct glsl_node *s, struct header *h)
{
	union gll_const one = { .i = 1 }, c;
	if (h->f)
		one.f = 1.0f;
	bool neg = false;
	if (!s || !is_var(s->a, h->var))
		return false;
	if (s->kind >= N_PREINC && s->kind <= N_POSTDEC) {
		c = one;
		neg = s->kind == N_PREDEC || s->kind == N_POSTDEC;
	} else if (s->kind == N_ASSIGN && (s->op == P_ADD_ASSIGN || s->op == P_SUB_ASSIGN)) {
		if (!gll_fold(l, s->b, &c))
			return false;
		neg = s->op == P_SUB_ASSIGN;
	} else if (s->kind == N_ASSIGN && s->op == P_ASSIGN && s->b->kind == N_BINARY &&
		   (s->b->op == P_PLUS || s->b->op == P_MINUS) && is_var(s->b->a, h->var)) {
		if (!gll_fold(l, s->b->b, &c))    /* i = i + c, i = i - c */
			return false;
		neg = s->b->op == P_MINUS;
	} else {
		return false;
	}
	h->step = c;
	if (neg && h->f)
		h->step.f = -c.f;
	else if (neg)
		h->step.i = (int32_t)(0u - (uint32_t)c.i);
	return true;
}

/* Whether `index RELOP bound` of header h holds for index value v (compared
 * as floats or as integers). */
static bool holds(const struct header *h, union gll_const v)
{
	if (h->f) {
		float x = v.f, y = h->bound.f;
		switch (h->relop) {
		case P_LT: return x < y;
		case P_GT: return x > y;
		case P_LE: return x <= y;
		case P_GE: return x >= y;
		case P_EQ: return x == y;
		default: return x != y;
		}
	}
	int64_t i = v.i, j = h->bound.i;
	switch (h->relop) {
	case P_LT: return i < j;
	case P_GT: return i > j;
	case P_LE: return i <= j;
	case P_GE: return i >= j;
	case P_EQ: return i == j;
	default: return i != j;
	}
}

/* Runs the header: the index's values (at most UNROLL_MAX_TRIPS) and its
 * value after the loop. False when the loop cannot be unrolled. */
static bool trips(struct lower *l, struct glsl_node *n, struct header *h,
		  union gll_const *vals, uint32_t *count, union gll_const *last)
{
	union gll_const v;
	if (n->kind != N_FOR || !(h->var = loop_init(l, n, &v)))
		return false;
	h->f = h->var->type.base == GLSL_FLOAT;
	if (!loop_cond(l, n->b, h) || !loop_step(l, n->c, h) || writes(n->d, h->var))
		return false;
	uint32_t k = 0;
	for (; holds(h, v); k++) {
		if (k == UNROLL_MAX_TRIPS)
			return false;
		vals[k] = v;
		int64_t next = (int64_t)v.i + h->step.i;
		if (h->f)
			v.f += h->step.f;
		else if (next < INT32_MIN || next > INT32_MAX)
			return false;
		else
			v.i = (int32_t)next;
	}
	*count = k;
	*last = v;
	return true;
}

static uint32_t nested_trips(struct lower *l, const struct glsl_node *n)
{
	struct header h = { 0 };
	union gll_const vals[UNROLL_MAX_TRIPS], last;
	uint32_t count;
	/* trips() only reads the loop (its header folds through l's known values) */
	if (n->kind == N_FOR && trips(l, (struct glsl_node *)n, &h, vals, &count, &last))
		return count;
	return 8;
}

bool gll_stmt_empty(struct lower *l, struct glsl_node *s)
{
	if (!s || s->kind == N_EMPTY)
		return true;
	if (s->kind == N_BLOCK) {
		for (struct glsl_node *c = s->a; c; c = c->next)
			if (!gll_stmt_empty(l, c))
				return false;
		return true;
	}
	struct header h = { 0 };
	union gll_const vals[UNROLL_MAX_TRIPS], last;
	uint32_t count;
	return s->kind == N_FOR && s->a && s->a->kind == N_VAR && gll_stmt_empty(l, s->d) &&
	       trips(l, s, &h, vals, &count, &last);
}

/* ---- break and continue ---- */

static uint32_t flag(struct lower *l, bool brk, uint32_t *slot)
{
	if (*slot == IR_NONE) {
		*slot = gll_temp(l, brk ? "loop.break" : "loop.continue", GT(GLSL_BOOL, 1));
		ir_build_store(l->b, *slot, ir_build_constb(l->b, false));
	}
	return *slot;
}

void gll_jump(struct lower *l, struct glsl_node *n)
{
	struct unroll *u = l->jump;
	bool brk = n->kind == N_BREAK;
	if (!u) {
		if (brk)
			ir_build_break(l->b);
		else
			ir_build_continue(l->b);
		return;
	}
	if (!u->ifs) {          /* unconditional: known now */
		u->broke |= brk;
		u->skip = true;
		return;
	}
	ir_build_store(l->b, brk ? u->brk : u->cont, ir_build_constb(l->b, true));
	if (brk)
		u->dyn_brk++;
	else
		u->dyn_cont++;
}

bool gll_jumped(const struct lower *l)
{
	return l->jump && (l->jump->broke || l->jump->skip);
}

uint32_t gll_guard_rest(struct lower *l, uint32_t brk_before, uint32_t cont_before)
{
	struct unroll *u = l->jump;
	if (!u || (u->dyn_brk == brk_before && u->dyn_cont == cont_before))
		return 0;
	uint32_t any = IR_NONE;
	if (u->dyn_brk != brk_before)
		any = ir_build_load(l->b, u->brk);
	if (u->dyn_cont != cont_before) {
		uint32_t c = ir_build_load(l->b, u->cont);
		any = any == IR_NONE ? c : ir_build_op2(l->b, IR_OP_OR, any, c);
	}
	ir_build_if(l->b, ir_build_op1(l->b, IR_OP_NOT, any));
	u->ifs++;
	return 1;
}

/* ---- unrolling ---- */

/* Lowers one unrolled iteration of `body`: inside an IR if on the break flag
 * when an earlier iteration may have broken out, and clearing the continue
 * flag afterwards when this iteration may have set it. */
static void iteration(struct lower *l, struct glsl_node *body, struct unroll *u)
{
	bool guard = u->dyn_brk > 0;     /* an earlier iteration may have left */
	uint32_t cont_before = u->dyn_cont, mark = gll_known_mark(l);
	if (guard) {
		uint32_t b = ir_build_load(l->b, u->brk);
		ir_build_if(l->b, ir_build_op1(l->b, IR_OP_NOT, b));
		u->ifs++;
	}
	u->skip = false;
	gll_stmt(l, body);
	if (u->dyn_cont != cont_before)  /* the next iteration starts afresh */
		ir_build_store(l->b, u->cont, ir_build_constb(l->b, false));
	if (guard) {
		ir_build_endif(l->b);
		u->ifs--;
		gll_known_merge(l, mark);
	}
}

/* ---- loops whose every pass does the same ---- */

#define IDEM_MAX_WRITES 16

struct idem {
	const struct glsl_node *var;                      /* the loop index */
	const struct glsl_node *written[IDEM_MAX_WRITES]; /* roots assigned by `=` */
	uint32_t count;
};

/* Collects the roots of the body's plain assignments; false on anything
 * that is no such pass: a compound assignment, ++/--, break, return,
 * discard, a nested loop, a user call, a root not found, too many roots. */
static bool idem_writes(const struct glsl_node *n, struct idem *s)
{
	if (!n)
		return true;
	switch (n->kind) {
	case N_PREINC: case N_PREDEC: case N_POSTINC: case N_POSTDEC:
	case N_BREAK: case N_RETURN: case N_DISCARD:
	case N_FOR: case N_WHILE: case N_DO:
		return false;
	case N_ASSIGN: {
		const struct glsl_node *r = root(n->a);
		if (n->op != P_ASSIGN || !r || s->count == IDEM_MAX_WRITES)
			return false;
		s->written[s->count++] = r;
		break;
	}
	default:
		break;
	}
	if (n->kind == N_CALL || n->kind == N_BLOCK) {
		if (n->kind == N_CALL && n->call == CALL_USER)
			return false;
		for (const struct glsl_node *c = n->a; c; c = c->next)
			if (!idem_writes(c, s))
				return false;
		return true;
	}
	return idem_writes(n->a, s) && idem_writes(n->b, s) && idem_writes(n->c, s) &&
	       idem_writes(n->d, s);
}

/* Whether n reads the index or a root the body assigns (the assigned
 * identifier of an assignment's target is no read; its indices are). */
static bool idem_reads(const struct glsl_node *n, const struct idem *s, bool target)
{
	if (!n)
		return false;
	if (n->kind == N_IDENT) {
		if (target)
			return false;
		if (n->ref == s->var)
			return true;
		for (uint32_t i = 0; i < s->count; i++)
			if (n->ref == s->written[i])
				return true;
		return false;
	}
	if (n->kind == N_CALL || n->kind == N_BLOCK) {
		for (const struct glsl_node *c = n->a; c; c = c->next)
			if (idem_reads(c, s, false))
				return true;
		return false;
	}
	if (n->kind == N_ASSIGN)
		return idem_reads(n->a, s, true) || idem_reads(n->b, s, false);
	if (target && (n->kind == N_INDEX || n->kind == N_FIELD))
		return idem_reads(n->a, s, true) || idem_reads(n->b, s, false);
	return idem_reads(n->a, s, false) || idem_reads(n->b, s, false) ||
	       idem_reads(n->c, s, false) || idem_reads(n->d, s, false);
}

/* A body that reads neither the index nor anything it assigns, and has no
 * other effect: every pass takes the same path and stores the same values,
 * so one pass leaves what any number of passes leaves (`continue` ends a
 * pass the same way each time). */
static bool idempotent(const struct glsl_node *body, const struct glsl_node *var)
{
	struct idem s = { .var = var };
	return idem_writes(body, &s) && !idem_reads(body, &s, false);
}

bool gll_unroll(struct lower *l, struct glsl_node *n)
{
	struct header h = { 0 };
	union gll_const vals[UNROLL_MAX_TRIPS], last;
	uint32_t count = 0;
	if (!trips(l, n, &h, vals, &count, &last))
		return false;
	uint32_t body = cost(l, n->d), size = count * body;
	bool outer_index = n->a->kind == N_EXPR;
	if (gll_stmt_contains(n->d, N_RETURN) || (outer_index && gll_stmt_contains(n->d, N_BREAK)) ||
	    size > UNROLL_LOOP_BUDGET || l->unrolled + size > UNROLL_SHADER_BUDGET ||
	    (gll_stmt_contains(n->d, N_BREAK) &&
	     size > UNROLL_BREAK_GROWTH * (body + UNROLL_LOOP_COST)))
		return false;
	l->unrolled += size;
	struct unroll u = { .outer = l->unroll, .var = h.var, .brk = IR_NONE, .cont = IR_NONE };
	struct unroll *saved_jump = l->jump;
	gll_at(l, n);
	if (gll_stmt_contains(n->d, N_BREAK))
		flag(l, true, &u.brk);
	if (gll_stmt_contains(n->d, N_CONTINUE))
		flag(l, false, &u.cont);
	l->unroll = &u;
	l->jump = &u;
	if (count > 1 && idempotent(n->d, h.var))
		count = 1;
	for (uint32_t k = 0; k < count && !u.broke && !l->failed; k++) {
		u.value = vals[k];
		iteration(l, n->d, &u);
	}
	l->unroll = u.outer;
	l->jump = saved_jump;
	if (outer_index) {      /* an index declared outside keeps its last value */
		gll_at(l, n);
		ir_build_store(l->b, gll_var_slot(l, h.var), gll_const_ir(l, h.var->type, last));
		gll_known_set(l, h.var, &last);
	}
	return true;
}
