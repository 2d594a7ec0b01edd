/* test_cldump.c: vc4-cldump's output and exit status on the sample CLs
 * (bin_cl.cl, render_cl.cl), a truncated CL, a missing file and bad usage.
 * Arguments: the vc4-cldump executable and the directory of the samples and
 * golden files.
 * The tool runs through tests/common/tool_run (and so under qemu in a cross build). */
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
#include "util/file.h"

static const char *golden_dir;
static const char *tool; /* the vc4-cldump executable */
static char bin_path[200], render_path[200], cut_path[64]; /* fit the 256-byte args */

/* Runs vc4-cldump with `args` (shell words). */
static struct tool_run run_tool(const char *args)
{
	return tool_run(tool, args, false);
}

static char *golden(const char *name)
{
	char path[4096];
	struct vc4_diag d = {0};
	size_t size;
	snprintf(path, sizeof(path), "%s/%s", golden_dir, name);
	char *text = vc4_read_file(path, &size, &d);
	if (!text)
		fail_msg("%s", d.msg);
	return text;
}

static void assert_run(const char *args, int status, const char *golden_name,
		       const char *err)
{
	struct tool_run r = run_tool(args);
	assert_int_equal(r.status, status);
	if (golden_name) {
		char *want = golden(golden_name);
		assert_string_equal(r.out, want);
		free(want);
	}
	assert_string_equal(r.err, err);
	tool_run_free(&r);
}

/* The samples' paths, and a bin CL cut inside its Clip Window packet. */
static int setup(void **state)
{
	(void)state;
	struct vc4_diag d = {0};
	size_t size = 0;
	if ((size_t)snprintf(bin_path, sizeof(bin_path), "%s/bin_cl.cl", golden_dir) >=
	    sizeof(bin_path) ||
	    (size_t)snprintf(render_path, sizeof(render_path), "%s/render_cl.cl", golden_dir) >=
	    sizeof(render_path)) {
		fprintf(stderr, "%s: path too long\n", golden_dir);
		return -1;
	}
	snprintf(cut_path, sizeof(cut_path), "cldump-%d-cut.cl", (int)getpid());
	uint8_t *bin = vc4_read_file(bin_path, &size, &d);
	bool ok = bin && size > 0x13 + 4 && vc4_write_file(cut_path, bin, 0x13 + 4, &d);
	if (!ok)
		fprintf(stderr, "%s\n", d.set ? d.msg : "bin_cl.cl: too short");
	free(bin);
	return ok ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	remove(cut_path);
	return 0;
}

static void decodes_bin_cl(void **state)
{
	(void)state;
	char args[256];
	snprintf(args, sizeof(args), "'%s'", bin_path);
	assert_run(args, 0, "bin_cl.txt", "");
	snprintf(args, sizeof(args), "--brief '%s'", bin_path);
	assert_run(args, 0, "bin_cl_brief.txt", "");
}

static void decodes_render_cl(void **state)
{
	(void)state;
	char args[256];
	snprintf(args, sizeof(args), "--render '%s'", render_path);
	assert_run(args, 0, "render_cl.txt", "");
	snprintf(args, sizeof(args), "--brief --render '%s'", render_path);
	assert_run(args, 0, "render_cl_brief.txt", "");
}

static void decode_error_exits_1(void **state)
{
	(void)state;
	char args[256], err[512];
	snprintf(args, sizeof(args), "--brief '%s'", cut_path);
	snprintf(err, sizeof(err), "vc4-cldump: %s: 0x00000013: packet 102 (Clip Window) "
		 "needs 9 bytes, only 4 left\n", cut_path);
	struct tool_run r = run_tool(args);
	assert_int_equal(r.status, 1);
	assert_string_equal(r.out, "0x00000000 112 Tile Binning Mode Configuration\n"
			    "0x00000010 6 Start Tile Binning\n"
			    "0x00000011 56 Primitive List Format\n");
	assert_string_equal(r.err, err);
	tool_run_free(&r);

	snprintf(args, sizeof(args), "--brief '%s'", render_path);
	snprintf(err, sizeof(err), "vc4-cldump: %s: 0x00000000: packet 113 (Tile Rendering "
		 "Mode Configuration) is not allowed in a binning CL\n", render_path);
	assert_run(args, 1, NULL, err);
}

/* The usage text, after "vc4-cldump: WHY" on a usage error. */
#define USAGE "usage: vc4-cldump [--render] [--brief] FILE\n" \
	"  decodes a raw binning CL (or with --render a rendering CL)\n" \
	"  --brief    one line per packet: OFFSET OPCODE NAME\n" \
	"  --help     print this text;  --version  print the version\n" \
	"exit status: 0 decoded, 1 a decode error, 2 usage or I/O error\n"

static void bad_file_or_usage_exits_2(void **state)
{
	(void)state;
	assert_run("/nonexistent/cl.bin", 2, NULL,
		   "vc4-cldump: /nonexistent/cl.bin: No such file or directory\n");
	assert_run("", 2, NULL, "vc4-cldump: no FILE given\n" USAGE);
	assert_run("--verbose x.cl", 2, NULL, "vc4-cldump: unknown option '--verbose'\n" USAGE);
	assert_run("a.cl b.cl", 2, NULL, "vc4-cldump: more than one FILE: 'a.cl' and 'b.cl'\n"
		   USAGE);
	assert_run("--example", 2, NULL, "vc4-cldump: unknown option '--example'\n" USAGE);
	assert_run("--help", 0, NULL, "");
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: test_cldump VC4_CLDUMP GOLDEN_DIR\n");
		return 2;
	}
	golden_dir = argv[2];
	tool = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(decodes_bin_cl),
		cmocka_unit_test(decodes_render_cl),
		cmocka_unit_test(decode_error_exits_1),
		cmocka_unit_test(bad_file_or_usage_exits_2),
	};
	return cmocka_run_group_tests_name("cl_cldump", tests, setup, teardown);
}
