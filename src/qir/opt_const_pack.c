/*
 * opt_const_pack.c: a colour packed from constants becomes one constant.
 * The fragment epilogue packs each float channel into a byte of the tile
 * buffer's word with the MUL unit's PM=1 pack,
 *   mmov t.8ac, 0; mmov t.8bc, 1.0; mmov t.8cc, 0; mmov t.8dc, 1.0
 * and a shader whose colour is constant (piglit's green) pays four
 * instructions for what is one word: `load_imm t, 0xff00ff00`. The
 * conversion is the pack's, qpu_pack_unorm8() (the ISA module). Done when
 * the temp is written only by such moves of constants, one per byte (or one
 * 8888 replication), in one block with no read of it between them; the
 * load_imm takes the last move's place.
 */
#include "qir/qir.h"
#include "util/code_align.h"

/* The bytes a constant colour move writes (mask) and their value, or
 * false when inst is not one. */
static inline bool const_pack(const struct qir_compile *c, const struct qir_inst *inst,
		       uint32_t *mask, uint32_t *value)
{
	uint32_t x;
	if (inst->op != QIR_OP_MMOV || !inst->pack_mul || inst->sf ||
	    inst->cond != QPU_COND_ALWAYS || inst->src[0].unpack ||
	    !qir_reg_const(c, inst->src[0], &x))
		return false;
	uint32_t byte = qpu_pack_unorm8(x);
	if (inst->pack == QPU_PACK_MUL_8888) {
		*mask = 0xffffffffu;
		*value = byte * 0x01010101u;
		return true;
	}
	if (inst->pack < QPU_PACK_MUL_8A || inst->pack > QPU_PACK_MUL_8D)
		return false;
	unsigned k = (unsigned)(inst->pack - QPU_PACK_MUL_8A);
	*mask = 0xffu << (8 * k);
	*value = byte << (8 * k);
	return true;
}

/* Whether something between first and last (exclusive) reads temp t. */
static bool read_between(const struct qir_inst *first, const struct qir_inst *last, uint32_t t)
{
	if (first == last)
		return false;
	for (const struct qir_inst *i = first->next; i != last; i = i->next)   /* last follows */
		for (int s = 0; s < QIR_MAX_SRC; s++)
			if (qir_is_temp(i->src[s]) && i->src[s].index == t)
				return true;
	return false;
}

/* Folds the moves into temp t starting at `first` (its first definition
 * in program order); true when it did. */
static bool fold_from(struct qir_compile *c, struct qir_block *b, struct qir_inst *first)
{
	uint32_t t = first->dst.index, mask = 0, value = 0, defs = 0;
	struct qir_inst *last = NULL;
	for (struct qir_inst *i = first; i && defs < c->def_count[t]; i = i->next) {
		if (!qir_is_temp(i->dst) || i->dst.index != t)
			continue;
		uint32_t m, v;
		if (!const_pack(c, i, &m, &v) || (mask & m))
			return false;
		mask |= m;
		value |= v;
		defs++;
		last = i;
	}
	if (defs != c->def_count[t] || mask != 0xffffffffu || read_between(first, last, t))
		return false;
	struct qir_inst *imm = qir_inst_create(c, QIR_OP_LOAD_IMM, qir_reg(QIR_FILE_TEMP, t),
					       qir_reg(QIR_FILE_IMM, value), qir_null());
	if (!imm)
		return false;
	qir_inst_insert_before(b, last, imm);
	struct qir_inst *end = last->next;
	for (struct qir_inst *i = first, *next; i != end; i = next) {
		next = i->next;
		if (i != imm && qir_is_temp(i->dst) && i->dst.index == t)
			qir_inst_remove(c, b, i);
	}
	return true;
}

/* The pass: every temp written only by constant colour moves of one block.
 * True on progress. */
VC4_CODE_ALIGN(1024)
bool qir_opt_const_pack(struct qir_compile *c)
{
	bool progress = false;
	if (!qir_temp_defs(c))
		return false;
	struct qir_block *b;
	qir_foreach_block(c, b) {
		for (struct qir_inst *i = b->first, *next; i; i = next) {
			next = i->next;
			uint32_t m, v;
			if (!qir_is_temp(i->dst) || i->dst.index >= c->num_temps ||
			    !const_pack(c, i, &m, &v))
				continue;
			/* the first definition: none of t's earlier in the block */
			bool earlier = false;
			for (const struct qir_inst *p = b->first; p != i && !earlier; p = p->next)
				earlier = qir_is_temp(p->dst) && p->dst.index == i->dst.index;
			if (!earlier && fold_from(c, b, i)) {
				progress = true;
				next = b->first;   /* the list changed: walk again */
				qir_invalidate(c);
				if (!qir_temp_defs(c))
					return progress;
			}
		}
	}
	if (progress)
		qir_invalidate(c);
	return progress;
}
