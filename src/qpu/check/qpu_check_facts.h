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
#include "util/array.h"

/* Kept small (one per distinct word, all alive during a check): flags are
 * 1-bit fields, counts are bytes. */
struct hz_inst {
	uint64_t w;
	uint32_t rf_write[2];     /* regfile A/B addresses 0..31 written (bit mask) */
	uint32_t rf_read[2];      /* regfile A/B addresses read through a used mux */
	uint32_t vr_setup_value;  /* VPM read setup value (when known) */
	uint32_t vw_setup_value;  /* VPM write setup value (when known) */
	int32_t br_target;        /* branch: ip of the target */
	uint8_t form;             /* enum qpu_form */
	uint8_t sig;              /* enum qpu_sig */
	uint8_t acc_write;        /* bits 0..3: r0..r3 written; bit 5: r5 */
	uint8_t acc_read;         /* bits 0..5: r0..r5 read by an operand in use */
	int8_t ldtmu;             /* TMU unit popped by a load signal, or -1 */
	int8_t tmu_param[2];      /* TMU writes other than s, per unit */
	int8_t tmu_submit[2];     /* s writes per unit */
	int8_t periph_count;      /* closely coupled peripheral accesses */
	uint8_t cond_fifo_waddr;  /* the waddr of a conditional FIFO write */
	uint8_t rot_acc_mask;     /* r0..r3 rotated (bit per accumulator) */

	bool reads_r4 : 1;        /* an operand in use reads r4 */
	bool sfu_write : 1;       /* writes an SFU register */
	bool r4_signal : 1;       /* signal that loads r4 (TMU or TLB load) */
	bool tmu_noswap_write : 1;

	bool tlb_access : 1;      /* touches the tile buffer (implicit sb wait) */
	bool tlbz_write : 1;
	bool sb_wait : 1;         /* explicit wait-for-scoreboard signal */
	bool sb_unlock : 1;       /* scoreboard-unlock signal */
	bool thrsw : 1, last_thrsw : 1, prog_end : 1, branch : 1;
	bool reads_ms_flags : 1;
	bool reads_flags : 1;     /* a conditional write or branch uses the Z/N/C flags */
	bool sets_flags : 1;      /* the sf bit (ALU or load immediate) */

	bool reads_unif : 1;      /* raddr pops a uniform */
	bool reads_vary : 1;      /* raddr pops a varying */
	bool reads_vpm : 1;       /* raddr pops a VPM value */
	bool vpm_status_read : 1; /* VPM busy/wait registers */
	bool writes_vpm : 1;
	bool writes_unif_addr : 1;
	bool vr_setup : 1, vw_setup : 1; /* VPM read / write setup written */
	bool vr_setup_known : 1;  /* vr_setup value known (load immediate) */
	bool vw_setup_known : 1;
	bool writes_vpm_dma : 1;

	bool cond_fifo_write : 1; /* conditional write that pushes a FIFO */

	bool rot : 1;             /* full vector rotation on the MUL inputs */
	bool rot_r5 : 1;          /* rotation by r5 */
	bool rot_bad_source : 1;  /* a rotated MUL input is not r0..r3 */

	bool uses_r14 : 1;        /* reads or writes address 14 of either file */
	bool upper_half : 1;      /* reads or writes ra/rb 16..31 */
	bool writes_rf : 1;       /* writes any regfile register */

	/* branch */
	bool br_always : 1;
	bool br_target_known : 1; /* relative, not register: target computable */
};

/* Fills `f` for instruction word `w`. */
void hz_inst_derive(uint64_t w, uint32_t ip, struct hz_inst *f);

/* Distinct facts, chained per hash bucket (index + 1, 0 = end). */
struct hz_fact_entry {
	struct hz_inst f;
	uint32_t next;
};

/* The facts of a whole program, derived once per distinct word (a program
 * repeats few words): facts.data[fact_of[ip]] holds ip's. A branch's facts
 * hold its target, so each branch has its own. A copy per instruction would
 * be the largest array of the check. */
struct hz_fact_table {
	VC4_ARRAY(struct hz_fact_entry) facts;
	uint32_t *fact_of;        /* [count], the caller's */
	bool threaded;            /* an instruction switches threads */
};

/* Fills t->fact_of[] and t->facts for `count` instructions, finding words
 * already derived through `nb` zeroed hash buckets (nb a power of two, at
 * least 2). False when out of memory; free with hz_facts_free() either way. */
bool hz_facts_build(struct hz_fact_table *t, const uint64_t *insts, uint32_t count,
		    uint32_t *bucket, uint32_t nb);

/* The facts of instruction `ip`. */
static inline const struct hz_inst *hz_facts_of(const struct hz_fact_table *t, uint32_t ip)
{
	return &t->facts.data[t->fact_of[ip]].f;
}

/* Frees t->facts (not fact_of). */
void hz_facts_free(struct hz_fact_table *t);

#endif
