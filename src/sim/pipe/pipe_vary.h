/*
 * pipe_vary.h: the varying interpolation's arithmetic for hosts whose run
 * stays in round-to-nearest (every host but x86; docs/sim.md, "ALU
 * semantics"). The varying is defined in round-toward-zero:
 * d = (double)v - (double)C per vertex, then per lane
 * pipe_to_float(lw1 * d1 + lw2 * d2), every double operation and the
 * conversion truncated. Under qemu-arm a double operation in that mode is
 * QEMU's software float; in round-to-nearest it is the host's FPU. These
 * functions compute in round-to-nearest and prove, from the result's bits,
 * that the truncated computation gives the same float; where they cannot,
 * they refuse and the caller computes in round-toward-zero
 * (pipe_fragment.c). Tests: tests/simpipe/test_vary_rn.c.
 */
#ifndef VC4_PIPE_VARY_H
#define VC4_PIPE_VARY_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "util/loop_cond.h"

/* The float bits a, b (v and C of a varying) give the same double
 * (double)a - (double)b in every rounding mode: the difference is exact.
 * True when either is zero, Inf or NaN (no rounding), or when their
 * exponents are at most 28 apart (the exact difference spans at most 53
 * bits). Integer code. */
static inline bool pipe_vary_diff_exact(uint32_t a, uint32_t b)
{
	uint32_t ea = a >> 23 & 0xff, eb = b >> 23 & 0xff;
	if (!(a << 1) || !(b << 1) || ea == 0xff || eb == 0xff)
		return true;
	ea += ea == 0; /* a denormal's last bit is that of exponent field 1 */
	eb += eb == 0;
	return ea - eb + 28 <= 56; /* |ea - eb| <= 28, unsigned */
}

/* One lane's varying: returns the bits of the float that round-toward-zero
 * gives for lw1 * d1 + lw2 * d2 (pipe_to_float() of the truncated double
 * products and sum), computed in round-to-nearest; the host must be in
 * that mode, and the compiler must not fuse the multiply and add (armhf has
 * no double FMA; x86-64's baseline and AVX2 clones have none).
 * Sets bits in *refused (else leaves it), the result undefined, where
 * that cannot be shown from the round-to-nearest result
 * s = RN(RN(lw1 d1) + RN(lw2 d2)): the truncated sum T differs from s by at most ulp(p1) + ulp(p2) + ulp(s) / 2 (each
 * product's truncation and rounding are neighbours of the exact product),
 * so when s lies in the float range (2^-125 <= |s| < 2^127: no clamp, no
 * denormal) and that bound keeps T inside the float interval of s (the
 * low 29 bits of s's significand are farther than it from both ends), T
 * and s truncate to the same float: s's top 24 bits. Both products zero:
 * their sum's sign is the same in both modes. Without branches (masks
 * from arithmetic shifts): under QEMU each conditional costs a branch. */
static inline uint32_t pipe_vary_rn_bits(double lw1, double lw2, double d1, double d2,
					 uint32_t *refused)
{
	double r1 = lw1 * d1, r2 = lw2 * d2, s = r1 + r2;
	uint64_t b1, b2, bs;
	memcpy(&b1, &r1, 8);
	memcpy(&b2, &r2, 8);
	memcpy(&bs, &s, 8);
	uint32_t h1 = (uint32_t)(b1 >> 32), h2 = (uint32_t)(b2 >> 32), hs = (uint32_t)(bs >> 32);
	/* all ones unless both products are ±0 (NaN and Inf are not 0) */
	uint32_t nz = ((h1 | h2) << 1) | (uint32_t)b1 | (uint32_t)b2;
	nz = (uint32_t)((int32_t)(nz | (0u - nz)) >> 31);
	int32_t es = (int32_t)(hs >> 20 & 0x7ff);
	int32_t e1 = (int32_t)(h1 >> 20 & 0x7ff), e2 = (int32_t)(h2 >> 20 & 0x7ff);
	e1 |= (int32_t)((uint32_t)(e1 - 1) >> 31); /* e + (e == 0) */
	e2 |= (int32_t)((uint32_t)(e2 - 1) >> 31);
	int32_t m = e1 - e2, d = e1 - (m & (m >> 31)) - es; /* ulp(product) = 2^d ulp(s) */
	uint32_t x = (uint32_t)es - (1023u - 125u);         /* es in range: x <= 251 */
	uint32_t dpos = (uint32_t)(d & ~(d >> 31)) & 31;
	uint32_t err = (2u << dpos) + 1;                    /* > the bound, in ulp(s) */
	uint32_t low = (uint32_t)bs & 0x1fffffffu;
	uint32_t fail = (251u - x) | x | (uint32_t)(26 - d) | (low - err) |
			(0x20000000u - low - err - 1);      /* in bit 31 */
	*refused |= (fail >> 31) & nz;
	uint32_t bits = (hs & 0x80000000u) | (uint32_t)(es - 1023 + 127) << 23 |
			((uint32_t)(bs >> 29) & 0x7fffffu);
	return (bits & nz) | (hs & 0x80000000u & ~nz);
}

/* pipe_vary_rn_bits() for one lane: false, *out unset, where it refuses. */
static inline bool pipe_vary_rn(double lw1, double lw2, double d1, double d2, uint32_t *out)
{
	uint32_t refused = 0, bits = pipe_vary_rn_bits(lw1, lw2, d1, d2, &refused);
	if (refused)
		return false;
	*out = bits;
	return true;
}

/* A difference d1 or d2 whose products are exact: ±0 or ±2^k (the scale
 * of pipe_vary_scaled()); `exact` false for any other d. */
struct pipe_vary_scale {
	bool exact, zero;
	int32_t k;      /* d = ±2^k */
	uint64_t sign;  /* d's sign bit, in place (bit 63) */
};

static inline struct pipe_vary_scale pipe_vary_scale_of(double d)
{
	uint64_t b;
	memcpy(&b, &d, 8);
	uint32_t e = (uint32_t)(b >> 52 & 0x7ff);
	struct pipe_vary_scale sc = { .sign = b & UINT64_C(0x8000000000000000) };
	sc.zero = !(b << 1);
	sc.exact = sc.zero || (e && e < 0x7ff && !(b << 12));
	sc.k = (int32_t)e - 1023;
	return sc;
}

/* The product lw * d, exact (a signed zero, or lw with its exponent moved
 * by k), into *p; false for an Inf or NaN lw, and for a denormal lw or a
 * product outside the normal range when d is not zero. */
static inline bool pipe_vary_product(uint64_t lw, const struct pipe_vary_scale *d, uint64_t *p)
{
	uint32_t e = (uint32_t)(lw >> 52 & 0x7ff);
	if (e == 0x7ff)
		return false;
	uint64_t sign = (lw ^ d->sign) & UINT64_C(0x8000000000000000);
	if (d->zero || !(lw << 1)) {
		*p = sign;
		return true;
	}
	int32_t ek = (int32_t)e + d->k;
	if (!e || ek < 1 || ek > 0x7fe)
		return false;
	*p = sign | (uint64_t)ek << 52 | (lw & UINT64_C(0x000fffffffffffff));
	return true;
}

/* pipe_vary_rn() in integers where both products are exact (d1 and d2 are
 * ±0 or powers of two, pipe_vary_scale_of()) and one of them is zero: the
 * sum is then exact too (the other product; for two zeros -0 only from
 * -0 + -0, in every mode), and its truncation is its top 24 bits when it
 * lies in [2^-126, 2^127). lw1, lw2 are the doubles' bits. False, *out
 * unset, otherwise (pipe_vary_rn() then decides). */
static inline bool pipe_vary_scaled(uint64_t lw1, uint64_t lw2, const struct pipe_vary_scale *d1,
				    const struct pipe_vary_scale *d2, uint32_t *out)
{
	uint64_t p1, p2, s;
	if (!pipe_vary_product(lw1, d1, &p1) || !pipe_vary_product(lw2, d2, &p2))
		return false;
	if (!(p1 << 1) && !(p2 << 1)) {
		*out = (uint32_t)((p1 & p2) >> 32);
		return true;
	}
	if ((p1 << 1) && (p2 << 1))
		return false;
	s = (p1 << 1) ? p1 : p2; /* the nonzero one: x + ±0 = x */
	uint32_t es = (uint32_t)(s >> 52 & 0x7ff);
	if (es < 1023 - 126 || es > 1023 + 126)
		return false;
	*out = ((uint32_t)(s >> 32) & 0x80000000u) | (es - 1023 + 127) << 23 |
	       ((uint32_t)(s >> 29) & 0x7fffffu);
	return true;
}

/* pipe_vary_scaled() of 16 lanes without a branch per lane (under qemu-arm
 * each branch ends a translation block): true with every lane's answer in
 * out when pipe_vary_scaled() answers in every lane, else false (out
 * partly written; the caller asks lane by lane). d1 and d2 must be exact
 * and one of them zero. The zero one's product is a signed zero; the
 * other's is lw with its exponent moved by k, or a signed zero for a zero
 * lw or a zero d; a lane refuses for an Inf/NaN lw, a denormal lw times a
 * nonzero d, or a nonzero product outside [2^-126, 2^127). */
static inline bool pipe_vary_scaled_lanes(const double lw1[16], const double lw2[16],
					  const struct pipe_vary_scale *d1,
					  const struct pipe_vary_scale *d2, uint32_t out[16])
{
	const double *wz = d1->zero ? lw1 : lw2, *wo = d1->zero ? lw2 : lw1;
	const struct pipe_vary_scale *sz = d1->zero ? d1 : d2, *so = d1->zero ? d2 : d1;
	uint32_t gz = (uint32_t)(sz->sign >> 32), go = (uint32_t)(so->sign >> 32);
	int32_t k = so->k;
	uint32_t bad = 0;
	if (so->zero) { /* both zero (a constant varying): the signs alone */
		VC4_LOOP(i, 16)
			uint64_t bz, bo;
			memcpy(&bz, &wz[i], 8);
			memcpy(&bo, &wo[i], 8);
			uint32_t hz = (uint32_t)(bz >> 32), ho = (uint32_t)(bo >> 32);
			bad |= ((hz >> 20 & 0x7ffu) + 1) | ((ho >> 20 & 0x7ffu) + 1);
			out[i] = (hz ^ gz) & (ho ^ go) & 0x80000000u;
		VC4_LOOP_END(i, 16)
		return !(bad & 0x800u);
	}
	VC4_LOOP(i, 16)
		uint64_t bz, bo;
		memcpy(&bz, &wz[i], 8);
		memcpy(&bo, &wo[i], 8);
		uint32_t hz = (uint32_t)(bz >> 32), ho = (uint32_t)(bo >> 32), lo = (uint32_t)bo;
		uint32_t ez = hz >> 20 & 0x7ffu, eo = ho >> 20 & 0x7ffu;
		uint32_t nz = (ho << 1) | lo;
		uint32_t nzm = (uint32_t)((int32_t)(nz | (0u - nz)) >> 31);
		int32_t x = (int32_t)eo + k - (1023 - 126); /* the float's exponent field - 1 */
		bad |= (((ez + 1) | (eo + 1)) & 0x800u) |  /* Inf or NaN */
		       (((uint32_t)x | (uint32_t)(252 - x) | (eo - 1u)) & nzm);
		uint32_t sgz = (hz ^ gz) & 0x80000000u, sgo = (ho ^ go) & 0x80000000u;
		uint32_t v = sgo | (uint32_t)(x + 1) << 23 | ((ho << 3 | lo >> 29) & 0x7fffffu);
		out[i] = (v & nzm) | (sgz & sgo & ~nzm);
	VC4_LOOP_END(i, 16)
	return !(bad & 0x80000800u);
}

#endif
