/* test_glsl_index.c: uniform arrays read at a non-constant index become one
 * `load_index` of a uniform-array copy (arrays of 4 or more scalars,
 * vectors or mat4), smaller ones and other element types keep the select;
 * the symbol table names the copy; results (indices in and out of range,
 * constant indices reading the per-element uniforms) from the interpreter. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "glsl_test.h"

static const char vs[] =
	"attribute vec4 pos;\n"
	"attribute vec2 idx;\n"
	"uniform mat4 bones[8];\n"
	"uniform vec4 pal[16];\n"
	"uniform vec3 small[3];\n"
	"uniform mat3 m3[4];\n"
	"varying vec4 v;\n"
	"varying vec3 w;\n"
	"void main() {\n"
	"	int i = int(idx.x);\n"
	"	int j = int(idx.y);\n"
	"	gl_Position = bones[i] * pos;\n"
	"	v = pal[j] + pal[2] * bones[j][1].y;\n"
	"	w = small[i] + m3[j][2];\n"
	"}\n";

static const struct glsl_sym *sym(const struct glsl_shader *s, const char *name)
{
	for (uint32_t i = 0; i < s->nsyms; i++)
		if (!strcmp(s->syms[i].name, name))
			return &s->syms[i];
	fail_msg("no symbol %s", name);
	return NULL;
}

static void lowers_to_load_index(void **state)
{
	(void)state;
	struct glsl_shader *s = gt_compile(vs, GLSL_VERTEX);
	char *text = ir_print(s->ir);
	assert_non_null(text);
	assert_non_null(strstr(text, "uniform mat4 @bones.idx[8]\n"));
	assert_non_null(strstr(text, "uniform vec4 @pal.idx[16]\n"));
	assert_non_null(strstr(text, " = load_index @bones.idx, "));
	assert_non_null(strstr(text, " = load_index @pal.idx, "));
	assert_null(strstr(text, "@small.idx"));   /* 3 elements: a select */
	assert_null(strstr(text, "@m3.idx"));      /* mat3: no IR type, a select */
	assert_non_null(strstr(text, "load @pal.2\n"));   /* a constant index */
	const struct glsl_sym *b = sym(s, "bones"), *p = sym(s, "pal");
	assert_int_not_equal(b->index_decl, 0);
	assert_string_equal(ir_str(s->ir, s->ir->decls.data[b->index_decl - 1].name), "bones.idx");
	assert_string_equal(ir_str(s->ir, s->ir->decls.data[p->index_decl - 1].name), "pal.idx");
	assert_int_equal(sym(s, "small")->index_decl, 0);
	free(text);
	glsl_shader_free(s);
}

/* Element e of bones: a translation by (e, 2e, 3e); pal[e] = (e, -e, 10e, 1). */
static void set_inputs(struct gt_run *r, float x, float y)
{
	for (int e = 0; e < 8; e++) {
		float m[16] = { 1, 0, 0, 0,  0, 1, 0, 0,  0, 0, 1, 0,
				(float)e, 2.0f * (float)e, 3.0f * (float)e, 1 };
		m[5] = 1.0f + (float)e;   /* bones[e][1].y */
		char name[16];
		snprintf(name, sizeof(name), "bones[%d]", e);
		gt_setf(r, name, m, 16);
	}
	float pal[64];
	for (int e = 0; e < 16; e++) {
		pal[4 * e] = (float)e;
		pal[4 * e + 1] = -(float)e;
		pal[4 * e + 2] = 10.0f * (float)e;
		pal[4 * e + 3] = 1;
	}
	gt_setf(r, "pal", pal, 64);
	const float pos[4] = { 0, 0, 0, 1 }, idx[2] = { x, y };
	gt_setf(r, "pos", pos, 4);
	gt_setf(r, "idx", idx, 2);
}

static void clamped_indices(void **state)
{
	(void)state;
	static const struct { float x, y; int bi, pj, bj; } cases[] = {
		{ 3, 5, 3, 5, 5 }, { -4, 2, 0, 2, 2 }, { 100, 20, 7, 15, 7 }, { 7.9f, -1, 7, 0, 0 },
	};
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct gt_run r;
		gt_begin(&r, vs, GLSL_VERTEX);
		set_inputs(&r, cases[k].x, cases[k].y);
		gt_exec(&r);
		const union ir_scalar *p = gt_output(&r, IR_OUT_POSITION), *v = gt_varying(&r, "v");
		float bi = (float)cases[k].bi, pj = (float)cases[k].pj, s = 1.0f + (float)cases[k].bj;
		assert_true(p[0].f == bi && p[1].f == 2 * bi && p[2].f == 3 * bi && p[3].f == 1);
		/* pal[j] + pal[2] * bones[j][1].y */
		assert_true(v[0].f == pj + 2 * s && v[1].f == -pj - 2 * s &&
			    v[2].f == 10 * pj + 20 * s && v[3].f == 1 + s);
		gt_end(&r);
	}
}

int main(int argc, char **argv)
{
	(void)argc, (void)argv;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lowers_to_load_index),
		cmocka_unit_test(clamped_indices),
	};
	return cmocka_run_group_tests_name("glsl_index", tests, NULL, NULL);
}
