/*
 * opt_vpm_order.c: the attribute word whose reciprocal a VS takes is read
 * first. A passthrough position's w is the last of its run of VPM words
 * (x, y, z, w), so its read, and with it the SFU reciprocal the whole
 * viewport transform waits for, came three pops after the first. Now: a
 * read setup of one word at w's row, the read, then the setup of the
 * rest: one instruction more (a setup beside no VPM data), but the chain
 * starts three earlier (`gl_Position = piglit_vertex` VS 20 -> 18, Mesa's
 * 21). Run by the compile driver after qir_optimize(), while the setups
 * are still load-immediates (qir_opt_imm_movs() then turns them into moves
 * of constant uniforms). Only in a VS of one block (behind a loop the
 * reciprocal's readers wait anyway: two looping VS one longer when it
 * ran there) and not in a CS (it writes x, y, z, w raw first, which keeps
 * the VPM busy: vs-billboard CS 79 -> 80, none shorter); only for a run of
 * two or more words under one setup whose last word is the reciprocal's
 * operand, copied into a temp. The other reads keep their order; every
 * VPM write comes after the reads (no row is written before it is read).
 * Before that, in a VS or CS of one block, the words that direct reads'
 * addresses are computed from (a skinning shader's bone indices) are read
 * first (address_words_first()): the TMU requests, which the rest of the
 * program waits for, start that much earlier (skin-4bones VS 232 -> 230,
 * CS 221 -> 216, skin-dualbone VS 192 -> 188, CS 128 -> 124).
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "qpu/qpu_vpm.h"
#include "util/zalloc.h"

static bool is_read_setup(const struct qir_inst *i)
{
	return i->op == QIR_OP_LOAD_IMM && i->dst.file == QIR_FILE_SPECIAL &&
	       i->dst.index == QIR_SPECIAL_VPM_READ_SETUP && i->cond == QPU_COND_ALWAYS;
}

/* The copy `mov t, vpmK` that temp t's only definition is, or NULL. */
static struct qir_inst *vpm_copy(const struct qir_compile *c, struct qir_reg r)
{
	if (r.file != QIR_FILE_TEMP || r.unpack)
		return NULL;
	struct qir_inst *d = qir_temp_def(c, r.index);
	if (!d || d->op != QIR_OP_MOV || d->cond != QPU_COND_ALWAYS || d->pack || d->sf ||
	    d->src[0].file != QIR_FILE_VPM || d->src[0].unpack)
		return NULL;
	return d;
}

/* In block b: the read setup whose run ends with copy m, its last read;
 * NULL when m is not the last of a run of two or more words. */
static struct qir_inst *run_setup(struct qir_block *b, const struct qir_inst *m)
{
	struct qir_inst *setup = NULL, *last = NULL;
	unsigned count = 0;
	for (struct qir_inst *i = b->first; i; i = i->next) {
		if (is_read_setup(i)) {
			if (last == m)
				break;
			setup = i, count = 0, last = NULL;
		} else if (qir_ops[i->op].nsrc && i->src[0].file == QIR_FILE_VPM) {
			count++;
			last = i;
		} else if (qir_ops[i->op].nsrc > 1 && i->src[1].file == QIR_FILE_VPM) {
			return NULL;   /* a read in another slot: leave the order alone */
		}
	}
	if (!setup || last != m || count < 2)
		return NULL;
	uint32_t v = setup->src[0].index;
	unsigned n = qpu_vpm_count(v);
	unsigned first = qpu_vpm_field(v, QPU_VPM_ADDR_SHIFT, QPU_VPM_ADDR_BITS);
	if (n != count || m->src[0].index != first + count - 1)
		return NULL;
	return setup;
}

/* Reads copy m first under a setup of its own, the rest of its run after
 * a second setup; false when out of memory. */
static bool reorder(struct qir_compile *c, struct qir_block *b, struct qir_inst *setup,
		    struct qir_inst *m)
{
	uint32_t v = setup->src[0].index;
	struct qir_inst *rest = qir_inst_create(c, QIR_OP_LOAD_IMM, setup->dst,
						qir_reg(QIR_FILE_IMM,
							qpu_vpm_with_count(v, qpu_vpm_count(v) - 1)),
						qir_null());
	if (!rest)
		return false;
	setup->src[0].index = qpu_vpm_with_count(qpu_vpm_with_addr(v, m->src[0].index), 1);
	qir_inst_unlink(b, m);
	qir_inst_insert_before(b, setup->next, m);
	qir_inst_insert_before(b, m->next, rest);
	return true;
}

/* Marks in `mark` the temps that temp t is computed from, t included
 * (through every operand of their definitions), with `stack` (num_temps
 * entries) as the work list. */
static void mark_inputs(const struct qir_compile *c, uint8_t *mark, uint32_t *stack, uint32_t t)
{
	uint32_t sp = 0;
	if (t < c->num_temps && !mark[t])
		mark[t] = 1, stack[sp++] = t;
	while (sp) {
		const struct qir_inst *d = qir_temp_def(c, stack[--sp]);
		for (int s = 0; d && s < qir_ops[d->op].nsrc; s++) {
			uint32_t u = d->src[s].index;
			if (d->src[s].file == QIR_FILE_TEMP && u < c->num_temps && !mark[u])
				mark[u] = 1, stack[sp++] = u;
		}
	}
}

/* The read setup of block b whose run holds VPM copy m, or NULL. */
static struct qir_inst *setup_of(struct qir_block *b, const struct qir_inst *m)
{
	struct qir_inst *setup = NULL;
	for (struct qir_inst *i = b->first; i; i = i->next) {
		if (is_read_setup(i))
			setup = i;
		if (i == m)
			return setup;
	}
	return NULL;
}

/* The VPM words a direct read's address is computed from (a skinning
 * VS's bone indices, after the position, normal and texture coordinates)
 * are read first, under a setup of their own at the top of the block, so
 * that the TMU requests, which the rest waits for, start a few
 * instructions earlier; the run they came from keeps its other words
 * under one or two setups. Only when those words are copies into temps
 * (qir_opt_vpm_reads() has not folded them yet), contiguous and inside
 * one run; false when nothing changed or out of memory (c->oom). */
static bool address_words_first(struct qir_compile *c, struct qir_block *b)
{
	uint8_t *mark = vc4_calloc(c->num_temps + 1, 1);
	uint32_t *stack = malloc((c->num_temps + 1) * sizeof(uint32_t));
	if (!mark || !stack) {
		free(mark);
		free(stack);
		c->oom = true;
		return false;
	}
	bool any = false;
	for (struct qir_inst *i = b->first; i; i = i->next)
		if (i->op == QIR_OP_TEX_DIRECT && i->src[0].file == QIR_FILE_TEMP) {
			mark_inputs(c, mark, stack, i->src[0].index);
			any = true;
		}
	free(stack);
	struct qir_inst *first = NULL, *last = NULL, *setup = NULL;
	unsigned n = 0;
	for (struct qir_inst *i = b->first; any && i; i = i->next) {
		if (!(qir_ops[i->op].nsrc && i->src[0].file == QIR_FILE_VPM))
			continue;
		bool addr = i->op == QIR_OP_MOV && i->dst.file == QIR_FILE_TEMP &&
			    i->dst.index < c->num_temps && mark[i->dst.index] &&
			    qir_temp_def(c, i->dst.index) == i && i->cond == QPU_COND_ALWAYS && !i->pack && !i->sf && !i->src[0].unpack;
		if (!addr)
			continue;
		struct qir_inst *su = setup_of(b, i);
		if (!su || (setup && su != setup) ||
		    (last && i->src[0].index != last->src[0].index + 1)) {
			any = false;   /* not one contiguous run under one setup */
			break;
		}
		setup = su;
		if (!first)
			first = i;
		last = i;
		n++;
	}
	free(mark);
	if (!any || !n)
		return false;
	uint32_t v = setup->src[0].index;
	unsigned s0 = qpu_vpm_field(v, QPU_VPM_ADDR_SHIFT, QPU_VPM_ADDR_BITS);
	unsigned cnt = qpu_vpm_count(v), a = first->src[0].index;
	if (setup == b->first && a == s0)
		return false;   /* already first */
	/* the words after the address run: a setup of their own before them */
	struct qir_inst *after = NULL;
	if (a + n < s0 + cnt) {
		after = qir_inst_create(c, QIR_OP_LOAD_IMM, setup->dst,
					qir_reg(QIR_FILE_IMM, qpu_vpm_with_count(
						qpu_vpm_with_addr(v, a + n), s0 + cnt - a - n)),
					qir_null());
		if (!after)
			return false;
		qir_inst_insert_before(b, last->next, after);
	}
	struct qir_inst *top = qir_inst_create(c, QIR_OP_LOAD_IMM, setup->dst,
					       qir_reg(QIR_FILE_IMM, qpu_vpm_with_count(
						       qpu_vpm_with_addr(v, a), n)), qir_null());
	if (!top)
		return false;
	if (a > s0)
		setup->src[0].index = qpu_vpm_with_count(v, a - s0);
	else
		qir_inst_remove(c, b, setup);   /* the run began with the address words */
	struct qir_inst *at = b->first;
	qir_inst_insert_before(b, at, top);
	for (struct qir_inst *i = first, *next; n; i = next, n--) {
		next = i->next;
		while (next && !(qir_ops[next->op].nsrc && next->src[0].file == QIR_FILE_VPM))
			next = next->next;
		qir_inst_unlink(b, i);
		qir_inst_insert_before(b, at, i);
	}
	return true;
}

/* The reciprocal's word first (file comment); true when it moved. */
static bool rcp_word_first(struct qir_compile *c)
{
	if (c->stage != QIR_STAGE_VERTEX || c->blocks.len != 1 || !qir_temp_defs(c))
		return false;
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			if (inst->op != QIR_OP_RCP)
				continue;
			struct qir_inst *m = vpm_copy(c, inst->src[0]);
			if (!m)
				continue;
			struct qir_block *mb;
			struct qir_inst *setup = NULL;
			qir_foreach_block(c, mb) {
				if (!setup)
					setup = run_setup(mb, m);
				if (setup) {
					bool ok = reorder(c, mb, setup, m);
					qir_invalidate(c);
					return ok;
				}
			}
		}
	}
	return false;
}

bool qir_opt_vpm_order(struct qir_compile *c)
{
	bool moved = false;
	if (c->stage != QIR_STAGE_FRAGMENT && c->blocks.len == 1 && qir_temp_defs(c) &&
	    address_words_first(c, c->blocks.data[0])) {
		qir_invalidate(c);
		moved = true;
	}
	if (c->oom)
		return false;
	return rcp_word_first(c) || moved;
}
