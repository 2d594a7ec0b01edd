/*
 * lower_fragment.c: the fragment shader's I/O — the payload and varyings
 * (hardware interpolation: varying * W + C; only those the shader loads,
 * qir_fs_varying_used()), two-sided colour, the built-ins
 * frag_coord / front_facing / point_coord, the generated varyings of points
 * and lines (always read first), texture lookups through TMU0
 * (parameter writes with their P0..P3 sideband uniforms, thread switch,
 * result unpack and the key's swizzle; a repeated lookup of a block shares
 * the first one's result), discard, and the epilogue's TLB
 * writes (stencil setup, Z, colour; conditional on discard).
 * docs/lowering.md "Fragment shaders".
 */
#include "qir/lower/lower_internal.h"

bool qir_fs_varying_used(const struct ir_shader *fs, uint32_t decl)
{
	for (size_t i = 0; i < fs->instrs.len; i++)
		if (fs->instrs.data[i].op == IR_OP_LOAD && fs->instrs.data[i].slot == decl)
			return true;
	return false;
}

/* One interpolated varying component (FIFO index i). Flat: the hardware's
 * flat-shade flag zeroes the interpolated part, so the read is only popped
 * and C (the provoking vertex's value) added. */
static struct qir_reg read_varying(struct lower *l, uint32_t i, bool flat)
{
	struct qir_compile *c = l->c;
	struct qir_reg v = flat ? qir_FMOV(c, qir_vary(i)) : qir_FMUL(c, qir_vary(i), l->frag_w);
	return qir_VARY_ADD_C(c, v);
}

/* Two-sided colour: back-facing fragments read varying `back` instead. */
static void two_side(struct lower *l, uint32_t d, uint32_t back)
{
	const struct ir_decl *decl = &l->sh->decls.data[d];
	for (unsigned k = 0; k < decl->type.comps; k++) {
		lower_sf(l, QIR_OP_MOV, qir_special(QIR_SPECIAL_FRAG_REV_FLAG), qir_null());
		lower_slot(l, d)[k] = lower_flag_select(l, QPU_COND_ZC, lower_slot(l, back)[k],
							lower_slot(l, d)[k]);
	}
}

/* The varying decl whose ordinal is `ord`, or IR_NONE. */
static uint32_t varying_decl(struct lower *l, uint32_t ord)
{
	for (size_t d = 0; d < l->sh->decls.len; d++)
		if (l->sh->decls.data[d].kind == IR_DECL_VARYING && l->decl_ordinal[d] == ord)
			return (uint32_t)d;
	return IR_NONE;
}

/* Whether the shader reads point_coord. */
static bool uses_point_coord(const struct ir_shader *sh)
{
	for (size_t i = 0; i < sh->instrs.len; i++)
		if (sh->instrs.data[i].op == IR_OP_POINT_COORD)
			return true;
	return false;
}

/* The varyings the hardware generates before the declared ones, which are
 * in the FIFO whether used or not: a point's (s, t), interpolated when
 * point_coord reads them, else only popped (`mov -, vary`); a line's
 * coordinate, popped. Returns how many. */
static uint32_t read_generated(struct lower *l)
{
	uint32_t n = l->key->is_points ? 2 : l->key->is_lines ? 1 : 0;
	bool used = l->key->is_points && uses_point_coord(l->sh);
	for (uint32_t k = 0; k < n; k++) {
		if (used)
			l->point[k] = read_varying(l, k, false);
		else
			qir_emit(l->c, QIR_OP_MOV, qir_null(), qir_vary(k), qir_null());
	}
	return n;
}

bool lower_fs_prologue(struct lower *l)
{
	struct qir_compile *c = l->c;
	l->frag_w = qir_FRAG_W(c);
	l->frag_z = qir_FRAG_Z(c);
	l->point[0] = l->point[1] = qir_null();  /* (0, 0) unless drawing points */
	uint32_t next = read_generated(l);
	for (size_t d = 0; d < l->sh->decls.len; d++) {
		const struct ir_decl *decl = &l->sh->decls.data[d];
		if (decl->kind != IR_DECL_VARYING)
			continue;
		uint32_t ord = l->decl_ordinal[d];
		if (ord >= QIR_KEY_MAX_VARYINGS)
			return vc4_diag_set(l->diag, "%s: more than %u varyings",
					    ir_str(l->sh, l->sh->filename), QIR_KEY_MAX_VARYINGS);
		bool flat = decl->interp == IR_FLAT || (l->key->flat_varyings >> ord & 1);
		if (!qir_fs_varying_used(l->sh, (uint32_t)d))
			continue;   /* not in the FIFO: the VS does not write it */
		for (unsigned k = 0; k < decl->type.comps; k++)
			lower_slot(l, (uint32_t)d)[k] = read_varying(l, next++, flat);
	}
	c->num_varyings = next;
	for (size_t d = 0; d < l->sh->decls.len; d++) {
		if (l->sh->decls.data[d].kind != IR_DECL_VARYING)
			continue;
		uint32_t b = l->key->back_varying[l->decl_ordinal[d]];
		uint32_t back = b ? varying_decl(l, b - 1) : IR_NONE;
		if (b && (back == IR_NONE || l->sh->decls.data[back].type.comps !=
					     l->sh->decls.data[d].type.comps))
			return vc4_diag_set(l->diag, "%s: shader key: back_varying[%u] = %u "
					    "names no varying of the same size",
					    ir_str(l->sh, l->sh->filename), l->decl_ordinal[d], b);
		if (b && qir_fs_varying_used(l->sh, (uint32_t)d) &&
		    !qir_fs_varying_used(l->sh, back))
			return vc4_diag_set(l->diag, "%s: shader key: back_varying[%u] = %u "
					    "names a varying the shader never loads "
					    "(not in the FIFO)",
					    ir_str(l->sh, l->sh->filename), l->decl_ordinal[d], b);
		if (b && qir_fs_varying_used(l->sh, (uint32_t)d))
			two_side(l, (uint32_t)d, back);
	}
	return true;
}

/* gl_FragCoord.x or .y: the pixel centre, float(frag_x/y) + 0.5. */
static struct qir_reg pixel_centre(struct lower *l, enum qir_special xy)
{
	struct qir_reg half = lower_uf(l, 0.5f);
	return qir_FADD(l->c, qir_ITOF(l->c, qir_special(xy)), half);
}

/* gl_FragCoord.z in [0, 1] from the 24-bit payload z. */
static struct qir_reg frag_coord_z(struct lower *l)
{
	struct qir_reg scale = lower_uf(l, 1.0f / 16777215.0f);
	return qir_FMUL(l->c, qir_ITOF(l->c, l->frag_z), scale);
}

/* gl_FrontFacing as a bool: rev_flag is 1 for back faces. */
static struct qir_reg front_facing(struct lower *l)
{
	lower_sf(l, QIR_OP_MOV, qir_special(QIR_SPECIAL_FRAG_REV_FLAG), qir_null());
	struct qir_reg zero = lower_ui(l, 0);
	struct qir_reg ones = lower_ui(l, ~0u);
	return lower_flag_select(l, QPU_COND_ZS, ones, zero);
}

bool lower_fs_builtin(struct lower *l, const struct ir_instr *in)
{
	struct qir_compile *c = l->c;
	struct qir_reg *d = lower_def(l, in->dest);
	if (l->stage != QIR_STAGE_FRAGMENT)
		return lower_error(l, "'%s' in a vertex shader", ir_ops[in->op].name);
	switch (in->op) {
	case IR_OP_FRAG_COORD:  /* pixel centres, z in [0, 1], 1/w */
		d[0] = pixel_centre(l, QIR_SPECIAL_FRAG_X);
		d[1] = pixel_centre(l, QIR_SPECIAL_FRAG_Y);
		d[2] = frag_coord_z(l);
		d[3] = qir_RCP(c, l->frag_w);
		return true;
	case IR_OP_FRONT_FACING:
		d[0] = front_facing(l);
		return true;
	default:  /* IR_OP_POINT_COORD: the hardware's t is 0 at the bottom,
		   * GL's upper-left origin wants 0 at the top */
		if (l->point[0].file == QIR_FILE_NULL) {
			d[0] = d[1] = lower_uf(l, 0.0f);
			return true;
		}
		d[0] = l->point[0];
		d[1] = qir_FSUB(c, lower_uf(l, 1.0f), l->point[1]);
		return true;
	}
}

/* One TMU parameter write; the k-th write of a lookup carries P<k>. */
static void tmu_write(struct lower *l, enum qir_op op, struct qir_reg v, unsigned k,
		      uint32_t sampler)
{
	struct qir_reg p = qir_uniform(l->c, (enum qir_uniform_kind)(QIR_UNIFORM_TEX_P0 + k),
				       sampler);
	qir_emit(l->c, op, qir_null(), lower_to_temp(l, v), p);
}

/* Channel `swz` (enum qir_swizzle) of the unpacked texel ch[4]. */
static struct qir_reg swizzled(struct lower *l, const struct qir_reg *ch, unsigned swz)
{
	if (swz == QIR_SWZ_ZERO)
		return lower_uf(l, 0.0f);
	if (swz == QIR_SWZ_ONE)
		return lower_uf(l, 1.0f);
	return ch[swz];
}

/* Lookups compared with a new one: the most recent of the block. */
#define LOWER_TEX_CSE_WINDOW 32

/* The operand registers of lookup `in` into `key` (unused entries null);
 * false when one may change after its definition (then never shared). */
static bool tex_key(const struct lower *l, const struct ir_instr *in, uint32_t sampler,
		    struct lower_tex_seen *key)
{
	*key = (struct lower_tex_seen){ .op = in->op, .sampler = sampler };
	unsigned n = 0, comps = l->sh->values.data[in->src[0]].type.comps;
	for (unsigned k = 0; k < comps && n < 3; k++)
		key->src[n++] = lower_val(l, in->src[0], k);
	if (in->op == IR_OP_TEXB)
		key->src[n++] = lower_val(l, in->src[1], 0);
	for (unsigned k = 0; k < n; k++)
		if (key->src[k].file == QIR_FILE_TEMP && key->src[k].index >= l->mutable_lo &&
		    key->src[k].index < l->mutable_hi)
			return false;
	return true;
}

static bool same_reg(struct qir_reg a, struct qir_reg b)
{
	return a.file == b.file && a.unpack == b.unpack && a.index == b.index;
}

/* An earlier lookup of the current block equal to `key`, or NULL. A lookup
 * is unconditional (every lane), so its result is valid for the rest of
 * its block. */
static const struct lower_tex_seen *tex_find(struct lower *l, const struct lower_tex_seen *key)
{
	if (l->tex_block != l->c->cur_block) {
		l->tex_block = l->c->cur_block;
		l->tex_seen.len = 0;
	}
	size_t stop = l->tex_seen.len > LOWER_TEX_CSE_WINDOW ?
		      l->tex_seen.len - LOWER_TEX_CSE_WINDOW : 0;
	for (size_t i = l->tex_seen.len; i-- > stop;) {
		const struct lower_tex_seen *e = &l->tex_seen.data[i];
		bool eq = e->op == key->op && e->sampler == key->sampler;
		for (unsigned k = 0; eq && k < 4; k++)
			eq = same_reg(e->src[k], key->src[k]);
		if (eq)
			return e;
	}
	return NULL;
}

bool lower_tex(struct lower *l, const struct ir_instr *in)
{
	struct qir_compile *c = l->c;
	const struct ir_decl *decl = &l->sh->decls.data[in->slot];
	uint32_t s = l->decl_ordinal[in->slot];
	if (s >= QIR_KEY_MAX_SAMPLERS)
		return lower_error(l, "more than %u samplers", QIR_KEY_MAX_SAMPLERS);
	struct lower_tex_seen key;
	bool shareable = tex_key(l, in, s, &key);
	const struct lower_tex_seen *seen = shareable ? tex_find(l, &key) : NULL;
	if (seen) {
		for (unsigned i = 0; i < 4; i++)
			lower_def(l, in->dest)[i] = seen->dst[i];
		return true;
	}
	struct qir_reg x = lower_val(l, in->src[0], 0), y = lower_val(l, in->src[0], 1);
	unsigned k = 0;
	if (decl->dim == IR_SAMPLER_CUBE) {  /* major axis scaled to ±1 */
		struct qir_reg z = lower_val(l, in->src[0], 2);
		struct qir_reg r = qir_RCP(c, qir_FMAXABS(c, qir_FMAXABS(c, x, y), z));
		x = qir_FMUL(c, x, r);
		y = qir_FMUL(c, y, r);
		tmu_write(l, QIR_OP_TEX_R, qir_FMUL(c, z, r), k++, s);
	}
	tmu_write(l, QIR_OP_TEX_T, y, k++, s);
	if (in->op == IR_OP_TEXB)
		tmu_write(l, QIR_OP_TEX_B, lower_val(l, in->src[1], 0), k++, s);
	tmu_write(l, QIR_OP_TEX_S, x, k++, s);
	if (c->fs_threaded) {
		qir_emit(c, QIR_OP_THRSW, qir_null(), qir_null(), qir_null());
		l->thrsw_any = true;
		l->thrsw_nested = l->depth > 0;
	}
	struct qir_reg texel = qir_TEX_RESULT(c), ch[4];
	for (unsigned i = 0; i < 4; i++)
		ch[i] = qir_FMOV(c, lower_unpack(texel, QPU_UNPACK_8A + i));
	struct qir_reg *d = lower_def(l, in->dest);
	for (unsigned i = 0; i < 4; i++)
		d[i] = key.dst[i] = swizzled(l, ch, l->key->tex_swizzle[s][i]);
	if (shareable && l->tex_block == c->cur_block && !vc4_array_push(&l->tex_seen, key))
		c->oom = true;
	return true;
}

void lower_discard(struct lower *l)
{
	if (l->stage != QIR_STAGE_FRAGMENT)
		return;
	if (l->discard_cond.file != QIR_FILE_NULL) {   /* `if %c { discard }` */
		lower_sf(l, QIR_OP_MOV, l->discard_cond, qir_null());
		lower_emit(l, QIR_OP_MOV, l->discard, lower_ui(l, ~0u), qir_null(), QPU_COND_ZC,
			   false);
		return;
	}
	if (!l->use_exec) {
		qir_emit(l->c, QIR_OP_MOV, l->discard, lower_ui(l, ~0u), qir_null());
		return;
	}
	lower_sf(l, QIR_OP_MOV, l->exec, qir_null());
	lower_emit(l, QIR_OP_MOV, l->discard, lower_ui(l, ~0u), qir_null(), QPU_COND_ZS, false);
	lower_emit(l, QIR_OP_MOV, l->exec, lower_ui(l, LOWER_EXEC_DEAD), qir_null(), QPU_COND_ZS,
		   false);
}

/* The decl of built-in output `which`, or IR_NONE. */
static uint32_t output_decl(const struct ir_shader *sh, enum ir_builtin which)
{
	for (size_t d = 0; d < sh->decls.len; d++)
		if (sh->decls.data[d].kind == IR_DECL_OUTPUT && sh->decls.data[d].builtin == which)
			return (uint32_t)d;
	return IR_NONE;
}

/* A TLB write of v, conditional on `cond`. */
static void tlb_write(struct lower *l, enum qir_special s, struct qir_reg v, enum qpu_cond cond)
{
	lower_emit(l, QIR_OP_MOV, qir_special(s), v, qir_null(), cond, false);
}

bool lower_fs_epilogue(struct lower *l)
{
	struct qir_compile *c = l->c;
	const struct qir_shader_key *key = l->key;
	/* a threaded FS ends with exactly one last thread switch per thread,
	 * at the top level (the emitter makes it the last-switch signal) */
	if (c->fs_threaded && (l->thrsw_nested || !l->thrsw_any))
		qir_emit(c, QIR_OP_THRSW, qir_null(), qir_null(), qir_null());
	uint32_t color = output_decl(l->sh, IR_OUT_COLOR), depth = output_decl(l->sh, IR_OUT_DEPTH);
	struct qir_reg packed = color == IR_NONE ? qir_null() : lower_blend(l, lower_slot(l, color));
	struct qir_reg z = qir_null();
	if (key->depth_enabled)
		z = depth == IR_NONE ? l->frag_z
				     : qir_FTOI(c, qir_FMUL(c, lower_slot(l, depth)[0],
							    lower_uf(l, 16777215.0f)));
	for (unsigned i = 0; key->stencil_enabled && i < 3; i++)
		if (i == 0 || (i == 1 && key->stencil_twoside) || (i == 2 && key->stencil_writemask))
			tlb_write(l, QIR_SPECIAL_TLB_STENCIL, qir_uniform(c, QIR_UNIFORM_STENCIL, i),
				  QPU_COND_ALWAYS);
	enum qpu_cond cond = QPU_COND_ALWAYS;
	if (l->use_discard) {
		lower_sf(l, QIR_OP_MOV, l->discard, qir_null());
		cond = QPU_COND_ZS;  /* not discarded */
	}
	if (z.file != QIR_FILE_NULL)
		tlb_write(l, QIR_SPECIAL_TLB_Z, z, cond);
	if (packed.file != QIR_FILE_NULL)
		tlb_write(l, QIR_SPECIAL_TLB_COLOR, packed, cond);
	return !c->oom || vc4_diag_set(l->diag, "out of memory");
}
