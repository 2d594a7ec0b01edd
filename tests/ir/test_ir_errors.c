/* test_ir_errors.c: the exact text of every class of error, from the parser
 * (with positions) and from the builder API (without). */
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

struct error_case {
	const char *text;
	const char *msg;
};

#define FS "fragment\n"
#define VS "vertex\noutput position\n"

static const struct error_case cases[] = {
	/* stage line */
	{ "", "s.ir:1:1: expected 'vertex' or 'fragment', found end of file" },
	{ "%a = add\n", "s.ir:1:1: expected 'vertex' or 'fragment', found '%a'" },
	{ "fragment vertex\n", "s.ir:1:10: expected end of line, found 'vertex'" },
	/* lexical and syntax */
	{ FS "\x01\n",
	  "s.ir:2:1: expected a declaration or an instruction, found bad character '\\x01'" },
	{ FS "%a = const float 1\n%c %b\n", "s.ir:3:4: expected '=', found '%b'" },
	{ FS "%a = const float 1 2\n", "s.ir:2:20: expected end of line, found '2'" },
	{ FS "%a = fma %b\n", "s.ir:2:6: expected an op name, found 'fma'" },
	{ FS "%a = store\n", "s.ir:2:6: 'store' does not produce a value" },
	{ FS "%a = const float 1\n%b = const float 2\nadd %a, %b\n",
	  "s.ir:4:1: the result of 'add' must be named (%x = add ...)" },
	{ FS "= 1\n", "s.ir:2:1: expected a declaration or an instruction, found '='" },
	{ FS "%a = neg 1\n", "s.ir:2:10: expected a value (%name), found '1'" },
	{ FS "%! = frag_coord\n", "s.ir:2:6: bad value name '%!'" },
	/* literals */
	{ FS "%a = const float 1.5f\n", "s.ir:2:18: expected a float literal, found '1.5f'" },
	{ FS "%a = const float 1e39\n", "s.ir:2:18: expected a float literal, found '1e39'" },
	{ FS "%a = const float nan\n", "s.ir:2:18: expected a float literal, found 'nan'" },
	{ FS "%a = const float nan:0x3f800000\n",
	  "s.ir:2:18: expected a float literal, found 'nan:0x3f800000'" },
	{ FS "%a = const int 2147483648\n",
	  "s.ir:2:16: expected an int literal, found '2147483648'" },
	{ FS "%a = const int 0x100000000\n",
	  "s.ir:2:16: expected an int literal, found '0x100000000'" },
	{ FS "%a = const bool 1\n", "s.ir:2:17: expected 'true' or 'false', found '1'" },
	{ FS "%a = const vec3 1, 2\n", "s.ir:2:12: 'const' expects 3 components for vec3, got 2" },
	{ FS "%a = const vec5 1\n", "s.ir:2:12: expected a type, found 'vec5'" },
	{ FS "%a = const vec4 1, 2, 3, 4, 5\n", "s.ir:2:29: 'const' has more than 4 components" },
	/* names */
	{ FS "%b = neg %q\n", "s.ir:2:10: unknown value '%q'" },
	{ FS "%a = const float 1\n%a = const float 2\n", "s.ir:3:1: '%a' is already defined" },
	{ FS "%a = load @nope\n", "s.ir:2:11: unknown slot '@nope'" },
	{ FS "uniform float @u\nuniform vec2 @u\n", "s.ir:3:1: '@u' is already declared" },
	{ FS "uniform float @abc\nuniform float @ab\nuniform float @ac\nuniform float @b.0\n"
	  "uniform float @b.1\nuniform vec2 @ab\n", "s.ir:7:1: '@ab' is already declared" },
	/* types */
	{ FS "%a = const vec3 1, 2, 3\n%b = const vec4 1, 2, 3, 4\n%c = dot %a, %b\n",
	  "s.ir:4:6: 'dot' expects two vectors of the same size, got vec3 and vec4" },
	{ FS "%a = const float 1\n%b = const int 1\n%c = add %a, %b\n",
	  "s.ir:4:6: 'add' expects float operands of one type, got float and int" },
	{ FS "%a = const float 1\n%c = add %a\n", "s.ir:3:6: 'add' expects 2 operands, got 1" },
	{ FS "%a = const float 1\n%c = vec4 %a, %a, %a, %a, %a\n",
	  "s.ir:3:27: too many operands (at most 4)" },
	{ FS "%a = const vec2 1, 2\n%b = const float 1\n%c = vec4 %a, %b\n",
	  "s.ir:4:6: 'vec4' expects components of one type adding up to 4 (or one scalar), "
	  "got vec2 and float" },
	{ FS "%a = const int 1\n%b = const ivec2 1, 2\n%c = iadd %a, %b\n",
	  "s.ir:4:6: 'iadd' expects int operands of one type, got int and ivec2" },
	{ FS "%a = const float 1\n%c = and %a, %a\n",
	  "s.ir:3:6: 'and' expects int or bool operands of one type, got float and float" },
	{ FS "%a = const float 1\n%c = ilt %a, %a\n",
	  "s.ir:3:6: 'ilt' expects two int operands of one type, got float and float" },
	{ FS "%a = const int 1\n%c = f2i %a\n",
	  "s.ir:3:6: 'f2i' expects a float operand, got int" },
	{ FS "%a = const bvec2 true, false\n%b = const vec3 1, 2, 3\n%c = select %a, %b, %b\n",
	  "s.ir:4:6: 'select' expects a bool condition (scalar or of the operands' size) and two "
	  "operands of one type, got bvec2, vec3 and vec3" },
	{ FS "%a = const vec4 1, 2, 3, 4\n%c = mvmul %a, %a\n",
	  "s.ir:3:6: 'mvmul' expects mat4 and vec4, got vec4 and vec4" },
	{ FS "%a = const vec4 1, 2, 3, 4\n%c = cross %a, %a\n",
	  "s.ir:3:6: 'cross' expects two vec3, got vec4 and vec4" },
	{ FS "%a = const float 1\n%c = length %a\n",
	  "s.ir:3:6: 'length' expects a float vector, got float" },
	{ FS "%a = const vec3 1, 2, 3\n%c = swizzle %a, xw\n",
	  "s.ir:3:6: 'swizzle' lane 'w' is out of range for vec3" },
	{ FS "%a = const vec3 1, 2, 3\n%c = swizzle %a, xq\n",
	  "s.ir:3:18: expected 1 to 4 lanes of xyzw or rgba, found 'xq'" },
	{ FS "%a = const vec3 1, 2, 3\n%c = extract %a, 3\n",
	  "s.ir:3:6: 'extract' index 3 is out of range for vec3" },
	{ FS "%a = const float 1\nif %a {\n}\n",
	  "s.ir:3:1: 'if' expects a bool condition, got float" },
	/* slots */
	{ VS "uniform vec4 @b[4]\n%a = load @b\n",
	  "s.ir:4:6: 'load' of uniform array '@b' (use load_index)" },
	{ VS "uniform vec4 @b\n%i = const int 0\n%a = load_index @b, %i\n",
	  "s.ir:5:6: 'load_index' expects a uniform array, got uniform '@b'" },
	{ VS "uniform vec4 @b[2]\n%i = const float 0\n%a = load_index @b, %i\n",
	  "s.ir:5:6: 'load_index' expects an int index, got float" },
	{ VS "uniform vec4 @b[0]\n", "s.ir:3:14: expected an array size [1..4096] after the name" },
	{ VS "uniform vec4 @b[4097]\n",
	  "s.ir:3:14: expected an array size [1..4096] after the name" },
	{ VS "uniform vec4 @b[2\n", "s.ir:3:14: expected an array size [1..4096] after the name" },
	{ VS "local vec4 @b[2]\n", "s.ir:3:1: bad slot name '@b[2]'" },
	{ FS "output color\n%a = load @color\n",
	  "s.ir:3:6: cannot load from output '@color' in a fragment shader" },
	{ FS "output color\n%a = const float 1\nstore @color, %a\n",
	  "s.ir:4:1: 'store' to '@color' expects vec4, got float" },
	{ FS "varying smooth vec2 @v\n%a = const vec2 1, 2\nstore @v, %a\n",
	  "s.ir:4:1: cannot store to varying '@v' in a fragment shader" },
	{ FS "uniform vec2 @u\n%a = const vec2 1, 2\n%t = tex @u, %a\n",
	  "s.ir:4:6: 'tex' expects a sampler, got uniform '@u'" },
	{ FS "sampler 2d @s\n%a = const vec3 1, 2, 3\n%t = tex @s, %a\n",
	  "s.ir:4:6: 'tex' on 2d sampler '@s' expects a vec2 coordinate, got vec3" },
	{ FS "sampler cube @s\n%a = const vec3 1, 2, 3\n%t = texb @s, %a\n",
	  "s.ir:4:6: 'texb' expects a sampler and 2 values" },
	{ FS "sampler 3d @s\n", "s.ir:2:9: expected '2d' or 'cube', found '3d'" },
	{ FS "varying vec2 @v\n", "s.ir:2:9: expected 'smooth' or 'flat', found 'vec2'" },
	{ FS "varying flat int @v\n",
	  "s.ir:2:1: varying '@v' must be float, vec2, vec3 or vec4, got int" },
	{ FS "local mat4 @m\n", "s.ir:2:1: local '@m' cannot have type mat4" },
	{ FS "output normal\n",
	  "s.ir:2:8: expected 'position', 'point_size', 'color' or 'depth', found 'normal'" },
	{ FS "%a = frag_coord\nuniform float @u\n",
	  "s.ir:3:1: declarations must come before instructions" },
	/* scope and nesting */
	{ FS "%c = front_facing\nif %c {\n\t%t = frag_coord\n}\n%u = neg %t\n",
	  "s.ir:6:6: '%t' is used outside the block that defines it" },
	{ FS "%c = front_facing\nif %c {\n\t%t = frag_coord\n} else {\n\t%u = neg %t\n}\n",
	  "s.ir:6:7: '%t' is used outside the block that defines it" },
	{ FS "break\n", "s.ir:2:1: 'break' outside a loop" },
	{ FS "%c = front_facing\nif %c {\n\tcontinue\n}\n", "s.ir:4:2: 'continue' outside a loop" },
	{ FS "%c = front_facing\nif %c {\n", "s.ir:3:1: 'if' is never closed" },
	{ FS "loop {\n\tbreak\n", "s.ir:2:1: 'loop' is never closed" },
	{ FS "}\n", "s.ir:2:1: '}' without an open block" },
	{ FS "loop {\n} else {\n", "s.ir:3:3: expected end of line, found 'else'" },
	{ FS "%c = front_facing\nif %c\n", "s.ir:3:6: expected '{', found end of line" },
	/* stages */
	{ FS "attribute vec4 @p\n", "s.ir:2:1: attributes are only allowed in vertex shaders" },
	{ FS "output position\n", "s.ir:2:1: output 'position' is only allowed in vertex shaders" },
	{ VS "%f = frag_coord\n", "s.ir:3:6: 'frag_coord' is only allowed in fragment shaders" },
	{ VS "discard\n", "s.ir:3:1: 'discard' is only allowed in fragment shaders" },
	{ "vertex\n", "s.ir: a vertex shader must declare 'output position'" },
	{ VS, "s.ir: a vertex shader must store '@position'" },
	{ VS "varying flat float @v\n%a = load @v\n",
	  "s.ir:4:6: cannot load from varying '@v' in a vertex shader" },
};

static void parser_error_texts(void **state)
{
	(void)state;
	unsigned bad = 0;
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct vc4_diag d = { 0 };
		size_t len = strlen(cases[k].text);
		struct ir_shader *sh = ir_parse(cases[k].text, len, "s.ir", &d);
		if (sh) {
			print_message("case %zu parsed: %s\n", k, cases[k].text);
			ir_shader_free(sh);
			bad++;
		} else if (strcmp(d.msg, cases[k].msg)) {
			print_message("case %zu:\n  got  %s\n  want %s\n", k, d.msg, cases[k].msg);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

/* A NUL byte is an ordinary bad character, and the size bounds the input. */
static void nul_bytes_and_size(void **state)
{
	(void)state;
	struct vc4_diag d = { 0 };
	assert_null(ir_parse(FS "%a\0 = frag_coord\n", 22, "s.ir", &d));
	assert_string_equal(d.msg, "s.ir:2:3: expected '=', found bad character '\\x00'");
	vc4_diag_clear(&d);
	/* only the first 9 bytes are input: a shader with no instructions */
	struct ir_shader *sh = ir_parse(FS "%a = junk", 9, "s.ir", &d);
	assert_non_null(sh);
	assert_int_equal(sh->instrs.len, 0);
	ir_shader_free(sh);
}

/* Which bytes continue a word: every printable byte but '#', '=', ',', '{'
 * and '}' (the lexer's table). Inside "%aXb" a word byte makes one word,
 * a valid name or "bad value name"; any other byte ends the word "%a"
 * and fails otherwise. */
static void word_characters(void **state)
{
	(void)state;
	for (unsigned c = 0; c < 256; c++) {
		char text[64];
		int n = snprintf(text, sizeof(text), FS "%%a%cb = frag_coord\n", (char)c);
		bool word = c > 0x20 && c < 0x7f && !strchr("#={},", (int)c);
		bool name = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			    (c >= '0' && c <= '9') || c == '_' || c == '.';
		struct vc4_diag d = { 0 };
		struct ir_shader *sh = ir_parse(text, (size_t)n, "s.ir", &d);
		if (word && name) {
			assert_non_null(sh);
			ir_shader_free(sh);
			continue;
		}
		assert_null(sh);
		char want[64];
		snprintf(want, sizeof(want), "bad value name '%%a%cb'", (char)c);
		if ((strstr(d.msg, want) != NULL) != word)
			fail_msg("byte 0x%02x: %s", c, d.msg);
		vc4_diag_clear(&d);
	}
}

static void builder_error_texts(void **state)
{
	(void)state;
	struct vc4_diag d = { 0 };
	struct ir_builder *b = ir_builder_create(IR_STAGE_FRAGMENT, "api");
	union ir_scalar v[4] = { { .f = 1 }, { .f = 2 }, { .f = 3 }, { .f = 4 } };
	uint32_t a = ir_build_const(b, IR_VEC(3), v);
	uint32_t c = ir_build_const(b, IR_VEC(4), v);
	assert_int_equal(ir_build_op2(b, IR_OP_DOT, a, c), IR_NONE);
	const char *dot_msg =
		"api: instr 2: 'dot' expects two vectors of the same size, got vec3 and vec4";
	assert_string_equal(ir_builder_error(b), dot_msg);
	/* later calls do nothing and keep the first error */
	assert_int_equal(ir_build_op2(b, IR_OP_ADD, a, a), IR_NONE);
	assert_null(ir_builder_finish(b, &d));
	assert_string_equal(d.msg, dot_msg);

	static const struct { int what; const char *msg; } api[] = {
		{ 0, "api: instr 0: 'load' has immediates: use its own builder function" },
		{ 1, "api: instr 0: 'endif' without a matching 'if'" },
		{ 2, "api: instr 0: 'loop' is never closed" },
		{ 3, "api: instr 1: '%x' is already defined" },
		{ 4, "api: decl 1: '@u' is already declared" },
		{ 5, "api: instr 0: operand 0 of 'neg' is not a defined value" },
		{ 6, "api: decl 0: output 'color' is only allowed in fragment shaders" },
	};
	for (size_t k = 0; k < sizeof(api) / sizeof(api[0]); k++) {
		vc4_diag_clear(&d);
		enum ir_stage stage = api[k].what == 6 ? IR_STAGE_VERTEX : IR_STAGE_FRAGMENT;
		b = ir_builder_create(stage, "api");
		switch (api[k].what) {
		case 0: ir_build_op(b, IR_OP_LOAD, 0, NULL); break;
		case 1: ir_build_endif(b); break;
		case 2: ir_build_loop(b); break;
		case 3:
			ir_builder_name_next(b, "x", 1);
			ir_build_constf(b, 1);
			ir_builder_name_next(b, "x", 1);
			break;
		case 4:
			ir_build_uniform(b, "u", IR_VEC(2));
			ir_build_uniform(b, "u", IR_VEC(2));
			break;
		case 5: ir_build_op1(b, IR_OP_NEG, 7); break;
		default: ir_build_output(b, IR_OUT_COLOR); break;
		}
		assert_null(ir_builder_finish(b, &d));
		assert_string_equal(d.msg, api[k].msg);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parser_error_texts),
		cmocka_unit_test(nul_bytes_and_size),
		cmocka_unit_test(word_characters),
		cmocka_unit_test(builder_error_texts),
	};
	return cmocka_run_group_tests_name("ir_errors", tests, NULL, NULL);
}
