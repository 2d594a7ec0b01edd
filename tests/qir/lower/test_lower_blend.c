/*
 * test_lower_blend.c: the fragment colour paths of lowered programs executed
 * on the QIR executor (qir_eval.c) against exact models: the blend equation
 * and factor table (every state), logic ops, colour masks and the BGR565
 * format.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lower_test.h"
#include "qir_eval.h"

/* ---- blending ---------------------------------------------------------- */

/* Exact GL blending of one channel on unorm8 values (factors as bytes). */
static int model_factor(enum qir_blend_factor f, int ch, const uint8_t *s, const uint8_t *d,
			const uint8_t *k)
{
	switch (f) {
	case QIR_BF_ZERO: return 0;
	case QIR_BF_ONE: return 255;
	case QIR_BF_SRC_COLOR: return s[ch];
	case QIR_BF_ONE_MINUS_SRC_COLOR: return 255 - s[ch];
	case QIR_BF_DST_COLOR: return d[ch];
	case QIR_BF_ONE_MINUS_DST_COLOR: return 255 - d[ch];
	case QIR_BF_SRC_ALPHA: return s[3];
	case QIR_BF_ONE_MINUS_SRC_ALPHA: return 255 - s[3];
	case QIR_BF_DST_ALPHA: return d[3];
	case QIR_BF_ONE_MINUS_DST_ALPHA: return 255 - d[3];
	case QIR_BF_CONSTANT_COLOR: return k[ch];
	case QIR_BF_ONE_MINUS_CONSTANT_COLOR: return 255 - k[ch];
	case QIR_BF_CONSTANT_ALPHA: return k[3];
	case QIR_BF_ONE_MINUS_CONSTANT_ALPHA: return 255 - k[3];
	default: return ch == 3 ? 255 : (s[3] < 255 - d[3] ? s[3] : 255 - d[3]);
	}
}

static int model_channel(const struct qir_blend_state *b, int ch, const uint8_t *s,
			 const uint8_t *d, const uint8_t *k)
{
	bool a = ch == 3;
	int eq = a ? b->alpha_eq : b->rgb_eq;
	double ts = s[ch] * model_factor(a ? b->alpha_src : b->rgb_src, ch, s, d, k) / 255.0;
	double td = d[ch] * model_factor(a ? b->alpha_dst : b->rgb_dst, ch, s, d, k) / 255.0;
	double r;
	switch (eq) {
	case QIR_BLEND_ADD: r = ts + td; break;
	case QIR_BLEND_SUBTRACT: r = ts - td; break;
	case QIR_BLEND_REVERSE_SUBTRACT: r = td - ts; break;
	case QIR_BLEND_MIN: r = s[ch] < d[ch] ? s[ch] : d[ch]; break;
	default: r = s[ch] > d[ch] ? s[ch] : d[ch]; break;
	}
	r = r < 0 ? 0 : r > 255 ? 255 : r;
	return (int)(r + 0.5);
}

static const char fs_color_text[] =
	"fragment\nvarying smooth vec4 @c\noutput color\n%c = load @c\nstore @color, %c\n";

/* Blends 16 lanes of colours with state b; returns the max channel error
 * against the model. */
static int blend_case(const struct ir_shader *sh, const struct qir_blend_state *b)
{
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_FRAGMENT);
	key.blend = *b;
	struct qir_compile *c = lt_lower(sh, NULL, &key, QIR_STAGE_FRAGMENT);
	struct qeval e = { 0 };
	char err[256];
	static const float kc[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
	uint8_t k[4];
	for (int j = 0; j < 4; j++) {
		e.blend_const[j] = lt_fbits(kc[j]);
		k[j] = lt_unorm8(kc[j]);
	}
	for (int i = 0; i < 16; i++) {
		e.frag_w[i] = lt_fbits(1.0f);
		for (int j = 0; j < 4; j++)
			e.vary[j][i] = lt_fbits((float)((i * 37 + j * 71) % 256) / 255.0f);
		e.tlb_color_in[i] = 0x01010101u * (uint32_t)(i * 13 + 7) ^ 0x00ff00c0u;
	}
	if (!qeval_run(c, &e, 10000, err))
		fail_msg("%s", err);
	int worst = 0;
	for (int i = 0; i < 16; i++) {
		uint8_t s[4], d[4];
		for (int j = 0; j < 4; j++) {
			s[j] = lt_unorm8(lt_bitsf(e.vary[j][i]));
			d[j] = (uint8_t)(e.tlb_color_in[i] >> (8 * j));
		}
		assert_true(e.color_written[i]);
		for (int j = 0; j < 4; j++) {
			int got = (int)(e.tlb_color[i] >> (8 * j) & 0xff);
			int diff = abs(got - model_channel(b, j, s, d, k));
			worst = diff > worst ? diff : worst;
		}
	}
	qir_compile_free(c);
	return worst;
}

/* Every equation with every (src, dst) factor pair, same for RGB and alpha,
 * plus separate RGB/alpha states. v8muld rounds (a*b + 127) / 255 style,
 * so results are within 1 of the exact rounding. */
static void test_blend_table(void **state)
{
	(void)state;
	struct ir_shader *sh = lt_parse(fs_color_text, "blend.ir");
	int worst = 0, cases = 0;
	for (int eq = 0; eq < QIR_BLEND_EQ_COUNT; eq++)
		for (int sf = 0; sf < QIR_BF_COUNT; sf++)
			for (int df = 0; df < QIR_BF_COUNT; df++) {
				struct qir_blend_state b = { true, (uint8_t)eq, (uint8_t)eq,
					(uint8_t)sf, (uint8_t)df, (uint8_t)sf, (uint8_t)df };
				int w = blend_case(sh, &b);
				if (w > 1)
					fail_msg("eq %d src %d dst %d: off by %d", eq, sf, df, w);
				worst = w > worst ? w : worst;
				cases++;
			}
	struct qir_blend_state sep = { true, QIR_BLEND_ADD, QIR_BLEND_REVERSE_SUBTRACT,
		QIR_BF_SRC_ALPHA, QIR_BF_ONE_MINUS_SRC_ALPHA, QIR_BF_ONE, QIR_BF_DST_ALPHA };
	assert_true(blend_case(sh, &sep) <= 1);
	printf("# blend: %d states x 16 pixels, max error %d/255\n", cases, worst);
	ir_shader_free(sh);
}

/* ---- control flow ------------------------------------------------------ */

/* ---- fragment colour paths ------------------------------------------------ */

/* Runs fs_color_text with key k on 16 lanes: source channels from
 * src[lane], destination dst[lane]; returns the TLB colour words. */
static void run_color(const struct qir_shader_key *k, const uint32_t *src, const uint32_t *dst,
		      uint32_t *out)
{
	struct ir_shader *sh = lt_parse(fs_color_text, "color.ir");
	struct qir_compile *c = lt_lower(sh, NULL, k, QIR_STAGE_FRAGMENT);
	static struct qeval e;
	memset(&e, 0, sizeof(e));
	char err[256];
	for (int i = 0; i < 16; i++) {
		e.frag_w[i] = lt_fbits(1.0f);
		for (int j = 0; j < 4; j++)
			e.vary[j][i] = lt_fbits((float)(src[i] >> (8 * j) & 0xff) / 255.0f);
		e.tlb_color_in[i] = dst[i];
	}
	if (!qeval_run(c, &e, 10000, err))
		fail_msg("%s", err);
	for (int i = 0; i < 16; i++) {
		assert_true(e.color_written[i]);
		out[i] = e.tlb_color[i];
	}
	qir_compile_free(c);
	ir_shader_free(sh);
}

static void lanes(uint32_t *src, uint32_t *dst)
{
	for (int i = 0; i < 16; i++) {
		src[i] = 0x9e3779b9u * (uint32_t)(i + 1);
		dst[i] = 0x7f4a7c15u * (uint32_t)(i + 3);
	}
}

static uint32_t logic_model(enum qir_logic_op op, uint32_t s, uint32_t d)
{
	switch (op) {
	case QIR_LOGIC_CLEAR: return 0;
	case QIR_LOGIC_AND: return s & d;
	case QIR_LOGIC_AND_REVERSE: return s & ~d;
	case QIR_LOGIC_COPY: return s;
	case QIR_LOGIC_AND_INVERTED: return ~s & d;
	case QIR_LOGIC_NOOP: return d;
	case QIR_LOGIC_XOR: return s ^ d;
	case QIR_LOGIC_OR: return s | d;
	case QIR_LOGIC_NOR: return ~(s | d);
	case QIR_LOGIC_EQUIV: return ~(s ^ d);
	case QIR_LOGIC_INVERT: return ~d;
	case QIR_LOGIC_OR_REVERSE: return s | ~d;
	case QIR_LOGIC_COPY_INVERTED: return ~s;
	case QIR_LOGIC_OR_INVERTED: return ~s | d;
	case QIR_LOGIC_NAND: return ~(s & d);
	default: return ~0u;
	}
}

/* The 16 logic ops are exact on the packed words. */
static void test_logic_ops(void **state)
{
	(void)state;
	uint32_t src[16], dst[16], out[16];
	lanes(src, dst);
	for (int op = 0; op < QIR_LOGIC_COUNT; op++) {
		struct qir_shader_key k;
		qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
		k.logic_op_enable = true;
		k.logic_op = (uint8_t)op;
		run_color(&k, src, dst, out);
		for (int i = 0; i < 16; i++)
			assert_int_equal(out[i], logic_model((enum qir_logic_op)op, src[i], dst[i]));
	}
}

/* Colour masks keep the destination's disabled channels; BGR565 writes
 * byte 3 as 0xff. */
static void test_color_mask_format(void **state)
{
	(void)state;
	uint32_t src[16], dst[16], out[16];
	lanes(src, dst);
	struct qir_shader_key k;
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	k.color_mask = 0x5;  /* R, B */
	run_color(&k, src, dst, out);
	for (int i = 0; i < 16; i++)
		assert_int_equal(out[i], (src[i] & 0x00ff00ffu) | (dst[i] & 0xff00ff00u));
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	k.rt_format = QIR_RT_BGR565;
	run_color(&k, src, dst, out);
	for (int i = 0; i < 16; i++)
		assert_int_equal(out[i], (src[i] & 0x00ffffffu) | 0xff000000u);
	k.color_mask = 0x2;  /* G only; byte 3 has no channel and is written */
	run_color(&k, src, dst, out);
	for (int i = 0; i < 16; i++)
		assert_int_equal(out[i], (src[i] & 0x0000ff00u) | (dst[i] & 0x00ff00ffu) |
					 0xff000000u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blend_table),
		cmocka_unit_test(test_logic_ops),
		cmocka_unit_test(test_color_mask_format),
	};
	return cmocka_run_group_tests_name("qir_lower_blend", tests, NULL, NULL);
}
