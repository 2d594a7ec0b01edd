/*
 * sim_arena.h: the simulated kernel's CMA-like physical memory allocator.
 *
 * Hands out page-aligned, page-granular ranges of GPU addresses inside one
 * `struct sim_memory`, first fit over an address-ordered list of free extents
 * (freeing coalesces neighbours). Contiguous like CMA: a BO is one range.
 */
#ifndef VC4_SIM_ARENA_H
#define VC4_SIM_ARENA_H

#include <stdbool.h>
#include <stdint.h>

#include "util/array.h"

#define SIM_PAGE_SIZE 4096u

struct sim_extent {
	uint32_t start; /* GPU address */
	uint32_t size;  /* bytes, a multiple of SIM_PAGE_SIZE */
};

struct sim_arena {
	VC4_ARRAY(struct sim_extent) free; /* sorted by start, never adjacent */
	uint32_t total;                    /* bytes managed */
	uint32_t used;                     /* bytes handed out */
};

/* Manages [base, base + size); size is rounded down to pages. */
bool sim_arena_init(struct sim_arena *arena, uint32_t base, uint32_t size);
void sim_arena_fini(struct sim_arena *arena);

/* Takes `size` bytes (a nonzero multiple of the page size) at the lowest
 * address that fits. Returns false when no free extent is big enough. */
bool sim_arena_alloc(struct sim_arena *arena, uint32_t size, uint32_t *addr);

/* Gives back a range obtained from sim_arena_alloc(). */
void sim_arena_free(struct sim_arena *arena, uint32_t addr, uint32_t size);

#endif
