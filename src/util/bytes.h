/*
 * bytes.h: short copies, lengths and string comparisons inline.
 *
 *   vc4_copy_short(dst, src, n);      memcpy(dst, src, n), no overlap
 *   n = vc4_strnlen_short(s, max);    strnlen(s, max)
 *   if (vc4_streq(a, b)) ...          !strcmp(a, b)
 *   if (vc4_memeq_short(a, b, n)) ... !memcmp(a, b, n), n small
 *
 * For the names the GLSL front end and the IR builder copy and compare by
 * the ten thousand a compile, usually a few bytes long. On armhf each libc
 * call goes through the PLT and returns through a register, so under
 * qemu-arm it costs two or three block lookups (about 100 host
 * instructions each) whatever the length: more than a byte loop over a
 * short name. The loops carry an empty asm on their counter so that the
 * compiler cannot turn them back into the library call; copies longer than
 * VC4_COPY_SHORT_MAX bytes still call memcpy().
 */
#ifndef VC4_UTIL_BYTES_H
#define VC4_UTIL_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#define VC4_COPY_SHORT_MAX 32

/* memcpy(dst, src, n) for non-overlapping buffers, inline when n is short. */
static inline void vc4_copy_short(void *dst, const void *src, size_t n)
{
	if (n > VC4_COPY_SHORT_MAX) {
		memcpy(dst, src, n);
		return;
	}
	unsigned char *d = dst;
	const unsigned char *s = src;
	for (size_t k = 0; k < n; k++) {
		__asm__("" : "+r"(k));   /* not a memcpy() idiom */
		d[k] = s[k];
	}
}

/* strnlen(s, max): the length of s, at most max. */
static inline size_t vc4_strnlen_short(const char *s, size_t max)
{
	size_t n = 0;
	while (n < max && s[n])
		n++;
	return n;
}

/* Whether the n bytes at a and at b are equal (a byte loop: for short n). */
static inline bool vc4_memeq_short(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	for (size_t k = 0; k < n; k++)
		if (x[k] != y[k])
			return false;
	return true;
}

/* Whether the NUL-terminated strings a and b are equal. */
static inline bool vc4_streq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

#endif
