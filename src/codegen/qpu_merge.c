/*
 * qpu_merge.c: pairing two unpaired instructions into one word — the ADD
 * half of one and the MUL half of the other, when the fields they share
 * agree: one signal (equal small immediates may be shared), raddr_a and
 * raddr_b (a uniform/varying/VPM read may move to the other file), one
 * closely-coupled peripheral, one uniform, ws, the PM-selected pack/unpack
 * not touching the other half, and set-flags taken from the right ALU.
 */
#include <string.h>

#include "codegen/emit_internal.h"

static bool half_reads_mux(const struct qpu_inst *in, enum qpu_mux m)
{
	if (in->op_add != QPU_A_NOP &&
	    (in->add_a == m || (qpu_add_ops[in->op_add].nsrc > 1 && in->add_b == m)))
		return true;
	return in->op_mul != QPU_M_NOP &&
	       (in->mul_a == m || (qpu_mul_ops[in->op_mul].nsrc > 1 && in->mul_b == m));
}

/* Moves a same-on-both-files read from raddr_a to raddr_b. */
static bool move_a_to_b(struct qpu_inst *in)
{
	if (in->raddr_b != QPU_R_NOP || in->sig == QPU_SIG_SMALL_IMM ||
	    !qpu_raddr_same_on_both(in->raddr_a))
		return false;
	in->raddr_b = in->raddr_a;
	in->raddr_a = QPU_R_NOP;
	enum qpu_mux *m[] = { &in->add_a, &in->add_b, &in->mul_a, &in->mul_b };
	for (unsigned i = 0; i < 4; i++)
		if (*m[i] == QPU_MUX_A)
			*m[i] = QPU_MUX_B;
	return true;
}

static bool is_fifo_read(enum qpu_file f, unsigned addr)
{
	return qpu_raddrs[f][addr].flags & QPU_REGF_FIFO_POP;
}

/* Combines the read addresses of y into x; false on a clash. */
static bool merge_raddrs(struct qpu_inst *x, struct qpu_inst *y)
{
	if (x->raddr_a != QPU_R_NOP && y->raddr_a != QPU_R_NOP && x->raddr_a != y->raddr_a &&
	    !move_a_to_b(y) && !move_a_to_b(x))
		return false;
	if (x->raddr_a != QPU_R_NOP && x->raddr_a == y->raddr_a &&
	    (is_fifo_read(QPU_FILE_A, x->raddr_a) || x->unpack || y->unpack))
		return false;
	bool xs = x->sig == QPU_SIG_SMALL_IMM, ys = y->sig == QPU_SIG_SMALL_IMM;
	if (x->raddr_b != QPU_R_NOP && y->raddr_b != QPU_R_NOP) {
		if (x->raddr_b != y->raddr_b || xs != ys)
			return false;
		if (!xs && is_fifo_read(QPU_FILE_B, x->raddr_b))
			return false;
	}
	if ((xs && y->raddr_b != QPU_R_NOP && !ys) || (ys && x->raddr_b != QPU_R_NOP && !xs))
		return false;
	if (x->raddr_a == QPU_R_NOP)
		x->raddr_a = y->raddr_a;
	if (x->raddr_b == QPU_R_NOP)
		x->raddr_b = y->raddr_b;
	return true;
}

/* The ws an instruction's writes need: -1 either, 0 or 1. */
static int ws_need(const struct qpu_inst *in)
{
	if ((in->op_add != QPU_A_NOP && !qpu_waddr_ignores_ws(in->waddr_add)) ||
	    (in->op_mul != QPU_M_NOP && !qpu_waddr_ignores_ws(in->waddr_mul)))
		return in->ws;
	return -1;
}

/* Whether y's pack/unpack/PM can ride along with x (which has none). */
static bool pack_compatible(const struct qpu_inst *p, const struct emit_facts *fp,
			    const struct qpu_inst *o, const struct emit_facts *fo)
{
	(void)fp;
	if (!p->pm) {
		if (p->pack && fo->wr_ra >= 0)
			return false;
		if (p->unpack && half_reads_mux(o, QPU_MUX_A))
			return false;
		return true;
	}
	return !(p->unpack && half_reads_mux(o, QPU_MUX_R4));
}

/* Pack and unpack of x and y share one PM bit: they may combine when PM
 * agrees, each field is used by one side only, and neither side's mode
 * reaches the other's reads or writes. */
static bool merge_pack(struct qpu_inst *x, const struct emit_facts *fx, const struct qpu_inst *y,
		       const struct emit_facts *fy)
{
	bool xp = x->pack || x->unpack, yp = y->pack || y->unpack;
	if (xp && yp && (x->pm != y->pm || (x->pack && y->pack) || (x->unpack && y->unpack)))
		return false;
	if ((xp && !pack_compatible(x, fx, y, fy)) || (yp && !pack_compatible(y, fy, x, fx)))
		return false;
	if (yp) {
		x->pm = y->pm;
		if (y->pack)
			x->pack = y->pack;
		if (y->unpack)
			x->unpack = y->unpack;
	}
	return true;
}

static bool merge_sig(struct qpu_inst *x, const struct qpu_inst *y)
{
	if (y->sig == QPU_SIG_NONE || y->sig == x->sig)
		return true;
	if (x->sig != QPU_SIG_NONE)
		return false;
	x->sig = y->sig;
	return true;
}

/* Whether x only pops a VPM value, or only writes VPM data. */
static bool vpm_read_only(const struct emit_facts *x)
{
	return x->vpm_rd && !x->vpm_wr && !x->vpm_rs && !x->vpm_ws && !x->vpm_other;
}

static bool vpm_write_only(const struct emit_facts *x)
{
	return x->vpm_wr && !x->vpm_rd && !x->vpm_rs && !x->vpm_ws && !x->vpm_other;
}

bool emit_vpm_pair(const struct emit_facts *fx, const struct emit_facts *fy)
{
	return (vpm_read_only(fx) && vpm_write_only(fy)) ||
	       (vpm_write_only(fx) && vpm_read_only(fy));
}

/* Two VPM accesses share an instruction only as emit_vpm_pair() allows. */
static bool vpm_clash(const struct emit_facts *fx, const struct emit_facts *fy)
{
	return fx->vpm && fy->vpm && !emit_vpm_pair(fx, fy);
}

/* Whether words with facts fx and fy can never share an instruction: both
 * halves busy, two peripheral accesses, two uniform, VPM or varying reads,
 * an SFU write beside an r4 signal, or set-flags the other half would take. */
static bool facts_clash(const struct emit_facts *fx, const struct emit_facts *fy)
{
	if (!fx->is_alu || !fy->is_alu)
		return true;
	if ((fx->uses_add && fy->uses_add) || (fx->uses_mul && fy->uses_mul))
		return true;
	if (fx->periph + fy->periph > 1 || (fx->rd_unif && fy->rd_unif) ||
	    (fx->sfu && fy->r4_sig) || (fy->sfu && fx->r4_sig) || vpm_clash(fx, fy) ||
	    (fx->vary && fy->vary))
		return true;
	if (fx->wr_flags && fy->wr_flags)
		return true;
	return (fx->wr_flags && !fx->uses_add && fy->uses_add) ||
	       (fy->wr_flags && !fy->uses_add && fx->uses_add);
}

/* Merges y into x (both ALU form, facts fx and fy, which facts_clash
 * accepted). */
static inline bool merge_into(struct qpu_inst *x, const struct emit_facts *fx, struct qpu_inst *y,
		       const struct emit_facts *fy)
{
	int wx = ws_need(x), wy = ws_need(y);
	if (wx >= 0 && wy >= 0 && wx != wy)
		return false;
	if (!merge_raddrs(x, y) || !merge_sig(x, y) || !merge_pack(x, fx, y, fy))
		return false;
	x->ws = wx >= 0 ? wx : (wy >= 0 ? wy : 0);
	x->sf = x->sf || y->sf;
	if (fy->uses_add) {
		x->op_add = y->op_add;
		x->waddr_add = y->waddr_add;
		x->cond_add = y->cond_add;
		x->add_a = y->add_a;
		x->add_b = y->add_b;
	}
	if (fy->uses_mul) {
		x->op_mul = y->op_mul;
		x->waddr_mul = y->waddr_mul;
		x->cond_mul = y->cond_mul;
		x->mul_a = y->mul_a;
		x->mul_b = y->mul_b;
	}
	return true;
}

/* Two ALU words as one (a's ADD or MUL half with b's other half, their
 * operands sharing the raddrs and signal), into *out; false when they cannot
 * share an instruction. fa and fb are their facts. */
static inline bool merge_pair(uint64_t a, const struct emit_facts *fa, uint64_t b,
		       const struct emit_facts *fb, uint64_t *out)
{
	if (facts_clash(fa, fb))
		return false;
	struct qpu_inst x, y;
	qpu_decode(a, &x);
	qpu_decode(b, &y);
	if (!merge_into(&x, fa, &y, fb))
		return false;
	*out = qpu_encode(&x);
	return true;
}

bool emit_merge_facts(const struct emit_pairable *a, const struct emit_pairable *b,
		      uint64_t *out)
{
	if (merge_pair(a->word, a->f, b->word, b->f, out))
		return true;
	if (b->alt && merge_pair(a->word, a->f, b->alt, b->falt, out))
		return true;
	return a->alt && merge_pair(a->alt, a->falt, b->word, b->f, out);
}

bool emit_merge(uint64_t a, uint64_t alt_a, uint64_t b, uint64_t alt_b, uint64_t *out)
{
	struct emit_facts f[4];
	uint64_t w[4] = { a, alt_a, b, alt_b };
	for (unsigned i = 0; i < 4; i++)
		emit_facts(w[i], &f[i]);
	struct emit_pairable pa = { a, alt_a, &f[0], &f[1] }, pb = { b, alt_b, &f[2], &f[3] };
	return emit_merge_facts(&pa, &pb, out);
}
