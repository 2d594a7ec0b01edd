/*
 * drv_draw.c: draw_arrays and draw_elements: checks, flushing the jobs
 * whose output the draw samples, the variant for the state, then state
 * packets, shader record, uniform streams, GL_SHADER_STATE and the
 * primitive packet; 8-bit indices go to the hardware as they are, 32-bit
 * ones are converted to a 16-bit copy. Before anything is recorded, the
 * vertices a draw reads are checked against every attribute's buffer and
 * the indices against the index buffer, so a bad draw fails alone and the
 * job keeps its earlier draws. A job whose BOs pass the size cap is
 * submitted after the draw.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "drv.h"

static const enum vc4_primitive_mode prim_hw[] = {
	[VC4_PRIM_POINTS] = VC4_PRIMITIVE_MODE_POINTS,
	[VC4_PRIM_LINES] = VC4_PRIMITIVE_MODE_LINES,
	[VC4_PRIM_LINE_LOOP] = VC4_PRIMITIVE_MODE_LINE_LOOP,
	[VC4_PRIM_LINE_STRIP] = VC4_PRIMITIVE_MODE_LINE_STRIP,
	[VC4_PRIM_TRIANGLES] = VC4_PRIMITIVE_MODE_TRIANGLES,
	[VC4_PRIM_TRIANGLE_STRIP] = VC4_PRIMITIVE_MODE_TRIANGLE_STRIP,
	[VC4_PRIM_TRIANGLE_FAN] = VC4_PRIMITIVE_MODE_TRIANGLE_FAN,
};

/* Checks that every sampler program `p` reads has a texture (through the
 * units of `u`, its shader's sampler values), and submits pending jobs
 * rendering to one of them. Done before anything is recorded, so a missing
 * texture leaves the job intact. */
static bool prepare_samplers(struct vc4_ctx *ctx, const struct vc4_compiled_stage *p,
			     const struct drv_shader_uniforms *u)
{
	const struct qir_uniform_stream *st = &p->code.uniforms;
	for (size_t i = 0; i < st->entries.len; i++) {
		const struct qir_uniform *e = &st->entries.data[i];
		if (e->kind >= QIR_UNIFORM_KIND_COUNT || !qir_uniform_kinds[e->kind].data_is_sampler)
			continue;
		uint32_t unit = drv_sampler_unit(u, e->data);
		struct vc4_texture *t = unit < DRV_MAX_UNITS ? ctx->state.textures[unit] : NULL;
		if (!t)
			return drv_error(ctx, "draw: the %s shader samples unit %u, which has no "
					 "texture", vc4_stage_name(p->stage), unit);
		bool cube = e->data < 32 && (u->sampler_cube >> e->data & 1);
		if (cube != t->cube)
			return drv_error(ctx, "draw: the %s shader's sampler %u is a %s, unit %u "
					 "holds a %s", vc4_stage_name(p->stage), e->data,
					 cube ? "samplerCube" : "sampler2D", unit,
					 t->cube ? "cube map" : "2D texture");
		if (!t->writer)
			continue;
		if (t == ctx->state.color || t == ctx->state.depth)
			return drv_error(ctx, "draw: unit %u samples the bound render target", unit);
		if (!drv_job_flush(ctx, t->writer, DRV_FLUSH_DEPENDENCY))
			return false;
	}
	return true;
}

/* Checks the state a draw needs. */
static bool check_draw(struct vc4_ctx *ctx, enum vc4_prim mode)
{
	const struct drv_state *s = &ctx->state;
	if ((unsigned)mode > VC4_PRIM_TRIANGLE_FAN)
		return drv_error(ctx, "draw: primitive mode %u out of range", (unsigned)mode);
	if (!s->prog)
		return drv_error(ctx, "draw: no program bound");
	if (!s->color)
		return drv_error(ctx, "draw: no framebuffer bound");
	if (s->num_attribs < s->prog->attr_locs_used)
		return drv_error(ctx, "draw: the vertex shader reads %u attributes, %u are set",
				 s->prog->attr_locs_used, s->num_attribs);
	return true;
}

/* The name of the vertex shader's i-th attribute declaration. */
static const char *attr_name(const struct vc4_prog *p, uint32_t i)
{
	for (size_t d = 0; d < p->vs->decls.len; d++) {
		const struct ir_decl *decl = &p->vs->decls.data[d];
		if (decl->kind == IR_DECL_ATTRIBUTE && i-- == 0)
			return ir_str(p->vs, decl->name);
	}
	return "?";
}

/* Checks that vertices lo..hi of every attribute the vertex shader reads
 * lie inside its buffer (the kernel would refuse the whole job at flush). */
static bool check_vertex_range(struct vc4_ctx *ctx, uint32_t lo, uint32_t hi)
{
	const struct drv_state *s = &ctx->state;
	const struct vc4_prog *p = s->prog;
	for (uint32_t i = 0; i < p->num_attrs; i++) {
		const struct vc4_vertex_attrib *a = drv_attrib(p, s, i);
		if (!a->buffer)
			return drv_error(ctx, "draw: attribute %u (@%s) has no buffer (it was "
					 "destroyed)", i, attr_name(p, i));
		uint64_t start = a->offset + (uint64_t)lo * a->stride;
		uint64_t end = a->offset + (uint64_t)hi * a->stride + drv_attr_bytes(p, s, i);
		if (end > a->buffer->size)
			return drv_error(ctx, "draw: attribute %u (@%s): vertices %u..%u "
					 "read bytes %" PRIu64 "..%" PRIu64 ", but its buffer "
					 "holds %u bytes", i, attr_name(p, i), lo, hi, start,
					 end - 1, a->buffer->size);
	}
	return true;
}

/* Sum of the sizes of the BOs the job lists, with its surfaces. */
static uint64_t job_bytes(const struct drv_job *job)
{
	uint64_t n = job->color->bo->size + (job->depth ? job->depth->bo->size : 0);
	for (size_t i = 0; i < job->cl.bos.len; i++)
		n += job->cl.bos.data[i]->size;
	return n;
}

/* The zeroed BO of the dummy attribute of shaders without attributes. */
static bool need_dummy_vbo(struct vc4_ctx *ctx)
{
	struct vc4_diag diag = { 0 };
	if (ctx->state.prog->num_attrs || ctx->dummy_vbo)
		return true;
	ctx->dummy_vbo = vc4_bo_alloc(ctx->dev, VC4_BO_PAGE_SIZE, "dummy attribute", &diag);
	void *map = ctx->dummy_vbo ? vc4_bo_map(ctx->dummy_vbo, &diag) : NULL;
	if (!map)
		return drv_error(ctx, "draw: %s", diag.msg);
	memset(map, 0, VC4_BO_PAGE_SIZE);
	return true;
}

/* Everything before the primitive packet, which reads vertices lo..hi;
 * *out_job is the job drawn into. */
static bool begin_draw(struct vc4_ctx *ctx, enum vc4_prim mode, uint32_t lo, uint32_t hi,
		       struct drv_job **out_job)
{
	if (!check_draw(ctx, mode) || !check_vertex_range(ctx, lo, hi) || !need_dummy_vbo(ctx))
		return false;
	bool points = mode == VC4_PRIM_POINTS;
	struct vc4_prog *prog = ctx->state.prog;
	const struct drv_variant *v = drv_prog_variant(ctx, prog, mode);
	if (!v || !prepare_samplers(ctx, &v->fs->prog[0], &prog->unif[1]) ||
	    !prepare_samplers(ctx, &v->vs->prog[0], &prog->unif[0]) ||
	    !prepare_samplers(ctx, &v->vs->prog[1], &prog->unif[0]))
		return false;
	struct drv_job *job = drv_job_current(ctx);
	if (!job)
		return false;
	if (!job->started)
		drv_emit_bin_prologue(job);
	drv_prog_set_builtins(ctx, prog);
	if (!drv_emit_state(ctx, job, prog) ||
	    !drv_emit_shader_record(ctx, job, prog, v, points) ||
	    !drv_write_uniforms(ctx, job, prog, v)) {
		/* Half a draw is in the CLs: the job can no longer be submitted. */
		vc4_diag_set(&job->cl.diag, "an earlier draw failed: %s", ctx->call_err.msg);
		drv_job_ref_bos(job);
		return false;
	}
	cl_emit(&job->cl.bcl, GL_SHADER_STATE, p) {
		p.number_of_attribute_arrays = (prog->num_attrs ? prog->num_attrs : 1) & 7;
	}
	*out_job = job;
	return true;
}

/* After the primitive: counts the draw, checks errors and the size cap. */
static bool end_draw(struct vc4_ctx *ctx, struct drv_job *job)
{
	job->draws++;
	drv_job_ref_bos(job);
	if (cl_job_failed(&job->cl))
		return drv_error(ctx, "draw: %s", job->cl.diag.msg);
	job->bo_bytes = job_bytes(job);
	if (job->bo_bytes > ctx->bo_cap)
		return drv_job_flush(ctx, job, DRV_FLUSH_BO_CAP);
	if (drv_debugging(ctx, DRV_DEBUG_ALWAYS_FLUSH) || drv_debugging(ctx, DRV_DEBUG_ALWAYS_SYNC))
		return drv_job_flush(ctx, job, DRV_FLUSH_DEBUG);
	return true;
}

/* Draws `count` vertices from `first` (first + count at most 65536) as
 * primitive `mode` into the current render target's job. Returns false with
 * the context's error set when the range is too large or the draw cannot be
 * set up or ended. */
bool vc4_draw_arrays(struct vc4_ctx *ctx, enum vc4_prim mode, uint32_t first, uint32_t count)
{
	struct drv_job *job;
	drv_begin(ctx);
	if (count == 0)
		return true;
	if (first > UINT32_MAX - count || first + count > 65536)
		return drv_error(ctx, "vc4_draw_arrays: vertices %u..%u (at most 65536)", first,
				 first + count - 1);
	if (!begin_draw(ctx, mode, first, first + count - 1, &job))
		return false;
	cl_emit(&job->cl.bcl, VERTEX_ARRAY_PRIMITIVES, p) {
		p.primitive_mode = prim_hw[mode];
		p.length = count;
		p.index_of_first_vertex = first;
	}
	return end_draw(ctx, job);
}

/* Reads index i of `size` bytes (little-endian) at `p`. */
static uint32_t read_index(const uint8_t *p, uint32_t size, uint32_t i)
{
	const uint8_t *q = p + (size_t)i * size;
	uint32_t v = 0;
	for (uint32_t k = 0; k < size; k++)
		v |= (uint32_t)q[k] << (8 * k);
	return v;
}

/* A 16-bit copy of 32-bit indices, in a new BO (all must be below 65536). */
static struct vc4_bo *convert_indices(struct vc4_ctx *ctx, const uint8_t *src, uint32_t count)
{
	struct vc4_diag diag = { 0 };
	struct vc4_bo *bo = vc4_bo_alloc(ctx->dev, count * 2, "16-bit index copy", &diag);
	uint8_t *dst = bo ? vc4_bo_map(bo, &diag) : NULL;
	if (!dst) {
		vc4_bo_unref(bo);
		drv_error(ctx, "vc4_draw_elements: %s", diag.msg);
		return NULL;
	}
	for (uint32_t i = 0; i < count; i++) {
		uint32_t v = read_index(src, 4, i);
		if (v > 0xffff) {
			vc4_bo_unref(bo);
			drv_error(ctx, "vc4_draw_elements: index %u is %u (32-bit indices must "
				  "be below 65536)", i, v);
			return NULL;
		}
		dst[2 * i] = (uint8_t)v;
		dst[2 * i + 1] = (uint8_t)(v >> 8);
	}
	return bo;
}

/* Checks that `count` indices of `size` bytes at `offset` lie in `ib`. */
static bool check_index_range(struct vc4_ctx *ctx, uint32_t count, uint32_t size,
			      const struct vc4_buffer *ib, uint32_t offset)
{
	if (size != 1 && size != 2 && size != 4)
		return drv_error(ctx, "vc4_draw_elements: index size %u (1, 2 or 4)", size);
	if (!ib)
		return drv_error(ctx, "vc4_draw_elements: no index buffer");
	if (offset % size)
		return drv_error(ctx, "vc4_draw_elements: offset %u is not a multiple of the "
				 "index size %u", offset, size);
	uint64_t end = offset + (uint64_t)count * size;
	if (end > ib->size)
		return drv_error(ctx, "vc4_draw_elements: indices 0..%u (%u bytes each at offset "
				 "%u) need bytes %u..%" PRIu64 ", but the index buffer holds %u "
				 "bytes", count - 1, size, offset, offset, end - 1, ib->size);
	return true;
}

/* Checks the index range and finds the smallest and largest index. */
static bool scan_indices(struct vc4_ctx *ctx, uint32_t count, uint32_t size,
			 const struct vc4_buffer *ib, uint32_t offset, const uint8_t **src,
			 uint32_t range[2])
{
	struct vc4_diag diag = { 0 };
	if (!check_index_range(ctx, count, size, ib, offset))
		return false;
	const uint8_t *map = vc4_bo_map(ib->bo, &diag);
	if (!map)
		return drv_error(ctx, "vc4_draw_elements: %s", diag.msg);
	*src = map + offset;
	range[0] = UINT32_MAX;
	range[1] = 0;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t v = read_index(*src, size, i);
		range[0] = v < range[0] ? v : range[0];
		range[1] = v > range[1] ? v : range[1];
	}
	return true;
}

bool vc4_draw_elements(struct vc4_ctx *ctx, enum vc4_prim mode, uint32_t count,
		       uint32_t index_size, struct vc4_buffer *indices, uint32_t offset)
{
	const uint8_t *src = NULL;
	uint32_t range[2] = { 0, 0 };
	struct drv_job *job;
	drv_begin(ctx);
	if (count == 0)
		return true;
	if (!scan_indices(ctx, count, index_size, indices, offset, &src, range))
		return false;
	struct vc4_bo *ib = indices->bo, *copy = NULL;
	if (index_size == 4) {
		if (!(copy = convert_indices(ctx, src, count)))
			return false;
		ib = copy;
		offset = 0;
	}
	bool ok = begin_draw(ctx, mode, range[0], range[1], &job);
	if (ok) {
		cl_job_set_index_bo(&job->cl, ib);
		cl_emit(&job->cl.bcl, INDEXED_PRIMITIVE_LIST, p) {
			p.primitive_mode = prim_hw[mode];
			p.index_type = index_size == 1 ? 0 : 1;
			p.length = count;
			p.address_of_indices_list = (struct vc4_address){ ib, offset };
			p.maximum_index = range[1];
		}
		ok = end_draw(ctx, job);
	}
	vc4_bo_unref(copy); /* the job holds its own reference once submitted */
	return ok;
}
