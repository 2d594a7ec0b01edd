/*
 * test_validate_rcl.c: the simulated kernel's RCL surface rules (one test
 * per rule, exact reasons, defect 6 rejected) and the generated RCLs,
 * decoded with the CL decoder behind `vc4-cldump --render` and compared
 * with the reviewed files tests/simkernel/golden/rcl_*.txt (their leading
 * '#' lines are comments). VC4_UPDATE_GOLDEN=1 rewrites them. One job runs:
 * its Z/S clear values reach the stored Z/S surface.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cl/clif.h"
#include "sim/kernel/sim_validate.h"
#include "simkernel_fixture.h"
#include "tool_run.h"
#include "util/file.h"

/* A render-only job (no bin CL). */
static void render_only(struct fx *f)
{
	f->bin_len = f->rec_len = f->uni_len = 0;
	f->args.shader_rec_count = 0;
}

static void bad_tile_set(void **state)
{
	struct fx *f = *state;
	f->args.min_x_tile = 1;
	fx_reject(f, "Bad render tile set (1,0)-(0,0)");
}

/* Defect 6: the kernel accepts max tile == bin tile count. */
static void tile_equal_to_bin_count(void **state)
{
	struct fx *f = *state;
	f->args.max_x_tile = 1;
	fx_reject(f, "Render tiles (1,0) outside of bin config (1,1)");
}

static void color_write_flags(void **state)
{
	struct fx *f = *state;
	f->args.color_write.flags = 1;
	fx_reject(f, "color_write: No flags supported on render config. (0x0001)");
}

static void color_write_unknown_bits(void **state)
{
	struct fx *f = *state;
	f->args.color_write.bits |= 0x0100;
	fx_reject(f, "color_write: Unknown bits in render config: 0x0104");
}

static void color_write_bad_tiling(void **state)
{
	struct fx *f = *state;
	f->args.color_write.bits |= 0x00c0;
	fx_reject(f, "color_write: Bad tiling format 3");
}

static void color_write_bad_format(void **state)
{
	struct fx *f = *state;
	f->args.color_write.bits = 0x000c;
	fx_reject(f, "color_write: Bad tile buffer format 3");
}

static void color_write_too_small(void **state)
{
	struct fx *f = *state;
	f->args.color_write.offset = 0xf010;
	fx_reject(f, "color_write: Overflow in 64x64 (64x64) fbo size (16384 + 61456 > 65536)");
}

static void color_write_index(void **state)
{
	struct fx *f = *state;
	f->args.color_write.hindex = FX_TEX_SHADER;
	fx_reject(f, "color_write: Trying to use shader BO as something other than a shader "
		  "(BO index 5)");
}

static void general_extra_flags(void **state)
{
	struct fx *f = *state;
	f->args.color_read = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_COLOR, .flags = 2 };
	fx_reject(f, "color_read: Extra flags set (0x0002)");
}

static void zs_write_full_res(void **state)
{
	struct fx *f = *state;
	f->args.zs_write = (struct drm_vc4_submit_rcl_surface){
		.hindex = FX_ZS, .flags = VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES };
	fx_reject(f, "zs_write: general zs write may not be a full-res.");
}

static void full_res_with_bits(void **state)
{
	struct fx *f = *state;
	f->args.zs_read = (struct drm_vc4_submit_rcl_surface){
		.hindex = FX_ZS, .flags = VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES, .bits = 2 };
	fx_reject(f, "zs_read: load/store general bits set with full res load/store. (0x0002)");
}

static void full_res_out_of_bounds(void **state)
{
	struct fx *f = *state;
	f->args.color_read = (struct drm_vc4_submit_rcl_surface){
		.hindex = FX_COLOR, .flags = VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES,
		.offset = 65536 - 16368 };
	fx_reject(f, "color_read: MSAA tile 0, 0 out of bounds (bo size 65536, offset 49168, 1 "
		  "tiles of 16384 bytes needed)");
}

/* Found by fuzzing: the kernel ORs the load's flag bits into the low four
 * bits of an unchecked full-res address. */
static void full_res_unaligned(void **state)
{
	struct fx *f = *state;
	f->args.color_read = (struct drm_vc4_submit_rcl_surface){
		.hindex = FX_COLOR, .flags = VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES,
		.offset = 0xff };
	fx_reject(f, "color_read: full-res load must be 16b aligned. (offset 0x000000ff)");
}

static void full_res_offset_past_bo(void **state)
{
	struct fx *f = *state;
	f->args.color_read = (struct drm_vc4_submit_rcl_surface){
		.hindex = FX_COLOR, .flags = VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES,
		.offset = 65552 };
	fx_reject(f, "color_read: surface offset 65552 > BO size 65536");
}

static void general_unknown_bits(void **state)
{
	struct fx *f = *state;
	f->args.zs_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS, .bits = 0x2002 };
	fx_reject(f, "zs_write: Unknown bits in load/store: 0x2002");
}

static void general_bad_tiling(void **state)
{
	struct fx *f = *state;
	f->args.zs_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS, .bits = 0x0032 };
	fx_reject(f, "zs_write: Bad tiling format 3");
}

static void zs_with_color_format(void **state)
{
	struct fx *f = *state;
	f->args.zs_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS, .bits = 0x0102 };
	fx_reject(f, "zs_write: No color format should be set for ZS (1)");
}

static void general_bad_color_format(void **state)
{
	struct fx *f = *state;
	f->args.color_read = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_COLOR,
								   .bits = 0x0301 };
	fx_reject(f, "color_read: Bad tile buffer format 3");
}

static void general_bad_buffer(void **state)
{
	struct fx *f = *state;
	f->args.zs_read = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS, .bits = 0x0003 };
	fx_reject(f, "zs_read: Bad load/store buffer 3.");
}

static void general_alignment(void **state)
{
	struct fx *f = *state;
	f->args.zs_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS, .bits = 0x0002,
								 .offset = 8 };
	fx_reject(f, "zs_write: load/store buffer must be 16b aligned. (offset 0x00000008)");
}

static void general_too_small(void **state)
{
	struct fx *f = *state;
	f->args.zs_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_INDEX,
								 .bits = 0x0002 };
	fx_reject(f, "zs_write: Overflow in 64x64 (64x64) fbo size (16384 + 0 > 4096)");
}

/* Found by fuzzing: a 0-pixel-wide surface passes the size rule at the very
 * end of its BO, but the RCL would still load its first tile from there. */
static void empty_surface_at_bo_end(void **state)
{
	struct fx *f = *state;
	render_only(f);
	f->args.width = 0;
	f->args.color_write.offset = 0;
	f->args.zs_read = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS, .bits = 0x0022,
								.offset = 65536 };
	fx_reject(f, "zs_read: surface offset 65536 is not inside the 65536-byte BO");
}

static void msaa_bits(void **state)
{
	struct fx *f = *state;
	f->args.msaa_color_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_MSAA,
									 .bits = 1 };
	fx_reject(f, "msaa_color_write: MSAA surface had nonzero flags/bits (0x0000/0x0001)");
}

static void msaa_alignment(void **state)
{
	struct fx *f = *state;
	f->args.msaa_zs_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_MSAA,
								      .offset = 4 };
	fx_reject(f, "msaa_zs_write: MSAA write must be 16b aligned. (offset 0x00000004)");
}

/* The kernel's check is one tile short; the last tile must fit whole. */
static void msaa_last_tile_must_fit(void **state)
{
	struct fx *f = *state;
	render_only(f);
	f->args.color_write.bits = 0x0005;
	f->args.max_x_tile = f->args.max_y_tile = 1;
	f->args.msaa_color_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_MSAA,
									 .offset = 16 };
	fx_reject(f, "msaa_color_write: MSAA tile 1, 1 out of bounds (bo size 65536, offset 16, 4 "
		  "tiles of 16384 bytes needed)");
}

static void no_write_surface(void **state)
{
	struct fx *f = *state;
	f->args.color_write.hindex = ~0u;
	fx_reject(f, "RCL requires color or Z/S write");
}

/* Defect 6: 0..255 wraps the kernel's 8-bit tile count to 0 (an RCL with no
 * tiles and no EOF). Here: 256 tiles, EOF on the last. */
static void tile_range_255_does_not_wrap(void **state)
{
	struct fx *f = *state;
	render_only(f);
	f->args.max_x_tile = 255;
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_MANUAL);
	assert_int_equal(fx_submit(f), 0);
	struct sim_job *job = f->k->queue.data[f->k->queue.len - 1];
	uint32_t len = job->validated.ct1ea - job->validated.ct1ca;
	assert_int_equal(len, VC4_TILE_RENDERING_MODE_CONFIGURATION_length +
			      256 * (VC4_TILE_COORDINATES_length + 1));
	const uint8_t *rcl = sim_memory_ptr(sim_kernel_memory(f->k), job->validated.ct1ca, len);
	assert_int_equal(rcl[len - 1],
			 VC4_STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF_opcode);
	assert_int_equal(rcl[len - 4], VC4_TILE_COORDINATES_opcode);
	assert_int_equal(rcl[len - 3], 255);
	sim_kernel_retire(f->k, job->seqno);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_AT_SUBMIT);
}

/* The clear values reach a raster Z/S surface: Z from the low 24 bits of
 * clear_z in bits 31..8, clear_s in bits 7..0 (clear_z's top byte is the VG
 * mask clear, not Z). */
static void clear_reaches_zs_surface(void **state)
{
	struct fx *f = *state;
	render_only(f);
	f->args.flags = VC4_SUBMIT_CL_USE_CLEAR_COLOR;
	f->args.clear_z = 0xee123456;
	f->args.clear_s = 0xa5;
	f->args.zs_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS, .bits = 0x0002 };
	assert_int_equal(fx_submit(f), 0);
	struct vc4_diag d = {0};
	assert_int_equal(vc4_bo_wait(f->bo[FX_ZS], UINT64_MAX, &d), 0);
	const uint32_t *zs = vc4_bo_map(f->bo[FX_ZS], &d);
	assert_non_null(zs);
	for (uint32_t i = 0; i < 64 * 64; i++)
		assert_int_equal(zs[i], 0x123456a5);
}

/* ---- generated RCLs against the golden files ---- */

/* vc4-cldump (argv[1]), or NULL when the tool was not built. */
static const char *cldump;

/* Runs `vc4-cldump --render` over the raw RCL bytes: its exit status must
 * be 0 and its output the library decoder's `text`. */
static void check_tool(const uint8_t *rcl, uint32_t len, const char *text)
{
	char path[] = "/tmp/vc4-simkernel-rcl-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *fp = fdopen(fd, "wb");
	assert_non_null(fp);
	assert_int_equal(fwrite(rcl, 1, len, fp), len);
	fclose(fp);
	char args[256];
	snprintf(args, sizeof(args), "--render '%s'", path);
	struct tool_run r = tool_run(cldump, args, false);
	remove(path);
	if (r.status != 0)
		fail_msg("vc4-cldump --render exited with %d: %s", r.status, r.err);
	assert_string_equal(r.out, text);
	tool_run_free(&r);
}

/* The RCL of the job, decoded (and by vc4-cldump --render when built); the
 * job is retired afterwards. */
static char *decoded_rcl(struct fx *f)
{
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_MANUAL);
	assert_int_equal(fx_submit(f), 0);
	struct sim_job *job = f->k->queue.data[f->k->queue.len - 1];
	uint32_t len = job->validated.ct1ea - job->validated.ct1ca;
	const uint8_t *rcl = sim_memory_ptr(sim_kernel_memory(f->k), job->validated.ct1ca, len);
	assert_non_null(rcl);
	struct vc4_diag d = {0};
	struct clif_spec *spec = clif_spec_load(&d);
	assert_non_null(spec);
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	bool ok = clif_dump(spec, rcl, len, CLIF_RENDER_CL, false, out, &d);
	fclose(out);
	clif_spec_free(spec);
	if (!ok)
		fail_msg("%s", d.msg);
	if (cldump)
		check_tool(rcl, len, text);
	sim_kernel_retire(f->k, job->seqno);
	sim_kernel_set_exec(f->k, SIM_KERNEL_EXEC_AT_SUBMIT);
	return text;
}

/* Compares with golden/<name> (after its '#' comment lines). */
static void check_golden(const char *name, const char *comment, const char *text)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/golden/%s", SIMKERNEL_TESTS_DIR, name);
	if (getenv("VC4_UPDATE_GOLDEN")) {
		FILE *fp = fopen(path, "w");
		assert_non_null(fp);
		fprintf(fp, "%s%s", comment, text);
		fclose(fp);
	}
	size_t size;
	char *golden = vc4_read_file(path, &size, NULL);
	assert_non_null(golden);
	const char *body = golden;
	while (*body == '#') {
		const char *nl = strchr(body, '\n');
		body = nl ? nl + 1 : body + strlen(body);
	}
	assert_string_equal(text, body);
	free(golden);
}

#define HEAD "# Decoded by the CL decoder of vc4-cldump --render. BOs: colour at 0x%08x,\n" \
	     "# Z/S at 0x%08x, MSAA at 0x%08x; branches go to the binner slot's tile lists.\n"

static void golden(struct fx *f, const char *name, const char *what)
{
	struct sim_kernel_bo_info c, z, m;
	sim_kernel_bo_info(f->k, f->bo[FX_COLOR]->handle, &c);
	sim_kernel_bo_info(f->k, f->bo[FX_ZS]->handle, &z);
	sim_kernel_bo_info(f->k, f->bo[FX_MSAA]->handle, &m);
	char *text = decoded_rcl(f);
	char comment[512];
	snprintf(comment, sizeof(comment), "# %s\n" HEAD, what, c.paddr, z.paddr, m.paddr);
	check_golden(name, comment, text);
	free(text);
}

static void rcl_clear_only(void **state)
{
	struct fx *f = *state;
	render_only(f);
	f->args.flags = VC4_SUBMIT_CL_USE_CLEAR_COLOR;
	f->args.clear_color[0] = f->args.clear_color[1] = 0xff0000ff;
	f->args.clear_z = 0x00ffffff;
	f->args.clear_s = 0x80;
	golden(f, "rcl_clear_only.txt", "Clear-only job: 64x64 RGBA8888, no bin CL.");
}

/* A bin CL of tx x ty tiles drawing one triangle. */
static void binned(struct fx *f, uint32_t tx, uint32_t ty)
{
	f->bin_len = 0;
	fx_bin_head(f, tx, ty);
	FX_BIN(f, GL_SHADER_STATE, .number_of_attribute_arrays = 1);
	FX_BIN(f, VERTEX_ARRAY_PRIMITIVES, .primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES,
	       .length = 3);
	fx_bin_tail(f);
	f->args.width = (uint16_t)(64 * tx);
	f->args.height = (uint16_t)(64 * ty);
	f->args.max_x_tile = (uint8_t)(tx - 1);
	f->args.max_y_tile = (uint8_t)(ty - 1);
}

static void rcl_color_write_2x2(void **state)
{
	struct fx *f = *state;
	binned(f, 2, 2);
	golden(f, "rcl_color_2x2.txt", "Colour write, bin CL of 2x2 tiles (128x128).");
}

static void rcl_color_zs_read_write(void **state)
{
	struct fx *f = *state;
	binned(f, 1, 1);
	f->args.color_read = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_COLOR,
								   .bits = 0x0001 };
	f->args.zs_read = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS, .bits = 0x0012 };
	f->args.zs_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS, .bits = 0x0012 };
	golden(f, "rcl_color_zs.txt", "Colour and Z/S (T format) read and written, 1 tile.");
}

static void rcl_msaa(void **state)
{
	struct fx *f = *state;
	render_only(f);
	f->args.color_write.bits = 0x0015; /* RGBA8888, 4x MSAA, decimate 4x */
	f->args.max_x_tile = f->args.max_y_tile = 1;
	f->args.msaa_color_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_MSAA };
	f->args.msaa_zs_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS };
	golden(f, "rcl_msaa.txt", "4x MSAA 64x64 (2x2 tiles of 32x32): resolved colour, "
	       "full-res colour and Z/S.");
}

/* Mesa's 4x MSAA draw job (vc4_job.c): no color_write BO, its bits MS_MODE_4X
 * and DECIMATE_MODE_4X only; full-res colour and Z/S reloaded and stored. */
static void rcl_msaa_mesa_draw(void **state)
{
	struct fx *f = *state;
	render_only(f);
	f->args.color_write = (struct drm_vc4_submit_rcl_surface){ .hindex = ~0u,
								    .bits = 0x0011 };
	f->args.color_read = (struct drm_vc4_submit_rcl_surface){
		.hindex = FX_MSAA, .flags = VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES };
	f->args.zs_read = (struct drm_vc4_submit_rcl_surface){
		.hindex = FX_ZS, .flags = VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES };
	f->args.msaa_color_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_MSAA };
	f->args.msaa_zs_write = (struct drm_vc4_submit_rcl_surface){ .hindex = FX_ZS };
	f->args.width = f->args.height = 32;
	golden(f, "rcl_msaa_mesa.txt", "Mesa's 4x MSAA draw job, 32x32: no colour BO "
	       "(bits 4x and decimate 4x), full-res reloads and stores.");
}

/* Mesa's resolve blit (vc4_blit.c vc4_tile_blit): the 4x source reloaded at
 * full resolution, stored resolved to a single-sampled T surface. */
static void rcl_msaa_mesa_resolve(void **state)
{
	struct fx *f = *state;
	render_only(f);
	f->args.color_write.bits = 0x0055; /* RGBA8888, T, 4x MSAA, decimate 4x */
	f->args.color_read = (struct drm_vc4_submit_rcl_surface){
		.hindex = FX_MSAA, .flags = VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES };
	f->args.width = f->args.height = 32;
	golden(f, "rcl_msaa_resolve.txt", "Mesa's resolve of a 32x32 4x MSAA colour buffer "
	       "into a T-format RGBA8888 surface.");
}

static void rcl_fixed_order_decreasing(void **state)
{
	struct fx *f = *state;
	binned(f, 2, 2);
	f->args.flags = VC4_SUBMIT_CL_FIXED_RCL_ORDER;
	golden(f, "rcl_fixed_decreasing.txt", "FIXED_RCL_ORDER, x and y decreasing, 2x2 tiles.");
}

#define T(fn) cmocka_unit_test_setup(fn, fx_reset)

int main(int argc, char **argv)
{
	cldump = argc > 1 ? argv[1] : NULL;
	const struct CMUnitTest tests[] = {
		T(bad_tile_set),
		T(tile_equal_to_bin_count),
		T(color_write_flags),
		T(color_write_unknown_bits),
		T(color_write_bad_tiling),
		T(color_write_bad_format),
		T(color_write_too_small),
		T(color_write_index),
		T(general_extra_flags),
		T(zs_write_full_res),
		T(full_res_with_bits),
		T(full_res_out_of_bounds),
		T(full_res_unaligned),
		T(full_res_offset_past_bo),
		T(general_unknown_bits),
		T(general_bad_tiling),
		T(zs_with_color_format),
		T(general_bad_color_format),
		T(general_bad_buffer),
		T(general_alignment),
		T(general_too_small),
		T(empty_surface_at_bo_end),
		T(msaa_bits),
		T(msaa_alignment),
		T(msaa_last_tile_must_fit),
		T(no_write_surface),
		T(tile_range_255_does_not_wrap),
		T(clear_reaches_zs_surface),
		T(rcl_clear_only),
		T(rcl_color_write_2x2),
		T(rcl_color_zs_read_write),
		T(rcl_msaa),
		T(rcl_msaa_mesa_draw),
		T(rcl_msaa_mesa_resolve),
		T(rcl_fixed_order_decreasing),
	};
	return cmocka_run_group_tests_name("simkernel_rcl", tests, fx_setup, fx_teardown);
}
