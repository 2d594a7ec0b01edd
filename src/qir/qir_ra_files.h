/*
 * qir_ra_files.h: the register allocator's file-split pass (private to
 * src/qir) — after colouring and the accumulator pass, a value that one
 * instruction reads together with another value of the same register file
 * (or, in file B, beside a small immediate, which takes raddr_b) moves to
 * a register of the other file, or to an accumulator, that is free over
 * its whole live range, when that leaves fewer such collisions. Each
 * collision left costs the emitter a copy through ra14/rb14 and usually a
 * nop after it.
 */
#ifndef VC4_QIR_QIR_RA_FILES_H
#define VC4_QIR_QIR_RA_FILES_H

#include <stdbool.h>
#include <stdint.h>

struct qir_ra_files {
	uint32_t num_temps;
	uint32_t num_ips;          /* every live range lies in [0, num_ips] */
	const uint32_t *start;     /* per temp of c: live range [start, end) */
	const uint32_t *end;
	const uint8_t *kinds;      /* per temp: K_* set (qir_ra_pressure.h) */
	const uint8_t *pinned;     /* per temp: nonzero = precoloured, stays */
	const uint32_t *pstart;    /* per temp: its first entry in partners
				    * (CSR: num_temps + 1 entries) */
	const uint32_t *partners;  /* the temps read with it by one instruction,
				    * once per such instruction */
	const uint32_t *imm_reads; /* per temp: reads beside a small immediate */
	bool threaded;             /* regfile halves only (ra0-15, rb0-15) */
	uint32_t *reg;             /* in/out, per temp: 0-3 = r0-r3, 4 = r4,
				    * 5-36 = ra0-31, 37-68 = rb0-31, else none */
};

/* Moves values out of same-file collisions (at most two rounds over the
 * temps); a temp moves only to a register free over its range that its
 * kinds allow, or trades registers with a value of the other file when
 * both are free over the other's range, and only when the collisions
 * drop. Returns the number of temps moved, or -1 when out of memory
 * (nothing moved then). O(T + partners) when nothing collides; else
 * also the sum of the ranges, and O(T) candidates per value that cannot
 * simply move. */
int qir_ra_split_files(const struct qir_ra_files *f);

#endif
