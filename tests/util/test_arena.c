/* test_arena.c: the scratch arena of src/util/arena.c (alignment, the
 * caller's buffer, growth, large requests, zeroing, zeroing ahead for
 * vc4_arena_zbytes(), reset and fini). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/arena.h"

#if defined(__SANITIZE_ADDRESS__)
#define TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_ASAN 1
#endif
#endif
#ifdef TEST_ASAN
#include <sanitizer/asan_interface.h>
#endif

/* True when [p, p+n) lies inside [buf, buf+size). */
static bool inside(const void *p, size_t n, const void *buf, size_t size)
{
	uintptr_t u = (uintptr_t)p, b = (uintptr_t)buf;
	return u >= b && u + n <= b + size;
}

/* Every block is 16-byte aligned, odd sizes and size 0 included, and
 * blocks never overlap. */
static void arena_aligns_every_block(void **state)
{
	(void)state;
	struct vc4_arena a;
	vc4_arena_init(&a, NULL, 0);
	char *prev = NULL;
	for (size_t n = 0; n < 40; n++) {
		char *p = vc4_arena_alloc(&a, n);
		assert_non_null(p);
		assert_int_equal((uintptr_t)p % 16, 0);
		assert_true(p != prev);
		if (prev && p > prev)
			assert_true(p - prev >= 16);
		memset(p, 0xab, n);
		prev = p;
	}
	vc4_arena_fini(&a);
	assert_null(a.chunks);
}

/* Blocks come from the caller's buffer while it lasts, then from the
 * heap; reset starts again at the buffer's (aligned) start. */
static void arena_uses_buffer_then_heap_and_resets(void **state)
{
	(void)state;
	_Alignas(16) char buf[256];
	struct vc4_arena a;
	vc4_arena_init(&a, buf, sizeof(buf));
	char *p = vc4_arena_alloc(&a, 100);
	assert_ptr_equal(p, buf);
	char *q = vc4_arena_alloc(&a, 100);
	assert_ptr_equal(q, buf + 112);
	assert_null(a.chunks);
	char *r = vc4_arena_alloc(&a, 100);   /* 32 bytes left: the heap */
	assert_non_null(r);
	assert_false(inside(r, 100, buf, sizeof(buf)));
	assert_non_null(a.chunks);
	vc4_arena_reset(&a);
	assert_null(a.chunks);
	assert_ptr_equal(vc4_arena_alloc(&a, 8), buf);
	vc4_arena_fini(&a);
	assert_null(a.first);
}

/* Many small blocks across several chunks keep their contents. */
static void arena_grows_and_keeps_contents(void **state)
{
	(void)state;
	struct vc4_arena a;
	vc4_arena_init(&a, NULL, 0);
	uint32_t *blocks[2000];
	for (uint32_t i = 0; i < 2000; i++) {
		blocks[i] = vc4_arena_alloc(&a, 3 * sizeof(uint32_t));
		assert_non_null(blocks[i]);
		for (uint32_t k = 0; k < 3; k++)
			blocks[i][k] = i * 3 + k;
	}
	for (uint32_t i = 0; i < 2000; i++)
		for (uint32_t k = 0; k < 3; k++)
			assert_int_equal(blocks[i][k], i * 3 + k);
	/* 2000 blocks of 16 bytes in chunks of 4, 8, 16 and 32 KiB: blocks
	 * follow each other except at the 3 chunk changes */
	size_t jumps = 0;
	for (uint32_t i = 1; i < 2000; i++)
		jumps += (char *)blocks[i] != (char *)blocks[i - 1] + 16;
	assert_int_equal(jumps, 3);
	vc4_arena_fini(&a);
}

/* A large request gets a chunk of its own, and the current chunk keeps
 * serving small ones right after the block before it. */
static void arena_large_request_gets_own_chunk(void **state)
{
	(void)state;
	_Alignas(16) char buf[512];
	struct vc4_arena a;
	vc4_arena_init(&a, buf, sizeof(buf));
	char *small = vc4_arena_alloc(&a, 16);
	char *big = vc4_arena_alloc(&a, 1 << 20);
	assert_non_null(big);
	memset(big, 0x5a, 1 << 20);
	assert_false(inside(big, 1, buf, sizeof(buf)));
	assert_ptr_equal(vc4_arena_alloc(&a, 16), small + 16);
	assert_null(vc4_arena_alloc(&a, SIZE_MAX - 4));
	assert_null(vc4_arena_zalloc(&a, SIZE_MAX / 2, 4));
	vc4_arena_fini(&a);
}

/* zalloc zeroes memory that held other data before a reset. */
static void arena_zalloc_zeroes_reused_memory(void **state)
{
	(void)state;
	_Alignas(16) char buf[128];
	struct vc4_arena a;
	vc4_arena_init(&a, buf, sizeof(buf));
	memset(vc4_arena_alloc(&a, 64), 0xff, 64);
	vc4_arena_reset(&a);
	uint32_t *z = vc4_arena_zalloc(&a, 16, sizeof(uint32_t));
	assert_ptr_equal(z, buf);
	for (int k = 0; k < 16; k++)
		assert_int_equal(z[k], 0);
	vc4_arena_fini(&a);
}

/* True when the `n` bytes at `p` are all zero. */
static bool all_zero(const unsigned char *p, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (p[k])
			return false;
	return true;
}

/* vc4_arena_zbytes(): zeroed 16-byte blocks, each right after the last;
 * the slow path zeroes 1 KB ahead (none under AddressSanitizer, where the
 * tail stays poisoned) so the next requests are bumps that zero nothing
 * again; uninitialised blocks and dirtied memory in between do not leak
 * into later zeroed ones, across chunks and a request larger than one. */
static void arena_zbytes_zeroes_ahead(void **state)
{
	(void)state;
	struct vc4_arena a = { 0 };   /* zero-initialised: an empty arena */
	unsigned char *p = vc4_arena_zbytes(&a, 24);
	assert_non_null(p);
	assert_int_equal((uintptr_t)p % 16, 0);
	assert_true(all_zero(p, 24));
#ifdef TEST_ASAN
	assert_ptr_equal(a.zeroed, a.cur);
#else
	assert_int_equal(a.zeroed - a.cur, 1024);
#endif
	char *zero_end = a.zeroed;
	memset(p, 0xff, 24);
	char *s = vc4_arena_alloc(&a, 4);
	assert_ptr_equal(s, p + 32);
	memcpy(s, "abc", 4);
	unsigned char *q = vc4_arena_zbytes(&a, 40);
	assert_ptr_equal(q, (unsigned char *)s + 16);
	assert_true(all_zero(q, 40));
#ifndef TEST_ASAN
	assert_ptr_equal(a.zeroed, zero_end);   /* a bump: nothing zeroed again */
#endif
	(void)zero_end;
	for (int i = 0; i < 3000; i++) {   /* 3000 x 112 bytes: several chunks */
		unsigned char *r = vc4_arena_zbytes(&a, 100);
		assert_non_null(r);
		assert_true(all_zero(r, 100));
		memset(r, 0xa5, 100);
		if (i % 7 == 0)
			memset(vc4_arena_alloc(&a, 40), 0x5a, 40);
	}
	unsigned char *big = vc4_arena_zbytes(&a, 100000);
	assert_non_null(big);
	assert_true(all_zero(big, 100000));
	assert_string_equal(s, "abc");
	vc4_arena_fini(&a);
	assert_null(a.chunks);
}

/* In a caller's buffer full of old data: zbytes, then an uninitialised
 * block that is dirtied, then a zalloc that reaches past the room zeroed
 * ahead: every zeroed block reads zero, the part zeroed ahead included. */
static void arena_zalloc_after_zero_ahead(void **state)
{
	(void)state;
	_Alignas(16) unsigned char buf[4096];
	memset(buf, 0x77, sizeof(buf));
	struct vc4_arena a;
	vc4_arena_init(&a, buf, sizeof(buf));
	unsigned char *p = vc4_arena_zbytes(&a, 16);
	assert_ptr_equal(p, buf);
	assert_true(all_zero(p, 16));
	unsigned char *d = vc4_arena_alloc(&a, 32);
	memset(d, 0x55, 32);
	unsigned char *z = vc4_arena_zalloc(&a, 500, sizeof(uint32_t));
	assert_ptr_equal(z, buf + 48);
	assert_true(all_zero(z, 2000));
	assert_ptr_equal(a.zeroed, a.cur);
	assert_int_equal(d[31], 0x55);
	vc4_arena_fini(&a);
}

/* Under AddressSanitizer: the room past a block is poisoned until handed
 * out, and the caller's buffer is clean again after fini. */
static void arena_poisons_what_it_has_not_handed_out(void **state)
{
	(void)state;
#ifdef TEST_ASAN
	_Alignas(16) char buf[256];
	struct vc4_arena a;
	vc4_arena_init(&a, buf, sizeof(buf));
	char *p = vc4_arena_alloc(&a, 16);
	assert_false(__asan_address_is_poisoned(p + 15));
	assert_true(__asan_address_is_poisoned(p + 16));
	char *q = vc4_arena_alloc(&a, 16);
	assert_ptr_equal(q, p + 16);
	assert_false(__asan_address_is_poisoned(q));
	vc4_arena_fini(&a);
	assert_false(__asan_address_is_poisoned(buf + 200));
#else
	skip();
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(arena_aligns_every_block),
		cmocka_unit_test(arena_uses_buffer_then_heap_and_resets),
		cmocka_unit_test(arena_grows_and_keeps_contents),
		cmocka_unit_test(arena_large_request_gets_own_chunk),
		cmocka_unit_test(arena_zalloc_zeroes_reused_memory),
		cmocka_unit_test(arena_poisons_what_it_has_not_handed_out),
		cmocka_unit_test(arena_zbytes_zeroes_ahead),
		cmocka_unit_test(arena_zalloc_after_zero_ahead),
	};
	return cmocka_run_group_tests_name("util_arena", tests, NULL, NULL);
}
