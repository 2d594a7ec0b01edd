/*
 * qpu_check_regs.c: register-address classes derived from the ISA table's
 * periph/flags/id columns (see qpu_check_regs.h). Registers are told apart
 * by their `enum qpu_reg_id`, never by name.
 */
#include "qpu/check/qpu_check_regs.h"

static const struct qpu_reg_info qpu_check_no_reg = { 0 };

const struct qpu_reg_info *qpu_check_waddr_info(enum qpu_file file, uint32_t waddr)
{
	return waddr < 64 ? &qpu_waddrs[file][waddr] : &qpu_check_no_reg;
}

const struct qpu_reg_info *qpu_check_raddr_info(enum qpu_file file, uint32_t raddr)
{
	return raddr < 64 ? &qpu_raddrs[file][raddr] : &qpu_check_no_reg;
}

/* The accumulator (0..3) an r0..r3 write address names, or -1 (r5quad and
 * r5rep included: they are file-specific). */
static int acc_of(uint32_t waddr)
{
	int m = qpu_reg_acc(qpu_check_waddr_info(QPU_FILE_A, waddr)->id);

	return m <= 3 ? m : -1;
}

bool qpu_check_waddr_is_acc03(uint32_t waddr)
{
	return acc_of(waddr) >= 0;
}

uint32_t qpu_check_acc_index(uint32_t waddr)
{
	int m = acc_of(waddr);

	return m < 0 ? 0 : (uint32_t)m;
}

bool qpu_check_waddr_is_r5(enum qpu_file file, uint32_t waddr)
{
	return (qpu_check_waddr_info(file, waddr)->flags &
		(QPU_REGF_R5_QUAD | QPU_REGF_R5_REP)) != 0;
}

int qpu_check_waddr_tmu(uint32_t waddr)
{
	enum qpu_periph p = qpu_check_waddr_info(QPU_FILE_A, waddr)->periph;

	return p == QPU_PERIPH_TMU0 ? 0 : p == QPU_PERIPH_TMU1 ? 1 : -1;
}

bool qpu_check_waddr_is_tmu_submit(uint32_t waddr)
{
	return qpu_check_waddr_tmu(waddr) >= 0 &&
	       (qpu_check_waddr_info(QPU_FILE_A, waddr)->flags & QPU_REGF_TMU_RETIRE);
}

enum qpu_tlb_write qpu_check_tlb_write(uint32_t waddr)
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

enum qpu_kernel_waddr_class qpu_check_kernel_waddr_class(uint32_t waddr)
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

bool qpu_check_raddr_is_ms_flags(enum qpu_file file, uint32_t raddr)
{
	return qpu_check_raddr_info(file, raddr)->id == QPU_REG_MS_FLAGS;
}
