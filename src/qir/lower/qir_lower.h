/*
 * qir_lower.h: lowering the shader IR (ir/ir.h) to QIR (qir/qir.h) for one
 * stage and one shader key, and the late uniform-stream reset pass.
 *
 * A vertex shader gives two programs: QIR_STAGE_COORD (binning: position
 * only) and QIR_STAGE_VERTEX (full); a fragment shader gives one. What the
 * programs read and write (VPM layouts, varyings, TLB writes, uniform kinds,
 * pseudo-ops the emitter expands) is specified in docs/lowering.md.
 *
 *   struct qir_compile *vs = qir_lower_shader(ir_vs, ir_fs, &key, QIR_STAGE_VERTEX, &diag);
 *   qir_optimize(vs, &diag); qir_lower_uniforms(vs);
 *   ... scheduling ...
 *   qir_lower_uniform_resets(vs, &diag);   (after the last reordering)
 */
#ifndef VC4_QIR_LOWER_QIR_LOWER_H
#define VC4_QIR_LOWER_QIR_LOWER_H

#include "ir/ir.h"
#include "qir/lower/shader_key.h"
#include "qir/qir.h"

/* Lowers the validated shader `sh` for `stage` (COORD or VERTEX for a
 * vertex shader, FRAGMENT for a fragment shader) with `key` (whose stage
 * must be `stage`, or VERTEX for a COORD compile). `fs` (may be NULL) is the
 * fragment shader a vertex shader is linked with: the VS writes the FS's
 * varyings in the FS's order, matched by name (0.0 for a varying the VS does
 * not write); without it, its own varyings in declaration order.
 * Returns the program, or NULL + diag ("NAME: instr N: ..." or
 * "NAME: ...") on unsupported input, a bad key, or out of memory. */
struct qir_compile *qir_lower_shader(const struct ir_shader *sh, const struct ir_shader *fs,
				     const struct qir_shader_key *key, enum qir_stage stage,
				     struct vc4_diag *diag);

/* Inserts the uniform-address reset (LOAD_IMM t, (n+1)*4; UNIFORMS_RESET t,
 * u(uniforms_address)) at the top of every non-entry block that reads a
 * uniform (TMU sideband reads included), n being the uniform reads before
 * that point in program order, and in the last block when the program has
 * a backward branch. Run it after every pass that moves or adds uniform
 * reads; the emitter must then keep each block's uniform reads in that
 * block. False + diag on OOM. */
bool qir_lower_uniform_resets(struct qir_compile *c, struct vc4_diag *diag);

#endif
