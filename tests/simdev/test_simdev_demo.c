/*
 * test_simdev_demo.c: our own DRM backend on the simulated device. vc4-demo
 * (argv[1]) runs twice: on the sim backend, and with libvc4-simdev.so
 * (argv[2]) preloaded and VC4_BACKEND=drm, so that it finds /dev/dri through
 * libdrm and submits through real ioctls and mmaps (the 32-bit ioctl ABI when
 * the suite runs under qemu-arm). Both runs must write the same PNG bytes
 * for every scene (128x128, to keep the suite fast). With
 * VC4_SIMDEV_DEBUG=jobs the device reports each job's counters.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sys/stat.h>

#include "tool_run.h"

static const char *demo, *simdev;

#define DIR "/tmp/vc4-simdev-demo-test"

static const char *const scenes[] = { "clear", "triangle", "textured", "depth", "blend",
				      "cube", "cube_textured", "cube_gouraud", "torus_phong",
				      "shadertoy", "render_to_texture", "particles" };

/* The whole of a file; *len its size. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot read %s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static void test_drm_backend_equals_sim(void **state)
{
	(void)state;
	mkdir(DIR, 0755);
	mkdir(DIR "/sim", 0755);
	mkdir(DIR "/drm", 0755);
	struct tool_run sim = tool_run(demo, "-o " DIR "/sim --backend sim --size 128", false);
	assert_int_equal(sim.status, 0);
	struct tool_run drm = tool_run_preloaded(simdev, "VC4_BACKEND=drm", demo,
						 "-o " DIR "/drm --backend drm --size 128", false);
	if (drm.status != 0)
		fail_msg("vc4-demo on the DRM backend failed (%d): %s", drm.status, drm.err);
	assert_string_equal(drm.err, "");
	for (size_t i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++) {
		char a_path[256], b_path[256];
		snprintf(a_path, sizeof(a_path), DIR "/sim/%s.png", scenes[i]);
		snprintf(b_path, sizeof(b_path), DIR "/drm/%s.png", scenes[i]);
		size_t a_len, b_len;
		char *a = slurp(a_path, &a_len), *b = slurp(b_path, &b_len);
		if (a_len != b_len || memcmp(a, b, a_len) != 0)
			fail_msg("%s differs between the sim and DRM backends", scenes[i]);
		free(a);
		free(b);
	}
	tool_run_free(&sim);
	tool_run_free(&drm);
}

/* VC4_SIMDEV_DEBUG=jobs: one line per job with the pipeline's counters. The
 * first scene only clears (nothing shaded); every line parses, and a job
 * never shades more fragments than four per quad. */
static void test_jobs_report(void **state)
{
	(void)state;
	mkdir(DIR, 0755);
	mkdir(DIR "/jobs", 0755);
	struct tool_run r = tool_run_preloaded(simdev, "VC4_BACKEND=drm VC4_SIMDEV_DEBUG=jobs", demo,
					       "-o " DIR "/jobs --backend drm --size 16", false);
	if (r.status != 0)
		fail_msg("vc4-demo on the DRM backend failed (%d): %s", r.status, r.err);
	const char *first = strstr(r.err, "vc4-simdev: job:");
	assert_non_null(first);
	static const char clear_only[] = "vc4-simdev: job: cs_instructions 0 vs_instructions 0 "
					 "fs_instructions 0 quads 0 fragments 0\n";
	assert_memory_equal(first, clear_only, sizeof(clear_only) - 1);
	unsigned jobs = 0, shaded = 0;
	for (const char *p = first; (p = strstr(p, "vc4-simdev: job:")); p++, jobs++) {
		unsigned long long cs, vs, fs, quads, frags;
		assert_int_equal(sscanf(p, "vc4-simdev: job: cs_instructions %llu vs_instructions "
					"%llu fs_instructions %llu quads %llu fragments %llu",
					&cs, &vs, &fs, &quads, &frags), 5);
		assert_true(frags <= 4 * quads && quads <= frags);
		shaded += fs > 0;
	}
	assert_true(jobs >= 12);
	assert_true(shaded >= 10);
	tool_run_free(&r);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: test_simdev_demo VC4-DEMO LIBVC4-SIMDEV\n");
		return 2;
	}
	demo = argv[1];
	simdev = argv[2];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_drm_backend_equals_sim),
		cmocka_unit_test(test_jobs_report),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
