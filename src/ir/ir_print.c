/*
 * ir_print.c: the canonical text of a shader — stage line, declarations, a
 * blank line, then one instruction per line, blocks indented by one tab
 * up to IR_PRINT_MAX_INDENT levels (deeper blocks keep that indentation, so
 * the text stays linear in the program whatever its nesting depth).
 * Floats print as the shortest decimal that reads back to the same bits, so
 * parse(print(x)) == x.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

#define IR_PRINT_MAX_INDENT 16

struct out {
	VC4_ARRAY(char) buf;
	bool oom;
	bool float_bits;        /* ir_print_key(): floats as 0x%08x of their bits */
};

/* Appends n bytes (keeping a NUL after them). */
static void put_mem(struct out *o, const char *s, size_t n)
{
	if (o->oom || !vc4_array_reserve(&o->buf, n + 1)) {
		o->oom = true;
		return;
	}
	memcpy(o->buf.data + o->buf.len, s, n);
	o->buf.len += n;
	o->buf.data[o->buf.len] = '\0';
}

static void put(struct out *o, const char *s)
{
	put_mem(o, s, strlen(s));
}

/* Appends v in decimal ("%u"), with a '-' first when neg ("%d"). */
static void put_num(struct out *o, bool neg, uint32_t v)
{
	char buf[12], *p = buf + sizeof(buf);
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	if (neg)
		*--p = '-';
	put_mem(o, p, (size_t)(buf + sizeof(buf) - p));
}

static void put_uint(struct out *o, uint32_t v)
{
	put_num(o, false, v);
}

static void put_int(struct out *o, int32_t v)
{
	put_num(o, v < 0, v < 0 ? 0u - (uint32_t)v : (uint32_t)v);
}

/* True when buf reads back (strtof) as exactly the bits of f. */
static bool reads_back(const char *buf, float f)
{
	union ir_scalar a = { .f = f }, b = { .f = strtof(buf, NULL) };
	return a.u == b.u;
}

void ir_print_float(float f, char buf[32])
{
	union ir_scalar s = { .f = f };
	if (isnan(f)) {
		snprintf(buf, 32, "nan:0x%08x", (unsigned)s.u);
		return;
	}
	if (isinf(f)) {
		snprintf(buf, 32, f < 0 ? "-inf" : "inf");
		return;
	}
	int prec = 1;
	for (char shortest[32]; prec < 9; prec++) {
		snprintf(shortest, sizeof(shortest), "%.*g", prec, (double)f);
		if (reads_back(shortest, f))
			break;
	}
	snprintf(buf, 32, "%.*g", prec, (double)f);
	/* Plain notation for moderate magnitudes: "10", not "1e+01". */
	if (strchr(buf, 'e') && fabsf(f) >= 1e-4f && fabsf(f) < 1e9f) {
		char alt[32];
		for (int q = 0; q <= 16; q++) {
			snprintf(alt, sizeof(alt), "%.*f", q, (double)f);
			if (reads_back(alt, f)) {
				memcpy(buf, alt, strlen(alt) + 1);
				return;
			}
		}
	}
}

static void put_scalar(struct out *o, uint8_t base, union ir_scalar v)
{
	char buf[32];
	if (base == IR_FLOAT && o->float_bits) {
		static const char hex[] = "0123456789abcdef";
		memcpy(buf, "0x", 2);
		for (int k = 0; k < 8; k++)
			buf[2 + k] = hex[(v.u >> (28 - 4 * k)) & 15];
		put_mem(o, buf, 10);
	} else if (base == IR_FLOAT) {
		ir_print_float(v.f, buf);
		put(o, buf);
	} else if (base == IR_INT) {
		put_int(o, v.i);
	} else {
		put(o, v.u ? "true" : "false");
	}
}

/* Prints one declaration line in the text format: its kind, then by kind the
 * interpolation and type (varyings), the dimension (samplers), the built-in
 * (outputs) or the type and array length, and the @name. */
static void put_decl(struct out *o, const struct ir_shader *sh, const struct ir_decl *d)
{
	char tb[8];
	const char *name = ir_str(sh, d->name);
	const char *kind = ir_decl_kind_names[d->kind];
	switch (d->kind) {
	case IR_DECL_VARYING:
		put(o, kind);
		put(o, d->interp == IR_FLAT ? " flat " : " smooth ");
		put(o, ir_type_name(d->type, tb));
		put(o, " @");
		put(o, name);
		put(o, "\n");
		break;
	case IR_DECL_SAMPLER:
		put(o, kind);
		put(o, d->dim == IR_SAMPLER_CUBE ? " cube @" : " 2d @");
		put(o, name);
		put(o, "\n");
		break;
	case IR_DECL_OUTPUT:
		put(o, kind);
		put(o, " ");
		put(o, ir_builtin_names[d->builtin]);
		put(o, "\n");
		break;
	default:
		put(o, kind);
		put(o, " ");
		put(o, ir_type_name(d->type, tb));
		put(o, " @");
		put(o, name);
		if (d->array_len) {
			put(o, "[");
			put_uint(o, d->array_len);
			put(o, "]");
		}
		put(o, "\n");
		break;
	}
}

static const char *vname(const struct ir_shader *sh, uint32_t v)
{
	return ir_str(sh, sh->values.data[v].name);
}

/* The operands of `in` after its op name (" %a, %b", " @s, %c", ...). */
static void put_operands(struct out *o, const struct ir_shader *sh, const struct ir_instr *in)
{
	const struct ir_op_info *info = &ir_ops[in->op];
	char tb[8];
	const char *sep = " ";
	if (info->rule == IR_RULE_CONST) {
		put(o, " ");
		put(o, ir_type_name(in->type, tb));
		for (uint32_t k = 0; k < in->nimm; k++) {
			put(o, k ? ", " : " ");
			put_scalar(o, in->type.base, in->imm[k]);
		}
		return;
	}
	if (info->flags & IR_OPF_SLOT) {
		put(o, " @");
		put(o, ir_str(sh, sh->decls.data[in->slot].name));
		sep = ", ";
	}
	for (uint32_t k = 0; k < in->nsrc; k++, sep = ", ") {
		put(o, sep);
		put(o, "%");
		put(o, vname(sh, in->src[k]));
	}
	if (info->rule == IR_RULE_EXTRACT) {
		put(o, ", ");
		put_uint(o, in->imm[0].u);
	}
	if (info->rule == IR_RULE_SWIZZLE) {
		put(o, ", ");
		for (uint32_t k = 0; k < in->nimm; k++)
			put_mem(o, &"xyzw"[in->imm[k].u & 3], 1);
	}
}

/* Prints one instruction line indented by `depth` tabs (at most
 * IR_PRINT_MAX_INDENT): control flow as `if %c {`, `} else {`, `loop {` and
 * `}`, other instructions as `%dest = op operands`. */
static void put_instr(struct out *o, const struct ir_shader *sh, const struct ir_instr *in,
		      unsigned depth)
{
	static const char tabs[IR_PRINT_MAX_INDENT + 1] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
	const struct ir_op_info *info = &ir_ops[in->op];
	put_mem(o, tabs, depth < IR_PRINT_MAX_INDENT ? depth : IR_PRINT_MAX_INDENT);
	switch (in->op) {
	case IR_OP_IF:
		put(o, "if %");
		put(o, vname(sh, in->src[0]));
		put(o, " {\n");
		return;
	case IR_OP_ELSE: put(o, "} else {\n"); return;
	case IR_OP_ENDIF: case IR_OP_ENDLOOP: put(o, "}\n"); return;
	case IR_OP_LOOP: put(o, "loop {\n"); return;
	default: break;
	}
	if (in->dest != IR_NONE) {
		put(o, "%");
		put(o, vname(sh, in->dest));
		put(o, " = ");
	}
	put(o, info->name);
	put_operands(o, sh, in);
	put(o, "\n");
}

/* The text of sh (floats as their bits when float_bits). */
static char *print(const struct ir_shader *sh, bool float_bits)
{
	struct out o = { .float_bits = float_bits };
	unsigned depth = 0;
	put(&o, ir_stage_names[sh->stage]);
	put(&o, "\n");
	for (size_t d = 0; d < sh->decls.len; d++)
		put_decl(&o, sh, &sh->decls.data[d]);
	if (sh->instrs.len)
		put(&o, "\n");
	for (size_t i = 0; i < sh->instrs.len; i++) {
		const struct ir_instr *in = &sh->instrs.data[i];
		uint16_t f = ir_ops[in->op].flags;
		if ((f & (IR_OPF_MIDDLE | IR_OPF_CLOSE)) && depth)
			depth--;
		put_instr(&o, sh, in, depth);
		if (f & (IR_OPF_OPEN | IR_OPF_MIDDLE))
			depth++;
	}
	if (o.oom) {
		vc4_array_free(&o.buf);
		return NULL;
	}
	return o.buf.data;
}

char *ir_print(const struct ir_shader *sh)
{
	return print(sh, false);
}

char *ir_print_key(const struct ir_shader *sh)
{
	return print(sh, true);
}
