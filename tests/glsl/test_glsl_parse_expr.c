/* test_glsl_parse_expr.c: the expression parser's precedence climbing
 * (glsl_parse_expr.c) — every binary level's precedence against its
 * neighbours and left associativity, checked by running the IR
 * interpreter, and the nesting limit with its exact message and position
 * for right operands of rising precedence, unary operators, parentheses
 * and ?:. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "glsl_test.h"

#define FS_HEAD "precision mediump float;\n"

/* Runs a fragment shader with no inputs; checks gl_FragColor exactly (the
 * expressions are exact in binary floating point). */
static void frag(const char *body, float a, float b, float c, float d)
{
	struct gt_run r;
	gt_begin(&r, body, GLSL_FRAGMENT);
	gt_exec(&r);
	const union ir_scalar *got = gt_output(&r, IR_OUT_COLOR);
	float want[4] = { a, b, c, d };
	for (int i = 0; i < 4; i++)
		if (got[i].f != want[i])
			fail_msg("component %d: got %.9g, want %.9g", i, (double)got[i].f,
				 (double)want[i]);
	gt_end(&r);
}

/* Arithmetic: left associativity and * / above + -. */
static void arithmetic_levels(void **state)
{
	(void)state;
	frag(FS_HEAD "void main() { float a = 8.0, b = 4.0, c = 2.0;\n"
	     "gl_FragColor = vec4(a - b - c, a / b / c, 1.0 + c * 3.0 - b / c, -c * -3.0 + 1.0); }",
	     2.0f, 1.0f, 5.0f, 7.0f);
	frag(FS_HEAD "void main() { int i = 7, j = 3, k = 2;\n"
	     "gl_FragColor = vec4(float(i - j - k), float(i * j / k), float(i - j * k),\n"
	     "                    float(i / j * k)); }",
	     2.0f, 10.0f, 1.0f, 4.0f);
}

/* Relations above equality above && above ^^ above ||, and ?: below all. */
static void logical_levels(void **state)
{
	(void)state;
	frag(FS_HEAD "void main() { float x = 1.0, y = 2.0; bool t = true, f = false;\n"
	     "gl_FragColor = vec4(float(x < y == y < x), float(t || t ^^ t),\n"
	     "                    float(t ^^ t && f), float(f && t || t)); }",
	     0.0f, 1.0f, 1.0f, 1.0f);
	frag(FS_HEAD "void main() { float x = 1.0, y = 2.0; bool t = true, f = false;\n"
	     "gl_FragColor = vec4(t ? x : f ? y : 3.0, f ? x : t ? y : 3.0,\n"
	     "                    x + y < 3.5 == t ? 1.0 : 0.5, float(x * y + x > y - x * x)); }",
	     1.0f, 2.0f, 1.0f, 1.0f);
}

/* A source of `head`, `unit` n times, `mid`, `close` n times, `tail`. */
static char *nest(const char *head, const char *unit, int n, const char *mid,
		  const char *close, const char *tail)
{
	size_t len = strlen(head) + (strlen(unit) + strlen(close)) * (size_t)n + strlen(mid) +
		     strlen(tail) + 1;
	char *s = malloc(len);
	assert_non_null(s);
	strcpy(s, head);
	for (int i = 0; i < n; i++)
		strcat(s, unit);
	strcat(s, mid);
	for (int i = 0; i < n; i++)
		strcat(s, close);
	strcat(s, tail);
	return s;
}

/* The depth limit counts each right operand, unary operator, parenthesis
 * and ?: as before: the first level past 200 is reported where it starts. */
static void nesting_limit(void **state)
{
	(void)state;
	const char *head = FS_HEAD "void main() { float x = 1.0; x = ";
	/* one unit: 7 right operands of rising precedence, a unary minus and a
	 * parenthesis (an assignment expression) */
	char *s = nest(head, "x || x ^^ x && x == x < x + x * -(", 40, "x", ")", "; }");
	assert_string_equal(gt_reject(s, GLSL_FRAGMENT),
			    "t.frag:2:780: nesting is too deep (more than 200 levels)\n");
	free(s);
	s = nest(head, "x * (x + ", 150, "x", ")", "; }");
	assert_string_equal(gt_reject(s, GLSL_FRAGMENT),
			    "t.frag:2:624: nesting is too deep (more than 200 levels)\n");
	free(s);
	s = nest(FS_HEAD "void main() { bool b = true; float x = 1.0; x = ", "b ? x : ", 300,
		 "x", "", "; }");
	assert_string_equal(gt_reject(s, GLSL_FRAGMENT),
			    "t.frag:2:837: nesting is too deep (more than 200 levels)\n");
	free(s);
	/* 20 units of 5 levels parse (the error is the checker's) */
	s = nest(head, "x < x + x * -(", 20, "x", ")", "; gl_FragColor = vec4(x); }");
	assert_string_equal(gt_reject(s, GLSL_FRAGMENT), "t.frag:2:298: no operator '-' for bool\n");
	free(s);
	/* long chains at one level do not nest at all */
	s = nest(head, "x + -x * x - ", 5000, "x", "", "; gl_FragColor = vec4(x); }");
	glsl_shader_free(gt_compile(s, GLSL_FRAGMENT));
	free(s);
}

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(arithmetic_levels),
		cmocka_unit_test(logical_levels),
		cmocka_unit_test(nesting_limit),
	};
	return cmocka_run_group_tests_name("glsl_parse_expr", tests, NULL, NULL);
}
