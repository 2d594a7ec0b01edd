/*
 * test_lower_range.c: the range analysis of lower_range.c, through what it
 * changes: floor, ceil and fract of a value known below 2^23 in magnitude
 * lose their large-value test (`fmaxabs`, `fsub.sf` against 2^23,
 * `mov.nc`); inputs, divisions and locals a loop keeps growing keep it.
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

/* Large-value tests in the VS lowered from `body` (after the usual
 * prologue: %a = load @a, position stored; the body stores @r). */
static unsigned large_tests(const char *body)
{
	char text[2048];
	snprintf(text, sizeof(text), "vertex\nattribute vec4 @a\nvarying smooth vec4 @r\n"
		 "output position\nlocal float @l\n%%a = load @a\nstore @position, %%a\n"
		 "%%x = extract %%a, 0\n%s", body);
	struct ir_shader *sh = lt_parse(text, "range.ir");
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_VERTEX);
	struct qir_compile *c = lt_lower(sh, NULL, &key, QIR_STAGE_VERTEX);
	char *qir = qir_print(c);
	assert_non_null(qir);
	unsigned n = 0;
	for (const char *p = qir; (p = strstr(p, "fmaxabs")); p++)
		n++;
	free(qir);
	qir_compile_free(c);
	ir_shader_free(sh);
	return n;
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bounded_values_skip),
		cmocka_unit_test(unknown_values_keep),
	};
	return cmocka_run_group_tests_name("qir_lower_range", tests, NULL, NULL);
}
