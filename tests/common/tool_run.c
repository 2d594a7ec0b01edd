/* tool_run.c: start a tool through the exe wrapper, collect its output and
 * exit status (see tool_run.h). */
#include "tool_run.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

/* Reads all of `f` into a new NUL-terminated buffer. */
static char *read_all(FILE *f)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	assert_non_null(buf);
	size_t n;
	while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len < 2) {
			cap *= 2;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
	}
	buf[len] = '\0';
	return buf;
}

/* Runs "PREFIX $MESON_EXE_WRAPPER 'tool' args". */
static struct tool_run run_prefixed(const char *prefix, const char *tool, const char *args,
				    bool merge_err)
{
	struct tool_run r = { 0 };
	char err_path[] = "/tmp/vc4-tool-stderr-XXXXXX";
	int fd = mkstemp(err_path);
	assert_true(fd >= 0);
	close(fd);

	const char *wrapper = getenv("MESON_EXE_WRAPPER");
	size_t size = strlen(prefix) + strlen(tool) + strlen(args) + sizeof(err_path) + 64 +
		      (wrapper ? strlen(wrapper) : 0);
	char *cmd = malloc(size);
	assert_non_null(cmd);
	snprintf(cmd, size, "%s %s '%s' %s 2>%s%s", prefix, wrapper ? wrapper : "", tool, args,
		 merge_err ? "&1" : "", merge_err ? "" : err_path);
	FILE *p = popen(cmd, "r");
	free(cmd);
	assert_non_null(p);
	r.out = read_all(p);
	int st = pclose(p);
	r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;

	FILE *e = fopen(err_path, "r");
	assert_non_null(e);
	r.err = read_all(e);
	fclose(e);
	remove(err_path);
	return r;
}

struct tool_run tool_run(const char *tool, const char *args, bool merge_err)
{
	return run_prefixed("", tool, args, merge_err);
}

struct tool_run tool_run_preloaded(const char *lib, const char *env, const char *tool,
				   const char *args, bool merge_err)
{
	char prefix[1024];
	int n = snprintf(prefix, sizeof(prefix), "env %s %s='%s'", env,
			 getenv("MESON_EXE_WRAPPER") ? "QEMU_SET_ENV=LD_PRELOAD" : "LD_PRELOAD",
			 lib);
	assert_true(n > 0 && (size_t)n < sizeof(prefix));
	return run_prefixed(prefix, tool, args, merge_err);
}

void tool_run_free(struct tool_run *r)
{
	free(r->out);
	free(r->err);
	r->out = r->err = NULL;
}

int tool_run_text(const char *tool, const char *args, char *out, size_t size)
{
	struct tool_run r = tool_run(tool, args, true);
	size_t n = strlen(r.out);
	assert_true(n < size);
	memcpy(out, r.out, n + 1);
	int status = r.status;
	tool_run_free(&r);
	return status;
}
