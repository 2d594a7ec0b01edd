/* test_qir_validate.c: one program per validator rule, each checked for
 * the exact message naming block, instruction and problem. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "qir_test.h"

static void expect_invalid(const char *text, const char *msg)
{
	struct qir_compile *c = qt_parse(text);
	struct vc4_diag d = {0};
	assert_false(qir_validate(c, &d));
	assert_string_equal(d.msg, msg);
	qir_compile_free(c);
}

#define FS "qir fs\nuniform u0 user 0\nuniform u1 tex_p0 0\nblock 0:\n\tmov t0, u0\n"

static void operand_rules(void **state)
{
	(void)state;
	expect_invalid(FS "\ttex_t t0, t0\n",
		       "block 0, inst 1 (tex_t t0, t0): src1 must be the texture's sideband uniform");
	expect_invalid(FS "\tadd t1, t0, 17\n",
		       "block 0, inst 1 (add t1, t0, 17): src1: 0x00000011 is not a small immediate");
	expect_invalid(FS "\tfadd t1, u0.8a, t0\n",
		       "block 0, inst 1 (fadd t1, u0.8a, t0): src0: unpack on a non-temp operand");
	expect_invalid(FS "\tfadd t1, t0.8a, t0.8b\n",
		       "block 0, inst 1 (fadd t1, t0.8a, t0.8b): two different unpacks in one "
		       "instruction");
	expect_invalid(FS "\tfadd t1, t0, u7\n",
		       "block 0, inst 1 (fadd t1, t0, u7): src1: u7 out of range (2 uniforms)");
	expect_invalid(FS "\tmov t1, 0x00000001\n",
		       "block 0, inst 1 (mov t1, 0x00000001): src0: 32-bit immediates only feed "
		       "load_imm");
	expect_invalid(FS "\tload_imm t1, 1\n",
		       "block 0, inst 1 (load_imm t1, 1): src0 must be an immediate");
	expect_invalid(FS "\tmov frag_x, t0\n",
		       "block 0, inst 1 (mov frag_x, t0): frag_x is not writable");
	expect_invalid(FS "\tmov t1, tlb_z\n",
		       "block 0, inst 1 (mov t1, tlb_z): src0: tlb_z is not readable");
	expect_invalid(FS "\tadd t1, 1, 2\n",
		       "block 0, inst 1 (add t1, 1, 2): two different small immediates in one "
		       "instruction");
	expect_invalid(FS "\tmin_noimm t1, t0, 1\n",
		       "block 0, inst 1 (min_noimm t1, t0, 1): min_noimm takes no small immediate");
	expect_invalid("qir vs\nblock 0:\n\tmov t0, v0\n",
		       "block 0, inst 0 (mov t0, v0): src0: varying read outside a fragment shader");
	expect_invalid(FS "\tmov vpm, t0\n",
		       "block 0, inst 1 (mov vpm, t0): VPM write in a fragment shader");
}

static void modifier_rules(void **state)
{
	(void)state;
	expect_invalid(FS "\tfadd t1.8888c, t0, t0\n",
		       "block 0, inst 1 (fadd t1.8888c, t0, t0): MUL pack on an op the MUL unit "
		       "cannot do");
	expect_invalid(FS "\tfmul t1.8888c, t0.8a, t0\n",
		       "block 0, inst 1 (fmul t1.8888c, t0.8a, t0): MUL pack and an unpack need "
		       "different PM bits");
	expect_invalid(FS "\tmov tlb_z.16a, t0\n",
		       "block 0, inst 1 (mov tlb_z.16a, t0): regfile-A pack needs a temp "
		       "destination");
	expect_invalid(FS "\ttex_result.sf t1\n",
		       "block 0, inst 1 (tex_result.sf t1): set-flags on tex_result, which uses "
		       "no ALU");
}

static void placement_rules(void **state)
{
	(void)state;
	expect_invalid(FS "\tbranch b0\n\tmov t1, t0\n",
		       "block 0, inst 1 (branch b0): branch is not the last instruction of its "
		       "block");
	expect_invalid(FS "\tfrag_z t1\n",
		       "block 0, inst 1 (frag_z t1): payload reads belong at the top of a "
		       "fragment shader's entry block");
	expect_invalid("qir vs\nblock 0:\n\tthrsw\n",
		       "block 0, inst 0 (thrsw): thrsw outside a fragment shader");
	expect_invalid(FS "\tload_imm t1, 0x00000004\n\tuniforms_reset t1, u0\n",
		       "block 0, inst 2 (uniforms_reset t1, u0): src1 must be the "
		       "uniforms_address uniform");
}

/* Reads of temps that are not written on every path from the entry. */
static void undefined_reads(void **state)
{
	(void)state;
	expect_invalid(FS "\tfadd t2, t0, t1\n\tmov t1, t0\n",
		       "block 0, inst 1 (fadd t2, t0, t1): t1 may be read before it is written");
	/* Written only on the "then" path of an if. */
	expect_invalid(FS "\tmov.sf -, t0\n\tbranch.all_zs b2\n"
		       "block 1:\n\tmov t1, t0\nblock 2:\n\tmov tlb_color, t1\n",
		       "block 1, inst 0 (mov t1, t0): t1 may be read before it is written");
	/* Only conditionally written. */
	expect_invalid(FS "\tmov.sf -, t0\n\tmov.zs t1, t0\n\tmov tlb_color, t1\n",
		       "block 0, inst 2 (mov.zs t1, t0): t1 may be read before it is written");
}

/* Bad values that only the C API can produce. */
static void api_values(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse(FS "\tmov tlb_color, t0\n");
	struct vc4_diag d = {0};
	struct qir_inst *i = c->blocks.data[0]->last;
	i->src[0].index = 9;
	assert_false(qir_validate(c, &d));
	assert_string_equal(d.msg, "block 0, inst 1 (mov tlb_color, t9): src0: t9 out of range "
			    "(1 temps)");
	vc4_diag_clear(&d);
	i->src[0].index = 0;
	i->op = 200;
	assert_false(qir_validate(c, &d));
	assert_string_equal(d.msg, "block 0, inst 1 (?op200 tlb_color, t0, -): op 200 out of range");
	vc4_diag_clear(&d);
	i->op = QIR_OP_MOV;
	i->cond = 9;
	assert_false(qir_validate(c, &d));
	assert_string_equal(d.msg, "block 0, inst 1 (mov.?cond tlb_color, t0): condition 9 out of "
			    "range");
	vc4_diag_clear(&d);
	i->cond = QPU_COND_ALWAYS;
	i->src[1] = qir_small_imm(1);
	assert_false(qir_validate(c, &d));
	assert_string_equal(d.msg, "block 0, inst 1 (mov tlb_color, t0): src1 used, but mov takes 1");
	vc4_diag_clear(&d);
	i->src[1] = qir_null();
	qt_assert_valid(c);
	c->oom = true;
	assert_false(qir_validate(c, &d));
	assert_string_equal(d.msg, "out of memory while building the program");
	qir_compile_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(operand_rules),
		cmocka_unit_test(modifier_rules),
		cmocka_unit_test(placement_rules),
		cmocka_unit_test(undefined_reads),
		cmocka_unit_test(api_values),
	};
	return cmocka_run_group_tests_name("qir_validate", tests, NULL, NULL);
}
