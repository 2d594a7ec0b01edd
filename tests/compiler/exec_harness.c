/*
 * exec_harness.c: the execution harness of the compiler tests (see
 * exec_harness.h): builds inputs, runs the QPU interpreter and the
 * reference interpreter, compares.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_harness.h"
#include "compiler/vc4_host_eval.h"
#include "ir/ir_interp.h"
#include "qir/lower/qir_lower.h"
#include "sim/sim_alu.h"
#include "sim/sim_qpu.h"

#define UNIF_ADDR 0x1000u
#define UBO_ADDR 0x8000u         /* the uniform-array buffer (load_index) */
#define MEM_SIZE 0x10000u
#define MAX_WORDS 2048
#define MAX_DECLS 64

struct run {
	uint64_t rng;
	uint32_t user[MAX_WORDS];        /* user uniform words */
	uint32_t nuser;
	union ir_scalar arr[MAX_WORDS];  /* the user words, for the interpreter's arrays */
	const union ir_scalar *arrays[MAX_DECLS];
	float vary[64][16];              /* FS: varying component k, lane l */
	uint32_t nvary, next_vary;
	uint32_t color[16];
	uint16_t color_lanes;            /* lanes whose colour write passed */
	bool color_written;
	uint32_t z[16];                  /* the TLB Z write */
	uint16_t z_lanes;
	bool z_written;
	uint32_t dst[16];                /* the tile buffer's colour (tlb_color_read) */
	const struct qir_shader_key *key;
	uint8_t mem_bytes[MEM_SIZE];
	struct sim_memory mem;
	struct sim_shared shared;
};

static uint32_t next_rand(struct run *r)
{
	r->rng ^= r->rng << 13;
	r->rng ^= r->rng >> 7;
	r->rng ^= r->rng << 17;
	return (uint32_t)(r->rng >> 11);
}

/* A float in [-2, 2) with 1/1024 steps (exact in every format). */
static float rand_float(struct run *r)
{
	return (float)((int32_t)(next_rand(r) % 4096) - 2048) / 1024.0f;
}

static uint32_t rand_scalar(struct run *r, uint8_t base)
{
	union ir_scalar s;
	if (base == IR_FLOAT)
		s.f = rand_float(r);
	else if (base == IR_INT)
		s.i = (int32_t)(next_rand(r) % 64) - 32;
	else
		s.u = next_rand(r) & 1;
	return s.u;
}

static unsigned decl_comps(const struct ir_decl *d)
{
	return d->type.comps;
}

/* Random user uniform words, in decl order; the uniform arrays' buffer
 * (docs/lowering.md "Indexed uniform arrays") in memory at UBO_ADDR. */
static void make_uniforms(const struct ir_shader *sh, struct run *r)
{
	r->nuser = 0;
	memset(r->arrays, 0, sizeof(r->arrays));
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind != IR_DECL_UNIFORM)
			continue;
		if (decl->array_len && d < MAX_DECLS)
			r->arrays[d] = &r->arr[r->nuser];
		unsigned n = decl_comps(decl) * (decl->array_len ? decl->array_len : 1);
		for (unsigned k = 0; k < n && r->nuser < MAX_WORDS; k++) {
			r->user[r->nuser] = rand_scalar(r, decl->type.base);
			r->arr[r->nuser].u = r->user[r->nuser];
			r->nuser++;
		}
	}
	uint32_t size = qir_ubo_size(sh), *ubo = size ? malloc(size) : NULL;
	if (ubo && size <= MEM_SIZE - UBO_ADDR) {
		qir_ubo_fill(sh, r->user, r->nuser, ubo);
		memcpy(r->mem_bytes + UBO_ADDR, ubo, size);
	}
	free(ubo);
}

/* Copies the user words into the interpreter's uniform slots. */
static void fill_uniform_slots(const struct ir_shader *sh, const struct run *r,
			       struct ir_slot_value *slots)
{
	uint32_t w = 0;
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind != IR_DECL_UNIFORM)
			continue;
		if (decl->array_len) {   /* read through io.arrays */
			w += decl_comps(decl) * decl->array_len;
			continue;
		}
		for (unsigned k = 0; k < decl_comps(decl) && w < r->nuser; k++)
			slots[d].c[k].u = r->user[w++];
	}
}

static uint32_t fbits(float f)
{
	union ir_scalar s = { .f = f };
	return s.u;
}

/* The stream value of one uniform kind other than HOST
 * (vc4_host_value_fn). */
static uint32_t uniform_value(void *p, const struct qir_uniform *u)
{
	const struct run *r = p;
	switch (u->kind) {
	case QIR_UNIFORM_CONST: return u->data;
	case QIR_UNIFORM_USER: return u->data < r->nuser ? r->user[u->data] : 0;
	case QIR_UNIFORM_UNIFORMS_ADDRESS: return UNIF_ADDR;
	case QIR_UNIFORM_UBO_ADDR: return UBO_ADDR + u->data;
	case QIR_UNIFORM_VIEWPORT_X_SCALE: return fbits(64.0f);
	case QIR_UNIFORM_VIEWPORT_Y_SCALE: return fbits(-48.0f);
	case QIR_UNIFORM_VIEWPORT_Z_SCALE: return fbits(0.5f);
	case QIR_UNIFORM_VIEWPORT_Z_OFFSET: return fbits(0.5f);
	default: return 0;
	}
}

/* Texel bytes for coordinates (s, t): the same on both sides. The scale
 * 251 puts no byte boundary at a multiple of 1/1024 (the float inputs) or
 * of 1/255 (unorm8 attributes) inside (0, 1). */
static void texel(float s, float t, uint8_t b[4])
{
	float v[2] = { s, t };
	for (int i = 0; i < 2; i++) {
		float f = v[i] - floorf(v[i]);
		b[i] = (uint8_t)(f * 251.0f);
	}
	b[2] = 128;
	b[3] = 200;
}

static void ref_sample(void *user, uint32_t sampler, const float *coord, unsigned ncoord,
		       bool has_bias, float bias, float rgba[4])
{
	(void)user, (void)sampler, (void)has_bias, (void)bias;
	uint8_t b[4];
	texel(coord[0], ncoord > 1 ? coord[1] : 0.0f, b);
	for (int i = 0; i < 4; i++)
		rgba[i] = (float)b[i] / 255.0f;
}

/* A texture request: coordinates s (the last write) and t (an earlier
 * write, else 0); the configuration uniforms are not used. */
static bool hook_tex(void *user, struct sim_qpu *q, unsigned unit, const struct sim_tmu_write *w,
		     unsigned n, uint32_t result[16], struct vc4_diag *diag)
{
	(void)user, (void)q, (void)unit, (void)diag;
	const uint32_t *tv = NULL;
	for (unsigned k = 0; k + 1 < n; k++)
		if (w[k].param == SIM_TMU_T)
			tv = w[k].val;
	for (int l = 0; l < 16; l++) {
		union ir_scalar s = { .u = w[n - 1].val[l] }, t = { .u = tv ? tv[l] : 0 };
		uint8_t b[4];
		texel(s.f, t.f, b);
		result[l] = b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	}
	return true;
}

/* Varying k: the FIFO gives the value, C (r5) is 0 and W = 1. */
static bool hook_vary(void *user, struct sim_qpu *q, uint32_t out[16], uint32_t c[16],
		      struct vc4_diag *diag)
{
	struct run *r = user;
	if (r->next_vary >= r->nvary)
		return vc4_diag_set(diag, "ip %u: varying read %u of %u", q->ip, r->next_vary,
				    r->nvary);
	for (int l = 0; l < 16; l++) {
		out[l] = fbits(r->vary[r->next_vary][l]);
		c[l] = 0;
	}
	r->next_vary++;
	return true;
}

static bool hook_tlb(void *user, struct sim_qpu *q, enum qpu_reg_id reg, const uint32_t val[16],
		     uint16_t lanes, struct vc4_diag *diag)
{
	(void)q, (void)diag;
	struct run *r = user;
	if (reg == QPU_REG_TLB_COLOR_ALL) {
		memcpy(r->color, val, sizeof(r->color));
		r->color_lanes = lanes;
		r->color_written = true;
	} else if (reg == QPU_REG_TLB_Z) {
		memcpy(r->z, val, sizeof(r->z));
		r->z_lanes = lanes;
		r->z_written = true;
	}
	return true;
}

/* A tile-buffer read: the destination colour (random per lane). */
static bool hook_tlb_load(void *user, struct sim_qpu *q, enum qpu_sig sig, uint32_t out[16],
			  struct vc4_diag *diag)
{
	(void)q, (void)sig, (void)diag;
	struct run *r = user;
	memcpy(out, r->dst, sizeof(r->dst));
	return true;
}

/* Runs the program on one QPU. */
static bool run_qpu(struct run *r, const struct vc4_compiled_stage *p, char *msg, size_t msz)
{
	uint32_t n = (uint32_t)p->code.uniforms.entries.len, *unif = calloc(n + 1, 4);
	struct vc4_diag d = {0};
	struct sim_program prog;
	if (!unif || n * 4 > MEM_SIZE - UNIF_ADDR)
		return free(unif), snprintf(msg, msz, "no memory for uniforms"), false;
	const struct qir_uniform_stream *us = &p->code.uniforms;
	uint32_t *host = calloc(us->host.len + 1, 4);
	if (!host || !vc4_host_eval(us->host.data, us->host.len, uniform_value, r, host))
		return free(unif), free(host), snprintf(msg, msz, "bad host program"), false;
	for (uint32_t i = 0; i < n; i++) {
		unif[i] = vc4_host_entry(&us->entries.data[i], host, us->host.len, uniform_value, r);
		memcpy(r->mem_bytes + UNIF_ADDR + 4 * i, &unif[i], 4);
	}
	free(host);
	r->mem = (struct sim_memory){ r->mem_bytes, 0, MEM_SIZE };
	bool ok = sim_program_init(&prog, p->code.words.data, (uint32_t)p->code.words.len, &d);
	if (ok) {
		struct sim_qpu_hooks h = { .user = r, .tmu_texture = hook_tex, .varying = hook_vary,
					   .tlb_write = hook_tlb, .tlb_load = hook_tlb_load };
		struct sim_qpu *q = calloc(1, sizeof(*q));
		ok = q != NULL;
		if (ok) {
			sim_qpu_init(q, &prog, &r->mem, unif, n, &r->shared, &h, NULL);
			for (int l = 0; l < 16; l++) {
				q->rf[QPU_FILE_A][15][l] = fbits(1.0f);   /* W */
				q->rf[QPU_FILE_B][15][l] = 0;              /* Z */
				q->x_pix[l] = (uint32_t)l;                 /* frag_coord */
				q->y_pix[l] = 7;
			}
			ok = sim_qpu_run(q, 1u << 22, &d) == SIM_DONE;
			if (!ok && !d.set)
				vc4_diag_set(&d, "no thread end after %u instructions", 1u << 22);
			free(q);
		}
		sim_program_fini(&prog);
	}
	if (!ok)
		snprintf(msg, msz, "simulator: %.400s", d.msg);
	free(unif);
	return ok;
}

/* |a - b| within tolerance, or b not worth comparing. */
static bool close_enough(float got, float want)
{
	if (!isfinite(want) || fabsf(want) > 1e5f)
		return true;
	float tol = EXEC_ABS_TOL + EXEC_REL_TOL * fmaxf(fabsf(got), fabsf(want));
	return fabsf(got - want) <= tol;
}

static struct run *run_new(uint64_t seed)
{
	struct run *r = calloc(1, sizeof(*r));
	if (r) {
		r->rng = seed * 0x9e3779b97f4a7c15ull + 1;
		sim_shared_init(&r->shared);
	}
	return r;
}

/* The format of attribute number `ord` (docs/lowering.md "Attributes"). */
static enum qir_attr_format attr_format(const struct run *r, unsigned ord)
{
	return r->key && ord < QIR_KEY_MAX_ATTRS ? (enum qir_attr_format)r->key->attr_format[ord] :
		QIR_ATTR_FLOAT;
}

/* VPM words of an attribute of `comps` components in format f. */
static unsigned attr_words(enum qir_attr_format f, unsigned comps)
{
	if (f == QIR_ATTR_UNORM8 || f == QIR_ATTR_UINT8)
		return 1;
	return f == QIR_ATTR_FLOAT ? comps : (comps + 1) / 2;
}

/* Component k of an attribute whose words start at VPM row `row`, lane l. */
static float attr_value(const struct run *r, enum qir_attr_format f, uint32_t row, unsigned k,
			unsigned l)
{
	uint32_t w = r->shared.vpm[(row + (f == QIR_ATTR_FLOAT ? k : f >= QIR_ATTR_SNORM16 ?
					   k / 2 : 0)) * 16 + l];
	union ir_scalar v = { .u = w };
	int16_t h = (int16_t)(w >> (16 * (k % 2)));
	switch (f) {
	case QIR_ATTR_UNORM8: return (float)((w >> (8 * k)) & 0xff) / 255.0f;
	case QIR_ATTR_UINT8: return (float)((w >> (8 * k)) & 0xff);
	case QIR_ATTR_SNORM16: return fmaxf((float)h / 32767.0f, -1.0f);
	case QIR_ATTR_SINT16: return (float)h;
	default: return v.f;
	}
}

/* Random raw words for the attributes that are not floats, values exact
 * in float like the float inputs (else a floor, fract, step or compare at
 * an edge differs with the QPU's rounding): bytes 0 or 255 for unorm8,
 * shorts 0 or -32768 (clamped to -1) for snorm16 (±32767 come out as
 * ±(1 - 2^-24): the QPU's multiply by 1/32767 truncates), 0..7 for uint8
 * and -4..3 for sint16 (small: products of large values cancel with float
 * rounding errors beyond the tolerance, mix(x, x, x)). */
static void fill_attributes(const struct ir_shader *sh, struct run *r)
{
	uint32_t row = 0, ord = 0;
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind != IR_DECL_ATTRIBUTE)
			continue;
		enum qir_attr_format f = attr_format(r, ord++);
		unsigned n = attr_words(f, decl_comps(decl));
		for (unsigned i = 0; f != QIR_ATTR_FLOAT && i < n && row + i < 32; i++)
			for (unsigned l = 0; l < 16; l++) {
				uint32_t w = next_rand(r);
				static const uint16_t snorm[4] = { 0, 0x8000, 0x8000, 0 };
				if (f == QIR_ATTR_UNORM8)
					w &= 0x80808080u, w = (w >> 7) * 0xffu;
				if (f == QIR_ATTR_SNORM16)
					w = snorm[w & 3] | (uint32_t)snorm[w >> 8 & 3] << 16;
				if (f == QIR_ATTR_UINT8)
					w &= 0x07070707u;
				if (f == QIR_ATTR_SINT16)
					w = (((w & 7u) - 4u) & 0xffffu) | (((w >> 8 & 7u) - 4u) << 16);
				r->shared.vpm[(row + i) * 16 + l] = w;
			}
		row += n;
	}
}

/* Interprets lane l of a vertex shader; fills slots. */
static bool ref_vertex(const struct ir_shader *sh, struct run *r, struct ir_slot_value *slots,
		       unsigned l, char *msg, size_t msz)
{
	uint32_t row = 0, ord = 0;
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind != IR_DECL_ATTRIBUTE)
			continue;
		enum qir_attr_format f = attr_format(r, ord++);
		for (unsigned k = 0; k < decl_comps(decl); k++)
			slots[d].c[k].f = attr_value(r, f, row, k, l);
		row += attr_words(f, decl_comps(decl));
	}
	fill_uniform_slots(sh, r, slots);
	struct ir_interp_io io = { .slots = slots, .sample = ref_sample, .arrays = r->arrays };
	struct vc4_diag dg = {0};
	if (!ir_interpret(sh, &io, &dg))
		return snprintf(msg, msz, "interpreter: %.400s", dg.msg), false;
	return true;
}

/* Checks the screen-space words at rows base..base+2 of lane l against the
 * clip position p: Xs|Ys (16-bit 12.4 fixed point, viewport scales 64 and
 * -48), Zs (z/w * 0.5 + 0.5) and 1/Wc. */
static bool compare_screen(const float *p, const uint32_t *out, unsigned base, unsigned l,
			   struct exec_case *c)
{
	float w = p[3];
	if (!(fabsf(w) > 1e-2f) || !isfinite(p[0]) || !isfinite(p[1]) || !isfinite(p[2]))
		return true;
	union ir_scalar zs = { .u = out[(base + 1) * 16 + l] }, rw = { .u = out[(base + 2) * 16 + l] };
	float want_x = p[0] / w * 64.0f, want_y = p[1] / w * -48.0f;
	int16_t gx = (int16_t)(out[base * 16 + l] & 0xffff), gy = (int16_t)(out[base * 16 + l] >> 16);
	c->compared += 4;
	if (fabsf(want_x) < 30000.0f && fabsf(want_y) < 30000.0f &&
	    (fabsf(gx - want_x) > 1.5f + fabsf(want_x) * EXEC_REL_TOL ||
	     fabsf(gy - want_y) > 1.5f + fabsf(want_y) * EXEC_REL_TOL))
		return snprintf(c->msg, sizeof(c->msg), "lane %u: Xs|Ys %d,%d, want %g,%g", l, gx, gy,
				(double)want_x, (double)want_y), false;
	if (!close_enough(zs.f, p[2] / w * 0.5f + 0.5f))
		return snprintf(c->msg, sizeof(c->msg), "lane %u: Zs %g, want %g", l, (double)zs.f,
				(double)(p[2] / w * 0.5f + 0.5f)), false;
	if (!close_enough(rw.f, 1.0f / w))
		return snprintf(c->msg, sizeof(c->msg), "lane %u: 1/Wc %g, want %g", l, (double)rw.f,
				(double)(1.0f / w)), false;
	return true;
}

/* The position output's components (the slot's floats). */
static const float *position_of(const struct ir_shader *sh, const struct ir_slot_value *slots)
{
	for (size_t d = 0; d < sh->decls.len; d++)
		if (sh->decls.data[d].kind == IR_DECL_OUTPUT &&
		    sh->decls.data[d].builtin == IR_OUT_POSITION)
			return &slots[d].c[0].f;
	return NULL;
}

/* With key->point_size, the point size word at row `row`: the shader's
 * point_size output (1.0 without one), at least 0.125. */
static bool compare_point_size(const struct ir_shader *sh, const struct ir_slot_value *slots,
			       const uint32_t *out, uint32_t row, unsigned l, struct exec_case *c)
{
	if (!c->key || !c->key->point_size)
		return true;
	float want = 1.0f;
	for (size_t d = 0; d < sh->decls.len; d++)
		if (sh->decls.data[d].kind == IR_DECL_OUTPUT &&
		    sh->decls.data[d].builtin == IR_OUT_POINT_SIZE)
			want = slots[d].c[0].f;
	want = fmaxf(want, 0.125f);
	union ir_scalar g = { .u = out[row * 16 + l] };
	c->compared++;
	if (!close_enough(g.f, want))
		return snprintf(c->msg, sizeof(c->msg), "lane %u: point size %g, want %g", l,
				(double)g.f, (double)want), false;
	return true;
}

/* Compares the VS outputs of lane l (rows from 2: 1/Wc, [point size], then
 * varyings). */
static bool compare_vertex(const struct ir_shader *sh, const struct ir_slot_value *slots,
			   const uint32_t *out, unsigned l, struct exec_case *c)
{
	uint32_t row = c->key && c->key->point_size ? 4 : 3;
	const float *pos = position_of(sh, slots);
	if (!pos || !compare_screen(pos, out, 0, l, c))
		return pos ? false : snprintf(c->msg, sizeof(c->msg), "no position") < 0;
	if (!compare_point_size(sh, slots, out, 3, l, c))
		return false;
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind != IR_DECL_VARYING)
			continue;
		for (unsigned k = 0; k < decl_comps(decl); k++, row++) {
			union ir_scalar g = { .u = out[row * 16 + l] };
			c->compared++;
			if (!close_enough(g.f, slots[d].c[k].f))
				return snprintf(c->msg, sizeof(c->msg), "lane %u: varying '%s'[%u] = "
						"%g, want %g", l, ir_str(sh, decl->name), k,
						(double)g.f, (double)slots[d].c[k].f), false;
		}
	}
	return true;
}

/* Compares the CS outputs of lane l: clip position (rows 0-3), then the
 * screen-space words (rows 4-6). */
static bool compare_coord(const struct ir_shader *sh, const struct ir_slot_value *slots,
			  const uint32_t *out, unsigned l, struct exec_case *c)
{
	const float *pos = position_of(sh, slots);
	if (!pos)
		return snprintf(c->msg, sizeof(c->msg), "no position") < 0;
	for (unsigned k = 0; k < 4; k++) {
		union ir_scalar g = { .u = out[k * 16 + l] };
		c->compared++;
		if (!close_enough(g.f, pos[k]))
			return snprintf(c->msg, sizeof(c->msg), "lane %u: clip[%u] = %g, want %g", l,
					k, (double)g.f, (double)pos[k]), false;
	}
	return compare_screen(pos, out, 4, l, c) && compare_point_size(sh, slots, out, 7, l, c);
}

bool exec_vertex(const struct ir_shader *vs, const struct vc4_compiled_stage *prog,
		 struct exec_case *c)
{
	struct run *r = run_new(c->seed);
	struct ir_slot_value *slots = ir_interp_slots(vs);
	uint32_t out[SIM_VPM_WORDS];
	bool ok = r && slots;
	c->msg[0] = '\0';
	c->compared = 0;
	if (ok) {
		r->key = c->key;
		make_uniforms(vs, r);
		for (uint32_t i = 0; i < 32 * 16; i++)
			r->shared.vpm[i] = fbits(rand_float(r));
		fill_attributes(vs, r);
		uint32_t in[SIM_VPM_WORDS];
		memcpy(in, r->shared.vpm, sizeof(in));
		ok = run_qpu(r, prog, c->msg, sizeof(c->msg));
		memcpy(out, r->shared.vpm, sizeof(out));
		memcpy(r->shared.vpm, in, sizeof(in));
	}
	for (unsigned l = 0; ok && l < 16; l++) {
		memset(slots, 0, vs->decls.len * sizeof(*slots));
		ok = ref_vertex(vs, r, slots, l, c->msg, sizeof(c->msg)) &&
		     (prog->stage == QIR_STAGE_COORD ? compare_coord(vs, slots, out, l, c) :
		      compare_vertex(vs, slots, out, l, c));
	}
	free(slots);
	free(r);
	return ok;
}

bool exec_vertex_raw(const struct vc4_compiled_stage *prog, const uint32_t *vpm_in, size_t words,
		     uint32_t *vpm_out, char *msg, size_t msz)
{
	struct run *r = run_new(1);
	if (!r)
		return snprintf(msg, msz, "out of memory"), false;
	memset(r->shared.vpm, 0, sizeof(r->shared.vpm));
	memcpy(r->shared.vpm, vpm_in, words * 4);
	bool ok = run_qpu(r, prog, msg, msz);
	memcpy(vpm_out, r->shared.vpm, SIM_VPM_WORDS * 4);
	free(r);
	return ok;
}

/* Random varying values (component order = decl order). */
static void make_varyings(const struct ir_shader *sh, struct run *r)
{
	r->nvary = 0;
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind != IR_DECL_VARYING)
			continue;
		for (unsigned k = 0; k < decl_comps(decl) && r->nvary < 64; k++, r->nvary++)
			for (int l = 0; l < 16; l++)
				r->vary[r->nvary][l] = rand_float(r) * 0.5f + 0.5f;
	}
}

static uint8_t to_unorm8(float f)
{
	if (!(f > 0.0f))
		return 0;
	if (f >= 1.0f)
		return 255;
	return (uint8_t)(f * 255.0f + 0.5f);
}

/* Compares lane l's packed colour with `want` (floats): byte i holds
 * channel swizzle[i] of the key's render-target format; a channel the
 * colour mask leaves out keeps the destination's byte. Constant bytes
 * (BGR565's alpha) are not compared. */
static bool compare_color(const struct run *r, const union ir_scalar *want, unsigned l,
			  struct exec_case *c)
{
	const struct qir_rt_format_info *fmt = &qir_rt_formats[r->key ? r->key->rt_format : 0];
	unsigned mask = r->key ? r->key->color_mask : 15;
	for (unsigned i = 0; i < 4; i++) {
		unsigned ch = fmt->swizzle[i];
		if (ch > QIR_SWZ_W)
			continue;
		bool keep = !((mask >> ch) & 1);
		float wf = want[ch].f;
		int got = (int)((r->color[l] >> (8 * i)) & 0xff);
		int w = keep ? (int)((r->dst[l] >> (8 * i)) & 0xff) : to_unorm8(wf);
		c->compared++;
		if ((keep || isfinite(wf)) && abs(got - w) > (keep ? 0 : EXEC_BYTE_TOL))
			return snprintf(c->msg, sizeof(c->msg), "lane %u: colour[%u] byte %d, "
					"want %d (%s %g)", l, i, got, w, keep ? "masked" : "value",
					(double)wf), false;
	}
	return true;
}

/* Compares lane l's Z write with ftoi(depth * 16777215) (depth values
 * far outside [0, 1] are not compared). */
static bool compare_z(const struct run *r, float depth, unsigned l, struct exec_case *c)
{
	if (!r->z_written || !((r->z_lanes >> l) & 1))
		return snprintf(c->msg, sizeof(c->msg), "lane %u: no Z written", l) < 0;
	float got = (float)(int32_t)r->z[l] / 16777215.0f;
	c->compared++;
	if (isfinite(depth) && fabsf(depth) < 64.0f && !close_enough(got, depth))
		return snprintf(c->msg, sizeof(c->msg), "lane %u: Z %g, want %g", l, (double)got,
				(double)depth), false;
	return true;
}

static bool has_depth_output(const struct ir_shader *sh)
{
	for (size_t d = 0; d < sh->decls.len; d++)
		if (sh->decls.data[d].kind == IR_DECL_OUTPUT &&
		    sh->decls.data[d].builtin == IR_OUT_DEPTH)
			return true;
	return false;
}

/* Runs lane l through the interpreter and compares its colour (and Z). */
static bool check_fragment_lane(const struct ir_shader *sh, struct run *r,
				struct ir_slot_value *slots, unsigned l, struct exec_case *c)
{
	uint32_t k = 0;
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind == IR_DECL_VARYING)
			for (unsigned i = 0; i < decl_comps(decl); i++, k++)
				slots[d].c[i].f = r->vary[k][l];
	}
	fill_uniform_slots(sh, r, slots);
	struct ir_interp_io io = { .slots = slots, .sample = ref_sample, .arrays = r->arrays,
				   .frag_coord = { (float)l + 0.5f, 7.5f, 0, 1 },
				   .front_facing = true };
	struct vc4_diag dg = {0};
	if (!ir_interpret(sh, &io, &dg))
		return snprintf(c->msg, sizeof(c->msg), "interpreter: %.400s", dg.msg), false;
	bool wrote = (r->color_lanes >> l) & 1;
	c->compared++;
	if (!r->color_written)   /* colour mask 0 (exec_fragment) */
		return true;
	if (io.discarded || !wrote)
		return io.discarded == !wrote ? true : snprintf(c->msg, sizeof(c->msg),
			"lane %u: %s", l, wrote ? "discarded, but colour written" :
			"colour not written") < 0;
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind != IR_DECL_OUTPUT)
			continue;
		if (decl->builtin == IR_OUT_COLOR && !compare_color(r, slots[d].c, l, c))
			return false;
		if (decl->builtin == IR_OUT_DEPTH && r->key && r->key->depth_enabled &&
		    !compare_z(r, slots[d].c[0].f, l, c))
			return false;
	}
	if (r->key && r->key->depth_enabled && !has_depth_output(sh))
		return compare_z(r, 0.0f, l, c);   /* the Z payload (rb15 = 0) */
	return true;
}

bool exec_fragment(const struct ir_shader *fs, const struct vc4_compiled_stage *prog,
		   struct exec_case *c)
{
	struct run *r = run_new(c->seed);
	struct ir_slot_value *slots = ir_interp_slots(fs);
	bool ok = r && slots;
	c->msg[0] = '\0';
	c->compared = 0;
	if (ok) {
		r->key = c->key;
		make_uniforms(fs, r);
		make_varyings(fs, r);
		for (unsigned l = 0; c->key && l < 16; l++)
			r->dst[l] = next_rand(r);
		ok = run_qpu(r, prog, c->msg, sizeof(c->msg));
	}
	if (ok && !r->color_written && !(c->key && !(c->key->color_mask & 15)))
		ok = snprintf(c->msg, sizeof(c->msg), "no colour written") < 0;
	for (unsigned l = 0; ok && l < 16; l++) {
		memset(slots, 0, fs->decls.len * sizeof(*slots));
		ok = check_fragment_lane(fs, r, slots, l, c);
	}
	free(slots);
	free(r);
	return ok;
}
