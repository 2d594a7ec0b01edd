/*
 * test_lower_random.c: random IR programs (ir/ir_random.h: straight-line
 * code, ifs, loops with break/continue, discard, all value types, 2D and
 * cube textures; no SFU ops) lowered and run on 16 lanes of the QIR executor with
 * C rounding, compared with the IR interpreter lane by lane: vertex
 * programs through both the coordinate shader (clip position) and the
 * vertex shader (varyings), fragment programs through the packed colour
 * and discard.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ir/ir_interp.h"
#include "ir/ir_random.h"
#include "lower_test.h"
#include "qir_eval.h"

/* The first seed: 1, or $VC4_EXEC_FIRST (to rerun one seed). */
static uint64_t seed_first(void)
{
	const char *e = getenv("VC4_EXEC_FIRST");
	long n = e ? strtol(e, NULL, 10) : 0;
	return n > 0 ? (uint64_t)n : 1;
}

/* Programs per configuration: 500, or $VC4_EXEC_SEEDS for longer runs. */
static uint64_t seed_count(void)
{
	const char *e = getenv("VC4_EXEC_SEEDS");
	long n = e ? strtol(e, NULL, 10) : 0;
	return n > 0 ? (uint64_t)n : 500;
}

static uint32_t rng_state;
static uint32_t rng(void)
{
	rng_state = rng_state * 1664525u + 1013904223u;
	return rng_state >> 8;
}

static float rnd_float(void)
{
	return (float)((int)(rng() % 4001) - 2000) / 1000.0f;
}

/* How the optimised programs are judged: OPT_NONE (not optimised) and
 * OPT_EXACT (the standard passes but the reassociating ones) must give the
 * interpreter's values; OPT_FULL (qir_optimize()) may also differ by the
 * rounding of a reassociated sum or product (GLSL allows it), see
 * same_value() and one_seed(). */
enum opt_mode { OPT_NONE, OPT_EXACT, OPT_FULL };
static enum opt_mode judge_mode;

/* Equal bits, both NaN, a denormal C kept that the QPU flushed, or within
 * 1e-6 relative (smoothstep divides by multiplying with rcp, C divides);
 * under OPT_FULL also within 1e-5 of max(1, |want|): the random inputs
 * are multiples of 0.001 in [-2, 2], and the reassociated sums of products
 * of them (largest seen: 42412, 1.7e-7 absolute on 0.00175 after
 * cancellation) round differently by far less, while a wrong operand or
 * op moves the value by a multiple of 0.001. */
static bool same_value(uint32_t got, uint32_t want)
{
	float g, w;
	memcpy(&g, &got, 4);
	memcpy(&w, &want, 4);
	if (got == want || (isnan(g) && isnan(w)))
		return true;
	if (fabsf(w) < 1.2e-38f && fabsf(g) < 1.2e-38f)
		return true;
	double diff = fabs((double)g - w);
	bool ok = diff <= 1e-6 * fabs((double)w) ||
		  (judge_mode == OPT_FULL && diff <= 1e-5 * fmax(1.0, fabs((double)w)));
	if (!ok && getenv("VC4_VERBOSE"))
		printf("#   got %08x (%.9g), want %08x (%.9g)\n", got, (double)g, want, (double)w);
	return ok;
}

/* The test texture: 2D texels from the coordinates, cube texels from the
 * coordinates' signs (invariant under the lowering's major-axis scaling).
 * A zero counts as positive whatever its sign bit: the TMU picks a cube
 * face by the largest magnitude, and a zero minor coordinate lands in the
 * face's middle either way, so -0 and +0 fetch the same texel. (ceil(-0.5)
 * is -0 in C and +0 from itof(ftoi x); seeds 8165 and 8560 looked that up.) */
static uint8_t coord_byte(float x)
{
	if (!(fabsf(x) < 1e6f))
		return 7;
	return (uint8_t)((int)floorf(x * 40.0f) & 255);
}

static uint32_t texel(bool cube, float s, float t, float r)
{
	if (cube)
		return (s < 0 ? 40u : 200u) | (t < 0 ? 60u : 180u) << 8 |
		       (r < 0 ? 90u : 160u) << 16 | 255u << 24;
	return coord_byte(s) | (uint32_t)coord_byte(t) << 8 |
	       (uint32_t)coord_byte(s + t) << 16 | 200u << 24;
}

static uint32_t qeval_texel(void *user, const struct qeval_tex_request *req)
{
	(void)user;
	return texel(req->has_r, req->s, req->t, req->r);
}

static void interp_texel(void *user, uint32_t sampler, const float *coord, unsigned ncoord,
			 bool has_bias, float bias, float rgba[4])
{
	(void)user, (void)sampler, (void)has_bias, (void)bias;
	uint32_t bits = texel(ncoord == 3, coord[0], coord[1], ncoord == 3 ? coord[2] : 0);
	for (int k = 0; k < 4; k++)  /* the TMU's unorm8 → float (host rounding) */
		rgba[k] = (float)((double)(bits >> (8 * k) & 0xff) / 255.0);
}

/* Random values for every uniform (into the stream words and the slots)
 * and every input (attributes or varyings, per lane). */
static void fill_inputs(const struct ir_shader *sh, struct qeval *e,
			struct ir_slot_value *slots[16])
{
	uint32_t word = 0, input = 0;
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		for (unsigned k = 0; k < decl->type.comps && decl->kind != IR_DECL_SAMPLER; k++) {
			if (decl->kind == IR_DECL_UNIFORM) {
				union ir_scalar v;
				if (decl->type.base == IR_FLOAT)
					v.f = rnd_float();
				else if (decl->type.base == IR_INT)
					v.i = (int32_t)(rng() % 17) - 8;
				else
					v.u = rng() & 1;
				e->user[word++] = v.u;
				for (int i = 0; i < 16; i++)
					slots[i][d].c[k] = v;
			} else if (decl->kind == IR_DECL_ATTRIBUTE ||
				   (decl->kind == IR_DECL_VARYING && sh->stage == IR_STAGE_FRAGMENT)) {
				for (int i = 0; i < 16; i++) {
					slots[i][d].c[k].f = rnd_float();
					if (decl->kind == IR_DECL_ATTRIBUTE)
						e->vpm_in[input][i] = slots[i][d].c[k].u;
					else
						e->vary[input][i] = slots[i][d].c[k].u;
				}
				input++;
			}
		}
	}
	for (int i = 0; i < 16; i++) {
		e->frag_w[i] = 0x3f800000u;  /* 1.0: smooth varyings read as given */
		e->frag_x[i] = (uint32_t)i;
		e->frag_y[i] = 7;
		e->frag_z[i] = rng() & 0xffffff;
		e->rev_flag[i] = i & 1;
	}
	e->host_rounding = true;
	e->tex = qeval_texel;
}

/* Runs c; false (and a message) when the executor fails. */
static bool run(const struct qir_compile *c, struct qeval *e, uint64_t seed)
{
	char err[256];
	if (qeval_run(c, e, 1000000, err))
		return true;
	fail_msg("seed %llu: %s", (unsigned long long)seed, err);
	return false;
}

static uint8_t unorm8(float f)
{
	if (!(f > 0))
		return 0;
	if (f >= 1)
		return 255;
	return (uint8_t)((double)f * 255.0 + 0.5);
}

/* Compares lane i's outputs; returns the number of mismatching words. */
static unsigned compare_vs(const struct ir_shader *sh, const struct qeval *cs,
			   const struct qeval *vs, const struct ir_slot_value *slots, int i)
{
	unsigned bad = 0, out = 3;
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind == IR_DECL_OUTPUT && decl->builtin == IR_OUT_POSITION)
			for (unsigned k = 0; k < 4; k++)
				bad += !same_value(cs->vpm_out[k][i], slots[d].c[k].u);
		if (decl->kind == IR_DECL_VARYING)
			for (unsigned k = 0; k < decl->type.comps; k++, out++)
				bad += !same_value(vs->vpm_out[out][i], slots[d].c[k].u);
	}
	return bad;
}

static unsigned compare_fs(const struct ir_shader *sh, const struct qeval *e,
			   const struct ir_slot_value *slots, bool discarded, int i)
{
	if (discarded || !e->color_written[i])
		return discarded != !e->color_written[i];
	uint32_t color = ir_shader_find_decl(sh, "color"), want = 0;
	for (unsigned k = 0; k < 4; k++)
		want |= (uint32_t)unorm8(slots[color].c[k].f) << (8 * k);
	if (e->tlb_color[i] != want && getenv("VC4_VERBOSE"))
		printf("#   colour got %08x, want %08x\n", e->tlb_color[i], want);
	return e->tlb_color[i] != want;
}

/* The reassociating passes: they change a sum's or product's rounding. */
static bool reassociates(const char *name)
{
	static const char *const names[] = { "reassoc", "pull_factor", "factor", "scale_first" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/* The standard passes to a fixpoint, validating after each: as the
 * compiler runs them (two tiers) under OPT_FULL, without the reassociating
 * ones (one tier) under OPT_EXACT. */
static bool optimize(struct qir_compile *c, struct vc4_diag *d)
{
	if (judge_mode == OPT_FULL)
		return qir_optimize_passes(c, NULL, 0, true, d);
	size_t n, m = 0;
	const struct qir_pass *all = qir_standard_passes(&n);
	struct qir_pass some[64];
	assert_true(n <= 64);
	for (size_t i = 0; i < n; i++)
		if (!reassociates(all[i].name))
			some[m++] = all[i];
	return qir_optimize_passes(c, some, m, true, d);
}

/* The back end's passes up to allocation: the optimiser (standard passes
 * to a fixpoint), uniform lowering, uniform-stream resets; the program must
 * stay valid and equivalent. */
static void pipeline(struct qir_compile *c, uint64_t seed)
{
	struct vc4_diag d = { 0 };
	bool ok = optimize(c, &d);
	qir_lower_uniforms(c);  /* returns progress */
	if (!ok || c->oom || !qir_lower_uniform_resets(c, &d) || !qir_validate(c, &d))
		fail_msg("seed %llu: %s", (unsigned long long)seed, d.msg);
}

/* mix(x, x, t) = x*(1-t) + x*t, which the reassociating passes factor to
 * x*((1-t) + t), rounded differently; step, smoothstep with e0 == e1, a
 * compare or a texel edge can turn that last bit into 0 against 1 (vertex
 * seeds 23777, 50234, 57150, fragment seed 31011). Under OPT_FULL the
 * interpreter runs that factored form: the shader's text with each such
 * mix spelled out (1 as step(t, t)). The caller frees the result. */
static struct ir_shader *factored_mix(const struct ir_shader *sh)
{
	char *text = ir_print(sh);
	assert_non_null(text);
	char *out = malloc(strlen(text) * 8 + 64), *o = out;  /* each line ≤ 4 lines */
	assert_non_null(out);
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char d[32], x[32], y[32], t[32];
		int ind = (int)strspn(line, "\t");
		if (sscanf(line + ind, "%%%31s = mix %%%31[^,], %%%31[^,], %%%31s", d, x, y, t) == 4 &&
		    !strcmp(x, y))
			o += sprintf(o, "%.*s%%%s_1 = step %%%s, %%%s\n%.*s%%%s_2 = sub %%%s_1, %%%s\n"
				     "%.*s%%%s_3 = add %%%s_2, %%%s\n%.*s%%%s = mul %%%s, %%%s_3\n",
				     ind, line, d, t, t, ind, line, d, d, t, ind, line, d, d, t,
				     ind, line, d, x, d);
		else
			o += sprintf(o, "%s\n", line);
	}
	struct vc4_diag diag = { 0 };
	struct ir_shader *f = ir_parse(out, (size_t)(o - out), "factored", &diag);
	if (!f)
		fail_msg("factored mix: %s", diag.msg);
	free(text);
	free(out);
	return f;
}

/* One seed: compile, run, interpret, compare. Returns mismatching lanes. */
static unsigned one_seed(uint64_t seed, int stage, enum opt_mode mode)
{
	judge_mode = mode;
	struct ir_random_options opt = ir_random_defaults;
	opt.stage = stage;
	opt.transcendental = false;
	struct ir_shader *sh = ir_random_program(seed, &opt);
	assert_non_null(sh);
	bool vs = sh->stage == IR_STAGE_VERTEX;
	struct qir_shader_key key;
	qir_shader_key_init(&key, vs ? QIR_STAGE_VERTEX : QIR_STAGE_FRAGMENT);
	struct qir_compile *c = lt_lower(sh, NULL, &key, vs ? QIR_STAGE_VERTEX : QIR_STAGE_FRAGMENT);
	struct qir_compile *cc = vs ? lt_lower(sh, NULL, &key, QIR_STAGE_COORD) : NULL;
	if (mode != OPT_NONE) {
		pipeline(c, seed);
		if (cc)
			pipeline(cc, seed);
	}
	struct ir_shader *ref = mode == OPT_FULL ? factored_mix(sh) : NULL;
	struct ir_slot_value *slots[16];
	for (int i = 0; i < 16; i++)
		slots[i] = ir_interp_slots(sh);
	static struct qeval e, ec;
	memset(&e, 0, sizeof(e));
	rng_state = (uint32_t)seed;
	fill_inputs(sh, &e, slots);
	ec = e;
	run(c, &e, seed);
	if (cc)
		run(cc, &ec, seed);
	unsigned bad_lanes = 0;
	for (int i = 0; i < 16; i++) {
		struct ir_interp_io io = { .slots = slots[i], .front_facing = !e.rev_flag[i],
					   .sample = interp_texel };
		io.frag_coord[0] = (float)i + 0.5f;  /* what lower_fs_builtin computes */
		io.frag_coord[1] = 7.5f;
		io.frag_coord[2] = (float)e.frag_z[i] * (1.0f / 16777215.0f);
		io.frag_coord[3] = 1.0f;
		assert_true(ir_interpret(ref ? ref : sh, &io, NULL));
		unsigned bad = vs ? compare_vs(sh, &ec, &e, slots[i], i)
				  : compare_fs(sh, &e, slots[i], io.discarded, i);
		bad_lanes += bad != 0;
		free(slots[i]);
	}
	if (bad_lanes && getenv("VC4_VERBOSE")) {
		printf("# seed %llu (%s): %u lanes differ\n", (unsigned long long)seed,
		       vs ? "vertex" : "fragment", bad_lanes);
		char *text = getenv("VC4_VERBOSE")[0] == '2' ? ir_print(sh) : NULL;
		printf("%s", text ? text : "");
		free(text);
	}
	qir_compile_free(c);
	qir_compile_free(cc);
	ir_shader_free(sh);
	ir_shader_free(ref);
	return bad_lanes;
}

struct config {
	int stage;
	enum opt_mode mode;
};

static void test_random(void **state)
{
	const struct config *cfg = *state;
	int stage = cfg->stage;
	unsigned bad = 0, seeds_bad = 0;
	uint64_t seeds = seed_count(), first = seed_first();
	for (uint64_t seed = first; seed < first + seeds; seed++) {
		unsigned b = one_seed(seed, stage, cfg->mode);
		bad += b;
		seeds_bad += b != 0;
	}
	static const char *const modes[] = { "", " (optimised, exact)", " (optimised)" };
	printf("# %s%s: %u seeds x 16 lanes, %u lanes in %u seeds differ\n",
	       stage == IR_STAGE_VERTEX ? "vertex" : "fragment", modes[cfg->mode],
	       (unsigned)seeds, bad, seeds_bad);
	assert_int_equal(bad, 0);
}

/* Cube lookups at ceil() of values in (-1, 0): C's -0 and the lowering's
 * +0 must fetch the same texel (fragment seed 8165, vertex seed 8560). */
static void test_cube_signed_zero(void **state)
{
	(void)state;
	for (enum opt_mode mode = OPT_NONE; mode <= OPT_FULL; mode++) {
		assert_int_equal(one_seed(8165, IR_STAGE_FRAGMENT, mode), 0);
		assert_int_equal(one_seed(8560, IR_STAGE_VERTEX, mode), 0);
	}
}

/* The seeds whose optimised programs round differently (60,000 seeds,
 * 2026-11-27): bit-exact without the reassociating passes, and accepted
 * with them (vertex 9633 ... 58544 by the OPT_FULL tolerance, 23777,
 * 50234, 57150 and fragment 31011 by the factored mix). The judge still
 * rejects a 0.001 error, and the tolerance holds only under OPT_FULL. */
static void test_reassociated_seeds(void **state)
{
	(void)state;
	static const uint64_t vs[] = { 9633, 23777, 42412, 48436, 50234,
				       53717, 57150, 57805, 58544 };
	for (enum opt_mode mode = OPT_EXACT; mode <= OPT_FULL; mode++) {
		for (size_t i = 0; i < sizeof(vs) / sizeof(vs[0]); i++)
			assert_int_equal(one_seed(vs[i], IR_STAGE_VERTEX, mode), 0);
		assert_int_equal(one_seed(31011, IR_STAGE_FRAGMENT, mode), 0);
	}
	judge_mode = OPT_FULL;  /* seed 42412: 0.00174887315 for 0.0017490387 */
	assert_true(same_value(0x3ae53a72u, 0x3ae54000u));
	assert_false(same_value(0x3f000000u /* 0.5 */, 0x3f004189u /* 0.501 */));
	judge_mode = OPT_EXACT;
	assert_false(same_value(0x3ae53a72u, 0x3ae54000u));
}

int main(void)
{
	static const struct config cfgs[] = {
		{ IR_STAGE_VERTEX, OPT_NONE }, { IR_STAGE_FRAGMENT, OPT_NONE },
		{ IR_STAGE_VERTEX, OPT_EXACT }, { IR_STAGE_FRAGMENT, OPT_EXACT },
		{ IR_STAGE_VERTEX, OPT_FULL }, { IR_STAGE_FRAGMENT, OPT_FULL },
	};
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_prestate(test_random, (void *)&cfgs[0]),
		cmocka_unit_test_prestate(test_random, (void *)&cfgs[1]),
		cmocka_unit_test_prestate(test_random, (void *)&cfgs[2]),
		cmocka_unit_test_prestate(test_random, (void *)&cfgs[3]),
		cmocka_unit_test_prestate(test_random, (void *)&cfgs[4]),
		cmocka_unit_test_prestate(test_random, (void *)&cfgs[5]),
		cmocka_unit_test(test_cube_signed_zero),
		cmocka_unit_test(test_reassociated_seeds),
	};
	return cmocka_run_group_tests_name("qir_lower_random", tests, NULL, NULL);
}
