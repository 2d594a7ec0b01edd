/*
 * qir_live.c: liveness of temps over the CFG.
 *
 * Per block, `use` = temps read before any full definition in the block,
 * `def` = temps fully defined: by an unconditional unpacked (or 32-bit
 * packed) write, or by unconditional packed writes that together cover all
 * four bytes before any read (e.g. .16a then .16b). A conditional write, or
 * packed writes that leave bytes unwritten, keep the old value: they count as
 * a read of it. live_in(b) = use(b) | (live_out(b) & ~def(b)), live_out(b) =
 * the union of live_in over the successors.
 *
 * Solved per temp by walking backwards from the blocks that use it (path
 * exploration): a temp live into b is live out of each predecessor p, and
 * live into p unless p defines it. Memory and time are O(I + B + P), P the
 * number of (block, temp) live-in/out pairs — no B x T bitsets, no fixpoint
 * sweeps. P is bounded: more than QIR_LIVE_MAX_PER_BLOCK live-in and as many
 * live-out pairs per block on average (plus one per temp) means far more
 * values live at block boundaries than the QPU has registers, and liveness
 * fails with a message naming the IR line of the block with the most
 * (register allocation could never succeed).
 *
 * Per-temp ranges are half-open ip intervals [start, end): start = first def
 * or the first ip of a block it is live into; end = last ip that reads it,
 * or one past a block it is live out of. A temp last read at ip k and one
 * defined at k may share a register; a temp written but never read has an
 * empty range (start >= end).
 *
 * One walk over the instructions numbers them and collects use/def and the
 * instruction part of the ranges; the walks backwards use the predecessors
 * copied into one array (CSR). qir_live_into_entry(), the validator's
 * question (is anything live into the entry block?), shares the local sets
 * and walks only from the uses of temps the entry block does not define,
 * stopping at the entry. The work arrays (not the results) stay in
 * c->live_scratch from one call to the next: the optimisation rounds ask
 * again and again for programs of about the same size.
 */
#include "qir/qir.h"

#include <stdlib.h>
#include <string.h>

#include "util/zalloc.h"
#include "util/zero.h"
#include "util/code_align.h"

/* The bytes of the destination a write of `inst` replaces: 0xf for an
 * unconditional full write, the packed field's bytes for an unconditional
 * packed write (from the pack's width and its name's a/b/c/d letter), 0 for
 * a conditional write (which must keep the old value where it is skipped). */
static unsigned written_bytes(const struct qir_inst *inst)
{
	if (inst->cond != QPU_COND_ALWAYS)
		return 0;
	if (!inst->pack)
		return 0xf;
	const struct qpu_pack_info *p = inst->pack_mul ?
		&qpu_packs_mul[inst->pack % QPU_PACK_MUL_COUNT] :
		&qpu_packs_a[inst->pack % QPU_PACK_A_COUNT];
	if (!p->name || p->bits == 32)
		return p->name ? 0xf : 0;
	const char *l = p->name;
	while (*l >= '0' && *l <= '9')
		l++;
	unsigned pos = (unsigned)(*l - 'a');
	if (pos > 3)
		return 0;
	return p->bits == 16 ? 0x3u << (2 * (pos & 1)) : 1u << pos;
}

/* Whether the temp written by `inst` (if any) is t < n: *t set. */
static bool temp_dst(const struct qir_inst *inst, uint32_t n, uint32_t *t)
{
	*t = inst->dst.index;
	return inst->dst.file == QIR_FILE_TEMP && *t < n;
}

/* A (block, temp) pair: a use or def of the temp in the block, or the temp
 * live into or out of it. */
struct live_pair {
	uint32_t block, temp;
};
typedef VC4_ARRAY(struct live_pair) live_pairs;
typedef VC4_ARRAY(uint32_t) block_stack;

/* Work arrays of one liveness computation. */
/* The solver's work arrays, kept from one computation to the next in
 * c->live_scratch (qir.h), so that the optimisation rounds do not allocate
 * them each time. */
struct qir_live_scratch {
	size_t cap_t, cap_b;      /* entries of the per-temp / per-block arrays */
	uint32_t *ustamp, *dstamp; /* per temp: block + 1 when in use(b) / def(b) */
	uint8_t *bytes;           /* per temp: bytes written by packed writes */
	uint32_t *touched;        /* temps with bytes != 0 */
	live_pairs uses, defs;    /* by block, then sorted by temp */
	uint32_t *ue_start, *def_start; /* per temp: CSR into uses / defs */
	uint32_t *inmark, *outmark, *defmark; /* per block: temp + 1 */
	size_t pred_cap;          /* entries of pred_list */
	live_pairs spare;         /* bucket()'s sorting buffer */
	uint32_t *pred_start, *pred_list; /* the CFG's predecessors, contiguous
					   * (CSR, same order as block->preds) */
	block_stack stack;
	uint32_t *in_count;       /* per block: live-in temps found */
};

struct live_work {
	struct qir_compile *c;
	struct qir_liveness *lv;
	struct qir_live_scratch a; /* the work arrays (kept between calls) */
	uint32_t stamp;           /* the current block + 1 (local sets) or temp + 1 */
	uint32_t ntouched;        /* entries of a.touched */
	live_pairs in, out;       /* live-in / live-out pairs, temps ascending */
	size_t limit;             /* most pairs allowed */
	bool over, oom;
};

static void push_pair(struct live_work *w, live_pairs *a, uint32_t block, uint32_t temp)
{
	struct live_pair p = { block, temp };
	if (a->len < a->cap)   /* the common case without a call */
		a->data[a->len++] = p;
	else if (!vc4_array_push(a, p))
		w->oom = true;
}

static void push_block(struct live_work *w, uint32_t b)
{
	if (w->a.stack.len < w->a.stack.cap)
		w->a.stack.data[w->a.stack.len++] = b;
	else if (!vc4_array_push(&w->a.stack, b))
		w->oom = true;
}

/* A read of temp t in the current block: upward exposed unless defined. */
static void note_read(struct live_work *w, uint32_t block, uint32_t t)
{
	if (w->a.dstamp[t] == w->stamp || w->a.ustamp[t] == w->stamp)
		return;
	w->a.ustamp[t] = w->stamp;
	push_pair(w, &w->a.uses, block, t);
}

static void note_def(struct live_work *w, uint32_t block, uint32_t t)
{
	w->a.dstamp[t] = w->stamp;
	push_pair(w, &w->a.defs, block, t);
}

/* Records a write of temp t. Packed writes accumulate in bytes[t]; once a
 * block's writes cover all four bytes before any read, the temp counts as
 * fully defined. */
static void note_write(struct live_work *w, const struct qir_inst *inst, uint32_t block,
		       uint32_t t)
{
	unsigned bytes = written_bytes(inst);
	if (w->a.dstamp[t] == w->stamp)
		return;
	if (bytes == 0xf)
		return note_def(w, block, t);
	if (!bytes)
		return note_read(w, block, t);  /* conditional: the old value survives */
	if (!w->a.bytes[t])
		w->a.touched[w->ntouched++] = t;
	w->a.bytes[t] |= (uint8_t)bytes;
	if (w->a.bytes[t] == 0xf)
		note_def(w, block, t);
}

/* Widens temp t's range to cover [start, end) (QIR_NONE: empty so far). */
static void extend(struct qir_liveness *lv, uint32_t t, uint32_t start, uint32_t end)
{
	if (lv->start[t] == QIR_NONE || start < lv->start[t])
		lv->start[t] = start;
	if (end > lv->end[t] || lv->end[t] == QIR_NONE)
		lv->end[t] = end;
}

/* One pass over a block: numbers its instructions from *ip, records its
 * first and end ip, use(b) and def(b) as pairs, and the ips where each temp
 * is mentioned (the instruction part of the ranges). */
VC4_CODE_ALIGN(2048)
static void local_sets(struct live_work *w, struct qir_block *b, uint32_t *ip)
{
	struct qir_inst *inst;
	struct qir_liveness *lv = w->lv;
	uint32_t n = lv->num_temps, t;
	w->stamp = b->index + 1;
	w->ntouched = 0;
	lv->block_start[b->index] = *ip;
	qir_foreach_inst(b, inst) {
		inst->ip = (*ip)++;
		for (int s = 0; s < QIR_MAX_SRC; s++) {
			struct qir_reg r = inst->src[s];
			if (r.file == QIR_FILE_TEMP && r.index < n) {
				note_read(w, b->index, r.index);
				extend(lv, r.index, inst->ip, inst->ip);
			}
		}
		if (temp_dst(inst, n, &t)) {
			note_write(w, inst, b->index, t);
			extend(lv, t, inst->ip, inst->ip);
		}
	}
	lv->block_end[b->index] = *ip;
	/* Packed writes that never completed a value merge into the old one. */
	for (uint32_t i = 0; i < w->ntouched; i++) {
		t = w->a.touched[i];
		if (w->a.dstamp[t] != w->stamp)
			note_read(w, b->index, t);
		w->a.bytes[t] = 0;
	}
}

/* Sorts pairs stably by temp into the CSR offset array `st` (n + 2
 * entries, n + 1 used), through w->a.spare (the pairs' old array becomes the
 * spare); false when out of memory. */
VC4_CODE_ALIGN(256)
static bool bucket(struct live_work *w, live_pairs *a, uint32_t n, uint32_t *st)
{
	vc4_zero_bytes(st, ((size_t)n + 2) * sizeof(uint32_t));
	w->a.spare.len = 0;
	if (!vc4_array_reserve(&w->a.spare, a->len ? a->len : 1))
		return false;
	struct live_pair *sorted = w->a.spare.data;
	for (size_t i = 0; i < a->len; i++)
		st[a->data[i].temp + 1]++;
	for (uint32_t k = 0; k < n; k++)
		st[k + 1] += st[k];
	for (size_t i = 0; i < a->len; i++)
		sorted[st[a->data[i].temp]++] = a->data[i];
	for (uint32_t k = n; k > 0; k--)  /* the loop above moved each start up */
		st[k] = st[k - 1];
	st[0] = 0;
	struct live_pair *old = a->data;
	size_t old_cap = a->cap;
	a->data = sorted;
	a->cap = w->a.spare.cap;
	w->a.spare.data = old;
	w->a.spare.cap = old_cap;
	return true;
}

/* Marks t live into block b (once) and queues b; false when over budget. */
static bool reach_in(struct live_work *w, uint32_t b, uint32_t t)
{
	if (w->a.inmark[b] == t + 1)
		return true;
	w->a.inmark[b] = t + 1;
	w->a.in_count[b]++;
	push_pair(w, &w->in, b, t);
	push_block(w, b);
	return w->in.len + w->out.len <= w->limit;
}

/* Walks backwards from the blocks using temp t to everywhere it is live. */
static bool explore_temp(struct live_work *w, uint32_t t)
{
	for (uint32_t i = w->a.def_start[t]; i < w->a.def_start[t + 1]; i++)
		w->a.defmark[w->a.defs.data[i].block] = t + 1;
	for (uint32_t i = w->a.ue_start[t]; i < w->a.ue_start[t + 1]; i++) {
		if (!reach_in(w, w->a.uses.data[i].block, t))
			return false;
	}
	while (w->a.stack.len && !w->oom) {
		uint32_t b = w->a.stack.data[--w->a.stack.len];
		for (uint32_t k = w->a.pred_start[b]; k < w->a.pred_start[b + 1]; k++) {
			uint32_t p = w->a.pred_list[k];
			if (w->a.outmark[p] == t + 1)
				continue;
			w->a.outmark[p] = t + 1;
			push_pair(w, &w->out, p, t);
			if (w->a.defmark[p] != t + 1 && !reach_in(w, p, t))
				return false;
		}
	}
	return !w->oom;
}

/* Per-temp [start, end): the instruction part (local_sets) widened by the
 * blocks each temp is live into or out of. */
static void ranges(struct qir_liveness *lv)
{
	for (uint32_t bi = 0; bi < lv->num_blocks; bi++) {
		uint32_t bs = lv->block_start[bi], be = lv->block_end[bi];
		for (uint32_t i = lv->in_start[bi]; i < lv->in_start[bi + 1]; i++)
			extend(lv, lv->in_temps[i], bs, bs);
		for (uint32_t i = lv->out_start[bi]; i < lv->out_start[bi + 1]; i++)
			extend(lv, lv->out_temps[i], be, be);
	}
}

/* The predecessor lists of block->preds (qir_cfg_update) in one array. */
static bool pred_csr(struct live_work *w)
{
	struct qir_compile *c = w->c;
	uint32_t nb = w->lv->num_blocks, np = 0;
	for (uint32_t b = 0; b < nb; b++)
		np += (uint32_t)c->blocks.data[b]->preds.len;
	if (np > w->a.pred_cap || !w->a.pred_list) {
		free(w->a.pred_list);
		w->a.pred_cap = np ? np : 1;
		w->a.pred_list = malloc(w->a.pred_cap * sizeof(uint32_t));
	}
	if (!w->a.pred_start || !w->a.pred_list)
		return false;
	np = 0;
	for (uint32_t b = 0; b < nb; b++) {
		const struct qir_block *blk = c->blocks.data[b];
		w->a.pred_start[b] = np;
		if (blk->preds.len)
			memcpy(w->a.pred_list + np, blk->preds.data, blk->preds.len * sizeof(uint32_t));
		np += (uint32_t)blk->preds.len;
	}
	w->a.pred_start[nb] = np;
	return true;
}

/* Frees the arrays of a. */
static void scratch_arrays_free(struct qir_live_scratch *a)
{
	free(a->ustamp);
	free(a->dstamp);
	free(a->bytes);
	free(a->touched);
	free(a->inmark);
	free(a->outmark);
	free(a->defmark);
	free(a->in_count);
	free(a->ue_start);
	free(a->def_start);
	free(a->pred_start);
	free(a->pred_list);
	vc4_array_free(&a->uses);
	vc4_array_free(&a->defs);
	vc4_array_free(&a->spare);
	vc4_array_free(&a->stack);
}

/* Whether every fixed array of a was allocated. */
static bool scratch_complete(const struct qir_live_scratch *a)
{
	return a->ustamp && a->dstamp && a->touched && a->inmark && a->outmark && a->defmark &&
	       a->in_count && a->bytes && a->ue_start && a->def_start && a->pred_start &&
	       a->pred_list;
}

/* Takes c's kept arrays into w when they hold nt temps and nb blocks, zeroed
 * (uses, defs and the stack empty); false when there are none that large. */
static bool scratch_take(struct live_work *w, size_t nt, size_t nb)
{
	struct qir_live_scratch *k = w->c->live_scratch;
	if (!k || k->cap_t < nt || k->cap_b < nb)
		return false;
	w->a = *k;
	free(k);
	w->c->live_scratch = NULL;
	w->a.uses.len = w->a.defs.len = w->a.spare.len = w->a.stack.len = 0;
	memset(w->a.ustamp, 0, nt * sizeof(uint32_t));
	memset(w->a.dstamp, 0, nt * sizeof(uint32_t));
	memset(w->a.bytes, 0, nt);
	memset(w->a.inmark, 0, nb * sizeof(uint32_t));
	memset(w->a.outmark, 0, nb * sizeof(uint32_t));
	memset(w->a.defmark, 0, nb * sizeof(uint32_t));
	memset(w->a.in_count, 0, nb * sizeof(uint32_t));
	return true;
}

/* Gives w's arrays to c->live_scratch (freeing what was kept before), or
 * frees them when some are missing or the holder cannot be allocated. */
static void scratch_keep(struct live_work *w)
{
	qir_live_scratch_free(w->c);
	struct qir_live_scratch *k = scratch_complete(&w->a) ? malloc(sizeof(*k)) : NULL;
	if (!k) {
		scratch_arrays_free(&w->a);
		return;
	}
	*k = w->a;
	w->c->live_scratch = k;
}

void qir_live_scratch_free(struct qir_compile *c)
{
	if (!c->live_scratch)
		return;
	scratch_arrays_free(c->live_scratch);
	free(c->live_scratch);
	c->live_scratch = NULL;
}

/* Allocates the per-temp and per-block work arrays (kept ones when large
 * enough) and the result's ranges; false on OOM. */
VC4_CODE_ALIGN(1024)
static bool work_alloc(struct live_work *w)
{
	size_t nt = (size_t)w->lv->num_temps + 1, nb = (size_t)w->lv->num_blocks + 1;
	if (!scratch_take(w, nt, nb)) {
		qir_live_scratch_free(w->c);
		w->a.cap_t = nt;
		w->a.cap_b = nb;
		w->a.ustamp = vc4_calloc(nt, sizeof(uint32_t));
		w->a.dstamp = vc4_calloc(nt, sizeof(uint32_t));
		w->a.bytes = vc4_calloc(nt, 1);
		w->a.touched = vc4_calloc(nt, sizeof(uint32_t));
		w->a.inmark = vc4_calloc(nb, sizeof(uint32_t));
		w->a.outmark = vc4_calloc(nb, sizeof(uint32_t));
		w->a.defmark = vc4_calloc(nb, sizeof(uint32_t));
		w->a.in_count = vc4_calloc(nb, sizeof(uint32_t));
		w->a.ue_start = malloc((nt + 1) * sizeof(uint32_t));
		w->a.def_start = malloc((nt + 1) * sizeof(uint32_t));
		w->a.pred_start = malloc(nb * sizeof(uint32_t));
	}
	struct qir_liveness *lv = w->lv;
	/* start, end, block_start and block_end in one allocation (freed
	 * through start) */
	lv->start = vc4_calloc(2 * nt + 2 * nb, sizeof(uint32_t));
	lv->end = lv->start ? lv->start + nt : NULL;
	lv->block_start = lv->start ? lv->start + 2 * nt : NULL;
	lv->block_end = lv->start ? lv->start + 2 * nt + nb : NULL;
	if (lv->start && lv->end)
		for (uint32_t t = 0; t < lv->num_temps; t++)
			lv->start[t] = lv->end[t] = QIR_NONE;
	return w->a.ustamp && w->a.dstamp && w->a.bytes && w->a.touched && w->a.inmark && w->a.outmark &&
	       w->a.defmark && w->a.in_count && w->a.ue_start && w->a.def_start && lv->start &&
	       lv->end && lv->block_start && lv->block_end && pred_csr(w);
}

/* Frees the solver's work state, keeping the reusable arrays in
 * c->live_scratch. */
static void work_free(struct live_work *w)
{
	scratch_keep(w);
	vc4_array_free(&w->in);
	vc4_array_free(&w->out);
}

/* The temps of pairs `a`, stably sorted by block, into a CSR list: temps
 * of block b are (*temps)[(*start)[b] .. (*start)[b + 1]). Frees the pairs.
 * False when out of memory. */
static bool block_lists(live_pairs *a, uint32_t nblocks, uint32_t **start, uint32_t **temps)
{
	uint32_t *st = vc4_calloc((size_t)nblocks + 2, sizeof(uint32_t));
	uint32_t *t = malloc((a->len ? a->len : 1) * sizeof(uint32_t));
	if (!st || !t) {
		free(st);
		free(t);
		return false;
	}
	for (size_t i = 0; i < a->len; i++)
		st[a->data[i].block + 1]++;
	for (uint32_t k = 0; k < nblocks; k++)
		st[k + 1] += st[k];
	for (size_t i = 0; i < a->len; i++)
		t[st[a->data[i].block]++] = a->data[i].temp;
	for (uint32_t k = nblocks; k > 0; k--)  /* the loop above moved each start up */
		st[k] = st[k - 1];
	st[0] = 0;
	vc4_array_free(a);
	*start = st;
	*temps = t;
	return true;
}

/* The message when the pairs pass the limit: the block with the most
 * live-in temps found, at its IR line. */
static bool over_limit(struct live_work *w, struct vc4_diag *diag)
{
	uint32_t best = 0;
	for (uint32_t b = 1; b < w->lv->num_blocks; b++)
		best = w->a.in_count[b] > w->a.in_count[best] ? b : best;
	char where[160];
	qir_describe_ip(w->c, w->lv->block_start[best], where, sizeof(where));
	return vc4_diag_set(diag, "%sregister allocation failed: at least %u values live here, "
			    "far more than the QPU's registers (liveness stops at %u values live "
			    "per block on average)", where, w->a.in_count[best],
			    QIR_LIVE_MAX_PER_BLOCK);
}

/* Local sets, path exploration and the block-sorted live-in/out lists. */
static bool solve(struct live_work *w, struct vc4_diag *diag)
{
	struct qir_liveness *lv = w->lv;
	struct qir_block *b;
	uint32_t ip = 0;
	qir_foreach_block(w->c, b)
		local_sets(w, b, &ip);
	lv->num_insts = ip;
	if (w->oom || !bucket(w, &w->a.uses, lv->num_temps, w->a.ue_start) ||
	    !bucket(w, &w->a.defs, lv->num_temps, w->a.def_start))
		return w->oom = true, vc4_diag_set(diag, "out of memory");
	for (uint32_t t = 0; t < lv->num_temps; t++) {
		if (!explore_temp(w, t))
			return w->oom ? vc4_diag_set(diag, "out of memory") : over_limit(w, diag);
	}
	if (!block_lists(&w->in, lv->num_blocks, &lv->in_start, &lv->in_temps) ||
	    !block_lists(&w->out, lv->num_blocks, &lv->out_start, &lv->out_temps))
		return w->oom = true, vc4_diag_set(diag, "out of memory");
	return true;
}

/* The live-in/out temps of every block and each temp's [start, end) ip range
 * into lv (qir.h); numbers the instructions and updates the CFG. False with
 * diag when out of memory, on a CFG error, or past the live-pair limit. */
VC4_CODE_ALIGN(2048)
bool qir_liveness(struct qir_compile *c, struct qir_liveness *lv, struct vc4_diag *diag)
{
	VC4_ZERO(lv);
	if (!qir_cfg_update(c, diag))
		return false;
	lv->num_temps = c->num_temps;
	lv->num_blocks = (uint32_t)c->blocks.len;
	struct live_work w = { .c = c, .lv = lv };
	w.limit = (size_t)QIR_LIVE_MAX_PER_BLOCK * 2 * lv->num_blocks + lv->num_temps;
	bool ok = work_alloc(&w);
	if (!ok)
		w.oom = true, vc4_diag_set(diag, "out of memory");
	ok = ok && solve(&w, diag);
	if (ok)
		ranges(lv);
	if (w.oom)
		c->oom = true;
	work_free(&w);
	if (!ok)
		qir_liveness_free(lv);
	return ok;
}

/* Whether temp t is live into the entry block: a walk backwards from its
 * upward-exposed uses through blocks that do not define it, stopped as soon
 * as it reaches the entry. */
static bool reaches_entry(struct live_work *w, uint32_t t)
{
	for (uint32_t i = w->a.def_start[t]; i < w->a.def_start[t + 1]; i++)
		w->a.defmark[w->a.defs.data[i].block] = t + 1;
	w->a.stack.len = 0;
	for (uint32_t i = w->a.ue_start[t]; i < w->a.ue_start[t + 1]; i++) {
		uint32_t b = w->a.uses.data[i].block;
		if (b == 0)
			return true;
		if (w->a.inmark[b] != t + 1) {
			w->a.inmark[b] = t + 1;
			push_block(w, b);
		}
	}
	while (w->a.stack.len && !w->oom) {
		uint32_t b = w->a.stack.data[--w->a.stack.len];
		for (uint32_t k = w->a.pred_start[b]; k < w->a.pred_start[b + 1]; k++) {
			uint32_t p = w->a.pred_list[k];
			if (w->a.defmark[p] == t + 1 || w->a.inmark[p] == t + 1)
				continue;
			if (p == 0)
				return true;
			w->a.inmark[p] = t + 1;
			push_block(w, p);
		}
	}
	return false;
}

/* The lowest temp live into the entry block into *temp (QIR_NONE: none),
 * solving only for the temps the entry block does not define (qir.h). False
 * with diag when out of memory or on a CFG error. */
bool qir_live_into_entry(struct qir_compile *c, uint32_t *temp, struct vc4_diag *diag)
{
	struct qir_liveness lv = {0};
	*temp = QIR_NONE;
	if (!qir_cfg_update(c, diag))
		return false;
	lv.num_temps = c->num_temps;
	lv.num_blocks = (uint32_t)c->blocks.len;
	struct live_work w = { .c = c, .lv = &lv };
	bool ok = work_alloc(&w);
	struct qir_block *b;
	uint32_t ip = 0;
	if (ok) {
		qir_foreach_block(c, b)
			local_sets(&w, b, &ip);
	}
	ok = ok && !w.oom && bucket(&w, &w.a.uses, lv.num_temps, w.a.ue_start) &&
	     bucket(&w, &w.a.defs, lv.num_temps, w.a.def_start);
	for (uint32_t t = 0; ok && t < lv.num_temps && !w.oom; t++) {
		if (w.a.ue_start[t] < w.a.ue_start[t + 1] && reaches_entry(&w, t)) {
			*temp = t;
			break;
		}
	}
	ok = ok && !w.oom;
	work_free(&w);
	qir_liveness_free(&lv);
	if (!ok) {
		c->oom = true;
		return vc4_diag_set(diag, "out of memory");
	}
	return true;
}

/* Whether temp t is in the ascending list [list + lo, list + hi). */
static bool list_has(const uint32_t *list, uint32_t lo, uint32_t hi, uint32_t t)
{
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (list[mid] == t)
			return true;
		if (list[mid] < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

bool qir_live_in(const struct qir_liveness *lv, uint32_t block, uint32_t t)
{
	return list_has(lv->in_temps, lv->in_start[block], lv->in_start[block + 1], t);
}

bool qir_live_out(const struct qir_liveness *lv, uint32_t block, uint32_t t)
{
	return list_has(lv->out_temps, lv->out_start[block], lv->out_start[block + 1], t);
}

/* Frees lv's arrays and zeroes it. */
void qir_liveness_free(struct qir_liveness *lv)
{
	/* called again on freed and never computed ones: no free(NULL) calls */
	if (lv->start || lv->in_start || lv->in_temps || lv->out_start || lv->out_temps) {
		free(lv->in_start);
		free(lv->in_temps);
		free(lv->out_start);
		free(lv->out_temps);
		free(lv->start);   /* end, block_start and block_end share it */
	}
	VC4_ZERO(lv);
}
