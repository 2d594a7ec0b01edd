/*
 * lower_test.h: helpers shared by the lowering's tests — parse IR text,
 * lower it (asserting success and a valid QIR program), read golden files.
 */
#ifndef VC4_TESTS_QIR_LOWER_LOWER_TEST_H
#define VC4_TESTS_QIR_LOWER_LOWER_TEST_H

#include <stdint.h>
#include <string.h>

#include "ir/ir.h"
#include "qir/lower/qir_lower.h"

/* Parses IR text; fails the test with the parser's message on error. */
struct ir_shader *lt_parse(const char *text, const char *name);

/* Lowers sh (fs: linked FS or NULL) for stage with key; fails the test
 * unless lowering and qir_validate() succeed. */
struct qir_compile *lt_lower(const struct ir_shader *sh, const struct ir_shader *fs,
			     const struct qir_shader_key *key, enum qir_stage stage);

/* Runs the lowered fragment shader c of sh on the QIR executor, 16 lanes,
 * lane i with v_uv = (i / 16, 0.5) (varyings 0 and 1), W = 1 and user
 * uniform 0 = n (sh's @n too, when it has one), and fails the test unless
 * every lane's colour equals the IR interpreter's @color packed the same
 * way; returns the executed QIR instructions. */
uint64_t lt_run_uv_against_interp(const struct ir_shader *sh, const struct qir_compile *c,
				  int32_t n);

/* The whole file tests/qir/lower/<rel> as a NUL-terminated malloc'ed string,
 * or NULL when missing. */
char *lt_read(const char *rel);

/* A float's bits and back. */
static inline uint32_t lt_fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static inline float lt_bitsf(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* A float in [0, 1] as a unorm8 byte (rounded; NaN and below 0 give 0). */
static inline uint8_t lt_unorm8(float f)
{
	if (!(f > 0))
		return 0;
	if (f >= 1)
		return 255;
	return (uint8_t)(f * 255.0 + 0.5);
}

#endif
