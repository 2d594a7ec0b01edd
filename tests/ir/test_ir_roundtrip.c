/* test_ir_roundtrip.c: builder == parser, parse(print(x)) == x (structurally
 * and for float bits), literal forms, and the random program generator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir.h"
#include "ir/ir_builder.h"
#include "ir/ir_interp.h"
#include "ir/ir_random.h"

/* Same shader modulo source positions. */
static void assert_shader_equal(const struct ir_shader *a, const struct ir_shader *b)
{
	assert_int_equal(a->stage, b->stage);
	assert_int_equal(a->decls.len, b->decls.len);
	assert_int_equal(a->instrs.len, b->instrs.len);
	assert_int_equal(a->values.len, b->values.len);
	for (size_t k = 0; k < a->decls.len; k++) {
		const struct ir_decl *x = &a->decls.data[k], *y = &b->decls.data[k];
		assert_int_equal(x->kind, y->kind);
		assert_int_equal(x->interp, y->interp);
		assert_int_equal(x->dim, y->dim);
		assert_int_equal(x->builtin, y->builtin);
		assert_true(ir_type_equal(x->type, y->type));
		assert_string_equal(ir_str(a, x->name), ir_str(b, y->name));
	}
	for (size_t k = 0; k < a->instrs.len; k++) {
		const struct ir_instr *x = &a->instrs.data[k], *y = &b->instrs.data[k];
		assert_int_equal(x->op, y->op);
		assert_int_equal(x->nsrc, y->nsrc);
		assert_int_equal(x->nimm, y->nimm);
		assert_int_equal(x->dest, y->dest);
		assert_int_equal(x->slot, y->slot);
		assert_int_equal(x->match, y->match);
		assert_true(ir_type_equal(x->type, y->type));
		for (unsigned s = 0; s < x->nsrc; s++)
			assert_int_equal(x->src[s], y->src[s]);
		for (unsigned s = 0; s < x->nimm; s++)
			assert_int_equal(x->imm[s].u, y->imm[s].u);
	}
	for (size_t k = 0; k < a->values.len; k++) {
		assert_true(ir_type_equal(a->values.data[k].type, b->values.data[k].type));
		assert_int_equal(a->values.data[k].def, b->values.data[k].def);
		assert_string_equal(ir_str(a, a->values.data[k].name),
				    ir_str(b, b->values.data[k].name));
	}
}

/* Prints sh, parses it back, checks equality and returns the text. */
static char *round_trip(const struct ir_shader *sh)
{
	struct vc4_diag d = { 0 };
	char *text = ir_print(sh);
	assert_non_null(text);
	struct ir_shader *back = ir_parse(text, strlen(text), "rt", &d);
	if (!back)
		fail_msg("%s\n%s", d.msg, text);
	assert_shader_equal(sh, back);
	char *again = ir_print(back);
	assert_string_equal(text, again);
	free(again);
	ir_shader_free(back);
	return text;
}

static const char vertex_text[] =
	"vertex\n"
	"attribute vec4 @pos\n"
	"attribute vec2 @uv\n"
	"uniform mat4 @mvp\n"
	"varying smooth vec2 @v_uv\n"
	"output position\n"
	"\n"
	"%p = load @pos\n"
	"%m = load @mvp\n"
	"%clip = mvmul %m, %p\n"
	"store @position, %clip\n"
	"%t = load @uv\n"
	"store @v_uv, %t\n";

static void builder_matches_parser_straight(void **state)
{
	(void)state;
	struct vc4_diag d = { 0 };
	struct ir_builder *b = ir_builder_create(IR_STAGE_VERTEX, "api");
	uint32_t pos = ir_build_attribute(b, "pos", IR_VEC(4));
	uint32_t uv = ir_build_attribute(b, "uv", IR_VEC(2));
	uint32_t mvp = ir_build_uniform(b, "mvp", IR_MAT4);
	uint32_t v_uv = ir_build_varying(b, "v_uv", IR_SMOOTH, IR_VEC(2));
	uint32_t out = ir_build_output(b, IR_OUT_POSITION);
	ir_builder_name_next(b, "p", 1);
	uint32_t p = ir_build_load(b, pos);
	ir_builder_name_next(b, "m", 1);
	uint32_t m = ir_build_load(b, mvp);
	ir_builder_name_next(b, "clip", 4);
	ir_build_store(b, out, ir_build_op2(b, IR_OP_MVMUL, m, p));
	ir_builder_name_next(b, "t", 1);
	ir_build_store(b, v_uv, ir_build_load(b, uv));
	struct ir_shader *built = ir_builder_finish(b, &d);
	assert_non_null(built);
	struct ir_shader *parsed = ir_parse(vertex_text, strlen(vertex_text), "text", &d);
	assert_non_null(parsed);
	assert_shader_equal(built, parsed);
	assert_int_equal(ir_shader_find_decl(parsed, "v_uv"), 3);
	assert_int_equal(ir_shader_find_decl(parsed, "nope"), IR_NONE);
	assert_int_equal(ir_decl_ordinal(parsed, ir_shader_find_decl(parsed, "uv")), 1);
	assert_int_equal(ir_decl_ordinal(parsed, ir_shader_find_decl(parsed, "v_uv")), 0);
	char *text = ir_print(built);
	assert_string_equal(text, vertex_text);
	free(text);
	ir_shader_free(built);
	ir_shader_free(parsed);
}

static const char loop_text[] =
	"fragment\n"
	"varying flat float @x\n"
	"sampler cube @env\n"
	"output color\n"
	"local int @i\n"
	"\n"
	"%0 = const int 0\n"
	"store @i, %0\n"
	"loop {\n"
	"\t%1 = load @i\n"
	"\t%2 = const int 3\n"
	"\t%3 = ige %1, %2\n"
	"\tif %3 {\n"
	"\t\tbreak\n"
	"\t} else {\n"
	"\t\t%4 = const int 1\n"
	"\t\t%5 = iadd %1, %4\n"
	"\t\tstore @i, %5\n"
	"\t\tcontinue\n"
	"\t}\n"
	"}\n"
	"%6 = load @x\n"
	"%7 = vec3 %6\n"
	"%8 = texb @env, %7, %6\n"
	"%9 = swizzle %8, wzyx\n"
	"%10 = front_facing\n"
	"if %10 {\n"
	"\tdiscard\n"
	"}\n"
	"store @color, %9\n";

/* Unnamed values get numbers; control flow markers build the same list. */
static void builder_matches_parser_control_flow(void **state)
{
	(void)state;
	struct vc4_diag d = { 0 };
	struct ir_builder *b = ir_builder_create(IR_STAGE_FRAGMENT, "api");
	uint32_t x = ir_build_varying(b, "x", IR_FLAT, IR_VEC(1));
	uint32_t env = ir_build_sampler(b, "env", IR_SAMPLER_CUBE);
	uint32_t color = ir_build_output(b, IR_OUT_COLOR);
	uint32_t i = ir_build_local(b, "i", IR_IVEC(1));
	ir_build_store(b, i, ir_build_consti(b, 0));
	ir_build_loop(b);
	uint32_t iv = ir_build_load(b, i);
	ir_build_if(b, ir_build_op2(b, IR_OP_IGE, iv, ir_build_consti(b, 3)));
	ir_build_break(b);
	ir_build_else(b);
	ir_build_store(b, i, ir_build_op2(b, IR_OP_IADD, iv, ir_build_consti(b, 1)));
	ir_build_continue(b);
	ir_build_endif(b);
	ir_build_endloop(b);
	uint32_t xv = ir_build_load(b, x);
	uint32_t t = ir_build_tex(b, env, ir_build_op1(b, IR_OP_VEC3, xv), xv);
	uint32_t sw = ir_build_swizzle(b, t, "abgr");
	ir_build_if(b, ir_build_op(b, IR_OP_FRONT_FACING, 0, NULL));
	ir_build_discard(b);
	ir_build_endif(b);
	ir_build_store(b, color, sw);
	struct ir_shader *built = ir_builder_finish(b, &d);
	if (!built)
		fail_msg("%s", d.msg);
	struct ir_shader *parsed = ir_parse(loop_text, strlen(loop_text), "text", &d);
	assert_non_null(parsed);
	assert_shader_equal(built, parsed);
	char *text = ir_print(built);
	assert_string_equal(text, loop_text);
	free(text);
	/* the match links: loop <-> endloop, if -> else -> endif -> if,
	 * break / continue -> loop */
	const struct ir_instr *in = built->instrs.data;
	static const struct { uint32_t i; uint16_t op; uint32_t match; } links[] = {
		{ 2, IR_OP_LOOP, 14 }, { 14, IR_OP_ENDLOOP, 2 }, { 6, IR_OP_IF, 8 },
		{ 8, IR_OP_ELSE, 13 }, { 13, IR_OP_ENDIF, 6 }, { 7, IR_OP_BREAK, 2 },
		{ 12, IR_OP_CONTINUE, 2 }, { 20, IR_OP_IF, 22 }, { 22, IR_OP_ENDIF, 20 },
	};
	for (size_t k = 0; k < sizeof(links) / sizeof(links[0]); k++) {
		assert_int_equal(in[links[k].i].op, links[k].op);
		assert_int_equal(in[links[k].i].match, links[k].match);
	}
	ir_shader_free(built);
	ir_shader_free(parsed);
}

/* One float constant through text: returns its bits after parsing `lit`. */
static uint32_t parse_float_bits(const char *lit)
{
	char text[96];
	struct vc4_diag d = { 0 };
	snprintf(text, sizeof(text), "fragment\n%%c = const float %s\n", lit);
	struct ir_shader *sh = ir_parse(text, strlen(text), "f", &d);
	if (!sh)
		fail_msg("%s", d.msg);
	uint32_t bits = sh->instrs.data[0].imm[0].u;
	ir_shader_free(sh);
	return bits;
}

static const char *print_bits(uint32_t bits, char buf[32])
{
	union ir_scalar s = { .u = bits };
	ir_print_float(s.f, buf);
	return buf;
}

static void float_literals(void **state)
{
	(void)state;
	static const struct { const char *lit; uint32_t bits; const char *printed; } forms[] = {
		{ "0x1.8p+1", 0x40400000, "3" },
		{ "1e-45", 0x00000001, "1e-45" },
		{ "0x1p-149", 0x00000001, "1e-45" },
		{ "-0", 0x80000000, "-0" },
		{ "0.1", 0x3dcccccd, "0.1" },
		{ "3.40282347e+38", 0x7f7fffff, "3.4028235e+38" },
		{ "1.17549435e-38", 0x00800000, "1.1754944e-38" },
		{ "inf", 0x7f800000, "inf" },
		{ "-inf", 0xff800000, "-inf" },
		{ "nan:0x7fc00001", 0x7fc00001, "nan:0x7fc00001" },
		{ "nan:0xFFFFFFFF", 0xffffffff, "nan:0xffffffff" },
		{ "+.5", 0x3f000000, "0.5" },
		{ "16777217", 0x4b800000, "16777216" },
	};
	char buf[32];
	for (size_t k = 0; k < sizeof(forms) / sizeof(forms[0]); k++) {
		assert_int_equal(parse_float_bits(forms[k].lit), forms[k].bits);
		assert_string_equal(print_bits(forms[k].bits, buf), forms[k].printed);
	}
}

/* parse(print(f)) has f's bits, for specials and 20000 pseudo-random patterns. */
static void float_round_trip_bit_exact(void **state)
{
	(void)state;
	static const uint32_t special[] = { 0, 0x80000000, 1, 0x807fffff, 0x00800000, 0x7f7fffff,
					    0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
					    0x7f800001, 0xffffffff, 0x3f800001, 0x3eaaaaab };
	char buf[32];
	for (size_t k = 0; k < sizeof(special) / sizeof(special[0]); k++)
		assert_int_equal(parse_float_bits(print_bits(special[k], buf)), special[k]);
	uint32_t x = 12345;
	for (unsigned k = 0; k < 20000; k++) {
		x = x * 1664525u + 1013904223u;
		uint32_t bits = x ^ (x >> 13);
		if (parse_float_bits(print_bits(bits, buf)) != bits)
			fail_msg("0x%08x printed as %s", (unsigned)bits, buf);
	}
}

static void int_literals(void **state)
{
	(void)state;
	const char text[] =
		"fragment\n%a = const ivec4 -2147483648, 0xffffffff, -0x10, 2147483647\n";
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(text, strlen(text), "i", &d);
	assert_non_null(sh);
	const union ir_scalar *imm = sh->instrs.data[0].imm;
	assert_int_equal(imm[0].i, INT32_MIN);
	assert_int_equal(imm[1].i, -1);
	assert_int_equal(imm[2].i, -16);
	assert_int_equal(imm[3].i, INT32_MAX);
	char *out = ir_print(sh);
	assert_string_equal(out, "fragment\n\n%a = const ivec4 -2147483648, -1, -16, 2147483647\n");
	free(out);
	ir_shader_free(sh);
}

/* ir_print_key: the canonical text with floats as the hex of their bits;
 * on random programs two keys are equal exactly when the texts are. */
static void print_key(void **state)
{
	(void)state;
	const char text[] = "fragment\n%a = const vec4 0.1, -0, 1, nan:0x7fc00001\n"
			    "%b = const ivec2 -16, 3\n%c = const bool true\n";
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(text, strlen(text), "k", &d);
	assert_non_null(sh);
	char *key = ir_print_key(sh), *out = ir_print(sh);
	assert_string_equal(key, "fragment\n\n%a = const vec4 0x3dcccccd, 0x80000000, 0x3f800000, "
			    "0x7fc00001\n%b = const ivec2 -16, 3\n%c = const bool true\n");
	assert_string_equal(out, "fragment\n\n%a = const vec4 0.1, -0, 1, nan:0x7fc00001\n"
			    "%b = const ivec2 -16, 3\n%c = const bool true\n");
	free(key);
	free(out);
	ir_shader_free(sh);
	enum { N = 60 };
	char *texts[N], *keys[N];
	for (uint64_t seed = 0; seed < N; seed++) {
		struct ir_random_options opt = ir_random_defaults;
		opt.instrs = 4 + (seed / 2) % 3;   /* seeds 2k and 2k + 1: one program */
		opt.max_depth = 0;
		sh = ir_random_program(seed / 2, &opt);
		assert_non_null(sh);
		texts[seed] = ir_print(sh);
		keys[seed] = ir_print_key(sh);
		ir_shader_free(sh);
	}
	unsigned equal = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			bool same = strcmp(texts[i], texts[j]) == 0;
			assert_int_equal(same, strcmp(keys[i], keys[j]) == 0);
			equal += same && i != j;
		}
	assert_true(equal >= N);   /* at least the N / 2 pairs, both ways */
	for (int i = 0; i < N; i++) {
		free(texts[i]);
		free(keys[i]);
	}
}

/* Random programs validate, round-trip, are deterministic and terminate. */
static void random_programs(void **state)
{
	(void)state;
	struct ir_random_options variants[4] = { ir_random_defaults, ir_random_defaults,
						 ir_random_defaults, ir_random_defaults };
	variants[1].max_depth = 0;
	variants[1].stage = IR_STAGE_VERTEX;
	variants[2].instrs = 200;
	variants[2].max_depth = 4;
	variants[3].loops = variants[3].textures = variants[3].transcendental = false;
	variants[3].stage = IR_STAGE_FRAGMENT;
	for (uint64_t seed = 0; seed < 400; seed++) {
		const struct ir_random_options *opt = &variants[seed % 4];
		struct ir_shader *sh = ir_random_program(seed, opt);
		assert_non_null(sh);
		struct vc4_diag d = { 0 };
		if (!ir_validate(sh, &d))
			fail_msg("seed %llu: %s", (unsigned long long)seed, d.msg);
		char *text = round_trip(sh);
		struct ir_shader *same = ir_random_program(seed, opt);
		char *text2 = ir_print(same);
		assert_string_equal(text, text2);
		assert_true(sh->instrs.len >= opt->instrs);
		struct ir_interp_io io = { .slots = ir_interp_slots(sh) };
		if (!ir_interpret(sh, &io, &d))
			fail_msg("seed %llu: %s", (unsigned long long)seed, d.msg);
		free(io.slots);
		free(text);
		free(text2);
		ir_shader_free(sh);
		ir_shader_free(same);
	}
}

/* A fixed seed gives a fixed program: the generator is part of the test
 * contract of later areas, so its output must not drift silently. */
static void random_program_is_stable(void **state)
{
	(void)state;
	struct ir_random_options opt = ir_random_defaults;
	opt.instrs = 6;
	opt.max_depth = 0;
	opt.stage = IR_STAGE_VERTEX;
	struct ir_shader *sh = ir_random_program(7, &opt);
	assert_non_null(sh);
	char *text = ir_print(sh);
	assert_string_equal(text,
			    "vertex\n"
			    "attribute float @a0\n"
			    "uniform mat4 @m\n"
			    "sampler 2d @s2d\n"
			    "sampler cube @scube\n"
			    "varying flat vec3 @v0\n"
			    "varying smooth vec2 @v1\n"
			    "output position\n"
			    "local ivec3 @l0\n"
			    "local ivec3 @l1\n"
			    "\n"
			    "%0 = load @a0\n"
			    "%1 = const vec3 -2.75, -2.75, 2.25\n"
			    "%2 = tex @scube, %1\n"
			    "%3 = const vec2 -2.75, 2\n"
			    "%4 = vec2 %3\n"
			    "%5 = load @l1\n"
			    "store @v0, %1\n"
			    "store @v1, %3\n"
			    "%6 = const vec4 -0.5, 2, 1.5, -2.5\n"
			    "store @position, %6\n");
	free(text);
	ir_shader_free(sh);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(builder_matches_parser_straight),
		cmocka_unit_test(builder_matches_parser_control_flow),
		cmocka_unit_test(float_literals),
		cmocka_unit_test(float_round_trip_bit_exact),
		cmocka_unit_test(int_literals),
		cmocka_unit_test(print_key),
		cmocka_unit_test(random_programs),
		cmocka_unit_test(random_program_is_stable),
	};
	return cmocka_run_group_tests_name("ir_roundtrip", tests, NULL, NULL);
}
