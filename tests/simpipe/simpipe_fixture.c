/*
 * simpipe_fixture.c: the job builder of simpipe_fixture.h.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "qpu/qpu_asm.h"
#include "simpipe_fixture.h"

/* CS: reads x, y, z; writes Xc Yc Zc Wc = 0 0 0 1, Xs|Ys (12.4), Zs, 1/Wc. */
static const char cs_text[] =
	"ldi vr_setup, 0x00301a00\n"   /* 3 rows, 32-bit horizontal, stride 1 */
	"ldi vw_setup, 0x00001a00\n"
	"mov r0, vpm\n"
	"mov r1, vpm\n"
	"mov r2, vpm\n"
	"ldi r3, 16.0\n"
	"fmul r0, r0, r3\n"
	"fmul r1, r1, r3\n"
	"ftoi ra0.16a, r0\n"
	"ftoi ra0.16b, r1\n"
	"mov vpm, 0\n"
	"mov vpm, 0\n"
	"mov vpm, 0\n"
	"ldi vpm, 1.0\n"
	"mov vpm, ra0\n"
	"mov vpm, r2\n"
	"ldi vpm, 1.0\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop\n";

/* The start both VSs share: reads x, y, z, r, g, b (ra1..ra3 = r, g, b)
 * and writes Xs|Ys (12.4) and Zs. */
#define VS_READ_SIX_WRITE_XY_Z \
	"ldi vr_setup, 0x00601a00\n" \
	"ldi vw_setup, 0x00001a00\n" \
	"mov r0, vpm\n" \
	"mov r1, vpm\n" \
	"mov r2, vpm\n" \
	"mov ra1, vpm\n" \
	"mov ra2, vpm\n" \
	"mov ra3, vpm\n" \
	"ldi r3, 16.0\n" \
	"fmul r0, r0, r3\n" \
	"fmul r1, r1, r3\n" \
	"ftoi ra0.16a, r0\n" \
	"ftoi ra0.16b, r1\n" \
	"mov vpm, ra0\n" \
	"mov vpm, r2\n"

/* VS: reads x, y, z, r, g, b; writes Xs|Ys, Zs, 1/Wc, r, g, b. */
static const char vs_text[] =
	VS_READ_SIX_WRITE_XY_Z
	"ldi vpm, 1.0\n"
	"mov vpm, ra1\n"
	"mov vpm, ra2\n"
	"mov vpm, ra3\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop\n";

const char fx_vs_persp[] =
	VS_READ_SIX_WRITE_XY_Z
	"mov vpm, ra3\n"
	"mov vpm, ra1\n"
	"mov vpm, ra2\n"
	"mov vpm, ra3\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop\n";

const char fx_fs_discard_even[] =
	"mov r0, unif\n"
	"nop\n"
	"and.sf nop, elem_num, 1\n"
	"nop ; nop ; sbwait\n"
	"mov.zc tlb_z, rb15\n"
	"mov.zc tlb_color_all, r0\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop ; nop ; sbdone\n";

const char fx_fs_uniform_color[] =
	"mov r0, unif\n"
	"nop\n"
	"nop ; nop ; sbwait\n"
	"mov tlb_color_all, r0\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop ; nop ; sbdone\n";

#define FS_VARY_COLOR \
	"fmul r0, ra15, vary\n" \
	"fadd r0, r0, r5\n" \
	"fmul r1, ra15, vary\n" \
	"fadd r1, r1, r5\n" \
	"fmul r2, ra15, vary\n" \
	"fadd r2, r2, r5\n" \
	"ldi r3, 0xff000000\n" \
	"fmul r3.8ac, r0, 1.0\n" \
	"fmul r3.8bc, r1, 1.0\n" \
	"fmul r3.8cc, r2, 1.0\n" \
	"nop ; nop ; sbwait\n" \
	"mov tlb_z, rb15\n" \
	"mov tlb_color_all, r3\n" \
	"nop ; nop ; thrend\n" \
	"nop\n" \
	"nop ; nop ; sbdone\n"

const char fx_fs_vary_color[] = FS_VARY_COLOR;
const char fx_fs_point_color[] = "fmul r0, ra15, vary\n" "fmul r0, ra15, vary\n" FS_VARY_COLOR;
const char fx_fs_line_color[] = "fmul r0, ra15, vary\n" FS_VARY_COLOR;

const char fx_fs_texture[] =
	"fmul r0, ra15, vary\n"
	"fadd r0, r0, r5\n"
	"fmul r1, ra15, vary\n"
	"fadd r1, r1, r5\n"
	"fmul r2, ra15, vary\n"
	"mov tmu0_t, r1\n"
	"mov tmu0_s, r0\n"
	"nop ; nop ; ldtmu0\n"
	"nop ; nop ; sbwait\n"
	"mov tlb_color_all, r4\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop ; nop ; sbdone\n";

void fx_init(struct fx_job *j, uint32_t width, uint32_t height)
{
	memset(j, 0, sizeof(*j));
	j->mem.bytes = calloc(1, FX_SIZE);
	assert_non_null(j->mem.bytes);
	j->mem.base = FX_BASE;
	j->mem.size = FX_SIZE;
	j->width = width;
	j->height = height;
	j->tiles_x = (width + 63) / 64;
	j->tiles_y = (height + 63) / 64;
	j->clear_color = 0xff204060;
	j->clear_z = 0xffffff;
	j->depth_func = VC4_COMPARE_FUNCTION_ALWAYS;
	j->fs = fx_fs_vary_color;
	j->mode = VC4_PRIMITIVE_MODE_TRIANGLES;
}

void fx_msaa(struct fx_job *j)
{
	j->msaa = true;
	j->oversample = 1;
	j->tiles_x = (j->width + 31) / 32;
	j->tiles_y = (j->height + 31) / 32;
}

void fx_fini(struct fx_job *j)
{
	free(j->mem.bytes);
}

uint8_t *fx_ptr(struct fx_job *j, uint32_t addr)
{
	uint8_t *p = sim_memory_ptr(&j->mem, addr, 1);
	assert_non_null(p);   /* a failure leaves the test (cmocka jumps out) */
	if (!p)
		abort();      /* not reached; tells GCC so where fx_ptr inlines */
	return p;
}

void fx_put_code(struct fx_job *j, uint32_t addr, const char *text)
{
	uint64_t *words;
	size_t count;
	struct vc4_diag d;
	vc4_diag_clear(&d);
	if (!qpu_assemble(text, "fixture.s", &words, &count, &d))
		fail_msg("%s", d.msg);
	memcpy(fx_ptr(j, addr), words, count * 8);
	free(words);
}


static void put_record(struct fx_job *j)
{
	struct VC4_GL_SHADER_STATE_RECORD r = {
		.fragment_shader_is_single_threaded = true,
		.enable_clipping = j->clipping,
		.fragment_shader_number_of_varyings = 3,
		.fragment_shader_code_address = ADDR(FX_FS),
		.fragment_shader_uniforms_address = ADDR(FX_UNIF),
		.vertex_shader_attribute_array_select_bits = 1,
		.vertex_shader_total_attributes_size = 4 * j->vert_words,
		.vertex_shader_code_address = ADDR(FX_VS),
		.vertex_shader_uniforms_address = ADDR(FX_UNIF + 0x100),
		.coordinate_shader_attribute_array_select_bits = 1,
		.coordinate_shader_total_attributes_size = 4 * j->vert_words,
		.coordinate_shader_code_address = ADDR(FX_CS),
		.coordinate_shader_uniforms_address = ADDR(FX_UNIF + 0x200),
	};
	assert_int_equal(VC4_GL_SHADER_STATE_RECORD_pack(NULL, fx_ptr(j, FX_REC), &r), 0);
	struct VC4_ATTRIBUTE_RECORD a = {
		.vertex_base_memory_address = ADDR(FX_VERTS),
		.number_of_bytes_minus_1 = 4 * j->vert_words - 1,
		.memory_stride = 4 * j->vert_words,
	};
	assert_int_equal(VC4_ATTRIBUTE_RECORD_pack(NULL, fx_ptr(j, FX_REC + 36), &a), 0);
}

/* A Depth Offset field: "float 1-8-7", the top 16 bits of the float. */
static uint32_t fx_float187(float f)
{
	uint32_t bits;
	memcpy(&bits, &f, 4);
	return bits >> 16;
}

static void put_bcl(struct fx_job *j, uint32_t n)
{
	uint32_t at = FX_BCL;
	EMIT(j, &at, TILE_BINNING_MODE_CONFIGURATION,
	     .tile_allocation_memory_address = ADDR(FX_ALLOC),
	     .tile_allocation_memory_size = FX_ALLOC_SIZE,
	     .tile_state_data_array_address = ADDR(FX_TSDA),
	     .width_in_tiles = j->tiles_x, .height_in_tiles = j->tiles_y,
	     .multisample_mode_4x = j->msaa, .auto_initialise_tile_state_data_array = true,
	     .tile_allocation_initial_block_size = VC4_TILE_ALLOCATION_BLOCK_SIZE_32_BYTES,
	     .tile_allocation_block_size = VC4_TILE_ALLOCATION_BLOCK_SIZE_128_BYTES);
	EMIT(j, &at, START_TILE_BINNING);
	EMIT(j, &at, CLIP_WINDOW, .clip_window_width_in_pixels = j->width,
	     .clip_window_height_in_pixels = j->height);
	EMIT(j, &at, CONFIGURATION_BITS, .enable_forward_facing_primitive = true,
	     .enable_reverse_facing_primitive = true, .clockwise_primitives = j->clockwise,
	     .depth_test_function = j->depth_func, .z_updates_enable = j->z_updates,
	     .enable_depth_offset = j->offset_factor != 0 || j->offset_units != 0,
	     .rasteriser_oversample_mode = j->oversample,
	     .early_z_enable = j->early_z, .early_z_updates_enable = j->early_z);
	if (j->offset_factor != 0 || j->offset_units != 0)
		EMIT(j, &at, DEPTH_OFFSET, .depth_offset_factor = fx_float187(j->offset_factor),
		     .depth_offset_units = fx_float187(j->offset_units));
	EMIT(j, &at, VIEWPORT_OFFSET, .viewport_centre_x_coordinate = j->vp_x,
	     .viewport_centre_y_coordinate = j->vp_y);
	if (j->flat_flags != 0)
		EMIT(j, &at, FLAT_SHADE_FLAGS, .flat_shading_flags = j->flat_flags);
	if (j->point_size != 0) {
		EMIT(j, &at, POINT_SIZE, .point_size = j->point_size);
		EMIT(j, &at, LINE_WIDTH, .line_width = j->line_width);
	}
	if (j->clipping) {
		EMIT(j, &at, CLIPPER_XY_SCALING,
		     .viewport_half_width_in_1_16th_of_pixel = j->xy_scale,
		     .viewport_half_height_in_1_16th_of_pixel = j->xy_scale);
		EMIT(j, &at, CLIPPER_Z_SCALE_AND_OFFSET, .viewport_z_scale_zc_to_zs = 0.5f,
		     .viewport_z_offset_zc_to_zs = 0.5f);
	}
	EMIT(j, &at, GL_SHADER_STATE, .number_of_attribute_arrays = 1,
	     .shader_record_address = ADDR(FX_REC));
	EMIT(j, &at, VERTEX_ARRAY_PRIMITIVES, .primitive_mode = j->mode,
	     .length = n, .index_of_first_vertex = 0);
	EMIT(j, &at, INCREMENT_SEMAPHORE);
	EMIT(j, &at, FLUSH);
	j->bcl_end = at;
}

/* A full-resolution dump of tile (x, y) of one buffer at base, keeping the
 * tile buffer for the stores that follow. */
static void put_full_res_store(struct fx_job *j, uint32_t *at, uint32_t base, bool color,
			       uint32_t x, uint32_t y)
{
	EMIT(j, at, STORE_FULL_RESOLUTION_TILE_BUFFER, .disable_color_buffer_write = !color,
	     .disable_z_stencil_buffer_write = color, .disable_clear_on_write = true,
	     .memory_base_address = ADDR(base + (y * j->tiles_x + x) * FX_FULL_RES));
	EMIT(j, at, TILE_COORDINATES, .tile_column_number = x, .tile_row_number = y);
}

/* The stores of one tile, as the kernel emits them: the full-resolution
 * dumps and the Z/S store (when asked for) keeping the colour buffer, then
 * the colour store. */
static void put_tile_stores(struct fx_job *j, uint32_t *at, uint32_t x, uint32_t y, bool last)
{
	if (j->ms_store)
		put_full_res_store(j, at, j->ms_store, true, x, y);
	if (j->ms_zs_store)
		put_full_res_store(j, at, j->ms_zs_store, false, x, y);
	if (j->zs_store) {
		EMIT(j, at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_Z_STENCIL,
		     .format = VC4_TILING_FORMAT_RASTER, .disable_color_buffer_clear_on_store = true,
		     .memory_base_address = ADDR(j->zs_store));
		EMIT(j, at, TILE_COORDINATES, .tile_column_number = x, .tile_row_number = y);
	}
	if (last)
		EMIT(j, at, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF);
	else
		EMIT(j, at, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER);
}

/* The RCL the kernel generates for a colour write with a clear (and the
 * Z/S load and store when asked for). */
static void put_rcl(struct fx_job *j, bool binned)
{
	uint32_t at = FX_RCL;
	EMIT(j, &at, CLEAR_COLORS, .clear_color = (uint64_t)j->clear_color << 32 | j->clear_color,
	     .clear_zs = j->clear_z, .clear_stencil = j->clear_s);
	EMIT(j, &at, TILE_COORDINATES);
	EMIT(j, &at, STORE_TILE_BUFFER_GENERAL);
	EMIT(j, &at, TILE_RENDERING_MODE_CONFIGURATION, .memory_address = ADDR(FX_FB),
	     .width_in_pixels = j->width, .height_in_pixels = j->height,
	     .multisample_mode_4x = j->msaa, .decimate_mode = j->msaa ? 1 : 0,
	     .non_hdr_frame_buffer_color_format =
		VC4_TILE_RENDERING_MODE_CONFIGURATION_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_RGBA8888);
	for (uint32_t y = 0; y < j->tiles_y; y++) {
		for (uint32_t x = 0; x < j->tiles_x; x++) {
			bool last = x == j->tiles_x - 1 && y == j->tiles_y - 1;
			if (j->ms_load)
				EMIT(j, &at, RE_LOAD_FULL_RESOLUTION_TILE_BUFFER,
				     .disable_z_stencil_buffer_read = true,
				     .memory_base_address =
					ADDR(j->ms_load + (y * j->tiles_x + x) * FX_FULL_RES));
			if (j->zs_load)
				EMIT(j, &at, LOAD_TILE_BUFFER_GENERAL,
				     .buffer_to_load = VC4_TILE_BUFFER_Z_STENCIL,
				     .format = VC4_TILING_FORMAT_RASTER,
				     .memory_base_address = ADDR(j->zs_load));
			EMIT(j, &at, TILE_COORDINATES, .tile_column_number = x,
			     .tile_row_number = y);
			if (binned && x == 0 && y == 0)
				EMIT(j, &at, WAIT_ON_SEMAPHORE);
			if (binned)
				EMIT(j, &at, BRANCH_TO_SUB_LIST,
				     .branch_address = ADDR(FX_ALLOC + (y * j->tiles_x + x) * 32));
			put_tile_stores(j, &at, x, y, last);
		}
	}
	j->rcl_end = at;
}

void fx_build(struct fx_job *j, const struct fx_vertex *v, uint32_t n)
{
	fx_build_raw(j, &v->x, 6, n);
}

void fx_build_raw(struct fx_job *j, const float *data, uint32_t words, uint32_t n)
{
	j->vert_words = words;
	fx_put_code(j, FX_CS, j->cs ? j->cs : cs_text);
	fx_put_code(j, FX_VS, j->vs ? j->vs : vs_text);
	fx_put_code(j, FX_FS, j->fs);
	memcpy(fx_ptr(j, FX_UNIF), j->fs_unif, sizeof(j->fs_unif));
	memcpy(fx_ptr(j, FX_VERTS), data, sizeof(float) * words * n);
	put_record(j);
	put_bcl(j, n);
	put_rcl(j, true);
}

void fx_build_clear_only(struct fx_job *j)
{
	j->bcl_end = FX_BCL;
	put_rcl(j, false);
}

bool fx_run(struct fx_job *j)
{
	struct sim_pipe *p = sim_pipe_create();
	assert_non_null(p);
	vc4_diag_clear(&j->diag);
	memset(&j->stats, 0, sizeof(j->stats));
	bool ok = sim_pipe_run_job(p, &j->mem, FX_BCL, j->bcl_end, FX_RCL, j->rcl_end, &j->stats,
				   &j->diag);
	sim_pipe_destroy(p);
	return ok;
}

uint32_t fx_pixel(struct fx_job *j, uint32_t x, uint32_t y)
{
	uint32_t v;
	memcpy(&v, fx_ptr(j, FX_FB + (y * j->width + x) * 4), 4);
	return v;
}

/* Byte offset of texel (x, y) in a 32-bit T-format image `width` texels
 * wide (a multiple of 32): 4 KiB tiles of 32x32 texels, rows of tiles
 * alternating direction; 1 KiB sub-tiles in the order (bottom-left,
 * top-left, top-right, bottom-right) on even tile rows and (top-right,
 * bottom-right, bottom-left, top-left) on odd ones, "bottom" being the lower
 * address; 4x4-texel micro-tiles in raster order inside. */
uint32_t fx_t_offset(uint32_t width, uint32_t x, uint32_t y)
{
	uint32_t tiles_per_row = width / 32, tx = x / 32, ty = y / 32;
	uint32_t col = ty % 2 ? tiles_per_row - 1 - tx : tx;
	uint32_t sx = x / 16 % 2, sy = y / 16 % 2, sub;
	if (ty % 2 == 0)
		sub = sy == 0 ? (sx == 0 ? 0 : 3) : (sx == 0 ? 1 : 2);
	else
		sub = sy == 0 ? (sx == 0 ? 2 : 1) : (sx == 0 ? 3 : 0);
	uint32_t utile = (y / 4 % 4) * 4 + x / 4 % 4;
	return (ty * tiles_per_row + col) * 4096 + sub * 1024 + utile * 64 +
	       (y % 4 * 4 + x % 4) * 4;
}

void fx_run_ok(struct fx_job *j)
{
	if (!fx_run(j))
		fail_msg("%s", j->diag.msg);
}
