/*
 * glsl_parse.c: GLSL ES 1.00 declarations and statements (spec sections 4,
 * 6 and the grammar of chapter 9) -> AST. Struct type names are tracked by
 * scope so "S x;" is a declaration and "S(...)" a constructor. After an
 * error the statement is skipped up to ';' or '}' and parsing goes on, so
 * one file can report several errors.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "glsl/glsl_parse.h"
#include "util/code_align.h"

/* The keywords of GLSL ES 1.00 (section 3.7). */
static const char *const keywords[] = {
	"attribute", "const", "uniform", "varying", "break", "continue", "do", "for",
	"while", "if", "else", "in", "out", "inout", "float", "int", "void", "bool", "true",
	"false", "lowp", "mediump", "highp", "precision", "invariant", "discard", "return",
	"mat2", "mat3", "mat4", "vec2", "vec3", "vec4", "ivec2", "ivec3", "ivec4", "bvec2",
	"bvec3", "bvec4", "sampler2D", "samplerCube", "struct",
};

/* The words reserved for future use (section 3.7). */
static const char *const reserved[] = {
	"asm", "class", "union", "enum", "typedef", "template", "this", "packed", "goto",
	"switch", "default", "inline", "noinline", "volatile", "public", "static", "extern",
	"external", "interface", "flat", "long", "short", "double", "half", "fixed",
	"unsigned", "superp", "input", "output", "hvec2", "hvec3", "hvec4", "dvec2", "dvec3",
	"dvec4", "fvec2", "fvec3", "fvec4", "sampler1D", "sampler3D", "sampler1DShadow",
	"sampler2DShadow", "sampler2DRect", "sampler3DRect", "sampler2DRectShadow", "sizeof",
	"cast", "namespace", "using", "case", "lowp_", "smooth", "noperspective", "centroid",
};

static bool in_list(const struct glsl_tok *t, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (tok_word(t, list[i]))
			return true;
	return false;
}

static bool is_reserved(const struct glsl_tok *t)
{
	return in_list(t, reserved, sizeof(reserved) / sizeof(reserved[0]));
}

bool glsl_is_keyword(const struct glsl_tok *t)
{
	return t->kind == TK_IDENT && (in_list(t, keywords, sizeof(keywords) / sizeof(keywords[0]))
				       || is_reserved(t));
}

#define NKEYWORDS (sizeof(keywords) / sizeof(keywords[0]))
#define NWORDS (NKEYWORDS + sizeof(reserved) / sizeof(reserved[0]))
_Static_assert(NWORDS <= GLSL_KW_MAX, "GLSL_KW_MAX too small for the word lists");

static const char *word_at(unsigned k)
{
	return k < NKEYWORDS ? keywords[k] : reserved[k - NKEYWORDS];
}

/* parse_is_keyword's index, built once per process: the keywords and
 * reserved words whose first byte is c are kw_word[kw_start[c] ..
 * kw_start[c + 1]). */
static uint8_t kw_start[129];
static uint8_t kw_word[GLSL_KW_MAX];
static atomic_bool kw_ready;    /* set once the index is built */

/* Builds kw_start and kw_word. */
static void build_keywords_index(void)
{
	uint8_t fill[129] = {0};
	for (unsigned k = 0; k < NWORDS; k++)
		kw_start[(unsigned char)word_at(k)[0] + 1]++;   /* all ASCII letters */
	for (unsigned c = 0; c < 128; c++)
		kw_start[c + 1] = (uint8_t)(kw_start[c + 1] + kw_start[c]);
	for (unsigned k = 0; k < NWORDS; k++) {
		unsigned c = (unsigned char)word_at(k)[0];
		kw_word[kw_start[c] + fill[c]++] = (uint8_t)k;
	}
	atomic_store_explicit(&kw_ready, true, memory_order_release);
}

void parse_keywords_index(void)
{
	static once_flag once = ONCE_FLAG_INIT;
	if (!atomic_load_explicit(&kw_ready, memory_order_acquire))
		call_once(&once, build_keywords_index);   /* only until built */
}

VC4_CODE_ALIGN(256)
bool parse_is_keyword(const struct parser *p, const struct glsl_tok *t)
{
	(void)p;   /* the index is the process's */
	if (t->kind != TK_IDENT)
		return false;
	unsigned c = (unsigned char)t->s[0];
	if (c >= 128)
		return false;
	for (unsigned k = kw_start[c]; k < kw_start[c + 1]; k++) {
		/* compared in place: the word's NUL ends a longer token's match */
		const char *w = word_at(kw_word[k]);
		uint32_t j = 1;
		while (j < t->len && w[j] == t->s[j])
			j++;
		if (j == t->len && w[j] == '\0')
			return true;
	}
	return false;
}

void *parse_expected(struct parser *p, const char *what)
{
	const struct glsl_tok *t = cur(p);
	if (!p->failed) {
		if (t->kind == TK_EOF)
			glsl_error(p->c, t->line, t->col, "expected %s, found the end of the file",
				   what);
		else if (t->kind == TK_IDENT && is_reserved(t))
			glsl_error(p->c, t->line, t->col, "'%.*s' is a reserved word", (int)t->len,
				   t->s);
		else
			glsl_error(p->c, t->line, t->col, "expected %s, found '%.*s'", what,
				   (int)(t->len < 40 ? t->len : 40), t->s);
	}
	p->failed = true;
	return NULL;
}

bool parse_expect(struct parser *p, enum glsl_punct k)
{
	if (tok_is(cur(p), k)) {
		advance(p);
		return true;
	}
	char what[8];
	snprintf(what, sizeof(what), "'%s'", glsl_punct_names[k]);
	parse_expected(p, what);
	return false;
}

bool parse_enter(struct parser *p)
{
	if (++p->depth <= GLSL_MAX_DEPTH)
		return true;
	if (!p->failed)
		glsl_error(p->c, cur(p)->line, cur(p)->col, "nesting is too deep (more than %u levels)",
			   GLSL_MAX_DEPTH);
	p->failed = true;
	p->c->fatal = true;
	p->depth--;
	return false;
}

struct glsl_struct *parse_struct_name(const struct parser *p, const struct glsl_tok *t)
{
	if (t->kind != TK_IDENT)
		return NULL;
	for (size_t i = p->structs.len; i-- > 0;)
		if (strlen(p->structs.data[i].name) == t->len &&
		    !memcmp(p->structs.data[i].name, t->s, t->len))
			return p->structs.data[i].st;
	return NULL;
}

bool parse_is_type(const struct parser *p, const struct glsl_tok *t)
{
	struct glsl_type ty;
	return t->kind == TK_IDENT && (glsl_type_keyword(t->s, t->len, &ty) ||
				       parse_struct_name(p, t));
}

static bool ident(struct parser *p, const char **name, const char *what)
{
	const struct glsl_tok *t = cur(p);
	if (t->kind != TK_IDENT || parse_is_keyword(p, t)) {
		parse_expected(p, what);
		return false;
	}
	*name = glsl_strndup(p->c, t->s, t->len);
	advance(p);
	return *name != NULL;
}

static bool type_specifier(struct parser *p, struct glsl_type *ty);

/* Folds an array size written as an integer literal (struct members). */
static bool literal_size(struct parser *p, uint32_t *size)
{
	const struct glsl_tok *t = cur(p);
	if (t->kind != TK_INT || tok_is(ahead(p, 1), P_RBRACK) == false) {
		parse_expected(p, "an integer literal array size");
		return false;
	}
	if (t->v.i <= 0) {
		glsl_error(p->c, t->line, t->col, "array size must be greater than zero");
		p->failed = true;
		return false;
	}
	*size = (uint32_t)t->v.i;
	advance(p);
	advance(p);
	return true;
}

typedef VC4_ARRAY(struct glsl_field) field_array;

/* One "type a, b[2];" line of a struct body. */
static bool struct_member(struct parser *p, field_array *fields)
{
	struct glsl_type ty;
	static const char *const precs[] = { "lowp", "mediump", "highp" };
	if (in_list(cur(p), precs, 3))
		advance(p);
	if (tok_word(cur(p), "struct")) {
		glsl_error(p->c, cur(p)->line, cur(p)->col,
			   "a struct cannot be defined inside a struct in GLSL ES 1.00");
		p->failed = true;
		return false;
	}
	if (!type_specifier(p, &ty))
		return false;
	do {
		struct glsl_field f = { .type = ty };
		const struct glsl_tok *at = cur(p);
		if (!ident(p, &f.name, "a member name"))
			return false;
		if (tok_is(cur(p), P_LBRACK) && (advance(p), !literal_size(p, &f.type.array)))
			return false;
		for (size_t i = 0; i < fields->len; i++)
			if (!strcmp(fields->data[i].name, f.name)) {
				glsl_error(p->c, at->line, at->col,
					   "member '%s' is declared twice", f.name);
				p->failed = true;
				return false;
			}
		if (!vc4_array_push(fields, f))
			return false;
	} while (tok_is(cur(p), P_COMMA) && advance(p));
	return parse_expect(p, P_SEMI);
}

static bool add_struct_name(struct parser *p, const char *name, struct glsl_struct *st)
{
	struct struct_name sn = { name, st, p->scope };
	return vc4_array_push(&p->structs, sn);
}

/* struct [NAME] { members } */
static bool struct_specifier(struct parser *p, struct glsl_type *ty)
{
	advance(p);
	struct glsl_struct *st = glsl_alloc(p->c, sizeof(*st));
	if (!st)
		return false;
	if (cur(p)->kind == TK_IDENT && !ident(p, &st->name, "a struct name"))
		return false;
	if (!parse_expect(p, P_LBRACE))
		return false;
	field_array fields = { 0 };
	bool ok = true;
	while (ok && !tok_is(cur(p), P_RBRACE) && cur(p)->kind != TK_EOF)
		ok = struct_member(p, &fields);
	if (ok && !fields.len)
		ok = parse_expected(p, "a struct member") != NULL;
	ok = ok && parse_expect(p, P_RBRACE);
	st->nfields = (uint32_t)fields.len;
	st->fields = glsl_alloc(p->c, fields.len * sizeof(*st->fields) + 1);
	if (st->fields && fields.len)
		memcpy(st->fields, fields.data, fields.len * sizeof(*st->fields));
	vc4_array_free(&fields);
	*ty = (struct glsl_type){ GLSL_STRUCT, 1, 1, 0, st };
	return ok && st->fields && (!st->name || add_struct_name(p, st->name, st));
}

/* Parses a type: a struct specifier, a type keyword or the name of a struct
 * in scope, into *ty. False after reporting that a type was expected. */
static bool type_specifier(struct parser *p, struct glsl_type *ty)
{
	const struct glsl_tok *t = cur(p);
	struct glsl_struct *st;
	if (tok_word(t, "struct"))
		return struct_specifier(p, ty);
	if (glsl_type_keyword(t->s, t->len, ty) && t->kind == TK_IDENT) {
		advance(p);
		return true;
	}
	if ((st = parse_struct_name(p, t))) {
		*ty = (struct glsl_type){ GLSL_STRUCT, 1, 1, 0, st };
		advance(p);
		return true;
	}
	parse_expected(p, "a type");
	return false;
}

static int precision_word(const struct glsl_tok *t)
{
	return tok_word(t, "lowp") ? 1 : tok_word(t, "mediump") ? 2 : tok_word(t, "highp") ? 3 : 0;
}

/* "TYPE[size]": the size goes to d->c, for each declarator's d->b. */
static bool type_array(struct parser *p, struct glsl_node *d)
{
	if (!tok_is(cur(p), P_LBRACK))
		return true;
	advance(p);
	return (d->c = parse_conditional(p)) && parse_expect(p, P_RBRACK);
}

/* [invariant] [const|attribute|uniform|varying] [precision] type */
static bool full_type(struct parser *p, struct glsl_node *d)
{
	if (tok_word(cur(p), "invariant")) {
		d->invariant = true;
		advance(p);
	}
	static const char *const quals[] = { "const", "attribute", "uniform", "varying" };
	static const uint8_t qv[] = { Q_CONST, Q_ATTRIBUTE, Q_UNIFORM, Q_VARYING };
	for (int k = 0; k < 4; k++)
		if (tok_word(cur(p), quals[k])) {
			d->qual = qv[k];
			advance(p);
			break;
		}
	if (d->invariant && d->qual != Q_VARYING) {
		glsl_error(p->c, d->line, d->col, "'invariant' applies only to varyings");
		p->failed = true;
		return false;
	}
	if ((d->prec = (uint8_t)precision_word(cur(p))))
		advance(p);
	return type_specifier(p, &d->type) && type_array(p, d);
}

static struct glsl_node *statement(struct parser *p);

/* A declarator without its own size takes the type's ("float[2] a"). */
static bool type_size(struct parser *p, struct glsl_node *d)
{
	if (d->c && d->b) {
		glsl_error(p->c, d->line, d->col, "'%s' is given two array sizes", d->name);
		p->failed = true;
		return false;
	}
	if (!d->b)
		d->b = d->c;
	return true;
}

/* "[NAME] [ '[' size ']' ]" of a declarator or parameter into d. */
static bool array_suffix(struct parser *p, struct glsl_node *d)
{
	if (!tok_is(cur(p), P_LBRACK))
		return true;
	advance(p);
	if (!(d->b = parse_conditional(p)))
		return false;
	return parse_expect(p, P_RBRACK);
}

/* Parses one function parameter: optional const, in/out/inout, precision,
 * type, array size and name (the name may be absent). NULL on a parse error
 * (const with out or inout is reported but does not stop the parse). */
static struct glsl_node *param(struct parser *p)
{
	struct glsl_node *d = glsl_node_new(p->c, N_VAR, cur(p));
	if (!d)
		return NULL;
	bool is_const = tok_word(cur(p), "const");
	if (is_const)
		advance(p);
	d->qual = tok_word(cur(p), "out") ? Q_OUT : tok_word(cur(p), "inout") ? Q_INOUT : Q_IN;
	if (tok_word(cur(p), "in") || d->qual != Q_IN)
		advance(p);
	if (is_const && d->qual != Q_IN) {
		glsl_error(p->c, d->line, d->col, "'const' parameters must be 'in' parameters");
		p->failed = true;
	}
	if ((d->prec = (uint8_t)precision_word(cur(p))))
		advance(p);
	if (!type_specifier(p, &d->type) || !type_array(p, d))
		return NULL;
	d->line = cur(p)->line, d->col = cur(p)->col;
	if (cur(p)->kind == TK_IDENT && !ident(p, &d->name, "a parameter name"))
		return NULL;
	return array_suffix(p, d) && type_size(p, d) ? d : NULL;
}

/* The parameters after '(' up to ')' (also "(void)"). */
static bool params(struct parser *p, struct glsl_node *f)
{
	struct glsl_node **tail = &f->a;
	if (tok_word(cur(p), "void") && tok_is(ahead(p, 1), P_RPAREN))
		advance(p);
	while (!tok_is(cur(p), P_RPAREN)) {
		if (tail != &f->a && !parse_expect(p, P_COMMA))
			return false;
		if (!(*tail = param(p)))
			return false;
		tail = &(*tail)->next;
	}
	advance(p);
	return true;
}

static struct glsl_node *block(struct parser *p);

/* A function prototype or definition; d holds its return type and name. */
static struct glsl_node *function(struct parser *p, struct glsl_node *d)
{
	d->kind = N_FUNC;
	advance(p);
	if (d->qual != Q_NONE || d->invariant || d->c) {
		glsl_error(p->c, d->line, d->col, d->c ? "a function cannot return an array" :
			   "a function's return type takes no qualifier");
		p->failed = true;
	}
	p->scope++;
	bool ok = params(p, d);
	if (ok && tok_is(cur(p), P_LBRACE))
		ok = (d->b = block(p)) != NULL;
	else if (ok)
		ok = parse_expect(p, P_SEMI);
	p->scope--;
	while (p->structs.len && p->structs.data[p->structs.len - 1].scope > p->scope)
		p->structs.len--;
	return ok ? d : NULL;
}

/* Declarators after the type: "a [n] = init, b ... ;". */
static struct glsl_node *declarators(struct parser *p, struct glsl_node *first)
{
	struct glsl_node *d = first;
	for (;;) {
		d->line = cur(p)->line, d->col = cur(p)->col;
		if (!ident(p, &d->name, "a variable name") || !array_suffix(p, d) ||
		    !type_size(p, d))
			return NULL;
		if (tok_is(cur(p), P_ASSIGN)) {
			advance(p);
			if (!(d->a = parse_assignment(p)))
				return NULL;
		}
		if (!tok_is(cur(p), P_COMMA))
			break;
		advance(p);
		struct glsl_node *n = glsl_node_new(p->c, N_VAR, cur(p));
		if (!n)
			return NULL;
		n->qual = d->qual, n->prec = d->prec, n->type = d->type, n->c = d->c;
		n->invariant = d->invariant;
		d->next = n;
		d = n;
	}
	return parse_expect(p, P_SEMI) ? first : NULL;
}

/* precision P TYPE ; */
static struct glsl_node *precision(struct parser *p)
{
	struct glsl_node *n = glsl_node_new(p->c, N_PRECISION, advance(p));
	if (!n)
		return NULL;
	if (!(n->prec = (uint8_t)precision_word(cur(p))))
		return parse_expected(p, "lowp, mediump or highp");
	advance(p);
	if (!type_specifier(p, &n->type) || !parse_expect(p, P_SEMI))
		return NULL;
	if (!glsl_is_scalar(n->type) || n->type.base == GLSL_BOOL) {
		if (!glsl_is_sampler(n->type)) {
			glsl_error(p->c, n->line, n->col,
				   "precision statements apply to float, int and sampler types");
			p->failed = true;
		}
	}
	return n;
}

/* "invariant a, b;" re-declarations: accepted, nothing to lower. */
static struct glsl_node *invariant_redecl(struct parser *p)
{
	struct glsl_node *n = glsl_node_new(p->c, N_EMPTY, advance(p));
	const char *name;
	do {
		if (!ident(p, &name, "a varying name"))
			return NULL;
	} while (tok_is(cur(p), P_COMMA) && advance(p));
	return n && parse_expect(p, P_SEMI) ? n : NULL;
}

/* A declaration: variables, a function, a precision statement, a struct. */
static struct glsl_node *declaration(struct parser *p, bool global)
{
	if (tok_word(cur(p), "precision"))
		return precision(p);
	if (tok_word(cur(p), "invariant") && ahead(p, 1)->kind == TK_IDENT &&
	    !parse_is_keyword(p, ahead(p, 1)))
		return invariant_redecl(p);
	struct glsl_node *d = glsl_node_new(p->c, N_VAR, cur(p));
	if (!d || !full_type(p, d))
		return NULL;
	if (tok_is(cur(p), P_SEMI)) {
		advance(p);
		d->kind = d->type.base == GLSL_STRUCT ? N_STRUCT : N_EMPTY;
		return d;
	}
	if (cur(p)->kind == TK_IDENT && tok_is(ahead(p, 1), P_LPAREN)) {
		if (!global)
			return parse_expected(p, "a variable name (functions are declared at global "
					      "scope)");
		d->line = cur(p)->line, d->col = cur(p)->col;
		if (!ident(p, &d->name, "a function name"))
			return NULL;
		return function(p, d);
	}
	return declarators(p, d);
}

static bool starts_declaration(const struct parser *p)
{
	const struct glsl_tok *t = cur(p);
	static const char *const words[] = { "const", "attribute", "uniform", "varying",
					     "invariant", "precision", "lowp", "mediump",
					     "highp", "struct" };
	if (in_list(t, words, sizeof(words) / sizeof(words[0])))
		return true;
	return parse_is_type(p, t) && !tok_is(ahead(p, 1), P_LPAREN);
}

/* Skips to the end of the bad statement: past ';' or up to '}'. */
static void recover(struct parser *p)
{
	int level = 0;
	while (cur(p)->kind != TK_EOF) {
		const struct glsl_tok *t = cur(p);
		if (level == 0 && tok_is(t, P_SEMI)) {
			advance(p);
			break;
		}
		if (tok_is(t, P_RBRACE) && level-- == 0)
			break;
		level += tok_is(t, P_LBRACE);
		advance(p);
	}
	p->failed = false;
}

/* Parses a { } block into an N_BLOCK node with its statements, recovering
 * after each bad statement; struct names declared inside go out of scope at
 * its end. NULL on a parse error. */
static struct glsl_node *block(struct parser *p)
{
	struct glsl_node *b = glsl_node_new(p->c, N_BLOCK, cur(p));
	struct glsl_node **tail = b ? &b->a : NULL;
	if (!b || !parse_expect(p, P_LBRACE) || !parse_enter(p))
		return NULL;
	p->scope++;
	while (!tok_is(cur(p), P_RBRACE) && cur(p)->kind != TK_EOF && !p->c->fatal) {
		struct glsl_node *s = statement(p);
		if (!s) {
			recover(p);
			continue;
		}
		*tail = s;
		while (*tail)
			tail = &(*tail)->next;
	}
	p->scope--;
	while (p->structs.len && p->structs.data[p->structs.len - 1].scope > p->scope)
		p->structs.len--;
	parse_leave(p);
	return parse_expect(p, P_RBRACE) ? b : NULL;
}

/* "( expression )" of if/while/do. */
static struct glsl_node *paren_expr(struct parser *p)
{
	if (!parse_expect(p, P_LPAREN))
		return NULL;
	struct glsl_node *e = parse_expression(p);
	return e && parse_expect(p, P_RPAREN) ? e : NULL;
}

/* Parses the parenthesised header and the body of a for loop into n (a: init
 * statement, b: condition, c: step, d: body), in its own scope. NULL on a
 * parse error. */
static struct glsl_node *for_statement(struct parser *p, struct glsl_node *n)
{
	if (!parse_expect(p, P_LPAREN))
		return NULL;
	p->scope++;
	if (tok_is(cur(p), P_SEMI))
		advance(p);
	else if (!(n->a = statement(p)))
		return NULL;
	if (!tok_is(cur(p), P_SEMI) && !(n->b = parse_expression(p)))
		return NULL;
	if (!parse_expect(p, P_SEMI))
		return NULL;
	if (!tok_is(cur(p), P_RPAREN) && !(n->c = parse_expression(p)))
		return NULL;
	n->d = parse_expect(p, P_RPAREN) ? statement(p) : NULL;
	p->scope--;
	return n->d ? n : NULL;
}

/* if / while / do / for / jumps; n is the statement's node. */
static struct glsl_node *control(struct parser *p, struct glsl_node *n, const struct glsl_tok *t)
{
	if (n->kind == N_IF) {
		if (!(n->a = paren_expr(p)) || !(n->b = statement(p)))
			return NULL;
		if (tok_word(cur(p), "else") && (advance(p), !(n->c = statement(p))))
			return NULL;
	} else if (n->kind == N_WHILE) {
		if (!(n->a = paren_expr(p)) || !(n->d = statement(p)))
			return NULL;
	} else if (n->kind == N_DO) {
		if (!(n->d = statement(p)))
			return NULL;
		if (!tok_word(cur(p), "while"))
			return parse_expected(p, "'while' after the body of 'do'");
		advance(p);
		if (!(n->a = paren_expr(p)) || !parse_expect(p, P_SEMI))
			return NULL;
	} else if (n->kind == N_FOR) {
		return for_statement(p, n);
	} else {
		if (n->kind == N_RETURN && !tok_is(cur(p), P_SEMI) && !(n->a = parse_expression(p)))
			return NULL;
		if (!parse_expect(p, P_SEMI))
			return NULL;
	}
	(void)t;
	return n;
}

/* Parses one statement: control statements by keyword, a block, an empty
 * statement, a declaration, or an expression statement. Reports "'X' is not
 * a type" for two identifiers in a row. NULL on a parse error. */
static struct glsl_node *statement(struct parser *p)
{
	static const char *const words[] = { "if", "while", "do", "for", "break", "continue",
					     "return", "discard" };
	static const uint8_t kinds[] = { N_IF, N_WHILE, N_DO, N_FOR, N_BREAK, N_CONTINUE,
					 N_RETURN, N_DISCARD };
	const struct glsl_tok *t = cur(p);
	if (!parse_enter(p))
		return NULL;
	struct glsl_node *n = NULL;
	for (int k = 0; k < 8; k++)
		if (tok_word(t, words[k])) {
			n = glsl_node_new(p->c, kinds[k], advance(p));
			n = n ? control(p, n, t) : NULL;
			parse_leave(p);
			return n;
		}
	if (tok_is(t, P_LBRACE)) {
		n = block(p);
	} else if (tok_is(t, P_SEMI)) {
		n = glsl_node_new(p->c, N_EMPTY, advance(p));
	} else if (starts_declaration(p)) {
		n = declaration(p, false);
	} else if (t->kind == TK_IDENT && !parse_is_keyword(p, t) && ahead(p, 1)->kind == TK_IDENT &&
		   !parse_is_keyword(p, ahead(p, 1))) {
		glsl_error(p->c, t->line, t->col, "'%.*s' is not a type", (int)t->len, t->s);
		p->failed = true;
	} else if ((n = glsl_node_new(p->c, N_EXPR, t))) {
		n->a = parse_expression(p);
		n = n->a && parse_expect(p, P_SEMI) ? n : NULL;
	}
	parse_leave(p);
	return n;
}

bool glsl_parse(struct glsl_ctx *c, const glsl_toks *toks, struct glsl_unit *u)
{
	struct parser p = { .c = c, .t = toks->data, .n = toks->len };
	parse_keywords_index();
	struct glsl_node **tail = &u->first;
	while (cur(&p)->kind != TK_EOF && !c->fatal) {
		struct glsl_node *d = tok_is(cur(&p), P_SEMI) ?
				      glsl_node_new(c, N_EMPTY, advance(&p)) : declaration(&p, true);
		if (!d) {
			recover(&p);
			if (tok_is(cur(&p), P_RBRACE))
				advance(&p);
			continue;
		}
		*tail = d;
		while (*tail)
			tail = &(*tail)->next;
	}
	vc4_array_free(&p.structs);
	return !c->errors;
}
