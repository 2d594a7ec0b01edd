/* test_qir_dead_flags.c: the dead_flags pass on small programs (exact QIR
 * text after one run): updates nothing reads lose their .sf, in a block,
 * across blocks and around a loop; updates read later, on any path, keep
 * it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

/* An update overwritten before any read, one at the program's end, and
 * one before a thread switch lose .sf; the one the condition reads keeps
 * it. */
static void dead_in_a_block(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_dead_flags, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub.sf -, u1, u0\n"
		"\tthrsw\n"
		"\tfsub.sf t0, u0, u1\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov t1, u0\n"
		"\tmov.zs t1, u1\n"
		"\tmov tlb_color, t1\n"
		"\tfadd.sf t2, t0, u1\n"
		"\tmov tlb_color, t2\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub -, u1, u0\n"
		"\tthrsw\n"
		"\tfsub t0, u0, u1\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov t1, u0\n"
		"\tmov.zs t1, u1\n"
		"\tmov tlb_color, t1\n"
		"\tfadd t2, t0, u1\n"
		"\tmov tlb_color, t2\n");
}

/* Flags read in a later block (a branch, or a condition after a block with
 * no update) stay; a conditional update ends no live range. */
static void live_across_blocks(void **state)
{
	(void)state;
	const char *kept =
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov t0, u0\n"
		"block 1:\n"
		"\tmov.zs.sf t0, u1\n"
		"\tbranch.any_zs b3\n"
		"block 2:\n"
		"\tmov t0, 1.0\n"
		"block 3:\n"
		"\tmov.ns t0, 0\n"
		"\tmov tlb_color, t0\n";
	qt_check_pass(qir_opt_dead_flags, false, kept, kept);
}

/* Around a loop: the update at the end of the body is read at its top on
 * the next pass (kept); one the body's own update overwrites first on
 * every path is dead. */
static void loop_back_edge(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_dead_flags, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub.sf -, u1, u0\n"
		"\tmov t0, u0\n"
		"block 1:\n"
		"\tmov.zs t0, u1\n"
		"\tfsub.sf t1, t0, u1\n"
		"\tfadd.sf -, t1, u0\n"
		"\tbranch.any_ns b1\n"
		"block 2:\n"
		"\tmov tlb_color, t1\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub.sf -, u1, u0\n"
		"\tmov t0, u0\n"
		"block 1:\n"
		"\tmov.zs t0, u1\n"
		"\tfsub t1, t0, u1\n"
		"\tfadd.sf -, t1, u0\n"
		"\tbranch.any_ns b1\n"
		"block 2:\n"
		"\tmov tlb_color, t1\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dead_in_a_block),
		cmocka_unit_test(live_across_blocks),
		cmocka_unit_test(loop_back_edge),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
