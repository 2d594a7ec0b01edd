/*
 * qpu_check_regs.h: the register-address classes the hazard checker and the
 * kernel rules ask about ("is this write a TMU submit?", "which accumulator
 * does this mux read?"), all derived from the ISA table in qpu/qpu_isa.h
 * (qpu_waddrs[], qpu_raddrs[], qpu_muxes[]). No address numbers live here.
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

/* The write-address info of `waddr` on file `file`. */
const struct qpu_reg_info *qpu_check_waddr_info(enum qpu_file file, uint32_t waddr);

/* The read-address info of `raddr` on file `file`. */
const struct qpu_reg_info *qpu_check_raddr_info(enum qpu_file file, uint32_t raddr);

/* True for r0..r3 (not r5). */
bool qpu_check_waddr_is_acc03(uint32_t waddr);

/* Which accumulator (0..3) an r0..r3 write address names. */
uint32_t qpu_check_acc_index(uint32_t waddr);

/* True for either r5 write address (per-quad or replicated). */
bool qpu_check_waddr_is_r5(enum qpu_file file, uint32_t waddr);

/* The texture unit (0 or 1) of a TMU write address, or -1. */
int qpu_check_waddr_tmu(uint32_t waddr);

/* True for tmu0_s / tmu1_s (the write that submits a lookup). */
bool qpu_check_waddr_is_tmu_submit(uint32_t waddr);

/* The kernel's class of a write address (the same on both files). */
enum qpu_kernel_waddr_class qpu_check_kernel_waddr_class(uint32_t waddr);

/* Which TLB register a write address is, if any. */
enum qpu_tlb_write qpu_check_tlb_write(uint32_t waddr);

/* True when reading `raddr` on file A reads the multisample mask. */
bool qpu_check_raddr_is_ms_flags(enum qpu_file file, uint32_t raddr);

#endif
