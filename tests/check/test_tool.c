/*
 * test_tool.c: vc4-check end to end: exit status and exact output for the
 * golden files in tests/check/tool/, raw and hex input, bad input.
 * argv[1] = the vc4-check binary, argv[2] = tests/check/tool.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "tool_run.h"
#include "util/file.h"

static const char *tool, *dir;

/* Runs vc4-check with `args` (stderr merged); returns its exit status and
 * its output in *out (malloc'ed). */
static int run(const char *args, char **out)
{
	struct tool_run r = tool_run(tool, args, true);
	*out = r.out;
	free(r.err);
	return r.status;
}

static char *golden(const char *name)
{
	char path[1024];
	size_t size;
	struct vc4_diag d = { 0 };
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	char *text = vc4_read_file(path, &size, &d);
	if (!text)
		fail_msg("%s", d.msg);
	return text;
}

/* Runs `args` (with %s = the tool directory) and compares with golden file. */
static void expect_golden(const char *args_fmt, int status, const char *expected_name)
{
	char args[1024], *out;
	snprintf(args, sizeof(args), args_fmt, dir);
	assert_int_equal(run(args, &out), status);
	char *want = golden(expected_name);
	assert_string_equal(out, want);
	free(want);
	free(out);
}

static void expect_text(const char *args, int status, const char *want)
{
	char *out;
	assert_int_equal(run(args, &out), status);
	assert_string_equal(out, want);
	free(out);
}

static void hazards_hex(void **state)
{
	(void)state;
	expect_golden("-x '%s/hazards.hex' --stage vs", 1, "hazards.vs.expected");
	expect_golden("-x '%s/textured_fs.hex'", 0, "textured_fs.expected");
	expect_golden("--stage vs -x '%s/textured_fs.hex'", 1, "textured_fs.vs.expected");
}

static void kernel_mode(void **state)
{
	(void)state;
	expect_golden("-x '%s/textured_fs.hex' --kernel", 0, "textured_fs.kernel.expected");
	FILE *f = fopen("test_tool_zero.hex", "w");
	assert_non_null(f);
	fputs("0x0000000000000000\n0x300009e7009e7000\n", f);
	fclose(f);
	expect_text("-x test_tool_zero.hex --kernel", 1,
		    "REJECT: ip 0: Unsupported QPU signal 0\n");
	/* 32-bit halves, low first, as Broadcom's listings have them */
	f = fopen("test_tool_zero.hex", "w");
	assert_non_null(f);
	fputs("0x009e7000, 0x300009e7, /* thread end */\n0x009e7000, 0x100009e7,\n"
	      "0x009e7000, 0x500009e7,\n", f);
	fclose(f);
	expect_text("-x test_tool_zero.hex --kernel", 0,
		    "ACCEPT\nuniforms: 0 bytes (0 values); user supplies 0 bytes\n"
		    "texture samples: 0\nuniform address resets: 0\nthreaded: no\n"
		    "validated: 3 instructions\npadded size: 4096 bytes\n");
	remove("test_tool_zero.hex");
}

/* The raw form of hazards.hex gives the same report. */
static void raw_input(void **state)
{
	(void)state;
	static const uint64_t words[] = {
		0x10020067159e7000ull, 0x1002086715067d80ull, 0x10020d27159e7000ull,
		0x10020867159e7900ull, 0x300009e7009e7000ull, 0x100009e7009e7000ull,
		0x100009e7009e7000ull,
	};
	uint8_t bytes[sizeof(words)];
	for (size_t i = 0; i < sizeof(bytes); i++)
		bytes[i] = (uint8_t)(words[i / 8] >> (8 * (i % 8)));
	struct vc4_diag d = { 0 };
	assert_true(vc4_write_file("test_tool.bin", bytes, sizeof(bytes), &d));
	char *out, *want = golden("hazards.vs.expected");
	assert_int_equal(run("test_tool.bin --stage vs", &out), 1);
	assert_string_equal(out, want);
	free(out);
	free(want);

	/* No whole instructions: no program (1); for the kernel a REJECT with the
	 * reason CREATE_SHADER_BO gives (it was exit 2 with the hazard text). */
	assert_true(vc4_write_file("test_tool.bin", bytes, 12, &d));
	expect_text("test_tool.bin", 1,
		    "vc4-check: test_tool.bin: size 12 is not a multiple of 8 bytes "
		    "(64-bit instructions)\n");
	expect_text("test_tool.bin --kernel", 1, "REJECT: shader size 12 is not a multiple of 8\n");
	assert_true(vc4_write_file("test_tool.bin", bytes, 0, &d));
	expect_text("--kernel test_tool.bin", 1, "REJECT: shader size is 0\n");
	expect_text("test_tool.bin", 1, "vc4-check: test_tool.bin: no instructions\n");
	remove("test_tool.bin");
}

static void bad_input(void **state)
{
	(void)state;
	expect_text("/nonexistent/x.bin", 2,
		    "vc4-check: /nonexistent/x.bin: No such file or directory\n");
	FILE *f = fopen("test_tool_bad.hex", "w");
	assert_non_null(f);
	fputs("0x300009e7009e7000 # ok\n  0x12zz\n", f);
	fclose(f);
	expect_text("-x test_tool_bad.hex", 1,
		    "vc4-check: test_tool_bad.hex:2:3: error: expected a hex number "
		    "(up to 16 digits)\n");
	remove("test_tool_bad.hex");
	char *out;
	assert_int_equal(run("--stage gs x", &out), 2);
	assert_non_null(strstr(out, "vc4-check: --stage 'gs': not vs, cs or fs\nusage: "));
	free(out);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: test_tool VC4-CHECK TOOL-DIR\n");
		return 2;
	}
	tool = argv[1];
	dir = argv[2];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hazards_hex),
		cmocka_unit_test(kernel_mode),
		cmocka_unit_test(raw_input),
		cmocka_unit_test(bad_input),
	};
	return cmocka_run_group_tests_name("check_tool", tests, NULL, NULL);
}
