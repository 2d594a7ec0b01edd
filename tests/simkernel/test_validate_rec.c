/*
 * test_validate_rec.c: the simulated kernel's shader record, uniform and
 * texture rules, one test per rule with the exact reason, including the
 * kernel-defect inputs it rejects (defects 1-3 of docs/validation.md), and
 * the relocated uniforms.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "simkernel_fixture.h"
#include "sim/kernel/sim_validate.h"

static uint32_t paddr_of(struct fx *f, enum fx_bo b)
{
	struct sim_kernel_bo_info info;
	assert_true(sim_kernel_bo_info(f->k, f->bo[b]->handle, &info));
	return info.paddr;
}

/* The default record with the texture shader as FS and its uniform
 * stream: texture BO index, P0, P1 (a 16x16 RGBA8888 image). */
static void texture_job(struct fx *f, uint32_t p0, uint32_t p1)
{
	f->rec_len = 0;
	f->args.shader_rec_count = 0;
	fx_add_record(f, FX_TEX_SHADER, FX_SHADER, FX_SHADER, FX_VERTS, 0, 12, true);
	fx_add_uniform(f, FX_TEX);
	fx_add_uniform(f, p0);
	fx_add_uniform(f, p1);
}

#define P1_16X16 ((16u << 20) | (16u << 8))

static void texture_relocated(void **state)
{
	struct fx *f = *state;
	texture_job(f, 0x1000 /* base 4 KiB, RGBA8888, no mips */, P1_16X16);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_MANUAL);
	assert_int_equal(fx_submit(f), 0);
	struct sim_job *job = f->k->queue.data[f->k->queue.len - 1];
	struct sim_exec *e = job->validated.priv;
	const uint8_t *uni = sim_memory_ptr(sim_kernel_memory(f->k),
					    e->exec_paddr + e->uniforms_offset, 8);
	assert_non_null(uni);
	assert_int_equal(fx_rd32(uni), paddr_of(f, FX_TEX) + 0x1000);
	assert_int_equal(fx_rd32(uni + 4), P1_16X16);
	const uint8_t *rec = sim_memory_ptr(sim_kernel_memory(f->k),
					    e->exec_paddr + e->shader_rec_offset, 36);
	assert_int_equal(fx_rd32(rec + 4), paddr_of(f, FX_TEX_SHADER));
	assert_int_equal(fx_rd32(rec + 8), e->exec_paddr + e->uniforms_offset);
	sim_kernel_retire(f->k, job->seqno);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_AT_SUBMIT);
}

static void handles_overflow(void **state)
{
	struct fx *f = *state;
	f->rec_len = 12;
	fx_reject(f, "shader record 0: overflowed shader recs reading 4 handles from 12 bytes left");
}

static void record_overflow(void **state)
{
	struct fx *f = *state;
	f->rec_len -= 1;
	fx_reject(f, "shader record 0: overflowed shader recs copying 44b packet from 43 bytes left");
}

/* Defect 3: the kernel's `>` lets index == bo_handle_count through. */
static void shader_handle_equal_to_count(void **state)
{
	struct fx *f = *state;
	fx_wr32(f->rec + 4, FX_BO_COUNT);
	fx_reject(f, "shader record 0: VS: Shader handle 10 too big (BO count 10)");
}

/* Defect 1: the kernel dereferences the missing shader info. */
static void plain_bo_as_shader(void **state)
{
	struct fx *f = *state;
	fx_wr32(f->rec + 0, FX_VERTS);
	fx_reject(f, "shader record 0: FS: BO 1 is not a validated shader BO");
}

static void fs_thread_mode_mismatch(void **state)
{
	struct fx *f = *state;
	f->rec[16] &= (uint8_t)~1u; /* FS single-threaded flag cleared */
	fx_reject(f, "shader record 0: Thread mode of CL and FS do not match (record says "
		  "threaded, FS is single-threaded)");
}

static void attribute_bo_is_shader(void **state)
{
	struct fx *f = *state;
	fx_wr32(f->rec + 12, FX_SHADER);
	fx_reject(f, "shader record 0: attribute 0: Trying to use shader BO as something other "
		  "than a shader (BO index 0)");
}

static void shader_code_offset(void **state)
{
	struct fx *f = *state;
	fx_wr32(f->rec + 16 + 16, 8); /* VS code address */
	fx_reject(f, "shader record 0: VS: Shaders must be at offset 0 of the BO. (offset "
		  "0x00000008)");
}

/* Defect 2: the kernel compares with the whole stream, not what is left. */
static void uniforms_remaining_not_total(void **state)
{
	struct fx *f = *state;
	texture_job(f, 0x1000, P1_16X16);
	f->bin_len = 0;
	fx_bin_head(f, 1, 1);
	for (int i = 0; i < 2; i++) {
		FX_BIN(f, GL_SHADER_STATE, .number_of_attribute_arrays = 1);
		FX_BIN(f, VERTEX_ARRAY_PRIMITIVES, .length = 3);
	}
	fx_bin_tail(f);
	/* 12 bytes of uniforms: enough for one record, as the kernel checks. */
	fx_add_record(f, FX_TEX_SHADER, FX_SHADER, FX_SHADER, FX_VERTS, 0, 12, true);
	fx_reject(f, "shader record 1: FS: Uniforms src buffer overflow (12 bytes needed, 0 left)");
}

static void attribute_offset_overflow(void **state)
{
	struct fx *f = *state;
	fx_wr32(f->rec + 16 + 36, 4090);
	fx_reject(f, "shader record 0: attribute 0: BO offset overflow (4090 + 12 > 4096)");
}

static void attribute_index_out_of_range(void **state)
{
	struct fx *f = *state;
	fx_wr32(f->bin + 22 + 6, 340); /* the primitive draws vertices 340..342 */
	fx_reject(f, "shader record 0: attribute 0: primitives use index 342 out of supplied 340");
}

static void texture_index_too_big(void **state)
{
	struct fx *f = *state;
	texture_job(f, 0x1000, P1_16X16);
	fx_wr32(f->uni, 11);
	fx_reject(f, "shader record 0: FS texture 0: BO index 11 greater than BO count 10");
}

static void texture_format_unsupported(void **state)
{
	struct fx *f = *state;
	texture_job(f, 0x10c0 /* type 12: BW1 */, P1_16X16);
	fx_reject(f, "shader record 0: FS texture 0: Texture format 12 unsupported");
}

static void texture_level0_overflow(void **state)
{
	struct fx *f = *state;
	texture_job(f, 0xf000, (32u << 20) | (64u << 8)); /* 64x32 T format at 60 KiB */
	fx_reject(f, "shader record 0: FS texture 0: Overflow in 64x32 (64x32) fbo size "
		  "(8192 + 61440 > 65536)");
}

static void texture_mip_levels_overflow(void **state)
{
	struct fx *f = *state;
	texture_job(f, 0x0002 /* base 0, 2 mip levels below */, P1_16X16);
	fx_reject(f, "shader record 0: FS texture 0: Level 1 (8x8 -> 8x8) size 256b overflowed "
		  "buffer bounds (offset 0)");
}

static void texture_cube_stride_missing(void **state)
{
	struct fx *f = *state;
	texture_job(f, 0x1200 /* cube map */, P1_16X16);
	fx_reject(f, "shader record 0: FS texture 0: Cube map stride not set");
}

static void texture_is_shader_bo(void **state)
{
	struct fx *f = *state;
	texture_job(f, 0x1000, P1_16X16);
	fx_wr32(f->uni, FX_SHADER);
	fx_reject(f, "shader record 0: FS texture 0: Trying to use shader BO as something other "
		  "than a shader (BO index 0)");
}

/* The UBO shader as FS: uniform stream = UBO index, clamp, base offset. */
static void ubo_job(struct fx *f, uint32_t clamp, uint32_t base)
{
	f->rec_len = 0;
	f->args.shader_rec_count = 0;
	fx_add_record(f, FX_UBO_SHADER, FX_SHADER, FX_SHADER, FX_VERTS, 0, 12, true);
	fx_add_uniform(f, FX_TEX);
	fx_add_uniform(f, clamp);
	fx_add_uniform(f, base);
}

static void ubo_relocated(void **state)
{
	struct fx *f = *state;
	ubo_job(f, 252, 0x100);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_MANUAL);
	assert_int_equal(fx_submit(f), 0);
	struct sim_job *job = f->k->queue.data[f->k->queue.len - 1];
	struct sim_exec *e = job->validated.priv;
	const uint8_t *uni = sim_memory_ptr(sim_kernel_memory(f->k),
					    e->exec_paddr + e->uniforms_offset, 8);
	assert_int_equal(fx_rd32(uni), 252);
	assert_int_equal(fx_rd32(uni + 4), paddr_of(f, FX_TEX) + 0x100);
	sim_kernel_retire(f->k, job->seqno);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_AT_SUBMIT);
}

static void ubo_offset_past_the_end(void **state)
{
	struct fx *f = *state;
	ubo_job(f, 0, 65533);
	fx_reject(f, "shader record 0: FS texture 0: UBO offset greater than UBO size "
		  "(65533 > 65536 - 4)");
}

static void ubo_clamp_past_the_end(void **state)
{
	struct fx *f = *state;
	ubo_job(f, 65536 - 0x100 - 3, 0x100);
	fx_reject(f, "shader record 0: FS texture 0: UBO clamp would allow reads outside of UBO "
		  "(256 + 65277 + 4 > 65536)");
}

/* An extended record (all 8 attribute slots, then one stride word per used
 * attribute) whose stride's high bits make the attribute overflow. */
static void extended_record_stride(void **state)
{
	struct fx *f = *state;
	f->bin[18] |= 0x08; /* GL_SHADER_STATE extended bit */
	f->rec_len = 0;
	const uint32_t idx[4] = { FX_SHADER, FX_SHADER, FX_SHADER, FX_VERTS };
	for (int i = 0; i < 4; i++, f->rec_len += 4)
		fx_wr32(f->rec + f->rec_len, idx[i]);
	VC4_GL_SHADER_STATE_RECORD_pack(NULL, f->rec + f->rec_len,
		&(struct VC4_GL_SHADER_STATE_RECORD){ .fragment_shader_is_single_threaded = true });
	f->rec_len += VC4_GL_SHADER_STATE_RECORD_length;
	VC4_ATTRIBUTE_RECORD_pack(NULL, f->rec + f->rec_len, &(struct VC4_ATTRIBUTE_RECORD){
		.number_of_bytes_minus_1 = 11, .memory_stride = 12 });
	f->rec_len += 8 * VC4_ATTRIBUTE_RECORD_length;
	VC4_EXTENDED_ATTRIBUTE_STRIDE_pack(NULL, f->rec + f->rec_len,
		&(struct VC4_EXTENDED_ATTRIBUTE_STRIDE){ .memory_stride = 0x800 });
	f->rec_len += VC4_EXTENDED_ATTRIBUTE_STRIDE_length;
	/* stride 0x80c: vertices 0..2 need 2 * 0x80c + 12 > 4096 bytes */
	fx_reject(f, "shader record 0: attribute 0: primitives use index 2 out of supplied 1");
}

/* The uniform read by a uniform-address reset gets the block's address. */
static void uniform_address_slot_filled(void **state)
{
	struct fx *f = *state;
	f->rec_len = 0;
	f->args.shader_rec_count = 0;
	fx_add_record(f, FX_RESET_SHADER, FX_SHADER, FX_SHADER, FX_VERTS, 0, 12, true);
	fx_add_uniform(f, 0xdeadbeef);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_MANUAL);
	assert_int_equal(fx_submit(f), 0);
	struct sim_job *job = f->k->queue.data[f->k->queue.len - 1];
	struct sim_exec *e = job->validated.priv;
	uint32_t block = e->exec_paddr + e->uniforms_offset;
	const uint8_t *uni = sim_memory_ptr(sim_kernel_memory(f->k), block, 4);
	assert_int_equal(fx_rd32(uni), block);
	sim_kernel_retire(f->k, job->seqno);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_AT_SUBMIT);
}

#define T(fn) cmocka_unit_test_setup(fn, fx_reset)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(texture_relocated),
		T(handles_overflow),
		T(record_overflow),
		T(shader_handle_equal_to_count),
		T(plain_bo_as_shader),
		T(fs_thread_mode_mismatch),
		T(attribute_bo_is_shader),
		T(shader_code_offset),
		T(uniforms_remaining_not_total),
		T(attribute_offset_overflow),
		T(attribute_index_out_of_range),
		T(texture_index_too_big),
		T(texture_format_unsupported),
		T(texture_level0_overflow),
		T(texture_mip_levels_overflow),
		T(texture_cube_stride_missing),
		T(texture_is_shader_bo),
		T(ubo_relocated),
		T(ubo_offset_past_the_end),
		T(ubo_clamp_past_the_end),
		T(extended_record_stride),
		T(uniform_address_slot_filled),
	};
	return cmocka_run_group_tests_name("simkernel_rec", tests, fx_setup, fx_teardown);
}
