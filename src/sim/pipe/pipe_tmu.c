/*
 * pipe_tmu.c: texture requests of the TMU hook: which parameter write is
 * which (s, t, r, b) and the configuration words P0..P3 they popped; cube
 * map face selection; the level of detail of each 2x2 quad, LOD bias and
 * explicit LOD; the choice between the magnification and minification
 * filters, mip level selection and blending between two levels. Texels
 * and layouts are pipe_tmu_texel.c's, wrapping and filtering inside one
 * level pipe_tmu_filter.c's (docs/pipeline.md, "Textures").
 */
#include <math.h>
#include <string.h>

#include "sim/pipe/pipe_tmu.h"

void sim_pipe_set_tmu_options(struct sim_pipe *p, const struct sim_pipe_tmu_options *opt)
{
	p->tmu_opt = *opt;
}

/* A request's writes by parameter (NULL when not written) and its P0..P3. */
struct tmu_req {
	const uint32_t *s, *t, *r, *b;
	uint32_t p[4];
	unsigned n;
	bool bslod;    /* "Disable automatic LOD, use bias only" */
};

/* Sorts the writes by parameter; each at most once, t always. */
static bool parse_writes(const struct sim_qpu *q, const struct sim_tmu_write *w, unsigned n,
			 struct tmu_req *req, struct vc4_diag *diag)
{
	static const char *const names[4] = { "s", "t", "r", "b" };
	memset(req, 0, sizeof(*req));
	req->n = n;
	for (unsigned k = 0; k < n && k < 4; k++) {
		const uint32_t **slot[4] = { &req->s, &req->t, &req->r, &req->b };
		const uint32_t **dst = slot[w[k].param & 3];
		if (*dst)
			return vc4_diag_set(diag, "ip %u: texture request writes %s twice", q->ip,
					    names[w[k].param & 3]);
		*dst = w[k].val;
		req->p[k] = w[k].config;
	}
	if (!req->t)
		return vc4_diag_set(diag, "ip %u: texture request without a t coordinate", q->ip);
	return true;
}

/* P2 and P3 (when written): the cube map stride and the bias-only flag
 * from the first of them whose parameter type is 1; child images (types 2
 * and 3) are not modelled. */
static bool decode_p23(const struct sim_qpu *q, struct tmu_req *req, struct tmu_tex *t,
		       struct vc4_diag *diag)
{
	bool found = false;
	for (unsigned k = 2; k < req->n; k++) {
		struct VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE c;
		VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE_unpack((const uint8_t *)&req->p[k],
									  &c);
		if (c.parameter_type >= 2)
			return vc4_diag_set(diag, "ip %u: texture P%u: child images are not "
					    "modelled (0x%08x)", q->ip, k, req->p[k]);
		if (c.parameter_type == 1 && !found) {
			found = true;
			t->cube_stride = c.cube_map_stride << 12;
			req->bslod = c.disable_automatic_lod_use_bias_only;
		}
	}
	return true;
}

/* P0 and P1 (the first two writes' words), then P2/P3. */
static bool decode_config(const struct sim_qpu *q, struct tmu_req *req, struct tmu_tex *t,
			  struct vc4_diag *diag)
{
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0;
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1;
	VC4_TEXTURE_CONFIG_PARAMETER_0_unpack((const uint8_t *)&req->p[0], &p0);
	VC4_TEXTURE_CONFIG_PARAMETER_1_unpack((const uint8_t *)&req->p[1], &p1);
	memset(t, 0, sizeof(*t));
	t->type = p0.texture_data_type | (p1.texture_data_type_extended ? 16 : 0);
	t->fmt = tmu_format(t->type);
	t->texel = tiling_texel_type(t->type);
	if (!t->fmt)
		return vc4_diag_set(diag, "ip %u: texture type %u (%s) is not modelled", q->ip,
				    t->type, t->texel ? t->texel->name : "reserved");
	if (p1.minification_filter > 5)
		return vc4_diag_set(diag, "ip %u: reserved minification filter %u", q->ip,
				    p1.minification_filter);
	t->word = tmu_format_word(t->fmt, t->texel->cpp, &t->word_or);
	t->base = p0.texture_base_pointer.offset;
	t->levels = p0.number_of_mipmap_levels_minus_1 + 1;
	t->width = p1.image_width ? p1.image_width : 2048;
	t->height = p1.image_height ? p1.image_height : 2048;
	t->flip_y = p0.flip_texture_y_axis;
	t->etc_flip = p1.flip_etc_y;
	t->wrap_s = p1.s_wrap_mode;
	t->wrap_t = p1.t_wrap_mode;
	t->min_filter = p1.minification_filter;
	t->mag_filter = p1.magnification_filter;
	if (!decode_p23(q, req, t, diag))
		return false;
	if (p0.cube_map_mode && (!req->r || !t->cube_stride))
		return vc4_diag_set(diag, "ip %u: cube map request without %s", q->ip,
				    req->r ? "a cube map stride in P2/P3" : "an r coordinate");
	if (!p0.cube_map_mode)
		t->cube_stride = 0;
	return true;
}

/* Cube faces +X, -X, +Y, -Y, +Z, -Z (Mesa's layer order): s and t are
 * ±x, ±y or ±z over the major axis (GL ES 2.0, table 3.21). */
static const struct {
	uint8_t sc, tc;        /* axis 0..2 */
	int8_t sc_sign, tc_sign;
} cube_faces[6] = {
	{ 2, 1, -1, -1 }, { 2, 1, 1, -1 }, { 0, 2, 1, 1 },
	{ 0, 2, 1, -1 }, { 0, 1, 1, -1 }, { 0, 1, -1, -1 },
};

/* The face of direction d: the axis of largest magnitude (x, then y, on
 * ties), its sign. */
static uint32_t cube_face(const float d[3])
{
	float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
	uint32_t axis = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
	return axis * 2 + (d[axis] < 0);
}

/* (s, t) of direction d on `face`, 0..1 across the face. */
static void cube_coords(const float d[3], uint32_t face, double *s, double *t)
{
	double ma = fabs((double)d[face / 2]);
	*s = (cube_faces[face].sc_sign * (double)d[cube_faces[face].sc] / ma + 1) / 2;
	*t = (cube_faces[face].tc_sign * (double)d[cube_faces[face].tc] / ma + 1) / 2;
}

/* Per lane: the face and the (s, t) on it; for cube maps also the (s, t)
 * of the lane's direction projected on the face of its quad's lane 0,
 * from which the quad's level of detail comes. */
struct tmu_lanes {
	uint32_t face[16];
	double s[16], t[16];
	double ls[16], lt[16];
	/* the last level looked up (sample_level()): lanes share it */
	bool have_level;
	uint32_t level_face, level_num;
	struct tmu_level level;
};

/* Each lane's coordinates from the request: (s, t) for 2D; for a cube
 * map its face and the face's (s, t), and for the level of detail the
 * coordinates on the face of the quad's first lane. */
static void lane_coords(const struct tmu_req *req, bool cube, struct tmu_lanes *c)
{
	for (unsigned i = 0; i < 16; i++) {
		float d[3];
		memcpy(&d[0], &req->s[i], 4);
		memcpy(&d[1], &req->t[i], 4);
		if (!cube) {
			c->face[i] = 0;
			c->s[i] = c->ls[i] = d[0];
			c->t[i] = c->lt[i] = d[1];
			continue;
		}
		memcpy(&d[2], &req->r[i], 4);
		c->face[i] = cube_face(d);
		cube_coords(d, c->face[i], &c->s[i], &c->t[i]);
		cube_coords(d, c->face[i & ~3u], &c->ls[i], &c->lt[i]);
	}
}

/* The level of detail of the quad whose lane 0 is q0: log2 of the longer
 * texel-space step across x (lane 1 - lane 0) or y (lane 2 - lane 0) on
 * level 0 (GL ES 2.0 §3.7.7); -64 for no step, NaN or infinities. With
 * sign_only (no bias: only lod > 0 matters when it is not), 0 stands for
 * any lod <= 0 without calling log2 (log2 of a step <= 1 is <= 0: libm's
 * error, a few ulps, cannot change a sign). */
static double quad_lod(const struct tmu_tex *t, const struct tmu_lanes *c, unsigned q0,
		       bool sign_only)
{
	double dsx = (c->ls[q0 + 1] - c->ls[q0]) * t->width;
	double dtx = (c->lt[q0 + 1] - c->lt[q0]) * t->height;
	double dsy = (c->ls[q0 + 2] - c->ls[q0]) * t->width;
	double dty = (c->lt[q0 + 2] - c->lt[q0]) * t->height;
	double rho = fmax(sqrt(dsx * dsx + dtx * dtx), sqrt(dsy * dsy + dty * dty));
	if (sign_only && rho <= 1)
		return 0; /* log2 <= 0: magnification whatever its value */
	double lod = log2(rho);
	return lod > -64 && lod < 64 ? lod : lod >= 64 ? 64 : -64;
}

/* One lane's lookup in `level` of its face. */
static bool sample_level(struct sim_pipe *p, const struct tmu_tex *t, struct tmu_lanes *c,
			 unsigned i, uint32_t level, bool linear, uint32_t border, uint32_t *out,
			 struct vc4_diag *diag)
{
	if (!c->have_level || c->level_face != c->face[i] || c->level_num != level) {
		tmu_level(t, c->face[i], level, &c->level);
		c->have_level = true;
		c->level_face = c->face[i];
		c->level_num = level;
	}
	return tmu_filter(p, t, &c->level, linear, c->s[i], c->t[i], border, out, diag);
}

/* Blends two results channel by channel: (1 - f)·a + f·b, rounded. */
static uint32_t blend(uint32_t a, uint32_t b, double f)
{
	uint32_t out = 0;
	for (int k = 0; k < 4; k++) {
		double va = (a >> (8 * k)) & 0xff, vb = (b >> (8 * k)) & 0xff;
		out |= (uint32_t)tmu_lround(va + f * (vb - va)) << (8 * k);
	}
	return out;
}

/* One lane at level of detail `lod`: the magnification filter at level 0
 * when lod <= 0, else the minification filter: level 0 only (LINEAR,
 * NEAREST), the nearest level (MIP_NEAR: ceil(lod + 1/2) - 1), or the two
 * levels around lod blended by its fraction (MIP_LIN). */
static bool sample_lane(struct sim_pipe *p, const struct tmu_tex *t, struct tmu_lanes *c,
			unsigned i, double lod, uint32_t border, uint32_t *out,
			struct vc4_diag *diag)
{
	uint32_t f = t->min_filter, last = t->levels - 1;
	if (!(lod > 0))
		return sample_level(p, t, c, i, 0, t->mag_filter == 0, border, out, diag);
	bool linear = f == 0 || f == 4 || f == 5;
	if (f <= 1)
		return sample_level(p, t, c, i, 0, linear, border, out, diag);
	if (f == 2 || f == 4) {
		double d = lod <= 0.5 ? 0 : ceil(lod + 0.5) - 1;
		uint32_t level = d >= last ? last : (uint32_t)d;
		return sample_level(p, t, c, i, level, linear, border, out, diag);
	}
	if (lod >= last)
		return sample_level(p, t, c, i, last, linear, border, out, diag);
	uint32_t d = (uint32_t)floor(lod), lo, hi;
	if (!sample_level(p, t, c, i, d, linear, border, &lo, diag) ||
	    !sample_level(p, t, c, i, d + 1, linear, border, &hi, diag))
		return false;
	*out = blend(lo, hi, lod - floor(lod));
	return true;
}

/* The level of detail of lane i: the quad's plus the bias b, or b alone
 * with the bias-only flag; at the configured precision. */
static double lane_lod(const struct sim_pipe *p, const struct tmu_req *req, double quad,
		       unsigned i)
{
	float b = 0;
	if (req->b)
		memcpy(&b, &req->b[i], 4);
	double lod = req->bslod ? b : quad + b;
	lod = lod > -64 && lod < 64 ? lod : lod >= 64 ? 64 : -64;
	return tmu_quantise(p->tmu_opt.lod, lod);
}

/* The 16 result lanes into the TMU FIFO slot as pipe_store_lanes() stores
 * them (the run's ldtmu loads them soon after as 32-byte vectors). */
PIPE_CLONES
static void put_result(uint32_t dst[16], const uint32_t res[16])
{
	pipe_store_lanes(dst, res);
}

/* A texture request (contract in pipe_internal.h): decodes its writes and
 * configuration, then samples each lane at its quad's level of detail.
 * Returns false with diag set for a malformed request or a texel outside
 * memory. */
bool pipe_tmu_sample(struct sim_pipe *p, struct sim_qpu *q, const struct sim_tmu_write *w,
		     unsigned n, uint32_t result_out[16], struct vc4_diag *diag)
{
	uint32_t result[16];
	struct tmu_req req;
	struct tmu_tex t;
	if (n < 2 || n > 4)
		return vc4_diag_set(diag, "ip %u: texture request with %u parameter writes", q->ip,
				    n);
	if (!parse_writes(q, w, n, &req, diag) || !decode_config(q, &req, &t, diag))
		return false;
	struct tmu_lanes c;
	c.have_level = false;
	lane_coords(&req, t.cube_stride != 0, &c);
	for (unsigned q0 = 0; q0 < 16; q0 += 4) {
		double quad = quad_lod(&t, &c, q0, !req.b);
		/* without a bias the lanes' level of detail is the quad's (or 0
		 * with bias-only): when it is not above 0, sample_lane() takes
		 * the magnification filter at level 0 */
		bool mag = !req.b && (req.bslod || !(quad > 0));
		for (unsigned i = q0; i < q0 + 4; i++) {
			/* r is the border colour unless it is the cube's third axis */
			uint32_t border = req.r && !t.cube_stride ? req.r[i] : 0;
			if (mag ? !sample_level(p, &t, &c, i, 0, t.mag_filter == 0, border,
						&result[i], diag)
				: !sample_lane(p, &t, &c, i, lane_lod(p, &req, quad, i), border,
					       &result[i], diag))
				return false;
		}
	}
	put_result(result_out, result);
	return true;
}
