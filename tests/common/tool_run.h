/*
 * tool_run.h: running one of our command-line tools from a test.
 *
 * The tool runs through the shell, prefixed by $MESON_EXE_WRAPPER (which Meson
 * sets, already quoted, for the tests of a cross build: e.g. qemu-arm -L ...),
 * so the same test runs natively and under qemu-user.
 */
#ifndef VC4_TESTS_TOOL_RUN_H
#define VC4_TESTS_TOOL_RUN_H

#include <stdbool.h>
#include <stddef.h>

struct tool_run {
	int status; /* exit status, or -1 if the tool died of a signal */
	char *out;  /* all of stdout (with stderr after it when merged) */
	char *err;  /* all of stderr; "" when merged into out */
};

/* Runs `tool` (a path) with `args` (shell words, already quoted as needed).
 * With merge_err, stderr goes to the same stream as stdout (2>&1). Fails the
 * current test if the tool cannot be started. */
struct tool_run tool_run(const char *tool, const char *args, bool merge_err);

/* Like tool_run(), with the shared library `lib` preloaded into the tool's
 * process and `env` (shell assignments, e.g. "VC4_BACKEND=drm") in its
 * environment. Under an exe wrapper the library goes to the emulated
 * process only (QEMU_SET_ENV), not to the wrapper. */
struct tool_run tool_run_preloaded(const char *lib, const char *env, const char *tool,
				   const char *args, bool merge_err);

void tool_run_free(struct tool_run *r);

/* Runs `tool args 2>&1` and copies its output into out[size], failing the
 * test if it does not fit. Returns the exit status. */
int tool_run_text(const char *tool, const char *args, char *out, size_t size);

#endif
