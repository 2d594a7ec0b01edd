/* ir_uniform.c: uniformity analysis of the IR (ir_uniform.h). */
#include "ir/ir_uniform.h"

#include <stdlib.h>
#include <string.h>
#include "util/zalloc.h"

/* The state of one pass: decls and loops demoted so far (kept across
 * passes), and the open control flow of the walk. */
struct walk {
	const struct ir_shader *sh;
	struct ir_uniformity *u;
	uint8_t *decl_divergent;   /* per decl: a local stored divergently */
	uint8_t *loop_divergent;   /* per instruction (LOOP): an exit not together */
	uint32_t *open;            /* opener indices of the open ifs and loops */
	uint8_t *open_apart;       /* per open entry: lanes inside run apart */
	uint32_t depth;
	bool changed;
};

/* Whether every source value of instruction `in` is uniform. */
static bool sources_uniform(const struct walk *w, const struct ir_instr *in)
{
	for (uint32_t s = 0; s < in->nsrc; s++)
		if (in->src[s] == IR_NONE || !w->u->value[in->src[s]])
			return false;
	return true;
}

/* Whether the value instruction `in` defines is uniform. */
static bool value_uniform(const struct walk *w, const struct ir_instr *in)
{
	switch (in->op) {
	case IR_OP_CONST:
		return true;
	case IR_OP_LOAD: {
		const struct ir_decl *d = &w->sh->decls.data[in->slot];
		if (d->kind == IR_DECL_UNIFORM)
			return true;
		return (d->kind == IR_DECL_LOCAL || d->kind == IR_DECL_OUTPUT) &&
		       !w->decl_divergent[in->slot];
	}
	case IR_OP_LOAD_INDEX:
		return sources_uniform(w, in);
	case IR_OP_TEX: case IR_OP_TEXB:
	case IR_OP_FRAG_COORD: case IR_OP_FRONT_FACING: case IR_OP_POINT_COORD:
		return false;
	default:
		return sources_uniform(w, in);
	}
}

/* Whether lanes run apart at the current point of the walk. */
static bool apart(const struct walk *w)
{
	return w->depth && w->open_apart[w->depth - 1];
}

/* Demotes `flag` (a decl or loop entry) to divergent. */
static void demote(struct walk *w, uint8_t *flag)
{
	if (!*flag) {
		*flag = 1;
		w->changed = true;
	}
}

/* A break or continue of the loop `loop`: not together when some if
 * between the loop and here runs its lanes apart. */
static void exit_of(struct walk *w, uint32_t loop)
{
	uint32_t k = w->depth;
	while (k > 0 && w->open[k - 1] != loop)
		k--;
	if (k > 0 && !w->open_apart[k - 1] && apart(w))
		demote(w, &w->loop_divergent[loop]);
}

/* Opens the if or loop at instruction i. */
static void open_block(struct walk *w, uint32_t i, bool lanes_apart)
{
	w->open[w->depth] = i;
	w->open_apart[w->depth] = apart(w) || lanes_apart;
	w->depth++;
}

/* One instruction of the walk. */
static void visit(struct walk *w, uint32_t i)
{
	const struct ir_instr *in = &w->sh->instrs.data[i];
	w->u->together[i] = !apart(w);
	switch (in->op) {
	case IR_OP_IF:
		open_block(w, i, !w->u->value[in->src[0]]);
		return;
	case IR_OP_LOOP:
		open_block(w, i, w->loop_divergent[i]);
		return;
	case IR_OP_ENDIF: case IR_OP_ENDLOOP:
		if (w->depth)
			w->depth--;
		w->u->together[i] = !apart(w);
		return;
	case IR_OP_BREAK: case IR_OP_CONTINUE:
		exit_of(w, in->match);
		return;
	case IR_OP_STORE:
		if (apart(w) || !sources_uniform(w, in))
			demote(w, &w->decl_divergent[in->slot]);
		return;
	default:
		if (in->dest != IR_NONE)
			w->u->value[in->dest] = value_uniform(w, in);
		return;
	}
}

bool ir_uniformity(const struct ir_shader *sh, struct ir_uniformity *u, struct vc4_diag *diag)
{
	size_t n = sh->instrs.len + 1;
	struct walk w = { .sh = sh, .u = u };
	memset(u, 0, sizeof(*u));
	u->value = vc4_calloc(sh->values.len + 1, 1);
	u->together = vc4_calloc(n, 1);
	w.decl_divergent = vc4_calloc(sh->decls.len + 1, 1);
	w.loop_divergent = vc4_calloc(n, 1);
	w.open = vc4_calloc(n, sizeof(uint32_t));
	w.open_apart = vc4_calloc(n, 1);
	bool ok = u->value && u->together && w.decl_divergent && w.loop_divergent && w.open &&
		  w.open_apart;
	do {
		w.changed = false;
		w.depth = 0;
		u->passes++;
		for (uint32_t i = 0; ok && i < sh->instrs.len; i++)
			visit(&w, i);
	} while (ok && w.changed);
	free(w.decl_divergent);
	free(w.loop_divergent);
	free(w.open);
	free(w.open_apart);
	if (!ok) {
		ir_uniformity_free(u);
		return vc4_diag_set(diag, "uniformity analysis: out of memory");
	}
	return true;
}

bool ir_uniform_if(const struct ir_shader *sh, const struct ir_uniformity *u, uint32_t i)
{
	const struct ir_instr *in = &sh->instrs.data[i];
	return in->op == IR_OP_IF && u->together[i] && u->value[in->src[0]];
}

void ir_uniformity_free(struct ir_uniformity *u)
{
	free(u->value);
	free(u->together);
	u->value = u->together = NULL;
}
