/*
 * test_errors.c: bad jobs stop with one exact message naming the thread, the
 * packet address and the cause; nothing crashes or reads outside memory.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"
#include "vc4_packet_info.h"

#define PIPE_CLIPPED_BYTES 97 /* our clipped record (docs/pipeline.md) */

static const struct fx_vertex tri[3] = {
	{ 4.5f, 4.5f, 0.5f, 0, 0, 0 }, { 60.5f, 4.5f, 0.5f, 0, 0, 0 },
	{ 4.5f, 60.5f, 0.5f, 0, 0, 0 },
};

static void expect_error(struct fx_job *j, const char *msg)
{
	assert_false(fx_run(j));
	assert_string_equal(j->diag.msg, msg);
	fx_fini(j);
}

static void unknown_opcode(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	fx_build_clear_only(&j);
	*fx_ptr(&j, FX_RCL) = 2;
	expect_error(&j, "render: 0x00409000: unknown packet opcode 2");
}

static void wait_without_binning(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	fx_build(&j, tri, 3);
	j.bcl_end = FX_BCL; /* the bin CL does not run */
	expect_error(&j, "render: 0x00409026: packet 8 (Wait on Semaphore): waits forever: "
		     "the binning thread did not increment the semaphore");
}

/* The RCL branches to `target`. */
static void branch_rcl_to(struct fx_job *j, uint32_t target)
{
	*fx_ptr(j, FX_RCL) = VC4_BRANCH_opcode;
	memcpy(fx_ptr(j, FX_RCL + 1), &target, 4);
	j->rcl_end = 0;
}

static void rcl_outside_memory(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	fx_build_clear_only(&j);
	branch_rcl_to(&j, FX_BASE + FX_SIZE);
	expect_error(&j, "render: 0x00500000: control list outside memory");
}

static void packet_past_memory(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	fx_build_clear_only(&j);
	*fx_ptr(&j, FX_BASE + FX_SIZE - 1) = VC4_CLEAR_COLORS_opcode; /* 14 bytes */
	branch_rcl_to(&j, FX_BASE + FX_SIZE - 1);
	expect_error(&j, "render: 0x004fffff: packet 114 (Clear Colors) runs outside memory");
}

static void binner_out_of_memory(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	fx_build(&j, tri, 3);
	/* Tile allocation memory of 48 bytes: the initial block and no room for
	 * a 128-byte one. */
	uint32_t size = 48;
	memcpy(fx_ptr(&j, FX_BCL + 5), &size, 4);
	expect_error(&j, "bin: 0x00408028: packet 33 (Vertex Array Primitives): binner out of "
		     "memory: tile allocation memory 0x00410000..0x00410030 exhausted and 0 "
		     "bytes of overflow memory left (no OUTOMEM handler)");
}

static void attribute_outside_memory(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	fx_build(&j, tri, 3);
	uint32_t bad = FX_BASE + FX_SIZE - 8;
	memcpy(fx_ptr(&j, FX_REC + 36), &bad, 4);
	expect_error(&j, "bin: 0x00408028: packet 33 (Vertex Array Primitives): attribute 0 of "
		     "vertex 0 at 0x004ffff8 (24 bytes) outside memory");
}

static void fs_without_thread_end(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = "l: brr l\nnop\nnop\nnop\n";
	fx_build(&j, tri, 3);
	struct sim_pipe *p = sim_pipe_create();
	sim_pipe_set_instruction_limit(p, 1000);
	assert_false(sim_pipe_run_job(p, &j.mem, FX_BCL, j.bcl_end, FX_RCL, j.rcl_end, NULL,
				      &j.diag));
	sim_pipe_destroy(p);
	assert_string_equal(j.diag.msg, "render: 0x00410020: packet 48 (Compressed Primitive "
			    "List): fragment shader at 0x00403000: no thread end after 1000 "
			    "instructions");
	fx_fini(&j);
}

/* Runs `fs` on the triangle and expects the fragment stage's `msg`. */
static void expect_fs_error(const char *fs, const char *msg)
{
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = fs;
	fx_build(&j, tri, 3);
	char want[256];
	snprintf(want, sizeof(want), "render: 0x00410020: packet 48 (Compressed Primitive "
		 "List): fragment shader at 0x00403000: %s", msg);
	expect_error(&j, want);
}

/* The stencil configuration must precede the Z write and the tests. */
static void stencil_setup_too_late(void **state)
{
	(void)state;
	expect_fs_error("mov r0, unif\nnop\nnop ; nop ; sbwait\n"
			"mov tlb_z, rb15\n"
			"mov tlb_stencil_setup, unif\n"
			"mov tlb_color_all, r0\n"
			"nop ; nop ; thrend\nnop\nnop ; nop ; sbdone\n",
			"ip 4: tlb_stencil_setup write after the tlb_z write");
	expect_fs_error("mov r0, unif\nnop\nnop ; nop ; sbwait\n"
			"mov tlb_color_all, r0\n"
			"mov tlb_stencil_setup, unif\n"
			"nop ; nop ; thrend\nnop\nnop ; nop ; sbdone\n",
			"ip 4: tlb_stencil_setup write after the colour write");
}

static void alpha_mask_not_modelled(void **state)
{
	(void)state;
	expect_fs_error("mov r0, unif\nnop\nnop ; nop ; sbwait\n"
			"mov tlb_alpha_mask, r0\n"
			"nop ; nop ; thrend\nnop\nnop ; nop ; sbdone\n",
			"ip 3: tlb_alpha_mask write: not modelled (alpha mask)");
}

static void reserved_primitive_mode(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	fx_build(&j, tri, 3);
	*fx_ptr(&j, FX_BCL + 41) = 7;
	expect_error(&j, "bin: 0x00408028: packet 33 (Vertex Array Primitives): reserved "
		     "primitive mode 7");
}

/* A point's FS reading one varying more than its 2 generated ones and the
 * record's 3. */
static void point_reads_too_many_varyings(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.mode = VC4_PRIMITIVE_MODE_POINTS;
	j.point_size = 4;
	j.line_width = 1;
	j.fs = "fmul r0, ra15, vary\nfmul r0, ra15, vary\nfmul r0, ra15, vary\n"
	       "fmul r0, ra15, vary\nfmul r0, ra15, vary\nfmul r0, ra15, vary\n"
	       "nop ; nop ; thrend\nnop\nnop\n";
	const struct fx_vertex v = { 20, 20, 0.5f, 0, 0, 0 };
	fx_build(&j, &v, 1);
	expect_error(&j, "render: 0x0041002c: packet 48 (Compressed Primitive List): fragment "
		     "shader at 0x00403000: ip 5: varying read 5 but the shader record declares "
		     "3 varyings (+2 generated for this primitive type)");
}

/* An RCL drawing `len` bytes of tile-list packets in tile (0, 0). */
static void render_packets(struct fx_job *j, const uint8_t *bytes, uint32_t len)
{
	uint32_t at = FX_RCL;
	EMIT(j, &at, TILE_RENDERING_MODE_CONFIGURATION, .memory_address = ADDR(FX_FB),
	     .width_in_pixels = 64, .height_in_pixels = 64);
	EMIT(j, &at, TILE_COORDINATES);
	memcpy(fx_ptr(j, at), bytes, len);
	j->rcl_end = at + len;
	j->bcl_end = FX_BCL;
}

/* Tile-list records need a Primitive List Format before them, and a points
 * list has no clipped records. */
static void primitive_list_format_errors(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	const uint8_t prim[13] = { VC4_COMPRESSED_PRIMITIVE_LIST_opcode };
	render_packets(&j, prim, sizeof(prim));
	expect_error(&j, "render: 0x0040900e: packet 48 (Compressed Primitive List): primitive "
		     "before any Primitive List Format");
	fx_init(&j, 64, 64);
	uint8_t clipped[2 + PIPE_CLIPPED_BYTES] = {
		VC4_PRIMITIVE_LIST_FORMAT_opcode, 0x10,
		VC4_CLIPPED_PRIMITIVE_WITH_COMPRESSED_PRIMITIVE_LIST_opcode,
	};
	render_packets(&j, clipped, sizeof(clipped));
	expect_error(&j, "render: 0x00409010: packet 49 (Clipped Primitive with Compressed "
		     "Primitive List): clipped primitive in a points list");
}

static uint32_t lcg(uint32_t *seed)
{
	*seed = *seed * 1664525u + 1013904223u;
	return *seed >> 8;
}

/* Appends `n` packets drawn from `ops` with random payloads (an address
 * inside memory in half of them) at *at. */
static void random_packets(struct fx_job *j, uint32_t *at, const uint8_t *ops, size_t nops,
			   int n, uint32_t *seed)
{
	for (int k = 0; k < n; k++) {
		uint8_t op = ops[lcg(seed) % nops];
		uint32_t len = vc4_packet_length(op);
		uint8_t *pkt = fx_ptr(j, *at);
		pkt[0] = op;
		for (uint32_t b = 1; b < len; b++)
			pkt[b] = (uint8_t)lcg(seed);
		if (len >= 5 && lcg(seed) % 2) {
			uint32_t a = FX_BASE + lcg(seed) % FX_SIZE;
			memcpy(pkt + len - 4, &a, 4);
		}
		*at += len;
	}
}

/* Control lists of random packets of each thread's kind with random
 * payloads: any outcome but a crash or an out-of-bounds access (run under
 * ASan/UBSan) is fine; a failure has a message. Odd iterations keep the
 * valid bin CL and fuzz the RCL only. */
static void random_control_lists(void **state)
{
	(void)state;
	static const uint8_t bin_ops[] = { 1, 5, 32, 33, 33, 56, 64, 96, 96, 97, 98, 99, 100, 101,
					   102, 103, 104, 105, 106, 112 };
	static const uint8_t rcl_ops[] = { 1, 8, 24, 26, 27, 28, 28, 29, 113, 113, 114, 115, 115,
					   17 };
	uint32_t seed = 12345;
	for (int iter = 0; iter < 300; iter++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		j.depth_func = VC4_COMPARE_FUNCTION_LESS;
		fx_build(&j, tri, 3);
		uint32_t at = FX_BCL + 40;
		if (iter % 2 == 0) {
			random_packets(&j, &at, bin_ops, sizeof(bin_ops), 8, &seed);
			*fx_ptr(&j, at++) = VC4_INCREMENT_SEMAPHORE_opcode;
			*fx_ptr(&j, at++) = VC4_FLUSH_opcode;
			j.bcl_end = at;
		}
		at = FX_RCL + 35 + lcg(&seed) % 2 * 3;
		random_packets(&j, &at, rcl_ops, sizeof(rcl_ops), 10, &seed);
		j.rcl_end = at;
		struct sim_pipe *p = sim_pipe_create();
		sim_pipe_set_instruction_limit(p, 10000);
		if (!sim_pipe_run_job(p, &j.mem, FX_BCL, j.bcl_end, FX_RCL, j.rcl_end, NULL,
				      &j.diag))
			assert_true(j.diag.set && j.diag.msg[0]);
		if (getenv("SIMPIPE_VERBOSE"))
			printf("%s\n", j.diag.set ? j.diag.msg : "ok");
		sim_pipe_destroy(p);
		fx_fini(&j);
	}
}

/* Vertices with random bits (NaN, Inf, huge) through the whole pipeline. */
static void random_vertices(void **state)
{
	(void)state;
	uint32_t seed = 777;
	for (int iter = 0; iter < 40; iter++) {
		struct fx_job j;
		fx_init(&j, 128, 128);
		struct fx_vertex v[6];
		uint32_t *w = (uint32_t *)v;
		for (size_t i = 0; i < sizeof(v) / 4; i++)
			w[i] = iter % 2 ? lcg(&seed) * 0x100u + lcg(&seed) :
				(uint32_t)(lcg(&seed) % 200) * 0x3c000000u / 200u;
		fx_build(&j, v, 6);
		if (!fx_run(&j))
			assert_true(j.diag.msg[0]);
		fx_fini(&j);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unknown_opcode),
		cmocka_unit_test(wait_without_binning),
		cmocka_unit_test(rcl_outside_memory),
		cmocka_unit_test(packet_past_memory),
		cmocka_unit_test(binner_out_of_memory),
		cmocka_unit_test(attribute_outside_memory),
		cmocka_unit_test(fs_without_thread_end),
		cmocka_unit_test(stencil_setup_too_late),
		cmocka_unit_test(alpha_mask_not_modelled),
		cmocka_unit_test(reserved_primitive_mode),
		cmocka_unit_test(point_reads_too_many_varyings),
		cmocka_unit_test(primitive_list_format_errors),
		cmocka_unit_test(random_control_lists),
		cmocka_unit_test(random_vertices),
	};
	return cmocka_run_group_tests_name("simpipe_errors", tests, NULL, NULL);
}
