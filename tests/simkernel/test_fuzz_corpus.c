/*
 * test_fuzz_corpus.c: replays every input of fuzz/corpus/ through the
 * libFuzzer harness's own entry point (fuzz/fuzz_submit.c, linked in), so
 * the sanitizer builds check the seeds and past crashers on every test run.
 * The harness aborts on a finding; here a finding fails the test run.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void corpus_replays_cleanly(void **state)
{
	(void)state;
	DIR *dir = opendir(FUZZ_CORPUS_DIR);
	assert_non_null(dir);
	char *names[4096];
	size_t n = 0;
	for (struct dirent *de; (de = readdir(dir)) && n < 4096;)
		if (de->d_name[0] != '.')
			names[n++] = strdup(de->d_name);
	closedir(dir);
	qsort(names, n, sizeof(names[0]), by_name);
	assert_true(n >= 7); /* the hand-made seeds at least */
	for (size_t i = 0; i < n; i++) {
		char path[1024];
		snprintf(path, sizeof(path), "%s/%s", FUZZ_CORPUS_DIR, names[i]);
		size_t size;
		char *data = vc4_read_file(path, &size, NULL);
		assert_non_null(data);
		assert_int_equal(LLVMFuzzerTestOneInput((const uint8_t *)data, size), 0);
		free(data);
		free(names[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(corpus_replays_cleanly),
	};
	return cmocka_run_group_tests_name("simkernel_fuzz_corpus", tests, NULL, NULL);
}
