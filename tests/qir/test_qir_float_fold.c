/* test_qir_float_fold.c: the float_fold pass on small programs (exact QIR
 * text after one run): fadd, fsub and fmul of two normal constants (small
 * immediates, constant uniforms, load_imm temps) become a load_imm of the
 * exact result; kept: results that need rounding (a third squared, plus
 * 1), a zero result, a denormal operand, an overflow,
 * a conditional or flag-setting instruction, an unpack, a user uniform. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

static void folded(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_float_fold, true,
		"qir fs\n"
		"uniform u0 const 0x3f000000\n"
		"uniform u1 const 0x40400000\n"
		"uniform u2 user 0\n"
		"block 0:\n"
		"\tfsub t0, 1.0, u0\n"
		"\tload_imm t1, 0x3fc00000\n"
		"\tfmul t2, t1, u1\n"
		"\tfadd t3, t1, 2.0\n"
		"\tfadd t4, t0, u2\n"
		"\tfadd t5, t4, t3\n"
		"\tmov tlb_color, t5\n",
		"qir fs\n"
		"uniform u0 const 0x3f000000\n"
		"uniform u1 const 0x40400000\n"
		"uniform u2 user 0\n"
		"block 0:\n"
		"\tload_imm t0, 0x3f000000\n"
		"\tload_imm t1, 0x3fc00000\n"
		"\tload_imm t2, 0x40900000\n"
		"\tload_imm t3, 0x40600000\n"
		"\tfadd t4, t0, u2\n"
		"\tfadd t5, t4, t3\n"
		"\tmov tlb_color, t5\n");
}

static void kept(void **state)
{
	(void)state;
	static const char text[] =
		"qir fs\n"
		"uniform u0 const 0x3eaaaaab\n"
		"uniform u1 const 0x00400000\n"
		"uniform u2 const 0x7f000000\n"
		"uniform u3 user 0\n"
		"block 0:\n"
		"\tfmul t0, u0, u0\n"
		"\tfadd t1, u0, 1.0\n"
		"\tfsub t2, 1.0, 1.0\n"
		"\tfmul t3, u1, 2.0\n"
		"\tfmul t4, u2, 4.0\n"
		"\tload_imm t16, 0x40000000\n"
		"\tfsub.sf t5, t16, 1.0\n"
		"\tfadd.ns t5, t16, 1.0\n"
		"\tload_imm t6, 0x3f803f80\n"
		"\tfadd t7, t6.16a, 1.0\n"
		"\tfmul t8, u3, 2.0\n"
		"\tfadd t9, t0, t1\n"
		"\tfadd t10, t2, t3\n"
		"\tfadd t11, t4, t5\n"
		"\tfadd t12, t7, t8\n"
		"\tfadd t13, t9, t10\n"
		"\tfadd t14, t11, t12\n"
		"\tfadd t15, t13, t14\n"
		"\tmov tlb_color, t15\n";
	qt_check_pass(qir_opt_float_fold, false, text, text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(folded),
		cmocka_unit_test(kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
