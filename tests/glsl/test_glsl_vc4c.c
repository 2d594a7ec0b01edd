/* test_glsl_vc4c.c: vc4c on GLSL — .vert/.frag by name, --glsl with
 * --stage, --ir printing the lowered IR (the golden), --stats, a vertex and
 * fragment pair linked by glsl_link through --fs, and every error of a
 * file printed in order with exit status 1. argv[1] = tests/glsl,
 * argv[2] = vc4c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tool_run.h"
#include "util/file.h"

static const char *dir, *vc4c;

static void expect(const char *args, int status, const char *out, const char *err)
{
	struct tool_run r = tool_run(vc4c, args, false);
	if (r.status != status || (out && strcmp(r.out, out)) || strcmp(r.err, err))
		fail_msg("vc4c %s: status %d\n--- out:\n%s--- err:\n%s--- want err:\n%s", args,
			 r.status, r.out, r.err, err);
	tool_run_free(&r);
}

static void ir_golden(void **state)
{
	(void)state;
	char args[4096], path[4096];
	size_t size;
	struct vc4_diag d = { 0 };
	snprintf(path, sizeof(path), "%s/golden/matrix.vert.ir", dir);
	char *want = vc4_read_file(path, &size, &d);
	assert_non_null(want);
	snprintf(args, sizeof(args), "%s/golden/matrix.vert --ir", dir);
	struct tool_run r = tool_run(vc4c, args, false);
	assert_int_equal(r.status, 0);
	/* the file name in the IR text is not printed, so the text is the golden */
	assert_string_equal(r.out, want);
	tool_run_free(&r);
	free(want);
	snprintf(args, sizeof(args), "--glsl --stage fragment %s/golden/if.frag --stats", dir);
	r = tool_run(vc4c, args, false);
	assert_int_equal(r.status, 0);
	assert_true(!strncmp(r.out, "fragment shader: ", 17));
	tool_run_free(&r);
}

static void pair(void **state)
{
	(void)state;
	char args[4096];
	snprintf(args, sizeof(args), "%s/golden/varyings.vert --fs %s/golden/texture.frag", dir,
		 dir);
	char err[8192];
	snprintf(err, sizeof(err), "vc4c: link: varying 'uv' is read by the fragment shader but "
		 "not written by the vertex shader\n");
	expect(args, 1, "", err);
}

static void errors(void **state)
{
	(void)state;
	char path[1024], args[1100], err[4096];
	snprintf(path, sizeof(path), "%s/bad.frag", dir);
	snprintf(args, sizeof(args), "%s", path);
	snprintf(err, sizeof(err),
		 "vc4c: %s:3:12: 'y' is not declared\n"
		 "vc4c: %s:4:10: cannot initialize int 'i' with float\n"
		 "vc4c: %s:5:15: cannot assign float to vec4\n", path, path, path);
	expect(args, 1, "", err);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s TESTS_GLSL_DIR VC4C\n", argv[0]);
		return 2;
	}
	dir = argv[1];
	vc4c = argv[2];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ir_golden),
		cmocka_unit_test(pair),
		cmocka_unit_test(errors),
	};
	return cmocka_run_group_tests_name("glsl_vc4c", tests, NULL, NULL);
}
