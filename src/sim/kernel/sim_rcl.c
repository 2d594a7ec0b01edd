/*
 * sim_rcl.c: the render CL, which the kernel (not userspace) writes. The six
 * SUBMIT_CL surfaces are checked (formats, bits, alignment, sizes against
 * their BOs, the tile rectangle against the binning config),
 * then the RCL is emitted packet by packet with the generated _pack
 * functions into a kernel BO: optional clear colours, the rendering mode
 * config, and per tile the loads, TILE_COORDINATES, the semaphore wait
 * (first tile), the branch to the tile's bin list, and the stores (EOF on
 * the last tile), in the order the SUBMIT_CL flags ask for. The emitter runs
 * twice: once to measure, once to write, and the two must agree.
 */
#include "sim_validate.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "vc4_packets.h"

enum rcl_surface {
	SURF_COLOR_WRITE, SURF_COLOR_READ, SURF_ZS_READ, SURF_ZS_WRITE,
	SURF_MSAA_COLOR_WRITE, SURF_MSAA_ZS_WRITE, SURF_COUNT
};

static const char *const surf_names[SURF_COUNT] = {
	[SURF_COLOR_WRITE] = "color_write", [SURF_COLOR_READ] = "color_read",
	[SURF_ZS_READ] = "zs_read", [SURF_ZS_WRITE] = "zs_write",
	[SURF_MSAA_COLOR_WRITE] = "msaa_color_write", [SURF_MSAA_ZS_WRITE] = "msaa_zs_write",
};

/* drm_vc4_submit_rcl_surface.bits, through the generated Render Config
 * and Load Store Surface Bits (the layouts of the packets they become). */
static void rc_bits(uint16_t bits, struct VC4_RENDER_CONFIG_SURFACE_BITS *rc)
{
	const uint8_t raw[2] = { (uint8_t)bits, (uint8_t)(bits >> 8) };
	VC4_RENDER_CONFIG_SURFACE_BITS_unpack(raw, rc);
}

/* (see rc_bits) */
static void ls_bits(uint16_t bits, struct VC4_LOAD_STORE_SURFACE_BITS *ls)
{
	const uint8_t raw[2] = { (uint8_t)bits, (uint8_t)(bits >> 8) };
	VC4_LOAD_STORE_SURFACE_BITS_unpack(raw, ls);
}

/* The render config bits the kernel accepts: 4x multisampling, the colour
 * format, decimation 1x or 4x, the memory format (0x00dd). */
static uint16_t render_config_allowed(void)
{
	uint8_t raw[2];
	VC4_RENDER_CONFIG_SURFACE_BITS_pack(NULL, raw, &(struct VC4_RENDER_CONFIG_SURFACE_BITS){
		.multisample_mode_4x = true, .non_hdr_frame_buffer_color_format = 3,
		.decimate_mode = VC4_RENDER_CONFIG_SURFACE_BITS_DECIMATE_MODE_4X,
		.memory_format = (enum vc4_tiling_format)3 });
	return (uint16_t)(raw[0] | raw[1] << 8);
}

/* The load/store bits the kernel accepts: buffer, memory format and pixel
 * colour format (0x0337). */
static uint16_t loadstore_allowed(void)
{
	uint8_t raw[2];
	VC4_LOAD_STORE_SURFACE_BITS_pack(NULL, raw, &(struct VC4_LOAD_STORE_SURFACE_BITS){
		.buffer = (enum vc4_tile_buffer)7, .format = (enum vc4_tiling_format)3,
		.pixel_color_format = 3 });
	return (uint16_t)(raw[0] | raw[1] << 8);
}

/* State of one RCL generation. */
struct rcl {
	struct sim_exec *e;
	const struct drm_vc4_submit_cl *args;
	const struct drm_vc4_submit_rcl_surface *surf[SURF_COUNT];
	struct sim_bo *bo[SURF_COUNT]; /* NULL: surface absent */
	bool has_bin;                  /* the job has a bin CL */
	uint8_t *out;                  /* NULL while measuring */
	uint32_t pos;                  /* bytes emitted (or measured) */
	bool pack_failed;              /* a value did not fit its field (internal error) */
};

/* ---- surface validation ---- */

static bool __attribute__((format(printf, 3, 4)))
surf_fail(enum rcl_surface s, struct vc4_diag *diag, const char *fmt, ...)
{
	char reason[VC4_DIAG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return vc4_diag_set(diag, "%s: %s", surf_names[s], reason);
}

/* Full-res (MSAA) surfaces hold 16 KiB per 32x32 tile, row stride
 * ceil(width / 32) tiles: the last tile rendered must fit entirely. */
static bool full_res_bounds(const struct rcl *r, enum rcl_surface s, struct vc4_diag *diag)
{
	const struct drm_vc4_submit_rcl_surface *surf = r->surf[s];
	uint32_t size = r->bo[s]->size;
	if (surf->offset > size)
		return surf_fail(s, diag, "surface offset %u > BO size %u", surf->offset, size);
	uint64_t stride = (r->args->width + 31u) / 32u;
	uint64_t tiles = stride * r->args->max_y_tile + r->args->max_x_tile + 1;
	if ((size - surf->offset) / SIM_FULL_RES_TILE_SIZE < tiles)
		return surf_fail(s, diag, "MSAA tile %u, %u out of bounds (bo size %u, offset "
				 "%u, %" PRIu64 " tiles of %u bytes needed)", r->args->max_x_tile,
				 r->args->max_y_tile, size, surf->offset, tiles,
				 SIM_FULL_RES_TILE_SIZE);
	return true;
}

/* The surface's BO for a non-shader use (reported if not). */
static bool lookup(struct rcl *r, enum rcl_surface s, struct vc4_diag *diag)
{
	struct vc4_diag d = {0};
	r->bo[s] = sim_exec_use_bo(r->e, r->surf[s]->hindex, surf_names[s], &d);
	return r->bo[s] ? true : vc4_diag_set(diag, "%s", d.msg);
}

/* color_write: render-config bits; the rendering mode config's surface. */
static bool setup_color_write(struct rcl *r, struct vc4_diag *diag)
{
	const enum rcl_surface s = SURF_COLOR_WRITE;
	const struct drm_vc4_submit_rcl_surface *surf = r->surf[s];
	if (surf->flags)
		return surf_fail(s, diag, "No flags supported on render config. (0x%04x)",
				 surf->flags);
	if (surf->bits & ~render_config_allowed())
		return surf_fail(s, diag, "Unknown bits in render config: 0x%04x", surf->bits);
	if (surf->hindex == ~0u)
		return true;
	if (!lookup(r, s, diag))
		return false;
	struct VC4_RENDER_CONFIG_SURFACE_BITS rc;
	rc_bits(surf->bits, &rc);
	uint32_t tiling = rc.memory_format, format = rc.non_hdr_frame_buffer_color_format;
	if (tiling > VC4_TILING_FORMAT_LT)
		return surf_fail(s, diag, "Bad tiling format %u", tiling);
	if (format == 3)
		return surf_fail(s, diag, "Bad tile buffer format %u", format);
	const uint32_t rgba8888 =
		VC4_RENDER_CONFIG_SURFACE_BITS_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_RGBA8888;
	uint32_t cpp = format == rgba8888 ? 4 : 2;
	return sim_check_tex_size(r->bo[s], surf->offset, tiling, r->args->width,
				  r->args->height, cpp, surf_names[s], diag);
}

/* General load/store surface bits: buffer, tiling, format, then the size. */
static bool setup_general_bits(struct rcl *r, enum rcl_surface s, struct vc4_diag *diag)
{
	const struct drm_vc4_submit_rcl_surface *surf = r->surf[s];
	struct VC4_LOAD_STORE_SURFACE_BITS ls;
	ls_bits(surf->bits, &ls);
	uint32_t tiling = ls.format, buffer = ls.buffer, format = ls.pixel_color_format;
	uint32_t cpp = 4;
	if (surf->bits & ~loadstore_allowed())
		return surf_fail(s, diag, "Unknown bits in load/store: 0x%04x", surf->bits);
	if (tiling > VC4_TILING_FORMAT_LT)
		return surf_fail(s, diag, "Bad tiling format %u", tiling);
	if (buffer == VC4_TILE_BUFFER_Z_STENCIL) {
		if (format != 0)
			return surf_fail(s, diag, "No color format should be set for ZS (%u)",
					 format);
	} else if (buffer == VC4_TILE_BUFFER_COLOR) {
		if (format == 3)
			return surf_fail(s, diag, "Bad tile buffer format %u", format);
		cpp = format == VC4_LOAD_STORE_SURFACE_BITS_PIXEL_COLOR_FORMAT_RGBA8888 ? 4 : 2;
	} else {
		return surf_fail(s, diag, "Bad load/store buffer %u.", buffer);
	}
	if (surf->offset & 15)
		return surf_fail(s, diag, "load/store buffer must be 16b aligned. (offset 0x%08x)",
				 surf->offset);
	return sim_check_tex_size(r->bo[s], surf->offset, tiling, r->args->width,
				  r->args->height, cpp, surf_names[s], diag);
}

/* color_read, zs_read, zs_write: general load/store bits or full-res. */
static bool setup_general(struct rcl *r, enum rcl_surface s, struct vc4_diag *diag)
{
	const struct drm_vc4_submit_rcl_surface *surf = r->surf[s];
	if (surf->flags & ~VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES)
		return surf_fail(s, diag, "Extra flags set (0x%04x)", surf->flags);
	if (surf->hindex == ~0u)
		return true;
	if (!lookup(r, s, diag))
		return false;
	if (!(surf->flags & VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES))
		return setup_general_bits(r, s, diag);
	if (s == SURF_ZS_WRITE)
		return surf_fail(s, diag, "general zs write may not be a full-res.");
	if (surf->bits)
		return surf_fail(s, diag, "load/store general bits set with full res load/store. "
				 "(0x%04x)", surf->bits);
	/* Not checked by the kernel, which ORs the packet's flag bits into the
	 * low 4 address bits: an unaligned offset would change the flags. */
	if (surf->offset & 15)
		return surf_fail(s, diag, "full-res load must be 16b aligned. (offset 0x%08x)",
				 surf->offset);
	return full_res_bounds(r, s, diag);
}

/* msaa_color_write, msaa_zs_write: no bits or flags, 16-byte aligned,
 * every rendered full-res tile inside the BO. */
static bool setup_msaa(struct rcl *r, enum rcl_surface s, struct vc4_diag *diag)
{
	const struct drm_vc4_submit_rcl_surface *surf = r->surf[s];
	if (surf->flags || surf->bits)
		return surf_fail(s, diag, "MSAA surface had nonzero flags/bits (0x%04x/0x%04x)",
				 surf->flags, surf->bits);
	if (surf->hindex == ~0u)
		return true;
	if (!lookup(r, s, diag))
		return false;
	if (surf->offset & 15)
		return surf_fail(s, diag, "MSAA write must be 16b aligned. (offset 0x%08x)",
				 surf->offset);
	return full_res_bounds(r, s, diag);
}

/* The tile rectangle: ordered, and inside the binned tiles (defect 6: `>=`).
 * Tiles beyond the frame are the kernel's business no more than the
 * hardware's: the pipeline must clip tile stores to the frame. */
static bool check_tiles(const struct rcl *r, struct vc4_diag *diag)
{
	const struct drm_vc4_submit_cl *a = r->args;
	if (a->min_x_tile > a->max_x_tile || a->min_y_tile > a->max_y_tile)
		return vc4_diag_set(diag, "Bad render tile set (%u,%u)-(%u,%u)", a->min_x_tile,
				    a->min_y_tile, a->max_x_tile, a->max_y_tile);
	if (r->has_bin &&
	    (a->max_x_tile >= r->e->bin_tiles_x || a->max_y_tile >= r->e->bin_tiles_y))
		return vc4_diag_set(diag, "Render tiles (%u,%u) outside of bin config (%u,%u)",
				    a->max_x_tile, a->max_y_tile, r->e->bin_tiles_x,
				    r->e->bin_tiles_y);
	return true;
}

/* The tile rectangle and the six surfaces, in the kernel's order. */
static bool setup_surfaces(struct rcl *r, struct vc4_diag *diag)
{
	const struct drm_vc4_submit_cl *a = r->args;
	r->surf[SURF_COLOR_WRITE] = &a->color_write;
	r->surf[SURF_COLOR_READ] = &a->color_read;
	r->surf[SURF_ZS_READ] = &a->zs_read;
	r->surf[SURF_ZS_WRITE] = &a->zs_write;
	r->surf[SURF_MSAA_COLOR_WRITE] = &a->msaa_color_write;
	r->surf[SURF_MSAA_ZS_WRITE] = &a->msaa_zs_write;
	if (!check_tiles(r, diag) || !setup_color_write(r, diag) ||
	    !setup_general(r, SURF_COLOR_READ, diag) || !setup_general(r, SURF_ZS_READ, diag) ||
	    !setup_general(r, SURF_ZS_WRITE, diag) || !setup_msaa(r, SURF_MSAA_COLOR_WRITE, diag) ||
	    !setup_msaa(r, SURF_MSAA_ZS_WRITE, diag))
		return false;
	if (!r->bo[SURF_COLOR_WRITE] && !r->bo[SURF_ZS_WRITE] && !r->bo[SURF_MSAA_COLOR_WRITE] &&
	    !r->bo[SURF_MSAA_ZS_WRITE])
		return vc4_diag_set(diag, "RCL requires color or Z/S write");
	return true;
}

/* ---- emission ---- */

/* Reserves `len` bytes: where to pack them, or NULL while measuring. */
static uint8_t *emit(struct rcl *r, uint32_t len)
{
	uint8_t *at = r->out ? r->out + r->pos : NULL;
	r->pos += len;
	return at;
}

#define EMIT(r, NAME, ...) do { \
	uint8_t *at_ = emit((r), VC4_##NAME##_length); \
	if (at_ && VC4_##NAME##_pack(NULL, at_, &(struct VC4_##NAME){ VC4_##NAME##_header, \
								       __VA_ARGS__ })) \
		(r)->pack_failed = true; \
} while (0)

/* A packet without fields. */
#define EMIT0(r, NAME) do { \
	uint8_t *at_ = emit((r), VC4_##NAME##_length); \
	if (at_ && VC4_##NAME##_pack(NULL, at_, &(struct VC4_##NAME){ VC4_##NAME##_header })) \
		(r)->pack_failed = true; \
} while (0)

/* GPU address of a present surface. */
static uint32_t surf_addr(const struct rcl *r, enum rcl_surface s)
{
	return r->bo[s]->paddr + r->surf[s]->offset;
}

/* Address of tile (x, y) in a full-res surface. */
static uint32_t full_res_addr(const struct rcl *r, enum rcl_surface s, uint32_t x, uint32_t y)
{
	uint32_t stride = (r->args->width + 31u) / 32u;
	return surf_addr(r, s) + SIM_FULL_RES_TILE_SIZE * (stride * y + x);
}

/* TILE_COORDINATES: runs a pending load and places the next ones. */
static void emit_coords(struct rcl *r, uint32_t x, uint32_t y)
{
	EMIT(r, TILE_COORDINATES, .tile_column_number = x, .tile_row_number = y);
}

/* A store of nothing that keeps every buffer: makes the pending load run. */
static void emit_store_before_load(struct rcl *r)
{
	EMIT(r, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_NONE,
	     .disable_color_buffer_clear_on_store = true,
	     .disable_z_stencil_buffer_clear_on_store = true,
	     .disable_vg_mask_buffer_clear_on_store = true);
}

/* A colour or Z/S load of tile (x, y): full-res at the tile's address, or
 * general with the surface bits. */
static void emit_load(struct rcl *r, enum rcl_surface s, uint32_t x, uint32_t y, bool color)
{
	if (r->surf[s]->flags & VC4_SUBMIT_RCL_SURFACE_READ_IS_FULL_RES) {
		EMIT(r, RE_LOAD_FULL_RESOLUTION_TILE_BUFFER,
		     .disable_color_buffer_read = !color, .disable_z_stencil_buffer_read = color,
		     .memory_base_address = { .offset = full_res_addr(r, s, x, y) });
		return;
	}
	struct VC4_LOAD_STORE_SURFACE_BITS ls;
	ls_bits(r->surf[s]->bits, &ls);
	EMIT(r, LOAD_TILE_BUFFER_GENERAL, .buffer_to_load = ls.buffer, .format = ls.format,
	     .pixel_color_format = ls.pixel_color_format,
	     .memory_base_address = { .offset = surf_addr(r, s) });
}

/* A full-res store of tile (x, y): clears kept while `more` stores
 * follow, else EOF on the last tile. */
static void emit_full_res_store(struct rcl *r, enum rcl_surface s, uint32_t x, uint32_t y,
				bool color, bool more, bool last)
{
	EMIT(r, STORE_FULL_RESOLUTION_TILE_BUFFER,
	     .disable_color_buffer_write = !color, .disable_z_stencil_buffer_write = color,
	     .disable_clear_on_write = more, .last_tile_of_frame = !more && last,
	     .memory_base_address = { .offset = full_res_addr(r, s, x, y) });
}

/* The general Z/S store: keeps the colour buffer for a colour store
 * that follows, else EOF on the last tile. */
static void emit_zs_store(struct rcl *r, bool last)
{
	struct VC4_LOAD_STORE_SURFACE_BITS ls;
	ls_bits(r->surf[SURF_ZS_WRITE]->bits, &ls);
	bool more = r->bo[SURF_COLOR_WRITE] != NULL;
	EMIT(r, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = ls.buffer, .format = ls.format,
	     .pixel_color_format = ls.pixel_color_format,
	     .disable_color_buffer_clear_on_store = more, .last_tile_of_frame = !more && last,
	     .memory_base_address = { .offset = surf_addr(r, SURF_ZS_WRITE) });
}

/* Loads of tile (x, y): colour, then Z/S (after running the colour load). */
static void emit_tile_loads(struct rcl *r, uint32_t x, uint32_t y)
{
	if (r->bo[SURF_COLOR_READ])
		emit_load(r, SURF_COLOR_READ, x, y, true);
	if (r->bo[SURF_ZS_READ]) {
		if (r->bo[SURF_COLOR_READ]) {
			emit_coords(r, x, y);
			emit_store_before_load(r);
		}
		emit_load(r, SURF_ZS_READ, x, y, false);
	}
}

/* Stores of tile (x, y): MSAA colour, MSAA Z/S, Z/S, colour; a
 * TILE_COORDINATES between two stores; EOF on the frame's last store. */
static void emit_tile_stores(struct rcl *r, uint32_t x, uint32_t y, bool last)
{
	bool mc = r->bo[SURF_MSAA_COLOR_WRITE], mz = r->bo[SURF_MSAA_ZS_WRITE];
	bool zs = r->bo[SURF_ZS_WRITE], color = r->bo[SURF_COLOR_WRITE];
	if (mc)
		emit_full_res_store(r, SURF_MSAA_COLOR_WRITE, x, y, true, mz || zs || color, last);
	if (mz) {
		if (mc)
			emit_coords(r, x, y);
		emit_full_res_store(r, SURF_MSAA_ZS_WRITE, x, y, false, zs || color, last);
	}
	if (zs) {
		if (mc || mz)
			emit_coords(r, x, y);
		emit_zs_store(r, last);
	}
	if (color) {
		if (mc || mz || zs)
			emit_coords(r, x, y);
		if (last)
			EMIT0(r, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF);
		else
			EMIT0(r, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER);
	}
}

/* Everything for tile (x, y): loads, coordinates, semaphore wait on the
 * first tile, branch to its bin list, stores. */
static void emit_tile(struct rcl *r, uint32_t x, uint32_t y, bool first, bool last)
{
	emit_tile_loads(r, x, y);
	emit_coords(r, x, y);
	if (r->has_bin) {
		if (first)
			EMIT0(r, WAIT_ON_SEMAPHORE);
		uint32_t list = r->e->tile_alloc_paddr +
				(y * r->e->bin_tiles_x + x) * SIM_TILE_LIST_BLOCK;
		EMIT(r, BRANCH_TO_SUB_LIST, .branch_address = { .offset = list });
	}
	emit_tile_stores(r, x, y, last);
}

/* Clear colours (with a dummy store so the tile buffer takes them), the
 * rendering mode config, then every tile in the requested order. */
static void emit_rcl(struct rcl *r)
{
	const struct drm_vc4_submit_cl *a = r->args;
	if (a->flags & VC4_SUBMIT_CL_USE_CLEAR_COLOR) {
		EMIT(r, CLEAR_COLORS,
		     .clear_color = (uint64_t)a->clear_color[1] << 32 | a->clear_color[0],
		     .clear_zs = a->clear_z & 0xffffff, .clear_vg_mask = a->clear_z >> 24,
		     .clear_stencil = a->clear_s);
		emit_coords(r, 0, 0);
		EMIT(r, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_NONE);
	}
	/* color_write's bits even without its BO, like Linux: Mesa's 4x MSAA
	 * jobs have only full-res surfaces and set MS_MODE_4X and
	 * DECIMATE_MODE_4X there ("controls how many pixels the general loads/
	 * stores are iterating over", vc4_job.c). */
	struct VC4_RENDER_CONFIG_SURFACE_BITS rc;
	rc_bits(a->color_write.bits, &rc);
	EMIT(r, TILE_RENDERING_MODE_CONFIGURATION,
	     .memory_address = { .offset = r->bo[SURF_COLOR_WRITE] ?
					   surf_addr(r, SURF_COLOR_WRITE) : 0 },
	     .width_in_pixels = a->width, .height_in_pixels = a->height,
	     .multisample_mode_4x = rc.multisample_mode_4x,
	     .non_hdr_frame_buffer_color_format = rc.non_hdr_frame_buffer_color_format,
	     .decimate_mode = rc.decimate_mode, .memory_format = rc.memory_format);
	bool fixed = a->flags & VC4_SUBMIT_CL_FIXED_RCL_ORDER;
	bool inc_x = !fixed || (a->flags & VC4_SUBMIT_CL_RCL_ORDER_INCREASING_X);
	bool inc_y = !fixed || (a->flags & VC4_SUBMIT_CL_RCL_ORDER_INCREASING_Y);
	uint32_t nx = a->max_x_tile - a->min_x_tile + 1u, ny = a->max_y_tile - a->min_y_tile + 1u;
	for (uint32_t yi = 0; yi < ny; yi++) {
		uint32_t y = inc_y ? a->min_y_tile + yi : a->max_y_tile - yi;
		for (uint32_t xi = 0; xi < nx; xi++) {
			uint32_t x = inc_x ? a->min_x_tile + xi : a->max_x_tile - xi;
			emit_tile(r, x, y, xi == 0 && yi == 0, xi == nx - 1 && yi == ny - 1);
		}
	}
}

bool sim_rcl_generate(struct sim_exec *e, struct vc4_diag *diag)
{
	struct rcl r = { .e = e, .args = &e->job->args, .has_bin = e->job->args.bin_cl_size != 0 };
	if (!setup_surfaces(&r, diag))
		return false;
	emit_rcl(&r);
	uint32_t size = r.pos;
	uint32_t alloc = (size + SIM_PAGE_SIZE - 1) & ~(SIM_PAGE_SIZE - 1);
	if (!sim_arena_alloc(&e->k->arena, alloc, &e->rcl_paddr))
		return vc4_diag_set(diag, "out of memory for the %u-byte RCL", size);
	e->rcl_size = alloc;
	r.out = sim_memory_ptr(&e->k->mem, e->rcl_paddr, alloc);
	r.pos = 0;
	emit_rcl(&r);
	if (r.pack_failed)
		return vc4_diag_set(diag, "internal error: an RCL packet field did not fit");
	if (r.pos != size)
		return vc4_diag_set(diag, "internal error: RCL is %u bytes, measured %u", r.pos,
				    size);
	e->job->validated.ct1ca = e->rcl_paddr;
	e->job->validated.ct1ea = e->rcl_paddr + size;
	return true;
}
