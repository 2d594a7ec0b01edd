/* test_qir_pack_clamp.c: the pack_clamp pass on small programs (exact QIR
 * text after one run): a clamp to [0, 1] (fmax then fmin, or fmin then
 * fmax, or a min with 1.0 alone) read only by a colour-pack move packs its
 * operand instead; kept:
 * a clamp to other bounds, a clamp read twice, a colour pack by an fmul
 * (not a move). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

static void dropped(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_pack_clamp, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfadd t0, u0, u1\n"
		"\tfmax t1, t0, 0\n"
		"\tfmin t2, t1, 1.0\n"
		"\tmmov t9.8ac, t2\n"
		"\tfmin t3, 1.0, u1\n"
		"\tfmax t4, t3, 0\n"
		"\tmmov t9.8bc, t4\n"
		"\tfmin t5, t0, 1.0\n"
		"\tmmov t9.8cc, t5\n"
		"\tmmov t9.8dc, t0\n"
		"\tmov tlb_color, t9\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfadd t0, u0, u1\n"
		"\tfmax t1, t0, 0\n"
		"\tfmin t2, t1, 1.0\n"
		"\tmmov t9.8ac, t0\n"
		"\tfmin t3, 1.0, u1\n"
		"\tfmax t4, t3, 0\n"
		"\tmmov t9.8bc, u1\n"
		"\tfmin t5, t0, 1.0\n"
		"\tmmov t9.8cc, t0\n"
		"\tmmov t9.8dc, t0\n"
		"\tmov tlb_color, t9\n");
}

static void kept(void **state)
{
	(void)state;
	static const char fs[] =
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfadd t0, u0, u1\n"
		"\tfmax t1, t0, 0\n"
		"\tfmin t2, t1, 2.0\n"
		"\tmmov t9.8ac, t2\n"
		"\tfmax t3, t0, 0\n"
		"\tfmin t4, t3, 1.0\n"
		"\tmmov t9.8bc, t4\n"
		"\tfmax t5, t4, t0\n"
		"\tfmax t6, t0, 0\n"
		"\tfmin t7, t6, 1.0\n"
		"\tfmul t9.8cc, t7, u1\n"
		"\tmmov t9.8dc, t5\n"
		"\tmov tlb_color, t9\n";
	qt_check_pass(qir_opt_pack_clamp, false, fs, fs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dropped),
		cmocka_unit_test(kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
