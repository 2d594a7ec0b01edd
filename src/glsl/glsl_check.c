/*
 * glsl_check.c: the semantic checker's declarations and statements —
 * scopes, the built-in variables and constants of GLSL ES 1.00 section 7,
 * storage qualifier rules, array sizes, initializers, default precision in
 * fragment shaders, functions and prototypes, main, the recursion check
 * over the call graph. `for` loops take any init, condition and step, as
 * Mesa does: Appendix A's loop form is a minimum, not a rule (docs/glsl.md).
 * Expressions: glsl_check_expr.c, calls: glsl_check_call.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_check.h"
#include "util/code_align.h"

#define BV_CONSTANT 255

void check_error(struct checker *k, const struct glsl_node *n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	glsl_verror(k->c, n->line, n->col, fmt, ap);
	va_end(ap);
}

/* Pushes a symbol of `kind` named `name` for node `n` onto the scope stack.
 * False, with the context marked fatal, when the shader declares more than
 * GLSL_MAX_VARS variables (reported at n) or memory runs out. */
bool check_push(struct checker *k, enum sym_kind kind, const char *name, struct glsl_node *n)
{
	struct sym s = { (uint8_t)kind, name, n };
	if (kind == SYM_VAR && n->line && ++k->nvars > GLSL_MAX_VARS) {
		check_error(k, n, "too many variables (more than %u)", GLSL_MAX_VARS);
		k->c->fatal = true;
		return false;
	}
	if (!vc4_array_push(&k->syms, s)) {
		k->c->fatal = true;
		return false;
	}
	return true;
}

VC4_CODE_ALIGN(128)
struct glsl_node *check_lookup(struct checker *k, const char *name, enum sym_kind kind)
{
	for (size_t i = k->syms.len; i-- > 0;) {
		const struct sym *s = &k->syms.data[i];
		if (s->kind == kind && s->name[0] == name[0] && vc4_streq(s->name, name))
			return s->node;
	}
	return NULL;
}

bool check_size(struct checker *k, const struct glsl_node *at, struct glsl_type t)
{
	if (glsl_leaves(t) <= GLSL_MAX_LEAVES)
		return true;
	check_error(k, at, "'%s' is too large (more than %u vectors)", at->name ? at->name : "",
		    GLSL_MAX_LEAVES);
	return false;
}

static void pop_scope(struct checker *k)
{
	while (k->syms.len && k->syms.data[--k->syms.len].kind != SYM_SCOPE)
		;
}

static struct glsl_node *builtin_var(struct checker *k, const char *name, struct glsl_type t,
				     uint8_t bvar, bool writable)
{
	struct glsl_tok at = { 0 };
	struct glsl_node *v = glsl_node_new(k->c, N_VAR, &at);
	if (!v)
		return NULL;
	v->name = name, v->type = t, v->bvar = bvar, v->lvalue = writable;
	v->qual = bvar == BV_CONSTANT ? Q_CONST : Q_BUILTIN;
	if (bvar != BV_CONSTANT && k->c->nbvars < 16)
		k->c->bvars[k->c->nbvars++] = v;
	check_push(k, SYM_VAR, name, v);
	return v;
}

/* gl_* variables of the stage and the implementation constants. */
static void add_builtins(struct checker *k)
{
	static const struct { const char *name; int32_t v; } consts[] = {
		{ "gl_MaxVertexAttribs", 8 }, { "gl_MaxVertexUniformVectors", 128 },
		{ "gl_MaxVaryingVectors", 8 }, { "gl_MaxVertexTextureImageUnits", 8 },
		{ "gl_MaxCombinedTextureImageUnits", 8 }, { "gl_MaxTextureImageUnits", 8 },
		{ "gl_MaxFragmentUniformVectors", 16 }, { "gl_MaxDrawBuffers", 1 },
	};
	for (size_t i = 0; i < sizeof(consts) / sizeof(consts[0]); i++) {
		struct glsl_node *v = builtin_var(k, consts[i].name, GT(GLSL_INT, 1),
						  BV_CONSTANT, false);
		if (v)
			v->v.i = consts[i].v;
	}
	if (k->c->stage == GLSL_VERTEX) {
		builtin_var(k, "gl_Position", GT(GLSL_FLOAT, 4), BV_POSITION, true);
		builtin_var(k, "gl_PointSize", GT(GLSL_FLOAT, 1), BV_POINT_SIZE, true);
		return;
	}
	struct glsl_type data = GT(GLSL_FLOAT, 4);
	data.array = 1;
	builtin_var(k, "gl_FragCoord", GT(GLSL_FLOAT, 4), BV_FRAG_COORD, false);
	builtin_var(k, "gl_FrontFacing", GT(GLSL_BOOL, 1), BV_FRONT_FACING, false);
	builtin_var(k, "gl_PointCoord", GT(GLSL_FLOAT, 2), BV_POINT_COORD, false);
	builtin_var(k, "gl_FragColor", GT(GLSL_FLOAT, 4), BV_FRAG_COLOR, true);
	builtin_var(k, "gl_FragData", data, BV_FRAG_DATA, true);
	/* fragment shaders start with no default float precision */
	struct glsl_tok at = { 0 };
	struct glsl_node *p = glsl_node_new(k->c, N_PRECISION, &at);
	if (p) {
		p->type = GT(GLSL_INT, 1), p->prec = 2;
		check_push(k, SYM_PREC, "int", p);
	}
}

/* The array size expression of a declaration, folded into d->type.array. */
static bool array_size(struct checker *k, struct glsl_node *d)
{
	if (!d->b)
		return true;
	if (!check_expr(k, d->b))
		return false;
	if (!glsl_type_eq(d->b->type, GT(GLSL_INT, 1)) || !d->b->has_const || d->b->v.i <= 0) {
		check_error(k, d->b, "the size of array '%s' must be a constant integer "
			    "expression greater than zero", d->name ? d->name : "");
		return false;
	}
	d->type.array = (uint32_t)d->b->v.i;
	d->b = NULL;
	return true;
}

/* Does t hold a sampler (itself, an element or a member)? */
static bool has_sampler(struct glsl_type t)
{
	if (glsl_is_sampler(t))
		return true;
	for (uint32_t f = 0; t.base == GLSL_STRUCT && f < t.st->nfields; f++)
		if (has_sampler(t.st->fields[f].type))
			return true;
	return false;
}

static bool float_based(struct glsl_type t)
{
	return t.base == GLSL_FLOAT;
}

/* Fragment shaders: a float declaration needs a precision (its own or a
 * default one in scope). */
static bool check_precision(struct checker *k, const struct glsl_node *d)
{
	if (k->c->stage != GLSL_FRAGMENT || d->prec || !float_based(d->type))
		return true;
	for (size_t i = k->syms.len; i-- > 0;)
		if (k->syms.data[i].kind == SYM_PREC && k->syms.data[i].node->type.base == GLSL_FLOAT)
			return true;
	check_error(k, d, "no precision for float '%s' in a fragment shader (declare it "
		    "mediump, or add 'precision mediump float;')", d->name);
	return false;
}

static bool redeclared(struct checker *k, const struct glsl_node *d)
{
	for (size_t i = k->syms.len; i-- > 0 && k->syms.data[i].kind != SYM_SCOPE;)
		if (k->syms.data[i].kind != SYM_PREC && vc4_streq(k->syms.data[i].name, d->name)) {
			check_error(k, d, "'%s' is already declared in this scope", d->name);
			return true;
		}
	return false;
}

/* Storage qualifier rules of section 4.3 for declaration d. */
static bool check_qualifier(struct checker *k, struct glsl_node *d, bool global)
{
	struct glsl_type t = d->type;
	bool fl = t.base == GLSL_FLOAT && !t.st;
	const char *q = d->qual == Q_ATTRIBUTE ? "attribute" : d->qual == Q_UNIFORM ? "uniform" :
			d->qual == Q_VARYING ? "varying" : NULL;
	if (q && !global) {
		check_error(k, d, "%s '%s' must be declared at global scope", q, d->name);
		return false;
	}
	if (d->qual == Q_ATTRIBUTE && (k->c->stage != GLSL_VERTEX || !fl || t.array)) {
		check_error(k, d, k->c->stage != GLSL_VERTEX ?
			    "attribute '%s' in a fragment shader" :
			    "attribute '%s' must be float, vecN or matN", d->name);
		return false;
	}
	if (d->qual == Q_VARYING && !fl) {
		check_error(k, d, "varying '%s' must be float, vecN, matN or an array of them",
			    d->name);
		return false;
	}
	if (has_sampler(t) && d->qual != Q_UNIFORM) {
		check_error(k, d, "'%s' holds a sampler, so it must be a uniform", d->name);
		return false;
	}
	if (t.base == GLSL_VOID) {
		check_error(k, d, "variable '%s' cannot be void", d->name);
		return false;
	}
	return true;
}

/* Checks the initializer of declaration `d` (global: at file scope): a const
 * must have one, attributes, uniforms and varyings must not, and its type
 * must equal d's; const and global initializers must be constant
 * expressions. False after reporting. */
static bool check_init(struct checker *k, struct glsl_node *d, bool global)
{
	char x[64], y[64];
	if (!d->a) {
		if (d->qual == Q_CONST)
			check_error(k, d, "const '%s' needs an initializer", d->name);
		return d->qual != Q_CONST;
	}
	if (d->qual == Q_ATTRIBUTE || d->qual == Q_UNIFORM || d->qual == Q_VARYING) {
		check_error(k, d, "'%s' cannot have an initializer", d->name);
		return false;
	}
	if (!check_expr(k, d->a))
		return false;
	if (!glsl_type_eq(d->a->type, d->type) || d->type.array) {
		check_error(k, d->a, "cannot initialize %s '%s' with %s",
			    glsl_type_name(d->type, x), d->name, glsl_type_name(d->a->type, y));
		return false;
	}
	if ((d->qual == Q_CONST || global) && !d->a->cexpr) {
		check_error(k, d->a, "the initializer of %s '%s' must be a constant expression",
			    d->qual == Q_CONST ? "const" : "global", d->name);
		return false;
	}
	return true;
}

/* Checks a variable declaration (reserved gl_ name, precision, array size,
 * qualifier, initializer) and declares it in the current scope unless it is
 * a redeclaration. Errors are reported through the checker. */
static void check_var(struct checker *k, struct glsl_node *d, bool global)
{
	if (!strncmp(d->name, "gl_", 3)) {
		check_error(k, d, "'%s': names beginning with 'gl_' are reserved", d->name);
		return;
	}
	if (d->prec && d->type.base != GLSL_FLOAT && d->type.base != GLSL_INT &&
	    !glsl_is_sampler(d->type)) {
		check_error(k, d, "precision qualifiers apply only to float, int and sampler types");
		return;
	}
	bool ok = array_size(k, d) && check_size(k, d, d->type) && check_qualifier(k, d, global);
	ok = ok && check_precision(k, d) && check_init(k, d, global);
	(void)ok;
	if (!redeclared(k, d))
		check_push(k, SYM_VAR, d->name, d);
}

static void check_stmt(struct checker *k, struct glsl_node *n);

/* "struct S { ... };": S joins the names of the scope. */
static void check_struct(struct checker *k, struct glsl_node *n)
{
	const struct glsl_struct *st = n->type.st;
	if (n->prec) {
		check_error(k, n, "precision qualifiers apply only to float, int and sampler types");
		return;
	}
	if (!st->name)
		return;
	n->name = st->name;
	if (!strncmp(st->name, "gl_", 3)) {
		check_error(k, n, "'%s': names beginning with 'gl_' are reserved", st->name);
		return;
	}
	if (!redeclared(k, n))
		check_push(k, SYM_TYPE, st->name, n);
}

static void check_block(struct checker *k, struct glsl_node *first)
{
	check_push(k, SYM_SCOPE, "", NULL);
	for (struct glsl_node *s = first; s && !k->c->fatal; s = s->next)
		check_stmt(k, s);
	pop_scope(k);
}

/* The body of an if or a loop has a scope of its own, braces or not. */
static void check_scoped(struct checker *k, struct glsl_node *n)
{
	check_push(k, SYM_SCOPE, "", NULL);
	check_stmt(k, n);
	pop_scope(k);
}

static bool check_bool(struct checker *k, struct glsl_node *e, const char *what)
{
	char x[64];
	if (!check_expr(k, e))
		return false;
	if (glsl_type_eq(e->type, GT(GLSL_BOOL, 1)))
		return true;
	check_error(k, e, "the condition of '%s' must be a bool, got %s", what,
		    glsl_type_name(e->type, x));
	return false;
}

/* Checks a for loop in its own scope: the init statements, a bool condition,
 * the step expression, then the body counted as inside a loop. */
static void check_for(struct checker *k, struct glsl_node *n)
{
	check_push(k, SYM_SCOPE, "", NULL);
	for (struct glsl_node *s = n->a; s; s = s->next)   /* int i = 0, j = 1; */
		check_stmt(k, s);
	if (n->b)
		check_bool(k, n->b, "for");
	if (n->c)
		check_expr(k, n->c);
	k->loops++;
	check_scoped(k, n->d);
	k->loops--;
	pop_scope(k);
}

/* Checks a return against the enclosing function's type: a value in a void
 * function, or a value (or none) of another type, is reported. */
static void check_return(struct checker *k, struct glsl_node *n)
{
	struct glsl_type want = k->func->type;
	char x[64], y[64];
	if (n->a && !check_expr(k, n->a))
		return;
	struct glsl_type got = n->a ? n->a->type : GT(GLSL_VOID, 0);
	got.cols = n->a ? got.cols : 1;
	if (n->a && want.base == GLSL_VOID)
		check_error(k, n, "'%s' returns nothing, but this returns a value of type %s",
			    k->func->name, glsl_type_name(got, y));
	else if (!glsl_type_eq(got, want))
		check_error(k, n, "'%s' returns %s, but this returns %s", k->func->name,
			    glsl_type_name(want, x), n->a ? glsl_type_name(got, y) : "nothing");
}

/* Checks one statement by kind: declarations, conditions of if and loops,
 * break/continue outside loops, returns, discard outside fragment shaders,
 * precision statements and struct declarations. Reports through the checker. */
static void check_stmt(struct checker *k, struct glsl_node *n)
{
	switch (n->kind) {
	case N_BLOCK: check_block(k, n->a); break;
	case N_VAR: check_var(k, n, false); break;
	case N_EXPR: check_expr(k, n->a); break;
	case N_IF:
		check_bool(k, n->a, "if");
		check_scoped(k, n->b);
		if (n->c)
			check_scoped(k, n->c);
		break;
	case N_FOR: check_for(k, n); break;
	case N_WHILE: case N_DO:
		check_bool(k, n->a, n->kind == N_DO ? "do-while" : "while");
		k->loops++;
		check_scoped(k, n->d);
		k->loops--;
		break;
	case N_BREAK: case N_CONTINUE:
		if (!k->loops)
			check_error(k, n, "'%s' outside a loop", n->kind == N_BREAK ? "break" :
				    "continue");
		break;
	case N_RETURN: check_return(k, n); break;
	case N_DISCARD:
		if (k->c->stage != GLSL_FRAGMENT)
			check_error(k, n, "'discard' is only allowed in fragment shaders");
		break;
	case N_PRECISION: check_push(k, SYM_PREC, "", n); break;
	case N_STRUCT: check_struct(k, n); break;
	default: break;
	}
}


static bool same_params(const struct glsl_node *f, const struct glsl_node *g)
{
	const struct glsl_node *p = f->a, *q = g->a;
	for (; p && q; p = p->next, q = q->next)
		if (!glsl_type_eq(p->type, q->type))
			return false;
	return !p && !q;
}

/* Checks a new overload f against the earlier ones of its name; links a
 * prototype to its definition (proto->ref). False if f must not be added. */
static bool check_overload(struct checker *k, struct glsl_node *f)
{
	for (size_t i = 0; i < k->syms.len; i++) {
		struct glsl_node *g = k->syms.data[i].node;
		if (k->syms.data[i].kind != SYM_FUNC || !vc4_streq(g->name, f->name) ||
		    !same_params(f, g))
			continue;
		if (!glsl_type_eq(f->type, g->type)) {
			check_error(k, f, "function '%s' is redeclared with another return type",
				    f->name);
			return false;
		}
		if (f->b && g->b) {
			check_error(k, f, "function '%s' is already defined", f->name);
			return false;
		}
		if (!f->b && !g->b) {
			check_error(k, f, "function '%s' is already declared (a prototype may not be "
				    "repeated in GLSL ES 1.00)", f->name);
			return false;
		}
		if (f->prec != g->prec) {
			check_error(k, f, "function '%s' is redeclared with another return precision",
				    f->name);
			return false;
		}
		if (f->b)
			g->ref = f;
		else if (g->b)
			f->ref = g;
	}
	return true;
}

static void check_params(struct checker *k, struct glsl_node *f)
{
	for (struct glsl_node *p = f->a; p; p = p->next) {
		if (!array_size(k, p) || !check_size(k, p, p->type))
			continue;
		if (p->type.base == GLSL_VOID)
			check_error(k, p, "a parameter cannot be void");
		else if (has_sampler(p->type) && p->qual != Q_IN)
			check_error(k, p, "a parameter holding a sampler must be 'in'");
		else if (p->name && check_precision(k, p) && !redeclared(k, p))
			check_push(k, SYM_VAR, p->name, p);
	}
}

/* Checks a function declaration or definition: its name (not gl_, main as
 * void main(), not already a variable or type in this scope), its return
 * type, parameters and overloads; declares it, then checks the body with the
 * parameters in scope. Reports through the checker. */
static void check_function(struct checker *k, struct glsl_node *f)
{
	if (!strncmp(f->name, "gl_", 3)) {
		check_error(k, f, "'%s': names beginning with 'gl_' are reserved", f->name);
		return;
	}
	if (!strcmp(f->name, "main") && (f->a || f->type.base != GLSL_VOID || f->type.array)) {
		check_error(k, f, "'main' must be declared 'void main()'");
		return;
	}
	for (size_t i = k->syms.len; i-- > 0 && k->syms.data[i].kind != SYM_SCOPE;)
		if ((k->syms.data[i].kind == SYM_VAR || k->syms.data[i].kind == SYM_TYPE) &&
		    vc4_streq(k->syms.data[i].name, f->name)) {
			check_error(k, f, "'%s' is already declared in this scope", f->name);
			return;
		}
	if (f->type.base != GLSL_VOID && !check_precision(k, f))
		return;
	if (has_sampler(f->type)) {
		check_error(k, f, "function '%s' cannot return a sampler", f->name);
		return;
	}
	check_push(k, SYM_SCOPE, "", NULL);
	check_params(k, f);
	pop_scope(k);
	if (!check_overload(k, f) || !check_push(k, SYM_FUNC, f->name, f) || !f->b)
		return;
	check_push(k, SYM_SCOPE, "", NULL);
	for (struct glsl_node *p = f->a; p; p = p->next)   /* checked above */
		if (p->name)
			check_push(k, SYM_VAR, p->name, p);
	k->func = f;
	check_block(k, f->b->a);
	k->func = NULL;
	pop_scope(k);
}

/* The definition a call edge's callee stands for (a prototype's ref). */
static struct glsl_node *definition(struct glsl_node *f)
{
	return f->b ? f : f->ref;
}

/* Depth-first search for a cycle through f (colours in f->lowering). */
static bool find_cycle(struct checker *k, struct glsl_node *f)
{
	f->lowering = 1;
	for (size_t i = 0; i < k->calls.len; i++) {
		struct call_edge *e = &k->calls.data[i];
		struct glsl_node *g = definition(e->callee);
		if (e->caller != f || !g)
			continue;
		if (g->lowering == 1) {
			glsl_error(k->c, e->line, e->col, "recursive call to '%s' (recursion is not "
				   "allowed)", g->name);
			return true;
		}
		if (g->lowering == 0 && find_cycle(k, g))
			return true;
	}
	f->lowering = 2;
	return false;
}

/* After the whole unit is checked: reports every called function that has no
 * definition and the first recursion found in the call graph, then clears
 * the `lowering` marks the cycle search left on the functions. */
static void check_calls(struct checker *k)
{
	for (size_t i = 0; i < k->calls.len; i++) {
		struct call_edge *e = &k->calls.data[i];
		if (!definition(e->callee))
			glsl_error(k->c, e->line, e->col, "function '%s' is called but never defined",
				   e->callee->name);
	}
	for (size_t i = 0; i < k->calls.len && !k->c->errors; i++)
		if (k->calls.data[i].caller->lowering == 0 && find_cycle(k, k->calls.data[i].caller))
			break;
	for (size_t i = 0; i < k->calls.len; i++) {
		k->calls.data[i].caller->lowering = 0;
		if (definition(k->calls.data[i].callee))
			definition(k->calls.data[i].callee)->lowering = 0;
	}
}

bool glsl_check(struct glsl_ctx *c, struct glsl_unit *u)
{
	struct checker k = { .c = c };
	/* the built-ins and a usual shader's symbols without growing (a
	 * failure is only a missed hint: the pushes report it) */
	(void)vc4_array_reserve(&k.syms, 128);
	add_builtins(&k);
	check_push(&k, SYM_SCOPE, "", NULL);
	for (struct glsl_node *n = u->first; n && !c->fatal; n = n->next) {
		if (n->kind == N_VAR)
			check_var(&k, n, true);
		else if (n->kind == N_FUNC)
			check_function(&k, n);
		else if (n->kind == N_PRECISION)
			check_push(&k, SYM_PREC, "", n);
		else if (n->kind == N_STRUCT)
			check_struct(&k, n);
		if (n->kind == N_FUNC && n->b && !strcmp(n->name, "main"))
			u->main = n;
	}
	if (!c->fatal)
		check_calls(&k);
	if (!u->main && !c->errors)
		glsl_error(c, 0, 0, "function 'main' is not defined");
	vc4_array_free(&k.syms);
	vc4_array_free(&k.calls);
	return !c->errors;
}
