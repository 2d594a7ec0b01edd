/*
 * test_surface_bits.c: the two `bits` words of a SUBMIT_CL surface, as
 * xml/vc4_packets.xml declares them (Render Config Surface Bits, Load Store
 * Surface Bits), are the bits of the packets the kernel writes from them:
 * payload bits 64..79 of Tile Rendering Mode Configuration (packet bytes 9
 * and 10) and payload bits 0..15 of Store / Load Tile Buffer General
 * (bytes 1 and 2). Every one of the 65536 words is unpacked, its fields
 * packed into the packet, and the packet's bytes compared.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "vc4_packets.h"

/* Bits the render config word's fields cover: 0..12. */
#define RC_FIELDS 0x1fffu
/* Store general: buffer 0..2, format 4..5, mode 6..7, colour 8..9, 12..15. */
#define STORE_FIELDS 0xf3f7u
/* Load general: buffer, format, colour. */
#define LOAD_FIELDS 0x0337u

static void render_config(void **state)
{
	(void)state;
	for (uint32_t w = 0; w < 0x10000; w++) {
		const uint8_t raw[2] = { (uint8_t)w, (uint8_t)(w >> 8) };
		struct VC4_RENDER_CONFIG_SURFACE_BITS b;
		VC4_RENDER_CONFIG_SURFACE_BITS_unpack(raw, &b);
		struct VC4_TILE_RENDERING_MODE_CONFIGURATION p = {
			VC4_TILE_RENDERING_MODE_CONFIGURATION_header,
			.multisample_mode_4x = b.multisample_mode_4x,
			.tile_buffer_64_bit_color_depth_hdr_mode =
				b.tile_buffer_64_bit_color_depth_hdr_mode,
			.non_hdr_frame_buffer_color_format = b.non_hdr_frame_buffer_color_format,
			.decimate_mode = b.decimate_mode, .memory_format = b.memory_format,
			.enable_vg_mask_buffer = b.enable_vg_mask_buffer,
			.select_coverage_mode = b.select_coverage_mode,
			.early_z_update_direction = b.early_z_update_direction,
			.early_z_early_cov_disable = b.early_z_early_cov_disable,
			.double_buffer_in_non_ms_mode = b.double_buffer_in_non_ms_mode,
		};
		uint8_t pkt[VC4_TILE_RENDERING_MODE_CONFIGURATION_length];
		assert_int_equal(VC4_TILE_RENDERING_MODE_CONFIGURATION_pack(NULL, pkt, &p), 0);
		uint32_t got = pkt[9] | (uint32_t)pkt[10] << 8;
		if (got != (w & RC_FIELDS))
			fail_msg("render config bits 0x%04x: packet bits 0x%04x", w, got);
	}
}

/* The load/store word's fields in a Store Tile Buffer General packet. */
static uint32_t as_store(const struct VC4_LOAD_STORE_SURFACE_BITS *b)
{
	struct VC4_STORE_TILE_BUFFER_GENERAL p = {
		VC4_STORE_TILE_BUFFER_GENERAL_header,
		.buffer_to_store = b->buffer, .format = b->format, .mode = b->mode,
		.pixel_color_format = b->pixel_color_format,
		.disable_double_buffer_swap = b->disable_double_buffer_swap,
		.disable_color_buffer_clear_on_store = b->disable_color_buffer_clear_on_store,
		.disable_z_stencil_buffer_clear_on_store =
			b->disable_z_stencil_buffer_clear_on_store,
		.disable_vg_mask_buffer_clear_on_store = b->disable_vg_mask_buffer_clear_on_store,
	};
	uint8_t pkt[VC4_STORE_TILE_BUFFER_GENERAL_length];
	assert_int_equal(VC4_STORE_TILE_BUFFER_GENERAL_pack(NULL, pkt, &p), 0);
	return pkt[1] | (uint32_t)pkt[2] << 8;
}

/* The same in a Load Tile Buffer General packet (buffer, format, colour). */
static uint32_t as_load(const struct VC4_LOAD_STORE_SURFACE_BITS *b)
{
	struct VC4_LOAD_TILE_BUFFER_GENERAL p = {
		VC4_LOAD_TILE_BUFFER_GENERAL_header,
		.buffer_to_load = b->buffer, .format = b->format,
		.pixel_color_format = b->pixel_color_format,
	};
	uint8_t pkt[VC4_LOAD_TILE_BUFFER_GENERAL_length];
	assert_int_equal(VC4_LOAD_TILE_BUFFER_GENERAL_pack(NULL, pkt, &p), 0);
	return pkt[1] | (uint32_t)pkt[2] << 8;
}

static void load_store(void **state)
{
	(void)state;
	for (uint32_t w = 0; w < 0x10000; w++) {
		const uint8_t raw[2] = { (uint8_t)w, (uint8_t)(w >> 8) };
		struct VC4_LOAD_STORE_SURFACE_BITS b;
		VC4_LOAD_STORE_SURFACE_BITS_unpack(raw, &b);
		uint32_t st = as_store(&b), ld = as_load(&b);
		if (st != (w & STORE_FIELDS) || ld != (w & LOAD_FIELDS))
			fail_msg("load/store bits 0x%04x: store 0x%04x, load 0x%04x", w, st, ld);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(render_config),
		cmocka_unit_test(load_store),
	};
	return cmocka_run_group_tests_name("tiling_surface_bits", tests, NULL, NULL);
}
