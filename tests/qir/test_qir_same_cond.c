/* test_qir_same_cond.c: the same_cond pass on small programs (exact QIR
 * text after one run): a conditional write of what its temp already holds
 * from an unconditional write earlier in the block (same op and operands,
 * or the same constant by load_imm or mov) goes, and so does an
 * unconditional write of the constant already there; a write of another
 * value, one after an operand changed, and one in another block stay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

static void removed(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_same_cond, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfsub.sf -, u0, 1.0\n"
		"\tload_imm t0, 0x00000000\n"
		"\tmov.ns t0, 0\n"
		"\tfadd t1, u0, 1.0\n"
		"\tfadd t2, t1, t1\n"
		"\tfadd.ns t2, t1, t1\n"
		"\tfadd t3, t0, t2\n"
		"\tmov tlb_color, t3\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfsub.sf -, u0, 1.0\n"
		"\tload_imm t0, 0x00000000\n"
		"\tfadd t1, u0, 1.0\n"
		"\tfadd t2, t1, t1\n"
		"\tfadd t3, t0, t2\n"
		"\tmov tlb_color, t3\n");
}

/* An unconditional write of the constant already there (a local set again
 * before each inlined call) goes; one of another constant, or after the
 * temp was written with something else, stays. */
static void same_constant_again(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_same_cond, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfsub.sf -, u0, 1.0\n"
		"\tload_imm t0, 0xbf800000\n"
		"\tfmul t1, t0, u0\n"
		"\tload_imm t0, 0xbf800000\n"
		"\tfmul t2, t0, u0\n"
		"\tload_imm t0, 0x3f800000\n"
		"\tfmul t3, t0, t1\n"
		"\tmov t0, 0\n"
		"\tfadd t0, t0, t3\n"
		"\tmov t0, 0\n"
		"\tmov.ns t0, 0\n"
		"\tfadd t4, t0, t2\n"
		"\tmov tlb_color, t4\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfsub.sf -, u0, 1.0\n"
		"\tload_imm t0, 0xbf800000\n"
		"\tfmul t1, t0, u0\n"
		"\tfmul t2, t0, u0\n"
		"\tload_imm t0, 0x3f800000\n"
		"\tfmul t3, t0, t1\n"
		"\tmov t0, 0\n"
		"\tfadd t0, t0, t3\n"
		"\tmov t0, 0\n"
		"\tfadd t4, t0, t2\n"
		"\tmov tlb_color, t4\n");
}

/* The same constant under complementary conditions of the same flags is
 * one unconditional write (the select merge of two parts storing it); not
 * when the temp is read in between, the flags change in between, or the
 * constants differ. */
static void complementary(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_same_cond, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, 0\n"
		"\tmov t1, 0\n"
		"\tmov t3, 0\n"
		"\tmov t4, 0\n"
		"\tfsub.sf -, u0, 1.0\n"
		"\tmov.zs t0, 0.5\n"
		"\tmov.zc t0, 0.5\n"
		"\tmov.ns t1, 0.5\n"
		"\tfadd t2, t1, 1.0\n"
		"\tmov.nc t1, 0.5\n"
		"\tmov.zs t3, 1.0\n"
		"\tmov.zc t3, 2.0\n"
		"\tmov.zs t4, 1.0\n"
		"\tfsub.sf -, u0, 2.0\n"
		"\tmov.zc t4, 1.0\n"
		"\tfadd t5, t0, t1\n"
		"\tfadd t6, t5, t2\n"
		"\tfadd t7, t3, t4\n"
		"\tfadd t8, t6, t7\n"
		"\tmov tlb_color, t8\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, 0\n"
		"\tmov t1, 0\n"
		"\tmov t3, 0\n"
		"\tmov t4, 0\n"
		"\tfsub.sf -, u0, 1.0\n"
		"\tmov t0, 0.5\n"
		"\tmov.ns t1, 0.5\n"
		"\tfadd t2, t1, 1.0\n"
		"\tmov.nc t1, 0.5\n"
		"\tmov.zs t3, 1.0\n"
		"\tmov.zc t3, 2.0\n"
		"\tmov.zs t4, 1.0\n"
		"\tfsub.sf -, u0, 2.0\n"
		"\tmov.zc t4, 1.0\n"
		"\tfadd t5, t0, t1\n"
		"\tfadd t6, t5, t2\n"
		"\tfadd t7, t3, t4\n"
		"\tfadd t8, t6, t7\n"
		"\tmov tlb_color, t8\n");
}

static void kept(void **state)
{
	(void)state;
	const char *prog =
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfsub.sf -, u0, 1.0\n"
		"\tmov t0, 0\n"
		"\tmov.ns t0, 1.0\n"
		"\tmov t1, u0\n"
		"\tfadd t2, t1, t1\n"
		"\tfadd t1, t1, 1.0\n"
		"\tfadd.ns t2, t1, t1\n"
		"\tmov t4, 0\n"
		"\tbranch.all_zc b1\n"
		"block 1:\n"
		"\tmov.ns t4, 0\n"
		"\tfadd t3, t0, t2\n"
		"\tfadd t5, t3, t4\n"
		"\tmov tlb_color, t5\n";
	qt_check_pass(qir_opt_same_cond, false, prog, prog);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(removed),
		cmocka_unit_test(same_constant_again),
		cmocka_unit_test(complementary),
		cmocka_unit_test(kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
