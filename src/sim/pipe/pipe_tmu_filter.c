/*
 * pipe_tmu_filter.c: one lookup in one mip level: the wrap modes (repeat,
 * clamp, mirror, border) applied to integer texel indices, nearest and
 * bilinear filtering, and the sub-texel precision of the bilinear weights
 * (docs/pipeline.md, "Textures" and "Texture precision").
 */
#include <math.h>

#include "sim/pipe/pipe_tmu.h"

int64_t tmu_ifloor(double v)
{
	if (!(v > -1e15))
		return v < 0 ? (int64_t)-1e15 : 0;
	if (v > 1e15)
		return (int64_t)1e15;
	return (int64_t)tmu_floor(v);
}

double tmu_quantise(enum sim_tmu_frac frac, double v)
{
	if (frac == SIM_TMU_FRAC_EXACT || !(fabs(v) < 1e15))
		return v;
	return tmu_floor(v * 256.0) / 256.0;
}

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
	return tmu_texel(p, t, l, wx, wy, out, diag);
}

/* The four texels around (u, v) (texel units, centres at .5) blended with
 * weights from the position's fraction at the configured precision; each
 * channel rounded to nearest. */
static bool bilinear(struct sim_pipe *p, const struct tmu_tex *t, const struct tmu_level *l,
		     double u, double v, uint32_t border, uint32_t *out, struct vc4_diag *diag)
{
	enum sim_tmu_frac frac = p->tmu_opt.weights;
	u = tmu_quantise(frac, u - 0.5);
	v = tmu_quantise(frac, v - 0.5);
	int64_t x0 = tmu_ifloor(u), y0 = tmu_ifloor(v);
	double fu = u - (double)x0, fv = v - (double)y0;
	fu = fu >= 0 && fu < 1 ? fu : 0; /* huge or NaN coordinates */
	fv = fv >= 0 && fv < 1 ? fv : 0;
	uint32_t c[4];
	double w[4];
	for (int k = 0; k < 4; k++) {
		if (!texel(p, t, l, x0 + (k & 1), y0 + (k >> 1), border, &c[k], diag))
			return false;
		w[k] = ((k & 1) ? fu : 1 - fu) * ((k >> 1) ? fv : 1 - fv);
	}
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
	double u = s * l->l.w, v = tc * l->l.h;
	if (linear)
		return bilinear(p, t, l, u, v, border, out, diag);
	return texel(p, t, l, tmu_ifloor(u), tmu_ifloor(v), border, out, diag);
}
