/*
 * qpu_check_facts.c: derives struct hz_inst (what one instruction reads,
 * writes and touches) from the ISA table, and a program's table of them
 * (one per distinct word). Every classification goes through
 * qpu_isa.h's tables and qpu_check_regs.h; no address numbers here.
 */
#include "qpu/check/qpu_check_facts.h"

#include <stdlib.h>
#include <string.h>

#include "qpu/check/qpu_check_regs.h"
#include "util/zero.h"
#include "util/code_align.h"

/* Peripherals whose write pushes a FIFO whatever the condition says. */
static bool periph_pushes_fifo(enum qpu_periph p)
{
	return p == QPU_PERIPH_TMU0 || p == QPU_PERIPH_TMU1 || p == QPU_PERIPH_SFU ||
	       p == QPU_PERIPH_VPM || p == QPU_PERIPH_VPM_SETUP || p == QPU_PERIPH_VPM_DMA;
}

static void note_rf_write(struct hz_inst *f, enum qpu_file file, uint32_t waddr)
{
	f->rf_write[file] |= 1u << waddr;
	f->writes_rf = true;
	if (waddr == 14)
		f->uses_r14 = true;
	if (waddr >= 16)
		f->upper_half = true;
}

static void note_tmu_write(struct hz_inst *f, uint32_t waddr)
{
	int tmu = qpu_check_waddr_tmu(waddr);

	if (qpu_check_waddr_is_tmu_submit(waddr))
		f->tmu_submit[tmu]++;
	else
		f->tmu_param[tmu]++;
	f->periph_count++;
}

static void note_tlb_write(struct hz_inst *f, uint32_t waddr)
{
	enum qpu_tlb_write t = qpu_check_tlb_write(waddr);

	if (t == QPU_TLBW_STENCIL)
		return; /* configuration only: no scoreboard wait, not counted */
	f->tlb_access = true;
	f->periph_count++;
	if (t == QPU_TLBW_Z)
		f->tlbz_write = true;
}

/* A write to the VPM setup register of `file` (A: read setup, B: write
 * setup): sets the setup flag and its value, known only when the instruction
 * is a 32-bit load immediate. */
static void note_vpm_setup(struct hz_inst *f, enum qpu_file file)
{
	bool known = f->form == QPU_FORM_LOAD_IMM && qpu_get_li_kind(f->w) == QPU_LI_32;
	uint32_t value = qpu_get_imm(f->w);

	if (file == QPU_FILE_A) {
		f->vr_setup = true;
		f->vr_setup_known = known;
		f->vr_setup_value = value;
	} else {
		f->vw_setup = true;
		f->vw_setup_known = known;
		f->vw_setup_value = value;
	}
}

/* Classifies one write of the ADD (is_mul false) or MUL side. */
static inline void note_write(struct hz_inst *f, bool is_mul)
{
	uint32_t waddr = is_mul ? qpu_get_waddr_mul(f->w) : qpu_get_waddr_add(f->w);
	enum qpu_file file = qpu_waddr_file(is_mul, qpu_get_ws(f->w));
	const struct qpu_reg_info *info = qpu_check_waddr_info(file, waddr);
	uint32_t cond = QPU_COND_ALWAYS;

	if (waddr == QPU_W_NOP)
		return;
	if (f->form == QPU_FORM_ALU || f->form == QPU_FORM_LOAD_IMM)
		cond = is_mul ? qpu_get_cond_mul(f->w) : qpu_get_cond_add(f->w);
	if (info->flags & QPU_REGF_PHYS)
		note_rf_write(f, file, waddr);
	else if (qpu_check_waddr_is_acc03(waddr))
		f->acc_write |= (uint8_t)(1u << qpu_check_acc_index(waddr));
	else if (qpu_check_waddr_is_r5(file, waddr))
		f->acc_write |= 1u << 5;
	if (periph_pushes_fifo(info->periph) && cond != QPU_COND_ALWAYS &&
	    !f->cond_fifo_write) {
		f->cond_fifo_write = true;
		f->cond_fifo_waddr = waddr;
	}
	switch (info->periph) {
	case QPU_PERIPH_TMU0:
	case QPU_PERIPH_TMU1:
		note_tmu_write(f, waddr);
		break;
	case QPU_PERIPH_SFU:
		f->sfu_write = true;
		f->periph_count++;
		break;
	case QPU_PERIPH_TLB:
		note_tlb_write(f, waddr);
		break;
	case QPU_PERIPH_VPM:
		f->writes_vpm = true;
		break;
	case QPU_PERIPH_VPM_SETUP:
		note_vpm_setup(f, file);
		break;
	case QPU_PERIPH_VPM_DMA:
		f->writes_vpm_dma = true;
		break;
	case QPU_PERIPH_UNIFORM:
		f->writes_unif_addr = true;
		break;
	case QPU_PERIPH_TMU_NOSWAP:
		f->tmu_noswap_write = true;
		break;
	default:
		break;
	}
}

/* Side effects of a raddr field, whether or not a mux uses it. */
static void note_raddr_pop(struct hz_inst *f, enum qpu_file file, uint32_t raddr)
{
	const struct qpu_reg_info *info = qpu_check_raddr_info(file, raddr);

	switch (info->periph) {
	case QPU_PERIPH_UNIFORM:
		f->reads_unif = true;
		break;
	case QPU_PERIPH_VARYING:
		f->reads_vary = true;
		break;
	case QPU_PERIPH_VPM:
		if (info->flags & QPU_REGF_FIFO_POP)
			f->reads_vpm = true;
		else
			f->vpm_status_read = true;
		break;
	case QPU_PERIPH_MUTEX:
		f->periph_count++;
		break;
	default:
		break;
	}
}

/* An operand in use reads `mux`. */
static inline void note_mux_read(struct hz_inst *f, uint32_t mux)
{
	uint32_t ra = qpu_get_raddr_a(f->w), rb = qpu_get_raddr_b(f->w);

	if (mux == QPU_MUX_R4)
		f->reads_r4 = true;
	if (mux <= QPU_MUX_R5)
		f->acc_read |= (uint8_t)(1u << mux);
	if (mux == QPU_MUX_A) {
		if (qpu_check_raddr_info(QPU_FILE_A, ra)->flags & QPU_REGF_PHYS)
			f->rf_read[QPU_FILE_A] |= 1u << ra;
		if (qpu_check_raddr_is_ms_flags(QPU_FILE_A, ra))
			f->reads_ms_flags = true;
	}
	if (mux == QPU_MUX_B && f->sig != QPU_SIG_SMALL_IMM &&
	    (qpu_check_raddr_info(QPU_FILE_B, rb)->flags & QPU_REGF_PHYS))
		f->rf_read[QPU_FILE_B] |= 1u << rb;
}

/* The muxes the ADD and MUL ops actually read (by their operand counts). */
static void derive_alu_reads(struct hz_inst *f)
{
	uint32_t op_add = qpu_get_op_add(f->w), op_mul = qpu_get_op_mul(f->w);
	uint32_t nadd = qpu_add_ops[op_add].nsrc, nmul = qpu_mul_ops[op_mul].nsrc;

	if (nadd >= 1)
		note_mux_read(f, qpu_get_add_a(f->w));
	if (nadd >= 2)
		note_mux_read(f, qpu_get_add_b(f->w));
	if (nmul >= 1)
		note_mux_read(f, qpu_get_mul_a(f->w));
	if (nmul >= 2)
		note_mux_read(f, qpu_get_mul_b(f->w));
	note_raddr_pop(f, QPU_FILE_A, qpu_get_raddr_a(f->w));
	if (f->sig != QPU_SIG_SMALL_IMM)
		note_raddr_pop(f, QPU_FILE_B, qpu_get_raddr_b(f->w));
	for (int file = 0; file < 2; file++) {
		if (f->rf_read[file] & (1u << 14))
			f->uses_r14 = true;
		if (f->rf_read[file] & 0xffff0000u)
			f->upper_half = true;
	}
}

/* Full vector rotation: small-immediate codes of the rotate kinds used by a
 * MUL op. */
static void derive_rotation(struct hz_inst *f)
{
	uint32_t op_mul = qpu_get_op_mul(f->w);
	const struct qpu_small_imm_info *si = &qpu_small_imms[qpu_get_raddr_b(f->w)];

	if (f->sig != QPU_SIG_SMALL_IMM || op_mul == QPU_M_NOP ||
	    (si->kind != QPU_SMALL_IMM_ROT && si->kind != QPU_SMALL_IMM_ROT_R5))
		return;
	f->rot = true;
	f->rot_r5 = si->kind == QPU_SMALL_IMM_ROT_R5;
	uint32_t muxes[2] = { qpu_get_mul_a(f->w), qpu_get_mul_b(f->w) };
	for (uint32_t i = 0; i < qpu_mul_ops[op_mul].nsrc && i < 2; i++) {
		if (muxes[i] > QPU_MUX_R3)
			f->rot_bad_source = true;
		else
			f->rot_acc_mask |= (uint8_t)(1u << muxes[i]);
	}
}

/* The signal's effects: thread switch (and last switch), program end,
 * scoreboard wait and unlock, r4 loads (a peripheral access), the TMU a load
 * pops, and a tile buffer access for the TLB signals other than scoreboard. */
static void derive_signal(struct hz_inst *f)
{
	const struct qpu_sig_info *s = &qpu_sigs[f->sig];

	f->thrsw = (s->flags & QPU_SIGF_THRSW) != 0;
	f->last_thrsw = f->sig == QPU_SIG_LAST_THREAD_SWITCH;
	f->prog_end = (s->flags & QPU_SIGF_PROG_END) != 0;
	f->sb_wait = f->sig == QPU_SIG_WAIT_FOR_SCOREBOARD;
	f->sb_unlock = f->sig == QPU_SIG_SCOREBOARD_UNLOCK;
	if (s->flags & QPU_SIGF_WRITES_R4) {
		f->r4_signal = true;
		f->periph_count++;
	}
	if (s->flags & QPU_SIGF_TMU)
		f->ldtmu = s->tmu;
	if ((s->flags & QPU_SIGF_TLB) && !(s->flags & QPU_SIGF_SCOREBOARD))
		f->tlb_access = true;
}

/* A colour load with a colour write in the same instruction is the one
 * "combined colour read and write" access of the Reference Guide. */
static void merge_combined_colour(struct hz_inst *f)
{
	uint32_t wa = qpu_get_waddr_add(f->w), wm = qpu_get_waddr_mul(f->w);
	bool colour_load = f->sig == QPU_SIG_COLOR_LOAD || f->sig == QPU_SIG_COLOR_LOAD_END;

	if (!colour_load)
		return;
	bool colour_write = qpu_check_tlb_write(wa) == QPU_TLBW_COLOR_ALL ||
			    qpu_check_tlb_write(wa) == QPU_TLBW_COLOR_MS ||
			    qpu_check_tlb_write(wm) == QPU_TLBW_COLOR_ALL ||
			    qpu_check_tlb_write(wm) == QPU_TLBW_COLOR_MS;
	if (colour_write)
		f->periph_count--;
}

/* A branch at `ip`: its condition, the regfile-A register a register branch
 * reads, and its target ip + 4 + offset / 8, known only for a relative
 * branch with no register and an offset that is a multiple of 8. */
static void derive_branch(struct hz_inst *f, uint32_t ip)
{
	int32_t imm = (int32_t)qpu_get_imm(f->w);

	f->branch = true;
	f->br_always = qpu_get_br_cond(f->w) == QPU_BR_ALWAYS;
	if (qpu_get_br_reg(f->w)) {
		uint32_t ra = qpu_get_br_raddr_a(f->w);
		f->rf_read[QPU_FILE_A] |= 1u << ra;
		if (ra >= 16)
			f->upper_half = true;
		if (ra == 14)
			f->uses_r14 = true;
	}
	f->br_target_known = qpu_get_br_rel(f->w) && !qpu_get_br_reg(f->w) && imm % 8 == 0;
	f->br_target = (int32_t)qpu_branch_target(ip, imm); /* |imm / 8| < 2^28, ip < 2^24 */
}

static bool cond_reads_flags(uint32_t cond)
{
	return cond != QPU_COND_NEVER && cond != QPU_COND_ALWAYS;
}

/* Flags are read by a condition that guards a real write: an ALU op that is
 * not nop (ALU form), a write to a register (load immediate), or a branch
 * condition other than always. The sf bit sets them (not in a branch, where
 * the bit belongs to raddr_a). */
static void derive_flags(struct hz_inst *f)
{
	uint64_t w = f->w;

	switch ((enum qpu_form)f->form) {
	case QPU_FORM_ALU:
		f->reads_flags = (qpu_get_op_add(w) != QPU_A_NOP &&
				  cond_reads_flags(qpu_get_cond_add(w))) ||
				 (qpu_get_op_mul(w) != QPU_M_NOP &&
				  cond_reads_flags(qpu_get_cond_mul(w)));
		f->sets_flags = qpu_get_sf(w);
		break;
	case QPU_FORM_LOAD_IMM:
		f->reads_flags = (qpu_get_waddr_add(w) != QPU_W_NOP &&
				  cond_reads_flags(qpu_get_cond_add(w))) ||
				 (qpu_get_waddr_mul(w) != QPU_W_NOP &&
				  cond_reads_flags(qpu_get_cond_mul(w)));
		f->sets_flags = qpu_get_sf(w);
		break;
	case QPU_FORM_BRANCH:
		f->reads_flags = qpu_get_br_cond(w) != QPU_BR_ALWAYS;
		break;
	case QPU_FORM_SEMAPHORE:
		break;
	}
}

VC4_CODE_ALIGN(4096)
void hz_inst_derive(uint64_t w, uint32_t ip, struct hz_inst *f)
{
	VC4_ZERO(f);
	f->w = w;
	f->form = qpu_form_of(w);
	f->sig = qpu_get_sig(w);
	f->ldtmu = -1;
	note_write(f, false);
	note_write(f, true);
	derive_flags(f);
	switch ((enum qpu_form)f->form) {
	case QPU_FORM_ALU:
		derive_alu_reads(f);
		derive_rotation(f);
		derive_signal(f);
		merge_combined_colour(f);
		break;
	case QPU_FORM_SEMAPHORE:
		f->periph_count++;
		break;
	case QPU_FORM_BRANCH:
		derive_branch(f, ip);
		break;
	case QPU_FORM_LOAD_IMM:
		break;
	}
}

/* Entries hz_facts_build() makes room for at once, at most. */
#define FACTS_RESERVE 1024u

VC4_CODE_ALIGN(512)
bool hz_facts_build(struct hz_fact_table *t, const uint64_t *insts, uint32_t count,
		    uint32_t *bucket, uint32_t nb)
{
	unsigned shift = 64 - (unsigned)__builtin_ctz(nb);
	/* room for every distinct word of a usual program at once: growing by
	 * doubling cost a realloc() and a copy of the entries each time (long
	 * programs repeat words: theirs grows as before) */
	if (!vc4_array_reserve(&t->facts, count < FACTS_RESERVE ? count : FACTS_RESERVE))
		return false;
	for (uint32_t ip = 0; ip < count; ip++) {
		uint64_t w = insts[ip];
		uint32_t *head = &bucket[(w * 0x9e3779b97f4a7c15ull) >> shift], k = *head;
		bool branch = qpu_form_of(w) == QPU_FORM_BRANCH;
		while (k && (branch || t->facts.data[k - 1].f.w != w))
			k = t->facts.data[k - 1].next;
		if (!k) {
			struct hz_fact_entry e;   /* f zeroed by hz_inst_derive() */
			e.next = *head;
			hz_inst_derive(w, ip, &e.f);
			if (t->facts.len >= UINT32_MAX - 1 || !vc4_array_push(&t->facts, e))
				return false;
			k = *head = (uint32_t)t->facts.len;
		}
		t->fact_of[ip] = k - 1;
		t->threaded |= t->facts.data[k - 1].f.thrsw;
	}
	return true;
}

void hz_facts_free(struct hz_fact_table *t)
{
	vc4_array_free(&t->facts);
}
