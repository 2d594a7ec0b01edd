/*
 * test_qir_sched.c: the pre-allocation list scheduler (qir_schedule(),
 * qir_sched.c) on exact QIR text: the longest latency path goes first, and
 * independent work fills an SFU result's latency instead of the reader
 * following its producer at once, and an ALU result's one-step gap; a
 * texture result is read before anything else takes r4; payload reads
 * stay at the top; an ADD-unit node whose path is at most 2 steps shorter
 * follows a MUL-unit node instead of a second one (not one 3 shorter);
 * in a long block, past 12 open temps, nodes that open none go first;
 * a coordinate shader's direct reads interleave as a FIFO; waiting nodes
 * join the ready ones at their step, in a second block too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
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

/* The most temps live at once in block 0 of c: a temp is live from its
 * definition to its last reader (none read before being defined here). */
static unsigned max_live(struct qir_compile *c)
{
	unsigned last[128] = { 0 }, pos = 0, most = 0;
	struct qir_inst *i;
	assert_true(c->num_temps <= sizeof(last) / sizeof(last[0]));
	for (i = c->blocks.data[0]->first; i; i = i->next, pos++)
		for (int k = 0; k < qir_ops[i->op].nsrc; k++)
			if (qir_is_temp(i->src[k]))
				last[i->src[k].index] = pos;
	unsigned live = 0;
	pos = 0;
	for (i = c->blocks.data[0]->first; i; i = i->next, pos++) {
		for (int k = 0; k < qir_ops[i->op].nsrc; k++)
			if (qir_is_temp(i->src[k]) && last[i->src[k].index] == pos &&
			    (k == 0 || !qir_is_temp(i->src[0]) || i->src[0].index != i->src[k].index))
				live--;
		if (qir_is_temp(i->dst))
			live++;
		most = live > most ? live : most;
	}
	return most;
}

/* 16 independent chains of 4 nodes (a = u*u, b = a + u, c = b*b, d = c +
 * a) summed by a balanced tree: every chain's path is as long, and the
 * latency order alone starts all 16 chains before finishing one (32 temps
 * live at once). From 12 open temps on (PRESSURE_LIMIT) a node that opens
 * none is preferred: 14 live at most. A block under PRESSURE_MIN_NODES (64)
 * nodes keeps the latency order: 8 chains (40 nodes) leave 16 live. */
static void pressure_limited(void **state)
{
	(void)state;
	static const unsigned chains[] = { 16, 8 }, want[] = { 14, 16 };
	for (int v = 0; v < 2; v++) {
		char text[8192];
		size_t n = (size_t)snprintf(text, sizeof(text), "qir fs\nuniform u0 user 0\nblock 0:\n");
		unsigned t = 0, sums[16];
		for (unsigned k = 0; k < chains[v]; k++, t += 4) {
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "\tfmul t%u, u0, u0\n\tfadd t%u, t%u, u0\n"
					      "\tfmul t%u, t%u, t%u\n\tfadd t%u, t%u, t%u\n",
					      t, t + 1, t, t + 2, t + 1, t + 1, t + 3, t + 2, t);
			sums[k] = t + 3;
		}
		for (unsigned w = chains[v]; w > 1; w /= 2)
			for (unsigned k = 0; k < w / 2; k++, t++) {
				n += (size_t)snprintf(text + n, sizeof(text) - n,
						      "\tfadd t%u, t%u, t%u\n", t, sums[2 * k],
						      sums[2 * k + 1]);
				sums[k] = t;
			}
		snprintf(text + n, sizeof(text) - n, "\tmov tlb_color, t%u\n", sums[0]);
		struct qir_compile *c = qt_parse(text);
		assert_true(qir_schedule(c));
		qt_assert_valid(c);
		assert_int_equal(max_live(c), want[v]);
		qir_compile_free(c);
	}
}

/* A coordinate shader's direct reads as a FIFO: the fifth request waits
 * only for the first result, whose slot it takes, and each result's
 * product comes before the next result (TMU_RESULT_GAP), which would
 * otherwise take r4 first. */
static void direct_reads_fifo(void **state)
{
	(void)state;
	qt_check_pass(qir_schedule, true,
		"qir cs\n"
		"uniform u0 const 0x00001a00\n"
		"uniform u1 ubo_addr 0\n"
		"uniform u2 ubo_addr 4\n"
		"uniform u3 ubo_addr 8\n"
		"uniform u4 ubo_addr 12\n"
		"uniform u5 ubo_addr 16\n"
		"uniform u6 user 0\n"
		"uniform u7 user 1\n"
		"block 0:\n"
		"\tmov vw_setup, u0\n"
		"\tmov t0, u6\n"
		"\ttex_direct t0, u1\n"
		"\ttex_direct t0, u2\n"
		"\ttex_direct t0, u3\n"
		"\ttex_direct t0, u4\n"
		"\tdirect_result t1\n"
		"\tdirect_result t2\n"
		"\tdirect_result t3\n"
		"\tdirect_result t4\n"
		"\ttex_direct t0, u5\n"
		"\tdirect_result t5\n"
		"\tfmul t6, t1, u7\n"
		"\tfmul t7, t2, u7\n"
		"\tfmul t8, t3, u7\n"
		"\tfmul t9, t4, u7\n"
		"\tfmul t10, t5, u7\n"
		"\tfadd t11, t6, t7\n"
		"\tfadd t12, t11, t8\n"
		"\tfadd t13, t12, t9\n"
		"\tfadd t14, t13, t10\n"
		"\tmov vpm, t14\n",
		"qir cs\n"
		"uniform u0 const 0x00001a00\n"
		"uniform u1 ubo_addr 0\n"
		"uniform u2 ubo_addr 4\n"
		"uniform u3 ubo_addr 8\n"
		"uniform u4 ubo_addr 12\n"
		"uniform u5 ubo_addr 16\n"
		"uniform u6 user 0\n"
		"uniform u7 user 1\n"
		"block 0:\n"
		"\tmov t0, u6\n"
		"\tmov vw_setup, u0\n"
		"\ttex_direct t0, u1\n"
		"\ttex_direct t0, u2\n"
		"\ttex_direct t0, u3\n"
		"\ttex_direct t0, u4\n"
		"\tdirect_result t1\n"
		"\tfmul t6, t1, u7\n"
		"\ttex_direct t0, u5\n"
		"\tdirect_result t2\n"
		"\tfmul t7, t2, u7\n"
		"\tfadd t11, t6, t7\n"
		"\tdirect_result t3\n"
		"\tfmul t8, t3, u7\n"
		"\tfadd t12, t11, t8\n"
		"\tdirect_result t4\n"
		"\tfmul t9, t4, u7\n"
		"\tfadd t13, t12, t9\n"
		"\tdirect_result t5\n"
		"\tfmul t10, t5, u7\n"
		"\tfadd t14, t13, t10\n"
		"\tmov vpm, t14\n");
}

/* Waiting nodes (a ring of buckets by the step they become ready) join the
 * ready ones when their step comes: each add follows its multiply after
 * the one-step gap, in the order the multiplies went; in block 1 the
 * reciprocal goes first (longest path) and its reader waits SFU_LATENCY
 * steps, filled by the adds. Block 1 reuses the lists of block 0. */
static void waiting_nodes_ordered(void **state)
{
	(void)state;
	qt_check_pass(qir_schedule, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 user 2\n"
		"block 0:\n"
		"\trcp t0, u0\n"
		"\tfmul t1, u1, u1\n"
		"\tfmul t2, u2, u2\n"
		"\tfadd t3, t2, u2\n"
		"\tfadd t4, t1, u1\n"
		"\tfadd t5, t4, t3\n"
		"\tfadd t6, t5, t5\n"
		"\tfmul t7, t0, t6\n"
		"\tmov t16, t7\n"
		"block 1:\n"
		"\tfmul t8, u1, u1\n"
		"\tfmul t9, u2, u2\n"
		"\trcp t10, u0\n"
		"\tfadd t11, t9, u2\n"
		"\tfadd t12, t8, u1\n"
		"\tfadd t13, t11, t12\n"
		"\tfmul t14, t10, t10\n"
		"\tfmul t15, t14, t13\n"
		"\tfadd t17, t15, t16\n"
		"\tmov tlb_color, t17\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"uniform u2 user 2\n"
		"block 0:\n"
		"\trcp t0, u0\n"
		"\tfmul t1, u1, u1\n"
		"\tfmul t2, u2, u2\n"
		"\tfadd t4, t1, u1\n"
		"\tfadd t3, t2, u2\n"
		"\tfadd t5, t4, t3\n"
		"\tfadd t6, t5, t5\n"
		"\tfmul t7, t0, t6\n"
		"\tmov t16, t7\n"
		"block 1:\n"
		"\trcp t10, u0\n"
		"\tfmul t8, u1, u1\n"
		"\tfmul t9, u2, u2\n"
		"\tfadd t12, t8, u1\n"
		"\tfadd t11, t9, u2\n"
		"\tfmul t14, t10, t10\n"
		"\tfadd t13, t11, t12\n"
		"\tfmul t15, t14, t13\n"
		"\tfadd t17, t15, t16\n"
		"\tmov tlb_color, t17\n");
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
		cmocka_unit_test(pressure_limited),
		cmocka_unit_test(direct_reads_fifo),
		cmocka_unit_test(waiting_nodes_ordered),
	};
	return cmocka_run_group_tests_name("qir_sched", tests, NULL, NULL);
}
