/*
 * qir_ra_acc.h: the register allocator's accumulator pass (private to
 * src/qir) — after colouring, values that the QPU reads soon after their
 * write are moved from regfile A/B into an accumulator (r0-r3) free over
 * their whole live range, since a regfile read in the instruction after
 * the write costs a nop and an accumulator read does not. When every
 * accumulator is taken there, the values holding one of them that are not
 * read soon after a write move to a free regfile register first.
 */
#ifndef VC4_QIR_QIR_RA_ACC_H
#define VC4_QIR_QIR_RA_ACC_H

#include <stdbool.h>
#include <stdint.h>

/* Live ranges longer than this (in QIR instructions) are not moved. */
#define QIR_RA_ACC_MAX_RANGE 64u

struct qir_ra_acc {
	uint32_t num_temps;
	uint32_t num_ips;          /* every live range lies in [0, num_ips] */
	const uint32_t *start;     /* per temp: live range [start, end) */
	const uint32_t *end;
	const uint8_t *want;       /* per temp: 1 = should live in r0-r3 (and may),
				    * 2 = may leave r0-r3 for A/B, 0 = neither */
	const uint8_t *kinds;      /* per temp: K_* set (qir_ra_pressure.h) */
	bool threaded;             /* regfile halves only (ra0-15, rb0-15) */
	uint32_t *reg;             /* in/out, per temp: 0-3 = r0-r3, 4 = r4,
				    * 5-36 = ra0-31, 37-68 = rb0-31, else none */
};

struct qir_compile;

/* Per temp of c, the fewest QIR instructions from one of its writes to a
 * read, in program order (255: never read after a write, or 255 or more),
 * by the ips of qir_number_insts() or qir_liveness(). malloc'd; NULL when
 * out of memory. */
uint8_t *qir_ra_read_distances(const struct qir_compile *c);

/* Moves the wanted temps, in temp order. O(T + I + 69 I) time, 13 bytes
 * per ip. False when out of memory (nothing moved then). */
bool qir_ra_prefer_acc(const struct qir_ra_acc *a);

#endif
