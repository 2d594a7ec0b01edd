/*
 * code_align.h: hot functions kept inside one 4 KB page on ARM.
 *
 *   VC4_CODE_ALIGN(2048) bool hot_pass(struct thing *t) { ... }
 *
 * Under qemu-arm (the compile's benchmark against Mesa), QEMU chains a
 * direct jump to the next translation block only when both lie in the
 * same 4 KB guest page; a jump or fall-through into another page costs a
 * block lookup, about 100 host instructions. A hot loop that happens to
 * straddle a page boundary pays that on every iteration, and where the
 * boundaries fall moves with every change to the code before it.
 * A function aligned to a power of two at least its size (and at most
 * 4096) never straddles a boundary, so its loops stay chained whatever
 * precedes it. The argument is that power of two, from the function's
 * size in the armhf release build (`nm -S`); a function that outgrows it
 * only loses the guarantee. No effect on other targets.
 */
#ifndef VC4_UTIL_CODE_ALIGN_H
#define VC4_UTIL_CODE_ALIGN_H

#if defined(__arm__) && defined(__GNUC__)
#define VC4_CODE_ALIGN(n) __attribute__((aligned(n)))
#else
#define VC4_CODE_ALIGN(n)
#endif

#endif
