/* test_emit_facts.c: emit_facts() on assembled words — the registers,
 * accumulators, FIFOs, peripherals, flags and signals each form of
 * instruction reads and writes, as the emitter's scheduler, pairing and
 * program-end code read them (exact values for every field). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "codegen/emit_internal.h"
#include "asm_word.h"

/* Facts with nothing read or written (what every word starts from). */
static struct emit_facts none(void)
{
	struct emit_facts f;
	memset(&f, 0, sizeof(f));
	f.rd_ra = f.rd_rb = f.wr_ra = f.wr_rb = -1;
	return f;
}

/* Asserts every field of the facts of `line` equals `want`'s. */
static void expect(const char *line, const struct emit_facts *want)
{
	struct emit_facts f;
	emit_facts(word_of(line), &f);
	assert_int_equal(f.rd_acc, want->rd_acc);
	assert_int_equal(f.wr_acc, want->wr_acc);
	assert_int_equal(f.rd_ra, want->rd_ra);
	assert_int_equal(f.rd_rb, want->rd_rb);
	assert_int_equal(f.wr_ra, want->wr_ra);
	assert_int_equal(f.wr_rb, want->wr_rb);
	assert_int_equal(f.periph, want->periph);
	assert_int_equal(f.bits, want->bits);
}

/* Both halves: mux reads of ra/rb and accumulators, writes to each file,
 * set-flags and a conditional half. */
static void alu_registers(void **state)
{
	(void)state;
	struct emit_facts w = none();
	w.rd_acc = 1u << 1;
	w.rd_ra = 3;
	w.rd_rb = 5;
	w.wr_ra = 7;
	w.wr_acc = 1u << 2;
	w.is_alu = w.uses_add = w.uses_mul = true;
	w.rd_flags = w.wr_flags = true;
	expect("add.sf ra7, ra3, rb5 ; fmul.zs r2, r1, ra3", &w);
	/* a small immediate is no rb read; a NOP half reads nothing */
	w = none();
	w.rd_acc = 1u << 0;
	w.wr_rb = 9;
	w.is_alu = w.uses_mul = true;
	expect("nop ; fmul rb9, r0, 2", &w);
}

/* Uniform and varying reads pop their FIFO (a varying's C coefficient
 * lands in r5); ra14 is the selection's scratch. */
static void alu_fifos(void **state)
{
	(void)state;
	struct emit_facts w = none();
	w.wr_acc = (1u << 1) | (1u << 5);
	w.is_alu = w.uses_add = true;
	w.rd_unif = w.vary = w.fifo = true;
	expect("fadd r1, unif, vary ; nop", &w);
	w = none();
	w.rd_ra = 14;
	w.wr_acc = 1u << 1;
	w.is_alu = w.uses_add = w.r14 = true;
	expect("mov r1, ra14 ; nop", &w);
}

/* Peripheral writes: SFU (r4, three later), TMU request (pops a
 * uniform), VPM data, and a signal loading r4. */
static void peripherals(void **state)
{
	(void)state;
	struct emit_facts w = none();
	w.rd_acc = 1u << 0;
	w.wr_acc = 1u << 4;
	w.periph = 1;
	w.is_alu = w.uses_add = w.sfu = true;
	expect("mov sfu_recip, r0 ; nop", &w);
	w = none();
	w.rd_acc = 1u << 1;
	w.periph = 1;
	w.is_alu = w.uses_add = w.tmu_write = w.rd_unif = true;
	expect("mov tmu0_s, r1 ; nop", &w);
	w = none();
	w.rd_ra = 2;
	w.is_alu = w.uses_mul = w.vpm = w.vpm_wr = w.fifo = true;
	expect("nop ; mov vpm, ra2", &w);
	w = none();
	w.wr_acc = 1u << 4;
	w.periph = 1;
	w.is_alu = w.r4_sig = w.tmu_load = true;
	expect("nop ; nop ; ldtmu0", &w);
}

/* Load immediate (its conditions read flags), semaphore, branch. */
static void other_forms(void **state)
{
	(void)state;
	struct emit_facts w = none();
	w.wr_acc = 1u << 3;
	w.rd_flags = true;
	expect("ldi r3.ns, 16", &w);
	w = none();
	w.periph = 1;
	expect("sacq 3", &w);
	w = none();
	w.rd_flags = true;
	expect("brr.all_zs 8", &w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(alu_registers),
		cmocka_unit_test(alu_fifos),
		cmocka_unit_test(peripherals),
		cmocka_unit_test(other_forms),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
