/*
 * glsl_check.h: the semantic checker's state, shared by glsl_check.c
 * (declarations, statements, functions, loops),
 * glsl_check_expr.c (operators, indexing, swizzles, constant folding) and
 * glsl_check_call.c (constructors, built-in and user calls).
 */
#ifndef VC4_GLSL_GLSL_CHECK_H
#define VC4_GLSL_GLSL_CHECK_H

#include "glsl/glsl_internal.h"

enum sym_kind { SYM_VAR, SYM_FUNC, SYM_PREC, SYM_SCOPE, SYM_TYPE };

struct sym {
	uint8_t kind;           /* enum sym_kind */
	const char *name;
	struct glsl_node *node; /* N_VAR / N_FUNC / N_PRECISION */
};

struct call_edge {
	struct glsl_node *caller, *callee;
	uint32_t line, col;
};

struct checker {
	struct glsl_ctx *c;
	VC4_ARRAY(struct sym) syms;     /* all scopes, SYM_SCOPE marks a start */
	VC4_ARRAY(struct call_edge) calls;
	struct glsl_node *func;         /* function being checked */
	unsigned loops;                 /* enclosing loops */
	unsigned depth;
	uint32_t nvars;                 /* variables declared (GLSL_MAX_VARS) */
};

void check_error(struct checker *k, const struct glsl_node *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

struct glsl_node *check_lookup(struct checker *k, const char *name, enum sym_kind kind);
bool check_push(struct checker *k, enum sym_kind kind, const char *name, struct glsl_node *n);

/* Types expression n (and its operands); false after reporting. Sets
 * n->type, n->lvalue, n->cexpr and, for scalars with a known value,
 * n->has_const / n->v. */
bool check_expr(struct checker *k, struct glsl_node *n);
/* Constructors, built-ins, user calls (n->kind == N_CALL). */
bool check_call(struct checker *k, struct glsl_node *n);
/* n must be assignable; `what` names the use ("assign to", "increment"). */
bool check_lvalue(struct checker *k, struct glsl_node *n, const char *what);
/* Leaf count guard: false (reported) when a type has too many leaves. */
bool check_size(struct checker *k, const struct glsl_node *at, struct glsl_type t);

#endif
