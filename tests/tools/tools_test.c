/* tools_test.c: see tools_test.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tool_run.h"
#include "tools_test.h"

#define MAX_TOOLS 16

static const char *tools[MAX_TOOLS];
static int ntools;
static char tmp[] = "/tmp/vc4-tools-XXXXXX";

void tt_set_tools(int count, char **paths)
{
	ntools = count < MAX_TOOLS ? count : MAX_TOOLS;
	for (int i = 0; i < ntools; i++)
		tools[i] = paths[i];
}

const char *tt_name_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The path of the tool called `name`; fails the test if none is. */
static const char *tool(const char *name)
{
	for (int i = 0; i < ntools; i++)
		if (strcmp(tt_name_of(tools[i]), name) == 0)
			return tools[i];
	fail_msg("no tool %s among the arguments", name);
	return NULL;
}

int tt_make_tmp(const char *shell)
{
	if (!mkdtemp(tmp))
		return -1;
	if (!shell)
		return 0;
	char cmd[2048];
	snprintf(cmd, sizeof(cmd), "cd '%s' && %s", tmp, shell);
	return system(cmd) == 0 ? 0 : -1;
}

int tt_remove_tmp(void)
{
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	return system(cmd) == 0 ? 0 : -1;
}

/* `s` with every '@' replaced by the temporary directory, into out. */
static const char *in_tmp(const char *s, char *out, size_t size)
{
	size_t n = 0;
	for (; *s && n + sizeof(tmp) < size; s++) {
		if (*s == '@')
			n += (size_t)snprintf(out + n, size - n, "%s", tmp);
		else
			out[n++] = *s;
	}
	out[n] = '\0';
	return out;
}

void tt_expect(const char *name, const char *args, int status, const char *out,
	       const char *err)
{
	static char a[2048], o[8192], e[8192];
	struct tool_run r = tool_run(tool(name), in_tmp(args, a, sizeof(a)), false);
	if (r.status != status)
		fail_msg("%s %s: exit %d, expected %d; stderr: %s", name, a, r.status, status,
			 r.err);
	assert_string_equal(r.out, in_tmp(out, o, sizeof(o)));
	assert_string_equal(r.err, in_tmp(err, e, sizeof(e)));
	tool_run_free(&r);
}

void tt_expect_usage(const char *name, const char *args, const char *message)
{
	static char err[8192];
	struct tool_run help = tool_run(tool(name), "--help", false);
	assert_int_equal(help.status, 0);
	snprintf(err, sizeof(err), "%s%s", message, help.out);
	tool_run_free(&help);
	tt_expect(name, args, 2, "", err);
}
