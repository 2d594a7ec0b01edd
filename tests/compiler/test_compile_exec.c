/* test_compile_exec.c: compiled programs run on the QPU interpreter and
 * compared with ir_interpret() — the yardstick and feature shaders on
 * several input seeds, then randomly generated programs (ir_random_program,
 * many seeds, vertex and fragment) — so every optimisation, allocation and
 * scheduling choice is checked by running it. Tolerances: exec_harness.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "compile_test.h"
#include "exec_harness.h"
#include "ir/ir_random.h"

/* Runs program `prog` of `sh` on `seeds` input sets. */
static void run_seeds(const struct ir_shader *sh, const struct vc4_compiled_stage *prog, int seeds)
{
	for (int s = 1; s <= seeds; s++) {
		struct exec_case c = { .seed = (uint64_t)s };
		bool ok = sh->stage == IR_STAGE_VERTEX ? exec_vertex(sh, prog, &c) :
			  exec_fragment(sh, prog, &c);
		if (!ok)
			fail_msg("%s seed %d: %s", ir_str(sh, sh->filename), s, c.msg);
		assert_true(c.compared > 0);
	}
}

static void run_file(const char *name, const char *const *keys)
{
	struct ir_shader *sh = ct_load(name);
	struct vc4_compile_result r;
	ct_compile(sh, keys, &r);
	for (uint32_t i = 0; i < r.count; i++)
		run_seeds(sh, &r.prog[i], 8);
	vc4_compile_result_free(&r);
	ir_shader_free(sh);
}

static void yardsticks(void **state)
{
	(void)state;
	static const char *const th[] = { "threaded=1", NULL };
	run_file("mvp_color.vs.ir", NULL);
	run_file("pos2d.vs.ir", NULL);   /* CS: a VPM read written and scaled by one word */
	run_file("pos4d.vs.ir", NULL);   /* VS: w read first under its own setup */
	run_file("skybox.vs.ir", NULL);  /* VS: pairing ties go to uniform readers */
	run_file("color.fs.ir", NULL);
	run_file("tex_color.fs.ir", th);
	run_file("tex_color.fs.ir", NULL);
}

static void features(void **state)
{
	(void)state;
	run_file("cf.fs.ir", NULL);
	run_file("sfu.fs.ir", NULL);
}

/* Uniform arrays read with load_index: indices from attributes / varyings
 * spread over [-16, 16) (so most are out of range and clamped), mat4,
 * vec3, float, ivec2 and bvec2 elements, constant indices (in and out of range),
 * the same index again inside an if (a clamp CSE'd across blocks must be
 * redone there for the kernel), and a threaded FS (thread switches between
 * the direct reads and their loads). */
static const char index_vs[] =
	"vertex\nattribute vec4 @pos\nattribute vec2 @sel\nuniform mat4 @bones[5]\n"
	"uniform vec3 @offs[3]\nuniform float @w[7]\nuniform ivec2 @iv[2]\nuniform bvec2 @bb[4]\n"
	"varying smooth vec4 @c\nvarying smooth vec4 @d\nvarying smooth vec4 @e\n"
	"output position\nlocal vec4 @acc\n\n"
	"%p = load @pos\n%s = load @sel\n%eight = const vec2 8, 8\n%ss = mul %s, %eight\n"
	"%sx = extract %ss, 0\n%sy = extract %ss, 1\n%i = f2i %sx\n%j = f2i %sy\n"
	"%m = load_index @bones, %i\n%q = mvmul %m, %p\n%m2 = load_index @bones, %j\n"
	"%q2 = mvmul %m2, %p\n%qq = add %q, %q2\nstore @position, %qq\n"
	"%o = load_index @offs, %j\n%f = load_index @w, %i\n%c = vec4 %o, %f\nstore @c, %c\n"
	"%k = load_index @iv, %i\n%kx = extract %k, 1\n%kf = i2f %kx\n"
	"%two = const int 2\n%f2 = load_index @w, %two\n%nine = const int 9\n"
	"%f9 = load_index @w, %nine\n%bv = load_index @bb, %j\n%by = extract %bv, 1\n"
	"%bf = b2f %by\n%d = vec4 %kf, %f2, %f9, %bf\nstore @d, %d\n"
	"%z = const float 0\n%cnd = fgt %sx, %z\nif %cnd {\n\t%m3 = load_index @bones, %i\n"
	"\t%q3 = mvmul %m3, %p\n\tstore @acc, %q3\n}\n%a = load @acc\nstore @e, %a\n";
static const char index_fs[] =
	"fragment\nvarying smooth vec2 @uv\nuniform vec4 @pal[6]\nsampler 2d @tex\n"
	"output color\n\n%uv = load @uv\n%t = tex @tex, %uv\n%x = extract %uv, 0\n"
	"%k = const float 4\n%xs = mul %x, %k\n%i = f2i %xs\n%p = load_index @pal, %i\n"
	"%c = mul %t, %p\nstore @color, %c\n";

static void indexed_arrays(void **state)
{
	(void)state;
	static const char *const th[] = { "threaded=1", NULL };
	const char *const texts[] = { index_vs, index_fs, index_fs };
	for (int t = 0; t < 3; t++) {
		struct vc4_diag d = {0};
		struct ir_shader *sh = ir_parse(texts[t], strlen(texts[t]), "index.ir", &d);
		if (!sh)
			fail_msg("%s", d.msg);
		struct vc4_compile_result r;
		ct_compile(sh, t == 2 ? th : NULL, &r);
		ct_assert_clean(&r);
		for (uint32_t i = 0; i < r.count; i++)
			run_seeds(sh, &r.prog[i], 16);
		vc4_compile_result_free(&r);
		ir_shader_free(sh);
	}
}

/* A fragment shader keeping n vec4 varyings live across a texture lookup
 * (summed last to first after it). */
static struct ir_shader *live_across_tex(int n)
{
	char text[4096];
	size_t len = (size_t)sprintf(text, "fragment\n");
	for (int i = 0; i < n; i++)
		len += (size_t)sprintf(text + len, "varying smooth vec4 @v%d\n", i);
	len += (size_t)sprintf(text + len, "sampler 2d @tex\noutput color\n");
	for (int i = 0; i < n; i++)
		len += (size_t)sprintf(text + len, "%%l%d = load @v%d\n", i, i);
	len += (size_t)sprintf(text + len, "%%uv = swizzle %%l0, xy\n%%t = tex @tex, %%uv\n"
			       "%%s%d = add %%t, %%l%d\n", n - 1, n - 1);
	for (int i = n - 2; i >= 0; i--)
		len += (size_t)sprintf(text + len, "%%s%d = add %%s%d, %%l%d\n", i, i + 1, i);
	sprintf(text + len, "store @color, %%s0\n");
	struct vc4_diag d = {0};
	struct ir_shader *sh = ir_parse(text, strlen(text), "live.ir", &d);
	if (!sh)
		fail_msg("%s", d.msg);
	return sh;
}

/* A threaded shader whose values fit the half register files keeps two
 * threads; one that does not falls back to a single thread (and still
 * computes the right colours). */
static void threaded_fallback(void **state)
{
	(void)state;
	static const char *const th[] = { "threaded=1", NULL };
	static const struct { int n; uint32_t threads; } cases[] = { { 4, 2 }, { 10, 1 } };
	for (size_t i = 0; i < 2; i++) {
		struct ir_shader *sh = live_across_tex(cases[i].n);
		struct vc4_compile_result r;
		ct_compile(sh, th, &r);
		ct_assert_clean(&r);
		assert_int_equal(r.prog[0].threads, cases[i].threads);
		run_seeds(sh, &r.prog[0], 4);
		vc4_compile_result_free(&r);
		ir_shader_free(sh);
	}
}

/* Whether sh reads a fragment built-in whose hardware inputs (x_pix/y_pix,
 * the Z/W payload, point varyings) the harness does not model. */
static bool uses_frag_builtins(const struct ir_shader *sh)
{
	for (size_t i = 0; i < sh->instrs.len; i++) {
		uint16_t op = sh->instrs.data[i].op;
		if (op == IR_OP_FRAG_COORD || op == IR_OP_POINT_COORD)
			return true;
	}
	return false;
}

/* Whether sh samples a cube map (face selection is not modelled by the
 * harness's texture function). */
static bool uses_cube_lookup(const struct ir_shader *sh)
{
	for (size_t i = 0; i < sh->instrs.len; i++) {
		const struct ir_instr *in = &sh->instrs.data[i];
		if ((in->op == IR_OP_TEX || in->op == IR_OP_TEXB) && in->slot != IR_NONE &&
		    sh->decls.data[in->slot].dim == IR_SAMPLER_CUBE)
			return true;
	}
	return false;
}

/* Random programs of one stage; every one must compile, pass the checkers
 * and agree with the interpreter. */
static void random_programs(int stage, uint64_t first, int count)
{
	struct ir_random_options o = ir_random_defaults;
	o.stage = stage;
	o.textures = true;    /* 2D only: cube lookups are skipped below */
	o.discard = false;
	o.transcendental = getenv("VC4_EXEC_TRANSCENDENTAL") != NULL;  /* off: SFU error */
	int ran = 0;
	for (int i = 0; i < count; i++) {
		uint64_t seed = first + (uint64_t)i;
		struct ir_shader *sh = ir_random_program(seed, &o);
		assert_non_null(sh);
		if (uses_frag_builtins(sh) || uses_cube_lookup(sh)) {
			ir_shader_free(sh);
			continue;
		}
		ran++;
		struct vc4_compile_result r;
		struct qir_shader_key key;
		qir_shader_key_init(&key, stage == IR_STAGE_VERTEX ? QIR_STAGE_VERTEX :
				    QIR_STAGE_FRAGMENT);
		struct vc4_diag d = {0};
		if (!vc4_compile(sh, &key, &r, &d))
			fail_msg("random seed %llu: %s", (unsigned long long)seed, d.msg);
		ct_assert_clean(&r);
		for (uint32_t p = 0; p < r.count; p++) {
			struct exec_case c = { .seed = seed };
			bool ok = stage == IR_STAGE_VERTEX ? exec_vertex(sh, &r.prog[p], &c) :
				  exec_fragment(sh, &r.prog[p], &c);
			if (!ok && getenv("VC4_EXEC_PRINT")) {
				char *text = ir_print(sh);
				fprintf(stderr, "%s", text ? text : "");
				free(text);
			}
			if (!ok)
				fail_msg("random seed %llu, %s shader: %s", (unsigned long long)seed,
					 vc4_stage_name((enum qir_stage)r.prog[p].stage), c.msg);
		}
		vc4_compile_result_free(&r);
		ir_shader_free(sh);
	}
	assert_true(ran >= count / 2);
}

/* Random vertex program 3567 once failed to compile ("unpack from a
 * register that cannot unpack"): two file-A operands collided and the
 * emitter tried to move the one that must unpack from file A. */
static void random_vertex_3567(void **state)
{
	(void)state;
	random_programs(IR_STAGE_VERTEX, 3567, 1);
}

/* Random programs 16510 (vertex) and 59296 (fragment) once disagreed
 * with the interpreter: floor() and fract() of smoothstep(e0, e1, e1),
 * which the SFU's truncated reciprocal made 0.99999994 instead of 1. */
static void random_smoothstep_at_edge(void **state)
{
	(void)state;
	random_programs(IR_STAGE_VERTEX, 16510, 1);
	random_programs(IR_STAGE_FRAGMENT, 59296, 1);
}

/* Random vertex programs 1688, 3551 and 3616 once computed garbage: a
 * VPM read fused with two readers of which the second read the first's
 * result, in the same word (emit_fuse.c). */
static void random_vertex_fused_readers(void **state)
{
	(void)state;
	random_programs(IR_STAGE_VERTEX, 1688, 1);
	random_programs(IR_STAGE_VERTEX, 3551, 1);
	random_programs(IR_STAGE_VERTEX, 3616, 1);
}

/* Random fragment program 19767 once failed to compile: the factor pass
 * made a sum of two different small immediates (opt_factor.c). */
static void random_fragment_19767(void **state)
{
	(void)state;
	random_programs(IR_STAGE_FRAGMENT, 19767, 1);
}

/* Programs per stage: 100, or $VC4_EXEC_SEEDS for longer runs. */
static int seed_count(void)
{
	const char *e = getenv("VC4_EXEC_SEEDS");
	int n = e ? atoi(e) : 0;
	return n > 0 ? n : 100;
}

/* The first seed of a stage's range: dflt, or $VC4_EXEC_FIRST (to rerun
 * one failing seed with VC4_EXEC_SEEDS=1). */
static uint64_t first_seed(uint64_t dflt)
{
	const char *e = getenv("VC4_EXEC_FIRST");
	return e && *e ? strtoull(e, NULL, 10) : dflt;
}

static void random_vertex(void **state)
{
	(void)state;
	random_programs(IR_STAGE_VERTEX, first_seed(1000), seed_count());
}

static void random_fragment(void **state)
{
	(void)state;
	random_programs(IR_STAGE_FRAGMENT, first_seed(2000), seed_count());
}

int main(int argc, char **argv)
{
	if (argc > 1)
		ct_tests_dir = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(yardsticks),
		cmocka_unit_test(features),
		cmocka_unit_test(indexed_arrays),
		cmocka_unit_test(threaded_fallback),
		cmocka_unit_test(random_vertex),
		cmocka_unit_test(random_vertex_3567),
		cmocka_unit_test(random_vertex_fused_readers),
		cmocka_unit_test(random_fragment_19767),
		cmocka_unit_test(random_smoothstep_at_edge),
		cmocka_unit_test(random_fragment),
	};
	return cmocka_run_group_tests_name("compiler_exec", tests, NULL, NULL);
}
