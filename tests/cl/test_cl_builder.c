/* test_cl_builder.c: the CL builder: exact bytes, BO indices, relocation slots,
 * GEM handles and sticky errors. (What a whole draw emits is the driver's,
 * checked by tests/driver.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cl/cl.h"

/* Stand-ins for BOs: the builder only compares the pointers. */
static char bo_storage[8];
#define BO(i) ((struct vc4_bo *)(void *)&bo_storage[i])

#define assert_cl_bytes(cl, ...)                                          \
	do {                                                              \
		const uint8_t want_[] = { __VA_ARGS__ };                  \
		assert_int_equal((cl)->len, sizeof(want_));               \
		assert_memory_equal((cl)->data, want_, sizeof(want_));    \
	} while (0)

static void raw_writes_are_little_endian(void **state)
{
	(void)state;
	struct vc4_cl cl;
	cl_init(&cl, "raw", NULL);
	cl_u8(&cl, 0x12);
	cl_u16(&cl, 0x3456);
	cl_u32(&cl, 0x789abcde);
	cl_f(&cl, -2.0f);
	assert_cl_bytes(&cl, 0x12, 0x56, 0x34, 0xde, 0xbc, 0x9a, 0x78, 0x00, 0x00, 0x00, 0xc0);
	assert_false(cl_failed(&cl));
	cl_free(&cl);
}

static void growth_keeps_contents(void **state)
{
	(void)state;
	struct vc4_cl cl;
	cl_init(&cl, "big", NULL);
	for (uint32_t i = 0; i < 10000; i++)
		cl_u32(&cl, i);
	assert_int_equal(cl.len, 40000);
	assert_int_equal(cl.data[4 * 9999], 9999 & 0xff);
	assert_int_equal(cl.data[4 * 9999 + 1], 9999 >> 8);
	cl_free(&cl);
}

/* The example in cl.h, verbatim. */
static void header_example_works(void **state)
{
	(void)state;
	struct vc4_cl cl;
	cl_init(&cl, "bin CL", NULL);
	cl_emit(&cl, CLIP_WINDOW, p) {
		p.clip_window_left_pixel_coordinate = 0;
		p.clip_window_bottom_pixel_coordinate = 0;
		p.clip_window_width_in_pixels = 640;
		p.clip_window_height_in_pixels = 480;
	}
	if (cl_failed(&cl)) puts(cl.diag->msg);
	assert_false(cl_failed(&cl));
	assert_cl_bytes(&cl, 102, 0, 0, 0, 0, 0x80, 0x02, 0xe0, 0x01);
	cl_free(&cl);
}

static void emit_packs_fields_and_empty_packets(void **state)
{
	(void)state;
	struct vc4_cl cl;
	cl_init(&cl, "bin CL", NULL);
	cl_emit(&cl, VIEWPORT_OFFSET, p) {
		p.viewport_centre_x_coordinate = -1.5f;
		p.viewport_centre_y_coordinate = 2047.9375f;
	}
	cl_emit(&cl, FLUSH, p);
	assert_cl_bytes(&cl, 103, 0xe8, 0xff, 0xff, 0x7f, 4);
	cl_free(&cl);
}

static void bo_indices_are_deduplicated(void **state)
{
	(void)state;
	struct cl_job job;
	cl_job_init(&job);
	assert_int_equal(cl_job_bo_index(&job, BO(3)), 0);
	assert_int_equal(cl_job_bo_index(&job, BO(1)), 1);
	assert_int_equal(cl_job_bo_index(&job, BO(3)), 0);
	assert_int_equal(cl_job_bo_index(&job, BO(2)), 2);
	assert_int_equal(cl_job_bo_index(&job, BO(1)), 1);
	assert_int_equal(job.bos.len, 3);
	assert_ptr_equal(job.bos.data[0], BO(3));
	assert_ptr_equal(job.bos.data[2], BO(2));
	cl_job_free(&job);
}

/* Slots FS, VS, CS, attribute: filled in field order; NULL-BO addresses
 * (the kernel-written uniforms addresses) take none. */
static void shader_record_slots_are_filled_in_order(void **state)
{
	(void)state;
	struct cl_job job;
	cl_job_init(&job);
	cl_job_bo_index(&job, BO(7));
	assert_true(cl_job_begin_shader_record(&job, 1));
	cl_emit_record(&job.shader_rec, GL_SHADER_STATE_RECORD, r) {
		r.fragment_shader_code_address = (struct vc4_address){ BO(1), 0 };
		r.vertex_shader_code_address = (struct vc4_address){ BO(2), 0 };
		r.coordinate_shader_code_address = (struct vc4_address){ BO(1), 0 };
	}
	cl_emit_record(&job.shader_rec, ATTRIBUTE_RECORD, a) {
		a.vertex_base_memory_address = (struct vc4_address){ BO(7), 0x40 };
		a.number_of_bytes_minus_1 = 15;
		a.memory_stride = 16;
	}
	assert_true(cl_end_relocs(&job.shader_rec));
	assert_int_equal(job.shader_rec_count, 1);
	assert_int_equal(job.shader_rec.len, 16 + 36 + 8);
	const uint8_t slots[] = { 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 };
	assert_memory_equal(job.shader_rec.data, slots, sizeof(slots));
	const uint8_t attr[] = { 0x40, 0, 0, 0, 15, 16, 0, 0 };
	assert_memory_equal(job.shader_rec.data + 52, attr, sizeof(attr));
	assert_false(cl_job_failed(&job));
	cl_job_free(&job);
}

static void unfilled_slots_are_an_error(void **state)
{
	(void)state;
	struct cl_job job;
	cl_job_init(&job);
	cl_job_begin_shader_record(&job, 1);
	cl_emit_record(&job.shader_rec, GL_SHADER_STATE_RECORD, r) {
		r.fragment_shader_code_address = (struct vc4_address){ BO(1), 0 };
		r.vertex_shader_code_address = (struct vc4_address){ BO(2), 0 };
		r.coordinate_shader_code_address = (struct vc4_address){ BO(3), 0 };
	}
	assert_false(cl_end_relocs(&job.shader_rec));
	assert_string_equal(job.diag.msg,
			    "shader records 0x00000034: 4 relocation slots reserved, 3 filled");
	cl_job_free(&job);
}

static void address_without_slot_is_an_error(void **state)
{
	(void)state;
	struct cl_job job;
	cl_job_init(&job);
	cl_emit(&job.bcl, NOP, p);
	cl_emit(&job.bcl, BRANCH, p) { p.branch_address = (struct vc4_address){ BO(1), 8 }; }
	assert_true(cl_job_failed(&job));
	assert_string_equal(job.diag.msg,
			    "bin CL 0x00000001: address of a BO with no relocation slot left");
	cl_job_free(&job);
}

static void relocation_misuse_is_an_error(void **state)
{
	(void)state;
	struct vc4_cl cl;
	cl_init(&cl, "uniforms", NULL);
	assert_true(cl_reserve_relocs(&cl, 1));
	cl_reloc_u32(&cl, BO(1), 0); /* no job to give the BO an index */
	assert_string_equal(cl.diag->msg,
			    "uniforms 0x00000004: a relocation needs a BO and a job");
	cl_free(&cl);

	struct cl_job job;
	cl_job_init(&job);
	assert_true(cl_job_begin_uniforms(&job, 1));
	assert_false(cl_job_begin_uniforms(&job, 1));
	assert_string_equal(job.diag.msg, "uniforms 0x00000004: 1 relocation slots still unfilled");
	cl_job_free(&job);
}

/* One index per texture sample before the stream, then the P0 words. */
static void uniform_stream_slots(void **state)
{
	(void)state;
	struct cl_job job;
	cl_job_init(&job);
	cl_job_bo_index(&job, BO(0));
	assert_true(cl_job_begin_uniforms(&job, 2));
	cl_emit_record(&job.uniforms, TEXTURE_CONFIG_PARAMETER_0, p0) {
		p0.texture_base_pointer = (struct vc4_address){ BO(5), 0x3000 };
		p0.number_of_mipmap_levels_minus_1 = 2;
	}
	cl_u32(&job.uniforms, 0x12345678);
	cl_reloc_u32(&job.uniforms, BO(0), 0x1000);
	assert_true(cl_end_relocs(&job.uniforms));
	assert_cl_bytes(&job.uniforms, 1, 0, 0, 0, 0, 0, 0, 0,
			0x02, 0x30, 0, 0, 0x78, 0x56, 0x34, 0x12, 0x00, 0x10, 0, 0);
	cl_job_free(&job);
}

static void gem_handles_only_when_the_index_bo_changes(void **state)
{
	(void)state;
	struct cl_job job;
	cl_job_init(&job);
	cl_job_bo_index(&job, BO(0));
	assert_true(cl_job_set_index_bo(&job, BO(4)));
	assert_true(cl_job_set_index_bo(&job, BO(4)));
	cl_emit(&job.bcl, INDEXED_PRIMITIVE_LIST, p) {
		p.primitive_mode = VC4_PRIMITIVE_MODE_LINES;
		p.length = 2;
		p.address_of_indices_list = (struct vc4_address){ BO(4), 6 };
		p.maximum_index = 1;
	}
	assert_true(cl_job_set_index_bo(&job, BO(0)));
	assert_cl_bytes(&job.bcl, 254, 1, 0, 0, 0, 0, 0, 0, 0,
			32, 0x01, 2, 0, 0, 0, 6, 0, 0, 0, 1, 0, 0, 0,
			254, 0, 0, 0, 0, 0, 0, 0, 0);
	assert_false(cl_job_failed(&job));
	/* The index BO of an earlier GEM Handles is no longer the current one. */
	cl_emit(&job.bcl, INDEXED_PRIMITIVE_LIST, p) {
		p.address_of_indices_list = (struct vc4_address){ BO(4), 0 };
	}
	assert_string_equal(job.diag.msg,
			    "bin CL 0x00000020: address of a BO with no relocation slot left");
	cl_job_free(&job);
}

/* Out of range: nothing emitted, the first error kept, naming the field. */
static void range_errors_are_sticky(void **state)
{
	(void)state;
	struct vc4_cl cl;
	cl_init(&cl, "bin CL", NULL);
	cl_emit(&cl, NOP, p);
	cl_emit(&cl, CLIP_WINDOW, p) { p.clip_window_width_in_pixels = 70000; }
	cl_emit(&cl, VIEWPORT_OFFSET, p) { p.viewport_centre_x_coordinate = 5000.0f; }
	assert_true(cl_failed(&cl));
	assert_string_equal(cl.diag->msg, "bin CL 0x00000001: Clip Window: "
			    "Clip Window Width in Pixels: value 70000 does not fit");
	assert_cl_bytes(&cl, 1);
	cl_emit(&cl, FLUSH, p);
	assert_cl_bytes(&cl, 1, 4);
	assert_true(cl_failed(&cl));
	cl_free(&cl);

	cl_init(&cl, "render CL", NULL);
	cl_emit(&cl, STORE_TILE_BUFFER_GENERAL, p) {
		p.memory_base_address = (struct vc4_address){ NULL, 0x1008 };
	}
	assert_string_equal(cl.diag->msg, "render CL 0x00000000: Store Tile Buffer General: "
			    "Memory Base Address: value 0x00001008 does not fit");
	assert_int_equal(cl.len, 0);
	cl_free(&cl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(raw_writes_are_little_endian),
		cmocka_unit_test(growth_keeps_contents),
		cmocka_unit_test(header_example_works),
		cmocka_unit_test(emit_packs_fields_and_empty_packets),
		cmocka_unit_test(bo_indices_are_deduplicated),
		cmocka_unit_test(shader_record_slots_are_filled_in_order),
		cmocka_unit_test(unfilled_slots_are_an_error),
		cmocka_unit_test(address_without_slot_is_an_error),
		cmocka_unit_test(relocation_misuse_is_an_error),
		cmocka_unit_test(uniform_stream_slots),
		cmocka_unit_test(gem_handles_only_when_the_index_bo_changes),
		cmocka_unit_test(range_errors_are_sticky),
	};
	return cmocka_run_group_tests_name("cl_builder", tests, NULL, NULL);
}
