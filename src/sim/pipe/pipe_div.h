/*
 * pipe_div.h: the rasteriser's barycentric divisions (pipe_raster.c,
 * block_lanes()) on x86-64 with AVX2 and FMA: the 48 quotients e / den of a
 * block (the edge values over twice the triangle's area) by one reciprocal
 * and two FMAs per lane instead of a division each, the same doubles
 * (round-to-nearest, the rasteriser's mode). PIPE_AVX2 says whether the
 * host code has these paths (SIM_HOST_AVX2, sim_alu.h); tests/simpipe/test_raster_div.c checks them.
 */
#ifndef VC4_PIPE_DIV_H
#define VC4_PIPE_DIV_H

#include "sim/sim_alu.h"

#define PIPE_AVX2 SIM_HOST_AVX2
#if PIPE_AVX2
#include <immintrin.h>
#endif

#if PIPE_AVX2
/* RN(e / den) of 4 integer-valued e with |e| < 2^53, for an
 * integer-valued den in [1, 2^47) and y = RN(1 / den), the host in
 * round-to-nearest (the caller checks the CPU for AVX2 and FMA). Per lane
 * q = RN(e y), r = RN(e - q den) (one FMA), the
 * result RN(q + r y) (one FMA) with e's sign ORed in (for e = -0: the sum
 * is +0, the division -0). Why that is RN(e / den) for e != 0, x = e /
 * den (e = +0 gives +0 as the division does): |q - x| < 2.001 ulp(x), so
 * q + r y = x + (x - q)((1 + d1)(1 + d3) - 1) (d1, d3 the relative
 * rounding errors of y and r, at most 2^-53) lies within 2^-50 ulp(x) of
 * x. x < 2^53, so a midpoint m = M 2^k between doubles near x has M odd,
 * 2^53 <= M < 2^54, ulp(x) <= 2^(k + 2) and k < 0; x = m would give x in
 * lowest terms a numerator M > |e|, so e 2^-k - M den is a nonzero
 * integer and |x - m| >= 2^k / den > 2^(k - 47): no midpoint lies between
 * x and the sum, and both round alike (docs/pipeline.md, "Barycentrics
 * by FMA"). */
__attribute__((target("avx2,fma"))) static inline __m256d pipe_div4_fma(__m256d e, __m256d b,
									 __m256d y)
{
	__m256d q = _mm256_mul_pd(e, y);
	__m256d r = _mm256_fnmadd_pd(q, b, e);
	__m256d res = _mm256_fmadd_pd(r, y, q);
	/* e's sign: a nonzero quotient has it already, -0 gives -0 */
	return _mm256_or_pd(res, _mm256_and_pd(e, _mm256_set1_pd(-0.0)));
}

/* The 48 quotients of a block (the rasteriser's layout) by pipe_div4_fma():
 * what tests/simpipe/test_raster_div.c checks. */
__attribute__((target("avx2,fma"))) static inline void
pipe_div_lanes_fma(const double ed[3][16], double den, double lambda[3][16])
{
	__m256d b = _mm256_set1_pd(den), y = _mm256_set1_pd(1.0 / den);
	for (int k = 0; k < 3; k++)
		for (int j = 0; j < 16; j += 4)
			_mm256_storeu_pd(&lambda[k][j],
					 pipe_div4_fma(_mm256_loadu_pd(&ed[k][j]), b, y));
}
#endif

#endif
