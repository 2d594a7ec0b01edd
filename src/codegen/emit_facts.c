/*
 * emit_facts.c: what one instruction word reads, writes and touches, read
 * off the ISA table (qpu_isa.h) — the one place the scheduler, the pairing
 * code and the program-end code learn about registers and peripherals.
 */
#include <string.h>

#include "codegen/emit_internal.h"

/* ra14/rb14, the selection's scratch (QIR_RA_SCRATCH). */
static bool is_scratch(const struct qpu_reg_info *r)
{
	return qpu_reg_is_phys(r->id) && r->num == QIR_RA_SCRATCH;
}

/* Records a read through mux m. */
static void read_mux(const struct qpu_inst *in, enum qpu_mux m, struct emit_facts *f)
{
	if (m <= QPU_MUX_R5) {
		f->rd_acc |= (uint8_t)(1u << m);
	} else if (m == QPU_MUX_A) {
		if (qpu_raddrs[QPU_FILE_A][in->raddr_a].flags & QPU_REGF_PHYS)
			f->rd_ra = (int8_t)in->raddr_a;
		if (qpu_raddrs[QPU_FILE_A][in->raddr_a].id == QPU_REG_MS_FLAGS)
			f->rd_ms_flags = f->tlb = true;
	} else if (in->sig != QPU_SIG_SMALL_IMM) {
		if (qpu_raddrs[QPU_FILE_B][in->raddr_b].flags & QPU_REGF_PHYS)
			f->rd_rb = (int8_t)in->raddr_b;
		if (qpu_raddrs[QPU_FILE_B][in->raddr_b].id == QPU_REG_MS_FLAGS)
			f->rd_ms_flags = f->tlb = true;
	}
}

/* FIFO pops and peripheral reads by raddr fields, whatever the muxes say. */
static void read_addrs(const struct qpu_inst *in, struct emit_facts *f)
{
	for (int file = QPU_FILE_A; file <= QPU_FILE_B; file++) {
		unsigned a = file == QPU_FILE_A ? in->raddr_a : in->raddr_b;
		if (file == QPU_FILE_B && in->sig == QPU_SIG_SMALL_IMM)
			continue;
		const struct qpu_reg_info *r = &qpu_raddrs[file][a];
		if (is_scratch(r))
			f->r14 = true;
		if (r->periph == QPU_PERIPH_UNIFORM)
			f->rd_unif = f->fifo = true;
		if (r->periph == QPU_PERIPH_VARYING) {
			f->vary = f->fifo = true;
			f->wr_acc |= 1u << 5;    /* the C coefficient arrives in r5 */
		}
		if (r->periph == QPU_PERIPH_VPM) {
			f->vpm = f->fifo = true;
			if (r->flags & QPU_REGF_FIFO_POP)
				f->vpm_rd = true;
			else
				f->vpm_other = true;
		}
		if (r->periph == QPU_PERIPH_MUTEX)
			f->periph++;
	}
}

/* Records the write of one half to `addr`. */
static inline void write_addr(const struct qpu_inst *in, bool is_mul, unsigned addr,
		       struct emit_facts *f)
{
	enum qpu_file file = qpu_waddr_file(is_mul, in->ws);
	const struct qpu_reg_info *r = &qpu_waddrs[file][addr];
	int acc = qpu_reg_acc(r->id);
	if (is_scratch(r))
		f->r14 = true;
	if (r->flags & QPU_REGF_PHYS) {
		if (file == QPU_FILE_A)
			f->wr_ra = (int8_t)addr;
		else
			f->wr_rb = (int8_t)addr;
	} else if (acc >= 0) {
		f->wr_acc |= (uint8_t)(1u << acc);   /* r0..r3, r5 (quad or rep) */
	}
	switch (r->periph) {
	case QPU_PERIPH_TMU0:
	case QPU_PERIPH_TMU1:
		f->tmu_write = f->rd_unif = true;
		f->periph++;
		break;
	case QPU_PERIPH_SFU:
		f->sfu = true;
		f->wr_acc |= 1u << 4;
		f->periph++;
		break;
	case QPU_PERIPH_TLB:
		f->tlb = true;
		if (r->id != QPU_REG_TLB_STENCIL)
			f->periph++;
		if (r->id == QPU_REG_TLB_Z)
			f->tlb_z = true;
		break;
	case QPU_PERIPH_VPM:
	case QPU_PERIPH_VPM_SETUP:
	case QPU_PERIPH_VPM_DMA:
		f->vpm = f->fifo = true;
		if (r->id == QPU_REG_VPM)
			f->vpm_wr = true;
		else if (r->id == QPU_REG_VR_SETUP)
			f->vpm_rs = true;
		else if (r->id == QPU_REG_VW_SETUP)
			f->vpm_ws = true;
		else
			f->vpm_other = true;
		break;
	case QPU_PERIPH_UNIFORM:
		f->wr_unif_addr = true;
		break;
	default:
		if (r->id == QPU_REG_MS_FLAGS)
			f->tlb = true;
		break;
	}
}

static bool cond_reads_flags(enum qpu_cond c)
{
	return c != QPU_COND_ALWAYS && c != QPU_COND_NEVER;
}

/* ALU form: operands in use, writes, flags. */
static void alu_facts(const struct qpu_inst *in, struct emit_facts *f)
{
	f->is_alu = true;
	f->uses_add = in->op_add != QPU_A_NOP;
	f->uses_mul = in->op_mul != QPU_M_NOP;
	if (f->uses_add) {
		read_mux(in, in->add_a, f);
		if (qpu_add_ops[in->op_add].nsrc > 1)
			read_mux(in, in->add_b, f);
		if (in->cond_add != QPU_COND_NEVER && in->waddr_add != QPU_W_NOP)
			write_addr(in, false, in->waddr_add, f);
		f->rd_flags |= cond_reads_flags(in->cond_add);
	}
	if (f->uses_mul) {
		read_mux(in, in->mul_a, f);
		if (qpu_mul_ops[in->op_mul].nsrc > 1)
			read_mux(in, in->mul_b, f);
		if (in->cond_mul != QPU_COND_NEVER && in->waddr_mul != QPU_W_NOP)
			write_addr(in, true, in->waddr_mul, f);
		f->rd_flags |= cond_reads_flags(in->cond_mul);
	}
	read_addrs(in, f);
	f->wr_flags = in->sf;
	uint32_t sf = qpu_sigs[in->sig].flags;
	if (sf & QPU_SIGF_WRITES_R4) {
		f->wr_acc |= 1u << 4;
		f->r4_sig = true;
		f->periph++;
	}
	if (sf & QPU_SIGF_TMU)
		f->tmu_load = true;
	if (sf & (QPU_SIGF_TLB | QPU_SIGF_SCOREBOARD))
		f->tlb = true;
}

/* Decodes word into f: the registers, files, FIFOs, peripherals and signals
 * it reads and writes (ALU, load-immediate and branch forms), as the hazard
 * rules and the schedulers need them. */
void emit_facts(uint64_t word, struct emit_facts *f)
{
	struct qpu_inst in;
	memset(f, 0, sizeof(*f));
	f->rd_ra = f->rd_rb = f->wr_ra = f->wr_rb = -1;
	qpu_decode(word, &in);
	switch (in.form) {
	case QPU_FORM_ALU:
		alu_facts(&in, f);
		break;
	case QPU_FORM_LOAD_IMM:
		if (in.cond_add != QPU_COND_NEVER && in.waddr_add != QPU_W_NOP)
			write_addr(&in, false, in.waddr_add, f);
		if (in.cond_mul != QPU_COND_NEVER && in.waddr_mul != QPU_W_NOP)
			write_addr(&in, true, in.waddr_mul, f);
		f->rd_flags = cond_reads_flags(in.cond_add) || cond_reads_flags(in.cond_mul);
		f->wr_flags = in.sf;
		break;
	case QPU_FORM_SEMAPHORE:
		f->periph++;
		break;
	case QPU_FORM_BRANCH:
		f->rd_flags = in.br_cond != QPU_BR_ALWAYS;
		break;
	}
}
