/* sim_arena.c: first-fit page allocator over the simulated CMA (see sim_arena.h). */
#include "sim_arena.h"

#include <stdlib.h>
#include <string.h>

bool sim_arena_init(struct sim_arena *arena, uint32_t base, uint32_t size)
{
	memset(arena, 0, sizeof(*arena));
	size -= size % SIM_PAGE_SIZE;
	arena->total = size;
	if (size == 0)
		return true;
	struct sim_extent all = { .start = base, .size = size };
	return vc4_array_push(&arena->free, all);
}

void sim_arena_fini(struct sim_arena *arena)
{
	vc4_array_free(&arena->free);
	arena->total = arena->used = 0;
}

bool sim_arena_alloc(struct sim_arena *arena, uint32_t size, uint32_t *addr)
{
	if (size == 0 || size % SIM_PAGE_SIZE)
		return false;
	for (size_t i = 0; i < arena->free.len; i++) {
		struct sim_extent *e = &arena->free.data[i];
		if (e->size < size)
			continue;
		*addr = e->start;
		e->start += size;
		e->size -= size;
		if (e->size == 0) {
			memmove(e, e + 1, (arena->free.len - i - 1) * sizeof(*e));
			arena->free.len--;
		}
		arena->used += size;
		return true;
	}
	return false;
}

/* Index of the first free extent starting above `addr`. */
static size_t first_after(const struct sim_arena *arena, uint32_t addr)
{
	size_t lo = 0, hi = arena->free.len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (arena->free.data[mid].start > addr)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

void sim_arena_free(struct sim_arena *arena, uint32_t addr, uint32_t size)
{
	size_t i = first_after(arena, addr);
	struct sim_extent *prev = i > 0 ? &arena->free.data[i - 1] : NULL;
	struct sim_extent *next = i < arena->free.len ? &arena->free.data[i] : NULL;
	arena->used -= size;
	if (prev && prev->start + prev->size == addr) {
		prev->size += size;
		if (next && addr + size == next->start) {
			prev->size += next->size;
			memmove(next, next + 1, (arena->free.len - i - 1) * sizeof(*next));
			arena->free.len--;
		}
		return;
	}
	if (next && addr + size == next->start) {
		next->start = addr;
		next->size += size;
		return;
	}
	/* A new extent between prev and next. The array cannot fail to grow here
	 * in practice (one extent per live BO at most); if it does, the range is
	 * leaked rather than corrupting the list. */
	if (!vc4_array_reserve(&arena->free, 1))
		return;
	struct sim_extent *at = &arena->free.data[i];
	memmove(at + 1, at, (arena->free.len - i) * sizeof(*at));
	at->start = addr;
	at->size = size;
	arena->free.len++;
}
