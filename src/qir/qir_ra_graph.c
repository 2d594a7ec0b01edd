/*
 * qir_ra_graph.c: the register allocator's interference graph (see
 * qir_ra_graph.h): each node's neighbour count from prefix counts of range
 * starts and ends, then the live ranges swept in start order with a list of
 * the ranges still open, filling the neighbour lists, laid out whole (CSR)
 * for the graph without an edge list in between.
 */
#include "qir/qir_ra_graph.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "util/code_align.h"
#include "util/zalloc.h"

/* Node i's neighbour count into deg[i + 1] without a sweep. Node i's list
 * holds the earlier nodes still open at its start, i - (nodes ending at or
 * before s_i: all earlier, their start is smaller), and the later nodes
 * starting before its end, (nodes starting before e_i) - i - 1. Both are
 * prefix counts over the ips (ranges are not empty, so s_i < e_i). False
 * when out of memory. */
static bool count_neighbours(uint32_t n, const uint32_t *begin, const uint32_t *end,
			     size_t *deg)
{
	uint32_t top = 0;
	for (uint32_t i = 0; i < n; i++)
		top = end[i] > top ? end[i] : top;
	uint32_t *starts_before = vc4_calloc((size_t)top + 2, sizeof(uint32_t));
	uint32_t *ends_by = vc4_calloc((size_t)top + 2, sizeof(uint32_t));
	if (!starts_before || !ends_by) {
		free(starts_before);
		free(ends_by);
		return false;
	}
	for (uint32_t i = 0; i < n; i++) {
		starts_before[begin[i] + 1]++;   /* then: starts < ip */
		ends_by[end[i]]++;               /* then: ends <= ip */
	}
	for (uint32_t ip = 1; ip <= top + 1; ip++) {
		starts_before[ip] += starts_before[ip - 1];
		ends_by[ip] += ends_by[ip - 1];
	}
	for (uint32_t i = 0; i < n; i++)
		deg[i + 1] = (size_t)starts_before[end[i]] - ends_by[begin[i]] - 1;
	free(starts_before);
	free(ends_by);
	return true;
}

/* One sweep over the nodes (already in start order) with a list of the
 * ranges still open, each node's end in `end`, writing each node's
 * neighbours at cur[n] onwards: first the ranges open when it starts (in
 * list order), then the later nodes starting inside it (ascending). */
static void sweep(uint32_t n, const uint32_t *begin, const uint32_t *end, uint32_t *active,
		  size_t *cur, uint32_t *adj)
{
	uint32_t nact = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t s = begin[i], keep = 0;
		uint32_t *mine = adj + cur[i];   /* i's list: no other node's */
		for (uint32_t k = 0; k < nact; k++) {
			uint32_t a = active[k];
			if (end[a] > s) {
				active[keep] = a;
				mine[keep++] = a;
				adj[cur[a]++] = i;
			}
		}
		cur[i] += keep;
		nact = keep;
		active[nact++] = i;
	}
}

VC4_CODE_ALIGN(1024)
bool qir_ra_build_edges(const struct qir_liveness *lv, const uint32_t *temp_of, uint32_t n,
			struct ra_graph *g)
{
	uint32_t m = n ? n : 1, gn = ra_graph_node_count(g);   /* gn >= n */
	uint32_t *active = malloc(3 * (size_t)m * sizeof(uint32_t));
	size_t *start = vc4_calloc((size_t)gn + 1, sizeof(size_t));
	size_t *cur = malloc(m * sizeof(size_t));
	uint32_t *adj = NULL;
	if (active && start && cur) {
		uint32_t *begin = active + m, *end = begin + m;
		for (uint32_t i = 0; i < n; i++) {
			begin[i] = lv->start[temp_of[i]];
			end[i] = lv->end[temp_of[i]];
		}
		if (count_neighbours(n, begin, end, start)) {
			for (uint32_t i = 0; i < gn; i++)   /* nodes past n: none */
				start[i + 1] += start[i];
			adj = malloc((start[gn] ? start[gn] : 1) * sizeof(uint32_t));
		}
		if (adj) {
			memcpy(cur, start, (size_t)n * sizeof(size_t));
			sweep(n, begin, end, active, cur, adj);
			for (uint32_t i = 0; i < n; i++)
				assert(cur[i] == start[i + 1]);
		}
	}
	free(active);
	free(cur);
	ra_graph_set_adjacency(g, start, adj);   /* frees both on failure */
	return ra_graph_ok(g);
}
