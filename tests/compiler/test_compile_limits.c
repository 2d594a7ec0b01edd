/* test_compile_limits.c: pathological programs compile, or fail, in memory
 * in proportion to the program. 10 000 vec4 values live at once fail at once, naming the IR line
 * where they are live (the allocator used to build a graph of 800 million
 * edges: 22 GB); 30 000 nested ifs and 5 000 nested loops compile
 * (liveness bitsets of blocks x temps took 1.4 GB at 30 000
 * ifs, 11.5 GB at 100 000) into single-threaded programs of a few temps.
 * Each case is bounded in the process's peak memory, loosely enough for
 * sanitizer builds. Time is not asserted here (no timed tests): the growth
 * is measured by bench/bench_growth, and a relapse to the old blow-ups
 * (minutes, gigabytes) trips the memory bound or meson's timeout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <cmocka.h>

#include "compiler/vc4_compile.h"

#define MAX_RSS_KB (1024L * 1024)

/* A growable text. */
struct text {
	char *s;
	size_t len, cap;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	assert_true(n >= 0);
	if (t->len + (size_t)n + 1 > t->cap) {
		t->cap = (t->len + (size_t)n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		assert_non_null(t->s);
	}
	va_start(ap, fmt);
	vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

/* n vec4 values computed, then summed inside an if (so no reordering can
 * shorten their lives). They are %p plus a constant, not multiples of %p:
 * opt_reassoc would turn a sum of whole multiples into one multiply, and
 * opt_factor any sum of products of %p into %p times a sum of constants. */
static char *many_live(unsigned n)
{
	struct text t = { 0 };
	add(&t, "vertex\nattribute vec4 @pos\noutput position\nlocal vec4 @l\n%%p = load @pos\n");
	for (unsigned i = 0; i < n; i++)
		add(&t, "%%k%u = const vec4 %u.5, %u.5, %u.5, %u.5\n%%v%u = add %%p, %%k%u\n", i, i + 1,
		    i + 2, i + 3, i + 4, i, i);
	add(&t, "%%x = extract %%p, 0\n%%z = const float 0\n%%b = flt %%z, %%x\nif %%b {\n"
	    "%%s1 = add %%v0, %%v1\n");
	for (unsigned i = 2; i < n; i++)
		add(&t, "%%s%u = add %%s%u, %%v%u\n", i, i - 1, i);
	add(&t, "store @l, %%s%u\n}\n%%r = load @l\nstore @position, %%r\n", n - 1);
	return t.s;
}

/* n ifs nested in each other, the innermost adding to a local. */
static char *nested_ifs(unsigned n)
{
	struct text t = { 0 };
	add(&t, "fragment\nvarying smooth vec4 @v\noutput color\nlocal vec4 @l\n%%c = load @v\n"
	    "%%x = extract %%c, 0\n%%z = const float 0\n%%b = flt %%z, %%x\nstore @l, %%c\n");
	for (unsigned i = 0; i < n; i++)
		add(&t, "if %%b {\n");
	add(&t, "%%y = load @l\n%%w = add %%y, %%c\nstore @l, %%w\n");
	for (unsigned i = 0; i < n; i++)
		add(&t, "}\n");
	add(&t, "%%r = load @l\nstore @color, %%r\n");
	return t.s;
}

/* n loops nested in each other, each left by a break after its body and,
 * with `early`, first by a break where the varying's x is above 0 (lanes
 * leave apart: exec masks). */
static char *nested_loops(unsigned n, bool early)
{
	struct text t = { 0 };
	add(&t, "fragment\nvarying smooth vec4 @v\noutput color\nlocal vec4 @l\n%%c = load @v\n"
	    "%%x = extract %%c, 0\n%%z = const float 0\n%%b = flt %%z, %%x\nstore @l, %%c\n");
	for (unsigned i = 0; i < n; i++)
		add(&t, early ? "loop {\nif %%b {\nbreak\n}\n" : "loop {\n");
	add(&t, "%%y = load @l\n%%w = add %%y, %%c\nstore @l, %%w\n");
	for (unsigned i = 0; i < n; i++)
		add(&t, "break\n}\n");
	add(&t, "%%r = load @l\nstore @color, %%r\n");
	return t.s;
}

/* Compiles `text` for the default key of its stage; true when it compiled.
 * *diag has the error. Fails the test past the memory bound. */
static bool compile_bounded(const char *text, const char *name, struct vc4_compile_result *r,
			    struct vc4_diag *diag)
{
	struct ir_shader *sh = ir_parse(text, strlen(text), name, diag);
	if (!sh)
		fail_msg("%s", diag->msg);
	struct qir_shader_key k;
	qir_shader_key_init(&k, sh->stage == IR_STAGE_VERTEX ? QIR_STAGE_VERTEX :
			    QIR_STAGE_FRAGMENT);
	bool ok = vc4_compile(sh, &k, r, diag);
	ir_shader_free(sh);
	struct rusage ru;
	assert_int_equal(getrusage(RUSAGE_SELF, &ru), 0);
	if (ru.ru_maxrss > MAX_RSS_KB)
		fail_msg("%s: peak %ld KiB", name, (long)ru.ru_maxrss);
	return ok;
}

static void many_live_values_fail_fast(void **state)
{
	(void)state;
	char *text = many_live(10000);
	struct vc4_compile_result r;
	struct vc4_diag d = {0};
	assert_false(compile_bounded(text, "live.ir", &r, &d));
	assert_string_equal(d.msg, "live.ir:20005: register allocation failed: 40006 values live "
			    "here, more than the 67 registers");
	free(text);
}

/* The only program is a single-threaded fragment shader of between
 * min_per and max_per instructions per nesting level, with few temps live
 * (the exact counts move with the optimiser; the bounds do not). */
static void expect_stats(const struct vc4_compile_result *r, unsigned levels, unsigned min_per,
			 unsigned max_per)
{
	char line[160];
	unsigned inst, threads, unif, temps, cycles;
	assert_int_equal(r->count, 1);
	vc4_compiled_stage_stats(&r->prog[0], line, sizeof(line));
	assert_int_equal(sscanf(line, "fragment shader: %u inst, %u threads, %u uniforms, "
				"%u max-temps, %u estimated-cycles", &inst, &threads, &unif, &temps,
				&cycles), 5);
	if (inst < levels * min_per || inst > levels * max_per || threads != 1 || temps > 16 ||
	    cycles != inst)
		fail_msg("%u levels: %s", levels, line);
}

static void deep_if_nesting(void **state)
{
	(void)state;
	char *text = nested_ifs(30000);
	struct vc4_compile_result r;
	struct vc4_diag d = {0};
	if (!compile_bounded(text, "ifs.ir", &r, &d))
		fail_msg("%s", d.msg);
	/* select-style ifs (lower_select.c): a condition and a merge of the
	 * local's 4 components per level, about 4 instructions */
	expect_stats(&r, 30000, 3, 30);
	vc4_compile_result_free(&r);
	free(text);
}

static void deep_loop_nesting(void **state)
{
	(void)state;
	char *text = nested_loops(5000, true);
	struct vc4_compile_result r;
	struct vc4_diag d = {0};
	if (!compile_bounded(text, "loops.ir", &r, &d))
		fail_msg("%s", d.msg);
	expect_stats(&r, 5000, 10, 40);
	vc4_compile_result_free(&r);
	free(text);
}

/* Loops that run once, every lane together (the tail break), are uniform
 * loops without a back edge (lower_ifconv.c): the nest of 5000 is the
 * straight body, a few instructions in all. */
static void deep_once_loops(void **state)
{
	(void)state;
	char *text = nested_loops(5000, false);
	struct vc4_compile_result r;
	struct vc4_diag d = {0};
	if (!compile_bounded(text, "loops.ir", &r, &d))
		fail_msg("%s", d.msg);
	expect_stats(&r, 1, 10, 30);
	vc4_compile_result_free(&r);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(many_live_values_fail_fast),
		cmocka_unit_test(deep_if_nesting),
		cmocka_unit_test(deep_loop_nesting),
		cmocka_unit_test(deep_once_loops),
	};
	return cmocka_run_group_tests_name("compiler_limits", tests, NULL, NULL);
}
