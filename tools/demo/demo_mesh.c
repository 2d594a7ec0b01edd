/*
 * demo_mesh.c: the demo's meshes (a cube with a normal and texture
 * coordinate per face corner, a torus with smooth normals), their upload
 * to a vertex and an index buffer, and the indexed draw.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"

static bool mesh_alloc(struct demo_mesh *m, uint32_t vertices, uint32_t indices)
{
	m->vertices = calloc((size_t)vertices * DEMO_VERTEX_FLOATS, sizeof(float));
	m->indices = calloc(indices, sizeof(uint16_t));
	m->num_vertices = vertices;
	m->num_indices = indices;
	if (m->vertices && m->indices)
		return true;
	demo_mesh_free(m);
	return false;
}

void demo_mesh_free(struct demo_mesh *m)
{
	free(m->vertices);
	free(m->indices);
	memset(m, 0, sizeof(*m));
}

/* Vertex `i`: position, normal, texture coordinate. */
static void put_vertex(struct demo_mesh *m, uint32_t i, const double p[3], const double n[3],
		       double u, double v)
{
	float *o = m->vertices + (size_t)i * DEMO_VERTEX_FLOATS;
	for (int c = 0; c < 3; c++) {
		o[c] = (float)p[c];
		o[4 + c] = (float)n[c];
	}
	o[3] = 1;
	o[7] = (float)u;
	o[8] = (float)v;
}

/* Indices of the quad (a, b, c, d), counter-clockwise, as two triangles. */
static void put_quad(struct demo_mesh *m, uint32_t at, uint32_t a, uint32_t b, uint32_t c,
		     uint32_t d)
{
	const uint32_t q[6] = { a, b, c, a, c, d };
	for (int k = 0; k < 6; k++)
		m->indices[at + k] = (uint16_t)q[k];
}

bool demo_mesh_cube(struct demo_mesh *m, float s)
{
	static const int8_t faces[6][4][3] = { /* counter-clockwise seen from outside */
		{ { -1, -1, 1 }, { 1, -1, 1 }, { 1, 1, 1 }, { -1, 1, 1 } },
		{ { 1, -1, -1 }, { -1, -1, -1 }, { -1, 1, -1 }, { 1, 1, -1 } },
		{ { 1, -1, 1 }, { 1, -1, -1 }, { 1, 1, -1 }, { 1, 1, 1 } },
		{ { -1, -1, -1 }, { -1, -1, 1 }, { -1, 1, 1 }, { -1, 1, -1 } },
		{ { -1, 1, 1 }, { 1, 1, 1 }, { 1, 1, -1 }, { -1, 1, -1 } },
		{ { -1, -1, -1 }, { 1, -1, -1 }, { 1, -1, 1 }, { -1, -1, 1 } },
	};
	static const double uv[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
	if (!mesh_alloc(m, 24, 36))
		return false;
	for (uint32_t f = 0; f < 6; f++) {
		double n[3] = { 0, 0, 0 };
		for (int k = 0; k < 4; k++)
			for (int c = 0; c < 3; c++)
				n[c] += faces[f][k][c] / 4.0;
		for (uint32_t k = 0; k < 4; k++) {
			double p[3];
			for (int c = 0; c < 3; c++)
				p[c] = faces[f][k][c] * (double)s;
			put_vertex(m, 4 * f + k, p, n, uv[k][0], uv[k][1]);
		}
		put_quad(m, 6 * f, 4 * f, 4 * f + 1, 4 * f + 2, 4 * f + 3);
	}
	return true;
}

bool demo_mesh_torus(struct demo_mesh *m, float big, float small, uint32_t rings,
		     uint32_t sides)
{
	uint32_t cols = sides + 1;
	if ((rings + 1) * cols > 65536 || !mesh_alloc(m, (rings + 1) * cols, rings * sides * 6))
		return false;
	const double tau = 6.283185307179586;
	for (uint32_t i = 0; i <= rings; i++) {
		double a = tau * i / rings, ca = cos(a), sa = sin(a);
		for (uint32_t j = 0; j <= sides; j++) {
			double b = tau * j / sides, cb = cos(b), sb = sin(b);
			const double n[3] = { ca * cb, sb, -sa * cb };
			const double p[3] = { ca * (big + small * cb), small * sb,
					      -sa * (big + small * cb) };
			put_vertex(m, i * cols + j, p, n, (double)i / rings, (double)j / sides);
		}
	}
	for (uint32_t i = 0; i < rings; i++)
		for (uint32_t j = 0; j < sides; j++)
			put_quad(m, 6 * (i * sides + j), i * cols + j, (i + 1) * cols + j,
				 (i + 1) * cols + j + 1, i * cols + j + 1);
	return true;
}

/* Uploads mesh m into new vertex and index buffers and describes the
 * attributes `which` names, in order ('p' position, 'n' normal, 't' uv; at
 * most 3). False when a buffer could not be made (g then holds what was
 * made, for the caller to free). */
bool demo_mesh_upload(struct vc4_ctx *ctx, const struct demo_mesh *m, const char *which,
		      struct demo_gpu_mesh *g)
{
	const uint32_t stride = DEMO_VERTEX_FLOATS * sizeof(float);
	memset(g, 0, sizeof(*g));
	g->vb = vc4_buffer_create(ctx, m->vertices, m->num_vertices * stride);
	g->ib = g->vb ? vc4_buffer_create(ctx, m->indices, m->num_indices * 2) : NULL;
	g->num_indices = m->num_indices;
	for (const char *w = which; *w && g->num_attribs < 3; w++) {
		uint32_t offset = *w == 'n' ? 16 : *w == 't' ? 28 : 0;
		g->attribs[g->num_attribs++] = (struct vc4_vertex_attrib){
			g->vb, offset, stride, VC4_ATTR_FLOAT };
	}
	return g->ib != NULL;
}

bool demo_mesh_draw(struct vc4_ctx *ctx, const struct demo_gpu_mesh *g)
{
	return vc4_set_vertex_attribs(ctx, g->attribs, g->num_attribs) &&
	       vc4_draw_elements(ctx, VC4_PRIM_TRIANGLES, g->num_indices, 2, g->ib, 0);
}

void demo_mesh_release(struct demo_gpu_mesh *g)
{
	vc4_buffer_destroy(g->ib);
	vc4_buffer_destroy(g->vb);
	memset(g, 0, sizeof(*g));
}
