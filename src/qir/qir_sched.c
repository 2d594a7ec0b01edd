/*
 * qir_sched.c: the pre-allocation list scheduler of qir_schedule() (qir.h).
 * One forward pass builds the dependency DAG of a block (last writer and
 * readers since, per resource); nodes are then taken by longest latency
 * path to the block end, ties in the original order, from a 4-ary heap of
 * the ready nodes. Time counts one step per node taken, and a reader is
 * ready one step after its producer's step plus the edge's latency (1 for
 * an ALU result: one node between, as the QPU pairs about two nodes per
 * instruction and cannot read a result in the instruction that makes it;
 * 0 for a TMU or tile-buffer result, read from r4 before anything else
 * can take r4; SFU_LATENCY for an SFU result, TMU_LATENCY from a TMU
 * request to its result); a node whose
 * operands are not ready yet waits for the step it becomes ready, in a
 * ring of buckets by that step (at most MAX_LATENCY ahead), so independent
 * work fills the latency (when nothing else is ready, the earliest waiting
 * node is taken). When the
 * best ready node needs the same ALU (ADD or MUL alone) as the node taken
 * just before, the best ready node that does not is taken instead if its
 * path is at most BALANCE_SLACK shorter, so that the emitter finds ADD and
 * MUL work next to each other to pair (not in coordinate shaders, whose
 * VPM writes in order set the pace). In a VS or CS block whose TMU
 * accesses are all direct reads, those follow the TMU's FIFO instead of
 * their program order (tmu_fifo_block()). The payload
 * reads at the top of a block stay there, outside the DAG. Only the
 * resources a block touched are reset after it, so the cost is
 * O(I log I + E) for the whole program, whatever the number of blocks and
 * temps.
 */
#include <stdlib.h>
#include <string.h>

#include "qir/qir.h"
#include "qir/qir_sched_heap.h"
#include "qpu/qpu_tmu_fifo.h"
#include "util/arena.h"
#include "util/sort.h"
#include "util/code_align.h"

enum { Q_FLAGS, Q_R5, Q_VPM, Q_VARY, Q_TMU, Q_TLB, Q_UNIF, Q_FIXED };

/* Latency (steps, nodes taken, beyond the one every reader waits) from an
 * SFU write to its r4 result: measured over bench/shaders. With readers
 * ready in the producer's next step (the old model) 3 beat 2, 4, 6 and 8;
 * with the step between (2026-11-27: total 0.879 -> 0.870, geometric mean
 * 0.866 -> 0.858) 4 beat 2, 3, 5 and 6. The TMU's latency (8-12) changed
 * nothing on the corpus. */
#define SFU_LATENCY 4
#define TMU_LATENCY 10
/* Steps from one direct read's result to the next in a FIFO block, so that
 * the first result's readers (a product by a skinning weight, the sum it
 * feeds) come between and read it from r4 rather than from a copy:
 * measured over bench/shaders (2026-11-27, its four skinning VS/CS the
 * only FIFO blocks), 1 gave 14,725, 2 14,740, 3 14,693, 4 14,682, 6
 * 14,669, 8 14,668, 10 14,662, 12 14,670. */
#define TMU_RESULT_GAP 10

/* How much shorter (latency steps to the block end) the path of a node for
 * the other ALU may be than the best node's: measured over bench/shaders on
 * 2026-11-27 (VS and FS; total 17,430 -> 17,275, programs longer than
 * Mesa's 15 -> 11): 0 gave 17,447, 1 17,297, 3 17,276, 6 17,301 (10
 * longer), 10 17,305. Balancing coordinate shaders too cost 43 there. */
#define BALANCE_SLACK 2

/* Buckets of the waiting ring (a power of two above every edge latency):
 * a waiting node becomes ready at most MAX_LATENCY steps after now. */
#define MAX_LATENCY TMU_LATENCY
#define WAIT_RING 16
_Static_assert(SFU_LATENCY <= MAX_LATENCY && TMU_RESULT_GAP <= MAX_LATENCY &&
	       MAX_LATENCY < WAIT_RING && (WAIT_RING & (WAIT_RING - 1)) == 0,
	       "the waiting ring must hold every latency");

/* Register pressure (issue 10, H3): in a block of PRESSURE_MIN_NODES nodes
 * or more, once PRESSURE_LIMIT temps are open (estimated within the block:
 * temps with an unscheduled reader in it), a best ready node that opens
 * more temps than it closes gives way to the node among the first
 * PRESSURE_SCAN entries of the ready heap that opens the fewest (then the
 * smallest key). Without it, independent chains (the 40 sin of toy-fbm,
 * toy-voronoi's nine unrolled cells) all start at once: toy-fbm's FS held
 * 53 temps (38 with the limit), and the allocator used the register files
 * where accumulators would do, or failed and fell back to program order.
 * Measured over bench/shaders on 2026-11-27 (total with the new sin/cos
 * 14,497): limit 4 14,422, 8 14,290, 10 14,282, 12 14,285, 14 14,285, 16
 * 14,297, 20 14,357, 24 14,404, 32 14,431, 40 14,451; minimum block 0
 * 14,285, 64 14,284 (sfu.fs 31 -> 29), 128 14,288, 200 14,305. The scan
 * is bounded, so the cost stays O(log n) a node. */
#define PRESSURE_LIMIT 12
#define PRESSURE_SCAN 32
#define PRESSURE_MIN_NODES 64

/* A block of this many instructions (4 MiB, four times a core's L2 on the
 * machines measured) or more, once reordered, lies scattered over more
 * memory than the caches hold, and every later walk in list order waits
 * for memory: qir_schedule() then lays the program out again
 * (qir_compact_insts()). Shorter blocks keep their instructions within a
 * few cache lines or in the caches, and the copy costs more than it saves
 * (issue 10: +7 % on the loops program of 10,000 ops; on the straight one,
 * one block of 40,000, the new memory moved glibc's mmap threshold and
 * every repeated compile took page faults again, +4 %). */
#define COMPACT_MIN 65536

/* Bytes of qir_schedule()'s stack buffer for its arrays (s.arena): a usual
 * program's fit, bigger ones continue on the heap. */
#define SCHED_ARENA_BUF 8192

/* Bucket entries from which wait_sort() sorts by radix (callgrind, 2026-11-28). */
#define RADIX_MIN 256

struct qedge { uint32_t to, next, lat; };

struct qnode {
	struct qir_inst *inst;
	uint32_t first_kid, nparents, prio;
	uint32_t ready_at;                /* first step its operands are ready */
	bool done;
	uint8_t alu;                      /* the ALU it needs alone, or NONE */
	uint8_t nrd;                      /* distinct temps it reads, in rd */
	bool self;                        /* wr is one of them */
	uint32_t rd[QIR_MAX_SRC];         /* the temps it reads, each once */
	uint32_t wr;                      /* the temp it writes, or UINT32_MAX */
	uint32_t wnext;                   /* next node of its waiting bucket */
};

/* One reader of a resource since its last write, in a chain per resource. */
struct qreader { uint32_t node, next; };

struct qsched {
	struct vc4_arena arena;           /* every array below but the VC4_ARRAYs */
	struct qnode *n;                  /* max_count entries, reused per block */
	uint32_t count, max_count;        /* nodes of this block; of any block */
	uint32_t n_used;                  /* entries of n written so far (the
					   * rest are still zero) */
	VC4_ARRAY(struct qedge) edges;
	int32_t *last_w;                  /* per resource */
	uint32_t *rhead, *rtail;          /* per resource: its readers' chain in
					   * `readers`, index + 1, 0 = none */
	VC4_ARRAY(struct qreader) readers; /* every chain of the block */
	uint32_t nres;
	VC4_ARRAY(uint32_t) touched;      /* resources used by the current block */
	uint32_t *left;                   /* per temp: unscheduled nodes of the
					   * block that read it */
	uint8_t *open;                    /* per temp: live in the block so far */
	uint32_t live;                    /* temps open (against PRESSURE_LIMIT) */
	bool balance;                     /* balance the ALUs (not a CS) */
	bool fifo_ok;                     /* TMU FIFO blocks allowed (not a FS) */
	/* a FIFO block's direct reads so far (tmu_fifo_block()): requests and
	 * results in order; off: one order for all TMU accesses (Q_TMU) */
	bool fifo_on;
	struct qpu_tmu_fifo fifo;
	bool long_block;                  /* some block had COMPACT_MIN nodes */
	/* the waiting nodes of reorder(): those ready at step `at` chained
	 * from wait[at % WAIT_RING] through qnode.wnext, UINT32_MAX = none */
	uint32_t wait[WAIT_RING];
	uint32_t nwait;                   /* nodes waiting */
	node_heap due;                    /* the bucket being drained, kept
					   * across blocks */
	node_heap ready;                  /* reorder()'s ready heap, kept across
					   * blocks (empty between them) */
	VC4_ARRAY(uint64_t) keys;         /* wait_sort()'s scratch (room only, len 0) */
	bool oom;
};

/* A dependency from node `from` to node `to` with latency lat (none from a
 * node to itself). Sets s->oom when out of memory. */
static inline void edge(struct qsched *s, uint32_t from, uint32_t to, uint32_t lat)
{
	if (from == to)
		return;
	struct qedge e = { to, s->n[from].first_kid, lat };
	if (!vc4_array_push(&s->edges, e)) {
		s->oom = true;
		return;
	}
	s->n[from].first_kid = (uint32_t)(s->edges.len - 1);
	s->n[to].nparents++;
}

/* Latency of the value `from` produces for its readers. */
static uint32_t latency(const struct qir_inst *from, const struct qir_inst *to)
{
	uint32_t f = qir_ops[from->op].flags;
	if (f & QIR_OPF_SFU)
		return SFU_LATENCY;
	if ((from->op == QIR_OP_TEX_S && to->op == QIR_OP_TEX_RESULT) ||
	    (from->op == QIR_OP_TEX_DIRECT && to->op == QIR_OP_DIRECT_RESULT))
		return TMU_LATENCY;
	/* a TMU or tile-buffer result is in r4 for the next instruction: its
	 * readers come first, before anything else can take r4 */
	return f & QIR_OPF_WRITES_R4 ? 0 : 1;
}

/* Notes node i's read (write false) or write of resource r: a read depends
 * on the last writer with its latency; a write on the last writer and on
 * every reader since (WAR, latency 0), then becomes the writer. The first
 * use of r in a block records it for the reset. */
static inline void use(struct qsched *s, uint32_t i, uint32_t r, bool write)
{
	if (s->last_w[r] == -1 && !s->rhead[r]) {
		s->last_w[r] = -2;        /* touched, no writer yet */
		if (!vc4_array_push(&s->touched, r))
			s->oom = true;
	}
	int32_t w = s->last_w[r];
	if (w >= 0)
		edge(s, (uint32_t)w, i, write ? 1 : latency(s->n[w].inst, s->n[i].inst));
	if (!write) {
		struct qreader rd = { i, 0 };
		if (!vc4_array_push(&s->readers, rd)) {
			s->oom = true;
			return;
		}
		uint32_t at = (uint32_t)s->readers.len;
		if (s->rtail[r])
			s->readers.data[s->rtail[r] - 1].next = at;
		else
			s->rhead[r] = at;
		s->rtail[r] = at;
		return;
	}
	for (uint32_t k = s->rhead[r]; k; k = s->readers.data[k - 1].next)
		edge(s, s->readers.data[k - 1].node, i, 0);
	s->rhead[r] = s->rtail[r] = 0;
	s->last_w[r] = (int32_t)i;
}

/* use() out of line, for the resources few instructions touch (registers
 * with a class, r5, the flags, the TMU and TLB, a uniform reset): inlined
 * at each of them, node_uses() grew past a page, and its hot paths crossed
 * the boundary (a block lookup each under qemu-arm). */
__attribute__((noinline)) static void use_rare(struct qsched *s, uint32_t i, uint32_t r,
					       bool write)
{
	use(s, i, r, write);
}

/* A direct read's request or result in a FIFO block: its FIFO
 * predecessors (qpu_tmu_fifo.h), a request one step after them, a result
 * TMU_LATENCY after its request and TMU_RESULT_GAP after the result before. */
static void fifo_use(struct qsched *s, uint32_t i)
{
	static const uint32_t lat[] = {
		[QPU_FIFO_PREV_REQUEST] = 1, [QPU_FIFO_SLOT] = 1,
		[QPU_FIFO_PREV_RESULT] = TMU_RESULT_GAP, [QPU_FIFO_REQUEST] = TMU_LATENCY,
	};
	struct qpu_fifo_pred pred[2];
	unsigned n = qpu_tmu_fifo_add(&s->fifo, i, s->n[i].inst->op == QIR_OP_TEX_DIRECT, pred);
	for (unsigned k = 0; k < n; k++)
		edge(s, pred[k].node, i, lat[pred[k].why]);
}

/* The ordered FIFO class of a special register, or -1. */
static int special_class(uint32_t sp)
{
	if (sp <= QIR_SPECIAL_TLB_ALPHA_MASK || sp == QIR_SPECIAL_MS_FLAGS)
		return Q_TLB;
	if (sp == QIR_SPECIAL_VPM_READ_SETUP || sp == QIR_SPECIAL_VPM_WRITE_SETUP)
		return Q_VPM;
	return -1;
}

/* The ordered class an operand touches, or -1. */
static int reg_class(struct qir_reg r)
{
	switch (r.file) {
	case QIR_FILE_VPM: return Q_VPM;
	case QIR_FILE_VARY: return Q_VARY;
	case QIR_FILE_SPECIAL: return special_class(r.index);
	default: return -1;
	}
}

/* Whether source k of `in` is a temp no earlier source of it reads. */
static bool first_read(const struct qir_inst *in, int k)
{
	for (int j = 0; j < k; j++)
		if (qir_is_temp(in->src[j]) && in->src[j].index == in->src[k].index)
			return false;
	return qir_is_temp(in->src[k]);
}

/* Node i taken: its operands lose a reader (closed by the last one), its
 * result opens when a reader is left. The node's temps were noted by
 * node_uses() (rd, wr): the instruction is not read again. */
static void pressure_take(struct qsched *s, uint32_t i)
{
	const struct qnode *n = &s->n[i];
	for (unsigned k = 0; k < n->nrd; k++) {
		uint32_t t = n->rd[k];
		if (s->left[t] && !--s->left[t] && s->open[t]) {
			s->open[t] = 0;
			s->live--;
		}
	}
	if (n->wr != UINT32_MAX && s->left[n->wr] && !s->open[n->wr]) {
		s->open[n->wr] = 1;
		s->live++;
	}
}

/* How many temps taking node i opens less how many it closes (the last
 * reader of an open temp), by s->left and s->open. */
static inline int pressure_delta(const struct qsched *s, uint32_t i)
{
	const struct qnode *n = &s->n[i];
	int d = 0;
	for (unsigned k = 0; k < n->nrd; k++)
		if (s->open[n->rd[k]] && s->left[n->rd[k]] == 1)
			d--;
	if (n->wr != UINT32_MAX) {
		uint32_t left = s->left[n->wr];
		bool open = s->open[n->wr];
		if (n->self && left && !--left)
			open = false;
		if (left && !open)
			d++;
	}
	return d;
}

/* Reads, then writes, of node i. Temps are resources Q_FIXED + t; the
 * temps it reads (each once) and writes are noted in the node for the
 * pressure estimate. GCC inlines it into its one caller, qir_schedule(),
 * now that the rare resources go through use_rare(). */
static void node_uses(struct qsched *s, uint32_t i)
{
	struct qnode *n = &s->n[i];
	const struct qir_inst *in = n->inst;
	const struct qir_op_info *info = &qir_ops[in->op];
	n->wr = qir_is_temp(in->dst) ? in->dst.index : UINT32_MAX;
	for (int k = 0; k < info->nsrc; k++) {
		struct qir_reg r = in->src[k];
		if (qir_is_temp(r)) {
			use(s, i, Q_FIXED + r.index, false);
			if (first_read(in, k)) {
				n->rd[n->nrd++] = r.index;
				n->self |= r.index == n->wr;
				s->left[r.index]++;
				if (s->last_w[Q_FIXED + r.index] < 0 && !s->open[r.index]) {
					s->open[r.index] = 1;   /* from before the block */
					s->live++;
				}
			}
		}
		if (r.file == QIR_FILE_UNIF)
			use(s, i, Q_UNIF, false);
		int cls = reg_class(r);
		if (cls >= 0)
			use_rare(s, i, (uint32_t)cls, true);
		if (r.file == QIR_FILE_VARY)
			use_rare(s, i, Q_R5, true);
	}
	if (in->op == QIR_OP_VARY_ADD_C)
		use_rare(s, i, Q_R5, false);
	if (qir_inst_reads_flags(in))
		use_rare(s, i, Q_FLAGS, false);
	if (in->sf)
		use_rare(s, i, Q_FLAGS, true);
	if ((info->flags & (QIR_OPF_TMU_WRITE | QIR_OPF_TMU_READ)) && s->fifo_on)
		fifo_use(s, i);
	else if (info->flags & (QIR_OPF_TMU_WRITE | QIR_OPF_TMU_READ))
		use_rare(s, i, Q_TMU, true);
	if (in->op == QIR_OP_TLB_COLOR_READ)
		use_rare(s, i, Q_TLB, true);
	if (in->op == QIR_OP_UNIFORMS_RESET)
		use_rare(s, i, Q_UNIF, true);
	int cls = reg_class(in->dst);
	if (cls >= 0)
		use_rare(s, i, (uint32_t)cls, true);
	if (qir_is_temp(in->dst))
		use(s, i, Q_FIXED + in->dst.index, true);
}

/* The ALU an instruction needs alone (QIR_ALU_ADD or QIR_ALU_MUL), else NONE. */
static uint8_t only_alu(const struct qir_inst *in)
{
	enum qir_alu a = qir_op_alu(in->op);
	return a == QIR_ALU_ADD || a == QIR_ALU_MUL ? (uint8_t)a : QIR_ALU_NONE;
}

/* Whether block nodes s->n may order their TMU accesses as a FIFO
 * (fifo_use()): outside fragment shaders (never threaded there), when
 * every access is a direct read's request or result (one write per
 * lookup, nothing else on the TMUs) and no result comes before its
 * request. A request then waits only for the result whose slot it takes,
 * and requests and results interleave instead of going in batches. */
static bool tmu_fifo_block(const struct qsched *s)
{
	if (!s->fifo_ok)
		return false;
	uint32_t sub = 0, load = 0;
	for (uint32_t i = 0; i < s->count; i++) {
		const struct qir_inst *in = s->n[i].inst;
		uint32_t f = qir_ops[in->op].flags & (QIR_OPF_TMU_WRITE | QIR_OPF_TMU_READ);
		if (!f)
			continue;
		if (in->op == QIR_OP_TEX_DIRECT)
			sub++;
		else if (in->op == QIR_OP_DIRECT_RESULT)
			load++;
		else
			return false;
		if (load > sub)
			return false;
	}
	return sub > 0;
}

/* Builds the block's DAG (every node's uses; thread switches and branches as
 * barriers after everything before them) and each node's priority, the
 * longest latency path from it to the block end. False when out of memory.
 * Out of line and on its own page, like reorder(): inlined, both made
 * qir_schedule() a function of three pages, whose hot loops crossed them
 * (util/code_align.h). */
VC4_CODE_ALIGN(4096)
static __attribute__((noinline)) bool build(struct qsched *s)
{
	int32_t barrier = -1;
	uint32_t since = 0;
	for (uint32_t i = 0; i < s->count; i++) {
		const struct qir_inst *in = s->n[i].inst;
		bool is_barrier = qir_ops[in->op].flags & (QIR_OPF_THRSW | QIR_OPF_BRANCH);
		s->n[i].alu = only_alu(in);
		if (barrier >= 0)
			edge(s, (uint32_t)barrier, i, 1);
		if (is_barrier) {
			for (uint32_t k = since; k < i; k++)
				edge(s, k, i, 0);
			since = i + 1;
			barrier = (int32_t)i;
		}
		node_uses(s, i);
	}
	for (uint32_t i = s->count; i-- > 0;) {
		uint32_t p = 1;
		for (uint32_t e = s->n[i].first_kid; e != UINT32_MAX; e = s->edges.data[e].next) {
			uint32_t v = s->edges.data[e].lat + s->n[s->edges.data[e].to].prio;
			if (v > p)
				p = v;
		}
		s->n[i].prio = p;
	}
	return !s->oom;
}


/* Node i's entry. */
static inline struct hent hent_of(const struct qsched *s, uint32_t i)
{
	struct hent e = { (uint64_t)(UINT32_MAX - s->n[i].prio) << 32 | i, s->n[i].alu };
	return e;
}

/* The ready nodes of reorder() (the waiting ones are in qsched.wait), and
 * the current step. */
struct lists {
	node_heap ready;
	uint32_t now;
	uint8_t last_alu;    /* the ALU the node taken last needs alone, or NONE */
};


/* In the ready heap's subtree at k, the first node (smallest key) that
 * does not need q->last_alu alone and whose path is at least min_prio -
 * BALANCE_SLACK: its index in *best (kept when none beats it). A subtree
 * whose root's path is shorter than that is skipped whole: the heap orders
 * by path first, so no node below it has a longer one. */
VC4_CODE_ALIGN(2048)
static inline void best_other_alu(const struct lists *q, size_t k, uint32_t min_prio,
				  size_t *best)
{
	if (k >= q->ready.len)
		return;
	struct hent j = q->ready.data[k];
	if (hent_prio(j) + BALANCE_SLACK < min_prio)
		return;
	if (j.alu != q->last_alu && (*best == SIZE_MAX || j.key < q->ready.data[*best].key))
		*best = k;
	for (size_t c = HEAP_ARITY * k + 1; c <= HEAP_ARITY * k + HEAP_ARITY; c++)
		best_other_alu(q, c, min_prio, best);
}

/* Node i (just popped as the best ready node) or, when i needs the same ALU
 * as the node taken last, the best ready node that does not and whose path
 * is at most BALANCE_SLACK shorter (i then goes back to the ready heap).
 * UINT32_MAX when out of memory. */
static uint32_t balance_alus(const struct qsched *s, struct lists *q, struct hent i)
{
	if (!s->balance || q->last_alu == QIR_ALU_NONE || i.alu != q->last_alu)
		return hent_node(i);
	size_t best = SIZE_MAX;
	best_other_alu(q, 0, hent_prio(i), &best);
	if (best == SIZE_MAX)
		return hent_node(i);
	struct hent j = heap_remove(&q->ready, best);
	return heap_push(&q->ready, i) ? hent_node(j) : UINT32_MAX;
}

/* Queues node i, ready at step `at` (at least the current step), among the
 * waiting nodes. */
static void wait_push(struct qsched *s, uint32_t i, uint32_t at)
{
	s->nwait++;
	s->n[i].wnext = s->wait[at % WAIT_RING];
	s->wait[at % WAIT_RING] = i;
}

/* qsort() order of waiting entries: by key. */
static int hent_cmp(const void *a, const void *b)
{
	uint64_t x = ((const struct hent *)a)->key, y = ((const struct hent *)b)->key;
	return x < y ? -1 : x > y;
}

/* Sorts the entries of w (a bucket due) by key: insertion for the usual
 * few entries, qsort() for dozens, a radix sort of the keys (unique: they
 * end in the node) from RADIX_MIN, where its fixed cost (a count per byte
 * value and position) is paid back. False when out of memory. */
static bool wait_sort(struct qsched *s, node_heap *w)
{
	if (w->len > 16 && w->len < RADIX_MIN) {
		qsort(w->data, w->len, sizeof(w->data[0]), hent_cmp);
		return true;
	}
	if (w->len >= RADIX_MIN) {
		if (!vc4_array_reserve(&s->keys, 2 * w->len))
			return false;
		for (size_t k = 0; k < w->len; k++)
			s->keys.data[k] = w->data[k].key;
		vc4_sort_u64(s->keys.data, s->keys.data + w->len, w->len);
		for (size_t k = 0; k < w->len; k++)
			w->data[k] = hent_of(s, (uint32_t)s->keys.data[k]);
		return true;
	}
	for (size_t k = 1; k < w->len; k++) {
		struct hent e = w->data[k];
		size_t j = k;
		for (; j > 0 && w->data[j - 1].key > e.key; j--)
			w->data[j] = w->data[j - 1];
		w->data[j] = e;
	}
	return true;
}

/* Moves the nodes ready at step q->now (every waiting one is ready at
 * q->now or later, so one bucket) to the ready heap in key order. When no
 * node is ready, time first jumps to the earliest waiting one. False when
 * out of memory. */
static bool wait_drain(struct qsched *s, struct lists *q)
{
	if (!q->ready.len)
		while (s->wait[q->now % WAIT_RING] == UINT32_MAX)
			q->now++;
	node_heap *w = &s->due;
	w->len = 0;
	for (uint32_t i = s->wait[q->now % WAIT_RING]; i != UINT32_MAX; i = s->n[i].wnext)
		if (!vc4_array_push(w, hent_of(s, i)))
			return false;
	s->wait[q->now % WAIT_RING] = UINT32_MAX;
	s->nwait -= (uint32_t)w->len;
	if (!wait_sort(s, w))
		return false;
	for (size_t k = 0; k < w->len; k++) {
		if (!heap_push(&q->ready, w->data[k]))
			return false;
	}
	return true;
}

/* Under register pressure, with the popped node opening di > 0 temps: the
 * index of the ready node among the first PRESSURE_SCAN that opens fewer
 * (the larger key among equals), SIZE_MAX when none does. Out of line and
 * aligned so that its loop lies in one page under qemu-arm (util/code_align.h),
 * whatever the size of next_node()'s caller. */
VC4_CODE_ALIGN(512)
static __attribute__((noinline)) size_t pressure_pick(const struct qsched *s,
						      const struct lists *q, int di)
{
	int best_d = di;
	size_t best = SIZE_MAX;
	for (size_t k = 0; k < q->ready.len && k < PRESSURE_SCAN; k++) {
		int d = pressure_delta(s, hent_node(q->ready.data[k]));
		if (d < best_d || (d == best_d && best != SIZE_MAX &&
				   q->ready.data[k].key < q->ready.data[best].key))
			best = k, best_d = d;
	}
	return best;
}

/* The next node to take: the best ready one; when none is ready, time
 * jumps to the earliest waiting one. The lists are not both empty. */
static uint32_t next_node(struct qsched *s, struct lists *q)
{
	if (s->nwait && !wait_drain(s, q))
		return UINT32_MAX;
	struct hent i = heap_pop(&q->ready);
	if (s->live >= PRESSURE_LIMIT && s->count >= PRESSURE_MIN_NODES) {
		int di = pressure_delta(s, hent_node(i));
		size_t best = di > 0 ? pressure_pick(s, q, di) : SIZE_MAX;
		if (best != SIZE_MAX) {
			struct hent j = heap_remove(&q->ready, best);
			return heap_push(&q->ready, i) ? hent_node(j) : UINT32_MAX;
		}
	}
	return balance_alus(s, q, i);
}

/* Takes node i at step q->now: its kids' ready steps move, and those left
 * without unscheduled parents join the waiting list. */
static void take(struct qsched *s, struct lists *q, uint32_t i)
{
	q->now++;   /* node i's step ends: its readers wait from the next one */
	pressure_take(s, i);
	q->last_alu = s->n[i].alu;
	for (uint32_t e = s->n[i].first_kid; e != UINT32_MAX; e = s->edges.data[e].next) {
		struct qnode *kid = &s->n[s->edges.data[e].to];
		if (kid->ready_at < q->now + s->edges.data[e].lat)
			kid->ready_at = q->now + s->edges.data[e].lat;
		if (--kid->nparents == 0)
			wait_push(s, s->edges.data[e].to, kid->ready_at);
	}
}

/* Relinks the block in list-scheduled order after `keep`, the pinned
 * payload reads at its top (NULL: none). Out of line and on its own page
 * (build()). */
VC4_CODE_ALIGN(4096)
static __attribute__((noinline)) bool reorder(struct qsched *s, struct qir_block *b,
					      struct qir_inst *keep)
{
	struct lists q = { s->ready, 0, QIR_ALU_NONE };
	for (uint32_t i = 0; i < s->count; i++)
		if (!s->n[i].nparents)
			wait_push(s, i, s->n[i].ready_at);
	if (keep)
		keep->next = NULL;
	else
		b->first = NULL;
	b->last = keep;
	for (uint32_t done = 0; done < s->count && !s->oom; done++) {
		if (!q.ready.len && !s->nwait) {   /* cannot happen: the graph is a DAG */
			s->oom = true;
			break;
		}
		uint32_t i = next_node(s, &q);
		if (i == UINT32_MAX) {
			s->oom = true;
			break;
		}
		struct qir_inst *in = s->n[i].inst;
		in->prev = in->next = NULL;
		qir_inst_insert_before(b, NULL, in);
		take(s, &q, i);
	}
	q.ready.len = 0;
	s->ready = q.ready;   /* its memory serves the next block */
	return !s->oom;
}

/* The last of the payload reads at the top of block b, or NULL: they stay
 * pinned there (the allocator precolours them and the validator wants them
 * first in a fragment shader's entry block). */
static struct qir_inst *payload_prefix(struct qir_block *b)
{
	struct qir_inst *keep = NULL;
	for (struct qir_inst *i = b->first; i && (qir_ops[i->op].flags & QIR_OPF_PAYLOAD);
	     i = i->next)
		keep = i;
	return keep;
}

/* Reorders block b by the list scheduler (file header), but for its leading
 * payload reads: resets the resources the last block touched, builds the
 * DAG and relinks the instructions. False when out of memory: after build()
 * succeeded the block may be half relinked, and the caller gives the
 * program up (c->oom). */
static bool schedule_block(struct qsched *s, struct qir_block *b)
{
	struct qir_inst *keep = payload_prefix(b);
	struct qir_inst *start = keep ? keep->next : b->first;
	uint32_t n = 0;
	for (struct qir_inst *i = start; i; i = i->next)
		n++;
	s->count = n;
	s->long_block |= n >= COMPACT_MIN;
	memset(s->n, 0, (n < s->n_used ? n : s->n_used) * sizeof(*s->n));
	s->n_used = n > s->n_used ? n : s->n_used;
	n = 0;
	for (struct qir_inst *i = start; i; i = i->next) {
		s->n[n].inst = i;
		s->n[n++].first_kid = UINT32_MAX;
	}
	for (size_t k = 0; k < s->touched.len; k++) {
		if (s->touched.data[k] >= Q_FIXED)
			s->left[s->touched.data[k] - Q_FIXED] = s->open[s->touched.data[k] - Q_FIXED] = 0;
		s->last_w[s->touched.data[k]] = -1;
		s->rhead[s->touched.data[k]] = s->rtail[s->touched.data[k]] = 0;
	}
	s->touched.len = 0;
	s->live = 0;
	s->readers.len = 0;
	s->edges.len = 0;
	s->fifo_on = false;
	s->fifo.nsub = s->fifo.nload = 0;
	if (tmu_fifo_block(s)) {
		if (!s->fifo.sub) {     /* the first FIFO block: room for any */
			s->fifo.sub = vc4_arena_alloc(&s->arena, s->max_count * sizeof(uint32_t));
			s->fifo.load = vc4_arena_alloc(&s->arena, s->max_count * sizeof(uint32_t));
			if (!s->fifo.sub || !s->fifo.load)
				return false;
		}
		s->fifo_on = true;
	}
	/* a block that fails is left as it was only if nothing was relinked */
	return build(s) && reorder(s, b, keep);
}

/* Room in the lists for the longest block, taken once for all blocks (a
 * block that grew them by pushes would copy the last block's in realloc();
 * pushes still grow past it): the usual edges and reads per node (over
 * bench/shaders 1.8 edges and 1.6 reads a node, up to 3 edges: 3 for a
 * block of up to 4,096 nodes, 2 for a longer one, whose memory stays what
 * it was), and a node's worth (up to 4,096) in the touched resources and
 * both heaps.
 * Out of memory here is only a missed hint: the pushes report it. */
static void reserve_lists(struct qsched *s)
{
	size_t n = s->max_count, few = n <= 4096 ? n : 4096;
	(void)(vc4_array_reserve(&s->edges, (n <= 4096 ? 3 : 2) * n) &&
	       vc4_array_reserve(&s->readers, 2 * n) && vc4_array_reserve(&s->touched, few) &&
	       vc4_array_reserve(&s->due, few) && vc4_array_reserve(&s->ready, few));
}

/* Instructions in c's longest block (at least 1). */
static uint32_t longest_block(struct qir_compile *c)
{
	uint32_t most = 1;
	struct qir_block *b;
	qir_foreach_block(c, b) {
		uint32_t n = 0;
		for (struct qir_inst *i = b->first; i; i = i->next)
			n++;
		if (n > most)
			most = n;
	}
	return most;
}

/* The pre-allocation order for every block of c (qir.h); false and c->oom
 * when out of memory. Drops the derived defs. */
VC4_CODE_ALIGN(4096)
bool qir_schedule(struct qir_compile *c)
{
	struct qsched s;
	memset(&s, 0, sizeof(s));
	_Alignas(16) char first[SCHED_ARENA_BUF];
	vc4_arena_init(&s.arena, first, sizeof(first));
	s.nres = Q_FIXED + c->num_temps;
	s.balance = c->stage != QIR_STAGE_COORD;
	s.max_count = longest_block(c);
	s.n = vc4_arena_zalloc(&s.arena, s.max_count, sizeof(*s.n));
	s.left = vc4_arena_zalloc(&s.arena, c->num_temps + 1, sizeof(*s.left));
	s.open = vc4_arena_zalloc(&s.arena, c->num_temps + 1, sizeof(*s.open));
	s.fifo_ok = c->stage != QIR_STAGE_FRAGMENT;
	s.last_w = vc4_arena_alloc(&s.arena, s.nres * sizeof(*s.last_w));
	s.rhead = vc4_arena_zalloc(&s.arena, s.nres, sizeof(*s.rhead));
	s.rtail = vc4_arena_zalloc(&s.arena, s.nres, sizeof(*s.rtail));
	bool ok = s.n && s.last_w && s.rhead && s.rtail && s.left && s.open;
	for (uint32_t r = 0; ok && r < s.nres; r++)
		s.last_w[r] = -1;
	for (int k = 0; k < WAIT_RING; k++)
		s.wait[k] = UINT32_MAX;
	reserve_lists(&s);
	struct qir_block *b;
	qir_foreach_block(c, b) {
		if (ok)
			ok = schedule_block(&s, b);
	}
	vc4_array_free(&s.readers);
	vc4_arena_fini(&s.arena);
	vc4_array_free(&s.edges);
	vc4_array_free(&s.touched);
	vc4_array_free(&s.due);
	vc4_array_free(&s.keys);
	vc4_array_free(&s.ready);
	qir_invalidate(c);
	if (!ok)
		c->oom = true;
	else if (s.long_block)
		qir_compact_insts(c);   /* the new order in memory (COMPACT_MIN) */
	return ok;
}
