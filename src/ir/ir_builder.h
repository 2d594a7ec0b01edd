/*
 * ir_builder.h: the C API that builds a shader in memory, instruction by
 * instruction. The text parser is written on top of it, so a shader built
 * here and the same shader parsed from text are identical.
 *
 *   struct ir_builder *b = ir_builder_create(IR_STAGE_VERTEX, "quad");
 *   uint32_t pos = ir_build_attribute(b, "pos", IR_VEC(4));
 *   uint32_t out = ir_build_output(b, IR_OUT_POSITION);
 *   ir_build_store(b, out, ir_build_load(b, pos));
 *   struct ir_shader *sh = ir_builder_finish(b, &diag);
 *
 * Values and slots are uint32_t handles. Every instruction is checked when it
 * is added (types, scoping, nesting); after the first error every call does
 * nothing and returns IR_NONE / false, and ir_builder_finish() returns NULL
 * with that error, so a sequence of calls needs one check at the end.
 * Messages say "NAME: instr N: ..." (or "NAME:LINE:COL: ..." after
 * ir_builder_set_loc()).
 */
#ifndef VC4_IR_IR_BUILDER_H
#define VC4_IR_IR_BUILDER_H

#include "ir/ir.h"

#define IR_SCALAR(b) ((struct ir_type){ (b), 1 })
#define IR_VEC(n) ((struct ir_type){ IR_FLOAT, (n) })
#define IR_IVEC(n) ((struct ir_type){ IR_INT, (n) })
#define IR_BVEC(n) ((struct ir_type){ IR_BOOL, (n) })
#define IR_MAT4 ((struct ir_type){ IR_FLOAT, 16 })

struct ir_builder;

/* A new, empty shader of `stage`; `name` appears in messages. NULL if out of
 * memory. */
struct ir_builder *ir_builder_create(enum ir_stage stage, const char *name);

/* Source position recorded in the next decls/instructions (0, 0: none). */
void ir_builder_set_loc(struct ir_builder *b, uint32_t line, uint32_t col);

/* Declarations; each returns the slot handle or IR_NONE. */
uint32_t ir_build_attribute(struct ir_builder *b, const char *name, struct ir_type t);
uint32_t ir_build_varying(struct ir_builder *b, const char *name, enum ir_interp_mode mode,
			  struct ir_type t);
uint32_t ir_build_uniform(struct ir_builder *b, const char *name, struct ir_type t);
/* A uniform array of `len` elements of type t (1..IR_MAX_ARRAY). */
uint32_t ir_build_uniform_array(struct ir_builder *b, const char *name, struct ir_type t,
				uint32_t len);
uint32_t ir_build_sampler(struct ir_builder *b, const char *name, enum ir_sampler_dim dim);
uint32_t ir_build_output(struct ir_builder *b, enum ir_builtin which);
uint32_t ir_build_local(struct ir_builder *b, const char *name, struct ir_type t);

/* Makes room for about `instrs` instructions, their values and names, so
 * that building them grows no array step by step (a hint: more may
 * follow). */
void ir_builder_reserve(struct ir_builder *b, size_t instrs);

/* Names the next value created (text "%name": letters, digits, '_', '.').
 * Unnamed values get the smallest free decimal number. False if the name is
 * malformed or already used. */
bool ir_builder_name_next(struct ir_builder *b, const char *name, size_t len);

/* The value named `name` (len bytes), or IR_NONE (also when out of memory,
 * then the builder's error). Brings the builder's name hash up to date. */
uint32_t ir_builder_lookup(struct ir_builder *b, const char *name, size_t len);

/* The type of a value already built ({0, 0} for IR_NONE). */
struct ir_type ir_builder_type(const struct ir_builder *b, uint32_t value);

/* Any op whose operands are all values (arithmetic, vecN, frag_coord, if,
 * else, endif, loop, endloop, break, continue, discard...). Returns the
 * result value; IR_NONE for ops without one, and on error. */
uint32_t ir_build_op(struct ir_builder *b, enum ir_op op, unsigned nsrc, const uint32_t *src);
uint32_t ir_build_op1(struct ir_builder *b, enum ir_op op, uint32_t a);
uint32_t ir_build_op2(struct ir_builder *b, enum ir_op op, uint32_t a, uint32_t c);
uint32_t ir_build_op3(struct ir_builder *b, enum ir_op op, uint32_t a, uint32_t c,
		      uint32_t d);

/* Constants: t.comps components from `v`. */
uint32_t ir_build_const(struct ir_builder *b, struct ir_type t, const union ir_scalar *v);
uint32_t ir_build_constf(struct ir_builder *b, float f);
uint32_t ir_build_consti(struct ir_builder *b, int32_t i);
uint32_t ir_build_constb(struct ir_builder *b, bool v);

uint32_t ir_build_load(struct ir_builder *b, uint32_t slot);
bool ir_build_store(struct ir_builder *b, uint32_t slot, uint32_t value);
/* Element `index` (an int value) of uniform array `slot`, clamped (docs/ir.md). */
uint32_t ir_build_load_index(struct ir_builder *b, uint32_t slot, uint32_t index);
/* Texture sample; bias is IR_NONE for plain `tex`, a float value for `texb`. */
uint32_t ir_build_tex(struct ir_builder *b, uint32_t sampler, uint32_t coord, uint32_t bias);
/* `lanes` is 1..4 letters of xyzw (or rgba). */
uint32_t ir_build_swizzle(struct ir_builder *b, uint32_t v, const char *lanes);
uint32_t ir_build_extract(struct ir_builder *b, uint32_t v, unsigned index);

/* Control flow markers (shorthands for ir_build_op). */
bool ir_build_if(struct ir_builder *b, uint32_t cond);
bool ir_build_else(struct ir_builder *b);
bool ir_build_endif(struct ir_builder *b);
bool ir_build_loop(struct ir_builder *b);
bool ir_build_endloop(struct ir_builder *b);
bool ir_build_break(struct ir_builder *b);
bool ir_build_continue(struct ir_builder *b);
bool ir_build_discard(struct ir_builder *b);

/* The first error so far, or NULL. */
const char *ir_builder_error(const struct ir_builder *b);

/* Finishes (block nesting closed, required outputs present) and frees the
 * builder. Returns the shader, or NULL with the first error in diag. */
struct ir_shader *ir_builder_finish(struct ir_builder *b, struct vc4_diag *diag);

/* Frees a builder without producing a shader; NULL is allowed. */
void ir_builder_destroy(struct ir_builder *b);

#endif
