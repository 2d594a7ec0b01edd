/*
 * ra_test_util.h: helpers shared by the regalloc tests — building small
 * register sets, a seeded random generator, and the colouring checker that
 * every allocation result goes through.
 */
#ifndef RA_TEST_UTIL_H
#define RA_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "regalloc/regalloc.h"

/* xorshift32: the same sequence on every host, for reproducible graphs. */
static inline uint32_t rt_rand(uint32_t *state)
{
	uint32_t x = *state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *state = x;
}

/* Adds registers lo..hi (inclusive) to class cls. */
static inline void rt_add_range(struct ra_set *set, uint32_t cls, uint32_t lo, uint32_t hi)
{
	for (uint32_t r = lo; r <= hi; r++)
		assert_true(ra_class_add_reg(set, cls, r));
}

/* A set of `nregs` registers without conflicts and one class holding them all. */
static inline struct ra_set *rt_flat_set(uint32_t nregs)
{
	struct vc4_diag d = {0};
	struct ra_set *set = ra_set_create(nregs, &d);
	assert_non_null(set);
	uint32_t c = ra_class_create(set);
	assert_int_equal(c, 0);
	rt_add_range(set, c, 0, nregs - 1);
	assert_true(ra_set_finalize(set, &d));
	return set;
}

/* An undirected edge list, as the tests keep it besides the graph. */
struct rt_edges {
	uint32_t n, cap;
	uint32_t (*e)[2];
};

static inline void rt_edge(struct ra_graph *g, struct rt_edges *ed, uint32_t a, uint32_t b)
{
	assert_true(ra_graph_add_interference(g, a, b));
	if (ed->n == ed->cap) {
		ed->cap = ed->cap ? 2 * ed->cap : 16;
		ed->e = realloc(ed->e, ed->cap * sizeof(*ed->e));
		assert_non_null(ed->e);
	}
	ed->e[ed->n][0] = a;
	ed->e[ed->n][1] = b;
	ed->n++;
}

/* Asserts that the graph's result is a valid colouring: every node has a
 * register, in its class unless precoloured (`pre[n]` true), and no edge joins
 * two conflicting registers. `pre` may be NULL. */
static inline void rt_check_colouring(const struct ra_set *set, const struct ra_graph *g,
				      const struct rt_edges *ed, const bool *pre)
{
	for (uint32_t n = 0; n < ra_graph_node_count(g); n++) {
		uint32_t r = ra_get_reg(g, n);
		assert_int_not_equal(r, RA_NO_REG);
		if (!pre || !pre[n])
			assert_true(ra_class_contains(set, ra_graph_get_class(g, n), r));
	}
	for (uint32_t i = 0; i < ed->n; i++) {
		uint32_t a = ed->e[i][0], b = ed->e[i][1];
		if (a != b)
			assert_false(ra_set_conflicts(set, ra_get_reg(g, a), ra_get_reg(g, b)));
	}
}

#endif
