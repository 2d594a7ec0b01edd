/* test_qir_vpm_order.c: the VPM read order pass on small programs (exact
 * QIR text after one run): a VS's reciprocal of the last word of a run
 * of reads is read first, under a setup of one word at its row, the rest
 * of the run after a second setup; kept: a coordinate shader, a
 * reciprocal of a word that is not the run's last, a run of one word, a
 * VS of more than one block; the words of direct reads' addresses first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

static void reordered(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_vpm_order, true,
		"qir vs\n"
		"block 0:\n"
		"\tload_imm vr_setup, 0x00401a00\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\tmov t2, vpm2\n"
		"\tmov t3, vpm3\n"
		"\trcp t4, t3\n"
		"\tload_imm vw_setup, 0x00001a00\n"
		"\tfmul t5, t0, t4\n"
		"\tfmul t6, t1, t4\n"
		"\tfmul t7, t2, t4\n"
		"\tmov vpm, t5\n"
		"\tmov vpm, t6\n"
		"\tmov vpm, t7\n",
		"qir vs\n"
		"block 0:\n"
		"\tload_imm vr_setup, 0x00101a03\n"
		"\tmov t3, vpm3\n"
		"\tload_imm vr_setup, 0x00301a00\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\tmov t2, vpm2\n"
		"\trcp t4, t3\n"
		"\tload_imm vw_setup, 0x00001a00\n"
		"\tfmul t5, t0, t4\n"
		"\tfmul t6, t1, t4\n"
		"\tfmul t7, t2, t4\n"
		"\tmov vpm, t5\n"
		"\tmov vpm, t6\n"
		"\tmov vpm, t7\n");
}

static void kept(void **state)
{
	(void)state;
	static const char cs[] =
		"qir cs\n"
		"block 0:\n"
		"\tload_imm vr_setup, 0x00201a00\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\trcp t2, t1\n"
		"\tload_imm vw_setup, 0x00001a00\n"
		"\tfmul t3, t0, t2\n"
		"\tmov vpm, t3\n";
	qt_check_pass(qir_opt_vpm_order, false, cs, cs);
	static const char not_last[] =
		"qir vs\n"
		"block 0:\n"
		"\tload_imm vr_setup, 0x00201a00\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\trcp t2, t0\n"
		"\tload_imm vw_setup, 0x00001a00\n"
		"\tfmul t3, t1, t2\n"
		"\tmov vpm, t3\n";
	qt_check_pass(qir_opt_vpm_order, false, not_last, not_last);
	static const char alone[] =
		"qir vs\n"
		"block 0:\n"
		"\tload_imm vr_setup, 0x00101a00\n"
		"\tmov t0, vpm0\n"
		"\trcp t1, t0\n"
		"\tload_imm vw_setup, 0x00001a00\n"
		"\tmov vpm, t1\n";
	qt_check_pass(qir_opt_vpm_order, false, alone, alone);
	static const char blocks[] =
		"qir vs\n"
		"block 0:\n"
		"\tload_imm vr_setup, 0x00201a00\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\trcp t2, t1\n"
		"\tload_imm vw_setup, 0x00001a00\n"
		"block 1:\n"
		"\tfmul t3, t0, t2\n"
		"\tmov vpm, t3\n";
	qt_check_pass(qir_opt_vpm_order, false, blocks, blocks);
}

/* A coordinate shader's words that direct reads' addresses come from (a
 * skinning VS's bone indices) are read first under a setup of their own;
 * the words before and after them in their run keep one setup each. */
static void address_words_first(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_vpm_order, true,
		"qir cs\n"
		"uniform u0 const 0x00000040\n"
		"uniform u1 ubo_addr 0\n"
		"block 0:\n"
		"\tload_imm vr_setup, 0x00601a00\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\tmov t2, vpm2\n"
		"\tmov t3, vpm3\n"
		"\tmov t4, vpm4\n"
		"\tmov t5, vpm5\n"
		"\tftoi t6, t2\n"
		"\tmax t7, t6, 0\n"
		"\tmin_noimm t8, t7, u0\n"
		"\ttex_direct t8, u1\n"
		"\tftoi t9, t3\n"
		"\tmax t10, t9, 0\n"
		"\tmin_noimm t11, t10, u0\n"
		"\ttex_direct t11, u1\n"
		"\tdirect_result t12\n"
		"\tdirect_result t13\n"
		"\tfmul t14, t12, t4\n"
		"\tfmul t15, t13, t5\n"
		"\tfadd t16, t14, t15\n"
		"\tfadd t17, t16, t0\n"
		"\tfadd t18, t17, t1\n"
		"\tload_imm vw_setup, 0x00001a00\n"
		"\tmov vpm, t18\n",
		"qir cs\n"
		"uniform u0 const 0x00000040\n"
		"uniform u1 ubo_addr 0\n"
		"block 0:\n"
		"\tload_imm vr_setup, 0x00201a02\n"
		"\tmov t2, vpm2\n"
		"\tmov t3, vpm3\n"
		"\tload_imm vr_setup, 0x00201a00\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\tload_imm vr_setup, 0x00201a04\n"
		"\tmov t4, vpm4\n"
		"\tmov t5, vpm5\n"
		"\tftoi t6, t2\n"
		"\tmax t7, t6, 0\n"
		"\tmin_noimm t8, t7, u0\n"
		"\ttex_direct t8, u1\n"
		"\tftoi t9, t3\n"
		"\tmax t10, t9, 0\n"
		"\tmin_noimm t11, t10, u0\n"
		"\ttex_direct t11, u1\n"
		"\tdirect_result t12\n"
		"\tdirect_result t13\n"
		"\tfmul t14, t12, t4\n"
		"\tfmul t15, t13, t5\n"
		"\tfadd t16, t14, t15\n"
		"\tfadd t17, t16, t0\n"
		"\tfadd t18, t17, t1\n"
		"\tload_imm vw_setup, 0x00001a00\n"
		"\tmov vpm, t18\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reordered),
		cmocka_unit_test(kept),
		cmocka_unit_test(address_words_first),
	};
	return cmocka_run_group_tests_name("qir_vpm_order", tests, NULL, NULL);
}
