/*
 * diag.h: the one way every layer reports an error to its caller.
 *
 * A `struct vc4_diag` holds the text of the first error found. Functions that
 * can fail take a `struct vc4_diag *` (which may be NULL), fill it with
 * vc4_diag_set() and return false / -1. The text says what and where, e.g.
 * "shader.ir:3:7: unknown op 'fma'" or
 * "0x0000001c: packet 32 (GL Indexed Primitive): IB access overflow (16 + 100*2 > 128)".
 * Tests compare these texts exactly.
 */
#ifndef VC4_UTIL_DIAG_H
#define VC4_UTIL_DIAG_H

#include <stdarg.h>
#include <stdbool.h>

#define VC4_DIAG_MAX 512

struct vc4_diag {
	bool set;               /* an error has been recorded */
	char msg[VC4_DIAG_MAX]; /* its text, without a trailing newline */
};

/* Records an error (printf-style) unless one is already recorded: the first
 * error is the one worth reading. Returns false so callers can
 * `return vc4_diag_set(d, ...);`. A NULL diag is allowed. */
bool vc4_diag_set(struct vc4_diag *diag, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The same with a va_list, for functions that wrap it. */
bool vc4_diag_vset(struct vc4_diag *diag, const char *fmt, va_list ap);

/* Forgets any recorded error. */
void vc4_diag_clear(struct vc4_diag *diag);

#endif
