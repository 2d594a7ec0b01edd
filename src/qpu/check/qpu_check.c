/*
 * qpu_check.c: the hazard checker's path explorer and its rules.
 *
 * The program is run abstractly: a state (next ip, the last three executed
 * ips, pending branch / thread-switch / thread-end delay slots, scoreboard,
 * TMU FIFOs, VPM read setup) is stepped through every instruction, and every
 * successor state is explored once (per ip, identical states are merged), so
 * each rule is checked on every path through the CFG, across basic blocks.
 * Violations are recorded once per (ip, rule).
 */
#include "qpu/check/qpu_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/check/qpu_check_facts.h"
#include "qpu/qpu_isa.h"
#include "util/arena.h"
#include "util/array.h"
#include "util/code_align.h"

#define HZ_HIST 3
#define HZ_MAX_INSTS (1u << 24)
#define HZ_MAX_STATES_PER_IP 64
#define HZ_FIFO QPU_TMU_FIFO_SLOTS
#define HZ_FACT_BUCKETS 4096 /* hash buckets of the words at most (a power of two) */
#define HZ_ARENA_BUF 16384   /* stack bytes for the tables of a usual program */

struct hz_state {
	uint32_t ip;                  /* next instruction */
	int32_t hist[HZ_HIST];        /* executed before it, most recent first; -1 none */
	uint32_t br_ip;               /* pending branch */
	uint32_t thr_ip;              /* pending thread switch */
	uint8_t br_slot;              /* next instruction is branch delay slot 1..3; 0 none */
	uint8_t thr_slot;             /* ... thread-switch delay slot 1..2 */
	uint8_t end_slot;             /* ... thread-end delay slot 1..2 */
	uint8_t sb_locked, sb_unlocked, last_thrsw_seen, vw_setup_done;
	int8_t vpm_pending;           /* VPM values still to read; -1 unknown */
	uint8_t thr_cur, thr_prev;    /* threaded: lookups since / before the last switch */
	uint8_t acc_lost;             /* r0..r5 (bits 0..5) undefined since a switch */
	uint8_t flags_lost;           /* flags undefined since a switch */
	uint8_t tmu_open[2];          /* parameter writes of the lookup being set up */
	uint8_t tmu_n[2];             /* lookups submitted, results not read */
	uint8_t tmu_slots[2][HZ_FIFO];/* request slots of each outstanding lookup */
};

/* A state seen at an ip after its first, chained (index + 1, 0 = end). */
struct hz_more {
	struct hz_state s;
	uint32_t next;
};

struct hz_ctx {
	const uint64_t *insts;
	struct vc4_arena arena;       /* the per-ip tables */
	struct hz_fact_table facts;   /* every instruction's, derived before the walk */
	uint32_t count;
	enum qpu_stage stage;
	bool threaded;
	uint64_t *reported;           /* [count]: bit per rule already reported */
	struct qpu_check_report *r;
	bool oom;
	VC4_ARRAY(struct hz_state) work;
	/* States explored, per ip: the first in first[ip] (when has_first has
	 * its bit), the others in a chain through `more` (index + 1, 0 = end),
	 * in the order they were seen. Most ips see one state: no per-ip
	 * allocation. */
	struct hz_state *first;       /* [count] */
	uint8_t *has_first;           /* [count / 8 + 1] */
	uint32_t *more_head;          /* [count]: first further state, index + 1 */
	VC4_ARRAY(struct hz_more) more;
};

/* Records a violation of `rule` at `ip` unless one is already recorded (cold:
 * GCC then keeps the rules' tests on the hot path, not beside the reports). */
static void hz_report(struct hz_ctx *c, uint32_t ip, enum qpu_rule rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5), cold));

static void hz_report(struct hz_ctx *c, uint32_t ip, enum qpu_rule rule, const char *fmt, ...)
{
	uint64_t bit = (uint64_t)1 << rule;

	if (c->reported[ip] & bit)
		return;
	if (c->r->count == c->r->cap) {
		size_t cap = c->r->cap ? c->r->cap * 2 : 16;
		struct qpu_violation *v = realloc(c->r->v, cap * sizeof(*v));
		if (!v) {
			c->oom = true;
			return;
		}
		c->r->v = v;
		c->r->cap = cap;
	}
	c->reported[ip] |= bit;
	struct qpu_violation *v = &c->r->v[c->r->count++];
	v->ip = ip;
	v->rule = rule;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v->msg, sizeof(v->msg), fmt, ap);
	va_end(ap);
}

/* The number of mask's lowest set bit, -1 for none. */
static int lowest_bit(uint32_t mask)
{
	return mask ? __builtin_ctz(mask) : -1;
}

static bool hz_tmu_writes(const struct hz_inst *f)
{
	return f->tmu_param[0] + f->tmu_param[1] + f->tmu_submit[0] + f->tmu_submit[1] > 0;
}

/* The facts of instruction `ip`. */
static inline const struct hz_inst *hz_fact(const struct hz_ctx *c, uint32_t ip)
{
	return hz_facts_of(&c->facts, ip);
}

/* The instruction executed `k` steps before (0 = the previous one), or NULL. */
static inline const struct hz_inst *hz_prev(const struct hz_ctx *c, const struct hz_state *s, int k)
{
	return s->hist[k] < 0 ? NULL : hz_fact(c, (uint32_t)s->hist[k]);
}

/* ---------------------------------------------------------------------------
 * Rules over the last few executed instructions: prev[k] is the facts of
 * the one executed k + 1 steps before `f`, or NULL.
 * ------------------------------------------------------------------------- */

/* regfile-raw: `f` at `ip` reads a regfile A or B register (the lowest, per
 * file) that the previously executed instruction wrote. */
static void hz_check_regfile_raw(struct hz_ctx *c, const struct hz_state *s,
				 const struct hz_inst *const prev[2],
				 const struct hz_inst *f, uint32_t ip)
{
	const struct hz_inst *p = prev[0];

	if (!p)
		return;
	for (int file = 0; file < 2; file++) {
		int reg = lowest_bit(p->rf_write[file] & f->rf_read[file]);
		if (reg >= 0)
			hz_report(c, ip, QPU_RULE_REGFILE_RAW, "r%c%d is read here but was "
				  "written by the previous instruction (ip %d)",
				  file ? 'b' : 'a', reg, s->hist[0]);
	}
}

/* Within two instructions of an SFU write: an r4 read (sfu-r4-read), or
 * another SFU write or r4-loading signal (sfu-r4-write). */
static void hz_check_sfu(struct hz_ctx *c, const struct hz_state *s,
			 const struct hz_inst *const prev[2],
			 const struct hz_inst *f, uint32_t ip)
{
	for (int k = 0; k < 2; k++) {
		const struct hz_inst *p = prev[k];
		if (!p || !p->sfu_write)
			continue;
		if (f->reads_r4)
			hz_report(c, ip, QPU_RULE_SFU_R4_READ, "r4 is read %d instruction%s after "
				  "the SFU write at ip %d; the result arrives after two",
				  k + 1, k ? "s" : "", s->hist[k]);
		if (f->sfu_write || f->r4_signal)
			hz_report(c, ip, QPU_RULE_SFU_R4_WRITE, "%s while the SFU write at ip %d "
				  "is still in flight", f->sfu_write ? "SFU write" :
				  "r4-loading signal", s->hist[k]);
	}
}

/* Reports, within two instructions after a uniforms-address write, a uniform
 * read or TMU write; after a tmu_noswap write, a TMU write; after a TLB Z
 * write, an ms_flags read. */
static void hz_check_near(struct hz_ctx *c, const struct hz_state *s,
			  const struct hz_inst *const prev[2],
			  const struct hz_inst *f, uint32_t ip)
{
	for (int k = 0; k < 2; k++) {
		const struct hz_inst *p = prev[k];
		if (!p)
			continue;
		if (p->writes_unif_addr && (f->reads_unif || hz_tmu_writes(f)))
			hz_report(c, ip, QPU_RULE_UNIF_AFTER_RESET, "%s %d instruction%s after "
				  "the uniforms address write at ip %d (needs two between)",
				  f->reads_unif ? "uniform read" : "TMU write (reads a uniform)",
				  k + 1, k ? "s" : "", s->hist[k]);
		if (p->tmu_noswap_write && hz_tmu_writes(f))
			hz_report(c, ip, QPU_RULE_TMU_NOSWAP_TOO_SOON, "TMU write %d "
				  "instruction%s after the tmu_noswap write at ip %d (needs 3)",
				  k + 1, k ? "s" : "", s->hist[k]);
		if (p->tlbz_write && f->reads_ms_flags)
			hz_report(c, ip, QPU_RULE_TLBZ_MS_FLAGS, "ms_flags read %d instruction%s "
				  "after the TLB Z write at ip %d", k + 1, k ? "s" : "",
				  s->hist[k]);
	}
}

/* Vector rotation: a rotated MUL input other than r0..r3; rotation by r5, or
 * of an accumulator r0..r3, right after the previous instruction wrote it. */
static void hz_check_rotation(struct hz_ctx *c, const struct hz_state *s,
			      const struct hz_inst *const prev[2],
			      const struct hz_inst *f, uint32_t ip)
{
	const struct hz_inst *p = prev[0];

	if (f->rot_bad_source)
		hz_report(c, ip, QPU_RULE_ROT_SOURCE, "full vector rotation needs both MUL "
			  "inputs from r0-r3");
	if (!p || !f->rot)
		return;
	if (f->rot_r5 && (p->acc_write & (1u << 5)))
		hz_report(c, ip, QPU_RULE_ROT_R5_WRITE, "rotation by r5 right after the r5 "
			  "write at ip %d", s->hist[0]);
	int acc = lowest_bit(p->acc_write & f->rot_acc_mask & 0xf);
	if (acc >= 0)
		hz_report(c, ip, QPU_RULE_ROT_PREV_WRITE, "r%d is rotated right after the "
			  "previous instruction (ip %d) wrote it", acc, s->hist[0]);
}

/* ---------------------------------------------------------------------------
 * Rules of one instruction alone.
 * ------------------------------------------------------------------------- */

static const char *stage_name(enum qpu_stage stage)
{
	return stage == QPU_STAGE_VS ? "vertex" : stage == QPU_STAGE_CS ? "coordinate" :
	       "fragment";
}

/* Rules of `f` alone and the stage: peripheral count, conditional FIFO write,
 * TLB/scoreboard or thread switch outside a fragment shader, ra/rb 16..31 in
 * a threaded shader, a fragment shader's scoreboard wait or TLB access in
 * the first two instructions run. */
static void hz_check_static(struct hz_ctx *c, const struct hz_state *s,
			    const struct hz_inst *f, uint32_t ip)
{
	if (f->periph_count > 1)
		hz_report(c, ip, QPU_RULE_PERIPH_MULTI, "%d closely coupled peripheral "
			  "accesses in one instruction (at most one)", f->periph_count);
	if (f->cond_fifo_write)
		hz_report(c, ip, QPU_RULE_COND_FIFO_WRITE, "conditional write to %s pushes "
			  "the FIFO whatever the condition",
			  qpu_waddrs[0][f->cond_fifo_waddr].name ?
			  qpu_waddrs[0][f->cond_fifo_waddr].name : "a peripheral");
	if (c->stage != QPU_STAGE_FS && (f->tlb_access || f->sb_wait || f->sb_unlock))
		hz_report(c, ip, QPU_RULE_TLB_STAGE, "tile buffer or scoreboard access in a "
			  "%s shader", stage_name(c->stage));
	if (c->stage != QPU_STAGE_FS && f->thrsw)
		hz_report(c, ip, QPU_RULE_THRSW_STAGE, "thread switch in a %s shader",
			  stage_name(c->stage));
	if (c->threaded && f->upper_half)
		hz_report(c, ip, QPU_RULE_THRSW_UPPER_HALF, "threaded shader uses a register "
			  "16-31 of regfile A or B (the other thread's half)");
	if (c->stage == QPU_STAGE_FS && s->hist[1] < 0 && (f->sb_wait || f->tlb_access))
		hz_report(c, ip, QPU_RULE_SB_WAIT_EARLY, "scoreboard wait in instruction %d of "
			  "the fragment shader (not allowed in the first two)",
			  s->hist[0] < 0 ? 1 : 2);
}

/* ---------------------------------------------------------------------------
 * Delay slots, thread end, thread switch.
 * ------------------------------------------------------------------------- */

/* Control flow in delay slots: a branch in a branch or thread-switch slot;
 * branch, switch or thread end in a thread-end slot, a thread end in a
 * branch or switch slot; a switch in a switch slot or after the last one. */
static void hz_check_control(struct hz_ctx *c, const struct hz_state *s,
			     const struct hz_inst *f, uint32_t ip)
{
	if (f->branch && (s->br_slot || s->thr_slot))
		hz_report(c, ip, QPU_RULE_BRANCH_IN_DELAY_SLOT, "branch in a delay slot of "
			  "the %s at ip %u", s->br_slot ? "branch" : "thread switch",
			  s->br_slot ? s->br_ip : s->thr_ip);
	if (s->end_slot && (f->branch || f->thrsw || f->prog_end))
		hz_report(c, ip, QPU_RULE_DELAY_SLOT_CONTROL, "%s in a thread-end delay slot",
			  f->branch ? "branch" : f->thrsw ? "thread switch" : "thread end");
	else if (f->prog_end && (s->br_slot || s->thr_slot))
		hz_report(c, ip, QPU_RULE_DELAY_SLOT_CONTROL, "thread end in a delay slot of "
			  "the %s at ip %u", s->br_slot ? "branch" : "thread switch",
			  s->br_slot ? s->br_ip : s->thr_ip);
	if (f->thrsw && s->thr_slot)
		hz_report(c, ip, QPU_RULE_THRSW_TOO_SOON, "thread switch in a delay slot of "
			  "the thread switch at ip %u", s->thr_ip);
	if (f->thrsw && s->last_thrsw_seen)
		hz_report(c, ip, QPU_RULE_THRSW_AFTER_LAST, "thread switch after the last "
			  "thread switch");
}

/* On the thread-end instruction and its two delay slots: regfile write (the
 * thread end only), uniform/varying/VPM access, address 14, TLB Z write in
 * the last slot. */
static void hz_check_thrend(struct hz_ctx *c, const struct hz_state *s,
			    const struct hz_inst *f, uint32_t ip)
{
	bool starts = f->prog_end && !s->end_slot && !s->br_slot && !s->thr_slot;

	if (!starts && !s->end_slot)
		return;
	if (starts && f->writes_rf)
		hz_report(c, ip, QPU_RULE_THREND_REGFILE_WRITE, "the thread-end instruction "
			  "writes regfile A or B");
	if (f->reads_unif || f->reads_vary || f->reads_vpm || f->vpm_status_read ||
	    f->writes_vpm || f->vr_setup || f->vw_setup || f->writes_vpm_dma)
		hz_report(c, ip, QPU_RULE_THREND_FIFO_ACCESS, "%s in the last three "
			  "instructions", f->reads_unif ? "uniform read" :
			  f->reads_vary ? "varying read" : "VPM access");
	if (f->uses_r14)
		hz_report(c, ip, QPU_RULE_THREND_R14, "regfile address 14 used in the last three "
			  "instructions");
	if (s->end_slot == 2 && f->tlbz_write)
		hz_report(c, ip, QPU_RULE_THREND_TLBZ_LAST, "TLB Z write in the last "
			  "instruction of the program");
}

/* ---------------------------------------------------------------------------
 * Scoreboard, TMU FIFOs, VPM.
 * ------------------------------------------------------------------------- */

/* Fragment shaders: tracks the scoreboard lock in `s` and reports a tile
 * buffer access after the unlock, a thread end that is the first (implicit
 * wait) access, and a thread switch with the scoreboard locked. */
static void hz_check_scoreboard(struct hz_ctx *c, struct hz_state *s,
				const struct hz_inst *f, uint32_t ip)
{
	if (c->stage != QPU_STAGE_FS)
		return;
	if (f->tlb_access || f->sb_wait) {
		if (s->sb_unlocked)
			hz_report(c, ip, QPU_RULE_TLB_AFTER_UNLOCK, "tile buffer access after the "
				  "scoreboard was unlocked");
		if (!s->sb_locked && f->prog_end && f->tlb_access)
			hz_report(c, ip, QPU_RULE_THREND_SB_WAIT, "the thread-end instruction is "
				  "the first tile buffer access (implicit scoreboard wait)");
		s->sb_locked = 1;
	}
	if (f->thrsw && s->sb_locked)
		hz_report(c, ip, QPU_RULE_THRSW_SB_LOCKED, "thread switch with the scoreboard "
			  "locked");
	if (f->sb_unlock) {
		s->sb_locked = 0;
		s->sb_unlocked = 1;
	}
}

static unsigned hz_tmu_slots_used(const struct hz_state *s, int tmu)
{
	unsigned n = s->tmu_open[tmu];

	for (unsigned i = 0; i < s->tmu_n[tmu]; i++)
		n += s->tmu_slots[tmu][i];
	return n;
}

/* Adds `f`'s writes to unit `tmu` to `s`; each s write closes a lookup. Reports
 * tmu-fifo-depth past 8 request slots or 4 unread results (threaded: 4, 2);
 * a lookup over the result limit is dropped. */
static void hz_tmu_write(struct hz_ctx *c, struct hz_state *s, const struct hz_inst *f,
			 uint32_t ip, int tmu)
{
	unsigned half = c->threaded ? 1 : 0;   /* a shift: a division is a libgcc call on armhf */
	unsigned max_slots = QPU_TMU_FIFO_SLOTS >> half, max_res = QPU_TMU_FIFO_RESULTS >> half;
	unsigned writes = (unsigned)(f->tmu_param[tmu] + f->tmu_submit[tmu]);

	if (hz_tmu_slots_used(s, tmu) + writes > max_slots)
		hz_report(c, ip, QPU_RULE_TMU_FIFO_DEPTH, "TMU%d request FIFO over %u slots",
			  tmu, max_slots);
	if (s->tmu_open[tmu] + writes <= max_slots)
		s->tmu_open[tmu] = (uint8_t)(s->tmu_open[tmu] + writes);
	for (int i = 0; i < f->tmu_submit[tmu]; i++) {
		if (s->tmu_n[tmu] >= max_res) {
			hz_report(c, ip, QPU_RULE_TMU_FIFO_DEPTH, "TMU%d would hold more than %u "
				  "unread results", tmu, max_res);
			s->tmu_open[tmu] = 0;
			continue;
		}
		s->tmu_slots[tmu][s->tmu_n[tmu]++] = s->tmu_open[tmu];
		s->tmu_open[tmu] = 0;
		if (s->thr_cur < HZ_FIFO)
			s->thr_cur++;
	}
}

/* Pops the oldest lookup of unit `tmu`, reporting tmu-load-empty when none;
 * threaded, also when no lookup from before the last switch is left. */
static void hz_tmu_load(struct hz_ctx *c, struct hz_state *s, uint32_t ip, int tmu)
{
	if (s->tmu_n[tmu] == 0) {
		hz_report(c, ip, QPU_RULE_TMU_LOAD_EMPTY, "TMU%d load with no outstanding "
			  "request", tmu);
		return;
	}
	memmove(&s->tmu_slots[tmu][0], &s->tmu_slots[tmu][1], HZ_FIFO - 1);
	s->tmu_slots[tmu][HZ_FIFO - 1] = 0;
	s->tmu_n[tmu]--;
	if (!c->threaded)
		return;
	if (s->thr_prev == 0)
		hz_report(c, ip, QPU_RULE_TMU_LOAD_EMPTY, "TMU%d load of a request made since "
			  "the last thread switch (threaded shaders switch between request and "
			  "load)", tmu);
	else
		s->thr_prev--;
}

static void hz_check_tmu(struct hz_ctx *c, struct hz_state *s, const struct hz_inst *f,
			 uint32_t ip)
{
	for (int tmu = 0; tmu < 2; tmu++)
		if (f->tmu_param[tmu] || f->tmu_submit[tmu])
			hz_tmu_write(c, s, f, ip, tmu);
	if (f->ldtmu >= 0)
		hz_tmu_load(c, s, ip, f->ldtmu);
}

/* A VPM read setup's value count (bits 23:20, 0 = 16), or -1 for a DMA setup
 * (bit 31) that does not feed the read FIFO. */
static int vpm_read_setup_count(uint32_t value)
{
	if (value & 0x80000000u)
		return -1;
	uint32_t n = (value >> 20) & 0xf;
	return n ? (int)n : 16;
}

/* A VPM read setup: sets the values pending (-1 when the value is unknown;
 * DMA setups ignored), reporting one made with more than one still unread. */
static void hz_vpm_read_setup(struct hz_ctx *c, struct hz_state *s, const struct hz_inst *f,
			      uint32_t ip)
{
	if (!f->vr_setup_known) {
		s->vpm_pending = -1;
		return;
	}
	int n = vpm_read_setup_count(f->vr_setup_value);
	if (n < 0)
		return;
	if (s->vpm_pending > 1)
		hz_report(c, ip, QPU_RULE_VPM_READ_SETUP_PENDING, "VPM read setup while %d "
			  "values of the previous setup are unread", s->vpm_pending);
	s->vpm_pending = (int8_t)n;
}

/* VPM rules: both setups, or a setup and a data access, in one instruction;
 * a read with no pending value; a write before any write setup (a known DMA
 * setup does not count).
 * Updates the pending reads and the write-setup flag in `s`. */
static void hz_check_vpm(struct hz_ctx *c, struct hz_state *s, const struct hz_inst *f,
			 uint32_t ip)
{
	if ((f->vr_setup && f->vw_setup) ||
	    ((f->vr_setup || f->vw_setup) && (f->reads_vpm || f->writes_vpm)))
		hz_report(c, ip, QPU_RULE_VPM_SETUP_CONFLICT, "%s", f->vr_setup && f->vw_setup ?
			  "VPM read and write setup in one instruction" :
			  "VPM setup and VPM data access in one instruction");
	if (f->reads_vpm) {
		if (s->vpm_pending == 0)
			hz_report(c, ip, QPU_RULE_VPM_READ_NO_SETUP, "VPM read with no value "
				  "left from a read setup");
		else if (s->vpm_pending > 0)
			s->vpm_pending--;
	}
	if (f->vr_setup)
		hz_vpm_read_setup(c, s, f, ip);
	if (f->writes_vpm && !s->vw_setup_done)
		hz_report(c, ip, QPU_RULE_VPM_WRITE_NO_SETUP, "VPM write before any VPM write "
			  "setup");
	if (f->vw_setup && !(f->vw_setup_known && (f->vw_setup_value & 0x80000000u)))
		s->vw_setup_done = 1;
}

/* ---------------------------------------------------------------------------
 * Moving on: delay-slot counters, the thread switch, successors.
 * ------------------------------------------------------------------------- */

/* Clears the fields of a successor state that no longer matter (the ip of
 * a branch whose slots are over; of a switch whose effects are all undone),
 * so that paths meeting again merge into one state instead of multiplying
 * the states explored per ip. */
static inline void hz_normalise(struct hz_state *s)
{
	if (!s->br_slot)
		s->br_ip = 0;
	if (!s->thr_slot && !s->acc_lost && !s->flags_lost)
		s->thr_ip = 0;
}

/* Queues a successor state, normalised. */
static inline void hz_push(struct hz_ctx *c, const struct hz_state *s)
{
	struct hz_state t = *s;

	hz_normalise(&t);
	if (!vc4_array_push(&c->work, t))
		c->oom = true;
}

/* The switch takes effect before the instruction after its two delay slots. */
static void hz_apply_switch(struct hz_ctx *c, struct hz_state *s)
{
	if (s->thr_prev > 0)
		hz_report(c, s->thr_ip, QPU_RULE_THRSW_TMU_PENDING, "thread switch with %u "
			  "TMU result%s from before the previous switch unread", s->thr_prev,
			  s->thr_prev == 1 ? "" : "s");
	s->thr_prev = s->thr_cur;
	s->thr_cur = 0;
	s->acc_lost = 0x3f;
	s->flags_lost = 1;
}

/* Accumulators read while undefined after a switch; writes define them
 * (r4 by an SFU write or a load signal, r5 also by a varying read). */
static void hz_check_acc_lost(struct hz_ctx *c, struct hz_state *s, const struct hz_inst *f,
			      uint32_t ip)
{
	int acc = lowest_bit(f->acc_read & s->acc_lost);

	if (acc >= 0)
		hz_report(c, ip, QPU_RULE_THRSW_ACC_LOST, "r%d is read after the thread switch "
			  "at ip %u without being written since", acc, s->thr_ip);
	s->acc_lost &= (uint8_t)~f->acc_write;
	if (f->sfu_write || f->r4_signal)
		s->acc_lost &= (uint8_t)~(1u << 4);
	if (f->reads_vary)
		s->acc_lost &= (uint8_t)~(1u << 5);
}

/* Flags used while undefined after a switch; an sf instruction defines them
 * (after its own conditions are evaluated). */
static void hz_check_flags_lost(struct hz_ctx *c, struct hz_state *s,
				const struct hz_inst *f, uint32_t ip)
{
	if (s->flags_lost && f->reads_flags)
		hz_report(c, ip, QPU_RULE_THRSW_FLAGS_LOST, "%s uses the flags after the "
			  "thread switch at ip %u without an instruction setting them since",
			  f->form == QPU_FORM_BRANCH ? "branch condition" : "conditional write",
			  s->thr_ip);
	if (f->sets_flags)
		s->flags_lost = 0;
}

/* After the third delay slot of the branch at s->br_ip: queues the target
 * when known and inside the program, and the fall-through unless the branch
 * is unconditional (missing-thrend when it is past the end). */
static void hz_branch_redirect(struct hz_ctx *c, struct hz_state *s)
{
	const struct hz_inst *b = hz_fact(c, s->br_ip);
	uint32_t fall = s->ip;

	s->br_slot = 0;
	if (b->br_target_known && b->br_target >= 0 && b->br_target < (int64_t)c->count) {
		s->ip = (uint32_t)b->br_target;
		hz_push(c, s);
	}
	if (!b->br_always) {
		if (fall < c->count) {
			s->ip = fall;
			hz_push(c, s);
		} else {
			hz_report(c, (uint32_t)s->hist[0], QPU_RULE_MISSING_THREND, "the branch "
				  "at ip %u falls through past the end of the program", s->br_ip);
		}
	}
}

static void hz_check_branch_target(struct hz_ctx *c, const struct hz_inst *f, uint32_t ip)
{
	int32_t imm = (int32_t)qpu_get_imm(f->w);

	if (!qpu_get_br_rel(f->w) || qpu_get_br_reg(f->w))
		return; /* absolute or register targets are not known statically */
	if (imm % 8 != 0)
		hz_report(c, ip, QPU_RULE_BRANCH_TARGET, "branch offset %d is not a multiple "
			  "of 8", imm);
	else if (f->br_target < 0 || f->br_target >= (int64_t)c->count)
		hz_report(c, ip, QPU_RULE_BRANCH_TARGET, "branch target ip %lld is outside "
			  "the program (0..%u)", (long long)f->br_target, c->count - 1);
}

/* Updates the slot counters after instruction `ip` and queues successors;
 * true when there is exactly one, left (normalised) in `s` instead of
 * pushed: the caller steps it next, as the stack would pop it next. */
static bool hz_advance(struct hz_ctx *c, struct hz_state *s, const struct hz_inst *f,
		       uint32_t ip)
{
	bool in_slot = s->br_slot || s->thr_slot || s->end_slot;

	/* word by word: a memmove() of 8 bytes is a libc call on armhf */
#pragma GCC unroll 4
	for (int k = HZ_HIST - 1; k > 0; k--)
		s->hist[k] = s->hist[k - 1];
	s->hist[0] = (int32_t)ip;
	s->ip = ip + 1;
	if (s->end_slot == 2)
		return false; /* the program is over */
	if (s->end_slot)
		s->end_slot++;
	if (s->thr_slot == 2) {
		hz_apply_switch(c, s);
		s->thr_slot = 0;
	} else if (s->thr_slot) {
		s->thr_slot++;
	}
	if (!in_slot && f->prog_end)
		s->end_slot = 1;
	if (f->thrsw && !s->thr_slot && !s->end_slot) {
		s->thr_slot = 1;
		s->thr_ip = ip;
		if (f->last_thrsw)
			s->last_thrsw_seen = 1;
	}
	if (f->branch && !in_slot) {
		hz_check_branch_target(c, f, ip);
		s->br_slot = 1;
		s->br_ip = ip;
	} else if (s->br_slot == 3) {
		hz_branch_redirect(c, s);
		return false;
	} else if (s->br_slot) {
		s->br_slot++;
	}
	if (s->ip < c->count) {
		hz_normalise(s);
		return true;
	}
	hz_report(c, ip, QPU_RULE_MISSING_THREND, "execution runs past the end of the "
		  "program without a thread end");
	return false;
}

/* Checks every rule on instruction s->ip in state `s`, then queues the
 * successor states; true when the one successor is left in `s` instead
 * (hz_advance()). */
static bool hz_step(struct hz_ctx *c, struct hz_state *s)
{
	uint32_t ip = s->ip;
	const struct hz_inst *f = hz_fact(c, ip);
	const struct hz_inst *const prev[2] = { hz_prev(c, s, 0), hz_prev(c, s, 1) };

	hz_check_regfile_raw(c, s, prev, f, ip);
	hz_check_sfu(c, s, prev, f, ip);
	hz_check_near(c, s, prev, f, ip);
	hz_check_rotation(c, s, prev, f, ip);
	hz_check_static(c, s, f, ip);
	hz_check_control(c, s, f, ip);
	hz_check_thrend(c, s, f, ip);
	hz_check_scoreboard(c, s, f, ip);
	hz_check_tmu(c, s, f, ip);
	hz_check_vpm(c, s, f, ip);
	hz_check_acc_lost(c, s, f, ip);
	hz_check_flags_lost(c, s, f, ip);
	return hz_advance(c, s, f, ip);
}

/* True when `s` was already explored (or may not be: state limit). */
static bool hz_seen_before(struct hz_ctx *c, const struct hz_state *s)
{
	uint32_t ip = s->ip, n = 1;   /* states seen at ip */
	uint8_t bit = (uint8_t)(1u << (ip & 7));

	if (!(c->has_first[ip >> 3] & bit)) {
		c->has_first[ip >> 3] |= bit;
		c->first[ip] = *s;
		return false;
	}
	if (memcmp(&c->first[ip], s, sizeof(*s)) == 0)
		return true;
	uint32_t last = 0;   /* the chain's last node, index + 1; 0 = the head */
	for (uint32_t k = c->more_head[ip]; k; k = c->more.data[k - 1].next, n++) {
		if (memcmp(&c->more.data[k - 1].s, s, sizeof(*s)) == 0)
			return true;
		last = k;
	}
	if (n + 1 > HZ_MAX_STATES_PER_IP) {
		c->r->truncated = true;
		return true;
	}
	struct hz_more m = { .s = *s, .next = 0 };
	if (c->more.len >= UINT32_MAX - 1 || !vc4_array_push(&c->more, m)) {
		c->oom = true;
		return true;
	}
	if (last)
		c->more.data[last - 1].next = (uint32_t)c->more.len;
	else
		c->more_head[ip] = (uint32_t)c->more.len;
	return false;
}

/* Explores from ip 0 with an empty state until no state is left or memory
 * runs out (c->oom); each new state is stepped once. A step's only
 * successor is stepped right away, in the order popping it would give. */
static void hz_explore(struct hz_ctx *c)
{
	struct hz_state s;

	memset(&s, 0, sizeof(s));
	for (int i = 0; i < HZ_HIST; i++)
		s.hist[i] = -1;
	hz_push(c, &s);
	while (c->work.len && !c->oom) {
		s = c->work.data[--c->work.len];
		while (!hz_seen_before(c, &s) && hz_step(c, &s) && !c->oom)
			;
	}
}

static int hz_cmp_violation(const void *a, const void *b)
{
	const struct qpu_violation *x = a, *y = b;

	if (x->ip != y->ip)
		return x->ip < y->ip ? -1 : 1;
	return (int)x->rule - (int)y->rule;
}

/* Frees the context's tables (the arena's all at once). */
static void hz_ctx_free(struct hz_ctx *c)
{
	hz_facts_free(&c->facts);
	vc4_array_free(&c->more);
	vc4_array_free(&c->work);
	vc4_arena_fini(&c->arena);
}

/* Allocates the per-ip tables for `count` instructions, derives their facts
 * and finds whether the program is threaded. False when out of memory; the
 * caller frees with hz_ctx_free() either way. */
static bool hz_ctx_init(struct hz_ctx *c, const uint64_t *insts, uint32_t count)
{
	c->insts = insts;
	uint32_t nb = 2;
	while (nb < count && nb < HZ_FACT_BUCKETS)
		nb *= 2;
	uint32_t *bucket = vc4_arena_zalloc(&c->arena, nb, sizeof(*bucket));
	c->facts.fact_of = vc4_arena_alloc(&c->arena, count * sizeof(*c->facts.fact_of));
	c->first = vc4_arena_alloc(&c->arena, count * sizeof(*c->first));
	c->has_first = vc4_arena_zalloc(&c->arena, count / 8 + 1, 1);
	c->more_head = vc4_arena_zalloc(&c->arena, count, sizeof(*c->more_head));
	c->reported = vc4_arena_zalloc(&c->arena, count, sizeof(*c->reported));
	if (!bucket || !c->facts.fact_of || !c->first || !c->has_first || !c->more_head ||
	    !c->reported || !hz_facts_build(&c->facts, insts, count, bucket, nb))
		return false;
	c->threaded = c->facts.threaded;
	return true;
}

VC4_CODE_ALIGN(4096)
bool qpu_check_hazards(const uint64_t *insts, size_t count, enum qpu_stage stage,
		       struct qpu_check_report *report, struct vc4_diag *diag)
{
	struct hz_ctx c = { .count = (uint32_t)count, .stage = stage, .r = report };

	memset(report, 0, sizeof(*report));
	if (!insts || count == 0)
		return vc4_diag_set(diag, "empty program");
	if (count > HZ_MAX_INSTS)
		return vc4_diag_set(diag, "program of %zu instructions is too large (limit %u)",
				    count, HZ_MAX_INSTS);
	_Alignas(16) char first[HZ_ARENA_BUF];
	vc4_arena_init(&c.arena, first, sizeof(first));
	bool ok = hz_ctx_init(&c, insts, c.count);
	if (ok)
		hz_explore(&c);
	ok = ok && !c.oom;
	hz_ctx_free(&c);
	if (!ok) {
		qpu_check_report_free(report);
		return vc4_diag_set(diag, "out of memory");
	}
	if (report->count)
		qsort(report->v, report->count, sizeof(report->v[0]), hz_cmp_violation);
	return true;
}

void qpu_check_report_free(struct qpu_check_report *report)
{
	if (!report)
		return;
	free(report->v);
	memset(report, 0, sizeof(*report));
}

bool qpu_stage_from_name(const char *name, enum qpu_stage *stage)
{
	static const char *const names[] = {
		[QPU_STAGE_VS] = "vs", [QPU_STAGE_CS] = "cs", [QPU_STAGE_FS] = "fs",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (name && strcmp(name, names[i]) == 0) {
			*stage = (enum qpu_stage)i;
			return true;
		}
	}
	return false;
}
