/* test_job.c: job assembly byte for byte, submission, rejection messages and waits. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "job/vc4_job.h"
#include "sim/kernel/sim_kernel.h"

static int setup(void **state)
{
	/* 20 MiB: the jobs' BOs and the kernel's 16 MiB binner BO, which a
	 * job with a bin CL takes. */
	struct vc4_dev_options opts = { .backend = VC4_BACKEND_SIM,
					.sim_memory_size = 20u * 1024 * 1024 };
	*state = vc4_dev_open(&opts, NULL);
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	vc4_dev_close(*state);
	return 0;
}

static uint32_t u32_at(const uint8_t *p, size_t off)
{
	return p[off] | p[off + 1] << 8 | p[off + 2] << 16 | (uint32_t)p[off + 3] << 24;
}

static uint16_t u16_at(const uint8_t *p, size_t off)
{
	return (uint16_t)(p[off] | p[off + 1] << 8);
}

static const uint8_t bin[] = { 112, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 2, 2, 4, 6, 7, 4 };
static const uint8_t rec[] = { 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 9, 9 };
static const uint8_t unif[] = { 0xaa, 0xbb, 0xcc, 0xdd };

/* A job over BOs a, b and c (the CL builder's list), c the colour target
 * and b also ZS. 64, 128 and 192 KiB: b and c hold the 100x70 buffers the
 * kernel checks. The job borrows the list: `bo` must outlive it. */
static struct vc4_job *build_job(struct vc4_dev *dev, struct vc4_bo **bo)
{
	for (int i = 0; i < 3; i++)
		bo[i] = vc4_bo_alloc(dev, 65536 * (uint32_t)(i + 1), "t", NULL);
	struct vc4_job *job = vc4_job_create(dev);
	struct vc4_diag d = {0};
	assert_true(vc4_job_set_cls(job, bin, sizeof(bin), rec, sizeof(rec), 1, unif,
				    sizeof(unif), bo, 3, &d));
	assert_true(vc4_job_set_surface(job, VC4_JOB_COLOR_WRITE, bo[2], 0x40, 0x0004, 0, &d));
	assert_true(vc4_job_set_surface(job, VC4_JOB_ZS_WRITE, bo[1], 0x1000, 0x0022, 0, &d));
	vc4_job_set_clear(job, 0x11223344, 0x55667788, 0x00ffffff, 0x80);
	vc4_job_set_tiles(job, 100, 70, 0, 0, 1, 1);
	job->flags |= VC4_SUBMIT_CL_FIXED_RCL_ORDER;
	return job;
}

static void assembly_matches_the_uapi_layout(void **state)
{
	struct vc4_dev *dev = *state;
	struct vc4_bo *bo[3];
	struct vc4_job *job = build_job(dev, bo);
	assert_int_equal(job->bo_count, 3);
	uint32_t handles[3];
	struct drm_vc4_submit_cl args;
	vc4_job_fill_submit(job, &args, handles);
	assert_int_equal(sizeof(args), 176);
	const uint8_t *p = (const uint8_t *)&args;
	assert_ptr_equal((const void *)(uintptr_t)args.bin_cl, bin); /* borrowed, not copied */
	assert_memory_equal((const void *)(uintptr_t)args.bin_cl, bin, sizeof(bin));
	assert_memory_equal((const void *)(uintptr_t)args.shader_rec, rec, sizeof(rec));
	assert_memory_equal((const void *)(uintptr_t)args.uniforms, unif, sizeof(unif));
	assert_ptr_equal((const void *)(uintptr_t)args.bo_handles, handles);
	assert_int_equal(handles[0], bo[0]->handle);
	assert_int_equal(handles[1], bo[1]->handle);
	assert_int_equal(handles[2], bo[2]->handle);
	/* The byte offsets of kernel-vc4.md's table. */
	static const struct { size_t off; uint32_t value; } words[] = {
		{ 32, sizeof(bin) }, { 36, sizeof(rec) }, { 40, 1 }, { 44, sizeof(unif) },
		{ 48, 3 }, { 52, 100 | 70u << 16 }, { 56, 0x01010000 },
		{ 60, ~0u }, { 72, 2 }, { 76, 0x40 }, { 80, 0x0004 },
		{ 84, ~0u }, { 96, 1 }, { 100, 0x1000 }, { 104, 0x0022 },
		{ 108, ~0u }, { 120, ~0u },
		{ 132, 0x11223344 }, { 136, 0x55667788 }, { 140, 0x00ffffff }, { 144, 0x80 },
		{ 148, VC4_SUBMIT_CL_USE_CLEAR_COLOR | VC4_SUBMIT_CL_FIXED_RCL_ORDER },
		{ 152, 0 }, { 156, 0 }, { 160, 0 }, { 164, 0 }, { 168, 0 }, { 172, 0 },
	};
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		assert_int_equal(u32_at(p, words[i].off), words[i].value);
	assert_int_equal(u16_at(p, 82), 0);
	assert_int_equal(u32_at(p, 64), 0);
	vc4_job_destroy(job);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(bo[i]->refcount, 1);
		vc4_bo_unref(bo[i]);
	}
}

static void submit_empties_the_job_and_keeps_the_seqno(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	struct vc4_bo *bo[3];
	struct vc4_job *job = build_job(dev, bo);
	assert_int_equal(bo[1]->refcount, 1); /* the job holds no references */
	struct vc4_diag d = {0};
	if (!vc4_job_submit(job, &d))
		fail_msg("%s", d.msg);
	assert_int_equal(job->seqno, 1);
	assert_int_equal(job->bo_count, 0);
	assert_null(job->bin_cl);
	assert_int_equal(job->bin_cl_size, 0);
	assert_int_equal(job->surf[VC4_JOB_COLOR_WRITE].hindex, ~0u);
	assert_int_equal(bo[1]->refcount, 1);
	assert_int_equal(bo[1]->last_seqno, 1);
	assert_int_equal(vc4_job_wait(job, UINT64_MAX, &d), 0);
	assert_int_equal(st->jobs_submitted, 1);
	/* Empty job: the kernel's reason, word for word. */
	assert_false(vc4_job_submit(job, &d));
	assert_string_equal(d.msg, "job rejected: SUBMIT_CL: Rendering requires BOs to validate");
	assert_int_equal(st->jobs_rejected, 1);
	assert_int_equal(job->seqno, 1);
	vc4_job_destroy(job);
	for (int i = 0; i < 3; i++)
		vc4_bo_unref(bo[i]);
}

static void surfaces_come_from_the_cl_list(void **state)
{
	struct vc4_dev *dev = *state;
	struct vc4_bo *a = vc4_bo_alloc(dev, 4096, "a", NULL);
	struct vc4_bo *b = vc4_bo_alloc(dev, 4096, "b", NULL);
	struct vc4_job *job = vc4_job_create(dev);
	struct vc4_diag d = {0};
	assert_false(vc4_job_set_surface(job, VC4_JOB_COLOR_WRITE, a, 0, 0, 0, &d));
	assert_string_equal(d.msg, "job: surface 1's BO (handle 1) is not in the job's list "
			    "of 0 BOs");
	assert_true(vc4_job_set_cls(job, bin, 1, NULL, 0, 0, NULL, 0, &a, 1, &d));
	assert_true(vc4_job_set_surface(job, VC4_JOB_COLOR_WRITE, a, 0, 0, 0, &d));
	vc4_diag_clear(&d);
	assert_false(vc4_job_set_cls(job, bin, 1, NULL, 0, 0, NULL, 0, &b, 1, &d));
	assert_string_equal(d.msg, "job: the CL builder's output must come before the "
			    "surfaces (surface 1 is set)");
	vc4_job_destroy(job);
	vc4_bo_unref(a);
	vc4_bo_unref(b);
}

static void wait_retries_eintr_and_eagain(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	struct sim_kernel *k = vc4_dev_sim(dev);
	sim_kernel_set_exec(k, SIM_KERNEL_EXEC_ON_WAIT);
	struct vc4_bo *a = vc4_bo_alloc(dev, 4096, "a", NULL);
	struct vc4_job *job = vc4_job_create(dev);
	vc4_job_set_cls(job, NULL, 0, NULL, 0, 0, NULL, 0, &a, 1, NULL);
	vc4_job_set_surface(job, VC4_JOB_COLOR_WRITE, a, 0, 0, 0, NULL);
	struct vc4_diag d = {0};
	assert_true(vc4_job_submit(job, &d));
	sim_kernel_inject_error(k, DRM_IOCTL_VC4_WAIT_SEQNO, EINTR, 2);
	assert_int_equal(vc4_job_wait(job, 1000000, &d), 0);
	assert_int_equal(st->ioctls[VC4_IOCTL_WAIT_SEQNO], 3);
	sim_kernel_inject_error(k, DRM_IOCTL_VC4_WAIT_SEQNO, EAGAIN, 1);
	vc4_job_set_cls(job, NULL, 0, NULL, 0, 0, NULL, 0, &a, 1, NULL);
	vc4_job_set_surface(job, VC4_JOB_COLOR_WRITE, a, 0, 0, 0, NULL);
	assert_true(vc4_job_submit(job, &d));
	assert_int_equal(vc4_job_wait(job, 1000000, &d), 0);
	assert_int_equal(st->ioctls[VC4_IOCTL_WAIT_SEQNO], 5);
	/* Known finished: no ioctl. */
	assert_int_equal(vc4_job_wait(job, 0, &d), 0);
	assert_int_equal(st->ioctls[VC4_IOCTL_WAIT_SEQNO], 5);
	vc4_job_destroy(job);
	vc4_bo_unref(a);
}

static void wait_times_out_on_a_stalled_gpu(void **state)
{
	struct vc4_dev *dev = *state;
	sim_kernel_set_exec(vc4_dev_sim(dev), SIM_KERNEL_EXEC_MANUAL);
	struct vc4_bo *a = vc4_bo_alloc(dev, 4096, "a", NULL);
	struct vc4_job *job = vc4_job_create(dev);
	vc4_job_set_cls(job, NULL, 0, NULL, 0, 0, NULL, 0, &a, 1, NULL);
	vc4_job_set_surface(job, VC4_JOB_COLOR_WRITE, a, 0, 0, 0, NULL);
	struct vc4_diag d = {0};
	assert_true(vc4_job_submit(job, &d));
	assert_int_equal(vc4_job_wait(job, 1000, &d), -ETIME);
	assert_string_equal(d.msg, "seqno 1 did not finish within 1000 ns");
	sim_kernel_retire(vc4_dev_sim(dev), 1);
	assert_int_equal(vc4_job_wait(job, 1000, NULL), 0);
	vc4_job_destroy(job);
	vc4_bo_unref(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(assembly_matches_the_uapi_layout, setup, teardown),
		cmocka_unit_test_setup_teardown(submit_empties_the_job_and_keeps_the_seqno, setup,
						teardown),
		cmocka_unit_test_setup_teardown(surfaces_come_from_the_cl_list, setup, teardown),
		cmocka_unit_test_setup_teardown(wait_retries_eintr_and_eagain, setup, teardown),
		cmocka_unit_test_setup_teardown(wait_times_out_on_a_stalled_gpu, setup, teardown),
	};
	return cmocka_run_group_tests_name("bo_job", tests, NULL, NULL);
}
