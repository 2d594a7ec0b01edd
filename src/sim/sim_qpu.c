/*
 * sim_qpu.c: the QPU interpreter's run loop: the fast path (plain ALU
 * instructions, operands resolved at decode time, the op loops inlined,
 * one jump per instruction shape), the peripheral fast path (uniform and
 * varying reads, SFU, TMU and TLB writes, MUL packs, signals), the pending
 * delays (SFU result, branch, thread end) and sim_qpu_step()/sim_qpu_run().
 * Decoding is in sim_decode.c, the general path in sim_exec.c, the state's
 * set-up (sim_qpu_init(), sim_qpu_reinit()) in sim_state.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_inst.h"
#include "sim_vpm.h"

/* Stores one ALU result as decode_fast_operands() planned. */
static SIM_ALWAYS_INLINE void fast_store(struct sim_qpu *q, const struct sim_inst *in, unsigned u,
			      const uint32_t *res)
{
	uint32_t *dst = (uint32_t *)(void *)((char *)q + in->dst[u]);
	if (in->store[u] == ST_ALL)
		copy_lanes(dst, res);
	else if (in->store[u] == ST_MASK)
		masked_store(dst, res, q->cm[in->cond[u]], ~0u);
}

/* exec_fast() with setf: the ops with carry through the out-of-line
 * sim_alu_add()/sim_alu_mul() (inlining them twice more costs code size). */
static SIM_ALWAYS_INLINE void exec_fast_flags(struct sim_qpu *q, const struct sim_inst *in)
{
	uint32_t res[2][16], carry[16];
	bool add = in->op_add != QPU_A_NOP;
	if (add)
		sim_alu_add(in->op_add, sim_src_ptr(q, in->src[0]), sim_src_ptr(q, in->src[1]),
			    res[0], carry);
	if (in->op_mul != QPU_M_NOP)
		sim_alu_mul(in->op_mul, q->opt.fmul_round, sim_src_ptr(q, in->src[2]),
			    sim_src_ptr(q, in->src[3]), res[1], add ? NULL : carry);
	fast_store(q, in, 0, res[0]);
	fast_store(q, in, 1, res[1]);
	if (add)
		set_flags(q, in->cond[0], qpu_add_ops[in->op_add].float_out, res[0], carry);
	else if (in->op_mul != QPU_M_NOP)
		set_flags(q, in->cond[1], qpu_mul_ops[in->op_mul].float_out, res[1], carry);
}

/* The add and mul ops of a decoded instruction without flags, each result
 * into res[0] and res[1] (a NOP leaves its row unwritten). */
static SIM_ALWAYS_INLINE void exec_ops(struct sim_qpu *q, const struct sim_inst *in,
				       uint32_t res[2][16])
{
	if (in->op_add != QPU_A_NOP)
		sim_lanes_add((enum qpu_op_add)in->op_add, sim_src_ptr(q, in->src[0]),
			      sim_src_ptr(q, in->src[1]), res[0], NULL);
	if (in->op_mul != QPU_M_NOP)
		sim_lanes_mul((enum qpu_op_mul)in->op_mul, q->opt.fmul_round,
			      sim_src_ptr(q, in->src[2]), sim_src_ptr(q, in->src[3]), res[1], NULL);
}

/* An ALU instruction that only reads registers/constants and writes
 * registers/accumulators (decode_fast_paths()): operands and destinations
 * resolved at decode time, the op loops inlined. Same semantics as
 * exec_alu(); tests/sim/test_sim_fast.c compares the two. */
static SIM_ALWAYS_INLINE void exec_fast(struct sim_qpu *q, const struct sim_inst *in)
{
	if (in->sf) {
		exec_fast_flags(q, in);
		return;
	}
	uint32_t res[2][16];
	exec_ops(q, in, res);
	fast_store(q, in, 0, res[0]);
	fast_store(q, in, 1, res[1]);
}

/* exec_fast() of an instruction of shape (add op a, mul op m), both
 * constants: the ops' loops alone, both results stored to all lanes
 * (with SIM_SHAPE_DIRECT straight into the registers where in->direct
 * allows, and the v8min shapes, movs, as copies). */
static SIM_ALWAYS_INLINE void shaped_ops(struct sim_qpu *q, const struct sim_inst *in,
					 enum qpu_op_add a, enum qpu_op_mul m)
{
#if SIM_SHAPE_DIRECT
	uint32_t *out0 = (uint32_t *)(void *)((char *)q + in->out[0]);
	uint32_t *out1 = (uint32_t *)(void *)((char *)q + in->out[1]);
	const bool direct = in->direct;
	if (a != QPU_A_NOP)
		sim_lanes_add(a, sim_src_ptr(q, in->src[0]), sim_src_ptr(q, in->src[1]), out0,
			      NULL);
	if (m == QPU_M_V8MIN) /* a mov (fast_shape()) */
		copy_lanes(out1, sim_src_ptr(q, in->src[2]));
	else if (m != QPU_M_NOP)
		sim_lanes_mul(m, SIM_FMUL_RTZ, sim_src_ptr(q, in->src[2]),
			      sim_src_ptr(q, in->src[3]), out1, NULL);
	if (direct)
		return;
	if (a != QPU_A_NOP)
		copy_lanes((uint32_t *)(void *)((char *)q + in->dst[0]), out0);
	if (m != QPU_M_NOP)
		copy_lanes((uint32_t *)(void *)((char *)q + in->dst[1]), out1);
#else
	uint32_t res[2][16];
	if (a != QPU_A_NOP)
		sim_lanes_add(a, sim_src_ptr(q, in->src[0]), sim_src_ptr(q, in->src[1]), res[0],
			      NULL);
	if (m != QPU_M_NOP)
		sim_lanes_mul(m, SIM_FMUL_RTZ, sim_src_ptr(q, in->src[2]),
			      sim_src_ptr(q, in->src[3]), res[1], NULL);
	if (a != QPU_A_NOP)
		copy_lanes((uint32_t *)(void *)((char *)q + in->dst[0]), res[0]);
	if (m != QPU_M_NOP)
		copy_lanes((uint32_t *)(void *)((char *)q + in->dst[1]), res[1]);
#endif
}

#define SHAPE_CASES(op)                                                                     \
	case SIM_SHAPE(SIM_SHAPE_A_##op, 0): shaped_ops(q, in, QPU_A_##op, QPU_M_NOP); break;    \
	case SIM_SHAPE(SIM_SHAPE_A_##op, 1): shaped_ops(q, in, QPU_A_##op, QPU_M_FMUL); break;   \
	case SIM_SHAPE(SIM_SHAPE_A_##op, 2): shaped_ops(q, in, QPU_A_##op, QPU_M_V8MIN); break;

/* The ops and stores of an instruction by its shape (sim_inst.h,
 * SIM_SHAPE()): one jump to the ops' code. `shapes` is 0 when fmul
 * rounds to nearest (the shapes assume toward zero). False for shape 0
 * (nothing done). */
static SIM_ALWAYS_INLINE bool shape_ops(struct sim_qpu *q, const struct sim_inst *in,
					unsigned shapes)
{
	switch (in->shape & shapes) {
	SIM_SHAPE_ADD_OPS(SHAPE_CASES)
	default: return false;
	}
	return true;
}

/* Whether run_threaded() (below, GCC's labels as values) runs the shaped
 * instructions while fmul rounds toward zero: where SIM_SHAPE_DIRECT is
 * (off x86). run() and exec_periph() then leave shape_ops() out. */
#if SIM_SHAPE_DIRECT && defined(__GNUC__)
#define SIM_THREADED 1
static const uint8_t *run_threaded(struct sim_qpu *q, const struct sim_inst *in,
				   const struct sim_inst *end, const uint8_t *unif);
#else
#define SIM_THREADED 0
static inline const uint8_t *run_threaded(struct sim_qpu *q, const struct sim_inst *in,
					  const struct sim_inst *end, const uint8_t *unif)
{
	(void)q, (void)in, (void)end;
	return unif;
}
#endif

/* exec_fast() through shape_ops() when the instruction has a shape. */
static SIM_ALWAYS_INLINE void exec_shaped(struct sim_qpu *q, const struct sim_inst *in,
					  unsigned shapes)
{
	if (!shape_ops(q, in, shapes))
		exec_fast(q, in);
}

/* A varying read of an instruction with SIM_FIFO_VARY into buf,
 * its C term straight into r5, the old r5 first copied to q->r5_prev for
 * the instruction's ops when they read it (SIM_FIFO_R5): the effects of the
 * general path's read, whose C term reaches r5 after the instruction. */
static SIM_ALWAYS_INLINE bool vary_now(struct sim_qpu *q, const struct sim_inst *in,
				       uint32_t *buf, struct vc4_diag *diag)
{
	if (!q->hooks.varying)
		return vc4_diag_set(diag, "ip %u: varying read without a 3D pipeline", q->ip);
	if (in->fifo & SIM_FIFO_R5)
		copy_lanes(q->r5_prev, q->acc[5]);
	/* in the run's mode: the hook rounds as it needs (sim_qpu.h) */
	return q->hooks.varying(q->hooks.user, q, buf, q->acc[5], diag);
}

/* A uniform (`rd` RD_UNIF: one pop for all lanes), varying (RD_VARY:
 * the pipeline's hook; its C term reaches r5 after the instruction, or at
 * once with vary_now()) or VPM (RD_VPM) read into buf, as the general
 * path reads them. */
static SIM_ALWAYS_INLINE bool read_fifo(struct sim_qpu *q, const struct sim_inst *in, unsigned rd,
					uint32_t *buf, struct vc4_diag *diag)
{
	if (rd == RD_UNIF) {
		uint32_t v = 0;
		const uint8_t *p;
		if (q->unif_in_mem && (p = sim_memory_ptr(q->mem, q->unif_addr, 4))) {
			/* sim_pop_uniform() of a word inside memory, inline */
			v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
			    (uint32_t)p[3] << 24;
			q->unif_addr += 4;
		} else if (!sim_pop_uniform(q, "uniform read", &v, diag)) {
			return false;
		}
		for (int i = 0; i < 16; i++)
			buf[i] = v;
		return true;
	}
	if (rd == RD_VPM)
		return sim_vpm_read(q, buf, diag);
	if (in->fifo & SIM_FIFO_VARY)
		return vary_now(q, in, buf, diag);
	if (!q->hooks.varying)
		return vc4_diag_set(diag, "ip %u: varying read without a 3D pipeline", q->ip);
	q->vary_c_pending = true;
	/* in the run's mode: the hook rounds as it needs (sim_qpu.h) */
	return q->hooks.varying(q->hooks.user, q, buf, q->vary_c, diag);
}

/* Unit u's result packed by the regfile A pack (PM=0) as sim_exec.c's
 * write_result_slow() packs it (the ADD unit's add and sub saturate their
 * exact sum), into v, the destination bits it writes into *bits. The
 * integer 16-bit halves, the packs of vertex coordinates, as a loop. */
static SIM_ALWAYS_INLINE void pack_a_lanes(const struct sim_qpu *q, const struct sim_inst *in,
					   unsigned u, const uint32_t *res, uint32_t *v,
					   uint32_t *bits)
{
	bool is_float = u ? qpu_mul_ops[in->op_mul].float_out : qpu_add_ops[in->op_add].float_out;
	if (!is_float && (in->pack == QPU_PACK_A_16A || in->pack == QPU_PACK_A_16B)) {
		uint32_t sh = in->pack == QPU_PACK_A_16B ? 16 : 0;
		for (int i = 0; i < 16; i++)
			v[i] = (res[i] & 0xffffu) << sh;
		*bits = 0xffffu << sh;
		return;
	}
	const uint32_t *a = sim_src_ptr(q, in->src[0]), *b = sim_src_ptr(q, in->src[1]);
	for (int i = 0; i < 16; i++) {
		int64_t wide = (int32_t)res[i];
		if (!u && in->op_add == QPU_A_ADD)
			wide = (int64_t)(int32_t)a[i] + (int32_t)b[i];
		else if (!u && in->op_add == QPU_A_SUB)
			wide = (int64_t)(int32_t)a[i] - (int32_t)b[i];
		v[i] = sim_pack_a((enum qpu_pack_a)in->pack, is_float, res[i], wide, bits);
	}
}

/* The stores of exec_periph() beyond registers: SFU, TMU, TLB and VPM
 * (data, setup, DMA) writes (lanes whose condition fails give 0), and the MUL unit's PM=1 pack into
 * a register, an accumulator (only the packed bits) or the TLB. */
SIM_CLONES
static bool periph_store(struct sim_qpu *q, const struct sim_inst *in, unsigned u,
			 const uint32_t *res, struct vc4_diag *diag)
{
	const uint32_t *lanes = q->cm[in->cond[u]];
	uint32_t v[16], bits = ~0u;
#if SIM_SHAPE_DIRECT
	if (in->store[u] == ST_PACK && in->cond[u] == QPU_COND_ALWAYS) {
		/* the colour pack merged into its register in one loop */
		sim_lanes_pack_mul_into(in->pack, res, (uint32_t *)(void *)((char *)q + in->dst[u]));
		return true;
	}
#endif
	if (in->store[u] >= ST_PACK) {
		if (in->store[u] == ST_PACK_A)
			pack_a_lanes(q, in, u, res, v, &bits);
		else
			sim_lanes_pack_mul(in->pack, res, v, &bits);
		if (in->store[u] == ST_PACK_PERIPH)
			return sim_write_periph(q, in, u, v, lanes, diag);
		uint32_t *dst = (uint32_t *)(void *)((char *)q + in->dst[u]);
		if (in->cond[u] == QPU_COND_ALWAYS && bits == ~0u) /* as sim_exec.c's write_dest() */
			copy_lanes(dst, v);
		else
			masked_store(dst, v, lanes, bits);
		return true;
	}
	if (in->wr[u] != WR_SFU && in->wr[u] != WR_TMU) /* TLB, VPM */
		return sim_write_periph(q, in, u, res, lanes, diag);
	for (int i = 0; i < 16; i++)
		v[i] = res[i] & lanes[i];
	if (in->wr[u] == WR_SFU) {
		sim_sfu_start(q, in->wi[u], v);
		return true;
	}
	return sim_write_tmu(q, in->wi[u], v, lanes, diag);
}

/* The end of exec_periph(): r5 from a varying read, then the signal. */
static SIM_ALWAYS_INLINE bool exec_periph_end(struct sim_qpu *q, const struct sim_inst *in,
					      struct vc4_diag *diag)
{
	if (q->vary_c_pending) { /* after the reads of r5 and the writes */
		copy_lanes(q->acc[5], q->vary_c);
		q->vary_c_pending = false;
	}
	return in->sig == QPU_SIG_NONE || in->sig == QPU_SIG_SMALL_IMM ||
	       sim_exec_signal(q, in, diag);
}

#if SIM_THREADED
/* exec_ops() out of line for the peripheral path of run() (threaded code
 * off x86): the unshaped ops are rare there once half shapes and movs
 * take the common ones, and inlined they spread run()'s peripheral path
 * over several pages (a block lookup under QEMU for each jump between
 * them). */
__attribute__((noinline))
static void periph_ops(struct sim_qpu *q, const struct sim_inst *in, uint32_t res[2][16])
{
	exec_ops(q, in, res);
}
#else
#define periph_ops exec_ops
#endif

/* exec_periph()'s ops and stores when its instruction has no shape; a
 * unit whose op is a `mov` into a peripheral or pack store (in->mov, off
 * x86) stores its operand in place instead of a copy of it. */
static SIM_ALWAYS_INLINE bool exec_periph_ops(struct sim_qpu *q, const struct sim_inst *in,
					      struct vc4_diag *diag)
{
	uint32_t res[2][16];
#if SIM_SHAPE_DIRECT
	const uint32_t *r[2] = { res[0], res[1] };
	if (in->mov) {
		if (in->mov & 1)
			r[0] = sim_src_ptr(q, in->src[0]);
		else if (in->op_add != QPU_A_NOP)
			sim_alu_add((enum qpu_op_add)in->op_add, sim_src_ptr(q, in->src[0]),
				    sim_src_ptr(q, in->src[1]), res[0], NULL);
		if (in->mov & 2)
			r[1] = sim_src_ptr(q, in->src[2]);
		else if (in->op_mul != QPU_M_NOP)
			sim_alu_mul((enum qpu_op_mul)in->op_mul, q->opt.fmul_round,
				    sim_src_ptr(q, in->src[2]), sim_src_ptr(q, in->src[3]), res[1],
				    NULL);
	} else {
		periph_ops(q, in, res);
	}
#else
	const uint32_t *r[2] = { res[0], res[1] };
	exec_ops(q, in, res);
#endif
	for (unsigned u = 0; u < 2; u++) {
		if (in->store[u] < ST_PERIPH)
			fast_store(q, in, u, r[u]);
		else if (!periph_store(q, in, u, r[u], diag))
			return false;
	}
	return true;
}

/* exec_periph()'s shaped ops in threaded code (run_threaded()), with a
 * half shape's other unit, a `mov` stored from its operand: the ADD's
 * before the MUL's ops (it writes no register), the MUL's after the ADD's
 * (its operand is not the ADD's destination; sim_decode.c); half shape
 * 3's colour pack is stored by run_threaded() (run_fifo()). */
static SIM_ALWAYS_INLINE bool exec_periph_threaded(struct sim_qpu *q, const struct sim_inst *in,
						   struct vc4_diag *diag)
{
	if (in->half == 2 && !periph_store(q, in, 0, sim_src_ptr(q, in->src[0]), diag))
		return false;
	run_threaded(q, in, in + 1, NULL); /* its shape's code alone */
	return in->half != 1 || periph_store(q, in, 1, sim_src_ptr(q, in->src[2]), diag);
}

/* An instruction with exec_fast()'s reads or uniform, varying, VPM and
 * per-lane pipeline reads, r4 through the PM=1 unpack (no setf, regfile A
 * unpack or rotation) whose writes may
 * also go to the SFU, a TMU, the TLB or the VPM, or through the MUL unit's colour pack, with any
 * signal (decode_fast_paths()): the FIFO reads, the ops as in exec_fast(),
 * then the writes in unit order, r5 from a varying read and the signal, as
 * exec_alu() and exec() do them (same effects, same errors). */
static SIM_ALWAYS_INLINE bool exec_periph(struct sim_qpu *q, const struct sim_inst *in,
					  unsigned shapes, struct vc4_diag *diag)
{
	if (in->fifo) { /* decode_fast_paths() */
		if ((in->fifo & SIM_FIFO_A) && !read_fifo(q, in, in->rd_a, q->rdbuf[QPU_FILE_A], diag))
			return false;
		if ((in->fifo & SIM_FIFO_B) && !read_fifo(q, in, in->rd_b, q->rdbuf[QPU_FILE_B], diag))
			return false;
	}
	if (in->unpack) /* PM=1: r4 as float, as exec_alu()'s operand() */
		sim_lanes_unpack_float(in->unpack, q->acc[4], q->r4unp);
	if (SIM_THREADED && (in->shape & shapes)) {
		if (!exec_periph_threaded(q, in, diag))
			return false;
	} else if (!shape_ops(q, in, SIM_THREADED ? 0 : shapes) && !exec_periph_ops(q, in, diag)) {
		return false;
	}
	return exec_periph_end(q, in, diag);
}

/* A load immediate of decode_li_periph()'s kind: its lanes stored through
 * both units in unit order, as sim_exec.c's exec_li() does (same effects,
 * same errors). */
static SIM_ALWAYS_INLINE bool exec_li_periph(struct sim_qpu *q, const struct sim_inst *in,
					     struct vc4_diag *diag)
{
	for (unsigned u = 0; u < 2; u++) {
		if (in->store[u] < ST_PERIPH)
			fast_store(q, in, u, in->vimm);
		else if (!periph_store(q, in, u, in->vimm, diag))
			return false;
	}
	return true;
}

/* A peripheral instruction (exec_periph(), exec_li_periph()): SIM_RUNNING
 * or SIM_ERROR. With threaded code (off x86) out of line on its own page
 * (SIM_PAGE_ALIGN): inside run() its code lay over several pages between
 * the op loops, and under QEMU each jump between them costs a block
 * lookup; the call and its return cost two. */
#if SIM_THREADED
SIM_PAGE_ALIGN __attribute__((noinline))
#else
SIM_ALWAYS_INLINE
#endif
static enum sim_status exec_periph_any(struct sim_qpu *q, const struct sim_inst *in,
				       unsigned shapes, struct vc4_diag *diag)
{
	return (in->form == F_LI ? exec_li_periph(q, in, diag) : exec_periph(q, in, shapes, diag))
		? SIM_RUNNING : SIM_ERROR;
}

/* The end of `k` instructions while an SFU result, a branch or a thread end
 * is pending: counts their delay down by k, no further than the nearest of
 * them (k <= pending_left()), so that each arrives after exactly the
 * instruction it would one at a time. Returns SIM_DONE at thread end. */
static SIM_ALWAYS_INLINE enum sim_status pending_tick(struct sim_qpu *q, uint32_t k)
{
	if (q->sfu_delay && (q->sfu_delay -= k) == 0)
		copy_lanes(q->acc[4], q->sfu_val); /* in run()'s clones: 32-byte moves */
	if (q->br_pending && (q->br_pending -= k) == 0)
		q->ip = q->br_target;
	if (q->end_pending && (q->end_pending -= k) == 0)
		return SIM_DONE;
	return SIM_RUNNING;
}

/* Instructions until the nearest pending SFU result, branch or thread end
 * (at least one of them is pending). */
static uint32_t pending_left(const struct sim_qpu *q)
{
	uint32_t m = UINT32_MAX;
	if (q->sfu_delay)
		m = q->sfu_delay;
	if (q->br_pending && q->br_pending < m)
		m = q->br_pending;
	if (q->end_pending && q->end_pending < m)
		m = q->end_pending;
	return m;
}

/* The next `pops` words of the uniform stream for a run of instructions
 * (their reads cannot fail): a pointer to them, the stream advanced past
 * them; NULL, nothing done, when some of them lie outside the memory or
 * past the stream's end (the instructions then run one at a time, and the
 * failing read fails as it always did). */
static const uint8_t *run_uniforms(struct sim_qpu *q, uint32_t pops)
{
	const uint8_t *p;
	if (q->unif_in_mem) {
		if (pops > UINT32_MAX / 4 || !(p = sim_memory_ptr(q->mem, q->unif_addr, pops * 4)))
			return NULL;
		q->unif_addr += pops * 4;
		return p;
	}
	if (pops > q->unif_count - q->unif_pos || q->unif_pos > q->unif_count)
		return NULL;
	p = (const uint8_t *)(q->unif + q->unif_pos);
	q->unif_pos += pops;
	return p;
}

/* What run_reads() gives a run without uniforms: never read. */
static const uint8_t no_uniforms[4];

/* The FIFO reads of the run [in, in + len) (len <= in->fast_run), taken
 * at once: its uniforms (run_uniforms(), no_uniforms for none) and its
 * varyings, at most as many as hooks.varyings_left() says the hook will
 * serve. NULL, nothing done, when the run cannot take them (its
 * instructions then go one at a time, and a failing read fails at its own
 * instruction as it always did). */
static const uint8_t *run_reads(struct sim_qpu *q, const struct sim_inst *in, uint32_t len)
{
	bool whole = len == in->fast_run;
	uint32_t vary = in->vary_run - (whole ? 0 : in[len].vary_run);
	if (vary && (!q->hooks.varying || !q->hooks.varyings_left ||
		     q->hooks.varyings_left(q->hooks.user) < vary))
		return NULL;
	uint32_t pops = in->unif_run - (whole ? 0 : in[len].unif_run);
	return pops ? run_uniforms(q, pops) : no_uniforms;
}

/* A uniform of run_uniforms()'s words into all lanes of buf (the memory's
 * words are little-endian, the uniform array's in host order); the next
 * word. */
static SIM_ALWAYS_INLINE const uint8_t *run_uniform(const struct sim_qpu *q,
						    const uint8_t *p, uint32_t *buf)
{
	uint32_t v;
	if (q->unif_in_mem)
		v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		    (uint32_t)p[3] << 24;
	else
		memcpy(&v, p, 4);
	for (int i = 0; i < 16; i++)
		buf[i] = v;
	return p + 4;
}

/* The start of an instruction with `fifo` bits in a run, or of the one
 * peripheral instruction run_threaded() is given with `unif` NULL (its
 * FIFO reads done): a uniform of run_uniforms()'s words or a varying
 * (vary_now(), which cannot fail: run() took no more than
 * hooks.varyings_left() said) into its file's buffer (SIM_FIFO_READS),
 * then half shape 3's colour pack into its register (SIM_FIFO_PACK;
 * sim_decode.c's pack_first()). Returns the next uniform word. */
static SIM_ALWAYS_INLINE const uint8_t *run_fifo(struct sim_qpu *q, const struct sim_inst *in,
						 const uint8_t *unif)
{
	if ((in->fifo & SIM_FIFO_READS) && unif) {
		/* the uniforms, the commoner, marked likely: else GCC laid them
		 * out on another page of run_threaded() (two block lookups each
		 * under QEMU) and the varyings inline */
		uint32_t *buf = q->rdbuf[(in->fifo & SIM_FIFO_B) != 0];
		if (__builtin_expect(!(in->fifo & SIM_FIFO_VARY), 1))
			unif = run_uniform(q, unif, buf);
		else
			vary_now(q, in, buf, NULL);
	}
#if SIM_SHAPE_DIRECT
	if (in->fifo & SIM_FIFO_PACK)
		sim_lanes_pack_mul_into(in->pack, sim_src_ptr(q, in->src[2]),
					(uint32_t *)(void *)((char *)q + in->dst[1]));
#endif
	return unif;
}

/* Fills the constant vectors `prog` reads that q does not have yet. */
static void fill_konst(struct sim_qpu *q, const struct sim_program *prog)
{
	for (unsigned k = 0; k < SIM_KONST_COUNT; k++) {
		uint32_t bit = 1u << (k % 32);
		if (!(prog->konst_need[k / 32] & bit) || (q->konst_valid[k / 32] & bit))
			continue;
		for (unsigned i = 0; i < 16; i++)
			q->konst[k][i] = k == SIM_KONST_ZERO ? 0 : k == SIM_KONST_ELEM ? i
				       : qpu_small_imms[k - SIM_KONST_SIMM].bits;
		q->konst_valid[k / 32] |= bit;
	}
}

#if SIM_THREADED
/* The instructions [in, end) of a fast run (in < end) while fmul rounds
 * toward zero, their uniforms from `unif` (run_reads(); NULL for the
 * one shaped instruction exec_periph() passes, whose FIFO reads are done
 * then): the effects of run()'s loop of exec_shaped(), in
 * threaded code: the code of each shape (and of the unshaped ones,
 * exec_fast()) ends with its own jump through a table of label addresses
 * to the next instruction's, so that under QEMU an instruction costs one
 * block lookup (the jump through a register) instead of a switch, a jump
 * table, and jumps to the loop's latch and head on other pages; run()
 * without the shapes' code is a quarter of its size, its peripheral path
 * on fewer pages. Page-aligned, as run() is (sim_alu.h). Returns the
 * uniforms' next word. */
#define T_NEXT                                                                               \
	do {                                                                                 \
		if (!vc4_ptr_ne(++in, end))                                                  \
			return unif;                                                         \
		if (vc4_nonzero(in->fifo))                                                   \
			goto fifo;                                                           \
		goto *code[in->shape];                                                       \
	} while (0)
#define T_CASE(op, m, mul)                                                                   \
	t_##op##_##m: shaped_ops(q, in, QPU_A_##op, QPU_M_##mul); T_NEXT;
#define T_CASES(op) T_CASE(op, 0, NOP) T_CASE(op, 1, FMUL) T_CASE(op, 2, V8MIN)
#define T_LABEL(op, m) [SIM_SHAPE(SIM_SHAPE_A_##op, m)] = &&t_##op##_##m
#define T_LABELS(op) T_LABEL(op, 0), T_LABEL(op, 1), T_LABEL(op, 2),
/* The add ops of the shapes but nop, fadd and fsub, whose cases come last:
 * GCC lays the cases out in the reverse order, and the float shapes, the
 * hot ones, then lie together in the function's first pages; fmin and
 * fmax (the lighting's clamps) next to them (after them, the sphere's
 * fmax loop straddled a page: two block lookups a lane under QEMU). */
#define T_OTHER_OPS(X) X(FMINABS) X(FMAXABS) X(FTOI) X(ITOF) X(ADD) X(SUB) X(SHR) X(ASR) \
	X(SHL) X(MIN) X(MAX) X(AND) X(OR) X(XOR) X(FMIN) X(FMAX)
SIM_PAGE_ALIGN __attribute__((noinline))
static const uint8_t *run_threaded(struct sim_qpu *q, const struct sim_inst *in,
				   const struct sim_inst *end, const uint8_t *unif)
{
	static const void *const code[1 + 3 * SIM_SHAPE_A_COUNT] = {
		&&t_general, T_LABELS(NOP) T_LABELS(FADD) T_LABELS(FSUB) T_OTHER_OPS(T_LABELS)
	};
	_Static_assert(SIM_SHAPE_A_COUNT == 3 + 16, "T_OTHER_OPS: every other add op");
	if (!vc4_nonzero(in->fifo))
		goto *code[in->shape];
fifo:
	unif = run_fifo(q, in, unif);
	goto *code[in->shape];
t_general:
	exec_fast(q, in);
	T_NEXT;
	T_OTHER_OPS(T_CASES)
	T_CASE(NOP, 2, V8MIN) T_CASE(FSUB, 2, V8MIN) T_CASE(FADD, 2, V8MIN)
	T_CASE(NOP, 0, NOP) T_CASE(FADD, 0, NOP) T_CASE(FSUB, 1, FMUL) T_CASE(FSUB, 0, NOP)
	T_CASE(FADD, 1, FMUL) T_CASE(NOP, 1, FMUL)
}
#undef T_NEXT
#undef T_CASE
#undef T_CASES
#undef T_LABEL
#undef T_LABELS
#undef T_OTHER_OPS
#endif

/* Runs at most `max` instructions: SIM_LIMIT when they all ran without the
 * program ending, blocking or failing. The caller is inside sim_fpu_enter().
 * With opt.general_only every instruction takes the general path.
 * Fast instructions neither read q->ip nor start an SFU, branch or thread
 * end, so the loop keeps ip, the count and "something is pending" in locals
 * and syncs them around the general path, and a run of them ticks the
 * pending delays once (pending_tick()). */
SIM_CLONES SIM_PAGE_ALIGN
static enum sim_status run(struct sim_qpu *q, uint64_t max, struct vc4_diag *diag)
{
	const struct sim_program *prog = q->prog;
	const struct sim_inst *insts = prog->insts;
	const uint32_t count = prog->count;
	const bool fast_ok = !q->opt.general_only;
	const unsigned shapes = q->opt.fmul_round == SIM_FMUL_RTZ ? 0xffu : 0;
	for (unsigned w = 0; w < sizeof(prog->konst_need) / 4; w++)
		if (prog->konst_need[w] & ~q->konst_valid[w])
			fill_konst(q, prog);
	uint32_t ip = q->ip;
	uint64_t n = 0;
	enum sim_status st = SIM_LIMIT;
	bool pending = q->sfu_delay | q->br_pending | q->end_pending;
	while (n < max) {
		if (ip >= count) {
			vc4_diag_set(diag, "ip %u: outside the program (%u instructions)", ip, count);
			st = SIM_ERROR;
			break;
		}
		const struct sim_inst *in = &insts[ip];
		uint64_t len = 0;
		const uint8_t *unif = NULL;
		if (in->fast_run && fast_ok) {
			/* a run of fast instructions, while a delay counts no further
			 * than the instruction it ends after */
			len = in->fast_run;
			if (pending && pending_left(q) < len)
				len = pending_left(q);
			len = len < max - n ? len : max - n;
			if (!(unif = run_reads(q, in, (uint32_t)len)))
				len = 0; /* one instruction at a time, below */
		}
		if (len) {
			if (SIM_THREADED && shapes)
				run_threaded(q, in, in + len, unif);
			else
				for (const struct sim_inst *end = in + len; in < end; in++) {
					if (in->fifo)
						unif = run_fifo(q, in, unif);
					exec_shaped(q, in, SIM_THREADED ? 0 : shapes);
				}
			ip += (uint32_t)len;
			n += len;
			if (!pending)
				continue;
		} else {
			len = 1;
			q->ip = ip;
			if (in->periph && fast_ok)
				st = exec_periph_any(q, in, shapes, diag);
			else if (in->form == F_BRANCH && fast_ok) /* never blocks */
				st = sim_exec_branch(q, in, diag) ? SIM_RUNNING : SIM_ERROR;
			else
				st = sim_exec_general(q, in, diag);
			if (st != SIM_RUNNING)
				break;
			st = SIM_LIMIT;
			ip++;
			n++;
			pending = q->sfu_delay | q->br_pending | q->end_pending;
			if (!pending)
				continue;
		}
		q->ip = ip;
		enum sim_status t = pending_tick(q, (uint32_t)len);
		ip = q->ip;
		pending = q->sfu_delay | q->br_pending | q->end_pending;
		if (t == SIM_DONE) {
			st = SIM_DONE;
			break;
		}
	}
	q->ip = ip;
	q->instructions += n;
	return st;
}

enum sim_status sim_qpu_step(struct sim_qpu *q, struct vc4_diag *diag)
{
	enum sim_status st = run(q, 1, diag);
	return st == SIM_LIMIT ? SIM_RUNNING : st;
}

/* Names what a blocked instruction waits for. */
static void blocked_error(struct sim_qpu *q, struct vc4_diag *diag)
{
	const struct sim_inst *in = &q->prog->insts[q->ip];
	if (in->form == F_SEM)
		vc4_diag_set(diag, "ip %u: semaphore %u %s blocks forever (count %u, one QPU)",
			     q->ip, in->sem_index, in->sem_dec ? "acquire" : "release",
			     q->shared->sem[in->sem_index]);
	else
		vc4_diag_set(diag, "ip %u: mutex acquire blocks forever (held by QPU %d)", q->ip,
			     q->shared->mutex_owner);
}

unsigned sim_qpu_fpu_mode(void)
{
	return sim_fpu_get();
}

/* sim_fpu_enter() and sim_fpu_leave() around the run with the caller's
 * mode given: the run's mode set only when it differs, `mode` restored. */
enum sim_status sim_qpu_run_from(struct sim_qpu *q, uint64_t max_instructions, unsigned mode,
				 struct vc4_diag *diag)
{
	unsigned run_mode = sim_fpu_run_mode(mode);
	bool changed = run_mode != mode;
	if (changed)
		sim_fpu_set(run_mode);
	enum sim_status st = run(q, max_instructions, diag);
	if (changed)
		sim_fpu_set(mode);
	if (st == SIM_BLOCKED) {
		blocked_error(q, diag);
		st = SIM_ERROR;
	}
	return st;
}

enum sim_status sim_qpu_run(struct sim_qpu *q, uint64_t max_instructions,
			    struct vc4_diag *diag)
{
	return sim_qpu_run_from(q, max_instructions, sim_fpu_get(), diag);
}
