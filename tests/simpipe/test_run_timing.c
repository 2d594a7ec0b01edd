/*
 * test_run_timing.c: run timing (sim_pipe_set_run_timing,
 * $VC4_SIM_TIME_RUNS): off, nothing has time and the shader runs are
 * counted; on, with 1 and 2 threads, every stage that ran and the work
 * items have time, and the pixels and every other counter are those of the
 * untimed run.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

#define FRAME_W 128
#define FRAME_H 64

/* The outcome of one run: counters and the frame buffer's bytes. */
struct result {
	struct sim_pipe_stats stats;
	uint8_t fb[FRAME_W * FRAME_H * 4];
};

/* Two triangles covering the frame, meeting on its diagonal. */
static void build(struct fx_job *j)
{
	static const struct fx_vertex v[6] = {
		{ 0, 0, 0.5f, 1, 0, 0 },   { 128, 0, 0.5f, 0, 1, 0 }, { 0, 64, 0.5f, 0, 0, 1 },
		{ 128, 0, 0.25f, 1, 1, 0 }, { 128, 64, 0.25f, 0, 1, 1 }, { 0, 64, 0.25f, 1, 0, 1 },
	};
	fx_init(j, FRAME_W, FRAME_H);
	fx_build(j, v, 6);
}

/* Runs the built job (from `image`) on a new pipe; timing: 0 off, 1 on by
 * sim_pipe_set_run_timing(), 2 on by $VC4_SIM_TIME_RUNS, 3 off by it. */
static void run(struct fx_job *j, const uint8_t *image, unsigned threads, int timing,
		struct result *r)
{
	memcpy(j->mem.bytes, image, FX_SIZE);
	if (timing >= 2)
		setenv("VC4_SIM_TIME_RUNS", timing == 2 ? "1" : "0", 1);
	struct sim_pipe *p = sim_pipe_create();
	unsetenv("VC4_SIM_TIME_RUNS");
	assert_non_null(p);
	sim_pipe_set_threads(p, threads);
	if (timing < 2)
		sim_pipe_set_run_timing(p, timing == 1);
	struct vc4_diag d;
	vc4_diag_clear(&d);
	memset(&r->stats, 0, sizeof(r->stats));
	bool ok = sim_pipe_run_job(p, &j->mem, FX_BCL, j->bcl_end, FX_RCL, j->rcl_end, &r->stats,
				   &d);
	sim_pipe_destroy(p);
	if (!ok)
		fail_msg("%s", d.msg);
	memcpy(r->fb, fx_ptr(j, FX_FB), sizeof(r->fb));
}

/* Off: the runs counted, no time. The frame (2x1 tiles, both triangles
 * binned to both) runs the CS once for the draw's 6 vertices, the VS once
 * per triangle and tile (4) and the 16-instruction FS once per 4x4 block
 * a triangle covers: the frame's 512, and the 32 the diagonal crosses
 * once more; 1 + 4 + 544 = 549. */
static void off_counts_no_time(void **state)
{
	(void)state;
	struct fx_job j;
	build(&j);
	uint8_t *image = malloc(FX_SIZE);
	static struct result r;
	assert_non_null(image);
	memcpy(image, j.mem.bytes, FX_SIZE);
	for (int timing = 0; timing <= 3; timing += 3) {
		run(&j, image, 1, timing, &r);
		assert_int_equal(r.stats.qpu_runs, 549);
		assert_int_equal(r.stats.qpu_instructions_fs, 16 * 544);
		assert_int_equal(r.stats.qpu_run_ticks_cs, 0);
		assert_int_equal(r.stats.qpu_run_ticks_vs, 0);
		assert_int_equal(r.stats.qpu_run_ticks_fs, 0);
		assert_int_equal(r.stats.item_ticks, 0);
		assert_int_equal(r.stats.item_cpu_ns, 0);
	}
	free(image);
	fx_fini(&j);
}

/* On (by the call and by the variable, 1 and 2 threads): time in every
 * stage; the pixels and the counters but the times equal the untimed
 * run's. */
static void on_times_and_changes_nothing(void **state)
{
	(void)state;
	struct fx_job j;
	build(&j);
	uint8_t *image = malloc(FX_SIZE);
	static struct result off, on;
	assert_non_null(image);
	memcpy(image, j.mem.bytes, FX_SIZE);
	run(&j, image, 1, 0, &off);
	for (unsigned threads = 1; threads <= 2; threads++)
		for (int timing = 1; timing <= 2; timing++) {
			run(&j, image, threads, timing, &on);
			assert_true(on.stats.qpu_run_ticks_cs > 0);
			assert_true(on.stats.qpu_run_ticks_vs > 0);
			assert_true(on.stats.qpu_run_ticks_fs > 0);
			/* the FS runs are inside the items */
			assert_true(on.stats.item_ticks > on.stats.qpu_run_ticks_fs);
			assert_true(on.stats.item_cpu_ns > 0);
			on.stats.qpu_run_ticks_cs = on.stats.qpu_run_ticks_vs = 0;
			on.stats.qpu_run_ticks_fs = on.stats.item_ticks = on.stats.item_cpu_ns = 0;
			assert_memory_equal(&on.stats, &off.stats, sizeof(off.stats));
			assert_memory_equal(on.fb, off.fb, sizeof(off.fb));
		}
	free(image);
	fx_fini(&j);
}

int main(void)
{
	unsetenv("VC4_SIM_TIME_RUNS");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(off_counts_no_time),
		cmocka_unit_test(on_times_and_changes_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
