/*
 * emit_ready.c: the scheduler's ready list, in arrival slots and sorted
 * by (key down, slot up) at once (emit_ready.h).
 */
#include <stdlib.h>
#include <string.h>

#include "codegen/emit_ready.h"
#include "util/code_align.h"

/* Allocates the per-node arrays (one block) and room for every node in
 * both lists. */
bool emit_ready_init(struct emit_ready *r, uint32_t count)
{
	memset(r, 0, sizeof(*r));
	size_t n = count ? count : 1;
	r->rank = malloc(n * (sizeof(uint64_t) + 2 * sizeof(uint32_t)));
	if (!r->rank)
		return false;
	r->key = (uint32_t *)(r->rank + n);
	r->slot = r->key + n;
	return vc4_array_reserve(&r->arrival, n) && vc4_array_reserve(&r->order, n);
}

/* Frees what emit_ready_init() allocated. */
void emit_ready_free(struct emit_ready *r)
{
	free(r->rank);
	vc4_array_free(&r->arrival);
	vc4_array_free(&r->order);
}

/* Sets node i's rank from its key and slot. */
static void set_rank(struct emit_ready *r, uint32_t i)
{
	r->rank[i] = ((uint64_t)r->key[i] << 32) | (UINT32_MAX - r->slot[i]);
}

/* The index in `order` of ready node i (a binary search: `order` runs
 * from the lowest rank up). */
static size_t order_find(const struct emit_ready *r, uint32_t i)
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
static void sift_up(struct emit_ready *r, size_t at, uint32_t i)
{
	uint32_t *d = r->order.data;
	uint64_t v = r->rank[i];
	for (; at + 1 < r->order.len && r->rank[d[at + 1]] < v; at++)
		d[at] = d[at + 1];
	d[at] = i;
}

/* Puts node i, ranked below order[at + 1, len) and maybe below some of
 * order[0, at], into order[at], moving those ranked above it up. */
static void sift_down(struct emit_ready *r, size_t at, uint32_t i)
{
	uint32_t *d = r->order.data;
	uint64_t v = r->rank[i];
	for (; at > 0 && r->rank[d[at - 1]] > v; at--)
		d[at] = d[at - 1];
	d[at] = i;
}

/* Appends node i to the slots and puts it at its place in `order`. */
VC4_CODE_ALIGN(256)
bool emit_ready_push(struct emit_ready *r, uint32_t i)
{
	r->slot[i] = (uint32_t)r->arrival.len;
	set_rank(r, i);
	if (!vc4_array_push(&r->arrival, i) || !vc4_array_push(&r->order, i))
		return false;
	sift_down(r, r->order.len - 1, i);
	return true;
}

/* Swap-removes node order[at] from the slots, keeping `order` sorted: the
 * last node, moving into its slot, ranks higher among its equals. */
VC4_CODE_ALIGN(256)
void emit_ready_remove(struct emit_ready *r, size_t at)
{
	uint32_t *d = r->order.data, i = d[at];
	for (; at + 1 < r->order.len; at++)
		d[at] = d[at + 1];
	r->order.len--;
	uint32_t last = r->arrival.data[--r->arrival.len];
	if (last == i)
		return;
	at = order_find(r, last);
	r->slot[last] = r->slot[i];
	r->arrival.data[r->slot[i]] = last;
	set_rank(r, last);
	sift_up(r, at, last);
}
