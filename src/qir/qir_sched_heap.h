/*
 * qir_sched_heap.h: the ready heap of the pre-allocation scheduler
 * (qir_sched.c): entries ordered by one 64-bit key, in a 4-ary heap whose
 * array layout is part of the schedule (the scheduler scans it in array
 * order), so every operation keeps the layout a plain sift gives.
 */
#ifndef VC4_QIR_SCHED_HEAP_H
#define VC4_QIR_SCHED_HEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/array.h"

/* A ready or waiting entry: node n's order as one key, smaller first
 * (longer latency path first, then the original order: (UINT32_MAX - prio)
 * << 32 | n), and the ALU it needs alone; 16 bytes, a heap node's four
 * children in one cache line. The heap compares and scans entries without
 * reading the nodes: in a long block those lie far apart in memory, and
 * every step of a sift would wait for one (issue 10). */
struct hent {
	uint64_t key;
	uint8_t alu;
};
typedef VC4_ARRAY(struct hent) node_heap;

/* The heaps are 4-ary: a node's children share a cache line or two, and a
 * sift visits half the levels of a binary heap. */
#define HEAP_ARITY 4

/* True when entry a comes before b in the ready heap. */
static inline bool first(struct hent a, struct hent b)
{
	return a.key < b.key;
}

static inline uint32_t hent_node(struct hent e)
{
	return (uint32_t)e.key;
}

static inline uint32_t hent_prio(struct hent e)
{
	return UINT32_MAX - (uint32_t)(e.key >> 32);
}

/* Adds entry e to the ready heap h (the first by first() at the top). */
static inline bool heap_push(node_heap *h, struct hent e)
{
	if (!vc4_array_push(h, e))
		return false;
	size_t k = h->len - 1;
	for (; k > 0 && first(e, h->data[(k - 1) / HEAP_ARITY]); k = (k - 1) / HEAP_ARITY)
		h->data[k] = h->data[(k - 1) / HEAP_ARITY];
	h->data[k] = e;
	return true;
}

/* The child of k with the smallest key (keys are unique), h->len when k
 * has none: four children as a tournament of three compares. */
static inline size_t least_child(const node_heap *h, size_t k)
{
	size_t l = HEAP_ARITY * k + 1;
	if (l + HEAP_ARITY <= h->len) {
		const struct hent *d = h->data + l;
		size_t a = first(d[1], d[0]), b = 2 + first(d[3], d[2]);
		return l + (first(d[b], d[a]) ? b : a);
	}
	if (l >= h->len)
		return h->len;
	size_t best = l;
	for (size_t c = l + 1; c < h->len; c++)
		if (first(h->data[c], h->data[best]))
			best = c;
	return best;
}

/* Removes and returns entry h->data[at] of heap h: the last entry takes its
 * place and moves up or down to where it belongs. */
static inline struct hent heap_remove(node_heap *h, size_t at)
{
	struct hent top = h->data[at], last = h->data[--h->len];
	size_t k = at;
	for (; k > 0 && k < h->len && first(last, h->data[(k - 1) / HEAP_ARITY]);
	     k = (k - 1) / HEAP_ARITY)
		h->data[k] = h->data[(k - 1) / HEAP_ARITY];
	for (size_t c; (c = least_child(h, k)) < h->len && first(h->data[c], last); k = c)
		h->data[k] = h->data[c];
	if (k < h->len)
		h->data[k] = last;
	return top;
}

/* Removes and returns the first entry of heap h (not empty). */
static inline struct hent heap_pop(node_heap *h)
{
	return heap_remove(h, 0);
}

#endif
