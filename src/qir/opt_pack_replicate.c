/*
 * opt_pack_replicate.c: one replicating colour pack for bytes that share a
 * value. A run of MUL-pack moves writing all four bytes of one temp
 * (`mmov t.8ac, a; mmov t.8bc, a; mmov t.8cc, a; mmov t.8dc, 1.0`, the
 * lowering's colour word of a grey `vec4(vec3(l), 1.0)`) where one source
 * feeds two or more bytes becomes `mmov t.8888c, a` (the MUL pack converts
 * once and writes the byte to all four) followed by the moves of the other
 * bytes: 4 -> 2 instructions for a grey colour, 4 -> 3 when two bytes
 * agree. The run must lie in one block with no other read or write of the
 * temp between its moves, and the shared source must hold the same value at
 * the first move of the run as at its own moves. Part of
 * qir_opt_fold_packs() (qir.h), before the folds, so that the replicating
 * move can still fold into the fmul that made its value.
 */
#include "qir/opt_pack_replicate.h"

/* The byte (0-3) x writes as a plain colour pack move of temp t, else -1. */
static int pack_byte(const struct qir_inst *x)
{
	if (x->op != QIR_OP_MMOV || !x->pack_mul || x->sf || x->cond != QPU_COND_ALWAYS ||
	    x->dst.file != QIR_FILE_TEMP || x->pack < QPU_PACK_MUL_8A || x->pack > QPU_PACK_MUL_8D)
		return -1;
	return x->pack - QPU_PACK_MUL_8A;
}

static bool reads_temp(const struct qir_inst *x, uint32_t t)
{
	for (int s = 0; s < QIR_MAX_SRC; s++)
		if (qir_is_temp(x->src[s]) && x->src[s].index == t)
			return true;
	return false;
}

/* Collects the run of byte moves of first's temp from `first` on: false
 * unless it writes all four bytes, each once, with nothing else touching
 * the temp in between. */
static bool collect_run(struct qir_inst *first, struct qir_inst *run[4])
{
	uint32_t t = first->dst.index, bytes = 0;
	int n = 0;
	for (struct qir_inst *x = first; x && n < 4; x = x->next) {
		int byte = pack_byte(x);
		bool writes_t = x->dst.file == QIR_FILE_TEMP && x->dst.index == t;
		if (byte >= 0 && writes_t && !(bytes & (1u << byte)) && !reads_temp(x, t)) {
			bytes |= 1u << byte;
			run[n++] = x;
		} else if (writes_t || reads_temp(x, t)) {
			return false;
		}
	}
	return n == 4;
}

/* Whether temp source s is written between `from` (inclusive) and `to`. */
static bool written_between(struct qir_reg s, const struct qir_inst *from,
			    const struct qir_inst *to)
{
	if (!qir_is_temp(s))
		return false;
	for (const struct qir_inst *x = from; x && x != to; x = x->next)
		if (x->dst.file == QIR_FILE_TEMP && x->dst.index == s.index)
			return true;
	return false;
}

/* Rewrites the run starting at `first` when a source feeds two bytes. */
static bool replicate(struct qir_compile *c, struct qir_block *b, struct qir_inst *first)
{
	struct qir_inst *run[4];
	if (!collect_run(first, run))
		return false;
	int best = -1, best_n = 1;
	for (int i = 0; i < 4; i++) {
		int n = 0;
		for (int j = 0; j < 4; j++)
			n += qir_reg_equal(run[i]->src[0], run[j]->src[0]);
		if (n > best_n)
			best = i, best_n = n;
	}
	struct qir_reg s = best < 0 ? (struct qir_reg){0} : run[best]->src[0];
	if (best < 0 || written_between(s, first, run[best]))
		return false;
	struct qir_inst *rep = qir_inst_create(c, QIR_OP_MMOV, first->dst, s, qir_null());
	if (!rep)
		return false;
	rep->pack = QPU_PACK_MUL_8888;
	rep->pack_mul = true;
	rep->line = first->line;
	qir_inst_insert_before(b, first, rep);
	for (int i = 0; i < 4; i++)
		if (qir_reg_equal(run[i]->src[0], s))
			qir_inst_remove(c, b, run[i]);
	return true;
}

bool qir_opt_pack_replicate(struct qir_compile *c)
{
	bool progress = false;
	struct qir_block *b;
	qir_foreach_block(c, b) {
		for (struct qir_inst *x = b->first, *next; x; x = next) {
			next = x->next;
			if (pack_byte(x) >= 0 && replicate(c, b, x)) {
				progress = true;
				next = b->first;   /* the run's moves may have gone: start the block again */
			}
		}
	}
	if (progress)
		qir_invalidate(c);
	return progress;
}
