/*
 * glsl_check_expr.c: types of GLSL ES 1.00 expressions (spec section 5):
 * the operators with their scalar/vector/matrix rules and no implicit
 * conversion, indexing with constant bounds checks, swizzles and struct
 * fields, l-values, and the folding of scalar constant expressions (array
 * sizes, loop bounds).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_check.h"

static const char *tn(struct glsl_type t, char *buf) { return glsl_type_name(t, buf); }

static bool numeric(struct glsl_type t)
{
	return !t.array && (t.base == GLSL_FLOAT || t.base == GLSL_INT);
}

/* The result type of arithmetic op (+ - * /) on a and b; false if none. */
static bool arith_type(int op, struct glsl_type a, struct glsl_type b, struct glsl_type *r)
{
	if (!numeric(a) || !numeric(b) || a.base != b.base)
		return false;
	if (glsl_type_eq(a, b)) {
		*r = a;
		return true;
	}
	if (glsl_is_scalar(a) || glsl_is_scalar(b)) {
		*r = glsl_is_scalar(a) ? b : a;
		return true;
	}
	if (op != P_STAR && op != P_MUL_ASSIGN)
		return false;
	if (glsl_is_mat(a) && glsl_is_vec(b) && a.cols == b.size) {      /* mat * vec */
		*r = GT(GLSL_FLOAT, a.size);
		return true;
	}
	if (glsl_is_vec(a) && glsl_is_mat(b) && a.size == b.size) {      /* vec * mat */
		*r = GT(GLSL_FLOAT, b.cols);
		return true;
	}
	return false;
}

/* Folds a scalar binary operation of two known values into n. */
static void fold_binary(struct glsl_node *n)
{
	struct glsl_node *a = n->a, *b = n->b;
	if (!a->has_const || !b->has_const || !glsl_is_scalar(n->type) || !glsl_is_scalar(a->type))
		return;
	bool f = a->type.base == GLSL_FLOAT;
	float x = a->v.f, y = b->v.f;
	int32_t i = a->v.i, j = b->v.i;
	n->has_const = true;
	switch (n->op) {
	case P_PLUS: if (f) n->v.f = x + y; else n->v.i = (int32_t)((uint32_t)i + (uint32_t)j); break;
	case P_MINUS: if (f) n->v.f = x - y; else n->v.i = (int32_t)((uint32_t)i - (uint32_t)j); break;
	case P_STAR: if (f) n->v.f = x * y; else n->v.i = (int32_t)((uint32_t)i * (uint32_t)j); break;
	case P_SLASH:
		if (f)
			n->v.f = x / y;
		else if (j == 0 || (i == INT32_MIN && j == -1))
			n->has_const = false;
		else
			n->v.i = i / j;
		break;
	case P_LT: n->v.i = f ? x < y : i < j; break;
	case P_GT: n->v.i = f ? x > y : i > j; break;
	case P_LE: n->v.i = f ? x <= y : i <= j; break;
	case P_GE: n->v.i = f ? x >= y : i >= j; break;
	case P_EQ: n->v.i = f ? x == y : i == j; break;
	case P_NE: n->v.i = f ? x != y : i != j; break;
	case P_ANDAND: n->v.i = i && j; break;
	case P_OROR: n->v.i = i || j; break;
	case P_XORXOR: n->v.i = !i != !j; break;
	default: n->has_const = false;
	}
}

/* Types a binary operator n (arithmetic, comparison, equality, logical) from
 * its checked operands, sets n->cexpr and folds constant operands. False
 * after reporting an operator that does not apply to the operand types. */
static bool check_binary(struct checker *k, struct glsl_node *n)
{
	if (!check_expr(k, n->a) || !check_expr(k, n->b))
		return false;
	struct glsl_type a = n->a->type, b = n->b->type;
	char x[64], y[64];
	bool ok = false;
	switch (n->op) {
	case P_PLUS: case P_MINUS: case P_STAR: case P_SLASH:
		ok = arith_type(n->op, a, b, &n->type);
		break;
	case P_LT: case P_GT: case P_LE: case P_GE:
		ok = glsl_is_scalar(a) && numeric(a) && glsl_type_eq(a, b);
		n->type = GT(GLSL_BOOL, 1);
		break;
	case P_EQ: case P_NE:
		ok = glsl_type_eq(a, b) && !a.array && !glsl_is_sampler(a) && a.base != GLSL_VOID;
		n->type = GT(GLSL_BOOL, 1);
		break;
	case P_ANDAND: case P_OROR: case P_XORXOR:
		ok = glsl_type_eq(a, GT(GLSL_BOOL, 1)) && glsl_type_eq(b, a);
		n->type = GT(GLSL_BOOL, 1);
		break;
	default:
		return false; /* reserved: reported by the parser */
	}
	if (!ok) {
		check_error(k, n, "no operator '%s' for %s and %s", glsl_punct_names[n->op],
			    tn(a, x), tn(b, y));
		return false;
	}
	n->cexpr = n->a->cexpr && n->b->cexpr;
	fold_binary(n);
	return true;
}

/* Types a unary operator n (!, + or -; ~ is reserved and reported by the
 * parser) and folds it when its scalar operand is a known constant. False
 * after reporting an operand type the operator does not take. */
static bool check_unary(struct checker *k, struct glsl_node *n)
{
	if (!check_expr(k, n->a))
		return false;
	struct glsl_type t = n->a->type;
	char x[64];
	bool ok = n->op == P_BANG ? glsl_type_eq(t, GT(GLSL_BOOL, 1)) :
		  n->op == P_TILDE ? false : numeric(t);
	if (!ok) {
		if (n->op != P_TILDE)
			check_error(k, n, "no operator '%s' for %s", glsl_punct_names[n->op],
				    tn(t, x));
		return false;
	}
	n->type = t;
	n->cexpr = n->a->cexpr;
	if (n->a->has_const && glsl_is_scalar(t)) {
		n->has_const = true;
		if (n->op == P_BANG)
			n->v.i = !n->a->v.i;
		else if (n->op == P_PLUS)
			n->v = n->a->v;
		else if (t.base == GLSL_FLOAT)
			n->v.f = -n->a->v.f;
		else
			n->v.i = (int32_t)(0u - (uint32_t)n->a->v.i);
	}
	return true;
}

/* The root variable of an l-value chain (a.b[2].xy -> a), or NULL. */
static struct glsl_node *root_var(struct glsl_node *n)
{
	while (n->kind == N_FIELD || n->kind == N_INDEX)
		n = n->a;
	return n->kind == N_IDENT ? n->ref : NULL;
}

/* A swizzle repeating a lane (v.xx) anywhere in the l-value chain. */
static const struct glsl_node *repeated_swizzle(const struct glsl_node *n)
{
	for (; n->kind == N_FIELD || n->kind == N_INDEX; n = n->a)
		for (unsigned i = 0; n->kind == N_FIELD && i < n->nswz; i++)
			for (unsigned j = 0; j < i; j++)
				if (n->swz[i] == n->swz[j])
					return n;
	return NULL;
}

bool check_lvalue(struct checker *k, struct glsl_node *n, const char *what)
{
	struct glsl_node *v = root_var(n);
	const struct glsl_node *rep = repeated_swizzle(n);
	if (rep)
		check_error(k, rep, "swizzle '.%s' repeats a lane: cannot %s", rep->name, what);
	else if (!n->lvalue && v)
		check_error(k, n, "'%s' is read-only: cannot %s", v->name, what);
	else if (!n->lvalue)
		check_error(k, n, "this expression is not an l-value: cannot %s",
			    what);
	else if (n->type.array && strncmp(what, "pass", 4)) /* out arrays are fine */
		check_error(k, n, "arrays are not l-values in GLSL ES 1.00: cannot %s", what);
	else
		return true;
	return false;
}

/* Types ++ or -- (prefix or postfix): the operand must be numeric and an
 * l-value. False after reporting. */
static bool check_incdec(struct checker *k, struct glsl_node *n)
{
	if (!check_expr(k, n->a))
		return false;
	char x[64];
	if (!numeric(n->a->type)) {
		check_error(k, n, "no operator '%s' for %s",
			    n->kind == N_PREINC || n->kind == N_POSTINC ? "++" : "--",
			    tn(n->a->type, x));
		return false;
	}
	n->type = n->a->type;
	return check_lvalue(k, n->a, n->kind == N_PREINC || n->kind == N_POSTINC ?
			    "increment it" : "decrement it");
}

/* Types an assignment or compound assignment n: the left side must be an
 * l-value; '=' needs equal non-sampler types, op= needs the operator to
 * apply and give the left side's type. False after reporting (reserved
 * operators are reported by the parser). */
static bool check_assign(struct checker *k, struct glsl_node *n)
{
	if (!check_expr(k, n->a) || !check_expr(k, n->b))
		return false;
	struct glsl_type a = n->a->type, b = n->b->type, r;
	char x[64], y[64];
	if (!check_lvalue(k, n->a, "assign to it"))
		return false;
	n->type = a;
	if (n->op == P_ASSIGN) {
		if (glsl_type_eq(a, b) && !glsl_is_sampler(a))
			return true;
		check_error(k, n, "cannot assign %s to %s", tn(b, y), tn(a, x));
		return false;
	}
	int op = n->op == P_ADD_ASSIGN ? P_PLUS : n->op == P_SUB_ASSIGN ? P_MINUS :
		 n->op == P_MUL_ASSIGN ? P_STAR : P_SLASH;
	if (n->op > P_DIV_ASSIGN)
		return false; /* reserved: reported by the parser */
	if (!arith_type(op, a, b, &r) || !glsl_type_eq(r, a)) {
		check_error(k, n, "no operator '%s' for %s and %s", glsl_punct_names[n->op],
			    tn(a, x), tn(b, y));
		return false;
	}
	return true;
}

/* Types c ? a : b: a bool condition and two non-array sides of one type;
 * folds it when all three are known constants. False after reporting. */
static bool check_cond(struct checker *k, struct glsl_node *n)
{
	if (!check_expr(k, n->a) || !check_expr(k, n->b) || !check_expr(k, n->c))
		return false;
	char x[64], y[64];
	if (!glsl_type_eq(n->a->type, GT(GLSL_BOOL, 1))) {
		check_error(k, n->a, "the condition of '?:' must be a bool, got %s",
			    tn(n->a->type, x));
		return false;
	}
	if (!glsl_type_eq(n->b->type, n->c->type) || n->b->type.array) {
		check_error(k, n, "the two sides of '?:' must have one type, got %s and %s",
			    tn(n->b->type, x), tn(n->c->type, y));
		return false;
	}
	n->type = n->b->type;
	n->cexpr = n->a->cexpr && n->b->cexpr && n->c->cexpr;
	if (n->a->has_const && n->b->has_const && n->c->has_const) {
		n->has_const = true;
		n->v = n->a->v.i ? n->b->v : n->c->v;
	}
	return true;
}

/* Types an index expression a[b]: b an int, a an array, vector or matrix; a
 * constant index must be in range. The result is the element, component or
 * column type. False after reporting. */
static bool check_index(struct checker *k, struct glsl_node *n)
{
	if (!check_expr(k, n->a) || !check_expr(k, n->b))
		return false;
	struct glsl_type t = n->a->type;
	char x[64];
	if (!glsl_type_eq(n->b->type, GT(GLSL_INT, 1))) {
		check_error(k, n->b, "an index must be an int, got %s", tn(n->b->type, x));
		return false;
	}
	uint32_t len = t.array ? t.array : t.cols > 1 ? t.cols : t.size;
	if (!t.array && !(glsl_is_vec(t) && t.size > 1) && !glsl_is_mat(t)) {
		check_error(k, n, "cannot index a value of type %s", tn(t, x));
		return false;
	}
	if (n->b->has_const && (n->b->v.i < 0 || (uint32_t)n->b->v.i >= len)) {
		check_error(k, n->b, "index %d is out of range for %s", n->b->v.i, tn(t, x));
		return false;
	}
	n->type = t.array ? glsl_elem(t) : t.cols > 1 ? GT(GLSL_FLOAT, t.size) :
		  GT(t.base, 1);
	n->lvalue = n->a->lvalue;
	n->cexpr = n->a->cexpr && n->b->cexpr && !t.array;
	return true;
}

/* Lanes of a swizzle from one of the sets xyzw, rgba, stpq. */
static bool swizzle(struct checker *k, struct glsl_node *n, uint8_t size)
{
	static const char *const sets[] = { "xyzw", "rgba", "stpq" };
	size_t len = strlen(n->name);
	int set = -1;
	bool repeat = false;
	for (size_t i = 0; i < len && i < 4; i++) {
		int s = -1;
		const char *hit = NULL;
		for (int q = 0; q < 3 && !hit; q++)
			if ((hit = strchr(sets[q], n->name[i])))
				s = q;
		if (!hit || (set >= 0 && s != set) || hit - sets[s] >= size)
			break;
		set = s;
		n->swz[i] = (uint8_t)(hit - sets[s]);
		for (size_t j = 0; j < i; j++)
			repeat |= n->swz[j] == n->swz[i];
		n->nswz = (uint8_t)(i + 1);
	}
	if (n->nswz != len || len > 4) {
		char x[64];
		check_error(k, n, "bad swizzle '.%s' of %s", n->name, tn(n->a->type, x));
		n->nswz = 0;
		return false;
	}
	n->type = GT(n->a->type.base, (uint8_t)len);
	n->lvalue = n->a->lvalue && !repeat;
	return true;
}

/* Types a field selection: a swizzle on a vector, or a member of a non-array
 * struct (sets n->field). False after reporting a swizzled scalar or a field
 * that does not exist. */
static bool check_field(struct checker *k, struct glsl_node *n)
{
	if (!check_expr(k, n->a))
		return false;
	struct glsl_type t = n->a->type;
	n->cexpr = n->a->cexpr;
	if (glsl_is_vec(t) && t.size > 1)
		return swizzle(k, n, t.size);
	if (glsl_is_vec(t)) {
		check_error(k, n, "cannot swizzle scalar %s ('.%s')", tn(t, (char[64]){ 0 }),
			    n->name);
		return false;
	}
	char x[64];
	if (t.base != GLSL_STRUCT || t.array) {
		check_error(k, n, "%s has no field '%s'", tn(t, x), n->name);
		return false;
	}
	for (uint32_t f = 0; f < t.st->nfields; f++)
		if (!strcmp(t.st->fields[f].name, n->name)) {
			n->field = f;
			n->type = t.st->fields[f].type;
			n->lvalue = n->a->lvalue;
			return true;
		}
	check_error(k, n, "struct %s has no field '%s'", tn(t, x), n->name);
	return false;
}

/* Resolves an identifier to its variable declaration (n->ref), marks it used
 * and sets its type, whether it is assignable in this stage, and its value
 * when it is a constant with a known value. False after reporting a name
 * that is undeclared or names a function. */
static bool check_ident(struct checker *k, struct glsl_node *n)
{
	struct glsl_node *v = check_lookup(k, n->name, SYM_VAR);
	if (!v) {
		if (check_lookup(k, n->name, SYM_FUNC))
			check_error(k, n, "'%s' is a function, not a variable", n->name);
		else
			check_error(k, n, "'%s' is not declared", n->name);
		return false;
	}
	n->ref = v;
	v->used = true;
	n->type = v->type;
	bool fs = k->c->stage == GLSL_FRAGMENT;
	n->lvalue = v->qual == Q_NONE || v->qual == Q_OUT || v->qual == Q_INOUT ||
		    v->qual == Q_IN || (v->qual == Q_VARYING && !fs) ||
		    (v->qual == Q_BUILTIN && v->lvalue);
	n->cexpr = v->qual == Q_CONST;
	if (v->qual == Q_CONST && v->a && v->a->has_const) {
		n->has_const = true;
		n->v = v->a->v;
	}
	if (v->qual == Q_CONST && v->bvar)   /* built-in constants */
		n->has_const = true, n->v = v->v;
	return true;
}

bool check_expr(struct checker *k, struct glsl_node *n)
{
	switch (n->kind) {
	case N_INT: n->type = GT(GLSL_INT, 1); break;
	case N_FLOAT: n->type = GT(GLSL_FLOAT, 1); break;
	case N_BOOL: n->type = GT(GLSL_BOOL, 1); break;
	case N_IDENT: return check_ident(k, n);
	case N_BINARY: return check_binary(k, n);
	case N_UNARY: return check_unary(k, n);
	case N_PREINC: case N_PREDEC: case N_POSTINC: case N_POSTDEC: return check_incdec(k, n);
	case N_ASSIGN: return check_assign(k, n);
	case N_COND: return check_cond(k, n);
	case N_CALL: return check_call(k, n);
	case N_INDEX: return check_index(k, n);
	case N_FIELD: return check_field(k, n);
	case N_COMMA:
		if (!check_expr(k, n->a) || !check_expr(k, n->b))
			return false;
		n->type = n->b->type;
		n->cexpr = n->a->cexpr && n->b->cexpr;
		n->has_const = n->b->has_const;
		n->v = n->b->v;
		return true;
	default:
		return false;
	}
	n->has_const = n->cexpr = true;
	return true;
}
