/*
 * test_threads.c: tiles on host threads give what one thread gives. Each
 * job is built once and run from the same memory image with 1, 2, 3 and 7
 * threads (sim_pipe_set_threads): every byte of memory, every counter, the
 * outcome and the message must be equal. Jobs: 300 overlapping triangles
 * over 4x3 tiles with the depth test and a Z/S load and store; a 4x
 * multisampled job with full-resolution reloads and dumps; a clear-only
 * RCL; an RCL that visits one tile twice with a store keeping the buffers
 * (the second visit depends on the first); one pipeline running several
 * jobs with its thread count changed between them; random render lists
 * (errors: message and counters equal).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

static const unsigned thread_counts[] = { 2, 3, 7 };

static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

/* The outcome of one run. */
struct result {
	bool ok;
	struct sim_pipe_stats stats;
	char msg[VC4_DIAG_MAX];
	uint8_t *mem;
};

static void run_with(struct fx_job *j, const uint8_t *image, unsigned threads,
		     struct result *r)
{
	memcpy(j->mem.bytes, image, FX_SIZE);
	struct sim_pipe *p = sim_pipe_create();
	assert_non_null(p);
	sim_pipe_set_threads(p, threads);
	sim_pipe_set_instruction_limit(p, 20000);
	struct vc4_diag d;
	vc4_diag_clear(&d);
	memset(&r->stats, 0, sizeof(r->stats));
	r->ok = sim_pipe_run_job(p, &j->mem, FX_BCL, j->bcl_end, FX_RCL, j->rcl_end, &r->stats,
				 &d);
	snprintf(r->msg, sizeof(r->msg), "%s", d.set ? d.msg : "");
	r->mem = malloc(FX_SIZE);
	assert_non_null(r->mem);
	memcpy(r->mem, j->mem.bytes, FX_SIZE);
	sim_pipe_destroy(p);
}

/* Runs the built job with 1 thread, then with each count of
 * thread_counts; compares. `memory`: compare memory too (failed jobs may
 * have stored later tiles: docs/pipeline.md). Returns the 1-thread
 * outcome. */
static bool same_for_all_counts(struct fx_job *j, bool memory)
{
	uint8_t *image = malloc(FX_SIZE);
	assert_non_null(image);
	memcpy(image, j->mem.bytes, FX_SIZE);
	struct result one;
	run_with(j, image, 1, &one);
	for (size_t i = 0; i < sizeof(thread_counts) / sizeof(thread_counts[0]); i++) {
		struct result n;
		run_with(j, image, thread_counts[i], &n);
		assert_int_equal(n.ok, one.ok);
		assert_string_equal(n.msg, one.msg);
		assert_memory_equal(&n.stats, &one.stats, sizeof(one.stats));
		if (memory && one.ok)
			assert_memory_equal(n.mem, one.mem, FX_SIZE);
		free(n.mem);
	}
	memcpy(j->mem.bytes, one.mem, FX_SIZE);
	j->stats = one.stats;
	free(one.mem);
	free(image);
	return one.ok;
}

#define FRAME_W 256
#define FRAME_H 192
#define ZS_STORE (FX_BASE + 0x90000)
#define ZS_LOAD (FX_BASE + 0xc0000)

/* n random triangles over the frame, random depths and colours. */
static void random_triangles(struct fx_vertex *v, uint32_t n, uint32_t *seed)
{
	for (uint32_t i = 0; i < 3 * n; i++) {
		v[i].x = (float)(lcg(seed) % (FRAME_W * 16 + 256)) / 16.0f - 8.0f;
		v[i].y = (float)(lcg(seed) % (FRAME_H * 16 + 256)) / 16.0f - 8.0f;
		v[i].z = (float)(lcg(seed) % 1000) / 1000.0f;
		v[i].r = (float)(lcg(seed) % 256) / 255.0f;
		v[i].g = (float)(lcg(seed) % 256) / 255.0f;
		v[i].b = (float)(lcg(seed) % 256) / 255.0f;
	}
}

static void depth_tested_triangles(void **state)
{
	(void)state;
	static struct fx_vertex v[900];
	uint32_t seed = 7;
	struct fx_job j;
	fx_init(&j, FRAME_W, FRAME_H);
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.z_updates = true;
	j.zs_load = ZS_LOAD;
	j.zs_store = ZS_STORE;
	for (uint32_t i = 0; i < FRAME_W * FRAME_H; i++) {
		uint32_t zs = (lcg(&seed) % 0xffffff) << 8 | (lcg(&seed) & 0xff);
		memcpy(fx_ptr(&j, ZS_LOAD + 4 * i), &zs, 4);
	}
	random_triangles(v, 300, &seed);
	fx_build(&j, v, 900);
	assert_true(same_for_all_counts(&j, true));
	/* and it drew: 12 tiles, each stored twice (Z/S, colour) */
	assert_int_equal(j.stats.tiles_stored, 24);
	assert_true(j.stats.fragments_shaded > 10000);
	fx_fini(&j);
}

static void early_z_triangles(void **state)
{
	(void)state;
	static struct fx_vertex v[600];
	uint32_t seed = 99;
	struct fx_job j;
	fx_init(&j, FRAME_W, FRAME_H);
	j.depth_func = VC4_COMPARE_FUNCTION_LESS_OR_EQUAL;
	j.z_updates = true;
	j.early_z = true;
	j.fs = fx_fs_discard_even;
	j.fs_unif[0] = 0xff00ff00;
	random_triangles(v, 200, &seed);
	fx_build(&j, v, 600);
	assert_true(same_for_all_counts(&j, true));
	fx_fini(&j);
}

static void multisampled(void **state)
{
	(void)state;
	static struct fx_vertex v[300];
	uint32_t seed = 3;
	struct fx_job j;
	fx_init(&j, 128, 96);
	fx_msaa(&j);
	j.ms_load = FX_BASE + 0x80000;
	j.ms_store = FX_BASE + 0xb0000;
	for (uint32_t i = 0; i < 12 * FX_FULL_RES / 4; i++) {
		uint32_t w = lcg(&seed);
		memcpy(fx_ptr(&j, j.ms_load + 4 * i), &w, 4);
	}
	random_triangles(v, 100, &seed);
	for (uint32_t i = 0; i < 300; i++)
		v[i].x /= 2, v[i].y /= 2;
	fx_build(&j, v, 300);
	assert_true(same_for_all_counts(&j, true));
	fx_fini(&j);
}

static void clear_only(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, FRAME_W, FRAME_H);
	fx_build_clear_only(&j);
	assert_true(same_for_all_counts(&j, true));
	assert_int_equal(fx_pixel(&j, 255, 191), 0xff204060);
	fx_fini(&j);
}

/* Tile (0, 0) twice, the first store keeping both buffers: the second
 * visit's triangle lands on the first's (one item, whatever the count),
 * then tile (1, 0). */
static void tile_visited_twice(void **state)
{
	(void)state;
	static const struct fx_vertex v[6] = {
		{ 2.0f, 2.0f, 0.5f, 1, 0, 0 }, { 100.0f, 2.0f, 0.5f, 1, 0, 0 },
		{ 2.0f, 60.0f, 0.5f, 1, 0, 0 },
		{ 50.0f, 10.0f, 0.2f, 0, 1, 0 }, { 120.0f, 60.0f, 0.2f, 0, 1, 0 },
		{ 10.0f, 60.0f, 0.2f, 0, 1, 0 },
	};
	struct fx_job j;
	fx_init(&j, 128, 64);
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.z_updates = true;
	fx_build(&j, v, 6);
	/* A new RCL: clear colours, configuration, a clearing store, then
	 * tile (0, 0) with its list, a store keeping the buffers, tile (0, 0) again with its list
	 * and the resolved store, tile (1, 0) likewise. */
	uint32_t at = FX_RCL, list0 = FX_ALLOC, list1 = FX_ALLOC + 32;
	EMIT(&j, &at, CLEAR_COLORS, .clear_color = 0xff000000, .clear_zs = 0xffffff);
	EMIT(&j, &at, TILE_RENDERING_MODE_CONFIGURATION, .memory_address = ADDR(FX_FB),
	     .width_in_pixels = 128, .height_in_pixels = 64,
	     .non_hdr_frame_buffer_color_format =
		VC4_TILE_RENDERING_MODE_CONFIGURATION_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_RGBA8888);
	EMIT(&j, &at, TILE_COORDINATES, .tile_column_number = 0, .tile_row_number = 0);
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_NONE);
	EMIT(&j, &at, TILE_COORDINATES, .tile_column_number = 0, .tile_row_number = 0);
	EMIT(&j, &at, WAIT_ON_SEMAPHORE);
	EMIT(&j, &at, BRANCH_TO_SUB_LIST, .branch_address = ADDR(list0));
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_NONE,
	     .disable_color_buffer_clear_on_store = true,
	     .disable_z_stencil_buffer_clear_on_store = true);
	EMIT(&j, &at, TILE_COORDINATES, .tile_column_number = 0, .tile_row_number = 0);
	EMIT(&j, &at, BRANCH_TO_SUB_LIST, .branch_address = ADDR(list0));
	EMIT(&j, &at, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER);
	EMIT(&j, &at, TILE_COORDINATES, .tile_column_number = 1, .tile_row_number = 0);
	EMIT(&j, &at, BRANCH_TO_SUB_LIST, .branch_address = ADDR(list1));
	EMIT(&j, &at, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF);
	j.rcl_end = at;
	assert_true(same_for_all_counts(&j, true));
	/* drawn twice over itself: the second pass fails the depth test where
	 * the first wrote, so green (z 0.2) stays where both overlap */
	assert_int_equal(fx_pixel(&j, 60, 30), 0xff00ff00);
	assert_int_equal(fx_pixel(&j, 5, 5), 0xff0000ff);
	assert_int_equal(fx_pixel(&j, 63, 60), 0xff000000);
	fx_fini(&j);
}

/* One pipeline for several jobs, its thread count changed between them
 * (its pool grows on a job's second tile and shrinks when asked): each
 * job's memory and counters are those of a fresh one-thread run. */
static void one_pipeline_many_jobs(void **state)
{
	(void)state;
	static struct fx_vertex v[600];
	static const unsigned counts[] = { 1, 3, 2, 7, 1, 4 };
	uint32_t seed = 11;
	struct fx_job j;
	fx_init(&j, FRAME_W, FRAME_H);
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.z_updates = true;
	random_triangles(v, 200, &seed);
	fx_build(&j, v, 600);
	uint8_t *image = malloc(FX_SIZE);
	assert_non_null(image);
	memcpy(image, j.mem.bytes, FX_SIZE);
	struct result one;
	run_with(&j, image, 1, &one);
	assert_true(one.ok);
	struct sim_pipe *p = sim_pipe_create();
	assert_non_null(p);
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		memcpy(j.mem.bytes, image, FX_SIZE);
		sim_pipe_set_threads(p, counts[i]);
		struct sim_pipe_stats st = { 0 };
		struct vc4_diag d;
		vc4_diag_clear(&d);
		if (!sim_pipe_run_job(p, &j.mem, FX_BCL, j.bcl_end, FX_RCL, j.rcl_end, &st, &d))
			fail_msg("job %zu (%u threads): %s", i, counts[i], d.msg);
		assert_memory_equal(&st, &one.stats, sizeof(st));
		assert_memory_equal(j.mem.bytes, one.mem, FX_SIZE);
	}
	sim_pipe_destroy(p);
	free(one.mem);
	free(image);
	fx_fini(&j);
}

/* Random render lists after a valid bin CL: same outcome, message and
 * counters for every count (memory too when the job succeeds). */
static void random_render_lists(void **state)
{
	(void)state;
	static const uint8_t ops[] = { 1, 8, 24, 26, 27, 28, 28, 29, 113, 113, 114, 115, 115,
				       115, 17 };
	static const struct fx_vertex tri[3] = {
		{ 4.5f, 4.5f, 0.5f, 1, 0, 0 }, { 120.5f, 4.5f, 0.5f, 0, 1, 0 },
		{ 4.5f, 120.5f, 0.5f, 0, 0, 1 },
	};
	uint32_t seed = 4242;
	for (int iter = 0; iter < 60; iter++) {
		struct fx_job j;
		fx_init(&j, 128, 128);
		j.depth_func = VC4_COMPARE_FUNCTION_LESS;
		fx_build(&j, tri, 3);
		uint32_t at = FX_RCL + 35 + lcg(&seed) % 2 * 3;
		for (int k = 0; k < 12; k++) {
			uint8_t op = ops[lcg(&seed) % sizeof(ops)];
			uint8_t *pkt = fx_ptr(&j, at);
			uint32_t len = op == 1 || op == 8 ? 1 : op == 17 || op == 26 || op == 27 ? 5 :
				op == 28 || op == 29 ? 7 : op == 113 ? 11 : op == 114 ? 14 :
				op == 115 ? 3 : 1;
			pkt[0] = op;
			for (uint32_t b = 1; b < len; b++)
				pkt[b] = (uint8_t)lcg(&seed);
			if (op == 115)
				pkt[1] = (uint8_t)(lcg(&seed) % 3), pkt[2] = (uint8_t)(lcg(&seed) % 3);
			if (op == 17) {
				uint32_t a = FX_ALLOC + 32 * (lcg(&seed) % 4);
				memcpy(pkt + 1, &a, 4);
			}
			at += len;
		}
		j.rcl_end = at;
		same_for_all_counts(&j, true);
		fx_fini(&j);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(depth_tested_triangles),
		cmocka_unit_test(early_z_triangles),
		cmocka_unit_test(multisampled),
		cmocka_unit_test(clear_only),
		cmocka_unit_test(tile_visited_twice),
		cmocka_unit_test(one_pipeline_many_jobs),
		cmocka_unit_test(random_render_lists),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
