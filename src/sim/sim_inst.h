/*
 * sim_inst.h (internal to src/sim): the decoded instruction the interpreter
 * runs (struct sim_inst, made once per program by sim_decode.c), the lane
 * helpers both execution paths share, and the functions the general path
 * (sim_exec.c) offers the run loop and its fast paths (sim_qpu.c).
 */
#ifndef VC4_SIM_INST_H
#define VC4_SIM_INST_H

#include "sim_lanes.h"
#include "sim_qpu.h"
#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

/* How an instruction reads raddr_a / raddr_b. */
enum sim_rd {
	RD_NONE, RD_REG, RD_ZERO, RD_UNIF, RD_VARY, RD_ELEM, RD_QPU, RD_VPM, RD_MUTEX,
	RD_SIMM, RD_XPIX, RD_YPIX, RD_REV, RD_MSF,
};

/* What a write address does. */
enum sim_wr {
	WR_NONE, WR_REG, WR_ACC, WR_R5Q, WR_R5R, WR_IGNORE, WR_UNIF_ADDR, WR_TMU_NOSWAP,
	WR_HOST_INT, WR_TLB, WR_VPM, WR_VPM_SETUP, WR_VPM_DMA, WR_MUTEX_REL, WR_SFU,
	WR_TMU, WR_MSF,
};

enum sim_form { F_ALU, F_LI, F_SEM, F_BRANCH, F_ILLEGAL };

/* The shapes of fast and peripheral-fast instructions whose ops and
 * stores the run loop executes with the ops' code specialised
 * (shape_ops() in sim_qpu.c, one jump instead of the tests of exec_fast()
 * and exec_periph()): no setf, each unit's op nop or written to a
 * register or accumulator unconditionally (ST_ALL), the ADD op one of
 * SIM_SHAPE_ADD_OPS, the MUL op nop, fmul or v8min (off x86 only of one
 * operand, a mov, run as a copy: SIM_SHAPE_DIRECT). Shape 0: none of
 * these (exec_fast()); otherwise 1 + add index * 3 + mul index. */
#define SIM_SHAPE_ADD_OPS(X) X(NOP) X(FADD) X(FSUB) X(FMIN) X(FMAX) X(FMINABS) X(FMAXABS) \
	X(FTOI) X(ITOF) X(ADD) X(SUB) X(SHR) X(ASR) X(SHL) X(MIN) X(MAX) X(AND) X(OR) X(XOR)
#define SIM_SHAPE_ADD_ENUM(op) SIM_SHAPE_A_##op,
enum sim_shape_add { SIM_SHAPE_ADD_OPS(SIM_SHAPE_ADD_ENUM) SIM_SHAPE_A_COUNT };
#define SIM_SHAPE(add_index, mul_index) (1u + (add_index) * 3u + (mul_index))

/* Whether shaped instructions (shape_ops() in sim_qpu.c) with `direct`
 * set compute straight into their destination registers instead of into
 * locals that are then copied (16 loads and 16 stores per op): off x86,
 * where that copy was 2 % of the guest instructions of a frame under
 * qemu-arm. The ops write where out[] says (decided at decode time: a
 * select in the loop made GCC duplicate every shape's loops), the others'
 * results are copied from q->shape_out. The shapes' v8min is a mov there
 * (both operands the same), a copy instead of a byte loop, which does not
 * vectorise on armhf. x86 keeps the locals, its 32-byte copies (AVX2
 * clones) and v8min of any operands. */
#if SIM_HOST_DAZ
#define SIM_SHAPE_DIRECT 0
#else
#define SIM_SHAPE_DIRECT 1
#endif

/* How exec_fast() / exec_periph() store one ALU's result (exec_periph()
 * only: ST_PERIPH an SFU, TMU, TLB or VPM write; ST_PACK the MUL unit's PM=1
 * pack into a register or accumulator; ST_PACK_PERIPH that pack to the
 * TLB; ST_PACK_A a regfile A pack (PM=0) into a register of file A). */
enum sim_store { ST_NONE, ST_ALL, ST_MASK, ST_PERIPH, ST_PACK, ST_PACK_PERIPH, ST_PACK_A };

/* struct sim_inst's fifo: the reads (and the one store) before the ops. */
enum sim_fifo_bits {
	SIM_FIFO_A = 1,     /* raddr_a reads a uniform, varying or the VPM */
	SIM_FIFO_B = 2,     /* raddr_b does (one uniform pop when both read the
			     * uniform: SIM_FIFO_A only) */
	SIM_FIFO_READS = SIM_FIFO_A | SIM_FIFO_B,
	SIM_FIFO_PACK = 4,  /* half shape 3's colour pack, after the reads */
	SIM_FIFO_VARY = 8,  /* the one read is a varying whose C term goes to r5
			     * at once (sim_qpu.c's vary_now()) */
	SIM_FIFO_R5 = 16,   /* ... with r5 first saved into q->r5_prev, which
			     * the ops then read for r5 */
};

struct sim_inst {
	uint8_t form, sig;
	uint8_t op_add, op_mul;
	uint8_t mux[4];          /* add_a, add_b, mul_a, mul_b */
	uint8_t rd_a, rd_b, ra, rb;
	uint8_t wr[2], wi[2];    /* [0] = ADD, [1] = MUL: kind and index */
	uint8_t wfile[2];        /* file written by each ALU */
	uint8_t cond[2];
	uint8_t pack, unpack;
	bool sf, pm;
	uint8_t rot;             /* MUL rotation: 0 none, 1..15, 16 = by r5 */
	bool full_rot;           /* both MUL inputs from r0..r3 */
	uint8_t br_cond;
	bool br_rel, br_reg;
	uint8_t br_raddr;
	uint8_t li_kind;
	uint8_t sem_index;
	bool sem_dec;
	uint32_t imm;            /* LI value, small-immediate bits, branch target */
	bool simple[2];          /* plain register/accumulator write, no pack */
	bool may_block;          /* semaphore or mutex acquire */
	bool fast;               /* exec_fast() can run it (see decode_fast_paths) */
	bool periph;             /* exec_periph() (ALU) or exec_li_periph() (load
				  * immediate) can run it (see decode_fast_paths) */
	/* exec_fast() operands, resolved at decode time: byte offsets in struct
	 * sim_qpu of registers, accumulators or constant vectors (konst) */
	uint16_t src[4];         /* add_a, add_b, mul_a, mul_b */
	uint16_t dst[2];         /* destinations */
	uint8_t store[2];        /* ST_*: how each ALU's result is stored */
	uint16_t fast_run;       /* instructions of a run from here on (1..65535), 0 if
				  * none: fast ones, and peripheral ones whose only FIFO
				  * read is a uniform and whose effects are a fast one's
				  * (`in_run`) */
	bool in_run;             /* a peripheral instruction that runs inside a run: a
				  * uniform read (`fifo`) or none, then exec_fast() */
	uint16_t unif_run;       /* uniform pops of the run from here on */
	uint16_t vary_run;       /* varying reads of the run from here on */
	uint8_t shape;           /* SIM_SHAPE() of a fast or periph instruction, or 0 */
	uint8_t fifo;            /* SIM_FIFO_* bits: what exec_periph() and a run do
				  * before the ops */
	uint8_t konst[2];        /* SIM_KONST_* read through A and B, or 0xff */
	bool direct;             /* shaped: the ops may write their destinations as they
				  * go (no destination is a source read after it is
				  * written; sim_decode.c), see SIM_SHAPE_DIRECT */
	uint32_t vimm[16];       /* small immediate or load-immediate lanes */
	const char *wname[2];    /* register names for hooks and messages */
	uint8_t wid[2];          /* enum qpu_reg_id of each destination */
	uint16_t out[2];         /* shaped, SIM_SHAPE_DIRECT: where the ops write (dst[]
				  * when direct, else q->shape_out, then copied) */
	/* SIM_SHAPE_DIRECT only (0 elsewhere), peripheral instructions: */
	uint8_t mov;             /* bit u: unit u's op copies its first operand (ADD
				  * `or a, a`, MUL `v8min a, a`) into a peripheral or
				  * pack store (store >= ST_PERIPH), which then reads
				  * that operand in place (sim_decode.c's decode_mov()) */
	uint8_t half;            /* the shape is one unit's (the other's op a NOP in
				  * it): 1 the ADD's, the MUL a `mov` bit stored after
				  * it; 2 the MUL's, the ADD a `mov` bit stored before;
				  * 3 the ADD's, the MUL a `mov` with a colour pack into
				  * a register stored before (SIM_FIFO_PACK; it may
				  * then run inside a run, in_run) */
	const char *why;         /* F_ILLEGAL: the reason */
};

/* dst = val where mask (lanes and bits). dst is a register or accumulator,
 * never a condition mask, so it aliases neither val nor lanes. Plain loops,
 * not memcpy: GCC vectorises them, but expands a 64-byte memcpy of a local
 * through general registers. */
static SIM_ALWAYS_INLINE void masked_store(uint32_t *restrict dst, const uint32_t *restrict val,
					   const uint32_t *restrict lanes, uint32_t bits)
{
	for (int i = 0; i < 16; i++) {
		uint32_t m = lanes[i] & bits;
		dst[i] = (dst[i] & ~m) | (val[i] & m);
	}
}

/* Bit i set where lane mask m[i] (0 or ~0) is set: on x86 the sign bits of
 * the four 4-lane quarters (SSE's movmskps, in the baseline). */
static inline uint16_t sim_lane_bits(const uint32_t *m)
{
#if defined(__SSE2__)
	__m128 q[4];
	memcpy(q, m, sizeof(q));
	return (uint16_t)(_mm_movemask_ps(q[0]) | _mm_movemask_ps(q[1]) << 4 |
			  _mm_movemask_ps(q[2]) << 8 | _mm_movemask_ps(q[3]) << 12);
#else
	uint32_t r = 0;
	for (int i = 0; i < 16; i++)
		r |= (m[i] ? 1u : 0u) << i;
	return (uint16_t)r;
#endif
}

/* dst = val on all 16 lanes (the two do not overlap). */
static SIM_ALWAYS_INLINE void copy_lanes(uint32_t *restrict dst, const uint32_t *restrict val)
{
	for (int i = 0; i < 16; i++)
		dst[i] = val[i];
}

/* An SFU write of `v` (function `func`): r4 gets the result after the
 * instruction and two more (pending_tick()). The caller is inside
 * sim_fpu_enter(). */
static inline void sim_sfu_start(struct sim_qpu *q, unsigned func, const uint32_t *v)
{
	sim_sfu_vec_rtz((enum sim_sfu_func)func, q->opt.sfu_model, v, q->sfu_val);
	q->sfu_delay = 3;
}

/* Updates Z, N, C from `res` in the lanes of `cond`: the set/clear masks of
 * the condition table are the flags themselves. Two loops (compute, store)
 * so that both vectorise. */
static SIM_ALWAYS_INLINE void set_flags(struct sim_qpu *q, unsigned cond, bool is_float,
					const uint32_t *res, const uint32_t *carry)
{
	uint32_t m[16], z[16], n[16], c[16];
	memcpy(m, q->cm[cond], 64);
	uint32_t zmask = is_float ? 0x7fffffffu : 0xffffffffu;
	for (int i = 0; i < 16; i++) {
		z[i] = ((0u - (uint32_t)((res[i] & zmask) == 0)) & m[i]) |
		       (q->cm[QPU_COND_ZS][i] & ~m[i]);
		n[i] = ((0u - (res[i] >> 31)) & m[i]) | (q->cm[QPU_COND_NS][i] & ~m[i]);
		c[i] = ((0u - carry[i]) & m[i]) | (q->cm[QPU_COND_CS][i] & ~m[i]);
	}
	for (int i = 0; i < 16; i++) {
		q->cm[QPU_COND_ZS][i] = z[i];
		q->cm[QPU_COND_ZC][i] = ~z[i];
		q->cm[QPU_COND_NS][i] = n[i];
		q->cm[QPU_COND_NC][i] = ~n[i];
		q->cm[QPU_COND_CS][i] = c[i];
		q->cm[QPU_COND_CC][i] = ~c[i];
	}
}

/* The operand at byte offset `loc` (see fast_src()). */
static SIM_ALWAYS_INLINE const uint32_t *sim_src_ptr(const struct sim_qpu *q, uint16_t loc)
{
	return (const uint32_t *)(const void *)((const char *)q + loc);
}

/* sim_exec.c: the general path. */
extern const uint32_t sim_zero_vec[16];
/* Pops the next uniform (`what` names the reader in errors). */
bool sim_pop_uniform(struct sim_qpu *q, const char *what, uint32_t *v, struct vc4_diag *diag);
/* A write to TMU parameter `idx` (unit * 4 + enum sim_tmu_param). */
bool sim_write_tmu(struct sim_qpu *q, unsigned idx, const uint32_t *val, const uint32_t *lanes,
		   struct vc4_diag *diag);
/* A peripheral write of unit `unit` (TLB, VPM, SFU, TMU, ...): `val` in the
 * lanes of `lanes`, 0 in the others. */
bool sim_write_periph(struct sim_qpu *q, const struct sim_inst *in, unsigned unit,
		      const uint32_t *val, const uint32_t *lanes, struct vc4_diag *diag);
bool sim_exec_branch(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag);
bool sim_exec_signal(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag);
/* An instruction the fast paths do not take: SIM_RUNNING, SIM_BLOCKED or
 * SIM_ERROR. */
enum sim_status sim_exec_general(struct sim_qpu *q, const struct sim_inst *in,
				 struct vc4_diag *diag);

#endif
