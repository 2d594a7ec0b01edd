/*
 * test_ir_const_vary.c: ir_const_varyings() on a vertex shader with known
 * answers — varyings fixed by constants, selects and an integer loop run
 * at compile time; not fixed when read from an attribute, computed with
 * float arithmetic, stored under an if or in a loop that tests an
 * attribute, or never stored — and ir_fold_varying() turning a fragment
 * shader's loads into constants, checked through the printed IR.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir_const_vary.h"

static struct ir_shader *parse(const char *text)
{
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(text, strlen(text), "test", &d);
	if (!sh)
		fail_msg("%s", d.msg);
	return sh;
}

static uint32_t decl(const struct ir_shader *sh, const char *name)
{
	for (uint32_t d = 0; d < sh->decls.len; d++)
		if (strcmp(ir_str(sh, sh->decls.data[d].name), name) == 0)
			return d;
	fail_msg("no decl @%s", name);
	return 0;
}

static const char vs_text[] =
	"vertex\nattribute vec4 @p\noutput position\n"
	"varying smooth vec4 @a\nvarying smooth float @b\nvarying smooth float @c\n"
	"varying smooth float @d\nvarying flat float @e\nvarying smooth float @f\n"
	"varying smooth float @g\nlocal int @i\nlocal float @l\n"
	"%p = load @p\nstore @position, %p\n"
	/* @e: an integer loop counts to 3, then a select on i == 3 */
	"loop {\n%i = load @i\n%one = const int 1\n%j = iadd %i, %one\nstore @i, %j\n"
	"%three = const int 3\n%done = ige %j, %three\nif %done {\nbreak\n}\n}\n"
	"%n = load @i\n%k = const int 3\n%eq = ieq %n, %k\n%t = const float 0.25\n"
	"%u = const float 4\n%s = select %eq, %t, %u\nstore @e, %s\n"
	/* @a: a constant vector, stored under an if on a fixed condition */
	"if %eq {\n%va = const vec4 0, 1, 0, 1\nstore @a, %va\n} else {\n"
	"%vb = const vec4 1, 0, 0, 1\nstore @a, %vb\n}\n"
	/* @b: an attribute; @c: float arithmetic on constants */
	"%px = extract %p, 0\nstore @b, %px\n%h = const float 0.5\n%c2 = add %h, %h\n"
	"store @c, %c2\n"
	/* @d: a constant stored under an if on the attribute */
	"%z = const float 0\n%neg = flt %px, %z\nstore @d, %z\nif %neg {\n%m1 = const float -1\n"
	"store @d, %m1\n}\n"
	/* @g: a local a loop left on an attribute test stores a constant in */
	"loop {\n%q = const float 2\nstore @l, %q\n%big = fgt %px, %q\nif %big {\nbreak\n}\n"
	"break\n}\n%lv = load @l\nstore @g, %lv\n";

static void finds_fixed_varyings(void **state)
{
	(void)state;
	struct ir_shader *vs = parse(vs_text);
	bool *fixed = calloc(vs->decls.len, sizeof(*fixed));
	struct ir_slot_value *vals = ir_const_varyings(vs, fixed);
	assert_non_null(vals);
	assert_true(fixed[decl(vs, "a")]);
	assert_true(fixed[decl(vs, "e")]);
	const char *no[] = { "b", "c", "d", "f", "g", "p", "i", "l", "position" };
	for (unsigned k = 0; k < sizeof(no) / sizeof(no[0]); k++)
		assert_false(fixed[decl(vs, no[k])]);
	const union ir_scalar *a = vals[decl(vs, "a")].c;
	assert_true(a[0].f == 0.0f && a[1].f == 1.0f && a[2].f == 0.0f && a[3].f == 1.0f);
	assert_true(vals[decl(vs, "e")].c[0].f == 0.25f);
	free(vals);
	free(fixed);
	ir_shader_free(vs);
}

/* Without a fixed varying: NULL and nothing set. */
static void none_fixed(void **state)
{
	(void)state;
	struct ir_shader *vs = parse("vertex\nattribute vec4 @p\noutput position\n"
				     "varying smooth vec4 @a\n%p = load @p\nstore @position, %p\n"
				     "store @a, %p\n");
	bool fixed[4] = { true, true, true, true };
	assert_null(ir_const_varyings(vs, fixed));
	for (unsigned k = 0; k < vs->decls.len; k++)
		assert_false(fixed[k]);
	ir_shader_free(vs);
}

static void folds_loads(void **state)
{
	(void)state;
	struct ir_shader *fs = parse("fragment\nvarying smooth vec2 @a\nvarying smooth vec2 @b\n"
				     "output color\n%a = load @a\n%b = load @b\n%s = add %a, %b\n"
				     "%t = load @a\n%v = vec4 %s, %t\nstore @color, %v\n");
	const union ir_scalar val[2] = { { .f = 0.5f }, { .f = -2.0f } };
	assert_int_equal(ir_fold_varying(fs, decl(fs, "a"), val), 2);
	struct vc4_diag d = { 0 };
	assert_true(ir_validate(fs, &d));
	char *text = ir_print(fs);
	assert_string_equal(text,
		"fragment\nvarying smooth vec2 @a\nvarying smooth vec2 @b\noutput color\n\n"
		"%a = const vec2 0.5, -2\n%b = load @b\n%s = add %a, %b\n"
		"%t = const vec2 0.5, -2\n%v = vec4 %s, %t\nstore @color, %v\n");
	free(text);
	ir_shader_free(fs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(finds_fixed_varyings),
		cmocka_unit_test(none_fixed),
		cmocka_unit_test(folds_loads),
	};
	return cmocka_run_group_tests_name("ir_const_vary", tests, NULL, NULL);
}
