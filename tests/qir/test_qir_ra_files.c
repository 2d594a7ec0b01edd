/* test_qir_ra_files.c: the allocator's file-split pass (qir_ra_files.h) —
 * two operands of one instruction in file A: one moves to a free
 * accumulator, or, with none free, to the other file; a value beside a
 * small immediate leaves file B; precoloured and A-only values stay and
 * their partner moves; no move when the other file collides as much; a
 * register taken over the range is not used; with nothing free, two values
 * of the two files trade registers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qir/qir_ra_files.h"
#include "qir/qir_ra_pressure.h"

enum { RA0 = 5, RB0 = 37 };

/* Five temps as in "t2 = t0 + t1 (ip 3); t3 = t2 + 1.0 (ip 4)", t4 a
 * bystander live over [0, 7): t0 and t1 are partners, t2 reads beside a
 * small immediate. */
static const uint32_t start5[] = { 1, 2, 3, 4, 0 }, end5[] = { 3, 3, 4, 5, 7 };
static const uint32_t pstart5[] = { 0, 1, 2, 2, 2, 2 }, partners5[] = { 1, 0 };
static const uint32_t imm5[] = { 0, 0, 1, 0, 0 };

/* Runs the pass on the five temps with the given registers, kinds (NULL:
 * any but r4) and pins (NULL: none); returns the number moved. */
static int run(uint32_t *reg, const uint8_t *kinds, const uint8_t *pinned)
{
	uint8_t k[5], p[5] = { 0 };
	for (int t = 0; t < 5; t++)
		k[t] = kinds ? kinds[t] : (K_A | K_B | K_ACC);
	struct qir_ra_files f = {
		.num_temps = 5, .num_ips = 7, .start = start5, .end = end5, .kinds = k,
		.pinned = pinned ? pinned : p, .pstart = pstart5, .partners = partners5,
		.imm_reads = imm5, .threaded = false, .reg = reg,
	};
	return qir_ra_split_files(&f);
}

static void to_free_accumulator(void **state)
{
	(void)state;
	/* t0 ra0 and t1 ra1 collide; t4 holds r0 all along, t2 and t3 r1 and
	 * r2 after t0's range: t0 takes r1, the first of three idle as long. */
	uint32_t reg[] = { RA0, RA0 + 1, 1, 2, 0 };
	assert_int_equal(run(reg, NULL, NULL), 1);
	assert_int_equal(reg[0], 1);
	assert_int_equal(reg[1], RA0 + 1);
}

static void to_other_file(void **state)
{
	(void)state;
	/* No accumulator allowed: t0 moves to file B, where t4 holds rb0:
	 * rb1. */
	uint8_t kinds[] = { K_A | K_B, K_A | K_B, K_ACC, K_ACC, K_A | K_B };
	uint32_t reg[] = { RA0, RA0 + 1, 1, 2, RB0 };
	assert_int_equal(run(reg, kinds, NULL), 1);
	assert_int_equal(reg[0], RB0 + 1);
	assert_int_equal(reg[1], RA0 + 1);
	assert_int_equal(reg[4], RB0);
}

static void away_from_small_imm(void **state)
{
	(void)state;
	/* t2 in rb3 is read beside the small immediate 1.0 (raddr_b). */
	uint8_t kinds[] = { K_ACC, K_ACC, K_A | K_B, K_ACC, K_A | K_B };
	uint32_t reg[] = { 0, 1, RB0 + 3, 2, RA0 };
	assert_int_equal(run(reg, kinds, NULL), 1);
	assert_int_equal(reg[2], RA0 + 1);
}

static void pinned_and_a_only_stay(void **state)
{
	(void)state;
	/* t0 is A-only (an unpack), t1 precoloured: nothing can move. */
	uint8_t kinds[] = { K_A, K_A | K_B, K_ACC, K_ACC, K_A | K_B };
	uint8_t pinned[] = { 0, 1, 0, 0, 0 };
	uint32_t reg[] = { RA0, RA0 + 1, 1, 2, RB0 };
	assert_int_equal(run(reg, kinds, pinned), 0);
	assert_int_equal(reg[0], RA0);
	assert_int_equal(reg[1], RA0 + 1);
	/* Unpinned, t1 moves instead of the A-only t0. */
	assert_int_equal(run(reg, kinds, NULL), 1);
	assert_int_equal(reg[0], RA0);
	assert_int_equal(reg[1], RB0 + 1);
}

static void no_gain_no_move(void **state)
{
	(void)state;
	/* Nothing collides: nothing moves. */
	uint8_t kinds[] = { K_A | K_B, K_A | K_B, K_ACC, K_ACC, K_A | K_B };
	uint32_t reg[] = { RB0, RA0 + 1, 1, 2, RA0 };
	assert_int_equal(run(reg, kinds, NULL), 0);
	assert_int_equal(reg[0], RB0);
	assert_int_equal(reg[1], RA0 + 1);
	/* t0 (ra2) beside t1 (A-only, ra1) and beside a small immediate: file
	 * B would collide with the immediate as file A does with t1. */
	static const uint32_t imm[] = { 1, 0, 0, 0, 0 };
	uint8_t kinds2[] = { K_A | K_B, K_A, K_ACC, K_ACC, K_A | K_B }, pinned[5] = { 0 };
	uint32_t reg2[] = { RA0 + 2, RA0 + 1, 1, 2, RA0 };
	struct qir_ra_files f = {
		.num_temps = 5, .num_ips = 7, .start = start5, .end = end5, .kinds = kinds2,
		.pinned = pinned, .pstart = pstart5, .partners = partners5, .imm_reads = imm,
		.threaded = false, .reg = reg2,
	};
	assert_int_equal(qir_ra_split_files(&f), 0);
	assert_int_equal(reg2[0], RA0 + 2);
	assert_int_equal(reg2[1], RA0 + 1);
}

/* Threaded: file B is full over t0's range (t5-t18, B-only, hold rb1-rb13
 * and rb15, rb14 is the emitter's, t4 holds rb0 over [0, 3)), no
 * accumulator is allowed; t0 (ra0) collides with t1 (ra1): t0 and t4 trade
 * registers. */
static void trades_registers(void **state)
{
	(void)state;
	uint32_t start[19], end[19], reg[19], pstart[20] = { 0 }, imm[19] = { 0 };
	static const uint32_t partners[] = { 1, 0, 4, 2 };   /* t0-t1, t2-t4 */
	uint8_t kinds[19], pinned[19] = { 0 };
	for (uint32_t t = 0; t < 19; t++) {
		start[t] = 0, end[t] = 7, kinds[t] = t >= 5 ? K_B : K_A | K_B;
		reg[t] = t >= 5 ? RB0 + (t - 4 < 14 ? t - 4 : 15) : 0;
		pstart[t + 1] = t < 3 ? t + 1 : t < 4 ? 3 : 4;
	}
	start[0] = 1, end[0] = 3, reg[0] = RA0;
	start[1] = 2, end[1] = 3, reg[1] = RA0 + 1;
	start[2] = 3, end[2] = 4, reg[2] = 0, kinds[2] = K_ACC;
	start[3] = 4, end[3] = 5, reg[3] = 1, kinds[3] = K_ACC;
	start[4] = 0, end[4] = 3, reg[4] = RB0;
	struct qir_ra_files f = {
		.num_temps = 19, .num_ips = 8, .start = start, .end = end, .kinds = kinds,
		.pinned = pinned, .pstart = pstart, .partners = partners, .imm_reads = imm,
		.threaded = true, .reg = reg,
	};
	assert_int_equal(qir_ra_split_files(&f), 1);
	assert_int_equal(reg[0], RB0);
	assert_int_equal(reg[4], RA0);
	assert_int_equal(reg[1], RA0 + 1);
	/* t4 pinned: no trade, nothing else can move. */
	reg[0] = RA0, reg[4] = RB0, pinned[4] = 1;
	assert_int_equal(qir_ra_split_files(&f), 0);
	assert_int_equal(reg[0], RA0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(to_free_accumulator),
		cmocka_unit_test(to_other_file),
		cmocka_unit_test(away_from_small_imm),
		cmocka_unit_test(pinned_and_a_only_stay),
		cmocka_unit_test(no_gain_no_move),
		cmocka_unit_test(trades_registers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
