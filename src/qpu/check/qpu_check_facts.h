/*
 * qpu_check_facts.h: what one instruction does, as the hazard rules ask it —
 * which registers it reads and writes, which peripherals it touches, which
 * FIFOs it pushes or pops. Derived once per instruction from the ISA table.
 * Internal to src/qpu/check.
 */
#ifndef VC4_QPU_CHECK_FACTS_H
#define VC4_QPU_CHECK_FACTS_H

#include <stdbool.h>
#include <stdint.h>

#include "qpu/qpu_isa.h"

struct hz_inst {
	uint64_t w;
	enum qpu_form form;
	uint32_t sig;

	uint32_t rf_write[2];     /* regfile A/B addresses 0..31 written (bit mask) */
	uint32_t rf_read[2];      /* regfile A/B addresses read through a used mux */
	uint8_t acc_write;        /* bits 0..3: r0..r3 written; bit 5: r5 */
	bool reads_r4;            /* an operand in use reads r4 */
	uint8_t acc_read;         /* bits 0..5: r0..r5 read by an operand in use */

	bool sfu_write;           /* writes an SFU register */
	bool r4_signal;           /* signal that loads r4 (TMU or TLB load) */
	int ldtmu;                /* TMU unit popped by a load signal, or -1 */
	int tmu_param[2];         /* TMU writes other than s, per unit */
	int tmu_submit[2];        /* s writes per unit */
	bool tmu_noswap_write;

	bool tlb_access;          /* touches the tile buffer (implicit sb wait) */
	bool tlbz_write;
	bool sb_wait;             /* explicit wait-for-scoreboard signal */
	bool sb_unlock;           /* scoreboard-unlock signal */
	bool thrsw, last_thrsw, prog_end, branch;
	bool reads_ms_flags;
	bool reads_flags;         /* a conditional write or branch uses the Z/N/C flags */
	bool sets_flags;          /* the sf bit (ALU or load immediate) */

	bool reads_unif;          /* raddr pops a uniform */
	bool reads_vary;          /* raddr pops a varying */
	bool reads_vpm;           /* raddr pops a VPM value */
	bool vpm_status_read;     /* VPM busy/wait registers */
	bool writes_vpm;
	bool writes_unif_addr;
	bool vr_setup, vw_setup;  /* VPM read / write setup written */
	bool vr_setup_known;      /* vr_setup value known (load immediate) */
	uint32_t vr_setup_value;
	bool vw_setup_known;
	uint32_t vw_setup_value;
	bool writes_vpm_dma;

	int periph_count;         /* closely coupled peripheral accesses */
	bool cond_fifo_write;     /* conditional write that pushes a FIFO */
	uint32_t cond_fifo_waddr;

	bool rot;                 /* full vector rotation on the MUL inputs */
	bool rot_r5;              /* rotation by r5 */
	bool rot_bad_source;      /* a rotated MUL input is not r0..r3 */
	uint8_t rot_acc_mask;     /* r0..r3 rotated (bit per accumulator) */

	bool uses_r14;            /* reads or writes address 14 of either file */
	bool upper_half;          /* reads or writes ra/rb 16..31 */
	bool writes_rf;           /* writes any regfile register */

	/* branch */
	bool br_always;
	bool br_target_known;     /* relative, not register: target computable */
	int64_t br_target;        /* ip of the target */
};

/* Fills `f` for instruction word `w`. */
void hz_inst_derive(uint64_t w, uint32_t ip, struct hz_inst *f);

#endif
