/*
 * check_prog.h: small instruction builders for the checker tests, on top of
 * qpu/qpu_isa.h's constructors. Addresses are spelled as numbers here on
 * purpose: the tests pin the encodings the checker must recognise.
 */
#ifndef VC4_TESTS_CHECK_PROG_H
#define VC4_TESTS_CHECK_PROG_H

#include <stdint.h>

#include "qpu/qpu_isa.h"

enum {
	W_R0 = 32, W_R1 = 33, W_R2 = 34, W_R3 = 35, W_TMU_NOSWAP = 36, W_R5 = 37,
	W_HOST_INT = 38, W_NOP = 39, W_UNIF_ADDR = 40, W_TLB_STENCIL = 43, W_TLB_Z = 44,
	W_TLB_COLOR_MS = 45, W_TLB_COLOR = 46, W_TLB_ALPHA = 47, W_VPM = 48,
	W_VPM_SETUP = 49, W_VPM_ADDR = 50, W_MUTEX = 51, W_SFU_RECIP = 52,
	W_TMU0_S = 56, W_TMU0_T = 57, W_TMU0_R = 58, W_TMU0_B = 59,
	W_TMU1_S = 60, W_TMU1_T = 61,
};
enum { R_UNIF = 32, R_VARY = 35, R_MS_FLAGS = 42, R_VPM = 48, R_NOP = 39 };

/* nop */
static inline uint64_t p_nop(void)
{
	return qpu_nop();
}

/* `w` with signal `sig` */
static inline uint64_t p_sig(uint64_t w, enum qpu_sig sig)
{
	return qpu_set_sig(w, sig);
}

/* or waddr, mux, mux on the ADD ALU (a move); raddr_a/raddr_b as given */
static inline uint64_t p_mov(unsigned waddr, enum qpu_mux mux, unsigned ra, unsigned rb)
{
	return qpu_alu_add(QPU_A_OR, waddr, mux, mux, ra, rb);
}

/* move from an accumulator */
static inline uint64_t p_mov_acc(unsigned waddr, enum qpu_mux acc)
{
	return p_mov(waddr, acc, R_NOP, R_NOP);
}

/* move from regfile A address ra */
static inline uint64_t p_mov_a(unsigned waddr, unsigned ra)
{
	return p_mov(waddr, QPU_MUX_A, ra, R_NOP);
}

/* move from regfile B address rb */
static inline uint64_t p_mov_b(unsigned waddr, unsigned rb)
{
	return p_mov(waddr, QPU_MUX_B, R_NOP, rb);
}

/* add d, a, b on the ADD ALU with explicit raddrs */
static inline uint64_t p_add(enum qpu_op_add op, unsigned waddr, enum qpu_mux a,
			     enum qpu_mux b, unsigned ra, unsigned rb)
{
	return qpu_alu_add(op, waddr, a, b, ra, rb);
}

/* v8min waddr, acc, acc on the MUL ALU (a move) */
static inline uint64_t p_mul_mov(uint64_t w, unsigned waddr, enum qpu_mux acc)
{
	return qpu_with_mul(w, QPU_M_V8MIN, waddr, acc, acc);
}

/* load_imm of 32 bits through the ADD side */
static inline uint64_t p_li(unsigned waddr, uint32_t imm)
{
	return qpu_load_imm(QPU_LI_32, waddr, W_NOP, imm);
}

/* `w` with the write swap bit set */
static inline uint64_t p_ws(uint64_t w)
{
	return qpu_set_ws(w, 1);
}

/* `w` with the ADD condition `cond` */
static inline uint64_t p_cond_add(uint64_t w, enum qpu_cond cond)
{
	return qpu_set_cond_add(w, cond);
}

/* relative branch at `ip` to `target` */
static inline uint64_t p_br(enum qpu_branch_cond cond, int ip, int target)
{
	return qpu_branch(cond, true, (uint32_t)((target - (ip + 4)) * 8));
}

/* MUL vector rotation: v8min waddr, acc, acc with small-immediate code `code` */
static inline uint64_t p_rot(unsigned waddr, enum qpu_mux acc, unsigned code)
{
	uint64_t w = qpu_alu_mul(QPU_M_V8MIN, waddr, acc, acc, R_NOP, code);
	return qpu_set_sig(w, QPU_SIG_SMALL_IMM);
}

#define P_END p_sig(p_nop(), QPU_SIG_PROG_END)
#define P_NOP p_nop()
#define P_UNLOCK p_sig(p_nop(), QPU_SIG_SCOREBOARD_UNLOCK)
#define P_SBWAIT p_sig(p_nop(), QPU_SIG_WAIT_FOR_SCOREBOARD)
#define P_THRSW p_sig(p_nop(), QPU_SIG_THREAD_SWITCH)
#define P_LTHRSW p_sig(p_nop(), QPU_SIG_LAST_THREAD_SWITCH)
#define P_LDTMU0 p_sig(p_nop(), QPU_SIG_LOAD_TMU0)

#define N_WORDS(...) (sizeof((const uint64_t[]){ __VA_ARGS__ }) / sizeof(uint64_t))

#endif
