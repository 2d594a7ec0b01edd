/*
 * demo_math.c: the demo's 4x4 matrices (column-major, GL conventions),
 * computed in double and rounded to float once at the end, so that the
 * uniforms, and the golden images made from them, are the same on every
 * host (float sinf/cosf differ in the last bit between libms).
 */
#include <math.h>

#include "demo.h"

struct demo_mat demo_identity(void)
{
	struct demo_mat r = { { 0 } };
	for (int i = 0; i < 4; i++)
		r.m[i * 5] = 1;
	return r;
}

struct demo_mat demo_mul(struct demo_mat a, struct demo_mat b)
{
	struct demo_mat r;
	for (int c = 0; c < 4; c++) {
		for (int row = 0; row < 4; row++) {
			double s = 0;
			for (int k = 0; k < 4; k++)
				s += a.m[k * 4 + row] * b.m[c * 4 + k];
			r.m[c * 4 + row] = s;
		}
	}
	return r;
}

struct demo_mat demo_perspective(double fovy, double aspect, double near, double far)
{
	double f = 1.0 / tan(fovy / 2);
	struct demo_mat r = { { 0 } };
	r.m[0] = f / aspect;
	r.m[5] = f;
	r.m[10] = (far + near) / (near - far);
	r.m[11] = -1;
	r.m[14] = 2 * far * near / (near - far);
	return r;
}

struct demo_mat demo_translate(double x, double y, double z)
{
	struct demo_mat r = demo_identity();
	r.m[12] = x;
	r.m[13] = y;
	r.m[14] = z;
	return r;
}

struct demo_mat demo_rotate(double angle, double x, double y, double z)
{
	double c = cos(angle), s = sin(angle), t = 1 - c;
	struct demo_mat r = demo_identity();
	r.m[0] = t * x * x + c;
	r.m[1] = t * x * y + s * z;
	r.m[2] = t * x * z - s * y;
	r.m[4] = t * x * y - s * z;
	r.m[5] = t * y * y + c;
	r.m[6] = t * y * z + s * x;
	r.m[8] = t * x * z + s * y;
	r.m[9] = t * y * z - s * x;
	r.m[10] = t * z * z + c;
	return r;
}

void demo_mat_floats(struct demo_mat a, float out[16])
{
	for (int i = 0; i < 16; i++)
		out[i] = (float)a.m[i];
}
