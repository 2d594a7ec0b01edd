/*
 * tool.h: what every command-line tool in tools/ shares: the exit codes,
 * --help and --version, and messages that start with the tool's name
 * (docs/CONVENTIONS.md, "Command-line tools").
 */
#ifndef VC4_TOOLS_TOOL_H
#define VC4_TOOLS_TOOL_H

#include <stdbool.h>

/* The one exit-code convention of the tools. */
enum tool_status {
	TOOL_OK = 0,     /* done: the input was accepted and every output written */
	TOOL_FAILED = 1, /* the input was rejected or failed (bad syntax, a compile error,
			  * a violation, REJECT, a hang, a program that never ends) */
	TOOL_USAGE = 2,  /* a usage error, or an I/O error: a file that cannot be read
			  * or written, no usable device, out of memory */
};

struct tool {
	const char *name;  /* "vc4-dis" */
	const char *usage; /* "usage: vc4-dis [-x] FILE\n" plus option lines, '\n'-ended */
};

/* True when argv holds --help or --version: the usage (to stdout) or the
 * line "NAME (vc4) VERSION" was printed and *status is TOOL_OK. */
bool tool_std_options(const struct tool *t, int argc, char **argv, int *status);

/* Prints "NAME: MESSAGE\n" to stderr. */
void tool_error(const struct tool *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Prints "NAME: MESSAGE\n" and the usage to stderr; returns TOOL_USAGE. */
int tool_usage_error(const struct tool *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
