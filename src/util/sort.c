/*
 * sort.c: the radix sort of sort.h. One walk counts every byte position's
 * values; each position in which the keys differ then takes one stable
 * scatter pass between keys and tmp, from the least significant byte up.
 */
#include "sort.h"

#include <string.h>

#define SORT_BYTES 8

/* counts[b][v]: keys whose byte b is v. */
static void count_bytes(const uint64_t *keys, size_t n, uint32_t counts[SORT_BYTES][256])
{
	memset(counts, 0, SORT_BYTES * sizeof(counts[0]));
	for (size_t i = 0; i < n; i++) {
		uint64_t k = keys[i];
		for (unsigned b = 0; b < SORT_BYTES; b++)
			counts[b][(k >> (8 * b)) & 0xff]++;
	}
}

/* One stable pass on byte b: from `from` to `to`, by the byte's counts
 * (turned into start offsets here). */
static void scatter(const uint64_t *from, uint64_t *to, size_t n, unsigned b, uint32_t *count)
{
	uint32_t at = 0;
	for (unsigned v = 0; v < 256; v++) {
		uint32_t c = count[v];
		count[v] = at;
		at += c;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t k = from[i];
		to[count[(k >> (8 * b)) & 0xff]++] = k;
	}
}

void vc4_sort_u64(uint64_t *keys, uint64_t *tmp, size_t n)
{
	if (n < 2)
		return;
	uint32_t counts[SORT_BYTES][256];
	count_bytes(keys, n, counts);
	uint64_t *from = keys, *to = tmp;
	for (unsigned b = 0; b < SORT_BYTES; b++) {
		if (counts[b][(keys[0] >> (8 * b)) & 0xff] == n)
			continue;   /* every key has keys[0]'s byte here */
		scatter(from, to, n, b, counts[b]);
		uint64_t *t = from;
		from = to, to = t;
	}
	if (from != keys)
		memcpy(keys, from, n * sizeof(*keys));
}
