/* test_qir_opt.c: each optimisation pass on a small program (exact QIR
 * text after one run), uniform lowering, the fixpoint driver, and the
 * driver naming a pass that breaks the program. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "qir_test.h"

static void constant_fold(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_constant_fold, true,
		"qir vs\n"
		"uniform u0 const 0x00000005\n"
		"uniform u1 user 0\n"
		"block 0:\n"
		"\tload_imm t0, 0x00000010\n"
		"\tadd t1, t0, u0\n"
		"\tshl t2, t1, 2\n"
		"\tmov t3, u1\n"
		"\tadd t4, t3, t2\n"
		"\tfadd t5, t0, t0\n"
		"\tsub.sf t6, t0, 1\n"
		"\tnot t7, t0\n"
		"\tmul24 t8, t0, -1\n"
		"\tload_imm t11, 0xfffffff0\n"
		"\tasr t9, t11, 2\n"
		"\tror t10, t0, 4\n",
		"qir vs\n"
		"uniform u0 const 0x00000005\n"
		"uniform u1 user 0\n"
		"block 0:\n"
		"\tload_imm t0, 0x00000010\n"
		"\tload_imm t1, 0x00000015\n"
		"\tload_imm t2, 0x00000054\n"
		"\tmov t3, u1\n"
		"\tadd t4, t3, t2\n"
		"\tfadd t5, t0, t0\n"
		"\tsub.sf t6, t0, 1\n"
		"\tload_imm t7, 0xffffffef\n"
		"\tload_imm t8, 0x0ffffff0\n"
		"\tload_imm t11, 0xfffffff0\n"
		"\tload_imm t9, 0xfffffffc\n"
		"\tload_imm t10, 0x00000001\n");
}

static void copy_prop(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_copy_prop, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 tex_p0 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t1, t0\n"
		"\tfadd t2, t1, t1\n"
		"\tfmov t3, t2\n"
		"\tfadd t4, t3, t2\n"
		"\tmov t5, t4\n"
		"\ttex_t t5, u1\n"
		"\tmov t6, u0\n"
		"\ttex_s t6, u1\n"
		"\tmov t7, t4\n"
		"\tfadd t8, t7.8a, t4\n"
		"\tmov t9, 2\n"
		"\tadd t10, t9, 3\n"
		"\tmov tlb_color, t8\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 tex_p0 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t1, u0\n"
		"\tfadd t2, u0, u0\n"
		"\tfmov t3, t2\n"
		"\tfadd t4, t3, t2\n"
		"\tmov t5, t4\n"
		"\ttex_t t4, u1\n"
		"\tmov t6, u0\n"
		"\ttex_s t6, u1\n"
		"\tmov t7, t4\n"
		"\tfadd t8, t4.8a, t4\n"
		"\tmov t9, 2\n"
		"\tadd t10, t9, 3\n"
		"\tmov tlb_color, t8\n");
}

/* A copy of a temp that is written more than once is propagated only to
 * reads in its own block before the temp is written again. */
static void copy_prop_multi_def(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_copy_prop, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov.sf -, t0\n"
		"\tmov.zs t0, 1\n"
		"\tmov t1, t0\n"
		"\tfadd t2, t1, t1\n"
		"\tmov t0, 2\n"
		"\tfadd t3, t1, t0\n"
		"block 1:\n"
		"\tfadd t4, t1, t2\n"
		"\tmov tlb_color, t4\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov.sf -, u0\n"
		"\tmov.zs t0, 1\n"
		"\tmov t1, t0\n"
		"\tfadd t2, t0, t0\n"
		"\tmov t0, 2\n"
		"\tfadd t3, t1, 2\n"
		"block 1:\n"
		"\tfadd t4, t1, t2\n"
		"\tmov tlb_color, t4\n");
}

static void dce(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_dce, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfadd t1, t0, t0\n"
		"\tfmul t2, t1, t1\n"
		"\tfadd.sf t3, t0, t0\n"
		"\tfadd t4, v0, t0\n"
		"\ttex_result t5\n"
		"\trcp t6, t0\n"
		"\tundef t7\n"
		"\tmov t7, t0\n"
		"\tmov t8, t0\n"
		"\tmov t8, t7\n"
		"\tmov t9, t0\n"
		"\tmov.zs t9, t8\n"
		"\tmov tlb_color, t8\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfadd.sf -, t0, t0\n"
		"\tfadd -, v0, t0\n"
		"\ttex_result -\n"
		"\tmov t7, t0\n"
		"\tmov t8, t7\n"
		"\tmov tlb_color, t8\n");
}

/* A conditional write kept for its side effect (the varying read) loses
 * its dead destination, so the temp's first write can go too. */
static void dce_side_effect_dst(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_dce, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t1, 0\n"
		"\tmov.sf -, t0\n"
		"\tfadd.zs t1, v0, t0\n"
		"\ttex_result t2\n"
		"\tmov tlb_color, t0\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov.sf -, t0\n"
		"\tfadd.zs -, v0, t0\n"
		"\ttex_result -\n"
		"\tmov tlb_color, t0\n");
}

/* A value carried around a loop stays; one only written in it goes. */
static void dce_loop(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_dce, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t1, u0\n"
		"block 1:\n"
		"\tfadd t0, t0, t0\n"
		"\tfadd t1, t0, t0\n"
		"\tfsub.sf -, t0, 1.0\n"
		"\tbranch.any_ns b1\n"
		"block 2:\n"
		"\tmov tlb_color, t0\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"block 1:\n"
		"\tfadd t0, t0, t0\n"
		"\tfsub.sf -, t0, 1.0\n"
		"\tbranch.any_ns b1\n"
		"block 2:\n"
		"\tmov tlb_color, t0\n");
}

static void cse(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_cse, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t1, u1\n"
		"\tfadd t2, t0, t1\n"
		"\tfadd t3, t1, t0\n"
		"\tfsub t4, t0, t1\n"
		"\tfsub t5, t1, t0\n"
		"\trcp t7, t2\n"
		"\trcp t8, t2\n"
		"\tfadd t9, v0, t0\n"
		"\tfadd t10, v1, t0\n"
		"\tmov t11, u0\n"
		"\tfmul t12, t3, t8\n"
		"\tmov tlb_color, t12\n"
		"\tmov.sf -, t0\n"
		"\tbranch.all_zs b2\n"
		"block 1:\n"                 /* dominated by 0, not by 2 */
		"\tfadd t13, t0, t1\n"
		"\tfmul t14, t0, t1\n"
		"\tmov tlb_color, t13\n"
		"block 2:\n"                 /* dominated by 0 only */
		"\tfmul t15, t0, t1\n"
		"\tmov tlb_color, t15\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t1, u1\n"
		"\tfadd t2, t0, t1\n"
		"\tmov t3, t2\n"
		"\tfsub t4, t0, t1\n"
		"\tfsub t5, t1, t0\n"
		"\trcp t7, t2\n"
		"\tmov t8, t7\n"
		"\tfadd t9, v0, t0\n"
		"\tfadd t10, v1, t0\n"
		"\tmov t11, u0\n"
		"\tfmul t12, t3, t8\n"
		"\tmov tlb_color, t12\n"
		"\tmov.sf -, t0\n"
		"\tbranch.all_zs b2\n"
		"block 1:\n"
		"\tmov t13, t2\n"
		"\tfmul t14, t0, t1\n"
		"\tmov tlb_color, t13\n"
		"block 2:\n"
		"\tfmul t15, t0, t1\n"
		"\tmov tlb_color, t15\n");
}

static void algebraic(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_algebraic, true,
		"qir vs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tadd t1, t0, 0\n"
		"\tadd t2, 0, t0\n"
		"\tsub t3, 0, t0\n"
		"\tsub t4, t0, t0\n"
		"\tand t5, t0, 0\n"
		"\tand t6, t0, -1\n"
		"\tmul24 t7, t0, 1\n"
		"\tmul24 t8, t0, 0\n"
		"\tfmul t9, t0, 2.0\n"
		"\tfmul t10, t0, 1.0\n"
		"\tfadd t11, t0, 0\n"
		"\tfmul t14, t0, 0\n"
		"\tfsub t15, t0, 0\n"
		"\tfmul.sf t16, t0, 1.0\n"
		"\txor.sf t12, t0, t0\n"
		"\tmov t13, t0\n"
		"\tshl.zs t13, t0, 0\n"
		"\tmov vpm, t13\n",
		"qir vs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t1, t0\n"
		"\tmov t2, t0\n"
		"\tsub t3, 0, t0\n"
		"\tmov t4, 0\n"
		"\tmov t5, 0\n"
		"\tmov t6, t0\n"
		"\tmul24 t7, t0, 1\n"
		"\tmov t8, 0\n"
		"\tfadd t9, t0, t0\n"
		"\tmov t10, t0\n"
		"\tmov t11, t0\n"
		"\tmov t14, 0\n"
		"\tmov t15, t0\n"
		"\tfmul.sf t16, t0, 1.0\n"
		"\txor.sf t12, t0, t0\n"
		"\tmov t13, t0\n"
		"\tmov.zs t13, t0\n"
		"\tmov vpm, t13\n");
}

static void coalesce_movs(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_coalesce_movs, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t5, t0\n"
		"\tfadd t1, t0, t0\n"
		"\tmov t5, t1\n"
		"\tfmul t2, t5, t5\n"
		"\tmov t3, t2\n"
		"\tfadd t4, t0, t0\n"
		"\tfadd t6, t4, t3\n"
		"\tmov t7, t4\n"
		"\tfadd t8, t0, t0\n"
		"\tfmul t9, t5, t5\n"
		"\tmov t5, t8\n"
		"\tfadd t10, t5, t9\n"
		"\tfadd t11, t10, t6\n"
		"\tfadd t12, t11, t7\n"
		"\tmov t12, t12\n"
		"\tmov tlb_color, t12\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t5, t0\n"
		"\tfadd t5, t0, t0\n"
		"\tfmul t3, t5, t5\n"
		"\tfadd t4, t0, t0\n"
		"\tfadd t6, t4, t3\n"
		"\tmov t7, t4\n"
		"\tfadd t8, t0, t0\n"
		"\tfmul t9, t5, t5\n"
		"\tmov t5, t8\n"
		"\tfadd t10, t5, t9\n"
		"\tfadd t11, t10, t6\n"
		"\tfadd t12, t11, t7\n"
		"\tmov tlb_color, t12\n");
}

static void small_imm(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_small_imm, true,
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x3f800000\n"
		"uniform u2 const 0x3f000001\n"
		"uniform u3 const 0x00000003\n"
		"uniform u4 const 0x3b800000\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tload_imm t1, 0x00000002\n"
		"\tfmul t2, t0, u1\n"
		"\tfadd t3, t0, u2\n"
		"\tadd t4, t1, u3\n"
		"\tmin_noimm t5, t0, t1\n"
		"\tshl t6, t1, t1\n"
		"\tload_imm t7, 0x00000100\n"
		"\tadd t8, t0, t7\n"
		"\tfmul t9, t0, u4\n"
		"\tload_imm t10, 0xfffffff0\n"
		"\tadd t11, t0, t10\n",
		"qir vs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x3f800000\n"
		"uniform u2 const 0x3f000001\n"
		"uniform u3 const 0x00000003\n"
		"uniform u4 const 0x3b800000\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tload_imm t1, 0x00000002\n"
		"\tfmul t2, t0, 1.0\n"
		"\tfadd t3, t0, u2\n"
		"\tadd t4, 2, u3\n"
		"\tmin_noimm t5, t0, t1\n"
		"\tshl t6, 2, 2\n"
		"\tload_imm t7, 0x00000100\n"
		"\tadd t8, t0, t7\n"
		"\tfmul t9, t0, 0.00390625\n"
		"\tload_imm t10, 0xfffffff0\n"
		"\tadd t11, t0, -16\n");
}

static void redundant_sf(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_redundant_sf, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t1, 0\n"
		"\tsub.sf -, t0, 3\n"
		"\tmov.zs t1, 1\n"
		"\tsub.sf -, t0, 3\n"
		"\tfadd.sf t2, t0, t1\n"
		"\tfadd.sf t3, t0, t1\n"
		"\tmov.zs t1, 2\n"
		"\tfadd.sf -, t0, t1\n"
		"\tbranch.all_zc b2\n"
		"block 1:\n"
		"\tfadd.sf -, t0, t1\n"
		"\tmov.zs t1, 3\n"
		"block 2:\n"
		"\tfadd.sf -, t0, t1\n"
		"\tmov.zs tlb_color, t1\n"
		"\tthrsw\n"
		"\tfadd.sf -, t0, t1\n"
		"\tmov.zs tlb_color, t2\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t1, 0\n"
		"\tsub.sf -, t0, 3\n"
		"\tmov.zs t1, 1\n"
		"\tfadd.sf t2, t0, t1\n"
		"\tfadd t3, t0, t1\n"
		"\tmov.zs t1, 2\n"
		"\tfadd.sf -, t0, t1\n"
		"\tbranch.all_zc b2\n"
		"block 1:\n"
		"\tmov.zs t1, 3\n"
		"block 2:\n"
		"\tfadd.sf -, t0, t1\n"
		"\tmov.zs tlb_color, t1\n"
		"\tthrsw\n"
		"\tfadd.sf -, t0, t1\n"
		"\tmov.zs tlb_color, t2\n");
}

static void lower_uniforms(void **state)
{
	(void)state;
	qt_check_pass(qir_lower_uniforms, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 tex_p0 0\n"
		"block 0:\n"
		"\tfadd t0, u0, u1\n"
		"\tfadd t1, u0, u0\n"
		"\ttex_t u0, u2\n"
		"\ttex_s t1, u2\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 tex_p0 0\n"
		"block 0:\n"
		"\tmov t2, u1\n"
		"\tfadd t0, u0, t2\n"
		"\tfadd t1, u0, u0\n"
		"\tmov t3, u0\n"
		"\ttex_t t3, u2\n"
		"\ttex_s t1, u2\n");
}

/* All passes together until nothing changes. */
static void fixpoint(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse(
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x40000000\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tmov t1, t0\n"
		"\tfmul t2, t1, u1\n"
		"\tfmul t3, t0, u1\n"
		"\tload_imm t4, 0x00000004\n"
		"\tadd t5, t4, 4\n"
		"\titof t6, t5\n"
		"\tfadd t7, t2, t3\n"
		"\tfmul t8, t7, t6\n"
		"\tmov tlb_color, t8\n");
	struct vc4_diag d = {0};
	assert_true(qir_optimize(c, &d));
	qt_assert_text(c,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x40000000\n"
		"block 0:\n"
		"\tfadd t2, u0, u0\n"
		"\titof t6, 8\n"
		"\tfadd t7, t2, t2\n"
		"\tfmul t8, t7, t6\n"
		"\tmov tlb_color, t8\n");
	/* A second run finds nothing more. */
	assert_false(qir_opt_dce(c) || qir_opt_copy_prop(c) || qir_opt_cse(c) ||
		     qir_opt_algebraic(c) || qir_opt_constant_fold(c) ||
		     qir_opt_coalesce_movs(c) || qir_opt_small_imm(c) || qir_opt_redundant_sf(c));
	qir_compile_free(c);
}

/* A "pass" that deletes the first instruction of the entry block. */
static bool break_it(struct qir_compile *c)
{
	struct qir_block *b = c->blocks.data[0];
	if (!b->first)
		return false;
	qir_inst_remove(c, b, b->first);
	return true;
}

static bool no_progress(struct qir_compile *c)
{
	(void)c;
	return false;
}

static void driver_names_bad_pass(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse(
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfadd t1, t0, t0\n"
		"\tmov tlb_color, t1\n");
	static const struct qir_pass passes[] = {
		{ "harmless", no_progress, false, 0, 0, 0 }, { "break_it", break_it, false, 0, 0, 0 },
	};
	struct vc4_diag d = {0};
	assert_false(qir_optimize_passes(c, passes, 2, true, &d));
	assert_string_equal(d.msg, "after pass 'break_it': block 0, inst 0 (fadd t1, t0, t0): "
			    "t0 may be read before it is written");
	qir_compile_free(c);
}

/* qir_optimize() validates (before and after each productive pass) only
 * without NDEBUG, and meson's release build type defines NDEBUG
 * (b_ndebug=if-release): a release build validating after every pass spent
 * 35 % of its compile instructions there. An invalid input (t0 read, never
 * written) tells which: rejected with the validator's message, or optimised
 * as it is. */
static void optimize_validates_unless_ndebug(void **state)
{
	(void)state;
#ifndef NDEBUG
	assert_false(VC4_RELEASE_BUILD);   /* release builds: NDEBUG (meson.build) */
#endif
	struct qir_compile *c = qt_parse("qir fs\nblock 0:\n"
					 "\tfadd t1, t0, t0\n\tmov tlb_color, t1\n");
	struct vc4_diag d = {0};
#ifdef NDEBUG
	assert_true(qir_optimize(c, &d));
	qt_assert_text(c, "qir fs\nblock 0:\n\tfadd t1, t0, t0\n\tmov tlb_color, t1\n");
#else
	assert_false(qir_optimize(c, &d));
	assert_string_equal(d.msg, "before optimisation: block 0, inst 0 (fadd t1, t0, t0): "
			    "t0 may be read before it is written");
#endif
	qir_compile_free(c);
}

/* Two "passes" that undo each other never reach a fixpoint. */
static bool flip_to_fmov(struct qir_compile *c)
{
	struct qir_inst *i = c->blocks.data[0]->first;
	bool change = i->op == QIR_OP_MOV;
	i->op = QIR_OP_FMOV;
	return change;
}

static bool flip_to_mov(struct qir_compile *c)
{
	struct qir_inst *i = c->blocks.data[0]->first;
	bool change = i->op == QIR_OP_FMOV;
	i->op = QIR_OP_MOV;
	return change;
}

static void driver_reports_no_fixpoint(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir fs\nuniform u0 user 0\nblock 0:\n"
					 "\tmov t0, u0\n\tmov tlb_color, t0\n");
	static const struct qir_pass passes[] = {
		{ "to_fmov", flip_to_fmov, false, 0, 0, 0 }, { "to_mov", flip_to_mov, false, 0, 0, 0 },
	};
	struct vc4_diag d = {0};
	assert_false(qir_optimize_passes(c, passes, 2, true, &d));
	assert_string_equal(d.msg, "no fixpoint after 64 rounds (pass 'to_mov' still makes "
			    "progress)");
	assert_true(qir_optimize_passes(c, passes, 2, false, &d));
	qir_compile_free(c);
}

/* The driver skips a pass while no pass has made progress since its last
 * fruitless run: "twice" makes progress in rounds 1 and 2, so "never" runs
 * after each of them and not again in round 3 (the program is unchanged). */
static int twice_calls, never_calls;

static bool progress_twice(struct qir_compile *c)
{
	(void)c;
	return ++twice_calls <= 2;
}

static bool never_progress(struct qir_compile *c)
{
	(void)c;
	never_calls++;
	return false;
}

static void driver_skips_clean_passes(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir fs\nuniform u0 user 0\nblock 0:\n"
					 "\tmov tlb_color, u0\n");
	static const struct qir_pass passes[] = {
		{ "twice", progress_twice, false, 0, 0, 0 }, { "never", never_progress, false, 0, 0, 0 },
	};
	struct vc4_diag d = {0};
	twice_calls = never_calls = 0;
	assert_true(qir_optimize_passes(c, passes, 2, true, &d));
	assert_int_equal(twice_calls, 3);
	assert_int_equal(never_calls, 2);
	/* in the other order "never" runs first in every round but the last */
	static const struct qir_pass swapped[] = {
		{ "never", never_progress, false, 0, 0, 0 }, { "twice", progress_twice, false, 0, 0, 0 },
	};
	twice_calls = never_calls = 0;
	assert_true(qir_optimize_passes(c, swapped, 2, true, &d));
	assert_int_equal(twice_calls, 3);
	assert_int_equal(never_calls, 3);
	assert_null(c->defs);             /* the driver leaves no derived defs */
	assert_false(c->defs_current);
	qir_compile_free(c);
}

/* The driver skips a pass whose needs (a flag update, for dead_flags) the
 * program lacks, but looks again after progress: "add_sf" makes the first
 * move set flags nothing reads, and dead_flags, skipped before, must then
 * run and clear them. */
static int add_sf_calls;

static bool add_sf_once(struct qir_compile *c)
{
	if (++add_sf_calls > 1)
		return false;
	c->blocks.data[0]->first->sf = true;
	return true;
}

static void driver_rechecks_needs_after_progress(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir fs\nuniform u0 user 0\nblock 0:\n"
					 "\tmov t0, u0\n\tmov tlb_color, t0\n");
	static const struct qir_pass passes[] = {
		{ "dead_flags", qir_opt_dead_flags, true, QIR_NEEDS_SF, 0, 0 }, { "add_sf", add_sf_once, false, 0, 0, 0 },
		{ "dead_flags", qir_opt_dead_flags, true, QIR_NEEDS_SF, 0, 0 },
	};
	struct vc4_diag d = {0};
	add_sf_calls = 0;
	assert_true(qir_optimize_passes(c, passes, 3, true, &d));
	assert_int_equal(add_sf_calls, 2);
	assert_false(c->blocks.data[0]->first->sf);
	qir_compile_free(c);
}

/* qir_temp_defs() keeps the defs there while c->defs_current says they are
 * current (the pass driver's promise; debug builds check it), and derives
 * them otherwise. */
static void temp_defs_kept_when_current(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir fs\nuniform u0 user 0\nblock 0:\n"
					 "\tmov t0, u0\n\tmov tlb_color, t0\n");
	assert_true(qir_temp_defs(c));
	struct qir_inst **kept = c->defs;
	c->defs_current = true;
	assert_true(qir_temp_defs(c));
	assert_ptr_equal(c->defs, kept);
	assert_ptr_equal(qir_temp_def(c, 0), c->blocks.data[0]->first);
	c->defs_current = false;
	c->blocks.data[0]->last->dst = qir_reg(QIR_FILE_TEMP, 0);   /* a second def */
	assert_true(qir_temp_defs(c));
	assert_int_equal(c->def_count[0], 2);   /* derived again */
	assert_null(qir_temp_def(c, 0));
#ifdef NDEBUG
	c->blocks.data[0]->last->dst = qir_null();
	c->defs_current = true;
	assert_true(qir_temp_defs(c));
	assert_int_equal(c->def_count[0], 2);   /* kept, even stale */
#endif
	qir_compile_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(constant_fold),
		cmocka_unit_test(copy_prop),
		cmocka_unit_test(copy_prop_multi_def),
		cmocka_unit_test(dce),
		cmocka_unit_test(dce_loop),
		cmocka_unit_test(dce_side_effect_dst),
		cmocka_unit_test(cse),
		cmocka_unit_test(algebraic),
		cmocka_unit_test(coalesce_movs),
		cmocka_unit_test(small_imm),
		cmocka_unit_test(redundant_sf),
		cmocka_unit_test(lower_uniforms),
		cmocka_unit_test(fixpoint),
		cmocka_unit_test(driver_names_bad_pass),
		cmocka_unit_test(optimize_validates_unless_ndebug),
		cmocka_unit_test(driver_reports_no_fixpoint),
		cmocka_unit_test(driver_skips_clean_passes),
		cmocka_unit_test(driver_rechecks_needs_after_progress),
		cmocka_unit_test(temp_defs_kept_when_current),
	};
	return cmocka_run_group_tests_name("qir_opt", tests, NULL, NULL);
}
