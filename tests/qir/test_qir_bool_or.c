/* test_qir_bool_or.c: the bool_or pass on small programs (exact QIR text
 * after one run): `or` of two 0/~0 comparison temps (`load_imm 0` or `mov
 * 0`, then `mov.C -1`) becomes one temp set under either condition; kept:
 * a boolean read elsewhere too, a boolean with a third write, an or that
 * sets the flags. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "qir_test.h"

static void merged(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_bool_or, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tload_imm t0, 0x00000000\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov.ns t0, -1\n"
		"\tmov t1, 0\n"
		"\tfsub.sf -, u1, 1.0\n"
		"\tmov.ns t1, -1\n"
		"\tor t2, t0, t1\n"
		"\tmov.sf -, t2\n"
		"\tmov t3, u0\n"
		"\tmov.zc t3, u1\n"
		"\tmov tlb_color, t3\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tload_imm t2, 0x00000000\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov.ns t2, -1\n"
		"\tfsub.sf -, u1, 1.0\n"
		"\tmov.ns t2, -1\n"
		"\tmov.sf -, t2\n"
		"\tmov t3, u0\n"
		"\tmov.zc t3, u1\n"
		"\tmov tlb_color, t3\n");
}

static void kept(void **state)
{
	(void)state;
	static const char *const bodies[] = {
		/* t0 read by the add too */
		"\tload_imm t0, 0x00000000\n\tfsub.sf -, u0, u1\n\tmov.ns t0, -1\n"
		"\tmov t1, 0\n\tfsub.sf -, u1, 1.0\n\tmov.ns t1, -1\n\tor t2, t0, t1\n"
		"\tadd t4, t2, t0\n",
		/* t1 written a third time */
		"\tload_imm t0, 0x00000000\n\tfsub.sf -, u0, u1\n\tmov.ns t0, -1\n"
		"\tmov t1, 0\n\tfsub.sf -, u1, 1.0\n\tmov.ns t1, -1\n\tmov.zs t1, -1\n"
		"\tor t2, t0, t1\n\tmov t4, t2\n",
		/* the or sets the flags */
		"\tload_imm t0, 0x00000000\n\tfsub.sf -, u0, u1\n\tmov.ns t0, -1\n"
		"\tmov t1, 0\n\tfsub.sf -, u1, 1.0\n\tmov.ns t1, -1\n\tor.sf t2, t0, t1\n"
		"\tmov t4, u0\n\tmov.zc t4, t2\n",
	};
	for (size_t k = 0; k < sizeof(bodies) / sizeof(bodies[0]); k++) {
		char text[1024];
		snprintf(text, sizeof(text),
			 "qir fs\n"
			 "uniform u0 user 0\n"
			 "uniform u1 user 1\n"
			 "block 0:\n"
			 "%s"
			 "\tmov tlb_color, t4\n", bodies[k]);
		qt_check_pass(qir_opt_bool_or, false, text, text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(merged),
		cmocka_unit_test(kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
