/*
 * glsl_pp.h: the preprocessor's state, shared by glsl_pp.c (macro
 * expansion, the line loop) and glsl_pp_directives.c (the directives).
 */
#ifndef VC4_GLSL_GLSL_PP_H
#define VC4_GLSL_GLSL_PP_H

#include "glsl/glsl_internal.h"

#define PP_MAX_EXPANSION_DEPTH 64

struct macro {
	struct macro *next;
	const char *name;
	uint32_t len;
	bool func, active;
	uint8_t special;                /* 1 __LINE__, 2 __FILE__, 3 constant */
	uint32_t nparams;
	const struct glsl_tok *params;
	const struct glsl_tok *body;
	uint32_t nbody;
};

struct cond {
	bool outer_on;          /* the enclosing region is not skipped */
	bool taken;             /* a branch of this #if was taken */
	bool on;                /* the current branch is on */
	bool seen_else;
	uint32_t line, col;
};

struct pp {
	struct glsl_ctx *c;
	struct macro *macros;
	uint64_t first_bytes;   /* bit (b & 63) for the first byte b of every name
				 * ever defined: most identifiers skip pp_find's list */
	glsl_toks *out;
	glsl_toks run;          /* the non-directive lines since the last directive */
	VC4_ARRAY(struct cond) conds;
	int64_t line_delta;     /* logical line = physical + delta (#line) */
	int32_t file_num;
	bool seen_anything;     /* a token or directive before (for #version) */
};

bool pp_skipping(const struct pp *p);
/* Records the first byte of a macro name that is being defined. */
static inline void pp_note_first_byte(struct pp *p, const char *name)
{
	p->first_bytes |= UINT64_C(1) << ((unsigned char)name[0] & 63);
}
struct macro *pp_find(struct pp *p, const struct glsl_tok *t);
/* pp_add_tok() when out has no room left or is full. */
bool pp_add_tok_slow(struct pp *p, glsl_toks *out, struct glsl_tok t);
/* Appends t to out; false (reported) past GLSL_MAX_TOKENS or out of memory.
 * Inline: once per token expanded (18,000 a corpus compile). */
static inline bool pp_add_tok(struct pp *p, glsl_toks *out, struct glsl_tok t)
{
	if (out->len >= out->cap || out->len >= GLSL_MAX_TOKENS)
		return pp_add_tok_slow(p, out, t);
	out->data[out->len++] = t;
	return true;
}
/* Appends tokens t[0..n) to out with their macros expanded. */
bool pp_expand(struct pp *p, const struct glsl_tok *t, size_t n, glsl_toks *out,
	       unsigned depth);
/* Expands and emits the collected run of ordinary lines. */
bool pp_flush(struct pp *p);
/* Handles the directive whose tokens (after '#') are t[0..n), t[n-1] the
 * line end. Errors are reported; the line is consumed either way. */
void pp_directive(struct pp *p, const struct glsl_tok *t, size_t n);
bool pp_add_builtin_macros(struct pp *p);
void pp_free(struct pp *p);

#endif
