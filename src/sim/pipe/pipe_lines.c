/*
 * pipe_lines.c: points and lines as screen-space quads for the binner:
 * a point is a square of its size centred on the vertex; a line is the
 * segment widened by its width across its minor axis (a parallelogram, as
 * GL's non-antialiased wide lines). Corners keep the vertex's depth, 1/Wc
 * and (through their weights) its varyings.
 */
#include <math.h>

#include "sim/pipe/pipe_internal.h"

/* A corner at (xs + dx, ys + dy) of vertex v with weights (w0, w1, 0). */
static struct pipe_clip_vert corner(const struct pipe_vertex *v, int32_t dx, int32_t dy, float w0,
				    float w1)
{
	return (struct pipe_clip_vert){
		.xs = v->xs + dx, .ys = v->ys + dy, .zs = v->zs, .inv_wc = v->inv_wc,
		.b = { w0, w1, 0 },
	};
}

/* Half of `pixels` in 1/16 pixel, within [1/16, 1024] pixels (NaN: 1/16). */
static int32_t half16(float pixels)
{
	double h = pixels * 8.0;
	return !(h >= 1.0) ? 1 : h > 16384.0 ? 16384 : (int32_t)lrint(h);
}

void pipe_point_quad(const struct pipe_vertex *v, float size, struct pipe_clip_vert q[4])
{
	int32_t h = half16(size);
	q[0] = corner(v, -h, -h, 1, 0);
	q[1] = corner(v, h, -h, 1, 0);
	q[2] = corner(v, h, h, 1, 0);
	q[3] = corner(v, -h, h, 1, 0);
}

bool pipe_line_quad(const struct pipe_vertex *a, const struct pipe_vertex *b, float width,
		    struct pipe_clip_vert q[4])
{
	int32_t dx = b->xs - a->xs, dy = b->ys - a->ys;
	if (dx == 0 && dy == 0)
		return false;
	int32_t h = half16(width);
	bool x_major = (dx < 0 ? -dx : dx) >= (dy < 0 ? -dy : dy);
	int32_t ox = x_major ? 0 : h, oy = x_major ? h : 0;
	q[0] = corner(a, -ox, -oy, 1, 0);
	q[1] = corner(b, -ox, -oy, 0, 1);
	q[2] = corner(b, ox, oy, 0, 1);
	q[3] = corner(a, ox, oy, 1, 0);
	return true;
}
