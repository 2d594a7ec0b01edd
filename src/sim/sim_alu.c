/*
 * sim_alu.c: bit-exact QPU ALU, SFU, pack and unpack arithmetic.
 *
 * Every op is a per-lane inline function written without branches so that
 * the 16-lane loops in sim_alu_add()/sim_alu_mul() auto-vectorise. Float
 * rules (docs/sim.md): denormal inputs and outputs flush to +0, -0 is +0 for
 * fadd/fsub/fmul, NaN and Inf operands give +-Inf, rounding is toward zero
 * (the host runs in FE_TOWARDZERO, see sim_fpu_enter()).
 */
#include <math.h>
#include <string.h>

#include "sim_alu.h"

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

static inline uint32_t lane_fadd(uint32_t a, uint32_t b)
{
	uint32_t r = f_flush(as_u(as_f(f_in(a)) + as_f(f_in(b))));
	r = f_is_special(a) ? ((a & SIGN) | EXPM) : r;
	return f_is_special(b) ? ((b & SIGN) | EXPM) : r;
}

static inline uint32_t lane_fmul_rtz(uint32_t a, uint32_t b)
{
	uint32_t r = f_flush(as_u(as_f(f_in(a)) * as_f(f_in(b))));
	r = (f_is_special(a) | f_is_special(b)) ? (((a ^ b) & SIGN) | EXPM) : r;
	return (((a & EXPM) == 0) | ((b & EXPM) == 0)) ? 0 : r;
}

/* fmul rounded to nearest even: the double product is exact; round it by
 * hand because the host runs in round-toward-zero. */
static uint32_t lane_fmul_rne(uint32_t a, uint32_t b)
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

static inline uint32_t lane_ftoi(uint32_t a)
{
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

/* Per-byte ops over the 64 bytes of a vector (v8muld only). */
#define BYTES(EXPR)                                                         \
	do {                                                                \
		const uint8_t *pa = (const uint8_t *)a, *pb = (const uint8_t *)b; \
		uint8_t *pr = (uint8_t *)res;                               \
		for (int i = 0; i < SIM_LANES * 4; i++) {                   \
			unsigned x = pa[i], y = pb[i];                      \
			pr[i] = (uint8_t)(EXPR);                            \
		}                                                           \
		if (carry)                                                  \
			memset(carry, 0, SIM_LANES * 4);                    \
	} while (0)

/* Per-byte saturating add/sub and unsigned min/max on whole words (SWAR),
 * so the lane loops vectorise. H = the top bit of each byte. */
#define H 0x80808080u
static inline uint32_t v8_adds(uint32_t x, uint32_t y)
{
	uint32_t sum = ((x & ~H) + (y & ~H)) ^ ((x ^ y) & H);
	uint32_t over = ((x & y) | ((x | y) & ~sum)) & H; /* carry out of each byte */
	return sum | ((over >> 7) * 0xffu);
}

static inline uint32_t v8_subs(uint32_t x, uint32_t y)
{
	uint32_t diff = ((x | H) - (y & ~H)) ^ ((x ^ ~y) & H);
	uint32_t borrow = ((~x & y) | (~(x ^ y) & diff)) & H; /* borrow out of each byte */
	return diff & ~((borrow >> 7) * 0xffu);
}

/* Per-byte x < y (unsigned) as 0xff bytes. */
static inline uint32_t v8_lt(uint32_t x, uint32_t y)
{
	uint32_t borrow = ((~x & y) | (~(x ^ y) & (((x | H) - (y & ~H)) ^ ((x ^ ~y) & H)))) & H;
	return (borrow >> 7) * 0xffu;
}
#undef H

static inline void v8_op(unsigned kind, const uint32_t *restrict a, const uint32_t *restrict b,
		  uint32_t *restrict res, uint32_t *restrict carry)
{
	switch (kind) {
	case 0: LANES(v8_adds(x, y), 0); break;
	case 1: LANES(v8_subs(x, y), 0); break;
	case 2: LANES((x & v8_lt(x, y)) | (y & ~v8_lt(x, y)), 0); break;
	case 3: LANES((y & v8_lt(x, y)) | (x & ~v8_lt(x, y)), 0); break;
	default: BYTES((x * y + 127) / 255); break;
	}
}

/* The lane loops are compiled twice on x86-64 (AVX2 and baseline) and the
 * best one is picked at load time. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__) && \
	!defined(__SANITIZE_ADDRESS__)
#define SIM_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define SIM_CLONES
#endif

SIM_CLONES
void sim_alu_add(enum qpu_op_add op, const uint32_t *restrict a, const uint32_t *restrict b,
		 uint32_t *restrict res, uint32_t *restrict carry)
{
	switch (op) {
	case QPU_A_FADD: LANES(lane_fadd(x, y), FPOS(res[i])); break;
	case QPU_A_FSUB: LANES(lane_fadd(x, y ^ SIGN), FPOS(res[i])); break;
	case QPU_A_FMIN:
		LANES(f_key(y) < f_key(x) ? f_daz(y) : f_daz(x), f_key(x) > f_key(y)); break;
	case QPU_A_FMAX:
		LANES(f_key(x) > f_key(y) ? f_daz(x) : f_daz(y), f_key(x) > f_key(y)); break;
	case QPU_A_FMINABS:
		LANES(f_key(y & ~SIGN) < f_key(x & ~SIGN) ? f_daz(y & ~SIGN) : f_daz(x & ~SIGN),
		      f_key(x & ~SIGN) > f_key(y & ~SIGN));
		break;
	case QPU_A_FMAXABS:
		LANES(f_key(x & ~SIGN) > f_key(y & ~SIGN) ? f_daz(x & ~SIGN) : f_daz(y & ~SIGN),
		      f_key(x & ~SIGN) > f_key(y & ~SIGN));
		break;
	case QPU_A_FTOI: LANES(lane_ftoi(x), 0); break;
	case QPU_A_ITOF: LANES(as_u((float)(int32_t)x), (int32_t)x > 0); break;
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

SIM_CLONES
void sim_alu_mul(enum qpu_op_mul op, enum sim_fmul_round round, const uint32_t *restrict a,
		 const uint32_t *restrict b, uint32_t *restrict res, uint32_t *restrict carry)
{
	switch (op) {
	case QPU_M_FMUL:
		if (round == SIM_FMUL_RNE)
			LANES(lane_fmul_rne(x, y), FPOS(res[i]));
		else
			LANES(lane_fmul_rtz(x, y), FPOS(res[i]));
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

/* ---- SFU ---------------------------------------------------------------- */

/* The exact function value, converted to float bits toward zero with
 * overflow to +-Inf. */
static uint32_t sfu_exact(enum sim_sfu_func func, uint32_t x)
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
	uint64_t d;
	memcpy(&d, &r, 8);
	int e = (int)((d >> 52) & 0x7ff) - 1023 + 127;
	if (e <= 0)
		return 0;
	return (uint32_t)(d >> 63) << 31 | (uint32_t)e << 23 | (uint32_t)((d >> 29) & 0x7fffff);
}

/* Special operands (docs/sim.md): returns true and sets *out when x is one. */
static bool sfu_special(enum sim_sfu_func func, uint32_t x, uint32_t *out)
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
static uint32_t sfu_lane(enum sim_sfu_func func, enum sim_sfu_model model, uint32_t x)
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

void sim_sfu_vec(enum sim_sfu_func func, enum sim_sfu_model model, const uint32_t *in,
		 uint32_t *out)
{
	unsigned saved = sim_fpu_get();
	sim_fpu_set(sim_fpu_nearest(saved));
	for (int i = 0; i < SIM_LANES; i++)
		out[i] = sfu_lane(func, model, in[i]);
	sim_fpu_set(saved);
}

uint32_t sim_sfu(enum sim_sfu_func func, enum sim_sfu_model model, uint32_t x)
{
	uint32_t in[SIM_LANES] = { x }, out[SIM_LANES];
	sim_sfu_vec(func, model, in, out);
	return out[0];
}

/* ---- pack / unpack ------------------------------------------------------ */

uint32_t sim_f16_to_f32(uint32_t h)
{
	uint32_t s = (h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
	if (e == 0)
		return 0;
	if (e == 31)
		return s | EXPM | (m << 13);
	return s | ((e - 15 + 127) << 23) | (m << 13);
}

uint32_t sim_f32_to_f16(uint32_t f)
{
	uint32_t s = (f >> 16) & 0x8000u;
	int32_t e = (int32_t)((f >> 23) & 0xff);
	if (e == 255)
		return s | 0x7c00u;
	e = e - 127 + 15;
	if (e <= 0)
		return 0;
	if (e >= 31)
		return s | 0x7bffu;
	return s | ((uint32_t)e << 10) | ((f >> 13) & 0x3ff);
}

uint32_t sim_unpack(enum qpu_unpack mode, bool as_float, uint32_t x)
{
	const struct qpu_unpack_info *u = &qpu_unpacks[mode];
	if (mode == QPU_UNPACK_NOP)
		return x;
	uint32_t field = (x >> u->shift) & ((1u << u->bits) - 1);
	if (u->replicate)
		return field * 0x01010101u;
	if (u->bits == 16)
		return as_float ? sim_f16_to_f32(field) : (uint32_t)(int32_t)(int16_t)field;
	if (!as_float)
		return field;
	/* unorm8 to float: exact division, then truncation (host RTZ) */
	return as_u((float)((double)field / 255.0));
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

uint32_t sim_pack_a(enum qpu_pack_a mode, bool is_float, uint32_t x, int64_t wide,
		    uint32_t *mask)
{
	const struct qpu_pack_info *p = &qpu_packs_a[mode];
	*mask = 0xffffffffu;
	if (mode == QPU_PACK_A_NOP)
		return x;
	if (mode == QPU_PACK_A_32_SAT)
		return (uint32_t)clamp64(wide, INT32_MIN, INT32_MAX);
	if (p->bits == 16) {
		bool hi = mode == QPU_PACK_A_16B || mode == QPU_PACK_A_16B_SAT;
		uint32_t v = is_float ? sim_f32_to_f16(x)
			   : p->sat ? (uint32_t)clamp64(wide, INT16_MIN, INT16_MAX) & 0xffff
			   : x & 0xffff;
		*mask = hi ? 0xffff0000u : 0xffffu;
		return hi ? v << 16 : v;
	}
	uint32_t byte = p->sat ? (uint32_t)clamp64(wide, 0, 255) : (x & 0xff);
	if (mode == QPU_PACK_A_8888 || mode == QPU_PACK_A_8888_SAT)
		return byte * 0x01010101u;
	unsigned k = (unsigned)(p->sat ? mode - QPU_PACK_A_8A_SAT : mode - QPU_PACK_A_8A);
	*mask = 0xffu << (8 * k);
	return byte << (8 * k);
}

/* Float to unorm8: clamp to [0, 1], scale by 255, round to nearest. */
static uint32_t f_to_unorm8(uint32_t x)
{
	x = f_flush(x);
	if ((int32_t)x <= 0)
		return 0;
	if (x >= 0x3f800000u)
		return 255;
	return (uint32_t)((double)as_f(x) * 255.0 + 0.5);
}

uint32_t sim_pack_mul(enum qpu_pack_mul mode, bool is_float, uint32_t x, uint32_t *mask)
{
	*mask = 0xffffffffu;
	if (mode == QPU_PACK_MUL_NOP)
		return x;
	uint32_t byte = is_float ? f_to_unorm8(x) : (x & 0xff);
	if (mode == QPU_PACK_MUL_8888)
		return byte * 0x01010101u;
	unsigned k = (unsigned)(mode - QPU_PACK_MUL_8A) & 3;
	*mask = 0xffu << (8 * k);
	return byte << (8 * k);
}
