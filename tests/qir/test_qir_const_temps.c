/* test_qir_const_temps.c: the const_temps pass on small programs (exact QIR
 * text after one run): a temp every definition of which writes one small
 * constant, directly or as a copy of such a temp (around a loop too),
 * becomes one load-immediate at the entry; a temp with a second value, a
 * definition of another kind, or a constant no small immediate encodes
 * stays. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

/* t0 and t1 are 0.5 in every write (t1 copies t0 in the loop, merged under
 * flags); t2 takes 0.5 and 1.0; t3 is written by an fadd; t4 holds a
 * constant no small immediate encodes. */
static void loop_merges(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_const_temps, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x12345678\n"
		"block 0:\n"
		"\tmov t0, 0.5\n"
		"\tmov t1, 0.5\n"
		"\tmov t2, 0.5\n"
		"\tmov t3, 0.5\n"
		"\tmov t4, u1\n"
		"block 1:\n"
		"\tfsub.sf -, u0, 1.0\n"
		"\tmov.zs t1, t0\n"
		"\tmov.zc t0, t1\n"
		"\tmov.zs t2, 1.0\n"
		"\tfadd t3, t3, 0.5\n"
		"\tmov.zs t4, u1\n"
		"\tbranch.all_zc b1\n"
		"block 2:\n"
		"\tfadd t5, t0, t1\n"
		"\tfadd t6, t2, t3\n"
		"\tfadd t7, t5, t6\n"
		"\tfadd t8, t7, t4\n"
		"\tmov tlb_color, t8\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x12345678\n"
		"block 0:\n"
		"\tload_imm t0, 0x3f000000\n"
		"\tload_imm t1, 0x3f000000\n"
		"\tmov t2, 0.5\n"
		"\tmov t3, 0.5\n"
		"\tmov t4, u1\n"
		"block 1:\n"
		"\tfsub.sf -, u0, 1.0\n"
		"\tmov.zs t2, 1.0\n"
		"\tfadd t3, t3, 0.5\n"
		"\tmov.zs t4, u1\n"
		"\tbranch.all_zc b1\n"
		"block 2:\n"
		"\tfadd t5, t0, t1\n"
		"\tfadd t6, t2, t3\n"
		"\tfadd t7, t5, t6\n"
		"\tfadd t8, t7, t4\n"
		"\tmov tlb_color, t8\n");
}

/* Single-definition temps are the other passes' (copy prop, constant
 * fold): nothing to do. */
static void single_definitions(void **state)
{
	(void)state;
	static const char text[] =
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, 0.5\n"
		"\tfadd t1, t0, u0\n"
		"\tmov tlb_color, t1\n";
	qt_check_pass(qir_opt_const_temps, false, text, text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(loop_merges),
		cmocka_unit_test(single_definitions),
	};
	return cmocka_run_group_tests_name("qir_const_temps", tests, NULL, NULL);
}
