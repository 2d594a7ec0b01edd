/*
 * test_driver_png.c: vc4_write_png round trip (read back with libpng:
 * size, colour type, every byte) and its error texts.
 */
#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "png_read.h"
#include "vc4/vc4.h"

static void test_roundtrip(void **state)
{
	(void)state;
	uint8_t px[7 * 5 * 4];
	for (size_t i = 0; i < sizeof(px); i++)
		px[i] = (uint8_t)(i * 37 + 11);
	char path[] = "/tmp/vc4-png-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	char err[256] = "";
	assert_true(vc4_write_png(path, 7, 5, px, err, sizeof(err)));
	uint32_t w, h;
	uint8_t *back = png_read_file(path, &w, &h);
	assert_int_equal(w, 7);
	assert_int_equal(h, 5);
	assert_memory_equal(back, px, sizeof(px));
	/* The file really is RGBA, 8 bits per channel. */
	FILE *f = fopen(path, "rb");
	uint8_t head[26];
	assert_int_equal(fread(head, 1, sizeof(head), f), sizeof(head));
	fclose(f);
	assert_int_equal(head[24], 8); /* bit depth */
	assert_int_equal(head[25], 6); /* colour type RGBA */
	free(back);
	unlink(path);
}

static void test_errors(void **state)
{
	(void)state;
	uint8_t px[4] = { 0 };
	char err[256];
	assert_false(vc4_write_png("/nonexistent-dir/x.png", 1, 1, px, err, sizeof(err)));
	assert_string_equal(err, "/nonexistent-dir/x.png: No such file or directory");
	assert_false(vc4_write_png("/tmp/x.png", 0, 1, px, err, sizeof(err)));
	assert_string_equal(err, "/tmp/x.png: bad image 0x1");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests_name("driver_png", tests, NULL, NULL);
}
