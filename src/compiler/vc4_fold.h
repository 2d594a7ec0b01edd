/*
 * vc4_fold.h: late QIR peepholes that shape code for the QPU's pack/unpack
 * hardware, run by the compile driver after qir_optimize():
 *   - an unpacking float move read once folds into its float consumer
 *     (`fmov t, x.8a; fmul y, t, z` → `fmul y, x.8a, z`);
 *   - a MUL-pack move (`mmov d.8ac, t`, or `fmul d.8ac, t, 1.0`) of a value
 *     an fmul made for it folds into that fmul (→ `fmul d.8ac, a, b`: the
 *     MUL pack converts whatever the MUL op produced as a float).
 * Together they turn texel × colour into one fmul per channel reading r4
 * with an unpack and writing the colour byte with a pack.
 */
#ifndef VC4_COMPILER_VC4_FOLD_H
#define VC4_COMPILER_VC4_FOLD_H

#include "qir/qir.h"

/* Runs both folds to a fixpoint; true when something changed. Sets c->oom
 * on allocation failure. */
bool vc4_fold_packs(struct qir_compile *c);

#endif
