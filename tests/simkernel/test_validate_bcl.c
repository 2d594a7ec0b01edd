/*
 * test_validate_bcl.c: the simulated kernel's bin CL rules, one test per
 * rule with the exact reason, the relocated bin CL bytes, and the binner
 * memory: slots, and overflow slots taken on OUTOMEM.
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

static void valid_job_is_accepted(void **state)
{
	struct fx *f = *state;
	uint32_t used = sim_kernel_bytes_used(f->k);
	assert_int_equal(fx_submit(f), 0);
	assert_int_equal(f->args.seqno, 1);
	/* Finished at once: exec BO, RCL BO and binner memory are gone. */
	assert_int_equal(sim_kernel_bytes_used(f->k), used);
}

/* The validated CL of a job kept queued (manual exec). */
static struct sim_job *queued_job(struct fx *f)
{
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_MANUAL);
	assert_int_equal(fx_submit(f), 0);
	struct sim_kernel *k = f->k;
	return k->queue.data[k->queue.len - 1];
}

static const uint8_t *gpu(struct fx *f, uint32_t addr, uint32_t len)
{
	const uint8_t *p = sim_memory_ptr(sim_kernel_memory(f->k), addr, len);
	assert_non_null(p);
	return p;
}

static void relocated_bin_cl_bytes(void **state)
{
	struct fx *f = *state;
	struct sim_job *job = queued_job(f);
	struct sim_exec *e = job->validated.priv;
	uint32_t bin = f->k->binner->paddr;
	assert_int_equal(job->validated.ct0ea - job->validated.ct0ca, f->bin_len);
	const uint8_t *cl = gpu(f, job->validated.ct0ca, f->bin_len);
	/* TILE_BINNING_MODE_CONFIG: tile lists after one page of tile state,
	 * up to the 512 KiB slot end; state at the slot; AUTO_INIT_TSDA,
	 * 32-byte initial blocks, 128-byte blocks. */
	const uint8_t config[16] = { 112, 0, 0, 0, 0, 0, 0xf0, 0x07, 0, 0, 0, 0, 0, 1, 1, 0x44 };
	assert_int_equal(fx_rd32(cl + 1), bin + 4096);
	assert_int_equal(fx_rd32(cl + 5), 512 * 1024 - 4096);
	assert_int_equal(fx_rd32(cl + 9), bin);
	assert_memory_equal(cl + 13, config + 13, 3);
	assert_int_equal(cl[16], 6);
	/* GL_SHADER_STATE: record address in the exec BO | 1 attribute. */
	assert_int_equal(cl[17], 64);
	assert_int_equal(fx_rd32(cl + 18), e->exec_paddr + 48 + 1);
	assert_memory_equal(cl + 22, f->bin + 22, f->bin_len - 22);
	/* The record: code at the shader BO, uniforms in the exec BO,
	 * attribute at the vertex BO. */
	struct vc4_bo *sh = f->bo[FX_SHADER];
	struct sim_kernel_bo_info si, vi;
	assert_true(sim_kernel_bo_info(f->k, sh->handle, &si));
	assert_true(sim_kernel_bo_info(f->k, f->bo[FX_VERTS]->handle, &vi));
	const uint8_t *rec = gpu(f, e->exec_paddr + 48, 44);
	assert_int_equal(fx_rd32(rec + 4), si.paddr);
	assert_int_equal(fx_rd32(rec + 8), e->exec_paddr + e->uniforms_offset);
	assert_int_equal(fx_rd32(rec + 16), si.paddr);
	assert_int_equal(fx_rd32(rec + 28), si.paddr);
	assert_int_equal(fx_rd32(rec + 36), vi.paddr);
	sim_kernel_retire(f->k, job->seqno);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_AT_SUBMIT);
	assert_null(f->k->binner);
}

static void gem_handles_not_emitted_and_ib_relocated(void **state)
{
	struct fx *f = *state;
	f->bin_len = 0;
	fx_bin_head(f, 1, 1);
	FX_BIN(f, GEM_HANDLES, .index_buffer_handle_index = FX_INDEX);
	FX_BIN(f, GL_SHADER_STATE, .number_of_attribute_arrays = 1);
	FX_BIN(f, INDEXED_PRIMITIVE_LIST, .primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES,
	       .index_type = 1, .length = 3, .address_of_indices_list = { .offset = 16 },
	       .maximum_index = 2);
	fx_bin_tail(f);
	struct sim_job *job = queued_job(f);
	assert_int_equal(job->validated.ct0ea - job->validated.ct0ca, f->bin_len - 9);
	const uint8_t *cl = gpu(f, job->validated.ct0ca, f->bin_len - 9);
	struct sim_kernel_bo_info ib;
	assert_true(sim_kernel_bo_info(f->k, f->bo[FX_INDEX]->handle, &ib));
	assert_int_equal(cl[22], 32);
	assert_int_equal(fx_rd32(cl + 22 + 6), ib.paddr + 16);
	sim_kernel_retire(f->k, job->seqno);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_AT_SUBMIT);
}

static void unknown_opcode(void **state)
{
	struct fx *f = *state;
	f->bin[16] = 2;
	fx_reject(f, "0x00000010: packet 2 invalid");
}

static void hardware_packet_not_allowed(void **state)
{
	struct fx *f = *state;
	f->bin_len = 16;
	FX_BIN(f, BRANCH, .branch_address = { .offset = 0 });
	fx_reject(f, "0x00000010: packet 16 (Branch): invalid in a bin CL");
}

static void packet_past_the_end(void **state)
{
	struct fx *f = *state;
	f->bin_len = 19; /* GL_SHADER_STATE cut short */
	fx_reject(f, "0x00000011: packet 64 (GL Shader State): length 0x00000005 exceeds "
		  "bounds (0x00000002)");
}

static void flush_not_last(void **state)
{
	struct fx *f = *state;
	f->bin[16] = 4;
	fx_reject(f, "0x00000010: packet 4 (Flush): Bin CL must end with VC4_PACKET_FLUSH "
		  "(found at 0x00000010, the last byte is 0x00000021)");
}

static void increment_semaphore_not_before_flush(void **state)
{
	struct fx *f = *state;
	f->bin[16] = 7;
	fx_reject(f, "0x00000010: packet 7 (Increment Semaphore): Bin CL must end with "
		  "VC4_PACKET_INCREMENT_SEMAPHORE (found at 0x00000010, expected at size - 2)");
}

static void duplicate_start_tile_binning(void **state)
{
	struct fx *f = *state;
	f->bin_len = 0;
	fx_bin_head(f, 1, 1);
	FX_BIN0(f, START_TILE_BINNING);
	fx_bin_tail(f);
	fx_reject(f, "0x00000011: packet 6 (Start Tile Binning): Duplicate "
		  "VC4_PACKET_START_TILE_BINNING");
}

static void start_before_config(void **state)
{
	struct fx *f = *state;
	f->bin_len = 0;
	FX_BIN0(f, START_TILE_BINNING);
	fx_bin_tail(f);
	fx_reject(f, "0x00000000: packet 6 (Start Tile Binning): missing "
		  "VC4_PACKET_TILE_BINNING_MODE_CONFIG");
}

static void duplicate_binning_config(void **state)
{
	struct fx *f = *state;
	f->bin_len = 0;
	FX_BIN(f, TILE_BINNING_MODE_CONFIGURATION, .width_in_tiles = 1, .height_in_tiles = 1);
	fx_bin_head(f, 1, 1);
	fx_bin_tail(f);
	fx_reject(f, "0x00000010: packet 112 (Tile Binning Mode Configuration): Duplicate "
		  "VC4_PACKET_TILE_BINNING_MODE_CONFIG");
}

static void binning_config_too_small(void **state)
{
	struct fx *f = *state;
	f->bin[14] = 0;
	fx_reject(f, "0x00000000: packet 112 (Tile Binning Mode Configuration): Tile binning "
		  "config of 1x0 too small");
}

static void binning_config_flags(void **state)
{
	struct fx *f = *state;
	f->bin[15] = 0x82;
	fx_reject(f, "0x00000000: packet 112 (Tile Binning Mode Configuration): unsupported "
		  "binning config flags 0x82");
}

static void binning_config_exceeds_slot(void **state)
{
	struct fx *f = *state;
	f->bin[13] = 100;
	f->bin[14] = 100;
	fx_reject(f, "0x00000000: packet 112 (Tile Binning Mode Configuration): 100x100 tiles "
		  "need 483328 bytes of tile state and 320000 of initial tile lists, more "
		  "than the 524288-byte bin slot");
}

static void missing_start_tile_binning(void **state)
{
	struct fx *f = *state;
	f->bin_len = 0;
	FX_BIN(f, TILE_BINNING_MODE_CONFIGURATION, .width_in_tiles = 1, .height_in_tiles = 1);
	fx_bin_tail(f);
	fx_reject(f, "Bin CL missing VC4_PACKET_START_TILE_BINNING");
}

static void missing_semaphore_and_flush(void **state)
{
	struct fx *f = *state;
	f->bin_len = 0;
	fx_bin_head(f, 1, 1);
	FX_BIN0(f, HALT);
	FX_BIN0(f, INCREMENT_SEMAPHORE);
	FX_BIN0(f, FLUSH);
	fx_reject(f, "Bin CL missing VC4_PACKET_INCREMENT_SEMAPHORE + VC4_PACKET_FLUSH");
}

static void more_shader_states_than_declared(void **state)
{
	struct fx *f = *state;
	f->args.shader_rec_count = 0;
	fx_reject(f, "0x00000011: packet 64 (GL Shader State): More requests for shader "
		  "states than declared (0 declared)");
}

static void shader_state_high_bits(void **state)
{
	struct fx *f = *state;
	f->bin[18] |= 0x10;
	fx_reject(f, "0x00000011: packet 64 (GL Shader State): high bits set in GL shader rec "
		  "reference (0x00000010)");
}

static void primitive_before_shader_state(void **state)
{
	struct fx *f = *state;
	f->bin_len = 0;
	fx_bin_head(f, 1, 1);
	FX_BIN(f, VERTEX_ARRAY_PRIMITIVES, .length = 3);
	fx_bin_tail(f);
	fx_reject(f, "0x00000011: packet 33 (Vertex Array Primitives): shader state must "
		  "precede primitives");
}

static void array_primitive_overflow(void **state)
{
	struct fx *f = *state;
	f->bin_len = 22;
	FX_BIN(f, VERTEX_ARRAY_PRIMITIVES, .length = 3, .index_of_first_vertex = 0xfffffffe);
	fx_bin_tail(f);
	fx_reject(f, "0x00000016: packet 33 (Vertex Array Primitives): primitive vertex count "
		  "overflow (3 + 4294967294)");
}

/* A bin CL whose GEM_HANDLES names `ib` and draws `count` 16-bit indices. */
static void indexed(struct fx *f, uint32_t ib, uint32_t offset, uint32_t count)
{
	f->bin_len = 0;
	fx_bin_head(f, 1, 1);
	FX_BIN(f, GEM_HANDLES, .index_buffer_handle_index = ib);
	FX_BIN(f, GL_SHADER_STATE, .number_of_attribute_arrays = 1);
	FX_BIN(f, INDEXED_PRIMITIVE_LIST, .index_type = 1, .length = count,
	       .address_of_indices_list = { .offset = offset }, .maximum_index = 2);
	fx_bin_tail(f);
}

static void index_buffer_overflow(void **state)
{
	struct fx *f = *state;
	indexed(f, FX_INDEX, 16, 2041);
	fx_reject(f, "0x0000001f: packet 32 (Indexed Primitive List): IB access overflow "
		  "(16 + 2041*2 > 4096)");
}

static void index_buffer_index_too_big(void **state)
{
	struct fx *f = *state;
	indexed(f, FX_BO_COUNT, 0, 3);
	fx_reject(f, "0x0000001f: packet 32 (Indexed Primitive List): index buffer: BO index 10 "
		  "greater than BO count 10");
}

static void index_buffer_is_shader(void **state)
{
	struct fx *f = *state;
	indexed(f, FX_SHADER, 0, 3);
	fx_reject(f, "0x0000001f: packet 32 (Indexed Primitive List): index buffer: Trying to "
		  "use shader BO as something other than a shader (BO index 0)");
}

static void binner_memory_needs_room(void **state)
{
	(void)state;
	struct vc4_dev_options opts = { .backend = VC4_BACKEND_SIM,
					.sim_memory_size = 4u << 20 };
	struct vc4_dev *dev = vc4_dev_open(&opts, NULL);
	assert_non_null(dev);
	uint8_t bin[32];
	uint32_t len = 0;
	FX_PUT(bin, len, TILE_BINNING_MODE_CONFIGURATION, .width_in_tiles = 1,
	       .height_in_tiles = 1);
	struct vc4_bo *bo = vc4_bo_alloc(dev, 4096, "c", NULL);
	uint32_t h = bo->handle;
	struct drm_vc4_submit_cl a = {
		.bin_cl = (uintptr_t)bin, .bin_cl_size = len, .bo_handles = (uintptr_t)&h,
		.bo_handle_count = 1, .color_read.hindex = ~0u, .zs_read.hindex = ~0u,
		.zs_write.hindex = ~0u, .msaa_color_write.hindex = ~0u,
		.msaa_zs_write.hindex = ~0u,
	};
	assert_int_equal(vc4_dev_ioctl(dev, DRM_IOCTL_VC4_SUBMIT_CL, &a), -EINVAL);
	/* In use: the colour BO and this job's exec BO. */
	assert_string_equal(sim_kernel_last_error(vc4_dev_sim(dev)),
			    "0x00000000: packet 112 (Tile Binning Mode Configuration): Failed to "
			    "allocate binner memory: no room for the 16777216-byte binner BO "
			    "(8192 of 4194304 arena bytes in use)");
	vc4_bo_unref(bo);
	vc4_dev_close(dev);
}

/* 32 queued jobs hold every slot: with the GPU stopped (manual exec) the
 * 33rd cannot wait for one; once they have run, slots are free again. */
static void binner_slots_exhausted(void **state)
{
	struct fx *f = *state;
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_MANUAL);
	for (int i = 0; i < 32; i++)
		assert_int_equal(fx_submit(f), 0);
	assert_int_equal(f->k->binner->used, 0xffffffffu);
	fx_reject(f, "0x00000000: packet 112 (Tile Binning Mode Configuration): Failed to "
		  "allocate binner memory: all 32 bin slots are held by queued jobs");
	sim_kernel_retire(f->k, f->args.seqno);
	assert_null(f->k->binner);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_ON_WAIT);
	for (int i = 0; i < 33; i++) /* the 33rd runs the queue to get a slot */
		assert_int_equal(fx_submit(f), 0);
	assert_int_equal(f->k->binner->used, 1);
	sim_kernel_retire(f->k, f->args.seqno);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_AT_SUBMIT);
}

/* A job binning `points` points of 2048 pixels (the largest point; the
 * do-nothing shader leaves every vertex at 0, 0 and the viewport offset
 * moves it to 1024, 1024) into 64x64 tiles of 64x64 pixels, in draws of at
 * most 256 (the 4096-byte vertex BO): each point writes a 13-byte record
 * into the lists of the 33x33 tiles it touches, nine to a 128-byte block
 * (the 32-byte initial block holds the state and the list format), so 108
 * points take 12 blocks a tile, 13068 blocks (1.6 MiB), while the 512 KiB
 * slot keeps 1536 blocks after the tile state and the initial blocks of
 * the 4096 tiles: the binner soon needs overflow memory (4096 blocks a
 * slot). The RCL renders the one tile of the 64x64 colour buffer, which
 * every point covers. */
static void overflowing_job(struct fx *f, uint32_t points)
{
	fx_default(f);
	f->bin_len = 0;
	fx_bin_head(f, 64, 64);
	FX_BIN(f, POINT_SIZE, .point_size = 2048.0f);
	FX_BIN(f, VIEWPORT_OFFSET, .viewport_centre_x_coordinate = 1024.0f,
	       .viewport_centre_y_coordinate = 1024.0f);
	FX_BIN(f, GL_SHADER_STATE, .number_of_attribute_arrays = 1);
	for (uint32_t i = 0; i < points; i += 256)
		FX_BIN(f, VERTEX_ARRAY_PRIMITIVES, .primitive_mode = VC4_PRIMITIVE_MODE_POINTS,
		       .length = points - i < 256 ? points - i : 256, .index_of_first_vertex = 0);
	fx_bin_tail(f);
}

/* OUTOMEM takes free slots as overflow memory: each new one hands the
 * previous one to the running job, freed when that job completes; the
 * current one stays (with the binner BO) for later jobs. */
static void binner_overflow_slots(void **state)
{
	(void)state;
	struct fx *f = fx_create();
	assert_non_null(f);
	uint32_t base = sim_kernel_bytes_used(f->k);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_MANUAL);
	overflowing_job(f, 108);
	assert_int_equal(fx_submit(f), 0);  /* job 1: slot 0 */
	overflowing_job(f, 108);
	assert_int_equal(fx_submit(f), 0);  /* job 2: slot 1 */
	assert_int_equal(f->k->binner->used, 0x3);
	uint32_t queued = sim_kernel_bytes_used(f->k);

	sim_kernel_retire(f->k, 1);
	assert_string_equal(sim_kernel_last_hang(f->k), "");
	const struct sim_pipe_stats *st = sim_kernel_last_stats(f->k);
	assert_int_equal(st->bin_outomem, 3);     /* slots 2, 3, 4 */
	assert_int_equal(st->bin_overflow_blocks, 12 * 33 * 33 - 1536);
	assert_int_equal(st->primitives_binned, 108);
	assert_int_equal(st->tile_primitives, 108); /* the list read to its end */
	assert_int_equal(st->fragments_shaded, 108 * 64 * 64);
	/* Job 1 freed its slot and the overflow slots 2 and 3 handed to it;
	 * slot 4 is the overflow memory now; job 2 still holds slot 1. */
	assert_int_equal(f->k->binner->used, 0x12);
	assert_int_equal(f->k->binner->overflow, 0x10);

	sim_kernel_retire(f->k, 2);
	assert_string_equal(sim_kernel_last_hang(f->k), "");
	assert_int_equal(st->bin_outomem, 3);     /* slots 0, 2, 3 after what is left in 4 */
	assert_int_equal(st->tile_primitives, 108);
	assert_int_equal(f->k->binner->used, 0x8);
	assert_int_equal(f->k->binner->overflow, 0x8);
	/* Both jobs' exec and RCL BOs are gone; the binner BO stays for the
	 * overflow slot. */
	assert_true(queued > base);
	assert_int_equal(sim_kernel_bytes_used(f->k), base + SIM_BIN_BO_SIZE);
	fx_destroy(f);
}

/* When every slot is taken, OUTOMEM cannot be served: the job hangs with
 * the reason, and completing frees all but the current overflow slot. */
static void binner_overflow_no_free_slot(void **state)
{
	(void)state;
	struct fx *f = fx_create();
	assert_non_null(f);
	uint32_t base = sim_kernel_bytes_used(f->k);
	overflowing_job(f, 64 * 18);
	assert_int_equal(fx_submit(f), 0);
	assert_string_equal(sim_kernel_last_hang(f->k),
			    "job 1 hung: bin: 0x01046048: packet 33 (Vertex Array Primitives): "
			    "binner out of memory: "
			    "no free binner slot for overflow");
	assert_int_equal(sim_kernel_hung_jobs(f->k), 1);
	assert_int_equal(sim_kernel_last_stats(f->k)->bin_outomem, 31);
	assert_int_equal(f->k->binner->used, 0x80000000u);
	assert_int_equal(sim_kernel_bytes_used(f->k), base + SIM_BIN_BO_SIZE);
	fx_destroy(f);
}

#define T(fn) cmocka_unit_test_setup(fn, fx_reset)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(valid_job_is_accepted),
		T(relocated_bin_cl_bytes),
		T(gem_handles_not_emitted_and_ib_relocated),
		T(unknown_opcode),
		T(hardware_packet_not_allowed),
		T(packet_past_the_end),
		T(flush_not_last),
		T(increment_semaphore_not_before_flush),
		T(duplicate_start_tile_binning),
		T(start_before_config),
		T(duplicate_binning_config),
		T(binning_config_too_small),
		T(binning_config_flags),
		T(binning_config_exceeds_slot),
		T(missing_start_tile_binning),
		T(missing_semaphore_and_flush),
		T(more_shader_states_than_declared),
		T(shader_state_high_bits),
		T(primitive_before_shader_state),
		T(array_primitive_overflow),
		T(index_buffer_overflow),
		T(index_buffer_index_too_big),
		T(index_buffer_is_shader),
		T(binner_memory_needs_room),
		T(binner_slots_exhausted),
		T(binner_overflow_slots),
		T(binner_overflow_no_free_slot),
	};
	return cmocka_run_group_tests_name("simkernel_bcl", tests, fx_setup, fx_teardown);
}
