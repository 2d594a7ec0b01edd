/*
 * lower_index.c: uniform arrays indexed by a value (`load_index`), read
 * through the TMU's direct (general memory) path from the buffer the driver
 * uploads ("UBO"): its layout, the lowering of `load_index`, and the late
 * pass that puts the kernel's clamp pattern right before every direct read
 * (docs/lowering.md, "Indexed uniform arrays").
 */
#include "qir/lower/lower_internal.h"
#include "util/code_align.h"

/* ------------------------------------------------------------------------ */
/* The UBO layout                                                            */

static uint32_t array_bytes(const struct ir_decl *d)
{
	return d->array_len << ir_array_stride_log2(d->type.comps);
}

static bool is_array(const struct ir_decl *d)
{
	return d->kind == IR_DECL_UNIFORM && d->array_len;
}

uint32_t qir_ubo_array_offset(const struct ir_shader *sh, uint32_t decl)
{
	uint32_t off = 0;
	for (uint32_t d = 0; d < decl && d < sh->decls.len; d++)
		if (is_array(&sh->decls.data[d]))
			off += array_bytes(&sh->decls.data[d]);
	return off;
}

uint32_t qir_ubo_size(const struct ir_shader *sh)
{
	return qir_ubo_array_offset(sh, (uint32_t)sh->decls.len);
}

uint32_t qir_user_word(const struct ir_shader *sh, uint32_t decl)
{
	uint32_t w = 0;
	for (uint32_t d = 0; d < decl && d < sh->decls.len; d++) {
		const struct ir_decl *dc = &sh->decls.data[d];
		if (dc->kind == IR_DECL_UNIFORM)
			w += dc->type.comps * (dc->array_len ? dc->array_len : 1);
	}
	return w;
}

void qir_ubo_fill(const struct ir_shader *sh, const uint32_t *user, size_t nuser, uint32_t *ubo)
{
	uint32_t w = 0, off = 0;
	for (uint32_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *dc = &sh->decls.data[d];
		if (dc->kind != IR_DECL_UNIFORM)
			continue;
		if (!dc->array_len) {
			w += dc->type.comps;
			continue;
		}
		uint32_t stride = 1u << (ir_array_stride_log2(dc->type.comps) - 2);
		for (uint32_t e = 0; e < dc->array_len; e++)
			for (uint32_t k = 0; k < stride; k++) {
				uint32_t v = 0;
				if (k < dc->type.comps && w < nuser)
					v = user[w++];
				if (dc->type.base == IR_BOOL)   /* QIR bools are 0 / ~0 */
					v = v ? ~0u : 0u;
				ubo[off / 4 + e * stride + k] = v;
			}
		off += array_bytes(dc);
	}
}

/* ------------------------------------------------------------------------ */
/* load_index                                                                */

/* True when IR value v is a `const`: its components are known now. */
static bool ir_const_index(const struct lower *l, uint32_t v, int32_t *out)
{
	const struct ir_instr *def = &l->sh->instrs.data[l->sh->values.data[v].def];
	if (def->op != IR_OP_CONST)
		return false;
	*out = def->imm[0].i;
	return true;
}

/* Reads the element's components through TMU direct reads, `batch` requests
 * outstanding at most (a threaded FS switches threads before its loads). */
static void direct_reads(struct lower *l, struct qir_reg off, uint32_t base, unsigned comps)
{
	struct qir_compile *c = l->c;
	struct qir_reg *d = lower_def(l, l->sh->instrs.data[l->cur].dest);
	unsigned batch = c->fs_threaded ? 2 : 4;
	for (unsigned k0 = 0; k0 < comps; k0 += batch) {
		unsigned n = comps - k0 < batch ? comps - k0 : batch;
		for (unsigned k = 0; k < n; k++)
			qir_emit(c, QIR_OP_TEX_DIRECT, qir_null(), off,
				 qir_uniform(c, QIR_UNIFORM_UBO_ADDR, base + 4 * (k0 + k)));
		if (c->fs_threaded) {
			qir_emit(c, QIR_OP_THRSW, qir_null(), qir_null(), qir_null());
			l->thrsw_any = true;
			l->thrsw_nested = l->depth > 0;
		}
		for (unsigned k = 0; k < n; k++)
			d[k0 + k] = qir_DIRECT_RESULT(c);
	}
}

bool lower_load_index(struct lower *l, const struct ir_instr *in)
{
	const struct ir_decl *decl = &l->sh->decls.data[in->slot];
	unsigned comps = decl->type.comps, s = ir_array_stride_log2(decl->type.comps);
	int32_t ci;
	if (ir_const_index(l, in->src[0], &ci)) {   /* the user's words, as for `load` */
		uint32_t w = qir_user_word(l->sh, in->slot) +
			     ir_array_element(ci, decl->array_len, decl->type.comps) * comps;
		struct qir_reg *d = lower_def(l, in->dest);
		for (unsigned k = 0; k < comps; k++)
			d[k] = lower_user_uniform(l, w + k, decl->type.base == IR_BOOL);
		return true;
	}
	struct qir_compile *c = l->c;
	struct qir_reg off = qir_SHL(c, lower_val(l, in->src[0], 0), lower_ui(l, s));
	off = qir_MAX(c, off, qir_small_imm(0));
	off = qir_MIN_NOIMM(c, off, lower_ui(l, (decl->array_len - 1) << s));
	direct_reads(l, off, qir_ubo_array_offset(l->sh, in->slot), comps);
	return true;
}

/* ------------------------------------------------------------------------ */
/* The kernel's clamp pattern                                                */

/* The single definition of temp r when it is `op` in block b before `at`
 * with no thread switch in between, else NULL. */
static struct qir_inst *def_before(const struct qir_compile *c, struct qir_block *b,
				   struct qir_inst *at, struct qir_reg r, enum qir_op op)
{
	if (!qir_is_temp(r) || r.unpack)
		return NULL;
	struct qir_inst *def = qir_temp_def(c, r.index);
	if (!def || def->op != op || def->cond != QPU_COND_ALWAYS || def->sf || def->pack)
		return NULL;
	for (struct qir_inst *i = at->prev; i; i = i->prev) {
		if (i == def)
			return def;
		if (qir_ops[i->op].flags & QIR_OPF_THRSW)
			return NULL;
	}
	(void)b;
	return NULL;
}

/* `max x, 0` with the 0 a small immediate, as the kernel recognises it. */
static bool is_max0(const struct qir_inst *m)
{
	for (int s = 0; s < 2; s++)
		if (m->src[s].file == QIR_FILE_SMALL_IMM && m->src[s].index == 0 &&
		    !m->src[s].unpack)
			return true;
	return false;
}

/* Makes the offset of direct read `tex` clamped in its own block:
 * `max t, off, 0; min_noimm t2, t, clamp` right before it, unless that
 * pattern already is there. The offset is always a min_noimm result (no
 * pass turns one into anything else), maybe from another block. */
static bool fix_direct(struct qir_compile *c, struct qir_block *b, struct qir_inst *tex)
{
	struct qir_reg off = tex->src[0];
	struct qir_inst *mn = def_before(c, b, tex, off, QIR_OP_MIN_NOIMM);
	if (mn) {
		struct qir_inst *mx = def_before(c, b, mn, mn->src[0], QIR_OP_MAX);
		if (mx && is_max0(mx))
			return true;
	}
	struct qir_inst *def = qir_is_temp(off) ? qir_temp_def(c, off.index) : NULL;
	if (!def || def->op != QIR_OP_MIN_NOIMM)
		return false;
	struct qir_reg t = qir_temp(c), t2 = qir_temp(c);
	struct qir_inst *mx = qir_inst_create(c, QIR_OP_MAX, t, off, qir_small_imm(0));
	struct qir_inst *m2 = qir_inst_create(c, QIR_OP_MIN_NOIMM, t2, t, def->src[1]);
	if (!mx || !m2)
		return false;
	mx->line = m2->line = tex->line;
	qir_inst_insert_before(b, tex, mx);
	qir_inst_insert_before(b, tex, m2);
	/* the next reads of this offset up to a thread switch share the clamp */
	for (struct qir_inst *i = tex; i && !(qir_ops[i->op].flags & QIR_OPF_THRSW); i = i->next)
		if (i->op == QIR_OP_TEX_DIRECT && qir_reg_equal(i->src[0], off))
			i->src[0] = t2;
	qir_invalidate(c);
	return qir_temp_defs(c);
}

VC4_CODE_ALIGN(1024)
bool qir_lower_direct_clamps(struct qir_compile *c, struct vc4_diag *diag)
{
	struct qir_block *b;
	struct qir_inst *inst;
	if (!qir_temp_defs(c))
		return vc4_diag_set(diag, "out of memory");
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			if (inst->op == QIR_OP_TEX_DIRECT && !fix_direct(c, b, inst))
				return vc4_diag_set(diag, "%s", c->oom ? "out of memory" :
						    "compiler bug: a direct TMU read whose offset "
						    "is not a clamp");
		}
	}
	return true;
}
