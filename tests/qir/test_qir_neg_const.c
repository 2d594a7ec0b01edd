/* test_qir_neg_const.c: the neg_const pass on small programs (exact QIR
 * text after one run): a product of a negated value (`xor u, 0x80000000`)
 * and a constant multiplies u by the negated constant (a constant uniform,
 * a small immediate's negation as a new uniform), a product of two
 * negations multiplies the un-negated values; a product of a negation and
 * a non-constant, an xor with another constant and a conditional xor
 * stay. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

/* exp(-x) as exp2((-x) * log2(e)), (-x) * 2.0 and (-x) * (-y). */
static void folds_negation(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_neg_const, true,
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x80000000\n"
		"uniform u2 const 0x3fb8aa3b\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\txor t1, t0, u1\n"
		"\tfmul t2, t1, u2\n"
		"\tmov vpm, t2\n"
		"\tfmul t3, 2.0, t1\n"
		"\tmov vpm, t3\n"
		"\txor t4, u1, u0\n"
		"\tfmul t5, t1, t4\n"
		"\tmov vpm, t5\n",
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x80000000\n"
		"uniform u2 const 0x3fb8aa3b\n"
		"uniform u3 const 0xbfb8aa3b\n"
		"uniform u4 const 0xc0000000\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\txor t1, t0, u1\n"
		"\tfmul t2, t0, u3\n"
		"\tmov vpm, t2\n"
		"\tfmul t3, u4, t0\n"
		"\tmov vpm, t3\n"
		"\txor t4, u1, u0\n"
		"\tfmul t5, t0, u0\n"
		"\tmov vpm, t5\n");
}

/* A negation times a non-constant, an xor with another constant and a
 * conditional xor stay. */
static const char keep_text[] =
	"qir vs\n"
	"uniform u0 user 0\n"
	"uniform u1 const 0x80000000\n"
	"uniform u2 const 0x7fffffff\n"
	"uniform u3 const 0x3fb8aa3b\n"
	"block 0:\n"
	"\tmov t0, vpm0\n"
	"\txor t1, u0, u1\n"
	"\tfmul t2, t1, t0\n"
	"\tmov vpm, t2\n"
	"\txor t3, u0, u2\n"
	"\tfmul t4, t3, u3\n"
	"\tmov vpm, t4\n"
	"\tmov.sf -, t0\n"
	"\tmov t5, u0\n"
	"\txor.zs t5, u0, u1\n"
	"\tfmul t6, t5, u3\n"
	"\tmov vpm, t6\n";

static void keeps(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_neg_const, false, keep_text, keep_text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(folds_negation),
		cmocka_unit_test(keeps),
	};
	return cmocka_run_group_tests_name("qir_neg_const", tests, NULL, NULL);
}
