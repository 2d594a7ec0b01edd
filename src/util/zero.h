/*
 * zero.h: zeroing (or filling) memory with plain stores, not libc calls.
 *
 *   struct foo *f = ...;
 *   VC4_ZERO(f);                 same effect as memset(f, 0, sizeof(*f))
 *
 * GCC expands memset() of a constant size inline only up to 16 bytes on
 * armhf; anything larger is a call into libc through the PLT. Under
 * qemu-arm such a call costs two block lookups (the PLT's indirect jump and
 * memset's return), about 200 host instructions, for a 40-byte clear worth
 * a dozen stores. VC4_ZERO() writes 32-bit words in a loop that GCC unrolls
 * completely when the size is a constant, before it could turn the loop
 * back into a memset() call. Use it for per-item structs cleared in hot
 * loops.
 *
 *   vc4_zero_bytes(counts, n * sizeof(*counts));   same as memset(.., 0, ..)
 *   vc4_set_bytes(next, 0xff, n * sizeof(*next));  same as memset(.., 0xff, ..)
 *
 * For clears and byte fills of variable size on the compile path: on 32-bit ARM an inline
 * loop of doubleword stores, 32 bytes a pass with a TEQ back edge
 * (util/loop_cond.h). glibc's armhf memset() sets all four flags twice per
 * 8 bytes (SUBS, then a conditional STM), which QEMU computes in full, and
 * is reached through the PLT: the loop costs QEMU less than half per byte
 * and no block lookups. Elsewhere it is memset().
 */
#ifndef VC4_UTIL_ZERO_H
#define VC4_UTIL_ZERO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "loop_cond.h"

typedef uint32_t vc4_zero_word __attribute__((may_alias));

/* Zeroes `size` bytes at p: p 4-byte aligned, size a multiple of 4 and
 * meant to be a compile-time constant of at most 256 bytes. */
static inline void vc4_zero_words(void *p, size_t size)
{
	vc4_zero_word *w = p;
#pragma GCC unroll 64
	for (size_t k = 0; k < size / 4; k++)
		w[k] = 0;
}

/* Zeroes *p, an object whose size is a multiple of 4 (checked at compile
 * time) and whose alignment is at least 4. */
#define VC4_ZERO(p) do { \
	_Static_assert(sizeof(*(p)) % 4 == 0 && sizeof(*(p)) <= 256, \
		       "VC4_ZERO: size not a multiple of 4 or too large"); \
	vc4_zero_words((p), sizeof(*(p))); \
} while (0)

/* Sets n bytes at p (any alignment, n may be 0) to byte: memset(p, byte,
 * n). */
static inline void vc4_set_bytes(void *p, unsigned char byte, size_t n)
{
#if defined(__arm__) && defined(__GNUC__)
	typedef uint64_t dword __attribute__((may_alias));
	uint32_t word = byte * 0x01010101u;
	uint64_t pair = (uint64_t)word << 32 | word;
	unsigned char *b = p;
	for (; n && ((uintptr_t)b & 7); n--) {
		*b++ = byte;
		__asm__("" : "+r"(b));   /* not a loop GCC turns into memset() */
	}
	uint32_t passes = (uint32_t)(n / 32);
	if (passes) {
		dword *w = (dword *)(void *)b;
		VC4_LOOP(i, passes)
			w[0] = pair;
			w[1] = pair;
			w[2] = pair;
			w[3] = pair;
			w += 4;
			__asm__("" : "+r"(w));
		VC4_LOOP_END(i, passes)
		b = (unsigned char *)w;
	}
	uint32_t words = (uint32_t)(n % 32 / 4);
	if (words) {
		vc4_zero_word *w = (vc4_zero_word *)(void *)b;
		VC4_LOOP(i, words)
			*w++ = word;
			__asm__("" : "+r"(w));
		VC4_LOOP_END(i, words)
		b = (unsigned char *)w;
	}
	for (n %= 4; n; n--) {
		*b++ = byte;
		__asm__("" : "+r"(b));
	}
#else
	memset(p, byte, n);
#endif
}

/* Zeroes n bytes at p (any alignment, n may be 0): memset(p, 0, n). */
static inline void vc4_zero_bytes(void *p, size_t n)
{
	vc4_set_bytes(p, 0, n);
}

#endif
