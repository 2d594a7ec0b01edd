/*
 * drv_job.c: one pending job per render target and the rules that submit
 * it: on vc4_flush(), when its BOs pass the size cap, before a draw samples
 * its target, before the CPU reads its target, before a clear that follows
 * draws, and before another job starts writing a texture it samples. Also
 * describes a finished job to src/bo's vc4_job, which borrows the CL
 * builder's three streams and its one BO list (the render targets' BOs
 * added to it): the render surfaces (colour write with render-config bits,
 * colour and Z/S loads when the target holds content and was not cleared,
 * Z/S write; their bits packed by the generated *_SURFACE_BITS code), clear
 * values and the tile rectangle (kernel-vc4.md §b, §f). After each
 * submission and wait it asks the device whether a job hung.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "drv.h"

/* A packed 2-byte surface bits word as the u16 SUBMIT_CL holds. */
static uint16_t bits16(const uint8_t b[2])
{
	return (uint16_t)(b[0] | b[1] << 8);
}

uint16_t drv_render_config_bits(const struct vc4_texture *c)
{
	const struct VC4_RENDER_CONFIG_SURFACE_BITS rc = {
		.non_hdr_frame_buffer_color_format = (uint32_t)drv_formats[c->format].rt_format,
		.memory_format = drv_layout_tiling(c->layout),
	};
	uint8_t b[VC4_RENDER_CONFIG_SURFACE_BITS_length];
	int err = VC4_RENDER_CONFIG_SURFACE_BITS_pack(NULL, b, &rc);
	assert(err == 0); /* a colour target's format fits its field */
	(void)err;
	return bits16(b);
}

/* The 16-bit load/store surface bits for texture t as a render target: the
 * colour or Z/stencil buffer, its tiling and its pixel format, packed
 * through the generated LOAD_STORE_SURFACE_BITS code. */
uint16_t drv_loadstore_bits(const struct vc4_texture *t)
{
	bool zs = t->format == VC4_FMT_Z24S8;
	const struct VC4_LOAD_STORE_SURFACE_BITS ls = {
		.buffer = zs ? VC4_TILE_BUFFER_Z_STENCIL : VC4_TILE_BUFFER_COLOR,
		.format = drv_layout_tiling(t->layout),
		.pixel_color_format = t->format == VC4_FMT_RGB565 ?
			VC4_LOAD_STORE_SURFACE_BITS_PIXEL_COLOR_FORMAT_BGR565_NO_DITHER :
			VC4_LOAD_STORE_SURFACE_BITS_PIXEL_COLOR_FORMAT_RGBA8888,
	};
	uint8_t b[VC4_LOAD_STORE_SURFACE_BITS_length];
	int err = VC4_LOAD_STORE_SURFACE_BITS_pack(NULL, b, &ls);
	assert(err == 0); /* every value fits its field */
	(void)err;
	return bits16(b);
}

struct drv_job *drv_job_find(struct vc4_ctx *ctx, const struct vc4_texture *color)
{
	for (size_t i = 0; i < ctx->jobs.len; i++) {
		if (ctx->jobs.data[i]->color == color)
			return ctx->jobs.data[i];
	}
	return NULL;
}

/* True when `job` samples `tex`. */
static bool job_reads(const struct drv_job *job, const struct vc4_texture *tex)
{
	for (size_t k = 0; k < job->reads.len; k++) {
		if (job->reads.data[k] == tex)
			return true;
	}
	return false;
}

/* Submits every other job that samples or renders to `tex`, so that jobs
 * touching it run in the order the API saw them. */
static bool flush_users(struct vc4_ctx *ctx, const struct vc4_texture *tex)
{
	for (size_t i = 0; i < ctx->jobs.len;) {
		struct drv_job *j = ctx->jobs.data[i];
		if (tex && (job_reads(j, tex) || j->color == tex || j->depth == tex)) {
			if (!drv_job_flush(ctx, j, DRV_FLUSH_DEPENDENCY))
				return false;
			continue; /* the list shrank */
		}
		i++;
	}
	return true;
}

struct drv_job *drv_job_current(struct vc4_ctx *ctx)
{
	struct drv_state *s = &ctx->state;
	if (!s->color) {
		drv_error(ctx, "no framebuffer bound");
		return NULL;
	}
	struct drv_job *job = drv_job_find(ctx, s->color);
	if (job && job->depth == s->depth)
		return job;
	if ((job && !drv_job_flush(ctx, job, DRV_FLUSH_DEPENDENCY)) ||
	    !flush_users(ctx, s->color) || !flush_users(ctx, s->depth))
		return NULL;
	job = calloc(1, sizeof(*job));
	if (!job || !vc4_array_push(&ctx->jobs, job)) {
		free(job);
		drv_error(ctx, "out of memory");
		return NULL;
	}
	job->color = s->color;
	job->depth = s->depth;
	job->id = ++ctx->next_job_id;
	cl_job_init(&job->cl);
	s->color->writer = job;
	if (s->depth)
		s->depth->writer = job;
	return job;
}

/* Removes `job` from the context and frees it. */
static void job_free(struct vc4_ctx *ctx, struct drv_job *job)
{
	for (size_t i = 0; i < ctx->jobs.len; i++) {
		if (ctx->jobs.data[i] == job) {
			ctx->jobs.data[i] = ctx->jobs.data[--ctx->jobs.len];
			break;
		}
	}
	if (job->color && job->color->writer == job)
		job->color->writer = NULL;
	if (job->depth && job->depth->writer == job)
		job->depth->writer = NULL;
	for (size_t i = 0; i < job->bos_refd; i++)
		vc4_bo_unref(job->cl.bos.data[i]);
	cl_job_free(&job->cl);
	vc4_array_free(&job->reads);
	free(job);
}

/* The clear colour as the tile buffer's 32-bit word (bytes R, G, B, A;
 * an RGB565 target is packed from this word by the tile store). */
static uint32_t pack_clear(const float rgba[4])
{
	uint32_t w = 0;
	for (int i = 0; i < 4; i++) {
		float f = rgba[i] < 0 ? 0 : rgba[i] > 1 ? 1 : rgba[i];
		w |= (uint32_t)(f * 255.0f + 0.5f) << (8 * i);
	}
	return w;
}

bool vc4_clear(struct vc4_ctx *ctx, uint32_t buffers, const float rgba[4], float depth,
	       uint8_t stencil)
{
	drv_begin(ctx);
	struct drv_job *job = drv_job_find(ctx, ctx->state.color);
	if (job && job->draws && !drv_job_flush(ctx, job, DRV_FLUSH_CLEAR))
		return false;
	job = drv_job_current(ctx);
	if (!job)
		return false;
	if (buffers & VC4_CLEAR_COLOR)
		job->clear_color = pack_clear(rgba);
	if (buffers & VC4_CLEAR_DEPTH) {
		float d = depth < 0 ? 0 : depth > 1 ? 1 : depth;
		job->clear_z = (uint32_t)((double)d * 16777215.0 + 0.5); /* float would round up to 2^24 */
	}
	if (buffers & VC4_CLEAR_STENCIL)
		job->clear_s = stencil;
	job->cleared |= buffers & (VC4_CLEAR_COLOR | VC4_CLEAR_DEPTH | VC4_CLEAR_STENCIL);
	return true;
}

/* Colour and Z/S surfaces: write always, read when there is content the
 * clear does not replace. */
static bool set_surfaces(struct drv_job *job, struct vc4_job *out, struct vc4_diag *diag)
{
	struct vc4_texture *c = job->color, *z = job->depth;
	bool ok = vc4_job_set_surface(out, VC4_JOB_COLOR_WRITE, c->bo, 0,
				      drv_render_config_bits(c), 0, diag);
	if (ok && c->has_content && !(job->cleared & VC4_CLEAR_COLOR))
		ok = vc4_job_set_surface(out, VC4_JOB_COLOR_READ, c->bo, 0,
					 drv_loadstore_bits(c), 0, diag);
	if (ok && z)
		ok = vc4_job_set_surface(out, VC4_JOB_ZS_WRITE, z->bo, 0, drv_loadstore_bits(z), 0,
					 diag);
	/* Depth and stencil share each 32-bit word: a load would undo the
	 * clear of either, so clearing one resets both (no stencil state yet). */
	uint32_t zs = VC4_CLEAR_DEPTH | VC4_CLEAR_STENCIL;
	if (ok && z && z->has_content && !(job->cleared & zs))
		ok = vc4_job_set_surface(out, VC4_JOB_ZS_READ, z->bo, 0, drv_loadstore_bits(z), 0,
					 diag);
	return ok;
}

/* Lists the render targets' BOs after the ones the CLs name (the job's one
 * BO list; the kernel finds surfaces by index in it) and references them
 * with the others. */
static void list_surface_bos(struct drv_job *job)
{
	cl_job_bo_index(&job->cl, job->color->bo);
	if (job->depth)
		cl_job_bo_index(&job->cl, job->depth->bo);
	drv_job_ref_bos(job);
}

bool drv_job_build_submit(struct vc4_ctx *ctx, struct drv_job *job, struct vc4_job *out)
{
	struct vc4_diag diag = { 0 };
	struct cl_job *cl = &job->cl;
	list_surface_bos(job);
	if (cl_job_failed(cl))
		return drv_error(ctx, "building the job: %s", cl->diag.msg);
	if (!vc4_job_set_cls(out, cl->bcl.data, (uint32_t)cl->bcl.len, cl->shader_rec.data,
			     (uint32_t)cl->shader_rec.len, cl->shader_rec_count, cl->uniforms.data,
			     (uint32_t)cl->uniforms.len, cl->bos.data, (uint32_t)cl->bos.len, &diag) ||
	    !set_surfaces(job, out, &diag))
		return drv_error(ctx, "building the job: %s", diag.msg);
	vc4_job_set_clear(out, job->clear_color, job->clear_color, job->clear_z, job->clear_s);
	uint32_t w = job->color->width, h = job->color->height;
	vc4_job_set_tiles(out, (uint16_t)w, (uint16_t)h, 0, 0,
			  (uint8_t)((w - 1) / DRV_TILE_SIZE), (uint8_t)((h - 1) / DRV_TILE_SIZE));
	return true;
}

/* Closes the bin CL: the kernel wants it to end with exactly these two. */
static void finish_bcl(struct drv_job *job)
{
	if (!job->started)
		return;
	cl_emit(&job->cl.bcl, INCREMENT_SEMAPHORE, p);
	cl_emit(&job->cl.bcl, FLUSH, p);
}

static uint32_t *reason_counter(struct vc4_ctx *ctx, enum drv_flush_reason why)
{
	uint32_t *c[DRV_FLUSH_REASON_COUNT] = {
		[DRV_FLUSH_EXPLICIT] = &ctx->stats.flush_explicit,
		[DRV_FLUSH_BO_CAP] = &ctx->stats.flush_bo_cap,
		[DRV_FLUSH_DEPENDENCY] = &ctx->stats.flush_dependency,
		[DRV_FLUSH_READBACK] = &ctx->stats.flush_readback,
		[DRV_FLUSH_CLEAR] = &ctx->stats.flush_clear,
		[DRV_FLUSH_DEBUG] = &ctx->stats.flush_explicit,
	};
	return c[why];
}

/* A submitted job renders to `t` (may be NULL): it has content, and no
 * hang is known for it yet. */
static void mark_rendered(struct vc4_texture *t)
{
	if (!t)
		return;
	t->has_content = true;
	free(t->hang);
	t->hang = NULL;
}

/* VC4_DEBUG always_sync: waits for the job just submitted. */
static bool sync_if_debugging(struct vc4_ctx *ctx)
{
	struct vc4_diag diag = { 0 };
	if (!drv_debugging(ctx, DRV_DEBUG_ALWAYS_SYNC) ||
	    !vc4_dev_wait_seqno(ctx->dev, ctx->last_seqno, UINT64_MAX, &diag))
		return true;
	return drv_error(ctx, "VC4_DEBUG always_sync: waiting for the job: %s", diag.msg);
}

bool drv_job_flush(struct vc4_ctx *ctx, struct drv_job *job, enum drv_flush_reason why)
{
	struct vc4_diag diag = { 0 };
	if (!job->draws && !job->cleared) { /* nothing to render */
		job_free(ctx, job);
		return true;
	}
	finish_bcl(job);
	drv_debug_flush(ctx, job, why);
	struct vc4_job *out = vc4_job_create(ctx->dev);
	if (out)
		out->perfmonid = ctx->perfmon; /* 0: not counting */
	bool ok = out && drv_job_build_submit(ctx, job, out);
	if (ok && !vc4_job_submit(out, &diag))
		ok = drv_error(ctx, "SUBMIT_CL rejected: %s", diag.msg);
	else if (!out)
		ok = drv_error(ctx, "out of memory");
	if (ok) {
		ctx->last_seqno = out->seqno;
		ctx->stats.jobs_submitted++;
		(*reason_counter(ctx, why))++;
		mark_rendered(job->color);
		mark_rendered(job->depth);
		ok = sync_if_debugging(ctx) && drv_check_hang(ctx, job->color, job->depth);
	}
	vc4_job_destroy(out);
	job_free(ctx, job);
	return ok;
}

bool drv_flush_writer(struct vc4_ctx *ctx, struct vc4_texture *tex, enum drv_flush_reason why)
{
	return !tex->writer || drv_job_flush(ctx, tex->writer, why);
}

bool drv_flush_all(struct vc4_ctx *ctx, enum drv_flush_reason why)
{
	bool ok = true;
	while (ctx->jobs.len) {
		if (!drv_job_flush(ctx, ctx->jobs.data[0], why))
			ok = false;
	}
	return ok;
}

bool vc4_flush(struct vc4_ctx *ctx)
{
	drv_begin(ctx);
	return drv_flush_all(ctx, DRV_FLUSH_EXPLICIT);
}

bool vc4_finish(struct vc4_ctx *ctx)
{
	struct vc4_diag diag = { 0 };
	drv_begin(ctx);
	bool ok = vc4_flush(ctx);
	if (ctx->last_seqno && vc4_dev_wait_seqno(ctx->dev, ctx->last_seqno, UINT64_MAX, &diag))
		return drv_error(ctx, "vc4_finish: %s", diag.msg);
	ok = drv_check_hang(ctx, NULL, NULL) && ok;
	if (ctx->hang.set) /* a job since the last finish hung, maybe reported already */
		ok = drv_error(ctx, "%s", ctx->hang.msg);
	vc4_diag_clear(&ctx->hang);
	return ok;
}

void drv_job_ref_bos(struct drv_job *job)
{
	for (; job->bos_refd < job->cl.bos.len; job->bos_refd++)
		vc4_bo_ref(job->cl.bos.data[job->bos_refd]);
}
