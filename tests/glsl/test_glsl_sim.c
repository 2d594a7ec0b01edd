/* test_glsl_sim.c: the golden shaders (tests/glsl/golden) and the
 * execution tests' kinds of constructs compiled by vc4_compile and run on
 * the QPU interpreter through tests/compiler's exec harness, compared with
 * ir_interpret() on random inputs (tolerances: exec_harness.h). The
 * shaders reading gl_FragCoord are left out: the harness gives the
 * interpreter (0, 0, 0, 1) while the QPU sees the real pixel. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../compiler/compile_test.h"
#include "../compiler/exec_harness.h"
#include "glsl/glsl.h"
#include "util/file.h"

static const char *dir;

static void run_shader(const char *name, const char *src, size_t size, int seeds)
{
	struct glsl_log log;
	struct glsl_shader *s = glsl_compile(src, size, name,
					     (enum glsl_stage)glsl_stage_from_name(name), &log);
	if (!s)
		fail_msg("%s", log.text);
	struct vc4_compile_result r;
	ct_compile(s->ir, NULL, &r);
	ct_assert_clean(&r);
	for (uint32_t p = 0; p < r.count; p++)
		for (int seed = 1; seed <= seeds; seed++) {
			struct exec_case c = { .seed = (uint64_t)seed };
			bool ok = s->stage == GLSL_VERTEX ? exec_vertex(s->ir, &r.prog[p], &c) :
				  exec_fragment(s->ir, &r.prog[p], &c);
			if (!ok)
				fail_msg("%s program %u seed %d: %s", name, p, seed, c.msg);
		}
	vc4_compile_result_free(&r);
	glsl_shader_free(s);
}

static void goldens(void **state)
{
	(void)state;
	static const char *const names[] = {
		"arith.frag", "swizzle.frag", "ctor.frag", "matrix.vert", "struct_array.frag",
		"if.frag", "loops.frag", "function.frag", "logic.frag", "builtins.frag",
		"texture.frag", "varyings.vert", "preprocessor.vert", "sampler_loop.frag",
		"struct_out.frag", "unroll.frag", "for_general.frag", "narrow.frag",
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char path[4096];
		size_t size;
		struct vc4_diag d = { 0 };
		snprintf(path, sizeof(path), "%s/golden/%s", dir, names[i]);
		char *src = vc4_read_file(path, &size, &d);
		if (!src)
			fail_msg("%s", d.msg);
		run_shader(names[i], src, size, 4);
		free(src);
	}
}

/* The VS's instructions when linked with a fragment shader of source fs. */
static uint32_t linked_vs_insts(const char *vs_src, const char *fs_src)
{
	struct glsl_log log;
	struct glsl_shader *vs = glsl_compile(vs_src, strlen(vs_src), "n.vert", GLSL_VERTEX, &log);
	struct glsl_shader *fs = glsl_compile(fs_src, strlen(fs_src), "n.frag", GLSL_FRAGMENT,
					      &log);
	assert_non_null(vs);
	assert_non_null(fs);
	struct qir_shader_key k;
	qir_shader_key_init(&k, QIR_STAGE_VERTEX);
	struct vc4_compile_result r;
	struct vc4_diag d = { 0 };
	if (!vc4_compile_linked(vs->ir, fs->ir, &k, NULL, &r, &d))
		fail_msg("%s", d.msg);
	uint32_t n = r.prog[0].num_inst;
	vc4_compile_result_free(&r);
	glsl_shader_free(vs);
	glsl_shader_free(fs);
	return n;
}

/* A fragment shader reading only tc.xy of a vec4 varying narrows it to a
 * vec2 (glsl_lower_narrow.c): the linked VS writes, and computes, two
 * components of it instead of four. */
static void narrowed_varying_linked(void **state)
{
	(void)state;
	const char *vs = "attribute vec4 p;\nvarying vec4 tc;\n"
			 "void main() { gl_Position = p; tc = (p + 1.0) / 2.0; }\n";
	const char *wide = "precision mediump float;\nvarying vec4 tc;\n"
			   "void main() { gl_FragColor = tc; }\n";
	const char *narrow = "precision mediump float;\nvarying vec4 tc;\n"
			     "void main() { gl_FragColor = vec4(tc.xy, 0.0, 1.0); }\n";
	/* 25 and 23 before 2026-11-27's seventh round: the VPM read of w
	 * sharing its instruction with the reciprocal (emit_fuse.c) made the
	 * wide one 24; `(p + 1.0) * 0.5` as `p * 0.5 + 0.5` (opt_scale_first.c)
	 * then made the narrow one 22 and the wide one 26 (its four products,
	 * now ready with the reads, crowd the MUL unit before the position's);
	 * w read first under its own setup (opt_vpm_order.c, the eighth round):
	 * the wide one 23, the narrow one 21 */
	assert_int_equal(linked_vs_insts(vs, wide), 23);
	assert_int_equal(linked_vs_insts(vs, narrow), 21);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s TESTS_GLSL_DIR\n", argv[0]);
		return 2;
	}
	dir = argv[1];
	ct_tests_dir = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(goldens),
		cmocka_unit_test(narrowed_varying_linked),
	};
	return cmocka_run_group_tests_name("glsl_sim", tests, NULL, NULL);
}
