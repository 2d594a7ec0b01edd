/* arena.c: chunk growth, alignment and release behind arena.h. */
#include "arena.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "block_cache.h"
#include "zero.h"

#if defined(__SANITIZE_ADDRESS__)
#define ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_ASAN 1
#endif
#endif

#ifdef ARENA_ASAN
#include <sanitizer/asan_interface.h>
#endif

#define ARENA_ALIGN VC4_ARENA_ALIGN
#define ARENA_MIN_CHUNK 4096u
#define ARENA_MAX_GROWTH ((size_t)1 << 20)   /* chunks stop doubling here */
#ifdef ARENA_ASAN
#define ARENA_ZERO_AHEAD 0u     /* the tail stays poisoned: no zeroing ahead */
#else
#define ARENA_ZERO_AHEAD 1024u  /* bytes vc4_arena_zbytes_slow() zeroes ahead */
#endif

struct vc4_arena_chunk {
	struct vc4_arena_chunk *next;
	size_t size;                    /* payload bytes after the header */
};

/* Bytes a chunk takes besides its payload: the header, and room to align
 * the payload (malloc aligns only to 8 bytes on some hosts, armhf). */
#define ARENA_SLACK (sizeof(struct vc4_arena_chunk) + ARENA_ALIGN - 1)

/* Marks `size` bytes at `p` as not to be touched (AddressSanitizer only). */
static void poison(void *p, size_t size)
{
#ifdef ARENA_ASAN
	ASAN_POISON_MEMORY_REGION(p, size);
#else
	(void)p;
	(void)size;
#endif
}

/* Marks `size` bytes at `p` usable again (AddressSanitizer only). */
static void unpoison(void *p, size_t size)
{
#ifdef ARENA_ASAN
	ASAN_UNPOISON_MEMORY_REGION(p, size);
#else
	(void)p;
	(void)size;
#endif
}

/* `p` rounded up to the arena's alignment. */
static char *align_up(char *p)
{
	uintptr_t u = (uintptr_t)p;
	return p + ((ARENA_ALIGN - u % ARENA_ALIGN) % ARENA_ALIGN);
}

/* The first payload byte of a chunk: just past its header, aligned. */
static char *payload(struct vc4_arena_chunk *ch)
{
	return align_up((char *)(ch + 1));
}

void vc4_arena_init(struct vc4_arena *a, void *buf, size_t size)
{
	memset(a, 0, sizeof(*a));
	a->first = buf;
	a->first_size = buf ? size : 0;
	a->next_size = ARENA_MIN_CHUNK;
	while (a->next_size < a->first_size * 2 && a->next_size < ARENA_MAX_GROWTH)
		a->next_size *= 2;
	if (a->first) {
		a->cur = align_up(a->first);
		a->end = a->first + a->first_size;
		if (a->cur > a->end)
			a->cur = a->end;
		a->zeroed = a->cur;
		poison(a->first, a->first_size);
	}
}

/* A new heap chunk with at least `size` payload bytes (zeroed when `zero`,
 * by calloc above the block cache's sizes: large fresh memory comes zeroed
 * from the system), linked into the arena's list; NULL when out of memory. */
static struct vc4_arena_chunk *new_chunk(struct vc4_arena *a, size_t size, bool zero)
{
	if (size > SIZE_MAX - ARENA_SLACK)
		return NULL;
	struct vc4_arena_chunk *ch;
	size_t got;
	if (ARENA_SLACK + size > VC4_BLOCK_MAX) {
		ch = zero ? calloc(1, ARENA_SLACK + size) : malloc(ARENA_SLACK + size);
	} else {   /* a chunk the thread's block cache may have (block_cache.h) */
		ch = vc4_block_take(ARENA_SLACK + size, &got);
		if (ch && zero)
			vc4_zero_bytes(ch, ARENA_SLACK + size);
		size = got - ARENA_SLACK;   /* all of it: freed, it is filed by its size */
	}
	if (!ch)
		return NULL;
	ch->size = size;
	ch->next = a->chunks;
	a->chunks = ch;
	poison(payload(ch), size);
	return ch;
}

/* `size` bytes (a multiple of ARENA_ALIGN), zeroed when `zero` (the part
 * already zeroed ahead of the cursor is not zeroed again). A request the
 * current chunk has no room for either gets a chunk of its own when large
 * (the current one keeps serving small ones) or starts a fresh chunk, each
 * twice the last up to a limit. */
static void *take(struct vc4_arena *a, size_t size, bool zero)
{
	char *p;
	if (!a->next_size)
		a->next_size = ARENA_MIN_CHUNK;   /* a zero-initialised arena */
	if (a->cur && (size_t)(a->end - a->cur) >= size) {
		p = a->cur;
	} else if (size > a->next_size / 4) {
		struct vc4_arena_chunk *ch = new_chunk(a, size, zero);
		if (!ch)
			return NULL;
		p = payload(ch);
		unpoison(p, size);
		return p;   /* zeroed by calloc if asked */
	} else {
		/* a block of next_size bytes, header included: one of the block
		 * cache's sizes while it is at most 16 KB */
		struct vc4_arena_chunk *ch = new_chunk(a, a->next_size - ARENA_SLACK, false);
		if (!ch)
			return NULL;
		if (a->next_size < ARENA_MAX_GROWTH)
			a->next_size *= 2;
		p = payload(ch);
		a->zeroed = p;
		a->end = p + ch->size;
	}
	a->cur = p + size;
	unpoison(p, size);
	if (a->zeroed < a->cur) {
		if (zero)
			vc4_zero_bytes(a->zeroed, (size_t)(a->cur - a->zeroed));
		a->zeroed = a->cur;
	}
	return p;
}

/* `size` rounded up to ARENA_ALIGN (at least one unit); 0 when it would
 * overflow. */
static size_t rounded(size_t size)
{
	if (size > SIZE_MAX - ARENA_ALIGN)
		return 0;
	return size ? (size + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN : ARENA_ALIGN;
}

void *vc4_arena_alloc(struct vc4_arena *a, size_t size)
{
	size = rounded(size);
	return size ? take(a, size, false) : NULL;
}

void *vc4_arena_zalloc(struct vc4_arena *a, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	size = rounded(n * size);
	return size ? take(a, size, true) : NULL;
}

void *vc4_arena_zbytes_slow(struct vc4_arena *a, size_t size)
{
	size = rounded(size);
	char *p = size ? take(a, size, true) : NULL;
	if (p && p + size == a->cur) {
		/* zero ahead, so that the next small requests are a bump */
		size_t room = (size_t)(a->end - a->zeroed);
		size_t ahead = ARENA_ZERO_AHEAD;
		if (ahead > room)
			ahead = room;
		vc4_zero_bytes(a->zeroed, ahead);
		a->zeroed += ahead;
	}
	return p;
}

/* Frees every heap chunk (to the thread's block cache when it is one of
 * its sizes). */
static void free_chunks(struct vc4_arena *a)
{
	while (a->chunks) {
		struct vc4_arena_chunk *next = a->chunks->next;
		size_t bytes = ARENA_SLACK + a->chunks->size;
		unpoison(a->chunks, bytes);
		vc4_block_give(a->chunks, bytes);
		a->chunks = next;
	}
}

void vc4_arena_reset(struct vc4_arena *a)
{
	free_chunks(a);
	vc4_arena_init(a, a->first, a->first_size);
}

void vc4_arena_fini(struct vc4_arena *a)
{
	free_chunks(a);
	if (a->first)
		unpoison(a->first, a->first_size);
	vc4_arena_init(a, NULL, 0);
}
