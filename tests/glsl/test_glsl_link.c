/* test_glsl_link.c: the interface table and glsl_link — attributes get the
 * locations asked for, then the lowest free ones (a matrix one per
 * column); varyings must match by name and type; uniforms are found by
 * name, "name[i]" and "s.f" with their types and IR slots; a uniform
 * declared by both stages must have one type; a varying the vertex
 * shader writes as one constant is folded into the fragment shader. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "glsl_test.h"

static const char vs_src[] =
	"attribute vec4 pos; attribute mat2 m; attribute vec2 uv;\n"
	"uniform mat4 mvp; uniform float k[3];\n"
	"varying vec2 v_uv; varying vec4 v_c;\n"
	"void main() { gl_Position = mvp * pos + vec4(m[0], m[1]) * k[2]; v_uv = uv; v_c = pos; }";
static const char fs_src[] =
	"precision mediump float; varying vec2 v_uv; varying vec4 v_c;\n"
	"struct L { vec3 c; float w[2]; }; uniform L l[2]; uniform sampler2D tex; uniform float k[3];\n"
	"void main() { gl_FragColor = texture2D(tex, v_uv) * v_c + vec4(l[1].c, l[0].w[1] + k[0]); }";

static const struct glsl_sym *sym(const struct glsl_shader *s, const char *name)
{
	for (uint32_t i = 0; i < s->nsyms; i++)
		if (!strcmp(s->syms[i].name, name))
			return &s->syms[i];
	fail_msg("no symbol '%s'", name);
	return NULL;
}

static void locations(void **state)
{
	(void)state;
	struct glsl_shader *vs = gt_compile(vs_src, GLSL_VERTEX);
	struct glsl_shader *fs = gt_compile(fs_src, GLSL_FRAGMENT);
	struct glsl_binding bind[] = { { "uv", 0 } };
	struct glsl_log log;
	assert_true(glsl_link(vs, fs, bind, 1, &log));
	assert_int_equal(sym(vs, "uv")->location, 0);
	assert_int_equal(sym(vs, "pos")->location, 1);
	assert_int_equal(sym(vs, "m")->location, 2);   /* two columns: 2 and 3 */
	assert_int_equal(sym(vs, "m")->nslots, 2);
	assert_string_equal(sym(vs, "m")->type, "mat2");
	struct glsl_binding clash[] = { { "pos", 3 }, { "m", 2 } };
	assert_false(glsl_link(vs, fs, clash, 2, &log));
	assert_string_equal(log.first, "link: attribute 'm' cannot be bound to location 2 "
			    "(it overlaps another)");
	struct glsl_binding far[] = { { "m", 7 } };
	assert_false(glsl_link(vs, fs, far, 1, &log));
	assert_string_equal(log.first, "link: attribute 'm' cannot be bound to location 7 "
			    "(out of range)");
	glsl_shader_free(vs);
	glsl_shader_free(fs);
}

static void uniforms(void **state)
{
	(void)state;
	struct glsl_shader *fs = gt_compile(fs_src, GLSL_FRAGMENT);
	uint32_t el;
	const struct glsl_sym *u = glsl_find_uniform(fs, "l[0].w[1]", &el);
	assert_non_null(u);
	assert_string_equal(u->name, "l[0].w");
	assert_string_equal(u->type, "float");
	assert_int_equal(u->array_size, 2);
	assert_int_equal(el, 1);
	assert_string_equal(ir_str(fs->ir, fs->ir->decls.data[u->first_slot + el].name), "l.0.w.1");
	u = glsl_find_uniform(fs, "l[1].c", &el);
	assert_non_null(u);
	assert_string_equal(ir_str(fs->ir, fs->ir->decls.data[u->first_slot].name), "l.1.c");
	u = glsl_find_uniform(fs, "tex", &el);
	assert_int_equal(u->kind, GLSL_SYM_SAMPLER);
	assert_int_equal(fs->ir->decls.data[u->first_slot].kind, IR_DECL_SAMPLER);
	assert_null(glsl_find_uniform(fs, "k[3]", &el));
	assert_null(glsl_find_uniform(fs, "nope", &el));
	assert_non_null(glsl_find_uniform(fs, "k", &el));
	glsl_shader_free(fs);
	struct glsl_shader *vs = gt_compile(vs_src, GLSL_VERTEX);
	u = glsl_find_uniform(vs, "mvp", &el);
	assert_int_equal(u->nslots, 4);
	assert_string_equal(u->type, "mat4");
	glsl_shader_free(vs);
}

static void mismatches(void **state)
{
	(void)state;
	struct glsl_log log;
	struct glsl_shader *vs = gt_compile(vs_src, GLSL_VERTEX);
	struct glsl_shader *fs = gt_compile("precision mediump float; varying vec3 v_uv;\n"
					    "void main() { gl_FragColor = vec4(v_uv, 1.0); }",
					    GLSL_FRAGMENT);
	assert_false(glsl_link(vs, fs, NULL, 0, &log));
	assert_string_equal(log.first, "link: varying 'v_uv' is vec2 in the vertex shader and "
			    "vec3 in the fragment shader");
	glsl_shader_free(fs);
	fs = gt_compile("precision mediump float; varying vec2 other;\n"
			"void main() { gl_FragColor = vec4(other, 1.0, 1.0); }", GLSL_FRAGMENT);
	assert_false(glsl_link(vs, fs, NULL, 0, &log));
	assert_string_equal(log.first, "link: varying 'other' is read by the fragment shader "
			    "but not written by the vertex shader");
	glsl_shader_free(fs);
	fs = gt_compile("precision mediump float; uniform vec2 k[3];\n"
			"void main() { gl_FragColor = vec4(k[0], 1.0, 1.0); }", GLSL_FRAGMENT);
	assert_false(glsl_link(vs, fs, NULL, 0, &log));
	assert_string_equal(log.first, "link: uniform 'k' is float in the vertex shader and "
			    "vec2 in the fragment shader");
	glsl_shader_free(fs);
	glsl_shader_free(vs);
}

/* Loads of the varying `name` in the fragment shader's IR. */
static unsigned loads(const struct glsl_shader *fs, const char *name)
{
	uint32_t slot = sym(fs, name)->first_slot;
	unsigned n = 0;
	for (uint32_t i = 0; i < fs->ir->instrs.len; i++)
		n += fs->ir->instrs.data[i].op == IR_OP_LOAD && fs->ir->instrs.data[i].slot == slot;
	return n;
}

/* v_k is the same constant in every vertex (chosen by an integer test on
 * constants): the FS reads the constant instead; v_c comes from an
 * attribute and v_f from float arithmetic, which stay varyings. */
static void constant_varyings(void **state)
{
	(void)state;
	struct glsl_shader *vs = gt_compile(
		"attribute vec4 pos; varying vec4 v_k; varying vec4 v_c; varying float v_f;\n"
		"void main() { int n = 0; for (int i = 0; i < 3; i++) n += 2;\n"
		"gl_Position = pos; v_c = pos; v_f = 0.5 * 3.0 + pos.x * 0.0;\n"
		"if (n == 6) v_k = vec4(0.0, 1.0, 0.0, 1.0); else v_k = vec4(1.0); }",
		GLSL_VERTEX);
	struct glsl_shader *fs = gt_compile(
		"precision mediump float; varying vec4 v_k; varying vec4 v_c; varying float v_f;\n"
		"void main() { gl_FragColor = v_k * v_c + v_k * v_f; }", GLSL_FRAGMENT);
	assert_int_equal(loads(fs, "v_k"), 2);
	struct glsl_log log;
	assert_true(glsl_link(vs, fs, NULL, 0, &log));
	assert_int_equal(loads(fs, "v_k"), 0);
	assert_int_equal(loads(fs, "v_c"), 1);
	assert_int_equal(loads(fs, "v_f"), 1);
	unsigned consts = 0;
	for (uint32_t i = 0; i < fs->ir->instrs.len; i++) {
		const struct ir_instr *in = &fs->ir->instrs.data[i];
		consts += in->op == IR_OP_CONST && in->type.comps == 4 && in->imm[0].f == 0.0f &&
			  in->imm[1].f == 1.0f && in->imm[2].f == 0.0f && in->imm[3].f == 1.0f;
	}
	assert_int_equal(consts, 2);
	glsl_shader_free(vs);
	glsl_shader_free(fs);
}

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(locations),
		cmocka_unit_test(uniforms),
		cmocka_unit_test(mismatches),
		cmocka_unit_test(constant_varyings),
	};
	return cmocka_run_group_tests_name("glsl_link", tests, NULL, NULL);
}
