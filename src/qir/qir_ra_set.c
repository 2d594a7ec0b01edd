/* qir_ra_set.c: the allocator's register set and classes (qir_ra_set.h). */
#include "qir/qir_ra_set.h"

#include <threads.h>

#include "qir/qir.h"
#include "qir/qir_ra_pressure.h"

bool qir_ra_reg_in_kinds(uint32_t r, unsigned kinds, bool threaded)
{
	if (r < 4)
		return kinds & K_ACC;
	if (r == REG_R4)
		return kinds & K_R4;
	bool a = r < REG_RB0;
	uint32_t idx = r - (a ? REG_RA0 : REG_RB0);
	if (idx == QIR_RA_SCRATCH || (threaded && idx >= 16))
		return false;
	return kinds & (a ? K_A : K_B);
}

/* The register set with its 30 classes; NULL (diag) on failure. */
static struct ra_set *make_set(struct vc4_diag *diag)
{
	struct ra_set *set = ra_set_create(NUM_REGS, diag);
	if (!set)
		return NULL;
	for (int th = 0; th < 2; th++) {
		for (unsigned k = 1; k <= K_ALL; k++) {
			uint32_t cls = ra_class_create(set);
			for (uint32_t r = 0; r < NUM_REGS; r++) {
				if (qir_ra_reg_in_kinds(r, k, th))
					ra_class_add_reg(set, cls, r);
			}
		}
	}
	if (!ra_set_finalize(set, diag)) {
		ra_set_destroy(set);
		return NULL;
	}
	return set;
}

static struct ra_set *process_set;

static void build_process_set(void)
{
	process_set = make_set(NULL);
}

const struct ra_set *qir_ra_set(struct vc4_diag *diag)
{
	static once_flag once = ONCE_FLAG_INIT;
	call_once(&once, build_process_set);
	if (!process_set)
		vc4_diag_set(diag, "register allocation: out of memory for the register set");
	return process_set;
}
