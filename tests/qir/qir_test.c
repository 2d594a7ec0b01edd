/* qir_test.c: the shared QIR test helpers (see qir_test.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "qir_test.h"

struct qir_compile *qt_parse(const char *text)
{
	struct vc4_diag d = {0};
	struct qir_compile *c = qir_parse(text, "test", &d);
	if (!c)
		fail_msg("parse failed: %s", d.msg);
	return c;
}

void qt_assert_valid(struct qir_compile *c)
{
	struct vc4_diag d = {0};
	if (!qir_validate(c, &d))
		fail_msg("invalid QIR: %s", d.msg);
}

void qt_assert_text(const struct qir_compile *c, const char *expected)
{
	char *text = qir_print(c);
	assert_non_null(text);
	assert_string_equal(text, expected);
	free(text);
}

void qt_check_pass(bool (*pass)(struct qir_compile *), bool progress, const char *in,
		   const char *out)
{
	struct qir_compile *c = qt_parse(in);
	qt_assert_valid(c);
	assert_int_equal(pass(c), progress);
	qt_assert_valid(c);
	qt_assert_text(c, out);
	qir_compile_free(c);
}

/* Checks an allocation independently of the allocator: temps with
 * overlapping live ranges hold different registers, live temps have one,
 * dead ones none, and a threaded result stays in ra0-15/rb0-15 minus 14. */
void qt_check_allocation(struct qir_compile *c, const struct qir_ra_result *r)
{
	struct qir_liveness lv;
	assert_true(qir_liveness(c, &lv, NULL));
	for (uint32_t t = 0; t < c->num_temps; t++) {
		struct qir_phys_reg p = r->temps[t];
		bool live = lv.start[t] != QIR_NONE && lv.start[t] < lv.end[t];
		assert_int_equal(p.file != QIR_PHYS_NONE, live);
		if (p.file == QIR_PHYS_A || p.file == QIR_PHYS_B) {
			assert_true(p.index < (r->threaded ? 16 : 32));
			assert_int_not_equal(p.index, 14);
		}
		if (p.file == QIR_PHYS_ACC)
			assert_true(p.index <= 4);
		for (uint32_t u = 0; live && u < t; u++) {
			bool overlap = lv.start[u] < lv.end[t] && lv.start[t] < lv.end[u] &&
				       lv.start[u] < lv.end[u];
			if (overlap)
				assert_false(r->temps[u].file == p.file && r->temps[u].index == p.index);
		}
	}
	qir_liveness_free(&lv);
}
