/*
 * test_qir_opt_kinds.c: the pass driver's kinds of progress (QIR_CHANGE_*,
 * struct qir_pass.blind_to): a pass blind to a kind stays skipped after
 * progress of that kind, and DCE, small_imm and copy_prop report their
 * kinds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "qir_test.h"

/* A pass blind to a kind of progress stays skipped after progress of that
 * kind: "count" is blind to DEAD_TEMPS, so after "kill" reports that kind
 * it does not run again; after progress of any other kind it does. */
static int count_calls, kill_calls;
static uint32_t kill_kind;

static bool count_runs(struct qir_compile *c)
{
	(void)c;
	count_calls++;
	return false;
}

static bool kill_once(struct qir_compile *c)
{
	if (++kill_calls > 1)
		return false;
	c->change = kill_kind;
	return true;
}

static void driver_keeps_blind_passes_clean(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir fs\nuniform u0 user 0\nblock 0:\n"
					 "\tmov tlb_color, u0\n");
	static const struct qir_pass passes[] = {
		{ "count", count_runs, true, 0, QIR_CHANGE_DEAD_TEMPS, 0 },
		{ "kill", kill_once, true, 0, 0, 0 },
	};
	struct vc4_diag d = {0};
	const uint32_t kinds[3] = { QIR_CHANGE_DEAD_TEMPS, QIR_CHANGE_IMMS, QIR_CHANGE_ANY };
	const int runs[3] = { 1, 2, 2 };
	for (int k = 0; k < 3; k++) {
		count_calls = kill_calls = 0;
		kill_kind = kinds[k];
		assert_true(qir_optimize_passes(c, passes, 2, true, &d));
		assert_int_equal(kill_calls, 2);
		assert_int_equal(count_calls, runs[k]);
	}
	qir_compile_free(c);
}

/* DCE reports QIR_CHANGE_DEAD_TEMPS when each temp it touched lost every
 * definition, its one or all of several (and the driver vouches for the
 * defs), QIR_CHANGE_ANY when a removed write leaves its temp another
 * definition. */
static uint32_t dce_change(const char *text, bool defs_current)
{
	struct qir_compile *c = qt_parse(text);
	assert_true(qir_temp_defs(c));
	c->defs_current = defs_current;
	c->change = QIR_CHANGE_ANY;
	assert_true(qir_opt_dce(c));
	uint32_t change = c->change;
	c->defs_current = false;
	qir_compile_free(c);
	return change;
}

static void dce_reports_dead_temps(void **state)
{
	(void)state;
	const char *whole = "qir fs\nuniform u0 user 0\nblock 0:\n"
			    "\tmov t0, u0\n\tfadd t1, t0, t0\n\tmov tlb_color, t0\n";
	const char *overwritten = "qir fs\nuniform u0 user 0\nblock 0:\n"
				  "\tmov t0, u0\n\tmov t0, 1\n\tmov tlb_color, t0\n";
	assert_int_equal(dce_change(whole, true), QIR_CHANGE_DEAD_TEMPS);
	assert_int_equal(dce_change(whole, false), QIR_CHANGE_ANY);
	assert_int_equal(dce_change(overwritten, true), QIR_CHANGE_ANY);
}

/* A dead temp of two definitions, the second conditional (the lowering's
 * boolean, `mov t, 0; mov.ns t, -1`), loses both in one run: DEAD_TEMPS,
 * and the kept defs say it has none (what a fresh derivation says). */
static void dce_dead_temps_of_several_defs(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir fs\nuniform u0 user 0\nblock 0:\n"
					 "\tfsub.sf -, u0, 0\n\tmov t0, 0\n\tmov.ns t0, -1\n"
					 "\tmov.zs tlb_color, u0\n");
	assert_true(qir_temp_defs(c));
	assert_int_equal(c->def_count[0], 2);
	c->defs_current = true;
	c->change = QIR_CHANGE_ANY;
	assert_true(qir_opt_dce(c));
	assert_int_equal(c->change, QIR_CHANGE_DEAD_TEMPS);
	assert_non_null(c->defs);
	assert_int_equal(c->def_count[0], 0);
	assert_null(c->defs[0]);
	c->defs_current = false;
	qt_assert_text(c, "qir fs\nuniform u0 user 0\nblock 0:\n"
			  "\tfsub.sf -, u0, 0\n\tmov.zs tlb_color, u0\n");
	qir_compile_free(c);
}

/* small_imm reports its progress as QIR_CHANGE_IMMS. */
static void small_imm_reports_imms(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir fs\nuniform u0 const 0x3f800000\nuniform u1 user 0\n"
					 "block 0:\n\tfadd t0, u1, u0\n\tmov tlb_color, t0\n");
	c->change = QIR_CHANGE_ANY;
	assert_true(qir_opt_small_imm(c));
	assert_int_equal(c->change, QIR_CHANGE_IMMS);
	qir_compile_free(c);
}

/* Copy propagation's kind of progress for the program text. */
static uint32_t copy_prop_change(const char *text)
{
	struct qir_compile *c = qt_parse(text);
	c->change = QIR_CHANGE_ANY;
	assert_true(qir_opt_copy_prop(c));
	uint32_t change = c->change;
	qir_compile_free(c);
	return change;
}

/* copy_prop reports QIR_CHANGE_UNIF_READS when every rewrite read a
 * uniform that is no CONST, QIR_CHANGE_ANY for a constant or a temp. */
static void copy_prop_reports_unif_reads(void **state)
{
	(void)state;
	assert_int_equal(copy_prop_change("qir fs\nuniform u0 user 0\nblock 0:\n"
					  "\tmov t0, u0\n\tfadd t1, t0, t0\n"
					  "\tmov tlb_color, t1\n"), QIR_CHANGE_UNIF_READS);
	assert_int_equal(copy_prop_change("qir fs\nuniform u0 const 0x3f800000\nblock 0:\n"
					  "\tmov t0, u0\n\tfadd t1, t0, t0\n"
					  "\tmov tlb_color, t1\n"), QIR_CHANGE_ANY);
	assert_int_equal(copy_prop_change("qir fs\nuniform u0 user 0\nblock 0:\n"
					  "\tfadd t0, u0, u0\n\tmov t1, t0\n\tmov t2, u0\n"
					  "\tfadd t3, t1, t2\n\tmov tlb_color, t3\n"), QIR_CHANGE_ANY);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(driver_keeps_blind_passes_clean),
		cmocka_unit_test(dce_reports_dead_temps),
		cmocka_unit_test(dce_dead_temps_of_several_defs),
		cmocka_unit_test(small_imm_reports_imms),
		cmocka_unit_test(copy_prop_reports_unif_reads),
	};
	return cmocka_run_group_tests_name("qir_opt_kinds", tests, NULL, NULL);
}
