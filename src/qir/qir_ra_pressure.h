/*
 * qir_ra_pressure.h: the register allocator's pressure check (private to
 * src/qir) — before any interference graph is built, whether the values
 * live at each instruction can fit the registers at all.
 *
 * Each live temp has a kind set (which of regfile A, regfile B, r4 and the
 * accumulators r0-r3 it may use). At every ip, for every kind set S, the
 * temps live there whose kinds lie within S must number at most the
 * registers of S (Hall's condition; S = all kinds is the plain count).
 * Temps live at one ip all interfere, so a failure proves that no colouring
 * exists, and the allocator fails (or rematerializes) at once instead of
 * building a graph whose size grows as the square of the live values.
 * Cost O(T + I) plus 16 counters per ip where a range starts or ends.
 */
#ifndef VC4_QIR_QIR_RA_PRESSURE_H
#define VC4_QIR_QIR_RA_PRESSURE_H

#include "qir/qir.h"

enum { K_A = 1, K_B = 2, K_R4 = 4, K_ACC = 8, K_ALL = 15 };

struct qir_ra_pressure {
	/* in */
	const struct qir_liveness *lv;
	const uint32_t *temp_of;   /* the temps with a live range, by start */
	uint32_t count;
	const uint8_t *kinds;      /* per temp: its kind set (a precoloured temp:
				    * the file of its register) */
	uint32_t regs[16];         /* per kind set: the registers it holds */
	/* out */
	bool fits;
	uint32_t max_live, max_ip; /* most values live, at the first such ip */
	uint32_t bad_live, bad_ip, bad_regs; /* the worst violation: values */
	unsigned bad_kinds;        /* that only bad_kinds can hold, at bad_ip */
	uint32_t *bad_before;      /* per ip: violating ips before it */
};

/* Runs the check; false when out of memory. */
bool qir_ra_pressure_check(struct qir_ra_pressure *p);

/* Whether the range [start, end) holds a violating ip after its start (a
 * value that is live across it, not defined there). */
bool qir_ra_pressure_crosses(const struct qir_ra_pressure *p, uint32_t start, uint32_t end);

/* The failure message: "<where>register allocation failed: N values live
 * here, more than the M registers" at the ip with most values live when
 * that count is over, else the worst kind set ("... N values live here can
 * only use regfile A (31 registers)"). Returns false. */
bool qir_ra_pressure_fail(const struct qir_compile *c, const struct qir_ra_pressure *p,
			  struct vc4_diag *diag);

void qir_ra_pressure_free(struct qir_ra_pressure *p);

#endif
