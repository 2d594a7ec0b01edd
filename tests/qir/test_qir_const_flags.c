/* test_qir_const_flags.c: the const_flags pass on small programs (exact
 * QIR text after one run): conditions on flags a constant set become
 * unconditional or disappear; carry conditions, branches, flags after a
 * thread switch or a later update, and non-constant setters stay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

/* 6 == 6 (xor gives 0: Z set, N clear) decides zs/zc/ns/nc; a carry
 * condition stays; a non-constant update ends the known flags. */
static void decided(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_const_flags, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\txor.sf -, 6, 6\n"
		"\tmov t0, 0\n"
		"\tmov.zs t0, 1.0\n"
		"\tmov.zc t0, 2.0\n"
		"\tmov.ns t0, 4.0\n"
		"\tmov t1, 0\n"
		"\tmov.nc t1, u0\n"
		"\tmov.cs t1, 0\n"
		"\tmov.sf -, u0\n"
		"\tmov.zs t0, 8.0\n"
		"\tfadd t2, t0, t1\n"
		"\tmov tlb_color, t2\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\txor.sf -, 6, 6\n"
		"\tmov t0, 0\n"
		"\tmov t0, 1.0\n"
		"\tmov t1, 0\n"
		"\tmov t1, u0\n"
		"\tmov.cs t1, 0\n"
		"\tmov.sf -, u0\n"
		"\tmov.zs t0, 8.0\n"
		"\tfadd t2, t0, t1\n"
		"\tmov tlb_color, t2\n");
}

/* sub 1 - 2 (a constant uniform) is negative (N set); a thread switch forgets the flags. */
static void negative_and_thrsw(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_const_flags, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x00000002\n"
		"block 0:\n"
		"\tsub.sf -, 1, u1\n"
		"\tmov t0, 0\n"
		"\tmov.ns t0, u0\n"
		"\tthrsw\n"
		"\tmov.ns t0, 1.0\n"
		"\tmov tlb_color, t0\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x00000002\n"
		"block 0:\n"
		"\tsub.sf -, 1, u1\n"
		"\tmov t0, 0\n"
		"\tmov t0, u0\n"
		"\tthrsw\n"
		"\tmov.ns t0, 1.0\n"
		"\tmov tlb_color, t0\n");
}

/* A float setter and a setter of a non-constant are not decided. */
static void kept(void **state)
{
	(void)state;
	const char *prog =
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfsub.sf -, 1.0, 1.0\n"
		"\tmov t0, 0\n"
		"\tmov.zs t0, u0\n"
		"\txor.sf -, u0, 6\n"
		"\tmov.zs t0, 1.0\n"
		"\tmov tlb_color, t0\n";
	qt_check_pass(qir_opt_const_flags, false, prog, prog);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(decided),
		cmocka_unit_test(negative_and_thrsw),
		cmocka_unit_test(kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
