/*
 * test_regalloc_alloc.c: colouring small hand-checked graphs — simple and
 * optimistic colouring, failure and the spill proposal, unspillable and
 * precoloured nodes, select callbacks, register files, and the graph errors.
 */
#include <math.h>

#include "ra_test_util.h"

/* Allocates and returns the registers of nodes 0..n-1 as text "r r r". */
static const char *regs_text(const struct ra_graph *g)
{
	static char text[256];
	size_t len = 0;
	text[0] = '\0';
	for (uint32_t n = 0; n < ra_graph_node_count(g); n++) {
		uint32_t r = ra_get_reg(g, n);
		len += (size_t)snprintf(text + len, sizeof(text) - len, n ? " %d" : "%d",
					r == RA_NO_REG ? -1 : (int)r);
	}
	return text;
}

/* A triangle plus a pendant node on 3 registers: everything is trivially
 * colourable; the lowest free register is taken in stack order. */
static void simple_graph(void **state)
{
	(void)state;
	struct ra_set *set = rt_flat_set(3);
	struct ra_graph *g = ra_graph_create(set, 4, NULL);
	struct rt_edges ed = {0};
	for (uint32_t n = 0; n < 4; n++)
		assert_true(ra_graph_set_class(g, n, 0));
	rt_edge(g, &ed, 0, 1);
	rt_edge(g, &ed, 1, 2);
	rt_edge(g, &ed, 2, 0);
	rt_edge(g, &ed, 2, 3);
	rt_edge(g, &ed, 3, 2); /* duplicates and self edges are ignored */
	assert_true(ra_graph_add_interference(g, 1, 1));
	struct vc4_diag d = {0};
	assert_true(ra_allocate(g, &d));
	assert_false(d.set);
	rt_check_colouring(set, g, &ed, NULL);
	assert_string_equal(regs_text(g), "0 1 2 0");
	assert_int_equal(ra_get_best_spill_node(g), RA_NO_NODE);
	free(ed.e);
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

/* A 4-cycle on 2 registers: every node has q-sum 2 = p, so the test is stuck
 * at once, yet the cycle is 2-colourable and optimism finds it. By hand:
 * node 0 is pushed optimistically; then 3, 2, 1 are trivial; select pops
 * 1 (r0), 2 (r1), 3 (r0), 0 (r1). */
static void optimistic_cycle(void **state)
{
	(void)state;
	struct ra_set *set = rt_flat_set(2);
	struct ra_graph *g = ra_graph_create(set, 4, NULL);
	struct rt_edges ed = {0};
	for (uint32_t n = 0; n < 4; n++) {
		assert_true(ra_graph_set_class(g, n, 0));
		rt_edge(g, &ed, n, (n + 1) % 4);
	}
	assert_true(ra_allocate(g, NULL));
	rt_check_colouring(set, g, &ed, NULL);
	assert_string_equal(regs_text(g), "1 0 1 0");
	free(ed.e);
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

/* The 4-cycle with spill costs: the cheapest node per neighbour is pushed
 * optimistically first, so it decides the colouring. Whole costs are
 * compared in integers, others in doubles (heap_less): costs of the same
 * order in both forms colour alike. */
static const char *cycle_with_costs(const float cost[4])
{
	struct ra_set *set = rt_flat_set(2);
	struct ra_graph *g = ra_graph_create(set, 4, NULL);
	struct rt_edges ed = {0};
	for (uint32_t n = 0; n < 4; n++) {
		assert_true(ra_graph_set_class(g, n, 0));
		assert_true(ra_graph_set_spill_cost(g, n, cost[n]));
		rt_edge(g, &ed, n, (n + 1) % 4);
	}
	assert_true(ra_allocate(g, NULL));
	rt_check_colouring(set, g, &ed, NULL);
	static char text[64];
	snprintf(text, sizeof(text), "%s", regs_text(g));
	free(ed.e);
	ra_graph_destroy(g);
	ra_set_destroy(set);
	return text;
}

static void optimistic_by_cost(void **state)
{
	(void)state;
	/* the cheapest and the dearest node differ in parity, so does the result */
	static const float whole[2][4] = { { 3, 1, 4, 2 }, { 1, 3, 2, 4 } };
	static const float half[2][4] = { { 1.5f, 0.5f, 2, 1 }, { 0.5f, 1.5f, 1, 2 } };
	static const float unspill[4] = { RA_UNSPILLABLE, 2, 1, RA_UNSPILLABLE };
	static const char *const want[2] = { "0 1 0 1", "1 0 1 0" };
	for (int k = 0; k < 2; k++) {
		assert_string_equal(cycle_with_costs(whole[k]), want[k]);
		assert_string_equal(cycle_with_costs(half[k]), want[k]);
	}
	assert_string_equal(cycle_with_costs(unspill), "1 0 1 0");
}

/* The bulk calls: classes (RA_NO_CLASS leaving a precoloured node alone)
 * and costs for every node at once colour the costed 4-cycle as the calls
 * node by node do, and ra_graph_get_regs() gives ra_get_reg() of each.
 * Bad entries fail with the one-node call's message for the first. */
static void bulk_classes_costs_and_regs(void **state)
{
	(void)state;
	static const uint32_t cls[4] = { 0, 0, RA_NO_CLASS, 0 };
	static const float cost[4] = { 1, 3, 1, 4 };
	struct ra_set *set = rt_flat_set(2);
	struct ra_graph *g = ra_graph_create(set, 4, NULL);
	struct rt_edges ed = {0};
	assert_true(ra_graph_set_reg(g, 2, 1));
	assert_true(ra_graph_set_classes(g, cls));
	assert_true(ra_graph_set_spill_costs(g, cost));
	assert_int_equal(ra_graph_get_class(g, 1), 0);
	assert_int_equal(ra_graph_get_class(g, 2), RA_NO_CLASS);
	for (uint32_t n = 0; n < 4; n++)
		rt_edge(g, &ed, n, (n + 1) % 4);
	static const bool pre[4] = { false, false, true, false };
	assert_true(ra_allocate(g, NULL));
	rt_check_colouring(set, g, &ed, pre);
	assert_string_equal(regs_text(g), "1 0 1 0");   /* 2 on r1: 1 and 3 on r0 */
	uint32_t regs[4] = { 7, 7, 7, 7 };
	ra_graph_get_regs(g, regs);
	for (uint32_t n = 0; n < 4; n++)
		assert_int_equal(regs[n], ra_get_reg(g, n));
	ra_graph_get_regs(NULL, regs);   /* nothing */
	assert_int_equal(regs[0], 1);
	free(ed.e);
	ra_graph_destroy(g);
	g = ra_graph_create(set, 4, NULL);   /* the same, node by node */
	ed = (struct rt_edges){0};
	assert_true(ra_graph_set_reg(g, 2, 1));
	for (uint32_t n = 0; n < 4; n++) {
		if (cls[n] != RA_NO_CLASS)
			assert_true(ra_graph_set_class(g, n, cls[n]));
		assert_true(ra_graph_set_spill_cost(g, n, cost[n]));
		rt_edge(g, &ed, n, (n + 1) % 4);
	}
	assert_true(ra_allocate(g, NULL));
	assert_string_equal(regs_text(g), "1 0 1 0");
	free(ed.e);
	ra_graph_destroy(g);

	static const uint32_t bad_cls[4] = { 0, 5, 0, 0 };
	static const float bad_cost[4] = { 1, 1, -2, 1 };
	struct vc4_diag d = {0};
	g = ra_graph_create(set, 4, NULL);
	assert_false(ra_graph_set_classes(g, bad_cls));
	assert_false(ra_graph_set_spill_costs(g, cost));   /* the first error stays */
	assert_false(ra_allocate(g, &d));
	assert_string_equal(d.msg, "ra_graph_set_class: node 1: class 5 out of range "
			    "(set has 1 classes)");
	ra_graph_destroy(g);
	g = ra_graph_create(set, 4, NULL);
	assert_true(ra_graph_set_classes(g, cls));
	assert_false(ra_graph_set_spill_costs(g, bad_cost));
	vc4_diag_clear(&d);
	assert_false(ra_allocate(g, &d));
	assert_string_equal(d.msg, "ra_graph_set_spill_cost: node 2: cost -2 is not a finite "
			    "value >= 0 nor RA_UNSPILLABLE");
	ra_graph_destroy(g);
	assert_false(ra_graph_set_classes(NULL, cls));
	assert_false(ra_graph_set_spill_costs(NULL, cost));
	ra_set_destroy(set);
}

/* Copies n entries into a fresh malloc'ed array (the graph takes it). */
static void *dup_array(const void *src, size_t bytes)
{
	void *p = malloc(bytes);
	assert_non_null(p);
	memcpy(p, src, bytes);
	return p;
}

/* The 4-cycle again, given as ready neighbour lists in the order adding its
 * edges gives: the same colouring. Then the misuses: edges on top of a set
 * adjacency, an adjacency on top of edges, decreasing offsets, a node out of
 * range. */
static void adjacency_given_whole(void **state)
{
	(void)state;
	static const size_t start[5] = { 0, 2, 4, 6, 8 };
	static const uint32_t adj[8] = { 1, 3, 0, 2, 1, 3, 2, 0 };
	static const uint32_t range[8] = { 1, 3, 0, 2, 1, 4, 2, 0 };
	struct ra_set *set = rt_flat_set(2);
	struct ra_graph *g = ra_graph_create(set, 4, NULL);
	for (uint32_t n = 0; n < 4; n++)
		assert_true(ra_graph_set_class(g, n, 0));
	assert_true(ra_graph_set_adjacency(g, dup_array(start, sizeof(start)),
					   dup_array(adj, sizeof(adj))));
	assert_true(ra_allocate(g, NULL));
	assert_string_equal(regs_text(g), "1 0 1 0");
	assert_false(ra_graph_add_interference(g, 0, 2));
	struct vc4_diag e = {0};
	assert_false(ra_allocate(g, &e));
	assert_string_equal(e.msg, "ra_graph_add_interference: the graph's adjacency was "
			    "set whole");
	ra_graph_destroy(g);

	static const size_t down[5] = { 0, 2, 4, 3, 8 };
	const uint32_t *bad[3] = { adj, adj, range };
	const size_t *starts[3] = { start, down, start };
	static const char *const msg[3] = {
		"ra_graph_set_adjacency: the graph already has edges",
		"ra_graph_set_adjacency: malformed neighbour lists",
		"ra_graph_set_adjacency: malformed neighbour lists",
	};
	for (int i = 0; i < 3; i++) {
		g = ra_graph_create(set, 4, NULL);
		for (uint32_t n = 0; n < 4; n++)
			assert_true(ra_graph_set_class(g, n, 0));
		if (i == 0)
			assert_true(ra_graph_add_interference(g, 0, 1));
		assert_false(ra_graph_set_adjacency(g, dup_array(starts[i], sizeof(start)),
						    dup_array(bad[i], sizeof(adj))));
		struct vc4_diag d = {0};
		assert_false(ra_allocate(g, &d));
		assert_string_equal(d.msg, msg[i]);
		ra_graph_destroy(g);
	}
	ra_set_destroy(set);
}

/* A 5-cycle on 2 registers cannot be coloured. The spill proposal is the
 * lowest cost / degree among spillable nodes (all of degree 2 here). */
static void odd_cycle_fails_and_proposes_cheapest(void **state)
{
	(void)state;
	struct ra_set *set = rt_flat_set(2);
	struct ra_graph *g = ra_graph_create(set, 5, NULL);
	static const float cost[5] = { 5, 3, 1, 4, 2 };
	for (uint32_t n = 0; n < 5; n++) {
		assert_true(ra_graph_set_class(g, n, 0));
		assert_true(ra_graph_add_interference(g, n, (n + 1) % 5));
		assert_true(ra_graph_set_spill_cost(g, n, cost[n]));
	}
	assert_int_equal(ra_get_best_spill_node(g), RA_NO_NODE); /* not attempted yet */
	struct vc4_diag d = {0};
	assert_false(ra_allocate(g, &d));
	assert_true(ra_graph_ok(g));
	/* Optimism pushes node 2 (cheapest); 1 and 3 then simplify, and so on;
	 * node 2 is coloured last and finds both registers taken. */
	assert_string_equal(d.msg, "ra_allocate: node 2 (class 0, 2 registers) has no free "
			    "register left by its 2 neighbours");
	assert_int_equal(ra_get_best_spill_node(g), 2);
	assert_int_equal(ra_get_reg(g, 0), RA_NO_REG);

	assert_true(ra_graph_set_spill_cost(g, 2, RA_UNSPILLABLE));
	assert_false(ra_allocate(g, NULL));
	assert_int_equal(ra_get_best_spill_node(g), 4);

	for (uint32_t n = 0; n < 5; n++)
		assert_true(ra_graph_set_spill_cost(g, n, RA_UNSPILLABLE));
	assert_false(ra_allocate(g, NULL));
	assert_int_equal(ra_get_best_spill_node(g), RA_NO_NODE);
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

/* cost / degree, not cost alone: a node of cost 3 and degree 3 (ratio 1)
 * beats a node of cost 2 and degree 1 (ratio 2). K4 plus a pendant on 3
 * registers. */
static void spill_choice_weighs_degree(void **state)
{
	(void)state;
	struct ra_set *set = rt_flat_set(3);
	struct ra_graph *g = ra_graph_create(set, 5, NULL);
	for (uint32_t n = 0; n < 5; n++)
		assert_true(ra_graph_set_class(g, n, 0));
	for (uint32_t a = 0; a < 4; a++)
		for (uint32_t b = a + 1; b < 4; b++)
			assert_true(ra_graph_add_interference(g, a, b));
	assert_true(ra_graph_add_interference(g, 4, 0)); /* 0 has degree 4 */
	static const float cost[5] = { 8, 3.5f, 3, 9, 2 };
	for (uint32_t n = 0; n < 5; n++)
		assert_true(ra_graph_set_spill_cost(g, n, cost[n]));
	assert_false(ra_allocate(g, NULL));
	/* ratios: 2, 1.1667, 1, 3, 2 */
	assert_int_equal(ra_get_best_spill_node(g), 2);
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

/* When stuck, spillable nodes are pushed before unspillable ones: on a
 * 3-clique with 2 registers the one that fails is the spillable node. */
static void unspillable_nodes_are_coloured_first(void **state)
{
	(void)state;
	struct ra_set *set = rt_flat_set(2);
	struct ra_graph *g = ra_graph_create(set, 3, NULL);
	for (uint32_t n = 0; n < 3; n++) {
		assert_true(ra_graph_set_class(g, n, 0));
		assert_true(ra_graph_add_interference(g, n, (n + 1) % 3));
		if (n != 1)
			assert_true(ra_graph_set_spill_cost(g, n, RA_UNSPILLABLE));
	}
	struct vc4_diag d = {0};
	assert_false(ra_allocate(g, &d));
	assert_string_equal(d.msg, "ra_allocate: node 1 (class 0, 2 registers) has no free "
			    "register left by its 2 neighbours");
	assert_int_equal(ra_get_best_spill_node(g), 1);
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

/* Precoloured node 0 keeps r1 (even outside the class of its neighbours'
 * choice); the others avoid it. */
static void precoloured_nodes(void **state)
{
	(void)state;
	struct ra_set *set = rt_flat_set(3);
	struct ra_graph *g = ra_graph_create(set, 3, NULL);
	struct rt_edges ed = {0};
	assert_true(ra_graph_set_reg(g, 0, 1));
	assert_true(ra_graph_set_class(g, 1, 0));
	assert_true(ra_graph_set_class(g, 2, 0));
	rt_edge(g, &ed, 0, 1);
	rt_edge(g, &ed, 1, 2);
	rt_edge(g, &ed, 2, 0);
	assert_int_equal(ra_get_reg(g, 0), 1);
	assert_true(ra_allocate(g, NULL));
	static const bool pre[3] = { true, false, false };
	rt_check_colouring(set, g, &ed, pre);
	assert_string_equal(regs_text(g), "1 0 2");

	/* Two precoloured nodes that interfere on the same register. */
	assert_true(ra_graph_set_reg(g, 2, 1));
	struct vc4_diag d = {0};
	assert_false(ra_allocate(g, &d));
	assert_string_equal(d.msg, "ra_allocate: precoloured nodes 0 and 2 interfere but hold "
			    "conflicting registers 1 and 1");
	assert_false(ra_graph_ok(g));
	assert_int_equal(ra_get_best_spill_node(g), RA_NO_NODE);
	free(ed.e);
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

/* A precoloured pair blocks exactly the two singles it covers. Set: singles
 * 0..3, pair 4 = {0, 1}. A single-class node next to the precoloured pair
 * gets register 2. */
static void precoloured_alias_blocks_its_halves(void **state)
{
	(void)state;
	struct ra_set *set = ra_set_create(5, NULL);
	assert_true(ra_set_add_conflict(set, 4, 0));
	assert_true(ra_set_add_conflict(set, 4, 1));
	uint32_t s = ra_class_create(set);
	rt_add_range(set, s, 0, 3);
	assert_true(ra_set_finalize(set, NULL));
	struct ra_graph *g = ra_graph_create(set, 2, NULL);
	assert_true(ra_graph_set_reg(g, 0, 4));
	assert_true(ra_graph_set_class(g, 1, s));
	assert_true(ra_graph_add_interference(g, 1, 0));
	assert_true(ra_allocate(g, NULL));
	assert_string_equal(regs_text(g), "4 2");
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

/* Round-robin: each choice starts after the previous one. */
struct round_robin {
	uint32_t nregs, next, calls;
};

static uint32_t select_round_robin(const struct ra_graph *g, uint32_t node,
				   const uint64_t *avail, void *user)
{
	(void)g;
	(void)node;
	struct round_robin *rr = user;
	rr->calls++;
	for (uint32_t i = 0; i < rr->nregs; i++) {
		uint32_t r = (rr->next + i) % rr->nregs;
		if (ra_avail_has(avail, r)) {
			rr->next = r + 1;
			return r;
		}
	}
	return RA_NO_REG;
}

static uint32_t select_bad(const struct ra_graph *g, uint32_t node,
			   const uint64_t *avail, void *user)
{
	(void)g;
	(void)node;
	(void)avail;
	(void)user;
	return 0; /* ignores avail: wrong once a neighbour holds r0 */
}

static void select_callback(void **state)
{
	(void)state;
	struct ra_set *set = rt_flat_set(4);
	struct ra_graph *g = ra_graph_create(set, 6, NULL);
	for (uint32_t n = 0; n < 6; n++)
		assert_true(ra_graph_set_class(g, n, 0));
	assert_true(ra_allocate(g, NULL));
	assert_string_equal(regs_text(g), "0 0 0 0 0 0");

	struct round_robin rr = { .nregs = 4 };
	ra_graph_set_select_callback(g, select_round_robin, &rr);
	assert_true(ra_allocate(g, NULL));
	assert_string_equal(regs_text(g), "0 1 2 3 0 1");
	assert_int_equal(rr.calls, 6);

	ra_graph_set_select_callback(g, NULL, NULL);
	assert_true(ra_allocate(g, NULL));
	assert_string_equal(regs_text(g), "0 0 0 0 0 0");

	assert_true(ra_graph_add_interference(g, 0, 1));
	ra_graph_set_select_callback(g, select_bad, NULL);
	struct vc4_diag d = {0};
	assert_false(ra_allocate(g, &d));
	assert_string_equal(d.msg, "ra_allocate: the select callback chose register 0 for "
			    "node 1, which is not available to it");
	assert_false(ra_graph_ok(g));
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

/* Two register files A = {0,1}, B = {2,3} and a class A|B. A-nodes x, y and
 * a B-node z interfere pairwise; w (A|B) interferes with all three and must
 * take the B register z leaves. q(A, B) = 0, so x and y are trivial. */
static void disjoint_and_overlapping_classes(void **state)
{
	(void)state;
	struct ra_set *set = ra_set_create(4, NULL);
	uint32_t a = ra_class_create(set), b = ra_class_create(set), ab = ra_class_create(set);
	rt_add_range(set, a, 0, 1);
	rt_add_range(set, b, 2, 3);
	rt_add_range(set, ab, 0, 3);
	assert_true(ra_set_finalize(set, NULL));
	struct ra_graph *g = ra_graph_create(set, 4, NULL);
	struct rt_edges ed = {0};
	static const uint32_t cls[4] = { 0, 0, 1, 2 };
	for (uint32_t n = 0; n < 4; n++) {
		assert_true(ra_graph_set_class(g, n, cls[n]));
		for (uint32_t m = 0; m < n; m++)
			rt_edge(g, &ed, m, n);
	}
	assert_true(ra_allocate(g, NULL));
	rt_check_colouring(set, g, &ed, NULL);
	assert_string_equal(regs_text(g), "0 1 2 3");
	free(ed.e);
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

/* The q orientation matters. Singles {0, 1} and one pair 2 = {0, 1}: a
 * single and a pair that interfere can never both be placed. q(S, D) = 2 = p(S)
 * says so; the transposed table (1) would wrongly call the single trivial. */
static void single_next_to_pair_is_not_trivial(void **state)
{
	(void)state;
	struct ra_set *set = ra_set_create(3, NULL);
	assert_true(ra_set_add_conflict(set, 2, 0));
	assert_true(ra_set_add_conflict(set, 2, 1));
	uint32_t s = ra_class_create(set), dd = ra_class_create(set);
	rt_add_range(set, s, 0, 1);
	rt_add_range(set, dd, 2, 2);
	assert_true(ra_set_finalize(set, NULL));
	assert_int_equal(ra_class_q(set, s, dd), 2);
	assert_int_equal(ra_class_q(set, dd, s), 1);
	struct ra_graph *g = ra_graph_create(set, 2, NULL);
	assert_true(ra_graph_set_class(g, 0, s));
	assert_true(ra_graph_set_class(g, 1, dd));
	assert_true(ra_graph_add_interference(g, 0, 1));
	struct vc4_diag d = {0};
	assert_false(ra_allocate(g, &d));
	assert_true(ra_graph_ok(g));
	assert_int_not_equal(ra_get_best_spill_node(g), RA_NO_NODE);
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

static void graph_errors_are_reported(void **state)
{
	(void)state;
	struct ra_set *set = rt_flat_set(2);
	struct vc4_diag d = {0};
	struct ra_graph *g = ra_graph_create(set, 3, NULL);
	assert_true(ra_graph_set_class(g, 0, 0));
	assert_true(ra_graph_set_class(g, 2, 0));
	assert_false(ra_allocate(g, &d));
	assert_string_equal(d.msg, "ra_allocate: node 1 has no class");
	ra_graph_destroy(g);

	static const struct {
		int call;
		const char *msg;
	} cases[] = {
		{ 0, "ra_graph_set_class: node 12 out of range (graph has 10 nodes)" },
		{ 1, "ra_graph_set_class: node 3: class 1 out of range (set has 1 classes)" },
		{ 2, "ra_graph_add_interference: node 10 out of range (graph has 10 nodes)" },
		{ 3, "ra_graph_set_reg: node 4: register 2 out of range (set has 2 registers)" },
		{ 4, "ra_graph_set_spill_cost: node 5: cost -2 is not a finite value >= 0 "
		     "nor RA_UNSPILLABLE" },
		{ 5, "ra_graph_set_spill_cost: node 5: cost nan is not a finite value >= 0 "
		     "nor RA_UNSPILLABLE" },
		{ 6, "ra_graph_set_reg: node 4294967295 out of range (graph has 10 nodes)" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		g = ra_graph_create(set, 10, NULL);
		for (uint32_t n = 0; n < 10; n++)
			assert_true(ra_graph_set_class(g, n, 0));
		switch (cases[i].call) {
		case 0: assert_false(ra_graph_set_class(g, 12, 0)); break;
		case 1: assert_false(ra_graph_set_class(g, 3, 1)); break;
		case 2: assert_false(ra_graph_add_interference(g, 1, 10)); break;
		case 3: assert_false(ra_graph_set_reg(g, 4, 2)); break;
		case 4: assert_false(ra_graph_set_spill_cost(g, 5, -2.0f)); break;
		case 5: assert_false(ra_graph_set_spill_cost(g, 5, NAN)); break;
		case 6: assert_false(ra_graph_set_reg(g, UINT32_MAX, 0)); break;
		}
		assert_false(ra_graph_ok(g));
		assert_false(ra_graph_set_class(g, 0, 0)); /* sticky: later calls refuse */
		vc4_diag_clear(&d);
		assert_false(ra_allocate(g, &d));
		assert_string_equal(d.msg, cases[i].msg);
		assert_int_equal(ra_get_best_spill_node(g), RA_NO_NODE);
		ra_graph_destroy(g);
	}
	vc4_diag_clear(&d);
	assert_false(ra_allocate(NULL, &d));
	assert_string_equal(d.msg, "ra_allocate: no graph");
	assert_int_equal(ra_get_reg(NULL, 0), RA_NO_REG);
	ra_graph_destroy(NULL);
	ra_set_destroy(set);
}

/* A graph of no nodes, and a node of an empty class. */
static void empty_graph_and_empty_class(void **state)
{
	(void)state;
	struct ra_set *set = ra_set_create(2, NULL);
	uint32_t empty = ra_class_create(set);
	assert_true(ra_set_finalize(set, NULL));
	struct ra_graph *g = ra_graph_create(set, 0, NULL);
	assert_true(ra_allocate(g, NULL));
	ra_graph_destroy(g);
	g = ra_graph_create(set, 1, NULL);
	assert_true(ra_graph_set_class(g, 0, empty));
	struct vc4_diag d = {0};
	assert_false(ra_allocate(g, &d));
	assert_string_equal(d.msg, "ra_allocate: node 0 (class 0, 0 registers) has no free "
			    "register left by its 0 neighbours");
	assert_int_equal(ra_get_best_spill_node(g), RA_NO_NODE); /* no neighbours: no help */
	ra_graph_destroy(g);
	ra_set_destroy(set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(simple_graph),
		cmocka_unit_test(optimistic_cycle),
		cmocka_unit_test(optimistic_by_cost),
		cmocka_unit_test(odd_cycle_fails_and_proposes_cheapest),
		cmocka_unit_test(spill_choice_weighs_degree),
		cmocka_unit_test(unspillable_nodes_are_coloured_first),
		cmocka_unit_test(precoloured_nodes),
		cmocka_unit_test(precoloured_alias_blocks_its_halves),
		cmocka_unit_test(select_callback),
		cmocka_unit_test(disjoint_and_overlapping_classes),
		cmocka_unit_test(single_next_to_pair_is_not_trivial),
		cmocka_unit_test(graph_errors_are_reported),
		cmocka_unit_test(adjacency_given_whole),
		cmocka_unit_test(bulk_classes_costs_and_regs),
		cmocka_unit_test(empty_graph_and_empty_class),
	};
	return cmocka_run_group_tests_name("regalloc_alloc", tests, NULL, NULL);
}
