/*
 * qir_eval.h: a test-only QIR executor over 16 lanes, with the QPU's exact
 * ALU, pack/unpack, flag and SFU semantics from the simulator (sim/sim_alu.h),
 * so the lowering's math, blending and control flow can be checked before
 * QPU emission exists. Covers what the lowering emits except textures:
 * uniforms (const, user, blend constant, viewport), varyings (read value v,
 * C = 0, so `vary_add_c(v * W)` gives v * W), VPM reads/writes, payload,
 * the colour load and TLB writes, branches (any/all over the 16 lanes), and
 * TMU0 lookups answered by a callback (the request FIFO is modelled; filtering
 * is not).
 */
#ifndef VC4_TESTS_QIR_LOWER_QIR_EVAL_H
#define VC4_TESTS_QIR_LOWER_QIR_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "qir/qir.h"

#define QEVAL_LANES 16
#define QEVAL_MAX_IO 64
#define QEVAL_TMU_FIFO 8

/* One lane's texture request: coordinates as written (cube: r written). */
struct qeval_tex_request {
	uint32_t sampler;           /* `data` of the sideband uniforms */
	float s, t, r, bias;
	bool has_r, has_bias;
};
/* Returns the texel as the TMU does: RGBA8888, byte 0 = R. */
typedef uint32_t (*qeval_tex_fn)(void *user, const struct qeval_tex_request *req);

struct qeval {
	/* inputs */
	uint32_t user[QEVAL_MAX_IO];            /* QIR_UNIFORM_USER words */
	uint32_t blend_const[4];                /* float bits */
	uint32_t vp[4];                         /* viewport x/y scale, z scale, z offset */
	uint32_t vary[QEVAL_MAX_IO][QEVAL_LANES];
	uint32_t vpm_in[QEVAL_MAX_IO][QEVAL_LANES];
	uint32_t frag_w[QEVAL_LANES], frag_z[QEVAL_LANES], rev_flag[QEVAL_LANES];
	uint32_t frag_x[QEVAL_LANES], frag_y[QEVAL_LANES];
	uint32_t tlb_color_in[QEVAL_LANES];
	qeval_tex_fn tex;                       /* NULL: texels read 0 */
	void *tex_user;
	bool host_rounding;  /* float ops round to nearest and SFU ops are C's
			      * 1/x, 1/sqrt, exp2f, log2f (for comparing with
			      * the IR interpreter), not the hardware's */
	/* outputs */
	uint32_t vpm_out[QEVAL_MAX_IO][QEVAL_LANES];
	unsigned nvpm_out;
	uint32_t tlb_color[QEVAL_LANES], tlb_z[QEVAL_LANES];
	bool color_written[QEVAL_LANES], z_written[QEVAL_LANES];
	uint64_t steps;
	/* TMU state */
	struct qeval_tex_request pending[QEVAL_LANES];
	struct qeval_tex_request fifo[QEVAL_TMU_FIFO][QEVAL_LANES];
	unsigned fifo_len;
};

/* Runs c; false with a message in err (size 256) on an unsupported op or
 * more than max_steps instructions. */
bool qeval_run(const struct qir_compile *c, struct qeval *e, uint64_t max_steps, char *err);

#endif
