/*
 * test_lower_golden.c: the QIR text the lowering produces (before any
 * optimisation) for a set of shaders and keys, compared with the golden
 * files golden/<name>.qir (a '#' line naming the input, stage and key, then
 * qir_print()'s text). With VC4_UPDATE_GOLDEN=1 in the environment the
 * golden files are rewritten instead (review the diff like code).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lower_test.h"
#include "util/file.h"

enum variant {
	V_DEFAULT, V_BLEND, V_565_MASK, V_THREADED, V_UNORM8, V_POINTS, V_FS_POINTS, V_FS_LINES
};

struct golden {
	const char *ir;        /* golden/<ir>.ir */
	const char *linked;    /* VS: the FS it is linked with, or NULL */
	enum qir_stage stage;
	enum variant variant;
	const char *out;       /* golden/<out>.qir */
};

static const struct golden goldens[] = {
	{ "vs_mvp_color", "fs_color", QIR_STAGE_VERTEX, V_DEFAULT, "vs_mvp_color.vs" },
	{ "vs_mvp_color", NULL, QIR_STAGE_COORD, V_DEFAULT, "vs_mvp_color.cs" },
	{ "vs_mvp_color", "fs_color", QIR_STAGE_VERTEX, V_UNORM8, "vs_mvp_color.unorm8.vs" },
	{ "vs_mvp_color", NULL, QIR_STAGE_COORD, V_POINTS, "vs_mvp_color.points.cs" },
	{ "fs_color", NULL, QIR_STAGE_FRAGMENT, V_DEFAULT, "fs_color" },
	{ "fs_color", NULL, QIR_STAGE_FRAGMENT, V_BLEND, "fs_color.blend" },
	{ "fs_color", NULL, QIR_STAGE_FRAGMENT, V_565_MASK, "fs_color.565_mask" },
	{ "fs_tex_color", NULL, QIR_STAGE_FRAGMENT, V_DEFAULT, "fs_tex_color" },
	{ "fs_tex_color", NULL, QIR_STAGE_FRAGMENT, V_THREADED, "fs_tex_color.threaded" },
	{ "fs_if_else", NULL, QIR_STAGE_FRAGMENT, V_DEFAULT, "fs_if_else" },
	{ "fs_loop_break", NULL, QIR_STAGE_FRAGMENT, V_DEFAULT, "fs_loop_break" },
	{ "fs_loop_exit", NULL, QIR_STAGE_FRAGMENT, V_DEFAULT, "fs_loop_exit" },
	{ "doc_first_vs", NULL, QIR_STAGE_VERTEX, V_DEFAULT, "doc_first_vs.vs" },
	{ "doc_tex_discard", NULL, QIR_STAGE_FRAGMENT, V_DEFAULT, "doc_tex_discard" },
	{ "doc_operands", NULL, QIR_STAGE_FRAGMENT, V_DEFAULT, "doc_operands" },
	{ "doc_integers", NULL, QIR_STAGE_VERTEX, V_POINTS, "doc_integers.vs" },
	{ "doc_loop", NULL, QIR_STAGE_FRAGMENT, V_DEFAULT, "doc_loop" },
	{ "doc_nested_if", NULL, QIR_STAGE_VERTEX, V_DEFAULT, "doc_nested_if.vs" },
	{ "doc_cube", NULL, QIR_STAGE_FRAGMENT, V_DEFAULT, "doc_cube" },
	{ "doc_cube", NULL, QIR_STAGE_FRAGMENT, V_FS_POINTS, "doc_cube.points" },
	{ "fs_color", NULL, QIR_STAGE_FRAGMENT, V_FS_POINTS, "fs_color.points" },
	{ "fs_color", NULL, QIR_STAGE_FRAGMENT, V_FS_LINES, "fs_color.lines" },
};

static const char *const variant_names[] = {
	[V_DEFAULT] = "default key",
	[V_BLEND] = "blend ADD(SRC_ALPHA, ONE_MINUS_SRC_ALPHA), alpha ADD(ONE, ZERO)",
	[V_565_MASK] = "BGR565 render target, colour mask R+B",
	[V_THREADED] = "threaded",
	[V_UNORM8] = "attribute 1 is unorm8",
	[V_POINTS] = "point size written",
	[V_FS_POINTS] = "drawing points",
	[V_FS_LINES] = "drawing lines",
};
static const char *const stage_names[] = { "vertex", "coordinate", "fragment" };

static void make_key(struct qir_shader_key *key, enum qir_stage stage, enum variant v)
{
	qir_shader_key_init(key, stage == QIR_STAGE_FRAGMENT ? stage : QIR_STAGE_VERTEX);
	switch (v) {
	case V_BLEND:  /* classic alpha blending */
		key->blend = (struct qir_blend_state){ true, QIR_BLEND_ADD, QIR_BLEND_ADD,
			QIR_BF_SRC_ALPHA, QIR_BF_ONE_MINUS_SRC_ALPHA, QIR_BF_ONE, QIR_BF_ZERO };
		break;
	case V_565_MASK:
		key->rt_format = QIR_RT_BGR565;
		key->color_mask = 0x5;  /* R and B */
		break;
	case V_THREADED: key->threaded = true; break;
	case V_UNORM8: key->attr_format[1] = QIR_ATTR_UNORM8; break;
	case V_POINTS: key->point_size = true; break;
	case V_FS_POINTS: key->is_points = true; break;
	case V_FS_LINES: key->is_lines = true; break;
	default: break;
	}
}

static struct ir_shader *load_ir(const char *name)
{
	char rel[256];
	snprintf(rel, sizeof(rel), "golden/%s.ir", name);
	char *text = lt_read(rel);
	if (!text)
		fail_msg("missing %s", rel);
	struct ir_shader *sh = lt_parse(text, rel);
	free(text);
	return sh;
}

static void test_golden(void **state)
{
	const struct golden *g = *state;
	struct ir_shader *sh = load_ir(g->ir), *fs = g->linked ? load_ir(g->linked) : NULL;
	struct qir_shader_key key;
	make_key(&key, g->stage, g->variant);
	struct qir_compile *c = lt_lower(sh, fs, &key, g->stage);
	char *qir = qir_print(c), rel[256], path[1024];
	assert_non_null(qir);
	size_t size = strlen(qir) + 512;
	char *text = malloc(size);
	assert_non_null(text);
	snprintf(text, size, "# golden/%s.ir%s%s, %s shader, %s\n%s", g->ir,
		 g->linked ? " linked with " : "", g->linked ? g->linked : "",
		 stage_names[g->stage], variant_names[g->variant], qir);
	free(qir);
	snprintf(rel, sizeof(rel), "golden/%s.qir", g->out);
	if (getenv("VC4_UPDATE_GOLDEN")) {
		snprintf(path, sizeof(path), "%s/qir/lower/%s", TESTS_DIR, rel);
		assert_true(vc4_write_file(path, text, strlen(text), NULL));
	}
	char *want = lt_read(rel);
	if (!want)
		fail_msg("missing %s (run with VC4_UPDATE_GOLDEN=1)", rel);
	assert_string_equal(text, want);
	free(want);
	free(text);
	qir_compile_free(c);
	ir_shader_free(sh);
	ir_shader_free(fs);
}

int main(void)
{
	struct CMUnitTest tests[sizeof(goldens) / sizeof(goldens[0])];
	for (size_t i = 0; i < sizeof(goldens) / sizeof(goldens[0]); i++) {
		tests[i] = (struct CMUnitTest)cmocka_unit_test_prestate(test_golden,
									(void *)&goldens[i]);
		tests[i].name = goldens[i].out;
	}
	return cmocka_run_group_tests_name("qir_lower_golden", tests, NULL, NULL);
}
