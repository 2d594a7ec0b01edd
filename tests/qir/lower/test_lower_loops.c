/*
 * test_lower_loops.c: how loops are lowered (docs/lowering.md, "Control
 * flow"): `if %c { break }` directly in a loop body with no `continue`
 * around is one conditional `max` on the execution mask (the
 * LOWER_IF_BREAK plan), and every other break keeps the flat exec-mask
 * updates; a loop without `continue` has no reactivation at its head or end;
 * a uniform loop (every lane together, uniform exits, no mask around it)
 * has no exec updates at all, only branches. Each shader runs on 16 lanes
 * (qir_eval.c), with a different trip count per lane where the loop is
 * divergent, and is compared with the IR interpreter lane by lane.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ir/ir_interp.h"
#include "lower_test.h"
#include "qir_eval.h"

/* A fragment shader: v_uv in, the local @sum as the grey colour, `body`
 * between the declarations and the colour store. */
static struct ir_shader *fs_shader(const char *body)
{
	char text[4096];
	snprintf(text, sizeof(text),
		 "fragment\nuniform int @n\nvarying smooth vec2 @v_uv\noutput color\n"
		 "local float @sum\nlocal int @i\nlocal int @j\n%s%%out = load @sum\n%%c = vec4 %%out\n"
		 "store @color, %%c\n", body);
	return lt_parse(text, "loops.ir");
}

/* Conditional `max` instructions (the LOWER_IF_BREAK ifs), or with
 * `any`, every conditional instruction. */
static unsigned cond_count(const struct qir_compile *c, bool any)
{
	unsigned n = 0;
	struct qir_block *b;
	struct qir_inst *i;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, i)
			n += (any ? i->op != QIR_OP_BRANCH : i->op == QIR_OP_MAX) &&
			     i->cond != QPU_COND_ALWAYS;
	return n;
}

/* Lowers `body`, checks it has `maxes` break-ifs as one `max`, runs it on
 * 16 lanes (uv.x = lane / 16, @n = n) against the interpreter; returns the
 * executed QIR instructions. */
static uint64_t run_loops_n(const char *body, unsigned maxes, int32_t n)
{
	struct ir_shader *sh = fs_shader(body);
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_FRAGMENT);
	struct qir_compile *c = lt_lower(sh, NULL, &key, QIR_STAGE_FRAGMENT);
	assert_int_equal(cond_count(c, false), maxes);
	uint64_t steps = lt_run_uv_against_interp(sh, c, n);
	qir_compile_free(c);
	ir_shader_free(sh);
	return steps;
}

static uint64_t run_loops(const char *body, unsigned maxes)
{
	return run_loops_n(body, maxes, 0);
}

/* A counted loop (at most 8) that also leaves when @sum passes uv.x. */
#define COUNTED_HEAD \
	"loop {\n%i = load @i\n%eight = const int 8\n%end = ige %i, %eight\n" \
	"if %end {\nbreak\n}\n%s = load @sum\n%q = const float 0.0625\n" \
	"%n = add %s, %q\nstore @sum, %n\n%one = const int 1\n%i1 = iadd %i, %one\n" \
	"store @i, %i1\n%uv = load @v_uv\n%x = extract %uv, 0\n"
#define DATA_BREAK "%done = fgt %n, %x\nif %done {\nbreak\n}\n"

/* Both breaks are a `max`; lanes leave after 1 to 8 passes. */
static void test_break_ifs(void **state)
{
	(void)state;
	uint64_t steps = run_loops(COUNTED_HEAD DATA_BREAK "}\n", 2);
	printf("# two break-ifs: %llu QIR steps\n", (unsigned long long)steps);
	assert_int_equal(steps, 215);
}

/* A `continue` in the loop: a lane may wait for the head, whose id is
 * below the endloop's, so neither break is a `max`. */
static void test_break_ifs_with_continue(void **state)
{
	(void)state;
	run_loops(COUNTED_HEAD "%k = const float 0.75\n%far = fgt %x, %k\n"
		  "if %far {\ncontinue\n}\n" DATA_BREAK "}\n", 0);
}

/* A break inside another if is not directly in the loop body: lanes there
 * may wait for that if's end. */
static void test_break_in_if(void **state)
{
	(void)state;
	run_loops(COUNTED_HEAD "%k = const float 0.25\n%near = fgt %x, %k\n"
		  "if %near {\n" DATA_BREAK "}\n}\n", 1);
}

/* Nested loops: the inner loop's break-ifs are a `max` unless the outer
 * loop has a `continue` (lanes waiting for the outer head); the outer loop,
 * counted to 3, is uniform unless that `continue` depends on the lane. */
#define NESTED(outer_tail) \
	"loop {\n%j = load @j\n%three = const int 3\n%jend = ige %j, %three\n" \
	"if %jend {\nbreak\n}\n%jone = const int 1\n%j1 = iadd %j, %jone\n" \
	"store @j, %j1\n%zero = const int 0\nstore @i, %zero\n" \
	COUNTED_HEAD DATA_BREAK "}\n" outer_tail "}\n"

static void test_nested_loops(void **state)
{
	(void)state;
	run_loops(NESTED(""), 2);   /* the outer loop is uniform: a branch */
	run_loops(NESTED("%uv2 = load @v_uv\n%x2 = extract %uv2, 0\n%h = const float 0.5\n"
			 "%odd = fgt %x2, %h\nif %odd {\ncontinue\n}\n"), 0);
}

/* A loop counted to the uniform @n: no exec mask at all, one conditional
 * branch out (on the compare's own flags once optimised) and one back; 16
 * lanes agree with the interpreter for 0, 1 and 5 passes. */
#define UNIFORM_LOOP \
	"loop {\n%i = load @i\n%n = load @n\n%end = ige %i, %n\nif %end {\nbreak\n}\n" \
	"%s = load @sum\n%q = const float 0.0625\n%t = add %s, %q\nstore @sum, %t\n" \
	"%one = const int 1\n%i1 = iadd %i, %one\nstore @i, %i1\n}\n"

static void test_uniform_loop(void **state)
{
	(void)state;
	struct ir_shader *sh = fs_shader(UNIFORM_LOOP);
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_FRAGMENT);
	struct qir_compile *c = lt_lower(sh, NULL, &key, QIR_STAGE_FRAGMENT);
	struct vc4_diag d = { 0 };
	if (!qir_optimize(c, &d))
		fail_msg("%s", d.msg);
	unsigned out = 0, back = 0;
	struct qir_block *b;
	struct qir_inst *i;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, i)
			if (i->op == QIR_OP_BRANCH) {
				out += i->cond != QPU_BR_ALWAYS;
				back += i->cond == QPU_BR_ALWAYS;
			}
	assert_int_equal(out, 1);
	assert_int_equal(back, 1);
	/* no masked store, no exec update; the exit reads the compare's flags */
	assert_int_equal(cond_count(c, true), 0);
	qir_compile_free(c);
	ir_shader_free(sh);
	/* 13 QIR steps a pass, as lowered (before optimisation; @v_uv is not
	 * loaded, so not read) */
	assert_int_equal(run_loops_n(UNIFORM_LOOP, 0, 0), 27);
	assert_int_equal(run_loops_n(UNIFORM_LOOP, 0, 1), 40);
	assert_int_equal(run_loops_n(UNIFORM_LOOP, 0, 5), 92);
}

/* A uniform loop after a uniform break of a loop lowered with masks (the
 * corpus's piglit-glsl-fs-loop-shadow-variables): lanes that left the outer
 * loop still walk through the inner one, inactive, so the inner loop keeps
 * its masks; lowered without them, its counter never moved for them and
 * the program never ended. */
static void test_uniform_loop_after_break(void **state)
{
	(void)state;
	const char *body =
		"loop {\n%n0 = load @n\n%three = const int 3\n%o3 = ieq %n0, %three\n"
		"if %o3 {\n%h = const float 0.5\nstore @sum, %h\nbreak\n}\n"
		"%zero = const int 0\nstore @i, %zero\n" UNIFORM_LOOP "break\n}\n";
	run_loops_n(body, 1, 3);   /* the inner break-if: a `max` */
	run_loops_n(body, 1, 2);
}

/* Branches in c. */
static unsigned branches(const struct qir_compile *c)
{
	unsigned n = 0;
	struct qir_block *b;
	struct qir_inst *i;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, i)
			n += i->op == QIR_OP_BRANCH;
	return n;
}

/* Lowers `body` (in the fs_shader() frame) and returns its branch count;
 * runs it on 16 lanes against the interpreter (@n = 3). */
static unsigned loop_branches(const char *body)
{
	struct ir_shader *sh = fs_shader(body);
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_FRAGMENT);
	struct qir_compile *c = lt_lower(sh, NULL, &key, QIR_STAGE_FRAGMENT);
	unsigned n = branches(c);
	qir_compile_free(c);
	ir_shader_free(sh);
	run_loops_n(body, 0, 3);   /* no break-if `max`: folded or uniform */
	return n;
}

/* A loop run once (its body ends in a break: a function's wrapper for an
 * early `return`) whose other exits are uniform jump-ifs is a uniform loop
 * without a back edge; an if inside it, where no construct masks lanes, is
 * select-style (corpus: piglit-glsl-fs-loop-shadow-variables FS 789 ->
 * 252). One branch in all, the uniform exit; lane by lane as the
 * interpreter for both ways out. */
static void test_once_loop(void **state)
{
	(void)state;
	const char *body =
		"loop {\n%n0 = load @n\n%three = const int 3\n%o3 = ieq %n0, %three\n"
		"if %o3 {\nbreak\n}\n%uv = load @v_uv\n%x = extract %uv, 0\n"
		"%hf = const float 0.5\n%p = fgt %x, %hf\nif %p {\n%q = const float 0.25\n"
		"store @sum, %q\n}\nbreak\n}\n";
	assert_int_equal(loop_branches(body), 1);
	struct ir_shader *sh = fs_shader(body);
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_FRAGMENT);
	struct qir_compile *c = lt_lower(sh, NULL, &key, QIR_STAGE_FRAGMENT);
	struct vc4_diag d = { 0 };
	if (!qir_optimize(c, &d))
		fail_msg("%s", d.msg);
	assert_int_equal(cond_count(c, true), 1);   /* the select's mov.ns, no exec */
	qir_compile_free(c);
	ir_shader_free(sh);
	run_loops_n(body, 0, 2);
}

/* An integer loop on locals holding constants runs at compile time
 * (lower_constloop.c): no branch left, the results stored as constants
 * (here i = 7, j = 1 + 2 + 4 + 5 + 6 + 7 with 3 skipped by a continue, as
 * @sum = j / 64). A loop reading a uniform, a local stored from an input
 * before it, a float local, or one running past the step budget is lowered
 * as usual. */
#define INT_LOOP(bound, pre) \
	pre "loop {\n%i = load @i\n%b = const int " bound "\n%end = ige %i, %b\n" \
	"if %end {\nbreak\n}\n%one = const int 1\n%i1 = iadd %i, %one\nstore @i, %i1\n" \
	"%three = const int 3\n%sk = ieq %i1, %three\nif %sk {\ncontinue\n}\n" \
	"%j = load @j\n%j1 = iadd %j, %i1\nstore @j, %j1\n}\n" \
	"%jf = load @j\n%f = i2f %jf\n%k = const float 0.015625\n%g = mul %f, %k\n" \
	"store @sum, %g\n"

static void test_const_loop(void **state)
{
	(void)state;
	assert_int_equal(loop_branches(INT_LOOP("7", "")), 0);
	/* uniform loops: out, to the head (continue) and back */
	assert_int_equal(loop_branches(INT_LOOP("2000", "")), 3);   /* past the budget */
	assert_int_equal(loop_branches(
		INT_LOOP("7", "%n0 = load @n\nstore @i, %n0\n")), 3);   /* i from a uniform */
	assert_int_equal(loop_branches(
		"loop {\n%s = load @sum\n%h = const float 0.5\n%e = fge %s, %h\n"
		"if %e {\nbreak\n}\n%q = const float 0.125\n%t = add %s, %q\n"
		"store @sum, %t\n}\n"), 2);   /* a float local: uniform loop */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_break_ifs),
		cmocka_unit_test(test_break_ifs_with_continue),
		cmocka_unit_test(test_break_in_if),
		cmocka_unit_test(test_nested_loops),
		cmocka_unit_test(test_uniform_loop),
		cmocka_unit_test(test_uniform_loop_after_break),
		cmocka_unit_test(test_const_loop),
		cmocka_unit_test(test_once_loop),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
