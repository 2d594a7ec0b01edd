/*
 * glsl_pp_directives.c: the preprocessor's directives (GLSL ES 1.00
 * section 3.4): #version, #define, #undef, the conditionals, #error,
 * #pragma, #extension, #line; and the built-in macros.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_pp.h"

static void err_at(struct pp *p, const struct glsl_tok *t, const char *fmt, const char *word)
{
	char what[80];
	if (t->kind == TK_NEWLINE || t->kind == TK_EOF)
		snprintf(what, sizeof(what), "the end of the line");
	else
		snprintf(what, sizeof(what), "'%.*s'", (int)(t->len < 40 ? t->len : 40), t->s);
	glsl_error(p->c, t->line, t->col, fmt, word, what);
}

static bool add_macro(struct pp *p, const char *name, uint8_t special, struct glsl_tok value)
{
	struct macro *m = glsl_alloc(p->c, sizeof(*m));
	struct glsl_tok *body = glsl_alloc(p->c, sizeof(*body));
	if (!m || !body)
		return false;
	*body = value;
	*m = (struct macro){ .next = p->macros, .name = name, .len = (uint32_t)strlen(name),
			     .special = special, .body = body, .nbody = 1 };
	p->macros = m;
	pp_note_first_byte(p, name);
	return true;
}

bool pp_add_builtin_macros(struct pp *p)
{
	struct glsl_tok one = { .kind = TK_INT, .s = "1", .len = 1, .v.i = 1 };
	struct glsl_tok ver = { .kind = TK_INT, .s = "100", .len = 3, .v.i = 100 };
	struct glsl_tok zero = { .kind = TK_INT, .s = "0", .len = 1, .v.i = 0 };
	/* fragment shaders have highp: the QPU's floats are all 32-bit */
	if (p->c->stage == GLSL_FRAGMENT && !add_macro(p, "GL_FRAGMENT_PRECISION_HIGH", 3, one))
		return false;
	return add_macro(p, "GL_ES", 3, one) && add_macro(p, "__VERSION__", 3, ver) &&
	       add_macro(p, "__LINE__", 1, zero) && add_macro(p, "__FILE__", 2, zero);
}

void pp_free(struct pp *p)
{
	vc4_array_free(&p->run);
	vc4_array_free(&p->conds);
}

static bool same_tokens(const struct glsl_tok *a, const struct glsl_tok *b, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (a[i].len != b[i].len || memcmp(a[i].s, b[i].s, a[i].len) ||
		    (i && a[i].space != b[i].space))
			return false;
	return true;
}

/* A redefinition must be identical (same parameters and body). */
static bool check_redefinition(struct pp *p, const struct macro *old, const struct macro *m,
			       const struct glsl_tok *at)
{
	if (old->special) {
		glsl_error(p->c, at->line, at->col, "cannot redefine built-in macro '%s'", m->name);
		return false;
	}
	if (old->func != m->func || old->nparams != m->nparams || old->nbody != m->nbody ||
	    !same_tokens(old->params, m->params, m->nparams) ||
	    !same_tokens(old->body, m->body, m->nbody)) {
		glsl_error(p->c, at->line, at->col, "macro '%s' is redefined differently",
			   m->name);
		return false;
	}
	return true;
}

/* Parses "( a, b )" of a function-like macro into m; returns the index of
 * the body's first token, 0 after an error. */
static size_t define_params(struct pp *p, struct macro *m, const struct glsl_tok *t, size_t n)
{
	size_t i = 3;
	m->func = true;
	m->params = &t[i];
	if (tok_is(&t[i], P_RPAREN))
		return i + 1;
	for (;; i += 2) {
		if (t[i].kind != TK_IDENT) {
			err_at(p, &t[i], "#define %s: expected a parameter name, found %s", m->name);
			return 0;
		}
		for (uint32_t k = 0; k < m->nparams; k++)
			if (same_tokens(&m->params[2 * k], &t[i], 1)) {
				glsl_error(p->c, t[i].line, t[i].col,
					   "#define %s: parameter '%.*s' is repeated", m->name,
					   (int)t[i].len, t[i].s);
				return 0;
			}
		m->nparams++;
		if (tok_is(&t[i + 1], P_RPAREN))
			return i + 2;
		if (!tok_is(&t[i + 1], P_COMMA) || i + 2 >= n) {
			err_at(p, &t[i + 1], "#define %s: expected ',' or ')', found %s", m->name);
			return 0;
		}
	}
}

/* Handles #define (tokens t[0..n), the last a newline): reads the name,
 * parameters and body, rejects reserved GL_ names and '#' or '##' in the
 * body, and adds the macro, or checks a redefinition against the existing
 * one. Errors are reported through the context. */
static void define(struct pp *p, const struct glsl_tok *t, size_t n)
{
	if (t[1].kind != TK_IDENT) {
		err_at(p, &t[1], "%s: expected a macro name, found %s", "#define");
		return;
	}
	struct macro *m = glsl_alloc(p->c, sizeof(*m));
	if (!m)
		return;
	m->name = glsl_strndup(p->c, t[1].s, t[1].len);
	m->len = t[1].len;
	if (!m->name)
		return;
	if (!strncmp(m->name, "GL_", 3)) {
		glsl_error(p->c, t[1].line, t[1].col, "macro name '%s' is reserved", m->name);
		return;
	}
	size_t body = 2;
	if (tok_is(&t[2], P_LPAREN) && !t[2].space && !(body = define_params(p, m, t, n)))
		return;
	if (m->nparams > 1) { /* params were read every other token: compact them */
		struct glsl_tok *ps = glsl_alloc(p->c, m->nparams * sizeof(*ps));
		if (!ps)
			return;
		for (uint32_t k = 0; k < m->nparams; k++)
			ps[k] = m->params[2 * k];
		m->params = ps;
	}
	m->body = &t[body];
	m->nbody = (uint32_t)(n - 1 - body);
	for (uint32_t b = 0; b < m->nbody; b++)
		if (tok_is(&m->body[b], P_HASH)) {
			glsl_error(p->c, m->body[b].line, m->body[b].col,
				   "#define %s: '#' and '##' are not operators in GLSL ES 1.00", m->name);
			return;
		}
	struct macro *old = pp_find(p, &t[1]);
	if (old) {
		check_redefinition(p, old, m, &t[1]);
		return;
	}
	m->next = p->macros;
	p->macros = m;
	pp_note_first_byte(p, m->name);
}

/* Handles #undef: removes the named macro if it is defined; built-in macros
 * cannot be removed (reported). */
static void undef(struct pp *p, const struct glsl_tok *t)
{
	if (t[1].kind != TK_IDENT) {
		err_at(p, &t[1], "%s: expected a macro name, found %s", "#undef");
		return;
	}
	for (struct macro **m = &p->macros; *m; m = &(*m)->next)
		if ((*m)->len == t[1].len && !memcmp((*m)->name, t[1].s, t[1].len)) {
			if ((*m)->special)
				glsl_error(p->c, t[1].line, t[1].col,
					   "cannot undefine built-in macro '%s'", (*m)->name);
			else
				*m = (*m)->next;
			return;
		}
}

/* Replaces defined X / defined(X) with 0 or 1 and expands the rest. */
static bool if_tokens(struct pp *p, const struct glsl_tok *t, size_t n, glsl_toks *out)
{
	glsl_toks tmp = { 0 };
	bool ok = true;
	for (size_t i = 0; i < n - 1 && ok; i++) {
		if (!tok_word(&t[i], "defined")) {
			ok = pp_add_tok(p, &tmp, t[i]);
			continue;
		}
		bool paren = tok_is(&t[i + 1], P_LPAREN);
		const struct glsl_tok *name = &t[i + 1 + paren];
		if (name->kind != TK_IDENT || (paren && !tok_is(&t[i + 3], P_RPAREN))) {
			err_at(p, name, "%s: expected a macro name, found %s", "defined");
			ok = false;
			break;
		}
		struct glsl_tok v = { .kind = TK_INT, .line = t[i].line, .col = t[i].col,
				      .s = "1", .len = 1, .v.i = pp_find(p, name) != NULL };
		ok = pp_add_tok(p, &tmp, v);
		i += paren ? 3 : 1;
	}
	ok = ok && pp_expand(p, tmp.data, tmp.len, out, 0) && pp_add_tok(p, out, t[n - 1]);
	vc4_array_free(&tmp);
	return ok;
}

static bool if_value(struct pp *p, const struct glsl_tok *t, size_t n, const char *what)
{
	if (n < 3) {
		err_at(p, &t[1], "%s: expected an expression, found %s", what);
		return false;
	}
	glsl_toks e = { 0 };
	int64_t v = 0;
	bool ok = if_tokens(p, t + 1, n - 1, &e) && glsl_pp_eval(p->c, e.data, e.len, &v);
	vc4_array_free(&e);
	return ok && v != 0;
}

static void push_cond(struct pp *p, const struct glsl_tok *at, bool on)
{
	struct cond cd = { .outer_on = !pp_skipping(p), .line = at->line, .col = at->col };
	if (p->conds.len >= GLSL_MAX_DEPTH) {
		glsl_error(p->c, at->line, at->col, "#if nested too deeply");
		p->c->fatal = true;
		return;
	}
	cd.on = cd.outer_on && on;
	cd.taken = cd.on;
	if (!vc4_array_push(&p->conds, cd))
		p->c->fatal = true;
}

/* #if, #ifdef, #ifndef; the condition is evaluated only where not skipped. */
static void open_if(struct pp *p, const struct glsl_tok *t, size_t n, const char *d)
{
	bool on = false;
	if (!pp_skipping(p) && !strcmp(d, "if")) {
		on = if_value(p, t, n, "#if");
	} else if (!pp_skipping(p)) {
		if (t[1].kind != TK_IDENT)
			err_at(p, &t[1], "%s: expected a macro name, found %s",
			       d[2] == 'd' ? "#ifdef" : "#ifndef");
		on = t[1].kind == TK_IDENT && (pp_find(p, &t[1]) != NULL) == (d[2] == 'd');
	}
	push_cond(p, &t[0], on);
}

/* Handles #else or #elif for the innermost #if: the branch is on when the
 * enclosing code is on, no earlier branch was taken, and (for #elif) its
 * expression is nonzero. Reports a missing #if or a branch after #else. */
static void else_elif(struct pp *p, const struct glsl_tok *t, size_t n, bool is_else)
{
	const char *d = is_else ? "#else" : "#elif";
	if (!p->conds.len) {
		glsl_error(p->c, t[0].line, t[0].col, "'%s' without '#if'", d);
		return;
	}
	struct cond *cd = &p->conds.data[p->conds.len - 1];
	if (cd->seen_else) {
		glsl_error(p->c, t[0].line, t[0].col, "'%s' after '#else'", d);
		return;
	}
	cd->seen_else = is_else;
	bool on = false;
	if (cd->outer_on && !cd->taken)
		on = is_else || if_value(p, t, n, d);
	cd = &p->conds.data[p->conds.len - 1];
	cd->on = on;
	cd->taken |= on;
}

static void version(struct pp *p, const struct glsl_tok *t, size_t n)
{
	if (p->seen_anything)
		glsl_error(p->c, t[0].line, t[0].col, "#version must come before anything else");
	else if (t[1].kind != TK_INT)
		err_at(p, &t[1], "%s: expected a version number, found %s", "#version");
	else if (t[1].v.i != 100)
		glsl_error(p->c, t[1].line, t[1].col,
			   "#version %d is not supported (only 100, GLSL ES 1.00)", t[1].v.i);
	else if (n > 3)
		err_at(p, &t[2], "%s: expected the end of the line, found %s", "#version");
}

/* #extension NAME : require|enable|warn|disable. No extension is supported. */
static void extension(struct pp *p, const struct glsl_tok *t, size_t n)
{
	if (n != 5 || t[1].kind != TK_IDENT || !tok_is(&t[2], P_COLON) || t[3].kind != TK_IDENT) {
		glsl_error(p->c, t[0].line, t[0].col,
			   "#extension: expected 'NAME : BEHAVIOR'");
		return;
	}
	static const char *const behaviors[] = { "require", "enable", "warn", "disable" };
	int b = 0;
	while (b < 4 && !tok_word(&t[3], behaviors[b]))
		b++;
	if (b == 4)
		err_at(p, &t[3], "%s: unknown behavior %s", "#extension");
	else if (tok_word(&t[1], "all") && b < 2)
		glsl_error(p->c, t[3].line, t[3].col,
			   "#extension all: only 'warn' and 'disable' are allowed");
	else if (!tok_word(&t[1], "all") && b == 0)
		glsl_error(p->c, t[1].line, t[1].col, "extension '%.*s' is not supported",
			   (int)t[1].len, t[1].s);
}

/* Handles #line: after macro expansion, a line number and an optional source
 * string number; the next line gets that number. Reports anything else. */
static void line(struct pp *p, const struct glsl_tok *t, size_t n)
{
	glsl_toks e = { 0 };
	if (!pp_expand(p, t + 1, n - 2, &e, 0))
		return;
	if ((e.len != 1 && e.len != 2) || e.data[0].kind != TK_INT ||
	    (e.len == 2 && e.data[1].kind != TK_INT)) {
		glsl_error(p->c, t[0].line, t[0].col, "#line: expected a line number and an "
			   "optional source string number");
	} else {
		/* the next physical line gets number e.data[0] */
		p->line_delta += (int64_t)(uint32_t)e.data[0].v.i - (t[0].line + 1);
		if (e.len == 2)
			p->file_num = e.data[1].v.i;
	}
	vc4_array_free(&e);
}

static void error_directive(struct pp *p, const struct glsl_tok *t, size_t n)
{
	const char *start = n > 1 ? t[1].s : "";
	const char *end = n > 1 ? t[n - 2].s + t[n - 2].len : start;
	glsl_error(p->c, t[0].line, t[0].col, "#error %.*s", (int)(end - start), start);
}

static void conditional(struct pp *p, const struct glsl_tok *t, size_t n, const char *d)
{
	if (!strcmp(d, "if") || !strcmp(d, "ifdef") || !strcmp(d, "ifndef"))
		open_if(p, t, n, d);
	else if (!strcmp(d, "elif") || !strcmp(d, "else"))
		else_elif(p, t, n, d[2] == 's');
	else if (!p->conds.len)
		glsl_error(p->c, t[0].line, t[0].col, "'#endif' without '#if'");
	else
		p->conds.len--;
}

void pp_directive(struct pp *p, const struct glsl_tok *t, size_t n)
{
	if (n == 1)
		return; /* the null directive */
	char d[16] = "";
	if (t[0].kind == TK_IDENT && t[0].len < sizeof(d))
		memcpy(d, t[0].s, t[0].len);
	static const char *const conds[] = { "if", "ifdef", "ifndef", "elif", "else", "endif" };
	for (int k = 0; k < 6; k++)
		if (!strcmp(d, conds[k])) {
			conditional(p, t, n, d);
			p->seen_anything = true;
			return;
		}
	if (pp_skipping(p))
		return;
	bool first = !p->seen_anything;
	p->seen_anything = true;
	if (!strcmp(d, "define"))
		define(p, t, n);
	else if (!strcmp(d, "undef"))
		undef(p, t);
	else if (!strcmp(d, "version"))
		p->seen_anything = !first, version(p, t, n), p->seen_anything = true;
	else if (!strcmp(d, "error"))
		error_directive(p, t, n);
	else if (!strcmp(d, "extension"))
		extension(p, t, n);
	else if (!strcmp(d, "line"))
		line(p, t, n);
	else if (strcmp(d, "pragma"))
		glsl_error(p->c, t[0].line, t[0].col, "unknown directive '#%.*s'",
			   (int)(t[0].len < 40 ? t[0].len : 40), t[0].s);
}
