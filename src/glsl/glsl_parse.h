/*
 * glsl_parse.h: the parser's state, shared by glsl_parse.c (declarations,
 * statements, recovery) and glsl_parse_expr.c (expressions).
 */
#ifndef VC4_GLSL_GLSL_PARSE_H
#define VC4_GLSL_GLSL_PARSE_H

#include "glsl/glsl_internal.h"

#define GLSL_KW_MAX 128   /* keywords and reserved words, at most */

struct struct_name {
	const char *name;
	struct glsl_struct *st;
	unsigned scope;
};

struct parser {
	struct glsl_ctx *c;
	const struct glsl_tok *t;       /* tokens, ending in TK_EOF */
	size_t n, i;
	unsigned depth;                 /* recursion depth (GLSL_MAX_DEPTH) */
	unsigned scope;                 /* block nesting, for struct names */
	bool failed;                    /* an error in the current statement */
	VC4_ARRAY(struct struct_name) structs;
};

static inline const struct glsl_tok *cur(const struct parser *p) { return &p->t[p->i]; }
static inline const struct glsl_tok *ahead(const struct parser *p, size_t k)
{
	return &p->t[p->i + k < p->n ? p->i + k : p->n - 1];
}
static inline const struct glsl_tok *advance(struct parser *p)
{
	const struct glsl_tok *t = cur(p);
	if (p->i + 1 < p->n)
		p->i++;
	return t;
}

/* Reports "expected WHAT, found 'TOKEN'" once per statement; returns NULL. */
void *parse_expected(struct parser *p, const char *what);
/* Consumes punctuator `k` or reports it; false on error. */
bool parse_expect(struct parser *p, enum glsl_punct k);
bool parse_enter(struct parser *p);   /* depth check */
static inline void parse_leave(struct parser *p) { p->depth--; }

/* The struct type named by t, or NULL. */
struct glsl_struct *parse_struct_name(const struct parser *p, const struct glsl_tok *t);
/* A type keyword or a struct name starting at cur(p). */
bool parse_is_type(const struct parser *p, const struct glsl_tok *t);
/* An identifier that is a keyword (reserved or not), or NULL. */
bool glsl_is_keyword(const struct glsl_tok *t);
/* glsl_is_keyword() through an index of the words by first byte (those
 * sharing t's first letter instead of all 96); parse_keywords_index makes
 * sure the index, built once per process, is there. */
bool parse_is_keyword(const struct parser *p, const struct glsl_tok *t);
void parse_keywords_index(void);

struct glsl_node *parse_expression(struct parser *p);   /* with commas */
struct glsl_node *parse_assignment(struct parser *p);   /* without */
struct glsl_node *parse_conditional(struct parser *p);

#endif
