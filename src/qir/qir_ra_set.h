/*
 * qir_ra_set.h: the register set the vc4 allocator colours with.
 *
 * Registers (ra_set numbering): 0-3 = r0-r3, 4 = r4, 5-36 = ra0-ra31,
 * 37-68 = rb0-rb31. r5 is never allocated (varying C coefficients), and
 * ra14/rb14 (QIR_RA_SCRATCH) are kept out of every class as the emitter's
 * scratch for fixing two-operands-from-one-file conflicts (as Mesa does).
 *
 * Classes: every non-empty set of kinds (K_A, K_B, K_R4, K_ACC of
 * qir_ra_pressure.h), for the full and the threaded-half files (ra0-15,
 * rb0-15): 2 x 15 classes. The set never changes, so it is built once per
 * process.
 */
#ifndef VC4_QIR_RA_SET_H
#define VC4_QIR_RA_SET_H

#include <stdbool.h>
#include <stdint.h>

#include "regalloc/regalloc.h"
#include "util/diag.h"

enum { REG_R4 = 4, REG_RA0 = 5, REG_RB0 = 37, NUM_REGS = 69 };

/* Class index of a kind set (1..15) in the full or threaded variant. */
static inline uint32_t qir_ra_class(unsigned kinds, bool threaded)
{
	return (threaded ? 15u : 0u) + kinds - 1;
}

/* Whether register r belongs to the kind set (and the half, if threaded). */
bool qir_ra_reg_in_kinds(uint32_t r, unsigned kinds, bool threaded);

/* The register set with its 30 classes, finalized: built on the first call
 * (thread-safe) and shared. NULL (diag) if building it failed. */
const struct ra_set *qir_ra_set(struct vc4_diag *diag);

#endif
