/*
 * opt_cse.c: common subexpression elimination over the dominator tree. An
 * instruction computing the same op on the same operands (same unpacks and
 * pack; commutative operands in either order) as one earlier in its block
 * or in a dominating block becomes `mov dst, earlier_dst`; copy
 * propagation and DCE then remove it. Only pure, unconditional, flag-less
 * instructions with a single-definition temp destination and operands that
 * cannot change (single-definition temps, uniforms, immediates) take part,
 * so the earlier value is valid wherever it dominates; SFU ops are included
 * (an SFU round trip saved). A chained hash table scoped to each subtree of
 * the dominator walk makes it O(n). Not handled: special-register reads,
 * anything with side effects, partially redundant expressions, and plain
 * copies (mov/mmov: copy propagation's job — CSE would turn `mov t, 0` into
 * `mov t, t_earlier`, which propagation turns back).
 *
 * Run again by the pass driver with every change since its last run
 * logged (QIR_TRACK_SINCE, qir_inline.h), it narrows the walk. After a
 * run no two candidates with equal keys reach each other (every repeat
 * became a mov), and the passes that log create, move and branch nothing:
 * so a new pair needs a changed candidate — changed itself, or a temp it
 * reads or writes changed definitions (its candidacy). Its partner has
 * the same op and, in either order, the same operands, so the walk takes
 * only the instructions whose op and first operand are in a bitmap of the
 * changed candidates' (op, operand) pairs, and none at all when no
 * candidate changed. The others cannot match anything; the result is that
 * of the full walk.
 */
#include "qir/qir.h"

#include <stdlib.h>

#include "util/arena.h"
#include "util/code_align.h"
#include "util/zero.h"

struct key {
	uint16_t op;
	uint8_t pack;
	bool pack_mul;
	struct qir_reg src[2];
};

static bool reg_less(struct qir_reg a, struct qir_reg b)
{
	if (a.file != b.file)
		return a.file < b.file;
	if (a.index != b.index)
		return a.index < b.index;
	return a.unpack < b.unpack;
}

/* Builds the canonical key of inst (commutative operands sorted). */
static inline struct key make_key(const struct qir_inst *inst)
{
	struct key k = { inst->op, inst->pack, inst->pack_mul, { inst->src[0], inst->src[1] } };
	if ((qir_ops[inst->op].flags & QIR_OPF_COMMUTATIVE) && reg_less(k.src[1], k.src[0])) {
		k.src[0] = inst->src[1];
		k.src[1] = inst->src[0];
	}
	return k;
}

static bool key_equal(const struct key *a, const struct key *b)
{
	return a->op == b->op && a->pack == b->pack && a->pack_mul == b->pack_mul &&
	       qir_reg_equal(a->src[0], b->src[0]) && qir_reg_equal(a->src[1], b->src[1]);
}

static uint32_t key_hash(const struct key *k)
{
	uint32_t h = 2166136261u;
	uint32_t w[8] = { k->op, k->pack | (uint32_t)k->pack_mul << 8,
			  k->src[0].file | (uint32_t)k->src[0].unpack << 8, k->src[0].index,
			  k->src[1].file | (uint32_t)k->src[1].unpack << 8, k->src[1].index, 0, 0 };
	for (int i = 0; i < 6; i++)
		h = (h ^ w[i]) * 16777619u;
	return h;
}

/* Whether inst may be looked up / recorded. Inline in cse_block()'s loop
 * (a call per instruction costs more than the tests). */
static inline __attribute__((always_inline)) bool candidate(const struct qir_compile *c, const struct qir_inst *inst)
{
	const struct qir_op_info *info = &qir_ops[inst->op];
	if (inst->op == QIR_OP_MOV || inst->op == QIR_OP_MMOV)
		return false;    /* copies are copy propagation's (it would undo us) */
	/* with a temp destination, qir_inst_has_side_effects() is the op's flag
	 * or a FIFO-popping source: tested here without the call */
	if (info->ndst != 1 || inst->cond != QPU_COND_ALWAYS || inst->sf ||
	    inst->op == QIR_OP_UNDEF || (info->flags & (QIR_OPF_PAYLOAD | QIR_OPF_SIDE_EFFECTS)) ||
	    inst->dst.file != QIR_FILE_TEMP || qir_temp_def(c, inst->dst.index) != inst)
		return false;
	for (int s = 0; s < QIR_MAX_SRC; s++)
		if (inst->src[s].file == QIR_FILE_VARY || inst->src[s].file == QIR_FILE_VPM)
			return false;
	for (int s = 0; s < info->nsrc; s++) {
		struct qir_reg r = inst->src[s];
		if (r.file == QIR_FILE_SPECIAL ||
		    (r.file == QIR_FILE_TEMP && !qir_temp_def(c, r.index)))
			return false;
	}
	return true;
}

/* A scoped hash table: buckets of chained entries; entries are pushed and
 * popped in stack order, so leaving a dominator-tree node undoes exactly its
 * insertions. */
struct table {
	uint32_t *head;              /* per bucket: top entry or QIR_NONE */
	uint32_t mask;               /* buckets - 1 */
	struct entry { struct qir_inst *inst; uint32_t next, hash; } *e; /* the full hash
				      * rejects most other keys without reading their inst */
	uint32_t len;
};

/* Looks inst (its key k, k's hash `hash`) up; records it when absent.
 * Returns the earlier instruction. */
static struct qir_inst *lookup_or_add(struct table *t, struct qir_inst *inst,
				      const struct key *k, uint32_t hash)
{
	uint32_t bucket = hash & t->mask;
	for (uint32_t i = t->head[bucket]; i != QIR_NONE; i = t->e[i].next) {
		if (t->e[i].hash != hash)
			continue;
		struct key o = make_key(t->e[i].inst);
		if (key_equal(k, &o))
			return t->e[i].inst;
	}
	t->e[t->len] = (struct entry){ inst, t->head[bucket], hash };
	t->head[bucket] = t->len++;
	return NULL;
}

/* Drops the entries above `mark`. */
static void pop_to(struct table *t, uint32_t mark)
{
	while (t->len > mark) {
		const struct entry *e = &t->e[--t->len];
		t->head[e->hash & t->mask] = e->next;
	}
}

/* How many instructions ahead cse_block() hashes and fetches the bucket
 * when the table has at least FAR_BUCKETS (1 MiB, more than a core's
 * cache): there every lookup would wait for memory (issue 10's growth). A
 * smaller table stays in the caches, and hashing the instructions that are
 * no candidates would cost more than it saves. */
#define AHEAD 16
#define FAR_BUCKETS (1u << 18)

static uint32_t inst_hash(const struct qir_inst *inst)
{
	struct key k = make_key(inst);
	return key_hash(&k);
}

/* The hash of inst, its bucket fetched; 0 for an instruction that
 * candidate() surely rejects (a subset of its tests: no hash is needed). */
static uint32_t fetch_ahead(const struct table *t, const struct qir_inst *inst)
{
	if (inst->dst.file != QIR_FILE_TEMP || inst->cond != QPU_COND_ALWAYS || inst->sf ||
	    inst->op == QIR_OP_MOV || inst->op == QIR_OP_MMOV)
		return 0;
	uint32_t hash = inst_hash(inst);
	__builtin_prefetch(&t->head[hash & t->mask]);
	return hash;
}

/* The (op, operand) pairs of the changed candidates (file header), as
 * bits of a hash; a false positive only costs a lookup. */
#define FILTER_BITS 1024u
struct filter {
	uint32_t w[FILTER_BITS / 32];
};

static inline uint32_t filter_bit(uint32_t op, struct qir_reg r)
{
	uint32_t h = (op * 0x9e3779b1u) ^ ((uint32_t)r.file << 24) ^ r.index;
	return (h * 0x85ebca6bu) >> 22;   /* 10 bits: FILTER_BITS */
}

static inline bool filter_has(const struct filter *f, const struct qir_inst *inst)
{
	uint32_t bit = filter_bit(inst->op, inst->src[0]);
	return f->w[bit / 32] >> (bit % 32) & 1;
}

static void filter_add(struct filter *f, uint32_t op, struct qir_reg r)
{
	uint32_t bit = filter_bit(op, r);
	f->w[bit / 32] |= 1u << (bit % 32);
}

/* Whether inst or the definitions of a temp it reads or writes changed
 * since generation `since` (the change log). */
static inline bool changed(const struct qir_opt_track *t, const struct qir_inst *inst)
{
	if (qir_inst_changed(t, inst))
		return true;
	return inst->dst.file == QIR_FILE_TEMP &&
	       (inst->dst.index >= t->ntemps || t->temp_gen[inst->dst.index] >= t->since);
}

/* Numbers the instructions (as qir_number_insts()) and, when `t` (an
 * incremental run), puts the (op, operand) pairs of every changed
 * candidate in f; returns the instruction count, *nchanged the changed
 * candidates. */
static uint32_t number_and_filter(struct qir_compile *c, const struct qir_opt_track *t,
				  struct filter *f, uint32_t *nchanged)
{
	uint32_t ip = 0;
	struct qir_block *b;
	struct qir_inst *inst;
	*nchanged = 0;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			inst->ip = ip++;
			if (!t || !changed(t, inst) || !candidate(c, inst))
				continue;
			filter_add(f, inst->op, inst->src[0]);
			filter_add(f, inst->op, inst->src[1]);
			++*nchanged;
		}
	}
	return ip;
}

/* CSE of one block against everything available from its dominators; with
 * f (an incremental run), of the instructions it names only. */
VC4_CODE_ALIGN(2048)
static bool cse_block(struct qir_compile *c, struct qir_block *b, struct table *t,
		      const struct filter *f)
{
	bool progress = false;
	bool far = t->mask >= FAR_BUCKETS - 1;
	uint32_t hashes[AHEAD], n = 0;   /* ring: the hashes of inst and on */
	struct qir_inst *inst, *ahead = far ? b->first : NULL;
	for (; ahead && n < AHEAD; ahead = ahead->next)
		hashes[n++] = fetch_ahead(t, ahead);
	n = 0;
	qir_foreach_inst(b, inst) {
		uint32_t hash = 0;
		if (far) {
			uint32_t slot = n++ % AHEAD;
			hash = hashes[slot];
			if (ahead) {
				hashes[slot] = fetch_ahead(t, ahead);
				ahead = ahead->next;
			}
		}
		if ((f && !filter_has(f, inst)) || !candidate(c, inst))
			continue;
		struct key k = make_key(inst);
		struct qir_inst *prev = lookup_or_add(t, inst, &k, far ? hash : key_hash(&k));
		if (!prev)
			continue;
		qir_touch(c, inst);
		inst->op = QIR_OP_MOV;
		inst->src[0] = prev->dst;
		inst->src[1] = qir_null();
		inst->pack = 0;
		inst->pack_mul = false;
		progress = true;
	}
	return progress;
}

/* Bytes of qir_opt_cse()'s stack buffer for its table and walk (12 bytes
 * an instruction, 8 a bucket, some a block): a usual program's fit, so a
 * run makes no malloc()/free() pair (on armhf glibc serves blocks over
 * about 500 bytes by its slow path). */
#define CSE_ARENA_BUF 4096

/* Dominator-tree children in CSR form: kids[first[b] .. first[b + 1]). */
static bool dom_children(const uint32_t *idom, uint32_t n, uint32_t *first, uint32_t *kids)
{
	for (uint32_t b = 0; b <= n; b++)
		first[b] = 0;
	for (uint32_t b = 1; b < n; b++)
		if (idom[b] != QIR_NONE)
			first[idom[b] + 1]++;
	for (uint32_t b = 0; b < n; b++)
		first[b + 1] += first[b];
	for (uint32_t b = 1; b < n; b++)
		if (idom[b] != QIR_NONE)
			kids[first[idom[b]]++] = b;
	for (uint32_t b = n; b > 0; b--)
		first[b] = first[b - 1];
	first[0] = 0;
	return true;
}

/* Preorder walk of the dominator tree from the entry, with the table
 * scoped to each subtree. `stack` holds (block, next child, mark) triples. */
static bool walk(struct qir_compile *c, const uint32_t *first, const uint32_t *kids,
		 struct table *t, uint32_t *stack, const struct filter *f)
{
	bool progress = false;
	uint32_t sp = 0;
	progress |= cse_block(c, c->blocks.data[0], t, f);
	stack[0] = 0, stack[1] = first[0], stack[2] = 0;
	sp = 3;
	while (sp) {
		uint32_t *top = &stack[sp - 3];
		if (top[1] == first[top[0] + 1]) {
			if (sp > 3)   /* the entry's own entries die with the table */
				pop_to(t, top[2]);
			sp -= 3;
			continue;
		}
		uint32_t kid = kids[top[1]++], mark = t->len;
		progress |= cse_block(c, c->blocks.data[kid], t, f);
		stack[sp] = kid, stack[sp + 1] = first[kid], stack[sp + 2] = mark;
		sp += 3;
	}
	return progress;
}

/* The pass: walks the dominator tree depth first with a scoped hash table of
 * the instructions seen on the path, turning a repeat into a mov of the
 * earlier result (file header); true on progress. Out of memory: c->oom. */
VC4_CODE_ALIGN(2048)
bool qir_opt_cse(struct qir_compile *c)
{
	const struct qir_opt_track *track = c->track && c->track->since ? c->track : NULL;
	struct filter filter;
	uint32_t nchanged;
	if (track) {
		VC4_ZERO(&filter);
		if (!qir_temp_defs(c)) {
			c->oom = true;
			return false;
		}
	}
	uint32_t n = (uint32_t)c->blocks.len, buckets = 16;
	uint32_t ninst = number_and_filter(c, track, &filter, &nchanged);
	if (track && !nchanged)
		return false;   /* no new pair can exist (file header) */
	while (buckets < 2 * ninst)
		buckets *= 2;
	/* one block (most programs): it dominates nothing but itself */
	uint32_t one = 0, *idom = n != 1 ? qir_dominators(c) : qir_cfg_update(c, NULL) ? &one : NULL;
	/* one block: the entries, then the buckets, first, kids and stack */
	size_t words = buckets + (n + 1) + n + 3 * (n + 1);
	_Alignas(16) char buf[CSE_ARENA_BUF];
	struct vc4_arena arena;
	vc4_arena_init(&arena, buf, sizeof(buf));
	struct entry *e = vc4_arena_alloc(&arena, (ninst + 1) * sizeof(struct entry) +
					  words * sizeof(uint32_t));
	uint32_t *head = e ? (uint32_t *)(e + ninst + 1) : NULL;
	struct table t = { head, buckets - 1, e, 0 };
	uint32_t *first = head ? head + buckets : NULL, *kids = first ? first + n + 1 : NULL;
	uint32_t *stack = kids ? kids + n : NULL;
	bool progress = false;
	if (idom && e && qir_temp_defs(c)) {
		vc4_set_bytes(t.head, 0xff, buckets * sizeof(*t.head));   /* QIR_NONE */
		dom_children(idom, n, first, kids);
		progress = walk(c, first, kids, &t, stack, track ? &filter : NULL);
	} else {
		c->oom = true;
	}
	if (idom != &one)
		free(idom);
	vc4_arena_fini(&arena);
	return progress;   /* defs stay valid: destinations are unchanged */
}
