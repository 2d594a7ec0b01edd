/*
 * qir_dom.c: immediate dominators of the blocks, by the algorithm of
 * Lengauer and Tarjan ("A Fast Algorithm for Finding Dominators in a
 * Flowgraph", 1979) in its simple form (path compression without
 * balancing): O(E log B), whatever the loop nesting. (The iterative
 * algorithm of Cooper, Harvey and Kennedy, used before, needs a round per
 * level of loop nesting: quadratic on deeply nested loops.)
 *
 * Blocks reachable from the entry are numbered 1..N in depth-first
 * preorder; every array below is indexed by that number. semi[w] is w's
 * semidominator (a preorder number), computed in reverse preorder with
 * eval() over a forest of processed vertices (`anc`, `label`); idom
 * follows from the semidominators in one more forward pass. Everything is
 * iterative: no recursion, so deep CFGs cannot overflow the stack.
 */
#include "qir/qir.h"

#include <stdlib.h>
#include "util/zalloc.h"

struct dom {
	const struct qir_compile *c;
	uint32_t n;                 /* reachable blocks */
	uint32_t *num;              /* per block: preorder number, 0 = unreachable */
	uint32_t *vertex;           /* per number: the block */
	uint32_t *parent, *semi, *idom, *anc, *label; /* per number */
	uint32_t *bucket, *bnext;   /* per number: vertices whose semi it is (list) */
	uint32_t *stack;            /* DFS / compression stack */
	uint8_t *next;              /* DFS: successor to visit next, per number */
};

/* Numbers the reachable blocks in depth-first preorder from the entry. */
static void dfs(struct dom *d)
{
	uint32_t sp = 0;
	d->num[0] = d->n = 1;
	d->vertex[1] = 0;
	d->parent[1] = 0;
	d->stack[sp++] = 1;
	while (sp) {
		uint32_t v = d->stack[sp - 1];
		if (d->next[v] == 2) {
			sp--;
			continue;
		}
		uint32_t s = d->c->blocks.data[d->vertex[v]]->succ[d->next[v]++];
		if (s == QIR_NONE || d->num[s])
			continue;
		uint32_t w = ++d->n;
		d->num[s] = w;
		d->vertex[w] = s;
		d->parent[w] = v;
		d->stack[sp++] = w;
	}
}

/* Path compression from v towards its forest root, iteratively: the
 * labels along the path get the minimum semidominator above them. */
static void compress(struct dom *d, uint32_t v)
{
	uint32_t sp = 0;
	for (uint32_t x = v; d->anc[d->anc[x]]; x = d->anc[x])
		d->stack[sp++] = x;
	while (sp) {
		uint32_t x = d->stack[--sp], a = d->anc[x];
		if (d->semi[d->label[a]] < d->semi[d->label[x]])
			d->label[x] = d->label[a];
		d->anc[x] = d->anc[a];
	}
}

/* The vertex of least semidominator on the forest path above v. */
static uint32_t eval(struct dom *d, uint32_t v)
{
	if (!d->anc[v])
		return v;
	compress(d, v);
	return d->label[v];
}

/* Semidominators in reverse preorder, with the implicit idoms. */
static void semidominators(struct dom *d)
{
	for (uint32_t w = d->n; w >= 2; w--) {
		const struct qir_block *b = d->c->blocks.data[d->vertex[w]];
		for (size_t k = 0; k < b->preds.len; k++) {
			uint32_t v = d->num[b->preds.data[k]];
			if (!v)
				continue;                    /* unreachable predecessor */
			uint32_t u = eval(d, v);
			if (d->semi[u] < d->semi[w])
				d->semi[w] = d->semi[u];
		}
		d->bnext[w] = d->bucket[d->semi[w]];
		d->bucket[d->semi[w]] = w;
		uint32_t p = d->parent[w];
		d->anc[w] = p;                               /* link(p, w) */
		for (uint32_t v = d->bucket[p]; v; v = d->bnext[v]) {
			uint32_t u = eval(d, v);
			d->idom[v] = d->semi[u] < d->semi[v] ? u : p;
		}
		d->bucket[p] = 0;
	}
}

/* Allocates the arrays (one block of memory); false on OOM. */
static bool dom_alloc(struct dom *d, size_t nb)
{
	uint32_t *m = vc4_calloc((nb + 2) * 12, sizeof(uint32_t));
	d->next = vc4_calloc(nb + 2, 1);
	if (!m || !d->next) {
		free(m);
		free(d->next);
		d->next = NULL;
		return false;
	}
	uint32_t **arrays[] = { &d->num, &d->vertex, &d->parent, &d->semi, &d->idom, &d->anc,
				&d->label, &d->bucket, &d->bnext, &d->stack };
	for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++)
		*arrays[i] = m + i * (nb + 2);
	return true;
}

/* Immediate dominators by Lengauer–Tarjan over a depth-first numbering: a
 * malloc'ed array, idom[b] per block, idom[0] = 0, QIR_NONE for blocks
 * unreachable from the entry. Updates the CFG. NULL when out of memory or on
 * a CFG error. */
uint32_t *qir_dominators(struct qir_compile *c)
{
	size_t nb = c->blocks.len;
	struct dom d = { .c = c };
	uint32_t *idom = malloc((nb ? nb : 1) * sizeof(uint32_t));
	bool ok = idom && nb && dom_alloc(&d, nb) && qir_cfg_update(c, NULL);
	if (ok) {
		dfs(&d);
		for (uint32_t v = 1; v <= d.n; v++)
			d.semi[v] = d.label[v] = v;
		semidominators(&d);
		for (uint32_t w = 2; w <= d.n; w++) {
			if (d.idom[w] != d.semi[w])
				d.idom[w] = d.idom[d.idom[w]];
		}
		for (size_t b = 0; b < nb; b++) {
			uint32_t v = d.num[b];
			idom[b] = v ? d.vertex[v == 1 ? 1 : d.idom[v]] : QIR_NONE;
		}
	}
	if (!ok) {
		c->oom |= nb != 0;
		free(idom);
		idom = NULL;
	}
	free(d.num);          /* the one block holding every uint32_t array */
	free(d.next);
	return idom;
}
