/* test_qir_cond_pair.c: the cond_pair pass on small programs (exact QIR
 * text after one run): a conditional write followed, under the same flags,
 * by the complementary write of the same temp becomes unconditional (ZS/ZC
 * and NC/NS, an operation and a mov); kept: a flag update between, a read
 * of the temp between, a second write reading the temp, the same condition
 * twice, a packed write, writes in two blocks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

static void paired(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_cond_pair, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t0, 0\n"
		"\tmov t1, 0\n"
		"\txor.sf -, u0, 1\n"
		"\tmov.zs t0, 0.25\n"
		"\tfadd t2, u1, 1.0\n"
		"\tmov.zc t0, 0.5\n"
		"\tfsub.sf -, u1, 1.0\n"
		"\tfadd.nc t1, t2, u1\n"
		"\tmov.ns t1, t2\n"
		"\tfadd t3, t0, t1\n"
		"\tmov tlb_color, t3\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t0, 0\n"
		"\tmov t1, 0\n"
		"\txor.sf -, u0, 1\n"
		"\tmov t0, 0.25\n"
		"\tfadd t2, u1, 1.0\n"
		"\tmov.zc t0, 0.5\n"
		"\tfsub.sf -, u1, 1.0\n"
		"\tfadd t1, t2, u1\n"
		"\tmov.ns t1, t2\n"
		"\tfadd t3, t0, t1\n"
		"\tmov tlb_color, t3\n");
}

static void kept(void **state)
{
	(void)state;
	static const char text[] =
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t0, 0\n"
		"\tmov t1, 0\n"
		"\tmov t2, 0\n"
		"\tmov t3, 0\n"
		"\tmov t5, 0\n"
		"\tmov t6, 0\n"
		"\txor.sf -, u0, 1\n"
		"\tmov.zs t0, 0.25\n"
		"\tfsub.sf -, u1, 1.0\n"
		"\tmov.zc t0, 0.5\n"
		"\tmov.ns t1, 0.25\n"
		"\tfadd t4, t1, u1\n"
		"\tmov.nc t1, 0.5\n"
		"\tmov.ns t2, 0.25\n"
		"\tfadd.nc t2, t2, u1\n"
		"\tmov.ns t3, 0.25\n"
		"\tmov.ns t3, 0.5\n"
		"\tmov.ns t5.16a, 1\n"
		"\tmov.nc t5.16a, 2\n"
		"\tmov.ns t6, 0.25\n"
		"\tbranch.all_zc b1\n"
		"block 1:\n"
		"\tmov.nc t6, 0.5\n"
		"\tfadd t7, t0, t1\n"
		"\tfadd t8, t2, t3\n"
		"\tfadd t9, t7, t8\n"
		"\tfadd t10, t9, t4\n"
		"\tfadd t11, t10, t5\n"
		"\tfadd t12, t11, t6\n"
		"\tmov tlb_color, t12\n";
	qt_check_pass(qir_opt_cond_pair, false, text, text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(paired),
		cmocka_unit_test(kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
