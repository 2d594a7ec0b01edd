/*
 * regalloc.h: a generic, class-based graph-colouring register allocator.
 *
 * Nothing here knows about any particular GPU: a target describes its
 * registers, which registers alias each other ("conflict") and which sets of
 * registers ("classes") a value may live in; a compiler then describes one
 * interference graph per compile and asks for a colouring. The method is the
 * Runeson–Nyström generalisation of Chaitin/Briggs colouring to irregular
 * register files (see the essay at the top of regalloc.c and docs/regalloc.md).
 *
 * Three phases, in this order:
 *
 *  (a) Once per target: the register set.
 *        ra_set_create(nregs)                  O(R²/64) memory for the conflict matrix
 *        ra_set_add_conflict(set, r1, r2)      O(1); symmetric; a register always
 *                                              conflicts with itself
 *        ra_class_create(set)                  O(R/64)
 *        ra_class_add_reg(set, class, r)       O(1)
 *        ra_set_finalize(set)                  O(K·R·R/64 + K²·R): the p and q tables
 *      No conflict or class may be added after ra_set_finalize(); a set must be
 *      finalised before a graph is created on it. A finalised set is read-only
 *      and may be shared by any number of graphs (and threads).
 *
 *  (b) Once per compile: the interference graph.
 *        ra_graph_create(set, nnodes)          O(N)
 *        ra_graph_set_class(g, n, class)       O(1); required for every node that
 *                                              is not precoloured
 *        ra_graph_add_interference(g, a, b)    O(1) amortised; duplicates and
 *                                              self-edges are allowed and ignored
 *        ra_graph_set_adjacency(g, start, adj)  O(N + E): all the edges at once,
 *                                              as ready neighbour lists
 *        ra_graph_set_reg(g, n, reg)           O(1): precolour a node
 *        ra_graph_set_spill_cost(g, n, cost)   O(1); default 1.0, RA_UNSPILLABLE
 *        ra_graph_set_classes(g, cls)          O(N): every node's class (or spill
 *        ra_graph_set_spill_costs(g, costs)    cost) in one call
 *        ra_graph_set_select_callback(g, f, u) O(1): hardware register policy
 *      These may be called in any order and repeated until ra_allocate().
 *
 *  (c) Allocate, then query.
 *        ra_allocate(g)                        O((N + E)·log N + E·R/64) time
 *        ra_get_reg(g, n)                      O(1)
 *        ra_graph_get_regs(g, regs)            O(N): every node's at once
 *        ra_get_best_spill_node(g)             O(N), after a failed ra_allocate()
 *      After a failure the caller may spill (rewrite its program and build a new
 *      graph) or change the graph (more edges, precolours, costs) and call
 *      ra_allocate() again; every call starts from scratch.
 *
 * R = registers, K = classes, N = nodes, E = distinct interference edges.
 * Memory per graph is O(N + E); no step is quadratic in N.
 *
 * Errors: the building calls return false on bad arguments (an index out of
 * range, a call in the wrong phase, memory exhausted) and remember the first
 * such error in the object; ra_set_finalize() and ra_allocate() then fail and
 * report it through their `struct vc4_diag` with the text of the first call
 * that went wrong, e.g. "ra_graph_set_class: node 12 out of range (graph has
 * 10 nodes)". Nothing aborts on bad input.
 */
#ifndef VC4_REGALLOC_REGALLOC_H
#define VC4_REGALLOC_REGALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

struct ra_set;   /* registers, conflicts, classes, p and q: one per target */
struct ra_graph; /* one interference graph and its colouring */

#define RA_MAX_REGS 4096u       /* registers per set */
#define RA_MAX_CLASSES 256u     /* classes per set */
#define RA_NO_REG UINT32_MAX    /* "no register": unallocated, or nothing chosen */
#define RA_NO_CLASS UINT32_MAX  /* class creation failed / node has no class */
#define RA_NO_NODE UINT32_MAX   /* no node to spill */
#define RA_UNSPILLABLE (-1.0f)  /* spill cost of a node that must stay in a register */

/* ---- (a) register set ------------------------------------------------- */

/* Creates a set of `nregs` registers (1..RA_MAX_REGS) numbered 0..nregs-1,
 * with no conflicts and no classes. Returns NULL (diag set) on a bad count or
 * when memory runs out. */
struct ra_set *ra_set_create(uint32_t nregs, struct vc4_diag *diag);
void ra_set_destroy(struct ra_set *set);

/* Declares that r1 and r2 share storage (e.g. a 64-bit pair and one of its
 * halves): they are never given to two interfering nodes. Symmetric;
 * repeating a conflict is harmless. */
bool ra_set_add_conflict(struct ra_set *set, uint32_t r1, uint32_t r2);

/* Adds an empty class; returns its index (0, 1, 2, ...) or RA_NO_CLASS. */
uint32_t ra_class_create(struct ra_set *set);

/* Puts register r into class `cls`. Classes may overlap. */
bool ra_class_add_reg(struct ra_set *set, uint32_t cls, uint32_t r);

/* Computes p (class sizes) and q (worst-case blocking, see regalloc.c) and
 * freezes the set. Fails (diag set) if an earlier call recorded an error. */
bool ra_set_finalize(struct ra_set *set, struct vc4_diag *diag);

uint32_t ra_set_reg_count(const struct ra_set *set);
uint32_t ra_set_class_count(const struct ra_set *set);
/* p(cls): registers in the class; 0 for a bad index. */
uint32_t ra_class_p(const struct ra_set *set, uint32_t cls);
/* q(b, c): the most registers of class b that one register of class c can
 * block. Valid after ra_set_finalize(); 0 for bad indices. */
uint32_t ra_class_q(const struct ra_set *set, uint32_t b, uint32_t c);
/* Whether r1 and r2 conflict (every register conflicts with itself). */
bool ra_set_conflicts(const struct ra_set *set, uint32_t r1, uint32_t r2);
/* Whether register r belongs to class cls. */
bool ra_class_contains(const struct ra_set *set, uint32_t cls, uint32_t r);

/* ---- (b) interference graph ------------------------------------------- */

/* Chooses a register for `node` from `avail`, a bitset of the set's
 * registers (bit r of word r/64) that holds exactly the registers of the
 * node's class not blocked by its coloured neighbours; never empty. Must
 * return one of them (anything else fails the allocation with an error). */
typedef uint32_t (*ra_select_fn)(const struct ra_graph *g, uint32_t node,
				 const uint64_t *avail, void *user);

/* Whether register r is in an `avail` bitset given to a select callback. */
static inline bool ra_avail_has(const uint64_t *avail, uint32_t r)
{
	return (avail[r / 64] >> (r % 64)) & 1;
}

/* Creates a graph of `nnodes` nodes over a finalised set. NULL (diag set) on
 * an unfinalised set or when memory runs out. */
struct ra_graph *ra_graph_create(const struct ra_set *set, uint32_t nnodes,
				 struct vc4_diag *diag);
void ra_graph_destroy(struct ra_graph *g);

uint32_t ra_graph_node_count(const struct ra_graph *g);
bool ra_graph_set_class(struct ra_graph *g, uint32_t node, uint32_t cls);
/* The class given to `node`, or RA_NO_CLASS. */
uint32_t ra_graph_get_class(const struct ra_graph *g, uint32_t node);
/* a and b are live at the same time. */
bool ra_graph_add_interference(struct ra_graph *g, uint32_t a, uint32_t b);
/* All the graph's edges at once, instead of adding them one by one: node n's
 * neighbours are adj[start[n]] .. adj[start[n + 1] - 1]. Both arrays come
 * from malloc and belong to the graph from this call on (also when it
 * fails). The lists must be symmetric and free of duplicates and
 * self-edges (checked: the offsets, neighbours in range); their order is
 * the order in which colouring visits neighbours, the order adding the
 * edges one by one would have given. Only on a graph without edges, and
 * no edge may be added after it. False (error recorded) otherwise. */
bool ra_graph_set_adjacency(struct ra_graph *g, size_t *start, uint32_t *adj);
/* Precolours `node` to `reg`: it keeps that register and is never spilled. */
bool ra_graph_set_reg(struct ra_graph *g, uint32_t node, uint32_t reg);
/* Cost of spilling `node` (>= 0, finite), or RA_UNSPILLABLE. */
bool ra_graph_set_spill_cost(struct ra_graph *g, uint32_t node, float cost);
/* The same for every node at once, one entry a node (a caller with a class
 * and a cost for each node makes one call, not two per node): cls[n] is
 * node n's class, RA_NO_CLASS leaving it as it is (a precoloured node);
 * costs[n] its spill cost. False (error recorded, naming the first bad
 * entry as the one-node call would) otherwise. */
bool ra_graph_set_classes(struct ra_graph *g, const uint32_t *cls);
bool ra_graph_set_spill_costs(struct ra_graph *g, const float *costs);
/* Installs (or, with NULL, removes) the register choice policy. Without one
 * the lowest-numbered available register is taken. */
void ra_graph_set_select_callback(struct ra_graph *g, ra_select_fn fn, void *user);
/* False once a building call has recorded bad input or memory ran out: a
 * failed ra_allocate() is then not a colouring failure and spilling won't help. */
bool ra_graph_ok(const struct ra_graph *g);

/* ---- (c) allocation and queries --------------------------------------- */

/* Colours the graph. True: every node has a register in its class and no two
 * interfering nodes hold conflicting registers. False: diag says why — bad
 * input (ra_graph_ok() is false), or a node that found no free register (then
 * see ra_get_best_spill_node()). */
bool ra_allocate(struct ra_graph *g, struct vc4_diag *diag);

/* The register of `node` after a successful ra_allocate() (or its precolour);
 * RA_NO_REG otherwise. Inside a select callback: the registers chosen so far. */
uint32_t ra_get_reg(const struct ra_graph *g, uint32_t node);
/* ra_get_reg() of every node at once: regs[n] for n < the node count
 * (nothing when g is NULL). */
void ra_graph_get_regs(const struct ra_graph *g, uint32_t *regs);

/* After a failed colouring: the spillable, non-precoloured node with the
 * lowest cost / degree (ties: the lower node number), ignoring nodes without
 * neighbours. RA_NO_NODE if there is none or no colouring failure happened. */
uint32_t ra_get_best_spill_node(const struct ra_graph *g);

#endif
