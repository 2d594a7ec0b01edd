/*
 * pipe_tile.c: the tile buffer and its memory traffic: the rendering mode
 * configuration, clear values, tile coordinates, general loads and stores in
 * raster, T and LT layouts (RGBA8888, BGR565, 32-bit Z/stencil), the
 * multisample-resolved store of the frame buffer, full-resolution dumps, the
 * clear after a store, and end of frame.
 */
#include <string.h>

#include "sim/pipe/pipe_internal.h"

void pipe_tile_reset(struct pipe_tilebuf *tb)
{
	memset(tb, 0, sizeof(*tb));
}

/* Micro-tile (64 bytes) width and height in pixels for `cpp` bytes/pixel. */
static uint32_t utile_w(uint32_t cpp) { return cpp == 4 ? 4 : 8; }
static uint32_t utile_h(uint32_t cpp) { return cpp == 1 ? 8 : 4; }

static uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

/* Byte offset of pixel (x, y) in a surface `width` pixels wide. */
static uint64_t pixel_offset(enum vc4_tiling_format tiling, uint32_t cpp, uint32_t width,
			     uint32_t x, uint32_t y)
{
	uint32_t uw = utile_w(cpp), uh = utile_h(cpp);
	uint32_t in_utile = ((y % uh) * uw + x % uw) * cpp;
	if (tiling == VC4_TILING_FORMAT_RASTER)
		return (uint64_t)y * align_up(width, uw) * cpp + (uint64_t)x * cpp;
	if (tiling == VC4_TILING_FORMAT_LT) {
		uint32_t per_row = align_up(width, uw) / uw;
		return ((uint64_t)(y / uh) * per_row + x / uw) * 64 + in_utile;
	}
	/* T: 4 KiB tiles of 8x8 utiles, rows alternating direction; inside a
	 * tile 2x2 sub-tiles of 1 KiB whose order depends on the row parity;
	 * inside a sub-tile 4x4 utiles in raster order. */
	static const uint8_t sub_even[4] = { 0, 3, 1, 2 }, sub_odd[4] = { 2, 1, 3, 0 };
	uint32_t tiles_per_row = align_up(width, 8 * uw) / (8 * uw);
	uint32_t tx = x / (8 * uw), ty = y / (8 * uh);
	uint32_t col = (ty & 1) ? tiles_per_row - 1 - tx : tx;
	uint32_t sxy = ((y / (4 * uh)) & 1) * 2 + ((x / (4 * uw)) & 1);
	uint32_t sub = (ty & 1) ? sub_odd[sxy] : sub_even[sxy];
	uint32_t ut = ((y / uh) % 4) * 4 + (x / uw) % 4;
	return ((uint64_t)ty * tiles_per_row + col) * 4096 + sub * 1024 + ut * 64 + in_utile;
}

/* A 0xAARRGGBB tile-buffer word as BGR565 (blue in the low bits). */
static uint16_t to_565(uint32_t c)
{
	return (uint16_t)(((c >> 3) & 0x1f) | ((c >> 10) & 0x3f) << 5 | ((c >> 19) & 0x1f) << 11);
}

static uint32_t from_565(uint16_t c)
{
	uint32_t b = c & 0x1f, g = (c >> 5) & 0x3f, r = c >> 11;
	return 0xff000000u | ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) |
	       (b << 3 | b >> 2);
}

/* One surface access: where, layout, bytes per pixel, 565 or not. */
struct surface {
	uint32_t base;
	enum vc4_tiling_format tiling;
	uint32_t cpp;
	bool is565;
};

/* Copies the current tile between `buf` (64x64 words) and a surface; stops
 * at the frame's width and height. */
static bool tile_copy(struct sim_pipe *p, const struct surface *s, uint32_t *buf, bool store)
{
	struct pipe_tilebuf *tb = &p->tb;
	uint32_t w = tb->cfg.width_in_pixels, h = tb->cfg.height_in_pixels;
	if (s->tiling > VC4_TILING_FORMAT_LT)
		return vc4_diag_set(p->diag, "reserved tiling format %u", (unsigned)s->tiling);
	for (uint32_t ly = 0; ly < PIPE_TILE_SIZE; ly++) {
		uint32_t y = tb->tile_y * PIPE_TILE_SIZE + ly;
		for (uint32_t lx = 0; lx < PIPE_TILE_SIZE && y < h; lx++) {
			uint32_t x = tb->tile_x * PIPE_TILE_SIZE + lx;
			if (x >= w)
				break;
			uint64_t a = s->base + pixel_offset(s->tiling, s->cpp, w, x, y);
			uint8_t *m = a > UINT32_MAX ? NULL :
				sim_memory_ptr(p->mem, (uint32_t)a, s->cpp);
			if (!m)
				return vc4_diag_set(p->diag, "pixel (%u,%u) at 0x%08llx outside "
						    "memory", x, y, (unsigned long long)a);
			uint32_t *px = &buf[ly * PIPE_TILE_SIZE + lx];
			if (s->is565) {
				uint16_t v = store ? to_565(*px) : 0;
				if (store)
					memcpy(m, &v, 2);
				else
					memcpy(&v, m, 2), *px = from_565(v);
			} else if (store) {
				memcpy(m, px, 4);
			} else {
				memcpy(px, m, 4);
			}
		}
	}
	return true;
}

static void clear_color(struct pipe_tilebuf *tb)
{
	for (uint32_t i = 0; i < PIPE_TILE_SIZE * PIPE_TILE_SIZE; i++)
		tb->color[i] = tb->clear_color;
}

static void clear_zs(struct pipe_tilebuf *tb)
{
	for (uint32_t i = 0; i < PIPE_TILE_SIZE * PIPE_TILE_SIZE; i++)
		tb->zs[i] = tb->clear_zs;
}

/* Which tile-buffer array a general load/store names (colour or Z/S). */
static bool general_buffer(struct sim_pipe *p, enum vc4_tile_buffer buf, uint32_t color_format,
			   enum vc4_tiling_format tiling, uint32_t base, struct surface *s,
			   uint32_t **array)
{
	*s = (struct surface){ .base = base, .tiling = tiling, .cpp = 4 };
	switch (buf) {
	case VC4_TILE_BUFFER_COLOR:
		if (color_format > 2)
			return vc4_diag_set(p->diag, "reserved pixel colour format %u",
					    color_format);
		s->is565 = color_format != 0;
		s->cpp = s->is565 ? 2 : 4;
		*array = p->tb.color;
		return true;
	case VC4_TILE_BUFFER_Z_STENCIL:
	case VC4_TILE_BUFFER_Z:
		*array = p->tb.zs;
		return true;
	default:
		return vc4_diag_set(p->diag, "tile buffer %u (VG mask / full dump) is not modelled",
				    (unsigned)buf);
	}
}

static bool need_config(struct sim_pipe *p)
{
	if (!p->tb.configured)
		return vc4_diag_set(p->diag, "before Tile Rendering Mode Configuration");
	if (!p->tb.have_coords)
		return vc4_diag_set(p->diag, "store before Tile Coordinates");
	return true;
}

static bool store_general(struct sim_pipe *p, const uint8_t *pkt)
{
	struct VC4_STORE_TILE_BUFFER_GENERAL st;
	VC4_STORE_TILE_BUFFER_GENERAL_unpack(pkt, &st);
	if (st.buffer_to_store != VC4_TILE_BUFFER_NONE) {
		if (!need_config(p))
			return false;
		struct surface s;
		uint32_t *array = NULL;
		if (!general_buffer(p, st.buffer_to_store, st.pixel_color_format, st.format,
				    st.memory_base_address.offset, &s, &array) ||
		    !tile_copy(p, &s, array, true))
			return false;
		p->stats.tiles_stored++;
	}
	if (!st.disable_color_buffer_clear_on_store)
		clear_color(&p->tb);
	if (!st.disable_z_stencil_buffer_clear_on_store)
		clear_zs(&p->tb);
	p->tb.eof |= st.last_tile_of_frame;
	return true;
}

#define RGBA8888_FORMAT \
	VC4_TILE_RENDERING_MODE_CONFIGURATION_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_RGBA8888

/* Store Multi-sample Resolved Tile Color Buffer (and EOF): the colour to the
 * frame buffer that the rendering mode configuration names, then clear. */
static bool store_resolved(struct sim_pipe *p, bool eof)
{
	if (!need_config(p))
		return false;
	const struct VC4_TILE_RENDERING_MODE_CONFIGURATION *c = &p->tb.cfg;
	if (c->non_hdr_frame_buffer_color_format > 2)
		return vc4_diag_set(p->diag, "reserved frame buffer colour format 3");
	struct surface s = {
		.base = c->memory_address.offset, .tiling = c->memory_format,
		.is565 = c->non_hdr_frame_buffer_color_format != RGBA8888_FORMAT,
	};
	s.cpp = s.is565 ? 2 : 4;
	if (!tile_copy(p, &s, p->tb.color, true))
		return false;
	p->stats.tiles_stored++;
	clear_color(&p->tb);
	clear_zs(&p->tb);
	p->tb.eof |= eof;
	return true;
}

/* Full-resolution dumps: our layout is the 64x64 words of one buffer, row
 * by row (16 KiB), at the given address (docs/pipeline.md). */
static bool full_res(struct sim_pipe *p, uint32_t addr, bool no_color, bool no_zs, bool store)
{
	if (!no_color && !no_zs)
		return vc4_diag_set(p->diag, "full-resolution colour and Z/S together are not "
				    "modelled");
	if (no_color && no_zs)
		return true;
	uint32_t *array = no_color ? p->tb.zs : p->tb.color;
	uint32_t bytes = sizeof(p->tb.color);
	uint8_t *m = sim_memory_ptr(p->mem, addr, bytes);
	if (!m)
		return vc4_diag_set(p->diag, "full-resolution tile at 0x%08x (%u bytes) outside "
				    "memory", addr, bytes);
	if (store)
		memcpy(m, array, bytes);
	else
		memcpy(array, m, bytes);
	return true;
}

static bool store_full(struct sim_pipe *p, const uint8_t *pkt)
{
	struct VC4_STORE_FULL_RESOLUTION_TILE_BUFFER st;
	VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_unpack(pkt, &st);
	if (!need_config(p) ||
	    !full_res(p, st.memory_base_address.offset, st.disable_color_buffer_write,
		      st.disable_z_stencil_buffer_write, true))
		return false;
	p->stats.tiles_stored++;
	if (!st.disable_clear_on_write) {
		clear_color(&p->tb);
		clear_zs(&p->tb);
	}
	p->tb.eof |= st.last_tile_of_frame;
	return true;
}

/* Executes the loads queued before Tile Coordinates. */
static bool run_loads(struct sim_pipe *p)
{
	struct pipe_tilebuf *tb = &p->tb;
	if (tb->load_pending) {
		tb->load_pending = false;
		struct surface s;
		uint32_t *array = NULL;
		const struct VC4_LOAD_TILE_BUFFER_GENERAL *ld = &tb->load;
		if (!general_buffer(p, ld->buffer_to_load, ld->pixel_color_format, ld->format,
				    ld->memory_base_address.offset, &s, &array) ||
		    !tile_copy(p, &s, array, false))
			return false;
	}
	if (tb->full_load_pending) {
		tb->full_load_pending = false;
		return full_res(p, tb->full_load.memory_base_address.offset,
				tb->full_load.disable_color_buffer_read,
				tb->full_load.disable_z_stencil_buffer_read, false);
	}
	return true;
}

bool pipe_tile_packet(struct sim_pipe *p, const uint8_t *pkt)
{
	struct pipe_tilebuf *tb = &p->tb;
	switch (pkt[0]) {
	case VC4_TILE_RENDERING_MODE_CONFIGURATION_opcode:
		VC4_TILE_RENDERING_MODE_CONFIGURATION_unpack(pkt, &tb->cfg);
		if (tb->cfg.multisample_mode_4x || tb->cfg.tile_buffer_64_bit_color_depth_hdr_mode)
			return vc4_diag_set(p->diag, "multisample and HDR modes are not modelled");
		tb->configured = true;
		return true;
	case VC4_CLEAR_COLORS_opcode: {
		struct VC4_CLEAR_COLORS c;
		VC4_CLEAR_COLORS_unpack(pkt, &c);
		tb->clear_color = (uint32_t)c.clear_color;
		tb->clear_zs = c.clear_zs << 8 | (c.clear_stencil & 0xff);
		return true;
	}
	case VC4_TILE_COORDINATES_opcode: {
		struct VC4_TILE_COORDINATES c;
		VC4_TILE_COORDINATES_unpack(pkt, &c);
		tb->tile_x = c.tile_column_number;
		tb->tile_y = c.tile_row_number;
		tb->have_coords = true;
		if ((tb->load_pending || tb->full_load_pending) && !tb->configured)
			return vc4_diag_set(p->diag, "load before Tile Rendering Mode "
					    "Configuration");
		return run_loads(p);
	}
	case VC4_LOAD_TILE_BUFFER_GENERAL_opcode:
		VC4_LOAD_TILE_BUFFER_GENERAL_unpack(pkt, &tb->load);
		tb->load_pending = true;
		return true;
	case VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER_opcode:
		VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER_unpack(pkt, &tb->full_load);
		tb->full_load_pending = true;
		return true;
	case VC4_STORE_TILE_BUFFER_GENERAL_opcode:
		return store_general(p, pkt);
	case VC4_STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_opcode:
		return store_resolved(p, false);
	case VC4_STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF_opcode:
		return store_resolved(p, true);
	case VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_opcode:
		return store_full(p, pkt);
	default:
		return vc4_diag_set(p->diag, "not a rendering-thread packet");
	}
}
