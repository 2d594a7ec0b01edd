/*
 * emit_fuse.c: a VPM read fused with its readers, in two forms.
 *
 * With the SFU write that reads it.
 * A vertex or coordinate shader reads w from the VPM into an accumulator
 * (`mov r3, vpm`) and then starts its reciprocal (`mov sfu_recip, r3`),
 * one instruction later at best, with the whole viewport transform
 * waiting on the SFU. Both halves of an instruction may read the same
 * raddr, which pops the FIFO once: `mov r3, vpm ; mov sfu_recip, vpm`
 * starts the reciprocal with the read (piglit-glsl-fs-functions-samplers
 * VS 25 -> 24, as Mesa's). Done on a block's selected nodes before
 * scheduling: the SFU write's node goes, its half joins the read's word.
 * Only when nothing between the two nodes writes the accumulator, writes
 * an SFU register or loads r4 (the SFU result then arrives earlier than it
 * did, before any such r4 use in the original order).
 *
 * With its only two readers, one per ALU half (fuse_two): a coordinate
 * shader writes x raw and scales it for the screen, `mov r1, vpm`, `fmul
 * r3, r1, unif`, `mov vpm, r1` become `mov vpm, vpm ; fmul r3, vpm,
 * unif`, one pop read by both halves, the copy gone, the VPM write setup
 * moved ahead of the read (31 CS of the corpus 14 -> 13, Mesa's 17). A
 * VPM data read and a VPM data write may share an instruction
 * (emit_vpm_pair()). The readers move up to the read's place only past
 * nodes that do not touch their operands or destinations, and a VPM write
 * only past VPM reads of rows already read (vpm_rows()); the accumulator
 * must be written again after them, or the block be the program's last.
 */
#include <string.h>

#include "codegen/emit_internal.h"
#include "util/code_align.h"

/* A word using one ALU half, no signal but a small immediate, no pack,
 * unpack or set-flags; *mul tells the half. */
static bool lone_half(uint64_t w, struct qpu_inst *in, bool *mul)
{
	if (!w || qpu_form_of(w) != QPU_FORM_ALU)
		return false;
	qpu_decode(w, in);
	if ((in->sig != QPU_SIG_NONE && in->sig != QPU_SIG_SMALL_IMM) || in->sf || in->pack ||
	    in->unpack)
		return false;
	bool add = in->op_add != QPU_A_NOP, m = in->op_mul != QPU_M_NOP;
	*mul = m;
	return add != m;
}

/* A lone raw move in word w: a lone_half() without a small immediate that
 * is `or a, a` or `v8min a, a`, always. *mul tells the half. */
static bool lone_move(uint64_t w, struct qpu_inst *in, bool *mul)
{
	if (!lone_half(w, in, mul) || in->sig != QPU_SIG_NONE)
		return false;
	if (!*mul)
		return in->op_add == QPU_A_OR && in->add_a == in->add_b &&
		       in->cond_add == QPU_COND_ALWAYS;
	return in->op_mul == QPU_M_V8MIN && in->mul_a == in->mul_b &&
	       in->cond_mul == QPU_COND_ALWAYS;
}

/* The register id half `mul` of in writes. */
static enum qpu_reg_id dest(const struct qpu_inst *in, bool mul)
{
	return qpu_waddrs[qpu_waddr_file(mul, in->ws)][mul ? in->waddr_mul : in->waddr_add].id;
}

/* The operand mux of a lone move's half. */
static enum qpu_mux source(const struct qpu_inst *in, bool mul)
{
	return mul ? in->mul_a : in->add_a;
}

/* Whether in's move reads the VPM FIFO (raddr, not r0-r5 or a small
 * immediate), writing accumulator *acc. */
static bool vpm_read_to_acc(const struct qpu_inst *in, bool mul, int *acc)
{
	enum qpu_mux m = source(in, mul);
	if (m != QPU_MUX_A && (m != QPU_MUX_B || in->sig == QPU_SIG_SMALL_IMM))
		return false;
	unsigned raddr = m == QPU_MUX_A ? in->raddr_a : in->raddr_b;
	const struct qpu_reg_info *r = &qpu_raddrs[m == QPU_MUX_A ? QPU_FILE_A : QPU_FILE_B][raddr];
	*acc = qpu_reg_acc(dest(in, mul));
	return r->periph == QPU_PERIPH_VPM && (r->flags & QPU_REGF_FIFO_POP) && *acc >= 0 &&
	       *acc < 4;
}

/* The fused word: `a` (the VPM read, on half `amul`) with the SFU write of
 * `b` (on the other half) reading the same raddr; 0 when b has no form
 * on the other half. */
static uint64_t fuse(const struct qpu_inst *a, bool amul, const struct emit_node *nb)
{
	struct qpu_inst b;
	bool bmul;
	if (!lone_move(nb->word, &b, &bmul) || bmul == amul) {
		if (!nb->alt || !lone_move(nb->alt, &b, &bmul) || bmul == amul)
			return 0;
	}
	struct qpu_inst f = *a;
	enum qpu_mux m = source(a, amul);
	enum qpu_reg_id sfu = dest(&b, bmul);
	unsigned waddr = bmul ? b.waddr_mul : b.waddr_add;
	if (qpu_waddrs[qpu_waddr_file(bmul, f.ws)][waddr].id != sfu)
		return 0;   /* the address means something else with a's ws */
	if (bmul) {
		f.op_mul = QPU_M_V8MIN, f.mul_a = f.mul_b = m;
		f.waddr_mul = (uint8_t)waddr, f.cond_mul = QPU_COND_ALWAYS;
	} else {
		f.op_add = QPU_A_OR, f.add_a = f.add_b = m;
		f.waddr_add = (uint8_t)waddr, f.cond_add = QPU_COND_ALWAYS;
	}
	return qpu_encode(&f);
}

/* Whether node j is a lone move of accumulator acc into an SFU register. */
static bool sfu_of_acc(const struct emit_node *n, int acc)
{
	struct qpu_inst in;
	bool mul;
	if (n->flags || n->unif >= 0 || !lone_move(n->word, &in, &mul))
		return false;
	return qpu_waddrs[qpu_waddr_file(mul, in.ws)][mul ? in.waddr_mul : in.waddr_add].periph ==
	       QPU_PERIPH_SFU && source(&in, mul) == (enum qpu_mux)acc;
}

/* Fuses node i (a VPM read into acc) with the first later reader of acc
 * when that is an SFU write and nothing in between forbids it; true when
 * it did (the reader's node is removed). */
static bool fuse_at(struct emit_block *blk, uint32_t i)
{
	struct emit_node *nodes = blk->nodes.data;
	uint64_t w0 = nodes[i].word;
	if (qpu_get_sig(w0) != QPU_SIG_NONE ||
	    (qpu_raddrs[QPU_FILE_A][qpu_get_raddr_a(w0)].periph != QPU_PERIPH_VPM &&
	     qpu_raddrs[QPU_FILE_B][qpu_get_raddr_b(w0)].periph != QPU_PERIPH_VPM))
		return false;   /* the common case, without decoding */
	struct qpu_inst a;
	bool amul;
	int acc;
	if (nodes[i].flags || nodes[i].unif >= 0 || !lone_move(nodes[i].word, &a, &amul) ||
	    !vpm_read_to_acc(&a, amul, &acc))
		return false;
	for (uint32_t j = i + 1; j < blk->nodes.len; j++) {
		struct emit_facts f;
		emit_facts(nodes[j].word, &f);
		if (f.rd_acc & (1u << acc)) {
			uint64_t w = sfu_of_acc(&nodes[j], acc) ? fuse(&a, amul, &nodes[j]) : 0;
			if (!w)
				return false;
			nodes[i].word = w;
			nodes[i].alt = 0;
			memmove(&nodes[j], &nodes[j + 1], (blk->nodes.len - j - 1) * sizeof(*nodes));
			blk->nodes.len--;
			return true;
		}
		if ((f.wr_acc & ((1u << acc) | (1u << 4))) || (f.rd_acc & (1u << 4)) || f.sfu ||
		    nodes[j].flags & (EN_BRANCH | EN_THRSW))
			return false;
	}
	return false;
}

/* The operand muxes of half `mul` of in (n: how many the op reads). */
static unsigned half_muxes(struct qpu_inst *in, bool mul, enum qpu_mux *mx[2])
{
	mx[0] = mul ? &in->mul_a : &in->add_a;
	mx[1] = mul ? &in->mul_b : &in->add_b;
	return mul ? qpu_mul_ops[in->op_mul].nsrc : qpu_add_ops[in->op_add].nsrc;
}

/* Rewrites half `mul` of in to read the VPM through file mux v instead of
 * accumulator acc; false when another operand needs v's raddr. */
static bool to_vpm(struct qpu_inst *in, bool mul, int acc, enum qpu_mux v)
{
	enum qpu_mux *mx[2];
	unsigned n = half_muxes(in, mul, mx);
	bool hit = false;
	for (unsigned k = 0; k < n; k++) {
		if (*mx[k] == (enum qpu_mux)acc) {
			*mx[k] = v;
			hit = true;
		} else if (*mx[k] == v) {
			return false;
		}
	}
	return hit;
}

/* The fused word of two readers x (ADD half) and y (MUL half) of a VPM
 * value in acc, both reading the VPM (raddr vaddr, the same on either
 * file) through file mux v; 0 when the operands or destinations do not
 * fit one word. */
static uint64_t fuse_pair(struct qpu_inst x, struct qpu_inst y, int acc, unsigned vaddr,
			  enum qpu_mux v)
{
	if (!to_vpm(&x, false, acc, v) || !to_vpm(&y, true, acc, v))
		return 0;
	struct qpu_inst f = x;
	/* the other file's raddr: shared, or used by one reader only */
	bool xa = x.raddr_a != QPU_R_NOP, xb = x.raddr_b != QPU_R_NOP || x.sig == QPU_SIG_SMALL_IMM;
	bool ya = y.raddr_a != QPU_R_NOP, yb = y.raddr_b != QPU_R_NOP || y.sig == QPU_SIG_SMALL_IMM;
	if (v == QPU_MUX_A) {
		if ((xa && x.raddr_a != vaddr) || (ya && y.raddr_a != vaddr))
			return 0;
		if (xb && yb && (x.raddr_b != y.raddr_b || x.sig != y.sig))
			return 0;
		f.raddr_a = (uint8_t)vaddr;
		f.raddr_b = xb ? x.raddr_b : y.raddr_b;
		f.sig = xb ? x.sig : y.sig;
	} else {
		if ((xb && (x.raddr_b != vaddr || x.sig != QPU_SIG_NONE)) ||
		    (yb && (y.raddr_b != vaddr || y.sig != QPU_SIG_NONE)))
			return 0;
		if (xa && ya && x.raddr_a != y.raddr_a)
			return 0;
		f.raddr_b = (uint8_t)vaddr;
		f.raddr_a = xa ? x.raddr_a : y.raddr_a;
		f.sig = QPU_SIG_NONE;
	}
	if (qpu_waddrs[qpu_waddr_file(true, f.ws)][y.waddr_mul].id !=
	    qpu_waddrs[qpu_waddr_file(true, y.ws)][y.waddr_mul].id)
		return 0;   /* y's destination means something else with x's ws */
	f.op_mul = y.op_mul, f.mul_a = y.mul_a, f.mul_b = y.mul_b;
	f.waddr_mul = y.waddr_mul, f.cond_mul = y.cond_mul;
	return qpu_encode(&f);
}

/* Node n as a lone half on the ADD (`mul` false) or MUL unit, its own
 * word or its other-ALU form. */
static bool half_on(const struct emit_node *n, bool mul, struct qpu_inst *in)
{
	bool m;
	if (lone_half(n->word, in, &m) && m == mul)
		return true;
	return n->alt && lone_half(n->alt, in, &m) && m == mul;
}

/* Whether node j is a lone VPM write setup (moved ahead of a fused read,
 * it only orders the VPM accesses earlier). */
static bool is_write_setup(const struct emit_node *n, const struct emit_facts *f)
{
	return f->vpm_ws && !f->vpm_rd && !f->vpm_wr && !f->vpm_rs && !f->vpm_other &&
	       !f->wr_flags && f->wr_acc == 0 && f->wr_ra < 0 && f->wr_rb < 0 && !n->flags;
}

/* Whether reader k (of acc) may move up to node i's place past the nodes
 * (i, k) but `other` and write setups: none of them writes what k reads
 * or touches what k writes, nor the flags; no VPM write or other
 * peripheral when k touches one; VPM reads only when k writes VPM data
 * (it writes a row already read: vpm_rows()). */
static bool movable_up(const struct emit_block *blk, uint32_t i, uint32_t k, uint32_t other,
		       int acc)
{
	const struct emit_node *nodes = blk->nodes.data;
	struct emit_facts fk;
	emit_facts(nodes[k].word, &fk);
	uint8_t rd = fk.rd_acc & (uint8_t)~(1u << acc);
	for (uint32_t j = i + 1; j < k; j++) {
		struct emit_facts f;
		emit_facts(nodes[j].word, &f);
		if (j == other || is_write_setup(&nodes[j], &f))
			continue;
		if ((f.wr_acc & (rd | fk.wr_acc)) || (f.rd_acc & fk.wr_acc) ||
		    (fk.rd_ra >= 0 && f.wr_ra == fk.rd_ra) || (fk.rd_rb >= 0 && f.wr_rb == fk.rd_rb) ||
		    (fk.wr_ra >= 0 && (f.wr_ra == fk.wr_ra || f.rd_ra == fk.wr_ra)) ||
		    (fk.wr_rb >= 0 && (f.wr_rb == fk.wr_rb || f.rd_rb == fk.wr_rb)) || f.wr_flags ||
		    (nodes[j].flags & (EN_BRANCH | EN_THRSW)))
			return false;
		bool vpm_ok = fk.vpm_wr && !fk.periph && !fk.sfu && f.vpm_rd && !f.vpm_wr &&
			      !f.vpm_rs && !f.vpm_ws && !f.vpm_other && !f.periph && !f.sfu;
		if ((fk.vpm || fk.periph || fk.sfu) && (f.vpm || f.periph || f.sfu) && !vpm_ok)
			return false;
	}
	return true;
}

/* VPM rows: the m-th VPM write (in node order) does not come before the
 * m-th read, so that no value is written over before it is read (the read
 * and write setups of a VS/CS start at the same row). True when a write
 * fused at node i's place (i a read) keeps that: writes before j2 in node
 * order <= reads before i, and one read setup in the block (under several
 * the k-th read need not be row k or later: opt_vpm_order.c reads w
 * first). */
static bool vpm_rows(const struct emit_block *blk, uint32_t i, uint32_t j2)
{
	uint32_t reads = 0, writes = 0, setups = 0;
	for (uint32_t j = 0; j < blk->nodes.len; j++) {
		struct emit_facts f;
		emit_facts(blk->nodes.data[j].word, &f);
		reads += j < i && f.vpm_rd;
		writes += j < j2 && f.vpm_wr;
		setups += f.vpm_rs;
	}
	return writes <= reads && setups <= 1;
}

/* The two readers j1 < j2 of node i's accumulator before it is written
 * again (or, in the program's last block, before its end); false when
 * there are not exactly two. */
static bool two_readers(const struct emit_block *blk, uint32_t i, int acc, bool last,
			uint32_t *j1, uint32_t *j2)
{
	const struct emit_node *nodes = blk->nodes.data;
	unsigned n = 0;
	for (uint32_t j = i + 1; j < blk->nodes.len; j++) {
		struct emit_facts f;
		emit_facts(nodes[j].word, &f);
		if (nodes[j].flags & (EN_BRANCH | EN_THRSW))
			return false;
		if (f.rd_acc & (1u << acc)) {
			if (++n > 2)
				return false;
			*(n == 1 ? j1 : j2) = j;
		}
		if (f.wr_acc & (1u << acc))
			return n == 2;
	}
	return last && n == 2;
}

/* Moves the write setups among nodes (i, j2) to just before node i. */
static void hoist_write_setups(struct emit_block *blk, uint32_t i, uint32_t j2)
{
	struct emit_node *nodes = blk->nodes.data;
	for (uint32_t j = i + 1; j < j2; j++) {
		struct emit_facts f;
		emit_facts(nodes[j].word, &f);
		if (!is_write_setup(&nodes[j], &f))
			continue;
		struct emit_node n = nodes[j];
		memmove(&nodes[i + 1], &nodes[i], (j - i) * sizeof(*nodes));
		nodes[i] = n;
		i++;
	}
}

/* Whether readers f1 and the later f2 may share one word, where both read
 * the registers as they were before it: f2 reads nothing f1 writes (in
 * node order it would see f1's result), and they write different
 * registers. */
static bool independent(const struct emit_facts *f1, const struct emit_facts *f2)
{
	if ((f2->rd_acc & f1->wr_acc) || (f2->wr_acc & f1->wr_acc))
		return false;
	if (f1->wr_ra >= 0 && (f2->rd_ra == f1->wr_ra || f2->wr_ra == f1->wr_ra))
		return false;
	return f1->wr_rb < 0 || (f2->rd_rb != f1->wr_rb && f2->wr_rb != f1->wr_rb);
}

/* Fuses node i (a VPM read into acc) with its two readers when they fit
 * one word on the two halves: the read's copy goes and the word takes its
 * place (`mov vpm, vpm ; fmul r0, vpm, unif`: the raw value written out
 * and scaled by the one read), write setups in between ahead of it. */
static bool fuse_two(struct emit_block *blk, uint32_t i, bool last)
{
	struct emit_node *nodes = blk->nodes.data;
	struct qpu_inst a, x, y;
	bool amul;
	int acc;
	uint32_t j1, j2;
	if (nodes[i].flags || nodes[i].unif >= 0 || !lone_move(nodes[i].word, &a, &amul) ||
	    !vpm_read_to_acc(&a, amul, &acc) || !two_readers(blk, i, acc, last, &j1, &j2) ||
	    (nodes[j1].unif >= 0 && nodes[j2].unif >= 0) ||
	    ((nodes[j1].flags | nodes[j2].flags) & EN_NO_MERGE) ||
	    !movable_up(blk, i, j1, j2, acc) || !movable_up(blk, i, j2, j1, acc))
		return false;
	struct emit_facts f1, f2;
	emit_facts(nodes[j1].word, &f1);
	emit_facts(nodes[j2].word, &f2);
	if (!independent(&f1, &f2))
		return false;
	bool writes_vpm = f1.vpm_wr || f2.vpm_wr;
	if (writes_vpm && !vpm_rows(blk, i, j2))
		return false;
	enum qpu_mux rm = source(&a, amul);
	unsigned vaddr = rm == QPU_MUX_A ? a.raddr_a : a.raddr_b;
	uint64_t w = 0;
	for (int order = 0; order < 2 && !w; order++) {
		const struct emit_node *na = &nodes[order ? j2 : j1], *nm = &nodes[order ? j1 : j2];
		if (!half_on(na, false, &x) || !half_on(nm, true, &y))
			continue;
		w = fuse_pair(x, y, acc, vaddr, QPU_MUX_A);
		if (!w)
			w = fuse_pair(x, y, acc, vaddr, QPU_MUX_B);
	}
	if (!w)
		return false;
	struct emit_node fused = { .word = w, .alt = 0, .target = QIR_NONE,
				   .unif = nodes[j1].unif >= 0 ? nodes[j1].unif : nodes[j2].unif,
				   .flags = nodes[j1].flags | nodes[j2].flags };
	nodes[i] = fused;
	memmove(&nodes[j2], &nodes[j2 + 1], (blk->nodes.len - j2 - 1) * sizeof(*nodes));
	memmove(&nodes[j1], &nodes[j1 + 1], (blk->nodes.len - j1 - 2) * sizeof(*nodes));
	blk->nodes.len -= 2;
	if (writes_vpm)   /* movable_up(): no VPM write in between */
		hoist_write_setups(blk, i, j2 - 1);
	return true;
}

VC4_CODE_ALIGN(1024)
void emit_fuse_block(struct emit_block *blk, bool last)
{
	for (uint32_t i = 0; i + 1 < blk->nodes.len; i++) {
		uint64_t w0 = blk->nodes.data[i].word;
		if (qpu_get_sig(w0) != QPU_SIG_NONE ||
		    (qpu_raddrs[QPU_FILE_A][qpu_get_raddr_a(w0)].periph != QPU_PERIPH_VPM &&
		     qpu_raddrs[QPU_FILE_B][qpu_get_raddr_b(w0)].periph != QPU_PERIPH_VPM))
			continue;   /* the common case, without decoding */
		if (!fuse_at(blk, i) && i + 2 < blk->nodes.len)
			fuse_two(blk, i, last);
	}
}
