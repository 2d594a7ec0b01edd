/*
 * tool.c: --help, --version and messages for the tools (see tool.h).
 * VC4_VERSION is the Meson project version (tools/meson.build).
 */
#include "tool.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool tool_std_options(const struct tool *t, int argc, char **argv, int *status)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0) {
			fputs(t->usage, stdout);
			*status = TOOL_OK;
			return true;
		}
		if (strcmp(argv[i], "--version") == 0) {
			printf("%s (vc4) %s\n", t->name, VC4_VERSION);
			*status = TOOL_OK;
			return true;
		}
	}
	return false;
}

/* "NAME: " + the message + newline, to stderr. */
static void vmessage(const struct tool *t, const char *fmt, va_list ap)
{
	fflush(stdout); /* what was printed before comes first */
	fprintf(stderr, "%s: ", t->name);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void tool_error(const struct tool *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage(t, fmt, ap);
	va_end(ap);
}

int tool_usage_error(const struct tool *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage(t, fmt, ap);
	va_end(ap);
	fputs(t->usage, stderr);
	return TOOL_USAGE;
}
