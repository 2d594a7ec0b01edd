/*
 * test_lower_fract.c: fract's lowering (lower_math.c) and fract of a value
 * whose floor is already lowered (lower_fract.c): the exact QIR of each
 * shape, where x - floor(x) replaces fract and where it must not (a floor
 * in a closed if, in the then part of an if/else, of a local stored to
 * between), and the same colours as the IR interpreter on the executor.
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

#define FS_HEAD "fragment\nvarying smooth vec2 @v_uv\noutput color\nlocal float @l\n" \
		"%v = load @v_uv\n%x = extract %v, 0\n%y = extract %v, 1\n"

/* The lowered QIR of FS_HEAD + body (malloc'ed). */
static char *lowered(const char *body)
{
	char text[2048];
	snprintf(text, sizeof(text), "%s%s", FS_HEAD, body);
	struct ir_shader *sh = lt_parse(text, "fract.ir");
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_FRAGMENT);
	struct qir_compile *c = lt_lower(sh, NULL, &key, QIR_STAGE_FRAGMENT);
	char *qir = qir_print(c);
	assert_non_null(qir);
	qir_compile_free(c);
	ir_shader_free(sh);
	return qir;
}

static inline unsigned count(const char *qir, const char *what)
{
	unsigned n = 0;
	for (const char *p = qir; (p = strstr(p, what)); p++)
		n++;
	return n;
}

/* fract of an input: its difference sets the flags, the correction adds 1
 * in place, and the large-value test writes x - x. */
/* Fails with the whole QIR unless it holds `want`. */
static void expect(const char *qir, const char *want)
{
	if (!strstr(qir, want))
		fail_msg("no\n%s\nin\n%s", want, qir);
}

static void fract_of_input(void **state)
{
	(void)state;
	char *q = lowered("%f = fract %x\n%c = vec4 %f, %f, %f, %f\nstore @color, %c\n");
	expect(q, "\tftoi t11, t3\n\titof t12, t11\n\tfsub.sf t13, t3, t12\n"
			       "\tfadd.ns t13, t13, u1\n\tfmaxabs t14, t3, t3\n"
			       "\tfsub.sf -, t14, u2\n\tfsub.nc t13, t3, t3\n\tmov t6, t13\n");
	assert_int_equal(count(q, "fsub.ns"), 0);
	free(q);
}

/* fract of a value the range analysis bounds (-3 fract(x), in (-3, 0]):
 * four instructions, no large-value test; a sin of anything is within 1,
 * so fract(43758.5 sin(1 / x)) has none either. */
static void fract_of_small(void **state)
{
	(void)state;
	char *q = lowered("%f = fract %x\n%k = const float -3\n%m = mul %f, %k\n%g = fract %m\n"
			  "%c = vec4 %g, %g, %g, %g\nstore @color, %c\n");
	expect(q, "\tfmul t15, t13, u3\n\tftoi t16, t15\n\titof t17, t16\n"
			       "\tfsub.sf t18, t15, t17\n\tfadd.ns t18, t18, u1\n\tmov t6, t18\n");
	assert_int_equal(count(q, "fmaxabs"), 1);
	free(q);
	q = lowered("%one = const float 1\n%d = div %one, %x\n%s = sin %d\n"
		    "%k = const float 43758.5\n%m = mul %s, %k\n%g = fract %m\n"
		    "%c = vec4 %g, %g, %g, %g\nstore @color, %c\n");
	assert_int_equal(count(q, "fmaxabs"), 0);
	assert_int_equal(count(q, "fadd.ns"), 1);
	free(q);
	q = lowered("%one = const float 1\n%d = div %one, %x\n%g = fract %d\n"
		    "%c = vec4 %g, %g, %g, %g\nstore @color, %c\n");
	assert_int_equal(count(q, "fmaxabs"), 1);
	free(q);
}

/* floor(x) then fract(x), of one value or of two loads of a local: fract
 * is x - floor(x), one fsub of the floor's result. */
static void fract_after_floor(void **state)
{
	(void)state;
	char *q = lowered("%i = floor %x\n%f = fract %x\n%c = vec4 %i, %f, %f, %f\n"
			  "store @color, %c\n");
	assert_int_equal(count(q, "ftoi"), 1);
	assert_int_equal(count(q, "fadd.ns"), 0);
	expect(q, "\tmov.nc t12, t3\n\tfsub t14, t3, t12\n\tmov t6, t12\n\tmov t7, t14\n");
	free(q);
	q = lowered("store @l, %x\n%a = load @l\n%i = floor %a\n%h = const float 0.5\n"
		    "%p = fgt %y, %h\nif %p {\n%b = load @l\n%f = fract %b\nstore @l, %f\n}\n"
		    "%r = load @l\n%c = vec4 %i, %r, %r, %r\nstore @color, %c\n");
	assert_int_equal(count(q, "ftoi"), 1);
	free(q);
}

/* No floor that dominates, or not the same value: fract keeps its own
 * lowering (a floor in a closed if, in the then part of the fract's
 * if/else, of a local stored to between the loads, or before a loop). */
static void fract_without_floor(void **state)
{
	(void)state;
	static const char *bodies[] = {
		"%h = const float 0.5\n%p = fgt %y, %h\nif %p {\n%i = floor %x\nstore @l, %i\n}\n"
		"%f = fract %x\n%r = load @l\n%c = vec4 %f, %r, %r, %r\nstore @color, %c\n",
		"%h = const float 0.5\n%p = fgt %y, %h\nif %p {\n%i = floor %x\nstore @l, %i\n"
		"} else {\n%f = fract %x\nstore @l, %f\n}\n%r = load @l\n"
		"%c = vec4 %r, %r, %r, %r\nstore @color, %c\n",
		"store @l, %x\n%a = load @l\n%i = floor %a\nstore @l, %y\n%b = load @l\n"
		"%f = fract %b\n%c = vec4 %i, %f, %f, %f\nstore @color, %c\n",
		"store @l, %x\n%a = load @l\n%i = floor %a\nloop {\n%b = load @l\n%f = fract %b\n"
		"%t = add %f, %y\nstore @l, %t\n%big = fgt %t, %i\nif %big {\nbreak\n}\n}\n"
		"%r = load @l\n%c = vec4 %i, %r, %r, %r\nstore @color, %c\n",
	};
	for (size_t b = 0; b < sizeof(bodies) / sizeof(bodies[0]); b++) {
		char *q = lowered(bodies[b]);
		if (count(q, "ftoi") != 2 || count(q, "fadd.ns") != 1)
			fail_msg("body %zu:\n%s", b, q);
		free(q);
	}
}

/* The colours of fract and floor, small, large, of a floor and alone,
 * against the IR interpreter on the executor (v_uv.x = i / 16). */
static void fract_executes(void **state)
{
	(void)state;
	struct ir_shader *sh = lt_parse(
		FS_HEAD "%k = const float -37.3\n%m = mul %x, %k\n%i = floor %m\n%f = fract %m\n"
		"%s = const float 0.02\n%j = mul %i, %s\n%n = neg %j\n%g = fract %f\n"
		"%q = const float 5e9\n%w = mul %x, %q\n%e = fract %w\n%z = sub %e, %f\n"
		"%u = fract %z\n%c = vec4 %n, %f, %g, %u\nstore @color, %c\n", "fract.ir");
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_FRAGMENT);
	struct qir_compile *c = lt_lower(sh, NULL, &key, QIR_STAGE_FRAGMENT);
	lt_run_uv_against_interp(sh, c, 0);
	qir_compile_free(c);
	ir_shader_free(sh);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fract_of_input),
		cmocka_unit_test(fract_of_small),
		cmocka_unit_test(fract_after_floor),
		cmocka_unit_test(fract_without_floor),
		cmocka_unit_test(fract_executes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
