/*
 * lower_test.c: helpers shared by the lowering's tests (lower_test.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lower_test.h"
#include "util/file.h"

struct ir_shader *lt_parse(const char *text, const char *name)
{
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(text, strlen(text), name, &d);
	if (!sh)
		fail_msg("%s", d.msg);
	return sh;
}

struct qir_compile *lt_lower(const struct ir_shader *sh, const struct ir_shader *fs,
			     const struct qir_shader_key *key, enum qir_stage stage)
{
	struct vc4_diag d = { 0 };
	struct qir_compile *c = qir_lower_shader(sh, fs, key, stage, &d);
	if (!c)
		fail_msg("lowering failed: %s", d.msg);
	if (!qir_validate(c, &d))
		fail_msg("invalid QIR: %s", d.msg);
	return c;
}

char *lt_read(const char *rel)
{
	char path[1024];
	size_t size;
	snprintf(path, sizeof(path), "%s/qir/lower/%s", TESTS_DIR, rel);
	return vc4_read_file(path, &size, NULL);
}
