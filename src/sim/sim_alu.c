/*
 * sim_alu.c: bit-exact QPU ALU, pack and unpack arithmetic. The ADD and
 * MUL op loops live in sim_lanes.h (shared with the interpreter's hot loop);
 * this file compiles them as the public sim_alu_add()/sim_alu_mul(). The
 * SFU is in sim_sfu.c.
 */
#include <math.h>
#include <string.h>

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
	/* unorm8 to float: the exact quotient truncated */
	return lane_unorm8(field);
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

uint32_t sim_pack_mul(enum qpu_pack_mul mode, uint32_t x, uint32_t *mask)
{
	*mask = 0xffffffffu;
	if (mode == QPU_PACK_MUL_NOP)
		return x;
	uint32_t byte = qpu_pack_unorm8(x);   /* the ISA module's conversion */
	if (mode == QPU_PACK_MUL_8888)
		return byte * 0x01010101u;
	unsigned k = (unsigned)(mode - QPU_PACK_MUL_8A) & 3;
	*mask = 0xffu << (8 * k);
	return byte << (8 * k);
}
