/*
 * pack_runtime.h: the hand-written support that the generated vc4_packets.h
 * relies on: the address and hook types shared with the CL builder, and the
 * little bit-field helpers every generated _pack/_unpack function calls.
 *
 * Bit numbering is little-endian and independent of the host: bit n of a
 * buffer is bit (n % 8) of byte (n / 8); a field of `size` bits starting at
 * bit `bit` is the integer made of those bits, least significant first.
 * Each pack helper checks that the value fits its field; if not it reports
 * the packet, field and value through hooks->range_error (when hooks and the
 * callback are non-NULL), writes nothing and returns false.
 */
#ifndef VC4_PACK_RUNTIME_H
#define VC4_PACK_RUNTIME_H

#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct vc4_bo; /* the CL builder's buffer object */

/* A GPU address before relocation: an offset inside a BO (bo may be NULL). */
struct vc4_address {
	struct vc4_bo *bo;
	uint32_t offset;
};

struct vc4_pack_hooks {
	void *user;
	/* Called once for each address field while packing: records the
	 * relocation and returns the value the field holds (the offset). */
	uint32_t (*reloc)(void *user, const struct vc4_address *addr);
	/* Called for a value that does not fit: packet, field, value as text. */
	void (*range_error)(void *user, const char *packet, const char *field,
			    const char *value);
};

/* Writes the low `size` bits of v at bit `bit` of dst (other bits kept). */
static inline void vc4_put_bits(uint8_t *dst, unsigned bit, unsigned size, uint64_t v)
{
	unsigned done = 0;

	while (done < size) {
		unsigned pos = bit + done, off = pos % 8;
		unsigned n = size - done < 8 - off ? size - done : 8 - off;
		uint8_t mask = (uint8_t)(((1u << n) - 1) << off);

		dst[pos / 8] = (uint8_t)((dst[pos / 8] & ~mask) |
					 ((uint8_t)((v >> done) << off) & mask));
		done += n;
	}
}

/* Reads the `size`-bit field at bit `bit` of src, zero-extended. */
static inline uint64_t vc4_get_bits(const uint8_t *src, unsigned bit, unsigned size)
{
	uint64_t v = 0;
	unsigned done = 0;

	while (done < size) {
		unsigned pos = bit + done, off = pos % 8;
		unsigned n = size - done < 8 - off ? size - done : 8 - off;
		uint64_t piece = (src[pos / 8] >> off) & ((1u << n) - 1);

		v |= piece << done;
		done += n;
	}
	return v;
}

/* Reports a value that does not fit (the text is already formatted). */
static inline void vc4_pack_report(const struct vc4_pack_hooks *hooks, const char *packet,
				   const char *field, const char *text)
{
	if (hooks && hooks->range_error)
		hooks->range_error(hooks->user, packet, field, text);
}

/* Largest value of an unsigned field of `size` bits (1..64). */
static inline uint64_t vc4_field_max(unsigned size)
{
	return size >= 64 ? UINT64_MAX : (UINT64_C(1) << size) - 1;
}

/* Packs an unsigned integer; false (reported) if v needs more than size bits. */
static inline bool vc4_pack_uint(const struct vc4_pack_hooks *hooks, const char *packet,
				 const char *field, uint64_t v, uint8_t *dst, unsigned bit,
				 unsigned size)
{
	char text[32];

	if (v > vc4_field_max(size)) {
		snprintf(text, sizeof(text), "%" PRIu64, v);
		vc4_pack_report(hooks, packet, field, text);
		return false;
	}
	vc4_put_bits(dst, bit, size, v);
	return true;
}

/* Packs an enum value (any C enum converts to int64_t without loss). */
static inline bool vc4_pack_enum(const struct vc4_pack_hooks *hooks, const char *packet,
				 const char *field, int64_t v, uint8_t *dst, unsigned bit,
				 unsigned size)
{
	char text[32];

	if (v < 0 || (uint64_t)v > vc4_field_max(size)) {
		snprintf(text, sizeof(text), "%" PRId64, v);
		vc4_pack_report(hooks, packet, field, text);
		return false;
	}
	vc4_put_bits(dst, bit, size, (uint64_t)v);
	return true;
}

/* Packs a two's complement integer of size (2..32) bits. */
static inline bool vc4_pack_int(const struct vc4_pack_hooks *hooks, const char *packet,
				const char *field, int64_t v, uint8_t *dst, unsigned bit,
				unsigned size)
{
	int64_t lo = -(INT64_C(1) << (size - 1)), hi = (INT64_C(1) << (size - 1)) - 1;
	char text[32];

	if (v < lo || v > hi) {
		snprintf(text, sizeof(text), "%" PRId64, v);
		vc4_pack_report(hooks, packet, field, text);
		return false;
	}
	vc4_put_bits(dst, bit, size, (uint64_t)v);
	return true;
}

/* Packs fixed point with `frac` fraction bits: round(v * 2^frac), nearest,
 * halves away from zero. NaN, infinities and out-of-range values fail. */
static inline bool vc4_pack_fixed(const struct vc4_pack_hooks *hooks, const char *packet,
				  const char *field, double v, uint8_t *dst, unsigned bit,
				  unsigned size, unsigned frac, bool is_signed)
{
	double lo = is_signed ? -(double)(UINT64_C(1) << (size - 1)) : 0.0;
	double hi = is_signed ? (double)((UINT64_C(1) << (size - 1)) - 1)
			      : (double)vc4_field_max(size);
	double scaled = v * (double)(UINT64_C(1) << frac);
	int64_t rounded;
	char text[40];

	/* Written so that NaN fails too; the casts below are then in range. */
	if (!(scaled >= lo - 0.5 && scaled < hi + 0.5))
		goto bad;
	rounded = scaled >= 0 ? (int64_t)(scaled + 0.5) : -(int64_t)(-scaled + 0.5);
	if ((double)rounded < lo || (double)rounded > hi)
		goto bad;
	vc4_put_bits(dst, bit, size, (uint64_t)rounded);
	return true;
bad:
	snprintf(text, sizeof(text), "%.9g", v);
	vc4_pack_report(hooks, packet, field, text);
	return false;
}

/* Packs the IEEE-754 bit pattern of a float (32 bits). */
static inline void vc4_pack_float(uint8_t *dst, unsigned bit, float v)
{
	uint32_t u;

	memcpy(&u, &v, sizeof(u));
	vc4_put_bits(dst, bit, 32, u);
}

/* Checks that an address has its low `shift` bits clear (reported if not). */
static inline bool vc4_pack_address_aligned(const struct vc4_pack_hooks *hooks,
					    const char *packet, const char *field,
					    uint32_t value, unsigned shift)
{
	char text[24];

	if (shift && (value & ((UINT32_C(1) << shift) - 1))) {
		snprintf(text, sizeof(text), "0x%08" PRIx32, value);
		vc4_pack_report(hooks, packet, field, text);
		return false;
	}
	return true;
}

/* Packs an address: the reloc hook (if any) records it and gives the value,
 * else the offset is used; the field holds value >> shift. */
static inline bool vc4_pack_address(const struct vc4_pack_hooks *hooks, const char *packet,
				    const char *field, const struct vc4_address *addr,
				    uint8_t *dst, unsigned bit, unsigned size, unsigned shift)
{
	uint32_t value = addr->offset;

	if (hooks && hooks->reloc)
		value = hooks->reloc(hooks->user, addr);
	if (!vc4_pack_address_aligned(hooks, packet, field, value, shift))
		return false;
	vc4_put_bits(dst, bit, size, value >> shift);
	return true;
}

/* Reads a two's complement field of size (1..64) bits, sign-extended. */
static inline int64_t vc4_unpack_int(const uint8_t *src, unsigned bit, unsigned size)
{
	uint64_t v = vc4_get_bits(src, bit, size);

	if (size < 64 && (v >> (size - 1)) & 1)
		v |= ~vc4_field_max(size);
	return (int64_t)v;
}

/* Reads a fixed-point field as a float. */
static inline float vc4_unpack_fixed(const uint8_t *src, unsigned bit, unsigned size,
				     unsigned frac, bool is_signed)
{
	double raw = is_signed ? (double)vc4_unpack_int(src, bit, size)
			       : (double)vc4_get_bits(src, bit, size);

	return (float)(raw / (double)(UINT64_C(1) << frac));
}

/* Reads a 32-bit IEEE-754 float. */
static inline float vc4_unpack_float(const uint8_t *src, unsigned bit)
{
	uint32_t u = (uint32_t)vc4_get_bits(src, bit, 32);
	float f;

	memcpy(&f, &u, sizeof(f));
	return f;
}

/* Reads an address field: the offset is field << shift (the caller leaves
 * the bo NULL). */
static inline uint32_t vc4_unpack_address_offset(const uint8_t *src, unsigned bit,
						 unsigned size, unsigned shift)
{
	return (uint32_t)(vc4_get_bits(src, bit, size) << shift);
}

#endif
