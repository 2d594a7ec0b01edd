/*
 * test_ir_uniform.c: ir_uniformity() on small shaders with known answers: a
 * counted loop with a uniform bound (the loop, its exit test and its index
 * uniform, the accumulated varying not); a loop left by a varying test (the
 * loop apart, and the index stored in it demoted); an if on a uniform
 * inside an if on a varying (apart); uniform-array reads at a uniform and a
 * varying index; texture results; the number of passes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir_uniform.h"

struct run {
	struct ir_shader *sh;
	struct ir_uniformity u;
};

static void analyse(struct run *r, const char *text)
{
	struct vc4_diag d = { 0 };
	r->sh = ir_parse(text, strlen(text), "test", &d);
	if (!r->sh)
		fail_msg("%s", d.msg);
	if (!ir_uniformity(r->sh, &r->u, &d))
		fail_msg("%s", d.msg);
}

static void done(struct run *r)
{
	ir_uniformity_free(&r->u);
	ir_shader_free(r->sh);
}

/* Whether value %name is uniform. */
static bool uni(const struct run *r, const char *name)
{
	for (uint32_t v = 0; v < r->sh->values.len; v++)
		if (strcmp(ir_str(r->sh, r->sh->values.data[v].name), name) == 0)
			return r->u.value[v];
	fail_msg("no value %%%s", name);
	return false;
}

/* The index of the n-th instruction (from 0) with op `op`. */
static uint32_t nth(const struct run *r, enum ir_op op, unsigned n)
{
	for (uint32_t i = 0; i < r->sh->instrs.len; i++)
		if (r->sh->instrs.data[i].op == op && n-- == 0)
			return i;
	fail_msg("no such instruction");
	return 0;
}

#define HEAD "fragment\nuniform int @n\nuniform vec4 @c[8]\nvarying smooth vec2 @uv\n" \
	     "sampler 2d @s\noutput color\nlocal vec4 @acc\nlocal int @i\n"

static void counted_loop(void **state)
{
	(void)state;
	struct run r;
	analyse(&r, HEAD
		"%z = const int 0\nstore @i, %z\n"
		"loop {\n%a = load @i\n%b = load @n\n%lt = ilt %a, %b\n%nl = not %lt\n"
		"if %nl {\nbreak\n}\n"
		"%e = load_index @c, %a\n%v = load @uv\n%x = extract %v, 0\n%xv = vec4 %x\n"
		"%m = mul %e, %xv\n%o = load @acc\n%s = add %o, %m\nstore @acc, %s\n"
		"%one = const int 1\n%n2 = iadd %a, %one\nstore @i, %n2\n}\n"
		"%f = load @acc\nstore @color, %f\n");
	assert_true(uni(&r, "a") && uni(&r, "lt") && uni(&r, "e") && uni(&r, "n2"));
	assert_false(uni(&r, "x") || uni(&r, "m") || uni(&r, "o") || uni(&r, "f"));
	assert_true(r.u.together[nth(&r, IR_OP_LOOP, 0) + 1]);   /* the body: together */
	assert_true(ir_uniform_if(r.sh, &r.u, nth(&r, IR_OP_IF, 0)));
	assert_int_equal(r.u.passes, 2);   /* @acc demoted, then nothing */
	done(&r);
}

static void varying_exit(void **state)
{
	(void)state;
	struct run r;
	analyse(&r, HEAD
		"%z = const int 0\nstore @i, %z\n"
		"loop {\n%a = load @i\n%v = load @uv\n%x = extract %v, 0\n%h = const float 0.5\n"
		"%gt = fgt %x, %h\nif %gt {\nbreak\n}\n"
		"%one = const int 1\n%n2 = iadd %a, %one\nstore @i, %n2\n}\n"
		"%k = load @i\n%e = load_index @c, %k\n%w = load @uv\n%t = tex @s, %w\n"
		"%r = add %e, %t\n"
		"store @color, %r\n");
	assert_false(r.u.together[nth(&r, IR_OP_LOOP, 0) + 1]);  /* the body: apart */
	assert_false(ir_uniform_if(r.sh, &r.u, nth(&r, IR_OP_IF, 0)));
	assert_false(uni(&r, "a") || uni(&r, "k") || uni(&r, "e") || uni(&r, "t"));
	assert_true(r.u.together[nth(&r, IR_OP_ENDLOOP, 0)]);   /* together again after */
	assert_int_equal(r.u.passes, 3);   /* the loop, then @i, then nothing */
	done(&r);
}

static void nested_ifs(void **state)
{
	(void)state;
	struct run r;
	analyse(&r, HEAD
		"%b = load @n\n%z = const int 0\n%u = ine %b, %z\n"
		"%v = load @uv\n%x = extract %v, 0\n%h = const float 0.5\n%d = fgt %x, %h\n"
		"%one = const int 1\n"
		"if %u {\nstore @i, %one\n}\n"
		"if %d {\nif %u {\nstore @i, %b\n}\n}\n"
		"%k = load @i\n%e = load_index @c, %k\nstore @color, %e\n");
	assert_true(ir_uniform_if(r.sh, &r.u, nth(&r, IR_OP_IF, 0)));
	assert_false(ir_uniform_if(r.sh, &r.u, nth(&r, IR_OP_IF, 1)));
	assert_false(ir_uniform_if(r.sh, &r.u, nth(&r, IR_OP_IF, 2)));   /* inside one apart */
	assert_false(uni(&r, "k"));   /* stored where lanes run apart */
	assert_true(uni(&r, "u") && uni(&r, "b"));
	done(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counted_loop),
		cmocka_unit_test(varying_exit),
		cmocka_unit_test(nested_ifs),
	};
	return cmocka_run_group_tests_name("ir_uniform", tests, NULL, NULL);
}
