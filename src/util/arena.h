/*
 * arena.h: a bump allocator for short-lived scratch memory, released all at
 * once.
 *
 *   char buf[4096];
 *   struct vc4_arena a;
 *   vc4_arena_init(&a, buf, sizeof(buf));
 *   uint32_t *left = vc4_arena_zalloc(&a, n, sizeof(*left));
 *   ...
 *   vc4_arena_fini(&a);          every block at once, never free() one
 *
 * A pass that needs several arrays for the length of one call takes them
 * from an arena instead of a calloc/free pair each: one malloc per chunk
 * (none while the caller's first buffer lasts) and one free per chunk at
 * the end. Blocks are aligned for any object (16 bytes). Chunks grow
 * geometrically and a large request gets a chunk of its own, so memory
 * stays proportional to what was asked for. Under AddressSanitizer the
 * unused tail of each chunk and the released memory are poisoned, so reads
 * past a block or after vc4_arena_fini() are still reported.
 *
 * For many small zeroed objects (the GLSL front end's AST, symbols and
 * types: tens of thousands a shader) vc4_arena_zbytes() is inline: its slow
 * path zeroes a little ahead of the cursor, so the usual request is a bump.
 * A zero-initialised struct vc4_arena is an empty arena without a buffer.
 */
#ifndef VC4_UTIL_ARENA_H
#define VC4_UTIL_ARENA_H

#include <stddef.h>

#define VC4_ARENA_ALIGN 16u     /* every block's alignment */

struct vc4_arena_chunk;

struct vc4_arena {
	char *cur, *end;                /* free room of the current chunk */
	char *zeroed;                   /* [cur, zeroed) is known to be zero */
	struct vc4_arena_chunk *chunks; /* heap chunks, newest first */
	size_t next_size;               /* size of the next heap chunk */
	char *first;                    /* the caller's buffer (may be NULL) */
	size_t first_size;
};

/* Starts an empty arena whose first blocks come from `buf` (`size` bytes,
 * may be NULL/0); `buf` must outlive the arena's use. */
void vc4_arena_init(struct vc4_arena *a, void *buf, size_t size);

/* `size` uninitialised bytes, 16-byte aligned; NULL when out of memory.
 * A size of 0 gives a valid, distinct pointer. */
void *vc4_arena_alloc(struct vc4_arena *a, size_t size);

/* `n` zeroed elements of `size` bytes (like calloc, overflow-checked). */
void *vc4_arena_zalloc(struct vc4_arena *a, size_t n, size_t size);

/* vc4_arena_zbytes() when the zeroed room at the cursor is too short. */
void *vc4_arena_zbytes_slow(struct vc4_arena *a, size_t size);

/* `size` zeroed bytes, 16-byte aligned, for a small object; NULL when out
 * of memory. Inline: a bump of the cursor while the room already zeroed
 * ahead of it lasts. */
static inline void *vc4_arena_zbytes(struct vc4_arena *a, size_t size)
{
	/* 0 when size is 0 or rounding it up overflows: then whole - 1 is
	 * SIZE_MAX and the slow path answers */
	size_t whole = (size + VC4_ARENA_ALIGN - 1) & ~(size_t)(VC4_ARENA_ALIGN - 1);
	if (whole - 1 < (size_t)(a->zeroed - a->cur)) {
		void *p = a->cur;
		a->cur += whole;
		return p;
	}
	return vc4_arena_zbytes_slow(a, size);
}

/* Releases every block: heap chunks are freed and the next blocks come
 * from the start of the caller's buffer again. */
void vc4_arena_reset(struct vc4_arena *a);

/* Releases every block and hands the caller's buffer back (call it before
 * the buffer goes out of scope). The arena is then empty and without a
 * buffer: it can still be used, from the heap, and must be finished again. */
void vc4_arena_fini(struct vc4_arena *a);

#endif
