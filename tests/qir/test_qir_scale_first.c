/* test_qir_scale_first.c: the scale_first pass on small programs (exact
 * QIR text after one run): `(x + C) * K` with K a power of two becomes
 * `x * K + C * K`, the constant folded (a small immediate, or a constant
 * uniform); a sum read twice, a factor that is no power of two, a
 * conditional product stays. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

static void rewritten(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_scale_first, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x3e800000\n"
		"uniform u2 const 0x40400000\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfadd t1, t0, 1.0\n"
		"\tfmul t2, t1, 0.5\n"
		"\tfadd t3, u2, t0\n"
		"\tfmul t4, u1, t3\n"
		"\tfadd t5, t2, t4\n"
		"\tmov tlb_color, t5\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x3e800000\n"
		"uniform u2 const 0x40400000\n"
		"uniform u3 const 0x3f400000\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfmul t1, t0, 0.5\n"
		"\tfadd t2, t1, 0.5\n"
		"\tfmul t3, t0, u1\n"
		"\tfadd t4, t3, u3\n"
		"\tfadd t5, t2, t4\n"
		"\tmov tlb_color, t5\n");
}

static void kept(void **state)
{
	(void)state;
	static const char text[] =
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x40400000\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfadd t1, t0, 1.0\n"
		"\tfmul t2, t1, 0.5\n"
		"\tfadd t3, t2, t1\n"
		"\tfadd t4, t0, 2.0\n"
		"\tfmul t5, t4, u1\n"
		"\tfsub.sf -, t0, 1.0\n"
		"\tfadd t6, t0, 1.0\n"
		"\tmov t7, 0\n"
		"\tfmul.zs t7, t6, 0.5\n"
		"\tfadd t8, t3, t5\n"
		"\tfadd t9, t8, t7\n"
		"\tmov tlb_color, t9\n";
	qt_check_pass(qir_opt_scale_first, false, text, text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rewritten),
		cmocka_unit_test(kept),
	};
	return cmocka_run_group_tests_name("qir_scale_first", tests, NULL, NULL);
}
