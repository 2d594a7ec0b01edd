/*
 * glsl_check_call.c: calls — constructors with every conversion rule of
 * GLSL ES 1.00 section 5.4 (scalar from the first component, vector and
 * matrix from components in order, scalar splat, diagonal matrices, struct
 * constructors), built-in function overloads (glsl_builtins.c) and user
 * function overloads by exact parameter types, with out/inout arguments
 * checked as l-values and the call graph recorded for the recursion check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_check.h"

static uint32_t nargs_of(const struct glsl_node *n)
{
	uint32_t c = 0;
	for (const struct glsl_node *a = n->a; a; a = a->next)
		c++;
	return c;
}

/* "(float, vec2)" of the argument types. */
static const char *arg_list(const struct glsl_node *n, char *buf, size_t size)
{
	size_t len = (size_t)snprintf(buf, size, "(");
	for (const struct glsl_node *a = n->a; a && len < size; a = a->next) {
		char t[64];
		len += (size_t)snprintf(buf + len, size - len, "%s%s", a == n->a ? "" : ", ",
					glsl_type_name(a->type, t));
	}
	if (len < size)
		snprintf(buf + len, size - len, ")");
	return buf;
}

static bool check_args(struct checker *k, struct glsl_node *n, bool *cexpr)
{
	bool ok = true;
	*cexpr = true;
	for (struct glsl_node *a = n->a; a; a = a->next) {
		ok = check_expr(k, a) && ok;
		*cexpr = *cexpr && a->cexpr;
	}
	return ok;
}

/* Checks a struct constructor: one argument per member, each of the member's
 * type. False after reporting the first mismatch. */
static bool ctor_struct(struct checker *k, struct glsl_node *n)
{
	const struct glsl_struct *st = n->type.st;
	char x[64], y[64];
	if (nargs_of(n) != st->nfields) {
		check_error(k, n, "constructor of struct %s takes %u arguments, got %u",
			    glsl_type_name(n->type, x), st->nfields, nargs_of(n));
		return false;
	}
	uint32_t f = 0;
	for (const struct glsl_node *a = n->a; a; a = a->next, f++)
		if (!glsl_type_eq(a->type, st->fields[f].type)) {
			check_error(k, a, "member '%s' of struct %s is %s, got %s",
				    st->fields[f].name, glsl_type_name(n->type, x),
				    glsl_type_name(st->fields[f].type, y),
				    glsl_type_name(a->type, x));
			return false;
		}
	return true;
}

/* Folds float(c), int(c), bool(c) of a known scalar. */
static void fold_ctor(struct glsl_node *n)
{
	const struct glsl_node *a = n->a;
	if (!glsl_is_scalar(n->type) || !a->has_const || !glsl_is_scalar(a->type))
		return;
	n->has_const = true;
	float f = a->type.base == GLSL_FLOAT ? a->v.f : (float)a->v.i;
	if (n->type.base == GLSL_FLOAT)
		n->v.f = f;
	else if (n->type.base == GLSL_BOOL)
		n->v.i = f != 0.0f;
	else if (a->type.base == GLSL_FLOAT)
		n->v.i = f != f ? 0 : f >= 2147483520.0f ? INT32_MAX : f <= -2147483648.0f ?
			 INT32_MIN : (int32_t)f;
	else
		n->v.i = a->v.i;
}

/* Vector, scalar and matrix constructors. */
static bool ctor_basic(struct checker *k, struct glsl_node *n)
{
	struct glsl_type t = n->type;
	char x[64];
	uint32_t need = (uint32_t)t.size * t.cols, got = 0;
	const struct glsl_node *one = n->a;
	if (one && !one->next && glsl_is_scalar(one->type))
		return true;
	if (one && !one->next && glsl_is_mat(one->type) && glsl_is_mat(t)) {
		check_error(k, n, "constructing a matrix from a matrix is reserved in GLSL ES 1.00");
		return false;
	}
	for (const struct glsl_node *a = n->a; a; a = a->next) {
		struct glsl_type at = a->type;
		if (at.array || at.base < GLSL_FLOAT || at.base > GLSL_BOOL ||
		    (glsl_is_mat(at) && glsl_is_mat(t))) {
			check_error(k, a, "cannot construct %s from %s", glsl_type_name(t, x),
				    glsl_type_name(at, (char[64]){ 0 }));
			return false;
		}
		if (got >= need) {
			check_error(k, a, "too many arguments to constructor %s",
				    glsl_type_name(t, x));
			return false;
		}
		got += (uint32_t)at.size * at.cols;
	}
	if (got < need) {
		check_error(k, n, "constructor %s needs %u components, got %u",
			    glsl_type_name(t, x), need, got);
		return false;
	}
	return true;
}

/* Checks a constructor call n (arguments, a constructible non-sampler non-
 * void type, then the struct or basic rules), marks it a constant expression
 * when its arguments are, and folds it when it is valid. False after
 * reporting. */
static bool check_ctor(struct checker *k, struct glsl_node *n)
{
	bool cexpr;
	if (!check_args(k, n, &cexpr))
		return false;
	char x[64];
	if (!n->a) {
		check_error(k, n, "constructor %s needs arguments", glsl_type_name(n->type, x));
		return false;
	}
	if (glsl_is_sampler(n->type) || n->type.base == GLSL_VOID) {
		check_error(k, n, "cannot construct a value of type %s", glsl_type_name(n->type, x));
		return false;
	}
	bool ok = n->type.base == GLSL_STRUCT ? ctor_struct(k, n) : ctor_basic(k, n);
	n->cexpr = cexpr;
	if (ok)
		fold_ctor(n);
	return ok;
}

/* Resolves a call to a built-in function by its argument types (at most
 * four) and the shader stage; sets n->type, n->builtin and whether the
 * result is a constant expression (never for texture lookups). False after
 * reporting that no overload matches or that the built-in is not available
 * in this stage. */
static bool check_builtin(struct checker *k, struct glsl_node *n, bool cexpr)
{
	struct glsl_type args[4];
	uint32_t na = 0;
	char buf[200];
	for (const struct glsl_node *a = n->a; a; a = a->next)
		if (na < 4)
			args[na++] = a->type;
	if (nargs_of(n) > 4)
		na = 5;
	int i = glsl_builtin_match(n->name, k->c->stage, args, na, &n->type);
	if (i < 0) {
		check_error(k, n, "no overload of built-in '%s' takes %s", n->name,
			    arg_list(n, buf, sizeof(buf)));
		return false;
	}
	if (!(glsl_builtins[i].stage_mask & (1u << k->c->stage))) {
		check_error(k, n, "built-in '%s' %s is not available in %s shaders", n->name,
			    arg_list(n, buf, sizeof(buf)),
			    k->c->stage == GLSL_VERTEX ? "vertex" : "fragment");
		return false;
	}
	n->call = CALL_BUILTIN;
	n->builtin = (uint16_t)i;
	n->cexpr = cexpr && strncmp(n->name, "texture", 7) != 0;
	return true;
}

static bool params_match(const struct glsl_node *f, const struct glsl_node *call)
{
	const struct glsl_node *p = f->a, *a = call->a;
	for (; p && a; p = p->next, a = a->next)
		if (!glsl_type_eq(p->type, a->type))
			return false;
	return !p && !a;
}

/* The user function overload matching the call's arguments, or NULL. */
static struct glsl_node *find_overload(struct checker *k, const struct glsl_node *call,
				       bool *any)
{
	*any = false;
	for (size_t i = k->syms.len; i-- > 0;) {
		const struct sym *s = &k->syms.data[i];
		if (s->kind != SYM_FUNC || s->name[0] != call->name[0] || !vc4_streq(s->name, call->name))
			continue;
		*any = true;
		if (params_match(s->node, call))
			return s->node;
	}
	return NULL;
}

static bool check_out_args(struct checker *k, const struct glsl_node *f, struct glsl_node *n)
{
	const struct glsl_node *p = f->a;
	for (struct glsl_node *a = n->a; a && p; a = a->next, p = p->next)
		if ((p->qual == Q_OUT || p->qual == Q_INOUT) &&
		    !check_lvalue(k, a, p->qual == Q_OUT ? "pass it as an out argument" :
				  "pass it as an inout argument"))
			return false;
	return true;
}

bool check_call(struct checker *k, struct glsl_node *n)
{
	if (n->call == CALL_CTOR)
		return check_ctor(k, n);
	bool cexpr, any;
	if (!check_args(k, n, &cexpr))
		return false;
	struct glsl_node *f = find_overload(k, n, &any);
	if (!any && glsl_is_builtin_name(n->name))
		return check_builtin(k, n, cexpr);
	char buf[200];
	if (!f) {
		if (any)
			check_error(k, n, "no overload of '%s' takes %s", n->name,
				    arg_list(n, buf, sizeof(buf)));
		else if (check_lookup(k, n->name, SYM_VAR))
			check_error(k, n, "'%s' is a variable, not a function", n->name);
		else
			check_error(k, n, "function '%s' is not declared", n->name);
		return false;
	}
	n->ref = f;
	n->type = f->type;
	struct call_edge e = { k->func, f, n->line, n->col };
	if (k->func && !vc4_array_push(&k->calls, e))
		k->c->fatal = true;
	return check_out_args(k, f, n);
}
