/*
 * pipe_fragment.c: the fragment stage for one 4x4 block: the W and Z
 * payloads (ra15, rb15), varyings as the hardware hands them (the read gives
 * the perspective-divided, W-scaled part, r5 the C term: value = vary * W + C;
 * points and lines get generated ones first), early Z,
 * the pixel coordinates x_pix / y_pix and the sample mask ms_flags, the
 * stencil and depth tests and the Z/stencil update against the tile buffer
 * (per sample in a multisampled tile buffer), TLB stencil setup, colour
 * writes to all of a pixel's passing samples (tlb_color_all) or one sample
 * per write (tlb_color_ms), Z writes with their lane conditions (discard),
 * colour loads (a multisampled pixel's samples in turn), and the TMU hook.
 * Runs of the FS are sequential, so the scoreboard holds.
 */
#include <stddef.h>
#include <string.h>

#include "qpu/qpu_isa.h"
#include "sim/pipe/pipe_internal.h"
#include "sim/pipe/pipe_vary.h"
#include "sim/sim_inst.h"   /* sim_lane_bits() */
#include "util/loop_cond.h"
#include "util/zero.h"

struct fs_ctx {
	struct sim_pipe *p;
	struct sim_qpu *q;
	const struct pipe_state *s;
	const struct pipe_shader_rec *rec;
	const struct pipe_vertex *const *v;
	const struct pipe_frag_block *b;
	uint32_t next_varying;
	uint16_t zmask;        /* lanes whose tlb_z write condition passed */
	uint8_t test[16];      /* per lane: the samples tested (covered, in the sample mask) */
	uint8_t pass[16];      /* per lane: the samples passing the stencil and depth tests */
	uint8_t sfail[16];     /* per lane: the samples failing the stencil test */
	uint16_t pass0;        /* lanes whose sample 0 passed (pass[i] & 1), once tested */
	uint16_t passed;       /* lanes with a passing sample (pass[i] != 0), once tested */
	uint32_t color_ms;     /* tlb_color_ms writes so far (the next one's sample) */
	uint32_t loads;        /* colour loads so far (the next one's sample) */
	bool z_written, tested, colored;
	/* per lane: forward, reverse; set (from the reset state) by the first
	 * tlb_stencil_setup write. Until then every lane has the reset state:
	 * the test passes and every operation keeps the stencil. */
	bool stencil_on;
	/* From here on written before read: pipe_fragment_block() clears only
	 * the fields above. */
	uint32_t at[16];       /* per lane: tile-buffer word of sample 0 (tile_words()) */
	/* per lane: lambda1 / w1, lambda2 / w2 (fs_varying()); aligned as
	 * pipe_frag_block's lambda */
	PIPE_LANE_ALIGN double lw1[16], lw2[16];
	uint32_t z[16];        /* depth to test: tlb_z write, else interpolated */
	struct pipe_stencil_face stencil[16][2];
};
_Static_assert(offsetof(struct fs_ctx, at) % 4 == 0 && offsetof(struct fs_ctx, at) <= 256,
	       "pipe_fragment_block() clears the head of struct fs_ctx with vc4_zero_words()");

/* The tile-buffer word of sample 0 of each lane of block b, into at[]
 * (sample k is at[lane] + k). */
static void tile_words(const struct sim_pipe *p, const struct pipe_frag_block *b, uint32_t at[16])
{
	for (uint32_t i = 0; i < 16; i++) {
		uint32_t x = (b->x0 + pipe_lane_x(i)) & (p->tb.size - 1); /* 64 or 32 */
		uint32_t y = (b->y0 + pipe_lane_y(i)) & (p->tb.size - 1);
		at[i] = pipe_tile_word(&p->tb, x, y, 0);
	}
}

/* A single-sampled block's lanes by tile-buffer row (x86-64): row r of
 * the 4x4 block is lanes l, l + 1, l + 4, l + 5 with l = fs_row[r]
 * (pipe_lane_x() 0..3), four consecutive words from at[l] when x0 is a
 * multiple of 4 (the rasteriser's blocks; fs_rows() says so). Each row as
 * one 16-byte load or store instead of four words. */
#if defined(__x86_64__) && defined(__GNUC__)
#define FS_ROWS 1
#include <emmintrin.h>
static const uint8_t fs_row[4] = { 0, 2, 8, 10 };

static bool fs_rows(const struct sim_pipe *p, const struct pipe_frag_block *b)
{
	return p->tb.samples == 1 && (b->x0 & 3) == 0;
}

/* Lanes l, l + 1, l + 4, l + 5 of v as one vector. */
static inline __m128i row_get(const uint32_t v[16], uint32_t l)
{
	return _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(v + l)),
				  _mm_loadl_epi64((const __m128i *)(const void *)(v + l + 4)));
}

/* The four lanes of row_get() set in the 16-lane mask `lanes`, as ~0. */
static inline __m128i row_mask(uint32_t lanes, uint32_t l)
{
	const __m128i bits = _mm_set_epi32(32, 16, 2, 1);
	return _mm_cmpeq_epi32(_mm_and_si128(_mm_set1_epi32((int)(lanes >> l)), bits), bits);
}

/* The tile-buffer words of the 16 lanes, shifted right by `sh`, into out
 * as 16-byte stores (lanes 0..3 are rows 0 and 1's first two words, 4..7
 * their last two, 8..15 the same of rows 2 and 3): the lane loops after
 * load whole vectors, which 8-byte stores could not forward. */
static void rows_gather(const uint32_t *buf, const uint32_t at[16], int sh, uint32_t out[16])
{
	for (uint32_t h = 0; h < 2; h++) {
		const uint32_t *r0 = &buf[at[fs_row[2 * h]]], *r1 = &buf[at[fs_row[2 * h + 1]]];
		__m128i t0 = _mm_srli_epi32(_mm_loadu_si128((const __m128i *)(const void *)r0), sh);
		__m128i t1 = _mm_srli_epi32(_mm_loadu_si128((const __m128i *)(const void *)r1), sh);
		_mm_storeu_si128((__m128i *)(void *)(out + 8 * h), _mm_unpacklo_epi64(t0, t1));
		_mm_storeu_si128((__m128i *)(void *)(out + 8 * h + 4), _mm_unpackhi_epi64(t0, t1));
	}
}

/* buf[at[i]] = (v[i] << sh) | (buf[at[i]] & keep) for the lanes in `lanes`
 * (the same words as a loop over them: each lane its own word). */
static void rows_scatter(uint32_t *buf, const uint32_t at[16], const uint32_t v[16], int sh,
			 uint32_t keep, uint32_t lanes)
{
	for (uint32_t r = 0; r < 4; r++) {
		uint32_t l = fs_row[r];
		__m128i m = row_mask(lanes, l);
		__m128i *w = (__m128i *)(void *)&buf[at[l]];
		__m128i old = _mm_loadu_si128(w);
		__m128i nv = _mm_or_si128(_mm_slli_epi32(row_get(v, l), sh),
					  _mm_and_si128(old, _mm_set1_epi32((int)keep)));
		_mm_storeu_si128(w, _mm_or_si128(_mm_and_si128(m, nv), _mm_andnot_si128(m, old)));
	}
}
#else
#define FS_ROWS 0
#endif

/* The lanes i where compare function f passes for a[i] against b[i]
 * (pipe_compare() with the switch outside the lane loop; the compares as
 * one vector loop, then the bits). */
static uint16_t compare_lanes(enum vc4_compare_function f, const uint32_t a[16],
			      const uint32_t b[16])
{
	uint32_t m[16];
	switch (f) {
	case VC4_COMPARE_FUNCTION_NEVER: return 0;
#define CMP_LANES(OP) for (uint32_t i = 0; i < 16; i++) m[i] = 0u - (uint32_t)(a[i] OP b[i]); break
	case VC4_COMPARE_FUNCTION_LESS: CMP_LANES(<);
	case VC4_COMPARE_FUNCTION_EQUAL: CMP_LANES(==);
	case VC4_COMPARE_FUNCTION_LESS_OR_EQUAL: CMP_LANES(<=);
	case VC4_COMPARE_FUNCTION_GREATER: CMP_LANES(>);
	case VC4_COMPARE_FUNCTION_NOT_EQUAL: CMP_LANES(!=);
	case VC4_COMPARE_FUNCTION_GREATER_OR_EQUAL: CMP_LANES(>=);
#undef CMP_LANES
	default: return 0xffff;
	}
	return sim_lane_bits(m);
}

/* The lane bits of the 16-bit lane masks, lane_bit[i] = 1 << i: as a
 * table so that the per-lane tests of a mask vectorise. */
static const uint32_t lane_bit[16] = { 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048,
				       4096, 8192, 16384, 32768 };

/* The samples of lane i that the tests see: the covered ones, restricted
 * in a multisampled tile buffer by the shader's ms_flags. */
static uint8_t tested_samples(const struct fs_ctx *c, uint32_t i)
{
	uint8_t m = c->b->samples[i];
	if (c->p->tb.samples == 4)
		m &= (uint8_t)(c->q->ms_flags[i] & 0xf);
	return m;
}

/* The stencil test, then the depth test, of lane i's sample k. */
static void zs_test_sample(struct fs_ctx *c, uint32_t i, uint32_t k)
{
	uint8_t bit = (uint8_t)(1u << k);
	uint32_t zs = c->p->tb.zs[c->at[i] + k];
	if (c->stencil_on && !pipe_stencil_test(&c->stencil[i][c->b->reverse], zs & 0xff)) {
		c->sfail[i] |= bit;
		c->p->stats.fragments_stencil_failed++;
	} else if (pipe_compare(c->s->cfg.depth_test_function, c->z[i], zs >> 8)) {
		c->pass[i] |= bit;
	} else {
		c->p->stats.fragments_depth_failed++;
	}
}

/* zs_test() of a single-sampled tile buffer without stencil setup (every
 * stencil test passes): the depth test of each covered lane. */
static void zs_test_single(struct fs_ctx *c)
{
	uint32_t tz[16];
#if FS_ROWS
	if (fs_rows(c->p, c->b))
		rows_gather(c->p->tb.zs, c->at, 8, tz);
	else
#endif
		for (uint32_t i = 0; i < 16; i++)
			tz[i] = c->p->tb.zs[c->at[i]] >> 8;
	uint16_t cover = c->b->cover;
	uint16_t pass = compare_lanes(c->s->cfg.depth_test_function, c->z, tz) & cover;
	for (uint32_t i = 0; i < 16; i++) {
		c->test[i] = (cover & lane_bit[i]) != 0;  /* samples[i] of a covered lane */
		c->pass[i] = (pass & lane_bit[i]) != 0;
	}
	c->pass0 = c->passed = pass;
	c->p->stats.fragments_depth_failed += (uint64_t)pipe_pop16(cover & ~pass);
}

/* The stencil and depth tests of the covered samples, once per run; a
 * lane's stencil configuration is that of the block's facing. */
static void zs_test(struct fs_ctx *c)
{
	if (c->tested)
		return;
	c->tested = true;
	if (c->p->tb.samples == 1 && !c->stencil_on) {
		zs_test_single(c);
		return;
	}
	for (uint32_t i = 0; i < 16; i++) {
		if (!(c->b->cover & (1u << i)))
			continue;
		c->test[i] = tested_samples(c, i);
		for (uint32_t k = 0; k < c->p->tb.samples; k++)
			if (c->test[i] & (1u << k))
				zs_test_sample(c, i, k);
	}
	for (uint32_t i = 0; i < 16; i++) {
		c->pass0 |= (uint16_t)((c->pass[i] & 1u) << i);
		c->passed |= (uint16_t)((c->pass[i] != 0) << i);
	}
}

/* zs_update() of a single-sampled tile buffer without stencil setup (the
 * stencil keeps): the new Z of the lanes that passed, if Z updates are on. */
static void zs_update_single(struct fs_ctx *c, uint16_t lanes)
{
	if (!c->s->cfg.z_updates_enable)
		return;
#if FS_ROWS
	if (fs_rows(c->p, c->b)) {
		rows_scatter(c->p->tb.zs, c->at, c->z, 8, 0xff, lanes & c->zmask & c->pass0);
		return;
	}
#endif
	/* the passing lanes (tested, so covered) in turn */
	for (uint32_t m = (uint32_t)(lanes & c->zmask & c->pass0); m; m &= m - 1) {
		uint32_t i = (uint32_t)__builtin_ctz(m);
		uint32_t *zs = &c->p->tb.zs[c->at[i]];
		*zs = c->z[i] << 8 | (*zs & 0xff);
	}
}

/* Updates the Z/S words of the tested samples of the lanes of `lanes` not
 * discarded by their tlb_z condition: Z (when updates are enabled) where
 * both tests passed, the stencil by the operation of the sample's outcome. */
static void zs_update(struct fs_ctx *c, uint16_t lanes)
{
	if (c->p->tb.samples == 1 && !c->stencil_on) {
		zs_update_single(c, lanes);
		return;
	}
	for (uint32_t i = 0; i < 16; i++) {
		if (!(c->b->cover & lanes & c->zmask & (1u << i)))
			continue;
		for (uint32_t k = 0; k < c->p->tb.samples; k++) {
			uint8_t bit = (uint8_t)(1u << k);
			if (!(c->test[i] & bit))
				continue;
			uint32_t *zs = &c->p->tb.zs[c->at[i] + k];
			bool pass = c->pass[i] & bit;
			enum pipe_stencil_outcome o = (c->sfail[i] & bit) ? PIPE_STENCIL_FAIL :
				pass ? PIPE_STENCIL_ZPASS : PIPE_STENCIL_ZFAIL;
			uint32_t z = pass && c->s->cfg.z_updates_enable ? c->z[i] : *zs >> 8;
			uint8_t st = (uint8_t)*zs;
			if (c->stencil_on)
				st = pipe_stencil_update(&c->stencil[i][c->b->reverse], o, st);
			*zs = z << 8 | st;
		}
	}
}

/* A tlb_stencil_setup write: each written lane's configuration. It has to
 * come before the tlb_z write and the tests. */
static bool stencil_setup(struct fs_ctx *c, struct sim_qpu *q, const uint32_t val[16],
			  uint16_t lanes, struct vc4_diag *diag)
{
	if (c->z_written || c->tested)
		return vc4_diag_set(diag, "ip %u: tlb_stencil_setup write after the %s write",
				    q->ip, c->tested ? "colour" : "tlb_z");
	if (!c->stencil_on) {
		for (uint32_t i = 0; i < 16; i++)
			pipe_stencil_reset(c->stencil[i]);
		c->stencil_on = true;
	}
	for (uint32_t i = 0; i < 16; i++)
		if (lanes & (1u << i))
			pipe_stencil_setup(c->stencil[i], val[i]);
	return true;
}

/* The varyings the hardware generates before the record's for the
 * current primitive list type: a point's (s, t), a line's coordinate. They
 * are not counted in the record's number of varyings, nor by the Flat
 * Shade Flags. */
static uint32_t generated_varyings(uint32_t prim_type)
{
	return prim_type == VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_POINTS_LIST ? 2 :
		prim_type == VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_LINES_LIST ? 1 : 0;
}

/* Varying read k of vertex v: generated ones first, then the record's. */
static float varying_value(const struct pipe_vertex *v, uint32_t ngen, uint32_t k)
{
	return k < ngen ? v->coord[k] : v->vary[k - ngen];
}

/* The interpolated part of a varying per lane: lw1 * d1 + lw2 * d2 as a
 * float (the bits in out; 0 for a flat varying), and C (`cbits`) in every
 * lane of c_out, each stored as pipe_store_lanes() stores. */
PIPE_CLONES
static void varying_lanes(const double lw1[16], const double lw2[16], double d1, double d2,
			  bool flat, uint32_t cbits, uint32_t out[16], uint32_t c_out[16])
{
	uint32_t c[16];
	for (uint32_t i = 0; i < 16; i++)
		c[i] = cbits;
	pipe_store_lanes(c_out, c);
	if (flat) {
		memset(c, 0, 64);
		pipe_store_lanes(out, c);
		return;
	}
	double v[16];
	for (uint32_t i = 0; i < 16; i++)
		v[i] = lw1[i] * d1 + lw2[i] * d2;
	pipe_to_float16(v, out);
}

#if !SIM_HOST_DAZ
/* The interpolated part of varying read k in round-toward-zero (its
 * definition), into out (and C again into c_out): d = v - C per vertex,
 * then varying_lanes(),
 * switching to that mode and back (x86's fs_varying() computes the same
 * in the run's mode, which is that one). */
static void varying_rtz(const struct fs_ctx *c, uint32_t ngen, uint32_t k, uint32_t out[16],
			uint32_t c_out[16])
{
	unsigned fpu = sim_fpu_hook_enter();
	const struct pipe_vertex *const *v = c->v;
	float cterm = varying_value(v[0], ngen, k);
	/* l1 * (1/w1) * (v1 - C) + l2 * (1/w2) * (v2 - C), the products in
	 * that order (lw1, lw2 are the first ones, per lane) */
	double d1 = (double)varying_value(v[1], ngen, k) - cterm;
	double d2 = (double)varying_value(v[2], ngen, k) - cterm;
	uint32_t cbits;
	memcpy(&cbits, &cterm, 4);
	varying_lanes(c->lw1, c->lw2, d1, d2, false, cbits, out, c_out);
	sim_fpu_hook_leave(fpu);
}

/* varying_rtz() in the run's round-to-nearest, exact (pipe_vary.h): false,
 * out partly written, where one difference or one lane is not shown to be
 * the same. */
static bool varying_rn(const struct fs_ctx *c, uint32_t ngen, uint32_t k, uint32_t out[16])
{
	const struct pipe_vertex *const *v = c->v;
	float fc = varying_value(v[0], ngen, k), f1 = varying_value(v[1], ngen, k);
	float f2 = varying_value(v[2], ngen, k);
	uint32_t bc, b1, b2;
	memcpy(&bc, &fc, 4);
	memcpy(&b1, &f1, 4);
	memcpy(&b2, &f2, 4);
	if (!pipe_vary_diff_exact(b1, bc) || !pipe_vary_diff_exact(b2, bc))
		return false;
	double d1 = (double)f1 - fc, d2 = (double)f2 - fc;
	struct pipe_vary_scale s1 = pipe_vary_scale_of(d1), s2 = pipe_vary_scale_of(d2);
	bool ok = true;
	if (s1.exact && s2.exact && (s1.zero || s2.zero)) {
		if (pipe_vary_scaled_lanes(c->lw1, c->lw2, &s1, &s2, out))
			return true;
		/* a constant varying, or one of 0 and ±2^k: integers, no
		 * float operation at all */
		for (uint32_t i = 0; i < 16; i++) {
			uint64_t lw1, lw2; /* per lane: whole-array copies are memcpy calls on ARM */
			memcpy(&lw1, &c->lw1[i], 8);
			memcpy(&lw2, &c->lw2[i], 8);
			if (!pipe_vary_scaled(lw1, lw2, &s1, &s2, &out[i]))
				ok &= pipe_vary_rn(c->lw1[i], c->lw2[i], d1, d2, &out[i]);
		}
		return ok;
	}
	uint32_t refused = 0;
	VC4_LOOP(i, SIM_LANES)
		out[i] = pipe_vary_rn_bits(c->lw1[i], c->lw2[i], d1, d2, &refused);
	VC4_LOOP_END(i, SIM_LANES)
	return !refused;
}
#endif

/* The varying reads a fragment shader may make: the generated ones for
 * its primitive type, then the record's. */
static uint32_t fs_varying_count(const struct fs_ctx *c)
{
	return generated_varyings(c->s->prim_type) + c->rec->r.fragment_shader_number_of_varyings;
}

/* The varying hook (called in the run's rounding mode): read k of the run
 * gives, per lane, the interpolated (vary - C) part (0 for a flat varying)
 * in out and C (vertex 0's value) in c_out. Returns false with diag set
 * past the record's varyings. Page-aligned on ARM (SIM_PAGE_ALIGN): its
 * lane loop, about 200 bytes, cost two block lookups per lane under
 * qemu-arm whenever code before it moved it across a page boundary. */
SIM_PAGE_ALIGN
static bool fs_varying(void *user, struct sim_qpu *q, uint32_t out[16], uint32_t c_out[16],
		       struct vc4_diag *diag)
{
	struct fs_ctx *c = user;
	uint32_t k = c->next_varying++, ngen = generated_varyings(c->s->prim_type);
	uint32_t nrec = c->rec->r.fragment_shader_number_of_varyings;
	if (k >= fs_varying_count(c))
		return vc4_diag_set(diag, "ip %u: varying read %u but the shader record declares "
				    "%u varyings (+%u generated for this primitive type)", q->ip,
				    k, nrec, ngen);
	const struct pipe_vertex *const *v = c->v;
	bool flat = k >= ngen && k - ngen < 32 && (c->s->flat_flags >> (k - ngen)) & 1;
	float cterm = varying_value(v[0], ngen, k);
#if SIM_HOST_DAZ
	/* in the run's round-toward-zero: as varying_rtz() */
	double d1 = (double)varying_value(v[1], ngen, k) - cterm;
	double d2 = (double)varying_value(v[2], ngen, k) - cterm;
#endif
	uint32_t cbits;
	memcpy(&cbits, &cterm, 4);
#if SIM_HOST_DAZ
	varying_lanes(c->lw1, c->lw2, d1, d2, flat, cbits, out, c_out);
#else
	for (uint32_t i = 0; i < 16; i++)
		c_out[i] = cbits;
	if (flat)
		memset(out, 0, 64);
	else if (!varying_rn(c, ngen, k, out))
		varying_rtz(c, ngen, k, out, c_out);
#endif
	return true;
}

/* The varying reads fs_varying() serves (the varyings_left hook): the
 * generated ones and the record's, less those read. */
static uint32_t fs_varyings_left(void *user)
{
	const struct fs_ctx *c = user;
	uint32_t total = fs_varying_count(c);
	return c->next_varying < total ? total - c->next_varying : 0;
}

static bool tlb_z_write(struct fs_ctx *c, struct sim_qpu *q, const uint32_t val[16],
			uint16_t lanes, struct vc4_diag *diag)
{
	if (c->tested)
		return vc4_diag_set(diag, "ip %u: tlb_z write after the colour write", q->ip);
	for (uint32_t i = 0; i < 16; i++)
		c->z[i] = (lanes & lane_bit[i]) ? val[i] & 0xffffff : c->z[i];
	c->zmask = lanes;
	c->z_written = true;
	return true;
}

/* The first colour write of a run tests and updates Z/S, and counts the
 * lanes and quads that write. */
static void first_color_write(struct fs_ctx *c, uint16_t lanes)
{
	zs_test(c);
	zs_update(c, c->colored ? 0 : lanes);
	if (c->colored)
		return;
	c->colored = true;
	uint32_t written = (uint32_t)(c->passed & lanes);
	c->p->stats.fragments_written += (uint64_t)pipe_pop16(written);
	for (uint32_t quad = 0; quad < 4; quad++)
		c->p->stats.quads_written += (written >> (4 * quad) & 0xf) != 0;
}

/* tlb_color_all: the word to every passing sample of each written lane;
 * tlb_color_ms: write n of a run to sample n of each written lane, if it
 * passed (Mesa's per-sample blending, vc4_nir_lower_blend.c). */
static bool color_write(struct fs_ctx *c, struct sim_qpu *q, bool ms, const uint32_t val[16],
			uint16_t lanes, struct vc4_diag *diag)
{
	uint32_t ns = c->p->tb.samples, k = ms ? c->color_ms++ : 0;
	if (ms && k >= ns)
		return vc4_diag_set(diag, "ip %u: tlb_color_ms write %u of a run with %u "
				    "sample%s per pixel", q->ip, k + 1, ns, ns == 1 ? "" : "s");
	first_color_write(c, lanes);
	if (ns == 1) { /* sample 0 of each lane, whatever the write */
#if FS_ROWS
		if (fs_rows(c->p, c->b)) {
			rows_scatter(c->p->tb.color, c->at, val, 0, 0, lanes & c->pass0);
			return true;
		}
#endif
		for (uint32_t m = (uint32_t)(lanes & c->pass0); m; m &= m - 1) {
			uint32_t i = (uint32_t)__builtin_ctz(m);
			c->p->tb.color[c->at[i]] = val[i];
		}
		return true;
	}
	uint8_t only = ms ? (uint8_t)(1u << k) : 0xf;
	for (uint32_t i = 0; i < 16; i++) {
		if (!(lanes & (1u << i)))
			continue;
		for (uint32_t s = 0; s < ns; s++)
			if (c->pass[i] & only & (1u << s))
				c->p->tb.color[c->at[i] + s] = val[i];
	}
	return true;
}

static bool fs_tlb_write(void *user, struct sim_qpu *q, enum qpu_reg_id reg,
			 const uint32_t val[16], uint16_t lanes, struct vc4_diag *diag)
{
	struct fs_ctx *c = user;
	switch (reg) {
	case QPU_REG_TLB_Z: return tlb_z_write(c, q, val, lanes, diag);
	case QPU_REG_TLB_STENCIL: return stencil_setup(c, q, val, lanes, diag);
	case QPU_REG_TLB_COLOR_ALL: return color_write(c, q, false, val, lanes, diag);
	case QPU_REG_TLB_COLOR_MS: return color_write(c, q, true, val, lanes, diag);
	default:
		return vc4_diag_set(diag, "ip %u: %s write: not modelled (alpha mask)", q->ip,
				    qpu_reg_name(reg));
	}
}

/* A colour load: the pixels' words; in a multisampled tile buffer load n of
 * a run returns sample n (mod 4), "each sample in turn" (Mesa's
 * vc4_nir_lower_blend.c). */
/* out[i] = color[at[i] + k], stored as pipe_store_lanes() stores (r4 is
 * read right after the load). */
PIPE_CLONES
static void color_lanes(const uint32_t *color, const uint32_t at[16], uint32_t k,
			uint32_t out[16])
{
	uint32_t v[16];
	for (uint32_t i = 0; i < 16; i++)
		v[i] = color[at[i] + k];
	pipe_store_lanes(out, v);
}

static bool fs_tlb_load(void *user, struct sim_qpu *q, enum qpu_sig sig, uint32_t out[16],
			struct vc4_diag *diag)
{
	struct fs_ctx *c = user;
	if (sig != QPU_SIG_COLOR_LOAD && sig != QPU_SIG_COLOR_LOAD_END)
		return vc4_diag_set(diag, "ip %u: coverage and alpha-mask loads are not modelled",
				    q->ip);
	uint32_t k = c->loads++ % c->p->tb.samples;
	color_lanes(c->p->tb.color, c->at, k, out);
	return true;
}

static bool fs_texture(void *user, struct sim_qpu *q, unsigned unit, const struct sim_tmu_write *w,
		       unsigned n, uint32_t result[16], struct vc4_diag *diag)
{
	struct fs_ctx *c = user;
	(void)unit;
	c->p->stats.texture_requests++;
	return pipe_tmu_sample(c->p, q, w, n, result, diag);
}

/* Early Z (Configuration Bits "Early Z enable", unless the rendering
 * mode's "Early-Z/Early-Cov disable"): before the FS runs, the depth test of
 * the covered samples with their lane's interpolated Z against the tile
 * buffer's Z. Samples that fail leave the block (a lane with none left
 * too): no FS, no stencil or Z update, whatever the FS would have written to
 * tlb_z (docs/pipeline.md, "Early Z"). Narrows b's cover and samples in
 * place to the block left. */
static void early_z(struct sim_pipe *p, const struct pipe_state *s, struct pipe_frag_block *b,
		    const uint32_t at[16])
{
	if (!s->cfg.early_z_enable || p->tb.cfg.early_z_early_cov_disable)
		return;
	uint16_t cover = b->cover;
	if (p->tb.samples == 1) {
		uint32_t tz[16];
#if FS_ROWS
		if (fs_rows(p, b))
			rows_gather(p->tb.zs, at, 8, tz);
		else
#endif
			for (uint32_t i = 0; i < 16; i++)
				tz[i] = p->tb.zs[at[i]] >> 8;
		uint16_t pass = compare_lanes(s->cfg.depth_test_function, b->z24, tz);
		b->cover = cover & pass;
		for (uint32_t i = 0; i < 16; i++)
			b->samples[i] &= (uint8_t)-((b->cover & lane_bit[i]) != 0);
		p->stats.fragments_depth_failed += (uint64_t)pipe_pop16(cover & ~pass);
		return;
	}
	b->cover = 0;
	for (uint32_t i = 0; i < 16; i++) {
		for (uint32_t k = 0; k < p->tb.samples; k++) {
			uint8_t bit = (uint8_t)(1u << k);
			if (!(cover & (1u << i)) || !(b->samples[i] & bit))
				continue;
			uint32_t zs = p->tb.zs[at[i] + k];
			if (!pipe_compare(s->cfg.depth_test_function, b->z24[i], zs >> 8)) {
				b->samples[i] &= (uint8_t)~bit;
				p->stats.fragments_depth_failed++;
			}
		}
		if (b->samples[i])
			b->cover |= cover & (uint16_t)(1u << i);
	}
}

static void count_shaded(struct sim_pipe *p, uint16_t cover)
{
	p->stats.fragments_shaded += pipe_pop16(cover);
	for (uint32_t quad = 0; quad < 4; quad++)
		p->stats.quads_shaded += (cover >> (4 * quad) & 0xf) != 0;
}

/* lw1 = lambda1 * w1 and lw2 = lambda2 * w2 per lane (w: 1/Wc of vertices
 * 1 and 2), for fs_varying(): compiled for AVX2 too, as varying_lanes()
 * loads them as 32-byte vectors at the run's first varying read. Both w
 * 1.0 (no perspective): the lambdas themselves, x * 1.0 being x (lambda
 * is never NaN), without the 32 double multiplications. */
PIPE_CLONES
static void lambda_w(const struct pipe_frag_block *b, float w1, float w2, double lw1[16],
		     double lw2[16])
{
	uint32_t b1, b2;
	memcpy(&b1, &w1, 4);
	memcpy(&b2, &w2, 4);
	if (b1 == 0x3f800000u && b2 == 0x3f800000u) {
		/* unrolled before GCC could make it a memcpy() call (a PLT
		 * call on ARM) */
#pragma GCC unroll 16
		for (uint32_t i = 0; i < 16; i++) {
			lw1[i] = b->lambda[1][i];
			lw2[i] = b->lambda[2][i];
		}
		return;
	}
	for (uint32_t i = 0; i < 16; i++) {
		lw1[i] = b->lambda[1][i] * w1;
		lw2[i] = b->lambda[2][i] * w2;
	}
}

/* The FS's per-lane inputs: the W and Z payloads (QPU_REG_FS_PAYLOAD_W,
 * _Z: ra15, rb15), the frame pixel, the facing and the sample mask (the
 * covered samples; 0 in uncovered lanes). */
PIPE_CLONES
static void set_payloads(struct sim_qpu *q, const struct pipe_frag_block *b)
{
	uint32_t x[16], y[16], rev[16], msf[16];
	pipe_store_lanes(sim_qpu_reg(q, QPU_REG_FS_PAYLOAD_W), b->w);
	pipe_store_lanes(sim_qpu_reg(q, QPU_REG_FS_PAYLOAD_Z), b->z24);
	/* branch-free whole vectors (a per-lane choice made GCC write the
	 * lanes one 4-byte store at a time, then load them as vectors before
	 * those stores had landed) */
	uint32_t cover = b->cover, x0 = b->x0, y0 = b->y0, reverse = b->reverse;
	for (uint32_t i = 0; i < 16; i++) {
		x[i] = x0 + pipe_lane_x(i);
		y[i] = y0 + pipe_lane_y(i);
		rev[i] = reverse;
	}
	pipe_samples_lanes(b->samples, cover, lane_bit, msf);
	pipe_store_lanes(q->x_pix, x);
	pipe_store_lanes(q->y_pix, y);
	pipe_store_lanes(q->rev_flag, rev);
	pipe_store_lanes(q->ms_flags, msf);
}

/* Shades block b of the triangle v (contract in pipe_internal.h): early Z
 * (narrowing b's cover and samples), the FS run with its hooks (varyings,
 * TLB, TMU) over the block's payloads, then the Z/stencil tests and updates
 * of a run that wrote no colour. Returns false with p->diag set when the FS
 * fails. */
bool pipe_fragment_block(struct sim_pipe *p, const struct pipe_state *s,
			 const struct pipe_shader_rec *rec, const struct pipe_vertex *v[3],
			 struct pipe_frag_block *b)
{
	struct fs_ctx c;
	tile_words(p, b, c.at);
	early_z(p, s, b, c.at);
	if (!b->cover)
		return true;
	struct sim_qpu *q = &p->qpu;
	/* by stores (util/zero.h): a memset of it is a libc call on armhf */
	vc4_zero_words(&c, offsetof(struct fs_ctx, at));
	c.p = p;
	c.q = q;
	c.s = s;
	c.rec = rec;
	c.v = v;
	c.b = b;
	c.zmask = 0xffff;
	memcpy(c.z, b->z24, sizeof(c.z));
	lambda_w(b, v[1]->inv_wc, v[2]->inv_wc, c.lw1, c.lw2);
	struct sim_qpu_hooks hooks = {
		.user = &c, .varying = fs_varying, .varyings_left = fs_varyings_left,
		.tlb_write = fs_tlb_write, .tlb_load = fs_tlb_load, .tmu_texture = fs_texture,
	};
	uint32_t code = rec->r.fragment_shader_code_address.offset;
	count_shaded(p, b->cover);
	if (!pipe_shader_init(p, code, rec->r.fragment_shader_uniforms_address.offset, &hooks, q))
		return false;
	set_payloads(q, b);
	if (!pipe_shader_run(p, "fragment shader", code, q, &p->stats.qpu_instructions_fs,
			     &p->stats.qpu_run_ticks_fs))
		return false;
	if (!c.colored) { /* a run that wrote no colour still tests and updates Z/S */
		zs_test(&c);
		zs_update(&c, 0xffff);
	}
	return true;
}
