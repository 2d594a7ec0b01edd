/*
 * qpu_isa.c: the one QPU ISA table (fields, ops, signals, conditions, pack and
 * unpack modes, register addresses of files A and B, small immediates), the
 * lossless decode/encode of a 64-bit word, and the instruction constructors.
 */
#include "qpu/qpu_isa.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

/* ------------------------------------------------------------------------ */
/* Fields                                                                   */

const struct qpu_field_info qpu_fields[QPU_F_COUNT] = {
#define QPU_FIELD_INFO_(E, n, s, w) [QPU_F_##E] = { #n, s, w },
	QPU_FIELDS(QPU_FIELD_INFO_)
#undef QPU_FIELD_INFO_
};

uint32_t qpu_field_get(uint64_t word, enum qpu_field f)
{
	const struct qpu_field_info *fi = &qpu_fields[f];

	return (uint32_t)((word & qpu_field_mask(fi->shift, fi->width)) >> fi->shift);
}

uint64_t qpu_field_set(uint64_t word, enum qpu_field f, uint32_t v)
{
	const struct qpu_field_info *fi = &qpu_fields[f];
	uint64_t mask = qpu_field_mask(fi->shift, fi->width);

	return (word & ~mask) | (((uint64_t)v << fi->shift) & mask);
}

/* ------------------------------------------------------------------------ */
/* Ops                                                                      */

#define OP(n, ns, fi, fo, v, u) { .name = n, .nsrc = ns, .float_in = fi, \
				  .float_out = fo, .v8 = v, .unit = u }
#define AOP(n, ns, fi, fo, v) OP(n, ns, fi, fo, v, QPU_UNIT_ADD)
#define MOP(n, ns, fi, fo, v) OP(n, ns, fi, fo, v, QPU_UNIT_MUL)

const struct qpu_op_info qpu_add_ops[QPU_A_COUNT] = {
	[QPU_A_NOP]     = AOP("nop",     0, false, false, false),
	[QPU_A_FADD]    = AOP("fadd",    2, true,  true,  false),
	[QPU_A_FSUB]    = AOP("fsub",    2, true,  true,  false),
	[QPU_A_FMIN]    = AOP("fmin",    2, true,  true,  false),
	[QPU_A_FMAX]    = AOP("fmax",    2, true,  true,  false),
	[QPU_A_FMINABS] = AOP("fminabs", 2, true,  true,  false),
	[QPU_A_FMAXABS] = AOP("fmaxabs", 2, true,  true,  false),
	[QPU_A_FTOI]    = AOP("ftoi",    1, true,  false, false),
	[QPU_A_ITOF]    = AOP("itof",    1, false, true,  false),
	[QPU_A_ADD]     = AOP("add",     2, false, false, false),
	[QPU_A_SUB]     = AOP("sub",     2, false, false, false),
	[QPU_A_SHR]     = AOP("shr",     2, false, false, false),
	[QPU_A_ASR]     = AOP("asr",     2, false, false, false),
	[QPU_A_ROR]     = AOP("ror",     2, false, false, false),
	[QPU_A_SHL]     = AOP("shl",     2, false, false, false),
	[QPU_A_MIN]     = AOP("min",     2, false, false, false),
	[QPU_A_MAX]     = AOP("max",     2, false, false, false),
	[QPU_A_AND]     = AOP("and",     2, false, false, false),
	[QPU_A_OR]      = AOP("or",      2, false, false, false),
	[QPU_A_XOR]     = AOP("xor",     2, false, false, false),
	[QPU_A_NOT]     = AOP("not",     1, false, false, false),
	[QPU_A_CLZ]     = AOP("clz",     1, false, false, false),
	[QPU_A_V8ADDS]  = AOP("v8adds",  2, false, false, true),
	[QPU_A_V8SUBS]  = AOP("v8subs",  2, false, false, true),
};

const struct qpu_op_info qpu_mul_ops[QPU_M_COUNT] = {
	[QPU_M_NOP]    = MOP("nop",    0, false, false, false),
	[QPU_M_FMUL]   = MOP("fmul",   2, true,  true,  false),
	[QPU_M_MUL24]  = MOP("mul24",  2, false, false, false),
	[QPU_M_V8MULD] = MOP("v8muld", 2, false, false, true),
	[QPU_M_V8MIN]  = MOP("v8min",  2, false, false, true),
	[QPU_M_V8MAX]  = MOP("v8max",  2, false, false, true),
	[QPU_M_V8ADDS] = MOP("v8adds", 2, false, false, true),
	[QPU_M_V8SUBS] = MOP("v8subs", 2, false, false, true),
};

/* ------------------------------------------------------------------------ */
/* Signals, conditions, muxes                                               */

const struct qpu_sig_info qpu_sigs[QPU_SIG_COUNT] = {
	[QPU_SIG_SW_BREAKPOINT]       = { "bkpt", 0, 0 },
	[QPU_SIG_NONE]                = { "none", 0, 0 },
	[QPU_SIG_THREAD_SWITCH]       = { "thrsw", QPU_SIGF_THRSW, 0 },
	[QPU_SIG_PROG_END]            = { "thrend", QPU_SIGF_PROG_END, 0 },
	[QPU_SIG_WAIT_FOR_SCOREBOARD] = { "sbwait", QPU_SIGF_SCOREBOARD, 0 },
	[QPU_SIG_SCOREBOARD_UNLOCK]   = { "sbdone", QPU_SIGF_SCOREBOARD, 0 },
	[QPU_SIG_LAST_THREAD_SWITCH]  = { "lthrsw", QPU_SIGF_THRSW, 0 },
	[QPU_SIG_COVERAGE_LOAD]       = { "loadcv", QPU_SIGF_WRITES_R4 | QPU_SIGF_TLB, 0 },
	[QPU_SIG_COLOR_LOAD]          = { "loadc", QPU_SIGF_WRITES_R4 | QPU_SIGF_TLB, 0 },
	[QPU_SIG_COLOR_LOAD_END]      = { "ldcend", QPU_SIGF_WRITES_R4 | QPU_SIGF_TLB |
					  QPU_SIGF_PROG_END, 0 },
	[QPU_SIG_LOAD_TMU0]           = { "ldtmu0", QPU_SIGF_WRITES_R4 | QPU_SIGF_TMU, 0 },
	[QPU_SIG_LOAD_TMU1]           = { "ldtmu1", QPU_SIGF_WRITES_R4 | QPU_SIGF_TMU, 1 },
	[QPU_SIG_ALPHA_MASK_LOAD]     = { "loadam", QPU_SIGF_WRITES_R4 | QPU_SIGF_TLB, 0 },
	[QPU_SIG_SMALL_IMM]           = { "small_imm", QPU_SIGF_FORM, 0 },
	[QPU_SIG_LOAD_IMM]            = { "load_imm", QPU_SIGF_FORM, 0 },
	[QPU_SIG_BRANCH]              = { "branch", QPU_SIGF_FORM, 0 },
};

const struct qpu_name_info qpu_conds[QPU_COND_COUNT] = {
	[QPU_COND_NEVER] = { "never" }, [QPU_COND_ALWAYS] = { "always" },
	[QPU_COND_ZS] = { "zs" }, [QPU_COND_ZC] = { "zc" },
	[QPU_COND_NS] = { "ns" }, [QPU_COND_NC] = { "nc" },
	[QPU_COND_CS] = { "cs" }, [QPU_COND_CC] = { "cc" },
};

const struct qpu_name_info qpu_branch_conds[QPU_BR_COUNT] = {
	[QPU_BR_ALL_ZS] = { "all_zs" }, [QPU_BR_ALL_ZC] = { "all_zc" },
	[QPU_BR_ANY_ZS] = { "any_zs" }, [QPU_BR_ANY_ZC] = { "any_zc" },
	[QPU_BR_ALL_NS] = { "all_ns" }, [QPU_BR_ALL_NC] = { "all_nc" },
	[QPU_BR_ANY_NS] = { "any_ns" }, [QPU_BR_ANY_NC] = { "any_nc" },
	[QPU_BR_ALL_CS] = { "all_cs" }, [QPU_BR_ALL_CC] = { "all_cc" },
	[QPU_BR_ANY_CS] = { "any_cs" }, [QPU_BR_ANY_CC] = { "any_cc" },
	[QPU_BR_ALWAYS] = { "always" },
};

const struct qpu_name_info qpu_muxes[QPU_MUX_COUNT] = {
	[QPU_MUX_R0] = { "r0" }, [QPU_MUX_R1] = { "r1" }, [QPU_MUX_R2] = { "r2" },
	[QPU_MUX_R3] = { "r3" }, [QPU_MUX_R4] = { "r4" }, [QPU_MUX_R5] = { "r5" },
	[QPU_MUX_A] = { "a" }, [QPU_MUX_B] = { "b" },
};

const struct qpu_name_info qpu_li_kinds[QPU_LI_COUNT] = {
	[QPU_LI_32] = { "" },
	[QPU_LI_PER_ELEM_SIGNED] = { "i2" },
	[QPU_LI_PER_ELEM_UNSIGNED] = { "u2" },
	[QPU_LI_SEMAPHORE] = { "sem" },
};

/* ------------------------------------------------------------------------ */
/* Pack / unpack                                                            */

const struct qpu_pack_info qpu_packs_a[QPU_PACK_A_COUNT] = {
	[QPU_PACK_A_NOP]      = { "nop",     false, 32 },
	[QPU_PACK_A_16A]      = { "16a",     false, 16 },
	[QPU_PACK_A_16B]      = { "16b",     false, 16 },
	[QPU_PACK_A_8888]     = { "8888",    false, 32 },
	[QPU_PACK_A_8A]       = { "8a",      false, 8 },
	[QPU_PACK_A_8B]       = { "8b",      false, 8 },
	[QPU_PACK_A_8C]       = { "8c",      false, 8 },
	[QPU_PACK_A_8D]       = { "8d",      false, 8 },
	[QPU_PACK_A_32_SAT]   = { "32sat",   true,  32 },
	[QPU_PACK_A_16A_SAT]  = { "16asat",  true,  16 },
	[QPU_PACK_A_16B_SAT]  = { "16bsat",  true,  16 },
	[QPU_PACK_A_8888_SAT] = { "8888sat", true,  32 },
	[QPU_PACK_A_8A_SAT]   = { "8asat",   true,  8 },
	[QPU_PACK_A_8B_SAT]   = { "8bsat",   true,  8 },
	[QPU_PACK_A_8C_SAT]   = { "8csat",   true,  8 },
	[QPU_PACK_A_8D_SAT]   = { "8dsat",   true,  8 },
};

/* PM = 1: colour conversion of the MUL result; the "c" suffix keeps the
 * names apart from the PM = 0 ones in assembly text. */
const struct qpu_pack_info qpu_packs_mul[QPU_PACK_MUL_COUNT] = {
	[QPU_PACK_MUL_NOP]  = { "nop",   false, 32 },
	[QPU_PACK_MUL_8888] = { "8888c", true,  32 },
	[QPU_PACK_MUL_8A]   = { "8ac",   true,  8 },
	[QPU_PACK_MUL_8B]   = { "8bc",   true,  8 },
	[QPU_PACK_MUL_8C]   = { "8cc",   true,  8 },
	[QPU_PACK_MUL_8D]   = { "8dc",   true,  8 },
};

const struct qpu_unpack_info qpu_unpacks[QPU_UNPACK_COUNT] = {
	[QPU_UNPACK_NOP]    = { "nop", 32, 0,  false },
	[QPU_UNPACK_16A]    = { "16a", 16, 0,  false },
	[QPU_UNPACK_16B]    = { "16b", 16, 16, false },
	[QPU_UNPACK_8D_REP] = { "8dr", 8,  24, true },
	[QPU_UNPACK_8A]     = { "8a",  8,  0,  false },
	[QPU_UNPACK_8B]     = { "8b",  8,  8,  false },
	[QPU_UNPACK_8C]     = { "8c",  8,  16, false },
	[QPU_UNPACK_8D]     = { "8d",  8,  24, false },
};

/* ------------------------------------------------------------------------ */
/* Register addresses                                                       */

#define V QPU_REGF_VALID
#define REGN(n, i, p, f, k) { .name = n, .periph = QPU_PERIPH_##p, .flags = V | (f), \
			      .id = QPU_REG_##i, .num = k }
#define REG(n, i, p, f) REGN(n, i, p, f, 0)
#define PHYS(file, FILE, i) [i] = { .name = #file #i, .periph = QPU_PERIPH_NONE,    \
				    .flags = V | QPU_REGF_PHYS,                      \
				    .id = QPU_REG_##FILE##0 + i, .num = i }
#define PHYS32(f, F)                                                         \
	PHYS(f, F, 0), PHYS(f, F, 1), PHYS(f, F, 2), PHYS(f, F, 3),          \
	PHYS(f, F, 4), PHYS(f, F, 5), PHYS(f, F, 6), PHYS(f, F, 7),          \
	PHYS(f, F, 8), PHYS(f, F, 9), PHYS(f, F, 10), PHYS(f, F, 11),        \
	PHYS(f, F, 12), PHYS(f, F, 13), PHYS(f, F, 14), PHYS(f, F, 15),      \
	PHYS(f, F, 16), PHYS(f, F, 17), PHYS(f, F, 18), PHYS(f, F, 19),      \
	PHYS(f, F, 20), PHYS(f, F, 21), PHYS(f, F, 22), PHYS(f, F, 23),      \
	PHYS(f, F, 24), PHYS(f, F, 25), PHYS(f, F, 26), PHYS(f, F, 27),      \
	PHYS(f, F, 28), PHYS(f, F, 29), PHYS(f, F, 30), PHYS(f, F, 31)

#define POP QPU_REGF_FIFO_POP
#define PUSH QPU_REGF_FIFO_PUSH

/* Reads shared by both files. */
#define RADDR_COMMON                                                         \
	[32] = REG("unif", UNIFORM, UNIFORM, POP),                           \
	[35] = REG("vary", VARYING, VARYING, POP),                           \
	[39] = REG("nop", NOP, NONE, QPU_REGF_NOP),                          \
	[48] = REG("vpm", VPM, VPM, POP),                                    \
	[51] = REG("mutex_acq", MUTEX_ACQ, MUTEX, QPU_REGF_BLOCKS)

const struct qpu_reg_info qpu_raddrs[2][64] = {
	[QPU_FILE_A] = {
		PHYS32(ra, RA),
		RADDR_COMMON,
		[38] = REG("elem_num", ELEM_NUM, NONE, 0),
		[41] = REG("x_pix", X_PIX, NONE, 0),
		[42] = REG("ms_flags", MS_FLAGS, NONE, 0),
		[49] = REG("vpm_ld_busy", VR_BUSY, VPM, 0),
		[50] = REG("vpm_ld_wait", VR_WAIT, VPM, QPU_REGF_BLOCKS),
	},
	[QPU_FILE_B] = {
		PHYS32(rb, RB),
		RADDR_COMMON,
		[38] = REG("qpu_num", QPU_NUM, NONE, 0),
		[41] = REG("y_pix", Y_PIX, NONE, 0),
		[42] = REG("rev_flag", REV_FLAG, NONE, 0),
		[49] = REG("vpm_st_busy", VW_BUSY, VPM, 0),
		[50] = REG("vpm_st_wait", VW_WAIT, VPM, QPU_REGF_BLOCKS),
	},
};

/* Writes shared by both files (they ignore ws). */
#define WADDR_COMMON                                                         \
	[32] = REGN("r0", ACC0, NONE, QPU_REGF_ACC, 0),                      \
	[33] = REGN("r1", ACC1, NONE, QPU_REGF_ACC, 1),                      \
	[34] = REGN("r2", ACC2, NONE, QPU_REGF_ACC, 2),                      \
	[35] = REGN("r3", ACC3, NONE, QPU_REGF_ACC, 3),                      \
	[36] = REG("tmu_noswap", TMU_NOSWAP, TMU_NOSWAP, 0),                 \
	[38] = REG("host_int", HOST_INT, HOST_INT, 0),                       \
	[39] = REG("nop", NOP, NONE, QPU_REGF_NOP),                          \
	[43] = REG("tlb_stencil_setup", TLB_STENCIL, TLB, PUSH),             \
	[44] = REG("tlb_z", TLB_Z, TLB, PUSH),                               \
	[45] = REG("tlb_color_ms", TLB_COLOR_MS, TLB, PUSH),                 \
	[46] = REG("tlb_color_all", TLB_COLOR_ALL, TLB, PUSH),               \
	[47] = REG("tlb_alpha_mask", TLB_ALPHA_MASK, TLB, PUSH),             \
	[48] = REG("vpm", VPM, VPM, PUSH),                                   \
	[51] = REG("mutex_release", MUTEX_RELEASE, MUTEX, 0),                \
	[52] = REGN("sfu_recip", SFU_RECIP, SFU, PUSH, 0),                   \
	[53] = REGN("sfu_recipsqrt", SFU_RECIPSQRT, SFU, PUSH, 1),           \
	[54] = REGN("sfu_exp", SFU_EXP, SFU, PUSH, 2),                       \
	[55] = REGN("sfu_log", SFU_LOG, SFU, PUSH, 3),                       \
	[56] = REGN("tmu0_s", TMU0_S, TMU0, PUSH | QPU_REGF_TMU_RETIRE, 0),  \
	[57] = REGN("tmu0_t", TMU0_T, TMU0, PUSH, 1),                        \
	[58] = REGN("tmu0_r", TMU0_R, TMU0, PUSH, 2),                        \
	[59] = REGN("tmu0_b", TMU0_B, TMU0, PUSH, 3),                        \
	[60] = REGN("tmu1_s", TMU1_S, TMU1, PUSH | QPU_REGF_TMU_RETIRE, 0),  \
	[61] = REGN("tmu1_t", TMU1_T, TMU1, PUSH, 1),                        \
	[62] = REGN("tmu1_r", TMU1_R, TMU1, PUSH, 2),                        \
	[63] = REGN("tmu1_b", TMU1_B, TMU1, PUSH, 3)

const struct qpu_reg_info qpu_waddrs[2][64] = {
	[QPU_FILE_A] = {
		PHYS32(ra, RA),
		WADDR_COMMON,
		[37] = REGN("r5quad", R5_QUAD, NONE, QPU_REGF_ACC | QPU_REGF_R5_QUAD, 5),
		[40] = REG("uniforms_addr", UNIFORMS_ADDR, UNIFORM, 0),
		[41] = REG("quad_x", QUAD_X, NONE, 0),
		[42] = REG("ms_flags", MS_FLAGS, NONE, 0),
		[49] = REG("vr_setup", VR_SETUP, VPM_SETUP, PUSH),
		[50] = REG("vr_addr", VR_ADDR, VPM_DMA, PUSH),
	},
	[QPU_FILE_B] = {
		PHYS32(rb, RB),
		WADDR_COMMON,
		[37] = REGN("r5rep", R5_REP, NONE, QPU_REGF_ACC | QPU_REGF_R5_REP, 5),
		/* relative to the current uniform address */
		[40] = REG("uniforms_addr_rel", UNIFORMS_ADDR_REL, UNIFORM, 0),
		[41] = REG("quad_y", QUAD_Y, NONE, 0),
		[42] = REG("rev_flag", REV_FLAG, NONE, 0),
		[49] = REG("vw_setup", VW_SETUP, VPM_SETUP, PUSH),
		[50] = REG("vw_addr", VW_ADDR, VPM_DMA, PUSH),
	},
};

#undef V

/* ------------------------------------------------------------------------ */
/* Small immediates                                                         */

#define SI_INT(v) { QPU_SMALL_IMM_INT, (uint32_t)(int32_t)(v), 0 }
#define SI_FLT(e) { QPU_SMALL_IMM_FLOAT, (uint32_t)(127 + (e)) << 23, 0 }
#define SI_ROT(n) { QPU_SMALL_IMM_ROT, (uint32_t)(int32_t)((n) - 16), (n) }

const struct qpu_small_imm_info qpu_small_imms[64] = {
	SI_INT(0), SI_INT(1), SI_INT(2), SI_INT(3),
	SI_INT(4), SI_INT(5), SI_INT(6), SI_INT(7),
	SI_INT(8), SI_INT(9), SI_INT(10), SI_INT(11),
	SI_INT(12), SI_INT(13), SI_INT(14), SI_INT(15),
	SI_INT(-16), SI_INT(-15), SI_INT(-14), SI_INT(-13),
	SI_INT(-12), SI_INT(-11), SI_INT(-10), SI_INT(-9),
	SI_INT(-8), SI_INT(-7), SI_INT(-6), SI_INT(-5),
	SI_INT(-4), SI_INT(-3), SI_INT(-2), SI_INT(-1),
	/* 32..39: 1.0 .. 128.0 */
	SI_FLT(0), SI_FLT(1), SI_FLT(2), SI_FLT(3),
	SI_FLT(4), SI_FLT(5), SI_FLT(6), SI_FLT(7),
	/* 40..47: 1/256 .. 1/2 */
	SI_FLT(-8), SI_FLT(-7), SI_FLT(-6), SI_FLT(-5),
	SI_FLT(-4), SI_FLT(-3), SI_FLT(-2), SI_FLT(-1),
	/* 48: rotate by r5; 49..63: rotate by 1..15 */
	{ QPU_SMALL_IMM_ROT_R5, (uint32_t)-16, 0 },
	SI_ROT(1), SI_ROT(2), SI_ROT(3), SI_ROT(4), SI_ROT(5),
	SI_ROT(6), SI_ROT(7), SI_ROT(8), SI_ROT(9), SI_ROT(10),
	SI_ROT(11), SI_ROT(12), SI_ROT(13), SI_ROT(14), SI_ROT(15),
};

const char *qpu_small_imm_text(unsigned code, char *buf)
{
	const struct qpu_small_imm_info *si = &qpu_small_imms[code & 63];
	if (si->kind != QPU_SMALL_IMM_FLOAT) {
		snprintf(buf, 32, "%d", (int32_t)si->bits);
		return buf;
	}
	float f;
	memcpy(&f, &si->bits, sizeof(f));
	snprintf(buf, 28, "%.9g", (double)f);
	if (!strpbrk(buf, ".e"))
		strcat(buf, ".0");
	return buf;
}

/* ------------------------------------------------------------------------ */
/* Derived helpers                                                          */

/* True when both entries are the same defined register. */
static bool same_reg(const struct qpu_reg_info *a, const struct qpu_reg_info *b)
{
	return a->id != QPU_REG_RESERVED && a->id == b->id;
}

bool qpu_raddr_same_on_both(unsigned addr)
{
	return addr < 64 && same_reg(&qpu_raddrs[0][addr], &qpu_raddrs[1][addr]);
}

const char *qpu_reg_name(enum qpu_reg_id id)
{
	const struct qpu_reg_info (*tables[2])[64] = { qpu_raddrs, qpu_waddrs };

	if (id == QPU_REG_RESERVED || id >= QPU_REG_COUNT)
		return NULL;
	for (unsigned i = 0; i < 2 * 2 * 64; i++) {
		const struct qpu_reg_info *r = &tables[i / 128][(i / 64) % 2][i % 64];
		if (r->id == id)
			return r->name;
	}
	return NULL;
}

/* The first address (file A before file B, low before high) of one table
 * whose entry is `id`, by scanning; 0 when none, else 1 + file * 64 + addr. */
static uint8_t scan_reg(const struct qpu_reg_info table[2][64], enum qpu_reg_id id)
{
	for (unsigned i = 0; i < 2 * 64; i++) {
		if (table[i / 64][i % 64].id == id)
			return (uint8_t)(i + 1);
	}
	return 0;
}

/* scan_reg's answers for every id of both tables, built once per process:
 * emission asks for an address per operand (qpu_reg_raddr() and
 * qpu_reg_waddr() in qpu_isa.h read them inline once built). */
uint8_t qpu_reg_first_raddr[QPU_REG_COUNT], qpu_reg_first_waddr[QPU_REG_COUNT];
atomic_bool qpu_reg_first_ready;   /* set once the two tables are built */

/* Builds qpu_reg_first_raddr and qpu_reg_first_waddr. */
static void build_first_addrs(void)
{
	for (unsigned id = 0; id < QPU_REG_COUNT; id++) {
		if (id == QPU_REG_RESERVED)
			continue;
		qpu_reg_first_raddr[id] = scan_reg(qpu_raddrs, (enum qpu_reg_id)id);
		qpu_reg_first_waddr[id] = scan_reg(qpu_waddrs, (enum qpu_reg_id)id);
	}
	atomic_store_explicit(&qpu_reg_first_ready, true, memory_order_release);
}

bool qpu_reg_addr_build(enum qpu_reg_id id, bool write, enum qpu_file *file, unsigned *addr)
{
	static once_flag once = ONCE_FLAG_INIT;
	call_once(&once, build_first_addrs);
	return qpu_reg_addr_from(write ? qpu_reg_first_waddr : qpu_reg_first_raddr, id, file,
				 addr);
}

uint32_t qpu_load_imm_elem(enum qpu_li_kind kind, uint32_t imm, unsigned elem)
{
	uint32_t lo = (imm >> (elem & 15)) & 1;
	uint32_t hi = (imm >> (16 + (elem & 15))) & 1;

	switch (kind) {
	case QPU_LI_PER_ELEM_SIGNED:
		return hi ? (uint32_t)-2 + lo : lo;
	case QPU_LI_PER_ELEM_UNSIGNED:
		return hi * 2 + lo;
	default:
		return imm;
	}
}

uint32_t qpu_pack_unorm8(uint32_t x)
{
	if ((x & 0x7f800000u) == 0)
		return 0;                  /* a denormal or zero */
	if ((int32_t)x < 0)
		return 0;                  /* negative, -NaN included */
	if (x >= 0x3f800000u)
		return 255;                /* 1.0 and above, +inf, +NaN */
	float f;
	memcpy(&f, &x, sizeof(f));
	return (uint32_t)((double)f * 255.0 + 0.5);
}

/* ------------------------------------------------------------------------ */
/* Decode / encode                                                          */

/* Fields every form but branch shares: pack and write control. */
static void decode_write_fields(uint64_t w, struct qpu_inst *inst)
{
	inst->pm = qpu_get_pm(w);
	inst->pack = (uint8_t)qpu_get_pack(w);
	inst->cond_add = (enum qpu_cond)qpu_get_cond_add(w);
	inst->cond_mul = (enum qpu_cond)qpu_get_cond_mul(w);
	inst->sf = qpu_get_sf(w);
}

static void decode_alu(uint64_t w, struct qpu_inst *inst)
{
	decode_write_fields(w, inst);
	inst->unpack = (uint8_t)qpu_get_unpack(w);
	inst->op_add = (enum qpu_op_add)qpu_get_op_add(w);
	inst->op_mul = (enum qpu_op_mul)qpu_get_op_mul(w);
	inst->raddr_a = (uint8_t)qpu_get_raddr_a(w);
	inst->raddr_b = (uint8_t)qpu_get_raddr_b(w);
	inst->add_a = (enum qpu_mux)qpu_get_add_a(w);
	inst->add_b = (enum qpu_mux)qpu_get_add_b(w);
	inst->mul_a = (enum qpu_mux)qpu_get_mul_a(w);
	inst->mul_b = (enum qpu_mux)qpu_get_mul_b(w);
}

void qpu_decode(uint64_t w, struct qpu_inst *inst)
{
	*inst = (struct qpu_inst){ 0 };
	inst->form = qpu_form_of(w);
	inst->sig = (enum qpu_sig)qpu_get_sig(w);
	inst->ws = qpu_get_ws(w);
	inst->waddr_add = (uint8_t)qpu_get_waddr_add(w);
	inst->waddr_mul = (uint8_t)qpu_get_waddr_mul(w);
	inst->unused = w & qpu_unused_mask(inst->form);

	switch (inst->form) {
	case QPU_FORM_ALU:
		decode_alu(w, inst);
		break;
	case QPU_FORM_LOAD_IMM:
		decode_write_fields(w, inst);
		inst->li_kind = (enum qpu_li_kind)qpu_get_li_kind(w);
		inst->imm = qpu_get_imm(w);
		break;
	case QPU_FORM_SEMAPHORE:
		decode_write_fields(w, inst);
		inst->li_kind = QPU_LI_SEMAPHORE;
		inst->imm = qpu_get_imm(w);
		inst->sem_dec = qpu_get_sem_dec(w);
		inst->sem_index = (uint8_t)qpu_get_sem_index(w);
		break;
	case QPU_FORM_BRANCH:
		inst->br_cond = (enum qpu_branch_cond)qpu_get_br_cond(w);
		inst->br_rel = qpu_get_br_rel(w);
		inst->br_reg = qpu_get_br_reg(w);
		inst->br_raddr_a = (uint8_t)qpu_get_br_raddr_a(w);
		inst->imm = qpu_get_imm(w);
		break;
	}
}

static uint64_t encode_write_fields(uint64_t w, const struct qpu_inst *inst)
{
	w = qpu_set_pm(w, inst->pm);
	w = qpu_set_pack(w, inst->pack);
	w = qpu_set_cond_add(w, inst->cond_add);
	w = qpu_set_cond_mul(w, inst->cond_mul);
	return qpu_set_sf(w, inst->sf);
}

static uint64_t encode_alu(uint64_t w, const struct qpu_inst *inst)
{
	w = encode_write_fields(w, inst);
	w = qpu_set_unpack(w, inst->unpack);
	w = qpu_set_op_add(w, inst->op_add);
	w = qpu_set_op_mul(w, inst->op_mul);
	w = qpu_set_raddr_a(w, inst->raddr_a);
	w = qpu_set_raddr_b(w, inst->raddr_b);
	w = qpu_set_add_a(w, inst->add_a);
	w = qpu_set_add_b(w, inst->add_b);
	w = qpu_set_mul_a(w, inst->mul_a);
	return qpu_set_mul_b(w, inst->mul_b);
}

/* The sig field of an instruction of `form`, given the struct's sig. */
static uint32_t form_sig(const struct qpu_inst *inst)
{
	switch (inst->form) {
	case QPU_FORM_BRANCH:
		return QPU_SIG_BRANCH;
	case QPU_FORM_LOAD_IMM:
	case QPU_FORM_SEMAPHORE:
		return QPU_SIG_LOAD_IMM;
	default:
		return inst->sig;
	}
}

uint64_t qpu_encode(const struct qpu_inst *inst)
{
	uint64_t w = 0;

	w = qpu_set_sig(w, form_sig(inst));
	w = qpu_set_ws(w, inst->ws);
	w = qpu_set_waddr_add(w, inst->waddr_add);
	w = qpu_set_waddr_mul(w, inst->waddr_mul);

	switch (inst->form) {
	case QPU_FORM_ALU:
		return encode_alu(w, inst);
	case QPU_FORM_LOAD_IMM:
		w = encode_write_fields(w, inst);
		w = qpu_set_li_kind(w, inst->li_kind);
		return qpu_set_imm(w, inst->imm);
	case QPU_FORM_SEMAPHORE:
		w = encode_write_fields(w, inst);
		w = qpu_set_li_kind(w, QPU_LI_SEMAPHORE);
		w |= inst->unused & qpu_unused_mask(QPU_FORM_SEMAPHORE);
		w = qpu_set_sem_dec(w, inst->sem_dec);
		return qpu_set_sem_index(w, inst->sem_index);
	case QPU_FORM_BRANCH:
		w |= inst->unused & qpu_unused_mask(QPU_FORM_BRANCH);
		w = qpu_set_br_cond(w, inst->br_cond);
		w = qpu_set_br_rel(w, inst->br_rel);
		w = qpu_set_br_reg(w, inst->br_reg);
		w = qpu_set_br_raddr_a(w, inst->br_raddr_a);
		return qpu_set_imm(w, inst->imm);
	}
	return w;
}

/* The problem with the pack field under the instruction's PM, or NULL. */
static const char *pack_problem(const struct qpu_inst *inst, char *buf, unsigned size)
{
	const struct qpu_pack_info *t = inst->pm ? qpu_packs_mul : qpu_packs_a;

	if (inst->pack < 16 && t[inst->pack].name)
		return NULL;
	snprintf(buf, size, "reserved pack mode %u with pm=%u", inst->pack, inst->pm);
	return buf;
}

/* The first problem of an ALU instruction, written into `buf` of `size`
 * bytes and returned: a reserved add op, a reserved regfile-A read address,
 * a reserved regfile-B read address (not checked under the small-immediate
 * signal) or a reserved pack mode. NULL when none. */
static const char *alu_problem(const struct qpu_inst *inst, char *buf, unsigned size)
{
	if (inst->op_add >= QPU_A_COUNT || !qpu_add_ops[inst->op_add].name) {
		snprintf(buf, size, "reserved add op %u", (unsigned)inst->op_add);
		return buf;
	}
	if (inst->raddr_a >= 64 || !qpu_raddrs[QPU_FILE_A][inst->raddr_a].name) {
		snprintf(buf, size, "reserved regfile A read address %u", inst->raddr_a);
		return buf;
	}
	if (inst->sig != QPU_SIG_SMALL_IMM &&
	    (inst->raddr_b >= 64 || !qpu_raddrs[QPU_FILE_B][inst->raddr_b].name)) {
		snprintf(buf, size, "reserved regfile B read address %u", inst->raddr_b);
		return buf;
	}
	return pack_problem(inst, buf, size);
}

const char *qpu_inst_problem(const struct qpu_inst *inst, char *buf, unsigned size)
{
	switch (inst->form) {
	case QPU_FORM_ALU:
		return alu_problem(inst, buf, size);
	case QPU_FORM_LOAD_IMM:
		if (inst->li_kind >= QPU_LI_COUNT || inst->li_kind == QPU_LI_SEMAPHORE ||
		    !qpu_li_kinds[inst->li_kind].name) {
			snprintf(buf, size, "reserved load immediate kind %u",
				 (unsigned)inst->li_kind);
			return buf;
		}
		return pack_problem(inst, buf, size);
	case QPU_FORM_SEMAPHORE:
		return pack_problem(inst, buf, size);
	case QPU_FORM_BRANCH:
		if (inst->br_cond < QPU_BR_COUNT && qpu_branch_conds[inst->br_cond].name)
			return NULL;
		snprintf(buf, size, "reserved branch condition %u", (unsigned)inst->br_cond);
		return buf;
	}
	snprintf(buf, size, "unknown form");
	return buf;
}

bool qpu_inst_valid(const struct qpu_inst *inst)
{
	char buf[64];

	return qpu_inst_problem(inst, buf, sizeof(buf)) == NULL;
}

/* ------------------------------------------------------------------------ */
/* Constructors                                                             */

uint64_t qpu_alu_add(enum qpu_op_add op, unsigned waddr, enum qpu_mux a,
		     enum qpu_mux b, unsigned raddr_a, unsigned raddr_b)
{
	uint64_t w = qpu_with_add(qpu_nop(), op, waddr, a, b);

	w = qpu_set_raddr_a(w, raddr_a);
	return qpu_set_raddr_b(w, raddr_b);
}

uint64_t qpu_alu_mul(enum qpu_op_mul op, unsigned waddr, enum qpu_mux a,
		     enum qpu_mux b, unsigned raddr_a, unsigned raddr_b)
{
	uint64_t w = qpu_with_mul(qpu_nop(), op, waddr, a, b);

	w = qpu_set_raddr_a(w, raddr_a);
	return qpu_set_raddr_b(w, raddr_b);
}

uint64_t qpu_load_imm(enum qpu_li_kind kind, unsigned waddr_add,
		      unsigned waddr_mul, uint32_t imm)
{
	uint64_t w = 0;

	w = qpu_set_sig(w, QPU_SIG_LOAD_IMM);
	w = qpu_set_li_kind(w, kind);
	w = qpu_set_waddr_add(w, waddr_add);
	w = qpu_set_waddr_mul(w, waddr_mul);
	w = qpu_set_cond_add(w, waddr_add == QPU_W_NOP ? QPU_COND_NEVER : QPU_COND_ALWAYS);
	w = qpu_set_cond_mul(w, waddr_mul == QPU_W_NOP ? QPU_COND_NEVER : QPU_COND_ALWAYS);
	return qpu_set_imm(w, imm);
}

uint64_t qpu_semaphore(bool dec, unsigned index)
{
	uint64_t w = qpu_load_imm(QPU_LI_SEMAPHORE, QPU_W_NOP, QPU_W_NOP, 0);

	w = qpu_set_sem_dec(w, dec);
	return qpu_set_sem_index(w, index);
}

uint64_t qpu_branch(enum qpu_branch_cond cond, bool rel, uint32_t imm)
{
	uint64_t w = 0;

	w = qpu_set_sig(w, QPU_SIG_BRANCH);
	w = qpu_set_br_cond(w, cond);
	w = qpu_set_br_rel(w, rel);
	w = qpu_set_waddr_add(w, QPU_W_NOP);
	w = qpu_set_waddr_mul(w, QPU_W_NOP);
	return qpu_set_imm(w, imm);
}
