/* compile_test.c: see compile_test.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "compile_test.h"
#include "qpu/check/qpu_check.h"
#include "qpu/check/qpu_kernel.h"
#include "qpu/qpu_dis.h"
#include "util/file.h"

const char *ct_tests_dir = ".";

struct ir_shader *ct_load(const char *name)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/compiler/%s", ct_tests_dir, name);
	struct vc4_diag d = {0};
	size_t size;
	char *text = vc4_read_file(path, &size, &d);
	if (!text)
		fail_msg("%s", d.msg);
	struct ir_shader *sh = ir_parse(text, size, name, &d);
	free(text);
	if (!sh)
		fail_msg("%s", d.msg);
	return sh;
}

bool ct_set_key(struct qir_shader_key *k, const char *kv)
{
	unsigned a, b, c;
	if (sscanf(kv, "threaded=%u", &a) == 1)
		return k->threaded = a, true;
	if (sscanf(kv, "depth=%u", &a) == 1)
		return k->depth_enabled = a, true;
	if (sscanf(kv, "color_mask=%u", &a) == 1)
		return k->color_mask = (uint8_t)a, true;
	if (sscanf(kv, "point_size=%u", &a) == 1)
		return k->point_size = a, true;
	if (!strcmp(kv, "rt_format=bgr565") || !strcmp(kv, "rt_format=rgba8888"))
		return k->rt_format = kv[10] == 'b' ? QIR_RT_BGR565 : QIR_RT_RGBA8888, true;
	if (sscanf(kv, "blend=%u,%u,%u", &a, &b, &c) == 3) {
		k->blend = (struct qir_blend_state){ true, (uint8_t)a, (uint8_t)a, (uint8_t)b,
						     (uint8_t)c, (uint8_t)b, (uint8_t)c };
		return true;
	}
	return false;
}

void ct_compile(const struct ir_shader *sh, const char *const *keys,
		struct vc4_compile_result *r)
{
	struct qir_shader_key key;
	qir_shader_key_init(&key, sh->stage == IR_STAGE_VERTEX ? QIR_STAGE_VERTEX :
			    QIR_STAGE_FRAGMENT);
	for (size_t i = 0; keys && keys[i]; i++)
		if (!ct_set_key(&key, keys[i]))
			fail_msg("unknown key %s", keys[i]);
	struct vc4_diag d = {0};
	if (!vc4_compile(sh, &key, r, &d))
		fail_msg("%s", d.msg);
}

char *ct_print(const struct vc4_compile_result *r)
{
	size_t cap = 1 << 16, len = 0;
	char *out = malloc(cap);
	assert_non_null(out);
	out[0] = '\0';
	for (uint32_t i = 0; i < r->count; i++) {
		const struct vc4_compiled_stage *p = &r->prog[i];
		char *dis = qpu_disasm_program(p->code.words.data, p->code.words.len);
		char stats[200];
		assert_non_null(dis);
		vc4_compiled_stage_stats(p, stats, sizeof(stats));
		size_t need = strlen(dis) + strlen(stats) + 64;
		while (len + need >= cap)
			assert_non_null(out = realloc(out, cap *= 2));
		len += (size_t)sprintf(out + len, "# %s shader\n%s%s\n",
				       vc4_stage_name((enum qir_stage)p->stage), dis, stats);
		free(dis);
	}
	return out;
}

void ct_assert_clean(const struct vc4_compile_result *r)
{
	static const enum qpu_stage st[] = {
		[QIR_STAGE_VERTEX] = QPU_STAGE_VS, [QIR_STAGE_COORD] = QPU_STAGE_CS,
		[QIR_STAGE_FRAGMENT] = QPU_STAGE_FS,
	};
	for (uint32_t i = 0; i < r->count; i++) {
		const struct vc4_compiled_stage *p = &r->prog[i];
		struct qpu_check_report rep = {0};
		struct vc4_diag d = {0};
		assert_true(qpu_check_hazards(p->code.words.data, p->code.words.len, st[p->stage],
					      &rep, &d));
		if (rep.count)
			fail_msg("ip %u: %s: %s", rep.v[0].ip, qpu_check_rules[rep.v[0].rule].id,
				 rep.v[0].msg);
		qpu_check_report_free(&rep);
		size_t padded;
		uint8_t *page = qpu_kernel_pad_to_page(p->code.words.data,
						       p->code.words.len * 8, &padded);
		struct qpu_kernel_info info;
		assert_non_null(page);
		if (!qpu_kernel_validate((const uint64_t *)(const void *)page, padded / 8, &info, &d))
			fail_msg("kernel: %s", d.msg);
		assert_int_equal(info.is_threaded, p->threads == 2);
		qpu_kernel_info_free(&info);
		free(page);
	}
}
