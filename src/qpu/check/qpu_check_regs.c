/*
 * qpu_check_regs.c: register-address classes derived from the ISA table's
 * periph/flags/name columns (see qpu_check_regs.h). Where the table's
 * columns do not tell addresses apart (the five TLB registers, ms_flags, the
 * accumulator number), the table's names do; tests/check/test_hazard.c pins
 * that every such name resolves.
 */
#include "qpu/check/qpu_check_regs.h"

#include <string.h>

static const struct qpu_reg_info qpu_check_no_reg = { 0 };

const struct qpu_reg_info *qpu_check_waddr_info(enum qpu_file file, uint32_t waddr)
{
	return waddr < 64 ? &qpu_waddrs[file][waddr] : &qpu_check_no_reg;
}

const struct qpu_reg_info *qpu_check_raddr_info(enum qpu_file file, uint32_t raddr)
{
	return raddr < 64 ? &qpu_raddrs[file][raddr] : &qpu_check_no_reg;
}

static bool name_is(const struct qpu_reg_info *info, const char *name)
{
	return info->name && strcmp(info->name, name) == 0;
}

/* The mux (r0..r5) whose name the write address carries, or -1. */
static int acc_mux_of(uint32_t waddr)
{
	const struct qpu_reg_info *info = qpu_check_waddr_info(QPU_FILE_A, waddr);

	if (!(info->flags & QPU_REGF_ACC) || !info->name)
		return -1;
	for (int m = QPU_MUX_R0; m <= QPU_MUX_R5; m++)
		if (qpu_muxes[m].name && strcmp(qpu_muxes[m].name, info->name) == 0)
			return m;
	return -1;
}

bool qpu_check_waddr_is_acc03(uint32_t waddr)
{
	int m = acc_mux_of(waddr);

	return m >= QPU_MUX_R0 && m <= QPU_MUX_R3;
}

uint32_t qpu_check_acc_index(uint32_t waddr)
{
	int m = acc_mux_of(waddr);

	return m < 0 ? 0 : (uint32_t)(m - QPU_MUX_R0);
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
	static const struct { const char *name; enum qpu_tlb_write kind; } tlb[] = {
		{ "tlb_stencil_setup", QPU_TLBW_STENCIL },
		{ "tlb_z", QPU_TLBW_Z },
		{ "tlb_color_ms", QPU_TLBW_COLOR_MS },
		{ "tlb_color_all", QPU_TLBW_COLOR_ALL },
		{ "tlb_alpha_mask", QPU_TLBW_ALPHA_MASK },
	};
	const struct qpu_reg_info *info = qpu_check_waddr_info(QPU_FILE_A, waddr);

	if (info->periph != QPU_PERIPH_TLB)
		return QPU_TLBW_NONE;
	for (size_t i = 0; i < sizeof(tlb) / sizeof(tlb[0]); i++)
		if (name_is(info, tlb[i].name))
			return tlb[i].kind;
	return QPU_TLBW_NONE;
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
	return name_is(qpu_check_raddr_info(file, raddr), "ms_flags");
}
