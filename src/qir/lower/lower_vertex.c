/*
 * lower_vertex.c: the vertex and coordinate shaders' I/O — attribute reads
 * from the VPM (with the key's format conversions) and the VPM output
 * layouts of the VS (for the rasteriser) and the CS (for the binner).
 * docs/lowering.md "Vertex and coordinate shaders" gives the layouts.
 */
#include <string.h>

#include "qir/lower/lower_internal.h"
#include "qpu/qpu_vpm.h"

/* Words the attribute with `comps` components of `format` takes in the VPM. */
static unsigned attr_words(enum qir_attr_format format, unsigned comps)
{
	return (comps * qir_attr_formats[format].bytes_per_comp + 3) / 4;
}

/* Component k of an attribute from its VPM words w[]. */
static struct qir_reg attr_comp(struct lower *l, enum qir_attr_format format,
				const struct qir_reg *w, unsigned k)
{
	struct qir_compile *c = l->c;
	switch (format) {
	case QIR_ATTR_UNORM8:
		return qir_FMOV(c, lower_unpack(w[0], QPU_UNPACK_8A + k));
	case QIR_ATTR_UINT8:
		return qir_ITOF(c, qir_MOV(c, lower_unpack(w[0], QPU_UNPACK_8A + k)));
	case QIR_ATTR_SNORM16: {
		struct qir_reg i = qir_MOV(c, lower_unpack(w[k / 2], QPU_UNPACK_16A + k % 2));
		struct qir_reg scale = lower_uf(l, 1.0f / 32767.0f);
		struct qir_reg f = qir_FMUL(c, qir_ITOF(c, i), scale);
		return qir_FMAX(c, f, lower_uf(l, -1.0f));
	}
	case QIR_ATTR_SINT16:
		return qir_ITOF(c, qir_MOV(c, lower_unpack(w[k / 2], QPU_UNPACK_16A + k % 2)));
	default:
		return w[k];
	}
}

/* Emits the read setup for words [first, first + count). */
static void read_setup(struct lower *l, unsigned first, unsigned count)
{
	uint32_t v = qpu_vpm_setup_h32(first, count);
	qir_emit(l->c, QIR_OP_LOAD_IMM, qir_special(QIR_SPECIAL_VPM_READ_SETUP),
		 qir_reg(QIR_FILE_IMM, v), qir_null());
}

/* Sets each read setup's count: the VPM reads up to the next setup. */
static void patch_read_counts(struct lower *l)
{
	struct qir_inst *setup = NULL;
	unsigned count = 0;
	for (struct qir_inst *i = l->c->cur_block->first;; i = i->next) {
		bool is_setup = i && i->op == QIR_OP_LOAD_IMM && i->dst.file == QIR_FILE_SPECIAL &&
				i->dst.index == QIR_SPECIAL_VPM_READ_SETUP;
		if ((!i || is_setup) && setup)
			setup->src[0].index = qpu_vpm_with_count(setup->src[0].index, count);
		if (!i)
			return;
		if (is_setup)
			setup = i, count = 0;
		else if (i->src[0].file == QIR_FILE_VPM)
			count++;
	}
}

/* Reads the words of one attribute decl from VPM word `first` (a new setup
 * where the run of reads breaks or is full); fills its slot. */
static void read_attribute(struct lower *l, uint32_t d, unsigned first, unsigned *run_end,
			   unsigned *in_setup)
{
	const struct ir_decl *decl = &l->sh->decls.data[d];
	enum qir_attr_format f = l->key->attr_format[l->decl_ordinal[d]];
	struct qir_reg w[4];
	unsigned n = attr_words(f, decl->type.comps);
	for (unsigned i = 0; i < n; i++) {
		if (first + i != *run_end || *in_setup == QPU_VPM_MAX_READS) {
			read_setup(l, first + i, 0);   /* count patched later */
			*in_setup = 0;
		}
		w[i] = qir_MOV(l->c, qir_vpm(first + i));
		*run_end = first + i + 1;
		(*in_setup)++;
		l->c->num_vpm_reads++;
	}
	for (unsigned k = 0; k < decl->type.comps; k++)
		lower_slot(l, d)[k] = attr_comp(l, f, w, k);
}

bool lower_vs_prologue(struct lower *l)
{
	uint32_t needed = l->needed_attrs;
	unsigned total = 0, run_end = ~0u, in_setup = 0;
	for (size_t d = 0; d < l->sh->decls.len; d++) {
		const struct ir_decl *decl = &l->sh->decls.data[d];
		if (decl->kind != IR_DECL_ATTRIBUTE)
			continue;
		uint32_t a = l->decl_ordinal[d];
		if (a >= QIR_KEY_MAX_ATTRS)
			return vc4_diag_set(l->diag, "%s: more than %u attributes",
					    ir_str(l->sh, l->sh->filename), QIR_KEY_MAX_ATTRS);
		unsigned n = attr_words(l->key->attr_format[a], decl->type.comps);
		if (needed & 1u << a) {
			read_attribute(l, (uint32_t)d, total, &run_end, &in_setup);
		} else {   /* not read: what is computed from it is dead */
			for (unsigned k = 0; k < decl->type.comps; k++)
				lower_slot(l, (uint32_t)d)[k] = lower_uf(l, 0.0f);
		}
		total += n;
	}
	patch_read_counts(l);
	qir_emit(l->c, QIR_OP_LOAD_IMM, qir_special(QIR_SPECIAL_VPM_WRITE_SETUP),
		 qir_reg(QIR_FILE_IMM, qpu_vpm_setup_h32(0, 0)), qir_null());
	return true;
}

/* The decl index of built-in output `which`, or IR_NONE. */
static uint32_t find_output(const struct ir_shader *sh, enum ir_builtin which)
{
	for (size_t d = 0; d < sh->decls.len; d++)
		if (sh->decls.data[d].kind == IR_DECL_OUTPUT && sh->decls.data[d].builtin == which)
			return (uint32_t)d;
	return IR_NONE;
}

/* The decl index of the varying named `name` in sh, or IR_NONE. */
static uint32_t find_varying(const struct ir_shader *sh, const char *name)
{
	for (size_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		if (decl->kind == IR_DECL_VARYING && strcmp(ir_str(sh, decl->name), name) == 0)
			return (uint32_t)d;
	}
	return IR_NONE;
}

static void vpm_write(struct lower *l, struct qir_reg v)
{
	qir_emit(l->c, QIR_OP_MOV, qir_vpm(0), v, qir_null());
}

/* Writes the varyings the FS loads, in the FS's order (or the VS's own). */
static bool write_varyings(struct lower *l)
{
	const struct ir_shader *order = l->fs ? l->fs : l->sh;
	for (size_t d = 0; d < order->decls.len; d++) {
		const struct ir_decl *decl = &order->decls.data[d];
		if (decl->kind != IR_DECL_VARYING ||
		    (l->fs && !qir_fs_varying_used(l->fs, (uint32_t)d)))
			continue;   /* the FS does not read it: not in its FIFO */
		uint32_t mine = l->fs ? find_varying(l->sh, ir_str(order, decl->name)) : (uint32_t)d;
		/* a larger VS varying writes its first components: the GLSL front
		 * end narrows an FS varying to the components it reads */
		if (mine != IR_NONE && l->sh->decls.data[mine].type.comps < decl->type.comps)
			return vc4_diag_set(l->diag, "%s: varying '%s' has %u components here "
					    "but %u in the fragment shader",
					    ir_str(l->sh, l->sh->filename), ir_str(order, decl->name),
					    l->sh->decls.data[mine].type.comps, decl->type.comps);
		for (unsigned k = 0; k < decl->type.comps; k++)
			vpm_write(l, mine == IR_NONE ? lower_uf(l, 0.0f) : lower_slot(l, mine)[k]);
	}
	return true;
}

/* (p * the viewport uniform `kind`) * rcpw: the scale is applied first,
 * as Mesa's vc4 does, so that it is off the critical path (the SFU's 1/Wc
 * and its Newton-Raphson step); rcpw is then one multiply from the
 * output, not two. (Its uniform is taken first.) */
static struct qir_reg viewport_scaled(struct qir_compile *c, struct qir_reg p, struct qir_reg rcpw,
				      enum qir_uniform_kind kind)
{
	struct qir_reg scale = qir_uniform(c, kind, 0);
	return qir_FMUL(c, qir_FMUL(c, p, scale), rcpw);
}

/* Screen-space outputs from the clip-space position p[4]: packed Xs|Ys
 * (12.4 fixed point, 16 bits each), Zs and 1/Wc. */
static void screen_coords(struct lower *l, const struct qir_reg *p, struct qir_reg out[3])
{
	struct qir_compile *c = l->c;
	struct qir_reg rcpw = lower_rcp(l, p[3]);
	struct qir_reg xs = viewport_scaled(c, p[0], rcpw, QIR_UNIFORM_VIEWPORT_X_SCALE);
	struct qir_reg ys = viewport_scaled(c, p[1], rcpw, QIR_UNIFORM_VIEWPORT_Y_SCALE);
	struct qir_reg zs = viewport_scaled(c, p[2], rcpw, QIR_UNIFORM_VIEWPORT_Z_SCALE);
	zs = qir_FADD(c, zs, qir_uniform(c, QIR_UNIFORM_VIEWPORT_Z_OFFSET, 0));
	struct qir_reg xy = qir_temp(c);
	struct qir_inst *lo = qir_emit(c, QIR_OP_FTOI, xy, xs, qir_null());
	struct qir_inst *hi = qir_emit(c, QIR_OP_FTOI, xy, ys, qir_null());
	if (lo && hi) {
		lo->pack = QPU_PACK_A_16A;
		hi->pack = QPU_PACK_A_16B;
	}
	out[0] = xy;
	out[1] = zs;
	out[2] = rcpw;
}

bool lower_vs_epilogue(struct lower *l)
{
	uint32_t pos = find_output(l->sh, IR_OUT_POSITION);
	uint32_t psz = find_output(l->sh, IR_OUT_POINT_SIZE);
	if (pos == IR_NONE)
		return vc4_diag_set(l->diag, "%s: no position output",
				    ir_str(l->sh, l->sh->filename));
	const struct qir_reg *p = lower_slot(l, pos);
	struct qir_reg screen[3];
	if (l->stage == QIR_STAGE_COORD)
		for (unsigned k = 0; k < 4; k++)
			vpm_write(l, p[k]);
	screen_coords(l, p, screen);
	for (unsigned k = 0; k < 3; k++)
		vpm_write(l, screen[k]);
	if (l->key->point_size) {
		struct qir_reg ps = psz == IR_NONE ? lower_uf(l, 1.0f) : lower_slot(l, psz)[0];
		vpm_write(l, qir_FMAX(l->c, ps, lower_uf(l, 0.125f)));
	}
	return l->stage == QIR_STAGE_COORD || write_varyings(l);
}
