/* test_qir_pull_factor.c: the pull_factor pass on small programs (exact
 * QIR text after one run): in a sum of two single-use products by
 * constants (uniforms, small immediates) of single-use products sharing a
 * factor, that factor moves up (`(x*s)*p + (y*s)*q` → `(x*p)*s + (y*q)*s`,
 * for `factor` to take out); a product read twice, a non-constant outer
 * operand or inner products without a common factor stay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

static void pulled(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_pull_factor, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 user 2\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\trsq t1, t0\n"
		"\tfmul t2, t0, t1\n"
		"\tfmul t3, u1, t2\n"
		"\tfadd t7, t0, 1.0\n"
		"\tfmul t4, t1, t7\n"
		"\tfmul t5, t4, u2\n"
		"\tfadd t6, t3, t5\n"
		"\tmov tlb_color, t6\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 user 2\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\trsq t1, t0\n"
		"\tfmul t2, t0, u1\n"
		"\tfmul t3, t1, t2\n"
		"\tfadd t7, t0, 1.0\n"
		"\tfmul t4, u2, t7\n"
		"\tfmul t5, t4, t1\n"
		"\tfadd t6, t3, t5\n"
		"\tmov tlb_color, t6\n");
}

static void kept(void **state)
{
	(void)state;
	static const char text[] =
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\trsq t1, t0\n"
		"\tfmul t2, t0, t1\n"
		"\tfmul t3, u1, t2\n"
		"\tfmul t4, t1, t0\n"
		"\tfmul t5, t4, u1\n"
		"\tfadd t6, t3, t5\n"
		"\tfadd t7, t6, t2\n"
		"\tfmul t8, t0, t0\n"
		"\tfmul t9, t8, t0\n"
		"\tfmul t10, t0, 0.5\n"
		"\tfmul t11, t10, u1\n"
		"\tfadd t12, t9, t11\n"
		"\tfadd t13, t7, t12\n"
		"\tmov tlb_color, t13\n";
	qt_check_pass(qir_opt_pull_factor, false, text, text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pulled),
		cmocka_unit_test(kept),
	};
	return cmocka_run_group_tests_name("qir_pull_factor", tests, NULL, NULL);
}
