/* test_ir_interp.c: the reference interpreter, op by op (exact results where
 * C's are exact), plus inputs/outputs, textures, built-ins, control flow,
 * discard and the step limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir.h"
#include "ir/ir_interp.h"

/* Formats slot `d`'s value: "1.5, -2" / "7" / "true, false". */
static void format_slot(const struct ir_shader *sh, const struct ir_interp_io *io, uint32_t d,
			char *out, size_t size)
{
	const struct ir_decl *dc = &sh->decls.data[d];
	size_t len = 0;
	out[0] = '\0';
	for (unsigned k = 0; k < dc->type.comps; k++) {
		union ir_scalar c = io->slots[d].c[k];
		char buf[32];
		if (dc->type.base == IR_FLOAT)
			ir_print_float(c.f, buf);
		else if (dc->type.base == IR_INT)
			snprintf(buf, sizeof(buf), "%d", (int)c.i);
		else
			snprintf(buf, sizeof(buf), "%s", c.u == 1 ? "true" : c.u ? "BAD" : "false");
		len += (size_t)snprintf(out + len, size - len, "%s%s", k ? ", " : "", buf);
	}
}

struct op_case {
	const char *type;       /* of the result %r */
	const char *body;       /* defines %r */
	const char *want;
};

/* Every op on inputs whose C result is exact (or documented libm values). */
static const struct op_case ops[] = {
	{ "vec2", "%a = const vec2 1.5, -2\n%b = const vec2 2.25, 0.5\n%r = add %a, %b",
	  "3.75, -1.5" },
	{ "float", "%a = const float 1.5\n%b = const float 2.25\n%r = sub %a, %b", "-0.75" },
	{ "vec3", "%a = const vec3 1.5, -2, 3\n%r = mul %a, %a", "2.25, 4, 9" },
	{ "float", "%a = const float 0\n%r = neg %a", "-0" },
	{ "vec2", "%a = const vec2 -3.5, 2\n%r = abs %a", "3.5, 2" },
	{ "vec2", "%a = const vec2 1, 5\n%b = const vec2 2, nan:0x7fc00000\n%r = min %a, %b",
	  "1, 5" },
	{ "vec3",
	  "%a = const vec3 nan:0xffc00001, nan:0x7f800001, inf\n%b = const vec3 1, 1, -inf\n"
	  "%r = add %a, %b", "nan:0x7fc00000, nan:0x7fc00000, nan:0x7fc00000" },
	{ "vec2", "%a = const vec2 nan:0xffc00001, 1\n%b = const vec2 2, 3\n"
	  "%c = const bvec2 true, false\n%r = select %c, %a, %b", "nan:0xffc00001, 3" },
	{ "vec2", "%a = const vec2 1, -inf\n%b = const vec2 2, 3\n%r = max %a, %b", "2, 3" },
	{ "vec4", "%a = const vec4 -1.5, 1.5, -0, 2\n%r = floor %a", "-2, 1, -0, 2" },
	{ "vec3", "%a = const vec3 -1.5, 1.25, 2\n%r = ceil %a", "-1, 2, 2" },
	{ "vec2", "%a = const vec2 -1.25, 3.75\n%r = fract %a", "0.75, 0.75" },
	{ "vec4", "%a = const vec4 -3, 0, -0, 7\n%r = sign %a", "-1, 0, -0, 1" },
	{ "vec3", "%a = const vec3 4, 0, -0\n%r = rcp %a", "0.25, inf, -inf" },
	{ "vec2", "%a = const vec2 4, 0.25\n%r = rsq %a", "0.5, 2" },
	{ "vec2", "%a = const vec2 9, -1\n%r = sqrt %a", "3, nan:0x7fc00000" },
	{ "vec3", "%a = const vec3 3, -1, 0.5\n%r = exp2 %a", "8, 0.5, 1.4142135" },
	{ "vec3", "%a = const vec3 8, 0.5, 0\n%r = log2 %a", "3, -1, -inf" },
	{ "vec2", "%a = const vec2 2, 9\n%b = const vec2 10, 0.5\n%r = pow %a, %b", "1024, 3" },
	{ "vec2", "%a = const vec2 0, -0\n%r = sin %a", "0, -0" },
	{ "float", "%a = const float 0\n%r = cos %a", "1" },
	{ "float", "%a = const float 0x1.921fb6p+0\n%r = sin %a", "1" },
	{ "vec2", "%a = const vec2 1, 10\n%b = const vec2 3, 20\n%t = const vec2 0.5, 0.25\n"
	  "%r = mix %a, %b, %t", "2, 12.5" },
	{ "vec3", "%x = const vec3 -1, 0.5, 7\n%l = const vec3 0, 0, 0\n%h = const vec3 1, 1, 1\n"
	  "%r = clamp %x, %l, %h", "0, 0.5, 1" },
	{ "vec3", "%e = const vec3 1, 1, 1\n%x = const vec3 0.5, 1, 2\n%r = step %e, %x",
	  "0, 1, 1" },
	{ "vec3",
	  "%a = const vec3 0, 0, 0\n%b = const vec3 1, 1, 1\n%x = const vec3 0.5, -1, 0.25\n"
	  "%r = smoothstep %a, %b, %x", "0.5, 0, 0.15625" },
	{ "float", "%a = const vec3 1, 2, 3\n%b = const vec3 4, -5, 6\n%r = dot %a, %b", "12" },
	{ "vec3", "%a = const vec3 1, 0, 0\n%b = const vec3 0, 1, 0\n%r = cross %a, %b",
	  "0, 0, 1" },
	{ "vec3", "%a = const vec3 1, 2, 3\n%b = const vec3 4, 5, 6\n%r = cross %a, %b",
	  "-3, 6, -3" },
	{ "float", "%a = const vec2 3, 4\n%r = length %a", "5" },
	{ "vec2", "%a = const vec2 3, 4\n%r = normalize %a", "0.6, 0.8" },
	{ "ivec2", "%a = const ivec2 0x7fffffff, -5\n%b = const ivec2 1, 3\n%r = iadd %a, %b",
	  "-2147483648, -2" },
	{ "int", "%a = const int -2147483648\n%b = const int 1\n%r = isub %a, %b", "2147483647" },
	{ "ivec2", "%a = const ivec2 65536, -7\n%b = const ivec2 65536, 6\n%r = imul %a, %b",
	  "0, -42" },
	{ "ivec2", "%a = const ivec2 5, -2147483648\n%r = ineg %a", "-5, -2147483648" },
	{ "ivec2", "%a = const ivec2 -5, -2147483648\n%r = iabs %a", "5, -2147483648" },
	{ "ivec2", "%a = const ivec2 -5, 3\n%b = const ivec2 2, 9\n%r = imin %a, %b", "-5, 3" },
	{ "ivec2", "%a = const ivec2 -5, 3\n%b = const ivec2 2, 9\n%r = imax %a, %b", "2, 9" },
	{ "int", "%a = const int 12\n%b = const int 10\n%r = and %a, %b", "8" },
	{ "int", "%a = const int 12\n%b = const int 10\n%r = or %a, %b", "14" },
	{ "int", "%a = const int 12\n%b = const int 10\n%r = xor %a, %b", "6" },
	{ "int", "%a = const int 0\n%r = not %a", "-1" },
	{ "bvec2", "%a = const bvec2 true, false\n%r = not %a", "false, true" },
	{ "bvec2", "%a = const bvec2 true, false\n%b = const bvec2 true, true\n%r = and %a, %b",
	  "true, false" },
	{ "bvec2", "%a = const bvec2 true, false\n%b = const bvec2 true, true\n%r = xor %a, %b",
	  "false, true" },
	{ "ivec3", "%a = const ivec3 1, 1, 3\n%b = const ivec3 4, 31, 33\n%r = shl %a, %b",
	  "16, -2147483648, 6" },
	{ "ivec2", "%a = const ivec2 -8, 8\n%b = const ivec2 1, 2\n%r = shr %a, %b", "-4, 2" },
	{ "int", "%a = const int -8\n%b = const int 28\n%r = ushr %a, %b", "15" },
	{ "ivec4", "%a = const vec4 -1.7, 3e9, -3e9, nan:0x7fc00000\n%r = f2i %a",
	  "-1, 2147483647, -2147483648, 0" },
	{ "vec2", "%a = const ivec2 -3, 16777217\n%r = i2f %a", "-3, 16777216" },
	{ "bvec3", "%a = const vec3 0, -0, nan:0x7fc00000\n%r = f2b %a", "false, false, true" },
	{ "vec2", "%a = const bvec2 true, false\n%r = b2f %a", "1, 0" },
	{ "bvec2", "%a = const ivec2 0, -4\n%r = i2b %a", "false, true" },
	{ "ivec2", "%a = const bvec2 true, false\n%r = b2i %a", "1, 0" },
	{ "bvec3", "%a = const vec3 1, 2, nan:0x7fc00000\n%b = const vec3 2, 2, 0\n%r = flt %a, %b",
	  "true, false, false" },
	{ "bvec3", "%a = const vec3 1, 2, 3\n%b = const vec3 2, 2, 2\n%r = fle %a, %b",
	  "true, true, false" },
	{ "bvec3", "%a = const vec3 1, 2, 3\n%b = const vec3 2, 2, 2\n%r = fgt %a, %b",
	  "false, false, true" },
	{ "bvec3", "%a = const vec3 1, 2, 3\n%b = const vec3 2, 2, 2\n%r = fge %a, %b",
	  "false, true, true" },
	{ "bvec3", "%a = const vec3 -0, 2, nan:0x7fc00000\n%b = const vec3 0, 2, nan:0x7fc00000\n"
	  "%r = feq %a, %b", "true, true, false" },
	{ "bvec2", "%a = const vec2 1, nan:0x7fc00000\n%b = const vec2 1, nan:0x7fc00000\n"
	  "%r = fne %a, %b", "false, true" },
	{ "bvec2", "%a = const ivec2 -1, 2\n%b = const ivec2 0, 2\n%r = ilt %a, %b",
	  "true, false" },
	{ "bvec2", "%a = const ivec2 -1, 2\n%b = const ivec2 0, 2\n%r = ile %a, %b", "true, true" },
	{ "bvec2", "%a = const ivec2 -1, 2\n%b = const ivec2 0, 2\n%r = igt %a, %b",
	  "false, false" },
	{ "bvec2", "%a = const ivec2 -1, 2\n%b = const ivec2 0, 2\n%r = ige %a, %b",
	  "false, true" },
	{ "bvec2", "%a = const ivec2 -1, 2\n%b = const ivec2 0, 2\n%r = ieq %a, %b",
	  "false, true" },
	{ "bvec2", "%a = const ivec2 -1, 2\n%b = const ivec2 0, 2\n%r = ine %a, %b",
	  "true, false" },
	{ "vec3", "%c = const bvec3 true, false, true\n%a = const vec3 1, 2, 3\n"
	  "%b = const vec3 4, 5, 6\n%r = select %c, %a, %b", "1, 5, 3" },
	{ "ivec2", "%c = const bool false\n%a = const ivec2 1, 2\n%b = const ivec2 4, 5\n"
	  "%r = select %c, %a, %b", "4, 5" },
	{ "vec4", "%a = const vec2 1, 2\n%b = const float 3\n%r = vec4 %b, %a, %b", "3, 1, 2, 3" },
	{ "bvec3", "%a = const bool true\n%r = vec3 %a", "true, true, true" },
	{ "ivec2", "%a = const ivec2 7, 8\n%r = vec2 %a", "7, 8" },
	{ "vec4", "%a = const vec3 1, 2, 3\n%r = swizzle %a, zxyx", "3, 1, 2, 1" },
	{ "vec2", "%a = const vec4 1, 2, 3, 4\n%r = swizzle %a, ag", "4, 2" },
	{ "int", "%a = const ivec3 1, 2, 3\n%r = extract %a, 2", "3" },
	{ "float", "%a = const float 2.5\n%r = swizzle %a, x", "2.5" },
	{ "vec2", "%a = const vec2 1, 3\n%b = const vec2 4, -2\n%r = div %a, %b", "0.25, -1.5" },
};

static void each_op(void **state)
{
	(void)state;
	unsigned bad = 0;
	for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
		char text[1024], got[256];
		snprintf(text, sizeof(text), "fragment\nlocal %s @r\n\n%s\nstore @r, %%r\n",
			 ops[k].type, ops[k].body);
		struct vc4_diag d = { 0 };
		struct ir_shader *sh = ir_parse(text, strlen(text), "op", &d);
		if (!sh)
			fail_msg("case %zu: %s", k, d.msg);
		struct ir_interp_io io = { .slots = ir_interp_slots(sh) };
		assert_true(ir_interpret(sh, &io, &d));
		format_slot(sh, &io, 0, got, sizeof(got));
		if (strcmp(got, ops[k].want)) {
			print_message("case %zu (%s): got %s, want %s\n", k, ops[k].body, got,
				      ops[k].want);
			bad++;
		}
		free(io.slots);
		ir_shader_free(sh);
	}
	assert_int_equal(bad, 0);
}

/* Every op of the table appears in `ops`, or is covered by a test below. */
static void every_op_is_tested(void **state)
{
	(void)state;
	static const char *const elsewhere[] = { "load", "store", "mvmul", "tex", "texb",
						 "frag_coord", "front_facing", "point_coord",
						 "if", "else", "endif", "loop", "endloop", "break",
						 "continue", "discard", "const",
						 "load_index" };
	for (int op = 0; op < IR_OP_COUNT; op++) {
		char pat[32];
		bool found = false;
		snprintf(pat, sizeof(pat), "= %s ", ir_ops[op].name);
		for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]) && !found; k++)
			found = strstr(ops[k].body, pat) != NULL;
		for (size_t k = 0; k < sizeof(elsewhere) / sizeof(elsewhere[0]) && !found; k++)
			found = !strcmp(elsewhere[k], ir_ops[op].name);
		if (!found)
			fail_msg("op '%s' has no interpreter test", ir_ops[op].name);
	}
}

/* The op table is complete: names unique, operand counts in range, every
 * component-wise op has its evaluator. */
static void op_table_is_complete(void **state)
{
	(void)state;
	for (int op = 0; op < IR_OP_COUNT; op++) {
		const struct ir_op_info *info = &ir_ops[op];
		assert_non_null(info->name);
		assert_true(info->nsrc <= IR_MAX_SRC);
		assert_true(!(info->flags & IR_OPF_COMPWISE) || info->eval != NULL);
		for (int other = 0; other < op; other++)
			assert_string_not_equal(info->name, ir_ops[other].name);
	}
}

struct tex_log {
	unsigned calls;
	uint32_t sampler;
	float coord[3];
	unsigned ncoord;
	bool has_bias;
	float bias;
};

static void sample(void *user, uint32_t sampler, const float *coord, unsigned ncoord,
		   bool has_bias, float bias, float rgba[4])
{
	struct tex_log *log = user;
	log->calls++;
	log->sampler = sampler;
	memcpy(log->coord, coord, sizeof(log->coord));
	log->ncoord = ncoord;
	log->has_bias = has_bias;
	log->bias = bias;
	for (unsigned k = 0; k < 4; k++)
		rgba[k] = coord[0] + (float)k;
}

/* Inputs by slot, matrix layout, textures, built-ins, outputs. */
static void slots_textures_builtins(void **state)
{
	(void)state;
	const char text[] =
		"fragment\n"
		"uniform mat4 @m\n"
		"varying smooth vec4 @v\n"
		"sampler 2d @s\n"
		"sampler cube @c\n"
		"output color\n"
		"output depth\n"
		"local vec4 @t2\n"
		"local vec4 @tc\n"
		"local vec4 @fc\n"
		"local bool @ff\n"
		"local vec2 @pc\n"
		"\n"
		"%m = load @m\n"
		"%v = load @v\n"
		"%r = mvmul %m, %v\n"
		"store @color, %r\n"
		"%uv = swizzle %v, xy\n"
		"%a = tex @s, %uv\n"
		"store @t2, %a\n"
		"%dir = swizzle %v, zyx\n"
		"%b = extract %v, 3\n"
		"%bc = texb @c, %dir, %b\n"
		"store @tc, %bc\n"
		"%fc = frag_coord\n"
		"store @fc, %fc\n"
		"%z = extract %fc, 2\n"
		"store @depth, %z\n"
		"%ff = front_facing\n"
		"store @ff, %ff\n"
		"%pc = point_coord\n"
		"store @pc, %pc\n";
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(text, strlen(text), "io", &d);
	assert_non_null(sh);
	struct tex_log log = { 0 };
	struct ir_interp_io io = { .slots = ir_interp_slots(sh), .sample = sample,
				   .sample_user = &log, .frag_coord = { 10.5, 20.5, 0.25, 2 },
				   .front_facing = true, .point_coord = { 0.5, 0.75 } };
	/* column-major: column c holds m[4c..4c+3]; this is a translation by (5,6,7) */
	static const float m[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1 };
	for (unsigned k = 0; k < 16; k++)
		io.slots[0].c[k].f = m[k];
	static const float v[4] = { 1, 2, 3, 1 };
	for (unsigned k = 0; k < 4; k++)
		io.slots[1].c[k].f = v[k];
	assert_true(ir_interpret(sh, &io, &d));
	static const char *const want[] = {
		[4] = "6, 8, 10, 1", [5] = "0.25", [6] = "1, 2, 3, 4", [7] = "3, 4, 5, 6",
		[8] = "10.5, 20.5, 0.25, 2", [9] = "true", [10] = "0.5, 0.75",
	};
	for (uint32_t s = 4; s <= 10; s++) {
		char got[128];
		format_slot(sh, &io, s, got, sizeof(got));
		assert_string_equal(got, want[s]);
	}
	assert_int_equal(log.calls, 2);
	assert_int_equal(log.sampler, 3);       /* @c */
	assert_int_equal(log.ncoord, 3);
	assert_true(log.has_bias);
	assert_true(log.bias == 1.0f);
	assert_true(log.coord[0] == 3.0f && log.coord[1] == 2.0f && log.coord[2] == 1.0f);
	assert_false(io.discarded);
	free(io.slots);
	ir_shader_free(sh);
}

/* The loop example of docs/ir.md: sum of the even numbers below 8. */
static void loops_break_continue(void **state)
{
	(void)state;
	const char text[] =
		"fragment\n"
		"local int @i\n"
		"local int @sum\n"
		"local int @outer\n"
		"\n"
		"%zero = const int 0\n"
		"%one = const int 1\n"
		"store @i, %zero\n"
		"loop {\n"
		"\t%i = load @i\n"
		"\t%n = const int 8\n"
		"\t%done = ige %i, %n\n"
		"\tif %done {\n"
		"\t\tbreak\n"
		"\t}\n"
		"\t%next = iadd %i, %one\n"
		"\tstore @i, %next\n"
		"\t%odd = and %i, %one\n"
		"\t%skip = i2b %odd\n"
		"\tif %skip {\n"
		"\t\tcontinue\n"
		"\t} else {\n"
		"\t\t%s = load @sum\n"
		"\t\t%t = iadd %s, %i\n"
		"\t\tstore @sum, %t\n"
		"\t}\n"
		"\tloop {\n"
		"\t\t%o = load @outer\n"
		"\t\t%o1 = iadd %o, %one\n"
		"\t\tstore @outer, %o1\n"
		"\t\tbreak\n"
		"\t}\n"
		"}\n";
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(text, strlen(text), "loop", &d);
	assert_non_null(sh);
	struct ir_interp_io io = { .slots = ir_interp_slots(sh) };
	assert_true(ir_interpret(sh, &io, &d));
	assert_int_equal(io.slots[0].c[0].i, 8);
	assert_int_equal(io.slots[1].c[0].i, 0 + 2 + 4 + 6);
	assert_int_equal(io.slots[2].c[0].i, 4);  /* inner loop ran on even i only */
	free(io.slots);
	ir_shader_free(sh);
}

static void discard_stops_the_run(void **state)
{
	(void)state;
	const char text[] =
		"fragment\noutput color\nlocal float @x\n\n"
		"%one = const float 1\nstore @x, %one\n"
		"%ff = front_facing\nif %ff {\n\tdiscard\n}\n"
		"%c = vec4 %one\nstore @color, %c\nstore @x, %one\n";
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(text, strlen(text), "discard", &d);
	assert_non_null(sh);
	struct ir_interp_io io = { .slots = ir_interp_slots(sh), .front_facing = true };
	assert_true(ir_interpret(sh, &io, &d));
	assert_true(io.discarded);
	assert_true(io.slots[1].c[0].f == 1.0f);
	assert_true(io.slots[0].c[0].f == 0.0f);  /* color never written */
	io.front_facing = false;
	assert_true(ir_interpret(sh, &io, &d));
	assert_false(io.discarded);
	assert_true(io.slots[0].c[3].f == 1.0f);
	free(io.slots);
	ir_shader_free(sh);
}

static void step_limit(void **state)
{
	(void)state;
	const char text[] = "fragment\n\nloop {\n\t%x = frag_coord\n}\n";
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(text, strlen(text), "spin.ir", &d);
	assert_non_null(sh);
	struct ir_interp_io io = { .slots = ir_interp_slots(sh), .max_steps = 1000 };
	assert_false(ir_interpret(sh, &io, &d));
	assert_string_equal(d.msg, "spin.ir:5:1: step limit of 1000 instructions reached");
	assert_int_equal(io.steps, 1001);
	free(io.slots);
	ir_shader_free(sh);
}

/* load_index: the element index clamped through the byte offset, which
 * wraps in 32 bits (docs/ir.md). */
static void load_index_clamps(void **state)
{
	(void)state;
	const char text[] = "vertex\nuniform int @i\nuniform vec3 @a[3]\nuniform float @f[2]\n"
			    "local vec3 @r\nlocal float @s\noutput position\n\n"
			    "%i = load @i\n%e = load_index @a, %i\nstore @r, %e\n"
			    "%f = load_index @f, %i\nstore @s, %f\n"
			    "%p = const vec4 0, 0, 0, 1\nstore @position, %p\n";
	static const struct { int32_t i; const char *r, *s; } cases[] = {
		{ 0, "1, 2, 3", "10" }, { 1, "4, 5, 6", "20" }, { 2, "7, 8, 9", "20" },
		{ 3, "7, 8, 9", "20" }, { -1, "1, 2, 3", "10" }, { 1000, "7, 8, 9", "20" },
		{ INT32_MIN, "1, 2, 3", "10" },
		{ 0x10000001, "4, 5, 6", "20" },     /* << 4 wraps to 16: element 1 */
		{ 0x08000000, "1, 2, 3", "20" },     /* << 4 wraps to INT32_MIN: clamped to 0 */
	};
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(text, strlen(text), "idx.ir", &d);
	if (!sh)
		fail_msg("%s", d.msg);
	union ir_scalar a[9], f[2] = { { .f = 10 }, { .f = 20 } };
	for (int k = 0; k < 9; k++)
		a[k].f = (float)(k + 1);
	const union ir_scalar *arrays[8] = { NULL, a, f };
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct ir_interp_io io = { .slots = ir_interp_slots(sh), .arrays = arrays };
		char got[64];
		io.slots[0].c[0].i = cases[k].i;
		assert_true(ir_interpret(sh, &io, &d));
		format_slot(sh, &io, 3, got, sizeof(got));
		assert_string_equal(got, cases[k].r);
		format_slot(sh, &io, 4, got, sizeof(got));
		assert_string_equal(got, cases[k].s);
		free(io.slots);
	}
	ir_shader_free(sh);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_op),
		cmocka_unit_test(op_table_is_complete),
		cmocka_unit_test(every_op_is_tested),
		cmocka_unit_test(slots_textures_builtins),
		cmocka_unit_test(loops_break_continue),
		cmocka_unit_test(discard_stops_the_run),
		cmocka_unit_test(step_limit),
		cmocka_unit_test(load_index_clamps),
	};
	return cmocka_run_group_tests_name("ir_interp", tests, NULL, NULL);
}
