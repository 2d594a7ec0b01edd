/*
 * test_fuzz_corpus.c: replays every input of one fuzz corpus (argv[1], a
 * directory of fuzz/corpus/) through its libFuzzer harness's own entry point
 * (the harness of fuzz/ linked in; tests/fuzz/meson.build pairs them), so
 * every build, the sanitizer builds included, checks the seeds and past
 * findings on every test run. The harness aborts on a finding; here a
 * finding fails the test run. argv[2] is the group's name.
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

static const char *corpus;

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void corpus_replays_cleanly(void **state)
{
	(void)state;
	DIR *dir = opendir(corpus);
	assert_non_null(dir);
	char *names[4096];
	size_t n = 0;
	for (struct dirent *de; (de = readdir(dir)) && n < 4096;)
		if (de->d_name[0] != '.')
			names[n++] = strdup(de->d_name);
	closedir(dir);
	qsort(names, n, sizeof(names[0]), by_name);
	assert_true(n >= 2); /* seeds at least */
	for (size_t i = 0; i < n; i++) {
		char path[1024];
		snprintf(path, sizeof(path), "%s/%s", corpus, names[i]);
		size_t size;
		char *data = vc4_read_file(path, &size, NULL);
		assert_non_null(data);
		assert_int_equal(LLVMFuzzerTestOneInput((const uint8_t *)data, size), 0);
		free(data);
		free(names[i]);
	}
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: test_fuzz_corpus CORPUS_DIR NAME\n");
		return 2;
	}
	corpus = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(corpus_replays_cleanly),
	};
	return cmocka_run_group_tests_name(argv[2], tests, NULL, NULL);
}
