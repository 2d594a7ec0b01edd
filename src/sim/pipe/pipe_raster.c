/*
 * pipe_raster.c: triangle setup and rasterisation into the current tile:
 * integer edge functions on the 12.4 fixed-point screen coordinates (pixel
 * centres at +8/16), the top-left fill rule, screen-space barycentrics,
 * linear depth (with the depth offset of triangles) and the perspective W
 * payload per pixel, walked in 4x4-pixel blocks (four 2x2 quads: one
 * fragment-shader run) clipped to the tile, the frame, the clip window and
 * the triangle's bounding box; each block first classified by the edge
 * functions at its corners (trivially rejected, trivially accepted, or
 * tested per pixel); in a 4x multisampled tile buffer with the 4x
 * rasteriser oversample mode, the coverage of each pixel's four samples.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/pipe/pipe_conv.h"
#include "sim/pipe/pipe_div.h"
#include "sim/pipe/pipe_flat.h"
#if defined(__x86_64__) && defined(__GNUC__)
#include <emmintrin.h>
#endif
#include "sim/pipe/pipe_internal.h"


struct tri_setup {
	int64_t x[3], y[3];   /* 1/16 pixel, viewport offset applied */
	int64_t area;         /* twice the signed area */
	int sign;             /* +1 or -1: makes sign * E_i >= 0 inside */
	bool top_left[3];     /* edge opposite vertex i owns its boundary */
	/* Every vertex within 2^20 (1/16 pixel) of the origin: each edge value
	 * at a pixel centre of the frame is then below 2^44, an exact double,
	 * and block_lanes() steps them as doubles from `step` (per edge and
	 * lane: sign * E_i at the lane's centre minus at lane 0's). */
	bool small;
	double step[3][16];
	/* Per edge: sign * E_i's change over the 4-pixel side of a block
	 * along x, along y, lowest and highest over its corners
	 * (classify_block()) */
	int64_t blk_lo[3], blk_hi[3];
#if !SIM_HOST_DAZ
	int64_t istep[3][16]; /* the same steps as integers (the inside test off x86) */
#endif
	/* the lanes' constant z24 and w (pipe_flat.h) */
	struct pipe_flat flat;
};

/* Edge function of the edge opposite vertex i at (px, py) (1/16 pixel):
 * E_i(v_i) = area, E_i = 0 on the edge. */
static int64_t edge(const struct tri_setup *t, int i, int64_t px, int64_t py)
{
	int j = (i + 1) % 3, k = (i + 2) % 3;
	return (t->x[k] - t->x[j]) * (py - t->y[j]) - (t->y[k] - t->y[j]) * (px - t->x[j]);
}

/* (double)v. Off x86 through int32_t when v fits, the same value (that
 * conversion is exact): armhf has no 64-bit integer conversion, and
 * libgcc's __floatdidf ends in a software double addition, several calls
 * and returns that QEMU looks up, where int32_t takes one instruction. */
static inline double i64_to_double(int64_t v)
{
#if SIM_HOST_DAZ
	return (double)v;
#else
	return v == (int32_t)v ? (double)(int32_t)v : (double)v;
#endif
}

/* With y growing downwards and the triangle oriented so that the inside is
 * positive, a top edge is horizontal going right and a left edge goes up. */
static void setup(struct tri_setup *t, const struct pipe_state *s, const struct pipe_vertex *v[3])
{
	int64_t ox = (int64_t)lrintf(s->vp_x * 16.0f), oy = (int64_t)lrintf(s->vp_y * 16.0f);
	for (int i = 0; i < 3; i++) {
		t->x[i] = v[i]->xs + ox;
		t->y[i] = v[i]->ys + oy;
	}
	t->area = edge(t, 0, t->x[0], t->y[0]);
	t->sign = t->area < 0 ? -1 : 1;
	for (int i = 0; i < 3; i++) {
		int j = (i + 1) % 3, k = (i + 2) % 3;
		int64_t dx = t->sign * (t->x[k] - t->x[j]), dy = t->sign * (t->y[k] - t->y[j]);
		t->top_left[i] = (dy == 0 && dx > 0) || dy < 0;
		/* sign * E_i(x + 64, y) - sign * E_i(x, y) = -dy * 64, and
		 * sign * E_i(x, y + 64) - sign * E_i(x, y) = dx * 64 */
		int64_t ax = -dy * 64, ay = dx * 64;
		t->blk_lo[i] = (ax < 0 ? ax : 0) + (ay < 0 ? ay : 0);
		t->blk_hi[i] = (ax > 0 ? ax : 0) + (ay > 0 ? ay : 0);
	}
	t->small = true;
	for (int i = 0; i < 3; i++)
		t->small &= llabs(t->x[i]) < (1 << 20) && llabs(t->y[i]) < (1 << 20);
	if (!t->small)
		return;
	for (int k = 0; k < 3; k++) {
		int j = (k + 1) % 3, m = (k + 2) % 3;
		int64_t sx = -t->sign * (t->y[m] - t->y[j]) * 16;
		int64_t sy = t->sign * (t->x[m] - t->x[j]) * 16;
		for (uint32_t i = 0; i < 16; i++) {
			int64_t st = sx * pipe_lane_x(i) + sy * pipe_lane_y(i);
			t->step[k][i] = i64_to_double(st);
#if !SIM_HOST_DAZ
			t->istep[k][i] = st;
#endif
		}
	}
}

/* Sample s of a pixel at (x + pos[s][0] / 16, y + pos[s][1] / 16): the
 * standard 4x pattern (docs/pipeline.md, "Multisampling"). */
const uint8_t pipe_sample_pos[PIPE_MAX_SAMPLES][2] = { { 6, 2 }, { 14, 6 }, { 2, 10 },
							{ 10, 14 } };

/* Whether the point (px, py) (1/16 pixel) is inside, edges by the top-left
 * rule. */
static bool inside_at(const struct tri_setup *t, int64_t px, int64_t py)
{
	for (int i = 0; i < 3; i++) {
		int64_t e = t->sign * edge(t, i, px, py);
		if (e < 0 || (e == 0 && !t->top_left[i]))
			return false;
	}
	return true;
}

/* The samples of pixel (x, y) inside the triangle: with 4x oversampling of
 * a 4x multisampled tile buffer, each sample at its position; otherwise the
 * pixel centre's verdict for all of the pixel's samples. */
static uint8_t pixel_samples(struct sim_pipe *p, const struct pipe_state *s,
			     const struct tri_setup *t, int64_t x, int64_t y, bool centre_in)
{
	uint32_t ns = p->tb.samples;
	if (ns == 1 || s->cfg.rasteriser_oversample_mode != 1)
		return centre_in ? (uint8_t)((1u << ns) - 1) : 0;
	uint8_t m = 0;
	p->stats.raster_edge_tests += ns;
	for (uint32_t k = 0; k < ns; k++)
		if (inside_at(t, x * 16 + pipe_sample_pos[k][0], y * 16 + pipe_sample_pos[k][1]))
			m |= (uint8_t)(1u << k);
	return m;
}

#define Z24_MAX 16777215.0

/* A Depth Offset field, "float 1-8-7": the top 16 bits of a float. */
static double float187(uint32_t h)
{
	uint32_t bits = (h & 0xffff) << 16;
	float f;
	memcpy(&f, &bits, 4);
	return f;
}

/* The depth offset of a triangle in 24-bit Z units when Configuration Bits
 * enable it (triangle lists only): factor x the larger of |dz/dx| and
 * |dz/dy| (24-bit units per pixel, from the plane of the three vertices)
 * + units (docs/pipeline.md, "Depth offset"). */
static double depth_offset(const struct pipe_state *s, const struct tri_setup *t,
			   const struct pipe_vertex *v[3])
{
	if (!s->cfg.enable_depth_offset ||
	    s->prim_type != VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_TRIANGLES_LIST)
		return 0.0;
	double dx1 = (double)(t->x[1] - t->x[0]), dy1 = (double)(t->y[1] - t->y[0]);
	double dx2 = (double)(t->x[2] - t->x[0]), dy2 = (double)(t->y[2] - t->y[0]);
	double dz1 = ((double)v[1]->zs - v[0]->zs) * Z24_MAX;
	double dz2 = ((double)v[2]->zs - v[0]->zs) * Z24_MAX;
	double det = dx1 * dy2 - dx2 * dy1; /* nonzero: zero-area triangles are not drawn */
	double a = 16.0 * (dz1 * dy2 - dz2 * dy1) / det, b = 16.0 * (dx1 * dz2 - dx2 * dz1) / det;
	double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
	return float187(s->depth_offset.depth_offset_factor) * m +
	       float187(s->depth_offset.depth_offset_units);
}

/* sign * E_k at the 16 pixel centres of a block, into ed[k][lane] for
 * edges k0..2, for a triangle with t->small: the integers, as exact
 * doubles, from lane 0's value e0s[k] and t->step. Returns the lanes
 * inside by the top-left rule (all three edges), or 0xffff without
 * testing when the caller knows the block is inside (`all_in`). */
static inline uint16_t edges_small(const struct tri_setup *t, const int64_t e0s[3],
				   bool all_in, int k0, double ed[3][16])
{
	if (all_in) {
		for (int k = k0; k < 3; k++) {
			double e0 = i64_to_double(e0s[k]);
			for (uint32_t i = 0; i < 16; i++)
				ed[k][i] = e0 + t->step[k][i];
		}
		return 0xffff;
	}
	int32_t ok[16];
	for (uint32_t i = 0; i < 16; i++)
		ok[i] = -1;
	for (int k = 0; k < 3; k++) {
		int64_t e0i = e0s[k];
		double e0 = i64_to_double(e0i);
		int32_t tl = t->top_left[k] ? -1 : 0;
		bool want = k >= k0;
		for (uint32_t i = 0; i < 16; i++) {
			double e = e0 + t->step[k][i];
#if SIM_HOST_DAZ
			ok[i] &= -(int32_t)(e > 0.0) | (-(int32_t)(e == 0.0) & tl);
#else
			/* the same test on the integer that e holds exactly (no
			 * float compare: under qemu-arm each is a call into QEMU);
			 * e itself is dead where not wanted */
			int64_t ei = e0i + t->istep[k][i];
			ok[i] &= -(int32_t)(ei > 0) | (-(int32_t)(ei == 0) & tl);
#endif
			if (want)
				ed[k][i] = e;
		}
	}
	uint16_t in = 0;
	for (uint32_t i = 0; i < 16; i++)
		in |= (uint16_t)((ok[i] & 1) << i);
	return in;
}

/* edges_small() for any triangle: the edge values stepped in 64-bit
 * integers, then converted. */
static uint16_t edges_wide(const struct tri_setup *t, int64_t cx, int64_t cy, double ed[3][16])
{
	uint16_t in = 0xffff;
	for (int k = 0; k < 3; k++) {
		int j = (k + 1) % 3, m = (k + 2) % 3;
		int64_t sx = -t->sign * (t->y[m] - t->y[j]) * 16;
		int64_t sy = t->sign * (t->x[m] - t->x[j]) * 16;
		int64_t col[4], row[4];
		col[0] = t->sign * edge(t, k, cx, cy);
		row[0] = 0;
		for (int d = 1; d < 4; d++) {
			col[d] = col[d - 1] + sx;
			row[d] = row[d - 1] + sy;
		}
		for (uint32_t i = 0; i < 16; i++) {
			int64_t e = col[pipe_lane_x(i)] + row[pipe_lane_y(i)];
			if (e < 0 || (e == 0 && !t->top_left[k]))
				in &= (uint16_t)~(1u << i);
			ed[k][i] = i64_to_double(e);
		}
	}
	return in;
}

/* Whether every lane of the block whose lane 0 has sign * E_k = e0[k]
 * has barycentrics with sum |lambda_k| <= 2^8 (t->small): the lanes'
 * changes from lane 0 lie within [blk_lo, blk_hi] (which span a whole
 * block side, the lanes three quarters of it), so the larger magnitude at
 * its two ends bounds each edge value, and their sum, at most 2^8 den,
 * every lane's (pipe_flat.h). */
static bool flat_bounded(const struct tri_setup *t, const int64_t e0[3])
{
	int64_t sum = 0;
	for (int k = 0; k < 3; k++) {
		int64_t lo = e0[k] + t->blk_lo[k], hi = e0[k] + t->blk_hi[k];
		lo = lo < 0 ? -lo : lo;
		hi = hi < 0 ? -hi : hi;
		sum += lo > hi ? lo : hi;
	}
	return sum <= t->sign * t->area * 256;
}

/* Whether the block whose lane 0 has sign * E_k = e0[k] takes its
 * lanes' z24 and w from t->flat (flat_fill()): both constant over the
 * triangle and the block's barycentrics bounded. Its lambda[0], used only
 * for them, is then not computed. */
static inline bool flat_block(const struct tri_setup *t, const int64_t e0[3])
{
	return t->small && t->flat.z && t->flat.w && flat_bounded(t, e0);
}

static void flat_fill(const struct tri_setup *t, struct pipe_frag_block *b)
{
	for (uint32_t i = 0; i < 16; i++) {
		b->z24[i] = t->flat.z24;
		memcpy(&b->w[i], &t->flat.wbits, 4);
	}
}

#if PIPE_AVX2
/* edges_small() in AVX2 (the same values: e0 + step, one double addition
 * each; the same test), the 16 lanes as four vectors of 4 doubles, the
 * inside mask from the compares by movmskpd (GCC narrows the double
 * masks of edges_small()'s loop to 32-bit lanes through shuffles and ORs
 * the lanes together), and the barycentrics e / den straight from the
 * registers into lambda (pipe_div4_fma(), pipe_div.h). */
__attribute__((target("avx2,fma"))) static inline uint16_t
edges_small_avx2(const struct tri_setup *t, int64_t cx, int64_t cy, bool all_in, double den,
		 double lambda[3][16])
{
	const __m256d zero = _mm256_setzero_pd(), ones = _mm256_castsi256_pd(_mm256_set1_epi32(-1));
	__m256d b = _mm256_set1_pd(den), y = _mm256_set1_pd(1.0 / den);
	__m256d ok[4] = { ones, ones, ones, ones };
	for (int k = 0; k < 3; k++) {
		__m256d e0 = _mm256_set1_pd(i64_to_double(t->sign * edge(t, k, cx, cy)));
		__m256d tl = t->top_left[k] ? ones : zero;
		for (int j = 0; j < 4; j++) {
			__m256d e = _mm256_add_pd(e0, _mm256_loadu_pd(&t->step[k][4 * j]));
			_mm256_storeu_pd(&lambda[k][4 * j], pipe_div4_fma(e, b, y));
			__m256d gt = _mm256_cmp_pd(e, zero, _CMP_GT_OQ);
			__m256d eq = _mm256_and_pd(_mm256_cmp_pd(e, zero, _CMP_EQ_OQ), tl);
			ok[j] = _mm256_and_pd(ok[j], _mm256_or_pd(gt, eq));
		}
	}
	if (all_in)
		return 0xffff;
	return (uint16_t)(_mm256_movemask_pd(ok[0]) | _mm256_movemask_pd(ok[1]) << 4 |
			  _mm256_movemask_pd(ok[2]) << 8 | _mm256_movemask_pd(ok[3]) << 12);
}

#endif

#if PIPE_AVX2
/* block_lanes_body()'s depth and W of the 16 lanes in AVX2 intrinsics:
 * the same operations in the same order on the same values (no FMA), the
 * compares and conversions as vectors (GCC narrowed the loop's double
 * masks to 32-bit lanes through shuffles), the results as 32-byte stores. */
__attribute__((target("avx2"))) static inline void
zw_avx2(const double lambda[3][16], const struct pipe_vertex *v[3], double zoff, uint32_t z24[16],
	float w[16])
{
	const __m256d z0 = _mm256_set1_pd(v[0]->zs), z1 = _mm256_set1_pd(v[1]->zs);
	const __m256d z2 = _mm256_set1_pd(v[2]->zs), w0 = _mm256_set1_pd(v[0]->inv_wc);
	const __m256d w1 = _mm256_set1_pd(v[1]->inv_wc), w2 = _mm256_set1_pd(v[2]->inv_wc);
	const __m256d zmax = _mm256_set1_pd(Z24_MAX), zo = _mm256_set1_pd(zoff);
	const __m256d lim = _mm256_set1_pd((double)3.4e38f), big = _mm256_set1_pd(3.4e38);
	__m128i zi[4];
	__m128 wf[4];
	for (int j = 0; j < 4; j++) {
		__m256d l0 = _mm256_loadu_pd(&lambda[0][4 * j]), l1 = _mm256_loadu_pd(&lambda[1][4 * j]);
		__m256d l2 = _mm256_loadu_pd(&lambda[2][4 * j]);
		__m256d z = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(l0, z0), _mm256_mul_pd(l1, z1)),
					  _mm256_mul_pd(l2, z2));
		z = _mm256_add_pd(_mm256_mul_pd(z, zmax), zo);
		/* !(z > 0) (NaN too) gives +0, z > Z24_MAX gives Z24_MAX */
		z = _mm256_and_pd(z, _mm256_cmp_pd(z, _mm256_setzero_pd(), _CMP_GT_OQ));
		z = _mm256_blendv_pd(z, zmax, _mm256_cmp_pd(z, zmax, _CMP_GT_OQ));
		zi[j] = _mm256_cvttpd_epi32(_mm256_add_pd(z, _mm256_set1_pd(0.5)));
		__m256d iw = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(l0, w0), _mm256_mul_pd(l1, w1)),
					   _mm256_mul_pd(l2, w2));
		__m256d r = _mm256_div_pd(_mm256_set1_pd(1.0), iw);
		/* pipe_to_float16(): the clamp in doubles, then the conversion */
		r = _mm256_blendv_pd(r, lim, _mm256_cmp_pd(r, big, _CMP_GT_OQ));
		r = _mm256_blendv_pd(r, _mm256_sub_pd(_mm256_setzero_pd(), lim),
				     _mm256_cmp_pd(r, _mm256_sub_pd(_mm256_setzero_pd(), big),
						   _CMP_LT_OQ));
		wf[j] = _mm256_cvtpd_ps(r);
	}
	_mm256_storeu_si256((__m256i *)(void *)z24, _mm256_set_m128i(zi[1], zi[0]));
	_mm256_storeu_si256((__m256i *)(void *)(z24 + 8), _mm256_set_m128i(zi[3], zi[2]));
	_mm256_storeu_ps(w, _mm256_set_m128(wf[1], wf[0]));
	_mm256_storeu_ps(w + 8, _mm256_set_m128(wf[3], wf[2]));
}
#endif

/* The lanes of block b (x0, y0 set), whole vectors so that the loops
 * vectorise (when `need` is not 0 and none of its lanes is inside: 0, the
 * lanes' values not computed): the barycentrics (E_i / area at each pixel centre, E_i stepped
 * from the lane-0 centre by whole pixels: the same integers as evaluating
 * it at each centre), depth (linear in screen space, plus the triangle's
 * offset `zoff`, clamped to 24 bits and rounded to nearest) and W (the
 * reciprocal of the interpolated 1/Wc). Returns bit i set when lane i's
 * centre is inside by the top-left rule; lanes outside still get their
 * values (they feed their quad's derivatives). For a block the caller
 * knows to lie inside (`all_in`, small triangles) the edge tests are
 * skipped and the result is 0xffff. Inlined into block_lanes_avx2()
 * (`avx2`: the edge tests and the barycentrics by edges_small_avx2())
 * and block_lanes_base(). */
static inline __attribute__((always_inline)) uint16_t
block_lanes_body(const struct tri_setup *t, const struct pipe_vertex *v[3], double zoff,
		 uint16_t need, bool all_in, struct pipe_frag_block *b, bool avx2)
{
	int64_t cx = (int64_t)b->x0 * 16 + 8, cy = (int64_t)b->y0 * 16 + 8;
	double den = i64_to_double(t->sign * t->area), ed[3][16];
	uint16_t in;
#if PIPE_AVX2
	/* |e| < 2^44, den < 2^44: pipe_div.h's range; the lambdas of a block
	 * that covers nothing are computed too (cheap here), not used */
	if (avx2 && t->small) {
		in = edges_small_avx2(t, cx, cy, all_in, den, b->lambda);
		if (need && !(in & need))
			return 0;
	} else
#else
	(void)avx2;
#endif
	{
		int64_t e0[3] = { 0, 0, 0 };
		int flat = 0;
		if (t->small) {
			for (int k = 0; k < 3; k++)
				e0[k] = t->sign * edge(t, k, cx, cy);
			flat = !avx2 && flat_block(t, e0);
			in = edges_small(t, e0, all_in, flat, ed);
		} else
			in = edges_wide(t, cx, cy, ed);
		if (need && !(in & need))
			return 0; /* the block covers nothing: its lanes are not used */
		for (int k = flat; k < 3; k++)
			for (uint32_t i = 0; i < 16; i++)
				b->lambda[k][i] = ed[k][i] / den;
		if (flat) {
			flat_fill(t, b);
			return in;
		}
	}
#if PIPE_AVX2
	if (avx2) {
		zw_avx2(b->lambda, v, zoff, b->z24, b->w);
		return in;
	}
#endif
	double z0 = v[0]->zs, z1 = v[1]->zs, z2 = v[2]->zs;
	double w0 = v[0]->inv_wc, w1 = v[1]->inv_wc, w2 = v[2]->inv_wc;
#if SIM_HOST_DAZ
	double w[16];
#endif
	for (uint32_t i = 0; i < 16; i++) {
		double l0 = b->lambda[0][i], l1 = b->lambda[1][i], l2 = b->lambda[2][i];
		double z = (l0 * z0 + l1 * z1 + l2 * z2) * Z24_MAX + zoff;
#if SIM_HOST_DAZ
		z = !(z > 0.0) ? 0.0 : z > Z24_MAX ? Z24_MAX : z; /* NaN reads as 0 */
		b->z24[i] = (uint32_t)(int32_t)(z + 0.5);  /* < 2^24: exact either way */
		double iw = l0 * w0 + l1 * w1 + l2 * w2;
		w[i] = 1.0 / iw;
#else
		/* the same on the bits: no float compare or conversion */
		b->z24[i] = pipe_z24_rn(z, Z24_MAX);
		double iw = l0 * w0 + l1 * w1 + l2 * w2;
		uint32_t wb = pipe_to_float_rn_bits(1.0 / iw);
		memcpy(&b->w[i], &wb, 4);
#endif
	}
#if SIM_HOST_DAZ
	pipe_to_float16(w, b->w);
#endif
	return in;
}

#if PIPE_AVX2
__attribute__((target("avx2,fma"))) static uint16_t
block_lanes_avx2(const struct tri_setup *t, const struct pipe_vertex *v[3], double zoff,
		 uint16_t need, bool all_in, struct pipe_frag_block *b)
{
	return block_lanes_body(t, v, zoff, need, all_in, b, true);
}

static uint16_t block_lanes_base(const struct tri_setup *t, const struct pipe_vertex *v[3],
				 double zoff, uint16_t need, bool all_in, struct pipe_frag_block *b)
{
	return block_lanes_body(t, v, zoff, need, all_in, b, false);
}

/* block_lanes_body() compiled for this CPU: with AVX2 and FMA where the
 * host has them, else the baseline. */
static inline uint16_t block_lanes(const struct tri_setup *t, const struct pipe_vertex *v[3],
				   double zoff, uint16_t need, bool all_in,
				   struct pipe_frag_block *b)
{
	if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
		return block_lanes_avx2(t, v, zoff, need, all_in, b);
	return block_lanes_base(t, v, zoff, need, all_in, b);
}
#else
/* block_lanes_body() on other hosts. */
static uint16_t block_lanes(const struct tri_setup *t, const struct pipe_vertex *v[3],
			    double zoff, uint16_t need, bool all_in, struct pipe_frag_block *b)
{
	return block_lanes_body(t, v, zoff, need, all_in, b, false);
}
#endif

/* The pixel rectangle [x0, x1) x [y0, y1) the current tile may draw. */
static void draw_rect(const struct sim_pipe *p, const struct pipe_state *s, int64_t r[4])
{
	const struct pipe_tilebuf *tb = &p->tb;
	r[0] = (int64_t)tb->tile_x * tb->size;
	r[1] = (int64_t)tb->tile_y * tb->size;
	r[2] = r[0] + tb->size;
	r[3] = r[1] + tb->size;
	if (r[2] > tb->cfg.width_in_pixels)
		r[2] = tb->cfg.width_in_pixels;
	if (r[3] > tb->cfg.height_in_pixels)
		r[3] = tb->cfg.height_in_pixels;
	if (s->have_clip) {
		int64_t c[4] = { s->clip_x, s->clip_y, (int64_t)s->clip_x + s->clip_w,
				 (int64_t)s->clip_y + s->clip_h };
		r[0] = r[0] > c[0] ? r[0] : c[0];
		r[1] = r[1] > c[1] ? r[1] : c[1];
		r[2] = r[2] < c[2] ? r[2] : c[2];
		r[3] = r[3] < c[3] ? r[3] : c[3];
	}
}

enum block_class { BLOCK_OUT, BLOCK_PART, BLOCK_IN };

/* What the block's square [x0, x0 + 4) x [y0, y0 + 4) (every pixel centre
 * and sample position of the block lies inside it) is for the triangle:
 * BLOCK_OUT when all four corners are strictly outside one edge (no point
 * of the square is inside), BLOCK_IN when all four are strictly inside
 * every edge (every point is: no top-left case arises), else BLOCK_PART.
 * The edge functions are linear, so their extremes over the square are at
 * its corners: the value at (x0, y0) plus the lowest and highest change to
 * a corner (t->blk_lo, t->blk_hi; the same integers as evaluating the four
 * corners). */
static enum block_class classify_block(const struct tri_setup *t, int64_t x0, int64_t y0)
{
	bool all_in = true;
	for (int i = 0; i < 3; i++) {
		int64_t e = t->sign * edge(t, i, x0 * 16, y0 * 16);
		int64_t lo = e + t->blk_lo[i], hi = e + t->blk_hi[i];
		if (hi < 0)
			return BLOCK_OUT;
		all_in &= lo > 0;
	}
	return all_in ? BLOCK_IN : BLOCK_PART;
}

/* The lanes of block b whose pixel lies inside the rectangle r. */
static uint16_t rect_lanes(const struct pipe_frag_block *b, const int64_t r[4])
{
	uint32_t cols = 0, rows = 0, lanes = 0;
	for (uint32_t d = 0; d < 4; d++) {
		cols |= (uint32_t)(b->x0 + d >= r[0] && b->x0 + d < r[2]) << d;
		rows |= (uint32_t)(b->y0 + d >= r[1] && b->y0 + d < r[3]) << d;
	}
	/* the lanes of each column and each row (pipe_lane_x(), pipe_lane_y()) */
	static const uint16_t col_lanes[4] = { 0x0505, 0x0a0a, 0x5050, 0xa0a0 };
	static const uint16_t row_lanes[4] = { 0x0033, 0x00cc, 0x3300, 0xcc00 };
	uint32_t in_cols = 0, in_rows = 0;
	for (uint32_t d = 0; d < 4; d++) {
		in_cols |= (0u - (cols >> d & 1)) & col_lanes[d];
		in_rows |= (0u - (rows >> d & 1)) & row_lanes[d];
	}
	lanes = in_cols & in_rows;
	return (uint16_t)lanes;
}

/* samples[i] = full where bit i of cover is set, else 0. On x86-64 one
 * 16-byte vector made in registers (as a loop, or from a vector
 * initialiser, GCC built the bytes in general registers and stored them
 * as two 8-byte halves, which the 16-byte load after them could not take
 * from the store buffer). */
static inline void cover_samples(uint8_t samples[16], uint32_t cover, uint8_t full)
{
#if defined(__x86_64__) && defined(__GNUC__)
	const uint64_t ones = 0x0101010101010101ull;
	__m128i c = _mm_unpacklo_epi64(_mm_cvtsi64_si128((long long)((cover & 0xff) * ones)),
				       _mm_cvtsi64_si128((long long)((cover >> 8 & 0xff) * ones)));
	const __m128i bit = _mm_set_epi8(-128, 64, 32, 16, 8, 4, 2, 1, -128, 64, 32, 16, 8, 4, 2, 1);
	__m128i m = _mm_cmpeq_epi8(_mm_and_si128(c, bit), bit);
	_mm_storeu_si128((__m128i *)(void *)samples, _mm_and_si128(m, _mm_set1_epi8((char)full)));
#else
	for (uint32_t i = 0; i < 16; i++)
		samples[i] = (uint8_t)(full & (0u - (cover >> i & 1)));
#endif
}

/* The lanes of block b (x0, y0 set): barycentrics, Z and W of every lane
 * (block_lanes()), and the covered pixels and samples inside the drawing
 * rectangle r. A block wholly inside the triangle (`all_in`) covers every
 * sample without testing them. */
static void raster_block(struct sim_pipe *p, const struct pipe_state *s,
			 const struct tri_setup *t, const struct pipe_vertex *v[3], double zoff,
			 const int64_t r[4], bool all_in, struct pipe_frag_block *b)
{
	uint8_t full = (uint8_t)((1u << p->tb.samples) - 1);
	if (!all_in)
		p->stats.raster_edge_tests += 16;
	bool by_centre = all_in || p->tb.samples == 1 || s->cfg.rasteriser_oversample_mode != 1;
	uint16_t rect = rect_lanes(b, r);
	/* by the centres, a block none of whose lanes inside r is inside
	 * covers nothing and is not shaded: no need for its lanes' values */
	uint16_t in = block_lanes(t, v, zoff, by_centre && !all_in ? rect : 0, all_in, b);
	if (by_centre) {
		/* the loop below without the per-sample tests: a lane inside r
		 * covers all its samples or none, by its centre */
		b->cover = (all_in ? 0xffff : in) & rect;
		cover_samples(b->samples, b->cover, full);
		return;
	}
	for (uint32_t i = 0; i < 16; i++) {
		int64_t px = b->x0 + pipe_lane_x(i), py = b->y0 + pipe_lane_y(i);
		if (px < r[0] || py < r[1] || px >= r[2] || py >= r[3])
			continue;
		b->samples[i] = all_in ? full : pixel_samples(p, s, t, px, py, in >> i & 1);
		if (b->samples[i])
			b->cover |= (uint16_t)(1u << i);
	}
}

static int64_t floor_div16(int64_t v)
{
	return v >= 0 ? v / 16 : -((-v + 15) / 16);
}

/* Narrows the drawing rectangle r to the pixels whose samples the triangle
 * can reach (its bounding box, one pixel wider on each side): blocks outside
 * it cover nothing, so skipping them changes no pixel. */
static void clip_to_bounds(const struct tri_setup *t, int64_t r[4])
{
	int64_t x0 = t->x[0], x1 = t->x[0], y0 = t->y[0], y1 = t->y[0];
	for (int i = 1; i < 3; i++) {
		x0 = t->x[i] < x0 ? t->x[i] : x0;
		x1 = t->x[i] > x1 ? t->x[i] : x1;
		y0 = t->y[i] < y0 ? t->y[i] : y0;
		y1 = t->y[i] > y1 ? t->y[i] : y1;
	}
	int64_t b[4] = { floor_div16(x0) - 1, floor_div16(y0) - 1, floor_div16(x1) + 2,
			 floor_div16(y1) + 2 };
	r[0] = r[0] > b[0] ? r[0] : b[0];
	r[1] = r[1] > b[1] ? r[1] : b[1];
	r[2] = r[2] < b[2] ? r[2] : b[2];
	r[3] = r[3] < b[3] ? r[3] : b[3];
}

/* The first block origin at or before `from` on the tile's 4-pixel grid. */
static int64_t block_start(int64_t tile0, int64_t from)
{
	return from <= tile0 ? tile0 : tile0 + (from - tile0) / 4 * 4;
}

/* Rasterises triangle v into the current tile (contract in
 * pipe_internal.h): setup, the drawing rectangle narrowed to the bounding
 * box, then each 4x4 block classified and shaded. A zero-area triangle
 * draws nothing. Returns false with p->diag set when a FS run fails. */
SIM_PAGE_ALIGN
bool pipe_draw_triangle(struct sim_pipe *p, const struct pipe_state *s,
			const struct pipe_shader_rec *rec, const struct pipe_vertex *v[3])
{
	struct tri_setup t;
	setup(&t, s, v);
	if (t.area == 0)
		return true;
	int64_t r[4];
	draw_rect(p, s, r);
	clip_to_bounds(&t, r);
	double zoff = depth_offset(s, &t, v);
	t.flat = (struct pipe_flat){ false, false, 0, 0 };
	if (t.small) {
		const float zs[3] = { v[0]->zs, v[1]->zs, v[2]->zs };
		const float w[3] = { v[0]->inv_wc, v[1]->inv_wc, v[2]->inv_wc };
		t.flat = pipe_flat_setup(zs, w, Z24_MAX, zoff);
	}
	int64_t bx0 = block_start((int64_t)p->tb.tile_x * p->tb.size, r[0]);
	int64_t by0 = block_start((int64_t)p->tb.tile_y * p->tb.size, r[1]);
	const int32_t fx[3] = { v[0]->xs, v[1]->xs, v[2]->xs };
	const int32_t fy[3] = { v[0]->ys, v[1]->ys, v[2]->ys };
	bool reverse = s->prim_type == VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_TRIANGLES_LIST &&
		!pipe_forward_facing(s, fx, fy); /* points and lines face forward */
	for (int64_t by = by0; by < r[3]; by += 4) {
		for (int64_t bx = bx0; bx < r[2]; bx += 4) {
			enum block_class k = classify_block(&t, bx, by);
			p->stats.raster_edge_tests += 4;
			if (k == BLOCK_OUT)
				continue;
			/* lambda, z24 and w are block_lanes()'s to write */
			struct pipe_frag_block b;
			b.x0 = (uint32_t)bx;
			b.y0 = (uint32_t)by;
			b.reverse = reverse;
			b.cover = 0;
			memset(b.samples, 0, sizeof(b.samples));
			raster_block(p, s, &t, v, zoff, r, k == BLOCK_IN, &b);
			if (b.cover && !pipe_fragment_block(p, s, rec, v, &b))
				return false;
		}
	}
	return true;
}
