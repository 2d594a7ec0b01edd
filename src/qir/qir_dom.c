/*
 * qir_dom.c: immediate dominators of the blocks, by the iterative algorithm
 * of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance Algorithm",
 * 2001): number the reachable blocks in reverse postorder (an iterative
 * depth-first search from the entry), then repeat over them in that order
 * idom(b) = the common ancestor, in the tree built so far, of b's
 * processed predecessors, found by walking both up by RPO number
 * ("intersect"), until nothing changes — twice or three times for
 * structured code. O(B + E) per round.
 */
#include "qir/qir.h"

#include <stdlib.h>

/* Fills order[] with the reachable blocks in reverse postorder and num[b]
 * with each block's position (QIR_NONE if unreachable); returns the count.
 * `stack` and `next` are scratch arrays of nblocks entries. */
static uint32_t reverse_postorder(const struct qir_compile *c, uint32_t *order, uint32_t *num,
				  uint32_t *stack, uint8_t *next)
{
	uint32_t n = (uint32_t)c->blocks.len, post = 0, sp = 0;
	for (uint32_t b = 0; b < n; b++)
		num[b] = QIR_NONE, next[b] = 0;
	stack[sp++] = 0;
	num[0] = 0;                      /* "visited"; renumbered below */
	while (sp) {
		uint32_t b = stack[sp - 1];
		const struct qir_block *blk = c->blocks.data[b];
		if (next[b] < 2) {
			uint32_t s = blk->succ[next[b]++];
			if (s != QIR_NONE && num[s] == QIR_NONE) {
				num[s] = 0;
				stack[sp++] = s;
			}
			continue;
		}
		order[post++] = b;       /* postorder */
		sp--;
	}
	for (uint32_t i = 0; i < post / 2; i++) {
		uint32_t t = order[i];
		order[i] = order[post - 1 - i];
		order[post - 1 - i] = t;
	}
	for (uint32_t i = 0; i < post; i++)
		num[order[i]] = i;
	return post;
}

/* The nearest common dominator of a and b in the tree built so far. */
static uint32_t intersect(const uint32_t *idom, const uint32_t *num, uint32_t a, uint32_t b)
{
	while (a != b) {
		while (num[a] > num[b])
			a = idom[a];
		while (num[b] > num[a])
			b = idom[b];
	}
	return a;
}

/* One round over the blocks in RPO; true if an idom changed. */
static bool round_idom(const struct qir_compile *c, uint32_t *idom, const uint32_t *num,
		       const uint32_t *order, uint32_t count)
{
	bool changed = false;
	for (uint32_t i = 1; i < count; i++) {
		const struct qir_block *b = c->blocks.data[order[i]];
		uint32_t d = QIR_NONE;
		for (size_t k = 0; k < b->preds.len; k++) {
			uint32_t p = b->preds.data[k];
			if (idom[p] == QIR_NONE)
				continue;        /* unprocessed or unreachable */
			d = d == QIR_NONE ? p : intersect(idom, num, d, p);
		}
		if (d != idom[order[i]]) {
			idom[order[i]] = d;
			changed = true;
		}
	}
	return changed;
}

uint32_t *qir_dominators(struct qir_compile *c)
{
	size_t n = c->blocks.len;
	uint32_t *idom = malloc(n * sizeof(uint32_t)), *num = malloc(n * sizeof(uint32_t));
	uint32_t *order = malloc(n * sizeof(uint32_t)), *stack = malloc(n * sizeof(uint32_t));
	uint8_t *next = malloc(n);
	bool ok = idom && num && order && stack && next && n && qir_cfg_update(c, NULL);
	if (ok) {
		uint32_t count = reverse_postorder(c, order, num, stack, next);
		for (size_t b = 0; b < n; b++)
			idom[b] = QIR_NONE;
		idom[0] = 0;
		while (round_idom(c, idom, num, order, count))
			;
	}
	if (!ok) {
		c->oom |= n != 0;
		free(idom);
		idom = NULL;
	}
	free(num);
	free(order);
	free(stack);
	free(next);
	return idom;
}
