/*
 * ir_interp.h: the reference interpreter — runs one invocation of a
 * validated vertex or fragment shader with plain C float semantics. It is
 * the oracle the compiler's execution tests compare against (within the
 * tolerances docs/ir.md lists: SFU precision, sin/cos polynomials, denormal
 * flushing, mul24).
 *
 * Inputs and outputs live in one array of slot values, indexed like
 * sh->decls: the caller fills attributes / varyings (fragment) / uniforms,
 * the run writes varyings (vertex), outputs and locals. Locals start at zero.
 * Components are raw 32-bit scalars (float bits, int32, bool 0/1); a mat4 is
 * 16 floats, column-major (component 4*c + r is column c, row r).
 */
#ifndef VC4_IR_IR_INTERP_H
#define VC4_IR_IR_INTERP_H

#include "ir/ir.h"

struct ir_slot_value {
	union ir_scalar c[IR_MAX_COMPS];
};

/* Samples texture `sampler` (a decl index) at coord[0..ncoord) with an
 * optional bias; writes RGBA. */
typedef void (*ir_sample_fn)(void *user, uint32_t sampler, const float *coord,
			     unsigned ncoord, bool has_bias, float bias, float rgba[4]);

struct ir_interp_io {
	struct ir_slot_value *slots;    /* sh->decls.len entries */
	/* Per decl (sh->decls.len entries, may be NULL: all zero): a uniform
	 * array's len * comps components, element after element. */
	const union ir_scalar *const *arrays;
	ir_sample_fn sample;            /* may be NULL: samples read (0, 0, 0, 1) */
	void *sample_user;
	float frag_coord[4];            /* fragment built-ins */
	bool front_facing;
	float point_coord[2];
	uint64_t max_steps;             /* instructions executed at most; 0: 1 << 24 */
	bool discarded;                 /* out: the invocation ran 'discard' */
	uint64_t steps;                 /* out: instructions executed */
};

/* Runs `sh` once. False + "NAME: instr N: ..." when the step limit is hit or
 * out of memory. A discard stops the run (io->discarded = true). */
bool ir_interpret(const struct ir_shader *sh, struct ir_interp_io *io, struct vc4_diag *diag);

/* A zeroed slot array for `sh` (calloc'ed; free() it), or NULL. */
struct ir_slot_value *ir_interp_slots(const struct ir_shader *sh);

#endif
