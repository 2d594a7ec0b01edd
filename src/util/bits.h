/*
 * bits.h: 64-bit bit counts without libgcc.
 *
 *   i = vc4_ctz64(mask);         __builtin_ctzll(mask), mask != 0
 *   n = vc4_popcount64(x);       __builtin_popcountll(x)
 *
 * On 32-bit ARM GCC makes both builtins calls into libgcc (__ctzdi2,
 * __popcountdi2); under qemu-arm a call and its return cost about as much
 * as the rest of a small loop. These use 32-bit ctz (rbit and clz on ARMv7)
 * and a few shifts and masks instead.
 */
#ifndef VC4_UTIL_BITS_H
#define VC4_UTIL_BITS_H

#include <stdint.h>

/* The index of the lowest set bit of m, which must not be 0. */
static inline unsigned vc4_ctz64(uint64_t m)
{
#if UINTPTR_MAX > 0xffffffffu
	return (unsigned)__builtin_ctzll(m);
#else
	uint32_t lo = (uint32_t)m;
	return lo ? (unsigned)__builtin_ctz(lo) : 32u + (unsigned)__builtin_ctz((uint32_t)(m >> 32));
#endif
}

/* The number of set bits of x. */
static inline unsigned vc4_popcount64(uint64_t x)
{
#if UINTPTR_MAX > 0xffffffffu
	return (unsigned)__builtin_popcountll(x);
#else
	x = x - ((x >> 1) & 0x5555555555555555ull);
	x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
	uint32_t s = (uint32_t)x + (uint32_t)(x >> 32);   /* bytes up to 16: no carry */
	s += s >> 8;
	s += s >> 16;
	return s & 0xffu;
#endif
}

#endif
