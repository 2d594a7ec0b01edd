/* arena.c: chunk growth, alignment and release behind arena.h. */
#include "arena.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

#define ARENA_ALIGN 16u
#define ARENA_MIN_CHUNK 4096u
#define ARENA_MAX_GROWTH ((size_t)1 << 20)   /* chunks stop doubling here */

struct vc4_arena_chunk {
	struct vc4_arena_chunk *next;
	size_t size;                    /* payload bytes after the header */
};

/* The header rounded up so that payloads start 16-byte aligned. */
#define ARENA_HEADER \
	((sizeof(struct vc4_arena_chunk) + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN)

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
		poison(a->first, a->first_size);
	}
}

/* A new heap chunk with at least `size` payload bytes (zeroed by calloc
 * when `zero`: large fresh memory comes zeroed from the system), linked
 * into the arena's list; NULL when out of memory. */
static struct vc4_arena_chunk *new_chunk(struct vc4_arena *a, size_t size, bool zero)
{
	if (size > SIZE_MAX - ARENA_HEADER)
		return NULL;
	struct vc4_arena_chunk *ch = zero ? calloc(1, ARENA_HEADER + size) :
					    malloc(ARENA_HEADER + size);
	if (!ch)
		return NULL;
	ch->size = size;
	ch->next = a->chunks;
	a->chunks = ch;
	poison((char *)ch + ARENA_HEADER, size);
	return ch;
}

/* `size` bytes (a multiple of ARENA_ALIGN), zeroed when `zero`. A request
 * the current chunk has no room for either gets a chunk of its own when
 * large (the current one keeps serving small ones) or starts a fresh
 * chunk, each twice the last up to a limit. */
static void *take(struct vc4_arena *a, size_t size, bool zero)
{
	char *p;
	if (a->cur && (size_t)(a->end - a->cur) >= size) {
		p = a->cur;
		a->cur += size;
	} else if (size > a->next_size / 4) {
		struct vc4_arena_chunk *ch = new_chunk(a, size, zero);
		if (!ch)
			return NULL;
		p = (char *)ch + ARENA_HEADER;
		unpoison(p, size);
		return p;   /* zeroed by calloc if asked */
	} else {
		struct vc4_arena_chunk *ch = new_chunk(a, a->next_size, false);
		if (!ch)
			return NULL;
		if (a->next_size < ARENA_MAX_GROWTH)
			a->next_size *= 2;
		p = (char *)ch + ARENA_HEADER;
		a->cur = p + size;
		a->end = p + ch->size;
	}
	unpoison(p, size);
	if (zero)
		memset(p, 0, size);
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

/* Frees every heap chunk. */
static void free_chunks(struct vc4_arena *a)
{
	while (a->chunks) {
		struct vc4_arena_chunk *next = a->chunks->next;
		free(a->chunks);
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
