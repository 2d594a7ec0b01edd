/*
 * opt_pack_replicate.h: the replicating colour pack (private to src/qir;
 * opt_pack_replicate.c), run by qir_opt_fold_packs() before its folds.
 */
#ifndef VC4_QIR_OPT_PACK_REPLICATE_H
#define VC4_QIR_OPT_PACK_REPLICATE_H

#include "qir/qir.h"

/* Turns each run of four MUL byte-pack moves of one temp where one source
 * feeds two or more bytes into one `mmov t.8888c, s` followed by the moves
 * of the other bytes. True when something changed; c->defs are invalidated
 * then. O(instructions) per run. */
bool qir_opt_pack_replicate(struct qir_compile *c);

#endif
