/* test_qir_ra_acc.c: the allocator's accumulator pass (qir_ra_acc.h) —
 * the write-to-read distances it is driven by, a quickly read regfile value
 * moving into the accumulator idle longest, the eviction of a value that is
 * not read quickly to free one, no move when the holders may not leave, and
 * ranges longer than QIR_RA_ACC_MAX_RANGE kept. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "qir/qir_ra_acc.h"
#include "qir/qir_ra_pressure.h"
#include "qir_test.h"

enum { R0 = 0, R1 = 1, RA0 = 5, RA3 = 8, RB0 = 37 };

static void distances(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse(
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"           /* ip 0 */
		"\tfadd t1, t0, t0\n"      /* t0 read 1 after its write */
		"\tfadd t2, t0, t0\n"
		"\tmov t3, u0\n"
		"\tfadd t4, t1, t3\n"      /* t1 read 3 after, t3 1 after */
		"\tmov tlb_color, t4\n");
	qir_number_insts(c);          /* as the allocator's liveness does */
	uint8_t *d = qir_ra_read_distances(c);
	assert_non_null(d);
	assert_int_equal(d[0], 1);
	assert_int_equal(d[1], 3);
	assert_int_equal(d[2], 255);   /* never read */
	assert_int_equal(d[3], 1);
	assert_int_equal(d[4], 1);
	free(d);
	qir_compile_free(c);
}

/* Runs the pass on n temps with the given ranges, wants and registers. */
static void run(uint32_t n, const uint32_t *start, const uint32_t *end, const uint8_t *want,
		uint32_t *reg, uint32_t num_ips)
{
	uint8_t kinds[8];
	for (uint32_t t = 0; t < n; t++)
		kinds[t] = K_A | K_B | K_ACC;
	struct qir_ra_acc a = {
		.num_temps = n, .num_ips = num_ips, .start = start, .end = end,
		.want = want, .kinds = kinds, .threaded = false, .reg = reg,
	};
	assert_true(qir_ra_prefer_acc(&a));
}

static void moves_into_idle_acc(void **state)
{
	(void)state;
	/* r0 busy over [0, 10), r1 busy until 2; t2 (in ra3) read quickly at
	 * [4, 6): r2 and r3 have been idle longer than r1, r2 comes first. */
	uint32_t start[] = { 0, 0, 4 }, end[] = { 10, 2, 6 }, reg[] = { R0, R1, RA3 };
	uint8_t want[] = { 2, 2, 1 };
	run(3, start, end, want, reg, 12);
	assert_int_equal(reg[0], R0);
	assert_int_equal(reg[1], R1);
	assert_int_equal(reg[2], 2);
}

static void evicts_slow_holder(void **state)
{
	(void)state;
	/* r0-r3 all held over [0, 10) by values not read quickly; ra0 is taken
	 * by t4; t5 (in rb0) is read quickly over [3, 5): t0 leaves r0 for the
	 * first free regfile register (ra1), t5 takes r0. */
	uint32_t start[] = { 0, 0, 0, 0, 0, 3 }, end[] = { 10, 10, 10, 10, 10, 5 };
	uint32_t reg[] = { 0, 1, 2, 3, RA0, RB0 };
	uint8_t want[] = { 2, 2, 2, 2, 0, 1 };
	run(6, start, end, want, reg, 12);
	assert_int_equal(reg[0], RA0 + 1);
	assert_int_equal(reg[5], 0);
	for (uint32_t t = 1; t < 5; t++)
		assert_int_equal(reg[t], t < 4 ? t : RA0);
}

static void holders_that_must_stay(void **state)
{
	(void)state;
	/* The holders are read quickly themselves (want 1): nothing moves; a
	 * quick value with a range over QIR_RA_ACC_MAX_RANGE stays too. */
	uint32_t start[] = { 0, 0, 0, 0, 3, 0 };
	uint32_t end[] = { 10, 10, 10, 10, 5, QIR_RA_ACC_MAX_RANGE + 20 };
	uint32_t reg[] = { 0, 1, 2, 3, RB0, RA0 };
	uint8_t want[] = { 1, 1, 1, 1, 1, 1 };
	run(6, start, end, want, reg, QIR_RA_ACC_MAX_RANGE + 30);
	for (uint32_t t = 0; t < 4; t++)
		assert_int_equal(reg[t], t);
	assert_int_equal(reg[4], RB0);
	assert_int_equal(reg[5], RA0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(distances),
		cmocka_unit_test(moves_into_idle_acc),
		cmocka_unit_test(evicts_slow_holder),
		cmocka_unit_test(holders_that_must_stay),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
