/*
 * glsl_lower.h: the lowering's state, shared by glsl_lower.c (slots,
 * statements, functions, the entry point), glsl_lower_expr.c (expressions
 * and access paths), glsl_lower_ops.c (operators, constructors,
 * conversions) and glsl_lower_builtins.c (chapter 8 functions).
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

struct lower {
	struct glsl_ctx *c;
	struct ir_builder *b;
	glsl_sym_array *syms;
	VC4_ARRAY(const char *) names; /* decl names used so far */
	struct frame *frame;
	uint32_t render_height;        /* @gl_RenderHeight, IR_NONE until used */
	uint32_t depth;
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
static inline void gll_at(struct lower *l, const struct glsl_node *n)
{
	ir_builder_set_loc(l->b, n->line, n->col);
}
struct val gll_val_new(struct lower *l, struct glsl_type t);

/* The first IR slot of variable v, declaring its slots on first use. */
uint32_t gll_var_slot(struct lower *l, struct glsl_node *v);
/* A fresh local of type t named NAME (made unique); first slot. */
uint32_t gll_temp(struct lower *l, const char *name, struct glsl_type t);

struct val gll_expr(struct lower *l, struct glsl_node *n);
bool gll_path(struct lower *l, struct glsl_node *n, struct path *p);
struct val gll_read_path(struct lower *l, const struct path *p);
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

/* glsl_lower.c */
struct val gll_call(struct lower *l, struct glsl_node *n);
bool gll_has_side_effects(const struct glsl_node *n);
void gll_stmt(struct lower *l, struct glsl_node *n);
/* Lowers f's body as a new frame returning into locals at `ret`. */
void gll_function_body(struct lower *l, struct glsl_node *f, uint32_t ret);

#endif
