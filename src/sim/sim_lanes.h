/*
 * sim_lanes.h (internal to src/sim): the per-lane ALU arithmetic and the
 * 16-lane op loops, as static inline code so that the interpreter's hot loop
 * (sim_qpu.c) inlines them; sim_alu.c wraps the same loops as sim_alu_add()
 * and sim_alu_mul(). One definition of every op.
 *
 * Every op is a per-lane inline function written without branches so that
 * the 16-lane loops auto-vectorise (x86's fadd/fsub/fmul: two 8-lane
 * vector operations and one test per 16 lanes for the rare NaN results).
 * Float rules (docs/sim.md): denormal
 * inputs and outputs flush to +0, -0 is +0 for fadd/fsub/fmul, NaN and Inf
 * operands give +-Inf, rounding is toward zero: on x86 the host's float
 * ops in round-toward-zero with denormals as zero (SIM_HOST_DAZ, see
 * sim_fpu_enter()), elsewhere integer code exact in any rounding mode
 * (sim_rtz.h).
 */
#ifndef VC4_SIM_LANES_H
#define VC4_SIM_LANES_H

#include <math.h>
#include <string.h>

#include "sim/sim_alu.h"
#include "util/loop_cond.h"

/* Forced inlining for the hot loop (GCC and clang otherwise give up on the
 * large op switches). */
#if defined(__GNUC__)
#define SIM_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define SIM_ALWAYS_INLINE inline
#endif

#define SIGN 0x80000000u
#define EXPM 0x7f800000u

static inline float as_f(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static inline uint32_t as_u(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* The same for doubles. */
static inline double as_d(uint64_t u)
{
	double d;
	memcpy(&d, &u, 8);
	return d;
}

static inline uint64_t as_u64(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	return u;
}

/* Denormals and -0 become +0. */
static inline uint32_t f_flush(uint32_t x)
{
	return x & (0u - (uint32_t)((x & EXPM) != 0));
}

/* Denormals become a zero of the same sign (min/max keep signed zeros). */
static inline uint32_t f_daz(uint32_t x)
{
	return x & ((0u - (uint32_t)((x & EXPM) != 0)) | SIGN);
}

/* Ordering key of fmin/fmax: sign-magnitude order, -NaN lowest, +NaN
 * highest, both zeros equal. */
static inline int32_t f_key(uint32_t x)
{
	x = f_flush(x);
	return (int32_t)(x ^ ((uint32_t)((int32_t)x >> 31) >> 1));
}

/* LANE_PICK(c, a, b): c ? a : b. Off x86 by masks: GCC compiles fmin and
 * fmax's selects for ARM as branches with one side out of line, two
 * translation-block lookups under qemu-arm for each lane that takes it.
 * x86 keeps the plain select (the same code as before: it vectorises). */
#if SIM_HOST_DAZ
#define LANE_PICK(c, a, b) ((c) ? (a) : (b))
#else
#define LANE_PICK(c, a, b) lane_pick_masked((c), (a), (b))
static inline uint32_t lane_pick_masked(bool c, uint32_t a, uint32_t b)
{
	uint32_t m = 0u - (uint32_t)c;
	return (a & m) | (b & ~m);
}
#endif

static inline uint32_t f_is_special(uint32_t x)
{
	return (x & EXPM) == EXPM;
}

/* Input flush for fadd/fmul: not needed when the host already reads
 * denormals as zero (the result is flushed to +0 either way). */
static inline uint32_t f_in(uint32_t x)
{
	return SIM_HOST_DAZ ? x : f_flush(x);
}

#include "sim/sim_rtz.h"

#if SIM_HOST_DAZ
/* fmul toward zero of one lane, the host in round-toward-zero. */
static inline uint32_t lane_fmul_rtz(uint32_t a, uint32_t b)
{
	uint32_t r = f_flush(as_u(as_f(f_in(a)) * as_f(f_in(b))));
	r = (f_is_special(a) | f_is_special(b)) ? (((a ^ b) & SIGN) | EXPM) : r;
	return (((a & EXPM) == 0) | ((b & EXPM) == 0)) ? 0 : r;
}

/* itof: the host's conversion in round-toward-zero. */
static inline uint32_t lane_itof(uint32_t x)
{
	return as_u((float)(int32_t)x);
}

/* The unorm8 unpack: an exact division truncated by the host's mode. */
static inline uint32_t lane_unorm8(uint32_t byte)
{
	return as_u((float)((double)byte / 255.0));
}
#else
static inline uint32_t lane_fmul_rtz(uint32_t a, uint32_t b)
{
	return rtz_fmul(a, b);
}

static inline uint32_t lane_itof(uint32_t x)
{
	return rtz_itof(x);
}

static inline uint32_t lane_unorm8(uint32_t byte)
{
	return rtz_unorm8(byte);
}
#endif

/* fmul rounded to nearest even: the double product is exact; round it by
 * hand, whatever the host's mode (every step below is exact). */
static inline uint32_t lane_fmul_rne(uint32_t a, uint32_t b)
{
	uint32_t t = lane_fmul_rtz(a, b);
	if (t == 0 || f_is_special(t) || (t & 0x7fffffff) == 0x7f7fffff)
		return t;
	double p = (double)as_f(f_flush(a)) * (double)as_f(f_flush(b));
	double lo = fabs((double)as_f(t)), hi = fabs((double)as_f(t + 1));
	double rem = fabs(p) - lo, half = (hi - lo) / 2;
	if (rem > half || (rem == half && (t & 1)))
		t++;
	return t;
}

/* ftoi: the C conversion truncates in every rounding mode; the portable
 * path takes rtz_ftoi() (the same bits without the float unit, cheaper
 * under QEMU). */
static inline uint32_t lane_ftoi(uint32_t a)
{
	if (!SIM_HOST_DAZ)
		return rtz_ftoi(a);
	a = f_flush(a);
	uint32_t e = (a >> 23) & 0xff;
	float f = e < 127 + 31 ? as_f(a) : 0.0f;
	uint32_t r = (uint32_t)(int32_t)f;
	return (a & 0x7fffffff) == 0x7f7fffff ? SIGN : r;
}

static inline uint32_t lane_ror(uint32_t a, uint32_t b)
{
	uint32_t n = b & 31;
	return (a >> n) | (a << ((32 - n) & 31));
}

static inline uint32_t lane_clz(uint32_t a)
{
	return a ? (uint32_t)__builtin_clz(a) : 32;
}

#if SIM_HOST_DAZ
/* 8 float lanes as a GCC vector (two SSE registers on the baseline, one
 * AVX register in the AVX2 clones), loaded and stored at any 4-byte
 * alignment: the fadd and fmul lanes are written with it because GCC's
 * vectoriser, given their 16-lane loops inside the run loop, sometimes
 * built the operands from 32 scalar inserts. */
typedef float sim_v8f __attribute__((vector_size(32), aligned(4), may_alias));

/* Whether a lane of p (16 lanes) may be NaN: the lanes summed in pairs
 * down to four, then one compare (a NaN anywhere gives a NaN sum; so may
 * Inf - Inf, which only sends the caller to its exact per-lane rules).
 * No 8-lane compare: the baseline build would split it into 8 scalar
 * ones. */
static SIM_ALWAYS_INLINE int lanes_nan(const sim_v8f *p)
{
	sim_v8f s = p[0] + p[1];
	__m128 q[2];
	memcpy(q, &s, sizeof(q));
	__m128 t = _mm_add_ps(q[0], q[1]);
	return _mm_movemask_ps(_mm_cmpunord_ps(t, t));
}

/* res = r on 16 lanes. */
static SIM_ALWAYS_INLINE void lanes_store_v8(const sim_v8f *r, uint32_t *restrict res)
{
	for (int i = 0; i < SIM_LANES; i++)
		res[i] = as_u(r[i / 8][i % 8]);
}

/* The 16 lanes of lanes_fadd() by the per-lane rules: the host's sum where
 * no operand is Inf or NaN (flushed to +0 when its exponent is 0), else
 * the infinity of the operand that is Inf or NaN (the second one's
 * first). */
static SIM_ALWAYS_INLINE void lanes_fadd_special(const uint32_t *restrict a,
						 const uint32_t *restrict b, uint32_t flip,
						 uint32_t *restrict res)
{
	for (int i = 0; i < SIM_LANES; i++) {
		uint32_t y = b[i] ^ flip, p = as_u(as_f(a[i]) + as_f(y)), e = p & EXPM;
		uint32_t inf = ((f_is_special(y) ? y : a[i]) & SIGN) | EXPM;
		uint32_t r = p & (0u - (uint32_t)(e != 0));
		res[i] = e == EXPM ? inf : r;
	}
}

/* The 16 lanes of lanes_fmul_rtz() by the per-lane rules: the host's
 * product where both operands are finite (flushed to +0 when its exponent
 * is 0), else +0 for a zero or denormal operand and +-Inf otherwise. */
static SIM_ALWAYS_INLINE void lanes_fmul_special(const uint32_t *restrict a,
						 const uint32_t *restrict b,
						 uint32_t *restrict res)
{
	for (int i = 0; i < SIM_LANES; i++) {
		uint32_t p = as_u(as_f(a[i]) * as_f(b[i])), e = p & EXPM;
		uint32_t ea = a[i] & EXPM, eb = b[i] & EXPM, emin = ea < eb ? ea : eb;
		uint32_t inf = (((a[i] ^ b[i]) & SIGN) | EXPM) & (0u - (uint32_t)(emin != 0));
		uint32_t r = p & (0u - (uint32_t)(e != 0));
		res[i] = e == EXPM ? inf : r;
	}
}
#endif

/* fadd (flip 0) or fsub (flip SIGN) of 16 lanes, rtz_fadd()'s results
 * (sim_rtz.h: the portable path). With the host in round-toward-zero
 * reading denormals as zero and flushing denormal results to zero
 * (SIM_HOST_DAZ), the host's sum plus +0 (which turns -0 into +0 in this
 * mode and changes nothing else) is the answer in every lane whose sum is
 * not NaN: a finite sum never overflows to Inf toward zero, so an
 * infinite sum has one infinite operand or two of its sign, and that is
 * the QPU's infinity. A NaN sum (a NaN operand, Inf - Inf) is rare; when a
 * lane has one, the 16 lanes are computed again by the per-lane rules
 * (lanes_fadd_special()). x - y is x + (-y) in IEEE arithmetic. */
static SIM_ALWAYS_INLINE void lanes_fadd(const uint32_t *restrict a, const uint32_t *restrict b,
					 uint32_t flip, uint32_t *restrict res)
{
#if SIM_HOST_DAZ
	const sim_v8f *x = (const sim_v8f *)(const void *)a;
	const sim_v8f *y = (const sim_v8f *)(const void *)b;
	sim_v8f p[2] = { flip ? x[0] - y[0] : x[0] + y[0], flip ? x[1] - y[1] : x[1] + y[1] };
	if (__builtin_expect(lanes_nan(p), 0)) {
		uint32_t t[SIM_LANES];
		lanes_fadd_special(a, b, flip, t);
		memcpy(p, t, 64);
	} else {
		p[0] += 0.0f; /* -0 + +0 is +0 toward zero; nothing else changes */
		p[1] += 0.0f;
	}
	lanes_store_v8(p, res);
#else
	rtz_lanes_fadd(a, b, flip, res);
#endif
}

/* fmul toward zero of 16 lanes, lane_fmul_rtz()'s results, as lanes_fadd():
 * with SIM_HOST_DAZ the host's product plus +0 is right in every lane
 * whose product is not NaN (a zero or denormal operand gives +-0, then +0;
 * finite operands never give Inf toward zero; an infinite product has an
 * infinite operand, no zero one, and the product's sign); a NaN product
 * (a NaN operand, Inf x 0) sends the 16 lanes to lanes_fmul_special(). */
static SIM_ALWAYS_INLINE void lanes_fmul_rtz(const uint32_t *restrict a, const uint32_t *restrict b,
					     uint32_t *restrict res)
{
#if SIM_HOST_DAZ
	const sim_v8f *x = (const sim_v8f *)(const void *)a;
	const sim_v8f *y = (const sim_v8f *)(const void *)b;
	sim_v8f p[2] = { x[0] * y[0], x[1] * y[1] };
	if (__builtin_expect(lanes_nan(p), 0)) {
		uint32_t t[SIM_LANES];
		lanes_fmul_special(a, b, t);
		memcpy(p, t, 64);
	} else {
		p[0] += 0.0f;
		p[1] += 0.0f;
	}
	lanes_store_v8(p, res);
#else
	rtz_lanes_fmul(a, b, res);
#endif
}

/* carry[i] = "res[i] > 0" as a float (+Inf counts), when carry is wanted. */
static SIM_ALWAYS_INLINE void lanes_fpos(const uint32_t *restrict res, uint32_t *restrict carry)
{
	if (carry)
		for (int i = 0; i < SIM_LANES; i++)
			carry[i] = (uint32_t)((int32_t)res[i] > 0);
}

/* Loops over the 16 lanes computing RES (and CARRY when wanted). */
#define LANES(RES, CARRY)                                                   \
	do {                                                                \
		if (carry) {                                                \
			for (int i = 0; i < SIM_LANES; i++) {               \
				uint32_t x = a[i], y = b[i];                \
				(void)x; (void)y;                           \
				res[i] = (RES);                             \
				carry[i] = (CARRY);                         \
			}                                                   \
		} else {                                                    \
			for (int i = 0; i < SIM_LANES; i++) {               \
				uint32_t x = a[i], y = b[i];                \
				(void)x; (void)y;                           \
				res[i] = (RES);                             \
			}                                                   \
		}                                                           \
	} while (0)

/* Float "result > 0": +Inf counts, zero and negatives do not. */
#define FPOS(r) ((uint32_t)((int32_t)(r) > 0))

/* Per-byte ops over the 64 bytes of a vector: each byte is its own lane, so
 * the host byte order does not matter. Written on bytes (not as SWAR on
 * words) because GCC turns these loops into the SIMD byte instructions
 * (unsigned saturating add/sub, byte min/max). */
#define BYTES(EXPR)                                                         \
	do {                                                                \
		const uint8_t *pa = (const uint8_t *)a, *pb = (const uint8_t *)b; \
		uint8_t *pr = (uint8_t *)res;                               \
		for (int i = 0; i < SIM_LANES * 4; i++) {                   \
			uint8_t x = pa[i], y = pb[i];                       \
			pr[i] = (uint8_t)(EXPR);                            \
		}                                                           \
		if (carry)                                                  \
			memset(carry, 0, SIM_LANES * 4);                    \
	} while (0)

/* The per-byte ops on the four bytes of one word at once (SWAR), for
 * hosts whose byte loops do not vectorise (v8_op() off x86: under qemu-arm
 * each byte of a byte loop is a translation block). v8_word_borrow(): bit
 * 7 of each byte set where a's byte is below b's (the borrow out of the
 * byte's subtraction), *diff the bytes' differences modulo 256. */
static inline uint32_t v8_word_borrow(uint32_t a, uint32_t b, uint32_t *diff)
{
	const uint32_t h = 0x80808080u;
	uint32_t d = ((a | h) - (b & ~h)) ^ ((a ^ ~b) & h);
	*diff = d;
	return ((~a & b) | (~(a ^ b) & d)) & h;
}

/* v8adds..v8muld (kind 0-3 and above, as v8_op()) of the four bytes of a
 * and b: sums with a carry out of bit 7 saturate to 255, differences with
 * a borrow to 0; min and max select by the borrow; muld's (x * y + 127) /
 * 255 per byte is (t + 1 + (t >> 8)) >> 8 for t = x * y + 127 <= 65152,
 * two bytes at a time in 16-bit fields (below 65536 at every step). */
static inline uint32_t v8_word(unsigned kind, uint32_t a, uint32_t b)
{
	const uint32_t h = 0x80808080u;
	uint32_t d, m;
	switch (kind) {
	case 0: {
		uint32_t s = ((a & ~h) + (b & ~h)) ^ ((a ^ b) & h);
		uint32_t c = ((a & b) | ((a ^ b) & ~s)) & h;
		return s | (c >> 7) * 255u;
	}
	case 1:
		m = (v8_word_borrow(a, b, &d) >> 7) * 255u;
		return d & ~m;
	case 2:
		m = (v8_word_borrow(a, b, &d) >> 7) * 255u;
		return (a & m) | (b & ~m);
	case 3:
		m = (v8_word_borrow(a, b, &d) >> 7) * 255u;
		return (b & m) | (a & ~m);
	default: {
		uint32_t e = ((a & 0xffu) * (b & 0xffu)) | ((a >> 16 & 0xffu) * (b >> 16 & 0xffu)) << 16;
		uint32_t o = ((a >> 8 & 0xffu) * (b >> 8 & 0xffu)) | ((a >> 24) * (b >> 24)) << 16;
		e += 0x007f007fu;
		o += 0x007f007fu;
		e = ((e + 0x00010001u + (e >> 8 & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
		o = ((o + 0x00010001u + (o >> 8 & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
		return e | o << 8;
	}
	}
}

/* The per-byte MUL op `kind` (v8min, v8max, v8adds, v8subs, v8muld) of a
 * and b into res (kind 0-3 and above: adds, subs, min, max, muld); carry,
 * when given, is cleared. */
static SIM_ALWAYS_INLINE void v8_op(unsigned kind, const uint32_t *restrict a,
				    const uint32_t *restrict b, uint32_t *restrict res,
				    uint32_t *restrict carry)
{
#if !SIM_HOST_DAZ
	/* v8min or v8max of a vector with itself (the MUL unit's `mov`) is
	 * the vector. Off x86 the byte loops do not vectorise (under qemu-arm
	 * each byte is a translation block): a copy of the words there. */
	if ((kind == 2 || kind == 3) && a == b) {
		for (int i = 0; i < SIM_LANES; i++)
			res[i] = a[i];
		if (carry)
			memset(carry, 0, SIM_LANES * 4);
		return;
	}
	VC4_LOOP(i, SIM_LANES)
		res[i] = v8_word(kind, a[i], b[i]);
	VC4_LOOP_END(i, SIM_LANES)
	if (carry)
		memset(carry, 0, SIM_LANES * 4);
#else
	switch (kind) {
	case 0: BYTES((uint8_t)(x + y) < x ? 255 : x + y); break;  /* v8adds */
	case 1: BYTES(x > y ? x - y : 0); break;                     /* v8subs */
	case 2: BYTES(x < y ? x : y); break;                         /* v8min */
	case 3: BYTES(x > y ? x : y); break;                         /* v8max */
	default: BYTES(((unsigned)x * y + 127) / 255); break;        /* v8muld */
	}
#endif
}

#if SIM_HOST_DAZ
/* round(x * 255) for a lane f the pack below takes as 0 < x < 1 (a
 * normal float; other lanes any value, unused), in double (exact whatever
 * the host rounding: 24 x 8 bits). */
static SIM_ALWAYS_INLINE uint32_t pack_unorm8_mid(uint32_t f)
{
	/* below 510.5: through int32_t, one vector conversion */
	return (uint32_t)(int32_t)((double)as_f(f & 0x3fffffffu) * 255.0 + 0.5);
}
#else
/* The byte of sim_lanes_pack_mul() for the float bits x, off x86 in
 * integers (QEMU's guests pay a call per double operation) and by masks
 * (under QEMU every conditional instruction is a branch): f <= 0 (signed)
 * gives 0, f >= 1.0 (NaN and Inf included) 255, denormals 0. The bits are
 * first clamped as integers to [+0, 1.0] (positive floats order as their
 * bits; a negative lane becomes +0). Then f = m * 2^(e - 150):
 * round(f * 255) = floor(a / 2^s + 1/2) for a = 255 m < 2^32, s = 150 - e
 * >= 23, is (floor(a / 2^(s - 1)) + 1) >> 1, which is 255 for 1.0, and 0
 * once s - 1 > 31 (a < 2^32 <= 2^(s - 1): +0, denormals, tiny values);
 * that shift is 22..148, so its limit is a sign mask. The same bytes as
 * the double formula for every x (checked for all 2^32;
 * tests/sim/test_sim_sfu.c samples them). */
static SIM_ALWAYS_INLINE uint32_t pack_unorm8_masks(uint32_t x)
{
	uint32_t f = x & ~rtz_neg(x);                   /* negative: +0 */
	uint32_t t = f - 0x3f800000u;
	f = 0x3f800000u + (t & rtz_neg(t));             /* min(f, 1.0) */
	uint32_t a = ((f & 0x7fffffu) | 0x800000u) * 255u;
	uint32_t sh = 149u - (f >> 23);
	uint32_t q = (a >> (sh & 31u)) & ~rtz_neg(31u - sh);
	return (q + 1u) >> 1;
}
#endif

/* The MUL unit's PM=1 pack (mode 3..7: 8888, 8a..8d) of 16 lanes, as
 * sim_pack_mul() (sim_alu.c) does one: the float clamped to [0, 1], times
 * 255, rounded to nearest (pack_unorm8_mid(), pack_unorm8_masks()), NaN
 * counting as > 1 by its sign; *mask gets the bits written. Branch-free so
 * that the loop vectorises. */
static SIM_ALWAYS_INLINE void sim_lanes_pack_mul(unsigned mode, const uint32_t *restrict x,
						 uint32_t *restrict out, uint32_t *mask)
{
	unsigned k = (mode - 4u) & 3;
	uint32_t mul = mode == 3 ? 0x01010101u : 1u, sh = mode == 3 ? 0 : 8 * k;
	VC4_LOOP(i, SIM_LANES)
#if SIM_HOST_DAZ
		uint32_t f = f_flush(x[i]);
		uint32_t mid = pack_unorm8_mid(f);
		uint32_t byte = (int32_t)f <= 0 ? 0 : f >= 0x3f800000u ? 255 : mid;
#else
		uint32_t byte = pack_unorm8_masks(x[i]);
#endif
		out[i] = (byte * mul) << sh;
	VC4_LOOP_END(i, SIM_LANES)
	*mask = mode == 3 ? ~0u : 0xffu << sh;
}

#if !SIM_HOST_DAZ
/* sim_lanes_pack_mul() stored to all lanes of dst: the packed bits
 * replace theirs, the others are kept (what masked_store() does with the
 * mask of the condition `always`), in one loop. x may be dst. */
static SIM_ALWAYS_INLINE void sim_lanes_pack_mul_into(unsigned mode, const uint32_t *x,
						      uint32_t *dst)
{
	unsigned k = (mode - 4u) & 3;
	uint32_t mul = mode == 3 ? 0x01010101u : 1u, sh = mode == 3 ? 0 : 8 * k;
	uint32_t keep = mode == 3 ? 0 : ~(0xffu << sh);
	VC4_LOOP(i, SIM_LANES)
		dst[i] = (dst[i] & keep) | (pack_unorm8_masks(x[i]) * mul) << sh;
	VC4_LOOP_END(i, SIM_LANES)
}
#endif

/* sim_unpack(mode, true, x) of 16 lanes (the PM=1 unpack of r4, mode not
 * QPU_UNPACK_NOP): the unorm8 bytes (8a..8d) as one loop that vectorises,
 * lane_unorm8() as sim_unpack(); the other modes lane by lane. */
static SIM_ALWAYS_INLINE void sim_lanes_unpack_float(unsigned mode, const uint32_t *restrict x,
						     uint32_t *restrict out)
{
	const struct qpu_unpack_info *u = &qpu_unpacks[mode];
	if (u->bits == 8 && !u->replicate) {
		unsigned sh = u->shift;
		for (int i = 0; i < 16; i++)
			out[i] = lane_unorm8((x[i] >> sh) & 0xff);
		return;
	}
	for (int i = 0; i < 16; i++)
		out[i] = sim_unpack((enum qpu_unpack)mode, true, x[i]);
}

/* The lane loops are compiled twice where SIM_HOST_AVX2 (AVX2 and
 * baseline), the best one picked at load time. */
#if SIM_HOST_AVX2
#define SIM_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SIM_CLONES
#endif
/* For a function other files call: clang before 16 names the dispatcher of
 * an external clone NAME.ifunc, so calls to NAME do not link; GCC only there. */
#if defined(__clang__) && __clang_major__ < 16
#define SIM_CLONES_EXTERN
#else
#define SIM_CLONES_EXTERN SIM_CLONES
#endif

/* One ADD op on 16 lanes (sim_alu_add()'s contract); carry may be NULL, and
 * a constant NULL removes the carry code when inlined. */
static SIM_ALWAYS_INLINE void sim_lanes_add(enum qpu_op_add op, const uint32_t *restrict a,
				 const uint32_t *restrict b, uint32_t *restrict res,
				 uint32_t *restrict carry)
{
	switch (op) {
	case QPU_A_FADD: lanes_fadd(a, b, 0, res); lanes_fpos(res, carry); break;
	case QPU_A_FSUB: lanes_fadd(a, b, SIGN, res); lanes_fpos(res, carry); break;
	case QPU_A_FMIN:
		LANES(LANE_PICK(f_key(y) < f_key(x), f_daz(y), f_daz(x)), f_key(x) > f_key(y));
		break;
	case QPU_A_FMAX:
		LANES(LANE_PICK(f_key(x) > f_key(y), f_daz(x), f_daz(y)), f_key(x) > f_key(y));
		break;
	case QPU_A_FMINABS:
		LANES(LANE_PICK(f_key(y & ~SIGN) < f_key(x & ~SIGN), f_daz(y & ~SIGN),
				f_daz(x & ~SIGN)),
		      f_key(x & ~SIGN) > f_key(y & ~SIGN));
		break;
	case QPU_A_FMAXABS:
		LANES(LANE_PICK(f_key(x & ~SIGN) > f_key(y & ~SIGN), f_daz(x & ~SIGN),
				f_daz(y & ~SIGN)),
		      f_key(x & ~SIGN) > f_key(y & ~SIGN));
		break;
	case QPU_A_FTOI: LANES(lane_ftoi(x), 0); break;
	case QPU_A_ITOF: LANES(lane_itof(x), (int32_t)x > 0); break;
	case QPU_A_ADD: LANES(x + y, x + y < x); break;
	case QPU_A_SUB: LANES(x - y, x < y); break;
	case QPU_A_SHR: LANES(x >> (y & 31), (y & 31) ? (x >> ((y - 1) & 31)) & 1 : 0); break;
	case QPU_A_ASR:
		LANES((uint32_t)((int32_t)x >> (y & 31)),
		      (y & 31) ? (x >> ((y - 1) & 31)) & 1 : 0);
		break;
	case QPU_A_ROR: LANES(lane_ror(x, y), 0); break;
	case QPU_A_SHL:
		LANES(x << (y & 31), (y & 31) ? (x >> ((32 - y) & 31)) & 1 : 0); break;
	case QPU_A_MIN:
		LANES((int32_t)x < (int32_t)y ? x : y, (int32_t)x > (int32_t)y); break;
	case QPU_A_MAX:
		LANES((int32_t)x > (int32_t)y ? x : y, (int32_t)x > (int32_t)y); break;
	case QPU_A_AND: LANES(x & y, 0); break;
	case QPU_A_OR: LANES(x | y, 0); break;
	case QPU_A_XOR: LANES(x ^ y, 0); break;
	case QPU_A_NOT: LANES(~x, 0); break;
	case QPU_A_CLZ: LANES(lane_clz(x), 0); break;
	case QPU_A_V8ADDS: v8_op(0, a, b, res, carry); break;
	case QPU_A_V8SUBS: v8_op(1, a, b, res, carry); break;
	default: LANES(0, 0); break;
	}
}

/* One MUL op on 16 lanes (sim_alu_mul()'s contract). */
static SIM_ALWAYS_INLINE void sim_lanes_mul(enum qpu_op_mul op, enum sim_fmul_round round,
				 const uint32_t *restrict a, const uint32_t *restrict b,
				 uint32_t *restrict res, uint32_t *restrict carry)
{
	switch (op) {
	case QPU_M_FMUL:
		if (round == SIM_FMUL_RNE)
			LANES(lane_fmul_rne(x, y), FPOS(res[i]));
		else
			lanes_fmul_rtz(a, b, res), lanes_fpos(res, carry);
		break;
	case QPU_M_MUL24:
		LANES((x & 0xffffff) * (y & 0xffffff),
		      (((uint64_t)(x & 0xffffff) * (y & 0xffffff)) >> 32) != 0);
		break;
	case QPU_M_V8MULD: v8_op(4, a, b, res, carry); break;
	case QPU_M_V8MIN: v8_op(2, a, b, res, carry); break;
	case QPU_M_V8MAX: v8_op(3, a, b, res, carry); break;
	case QPU_M_V8ADDS: v8_op(0, a, b, res, carry); break;
	case QPU_M_V8SUBS: v8_op(1, a, b, res, carry); break;
	default: LANES(0, 0); break;
	}
}

#endif
