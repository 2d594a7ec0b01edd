/*
 * test_lower_range.c: the range analysis of lower_range.c, through what it
 * changes: floor, ceil and fract of a value known below 2^23 in magnitude
 * lose their large-value test (`fmaxabs`, `fsub.sf` against 2^23,
 * `mov.nc`); inputs, divisions and locals a loop keeps growing keep it.
 * floor and fract of a value known non-negative also lose the correction
 * below trunc(x). Fragment coordinates and the render height are within
 * QIR_KEY_MAX_DIM, and the height minus frag_coord's y is positive.
 * A shader without floor, ceil or fract gets no bounds at all.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lower_test.h"
#include "qir/lower/lower_internal.h"

/* Occurrences of `what` in the QIR lowered from `text` for stage. */
static unsigned count_qir(const char *text, enum qir_stage stage, const char *what)
{
	struct ir_shader *sh = lt_parse(text, "range.ir");
	struct qir_shader_key key;
	qir_shader_key_init(&key, stage);
	struct qir_compile *c = lt_lower(sh, NULL, &key, stage);
	char *qir = qir_print(c);
	assert_non_null(qir);
	unsigned n = 0;
	for (const char *p = qir; (p = strstr(p, what)); p++)
		n++;
	free(qir);
	qir_compile_free(c);
	ir_shader_free(sh);
	return n;
}

/* Occurrences of `what` in the QIR of the VS lowered from `body` (after
 * the usual prologue: %a = load @a, position stored; the body stores @r). */
static unsigned count_in(const char *body, const char *what)
{
	char text[2048];
	snprintf(text, sizeof(text), "vertex\nattribute vec4 @a\nvarying smooth vec4 @r\n"
		 "output position\nlocal float @l\n%%a = load @a\nstore @position, %%a\n"
		 "%%x = extract %%a, 0\n%s", body);
	return count_qir(text, QIR_STAGE_VERTEX, what);
}

/* The same for a FS with %x, %y = frag_coord's x and y and %h = the
 * uniform `height` (the body stores @color). */
static unsigned count_fs(const char *height, const char *body, const char *what)
{
	char text[2048];
	snprintf(text, sizeof(text), "fragment\noutput color\nuniform float @%s\n"
		 "%%fc = frag_coord\n%%x = extract %%fc, 0\n%%y = extract %%fc, 1\n"
		 "%%h = load @%s\n%s", height, height, body);
	return count_qir(text, QIR_STAGE_FRAGMENT, what);
}

/* Large-value tests (each has one fmaxabs). */
static unsigned large_tests(const char *body)
{
	return count_in(body, "fmaxabs");
}

/* floor and fract corrections: a conditional `fsub.ns t, t, 1.0` (floor)
 * or `fadd.ns f, f, 1.0` (fract) each. */
static unsigned corrections(const char *body)
{
	return count_in(body, "fsub.ns") + count_in(body, "fadd.ns");
}

/* fract of an input keeps the test; fract(3 * fract(x)), floor and ceil of
 * a clamp, a mix of bounded values and frag-free sums do not. */
static void bounded_values_skip(void **state)
{
	(void)state;
	assert_int_equal(large_tests(
		"%f = fract %x\n%k = const float 3\n%m = mul %f, %k\n%g = fract %m\n"
		"%lo = const float -100\n%hi = const float 100\n%c = clamp %x, %lo, %hi\n"
		"%h = floor %c\n%e = ceil %c\n%s = add %h, %e\n%t = mix %g, %s, %f\n"
		"%u = fract %t\n%v = vec4 %g, %h, %e, %u\nstore @r, %v\n"), 1);
}

/* A division may be infinite; locals carry the bound of all their stores,
 * and one a loop keeps doubling becomes unknown. */
static void unknown_values_keep(void **state)
{
	(void)state;
	assert_int_equal(large_tests(
		"%k = const float 3\n%f = fract %x\n%d = div %f, %x\n%g = fract %d\n"
		"%v = vec4 %g, %g, %g, %g\nstore @r, %v\n"), 2);
	assert_int_equal(large_tests(
		"%f = fract %x\nstore @l, %f\n%y = load @l\n%g = fract %y\n"
		"%v = vec4 %g, %g, %g, %g\nstore @r, %v\n"), 1);
	assert_int_equal(large_tests(
		"%f = fract %x\nstore @l, %f\nloop {\n%y = load @l\n%two = const float 2\n"
		"%z = mul %y, %two\nstore @l, %z\n%lim = const float 1000\n%big = fgt %z, %lim\n"
		"if %big {\nbreak\n}\n}\n%w = load @l\n%g = fract %w\n"
		"%v = vec4 %g, %g, %g, %g\nstore @r, %v\n"), 2);
}

/* sin and cos count as within 1 whatever their argument (their lowering is
 * undefined beyond |x| = 2^31 pi anyway): fract(43758.5 (sin d + cos d))
 * of a quotient skips the large-value test, fract of the quotient keeps it. */
static void sin_of_anything(void **state)
{
	(void)state;
	assert_int_equal(large_tests(
		"%k = const float 3\n%d = div %k, %x\n%s = sin %d\n%c = cos %d\n%sc = add %s, %c\n"
		"%m = const float 43758.5\n%p = mul %sc, %m\n%g = fract %p\n%h = fract %d\n"
		"%v = vec4 %g, %h, %g, %h\nstore @r, %v\n"), 1);
}

/* floor and fract of a value whose sign bit is known clear skip the
 * correction below trunc(x) (x - trunc(x) cannot set N): fract of fract,
 * abs, x * x, sums and products of those, max with a non-negative, a local
 * all of whose stores are; an input, a negation, a min with an input and a
 * local also stored an input keep it. */
static void sign_clear_skips_correction(void **state)
{
	(void)state;
	assert_int_equal(corrections(
		"%f = fract %x\n%k = const float 3\n%m = mul %f, %k\n%g = fract %m\n"
		"%ab = abs %x\n%h = floor %ab\n%sq = mul %x, %x\n%q = floor %sq\n"
		"%s = add %sq, %g\n%z = const float 0\n%mx = max %x, %z\n%t = add %s, %mx\n"
		"%u = fract %t\nstore @l, %u\n%y = load @l\n%w = floor %y\n"
		"%v = vec4 %g, %h, %q, %w\nstore @r, %v\n"), 1);
	assert_int_equal(corrections(
		"%n = neg %x\n%f = floor %n\n%h = const float 0.5\n%mn = min %x, %h\n"
		"%g = floor %mn\n%ax = abs %x\nstore @l, %ax\nstore @l, %x\n%y = load @l\n"
		"%w = fract %y\n%v = vec4 %f, %g, %w, %w\nstore @r, %v\n"), 3);
}

/* A division by a finite nonzero constant is bounded (a non-negative value
 * over a positive constant keeps its sign); by an input, or by zero, it is
 * not. */
static void division_by_constant(void **state)
{
	(void)state;
	assert_int_equal(large_tests(
		"%f = fract %x\n%k = const float 3\n%d = div %f, %k\n%g = fract %d\n"
		"%v = vec4 %g, %g, %g, %g\nstore @r, %v\n"), 1);
	assert_int_equal(large_tests(
		"%f = fract %x\n%k = const float 0\n%d = div %f, %k\n%g = fract %d\n"
		"%v = vec4 %g, %g, %g, %g\nstore @r, %v\n"), 2);
	assert_int_equal(corrections(
		"%b = abs %x\n%k = const float 4\n%d = div %b, %k\n%g = floor %d\n"
		"%n = const float -4\n%e = div %b, %n\n%h = floor %e\n"
		"%v = vec4 %g, %h, %g, %h\nstore @r, %v\n"), 1);
}

/* gl_FragCoord.x * gl_FragCoord.y * k as the GLSL front end lowers it
 * (the render height minus frag_coord's y): within 2048 * 4096 * k and
 * positive, so fract loses both the large-value test (while the bound stays
 * below 2^23) and the correction; a uniform of another name is an input of
 * unknown size and sign, and frag_coord's y minus the height may be
 * negative. */
static void frag_coord_and_render_height(void **state)
{
	(void)state;
	const char *gl = "%up = sub %h, %y\n%p = mul %x, %up\n%k = const float 0.0001\n"
			 "%q = mul %p, %k\n%f = fract %q\n%v = vec4 %f, %f, %f, %f\n"
			 "store @color, %v\n";
	assert_int_equal(count_fs("gl_RenderHeight", gl, "fmaxabs"), 0);
	assert_int_equal(count_fs("gl_RenderHeight", gl, "fadd.ns"), 0);
	assert_int_equal(count_fs("height", gl, "fmaxabs"), 1);
	assert_int_equal(count_fs("height", gl, "fadd.ns"), 1);
	const char *down = "%dn = sub %y, %h\n%f = fract %dn\n%v = vec4 %f, %f, %f, %f\n"
			   "store @color, %v\n";
	assert_int_equal(count_fs("gl_RenderHeight", down, "fmaxabs"), 0);
	assert_int_equal(count_fs("gl_RenderHeight", down, "fadd.ns"), 1);
	/* x * 4095 stays below 2^23 (x <= 2048), y * 4097 may not. */
	const char *scaled = "%k = const float 4095\n%p = mul %x, %k\n%f = fract %p\n"
			     "%k2 = const float 4097\n%p2 = mul %y, %k2\n%g = fract %p2\n"
			     "%v = vec4 %f, %g, %f, %g\nstore @color, %v\n";
	assert_int_equal(count_fs("gl_RenderHeight", scaled, "fmaxabs"), 1);
	assert_int_equal(count_fs("gl_RenderHeight", scaled, "fadd.ns"), 0);
}

/* lower_ranges() on sh alone (the value and slot maps as the lowering sets
 * them up): whether it computed bounds (l->range), released again. */
static bool ranges_computed(const char *text)
{
	struct ir_shader *sh = lt_parse(text, "range.ir");
	struct lower l = { .sh = sh };
	vc4_arena_init(&l.arena, NULL, 0);   /* the bounds come from it */
	l.val_base = calloc(sh->values.len + 1, sizeof(uint32_t));
	l.slot_base = calloc(sh->decls.len + 1, sizeof(uint32_t));
	assert_non_null(l.val_base);
	assert_non_null(l.slot_base);
	for (size_t v = 0, pool = 0; v < sh->values.len; v++) {
		l.val_base[v] = (uint32_t)pool;
		pool += sh->values.data[v].type.comps;
	}
	for (size_t d = 0; d < sh->decls.len; d++) {   /* no arrays here */
		l.slot_base[d] = l.nslots;
		l.nslots += sh->decls.data[d].type.comps;
	}
	assert_true(lower_ranges(&l));
	bool computed = l.range != NULL;
	assert_true(computed == (l.range_pos != NULL));
	if (computed)   /* floor of x * 0.5, x within 1 (fract): small */
		assert_true(lower_small_float(&l, 4, 0));
	vc4_arena_fini(&l.arena);   /* l.range and l.range_pos with it */
	free(l.val_base);
	free(l.slot_base);
	ir_shader_free(sh);
	return computed;
}

/* The bounds are read only by floor, ceil and fract: a shader without any
 * skips the analysis (its walks, one to RANGE_ROUNDS + 1 of them) and
 * lowers as before. */
static void ranges_only_for_rounding(void **state)
{
	(void)state;
	const char *head = "vertex\nattribute vec4 @a\nvarying smooth vec4 @r\n"
			   "output position\nlocal float @l\n%a = load @a\n"
			   "store @position, %a\n%x = extract %a, 0\n";
	char text[1024];
	snprintf(text, sizeof(text), "%s%%f = fract %%x\n%%k = const float 0.5\n"
		 "%%h = mul %%f, %%k\n%%g = floor %%h\nstore @l, %%g\n"
		 "%%v = vec4 %%g, %%g, %%g, %%g\nstore @r, %%v\n", head);
	assert_true(ranges_computed(text));
	snprintf(text, sizeof(text), "%s%%k = const float 0.5\n%%h = mul %%x, %%k\n"
		 "store @l, %%h\n%%v = vec4 %%h, %%h, %%h, %%h\nstore @r, %%v\n", head);
	assert_false(ranges_computed(text));
	assert_int_equal(count_in("%k = const float 0.5\n%h = mul %x, %k\n"
				  "%v = vec4 %h, %h, %h, %h\nstore @r, %v\n", "fmaxabs"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sign_clear_skips_correction),
		cmocka_unit_test(division_by_constant),
		cmocka_unit_test(sin_of_anything),
		cmocka_unit_test(bounded_values_skip),
		cmocka_unit_test(unknown_values_keep),
		cmocka_unit_test(frag_coord_and_render_height),
		cmocka_unit_test(ranges_only_for_rounding),
	};
	return cmocka_run_group_tests_name("qir_lower_range", tests, NULL, NULL);
}
