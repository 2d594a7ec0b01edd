/*
 * glsl_pp_expr.c: the integer expressions of #if and #elif (GLSL ES 1.00
 * section 3.4): C's operators on 64-bit integers, evaluated by recursive
 * descent over tokens whose macros are already expanded and whose
 * defined() is already replaced. Division by zero and leftover identifiers
 * are errors.
 */
#include "glsl/glsl_internal.h"

struct eval {
	struct glsl_ctx *c;
	const struct glsl_tok *t;
	size_t n, i;
	unsigned depth;
	bool failed;
};

static const struct glsl_tok *peek(struct eval *e)
{
	return &e->t[e->i < e->n ? e->i : e->n - 1];
}

static int64_t fail(struct eval *e, const struct glsl_tok *t, const char *what)
{
	if (!e->failed) {
		if (t->kind == TK_EOF || t->kind == TK_NEWLINE)
			glsl_error(e->c, t->line, t->col, "#if: expected %s, found the end of the line",
				   what);
		else
			glsl_error(e->c, t->line, t->col, "#if: expected %s, found '%.*s'", what,
				   (int)t->len, t->s);
	}
	e->failed = true;
	return 0;
}

static int64_t binary(struct eval *e, int level);

/* Evaluates a primary #if operand: an integer, a parenthesised expression or
 * a unary -, +, ! or ~. Reports (and marks the evaluation failed) undefined
 * identifiers, missing operands and nesting deeper than GLSL_MAX_DEPTH. */
static int64_t primary(struct eval *e)
{
	const struct glsl_tok *t = peek(e);
	if (e->failed)
		return 0;
	if (++e->depth > GLSL_MAX_DEPTH) {
		glsl_error(e->c, t->line, t->col, "#if: expression nested too deeply");
		e->failed = true;
		return 0;
	}
	int64_t v = 0;
	if (t->kind == TK_INT) {
		e->i++;
		v = (uint32_t)t->v.i;
	} else if (tok_is(t, P_LPAREN)) {
		e->i++;
		v = binary(e, 0);
		if (!tok_is(peek(e), P_RPAREN))
			return fail(e, peek(e), "')'");
		e->i++;
	} else if (tok_is(t, P_MINUS) || tok_is(t, P_PLUS) || tok_is(t, P_BANG) ||
		   tok_is(t, P_TILDE)) {
		e->i++;
		int64_t x = primary(e);
		v = t->punct == P_MINUS ? -x : t->punct == P_PLUS ? x :
		    t->punct == P_BANG ? !x : ~x;
	} else if (t->kind == TK_IDENT) {
		glsl_error(e->c, t->line, t->col, "#if: undefined identifier '%.*s'",
			   (int)t->len, t->s);
		e->failed = true;
	} else {
		return fail(e, t, "an integer expression");
	}
	e->depth--;
	return v;
}

/* Binary operators by precedence level, lowest first. */
static const uint8_t levels[][4] = {
	{ P_OROR }, { P_ANDAND }, { P_BAR }, { P_CARET }, { P_AMP }, { P_EQ, P_NE },
	{ P_LT, P_GT, P_LE, P_GE }, { P_SHL, P_SHR }, { P_PLUS, P_MINUS },
	{ P_STAR, P_SLASH, P_PERCENT },
};
#define NLEVELS (int)(sizeof(levels) / sizeof(levels[0]))

static int op_at(const struct glsl_tok *t, int level)
{
	for (int k = 0; k < 4 && levels[level][k]; k++)
		if (tok_is(t, (enum glsl_punct)levels[level][k]))
			return levels[level][k];
	return -1;
}

/* Applies binary #if operator op (token t, for messages) to a and b in
 * 64-bit arithmetic that wraps; division or remainder by zero (or INT64_MIN
 * / -1) is reported and gives 0. */
static int64_t apply(struct eval *e, const struct glsl_tok *t, int op, int64_t a, int64_t b)
{
	switch (op) {
	case P_OROR: return a || b;
	case P_ANDAND: return a && b;
	case P_BAR: return a | b;
	case P_CARET: return a ^ b;
	case P_AMP: return a & b;
	case P_EQ: return a == b;
	case P_NE: return a != b;
	case P_LT: return a < b;
	case P_GT: return a > b;
	case P_LE: return a <= b;
	case P_GE: return a >= b;
	case P_SHL: return (int64_t)((uint64_t)a << (b & 63));
	case P_SHR: return a >> (b & 63);
	case P_PLUS: return (int64_t)((uint64_t)a + (uint64_t)b);
	case P_MINUS: return (int64_t)((uint64_t)a - (uint64_t)b);
	case P_STAR: return (int64_t)((uint64_t)a * (uint64_t)b);
	default:
		if (b == 0 || (a == INT64_MIN && b == -1)) {
			if (!e->failed)
				glsl_error(e->c, t->line, t->col, "#if: division by zero");
			e->failed = true;
			return 0;
		}
		return op == P_SLASH ? a / b : a % b;
	}
}

/* Evaluates the left-associative #if operators from precedence `level` down
 * (NLEVELS: a primary operand). */
static int64_t binary(struct eval *e, int level)
{
	if (level == NLEVELS)
		return primary(e);
	int64_t v = binary(e, level + 1);
	int op;
	while (!e->failed && (op = op_at(peek(e), level)) >= 0) {
		const struct glsl_tok *t = peek(e);
		e->i++;
		int64_t r = binary(e, level + 1);
		v = apply(e, t, op, v, r);
	}
	return v;
}

bool glsl_pp_eval(struct glsl_ctx *c, const struct glsl_tok *t, size_t n, int64_t *value)
{
	struct eval e = { c, t, n, 0, 0, false };
	*value = binary(&e, 0);
	if (!e.failed && e.i < n - 1)
		fail(&e, peek(&e), "an operator");
	return !e.failed;
}
