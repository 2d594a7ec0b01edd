/* test_qpu_roundtrip.c: assembling the disassembly of any 64-bit word gives
 * back the same bits. Seeded random words: fully random ones (mostly
 * `.word` for ALU forms, since many read addresses are reserved) and ones
 * nudged towards valid ALU encodings, plus sweeps of every value of every
 * field over a few base words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "qpu/qpu_asm.h"
#include "qpu/qpu_dis.h"
#include "qpu/qpu_isa.h"

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Disassembles and re-assembles one word; counts valid words. */
static void round_trip(uint64_t w, size_t *valid)
{
	char text[QPU_DIS_MAX];
	struct vc4_diag d = { 0 };
	uint64_t back = 0;

	*valid += qpu_disasm(w, 7, text, sizeof(text));
	if (!qpu_assemble_line(text, "rt", 7, &back, &d))
		fail_msg("0x%016llx: '%s': %s", (unsigned long long)w, text, d.msg);
	if (back != w)
		fail_msg("0x%016llx: '%s' assembles to 0x%016llx", (unsigned long long)w, text,
			 (unsigned long long)back);
}

/* A defined read address, often a special one. */
static uint32_t some_raddr(void)
{
	static const uint32_t special[] = { 32, 35, 38, 39, 41, 42, 48, 49, 50, 51 };
	return next() % 2 ? (uint32_t)(next() % 32) : special[next() % 10];
}

/* Moves a random word towards a valid ALU instruction. */
static uint64_t nudge_alu(uint64_t w)
{
	w = qpu_set_sig(w, (uint32_t)(next() % 14));
	w = qpu_set_raddr_a(w, some_raddr());
	if (qpu_get_sig(w) != QPU_SIG_SMALL_IMM)
		w = qpu_set_raddr_b(w, some_raddr());
	if (!qpu_add_ops[qpu_get_op_add(w)].name)
		w = qpu_set_op_add(w, QPU_A_OR);
	if (next() % 2)
		w = qpu_set_pack(w, 0);
	if (next() % 4 == 0)   /* moves: or x, x / v8min x, x */
		w = qpu_set_add_b(qpu_set_mul_b(w, qpu_get_mul_a(w)), qpu_get_add_a(w));
	if (next() % 4 == 0)
		w = qpu_set_waddr_mul(qpu_set_waddr_add(w, 39), 32 + (uint32_t)(next() % 4));
	return w;
}

static void random_words(void **state)
{
	(void)state;
	size_t valid = 0;
	for (int i = 0; i < 100000; i++)
		round_trip(next(), &valid);
	assert_true(valid > 20000);   /* about 27% of random words are valid */
}

static void random_valid_alu_words(void **state)
{
	(void)state;
	size_t valid = 0;
	for (int i = 0; i < 100000; i++)
		round_trip(nudge_alu(next()), &valid);
	assert_true(valid > 80000);   /* about 84% after nudging */
}

/* Every value of every field, over an ALU nop, a load immediate, a
 * semaphore and a branch. */
static void field_sweeps(void **state)
{
	(void)state;
	const uint64_t bases[] = {
		0x100009e7009e7000ull, 0xe0020c2700401a00ull,
		0xe80009e700000013ull, 0xf00809e7ffffffd8ull,
		0xd002482715827d80ull,
	};
	size_t valid = 0;
	for (size_t b = 0; b < sizeof(bases) / sizeof(bases[0]); b++) {
		for (int f = 0; f < QPU_F_COUNT; f++) {
			uint32_t width = qpu_fields[f].width;
			uint32_t n = width > 8 ? 256 : 1u << width;
			for (uint32_t v = 0; v < n; v++) {
				uint32_t value = width > 8 ? (uint32_t)next() : v;
				round_trip(qpu_field_set(bases[b], (enum qpu_field)f, value), &valid);
			}
		}
	}
	assert_true(valid > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(random_words),
		cmocka_unit_test(random_valid_alu_words),
		cmocka_unit_test(field_sweeps),
	};
	return cmocka_run_group_tests_name("qpu_roundtrip", tests, NULL, NULL);
}
