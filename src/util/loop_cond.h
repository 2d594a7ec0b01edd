/*
 * loop_cond.h: loop and branch tests that are cheap under qemu-arm.
 *
 * QEMU translates an ARM CMP by computing all four flags, N, Z, C and V
 * (about 13 host instructions on x86-64), because a later block might read
 * any of them; a TEQ or TST sets only N and Z (about 4). GCC tests loops
 * and branches with CMP: in the simulator's 16-lane loops, some 40
 * instructions a lane, the counter's CMP cost a tenth of the loop. With
 * GCC on 32-bit ARM these give hot code TEQ and TST; elsewhere they are
 * the plain C beside them:
 *
 *   VC4_LOOP(i, 16)                     for (int i = 0; i < 16; i++) {
 *           out[i] = op(a[i], b[i]);            ...
 *           any |= out[i];                      ...
 *   VC4_LOOP_END(i, 16)                 }
 *   if (vc4_sign_set(any))              if (any >> 31)
 *
 * VC4_LOOP: n at least 1 and no `break` or `continue` in the body (its
 * back edge is an `asm goto` of TEQ and BNE). A loop GCC unrolls whole (a
 * short body, a constant count) keeps its plain `for`: the asm would stop
 * the unrolling. vc4_ptr_ne(), vc4_nonzero(), vc4_sign_set(): a flag
 * output operand hands the Z flag of a TEQ or TST to the branch.
 */
#ifndef VC4_UTIL_LOOP_COND_H
#define VC4_UTIL_LOOP_COND_H

#include <stdbool.h>
#include <stdint.h>

/* a != b for two pointers, x != 0, bit 31 of x set. */
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
