/*
 * lower_slice.c: which IR instructions and attributes a vertex or
 * coordinate shader needs. A coordinate shader computes only the position
 * (and the point size): instructions that feed only varyings, and whole
 * if/loop constructs whose bodies store nothing needed, are not lowered at
 * all, and attributes they alone read are not read from the VPM (each
 * skipped word is one instruction saved; docs/lowering.md, "Vertex and
 * coordinate shaders").
 *
 * A backward slice over the IR from the stores the stage keeps: an
 * instruction needs the definitions of its operands and the if or loop
 * around it (whose condition it then needs); a load needs every store to
 * its slot; a needed loop needs its break and continue instructions (they
 * decide which iterations run the needed stores). Data leaves a loop only
 * through stores, so a loop nothing needed is stored in is dead. Linear in
 * the program: a worklist, each instruction visited once.
 */
#include <stdlib.h>

#include "qir/lower/lower_internal.h"
#include "util/code_align.h"

/* Chains are `index + 1`, 0 = end. */
struct slice {
	const struct ir_shader *sh;
	uint8_t *keep;                  /* per instruction: needed (visited) */
	uint32_t *work, nwork;
	uint32_t *encl;                 /* per instruction: the innermost if or
					 * loop around it, or IR_NONE */
	uint32_t *first;                /* per decl: its stores; per loop
					 * marker (offset by ndecls): its jumps */
	uint32_t *next;                 /* per instruction: the next of its chain */
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
	if (i < s->sh->instrs.len && !s->keep[i]) {
		s->keep[i] = 1;
		s->work[s->nwork++] = i;
	}
}

static void push_chain(struct slice *s, uint32_t head)
{
	for (uint32_t k = head; k; k = s->next[k - 1])
		push(s, k - 1);
}

/* Marks what instruction i needs. */
static void visit(struct slice *s, const struct lower *l, uint32_t i)
{
	const struct ir_instr *in = &s->sh->instrs.data[i];
	for (unsigned k = 0; k < in->nsrc; k++)
		push(s, s->sh->values.data[in->src[k]].def);
	push(s, s->encl[i]);
	switch (in->op) {
	case IR_OP_IF: case IR_OP_ELSE:
		push(s, in->match);   /* its else / endif */
		break;
	case IR_OP_LOOP:
		push(s, in->match);   /* its endloop */
		push_chain(s, s->first[s->sh->decls.len + i]);
		break;
	case IR_OP_LOAD:
		if (s->sh->decls.data[in->slot].kind == IR_DECL_ATTRIBUTE &&
		    l->decl_ordinal[in->slot] < 32)
			s->attrs |= 1u << l->decl_ordinal[in->slot];
		push_chain(s, s->first[in->slot]);
		break;
	default:
		break;
	}
}

/* Sets encl and the store and jump chains; queues the kept stores. */
static void link(struct slice *s, enum qir_stage stage)
{
	const struct ir_shader *sh = s->sh;
	uint32_t top = IR_NONE;
	for (uint32_t i = 0; i < sh->instrs.len; i++) {
		const struct ir_instr *in = &sh->instrs.data[i];
		if (in->op == IR_OP_ENDIF || in->op == IR_OP_ENDLOOP)
			top = s->encl[in->match];   /* the opener's own encl */
		s->encl[i] = top;
		uint32_t head = IR_NONE;
		if (in->op == IR_OP_IF || in->op == IR_OP_LOOP)
			top = i;
		else if (in->op == IR_OP_STORE)
			head = in->slot;
		else if (in->op == IR_OP_BREAK || in->op == IR_OP_CONTINUE)
			head = (uint32_t)sh->decls.len + in->match;
		if (head != IR_NONE) {
			s->next[i] = s->first[head];
			s->first[head] = i + 1;
		}
		if (in->op == IR_OP_STORE && kept_store(&sh->decls.data[in->slot], stage))
			push(s, i);
	}
}

VC4_CODE_ALIGN(1024)
bool lower_slice(struct lower *l)
{
	const struct ir_shader *sh = l->sh;
	size_t n = sh->instrs.len;
	struct slice s = { .sh = sh };
	s.keep = vc4_arena_zalloc(&l->arena, n + 1, 1);
	s.work = vc4_arena_alloc(&l->arena, (n + 1) * sizeof(uint32_t));
	s.encl = vc4_arena_alloc(&l->arena, (n + 1) * sizeof(uint32_t));
	s.first = vc4_arena_zalloc(&l->arena, sh->decls.len + n + 1, sizeof(uint32_t));
	s.next = vc4_arena_zalloc(&l->arena, n + 1, sizeof(uint32_t));
	bool ok = s.keep && s.work && s.encl && s.first && s.next;
	if (ok) {
		link(&s, l->stage);
		while (s.nwork)
			visit(&s, l, s.work[--s.nwork]);
		l->keep = s.keep;
		l->needed_attrs = s.attrs;
	}
	return ok;   /* the arrays stay in l->arena until the lowering ends */
}
