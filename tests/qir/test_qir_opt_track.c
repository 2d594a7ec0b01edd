/*
 * test_qir_opt_track.c: the pass driver's change log (struct qir_opt_track,
 * qir_inline.h): a local pass (QIR_TRACK_LOCAL) run again visits only the
 * instructions changed since its last run and the readers of the temps
 * they define, runs in full after progress that was not logged, and the
 * standard list still finds the work a change gives a reader.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "qir_test.h"

/* Six instructions; the third's result t2 is read by the fourth only. */
static const char six[] =
	"qir fs\nuniform u0 user 0\nuniform u1 user 1\nblock 0:\n"
	"\tfadd t0, u0, u1\n\tfmul t1, t0, u1\n\tfmul t2, u0, u1\n"
	"\tfadd t3, t2, u0\n\tmov tlb_color, t1\n\tmov tlb_color, t3\n";

static int visits, edits;

/* A probe's callback: counts the instructions it is shown, changes none. */
static bool count_visit(struct qir_compile *c, struct qir_inst *inst)
{
	(void)c;
	(void)inst;
	visits++;
	return false;
}

/* A local pass that never makes progress: counts its visits. */
static bool probe(struct qir_compile *c)
{
	return qir_rewrite_each_inst(c, count_visit);
}

/* Once: swaps the operands of the third instruction (`fmul t2, u0, u1`),
 * logging the change. */
static bool swap_once(struct qir_compile *c)
{
	if (edits++)
		return false;
	struct qir_inst *inst = c->blocks.data[0]->first->next->next;
	qir_touch(c, inst);
	struct qir_reg r = inst->src[0];
	inst->src[0] = inst->src[1];
	inst->src[1] = r;
	return true;
}

/* The visits of the probe over both its runs, with the swap pass logging
 * its change (track) or not. */
static int probe_visits(uint8_t track)
{
	const struct qir_pass passes[] = {
		{ "probe", probe, true, 0, 0, QIR_TRACK_LOGS | QIR_TRACK_LOCAL },
		{ "swap", swap_once, true, 0, 0, track },
	};
	struct qir_compile *c = qt_parse(six);
	struct vc4_diag d = {0};
	visits = edits = 0;
	assert_true(qir_optimize_passes(c, passes, 2, true, &d));
	assert_int_equal(edits, 2);
	assert_null(c->track);   /* the log lives for one call */
	qir_compile_free(c);
	return visits;
}

/* Run again after the logged swap, the probe sees the swapped instruction
 * and its reader `fadd t3, t2, u0` only (6 + 2); after a change not
 * logged, all six again. */
static void local_pass_visits_changed_only(void **state)
{
	(void)state;
	assert_int_equal(probe_visits(QIR_TRACK_LOGS), 6 + 2);
	assert_int_equal(probe_visits(0), 6 + 6);
}

/* Constant fold turns `mov t1, u1` (u1 the constant -0.0, which no small
 * immediate encodes) into `load_imm t1, 0x80000000`; the fadd reading t1
 * is not changed itself, yet algebraic's next run must see it (the reader
 * of a changed definition): `fadd t2, t4, -0.0` becomes `mov t2, t4`,
 * which copy propagation forwards and DCE removes. */
static void standard_list_sees_readers(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir fs\nuniform u0 user 0\nuniform u1 const 0x80000000\n"
					 "block 0:\n\tmov t1, u1\n\tfmul t4, u0, u0\n"
					 "\tfadd t2, t4, t1\n\tmov tlb_color, t2\n");
	struct vc4_diag d = {0};
	assert_true(qir_optimize(c, &d));
	qt_assert_text(c, "qir fs\nuniform u0 user 0\nuniform u1 const 0x80000000\nblock 0:\n"
			  "\tfmul t4, u0, u0\n\tmov tlb_color, t4\n");
	qir_compile_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(local_pass_visits_changed_only),
		cmocka_unit_test(standard_list_sees_readers),
	};
	return cmocka_run_group_tests_name("qir_opt_track", tests, NULL, NULL);
}
