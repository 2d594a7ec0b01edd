/*
 * regalloc_private.h: the layout of a register set, shared by the set
 * builder (regalloc_set.c) and the colouring code (regalloc.c). Not for users.
 */
#ifndef VC4_REGALLOC_PRIVATE_H
#define VC4_REGALLOC_PRIVATE_H

#include <stdint.h>

#include "regalloc.h"
#include "util/array.h"

struct ra_set {
	uint32_t nregs;
	uint32_t words;                 /* uint64_t words in one register bitset */
	uint64_t *conflict;             /* nregs rows of `words`: row r = conflicts of r */
	VC4_ARRAY(uint64_t) class_bits; /* one row of `words` per class */
	uint32_t nclasses;
	bool finalized;
	uint32_t *p;                    /* [class]: registers in the class */
	uint32_t *q;                    /* [b * nclasses + c]: see regalloc.c */
	uint32_t *qt;                   /* [c * nclasses + b] = q(b, c): the same, by column */
	uint32_t *blocked;              /* [c * nregs + r]: |conflicts(r) ∩ class c| */
	uint32_t *qmax;                 /* [c]: max over r of blocked[c][r], the most
					 * registers of c one neighbour can block */
	struct vc4_diag err;            /* first misuse of a building call */
};

static inline const uint64_t *ra_set_conflict_row(const struct ra_set *set, uint32_t r)
{
	return set->conflict + (size_t)r * set->words;
}

static inline const uint64_t *ra_set_class_row(const struct ra_set *set, uint32_t c)
{
	return set->class_bits.data + (size_t)c * set->words;
}

#endif
