/*
 * emit_facts.c: what one instruction word reads, writes and touches, read
 * off the ISA table (qpu_isa.h) — the one place the scheduler, the pairing
 * code and the program-end code learn about registers and peripherals.
 * The facts of each part of an instruction (a read through a mux, a read
 * address, a write address on its file, the signal) are derived once from
 * the ISA table into small tables; a word's facts are then the parts its
 * fields name, combined (no decode of the whole word).
 */
#include <stdatomic.h>
#include <string.h>
#include <threads.h>

#include "codegen/emit_internal.h"
#include "util/code_align.h"

/* ra14/rb14, the selection's scratch (QIR_RA_SCRATCH). */
static bool is_scratch(const struct qpu_reg_info *r)
{
	return qpu_reg_is_phys(r->id) && r->num == QIR_RA_SCRATCH;
}

/* The facts of a mux reading `addr` of `file` (a regfile register in use,
 * ms_flags). */
static void read_mux(enum qpu_file file, unsigned addr, struct emit_facts *f)
{
	const struct qpu_reg_info *r = &qpu_raddrs[file][addr];
	if (r->flags & QPU_REGF_PHYS) {
		if (file == QPU_FILE_A)
			f->rd_ra = (int8_t)addr;
		else
			f->rd_rb = (int8_t)addr;
	}
	if (r->id == QPU_REG_MS_FLAGS)
		f->rd_ms_flags = f->tlb = true;
}

/* FIFO pops and peripheral reads of read address `addr` of `file`, whatever
 * the muxes say. */
static void read_addr(enum qpu_file file, unsigned addr, struct emit_facts *f)
{
	const struct qpu_reg_info *r = &qpu_raddrs[file][addr];
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

/* The facts of a write to `addr` of `file`. */
static void write_addr(enum qpu_file file, unsigned addr, struct emit_facts *f)
{
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

/* The facts of signal `sig` on an ALU instruction. */
static void sig_facts(enum qpu_sig sig, struct emit_facts *f)
{
	uint32_t sf = qpu_sigs[sig].flags;
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

/* Facts of the parts of instructions, per file and address. */
static struct {
	struct emit_facts none;          /* nothing: the start of every word */
	struct emit_facts read[2][2][64]; /* [file][muxed][addr]: the read
					   * address, and (muxed) a mux reading it */
	struct emit_facts waddr[2][64];  /* a write to the file at addr */
	struct emit_facts sig[16];       /* an ALU instruction's signal */
} parts;

static atomic_bool parts_ready;   /* set once `parts` is filled */

/* Fills `parts` from the ISA table (once per process). */
static void build_parts(void)
{
	memset(&parts, 0, sizeof(parts));
	parts.none.rd_ra = parts.none.rd_rb = parts.none.wr_ra = parts.none.wr_rb = -1;
	for (unsigned file = QPU_FILE_A; file <= QPU_FILE_B; file++) {
		for (unsigned a = 0; a < 64; a++) {
			struct emit_facts *rd = parts.read[file][0], *rdm = parts.read[file][1];
			rd[a] = rdm[a] = parts.waddr[file][a] = parts.none;
			read_addr((enum qpu_file)file, a, &rd[a]);
			read_addr((enum qpu_file)file, a, &rdm[a]);
			read_mux((enum qpu_file)file, a, &rdm[a]);
			write_addr((enum qpu_file)file, a, &parts.waddr[file][a]);
		}
	}
	for (unsigned sig = 0; sig < 16; sig++) {
		parts.sig[sig] = parts.none;
		sig_facts((enum qpu_sig)sig, &parts.sig[sig]);
	}
	atomic_store_explicit(&parts_ready, true, memory_order_release);
}

/* Makes sure `parts` is filled: an inline check, the once-call only until
 * then (emit_facts() is called for most words more than once). */
static inline void need_parts(void)
{
	static once_flag once = ONCE_FLAG_INIT;
	if (!atomic_load_explicit(&parts_ready, memory_order_acquire))
		call_once(&once, build_parts);
}

/* Adds the facts t of one part of an instruction to f. Parts never name
 * two different registers of one file for the same use, so a register is
 * taken by AND: -1 (none) has every bit set, and r & -1 is r (no branch
 * on each, which under qemu-arm costs a compare of all four flags). */
static inline void add_part(struct emit_facts *f, const struct emit_facts *t)
{
	f->rd_acc |= t->rd_acc;
	f->wr_acc |= t->wr_acc;
	f->rd_ra &= t->rd_ra;
	f->rd_rb &= t->rd_rb;
	f->wr_ra &= t->wr_ra;
	f->wr_rb &= t->wr_rb;
	f->periph = (uint8_t)(f->periph + t->periph);
	f->bits |= t->bits;
}

/* Whether condition c reads the flags. */
static bool cond_reads_flags(enum qpu_cond c)
{
	return c != QPU_COND_ALWAYS && c != QPU_COND_NEVER;
}

/* The write of one half (ADD: is_mul false) when its condition and address
 * make it happen; whether its condition reads the flags. */
static inline bool half_write(uint64_t w, bool is_mul, struct emit_facts *f)
{
	enum qpu_cond cond = (enum qpu_cond)(is_mul ? qpu_get_cond_mul(w) : qpu_get_cond_add(w));
	unsigned addr = is_mul ? qpu_get_waddr_mul(w) : qpu_get_waddr_add(w);
	if (cond != QPU_COND_NEVER && addr != QPU_W_NOP)
		add_part(f, &parts.waddr[qpu_waddr_file(is_mul, qpu_get_ws(w))][addr]);
	return cond_reads_flags(cond);
}

/* ALU form: operands in use, writes, flags. */
static inline void alu_facts(uint64_t w, struct emit_facts *f)
{
	enum qpu_op_add op_add = (enum qpu_op_add)qpu_get_op_add(w);
	enum qpu_op_mul op_mul = (enum qpu_op_mul)qpu_get_op_mul(w);
	enum qpu_sig sig = (enum qpu_sig)qpu_get_sig(w);
	unsigned muxes = 0;   /* bit m: mux m read by an operand in use */
	f->is_alu = true;
	f->uses_add = op_add != QPU_A_NOP;
	f->uses_mul = op_mul != QPU_M_NOP;
	if (f->uses_add) {
		muxes |= 1u << qpu_get_add_a(w);
		if (qpu_add_ops[op_add].nsrc > 1)
			muxes |= 1u << qpu_get_add_b(w);
		f->rd_flags |= half_write(w, false, f);
	}
	if (f->uses_mul) {
		muxes |= 1u << qpu_get_mul_a(w);
		if (qpu_mul_ops[op_mul].nsrc > 1)
			muxes |= 1u << qpu_get_mul_b(w);
		f->rd_flags |= half_write(w, true, f);
	}
	f->rd_acc |= (uint8_t)(muxes & 0x3f);
	unsigned ra = qpu_get_raddr_a(w), rb = qpu_get_raddr_b(w);
	add_part(f, &parts.read[QPU_FILE_A][(muxes >> QPU_MUX_A) & 1][ra]);
	if (sig != QPU_SIG_SMALL_IMM)
		add_part(f, &parts.read[QPU_FILE_B][(muxes >> QPU_MUX_B) & 1][rb]);
	f->wr_flags = qpu_get_sf(w);
	if (sig != QPU_SIG_NONE && sig != QPU_SIG_SMALL_IMM)
		add_part(f, &parts.sig[sig]);
}

/* Decodes word into f: the registers, files, FIFOs, peripherals and signals
 * it reads and writes (ALU, load-immediate and branch forms), as the hazard
 * rules and the schedulers need them. */
VC4_CODE_ALIGN(2048)
void emit_facts(uint64_t word, struct emit_facts *out)
{
	need_parts();
	struct emit_facts facts = parts.none, *f = &facts;   /* a local: no aliasing with parts */
	switch (qpu_form_of(word)) {
	case QPU_FORM_ALU:
		alu_facts(word, f);
		break;
	case QPU_FORM_LOAD_IMM: {
		bool add_flags = half_write(word, false, f);
		bool mul_flags = half_write(word, true, f);
		f->rd_flags = add_flags || mul_flags;
		f->wr_flags = qpu_get_sf(word);
		break;
	}
	case QPU_FORM_SEMAPHORE:
		f->periph++;
		break;
	case QPU_FORM_BRANCH:
		f->rd_flags = qpu_get_br_cond(word) != QPU_BR_ALWAYS;
		break;
	}
	*out = facts;
}
