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
 * varyings the FS loads (qir_fs_varying_used) in the FS's order, matched
 * by name (0.0 for a varying the VS does not write); without it, its own
 * varyings in declaration order.
 * Returns the program, or NULL + diag ("NAME: instr N: ..." or
 * "NAME: ...") on unsupported input, a bad key, or out of memory. */
struct qir_compile *qir_lower_shader(const struct ir_shader *sh, const struct ir_shader *fs,
				     const struct qir_shader_key *key, enum qir_stage stage,
				     struct vc4_diag *diag);

/* Whether the fragment shader `fs` loads varying `decl` anywhere. Only
 * those are in the varying FIFO: the FS reads them (in declaration order),
 * a VS linked with `fs` writes only them, and the driver counts only them
 * in the shader record (varying count, flat-shade flags). A key's
 * back_varying may not name one that is not loaded. */
bool qir_fs_varying_used(const struct ir_shader *fs, uint32_t decl);

/* Inserts the uniform-address reset (LOAD_IMM t, (n+1)*4; UNIFORMS_RESET t,
 * u(uniforms_address)) at the top of every non-entry block that reads a
 * uniform (TMU sideband reads included), n being the uniform reads before
 * that point in program order, and in the last block when the program has
 * a backward branch. Run it after every pass that moves or adds uniform
 * reads; the emitter must then keep each block's uniform reads in that
 * block. False + diag on OOM. */
bool qir_lower_uniform_resets(struct qir_compile *c, struct vc4_diag *diag);

/* Uniform arrays read with a non-constant index (`load_index`) come from a
 * buffer the driver uploads per draw, the "UBO" (docs/lowering.md,
 * "Indexed uniform arrays"): the shader's uniform arrays in declaration
 * order, element e of an array at its offset + (e << ir_array_stride_log2),
 * component k 4 bytes further, padding 0. The UBO_ADDR uniforms name byte
 * offsets in it (relocated: BO address + offset). */
uint32_t qir_ubo_size(const struct ir_shader *sh);                /* bytes, 0: none */
uint32_t qir_ubo_array_offset(const struct ir_shader *sh, uint32_t decl);
/* The first user uniform word of decl `decl` (arrays take len * comps). */
uint32_t qir_user_word(const struct ir_shader *sh, uint32_t decl);
/* Fills the qir_ubo_size() / 4 words of `ubo` from the `nuser` user words
 * (bools become 0 / ~0, as QIR holds them). */
void qir_ubo_fill(const struct ir_shader *sh, const uint32_t *user, size_t nuser, uint32_t *ubo);

/* Puts the kernel's clamp pattern (`max t, off, 0` with a small immediate,
 * `min_noimm t2, t, clamp`) in the block of every TEX_DIRECT, before it with
 * no thread switch in between, where optimisation moved or shared it. Run
 * after the last optimisation or scheduling pass, before the uniform
 * resets. False + diag on OOM or a malformed read. */
bool qir_lower_direct_clamps(struct qir_compile *c, struct vc4_diag *diag);

#endif
