/*
 * qpu_check.h: the QPU hazard checker. It follows every execution path of a
 * program (branches, delay slots, thread switches, thread end) and reports
 * each place where the code breaks a hardware rule: register-file latency,
 * r4/SFU timing, TMU FIFO depth, scoreboard and TLB order, thread-end and
 * thread-switch restrictions, uniform resets, VPM setup order, peripheral
 * exclusivity, vector-rotation inputs. The rules, their ids and their sources
 * are listed in docs/check.md and in qpu_check_rules[].
 *
 * The kernel's acceptance rules are separate: see qpu_kernel.h.
 */
#ifndef VC4_QPU_CHECK_H
#define VC4_QPU_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

enum qpu_stage {
	QPU_STAGE_VS,   /* vertex shader */
	QPU_STAGE_CS,   /* coordinate shader */
	QPU_STAGE_FS,   /* fragment shader */
};

enum qpu_rule {
	QPU_RULE_REGFILE_RAW,
	QPU_RULE_SFU_R4_READ,
	QPU_RULE_SFU_R4_WRITE,
	QPU_RULE_PERIPH_MULTI,
	QPU_RULE_COND_FIFO_WRITE,
	QPU_RULE_TMU_FIFO_DEPTH,
	QPU_RULE_TMU_LOAD_EMPTY,
	QPU_RULE_TMU_NOSWAP_TOO_SOON,
	QPU_RULE_SB_WAIT_EARLY,
	QPU_RULE_TLB_AFTER_UNLOCK,
	QPU_RULE_TLB_STAGE,
	QPU_RULE_THREND_SB_WAIT,
	QPU_RULE_THREND_REGFILE_WRITE,
	QPU_RULE_THREND_FIFO_ACCESS,
	QPU_RULE_THREND_R14,
	QPU_RULE_THREND_TLBZ_LAST,
	QPU_RULE_MISSING_THREND,
	QPU_RULE_DELAY_SLOT_CONTROL,
	QPU_RULE_BRANCH_IN_DELAY_SLOT,
	QPU_RULE_BRANCH_TARGET,
	QPU_RULE_THRSW_TOO_SOON,
	QPU_RULE_THRSW_AFTER_LAST,
	QPU_RULE_THRSW_SB_LOCKED,
	QPU_RULE_THRSW_STAGE,
	QPU_RULE_THRSW_UPPER_HALF,
	QPU_RULE_THRSW_TMU_PENDING,
	QPU_RULE_THRSW_ACC_LOST,
	QPU_RULE_THRSW_FLAGS_LOST,
	QPU_RULE_UNIF_AFTER_RESET,
	QPU_RULE_VPM_READ_NO_SETUP,
	QPU_RULE_VPM_READ_SETUP_PENDING,
	QPU_RULE_VPM_WRITE_NO_SETUP,
	QPU_RULE_VPM_SETUP_CONFLICT,
	QPU_RULE_ROT_SOURCE,
	QPU_RULE_ROT_R5_WRITE,
	QPU_RULE_ROT_PREV_WRITE,
	QPU_RULE_TLBZ_MS_FLAGS,
	QPU_RULE_COUNT
};

struct qpu_rule_info {
	const char *id;       /* short kebab-case id, e.g. "regfile-raw" */
	const char *summary;  /* the rule in one line */
	const char *source;   /* where it comes from, e.g. "RG p.37; Mesa vc4_qpu_validate" */
};
extern const struct qpu_rule_info qpu_check_rules[QPU_RULE_COUNT];

struct qpu_violation {
	uint32_t ip;          /* the instruction that breaks the rule */
	enum qpu_rule rule;
	char msg[192];        /* one sentence, no trailing newline */
};

struct qpu_check_report {
	struct qpu_violation *v;  /* sorted by ip, then rule */
	size_t count, cap;
	bool truncated;           /* some paths were not followed (state limit) */
};

/* Checks `count` instructions run as `stage`. Returns false only when the
 * check could not run (no memory, count 0 or too large; `diag` says why);
 * otherwise fills `report` (count 0 = clean). Free it with
 * qpu_check_report_free(). */
bool qpu_check_hazards(const uint64_t *insts, size_t count, enum qpu_stage stage,
		       struct qpu_check_report *report, struct vc4_diag *diag);

/* Frees the violations of `report` and zeroes it; NULL is allowed. */
void qpu_check_report_free(struct qpu_check_report *report);

/* The stage named "vs", "cs" or "fs"; false for anything else. */
bool qpu_stage_from_name(const char *name, enum qpu_stage *stage);

#endif
