/* diag.c: recording the first error of an operation (see diag.h). */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

bool vc4_diag_set(struct vc4_diag *diag, const char *fmt, ...)
{
	if (!diag || diag->set)
		return false;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(diag->msg, sizeof(diag->msg), fmt, ap);
	va_end(ap);
	diag->set = true;
	return false;
}

void vc4_diag_clear(struct vc4_diag *diag)
{
	if (diag) {
		diag->set = false;
		diag->msg[0] = '\0';
	}
}
