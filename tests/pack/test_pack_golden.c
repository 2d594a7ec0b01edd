/*
 * test_pack_golden.c: one golden test per packet and per record of the
 * generated vc4_packets.h. The expected bytes were worked out by hand from
 * the Reference Guide layouts (docs/xml.md), not produced by the generator;
 * each case shows its arithmetic. Packet payload bit p lies in byte 1 + p/8.
 * Every case also checks that nothing is written past _length and that
 * unpacking the expected bytes and packing again gives the same bytes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "vc4_packets.h"

/* Packs v (NULL hooks) into a guarded buffer and compares with expect. */
#define CHECK_PACK(NAME, v, expect)                                                    \
	do {                                                                           \
		uint8_t buf_[VC4_##NAME##_length + 4];                                 \
		struct VC4_##NAME back_;                                               \
		memset(buf_, 0xa5, sizeof(buf_));                                      \
		assert_int_equal(sizeof(expect), VC4_##NAME##_length);                 \
		assert_int_equal(VC4_##NAME##_pack(NULL, buf_, &(v)), 0);              \
		assert_memory_equal(buf_, expect, sizeof(expect));                     \
		for (size_t i_ = VC4_##NAME##_length; i_ < sizeof(buf_); i_++)         \
			assert_int_equal(buf_[i_], 0xa5);                              \
		VC4_##NAME##_unpack(expect, &back_);                                   \
		assert_int_equal(VC4_##NAME##_pack(NULL, buf_, &back_), 0);            \
		assert_memory_equal(buf_, expect, sizeof(expect));                     \
	} while (0)

/* A packet without fields: its one byte is the opcode. */
#define GOLDEN_EMPTY(NAME, byte)                                                       \
	static void golden_##NAME(void **state)                                        \
	{                                                                              \
		(void)state;                                                           \
		struct VC4_##NAME v = { VC4_##NAME##_header };                         \
		static const uint8_t expect[] = { byte };                              \
		CHECK_PACK(NAME, v, expect);                                           \
	}

GOLDEN_EMPTY(HALT, 0x00)
GOLDEN_EMPTY(NOP, 0x01)
GOLDEN_EMPTY(FLUSH, 0x04)
GOLDEN_EMPTY(FLUSH_ALL_STATE, 0x05)
GOLDEN_EMPTY(START_TILE_BINNING, 0x06)
GOLDEN_EMPTY(INCREMENT_SEMAPHORE, 0x07)
GOLDEN_EMPTY(WAIT_ON_SEMAPHORE, 0x08)
GOLDEN_EMPTY(RETURN_FROM_SUB_LIST, 0x12)                                     /* 18 */
GOLDEN_EMPTY(STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER, 0x18)            /* 24 */
GOLDEN_EMPTY(STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF, 0x19)    /* 25 */
GOLDEN_EMPTY(COMPRESSED_PRIMITIVE_LIST, 0x30)                                /* 48 */
GOLDEN_EMPTY(CLIPPED_PRIMITIVE_WITH_COMPRESSED_PRIMITIVE_LIST, 0x31)         /* 49 */

static void golden_BRANCH(void **state)
{
	(void)state;
	struct VC4_BRANCH v = { VC4_BRANCH_header, .branch_address = { NULL, 0x12345678 } };
	/* 16 = 0x10; address u32 little-endian */
	static const uint8_t expect[] = { 0x10, 0x78, 0x56, 0x34, 0x12 };
	CHECK_PACK(BRANCH, v, expect);
}

static void golden_BRANCH_TO_SUB_LIST(void **state)
{
	(void)state;
	struct VC4_BRANCH_TO_SUB_LIST v = { VC4_BRANCH_TO_SUB_LIST_header,
					    .branch_address = { NULL, 0x00001020 } };
	static const uint8_t expect[] = { 0x11, 0x20, 0x10, 0x00, 0x00 };
	CHECK_PACK(BRANCH_TO_SUB_LIST, v, expect);
}

static void golden_STORE_FULL_RESOLUTION_TILE_BUFFER(void **state)
{
	(void)state;
	struct VC4_STORE_FULL_RESOLUTION_TILE_BUFFER v = {
		VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_header,
		.disable_color_buffer_write = true, /* bit 0 */
		.disable_clear_on_write = true,     /* bit 2 */
		.last_tile_of_frame = true,         /* bit 3 */
		.memory_base_address = { NULL, 0x0abcdef0 },
	};
	/* u32 = (0x0abcdef0 >> 4) << 4 | 0b1101 = 0x0abcdefd */
	static const uint8_t expect[] = { 0x1a, 0xfd, 0xde, 0xbc, 0x0a };
	CHECK_PACK(STORE_FULL_RESOLUTION_TILE_BUFFER, v, expect);
}

static void golden_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER(void **state)
{
	(void)state;
	struct VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER v = {
		VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER_header,
		.disable_z_stencil_buffer_read = true, /* bit 1 */
		.memory_base_address = { NULL, 0x00100000 },
	};
	/* u32 = 0x00100000 | 0x2 */
	static const uint8_t expect[] = { 0x1b, 0x02, 0x00, 0x10, 0x00 };
	CHECK_PACK(RE_LOAD_FULL_RESOLUTION_TILE_BUFFER, v, expect);
}

static void golden_STORE_TILE_BUFFER_GENERAL(void **state)
{
	(void)state;
	struct VC4_STORE_TILE_BUFFER_GENERAL v = {
		VC4_STORE_TILE_BUFFER_GENERAL_header,
		.buffer_to_store = VC4_TILE_BUFFER_COLOR,                   /* 1 at 0..2 */
		.format = VC4_TILING_FORMAT_T,                              /* 1 at 4..5 */
		.mode = VC4_STORE_TILE_BUFFER_GENERAL_MODE_DECIMATE_X4,     /* 1 at 6..7 */
		.pixel_color_format =
			VC4_STORE_TILE_BUFFER_GENERAL_PIXEL_COLOR_FORMAT_BGR565_NO_DITHER, /* 2 */
		.disable_double_buffer_swap = true,                         /* bit 12 */
		.disable_color_buffer_clear_on_store = true,                /* bit 13 */
		.disable_vg_mask_buffer_clear_on_store = true,              /* bit 15 */
		.disable_color_buffer_dump = true,                          /* bit 16 */
		.disable_vg_mask_buffer_dump = true,                        /* bit 18 */
		.last_tile_of_frame = true,                                 /* bit 19 */
		.memory_base_address = { NULL, 0x12345670 },
	};
	/* byte 1 = 0x01 | 0x10 | 0x40 = 0x51
	 * byte 2 = 2 | 0x10 | 0x20 | 0x80 = 0xb2
	 * bits 16..47 = 0x12345670 | 0b1101 = 0x1234567d */
	static const uint8_t expect[] = { 0x1c, 0x51, 0xb2, 0x7d, 0x56, 0x34, 0x12 };
	CHECK_PACK(STORE_TILE_BUFFER_GENERAL, v, expect);
}

static void golden_LOAD_TILE_BUFFER_GENERAL(void **state)
{
	(void)state;
	struct VC4_LOAD_TILE_BUFFER_GENERAL v = {
		VC4_LOAD_TILE_BUFFER_GENERAL_header,
		.buffer_to_load = VC4_TILE_BUFFER_Z_STENCIL,                /* 2 at 0..2 */
		.format = VC4_TILING_FORMAT_LT,                             /* 2 at 4..5 */
		.pixel_color_format =
			VC4_LOAD_TILE_BUFFER_GENERAL_PIXEL_COLOR_FORMAT_BGR565_DITHERED, /* 1 */
		.disable_z_stencil_buffer_load = true,                      /* bit 17 */
		.disable_vg_mask_buffer_load = true,                        /* bit 18 */
		.memory_base_address = { NULL, 0xfffffff0 },
	};
	/* byte 1 = 0x02 | 0x20; byte 2 = 0x01; bits 16..47 = 0xfffffff0 | 0b0110 */
	static const uint8_t expect[] = { 0x1d, 0x22, 0x01, 0xf6, 0xff, 0xff, 0xff };
	CHECK_PACK(LOAD_TILE_BUFFER_GENERAL, v, expect);
}

static void golden_INDEXED_PRIMITIVE_LIST(void **state)
{
	(void)state;
	struct VC4_INDEXED_PRIMITIVE_LIST v = {
		VC4_INDEXED_PRIMITIVE_LIST_header,
		.primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES,          /* 4 at 0..3 */
		.index_type = VC4_INDEXED_PRIMITIVE_LIST_INDEX_TYPE_16_BIT, /* 1 at 4..7 */
		.length = 0x00010203,
		.address_of_indices_list = { NULL, 0x40 },
		.maximum_index = 0xffff,
	};
	/* byte 1 = 0x14; then length, address, maximum index as u32 */
	static const uint8_t expect[] = { 0x20, 0x14, 0x03, 0x02, 0x01, 0x00, 0x40,
					  0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00 };
	CHECK_PACK(INDEXED_PRIMITIVE_LIST, v, expect);
}

static void golden_VERTEX_ARRAY_PRIMITIVES(void **state)
{
	(void)state;
	struct VC4_VERTEX_ARRAY_PRIMITIVES v = {
		VC4_VERTEX_ARRAY_PRIMITIVES_header,
		.primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLE_FAN, /* 6 */
		.length = 3,
		.index_of_first_vertex = 0x80000000,
	};
	static const uint8_t expect[] = { 0x21, 0x06, 0x03, 0x00, 0x00, 0x00,
					  0x00, 0x00, 0x00, 0x80 };
	CHECK_PACK(VERTEX_ARRAY_PRIMITIVES, v, expect);
}

static void golden_VG_COORDINATE_ARRAY_PRIMITIVES(void **state)
{
	(void)state;
	struct VC4_VG_COORDINATE_ARRAY_PRIMITIVES v = {
		VC4_VG_COORDINATE_ARRAY_PRIMITIVES_header,
		.primitive_type = VC4_VG_COORDINATE_ARRAY_PRIMITIVES_PRIMITIVE_TYPE_TRIANGLE_FAN,
		.continuation_list = 15,
		.length = 2,
		.address_of_coordinate_array = { NULL, 0x00008000 },
	};
	/* 41 = 0x29; byte 1 = 15 << 4 | 6 */
	static const uint8_t expect[] = { 0x29, 0xf6, 0x02, 0x00, 0x00, 0x00,
					  0x00, 0x80, 0x00, 0x00 };
	CHECK_PACK(VG_COORDINATE_ARRAY_PRIMITIVES, v, expect);
}

static void golden_VG_INLINE_SHADER_RECORD(void **state)
{
	(void)state;
	struct VC4_VG_INLINE_SHADER_RECORD v = {
		VC4_VG_INLINE_SHADER_RECORD_header,
		.fragment_shader_is_single_threaded = true,
		.fragment_shader_code_address = { NULL, 0x00012348 },     /* 8-aligned */
		.fragment_shader_uniforms_address = { NULL, 0x00020004 }, /* 4-aligned */
	};
	/* 67 = 0x43; bits 0..31 = 0x00012348 | 1; bits 32..63 = 0x00020004 */
	static const uint8_t expect[] = { 0x43, 0x49, 0x23, 0x01, 0x00,
					  0x04, 0x00, 0x02, 0x00 };
	CHECK_PACK(VG_INLINE_SHADER_RECORD, v, expect);
}

static void golden_PRIMITIVE_LIST_FORMAT(void **state)
{
	(void)state;
	struct VC4_PRIMITIVE_LIST_FORMAT v = {
		VC4_PRIMITIVE_LIST_FORMAT_header,
		.primitive_type = VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_TRIANGLES_LIST, /* 2 */
		.data_type = VC4_PRIMITIVE_LIST_FORMAT_DATA_TYPE_16_BIT_INDEX,             /* 1 */
	};
	/* 56 = 0x38; byte 1 = 1 << 4 | 2 */
	static const uint8_t expect[] = { 0x38, 0x12 };
	CHECK_PACK(PRIMITIVE_LIST_FORMAT, v, expect);
}

static void golden_GL_SHADER_STATE(void **state)
{
	(void)state;
	struct VC4_GL_SHADER_STATE v = {
		VC4_GL_SHADER_STATE_header,
		.number_of_attribute_arrays = 3, /* bits 0..2 */
		.extended_shader_record = true,  /* bit 3 */
		.shader_record_address = { NULL, 0x00abcd00 },
	};
	/* u32 = 0x00abcd00 | 0x8 | 0x3 = 0x00abcd0b */
	static const uint8_t expect[] = { 0x40, 0x0b, 0xcd, 0xab, 0x00 };
	CHECK_PACK(GL_SHADER_STATE, v, expect);
}

static void golden_NV_SHADER_STATE(void **state)
{
	(void)state;
	struct VC4_NV_SHADER_STATE v = { VC4_NV_SHADER_STATE_header,
					 .shader_record_address = { NULL, 0x00001230 } };
	static const uint8_t expect[] = { 0x41, 0x30, 0x12, 0x00, 0x00 };
	CHECK_PACK(NV_SHADER_STATE, v, expect);
}

static void golden_VG_SHADER_STATE(void **state)
{
	(void)state;
	struct VC4_VG_SHADER_STATE v = { VC4_VG_SHADER_STATE_header,
					 .shader_record_address = { NULL, 0xfedcba90 } };
	static const uint8_t expect[] = { 0x42, 0x90, 0xba, 0xdc, 0xfe };
	CHECK_PACK(VG_SHADER_STATE, v, expect);
}

static void golden_CONFIGURATION_BITS(void **state)
{
	(void)state;
	struct VC4_CONFIGURATION_BITS v = {
		VC4_CONFIGURATION_BITS_header,
		.enable_forward_facing_primitive = true,                           /* bit 0 */
		.clockwise_primitives = true,                                      /* bit 2 */
		.antialiased_points_and_lines = true,                              /* bit 4 */
		.coverage_read_type = VC4_CONFIGURATION_BITS_COVERAGE_READ_TYPE_16_BIT_MASK,
		.rasteriser_oversample_mode =
			VC4_CONFIGURATION_BITS_RASTERISER_OVERSAMPLE_MODE_4X,      /* 1 at 6..7 */
		.coverage_pipe_select = true,                                      /* bit 8 */
		.coverage_update_mode = VC4_CONFIGURATION_BITS_COVERAGE_UPDATE_MODE_OR,
		.coverage_read_mode = VC4_CONFIGURATION_BITS_COVERAGE_READ_MODE_LEAVE_ON_READ,
		.depth_test_function = VC4_COMPARE_FUNCTION_LESS_OR_EQUAL,         /* 3 */
		.z_updates_enable = true,                                          /* bit 15 */
		.early_z_updates_enable = true,                                    /* bit 17 */
	};
	/* byte 1 = 0x01 | 0x04 | 0x10 | 0x20 (read type, bit 5) | 0x40 = 0x75
	 * byte 2 = 0x01 | 2 << 1 (update OR) | 0x08 (leave) | 3 << 4 | 0x80 = 0xbd
	 * byte 3 = 0x02 */
	static const uint8_t expect[] = { 0x60, 0x75, 0xbd, 0x02 };
	CHECK_PACK(CONFIGURATION_BITS, v, expect);
}

static void golden_FLAT_SHADE_FLAGS(void **state)
{
	(void)state;
	struct VC4_FLAT_SHADE_FLAGS v = { VC4_FLAT_SHADE_FLAGS_header,
					  .flat_shading_flags = 0xdeadbeef };
	static const uint8_t expect[] = { 0x61, 0xef, 0xbe, 0xad, 0xde };
	CHECK_PACK(FLAT_SHADE_FLAGS, v, expect);
}

static void golden_POINT_SIZE(void **state)
{
	(void)state;
	struct VC4_POINT_SIZE v = { VC4_POINT_SIZE_header, .point_size = 1.0f };
	/* 1.0f = 0x3f800000 */
	static const uint8_t expect[] = { 0x62, 0x00, 0x00, 0x80, 0x3f };
	CHECK_PACK(POINT_SIZE, v, expect);
}

static void golden_LINE_WIDTH(void **state)
{
	(void)state;
	struct VC4_LINE_WIDTH v = { VC4_LINE_WIDTH_header, .line_width = 2.5f };
	/* 2.5f = 1.25 * 2^1: exponent 128, mantissa 0x200000 -> 0x40200000 */
	static const uint8_t expect[] = { 0x63, 0x00, 0x00, 0x20, 0x40 };
	CHECK_PACK(LINE_WIDTH, v, expect);
}

static void golden_RHT_X_BOUNDARY(void **state)
{
	(void)state;
	struct VC4_RHT_X_BOUNDARY v = { VC4_RHT_X_BOUNDARY_header,
					.rht_primitive_x_boundary = -2 };
	/* -2 in 16-bit two's complement = 0xfffe */
	static const uint8_t expect[] = { 0x64, 0xfe, 0xff };
	CHECK_PACK(RHT_X_BOUNDARY, v, expect);
}

static void golden_DEPTH_OFFSET(void **state)
{
	(void)state;
	struct VC4_DEPTH_OFFSET v = { VC4_DEPTH_OFFSET_header,
				      .depth_offset_factor = 0x3f80, /* 1.0 as float 1-8-7 */
				      .depth_offset_units = 0x4000 }; /* 2.0 */
	static const uint8_t expect[] = { 0x65, 0x80, 0x3f, 0x00, 0x40 };
	CHECK_PACK(DEPTH_OFFSET, v, expect);
}

static void golden_CLIP_WINDOW(void **state)
{
	(void)state;
	struct VC4_CLIP_WINDOW v = {
		VC4_CLIP_WINDOW_header,
		.clip_window_left_pixel_coordinate = 0x0102,
		.clip_window_bottom_pixel_coordinate = 0x0304,
		.clip_window_width_in_pixels = 0x0500,
		.clip_window_height_in_pixels = 0x0600,
	};
	static const uint8_t expect[] = { 0x66, 0x02, 0x01, 0x04, 0x03,
					  0x00, 0x05, 0x00, 0x06 };
	CHECK_PACK(CLIP_WINDOW, v, expect);
}

static void golden_VIEWPORT_OFFSET(void **state)
{
	(void)state;
	struct VC4_VIEWPORT_OFFSET v = { VC4_VIEWPORT_OFFSET_header,
					 .viewport_centre_x_coordinate = 320.5f,
					 .viewport_centre_y_coordinate = -1.25f };
	/* s12.4: 320.5 * 16 = 5128 = 0x1408; -1.25 * 16 = -20 = 0xffec */
	static const uint8_t expect[] = { 0x67, 0x08, 0x14, 0xec, 0xff };
	CHECK_PACK(VIEWPORT_OFFSET, v, expect);
}

static void golden_Z_MIN_AND_MAX_CLIPPING_PLANES(void **state)
{
	(void)state;
	struct VC4_Z_MIN_AND_MAX_CLIPPING_PLANES v = { VC4_Z_MIN_AND_MAX_CLIPPING_PLANES_header,
						       .minimum_zw = 0.0f, .maximum_zw = 1.0f };
	static const uint8_t expect[] = { 0x68, 0x00, 0x00, 0x00, 0x00,
					  0x00, 0x00, 0x80, 0x3f };
	CHECK_PACK(Z_MIN_AND_MAX_CLIPPING_PLANES, v, expect);
}

static void golden_CLIPPER_XY_SCALING(void **state)
{
	(void)state;
	struct VC4_CLIPPER_XY_SCALING v = {
		VC4_CLIPPER_XY_SCALING_header,
		.viewport_half_width_in_1_16th_of_pixel = 5120.0f,   /* 320 * 16 */
		.viewport_half_height_in_1_16th_of_pixel = -3840.0f, /* -240 * 16 */
	};
	/* 5120 = 1.25 * 2^12 -> exp 139 -> 0x45a00000
	 * -3840 = -1.875 * 2^11 -> sign, exp 138, mantissa 0x700000 -> 0xc5700000 */
	static const uint8_t expect[] = { 0x69, 0x00, 0x00, 0xa0, 0x45,
					  0x00, 0x00, 0x70, 0xc5 };
	CHECK_PACK(CLIPPER_XY_SCALING, v, expect);
}

static void golden_CLIPPER_Z_SCALE_AND_OFFSET(void **state)
{
	(void)state;
	struct VC4_CLIPPER_Z_SCALE_AND_OFFSET v = { VC4_CLIPPER_Z_SCALE_AND_OFFSET_header,
						    .viewport_z_scale_zc_to_zs = 0.5f,
						    .viewport_z_offset_zc_to_zs = -2.0f };
	/* 0.5f = 0x3f000000; -2.0f = 0xc0000000 */
	static const uint8_t expect[] = { 0x6a, 0x00, 0x00, 0x00, 0x3f,
					  0x00, 0x00, 0x00, 0xc0 };
	CHECK_PACK(CLIPPER_Z_SCALE_AND_OFFSET, v, expect);
}

static void golden_TILE_BINNING_MODE_CONFIGURATION(void **state)
{
	(void)state;
	struct VC4_TILE_BINNING_MODE_CONFIGURATION v = {
		VC4_TILE_BINNING_MODE_CONFIGURATION_header,
		.tile_allocation_memory_address = { NULL, 0x01000000 },
		.tile_allocation_memory_size = 0x00080000,
		.tile_state_data_array_address = { NULL, 0x02000040 },
		.width_in_tiles = 20,
		.height_in_tiles = 15,
		.multisample_mode_4x = true,                                        /* bit 0 */
		.auto_initialise_tile_state_data_array = true,                      /* bit 2 */
		.tile_allocation_initial_block_size = VC4_TILE_ALLOCATION_BLOCK_SIZE_64_BYTES,
		.tile_allocation_block_size = VC4_TILE_ALLOCATION_BLOCK_SIZE_128_BYTES,
	};
	/* bytes 1..12: three u32; 13: 20; 14: 15;
	 * 15: 0x01 | 0x04 | 1 << 3 | 2 << 5 = 0x4d */
	static const uint8_t expect[] = { 0x70, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x08,
					  0x00, 0x40, 0x00, 0x00, 0x02, 0x14, 0x0f, 0x4d };
	CHECK_PACK(TILE_BINNING_MODE_CONFIGURATION, v, expect);
}

static void golden_TILE_RENDERING_MODE_CONFIGURATION(void **state)
{
	(void)state;
	struct VC4_TILE_RENDERING_MODE_CONFIGURATION v = {
		VC4_TILE_RENDERING_MODE_CONFIGURATION_header,
		.memory_address = { NULL, 0x0c000000 },
		.width_in_pixels = 1920,
		.height_in_pixels = 1080,
		.non_hdr_frame_buffer_color_format =
			VC4_TILE_RENDERING_MODE_CONFIGURATION_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_RGBA8888,
		.decimate_mode = VC4_TILE_RENDERING_MODE_CONFIGURATION_DECIMATE_MODE_4X,
		.memory_format = VC4_TILING_FORMAT_T,
		.select_coverage_mode = true,                                       /* bit 9 */
		.early_z_update_direction =
			VC4_TILE_RENDERING_MODE_CONFIGURATION_EARLY_Z_UPDATE_DIRECTION_GT_GE,
		.double_buffer_in_non_ms_mode = true,                               /* bit 12 */
	};
	/* 1920 = 0x0780, 1080 = 0x0438;
	 * bits 64..71 = 1 << 2 | 1 << 4 | 1 << 6 = 0x54; bits 72..79 = 0x02 | 0x04 | 0x10 */
	static const uint8_t expect[] = { 0x71, 0x00, 0x00, 0x00, 0x0c, 0x80,
					  0x07, 0x38, 0x04, 0x54, 0x16 };
	CHECK_PACK(TILE_RENDERING_MODE_CONFIGURATION, v, expect);
}

static void golden_CLEAR_COLORS(void **state)
{
	(void)state;
	struct VC4_CLEAR_COLORS v = { VC4_CLEAR_COLORS_header,
				      .clear_color = UINT64_C(0x1122334455667788),
				      .clear_zs = 0xabcdef,
				      .clear_vg_mask = 0x5a,
				      .clear_stencil = 0xc3 };
	static const uint8_t expect[] = { 0x72, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33,
					  0x22, 0x11, 0xef, 0xcd, 0xab, 0x5a, 0xc3 };
	CHECK_PACK(CLEAR_COLORS, v, expect);
}

static void golden_TILE_COORDINATES(void **state)
{
	(void)state;
	struct VC4_TILE_COORDINATES v = { VC4_TILE_COORDINATES_header,
					  .tile_column_number = 7, .tile_row_number = 9 };
	static const uint8_t expect[] = { 0x73, 0x07, 0x09 };
	CHECK_PACK(TILE_COORDINATES, v, expect);
}

static void golden_GEM_HANDLES(void **state)
{
	(void)state;
	struct VC4_GEM_HANDLES v = { VC4_GEM_HANDLES_header,
				     .index_buffer_handle_index = 2,
				     .unused_handle_index = 0x01020304 };
	static const uint8_t expect[] = { 0xfe, 0x02, 0x00, 0x00, 0x00,
					  0x04, 0x03, 0x02, 0x01 };
	CHECK_PACK(GEM_HANDLES, v, expect);
}

static void golden_GL_SHADER_STATE_RECORD(void **state)
{
	(void)state;
	struct VC4_GL_SHADER_STATE_RECORD v = {
		.fragment_shader_is_single_threaded = true, /* bit 0 */
		.enable_clipping = true,                    /* bit 2 */
		.fragment_shader_number_of_uniforms = 7,
		.fragment_shader_number_of_varyings = 3,
		.fragment_shader_code_address = { NULL, 0x00010000 },
		.fragment_shader_uniforms_address = { NULL, 0x00020004 },
		.vertex_shader_number_of_uniforms = 0x0102,
		.vertex_shader_attribute_array_select_bits = 0x0f,
		.vertex_shader_total_attributes_size = 0x20,
		.vertex_shader_code_address = { NULL, 0x00030000 },
		.vertex_shader_uniforms_address = { NULL, 0x00040008 },
		.coordinate_shader_number_of_uniforms = 0x0304,
		.coordinate_shader_attribute_array_select_bits = 0x01,
		.coordinate_shader_total_attributes_size = 0x10,
		.coordinate_shader_code_address = { NULL, 0x00050000 },
		.coordinate_shader_uniforms_address = { NULL, 0x0006000c },
	};
	static const uint8_t expect[] = {
		0x05, 0x00, 0x07, 0x03,  /* flags u16, FS uniforms, FS varyings */
		0x00, 0x00, 0x01, 0x00,  /* 4: FS code */
		0x04, 0x00, 0x02, 0x00,  /* 8: FS uniforms */
		0x02, 0x01, 0x0f, 0x20,  /* 12: VS uniforms u16, select, size */
		0x00, 0x00, 0x03, 0x00,  /* 16: VS code */
		0x08, 0x00, 0x04, 0x00,  /* 20: VS uniforms */
		0x04, 0x03, 0x01, 0x10,  /* 24: CS uniforms u16, select, size */
		0x00, 0x00, 0x05, 0x00,  /* 28: CS code */
		0x0c, 0x00, 0x06, 0x00,  /* 32: CS uniforms */
	};
	CHECK_PACK(GL_SHADER_STATE_RECORD, v, expect);
}

static void golden_ATTRIBUTE_RECORD(void **state)
{
	(void)state;
	struct VC4_ATTRIBUTE_RECORD v = {
		.vertex_base_memory_address = { NULL, 0x00100010 },
		.number_of_bytes_minus_1 = 11,
		.memory_stride = 12,
		.vertex_shader_vpm_offset = 0,
		.coordinate_shader_vpm_offset = 3,
	};
	static const uint8_t expect[] = { 0x10, 0x00, 0x10, 0x00, 0x0b, 0x0c, 0x00, 0x03 };
	CHECK_PACK(ATTRIBUTE_RECORD, v, expect);
}

static void golden_EXTENDED_ATTRIBUTE_STRIDE(void **state)
{
	(void)state;
	struct VC4_EXTENDED_ATTRIBUTE_STRIDE v = { .memory_stride = 0x00012300 };
	static const uint8_t expect[] = { 0x00, 0x23, 0x01, 0x00 };
	CHECK_PACK(EXTENDED_ATTRIBUTE_STRIDE, v, expect);
}

static void golden_NV_SHADER_STATE_RECORD(void **state)
{
	(void)state;
	struct VC4_NV_SHADER_STATE_RECORD v = {
		.point_size_included_in_shaded_vertex_data = true,              /* bit 1 */
		.enable_clipping = true,                                        /* bit 2 */
		.clip_coordinates_header_included_in_shaded_vertex_data = true, /* bit 3 */
		.shaded_vertex_data_stride = 24,
		.fragment_shader_number_of_uniforms = 2,
		.fragment_shader_number_of_varyings = 4,
		.fragment_shader_code_address = { NULL, 0x00200000 },
		.fragment_shader_uniforms_address = { NULL, 0x00300000 },
		.shaded_vertex_data_address = { NULL, 0x00400010 },
	};
	static const uint8_t expect[] = { 0x0e, 0x18, 0x02, 0x04, 0x00, 0x00, 0x20, 0x00,
					  0x00, 0x00, 0x30, 0x00, 0x10, 0x00, 0x40, 0x00 };
	CHECK_PACK(NV_SHADER_STATE_RECORD, v, expect);
}

static void golden_TEXTURE_CONFIG_PARAMETER_0(void **state)
{
	(void)state;
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 v = {
		.number_of_mipmap_levels_minus_1 = 5,                              /* 0..3 */
		.texture_data_type = VC4_TEXTURE_DATA_TYPE_RGBA4444,                /* 4..7 */
		.flip_texture_y_axis = true,                                       /* bit 8 */
		.cache_swizzle = 3,                                                /* 10..11 */
		.texture_base_pointer = { NULL, 0x00abc000 },
	};
	/* 5 | 2 << 4 | 1 << 8 | 3 << 10 | 0x00abc000 = 0x00abcd25 */
	static const uint8_t expect[] = { 0x25, 0xcd, 0xab, 0x00 };
	CHECK_PACK(TEXTURE_CONFIG_PARAMETER_0, v, expect);
}

static void golden_TEXTURE_CONFIG_PARAMETER_1(void **state)
{
	(void)state;
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 v = {
		.s_wrap_mode = VC4_TEXTURE_WRAP_MODE_CLAMP,  /* 1 at 0..1 */
		.t_wrap_mode = VC4_TEXTURE_WRAP_MODE_MIRROR, /* 2 at 2..3 */
		.minification_filter =
			VC4_TEXTURE_CONFIG_PARAMETER_1_MINIFICATION_FILTER_LIN_MIP_LIN, /* 5 */
		.magnification_filter =
			VC4_TEXTURE_CONFIG_PARAMETER_1_MAGNIFICATION_FILTER_NEAREST,   /* 1 */
		.image_width = 1024,
		.flip_etc_y = true,
		.image_height = 512,
		.texture_data_type_extended = true,
	};
	/* 0x1 | 0x8 | 5 << 4 | 1 << 7 = 0xd9; 1024 << 8 = 0x40000; 1 << 19 = 0x80000;
	 * 512 << 20 = 0x20000000; 1 << 31 -> 0xa00c00d9 */
	static const uint8_t expect[] = { 0xd9, 0x00, 0x0c, 0xa0 };
	CHECK_PACK(TEXTURE_CONFIG_PARAMETER_1, v, expect);
}

static void golden_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE(void **state)
{
	(void)state;
	struct VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE v = {
		.disable_automatic_lod_use_bias_only = true,
		.cube_map_stride = 0x123,
		.parameter_type =
			VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE_PARAMETER_TYPE_CUBE_MAP_STRIDE,
	};
	/* 1 | 0x123 << 12 | 1 << 30 = 0x40123001 */
	static const uint8_t expect[] = { 0x01, 0x30, 0x12, 0x40 };
	CHECK_PACK(TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE, v, expect);
}

static void golden_TEXTURE_CONFIG_PARAMETER_2_3_CHILD_IMAGE_DIMENSIONS(void **state)
{
	(void)state;
	struct VC4_TEXTURE_CONFIG_PARAMETER_2_3_CHILD_IMAGE_DIMENSIONS v = {
		.child_image_width = 100,
		.child_image_height = 50,
		.parameter_type = 2,
	};
	/* 0x64 | 0x32 << 12 | 2 << 30 = 0x80032064 */
	static const uint8_t expect[] = { 0x64, 0x20, 0x03, 0x80 };
	CHECK_PACK(TEXTURE_CONFIG_PARAMETER_2_3_CHILD_IMAGE_DIMENSIONS, v, expect);
}

static void golden_TEXTURE_CONFIG_PARAMETER_2_3_CHILD_IMAGE_OFFSETS(void **state)
{
	(void)state;
	struct VC4_TEXTURE_CONFIG_PARAMETER_2_3_CHILD_IMAGE_OFFSETS v = {
		.child_image_x_offset = 0x7ff,
		.child_image_y_offset = 1,
		.parameter_type = 3,
	};
	/* 0x7ff | 1 << 12 | 3 << 30 = 0xc00017ff */
	static const uint8_t expect[] = { 0xff, 0x17, 0x00, 0xc0 };
	CHECK_PACK(TEXTURE_CONFIG_PARAMETER_2_3_CHILD_IMAGE_OFFSETS, v, expect);
}

static void golden_TLB_STENCIL_SETUP(void **state)
{
	(void)state;
	struct VC4_TLB_STENCIL_SETUP v = {
		.stencil_test_mask = 0x0f,
		.stencil_reference_value = 0x5a,
		.stencil_test_function = VC4_COMPARE_FUNCTION_LESS_OR_EQUAL,   /* 3 */
		.stencil_fail_operation = VC4_STENCIL_OPERATION_INVERT,         /* 5 */
		.depth_pass_operation = VC4_STENCIL_OPERATION_INCREMENT_WRAP,   /* 6 */
		.depth_fail_operation = VC4_STENCIL_OPERATION_DECREMENT_WRAP,   /* 7 */
		.write_mask = VC4_TLB_STENCIL_SETUP_WRITE_MASK_BITS_0_3,        /* 2 */
		.select = VC4_TLB_STENCIL_SETUP_SELECT_REVERSE,                 /* 2 */
	};
	/* 0x0f | 0x5a << 8 | 3 << 16 | 5 << 19 | 6 << 22 | 7 << 25 | 2 << 28 | 2 << 30
	 * = 0x0f + 0x5a00 + 0x30000 + 0x280000 + 0x1800000 + 0xe000000 + 0x20000000
	 * + 0x80000000 = 0xafab5a0f */
	static const uint8_t expect[] = { 0x0f, 0x5a, 0xab, 0xaf };
	CHECK_PACK(TLB_STENCIL_SETUP, v, expect);
}

static void golden_TLB_STENCIL_SETUP_WRITE_MASKS(void **state)
{
	(void)state;
	struct VC4_TLB_STENCIL_SETUP_WRITE_MASKS v = {
		.forward_write_mask = 0x81,
		.reverse_write_mask = 0x7e,
		.select = VC4_TLB_STENCIL_SETUP_WRITE_MASKS_SELECT_WRITE_MASKS, /* 0 */
	};
	/* 0x81 | 0x7e << 8 | 0 << 30 = 0x00007e81 */
	static const uint8_t expect[] = { 0x81, 0x7e, 0x00, 0x00 };
	CHECK_PACK(TLB_STENCIL_SETUP_WRITE_MASKS, v, expect);
}

static void golden_RENDER_CONFIG_SURFACE_BITS(void **state)
{
	(void)state;
	struct VC4_RENDER_CONFIG_SURFACE_BITS v = {
		.multisample_mode_4x = true,                                   /* bit 0 */
		.non_hdr_frame_buffer_color_format = /* 1 at 2..3 */
			VC4_RENDER_CONFIG_SURFACE_BITS_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_RGBA8888,
		.decimate_mode = VC4_RENDER_CONFIG_SURFACE_BITS_DECIMATE_MODE_4X, /* 1 at 4..5 */
		.memory_format = VC4_TILING_FORMAT_LT,                         /* 2 at 6..7 */
		.early_z_early_cov_disable = true,                             /* bit 11 */
	};
	/* 1 | 1 << 2 | 1 << 4 | 2 << 6 | 1 << 11 = 0x0895 */
	static const uint8_t expect[] = { 0x95, 0x08 };
	CHECK_PACK(RENDER_CONFIG_SURFACE_BITS, v, expect);
}

static void golden_LOAD_STORE_SURFACE_BITS(void **state)
{
	(void)state;
	struct VC4_LOAD_STORE_SURFACE_BITS v = {
		.buffer = VC4_TILE_BUFFER_Z_STENCIL,                /* 2 at 0..2 */
		.format = VC4_TILING_FORMAT_T,                      /* 1 at 4..5 */
		.pixel_color_format = /* 2 at 8..9 */
			VC4_LOAD_STORE_SURFACE_BITS_PIXEL_COLOR_FORMAT_BGR565_NO_DITHER,
		.disable_vg_mask_buffer_clear_on_store = true,      /* bit 15 */
	};
	/* 2 | 1 << 4 | 2 << 8 | 1 << 15 = 0x8212 */
	static const uint8_t expect[] = { 0x12, 0x82 };
	CHECK_PACK(LOAD_STORE_SURFACE_BITS, v, expect);
}

/* The golden cases, once; every packet and struct must appear here. */
#define GOLDEN_CASES(X)                                                                \
	X(HALT) X(NOP) X(FLUSH) X(FLUSH_ALL_STATE) X(START_TILE_BINNING)                \
	X(INCREMENT_SEMAPHORE) X(WAIT_ON_SEMAPHORE) X(BRANCH) X(BRANCH_TO_SUB_LIST)     \
	X(RETURN_FROM_SUB_LIST) X(STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER)        \
	X(STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF)                        \
	X(STORE_FULL_RESOLUTION_TILE_BUFFER) X(RE_LOAD_FULL_RESOLUTION_TILE_BUFFER)     \
	X(STORE_TILE_BUFFER_GENERAL) X(LOAD_TILE_BUFFER_GENERAL)                        \
	X(INDEXED_PRIMITIVE_LIST) X(VERTEX_ARRAY_PRIMITIVES) X(COMPRESSED_PRIMITIVE_LIST) \
	X(VG_COORDINATE_ARRAY_PRIMITIVES) X(VG_INLINE_SHADER_RECORD)                    \
	X(CLIPPED_PRIMITIVE_WITH_COMPRESSED_PRIMITIVE_LIST) X(PRIMITIVE_LIST_FORMAT)    \
	X(GL_SHADER_STATE) X(NV_SHADER_STATE) X(VG_SHADER_STATE) X(CONFIGURATION_BITS)  \
	X(FLAT_SHADE_FLAGS) X(POINT_SIZE) X(LINE_WIDTH) X(RHT_X_BOUNDARY)              \
	X(DEPTH_OFFSET) X(CLIP_WINDOW) X(VIEWPORT_OFFSET) X(Z_MIN_AND_MAX_CLIPPING_PLANES) \
	X(CLIPPER_XY_SCALING) X(CLIPPER_Z_SCALE_AND_OFFSET)                             \
	X(TILE_BINNING_MODE_CONFIGURATION) X(TILE_RENDERING_MODE_CONFIGURATION)         \
	X(CLEAR_COLORS) X(TILE_COORDINATES) X(GEM_HANDLES)                              \
	X(GL_SHADER_STATE_RECORD) X(ATTRIBUTE_RECORD) X(EXTENDED_ATTRIBUTE_STRIDE)      \
	X(NV_SHADER_STATE_RECORD) X(TEXTURE_CONFIG_PARAMETER_0)                         \
	X(TEXTURE_CONFIG_PARAMETER_1) X(TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE)   \
	X(TEXTURE_CONFIG_PARAMETER_2_3_CHILD_IMAGE_DIMENSIONS)                          \
	X(TEXTURE_CONFIG_PARAMETER_2_3_CHILD_IMAGE_OFFSETS)                             \
	X(RENDER_CONFIG_SURFACE_BITS) X(LOAD_STORE_SURFACE_BITS)                        \
	X(TLB_STENCIL_SETUP) X(TLB_STENCIL_SETUP_WRITE_MASKS)

#define AS_NAME(N) #N,
static const char *const golden_names[] = { GOLDEN_CASES(AS_NAME) };

/* True if NAME has a golden case. */
static int has_golden(const char *name)
{
	for (size_t i = 0; i < sizeof(golden_names) / sizeof(golden_names[0]); i++)
		if (strcmp(golden_names[i], name) == 0)
			return 1;
	return 0;
}

/* Every packet and struct of the XML has a golden case, and the counts are the
 * ones docs/xml.md promises (42 packets, 13 structs). */
static void every_packet_and_struct_has_a_golden_case(void **state)
{
	(void)state;
	int packets = 0, structs = 0;
#define CHECK_P(NAME, op, len, str) assert_true(has_golden(#NAME)); packets++;
#define CHECK_S(NAME, len, str) assert_true(has_golden(#NAME)); structs++;
	VC4_FOR_EACH_PACKET(CHECK_P)
	VC4_FOR_EACH_STRUCT(CHECK_S)
	assert_int_equal(packets, 42);
	assert_int_equal(structs, 13);
	assert_int_equal(VC4_PACKET_COUNT, 42);
	assert_int_equal(VC4_STRUCT_COUNT, 13);
	assert_int_equal(sizeof(golden_names) / sizeof(golden_names[0]), 55);
}

int main(void)
{
#define AS_TEST(N) cmocka_unit_test(golden_##N),
	const struct CMUnitTest tests[] = {
		GOLDEN_CASES(AS_TEST)
		cmocka_unit_test(every_packet_and_struct_has_a_golden_case),
	};
	return cmocka_run_group_tests_name("pack_golden", tests, NULL, NULL);
}
