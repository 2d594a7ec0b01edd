/* qir_test.h: helpers shared by the QIR tests — parse text (failing the
 * test with the parser's message), validate, print and compare. */
#ifndef VC4_TESTS_QIR_TEST_H
#define VC4_TESTS_QIR_TEST_H

#include <stdbool.h>

#include "qir/qir.h"

/* Parses `text` (fails the test on a parse error). */
struct qir_compile *qt_parse(const char *text);

/* Asserts that the program validates, printing the message if not. */
void qt_assert_valid(struct qir_compile *c);

/* Asserts that qir_print(c) equals `expected`. */
void qt_assert_text(const struct qir_compile *c, const char *expected);

/* Parses `in`, runs `pass` once, checks its progress result, validates and
 * compares the printed program with `out`. */
void qt_check_pass(bool (*pass)(struct qir_compile *), bool progress, const char *in,
		   const char *out);

/* Checks an allocation independently of the allocator: temps with
 * overlapping live ranges hold different registers, live temps have one,
 * dead ones none, threaded results stay in the half files, never ra14/rb14. */
void qt_check_allocation(struct qir_compile *c, const struct qir_ra_result *r);

#endif
