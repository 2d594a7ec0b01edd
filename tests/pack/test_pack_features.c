/*
 * test_pack_features.c: generated code for the field types that the real
 * packet XML does not use, through tests/pack/features.xml: must-be-one bits,
 * unsigned fixed point, a uint wider than 32 bits and a 4-bit int.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "features_packets.h"

static int errors;
static char last_field[64], last_value[40];

static void note_error(void *user, const char *packet, const char *field, const char *value)
{
	(void)user;
	(void)packet;
	errors++;
	snprintf(last_field, sizeof(last_field), "%s", field);
	snprintf(last_value, sizeof(last_value), "%s", value);
}

static const struct vc4_pack_hooks hooks = { NULL, NULL, note_error };

static void golden_feature_packet(void **state)
{
	(void)state;
	struct VC4_FEATURE_PACKET v = {
		VC4_FEATURE_PACKET_header,
		.unsigned_fixed = 3.25f,                   /* u6.4: 52 at bits 2..11 */
		.small_int = -3,                           /* 0b1101 at 12..15 */
		.mode = VC4_FEATURE_MODE_C,                /* 2 at 16..17 */
		.wide = UINT64_C(0x2abcdef012),            /* 38 bits at 18..55 */
	};
	/* payload = 0x3 (mbo) | 52 << 2 | 0xd << 12 | 2 << 16 | 0x2abcdef012 << 18
	 *         = 0x3 | 0xd0 | 0xd000 | 0x20000 | 0xaaf37bc0480000 = 0xaaf37bc04ad0d3 */
	static const uint8_t expect[] = { 200, 0xd3, 0xd0, 0x4a, 0xc0, 0x7b, 0xf3, 0xaa };
	uint8_t out[VC4_FEATURE_PACKET_length];
	struct VC4_FEATURE_PACKET back;

	assert_int_equal(VC4_FEATURE_PACKET_pack(&hooks, out, &v), 0);
	assert_memory_equal(out, expect, sizeof(expect));
	VC4_FEATURE_PACKET_unpack(expect, &back);
	assert_true(back.unsigned_fixed == 3.25f);
	assert_int_equal(back.small_int, -3);
	assert_int_equal(back.mode, VC4_FEATURE_MODE_C);
	assert_true(back.wide == UINT64_C(0x2abcdef012));
}

static void mbo_bits_are_ones_even_when_all_else_is_zero(void **state)
{
	(void)state;
	struct VC4_FEATURE_PACKET v = { VC4_FEATURE_PACKET_header };
	static const uint8_t expect[] = { 200, 0x03, 0, 0, 0, 0, 0, 0 };
	uint8_t out[VC4_FEATURE_PACKET_length];

	assert_int_equal(VC4_FEATURE_PACKET_pack(NULL, out, &v), 0);
	assert_memory_equal(out, expect, sizeof(expect));
}

/* Packs v and expects exactly one range error on field with text value. */
static void expect_refused(struct VC4_FEATURE_PACKET v, const char *field, const char *value)
{
	uint8_t out[VC4_FEATURE_PACKET_length];

	errors = 0;
	assert_int_equal(VC4_FEATURE_PACKET_pack(&hooks, out, &v), -1);
	assert_int_equal(errors, 1);
	assert_string_equal(last_field, field);
	assert_string_equal(last_value, value);
}

static void out_of_range_values_are_refused(void **state)
{
	(void)state;
	struct VC4_FEATURE_PACKET ok = { VC4_FEATURE_PACKET_header, .unsigned_fixed = 63.9375f,
					 .small_int = 7, .wide = (UINT64_C(1) << 38) - 1 };
	uint8_t out[VC4_FEATURE_PACKET_length];
	struct VC4_FEATURE_PACKET v;

	errors = 0;
	assert_int_equal(VC4_FEATURE_PACKET_pack(&hooks, out, &ok), 0);
	ok.small_int = -8;
	assert_int_equal(VC4_FEATURE_PACKET_pack(&hooks, out, &ok), 0);
	assert_int_equal(errors, 0);

	v = ok;
	v.unsigned_fixed = 64.0f;
	expect_refused(v, "Unsigned Fixed", "64");
	v = ok;
	v.unsigned_fixed = -0.5f;
	expect_refused(v, "Unsigned Fixed", "-0.5");
	v = ok;
	v.small_int = 8;
	expect_refused(v, "Small Int", "8");
	v = ok;
	v.small_int = -9;
	expect_refused(v, "Small Int", "-9");
	v = ok;
	v.wide = UINT64_C(1) << 38;
	expect_refused(v, "Wide", "274877906944");
	v = ok;
	v.mode = (enum vc4_feature_mode)4;
	expect_refused(v, "Mode", "4");
}

static void unsigned_fixed_rounds_to_nearest(void **state)
{
	(void)state;
	struct VC4_FEATURE_PACKET v = { VC4_FEATURE_PACKET_header, .unsigned_fixed = 0.03f };
	uint8_t out[VC4_FEATURE_PACKET_length];

	/* 0.03 * 16 = 0.48 -> 0; 0.04 * 16 = 0.64 -> 1 (bit 2 of byte 1) */
	assert_int_equal(VC4_FEATURE_PACKET_pack(NULL, out, &v), 0);
	assert_int_equal(out[1], 0x03);
	v.unsigned_fixed = 0.04f;
	assert_int_equal(VC4_FEATURE_PACKET_pack(NULL, out, &v), 0);
	assert_int_equal(out[1], 0x07);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(golden_feature_packet),
		cmocka_unit_test(mbo_bits_are_ones_even_when_all_else_is_zero),
		cmocka_unit_test(out_of_range_values_are_refused),
		cmocka_unit_test(unsigned_fixed_rounds_to_nearest),
	};
	return cmocka_run_group_tests_name("pack_features", tests, NULL, NULL);
}
