/*
 * lower_test.h: helpers shared by the lowering's tests — parse IR text,
 * lower it (asserting success and a valid QIR program), read golden files.
 */
#ifndef VC4_TESTS_QIR_LOWER_LOWER_TEST_H
#define VC4_TESTS_QIR_LOWER_LOWER_TEST_H

#include "ir/ir.h"
#include "qir/lower/qir_lower.h"

/* Parses IR text; fails the test with the parser's message on error. */
struct ir_shader *lt_parse(const char *text, const char *name);

/* Lowers sh (fs: linked FS or NULL) for stage with key; fails the test
 * unless lowering and qir_validate() succeed. */
struct qir_compile *lt_lower(const struct ir_shader *sh, const struct ir_shader *fs,
			     const struct qir_shader_key *key, enum qir_stage stage);

/* The whole file tests/qir/lower/<rel> as a NUL-terminated malloc'ed string,
 * or NULL when missing. */
char *lt_read(const char *rel);

#endif
