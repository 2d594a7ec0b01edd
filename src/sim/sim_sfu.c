/*
 * sim_sfu.c: the SFU model (recip, recipsqrt, exp2, log2 of 16 lanes),
 * bit-exact to the reference definition: the exact function value
 * (libm's exp2()/log2() in round-to-nearest, a double division or square
 * root) truncated to a float and then to the model's mantissa bits
 * (docs/sim.md, "SFU").
 *
 * Speed, on x86-64 (SIM_SFU_APPROX): the interpreter runs in
 * round-toward-zero; recip and recipsqrt give the same bits in that mode,
 * and exp2/log2 have their own double approximations (error below 2^-44
 * relative) that decide a lane whenever the value is farther than SFU_NEAR
 * double ulps from a truncation boundary; the other lanes go through libm
 * in round-to-nearest as before. Checked against the reference for every
 * float input of each function (docs/sim.md). Other hosts run in
 * round-to-nearest: recip there as a double division; recipsqrt, exp2 and
 * log2 in 32-bit integer arithmetic with tables (sim_sfu_tab.h), a margin
 * test per lane and libm or the double code for the undecided lanes (the
 * same bits; checked the same way, natively with -DSIM_PORTABLE_FPU).
 */
#include <math.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sim_alu.h"
#include "sim_lanes.h"

/* The fast paths below (recip as a float division toward zero, the
 * exp2/log2 double approximations, everything in the interpreter's
 * round-toward-zero) are taken where the host reads denormals as zero
 * (x86-64). Elsewhere the SFU computes in round-to-nearest, the integer
 * paths for recipsqrt, exp2 and log2: under qemu-arm every guest double
 * operation is a call into QEMU, so the double approximations made the lit
 * sphere slower than libm (7 % with the run in round-toward-zero, 6 % in
 * round-to-nearest), the integer code 10 % faster. */
#define SIM_SFU_APPROX SIM_HOST_DAZ

/* The exact function value, converted to float bits toward zero with
 * overflow to +-Inf. */
static inline uint32_t sfu_exact(enum sim_sfu_func func, uint32_t x)
{
	double v = (double)as_f(x), r;
	switch (func) {
	case SIM_SFU_RECIP: r = 1.0 / v; break;
	case SIM_SFU_RECIPSQRT: r = 1.0 / sqrt(fabs(v)); break;
	case SIM_SFU_EXP2: r = exp2(v); break;
	default: r = log2(fabs(v)); break;
	}
	if (fabs(r) > 3.4028234663852886e38)
		return (r < 0 ? SIGN : 0) | EXPM;
	/* double to float toward zero, by hand: the host rounds to nearest here */
	uint64_t d = as_u64(r);
	int e = (int)((d >> 52) & 0x7ff) - 1023 + 127;
	if (e <= 0)
		return 0;
	return (uint32_t)(d >> 63) << 31 | (uint32_t)e << 23 | (uint32_t)((d >> 29) & 0x7fffff);
}

/* Special operands (docs/sim.md): returns true and sets *out when x is one. */
static inline bool sfu_special(enum sim_sfu_func func, uint32_t x, uint32_t *out)
{
	uint32_t s = x & SIGN, mag = x & ~SIGN;
	bool zero = mag == 0, inf = f_is_special(x);
	switch (func) {
	case SIM_SFU_RECIP:
		if (zero)
			*out = s | EXPM;
		else if (inf || (x >> 23 & 0xff) >= 253)
			*out = s;
		else
			return false;
		return true;
	case SIM_SFU_RECIPSQRT:
		if (zero || inf)
			*out = zero ? EXPM : 0;
		return zero || inf;
	case SIM_SFU_EXP2:
		if (zero)
			*out = 0x3f800000;
		else if (inf)
			*out = s ? 0 : EXPM;
		return zero || inf;
	default:
		if (zero || inf)
			*out = zero ? (SIGN | EXPM) : EXPM;
		return zero || inf;
	}
}

/* One lane; the host must be in round-to-nearest. */
static inline uint32_t sfu_lane(enum sim_sfu_func func, enum sim_sfu_model model, uint32_t x)
{
	x = f_daz(x);
	uint32_t r;
	if (sfu_special(func, x, &r))
		return r;
	r = f_flush(sfu_exact(func, x));
	if (f_is_special(r))
		return r & (SIGN | EXPM);
	static const uint32_t keep[] = {
		[SIM_SFU_15BIT] = 0xffffff00u,
		[SIM_SFU_13BIT] = 0xfffffc00u,
		[SIM_SFU_EXACT] = 0xffffffffu,
	};
	return r & keep[model];
}

/* sqrt of 16 doubles in place. -frounding-math (sim/meson.build) keeps GCC
 * from vectorising sqrt(), so x86 takes two lanes per instruction by hand
 * (four with AVX, chosen at run time): sqrtpd rounds as sqrtsd does, in the
 * current mode. */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx"))) static void sqrt16_avx(double *v)
{
	for (int i = 0; i < SIM_LANES; i += 4)
		_mm256_storeu_pd(v + i, _mm256_sqrt_pd(_mm256_loadu_pd(v + i)));
}
#endif

/* The square roots of 16 doubles in place (AVX when the CPU has it). */
static inline void sqrt16(double *v)
{
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("avx")) {
		sqrt16_avx(v);
		return;
	}
#endif
#ifdef __SSE2__
	for (int i = 0; i < SIM_LANES; i += 2)
		_mm_storeu_pd(v + i, _mm_sqrt_pd(_mm_loadu_pd(v + i)));
#else
	for (int i = 0; i < SIM_LANES; i++)
		v[i] = sqrt(v[i]);
#endif
}

/* recip or recipsqrt of 16 lanes: sfu_lane()'s results without branches,
 * so that the loops vectorise.
 * Lanes with a special operand (zero, Inf/NaN, and for recip an exponent
 * >= 253) compute 1.0 instead and take their special result at the end;
 * every other lane's exact value is a normal float (recip: |x| in [2^-126,
 * 2^126) gives (2^-126, 2^126]; recipsqrt: |x| in [2^-126, 2^128) gives
 * (2^-64, 2^63]). recip with SIM_SFU_APPROX (the host in round-toward-zero
 * then): the float division toward zero is the exact quotient truncated,
 * which is what sfu_lane() keeps of its double (a float's reciprocal is a
 * float or at least 2^-48 from one, so the double's rounding never reaches
 * a float). Otherwise, and for recipsqrt: the double's sign, its exponent
 * rebiased and its top 23 mantissa bits; the same bits in either rounding
 * mode (checked for every float input). */
SIM_CLONES
static void sfu_vec_div(bool rsqrt, enum sim_sfu_model model, const uint32_t *restrict in,
			uint32_t *restrict out)
{
	static const uint32_t keep[] = {
		[SIM_SFU_15BIT] = 0xffffff00u,
		[SIM_SFU_13BIT] = 0xfffffc00u,
		[SIM_SFU_EXACT] = 0xffffffffu,
	};
	uint32_t x[SIM_LANES], spec[SIM_LANES], sval[SIM_LANES], res[SIM_LANES];
	uint32_t mask = keep[model];
	double r[SIM_LANES];
	for (int i = 0; i < SIM_LANES; i++) {
		uint32_t xi = f_daz(in[i]), xs = xi & SIGN;
		uint32_t zero = 0u - (uint32_t)((xi & ~SIGN) == 0);
		uint32_t inf = 0u - (uint32_t)f_is_special(xi);
		uint32_t big = rsqrt ? 0 : 0u - (uint32_t)(((xi >> 23) & 0xff) >= 253);
		spec[i] = zero | inf | big;
		sval[i] = rsqrt ? (zero & EXPM) : (zero & (xs | EXPM)) | (~zero & xs);
		x[i] = (xi & ~spec[i]) | (0x3f800000u & spec[i]);
	}
	/* a loop per function: GCC does not vectorise a select between them
	 * inside one loop (16 scalar divisions, 7 % of the lit sphere) */
	if (!rsqrt && SIM_SFU_APPROX) { /* only in round-toward-zero */
		for (int i = 0; i < SIM_LANES; i++)
			res[i] = as_u(1.0f / as_f(x[i]));
	} else {
		if (rsqrt) {
			for (int i = 0; i < SIM_LANES; i++)
				r[i] = (double)as_f(x[i] & ~SIGN);
			sqrt16(r);
			for (int i = 0; i < SIM_LANES; i++)
				r[i] = 1.0 / r[i];
		} else {
			for (int i = 0; i < SIM_LANES; i++)
				r[i] = 1.0 / (double)as_f(x[i]);
		}
		for (int i = 0; i < SIM_LANES; i++) {
			uint64_t d = as_u64(r[i]);
			res[i] = ((uint32_t)(d >> 32) & SIGN) |
				 (uint32_t)(((d & ~((uint64_t)1 << 63)) >> 29) -
					    ((uint64_t)896 << 23));
		}
	}
	for (int i = 0; i < SIM_LANES; i++)
		out[i] = ((res[i] & mask) & ~spec[i]) | (sval[i] & spec[i]);
}

/* sfu_vec_div() for recipsqrt in AVX2 intrinsics (x86-64 with SIM_CLONES):
 * the same operations on the same values (the float widened to double,
 * sqrtpd, divpd, the double's bits rebiased; specials as there), 8 lanes
 * at a time in registers. As a clone of sfu_vec_div() the square roots
 * went through memory and an out-of-line sqrt16_avx() per call. */
#if SIM_SFU_APPROX && SIM_HOST_AVX2
#define SFU_RSQRT_AVX2 1
/* recipsqrt of 16 lanes of `in` into `out` for `model`, in AVX2 registers:
 * the same operations as sfu_vec_div's recipsqrt. */
__attribute__((target("avx2"))) static void sfu_rsqrt_avx2(enum sim_sfu_model model,
							   const uint32_t *restrict in,
							   uint32_t *restrict out)
{
	static const uint32_t keep[] = {
		[SIM_SFU_15BIT] = 0xffffff00u,
		[SIM_SFU_13BIT] = 0xfffffc00u,
		[SIM_SFU_EXACT] = 0xffffffffu,
	};
	const __m256i expm = _mm256_set1_epi32((int)EXPM), mag = _mm256_set1_epi32(0x7fffffff);
	const __m256i one = _mm256_set1_epi32(0x3f800000), bias = _mm256_set1_epi32((int)(896u << 23)); /* mod 2^32 */
	const __m256i mask = _mm256_set1_epi32((int)keep[model]);
	const __m256d d1 = _mm256_set1_pd(1.0);
	for (int h = 0; h < SIM_LANES; h += 8) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(in + h));
		__m256i e = _mm256_and_si256(v, expm);
		/* zeros and denormals (read as zero), Inf and NaN */
		__m256i zero = _mm256_cmpeq_epi32(e, _mm256_setzero_si256());
		__m256i spec = _mm256_or_si256(zero, _mm256_cmpeq_epi32(e, expm));
		__m256i x = _mm256_blendv_epi8(_mm256_and_si256(v, mag), one, spec);
		__m256 xf = _mm256_castsi256_ps(x);
		__m256d lo = _mm256_cvtps_pd(_mm256_castps256_ps128(xf));
		__m256d hi = _mm256_cvtps_pd(_mm256_extractf128_ps(xf, 1));
		lo = _mm256_div_pd(d1, _mm256_sqrt_pd(lo));
		hi = _mm256_div_pd(d1, _mm256_sqrt_pd(hi));
		/* positive doubles: bits 60..29 of each, the low 32-bit halves
		 * gathered in lane order */
		__m256 l = _mm256_castsi256_ps(_mm256_srli_epi64(_mm256_castpd_si256(lo), 29));
		__m256 g = _mm256_castsi256_ps(_mm256_srli_epi64(_mm256_castpd_si256(hi), 29));
		__m256i bits = _mm256_permute4x64_epi64(
			_mm256_castps_si256(_mm256_shuffle_ps(l, g, _MM_SHUFFLE(2, 0, 2, 0))), 0xd8);
		__m256i res = _mm256_and_si256(_mm256_sub_epi32(bits, bias), mask);
		res = _mm256_blendv_epi8(res, _mm256_and_si256(zero, expm), spec);
		_mm256_storeu_si256((__m256i *)(void *)(out + h), res);
	}
}
#else
#define SFU_RSQRT_AVX2 0
#endif

/* ---- exp2 and log2 without libm ---------------------------------------- */


#if SIM_SFU_APPROX

/* A lane whose double approximation lies within SFU_NEAR ulps (of the
 * double) of a float truncation boundary goes through libm: the
 * approximations' error is below 2^7 ulps and libm's below 1. */
#define SFU_NEAR 0x1000u

/* A double approximation r of a normal float result to float bits toward
 * zero (sfu_exact()'s conversion); *slow = 1 when r is near a truncation
 * boundary or outside the normal float range. */
static inline uint32_t sfu_truncate(double r, uint32_t *slow)
{
	uint64_t d = as_u64(r);
	uint32_t fe = (uint32_t)((d >> 52) & 0x7ff) - (1023u - 127u);
	uint32_t low = (uint32_t)d & 0x1fffffffu;
	*slow |= (uint32_t)(fe - 1u >= 254u) | (uint32_t)(low < SFU_NEAR) |
		 (uint32_t)(low > 0x20000000u - SFU_NEAR);
	return ((uint32_t)(d >> 63) << 31) | ((fe & 0xff) << 23) | ((uint32_t)(d >> 29) & 0x7fffff);
}

/* The model's mantissa bits. */
static const uint32_t sfu_keep[] = {
	[SIM_SFU_15BIT] = 0xffffff00u,
	[SIM_SFU_13BIT] = 0xfffffc00u,
	[SIM_SFU_EXACT] = 0xffffffffu,
};

/* exp2 of 16 lanes, the host in round-toward-zero: out[i] is the result
 * where slow[i] is 0; lanes with slow[i] set (NaN, [127, 128), results
 * near a truncation boundary) are left to sfu_lane(). Zeros and denormals
 * give 1, x < -126 (-Inf too) 0 and x >= 128 (+Inf too) +Inf, as
 * sfu_lane() gives them. Otherwise x = k + 0.5 + g with k = floor(x) (the
 * sum with 1.5 * 2^52 truncates to it and carries it in its low bits) and
 * |g| <= 0.5; 2^(0.5 + g) by its Taylor series to g^11 (coefficients
 * sqrt(2) ln2^n / n!; the rest is below 2^-46 relative), evaluated in
 * Estrin's scheme (pairs, then powers g^2, g^4, g^8: short dependency
 * chains), then scaled by 2^k. Each step is a loop over the lanes, so that
 * they vectorise. */
SIM_CLONES
static void sfu_vec_exp2(enum sim_sfu_model model, const uint32_t *restrict in,
			 uint32_t *restrict out, uint32_t *restrict slow)
{
	static const double c[12] = {
		1.4142135623730951, 0.98025814346854723, 0.33973158418307492,
		0.078494663241220688, 0.013602088628663626, 0.0018856498765369369,
		0.00021783881590746446, 2.1570623008967991e-05, 1.8689520651984559e-06,
		1.4393987273266628e-07, 9.9771516954804995e-09, 6.2869405161283518e-10,
	};
	const double big = 6755399441055744.0; /* 1.5 * 2^52 */
	double g[SIM_LANES], p[SIM_LANES], sum[SIM_LANES];
	uint32_t fixed[SIM_LANES], val[SIM_LANES];
	for (int i = 0; i < SIM_LANES; i++) {
		uint32_t x = f_daz(in[i]);
		float f = as_f(x);
		uint32_t zero = (uint32_t)((x & ~SIGN) == 0), lo = (uint32_t)(f < -126.0f);
		uint32_t hi = (uint32_t)(f >= 128.0f), nan = (uint32_t)((x & ~SIGN) > EXPM);
		uint32_t s = nan | (uint32_t)(f >= 127.0f && f < 128.0f);
		fixed[i] = zero | lo | hi | s;
		val[i] = zero ? 0x3f800000u : hi ? EXPM : 0;
		slow[i] = s;
		double xd = (double)as_f(fixed[i] ? 0x3f000000u : x);
		sum[i] = xd + big;
		g[i] = (xd - (sum[i] - big)) - 0.5;
	}
	for (int i = 0; i < SIM_LANES; i++) {
		double g1 = g[i], g2 = g1 * g1, g4 = g2 * g2;
		double r0 = (c[0] + c[1] * g1) + (c[2] + c[3] * g1) * g2;
		double r1 = (c[4] + c[5] * g1) + (c[6] + c[7] * g1) * g2;
		double r2 = (c[8] + c[9] * g1) + (c[10] + c[11] * g1) * g2;
		p[i] = (r0 + r1 * g4) + r2 * (g4 * g4);
	}
	for (int i = 0; i < SIM_LANES; i++) {
		uint64_t k = as_u64(sum[i]) - as_u64(big);
		uint32_t near = 0;
		uint32_t r = sfu_truncate(p[i] * as_d((k + 1023u) << 52), &near) & sfu_keep[model];
		out[i] = fixed[i] ? val[i] : r;
		slow[i] |= near & ~fixed[i];
	}
}

/* log2 of 16 lanes, as sfu_vec_exp2() (slow: results near a truncation
 * boundary, 0 for 1.0): zeros and denormals give -Inf, Inf and NaN +Inf,
 * as sfu_lane() gives them; otherwise log2(|x|) = e + log2(m) with m in
 * [sqrt(1/2), sqrt(2)), t = (m - 1) / (m + 1) (m - 1 exact), log2(m) =
 * 2/ln2 (t + t^3/3 + ... + t^17/17) (the rest is below 2^-49 relative),
 * |t| <= 0.1716, the polynomial in t^2 in Estrin's scheme. */
SIM_CLONES
static void sfu_vec_log2(enum sim_sfu_model model, const uint32_t *restrict in,
			 uint32_t *restrict out, uint32_t *restrict slow)
{
	static const double c[9] = {
		2.8853900817779268, 0.96179669392597567, 0.57707801635558531,
		0.41219858311113244, 0.3205988979753252, 0.26230818925253879,
		0.2219530832136867, 0.19235933878519512, 0.16972882833987804,
	};
	double t[SIM_LANES], t2[SIM_LANES], p[SIM_LANES], e[SIM_LANES];
	uint32_t fixed[SIM_LANES], val[SIM_LANES];
	for (int i = 0; i < SIM_LANES; i++) {
		uint32_t x = f_daz(in[i]) & ~SIGN;
		uint32_t zero = (uint32_t)(x == 0), inf = (uint32_t)f_is_special(x);
		fixed[i] = zero | inf;
		val[i] = zero ? (SIGN | EXPM) : EXPM;
		x = fixed[i] ? 0x3fc00000u : x;
		uint32_t mb = x & 0x7fffffu, hi = (uint32_t)(mb >= 0x3504f3u); /* m >= sqrt(2) */
		e[i] = (double)((int32_t)(x >> 23) - 127 + (int32_t)hi);
		double m = (double)as_f(mb | (0x3f800000u - (hi << 23)));
		t[i] = (m - 1.0) / (m + 1.0);
		t2[i] = t[i] * t[i];
	}
	for (int i = 0; i < SIM_LANES; i++) {
		double u = t2[i], u2 = u * u, u4 = u2 * u2;
		double r0 = (c[0] + c[1] * u) + (c[2] + c[3] * u) * u2;
		double r1 = (c[4] + c[5] * u) + (c[6] + c[7] * u) * u2;
		p[i] = (r0 + r1 * u4) + c[8] * (u4 * u4);
	}
	for (int i = 0; i < SIM_LANES; i++) {
		uint32_t near = 0;
		uint32_t r = sfu_truncate(e[i] + p[i] * t[i], &near) & sfu_keep[model];
		out[i] = fixed[i] ? val[i] : r;
		slow[i] = near & ~fixed[i];
	}
}

#else /* !SIM_SFU_APPROX */

/* ---- recipsqrt, exp2 and log2 in integers (the portable path) ----------
 * Under qemu-arm a guest double operation is a call into QEMU and libm's
 * exp2()/log2() a call through the PLT with its own branches; these compute
 * 16 lanes branch-free in 32-bit integer arithmetic (32 x 32 -> 64-bit
 * products) with the tables of sim_sfu_tab.h. Each lane's approximation A
 * of the exact function value lies within a bound E of it (E below 2^-38
 * relative for exp2, 2^-37.5 for recipsqrt, 2^-46 absolute for log2); the
 * reference's double is within 1.5 double ulps of the exact value (libm:
 * one); so when A is farther than E plus that from every float truncation
 * boundary both truncate to the same float, and the lane is decided. The
 * others (slow[i] set: near a boundary, exact results such as exp2 of an
 * integer, log2 of a power of two or recipsqrt of a power of 4, log2 of
 * values within 2^-9 of 1) go through sfu_lane() as before.
 * Zeros and denormals (read as zero) are told by their exponent field alone.
 * Checked against sfu_lane() for every float input (docs/sim.md). */
#include "sim_sfu_tab.h"

/* The model's mantissa bits. */
static const uint32_t sfu_keep[] = {
	[SIM_SFU_15BIT] = 0xffffff00u,
	[SIM_SFU_13BIT] = 0xfffffc00u,
	[SIM_SFU_EXACT] = 0xffffffffu,
};

/* The 64-bit product a * k by one multiply instruction: k hidden from GCC,
 * which otherwise builds a product by a small constant (3, 5, 35) from
 * 64-bit shifts and adds, about ten instructions on 32-bit ARM, each add
 * with a carry (under QEMU every one sets the flags). */
static inline uint64_t mul_k(uint32_t a, uint32_t k)
{
#if defined(__GNUC__)
	__asm__("" : "+r"(k));
#endif
	return (uint64_t)a * k;
}

/* The high word of a 32 x 32-bit product. */
static inline uint32_t mulhi32(uint32_t a, uint32_t b)
{
	return (uint32_t)(((uint64_t)a * b) >> 32);
}

/* exp2 of 16 lanes: out[i] where slow[i] is 0 (contract as sfu_vec_exp2()
 * on x86: zeros and denormals give 1, x < -126 (-Inf, -NaN too) 0, x >= 128
 * (+Inf, +NaN too) +Inf). Otherwise x = n + f, n = floor(x), f in [0, 1)
 * from |x| * 2^40 as a 64-bit integer (exact for |x| >= 2^-17, else
 * truncated: an error below 2^-40), negated for x < 0; 2^f = 2^(j/256) *
 * 2^r with j the fraction's top 8 bits and r < 2^-8 its other 32; with t =
 * r ln2, 2^r - 1 = t + t^2/2 + t^3/6 (the rest below 2^-38.7) in units of
 * 2^-40; the product with the table's 2^(j/256) (units of 2^-62) is the
 * significand, 1 <= A < 2. Boundary test on its bits 38..7: E and libm's
 * ulp are below 2^19 there, the margin is 2^20. */
static void sfu_int_exp2(enum sim_sfu_model model, const uint32_t *restrict in,
			 uint32_t *restrict out, uint32_t *restrict slow)
{
	uint32_t mask = sfu_keep[model];
	VC4_LOOP(i, SIM_LANES)
		uint32_t x = in[i], mag = x & ~SIGN, sgn = rtz_neg(x);
		uint32_t zero = ~rtz_nz(mag >> 23);                      /* or denormal */
		uint32_t lo = sgn & rtz_neg(0x42fc0000u - mag);           /* x < -126 */
		uint32_t hi = ~sgn & ~rtz_neg(mag - 0x43000000u);         /* x >= 128 */
		uint32_t fixed = zero | lo | hi;
		uint32_t val = (zero & 0x3f800000u) | (hi & EXPM);
		/* |x| * 2^40 = m * 2^(ex - 110) */
		uint32_t ex = mag >> 23, m = (x & 0x7fffffu) | 0x800000u;
		uint32_t left = ~rtz_neg(ex - 110u), sl = (ex - 110u) & 31;
		uint32_t d = 110u - ex, sr = (d | rtz_neg(31 - d)) & 31;
		uint32_t ulo = ((m << sl) & left) | ((m >> sr) & ~left);
		uint32_t uhi = ((m >> 1) >> (31 - sl)) & left;
		uint64_t s64 = (uint64_t)(int64_t)(int32_t)sgn;
		uint64_t v = ((((uint64_t)uhi << 32) | ulo) ^ s64) - s64;
		uint32_t vhi = (uint32_t)(v >> 32), r = (uint32_t)v;
		uint32_t n = (uint32_t)((int32_t)vhi >> 8);
		uint32_t t = mulhi32(r, 2977044472u);                    /* ln2 * 2^32 */
		uint32_t t2 = mulhi32(t, t);                              /* units 2^-48 */
		uint32_t t3 = mulhi32(t2, t);                             /* units 2^-56 */
		uint32_t sum = t + (t2 >> 9) + (mulhi32(t3, 715827883u) >> 16); /* 2^32/6 */
		uint64_t tab = sfu_exp2_t[vhi & 0xff];
		uint64_t a = tab + (((uint64_t)(uint32_t)(tab >> 32) * sum) >> 8);
		uint32_t ahi = (uint32_t)(a >> 32), alo = (uint32_t)a;
		uint32_t w = (ahi << 25) | (alo >> 7);
		uint32_t near = ~rtz_nz((w + 0x100000u) >> 21);
		uint32_t res = (((n + 127u) << 23) | ((ahi >> 7) & 0x7fffffu)) & mask;
		out[i] = (res & ~fixed) | (val & fixed);
		slow[i] = near & ~fixed;
	VC4_LOOP_END(i, SIM_LANES)
}

/* log2 of 16 lanes, as sfu_int_exp2() (zeros and denormals give -Inf, Inf
 * and NaN +Inf): log2|x| = e + log2(m), m in [1, 2) with the table's R for
 * its top 8 fraction bits; z = m R / 1024 - 1 is exact in units of 2^-33
 * and |z| < 2^-8.7; log2(m) = -log2(R / 1024) + (z - z^2/2 + z^3/3 - z^4/4 +
 * z^5/5) / ln2 (the rest below 2^-54), the sum Y in units of 2^-56.
 * Lanes with |Y| < 2^-9 are slow; the others are normalised by the leading
 * zeros lz of Y's high word (1..16), the float's significand and, below
 * it, bits 39..8 of the normalised word, where E and libm's ulp are below
 * 2^(5 + lz) and the margin is 2^(6 + lz). */
static void sfu_int_log2(enum sim_sfu_model model, const uint32_t *restrict in,
			 uint32_t *restrict out, uint32_t *restrict slow)
{
	uint32_t mask = sfu_keep[model];
	VC4_LOOP(i, SIM_LANES)
		uint32_t x = in[i] & ~SIGN, e = x >> 23;
		uint32_t zero = ~rtz_nz(e), inf = ~rtz_nz(e ^ 0xffu), fixed = zero | inf;
		uint32_t val = (zero & (SIGN | EXPM)) | (inf & EXPM);
		uint32_t j = (x & 0x7fffffu) >> 15, m = (x & 0x7fffffu) | 0x800000u;
		int32_t z = (int32_t)(m * sfu_log2_r[j]);                 /* z * 2^33 */
		uint32_t zs = (uint32_t)(z >> 31), az = ((uint32_t)z ^ zs) - zs;
		uint64_t t1 = ((uint64_t)az * 0xb8aa3b29u + (((uint64_t)az * 0x5c17f0bcu) >> 32)) >> 8;
		uint32_t z2 = (uint32_t)(((uint64_t)az * az) >> 18);      /* units 2^-48 */
		uint32_t z3 = (uint32_t)(((uint64_t)z2 * az) >> 24);      /* units 2^-57 */
		uint32_t z4 = (uint32_t)(((uint64_t)z2 * z2) >> 31);      /* units 2^-65 */
		uint32_t z5 = (uint32_t)(((uint64_t)z4 * az) >> 42);      /* units 2^-56 */
		uint64_t odd = t1 + (((uint64_t)z3 * 2065442673u) >> 33) + mulhi32(z5, 1239265604u);
		uint64_t even = (((uint64_t)z2 * 3098164009u) >> 24) + (((uint64_t)z4 * 1549082005u) >> 41);
		uint64_t zs64 = (uint64_t)(int64_t)(int32_t)zs;
		uint64_t y = ((uint64_t)(int64_t)((int32_t)e - 127) << 56) + (uint64_t)sfu_log2_t[j] +
			     ((odd ^ zs64) - zs64) - even;
		uint64_t ys = (uint64_t)((int64_t)y >> 63), ay = (y ^ ys) - ys;
		uint32_t hi = (uint32_t)(ay >> 32), lo = (uint32_t)ay;
		uint32_t lz = (uint32_t)__builtin_clz(hi | 1);              /* 0 only for Inf/NaN */
		uint32_t nhi = (hi << lz) | ((lo >> 1) >> (31 - lz)), nlo = lo << lz;
		uint32_t w = (nhi << 24) | (nlo >> 8);
		uint32_t small = ~rtz_nz(hi >> 15);                       /* |Y| < 2^-9 */
		uint32_t near = ~rtz_nz((w + (1u << ((6 + lz) & 31))) >> ((7 + lz) & 31));
		uint32_t res = ((uint32_t)ys & SIGN) | ((134u - lz) << 23) | ((nhi >> 8) & 0x7fffffu);
		out[i] = ((res & mask) & ~fixed) | (val & fixed);
		slow[i] = (near | small) & ~fixed;
	VC4_LOOP_END(i, SIM_LANES)
}

/* recipsqrt of 16 lanes, as sfu_int_exp2() (zeros and denormals give +Inf,
 * Inf and NaN 0): 1/sqrt|x| = 2^-h / sqrt(m 2^p) with x = m 2^(2h + p), m in
 * [1, 2), p in {0, 1}; with R and z = m R / 1024 - 1 as in sfu_int_log2(),
 * 1 / sqrt(m 2^p) = sqrt(R / 1024 / 2^p) (the table) * (1 + z)^-1/2, the
 * series 1 - z/2 + 3z^2/8 - 5z^3/16 + 35z^4/128 (the rest below 2^-45) in
 * units of 2^-40, the product y in (1/2, 1] in units of 2^-62. Lanes with
 * y >= 1 (x a power of 4) are slow; the float's significand is y's bits
 * 60..38, and on its bits 37..6 E (below 2^-37.5) and the reference's
 * error (1/sqrt as two double operations: 1.5 double ulps) are below 2^19,
 * the margin 2^20. */
static void sfu_int_rsqrt(enum sim_sfu_model model, const uint32_t *restrict in,
			  uint32_t *restrict out, uint32_t *restrict slow)
{
	uint32_t mask = sfu_keep[model];
	VC4_LOOP(i, SIM_LANES)
		uint32_t x = in[i] & ~SIGN, e = x >> 23;
		uint32_t zero = ~rtz_nz(e), inf = ~rtz_nz(e ^ 0xffu), fixed = zero | inf;
		uint32_t j = (x & 0x7fffffu) >> 15, m = (x & 0x7fffffu) | 0x800000u;
		int32_t z = (int32_t)(m * sfu_log2_r[j]);                 /* z * 2^33 */
		uint32_t zs = (uint32_t)(z >> 31), az = ((uint32_t)z ^ zs) - zs;
		uint32_t z2 = (uint32_t)(((uint64_t)az * az) >> 18);      /* units 2^-48 */
		uint32_t z3 = (uint32_t)(((uint64_t)z2 * az) >> 24);      /* units 2^-57 */
		uint32_t z4 = (uint32_t)(((uint64_t)z2 * z2) >> 31);      /* units 2^-65 */
		uint32_t odd = (az << 6) + (uint32_t)(mul_k(z3, 5) >> 21);
		uint32_t even = (uint32_t)(mul_k(z2, 3) >> 11) + (uint32_t)(mul_k(z4, 35) >> 32);
		int32_t q = (int32_t)(even - ((odd ^ zs) - zs));          /* units 2^-40 */
		uint64_t t = sfu_rsqrt_t[(e & 1) ^ 1][j];
		int64_t corr = ((int64_t)(int32_t)(uint32_t)(t >> 32) * q) >> 8;
		uint64_t y = t + (uint64_t)corr;
		uint32_t yhi = (uint32_t)(y >> 32), ylo = (uint32_t)y;
		uint32_t w = (yhi << 26) | (ylo >> 6);
		uint32_t near = ~rtz_nz((w + 0x100000u) >> 21) | rtz_neg(yhi << 1);
		uint32_t h = (uint32_t)((int32_t)(e - 127) >> 1);
		uint32_t res = (((126u - h) << 23) | ((yhi >> 6) & 0x7fffffu)) & mask;
		out[i] = (res & ~fixed) | (zero & EXPM);
		slow[i] = near & ~fixed;
	VC4_LOOP_END(i, SIM_LANES)
}

#endif /* SIM_SFU_APPROX */

/* sim_sfu_vec() inside sim_fpu_enter() (contract in sim_alu.h). With
 * SIM_SFU_APPROX (x86, the run in round-toward-zero): recip and recipsqrt
 * in that mode (the same bits as in round-to-nearest), the lanes the
 * exp2/log2 approximations leave undecided with libm in round-to-nearest,
 * the mode restored after. Without (the run in round-to-nearest): all four
 * in that mode, no switch; recip by sfu_vec_div(), the others by their
 * integer code and the lanes it leaves undecided by sfu_lane().
 * Page-aligned on ARM (sim_alu.h): all of it then lies in one page, so that
 * none of its lane loops crosses one. */
SIM_PAGE_ALIGN
void sim_sfu_vec_rtz(enum sim_sfu_func func, enum sim_sfu_model model, const uint32_t *in,
		     uint32_t *out)
{
#if SIM_SFU_APPROX
#if SFU_RSQRT_AVX2
	if (func == SIM_SFU_RECIPSQRT && __builtin_cpu_supports("avx2")) {
		sfu_rsqrt_avx2(model, in, out);
		return;
	}
#endif
	if (func == SIM_SFU_RECIP || func == SIM_SFU_RECIPSQRT) {
		sfu_vec_div(func == SIM_SFU_RECIPSQRT, model, in, out);
		return;
	}
	uint32_t slow[SIM_LANES], any = 0;
	if (func == SIM_SFU_EXP2)
		sfu_vec_exp2(model, in, out, slow);
	else
		sfu_vec_log2(model, in, out, slow);
	for (int i = 0; i < SIM_LANES; i++)
		any |= slow[i];
	if (!any)
		return;
	unsigned cur = sim_fpu_get();
	sim_fpu_set(sim_fpu_nearest(cur));
	for (int i = 0; i < SIM_LANES; i++)
		if (slow[i])
			out[i] = sfu_lane(func, model, in[i]);
	sim_fpu_set(cur);
#else
	/* everything in the run's round-to-nearest, no switch */
	if (func == SIM_SFU_RECIP) {
		sfu_vec_div(false, model, in, out);
		return;
	}
	uint32_t slow[SIM_LANES], any = 0;
	if (func == SIM_SFU_RECIPSQRT)
		sfu_int_rsqrt(model, in, out, slow);
	else if (func == SIM_SFU_EXP2)
		sfu_int_exp2(model, in, out, slow);
	else
		sfu_int_log2(model, in, out, slow);
	for (int i = 0; i < SIM_LANES; i++)
		any |= slow[i];
	if (any)
		for (int i = 0; i < SIM_LANES; i++)
			if (slow[i])
				out[i] = sfu_lane(func, model, in[i]);
#endif
}

/* 16 lanes of one function: sim_sfu_vec_rtz() in the run's mode. */
void sim_sfu_vec(enum sim_sfu_func func, enum sim_sfu_model model, const uint32_t *in,
		 uint32_t *out)
{
	struct sim_fpu_env env;
	sim_fpu_enter(&env);
	sim_sfu_vec_rtz(func, model, in, out);
	sim_fpu_leave(&env);
}

/* One lane through sim_sfu_vec() (one code path for both). */
uint32_t sim_sfu(enum sim_sfu_func func, enum sim_sfu_model model, uint32_t x)
{
	uint32_t in[SIM_LANES] = { x }, out[SIM_LANES];
	sim_sfu_vec(func, model, in, out);
	return out[0];
}
