/* test_block_cache.c: the per-thread cache of freed blocks of
 * src/util/block_cache.c (the classes and usable sizes, reuse, filing a
 * block by the size it is known to hold, zeroed blocks, the per-class
 * limit, one cache per thread, and the growable arrays and arenas that give
 * their blocks back).
 * Under AddressSanitizer nothing is kept: the tests of reuse are skipped. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/arena.h"
#include "util/array.h"
#include "util/block_cache.h"

/* Gives back every block the thread keeps: takes a block of each class
 * while there is one kept, then frees them. */
static void drain(void)
{
	for (unsigned k = 0; k < VC4_BLOCK_CLASSES; k++) {
		void *held[VC4_BLOCK_KEEP + 1];
		size_t n = 0, got;
		size_t before = vc4_block_kept();
		while (n < VC4_BLOCK_KEEP + 1) {
			held[n] = vc4_block_take((size_t)VC4_BLOCK_MIN << k, &got);
			assert_non_null(held[n]);
			n++;
			if (vc4_block_kept() == before)
				break;   /* this one came from malloc(): the class is empty */
			before = vc4_block_kept();
		}
		while (n)
			free(held[--n]);
	}
	assert_int_equal(vc4_block_kept(), 0);
}

/* The usable size is the class's, from 128 bytes to 16 KB; outside them the
 * request itself, and such blocks are never kept. */
static void block_classes_and_usable_sizes(void **state)
{
	(void)state;
	drain();
	static const size_t asked[] = { 1, 127, 128, 129, 511, 512, 513, 1025, 5000, 16384, 16385,
					70000 };
	static const size_t usable[] = { 1, 127, 128, 256, 512, 512, 1024, 2048, 8192, 16384, 16385,
					 70000 };
	for (size_t i = 0; i < sizeof(asked) / sizeof(asked[0]); i++) {
		size_t got = 0;
		char *p = vc4_block_take(asked[i], &got);
		assert_non_null(p);
		assert_int_equal(got, VC4_BLOCK_CACHING ? usable[i] : asked[i]);
		memset(p, 0x5a, got);   /* every usable byte is writable */
		free(p);                /* a malloc() block: free() may release it */
	}
	char *small = malloc(100), *huge = malloc(2 * VC4_BLOCK_MAX);
	vc4_block_give(small, VC4_BLOCK_MIN - 1);
	vc4_block_give(huge, 2 * VC4_BLOCK_MAX);
	vc4_block_give(NULL, 4096);
	assert_int_equal(vc4_block_kept(), 0);
}

/* A block given back is the next one taken of its class, not of another. */
static void block_is_reused_by_its_class(void **state)
{
	(void)state;
	if (!VC4_BLOCK_CACHING)
		skip();
	drain();
	size_t got;
	char *p = vc4_block_take(1000, &got);
	assert_int_equal(got, 1024);
	vc4_block_give(p, got);
	assert_int_equal(vc4_block_kept(), 1);
	char *other = vc4_block_take(2000, &got);   /* another class */
	assert_ptr_not_equal(other, p);
	assert_int_equal(vc4_block_kept(), 1);
	char *again = vc4_block_take(600, &got);
	assert_ptr_equal(again, p);
	assert_int_equal(got, 1024);
	assert_int_equal(vc4_block_kept(), 0);
	free(again);
	free(other);
}

/* A malloc() block is filed by the largest class its known size covers: a
 * 700-byte block serves 512-byte requests, never larger ones. */
static void block_filed_by_known_size(void **state)
{
	(void)state;
	if (!VC4_BLOCK_CACHING)
		skip();
	drain();
	char *p = malloc(700);
	assert_non_null(p);
	vc4_block_give(p, 700);
	size_t got;
	char *q = vc4_block_take(513, &got);
	assert_ptr_not_equal(q, p);
	char *r = vc4_block_take(512, &got);
	assert_ptr_equal(r, p);
	assert_int_equal(got, 512);
	free(q);
	free(r);
}

/* vc4_block_zalloc() zeroes a block that held other data, and refuses a
 * size that overflows. */
static void block_zalloc_zeroes_reused_blocks(void **state)
{
	(void)state;
	drain();
	size_t got;
	uint32_t *p = vc4_block_take(2048, &got);
	assert_non_null(p);
	memset(p, 0xff, got);
	vc4_block_give(p, got);
	uint32_t *z = vc4_block_zalloc(300, sizeof(uint32_t), &got);
	assert_non_null(z);
	assert_true(got >= 300 * sizeof(uint32_t));
	for (int i = 0; i < 300; i++)
		assert_int_equal(z[i], 0);
	vc4_block_give(z, got);
	assert_null(vc4_block_zalloc(SIZE_MAX / 2, 4, &got));
	drain();
}

/* A class keeps at most VC4_BLOCK_KEEP blocks; the rest are freed. */
static void block_keeps_at_most_keep_a_class(void **state)
{
	(void)state;
	if (!VC4_BLOCK_CACHING)
		skip();
	drain();
	for (int i = 0; i < VC4_BLOCK_KEEP + 3; i++)
		vc4_block_give(malloc(4096), 4096);
	assert_int_equal(vc4_block_kept(), VC4_BLOCK_KEEP);
	vc4_block_give(malloc(8192), 8192);
	assert_int_equal(vc4_block_kept(), VC4_BLOCK_KEEP + 1);
	drain();
}

static void *give_three(void *arg)
{
	(void)arg;
	for (int i = 0; i < 3; i++)
		vc4_block_give(malloc(1024), 1024);
	return (void *)(uintptr_t)vc4_block_kept();
}

/* Each thread has its own cache (the exiting thread's blocks are freed by
 * its key's destructor: a leak check of a sanitized build would see them). */
static void block_cache_is_per_thread(void **state)
{
	(void)state;
	if (!VC4_BLOCK_CACHING)
		skip();
	drain();
	pthread_t t;
	void *kept;
	assert_int_equal(pthread_create(&t, NULL, give_three, NULL), 0);
	assert_int_equal(pthread_join(t, &kept), 0);
	assert_int_equal((uintptr_t)kept, 3);
	assert_int_equal(vc4_block_kept(), 0);
}

/* A growable array of 128 bytes or more and an arena's heap chunk go back
 * to the cache when freed, and the next ones of their size reuse them. */
static void arrays_and_arenas_give_blocks_back(void **state)
{
	(void)state;
	if (!VC4_BLOCK_CACHING)
		skip();
	drain();
	VC4_ARRAY(uint32_t) a = {0};
	for (uint32_t i = 0; i < 200; i++)   /* 800 bytes: cap 256, 1 KB */
		assert_true(vc4_array_push(&a, i));
	for (uint32_t i = 0; i < 200; i++)
		assert_int_equal(a.data[i], i);   /* kept through the moves */
	uint32_t *data = a.data;
	assert_int_equal(vc4_block_kept(), 3);   /* the 128, 256 and 512-byte blocks it left */
	vc4_array_free(&a);
	assert_int_equal(vc4_block_kept(), 4);
	VC4_ARRAY(uint32_t) b = {0};
	assert_true(vc4_array_reserve(&b, 256));
	assert_ptr_equal(b.data, data);
	vc4_array_free(&b);
	drain();

	struct vc4_arena ar;
	vc4_arena_init(&ar, NULL, 0);
	assert_non_null(vc4_arena_alloc(&ar, 100));   /* a first chunk of 4 KB */
	vc4_arena_fini(&ar);
	assert_int_equal(vc4_block_kept(), 1);
	drain();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(block_classes_and_usable_sizes),
		cmocka_unit_test(block_is_reused_by_its_class),
		cmocka_unit_test(block_filed_by_known_size),
		cmocka_unit_test(block_zalloc_zeroes_reused_blocks),
		cmocka_unit_test(block_keeps_at_most_keep_a_class),
		cmocka_unit_test(block_cache_is_per_thread),
		cmocka_unit_test(arrays_and_arenas_give_blocks_back),
	};
	return cmocka_run_group_tests_name("util_block_cache", tests, NULL, NULL);
}
