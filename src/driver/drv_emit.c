/*
 * drv_emit.c: what a draw puts into the bin CL and the shader-record
 * stream: the binning prologue of a job's first draw, the state packets
 * (clip window, configuration bits, depth offset, point size, line width,
 * clipper XY/Z scaling, viewport offset, flat-shade flags) emitted only
 * when their bytes differ from the job's last ones, and the GL shader
 * record with its attribute records (kernel-vc4.md §c, §d); a vertex
 * shader without attributes gets one dummy attribute (stride 0) that it
 * does not read, as the hardware needs at least one (docs/lowering.md).
 */
#include <string.h>

#include "drv.h"

void drv_emit_bin_prologue(struct drv_job *job)
{
	struct vc4_cl *bcl = &job->cl.bcl;
	uint32_t w = job->color->width, h = job->color->height;
	cl_emit(bcl, TILE_BINNING_MODE_CONFIGURATION, p) {
		p.width_in_tiles = (w + DRV_TILE_SIZE - 1) / DRV_TILE_SIZE;
		p.height_in_tiles = (h + DRV_TILE_SIZE - 1) / DRV_TILE_SIZE;
		p.auto_initialise_tile_state_data_array = true;
	}
	cl_emit(bcl, START_TILE_BINNING, p);
	cl_emit(bcl, PRIMITIVE_LIST_FORMAT, p) {
		p.primitive_type = VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_TRIANGLES_LIST;
		p.data_type = VC4_PRIMITIVE_LIST_FORMAT_DATA_TYPE_16_BIT_INDEX;
	}
	job->started = true;
}

/* Appends `len` packed bytes for state packet `which` unless they equal
 * the last ones emitted in this job. */
static void emit_if_changed(struct drv_job *job, enum drv_state_packet which, const uint8_t *b,
			    size_t len)
{
	if (job->last_len[which] == len && memcmp(job->last_pkt[which], b, len) == 0)
		return;
	uint8_t *dst = cl_emit_begin(&job->cl.bcl, len);
	memcpy(dst, b, len);
	cl_emit_end(&job->cl.bcl, len, 0);
	memcpy(job->last_pkt[which], b, len);
	job->last_len[which] = (uint8_t)len;
}

/* Packs a state packet PKT from `v` into a local buffer and emits it when
 * changed; a value that does not fit is an error naming the packet. */
#define EMIT_STATE(ctx, job, WHICH, PKT, v)                                          \
	do {                                                                         \
		uint8_t b_[VC4_##PKT##_length];                                      \
		if (VC4_##PKT##_pack(NULL, b_, &(v)) < 0)                            \
			return drv_error(ctx, "state packet " #PKT ": value out of range"); \
		emit_if_changed(job, WHICH, b_, sizeof(b_));                         \
	} while (0)

/* The clip window: the viewport, cut to the scissor and the target, in
 * the target's pixel rows (row 0 at the top). */
static void clip_rect(const struct drv_state *s, uint32_t rect[4])
{
	int64_t fh = s->color->height, fw = s->color->width;
	int64_t x0 = s->vp_x, x1 = (int64_t)s->vp_x + s->vp_w;
	int64_t y0 = s->vp_y, y1 = (int64_t)s->vp_y + s->vp_h; /* GL rows, bottom up */
	if (s->scissor) {
		x0 = x0 > s->sc_x ? x0 : s->sc_x;
		y0 = y0 > s->sc_y ? y0 : s->sc_y;
		x1 = x1 < (int64_t)s->sc_x + s->sc_w ? x1 : (int64_t)s->sc_x + s->sc_w;
		y1 = y1 < (int64_t)s->sc_y + s->sc_h ? y1 : (int64_t)s->sc_y + s->sc_h;
	}
	x0 = x0 < 0 ? 0 : x0;
	y0 = y0 < 0 ? 0 : y0;
	x1 = x1 > fw ? fw : x1;
	y1 = y1 > fh ? fh : y1;
	if (x1 < x0)
		x1 = x0;
	if (y1 < y0)
		y1 = y0;
	rect[0] = (uint32_t)x0;
	rect[1] = (uint32_t)(fh - y1);
	rect[2] = (uint32_t)(x1 - x0);
	rect[3] = (uint32_t)(y1 - y0);
}

/* GL compare function -> the hardware's (the same order). */
static enum vc4_compare_function depth_func(const struct drv_state *s)
{
	if (!s->depth || !s->depth_test)
		return VC4_COMPARE_FUNCTION_ALWAYS;
	return (enum vc4_compare_function)s->depth_func;
}

/* Early Z (docs/pipeline.md, "Early Z"): only in the LESS/LEQUAL direction
 * the rendering mode's default update direction serves, and only for a
 * fragment shader whose depth the interpolated one is (no depth write, no
 * discard). */
static bool early_z(const struct drv_state *s, const struct vc4_prog *prog)
{
	enum vc4_compare_function f = depth_func(s);
	return prog->fs_early_z_safe &&
	       (f == VC4_COMPARE_FUNCTION_LESS || f == VC4_COMPARE_FUNCTION_LESS_OR_EQUAL);
}

/* Emits the clip window, configuration bits (culling, winding, depth test
 * and writes, early Z), depth offset, point size and line width of the
 * current state into the job's binning CL, each only when it changed. False
 * with the context's error set when a value does not fit its packet. */
static bool emit_raster_state(struct vc4_ctx *ctx, struct drv_job *job,
			      const struct vc4_prog *prog)
{
	const struct drv_state *s = &ctx->state;
	uint32_t r[4];
	clip_rect(s, r);
	struct VC4_CLIP_WINDOW clip = { VC4_CLIP_WINDOW_header,
		.clip_window_left_pixel_coordinate = r[0],
		.clip_window_bottom_pixel_coordinate = r[1],
		.clip_window_width_in_pixels = r[2],
		.clip_window_height_in_pixels = r[3] };
	EMIT_STATE(ctx, job, DRV_PKT_CLIP_WINDOW, CLIP_WINDOW, clip);
	/* The viewport's y flip makes GL's counter-clockwise clockwise on screen. */
	struct VC4_CONFIGURATION_BITS cfg = { VC4_CONFIGURATION_BITS_header,
		.enable_forward_facing_primitive = !(s->cull & VC4_CULL_FRONT),
		.enable_reverse_facing_primitive = !(s->cull & VC4_CULL_BACK),
		.clockwise_primitives = s->front_ccw,
		.depth_test_function = depth_func(s),
		.z_updates_enable = s->depth && s->depth_test && s->depth_write,
		/* kept current always, as Mesa does, for a later draw using it */
		.early_z_updates_enable = true,
		.early_z_enable = early_z(s, prog) };
	EMIT_STATE(ctx, job, DRV_PKT_CONFIGURATION_BITS, CONFIGURATION_BITS, cfg);
	struct VC4_DEPTH_OFFSET dof = { VC4_DEPTH_OFFSET_header };
	EMIT_STATE(ctx, job, DRV_PKT_DEPTH_OFFSET, DEPTH_OFFSET, dof);
	struct VC4_POINT_SIZE ps = { VC4_POINT_SIZE_header, .point_size = s->point_size };
	EMIT_STATE(ctx, job, DRV_PKT_POINT_SIZE, POINT_SIZE, ps);
	struct VC4_LINE_WIDTH lw = { VC4_LINE_WIDTH_header, .line_width = s->line_width };
	EMIT_STATE(ctx, job, DRV_PKT_LINE_WIDTH, LINE_WIDTH, lw);
	return true;
}

/* Emits the clipper XY scaling, Z scale and offset, viewport offset (y
 * flipped against the render target's height) and flat-shading flags of
 * `prog`, each only when it changed. False with the context's error set when
 * a value does not fit its packet. */
static bool emit_viewport_state(struct vc4_ctx *ctx, struct drv_job *job,
				const struct vc4_prog *prog)
{
	const struct drv_state *s = &ctx->state;
	float hw = s->vp_w * 0.5f, hh = s->vp_h * 0.5f;
	struct VC4_CLIPPER_XY_SCALING xy = { VC4_CLIPPER_XY_SCALING_header,
		.viewport_half_width_in_1_16th_of_pixel = hw * 16.0f,
		.viewport_half_height_in_1_16th_of_pixel = -hh * 16.0f };
	EMIT_STATE(ctx, job, DRV_PKT_CLIPPER_XY, CLIPPER_XY_SCALING, xy);
	struct VC4_CLIPPER_Z_SCALE_AND_OFFSET z = { VC4_CLIPPER_Z_SCALE_AND_OFFSET_header,
		.viewport_z_scale_zc_to_zs = (s->depth_far - s->depth_near) * 0.5f,
		.viewport_z_offset_zc_to_zs = (s->depth_far + s->depth_near) * 0.5f };
	EMIT_STATE(ctx, job, DRV_PKT_CLIPPER_Z, CLIPPER_Z_SCALE_AND_OFFSET, z);
	struct VC4_VIEWPORT_OFFSET vo = { VC4_VIEWPORT_OFFSET_header,
		.viewport_centre_x_coordinate = (float)s->vp_x + hw,
		.viewport_centre_y_coordinate = (float)s->color->height - ((float)s->vp_y + hh) };
	EMIT_STATE(ctx, job, DRV_PKT_VIEWPORT_OFFSET, VIEWPORT_OFFSET, vo);
	struct VC4_FLAT_SHADE_FLAGS fl = { VC4_FLAT_SHADE_FLAGS_header,
		.flat_shading_flags = prog->fs_flat_mask };
	EMIT_STATE(ctx, job, DRV_PKT_FLAT_SHADE, FLAT_SHADE_FLAGS, fl);
	return true;
}

bool drv_emit_state(struct vc4_ctx *ctx, struct drv_job *job, const struct vc4_prog *prog)
{
	return emit_raster_state(ctx, job, prog) && emit_viewport_state(ctx, job, prog);
}

uint32_t drv_attr_bytes(const struct vc4_prog *p, const struct drv_state *s, uint32_t i)
{
	return p->attr_comps[i] * qir_attr_formats[drv_attrib(p, s, i)->format].bytes_per_comp;
}

bool drv_emit_shader_record(struct vc4_ctx *ctx, struct drv_job *job, const struct vc4_prog *prog,
			    const struct drv_variant *v, bool points)
{
	const struct drv_state *s = &ctx->state;
	struct cl_job *cl = &job->cl;
	uint32_t n = prog->num_attrs, vpm = 0, select = (1u << n) - 1;
	for (uint32_t i = 0; i < n; i++)
		vpm += (drv_attr_bytes(prog, s, i) + 3) / 4 * 4;
	if (n == 0) { /* the hardware needs one: a word nobody reads */
		select = 1;
		vpm = 4;
	}
	cl_job_begin_shader_record(cl, n ? n : 1);
	cl_emit_record(&cl->shader_rec, GL_SHADER_STATE_RECORD, r) {
		r.fragment_shader_is_single_threaded = v->fs->prog[0].threads != 2;
		r.point_size_included_in_shaded_vertex_data = points;
		r.enable_clipping = true;
		/* not counting the point's or line's generated varyings */
		r.fragment_shader_number_of_varyings = prog->fs_varying_comps;
		r.fragment_shader_code_address = (struct vc4_address){ v->fs_bo, 0 };
		r.vertex_shader_attribute_array_select_bits = select;
		r.vertex_shader_total_attributes_size = vpm;
		r.vertex_shader_code_address = (struct vc4_address){ v->vs_bo, 0 };
		r.coordinate_shader_attribute_array_select_bits = select;
		r.coordinate_shader_total_attributes_size = vpm;
		r.coordinate_shader_code_address = (struct vc4_address){ v->cs_bo, 0 };
	}
	for (uint32_t i = 0, off = 0; i < n; i++) {
		const struct vc4_vertex_attrib *a = drv_attrib(prog, s, i);
		uint32_t bytes = drv_attr_bytes(prog, s, i);
		cl_emit_record(&cl->shader_rec, ATTRIBUTE_RECORD, ar) {
			ar.vertex_base_memory_address = (struct vc4_address){ a->buffer->bo, a->offset };
			ar.number_of_bytes_minus_1 = bytes - 1;
			ar.memory_stride = a->stride;
			ar.vertex_shader_vpm_offset = off;
			ar.coordinate_shader_vpm_offset = off;
		}
		off += (bytes + 3) / 4 * 4;
	}
	if (n == 0) {
		cl_emit_record(&cl->shader_rec, ATTRIBUTE_RECORD, ar) {
			ar.vertex_base_memory_address = (struct vc4_address){ ctx->dummy_vbo, 0 };
			ar.number_of_bytes_minus_1 = 3;
		}
	}
	return cl_end_relocs(&cl->shader_rec);
}
