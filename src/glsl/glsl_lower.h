/*
 * glsl_lower.h: the lowering's state, shared by glsl_lower.c (slots,
 * statements, functions, the entry point), glsl_lower_expr.c (expressions
 * and access paths), glsl_lower_ops.c (operators, constructors,
 * conversions), glsl_lower_builtins.c (chapter 8 functions),
 * glsl_lower_fold.c (constant folding, known values of variables) and
 * glsl_lower_loop.c (unrolling of `for` loops, flags for break/continue).
 *
 * A GLSL value is a list of IR values, one per "leaf" (glsl_types.c): a
 * scalar or vector is one, a matrix one vecN per column, structs and arrays
 * their leaves in order. A GLSL variable is the same list of IR slots
 * (locals, uniforms, ...), declared consecutively.
 */
#ifndef VC4_GLSL_GLSL_LOWER_H
#define VC4_GLSL_GLSL_LOWER_H

#include "glsl/glsl_internal.h"

struct val {
	struct glsl_type t;
	uint32_t *v;            /* glsl_leaves(t) IR values (samplers: decl slots) */
};

/* One inlined function (or main). */
struct frame {
	struct glsl_node *func;
	uint32_t ret;           /* first local of the return value, IR_NONE if void */
	uint32_t flag;          /* local bool "returned", IR_NONE when not wrapped */
	unsigned loops;         /* IR loops opened inside this frame */
};

/* A scalar's known value. */
union gll_const { int32_t i; float f; };

/* A `for` loop being unrolled (glsl_lower_loop.c): its index is bound to
 * the current iteration's value; break/continue become flags. */
struct unroll {
	struct unroll *outer;           /* the enclosing unrolled loop */
	struct glsl_node *var;          /* the index */
	union gll_const value;
	uint32_t brk, cont;             /* local bool flags, IR_NONE if not needed */
	uint32_t ifs;                   /* IR ifs open in this iteration */
	uint32_t dyn_brk, dyn_cont;     /* flag stores emitted so far */
	bool broke, skip;               /* a break/continue outside any if */
};

/* A scalar variable's known value before a write (the undo log). */
struct known_entry {
	struct glsl_node *var;
	bool known;
	uint32_t epoch;
	union gll_const v;
};

typedef VC4_ARRAY(struct glsl_node *) gll_var_list;

struct lower {
	struct glsl_ctx *c;
	struct ir_builder *b;
	glsl_sym_array *syms;
	VC4_ARRAY(const char *) names; /* decl names used so far */
	struct frame *frame;
	uint32_t render_height;        /* @gl_RenderHeight, IR_NONE until used */
	struct unroll *unroll;         /* innermost unrolled loop (bound indices) */
	struct unroll *jump;           /* the loop a break/continue leaves, if unrolled */
	uint32_t unrolled;             /* AST nodes emitted by unrolling (budget) */
	VC4_ARRAY(struct known_entry) known_log;   /* glsl_lower_fold.c */
	uint32_t epoch;                /* known values of older epochs are forgotten */
	uint32_t depth;
	uint32_t at_line, at_col;      /* the location b has (the builder starts at 0, 0) */
	bool failed;
};

/* Steps of an access path (a.f[i].xy). */
enum step_kind { STEP_FIELD, STEP_INDEX, STEP_SWIZZLE };

struct step {
	uint8_t kind;
	uint8_t nswz;
	uint8_t swz[4];
	uint32_t field;         /* STEP_FIELD */
	int32_t index;          /* STEP_INDEX: constant index, or -1 */
	uint32_t dyn;           /* STEP_INDEX: IR value of a dynamic index */
};

#define MAX_STEPS 16

struct path {
	struct glsl_node *var;  /* the root variable, or NULL ... */
	struct val base;        /* ... for a computed root (f().x, vec3(1)[i]) */
	struct step steps[MAX_STEPS];
	uint32_t n;
	struct glsl_type t;     /* type of the whole path */
};

bool gll_fail(struct lower *l, const struct glsl_node *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Gives the builder a source location; only a change is a call (several
 * nested nodes lower at the same one). */
static inline void gll_at_pos(struct lower *l, uint32_t line, uint32_t col)
{
	if (line == l->at_line && col == l->at_col)
		return;
	l->at_line = line;
	l->at_col = col;
	ir_builder_set_loc(l->b, line, col);
}

static inline void gll_at(struct lower *l, const struct glsl_node *n)
{
	gll_at_pos(l, n->line, n->col);
}
struct val gll_val_new(struct lower *l, struct glsl_type t);

/* The first IR slot of variable v, declaring its slots on first use. */
uint32_t gll_var_slot(struct lower *l, struct glsl_node *v);
/* A fresh local of type t named NAME (made unique); first slot. */
uint32_t gll_temp(struct lower *l, const char *name, struct glsl_type t);

struct val gll_expr(struct lower *l, struct glsl_node *n);
bool gll_path(struct lower *l, struct glsl_node *n, struct path *p);
struct val gll_read_path(struct lower *l, const struct path *p);
/* glsl_lower_index.c: a read of a uniform array at a non-constant index as
 * one load_index; false (nothing emitted) when the path is not one. */
bool gll_read_indexed_uniform(struct lower *l, const struct path *p, struct val *out);
bool gll_write_path(struct lower *l, const struct path *p, struct val v);
/* Loads/stores all leaves of slots starting at `slot`. */
struct val gll_load(struct lower *l, uint32_t slot, struct glsl_type t);
void gll_store(struct lower *l, uint32_t slot, struct val v);

/* glsl_lower_ops.c */
uint32_t gll_splat(struct lower *l, uint32_t scalar, uint8_t n);
uint32_t gll_convert(struct lower *l, uint32_t v, uint8_t from, uint8_t to);
uint32_t gll_constf(struct lower *l, float f, uint8_t n);
struct val gll_binary_op(struct lower *l, int op, struct val a, struct val b,
			   struct glsl_type rt);
struct val gll_equal(struct lower *l, struct val a, struct val b, bool ne);
struct val gll_ctor(struct lower *l, struct glsl_node *n);
uint32_t gll_div(struct lower *l, uint32_t a, uint32_t b, uint8_t base);

/* glsl_lower_builtins.c */
struct val gll_builtin(struct lower *l, struct glsl_node *n, struct val *args, uint32_t na);

/* glsl_lower_fold.c: the value of scalar expression n when it is known at
 * compile time (literals, consts, the indices of unrolled loops). */
bool gll_fold(struct lower *l, const struct glsl_node *n, union gll_const *v);
uint32_t gll_const_ir(struct lower *l, struct glsl_type t, union gll_const v);
/* a OP b (+ - * / relations && || ^^) on known scalars; f: float operands.
 * False for an integer division by 0. */
bool gll_fold_binary(int op, bool f, union gll_const a, union gll_const b, union gll_const *v);
/* Known values of scalar variables, as straight-line code stores them:
 * gll_known_set records a store (v NULL: an unknown value). Code that may
 * not run (an if's branch, a guarded region) is bracketed by a mark and
 * gll_known_undo, which restores the values before it and lists the
 * variables it wrote; gll_known_forget makes those unknown after the
 * join. A loop's back edge forgets everything (gll_known_forget_all). */
void gll_known_set(struct lower *l, struct glsl_node *var, const union gll_const *v);
static inline uint32_t gll_known_mark(const struct lower *l) { return (uint32_t)l->known_log.len; }
void gll_known_undo(struct lower *l, uint32_t mark, gll_var_list *written);
void gll_known_forget(struct lower *l, gll_var_list *written);
void gll_known_merge(struct lower *l, uint32_t mark);   /* undo + forget */
static inline void gll_known_forget_all(struct lower *l) { l->epoch++; }

/* glsl_lower_loop.c: unrolls `for` loop n when its trip count is known and
 * small (false: lower it as a loop). */
bool gll_unroll(struct lower *l, struct glsl_node *n);
/* Does statement s do nothing (empty blocks, loops with a known trip
 * count and an empty body)? */
bool gll_stmt_empty(struct lower *l, struct glsl_node *s);
/* break/continue of an unrolled loop. */
void gll_jump(struct lower *l, struct glsl_node *n);
/* After a statement that stored break/continue flags (counts before it):
 * opens `if (!flags)` around the rest of the list; returns 1, else 0. */
uint32_t gll_guard_rest(struct lower *l, uint32_t brk_before, uint32_t cont_before);
/* The rest of a statement list is dead (a static break/continue). */
bool gll_jumped(const struct lower *l);

/* glsl_lower.c */
void gll_block(struct lower *l, struct glsl_node *first);
/* Is s a `kind` statement (break/continue/return), or does it hold one
 * that belongs to the loop (or function) around s? */
bool gll_stmt_contains(const struct glsl_node *s, enum glsl_node_kind kind);
struct val gll_call(struct lower *l, struct glsl_node *n);
bool gll_has_side_effects(const struct glsl_node *n);
void gll_stmt(struct lower *l, struct glsl_node *n);
/* Lowers f's body as a new frame returning into locals at `ret`. */
void gll_function_body(struct lower *l, struct glsl_node *f, uint32_t ret);
/* Narrows each varying of a fragment shader `sh` to the components it
 * reads, when those are its first n (glsl_lower_narrow.c): the varying,
 * its loads and their values get n components. Nothing happens to a
 * vertex shader. False on out of memory. */
bool gll_narrow_varyings(struct ir_shader *sh);

#endif
