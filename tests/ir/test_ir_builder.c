/* test_ir_builder.c: the builder's value names (ir_builder.c), whose hash
 * is filled only when a name is looked up — numbers for unnamed values,
 * explicit names of digits taking numbers away, numbers carrying into a
 * new digit, duplicates reported,
 * lookups after unnamed values — and ir_builder_reserve's room. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir.h"
#include "ir/ir_builder.h"
#include "ir/ir_internal.h"   /* ir_builder_shader */

/* The name of value v of the builder's shader. */
static const char *value_name(struct ir_builder *b, uint32_t v)
{
	const struct ir_shader *sh = ir_builder_shader(b);
	return sh->strings.data + sh->values.data[v].name;
}

/* Unnamed values count up; lookups see values made before them. */
static void numbers_and_lookups(void **state)
{
	(void)state;
	struct ir_builder *b = ir_builder_create(IR_STAGE_FRAGMENT, "api");
	uint32_t v[40];
	for (int i = 0; i < 40; i++)     /* more than the first hash table holds */
		v[i] = ir_build_constf(b, (float)i);
	assert_string_equal(value_name(b, v[0]), "0");
	assert_string_equal(value_name(b, v[39]), "39");
	assert_int_equal(ir_builder_lookup(b, "17", 2), v[17]);
	assert_int_equal(ir_builder_lookup(b, "40", 2), IR_NONE);
	uint32_t w = ir_build_constf(b, 1.0f);      /* made after a lookup */
	assert_int_equal(ir_builder_lookup(b, "40", 2), w);
	assert_true(ir_builder_name_next(b, "x.y", 3));
	uint32_t x = ir_build_constf(b, 2.0f);
	assert_string_equal(value_name(b, x), "x.y");
	assert_int_equal(ir_builder_lookup(b, "x.y", 3), x);
	assert_string_equal(value_name(b, ir_build_constf(b, 3.0f)), "41");
	assert_null(ir_builder_error(b));
	ir_builder_destroy(b);
}

/* The numbers of unnamed values carry into a new digit ("9" -> "10",
 * "999" -> "1000"), and a name of digits past a carry is skipped. */
static void numbers_carry(void **state)
{
	(void)state;
	struct ir_builder *b = ir_builder_create(IR_STAGE_FRAGMENT, "api");
	char want[16];
	for (uint32_t i = 0; i < 1001; i++) {
		uint32_t v = ir_build_constf(b, (float)i);
		snprintf(want, sizeof(want), "%u", (unsigned)i);
		assert_string_equal(value_name(b, v), want);
	}
	assert_true(ir_builder_name_next(b, "1001", 4));
	ir_build_constf(b, 0.0f);
	assert_string_equal(value_name(b, ir_build_constf(b, 1.0f)), "1002");
	assert_null(ir_builder_error(b));
	ir_builder_destroy(b);
}

/* A name of digits takes that number from the unnamed values after it; a
 * number or name already used is reported. */
static void digit_names(void **state)
{
	(void)state;
	struct ir_builder *b = ir_builder_create(IR_STAGE_FRAGMENT, "api");
	ir_build_constf(b, 0.0f);                   /* %0 */
	assert_true(ir_builder_name_next(b, "2", 1));
	uint32_t two = ir_build_constf(b, 2.0f);
	assert_string_equal(value_name(b, two), "2");
	assert_string_equal(value_name(b, ir_build_constf(b, 1.0f)), "1");
	assert_string_equal(value_name(b, ir_build_constf(b, 3.0f)), "3");   /* 2 is taken */
	assert_int_equal(ir_builder_lookup(b, "2", 1), two);
	assert_false(ir_builder_name_next(b, "3", 1));
	assert_string_equal(ir_builder_error(b), "api: instr 4: '%3' is already defined");
	ir_builder_destroy(b);
	b = ir_builder_create(IR_STAGE_FRAGMENT, "api");
	ir_build_constf(b, 0.0f);
	assert_false(ir_builder_name_next(b, "0", 1));   /* an unnamed value's number */
	assert_string_equal(ir_builder_error(b), "api: instr 1: '%0' is already defined");
	ir_builder_destroy(b);
}

/* After ir_builder_reserve(n), n instructions and values go in without the
 * arrays moving. */
static void reserve_room(void **state)
{
	(void)state;
	struct ir_builder *b = ir_builder_create(IR_STAGE_FRAGMENT, "api");
	ir_builder_reserve(b, 300);
	const struct ir_shader *sh = ir_builder_shader(b);
	const struct ir_instr *instrs = sh->instrs.data;
	const struct ir_value *values = sh->values.data;
	const char *strings = sh->strings.data;
	assert_non_null(instrs);
	for (int i = 0; i < 300; i++)
		ir_build_constf(b, (float)i);
	assert_int_equal(sh->instrs.len, 300);
	assert_ptr_equal(sh->instrs.data, instrs);
	assert_ptr_equal(sh->values.data, values);
	assert_ptr_equal(sh->strings.data, strings);
	assert_null(ir_builder_error(b));
	ir_builder_destroy(b);
}

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(numbers_and_lookups),
		cmocka_unit_test(digit_names),
		cmocka_unit_test(numbers_carry),
		cmocka_unit_test(reserve_room),
	};
	return cmocka_run_group_tests_name("ir_builder", tests, NULL, NULL);
}
