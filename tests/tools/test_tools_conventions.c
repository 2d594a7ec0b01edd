/*
 * test_tools_conventions.c: every tool of tools/ follows the conventions of
 * docs/CONVENTIONS.md ("Command-line tools"): --help prints the usage
 * (tests/tools/help/NAME.txt) to stdout and exits 0; --version prints
 * "NAME (vc4) VERSION" and exits 0; an unknown option, an unreadable input
 * and a rejected input give exit 2, 2 and 1 with a message that starts
 * with the tool's name and names the file or the bad value.
 * argv[1] = tests/tools, argv[2..] = the nine tools.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tools_test.h"
#include "util/file.h"

#define NTOOLS 9

static const char *dir;
static char **tools;

/* tests/tools/help/NAME.txt, malloc'ed. */
static char *help_text(const char *name)
{
	char path[1024];
	size_t size;
	struct vc4_diag d = { 0 };
	snprintf(path, sizeof(path), "%s/help/%s.txt", dir, name);
	char *text = vc4_read_file(path, &size, &d);
	if (!text) {
		fail_msg("%s", d.msg);
		abort(); /* not reached, but cmocka does not declare _fail noreturn */
	}
	return text;
}

static void help_goes_to_stdout(void **state)
{
	(void)state;
	for (int i = 0; i < NTOOLS; i++) {
		char *help = help_text(tt_name_of(tools[i]));
		tt_expect(tt_name_of(tools[i]), "--help", 0, help, "");
		free(help);
	}
}

static void version(void **state)
{
	(void)state;
	for (int i = 0; i < NTOOLS; i++) {
		char want[128];
		snprintf(want, sizeof(want), "%s (vc4) %s\n", tt_name_of(tools[i]), VC4_VERSION);
		tt_expect(tt_name_of(tools[i]), "--version", 0, want, "");
	}
}

/* A usage error names the bad option, then prints the usage; exit 2. */
static void unknown_option(void **state)
{
	(void)state;
	for (int i = 0; i < NTOOLS; i++) {
		const char *name = tt_name_of(tools[i]);
		char *help = help_text(name), err[4096];
		snprintf(err, sizeof(err), "%s: unknown option '--bogus'\n%s", name, help);
		tt_expect(name, "--bogus", 2, "", err);
		free(help);
	}
}

/* An input that cannot be read is an I/O error: exit 2, the file named. */
static void unreadable_input(void **state)
{
	(void)state;
	static const char *const plain[] = {
		"vc4-cldump", "vc4-dis", "vc4-check", "vc4-run", "vc4c", "vc4-ir",
	};
	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++) {
		char err[256];
		snprintf(err, sizeof(err), "%s: /nonexistent/in: No such file or directory\n",
			 plain[i]);
		tt_expect(plain[i], "/nonexistent/in", 2, "", err);
	}
	tt_expect("vc4-as", "/nonexistent/in -o @/out.bin", 2, "",
	       "vc4-as: /nonexistent/in: No such file or directory\n");
	tt_expect("vc4-replay", "/nonexistent/in", 2, "",
	       "vc4-replay: /nonexistent/in/submit.txt: No such file or directory\n");
	tt_expect("vc4-demo", "--backend sim --scenes /nonexistent/in -o @", 2,
		  "clear: @/clear.png\n",
		  "vc4-demo: /nonexistent/in/colour.vert: No such file or directory\n");
}

/* An input that was read but is rejected: exit 1, the file and the
 * position named. @/five holds the 5 bytes "12345". */
static void rejected_input(void **state)
{
	(void)state;
	static const struct { const char *tool, *args, *out, *err; } cases[] = {
		{ "vc4-cldump", "@/five", "", "vc4-cldump: @/five: 0x00000000: packet 49 (Clipped "
		  "Primitive with Compressed Primitive List) is not allowed in a binning CL\n" },
		{ "vc4-dis", "@/five", "", "vc4-dis: @/five: size 5 is not a multiple of 8 bytes "
		  "(64-bit instructions)\n" },
		{ "vc4-check", "@/five", "", "vc4-check: @/five: size 5 is not a multiple of 8 "
		  "bytes (64-bit instructions)\n" },
		{ "vc4-check", "@/five --kernel", "REJECT: shader size 5 is not a multiple of 8\n",
		  "" },
		{ "vc4-run", "@/five", "", "vc4-run: @/five: size 5 is not a non-zero multiple of "
		  "8\n" },
		{ "vc4-as", "@/five -o @/out.bin", "", "vc4-as: @/five:1:1: error: expected an "
		  "instruction, found '12345'\n" },
		{ "vc4-ir", "@/five", "", "vc4-ir: @/five:1:1: expected 'vertex' or 'fragment', "
		  "found '12345'\n" },
		{ "vc4c", "@/five", "", "vc4c: @/five:1:1: expected 'vertex' or 'fragment', found "
		  "'12345'\n" },
		{ "vc4-replay", "@/capture", "", "vc4-replay: @/capture/submit.txt:1: unknown "
		  "field 'bogus'\n" },
		{ "vc4-demo", "--backend sim --scenes @/scenes -o @", "clear: @/clear.png\n",
		  "vc4-demo: @/scenes/colour.vert + @/scenes/colour.frag: vertex:1:1: expected "
		  "a type, found '12345'\n" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		tt_expect(cases[i].tool, cases[i].args, 1, cases[i].out, cases[i].err);
}

/* The temporary directory: five (5 bytes), capture/submit.txt (a bad
 * field), scenes/colour.{vert,frag} (a bad vertex shader). */
static int setup(void **state)
{
	(void)state;
	return tt_make_tmp("printf 12345 > five && mkdir capture scenes && "
			   "echo 'bogus 1' > capture/submit.txt && cp five scenes/colour.vert && "
			   "printf 'void main() { gl_FragColor = vec4(1.0); }\\n' > scenes/colour.frag");
}

static int teardown(void **state)
{
	(void)state;
	return tt_remove_tmp();
}

int main(int argc, char **argv)
{
	if (argc != 2 + NTOOLS) {
		fprintf(stderr, "usage: test_tools_conventions TESTS_TOOLS_DIR TOOL...(%d)\n",
			NTOOLS);
		return 2;
	}
	dir = argv[1];
	tools = argv + 2;
	tt_set_tools(NTOOLS, tools);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(help_goes_to_stdout),
		cmocka_unit_test(version),
		cmocka_unit_test(unknown_option),
		cmocka_unit_test(unreadable_input),
		cmocka_unit_test(rejected_input),
	};
	return cmocka_run_group_tests_name("tools_conventions", tests, setup, teardown);
}
