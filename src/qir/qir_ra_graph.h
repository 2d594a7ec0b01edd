/*
 * qir_ra_graph.h: the register allocator's interference graph (private to
 * src/qir): an edge between two graph nodes whose live ranges overlap.
 */
#ifndef VC4_QIR_QIR_RA_GRAPH_H
#define VC4_QIR_QIR_RA_GRAPH_H

#include <stdbool.h>
#include <stdint.h>

#include "qir/qir.h"
#include "regalloc/regalloc.h"

/* Gives g (of n nodes or more, no edges yet) its edges: node i < n stands
 * for temp temp_of[i], whose range [lv->start, lv->end) is not empty, the
 * nodes numbered in order of range start; nodes past n get none. Node i's
 * neighbours are the ranges open when it starts (in the sweep's list
 * order), then the later nodes starting inside it (ascending): the order
 * adding the edges (open, new) one by one in sweep order would give.
 * O(n + E). False (g's error set, or out of memory) on failure. */
bool qir_ra_build_edges(const struct qir_liveness *lv, const uint32_t *temp_of, uint32_t n,
			struct ra_graph *g);

#endif
