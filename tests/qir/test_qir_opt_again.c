/*
 * test_qir_opt_again.c: qir_optimize_again(), the optimiser started from
 * its last fixpoint after the pack folds or the host-uniform pass. Those
 * passes report their kinds of change (QIR_CHANGE_FOLDS, _HOSTED, or
 * _ANY when they did more); the passes blind to the kind start clean, so
 * work only they could do is left (shown on a program whose fixpoint is
 * claimed), while the others run: CSE still merges what a fold made equal.
 * Without a fixpoint (a custom list ran, or none), everything runs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "qir/qir_host.h"
#include "qir_test.h"

/* Runs qir_opt_fold_packs() on text; returns its kind of change. */
static uint32_t fold_change(const char *text)
{
	struct qir_compile *c = qt_parse(text);
	c->change = 0;
	assert_true(qir_opt_fold_packs(c));
	uint32_t change = c->change;
	qir_compile_free(c);
	return change;
}

/* An unpack fold into an unconditional, flag-less float op is FOLDS; one
 * into a conditional op, or a replicating pack, is more. */
static void folds_report_kind(void **state)
{
	(void)state;
	assert_int_equal(fold_change("qir fs\nuniform u0 user 0\nblock 0:\n"
				     "\tmov t0, u0\n\tfmov t1, t0.8a\n\tfadd t2, t1, t1\n"
				     "\tmov tlb_color, t2\n"), QIR_CHANGE_FOLDS);
	assert_int_equal(fold_change("qir fs\nuniform u0 user 0\nblock 0:\n"
				     "\tmov t0, u0\n\tfmov t1, t0.8a\n\tmov t2, 0\n"
				     "\tfsub.sf -, u0, 1.0\n\tfadd.zs t2, t1, 1.0\n"
				     "\tmov tlb_color, t2\n"), QIR_CHANGE_ANY);
	assert_int_equal(fold_change("qir fs\nuniform u0 user 0\nblock 0:\n"
				     "\tfadd t0, u0, 1.0\n\tmmov t1.8ac, t0\n"
				     "\tmmov t1.8bc, t0\n\tmmov t1.8cc, t0\n"
				     "\tmmov t1.8dc, 1.0\n\tmov tlb_color, t1\n"),
			 QIR_CHANGE_ANY);
}

/* The host-uniform pass rewriting frontiers to HOST uniforms is HOSTED. */
static void hosted_reports_kind(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir vs\nuniform u0 user 0\nuniform u1 user 1\n"
					 "block 0:\n\tfmul t0, u0, u1\n\tfmul t1, vpm0, t0\n"
					 "\tmov vpm, t1\n");
	c->change = 0;
	assert_true(qir_opt_host_uniforms(c));
	assert_int_equal(c->change, QIR_CHANGE_HOSTED);
	qir_compile_free(c);
}

/* x + 0 is algebraic's work, which nothing else in the list does. */
static const char add_zero[] =
	"qir fs\nuniform u0 user 0\nuniform u1 user 1\nblock 0:\n"
	"\tfadd t0, u0, u1\n\tadd t1, t0, 0\n\tmov tlb_color, t1\n";
static const char add_zero_done[] =
	"qir fs\nuniform u0 user 0\nuniform u1 user 1\nblock 0:\n"
	"\tfadd t0, u0, u1\n\tmov tlb_color, t0\n";

/* qir_optimize_again() on add_zero with a claimed fixpoint (settled) after
 * a change of kind `change`: the program's text afterwards checked. */
static void again(bool settled, uint32_t change, const char *expected)
{
	struct qir_compile *c = qt_parse(add_zero);
	struct vc4_diag d = {0};
	c->opt_settled = settled;
	c->change = change;
	assert_true(qir_optimize_again(c, &d));
	qt_assert_text(c, expected);
	assert_true(c->opt_settled);   /* a fixpoint again */
	qir_compile_free(c);
}

/* Algebraic is blind to FOLDS and HOSTED: with the fixpoint claimed it
 * starts clean and x + 0 stays; after ANY, or with no fixpoint, it runs. */
static void again_skips_blind_passes(void **state)
{
	(void)state;
	again(true, QIR_CHANGE_FOLDS, add_zero);
	again(true, QIR_CHANGE_HOSTED, add_zero);
	again(true, QIR_CHANGE_ANY, add_zero_done);
	again(false, QIR_CHANGE_FOLDS, add_zero_done);
}

/* qir_optimize() sets opt_settled at its fixpoint; a custom list's run
 * clears it, so a following qir_optimize_again() runs every pass. */
static void settled_only_after_standard_list(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse(add_zero);
	struct vc4_diag d = {0};
	assert_true(qir_optimize(c, &d));
	assert_true(c->opt_settled);
	size_t n;
	const struct qir_pass *list = qir_standard_passes(&n);
	assert_true(qir_optimize_passes(c, list, 1, true, &d));
	assert_false(c->opt_settled);
	qir_compile_free(c);
}

/* The pipeline: at the fixpoint `fmul t1, t0.8a, u1` and `fmul t3, t2, u1`
 * (t2 = fmov t0.8a) differ; the unpack fold makes them equal, and the
 * second call's CSE (not blind to FOLDS) merges them, copy propagation and
 * DCE (dirty after CSE's progress) finishing. */
static void again_after_fold_finds_work(void **state)
{
	(void)state;
	static const char in[] =
		"qir fs\nuniform u0 user 0\nuniform u1 user 1\nblock 0:\n"
		"\tmov t0, u0\n\tfmul t1, t0.8a, u1\n\tfmov t2, t0.8a\n\tfmul t3, t2, u1\n"
		"\tmov tlb_color, t1\n\tmov tlb_color, t3\n";
	struct qir_compile *c = qt_parse(in);
	struct vc4_diag d = {0};
	assert_true(qir_optimize(c, &d));
	qt_assert_text(c, in);
	assert_true(qir_opt_fold_packs(c));
	assert_int_equal(c->change, QIR_CHANGE_FOLDS);
	assert_true(qir_optimize_again(c, &d));
	qt_assert_text(c, "qir fs\nuniform u0 user 0\nuniform u1 user 1\nblock 0:\n"
			  "\tmov t0, u0\n\tfmul t1, t0.8a, u1\n"
			  "\tmov tlb_color, t1\n\tmov tlb_color, t1\n");
	qir_compile_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(folds_report_kind),
		cmocka_unit_test(hosted_reports_kind),
		cmocka_unit_test(again_skips_blind_passes),
		cmocka_unit_test(settled_only_after_standard_list),
		cmocka_unit_test(again_after_fold_finds_work),
	};
	return cmocka_run_group_tests_name("qir_opt_again", tests, NULL, NULL);
}
