/* diag.c: recording the first error of an operation (see diag.h). */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

bool vc4_diag_vset(struct vc4_diag *diag, const char *fmt, va_list ap)
{
	if (!diag || diag->set)
		return false;
	vsnprintf(diag->msg, sizeof(diag->msg), fmt, ap);
	diag->set = true;
	return false;
}

bool vc4_diag_set(struct vc4_diag *diag, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vc4_diag_vset(diag, fmt, ap);
	va_end(ap);
	return false;
}

void vc4_diag_clear(struct vc4_diag *diag)
{
	if (diag) {
		diag->set = false;
		diag->msg[0] = '\0';
	}
}
