/* test_util.c: the shared error, array and file helpers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/array.h"
#include "util/diag.h"
#include "util/file.h"
#include "util/text.h"

static void diag_keeps_first_error(void **state)
{
	(void)state;
	struct vc4_diag d = {0};
	assert_false(vc4_diag_set(&d, "%s:%d: first", "a.ir", 3));
	vc4_diag_set(&d, "second");
	assert_string_equal(d.msg, "a.ir:3: first");
	vc4_diag_clear(&d);
	assert_false(d.set);
	assert_false(vc4_diag_set(NULL, "ignored"));
}

static void array_grows_and_keeps_order(void **state)
{
	(void)state;
	VC4_ARRAY(uint32_t) a = {0};
	for (uint32_t i = 0; i < 1000; i++)
		assert_true(vc4_array_push(&a, i * 3));
	assert_int_equal(a.len, 1000);
	for (uint32_t i = 0; i < 1000; i++)
		assert_int_equal(a.data[i], i * 3);
	assert_false(vc4_array_reserve(&a, SIZE_MAX / 2));
	assert_int_equal(a.len, 1000);
	vc4_array_free(&a);
	assert_null(a.data);
}

static void file_round_trip_and_missing_file(void **state)
{
	(void)state;
	struct vc4_diag d = {0};
	const char path[] = "test_util.tmp";
	assert_true(vc4_write_file(path, "abc\0def", 7, &d));
	size_t size = 0;
	char *data = vc4_read_file(path, &size, &d);
	assert_non_null(data);
	assert_int_equal(size, 7);
	assert_memory_equal(data, "abc\0def", 8);
	free(data);
	remove(path);
	assert_null(vc4_read_file("/nonexistent/x", &size, &d));
	assert_string_equal(d.msg, "/nonexistent/x: No such file or directory");
}

/* The bounded writer cuts at size - 1, stays NUL-terminated and ignores
 * appends once full. */
static void text_is_bounded(void **state)
{
	(void)state;
	char buf[8];
	struct vc4_text t = { buf, sizeof(buf), 0 };
	buf[0] = '\0';
	vc4_text_printf(&t, "%d-", 12);
	assert_string_equal(buf, "12-");
	vc4_text_printf(&t, "%s", "abcdefgh");
	assert_string_equal(buf, "12-abcd");
	assert_int_equal(t.len, 7);
	vc4_text_printf(&t, "x");
	assert_string_equal(buf, "12-abcd");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(diag_keeps_first_error),
		cmocka_unit_test(array_grows_and_keeps_order),
		cmocka_unit_test(file_round_trip_and_missing_file),
		cmocka_unit_test(text_is_bounded),
	};
	return cmocka_run_group_tests_name("util", tests, NULL, NULL);
}
