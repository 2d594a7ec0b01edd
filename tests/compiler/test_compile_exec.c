/* test_compile_exec.c: compiled programs run on the QPU interpreter and
 * compared with ir_interpret() — the yardstick and feature shaders on
 * several input seeds, then randomly generated programs (ir_random_program,
 * many seeds, vertex and fragment, with default and random shader keys)
 * and the regressions they found — so every optimisation, allocation and
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
#include "qpu/qpu_dis.h"
#include "sim/sim_qpu.h"

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

/* What random programs cover beyond the defaults (env switches in
 * docs/compiler.md, "compiler_exec"). */
struct exec_mode {
	bool discard;          /* fragment programs may discard */
	bool random_keys;      /* a key drawn from the seed (random_key) */
	uint32_t depth;        /* if/loop nesting (0: the generator's 2) */
	uint32_t instrs;       /* program size (0: the generator's 40) */
	bool env_keys;         /* apply $VC4_EXEC_KEYS */
};

/* A key from the seed: FS threaded, depth, colour mask, BGR565; VS point
 * size and attribute formats. Blending and logic ops are not modelled by
 * the harness. */
static void random_key(struct qir_shader_key *k, uint64_t seed)
{
	uint64_t h = (seed + 1) * 0x2545f4914f6cdd1dull;
	h ^= h >> 29;
	if (k->stage == QIR_STAGE_FRAGMENT) {
		k->threaded = h & 1;
		k->depth_enabled = (h >> 1) & 1;
		k->color_mask = (h >> 2) & 1 ? 15 : (uint8_t)((h >> 3) & 15);
		k->rt_format = (h >> 7) & 1 ? QIR_RT_BGR565 : QIR_RT_RGBA8888;
		return;
	}
	k->point_size = h & 1;
	for (unsigned i = 0; i < QIR_KEY_MAX_ATTRS; i++)
		k->attr_format[i] = (uint8_t)((h >> (1 + 3 * i)) % QIR_ATTR_FORMAT_COUNT);
}

/* The key for a random program: the stage's defaults, the seed's random
 * key, then $VC4_EXEC_KEYS ("threaded=1 depth=1", vc4c --key syntax). */
static void program_key(struct qir_shader_key *key, int stage, uint64_t seed,
			const struct exec_mode *m)
{
	qir_shader_key_init(key, stage == IR_STAGE_VERTEX ? QIR_STAGE_VERTEX : QIR_STAGE_FRAGMENT);
	if (m->random_keys)
		random_key(key, seed);
	const char *e = m->env_keys ? getenv("VC4_EXEC_KEYS") : NULL;
	char buf[256];
	snprintf(buf, sizeof(buf), "%s", e ? e : "");
	for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
		if (!ct_set_key(key, t))
			fail_msg("VC4_EXEC_KEYS: unknown key %s", t);
}

/* With $VC4_EXEC_PRINT, prints a failing program's IR. */
static void print_program(const struct ir_shader *sh)
{
	if (!getenv("VC4_EXEC_PRINT"))
		return;
	char *text = ir_print(sh);
	fprintf(stderr, "%s", text ? text : "");
	free(text);
}

/* Compiles random program `seed` and runs it; false (after printing the
 * failure) when it does not compile cleanly or disagrees. -1: skipped. */
static int random_one(int stage, uint64_t seed, const struct ir_random_options *o,
		      const struct exec_mode *m)
{
	struct ir_shader *sh = ir_random_program(seed, o);
	assert_non_null(sh);
	if (uses_cube_lookup(sh)) {
		ir_shader_free(sh);
		return -1;
	}
	struct vc4_compile_result r;
	struct qir_shader_key key;
	program_key(&key, stage, seed, m);
	struct vc4_diag d = {0};
	if (!vc4_compile(sh, &key, &r, &d)) {
		print_program(sh);
		print_error("random seed %llu: %s\n", (unsigned long long)seed, d.msg);
		ir_shader_free(sh);
		return 0;
	}
	ct_assert_clean(&r);
	bool ok = true;
	for (uint32_t p = 0; ok && p < r.count; p++) {
		struct exec_case c = { .seed = seed, .key = &key };
		ok = stage == IR_STAGE_VERTEX ? exec_vertex(sh, &r.prog[p], &c) :
		     exec_fragment(sh, &r.prog[p], &c);
		if (!ok) {
			print_program(sh);
			print_error("random seed %llu, %s shader: %s\n", (unsigned long long)seed,
				    vc4_stage_name((enum qir_stage)r.prog[p].stage), c.msg);
		}
	}
	vc4_compile_result_free(&r);
	ir_shader_free(sh);
	return ok;
}

/* Random programs of one stage; every one must compile, pass the checkers
 * and agree with the interpreter. $VC4_EXEC_KEEP_GOING: report every
 * failing seed, fail at the end. */
static void random_programs_mode(int stage, uint64_t first, int count, const struct exec_mode *m)
{
	struct ir_random_options o = ir_random_defaults;
	o.stage = stage;
	o.textures = true;    /* 2D only: cube lookups are skipped below */
	o.discard = m->discard;
	o.transcendental = getenv("VC4_EXEC_TRANSCENDENTAL") != NULL;  /* off: SFU error */
	if (m->depth)
		o.max_depth = m->depth;
	if (m->instrs)
		o.instrs = m->instrs;
	bool keep_going = getenv("VC4_EXEC_KEEP_GOING") != NULL;
	int ran = 0, failed = 0;
	for (int i = 0; i < count; i++) {
		int res = random_one(stage, first + (uint64_t)i, &o, m);
		ran += res >= 0;
		failed += res == 0;
		if (failed && !keep_going)
			break;
	}
	if (failed)
		fail_msg("%d random program(s) failed", failed);
	if (keep_going)
		print_message("%d of %d random programs ran\n", ran, count);
	assert_true(ran >= count / 2 || m->instrs);   /* big ones: frag_coord often */
}

/* The switches of a long run: $VC4_EXEC_DISCARD, $VC4_EXEC_RANDOM_KEYS,
 * $VC4_EXEC_DEPTH=N, $VC4_EXEC_INSTRS=N. */
static struct exec_mode env_mode(void)
{
	const char *dp = getenv("VC4_EXEC_DEPTH"), *in = getenv("VC4_EXEC_INSTRS");
	return (struct exec_mode){ .discard = getenv("VC4_EXEC_DISCARD") != NULL,
				   .random_keys = getenv("VC4_EXEC_RANDOM_KEYS") != NULL,
				   .depth = dp ? (uint32_t)atoi(dp) : 0,
				   .instrs = in ? (uint32_t)atoi(in) : 0, .env_keys = true };
}

/* The programs of the pinned seeds: the default options, whatever the
 * environment says (but $VC4_EXEC_TRANSCENDENTAL). */
static void random_programs(int stage, uint64_t first, int count)
{
	struct exec_mode m = { 0 };
	random_programs_mode(stage, first, count, &m);
}

/* A threaded FS with colour mask 0 (no TLB access) whose texture lookup
 * is in an if: the last block is empty, so the last thread switch is a
 * new NOP and the program end used to take the NOP right after it, in the
 * switch's delay slot (qpu_finish.c, place_end). Now two NOPs come
 * between them. */
static void thrend_after_last_switch(void **state)
{
	(void)state;
	static const char *const keys[] = { "threaded=1", "color_mask=0", NULL };
	static const char text[] =
		"fragment\nvarying smooth vec2 @uv\nsampler 2d @tex\noutput color\nlocal vec4 @c\n\n"
		"%uv = load @uv\n%x = extract %uv, 0\n%z = const float 0.5\n%p = fgt %x, %z\n"
		"if %p {\n\t%t = tex @tex, %uv\n\tstore @c, %t\n}\n%c = load @c\n"
		"store @color, %c\n";
	struct vc4_diag d = {0};
	struct ir_shader *sh = ir_parse(text, strlen(text), "thrend.ir", &d);
	if (!sh)
		fail_msg("%s", d.msg);
	struct vc4_compile_result r;
	ct_compile(sh, keys, &r);
	ct_assert_clean(&r);
	const struct vc4_compiled_stage *p = &r.prog[0];
	assert_true(p->code.words.len >= 6);
	char *dis = qpu_disasm_program(p->code.words.data + p->code.words.len - 6, 6);
	assert_non_null(dis);
	assert_string_equal(dis, "nop ; nop ; lthrsw\nnop ; nop\nnop ; nop\nnop ; nop ; thrend\n"
			    "nop ; nop\nnop ; nop ; sbdone\n");
	free(dis);
	vc4_compile_result_free(&r);
	ir_shader_free(sh);
}

/* Random fragment programs 5432, 5750 and 5819 (random keys, discard)
 * once failed the kernel's rules: the case above. */
static void random_fragment_keys_5432(void **state)
{
	(void)state;
	struct exec_mode m = { .discard = true, .random_keys = true, .depth = 3 };
	random_programs_mode(IR_STAGE_FRAGMENT, 5432, 1, &m);
	random_programs_mode(IR_STAGE_FRAGMENT, 5750, 1, &m);
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

/* Random vertex programs 110063, 132716, 156520, 179717, 183643, 186454
 * and 222801 once wrote a wrong 1/Wc (and Xs, Ys, Zs): the position was a
 * local loaded before a later store of a w of 1.0, and lower_rcp's
 * exact-constant fold followed the local to the later value
 * (lower_math.c, copied_value). */
static void random_vertex_rcp_of_stale_local(void **state)
{
	(void)state;
	random_programs(IR_STAGE_VERTEX, 110063, 1);
	random_programs(IR_STAGE_VERTEX, 222801, 1);
}

/* The same, pinned on exact values: position = a local loaded before the
 * local is stored again (w 1.0 after the load). Xs = ftoi(1 * 64 / -0.75)
 * = -85 (0xffab), Ys 0, 1/Wc = -4/3 (refined SFU reciprocal); they were
 * 64, 0 and 1.0. */
static void rcp_of_stale_local(void **state)
{
	(void)state;
	static const char text[] =
		"vertex\nattribute float @a\noutput position\nlocal vec4 @l\n\n"
		"%a = load @a\n%c = const vec4 1, 0, -3.25, -0.75\nstore @l, %c\n"
		"%p = load @l\n%d = const vec4 -1.25, -2.75, 2.5, 1\nstore @l, %d\n"
		"store @position, %p\n";
	struct vc4_diag d = {0};
	struct ir_shader *sh = ir_parse(text, strlen(text), "stale.ir", &d);
	if (!sh)
		fail_msg("%s", d.msg);
	struct vc4_compile_result r;
	ct_compile(sh, NULL, &r);
	ct_assert_clean(&r);
	uint32_t in[16] = {0}, *out = calloc(SIM_VPM_WORDS, 4);
	char msg[256];
	assert_non_null(out);
	assert_int_equal(r.prog[0].stage, QIR_STAGE_VERTEX);
	assert_true(exec_vertex_raw(&r.prog[0], in, 16, out, msg, sizeof(msg)));
	union { uint32_t u; float f; } rw = { .u = out[2 * 16] };
	assert_int_equal(out[0], 0x0000ffabu);
	assert_true(rw.f > -1.3334f && rw.f < -1.3333f);
	free(out);
	vc4_compile_result_free(&r);
	ir_shader_free(sh);
}

/* A division by a local holding sqrt(a), loaded before the local is
 * stored sqrt(b): lower_root_rsq followed the local to the later root and
 * multiplied by rsq(b) instead (lower_math.c, copied_value). */
static void div_by_stale_root(void **state)
{
	(void)state;
	static const char text[] =
		"fragment\nvarying smooth vec4 @v\noutput color\nlocal float @l\n\n"
		"%v = load @v\n%va = abs %v\n%a = extract %va, 0\n%b = extract %va, 1\n"
		"%sa = sqrt %a\nstore @l, %sa\n%y = load @l\n%sb = sqrt %b\nstore @l, %sb\n"
		"%c = extract %va, 2\n%q = div %c, %y\n%k = const float 0.25\n%qk = mul %q, %k\n"
		"%o = vec4 %qk, %qk, %qk, %qk\nstore @color, %o\n";
	struct vc4_diag d = {0};
	struct ir_shader *sh = ir_parse(text, strlen(text), "root.ir", &d);
	if (!sh)
		fail_msg("%s", d.msg);
	struct vc4_compile_result r;
	ct_compile(sh, NULL, &r);
	ct_assert_clean(&r);
	run_seeds(sh, &r.prog[0], 8);
	vc4_compile_result_free(&r);
	ir_shader_free(sh);
}

/* Short runs of what the default ones leave out: fragment programs with
 * discard and random keys (threaded, depth, colour mask, BGR565), vertex
 * programs with random attribute formats and point size; both nested 3
 * deep. Seeds 3000.. and 4000.. ($VC4_EXEC_SEEDS, $VC4_EXEC_FIRST). */
static void random_fragment_keys(void **state)
{
	(void)state;
	struct exec_mode m = env_mode();
	m.discard = m.random_keys = true;
	if (!m.depth)
		m.depth = 3;
	random_programs_mode(IR_STAGE_FRAGMENT, first_seed(3000), seed_count(), &m);
}

static void random_vertex_keys(void **state)
{
	(void)state;
	struct exec_mode m = env_mode();
	m.random_keys = true;
	if (!m.depth)
		m.depth = 3;
	random_programs_mode(IR_STAGE_VERTEX, first_seed(4000), seed_count(), &m);
}

static void random_vertex(void **state)
{
	(void)state;
	struct exec_mode m = env_mode();
	random_programs_mode(IR_STAGE_VERTEX, first_seed(1000), seed_count(), &m);
}

static void random_fragment(void **state)
{
	(void)state;
	struct exec_mode m = env_mode();
	random_programs_mode(IR_STAGE_FRAGMENT, first_seed(2000), seed_count(), &m);
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
		cmocka_unit_test(random_vertex_rcp_of_stale_local),
		cmocka_unit_test(rcp_of_stale_local),
		cmocka_unit_test(div_by_stale_root),
		cmocka_unit_test(thrend_after_last_switch),
		cmocka_unit_test(random_fragment_keys_5432),
		cmocka_unit_test(random_fragment_keys),
		cmocka_unit_test(random_vertex_keys),
	};
	return cmocka_run_group_tests_name("compiler_exec", tests, NULL, NULL);
}
