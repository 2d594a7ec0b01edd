/*
 * text.h: a bounded text writer into a caller's buffer, for the printers
 * (QIR, disassembly): appends never overflow, the text is cut at size - 1
 * and stays NUL-terminated.
 */
#ifndef VC4_UTIL_TEXT_H
#define VC4_UTIL_TEXT_H

#include <stddef.h>

struct vc4_text {
	char *buf;
	size_t size, len;   /* size > 0; buf[len] is always NUL */
};

/* Appends printf-style text, as much as fits. */
void vc4_text_printf(struct vc4_text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
