/*
 * test_binner.c: the binning thread: the exact bytes of a tile list in tile
 * allocation memory (docs/pipeline.md, "The tile-list format"), block chaining,
 * primitive assembly from indexed strips with the maximum-index clamp,
 * face culling, a Primitive List Format per primitive type, and overflow
 * memory (BPOA/BPOS, the OUTOMEM hook) when the
 * tile allocation memory is exhausted.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

static const struct fx_vertex tri[3] = {
	{ 4.5f, 4.5f, 0.5f, 0, 0, 0 }, { 60.5f, 4.5f, 0.5f, 0, 0, 0 },
	{ 4.5f, 60.5f, 0.5f, 0, 0, 0 },
};

/* One tile, one triangle: the state packets, the list format, a Branch to
 * the first 128-byte block (the 32-byte initial block is full), then the
 * primitive and the Return that Flush appends. */
static void tile_list_bytes(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	fx_build(&j, tri, 3);
	fx_run_ok(&j);
	static const uint8_t block0[32] = {
		0x40, 0x01, 0x50, 0x40, 0x00,       /* GL Shader State: record | 1 array */
		0x60, 0x03, 0x70, 0x00,             /* Configuration Bits: both faces, Always */
		0x67, 0x00, 0x00, 0x00, 0x00,       /* Viewport Offset (0, 0) */
		0x66, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x40, 0x00, /* Clip Window 64x64 */
		0x38, 0x12,                         /* Primitive List Format: triangles */
		0x10, 0x20, 0x00, 0x41, 0x00,       /* Branch to 0x00410020 */
		0x00, 0x00,
	};
	static const uint8_t block1[14] = {
		0x30, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, /* our primitive: indices 0, 1, 2 */
		0x12,                                     /* Return from Sub-list */
	};
	assert_memory_equal(fx_ptr(&j, FX_ALLOC), block0, sizeof(block0));
	assert_memory_equal(fx_ptr(&j, FX_ALLOC + 32), block1, sizeof(block1));
	assert_int_equal(j.stats.bin_packets, 9);
	fx_fini(&j);
}

/* A point then a triangle in one tile: the list announces each type with
 * its Primitive List Format (points 0x10, triangles 0x12, 16-bit index);
 * the point's record names its index three times. Point Size and Line
 * Width are state the list carries (the render thread draws the point). */
static void list_format_per_type(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.mode = VC4_PRIMITIVE_MODE_POINTS;
	j.point_size = 4;
	j.line_width = 1;
	const struct fx_vertex v[4] = {
		{ 20, 20, 0.5f, 0, 0, 0 }, tri[0], tri[1], tri[2],
	};
	fx_build(&j, v, 4);
	uint32_t at = j.bcl_end - 12; /* the draw: Vertex Array Primitives, then 2 bytes */
	EMIT(&j, &at, VERTEX_ARRAY_PRIMITIVES, .primitive_mode = VC4_PRIMITIVE_MODE_POINTS,
	     .length = 1);
	EMIT(&j, &at, VERTEX_ARRAY_PRIMITIVES, .primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES,
	     .length = 3, .index_of_first_vertex = 1);
	EMIT(&j, &at, INCREMENT_SEMAPHORE);
	EMIT(&j, &at, FLUSH);
	j.bcl_end = at;
	fx_run_ok(&j);
	static const uint8_t block0[23] = {
		0x40, 0x01, 0x50, 0x40, 0x00,       /* GL Shader State */
		0x60, 0x03, 0x70, 0x00,             /* Configuration Bits */
		0x67, 0x00, 0x00, 0x00, 0x00,       /* Viewport Offset */
		0x66, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x40, 0x00, /* Clip Window */
	};
	static const uint8_t block1[] = {
		0x62, 0x00, 0x00, 0x80, 0x40,       /* Point Size 4.0 */
		0x63, 0x00, 0x00, 0x80, 0x3f,       /* Line Width 1.0 */
		0x38, 0x10,                         /* Primitive List Format: points */
		0x30, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* the point: index 0 three times */
		0x38, 0x12,                         /* Primitive List Format: triangles */
		0x30, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, /* the triangle */
		0x12,                               /* Return from Sub-list */
	};
	assert_memory_equal(fx_ptr(&j, FX_ALLOC), block0, sizeof(block0));
	assert_int_equal(*fx_ptr(&j, FX_ALLOC + 23), VC4_BRANCH_opcode);
	assert_memory_equal(fx_ptr(&j, FX_ALLOC + 32), block1, sizeof(block1));
	fx_fini(&j);
}

/* Replaces the end of fx_build's bin CL (from its Vertex Array Primitives
 * packet, right after GL Shader State at FX_BCL + 40) with an Indexed
 * Primitive List of 16-bit indices, Increment Semaphore and Flush. */
static void put_indexed(struct fx_job *j, enum vc4_primitive_mode mode, const uint16_t *idx,
			uint32_t n, uint32_t max_index)
{
	uint32_t at = FX_BCL + 16 + 1 + 9 + 4 + 5 + 5; /* after GL Shader State */
	memcpy(fx_ptr(j, FX_VERTS + 0x1000), idx, n * 2);
	struct VC4_INDEXED_PRIMITIVE_LIST ip = {
		VC4_INDEXED_PRIMITIVE_LIST_header, .primitive_mode = mode, .index_type = 1,
		.length = n, .address_of_indices_list = { NULL, FX_VERTS + 0x1000 },
		.maximum_index = max_index,
	};
	assert_int_equal(VC4_INDEXED_PRIMITIVE_LIST_pack(NULL, fx_ptr(j, at), &ip), 0);
	at += VC4_INDEXED_PRIMITIVE_LIST_length;
	*fx_ptr(j, at++) = VC4_INCREMENT_SEMAPHORE_opcode;
	*fx_ptr(j, at++) = VC4_FLUSH_opcode;
	j->bcl_end = at;
}

/* A strip of 4 indices where the last (5) is above the maximum index (2):
 * it is clamped to vertex 2, which makes the second triangle degenerate. */
static void indexed_strip_clamp(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = fx_fs_uniform_color;
	j.fs_unif[0] = 0xff0000ff;
	fx_build(&j, tri, 3);
	static const uint16_t idx[4] = { 0, 1, 2, 5 };
	put_indexed(&j, VC4_PRIMITIVE_MODE_TRIANGLE_STRIP, idx, 4, 2);
	fx_run_ok(&j);
	assert_int_equal(j.stats.primitives_in, 2);
	assert_int_equal(j.stats.primitives_culled, 1);
	assert_int_equal(j.stats.primitives_binned, 1);
	assert_int_equal(j.stats.fragments_written, 1596);
	assert_int_equal(fx_pixel(&j, 4, 4), 0xff0000ff);
	fx_fini(&j);
}

/* A fan of 4 vertices: two triangles making the rectangle [8,24)x[8,24). */
static void indexed_fan(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = fx_fs_uniform_color;
	j.fs_unif[0] = 0xff00ff00;
	const struct fx_vertex quad[4] = {
		{ 8, 8, 0.5f, 0, 0, 0 }, { 24, 8, 0.5f, 0, 0, 0 },
		{ 24, 24, 0.5f, 0, 0, 0 }, { 8, 24, 0.5f, 0, 0, 0 },
	};
	fx_build(&j, quad, 4);
	static const uint16_t idx[4] = { 0, 1, 2, 3 };
	put_indexed(&j, VC4_PRIMITIVE_MODE_TRIANGLE_FAN, idx, 4, 3);
	fx_run_ok(&j);
	assert_int_equal(j.stats.primitives_binned, 2);
	assert_int_equal(j.stats.fragments_written, 16 * 16);
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++)
			assert_int_equal(fx_pixel(&j, x, y), x >= 8 && x < 24 && y >= 8 && y < 24 ?
					 0xff00ff00 : 0xff204060);
	fx_fini(&j);
}

/* Only forward faces enabled: our triangle has positive area on the screen
 * coordinates, which is forward without the Clockwise bit and reverse with
 * it. */
static void face_culling(void **state)
{
	(void)state;
	for (int cw = 0; cw < 2; cw++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		fx_build(&j, tri, 3);
		uint32_t at = FX_BCL + 16 + 1 + 9; /* Configuration Bits */
		struct VC4_CONFIGURATION_BITS cfg = {
			VC4_CONFIGURATION_BITS_header, .enable_forward_facing_primitive = true,
			.clockwise_primitives = cw,
			.depth_test_function = VC4_COMPARE_FUNCTION_ALWAYS,
		};
		assert_int_equal(VC4_CONFIGURATION_BITS_pack(NULL, fx_ptr(&j, at), &cfg), 0);
		fx_run_ok(&j);
		assert_int_equal(j.stats.primitives_culled, cw ? 1 : 0);
		assert_int_equal(j.stats.fragments_written, cw ? 0 : 1596);
		fx_fini(&j);
	}
}

/* Two draws: the first with the fixture's record over the whole frame, the
 * second with another record (uniform-colour FS) and a Clip Window of the
 * left 32 columns. Each tile list gets the new state before the second
 * triangle. */
static void state_between_draws(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	const struct fx_vertex v[6] = {
		{ 0, 0, 0.5f, 1, 0, 0 }, { 64, 0, 0.5f, 1, 0, 0 }, { 0, 64, 0.5f, 1, 0, 0 },
		{ 64, 0, 0.5f, 0, 0, 0 }, { 64, 64, 0.5f, 0, 0, 0 }, { 0, 64, 0.5f, 0, 0, 0 },
	};
	fx_build(&j, v, 6);
	const uint32_t rec2 = FX_REC + 0x100, fs2 = FX_FS + 0x800, unif2 = FX_UNIF + 0x300;
	memcpy(fx_ptr(&j, rec2), fx_ptr(&j, FX_REC), 36 + 8);
	memcpy(fx_ptr(&j, rec2 + 4), &fs2, 4);
	memcpy(fx_ptr(&j, rec2 + 8), &unif2, 4);
	uint32_t green = 0xff00ff00;
	memcpy(fx_ptr(&j, unif2), &green, 4);
	fx_put_code(&j, fs2, fx_fs_uniform_color);
	uint32_t at = FX_BCL + 40;
	EMIT(&j, &at, VERTEX_ARRAY_PRIMITIVES, .primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES,
	     .length = 3);
	EMIT(&j, &at, GL_SHADER_STATE, .number_of_attribute_arrays = 1,
	     .shader_record_address = ADDR(rec2));
	EMIT(&j, &at, CLIP_WINDOW, .clip_window_width_in_pixels = 32,
	     .clip_window_height_in_pixels = 64);
	EMIT(&j, &at, VERTEX_ARRAY_PRIMITIVES, .primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES,
	     .length = 3, .index_of_first_vertex = 3);
	EMIT(&j, &at, INCREMENT_SEMAPHORE);
	EMIT(&j, &at, FLUSH);
	j.bcl_end = at;
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			bool first = x + y < 63;   /* centres with x + y + 1 < 64 */
			uint32_t want = first ? 0xff0000ff : x < 32 ? 0xff00ff00 : 0xff204060;
			if (fx_pixel(&j, x, y) != want)
				fail_msg("pixel (%u,%u) = 0x%08x, want 0x%08x", x, y,
					 fx_pixel(&j, x, y), want);
		}
	}
	assert_int_equal(j.stats.primitives_binned, 2);
	fx_fini(&j);
}

/* An extended shader record: the attribute stride 280 is 24 in the record's
 * byte plus 256 from the extended stride word at record + 100. */
static void extended_stride(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = fx_fs_uniform_color;
	j.fs_unif[0] = 0xff0000ff;
	fx_build(&j, tri, 3);
	memset(fx_ptr(&j, FX_VERTS), 0, 3 * 24);
	for (uint32_t i = 0; i < 3; i++)
		memcpy(fx_ptr(&j, FX_VERTS + 280 * i), &tri[i], sizeof(tri[i]));
	uint32_t stride_word = 280;
	memcpy(fx_ptr(&j, FX_REC + 100), &stride_word, 4);
	*fx_ptr(&j, FX_REC + 36 + 5) = 280 & 0xff;
	*fx_ptr(&j, FX_BCL + 36) |= 0x08; /* GL Shader State: extended */
	fx_run_ok(&j);
	assert_int_equal(j.stats.fragments_written, 1596);
	assert_int_equal(fx_pixel(&j, 4, 4), 0xff0000ff);
	fx_fini(&j);
}

/* The OUTOMEM hook of the overflow tests: hands out `chunk` bytes at a time
 * from FX_BASE + 0x80000, `limit` times, then refuses. */
struct ovf_hook {
	uint32_t chunk, calls, limit;
};

static bool give_overflow(struct sim_pipe *p, void *ctx, struct vc4_diag *diag)
{
	struct ovf_hook *h = ctx;
	if (h->calls == h->limit)
		return vc4_diag_set(diag, "test: no more overflow after %u", h->calls);
	sim_pipe_set_overflow(p, FX_BASE + 0x80000 + h->calls * h->chunk, h->chunk);
	h->calls++;
	return true;
}

#define OVF_TRIS 110 /* as many as fit between FX_VERTS and FX_BCL */

/* 110 flat-coloured triangles in one 32x32 tile, overlapping in draw order. */
static void build_many_triangles(struct fx_job *j)
{
	static struct fx_vertex v[3 * OVF_TRIS];
	for (uint32_t k = 0; k < OVF_TRIS; k++) {
		float x = (float)((k * 5) % 8) * 4.0f, y = (float)((k * 3) % 8) * 4.0f;
		float r = (float)(k % 5) / 4.0f, g = (float)(k % 3) / 2.0f;
		float b = (float)(k % 2);
		v[3 * k] = (struct fx_vertex){ x, y, 0.5f, r, g, b };
		v[3 * k + 1] = (struct fx_vertex){ x + 9.0f, y + 0.5f, 0.5f, r, g, b };
		v[3 * k + 2] = (struct fx_vertex){ x + 0.5f, y + 9.0f, 0.5f, r, g, b };
	}
	fx_init(j, 32, 32);
	fx_build(j, v, 3 * OVF_TRIS);
}

/* With only the 32-byte initial block in the tile allocation memory, every
 * further block of the list comes from overflow memory, refilled 256 bytes
 * (two blocks) per OUTOMEM: the frame is the one rendered with ample tile
 * allocation memory, pixel for pixel. */
static void overflow_exact_pixels(void **state)
{
	(void)state;
	struct fx_job j;
	build_many_triangles(&j);
	fx_run_ok(&j);
	assert_int_equal(j.stats.bin_overflow_blocks, 0);
	assert_int_equal(j.stats.primitives_binned, OVF_TRIS);
	static uint32_t want[32 * 32];
	for (uint32_t i = 0; i < 32 * 32; i++)
		want[i] = fx_pixel(&j, i % 32, i / 32);
	assert_int_not_equal(want[0], want[32 * 32 - 1]); /* something was drawn */

	memset(fx_ptr(&j, FX_FB), 0, 32 * 32 * 4);
	uint32_t size = 32;
	memcpy(fx_ptr(&j, FX_BCL + 5), &size, 4);
	struct sim_pipe *p = sim_pipe_create();
	assert_non_null(p);
	struct ovf_hook h = { .chunk = 256, .limit = 100 };
	sim_pipe_set_outomem(p, give_overflow, &h);
	struct sim_pipe_stats st = {0};
	struct vc4_diag diag = {0};
	if (!sim_pipe_run_job(p, &j.mem, FX_BCL, j.bcl_end, FX_RCL, j.rcl_end, &st, &diag))
		fail_msg("%s", diag.msg);
	/* 110 13-byte records (and the Return) after the state in the initial
	 * block: nine records in each 128-byte block (5 bytes kept for the
	 * Branch), so 13 blocks from 7 OUTOMEMs of two blocks each. */
	assert_int_equal(st.bin_overflow_blocks, 13);
	assert_int_equal(st.bin_outomem, 7);
	assert_int_equal(h.calls, 7);
	assert_int_equal(st.tile_primitives, OVF_TRIS);
	for (uint32_t i = 0; i < 32 * 32; i++)
		assert_int_equal(fx_pixel(&j, i % 32, i / 32), want[i]);
	/* The initial block branches to the first overflow block. */
	static const uint8_t branch[5] = { 0x10, 0x00, 0x00, 0x48, 0x00 };
	assert_memory_equal(fx_ptr(&j, FX_ALLOC + 25), branch, sizeof(branch));

	/* The overflow memory left (one block) carries over to the next job,
	 * which needs one OUTOMEM fewer. */
	memset(&st, 0, sizeof(st));
	vc4_diag_clear(&diag);
	if (!sim_pipe_run_job(p, &j.mem, FX_BCL, j.bcl_end, FX_RCL, j.rcl_end, &st, &diag))
		fail_msg("%s", diag.msg);
	assert_int_equal(st.bin_outomem, 6);
	assert_int_equal(st.bin_overflow_blocks, 13);
	sim_pipe_destroy(p);
	fx_fini(&j);
}

/* The hook's refusal stops the job with its reason; no hook at all names
 * the exhausted memories. */
static void overflow_refused(void **state)
{
	(void)state;
	struct fx_job j;
	build_many_triangles(&j);
	uint32_t size = 32;
	memcpy(fx_ptr(&j, FX_BCL + 5), &size, 4);
	struct sim_pipe *p = sim_pipe_create();
	assert_non_null(p);
	struct ovf_hook h = { .chunk = 256, .limit = 2 };
	sim_pipe_set_outomem(p, give_overflow, &h);
	struct vc4_diag diag = {0};
	assert_false(sim_pipe_run_job(p, &j.mem, FX_BCL, j.bcl_end, FX_RCL, j.rcl_end, NULL,
				      &diag));
	assert_string_equal(diag.msg, "bin: 0x00408028: packet 33 (Vertex Array Primitives): "
			    "test: no more overflow after 2");
	sim_pipe_set_outomem(p, NULL, NULL);
	sim_pipe_set_overflow(p, 0, 0);
	vc4_diag_clear(&diag);
	assert_false(sim_pipe_run_job(p, &j.mem, FX_BCL, j.bcl_end, FX_RCL, j.rcl_end, NULL,
				      &diag));
	assert_string_equal(diag.msg, "bin: 0x00408028: packet 33 (Vertex Array Primitives): "
			    "binner out of memory: tile allocation memory 0x00410000..0x00410020 "
			    "exhausted and 0 bytes of overflow memory left (no OUTOMEM handler)");
	sim_pipe_destroy(p);
	fx_fini(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tile_list_bytes),
		cmocka_unit_test(indexed_strip_clamp),
		cmocka_unit_test(indexed_fan),
		cmocka_unit_test(face_culling),
		cmocka_unit_test(state_between_draws),
		cmocka_unit_test(list_format_per_type),
		cmocka_unit_test(extended_stride),
		cmocka_unit_test(overflow_exact_pixels),
		cmocka_unit_test(overflow_refused),
	};
	return cmocka_run_group_tests_name("simpipe_binner", tests, NULL, NULL);
}
