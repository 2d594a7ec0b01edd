/* test_qir_live.c: liveness over a CFG with a loop — block live-in/out
 * sets and per-temp [start, end) ranges — and partial writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "qir_test.h"

/* ip:  0 mov t0 | 1 mov t1 | 2 sub.sf | 3 branch | 4 add t0 | 5 mov t2 |
 *      6 fadd t4 | 7 branch | 8 fadd t3 | 9 mov tlb_color */
static const char loop_text[] =
	"qir fs\n"
	"uniform u0 user 0\n"
	"uniform u1 user 1\n"
	"block 0:\n"
	"\tmov t0, u0\n"
	"\tmov t1, u1\n"
	"block 1:\n"                       /* loop header */
	"\tsub.sf -, t0, 10\n"
	"\tbranch.all_nc b3\n"
	"block 2:\n"                       /* body: back edge to 1 */
	"\tadd t0, t0, 1\n"
	"\tmov t2, t1\n"
	"\tfadd t4, t2, t2\n"
	"\tbranch b1\n"
	"block 3:\n"                       /* exit */
	"\tfadd t3, t1, t1\n"
	"\tmov tlb_color, t3\n";

/* The temps set in a block's live-in or live-out bitset, as a mask. */
static uint32_t live_mask(const struct qir_liveness *lv, uint32_t b, bool out)
{
	uint32_t m = 0;
	for (uint32_t t = 0; t < lv->num_temps; t++) {
		if (out ? qir_live_out(lv, b, t) : qir_live_in(lv, b, t))
			m |= 1u << t;
	}
	return m;
}

static void loop_liveness(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse(loop_text);
	qt_assert_valid(c);
	struct qir_liveness lv;
	struct vc4_diag d = {0};
	assert_true(qir_liveness(c, &lv, &d));
	assert_int_equal(lv.num_insts, 10);
	/* CFG */
	assert_int_equal(c->blocks.data[1]->preds.len, 2);
	assert_int_equal(c->blocks.data[1]->preds.data[1], 2);
	assert_int_equal(c->blocks.data[2]->succ[0], QIR_NONE);
	assert_int_equal(c->blocks.data[2]->succ[1], 1);
	/* sets: t0 and t1 circulate through the loop; only t1 leaves it */
	static const uint32_t in[4] = { 0x0, 0x3, 0x3, 0x2 }, out[4] = { 0x3, 0x3, 0x3, 0x0 };
	for (uint32_t b = 0; b < 4; b++) {
		assert_int_equal(live_mask(&lv, b, false), in[b]);
		assert_int_equal(live_mask(&lv, b, true), out[b]);
	}
	/* ranges: loop-carried values cover the whole loop */
	static const uint32_t start[5] = { 0, 1, 5, 8, 6 }, end[5] = { 8, 8, 6, 9, 6 };
	for (uint32_t t = 0; t < 5; t++) {
		assert_int_equal(lv.start[t], start[t]);
		assert_int_equal(lv.end[t], end[t]);
	}
	assert_int_equal(lv.block_start[2], 4);
	assert_int_equal(lv.block_end[2], 8);
	qir_liveness_free(&lv);
	qir_compile_free(c);
}

/* A conditional write does not end the old value's life; a full one does. */
static void partial_writes(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse(
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"              /* 0 */
		"\tmov.sf -, t0\n"            /* 1 */
		"\tmov t1, t0\n"              /* 2 */
		"\tmov.zs t1, 1\n"            /* 3: t1 stays live from 2 */
		"\tmov t2.16a, t0\n"          /* 4 */
		"\tmov t2.16b, t1\n"          /* 5: packed write, t2 live from 4 */
		"\tmov tlb_color, t2\n");     /* 6 */
	qt_assert_valid(c);
	struct qir_liveness lv;
	assert_true(qir_liveness(c, &lv, NULL));
	assert_int_equal(lv.start[1], 2);
	assert_int_equal(lv.end[1], 5);
	assert_int_equal(lv.start[2], 4);
	assert_int_equal(lv.end[2], 6);
	qir_liveness_free(&lv);
	qir_compile_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(loop_liveness),
		cmocka_unit_test(partial_writes),
	};
	return cmocka_run_group_tests_name("qir_live", tests, NULL, NULL);
}
