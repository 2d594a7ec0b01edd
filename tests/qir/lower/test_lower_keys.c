/*
 * test_lower_keys.c: shader keys — defaults, hash and equality over the
 * stage's own fields, range checks with exact messages — and that different
 * keys give different code for the same IR, plus the lowering's argument
 * errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lower_test.h"

static void test_key_hash_equal(void **state)
{
	(void)state;
	struct qir_shader_key a, b;
	qir_shader_key_init(&a, QIR_STAGE_FRAGMENT);
	qir_shader_key_init(&b, QIR_STAGE_FRAGMENT);
	assert_true(qir_shader_key_equal(&a, &b));
	assert_int_equal(qir_shader_key_hash(&a), qir_shader_key_hash(&b));
	b.attr_format[0] = QIR_ATTR_UNORM8;  /* not a fragment field */
	assert_true(qir_shader_key_equal(&a, &b));
	b.blend.rgb_src = QIR_BF_DST_ALPHA;  /* blending off: factors do not matter */
	assert_true(qir_shader_key_equal(&a, &b));
	b.blend.enable = true;
	assert_false(qir_shader_key_equal(&a, &b));
	assert_int_not_equal(qir_shader_key_hash(&a), qir_shader_key_hash(&b));
	struct qir_shader_key v, w;
	qir_shader_key_init(&v, QIR_STAGE_VERTEX);
	qir_shader_key_init(&w, QIR_STAGE_VERTEX);
	w.rt_format = QIR_RT_BGR565;  /* not a vertex field */
	assert_true(qir_shader_key_equal(&v, &w));
	w.attr_format[2] = QIR_ATTR_SINT16;
	assert_false(qir_shader_key_equal(&v, &w));
	assert_false(qir_shader_key_equal(&a, &v));
}

static void test_key_check(void **state)
{
	(void)state;
	struct qir_shader_key k;
	struct vc4_diag d = { 0 };
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	assert_true(qir_shader_key_check(&k, &d));
	k.blend.rgb_dst = 15;
	assert_false(qir_shader_key_check(&k, &d));
	assert_string_equal(d.msg, "shader key: blend.rgb_dst[0] = 15 is out of range (0..14)");
	vc4_diag_clear(&d);
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	k.tex_swizzle[1][2] = 9;
	assert_false(qir_shader_key_check(&k, &d));
	assert_string_equal(d.msg, "shader key: tex_swizzle[6] = 9 is out of range (0..5)");
	vc4_diag_clear(&d);
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	k.is_points = k.is_lines = true;
	assert_false(qir_shader_key_check(&k, &d));
	assert_string_equal(d.msg, "shader key: is_points and is_lines are both set");
}

static const char fs_text[] =
	"fragment\nvarying smooth vec2 @uv\nvarying smooth vec4 @c\nsampler 2d @s\n"
	"output color\n%uv = load @uv\n%t = tex @s, %uv\n%c = load @c\n%r = mul %t, %c\n"
	"store @color, %r\n";

/* The QIR text of fs_text under key k. */
static char *fs_code(const struct qir_shader_key *k)
{
	struct ir_shader *sh = lt_parse(fs_text, "k.ir");
	struct qir_compile *c = lt_lower(sh, NULL, k, QIR_STAGE_FRAGMENT);
	char *text = qir_print(c);
	qir_compile_free(c);
	ir_shader_free(sh);
	return text;
}

/* Each key change alters the program; equal keys give equal programs. */
static void test_keys_change_code(void **state)
{
	(void)state;
	struct qir_shader_key base;
	qir_shader_key_init(&base, QIR_STAGE_FRAGMENT);
	char *ref = fs_code(&base), *same = fs_code(&base);
	assert_string_equal(ref, same);
	free(same);
	for (int v = 0; v < 10; v++) {
		struct qir_shader_key k = base;
		switch (v) {
		case 0: k.blend.enable = true; break;
		case 1: k.color_mask = 0x7; break;
		case 2: k.logic_op_enable = true; k.logic_op = QIR_LOGIC_XOR; break;
		case 3: k.rt_format = QIR_RT_BGR565; break;
		case 4: k.tex_swizzle[0][0] = QIR_SWZ_Z; k.tex_swizzle[0][2] = QIR_SWZ_X; break;
		case 5: k.threaded = true; break;
		case 6: k.flat_varyings = 2; break;
		case 7: k.is_points = true; break;
		case 8: k.is_lines = true; break;
		default: k.depth_enabled = true; break;
		}
		assert_false(qir_shader_key_equal(&k, &base));
		char *text = fs_code(&k);
		if (strcmp(text, ref) == 0)
			fail_msg("key variant %d gives the same code", v);
		free(text);
	}
	free(ref);
}

static void test_lower_errors(void **state)
{
	(void)state;
	struct ir_shader *sh = lt_parse(fs_text, "k.ir");
	struct qir_shader_key k;
	struct vc4_diag d = { 0 };
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	assert_null(qir_lower_shader(sh, NULL, &k, QIR_STAGE_VERTEX, &d));
	assert_string_equal(d.msg, "k.ir: a fragment shader cannot be compiled as stage 0");
	vc4_diag_clear(&d);
	qir_shader_key_init(&k, QIR_STAGE_VERTEX);
	assert_null(qir_lower_shader(sh, NULL, &k, QIR_STAGE_FRAGMENT, &d));
	assert_string_equal(d.msg, "k.ir: the shader key is for stage 0");
	vc4_diag_clear(&d);
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	k.back_varying[0] = 2;  /* @uv (vec2) backed by @c (vec4) */
	assert_null(qir_lower_shader(sh, NULL, &k, QIR_STAGE_FRAGMENT, &d));
	assert_string_equal(d.msg, "k.ir: shader key: back_varying[0] = 2 names no varying of "
			    "the same size");
	ir_shader_free(sh);
}

/* Limits and linking errors name the shader and what is wrong. */
static void test_io_errors(void **state)
{
	(void)state;
	char text[2048] = "vertex\n";
	for (int i = 0; i < 9; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "attribute vec4 @a%d\n", i);
	strcat(text, "output position\n%p = load @a0\nstore @position, %p\n");
	struct ir_shader *sh = lt_parse(text, "nine.ir");
	struct qir_shader_key k;
	struct vc4_diag d = { 0 };
	qir_shader_key_init(&k, QIR_STAGE_VERTEX);
	assert_null(qir_lower_shader(sh, NULL, &k, QIR_STAGE_VERTEX, &d));
	assert_string_equal(d.msg, "nine.ir: more than 8 attributes");
	ir_shader_free(sh);

	struct ir_shader *vs = lt_parse("vertex\nattribute vec4 @p\nvarying smooth vec3 @v\n"
					"output position\n%p = load @p\nstore @position, %p\n"
					"%v = swizzle %p, xyz\nstore @v, %v\n", "vs.ir");
	struct ir_shader *fs = lt_parse("fragment\nvarying smooth vec4 @v\noutput color\n"
					"%v = load @v\nstore @color, %v\n", "fs.ir");
	vc4_diag_clear(&d);
	assert_null(qir_lower_shader(vs, fs, &k, QIR_STAGE_VERTEX, &d));
	assert_string_equal(d.msg, "vs.ir: varying 'v' has 3 components here but 4 in the "
			    "fragment shader");
	ir_shader_free(vs);
	ir_shader_free(fs);
}

/* The VPM read setups of block 0 (at most 4) and the words read, checking
 * that each setup comes before its words; returns the number of setups. */
static uint32_t read_setups(const struct qir_compile *c, uint32_t setups[4], uint32_t *words,
			    uint32_t *nwords)
{
	uint32_t n = 0;
	const struct qir_inst *i;
	*nwords = 0;
	qir_foreach_inst(c->blocks.data[0], i) {
		if (i->op == QIR_OP_LOAD_IMM && i->dst.file == QIR_FILE_SPECIAL &&
		    i->dst.index == QIR_SPECIAL_VPM_READ_SETUP && n < 4)
			setups[n++] = i->src[0].index;
		if (i->src[0].file == QIR_FILE_VPM) {
			assert_true(n > 0);
			words[(*nwords)++] = i->src[0].index;
		}
	}
	return n;
}

/* More than 16 attribute words take several VPM read setups, each naming
 * its first word and count (16 encoded as 0), issued before its words. */
static void test_vpm_read_setups(void **state)
{
	(void)state;
	char text[2048] = "vertex\n";
	for (int i = 0; i < 5; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text), "attribute vec4 @a%d\n", i);
	strcat(text, "output position\n%p0 = load @a0\n");
	for (int i = 1; i < 5; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
			 "%%x%d = load @a%d\n%%p%d = add %%p%d, %%x%d\n", i, i, i, i - 1, i);
	strcat(text, "store @position, %p4\n");
	struct ir_shader *sh = lt_parse(text, "five.ir");
	struct qir_shader_key k;
	qir_shader_key_init(&k, QIR_STAGE_VERTEX);
	struct qir_compile *c = lt_lower(sh, NULL, &k, QIR_STAGE_COORD);
	uint32_t setups[4] = { 0 }, words[64] = { 0 }, nwords = 0;
	assert_int_equal(read_setups(c, setups, words, &nwords), 2);
	assert_int_equal(setups[0], 0x00001a00u);  /* words 0..15 */
	assert_int_equal(setups[1], 0x00401a10u);  /* words 16..19 */
	assert_int_equal(nwords, 20);
	for (uint32_t w = 0; w < nwords; w++)
		assert_int_equal(words[w], w);
	assert_int_equal(c->num_vpm_reads, 20);
	qir_compile_free(c);
	ir_shader_free(sh);
}

/* A stage reads only the attributes it needs: the coordinate shader skips
 * those that feed only varyings (a new setup where the words it reads
 * resume), the vertex shader reads them all. */
static void test_vpm_skips_unneeded(void **state)
{
	(void)state;
	struct ir_shader *sh = lt_parse("vertex\nattribute vec4 @colour\nattribute vec2 @uv\n"
					"attribute vec4 @pos\nvarying smooth vec4 @v\n"
					"varying smooth vec2 @t\noutput position\n"
					"%c = load @colour\nstore @v, %c\n%u = load @uv\n"
					"store @t, %u\n%p = load @pos\nstore @position, %p\n",
					"skip.ir");
	struct qir_shader_key k;
	qir_shader_key_init(&k, QIR_STAGE_VERTEX);
	uint32_t setups[4] = { 0 }, words[64] = { 0 }, nwords = 0;
	struct qir_compile *cs = lt_lower(sh, NULL, &k, QIR_STAGE_COORD);
	assert_int_equal(read_setups(cs, setups, words, &nwords), 1);
	assert_int_equal(setups[0], 0x00401a06u);  /* @pos: words 6..9 */
	assert_int_equal(nwords, 4);
	assert_int_equal(words[0], 6);
	assert_int_equal(cs->num_vpm_reads, 4);
	struct qir_compile *vs = lt_lower(sh, NULL, &k, QIR_STAGE_VERTEX);
	assert_int_equal(read_setups(vs, setups, words, &nwords), 1);
	assert_int_equal(setups[0], 0x00a01a00u);  /* words 0..9 */
	assert_int_equal(nwords, 10);
	qir_compile_free(cs);
	qir_compile_free(vs);
	ir_shader_free(sh);
}

/* Number of `op` instructions in c. */
static unsigned count_op(const struct qir_compile *c, enum qir_op op)
{
	unsigned n = 0;
	const struct qir_block *b;
	const struct qir_inst *i;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, i)
			n += i->op == op;
	return n;
}

/* The coordinate shader does not lower a loop whose only effect feeds a
 * varying (no branch at all), but keeps one that feeds the position; the
 * vertex shader keeps both. The loop is uniform (counted to a uniform):
 * a branch out and the back edge. */
static void test_cs_skips_dead_loop(void **state)
{
	(void)state;
	static const char *const text =
		"vertex\nattribute vec4 @pos\nuniform int @n\nvarying smooth vec4 @v\n"
		"output position\nlocal vec4 @acc\nlocal int @i\n"
		"%%p = load @pos\nstore @position, %%p\nloop {\n%%i0 = load @i\n"
		"%%n = load @n\n%%done = ige %%i0, %%n\nif %%done {\nbreak\n}\n"
		"%%a = load @acc\n%%s = add %%a, %%p\nstore @acc, %%s\n%%one = const int 1\n"
		"%%i1 = iadd %%i0, %%one\nstore @i, %%i1\n}\n%%r = load @acc\nstore @%s, %%r\n";
	static const struct { const char *dst; unsigned cs_branches; } cases[] = {
		{ "v", 0 }, { "position", 2 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char src[1024];
		snprintf(src, sizeof(src), text, cases[i].dst);
		struct ir_shader *sh = lt_parse(src, "loop.ir");
		struct qir_shader_key k;
		qir_shader_key_init(&k, QIR_STAGE_VERTEX);
		struct qir_compile *cs = lt_lower(sh, NULL, &k, QIR_STAGE_COORD);
		struct qir_compile *vs = lt_lower(sh, NULL, &k, QIR_STAGE_VERTEX);
		assert_int_equal(count_op(cs, QIR_OP_BRANCH), cases[i].cs_branches);
		assert_int_equal(count_op(vs, QIR_OP_BRANCH), 2);   /* the exit, the back edge */
		qir_compile_free(cs);
		qir_compile_free(vs);
		ir_shader_free(sh);
	}
}

/* Instructions writing the VPM's data register (qpu register `vpm`). */
static unsigned vpm_writes(const struct qir_compile *c)
{
	unsigned n = 0;
	const struct qir_block *b;
	const struct qir_inst *i;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, i)
			n += i->dst.file == qir_vpm(0).file && i->dst.index == qir_vpm(0).index;
	return n;
}

/* A varying the FS declares but never loads is not in the FIFO: the FS
 * reads 2 + 1 components (not 2 + 4 + 1), the VS linked with it writes 3
 * varying words after its 3 position words (4 + 3 more unlinked), and a
 * key may not make it the back colour of a loaded one. */
static void test_unloaded_varyings(void **state)
{
	(void)state;
	struct ir_shader *fs = lt_parse(
		"fragment\nvarying smooth vec2 @a\nvarying smooth vec4 @b\n"
		"varying smooth float @c\noutput color\n%a = load @a\n%c = load @c\n%x = extract %a, 0\n"
		"%v = vec4 %x, %c, %c, %c\nstore @color, %v\n", "u.ir");
	struct ir_shader *vs = lt_parse(
		"vertex\nattribute vec4 @p\nvarying smooth vec2 @a\nvarying smooth vec4 @b\n"
		"varying smooth float @c\noutput position\n%p = load @p\nstore @position, %p\n"
		"%xy = swizzle %p, xy\nstore @a, %xy\nstore @b, %p\n%z = extract %p, 2\n"
		"store @c, %z\n", "v.ir");
	assert_true(qir_fs_varying_used(fs, 0));
	assert_false(qir_fs_varying_used(fs, 1));
	assert_true(qir_fs_varying_used(fs, 2));
	struct qir_shader_key k;
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	struct qir_compile *f = lt_lower(fs, NULL, &k, QIR_STAGE_FRAGMENT);
	assert_int_equal(f->num_varyings, 3);
	qir_compile_free(f);
	qir_shader_key_init(&k, QIR_STAGE_VERTEX);
	struct qir_compile *linked = lt_lower(vs, fs, &k, QIR_STAGE_VERTEX);
	struct qir_compile *alone = lt_lower(vs, NULL, &k, QIR_STAGE_VERTEX);
	assert_int_equal(vpm_writes(linked), 3 + 3);   /* XsYs, Zs, 1/Wc; a, c */
	assert_int_equal(vpm_writes(alone), 3 + 7);
	qir_compile_free(linked);
	qir_compile_free(alone);
	struct vc4_diag d = { 0 };
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	k.back_varying[2] = 2;  /* @c backed by @b: sizes differ, said first */
	assert_null(qir_lower_shader(fs, NULL, &k, QIR_STAGE_FRAGMENT, &d));
	vc4_diag_clear(&d);
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	k.back_varying[0] = 2;
	struct ir_shader *fs2 = lt_parse(
		"fragment\nvarying smooth vec2 @a\nvarying smooth vec2 @b\noutput color\n"
		"%a = load @a\n%x = extract %a, 0\n%v = vec4 %x\nstore @color, %v\n", "w.ir");
	assert_null(qir_lower_shader(fs2, NULL, &k, QIR_STAGE_FRAGMENT, &d));
	assert_string_equal(d.msg, "w.ir: shader key: back_varying[0] = 2 names a varying the "
			    "shader never loads (not in the FIFO)");
	ir_shader_free(fs2);
	ir_shader_free(fs);
	ir_shader_free(vs);
}

/* Lookups with the same op, sampler and coordinate share one TMU request
 * within a block; another sampler, another coordinate, a bias, a local's
 * changing value or a branch between them (an if too large for the select
 * plan: 28 scalar results) do not. */
static void test_tex_shared(void **state)
{
	(void)state;
	static const struct { const char *body; unsigned n; } cases[] = {
		{ "%a = tex @s, %xy\n%b = tex @s, %xy\n%r = add %a, %b\n", 1 },
		{ "%xy2 = swizzle %u, xy\n%a = tex @s, %xy\n%b = tex @s, %xy2\n"
		  "%r = add %a, %b\n", 1 },
		{ "%a = tex @s, %xy\n%b = tex @t, %xy\n%r = add %a, %b\n", 2 },
		{ "%yx = swizzle %u, yx\n%a = tex @s, %xy\n%b = tex @s, %yx\n"
		  "%r = add %a, %b\n", 2 },
		{ "%z = const float 0\n%a = tex @s, %xy\n%b = texb @s, %xy, %z\n"
		  "%r = add %a, %b\n", 2 },
		{ "store @o, %xy\n%o1 = load @o\n%a = tex @s, %o1\n%o2 = load @o\n"
		  "%b = tex @s, %o2\n%r = add %a, %b\n", 2 },
		{ "%a = tex @s, %xy\n%x = extract %u, 0\n%c = const float 0\n"
		  "%p = fgt %x, %c\nif %p {\n%big = add %u, %u\n%big2 = mul %big, %u\n"
		  "%big3 = mul %big2, %big\n%big4 = add %big3, %big2\n%big5 = mul %big4, %big\n"
		  "%big6 = add %big5, %big3\n%big7 = mul %big6, %big4\nstore @w, %big7\n}\n"
		  "%b = tex @s, %xy\n%r = add %a, %b\n", 2 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char src[2048];
		snprintf(src, sizeof(src),
			 "fragment\nsampler 2d @s\nsampler 2d @t\nuniform vec4 @u\n"
			 "output color\nlocal vec2 @o\nlocal vec4 @w\n%%u = load @u\n"
			 "%%xy = swizzle %%u, xy\n%s%%ww = load @w\n%%rr = add %%r, %%ww\n"
			 "store @color, %%rr\n", cases[i].body);
		struct ir_shader *sh = lt_parse(src, "tex.ir");
		struct qir_shader_key k;
		qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
		struct qir_compile *c = lt_lower(sh, NULL, &k, QIR_STAGE_FRAGMENT);
		assert_int_equal(count_op(c, QIR_OP_TEX_S), cases[i].n);
		qir_compile_free(c);
		ir_shader_free(sh);
	}
}

/* Threaded: one thrsw per lookup; a last one at top level when the last
 * lookup is in control flow or there is none. */
static void test_thread_switches(void **state)
{
	(void)state;
	static const struct { const char *text; unsigned n; } cases[] = {
		{ "fragment\nvarying smooth vec4 @c\noutput color\n%c = load @c\n"
		  "store @color, %c\n", 1 },
		{ fs_text, 1 },
		{ "fragment\nvarying smooth vec2 @uv\nsampler 2d @s\noutput color\n"
		  "%uv = load @uv\n%x = extract %uv, 0\n%z = const float 0\n%b = flt %x, %z\n"
		  "if %b {\n%t = tex @s, %uv\nstore @color, %t\n}\n", 2 },
	};
	for (size_t t = 0; t < 3; t++) {
		struct ir_shader *sh = lt_parse(cases[t].text, "thr.ir");
		struct qir_shader_key k;
		qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
		k.threaded = true;
		struct qir_compile *c = lt_lower(sh, NULL, &k, QIR_STAGE_FRAGMENT);
		assert_true(c->fs_threaded);
		assert_int_equal(count_op(c, QIR_OP_THRSW), cases[t].n);
		qir_compile_free(c);
		k.threaded = false;
		c = lt_lower(sh, NULL, &k, QIR_STAGE_FRAGMENT);
		assert_int_equal(count_op(c, QIR_OP_THRSW), 0);
		qir_compile_free(c);
		ir_shader_free(sh);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_hash_equal),
		cmocka_unit_test(test_key_check),
		cmocka_unit_test(test_keys_change_code),
		cmocka_unit_test(test_lower_errors),
		cmocka_unit_test(test_io_errors),
		cmocka_unit_test(test_vpm_read_setups),
		cmocka_unit_test(test_vpm_skips_unneeded),
		cmocka_unit_test(test_unloaded_varyings),
		cmocka_unit_test(test_cs_skips_dead_loop),
		cmocka_unit_test(test_tex_shared),
		cmocka_unit_test(test_thread_switches),
	};
	return cmocka_run_group_tests_name("qir_lower_keys", tests, NULL, NULL);
}
