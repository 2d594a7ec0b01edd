/*
 * sim_rtz.h (internal to src/sim, included by sim_lanes.h after its bit
 * helpers): the QPU's float ops that round toward zero (fadd/fsub, fmul,
 * itof, ftoi, the unorm8 unpack) in integer arithmetic, exact in any host
 * rounding mode. They are the portable path's (every host but x86, and x86
 * with -DSIM_PORTABLE_FPU): there the interpreter runs in the host's
 * round-to-nearest, because under qemu-arm a guest float op in
 * round-toward-zero goes through QEMU's software float (docs/sim.md, "ALU
 * semantics"; docs/PERFORMANCE.md has the measurements).
 *
 * Written without branches or conditional selects in the common case:
 * masks come from arithmetic shifts, because under QEMU every conditional
 * instruction costs a branch. The 16-lane loops compute every lane on the
 * fast formula and redo the whole vector with the per-lane rules only when
 * a lane had an Inf/NaN operand or a result outside the normal range.
 */
#ifndef VC4_SIM_RTZ_H
#define VC4_SIM_RTZ_H

#define RTZ_FLT_MAX 0x7f7fffffu

/* All ones when v (below 2^31) is nonzero, else 0. */
static inline uint32_t rtz_nz(uint32_t v)
{
	return (uint32_t)((int32_t)(0u - v) >> 31);
}

/* All ones when bit 31 of v is set, else 0. */
static inline uint32_t rtz_neg(uint32_t v)
{
	return (uint32_t)((int32_t)v >> 31);
}

/* x >> n and x << n for n in [0, 255], 0 when n >= 32, and the leading
 * zeros of x, 32 for 0: on 32-bit ARM one instruction each (a shift by a
 * register takes its bottom byte; CLZ of 0 is 32). Elsewhere the same
 * results for the operands rtz_fadd_core() gives them: rtz_shr()'s x is
 * below 2^31 (so a shift by 31 gives 0 too), rtz_shl()'s x is 0 whenever
 * n >= 32. */
#if defined(__GNUC__) && defined(__arm__)
static inline uint32_t rtz_shr(uint32_t x, uint32_t n)
{
	uint32_t r;
	__asm__("lsr %0, %1, %2" : "=r"(r) : "r"(x), "r"(n));
	return r;
}

static inline uint32_t rtz_shl(uint32_t x, uint32_t n)
{
	uint32_t r;
	__asm__("lsl %0, %1, %2" : "=r"(r) : "r"(x), "r"(n));
	return r;
}

static inline uint32_t rtz_clz0(uint32_t x)
{
	uint32_t r;
	__asm__("clz %0, %1" : "=r"(r) : "r"(x));
	return r;
}
#else
static inline uint32_t rtz_shr(uint32_t x, uint32_t n)
{
	return x >> ((n | rtz_neg(31 - n)) & 31); /* min(n, 31) */
}

static inline uint32_t rtz_shl(uint32_t x, uint32_t n)
{
	return x << (n & 31);
}

static inline uint32_t rtz_clz0(uint32_t x)
{
	return x ? (uint32_t)__builtin_clz(x) : 32;
}
#endif

/* The sum of a and b truncated, both read with denormals as zero, for the
 * lanes where it is a normal float or +0: returns it, and sets bit 31 of
 * *bad when it may not be (an operand of exponent 254 or 255, so Inf/NaN
 * and every overflow; a denormal result; both operands zero or denormal;
 * an exact cancellation below 2^-101), *e to the result's biased exponent
 * and *sign to the sign of the operand of larger magnitude (rtz_fadd()
 * finishes those lanes; its zero and denormal results are all +0).
 * How: x is the operand of larger magnitude, y the other; their 24-bit
 * significands get one guard bit; y's is shifted right by the exponent
 * difference d (0 from 32 on), and for an effective subtraction the sum
 * is mx + ~q + 1 when no bit was shifted out, else mx + ~q (the bits
 * shifted out round y's magnitude up), so the integer sum is the exact sum
 * rounded down; when the sum then needs a left shift (cancellation)
 * nothing was shifted out. Normalised by its leading zeros, the top 24
 * bits are the truncated significand. A zero or denormal y's significand
 * is masked to zero (x's is then too, and the result exponent below 1
 * sets *bad); a zero sum (32 leading zeros) gives +0.
 * With `zeros` (three instructions more a lane) x's significand is masked
 * too, so that two zero or denormal operands sum to zero, and a zero sum
 * never sets *bad: those lanes give +0, rtz_fadd()'s result for them. */
static inline uint32_t rtz_fadd_core(uint32_t a, uint32_t b, bool zeros, uint32_t *bad,
				     uint32_t *e, uint32_t *sign)
{
	uint32_t t = (a ^ b) & rtz_neg((a & ~SIGN) - (b & ~SIGN)); /* swap if |b| > |a| */
	uint32_t x = a ^ t, y = b ^ t;
	uint32_t ex = (x >> 23) & 0xff, ey = (y >> 23) & 0xff;
	uint32_t mx = ((x & 0x7fffffu) | 0x800000u) << 1; /* ex 0: *bad (e1 -1) */
	if (zeros)
		mx &= rtz_nz(ex);
	uint32_t my = (((y & 0x7fffffu) | 0x800000u) << 1) & rtz_nz(ey);
	uint32_t d = ex - ey;                           /* 0..255 */
	uint32_t q = rtz_shr(my, d);
	uint32_t exact = ((my ^ rtz_shl(q, d)) - 1) >> 31; /* 1: nothing shifted out */
	uint32_t sub = rtz_neg(a ^ b);
	uint32_t sum = mx + (q ^ sub) + (exact & sub);
	uint32_t lz = rtz_clz0(sum);
	uint32_t mant = rtz_shl(sum, lz) >> 8;          /* 24 bits, bit 23 set; 0 for 0 */
	uint32_t e1 = ex + 6 - lz;                      /* the result's exponent - 1 */
	uint32_t zero = rtz_neg(31 - lz);               /* all ones for a zero sum */
	*e = e1 + 1;
	*sign = x & SIGN;
	*bad = (zeros ? e1 & ~zero : e1) | (253 - ex);
	return ((x & SIGN) + (e1 << 23) + mant) & ~zero;
}

/* fadd toward zero with the QPU's rules (docs/sim.md): an Inf/NaN operand
 * gives +-Inf with its sign, the second operand first; overflow gives
 * +-FLT_MAX; denormal inputs read as zero and denormal results are +0. */
static inline uint32_t rtz_fadd(uint32_t a, uint32_t b)
{
	if ((b & EXPM) == EXPM)
		return (b & SIGN) | EXPM;
	if ((a & EXPM) == EXPM)
		return (a & SIGN) | EXPM;
	uint32_t bad, e, sign, r = rtz_fadd_core(a, b, false, &bad, &e, &sign);
	if (r && (int32_t)e >= 255)
		return sign | RTZ_FLT_MAX;
	return r && (int32_t)e <= 0 ? 0 : r;
}

/* The product of a and b truncated, for the lanes where it is a normal
 * float or an operand is zero or denormal (+0): as rtz_fadd_core(), *bad
 * and *e for rtz_fmul() (never set for a zero operand). The 24 x 24-bit
 * significand product has 47 or 48 bits; its top 24 are the result's.
 * With both significands at the top of a word, the high word of their
 * 64-bit product (bit 31 or 30 its top bit) holds those 24 bits. */
static inline uint32_t rtz_fmul_core(uint32_t a, uint32_t b, uint32_t *bad, uint32_t *e)
{
	uint32_t ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff;
	uint32_t ph = (uint32_t)(((uint64_t)((a << 8) | SIGN) * ((b << 8) | SIGN)) >> 32);
	uint32_t hi = ph >> 31;
	uint32_t mant = (ph >> 7) >> hi;                /* 24 bits, bit 23 set */
	uint32_t nz = ~rtz_neg((ea - 1) | (eb - 1));    /* no zero or denormal operand */
	*e = ea + eb + hi - 127;
	*bad = ((*e - 1) | (254 - *e) | (254 - ea) | (254 - eb)) & nz;
	return (((a ^ b) & SIGN) + ((*e - 1) << 23) + mant) & nz;
}

/* fmul toward zero with the QPU's rules (docs/sim.md): a zero or denormal
 * operand gives +0, else an Inf/NaN operand +-Inf with the product's sign;
 * overflow +-FLT_MAX, denormal results +0. */
static inline uint32_t rtz_fmul(uint32_t a, uint32_t b)
{
	uint32_t bad, e, r = rtz_fmul_core(a, b, &bad, &e);
	if (!(a & EXPM) || !(b & EXPM))
		return 0;
	if ((a & EXPM) == EXPM || (b & EXPM) == EXPM)
		return ((a ^ b) & SIGN) | EXPM;
	if ((int32_t)e >= 255)
		return ((a ^ b) & SIGN) | RTZ_FLT_MAX;
	return (int32_t)e <= 0 ? 0 : r;
}

#if defined(__GNUC__)
#define RTZ_COLD __attribute__((noinline, cold))
#else
#define RTZ_COLD
#endif

/* rtz_fadd_core() of 16 lanes (b's signs flipped by flip) into res:
 * returns the OR of their *bad. */
static SIM_ALWAYS_INLINE uint32_t rtz_fadd_core16(const uint32_t *restrict a,
						  const uint32_t *restrict b, uint32_t flip,
						  bool zeros, uint32_t *restrict res)
{
	uint32_t any = 0;
	VC4_LOOP(i, SIM_LANES)
		uint32_t bad, e, sign;
		res[i] = rtz_fadd_core(a[i], b[i] ^ flip, zeros, &bad, &e, &sign);
		any |= bad;
	VC4_LOOP_END(i, SIM_LANES)
	return any;
}

/* The 16 lanes of rtz_lanes_fadd() when its fast formula left some lane
 * undecided (out of line): again with rtz_fadd_core()'s `zeros`, which
 * decides the zero sums blending makes often (0 + 0), without a branch per
 * lane; if some lane is still undecided, all of them by the per-lane
 * rules. */
static RTZ_COLD void rtz_fadd16(const uint32_t *a, const uint32_t *b, uint32_t flip,
				uint32_t *res)
{
	if (!vc4_sign_set(rtz_fadd_core16(a, b, flip, true, res)))
		return;
	for (int i = 0; i < SIM_LANES; i++)
		res[i] = rtz_fadd(a[i], b[i] ^ flip);
}

/* The 16 lanes of rtz_lanes_fmul() by the per-lane rules (out of line). */
static RTZ_COLD void rtz_fmul16(const uint32_t *a, const uint32_t *b, uint32_t *res)
{
	for (int i = 0; i < SIM_LANES; i++)
		res[i] = rtz_fmul(a[i], b[i]);
}

/* fadd (flip 0) or fsub (flip SIGN) of 16 lanes, rtz_fadd()'s results. */
static SIM_ALWAYS_INLINE void rtz_lanes_fadd(const uint32_t *restrict a,
					     const uint32_t *restrict b, uint32_t flip,
					     uint32_t *restrict res)
{
	if (vc4_sign_set(rtz_fadd_core16(a, b, flip, false, res)))
		rtz_fadd16(a, b, flip, res);
}

/* fmul toward zero of 16 lanes, rtz_fmul()'s results. */
static SIM_ALWAYS_INLINE void rtz_lanes_fmul(const uint32_t *restrict a,
					     const uint32_t *restrict b, uint32_t *restrict res)
{
	uint32_t any = 0;
	VC4_LOOP(i, SIM_LANES)
		uint32_t bad, e;
		res[i] = rtz_fmul_core(a[i], b[i], &bad, &e);
		any |= bad;
	VC4_LOOP_END(i, SIM_LANES)
	if (vc4_sign_set(any))
		rtz_fmul16(a, b, res);
}

/* itof: the signed integer x as a float toward zero (the top 24 bits of
 * its magnitude). */
static inline uint32_t rtz_itof(uint32_t x)
{
	uint32_t s = x & SIGN, m = (x ^ rtz_neg(x)) - rtz_neg(x); /* |x| */
	uint32_t lz = (uint32_t)__builtin_clz(m | 1);
	uint32_t mant = (m << lz) >> 8;                 /* 24 bits, bit 23 set */
	return (s + ((157 - lz) << 23) + mant) & rtz_nz(m >> 1 | (m & 1));
}

/* ftoi (docs/sim.md): truncation; denormals, NaN, Inf and |x| >= 2^31
 * give 0, +-FLT_MAX 0x80000000. The same as the C conversion, without
 * the host's float unit. */
static inline uint32_t rtz_ftoi(uint32_t a)
{
	uint32_t e = (a >> 23) & 0xff, m = ((a & 0x7fffffu) | 0x800000u) << 7; /* bit 30 */
	uint32_t sh = 157 - e;                          /* right shift of m: 0..30 in range */
	uint32_t in = ~rtz_neg(sh) & ~rtz_neg(e - 127); /* 2^0 <= |a| < 2^31 */
	uint32_t v = (m >> (sh & 31)) & in;
	uint32_t r = (v ^ rtz_neg(a)) - rtz_neg(a);
	uint32_t other = rtz_nz((a & ~SIGN) ^ RTZ_FLT_MAX); /* not +-FLT_MAX */
	return (r & other) | (SIGN & ~other);
}

/* The unorm8 unpack: byte / 255 as a float toward zero. With n = byte << s
 * in [2^31, 2^32), n / 255 truncated (a multiply by the reciprocal, exact
 * for every 32-bit n) is the 24-bit significand; 255 / 255 is the one
 * quotient that reaches 2^24, whose carry into the exponent field gives
 * 1.0 exactly. */
static inline uint32_t rtz_unorm8(uint32_t byte)
{
	uint32_t lz = (uint32_t)__builtin_clz(byte | 1);
	uint32_t q = (uint32_t)(((uint64_t)(byte << lz) * 0x80808081u) >> 39);
	return (((149 - lz) << 23) + q) & rtz_nz(byte);
}

#endif
