/*
 * pipe_tile.c: the tile buffer and its memory traffic: the rendering mode
 * configuration (non-multisampled 64x64 tiles, or 4x multisampled 32x32
 * tiles of four samples per pixel), clear values, tile coordinates, general
 * loads and stores in raster, T and LT layouts (RGBA8888, BGR565, 32-bit
 * Z/stencil; sample 0 or the 4x resolve of a multisampled buffer, loads
 * replicated to every sample), the resolved store of the frame buffer,
 * full-resolution dumps and reloads (every sample, Mesa's layout), the clear
 * after a store, and end of frame. docs/pipeline.md, "Tile buffer" and
 * "Multisampling".
 */
#include <string.h>

#include "sim/pipe/pipe_internal.h"
#include "tiling/tiling.h"

void pipe_tile_reset(struct pipe_tilebuf *tb)
{
	memset(tb, 0, sizeof(*tb));
	tb->size = PIPE_TILE_SIZE;
	tb->samples = 1;
}

/* A tile-buffer word (bytes 0..3: R, G, B, A as Mesa packs them) as BGR565:
 * byte 0 into bits 15..11, byte 1 into 10..5, byte 2 into 4..0, each
 * truncated; Mesa's B5G6R5 render target (docs/pipeline.md, "Tile buffer"). */
static uint16_t to_565(uint32_t c)
{
	return (uint16_t)(((c >> 3) & 0x1f) << 11 | ((c >> 10) & 0x3f) << 5 | ((c >> 19) & 0x1f));
}

/* The reverse: each field widened by repeating its top bits, alpha 0xff. */
static uint32_t from_565(uint16_t c)
{
	uint32_t r = c >> 11, g = (c >> 5) & 0x3f, b = c & 0x1f;
	return 0xff000000u | ((b << 3 | b >> 2) << 16) | ((g << 2 | g >> 4) << 8) |
	       (r << 3 | r >> 2);
}

/* The 4x resolve of one pixel: each byte the mean of its four samples,
 * rounded to nearest with halves up (docs/pipeline.md, "Multisampling"). */
static uint32_t resolve4(const uint32_t *w)
{
	uint32_t out = 0;
	for (uint32_t sh = 0; sh < 32; sh += 8) {
		uint32_t sum = 0;
		for (uint32_t s = 0; s < 4; s++)
			sum += (w[s] >> sh) & 0xff;
		out |= ((sum + 2) / 4) << sh;
	}
	return out;
}

/* One surface access: where, layout, bytes per pixel, 565 or not, and for
 * a store of a multisampled buffer whether it resolves (else sample 0). */
struct surface {
	uint32_t base;
	enum vc4_tiling_format tiling;
	uint32_t cpp;
	bool is565;
	bool resolve;
};

/* The word a store writes for tile pixel (lx, ly). */
static uint32_t store_word(const struct pipe_tilebuf *tb, const struct surface *s,
			   const uint32_t *buf, uint32_t lx, uint32_t ly)
{
	const uint32_t *w = &buf[pipe_tile_word(tb, lx, ly, 0)];
	return s->resolve && tb->samples == 4 ? resolve4(w) : w[0];
}

/* Moves pixel (lx, ly) of the tile between `buf` and memory at m; a load
 * fills every sample of the pixel. */
static void pixel_copy(struct pipe_tilebuf *tb, const struct surface *s, uint32_t *buf,
		       uint32_t lx, uint32_t ly, uint8_t *m, bool store)
{
	if (store) {
		uint32_t v = store_word(tb, s, buf, lx, ly);
		uint16_t h = to_565(v);
		memcpy(m, s->is565 ? (void *)&h : (void *)&v, s->cpp);
		return;
	}
	uint32_t v;
	if (s->is565) {
		uint16_t h;
		memcpy(&h, m, 2);
		v = from_565(h);
	} else {
		memcpy(&v, m, 4);
	}
	for (uint32_t k = 0; k < tb->samples; k++)
		buf[pipe_tile_word(tb, lx, ly, k)] = v;
}

/* Texels from x that lie one after another in memory: to the end of the
 * row (raster) or of the micro-tile's row (LT, T), at most `left`. */
static uint32_t run_length(const struct surface *s, uint32_t x, uint32_t left)
{
	if (s->tiling == VC4_TILING_FORMAT_RASTER)
		return left;
	uint32_t uw = tiling_utile_w(s->cpp), n = uw - x % uw;
	return n < left ? n : left;
}

/* Copies n pixels from tile pixel (lx, ly) (frame pixel (x, y)), which lie
 * one after another in memory: through one pointer to the whole run (one
 * memcpy for 32-bit pixels of a non-multisampled tile), or when part of it
 * is outside memory pixel by pixel up to the first pixel outside, which the
 * message names. */
static bool run_copy(struct sim_pipe *p, const struct surface *s, uint32_t *buf, bool store,
		     uint32_t lx, uint32_t ly, uint32_t x, uint32_t y, uint32_t n)
{
	uint32_t w = p->tb.cfg.width_in_pixels;
	uint64_t a = s->base + tiling_offset(s->tiling, s->cpp, w, x, y);
	uint64_t bytes = (uint64_t)n * s->cpp;
	uint8_t *m = a + bytes > (uint64_t)UINT32_MAX + 1 ? NULL :
		sim_memory_ptr(p->mem, (uint32_t)a, (uint32_t)bytes);
	if (m && p->tb.samples == 1 && !s->is565) { /* 32-bit words as they are */
		uint32_t *words = &buf[pipe_tile_word(&p->tb, lx, ly, 0)];
		memcpy(store ? (void *)m : (void *)words, store ? (void *)words : (void *)m,
		       (size_t)bytes);
		return true;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint64_t pa = a + (uint64_t)i * s->cpp;
		uint8_t *pm = m ? m + (size_t)i * s->cpp : pa > UINT32_MAX ? NULL :
			sim_memory_ptr(p->mem, (uint32_t)pa, s->cpp);
		if (!pm)
			return vc4_diag_set(p->diag, "pixel (%u,%u) at 0x%08llx outside memory",
					    x + i, y, (unsigned long long)pa);
		pixel_copy(&p->tb, s, buf, lx + i, ly, pm, store);
	}
	return true;
}

/* One micro-tile's 4 rows of 4 words, `pitch` words apart in the tile
 * buffer, into its 64 contiguous bytes at dst, on x86-64: a 16-byte-aligned
 * dst (a micro-tile is one cache line when the buffer object is aligned)
 * takes non-temporal stores: the frame's tiles (16 KiB each, tens of MiB
 * a frame) are not read again soon, and the stores skip reading each line
 * into the cache first. utile_copy() fences them before it returns. The
 * same bytes either way. */
#if defined(__x86_64__) && defined(__GNUC__)
#define UTILE_STREAM 1
#include <emmintrin.h>
static inline void utile_store(uint8_t *dst, const uint32_t *words, uint32_t pitch)
{
	if (((uintptr_t)dst & 15) == 0) {
		for (uint32_t r = 0; r < 4; r++)
			_mm_stream_si128((__m128i *)(void *)(dst + 16 * r),
					 _mm_loadu_si128((const __m128i *)(const void *)(words + r * pitch)));
		return;
	}
	for (uint32_t r = 0; r < 4; r++)
		memcpy(dst + 16 * r, words + r * pitch, 16);
}
#else
#define UTILE_STREAM 0
#endif

/* Micro-tiles per tile row of utile_copy(): 32-bit pixels make 4x4 micro-tiles. */
#define UTILES_PER_ROW (PIPE_TILE_SIZE / 4)

/* The common case of tile_copy() by whole micro-tiles: 32-bit pixels of a
 * non-multisampled tile in T or LT layout, the frame's edge cutting no
 * micro-tile (nx x ny pixels of the tile inside it, both multiples of 4).
 * One address per micro-tile (64 contiguous bytes: 4 rows of 4 pixels)
 * instead of one per row. Every micro-tile's memory is looked up before
 * anything is copied; returns false, having copied nothing, when the case
 * does not apply or a micro-tile lies outside memory (tile_copy() then takes
 * the general path, which names the first pixel outside). */
static bool utile_copy(struct sim_pipe *p, const struct surface *s, uint32_t *buf, bool store,
		       uint32_t nx, uint32_t ny)
{
	struct pipe_tilebuf *tb = &p->tb;
	if (tb->samples != 1 || s->is565 || s->tiling == VC4_TILING_FORMAT_RASTER ||
	    nx % 4 != 0 || ny % 4 != 0)
		return false;
	uint32_t w = tb->cfg.width_in_pixels, ux0 = tb->tile_x * tb->size / 4;
	uint32_t uy0 = tb->tile_y * tb->size / 4, cols = nx / 4, rows = ny / 4;
	uint8_t *m[UTILES_PER_ROW * UTILES_PER_ROW];
	struct tiling_addr ta;
	tiling_addr_init(&ta, s->tiling, 4, w);
	for (uint32_t v = 0; v < rows; v++) {
		for (uint32_t u = 0; u < cols; u++) {
			uint64_t a = s->base + tiling_addr_utile_offset(&ta, ux0 + u, uy0 + v);
			m[v * cols + u] = a + TILING_UTILE_BYTES > (uint64_t)UINT32_MAX + 1 ? NULL :
				sim_memory_ptr(p->mem, (uint32_t)a, TILING_UTILE_BYTES);
			if (!m[v * cols + u])
				return false;
		}
	}
#if UTILE_STREAM
	if (store) {
		for (uint32_t v = 0; v < rows; v++)
			for (uint32_t u = 0; u < cols; u++)
				utile_store(m[v * cols + u], &buf[pipe_tile_word(tb, 4 * u, 4 * v, 0)],
					    tb->size);
		_mm_sfence(); /* the streamed lines before anything written after */
		return true;
	}
#endif
	for (uint32_t v = 0; v < rows; v++) {
		for (uint32_t u = 0; u < cols; u++) {
			for (uint32_t r = 0; r < 4; r++) {
				uint8_t *row = m[v * cols + u] + 16 * r;
				uint32_t *words = &buf[pipe_tile_word(tb, 4 * u, 4 * v + r, 0)];
				memcpy(store ? (void *)row : (void *)words,
				       store ? (void *)words : (void *)row, 16);
			}
		}
	}
	return true;
}

/* Copies the current tile between `buf` and a surface: by micro-tiles when
 * utile_copy() can, else one run of contiguous pixels at a time (a raster
 * row, or a micro-tile's row); stops at the frame's width and height. */
static bool tile_copy(struct sim_pipe *p, const struct surface *s, uint32_t *buf, bool store)
{
	struct pipe_tilebuf *tb = &p->tb;
	uint32_t w = tb->cfg.width_in_pixels, h = tb->cfg.height_in_pixels;
	if (s->tiling > VC4_TILING_FORMAT_LT)
		return vc4_diag_set(p->diag, "reserved tiling format %u", (unsigned)s->tiling);
	uint32_t x0 = tb->tile_x * tb->size, y0 = tb->tile_y * tb->size;
	uint32_t nx = x0 >= w ? 0 : w - x0 < tb->size ? w - x0 : tb->size;
	uint32_t ny = y0 >= h ? 0 : h - y0 < tb->size ? h - y0 : tb->size;
	if (utile_copy(p, s, buf, store, nx, ny))
		return true;
	for (uint32_t ly = 0; ly < tb->size && y0 + ly < h; ly++) {
		for (uint32_t lx = 0, n; lx < nx; lx += n) {
			n = run_length(s, x0 + lx, nx - lx);
			if (!run_copy(p, s, buf, store, lx, ly, x0 + lx, y0 + ly, n))
				return false;
		}
	}
	return true;
}

static void clear_color(struct pipe_tilebuf *tb)
{
	for (uint32_t i = 0; i < PIPE_TILE_WORDS; i++)
		tb->color[i] = tb->clear_color;
}

static void clear_zs(struct pipe_tilebuf *tb)
{
	for (uint32_t i = 0; i < PIPE_TILE_WORDS; i++)
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

/* A general store's Mode: sample 0 or, for the colour buffer of a
 * multisampled tile, the 4x resolve ("applies to non-HDR colour stores
 * only": Z/S stores take sample 0). Decimating a non-multisampled tile
 * (2x2 pixels into one) and x16 are not modelled. */
static bool store_mode(struct sim_pipe *p, const struct VC4_STORE_TILE_BUFFER_GENERAL *st,
		       struct surface *s)
{
	if (st->mode == VC4_STORE_TILE_BUFFER_GENERAL_MODE_SAMPLE_0)
		return true;
	if (st->mode != VC4_STORE_TILE_BUFFER_GENERAL_MODE_DECIMATE_X4 || p->tb.samples != 4)
		return vc4_diag_set(p->diag, "store mode %u (%s) in %s mode is not modelled",
				    st->mode, st->mode == 1 ? "decimate x4" : st->mode == 2 ?
				    "decimate x16" : "reserved",
				    p->tb.samples == 4 ? "multisample" : "non-multisample");
	s->resolve = st->buffer_to_store == VC4_TILE_BUFFER_COLOR;
	return true;
}

/* Store Tile Buffer General: the selected buffer to memory in its format
 * and layout, then the clears it asks for. Returns false with p->diag set
 * without a configuration, for an unsupported store or outside memory. */
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
		    !store_mode(p, &st, &s) || !tile_copy(p, &s, array, true))
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

/* The resolved store's decimation: 1x of a non-multisampled tile, 4x (the
 * mean of the four samples) of a multisampled one, as Mesa and Linux use
 * them; the other pairs are not modelled. */
static bool resolved_mode(struct sim_pipe *p, struct surface *s)
{
	const struct pipe_tilebuf *tb = &p->tb;
	uint32_t want = tb->samples == 4 ? 1 : 0;
	if (tb->cfg.decimate_mode != want)
		return vc4_diag_set(p->diag, "decimate mode %u of a %s tile buffer is not "
				    "modelled", tb->cfg.decimate_mode,
				    tb->samples == 4 ? "multisample" : "non-multisample");
	s->resolve = tb->samples == 4;
	return true;
}

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
	if (!resolved_mode(p, &s) || !tile_copy(p, &s, p->tb.color, true))
		return false;
	p->stats.tiles_stored++;
	clear_color(&p->tb);
	clear_zs(&p->tb);
	p->tb.eof |= eof;
	return true;
}

/* Word d (0..4095) of a full-resolution dump, as an index of the tile
 * buffer. Multisampled: Mesa's layout of its MSAA surfaces
 * (vc4_nir_lower_txf_ms.c): 2x2-pixel quads of 64 bytes in raster order, 16
 * quads a row; in a quad, sample s's four pixels (x, y), (x+1, y), (x, y+1),
 * (x+1, y+1) at words 4s..4s+3. Non-multisampled: our own layout, the 64x64
 * words row by row (docs/pipeline.md). */
static uint32_t full_res_word(const struct pipe_tilebuf *tb, uint32_t d)
{
	if (tb->samples == 1)
		return d;
	uint32_t quad = d / 16, s = (d / 4) % 4, px = d % 4;
	uint32_t x = (quad % 16) * 2 + (px & 1), y = (quad / 16) * 2 + (px >> 1);
	return pipe_tile_word(tb, x, y, s);
}

/* A full-resolution dump (store) or reload of one buffer at addr. */
static bool full_res(struct sim_pipe *p, uint32_t addr, bool no_color, bool no_zs, bool store)
{
	if (!no_color && !no_zs)
		return vc4_diag_set(p->diag, "full-resolution colour and Z/S together are not "
				    "modelled");
	if (no_color && no_zs)
		return true;
	uint32_t *array = no_color ? p->tb.zs : p->tb.color;
	uint32_t bytes = PIPE_TILE_WORDS * 4;
	uint8_t *m = sim_memory_ptr(p->mem, addr, bytes);
	if (!m)
		return vc4_diag_set(p->diag, "full-resolution tile at 0x%08x (%u bytes) outside "
				    "memory", addr, bytes);
	for (uint32_t d = 0; d < PIPE_TILE_WORDS; d++) {
		uint32_t *w = &array[full_res_word(&p->tb, d)];
		if (store)
			memcpy(m + 4 * d, w, 4);
		else
			memcpy(w, m + 4 * d, 4);
	}
	return true;
}

/* Store Full Resolution Tile Buffer: colour and Z/S unless disabled, then
 * both buffers cleared unless disabled; marks the frame's last tile. Returns false with p->diag set
 * without a configuration or outside memory. */
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

/* Executes the loads queued before Tile Coordinates: the general one,
 * then the full-resolution reloads in order. */
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
	uint32_t n = tb->full_loads;
	tb->full_loads = 0;
	for (uint32_t i = 0; i < n; i++) {
		const struct VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER *f = &tb->full_load[i];
		if (!full_res(p, f->memory_base_address.offset, f->disable_color_buffer_read,
			      f->disable_z_stencil_buffer_read, false))
			return false;
	}
	return true;
}

/* Tile Rendering Mode Configuration: the frame, and the tile buffer's
 * shape (64x64 pixels, or 32x32 pixels of four samples in 4x mode). */
static bool configure(struct sim_pipe *p, const uint8_t *pkt)
{
	struct pipe_tilebuf *tb = &p->tb;
	VC4_TILE_RENDERING_MODE_CONFIGURATION_unpack(pkt, &tb->cfg);
	if (tb->cfg.tile_buffer_64_bit_color_depth_hdr_mode)
		return vc4_diag_set(p->diag, "the HDR (64-bit colour) tile buffer is not modelled");
	bool ms = tb->cfg.multisample_mode_4x;
	tb->size = ms ? PIPE_TILE_SIZE_MS : PIPE_TILE_SIZE;
	tb->samples = ms ? 4 : 1;
	tb->configured = true;
	return true;
}

static bool tile_coordinates(struct sim_pipe *p, const uint8_t *pkt)
{
	struct pipe_tilebuf *tb = &p->tb;
	struct VC4_TILE_COORDINATES c;
	VC4_TILE_COORDINATES_unpack(pkt, &c);
	tb->tile_x = c.tile_column_number;
	tb->tile_y = c.tile_row_number;
	tb->have_coords = true;
	if ((tb->load_pending || tb->full_loads) && !tb->configured)
		return vc4_diag_set(p->diag, "load before Tile Rendering Mode Configuration");
	return run_loads(p);
}

static bool queue_full_load(struct sim_pipe *p, const uint8_t *pkt)
{
	struct pipe_tilebuf *tb = &p->tb;
	if (tb->full_loads == 2)
		return vc4_diag_set(p->diag, "a third full-resolution reload before Tile "
				    "Coordinates");
	VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER_unpack(pkt, &tb->full_load[tb->full_loads++]);
	return true;
}

/* One tile-buffer packet of the render list: configuration, clear colours,
 * tile coordinates, loads and stores. Returns false with p->diag set when
 * it fails. */
bool pipe_tile_packet(struct sim_pipe *p, const uint8_t *pkt)
{
	struct pipe_tilebuf *tb = &p->tb;
	switch (pkt[0]) {
	case VC4_TILE_RENDERING_MODE_CONFIGURATION_opcode:
		return configure(p, pkt);
	case VC4_CLEAR_COLORS_opcode: {
		struct VC4_CLEAR_COLORS c;
		VC4_CLEAR_COLORS_unpack(pkt, &c);
		tb->clear_color = (uint32_t)c.clear_color;
		tb->clear_zs = c.clear_zs << 8 | (c.clear_stencil & 0xff);
		return true;
	}
	case VC4_TILE_COORDINATES_opcode:
		return tile_coordinates(p, pkt);
	case VC4_LOAD_TILE_BUFFER_GENERAL_opcode:
		VC4_LOAD_TILE_BUFFER_GENERAL_unpack(pkt, &tb->load);
		tb->load_pending = true;
		return true;
	case VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER_opcode:
		return queue_full_load(p, pkt);
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
