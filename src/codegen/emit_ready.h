/*
 * emit_ready.h: the list scheduler's ready list (qpu_schedule.c). Nodes
 * join at the end of an arrival array and leave by swap-remove (the last
 * node takes the leaving one's slot); beside it `order` keeps the same
 * nodes sorted by key, the larger first, then by slot, the lower first.
 * A scan of `order` that stops at its first fit makes the choice a scan
 * of the arrival array in slot order keeping the first strictly better
 * key would make, without looking at the rest.
 *   emit_ready_push(r, i): node i becomes ready in the next slot (false
 *   when out of memory); emit_ready_remove(r, at): the node at index `at`
 *   of `order` leaves, the node in the last slot takes its slot.
 */
#ifndef VC4_CODEGEN_EMIT_READY_H
#define VC4_CODEGEN_EMIT_READY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/array.h"

struct emit_ready {
	uint32_t *key;               /* per node: its priority key (set by the caller) */
	uint32_t *slot;              /* per node: its index in `arrival` while ready */
	uint64_t *rank;              /* per node while ready: key above the
				      * slot's complement (the larger first) */
	VC4_ARRAY(uint32_t) arrival; /* the ready nodes by slot */
	VC4_ARRAY(uint32_t) order;   /* the ready nodes, the best last: key up,
				      * then slot down */
	size_t bytes;                /* the usable size of rank's block (key and
				      * slot follow rank in it) */
};

/* Room for `count` nodes, none ready (the caller sets the keys before it
 * pushes any); false when out of memory. */
bool emit_ready_init(struct emit_ready *r, uint32_t count);
void emit_ready_free(struct emit_ready *r);

/* Pushing and removing are inline: the scheduler's issue loop calls them
 * for every node (under qemu-arm a call into another page and its return
 * cost two block lookups). */

/* Sets node i's rank from its key and slot. */
static inline void emit_ready_set_rank(struct emit_ready *r, uint32_t i)
{
	r->rank[i] = ((uint64_t)r->key[i] << 32) | (UINT32_MAX - r->slot[i]);
}

/* The index in `order` of ready node i (a binary search: `order` runs
 * from the lowest rank up). */
static inline size_t emit_ready_find(const struct emit_ready *r, uint32_t i)
{
	size_t lo = 0, hi = r->order.len;
	uint64_t v = r->rank[i];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r->rank[r->order.data[mid]] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Puts node i, ranked at least as high as order[0, at) but not above
 * order[at, len) before, into order[at] and moves the ones ranked above it
 * down past it: an insertion sort's step. */
static inline void emit_ready_sift_up(struct emit_ready *r, size_t at, uint32_t i)
{
	uint32_t *d = r->order.data;
	uint64_t v = r->rank[i];
	for (; at + 1 < r->order.len && r->rank[d[at + 1]] < v; at++)
		d[at] = d[at + 1];
	d[at] = i;
}

/* Puts node i, ranked below order[at + 1, len) and maybe below some of
 * order[0, at], into order[at], moving those ranked above it up. */
static inline void emit_ready_sift_down(struct emit_ready *r, size_t at, uint32_t i)
{
	uint32_t *d = r->order.data;
	uint64_t v = r->rank[i];
	for (; at > 0 && r->rank[d[at - 1]] > v; at--)
		d[at] = d[at - 1];
	d[at] = i;
}

/* Appends node i to the slots and puts it at its place in `order`. */
static inline bool emit_ready_push(struct emit_ready *r, uint32_t i)
{
	r->slot[i] = (uint32_t)r->arrival.len;
	emit_ready_set_rank(r, i);
	if (!vc4_array_push(&r->arrival, i) || !vc4_array_push(&r->order, i))
		return false;
	emit_ready_sift_down(r, r->order.len - 1, i);
	return true;
}

/* Swap-removes node order[at] from the slots, keeping `order` sorted: the
 * last node, moving into its slot, ranks higher among its equals. */
static inline void emit_ready_remove(struct emit_ready *r, size_t at)
{
	uint32_t *d = r->order.data, i = d[at];
	for (; at + 1 < r->order.len; at++)
		d[at] = d[at + 1];
	r->order.len--;
	uint32_t last = r->arrival.data[--r->arrival.len];
	if (last == i)
		return;
	at = emit_ready_find(r, last);
	r->slot[last] = r->slot[i];
	r->arrival.data[r->slot[i]] = last;
	emit_ready_set_rank(r, last);
	emit_ready_sift_up(r, at, last);
}

#endif
