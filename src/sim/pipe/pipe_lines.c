/*
 * pipe_lines.c: points and lines as screen-space quads: a point is a square
 * of its size centred on the vertex; a line is the segment widened by its
 * width across its minor axis (a parallelogram, as GL's non-antialiased wide
 * lines). The binner takes the corners for the tiles a point or line
 * touches; the render thread rasterises the quad as two triangles whose
 * corners keep their vertex's depth, 1/Wc and varyings, and carry the
 * varyings the hardware generates for them (docs/pipeline.md, "Points and
 * lines"): a point's (s, t), s from 0 at its left edge to 1 at its right
 * edge, t from 0 at its bottom edge (the larger y: rows grow downwards) to
 * 1 at its top edge, as Mesa reads them; a line's coordinate, 0 at its
 * first vertex and 1 at its second.
 */
#include <math.h>

#include "sim/pipe/pipe_internal.h"

/* Half of `pixels` in 1/16 pixel, within [1/16, 1024] pixels (NaN: 1/16). */
static int32_t half16(float pixels)
{
	double h = pixels * 8.0;
	return !(h >= 1.0) ? 1 : h > 16384.0 ? 16384 : (int32_t)lrint(h);
}

float pipe_point_size(const struct pipe_state *s, const struct pipe_shader_rec *rec,
		      const struct pipe_vertex *v)
{
	return rec->r.point_size_included_in_shaded_vertex_data ? v->point_size : s->point_size;
}

/* Corner signs of a point square, in polygon order from the upper left. */
static const int8_t point_sx[4] = { -1, 1, 1, -1 }, point_sy[4] = { -1, -1, 1, 1 };

void pipe_point_corners(const struct pipe_vertex *v, float size, int32_t x[4], int32_t y[4])
{
	int32_t h = half16(size);
	for (int i = 0; i < 4; i++) {
		x[i] = v->xs + point_sx[i] * h;
		y[i] = v->ys + point_sy[i] * h;
	}
}

/* The four corners (1/16 pixel) of the quad that draws a line from
 * (ax, ay) to (bx, by) `width` pixels wide, offset across its minor axis.
 * Returns false for a line of zero length. */
bool pipe_line_corners(int32_t ax, int32_t ay, int32_t bx, int32_t by, float width, int32_t x[4],
		       int32_t y[4])
{
	int32_t dx = bx - ax, dy = by - ay;
	if (dx == 0 && dy == 0)
		return false;
	int32_t h = half16(width);
	bool x_major = (dx < 0 ? -dx : dx) >= (dy < 0 ? -dy : dy);
	int32_t ox = x_major ? 0 : h, oy = x_major ? h : 0;
	x[0] = ax - ox; y[0] = ay - oy;
	x[1] = bx - ox; y[1] = by - oy;
	x[2] = bx + ox; y[2] = by + oy;
	x[3] = ax + ox; y[3] = ay + oy;
	return true;
}

/* Rasterises quad q (polygon order) as the triangles (0, 1, 2), (0, 2, 3). */
static bool draw_quad(struct sim_pipe *p, const struct pipe_state *s,
		      const struct pipe_shader_rec *rec, const struct pipe_vertex q[4])
{
	const struct pipe_vertex *t0[3] = { &q[0], &q[1], &q[2] };
	const struct pipe_vertex *t1[3] = { &q[0], &q[2], &q[3] };
	return pipe_draw_triangle(p, s, rec, t0) && pipe_draw_triangle(p, s, rec, t1);
}

/* Draws point v as the quad of its size's square (draw_quad()), with the
 * generated point coordinates (s, t) at the corners. Returns false with p->diag set
 * when a fragment shader run fails. */
bool pipe_draw_point(struct sim_pipe *p, const struct pipe_state *s,
		     const struct pipe_shader_rec *rec, const struct pipe_vertex *v)
{
	int32_t x[4], y[4];
	pipe_point_corners(v, pipe_point_size(s, rec, v), x, y);
	struct pipe_vertex q[4];
	for (int i = 0; i < 4; i++) {
		q[i] = *v;
		q[i].xs = x[i];
		q[i].ys = y[i];
		q[i].coord[0] = point_sx[i] > 0 ? 1.0f : 0.0f;
		q[i].coord[1] = point_sy[i] > 0 ? 0.0f : 1.0f; /* t grows upwards */
	}
	return draw_quad(p, s, rec, q);
}

bool pipe_draw_line(struct sim_pipe *p, const struct pipe_state *s,
		    const struct pipe_shader_rec *rec, const struct pipe_vertex *a,
		    const struct pipe_vertex *b)
{
	int32_t x[4], y[4];
	if (!pipe_line_corners(a->xs, a->ys, b->xs, b->ys, s->line_width, x, y))
		return true;
	struct pipe_vertex q[4] = { *a, *b, *b, *a };
	for (int i = 0; i < 4; i++) {
		q[i].xs = x[i];
		q[i].ys = y[i];
	}
	return draw_quad(p, s, rec, q);
}
