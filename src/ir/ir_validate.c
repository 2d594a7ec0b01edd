/*
 * ir_validate.c: the one checker of the IR's rules — declarations, block
 * nesting, SSA scoping, stage restrictions and the type rules of the op table.
 * It runs incrementally: the builder checks each instruction as it is added
 * (so the parser and the C API report the same errors, at the same place) and
 * ir_validate() re-runs it over a whole shader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_internal.h"
#include "util/code_align.h"

#define ERR(...) ir_diag_at(diag, sh, in->line, in->col, 'i', i, __VA_ARGS__)

static bool type_valid(struct ir_type t, bool allow_mat)
{
	if (t.base > IR_BOOL)
		return false;
	if (t.comps == 16)
		return allow_mat && t.base == IR_FLOAT;
	return t.comps >= 1 && t.comps <= 4;
}

static bool is_float_vec(struct ir_type t)
{
	return t.base == IR_FLOAT && t.comps >= 1 && t.comps <= 4;
}

/* Checks the type of declaration d: attributes and varyings must be float
 * vectors, uniform arrays at most IR_MAX_ARRAY long, uniforms and locals of
 * a valid type. False with the reason in diag. */
static bool check_decl_type(const struct ir_shader *sh, uint32_t d, struct vc4_diag *diag)
{
	const struct ir_decl *dc = &sh->decls.data[d];
	char tb[8];
	const char *name = ir_str(sh, dc->name);
	switch (dc->kind) {
	case IR_DECL_ATTRIBUTE:
	case IR_DECL_VARYING:
		if (!is_float_vec(dc->type))
			return ir_diag_at(diag, sh, dc->line, dc->col, 'd', d,
					  "%s '@%s' must be float, vec2, vec3 or vec4, got %s",
					  ir_decl_kind_names[dc->kind], name,
					  ir_type_name(dc->type, tb));
		return true;
	case IR_DECL_UNIFORM:
		if (dc->array_len > IR_MAX_ARRAY)
			return ir_diag_at(diag, sh, dc->line, dc->col, 'd', d,
					  "uniform array '@%s' has %u elements, at most %u", name,
					  dc->array_len, IR_MAX_ARRAY);
		/* fall through */
	case IR_DECL_LOCAL:
		if (!type_valid(dc->type, dc->kind == IR_DECL_UNIFORM))
			return ir_diag_at(diag, sh, dc->line, dc->col, 'd', d,
					  "%s '@%s' cannot have type %s",
					  ir_decl_kind_names[dc->kind], name,
					  ir_type_name(dc->type, tb));
		return true;
	default:
		return true;
	}
}

/* True when the string at offset `off` is `name` (n bytes). The NUL that
 * must follow it and the first and last bytes are compared in place first,
 * which tells most names apart without a call (decl names often share a
 * prefix: "M.0", "M.1"). */
static bool same_name(const struct ir_shader *sh, uint32_t off, const char *name, size_t n)
{
	const char *s = ir_str(sh, off);
	if (n == 0 || off + n >= sh->strings.len)
		return strcmp(s, name) == 0;
	return s[n] == '\0' && s[0] == name[0] && s[n - 1] == name[n - 1] &&
	       memcmp(s, name, n) == 0;
}

VC4_CODE_ALIGN(1024)
bool ir_check_decl(const struct ir_shader *sh, uint32_t d, struct vc4_diag *diag)
{
	const struct ir_decl *dc = &sh->decls.data[d];
	if (dc->kind >= IR_DECL_KIND_COUNT || dc->interp > IR_FLAT ||
	    dc->dim > IR_SAMPLER_CUBE || dc->builtin >= IR_OUT_COUNT ||
	    (dc->array_len && dc->kind != IR_DECL_UNIFORM))
		return ir_diag_at(diag, sh, dc->line, dc->col, 'd', d, "malformed declaration");
	const char *name = ir_str(sh, dc->name);
	size_t len = strlen(name);
	for (uint32_t k = 0; k < d; k++)
		if (same_name(sh, sh->decls.data[k].name, name, len))
			return ir_diag_at(diag, sh, dc->line, dc->col, 'd', d,
					  "'@%s' is already declared", name);
	if (dc->kind == IR_DECL_ATTRIBUTE && sh->stage != IR_STAGE_VERTEX)
		return ir_diag_at(diag, sh, dc->line, dc->col, 'd', d,
				  "attributes are only allowed in vertex shaders");
	if (dc->kind == IR_DECL_OUTPUT) {
		if (ir_builtin_stage[dc->builtin] != sh->stage)
			return ir_diag_at(diag, sh, dc->line, dc->col, 'd', d,
					  "output '%s' is only allowed in %s shaders",
					  ir_builtin_names[dc->builtin],
					  ir_stage_names[ir_builtin_stage[dc->builtin]]);
		if (strcmp(name, ir_builtin_names[dc->builtin]) != 0 ||
		    !ir_type_equal(dc->type, ir_builtin_types[dc->builtin]))
			return ir_diag_at(diag, sh, dc->line, dc->col, 'd', d,
					  "malformed declaration");
	}
	return check_decl_type(sh, d, diag);
}

/* "vec3 and vec4" / "float, vec2 and vec2": the operand types of `in`. */
static const char *src_types(const struct ir_shader *sh, const struct ir_instr *in,
			     char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (uint32_t k = 0; k < in->nsrc; k++) {
		char tb[8];
		const char *sep = k == 0 ? "" : k + 1 == in->nsrc ? " and " : ", ";
		int n = snprintf(buf + len, size - len, "%s%s", sep,
				 ir_type_name(sh->values.data[in->src[k]].type, tb));
		if (n < 0 || (size_t)n >= size - len)
			break;
		len += (size_t)n;
	}
	return buf;
}

static struct ir_type S(const struct ir_shader *sh, const struct ir_instr *in, uint32_t k)
{
	return sh->values.data[in->src[k]].type;
}

/* True when every operand has the type of operand 0. */
static bool srcs_same(const struct ir_shader *sh, const struct ir_instr *in)
{
	for (uint32_t k = 1; k < in->nsrc; k++)
		if (!ir_type_equal(S(sh, in, k), S(sh, in, 0)))
			return false;
	return true;
}

/* Types a vecN construction (instruction i): sources of one base type whose
 * components add up to N, or a single scalar. Sets *out to the vector type;
 * false with the reason in diag. */
static bool infer_construct(const struct ir_shader *sh, uint32_t i, struct ir_instr *in,
			    struct ir_type *out, struct vc4_diag *diag)
{
	const struct ir_op_info *info = &ir_ops[in->op];
	uint32_t sum = 0;
	bool ok = true;
	for (uint32_t k = 0; k < in->nsrc; k++) {
		struct ir_type t = S(sh, in, k);
		ok = ok && t.comps <= 4 && t.base == S(sh, in, 0).base;
		sum += t.comps;
	}
	if (!ok || (sum != info->comps && !(in->nsrc == 1 && sum == 1))) {
		char buf[128];
		return ERR("'%s' expects components of one type adding up to %u (or one scalar), "
			   "got %s", info->name, (unsigned)info->comps,
			   src_types(sh, in, buf, sizeof(buf)));
	}
	*out = (struct ir_type){ S(sh, in, 0).base, info->comps };
	return true;
}

/* Types `extract` (one index, also into a matrix's components) and `swizzle`
 * (1 to 4 lanes of a scalar or vector), each lane within the source. Sets
 * *out; false with the reason in diag. */
static bool infer_lanes(const struct ir_shader *sh, uint32_t i, struct ir_instr *in,
			struct ir_type *out, struct vc4_diag *diag)
{
	struct ir_type t = S(sh, in, 0);
	char tb[8];
	const char *name = ir_ops[in->op].name;
	uint32_t n = in->op == IR_OP_EXTRACT ? 1 : in->nimm;
	if (t.comps > 4 && in->op != IR_OP_EXTRACT)   /* extract also takes a mat4's components */
		return ERR("'%s' expects a scalar or vector, got %s", name, ir_type_name(t, tb));
	if (n < 1 || n > 4)
		return ERR("'%s' expects 1 to 4 lanes", name);
	for (uint32_t k = 0; k < n; k++) {
		if (in->imm[k].u >= t.comps) {
			if (in->op == IR_OP_EXTRACT)
				return ERR("'extract' index %u is out of range for %s",
					   (unsigned)in->imm[k].u, ir_type_name(t, tb));
			return ERR("'swizzle' lane '%c' is out of range for %s",
				   in->imm[k].u < 4 ? "xyzw"[in->imm[k].u] : '?',
				   ir_type_name(t, tb));
		}
	}
	*out = (struct ir_type){ t.base, (uint8_t)n };
	return true;
}

/* Types a `const`: a valid type, one immediate per component, bools 0 or 1.
 * Sets *out; false with the reason in diag. */
static bool infer_const(const struct ir_shader *sh, uint32_t i, struct ir_instr *in,
			struct ir_type *out, struct vc4_diag *diag)
{
	char tb[8];
	if (!type_valid(in->type, false))
		return ERR("'const' cannot have type %s", ir_type_name(in->type, tb));
	if (in->nimm != in->type.comps)
		return ERR("'const' expects %u components for %s, got %u",
			   (unsigned)in->type.comps, ir_type_name(in->type, tb),
			   (unsigned)in->nimm);
	for (uint32_t k = 0; k < in->nimm; k++)
		if (in->type.base == IR_BOOL && in->imm[k].u > 1)
			return ERR("'const' bool component is not 0 or 1");
	*out = in->type;
	return true;
}

/* Slot access rules: which decl kinds `load` / `store` may name. */
static bool infer_slot(const struct ir_shader *sh, uint32_t i, struct ir_instr *in,
		       struct ir_type *out, struct vc4_diag *diag)
{
	const struct ir_decl *dc = &sh->decls.data[in->slot];
	const char *kind = ir_decl_kind_names[dc->kind], *name = ir_str(sh, dc->name);
	bool vs = sh->stage == IR_STAGE_VERTEX;
	char ta[8], tb[8];
	if (in->op == IR_OP_LOAD_INDEX) {
		if (dc->kind != IR_DECL_UNIFORM || !dc->array_len)
			return ERR("'load_index' expects a uniform array, got %s '@%s'", kind, name);
		if (!ir_type_equal(S(sh, in, 0), (struct ir_type){ IR_INT, 1 }))
			return ERR("'load_index' expects an int index, got %s",
				   ir_type_name(S(sh, in, 0), tb));
		*out = dc->type;
		return true;
	}
	if (dc->array_len)
		return ERR("'%s' of uniform array '@%s' (use load_index)", ir_ops[in->op].name,
			   name);
	if (in->op == IR_OP_LOAD) {
		if (dc->kind == IR_DECL_OUTPUT || dc->kind == IR_DECL_SAMPLER ||
		    (dc->kind == IR_DECL_VARYING && vs))
			return ERR("cannot load from %s '@%s' in a %s shader", kind, name,
				   ir_stage_names[sh->stage]);
		*out = dc->type;
		return true;
	}
	if (dc->kind != IR_DECL_OUTPUT && dc->kind != IR_DECL_LOCAL &&
	    !(dc->kind == IR_DECL_VARYING && vs))
		return ERR("cannot store to %s '@%s' in a %s shader", kind, name,
			   ir_stage_names[sh->stage]);
	if (!ir_type_equal(S(sh, in, 0), dc->type))
		return ERR("'store' to '@%s' expects %s, got %s", name,
			   ir_type_name(dc->type, ta), ir_type_name(S(sh, in, 0), tb));
	return true;
}

/* Types a texture lookup: its declaration must be a sampler, the coordinate
 * a vec2 (2d) or vec3 (cube), the optional bias a float. The result is a
 * vec4; false with the reason in diag. */
static bool infer_tex(const struct ir_shader *sh, uint32_t i, struct ir_instr *in,
		      struct ir_type *out, struct vc4_diag *diag)
{
	const struct ir_decl *dc = &sh->decls.data[in->slot];
	const char *name = ir_ops[in->op].name;
	char tb[8];
	if (dc->kind != IR_DECL_SAMPLER)
		return ERR("'%s' expects a sampler, got %s '@%s'", name,
			   ir_decl_kind_names[dc->kind], ir_str(sh, dc->name));
	uint8_t want = dc->dim == IR_SAMPLER_CUBE ? 3 : 2;
	struct ir_type c = S(sh, in, 0);
	if (c.base != IR_FLOAT || c.comps != want)
		return ERR("'%s' on %s sampler '@%s' expects a vec%u coordinate, got %s", name,
			   dc->dim == IR_SAMPLER_CUBE ? "cube" : "2d", ir_str(sh, dc->name),
			   (unsigned)want, ir_type_name(c, tb));
	if (in->nsrc == 2 && !ir_type_equal(S(sh, in, 1), (struct ir_type){ IR_FLOAT, 1 }))
		return ERR("'%s' expects a float bias, got %s", name,
			   ir_type_name(S(sh, in, 1), tb));
	*out = (struct ir_type){ IR_FLOAT, 4 };
	return true;
}

/* Operand-type rules that all operands of one base share. */
static bool infer_uniform(const struct ir_shader *sh, uint32_t i, struct ir_instr *in,
			  struct ir_type *out, struct vc4_diag *diag)
{
	const struct ir_op_info *info = &ir_ops[in->op];
	struct ir_type t = S(sh, in, 0);
	char buf[128];
	bool ok = srcs_same(sh, in) && t.comps <= 4;
	switch (info->rule) {
	case IR_RULE_FLOAT:
		if (!ok || t.base != IR_FLOAT)
			return ERR("'%s' expects float operands of one type, got %s", info->name,
				   src_types(sh, in, buf, sizeof(buf)));
		break;
	case IR_RULE_INT:
		if (!ok || t.base != IR_INT)
			return ERR("'%s' expects int operands of one type, got %s", info->name,
				   src_types(sh, in, buf, sizeof(buf)));
		break;
	case IR_RULE_LOGIC:
		if (!ok || t.base == IR_FLOAT)
			return ERR("'%s' expects int or bool operands of one type, got %s",
				   info->name, src_types(sh, in, buf, sizeof(buf)));
		break;
	case IR_RULE_CMP:
		if (!ok || t.base != info->src_base)
			return ERR("'%s' expects two %s operands of one type, got %s", info->name,
				   info->src_base == IR_FLOAT ? "float" : "int",
				   src_types(sh, in, buf, sizeof(buf)));
		t.base = IR_BOOL;
		break;
	default: /* IR_RULE_CONV */
		if (t.comps > 4 || t.base != info->src_base)
			return ERR("'%s' expects a%s operand, got %s", info->name,
				   info->src_base == IR_FLOAT ? " float" :
				   info->src_base == IR_INT ? "n int" : " bool",
				   src_types(sh, in, buf, sizeof(buf)));
		t.base = info->base;
		break;
	}
	*out = t;
	return true;
}

/* The vector rules: select, dot, length, normalize, cross, mvmul. */
static bool infer_vector(const struct ir_shader *sh, uint32_t i, struct ir_instr *in,
			 struct ir_type *out, struct vc4_diag *diag)
{
	const struct ir_op_info *info = &ir_ops[in->op];
	struct ir_type t = S(sh, in, 0);
	char buf[128];
	bool ok = srcs_same(sh, in) && t.base == IR_FLOAT && t.comps >= 2 && t.comps <= 4;
	*out = t;
	switch (info->rule) {
	case IR_RULE_SELECT: {
		struct ir_type a = S(sh, in, 1), b = S(sh, in, 2);
		if (t.base != IR_BOOL || !ir_type_equal(a, b) || a.comps > 4 ||
		    (t.comps != 1 && t.comps != a.comps))
			return ERR("'select' expects a bool condition (scalar or of the operands' "
				   "size) and two operands of one type, got %s",
				   src_types(sh, in, buf, sizeof(buf)));
		*out = a;
		return true;
	}
	case IR_RULE_DOT:
		if (!ok)
			return ERR("'dot' expects two vectors of the same size, got %s",
				   src_types(sh, in, buf, sizeof(buf)));
		*out = (struct ir_type){ IR_FLOAT, 1 };
		return true;
	case IR_RULE_LENGTH:
	case IR_RULE_NORMALIZE:
		if (!ok)
			return ERR("'%s' expects a float vector, got %s", info->name,
				   src_types(sh, in, buf, sizeof(buf)));
		if (info->rule == IR_RULE_LENGTH)
			*out = (struct ir_type){ IR_FLOAT, 1 };
		return true;
	case IR_RULE_CROSS:
		if (!ok || t.comps != 3)
			return ERR("'cross' expects two vec3, got %s",
				   src_types(sh, in, buf, sizeof(buf)));
		return true;
	default: /* IR_RULE_MATVEC */
		if (t.comps != 16 || !ir_type_equal(S(sh, in, 1), (struct ir_type){ IR_FLOAT, 4 }))
			return ERR("'mvmul' expects mat4 and vec4, got %s",
				   src_types(sh, in, buf, sizeof(buf)));
		*out = (struct ir_type){ IR_FLOAT, 4 };
		return true;
	}
}

/* Computes the result type of `in` by its op's rule; false + message on error. */
static bool infer(const struct ir_shader *sh, uint32_t i, struct ir_instr *in,
		  struct ir_type *out, struct vc4_diag *diag)
{
	const struct ir_op_info *info = &ir_ops[in->op];
	char tb[8];
	switch (info->rule) {
	case IR_RULE_FLOAT: case IR_RULE_INT: case IR_RULE_LOGIC: case IR_RULE_CMP:
	case IR_RULE_CONV:
		return infer_uniform(sh, i, in, out, diag);
	case IR_RULE_SELECT: case IR_RULE_DOT: case IR_RULE_LENGTH: case IR_RULE_NORMALIZE:
	case IR_RULE_CROSS: case IR_RULE_MATVEC:
		return infer_vector(sh, i, in, out, diag);
	case IR_RULE_CONSTRUCT: return infer_construct(sh, i, in, out, diag);
	case IR_RULE_SWIZZLE: case IR_RULE_EXTRACT: return infer_lanes(sh, i, in, out, diag);
	case IR_RULE_CONST: return infer_const(sh, i, in, out, diag);
	case IR_RULE_LOAD: case IR_RULE_STORE: case IR_RULE_LOAD_INDEX:
		return infer_slot(sh, i, in, out, diag);
	case IR_RULE_TEX: return infer_tex(sh, i, in, out, diag);
	case IR_RULE_FIXED:
		*out = (struct ir_type){ info->base, info->comps };
		return true;
	case IR_RULE_COND:
		if (!ir_type_equal(S(sh, in, 0), (struct ir_type){ IR_BOOL, 1 }))
			return ERR("'%s' expects a bool condition, got %s", info->name,
				   ir_type_name(S(sh, in, 0), tb));
		return true;
	default:
		return true;
	}
}

static bool has_result(const struct ir_op_info *info)
{
	return info->rule != IR_RULE_STORE && info->rule != IR_RULE_COND &&
	       info->rule != IR_RULE_NONE;
}

/* Ends the innermost open block: its values go out of scope. */
static void end_block(struct ir_checker *c)
{
	size_t start = c->block_live.data[--c->block_live.len];
	while (c->live.len > start)
		c->state.data[c->live.data[--c->live.len]] = 2;
}

static bool begin_block(struct ir_checker *c, uint32_t i)
{
	return vc4_array_push(&c->open, i) &&
	       vc4_array_push(&c->block_live, c->live.len);
}

/* Nesting rules of the control-flow markers; sets the `match` fields. */
static bool check_nesting(struct ir_checker *c, struct ir_shader *sh, uint32_t i,
			  struct vc4_diag *diag)
{
	struct ir_instr *in = &sh->instrs.data[i], *ins = sh->instrs.data;
	const struct ir_op_info *info = &ir_ops[in->op];
	uint32_t top = c->open.len ? c->open.data[c->open.len - 1] : IR_NONE;
	uint16_t top_op = top == IR_NONE ? IR_OP_COUNT : ins[top].op;
	in->match = IR_NONE;
	if (info->flags & IR_OPF_IN_LOOP) {
		for (size_t k = c->open.len; k-- > 0;)
			if (ins[c->open.data[k]].op == IR_OP_LOOP) {
				in->match = c->open.data[k];
				return true;
			}
		return ERR("'%s' outside a loop", info->name);
	}
	if (info->flags & (IR_OPF_MIDDLE | IR_OPF_CLOSE)) {
		bool ok = in->op == IR_OP_ENDLOOP ? top_op == IR_OP_LOOP :
			  in->op == IR_OP_ELSE ? top_op == IR_OP_IF :
			  (top_op == IR_OP_IF || top_op == IR_OP_ELSE);
		if (!ok)
			return ERR("'%s' without a matching '%s'", info->name,
				   in->op == IR_OP_ENDLOOP ? "loop" : "if");
		end_block(c);
		c->open.len--;
		uint32_t opener = top_op == IR_OP_ELSE ? ins[top].match : top;
		ins[top].match = i;
		in->match = opener;
	}
	if (info->flags & (IR_OPF_OPEN | IR_OPF_MIDDLE))
		return begin_block(c, i) || ERR("out of memory");
	return true;
}

/* Operand and result references: in range, defined, in scope. */
static bool check_refs(struct ir_checker *c, struct ir_shader *sh, uint32_t i,
		       struct vc4_diag *diag)
{
	struct ir_instr *in = &sh->instrs.data[i];
	const struct ir_op_info *info = &ir_ops[in->op];
	bool variadic = info->rule == IR_RULE_CONSTRUCT;
	if (in->nsrc > IR_MAX_SRC || (variadic ? in->nsrc < 1 || in->nsrc > info->nsrc :
				      in->nsrc != info->nsrc))
		return ERR("'%s' expects %u operand%s, got %u", info->name,
			   (unsigned)info->nsrc, info->nsrc == 1 ? "" : "s", (unsigned)in->nsrc);
	for (uint32_t k = 0; k < in->nsrc; k++) {
		uint32_t v = in->src[k];
		if (v >= sh->values.len || c->state.data[v] == 0)
			return ERR("operand %u of '%s' is not a defined value", (unsigned)k,
				   info->name);
		if (c->state.data[v] == 2)
			return ERR("'%%%s' is used outside the block that defines it",
				   ir_str(sh, sh->values.data[v].name));
	}
	if ((info->flags & IR_OPF_SLOT) ? in->slot >= sh->decls.len : in->slot != IR_NONE)
		return ERR("'%s' has a bad slot operand", info->name);
	if (has_result(info) ? (in->dest >= sh->values.len || c->state.data[in->dest] != 0 ||
				sh->values.data[in->dest].def != i) : in->dest != IR_NONE)
		return ERR("'%s' has a bad result value", info->name);
	if (in->nimm > 4)
		return ERR("'%s' has too many immediates", info->name);
	return true;
}

VC4_CODE_ALIGN(4096)
bool ir_check_next(struct ir_checker *c, struct ir_shader *sh, struct vc4_diag *diag)
{
	uint32_t i = c->next;
	struct ir_instr *in = &sh->instrs.data[i];
	if (in->op >= IR_OP_COUNT)
		return ERR("unknown op %u", (unsigned)in->op);
	const struct ir_op_info *info = &ir_ops[in->op];
	while (c->state.len < sh->values.len)
		if (!vc4_array_push(&c->state, 0))
			return ERR("out of memory");
	if ((info->flags & IR_OPF_FS_ONLY) && sh->stage != IR_STAGE_FRAGMENT)
		return ERR("'%s' is only allowed in fragment shaders", info->name);
	struct ir_type t = { 0, 0 };
	if (!check_refs(c, sh, i, diag) || !infer(sh, i, in, &t, diag) ||
	    !check_nesting(c, sh, i, diag))
		return false;
	if (in->dest != IR_NONE) {
		if (!vc4_array_push(&c->live, in->dest))
			return ERR("out of memory");
		c->state.data[in->dest] = 1;
		sh->values.data[in->dest].type = t;
		if (in->op != IR_OP_CONST)
			in->type = t;
	}
	c->next++;
	return true;
}

bool ir_check_finish(struct ir_checker *c, const struct ir_shader *sh,
		     struct vc4_diag *diag)
{
	if (c->open.len) {
		uint32_t i = c->open.data[c->open.len - 1];
		const struct ir_instr *in = &sh->instrs.data[i];
		return ERR("'%s' is never closed", ir_ops[in->op].name);
	}
	if (sh->stage != IR_STAGE_VERTEX)
		return true;
	uint32_t pos = ir_shader_find_decl(sh, "position");
	if (pos == IR_NONE || sh->decls.data[pos].kind != IR_DECL_OUTPUT)
		return vc4_diag_set(diag, "%s: a vertex shader must declare 'output position'",
				    ir_str(sh, sh->filename));
	for (size_t i = 0; i < sh->instrs.len; i++)
		if (sh->instrs.data[i].op == IR_OP_STORE && sh->instrs.data[i].slot == pos)
			return true;
	return vc4_diag_set(diag, "%s: a vertex shader must store '@position'",
			    ir_str(sh, sh->filename));
}

void ir_checker_free(struct ir_checker *c)
{
	vc4_array_free(&c->open);
	vc4_array_free(&c->live);
	vc4_array_free(&c->block_live);
	vc4_array_free(&c->state);
	c->next = 0;
}

bool ir_validate(struct ir_shader *sh, struct vc4_diag *diag)
{
	if (sh->stage > IR_STAGE_FRAGMENT || !sh->strings.len)
		return vc4_diag_set(diag, "<ir>: malformed shader");
	for (uint32_t d = 0; d < sh->decls.len; d++)
		if (!ir_check_decl(sh, d, diag))
			return false;
	struct ir_checker c = { 0 };
	bool ok = true;
	while (ok && c.next < sh->instrs.len)
		ok = ir_check_next(&c, sh, diag);
	ok = ok && ir_check_finish(&c, sh, diag);
	ir_checker_free(&c);
	return ok;
}
