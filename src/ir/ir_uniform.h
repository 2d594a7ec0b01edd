/*
 * ir_uniform.h: uniformity analysis of a validated IR shader — which values
 * are the same in every lane of a QPU's 16, and where every lane runs the
 * code together.
 *
 * A value is uniform when it is computed only from constants, uniforms,
 * uniform-array reads at a uniform index and locals that are uniform; a
 * local is uniform when every store to it stores a uniform value where
 * every lane runs together. Lanes run together at the top level; inside an
 * `if` whose condition is uniform, entered together; and inside a `loop`
 * entered together whose every `break` and `continue` is reached together.
 * Attributes, varyings, texture results and the fragment built-ins are not
 * uniform (a texture result could be, but is not assumed to be). A
 * `discard` does not matter: a discarded lane's results are dropped, so it
 * may run on with the others.
 *
 * The analysis assumes everything uniform and demotes locals and loops until
 * nothing changes: one pass over the shader per demotion, at most
 * (locals + loops + 1) passes.
 */
#ifndef VC4_IR_IR_UNIFORM_H
#define VC4_IR_IR_UNIFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"

struct ir_uniformity {
	uint8_t *value;     /* per value: 1 when the same in every lane */
	uint8_t *together;  /* per instruction: 1 when every lane runs it together */
	uint32_t passes;    /* passes over the shader the analysis took */
};

/* Analyses `sh` (validated: its `match` fields set) into u, whose arrays
 * the caller frees with ir_uniformity_free(). False (diag) when out of
 * memory. */
bool ir_uniformity(const struct ir_shader *sh, struct ir_uniformity *u, struct vc4_diag *diag);

/* Whether the `if` at instruction i branches the same way in every lane
 * (reached together, uniform condition). */
bool ir_uniform_if(const struct ir_shader *sh, const struct ir_uniformity *u, uint32_t i);

void ir_uniformity_free(struct ir_uniformity *u);

#endif
