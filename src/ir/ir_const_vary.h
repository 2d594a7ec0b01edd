/*
 * ir_const_vary.h: varyings a vertex shader writes as the same constant in
 * every vertex, and their folding into a linked fragment shader
 * (ir_const_vary.c).
 */
#ifndef VC4_IR_IR_CONST_VARY_H
#define VC4_IR_IR_CONST_VARY_H

#include <stdbool.h>

#include "ir/ir.h"
#include "ir/ir_interp.h"

/* Sets fixed[d] (vs->decls.len entries) for every varying decl d of the
 * validated vertex shader `vs` whose value is the same constant in every
 * vertex, computed bit-exactly (no float arithmetic), and returns the
 * values of all slots after one run (calloc'ed: free() it; the constants
 * are slots[d]). NULL (and every fixed[d] false) when there is none or on
 * failure (out of memory, nesting deeper than followed, the run's step
 * limit). */
struct ir_slot_value *ir_const_varyings(const struct ir_shader *vs, bool *fixed);

/* Replaces every `load` of decl (a varying of the fragment shader `fs`) by
 * a constant of its type whose components are value[0..comps); the decl is
 * then unused. Returns the number of loads replaced. */
unsigned ir_fold_varying(struct ir_shader *fs, uint32_t decl, const union ir_scalar *value);

#endif
