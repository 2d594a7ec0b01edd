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
