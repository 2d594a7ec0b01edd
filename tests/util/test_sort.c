/* test_sort.c: the radix sort of src/util/sort.c against qsort() (keys
 * differing in every byte, in a few bytes only, duplicates, the scheduler's
 * shape of key, and the sizes 0 and 1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/sort.h"

#define N 3000

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* A fixed pseudo-random sequence (xorshift64). */
static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Sorts keys[0..n) both ways and compares. */
static void check_sorts(uint64_t *keys, size_t n)
{
	uint64_t *ref = malloc((n + 1) * sizeof(*ref)), *tmp = malloc((n + 1) * sizeof(*tmp));
	assert_non_null(ref);
	assert_non_null(tmp);
	memcpy(ref, keys, n * sizeof(*ref));
	qsort(ref, n, sizeof(*ref), cmp_u64);
	vc4_sort_u64(keys, tmp, n);
	assert_memory_equal(keys, ref, n * sizeof(*ref));
	free(ref);
	free(tmp);
}

/* Keys random in all eight bytes, then masked to a few bytes, then with
 * many duplicates. */
static void sort_matches_qsort(void **state)
{
	(void)state;
	static uint64_t keys[N];
	static const uint64_t masks[] = { ~UINT64_C(0), UINT64_C(0x00ff00000000ff00),
					  UINT64_C(0xf), UINT64_C(0xff00000000000000) };
	uint64_t s = 88172645463325252u;
	for (size_t m = 0; m < sizeof(masks) / sizeof(masks[0]); m++) {
		for (size_t i = 0; i < N; i++)
			keys[i] = next(&s) & masks[m];
		check_sorts(keys, N);
	}
}

/* The pre-allocation scheduler's keys: (UINT32_MAX - prio) << 32 | node,
 * nodes in order, paths short (the high bytes all 0xff). */
static void sort_scheduler_keys(void **state)
{
	(void)state;
	static uint64_t keys[N];
	uint64_t s = 1;
	for (uint32_t i = 0; i < N; i++)
		keys[i] = (uint64_t)(UINT32_MAX - (uint32_t)(next(&s) % 700)) << 32 | i;
	check_sorts(keys, N);
}

/* Nothing to do for 0 or 1 key, and equal keys stay. */
static void sort_small_and_equal(void **state)
{
	(void)state;
	uint64_t one = 42, tmp[4], same[4] = { 7, 7, 7, 7 };
	vc4_sort_u64(NULL, NULL, 0);
	vc4_sort_u64(&one, tmp, 1);
	assert_int_equal(one, 42);
	vc4_sort_u64(same, tmp, 4);
	for (int i = 0; i < 4; i++)
		assert_int_equal(same[i], 7);
	uint64_t two[2] = { UINT64_MAX, 0 };
	vc4_sort_u64(two, tmp, 2);
	assert_int_equal(two[0], 0);
	assert_true(two[1] == UINT64_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sort_matches_qsort),
		cmocka_unit_test(sort_scheduler_keys),
		cmocka_unit_test(sort_small_and_equal),
	};
	return cmocka_run_group_tests_name("util_sort", tests, NULL, NULL);
}
