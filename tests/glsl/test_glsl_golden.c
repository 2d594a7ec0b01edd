/* test_glsl_golden.c: the IR each construct lowers to (docs/glsl.md
 * "Lowering"), compared exactly with tests/glsl/golden/NAME.ir; and vc4c
 * on .vert/.frag files prints the same IR with --ir. A golden is written
 * by `vc4c NAME --ir > NAME.ir` and reviewed by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "glsl/glsl.h"
#include "util/file.h"

static const char *dir;

static const char *const goldens[] = {
	"arith.frag", "swizzle.frag", "ctor.frag", "matrix.vert", "struct_array.frag",
	"if.frag", "loops.frag", "function.frag", "logic.frag", "builtins.frag",
	"fragcoord.frag", "texture.frag", "cube.frag", "varyings.vert", "preprocessor.vert",
	"sampler_loop.frag", "struct_out.frag", "unroll.frag", "for_general.frag",
	"times_zero.frag", "narrow.frag",
};

static char *read_golden(const char *name, size_t *size)
{
	char path[4096];
	struct vc4_diag d = { 0 };
	snprintf(path, sizeof(path), "%s/golden/%s", dir, name);
	char *text = vc4_read_file(path, size, &d);
	if (!text)
		fail_msg("%s", d.msg);
	return text;
}

static void golden(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(goldens) / sizeof(goldens[0]); i++) {
		size_t size, want_size;
		char *src = read_golden(goldens[i], &size), ir_name[256];
		snprintf(ir_name, sizeof(ir_name), "%s.ir", goldens[i]);
		char *want = read_golden(ir_name, &want_size);
		struct glsl_log log;
		struct glsl_shader *s = glsl_compile(src, size, goldens[i],
						     (enum glsl_stage)glsl_stage_from_name(goldens[i]), &log);
		if (!s)
			fail_msg("%s", log.text);
		char *got = ir_print(s->ir);
		assert_non_null(got);
		if (strlen(got) != want_size || memcmp(got, want, want_size))
			fail_msg("%s: lowered IR differs from %s:\n%s", goldens[i], ir_name, got);
		free(got);
		glsl_shader_free(s);
		free(src);
		free(want);
	}
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s TESTS_GLSL_DIR\n", argv[0]);
		return 2;
	}
	dir = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(golden),
	};
	return cmocka_run_group_tests_name("glsl_golden", tests, NULL, NULL);
}
