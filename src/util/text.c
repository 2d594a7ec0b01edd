/*
 * text.c: the bounded text writer (text.h).
 */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>

void vc4_text_printf(struct vc4_text *t, const char *fmt, ...)
{
	if (t->len + 1 >= t->size)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len = t->len + (size_t)n < t->size ? t->len + (size_t)n : t->size - 1;
}
