/*
 * test_pack_roundtrip.c: pack/unpack round trips over every packet and record
 * of vc4_packets.h, driven by the VC4_FOR_EACH_PACKET/STRUCT X-macros so none
 * is forgotten.
 *
 * Random in-range values are made by unpacking random bytes (a seeded
 * xorshift generator, so runs are deterministic): every member then holds a
 * value its field can represent. Packing them must succeed, give back the
 * random bytes with the reserved bits cleared, and unpack to the same values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "vc4_packets.h"

#define ITERATIONS 200

/* xorshift64*: small, deterministic, good enough for test data. */
static uint8_t next_byte(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return (uint8_t)((*s * UINT64_C(2685821657736338717)) >> 56);
}

static uint32_t reloc_identity(void *user, const struct vc4_address *addr)
{
	(*(unsigned *)user)++;
	return addr->offset;
}

static void range_error_fails(void *user, const char *packet, const char *field,
			      const char *value)
{
	(void)user;
	fail_msg("unexpected range error: %s / %s = %s", packet, field, value);
}

/* Round trip of one packet or record. OPCODE is -1 for records. */
#define ROUND_TRIP(NAME, OPCODE, LEN)                                                   \
	static void round_trip_##NAME(void **state)                                     \
	{                                                                               \
		uint64_t seed = UINT64_C(0x9e3779b97f4a7c15) ^ (uint64_t)(LEN);          \
		unsigned relocs = 0;                                                    \
		struct vc4_pack_hooks hooks = { &relocs, reloc_identity, range_error_fails }; \
		uint8_t rnd[LEN], mask[LEN], b1[LEN], b2[LEN];                          \
		struct VC4_##NAME s1, s2, all;                                          \
		(void)state;                                                            \
		memset(rnd, 0xff, LEN);                                                 \
		if ((OPCODE) >= 0)                                                      \
			rnd[0] = (uint8_t)(OPCODE);                                     \
		VC4_##NAME##_unpack(rnd, &all);                                         \
		assert_int_equal(VC4_##NAME##_pack(&hooks, mask, &all), 0);             \
		for (int it = 0; it < ITERATIONS; it++) {                               \
			for (size_t i = 0; i < (LEN); i++)                              \
				rnd[i] = next_byte(&seed);                              \
			if ((OPCODE) >= 0)                                              \
				rnd[0] = (uint8_t)(OPCODE);                             \
			VC4_##NAME##_unpack(rnd, &s1);                                  \
			assert_int_equal(VC4_##NAME##_pack(&hooks, b1, &s1), 0);        \
			for (size_t i = 0; i < (LEN); i++)                              \
				assert_int_equal(b1[i], rnd[i] & mask[i]);              \
			VC4_##NAME##_unpack(b1, &s2);                                   \
			assert_memory_equal(&s1, &s2, sizeof(s1));                      \
			assert_int_equal(VC4_##NAME##_pack(&hooks, b2, &s2), 0);        \
			assert_memory_equal(b1, b2, LEN);                               \
		}                                                                       \
	}

#define ROUND_TRIP_PACKET(NAME, op, len, str) ROUND_TRIP(NAME, op, len)
#define ROUND_TRIP_STRUCT(NAME, len, str) ROUND_TRIP(NAME, -1, len)
VC4_FOR_EACH_PACKET(ROUND_TRIP_PACKET)
VC4_FOR_EACH_STRUCT(ROUND_TRIP_STRUCT)

/* The reserved-bit masks of a few layouts, worked out by hand: a field bit
 * missing from the generated code (or one too many) shows up here. */
static void reserved_bits_are_not_written(void **state)
{
	(void)state;
	uint8_t ones[36], out[36];
	struct VC4_STORE_TILE_BUFFER_GENERAL st;
	struct VC4_CONFIGURATION_BITS cfg;
	struct VC4_GL_SHADER_STATE_RECORD rec;
	struct VC4_TILE_RENDERING_MODE_CONFIGURATION rmc;

	memset(ones, 0xff, sizeof(ones));
	/* Store general: bit 3 and bits 10..11 are reserved. */
	VC4_STORE_TILE_BUFFER_GENERAL_unpack(ones, &st);
	assert_int_equal(VC4_STORE_TILE_BUFFER_GENERAL_pack(NULL, out, &st), 0);
	static const uint8_t st_mask[] = { 0x1c, 0xf7, 0xf3, 0xff, 0xff, 0xff, 0xff };
	assert_memory_equal(out, st_mask, sizeof(st_mask));
	/* Configuration bits: payload bits 18..23 are reserved. */
	VC4_CONFIGURATION_BITS_unpack(ones, &cfg);
	assert_int_equal(VC4_CONFIGURATION_BITS_pack(NULL, out, &cfg), 0);
	static const uint8_t cfg_mask[] = { 0x60, 0xff, 0xff, 0x03 };
	assert_memory_equal(out, cfg_mask, sizeof(cfg_mask));
	/* Tile rendering config: payload bits 77..79 are reserved. */
	VC4_TILE_RENDERING_MODE_CONFIGURATION_unpack(ones, &rmc);
	assert_int_equal(VC4_TILE_RENDERING_MODE_CONFIGURATION_pack(NULL, out, &rmc), 0);
	static const uint8_t rmc_mask[] = { 0x71, 0xff, 0xff, 0xff, 0xff, 0xff,
					    0xff, 0xff, 0xff, 0xff, 0x1f };
	assert_memory_equal(out, rmc_mask, sizeof(rmc_mask));
	/* GL shader record: flag bits 3..15 are reserved, all else is used. */
	VC4_GL_SHADER_STATE_RECORD_unpack(ones, &rec);
	assert_int_equal(VC4_GL_SHADER_STATE_RECORD_pack(NULL, out, &rec), 0);
	assert_int_equal(out[0], 0x07);
	assert_int_equal(out[1], 0x00);
	for (size_t i = 2; i < 36; i++)
		assert_int_equal(out[i], 0xff);
}

/* Every packet and record has a round trip: 42 + 13. */
static void round_trips_cover_everything(void **state)
{
	(void)state;
	int packets = 0, structs = 0;
#define COUNT_P(NAME, op, len, str) packets++;
#define COUNT_S(NAME, len, str) structs++;
	VC4_FOR_EACH_PACKET(COUNT_P)
	VC4_FOR_EACH_STRUCT(COUNT_S)
	assert_int_equal(packets, 42);
	assert_int_equal(structs, 13);
}

int main(void)
{
#define AS_TEST_P(NAME, op, len, str) cmocka_unit_test(round_trip_##NAME),
#define AS_TEST_S(NAME, len, str) cmocka_unit_test(round_trip_##NAME),
	const struct CMUnitTest tests[] = {
		VC4_FOR_EACH_PACKET(AS_TEST_P)
		VC4_FOR_EACH_STRUCT(AS_TEST_S)
		cmocka_unit_test(reserved_bits_are_not_written),
		cmocka_unit_test(round_trips_cover_everything),
	};
	return cmocka_run_group_tests_name("pack_roundtrip", tests, NULL, NULL);
}
