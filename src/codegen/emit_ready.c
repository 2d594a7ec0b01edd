/*
 * emit_ready.c: the scheduler's ready list, in arrival slots and sorted
 * by (key down, slot up) at once (emit_ready.h): its arrays. Pushing and
 * removing are inline in emit_ready.h.
 */
#include <stdlib.h>
#include <string.h>

#include "codegen/emit_ready.h"
#include "util/block_cache.h"

/* Allocates the per-node arrays (one block) and room for every node in
 * both lists. */
bool emit_ready_init(struct emit_ready *r, uint32_t count)
{
	memset(r, 0, sizeof(*r));
	size_t n = count ? count : 1;
	/* a block the last scheduled block freed, likely (block_cache.h) */
	r->rank = vc4_block_take(n * (sizeof(uint64_t) + 2 * sizeof(uint32_t)), &r->bytes);
	if (!r->rank)
		return false;
	r->key = (uint32_t *)(r->rank + n);
	r->slot = r->key + n;
	return vc4_array_reserve(&r->arrival, n) && vc4_array_reserve(&r->order, n);
}

/* Frees what emit_ready_init() allocated. */
void emit_ready_free(struct emit_ready *r)
{
	vc4_block_give(r->rank, r->bytes);
	vc4_array_free(&r->arrival);
	vc4_array_free(&r->order);
}
