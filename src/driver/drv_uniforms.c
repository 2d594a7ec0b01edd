/*
 * drv_uniforms.c: the uniform writer. Walks a compiled program's uniform
 * description (kinds in read order, src/qir/qir.h) and appends the stream
 * the kernel takes: first one BO index per texture sample (P0 and direct
 * reads, in read order), then one word per entry — user values, texture
 * config P0 (relocated: offset in the BO | type | mip levels) to P3, the
 * placeholder the kernel replaces for uniform-address resets, viewport
 * scales, the blend constant (kernel-vc4.md §d "Uniform stream"). A shader
 * reading uniform arrays with a non-constant index gets, per draw, a BO
 * holding them (the "UBO", docs/lowering.md "Indexed uniform arrays") whose
 * address (relocated) its UBO_ADDR entries name. HOST entries are the
 * results of the program's host ops (compiler/vc4_host_eval.h), computed
 * here once per draw from the user words and the state.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/vc4_host_eval.h"
#include "drv.h"
#include "qir/lower/qir_lower.h"

static uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof(u));
	return u;
}

/* The texture of sampler `unit` for uniform entry `i`; NULL + error. */
static struct vc4_texture *unit_texture(struct vc4_ctx *ctx, struct drv_job *job, uint32_t unit,
					uint32_t i)
{
	struct vc4_texture *t = unit < DRV_MAX_UNITS ? ctx->state.textures[unit] : NULL;
	if (!t)
		drv_error(ctx, "uniform %u: no texture bound to unit %u", i, unit);
	(void)job;
	return t;
}

/* Number of BO index slots the stream needs (relocated entries). */
static uint32_t count_relocs(const struct qir_uniform_stream *u)
{
	uint32_t n = 0;
	for (size_t i = 0; i < u->entries.len; i++) {
		uint32_t k = u->entries.data[i].kind;
		if (k < QIR_UNIFORM_KIND_COUNT && qir_uniform_kinds[k].relocated)
			n++;
	}
	return n;
}

/* The word of a non-texture entry; false for a kind the driver lacks. */
static bool plain_value(struct vc4_ctx *ctx, const struct qir_uniform *e,
			const struct drv_shader_uniforms *user, uint32_t i, uint32_t *w)
{
	const struct drv_state *s = &ctx->state;
	switch (e->kind) {
	case QIR_UNIFORM_CONST: *w = e->data; return true;
	case QIR_UNIFORM_USER:
		if (e->data >= user->words.len)
			return drv_error(ctx, "uniform %u: user word %u of %zu", i, e->data,
					 user->words.len);
		*w = user->words.data[e->data];
		return true;
	case QIR_UNIFORM_UNIFORMS_ADDRESS: *w = 0; return true; /* the kernel's */
	case QIR_UNIFORM_VIEWPORT_X_SCALE: *w = fbits(s->vp_w * 0.5f * 16.0f); return true;
	case QIR_UNIFORM_VIEWPORT_Y_SCALE: *w = fbits(-(s->vp_h * 0.5f) * 16.0f); return true;
	case QIR_UNIFORM_VIEWPORT_Z_OFFSET:
		*w = fbits((s->depth_far + s->depth_near) * 0.5f);
		return true;
	case QIR_UNIFORM_VIEWPORT_Z_SCALE:
		*w = fbits((s->depth_far - s->depth_near) * 0.5f);
		return true;
	case QIR_UNIFORM_BLEND_CONST:
		*w = fbits(e->data < 4 ? s->blend.constant[e->data] : 0.0f);
		return true;
	case QIR_UNIFORM_STENCIL: case QIR_UNIFORM_ALPHA_REF: case QIR_UNIFORM_TEX_BORDER_COLOR:
		*w = 0;
		return true;
	case QIR_UNIFORM_SAMPLE_MASK: *w = 0xf; return true;
	default:
		return drv_error(ctx, "uniform %u: kind %u is not supported by the driver", i,
				 e->kind);
	}
}

/* One entry: texture kinds and UBO addresses go through the relocation
 * slots. */
static bool write_entry(struct vc4_ctx *ctx, struct drv_job *job, const struct qir_uniform *e,
			const struct drv_shader_uniforms *user, struct vc4_bo *ubo, uint32_t i)
{
	struct vc4_cl *u = &job->cl.uniforms;
	struct vc4_texture *t;
	uint32_t w = 0;
	switch (e->kind) {
	case QIR_UNIFORM_UBO_ADDR:
		if (!ubo)
			return drv_error(ctx, "uniform %u: no uniform-array buffer", i);
		cl_reloc_u32(u, ubo, e->data);
		return true;
	case QIR_UNIFORM_TEX_P0:
	case QIR_UNIFORM_TEX_BO_ADDR:
		if (!(t = unit_texture(ctx, job, drv_sampler_unit(user, e->data), i)))
			return false;
		cl_reloc_u32(u, t->bo, e->kind == QIR_UNIFORM_TEX_P0 ? drv_texture_p0(t) : 0);
		return vc4_array_push(&job->reads, t) || drv_error(ctx, "out of memory");
	case QIR_UNIFORM_TEX_P1:
		if (!(t = unit_texture(ctx, job, drv_sampler_unit(user, e->data), i)))
			return false;
		cl_u32(u, drv_texture_p1(t));
		return true;
	case QIR_UNIFORM_TEX_P2:  /* a cube map's stride; a 2D bias lookup's: 0 */
		if (!(t = unit_texture(ctx, job, drv_sampler_unit(user, e->data), i)))
			return false;
		cl_u32(u, drv_texture_p2(t));
		return true;
	case QIR_UNIFORM_TEX_P3:
		cl_u32(u, 0); /* no child image */
		return true;
	default:
		if (!plain_value(ctx, e, user, i, &w))
			return false;
		cl_u32(u, w);
		return true;
	}
}

/* The host program's inputs: plain values, errors noted in `ok`. */
struct host_in {
	struct vc4_ctx *ctx;
	const struct drv_shader_uniforms *user;
	bool ok;
};

/* A host op's source word (vc4_host_value_fn). */
static uint32_t host_source(void *p, const struct qir_uniform *e)
{
	struct host_in *h = p;
	uint32_t w = 0;
	if (!plain_value(h->ctx, e, h->user, 0, &w))
		h->ok = false;
	return w;
}

/* Writes the stream's entries, HOST ones from host[] (nhost values). */
static bool write_entries(struct vc4_ctx *ctx, struct drv_job *job,
			  const struct qir_uniform_stream *s, const struct drv_shader_uniforms *user,
			  struct vc4_bo *ubo, const uint32_t *host, size_t nhost)
{
	for (size_t i = 0; i < s->entries.len; i++) {
		const struct qir_uniform *e = &s->entries.data[i];
		if (e->kind == QIR_UNIFORM_HOST)
			cl_u32(&job->cl.uniforms, vc4_host_word(e, host, nhost));
		else if (!write_entry(ctx, job, e, user, ubo, (uint32_t)i))
			return false;
	}
	return true;
}

bool drv_write_uniform_stream(struct vc4_ctx *ctx, struct drv_job *job,
			      const struct vc4_compiled_stage *p, const struct drv_shader_uniforms *user,
			      struct vc4_bo *ubo)
{
	const struct qir_uniform_stream *s = &p->code.uniforms;
	uint32_t local[64], *host = local;
	if (s->host.len > 64 && !(host = malloc(s->host.len * sizeof(uint32_t))))
		return drv_error(ctx, "out of memory");
	struct host_in in = { ctx, user, true };
	bool ok = vc4_host_eval(s->host.data, s->host.len, host_source, &in, host) ||
		  drv_error(ctx, "uniforms: a host op the driver cannot evaluate");
	ok = ok && in.ok;
	if (ok && !cl_job_begin_uniforms(&job->cl, count_relocs(s)))
		ok = drv_error(ctx, "uniforms: %s", job->cl.diag.msg);
	ok = ok && write_entries(ctx, job, s, user, ubo, host, s->host.len);
	if (host != local)
		free(host);
	if (ok && !cl_end_relocs(&job->cl.uniforms))
		return drv_error(ctx, "uniforms: %s", job->cl.diag.msg);
	return ok;
}

/* Whether a program of `r` reads the uniform-array buffer. */
static bool reads_ubo(const struct vc4_compile_result *r)
{
	for (uint32_t p = 0; p < r->count; p++) {
		const struct qir_uniform_stream *s = &r->prog[p].code.uniforms;
		for (size_t i = 0; i < s->entries.len; i++)
			if (s->entries.data[i].kind == QIR_UNIFORM_UBO_ADDR)
				return true;
	}
	return false;
}

/* A new BO holding the uniform arrays of `sh` from the user words, or NULL
 * (*ok false on error) when the programs of `r` do not read them. */
static struct vc4_bo *make_ubo(struct vc4_ctx *ctx, const struct ir_shader *sh,
			       const struct vc4_compile_result *r,
			       const struct drv_shader_uniforms *user, bool *ok)
{
	uint32_t size = qir_ubo_size(sh);
	*ok = true;
	if (!size || !reads_ubo(r))
		return NULL;
	struct vc4_diag diag = { 0 };
	struct vc4_bo *bo = vc4_bo_alloc(ctx->dev, size, "uniform arrays", &diag);
	uint32_t *map = bo ? vc4_bo_map(bo, &diag) : NULL;
	if (!map) {
		vc4_bo_unref(bo);
		*ok = drv_error(ctx, "uniform arrays: %s", diag.msg);
		return NULL;
	}
	qir_ubo_fill(sh, user->words.data, user->words.len, map);
	return bo;
}

bool drv_write_uniforms(struct vc4_ctx *ctx, struct drv_job *job, const struct vc4_prog *prog,
			const struct drv_variant *v)
{
	bool ok_fs, ok_vs = false;
	struct vc4_bo *fs_ubo = make_ubo(ctx, prog->fs, v->fs, &prog->unif[1], &ok_fs);
	struct vc4_bo *vs_ubo = ok_fs ? make_ubo(ctx, prog->vs, v->vs, &prog->unif[0], &ok_vs)
				      : NULL;
	bool ok = ok_fs && ok_vs &&
		  drv_write_uniform_stream(ctx, job, &v->fs->prog[0], &prog->unif[1], fs_ubo) &&
		  drv_write_uniform_stream(ctx, job, &v->vs->prog[0], &prog->unif[0], vs_ubo) &&
		  drv_write_uniform_stream(ctx, job, &v->vs->prog[1], &prog->unif[0], vs_ubo);
	drv_job_ref_bos(job);   /* the job keeps the buffers */
	vc4_bo_unref(fs_ubo);
	vc4_bo_unref(vs_ubo);
	return ok;
}
