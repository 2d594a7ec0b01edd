/*
 * qpu_isa.h: the VideoCore IV QPU instruction set — bit fields, enums, the one
 * ISA table (ops, signals, conditions, register addresses, small immediates,
 * pack/unpack modes), a decoded-instruction struct with lossless decode/encode,
 * and constructors. The disassembler, assembler, hazard checker and the
 * interpreter all read these tables; nobody keeps a copy.
 *
 * Every instruction is one little-endian 64-bit word. The signal field (63:60)
 * selects the form: 15 = branch, 14 = load immediate or semaphore (by bits
 * 59:57), anything else = ALU (13 = ALU with a small immediate in raddr_b).
 *
 * Stability: the names below marked API-STABLE are relied on by src/qpu/check
 * and src/sim; they may be added to but not renamed or changed.
 */
/* API-STABLE */
#ifndef VC4_QPU_ISA_H
#define VC4_QPU_ISA_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* ---------------------------------------------------------------------------
 * Bit fields. One X-macro list: (ENUM, accessor name, shift, width).
 * Generates enum qpu_field, qpu_fields[] (name/shift/width), and for each
 * field `uint32_t qpu_get_<name>(uint64_t w)` and
 * `uint64_t qpu_set_<name>(uint64_t w, uint32_t v)` (v is masked to the width).
 * Fields of different forms overlap; use the ones of the word's form.
 * ------------------------------------------------------------------------- */
#define QPU_FIELDS(X)                                                        \
	/* every form */                                                     \
	X(SIG,        sig,        60, 4)                                     \
	/* ALU, load immediate, semaphore */                                 \
	X(UNPACK,     unpack,     57, 3)                                     \
	X(PM,         pm,         56, 1)                                     \
	X(PACK,       pack,       52, 4)                                     \
	X(COND_ADD,   cond_add,   49, 3)                                     \
	X(COND_MUL,   cond_mul,   46, 3)                                     \
	X(SF,         sf,         45, 1)                                     \
	/* every form (branch: the link-register writes) */                  \
	X(WS,         ws,         44, 1)                                     \
	X(WADDR_ADD,  waddr_add,  38, 6)                                     \
	X(WADDR_MUL,  waddr_mul,  32, 6)                                     \
	/* ALU only */                                                       \
	X(OP_MUL,     op_mul,     29, 3)                                     \
	X(OP_ADD,     op_add,     24, 5)                                     \
	X(RADDR_A,    raddr_a,    18, 6)                                     \
	X(RADDR_B,    raddr_b,    12, 6)                                     \
	X(ADD_A,      add_a,       9, 3)                                     \
	X(ADD_B,      add_b,       6, 3)                                     \
	X(MUL_A,      mul_a,       3, 3)                                     \
	X(MUL_B,      mul_b,       0, 3)                                     \
	/* load immediate / semaphore (sig 14): kind in the unpack bits */   \
	X(LI_KIND,    li_kind,    57, 3)                                     \
	X(IMM,        imm,         0, 32)                                    \
	/* semaphore (sig 14, li_kind 4) */                                  \
	X(SEM_UNUSED, sem_unused,  5, 27)                                    \
	X(SEM_DEC,    sem_dec,     4, 1)                                     \
	X(SEM_INDEX,  sem_index,   0, 4)                                     \
	/* branch (sig 15); waddr_add/mul + ws receive the link address */   \
	X(BR_UNUSED,  br_unused,  56, 4)                                     \
	X(BR_COND,    br_cond,    52, 4)                                     \
	X(BR_REL,     br_rel,     51, 1)                                     \
	X(BR_REG,     br_reg,     50, 1)                                     \
	X(BR_RADDR_A, br_raddr_a, 45, 5)

enum qpu_field {
#define QPU_FIELD_ENUM_(E, n, s, w) QPU_F_##E,
	QPU_FIELDS(QPU_FIELD_ENUM_)
#undef QPU_FIELD_ENUM_
	QPU_F_COUNT
};

struct qpu_field_info {
	const char *name;   /* accessor name, e.g. "waddr_add" */
	uint8_t shift;      /* lowest bit */
	uint8_t width;      /* bits */
};
extern const struct qpu_field_info qpu_fields[QPU_F_COUNT];

/* The mask of a field of `width` bits at `shift`, in place. */
static inline uint64_t qpu_field_mask(unsigned shift, unsigned width)
{
	return (width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1)) << shift;
}

#define QPU_FIELD_ACCESSORS_(E, n, s, w)                                      \
	static inline uint32_t qpu_get_##n(uint64_t word)                    \
	{                                                                     \
		return (uint32_t)((word & qpu_field_mask(s, w)) >> (s));      \
	}                                                                     \
	static inline uint64_t qpu_set_##n(uint64_t word, uint32_t v)        \
	{                                                                     \
		return (word & ~qpu_field_mask(s, w)) |                       \
		       (((uint64_t)v << (s)) & qpu_field_mask(s, w));         \
	}
QPU_FIELDS(QPU_FIELD_ACCESSORS_)
#undef QPU_FIELD_ACCESSORS_

/* Generic access through the table (slower; for tools). */
uint32_t qpu_field_get(uint64_t word, enum qpu_field f);
uint64_t qpu_field_set(uint64_t word, enum qpu_field f, uint32_t v);

/* ---------------------------------------------------------------------------
 * Enums (values are the encodings).
 * ------------------------------------------------------------------------- */
enum qpu_sig {
	QPU_SIG_SW_BREAKPOINT = 0,
	QPU_SIG_NONE = 1,
	QPU_SIG_THREAD_SWITCH = 2,
	QPU_SIG_PROG_END = 3,
	QPU_SIG_WAIT_FOR_SCOREBOARD = 4,
	QPU_SIG_SCOREBOARD_UNLOCK = 5,
	QPU_SIG_LAST_THREAD_SWITCH = 6,
	QPU_SIG_COVERAGE_LOAD = 7,
	QPU_SIG_COLOR_LOAD = 8,
	QPU_SIG_COLOR_LOAD_END = 9,
	QPU_SIG_LOAD_TMU0 = 10,
	QPU_SIG_LOAD_TMU1 = 11,
	QPU_SIG_ALPHA_MASK_LOAD = 12,
	QPU_SIG_SMALL_IMM = 13,
	QPU_SIG_LOAD_IMM = 14,
	QPU_SIG_BRANCH = 15,
	QPU_SIG_COUNT = 16
};

enum qpu_op_add {
	QPU_A_NOP = 0, QPU_A_FADD = 1, QPU_A_FSUB = 2, QPU_A_FMIN = 3,
	QPU_A_FMAX = 4, QPU_A_FMINABS = 5, QPU_A_FMAXABS = 6, QPU_A_FTOI = 7,
	QPU_A_ITOF = 8, /* 9..11 reserved */
	QPU_A_ADD = 12, QPU_A_SUB = 13, QPU_A_SHR = 14, QPU_A_ASR = 15,
	QPU_A_ROR = 16, QPU_A_SHL = 17, QPU_A_MIN = 18, QPU_A_MAX = 19,
	QPU_A_AND = 20, QPU_A_OR = 21, QPU_A_XOR = 22, QPU_A_NOT = 23,
	QPU_A_CLZ = 24, /* 25..29 reserved */
	QPU_A_V8ADDS = 30, QPU_A_V8SUBS = 31,
	QPU_A_COUNT = 32
};

enum qpu_op_mul {
	QPU_M_NOP = 0, QPU_M_FMUL = 1, QPU_M_MUL24 = 2, QPU_M_V8MULD = 3,
	QPU_M_V8MIN = 4, QPU_M_V8MAX = 5, QPU_M_V8ADDS = 6, QPU_M_V8SUBS = 7,
	QPU_M_COUNT = 8
};

/* ALU write conditions (cond_add, cond_mul). Complement = cond ^ 1. */
enum qpu_cond {
	QPU_COND_NEVER = 0, QPU_COND_ALWAYS = 1,
	QPU_COND_ZS = 2, QPU_COND_ZC = 3,
	QPU_COND_NS = 4, QPU_COND_NC = 5,
	QPU_COND_CS = 6, QPU_COND_CC = 7,
	QPU_COND_COUNT = 8
};

/* Branch conditions (all/any of the 16 elements). 12..14 are reserved. */
enum qpu_branch_cond {
	QPU_BR_ALL_ZS = 0, QPU_BR_ALL_ZC = 1, QPU_BR_ANY_ZS = 2, QPU_BR_ANY_ZC = 3,
	QPU_BR_ALL_NS = 4, QPU_BR_ALL_NC = 5, QPU_BR_ANY_NS = 6, QPU_BR_ANY_NC = 7,
	QPU_BR_ALL_CS = 8, QPU_BR_ALL_CC = 9, QPU_BR_ANY_CS = 10, QPU_BR_ANY_CC = 11,
	QPU_BR_ALWAYS = 15,
	QPU_BR_COUNT = 16
};

/* A branch condition (not ALWAYS, not reserved) combines, over all or any
 * of the 16 lanes, one per-lane condition: QPU_BR_ALL_ZS..QPU_BR_ANY_CC pair
 * up with QPU_COND_ZS..QPU_COND_CC in the same flag order (Z, N, C; set,
 * clear). The per-lane condition of `br`, QPU_COND_NEVER for reserved
 * codes, QPU_COND_ALWAYS for QPU_BR_ALWAYS. */
static inline enum qpu_cond qpu_branch_lane_cond(enum qpu_branch_cond br)
{
	if (br == QPU_BR_ALWAYS)
		return QPU_COND_ALWAYS;
	if (br > QPU_BR_ANY_CC)
		return QPU_COND_NEVER;
	return (enum qpu_cond)(QPU_COND_ZS + 2 * ((unsigned)br >> 2) + ((unsigned)br & 1));
}

/* Whether branch condition br asks for any lane (else all, or always). */
static inline bool qpu_branch_is_any(enum qpu_branch_cond br)
{
	return br <= QPU_BR_ANY_CC && ((unsigned)br & 2);
}

/* The branch condition testing per-lane condition `lane` (QPU_COND_ZS..
 * QPU_COND_CC) over any (true) or all (false) of the lanes. */
static inline enum qpu_branch_cond qpu_branch_on(enum qpu_cond lane, bool any)
{
	unsigned k = (unsigned)lane - QPU_COND_ZS;   /* 2 * flag + clear */
	return (enum qpu_branch_cond)(((k >> 1) << 2) | (any ? 2u : 0u) | (k & 1));
}

/* ALU input multiplexer (add_a, add_b, mul_a, mul_b). */
enum qpu_mux {
	QPU_MUX_R0 = 0, QPU_MUX_R1 = 1, QPU_MUX_R2 = 2, QPU_MUX_R3 = 3,
	QPU_MUX_R4 = 4, QPU_MUX_R5 = 5,
	QPU_MUX_A = 6,  /* regfile A at raddr_a */
	QPU_MUX_B = 7,  /* regfile B at raddr_b, or the small immediate */
	QPU_MUX_COUNT = 8
};

/* Pack modes with PM = 0: applied to the regfile-A write (whichever ALU
 * writes file A). */
enum qpu_pack_a {
	QPU_PACK_A_NOP = 0,
	QPU_PACK_A_16A = 1, QPU_PACK_A_16B = 2, QPU_PACK_A_8888 = 3,
	QPU_PACK_A_8A = 4, QPU_PACK_A_8B = 5, QPU_PACK_A_8C = 6, QPU_PACK_A_8D = 7,
	QPU_PACK_A_32_SAT = 8,
	QPU_PACK_A_16A_SAT = 9, QPU_PACK_A_16B_SAT = 10, QPU_PACK_A_8888_SAT = 11,
	QPU_PACK_A_8A_SAT = 12, QPU_PACK_A_8B_SAT = 13, QPU_PACK_A_8C_SAT = 14,
	QPU_PACK_A_8D_SAT = 15,
	QPU_PACK_A_COUNT = 16
};

/* Pack modes with PM = 1: applied to the MUL ALU result (float [0,1] to
 * unorm8). 1, 2 and 8..15 are reserved. */
enum qpu_pack_mul {
	QPU_PACK_MUL_NOP = 0,
	QPU_PACK_MUL_8888 = 3,
	QPU_PACK_MUL_8A = 4, QPU_PACK_MUL_8B = 5, QPU_PACK_MUL_8C = 6,
	QPU_PACK_MUL_8D = 7,
	QPU_PACK_MUL_COUNT = 16
};

/* Unpack modes: regfile-A reads (PM = 0) or r4 reads (PM = 1). */
enum qpu_unpack {
	QPU_UNPACK_NOP = 0,
	QPU_UNPACK_16A = 1, QPU_UNPACK_16B = 2, QPU_UNPACK_8D_REP = 3,
	QPU_UNPACK_8A = 4, QPU_UNPACK_8B = 5, QPU_UNPACK_8C = 6, QPU_UNPACK_8D = 7,
	QPU_UNPACK_COUNT = 8
};

/* Bits 59:57 of a sig-14 word. 2, 5, 6, 7 have no defined meaning. */
enum qpu_li_kind {
	QPU_LI_32 = 0,              /* 32-bit immediate to every element */
	QPU_LI_PER_ELEM_SIGNED = 1, /* 2-bit signed per element (-2..1) */
	QPU_LI_PER_ELEM_UNSIGNED = 3, /* 2-bit unsigned per element (0..3) */
	QPU_LI_SEMAPHORE = 4,       /* semaphore instruction */
	QPU_LI_COUNT = 8
};

/* Instruction form, from sig (and li_kind). */
enum qpu_form {
	QPU_FORM_ALU,        /* sig 0..13 */
	QPU_FORM_LOAD_IMM,   /* sig 14, li_kind != 4 (may be an undefined kind) */
	QPU_FORM_SEMAPHORE,  /* sig 14, li_kind 4 */
	QPU_FORM_BRANCH,     /* sig 15 */
};

enum qpu_file { QPU_FILE_A = 0, QPU_FILE_B = 1 };

/* The special-function units and FIFOs an address talks to. */
enum qpu_periph {
	QPU_PERIPH_NONE = 0,    /* regfile register, accumulator, nop, constants */
	QPU_PERIPH_UNIFORM,     /* uniform FIFO read / uniforms address write */
	QPU_PERIPH_VARYING,     /* varying FIFO read */
	QPU_PERIPH_TMU0,        /* texture unit 0 request registers */
	QPU_PERIPH_TMU1,        /* texture unit 1 request registers */
	QPU_PERIPH_TMU_NOSWAP,  /* tmu_noswap */
	QPU_PERIPH_SFU,         /* recip, recipsqrt, exp2, log2: result in r4 */
	QPU_PERIPH_TLB,         /* tile buffer: stencil, z, colour, alpha mask */
	QPU_PERIPH_VPM,         /* VPM data read/write and its busy/wait regs */
	QPU_PERIPH_VPM_SETUP,   /* vr_setup / vw_setup */
	QPU_PERIPH_VPM_DMA,     /* vr_addr / vw_addr: DMA load/store address */
	QPU_PERIPH_MUTEX,       /* mutex acquire (read) / release (write) */
	QPU_PERIPH_HOST_INT,    /* host interrupt */
	QPU_PERIPH_COUNT
};

/* ---------------------------------------------------------------------------
 * The ISA table.
 * ------------------------------------------------------------------------- */
enum qpu_unit { QPU_UNIT_ADD = 0, QPU_UNIT_MUL = 1 };

struct qpu_op_info {
	const char *name;   /* mnemonic; NULL = reserved encoding */
	uint8_t nsrc;       /* operands used: 0 (nop), 1 or 2 */
	bool float_in;      /* inputs are floats (affects unpack semantics) */
	bool float_out;     /* result is a float */
	bool v8;            /* per-byte (8-bit vector) op */
	enum qpu_unit unit;
};
extern const struct qpu_op_info qpu_add_ops[QPU_A_COUNT];
extern const struct qpu_op_info qpu_mul_ops[QPU_M_COUNT];

/* Signal flags. */
/* The TMU FIFOs of one QPU, per unit (docs/sim.md, "Decisions against real
 * userspace"): the request FIFO holds 8 slots, one per s/t/r/b write of a
 * lookup; at most 4 lookups may wait with unread results (the RG sizes the
 * result FIFO for 8 direct reads, but only 4 are reliable on hardware and
 * Mesa's vc4 never queues more). A threaded program's two threads share
 * both: each gets half. The compiler's schedulers, the hazard checker and
 * the simulator all take their limits from here. */
#define QPU_TMU_FIFO_SLOTS 8
#define QPU_TMU_FIFO_RESULTS 4

#define QPU_SIGF_WRITES_R4   (1u << 0)  /* loads r4 (TMU, TLB colour/mask) */
#define QPU_SIGF_PROG_END    (1u << 1)  /* thread end: 2 delay slots */
#define QPU_SIGF_THRSW       (1u << 2)  /* thread switch: 3 delay slots */
#define QPU_SIGF_TLB         (1u << 3)  /* accesses the tile buffer */
#define QPU_SIGF_TMU         (1u << 4)  /* pops a TMU result */
#define QPU_SIGF_SCOREBOARD  (1u << 5)  /* scoreboard wait/unlock */
#define QPU_SIGF_FORM        (1u << 6)  /* changes the form / raddr_b meaning */

struct qpu_sig_info {
	const char *name;   /* assembler keyword, e.g. "thrend", "ldtmu0" */
	uint32_t flags;     /* QPU_SIGF_* */
	uint8_t tmu;        /* for QPU_SIGF_TMU: the unit, 0 or 1 */
};
extern const struct qpu_sig_info qpu_sigs[QPU_SIG_COUNT];

struct qpu_name_info {
	const char *name;   /* suffix/keyword; NULL = reserved encoding */
};
extern const struct qpu_name_info qpu_conds[QPU_COND_COUNT];       /* "never", "always", "zs"... */
extern const struct qpu_name_info qpu_branch_conds[QPU_BR_COUNT];  /* "all_zs"... "always" */
extern const struct qpu_name_info qpu_muxes[QPU_MUX_COUNT];        /* "r0".."r5", "a", "b" */
extern const struct qpu_name_info qpu_li_kinds[QPU_LI_COUNT];      /* "", "i2", "u2", "sem" */

struct qpu_pack_info {
	const char *name;   /* suffix without the dot, e.g. "16a", "8888sat"; NULL reserved */
	bool sat;           /* saturates */
	uint8_t bits;       /* width written: 16, 8, or 32 (nop, 32sat, 8888) */
};
extern const struct qpu_pack_info qpu_packs_a[QPU_PACK_A_COUNT];     /* PM = 0 */
extern const struct qpu_pack_info qpu_packs_mul[QPU_PACK_MUL_COUNT]; /* PM = 1 */

struct qpu_unpack_info {
	const char *name;   /* suffix without the dot, e.g. "16a", "8dr" */
	uint8_t bits;       /* source width: 32 (nop), 16 or 8 */
	uint8_t shift;      /* bit offset of the source field */
	bool replicate;     /* 8d_rep: byte replicated to all four bytes (int) */
};
extern const struct qpu_unpack_info qpu_unpacks[QPU_UNPACK_COUNT];

/* Register address flags (per file, per address, read or write). */
#define QPU_REGF_VALID      (1u << 0)  /* address has a defined meaning */
#define QPU_REGF_PHYS       (1u << 1)  /* regfile register 0..31 */
#define QPU_REGF_ACC        (1u << 2)  /* accumulator r0..r3 / r5 write */
#define QPU_REGF_NOP        (1u << 3)  /* address 39 */
#define QPU_REGF_FIFO_POP   (1u << 4)  /* read pops a FIFO (uniform, varying, VPM) */
#define QPU_REGF_FIFO_PUSH  (1u << 5)  /* write pushes a request (TMU, SFU, VPM, TLB...) */
#define QPU_REGF_BLOCKS     (1u << 6)  /* read may stall (vpm wait, mutex acquire) */
#define QPU_REGF_R5_QUAD    (1u << 7)  /* r5 write, per-quad element 0 replicate */
#define QPU_REGF_R5_REP     (1u << 8)  /* r5 write, element 0 to all 16 */
#define QPU_REGF_TMU_RETIRE (1u << 9)  /* tmuN_s: submits the request */

/* What a register address is, one id per distinct meaning, so that nobody
 * matches names. An address that means the same thing when read and written
 * (nop, vpm, ms_flags, rev_flag) has one id for both; names differ exactly
 * where ids differ (tests/qpu/test_qpu_isa.c checks every address). The order
 * is relied on by the helpers below (groups of 32 registers, of 4 TMU and
 * SFU registers). */
enum qpu_reg_id {
	QPU_REG_RESERVED = 0,      /* no defined meaning (name NULL) */
	QPU_REG_RA0 = 1,           /* ra0..ra31: QPU_REG_RA0 + n */
	QPU_REG_RB0 = QPU_REG_RA0 + 32, /* rb0..rb31: QPU_REG_RB0 + n */
	QPU_REG_ACC0 = QPU_REG_RB0 + 32, QPU_REG_ACC1, QPU_REG_ACC2, QPU_REG_ACC3, /* r0..r3 */
	QPU_REG_R5_QUAD,           /* r5quad: element 0 of each quad replicated */
	QPU_REG_R5_REP,            /* r5rep: element 0 to all 16 */
	QPU_REG_NOP,
	QPU_REG_UNIFORM,           /* unif: uniform FIFO read */
	QPU_REG_VARYING,           /* vary: varying FIFO read */
	QPU_REG_ELEM_NUM, QPU_REG_QPU_NUM,
	QPU_REG_X_PIX, QPU_REG_Y_PIX,
	QPU_REG_MS_FLAGS, QPU_REG_REV_FLAG,   /* read and write */
	QPU_REG_VPM,               /* VPM data, read and write */
	QPU_REG_VR_BUSY, QPU_REG_VW_BUSY,    /* vpm_ld_busy, vpm_st_busy */
	QPU_REG_VR_WAIT, QPU_REG_VW_WAIT,    /* vpm_ld_wait, vpm_st_wait */
	QPU_REG_MUTEX_ACQ, QPU_REG_MUTEX_RELEASE,
	QPU_REG_TMU_NOSWAP, QPU_REG_HOST_INT,
	QPU_REG_UNIFORMS_ADDR, QPU_REG_UNIFORMS_ADDR_REL,
	QPU_REG_QUAD_X, QPU_REG_QUAD_Y,
	QPU_REG_TLB_STENCIL,       /* tlb_stencil_setup */
	QPU_REG_TLB_Z, QPU_REG_TLB_COLOR_MS, QPU_REG_TLB_COLOR_ALL, QPU_REG_TLB_ALPHA_MASK,
	QPU_REG_VR_SETUP, QPU_REG_VW_SETUP,  /* VPM generic access setup */
	QPU_REG_VR_ADDR, QPU_REG_VW_ADDR,    /* VPM DMA load / store address */
	QPU_REG_SFU_RECIP, QPU_REG_SFU_RECIPSQRT, QPU_REG_SFU_EXP, QPU_REG_SFU_LOG,
	QPU_REG_TMU0_S, QPU_REG_TMU0_T, QPU_REG_TMU0_R, QPU_REG_TMU0_B,
	QPU_REG_TMU1_S, QPU_REG_TMU1_T, QPU_REG_TMU1_R, QPU_REG_TMU1_B,
	QPU_REG_COUNT
};

struct qpu_reg_info {
	const char *name;      /* assembler name; NULL = reserved address */
	enum qpu_periph periph;
	uint32_t flags;        /* QPU_REGF_* */
	enum qpu_reg_id id;    /* what the address is (QPU_REG_RESERVED when name is NULL) */
	/* The number within its group: raN/rbN: N; r0..r3: 0..3, r5quad/r5rep: 5;
	 * tmuN_s/t/r/b: the parameter 0..3 (s, t, r, b); sfu_*: the function
	 * 0..3 (recip, recipsqrt, exp, log); otherwise 0. */
	uint8_t num;
};
/* [file][address] for reads (raddr_a = file A, raddr_b = file B) ... */
extern const struct qpu_reg_info qpu_raddrs[2][64];
/* ... and writes (file from ws and ALU, see qpu_waddr_file()). */
extern const struct qpu_reg_info qpu_waddrs[2][64];

enum qpu_small_imm_kind {
	QPU_SMALL_IMM_INT,     /* 0..15, -16..-1 */
	QPU_SMALL_IMM_FLOAT,   /* 2^-8 .. 2^7 */
	QPU_SMALL_IMM_ROT_R5,  /* MUL vector rotate by r5 (code 48) */
	QPU_SMALL_IMM_ROT,     /* MUL vector rotate by 1..15 (codes 49..63) */
};
struct qpu_small_imm_info {
	enum qpu_small_imm_kind kind;
	uint32_t bits;   /* the 32-bit value read (int or float bits); for
			  * rotations the value the B input reads (code - 64,
			  * i.e. -15..-1, and -16 for 48) */
	uint8_t rotate;  /* QPU_SMALL_IMM_ROT: elements rotated, else 0 */
};
extern const struct qpu_small_imm_info qpu_small_imms[64];

/* ---------------------------------------------------------------------------
 * Decoded instruction. Decoding is lossless: qpu_encode(qpu_decode(w)) == w
 * for every 64-bit w. Fields not used by a form are left zero except
 * `unused`, which keeps the bits that carry no meaning in the form in place.
 * ------------------------------------------------------------------------- */
struct qpu_inst {
	enum qpu_form form;
	enum qpu_sig sig;

	/* ALU, load immediate, semaphore */
	uint8_t unpack;        /* enum qpu_unpack (ALU) */
	bool pm;
	uint8_t pack;          /* enum qpu_pack_a (pm 0) / qpu_pack_mul (pm 1) */
	enum qpu_cond cond_add, cond_mul;
	bool sf;
	/* every form */
	bool ws;
	uint8_t waddr_add, waddr_mul;

	/* ALU */
	enum qpu_op_add op_add;
	enum qpu_op_mul op_mul;
	uint8_t raddr_a, raddr_b;   /* raddr_b: small-imm code when sig 13 */
	enum qpu_mux add_a, add_b, mul_a, mul_b;

	/* load immediate, semaphore, branch */
	enum qpu_li_kind li_kind;
	uint32_t imm;               /* LI value; branch target. Semaphore: the
				     * whole low word (decode only: encode
				     * uses sem_dec, sem_index, unused) */
	bool sem_dec;               /* semaphore: 1 = decrement (acquire) */
	uint8_t sem_index;          /* semaphore: 0..15 */

	/* branch */
	enum qpu_branch_cond br_cond;
	bool br_rel, br_reg;
	uint8_t br_raddr_a;         /* 5 bits */

	/* bits meaningless in this form, in place (see qpu_unused_mask()) */
	uint64_t unused;
};

/* The form of a word (inline: every pass over code words asks it). */
static inline enum qpu_form qpu_form_of(uint64_t word)
{
	switch (qpu_get_sig(word)) {
	case QPU_SIG_BRANCH:
		return QPU_FORM_BRANCH;
	case QPU_SIG_LOAD_IMM:
		return qpu_get_li_kind(word) == QPU_LI_SEMAPHORE ?
		       QPU_FORM_SEMAPHORE : QPU_FORM_LOAD_IMM;
	default:
		return QPU_FORM_ALU;
	}
}

/* Splits a word into its fields. Never fails; see qpu_inst_valid(). */
void qpu_decode(uint64_t word, struct qpu_inst *inst);

/* Builds the word back from fields (values masked to their widths). */
uint64_t qpu_encode(const struct qpu_inst *inst);

/* Bits of a word of `form` that no field of the form uses: branch 59:56,
 * semaphore 31:5; zero for ALU and load immediate. Inline: every decode
 * asks. */
static inline uint64_t qpu_unused_mask(enum qpu_form form)
{
	switch (form) {
	case QPU_FORM_BRANCH:
		return qpu_field_mask(56, 4);
	case QPU_FORM_SEMAPHORE:
		return qpu_field_mask(5, 27);
	default:
		return 0;
	}
}

/* True when every field holds an encoding with a defined meaning (op, pack,
 * unpack, li kind, branch condition, register addresses). */
bool qpu_inst_valid(const struct qpu_inst *inst);

/* Why an instruction is not valid, as text ("reserved add op 9",
 * "reserved regfile A read address 36", ...); NULL when it is valid. */
const char *qpu_inst_problem(const struct qpu_inst *inst, char *buf, unsigned size);

/* ---------------------------------------------------------------------------
 * Derived helpers.
 * ------------------------------------------------------------------------- */
/* The file the ADD (is_mul false) or MUL ALU writes for a given ws:
 * ADD writes A when ws = 0, MUL writes B when ws = 0. */
static inline enum qpu_file qpu_waddr_file(bool is_mul, bool ws)
{
	return (is_mul != ws) ? QPU_FILE_B : QPU_FILE_A;
}

/* True when write address `addr` means the same on both files (the write
 * ignores ws), e.g. r0, nop, tmu0_s; false for ra/rb registers, quad_x/y,
 * r5quad/r5rep, uniforms_addr/uniforms_addr_rel, vr/vw setup, ... Derived
 * from qpu_waddrs[]. Inline: the pairing code asks per attempt. */
static inline bool qpu_waddr_ignores_ws(unsigned addr)
{
	return addr < 64 && qpu_waddrs[0][addr].id != QPU_REG_RESERVED &&
	       qpu_waddrs[0][addr].id == qpu_waddrs[1][addr].id;
}

/* Same for read addresses (uniform, varying, vpm read, nop, mutex). */
bool qpu_raddr_same_on_both(unsigned addr);

/* Group tests on register ids (derived from the order of enum qpu_reg_id). */
static inline bool qpu_reg_is_phys(enum qpu_reg_id id)
{
	return id >= QPU_REG_RA0 && id < QPU_REG_RB0 + 32;
}

/* A fragment shader thread starts with its payload in two regfile registers:
 * W (1/w, float) in ra15 and Z (24-bit depth) in rb15. */
#define QPU_REG_FS_PAYLOAD_W ((enum qpu_reg_id)(QPU_REG_RA0 + 15))
#define QPU_REG_FS_PAYLOAD_Z ((enum qpu_reg_id)(QPU_REG_RB0 + 15))

/* The accumulator an id writes: 0..3 for r0..r3, 5 for r5quad/r5rep, or -1. */
static inline int qpu_reg_acc(enum qpu_reg_id id)
{
	if (id >= QPU_REG_ACC0 && id <= QPU_REG_ACC3)
		return (int)(id - QPU_REG_ACC0);
	return id == QPU_REG_R5_QUAD || id == QPU_REG_R5_REP ? 5 : -1;
}

/* The texture unit (0, 1) of a tmuN_s/t/r/b id, or -1. */
static inline int qpu_reg_tmu_unit(enum qpu_reg_id id)
{
	return id >= QPU_REG_TMU0_S && id <= QPU_REG_TMU1_B ? (int)(id - QPU_REG_TMU0_S) / 4 : -1;
}

/* The TMU parameter (0 = s, 1 = t, 2 = r, 3 = b) of a TMU id, or -1. */
static inline int qpu_reg_tmu_param(enum qpu_reg_id id)
{
	return qpu_reg_tmu_unit(id) < 0 ? -1 : (int)(id - QPU_REG_TMU0_S) % 4;
}

/* The SFU function (0 recip, 1 recipsqrt, 2 exp, 3 log) of an sfu_* id, or -1. */
static inline int qpu_reg_sfu_func(enum qpu_reg_id id)
{
	return id >= QPU_REG_SFU_RECIP && id <= QPU_REG_SFU_LOG ?
	       (int)(id - QPU_REG_SFU_RECIP) : -1;
}

/* One TLB register id (tlb_stencil_setup .. tlb_alpha_mask). */
static inline bool qpu_reg_is_tlb(enum qpu_reg_id id)
{
	return id >= QPU_REG_TLB_STENCIL && id <= QPU_REG_TLB_ALPHA_MASK;
}

/* The assembler name of an id, from the tables (NULL for QPU_REG_RESERVED or
 * an id out of range). */
const char *qpu_reg_name(enum qpu_reg_id id);

/* Where register `id` is read (qpu_reg_raddr) or written (qpu_reg_waddr):
 * the file and the address, from the tables. An id present in both files
 * (nop, r0, tmu0_s, unif, vpm, ...) gives file A; see qpu_waddr_ignores_ws()
 * and qpu_raddr_same_on_both() for whether the file matters. False, with
 * *file and *addr untouched, when the id cannot be accessed that way (e.g.
 * tlb_z read, x_pix written), is QPU_REG_RESERVED or is out of range. The
 * compiler names registers only through these, so a misspelt register is a
 * compile error. */
/* Their tables, inverse to qpu_raddrs/qpu_waddrs (0: none, else 1 + file *
 * 64 + addr of the first entry), built by the first call that finds them
 * unbuilt (qpu_reg_addr_build()); inline, as the compiler asks per operand. */
extern uint8_t qpu_reg_first_raddr[], qpu_reg_first_waddr[];
extern atomic_bool qpu_reg_first_ready;
bool qpu_reg_addr_build(enum qpu_reg_id id, bool write, enum qpu_file *file, unsigned *addr);

static inline bool qpu_reg_addr_from(const uint8_t *first, enum qpu_reg_id id,
				     enum qpu_file *file, unsigned *addr)
{
	if (id == QPU_REG_RESERVED || (unsigned)id >= QPU_REG_COUNT || !first[id])
		return false;
	*file = (enum qpu_file)((first[id] - 1) / 64);
	*addr = (first[id] - 1u) % 64;
	return true;
}

static inline bool qpu_reg_raddr(enum qpu_reg_id id, enum qpu_file *file, unsigned *addr)
{
	if (!atomic_load_explicit(&qpu_reg_first_ready, memory_order_acquire))
		return qpu_reg_addr_build(id, false, file, addr);
	return qpu_reg_addr_from(qpu_reg_first_raddr, id, file, addr);
}

static inline bool qpu_reg_waddr(enum qpu_reg_id id, enum qpu_file *file, unsigned *addr)
{
	if (!atomic_load_explicit(&qpu_reg_first_ready, memory_order_acquire))
		return qpu_reg_addr_build(id, true, file, addr);
	return qpu_reg_addr_from(qpu_reg_first_waddr, id, file, addr);
}

/* The value loaded into SIMD element `elem` (0..15) by a load immediate of
 * `kind` with field `imm`: the word itself for QPU_LI_32 (and semaphore);
 * for per-element kinds the 2-bit value with LSB imm bit elem, MSB imm bit
 * 16 + elem, sign- or zero-extended. */
uint32_t qpu_load_imm_elem(enum qpu_li_kind kind, uint32_t imm, unsigned elem);

/* The byte the MUL unit's PM=1 pack (QPU_PACK_MUL_8888, _8A.._8D) makes of
 * float bits x: denormals flushed to zero, clamped to [0, 1] (a NaN with
 * its sign clear counts as above 1, with its sign set as below 0), times
 * 255, rounded to nearest. */
uint32_t qpu_pack_unorm8(uint32_t x);

/* The small-immediate code (0..47) whose value has exactly these bits, or -1.
 * Rotation codes are never returned. By arithmetic, the table's first 48
 * entries (tests/qpu checks every code against the table): integers
 * -16..15, then 2^0..2^7 and 2^-8..2^-1, which are a bare exponent. Inline:
 * the passes ask per operand. */
static inline int qpu_small_imm_encode(uint32_t bits)
{
	int32_t v = (int32_t)bits;
	if (v >= 0 && v <= 15)
		return v;
	if (v >= -16 && v < 0)
		return 32 + v;
	if (bits & 0x807fffffu)
		return -1;
	int e = (int)(bits >> 23) - 127;
	if (e >= 0 && e <= 7)
		return 32 + e;
	if (e >= -8 && e < 0)
		return 48 + e;
	return -1;
}

/* The text of small-immediate code `code` (0..47) that reads back to the
 * same bits: integers in decimal, floats always with a '.' ("2.0",
 * "0.00390625"). Returns buf (at least 32 bytes). */
const char *qpu_small_imm_text(unsigned code, char *buf);

/* ---------------------------------------------------------------------------
 * Constructors. All return complete words; combine with qpu_set_*().
 * ------------------------------------------------------------------------- */
#define QPU_W_NOP 39u          /* write address nop */
#define QPU_R_NOP 39u          /* read address nop */
#define QPU_R_UNIF 32u
#define QPU_R_VARY 35u

/* ALU nop: sig none, both ops nop, waddrs nop, raddrs nop, conds never,
 * all muxes r0. Inline: a constant, built once per emitted word. */
static inline uint64_t qpu_nop(void)
{
	uint64_t w = 0;

	w = qpu_set_sig(w, QPU_SIG_NONE);
	w = qpu_set_waddr_add(w, QPU_W_NOP);
	w = qpu_set_waddr_mul(w, QPU_W_NOP);
	w = qpu_set_raddr_a(w, QPU_R_NOP);
	return qpu_set_raddr_b(w, QPU_R_NOP);
}

/* A relative branch at `ip` with byte offset `imm` continues, after its
 * three delay slots, at instruction ip + 4 + imm / 8. */
static inline int64_t qpu_branch_target(uint32_t ip, int32_t imm)
{
	return (int64_t)ip + 4 + imm / 8;
}

/* The byte offset that takes a relative branch at `ip` to `target`. */
static inline int64_t qpu_branch_offset(uint32_t ip, uint32_t target)
{
	return ((int64_t)target - ((int64_t)ip + 4)) * 8;
}

/* Sets the ADD half: op, destination, operands; cond_add = always when the
 * op is not nop (else never). Other fields kept. Inline, as the field
 * setters: instruction selection sets a half for every QIR instruction. */
static inline uint64_t qpu_with_add(uint64_t w, enum qpu_op_add op, unsigned waddr,
				    enum qpu_mux a, enum qpu_mux b)
{
	w = qpu_set_op_add(w, op);
	w = qpu_set_waddr_add(w, waddr);
	w = qpu_set_cond_add(w, op == QPU_A_NOP ? QPU_COND_NEVER : QPU_COND_ALWAYS);
	w = qpu_set_add_a(w, a);
	return qpu_set_add_b(w, b);
}

/* Same for the MUL half. */
static inline uint64_t qpu_with_mul(uint64_t w, enum qpu_op_mul op, unsigned waddr,
				    enum qpu_mux a, enum qpu_mux b)
{
	w = qpu_set_op_mul(w, op);
	w = qpu_set_waddr_mul(w, waddr);
	w = qpu_set_cond_mul(w, op == QPU_M_NOP ? QPU_COND_NEVER : QPU_COND_ALWAYS);
	w = qpu_set_mul_a(w, a);
	return qpu_set_mul_b(w, b);
}

/* An ALU instruction with the ADD half only (MUL nop). */
uint64_t qpu_alu_add(enum qpu_op_add op, unsigned waddr, enum qpu_mux a,
		     enum qpu_mux b, unsigned raddr_a, unsigned raddr_b);

/* An ALU instruction with the MUL half only (ADD nop). */
uint64_t qpu_alu_mul(enum qpu_op_mul op, unsigned waddr, enum qpu_mux a,
		     enum qpu_mux b, unsigned raddr_a, unsigned raddr_b);

/* Load immediate of `kind` written through both halves (cond always when
 * the address is not nop), ws 0, no pack, sf 0. */
uint64_t qpu_load_imm(enum qpu_li_kind kind, unsigned waddr_add,
		      unsigned waddr_mul, uint32_t imm);

/* Semaphore: increment (dec false = release) or decrement (acquire) of
 * semaphore `index` (0..15); both waddrs nop. */
uint64_t qpu_semaphore(bool dec, unsigned index);

/* Branch with condition, relative flag, target immediate (bytes);
 * no register, link writes to nop. */
uint64_t qpu_branch(enum qpu_branch_cond cond, bool rel, uint32_t imm);

#endif
