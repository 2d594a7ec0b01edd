/*
 * pipe_cl.c: the control-list executor: the state packets both threads
 * decode (lengths and names from gen/vc4_packet_info.h), the walkers of
 * the binning thread (CT0) and the rendering thread (CT1) with branches and
 * sub-lists, the semaphore between them, the render thread's tile-list
 * primitives (triangles, points or lines as the Primitive List Format says),
 * and the job entry point. The render thread's walker and its work items
 * on host threads are in pipe_render.c.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/pipe/pipe_internal.h"

/* Applies a state packet (configuration, viewport, clip window, shader
 * state...) to `s`. Returns false when `pkt` is not a state packet. */
bool pipe_state_packet(struct pipe_state *s, const uint8_t *pkt)
{
	switch (pkt[0]) {
	case VC4_CONFIGURATION_BITS_opcode:
		VC4_CONFIGURATION_BITS_unpack(pkt, &s->cfg);
		return true;
	case VC4_FLAT_SHADE_FLAGS_opcode: {
		struct VC4_FLAT_SHADE_FLAGS f;
		VC4_FLAT_SHADE_FLAGS_unpack(pkt, &f);
		s->flat_flags = f.flat_shading_flags;
		return true;
	}
	case VC4_VIEWPORT_OFFSET_opcode: {
		struct VC4_VIEWPORT_OFFSET v;
		VC4_VIEWPORT_OFFSET_unpack(pkt, &v);
		s->vp_x = v.viewport_centre_x_coordinate;
		s->vp_y = v.viewport_centre_y_coordinate;
		return true;
	}
	case VC4_CLIP_WINDOW_opcode: {
		struct VC4_CLIP_WINDOW c;
		VC4_CLIP_WINDOW_unpack(pkt, &c);
		s->clip_x = c.clip_window_left_pixel_coordinate;
		s->clip_y = c.clip_window_bottom_pixel_coordinate;
		s->clip_w = c.clip_window_width_in_pixels;
		s->clip_h = c.clip_window_height_in_pixels;
		s->have_clip = true;
		return true;
	}
	case VC4_DEPTH_OFFSET_opcode:
		VC4_DEPTH_OFFSET_unpack(pkt, &s->depth_offset);
		return true;
	case VC4_GL_SHADER_STATE_opcode: {
		struct VC4_GL_SHADER_STATE g;
		VC4_GL_SHADER_STATE_unpack(pkt, &g);
		s->rec_addr = g.shader_record_address.offset;
		s->rec_nattr = g.number_of_attribute_arrays ? g.number_of_attribute_arrays : 8;
		s->rec_extended = g.extended_shader_record;
		return true;
	}
	case VC4_CLIPPER_XY_SCALING_opcode: {
		struct VC4_CLIPPER_XY_SCALING c;
		VC4_CLIPPER_XY_SCALING_unpack(pkt, &c);
		s->xy_scale_x = c.viewport_half_width_in_1_16th_of_pixel;
		s->xy_scale_y = c.viewport_half_height_in_1_16th_of_pixel;
		return true;
	}
	case VC4_CLIPPER_Z_SCALE_AND_OFFSET_opcode: {
		struct VC4_CLIPPER_Z_SCALE_AND_OFFSET c;
		VC4_CLIPPER_Z_SCALE_AND_OFFSET_unpack(pkt, &c);
		s->z_scale = c.viewport_z_scale_zc_to_zs;
		s->z_offset = c.viewport_z_offset_zc_to_zs;
		return true;
	}
	case VC4_POINT_SIZE_opcode: {
		struct VC4_POINT_SIZE v;
		VC4_POINT_SIZE_unpack(pkt, &v);
		s->point_size = v.point_size;
		return true;
	}
	case VC4_LINE_WIDTH_opcode: {
		struct VC4_LINE_WIDTH v;
		VC4_LINE_WIDTH_unpack(pkt, &v);
		s->line_width = v.line_width;
		return true;
	}
	case VC4_PRIMITIVE_LIST_FORMAT_opcode: {
		struct VC4_PRIMITIVE_LIST_FORMAT f;
		VC4_PRIMITIVE_LIST_FORMAT_unpack(pkt, &f);
		s->prim_type = f.primitive_type;
		return true;
	}
	case VC4_RHT_X_BOUNDARY_opcode: case VC4_Z_MIN_AND_MAX_CLIPPING_PLANES_opcode:
		return true; /* accepted; not used by this model (docs/pipeline.md) */
	default:
		return false;
	}
}

/* Reads the packet at t->pc into `buf` (at most 128 bytes): its opcode must be
 * known and the whole packet inside memory. Sets *len. */
bool pipe_fetch_packet(struct sim_pipe *p, struct pipe_thread *t, uint8_t *buf, uint32_t *len)
{
	const uint8_t *op = sim_memory_ptr(p->mem, t->pc, 1);
	if (!op)
		return vc4_diag_set(p->diag, "%s: 0x%08x: control list outside memory", t->name,
				    t->pc);
	*len = vc4_packet_length(op[0]);
	if (*len == 0)
		return vc4_diag_set(p->diag, "%s: 0x%08x: unknown packet opcode %u", t->name,
				    t->pc, op[0]);
	if (op[0] == VC4_COMPRESSED_PRIMITIVE_LIST_opcode)
		*len = PIPE_TILE_PRIM_BYTES;
	if (op[0] == VC4_CLIPPED_PRIMITIVE_WITH_COMPRESSED_PRIMITIVE_LIST_opcode)
		*len = PIPE_TILE_CLIPPED_BYTES;
	const uint8_t *src = sim_memory_ptr(p->mem, t->pc, *len);
	if (!src)
		return vc4_diag_set(p->diag, "%s: 0x%08x: packet %u (%s) runs outside memory",
				    t->name, t->pc, op[0], vc4_packet_name(op[0]));
	memset(buf, 0, 128);
	memcpy(buf, src, *len);
	return true;
}

/* Control flow common to both threads: branch, sub-list call and return,
 * halt, nop. Returns 1 when handled, 0 when not a flow packet, -1 on error. */
int pipe_flow_packet(struct sim_pipe *p, struct pipe_thread *t, const uint8_t *pkt, uint32_t len)
{
	switch (pkt[0]) {
	case VC4_HALT_opcode:
		t->halted = true;
		return 1;
	case VC4_NOP_opcode:
		t->pc += len;
		return 1;
	case VC4_BRANCH_opcode: {
		struct VC4_BRANCH b;
		VC4_BRANCH_unpack(pkt, &b);
		t->pc = b.branch_address.offset;
		return 1;
	}
	case VC4_BRANCH_TO_SUB_LIST_opcode:
		if (t->depth == PIPE_SUBLIST_DEPTH) {
			vc4_diag_set(p->diag, "%s: 0x%08x: packet 17 (Branch to Sub-list): "
				     "sub-lists nested deeper than %u", t->name, t->pc,
				     PIPE_SUBLIST_DEPTH);
			return -1;
		}
		struct VC4_BRANCH_TO_SUB_LIST b;
		VC4_BRANCH_TO_SUB_LIST_unpack(pkt, &b);
		t->ret[t->depth++] = t->pc + len;
		t->pc = b.branch_address.offset;
		return 1;
	case VC4_RETURN_FROM_SUB_LIST_opcode:
		if (t->depth == 0) {
			vc4_diag_set(p->diag, "%s: 0x%08x: packet 18 (Return from Sub-list) "
				     "outside a sub-list", t->name, t->pc);
			return -1;
		}
		t->pc = t->ret[--t->depth];
		return 1;
	default:
		return 0;
	}
}

/* Prefixes p->diag (already set by a unit) with the thread and packet. */
bool pipe_packet_error(struct sim_pipe *p, const struct pipe_thread *t, uint8_t op)
{
	char inner[VC4_DIAG_MAX];
	memcpy(inner, p->diag->msg, sizeof(inner));
	vc4_diag_clear(p->diag);
	return vc4_diag_set(p->diag, "%s: 0x%08x: packet %u (%s): %s", t->name, t->pc, op,
			    vc4_packet_name(op), inner);
}

/* Walks one thread until its pc reaches its end address or a Halt, calling
 * `exec` for each packet that is not control flow. */
static bool run_thread(struct sim_pipe *p, struct pipe_thread *t, uint64_t *count,
		       bool (*exec)(struct sim_pipe *p, const uint8_t *pkt, uint32_t addr))
{
	uint8_t pkt[128];
	uint32_t len = 0;
	for (uint32_t steps = 0; !t->halted && (t->pc != t->end || t->depth); steps++) {
		if (steps == PIPE_MAX_PACKETS)
			return vc4_diag_set(p->diag, "%s: 0x%08x: more than %u packets (a loop?)",
					    t->name, t->pc, PIPE_MAX_PACKETS);
		if (!pipe_fetch_packet(p, t, pkt, &len))
			return false;
		(*count)++;
		int flow = pipe_flow_packet(p, t, pkt, len);
		if (flow < 0)
			return false;
		if (flow > 0)
			continue;
		if (!exec(p, pkt, t->pc))
			return p->diag->set ? pipe_packet_error(p, t, pkt[0]) : false;
		t->pc += len;
	}
	return true;
}

/* Binning thread packets. */
static bool bin_exec(struct sim_pipe *p, const uint8_t *pkt, uint32_t addr)
{
	if (pipe_state_packet(&p->bin_state, pkt)) {
		pipe_bin_note_state(p, pkt);
		return true;
	}
	switch (pkt[0]) {
	case VC4_INCREMENT_SEMAPHORE_opcode:
		p->semaphore++;
		return true;
	case VC4_FLUSH_opcode:
		return pipe_bin_flush(p);
	case VC4_FLUSH_ALL_STATE_opcode:
		p->bin.state_gen++; /* every list gets the state again */
		return true;
	default:
		return pipe_bin_packet(p, pkt, addr);
	}
}

/* A screen coordinate from a tile list, kept where the rasteriser's 64-bit
 * edge functions cannot overflow (the binner writes far smaller ones). */
static int32_t clamp_screen(int32_t v)
{
	return v < -(1 << 24) ? -(1 << 24) : v > (1 << 24) ? (1 << 24) : v;
}

/* The three vertices of a clipped primitive from the shaded originals `o`:
 * screen values from the record, varyings recombined with its weights. */
static void clipped_vertices(const uint8_t *rec, uint32_t nvary, uint32_t flat,
			     const struct pipe_vertex o[3], struct pipe_vertex v[3])
{
	for (int i = 0; i < 3; i++) {
		struct pipe_clip_vert c;
		memcpy(&c, rec + 28 * i, sizeof(c));
		v[i] = (struct pipe_vertex){ .xs = clamp_screen(c.xs), .ys = clamp_screen(c.ys),
					     .zs = c.zs, .inv_wc = c.inv_wc };
		for (uint32_t k = 0; k < nvary; k++)
			v[i].vary[k] = k < 32 && (flat >> k & 1) ? o[0].vary[k] :
				pipe_to_float((double)c.b[0] * o[0].vary[k] +
						     (double)c.b[1] * o[1].vary[k] +
						     (double)c.b[2] * o[2].vary[k]);
	}
}

/* A line of a lines list: the shaded vertices v[0], v[1] (indices a, b, b)
 * or the clipped endpoints of the record; each endpoint's line coordinate
 * is its weight of b (0 at a, 1 at b). */
static bool render_line(struct sim_pipe *p, const struct pipe_shader_rec *rec, const uint8_t *pkt,
			struct pipe_vertex v[3])
{
	struct pipe_vertex c[3];
	v[2] = v[1];
	v[0].coord[0] = 0.0f;
	v[1].coord[0] = 1.0f;
	const struct pipe_vertex *e[2] = { &v[0], &v[1] };
	if (pkt[0] == VC4_CLIPPED_PRIMITIVE_WITH_COMPRESSED_PRIMITIVE_LIST_opcode) {
		clipped_vertices(pkt + 13, rec->r.fragment_shader_number_of_varyings,
				 p->render_state.flat_flags, v, c);
		for (int i = 0; i < 2; i++) {
			struct pipe_clip_vert cv;
			memcpy(&cv, pkt + 13 + 28 * i, sizeof(cv));
			c[i].coord[0] = cv.b[1];
		}
		e[0] = &c[0], e[1] = &c[1];
	}
	return pipe_draw_line(p, &p->render_state, rec, e[0], e[1]);
}

/* Flat shading: the provoking vertex, GL's (the last of a line or
 * triangle, v[n - 1]), gives the others its varyings named by the Flat Shade
 * Flags (docs/pipeline.md, "Flat shading"). */
static void provoke_flat(uint32_t flat, uint32_t nvary, struct pipe_vertex *v, uint32_t n)
{
	for (uint32_t k = 0; k < nvary && k < 32; k++)
		if (flat >> k & 1)
			for (uint32_t i = 0; i + 1 < n; i++)
				v[i].vary[k] = v[n - 1].vary[k];
}

/* A tile-list primitive (ours: docs/pipeline.md) of the current Primitive
 * List Format: shades its distinct vertices with the VS (a point's one, a
 * line's two, a triangle's three) and rasterises it into the current tile. */
bool pipe_render_primitive(struct sim_pipe *p, const uint8_t *pkt)
{
	struct pipe_shader_rec rec;
	uint32_t idx[3], type = p->render_state.prim_type;
	struct pipe_vertex v[3], c[3];
	memcpy(idx, pkt + 1, sizeof(idx));
	bool clipped = pkt[0] == VC4_CLIPPED_PRIMITIVE_WITH_COMPRESSED_PRIMITIVE_LIST_opcode;
	if (!p->tb.have_coords)
		return vc4_diag_set(p->diag, "primitive before Tile Coordinates");
	if (type == PIPE_PRIM_NONE)
		return vc4_diag_set(p->diag, "primitive before any Primitive List Format");
	if (type > VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_TRIANGLES_LIST)
		return vc4_diag_set(p->diag, "primitive list type %u (RHT List) not modelled",
				    type);
	if (clipped && type == VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_POINTS_LIST)
		return vc4_diag_set(p->diag, "clipped primitive in a points list");
	if (!pipe_read_shader_rec(p, &p->render_state, &rec) ||
	    !pipe_shade(p, &rec, false, idx, type + 1, v)) /* 1, 2 or 3 vertices */
		return false;
	p->stats.tile_primitives++;
	provoke_flat(p->render_state.flat_flags, rec.r.fragment_shader_number_of_varyings, v,
		     type + 1);
	if (type == VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_POINTS_LIST)
		return pipe_draw_point(p, &p->render_state, &rec, &v[0]);
	if (type == VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_LINES_LIST)
		return render_line(p, &rec, pkt, v);
	const struct pipe_vertex *pv[3] = { &v[0], &v[1], &v[2] };
	if (clipped) {
		clipped_vertices(pkt + 13, rec.r.fragment_shader_number_of_varyings,
				 p->render_state.flat_flags, v, c);
		pv[0] = &c[0], pv[1] = &c[1], pv[2] = &c[2];
	}
	return pipe_draw_triangle(p, &p->render_state, &rec, pv);
}

struct sim_pipe *sim_pipe_create(void)
{
	/* sizeof is a multiple of the struct's 64-byte alignment */
	struct sim_pipe *p = aligned_alloc(_Alignof(struct sim_pipe), sizeof(*p));
	if (p) {
		memset(p, 0, sizeof(*p));
		p->inst_limit = 1000000;
		p->threads = pipe_default_threads();
		const char *env = getenv("VC4_SIM_TIME_RUNS");
		p->time_runs = env && strtoul(env, NULL, 10) != 0;
	}
	return p;
}

/* Run timing on or off (contract in sim_pipe.h). */
void sim_pipe_set_run_timing(struct sim_pipe *p, bool on)
{
	p->time_runs = on;
}

void sim_pipe_set_threads(struct sim_pipe *p, unsigned threads)
{
	p->threads = threads ? threads : pipe_default_threads();
}

void pipe_drop_programs(struct sim_pipe *p)
{
	for (uint32_t i = 0; i < p->nprogs; i++)
		sim_program_fini(&p->progs[i].prog);
	p->nprogs = 0;
}

void sim_pipe_destroy(struct sim_pipe *p)
{
	if (!p)
		return;
	pipe_pool_destroy(p->pool);
	pipe_items_release(p);
	pipe_drop_programs(p);
	free(p->bin_verts);
	free(p);
}

void sim_pipe_set_instruction_limit(struct sim_pipe *p, uint64_t limit)
{
	p->inst_limit = limit;
}

/* Resets everything a job starts without: state, binner, tile buffer. */
static void job_reset(struct sim_pipe *p, struct sim_memory *mem, struct vc4_diag *diag)
{
	pipe_drop_programs(p);
	p->mem = mem;
	p->diag = diag;
	memset(&p->stats, 0, sizeof(p->stats));
	memset(&p->bin_state, 0, sizeof(p->bin_state));
	memset(&p->render_state, 0, sizeof(p->render_state));
	p->bin_state.prim_type = p->render_state.prim_type = PIPE_PRIM_NONE;
	memset(&p->bin, 0, sizeof(p->bin));
	p->semaphore = 0;
	sim_shared_init(&p->shared);
	pipe_tile_reset(&p->tb);
}

void pipe_add_stats(struct sim_pipe_stats *dst, const struct sim_pipe_stats *src)
{
	uint64_t *d = (uint64_t *)dst;
	const uint64_t *s = (const uint64_t *)src;
	for (size_t i = 0; i < sizeof(*dst) / sizeof(uint64_t); i++)
		d[i] += s[i];
}

/* Runs one job (contract in sim_pipe.h): the binning list to its end, then
 * the render list on the tile executors; adds the counters to stats.
 * Returns false with diag set on the first error. */
bool sim_pipe_run_job(struct sim_pipe *p, struct sim_memory *mem, uint32_t ct0ca, uint32_t ct0ea,
		      uint32_t ct1ca, uint32_t ct1ea, struct sim_pipe_stats *stats,
		      struct vc4_diag *diag)
{
	struct vc4_diag local;
	vc4_diag_clear(&local);
	job_reset(p, mem, diag ? diag : &local);
	bool ok = true;
	if (ct0ca != ct0ea) {
		struct pipe_thread bin = { .name = "bin", .pc = ct0ca, .end = ct0ea };
		ok = run_thread(p, &bin, &p->stats.bin_packets, bin_exec);
	}
	if (ok)
		ok = pipe_render_run(p, ct1ca, ct1ea);
	if (stats)
		pipe_add_stats(stats, &p->stats);
	pipe_drop_programs(p);
	return ok;
}
