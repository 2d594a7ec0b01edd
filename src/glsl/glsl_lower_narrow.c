/*
 * glsl_lower_narrow.c: a fragment shader's varyings narrowed to the
 * components it reads. When every load of a varying is read only by
 * `extract`s and `swizzle`s whose lanes lie below some n smaller than the
 * varying's size, the varying (and its loads) becomes an n-component one:
 * the FS interpolates n components, and the linked VS writes only the first
 * n of its own (docs/glsl.md, "Varyings narrowed"). `texcoords.xy` of a
 * vec4 thus costs two varying reads, not four, and the VS does not compute
 * z and w. Only prefixes are dropped (.xz keeps three components): the
 * vertex shader writes a varying's first components in order.
 */
#include <stdlib.h>

#include "glsl/glsl_internal.h"

/* The highest lane + 1 that instruction `in` reads of value v, or UINT32_MAX
 * when it reads v whole (anything but an extract or swizzle of it). 0 when
 * it does not read v. */
static uint32_t lanes_read(const struct ir_instr *in, uint32_t v)
{
	uint32_t top = 0;
	for (unsigned s = 0; s < in->nsrc; s++) {
		if (in->src[s] != v)
			continue;
		if (in->op == IR_OP_EXTRACT && s == 0) {
			top = top > in->imm[0].u + 1 ? top : in->imm[0].u + 1;
		} else if (in->op == IR_OP_SWIZZLE && s == 0) {
			for (unsigned k = 0; k < in->nimm; k++)
				top = top > in->imm[k].u + 1 ? top : in->imm[k].u + 1;
		} else {
			return UINT32_MAX;
		}
	}
	return top;
}

/* The components of varying d the shader reads (at most its size); for
 * every value loaded from it, need[value] is set. */
static uint32_t components_read(const struct ir_shader *sh, uint32_t d, bool *loaded)
{
	uint32_t top = 0;
	for (size_t i = 0; i < sh->instrs.len; i++) {
		const struct ir_instr *in = &sh->instrs.data[i];
		if (in->op == IR_OP_LOAD && in->slot == d && in->dest != IR_NONE)
			loaded[in->dest] = true;
	}
	for (size_t i = 0; i < sh->instrs.len && top != UINT32_MAX; i++) {
		const struct ir_instr *in = &sh->instrs.data[i];
		for (unsigned s = 0; s < in->nsrc; s++) {
			if (in->src[s] < sh->values.len && loaded[in->src[s]]) {
				uint32_t t = lanes_read(in, in->src[s]);
				top = top > t ? top : t;
			}
		}
	}
	return top;
}

/* Narrows varying d to n components: the decl, its loads and their values. */
static void narrow(struct ir_shader *sh, uint32_t d, uint32_t n, const bool *loaded)
{
	sh->decls.data[d].type.comps = (uint8_t)n;
	for (size_t i = 0; i < sh->instrs.len; i++) {
		struct ir_instr *in = &sh->instrs.data[i];
		if (in->op == IR_OP_LOAD && in->slot == d && in->dest != IR_NONE)
			in->type.comps = (uint8_t)n;
	}
	for (size_t v = 0; v < sh->values.len; v++)
		if (loaded[v])
			sh->values.data[v].type.comps = (uint8_t)n;
}

bool gll_narrow_varyings(struct ir_shader *sh)
{
	if (sh->stage != IR_STAGE_FRAGMENT)
		return true;
	bool *loaded = malloc(sh->values.len ? sh->values.len : 1);
	if (!loaded)
		return false;
	for (size_t d = 0; d < sh->decls.len; d++) {
		if (sh->decls.data[d].kind != IR_DECL_VARYING)
			continue;
		for (size_t v = 0; v < sh->values.len; v++)
			loaded[v] = false;
		uint32_t n = components_read(sh, (uint32_t)d, loaded);
		if (n > 0 && n < sh->decls.data[d].type.comps)
			narrow(sh, (uint32_t)d, n, loaded);
	}
	free(loaded);
	return true;
}
