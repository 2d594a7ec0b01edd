/* test_compile_golden.c: IR → QPU disassembly goldens for the yardstick
 * shaders (mvp+colour VS and its CS, colour FS, threaded texture×colour FS)
 * and for control flow, the SFU and a blending key; exact instruction
 * counts against Mesa's (43/40/13/19); every program clean under the hazard
 * checker and the kernel's rules; vc4c's output and exit status; the
 * program cache; a clear error for a shader that cannot compile. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "compile_test.h"
#include "tool_run.h"
#include "util/file.h"

static const char *vc4c_path;

struct golden_case {
	const char *ir, *golden;
	const char *keys[4];
	uint32_t inst[2];     /* expected instruction counts per program */
};

static const struct golden_case cases[] = {
	{ "mvp_color.vs.ir", "mvp_color.vs.dis", { NULL }, { 42, 40 } },
	/* x and y read once each: the VPM reads fold into their products
	 * (opt_vpm_reads.c), VS 12 -> 11; the CS writes them raw too, and one
	 * word reads each, writes it out and scales it (emit_fuse.c), 14 -> 13 */
	{ "pos2d.vs.ir", "pos2d.vs.dis", { NULL }, { 11, 13 } },
	/* w read first under its own read setup (opt_vpm_order.c), VS 20 -> 18 */
	{ "pos4d.vs.ir", "pos4d.vs.dis", { NULL }, { 18, 20 } },
	/* 18 uniforms: a pairing tie goes to the node that pops one
	 * (qpu_schedule.c unif_instead), VS 34 -> 33 (Mesa's 36) */
	{ "skybox.vs.ir", "skybox.vs.dis", { NULL }, { 33, 30 } },
	{ "color.fs.ir", "color.fs.dis", { NULL }, { 10 } },
	{ "tex_color.fs.ir", "tex_color.fs.dis", { "threaded=1", NULL }, { 15 } },
	{ "color.fs.ir", "color_blend.fs.dis", { "blend=0,6,7", NULL }, { 0 } },
	{ "cf.fs.ir", "cf.fs.dis", { NULL }, { 0 } },
	{ "sfu.fs.ir", "sfu.fs.dis", { NULL }, { 0 } },
};

static char *read_golden(const char *name)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/compiler/%s", ct_tests_dir, name);
	struct vc4_diag d = {0};
	size_t size;
	char *text = vc4_read_file(path, &size, &d);
	if (!text)
		fail_msg("%s", d.msg);
	char *z = realloc(text, size + 1);
	assert_non_null(z);
	z[size] = '\0';
	return z;
}

static void golden(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct golden_case *gc = &cases[i];
		struct ir_shader *sh = ct_load(gc->ir);
		struct vc4_compile_result r;
		ct_compile(sh, gc->keys, &r);
		ct_assert_clean(&r);
		char *text = ct_print(&r), *want = read_golden(gc->golden);
		if (strcmp(text, want) != 0)
			fail_msg("%s differs from the golden; got:\n%s", gc->golden, text);
		for (uint32_t p = 0; p < r.count; p++)
			if (gc->inst[p])
				assert_int_equal(r.prog[p].num_inst, gc->inst[p]);
		free(text);
		free(want);
		vc4_compile_result_free(&r);
		ir_shader_free(sh);
	}
}

/* The yardstick: our counts vs Mesa's 43 (VS), 40 (CS), 13 (FS), 19 (tex FS). */
static void yardstick(void **state)
{
	(void)state;
	struct vc4_compile_result r;
	struct ir_shader *vs = ct_load("mvp_color.vs.ir");
	ct_compile(vs, NULL, &r);
	assert_int_equal(r.count, 2);
	assert_int_equal(r.prog[0].stage, QIR_STAGE_VERTEX);
	assert_int_equal(r.prog[1].stage, QIR_STAGE_COORD);
	assert_int_equal(r.prog[0].num_inst, 42);   /* Mesa: 43 (both refine 1/Wc) */
	assert_int_equal(r.prog[1].num_inst, 40);   /* Mesa: 40 */
	assert_int_equal(r.prog[0].num_uniforms, 22);   /* + the VPM setups */
	vc4_compile_result_free(&r);
	ir_shader_free(vs);
	struct ir_shader *cfs = ct_load("color.fs.ir");
	ct_compile(cfs, NULL, &r);
	assert_int_equal(r.prog[0].num_inst, 10);   /* Mesa: 13 */
	assert_int_equal(r.prog[0].num_uniforms, 0); /* packs by the MUL mov: no 1.0 */
	assert_int_equal(r.prog[0].threads, 1);
	vc4_compile_result_free(&r);
	/* a key allowing two threads: still one, since nothing reads a texture
	 * (a second thread only hides TMU latency) */
	static const char *const may_thread[] = { "threaded=1", NULL };
	ct_compile(cfs, may_thread, &r);
	assert_int_equal(r.prog[0].num_inst, 10);
	assert_int_equal(r.prog[0].threads, 1);
	vc4_compile_result_free(&r);
	ir_shader_free(cfs);
	struct ir_shader *fs = ct_load("tex_color.fs.ir");
	static const char *const th[] = { "threaded=1", NULL };
	ct_compile(fs, th, &r);
	assert_int_equal(r.prog[0].num_inst, 15);   /* Mesa: 19 */
	assert_int_equal(r.prog[0].threads, 2);
	/* the texture request's two config uniforms, P0 then P1 */
	assert_int_equal(r.prog[0].code.uniforms.entries.len, 2);
	assert_int_equal(r.prog[0].code.uniforms.entries.data[0].kind, QIR_UNIFORM_TEX_P0);
	assert_int_equal(r.prog[0].code.uniforms.entries.data[1].kind, QIR_UNIFORM_TEX_P1);
	vc4_compile_result_free(&r);
	ir_shader_free(fs);
}

/* A fragment shader with no temps at all (no outputs, no instructions)
 * still allocates (one dummy node) and ends the thread. */
static void empty_fragment_shader(void **state)
{
	(void)state;
	struct vc4_diag d = {0};
	struct ir_shader *sh = ir_parse("fragment\n", 9, "empty.fs", &d);
	assert_non_null(sh);
	struct vc4_compile_result r;
	ct_compile(sh, NULL, &r);
	ct_assert_clean(&r);
	assert_int_equal(r.prog[0].num_inst, 3);   /* thrend and its two delay slots */
	assert_int_equal(r.prog[0].max_temps, 0);
	vc4_compile_result_free(&r);
	ir_shader_free(sh);
}

static void cache(void **state)
{
	(void)state;
	struct vc4_compile_cache *c = vc4_compile_cache_create();
	struct ir_shader *a = ct_load("color.fs.ir"), *b = ct_load("color.fs.ir");
	struct qir_shader_key k1, k2;
	qir_shader_key_init(&k1, QIR_STAGE_FRAGMENT);
	k2 = k1;
	k2.color_mask = 7;
	struct vc4_diag d = {0};
	const struct vc4_compile_result *r1 = vc4_compile_cache_get(c, a, NULL, &k1, &d);
	const struct vc4_compile_result *r2 = vc4_compile_cache_get(c, b, NULL, &k1, &d);
	const struct vc4_compile_result *r3 = vc4_compile_cache_get(c, a, NULL, &k2, &d);
	assert_non_null(r1);
	assert_ptr_equal(r1, r2);
	assert_non_null(r3);
	assert_ptr_not_equal(r1, r3);
	uint32_t hits, misses;
	vc4_compile_cache_stats(c, &hits, &misses);
	assert_int_equal(hits, 1);
	assert_int_equal(misses, 2);
	vc4_compile_cache_destroy(c);
	ir_shader_free(a);
	ir_shader_free(b);
}

/* The cache keys on the shader's text with floats as their bits: shaders
 * one ulp apart in a constant are two entries, equal ones one. */
static void cache_float_constants(void **state)
{
	(void)state;
	static const char *const texts[3] = {
		"fragment\noutput color\n\n%c = const vec4 0.1, 0.2, 0.3, 1\nstore @color, %c\n",
		"fragment\noutput color\n\n%c = const vec4 0.1, 0.2, 0.3, 1\nstore @color, %c\n",
		("fragment\noutput color\n\n%c = const vec4 0.100000009, 0.2, 0.3, 1\n"
		 "store @color, %c\n"),
	};
	struct vc4_compile_cache *c = vc4_compile_cache_create();
	struct ir_shader *sh[3];
	struct vc4_diag d = {0};
	for (int i = 0; i < 3; i++)
		assert_non_null(sh[i] = ir_parse(texts[i], strlen(texts[i]), "c.fs.ir", &d));
	assert_int_not_equal(sh[0]->instrs.data[0].imm[0].u, sh[2]->instrs.data[0].imm[0].u);
	struct qir_shader_key k;
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	const struct vc4_compile_result *r[3];
	for (int i = 0; i < 3; i++)
		assert_non_null(r[i] = vc4_compile_cache_get(c, sh[i], NULL, &k, &d));
	assert_ptr_equal(r[0], r[1]);
	assert_ptr_not_equal(r[0], r[2]);
	uint32_t hits, misses;
	vc4_compile_cache_stats(c, &hits, &misses);
	assert_int_equal(hits, 1);
	assert_int_equal(misses, 2);
	vc4_compile_cache_destroy(c);
	for (int i = 0; i < 3; i++)
		ir_shader_free(sh[i]);
}

static void wrong_key_stage(void **state)
{
	(void)state;
	struct ir_shader *fs = ct_load("color.fs.ir");
	struct qir_shader_key k;
	qir_shader_key_init(&k, QIR_STAGE_VERTEX);
	struct vc4_compile_result r;
	struct vc4_diag d = {0};
	assert_false(vc4_compile(fs, &k, &r, &d));
	assert_string_equal(d.msg, "color.fs.ir: shader key is for the vertex stage, the shader "
			    "is a fragment shader");
	ir_shader_free(fs);
}

/* 24 vec4 varyings all live at once (summed last to first): more than the
 * 64 regfile registers and 4 accumulators; the compile fails with the
 * allocator's pressure report naming the line where the most values are
 * live (the first add), in either instruction order. */
static void too_many_live(void **state)
{
	(void)state;
	char text[8192];
	size_t n = (size_t)sprintf(text, "fragment\n");
	for (int i = 0; i < 24; i++)
		n += (size_t)sprintf(text + n, "varying smooth vec4 @v%d\n", i);
	n += (size_t)sprintf(text + n, "output color\n");
	for (int i = 0; i < 24; i++)
		n += (size_t)sprintf(text + n, "%%l%d = load @v%d\n", i, i);
	n += (size_t)sprintf(text + n, "%%s23 = add %%l23, %%l22\n");
	for (int i = 21; i >= 0; i--)
		n += (size_t)sprintf(text + n, "%%s%d = add %%s%d, %%l%d\n", i, i + (i == 21 ? 2 : 1),
				     i);
	sprintf(text + n, "store @color, %%s0\n");
	struct vc4_diag d = {0};
	struct ir_shader *sh = ir_parse(text, strlen(text), "pressure.ir", &d);
	if (!sh)
		fail_msg("%s", d.msg);
	struct qir_shader_key k;
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	struct vc4_compile_result r;
	assert_false(vc4_compile(sh, &k, &r, &d));
	assert_string_equal(d.msg, "pressure.ir:51: register allocation failed: 96 values live "
			    "here, more than the 67 registers");
	assert_int_equal(r.count, 0);
	ir_shader_free(sh);
}

/* vc4c prints exactly the golden and exits 0. The tool runs through
 * tool_run (so under the cross build's exe wrapper too). */
static void tool_golden(void **state)
{
	(void)state;
	char args[1024];
	snprintf(args, sizeof(args), "'%s/compiler/tex_color.fs.ir' --dis --stats --key threaded=1",
		 ct_tests_dir);
	struct tool_run r = tool_run(vc4c_path, args, false);
	char *want = read_golden("tex_color.fs.dis");
	assert_string_equal(r.out, want);
	assert_string_equal(r.err, "");
	assert_int_equal(r.status, 0);
	free(want);
	tool_run_free(&r);
}

/* A parse error names file:line:col and exits 1. */
static void tool_parse_error(void **state)
{
	(void)state;
	char dir[] = "/tmp/vc4c-test-XXXXXX", path[64], out[4096];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/bad.ir", dir);
	static const char text[] = "fragment\noutput color\n%x = bogus\n";
	assert_true(vc4_write_file(path, text, sizeof(text) - 1, NULL));
	int status = tool_run_text(vc4c_path, path, out, sizeof(out));
	remove(path);
	rmdir(dir);
	assert_non_null(strstr(out, "bad.ir:3:"));
	assert_int_equal(status, 1);
}

/* Size in bytes of file `path` (-1 when it cannot be read). */
static long file_size(const char *path)
{
	size_t size;
	void *data = vc4_read_file(path, &size, NULL);
	free(data);
	return data ? (long)size : -1;
}

/* -o writes one file per program: 42 and 40 instructions = 336 and 320 bytes. */
static void tool_output_files(void **state)
{
	(void)state;
	char dir[] = "/tmp/vc4c-test-XXXXXX", args[1024], vs[64], cs[64], out[4096];
	assert_non_null(mkdtemp(dir));
	snprintf(args, sizeof(args), "'%s/compiler/mvp_color.vs.ir' -o '%s/m'", ct_tests_dir, dir);
	snprintf(vs, sizeof(vs), "%s/m.vs.bin", dir);
	snprintf(cs, sizeof(cs), "%s/m.cs.bin", dir);
	int status = tool_run_text(vc4c_path, args, out, sizeof(out));
	long vs_size = file_size(vs), cs_size = file_size(cs);
	remove(vs);
	remove(cs);
	rmdir(dir);
	assert_string_equal(out, "");
	assert_int_equal(status, 0);
	assert_int_equal(vs_size, 336);
	assert_int_equal(cs_size, 320);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		ct_tests_dir = argv[1];
	static char abs_vc4c[4096];
	vc4c_path = argc > 2 && realpath(argv[2], abs_vc4c) ? abs_vc4c : "vc4c";
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(golden),
		cmocka_unit_test(yardstick),
		cmocka_unit_test(empty_fragment_shader),
		cmocka_unit_test(cache),
		cmocka_unit_test(cache_float_constants),
		cmocka_unit_test(wrong_key_stage),
		cmocka_unit_test(too_many_live),
		cmocka_unit_test(tool_golden),
		cmocka_unit_test(tool_parse_error),
		cmocka_unit_test(tool_output_files),
	};
	return cmocka_run_group_tests_name("compiler_golden", tests, NULL, NULL);
}
