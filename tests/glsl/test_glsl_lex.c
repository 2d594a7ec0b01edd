/* test_glsl_lex.c: the lexer's float literals against strtof, bit for bit
 * (the exact path that skips strtof for short significands and small
 * powers of ten, and the literals it leaves to strtof), the punctuators'
 * lengths, and the preprocessor's skip of identifiers whose first byte
 * starts no macro name (macros starting with other bytes still expand),
 * and the context's arena (zeroed ahead of its cursor, across blocks). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "glsl/glsl_internal.h"
#include "glsl_test.h"

/* Lexes `src`; fails unless it is one float literal (then TK_NEWLINE,
 * TK_EOF) whose value has the bits strtof gives for the same text. */
static void float_is_strtof(const char *src)
{
	struct glsl_ctx c = { .name = "t" };
	glsl_toks toks = { 0 };
	assert_true(glsl_lex(&c, src, strlen(src), &toks));
	assert_int_equal(toks.len, 3);
	assert_int_equal(toks.data[0].kind, TK_FLOAT);
	assert_int_equal(toks.data[0].len, strlen(src));
	float want = strtof(src, NULL), got = toks.data[0].v.f;
	uint32_t wb, gb;
	memcpy(&wb, &want, 4);
	memcpy(&gb, &got, 4);
	if (wb != gb)
		fail_msg("'%s': got %08x, strtof gives %08x", src, (unsigned)gb, (unsigned)wb);
	vc4_array_free(&toks);
	glsl_arena_free(&c);
}

/* Literals at the edges of the exact path: 2^24 and just past it, powers
 * of ten -10..10 and just past them, leading and trailing zeros, inexact
 * quotients that must round to nearest even as strtof does. */
static void float_literals_exact(void **state)
{
	(void)state;
	static const char *const lits[] = {
		"0.0", "0.", ".5", "1.0", "3.14159", "0.1", "0.2", "0.3", "0.7", "1e10",
		"1e-10", "1e11", "1e-11", "16777216.0", "16777217.0", "16777218.0",
		"1677721.5", "1677722.5", "9999999.9", "0.0000001", "123456.789",
		"1.5e+3", "2.5E-4", "7e0", "000001.25", "1.2500000", "0.10000000000",
		"3.4028235e38", "1.17549435e-38", "1e-45", "0.333333333333333333",
		"8388609.5", "4.9406564584124654e-324", "12.5e-10", "1.25e-11",
		"0.000976562", "65504.0", "1234567.0e3", "98765.4321e-2",
	};
	for (size_t i = 0; i < sizeof(lits) / sizeof(lits[0]); i++)
		float_is_strtof(lits[i]);
	/* every significand d.ddd with every exponent the exact path takes and
	 * one past it on each side */
	char buf[32];
	for (int m = 0; m < 10000; m += 7)
		for (int e = -12; e <= 12; e++) {
			snprintf(buf, sizeof(buf), "%d.%03de%d", m / 1000, m % 1000, e);
			float_is_strtof(buf);
		}
}

/* Every punctuator lexes as itself, with its length (the table of lengths
 * is built by the compiler from the spellings). */
static void punctuator_lengths(void **state)
{
	(void)state;
	for (unsigned i = 0; i < P_COUNT; i++) {
		struct glsl_ctx c = { .name = "t" };
		glsl_toks toks = { 0 };
		const char *s = glsl_punct_names[i];
		assert_true(glsl_lex(&c, s, strlen(s), &toks));
		assert_int_equal(toks.data[0].kind, TK_PUNCT);
		assert_int_equal(toks.data[0].punct, i);
		assert_int_equal(toks.data[0].len, strlen(s));
		vc4_array_free(&toks);
		glsl_arena_free(&c);
	}
}

/* Macros expand whatever letter their names start with (the
 * preprocessor looks up only identifiers whose first byte starts a macro
 * name); identifiers sharing a macro's first letter are left alone. */
static void macros_by_first_byte(void **state)
{
	(void)state;
	struct gt_run r;
	gt_begin(&r, "precision mediump float;\n"
		 "#define g 0.25\n"
		 "#define Zed(x) (x * 2.0)\n"
		 "#define _u 0.5\n"
		 "void main() { float gg = 1.0, Z = 4.0;\n"
		 "gl_FragColor = vec4(Zed(g) + Z, _u + gg, float(GL_ES), float(__LINE__)); }\n",
		 GLSL_FRAGMENT);
	gt_exec(&r);
	const union ir_scalar *got = gt_output(&r, IR_OUT_COLOR);
	float want[4] = { 4.5f, 1.5f, 1.0f, 6.0f };
	for (int i = 0; i < 4; i++)
		if (got[i].f != want[i])
			fail_msg("component %d: got %.9g, want %.9g", i, (double)got[i].f,
				 (double)want[i]);
	gt_end(&r);
}

/* True when the n bytes at p are all zero. */
static bool all_zero(const unsigned char *p, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (p[k])
			return false;
	return true;
}

/* glsl_alloc() gives zeroed, aligned memory from the context's arena (its
 * zeroing ahead is util/arena's, tested in tests/util/test_arena.c), also
 * after strings and for a request larger than a chunk; freeing the context
 * releases every chunk. */
static void arena_zeroes_ahead(void **state)
{
	(void)state;
	struct glsl_ctx c = { .name = "t" };
	unsigned char *p = glsl_alloc(&c, 24);
	assert_non_null(p);
	assert_int_equal((uintptr_t)p % _Alignof(max_align_t), 0);
	assert_true(all_zero(p, 24));
	memset(p, 0xff, 24);
	char *s = glsl_strndup(&c, "abc", 3);
	assert_string_equal(s, "abc");
	unsigned char *q = glsl_alloc(&c, 40);
	assert_true(q > (unsigned char *)s);
	assert_true(all_zero(q, 40));
	for (int i = 0; i < 3000; i++) {   /* 3000 x 112 bytes: several chunks */
		unsigned char *r = glsl_alloc(&c, 100);
		assert_non_null(r);
		assert_true(all_zero(r, 100));
		memset(r, 0xa5, 100);
		if (i % 7 == 0)
			assert_non_null(glsl_strndup(&c, "xyz", 3));
	}
	unsigned char *big = glsl_alloc(&c, 100000);
	assert_non_null(big);
	assert_true(all_zero(big, 100000));
	assert_int_equal(c.errors, 0);
	glsl_arena_free(&c);
	assert_null(c.arena.chunks);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(float_literals_exact),
		cmocka_unit_test(punctuator_lengths),
		cmocka_unit_test(macros_by_first_byte),
		cmocka_unit_test(arena_zeroes_ahead),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
