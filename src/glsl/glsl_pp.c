/*
 * glsl_pp.c: the GLSL ES 1.00 preprocessor (spec section 3.4) over the
 * lexer's tokens: #version 100, #define (object- and function-like, no # or
 * ## as the spec says), #undef, #if/#ifdef/#ifndef/#elif/#else/#endif,
 * #error, #pragma (ignored), #extension, #line; __LINE__, __FILE__,
 * __VERSION__, GL_ES. Lines between directives are macro-expanded as one
 * run, so a macro's arguments may span lines. The #if arithmetic is in
 * glsl_pp_expr.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_pp.h"
#include "util/code_align.h"
#include "util/zalloc.h"

bool pp_skipping(const struct pp *p)
{
	return p->conds.len && !p->conds.data[p->conds.len - 1].on;
}

struct macro *pp_find(struct pp *p, const struct glsl_tok *t)
{
	if (!t->len || !((p->first_bytes >> ((unsigned char)t->s[0] & 63)) & 1))
		return NULL;    /* no macro name starts with this byte */
	for (struct macro *m = p->macros; m; m = m->next)
		if (m->len == t->len && !memcmp(m->name, t->s, t->len))
			return m;
	return NULL;
}

VC4_CODE_ALIGN(256)
bool pp_add_tok_slow(struct pp *p, glsl_toks *out, struct glsl_tok t)
{
	if (out->len >= GLSL_MAX_TOKENS) {
		if (!p->c->fatal)
			glsl_error(p->c, t.line, t.col, "macro expansion is too large");
		p->c->fatal = true;
		return false;
	}
	if (!vc4_array_push(out, t)) {
		glsl_error(p->c, 0, 0, "out of memory");
		p->c->fatal = true;
		return false;
	}
	return true;
}

/* Finds the arguments of a call whose '(' is t[open]: start/end of each in
 * arg[], their count in *nargs, the ')' index in *close. */
static bool find_args(struct pp *p, const struct macro *m, const struct glsl_tok *t, size_t n,
		      size_t open, size_t (*arg)[2], uint32_t max, uint32_t *nargs, size_t *close)
{
	int level = 0;
	size_t start = open + 1;
	*nargs = 0;
	for (size_t j = open + 1; j < n; j++) {
		bool end = tok_is(&t[j], P_RPAREN) && level == 0;
		if ((tok_is(&t[j], P_COMMA) && level == 0) || end) {
			if (*nargs < max)
				arg[*nargs][0] = start, arg[*nargs][1] = j;
			(*nargs)++;
			start = j + 1;
			if (end) {
				*close = j;
				return true;
			}
		}
		level += tok_is(&t[j], P_LPAREN) - tok_is(&t[j], P_RPAREN);
	}
	glsl_error(p->c, t[open].line, t[open].col, "the arguments of macro '%s' are never closed",
		   m->name);
	return false;
}

/* The body of function-like macro m with its parameters replaced by the
 * expanded arguments; tokens of the body take the position of `at`. */
static bool substitute(struct pp *p, const struct macro *m, const struct glsl_tok *t,
		       size_t (*arg)[2], const struct glsl_tok *at, glsl_toks *body,
		       unsigned depth)
{
	for (uint32_t b = 0; b < m->nbody; b++) {
		struct glsl_tok bt = m->body[b];
		uint32_t k = 0;
		while (k < m->nparams && !(bt.kind == TK_IDENT && bt.len == m->params[k].len &&
					   !memcmp(bt.s, m->params[k].s, bt.len)))
			k++;
		if (k == m->nparams) {
			bt.line = at->line, bt.col = at->col;
			if (!pp_add_tok(p, body, bt))
				return false;
		} else if (!pp_expand(p, t + arg[k][0], arg[k][1] - arg[k][0], body, depth + 1)) {
			return false;
		}
	}
	return true;
}

/* Expands function-like macro m called at t[i]; *i moves to its ')'. */
static bool expand_call(struct pp *p, struct macro *m, const struct glsl_tok *t, size_t n,
			size_t *i, glsl_toks *out, unsigned depth)
{
	size_t (*arg)[2] = vc4_calloc(m->nparams + 1, sizeof(*arg));
	uint32_t nargs;
	size_t close;
	bool ok = arg && find_args(p, m, t, n, *i + 1, arg, m->nparams + 1, &nargs, &close);
	if (ok && m->nparams == 0 && nargs == 1 && arg[0][0] == arg[0][1])
		nargs = 0;
	if (ok && nargs != m->nparams) {
		glsl_error(p->c, t[*i].line, t[*i].col, "macro '%s' takes %u arguments, got %u",
			   m->name, m->nparams, nargs);
		ok = false;
	}
	glsl_toks body = { 0 };
	ok = ok && substitute(p, m, t, arg, &t[*i], &body, depth);
	free(arg);
	if (ok) {
		m->active = true;
		ok = pp_expand(p, body.data, body.len, out, depth + 1);
		m->active = false;
		*i = close;
	}
	vc4_array_free(&body);
	return ok;
}

/* A built-in macro's value at t. */
static struct glsl_tok special(struct pp *p, const struct macro *m, const struct glsl_tok *t)
{
	struct glsl_tok r = m->body[0];
	r.line = t->line, r.col = t->col, r.space = t->space;
	if (m->special == 1)
		r.v.i = (int32_t)t->line;
	else if (m->special == 2)
		r.v.i = p->file_num;
	return r;
}

VC4_CODE_ALIGN(2048)
bool pp_expand(struct pp *p, const struct glsl_tok *t, size_t n, glsl_toks *out,
		   unsigned depth)
{
	if (depth > PP_MAX_EXPANSION_DEPTH) {
		glsl_error(p->c, t[0].line, t[0].col, "macros nested too deeply");
		return false;
	}
	for (size_t i = 0; i < n && !p->c->fatal; i++) {
		struct macro *m = t[i].kind == TK_IDENT ? pp_find(p, &t[i]) : NULL;
		bool ok;
		if (!m || m->active || (m->func && (i + 1 == n || !tok_is(&t[i + 1], P_LPAREN))))
			ok = pp_add_tok(p, out, t[i]);
		else if (m->special)
			ok = pp_add_tok(p, out, special(p, m, &t[i]));
		else if (m->func)
			ok = expand_call(p, m, t, n, &i, out, depth);
		else {
			glsl_toks body = { 0 };
			ok = true;
			for (uint32_t b = 0; b < m->nbody && ok; b++) {
				struct glsl_tok bt = m->body[b];
				bt.line = t[i].line, bt.col = t[i].col;
				ok = pp_add_tok(p, &body, bt);
			}
			m->active = true;
			ok = ok && pp_expand(p, body.data, body.len, out, depth + 1);
			m->active = false;
			vc4_array_free(&body);
		}
		if (!ok)
			return false;
	}
	return true;
}

/* Expands and emits the collected run of ordinary lines. */
bool pp_flush(struct pp *p)
{
	bool ok = pp_expand(p, p->run.data, p->run.len, p->out, 0);
	p->run.len = 0;
	return ok;
}

/* Appends the n tokens of an ordinary line to the run: in one copy when
 * they fit, else token by token, which reports the limit or the lack of
 * memory at the token where it is reached. */
static bool add_line(struct pp *p, const struct glsl_tok *t, size_t n)
{
	if (p->run.len + n <= GLSL_MAX_TOKENS && vc4_array_reserve(&p->run, n)) {
		memcpy(p->run.data + p->run.len, t, n * sizeof(*t));
		p->run.len += n;
		return true;
	}
	bool ok = true;
	for (size_t k = 0; k < n && ok; k++)
		ok = pp_add_tok(p, &p->run, t[k]);
	return ok;
}

VC4_CODE_ALIGN(1024)
bool glsl_preprocess(struct glsl_ctx *c, glsl_toks *in, glsl_toks *out)
{
	struct pp p = { .c = c, .out = out };
	/* room for the tokens as they come in (a failure is reported by the
	 * first push that needs the room) */
	size_t room = in->len < GLSL_MAX_TOKENS ? in->len : GLSL_MAX_TOKENS;
	(void)vc4_array_reserve(out, room);
	/* ... and for a run of ordinary lines as long as the whole source,
	 * so that add_line() never grows it step by step */
	(void)vc4_array_reserve(&p.run, room);
	bool ok = pp_add_builtin_macros(&p);
	const struct glsl_tok *t = in->data;
	size_t n = in->len;
	for (size_t i = 0; ok && i < n && t[i].kind != TK_EOF && !c->fatal;) {
		size_t e = i;
		while (t[e].kind != TK_NEWLINE && t[e].kind != TK_EOF)
			e++;
		for (size_t k = i; k <= e; k++)
			in->data[k].line = (uint32_t)(t[k].line + p.line_delta);
		if (tok_is(&t[i], P_HASH)) {
			ok = pp_flush(&p);
			pp_directive(&p, t + i + 1, e - i);
		} else if (!pp_skipping(&p) && e > i) {
			p.seen_anything = true;
			ok = add_line(&p, t + i, e - i);
		}
		i = e + 1;
	}
	ok = ok && pp_flush(&p);
	if (ok && p.conds.len) {
		const struct cond *cd = &p.conds.data[p.conds.len - 1];
		glsl_error(c, cd->line, cd->col, "'#if' is never closed by '#endif'");
	}
	struct glsl_tok eof = t[n - 1];
	ok = ok && pp_add_tok(&p, out, eof);
	pp_free(&p);
	return ok && !c->errors;
}
