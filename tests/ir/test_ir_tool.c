/* test_ir_tool.c: the vc4-ir command — exit status and exact output of each
 * mode. argv[1] is the tool's path. */
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

static const char *tool;
static const char input[] = "test_ir_tool.tmp.ir";

/* Runs "TOOL ARGS 2>&1" (tests/common/tool_run); returns the exit status,
 * the output in out, which must be big enough for all of it. */
static int run(const char *args, char *out, size_t size)
{
	return tool_run_text(tool, args, out, size);
}

static const char shader[] =
	"# comment\n"
	"fragment\n"
	"varying smooth vec2 @uv\n"
	"uniform int @n\n"
	"output color\n"
	"local int @twice\n"
	"%uv = load @uv\n"
	"%x = extract %uv, 0\n"
	"%z = const float 0x1p-2\n"
	"%c = vec4 %x, %z, %x, %z\n"
	"store @color, %c\n"
	"%n = load @n\n"
	"%t = iadd %n, %n\n"
	"store @twice, %t\n";

static void prints_canonical_text(void **state)
{
	(void)state;
	char out[4096];
	assert_true(vc4_write_file(input, shader, sizeof(shader) - 1, NULL));
	char args[64];
	snprintf(args, sizeof(args), "%s", input);
	assert_int_equal(run(args, out, sizeof(out)), 0);
	assert_string_equal(out,
			    "fragment\n"
			    "varying smooth vec2 @uv\n"
			    "uniform int @n\n"
			    "output color\n"
			    "local int @twice\n"
			    "\n"
			    "%uv = load @uv\n"
			    "%x = extract %uv, 0\n"
			    "%z = const float 0.25\n"
			    "%c = vec4 %x, %z, %x, %z\n"
			    "store @color, %c\n"
			    "%n = load @n\n"
			    "%t = iadd %n, %n\n"
			    "store @twice, %t\n");
}

static void runs_the_interpreter(void **state)
{
	(void)state;
	char out[4096], args[128];
	assert_true(vc4_write_file(input, shader, sizeof(shader) - 1, NULL));
	snprintf(args, sizeof(args), "--run %s uv=0.5,3 n=-21", input);
	assert_int_equal(run(args, out, sizeof(out)), 0);
	assert_string_equal(out, "@color = 0.5, 0.25, 0.5, 0.25\n@twice = -42\n");
	snprintf(args, sizeof(args), "--run %s nope=1", input);
	assert_int_equal(run(args, out, sizeof(out)), 1);
	assert_string_equal(out, "vc4-ir: test_ir_tool.tmp.ir: input 'nope=1': no slot 'nope'\n");
	snprintf(args, sizeof(args), "--run %s uv=0.5", input);
	assert_int_equal(run(args, out, sizeof(out)), 1);
	assert_string_equal(out, "vc4-ir: test_ir_tool.tmp.ir: input 'uv=0.5': '0.5' is not 2 "
			    "float components\n");
	snprintf(args, sizeof(args), "--run %s uv", input);
	assert_int_equal(run(args, out, sizeof(out)), 1);
	assert_string_equal(out, "vc4-ir: test_ir_tool.tmp.ir: input 'uv': not NAME=V,V,...\n");
	remove(input);
}

/* `text` starts with `prefix` (the usage that follows is tests/tools'). */
static void assert_prefix(const char *text, const char *prefix)
{
	if (strncmp(text, prefix, strlen(prefix)) != 0)
		fail_msg("'%s' does not start with '%s'", text, prefix);
}

static void errors_and_usage(void **state)
{
	(void)state;
	char out[4096];
	assert_true(vc4_write_file(input, "fragment\n%a = fma\n", 18, NULL));
	assert_int_equal(run(input, out, sizeof(out)), 1);
	assert_string_equal(out, "vc4-ir: test_ir_tool.tmp.ir:2:6: expected an op name, found "
			    "'fma'\n");
	remove(input);
	assert_int_equal(run("/nonexistent/x.ir", out, sizeof(out)), 2); /* an I/O error */
	assert_string_equal(out, "vc4-ir: /nonexistent/x.ir: No such file or directory\n");
	assert_int_equal(run("", out, sizeof(out)), 2);
	assert_prefix(out, "vc4-ir: no FILE given\nusage: vc4-ir FILE\n");
	assert_int_equal(run("--random x", out, sizeof(out)), 2);
	assert_prefix(out, "vc4-ir: --random 'x': not a number\nusage: ");
	assert_int_equal(run("--random 3 geometry", out, sizeof(out)), 2);
	assert_prefix(out, "vc4-ir: --random: stage 'geometry' is not vertex or fragment\nusage: ");
}

static void random_programs_parse_back(void **state)
{
	(void)state;
	char out[65536], args[128];
	assert_int_equal(run("--random 3 fragment", out, sizeof(out)), 0);
	assert_int_equal(strncmp(out, "fragment\n", 9), 0);
	assert_true(vc4_write_file(input, out, strlen(out), NULL));
	char again[65536];
	snprintf(args, sizeof(args), "%s", input);
	assert_int_equal(run(args, again, sizeof(again)), 0);
	assert_string_equal(out, again);
	remove(input);
}

int main(int argc, char **argv)
{
	tool = argc > 1 ? argv[1] : "vc4-ir";
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(prints_canonical_text),
		cmocka_unit_test(runs_the_interpreter),
		cmocka_unit_test(errors_and_usage),
		cmocka_unit_test(random_programs_parse_back),
	};
	return cmocka_run_group_tests_name("ir_tool", tests, NULL, NULL);
}
