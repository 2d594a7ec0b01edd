/* test_qpu_asm.c: the assembler's accepted syntax (exact words), its error
 * messages (exact text), labels, and the hex-text reader. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "qpu/qpu_asm.h"
#include "qpu/qpu_dis.h"
#include "qpu/qpu_isa.h"
#include "qpu/qpu_hex.h"

/* Assembles a program and checks its words. */
static void assert_program(const char *text, const uint64_t *expect, size_t n)
{
	struct vc4_diag d = { 0 };
	uint64_t *words;
	size_t count;

	if (!qpu_assemble(text, "t.s", &words, &count, &d))
		fail_msg("%s", d.msg);
	assert_int_equal(count, n);
	for (size_t i = 0; i < n; i++) {
		if (words[i] != expect[i])
			fail_msg("word %zu: 0x%016llx, expected 0x%016llx", i,
				 (unsigned long long)words[i], (unsigned long long)expect[i]);
	}
	free(words);
}

static void assert_line(const char *line, uint64_t expect)
{
	assert_program(line, &expect, 1);
}

static void assert_error(const char *text, const char *msg)
{
	struct vc4_diag d = { 0 };
	uint64_t *words = (uint64_t *)1;
	size_t count = 99;

	assert_false(qpu_assemble(text, "t.s", &words, &count, &d));
	assert_null(words);
	assert_int_equal(count, 0);
	assert_string_equal(d.msg, msg);
}

static void accepted_syntax(void **state)
{
	(void)state;
	const uint64_t nop = 0x100009e7009e7000ull;
	assert_line("nop", nop);
	assert_line("nop ; nop", nop);
	assert_line("  nop;nop   # comment", nop);
	assert_line("nop ; nop // comment", nop);
	assert_line("mov r0, unif", 0x1002082715827d80ull);           /* one half */
	assert_line("or r0, unif, unif ; nop", 0x1002082715827d80ull); /* mov alias */
	assert_line("mov r0, ra32 ; nop", 0x1002082715827d80ull);      /* explicit file A */
	assert_line("nop ; v8muld r0, r0, r4", 0x100049e0609e7004ull);
	assert_line("v8muld r0, r0, r4", 0x100049e0609e7004ull);       /* mul-only op alone */
	assert_line("nop ; nop ; ldtmu0", 0xa00009e7009e7000ull);
	/* Broadcom: itof r0, x_coord ; mov ra0, f(0.5) */
	assert_line("itof r0, x_pix ; mov ra0, 0.5", 0xd002580088a6fdbfull);
	/* shared name takes file B when file A is taken by ra1 */
	assert_line("fadd r0, unif, ra1 ; nop", 0x1002082701060f80ull);
	assert_line("ldi rb15, 0xff000000", 0xe00213e7ff000000ull);
	assert_line("ldi rb15, -16777216", 0xe00213e7ff000000ull);
	assert_line("ldi r0, 1.0", 0xe00208273f800000ull);
	assert_line("ldi.u2 r0, [1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,3]", 0xe602082780008001ull);
	assert_line("sacq 3", 0xe80009e700000013ull);
	assert_line("srel 15", 0xe80009e70000000full);
	assert_line("brr.all_zs 0", 0xf00809e700000000ull);
	assert_line(".word 0x0123456789abcdef", 0x0123456789abcdefull);
	assert_line(".word 81985529216486895", 0x0123456789abcdefull);
}

static void labels(void **state)
{
	(void)state;
	const uint64_t nop = 0x100009e7009e7000ull;
	/* back: target 0 from ip 1 -> (0 - 5) * 8 = -40; forward from ip 2 to
	 * ip 7 -> (7 - 6) * 8 = 8; back from ip 7 -> (0 - 11) * 8 = -88 */
	const uint64_t expect[] = {
		nop, 0xf03809e7ffffffd8ull, 0xf00809e700000008ull, nop, nop, nop, nop,
		0xfff809e7ffffffa8ull,
	};
	assert_program("top: nop\n"
		       "\tbrr.any_zc top\n"
		       "brr.all_zs end\n"
		       "nop\nnop\nnop\n"
		       "  nop\n"
		       "end:\n"
		       "a: b: brr top ; br_unused=15\n", expect, 8);
	assert_error("x: nop\nx: nop\n", "t.s:2:1: error: label 'x' defined twice");
	assert_error("nop\nbra x\nx: nop\n", "t.s:2:5: error: labels need a relative branch (brr)");
	assert_error("nop\n\n  brr y\n", "t.s:3:7: error: unknown label 'y'");
}

struct error_case {
	const char *text;
	const char *msg;
};

static const struct error_case errors[] = {
	{ "fadd r0, r1", "t.s:1:12: error: expected ',' and a second operand (fadd takes two)" },
	{ "fadd r0, r1, r9", "t.s:1:14: error: expected an operand, found 'r9'" },
	{ "fadd r0 r1, r2", "t.s:1:9: error: expected ',', found 'r1'" },
	{ "nop\nfadd2 r0, r1, r2", "t.s:2:1: error: expected an instruction, found 'fadd2'" },
	{ "fadd.zq r0, r1, r2", "t.s:1:6: error: expected a condition or 'sf', found 'zq'" },
	{ "fadd r0.16q, r1, r2", "t.s:1:9: error: expected a pack mode, found '16q'" },
	{ "fadd r0, r1.8z, r2", "t.s:1:13: error: expected an unpack mode after '.'" },
	{ "fadd r0, r1, 17", "t.s:1:14: error: 0x00000011 is not a small immediate "
	  "(-16..15, 1.0..128.0 or 1/256..1/2 by powers of two)" },
	{ "fadd r0, ra1, ra2", "t.s:1:15: error: regfile A already reads ra1, cannot also read ra2" },
	{ "fadd r0, rb1, 1", "t.s:1:10: error: regfile B cannot be read in an instruction "
	  "with a small immediate" },
	{ "fadd r0, r1, 1 ; nop ; thrend", "t.s:1:14: error: conflicting signals: small_imm "
	  "here, thrend at column 24 (one signal per instruction; small immediates use one)" },
	{ "fadd r0, r1, 1.0 ; fmul r2, r3, 2.0", "t.s:1:33: error: raddr_b already holds 32; "
	  "an instruction has one regfile B read or small immediate" },
	{ "fadd r0, r1, r2 ; fsub r0, r1, r2", "t.s:1:19: error: expected a mul op, found 'fsub'" },
	{ "nop ; nop ; bogus", "t.s:1:13: error: expected a clause (signal, rot, ws, pm or "
	  "field=value), found 'bogus'" },
	{ "fadd ra0, r1, r2 ; fmul ra1, r1, r2", "t.s:1:25: error: this write needs ws=1 but "
	  "column 6 needs ws=0 (the two ALUs write different register files)" },
	{ "fadd rb0.16a, r1, r2 ; nop", "t.s:1:10: error: this write needs ws=0 but column 6 "
	  "needs ws=1 (the two ALUs write different register files)" },
	{ "fadd r0.8888c, r1, r2", "t.s:1:9: error: pack mode '8888c' applies to the mul "
	  "destination only" },
	{ "mov r0, r1 ; nop ; raddr_a=64", "t.s:1:20: error: value of raddr_a does not fit 6 bits" },
	{ "nop ; nop ; raddr_a=36", "t.s:1:1: error: reserved regfile A read address 36; use "
	  ".word for undefined encodings" },
	{ "nop ; nop ; rot 16", "t.s:1:17: error: expected 1..15 or r5 after 'rot'" },
	{ "nop ; nop ; sig=14", "t.s:1:1: error: the fields given make a different "
	  "instruction form (sig 14); use .word" },
	{ "ldi r0", "t.s:1:7: error: expected ',', found end of line" },
	{ "ldi r0, [0,1]", "t.s:1:9: error: element lists need ldi.i2 or ldi.u2" },
	{ "ldi.i2 r0, [0,1,2,0,0,0,0,0,0,0,0,0,0,0,0,0]",
	  "t.s:1:17: error: expected an element value -2..1" },
	{ "ldi r0, 0x100000000", "t.s:1:9: error: number '0x100000000' does not fit 32 bits" },
	{ "ldi r0, 1 ; thrend", "t.s:1:13: error: expected a clause (signal, rot, ws, pm or "
	  "field=value), found 'thrend'" },
	{ "sacq 16", "t.s:1:6: error: expected a semaphore number 0..15" },
	{ "bra.xx 0", "t.s:1:5: error: expected a branch condition after '.'" },
	{ "brr r0, 8", "t.s:1:5: error: expected a regfile A register ra0..ra31" },
	{ ".wurd 1", "t.s:1:1: error: expected '.word'" },
	{ ".word 0x1 0x2", "t.s:1:11: error: expected end of line after .word" },
	{ "fadd r0, unif, vary, r1", "t.s:1:20: error: expected ';', found ','" },
	{ "mov r0, ra1 ; mov r1, ra2", "t.s:1:23: error: regfile A already reads ra1, cannot "
	  "also read ra2" },
	{ "mov r0, r5quad", "t.s:1:9: error: expected an operand, found 'r5quad'" },
	{ "mov r5, r0", "t.s:1:5: error: expected a destination register, found 'r5'" },
};

static void error_messages(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); i++)
		assert_error(errors[i].text, errors[i].msg);
}

static void hex_reader(void **state)
{
	(void)state;
	struct vc4_diag d = { 0 };
	uint64_t *w;
	size_t n;
	const char *text = "/* Broadcom style */ 0x15827d80, 0x10020827, // mov r0, unif\n"
			   "# a comment\n"
			   "0x100009e7009e7000\n"
			   "009e7000 300009e7\n";
	assert_true(qpu_parse_hex(text, "h", &w, &n, &d));
	assert_int_equal(n, 3);
	assert_true(w[0] == 0x1002082715827d80ull);
	assert_true(w[1] == 0x100009e7009e7000ull);
	assert_true(w[2] == 0x300009e7009e7000ull);
	free(w);
	assert_false(qpu_parse_hex("0x1, 0x2,\n0x3", "h", &w, &n, &d));
	assert_string_equal(d.msg, "h:2:4: error: expected the high 32-bit half of the last "
			    "word, found end of file");
	assert_null(w);
	vc4_diag_clear(&d);
	assert_false(qpu_parse_hex("0x1\n  0x0123456789abcdef", "h", &w, &n, &d));
	assert_string_equal(d.msg, "h:2:3: error: expected the high 32-bit half of the word, "
			    "found a 64-bit number");
	vc4_diag_clear(&d);
	assert_false(qpu_parse_hex("0x12 zz", "h", &w, &n, &d));
	assert_string_equal(d.msg, "h:1:6: error: expected a hex number (up to 16 digits)");
	vc4_diag_clear(&d);
	assert_false(qpu_parse_hex("0x12 /* open", "h", &w, &n, &d));
	assert_string_equal(d.msg, "h:1:6: error: unterminated comment");
	vc4_diag_clear(&d);
	assert_false(qpu_parse_hex("0x11112222333344445", "h", &w, &n, &d));
	assert_string_equal(d.msg, "h:1:1: error: expected a hex number (up to 16 digits)");
	vc4_diag_clear(&d);
	assert_true(qpu_parse_hex("# nothing\n", "h", &w, &n, &d));
	assert_int_equal(n, 0);
	const uint8_t bytes[16] = { 0x80, 0x7d, 0x82, 0x15, 0x27, 0x08, 0x02, 0x10 };
	assert_true(qpu_words_from_bytes(bytes, 16, "b", &w, &n, &d));
	assert_int_equal(n, 2);
	assert_true(w[0] == 0x1002082715827d80ull);
	assert_true(w[1] == 0);
	uint8_t *back = qpu_words_to_bytes(w, n);
	assert_memory_equal(back, bytes, 16);
	free(back);
	free(w);
	assert_false(qpu_words_from_bytes(bytes, 7, "b", &w, &n, &d));
	assert_string_equal(d.msg, "b: size 7 is not a multiple of 8 bytes (64-bit instructions)");
}

/* Mutated disassembly lines never crash the assembler; whatever it accepts
 * disassembles and assembles again to the same word. */
static void mutated_lines(void **state)
{
	(void)state;
	static const char chars[] = "ra0159.,;=-x[] #:_bsfnqt";
	uint64_t s = 0x0123456789abcdefull;
	size_t accepted = 0;
	for (int i = 0; i < 20000; i++) {
		char line[QPU_DIS_MAX + 8], again[QPU_DIS_MAX];
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		qpu_disasm(qpu_set_raddr_b(qpu_set_raddr_a(s, 32), 39), 3, line, QPU_DIS_MAX);
		size_t len = strlen(line);
		for (int m = 0; m < 1 + (int)(s >> 60) % 3; m++) {
			size_t at = (size_t)(s >> (8 * m)) % (len + 1);
			char c = chars[(s >> (8 * m + 5)) % (sizeof(chars) - 1)];
			if (m % 2 == 0 && at < len) {
				line[at] = c;
			} else if (len + 1 < sizeof(line)) {
				memmove(line + at + 1, line + at, len - at + 1);
				line[at] = c;
				len++;
			}
		}
		struct vc4_diag d = { 0 };
		uint64_t w, back;
		if (!qpu_assemble_line(line, "m", 3, &w, &d)) {
			assert_true(d.set && strncmp(d.msg, "m:1:", 4) == 0);
			continue;
		}
		accepted++;
		qpu_disasm(w, 3, again, sizeof(again));
		assert_true(qpu_assemble_line(again, "m", 3, &back, &d));
		assert_true(back == w);
	}
	assert_true(accepted > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(accepted_syntax),
		cmocka_unit_test(labels),
		cmocka_unit_test(error_messages),
		cmocka_unit_test(hex_reader),
		cmocka_unit_test(mutated_lines),
	};
	return cmocka_run_group_tests_name("qpu_asm", tests, NULL, NULL);
}
