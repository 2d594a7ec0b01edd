/*
 * qpu_check_rules.c: the table of hazard rules — id, one-line summary and
 * source — indexed by enum qpu_rule. docs/check.md explains each rule at
 * length; this table is what the tool and the report print.
 *
 * Source keys: RG = VideoCore IV 3D Architecture Reference Guide (2013),
 * "Summary of Instruction Restrictions" unless a section is named;
 * MV = Mesa vc4_qpu_validate.c; MS = Mesa vc4 schedulers/emitter;
 * K = Linux vc4_validate_shaders.c; VA = vc4asm's VideoCore IV addendum and
 * validator; ours = derived by us (see docs/check.md).
 */
#include "qpu/check/qpu_check.h"

const struct qpu_rule_info qpu_check_rules[QPU_RULE_COUNT] = {
	[QPU_RULE_REGFILE_RAW] = { "regfile-raw",
		"a regfile A/B write is not readable by the next instruction", "RG, MV, VA" },
	[QPU_RULE_SFU_R4_READ] = { "sfu-r4-read",
		"r4 is not read in the two instructions after an SFU write", "RG" },
	[QPU_RULE_SFU_R4_WRITE] = { "sfu-r4-write",
		"no SFU write, TMU load or TLB load in the two instructions after an SFU write",
		"RG, MV, VA" },
	[QPU_RULE_PERIPH_MULTI] = { "periph-multi",
		"at most one closely coupled peripheral access per instruction", "RG, MV, VA" },
	[QPU_RULE_COND_FIFO_WRITE] = { "cond-fifo-write",
		"writes to TMU, SFU and VPM registers are unconditional (TLB writes may be "
		"conditional)", "VA" },
	[QPU_RULE_TMU_FIFO_DEPTH] = { "tmu-fifo-depth",
		"at most 8 request slots and 4 results per TMU (half when threaded)",
		"RG sec. 4 via MS" },
	[QPU_RULE_TMU_LOAD_EMPTY] = { "tmu-load-empty",
		"a TMU load pops a request that was made (before the last thread switch, "
		"when threaded)", "MV" },
	[QPU_RULE_TMU_NOSWAP_TOO_SOON] = { "tmu-noswap-too-soon",
		"tmu_noswap is written at least three instructions before a TMU write",
		"RG (MV, VA stricter)" },
	[QPU_RULE_SB_WAIT_EARLY] = { "sb-wait-early",
		"no scoreboard wait (explicit or by TLB access) in the first two instructions "
		"of a fragment shader", "RG, MV, VA" },
	[QPU_RULE_TLB_AFTER_UNLOCK] = { "tlb-after-unlock",
		"no tile-buffer access after the scoreboard unlock signal", "ours (RG sec. 3)" },
	[QPU_RULE_TLB_STAGE] = { "tlb-stage",
		"tile buffer and scoreboard exist for fragment shaders only", "RG, ours" },
	[QPU_RULE_THREND_SB_WAIT] = { "thrend-sb-wait",
		"the thread-end instruction does not take the scoreboard lock implicitly",
		"MV" },
	[QPU_RULE_THREND_REGFILE_WRITE] = { "thrend-regfile-write",
		"the thread-end instruction does not write regfile A or B", "RG, MV, VA" },
	[QPU_RULE_THREND_FIFO_ACCESS] = { "thrend-fifo-access",
		"no uniform, varying or VPM access in thread end and its two delay slots",
		"RG, MV, VA" },
	[QPU_RULE_THREND_R14] = { "thrend-r14",
		"no access to regfile address 14 in thread end and its two delay slots",
		"RG, MV, VA" },
	[QPU_RULE_THREND_TLBZ_LAST] = { "thrend-tlbz-last",
		"the last instruction (second delay slot) does not write TLB Z", "RG, MV, VA" },
	[QPU_RULE_MISSING_THREND] = { "missing-thrend",
		"every path ends with a thread end and its two delay slots", "K, ours" },
	[QPU_RULE_DELAY_SLOT_CONTROL] = { "delay-slot-control",
		"no thread end in branch or thread-switch delay slots; no branch, switch or "
		"thread end in thread-end delay slots", "ours" },
	[QPU_RULE_BRANCH_IN_DELAY_SLOT] = { "branch-in-delay-slot",
		"no branch in the three delay slots of a branch or the two of a thread switch",
		"K, VA" },
	[QPU_RULE_BRANCH_TARGET] = { "branch-target",
		"a branch target is 8-byte aligned and inside the program", "K" },
	[QPU_RULE_THRSW_TOO_SOON] = { "thrsw-too-soon",
		"no thread switch in the delay slots of another", "K, MV" },
	[QPU_RULE_THRSW_AFTER_LAST] = { "thrsw-after-last",
		"no thread switch after the last thread switch", "MV" },
	[QPU_RULE_THRSW_SB_LOCKED] = { "thrsw-sb-locked",
		"no thread switch while the scoreboard is locked", "MV" },
	[QPU_RULE_THRSW_STAGE] = { "thrsw-stage",
		"only fragment shaders are threaded", "K" },
	[QPU_RULE_THRSW_UPPER_HALF] = { "thrsw-upper-half",
		"a threaded shader uses only ra0-15 and rb0-15", "RG, K" },
	[QPU_RULE_THRSW_TMU_PENDING] = { "thrsw-tmu-pending",
		"TMU results requested before the previous thread switch are read before "
		"the next one", "RG sec. 4, MV" },
	[QPU_RULE_THRSW_ACC_LOST] = { "thrsw-acc-lost",
		"accumulators r0-r5 are not read after a thread switch before being written "
		"again", "MS (RA and scheduler), RG sec. 3" },
	[QPU_RULE_THRSW_FLAGS_LOST] = { "thrsw-flags-lost",
		"the flags are not used after a thread switch before an instruction sets "
		"them again", "MS (scheduler)" },
	[QPU_RULE_UNIF_AFTER_RESET] = { "unif-after-reset",
		"no uniform read (or TMU write) in the two instructions after a uniforms "
		"address write", "RG, MV, VA; MS for TMU writes" },
	[QPU_RULE_VPM_READ_NO_SETUP] = { "vpm-read-no-setup",
		"a VPM read needs an outstanding read setup", "RG sec. 7, VA" },
	[QPU_RULE_VPM_READ_SETUP_PENDING] = { "vpm-read-setup-pending",
		"a new VPM read setup only when at most one value of the last is unread",
		"VA (MS waits for all)" },
	[QPU_RULE_VPM_WRITE_NO_SETUP] = { "vpm-write-no-setup",
		"a VPM write needs an earlier VPM write setup", "RG sec. 7, ours" },
	[QPU_RULE_VPM_SETUP_CONFLICT] = { "vpm-setup-conflict",
		"VPM read and write setups, or a setup and VPM data access, are not in one "
		"instruction", "VA" },
	[QPU_RULE_ROT_SOURCE] = { "rot-source",
		"full vector rotation takes both MUL inputs from r0-r3", "RG, MV, VA" },
	[QPU_RULE_ROT_R5_WRITE] = { "rot-r5-write",
		"rotation by r5 does not follow a write to r5", "RG, MV, VA" },
	[QPU_RULE_ROT_PREV_WRITE] = { "rot-prev-write",
		"a rotated accumulator was not written by the previous instruction",
		"RG, MV, VA" },
	[QPU_RULE_TLBZ_MS_FLAGS] = { "tlbz-ms-flags",
		"the multisample mask is not read in the two instructions after a TLB Z write",
		"RG, MV, VA" },
};
