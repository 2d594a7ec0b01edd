/*
 * qir_host.h: the host program ("preshader"): values a shader computes
 * from uniforms and constants only, computed once per draw by the driver
 * instead of on every vertex or pixel, and read by the shader as HOST
 * uniforms. Owns the pass that finds and hoists them
 * (opt_host_uniforms.c) and the kinds of uniform the host knows before a
 * draw. The ops themselves are struct qir_host_op (qir.h); the driver side
 * evaluates them bit-exactly with the simulator's arithmetic
 * (compiler/vc4_host_eval.h). docs/compiler.md, "Host uniforms".
 */
#ifndef VC4_QIR_QIR_HOST_H
#define VC4_QIR_QIR_HOST_H

#include "qir/qir.h"

/* Whether the driver knows a uniform of kind k before the draw, so that a
 * host op may read it: constants, user words, the viewport's scales and
 * offset, the blend colour and earlier host results. Not texture
 * configuration, buffer addresses or the stream's own address. */
static inline bool qir_uniform_host_known(uint32_t kind)
{
	switch (kind) {
	case QIR_UNIFORM_CONST: case QIR_UNIFORM_USER: case QIR_UNIFORM_HOST:
	case QIR_UNIFORM_VIEWPORT_X_SCALE: case QIR_UNIFORM_VIEWPORT_Y_SCALE:
	case QIR_UNIFORM_VIEWPORT_Z_OFFSET: case QIR_UNIFORM_VIEWPORT_Z_SCALE:
	case QIR_UNIFORM_BLEND_CONST:
		return true;
	default:
		return false;
	}
}

/* Whether op may run on the host: a pure ALU or SFU op with a result and
 * at least one source (no FIFO, TMU, TLB, payload or immediate op). */
bool qir_host_op_ok(uint32_t op);

/* Hoists uniform-only computation into c->host (opt_host_uniforms.c): an
 * unconditional instruction without flags, pack or unpack whose op passes
 * qir_host_op_ok(), writing a temp it alone defines, from host-known
 * uniforms, immediates (small ones or a load_imm's) and earlier hoisted
 * temps, becomes a host op; each such temp read by an instruction that is
 * not hoisted is then defined by `mov t, uH` (a HOST uniform) instead, and
 * the hoisted instructions are left to DCE. Copies (mov, mmov) only alias
 * their source; an fmov of a plain uniform or immediate is not hoisted. The
 * unconditional write of a select's temp becomes `mov t, uH` when it reads
 * a hoisted temp or two different uniforms. Nothing changes when the ops
 * removed are fewer than 1 % of the program's instructions.
 * True when it changed the program; sets c->oom on allocation failure. */
bool qir_opt_host_uniforms(struct qir_compile *c);

/* Appends c->host to out->host; false on OOM. */
bool qir_host_copy(const struct qir_compile *c, struct qir_uniform_stream *out);

#endif
