/*
 * qpu_schedule.c: the list scheduler of one basic block. A dependency DAG
 * over the block's nodes (registers, flags, r4, uniforms and their reset,
 * VPM, varyings, TMU, TLB, thread switches and the branch) is built in one
 * forward pass; nodes are then issued cycle by cycle, highest priority first
 * (TMU requests early, TMU results late, tile-buffer accesses last, then the
 * critical path), and a second node is paired into the same instruction
 * whenever qpu_merge allows, then a TMU load as a third when both ALUs are
 * busy. In a VS/CS block of direct reads only, the TMU accesses follow the
 * TMU's FIFO rather than program order (tmu_fifo_block()). Hazards that
 * cross instructions are checked against the words actually emitted
 * (emit_legal_after), so they also hold across block boundaries.
 */
#include <stdlib.h>
#include <string.h>

#include "codegen/emit_hazards.h"
#include "codegen/emit_internal.h"
#include "codegen/emit_ready.h"
#include "qpu/qpu_tmu_fifo.h"
#include "util/block_cache.h"
#include "util/zero.h"
#include "util/code_align.h"

/* Resources of the dependency analysis. */
enum {
	R_ACC = 0,              /* r0..r5 */
	R_RA = 6,               /* ra0..ra31 */
	R_RB = R_RA + 32,       /* rb0..rb31 */
	R_FLAGS = R_RB + 32,
	R_UNIF,                 /* read: uniform pop; write: uniforms_addr */
	R_VPM,                  /* all VPM accesses, in order (a data read and
				 * a data write may share an instruction) */
	R_VARY,                 /* varying reads, in order */
	R_TMU,                  /* TMU requests and results, in order (but
				 * in FIFO blocks: fifo_deps()) */
	R_TLB,                  /* tile buffer, in order */
	R_COUNT
};

#define TMU_LATENCY 12   /* priority weight of a TMU request → its result */

struct sedge {
	uint32_t to, next;
	uint8_t d;      /* the child may issue d instructions after the parent, at least */
	uint8_t lat;    /* weight for the critical path */
};

struct snode {
	const struct emit_node *n;
	struct emit_facts f;
	struct emit_facts falt;  /* facts of n->alt, once falt_known */
	bool falt_known;
	uint32_t key;            /* class_prio, then prio: the larger first */
	uint32_t first_kid;     /* edge list, UINT32_MAX = none */
	uint32_t nparents;      /* parents not yet scheduled */
	uint32_t earliest;      /* first cycle the parents allow */
	uint32_t prio;          /* critical path to the block end */
	int32_t time;           /* cycle issued, -1 */
};

/* One reader of a resource since its last write, in a chain per resource. */
struct sreader { uint32_t node, next; };

struct sched {
	struct snode *nodes;
	size_t nodes_bytes;        /* the usable size of nodes' block */
	uint32_t count;
	VC4_ARRAY(struct sedge) edges;
	struct emit_ready ready;   /* nodes whose parents all issued */
	/* per resource: the last writer (-1 none) and the chain of readers
	 * since, in `readers` (index + 1, 0 = none) */
	struct { int32_t w; uint32_t head, tail; } res[R_COUNT];
	VC4_ARRAY(struct sreader) readers;
	/* TMU accesses as a FIFO (tmu_fifo_block()): the block's requests and
	 * loads so far, in order; off: one order for all of them (R_TMU) */
	bool fifo_on;
	struct qpu_tmu_fifo fifo;
	uint32_t loads_left;    /* TMU loads (EN_TMU_LOAD) not issued yet */
	bool oom;
};

/* A dependency from node `from` to node `to`: `to` comes at least d words
 * later and waits lat words for the result. Sets s->oom when out of
 * memory. */
static inline void add_edge(struct sched *s, uint32_t from, uint32_t to, unsigned d, unsigned lat)
{
	if (from == to)
		return;
	struct sedge e = { .to = to, .next = s->nodes[from].first_kid, .d = (uint8_t)d,
			   .lat = (uint8_t)lat };
	if (!vc4_array_push(&s->edges, e)) {
		s->oom = true;
		return;
	}
	s->nodes[from].first_kid = (uint32_t)(s->edges.len - 1);
	s->nodes[to].nparents++;
}

/* Distance a reader of resource r needs after writer w. */
static unsigned raw_distance(const struct sched *s, unsigned r, uint32_t w)
{
	if (r >= R_RA && r < R_FLAGS)
		return 2;
	if (r == R_ACC + 4 && s->nodes[w].f.sfu)
		return 3;
	if (r == R_UNIF)
		return 3;
	return 1;
}

/* Notes node i's read or write of resource r: a read depends on the last
 * writer (TMU results wait TMU_LATENCY); a write on the last writer and on
 * every reader since, then becomes the writer. */
VC4_CODE_ALIGN(1024)
static inline void use_res(struct sched *s, uint32_t i, unsigned r, bool write)
{
	int32_t w = s->res[r].w;
	const struct snode *n = &s->nodes[i];
	if (!write) {
		if (w >= 0) {
			unsigned d = raw_distance(s, r, (uint32_t)w);
			bool tmu = r == R_TMU && (s->nodes[w].n->flags & EN_TMU_S);
			add_edge(s, (uint32_t)w, i, d, tmu ? TMU_LATENCY : d);
		}
		struct sreader rd = { i, 0 };
		if (!vc4_array_push(&s->readers, rd)) {
			s->oom = true;
			return;
		}
		uint32_t at = (uint32_t)s->readers.len;
		if (s->res[r].tail)
			s->readers.data[s->res[r].tail - 1].next = at;
		else
			s->res[r].head = at;
		s->res[r].tail = at;
		return;
	}
	if (w >= 0) {
		unsigned d = (r == R_ACC + 4 && s->nodes[w].f.sfu) ? 3 : 1;
		if (r == R_VPM && emit_vpm_pair(&s->nodes[w].f, &n->f))
			d = 0;   /* a data read, then a data write: one instruction will do */
		bool tmu = r == R_TMU && (s->nodes[w].n->flags & EN_TMU_S) &&
			   (n->n->flags & EN_TMU_LOAD);
		add_edge(s, (uint32_t)w, i, d, tmu ? TMU_LATENCY : d);
	}
	bool reg = r < R_FLAGS;
	for (uint32_t k = s->res[r].head; k; k = s->readers.data[k - 1].next)
		add_edge(s, s->readers.data[k - 1].node, i, reg ? 0 : 1, reg ? 0 : 1);
	s->res[r].head = s->res[r].tail = 0;
	s->res[r].w = (int32_t)i;
}

/* A TMU request or load of a FIFO block: its FIFO predecessors
 * (qpu_tmu_fifo.h), one instruction before it; a load waits TMU_LATENCY
 * for its request on the critical path. */
static void fifo_deps(struct sched *s, uint32_t i)
{
	struct qpu_fifo_pred pred[2];
	unsigned n = qpu_tmu_fifo_add(&s->fifo, i, s->nodes[i].f.tmu_write, pred);
	for (unsigned k = 0; k < n; k++)
		add_edge(s, pred[k].node, i, 1, pred[k].why == QPU_FIFO_REQUEST ? TMU_LATENCY : 1);
}

/* Records node i's reads, then its writes. */
static void node_deps(struct sched *s, uint32_t i)
{
	const struct emit_facts *f = &s->nodes[i].f;
	for (int pass = 0; pass < 2; pass++) {
		bool w = pass == 1;
		unsigned acc = w ? f->wr_acc : f->rd_acc;
		for (; acc; acc &= acc - 1)   /* each accumulator, lowest first */
			use_res(s, i, R_ACC + (unsigned)__builtin_ctz(acc), w);
		int8_t ra = w ? f->wr_ra : f->rd_ra, rb = w ? f->wr_rb : f->rd_rb;
		if (ra >= 0)
			use_res(s, i, R_RA + (unsigned)ra, w);
		if (rb >= 0)
			use_res(s, i, R_RB + (unsigned)rb, w);
		if (w ? f->wr_flags : f->rd_flags)
			use_res(s, i, R_FLAGS, w);
		if (!w && f->rd_unif)
			use_res(s, i, R_UNIF, false);
		if (w && f->wr_unif_addr)
			use_res(s, i, R_UNIF, true);
		if (w && f->vpm)
			use_res(s, i, R_VPM, true);
		if (w && f->vary)
			use_res(s, i, R_VARY, true);
		if (w && (f->tmu_write || f->tmu_load)) {
			if (s->fifo_on)
				fifo_deps(s, i);
			else
				use_res(s, i, R_TMU, true);
		}
		if (w && f->tlb)
			use_res(s, i, R_TLB, true);
	}
}

/* Whether the block's TMU accesses may be ordered as a FIFO (fifo_deps())
 * rather than all in program order: in a vertex or coordinate shader
 * (never threaded), when each request is one write (a direct read on
 * TMU1: no texture parameters, whose slots the model does not count, and
 * one unit) and no load comes before its request. Then a request waits only for the load that
 * frees its result's slot, and requests and loads interleave instead of
 * going in batches of four. */
static bool tmu_fifo_block(const struct sched *s, const struct emit_prog *p)
{
	if (p->fs)
		return false;
	enum qpu_file file;
	unsigned tmu1_s;   /* a direct read's request (`add tmu1_s, o, u`) */
	if (!qpu_reg_waddr(QPU_REG_TMU1_S, &file, &tmu1_s))
		return false;
	uint32_t sub = 0, load = 0;
	for (uint32_t i = 0; i < s->count; i++) {
		const struct snode *n = &s->nodes[i];
		if (n->f.tmu_write && (!(n->n->flags & EN_TMU_S) ||
				       qpu_get_waddr_add(n->n->word) != tmu1_s))
			return false;
		if (n->f.tmu_load && qpu_get_sig(n->n->word) != QPU_SIG_LOAD_TMU1)
			return false;
		sub += n->f.tmu_write;
		load += n->f.tmu_load;
		if (load > sub || (n->f.tmu_write && n->f.tmu_load))
			return false;
	}
	return sub > 0;
}

/* Builds the DAG; barriers (thread switch, branch) order everything. Out
 * of line and on its own page, like run(): inlined, both made
 * emit_schedule_block() a function of three pages, whose hot loops crossed
 * them (util/code_align.h). */
VC4_CODE_ALIGN(4096)
static __attribute__((noinline)) bool build_dag(struct sched *s)
{
	int32_t barrier = -1;
	uint32_t since = 0;
	for (uint32_t i = 0; i < s->count; i++) {
		struct snode *n = &s->nodes[i];
		bool is_barrier = n->n->flags & (EN_THRSW | EN_BRANCH);
		if (barrier >= 0)
			add_edge(s, (uint32_t)barrier, i, 3, 3);
		if (is_barrier) {
			/* the branch weighs nothing on the critical path: what
			 * does not feed its flags may go to its delay slots */
			unsigned lat = (n->n->flags & EN_BRANCH) ? 0 : 1;
			for (uint32_t k = since; k < i; k++)
				add_edge(s, k, i, 1, lat);
			since = i + 1;
		}
		node_deps(s, i);
		if (is_barrier)
			barrier = (int32_t)i;
	}
	return !s->oom;
}

/* Class priority: TMU requests first, TMU results and TLB accesses late. */
static unsigned class_prio(const struct snode *n)
{
	if (n->n->flags & EN_TMU_S)
		return 3;
	if (n->n->flags & EN_TLB || n->f.tlb)
		return 0;
	if (n->n->flags & EN_TMU_LOAD)
		return 1;
	return 2;
}

/* Each node's priority: the longest latency path from it to the block end
 * (at least 1), computed backwards over the edges; then its key, the class
 * above the priority (saturated to 30 bits, more than any block needs). */
static void compute_prio(struct sched *s)
{
	for (uint32_t i = s->count; i-- > 0;) {
		uint32_t p = 1;
		for (uint32_t e = s->nodes[i].first_kid; e != UINT32_MAX; e = s->edges.data[e].next) {
			const struct sedge *ed = &s->edges.data[e];
			uint32_t v = ed->lat + s->nodes[ed->to].prio;
			if (v > p)
				p = v;
		}
		s->nodes[i].prio = p;
		s->nodes[i].key = (class_prio(&s->nodes[i]) << 30) | (p < (1u << 30) ? p : (1u << 30) - 1);
		s->ready.key[i] = s->nodes[i].key;
	}
}

/* Appends node i to the ready list. */
static void ready_push(struct sched *s, uint32_t i)
{
	if (!emit_ready_push(&s->ready, i))
		s->oom = true;
}

/* Marks the node at index `at` of the ready order issued at `cycle` and
 * releases its children; returns the node. */
static inline uint32_t issue(struct sched *s, size_t at, uint32_t cycle)
{
	uint32_t i = s->ready.order.data[at];
	struct snode *n = &s->nodes[i];
	n->time = (int32_t)cycle;
	if (n->n->flags & EN_TMU_LOAD)
		s->loads_left--;
	emit_ready_remove(&s->ready, at);
	for (uint32_t e = n->first_kid; e != UINT32_MAX; e = s->edges.data[e].next) {
		const struct sedge *ed = &s->edges.data[e];
		struct snode *k = &s->nodes[ed->to];
		if (cycle + ed->d > k->earliest)
			k->earliest = cycle + ed->d;
		if (--k->nparents == 0)
			ready_push(s, ed->to);
	}
	return i;
}

/* The best node that may issue now as the first of an instruction: the
 * first in the ready order (key down, then slot) that may. Returns its
 * index in the order, -1 when none (so do the other picks). */
static int32_t pick_first(const struct sched *s, const struct emit_prog *p,
			  const struct emit_recent *r, uint32_t cycle)
{
	for (size_t k = s->ready.order.len; k-- > 0;) {
		uint32_t i = s->ready.order.data[k];
		const struct snode *n = &s->nodes[i];
		if (n->earliest > cycle)
			continue;
		if (!(n->n->flags & EN_THRSW) && !emit_legal_after(r, n->n->word, &n->f, p->fs))
			continue;
		return (int32_t)k;
	}
	return -1;
}

/* Node n as a pairing candidate (the facts of its other-ALU form derived on
 * first use: most nodes never get that far). */
static struct emit_pairable pairable(struct snode *n)
{
	if (n->n->alt && !n->falt_known) {
		emit_facts(n->n->alt, &n->falt);
		n->falt_known = true;
	}
	return (struct emit_pairable){ n->n->word, n->n->alt, &n->f, &n->falt };
}

/* Whether candidate n should replace `best`, whose key it equals, as the
 * partner of `first`: neither first nor best pops a uniform and n does.
 * An instruction pops at most one uniform, so where uniforms are about as
 * many as instructions (a VS with a matrix) a pair that pops none costs an
 * instruction later. Ties only: with a path up to 1, 2 or 5 shorter it
 * lost on bench/shaders (docs/PERFORMANCE.md). */
static bool unif_instead(const struct snode *first, const struct snode *best,
			 const struct snode *n)
{
	return first->n->unif < 0 && best->n->unif < 0 && n->n->unif >= 0;
}

/* Whether node n merges into word a (emit_merge_facts()) and the word *w
 * they make may follow the words emitted so far. */
static inline bool joins(struct emit_prog *p, const struct emit_recent *r,
		  const struct emit_pairable *a, struct snode *n, uint64_t *w)
{
	struct emit_facts f;
	const struct emit_pairable b = pairable(n);
	if (!emit_merge_facts(a, &b, w))
		return false;
	emit_facts_memo(&p->memo, *w, &f);   /* the word emitted next, likely */
	return emit_legal_after(r, *w, &f, p->fs);
}

/* The best node that pairs with `first`; *merged = the pair. In the ready
 * order that is the first that joins, unless a later one of the same key
 * pops a uniform instead (unif_instead()): the scan stops there, or at the
 * first smaller key. */
static int32_t pick_second(struct sched *s, struct emit_prog *p,
			   const struct emit_recent *r, uint32_t cycle,
			   struct snode *first, uint64_t *merged)
{
	int32_t best = -1, best_at = -1;
	const struct emit_pairable a = pairable(first);
	for (size_t k = s->ready.order.len; k-- > 0;) {
		uint32_t i = s->ready.order.data[k];
		struct snode *n = &s->nodes[i];
		uint64_t w;
		if (best >= 0 && n->key != s->nodes[best].key)
			break;
		if (n->earliest > cycle || (n->n->flags & (EN_NO_MERGE | EN_THRSW | EN_BRANCH)))
			continue;
		if (best >= 0 && !unif_instead(first, &s->nodes[best], n))
			continue;
		if (!joins(p, r, &a, n, &w))
			continue;
		*merged = w;
		if (best >= 0)
			return (int32_t)k;   /* pops a uniform: nothing replaces it */
		best = (int32_t)i;
		best_at = (int32_t)k;
		if (first->n->unif >= 0 || n->n->unif >= 0)
			break;               /* no tie may replace it */
	}
	return best_at;
}

/* A TMU load (a signal alone) that may join `word`, already a pair of two
 * nodes, as its third: the best ready one by key, -1 when none; *merged =
 * the three. A pair fills both ALUs, and the load only adds its signal:
 * a direct read's load, the product of the last result and the sum before
 * it then take one instruction together. */
static int32_t pick_third(struct sched *s, struct emit_prog *p, const struct emit_recent *r,
			  uint32_t cycle, uint64_t word, uint64_t *merged)
{
	struct emit_facts fw;
	emit_facts_memo(&p->memo, word, &fw);
	const struct emit_pairable a = { word, 0, &fw, &fw };
	for (size_t k = s->ready.order.len; k-- > 0;) {
		uint32_t i = s->ready.order.data[k];
		struct snode *n = &s->nodes[i];
		uint64_t w;
		if (n->earliest > cycle || !(n->n->flags & EN_TMU_LOAD) ||
		    (n->n->flags & (EN_NO_MERGE | EN_THRSW | EN_BRANCH)))
			continue;
		if (!joins(p, r, &a, n, &w))
			continue;
		*merged = w;
		return (int32_t)k;   /* the first that joins: the best key */
	}
	return -1;
}

static bool push_out(struct emit_prog *p, uint64_t word, int32_t unif, uint32_t branch_to)
{
	struct emit_out o = { .word = word, .unif = unif, .branch_to = branch_to };
	return vc4_array_push(&p->out, o);
}

/* Places a thread switch: on one of the last three instructions of this
 * block when they can carry the signal, the earliest first (on the third
 * from the end, the last two fill both delay slots and what follows the
 * switch, which waits three instructions after it, issues at once), else
 * on a new instruction. Returns its ip. */
static uint32_t place_thrsw(struct emit_prog *p, uint32_t block_ip)
{
	uint32_t *last_thrsw = &p->last_thrsw;
	uint32_t len = (uint32_t)p->out.len;
	uint32_t from = len >= 3 ? len - 3 : 0;
	if (from < block_ip)
		from = block_ip;
	if (*last_thrsw != UINT32_MAX && from < *last_thrsw + 3)
		from = *last_thrsw + 3;
	for (uint32_t ip = from; ip < len; ip++) {
		uint64_t w = p->out.data[ip].word;
		struct emit_facts f;
		emit_facts(w, &f);
		if (qpu_form_of(w) == QPU_FORM_ALU && qpu_get_sig(w) == QPU_SIG_NONE &&
		    !f.wr_unif_addr && !f.tlb) {
			p->out.data[ip].word = qpu_set_sig(w, QPU_SIG_THREAD_SWITCH);
			return *last_thrsw = ip;
		}
	}
	if (!push_out(p, qpu_set_sig(qpu_nop(), QPU_SIG_THREAD_SWITCH), -1, QIR_NONE))
		return UINT32_MAX;
	return *last_thrsw = len;
}

/* May `o` run in a branch's delay slot (`last`: the third one, which the
 * branch target may follow directly)? It must not set the flags the branch
 * reads, nor leave a hazard for the first instructions of either successor. */
static bool slot_movable(const struct emit_out *o, bool last)
{
	struct emit_facts f;
	emit_facts(o->word, &f);
	enum qpu_sig sig = qpu_get_sig(o->word);
	bool li = qpu_form_of(o->word) == QPU_FORM_LOAD_IMM;
	if ((!f.is_alu && !li) || (f.is_alu && sig != QPU_SIG_NONE && sig != QPU_SIG_SMALL_IMM) ||
	    o->branch_to != QIR_NONE)
		return false;
	if (f.wr_flags || f.sfu || f.wr_unif_addr || f.tlb || f.vpm || f.vary ||
	    f.tmu_write || f.tmu_load || f.periph)
		return false;
	return !last || (f.wr_ra < 0 && f.wr_rb < 0);
}

/* Emits a branch with its three delay slots, moving up to three of the
 * block's last instructions into them (they run on both paths). */
static bool emit_branch(struct emit_prog *p, uint32_t block_ip, uint64_t word, uint32_t target)
{
	uint32_t len = (uint32_t)p->out.len, k = 0;
	uint32_t floor = block_ip;
	if (p->last_thrsw != UINT32_MAX && p->last_thrsw + 1 > floor)
		floor = p->last_thrsw + 1;
	while (k < 3 && len - k > floor && len - k - 1 >= 2 &&
	       (p->last_thrsw == UINT32_MAX || len - k - 1 >= p->last_thrsw + 3) &&
	       slot_movable(&p->out.data[len - k - 1], k == 0 && k + 1 == 3))
		k++;
	/* the instruction that ends up in the third slot must not write a register file */
	while (k == 3 && !slot_movable(&p->out.data[len - 1], true))
		k--;
	struct emit_out moved[3];
	for (uint32_t i = 0; i < k; i++)
		moved[i] = p->out.data[len - k + i];
	p->out.len = len - k;
	if (!push_out(p, word, -1, target))
		return false;
	for (uint32_t i = 0; i < 3; i++)
		if (!(i < k ? vc4_array_push(&p->out, moved[i]) : push_out(p, qpu_nop(), -1, QIR_NONE)))
			return false;
	return true;
}

/* Issues one instruction at `cycle`: returns the nodes issued (0 when
 * nothing may issue now), -1 when out of memory. */
static int issue_one(struct sched *s, struct emit_prog *p, uint32_t block_ip, uint32_t cycle)
{
	struct emit_recent r;
	emit_recent_get(p, &r);
	int32_t at = pick_first(s, p, &r, cycle);
	if (at < 0)
		return 0;
	uint32_t a = s->ready.order.data[at];
	const struct emit_node *first = s->nodes[a].n;
	if (first->flags & EN_THRSW) {
		uint32_t ip = place_thrsw(p, block_ip);
		if (ip == UINT32_MAX)
			return -1;
		issue(s, (size_t)at, ip - block_ip);
		return 1;
	}
	issue(s, (size_t)at, cycle);
	uint64_t word = first->word, merged = 0;
	int32_t unif = first->unif;
	int n = 1;
	if (!(first->flags & (EN_NO_MERGE | EN_BRANCH))) {
		int32_t bt = pick_second(s, p, &r, cycle, &s->nodes[a], &merged);
		if (bt >= 0) {
			uint32_t b = issue(s, (size_t)bt, cycle);
			word = merged;
			if (s->nodes[b].n->unif >= 0)
				unif = s->nodes[b].n->unif;
			p->pairs++;
			n = 2;
			int32_t ct = s->loads_left ? pick_third(s, p, &r, cycle, word, &merged) : -1;
			if (ct >= 0) {
				issue(s, (size_t)ct, cycle);
				word = merged;
				n = 3;
			}
		}
	}
	if (first->flags & EN_BRANCH)
		return emit_branch(p, block_ip, word, first->target) ? n : -1;
	if (!push_out(p, word, unif, QIR_NONE))
		return -1;
	if (n == 1)   /* its facts are known: the next cycle's emit_recent_get */
		emit_memo_put(&p->recent, word, &s->nodes[a].f);
	return n;
}

static void sched_free(struct sched *s)
{
	vc4_array_free(&s->readers);
	vc4_array_free(&s->edges);
	emit_ready_free(&s->ready);
	free(s->fifo.sub);
	free(s->fifo.load);
	vc4_block_give(s->nodes, s->nodes_bytes);
}

/* Runs the issue loop over a built DAG. Out of line and on its own page
 * (build_dag()). */
VC4_CODE_ALIGN(4096)
static __attribute__((noinline)) bool run(struct sched *s, struct emit_prog *p, uint32_t block_ip,
					  struct vc4_diag *diag)
{
	for (uint32_t i = 0; i < s->count; i++)
		if (s->nodes[i].nparents == 0)
			ready_push(s, i);
	if (s->oom)
		return vc4_diag_set(diag, "out of memory");
	uint32_t done = 0, idle = 0;
	while (done < s->count && !s->oom) {
		uint32_t cycle = (uint32_t)p->out.len - block_ip;
		int n = issue_one(s, p, block_ip, cycle);
		if (n < 0)
			return vc4_diag_set(diag, "out of memory");
		if (n == 0) {
			if (++idle > 16)
				return vc4_diag_set(diag, "qpu emit: internal error: scheduler "
						    "stuck at ip %zu", p->out.len);
			if (!push_out(p, qpu_nop(), -1, QIR_NONE))
				return vc4_diag_set(diag, "out of memory");
		} else {
			idle = 0;
		}
		done += (uint32_t)n;
	}
	return !s->oom || vc4_diag_set(diag, "out of memory");
}

/* List-schedules block bi's nodes (longest path first, pairing ADD and MUL
 * halves, keeping every hazard rule) and appends the words to p; false with
 * diag when out of memory. */
VC4_CODE_ALIGN(4096)
bool emit_schedule_block(const struct emit_block *blk, uint32_t bi, struct emit_prog *p,
			 struct vc4_diag *diag)
{
	struct sched s;
	vc4_zero_bytes(&s, sizeof(s));
	uint32_t block_ip = (uint32_t)p->out.len;
	p->block_ip[bi] = block_ip;
	s.count = (uint32_t)blk->nodes.len;
	/* set below; from a block the last block freed, likely (block_cache.h) */
	s.nodes = vc4_block_take((s.count ? s.count : 1) * sizeof(*s.nodes), &s.nodes_bytes);
	if (!s.nodes)
		return vc4_diag_set(diag, "out of memory");
	for (unsigned r = 0; r < R_COUNT; r++)
		s.res[r].w = -1;
	for (uint32_t i = 0; i < s.count; i++) {
		struct snode *sn = &s.nodes[i];
		VC4_ZERO(sn);
		sn->n = &blk->nodes.data[i];
		sn->first_kid = UINT32_MAX;
		sn->time = -1;
		emit_facts(blk->nodes.data[i].word, &s.nodes[i].f);
		s.loads_left += (blk->nodes.data[i].flags & EN_TMU_LOAD) != 0;
	}
	/* room for the usual edges and reads (pushes grow past it): over
	 * bench/shaders 3.0 edges and 1.6 reads a node, so 4 and 2 a node save
	 * most blocks a realloc() and a copy; a long block (bench_growth's
	 * 100,000 ops) reserves 2 and 1, its memory stays what it was */
	size_t room = s.count <= 4096 ? 2 * (size_t)s.count : s.count;
	(void)(vc4_array_reserve(&s.edges, 2 * room) && vc4_array_reserve(&s.readers, room));
	bool ok = emit_ready_init(&s.ready, s.count);
	if (tmu_fifo_block(&s, p)) {
		s.fifo.sub = malloc(s.count * sizeof(uint32_t));
		s.fifo.load = malloc(s.count * sizeof(uint32_t));
		ok = s.fifo_on = ok && s.fifo.sub && s.fifo.load;
	}
	ok = ok && build_dag(&s);
	if (ok) {
		compute_prio(&s);
		ok = run(&s, p, block_ip, diag);
	} else {
		vc4_diag_set(diag, "out of memory");
	}
	sched_free(&s);
	return ok;
}
