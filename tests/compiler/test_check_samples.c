/*
 * test_check_samples.c: vc4_check_samples() on hand-made kernel records:
 * lookups whose first words are what the compiler emitted pass; a texture
 * lookup the kernel took for a direct read (Linux's sticky is_direct), a
 * direct read taken for a texture lookup and a word past the stream fail
 * with the exact message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "compiler/vc4_check_samples.h"

/* user, tex_p0, tex_p1, const (a clamp), ubo_addr */
static struct qir_uniform words[] = {
	{ QIR_UNIFORM_USER, 0 }, { QIR_UNIFORM_TEX_P0, 0 }, { QIR_UNIFORM_TEX_P1, 0 },
	{ QIR_UNIFORM_CONST, 60 }, { QIR_UNIFORM_UBO_ADDR, 0 },
};

static const char *check(struct qpu_kernel_texture_sample *s, uint32_t n)
{
	static struct vc4_diag d;
	struct qir_uniform_stream stream = { 0 };
	stream.entries.data = words;
	stream.entries.len = sizeof(words) / sizeof(words[0]);
	struct qpu_kernel_info info = { .num_texture_samples = n, .texture_samples = s };
	d = (struct vc4_diag){ 0 };
	return vc4_check_samples(&stream, &info, "fragment", &d) ? NULL : d.msg;
}

static void test_matching(void **state)
{
	(void)state;
	struct qpu_kernel_texture_sample s[2] = {
		{ false, { 4, 8, -1, -1 } }, { true, { 16, 12, -1, -1 } },
	};
	assert_null(check(s, 2));
}

static void test_mismatches(void **state)
{
	(void)state;
	struct qpu_kernel_texture_sample sticky[2] = {
		{ true, { 16, 12, -1, -1 } }, { true, { 4, 8, -1, -1 } },
	};
	assert_string_equal(check(sticky, 2), "compiler bug: the kernel takes TMU lookup 1 of "
			    "the fragment shader for a direct read, but its uniform 1 is tex_p0, "
			    "not ubo_addr");
	struct qpu_kernel_texture_sample direct_as_tex = { false, { 16, -1, -1, -1 } };
	assert_string_equal(check(&direct_as_tex, 1), "compiler bug: the kernel takes TMU "
			    "lookup 0 of the fragment shader for a texture lookup, but its uniform "
			    "4 is ubo_addr, not tex_p0");
	struct qpu_kernel_texture_sample past = { false, { 40, -1, -1, -1 } };
	assert_string_equal(check(&past, 1), "compiler bug: the kernel takes TMU lookup 0 of "
			    "the fragment shader for a texture lookup, but its uniform 10 is "
			    "missing, not tex_p0");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_matching),
		cmocka_unit_test(test_mismatches),
	};
	return cmocka_run_group_tests_name("compiler_check_samples", tests, NULL, NULL);
}
