/*
 * qir_validate.c: checks a QIR program against the op table and the model
 * of qir.h — arity, operand files valid for the op and stage, pack/unpack
 * encodings and their PM constraints, conditions, branch placement, list
 * and CFG consistency, and that no temp is read before it is written on
 * some path from the entry (via liveness). The first problem is reported as
 * "block B, inst I (TEXT): PROBLEM"; nothing is modified except the derived
 * CFG and inst->ip.
 */
#include "qir/qir.h"
#include "qir/qir_host.h"

#include <stdarg.h>
#include <stdio.h>

#include "util/code_align.h"

struct vctx {
	struct qir_compile *c;
	struct vc4_diag *diag;
	const struct qir_block *b;
	const struct qir_inst *inst;
	uint32_t n;              /* instruction number within the block */
	bool payload_allowed;    /* still at the top of the entry block */
};

static bool bad(struct vctx *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool bad(struct vctx *v, const char *fmt, ...)
{
	char what[256], text[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	qir_print_inst(v->c, v->inst, text, sizeof(text));
	return vc4_diag_set(v->diag, "block %u, inst %u (%s): %s", v->b->index, v->n, text, what);
}

static bool is_fs(const struct vctx *v) { return v->c->stage == QIR_STAGE_FRAGMENT; }

/* One source operand of a known op. */
static bool check_src(struct vctx *v, int s)
{
	const struct qir_inst *inst = v->inst;
	const struct qir_op_info *info = &qir_ops[inst->op];
	struct qir_reg r = inst->src[s];
	if (s >= info->nsrc)
		return r.file == QIR_FILE_NULL || bad(v, "src%d used, but %s takes %u", s,
						      info->name, info->nsrc);
	if (r.unpack >= QPU_UNPACK_COUNT)
		return bad(v, "src%d: unpack %u out of range", s, r.unpack);
	if (r.unpack && r.file != QIR_FILE_TEMP)
		return bad(v, "src%d: unpack on a non-temp operand", s);
	bool imm_src = (info->flags & QIR_OPF_IMM_SRC) && s == 0;
	if (imm_src != (r.file == QIR_FILE_IMM))
		return bad(v, imm_src ? "src0 must be an immediate" :
			   "src%d: 32-bit immediates only feed load_imm", s);
	switch (r.file) {
	case QIR_FILE_NULL: return bad(v, "src%d missing", s);
	case QIR_FILE_TEMP:
		return r.index < v->c->num_temps ||
		       bad(v, "src%d: t%u out of range (%u temps)", s, r.index, v->c->num_temps);
	case QIR_FILE_UNIF:
		return r.index < v->c->uniforms.len ||
		       bad(v, "src%d: u%u out of range (%zu uniforms)", s, r.index,
			   v->c->uniforms.len);
	case QIR_FILE_SMALL_IMM:
		if (info->flags & QIR_OPF_NO_SMALL_IMM)
			return bad(v, "%s takes no small immediate", info->name);
		return qpu_small_imm_encode(r.index) >= 0 ||
		       bad(v, "src%d: 0x%08x is not a small immediate", s, r.index);
	case QIR_FILE_IMM: return true;
	case QIR_FILE_VARY:
		return is_fs(v) || bad(v, "src%d: varying read outside a fragment shader", s);
	case QIR_FILE_VPM:
		return !is_fs(v) || bad(v, "src%d: VPM read in a fragment shader", s);
	case QIR_FILE_SPECIAL:
		if (r.index >= QIR_SPECIAL_COUNT)
			return bad(v, "src%d: special register %u out of range", s, r.index);
		return qir_specials[r.index].readable ||
		       bad(v, "src%d: %s is not readable", s, qir_specials[r.index].name);
	default: return bad(v, "src%d: bad file %u", s, r.file);
	}
}

/* Checks the current instruction's destination: present only when the op
 * has one, no unpack, a file and index the op and stage allow; false with
 * the message set (bad()) otherwise. */
static bool check_dst(struct vctx *v)
{
	const struct qir_inst *inst = v->inst;
	struct qir_reg r = inst->dst;
	if (!qir_ops[inst->op].ndst)
		return r.file == QIR_FILE_NULL || bad(v, "%s has no destination",
						      qir_ops[inst->op].name);
	if (r.unpack)
		return bad(v, "unpack on the destination");
	switch (r.file) {
	case QIR_FILE_NULL: return true;
	case QIR_FILE_TEMP:
		return r.index < v->c->num_temps ||
		       bad(v, "dst t%u out of range (%u temps)", r.index, v->c->num_temps);
	case QIR_FILE_VPM:
		return !is_fs(v) || bad(v, "VPM write in a fragment shader");
	case QIR_FILE_SPECIAL:
		if (r.index >= QIR_SPECIAL_COUNT)
			return bad(v, "special register %u out of range", r.index);
		return qir_specials[r.index].writable ||
		       bad(v, "%s is not writable", qir_specials[r.index].name);
	default: return bad(v, "destination file %u cannot be written", r.file);
	}
}

/* Whether source s is a temp whose last write passes through r4 (a
 * TMU or SFU result, a TLB colour read) earlier in the block: its unpack is an r4 unpack (PM 1,
 * as a MUL pack) where the allocator leaves it in r4; elsewhere selection
 * copies it through the scratch register. */
static bool r4_source(const struct vctx *v, int s)
{
	struct qir_reg r = v->inst->src[s];
	if (r.file != QIR_FILE_TEMP)
		return false;
	for (const struct qir_inst *d = v->inst->prev; d; d = d->prev)   /* its block's write */
		if (d->dst.file == QIR_FILE_TEMP && d->dst.index == r.index)
			return (qir_ops[d->op].flags & QIR_OPF_WRITES_R4) != 0;
	return false;
}

/* Pack, unpack agreement, condition and set-flags. */
static bool check_modifiers(struct vctx *v)
{
	const struct qir_inst *inst = v->inst;
	const struct qir_op_info *info = &qir_ops[inst->op];
	uint8_t u0 = inst->src[0].unpack, u1 = inst->src[1].unpack;
	if (u0 && u1 && u0 != u1)
		return bad(v, "two different unpacks in one instruction");
	if (inst->src[0].file == QIR_FILE_SMALL_IMM && inst->src[1].file == QIR_FILE_SMALL_IMM &&
	    inst->src[0].index != inst->src[1].index)
		return bad(v, "two different small immediates in one instruction");
	if (inst->pack_mul) {
		if (info->mul_op == QPU_M_NOP)
			return bad(v, "MUL pack on an op the MUL unit cannot do");
		if (inst->pack >= QPU_PACK_MUL_COUNT || !qpu_packs_mul[inst->pack].name)
			return bad(v, "reserved MUL pack %u", inst->pack);
		if ((u0 && !r4_source(v, 0)) || (u1 && !r4_source(v, 1)))
			return bad(v, "MUL pack and an unpack need different PM bits");
	} else if (inst->pack) {
		if (inst->pack >= QPU_PACK_A_COUNT)
			return bad(v, "pack %u out of range", inst->pack);
		if (inst->dst.file != QIR_FILE_TEMP)
			return bad(v, "regfile-A pack needs a temp destination");
	}
	if (inst->op == QIR_OP_BRANCH) {
		if (inst->cond >= QPU_BR_COUNT || !qpu_branch_conds[inst->cond].name)
			return bad(v, "reserved branch condition %u", inst->cond);
	} else if (inst->cond >= QPU_COND_COUNT) {
		return bad(v, "condition %u out of range", inst->cond);
	}
	if (inst->sf && qir_op_alu((enum qir_op)inst->op) == QIR_ALU_NONE)
		return bad(v, "set-flags on %s, which uses no ALU", info->name);
	return true;
}

/* Rules tied to particular op flags. */
static bool check_op_rules(struct vctx *v)
{
	const struct qir_inst *inst = v->inst;
	const struct qir_op_info *info = &qir_ops[inst->op];
	uint32_t f = info->flags;
	if ((f & QIR_OPF_SIDEBAND) && inst->src[1].file != QIR_FILE_UNIF)
		return bad(v, "src1 must be the texture's sideband uniform");
	if (inst->op == QIR_OP_TEX_DIRECT && inst->src[1].file != QIR_FILE_UNIF)
		return bad(v, "src1 must be the base-address uniform");
	if (inst->op == QIR_OP_UNIFORMS_RESET &&
	    (inst->src[1].file != QIR_FILE_UNIF || inst->src[1].index >= v->c->uniforms.len ||
	     v->c->uniforms.data[inst->src[1].index].kind != QIR_UNIFORM_UNIFORMS_ADDRESS))
		return bad(v, "src1 must be the uniforms_address uniform");
	if (f & QIR_OPF_PAYLOAD) {
		if (!is_fs(v) || !v->payload_allowed)
			return bad(v, "payload reads belong at the top of a fragment shader's entry "
				   "block");
	} else {
		v->payload_allowed = false;
	}
	if ((f & (QIR_OPF_THRSW | QIR_OPF_TLB | QIR_OPF_READS_R5)) && !is_fs(v))
		return bad(v, "%s outside a fragment shader", info->name);
	if (inst->op == QIR_OP_BRANCH) {
		if (inst->next)
			return bad(v, "branch is not the last instruction of its block");
		if (inst->target >= v->c->blocks.len)
			return bad(v, "branch to block %u, which does not exist", inst->target);
	}
	return true;
}

/* Checks one instruction: op in range, destination, every source, then the
 * modifiers and the op's own rules; false with the message set at the first
 * problem. */
static bool check_inst(struct vctx *v)
{
	if (v->inst->op >= QIR_OP_COUNT)
		return bad(v, "op %u out of range", v->inst->op);
	if (!check_dst(v))
		return false;
	for (int s = 0; s < QIR_MAX_SRC; s++) {
		if (!check_src(v, s))
			return false;
	}
	return check_modifiers(v) && check_op_rules(v);
}

/* The block list and each instruction list are consistently linked. */
static bool check_block_links(struct vctx *v, const struct qir_block *b, uint32_t i)
{
	if (b->index != i)
		return vc4_diag_set(v->diag, "block %u: holds index %u", i, b->index);
	const struct qir_inst *prev = NULL;
	for (const struct qir_inst *inst = b->first; inst; prev = inst, inst = inst->next) {
		if (inst->prev != prev)
			return vc4_diag_set(v->diag, "block %u: broken instruction list", i);
	}
	if (b->last != prev)
		return vc4_diag_set(v->diag, "block %u: last instruction is not the list's end", i);
	return true;
}

/* Reports temp t (QIR_NONE: none), live into the entry block, at the first
 * instruction naming it: it is read before any write on some path. */
static bool report_undefined(struct vctx *v, uint32_t t)
{
	if (t == QIR_NONE)
		return true;
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(v->c, b) {
		v->b = b;
		v->n = 0;
		qir_foreach_inst(b, inst) {
			v->inst = inst;
			bool reads = (inst->src[0].file == QIR_FILE_TEMP && inst->src[0].index == t) ||
				     (inst->src[1].file == QIR_FILE_TEMP && inst->src[1].index == t) ||
				     (inst->dst.file == QIR_FILE_TEMP && inst->dst.index == t);
			if (reads)
				return bad(v, "t%u may be read before it is written", t);
			v->n++;
		}
	}
	return vc4_diag_set(v->diag, "t%u may be read before it is written", t);
}

/* The host program and the HOST uniforms: every op can run on the host and
 * reads host-known entries, HOST ones naming earlier ops; every HOST
 * uniform names an op. */
static bool check_host(struct vctx *v)
{
	const struct qir_compile *c = v->c;
	for (size_t i = 0; i < c->host.len; i++) {
		const struct qir_host_op *h = &c->host.data[i];
		if (!qir_host_op_ok(h->op))
			return vc4_diag_set(v->diag, "host op h%zu: %s cannot run on the host", i,
					    h->op < QIR_OP_COUNT ? qir_ops[h->op].name : "?op");
		for (unsigned s = 0; s < qir_ops[h->op].nsrc; s++) {
			const struct qir_uniform *u = &h->src[s];
			if (!qir_uniform_host_known(u->kind) ||
			    (u->kind == QIR_UNIFORM_HOST && u->data >= i))
				return vc4_diag_set(v->diag, "host op h%zu: src%u is not known "
						    "before it", i, s);
		}
	}
	for (size_t i = 0; i < c->uniforms.len; i++)
		if (c->uniforms.data[i].kind == QIR_UNIFORM_HOST &&
		    c->uniforms.data[i].data >= c->host.len)
			return vc4_diag_set(v->diag, "u%zu: host op h%u out of range (%zu ops)", i,
					    c->uniforms.data[i].data, c->host.len);
	return true;
}

/* Everything but reads before writes: blocks and links, every instruction,
 * branch and payload placement. */
VC4_CODE_ALIGN(4096)
static bool check_structure(struct vctx *v)
{
	struct qir_compile *c = v->c;
	if (c->oom)
		return vc4_diag_set(v->diag, "out of memory while building the program");
	if (!c->blocks.len)
		return vc4_diag_set(v->diag, "program has no blocks");
	if (!check_host(v))
		return false;
	for (uint32_t i = 0; i < c->blocks.len; i++) {
		v->b = c->blocks.data[i];
		if (!check_block_links(v, v->b, i))
			return false;
		v->n = 0;
		for (v->inst = v->b->first; v->inst; v->inst = v->inst->next, v->n++) {
			if (!check_inst(v))
				return false;
		}
		v->payload_allowed = false;
	}
	return true;
}

/* Checks the whole program (docs/qir.md, "Core services"): blocks and links,
 * every instruction, branch and payload placement, and reads before writes;
 * false with diag naming block and instruction at the first problem. */
bool qir_validate(struct qir_compile *c, struct vc4_diag *diag)
{
	struct vctx v = { .c = c, .diag = diag, .payload_allowed = true };
	uint32_t t;
	if (!check_structure(&v) || !qir_live_into_entry(c, &t, diag))
		return false;
	return report_undefined(&v, t);
}

bool qir_validate_live(struct qir_compile *c, const struct qir_liveness *lv,
		       struct vc4_diag *diag)
{
	struct vctx v = { .c = c, .diag = diag, .payload_allowed = true };
	if (!check_structure(&v))
		return false;
	uint32_t first = lv->in_start[0], t = QIR_NONE;
	if (lv->num_blocks && lv->in_start[1] > first)
		t = lv->in_temps[first];
	return report_undefined(&v, t);
}
