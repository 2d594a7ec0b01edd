/* cl_example.c: one realistic draw's CLs and one small frame's rendering CL (see cl_example.h). */
#include "cl_example.h"

#define EX_WIDTH 640
#define EX_HEIGHT 480
#define EX_TILE 64

/* Binning setup: what the first draw of a job emits. The kernel fills in the
 * tile memory addresses and sizes, so they stay 0 here. */
static void ex_bin_prologue(struct vc4_cl *bcl)
{
	cl_emit(bcl, TILE_BINNING_MODE_CONFIGURATION, p) {
		p.width_in_tiles = (EX_WIDTH + EX_TILE - 1) / EX_TILE;
		p.height_in_tiles = (EX_HEIGHT + EX_TILE - 1) / EX_TILE;
		p.auto_initialise_tile_state_data_array = true;
	}
	cl_emit(bcl, START_TILE_BINNING, p);
	cl_emit(bcl, PRIMITIVE_LIST_FORMAT, p) {
		p.primitive_type = VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_TRIANGLES_LIST;
		p.data_type = VC4_PRIMITIVE_LIST_FORMAT_DATA_TYPE_16_BIT_INDEX;
	}
}

/* Rasteriser and viewport state for a full-window 640x480 viewport, depth
 * range [0, 1], depth test LEQUAL. */
static void ex_state(struct vc4_cl *bcl)
{
	cl_emit(bcl, CLIP_WINDOW, p) {
		p.clip_window_width_in_pixels = EX_WIDTH;
		p.clip_window_height_in_pixels = EX_HEIGHT;
	}
	cl_emit(bcl, CONFIGURATION_BITS, p) {
		p.enable_forward_facing_primitive = true;
		p.enable_reverse_facing_primitive = true;
		p.depth_test_function = VC4_COMPARE_FUNCTION_LESS_OR_EQUAL;
		p.z_updates_enable = true;
		p.early_z_enable = true;
		p.early_z_updates_enable = true;
	}
	cl_emit(bcl, DEPTH_OFFSET, p);
	cl_emit(bcl, POINT_SIZE, p) { p.point_size = 1.0f; }
	cl_emit(bcl, LINE_WIDTH, p) { p.line_width = 1.0f; }
	cl_emit(bcl, CLIPPER_XY_SCALING, p) {
		p.viewport_half_width_in_1_16th_of_pixel = EX_WIDTH / 2 * 16.0f;
		p.viewport_half_height_in_1_16th_of_pixel = -(EX_HEIGHT / 2 * 16.0f);
	}
	cl_emit(bcl, CLIPPER_Z_SCALE_AND_OFFSET, p) {
		p.viewport_z_scale_zc_to_zs = 0.5f;
		p.viewport_z_offset_zc_to_zs = 0.5f;
	}
	cl_emit(bcl, VIEWPORT_OFFSET, p) {
		p.viewport_centre_x_coordinate = EX_WIDTH / 2;
		p.viewport_centre_y_coordinate = EX_HEIGHT / 2;
	}
	cl_emit(bcl, FLAT_SHADE_FLAGS, p);
}

/* One attribute record: `bytes` bytes at `offset` in the VBO, stride 20. */
static void ex_attribute(struct cl_job *job, struct vc4_bo *vbo, uint32_t offset,
			 uint32_t bytes, uint32_t vs_vpm, uint32_t cs_vpm)
{
	cl_emit_record(&job->shader_rec, ATTRIBUTE_RECORD, a) {
		a.vertex_base_memory_address = (struct vc4_address){ vbo, offset };
		a.number_of_bytes_minus_1 = bytes - 1;
		a.memory_stride = 20;
		a.vertex_shader_vpm_offset = vs_vpm;
		a.coordinate_shader_vpm_offset = cs_vpm;
	}
}

/* The shader record: slots FS, VS, CS, VBO, VBO; position (vec3) read by both
 * the VS and the CS, texture coordinate (vec2) by the VS only. */
static void ex_shader_record(struct cl_job *job, const struct cl_example_bos *bos)
{
	cl_job_begin_shader_record(job, 2);
	cl_emit_record(&job->shader_rec, GL_SHADER_STATE_RECORD, r) {
		r.fragment_shader_is_single_threaded = true;
		r.enable_clipping = true;
		r.fragment_shader_number_of_varyings = 2;
		r.fragment_shader_code_address = (struct vc4_address){ bos->fs, 0 };
		r.vertex_shader_attribute_array_select_bits = 0x3;
		r.vertex_shader_total_attributes_size = 20;
		r.vertex_shader_code_address = (struct vc4_address){ bos->vs, 0 };
		r.coordinate_shader_attribute_array_select_bits = 0x1;
		r.coordinate_shader_total_attributes_size = 12;
		r.coordinate_shader_code_address = (struct vc4_address){ bos->cs, 0 };
	}
	ex_attribute(job, bos->vbo, 0, 12, 0, 0);
	ex_attribute(job, bos->vbo, 12, 8, 12, 0);
	cl_end_relocs(&job->shader_rec);
}

/* Uniform streams in FS, VS, CS order. The FS samples one 64x64 RGBA8888
 * texture (P0 carries the relocation, P1 the size and filters) and reads one
 * constant; VS and CS read the viewport scale in 1/16 pixel and the depth
 * scale and offset. */
static void ex_uniforms(struct cl_job *job, const struct cl_example_bos *bos)
{
	struct vc4_cl *u = &job->uniforms;
	cl_job_begin_uniforms(job, 1);
	cl_emit_record(u, TEXTURE_CONFIG_PARAMETER_0, p0) {
		p0.texture_base_pointer = (struct vc4_address){ bos->tex, 0 };
		p0.texture_data_type = VC4_TEXTURE_CONFIG_PARAMETER_0_TEXTURE_DATA_TYPE_RGBA8888;
	}
	cl_emit_record(u, TEXTURE_CONFIG_PARAMETER_1, p1) {
		p1.s_wrap_mode = VC4_TEXTURE_WRAP_MODE_CLAMP;
		p1.t_wrap_mode = VC4_TEXTURE_WRAP_MODE_CLAMP;
		p1.minification_filter = VC4_TEXTURE_CONFIG_PARAMETER_1_MINIFICATION_FILTER_NEAREST;
		p1.magnification_filter = VC4_TEXTURE_CONFIG_PARAMETER_1_MAGNIFICATION_FILTER_NEAREST;
		p1.image_width = 64;
		p1.image_height = 64;
	}
	cl_f(u, 1.0f);
	cl_end_relocs(u);
	for (int shader = 0; shader < 2; shader++) {
		cl_job_begin_uniforms(job, 0);
		cl_f(u, EX_WIDTH / 2 * 16.0f);
		cl_f(u, -(EX_HEIGHT / 2 * 16.0f));
		cl_f(u, 0.5f);
		cl_f(u, 0.5f);
		cl_end_relocs(u);
	}
}

/* Two triangles from the index buffer, then one more from the vertex array. */
static void ex_primitives(struct cl_job *job, const struct cl_example_bos *bos)
{
	cl_job_set_index_bo(job, bos->ib);
	cl_emit(&job->bcl, INDEXED_PRIMITIVE_LIST, p) {
		p.primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES;
		p.index_type = VC4_INDEXED_PRIMITIVE_LIST_INDEX_TYPE_16_BIT;
		p.length = 6;
		p.address_of_indices_list = (struct vc4_address){ bos->ib, 0 };
		p.maximum_index = 3;
	}
	cl_job_set_index_bo(job, bos->ib); /* same BO: no second GEM Handles */
	cl_emit(&job->bcl, VERTEX_ARRAY_PRIMITIVES, p) {
		p.primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES;
		p.length = 3;
		p.index_of_first_vertex = 4;
	}
}

bool cl_example_bin(struct cl_job *job, const struct cl_example_bos *bos)
{
	struct vc4_cl *bcl = &job->bcl;
	ex_bin_prologue(bcl);
	ex_state(bcl);
	ex_shader_record(job, bos);
	ex_uniforms(job, bos);
	cl_emit(bcl, GL_SHADER_STATE, p) { p.number_of_attribute_arrays = 2; }
	ex_primitives(job, bos);
	cl_emit(bcl, INCREMENT_SEMAPHORE, p);
	cl_emit(bcl, FLUSH, p);
	return !cl_job_failed(job);
}

/* Per-tile commands of the example frame: load the previous depth/stencil,
 * set the tile, run its bin list, store the resolved colour. */
static void ex_render_tile(struct vc4_cl *rcl, uint32_t x, bool first, bool last)
{
	cl_emit(rcl, LOAD_TILE_BUFFER_GENERAL, p) {
		p.buffer_to_load = VC4_TILE_BUFFER_Z_STENCIL;
		p.format = VC4_TILING_FORMAT_T;
		p.memory_base_address = (struct vc4_address){ NULL, 0x00200000 };
	}
	cl_emit(rcl, TILE_COORDINATES, p) { p.tile_column_number = x; }
	if (first)
		cl_emit(rcl, WAIT_ON_SEMAPHORE, p);
	cl_emit(rcl, BRANCH_TO_SUB_LIST, p) {
		p.branch_address = (struct vc4_address){ NULL, 0x00300000 + 32 * x };
	}
	if (last)
		cl_emit(rcl, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF, p);
	else
		cl_emit(rcl, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER, p);
}

bool cl_example_render(struct vc4_cl *rcl)
{
	cl_emit(rcl, TILE_RENDERING_MODE_CONFIGURATION, p) {
		p.memory_address = (struct vc4_address){ NULL, 0x00100000 };
		p.width_in_pixels = 128;
		p.height_in_pixels = 64;
		p.non_hdr_frame_buffer_color_format =
			VC4_TILE_RENDERING_MODE_CONFIGURATION_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_RGBA8888;
		p.memory_format = VC4_TILING_FORMAT_T;
	}
	cl_emit(rcl, CLEAR_COLORS, p) {
		p.clear_color = UINT64_C(0xff336699ff336699);
		p.clear_zs = 0xffffff;
	}
	/* A store resets the tile buffer to the clear values: a dummy store of
	 * nothing makes the first tile start cleared. */
	cl_emit(rcl, TILE_COORDINATES, p);
	cl_emit(rcl, STORE_TILE_BUFFER_GENERAL, p) { p.buffer_to_store = VC4_TILE_BUFFER_NONE; }
	ex_render_tile(rcl, 0, true, false);
	ex_render_tile(rcl, 1, false, true);
	return !cl_failed(rcl);
}
