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

#include "ir/ir_interp.h"
#include "lower_test.h"
#include "qir_eval.h"
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

uint64_t lt_run_uv_against_interp(const struct ir_shader *sh, const struct qir_compile *c,
				  int32_t n)
{
	struct qeval e = { .user = { (uint32_t)n } };
	char err[256];
	for (int i = 0; i < 16; i++) {
		e.frag_w[i] = lt_fbits(1.0f);
		e.vary[0][i] = lt_fbits((float)i / 16.0f);
		e.vary[1][i] = lt_fbits(0.5f);
	}
	if (!qeval_run(c, &e, 100000, err))
		fail_msg("%s", err);
	uint32_t uv = ir_shader_find_decl(sh, "v_uv");
	uint32_t color = ir_shader_find_decl(sh, "color");
	uint32_t n_decl = ir_shader_find_decl(sh, "n");
	for (int i = 0; i < 16; i++) {
		struct ir_slot_value *slots = ir_interp_slots(sh);
		struct ir_interp_io io = { .slots = slots };
		slots[uv].c[0].f = (float)i / 16.0f;
		slots[uv].c[1].f = 0.5f;
		if (n_decl != IR_NONE)
			slots[n_decl].c[0].i = n;
		assert_true(ir_interpret(sh, &io, NULL));
		uint32_t want = 0;
		for (int j = 0; j < 4; j++)
			want |= (uint32_t)lt_unorm8(slots[color].c[j].f) << (8 * j);
		assert_int_equal(e.tlb_color[i], want);
		free(slots);
	}
	return e.steps;
}
