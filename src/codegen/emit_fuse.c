/*
 * emit_fuse.c: a VPM read's copy fused with the SFU write that reads it.
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
 */
#include <string.h>

#include "codegen/emit_internal.h"

/* A lone raw move in word w: one ALU half (`or a, a` or `v8min a, a`),
 * always, no signal, flags, pack or unpack. *mul tells the half. */
static bool lone_move(uint64_t w, struct qpu_inst *in, bool *mul)
{
	if (!w || qpu_form_of(w) != QPU_FORM_ALU)
		return false;
	qpu_decode(w, in);
	if (in->sig != QPU_SIG_NONE || in->sf || in->pack || in->unpack)
		return false;
	bool add = in->op_add != QPU_A_NOP, m = in->op_mul != QPU_M_NOP;
	*mul = m;
	if (add == m)
		return false;
	if (add)
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

void emit_fuse_block(struct emit_block *blk)
{
	for (uint32_t i = 0; i + 1 < blk->nodes.len; i++)
		fuse_at(blk, i);
}
