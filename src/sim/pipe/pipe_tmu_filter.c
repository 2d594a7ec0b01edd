/*
 * pipe_tmu_filter.c: one lookup in one mip level: the wrap modes (repeat,
 * clamp, mirror, border) applied to integer texel indices, nearest and
 * bilinear filtering, and the sub-texel precision of the bilinear weights
 * (docs/pipeline.md, "Textures" and "Texture precision").
 */
#include <math.h>
#include <string.h>

#include "sim/pipe/pipe_tmu.h"

/* Texel index c of an axis of `size` texels after wrap mode `mode`; false
 * when the texel is the border colour (border mode, c outside). */
static bool wrap(enum vc4_texture_wrap_mode mode, int64_t c, uint32_t size, uint32_t *out)
{
	int64_t n = size;
	switch (mode) {
	case VC4_TEXTURE_WRAP_MODE_REPEAT:
		if ((n & (n - 1)) == 0) { /* the same in two's complement */
			*out = (uint32_t)(c & (n - 1));
			return true;
		}
		*out = (uint32_t)(((c % n) + n) % n);
		return true;
	case VC4_TEXTURE_WRAP_MODE_MIRROR: {
		int64_t m = ((c % (2 * n)) + 2 * n) % (2 * n);
		*out = (uint32_t)(m < n ? m : 2 * n - 1 - m);
		return true;
	}
	case VC4_TEXTURE_WRAP_MODE_CLAMP:
		*out = (uint32_t)(c < 0 ? 0 : c >= n ? n - 1 : c);
		return true;
	default: /* border */
		*out = (uint32_t)c;
		return c >= 0 && c < n;
	}
}

/* Texel (x, y) of level l, already wrapped: through the word fast path
 * when the format allows (the same word tmu_texel() decodes), else
 * tmu_texel(), which also reports a texel outside memory. */
static inline bool texel_at(struct sim_pipe *p, const struct tmu_tex *t,
			    const struct tmu_level *l, uint32_t x, uint32_t y, uint32_t *out,
			    struct vc4_diag *diag)
{
	if (t->word) {
		uint32_t fy = t->flip_y ? l->l.h - 1 - y : y;
		int64_t addr = l->addr + (int64_t)tiling_addr_offset(&l->a, x, fy);
		const uint8_t *src = addr < 0 || addr > UINT32_MAX ? NULL :
			sim_memory_ptr(p->mem, (uint32_t)addr, 4);
		if (src) {
			uint32_t v;
			memcpy(&v, src, 4);
			*out = v | t->word_or;
			return true;
		}
	}
	return tmu_texel(p, t, l, x, y, out, diag);
}

/* Texel (x, y) of level l, wrapped, or the border colour. */
static bool texel(struct sim_pipe *p, const struct tmu_tex *t, const struct tmu_level *l,
		  int64_t x, int64_t y, uint32_t border, uint32_t *out, struct vc4_diag *diag)
{
	uint32_t wx, wy;
	bool in_x = wrap(t->wrap_s, x, l->l.w, &wx), in_y = wrap(t->wrap_t, y, l->l.h, &wy);
	if (!in_x || !in_y) {
		*out = border;
		return true;
	}
	return texel_at(p, t, l, wx, wy, out, diag);
}

/* Texels (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1) of a word format
 * (unflipped) when one address and one memory range hold them all (the
 * same words texel_at() reads); false to take them one by one. */
static inline bool word_quad(struct sim_pipe *p, const struct tmu_tex *t,
			     const struct tmu_level *l, uint32_t x, uint32_t y, uint32_t c[4])
{
	uint32_t dx, dy;
	if (!tiling_addr_steps(&l->a, x, y, &dx, &dy))
		return false;
	int64_t addr = l->addr + (int64_t)tiling_addr_offset(&l->a, x, y);
	uint64_t len = (uint64_t)dx + dy + 4;
	const uint8_t *src = addr < 0 || addr > UINT32_MAX || len > UINT32_MAX ? NULL :
		sim_memory_ptr(p->mem, (uint32_t)addr, (uint32_t)len);
	if (!src)
		return false;
	const uint32_t off[4] = { 0, dx, dy, dx + dy };
	for (int k = 0; k < 4; k++) {
		memcpy(&c[k], src + off[k], 4);
		c[k] |= t->word_or;
	}
	return true;
}

/* The four texels around (x0, y0) in the order 0: (x0, y0), 1: (x0 + 1,
 * y0), 2: (x0, y0 + 1), 3: (x0 + 1, y0 + 1), each wrapped or the border
 * colour; each axis wrapped once. */
static bool quad_texels(struct sim_pipe *p, const struct tmu_tex *t, const struct tmu_level *l,
			int64_t x0, int64_t y0, uint32_t border, uint32_t c[4],
			struct vc4_diag *diag)
{
	uint32_t wx[2], wy[2];
	bool in_x[2], in_y[2];
	for (int j = 0; j < 2; j++) {
		in_x[j] = wrap(t->wrap_s, x0 + j, l->l.w, &wx[j]);
		in_y[j] = wrap(t->wrap_t, y0 + j, l->l.h, &wy[j]);
	}
	if (t->word && !t->flip_y && in_x[0] && in_x[1] && in_y[0] && in_y[1] &&
	    wx[1] == wx[0] + 1 && wy[1] == wy[0] + 1 && word_quad(p, t, l, wx[0], wy[0], c))
		return true;
	for (int k = 0; k < 4; k++) {
		if (!in_x[k & 1] || !in_y[k >> 1])
			c[k] = border;
		else if (!texel_at(p, t, l, wx[k & 1], wy[k >> 1], &c[k], diag))
			return false;
	}
	return true;
}

/* The bilinear blend when both fractions are multiples of 2^-8 (always so
 * with 8-bit weights): the double computation below is then exact at
 * every step (weights a multiple of 2^-16, products and sums within 26
 * bits) in any rounding mode, so integers give the same result: channel
 * sum S in units of 2^-16, rounded half up as tmu_lround() does. */
static uint32_t blend_8bit(const uint32_t c[4], uint32_t iu, uint32_t iv)
{
	uint32_t w[4] = { (256 - iu) * (256 - iv), iu * (256 - iv), (256 - iu) * iv, iu * iv };
	uint32_t out = 0;
	for (int i = 0; i < 4; i++) {
		uint32_t sum = 0;
		for (int k = 0; k < 4; k++)
			sum += w[k] * ((c[k] >> (8 * i)) & 0xff);
		out |= ((sum + 32768) >> 16) << (8 * i);
	}
	return out;
}

/* The bilinear blend at (us, vs) = floor((u - 0.5) * 256), floor((v -
 * 0.5) * 256): floor(u * 256) / 256 is exact, so are its floor and
 * fraction. */
static bool bilinear_8bit(struct sim_pipe *p, const struct tmu_tex *t,
			  const struct tmu_level *l, int64_t us, int64_t vs, uint32_t border,
			  uint32_t *out, struct vc4_diag *diag)
{
	uint32_t c[4];
	uint32_t iu = (uint32_t)(us & 255), iv = (uint32_t)(vs & 255);
	if (!quad_texels(p, t, l, (us - iu) / 256, (vs - iv) / 256, border, c, diag))
		return false;
	*out = blend_8bit(c, iu, iv);
	return true;
}

/* The four texels around (u, v) (texel units, centres at .5) blended with
 * weights from the position's fraction at the configured precision; each
 * channel rounded to nearest. */
static bool bilinear(struct sim_pipe *p, const struct tmu_tex *t, const struct tmu_level *l,
		     double u, double v, uint32_t border, uint32_t *out, struct vc4_diag *diag)
{
	enum sim_tmu_frac frac = p->tmu_opt.weights;
	u -= 0.5;
	v -= 0.5;
	uint32_t c[4];
	if (frac == SIM_TMU_FRAC_8BIT && fabs(u) < 1e12 && fabs(v) < 1e12)
		return bilinear_8bit(p, t, l, (int64_t)tmu_floor(u * 256.0),
				     (int64_t)tmu_floor(v * 256.0), border, out, diag);
	u = tmu_quantise(frac, u);
	v = tmu_quantise(frac, v);
	int64_t x0 = tmu_ifloor(u), y0 = tmu_ifloor(v);
	double fu = u - (double)x0, fv = v - (double)y0;
	fu = fu >= 0 && fu < 1 ? fu : 0; /* huge or NaN coordinates */
	fv = fv >= 0 && fv < 1 ? fv : 0;
	if (!quad_texels(p, t, l, x0, y0, border, c, diag))
		return false;
	/* fu, fv in [0, 1): scaling by 256 is exact, so is the test */
	uint32_t iu = (uint32_t)(fu * 256.0), iv = (uint32_t)(fv * 256.0);
	if ((double)iu == fu * 256.0 && (double)iv == fv * 256.0) {
		*out = blend_8bit(c, iu, iv);
		return true;
	}
	double w[4];
	for (int k = 0; k < 4; k++)
		w[k] = ((k & 1) ? fu : 1 - fu) * ((k >> 1) ? fv : 1 - fv);
	/* each channel summed over the texels in order 0..3 from 0, in
	 * registers (an accumulator array went through memory) */
	*out = 0;
	for (int i = 0; i < 4; i++) {
		double acc = 0;
		for (int k = 0; k < 4; k++)
			acc += w[k] * ((c[k] >> (8 * i)) & 0xff);
		*out |= (uint32_t)tmu_lround(acc) << (8 * i);
	}
	return true;
}

bool tmu_filter(struct sim_pipe *p, const struct tmu_tex *t, const struct tmu_level *l,
		bool linear, double s, double tc, uint32_t border, uint32_t *out,
		struct vc4_diag *diag)
{
#if !SIM_HOST_DAZ
	/* off x86 the 8-bit position in integers (tmu_pos8()): the hook's
	 * doubles in round-toward-zero are software under qemu-arm */
	int64_t us, vs;
	if (linear && p->tmu_opt.weights == SIM_TMU_FRAC_8BIT && tmu_pos8(s, l->l.w, &us) &&
	    tmu_pos8(tc, l->l.h, &vs))
		return bilinear_8bit(p, t, l, us, vs, border, out, diag);
#endif
	double u = s * l->l.w, v = tc * l->l.h;
	if (linear)
		return bilinear(p, t, l, u, v, border, out, diag);
	return texel(p, t, l, tmu_ifloor(u), tmu_ifloor(v), border, out, diag);
}
