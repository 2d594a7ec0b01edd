/* test_bo_cache.c: BOs, the BO cache and the dispatch point's statistics, on the simulator. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <vc4_drm.h>

#include "bo/vc4_bo.h"
#include "dev/vc4_dev.h"
#include "sim/kernel/sim_kernel.h"

static const uint64_t shader_code[3] = {
	0x300009e7009e7000ull, 0x100009e7009e7000ull, 0x100009e7009e7000ull,
};

static uint64_t fake_now;

static uint64_t fake_clock(void *user)
{
	(void)user;
	return fake_now;
}

static int setup(void **state)
{
	struct vc4_dev_options opts = { .backend = VC4_BACKEND_SIM,
					.sim_memory_size = 64 * 4096 };
	struct vc4_dev *dev = vc4_dev_open(&opts, NULL);
	if (!dev)
		return -1;
	fake_now = 0;
	vc4_dev_set_clock(dev, fake_clock, NULL);
	*state = dev;
	return 0;
}

static int teardown(void **state)
{
	vc4_dev_close(*state);
	return 0;
}

static uint32_t kernel_madv(struct vc4_dev *dev, uint32_t handle)
{
	struct sim_kernel_bo_info info;
	assert_true(sim_kernel_bo_info(vc4_dev_sim(dev), handle, &info));
	return info.madv;
}

/* Submits a render-only job naming `bo`. */
static void submit_with(struct vc4_dev *dev, struct vc4_bo *bo)
{
	uint32_t handle = bo->handle;
	struct drm_vc4_submit_cl s = {
		.bo_handles = (uintptr_t)&handle, .bo_handle_count = 1,
		.color_read.hindex = ~0u, .zs_read.hindex = ~0u, .zs_write.hindex = ~0u,
		.msaa_color_write.hindex = ~0u, .msaa_zs_write.hindex = ~0u,
	};
	assert_int_equal(vc4_dev_ioctl(dev, DRM_IOCTL_VC4_SUBMIT_CL, &s), 0);
}

static void cache_reuses_an_idle_bo(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	struct vc4_bo *a = vc4_bo_alloc(dev, 5000, "a", NULL);
	assert_non_null(a);
	assert_int_equal(a->size, 8192);
	uint32_t handle = a->handle;
	vc4_bo_unref(a);
	assert_int_equal(st->bos_cached, 1);
	assert_int_equal(st->bytes_cached, 8192);
	assert_int_equal(kernel_madv(dev, handle), VC4_MADV_DONTNEED);
	struct vc4_bo *b = vc4_bo_alloc(dev, 8000, "b", NULL);
	assert_int_equal(b->handle, handle);
	assert_string_equal(b->name, "b");
	assert_int_equal(kernel_madv(dev, handle), VC4_MADV_WILLNEED);
	struct vc4_bo *c = vc4_bo_alloc(dev, 4096, "c", NULL);
	assert_int_not_equal(c->handle, handle);
	assert_int_equal(st->bo_allocs, 3);
	assert_int_equal(st->cache_hits, 1);
	assert_int_equal(st->cache_misses, 2);
	assert_int_equal(st->ioctls[VC4_IOCTL_CREATE_BO], 2);
	assert_int_equal(st->bos_live, 2);
	assert_int_equal(st->bytes_live, 12288);
	assert_int_equal(st->bos_cached, 0);
	vc4_bo_unref(b);
	vc4_bo_unref(c);
}

static void cache_evicts_by_age(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	struct vc4_bo *a = vc4_bo_alloc(dev, 4096, "a", NULL);
	struct vc4_bo *b = vc4_bo_alloc(dev, 8192, "b", NULL);
	uint32_t hb = b->handle;
	vc4_bo_unref(a);
	fake_now = 500000000;
	vc4_bo_unref(b);
	fake_now = 1200000000;
	vc4_bo_cache_evict_stale(dev);
	assert_int_equal(st->bos_cached, 1);
	assert_int_equal(st->bytes_cached, 8192);
	assert_int_equal(st->cache_evictions, 1);
	assert_int_equal(st->ioctls[VC4_IOCTL_GEM_CLOSE], 1);
	fake_now = 1500000001;
	vc4_bo_cache_evict_stale(dev);
	assert_int_equal(st->bos_cached, 0);
	assert_false(sim_kernel_bo_info(vc4_dev_sim(dev), hb, &(struct sim_kernel_bo_info){0}));
}

static void cache_evicts_oldest_over_the_cap(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	vc4_bo_cache_set_limits(dev, 1000000000u, 3 * 4096);
	struct vc4_bo *a = vc4_bo_alloc(dev, 8192, "a", NULL);
	struct vc4_bo *b = vc4_bo_alloc(dev, 8192, "b", NULL);
	uint32_t hb = b->handle;
	vc4_bo_unref(a);
	vc4_bo_unref(b);
	assert_int_equal(st->bos_cached, 1);
	assert_int_equal(st->bytes_cached, 8192);
	assert_int_equal(st->cache_evictions, 1);
	struct vc4_bo *c = vc4_bo_alloc(dev, 8192, "c", NULL);
	assert_int_equal(c->handle, hb);
	vc4_bo_unref(c);
	/* A BO bigger than the cap is freed at once and evicts nothing. */
	uint64_t closes = st->ioctls[VC4_IOCTL_GEM_CLOSE];
	struct vc4_bo *big = vc4_bo_alloc(dev, 4 * 4096, "big", NULL);
	vc4_bo_unref(big);
	assert_int_equal(st->ioctls[VC4_IOCTL_GEM_CLOSE], closes + 1);
	assert_int_equal(st->bytes_cached, 8192);
	assert_int_equal(st->cache_evictions, 1);
}

static void purged_bo_is_freed_not_reused(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	struct vc4_bo *a = vc4_bo_alloc(dev, 4096, "a", NULL);
	uint32_t ha = a->handle;
	vc4_bo_unref(a);
	assert_int_equal(sim_kernel_purge(vc4_dev_sim(dev)), 1);
	assert_int_equal(kernel_madv(dev, ha), __VC4_MADV_PURGED);
	struct vc4_bo *b = vc4_bo_alloc(dev, 4096, "b", NULL);
	assert_non_null(b);
	assert_int_equal(st->cache_purged, 1);
	assert_int_equal(st->cache_hits, 0);
	assert_int_equal(st->ioctls[VC4_IOCTL_CREATE_BO], 2);
	assert_int_equal(kernel_madv(dev, b->handle), VC4_MADV_WILLNEED);
	vc4_bo_unref(b);
}

static void kernel_purges_cached_bos_under_pressure(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	struct vc4_bo *a = vc4_bo_alloc(dev, 40 * 4096, "a", NULL);
	vc4_bo_unref(a);
	/* 40 + 41 pages do not fit in 64: the kernel purges the cached `a`. */
	struct vc4_bo *b = vc4_bo_alloc(dev, 41 * 4096, "b", NULL);
	assert_non_null(b);
	uint32_t hb = b->handle;
	vc4_bo_unref(b);
	assert_int_equal(st->bos_cached, 2);
	/* `a` is found purged and freed; the new BO makes the kernel purge `b`. */
	struct vc4_bo *c = vc4_bo_alloc(dev, 40 * 4096, "c", NULL);
	assert_non_null(c);
	assert_int_equal(st->cache_purged, 1);
	assert_int_equal(kernel_madv(dev, hb), __VC4_MADV_PURGED);
	vc4_bo_unref(c);
	struct vc4_bo *d = vc4_bo_alloc(dev, 41 * 4096, "d", NULL);
	assert_non_null(d);
	assert_int_equal(st->cache_purged, 2);
	assert_int_equal(st->cache_hits, 0);
	vc4_bo_unref(d);
}

static void busy_bo_is_never_handed_out(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	sim_kernel_set_exec(vc4_dev_sim(dev), SIM_KERNEL_EXEC_MANUAL);
	struct vc4_bo *a = vc4_bo_alloc(dev, 4096, "a", NULL);
	submit_with(dev, a);
	assert_int_equal(a->last_seqno, 1);
	uint32_t ha = a->handle;
	vc4_bo_unref(a);
	struct vc4_diag d = {0};
	struct vc4_bo *b = vc4_bo_alloc(dev, 4096, "b", &d);
	assert_int_not_equal(b->handle, ha);
	assert_int_equal(st->cache_hits, 0);
	assert_int_equal(st->ioctls[VC4_IOCTL_WAIT_BO], 1);
	sim_kernel_retire(vc4_dev_sim(dev), 1);
	struct vc4_bo *c = vc4_bo_alloc(dev, 4096, "c", &d);
	assert_int_equal(c->handle, ha);
	assert_int_equal(st->cache_hits, 1);
	vc4_bo_unref(b);
	vc4_bo_unref(c);
}

static void shader_and_shared_bos_are_never_cached(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	struct vc4_diag d = {0};
	struct vc4_bo *s = vc4_bo_alloc_shader(dev, shader_code, sizeof(shader_code), &d);
	assert_non_null(s);
	assert_true(s->is_shader);
	assert_int_equal(s->size, 4096);
	assert_null(vc4_bo_map(s, &d));
	assert_string_equal(d.msg, "shader BO 1 cannot be mapped: the kernel keeps shader "
			    "code immutable");
	vc4_diag_clear(&d);
	int fd = -1;
	assert_false(vc4_bo_export_dmabuf(s, &fd, &d));
	assert_string_equal(d.msg, "shader BO 1 cannot be exported");
	vc4_bo_unref(s);
	assert_int_equal(st->bos_cached, 0);
	assert_int_equal(st->ioctls[VC4_IOCTL_GEM_CLOSE], 1);
	struct vc4_bo *p = vc4_bo_alloc(dev, 4096, "p", NULL);
	vc4_diag_clear(&d);
	assert_false(vc4_bo_export_dmabuf(p, &fd, &d));
	assert_string_equal(d.msg, "PRIME_HANDLE_TO_FD: dma-buf sharing is not supported by "
			    "the simulated kernel");
	vc4_diag_clear(&d);
	assert_null(vc4_bo_import_dmabuf(dev, 0, &d));
	assert_string_equal(d.msg, "PRIME_FD_TO_HANDLE: dma-buf sharing is not supported by "
			    "the simulated kernel");
	p->shared = true; /* as an export on DRM would make it */
	vc4_bo_unref(p);
	assert_int_equal(st->bos_cached, 0);
	assert_int_equal(st->ioctls[VC4_IOCTL_GEM_CLOSE], 2);
}

static void map_wait_label_madvise(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	struct vc4_diag d = {0};
	struct vc4_bo *a = vc4_bo_alloc(dev, 4096, "a", &d);
	uint8_t *p = vc4_bo_map(a, &d);
	assert_non_null(p);
	assert_int_equal(p[100], 0);
	assert_ptr_equal(vc4_bo_map(a, &d), p);
	assert_int_equal(st->ioctls[VC4_IOCTL_MMAP_BO], 1);
	assert_true(vc4_bo_label(a, "vertices", &d));
	struct sim_kernel_bo_info info;
	sim_kernel_bo_info(vc4_dev_sim(dev), a->handle, &info);
	assert_string_equal(info.label, "vertices");
	sim_kernel_set_exec(vc4_dev_sim(dev), SIM_KERNEL_EXEC_MANUAL);
	submit_with(dev, a);
	assert_int_equal(vc4_bo_wait(a, 0, &d), -ETIME);
	assert_string_equal(d.msg, "BO 1 still busy after 0 ns");
	sim_kernel_retire(vc4_dev_sim(dev), 1);
	assert_int_equal(vc4_bo_wait(a, 0, NULL), 0);
	bool retained = false;
	assert_true(vc4_bo_madvise(a, VC4_MADV_DONTNEED, &retained, NULL));
	assert_true(retained);
	sim_kernel_purge(vc4_dev_sim(dev));
	assert_true(vc4_bo_madvise(a, VC4_MADV_WILLNEED, &retained, NULL));
	assert_false(retained);
	vc4_diag_clear(&d);
	assert_false(vc4_bo_madvise(a, 7, &retained, &d));
	assert_string_equal(d.msg, "GEM_MADVISE: invalid madv value 7");
	vc4_bo_unref(a);
}

static void dispatch_counts_and_explains(void **state)
{
	struct vc4_dev *dev = *state;
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	assert_int_equal(vc4_dev_backend(dev), VC4_BACKEND_SIM);
	assert_int_equal(st->ioctls[VC4_IOCTL_GET_PARAM], 9);
	uint64_t v = 0;
	assert_true(vc4_dev_param(dev, DRM_VC4_PARAM_V3D_IDENT0, &v));
	assert_int_equal(v, 0x02443356);
	assert_true(vc4_dev_param(dev, DRM_VC4_PARAM_SUPPORTS_PERFMON, &v));
	assert_int_equal(v, 1);
	assert_false(vc4_dev_param(dev, 9, &v));
	struct drm_vc4_get_param gp = { .param = 12 };
	assert_int_equal(vc4_dev_ioctl(dev, DRM_IOCTL_VC4_GET_PARAM, &gp), -EINVAL);
	assert_string_equal(vc4_dev_last_error(dev), "GET_PARAM: Unknown parameter 12");
	assert_int_equal(st->ioctl_failures, 1);
	assert_int_equal(st->ioctls[VC4_IOCTL_GET_PARAM], 10);
	gp.param = 1;
	assert_int_equal(vc4_dev_ioctl(dev, DRM_IOCTL_VC4_GET_PARAM, &gp), 0);
	assert_string_equal(vc4_dev_last_error(dev), "");
	int dummy = 0;
	vc4_dev_ioctl(dev, 0x4321, &dummy);
	assert_int_equal(st->ioctls[VC4_IOCTL_OTHER], 1);
	assert_string_equal(vc4_ioctl_kind_name(VC4_IOCTL_GEM_MADVISE), "GEM_MADVISE");
	assert_int_equal(vc4_ioctl_kind_of(DRM_IOCTL_VC4_WAIT_BO), VC4_IOCTL_WAIT_BO);
	assert_string_equal(vc4_dev_errno_hint(ENODEV),
			    "the device is not a VC4 V3D (Pi 4/5 use the v3d driver)");
	assert_string_equal(vc4_dev_errno_hint(EPIPE), "unexpected error");
	struct vc4_diag d = {0};
	assert_null(vc4_bo_alloc(dev, 0, "zero", &d));
	assert_string_equal(d.msg, "cannot allocate a BO of 0 bytes");
	vc4_diag_clear(&d);
	assert_null(vc4_bo_alloc(dev, 65 * 4096, "huge", &d));
	assert_string_equal(d.msg, "CREATE_BO: out of CMA memory for a 266240-byte BO "
			    "(0 of 262144 bytes in use)");
}

static void backend_selection(void **state)
{
	(void)state;
	struct vc4_diag d = {0};
	setenv("VC4_BACKEND", "gpu", 1);
	assert_null(vc4_dev_open(NULL, &d));
	assert_string_equal(d.msg, "VC4_BACKEND: unknown backend 'gpu' (auto, sim or drm)");
	setenv("VC4_BACKEND", "sim", 1);
	struct vc4_dev *dev = vc4_dev_open(NULL, &d);
	assert_non_null(dev);
	assert_int_equal(vc4_dev_backend(dev), VC4_BACKEND_SIM);
	vc4_dev_close(dev);
	/* An explicit option wins over the environment. */
	struct vc4_dev_options opts = { .backend = VC4_BACKEND_DRM };
	vc4_diag_clear(&d);
	dev = vc4_dev_open(&opts, &d);
	if (dev) {
		assert_int_equal(vc4_dev_backend(dev), VC4_BACKEND_DRM);
		vc4_dev_close(dev);
	} else {
		assert_string_equal(d.msg, "no vc4 DRM device with a VC4 V3D was found "
				    "(use the simulator: VC4_BACKEND=sim)");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(cache_reuses_an_idle_bo, setup, teardown),
		cmocka_unit_test_setup_teardown(cache_evicts_by_age, setup, teardown),
		cmocka_unit_test_setup_teardown(cache_evicts_oldest_over_the_cap, setup, teardown),
		cmocka_unit_test_setup_teardown(purged_bo_is_freed_not_reused, setup, teardown),
		cmocka_unit_test_setup_teardown(kernel_purges_cached_bos_under_pressure, setup,
						teardown),
		cmocka_unit_test_setup_teardown(busy_bo_is_never_handed_out, setup, teardown),
		cmocka_unit_test_setup_teardown(shader_and_shared_bos_are_never_cached, setup,
						teardown),
		cmocka_unit_test_setup_teardown(map_wait_label_madvise, setup, teardown),
		cmocka_unit_test_setup_teardown(dispatch_counts_and_explains, setup, teardown),
		cmocka_unit_test(backend_selection),
	};
	return cmocka_run_group_tests_name("bo_cache", tests, NULL, NULL);
}
