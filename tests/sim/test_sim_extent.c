/*
 * test_sim_extent.c: sim_program_extent() on hand-assembled words: a
 * program ends two instructions after its program end; a forward branch
 * past an end makes the later end count; a backward loop branch keeps the
 * end after it; a branch in an end's delay slots reaches on; a register
 * branch, or no end at all, takes every word.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qpu/qpu_isa.h"
#include "sim/sim_qpu.h"

#define N 40

static uint64_t nop(void)
{
	return qpu_nop();
}

static uint64_t end(void)
{
	return qpu_set_sig(qpu_nop(), QPU_SIG_PROG_END);
}

/* A relative branch at `ip` to `target`. */
static uint64_t branch(uint32_t ip, uint32_t target)
{
	uint64_t w = qpu_set_sig(0, QPU_SIG_BRANCH);
	w = qpu_set_br_rel(w, 1);
	return qpu_set_imm(w, (uint32_t)qpu_branch_offset(ip, target));
}

static void fill(uint64_t *w)
{
	for (int i = 0; i < N; i++)
		w[i] = nop();
}

static void test_extents(void **state)
{
	(void)state;
	uint64_t w[N];
	fill(w);
	w[5] = end();
	assert_int_equal(sim_program_extent((const uint8_t *)w, N), 8);        /* 0..7 */
	w[0] = branch(0, 12);                                 /* past the end at 5 */
	w[15] = end();
	assert_int_equal(sim_program_extent((const uint8_t *)w, N), 18);
	fill(w);
	w[20] = branch(20, 2);                                /* a loop */
	w[30] = end();
	assert_int_equal(sim_program_extent((const uint8_t *)w, N), 33);
	fill(w);
	w[5] = end();
	w[7] = branch(7, 25);                                 /* in the end's slots */
	w[26] = end();
	assert_int_equal(sim_program_extent((const uint8_t *)w, N), 29);
	fill(w);
	w[3] = qpu_set_br_reg(branch(3, 10), 1);              /* target unknown */
	w[12] = end();
	assert_int_equal(sim_program_extent((const uint8_t *)w, N), N);
	fill(w);
	assert_int_equal(sim_program_extent((const uint8_t *)w, N), N);        /* no end */
	w[N - 1] = end();
	assert_int_equal(sim_program_extent((const uint8_t *)w, N), N);        /* slots past the words */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_extents),
	};
	return cmocka_run_group_tests_name("sim_extent", tests, NULL, NULL);
}
