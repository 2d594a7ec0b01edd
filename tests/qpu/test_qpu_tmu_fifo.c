/* test_qpu_tmu_fifo.c: the FIFO predecessors of a block's direct reads
 * (qpu_tmu_fifo.h), which both schedulers turn into edges: requests and
 * results each in order, a result after its own request, and the fifth
 * request after the first result, whose slot it takes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qpu/qpu_tmu_fifo.h"

/* Adds node `node` and checks its predecessors against the n expected
 * (node, why) pairs. */
static void expect(struct qpu_tmu_fifo *f, uint32_t node, bool request, unsigned n,
		   const struct qpu_fifo_pred *want)
{
	struct qpu_fifo_pred got[2] = { { 0, 0 }, { 0, 0 } };
	assert_int_equal(qpu_tmu_fifo_add(f, node, request, got), n);
	for (unsigned k = 0; k < n; k++) {
		assert_int_equal(got[k].node, want[k].node);
		assert_int_equal(got[k].why, want[k].why);
	}
}

/* Five requests (nodes 0, 1, 2, 3 and, after the first result at 10, 11),
 * then results 12, 13: the exact predecessors of each, in order. */
static void fifo_predecessors(void **state)
{
	(void)state;
	uint32_t sub[8], load[8];
	struct qpu_tmu_fifo f = { 0, 0, sub, load };
	expect(&f, 0, true, 0, NULL);
	expect(&f, 1, true, 1, (struct qpu_fifo_pred[]){ { 0, QPU_FIFO_PREV_REQUEST } });
	expect(&f, 2, true, 1, (struct qpu_fifo_pred[]){ { 1, QPU_FIFO_PREV_REQUEST } });
	expect(&f, 3, true, 1, (struct qpu_fifo_pred[]){ { 2, QPU_FIFO_PREV_REQUEST } });
	expect(&f, 10, false, 1, (struct qpu_fifo_pred[]){ { 0, QPU_FIFO_REQUEST } });
	expect(&f, 11, true, 2, (struct qpu_fifo_pred[]){ { 3, QPU_FIFO_PREV_REQUEST },
							  { 10, QPU_FIFO_SLOT } });
	expect(&f, 12, false, 2, (struct qpu_fifo_pred[]){ { 10, QPU_FIFO_PREV_RESULT },
							   { 1, QPU_FIFO_REQUEST } });
	expect(&f, 13, false, 2, (struct qpu_fifo_pred[]){ { 12, QPU_FIFO_PREV_RESULT },
							   { 2, QPU_FIFO_REQUEST } });
	assert_int_equal(f.nsub, 5);
	assert_int_equal(f.nload, 3);
	assert_int_equal(QPU_TMU_FIFO_RESULTS, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fifo_predecessors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
