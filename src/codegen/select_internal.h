/*
 * select_internal.h: state shared by instruction selection's two files —
 * qpu_select.c (one QIR op → nodes) and select_operands.c (QIR operands →
 * muxes, read addresses, small immediates, unpacks, with the copies through
 * ra14/rb14 that resolve what one instruction cannot encode). Registers are
 * named by enum qpu_reg_id and addressed through sel_reg_addr(). The
 * operand and destination of every instruction are inline here
 * (sel_operand(), sel_dest()).
 */
#ifndef VC4_CODEGEN_SELECT_INTERNAL_H
#define VC4_CODEGEN_SELECT_INTERNAL_H

#include <string.h>

#include "codegen/emit_internal.h"

struct sel {
	const struct qir_compile *c;
	const struct qir_ra_result *ra;
	struct emit_block *blk;
	struct vc4_diag *diag;
	uint32_t bi, ii;                 /* block and instruction, for messages */
	const struct qir_inst *inst;     /* printed by sel_error() */
};

/* A source operand before placement. */
enum { OF_ACC = -1, OF_A = 0, OF_B = 1, OF_ANY = 2 };
struct opnd {
	int8_t file;        /* OF_*; OF_ACC: `mux` is fixed (r0-r5) */
	uint8_t mux;        /* OF_ACC: the accumulator mux */
	uint8_t addr;       /* raddr for file A/B/ANY; small-imm code if `small` */
	bool small;
	uint8_t unpack;     /* enum qpu_unpack */
	int32_t unif;       /* uniform pool index, -1 */
};

/* Operands placed into one instruction's read fields. */
struct placed {
	uint8_t mux[2];
	uint8_t raddr_a, raddr_b;
	bool small;
	bool pm;            /* unpack from r4 (PM=1) */
	uint8_t unpack;
	int32_t unif;
};

/* Error at the current instruction. */
bool sel_error(struct sel *s, const char *what);

/* The read (write false) or write address of ISA register `id`, through
 * qpu_reg_raddr()/qpu_reg_waddr(); false + diag when there is none. Inline:
 * every operand and destination goes through it. */
static inline bool sel_reg_addr(struct sel *s, enum qpu_reg_id id, bool write, unsigned *addr)
{
	enum qpu_file file;
	if (!(write ? qpu_reg_waddr(id, &file, addr) : qpu_reg_raddr(id, &file, addr)))
		return sel_error(s, write ? "register cannot be written" : "register cannot be read");
	return true;
}

/* Register n of regfile `file` (OF_A: raN, OF_B: rbN) as an ISA id;
 * QPU_REG_RESERVED when n > 31. */
static inline enum qpu_reg_id sel_regfile_reg(int file, unsigned n)
{
	if (n >= 32)
		return QPU_REG_RESERVED;
	return (enum qpu_reg_id)((file == OF_B ? QPU_REG_RB0 : QPU_REG_RA0) + n);
}

/* A temp's register as an operand. */
static inline bool temp_operand(struct sel *s, uint32_t t, struct opnd *o)
{
	if (t >= s->c->num_temps)
		return sel_error(s, "temp out of range");
	struct qir_phys_reg p = s->ra->temps[t];
	unsigned addr;
	switch (p.file) {
	case QIR_PHYS_ACC:
		o->file = OF_ACC;
		o->mux = p.index;
		return true;
	case QIR_PHYS_A:
	case QIR_PHYS_B:
		o->file = p.file == QIR_PHYS_A ? OF_A : OF_B;
		if (!sel_reg_addr(s, sel_regfile_reg(o->file, p.index), false, &addr))
			return false;
		o->addr = (uint8_t)addr;
		return true;
	default:                 /* never written: any value will do */
		o->file = OF_ACC;
		o->mux = QPU_MUX_R0;
		return true;
	}
}

/* A FIFO read (uniform, varying, VPM): the same address on both files. */
static inline bool fifo_operand(struct sel *s, enum qpu_reg_id id, struct opnd *o)
{
	unsigned addr;
	if (!sel_reg_addr(s, id, false, &addr))
		return false;
	o->file = OF_ANY;
	o->addr = (uint8_t)addr;
	return true;
}

/* The operand for QIR source r (accumulator, register file, uniform, small
 * immediate, varying or VPM read) into o; false with an error when it cannot
 * be read. Inline: every source of every instruction (31,000 a corpus
 * compile). */
static inline bool sel_operand(struct sel *s, struct qir_reg r, struct opnd *o)
{
	memset(o, 0, sizeof(*o));
	o->unif = -1;
	o->unpack = r.unpack;
	enum qpu_file file;
	unsigned addr;
	int code;
	switch (r.file) {
	case QIR_FILE_NULL:
		o->file = OF_ACC;
		o->mux = QPU_MUX_R0;
		return true;
	case QIR_FILE_TEMP:
		return temp_operand(s, r.index, o);
	case QIR_FILE_UNIF:
		o->unif = (int32_t)r.index;
		return fifo_operand(s, QPU_REG_UNIFORM, o);
	case QIR_FILE_VARY:
		return fifo_operand(s, QPU_REG_VARYING, o);
	case QIR_FILE_VPM:
		return fifo_operand(s, QPU_REG_VPM, o);
	case QIR_FILE_SMALL_IMM:
		code = qpu_small_imm_encode(r.index);
		if (code < 0)
			return sel_error(s, "value is not a small immediate");
		o->file = OF_B;
		o->small = true;
		o->addr = (uint8_t)code;
		return true;
	case QIR_FILE_SPECIAL:
		if (!qir_special_qpu_addr((enum qir_special)r.index, false, &file, &addr))
			return sel_error(s, "special register cannot be read");
		o->file = qpu_raddr_same_on_both(addr) ? OF_ANY : (int8_t)file;
		o->addr = (uint8_t)addr;
		return true;
	default:
		return sel_error(s, "operand cannot be a source here");
	}
}


/* Places n (1 or 2) operands; `pack_pm` is -1 (no pack), 0 or 1: the PM the
 * destination pack needs. `float_in`: the consumer's unpack semantics (used
 * by the copies). Emits the copies it needs. False + diag when impossible. */
bool sel_place(struct sel *s, struct opnd *ops, unsigned n, int pack_pm, bool float_in,
	       struct placed *p);

/* The write address of destination r on the ADD (is_mul false) or MUL unit,
 * and the ws it needs (-1 either, 0, 1); false with an error when r cannot be
 * written. Inline: every destination (20,000 a corpus compile). */
static inline bool sel_dest(struct sel *s, struct qir_reg r, bool is_mul, unsigned *waddr,
			    int *ws)
{
	enum qpu_file file;
	unsigned addr;
	*ws = -1;
	switch (r.file) {
	case QIR_FILE_NULL:
		*waddr = QPU_W_NOP;
		return true;
	case QIR_FILE_VPM:
		return sel_reg_addr(s, QPU_REG_VPM, true, waddr);
	case QIR_FILE_SPECIAL:
		if (!qir_special_qpu_addr((enum qir_special)r.index, true, &file, &addr))
			return sel_error(s, "special register cannot be written");
		*waddr = addr;
		if (!qpu_waddr_ignores_ws(addr))
			*ws = (file == QPU_FILE_A) == is_mul;
		return true;
	case QIR_FILE_TEMP:
		break;
	default:
		return sel_error(s, "operand cannot be a destination");
	}
	if (r.index >= s->c->num_temps)
		return sel_error(s, "temp out of range");
	struct qir_phys_reg p = s->ra->temps[r.index];
	switch (p.file) {
	case QIR_PHYS_NONE:
		*waddr = QPU_W_NOP;
		return true;
	case QIR_PHYS_ACC:
		if (p.index > 3)
			return sel_error(s, "r4 written by an op that does not produce r4");
		return sel_reg_addr(s, (enum qpu_reg_id)(QPU_REG_ACC0 + p.index), true, waddr);
	default:
		*ws = (p.file == QIR_PHYS_A) == is_mul;
		return sel_reg_addr(s, sel_regfile_reg(p.file == QIR_PHYS_A ? OF_A : OF_B,
						       p.index), true, waddr);
	}
}

/* Appends a node; false on OOM. Inline: once per selected word. */
static inline bool sel_push(struct sel *s, uint64_t word, uint64_t alt, int32_t unif,
			    uint32_t flags)
{
	struct emit_node n = { .word = word, .alt = alt, .unif = unif, .target = QIR_NONE,
			       .flags = flags };
	if (!vc4_array_push(&s->blk->nodes, n))
		return vc4_diag_set(s->diag, "out of memory");
	return true;
}

/* An ALU word for one op on one unit from placed operands: signal, raddrs,
 * unpack and PM, then the op with its write address, condition and set-flags
 * (the other half a NOP). Inline: called for every selected instruction. */
static inline uint64_t sel_alu_word(enum qpu_unit unit, unsigned op, unsigned waddr, int ws,
				    const struct placed *p, enum qpu_cond cond, bool sf)
{
	uint64_t w = qpu_nop();
	if (p->small)
		w = qpu_set_sig(w, QPU_SIG_SMALL_IMM);
	w = qpu_set_raddr_a(w, p->raddr_a);
	w = qpu_set_raddr_b(w, p->raddr_b);
	w = qpu_set_unpack(w, p->unpack);
	w = qpu_set_pm(w, p->pm);
	if (unit == QPU_UNIT_ADD) {
		w = qpu_with_add(w, (enum qpu_op_add)op, waddr, p->mux[0], p->mux[1]);
		w = qpu_set_cond_add(w, cond);
	} else {
		w = qpu_with_mul(w, (enum qpu_op_mul)op, waddr, p->mux[0], p->mux[1]);
		w = qpu_set_cond_mul(w, cond);
	}
	w = qpu_set_ws(w, ws > 0);
	return qpu_set_sf(w, sf);
}

#endif
