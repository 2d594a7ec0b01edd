/*
 * pipe_bin.c: the binning thread's own packets: the tile binning
 * configuration (64-pixel tiles, 32 in 4x multisample mode), primitive
 * packets (array and indexed, with the maximum-index clamp), primitive
 * assembly (triangles, strips, fans, points, lines),
 * coordinate shading in batches of 16 vertices, clipping and culling through
 * pipe_clip.c, and writing each kept primitive into the list of every tile
 * its bounding box touches (points and lines: their quad's, pipe_lines.c),
 * after the Primitive List Format of its type, in tile allocation memory
 * (format: docs/pipeline.md), with block chaining, overflow memory
 * (BPOA/BPOS and the OUTOMEM hook) when the tile allocation memory is
 * exhausted, and the final Return.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/pipe/pipe_internal.h"

#define PIPE_MAX_DRAW_VERTICES (1u << 18)
#define PIPE_BRANCH_RESERVE VC4_BRANCH_length /* kept free in every block */

void pipe_bin_note_state(struct sim_pipe *p, const uint8_t *pkt)
{
	uint32_t len = vc4_packet_length(pkt[0]);
	if (len > sizeof(p->bin.state_raw[0]))
		return;
	memcpy(p->bin.state_raw[pkt[0]], pkt, len);
	p->bin.state_have[pkt[0]] = true;
	p->bin.state_gen++;
}

/* Tile Binning Mode Configuration: the tile grid, tile size and
 * allocation block sizes; every tile's list starts in its initial block of
 * the tile allocation memory. Returns false with p->diag set for an
 * unsupported grid, or an allocation memory outside memory or too small
 * for the initial blocks. */
static bool configure(struct sim_pipe *p, const uint8_t *pkt)
{
	struct VC4_TILE_BINNING_MODE_CONFIGURATION c;
	VC4_TILE_BINNING_MODE_CONFIGURATION_unpack(pkt, &c);
	struct pipe_bin *b = &p->bin;
	if (c.width_in_tiles == 0 || c.height_in_tiles == 0 ||
	    c.width_in_tiles > PIPE_MAX_TILES_X || c.height_in_tiles > PIPE_MAX_TILES_Y)
		return vc4_diag_set(p->diag, "%ux%u tiles (1..%u x 1..%u supported)",
				    c.width_in_tiles, c.height_in_tiles, PIPE_MAX_TILES_X,
				    PIPE_MAX_TILES_Y);
	b->tiles_x = c.width_in_tiles;
	b->tiles_y = c.height_in_tiles;
	b->tile_size = c.multisample_mode_4x ? PIPE_TILE_SIZE_MS : PIPE_TILE_SIZE;
	b->initial_block = 32u << c.tile_allocation_initial_block_size;
	b->block = 32u << c.tile_allocation_block_size;
	b->alloc_base = c.tile_allocation_memory_address.offset;
	uint32_t ntiles = b->tiles_x * b->tiles_y;
	uint64_t end = (uint64_t)b->alloc_base + c.tile_allocation_memory_size;
	uint64_t initial_end = (uint64_t)b->alloc_base + (uint64_t)ntiles * b->initial_block;
	if (end > UINT32_MAX || initial_end > end ||
	    !sim_memory_ptr(p->mem, b->alloc_base, c.tile_allocation_memory_size))
		return vc4_diag_set(p->diag, "tile allocation memory 0x%08x (%u bytes) outside "
				    "memory or smaller than %u initial blocks of %u bytes",
				    b->alloc_base, c.tile_allocation_memory_size, ntiles,
				    b->initial_block);
	b->alloc_end = (uint32_t)end;
	b->alloc_next = (uint32_t)initial_end;
	for (uint32_t t = 0; t < ntiles; t++) {
		b->lists[t].cur = b->alloc_base + t * b->initial_block;
		b->lists[t].block_end = b->lists[t].cur + b->initial_block;
		b->lists[t].state_gen = 0;
		b->lists[t].prim_type = PIPE_PRIM_NONE;
	}
	b->configured = true;
	return true;
}

void sim_pipe_set_overflow(struct sim_pipe *p, uint32_t bpoa, uint32_t bpos)
{
	p->ovf_addr = bpoa;
	p->ovf_left = bpos;
}

void sim_pipe_set_outomem(struct sim_pipe *p, sim_pipe_outomem_fn fn, void *ctx)
{
	p->outomem = fn;
	p->outomem_ctx = ctx;
}

/* The address of a new tile-list block: from the tile allocation memory
 * while it lasts, then from the overflow memory, asking for more through
 * OUTOMEM when less than a block is left. 0 with p->diag set on failure. */
static uint32_t new_block(struct sim_pipe *p)
{
	struct pipe_bin *b = &p->bin;
	if (b->alloc_end - b->alloc_next >= b->block) {
		b->alloc_next += b->block;
		return b->alloc_next - b->block;
	}
	if (p->ovf_left < b->block) {
		struct vc4_diag why = {0};
		if (!p->outomem) {
			vc4_diag_set(p->diag, "binner out of memory: tile allocation memory "
				     "0x%08x..0x%08x exhausted and %u bytes of overflow memory "
				     "left (no OUTOMEM handler)", b->alloc_base, b->alloc_end,
				     p->ovf_left);
			return 0;
		}
		if (!p->outomem(p, p->outomem_ctx, &why)) {
			vc4_diag_set(p->diag, "%s", why.set ? why.msg : "OUTOMEM not served");
			return 0;
		}
		p->stats.bin_outomem++;
		if (p->ovf_left < b->block) {
			vc4_diag_set(p->diag, "binner out of memory: new overflow memory "
				     "0x%08x (%u bytes) smaller than a %u-byte block",
				     p->ovf_addr, p->ovf_left, b->block);
			return 0;
		}
	}
	if (p->ovf_addr == 0 || !sim_memory_ptr(p->mem, p->ovf_addr, b->block)) {
		vc4_diag_set(p->diag, "binner overflow memory 0x%08x (%u bytes) outside memory",
			     p->ovf_addr, b->block);
		return 0;
	}
	uint32_t at = p->ovf_addr;
	p->ovf_addr += b->block;
	p->ovf_left -= b->block;
	p->stats.bin_overflow_blocks++;
	return at;
}

/* Appends `len` bytes to a tile list, chaining a new block with a Branch
 * when the current one would keep fewer than PIPE_BRANCH_RESERVE bytes. */
static bool list_write(struct sim_pipe *p, struct pipe_tile_list *l, const uint8_t *bytes,
		       uint32_t len)
{
	if (l->cur + len + PIPE_BRANCH_RESERVE > l->block_end) {
		uint32_t next = new_block(p);
		if (next == 0)
			return false;
		uint8_t br[VC4_BRANCH_length] = { VC4_BRANCH_opcode };
		memcpy(br + 1, &next, 4);
		memcpy(sim_memory_ptr(p->mem, l->cur, sizeof(br)), br, sizeof(br));
		l->cur = next;
		l->block_end = next + p->bin.block;
	}
	memcpy(sim_memory_ptr(p->mem, l->cur, len), bytes, len);
	l->cur += len;
	return true;
}

/* The state packets copied into a tile list before its next primitive
 * (Point Size and Line Width: the render thread draws points and lines). */
static const uint8_t list_state_ops[] = {
	VC4_GL_SHADER_STATE_opcode, VC4_CONFIGURATION_BITS_opcode,
	VC4_FLAT_SHADE_FLAGS_opcode, VC4_VIEWPORT_OFFSET_opcode, VC4_CLIP_WINDOW_opcode,
	VC4_DEPTH_OFFSET_opcode, VC4_POINT_SIZE_opcode, VC4_LINE_WIDTH_opcode,
};

/* Appends primitive record `rec` (len bytes) of primitive list type
 * `type` to a list: after the state when it changed since the list's last
 * primitive, and after a Primitive List Format when the state or the type
 * changed. */
static bool list_add_primitive(struct sim_pipe *p, struct pipe_tile_list *l, uint32_t type,
			       const uint8_t *rec, uint32_t len)
{
	struct pipe_bin *b = &p->bin;
	if (l->state_gen != b->state_gen) {
		for (size_t i = 0; i < sizeof(list_state_ops); i++) {
			uint8_t op = list_state_ops[i];
			if (b->state_have[op] &&
			    !list_write(p, l, b->state_raw[op], vc4_packet_length(op)))
				return false;
		}
		l->state_gen = b->state_gen;
		l->prim_type = PIPE_PRIM_NONE;
	}
	if (l->prim_type != type) {
		uint8_t fmt[VC4_PRIMITIVE_LIST_FORMAT_length] = {
			VC4_PRIMITIVE_LIST_FORMAT_opcode,
			(uint8_t)(type | VC4_PRIMITIVE_LIST_FORMAT_DATA_TYPE_16_BIT_INDEX << 4),
		};
		if (!list_write(p, l, fmt, sizeof(fmt)))
			return false;
		l->prim_type = type;
	}
	return list_write(p, l, rec, len);
}

static int64_t floor16(int64_t v)
{
	return v >= 0 ? v / 16 : -((-v + 15) / 16);
}

/* The tiles [tx0, tx1] x [ty0, ty1] a polygon with these n 12.4 screen
 * coordinates may cover (bounding box inside the clip window and the
 * frame). False when none. */
static bool tile_range(const struct sim_pipe *p, const int32_t *x, const int32_t *y, uint32_t n,
		       int32_t r[4])
{
	const struct pipe_state *s = &p->bin_state;
	int32_t ox = (int32_t)(s->vp_x * 16.0f), oy = (int32_t)(s->vp_y * 16.0f);
	int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = INT64_MIN, y1 = INT64_MIN;
	for (uint32_t i = 0; i < n; i++) {
		int64_t xi = (int64_t)x[i] + ox, yi = (int64_t)y[i] + oy;
		x0 = xi < x0 ? xi : x0; x1 = xi > x1 ? xi : x1;
		y0 = yi < y0 ? yi : y0; y1 = yi > y1 ? yi : y1;
	}
	int64_t ts = p->bin.tile_size;
	int64_t lim[4] = { 0, 0, (int64_t)p->bin.tiles_x * ts - 1, (int64_t)p->bin.tiles_y * ts - 1 };
	if (s->have_clip) {
		lim[0] = s->clip_x;
		lim[1] = s->clip_y;
		lim[2] = lim[2] < (int64_t)s->clip_x + s->clip_w - 1 ? lim[2] :
			(int64_t)s->clip_x + s->clip_w - 1;
		lim[3] = lim[3] < (int64_t)s->clip_y + s->clip_h - 1 ? lim[3] :
			(int64_t)s->clip_y + s->clip_h - 1;
	}
	/* Pixels whose centres the box may contain (floor division). */
	int64_t px0 = floor16(x0), px1 = floor16(x1), py0 = floor16(y0), py1 = floor16(y1);
	px0 = px0 > lim[0] ? px0 : lim[0]; py0 = py0 > lim[1] ? py0 : lim[1];
	px1 = px1 < lim[2] ? px1 : lim[2]; py1 = py1 < lim[3] ? py1 : lim[3];
	if (px0 > px1 || py0 > py1)
		return false;
	r[0] = (int32_t)(px0 / ts); r[1] = (int32_t)(py0 / ts);
	r[2] = (int32_t)(px1 / ts); r[3] = (int32_t)(py1 / ts);
	return true;
}

/* Writes a primitive record of list type `type` to every tile of the
 * bounding box of its n screen points; *reached tells whether there was
 * one. */
static bool bin_record(struct sim_pipe *p, const int32_t *x, const int32_t *y, uint32_t n,
		       uint32_t type, const uint8_t *rec, uint32_t len, bool *reached)
{
	int32_t r[4];
	*reached = tile_range(p, x, y, n, r);
	if (!*reached)
		return true;
	for (int32_t ty = r[1]; ty <= r[3]; ty++) {
		for (int32_t tx = r[0]; tx <= r[2]; tx++) {
			struct pipe_tile_list *l = &p->bin.lists[ty * p->bin.tiles_x + tx];
			if (!list_add_primitive(p, l, type, rec, len))
				return false;
		}
	}
	return true;
}

/* A 13-byte record of three vertex indices, binned by the bounding box of
 * n screen points. */
static bool bin_indices(struct sim_pipe *p, const int32_t *x, const int32_t *y, uint32_t n,
			uint32_t type, const uint32_t idx[3])
{
	uint8_t rec[PIPE_TILE_PRIM_BYTES] = { VC4_COMPRESSED_PRIMITIVE_LIST_opcode };
	memcpy(rec + 1, idx, 12);
	bool reached;
	if (!bin_record(p, x, y, n, type, rec, sizeof(rec), &reached))
		return false;
	p->stats.primitives_binned += reached;
	return true;
}

/* Clipped records need blocks that hold them. */
static bool clipped_fits(struct sim_pipe *p)
{
	if (p->bin.block < PIPE_TILE_CLIPPED_BYTES + PIPE_BRANCH_RESERVE)
		return vc4_diag_set(p->diag, "a clipped primitive (%u bytes) does not fit "
				    "tile allocation blocks of %u bytes", PIPE_TILE_CLIPPED_BYTES,
				    p->bin.block);
	return true;
}

/* A 97-byte clipped record: three original indices and three new vertices,
 * binned by the bounding box of n screen points. */
static bool bin_clipped_record(struct sim_pipe *p, const int32_t *x, const int32_t *y, uint32_t n,
			       uint32_t type, const uint32_t idx[3],
			       const struct pipe_clip_vert *c[3], bool *reached)
{
	uint8_t rec[PIPE_TILE_CLIPPED_BYTES] = {
		VC4_CLIPPED_PRIMITIVE_WITH_COMPRESSED_PRIMITIVE_LIST_opcode
	};
	memcpy(rec + 1, idx, 12);
	for (int i = 0; i < 3; i++)
		memcpy(rec + 13 + 28 * i, c[i], 28);
	return bin_record(p, x, y, n, type, rec, sizeof(rec), reached);
}

/* A triangle the clipper accepted whole: culling, then a 13-byte record. */
static bool bin_whole(struct sim_pipe *p, const struct pipe_vertex *v[3], const uint32_t idx[3])
{
	const int32_t x[3] = { v[0]->xs, v[1]->xs, v[2]->xs };
	const int32_t y[3] = { v[0]->ys, v[1]->ys, v[2]->ys };
	if (!pipe_face_keep(&p->bin_state, true, x, y)) {
		p->stats.primitives_culled++;
		return true;
	}
	return bin_indices(p, x, y, 3, VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_TRIANGLES_LIST, idx);
}

/* A clipped polygon: a fan of triangles, each dropped when of zero area or
 * by facing, and binned as a 97-byte record naming the original indices. */
static bool bin_clipped(struct sim_pipe *p, const struct pipe_clip_vert *poly, uint32_t n,
			const uint32_t idx[3])
{
	if (!clipped_fits(p))
		return false;
	bool faced = false, binned = false;
	for (uint32_t k = 1; k + 1 < n; k++) {
		const struct pipe_clip_vert *c[3] = { &poly[0], &poly[k], &poly[k + 1] };
		const int32_t x[3] = { c[0]->xs, c[1]->xs, c[2]->xs };
		const int32_t y[3] = { c[0]->ys, c[1]->ys, c[2]->ys };
		if (!pipe_face_keep(&p->bin_state, true, x, y))
			continue;
		faced = true;
		bool reached;
		if (!bin_clipped_record(p, x, y, 3,
					VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_TRIANGLES_LIST, idx,
					c, &reached))
			return false;
		binned |= reached;
	}
	p->stats.primitives_culled += !faced;
	p->stats.primitives_binned += binned;
	return true;
}

/* Vertex positions (0..n-1 in draw order) of triangle k, or false when the
 * mode does not make one. */
static bool assemble(enum vc4_primitive_mode mode, uint32_t k, uint32_t t[3])
{
	switch (mode) {
	case VC4_PRIMITIVE_MODE_TRIANGLES:
		t[0] = 3 * k; t[1] = 3 * k + 1; t[2] = 3 * k + 2;
		return true;
	case VC4_PRIMITIVE_MODE_TRIANGLE_STRIP:
		t[0] = k + (k & 1); t[1] = k + 1 - (k & 1); t[2] = k + 2;
		return true;
	case VC4_PRIMITIVE_MODE_TRIANGLE_FAN:
		t[0] = 0; t[1] = k + 1; t[2] = k + 2;
		return true;
	default:
		return false;
	}
}

static uint32_t triangle_count(enum vc4_primitive_mode mode, uint32_t n)
{
	if (mode == VC4_PRIMITIVE_MODE_TRIANGLES)
		return n / 3;
	return n >= 3 ? n - 2 : 0;
}

/* Point k of a draw: kept whole when its vertex is inside the z and w
 * planes, binned by its square (the shader's or the state's point size) as
 * a record of its index three times. */
static bool bin_point(struct sim_pipe *p, const struct pipe_shader_rec *rec,
		      const struct pipe_vertex *v, uint32_t index)
{
	p->stats.primitives_in++;
	if (rec->r.enable_clipping && !pipe_clip_vertex_inside(v)) {
		p->stats.primitives_culled++;
		return true;
	}
	int32_t x[4], y[4];
	pipe_point_corners(v, pipe_point_size(&p->bin_state, rec, v), x, y);
	const uint32_t idx[3] = { index, index, index };
	return bin_indices(p, x, y, 4, VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_POINTS_LIST, idx);
}

/* A line from a to b of the state's line width, clipped like triangles:
 * binned by its quad as a record of indices (a, b, b), with its clipped
 * endpoints (e0, e1, e1) when the clipper moved them. */
static bool bin_line(struct sim_pipe *p, const struct pipe_shader_rec *rec,
		     const struct pipe_vertex *a, const struct pipe_vertex *b, uint32_t ia,
		     uint32_t ib)
{
	p->stats.primitives_in++;
	struct pipe_clip_vert e[2] = {
		{ .xs = a->xs, .ys = a->ys }, { .xs = b->xs, .ys = b->ys },
	};
	enum pipe_clip_result r = pipe_clip_line(&p->bin_state, rec->r.enable_clipping, a, b, e);
	int32_t x[4], y[4];
	if (r == PIPE_CLIP_REJECT ||
	    !pipe_line_corners(e[0].xs, e[0].ys, e[1].xs, e[1].ys, p->bin_state.line_width, x, y)) {
		p->stats.primitives_culled++;
		return true;
	}
	const uint32_t idx[3] = { ia, ib, ib };
	const uint32_t type = VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_LINES_LIST;
	if (r == PIPE_CLIP_ACCEPT)
		return bin_indices(p, x, y, 4, type, idx);
	p->stats.primitives_clipped++;
	if (!clipped_fits(p))
		return false;
	const struct pipe_clip_vert *c[3] = { &e[0], &e[1], &e[1] };
	bool reached;
	if (!bin_clipped_record(p, x, y, 4, type, idx, c, &reached))
		return false;
	p->stats.primitives_binned += reached;
	return true;
}

/* Bins the points or lines of a draw of n shaded vertices. */
static bool bin_points_lines(struct sim_pipe *p, enum vc4_primitive_mode mode,
			     const struct pipe_shader_rec *rec, const struct pipe_vertex *v,
			     const uint32_t *index, uint32_t n)
{
	bool ok = true;
	if (mode == VC4_PRIMITIVE_MODE_POINTS) {
		for (uint32_t i = 0; ok && i < n; i++)
			ok = bin_point(p, rec, &v[i], index[i]);
		return ok;
	}
	uint32_t step = mode == VC4_PRIMITIVE_MODE_LINES ? 2 : 1;
	for (uint32_t i = 0; ok && i + 1 < n; i += step)
		ok = bin_line(p, rec, &v[i], &v[i + 1], index[i], index[i + 1]);
	if (ok && mode == VC4_PRIMITIVE_MODE_LINE_LOOP && n >= 2)
		ok = bin_line(p, rec, &v[n - 1], &v[0], index[n - 1], index[0]);
	return ok;
}

/* Assembles, clips, culls and bins the triangles of a draw of n shaded
 * vertices. */
static bool bin_triangles(struct sim_pipe *p, enum vc4_primitive_mode mode,
			  const struct pipe_shader_rec *rec, const struct pipe_vertex *v,
			  const uint32_t *index, uint32_t n)
{
	bool ok = true;
	uint32_t ntri = triangle_count(mode, n);
	for (uint32_t k = 0; ok && k < ntri; k++) {
		uint32_t t[3] = { 0, 0, 0 };
		assemble(mode, k, t);
		const struct pipe_vertex *tv[3] = { &v[t[0]], &v[t[1]], &v[t[2]] };
		uint32_t idx[3] = { index[t[0]], index[t[1]], index[t[2]] };
		p->stats.primitives_in++;
		struct pipe_clip_vert poly[PIPE_CLIP_MAX_VERTS];
		uint32_t npoly;
		switch (pipe_clip(&p->bin_state, rec->r.enable_clipping, tv, poly, &npoly)) {
		case PIPE_CLIP_REJECT:
			p->stats.primitives_culled++;
			break;
		case PIPE_CLIP_ACCEPT:
			ok = bin_whole(p, tv, idx);
			break;
		case PIPE_CLIP_CLIPPED:
			p->stats.primitives_clipped++;
			ok = bin_clipped(p, poly, npoly, idx);
			break;
		}
	}
	return ok;
}

/* Room for n shaded vertices (at least one): p->bin_verts, grown when
 * too small; NULL when out of memory. */
static struct pipe_vertex *bin_vertices(struct sim_pipe *p, uint32_t n)
{
	n = n ? n : 1;
	if (n > p->bin_verts_cap) {
		struct pipe_vertex *v = malloc(sizeof(*v) * n);
		if (!v)
			return NULL;
		free(p->bin_verts);
		p->bin_verts = v;
		p->bin_verts_cap = n;
	}
	return p->bin_verts;
}

/* Shades the draw's vertices with the CS, then assembles, filters and bins
 * its primitives. `index` holds the n vertex indices (already clamped). */
static bool draw(struct sim_pipe *p, enum vc4_primitive_mode mode, const uint32_t *index,
		 uint32_t n)
{
	if (mode > VC4_PRIMITIVE_MODE_TRIANGLE_FAN)
		return vc4_diag_set(p->diag, "reserved primitive mode %u", (unsigned)mode);
	struct pipe_shader_rec rec;
	if (!pipe_read_shader_rec(p, &p->bin_state, &rec))
		return false;
	struct pipe_vertex *v = bin_vertices(p, n);
	if (!v)
		return vc4_diag_set(p->diag, "out of memory shading %u vertices", n);
	bool ok = true;
	for (uint32_t i = 0; ok && i < n; i += 16)
		ok = pipe_shade(p, &rec, true, index + i, n - i < 16 ? n - i : 16, v + i);
	if (ok && mode < VC4_PRIMITIVE_MODE_TRIANGLES)
		ok = bin_points_lines(p, mode, &rec, v, index, n);
	else if (ok)
		ok = bin_triangles(p, mode, &rec, v, index, n);
	return ok;
}

/* Vertex Array Primitives: the draw of `length` consecutive vertices from
 * the first index. Returns false with p->diag set for too many vertices,
 * out of memory, or an error of the draw. */
static bool array_prims(struct sim_pipe *p, const uint8_t *pkt)
{
	struct VC4_VERTEX_ARRAY_PRIMITIVES a;
	VC4_VERTEX_ARRAY_PRIMITIVES_unpack(pkt, &a);
	if (a.length > PIPE_MAX_DRAW_VERTICES)
		return vc4_diag_set(p->diag, "%u vertices in one draw (at most %u modelled)",
				    a.length, PIPE_MAX_DRAW_VERTICES);
	uint32_t *index = malloc(sizeof(uint32_t) * (a.length ? a.length : 1));
	if (!index)
		return vc4_diag_set(p->diag, "out of memory");
	for (uint32_t i = 0; i < a.length; i++)
		index[i] = a.index_of_first_vertex + i;
	bool ok = draw(p, a.primitive_mode, index, a.length);
	free(index);
	return ok;
}

/* Indexed Primitive List: the draw of the 8- or 16-bit indices in memory.
 * Returns false with p->diag set for too many indices, an index list
 * outside memory, out of memory, or an error of the draw. */
static bool indexed_prims(struct sim_pipe *p, const uint8_t *pkt)
{
	struct VC4_INDEXED_PRIMITIVE_LIST a;
	VC4_INDEXED_PRIMITIVE_LIST_unpack(pkt, &a);
	uint32_t isize = a.index_type ? 2 : 1;
	if (a.length > PIPE_MAX_DRAW_VERTICES)
		return vc4_diag_set(p->diag, "%u indices in one draw (at most %u modelled)",
				    a.length, PIPE_MAX_DRAW_VERTICES);
	const uint8_t *src = sim_memory_ptr(p->mem, a.address_of_indices_list.offset,
					    a.length * isize);
	if (!src)
		return vc4_diag_set(p->diag, "index list at 0x%08x (%u x %u bytes) outside memory",
				    a.address_of_indices_list.offset, a.length, isize);
	uint32_t *index = malloc(sizeof(uint32_t) * (a.length ? a.length : 1));
	if (!index)
		return vc4_diag_set(p->diag, "out of memory");
	for (uint32_t i = 0; i < a.length; i++) {
		uint32_t v = isize == 2 ? (uint32_t)(src[2 * i] | src[2 * i + 1] << 8) : src[i];
		index[i] = v < a.maximum_index ? v : a.maximum_index;
	}
	bool ok = draw(p, a.primitive_mode, index, a.length);
	free(index);
	return ok;
}

/* One packet of the binning thread (CT0): configuration, start, draws,
 * state packets for the binner and the tile lists. Returns false with
 * p->diag set when a packet comes out of order or fails. */
bool pipe_bin_packet(struct sim_pipe *p, const uint8_t *pkt, uint32_t addr)
{
	(void)addr;
	switch (pkt[0]) {
	case VC4_TILE_BINNING_MODE_CONFIGURATION_opcode:
		return configure(p, pkt);
	case VC4_START_TILE_BINNING_opcode:
		if (!p->bin.configured)
			return vc4_diag_set(p->diag, "before Tile Binning Mode Configuration");
		p->bin.started = true;
		return true;
	case VC4_VERTEX_ARRAY_PRIMITIVES_opcode:
	case VC4_INDEXED_PRIMITIVE_LIST_opcode:
		if (!p->bin.started)
			return vc4_diag_set(p->diag, "primitives before Start Tile Binning");
		return pkt[0] == VC4_INDEXED_PRIMITIVE_LIST_opcode ? indexed_prims(p, pkt) :
			array_prims(p, pkt);
	default:
		return vc4_diag_set(p->diag, "not a binning-thread packet");
	}
}

bool pipe_bin_flush(struct sim_pipe *p)
{
	if (!p->bin.started)
		return vc4_diag_set(p->diag, "Flush before Start Tile Binning");
	uint8_t ret = VC4_RETURN_FROM_SUB_LIST_opcode;
	for (uint32_t t = 0; t < p->bin.tiles_x * p->bin.tiles_y; t++)
		if (!list_write(p, &p->bin.lists[t], &ret, 1))
			return false;
	return true;
}
