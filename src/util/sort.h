/*
 * sort.h: sorting unsigned 64-bit keys in linear time (a least significant
 * digit radix sort, a byte per pass), for the hot paths that sorted large
 * arrays with qsort() and a comparison callback.
 */
#ifndef VC4_UTIL_SORT_H
#define VC4_UTIL_SORT_H

#include <stddef.h>
#include <stdint.h>

/* Sorts keys[0..n) in ascending order, stably; tmp holds n keys of
 * scratch; n is below 2^32. The passes skip the bytes in which every key agrees, so keys
 * that differ in their low 16 and some 16 high bits take four. */
void vc4_sort_u64(uint64_t *keys, uint64_t *tmp, size_t n);

#endif
