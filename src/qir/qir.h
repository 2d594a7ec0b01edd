/*
 * qir.h: QIR, the vc4 compiler's scalar IR — operands, the op table,
 * instructions, blocks forming a CFG, the uniform pool and stream, the
 * builder, and the entry points of the core (printer, parser, validator,
 * liveness), the optimiser and the vc4 register allocator.
 *
 * Model. A QIR program is one shader stage for one SIMD element: every value
 * is a 32-bit scalar. Instructions are close to one QPU ALU operation each:
 * an op (see qir_ops[]), an optional destination, up to two sources, a write
 * condition, set-flags, a destination pack and per-source unpacks — the same
 * notions as the QPU's (qpu/qpu_isa.h), so emission is mostly a table lookup.
 * Virtual registers are "temps" (t0, t1, ...); a temp may be written more
 * than once (conditional writes, values carried around loops), passes that
 * need SSA check qir_temp_def() first.
 *
 * Blocks are kept in program (emission) order. The CFG is derived from that
 * order and each block's final BRANCH instruction by qir_cfg_update(); it is
 * never edited by hand. Branches on vc4 are uniform over the 16 elements
 * (all/any of a flag), so divergent if/else and loops are lowered with a
 * per-element execute mask plus uniform branches that skip work when no
 * element is active; QIR only sees the resulting blocks and branches.
 *
 * Uniforms. Every instruction reads at most one uniform after
 * qir_lower_uniforms() (the hardware has one uniform FIFO read per
 * instruction). A UNIF operand names an entry of the compile's uniform pool
 * (kind + data); the stream the driver fills at draw time is the list of
 * uniform reads in final instruction order (qir_uniform_stream()), which the
 * QPU scheduler re-derives after it reorders instructions.
 *
 * Error handling: builder calls never fail visibly — on out-of-memory they
 * set c->oom and return a NULL operand/instruction; every pass and entry
 * point that takes a diag reports c->oom as "out of memory".
 */
/* API-STABLE */
#ifndef VC4_QIR_QIR_H
#define VC4_QIR_QIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "qpu/qpu_isa.h"
#include "util/array.h"
#include "util/diag.h"

#define QIR_MAX_SRC 2
#define QIR_NONE UINT32_MAX     /* no block / no temp / no ip */

/* ---------------------------------------------------------------------------
 * Operands.
 * ------------------------------------------------------------------------- */
enum qir_file {
	QIR_FILE_NULL = 0,   /* no operand; as dst: result discarded (flags only) */
	QIR_FILE_TEMP,       /* virtual register, index = temp number */
	QIR_FILE_UNIF,       /* uniform read, index = entry of c->uniforms */
	QIR_FILE_SMALL_IMM,  /* small immediate, index = the 32-bit value read
			      * (must satisfy qpu_small_imm_encode() >= 0) */
	QIR_FILE_IMM,        /* 32-bit immediate: only src0 of LOAD_IMM* ops */
	QIR_FILE_VARY,       /* FS varying FIFO read, index = varying component
			      * (0, 1, ...; reads must come in index order) */
	QIR_FILE_VPM,        /* src: VS/CS attribute read from the VPM, index =
			      * component (in order); dst: the next VPM write */
	QIR_FILE_SPECIAL,    /* a hardware register, index = enum qir_special */
	QIR_FILE_COUNT
};

/* Hardware registers reachable as QIR operands. Each has a row in
 * qir_specials[] naming its QPU register by enum qpu_reg_id (its address comes
 * from qpu_reg_raddr()/qpu_reg_waddr(), never from a copied number). */
enum qir_special {
	QIR_SPECIAL_TLB_COLOR = 0,  /* W: tlb_color_all, colour write (FS) */
	QIR_SPECIAL_TLB_COLOR_MS,   /* W: tlb_color_ms, per-sample colour write */
	QIR_SPECIAL_TLB_Z,          /* W: tlb_z */
	QIR_SPECIAL_TLB_STENCIL,    /* W: tlb_stencil_setup */
	QIR_SPECIAL_TLB_ALPHA_MASK, /* W: tlb_alpha_mask */
	QIR_SPECIAL_VPM_READ_SETUP, /* W: vr_setup */
	QIR_SPECIAL_VPM_WRITE_SETUP,/* W: vw_setup */
	QIR_SPECIAL_MS_FLAGS,       /* R/W: ms_flags (multisample mask) */
	QIR_SPECIAL_FRAG_X,         /* R: x_pix (file A) */
	QIR_SPECIAL_FRAG_Y,         /* R: y_pix (file B) */
	QIR_SPECIAL_FRAG_REV_FLAG,  /* R: rev_flag (file B), back-facing */
	QIR_SPECIAL_ELEMENT,        /* R: elem_num (file A) */
	QIR_SPECIAL_QPU_NUM,        /* R: qpu_num (file B) */
	QIR_SPECIAL_COUNT
};

struct qir_special_info {
	const char *name;       /* QIR text, e.g. "tlb_z", "frag_x" */
	enum qpu_reg_id qpu_reg; /* the QPU register (qpu_isa.h) */
	bool readable, writable;
};
extern const struct qir_special_info qir_specials[QIR_SPECIAL_COUNT];

/* Finds the QPU address of a special register: for a read, the file
 * (QPU_FILE_A/B) and raddr; for a write, the waddr (and the file it must be
 * written through, or either when qpu_waddr_ignores_ws()). False when the
 * special cannot be accessed that way. */
bool qir_special_qpu_addr(enum qir_special s, bool write, enum qpu_file *file,
			  unsigned *addr);

/* One operand. `unpack` (enum qpu_unpack) is only meaningful on sources. */
struct qir_reg {
	uint8_t file;       /* enum qir_file */
	uint8_t unpack;     /* enum qpu_unpack; QPU_UNPACK_NOP = none */
	uint32_t index;     /* meaning depends on the file (see above) */
};

static inline struct qir_reg qir_reg(enum qir_file file, uint32_t index)
{
	struct qir_reg r = { .file = (uint8_t)file, .unpack = 0, .index = index };
	return r;
}
#define qir_null() qir_reg(QIR_FILE_NULL, 0)
#define qir_small_imm(bits) qir_reg(QIR_FILE_SMALL_IMM, (bits))
#define qir_special(s) qir_reg(QIR_FILE_SPECIAL, (s))
#define qir_vary(i) qir_reg(QIR_FILE_VARY, (i))
#define qir_vpm(i) qir_reg(QIR_FILE_VPM, (i))

static inline bool qir_reg_equal(struct qir_reg a, struct qir_reg b)
{
	return a.file == b.file && a.index == b.index && a.unpack == b.unpack;
}
static inline bool qir_is_temp(struct qir_reg r)
{
	return r.file == QIR_FILE_TEMP;
}

/* ---------------------------------------------------------------------------
 * Ops. One table, qir_ops[], indexed by enum qir_op; everything (printer,
 * parser, validator, DCE, class computation, emission) reads it.
 * ------------------------------------------------------------------------- */
enum qir_op {
	QIR_OP_UNDEF = 0,   /* dst = undefined value (defines a temp, emits nothing) */
	QIR_OP_MOV,         /* dst = src0, integer semantics (add `or` / mul `v8min`) */
	QIR_OP_FMOV,        /* dst = src0, float unpack semantics (add `fmax x, x`) */
	QIR_OP_MMOV,        /* dst = src0 on the MUL unit (`v8min`), for MUL packs */
	/* ADD unit */
	QIR_OP_FADD, QIR_OP_FSUB, QIR_OP_FMIN, QIR_OP_FMAX,
	QIR_OP_FMINABS, QIR_OP_FMAXABS, QIR_OP_FTOI, QIR_OP_ITOF,
	QIR_OP_ADD, QIR_OP_SUB, QIR_OP_SHR, QIR_OP_ASR, QIR_OP_ROR, QIR_OP_SHL,
	QIR_OP_MIN, QIR_OP_MIN_NOIMM, /* MIN that must not get a small immediate
				       * (the clamp of a direct TMU read) */
	QIR_OP_MAX, QIR_OP_AND, QIR_OP_OR, QIR_OP_XOR, QIR_OP_NOT, QIR_OP_CLZ,
	/* either unit */
	QIR_OP_V8ADDS, QIR_OP_V8SUBS,
	/* MUL unit */
	QIR_OP_FMUL, QIR_OP_MUL24, QIR_OP_V8MULD, QIR_OP_V8MIN, QIR_OP_V8MAX,
	/* special-function unit: write sfu_*, result arrives in r4 */
	QIR_OP_RCP, QIR_OP_RSQ, QIR_OP_EXP2, QIR_OP_LOG2,
	/* immediates (load-immediate signal) */
	QIR_OP_LOAD_IMM,    /* dst = src0 (an IMM) */
	QIR_OP_LOAD_IMM_U2, /* dst = per-element 2-bit unsigned (qpu_load_imm_elem) */
	QIR_OP_LOAD_IMM_I2, /* dst = per-element 2-bit signed */
	/* fragment payload and varyings */
	QIR_OP_VARY_ADD_C,  /* dst = src0 + r5 (the varying's C coefficient; fadd) */
	QIR_OP_FRAG_Z,      /* dst = Z payload (precoloured rb15, emits nothing) */
	QIR_OP_FRAG_W,      /* dst = W payload (precoloured ra15, emits nothing) */
	/* texture unit 0: src1 is the implicit sideband uniform (TEX_P0..) */
	QIR_OP_TEX_S,       /* tmu0_s = src0, submits the request */
	QIR_OP_TEX_T,       /* tmu0_t = src0 */
	QIR_OP_TEX_R,       /* tmu0_r = src0 */
	QIR_OP_TEX_B,       /* tmu0_b = src0 */
	/* texture unit 1: general memory reads only, so that no texture lookup
	 * follows a direct read on one unit (Linux's validator would record
	 * it as direct too: docs/compiler.md, "Direct reads on TMU1") */
	QIR_OP_TEX_DIRECT,  /* tmu1_s = src0 + src1 (offset + base uniform):
			     * general memory read, no sideband uniform */
	QIR_OP_TEX_RESULT,  /* dst = next TMU0 result (sig ldtmu0, via r4) */
	QIR_OP_DIRECT_RESULT, /* dst = next TMU1 result (sig ldtmu1, via r4) */
	QIR_OP_TLB_COLOR_READ, /* dst = tile buffer colour (sig color_load, r4) */
	/* control */
	QIR_OP_THRSW,       /* thread switch (threaded FS) */
	QIR_OP_BRANCH,      /* to inst->target when cond (enum qpu_branch_cond)
			     * holds; must end its block */
	QIR_OP_UNIFORMS_RESET, /* uniforms_addr = src0 + src1: src0 holds
				* (uniforms read so far + 1) * 4 (a LOAD_IMM),
				* src1 the UNIFORMS_ADDRESS uniform */
	QIR_OP_COUNT
};

/* Op flags. */
#define QIR_OPF_SIDE_EFFECTS (1u << 0)  /* never removed or reordered freely */
#define QIR_OPF_FLOAT_IN     (1u << 1)  /* float inputs: unpacks convert to float */
#define QIR_OPF_FLOAT_OUT    (1u << 2)  /* float result */
#define QIR_OPF_COMMUTATIVE  (1u << 3)  /* src0 and src1 may be swapped */
#define QIR_OPF_WRITES_R4    (1u << 4)  /* result passes through r4 */
#define QIR_OPF_SFU          (1u << 5)  /* writes an SFU register */
#define QIR_OPF_TMU_WRITE    (1u << 6)  /* writes a TMU request register */
#define QIR_OPF_TMU_READ     (1u << 7)  /* pops a TMU result (ldtmu0/1) */
#define QIR_OPF_TLB          (1u << 8)  /* touches the tile buffer */
#define QIR_OPF_SIDEBAND     (1u << 9)  /* src1 is a UNIF the hardware reads
					 * implicitly (TMU config) */
#define QIR_OPF_NO_SMALL_IMM (1u << 10) /* sources must not become small imms */
#define QIR_OPF_PAYLOAD      (1u << 11) /* emits nothing; dst precoloured */
#define QIR_OPF_IMM_SRC      (1u << 12) /* src0 is a QIR_FILE_IMM */
#define QIR_OPF_BRANCH       (1u << 13)
#define QIR_OPF_THRSW        (1u << 14)
#define QIR_OPF_READS_R5     (1u << 15) /* also reads r5 (varying C) */
#define QIR_OPF_V8           (1u << 16) /* per-byte op */

struct qir_op_info {
	const char *name;      /* QIR text, e.g. "fadd", "tex_s" */
	uint8_t ndst;          /* 1: defines dst; 0: dst must be NULL */
	uint8_t nsrc;          /* sources used: 0, 1 or 2 */
	uint8_t add_op;        /* enum qpu_op_add used on the ADD unit, QPU_A_NOP = none */
	uint8_t mul_op;        /* enum qpu_op_mul used on the MUL unit, QPU_M_NOP = none */
	uint8_t sig;           /* enum qpu_sig the op emits; QPU_SIG_NONE = none */
	enum qpu_reg_id periph; /* QPU register the op writes (QPU_REG_SFU_RECIP,
				 * QPU_REG_TMU0_S, QPU_REG_UNIFORMS_ADDR, ...);
				 * QPU_REG_RESERVED = its dst */
	uint32_t flags;        /* QIR_OPF_* */
};
extern const struct qir_op_info qir_ops[QIR_OP_COUNT];

/* Which ALU can execute an op, derived from add_op/mul_op. */
enum qir_alu { QIR_ALU_NONE, QIR_ALU_ADD, QIR_ALU_MUL, QIR_ALU_EITHER };
static inline enum qir_alu qir_op_alu(enum qir_op op)
{
	if (op >= QIR_OP_COUNT)
		return QIR_ALU_NONE;
	bool add = qir_ops[op].add_op != QPU_A_NOP, mul = qir_ops[op].mul_op != QPU_M_NOP;
	return add ? (mul ? QIR_ALU_EITHER : QIR_ALU_ADD) : (mul ? QIR_ALU_MUL : QIR_ALU_NONE);
}

/* ---------------------------------------------------------------------------
 * Instructions and blocks.
 * ------------------------------------------------------------------------- */
struct qir_inst {
	struct qir_inst *prev, *next;  /* within the block; NULL at the ends */
	uint16_t op;                   /* enum qir_op */
	uint8_t cond;                  /* ALU: enum qpu_cond (QPU_COND_ALWAYS by
					* default); BRANCH: enum qpu_branch_cond */
	bool sf;                       /* set flags from the result */
	uint8_t pack;                  /* dst pack: enum qpu_pack_a, or with
					* pack_mul enum qpu_pack_mul (MUL ops) */
	bool pack_mul;                 /* PM=1 pack of the MUL result */
	struct qir_reg dst;
	struct qir_reg src[QIR_MAX_SRC];
	uint32_t target;               /* BRANCH: target block index */
	uint32_t ip;                   /* program-order number, set by
					* qir_number_insts() / qir_liveness() */
	uint32_t line;                 /* the IR source line it comes from
					* (c->cur_line when created), 0 = none */
	uint32_t stamp;                /* last change while c->track (qir_touch()) */
};

struct qir_block {
	uint32_t index;                /* position in c->blocks */
	struct qir_inst *first, *last; /* instruction list */
	/* CFG, derived by qir_cfg_update(): succ[0] = the next block in program
	 * order (unless the block ends in an unconditional branch or is the
	 * last), succ[1] = the branch target; QIR_NONE when absent. */
	uint32_t succ[2];
	VC4_ARRAY(uint32_t) preds;     /* predecessor block indices, ascending */
};

/* Kinds of uniform, each with a row in qir_uniform_kinds[]. `data` says
 * which one of the kind (documented per kind). */
enum qir_uniform_kind {
	QIR_UNIFORM_CONST = 0,          /* data = the 32-bit value itself */
	QIR_UNIFORM_USER,               /* data = word index into the user's
					 * uniform values (IR uniform slots,
					 * one word per component) */
	QIR_UNIFORM_TEX_P0,             /* data = sampler: config P0 (base
					 * address | type | mips; relocated) */
	QIR_UNIFORM_TEX_P1,             /* data = sampler: config P1 (size, filters, wrap) */
	QIR_UNIFORM_TEX_P2,             /* data = sampler: config P2 (cube stride / bslod) */
	QIR_UNIFORM_TEX_P3,             /* data = sampler: config P3 (child image) */
	QIR_UNIFORM_TEX_BO_ADDR,        /* data = sampler: its BO's base address
					 * (direct TMU reads; relocated) */
	QIR_UNIFORM_TEX_BORDER_COLOR,   /* data = sampler */
	QIR_UNIFORM_UBO_ADDR,           /* data = byte offset in the shader's
					 * uniform-array buffer (load_index):
					 * its address + data (relocated) */
	QIR_UNIFORM_UNIFORMS_ADDRESS,   /* data = 0: the stream's own address,
					 * patched by the kernel (uniforms reset) */
	QIR_UNIFORM_VIEWPORT_X_SCALE,   /* data = 0; floats, 1/16 pixel units */
	QIR_UNIFORM_VIEWPORT_Y_SCALE,
	QIR_UNIFORM_VIEWPORT_Z_OFFSET,
	QIR_UNIFORM_VIEWPORT_Z_SCALE,
	QIR_UNIFORM_STENCIL,            /* data = 0 front, 1 back, 2 write masks */
	QIR_UNIFORM_BLEND_CONST,        /* data = component 0..3 */
	QIR_UNIFORM_ALPHA_REF,          /* data = 0 */
	QIR_UNIFORM_SAMPLE_MASK,        /* data = 0 */
	QIR_UNIFORM_HOST,               /* data = host op index (qir_host.h) */
	QIR_UNIFORM_KIND_COUNT
};

struct qir_uniform_kind_info {
	const char *name;       /* QIR text, e.g. "tex_p0", "user" */
	bool data_is_sampler;   /* data names a sampler */
	bool relocated;         /* the value is a BO address (needs a relocation) */
};
extern const struct qir_uniform_kind_info qir_uniform_kinds[QIR_UNIFORM_KIND_COUNT];

struct qir_uniform {
	uint32_t kind;          /* enum qir_uniform_kind */
	uint32_t data;
};

/* One op of the host program: HOST entries name earlier ops (qir_host.h). */
struct qir_host_op { uint32_t op; struct qir_uniform src[QIR_MAX_SRC]; };
/* The stream the driver fills at draw time: one entry per uniform read, in
 * read order. */
struct qir_uniform_stream {
	VC4_ARRAY(struct qir_uniform) entries;
	VC4_ARRAY(struct qir_host_op) host; /* the ops HOST entries name */
};

enum qir_stage { QIR_STAGE_VERTEX, QIR_STAGE_COORD, QIR_STAGE_FRAGMENT };

struct qir_compile {
	uint8_t stage;                 /* enum qir_stage */
	bool fs_threaded;              /* FS compiled for 2 threads: half the
					* regfiles, THRSW around TMU results;
					* cleared if allocation has to fall back */
	uint32_t num_temps;
	VC4_ARRAY(struct qir_block *) blocks;   /* program order; [0] = entry */
	VC4_ARRAY(struct qir_uniform) uniforms; /* the pool UNIF operands index */
	VC4_ARRAY(struct qir_host_op) host;     /* the host program (qir_host.h) */
	uint32_t num_varyings;         /* FS: varying components read */
	uint32_t num_vpm_reads;        /* VS/CS: attribute components read */

	/* Builder cursor: new instructions go into `cur_block`, before
	 * `cur_before` (NULL = at the end). */
	struct qir_block *cur_block;
	struct qir_inst *cur_before;

	bool oom;                      /* an allocation failed somewhere */

	/* Source positions for messages: new instructions take `cur_line` (the
	 * lowering sets it per IR instruction); `source` names the IR file
	 * (NULL = none; owned by the caller, e.g. the IR shader's strings). */
	uint32_t cur_line;
	const char *source;

	/* Derived by qir_temp_defs(): per temp, its only definition, or NULL
	 * when it has none or several. Freed/reset by qir_invalidate(). */
	struct qir_inst **defs;
	uint32_t *def_count;           /* per temp: number of definitions */
	/* Set by the pass driver (qir_optimize_passes) while it guarantees that
	 * c->defs, when not NULL, describes the program: qir_temp_defs() then
	 * keeps them instead of deriving them again. */
	bool defs_current;
	/* Set by the pass driver to QIR_CHANGE_ANY before each pass; a pass
	 * whose progress was only of a narrower kind (QIR_CHANGE_*) says so
	 * here, and the driver then keeps skipping the passes blind to it
	 * (struct qir_pass.blind_to); so do qir_opt_fold_packs() and
	 * qir_opt_host_uniforms(). opt_settled: the standard list's fixpoint
	 * holds (qir_optimize_again()). */
	uint32_t change;
	bool opt_settled;

	/* Private to qir.c: instructions come from chunks freed with the
	 * program; removed ones are reused (qir_compact_insts() lays them out
	 * again in program order). */
	struct qir_inst_pool *pool;

	/* Private to qir_live.c: its work arrays, kept between calls. */
	struct qir_live_scratch *live_scratch;
	struct qir_opt_track *track;   /* the pass driver's change log (qir_inline.h) */

	/* Private to qir_uniform(): a hash index of the uniform pool. */
	uint32_t *unif_index;          /* slots: pool entry + 1, 0 = empty */
	uint32_t unif_index_size;      /* slots (a power of two, or 0) */
	uint32_t unif_indexed;         /* pool entries [0, n) are in the index */
};

/* ---------------------------------------------------------------------------
 * Core: create/free, building, CFG.
 * ------------------------------------------------------------------------- */
/* A new empty program with one (entry) block and the cursor in it. NULL when
 * out of memory. */
struct qir_compile *qir_compile_create(enum qir_stage stage);
void qir_compile_free(struct qir_compile *c);

/* Appends a new empty block in program order and returns it (NULL + c->oom
 * when out of memory). Does not move the cursor. */
struct qir_block *qir_block_append(struct qir_compile *c);

/* Moves the cursor to the end of `b`. */
void qir_set_block(struct qir_compile *c, struct qir_block *b);

static inline struct qir_reg qir_temp(struct qir_compile *c)   /* a fresh temp */
{
	return qir_reg(QIR_FILE_TEMP, c->num_temps++);
}

/* The UNIF operand for (kind, data); equal pairs share one pool entry. */
struct qir_reg qir_uniform(struct qir_compile *c, enum qir_uniform_kind kind, uint32_t data);
/* Shorthand for QIR_UNIFORM_CONST. */
struct qir_reg qir_uniform_ui(struct qir_compile *c, uint32_t value);
struct qir_reg qir_uniform_f(struct qir_compile *c, float value);

/* Emits `op dst, a, b` at the cursor with cond always, no sf, no pack.
 * Unused sources are passed as qir_null(). Returns the instruction (NULL and
 * c->oom set when out of memory). No checking: see qir_validate(). */
struct qir_inst *qir_emit(struct qir_compile *c, enum qir_op op, struct qir_reg dst,
			  struct qir_reg a, struct qir_reg b);

/* The instruction emitted last at the cursor (to set cond, sf or pack on
 * what a value-returning builder made), or NULL. */
struct qir_inst *qir_last_inst(struct qir_compile *c);

/* Emits `op t, a, b` into a fresh temp t and returns t. */
struct qir_reg qir_emit_def(struct qir_compile *c, enum qir_op op, struct qir_reg a,
			    struct qir_reg b);

/* Value-returning builders, one per ALU op, e.g. qir_FADD(c, a, b),
 * qir_FTOI(c, a), qir_LOAD_IMM(c, bits), qir_TEX_RESULT(c). */
#define QIR_ALU2(N) static inline struct qir_reg qir_##N(struct qir_compile *c, \
	struct qir_reg a, struct qir_reg b) { return qir_emit_def(c, QIR_OP_##N, a, b); }
#define QIR_ALU1(N) static inline struct qir_reg qir_##N(struct qir_compile *c, \
	struct qir_reg a) { return qir_emit_def(c, QIR_OP_##N, a, qir_null()); }
#define QIR_ALU0(N) static inline struct qir_reg qir_##N(struct qir_compile *c) \
	{ return qir_emit_def(c, QIR_OP_##N, qir_null(), qir_null()); }
QIR_ALU1(MOV) QIR_ALU1(FMOV) QIR_ALU1(MMOV)
QIR_ALU2(FADD) QIR_ALU2(FSUB) QIR_ALU2(FMIN) QIR_ALU2(FMAX) QIR_ALU2(FMINABS)
QIR_ALU2(FMAXABS) QIR_ALU1(FTOI) QIR_ALU1(ITOF) QIR_ALU2(ADD) QIR_ALU2(SUB)
QIR_ALU2(SHR) QIR_ALU2(ASR) QIR_ALU2(ROR) QIR_ALU2(SHL) QIR_ALU2(MIN)
QIR_ALU2(MIN_NOIMM) QIR_ALU2(MAX) QIR_ALU2(AND) QIR_ALU2(OR) QIR_ALU2(XOR)
QIR_ALU1(NOT) QIR_ALU1(CLZ) QIR_ALU2(V8ADDS) QIR_ALU2(V8SUBS) QIR_ALU2(FMUL)
QIR_ALU2(MUL24) QIR_ALU2(V8MULD) QIR_ALU2(V8MIN) QIR_ALU2(V8MAX)
QIR_ALU1(RCP) QIR_ALU1(RSQ) QIR_ALU1(EXP2) QIR_ALU1(LOG2)
QIR_ALU1(VARY_ADD_C) QIR_ALU0(FRAG_Z) QIR_ALU0(FRAG_W) QIR_ALU0(TEX_RESULT)
QIR_ALU0(DIRECT_RESULT) QIR_ALU0(TLB_COLOR_READ) QIR_ALU0(UNDEF)
#undef QIR_ALU0
#undef QIR_ALU1
#undef QIR_ALU2

static inline struct qir_reg qir_LOAD_IMM(struct qir_compile *c, uint32_t bits)
{
	return qir_emit_def(c, QIR_OP_LOAD_IMM, qir_reg(QIR_FILE_IMM, bits), qir_null());
}

/* Emits a BRANCH to block `target` with `cond` (enum qpu_branch_cond) at the
 * end of the cursor's block. Call qir_cfg_update() after building. */
struct qir_inst *qir_BRANCH(struct qir_compile *c, enum qpu_branch_cond cond,
			    struct qir_block *target);

/* Instruction list editing. Removing frees the instruction (its memory goes
 * back to the program for the next qir_inst_create()); c->defs is then
 * stale for its temp until qir_temp_defs() runs again. */
void qir_inst_remove(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst);
/* Links inst into block b before `before` (NULL: at the end). */
static inline void qir_inst_insert_before(struct qir_block *b, struct qir_inst *before,
					  struct qir_inst *inst);
/* A new unlinked instruction (cond always), NULL + c->oom when out of memory.
 * It belongs to the program (freed with it): unlinked, it is simply unused. */
struct qir_inst *qir_inst_create(struct qir_compile *c, enum qir_op op, struct qir_reg dst,
				 struct qir_reg a, struct qir_reg b);
/* Moves every instruction into one array in program order (long programs
 * then walk memory sequentially) and drops removed ones; pointers to
 * instructions held elsewhere become invalid (c->defs is dropped). Nothing
 * changes when out of memory. */
void qir_compact_insts(struct qir_compile *c);

#define qir_foreach_block(c, b) \
	for (size_t b##_i_ = 0; b##_i_ < (c)->blocks.len && ((b) = (c)->blocks.data[b##_i_]); b##_i_++)
#define qir_foreach_inst(b, i) for ((i) = (b)->first; (i); (i) = (i)->next)
/* Safe against removal of `i`. */
#define qir_foreach_inst_safe(b, i, n) \
	for ((i) = (b)->first; (i) && ((n) = (i)->next, 1); (i) = (n))

/* Recomputes succ[] and preds of every block from program order and the
 * branches. False (diag) on a branch to a block that does not exist. */
bool qir_cfg_update(struct qir_compile *c, struct vc4_diag *diag);

/* Immediate dominators (Cooper–Harvey–Kennedy): a malloc'ed array with
 * idom[b] per block, idom[0] = 0, QIR_NONE for blocks unreachable from the
 * entry. Updates the CFG. NULL on OOM (or a CFG error). */
uint32_t *qir_dominators(struct qir_compile *c);

/* Numbers instructions in program order (inst->ip = 0, 1, ...); returns the count. */
uint32_t qir_number_insts(struct qir_compile *c);

/* Fills c->defs / c->def_count (see struct qir_compile); keeps them when
 * c->defs_current and they exist. False on OOM. */
bool qir_temp_defs(struct qir_compile *c);
/* The only definition of temp t, or NULL (call qir_temp_defs() first). Inline:
 * the optimisation passes ask for every operand. */
static inline struct qir_inst *qir_temp_def(const struct qir_compile *c, uint32_t t)
{
	return c->defs && t < c->num_temps ? c->defs[t] : NULL;
}

/* Drops derived data (defs); passes call this after changing the program. */
void qir_invalidate(struct qir_compile *c);

/* The 32-bit value operand r always holds, when known: a small immediate, a
 * CONST uniform, or a temp whose only definition is an unconditional,
 * unpacked, unpacking-free LOAD_IMM. False for operands with an unpack.
 * Needs qir_temp_defs(). Inline: the passes ask for every operand. */
static inline bool qir_reg_const(const struct qir_compile *c, struct qir_reg r,
				 uint32_t *value)
{
	if (r.unpack)
		return false;
	if (r.file == QIR_FILE_SMALL_IMM) {
		*value = r.index;
		return true;
	}
	if (r.file == QIR_FILE_UNIF && r.index < c->uniforms.len &&
	    c->uniforms.data[r.index].kind == QIR_UNIFORM_CONST) {
		*value = c->uniforms.data[r.index].data;
		return true;
	}
	if (r.file != QIR_FILE_TEMP)
		return false;
	const struct qir_inst *def = qir_temp_def(c, r.index);
	if (!def || def->op != QIR_OP_LOAD_IMM || def->cond != QPU_COND_ALWAYS || def->pack)
		return false;
	*value = def->src[0].index;
	return true;
}

/* Whether r reads the same value at every point where it is available: a
 * uniform, a small immediate or a temp with one definition (qir_temp_def(),
 * derived defs current), without unpack. */
static inline bool qir_reg_is_stable(const struct qir_compile *c, struct qir_reg r);

/* The body of a pass that rewrites instructions one at a time: derives the defs, then calls
 * `rewrite` on every instruction in program order (when the pass driver's change log allows,
 * on those qir_inst_changed() names only), logging each it changed (qir_touch()); whether any
 * made progress (false on OOM). Inline (qir_inline.h): the callback is inlined into its walk. */
static inline bool qir_rewrite_each_inst(struct qir_compile *c,
					 bool (*rewrite)(struct qir_compile *c,
							 struct qir_inst *inst));

/* Source reads per temp: malloc'ed, num_temps counts; NULL (c->oom) on OOM. */
uint32_t *qir_temp_use_counts(struct qir_compile *c);

/* Op-table-derived predicates. Side effects: an op flag, special dst, VPM
 * dst, or a FIFO-popping source (VARY, VPM). A raw mov: MOV/FMOV/MMOV with
 * no cond, pack, unpack or sf. */
static inline bool qir_inst_has_side_effects(const struct qir_inst *inst);
static inline bool qir_inst_reads_uniform(const struct qir_inst *inst, uint32_t *unif_index);
/* Whether inst reads the flags: a condition, or a branch on them. */
static inline bool qir_inst_reads_flags(const struct qir_inst *inst)
{
	if (qir_ops[inst->op].flags & QIR_OPF_BRANCH)
		return inst->cond != QPU_BR_ALWAYS;
	return inst->cond != QPU_COND_ALWAYS && inst->cond != QPU_COND_NEVER;
}
static inline bool qir_inst_is_raw_mov(const struct qir_inst *inst);

/* ---------------------------------------------------------------------------
 * Text, validation, liveness.
 * ------------------------------------------------------------------------- */
/* The program as stable text (see docs/qir.md): a malloc'ed string, NULL on
 * OOM. */
char *qir_print(const struct qir_compile *c);
/* One instruction's text into buf (no newline). */
void qir_print_inst(const struct qir_compile *c, const struct qir_inst *inst, char *buf,
		    size_t size);

/* Parses the text form qir_print() writes (for tests and tools). `name` is
 * used in messages ("name:LINE:COL: ..."). NULL + diag on error. */
struct qir_compile *qir_parse(const char *text, const char *name, struct vc4_diag *diag);

/* Checks operand files, arity and flags against the op table, branch
 * placement, CFG consistency, and that every temp read is written on every
 * path to it. Messages name block and instruction:
 * "block 2, inst 3 (fadd t5, t9, u0): t9 ... ". */
bool qir_validate(struct qir_compile *c, struct vc4_diag *diag);
struct qir_liveness;
/* qir_validate() with the reads before writes read off lv, a liveness of
 * c's current program (qir_liveness()): the same answer and message,
 * without a walk of its own. */
bool qir_validate_live(struct qir_compile *c, const struct qir_liveness *lv,
		       struct vc4_diag *diag);

/* Liveness over the CFG: per block the temps live in and out, and per temp
 * the half-open ip range [start, end) over which it is live: start = first
 * def or first ip of a block it is live into; end = last ip reading it, or
 * one past a block it is live out of. A temp read last at ip k and one
 * written at k may share a register; never-read temps have start >= end.
 * Temps never mentioned have start = end = QIR_NONE. Kills: unconditional
 * writes, including packed writes that together fill all four bytes within
 * a block (.16a then .16b); conditional writes and incomplete packed writes
 * keep the old value. Also updates the CFG and every inst->ip.
 * Time and memory are linear in the program plus the live-in/out pairs;
 * more than QIR_LIVE_MAX_PER_BLOCK pairs per block on average fails with
 * "<where>register allocation failed: at least N values live here, ...". */
#define QIR_LIVE_MAX_PER_BLOCK 256
struct qir_liveness {
	uint32_t num_temps, num_blocks, num_insts;
	/* block b's live-in temps, ascending: in_temps[in_start[b] .. in_start[b + 1]) */
	uint32_t *in_start, *in_temps;
	uint32_t *out_start, *out_temps;  /* live-out, the same way */
	uint32_t *start, *end; /* per temp */
	uint32_t *block_start, *block_end; /* per block: first ip, last ip + 1 */
};
bool qir_liveness(struct qir_compile *c, struct qir_liveness *lv, struct vc4_diag *diag);
void qir_liveness_free(struct qir_liveness *lv);
/* Frees liveness's work arrays kept in c (c->live_scratch; qir_compile_free() calls it). */
void qir_live_scratch_free(struct qir_compile *c);
/* Only what qir_validate() asks: the lowest temp live into the entry block
 * (read before any write on some path), or *temp = QIR_NONE. Updates the CFG
 * and every inst->ip like qir_liveness(), but computes no ranges and has no
 * pair limit: its cost is the live ranges of the temps the entry block does
 * not define. False (diag) on OOM or a CFG error. */
bool qir_live_into_entry(struct qir_compile *c, uint32_t *temp, struct vc4_diag *diag);
bool qir_live_in(const struct qir_liveness *lv, uint32_t block, uint32_t t);
bool qir_live_out(const struct qir_liveness *lv, uint32_t block, uint32_t t);

/* Where instruction `ip` (numbered by qir_number_insts) comes from, as a
 * message prefix: "FILE:LINE: " from its IR line, or the nearest earlier
 * instruction's with one (the nearest later one's for a prologue), else
 * "ip N: ". */
void qir_describe_ip(const struct qir_compile *c, uint32_t ip, char *buf, size_t size);

/* The uniform reads in program order (one entry per reading instruction,
 * TMU sideband reads included). False on OOM. */
bool qir_uniform_stream(const struct qir_compile *c, struct qir_uniform_stream *out);
void qir_uniform_stream_free(struct qir_uniform_stream *s);

/* ---------------------------------------------------------------------------
 * Passes and the optimiser.
 * ------------------------------------------------------------------------- */
typedef bool (*qir_pass_fn)(struct qir_compile *c);
/* What a program contains, for struct qir_pass.needs: one bit per op, a
 * flag update (.sf), a conditional write that is no branch. */
#define QIR_NEEDS_OP(op) (UINT64_C(1) << (op))
#define QIR_NEEDS_SF     (UINT64_C(1) << 61)
#define QIR_NEEDS_COND   (UINT64_C(1) << 62)
_Static_assert(QIR_OP_COUNT <= 61, "QIR_NEEDS_OP bits overlap the feature bits");

/* Kinds of progress, for struct qir_compile.change and qir_pass.blind_to. ANY: anything (the
 * default; no pass may be blind to it). DEAD_TEMPS: only instructions removed (or destinations
 * dropped) whose temp lost all its definitions, read nowhere, and destination-less ones;
 * nothing else changed (DCE). IMMS: only operands replaced by the small immediate of the same
 * constant value, unpacks unchanged (small_imm). UNIF_READS: only temp reads replaced by reads
 * of non-CONST uniforms (copy prop). FOLDS, HOSTED: qir_opt_fold_packs()'s, host_uniforms'. */
#define QIR_CHANGE_ANY        (UINT32_C(1) << 0)
#define QIR_CHANGE_DEAD_TEMPS (UINT32_C(1) << 1)
#define QIR_CHANGE_IMMS       (UINT32_C(1) << 2)
#define QIR_CHANGE_FOLDS      (UINT32_C(1) << 3)
#define QIR_CHANGE_HOSTED     (UINT32_C(1) << 4)
#define QIR_CHANGE_UNIF_READS (UINT32_C(1) << 5)

/* A pass of the optimiser's list. keeps_defs: it never adds, removes or
 * retargets a temp's definition and creates no temps, or it updates
 * c->defs / c->def_count itself (or drops them with qir_invalidate()) when
 * it does, so the driver keeps the derived defs across it (false, the safe
 * default, when unsure; debug builds check kept defs in qir_temp_defs()).
 * needs: QIR_NEEDS_* bits that must all occur in the program for the pass
 * to find work (every change it makes starts from them); the driver skips
 * it, as a fruitless run, while one is missing (0: always runs).
 * blind_to: QIR_CHANGE_* kinds of progress that cannot give the pass work
 * (after a fruitless run, a change of such a kind leaves it fruitless); a
 * pass blind to the kind of its own progress must also finish its work in
 * one run (find nothing right after its own progress). 0: none. */
struct qir_pass {
	const char *name;
	qir_pass_fn fn;
	bool keeps_defs;
	uint64_t needs;
	uint32_t blind_to;
	uint8_t track;   /* QIR_TRACK_* (qir_inline.h); 0: its changes are not logged */
};

bool qir_opt_constant_fold(struct qir_compile *c);
bool qir_opt_copy_prop(struct qir_compile *c);
bool qir_opt_dce(struct qir_compile *c);
bool qir_opt_cse(struct qir_compile *c);
bool qir_opt_algebraic(struct qir_compile *c);
bool qir_opt_coalesce_movs(struct qir_compile *c);
bool qir_opt_small_imm(struct qir_compile *c);
bool qir_opt_redundant_sf(struct qir_compile *c);
bool qir_opt_reassoc(struct qir_compile *c);
/* a*b + a*c -> a*(b + c) for single-use products (opt_factor.c). */
bool qir_opt_factor(struct qir_compile *c);
/* a + (-u)*y -> a - u*y, a - (-u)*y -> a + u*y (single-use products; opt_neg_sum.c). */
bool qir_opt_neg_sum(struct qir_compile *c);
/* (-u)*K -> u*(-K) for a constant K, (-u)*(-v) -> u*v (opt_neg_const.c). */
bool qir_opt_neg_const(struct qir_compile *c);
/* Conditions on flags a constant set decided at compile time (opt_const_flags.c). */
bool qir_opt_const_flags(struct qir_compile *c);
/* Conditional writes of the value a temp already holds removed (opt_same_cond.c). */
bool qir_opt_same_cond(struct qir_compile *c);
/* `or` of two 0/~0 comparison temps as one temp (opt_bool_or.c). */
bool qir_opt_bool_or(struct qir_compile *c);
/* FS: clamp(x, 0, 1) packed as a colour packs x (opt_pack_clamp.c). */
bool qir_opt_pack_clamp(struct qir_compile *c);
/* Exact fadd/fsub/fmul of two constants -> load_imm (opt_float_fold.c). */
bool qir_opt_float_fold(struct qir_compile *c);
/* Complementary conditional writes: the first unconditional (opt_cond_pair.c). */
bool qir_opt_cond_pair(struct qir_compile *c);
/* Temps holding one small constant everywhere: one entry load (opt_const_temps.c). */
bool qir_opt_const_temps(struct qir_compile *c);
/* (x + C) * K -> x*K + C*K, K a power of two, the sum read once (opt_scale_first.c). */
bool qir_opt_scale_first(struct qir_compile *c);
/* A factor shared by two summed products' factors pulled up (opt_pull_factor.c). */
bool qir_opt_pull_factor(struct qir_compile *c);
bool qir_opt_flag_bool(struct qir_compile *c);
bool qir_opt_const_pack(struct qir_compile *c);
bool qir_opt_dead_flags(struct qir_compile *c);

/* The pack/unpack folds (opt_fold_packs.c), run by the compile driver after
 * qir_optimize(): `fmov t, x.8a; fmul y, t, z` → `fmul y, x.8a, z`, and
 * `fmul t, a, b; mmov d.8ac, t` → `fmul d.8ac, a, b`. True when something
 * changed (c->change: its kind); sets c->oom on allocation failure. */
bool qir_opt_fold_packs(struct qir_compile *c);

/* Turns load-immediates of small-immediate values into temps into movs of
 * small immediates (opt_imm_movs.c), which the scheduler can pair; run by
 * the compile driver after qir_optimize(). True when something changed. */
bool qir_opt_imm_movs(struct qir_compile *c);

/* One block: a VS/CS's words of direct-read addresses, then a VS's word a
 * reciprocal reads (a passthrough w, last of its run), are read first under
 * setups of their own (opt_vpm_order.c); run by the compile driver after
 * qir_optimize(), before qir_opt_imm_movs(). True when something changed;
 * sets c->oom on allocation failure. */
bool qir_opt_vpm_order(struct qir_compile *c);

/* VS/CS: a VPM read copied into a temp that one instruction reads becomes
 * that instruction's operand (opt_vpm_reads.c); run by the compile driver
 * after qir_lower_uniforms(), before qir_schedule(). True when something
 * changed; sets c->oom on allocation failure. */
bool qir_opt_vpm_reads(struct qir_compile *c);

/* FS, after qir_schedule(): an fmov unpacking an r4 result for one MUL-packing
 * reader folds into it (opt_r4_unpack.c). Sets c->oom on allocation failure. */
bool qir_opt_r4_unpack(struct qir_compile *c);

/* Makes every instruction read at most one distinct uniform (copying the
 * others into temps with MOV); run after optimisation, before allocation. */
bool qir_lower_uniforms(struct qir_compile *c);

/* The pre-allocation instruction order (qir_sched.c). The QPU scheduler runs
 * after register allocation, where every reuse of a register is a
 * dependency; so before allocation each block is reordered by critical path
 * (SFU and TMU latencies included), keeping every ordering the hardware
 * needs (temps, flags, r5 after a varying read, the VPM, varying, TMU and
 * TLB FIFOs, uniform resets, thread switches, the branch at the end). The
 * compile driver falls back to the original order when allocation then
 * fails. False (c->oom) when out of memory. */
bool qir_schedule(struct qir_compile *c);

/* Runs `passes` to a fixpoint (NULL: the standard list in its two tiers, qir_optimize.c; a list
 * given, e.g. qir_standard_passes(), is one tier); a pass reporting no progress must change
 * nothing (skipped till another). With `validate` (qir_optimize() passes it unless NDEBUG) the
 * input is checked ("before optimisation: ..."), then the program after every pass with
 * progress ("after pass 'NAME': <validator message>"), and progress after 64 rounds is an
 * error ("no fixpoint after 64 rounds (pass 'NAME' still makes progress)");
 * without it the driver stops after 64 rounds. False on error or OOM. */
bool qir_optimize_passes(struct qir_compile *c, const struct qir_pass *passes, size_t npasses,
			 bool validate, struct vc4_diag *diag);
bool qir_optimize(struct qir_compile *c, struct vc4_diag *diag);
/* qir_optimize() after a change of kind c->change to a program at its fixpoint
 * (c->opt_settled): the passes blind to that kind start clean. */
bool qir_optimize_again(struct qir_compile *c, struct vc4_diag *diag);
const struct qir_pass *qir_standard_passes(size_t *npasses);

/* ---------------------------------------------------------------------------
 * vc4 register allocation.
 * ------------------------------------------------------------------------- */
enum qir_phys_file {
	QIR_PHYS_NONE = 0,   /* temp never read: write to nop */
	QIR_PHYS_ACC,        /* accumulator r0..r4 (index) */
	QIR_PHYS_A,          /* regfile A ra0..ra31 */
	QIR_PHYS_B,          /* regfile B rb0..rb31 */
};
struct qir_phys_reg {
	uint8_t file;        /* enum qir_phys_file */
	uint8_t index;
};

/* ra14/rb14 (QPU_REG_RA0/RB0 + QIR_RA_SCRATCH): never allocated; emission
 * copies operands through them when one instruction cannot encode its reads. */
#define QIR_RA_SCRATCH 14u

struct qir_ra_result {
	struct qir_phys_reg *temps;  /* per temp (c->num_temps entries) */
	bool threaded;               /* allocated within the half files */
};

/* Validates the program, then allocates every temp to a physical register
 * honouring the vc4 rules (docs/qir.md, "Register allocation"). For a
 * threaded FS it first tries the half files; if that fails it removes the
 * THRSWs, clears c->fs_threaded and allocates single-threaded. False with
 * "register allocation failed: N temps live at ip K, M registers available;
 * spill candidate tS" (or a message naming a temp whose uses leave it no
 * register) otherwise; out->temps is then NULL. */
bool qir_register_allocate(struct qir_compile *c, struct qir_ra_result *out,
			   struct vc4_diag *diag);
/* The same, given lv, a liveness of c's current program (qir_liveness()),
 * used instead of computing its own and freed (lv is left zeroed). The same
 * result and messages, but, as qir_optimize(), it validates the program only
 * without NDEBUG (the compile driver's: lowered and optimised, validated so). */
bool qir_register_allocate_live(struct qir_compile *c, struct qir_liveness *lv,
				struct qir_ra_result *out, struct vc4_diag *diag);
void qir_ra_result_free(struct qir_ra_result *r);

/* The bodies of the small inline helpers declared above. */
#include "qir/qir_inline.h"

#endif
