/* test_qir_neg_sum.c: the neg_sum pass on small programs (exact QIR text
 * after one run): a sum reading a single-use product with a negated factor
 * (`xor u, 0x80000000`) multiplies by u and subtracts instead (an fadd's
 * product first or second; an fsub adds); a product read twice, a product
 * without a negated factor and a flag-setting add stay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

/* dot(n, -u) over three components: (-u0)*n0 + (-u1)*n1 + (-u2)*n2, the
 * first product first in its add; then a - (-u0)*n0. */
static void moves_negation(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_neg_sum, true,
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 user 2\n"
		"uniform u3 const 0x80000000\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\txor t2, u0, u3\n"
		"\txor t3, u1, u3\n"
		"\txor t4, u3, u2\n"
		"\tfmul t5, t2, t0\n"
		"\tfmul t6, t1, t3\n"
		"\tfmul t7, t4, t0\n"
		"\tfadd t8, t5, t6\n"
		"\tfadd t9, t8, t7\n"
		"\tmov vpm, t9\n"
		"\tfmul t10, t2, t1\n"
		"\tfsub t11, t1, t10\n"
		"\tmov vpm, t11\n",
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 user 2\n"
		"uniform u3 const 0x80000000\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\tmov t1, vpm1\n"
		"\txor t2, u0, u3\n"
		"\txor t3, u1, u3\n"
		"\txor t4, u3, u2\n"
		"\tfmul t5, t2, t0\n"
		"\tfmul t6, t1, u1\n"
		"\tfmul t7, u2, t0\n"
		"\tfsub t8, t5, t6\n"
		"\tfsub t9, t8, t7\n"
		"\tmov vpm, t9\n"
		"\tfmul t10, u0, t1\n"
		"\tfadd t11, t1, t10\n"
		"\tmov vpm, t11\n");
}

/* A product read twice, an xor with another constant, a flag-setting add
 * and a negated product first in an fsub stay. */
static const char keep_text[] =
	"qir vs\n"
	"uniform u0 user 0\n"
	"uniform u1 const 0x80000000\n"
	"uniform u2 const 0x7fffffff\n"
	"block 0:\n"
	"\tmov t0, vpm0\n"
	"\txor t1, u0, u1\n"
	"\tfmul t2, t1, t0\n"
	"\tfadd t3, t0, t2\n"
	"\tmov vpm, t3\n"
	"\tmov vpm, t2\n"
	"\txor t4, u0, u2\n"
	"\tfmul t5, t4, t0\n"
	"\tfadd t6, t0, t5\n"
	"\tmov vpm, t6\n"
	"\tfmul t7, t1, t0\n"
	"\tfadd.sf t8, t0, t7\n"
	"\tmov vpm, t8\n"
	"\tfmul t9, t1, t0\n"
	"\tfsub t10, t9, t0\n"
	"\tmov vpm, t10\n";

static void keeps(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_neg_sum, false, keep_text, keep_text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(moves_negation),
		cmocka_unit_test(keeps),
	};
	return cmocka_run_group_tests_name("qir_neg_sum", tests, NULL, NULL);
}
