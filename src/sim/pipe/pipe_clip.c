/*
 * pipe_clip.c: the binner's primitive filter and clipper. Classifies a
 * triangle against the clip volume in homogeneous clip coordinates (near and
 * far z planes, and an x/y guard band that keeps screen coordinates inside
 * their 16-bit 12.4 range); rejects it, accepts it as it is, or clips it to a
 * polygon whose vertices are combinations of the original three (weights b,
 * so varyings can be recombined at render time) with their own screen
 * coordinates from the Clipper XY / Z scaling state. Lines are clipped
 * against the same planes (their endpoints move along the line, with
 * weights of the original two). Also zero-area and face culling, and which
 * way a triangle faces.
 */
#include <math.h>

#include "sim/pipe/pipe_internal.h"

#define CLIP_PLANES 6
#define CLIP_EPSILON 1e-6   /* w of a clipped vertex at least this */

/* Signed distance of clip-space point (x, y, z, w) to plane k (inside when
 * >= 0): z >= -w, z <= w, w >= eps, |x| <= g*w, |y| <= g*w. */
static double plane_dist(const struct pipe_state *s, int k, const double c[4])
{
	double gx = s->xy_scale_x != 0 ? 32000.0 / fabs(s->xy_scale_x) : 1e30;
	double gy = s->xy_scale_y != 0 ? 32000.0 / fabs(s->xy_scale_y) : 1e30;
	switch (k) {
	case 0: return c[2] + c[3];
	case 1: return c[3] - c[2];
	case 2: return c[3] - CLIP_EPSILON;
	case 3: return gx * c[3] - c[0];
	case 4: return gx * c[3] + c[0];
	default: return gy * c[3] - (k == 5 ? c[1] : -c[1]);
	}
}

/* A polygon vertex: clip coordinates and weights of the original three. */
struct poly_vert {
	double c[4];
	double b[3];
};

/* Clips `in` (n vertices) against plane k into `out`; returns the count. */
static uint32_t clip_plane(const struct pipe_state *s, int k, const struct poly_vert *in,
			   uint32_t n, struct poly_vert *out)
{
	uint32_t m = 0;
	for (uint32_t i = 0; i < n; i++) {
		const struct poly_vert *a = &in[i], *b = &in[(i + 1) % n];
		double da = plane_dist(s, k, a->c), db = plane_dist(s, k, b->c);
		if (da >= 0)
			out[m++] = *a;
		if ((da >= 0) != (db >= 0)) {
			double t = da / (da - db);
			struct poly_vert *o = &out[m++];
			for (int j = 0; j < 4; j++)
				o->c[j] = a->c[j] + t * (b->c[j] - a->c[j]);
			for (int j = 0; j < 3; j++)
				o->b[j] = a->b[j] + t * (b->b[j] - a->b[j]);
		}
	}
	return m;
}

/* A 12.4 screen coordinate from a clipped vertex's exact one, kept inside
 * what the binner and the rasteriser handle (±2^24, as the render side
 * clamps tile-list coordinates); NaN gives 0. A Clipper XY Scaling of any
 * float cannot overflow the conversion. */
static int32_t screen_fixed(double v)
{
	const double lim = 16777216.0;
	return !(v == v) ? 0 : v < -lim ? -(int32_t)lim : v > lim ? (int32_t)lim :
		(int32_t)lrint(v);
}

/* Screen coordinates of a clipped vertex (relative to the viewport centre,
 * as the shaders write them). */
static void to_screen(const struct pipe_state *s, const struct poly_vert *v,
		      struct pipe_clip_vert *o)
{
	double iw = 1.0 / v->c[3];
	o->xs = screen_fixed(v->c[0] * iw * s->xy_scale_x);
	o->ys = screen_fixed(v->c[1] * iw * s->xy_scale_y);
	o->zs = pipe_to_float(v->c[2] * iw * s->z_scale + s->z_offset);
	o->inv_wc = pipe_to_float(iw);
	for (int j = 0; j < 3; j++)
		o->b[j] = (float)v->b[j];
}

/* Bit k set when vertex v is outside plane k. NaN coordinates count as
 * outside every plane. */
static unsigned outcode(const struct pipe_state *s, const struct pipe_vertex *v)
{
	const double c[4] = { v->xc, v->yc, v->zc, v->wc };
	unsigned code = 0;
	for (int k = 0; k < CLIP_PLANES; k++)
		if (!(plane_dist(s, k, c) >= 0))
			code |= 1u << k;
	return code;
}

/* Clips triangle v against the clip planes when `clipping`: rejects it
 * when all vertices are outside one plane, accepts it untouched when all
 * are inside, else writes the clipped polygon's *n vertices to poly. */
enum pipe_clip_result pipe_clip(const struct pipe_state *s, bool clipping,
				const struct pipe_vertex *v[3], struct pipe_clip_vert *poly,
				uint32_t *n)
{
	*n = 0;
	if (!clipping)
		return PIPE_CLIP_ACCEPT;
	unsigned c0 = outcode(s, v[0]), c1 = outcode(s, v[1]), c2 = outcode(s, v[2]);
	if (c0 & c1 & c2)
		return PIPE_CLIP_REJECT;
	if (!(c0 | c1 | c2))
		return PIPE_CLIP_ACCEPT;
	struct poly_vert a[3 + CLIP_PLANES], b[3 + CLIP_PLANES];
	for (int i = 0; i < 3; i++)
		a[i] = (struct poly_vert){ { v[i]->xc, v[i]->yc, v[i]->zc, v[i]->wc },
					   { i == 0, i == 1, i == 2 } };
	uint32_t m = 3;
	for (int k = 0; k < CLIP_PLANES && m; k++) {
		m = clip_plane(s, k, a, m, b);
		for (uint32_t i = 0; i < m; i++)
			a[i] = b[i];
	}
	if (m < 3)
		return PIPE_CLIP_REJECT;
	for (uint32_t i = 0; i < m; i++)
		to_screen(s, &a[i], &poly[i]);
	*n = m;
	return PIPE_CLIP_CLIPPED;
}

/* The vertex of segment a-b at parameter t, weights (1 - t, t, 0). */
static struct poly_vert at_param(const double a[4], const double b[4], double t)
{
	struct poly_vert o = { .b = { 1.0 - t, t, 0.0 } };
	for (int j = 0; j < 4; j++)
		o.c[j] = a[j] + t * (b[j] - a[j]);
	return o;
}

/* Clips line a-b against the clip planes when `clipping`: rejected when
 * both ends are outside one plane, accepted when both are inside, else the
 * clipped ends in e. */
enum pipe_clip_result pipe_clip_line(const struct pipe_state *s, bool clipping,
				     const struct pipe_vertex *a, const struct pipe_vertex *b,
				     struct pipe_clip_vert e[2])
{
	if (!clipping)
		return PIPE_CLIP_ACCEPT;
	unsigned ca = outcode(s, a), cb = outcode(s, b);
	if (ca & cb)
		return PIPE_CLIP_REJECT;
	if (!(ca | cb))
		return PIPE_CLIP_ACCEPT;
	const double ac[4] = { a->xc, a->yc, a->zc, a->wc }, bc[4] = { b->xc, b->yc, b->zc, b->wc };
	double t0 = 0.0, t1 = 1.0;
	for (int k = 0; k < CLIP_PLANES; k++) {
		double da = plane_dist(s, k, ac), db = plane_dist(s, k, bc);
		if (da >= 0 && db >= 0)
			continue;
		double t = da / (da - db);
		if (!(t >= 0.0 && t <= 1.0)) /* both outside, or NaN */
			return PIPE_CLIP_REJECT;
		if (da >= 0)
			t1 = t < t1 ? t : t1;
		else
			t0 = t > t0 ? t : t0;
	}
	if (!(t0 < t1))
		return PIPE_CLIP_REJECT;
	struct poly_vert v0 = at_param(ac, bc, t0), v1 = at_param(ac, bc, t1);
	to_screen(s, &v0, &e[0]);
	to_screen(s, &v1, &e[1]);
	return PIPE_CLIP_CLIPPED;
}

/* Twice the signed area of a triangle on its 12.4 screen coordinates. */
static int64_t area2(const int32_t x[3], const int32_t y[3])
{
	return (int64_t)(x[1] - x[0]) * (y[2] - y[0]) - (int64_t)(x[2] - x[0]) * (y[1] - y[0]);
}

bool pipe_forward_facing(const struct pipe_state *s, const int32_t x[3], const int32_t y[3])
{
	/* "Clockwise" is negative area on (x, y) as the screen coordinates
	 * give them (Mesa sets the bit for GL's counter-clockwise front with its
	 * y-flipped viewport). */
	int64_t a = area2(x, y);
	return s->cfg.clockwise_primitives ? a < 0 : a > 0;
}

bool pipe_face_keep(const struct pipe_state *s, bool cull, const int32_t x[3], const int32_t y[3])
{
	if (area2(x, y) == 0)
		return false;
	if (!cull)
		return true;
	return pipe_forward_facing(s, x, y) ? s->cfg.enable_forward_facing_primitive :
		s->cfg.enable_reverse_facing_primitive;
}

bool pipe_clip_vertex_inside(const struct pipe_vertex *v)
{
	return v->wc >= CLIP_EPSILON && v->zc >= -v->wc && v->zc <= v->wc;
}
