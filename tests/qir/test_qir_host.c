/* test_qir_host.c: the host-uniform pass (qir_host.h) on small programs
 * (exact QIR text after one run): a normalize of a user vector with a
 * load_imm factor is hoisted, its frontier read through a HOST uniform;
 * an invariant product in a loop is hoisted; kept: a conditional or
 * flag-setting op, a packed result, an unpacked source, a texture
 * configuration uniform, a varying, a multiply-written temp, a plain copy
 * and an fmov of a uniform. Also: after the optimiser the hoisted
 * instructions are gone; the host program's text round-trips; the
 * validator's messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "qir/qir_host.h"
#include "qir_test.h"

static const char normalize_in[] =
	"qir vs\n"
	"uniform u0 user 0\n"
	"uniform u1 user 1\n"
	"block 0:\n"
	"\tfmul t0, u0, u0\n"
	"\tfmul t1, u1, u1\n"
	"\tfadd t2, t0, t1\n"
	"\trsq t3, t2\n"
	"\tmov t9, u0\n"
	"\tfmul t4, t9, t3\n"
	"\tload_imm t5, 0x3dcccccd\n"
	"\tfmul t6, t5, u1\n"
	"\tfmul t7, vpm0, t4\n"
	"\tfadd t8, t7, t6\n"
	"\tmov vpm, t8\n"
	"\tmov vpm, t9\n";

static void hoisted(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_host_uniforms, true, normalize_in,
		"qir vs\n"
		"host h0 fmul user 0, user 0\n"
		"host h1 fmul user 1, user 1\n"
		"host h2 fadd host 0, host 1\n"
		"host h3 rsq host 2\n"
		"host h4 fmul user 0, host 3\n"
		"host h5 fmul const 0x3dcccccd, user 1\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 host 4\n"
		"uniform u3 host 5\n"
		"block 0:\n"
		"\tfmul t0, u0, u0\n"
		"\tfmul t1, u1, u1\n"
		"\tfadd t2, t0, t1\n"
		"\trsq t3, t2\n"
		"\tmov t9, u0\n"
		"\tmov t4, u2\n"
		"\tload_imm t5, 0x3dcccccd\n"
		"\tmov t6, u3\n"
		"\tfmul t7, vpm0, t4\n"
		"\tfadd t8, t7, t6\n"
		"\tmov vpm, t8\n"
		"\tmov vpm, t9\n");
}

/* With the optimiser after it, only the reads of the results are left. */
static void optimised(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse(normalize_in);
	assert_true(qir_opt_host_uniforms(c));
	struct vc4_diag d = {0};
	if (!qir_optimize(c, &d))
		fail_msg("%s", d.msg);
	qt_assert_text(c,
		"qir vs\n"
		"host h0 fmul user 0, user 0\n"
		"host h1 fmul user 1, user 1\n"
		"host h2 fadd host 0, host 1\n"
		"host h3 rsq host 2\n"
		"host h4 fmul user 0, host 3\n"
		"host h5 fmul const 0x3dcccccd, user 1\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 host 4\n"
		"uniform u3 host 5\n"
		"block 0:\n"
		"\tfmul t7, vpm0, u2\n"
		"\tfadd t8, t7, u3\n"
		"\tmov vpm, t8\n"
		"\tmov vpm, u0\n");
	qir_compile_free(c);
}

static void loop_invariant(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_host_uniforms, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tload_imm t0, 0x00000000\n"
		"block 1:\n"
		"\tfmul t1, u0, u1\n"
		"\tfadd t0, t0, t1\n"
		"\tfsub.sf -, t0, u0\n"
		"\tbranch.all_ns b1\n"
		"block 2:\n"
		"\tmov tlb_color, t0\n",
		"qir fs\n"
		"host h0 fmul user 0, user 1\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 host 0\n"
		"block 0:\n"
		"\tload_imm t0, 0x00000000\n"
		"block 1:\n"
		"\tmov t1, u2\n"
		"\tfadd t0, t0, t1\n"
		"\tfsub.sf -, t0, u0\n"
		"\tbranch.all_ns b1\n"
		"block 2:\n"
		"\tmov tlb_color, t0\n");
}

static void kept(void **state)
{
	(void)state;
	static const char text[] =
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 tex_p1 0\n"
		"uniform u2 user 1\n"
		"block 0:\n"
		"\tfadd.sf t0, u0, u2\n"
		"\tfadd t1, u0, u1\n"
		"\tfmul t2, u0, v0\n"
		"\tfmov t3, u0\n"
		"\tmov t4, u0\n"
		"\tfadd t5, u0, 1.0\n"
		"\tfadd.zs t5, t5, u2\n"
		"\tfadd t6, t5, u2\n"
		"\tfmul t7.8888c, u0, u2\n"
		"\tfmul t8, u0, t4.16a\n"
		"\tfadd t9, t0, t1\n"
		"\tfadd t10, t2, t3\n"
		"\tfadd t11, t6, t7\n"
		"\tfadd t12, t8, t9\n"
		"\tfadd t13, t10, t11\n"
		"\tfadd t14, t12, t13\n"
		"\tmov tlb_color, t14\n";
	qt_check_pass(qir_opt_host_uniforms, false, text, text);
}

/* Asserts that c does not validate, with message `msg`. */
static void expect_invalid(struct qir_compile *c, const char *msg)
{
	struct vc4_diag d = {0};
	assert_false(qir_validate(c, &d));
	assert_string_equal(d.msg, msg);
}

/* Host lines print and parse back; the validator names bad ones. */
static void text_and_validation(void **state)
{
	(void)state;
	static const char text[] =
		"qir fs\n"
		"host h0 rcp viewport_x_scale 0\n"
		"host h1 fmul host 0, blend_const 2\n"
		"uniform u0 host 1\n"
		"block 0:\n"
		"\tmov tlb_color, u0\n";
	struct qir_compile *c = qt_parse(text);
	qt_assert_valid(c);
	qt_assert_text(c, text);
	c->host.data[1].src[0].data = 1;
	expect_invalid(c, "host op h1: src0 is not known before it");
	c->host.data[1].src[0] = (struct qir_uniform){ QIR_UNIFORM_TEX_P0, 0 };
	expect_invalid(c, "host op h1: src0 is not known before it");
	c->host.data[1].src[0] = (struct qir_uniform){ QIR_UNIFORM_HOST, 0 };
	c->host.data[0].op = QIR_OP_TEX_RESULT;
	expect_invalid(c, "host op h0: tex_result cannot run on the host");
	c->host.data[0].op = QIR_OP_RCP;
	c->uniforms.data[0].data = 2;
	expect_invalid(c, "u0: host op h2 out of range (2 ops)");
	qir_compile_free(c);
	struct vc4_diag d = {0};
	assert_null(qir_parse("qir fs\nhost h1 fadd const 0, const 0\n", "x", &d));
	assert_string_equal(d.msg, "x:2:6: expected the next host op number, got 'h1'");
	d = (struct vc4_diag){0};
	assert_null(qir_parse("qir fs\nhost h0 fadd const 0\n", "x", &d));
	assert_string_equal(d.msg, "x:2:21: expected ',' at ''");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hoisted),
		cmocka_unit_test(optimised),
		cmocka_unit_test(loop_invariant),
		cmocka_unit_test(kept),
		cmocka_unit_test(text_and_validation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
