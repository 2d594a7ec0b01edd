/*
 * test_regalloc_doc.c: compiles and runs the example of docs/regalloc.md
 * (extracted at build time into regalloc_example.h), so the documented API
 * usage cannot rot.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "regalloc_example.h"

static void doc_example_colours_as_documented(void **state)
{
	(void)state;
	struct vc4_diag d = {0};
	uint32_t single = RA_NO_CLASS, pair = RA_NO_CLASS;
	struct ra_set *set = toy_set(&single, &pair, &d);
	assert_non_null(set);
	assert_int_equal(ra_class_q(set, single, pair), 2);
	assert_int_equal(ra_class_q(set, pair, single), 1);
	uint32_t regs[3], spill = 0;
	assert_true(toy_allocate(set, single, pair, regs, &spill, &d));
	assert_false(d.set);
	assert_int_equal(regs[0], S1);
	assert_int_equal(regs[1], S0);
	assert_int_equal(regs[2], D23);
	assert_int_equal(spill, RA_NO_NODE);
	ra_set_destroy(set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(doc_example_colours_as_documented),
	};
	return cmocka_run_group_tests_name("regalloc_doc", tests, NULL, NULL);
}
