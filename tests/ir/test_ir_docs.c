/* test_ir_docs.c: every ```ir example of docs/ir.md parses, validates and
 * prints back to text that parses to the same canonical form. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir.h"
#include "ir_examples.h"

static const char *docs_path;

static void docs_examples_parse_and_round_trip(void **state)
{
	(void)state;
	size_t n = 0;
	struct ir_example *ex = ir_examples_load(docs_path, &n);
	assert_non_null(ex);
	assert_true(n >= 7);
	for (size_t k = 0; k < n; k++) {
		struct vc4_diag d = { 0 };
		char name[32];
		snprintf(name, sizeof(name), "ir.md@%u", ex[k].line);
		struct ir_shader *sh = ir_parse(ex[k].text, ex[k].size, name, &d);
		if (!sh)
			fail_msg("%s", d.msg);
		char *text = ir_print(sh);
		struct ir_shader *again = ir_parse(text, strlen(text), name, &d);
		assert_non_null(again);
		char *text2 = ir_print(again);
		assert_string_equal(text, text2);
		free(text);
		free(text2);
		ir_shader_free(sh);
		ir_shader_free(again);
	}
	ir_examples_free(ex, n);
}

/* The examples are already canonical except for comments and blank lines:
 * the first example must print exactly as written (after its comment line). */
static void first_example_is_canonical(void **state)
{
	(void)state;
	size_t n = 0;
	struct ir_example *ex = ir_examples_load(docs_path, &n);
	assert_non_null(ex);
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(ex[0].text, ex[0].size, "first", &d);
	assert_non_null(sh);
	char *text = ir_print(sh);
	const char *body = strchr(ex[0].text, '\n') + 1;  /* skip the comment */
	assert_string_equal(text, body);
	free(text);
	ir_shader_free(sh);
	ir_examples_free(ex, n);
}

int main(int argc, char **argv)
{
	docs_path = argc > 1 ? argv[1] : "docs/ir.md";
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(docs_examples_parse_and_round_trip),
		cmocka_unit_test(first_example_is_canonical),
	};
	return cmocka_run_group_tests_name("ir_docs", tests, NULL, NULL);
}
