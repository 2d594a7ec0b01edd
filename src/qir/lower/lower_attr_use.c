/*
 * lower_attr_use.c: which attributes a vertex or coordinate shader needs.
 * A coordinate shader computes only the position (and the point size), so
 * attributes that feed only varyings are not read from the VPM at all: each
 * skipped word is one instruction saved (docs/lowering.md, "Vertex and
 * coordinate shaders"). A backward slice over the IR from the stores the
 * stage keeps, through values and locals (a needed load of a local needs
 * every store to it), with every if's condition kept; linear in the program
 * (a worklist, each instruction visited once).
 */
#include <stdlib.h>

#include "qir/lower/lower_internal.h"

struct slice {
	const struct ir_shader *sh;
	uint8_t *done;                  /* per instruction: visited */
	uint32_t *work, nwork;
	uint32_t *store_first, *store_next;  /* per local decl: its stores, chained */
	uint32_t attrs;                 /* needed attribute ordinals */
};

/* Whether the stage keeps a store to `decl`. */
static bool kept_store(const struct ir_decl *decl, enum qir_stage stage)
{
	if (decl->kind == IR_DECL_VARYING)
		return stage != QIR_STAGE_COORD;
	if (decl->kind != IR_DECL_OUTPUT)
		return false;
	return stage != QIR_STAGE_COORD || decl->builtin == IR_OUT_POSITION ||
	       decl->builtin == IR_OUT_POINT_SIZE;
}

static void push(struct slice *s, uint32_t i)
{
	if (i < s->sh->instrs.len && !s->done[i]) {
		s->done[i] = 1;
		s->work[s->nwork++] = i;
	}
}

/* Marks what instruction i reads as needed. */
static void visit(struct slice *s, const struct lower *l, uint32_t i)
{
	const struct ir_instr *in = &s->sh->instrs.data[i];
	for (unsigned k = 0; k < in->nsrc; k++)
		push(s, s->sh->values.data[in->src[k]].def);
	if (in->op != IR_OP_LOAD)
		return;
	const struct ir_decl *decl = &s->sh->decls.data[in->slot];
	if (decl->kind == IR_DECL_ATTRIBUTE && l->decl_ordinal[in->slot] < 32)
		s->attrs |= 1u << l->decl_ordinal[in->slot];
	if (decl->kind == IR_DECL_LOCAL)
		for (uint32_t st = s->store_first[in->slot]; st; st = s->store_next[st - 1])
			push(s, st - 1);
}

uint32_t lower_needed_attrs(const struct lower *l)
{
	const struct ir_shader *sh = l->sh;
	size_t n = sh->instrs.len;
	struct slice s = { .sh = sh };
	s.done = calloc(n + 1, 1);
	s.work = malloc((n + 1) * sizeof(uint32_t));
	s.store_first = calloc(sh->decls.len + 1, sizeof(uint32_t));
	s.store_next = calloc(n + 1, sizeof(uint32_t));
	uint32_t attrs = ~0u;   /* out of memory: read them all */
	if (s.done && s.work && s.store_first && s.store_next) {
		for (uint32_t i = 0; i < n; i++) {
			const struct ir_instr *in = &sh->instrs.data[i];
			if (in->op == IR_OP_STORE && sh->decls.data[in->slot].kind == IR_DECL_LOCAL) {
				s.store_next[i] = s.store_first[in->slot];
				s.store_first[in->slot] = i + 1;
			}
			if (in->op == IR_OP_IF ||
			    (in->op == IR_OP_STORE && kept_store(&sh->decls.data[in->slot], l->stage)))
				push(&s, i);
		}
		while (s.nwork)
			visit(&s, l, s.work[--s.nwork]);
		attrs = s.attrs;
	}
	free(s.done);
	free(s.work);
	free(s.store_first);
	free(s.store_next);
	return attrs;
}
