/*
 * select_operands.c: placed QIR operands → the read side of a QPU
 * instruction (muxes, raddr_a/raddr_b, small immediate, unpack and PM); the
 * operands and destinations themselves (sel_operand(), sel_dest()) are
 * inline in select_internal.h. What one instruction cannot encode — two
 * different registers of one file, a small immediate with a regfile-B read,
 * two different unpacks, an unpack whose PM disagrees with the pack — is
 * fixed by copying one operand through ra14/rb14, which the allocator never
 * hands out.
 */
#include <stdio.h>
#include <string.h>

#include "codegen/select_internal.h"
#include "util/code_align.h"

bool sel_error(struct sel *s, const char *what)
{
	char text[96];   /* the instruction's QIR text, only when there is an error */
	qir_print_inst(s->c, s->inst, text, sizeof(text));
	return vc4_diag_set(s->diag, "qpu emit: block %u, inst %u (%s): %s", s->bi, s->ii,
			    text, what);
}

enum place_fail { PF_OK, PF_FILE, PF_UNPACK };

/* Puts operand o into fixed file `file` (OF_A/OF_B); false on a clash. */
static bool place_fixed(const struct opnd *o, int file, struct placed *p, uint8_t *mux)
{
	if (file == OF_A) {
		if (p->raddr_a != QPU_R_NOP && (p->raddr_a != o->addr || p->unpack != o->unpack))
			return false;
		p->raddr_a = o->addr;
		*mux = QPU_MUX_A;
		return true;
	}
	if (p->raddr_b != QPU_R_NOP && (p->raddr_b != o->addr || p->small != o->small))
		return false;
	p->raddr_b = o->addr;
	p->small = o->small;
	*mux = QPU_MUX_B;
	return true;
}

/* One placement attempt; *bad = the operand that did not fit. */
static enum place_fail try_place(const struct opnd *ops, unsigned n, int pack_pm,
				 struct placed *p, unsigned *bad)
{
	memset(p, 0, sizeof(*p));
	p->raddr_a = p->raddr_b = QPU_R_NOP;
	p->unif = -1;
	int r4_unpack = -1;
	for (unsigned i = 0; i < n; i++) {      /* fixed files and accumulators */
		const struct opnd *o = &ops[i];
		*bad = i;
		if (o->unpack && o->file != OF_A && !(o->file == OF_ACC && o->mux == QPU_MUX_R4))
			return PF_UNPACK;
		if (o->file == OF_ACC) {
			p->mux[i] = o->mux;
			if (o->mux == QPU_MUX_R4) {
				if (r4_unpack >= 0 && r4_unpack != o->unpack)
					return PF_UNPACK;
				r4_unpack = o->unpack;
			}
		} else if (o->file != OF_ANY && !place_fixed(o, o->file, p, &p->mux[i])) {
			return PF_FILE;
		}
		if (o->file == OF_A && o->unpack)
			p->unpack = o->unpack;
	}
	for (unsigned i = 0; i < n; i++) {      /* either file */
		const struct opnd *o = &ops[i];
		*bad = i;
		if (o->file != OF_ANY)
			continue;
		bool share_a = p->raddr_a == o->addr && !p->unpack;
		bool share_b = p->raddr_b == o->addr && !p->small;
		if (share_a || (!share_b && p->raddr_a == QPU_R_NOP))
			place_fixed(o, OF_A, p, &p->mux[i]);
		else if (!place_fixed(o, OF_B, p, &p->mux[i]))
			return PF_FILE;
		if (o->unif >= 0) {
			if (p->unif >= 0 && p->unif != o->unif)
				return PF_FILE;
			p->unif = o->unif;
		}
	}
	if (r4_unpack > 0) {
		for (unsigned i = 0; i < n; i++)
			if (ops[i].file == OF_ACC && ops[i].mux == QPU_MUX_R4)
				*bad = i;
		if (p->unpack || pack_pm == 0)
			return PF_UNPACK;
		p->pm = true;
		p->unpack = (uint8_t)r4_unpack;
	} else if (p->unpack && pack_pm == 1) {
		for (unsigned i = 0; i < n; i++)
			if (ops[i].file == OF_A && ops[i].unpack)
				*bad = i;
		return PF_UNPACK;
	}
	return PF_OK;
}

/* Emits `dst14 = o` (applying o's unpack when `apply_unpack`) into the
 * scratch of `file`, and turns o into a read of it. */
static bool copy_to_scratch(struct sel *s, struct opnd *o, int file, bool apply_unpack,
			    bool float_in)
{
	struct opnd src = *o;
	if (!apply_unpack)
		src.unpack = 0;
	struct placed p;
	unsigned bad, waddr = 0, raddr = 0;   /* set by sel_reg_addr() */
	if (try_place(&src, 1, -1, &p, &bad) != PF_OK)
		return sel_error(s, "unpack from a register that cannot unpack");
	enum qpu_reg_id scratch = sel_regfile_reg(file, QIR_RA_SCRATCH);
	if (!sel_reg_addr(s, scratch, true, &waddr) || !sel_reg_addr(s, scratch, false, &raddr))
		return false;
	p.mux[1] = p.mux[0];
	enum qpu_op_add op = apply_unpack && float_in ? QPU_A_FMAX : QPU_A_OR;
	uint64_t w = sel_alu_word(QPU_UNIT_ADD, op, waddr, file == OF_B, &p,
				  QPU_COND_ALWAYS, false);
	if (!sel_push(s, w, 0, p.unif, 0))
		return false;
	uint8_t keep = apply_unpack ? 0 : o->unpack;
	memset(o, 0, sizeof(*o));
	o->file = (int8_t)file;
	o->addr = (uint8_t)raddr;
	o->unpack = keep;
	o->unif = -1;
	return true;
}

/* When two different file-A registers collide and the one that failed
 * must unpack (only file A and r4 can), the other one moves: a plain copy
 * of it can go anywhere, a copy of the unpacking read could not. */
static unsigned operand_to_move(const struct opnd *ops, unsigned n, unsigned bad)
{
	if (ops[bad].file != OF_A || !ops[bad].unpack)
		return bad;
	for (unsigned j = 0; j < n; j++)
		if (j != bad && ops[j].file == OF_A && !ops[j].unpack &&
		    ops[j].addr != ops[bad].addr)
			return j;
	return bad;
}

/* Places n (1 or 2) operands on the muxes and raddrs, moving one into the
 * other file or a scratch register (up to three rounds) when they collide or
 * must unpack from file A; false with an error when impossible. */
VC4_CODE_ALIGN(2048)
bool sel_place(struct sel *s, struct opnd *ops, unsigned n, int pack_pm, bool float_in,
	       struct placed *p)
{
	bool used[2] = { false, false };
	for (int round = 0; round < 3; round++) {
		unsigned bad;
		enum place_fail f = try_place(ops, n, pack_pm, p, &bad);
		if (f == PF_OK)
			return true;
		struct opnd *o = &ops[f == PF_FILE ? operand_to_move(ops, n, bad) : bad];
		int file;
		if (f == PF_UNPACK || o->file == OF_ANY || o->file == OF_ACC)
			file = used[OF_B] ? OF_A : OF_B;
		else
			file = o->file == OF_A ? OF_B : OF_A;
		if (used[file])
			break;
		used[file] = true;
		if (!copy_to_scratch(s, o, file, f == PF_UNPACK, float_in))
			return false;
	}
	return sel_error(s, "operands cannot be encoded in one instruction");
}

