/*
 * loop_cond.h: hot counted loops whose back edge is cheap under qemu-arm.
 *
 *   VC4_LOOP(i, 16)
 *           out[i] = op(a[i], b[i]);
 *           any |= out[i];
 *   VC4_LOOP_END(i, 16)
 *
 * runs its body for i = 0, 1, ..., n - 1 (n at least 1; no `break` or
 * `continue` in the body), like `for (int i = 0; i < n; i++) { ... }`.
 * QEMU translates an ARM CMP by computing all four flags, N, Z, C and V
 * (about 13 host instructions on x86-64), because a later instruction might
 * read any of them; a TEQ sets only N and Z (about 4). GCC writes a loop's
 * back edge as CMP and a conditional branch: in a 16-lane loop of the
 * simulator whose body is some 40 instructions the counter costs a tenth
 * of the loop. On 32-bit ARM with GCC this loop's back edge is an `asm
 * goto` of TEQ and BNE; a loop GCC would unroll whole (a short body, a
 * constant count) should keep the plain `for`, which it still unrolls.
 * Elsewhere the macros are that `for`.
 */
#ifndef VC4_UTIL_LOOP_COND_H
#define VC4_UTIL_LOOP_COND_H

#include <stdbool.h>
#include <stdint.h>

/* The tests of hot branches by TEQ and TST on 32-bit ARM with GCC (a flag
 * output operand hands their Z flag to the branch): a != b for two
 * pointers, x != 0, and bit 31 of x set. Elsewhere the plain C. */
#if defined(__arm__) && defined(__GNUC__) && defined(__GCC_ASM_FLAG_OUTPUTS__)
static inline bool vc4_ptr_ne(const void *a, const void *b)
{
	bool ne;
	__asm__("teq %1, %2" : "=@ccne"(ne) : "r"(a), "r"(b));
	return ne;
}

static inline bool vc4_nonzero(uint32_t x)
{
	bool ne;
	__asm__("tst %1, %1" : "=@ccne"(ne) : "r"(x));
	return ne;
}

static inline bool vc4_sign_set(uint32_t x)
{
	bool ne;
	__asm__("tst %1, #0x80000000" : "=@ccne"(ne) : "r"(x));
	return ne;
}
#else
static inline bool vc4_ptr_ne(const void *a, const void *b) { return a != b; }
static inline bool vc4_nonzero(uint32_t x) { return x != 0; }
static inline bool vc4_sign_set(uint32_t x) { return x >> 31; }
#endif

#if defined(__arm__) && defined(__GNUC__)
#define VC4_LOOP(i, n)                                                                       \
	{                                                                                    \
		__label__ vc4_loop_top_;                                                     \
		int i = 0;                                                                   \
	vc4_loop_top_:;                                                                      \
		{
#define VC4_LOOP_END(i, n)                                                                   \
		}                                                                            \
		i++;                                                                         \
		__asm__ goto("teq %0, %1\n\tbne %l[vc4_loop_top_]"                           \
			     : : "r"(i), "rI"(n) : "cc" : vc4_loop_top_);                    \
	}
#else
#define VC4_LOOP(i, n) for (int i = 0; i < (n); i++) {
#define VC4_LOOP_END(i, n) }
#endif

#endif
