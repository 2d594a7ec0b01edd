/* test_qir_vpm_reads.c: the VPM-read fold on small programs (exact QIR
 * text after one run): a VPM read copied into a temp that one instruction
 * reads becomes that instruction's operand, the consumer moving up to the
 * read's place when other VPM reads come between; kept: a copy read twice,
 * a consumer reading the copy through an unpack, a consumer whose result
 * waits for an SFU result anyway, a consumer with another VPM operand, a
 * consumer setting flags, a fragment shader. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

static void folded(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_vpm_reads, true,
		"qir vs\n"
		"uniform u0 viewport_x_scale 0\n"
		"uniform u1 viewport_y_scale 0\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\tfmul t2, t0, u0\n"
		"\tfmul t3, t1, u1\n"
		"\tftoi t4.16a, t2\n"
		"\tftoi t4.16b, t3\n"
		"\tmov vpm, t4\n",
		"qir vs\n"
		"uniform u0 viewport_x_scale 0\n"
		"uniform u1 viewport_y_scale 0\n"
		"block 0:\n"
		"\tfmul t2, vpm0, u0\n"
		"\tfmul t3, vpm1, u1\n"
		"\tftoi t4.16a, t2\n"
		"\tftoi t4.16b, t3\n"
		"\tmov vpm, t4\n");
}

static void kept(void **state)
{
	(void)state;
	static const char text[] =
		"qir vs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\tmov t2, vpm2\n"
		"\tmov t3, vpm3\n"
		"\tmov t4, vpm4\n"
		"\tfadd t5, t0, t0\n"
		"\tfmul t6, t1.16a, u0\n"
		"\trcp t7, t2\n"
		"\tfmul t8, t3, u0\n"
		"\tfmul t9, t8, t7\n"
		"\tmov vpm, t5\n"
		"\tfadd.sf t10, t4, u0\n"
		"\tmov vpm, t6\n"
		"\tmov vpm, t9\n"
		"\tmov vpm, t10\n";
	qt_check_pass(qir_opt_vpm_reads, false, text, text);
	static const char second_fifo[] =
		"qir vs\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tfadd t1, t0, vpm1\n"
		"\tmov vpm, t1\n";
	qt_check_pass(qir_opt_vpm_reads, false, second_fifo, second_fifo);
}

/* Nothing VPM between the copy and its reader: the read moves down. */
static void moved_down(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_vpm_reads, true,
		"qir cs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tfmul t1, u0, u0\n"
		"\tfadd t2, t1, t0\n"
		"\tmov vpm, t2\n",
		"qir cs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfmul t1, u0, u0\n"
		"\tfadd t2, t1, vpm0\n"
		"\tmov vpm, t2\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(folded),
		cmocka_unit_test(kept),
		cmocka_unit_test(moved_down),
	};
	return cmocka_run_group_tests_name("qir_vpm_reads", tests, NULL, NULL);
}
