/* test_sim_kernel.c: every simulated-kernel ioctl's rules: exact errno and message. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <vc4_drm.h>

#include "sim/kernel/sim_arena.h"
#include "sim/kernel/sim_kernel.h"
#include "vc4_packets.h"

/* A valid shader: PROG_END then two NOP delay slots. */
static const uint64_t shader_code[3] = {
	0x300009e7009e7000ull, 0x100009e7009e7000ull, 0x100009e7009e7000ull,
};

static int setup(void **state)
{
	*state = sim_kernel_create(SIM_KERNEL_DEFAULT_BASE, 16 * 4096, NULL);
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	sim_kernel_destroy(*state);
	return 0;
}

#define EXPECT_FAIL(k, req, arg, err, text) do {                          \
	assert_int_equal(sim_kernel_ioctl((k), (req), (arg)), -(err));     \
	assert_string_equal(sim_kernel_last_error(k), (text));             \
} while (0)

static uint32_t create(struct sim_kernel *k, uint32_t size)
{
	struct drm_vc4_create_bo c = { .size = size };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_CREATE_BO, &c), 0);
	assert_string_equal(sim_kernel_last_error(k), "");
	return c.handle;
}

static uint32_t create_shader(struct sim_kernel *k)
{
	struct drm_vc4_create_shader_bo c = { .size = sizeof(shader_code),
					      .data = (uintptr_t)shader_code };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_CREATE_SHADER_BO, &c), 0);
	return c.handle;
}

static uint32_t madvise(struct sim_kernel *k, uint32_t handle, uint32_t madv)
{
	struct drm_vc4_gem_madvise m = { .handle = handle, .madv = madv };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_GEM_MADVISE, &m), 0);
	return m.retained;
}

/* A submission of one BO with no bin CL (render-only): a 32x32 frame
 * cleared and stored into handles[0], which a 4096-byte BO holds whatever
 * the colour format (at most 4 bytes a pixel). */
static struct drm_vc4_submit_cl submit_args(const uint32_t *handles, uint32_t count)
{
	struct drm_vc4_submit_cl s = {
		.bo_handles = (uintptr_t)handles, .bo_handle_count = count,
		.color_read.hindex = ~0u, .color_write.hindex = 0, .zs_read.hindex = ~0u,
		.zs_write.hindex = ~0u, .msaa_color_write.hindex = ~0u,
		.msaa_zs_write.hindex = ~0u, .width = 32, .height = 32,
	};
	return s;
}

static void arena_first_fit_and_coalescing(void **state)
{
	(void)state;
	struct sim_arena a;
	assert_true(sim_arena_init(&a, 0x10000, 8 * SIM_PAGE_SIZE + 100));
	assert_int_equal(a.total, 8 * SIM_PAGE_SIZE);
	uint32_t x, y, z, w;
	assert_true(sim_arena_alloc(&a, 2 * SIM_PAGE_SIZE, &x));
	assert_true(sim_arena_alloc(&a, 3 * SIM_PAGE_SIZE, &y));
	assert_true(sim_arena_alloc(&a, 3 * SIM_PAGE_SIZE, &z));
	assert_int_equal(x, 0x10000);
	assert_int_equal(y, 0x12000);
	assert_int_equal(z, 0x15000);
	assert_false(sim_arena_alloc(&a, SIM_PAGE_SIZE, &w));
	assert_false(sim_arena_alloc(&a, 100, &w));
	sim_arena_free(&a, y, 3 * SIM_PAGE_SIZE);
	assert_true(sim_arena_alloc(&a, SIM_PAGE_SIZE, &w));
	assert_int_equal(w, 0x12000);
	sim_arena_free(&a, x, 2 * SIM_PAGE_SIZE);
	sim_arena_free(&a, z, 3 * SIM_PAGE_SIZE);
	sim_arena_free(&a, w, SIM_PAGE_SIZE);
	assert_int_equal(a.free.len, 1);
	assert_int_equal(a.free.data[0].size, 8 * SIM_PAGE_SIZE);
	assert_int_equal(a.used, 0);
	sim_arena_fini(&a);
}

static void create_bo_rules(void **state)
{
	struct sim_kernel *k = *state;
	struct drm_vc4_create_bo c = { .size = 0 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_CREATE_BO, &c, EINVAL, "BO size 0 rounds up to 0 bytes");
	c.size = 0xffffffffu;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_CREATE_BO, &c, EINVAL,
		    "BO size 4294967295 rounds up to 0 bytes");
	uint32_t h1 = create(k, 1), h2 = create(k, 4097);
	assert_int_equal(h1, 1);
	assert_int_equal(h2, 2);
	struct sim_kernel_bo_info info;
	assert_true(sim_kernel_bo_info(k, h2, &info));
	assert_int_equal(info.size, 8192);
	assert_int_equal(info.paddr, SIM_KERNEL_DEFAULT_BASE + 4096);
	assert_int_equal(info.madv, VC4_MADV_WILLNEED);
	/* Handles are reused lowest first, memory comes back zeroed. */
	uint8_t *p = sim_memory_ptr(sim_kernel_memory(k), info.paddr, 8192);
	memset(p, 0xab, 8192);
	struct drm_gem_close cl = { .handle = h2 };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_GEM_CLOSE, &cl), 0);
	EXPECT_FAIL(k, DRM_IOCTL_GEM_CLOSE, &cl, EINVAL, "GEM_CLOSE: no handle 2");
	assert_int_equal(create(k, 8192), 2);
	assert_int_equal(p[0], 0);
	assert_int_equal(p[8191], 0);
	c.size = 14 * 4096;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_CREATE_BO, &c, ENOMEM,
		    "out of CMA memory for a 57344-byte BO (12288 of 65536 bytes in use)");
}

static void create_bo_purges_on_pressure(void **state)
{
	struct sim_kernel *k = *state;
	uint32_t a = create(k, 8 * 4096);
	create(k, 4 * 4096);
	assert_int_equal(madvise(k, a, VC4_MADV_DONTNEED), 1);
	uint32_t b = create(k, 8 * 4096); /* only fits once `a` is purged */
	assert_int_equal(b, 3);
	struct sim_kernel_bo_info info;
	assert_true(sim_kernel_bo_info(k, a, &info));
	assert_int_equal(info.madv, __VC4_MADV_PURGED);
	assert_int_equal(info.paddr, 0);
	/* Purged stays purged. */
	assert_int_equal(madvise(k, a, VC4_MADV_WILLNEED), 0);
	assert_true(sim_kernel_bo_info(k, a, &info));
	assert_int_equal(info.madv, __VC4_MADV_PURGED);
}

static void mmap_rules(void **state)
{
	struct sim_kernel *k = *state;
	struct drm_vc4_mmap_bo m = { .handle = 9 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_MMAP_BO, &m, EINVAL, "Failed to look up GEM BO 9");
	m.handle = create(k, 4096);
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_MMAP_BO, &m), 0);
	assert_int_equal(m.offset, 0x10001000); /* Linux's 32-bit fake offsets */
	int err = 0;
	uint8_t *p = sim_kernel_mmap(k, m.offset, 4096, true, &err);
	assert_non_null(p);
	p[5] = 7;
	struct sim_kernel_bo_info info;
	sim_kernel_bo_info(k, m.handle, &info);
	assert_int_equal(((uint8_t *)sim_memory_ptr(sim_kernel_memory(k), info.paddr, 8))[5], 7);
	assert_null(sim_kernel_mmap(k, m.offset, 8192, true, &err));
	assert_int_equal(err, -EINVAL);
	assert_string_equal(sim_kernel_last_error(k), "mmap: 8192 bytes of a 4096-byte BO");
	assert_null(sim_kernel_mmap(k, m.offset + 4096, 4096, true, &err));
	assert_string_equal(sim_kernel_last_error(k), "mmap: no BO at offset 0x10002000");
	madvise(k, m.handle, VC4_MADV_DONTNEED);
	assert_null(sim_kernel_mmap(k, m.offset, 4096, true, &err));
	assert_string_equal(sim_kernel_last_error(k), "mmaping of purgeable BO not allowed");
	struct drm_vc4_mmap_bo ms = { .handle = create_shader(k) };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_MMAP_BO, &ms), 0);
	assert_null(sim_kernel_mmap(k, ms.offset, 4096, true, &err));
	assert_string_equal(sim_kernel_last_error(k),
			    "mmaping of shader BOs for writing not allowed.");
	assert_non_null(sim_kernel_mmap(k, ms.offset, 4096, false, &err));
}

static void create_shader_bo_rules(void **state)
{
	struct sim_kernel *k = *state;
	struct drm_vc4_create_shader_bo c = { .size = 0, .data = (uintptr_t)shader_code };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_CREATE_SHADER_BO, &c, EINVAL, "shader size is 0");
	c.size = 12;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_CREATE_SHADER_BO, &c, EINVAL,
		    "shader size 12 is not a multiple of 8");
	c.size = 24;
	c.flags = 2;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_CREATE_SHADER_BO, &c, EINVAL,
		    "Unknown flags set: 0x00000002");
	c.flags = 0;
	c.pad = 1;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_CREATE_SHADER_BO, &c, EINVAL, "Pad set: 0x00000001");
	c.pad = 0;
	c.data = 0;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_CREATE_SHADER_BO, &c, EFAULT,
		    "shader data pointer 0x0 is not readable");
	uint32_t h = create_shader(k);
	struct sim_kernel_bo_info info;
	assert_true(sim_kernel_bo_info(k, h, &info));
	assert_true(info.is_shader);
	assert_int_equal(info.size, 4096);
	const uint8_t *p = sim_memory_ptr(sim_kernel_memory(k), info.paddr, 4096);
	assert_memory_equal(p, shader_code, sizeof(shader_code));
	for (size_t i = sizeof(shader_code); i < 4096; i++)
		assert_int_equal(p[i], 0);
}

static void create_shader_bo_runs_the_validator(void **state)
{
	struct sim_kernel *k = *state;
	static const uint64_t zeros[2] = { 0, 0 };
	struct drm_vc4_create_shader_bo c = { .size = sizeof(zeros), .data = (uintptr_t)zeros };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_CREATE_SHADER_BO, &c, EINVAL,
		    "ip 0: Unsupported QPU signal 0");
	/* Rejected: no handle and no memory left behind. */
	assert_int_equal(sim_kernel_bytes_used(k), 0);
	assert_int_equal(create(k, 4096), 1);
}

static void perfmon_rules(void **state)
{
	struct sim_kernel *k = *state;
	struct drm_vc4_perfmon_create pc = { .ncounters = 0 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_PERFMON_CREATE, &pc, EINVAL,
		    "perfmon counter count 0 not in 1..16");
	pc.ncounters = 17;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_PERFMON_CREATE, &pc, EINVAL,
		    "perfmon counter count 17 not in 1..16");
	pc = (struct drm_vc4_perfmon_create){ .ncounters = 2, .events = { 3, 30 } };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_PERFMON_CREATE, &pc, EINVAL,
		    "perfmon event 30 (counter 1) is not below 30");
	pc.events[1] = 29;
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_PERFMON_CREATE, &pc), 0);
	assert_int_equal(pc.id, 1);
	uint64_t values[2] = { 9, 9 };
	struct drm_vc4_perfmon_get_values gv = { .id = 1, .values_ptr = (uintptr_t)values };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_PERFMON_GET_VALUES, &gv), 0);
	assert_int_equal(values[0], 0);
	assert_int_equal(values[1], 0);
	gv.values_ptr = 0;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_PERFMON_GET_VALUES, &gv, EFAULT,
		    "perfmon values pointer is not writable");
	uint32_t h = create(k, 4096);
	struct drm_vc4_submit_cl s = submit_args(&h, 1);
	s.perfmonid = 1;
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_SUBMIT_CL, &s), 0);
	struct drm_vc4_perfmon_destroy pd = { .id = 1 };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_PERFMON_DESTROY, &pd), 0);
	EXPECT_FAIL(k, DRM_IOCTL_VC4_PERFMON_DESTROY, &pd, EINVAL, "perfmon 1 does not exist");
	gv = (struct drm_vc4_perfmon_get_values){ .id = 1, .values_ptr = (uintptr_t)values };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_PERFMON_GET_VALUES, &gv, EINVAL, "perfmon 1 does not exist");
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, ENOENT, "perfmon 1 does not exist");
}

static void get_param_answers_like_hardware(void **state)
{
	struct sim_kernel *k = *state;
	static const uint64_t expect[9] = { 0x02443356, 0xc0102431, 0, 1, 1, 1, 1, 1, 1 };
	for (uint32_t i = 0; i < 9; i++) {
		struct drm_vc4_get_param gp = { .param = i };
		assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_GET_PARAM, &gp), 0);
		assert_int_equal(gp.value, expect[i]);
	}
	struct drm_vc4_get_param gp = { .param = 9 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_GET_PARAM, &gp, EINVAL, "Unknown parameter 9");
	gp = (struct drm_vc4_get_param){ .param = 0, .pad = 1 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_GET_PARAM, &gp, EINVAL, "GET_PARAM pad set: 0x00000001");
}

static void tiling_rules(void **state)
{
	struct sim_kernel *k = *state;
	uint32_t h = create(k, 4096);
	struct drm_vc4_set_tiling st = { .handle = h, .flags = 1 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SET_TILING, &st, EINVAL, "SET_TILING flags set: 0x00000001");
	st = (struct drm_vc4_set_tiling){ .handle = h, .modifier = 5 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SET_TILING, &st, EINVAL,
		    "unknown modifier 0x0000000000000005");
	st = (struct drm_vc4_set_tiling){ .handle = 40, .modifier = 0x0700000000000001ull };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SET_TILING, &st, ENOENT, "Failed to look up GEM BO 40");
	st.handle = h;
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_SET_TILING, &st), 0);
	struct drm_vc4_get_tiling gt = { .handle = h, .modifier = 1 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_GET_TILING, &gt, EINVAL,
		    "GET_TILING flags or modifier set on input");
	gt = (struct drm_vc4_get_tiling){ .handle = 40 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_GET_TILING, &gt, ENOENT, "Failed to look up GEM BO 40");
	gt.handle = h;
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_GET_TILING, &gt), 0);
	assert_true(gt.modifier == 0x0700000000000001ull);
}

static void label_and_madvise_rules(void **state)
{
	struct sim_kernel *k = *state;
	uint32_t h = create(k, 4096);
	const char name[] = "colour buffer";
	struct drm_vc4_label_bo l = { .handle = h, .len = 0, .name = (uintptr_t)name };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_LABEL_BO, &l, EINVAL, "LABEL_BO len is 0");
	l = (struct drm_vc4_label_bo){ .handle = 50, .len = 6, .name = (uintptr_t)name };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_LABEL_BO, &l, ENOENT, "Failed to look up GEM BO 50");
	l.handle = h;
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_LABEL_BO, &l), 0);
	struct sim_kernel_bo_info info;
	sim_kernel_bo_info(k, h, &info);
	assert_string_equal(info.label, "colour");
	struct drm_vc4_gem_madvise m = { .handle = h, .madv = 2 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_GEM_MADVISE, &m, EINVAL, "invalid madv value 2");
	m = (struct drm_vc4_gem_madvise){ .handle = h, .pad = 3 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_GEM_MADVISE, &m, EINVAL, "invalid pad: 0x00000003");
	m = (struct drm_vc4_gem_madvise){ .handle = 77 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_GEM_MADVISE, &m, ENOENT, "Failed to look up BO: 77");
	assert_int_equal(madvise(k, h, VC4_MADV_DONTNEED), 1);
	assert_int_equal(madvise(k, h, VC4_MADV_WILLNEED), 1);
	assert_int_equal(sim_kernel_purge(k), 0);
	/* A BO used by a queued job is not purged until the job finishes. */
	sim_kernel_set_exec(k, SIM_KERNEL_EXEC_MANUAL);
	struct drm_vc4_submit_cl s = submit_args(&h, 1);
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_SUBMIT_CL, &s), 0);
	assert_int_equal(madvise(k, h, VC4_MADV_DONTNEED), 1);
	assert_int_equal(sim_kernel_purge(k), 0);
	sim_kernel_retire(k, s.seqno);
	assert_int_equal(sim_kernel_purge(k), 1);
	assert_int_equal(madvise(k, h, VC4_MADV_DONTNEED), 0);
}

static void submit_checks_in_kernel_order(void **state)
{
	struct sim_kernel *k = *state;
	uint32_t handles[2] = { create(k, 4096), create(k, 4096) };
	struct drm_vc4_submit_cl s = submit_args(handles, 1);
	s.flags = 0x10;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EINVAL, "Unknown flags: 0x10");
	s = submit_args(handles, 1);
	s.pad2 = 1;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EINVAL, "Invalid pad: 0x00000001");
	s = submit_args(handles, 0);
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EINVAL, "Rendering requires BOs to validate");
	uint32_t bad[2] = { handles[0], 42 };
	s = submit_args(bad, 2);
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EINVAL, "Failed to look up GEM BO 1: 42");
	s = submit_args(handles, 2);
	s.bo_handles = 0;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EFAULT, "copying in 2 BO handles failed");
	s = submit_args(handles, 1);
	s.perfmonid = 3; /* no perfmon was created */
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, ENOENT, "perfmon 3 does not exist");
	s = submit_args(handles, 1);
	s.in_sync = 4;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, ENOENT, "in_sync syncobj 4 does not exist");
	s = submit_args(handles, 1);
	s.bin_cl_size = 0xfffffff8u;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EINVAL, "overflow in exec arguments");
	s.bin_cl_size = 16;
	s.shader_rec_count = 0x1fffffffu;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EINVAL, "overflow in exec arguments");
	s.shader_rec_count = 0;
	s.uniforms_size = 0xfffffff0u;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EINVAL, "overflow in exec arguments");
	s.uniforms_size = 0;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EFAULT,
		    "copying in the bin CL, shader records or uniforms failed");
	/* Linux's kvmalloc of the copy-in buffer fails: -ENOMEM (it was accepted). */
	s.shader_rec_count = 58931663;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, ENOMEM,
		    "Failed to allocate storage for copying in bin/render CLs: 471453320 bytes "
		    "(the CLs, shader records, uniforms and 58931663 shader states of 8 bytes), "
		    "more than the 251658240 a Pi's kernel can vmalloc (-ENOMEM, as on Linux)");
	s.shader_rec_count = (251658240 - 16) / 8;      /* exactly the limit: copied in */
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EFAULT,
		    "copying in the bin CL, shader records or uniforms failed");
	s = submit_args(handles, 1);
	s.bo_handle_count = 62914561;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, ENOMEM,
		    "copying in 62914561 BO handles needs 251658244 bytes of kernel memory, more "
		    "than the 251658240 a Pi's kernel can vmalloc (-ENOMEM, as on Linux)");
	s = submit_args(handles, 1);
	s.out_sync = 5;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EINVAL, "out_sync syncobj 5 does not exist");
	madvise(k, handles[1], VC4_MADV_DONTNEED);
	s = submit_args(handles, 2);
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EINVAL,
		    "BO 1 (handle 2) is purgeable (madvise DONTNEED)");
	sim_kernel_purge(k);
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EINVAL, "BO 1 (handle 2) is purged");
	/* Nothing of the rejected jobs was applied: the first seqno is 1. */
	struct sim_kernel_bo_info info;
	sim_kernel_bo_info(k, handles[0], &info);
	assert_int_equal(info.seqno, 0);
	s = submit_args(handles, 1);
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_SUBMIT_CL, &s), 0);
	assert_int_equal(s.seqno, 1);
	sim_kernel_bo_info(k, handles[0], &info);
	assert_int_equal(info.seqno, 1);
	assert_int_equal(info.usecnt, 0);
}

/* Packs packet NAME with the given fields at bin[*len]. */
#define PUT(bin, len, NAME, ...) do { \
	VC4_##NAME##_pack(NULL, (bin) + *(len), \
			  &(struct VC4_##NAME){ VC4_##NAME##_header, __VA_ARGS__ }); \
	*(len) += VC4_##NAME##_length; \
} while (0)
#define PUT0(bin, len, NAME) do { \
	VC4_##NAME##_pack(NULL, (bin) + *(len), &(struct VC4_##NAME){ VC4_##NAME##_header }); \
	*(len) += VC4_##NAME##_length; \
} while (0)

/* The smallest bin CL the kernel takes for a 1x1-tile frame: binning mode
 * (the kernel fills in the tile memory), start, semaphore, flush. Returns
 * its length. */
static uint32_t minimal_bin_cl(uint8_t *bin)
{
	uint32_t len = 0;
	PUT(bin, &len, TILE_BINNING_MODE_CONFIGURATION, .width_in_tiles = 1,
	    .height_in_tiles = 1);
	PUT0(bin, &len, START_TILE_BINNING);
	PUT0(bin, &len, INCREMENT_SEMAPHORE);
	PUT0(bin, &len, FLUSH);
	return len;
}

static void submit_copies_user_buffers(void **state)
{
	(void)state;
	/* A job with a bin CL takes the 16 MiB binner BO: a bigger arena. */
	struct sim_kernel *k = sim_kernel_create(SIM_KERNEL_DEFAULT_BASE,
						 SIM_KERNEL_DEFAULT_SIZE, NULL);
	assert_non_null(k);
	uint32_t h = create(k, 4096);
	uint8_t bin[64];
	uint32_t bin_len = minimal_bin_cl(bin);
	assert_int_equal(bin_len, 19);
	struct drm_vc4_submit_cl s = submit_args(&h, 1);
	s.bin_cl = (uintptr_t)bin;
	s.bin_cl_size = bin_len;
	s.uniforms_size = 4;
	EXPECT_FAIL(k, DRM_IOCTL_VC4_SUBMIT_CL, &s, EFAULT,
		    "copying in the bin CL, shader records or uniforms failed");
	s.uniforms = (uintptr_t)bin;
	s.uniforms_size = 2;
	sim_kernel_set_exec(k, SIM_KERNEL_EXEC_MANUAL);
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_SUBMIT_CL, &s), 0);
	assert_int_equal(s.seqno, 1);
	/* The kernel runs its own copy: spoiling the user's bin CL after the
	 * submit changes nothing. */
	memset(bin, 0xff, sizeof(bin));
	assert_int_equal(sim_kernel_retire(k, 1), 1);
	assert_string_equal(sim_kernel_last_hang(k), "");
	assert_int_equal(sim_kernel_hung_jobs(k), 0);
	assert_int_equal(sim_kernel_last_stats(k)->bin_packets, 4);
	sim_kernel_destroy(k);
}

static void waits_follow_the_queue(void **state)
{
	struct sim_kernel *k = *state;
	sim_kernel_set_exec(k, SIM_KERNEL_EXEC_MANUAL);
	uint32_t h = create(k, 4096), idle = create(k, 4096);
	struct drm_vc4_submit_cl s = submit_args(&h, 1);
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_SUBMIT_CL, &s), 0);
	struct sim_kernel_bo_info info;
	sim_kernel_bo_info(k, h, &info);
	assert_int_equal(info.usecnt, 1);
	struct drm_vc4_wait_bo wb = { .handle = h, .timeout_ns = 0 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_WAIT_BO, &wb, ETIME,
		    "seqno 1 not finished (finished seqno 0)");
	struct drm_vc4_wait_seqno ws = { .seqno = 1, .timeout_ns = 1000 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_WAIT_SEQNO, &ws, ETIME,
		    "seqno 1 not finished (finished seqno 0)");
	assert_int_equal(ws.timeout_ns, 0);
	wb = (struct drm_vc4_wait_bo){ .handle = idle };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_WAIT_BO, &wb), 0);
	wb = (struct drm_vc4_wait_bo){ .handle = h, .pad = 1 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_WAIT_BO, &wb, EINVAL, "WAIT_BO pad set: 0x00000001");
	wb = (struct drm_vc4_wait_bo){ .handle = 99 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_WAIT_BO, &wb, EINVAL, "Failed to look up GEM BO 99");
	/* A closed BO lives while its job is queued; so does the page the
	 * kernel generated the job's RCL into. */
	struct drm_gem_close cl = { .handle = h };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_GEM_CLOSE, &cl), 0);
	assert_int_equal(sim_kernel_bytes_used(k), 4096 + 4096 + 4096);
	assert_int_equal(sim_kernel_retire(k, 1), 1);
	assert_int_equal(sim_kernel_bytes_used(k), 4096);
	ws = (struct drm_vc4_wait_seqno){ .seqno = 1, .timeout_ns = 0 };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_WAIT_SEQNO, &ws), 0);
	/* ON_WAIT: a wait with a timeout runs the queue. */
	sim_kernel_set_exec(k, SIM_KERNEL_EXEC_ON_WAIT);
	s = submit_args(&idle, 1);
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_SUBMIT_CL, &s), 0);
	ws = (struct drm_vc4_wait_seqno){ .seqno = 2, .timeout_ns = 0 };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_WAIT_SEQNO, &ws), -ETIME);
	ws.timeout_ns = ~0ull;
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_WAIT_SEQNO, &ws), 0);
}

static void other_ioctls(void **state)
{
	struct sim_kernel *k = *state;
	int dummy = 0;
	EXPECT_FAIL(k, 0x1234, &dummy, ENOTTY,
		    "ioctl 0x00001234 is not a vc4 ioctl the simulated kernel knows");
	EXPECT_FAIL(k, DRM_IOCTL_VC4_CREATE_BO, NULL, EFAULT, "ioctl 0xc0106443: NULL argument");
	struct drm_prime_handle ph = { .handle = 1 };
	EXPECT_FAIL(k, DRM_IOCTL_PRIME_HANDLE_TO_FD, &ph, EOPNOTSUPP,
		    "dma-buf sharing is not supported by the simulated kernel");
	struct drm_vc4_get_hang_state hs = {0};
	EXPECT_FAIL(k, DRM_IOCTL_VC4_GET_HANG_STATE, &hs, ENOENT,
		    "no hang state saved (the simulated kernel keeps only a hung job's reason)");
	sim_kernel_inject_error(k, DRM_IOCTL_VC4_WAIT_SEQNO, EINTR, 1);
	struct drm_vc4_wait_seqno ws = { .seqno = 0 };
	EXPECT_FAIL(k, DRM_IOCTL_VC4_WAIT_SEQNO, &ws, EINTR,
		    "injected error: Interrupted system call");
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_WAIT_SEQNO, &ws), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(arena_first_fit_and_coalescing),
		cmocka_unit_test_setup_teardown(create_bo_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(create_bo_purges_on_pressure, setup, teardown),
		cmocka_unit_test_setup_teardown(mmap_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(create_shader_bo_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(create_shader_bo_runs_the_validator, setup,
						teardown),
		cmocka_unit_test_setup_teardown(perfmon_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(get_param_answers_like_hardware, setup, teardown),
		cmocka_unit_test_setup_teardown(tiling_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(label_and_madvise_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(submit_checks_in_kernel_order, setup, teardown),
		cmocka_unit_test_setup_teardown(submit_copies_user_buffers, setup, teardown),
		cmocka_unit_test_setup_teardown(waits_follow_the_queue, setup, teardown),
		cmocka_unit_test_setup_teardown(other_ioctls, setup, teardown),
	};
	return cmocka_run_group_tests_name("bo_sim_kernel", tests, NULL, NULL);
}
