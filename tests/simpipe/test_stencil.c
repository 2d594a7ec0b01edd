/*
 * test_stencil.c: the TLB's stencil through whole jobs. A 16x16 frame whose
 * Z/S buffer is loaded from a raster image holding every stencil value once
 * (pixel (x, y) has stencil 16y + x) is covered by a quad whose FS writes
 * tlb_stencil_setup words; the colour and the stored Z/S words are checked
 * pixel by pixel: the eight test functions with a value mask, the eight
 * operations (saturating and wrapping at 0 and 255), the fail / depth-fail
 * / depth-pass outcomes with the depth test, the write masks of both word
 * forms and their order, forward and reverse faces (and the Clockwise
 * Primitives bit), discarded lanes, the stencil clear, and a run without
 * stencil setup leaving the stencil alone. The setup words are written out
 * here bit by bit (Mesa's vc4_state.c and Broadcom's 2014 driver agree on
 * the layout), not with the generated packers.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

#define ZS_IN (FX_BASE + 0x70000)
#define ZS_OUT (FX_BASE + 0x78000)
#define SIZE 16
#define PASS_COLOR 0xff00ff00u

/* Operations and compare functions as the words encode them. */
enum { ZERO, KEEP, REPLACE, INCR, DECR, INVERT, INCR_WRAP, DECR_WRAP };
enum { NEVER, LESS, EQUAL, LEQUAL, GREATER, NOTEQUAL, GEQUAL, ALWAYS };
enum { FORWARD = 1, REVERSE = 2, BOTH = 3 };

/* A configuration word: value mask 7..0, reference 15..8, function 18..16,
 * fail op 21..19, depth-pass op 24..22, depth-fail op 27..25, write mask
 * code 29..28 (0x01, 0x03, 0x0f, 0xff), faces 31..30. */
static uint32_t cfg_word(uint32_t faces, uint32_t wmask_code, uint32_t zfail, uint32_t zpass,
			 uint32_t fail, uint32_t func, uint32_t ref, uint32_t mask)
{
	return faces << 30 | wmask_code << 28 | zfail << 25 | zpass << 22 | fail << 19 |
	       func << 16 | ref << 8 | mask;
}

/* The write-mask word: forward mask 7..0, reverse mask 15..8, faces 0. */
static uint32_t mask_word(uint32_t forward, uint32_t reverse)
{
	return reverse << 8 | forward;
}

/* FS: colour = uniform 0; then `n` tlb_stencil_setup writes of uniforms
 * 1..n, the Z payload to tlb_z, the colour. */
static const char *fs_with_setup(unsigned n)
{
	static char text[512];
	int len = snprintf(text, sizeof(text), "mov r0, unif\nnop\n");
	for (unsigned i = 0; i < n; i++)
		len += snprintf(text + len, sizeof(text) - (size_t)len,
				"mov tlb_stencil_setup, unif\n");
	snprintf(text + len, sizeof(text) - (size_t)len,
		 "nop ; nop ; sbwait\n"
		 "mov tlb_z, rb15\n"
		 "mov tlb_color_all, r0\n"
		 "nop ; nop ; thrend\n"
		 "nop\n"
		 "nop ; nop ; sbdone\n");
	return text;
}

static uint32_t word_at(struct fx_job *j, uint32_t addr)
{
	uint32_t v;
	memcpy(&v, fx_ptr(j, addr), 4);
	return v;
}

static uint32_t zs_out(struct fx_job *j, uint32_t x, uint32_t y)
{
	return word_at(j, ZS_OUT + (y * SIZE + x) * 4);
}

static uint8_t stencil_in(uint32_t x, uint32_t y)
{
	return (uint8_t)(y * SIZE + x);
}

/* A 16x16 job whose Z/S buffer starts as Z = `z` (24 bits) and stencil
 * 16y + x, with the FS of `n` setup words `w`; depth test ALWAYS. */
static void init_job(struct fx_job *j, uint32_t z, const uint32_t *w, unsigned n)
{
	fx_init(j, SIZE, SIZE);
	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++) {
			uint32_t v = z << 8 | stencil_in(x, y);
			memcpy(fx_ptr(j, ZS_IN + (y * SIZE + x) * 4), &v, 4);
		}
	j->zs_load = ZS_IN;
	j->zs_store = ZS_OUT;
	j->fs = fs_with_setup(n);
	j->fs_unif[0] = PASS_COLOR;
	for (unsigned i = 0; i < n; i++)
		j->fs_unif[1 + i] = w[i];
}

/* Two forward triangles (positive area on the y-down screen) covering the
 * frame at depth 0.5, or the second one reversed. */
static void build_quad(struct fx_job *j, bool second_reversed)
{
	const struct fx_vertex v[6] = {
		{ 0, 0, 0.5f, 0, 0, 0 }, { SIZE, 0, 0.5f, 0, 0, 0 }, { 0, SIZE, 0.5f, 0, 0, 0 },
		{ SIZE, 0, 0.5f, 0, 0, 0 }, { SIZE, SIZE, 0.5f, 0, 0, 0 },
		{ 0, SIZE, 0.5f, 0, 0, 0 },
	};
	struct fx_vertex w[6];
	memcpy(w, v, sizeof(v));
	if (second_reversed) {
		w[4] = v[5];
		w[5] = v[4];
	}
	fx_build(j, w, 6);
}

/* Whether pixel (x, y) is in the second triangle: its centre on or below
 * the diagonal, which is a top-left edge of the second triangle only. */
static bool second_triangle(uint32_t x, uint32_t y)
{
	return x + y >= SIZE - 1;
}

static bool expect_test(uint32_t func, uint8_t ref, uint8_t s)
{
	switch (func) {
	case NEVER: return false;
	case LESS: return ref < s;
	case EQUAL: return ref == s;
	case LEQUAL: return ref <= s;
	case GREATER: return ref > s;
	case NOTEQUAL: return ref != s;
	case GEQUAL: return ref >= s;
	default: return true;
	}
}

/* Each function with reference 0x95 and value mask 0xf0 (so 0x9_ compares
 * equal): colour where (ref & mask) FUNC (stencil & mask); KEEP leaves the
 * Z/S words as loaded. */
static void test_functions(void **state)
{
	(void)state;
	for (uint32_t func = NEVER; func <= ALWAYS; func++) {
		struct fx_job j;
		uint32_t w = cfg_word(BOTH, 3, KEEP, KEEP, KEEP, func, 0x95, 0xf0);
		init_job(&j, 0x123456, &w, 1);
		build_quad(&j, false);
		fx_run_ok(&j);
		uint32_t failed = 0;
		for (uint32_t y = 0; y < SIZE; y++)
			for (uint32_t x = 0; x < SIZE; x++) {
				uint8_t s = stencil_in(x, y);
				bool pass = expect_test(func, 0x90, s & 0xf0);
				failed += !pass;
				assert_int_equal(fx_pixel(&j, x, y), pass ? PASS_COLOR : j.clear_color);
				assert_int_equal(zs_out(&j, x, y), 0x12345600u | s);
			}
		assert_int_equal(j.stats.fragments_stencil_failed, failed);
		fx_fini(&j);
	}
}

static uint8_t expect_op(uint32_t op, uint8_t ref, uint8_t s)
{
	switch (op) {
	case ZERO: return 0;
	case REPLACE: return ref;
	case INCR: return s == 255 ? 255 : (uint8_t)(s + 1);
	case DECR: return s == 0 ? 0 : (uint8_t)(s - 1);
	case INVERT: return (uint8_t)~s;
	case INCR_WRAP: return (uint8_t)(s + 1);
	case DECR_WRAP: return (uint8_t)(s - 1);
	default: return s;
	}
}

/* Each operation as the depth-pass operation (test ALWAYS) on every
 * stencil value: INCR/DECR saturate at 255/0, the _WRAP forms wrap; Z is
 * kept (Z updates are off). */
static void test_operations(void **state)
{
	(void)state;
	for (uint32_t op = ZERO; op <= DECR_WRAP; op++) {
		struct fx_job j;
		uint32_t w = cfg_word(BOTH, 3, KEEP, op, KEEP, ALWAYS, 0x5a, 0xff);
		init_job(&j, 0x00abcd, &w, 1);
		build_quad(&j, false);
		fx_run_ok(&j);
		for (uint32_t y = 0; y < SIZE; y++)
			for (uint32_t x = 0; x < SIZE; x++) {
				uint8_t s = stencil_in(x, y);
				assert_int_equal(zs_out(&j, x, y),
						 0x00abcd00u | expect_op(op, 0x5a, s));
				assert_int_equal(fx_pixel(&j, x, y), PASS_COLOR);
			}
		fx_fini(&j);
	}
}

/* Stencil EQUAL 1 on rows of stencil 1 (odd rows; even rows 0), depth
 * LESS against Z = 0 (left half) or 0xffffff (right half), the quad at Z
 * 0x800000 with Z updates: fail -> INVERT, depth fail -> INCR, depth pass
 * -> ZERO; colour and Z only where both tests pass. */
static void test_outcomes(void **state)
{
	(void)state;
	struct fx_job j;
	uint32_t w = cfg_word(BOTH, 3, INCR, ZERO, INVERT, EQUAL, 1, 0xff);
	init_job(&j, 0, &w, 1);
	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++) {
			uint32_t v = (x < 8 ? 0u : 0xffffffu) << 8 | (y & 1);
			memcpy(fx_ptr(&j, ZS_IN + (y * SIZE + x) * 4), &v, 4);
		}
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.z_updates = true;
	build_quad(&j, false);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++) {
			uint32_t z = x < 8 ? 0 : 0xffffff, want;
			if (!(y & 1))
				want = z << 8 | 0xff;         /* stencil fail: INVERT 0 */
			else if (x < 8)
				want = 0x00000002;            /* depth fail: INCR 1 */
			else
				want = 0x80000000;            /* pass: Z 0x800000, ZERO */
			assert_int_equal(zs_out(&j, x, y), want);
			assert_int_equal(fx_pixel(&j, x, y),
					 (y & 1) && x >= 8 ? PASS_COLOR : j.clear_color);
		}
	assert_int_equal(j.stats.fragments_stencil_failed, 128);
	assert_int_equal(j.stats.fragments_depth_failed, 64);
	fx_fini(&j);
}

/* REPLACE with 0xff through a write mask: the stencil keeps the bits
 * outside it. */
static void check_masked_replace(const uint32_t *w, unsigned n, uint8_t mask)
{
	struct fx_job j;
	init_job(&j, 0, w, n);
	build_quad(&j, false);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++)
			assert_int_equal(zs_out(&j, x, y),
					 (uint8_t)((stencil_in(x, y) & ~mask) | mask));
	fx_fini(&j);
}

/* The write mask codes of a configuration word: 0x01, 0x03, 0x0f, 0xff. */
static void test_write_mask_codes(void **state)
{
	(void)state;
	static const uint8_t masks[4] = { 0x01, 0x03, 0x0f, 0xff };
	for (uint32_t code = 0; code < 4; code++) {
		uint32_t w = cfg_word(BOTH, code, KEEP, REPLACE, KEEP, ALWAYS, 0xff, 0xff);
		check_masked_replace(&w, 1, masks[code]);
	}
}

/* The write-mask word sets any mask; a configuration word after it sets
 * the code's mask again (so the mask word comes last, as Mesa and
 * Broadcom's driver write it). */
static void test_write_mask_word(void **state)
{
	(void)state;
	uint32_t w[2] = { cfg_word(BOTH, 0, KEEP, REPLACE, KEEP, ALWAYS, 0xff, 0xff),
			  mask_word(0x5c, 0x00) };
	check_masked_replace(w, 2, 0x5c);
	uint32_t r[2] = { w[1], w[0] };
	check_masked_replace(r, 2, 0x01);
}

/* Forward and reverse configurations: the quad's first triangle faces
 * forward, its second one (vertices swapped) reverse; the reverse face has
 * its own test, operations and write mask (0x0f). With Clockwise
 * Primitives the faces swap. */
static void check_faces(bool clockwise)
{
	struct fx_job j;
	uint32_t w[3] = { cfg_word(FORWARD, 3, KEEP, REPLACE, KEEP, ALWAYS, 0x11, 0xff),
			  cfg_word(REVERSE, 3, KEEP, INVERT, ZERO, EQUAL, 0xa7, 0xff),
			  mask_word(0xff, 0x0f) };
	init_job(&j, 0, w, 3);
	j.clockwise = clockwise;
	build_quad(&j, true);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++) {
			uint8_t s = stencil_in(x, y);
			bool reverse = second_triangle(x, y) != clockwise;
			bool pass = !reverse || s == 0xa7;
			uint8_t want = !reverse ? 0x11 : pass ? 0xa8 : (uint8_t)(s & 0xf0);
			assert_int_equal(zs_out(&j, x, y), want);
			assert_int_equal(fx_pixel(&j, x, y), pass ? PASS_COLOR : j.clear_color);
		}
	fx_fini(&j);
}

static void test_faces(void **state)
{
	(void)state;
	check_faces(false);
	check_faces(true);
}

/* A word for both faces, then one for the forward face only: the reverse
 * triangle keeps the first configuration. */
static void test_both_then_forward(void **state)
{
	(void)state;
	struct fx_job j;
	uint32_t w[2] = { cfg_word(BOTH, 3, KEEP, REPLACE, KEEP, ALWAYS, 0x33, 0xff),
			  cfg_word(FORWARD, 3, KEEP, REPLACE, KEEP, ALWAYS, 0x44, 0xff) };
	init_job(&j, 0, w, 2);
	build_quad(&j, true);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++)
			assert_int_equal(zs_out(&j, x, y), second_triangle(x, y) ? 0x33 : 0x44);
	fx_fini(&j);
}

/* Lanes discarded by their tlb_z and colour write conditions (even
 * columns) keep their stencil; the others take the operation. */
static void test_discard(void **state)
{
	(void)state;
	struct fx_job j;
	uint32_t w = cfg_word(BOTH, 3, KEEP, INVERT, KEEP, ALWAYS, 0, 0xff);
	init_job(&j, 0, &w, 1);
	j.fs = "mov r0, unif\n"
	       "mov tlb_stencil_setup, unif\n"
	       "and.sf nop, elem_num, 1\n"
	       "nop ; nop ; sbwait\n"
	       "mov.zc tlb_z, rb15\n"
	       "mov.zc tlb_color_all, r0\n"
	       "nop ; nop ; thrend\n"
	       "nop\n"
	       "nop ; nop ; sbdone\n";
	build_quad(&j, false);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++) {
			uint8_t s = stencil_in(x, y);
			assert_int_equal(zs_out(&j, x, y), x % 2 ? (uint8_t)~s : s);
			assert_int_equal(fx_pixel(&j, x, y), x % 2 ? PASS_COLOR : j.clear_color);
		}
	fx_fini(&j);
}

/* Mesa's first draw of the stencil scene: no colour (the FS writes back
 * the loaded colour), stencil ALWAYS 1, depth pass REPLACE, Z updates off:
 * the cleared stencil (0x80, Z 0x654321) becomes 1 under the triangle,
 * whose pixels keep the clear colour. */
static void test_clear_and_replace(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, SIZE, SIZE);
	j.clear_z = 0x654321;
	j.clear_s = 0x80;
	j.zs_store = ZS_OUT;
	j.fs = "mov tlb_stencil_setup, unif\n"
	       "nop\n"
	       "nop ; nop ; sbwait\n"
	       "nop ; nop ; loadc\n"
	       "mov tlb_z, rb15\n"
	       "mov tlb_color_all, r4\n"
	       "nop ; nop ; thrend\n"
	       "nop\n"
	       "nop ; nop ; sbdone\n";
	/* Mesa's uniform for this state: 0xf28f01ff */
	j.fs_unif[0] = cfg_word(BOTH, 3, KEEP, REPLACE, KEEP, ALWAYS, 1, 0xff);
	assert_int_equal(j.fs_unif[0], 0xf28f01ff);
	const struct fx_vertex v[3] = {
		{ 0, 0, 0.5f, 0, 0, 0 }, { SIZE, 0, 0.5f, 0, 0, 0 }, { 0, SIZE, 0.5f, 0, 0, 0 },
	};
	fx_build(&j, v, 3);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++) {
			bool in = !second_triangle(x, y);
			assert_int_equal(zs_out(&j, x, y), 0x65432100u | (in ? 1 : 0x80));
			assert_int_equal(fx_pixel(&j, x, y), j.clear_color);
		}
	fx_fini(&j);
}

/* A run without stencil setup writes keeps the stencil, whatever the Z
 * update does (no stencil test either). */
static void test_no_setup_keeps_stencil(void **state)
{
	(void)state;
	struct fx_job j;
	init_job(&j, 0xffffff, NULL, 0);
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.z_updates = true;
	build_quad(&j, false);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++) {
			assert_int_equal(zs_out(&j, x, y), 0x80000000u | stencil_in(x, y));
			assert_int_equal(fx_pixel(&j, x, y), PASS_COLOR);
		}
	assert_int_equal(j.stats.fragments_stencil_failed, 0);
	fx_fini(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_functions),
		cmocka_unit_test(test_operations),
		cmocka_unit_test(test_outcomes),
		cmocka_unit_test(test_write_mask_codes),
		cmocka_unit_test(test_write_mask_word),
		cmocka_unit_test(test_faces),
		cmocka_unit_test(test_both_then_forward),
		cmocka_unit_test(test_discard),
		cmocka_unit_test(test_clear_and_replace),
		cmocka_unit_test(test_no_setup_keeps_stencil),
	};
	return cmocka_run_group_tests_name("simpipe_stencil", tests, NULL, NULL);
}
