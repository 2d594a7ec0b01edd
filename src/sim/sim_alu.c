/*
 * sim_alu.c: bit-exact QPU ALU, SFU, pack and unpack arithmetic. The ADD and
 * MUL op loops live in sim_lanes.h (shared with the interpreter's hot loop);
 * this file compiles them as the public sim_alu_add()/sim_alu_mul().
 */
#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "sim_alu.h"
#include "sim_lanes.h"

SIM_CLONES_EXTERN
void sim_alu_add(enum qpu_op_add op, const uint32_t *restrict a, const uint32_t *restrict b,
		 uint32_t *restrict res, uint32_t *restrict carry)
{
	sim_lanes_add(op, a, b, res, carry);
}

SIM_CLONES_EXTERN
void sim_alu_mul(enum qpu_op_mul op, enum sim_fmul_round round, const uint32_t *restrict a,
		 const uint32_t *restrict b, uint32_t *restrict res, uint32_t *restrict carry)
{
	sim_lanes_mul(op, round, a, b, res, carry);
}

/* ---- SFU ---------------------------------------------------------------- */

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
	uint64_t d;
	memcpy(&d, &r, 8);
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
 * from vectorising sqrt(), so x86 takes two lanes per instruction by hand:
 * sqrtpd rounds as sqrtsd does, in the current mode. */
static inline void sqrt16(double *v)
{
#ifdef __SSE2__
	for (int i = 0; i < SIM_LANES; i += 2)
		_mm_storeu_pd(v + i, _mm_sqrt_pd(_mm_loadu_pd(v + i)));
#else
	for (int i = 0; i < SIM_LANES; i++)
		v[i] = sqrt(v[i]);
#endif
}

/* recip or recipsqrt of 16 lanes: sfu_lane()'s results without branches, so
 * that the loops vectorise. Lanes with a special operand (zero, Inf/NaN, and
 * for recip an exponent >= 253) compute 1.0 instead and take their special
 * result at the end; every other lane's exact value is a normal float
 * (recip: |x| in [2^-126, 2^126) gives (2^-126, 2^126]; recipsqrt: |x| in
 * [2^-126, 2^128) gives (2^-64, 2^63]), so the conversion toward zero is the
 * double's sign, its exponent rebiased and its top 23 mantissa bits: no
 * overflow, underflow or flush case is left to test. */
SIM_CLONES
static void sfu_vec_div(bool rsqrt, enum sim_sfu_model model, const uint32_t *restrict in,
			uint32_t *restrict out)
{
	static const uint32_t keep[] = {
		[SIM_SFU_15BIT] = 0xffffff00u,
		[SIM_SFU_13BIT] = 0xfffffc00u,
		[SIM_SFU_EXACT] = 0xffffffffu,
	};
	uint32_t x[SIM_LANES], spec[SIM_LANES], sval[SIM_LANES], mask = keep[model];
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
		uint64_t d;
		memcpy(&d, &r[i], 8);
		uint32_t sign = (uint32_t)(d >> 32) & SIGN;
		uint32_t mag = (uint32_t)(((d & ~((uint64_t)1 << 63)) >> 29) - ((uint64_t)896 << 23));
		out[i] = (((sign | mag) & mask) & ~spec[i]) | (sval[i] & spec[i]);
	}
}

/* 16 lanes of one function: the switch is outside the lane loop so that each
 * loop gets sfu_lane() specialised for its function. */
void sim_sfu_vec(enum sim_sfu_func func, enum sim_sfu_model model, const uint32_t *in,
		 uint32_t *out)
{
	unsigned saved = sim_fpu_get();
	sim_fpu_set(sim_fpu_nearest(saved));
#define SFU_LOOP(F)                                                         \
	for (int i = 0; i < SIM_LANES; i++)                                 \
		out[i] = sfu_lane(F, model, in[i])
	switch (func) {
	case SIM_SFU_RECIP: sfu_vec_div(false, model, in, out); break;
	case SIM_SFU_RECIPSQRT: sfu_vec_div(true, model, in, out); break;
	case SIM_SFU_EXP2: SFU_LOOP(SIM_SFU_EXP2); break;
	default: SFU_LOOP(SIM_SFU_LOG2); break;
	}
#undef SFU_LOOP
	sim_fpu_set(saved);
}

/* One lane through sim_sfu_vec() (one code path for both). */
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

/* Regfile A unpack `mode` of one word x (the operand of a float op when
 * `as_float`): the 16-bit halves as half floats or sign-extended integers,
 * the bytes as unorm8 floats or integers, replicated bytes; x itself for
 * QPU_UNPACK_NOP. Never fails. */
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

/* Regfile A pack `mode` of a result x (`is_float`: an ADD float op's;
 * `wide`: the exact integer result, for the saturating packs). Returns the
 * packed word and sets *mask to the bits of the destination it writes
 * (all 32 for the unpacked and 32-bit modes). Never fails. */
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

uint32_t sim_pack_mul(enum qpu_pack_mul mode, uint32_t x, uint32_t *mask)
{
	*mask = 0xffffffffu;
	if (mode == QPU_PACK_MUL_NOP)
		return x;
	uint32_t byte = f_to_unorm8(x);
	if (mode == QPU_PACK_MUL_8888)
		return byte * 0x01010101u;
	unsigned k = (unsigned)(mode - QPU_PACK_MUL_8A) & 3;
	*mask = 0xffu << (8 * k);
	return byte << (8 * k);
}
