/*
 * test_qir_sched.c: the pre-allocation list scheduler (qir_schedule(),
 * qir_sched.c) on exact QIR text: the longest latency path goes first, and
 * independent work fills an SFU result's latency instead of the reader
 * following its producer at once, and an ALU result's one-step gap; a
 * texture result is read before anything else takes r4; payload reads
 * stay at the top; an ADD-unit node whose path is at most 2 steps shorter
 * follows a MUL-unit node instead of a second one (not one 3 shorter).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir_test.h"

/* The reciprocal's reader waits SFU_LATENCY steps: the two independent
 * instructions run in between; the FIFO write stays last. */
static void sfu_latency_filled(void **state)
{
	(void)state;
	qt_check_pass(qir_schedule, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\trcp t0, u0\n"
		"\tfmul t1, t0, t0\n"
		"\tfmul t2, u1, u1\n"
		"\tfadd t3, t2, u1\n"
		"\tfadd t4, t1, t3\n"
		"\tmov tlb_color, t4\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\trcp t0, u0\n"
		"\tfmul t2, u1, u1\n"
		"\tfadd t3, t2, u1\n"
		"\tfmul t1, t0, t0\n"
		"\tfadd t4, t1, t3\n"
		"\tmov tlb_color, t4\n");
}

/* With nothing else to do, the reader is taken as soon as time allows:
 * the order stays (no reordering of dependent work). */
static void dependent_chain_kept(void **state)
{
	(void)state;
	qt_check_pass(qir_schedule, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\trcp t0, u0\n"
		"\tfmul t1, t0, t0\n"
		"\trsq t2, t1\n"
		"\tfadd t3, t2, t1\n"
		"\tmov tlb_color, t3\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\trcp t0, u0\n"
		"\tfmul t1, t0, t0\n"
		"\trsq t2, t1\n"
		"\tfadd t3, t2, t1\n"
		"\tmov tlb_color, t3\n");
}

/* An ALU result's reader waits a step: the independent multiply goes
 * between the two chained adds (the QPU pairs it with one of them), where
 * the first version of the scheduler kept the chain together. */
static void alu_gap_filled(void **state)
{
	(void)state;
	qt_check_pass(qir_schedule, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfadd t0, u0, u0\n"
		"\tfadd t1, t0, t0\n"
		"\tfadd t2, t1, t1\n"
		"\tfmul t3, u1, u1\n"
		"\tfadd t4, t2, t3\n"
		"\tmov tlb_color, t4\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfadd t0, u0, u0\n"
		"\tfmul t3, u1, u1\n"
		"\tfadd t1, t0, t0\n"
		"\tfadd t2, t1, t1\n"
		"\tfadd t4, t2, t3\n"
		"\tmov tlb_color, t4\n");
}

/* A texture result is read at once, before the tile-buffer read that
 * would take r4 from it (and cost a move out of r4). */
static void r4_result_read_first(void **state)
{
	(void)state;
	qt_check_pass(qir_schedule, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 tex_p0 0\n"
		"block 0:\n"
		"\ttex_s u0, u1\n"
		"\tthrsw\n"
		"\ttex_result t0\n"
		"\ttlb_color_read t1\n"
		"\tfmov t2, t0.8a\n"
		"\tfmul t3, t2, t2\n"
		"\tv8adds t4, t3, t1\n"
		"\tmov tlb_color, t4\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 tex_p0 0\n"
		"block 0:\n"
		"\ttex_s u0, u1\n"
		"\tthrsw\n"
		"\ttex_result t0\n"
		"\tfmov t2, t0.8a\n"
		"\ttlb_color_read t1\n"
		"\tfmul t3, t2, t2\n"
		"\tv8adds t4, t3, t1\n"
		"\tmov tlb_color, t4\n");
}

/* The payload read stays at the top of the entry block though the
 * reciprocal's path is longer (the validator wants it there). */
static void payload_pinned(void **state)
{
	(void)state;
	const char *prog =
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfrag_w t0\n"
		"\trcp t1, u0\n"
		"\tfmul t2, t1, t1\n"
		"\tfadd t3, t2, t0\n"
		"\tmov tlb_color, t3\n";
	qt_check_pass(qir_schedule, true, prog, prog);
}

/* After the first multiply the best ready node is another multiply (path
 * 4), the add's path is 3: the add goes second, where the emitter pairs it
 * with the first multiply (the plain order was fmul t0, fmul t3, fmul t1,
 * fadd t4). */
static void alus_balanced(void **state)
{
	(void)state;
	qt_check_pass(qir_schedule, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfmul t0, u0, u0\n"
		"\tfmul t1, t0, t0\n"
		"\tfmul t2, t1, t1\n"
		"\tfmul t3, u1, u1\n"
		"\tfadd t4, u1, u1\n"
		"\tfadd t5, t2, t3\n"
		"\tfadd t6, t5, t4\n"
		"\tmov tlb_color, t6\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfmul t0, u0, u0\n"
		"\tfadd t4, u1, u1\n"
		"\tfmul t1, t0, t0\n"
		"\tfmul t3, u1, u1\n"
		"\tfmul t2, t1, t1\n"
		"\tfadd t5, t2, t3\n"
		"\tfadd t6, t5, t4\n"
		"\tmov tlb_color, t6\n");
	/* the other multiply's path is 6, the add's 3: the multiply comes
	 * second; then the add (3 against 5) goes before the next multiply */
	qt_check_pass(qir_schedule, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfmul t0, u0, u0\n"
		"\tfmul t1, t0, t0\n"
		"\tfmul t2, t1, t1\n"
		"\tfmul t3, u1, u1\n"
		"\tfmul t7, t3, t3\n"
		"\tfmul t8, t7, t7\n"
		"\tfadd t5, t2, t8\n"
		"\tfadd t4, u1, u1\n"
		"\tfadd t6, t5, t4\n"
		"\tmov tlb_color, t6\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfmul t0, u0, u0\n"
		"\tfmul t3, u1, u1\n"
		"\tfadd t4, u1, u1\n"
		"\tfmul t1, t0, t0\n"
		"\tfmul t7, t3, t3\n"
		"\tfmul t2, t1, t1\n"
		"\tfmul t8, t7, t7\n"
		"\tfadd t5, t2, t8\n"
		"\tfadd t6, t5, t4\n"
		"\tmov tlb_color, t6\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sfu_latency_filled),
		cmocka_unit_test(alu_gap_filled),
		cmocka_unit_test(r4_result_read_first),
		cmocka_unit_test(dependent_chain_kept),
		cmocka_unit_test(payload_pinned),
		cmocka_unit_test(alus_balanced),
	};
	return cmocka_run_group_tests_name("qir_sched", tests, NULL, NULL);
}
