/*
 * qpu_dis.c: the QPU disassembler (see qpu_dis.h and docs/qpu.md).
 *
 * The text is readable first, and exact: every field the readable part does
 * not determine, and that differs from what the assembler would assume, is
 * printed as an extra clause (`; ws`, `; pm`, `; raddr_a=5`...). The rules for
 * "determined" here mirror the assembler's defaults in qpu_asm.c.
 */
#include "qpu/qpu_dis.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/qpu_isa.h"
#include "util/text.h"

/* ------------------------------------------------------------------------ */
/* Operands                                                                 */

/* Writes a small-immediate value so that it reads back to the same bits. */
static void put_small_imm(struct vc4_text *o, unsigned code)
{
	char tmp[32];
	vc4_text_printf(o, "%s", qpu_small_imm_text(code, tmp));
}

/* True when some input mux of the ALU instruction selects `m`. */
static bool uses_mux(const struct qpu_inst *in, enum qpu_mux m)
{
	return in->add_a == m || in->add_b == m || in->mul_a == m || in->mul_b == m;
}

/* A regfile-B read whose name both files share (unif, vary, vpm, ...) is
 * printed plainly only when the assembler would also pick file B for it:
 * that is when file A is taken by a name only file A has. Otherwise it is
 * printed as rbN. */
static bool b_shared_plain(const struct qpu_inst *in)
{
	return uses_mux(in, QPU_MUX_A) && !qpu_raddr_same_on_both(in->raddr_a);
}

/* Prints input mux `m` of the ALU instruction: the regfile-A name (with its
 * `.unpack` suffix when PM=0), the small immediate or regfile-B read (as rbN
 * when the name is shared by both files and would not be read back as file
 * B), or the accumulator rN (r4 with its `.unpack` suffix when PM=1). */
static void put_operand(struct vc4_text *o, const struct qpu_inst *in, enum qpu_mux m)
{
	switch (m) {
	case QPU_MUX_A:
		vc4_text_printf(o, "%s", qpu_raddrs[QPU_FILE_A][in->raddr_a].name);
		if (!in->pm && in->unpack)
			vc4_text_printf(o, ".%s", qpu_unpacks[in->unpack].name);
		return;
	case QPU_MUX_B:
		if (in->sig == QPU_SIG_SMALL_IMM)
			put_small_imm(o, in->raddr_b);
		else if (qpu_raddr_same_on_both(in->raddr_b) && !b_shared_plain(in))
			vc4_text_printf(o, "rb%u", in->raddr_b);
		else
			vc4_text_printf(o, "%s", qpu_raddrs[QPU_FILE_B][in->raddr_b].name);
		return;
	default:
		vc4_text_printf(o, "r%u", (unsigned)m);
		if (m == QPU_MUX_R4 && in->pm && in->unpack)
			vc4_text_printf(o, ".%s", qpu_unpacks[in->unpack].name);
		return;
	}
}

/* ------------------------------------------------------------------------ */
/* Destinations                                                             */

/* Name of write address `waddr` of the ADD (is_mul false) or MUL ALU. */
static const char *dst_name(const struct qpu_inst *in, bool is_mul, unsigned waddr)
{
	return qpu_waddrs[qpu_waddr_file(is_mul, in->ws)][waddr & 63].name;
}

/* The pack suffix the destination of one ALU carries, or NULL: PM=0 packs
 * go on the regfile-A-side writer, PM=1 packs on the MUL destination. */
static const char *dst_pack(const struct qpu_inst *in, bool is_mul)
{
	if (!in->pack)
		return NULL;
	if (in->pm)
		return is_mul ? qpu_packs_mul[in->pack].name : NULL;
	return qpu_waddr_file(is_mul, in->ws) == QPU_FILE_A ?
	       qpu_packs_a[in->pack].name : NULL;
}

static void put_dst(struct vc4_text *o, const struct qpu_inst *in, bool is_mul,
		    unsigned waddr)
{
	const char *pack = dst_pack(in, is_mul);

	vc4_text_printf(o, "%s", dst_name(in, is_mul, waddr));
	if (pack)
		vc4_text_printf(o, ".%s", pack);
}

/* Default write condition of a destination: never for nop, else always. */
static enum qpu_cond default_cond(bool is_nop)
{
	return is_nop ? QPU_COND_NEVER : QPU_COND_ALWAYS;
}

static void put_cond(struct vc4_text *o, enum qpu_cond cond, bool is_nop)
{
	if (cond != default_cond(is_nop))
		vc4_text_printf(o, ".%s", qpu_conds[cond & 7].name);
}

/* True when a write ALU half's ws is fixed by its destination names or the
 * PM=0 pack suffix, so no `; ws` clause is needed. */
static bool ws_determined(const struct qpu_inst *in)
{
	return !qpu_waddr_ignores_ws(in->waddr_add) ||
	       !qpu_waddr_ignores_ws(in->waddr_mul) || (!in->pm && in->pack);
}

/* Clauses shared by the forms that write: ws and pm. */
static void put_write_clauses(struct vc4_text *o, const struct qpu_inst *in, bool pm_shown)
{
	if (in->ws && !ws_determined(in))
		vc4_text_printf(o, " ; ws");
	if (in->pm && !in->pack && !pm_shown)
		vc4_text_printf(o, " ; pm");
}

/* ------------------------------------------------------------------------ */
/* ALU                                                                      */

struct half {
	bool is_mul;
	const char *op;     /* mnemonic, "mov" for the move alias */
	bool is_nop;
	unsigned nsrc;
	enum qpu_cond cond;
	bool sf;            /* carries the .sf suffix */
	unsigned waddr;
	enum qpu_mux a, b;
};

/* The ADD half of an ALU instruction as printed: its fields, with `or d, a, a`
 * shown as the one-source alias `mov`. The .sf suffix goes on the ADD half
 * unless its op is nop. */
static struct half add_half(const struct qpu_inst *in)
{
	struct half h = {
		.is_mul = false, .op = qpu_add_ops[in->op_add].name,
		.is_nop = in->op_add == QPU_A_NOP, .nsrc = qpu_add_ops[in->op_add].nsrc,
		.cond = in->cond_add, .sf = in->sf && in->op_add != QPU_A_NOP,
		.waddr = in->waddr_add, .a = in->add_a, .b = in->add_b,
	};
	if (in->op_add == QPU_A_OR && in->add_a == in->add_b) {
		h.op = "mov";
		h.nsrc = 1;
	}
	return h;
}

/* The MUL half of an ALU instruction as printed: its fields, with
 * `v8min d, a, a` shown as the one-source alias `mov`. The .sf suffix goes on
 * the MUL half only when the ADD op is nop. */
static struct half mul_half(const struct qpu_inst *in)
{
	struct half h = {
		.is_mul = true, .op = qpu_mul_ops[in->op_mul].name,
		.is_nop = in->op_mul == QPU_M_NOP, .nsrc = qpu_mul_ops[in->op_mul].nsrc,
		.cond = in->cond_mul, .sf = in->sf && in->op_add == QPU_A_NOP,
		.waddr = in->waddr_mul, .a = in->mul_a, .b = in->mul_b,
	};
	if (in->op_mul == QPU_M_V8MIN && in->mul_a == in->mul_b) {
		h.op = "mov";
		h.nsrc = 1;
	}
	return h;
}

/* Prints one ALU half: `nop[.cond][.sf]` when it is an idle nop, else
 * `op[.cond][.sf] dst[.pack], a[, b]`. */
static void put_half(struct vc4_text *o, const struct qpu_inst *in, const struct half *h)
{
	bool idle = h->is_nop && h->waddr == QPU_W_NOP && h->a == QPU_MUX_R0 &&
		    h->b == QPU_MUX_R0 && !dst_pack(in, h->is_mul);

	vc4_text_printf(o, "%s", h->op);
	put_cond(o, h->cond, h->is_nop);
	if (h->sf)
		vc4_text_printf(o, ".sf");
	if (idle)
		return;
	vc4_text_printf(o, " ");
	put_dst(o, in, h->is_mul, h->waddr);
	vc4_text_printf(o, ", ");
	put_operand(o, in, h->a);
	if (h->nsrc != 1 || h->b != h->a) {
		vc4_text_printf(o, ", ");
		put_operand(o, in, h->b);
	}
}

/* Appends the `; ...` clauses of an ALU instruction for the fields its two
 * halves do not show: the signal (or `rot r5` / `rot N` for a small-immediate
 * rotation), ws and pm, an unpack no operand carries, and raddr_a, raddr_b or
 * the small-immediate signal when no mux reads them. */
static void put_alu_clauses(struct vc4_text *o, const struct qpu_inst *in)
{
	bool small = in->sig == QPU_SIG_SMALL_IMM;
	bool unpack_shown = in->unpack && uses_mux(in, in->pm ? QPU_MUX_R4 : QPU_MUX_A);

	if (in->sig != QPU_SIG_NONE && !small)
		vc4_text_printf(o, " ; %s", qpu_sigs[in->sig].name);
	if (small && in->raddr_b == 48)
		vc4_text_printf(o, " ; rot r5");
	else if (small && in->raddr_b > 48)
		vc4_text_printf(o, " ; rot %u", qpu_small_imms[in->raddr_b].rotate);
	put_write_clauses(o, in, in->pm && unpack_shown);
	if (in->unpack && !unpack_shown)
		vc4_text_printf(o, " ; unpack=%u", in->unpack);
	if (!uses_mux(in, QPU_MUX_A) && in->raddr_a != QPU_R_NOP)
		vc4_text_printf(o, " ; raddr_a=%u", in->raddr_a);
	if (small && !uses_mux(in, QPU_MUX_B) && in->raddr_b < 48)
		vc4_text_printf(o, " ; sig=%u", QPU_SIG_SMALL_IMM);
	if (!uses_mux(in, QPU_MUX_B) && in->raddr_b != QPU_R_NOP && !(small && in->raddr_b >= 48))
		vc4_text_printf(o, " ; raddr_b=%u", in->raddr_b);
}

static void put_alu(struct vc4_text *o, const struct qpu_inst *in)
{
	struct half a = add_half(in), m = mul_half(in);

	put_half(o, in, &a);
	vc4_text_printf(o, " ; ");
	put_half(o, in, &m);
	put_alu_clauses(o, in);
}

/* ------------------------------------------------------------------------ */
/* Load immediate, semaphore                                                */

/* Appends `  # <float>` when the 32 bits read as a float of moderate size
 * that six significant digits give back exactly (1.5, -0.25, 255.0): such
 * immediates are float constants, and hex hides them. */
static void put_float_comment(struct vc4_text *o, uint32_t bits)
{
	char tmp[32];
	float f, back;

	memcpy(&f, &bits, sizeof(f));
	float mag = f < 0 ? -f : f;
	if (!(mag >= 1e-6f && mag <= 1e9f))   /* also drops NaN, inf, 0, denormals */
		return;
	snprintf(tmp, sizeof(tmp), "%g", (double)f);
	if (sscanf(tmp, "%f", &back) != 1 || back != f)
		return;
	vc4_text_printf(o, "  # %s%s", tmp, strpbrk(tmp, ".e") ? "" : ".0");
}

/* Prints `dst[.cond][.pack]` of a load immediate or semaphore. */
static void put_li_dst(struct vc4_text *o, const struct qpu_inst *in, bool is_mul)
{
	unsigned waddr = is_mul ? in->waddr_mul : in->waddr_add;
	enum qpu_cond cond = is_mul ? in->cond_mul : in->cond_add;

	vc4_text_printf(o, "%s", dst_name(in, is_mul, waddr));
	put_cond(o, cond, waddr == QPU_W_NOP);
	if (dst_pack(in, is_mul))
		vc4_text_printf(o, ".%s", dst_pack(in, is_mul));
}

/* True when the MUL destination of a load immediate or semaphore is idle
 * (nop, default condition, no pack) and may be left out. */
static bool li_mul_idle(const struct qpu_inst *in)
{
	return in->waddr_mul == QPU_W_NOP && in->cond_mul == QPU_COND_NEVER &&
	       !dst_pack(in, true);
}

/* Prints a load immediate: `ldi[.kind][.sf] dst[, mul_dst], value`, the value
 * as 0x%08x for a 32-bit load or as the 16 per-element values in brackets for
 * the per-element kinds, then the ws/pm clauses and, for a 32-bit load that
 * reads as a float, a `# <float>` comment. The MUL destination is left out
 * when idle. */
static void put_load_imm(struct vc4_text *o, const struct qpu_inst *in)
{
	vc4_text_printf(o, "ldi");
	if (in->li_kind != QPU_LI_32)
		vc4_text_printf(o, ".%s", qpu_li_kinds[in->li_kind].name);
	if (in->sf)
		vc4_text_printf(o, ".sf");
	vc4_text_printf(o, " ");
	put_li_dst(o, in, false);
	if (!li_mul_idle(in)) {
		vc4_text_printf(o, ", ");
		put_li_dst(o, in, true);
	}
	if (in->li_kind == QPU_LI_32) {
		vc4_text_printf(o, ", 0x%08x", in->imm);
	} else {
		vc4_text_printf(o, ", [");
		for (unsigned e = 0; e < 16; e++)
			vc4_text_printf(o, "%s%d", e ? "," : "",
			    (int32_t)qpu_load_imm_elem(in->li_kind, in->imm, e));
		vc4_text_printf(o, "]");
	}
	put_write_clauses(o, in, false);
	if (in->li_kind == QPU_LI_32)
		put_float_comment(o, in->imm);
}

/* Prints a semaphore: `sacq` or `srel` [.sf], both destinations unless both
 * are idle, the semaphore index, the ws/pm clauses and `; sem_unused=0x..`
 * when the unused bits are not zero. */
static void put_semaphore(struct vc4_text *o, const struct qpu_inst *in)
{
	bool idle = in->waddr_add == QPU_W_NOP && in->cond_add == QPU_COND_NEVER &&
		    !dst_pack(in, false) && li_mul_idle(in);

	vc4_text_printf(o, "%s", in->sem_dec ? "sacq" : "srel");
	if (in->sf)
		vc4_text_printf(o, ".sf");
	vc4_text_printf(o, " ");
	if (!idle) {
		put_li_dst(o, in, false);
		vc4_text_printf(o, ", ");
		put_li_dst(o, in, true);
		vc4_text_printf(o, ", ");
	}
	vc4_text_printf(o, "%u", in->sem_index);
	put_write_clauses(o, in, false);
	if (in->unused)
		vc4_text_printf(o, " ; sem_unused=0x%x", (unsigned)(in->unused >> 5));
}

/* ------------------------------------------------------------------------ */
/* Branch                                                                   */

/* Prints a branch at index `ip`: `brr` (relative) or `bra` [.cond], the link
 * destinations when either is not nop, the regfile-A register when br_reg is
 * set, the offset (signed) or address (hex), clauses for ws, br_raddr_a and
 * unused bits the text does not otherwise show, and for a relative branch
 * with no register and a whole-instruction offset a `# -> ip N` comment with
 * the target index (ip + 4 + offset / 8). */
static void put_branch(struct vc4_text *o, const struct qpu_inst *in, uint32_t ip)
{
	vc4_text_printf(o, "%s", in->br_rel ? "brr" : "bra");
	if (in->br_cond != QPU_BR_ALWAYS)
		vc4_text_printf(o, ".%s", qpu_branch_conds[in->br_cond].name);
	vc4_text_printf(o, " ");
	if (in->waddr_add != QPU_W_NOP || in->waddr_mul != QPU_W_NOP)
		vc4_text_printf(o, "%s, %s, ", dst_name(in, false, in->waddr_add),
		    dst_name(in, true, in->waddr_mul));
	if (in->br_reg)
		vc4_text_printf(o, "%s, ", qpu_raddrs[QPU_FILE_A][in->br_raddr_a & 31].name);
	if (in->br_rel)
		vc4_text_printf(o, "%d", (int32_t)in->imm);
	else
		vc4_text_printf(o, "0x%08x", in->imm);
	if (in->ws && qpu_waddr_ignores_ws(in->waddr_add) &&
	    qpu_waddr_ignores_ws(in->waddr_mul))
		vc4_text_printf(o, " ; ws");
	if (!in->br_reg && in->br_raddr_a)
		vc4_text_printf(o, " ; br_raddr_a=%u", in->br_raddr_a);
	if (in->unused)
		vc4_text_printf(o, " ; br_unused=%u", (unsigned)(in->unused >> 56));
	if (in->br_rel && !in->br_reg && (in->imm & 7) == 0)
		vc4_text_printf(o, "  # -> ip %lld",
				(long long)qpu_branch_target(ip, (int32_t)in->imm));
}

/* ------------------------------------------------------------------------ */

bool qpu_disasm(uint64_t word, uint32_t ip, char *buf, size_t size)
{
	struct vc4_text o = { buf, size, 0 };
	struct qpu_inst in;
	char why[96];
	const char *problem;

	if (size)
		buf[0] = '\0';
	qpu_decode(word, &in);
	problem = qpu_inst_problem(&in, why, sizeof(why));
	if (problem) {
		vc4_text_printf(&o, ".word 0x%016llx  # warning: %s", (unsigned long long)word, problem);
		return false;
	}
	switch (in.form) {
	case QPU_FORM_ALU:
		put_alu(&o, &in);
		break;
	case QPU_FORM_LOAD_IMM:
		put_load_imm(&o, &in);
		break;
	case QPU_FORM_SEMAPHORE:
		put_semaphore(&o, &in);
		break;
	case QPU_FORM_BRANCH:
		put_branch(&o, &in, ip);
		break;
	}
	return true;
}

char *qpu_disasm_program(const uint64_t *words, size_t count)
{
	size_t len = 0;
	char *text;

	if (count > (SIZE_MAX - 1) / QPU_DIS_MAX)
		return NULL;
	text = malloc(count * QPU_DIS_MAX + 1);
	if (!text)
		return NULL;
	text[0] = '\0';
	for (size_t i = 0; i < count; i++) {
		qpu_disasm(words[i], (uint32_t)i, text + len, QPU_DIS_MAX);
		len += strlen(text + len);
		text[len++] = '\n';
		text[len] = '\0';
	}
	return text;
}
