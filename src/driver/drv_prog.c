/*
 * drv_prog.c: programs: a vertex and a fragment shader in IR, the user
 * uniform words of each, and the compiled variants — one per (VS key, FS
 * key) the draws have needed — with their shader BOs (CREATE_SHADER_BO).
 * Compilation goes through the context's program cache (src/compiler).
 */
#include <stdlib.h>
#include <string.h>

#include "drv.h"
#include "qir/lower/qir_lower.h"

/* Whether the fragment shader stores its own depth or can discard: either
 * makes an early depth test disagree with the late one (docs/pipeline.md,
 * "Early Z"), so the driver leaves early Z off for it. */
static bool fs_writes_depth_or_discards(const struct ir_shader *fs)
{
	for (size_t d = 0; d < fs->decls.len; d++)
		if (fs->decls.data[d].kind == IR_DECL_OUTPUT &&
		    fs->decls.data[d].builtin == IR_OUT_DEPTH)
			return true;
	for (size_t i = 0; i < fs->instrs.len; i++)
		if (fs->instrs.data[i].op == IR_OP_DISCARD)
			return true;
	return false;
}

/* Fills the facts about the shaders the records and flags need. */
static bool scan_shaders(struct vc4_ctx *ctx, struct vc4_prog *p)
{
	uint32_t comp = 0;
	for (size_t d = 0; d < p->vs->decls.len; d++) {
		const struct ir_decl *decl = &p->vs->decls.data[d];
		if (decl->kind != IR_DECL_ATTRIBUTE)
			continue;
		if (p->num_attrs == DRV_MAX_ATTRS)
			return drv_error(ctx, "vc4_prog: more than %u attributes", DRV_MAX_ATTRS);
		p->attr_loc[p->num_attrs] = (uint8_t)p->num_attrs;
		p->attr_comps[p->num_attrs++] = decl->type.comps;
	}
	p->attr_locs_used = p->num_attrs;
	p->height_word[0] = p->height_word[1] = UINT32_MAX;   /* IR: no built-ins */
	for (uint32_t u = 0; u < DRV_MAX_UNITS; u++)
		p->unif[0].sampler_unit[u] = p->unif[1].sampler_unit[u] = (uint8_t)u;
	for (size_t d = 0; d < p->fs->decls.len; d++) {
		const struct ir_decl *decl = &p->fs->decls.data[d];
		if (decl->kind != IR_DECL_VARYING || !qir_fs_varying_used(p->fs, (uint32_t)d))
			continue;   /* never loaded: not in the FIFO (docs/lowering.md) */
		for (uint32_t k = 0; k < decl->type.comps && comp < 32; k++, comp++) {
			if (decl->interp == IR_FLAT)
				p->fs_flat_mask |= 1u << comp;
		}
	}
	p->fs_varying_comps = comp;
	p->fs_early_z_safe = !fs_writes_depth_or_discards(p->fs);
	return true;
}

/* Sizes the user uniform words of one shader (one word per component) and
 * notes which of its samplers are cube maps. */
static bool init_uniforms(struct vc4_ctx *ctx, const struct ir_shader *sh,
			  struct drv_shader_uniforms *u)
{
	size_t words = 0;
	for (size_t d = 0, s = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind == IR_DECL_SAMPLER && s++ < 32 && decl->dim == IR_SAMPLER_CUBE)
			u->sampler_cube |= 1u << (s - 1);
	}
	for (size_t d = 0; d < sh->decls.len; d++) {
		if (sh->decls.data[d].kind == IR_DECL_UNIFORM)  /* an array: every element */
			words += sh->decls.data[d].type.comps * (sh->decls.data[d].array_len ?
								  sh->decls.data[d].array_len : 1);
	}
	if (!vc4_array_reserve(&u->words, words + 1))
		return drv_error(ctx, "vc4_prog: out of memory");
	memset(u->words.data, 0, (words + 1) * sizeof(uint32_t));
	u->words.len = words;
	return true;
}

struct vc4_prog *vc4_prog_create_ir(struct vc4_ctx *ctx, struct ir_shader *vs,
				    struct ir_shader *fs)
{
	drv_begin(ctx);
	struct vc4_prog *p = calloc(1, sizeof(*p));
	if (!p || !vs || !fs || vs->stage != IR_STAGE_VERTEX || fs->stage != IR_STAGE_FRAGMENT) {
		drv_error(ctx, "vc4_prog: %s", !p ? "out of memory"
			  : "need a vertex and a fragment shader");
		free(p);
		ir_shader_free(vs);
		ir_shader_free(fs);
		return NULL;
	}
	p->ctx = ctx;
	p->id = ++ctx->next_prog_id;
	p->vs = vs;
	p->fs = fs;
	if (!scan_shaders(ctx, p) || !init_uniforms(ctx, vs, &p->unif[0]) ||
	    !init_uniforms(ctx, fs, &p->unif[1])) {
		vc4_prog_destroy(p);
		return NULL;
	}
	return p;
}

struct vc4_prog *vc4_prog_create(struct vc4_ctx *ctx, const char *vs_text, const char *fs_text)
{
	struct vc4_diag diag = { 0 };
	drv_begin(ctx);
	struct ir_shader *vs = vs_text ? ir_parse(vs_text, strlen(vs_text), "vertex", &diag) : NULL;
	struct ir_shader *fs = vs && fs_text ? ir_parse(fs_text, strlen(fs_text), "fragment", &diag)
					     : NULL;
	if (!vs || !fs) {
		drv_error(ctx, "vc4_prog_create: %s", diag.set ? diag.msg : "missing shader text");
		ir_shader_free(vs);
		return NULL;
	}
	return vc4_prog_create_ir(ctx, vs, fs);
}

void vc4_prog_destroy(struct vc4_prog *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->variants.len; i++) {
		struct drv_variant *v = &p->variants.data[i];
		vc4_bo_unref(v->fs_bo);
		vc4_bo_unref(v->vs_bo);
		vc4_bo_unref(v->cs_bo);
	}
	if (p->ctx->state.prog == p)
		p->ctx->state.prog = NULL;
	vc4_array_free(&p->variants);
	vc4_array_free(&p->unif[0].words);
	vc4_array_free(&p->unif[1].words);
	ir_shader_free(p->vs);
	ir_shader_free(p->fs);
	glsl_shader_free(p->glsl[0]);
	glsl_shader_free(p->glsl[1]);
	free(p);
}

/* Stores `count` words at uniform `name` of one shader; -1 absent, 0 bad size. */
static int set_words(const struct ir_shader *sh, struct drv_shader_uniforms *u, const char *name,
		     const uint32_t *w, uint32_t count)
{
	uint32_t word = 0;
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind != IR_DECL_UNIFORM)
			continue;
		uint32_t n = decl->type.comps * (decl->array_len ? decl->array_len : 1);
		if (strcmp(ir_str(sh, decl->name), name) == 0) {
			if (count != n)   /* an array: all its elements */
				return 0;
			memcpy(u->words.data + word, w, count * sizeof(uint32_t));
			return 1;
		}
		word += n;
	}
	return -1;
}

/* Sets uniform `name` to `count` words `w` in whichever stages declare it
 * (GLSL programs through their interface table). False with the context's
 * error set when the name is missing, unknown, or has another size. */
static bool set_uniform(struct vc4_prog *p, const char *name, const uint32_t *w, uint32_t count)
{
	drv_begin(p->ctx);
	if (!name)
		return drv_error(p->ctx, "vc4_prog: uniform without a name");
	if (p->glsl[0])
		return drv_prog_set_glsl_uniform(p, name, w, count);
	int a = set_words(p->vs, &p->unif[0], name, w, count);
	int b = set_words(p->fs, &p->unif[1], name, w, count);
	if (a == 0 || b == 0)
		return drv_error(p->ctx, "vc4_prog: uniform '%s' does not have %u components",
				 name, count);
	if (a < 0 && b < 0)
		return drv_error(p->ctx, "vc4_prog: no uniform '%s'", name);
	return true;
}

/* Copies `count` 32-bit words from v and sets them: one IR uniform, or
 * whole elements of a GLSL one (an array may take several). */
static bool set_uniform_words(struct vc4_prog *p, const char *name, const void *v, uint32_t count)
{
	drv_begin(p->ctx);
	uint32_t cap = DRV_MAX_UNIFORM_WORDS;
	if (count > cap || (!v && count))
		return drv_error(p->ctx, "vc4_prog: uniform '%s': %u components", name ? name : "",
				 count);
	uint32_t *w = malloc(((size_t)count + 1) * sizeof(uint32_t));
	if (!w)
		return drv_error(p->ctx, "vc4_prog: out of memory");
	memcpy(w, v, (size_t)count * sizeof(uint32_t));
	bool ok = set_uniform(p, name, w, count);
	free(w);
	return ok;
}

bool vc4_prog_set_uniform_f(struct vc4_prog *p, const char *name, const float *v, uint32_t count)
{
	return set_uniform_words(p, name, v, count);
}

bool vc4_prog_set_uniform_i(struct vc4_prog *p, const char *name, const int32_t *v,
			    uint32_t count)
{
	return set_uniform_words(p, name, v, count);
}

/* The keys of the current state for a draw of primitive `mode`: its class
 * (points, lines, triangles) picks the FS variant, since the hardware puts
 * generated varyings first for points and lines (docs/lowering.md). */
static void make_keys(const struct vc4_ctx *ctx, const struct vc4_prog *p, enum vc4_prim mode,
		      struct qir_shader_key *vk, struct qir_shader_key *fk)
{
	const struct drv_state *s = &ctx->state;
	bool points = mode == VC4_PRIM_POINTS;
	qir_shader_key_init(vk, QIR_STAGE_VERTEX);
	for (uint32_t i = 0; i < p->num_attrs; i++)
		vk->attr_format[i] = drv_attrib(p, s, i)->format;
	vk->point_size = points;
	qir_shader_key_init(fk, QIR_STAGE_FRAGMENT);
	fk->blend.enable = s->blend.enable;
	fk->blend.rgb_eq = s->blend.rgb_eq;
	fk->blend.alpha_eq = s->blend.alpha_eq;
	fk->blend.rgb_src = s->blend.rgb_src;
	fk->blend.rgb_dst = s->blend.rgb_dst;
	fk->blend.alpha_src = s->blend.alpha_src;
	fk->blend.alpha_dst = s->blend.alpha_dst;
	fk->color_mask = s->color_mask;
	fk->rt_format = s->color ? (uint8_t)drv_formats[s->color->format].qir_rt : QIR_RT_RGBA8888;
	fk->depth_enabled = s->depth && (s->depth_test || s->depth_write);
	fk->is_points = points;
	fk->is_lines = mode == VC4_PRIM_LINES || mode == VC4_PRIM_LINE_LOOP ||
		       mode == VC4_PRIM_LINE_STRIP;
	fk->threaded = drv_supports(ctx, DRM_VC4_PARAM_SUPPORTS_THREADED_FS);
}

/* Makes the three shader BOs of a new variant. */
static bool upload_variant(struct vc4_ctx *ctx, struct drv_variant *v)
{
	const struct vc4_compiled_stage *progs[3] = { &v->fs->prog[0], &v->vs->prog[0], &v->vs->prog[1] };
	struct vc4_bo **bos[3] = { &v->fs_bo, &v->vs_bo, &v->cs_bo };
	for (int i = 0; i < 3; i++) {
		struct vc4_diag diag = { 0 };
		const struct qpu_program *c = &progs[i]->code;
		size_t n = c->words.len;
		uint8_t *bytes = malloc(n * 8 + 8);
		if (!bytes)
			return drv_error(ctx, "vc4_prog: out of memory");
		for (size_t k = 0; k < n * 8; k++) /* little-endian whatever the host */
			bytes[k] = (uint8_t)(c->words.data[k / 8] >> (8 * (k % 8)));
		*bos[i] = vc4_bo_alloc_shader(ctx->dev, bytes, (uint32_t)(n * 8), &diag);
		free(bytes);
		if (!*bos[i])
			return drv_error(ctx, "%s shader BO: %s", vc4_stage_name(progs[i]->stage),
					 diag.msg);
	}
	return true;
}

/* The compiled variant of program p for the current state and primitive
 * `mode`: an existing one with equal vertex and fragment shader keys, or a
 * new one compiled through the context's program cache and uploaded to
 * shader BOs. The variant stays owned by p. NULL with the context's error
 * set when compiling or uploading fails. */
const struct drv_variant *drv_prog_variant(struct vc4_ctx *ctx, struct vc4_prog *p,
					   enum vc4_prim mode)
{
	struct qir_shader_key vk, fk;
	make_keys(ctx, p, mode, &vk, &fk);
	for (size_t i = 0; i < p->variants.len; i++) {
		struct drv_variant *v = &p->variants.data[i];
		if (qir_shader_key_equal(&v->vs_key, &vk) && qir_shader_key_equal(&v->fs_key, &fk))
			return v;
	}
	struct vc4_diag diag = { 0 };
	struct drv_variant v = { .vs_key = vk, .fs_key = fk };
	v.fs = vc4_compile_cache_get(ctx->cache, p->fs, NULL, &fk, &diag);
	v.vs = v.fs ? vc4_compile_cache_get(ctx->cache, p->vs, p->fs, &vk, &diag) : NULL;
	if (!v.vs) {
		drv_error(ctx, "compiling the %s shader: %s", v.fs ? "vertex" : "fragment", diag.msg);
		return NULL;
	}
	if (!upload_variant(ctx, &v) || !vc4_array_push(&p->variants, v)) {
		drv_error(ctx, "vc4_prog: out of memory");
		vc4_bo_unref(v.fs_bo);
		vc4_bo_unref(v.vs_bo);
		vc4_bo_unref(v.cs_bo);
		return NULL;
	}
	drv_debug_variant(ctx, p, &p->variants.data[p->variants.len - 1], p->variants.len - 1);
	return &p->variants.data[p->variants.len - 1];
}
