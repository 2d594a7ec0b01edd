/*
 * qir_regalloc.c: the vc4 back end of the generic allocator (regalloc/).
 *
 * Registers and classes: qir_ra_set.h. Each temp gets a set of allowed
 * kinds, starting from
 * {A, B, R4, ACC} and narrowed by how it is used:
 *   - any write other than an unconditional r4-producing op (SFU, TMU
 *     result, TLB colour read) removes R4: r4 cannot be written as a GPR,
 *     and a conditional r4 result must be moved to a real register;
 *   - live across an r4-producing op (start < ip < end): no R4;
 *   - live across a THRSW: no R4, no accumulator (all undefined after it);
 *   - written with a regfile-A pack: A only;
 *   - read with an unpack: A only, or A/R4 for float-input ops (r4 unpack);
 *   - frag_z / frag_w destinations are precoloured rb15 / ra15.
 *
 * Pressure first (qir_ra_pressure.h): when the values live at some ip
 * cannot fit the registers their kinds allow, no colouring exists; the
 * rematerializable values live across such ips are rematerialized all at
 * once (below), and when none is left the allocation fails at once with the
 * IR line holding the most values live — before any graph is built.
 *
 * Interference: temps' live ranges ([start, end) ip intervals from
 * qir_liveness over the CFG) are counting-sorted by start and swept with an
 * active list, the neighbour lists handed to the graph whole
 * (qir_ra_graph.h): O(T + I + E). After the pressure check at most 67 ranges
 * overlap at any ip, so E <= 67 T: the graph is linear in the program.
 * Selection prefers r4, then accumulators, then A/B alternately, each
 * round-robin (fewer false dependencies for the QPU
 * scheduler); a value live over many instructions and never read right
 * after a write takes A/B first, and after colouring the values read soon
 * after a write move into free accumulators (qir_ra_acc.h): a regfile read
 * in the instruction after its write costs the QPU a nop. Among A/B registers it first tries the file that the temp's
 * already-coloured operand partners (temps read by the same instruction) do
 * not use — a small immediate counting as B, since it takes raddr_b — so
 * fewer instructions need the emitter's ra14/rb14 copy; after the
 * accumulator pass, the values still colliding move to a free accumulator
 * or to the other file, or trade registers (qir_ra_files.h).
 *
 * Spilling by rematerialization: a constant — a copy of a uniform or small
 * immediate, or a load_imm — has its definition repeated right before each
 * reader instead (a uniform re-read is just one more stream entry), and
 * allocation starts over: for every such value live across an ip where the
 * pressure check fails, or, when colouring fails, for the allocator's best
 * spill node (costs: number of reads, +1000 unless rematerializable). At
 * most QIR_RA_MAX_ROUNDS rounds, each one pass over the program.
 * When that is not possible a threaded FS is retried single-threaded with
 * the full files (its THRSWs removed); otherwise the error reports the
 * register pressure and the spill candidate. Spilling through memory is
 * not implemented.
 */
#include "qir/qir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qir/qir_ra_acc.h"
#include "qir/qir_ra_files.h"
#include "qir/qir_ra_graph.h"
#include "qir/qir_ra_pressure.h"
#include "qir/qir_ra_set.h"
#include "regalloc/regalloc.h"
#include "util/code_align.h"
#include "util/zalloc.h"
#include "util/zero.h"

/* Live ranges longer than this (in QIR instructions) prefer A/B, unless
 * the value is read within QIR_RA_QUICK_READ instructions of a write. */
#define QIR_RA_LONG_RANGE 20u
#define QIR_RA_QUICK_READ 1u
/* Values read within this many instructions of a write move from A/B to a
 * free accumulator after colouring. */
#define QIR_RA_ACC_READ 3u

/* Allocation rounds (a pressure check and a colouring each) per mode. */
#define QIR_RA_MAX_ROUNDS 32
/* Per-compile allocation state. */
struct ractx {
	struct qir_compile *c;
	struct qir_liveness lv;
	uint8_t *kinds;          /* per temp: allowed K_* set */
	uint32_t *precolour;     /* per temp: ra_set register or RA_NO_REG */
	uint32_t *node;          /* per temp: graph node or QIR_NONE (never live) */
	uint32_t *temp_of;       /* per node: its temp */
	uint32_t nnodes;
	VC4_ARRAY(uint32_t) r4_ips, thrsw_ips;
	uint32_t *pstart;        /* per temp: first entry in `partners` (CSR, T+1) */
	uint32_t *partners;      /* temps read together with it by one instruction */
	uint32_t *imm_reads;     /* per temp: reads beside a small immediate, which
				  * takes raddr_b (so file A is better) */
	uint8_t *quick;          /* per temp: the fewest instructions from one
				  * of its writes to a read (255: none, or more) */
	uint32_t last_acc, last_ab; /* round-robin positions */
};

static bool live_across(const struct ractx *x, uint32_t t, const uint32_t *ips, size_t n)
{
	uint32_t s = x->lv.start[t], e = x->lv.end[t];
	size_t lo = 0, hi = n;          /* first ip > s */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (ips[mid] <= s)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && ips[lo] < e;
}

/* The allocator's register number of regfile register `id` (raN, rbN). */
static uint32_t phys_node(enum qpu_reg_id id)
{
	return id < QPU_REG_RB0 ? REG_RA0 + (uint32_t)(id - QPU_REG_RA0) :
				  REG_RB0 + (uint32_t)(id - QPU_REG_RB0);
}

/* Narrows kinds from one instruction's operands. */
static void constrain_inst(struct ractx *x, const struct qir_inst *inst)
{
	const struct qir_op_info *info = &qir_ops[inst->op];
	if (inst->dst.file == QIR_FILE_TEMP && inst->dst.index < x->c->num_temps) {
		uint32_t t = inst->dst.index;
		if (!(info->flags & QIR_OPF_WRITES_R4) || inst->cond != QPU_COND_ALWAYS)
			x->kinds[t] &= (uint8_t)~K_R4;
		if (inst->pack && !inst->pack_mul)
			x->kinds[t] &= K_A;
		if (inst->op == QIR_OP_FRAG_Z)
			x->precolour[t] = phys_node(QPU_REG_FS_PAYLOAD_Z);
		if (inst->op == QIR_OP_FRAG_W)
			x->precolour[t] = phys_node(QPU_REG_FS_PAYLOAD_W);
	}
	for (int s = 0; s < info->nsrc; s++) {
		struct qir_reg r = inst->src[s];
		if (r.file == QIR_FILE_TEMP && r.unpack && r.index < x->c->num_temps)
			x->kinds[r.index] &= (info->flags & QIR_OPF_FLOAT_IN) ? (K_A | K_R4) : K_A;
	}
}

/* Computes kinds for every temp and records r4-writer / THRSW ips. */
static bool compute_kinds(struct ractx *x)
{
	struct qir_block *b;
	struct qir_inst *inst;
	vc4_set_bytes(x->kinds, K_ALL, x->c->num_temps);
	qir_foreach_block(x->c, b) {
		qir_foreach_inst(b, inst) {
			uint32_t f = qir_ops[inst->op].flags;
			if ((f & QIR_OPF_WRITES_R4) && !vc4_array_push(&x->r4_ips, inst->ip))
				return false;
			if ((f & QIR_OPF_THRSW) && !vc4_array_push(&x->thrsw_ips, inst->ip))
				return false;
			constrain_inst(x, inst);
		}
	}
	for (uint32_t t = 0; t < x->c->num_temps; t++) {
		if (x->lv.start[t] == QIR_NONE || x->lv.start[t] >= x->lv.end[t])
			continue;
		if (live_across(x, t, x->r4_ips.data, x->r4_ips.len))
			x->kinds[t] &= (uint8_t)~K_R4;
		if (live_across(x, t, x->thrsw_ips.data, x->thrsw_ips.len))
			x->kinds[t] &= (uint8_t)~(K_R4 | K_ACC);
	}
	return true;
}

/* Calls fn(x, a, b) for each instruction reading two different temps. */
static void for_each_pair(struct ractx *x, void (*fn)(struct ractx *, uint32_t, uint32_t))
{
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(x->c, b) {
		qir_foreach_inst(b, inst) {
			struct qir_reg s0 = inst->src[0], s1 = inst->src[1];
			if (qir_ops[inst->op].nsrc == 2 && s0.file == QIR_FILE_TEMP &&
			    s1.file == QIR_FILE_TEMP && s0.index != s1.index &&
			    s0.index < x->c->num_temps && s1.index < x->c->num_temps)
				fn(x, s0.index, s1.index);
		}
	}
}

/* Counts, per temp, the instructions reading it beside a small immediate. */
static void count_imm_reads(struct ractx *x)
{
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(x->c, b) {
		qir_foreach_inst(b, inst) {
			for (int s = 0; s < 2 && qir_ops[inst->op].nsrc == 2; s++) {
				struct qir_reg r = inst->src[s], o = inst->src[!s];
				if (r.file == QIR_FILE_TEMP && r.index < x->c->num_temps &&
				    o.file == QIR_FILE_SMALL_IMM)
					x->imm_reads[r.index]++;
			}
		}
	}
}

static void count_pair(struct ractx *x, uint32_t a, uint32_t b)
{
	x->pstart[a + 1]++;
	x->pstart[b + 1]++;
}

static void fill_pair(struct ractx *x, uint32_t a, uint32_t b)
{
	x->partners[x->pstart[a]++] = b;
	x->partners[x->pstart[b]++] = a;
}

/* Builds the operand-partner lists (CSR) used to keep the two operands of
 * an instruction in different register files. */
static bool build_partners(struct ractx *x)
{
	uint32_t nt = x->c->num_temps;
	x->pstart = vc4_calloc(nt + 2, sizeof(uint32_t));
	x->imm_reads = vc4_calloc(nt + 1, sizeof(uint32_t));
	if (!x->pstart || !x->imm_reads)
		return false;
	count_imm_reads(x);
	x->quick = qir_ra_read_distances(x->c);
	if (!x->quick)
		return false;
	for_each_pair(x, count_pair);
	for (uint32_t t = 0; t < nt; t++)
		x->pstart[t + 1] += x->pstart[t];
	x->partners = malloc((x->pstart[nt] ? x->pstart[nt] : 1) * sizeof(uint32_t));
	if (!x->partners)
		return false;
	for_each_pair(x, fill_pair);       /* advances pstart[t] to the old pstart[t+1] */
	for (uint32_t t = nt; t > 0; t--)
		x->pstart[t] = x->pstart[t - 1];
	x->pstart[0] = 0;
	return true;
}

/* The regfile to prefer for temp t: the one its already-coloured operand
 * partners use less, small immediates counting as B (-1: no preference,
 * 0: A, 1: B). */
static int preferred_file(const struct ractx *x, const struct ra_graph *g, uint32_t t)
{
	int in_a = 0, in_b = (int)x->imm_reads[t];
	for (uint32_t i = x->pstart[t]; i < x->pstart[t + 1]; i++) {
		uint32_t n = x->node[x->partners[i]];
		uint32_t r = n == QIR_NONE ? RA_NO_REG : ra_get_reg(g, n);
		if (r == RA_NO_REG || r <= REG_R4)
			continue;
		if (r < REG_RB0)
			in_a++;
		else
			in_b++;
	}
	return in_a == in_b ? -1 : (in_a > in_b ? 1 : 0);
}

static uint32_t select_acc(struct ractx *x, const uint64_t *avail)
{
	for (uint32_t k = 1; k <= 4; k++) {
		uint32_t r = (x->last_acc + k) % 4;
		if (ra_avail_has(avail, r))
			return x->last_acc = r;
	}
	return RA_NO_REG;
}

/* Register choice: r4, then accumulators, then A/B alternately, round-robin;
 * among A/B registers, the file the operand partners do not use first.
 * A value live over more than QIR_RA_LONG_RANGE instructions and never
 * read right after a write tries A/B before the accumulators: a
 * register-file value read right after its write costs the QPU a nop,
 * which mostly short-lived values risk, so the accumulators are kept for
 * them. */
VC4_CODE_ALIGN(1024)
static uint32_t select_reg(const struct ra_graph *g, uint32_t node, const uint64_t *avail,
			   void *user)
{
	struct ractx *x = user;
	if (ra_avail_has(avail, REG_R4))
		return REG_R4;
	uint32_t t = x->temp_of[node];
	bool long_range = x->lv.end[t] - x->lv.start[t] > QIR_RA_LONG_RANGE && x->quick[t] > QIR_RA_QUICK_READ;
	uint32_t acc = long_range ? RA_NO_REG : select_acc(x, avail);
	if (acc != RA_NO_REG)
		return acc;
	int pref = preferred_file(x, g, t);
	for (int pass = pref < 0; pass < 2; pass++) {
		for (uint32_t k = 1; k <= 64; k++) {
			uint32_t j = (x->last_ab + k) % 64;
			uint32_t r = (j % 2 ? REG_RB0 : REG_RA0) + j / 2;
			if ((pass || (int)(j % 2) == pref) && ra_avail_has(avail, r)) {
				x->last_ab = j;
				return r;
			}
		}
	}
	for (uint32_t r = 0; r < NUM_REGS; r++) {
		if (ra_avail_has(avail, r))
			return r;
	}
	return RA_NO_REG;
}

/* Numbers the temps with a non-empty live range as graph nodes, in order of
 * range start (a counting sort over ips). */
static bool number_nodes(struct ractx *x)
{
	uint32_t nt = x->c->num_temps, ni = x->lv.num_insts + 2;
	uint32_t *first = vc4_calloc(ni + 1, sizeof(uint32_t));
	if (!first)
		return false;
	for (uint32_t t = 0; t < nt; t++) {
		x->node[t] = QIR_NONE;
		if (x->lv.start[t] != QIR_NONE && x->lv.start[t] < x->lv.end[t])
			first[x->lv.start[t] + 1]++;
	}
	for (uint32_t i = 1; i <= ni; i++)
		first[i] += first[i - 1];
	x->nnodes = first[ni];
	for (uint32_t t = 0; t < nt; t++) {
		if (x->lv.start[t] != QIR_NONE && x->lv.start[t] < x->lv.end[t]) {
			uint32_t n = first[x->lv.start[t]]++;
			x->node[t] = n;
			x->temp_of[n] = t;
		}
	}
	free(first);
	return true;
}

/* Interference: qir_ra_graph.h. */
static bool build_edges(struct ractx *x, struct ra_graph *g)
{
	return qir_ra_build_edges(&x->lv, x->temp_of, x->nnodes, g);
}

static void ractx_free(struct ractx *x)
{
	qir_liveness_free(&x->lv);
	free(x->kinds);
	free(x->precolour);
	free(x->node);
	free(x->temp_of);
	vc4_array_free(&x->r4_ips);
	vc4_array_free(&x->thrsw_ips);
	free(x->pstart);
	free(x->partners);
	free(x->imm_reads);
	free(x->quick);
}

/* Liveness (taken over from *lv when given), kinds and node numbering;
 * false (diag) on failure. */
static bool ractx_init(struct ractx *x, struct qir_compile *c, struct qir_liveness *lv,
		       struct vc4_diag *diag)
{
	memset(x, 0, sizeof(*x));
	x->c = c;
	if (lv) {
		x->lv = *lv;
		memset(lv, 0, sizeof(*lv));
	} else if (!qir_liveness(c, &x->lv, diag)) {
		return false;
	}
	qir_live_scratch_free(c);   /* no more liveness for a while: peak memory */
	size_t n = c->num_temps ? c->num_temps : 1;
	x->kinds = malloc(n);
	x->precolour = malloc(n * sizeof(uint32_t));
	x->node = malloc(n * sizeof(uint32_t));
	x->temp_of = malloc(n * sizeof(uint32_t));
	if (!x->kinds || !x->precolour || !x->node || !x->temp_of)
		return vc4_diag_set(diag, "out of memory");
	for (size_t t = 0; t < n; t++)
		x->precolour[t] = RA_NO_REG;
	if (!compute_kinds(x) || !number_nodes(x) || !build_partners(x))
		return vc4_diag_set(diag, "out of memory");
	for (uint32_t t = 0; t < c->num_temps; t++) {
		uint32_t pre = x->precolour[t];
		if (x->node[t] == QIR_NONE)
			continue;
		if (pre == RA_NO_REG && !x->kinds[t])
			return vc4_diag_set(diag, "register allocation failed: t%u has no possible "
					    "register (its uses need both an accumulator-free "
					    "and an r4/regfile-A-only home)", t);
		if (pre != RA_NO_REG && !qir_ra_reg_in_kinds(pre, x->kinds[t], false))
			return vc4_diag_set(diag, "register allocation failed: t%u is a payload "
					    "register (%s%u) but its uses need another file", t,
					    pre < REG_RB0 ? "ra" : "rb",
					    pre - (pre < REG_RB0 ? REG_RA0 : REG_RB0));
	}
	return true;
}

/* The message when colouring fails although the pressure check passed:
 * where the most values are live, and the spill candidate. */
static bool report_failure(struct ractx *x, const struct qir_ra_pressure *p,
			   struct ra_graph *g, bool threaded, struct vc4_diag *diag)
{
	char where[192], cand[48] = "";
	uint32_t spill = ra_get_best_spill_node(g);
	if (spill != RA_NO_NODE)
		snprintf(cand, sizeof(cand), "; spill candidate t%u", x->temp_of[spill]);
	qir_describe_ip(x->c, p->max_ip, where, sizeof(where));
	return vc4_diag_set(diag, "%sregister allocation failed: %u values live here, %u "
			    "registers%s, no colouring found%s", where, p->max_live,
			    p->regs[K_ALL], threaded ? " (threaded)" : "", cand);
}

/* Converts an ra_set register to the physical register. */
static struct qir_phys_reg phys_of(uint32_t r)
{
	struct qir_phys_reg p = { QIR_PHYS_NONE, 0 };
	if (r <= REG_R4) {
		p.file = QIR_PHYS_ACC;
		p.index = (uint8_t)r;
	} else if (r < REG_RB0) {
		p.file = QIR_PHYS_A;
		p.index = (uint8_t)(r - REG_RA0);
	} else if (r < NUM_REGS) {
		p.file = QIR_PHYS_B;
		p.index = (uint8_t)(r - REG_RB0);
	}
	return p;
}

/* Whether temp t's only definition can simply be repeated before each use:
 * an unconditional, flag-less, pack-free copy of a uniform or small
 * immediate, or a load_imm. */
static bool rematerializable(const struct qir_compile *c, uint32_t t)
{
	const struct qir_inst *def = qir_temp_def(c, t);
	if (!def || def->cond != QPU_COND_ALWAYS || def->sf || def->pack)
		return false;
	if (qir_ops[def->op].flags & QIR_OPF_IMM_SRC)
		return true;
	return def->op == QIR_OP_MOV && !def->src[0].unpack &&
	       (def->src[0].file == QIR_FILE_UNIF || def->src[0].file == QIR_FILE_SMALL_IMM);
}

/* Each node's class (by its temp's kinds) in one call, through cls (a
 * word a node); the precoloured ones get their register instead. */
static void set_classes(struct ractx *x, struct ra_graph *g, bool threaded, uint32_t *cls)
{
	for (uint32_t n = 0; n < x->nnodes; n++)
		cls[n] = RA_NO_CLASS;
	for (uint32_t t = 0; t < x->c->num_temps; t++) {
		uint32_t n = x->node[t];
		if (n != QIR_NONE && x->precolour[t] != RA_NO_REG)
			ra_graph_set_reg(g, n, x->precolour[t]);
		else if (n != QIR_NONE)
			cls[n] = qir_ra_class(x->kinds[t], threaded);
	}
	ra_graph_set_classes(g, cls);
}

/* Spill costs: rematerializable temps cost their number of reads; anything
 * else is spillable only in name (for the failure message), at a high cost;
 * all in one call, through cost (an entry a node). */
static void set_spill_costs(struct ractx *x, struct ra_graph *g, const uint32_t *uses,
			    float *cost)
{
	for (uint32_t n = 0; n < x->nnodes; n++)
		cost[n] = 1.0f;   /* the graph's default, kept by precoloured nodes */
	for (uint32_t t = 0; t < x->c->num_temps; t++) {
		if (x->node[t] == QIR_NONE || x->precolour[t] != RA_NO_REG)
			continue;
		cost[x->node[t]] = (float)uses[t] + (rematerializable(x->c, t) ? 0.0f : 1000.0f);
	}
	if (x->nnodes)
		ra_graph_set_spill_costs(g, cost);
}

/* Puts a fresh copy of marked temp t's definition right before `inst`
 * and makes inst read the copy; false on OOM. */
static bool remat_before(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst,
			 uint32_t t)
{
	const struct qir_inst *def = qir_temp_def(c, t);
	struct qir_reg nt = qir_temp(c);
	struct qir_inst *copy = qir_inst_create(c, def->op, nt, def->src[0], def->src[1]);
	if (!copy)
		return false;
	copy->line = inst->line;
	qir_inst_insert_before(b, inst, copy);
	for (int s = 0; s < QIR_MAX_SRC; s++) {
		if (inst->src[s].file == QIR_FILE_TEMP && inst->src[s].index == t) {
			nt.unpack = inst->src[s].unpack;
			inst->src[s] = nt;
		}
	}
	return true;
}

/* Replaces every marked temp (rematerializable, needs qir_temp_defs) by
 * fresh copies of its definition before each reader, then deletes the
 * original definitions: one pass over the program. False on OOM. */
static bool rematerialize(struct qir_compile *c, const uint8_t *mark)
{
	uint32_t nt = c->num_temps;
	struct qir_block *b;
	struct qir_inst *inst, *next;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			for (int s = 0; s < QIR_MAX_SRC; s++) {
				struct qir_reg r = inst->src[s];
				if (r.file == QIR_FILE_TEMP && r.index < nt && mark[r.index] &&
				    !remat_before(c, b, inst, r.index))
					return false;
			}
		}
	}
	qir_foreach_block(c, b) {
		qir_foreach_inst_safe(b, inst, next) {
			uint32_t t = inst->dst.index;
			if (inst->dst.file == QIR_FILE_TEMP && t < nt && mark[t] &&
			    qir_temp_def(c, t) == inst)
				qir_inst_remove(c, b, inst);
		}
	}
	qir_invalidate(c);
	return true;
}

enum attempt { ATTEMPT_OK, ATTEMPT_REMAT, ATTEMPT_FAILED };

static bool diag_is_set(const struct vc4_diag *d)
{
	return d && d->set;
}

/* The kind set a temp occupies for the pressure check: its kinds, or the
 * file of its precoloured register. */
static uint8_t check_kinds(const struct ractx *x, uint32_t t)
{
	uint32_t r = x->precolour[t];
	if (r == RA_NO_REG)
		return x->kinds[t];
	return r < REG_R4 ? K_ACC : r == REG_R4 ? K_R4 : r < REG_RB0 ? K_A : K_B;
}

/* Runs the pressure check over x's ranges in the given mode; false on OOM. */
static bool check_pressure(const struct ractx *x, const struct ra_set *set, bool threaded,
			   struct qir_ra_pressure *p)
{
	uint32_t nt = x->c->num_temps;
	uint8_t *kinds = malloc(nt ? nt : 1);
	memset(p, 0, sizeof(*p));
	if (!kinds)
		return false;
	for (uint32_t t = 0; t < nt; t++)
		kinds[t] = check_kinds(x, t);
	p->lv = &x->lv;
	p->temp_of = x->temp_of;
	p->count = x->nnodes;
	p->kinds = kinds;
	for (unsigned k = 1; k <= K_ALL; k++)
		p->regs[k] = ra_class_p(set, qir_ra_class(k, threaded));
	bool ok = qir_ra_pressure_check(p);
	p->kinds = NULL;
	free(kinds);
	return ok;
}

/* Rematerializes the marked temps (ATTEMPT_REMAT), or ATTEMPT_FAILED on OOM. */
static enum attempt remat_marked(struct qir_compile *c, const uint8_t *mark)
{
	return rematerialize(c, mark) ? ATTEMPT_REMAT : ATTEMPT_FAILED;
}

/* After a failed pressure check: every constant live across an ip where the
 * values cannot fit is rematerialized at once (ATTEMPT_REMAT); with none,
 * the allocation fails with the pressure message. */
static enum attempt relieve_pressure(struct ractx *x, const struct qir_ra_pressure *p,
				     struct vc4_diag *diag)
{
	struct qir_compile *c = x->c;
	uint8_t *mark = vc4_calloc((size_t)c->num_temps + 1, 1);
	uint32_t n = 0;
	for (uint32_t i = 0; mark && i < x->nnodes; i++) {
		uint32_t t = x->temp_of[i];
		if (x->precolour[t] == RA_NO_REG && rematerializable(c, t) &&
		    qir_ra_pressure_crosses(p, x->lv.start[t], x->lv.end[t]))
			mark[t] = 1, n++;
	}
	enum attempt res = ATTEMPT_FAILED;
	if (!mark)
		c->oom = true;
	else if (n)
		res = remat_marked(c, mark);
	else
		qir_ra_pressure_fail(c, p, diag);
	free(mark);
	return res;
}

/* Builds the interference graph and colours it into out. On a colouring
 * failure whose best spill node is a constant, rematerializes that one
 * (ATTEMPT_REMAT); otherwise ATTEMPT_FAILED with diag set. */
/* The colouring's registers, with the quickly read values moved into free
 * accumulators (qir_ra_acc.h), into out->temps. */
static bool write_result(struct ractx *x, const struct ra_graph *g, bool threaded,
			 uint32_t *regs, struct qir_ra_result *out)
{
	uint32_t nt = x->c->num_temps;
	uint32_t *reg = malloc((nt ? nt : 1) * sizeof(uint32_t));
	ra_graph_get_regs(g, regs);
	uint8_t *want = vc4_calloc(nt ? nt : 1, 1);
	free(out->temps);
	out->temps = vc4_calloc(nt ? nt : 1, sizeof(*out->temps));
	bool ok = reg && want && out->temps;
	for (uint32_t t = 0; ok && t < nt; t++) {
		uint32_t n = x->node[t];
		reg[t] = n == QIR_NONE ? RA_NO_REG : regs[n];
		if (n == QIR_NONE || x->precolour[t] != RA_NO_REG)
			continue;
		if (x->quick[t] <= QIR_RA_ACC_READ && (x->kinds[t] & K_ACC))
			want[t] = 1;
		else if (x->quick[t] > QIR_RA_ACC_READ && (x->kinds[t] & (K_A | K_B)))
			want[t] = 2;
	}
	struct qir_ra_acc acc = {
		.num_temps = nt, .num_ips = x->lv.num_insts + 1,
		.start = x->lv.start, .end = x->lv.end, .want = want,
		.kinds = x->kinds, .threaded = threaded, .reg = reg,
	};
	ok = ok && qir_ra_prefer_acc(&acc);
	for (uint32_t t = 0; ok && t < nt; t++)   /* want[] now: pinned */
		want[t] = x->node[t] != QIR_NONE && x->precolour[t] != RA_NO_REG;
	struct qir_ra_files files = {
		.num_temps = nt, .num_ips = x->lv.num_insts + 1, .start = x->lv.start,
		.end = x->lv.end, .kinds = x->kinds, .pinned = want, .pstart = x->pstart,
		.partners = x->partners, .imm_reads = x->imm_reads, .threaded = threaded,
		.reg = reg,
	};
	ok = ok && qir_ra_split_files(&files) >= 0;
	for (uint32_t t = 0; ok && t < nt; t++)
		out->temps[t] = phys_of(reg[t]);
	free(reg);
	free(want);
	return ok;
}

static enum attempt colour(struct ractx *x, const struct ra_set *set, bool threaded,
			   const struct qir_ra_pressure *p, const uint32_t *uses,
			   struct qir_ra_result *out, struct vc4_diag *diag)
{
	struct qir_compile *c = x->c;
	struct ra_graph *g = ra_graph_create(set, x->nnodes ? x->nnodes : 1, diag);
	/* per node: its class, then its spill cost, then its register */
	uint32_t *node_word = malloc((x->nnodes ? x->nnodes : 1) * sizeof(uint32_t));
	float *node_cost = malloc((x->nnodes ? x->nnodes : 1) * sizeof(float));
	enum attempt res = g && node_word && node_cost ? ATTEMPT_OK : ATTEMPT_FAILED;
	if (res == ATTEMPT_OK && !x->nnodes)   /* no temps: the graph's one node is a dummy */
		ra_graph_set_class(g, 0, qir_ra_class(K_ALL, threaded));
	if (res == ATTEMPT_OK && x->nnodes)
		set_classes(x, g, threaded, node_word);
	if (res == ATTEMPT_OK && !build_edges(x, g))
		res = ATTEMPT_FAILED;
	if (res == ATTEMPT_OK) {
		set_spill_costs(x, g, uses, node_cost);
		ra_graph_set_select_callback(g, select_reg, x);
		struct vc4_diag ignored = {0};
		if (!ra_allocate(g, &ignored)) {
			uint32_t sp = ra_get_best_spill_node(g);
			uint8_t *mark = vc4_calloc((size_t)c->num_temps + 1, 1);
			res = ATTEMPT_FAILED;
			if (!ra_graph_ok(g))
				vc4_diag_set(diag, "%s", ignored.msg);
			else if (sp != RA_NO_NODE && rematerializable(c, x->temp_of[sp]) && mark)
				mark[x->temp_of[sp]] = 1, res = remat_marked(c, mark);
			else
				report_failure(x, p, g, threaded, diag);
			free(mark);
		}
	}
	if (res == ATTEMPT_OK) {
		res = write_result(x, g, threaded, node_word, out) ? res : ATTEMPT_FAILED;
		out->threaded = threaded;
	}
	free(node_word);
	free(node_cost);
	ra_graph_destroy(g);
	return res;
}

/* One round over the current program in the given mode (lv: its liveness,
 * taken over, or NULL): the pressure check, then colouring. ATTEMPT_REMAT
 * when constants were rematerialized (the program changed: start over);
 * ATTEMPT_FAILED with diag set. */
static enum attempt attempt(struct qir_compile *c, const struct ra_set *set, bool threaded,
			    struct qir_liveness *lv, struct qir_ra_result *out,
			    struct vc4_diag *diag)
{
	struct ractx x;
	struct qir_ra_pressure p = {0};
	uint32_t *uses = NULL;
	bool ok = ractx_init(&x, c, lv, diag) && qir_temp_defs(c) &&
		  (uses = qir_temp_use_counts(c));
	enum attempt res = ATTEMPT_FAILED;
	if (ok && !check_pressure(&x, set, threaded, &p))
		c->oom = true;
	else if (ok && !p.fits)
		res = relieve_pressure(&x, &p, diag);
	else if (ok)
		res = colour(&x, set, threaded, &p, uses, out, diag);
	if (c->oom || (res == ATTEMPT_FAILED && !diag_is_set(diag)))
		vc4_diag_set(diag, "out of memory");
	qir_ra_pressure_free(&p);
	free(uses);
	ractx_free(&x);
	return res;
}

/* Allocation in one mode, rematerializing constants while that helps: at
 * most QIR_RA_MAX_ROUNDS rounds, each linear in the program. */
VC4_CODE_ALIGN(4096)
static bool try_allocate(struct qir_compile *c, const struct ra_set *set, bool threaded,
			 struct qir_liveness *lv, struct qir_ra_result *out,
			 struct vc4_diag *diag)
{
	for (int i = 0;; i++) {
		enum attempt r = attempt(c, set, threaded, i ? NULL : lv, out, diag);
		if (r == ATTEMPT_OK)
			return true;
		if (r == ATTEMPT_FAILED)
			return false;
		if (i + 1 == QIR_RA_MAX_ROUNDS)
			return vc4_diag_set(diag, "register allocation failed: still no colouring "
					    "after %d rounds of rematerialization", i + 1);
	}
}

/* Drops every THRSW: the fallback to a single-threaded shader. */
static void remove_thrsw(struct qir_compile *c)
{
	struct qir_block *b;
	struct qir_inst *inst, *next;
	qir_foreach_block(c, b) {
		qir_foreach_inst_safe(b, inst, next) {
			if (inst->op == QIR_OP_THRSW)
				qir_inst_remove(c, b, inst);
		}
	}
	c->fs_threaded = false;
}

/* qir_register_allocate() after the validation; lv as in attempt(). */
static bool allocate(struct qir_compile *c, struct qir_liveness *lv, struct qir_ra_result *out,
		     struct vc4_diag *diag)
{
	const struct ra_set *set = qir_ra_set(diag);
	if (!set)
		return false;
	bool threaded = c->stage == QIR_STAGE_FRAGMENT && c->fs_threaded;
	struct vc4_diag first = {0};
	bool ok = try_allocate(c, set, threaded, lv, out, threaded ? &first : diag);
	if (!ok && threaded) {
		remove_thrsw(c);
		ok = try_allocate(c, set, false, NULL, out, diag);
	}
	if (!ok)
		qir_ra_result_free(out);
	return ok;
}

bool qir_register_allocate(struct qir_compile *c, struct qir_ra_result *out,
			   struct vc4_diag *diag)
{
	memset(out, 0, sizeof(*out));
	struct vc4_diag v = {0};
	if (!qir_validate(c, &v))
		return vc4_diag_set(diag, "register allocation: invalid program: %s", v.msg);
	return allocate(c, NULL, out, diag);
}

/* qir_register_allocate_live() validates unless NDEBUG (qir.h). */
#ifdef NDEBUG
static const bool validate_live = false;
#else
static const bool validate_live = true;
#endif

bool qir_register_allocate_live(struct qir_compile *c, struct qir_liveness *lv,
				struct qir_ra_result *out, struct vc4_diag *diag)
{
	memset(out, 0, sizeof(*out));
	struct vc4_diag v = {0};
	bool ok = !validate_live || qir_validate_live(c, lv, &v) ?
		  allocate(c, lv, out, diag) :
		  vc4_diag_set(diag, "register allocation: invalid program: %s", v.msg);
	qir_liveness_free(lv);   /* a no-op once taken over */
	return ok;
}

void qir_ra_result_free(struct qir_ra_result *r)
{
	free(r->temps);
	r->temps = NULL;
}
