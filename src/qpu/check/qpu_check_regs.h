/*
 * qpu_check_regs.h: the register-address classes the hazard checker and the
 * kernel rules ask about ("is this write a TMU submit?", "which accumulator
 * does this mux read?"), all derived from the ISA table in qpu/qpu_isa.h
 * (qpu_waddrs[], qpu_raddrs[], qpu_muxes[]). No address numbers live here.
 * All are inline table look-ups: the checker asks them for every word.
 */
#ifndef VC4_QPU_CHECK_REGS_H
#define VC4_QPU_CHECK_REGS_H

#include <stdbool.h>
#include <stdint.h>

#include "qpu/qpu_isa.h"

/* How the kernel's shader validator treats a write address. */
enum qpu_kernel_waddr_class {
	QPU_KW_OK,                /* accepted without further checks */
	QPU_KW_UNIFORMS_ADDRESS,  /* uniform address reset (E6) */
	QPU_KW_TMU,               /* texture unit write (E4) */
	QPU_KW_UNSUPPORTED,       /* "Unsupported waddr %d" */
	QPU_KW_VPM_DMA,           /* "General VPM DMA unsupported" */
};

/* The TLB write addresses, told apart by name in the ISA table. */
enum qpu_tlb_write {
	QPU_TLBW_NONE,
	QPU_TLBW_STENCIL,
	QPU_TLBW_Z,
	QPU_TLBW_COLOR_MS,
	QPU_TLBW_COLOR_ALL,
	QPU_TLBW_ALPHA_MASK,
};

/* The all-zero entry answered for addresses past the table. */
extern const struct qpu_reg_info qpu_check_no_reg;

/* The write-address info of `waddr` on file `file` (inline: the checker
 * asks for every write of every instruction). */
static inline const struct qpu_reg_info *qpu_check_waddr_info(enum qpu_file file,
							      uint32_t waddr)
{
	return waddr < 64 ? &qpu_waddrs[file][waddr] : &qpu_check_no_reg;
}

/* The read-address info of `raddr` on file `file`. */
static inline const struct qpu_reg_info *qpu_check_raddr_info(enum qpu_file file,
							      uint32_t raddr)
{
	return raddr < 64 ? &qpu_raddrs[file][raddr] : &qpu_check_no_reg;
}

/* The accumulator (0..3) an r0..r3 write address names, or -1 (r5quad and
 * r5rep included: they are file-specific). */
static inline int qpu_check_acc_of(uint32_t waddr)
{
	int m = qpu_reg_acc(qpu_check_waddr_info(QPU_FILE_A, waddr)->id);

	return m <= 3 ? m : -1;
}

/* True for r0..r3 (not r5). */
static inline bool qpu_check_waddr_is_acc03(uint32_t waddr)
{
	return qpu_check_acc_of(waddr) >= 0;
}

/* Which accumulator (0..3) an r0..r3 write address names. */
static inline uint32_t qpu_check_acc_index(uint32_t waddr)
{
	int m = qpu_check_acc_of(waddr);

	return m < 0 ? 0 : (uint32_t)m;
}

/* True for either r5 write address (per-quad or replicated). */
static inline bool qpu_check_waddr_is_r5(enum qpu_file file, uint32_t waddr)
{
	return (qpu_check_waddr_info(file, waddr)->flags &
		(QPU_REGF_R5_QUAD | QPU_REGF_R5_REP)) != 0;
}

/* The texture unit (0 or 1) of a TMU write address, or -1. */
static inline int qpu_check_waddr_tmu(uint32_t waddr)
{
	enum qpu_periph p = qpu_check_waddr_info(QPU_FILE_A, waddr)->periph;

	return p == QPU_PERIPH_TMU0 ? 0 : p == QPU_PERIPH_TMU1 ? 1 : -1;
}

/* True for tmu0_s / tmu1_s (the write that submits a lookup). */
static inline bool qpu_check_waddr_is_tmu_submit(uint32_t waddr)
{
	return qpu_check_waddr_tmu(waddr) >= 0 &&
	       (qpu_check_waddr_info(QPU_FILE_A, waddr)->flags & QPU_REGF_TMU_RETIRE);
}

/* Which TLB register a write address is, if any. */
static inline enum qpu_tlb_write qpu_check_tlb_write(uint32_t waddr)
{
	switch (qpu_check_waddr_info(QPU_FILE_A, waddr)->id) {
	case QPU_REG_TLB_STENCIL: return QPU_TLBW_STENCIL;
	case QPU_REG_TLB_Z: return QPU_TLBW_Z;
	case QPU_REG_TLB_COLOR_MS: return QPU_TLBW_COLOR_MS;
	case QPU_REG_TLB_COLOR_ALL: return QPU_TLBW_COLOR_ALL;
	case QPU_REG_TLB_ALPHA_MASK: return QPU_TLBW_ALPHA_MASK;
	default: return QPU_TLBW_NONE;
	}
}

/* The kernel's class of a write address (the same on both files). */
static inline enum qpu_kernel_waddr_class qpu_check_kernel_waddr_class(uint32_t waddr)
{
	const struct qpu_reg_info *info = qpu_check_waddr_info(QPU_FILE_A, waddr);

	switch (info->periph) {
	case QPU_PERIPH_UNIFORM:
		return QPU_KW_UNIFORMS_ADDRESS;
	case QPU_PERIPH_TMU0:
	case QPU_PERIPH_TMU1:
		return QPU_KW_TMU;
	case QPU_PERIPH_TMU_NOSWAP:
	case QPU_PERIPH_HOST_INT:
	case QPU_PERIPH_MUTEX:
		return QPU_KW_UNSUPPORTED;
	case QPU_PERIPH_VPM_DMA:
		return QPU_KW_VPM_DMA;
	case QPU_PERIPH_TLB:
		return qpu_check_tlb_write(waddr) == QPU_TLBW_ALPHA_MASK ?
		       QPU_KW_UNSUPPORTED : QPU_KW_OK;
	default:
		return QPU_KW_OK;
	}
}

/* True when reading `raddr` on file A reads the multisample mask. */
static inline bool qpu_check_raddr_is_ms_flags(enum qpu_file file, uint32_t raddr)
{
	return qpu_check_raddr_info(file, raddr)->id == QPU_REG_MS_FLAGS;
}

#endif
