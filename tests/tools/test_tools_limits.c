/*
 * test_tools_limits.c: no input runs a tool away. Every tool that reads a
 * file stops at the input size limit (64 MiB) with the same message, on
 * an endless stream (/dev/zero, read until memory ran out before) and on a
 * regular file over the limit (refused from its size); vc4-ir prints
 * 100 000 nested ifs with at most 16 tabs of indentation (the text grew as
 * the square of the depth: 10^10 tabs). Exact messages, exit statuses and
 * output. argv[1..] = the tools.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "tool_run.h"
#include "tools_test.h"

#define DEPTH 100000
#define TABS16 "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t"
#define LIMIT_MSG "more than 67108864 bytes, the size limit for this input\n"

/* Each tool reading FILE, as "NAME ARGS" with FILE where the input goes. */
static const char *const readers[][2] = {
	{ "vc4c", "FILE" }, { "vc4-ir", "FILE" }, { "vc4-dis", "FILE" },
	{ "vc4-cldump", "FILE" }, { "vc4-as", "FILE -o @/out.bin" }, { "vc4-check", "FILE" },
	{ "vc4-run", "FILE" }, { "vc4-run", "@/code.bin --mem 0 FILE" },
};

/* Runs every reader on `file`: exit 2 and "NAME: FILE: more than ...". */
static void expect_refused(const char *file)
{
	for (size_t i = 0; i < sizeof(readers) / sizeof(readers[0]); i++) {
		char args[256], err[512];
		const char *at = strstr(readers[i][1], "FILE");
		snprintf(args, sizeof(args), "%.*s%s%s", (int)(at - readers[i][1]), readers[i][1],
			 file, at + 4);
		snprintf(err, sizeof(err), "%s: %s: " LIMIT_MSG, readers[i][0], file);
		tt_expect(readers[i][0], args, 2, "", err);
	}
}

static void endless_stream(void **state)
{
	(void)state;
	expect_refused("/dev/zero");
}

static void file_over_the_limit(void **state)
{
	(void)state;
	expect_refused("@/big.bin");
}

/* What vc4-ir prints for the deep program: tabs up to 16 levels. */
static char *deep_canonical(void)
{
	size_t size = (size_t)DEPTH * 48 + 1024, n = 0;
	char *s = malloc(size);
	assert_non_null(s);
	n += (size_t)snprintf(s + n, size - n, "fragment\nvarying smooth vec4 @v\noutput color\n"
			      "local vec4 @l\n\n%%c = load @v\n%%x = extract %%c, 0\n"
			      "%%z = const float 0\n%%b = flt %%z, %%x\nstore @l, %%c\n");
	for (int i = 0; i < DEPTH; i++)
		n += (size_t)snprintf(s + n, size - n, "%.*sif %%b {\n", i < 16 ? i : 16,
				      TABS16);
	n += (size_t)snprintf(s + n, size - n, "%s%%y = load @l\n", TABS16);
	for (int i = DEPTH - 1; i >= 0; i--)
		n += (size_t)snprintf(s + n, size - n, "%.*s}\n", i < 16 ? i : 16,
				      TABS16);
	snprintf(s + n, size - n, "%%r = load @l\nstore @color, %%r\n");
	return s;
}

/* The path of vc4-ir among the arguments. */
static const char *vc4_ir;

/* Writes the deep program, without indentation, to `path`. */
static void write_deep(const char *path)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "fragment\nvarying smooth vec4 @v\noutput color\nlocal vec4 @l\n"
		"%%c = load @v\n%%x = extract %%c, 0\n%%z = const float 0\n%%b = flt %%z, %%x\n"
		"store @l, %%c\n");
	for (int i = 0; i < DEPTH; i++)
		fputs("if %b {\n", f);
	fputs("%y = load @l\n", f);
	for (int i = 0; i < DEPTH; i++)
		fputs("}\n", f);
	fputs("%r = load @l\nstore @color, %r\n", f);
	assert_int_equal(fclose(f), 0);
}

static void ir_print_deep_nesting(void **state)
{
	(void)state;
	char dir[] = "/tmp/vc4-deep-XXXXXX", path[64];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/deep.ir", dir);
	write_deep(path);
	struct tool_run r = tool_run(vc4_ir, path, false);
	char *want = deep_canonical();
	assert_int_equal(r.status, 0);
	assert_string_equal(r.err, "");
	assert_string_equal(r.out, want);
	free(want);
	tool_run_free(&r);
	remove(path);
	rmdir(dir);
}

static int setup(void **state)
{
	(void)state;
	return tt_make_tmp("truncate -s 65M big.bin && head -c 8 /dev/zero > code.bin");
}

static int teardown(void **state)
{
	(void)state;
	return tt_remove_tmp();
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_tools_limits TOOL...\n");
		return 2;
	}
	tt_set_tools(argc - 1, argv + 1);
	for (int i = 1; i < argc; i++)
		if (strcmp(tt_name_of(argv[i]), "vc4-ir") == 0)
			vc4_ir = argv[i];
	if (!vc4_ir) {
		fprintf(stderr, "test_tools_limits: no vc4-ir among the tools\n");
		return 2;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(endless_stream),
		cmocka_unit_test(file_over_the_limit),
		cmocka_unit_test(ir_print_deep_nesting),
	};
	return cmocka_run_group_tests_name("tools_limits", tests, setup, teardown);
}
