/*
 * test_tools_vc4c.c: vc4c links a vertex shader with its fragment shader
 * (--fs): the stages, and every varying the fragment shader reads declared
 * and stored by the vertex shader, named at the fragment shader's load;
 * its --key errors name the key and the value, before any file is read.
 * Exact messages and exit statuses. argv[1] = vc4c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "tools_test.h"

/* The shaders of the temporary directory (tests/driver's colour pair, and
 * broken variants of it). */
#define VS_HEAD "vertex\nattribute vec4 @pos\nattribute vec4 @colour\n"
#define SHADERS(X) \
	X("a.vs.ir", VS_HEAD "varying smooth vec4 @v_colour\noutput position\n" \
	  "%p = load @pos\nstore @position, %p\n%c = load @colour\nstore @v_colour, %c\n") \
	X("a.fs.ir", "fragment\nvarying smooth vec4 @v_colour\noutput color\n" \
	  "%c = load @v_colour\nstore @color, %c\n") \
	X("nostore.vs.ir", VS_HEAD "varying smooth vec4 @v_colour\noutput position\n" \
	  "%p = load @pos\nstore @position, %p\n") \
	X("other.fs.ir", "fragment\nvarying smooth vec4 @v_colour\n" \
	  "varying smooth vec2 @v_uv\noutput color\n%c = load @v_colour\n" \
	  "%t = load @v_uv\nstore @color, %c\n") \
	X("v3.vs.ir", VS_HEAD "varying smooth vec3 @v_colour\noutput position\n" \
	  "%p = load @pos\nstore @position, %p\n%c = load @colour\n" \
	  "%s = swizzle %c, xyz\nstore @v_colour, %s\n")

static void wrong_stages(void **state)
{
	(void)state;
	tt_expect("vc4c", "@/a.vs.ir --fs @/a.vs.ir", 1, "",
		  "vc4c: @/a.vs.ir: --fs needs a fragment shader, this is a vertex shader\n");
	tt_expect("vc4c", "@/a.fs.ir --fs @/a.fs.ir", 1, "",
		  "vc4c: @/a.fs.ir: --fs links a vertex shader with a fragment shader, this is "
		  "a fragment shader\n");
}

static void varyings_read_but_not_written(void **state)
{
	(void)state;
	tt_expect("vc4c", "@/a.vs.ir --fs @/other.fs.ir", 1, "",
		  "vc4c: @/other.fs.ir:6:6: varying 'v_uv' is read here, but @/a.vs.ir declares "
		  "no varying 'v_uv'\n");
	tt_expect("vc4c", "@/nostore.vs.ir --fs @/a.fs.ir", 1, "",
		  "vc4c: @/a.fs.ir:4:6: varying 'v_colour' is read here, but @/nostore.vs.ir "
		  "never stores to it\n");
	tt_expect("vc4c", "@/v3.vs.ir --fs @/a.fs.ir", 1, "",
		  "vc4c: @/v3.vs.ir: varying 'v_colour' has 3 components here but 4 in the "
		  "fragment shader\n");
	tt_expect("vc4c", "@/a.vs.ir --fs @/a.fs.ir -o @/out", 0, "", "");
}

/* A bad key is a usage error, found before the files are read. */
static void bad_keys(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{ "--key depth=3", "vc4c: --key 'depth=3': bad value '3' for depth\n" },
		{ "--key attr8=float", "vc4c: --key 'attr8=float': unknown key 'attr8'\n" },
		{ "--key attr0=half", "vc4c: --key 'attr0=half': bad value 'half' for attr0\n" },
		{ "--key blend=1,2", "vc4c: --key 'blend=1,2': bad value '1,2' for blend\n" },
		{ "--key depth", "vc4c: --key 'depth': not K=V\n" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char args[128];
		snprintf(args, sizeof(args), "/nonexistent/x.ir %s", cases[i][0]);
		tt_expect_usage("vc4c", args, cases[i][1]);
	}
}

static int setup(void **state)
{
	(void)state;
#define WRITE(name, text) "printf '%s' '" text "' > " name " && "
	return tt_make_tmp(SHADERS(WRITE) "true");
#undef WRITE
}

static int teardown(void **state)
{
	(void)state;
	return tt_remove_tmp();
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_tools_vc4c VC4C\n");
		return 2;
	}
	tt_set_tools(1, argv + 1);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(wrong_stages),
		cmocka_unit_test(varyings_read_but_not_written),
		cmocka_unit_test(bad_keys),
	};
	return cmocka_run_group_tests_name("tools_vc4c", tests, setup, teardown);
}
