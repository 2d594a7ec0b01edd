/*
 * glsl_parse_expr.c: GLSL ES 1.00 expressions (spec section 5) by
 * precedence climbing: assignments, ?:, the logical, relational and
 * arithmetic operators, unary and postfix operators, calls and
 * constructors, indexing and field selection. The operators the spec
 * reserves (%, ~, <<, >>, &, |, ^ and their assignments) are rejected here
 * with a message naming them.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_parse.h"
#include "util/code_align.h"

/* The binary operators' precedence, 1 (||, the lowest) to 11 (* / %); 0
 * for any other punctuator. All of them are left-associative; the reserved
 * ones are included so they parse and are then reported. */
static const uint8_t binary_prec[P_COUNT] = {
	[P_OROR] = 1, [P_XORXOR] = 2, [P_ANDAND] = 3, [P_BAR] = 4, [P_CARET] = 5,
	[P_AMP] = 6, [P_EQ] = 7, [P_NE] = 7, [P_LT] = 8, [P_GT] = 8, [P_LE] = 8,
	[P_GE] = 8, [P_SHL] = 9, [P_SHR] = 9, [P_PLUS] = 10, [P_MINUS] = 10,
	[P_STAR] = 11, [P_SLASH] = 11, [P_PERCENT] = 11,
};

static bool reserved_op(int op)
{
	return op == P_PERCENT || op == P_TILDE || op == P_SHL || op == P_SHR || op == P_AMP ||
	       op == P_BAR || op == P_CARET || op == P_MOD_ASSIGN || op == P_SHL_ASSIGN ||
	       op == P_SHR_ASSIGN || op == P_AND_ASSIGN || op == P_XOR_ASSIGN ||
	       op == P_OR_ASSIGN;
}

static void check_reserved(struct parser *p, const struct glsl_tok *t)
{
	if (reserved_op(t->punct))
		glsl_error(p->c, t->line, t->col, "operator '%s' is reserved in GLSL ES 1.00",
			   glsl_punct_names[t->punct]);
}

/* Arguments of a call after its '(' up to and including ')'. */
static bool call_args(struct parser *p, struct glsl_node *call)
{
	struct glsl_node **tail = &call->a;
	if (tok_word(cur(p), "void") && tok_is(ahead(p, 1), P_RPAREN))
		advance(p);
	if (tok_is(cur(p), P_RPAREN)) {
		advance(p);
		return true;
	}
	for (;;) {
		struct glsl_node *arg = parse_assignment(p);
		if (!arg)
			return false;
		*tail = arg;
		tail = &arg->next;
		if (tok_is(cur(p), P_RPAREN)) {
			advance(p);
			return true;
		}
		if (!parse_expect(p, P_COMMA))
			return false;
	}
}

/* Parses a primary expression: a number, true or false, a parenthesised
 * expression, an identifier, or a constructor or function call (a type name
 * must be followed by '('). NULL after reporting. */
static struct glsl_node *primary(struct parser *p)
{
	const struct glsl_tok *t = cur(p);
	struct glsl_node *n;
	if (t->kind == TK_INT || t->kind == TK_FLOAT) {
		n = glsl_node_new(p->c, t->kind == TK_INT ? N_INT : N_FLOAT, advance(p));
		if (n)
			n->v.i = t->v.i;
		return n;
	}
	if (tok_word(t, "true") || tok_word(t, "false")) {
		n = glsl_node_new(p->c, N_BOOL, advance(p));
		if (n)
			n->v.i = tok_word(t, "true");
		return n;
	}
	if (tok_is(t, P_LPAREN)) {
		advance(p);
		n = parse_expression(p);
		return n && parse_expect(p, P_RPAREN) ? n : NULL;
	}
	bool type = parse_is_type(p, t);
	if (t->kind != TK_IDENT || (parse_is_keyword(p, t) && !type))
		return parse_expected(p, "an expression");
	n = glsl_node_new(p->c, N_IDENT, advance(p));
	if (!n || !(n->name = glsl_strndup(p->c, t->s, t->len)))
		return NULL;
	if (!tok_is(cur(p), P_LPAREN)) {
		if (type)
			return parse_expected(p, "'(' after a type name");
		return n;
	}
	advance(p);
	n->kind = N_CALL;
	n->call = type ? CALL_CTOR : CALL_USER;
	if (type && !glsl_type_keyword(t->s, t->len, &n->type))
		n->type = (struct glsl_type){ GLSL_STRUCT, 1, 1, 0, parse_struct_name(p, t) };
	return call_args(p, n) ? n : NULL;
}

/* Parses a primary expression followed by any number of [index], .field, ++
 * and --. NULL on a parse error. */
static struct glsl_node *postfix(struct parser *p)
{
	struct glsl_node *e = primary(p);
	while (e) {
		const struct glsl_tok *t = cur(p);
		struct glsl_node *n;
		if (tok_is(t, P_LBRACK)) {
			n = glsl_node_new(p->c, N_INDEX, advance(p));
			if (!n || !(n->b = parse_expression(p)) || !parse_expect(p, P_RBRACK))
				return NULL;
		} else if (tok_is(t, P_DOT)) {
			n = glsl_node_new(p->c, N_FIELD, advance(p));
			if (cur(p)->kind != TK_IDENT)
				return parse_expected(p, "a field name after '.'");
			if (!n || !(n->name = glsl_strndup(p->c, cur(p)->s, cur(p)->len)))
				return NULL;
			advance(p);
		} else if (tok_is(t, P_INC) || tok_is(t, P_DEC)) {
			n = glsl_node_new(p->c, t->punct == P_INC ? N_POSTINC : N_POSTDEC, advance(p));
		} else {
			return e;
		}
		if (!n)
			return NULL;
		n->a = e;
		e = n;
	}
	return NULL;
}

/* Parses prefix +, -, !, ~, ++ and -- (reserved operators are reported) and
 * the operand they apply to. NULL on a parse error. */
VC4_CODE_ALIGN(2048)
static struct glsl_node *unary(struct parser *p)
{
	const struct glsl_tok *t = cur(p);
	if (!tok_is(t, P_PLUS) && !tok_is(t, P_MINUS) && !tok_is(t, P_BANG) &&
	    !tok_is(t, P_TILDE) && !tok_is(t, P_INC) && !tok_is(t, P_DEC))
		return postfix(p);
	if (!parse_enter(p))
		return NULL;
	check_reserved(p, t);
	advance(p);
	struct glsl_node *n = glsl_node_new(p->c, t->punct == P_INC ? N_PREINC :
					    t->punct == P_DEC ? N_PREDEC : N_UNARY, t);
	if (n) {
		n->op = t->punct;
		n->a = unary(p);
	}
	parse_leave(p);
	return n && n->a ? n : NULL;
}

/* The precedence of binary operator t, or 0 when t is none. */
static int prec_of(const struct glsl_tok *t)
{
	return t->kind == TK_PUNCT ? binary_prec[t->punct] : 0;
}

/* Parses a unary expression and the binary operators of precedence `min`
 * and above after it, by precedence climbing: one loop for all levels, a
 * nested call per right operand (which takes only higher levels, so each
 * operator is left-associative). The right operands are what nests (depth
 * checked). NULL on a parse error. */
static struct glsl_node *binary(struct parser *p, int min)
{
	struct glsl_node *e = unary(p);
	int prec;
	while (e && (prec = prec_of(cur(p))) >= min) {
		const struct glsl_tok *t = advance(p);
		check_reserved(p, t);
		struct glsl_node *n = glsl_node_new(p->c, N_BINARY, t);
		if (!n)
			return NULL;
		n->op = t->punct;
		n->a = e;
		if (!parse_enter(p))
			return NULL;
		n->b = binary(p, prec + 1);
		parse_leave(p);
		e = n->b ? n : NULL;
	}
	return e;
}

/* Parses a binary expression optionally followed by `? expression :
 * assignment`. NULL on a parse error. */
struct glsl_node *parse_conditional(struct parser *p)
{
	struct glsl_node *e = binary(p, 1);
	if (!e || !tok_is(cur(p), P_QUEST))
		return e;
	struct glsl_node *n = glsl_node_new(p->c, N_COND, advance(p));
	if (!n || !parse_enter(p))
		return NULL;
	n->a = e;
	n->b = parse_expression(p);
	n->c = n->b && parse_expect(p, P_COLON) ? parse_assignment(p) : NULL;
	parse_leave(p);
	return n->c ? n : NULL;
}

static bool is_assign_op(const struct glsl_tok *t)
{
	return t->kind == TK_PUNCT && (t->punct == P_ASSIGN ||
				       (t->punct >= P_ADD_ASSIGN && t->punct <= P_OR_ASSIGN));
}

/* Parses a conditional expression and, if an assignment operator follows,
 * the right-associative assignment it starts. NULL on a parse error. */
struct glsl_node *parse_assignment(struct parser *p)
{
	if (!parse_enter(p))
		return NULL;
	struct glsl_node *e = parse_conditional(p);
	if (e && is_assign_op(cur(p))) {
		const struct glsl_tok *t = advance(p);
		check_reserved(p, t);
		struct glsl_node *n = glsl_node_new(p->c, N_ASSIGN, t);
		if (n) {
			n->op = t->punct;
			n->a = e;
			n->b = parse_assignment(p);
		}
		e = n && n->b ? n : NULL;
	}
	parse_leave(p);
	return e;
}

struct glsl_node *parse_expression(struct parser *p)
{
	struct glsl_node *e = parse_assignment(p);
	while (e && tok_is(cur(p), P_COMMA)) {
		struct glsl_node *n = glsl_node_new(p->c, N_COMMA, advance(p));
		if (!n)
			return NULL;
		n->a = e;
		n->b = parse_assignment(p);
		e = n->b ? n : NULL;
	}
	return e;
}
