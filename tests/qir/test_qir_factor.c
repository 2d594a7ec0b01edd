/* test_qir_factor.c: the factor pass on small programs (exact QIR text
 * after one run): a*b + a*c and a*b - a*c of single-use products take the
 * common factor out (the sum goes before the add, which becomes the
 * multiply); products read twice, products without a common operand,
 * flag-setting adds and sums of two different small immediates stay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

/* 0.2 * c + k * c over a uniform c, and x * p - q * x over a temp x. */
static void factors(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_factor, true,
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 const 0x3e4ccccd\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tfmul t1, u2, u0\n"
		"\tfmul t2, t0, u0\n"
		"\tfadd t3, t1, t2\n"
		"\tmov vpm, t3\n"
		"\tfmul t4, t0, u1\n"
		"\tfmul t5, t3, t0\n"
		"\tfsub t6, t4, t5\n"
		"\tmov vpm, t6\n",
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 const 0x3e4ccccd\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tfmul t1, u2, u0\n"
		"\tfmul t2, t0, u0\n"
		"\tfadd t7, u2, t0\n"
		"\tfmul t3, u0, t7\n"
		"\tmov vpm, t3\n"
		"\tfmul t4, t0, u1\n"
		"\tfmul t5, t3, t0\n"
		"\tfsub t8, u1, t3\n"
		"\tfmul t6, t0, t8\n"
		"\tmov vpm, t6\n");
}

/* A chain x*a + x*b + x*c factors in one run: the first sum's product
 * counts as a product of x for the second. */
static void chain(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_factor, true,
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 user 2\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tfmul t1, t0, u0\n"
		"\tfmul t2, t0, u1\n"
		"\tfadd t3, t1, t2\n"
		"\tfmul t4, t0, u2\n"
		"\tfadd t5, t3, t4\n"
		"\tmov vpm, t5\n",
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 user 2\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tfmul t1, t0, u0\n"
		"\tfmul t2, t0, u1\n"
		"\tfadd t6, u0, u1\n"
		"\tfmul t3, t0, t6\n"
		"\tfmul t4, t0, u2\n"
		"\tfadd t7, t6, u2\n"
		"\tfmul t5, t0, t7\n"
		"\tmov vpm, t5\n");
}

/* A product read twice, products with no common operand, a flag-setting
 * add and a conditional product stay. */
static void kept(void **state)
{
	(void)state;
	const char *prog =
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tfmul t1, t0, u0\n"
		"\tfmul t2, t0, u1\n"
		"\tfadd t3, t1, t2\n"
		"\tmov vpm, t3\n"
		"\tmov vpm, t1\n"
		"\tfmul t4, t0, t0\n"
		"\tfmul t5, u0, u1\n"
		"\tfadd t6, t4, t5\n"
		"\tmov vpm, t6\n"
		"\tfmul t7, t0, u0\n"
		"\tfmul t8, t0, u1\n"
		"\tfadd.sf t9, t7, t8\n"
		"\tmov vpm, t9\n"
		"\tmov t10, t0\n"
		"\tfmul.zs t10, t0, u0\n"
		"\tfmul t11, t0, u1\n"
		"\tfadd t12, t10, t11\n"
		"\tmov vpm, t12\n";
	qt_check_pass(qir_opt_factor, false, prog, prog);
}

/* x*0.5 + x*0.25 stays: the sum would read two different small
 * immediates, which no instruction can (random fragment program 19767
 * failed to compile); x*0.5 + x*0.5 factors, one immediate read twice. */
static void small_immediates(void **state)
{
	(void)state;
	const char *two =
		"qir vs\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tfmul t1, t0, 0.5\n"
		"\tfmul t2, t0, 0.25\n"
		"\tfadd t3, t1, t2\n"
		"\tmov vpm, t3\n";
	qt_check_pass(qir_opt_factor, false, two, two);
	qt_check_pass(qir_opt_factor, true,
		"qir vs\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tfmul t1, t0, 0.5\n"
		"\tfmul t2, 0.5, t0\n"
		"\tfsub t3, t1, t2\n"
		"\tmov vpm, t3\n",
		"qir vs\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tfmul t1, t0, 0.5\n"
		"\tfmul t2, 0.5, t0\n"
		"\tfsub t4, 0.5, 0.5\n"
		"\tfmul t3, t0, t4\n"
		"\tmov vpm, t3\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(factors),
		cmocka_unit_test(chain),
		cmocka_unit_test(kept),
		cmocka_unit_test(small_immediates),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
