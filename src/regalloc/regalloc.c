/*
 * regalloc.c: phases (b) and (c) of the allocator — interference graphs and
 * their colouring. The register set side (phase (a)) is in regalloc_set.c.
 *
 * THE IDEA
 *
 * Chaitin-style allocation colours an interference graph: one node per value,
 * an edge between two values live at the same time, one colour per machine
 * register. Colouring is NP-hard, so Chaitin simplifies: a node with fewer
 * neighbours than there are registers can always be coloured whatever its
 * neighbours get, so it is removed and pushed on a stack; removing it lowers
 * its neighbours' degrees, which may make them removable too. Popping the
 * stack and giving each node a register not used by its already-coloured
 * neighbours then cannot fail for nodes removed this way.
 *
 * "Fewer neighbours than registers" assumes every value may use every register
 * and every register blocks exactly one other. Real register files are not
 * like that: a value may be restricted to a subset (one register file of two,
 * the accumulators, a single special register), and registers may alias (a
 * 64-bit pair overlaps two 32-bit halves). Runeson and Nyström keep Chaitin's
 * algorithm and only replace the degree test by one that is sound for such
 * irregular targets:
 *
 *   J. Runeson, S.-O. Nyström, "Retargetable Graph-Coloring Register
 *   Allocation for Irregular Architectures", SCOPES 2003 (LNCS 2826); an
 *   earlier version is Uppsala University technical report 2002-021.
 *
 * NOTATION
 *
 *   R             the registers of the target, numbered 0..|R|-1.
 *   r ~ s         r and s conflict: they share storage, so two values live at
 *                 the same time may not occupy them. Symmetric and reflexive
 *                 (r ~ r); it need not be transitive (pairs overlapping
 *                 singles), and a register may conflict with many others.
 *   class B ⊆ R   the registers a value of that class may occupy. Classes may
 *                 overlap or be disjoint.
 *   p(B)          = |B|, the number of registers in class B.
 *   q(B, C)       = max over r in C of |{ s in B : s ~ r }|: the most registers
 *                 of B that one neighbour of class C can take away, whichever
 *                 register of C it gets. It is asymmetric: with aligned pairs
 *                 over singles, a pair blocks two singles (q(single, pair) = 2)
 *                 but a single blocks one pair (q(pair, single) = 1).
 *   class(n)      the class of node n; N(n) its neighbours still in the graph.
 *
 *   Node n is trivially colourable when
 *
 *       sum over j in N(n) of q(class(n), class(j))  <  p(class(n)),
 *
 *   because then, whatever registers the neighbours receive, fewer than
 *   p(class(n)) registers of its class are blocked and one is left. For a
 *   regular machine (one class R, no aliasing) q = 1 and p = |R|, and the test
 *   is Chaitin's "degree < k" again.
 *
 * THE ALGORITHM (ra_allocate)
 *
 *   1. Build adjacency in compressed form, without duplicate or self edges.
 *   2. Simplify. Every node keeps qsum(n), the left-hand side of the test,
 *      and the number of neighbours still in the graph (not summed when
 *      degree times qmax(class), the most one neighbour can block, is below
 *      p). Trivially colourable nodes wait on a worklist; the others sit in
 *      a binary heap. Removing a node (pushing it on the stack) subtracts its
 *      q from the qsum of each neighbour in the heap (a worklist node's is
 *      not read again) and moves a neighbour that passes the test from the
 *      heap to the worklist. When the worklist is empty but nodes remain we
 *      are stuck, and push optimistically (Briggs): the heap's minimum, the
 *      node with the lowest spill cost per remaining neighbour.
 *   3. Select. Pop the stack; each node gets a register of its class not
 *      conflicting with any register held by a coloured neighbour, chosen by
 *      the select callback or else the lowest-numbered one. Only a node pushed
 *      optimistically can find nothing free; then allocation fails and
 *      ra_get_best_spill_node() proposes a node to spill.
 *
 * WHAT WE DO DIFFERENTLY (from the paper and from the usual implementations)
 *
 *   - No N×N interference matrix: edges are collected in a growable list and
 *     turned into deduplicated adjacency arrays (a marker array, O(N + E)) at
 *     allocation time, or given whole as neighbour lists
 *     (ra_graph_set_adjacency(): no edge list at all). Memory is O(N + E).
 *   - qsum is maintained incrementally and the stuck choice comes from an
 *     indexed heap, so simplification is O((N + E) log N) rather than a rescan
 *     of all nodes per step.
 *   - The optimistic choice is the cheapest node to spill (cost / remaining
 *     degree, Chaitin's spill metric), so the node most at risk of finding no
 *     register is also the one we would rather spill. Unspillable nodes are
 *     chosen last.
 *   - A precoloured neighbour contributes exactly the number of registers of
 *     class(n) that its register blocks (the `blocked` table), not the q bound.
 *   - The spill proposal is cost / degree over all spillable nodes.
 *   - Misuse is reported as text through struct vc4_diag, never by aborting.
 *
 * COMPLEXITY: finalising a set costs O(K·R·R/64 + K²·R) once per target.
 * ra_allocate() costs O(N + E) to build adjacency, O((N + E) log N) to
 * simplify and O(E·R/64) to select (a bitset of R bits per neighbour).
 */
#include "regalloc_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/bits.h"
#include "util/code_align.h"
#include "util/zalloc.h"

enum node_state {
	NODE_IN_GRAPH,  /* not yet placed */
	NODE_TRIVIAL,   /* on the worklist of trivially colourable nodes */
	NODE_IN_HEAP,   /* stuck: waiting in the heap */
	NODE_STACKED,   /* removed from the graph, on the stack */
	NODE_FIXED,     /* precoloured: never in the graph */
};

struct ra_node {
	uint32_t cls;           /* RA_NO_CLASS until set */
	uint32_t reg;           /* precolour or result; RA_NO_REG */
	float cost;             /* spill cost; < 0 = unspillable */
	uint32_t icost : 24;    /* cost as an integer when g->int_costs (ICOST_NONE: < 0) */
	uint32_t state : 7;     /* enum node_state, during ra_allocate() */
	uint32_t precoloured : 1;
	uint32_t live_degree;   /* neighbours not precoloured and not stacked (kept
				 * up to date only while the node is in the heap) */
	uint32_t heap_pos;      /* index in g->heap while NODE_IN_HEAP */
	uint64_t qsum;          /* q(class(n), class(j)) summed over those neighbours, plus
				 * the registers precoloured neighbours block (idem) */
};

struct ra_graph {
	const struct ra_set *set;
	uint32_t nnodes;
	struct ra_node *nodes;
	VC4_ARRAY(uint32_t) edges;      /* pairs (a, b) as added */
	bool adj_dirty;                 /* edges changed since adjacency was built */
	bool adj_given;                 /* adjacency from ra_graph_set_adjacency() */
	size_t *adj_start;              /* nnodes + 1 offsets into adj */
	uint32_t *adj;
	ra_select_fn select;
	void *select_user;
	uint32_t *stack;                /* work arrays of nnodes entries each */
	uint32_t nstack;
	uint32_t *heap;                 /* stuck nodes, a binary min-heap (heap_less) */
	uint32_t nheap;
	uint32_t *trivial;              /* worklist of trivially colourable nodes */
	uint32_t ntrivial;
	uint64_t *avail;                /* one register bitset */
	bool colour_failed;             /* last ra_allocate() found no register for a node */
	bool int_costs;                 /* every cost whole, <= 2^24 (int_costs()) */
	struct vc4_diag err;            /* first bad input; sticky */
};

/* ---- building ------------------------------------------------------------ */

struct ra_graph *ra_graph_create(const struct ra_set *set, uint32_t nnodes,
				 struct vc4_diag *diag)
{
	if (!set || !set->finalized) {
		vc4_diag_set(diag, "ra_graph_create: the register set is not finalised");
		return NULL;
	}
	struct ra_graph *g = vc4_calloc(1, sizeof(*g));
	size_t n = nnodes ? nnodes : 1;
	if (g) {
		g->nodes = vc4_calloc(n, sizeof(*g->nodes));
		g->stack = vc4_calloc(n, sizeof(uint32_t));
		g->heap = vc4_calloc(n, sizeof(uint32_t));
		g->trivial = vc4_calloc(n, sizeof(uint32_t));
		g->avail = vc4_calloc(set->words, sizeof(uint64_t));
	}
	if (!g || !g->nodes || !g->stack || !g->heap || !g->trivial || !g->avail) {
		ra_graph_destroy(g);
		vc4_diag_set(diag, "ra_graph_create: out of memory for %u nodes", nnodes);
		return NULL;
	}
	g->set = set;
	g->nnodes = nnodes;
	for (uint32_t i = 0; i < nnodes; i++) {   /* the rest is zero from calloc */
		g->nodes[i].cls = RA_NO_CLASS;
		g->nodes[i].reg = RA_NO_REG;
		g->nodes[i].cost = 1.0f;
	}
	return g;
}

void ra_graph_destroy(struct ra_graph *g)
{
	if (!g)
		return;
	free(g->nodes);
	vc4_array_free(&g->edges);
	free(g->adj_start);
	free(g->adj);
	free(g->stack);
	free(g->heap);
	free(g->trivial);
	free(g->avail);
	free(g);
}

uint32_t ra_graph_node_count(const struct ra_graph *g)
{
	return g ? g->nnodes : 0;
}

bool ra_graph_ok(const struct ra_graph *g)
{
	return g && !g->err.set;
}

/* Common check of a building call naming a node: the graph is usable and
 * the node exists. Records the first error. */
static bool check_node(struct ra_graph *g, const char *fn, uint32_t node)
{
	if (!g || g->err.set)
		return false;
	if (node < g->nnodes)
		return true;
	return vc4_diag_set(&g->err, "%s: node %u out of range (graph has %u nodes)",
			    fn, node, g->nnodes);
}

/* Edges may not be added to a graph given its adjacency whole. */
static bool check_not_given(struct ra_graph *g, const char *fn)
{
	return !g->adj_given ||
	       vc4_diag_set(&g->err, "%s: the graph's adjacency was set whole", fn);
}

/* The node's class, the node in range (ra_graph_set_classes() inlines it). */
static inline bool store_class(struct ra_graph *g, uint32_t node, uint32_t cls)
{
	if (cls < g->set->nclasses)
		return g->nodes[node].cls = cls, true;
	return vc4_diag_set(&g->err, "ra_graph_set_class: node %u: class %u out of range (set "
			    "has %u classes)", node, cls, g->set->nclasses);
}

bool ra_graph_set_class(struct ra_graph *g, uint32_t node, uint32_t cls)
{
	return check_node(g, "ra_graph_set_class", node) && store_class(g, node, cls);
}

bool ra_graph_add_interference(struct ra_graph *g, uint32_t a, uint32_t b)
{
	static const char fn[] = "ra_graph_add_interference";
	if (!check_node(g, fn, a) || !check_node(g, fn, b) || !check_not_given(g, fn))
		return false;
	if (a == b)
		return true;
	if (!vc4_array_reserve(&g->edges, 2))
		return vc4_diag_set(&g->err, "%s: out of memory after %zu edges",
				    fn, g->edges.len / 2);
	g->edges.data[g->edges.len++] = a;
	g->edges.data[g->edges.len++] = b;
	g->adj_dirty = true;
	return true;
}

/* Whether start/adj are well-formed lists for g's nodes: offsets from 0
 * that do not decrease, neighbours in range (self-edges are not looked
 * for: one would only make colouring more pessimistic). */
static bool adjacency_ok(const struct ra_graph *g, const size_t *start, const uint32_t *adj)
{
	uint32_t nn = g->nnodes, most = 0;
	bool bad = start[0] != 0;
	for (uint32_t n = 0; n < nn; n++)
		bad |= start[n + 1] < start[n];
	if (bad)
		return false;
	size_t len = start[nn];
	for (size_t i = 0; i < len; i++)   /* a max: vectorises */
		most = adj[i] > most ? adj[i] : most;
	return len == 0 || most < nn;
}

VC4_CODE_ALIGN(512)
bool ra_graph_set_adjacency(struct ra_graph *g, size_t *start, uint32_t *adj)
{
	static const char fn[] = "ra_graph_set_adjacency";
	if (!g || g->err.set || !start || !adj) {
		free(start);
		free(adj);
		return g && !g->err.set &&
		       vc4_diag_set(&g->err, "%s: no adjacency (out of memory?)", fn);
	}
	if (g->edges.len || g->adj_given || !adjacency_ok(g, start, adj)) {
		free(start);
		free(adj);
		return vc4_diag_set(&g->err, "%s: %s", fn, g->edges.len || g->adj_given ?
				    "the graph already has edges" : "malformed neighbour lists");
	}
	free(g->adj_start);
	free(g->adj);
	g->adj_start = start;
	g->adj = adj;
	g->adj_dirty = false;
	g->adj_given = true;
	return true;
}

bool ra_graph_set_reg(struct ra_graph *g, uint32_t node, uint32_t reg)
{
	static const char fn[] = "ra_graph_set_reg";
	if (!check_node(g, fn, node))
		return false;
	if (reg >= g->set->nregs)
		return vc4_diag_set(&g->err, "%s: node %u: register %u out of range "
				    "(set has %u registers)", fn, node, reg, g->set->nregs);
	g->nodes[node].reg = reg;
	g->nodes[node].precoloured = true;
	return true;
}

/* The node's spill cost, as store_class(). */
static inline bool store_cost(struct ra_graph *g, uint32_t node, float cost)
{
	if (cost == RA_UNSPILLABLE || (cost >= 0.0f && isfinite(cost)))
		return g->nodes[node].cost = cost, true;
	return vc4_diag_set(&g->err, "ra_graph_set_spill_cost: node %u: cost %g is not a finite "
			    "value >= 0 nor RA_UNSPILLABLE", node, (double)cost);
}

bool ra_graph_set_spill_cost(struct ra_graph *g, uint32_t node, float cost)
{
	return check_node(g, "ra_graph_set_spill_cost", node) && store_cost(g, node, cost);
}

bool ra_graph_set_classes(struct ra_graph *g, const uint32_t *cls)
{
	bool ok = g && !g->err.set;
	for (uint32_t n = 0; ok && n < g->nnodes; n++)
		ok = cls[n] == RA_NO_CLASS || store_class(g, n, cls[n]);
	return ok;
}

bool ra_graph_set_spill_costs(struct ra_graph *g, const float *costs)
{
	bool ok = g && !g->err.set;
	for (uint32_t n = 0; ok && n < g->nnodes; n++)
		ok = store_cost(g, n, costs[n]);
	return ok;
}

void ra_graph_set_select_callback(struct ra_graph *g, ra_select_fn fn, void *user)
{
	if (g)
		g->select = fn, g->select_user = user;
}

uint32_t ra_graph_get_class(const struct ra_graph *g, uint32_t node)
{
	return g && node < g->nnodes ? g->nodes[node].cls : RA_NO_CLASS;
}

/* ---- adjacency ----------------------------------------------------------- */

/* Removes repeated neighbours from each node's slice of g->adj, compacting
 * the array and rewriting adj_start. `mark` holds nnodes zeroed entries. */
static void dedupe_adjacency(struct ra_graph *g, uint32_t *mark)
{
	size_t w = 0;
	for (uint32_t n = 0; n < g->nnodes; n++) {
		size_t s = g->adj_start[n], e = g->adj_start[n + 1];
		g->adj_start[n] = w;
		for (size_t i = s; i < e; i++) {
			uint32_t nb = g->adj[i];
			if (mark[nb] != n + 1) {
				mark[nb] = n + 1;
				g->adj[w++] = nb;
			}
		}
	}
	g->adj_start[g->nnodes] = w;
}

/* Turns the edge list into deduplicated adjacency arrays (counting sort).
 * False (error recorded) when memory runs out. */
static bool build_adjacency(struct ra_graph *g)
{
	size_t nedge = g->edges.len;
	free(g->adj_start);
	free(g->adj);
	g->adj_start = vc4_calloc((size_t)g->nnodes + 1, sizeof(size_t));
	g->adj = malloc((nedge ? nedge : 1) * sizeof(uint32_t));
	uint32_t *mark = vc4_calloc(g->nnodes ? g->nnodes : 1, sizeof(uint32_t));
	if (!g->adj_start || !g->adj || !mark) {
		free(mark);
		return vc4_diag_set(&g->err, "ra_allocate: out of memory for %zu edges", nedge / 2);
	}
	for (size_t i = 0; i < nedge; i++)
		g->adj_start[g->edges.data[i] + 1]++;
	for (uint32_t n = 0; n < g->nnodes; n++)
		g->adj_start[n + 1] += g->adj_start[n];
	/* mark doubles as the fill cursor here, then is cleared for dedupe. */
	for (size_t i = 0; i < nedge; i += 2) {
		uint32_t a = g->edges.data[i], b = g->edges.data[i + 1];
		g->adj[g->adj_start[a] + mark[a]++] = b;
		g->adj[g->adj_start[b] + mark[b]++] = a;
	}
	memset(mark, 0, (size_t)g->nnodes * sizeof(uint32_t));
	dedupe_adjacency(g, mark);
	free(mark);
	g->adj_dirty = false;
	return true;
}

/* ---- the heap of stuck nodes -------------------------------------------- */

#define ICOST_NONE 0xffffffu   /* the 24-bit icost of an unspillable node */

/* Sets g->int_costs when every spill cost is a whole number below 2^24 - 1
 * (or unspillable) and there are fewer than 2^29 nodes, with each node's
 * icost: then every product heap_less() compares, cost × degree, is below
 * 2^53, exact in a double, and the integer products order the nodes the
 * same. */
static void int_costs(struct ra_graph *g)
{
	g->int_costs = g->nnodes < (UINT32_C(1) << 29);
	for (uint32_t n = 0; n < g->nnodes && g->int_costs; n++) {
		struct ra_node *node = &g->nodes[n];
		float c = node->cost;
		bool fits = c >= 0.0f && c < (float)ICOST_NONE;
		node->icost = c < 0.0f ? ICOST_NONE : fits ? (uint32_t)c : 0;
		g->int_costs = c < 0.0f || (fits && (float)node->icost == c);
	}
}

/* Whether stuck node a should be pushed optimistically before b: spillable
 * before unspillable, then lower cost / live degree (cross-multiplied, so a
 * degree of 0 counts as infinitely expensive), then higher degree, then
 * lower node number. */
static inline bool heap_less(const struct ra_graph *g, uint32_t a, uint32_t b)
{
	const struct ra_node *na = &g->nodes[a], *nb = &g->nodes[b];
	if (g->int_costs) {   /* the same order without float operations */
		bool ua = na->icost == ICOST_NONE, ub = nb->icost == ICOST_NONE;
		if (ua != ub)
			return !ua;
		uint64_t lhs = (uint64_t)na->icost * nb->live_degree;
		uint64_t rhs = (uint64_t)nb->icost * na->live_degree;
		if (!ua && lhs != rhs)
			return lhs < rhs;
	} else {
		bool ua = na->cost < 0.0f, ub = nb->cost < 0.0f;
		if (ua != ub)
			return !ua;
		double lhs = (double)na->cost * nb->live_degree;
		double rhs = (double)nb->cost * na->live_degree;
		if (!ua && lhs != rhs)
			return lhs < rhs;
	}
	if (na->live_degree != nb->live_degree)
		return na->live_degree > nb->live_degree;
	return a < b;
}

/* Stores `node` at heap index `pos` and remembers where it is. */
static void heap_place(struct ra_graph *g, uint32_t pos, uint32_t node)
{
	g->heap[pos] = node;
	g->nodes[node].heap_pos = pos;
}

/* Moves the node at `pos` towards the root while it beats its parent. */
static void heap_sift_up(struct ra_graph *g, uint32_t pos)
{
	uint32_t node = g->heap[pos];
	while (pos > 0) {
		uint32_t parent = (pos - 1) / 2;
		if (!heap_less(g, node, g->heap[parent]))
			break;
		heap_place(g, pos, g->heap[parent]);
		pos = parent;
	}
	heap_place(g, pos, node);
}

/* Moves the node at `pos` towards the leaves while a child beats it. */
static inline void heap_sift_down(struct ra_graph *g, uint32_t pos)
{
	uint32_t node = g->heap[pos];
	for (;;) {
		uint32_t child = 2 * pos + 1;
		if (child >= g->nheap)
			break;
		if (child + 1 < g->nheap && heap_less(g, g->heap[child + 1], g->heap[child]))
			child++;
		if (!heap_less(g, g->heap[child], node))
			break;
		heap_place(g, pos, g->heap[child]);
		pos = child;
	}
	heap_place(g, pos, node);
}

/* Adds a stuck node to the heap. */
static void heap_push(struct ra_graph *g, uint32_t node)
{
	g->nodes[node].state = NODE_IN_HEAP;
	heap_place(g, g->nheap++, node);
	heap_sift_up(g, g->nheap - 1);
}

/* Takes `node` out of the heap, wherever it is. */
static void heap_remove(struct ra_graph *g, uint32_t node)
{
	uint32_t pos = g->nodes[node].heap_pos;
	uint32_t last = g->heap[--g->nheap];
	if (last == node)
		return;
	heap_place(g, pos, last);
	heap_sift_up(g, pos);
	heap_sift_down(g, g->nodes[last].heap_pos);
}

/* ---- simplify -------------------------------------------------------------- */

/* The Runeson–Nyström test on the node's current qsum. */
static bool trivially_colourable(const struct ra_graph *g, const struct ra_node *n)
{
	return n->qsum < g->set->p[n->cls];
}

/* Computes qsum and live degree of every node to colour and puts it on the
 * worklist or in the heap. Precoloured neighbours count with what they
 * really block. A node whose degree times qmax (the most any neighbour can
 * block) is below p is trivially colourable whatever its neighbours are:
 * it goes to the worklist without the walk, as its qsum and live degree
 * are read only for nodes in the heap. */
static void init_simplify(struct ra_graph *g)
{
	const struct ra_set *set = g->set;
	g->nstack = g->nheap = g->ntrivial = 0;
	for (uint32_t n = 0; n < g->nnodes; n++) {
		struct ra_node *node = &g->nodes[n];
		if (node->precoloured)
			node->state = NODE_FIXED;
	}
	for (uint32_t n = 0; n < g->nnodes; n++) {
		struct ra_node *node = &g->nodes[n];
		if (node->precoloured)
			continue;
		size_t degree = g->adj_start[n + 1] - g->adj_start[n];
		if ((uint64_t)degree * set->qmax[node->cls] < set->p[node->cls]) {
			node->state = NODE_TRIVIAL;
			g->trivial[g->ntrivial++] = n;
			continue;
		}
		const uint32_t *qrow = set->q + (size_t)node->cls * set->nclasses;
		const uint32_t *brow = set->blocked + (size_t)node->cls * set->nregs;
		uint64_t qsum = 0;
		uint32_t live = 0;
		for (size_t i = g->adj_start[n]; i < g->adj_start[n + 1]; i++) {
			const struct ra_node *nb = &g->nodes[g->adj[i]];
			if (nb->precoloured) {
				qsum += brow[nb->reg];
			} else {
				qsum += qrow[nb->cls];
				live++;
			}
		}
		node->qsum = qsum;
		node->live_degree = live;
		node->state = NODE_IN_GRAPH;
		if (trivially_colourable(g, node)) {
			node->state = NODE_TRIVIAL;
			g->trivial[g->ntrivial++] = n;
		} else {
			heap_push(g, n);
		}
	}
}

/* Pushes node n on the stack and updates the neighbours it leaves behind
 * (precoloured ones, NODE_FIXED, and stacked ones are out of the graph).
 * Only neighbours in the heap are updated: a node on the worklist never
 * goes back to the heap, and qsum and live_degree are read only for heap
 * nodes (trivially_colourable() here, heap_less()), so theirs would be dead
 * stores. The graph's arrays are read into locals once: the stores to the
 * nodes would otherwise make the compiler reload them for every neighbour.
 * With the heap empty (most of the time on graphs whose nodes nearly all
 * have fewer neighbours than registers) there is no walk at all. */
static void remove_node(struct ra_graph *g, uint32_t n)
{
	const struct ra_set *set = g->set;
	struct ra_node *nodes = g->nodes;
	const uint32_t *adj = g->adj;
	const uint32_t *qcol = set->qt + (size_t)nodes[n].cls * set->nclasses;
	const size_t end = g->adj_start[n + 1];
	nodes[n].state = NODE_STACKED;
	g->stack[g->nstack++] = n;
	if (!g->nheap)   /* no neighbour can be in the heap: nothing to update */
		return;
	for (size_t i = g->adj_start[n]; i < end; i++) {
		uint32_t j = adj[i];
		struct ra_node *nb = &nodes[j];
		if (nb->state != NODE_IN_HEAP)   /* see the comment above */
			continue;
		nb->qsum -= qcol[nb->cls];
		nb->live_degree--;
		if (trivially_colourable(g, nb)) {
			heap_remove(g, j);
			nb->state = NODE_TRIVIAL;
			g->trivial[g->ntrivial++] = j;
		} else if (2 * nb->heap_pos + 1 < g->nheap) {
			/* fewer neighbours: a worse key (a leaf stays where it is) */
			heap_sift_down(g, nb->heap_pos);
		}
	}
}

/* Empties the graph onto the stack: trivially colourable nodes first, the
 * heap's minimum (optimistically) when none is left. Own page (code_align.h). */
static VC4_CODE_ALIGN(4096) __attribute__((noinline)) void simplify(struct ra_graph *g)
{
	init_simplify(g);
	for (;;) {
		uint32_t n;
		if (g->ntrivial > 0) {
			n = g->trivial[--g->ntrivial];
		} else if (g->nheap > 0) {
			n = g->heap[0];
			heap_remove(g, n);
		} else {
			break;
		}
		remove_node(g, n);
	}
}

/* ---- select ---------------------------------------------------------------- */

/* Fills g->avail with the registers of n's class that no coloured neighbour
 * blocks; returns whether any is left. */
static bool compute_avail(struct ra_graph *g, uint32_t n)
{
	const struct ra_set *set = g->set;
	uint32_t words = set->words;
	const uint64_t *row = ra_set_class_row(set, g->nodes[n].cls);
	if (words <= 2) {       /* every real target: the bitset in two locals */
		const struct ra_node *nodes = g->nodes;
		const uint32_t *adj = g->adj;
		const size_t end = g->adj_start[n + 1];
		uint64_t a0 = row[0], a1 = words > 1 ? row[1] : 0;
		for (size_t i = g->adj_start[n]; i < end; i++) {
			uint32_t reg = nodes[adj[i]].reg;
			if (reg == RA_NO_REG)
				continue;
			const uint64_t *c = ra_set_conflict_row(set, reg);
			a0 &= ~c[0];
			if (words > 1)
				a1 &= ~c[1];
		}
		g->avail[0] = a0;
		if (words > 1)
			g->avail[1] = a1;
		return (a0 | a1) != 0;
	}
	memcpy(g->avail, row, words * sizeof(uint64_t));
	for (size_t i = g->adj_start[n]; i < g->adj_start[n + 1]; i++) {
		uint32_t reg = g->nodes[g->adj[i]].reg;
		if (reg == RA_NO_REG)
			continue;
		const uint64_t *c = ra_set_conflict_row(set, reg);
		for (uint32_t w = 0; w < words; w++)
			g->avail[w] &= ~c[w];
	}
	uint64_t any = 0;
	for (uint32_t w = 0; w < words; w++)
		any |= g->avail[w];
	return any != 0;
}

/* The lowest-numbered register in `avail`, or RA_NO_REG. */
static uint32_t lowest_avail(const uint64_t *avail, uint32_t words)
{
	for (uint32_t w = 0; w < words; w++)
		if (avail[w])
			return w * 64 + vc4_ctz64(avail[w]);
	return RA_NO_REG;
}

/* Colours node n, or explains in diag why it cannot be. */
static bool select_node(struct ra_graph *g, uint32_t n, struct vc4_diag *diag)
{
	struct ra_node *node = &g->nodes[n];
	if (!compute_avail(g, n)) {
		g->colour_failed = true;
		return vc4_diag_set(diag, "ra_allocate: node %u (class %u, %u registers) has no "
				    "free register left by its %zu neighbours",
				    n, node->cls, g->set->p[node->cls],
				    g->adj_start[n + 1] - g->adj_start[n]);
	}
	uint32_t reg = g->select ? g->select(g, n, g->avail, g->select_user)
				 : lowest_avail(g->avail, g->set->words);
	if (reg >= g->set->nregs || !ra_avail_has(g->avail, reg)) {
		vc4_diag_set(&g->err, "ra_allocate: the select callback chose register %u for "
			     "node %u, which is not available to it", reg, n);
		return vc4_diag_set(diag, "%s", g->err.msg);
	}
	node->reg = reg;
	return true;
}

/* ---- allocate -------------------------------------------------------------- */

/* Fails (error recorded) if precoloured node n interferes with a later
 * precoloured node on a conflicting register. */
static bool check_precolours(struct ra_graph *g, uint32_t n)
{
	const struct ra_node *node = &g->nodes[n];
	for (size_t i = g->adj_start[n]; i < g->adj_start[n + 1]; i++) {
		uint32_t j = g->adj[i];
		const struct ra_node *nb = &g->nodes[j];
		if (j < n || !nb->precoloured || !ra_set_conflicts(g->set, node->reg, nb->reg))
			continue;
		return vc4_diag_set(&g->err, "ra_allocate: precoloured nodes %u and %u interfere "
				    "but hold conflicting registers %u and %u",
				    n, j, node->reg, nb->reg);
	}
	return true;
}

/* Rejects graphs that cannot be coloured whatever we do: a node without a
 * class, two interfering precoloured nodes on conflicting registers. */
static bool check_input(struct ra_graph *g)
{
	for (uint32_t n = 0; n < g->nnodes; n++) {
		const struct ra_node *node = &g->nodes[n];
		if (!node->precoloured && node->cls == RA_NO_CLASS)
			return vc4_diag_set(&g->err, "ra_allocate: node %u has no class", n);
		if (node->precoloured && !check_precolours(g, n))
			return false;
	}
	return true;
}

/* Forgets the registers of every node that is not precoloured. */
static void clear_colours(struct ra_graph *g)
{
	for (uint32_t n = 0; n < g->nnodes; n++)
		if (!g->nodes[n].precoloured)
			g->nodes[n].reg = RA_NO_REG;
}

VC4_CODE_ALIGN(4096)
bool ra_allocate(struct ra_graph *g, struct vc4_diag *diag)
{
	if (!g)
		return vc4_diag_set(diag, "ra_allocate: no graph");
	g->colour_failed = false;
	clear_colours(g);
	if (!g->err.set && (g->adj_dirty || !g->adj_start))
		build_adjacency(g);
	if (g->err.set || !check_input(g))
		return vc4_diag_set(diag, "%s", g->err.msg);
	int_costs(g);
	simplify(g);
	for (uint32_t i = g->nstack; i-- > 0;) {
		if (!select_node(g, g->stack[i], diag)) {
			clear_colours(g);
			return false;
		}
	}
	return true;
}

uint32_t ra_get_reg(const struct ra_graph *g, uint32_t node)
{
	if (!g || node >= g->nnodes)
		return RA_NO_REG;
	return g->nodes[node].reg;
}

void ra_graph_get_regs(const struct ra_graph *g, uint32_t *regs)
{
	for (uint32_t n = 0; g && n < g->nnodes; n++)
		regs[n] = g->nodes[n].reg;
}

uint32_t ra_get_best_spill_node(const struct ra_graph *g)
{
	if (!g || !g->colour_failed)
		return RA_NO_NODE;
	uint32_t best = RA_NO_NODE;
	double best_cost = 0.0;
	size_t best_degree = 0;
	for (uint32_t n = 0; n < g->nnodes; n++) {
		const struct ra_node *node = &g->nodes[n];
		size_t degree = g->adj_start[n + 1] - g->adj_start[n];
		if (node->precoloured || node->cost < 0.0f || degree == 0)
			continue;
		/* cost/degree < best_cost/best_degree, without dividing */
		if (best == RA_NO_NODE ||
		    (double)node->cost * (double)best_degree < best_cost * (double)degree) {
			best = n;
			best_cost = node->cost;
			best_degree = degree;
		}
	}
	return best;
}
