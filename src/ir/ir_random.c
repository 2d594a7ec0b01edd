/*
 * ir_random.c: the seeded random program generator. It declares a random set
 * of inputs/outputs/locals, then emits random ops chosen from the op table
 * (each type rule knows how to find operands of the right types: an existing
 * value in scope, or a new constant), nested ifs and counted loops, and
 * finally stores every output. Everything goes through the builder, so the
 * result is validated like any other shader.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ir/ir_builder.h"
#include "ir/ir_internal.h"
#include "ir/ir_random.h"

const struct ir_random_options ir_random_defaults = {
	.stage = -1, .instrs = 40, .max_depth = 2, .loops = true, .textures = true,
	.discard = true, .transcendental = true,
};

struct pooled {
	uint32_t v;
	struct ir_type t;
};

struct gen {
	uint64_t state;
	struct ir_random_options opt;
	struct ir_builder *b;
	VC4_ARRAY(struct pooled) pool;          /* values in scope */
	VC4_ARRAY(uint32_t) locals;             /* local slots for data */
	uint32_t counters[8];                   /* loop counter locals, by loop depth */
	uint32_t samplers[2];                   /* 2d, cube (IR_NONE if absent) */
	uint32_t mat;                           /* a mat4 uniform or IR_NONE */
	uint32_t loop_depth;
};

/* splitmix64 */
static uint32_t rnd(struct gen *g, uint32_t n)
{
	uint64_t z = (g->state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	return n ? (uint32_t)(z % n) : 0;
}

static size_t emitted(const struct gen *g)
{
	return ir_builder_shader(g->b)->instrs.len;
}

static void pool_add(struct gen *g, uint32_t v)
{
	if (v == IR_NONE)
		return;
	struct pooled p = { v, ir_builder_type(g->b, v) };
	if (p.t.comps <= 4 && !vc4_array_push(&g->pool, p))
		g->opt.instrs = 0;      /* out of memory: wind down */
}

/* A constant of type t with small exactly representable values. */
static uint32_t new_const(struct gen *g, struct ir_type t)
{
	union ir_scalar v[4];
	for (unsigned k = 0; k < t.comps; k++) {
		if (t.base == IR_FLOAT)
			v[k].f = (float)((int)rnd(g, 33) - 16) / 4.0f;
		else if (t.base == IR_INT)
			v[k].i = (int32_t)rnd(g, 21) - 10;
		else
			v[k].u = rnd(g, 2);
	}
	return ir_build_const(g->b, t, v);
}

/* A value of type t: usually one already in scope, else a new constant. */
static uint32_t get(struct gen *g, struct ir_type t)
{
	size_t n = g->pool.len, start = n ? rnd(g, (uint32_t)n) : 0;
	if (rnd(g, 4) != 0) {
		for (size_t k = 0; k < n; k++) {
			const struct pooled *p = &g->pool.data[(start + k) % n];
			if (ir_type_equal(p->t, t))
				return p->v;
		}
	}
	uint32_t v = new_const(g, t);
	pool_add(g, v);
	return v;
}

static struct ir_type rtype(struct gen *g, uint8_t base, unsigned min_comps)
{
	return (struct ir_type){ base, (uint8_t)(min_comps + rnd(g, 5 - min_comps)) };
}

/* Operands for a CONSTRUCT op of `comps` components: a split or a splat. */
static uint32_t gen_construct(struct gen *g, enum ir_op op)
{
	uint8_t base = (uint8_t)rnd(g, 3), left = ir_ops[op].comps;
	uint32_t src[IR_MAX_SRC];
	unsigned n = 0;
	if (rnd(g, 4) == 0)
		return ir_build_op1(g->b, op, get(g, IR_SCALAR(base)));
	while (left) {
		uint8_t part = (uint8_t)(1 + rnd(g, left));
		src[n++] = get(g, (struct ir_type){ base, part });
		left -= part;
	}
	return ir_build_op(g->b, op, n, src);
}

static uint32_t gen_lanes(struct gen *g, enum ir_op op)
{
	struct ir_type t = rtype(g, (uint8_t)rnd(g, 3), 1);
	uint32_t v = get(g, t);
	if (op == IR_OP_EXTRACT)
		return ir_build_extract(g->b, v, rnd(g, t.comps));
	char lanes[5] = { 0 };
	unsigned n = 1 + rnd(g, 4);
	for (unsigned k = 0; k < n; k++)
		lanes[k] = "xyzw"[rnd(g, t.comps)];
	return ir_build_swizzle(g->b, v, lanes);
}

static uint32_t gen_tex(struct gen *g, enum ir_op op)
{
	unsigned cube = rnd(g, 2);
	uint32_t s = g->samplers[cube];
	if (s == IR_NONE)
		return IR_NONE;
	uint32_t coord = get(g, IR_VEC(cube ? 3 : 2));
	uint32_t bias = op == IR_OP_TEXB ? get(g, IR_VEC(1)) : IR_NONE;
	return ir_build_tex(g->b, s, coord, bias);
}

/* Operands of `op` by its type rule, and the op built; IR_NONE if skipped. */
static uint32_t gen_op(struct gen *g, enum ir_op op)
{
	const struct ir_op_info *info = &ir_ops[op];
	struct ir_type t;
	uint32_t src[IR_MAX_SRC];
	switch (info->rule) {
	case IR_RULE_FLOAT: t = rtype(g, IR_FLOAT, 1); break;
	case IR_RULE_INT: t = rtype(g, IR_INT, 1); break;
	case IR_RULE_LOGIC: t = rtype(g, (uint8_t)(1 + rnd(g, 2)), 1); break;
	case IR_RULE_CMP: case IR_RULE_CONV: t = rtype(g, info->src_base, 1); break;
	case IR_RULE_DOT: case IR_RULE_LENGTH: case IR_RULE_NORMALIZE:
		t = rtype(g, IR_FLOAT, 2);
		break;
	case IR_RULE_CROSS: t = IR_VEC(3); break;
	case IR_RULE_SELECT:
		t = rtype(g, (uint8_t)rnd(g, 3), 1);
		src[0] = get(g, (struct ir_type){ IR_BOOL, rnd(g, 2) ? t.comps : 1 });
		src[1] = get(g, t);
		src[2] = get(g, t);
		return ir_build_op(g->b, op, 3, src);
	case IR_RULE_MATVEC:
		if (g->mat == IR_NONE)
			return IR_NONE;
		src[0] = ir_build_load(g->b, g->mat);
		src[1] = get(g, IR_VEC(4));
		return ir_build_op2(g->b, op, src[0], src[1]);
	case IR_RULE_CONSTRUCT: return gen_construct(g, op);
	case IR_RULE_SWIZZLE: case IR_RULE_EXTRACT: return gen_lanes(g, op);
	case IR_RULE_TEX: return gen_tex(g, op);
	case IR_RULE_FIXED:
		if (ir_builder_shader(g->b)->stage != IR_STAGE_FRAGMENT)
			return IR_NONE;
		return ir_build_op(g->b, op, 0, NULL);
	default:
		return IR_NONE;
	}
	for (unsigned k = 0; k < info->nsrc; k++)
		src[k] = get(g, t);
	return ir_build_op(g->b, op, info->nsrc, src);
}

static bool op_allowed(const struct gen *g, enum ir_op op)
{
	const struct ir_op_info *info = &ir_ops[op];
	bool trans = (info->flags & IR_OPF_SFU) || op == IR_OP_SIN || op == IR_OP_COS;
	return g->opt.transcendental || !trans;
}

static void gen_block(struct gen *g, uint32_t depth);

/* Runs gen_block in a new scope: values made inside leave the pool after. */
static void scoped_block(struct gen *g, uint32_t depth)
{
	size_t keep = g->pool.len;
	gen_block(g, depth);
	g->pool.len = keep;
}

static void gen_if(struct gen *g, uint32_t depth)
{
	ir_build_if(g->b, get(g, IR_SCALAR(IR_BOOL)));
	scoped_block(g, depth + 1);
	if (rnd(g, 2)) {
		ir_build_else(g->b);
		scoped_block(g, depth + 1);
	}
	ir_build_endif(g->b);
}

/* loop { if (counter >= bound) break; counter += 1; body } */
static void gen_loop(struct gen *g, uint32_t depth)
{
	uint32_t c = g->counters[g->loop_depth];
	size_t keep = g->pool.len;
	ir_build_store(g->b, c, ir_build_consti(g->b, 0));
	ir_build_loop(g->b);
	uint32_t n = ir_build_load(g->b, c);
	ir_build_if(g->b, ir_build_op2(g->b, IR_OP_IGE, n, ir_build_consti(g->b,
								       (int32_t)(1 + rnd(g, 3)))));
	ir_build_break(g->b);
	ir_build_endif(g->b);
	ir_build_store(g->b, c, ir_build_op2(g->b, IR_OP_IADD, n, ir_build_consti(g->b, 1)));
	g->loop_depth++;
	scoped_block(g, depth + 1);
	g->loop_depth--;
	ir_build_endloop(g->b);
	g->pool.len = keep;
}

/* if (cond) { break | continue | discard } */
static void gen_jump(struct gen *g, enum ir_op op)
{
	ir_build_if(g->b, get(g, IR_SCALAR(IR_BOOL)));
	ir_build_op(g->b, op, 0, NULL);
	ir_build_endif(g->b);
}

static void gen_local(struct gen *g)
{
	if (!g->locals.len)
		return;
	uint32_t l = g->locals.data[rnd(g, (uint32_t)g->locals.len)];
	const struct ir_shader *sh = ir_builder_shader(g->b);
	if (rnd(g, 2))
		ir_build_store(g->b, l, get(g, sh->decls.data[l].type));
	else
		pool_add(g, ir_build_load(g->b, l));
}

/* Emits a random block of 2 to 9 items at nesting `depth`: ifs, loops,
 * locals, break/continue inside loops, discard in fragment shaders, and
 * operations from the generator's original op set. Stops at the instruction
 * budget or a builder error. */
static void gen_block(struct gen *g, uint32_t depth)
{
	bool fs = ir_builder_shader(g->b)->stage == IR_STAGE_FRAGMENT;
	uint32_t budget = 2 + rnd(g, 8);
	while (budget-- && emitted(g) < g->opt.instrs && !ir_builder_error(g->b)) {
		uint32_t r = rnd(g, 100);
		bool nest = depth < g->opt.max_depth;
		if (nest && r < 8)
			gen_if(g, depth);
		else if (nest && g->opt.loops && r < 12 && g->loop_depth < 8)
			gen_loop(g, depth);
		else if (r < 22)
			gen_local(g);
		else if (g->loop_depth && r < 25)
			gen_jump(g, r < 24 ? IR_OP_BREAK : IR_OP_CONTINUE);
		else if (fs && g->opt.discard && depth && r < 26)
			gen_jump(g, IR_OP_DISCARD);
		else {
			/* ops added after the generator (div) are not drawn, so
			 * every seed keeps the program it always gave */
			enum ir_op op = (enum ir_op)rnd(g, IR_OP_DIV);
			if (op_allowed(g, op))
				pool_add(g, gen_op(g, op));
		}
	}
}

/* Inputs, outputs and locals; loads of every input start the pool. */
static void gen_decls(struct gen *g, bool vs)
{
	struct ir_builder *b = g->b;
	char name[16];
	for (unsigned k = 0, n = 1 + rnd(g, 3); k < n; k++) {
		snprintf(name, sizeof(name), vs ? "a%u" : "v%u", k);
		enum ir_interp_mode mode = vs ? IR_SMOOTH : (enum ir_interp_mode)rnd(g, 2);
		struct ir_type t = rtype(g, IR_FLOAT, 1);
		uint32_t s = vs ? ir_build_attribute(b, name, t) :
			     ir_build_varying(b, name, mode, t);
		pool_add(g, ir_build_load(b, s));
	}
	for (unsigned k = 0, n = rnd(g, 3); k < n; k++) {
		snprintf(name, sizeof(name), "u%u", k);
		pool_add(g, ir_build_load(b, ir_build_uniform(b, name,
							   rtype(g, (uint8_t)rnd(g, 3), 1))));
	}
	g->mat = rnd(g, 2) ? ir_build_uniform(b, "m", IR_MAT4) : IR_NONE;
	g->samplers[0] = g->samplers[1] = IR_NONE;
	if (g->opt.textures) {
		g->samplers[0] = ir_build_sampler(b, "s2d", IR_SAMPLER_2D);
		g->samplers[1] = ir_build_sampler(b, "scube", IR_SAMPLER_CUBE);
	}
	for (unsigned k = 0, n = vs ? 1 + rnd(g, 3) : 0; k < n; k++) {
		snprintf(name, sizeof(name), "v%u", k);
		enum ir_interp_mode mode = (enum ir_interp_mode)rnd(g, 2);
		ir_build_varying(b, name, mode, rtype(g, IR_FLOAT, 1));
	}
	ir_build_output(b, vs ? IR_OUT_POSITION : IR_OUT_COLOR);
	if (rnd(g, 3) == 0)
		ir_build_output(b, vs ? IR_OUT_POINT_SIZE : IR_OUT_DEPTH);
	for (unsigned k = 0, n = 1 + rnd(g, 3); k < n; k++) {
		snprintf(name, sizeof(name), "l%u", k);
		uint32_t l = ir_build_local(b, name, rtype(g, (uint8_t)rnd(g, 3), 1));
		if (l != IR_NONE && !vc4_array_push(&g->locals, l))
			g->opt.instrs = 0;
	}
	for (unsigned k = 0; k < g->opt.max_depth && k < 8; k++) {
		snprintf(name, sizeof(name), "i%u", k);
		g->counters[k] = ir_build_local(b, name, IR_SCALAR(IR_INT));
	}
}

/* Stores a value into every varying (vertex) and output. */
static void gen_outputs(struct gen *g, bool vs)
{
	const struct ir_shader *sh = ir_builder_shader(g->b);
	for (uint32_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *dc = &sh->decls.data[d];
		if (dc->kind == IR_DECL_OUTPUT || (vs && dc->kind == IR_DECL_VARYING)) {
			struct ir_type t = dc->type;
			ir_build_store(g->b, d, get(g, t));
		}
	}
}

struct ir_shader *ir_random_program(uint64_t seed, const struct ir_random_options *opt)
{
	struct gen g = { .state = seed, .opt = opt ? *opt : ir_random_defaults };
	char name[32];
	if (!g.opt.instrs)
		g.opt.instrs = 40;
	if (g.opt.max_depth > 8)
		g.opt.max_depth = 8;
	int stage = g.opt.stage >= 0 ? g.opt.stage : (int)rnd(&g, 2);
	snprintf(name, sizeof(name), "random-%llu", (unsigned long long)seed);
	g.b = ir_builder_create((enum ir_stage)stage, name);
	if (!g.b)
		return NULL;
	bool vs = stage == IR_STAGE_VERTEX;
	gen_decls(&g, vs);
	gen_block(&g, 0);
	while (emitted(&g) < g.opt.instrs && !ir_builder_error(g.b) && g.opt.instrs)
		gen_block(&g, 0);
	gen_outputs(&g, vs);
	vc4_array_free(&g.pool);
	vc4_array_free(&g.locals);
	struct vc4_diag diag = { 0 };
	struct ir_shader *sh = ir_builder_finish(g.b, &diag);
	if (!sh)
		fprintf(stderr, "ir_random_program: %s\n", diag.msg);
	return sh;
}
