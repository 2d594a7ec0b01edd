/*
 * pipe_tmu.c: texture sampling for the TMU hook of the fragment shader: the
 * configuration words P0/P1 taken from the uniform stream (one per TMU
 * write), 2D lookups with nearest and bilinear filtering, the level of detail
 * from the quad's derivatives, mipmaps stored below level 0, repeat / clamp /
 * mirror wrapping, the T, LT and raster layouts, and the texel formats of
 * pipe_tmu_formats[].
 */
#include <math.h>
#include <string.h>

#include "sim/pipe/pipe_internal.h"

/* Texel formats: bytes per texel and the bit width of the fields that go,
 * from the least significant bits up, to bytes 0..3 of the result (0 = not
 * stored; `lum` replicates field 0 to bytes 0..2). */
struct tmu_format {
	const char *name;
	uint8_t cpp;
	uint8_t bits[4];
	bool lum;
	uint8_t alpha_only;  /* field 0 is alpha */
};

static const struct tmu_format pipe_tmu_formats[17] = {
	[0] = { "RGBA8888", 4, { 8, 8, 8, 8 } },
	[1] = { "RGBX8888", 4, { 8, 8, 8, 0 } },
	[2] = { "RGBA4444", 2, { 4, 4, 4, 4 } },
	[3] = { "RGBA5551", 2, { 5, 5, 5, 1 } },
	[4] = { "RGB565", 2, { 5, 6, 5, 0 } },
	[5] = { "LUMINANCE", 1, { 8, 0, 0, 0 }, .lum = true },
	[6] = { "ALPHA", 1, { 8, 0, 0, 0 }, .alpha_only = 1 },
	[7] = { "LUMALPHA", 2, { 8, 8, 0, 0 }, .lum = true },
	[16] = { "RGBA32R", 4, { 8, 8, 8, 8 } },
};

struct tmu_tex {
	uint32_t base, type, levels, width, height;
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1;
	const struct tmu_format *fmt;
	bool flip_y;
};

/* Scales a field of `bits` bits to 8 bits. */
static uint32_t expand(uint32_t v, uint32_t bits)
{
	if (bits == 8)
		return v;
	if (bits == 1)
		return v ? 0xff : 0;
	return (v << (8 - bits)) | (v >> (2 * bits - 8));
}

/* The 8888 word for a raw texel. */
static uint32_t decode_texel(const struct tmu_format *f, uint32_t raw)
{
	uint32_t out = 0, shift = 0;
	uint32_t byte[4] = { 0, 0, 0, 0xff };
	for (int i = 0; i < 4; i++) {
		if (!f->bits[i])
			continue;
		byte[i] = expand((raw >> shift) & ((1u << f->bits[i]) - 1), f->bits[i]);
		shift += f->bits[i];
	}
	if (f->lum) {
		byte[3] = f->bits[1] ? byte[1] : 0xff;
		byte[1] = byte[2] = byte[0];
	}
	if (f->alpha_only) {
		byte[3] = byte[0];
		byte[0] = 0;
	}
	for (int i = 0; i < 4; i++)
		out |= byte[i] << (8 * i);
	return out;
}

static uint32_t utile_w(uint32_t cpp) { return cpp == 4 ? 4 : 8; }
static uint32_t utile_h(uint32_t cpp) { return cpp == 1 ? 8 : 4; }
static uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

/* Whether a level of w x h is laid out LT (else T); raster for RGBA32R. */
static bool level_is_lt(const struct tmu_tex *t, uint32_t w, uint32_t h)
{
	uint32_t cpp = t->fmt->cpp;
	return w <= 4 * utile_w(cpp) || h <= 4 * utile_h(cpp);
}

static uint32_t level_size(const struct tmu_tex *t, uint32_t w, uint32_t h)
{
	uint32_t cpp = t->fmt->cpp, a = level_is_lt(t, w, h) ? 1 : 8;
	return align_up(w, utile_w(cpp) * a) * cpp * align_up(h, utile_h(cpp) * a);
}

/* Byte offset of texel (x, y) inside a level of width w (tiling as above). */
static uint32_t texel_offset(const struct tmu_tex *t, uint32_t w, uint32_t h, uint32_t x,
			     uint32_t y)
{
	uint32_t cpp = t->fmt->cpp, uw = utile_w(cpp), uh = utile_h(cpp);
	uint32_t in_utile = ((y % uh) * uw + x % uw) * cpp;
	if (t->type == 16)
		return y * align_up(w, uw) * cpp + x * cpp;
	if (level_is_lt(t, w, h))
		return ((y / uh) * (align_up(w, uw) / uw) + x / uw) * 64 + in_utile;
	static const uint8_t sub_even[4] = { 0, 3, 1, 2 }, sub_odd[4] = { 2, 1, 3, 0 };
	uint32_t per_row = align_up(w, 8 * uw) / (8 * uw);
	uint32_t tx = x / (8 * uw), ty = y / (8 * uh);
	uint32_t col = (ty & 1) ? per_row - 1 - tx : tx;
	uint32_t sxy = ((y / (4 * uh)) & 1) * 2 + ((x / (4 * uw)) & 1);
	uint32_t sub = (ty & 1) ? sub_odd[sxy] : sub_even[sxy];
	return (ty * per_row + col) * 4096 + sub * 1024 + (((y / uh) % 4) * 4 + (x / uw) % 4) * 64 +
	       in_utile;
}

/* Applies a wrap mode to integer texel coordinate c in [0, size). */
static uint32_t wrap(enum vc4_texture_wrap_mode mode, int64_t c, uint32_t size)
{
	int64_t n = size;
	switch (mode) {
	case VC4_TEXTURE_WRAP_MODE_REPEAT:
		return (uint32_t)(((c % n) + n) % n);
	case VC4_TEXTURE_WRAP_MODE_MIRROR: {
		int64_t m = ((c % (2 * n)) + 2 * n) % (2 * n);
		return (uint32_t)(m < n ? m : 2 * n - 1 - m);
	}
	default: /* clamp; border is refused in tmu_config() */
		return (uint32_t)(c < 0 ? 0 : c >= n ? n - 1 : c);
	}
}

/* Reads texel (x, y) of `level` (already wrapped). */
static bool fetch(struct sim_pipe *p, const struct tmu_tex *t, uint32_t level, uint32_t x,
		  uint32_t y, uint32_t *out, struct vc4_diag *diag)
{
	uint64_t addr = t->base;
	uint32_t w = t->width, h = t->height;
	for (uint32_t l = 1; l <= level; l++) {
		w = w > 1 ? w / 2 : 1;
		h = h > 1 ? h / 2 : 1;
		addr -= level_size(t, w, h);
	}
	if (t->flip_y)
		y = h - 1 - y;
	addr += texel_offset(t, w, h, x, y);
	const uint8_t *src = addr > UINT32_MAX ? NULL :
		sim_memory_ptr(p->mem, (uint32_t)addr, t->fmt->cpp);
	if (!src)
		return vc4_diag_set(diag, "texel (%u,%u) of level %u at 0x%08llx outside memory",
				    x, y, level, (unsigned long long)addr);
	uint32_t raw = 0;
	memcpy(&raw, src, t->fmt->cpp);
	*out = decode_texel(t->fmt, raw);
	return true;
}

static uint32_t level_dim(uint32_t d, uint32_t level)
{
	d >>= level;
	return d ? d : 1;
}

/* floor(v) as an integer; NaN reads as 0 and huge values saturate (the
 * wrap makes any of them a valid texel). */
static int64_t ifloor(double v)
{
	if (!(v > -1e15))
		return v < 0 ? (int64_t)-1e15 : 0;
	if (v > 1e15)
		return (int64_t)1e15;
	return (int64_t)floor(v);
}

/* Bilinear or nearest sample of one level at (s, t) in [0, 1] units. */
static bool sample_level(struct sim_pipe *p, const struct tmu_tex *t, uint32_t level, bool linear,
			 float s, float tt, uint32_t *out, struct vc4_diag *diag)
{
	uint32_t w = level_dim(t->width, level), h = level_dim(t->height, level);
	double u = (double)s * w, v = (double)tt * h;
	if (!linear) {
		return fetch(p, t, level, wrap(t->p1.s_wrap_mode, ifloor(u), w),
			     wrap(t->p1.t_wrap_mode, ifloor(v), h), out, diag);
	}
	u -= 0.5;
	v -= 0.5;
	int64_t x0 = ifloor(u), y0 = ifloor(v);
	double fu = u - (double)x0, fv = v - (double)y0;
	fu = fu >= 0 && fu <= 1 ? fu : 0;
	fv = fv >= 0 && fv <= 1 ? fv : 0;
	double acc[4] = { 0, 0, 0, 0 };
	for (int k = 0; k < 4; k++) {
		uint32_t texel;
		int64_t x = x0 + (k & 1), y = y0 + (k >> 1);
		if (!fetch(p, t, level, wrap(t->p1.s_wrap_mode, x, w),
			   wrap(t->p1.t_wrap_mode, y, h), &texel, diag))
			return false;
		double wt = ((k & 1) ? fu : 1 - fu) * ((k >> 1) ? fv : 1 - fv);
		for (int c = 0; c < 4; c++)
			acc[c] += wt * ((texel >> (8 * c)) & 0xff);
	}
	*out = 0;
	for (int c = 0; c < 4; c++)
		*out |= (uint32_t)lround(acc[c]) << (8 * c);
	return true;
}

/* Decodes P0 and P1: the configuration uniforms the first two parameter
 * writes popped. */
static bool tmu_config(struct sim_qpu *q, const struct sim_tmu_write *wr, struct tmu_tex *t,
		       struct vc4_diag *diag)
{
	uint32_t w[2] = { wr[0].config, wr[1].config };
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0;
	VC4_TEXTURE_CONFIG_PARAMETER_0_unpack((const uint8_t *)&w[0], &p0);
	VC4_TEXTURE_CONFIG_PARAMETER_1_unpack((const uint8_t *)&w[1], &t->p1);
	t->type = p0.texture_data_type | (t->p1.texture_data_type_extended ? 16 : 0);
	t->fmt = &pipe_tmu_formats[t->type < 17 ? t->type : 0];
	if (t->type >= 17 || !t->fmt->name)
		return vc4_diag_set(diag, "ip %u: texture type %u is not modelled", q->ip, t->type);
	if (p0.cube_map_mode)
		return vc4_diag_set(diag, "ip %u: cube maps are not modelled", q->ip);
	if (t->p1.s_wrap_mode == VC4_TEXTURE_WRAP_MODE_BORDER ||
	    t->p1.t_wrap_mode == VC4_TEXTURE_WRAP_MODE_BORDER)
		return vc4_diag_set(diag, "ip %u: border wrap is not modelled", q->ip);
	t->base = p0.texture_base_pointer.offset;
	t->levels = p0.number_of_mipmap_levels_minus_1 + 1;
	t->width = t->p1.image_width ? t->p1.image_width : 2048;
	t->height = t->p1.image_height ? t->p1.image_height : 2048;
	t->flip_y = p0.flip_texture_y_axis;
	return true;
}

/* Level of detail of lane i from its quad's neighbours (lane ^ 1 across x,
 * lane ^ 2 across y). */
static float lane_lod(const struct tmu_tex *t, const float *s, const float *tt, unsigned i)
{
	float dsx = (s[i ^ 1] - s[i]) * t->width, dtx = (tt[i ^ 1] - tt[i]) * t->height;
	float dsy = (s[i ^ 2] - s[i]) * t->width, dty = (tt[i ^ 2] - tt[i]) * t->height;
	float rho = fmaxf(sqrtf(dsx * dsx + dtx * dtx), sqrtf(dsy * dsy + dty * dty));
	return rho > 0 ? log2f(rho) : -100.0f;
}

bool pipe_tmu_sample(struct sim_pipe *p, struct sim_qpu *q, const struct sim_tmu_write *w,
		     unsigned n, uint32_t result[16], struct vc4_diag *diag)
{
	struct tmu_tex t;
	if (n != 2 || w[0].param != SIM_TMU_T)
		return vc4_diag_set(diag, "ip %u: texture request with %u parameter writes: only "
				    "2D (t, s) lookups are modelled", q->ip, n);
	if (!tmu_config(q, w, &t, diag))
		return false;
	float s[16], tt[16];
	memcpy(s, w[1].val, sizeof(s));
	memcpy(tt, w[0].val, sizeof(tt));
	for (unsigned i = 0; i < 16; i++) {
		float lod = lane_lod(&t, s, tt, i);
		uint32_t f = t.p1.minification_filter;
		bool linear = lod <= 0 ? t.p1.magnification_filter == 0 : f == 0 || f >= 4;
		uint32_t level = 0;
		if (lod > 0 && f >= 2) {
			float l = (f == 2 || f == 4) ? floorf(lod + 0.5f) : floorf(lod);
			level = l < 0 ? 0 : l >= (float)(t.levels - 1) ? t.levels - 1 : (uint32_t)l;
		}
		if (!sample_level(p, &t, level, linear, s[i], tt[i], &result[i], diag))
			return false;
	}
	return true;
}
