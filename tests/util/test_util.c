/* test_util.c: the shared error, array and file helpers, and the inline
 * helpers for hot code (bit counts, short byte strings, zeroing, zeroed
 * heap blocks, counted loops and branch tests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/array.h"
#include "util/bits.h"
#include "util/bytes.h"
#include "util/diag.h"
#include "util/file.h"
#include "util/loop_cond.h"
#include "util/text.h"
#include "util/zalloc.h"
#include "util/zero.h"

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

/* The first block holds 128 bytes of elements under 16 bytes, 8 of larger
 * ones (as many as the block cache's class holds: 256 bytes, 10 of 24);
 * growth doubles it; freeing an array never grown (no block) or a grown one
 * leaves it empty. */
static void array_first_room_and_free(void **state)
{
	(void)state;
	VC4_ARRAY(uint32_t) w = {0};
	VC4_ARRAY(uint8_t) b = {0};
	VC4_ARRAY(uint64_t) d = {0};
	struct big { char bytes[24]; };
	VC4_ARRAY(struct big) g = {0};
	vc4_array_free(&w);
	assert_null(w.data);
	assert_int_equal(w.cap, 0);
	assert_true(vc4_array_push(&w, 7u));
	assert_true(vc4_array_push(&b, 7));
	assert_true(vc4_array_push(&d, 7u));
	assert_true(vc4_array_push(&g, (struct big){ { 7 } }));
	assert_int_equal(w.cap, 32);
	assert_int_equal(b.cap, 128);
	assert_int_equal(d.cap, 16);
	assert_int_equal(g.cap, VC4_BLOCK_CACHING ? 10 : 8);
	assert_true(vc4_array_reserve(&w, 40));
	assert_int_equal(w.cap, 64);
	assert_int_equal(w.data[0], 7u);
	assert_int_equal(g.data[0].bytes[0], 7);
	vc4_array_free(&w);
	vc4_array_free(&b);
	vc4_array_free(&d);
	vc4_array_free(&g);
	assert_null(w.data);
	assert_int_equal(w.len, 0);
	assert_int_equal(w.cap, 0);
	assert_null(g.data);
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

/* vc4_ctz64() and vc4_popcount64() (on 32-bit hosts their own code, not
 * the builtins) against bit-by-bit loops, on every single bit, the word
 * boundary and a random walk. */
static unsigned ref_ctz(uint64_t m)
{
	unsigned i = 0;
	while (!(m >> i & 1))
		i++;
	return i;
}

static unsigned ref_popcount(uint64_t x)
{
	unsigned n = 0;
	for (unsigned i = 0; i < 64; i++)
		n += (unsigned)(x >> i & 1);
	return n;
}

static void bit_counts_match_loops(void **state)
{
	(void)state;
	for (unsigned i = 0; i < 64; i++) {
		assert_int_equal(vc4_ctz64(1ull << i), i);
		assert_int_equal(vc4_ctz64(~0ull << i), i);
		assert_int_equal(vc4_popcount64(~0ull << i), 64 - i);
	}
	assert_int_equal(vc4_popcount64(0), 0);
	assert_int_equal(vc4_popcount64(~0ull), 64);
	assert_int_equal(vc4_ctz64(0x100000000ull), 32);
	assert_int_equal(vc4_popcount64(0xffffffff00000001ull), 33);
	uint64_t x = 0x9e3779b97f4a7c15ull;
	for (unsigned k = 0; k < 4096; k++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		uint64_t m = x & (x >> (k % 61));
		assert_int_equal(vc4_popcount64(m), ref_popcount(m));
		if (m)
			assert_int_equal(vc4_ctz64(m), ref_ctz(m));
	}
}

/* The short copies and comparisons give the library functions' answers,
 * at and past VC4_COPY_SHORT_MAX. */
static void short_bytes_match_libc(void **state)
{
	(void)state;
	char src[80], dst[80];
	for (unsigned i = 0; i < sizeof(src); i++)
		src[i] = (char)('a' + i % 26);
	for (size_t n = 0; n <= 2 * VC4_COPY_SHORT_MAX + 1; n++) {
		memset(dst, '#', sizeof(dst));
		vc4_copy_short(dst, src, n);
		assert_memory_equal(dst, src, n);
		assert_int_equal(dst[n], '#');
		assert_true(vc4_memeq_short(dst, src, n));
	}
	assert_false(vc4_memeq_short("abcd", "abce", 4));
	assert_true(vc4_memeq_short("abcd", "abce", 3));
	assert_int_equal(vc4_strnlen_short("vec4", 8), 4);
	assert_int_equal(vc4_strnlen_short("vec4", 3), 3);
	assert_int_equal(vc4_strnlen_short("", 3), 0);
	assert_true(vc4_streq("gl_Position", "gl_Position"));
	assert_true(vc4_streq("", ""));
	assert_false(vc4_streq("gl_Pos", "gl_Position"));
	assert_false(vc4_streq("gl_Position", "gl_Pos"));
	assert_false(vc4_streq("a", "b"));
}

/* VC4_ZERO() clears the whole object and nothing beside it. */
static void zero_clears_exactly_the_object(void **state)
{
	(void)state;
	struct obj {
		uint32_t w[9];
		uint16_t h[2];
	} o[3];
	memset(o, 0xa5, sizeof(o));
	VC4_ZERO(&o[1]);
	static const struct obj zero;
	assert_memory_equal(&o[1], &zero, sizeof(zero));
	for (unsigned i = 0; i < sizeof(o[0]); i++) {
		assert_int_equal(((const unsigned char *)&o[0])[i], 0xa5);
		assert_int_equal(((const unsigned char *)&o[2])[i], 0xa5);
	}
}

/* vc4_calloc() gives zeroed blocks like calloc(): small ones (after a
 * dirtied block of that size went back, which the cache would hand out
 * again), empty ones (distinct, freeable) and large ones; NULL when the
 * size overflows. */
static void calloc_gives_zeroed_blocks(void **state)
{
	(void)state;
	static const size_t sizes[] = { 1, 3, 40, 452, 4096, VC4_CALLOC_LARGE - 1,
					VC4_CALLOC_LARGE, 3 * VC4_CALLOC_LARGE };
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		unsigned char *dirty = malloc(sizes[k]);
		assert_non_null(dirty);
		memset(dirty, 0xa5, sizes[k]);
		free(dirty);
		unsigned char *p = vc4_calloc(sizes[k], 1);
		assert_non_null(p);
		for (size_t i = 0; i < sizes[k]; i++)
			assert_int_equal(p[i], 0);
		free(p);
		uint32_t *w = vc4_calloc(sizes[k], sizeof(uint32_t));
		assert_non_null(w);
		assert_int_equal(w[0], 0);
		assert_int_equal(w[sizes[k] - 1], 0);
		free(w);
	}
	void *a = vc4_calloc(0, 8), *b = vc4_calloc(5, 0);
	assert_non_null(a);
	assert_non_null(b);
	assert_ptr_not_equal(a, b);
	free(a);
	free(b);
	assert_null(vc4_calloc(SIZE_MAX / 2 + 1, 2));
	assert_null(vc4_calloc(2, SIZE_MAX / 2 + 1));
	assert_null(vc4_calloc(SIZE_MAX, SIZE_MAX));
}

/* VC4_LOOP(i, n) runs i = 0..n-1 once each, in order, for a constant n
 * (an ARM immediate or not) and a run-time one, nested too (on 32-bit ARM
 * its back edge is an asm goto). */
static void counted_loops_run_every_index_once(void **state)
{
	(void)state;
	uint32_t seen[300];
	int order = 0;
	memset(seen, 0, sizeof(seen));
	VC4_LOOP(i, 16)
		seen[i] += (uint32_t)(order++ == i);
	VC4_LOOP_END(i, 16)
	for (int i = 0; i < 16; i++)
		assert_int_equal(seen[i], 1);
	assert_int_equal(order, 16);
	volatile int runtime_n = 300; /* 300 has no ARM immediate encoding */
	int n = runtime_n, count = 0;
	VC4_LOOP(i, n)
		seen[i] += 2;
		count++;
	VC4_LOOP_END(i, n)
	assert_int_equal(count, 300);
	assert_int_equal(seen[15], 3);
	assert_int_equal(seen[299], 2);
	uint32_t pairs = 0;
	VC4_LOOP(i, 3)
		VC4_LOOP(j, 5)
			pairs += 1u << (5 * i + j);
		VC4_LOOP_END(j, 5)
	VC4_LOOP_END(i, 3)
	assert_int_equal(pairs, 0x7fff);
	int once = 0;
	VC4_LOOP(i, 1)
		once += i + 1;
	VC4_LOOP_END(i, 1)
	assert_int_equal(once, 1);
}

/* vc4_ptr_ne(), vc4_nonzero() and vc4_sign_set() agree with the C tests
 * (on 32-bit ARM they are TEQ and TST), at the values around their edges. */
static void flag_tests_match_c(void **state)
{
	(void)state;
	static const uint32_t vals[] = { 0, 1, 2, 0x7fffffffu, 0x80000000u, 0x80000001u,
					 0xfffffffeu, 0xffffffffu, 0x100u, 0x10000u };
	uint32_t words[4];
	for (size_t k = 0; k < sizeof(vals) / sizeof(vals[0]); k++) {
		volatile uint32_t v = vals[k]; /* not folded by the compiler */
		assert_int_equal(vc4_nonzero(v), vals[k] != 0);
		assert_int_equal(vc4_sign_set(v), vals[k] >> 31);
	}
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			const uint32_t *volatile a = &words[i], *volatile b = &words[j];
			assert_int_equal(vc4_ptr_ne(a, b), i != j);
		}
}

/* vc4_set_bytes() and vc4_zero_bytes() write exactly the n bytes memset()
 * would, for every start alignment and the sizes around their 32-byte
 * passes, words and tail bytes (on 32-bit ARM their own store loops),
 * and nothing outside them. */
static void byte_fills_match_memset(void **state)
{
	(void)state;
	unsigned char got[160], want[160];
	for (size_t off = 0; off < 16; off++)
		for (size_t n = 0; n <= 130; n++) {
			memset(got, 0x5a, sizeof(got));
			memset(want, 0x5a, sizeof(want));
			vc4_set_bytes(got + off, 0xc3, n);
			memset(want + off, 0xc3, n);
			assert_memory_equal(got, want, sizeof(got));
			vc4_zero_bytes(got + off, n);
			memset(want + off, 0, n);
			assert_memory_equal(got, want, sizeof(got));
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(diag_keeps_first_error),
		cmocka_unit_test(array_grows_and_keeps_order),
		cmocka_unit_test(array_first_room_and_free),
		cmocka_unit_test(file_round_trip_and_missing_file),
		cmocka_unit_test(text_is_bounded),
		cmocka_unit_test(bit_counts_match_loops),
		cmocka_unit_test(short_bytes_match_libc),
		cmocka_unit_test(zero_clears_exactly_the_object),
		cmocka_unit_test(calloc_gives_zeroed_blocks),
		cmocka_unit_test(counted_loops_run_every_index_once),
		cmocka_unit_test(flag_tests_match_c),
		cmocka_unit_test(byte_fills_match_memset),
	};
	return cmocka_run_group_tests_name("util", tests, NULL, NULL);
}
