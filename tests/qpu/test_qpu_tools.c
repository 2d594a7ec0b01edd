/* test_qpu_tools.c: vc4-dis and vc4-as as programs: exact output, output
 * files and exit status for good input, bad input and bad usage.
 * Arguments: vc4-dis, vc4-as, the corpus directory, then (cross builds) the
 * command that runs a host binary, e.g. qemu-arm -L DIR. */
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

#include "tool_run.h"

#include "qpu/qpu_hex.h"
#include "util/file.h"

static const char *corpus_dir;
static const char *dis_tool, *as_tool; /* the executables */
static char tmp_dir[64];

static char *read_text(const char *path, size_t *size)
{
	struct vc4_diag d = { 0 };
	char *t = vc4_read_file(path, size, &d);
	if (!t)
		fail_msg("%s", d.msg);
	return t;
}

static void dis_hex_corpus(void **state)
{
	(void)state;
	char args[8192], path[4096];
	size_t size;
	snprintf(args, sizeof(args), "-x '%s/broadcom_vg_fd.hex'", corpus_dir);
	struct tool_run r = tool_run(dis_tool, args, false);
	snprintf(path, sizeof(path), "%s/broadcom_vg_fd.dis", corpus_dir);
	char *golden = read_text(path, &size);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, golden);
	assert_string_equal(r.err, "");
	free(golden);
	tool_run_free(&r);
}

/* vc4-as writes raw words; vc4-dis reads them back to the same text; -x
 * writes hex. */
static void as_then_dis(void **state)
{
	(void)state;
	char args[8192], path[4096];
	size_t size;
	snprintf(args, sizeof(args), "'%s/fragment.s' -o '%s/frag.bin'", corpus_dir, tmp_dir);
	struct tool_run r = tool_run(as_tool, args, false);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err, "");
	tool_run_free(&r);

	snprintf(path, sizeof(path), "%s/frag.bin", tmp_dir);
	uint8_t *bin = (uint8_t *)read_text(path, &size);
	assert_int_equal(size, 11 * 8);
	assert_memory_equal(bin + 9 * 8, "\x00\x70\x9e\x00\xe7\x09\x00\x10", 8);  /* nop */
	free(bin);

	snprintf(args, sizeof(args), "'%s/frag.bin'", tmp_dir);
	r = tool_run(dis_tool, args, false);
	snprintf(path, sizeof(path), "%s/fragment.dis", corpus_dir);
	char *golden = read_text(path, &size);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, golden);
	free(golden);
	tool_run_free(&r);

	snprintf(args, sizeof(args), "-x '%s/fragment.s' -o '%s/frag.hex'", corpus_dir, tmp_dir);
	r = tool_run(as_tool, args, false);
	assert_int_equal(r.status, 0);
	tool_run_free(&r);
	snprintf(path, sizeof(path), "%s/frag.hex", tmp_dir);
	char *hex = read_text(path, &size);
	assert_memory_equal(hex, "0x100049e0203e303e\n", 19);
	free(hex);
}

static void as_error_exits_1(void **state)
{
	(void)state;
	char args[8192], path[4096];
	snprintf(path, sizeof(path), "%s/bad.s", tmp_dir);
	struct vc4_diag d = { 0 };
	const char *src = "nop\n  fadd r0, r1\n";
	assert_true(vc4_write_file(path, src, strlen(src), &d));
	snprintf(args, sizeof(args), "'%s' -o '%s/bad.bin'", path, tmp_dir);
	struct tool_run r = tool_run(as_tool, args, false);
	char expect[8192];
	snprintf(expect, sizeof(expect), "vc4-as: %s:2:14: error: expected ',' and a second "
		 "operand (fadd takes two)\n", path);
	assert_int_equal(r.status, 1);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err, expect);
	tool_run_free(&r);
	snprintf(path, sizeof(path), "%s/bad.bin", tmp_dir);
	assert_int_not_equal(access(path, F_OK), 0);   /* nothing written */
}

static void dis_errors_and_usage(void **state)
{
	(void)state;
	char args[8192], path[4096], expect[8192];
	struct vc4_diag d = { 0 };
	snprintf(path, sizeof(path), "%s/seven.bin", tmp_dir);
	assert_true(vc4_write_file(path, "1234567", 7, &d));
	snprintf(args, sizeof(args), "'%s'", path);
	struct tool_run r = tool_run(dis_tool, args, false);
	snprintf(expect, sizeof(expect), "vc4-dis: %s: size 7 is not a multiple of 8 bytes "
		 "(64-bit instructions)\n", path);
	assert_int_equal(r.status, 1);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err, expect);
	tool_run_free(&r);

	r = tool_run(dis_tool, "-x /nonexistent/q.hex", false);
	assert_int_equal(r.status, 2); /* an I/O error */
	assert_string_equal(r.err, "vc4-dis: /nonexistent/q.hex: No such file or directory\n");
	tool_run_free(&r);

	r = tool_run(dis_tool, "", false);
	assert_int_equal(r.status, 2);
	assert_string_equal(r.err, "vc4-dis: no FILE given\n"
			    "usage: vc4-dis [-x] FILE\n"
			    "  disassembles a QPU program (raw little-endian 64-bit words)\n"
			    "  -x         FILE is hex text (64-bit words, or 32-bit halves low "
			    "first)\n"
			    "  --help     print this text;  --version  print the version\n"
			    "exit status: 0 disassembled, 1 FILE is no program, 2 usage or I/O "
			    "error\n");
	tool_run_free(&r);

	r = tool_run(as_tool, "only.s", false);
	assert_int_equal(r.status, 2);
	const char *want = "vc4-as: no -o OUT given\nusage: vc4-as [-x] FILE -o OUT\n";
	assert_true(strncmp(r.err, want, strlen(want)) == 0); /* the usage: tests/tools */
	tool_run_free(&r);

	r = tool_run(as_tool, "/nonexistent/a.s -o x.bin", false);
	assert_int_equal(r.status, 2); /* an I/O error */
	assert_string_equal(r.err, "vc4-as: /nonexistent/a.s: No such file or directory\n");
	tool_run_free(&r);
}

static int setup(void **state)
{
	(void)state;
	snprintf(tmp_dir, sizeof(tmp_dir), "/tmp/test_qpu_tools.XXXXXX");
	return mkdtemp(tmp_dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	const char *names[] = { "stderr", "frag.bin", "frag.hex", "bad.s", "bad.bin", "seven.bin" };
	char path[128];
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", tmp_dir, names[i]);
		remove(path);
	}
	return rmdir(tmp_dir);
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: test_qpu_tools VC4_DIS VC4_AS CORPUS_DIR\n");
		return 2;
	}
	dis_tool = argv[1];
	as_tool = argv[2];
	corpus_dir = argv[3];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dis_hex_corpus),
		cmocka_unit_test(as_then_dis),
		cmocka_unit_test(as_error_exits_1),
		cmocka_unit_test(dis_errors_and_usage),
	};
	return cmocka_run_group_tests_name("qpu_tools", tests, setup, teardown);
}
