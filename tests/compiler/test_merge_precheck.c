/* test_merge_precheck.c: the pairing code's decisions on exact instruction
 * words (qpu_merge.c): the facts' test that rules a pair out before any
 * field is looked at (each reason), and the word-level merge of the pairs
 * it lets through (the exact word made, or the field clash that refuses
 * it). Every pair is tried both ways round. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "codegen/emit_internal.h"
#include "asm_word.h"

/* Asserts that a and b (no other-ALU forms) do not pair, either way round. */
static void no_pair(const char *a, const char *b)
{
	uint64_t out = 0;
	if (emit_merge(word_of(a), 0, word_of(b), 0, &out))
		fail_msg("'%s' + '%s' paired: %016llx", a, b, (unsigned long long)out);
	if (emit_merge(word_of(b), 0, word_of(a), 0, &out))
		fail_msg("'%s' + '%s' paired: %016llx", b, a, (unsigned long long)out);
}

/* Asserts that a and b pair, either way round, into exactly the word of
 * `want`. */
static void pair(const char *a, const char *b, const char *want)
{
	uint64_t out = 0, w = word_of(want);
	if (!emit_merge(word_of(a), 0, word_of(b), 0, &out))
		fail_msg("'%s' + '%s' did not pair", a, b);
	assert_int_equal(out, w);
	out = 0;
	if (!emit_merge(word_of(b), 0, word_of(a), 0, &out))
		fail_msg("'%s' + '%s' did not pair", b, a);
	assert_int_equal(out, w);
}

/* Ruled out by the facts alone: a half busy in both, two peripheral
 * accesses, two uniform or varying reads, an SFU write beside an r4
 * signal, two data pops of the VPM, set-flags twice or from the MUL half
 * beside an ADD, a load immediate. */
static void facts_rule_out(void **state)
{
	(void)state;
	no_pair("add r0, r1, r2 ; nop", "sub r3, r1, r2 ; nop");
	no_pair("nop ; fmul r0, r1, r2", "nop ; fmul r3, r1, r2");
	no_pair("mov sfu_recip, r0 ; nop", "nop ; mov tmu0_s, r1");
	no_pair("mov r0, unif ; nop", "nop ; mov r1, unif");
	no_pair("fadd r0, vary, r5 ; nop", "nop ; fmul r1, vary, r1");
	no_pair("nop ; mov sfu_recip, r0 ; ldtmu0", "mov r1, r2 ; nop");
	no_pair("mov sfu_exp, r0 ; nop", "nop ; nop ; ldtmu0");
	no_pair("mov r0, vpm ; nop", "nop ; mov r1, vpm");
	no_pair("mov vr_setup, r0 ; nop", "nop ; mov vpm, r1");
	no_pair("add.sf r0, r1, r2 ; nop", "nop ; fmul.sf r3, r1, r2");
	no_pair("nop ; fmul.sf r3, r1, r2", "add r0, r1, r2 ; nop");
	no_pair("ldi r0, 5", "nop ; fmul r3, r1, r2");
}

/* Ruled out by the registers read: raddr_a and raddr_b name one register
 * each, and a register of one file cannot move to the other. */
static void registers_rule_out(void **state)
{
	(void)state;
	no_pair("mov r0, ra3 ; nop", "nop ; mov r1, ra4");
	no_pair("mov r0, rb3 ; nop", "nop ; mov r1, rb4");
	no_pair("add r0, ra3, rb5 ; nop", "nop ; fmul r1, ra3, rb6");
	/* the same register is one read */
	pair("mov r0, ra3 ; nop", "nop ; mov r1, ra3", "mov r0, ra3 ; mov r1, ra3");
	pair("add r0, ra3, rb5 ; nop", "nop ; fmul r1, rb5, ra3",
	     "add r0, ra3, rb5 ; fmul r1, rb5, ra3");
}

/* Pairs the facts allow that the fields refuse: the write files (one ws
 * bit), two signals, packs under different PM, a shared regfile A read
 * one side unpacks, a small immediate against a register or another small
 * immediate. */
static void fields_rule_out(void **state)
{
	(void)state;
	no_pair("mov ra1, r0 ; nop", "nop ; mov ra2, r1");
	no_pair("mov rb1, r0 ; nop", "nop ; mov rb2, r1");
	no_pair("mov r0, r1 ; nop ; sbwait", "nop ; mov r2, r3 ; sbdone");
	no_pair("mov ra1.16a, r0 ; nop", "nop ; fmul r2.8ac, r1, r1");
	no_pair("fadd r0, ra3.16a, r1 ; nop", "nop ; fmul r2, ra3, r1");
	no_pair("add r0, r1, 3 ; nop", "nop ; fmul r2, r1, rb4");
	no_pair("add r0, r1, 3 ; nop", "nop ; fmul r2, r1, 4");
}

/* Pairs made on the fields: the ADD half of one and the MUL half of the
 * other, shared reads, a uniform or VPM read moved to raddr_b beside a
 * regfile A read, the ws a file write needs, a signal, set-flags from the
 * ADD half, a shared small immediate. */
static void pairs_made(void **state)
{
	(void)state;
	pair("add r0, r1, r2 ; nop", "nop ; fmul r3, r1, r2", "add r0, r1, r2 ; fmul r3, r1, r2");
	pair("mov r0, ra3 ; nop", "nop ; mov r1, unif", "mov r0, ra3 ; mov r1, unif");
	pair("mov r0, ra3 ; nop", "nop ; mov vpm, r1", "mov r0, ra3 ; mov vpm, r1");
	pair("mov r0, ra3 ; nop", "nop ; mov r1, vpm", "mov r0, ra3 ; mov r1, vpm");
	pair("mov ra1, r0 ; nop", "nop ; mov rb2, r1", "mov ra1, r0 ; mov rb2, r1");
	pair("mov rb1, r0 ; nop", "nop ; mov ra2, r1", "mov rb1, r0 ; mov ra2, r1");
	pair("mov r0, r1 ; nop ; ldtmu0", "nop ; fmul r2, r3, r3",
	     "mov r0, r1 ; fmul r2, r3, r3 ; ldtmu0");
	pair("add.sf r0, r1, r2 ; nop", "nop ; fmul r3, r1, r2",
	     "add.sf r0, r1, r2 ; fmul r3, r1, r2");
	pair("add r0, r1, 3 ; nop", "nop ; fmul r2, r1, 3", "add r0, r1, 3 ; fmul r2, r1, 3");
	pair("mov r0, r1 ; nop", "nop ; nop ; ldtmu1", "mov r0, r1 ; nop ; ldtmu1");
}

/* The other-ALU forms: a pair that needs one half moved uses the form given. */
static void other_alu_forms(void **state)
{
	(void)state;
	uint64_t out = 0;
	uint64_t a = word_of("add r0, r1, r2 ; nop"), b = word_of("mov r3, r1 ; nop");
	uint64_t b_mul = word_of("nop ; mov r3, r1");
	assert_false(emit_merge(a, 0, b, 0, &out));
	assert_true(emit_merge(a, 0, b, b_mul, &out));
	assert_int_equal(out, word_of("add r0, r1, r2 ; mov r3, r1"));
	assert_true(emit_merge(b, b_mul, a, 0, &out));
	assert_int_equal(out, word_of("add r0, r1, r2 ; mov r3, r1"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(facts_rule_out),
		cmocka_unit_test(registers_rule_out),
		cmocka_unit_test(fields_rule_out),
		cmocka_unit_test(pairs_made),
		cmocka_unit_test(other_alu_forms),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
