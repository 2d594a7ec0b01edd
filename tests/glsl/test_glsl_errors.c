/* test_glsl_errors.c: every rejection the front end makes, with the exact
 * text of all its messages ("NAME:LINE:COL: message", several per file
 * where recovery is reliable) — the lexer, the preprocessor, syntax,
 * names, types, implicit conversions, qualifiers, l-values, const
 * initializers (a loop index is none), recursion, precision — and that
 * hostile input (deep nesting, macro bombs, huge files) gives a clean error instead of a crash or a hang. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "glsl_test.h"

struct bad {
	enum glsl_stage stage;
	const char *src;
	const char *want;       /* the whole log */
};

static const struct bad cases[] = {
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float x = 1; }",
	  "t.frag:2:25: cannot initialize float 'x' with int\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { int i = 1.0; }",
	  "t.frag:2:23: cannot initialize int 'i' with float\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float x = 1.0 + 1; }",
	  "t.frag:2:29: no operator '+' for float and int\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { vec3 v = vec3(1.0) * 2; }",
	  "t.frag:2:34: no operator '*' for vec3 and int\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "float f(float x) { return f(x); }\n"
	  "void main() { gl_FragColor = vec4(f(1.0)); }",
	  "t.frag:2:27: recursive call to 'f' (recursion is not allowed)\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "float g(float x);\n"
	  "float f(float x) { return g(x); }\n"
	  "float g(float x) { return f(x); }\n"
	  "void main() { gl_FragColor = vec4(f(1.0)); }",
	  "t.frag:4:27: recursive call to 'f' (recursion is not allowed)\n" },
	/* a loop index is a constant-index-expression, not a constant expression */
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { for (int i = 0; i < 4; i++) { const int k = i; } }",
	  "t.frag:2:59: the initializer of const 'k' must be a constant expression\n" },
	{ GLSL_FRAGMENT, "void main() { float x = 1.0; }",
	  "t.frag:1:21: no precision for float 'x' in a fragment shader (declare it mediump, or add 'precision mediump float;')\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { gl_FragColor = vec4(1.0) }",
	  "t.frag:2:40: expected ';', found '}'\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { undefinedvar = 1.0; }",
	  "t.frag:2:15: 'undefinedvar' is not declared\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { vec2 v; v.xz = vec2(1.0); }",
	  "t.frag:2:24: bad swizzle '.xz' of vec2\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { vec2 v; v.xx = vec2(1.0); }",
	  "t.frag:2:24: swizzle '.xx' repeats a lane: cannot assign to it\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float a[2]; a[2] = 1.0; }",
	  "t.frag:2:29: index 2 is out of range for float[2]\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "uniform float u; void main() { u = 1.0; }",
	  "t.frag:2:32: 'u' is read-only: cannot assign to it\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "varying vec4 v; void main() { v = vec4(1.0); }",
	  "t.frag:2:31: 'v' is read-only: cannot assign to it\n" },
	{ GLSL_VERTEX, "void main() { discard; }",
	  "t.vert:1:15: 'discard' is only allowed in fragment shaders\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { break; }",
	  "t.frag:2:15: 'break' outside a loop\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "float f() { return; }\n"
	  "void main() { }",
	  "t.frag:2:13: 'f' returns float, but this returns nothing\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { vec4 v = vec4(1.0, 2.0); }",
	  "t.frag:2:24: constructor vec4 needs 4 components, got 2\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { vec2 v = vec2(1.0, 2.0, 3.0); }",
	  "t.frag:2:39: too many arguments to constructor vec2\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { mat2 m = mat2(mat3(1.0)); }",
	  "t.frag:2:24: constructing a matrix from a matrix is reserved in GLSL ES 1.00\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { int x = 5 % 2; }",
	  "t.frag:2:25: operator '%' is reserved in GLSL ES 1.00\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { int x = 5 << 2; }",
	  "t.frag:2:25: operator '<<' is reserved in GLSL ES 1.00\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float x = max(1.0, 2); }",
	  "t.frag:2:25: no overload of built-in 'max' takes (float, int)\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { if (1.0) {} }",
	  "t.frag:2:19: the condition of 'if' must be a bool, got float\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void f() {}\n"
	  "void f() {}\n"
	  "void main() {}",
	  "t.frag:3:6: function 'f' is already defined\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float x; float x; }",
	  "t.frag:2:30: 'x' is already declared in this scope\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float gl_x; }",
	  "t.frag:2:21: 'gl_x': names beginning with 'gl_' are reserved\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "const float c; void main() {}",
	  "t.frag:2:13: const 'c' needs an initializer\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "uniform float u; const float c = u; void main() {}",
	  "t.frag:2:34: the initializer of const 'c' must be a constant expression\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "attribute vec4 a; void main() {}",
	  "t.frag:2:16: attribute 'a' in a fragment shader\n" },
	{ GLSL_VERTEX, "attribute int a; void main() { gl_Position = vec4(0.0); }",
	  "t.vert:1:15: attribute 'a' must be float, vecN or matN\n" },
	{ GLSL_VERTEX, "varying int v; void main() { gl_Position = vec4(0.0); }",
	  "t.vert:1:13: varying 'v' must be float, vecN, matN or an array of them\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float a[0]; }",
	  "t.frag:2:23: the size of array 'a' must be a constant integer expression greater than zero\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { vec3 v; float f = v.w; }",
	  "t.frag:2:34: bad swizzle '.w' of vec3\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "struct S { float a; }; void main() { S s; float f = s.b; }",
	  "t.frag:2:54: struct S has no field 'b'\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { gl_FragColor = texture2DLod(s, vec2(0.0), 1.0); }",
	  "t.frag:2:43: 's' is not declared\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "uniform sampler2D s; void main() { gl_FragColor = texture2DLod(s, vec2(0.0), 1.0); }",
	  "t.frag:2:51: built-in 'texture2DLod' (sampler2D, vec2, float) is not available in fragment shaders\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { gl_FragCoord = vec4(1.0); }",
	  "t.frag:2:15: 'gl_FragCoord' is read-only: cannot assign to it\n" },
	{ GLSL_FRAGMENT, "#version 110\n"
	  "void main() {}",
	  "t.frag:1:10: #version 110 is not supported (only 100, GLSL ES 1.00)\n" },
	{ GLSL_FRAGMENT, "#if 1\n"
	  "void main() {}",
	  "t.frag:1:2: '#if' is never closed by '#endif'\n" },
	{ GLSL_FRAGMENT, "#endif\n"
	  "void main() {}",
	  "t.frag:1:2: '#endif' without '#if'\n" },
	{ GLSL_FRAGMENT, "#error custom message here\n"
	  "void main() {}",
	  "t.frag:1:2: #error custom message here\n" },
	{ GLSL_FRAGMENT, "#define F(a, a) a\n"
	  "void main() {}",
	  "t.frag:1:14: #define F: parameter 'a' is repeated\n" },
	{ GLSL_FRAGMENT, "#define F(a) a\n"
	  "void main() { F(1, 2); }",
	  "t.frag:2:15: macro 'F' takes 1 arguments, got 2\n" },
	{ GLSL_FRAGMENT, "#define GL_FOO 1\n"
	  "void main() {}",
	  "t.frag:1:9: macro name 'GL_FOO' is reserved\n" },
	{ GLSL_FRAGMENT, "#extension GL_OES_foo : require\n"
	  "void main() {}",
	  "t.frag:1:12: extension 'GL_OES_foo' is not supported\n" },
	{ GLSL_FRAGMENT, "#extension all : enable\n"
	  "void main() {}",
	  "t.frag:1:18: #extension all: only 'warn' and 'disable' are allowed\n" },
	{ GLSL_FRAGMENT, "#if FOO\n"
	  "#endif\n"
	  "void main() {}",
	  "t.frag:1:5: #if: undefined identifier 'FOO'\n" },
	{ GLSL_FRAGMENT, "#if 1 / 0\n"
	  "#endif\n"
	  "void main() {}",
	  "t.frag:1:7: #if: division by zero\n" },
	{ GLSL_FRAGMENT, "#foo\n"
	  "void main() {}",
	  "t.frag:1:2: unknown directive '#foo'\n" },
	{ GLSL_FRAGMENT, "#define A 1\n"
	  "#define A 2\n"
	  "void main() {}",
	  "t.frag:2:9: macro 'A' is redefined differently\n" },
	{ GLSL_FRAGMENT, "void main() { int x = 0x; }",
	  "t.frag:1:23: bad integer literal '0x'\n" },
	{ GLSL_FRAGMENT, "void main() { float x = 1.0f; }",
	  "t.frag:1:25: bad float literal '1.0f'\n" },
	{ GLSL_FRAGMENT, "void main() { @ }",
	  "t.frag:1:15: bad character '@'\n" },
	{ GLSL_FRAGMENT, "/* never closed\n"
	  "void main() {}",
	  "t.frag:1:1: comment is never closed\n" },
	{ GLSL_FRAGMENT, "void main() { int x = 99999999999; }",
	  "t.frag:1:23: integer literal '99999999999' is too large\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "float f(out float x) { x = 1.0; return x; }\n"
	  "void main() { f(2.0); }",
	  "t.frag:3:17: this expression is not an l-value: cannot pass it as an out argument\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float x = sin(); }",
	  "t.frag:2:25: no overload of built-in 'sin' takes ()\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { foo(); }",
	  "t.frag:2:15: function 'foo' is not declared\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { vec2 v = vec2(1.0); v(); }",
	  "t.frag:2:35: 'v' is a variable, not a function\n" },
	{ GLSL_FRAGMENT, "",
	  "t.frag: function 'main' is not defined\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "int main() { return 0; }",
	  "t.frag:2:5: 'main' must be declared 'void main()'\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { gl_FragColor = vec4(1.0); gl_FragData[0] = vec4(1.0); }",
	  "t.frag: a shader cannot write both gl_FragColor and gl_FragData\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { switch (1) {} }",
	  "t.frag:2:15: 'switch' is a reserved word\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float x = 1.0 ? 2.0 : 3.0; }",
	  "t.frag:2:25: the condition of '?:' must be a bool, got float\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float x = true ? 2.0 : 3; }",
	  "t.frag:2:30: the two sides of '?:' must have one type, got float and int\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "uniform float a[2]; void main() { float b[2]; b = a; }",
	  "t.frag:2:47: arrays are not l-values in GLSL ES 1.00: cannot assign to it\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { int i = -true; }",
	  "t.frag:2:23: no operator '-' for bool\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { bool b = !1; }",
	  "t.frag:2:24: no operator '!' for int\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "struct S { float a; float a; }; void main() {}",
	  "t.frag:2:27: member 'a' is declared twice\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { S s; }",
	  "t.frag:2:15: 'S' is not a type\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float x = 1.0; x++ = 2.0; }",
	  "t.frag:2:31: this expression is not an l-value: cannot assign to it\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { 1.0 = 2.0; }",
	  "t.frag:2:15: this expression is not an l-value: cannot assign to it\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { vec4 v = vec4(1.0); v[4] = 1.0; }",
	  "t.frag:2:37: index 4 is out of range for vec4\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { vec4 v = vec4(1.0); v[1.0] = 1.0; }",
	  "t.frag:2:37: an index must be an int, got float\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { int x = 1; x.x = 1; }",
	  "t.frag:2:27: cannot swizzle scalar int ('.x')\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float x = 1.0 +; int y = 2 +; bool z = ; }",
	  "t.frag:2:30: expected an expression, found ';'\nt.frag:2:43: expected an expression, found ';'\nt.frag:2:54: expected an expression, found ';'\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "uniform vec4 u; void main() { vec4 c = u.wzywzyx; }",
	  "t.frag:2:41: bad swizzle '.wzywzyx' of vec4\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void A() { }\n"
	  "void B() { return A(); }\n"
	  "void main() { B(); }",
	  "t.frag:3:12: 'B' returns nothing, but this returns a value of type void\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "struct S { sampler2D s; };\n"
	  "void main() { S x; }",
	  "t.frag:3:17: 'x' holds a sampler, so it must be a uniform\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "struct gl_S { float a; };\n"
	  "void main() { }",
	  "t.frag:2:1: 'gl_S': names beginning with 'gl_' are reserved\n" },
	{ GLSL_FRAGMENT, "#define S(x) #x\n"
	  "void main() { }",
	  "t.frag:1:14: #define S: '#' and '##' are not operators in GLSL ES 1.00\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "int f(int a);\n"
	  "int f(int a);\n"
	  "void main() { }",
	  "t.frag:3:5: function 'f' is already declared (a prototype may not be repeated in GLSL ES 1.00)\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { lowp bool b; }",
	  "t.frag:2:25: precision qualifiers apply only to float, int and sampler types\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "struct S { struct T { float a; } t; };\n"
	  "void main() { }",
	  "t.frag:2:12: a struct cannot be defined inside a struct in GLSL ES 1.00\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { float[2] a[3]; }",
	  "t.frag:2:24: 'a' is given two array sizes\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "float[2] f() { float a[2]; return a; }\n"
	  "void main() { }",
	  "t.frag:2:10: a function cannot return an array\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "uniform sampler2D s;\n"
	  "sampler2D f() { return s; }\n"
	  "void main() { }",
	  "t.frag:3:11: function 'f' cannot return a sampler\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { do int v = 0; while (false); v++; }",
	  "t.frag:2:44: 'v' is not declared\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "float f();\n"
	  "highp float f() { return 1.0; }\n"
	  "void main() { }",
	  "t.frag:3:13: function 'f' is redeclared with another return precision\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "struct f { int x; };\n"
	  "int f;\n"
	  "void main() { }",
	  "t.frag:3:5: 'f' is already declared in this scope\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void f(out sampler2D s) { }\n"
	  "void main() { }",
	  "t.frag:2:22: a parameter holding a sampler must be 'in'\n" },
	{ GLSL_VERTEX, "void main() { gl_Position = vec4(1.0); gl_FragColor = vec4(1.0); }",
	  "t.vert:1:40: 'gl_FragColor' is not declared\n" },
	{ GLSL_FRAGMENT, "precision mediump float;\n"
	  "void main() { gl_Position = vec4(1.0); }",
	  "t.frag:2:15: 'gl_Position' is not declared\n" },
	{ GLSL_VERTEX, "uniform sampler2D s; void main() { gl_Position = texture2D(s, vec2(0.0), 1.0); }",
	  "t.vert:1:50: built-in 'texture2D' (sampler2D, vec2, float) is not available in vertex shaders\n" },
};

static void messages(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = gt_reject(cases[i].src, cases[i].stage);
		if (strcmp(got, cases[i].want))
			fail_msg("case %zu:\n%s\n--- got:\n%s--- want:\n%s", i, cases[i].src, got,
				 cases[i].want);
	}
}

/* Rejects `src` with a first message starting with `prefix`. */
static void rejects_with(const char *src, const char *prefix)
{
	struct glsl_log log;
	struct glsl_shader *s = glsl_compile(src, strlen(src), "t.frag", GLSL_FRAGMENT, &log);
	if (s)
		fail_msg("accepted");
	if (strncmp(log.first, prefix, strlen(prefix)))
		fail_msg("got '%s', want '%s...'", log.first, prefix);
}

/* Every keyword and reserved word of GLSL ES 1.00 (sections 3.7, 3.8) is
 * refused as a name with its own message; words that only resemble one
 * (another case, a letter more or less) are names. */
static void keywords(void **state)
{
	(void)state;
	static const char *const kw[] = {
		"attribute", "const", "uniform", "varying", "break", "continue", "do", "for",
		"while", "if", "else", "in", "out", "inout", "float", "int", "void", "bool",
		"true", "false", "lowp", "mediump", "highp", "precision", "invariant", "discard",
		"return", "mat2", "mat3", "mat4", "vec2", "vec3", "vec4", "ivec2", "ivec3", "ivec4",
		"bvec2", "bvec3", "bvec4", "sampler2D", "samplerCube", "struct",
	};
	static const char *const reserved[] = {
		"asm", "class", "union", "enum", "typedef", "template", "this", "packed", "goto",
		"switch", "default", "inline", "noinline", "volatile", "public", "static",
		"extern", "external", "interface", "flat", "long", "short", "double", "half",
		"fixed", "unsigned", "superp", "input", "output", "hvec2", "hvec3", "hvec4",
		"dvec2", "dvec3", "dvec4", "fvec2", "fvec3", "fvec4", "sampler1D", "sampler3D",
		"sampler1DShadow", "sampler2DShadow", "sampler2DRect", "sampler3DRect",
		"sampler2DRectShadow", "sizeof", "cast", "namespace", "using", "case", "lowp_",
		"smooth", "noperspective", "centroid",
	};
	static const char *const names[] = {
		"Asm", "whilex", "vec5", "vec", "samplerCube2", "sampler2DRectShadowx", "_", "a",
		"z", "x1", "do_", "iff", "fo", "mat", "lowp__", "Struct", "sampler",
	};
	char src[128], want[160];
	for (size_t i = 0; i < sizeof(kw) / sizeof(kw[0]); i++) {
		snprintf(src, sizeof(src), "void main() { int %s = 1; }", kw[i]);
		snprintf(want, sizeof(want), "t.frag:1:19: expected a variable name, found '%s'\n",
			 kw[i]);
		assert_string_equal(gt_reject(src, GLSL_FRAGMENT), want);
	}
	for (size_t i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++) {
		snprintf(src, sizeof(src), "void main() { int %s = 1; }", reserved[i]);
		snprintf(want, sizeof(want), "t.frag:1:19: '%s' is a reserved word\n", reserved[i]);
		assert_string_equal(gt_reject(src, GLSL_FRAGMENT), want);
	}
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(src, sizeof(src), "void main() { int %s = 1; }", names[i]);
		glsl_shader_free(gt_compile(src, GLSL_FRAGMENT));
	}
}

static char *repeat(const char *head, const char *unit, size_t n, const char *tail)
{
	size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
	char *s = malloc(hl + ul * n + tl + 1);
	assert_non_null(s);
	memcpy(s, head, hl);
	for (size_t i = 0; i < n; i++)
		memcpy(s + hl + i * ul, unit, ul);
	memcpy(s + hl + n * ul, tail, tl + 1);
	return s;
}

static void hostile(void **state)
{
	(void)state;
	char *s = repeat("void main() { float x = ", "(", 100000, "1.0; }");
	rejects_with(s, "t.frag:1:");
	free(s);
	s = repeat("void main() ", "{", 100000, "");
	rejects_with(s, "t.frag:1:");
	free(s);
	s = repeat("", "#if 1\n", 100000, "");
	rejects_with(s, "t.frag:201:2: #if nested too deeply");
	free(s);
	/* each level doubles: 2^40 tokens unless capped */
	char bomb[4096];
	size_t n = (size_t)sprintf(bomb, "#define A0 1.0 + 1.0\n");
	for (int i = 1; i <= 40; i++)
		n += (size_t)sprintf(bomb + n, "#define A%d A%d + A%d\n", i, i - 1, i - 1);
	sprintf(bomb + n, "void main() { float x = A40; }\n");
	rejects_with(bomb, "t.frag:42:25: macro expansion is too large");
	rejects_with("#define F(x) F(x) x\nvoid main() { F(1); }", "t.frag:2:17: expected ';', found '1'");
	s = repeat("precision mediump float; void main() { float x = 0.0;", " x = -x;", 200000,
		   " gl_FragColor = vec4(x); }");
	struct glsl_log log;
	struct glsl_shader *ok = glsl_compile(s, strlen(s), "big.frag", GLSL_FRAGMENT, &log);
	assert_non_null(ok);   /* long straight-line code is fine */
	glsl_shader_free(ok);
	free(s);
}

static void error_cap(void **state)
{
	(void)state;
	char *s = repeat("void main() {", " int x = 1.0;", 100, " }");
	struct glsl_log log;
	assert_null(glsl_compile(s, strlen(s), "t.frag", GLSL_FRAGMENT, &log));
	assert_int_equal(log.count, GLSL_MAX_ERRORS);
	assert_string_equal(log.first, "t.frag:1:23: cannot initialize int 'x' with float");
	free(s);
}

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(messages),
		cmocka_unit_test(keywords),
		cmocka_unit_test(hostile),
		cmocka_unit_test(error_cap),
	};
	return cmocka_run_group_tests_name("glsl_errors", tests, NULL, NULL);
}
