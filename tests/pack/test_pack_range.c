/*
 * test_pack_range.c: values that do not fit their field are caught (pack
 * returns -1 and hooks->range_error names the packet, field and value) for
 * uint, int, fixed point, enum and misaligned addresses; the reloc hook is
 * called once per address field with the right address, and not at all when
 * the pack fails.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "vc4_packets.h"

/* What the hooks saw. */
struct seen {
	int errors;
	char packet[80], field[96], value[40]; /* the last range error */
	int relocs;
	struct vc4_address addr[8];            /* the relocations, in order */
	uint32_t reloc_add;                    /* added to each offset by the hook */
};

static uint32_t record_reloc(void *user, const struct vc4_address *addr)
{
	struct seen *s = user;

	if (s->relocs < 8)
		s->addr[s->relocs] = *addr;
	s->relocs++;
	return addr->offset + s->reloc_add;
}

static void record_range_error(void *user, const char *packet, const char *field,
			       const char *value)
{
	struct seen *s = user;

	s->errors++;
	snprintf(s->packet, sizeof(s->packet), "%s", packet);
	snprintf(s->field, sizeof(s->field), "%s", field);
	snprintf(s->value, sizeof(s->value), "%s", value);
}

#define HOOKS(s) { &(s), record_reloc, record_range_error }

/* Asserts exactly one range error with these texts. */
static void assert_one_error(const struct seen *s, const char *packet, const char *field,
			     const char *value)
{
	assert_int_equal(s->errors, 1);
	assert_string_equal(s->packet, packet);
	assert_string_equal(s->field, field);
	assert_string_equal(s->value, value);
}

static void uint_too_big(void **state)
{
	(void)state;
	struct seen s = {0};
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_CLIP_WINDOW_length];
	struct VC4_CLIP_WINDOW v = { VC4_CLIP_WINDOW_header,
				     .clip_window_left_pixel_coordinate = 0xffff };

	assert_int_equal(VC4_CLIP_WINDOW_pack(&hooks, out, &v), 0);
	assert_int_equal(s.errors, 0);
	v.clip_window_left_pixel_coordinate = 0x10000;
	assert_int_equal(VC4_CLIP_WINDOW_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "Clip Window", "Clip Window Left Pixel Coordinate", "65536");
	/* No hooks: still refused, nothing to report to. */
	assert_int_equal(VC4_CLIP_WINDOW_pack(NULL, out, &v), -1);
}

static void uint8_field_is_not_truncated(void **state)
{
	(void)state;
	struct seen s = {0};
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_TILE_COORDINATES_length];
	struct VC4_TILE_COORDINATES v = { VC4_TILE_COORDINATES_header,
					  .tile_column_number = 255, .tile_row_number = 256 };

	assert_int_equal(VC4_TILE_COORDINATES_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "Tile Coordinates", "Tile Row Number", "256");
}

static void int_out_of_range(void **state)
{
	(void)state;
	struct seen s = {0};
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_RHT_X_BOUNDARY_length];
	struct VC4_RHT_X_BOUNDARY v = { VC4_RHT_X_BOUNDARY_header,
					.rht_primitive_x_boundary = -32768 };

	assert_int_equal(VC4_RHT_X_BOUNDARY_pack(&hooks, out, &v), 0);
	static const uint8_t min16[] = { 0x64, 0x00, 0x80 };
	assert_memory_equal(out, min16, sizeof(min16));
	v.rht_primitive_x_boundary = 32768;
	assert_int_equal(VC4_RHT_X_BOUNDARY_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "RHT X Boundary", "RHT Primitive X Boundary", "32768");
	s.errors = 0;
	v.rht_primitive_x_boundary = -32769;
	assert_int_equal(VC4_RHT_X_BOUNDARY_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "RHT X Boundary", "RHT Primitive X Boundary", "-32769");
}

static void fixed_out_of_range(void **state)
{
	(void)state;
	struct seen s = {0};
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_VIEWPORT_OFFSET_length];
	struct VC4_VIEWPORT_OFFSET v = { VC4_VIEWPORT_OFFSET_header,
					 .viewport_centre_x_coordinate = -2048.0f,
					 .viewport_centre_y_coordinate = 2047.9375f };

	/* s12.4 limits: -2048 * 16 = -32768 = 0x8000, 2047.9375 * 16 = 0x7fff */
	assert_int_equal(VC4_VIEWPORT_OFFSET_pack(&hooks, out, &v), 0);
	static const uint8_t limits[] = { 0x67, 0x00, 0x80, 0xff, 0x7f };
	assert_memory_equal(out, limits, sizeof(limits));
	v.viewport_centre_x_coordinate = 2048.0f;
	assert_int_equal(VC4_VIEWPORT_OFFSET_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "Viewport Offset", "Viewport Centre X-coordinate", "2048");
	/* 2047.96875 * 16 = 32767.5 rounds (away from zero) to 32768: too big. */
	s.errors = 0;
	v.viewport_centre_x_coordinate = 2047.96875f;
	assert_int_equal(VC4_VIEWPORT_OFFSET_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "Viewport Offset", "Viewport Centre X-coordinate", "2047.96875");
	s.errors = 0;
	v.viewport_centre_x_coordinate = NAN;
	assert_int_equal(VC4_VIEWPORT_OFFSET_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "Viewport Offset", "Viewport Centre X-coordinate", "nan");
}

static void enum_out_of_range(void **state)
{
	(void)state;
	struct seen s = {0};
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_CONFIGURATION_BITS_length];
	struct VC4_CONFIGURATION_BITS v = { VC4_CONFIGURATION_BITS_header,
					    .depth_test_function = (enum vc4_compare_function)8 };

	assert_int_equal(VC4_CONFIGURATION_BITS_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "Configuration Bits", "Depth-Test Function", "8");
	s.errors = 0;
	/* (An enum's underlying type is the compiler's choice, so no negative value.) */
	v.depth_test_function = (enum vc4_compare_function)100;
	assert_int_equal(VC4_CONFIGURATION_BITS_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "Configuration Bits", "Depth-Test Function", "100");
}

static void every_bad_field_is_reported(void **state)
{
	(void)state;
	struct seen s = {0};
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_CLEAR_COLORS_length];
	struct VC4_CLEAR_COLORS v = { VC4_CLEAR_COLORS_header, .clear_color = UINT64_MAX,
				      .clear_zs = 0x1000000, .clear_stencil = 0x100 };

	assert_int_equal(VC4_CLEAR_COLORS_pack(&hooks, out, &v), -1);
	assert_int_equal(s.errors, 2);
	assert_string_equal(s.field, "Clear Stencil");
	assert_string_equal(s.value, "256");
}

static void reloc_gets_the_address(void **state)
{
	(void)state;
	static char bo_storage;
	struct vc4_bo *bo = (struct vc4_bo *)(void *)&bo_storage;
	struct seen s = { .reloc_add = 0x10000000 };
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_STORE_TILE_BUFFER_GENERAL_length];
	struct VC4_STORE_TILE_BUFFER_GENERAL v = {
		VC4_STORE_TILE_BUFFER_GENERAL_header,
		.last_tile_of_frame = true,
		.memory_base_address = { bo, 0x100 },
	};

	assert_int_equal(VC4_STORE_TILE_BUFFER_GENERAL_pack(&hooks, out, &v), 0);
	assert_int_equal(s.relocs, 1);
	assert_ptr_equal(s.addr[0].bo, bo);
	assert_int_equal(s.addr[0].offset, 0x100);
	/* The field holds what the hook returned: 0x10000100 | last tile (bit 19 -> 0x8) */
	static const uint8_t expect[] = { 0x1c, 0x00, 0x00, 0x08, 0x01, 0x00, 0x10 };
	assert_memory_equal(out, expect, sizeof(expect));
	assert_int_equal(s.errors, 0);
}

static void relocs_come_in_field_order(void **state)
{
	(void)state;
	struct seen s = {0};
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_GL_SHADER_STATE_RECORD_length];
	struct VC4_GL_SHADER_STATE_RECORD v = {
		.fragment_shader_code_address = { NULL, 0x10 },
		.fragment_shader_uniforms_address = { NULL, 0x20 },
		.vertex_shader_code_address = { NULL, 0x30 },
		.vertex_shader_uniforms_address = { NULL, 0x40 },
		.coordinate_shader_code_address = { NULL, 0x50 },
		.coordinate_shader_uniforms_address = { NULL, 0x60 },
	};

	assert_int_equal(VC4_GL_SHADER_STATE_RECORD_pack(&hooks, out, &v), 0);
	assert_int_equal(s.relocs, 6);
	for (int i = 0; i < 6; i++)
		assert_int_equal(s.addr[i].offset, 0x10 * (i + 1));
}

static void misaligned_address_is_refused_before_reloc(void **state)
{
	(void)state;
	struct seen s = {0};
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_length];
	struct VC4_STORE_FULL_RESOLUTION_TILE_BUFFER v = {
		VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_header,
		.memory_base_address = { NULL, 0x1008 },
	};

	assert_int_equal(VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "Store Full Resolution Tile Buffer", "Memory Base Address",
			 "0x00001008");
	assert_int_equal(s.relocs, 0);

	/* 4 KiB-aligned texture base. */
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = { .texture_base_pointer = { NULL, 0x1800 } };
	uint8_t word[4];
	s.errors = 0;
	assert_int_equal(VC4_TEXTURE_CONFIG_PARAMETER_0_pack(&hooks, word, &p0), -1);
	assert_one_error(&s, "Texture Config Parameter 0", "Texture Base Pointer", "0x00001800");
	assert_int_equal(s.relocs, 0);
}

static void misaligned_reloc_result_is_refused(void **state)
{
	(void)state;
	struct seen s = { .reloc_add = 4 };
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_NV_SHADER_STATE_length];
	struct VC4_NV_SHADER_STATE v = { VC4_NV_SHADER_STATE_header,
					 .shader_record_address = { NULL, 0x100 } };

	assert_int_equal(VC4_NV_SHADER_STATE_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "NV Shader State", "Shader Record Address", "0x00000104");
}

static void failed_pack_records_no_relocation(void **state)
{
	(void)state;
	struct seen s = {0};
	struct vc4_pack_hooks hooks = HOOKS(s);
	uint8_t out[VC4_INDEXED_PRIMITIVE_LIST_length];
	struct VC4_INDEXED_PRIMITIVE_LIST v = {
		VC4_INDEXED_PRIMITIVE_LIST_header,
		.index_type = 16, /* 4-bit field */
		.address_of_indices_list = { NULL, 0x40 },
	};

	assert_int_equal(VC4_INDEXED_PRIMITIVE_LIST_pack(&hooks, out, &v), -1);
	assert_one_error(&s, "Indexed Primitive List", "Index Type", "16");
	assert_int_equal(s.relocs, 0);
}

static void unpack_gives_full_addresses(void **state)
{
	(void)state;
	/* Store general: bits 16..47 = 0x12345678 -> address 0x12345670, flags 0x8 */
	static const uint8_t in[] = { 0x1c, 0x00, 0x00, 0x78, 0x56, 0x34, 0x12 };
	struct VC4_STORE_TILE_BUFFER_GENERAL v;

	VC4_STORE_TILE_BUFFER_GENERAL_unpack(in, &v);
	assert_int_equal(v.opcode, 28);
	assert_null(v.memory_base_address.bo);
	assert_int_equal(v.memory_base_address.offset, 0x12345670);
	assert_true(v.last_tile_of_frame);
	assert_false(v.disable_vg_mask_buffer_dump);
	assert_int_equal(v.disable_z_stencil_buffer_dump, false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(uint_too_big),
		cmocka_unit_test(uint8_field_is_not_truncated),
		cmocka_unit_test(int_out_of_range),
		cmocka_unit_test(fixed_out_of_range),
		cmocka_unit_test(enum_out_of_range),
		cmocka_unit_test(every_bad_field_is_reported),
		cmocka_unit_test(reloc_gets_the_address),
		cmocka_unit_test(relocs_come_in_field_order),
		cmocka_unit_test(misaligned_address_is_refused_before_reloc),
		cmocka_unit_test(misaligned_reloc_result_is_refused),
		cmocka_unit_test(failed_pack_records_no_relocation),
		cmocka_unit_test(unpack_gives_full_addresses),
	};
	return cmocka_run_group_tests_name("pack_range", tests, NULL, NULL);
}
