/*
 * qir_ra_acc.c: moves values read soon after their write from regfile A/B
 * into free accumulators after colouring (see qir_ra_acc.h). Interference
 * is live-range overlap, as in the allocator's graph: per ip, a mask of
 * the regfile registers in use and, per accumulator, the temp holding it
 * (at most one: they interfere). With at most 67 values live at an ip
 * (the pressure check), building them is linear in the program.
 */
#include "qir/qir_ra_acc.h"

#include <stdlib.h>
#include <string.h>

#include "qir/qir.h"
#include "qir/qir_ra_pressure.h"
#include "util/bits.h"
#include "util/code_align.h"
#include "util/zalloc.h"
#include "util/zero.h"

#define NUM_ACC 4u
#define REG_R4 4u
#define REG_RA0 5u
#define REG_END 69u
#define NO_TEMP UINT32_MAX
#define SCRATCH 14u   /* ra14/rb14: the emitter's, never allocated */

struct occ {
	uint64_t *rf;        /* per ip: regfile registers in use (bit = reg - REG_RA0) */
	uint32_t *holder;    /* [k * n + ip]: the temp in accumulator k, or NO_TEMP */
	uint32_t n;
};

static bool has_range(const struct qir_ra_acc *a, uint32_t t)
{
	return a->start[t] < a->end[t] && a->end[t] <= a->num_ips;
}

/* Marks (on) or clears temp t's register over its range [start, end) in the
 * occupancy map: accumulator holders per ip, regfile bits per ip. */
static inline void place(const struct qir_ra_acc *a, struct occ *o, uint32_t t, bool on)
{
	uint32_t r = a->reg[t];
	for (uint32_t ip = a->start[t]; ip < a->end[t]; ip++) {
		if (r < NUM_ACC)
			o->holder[r * o->n + ip] = on ? t : NO_TEMP;
		else if (r >= REG_RA0 && r < REG_END && on)
			o->rf[ip] |= 1ull << (r - REG_RA0);
		else if (r >= REG_RA0 && r < REG_END)
			o->rf[ip] &= ~(1ull << (r - REG_RA0));
	}
}

/* The regfile registers t may take (bits as in occ.rf). */
static uint64_t allowed_rf(const struct qir_ra_acc *a, uint32_t t)
{
	uint64_t half = a->threaded ? 0xffffull : 0xffffffffull;
	half &= ~(1ull << SCRATCH);
	return ((a->kinds[t] & K_A) ? half : 0) | ((a->kinds[t] & K_B) ? half << 32 : 0);
}

/* Moves accumulator value t to a regfile register free over its range. */
static bool evict(const struct qir_ra_acc *a, struct occ *o, uint32_t t)
{
	if (a->want[t] != 2 || a->end[t] - a->start[t] > 4 * QIR_RA_ACC_MAX_RANGE)
		return false;
	uint64_t used = 0;
	for (uint32_t ip = a->start[t]; ip < a->end[t]; ip++)
		used |= o->rf[ip];
	uint64_t free_rf = allowed_rf(a, t) & ~used;
	if (!free_rf)
		return false;
	place(a, o, t, false);
	a->reg[t] = REG_RA0 + vc4_ctz64(free_rf);
	place(a, o, t, true);
	return true;
}

/* Frees accumulator k over [s, e) by evicting its holders there (at most
 * two, each movable); false, with nothing changed, when that fails. */
static bool free_acc(const struct qir_ra_acc *a, struct occ *o, uint32_t k, uint32_t s, uint32_t e)
{
	uint32_t h[2], nh = 0;
	for (uint32_t ip = s; ip < e; ip++) {
		uint32_t t = o->holder[k * o->n + ip];
		if (t == NO_TEMP || (nh && h[nh - 1] == t))
			continue;
		if (nh == 2 || a->want[t] != 2)
			return false;
		h[nh++] = t;
	}
	if (nh == 2 && a->start[h[0]] < a->end[h[1]] && a->start[h[1]] < a->end[h[0]])
		return false;   /* cannot happen: one accumulator */
	uint32_t old0 = nh ? a->reg[h[0]] : 0;
	if (nh && !evict(a, o, h[0]))
		return false;
	if (nh == 2 && !evict(a, o, h[1])) {
		place(a, o, h[0], false);
		a->reg[h[0]] = old0;
		place(a, o, h[0], true);
		return false;
	}
	return true;
}

static bool acc_free(const struct occ *o, uint32_t k, uint32_t s, uint32_t e)
{
	for (uint32_t ip = s; ip < e; ip++)
		if (o->holder[k * o->n + ip] != NO_TEMP)
			return false;
	return true;
}

/* How long accumulator k has been free before ip s (at most IDLE_SCAN):
 * the longer, the fewer false dependencies for the QPU scheduler. */
#define IDLE_SCAN 16u
static uint32_t idle_before(const struct occ *o, uint32_t k, uint32_t s)
{
	uint32_t d = 0;
	while (d < IDLE_SCAN && d < s && o->holder[k * o->n + s - d - 1] == NO_TEMP)
		d++;
	return d;
}

static void move_to(const struct qir_ra_acc *a, struct occ *o, uint32_t t, uint32_t k)
{
	place(a, o, t, false);
	a->reg[t] = k;
	place(a, o, t, true);
}

/* Moves temp t into an accumulator: the free one idle longest before t's
 * range, else one that free_acc() can clear; t stays put when none can. */
static void move_in(const struct qir_ra_acc *a, struct occ *o, uint32_t t)
{
	uint32_t s = a->start[t], e = a->end[t], best = NUM_ACC, best_idle = 0;
	for (uint32_t k = 0; k < NUM_ACC; k++) {
		uint32_t idle = acc_free(o, k, s, e) ? idle_before(o, k, s) + 1 : 0;
		if (idle > best_idle)
			best = k, best_idle = idle;
	}
	if (best < NUM_ACC) {
		move_to(a, o, t, best);
		return;
	}
	for (uint32_t k = 0; k < NUM_ACC; k++) {
		if (free_acc(a, o, k, s, e)) {
			move_to(a, o, t, k);
			return;
		}
	}
}

/* Per temp, the fewest instructions from one of its writes to a read in
 * program order (255: never, or 255 or more); malloc'd, NULL when out of
 * memory (qir_ra_acc.h). */
VC4_CODE_ALIGN(512)
uint8_t *qir_ra_read_distances(const struct qir_compile *c)
{
	uint32_t nt = c->num_temps;
	uint32_t *last_write = malloc((nt + 1) * sizeof(uint32_t));
	uint8_t *dist = malloc(nt + 1);
	if (!last_write || !dist) {
		free(last_write);
		free(dist);
		return NULL;
	}
	vc4_set_bytes(dist, 0xff, nt + 1);
	for (uint32_t t = 0; t < nt; t++)
		last_write[t] = QIR_NONE;
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			for (int s = 0; s < qir_ops[inst->op].nsrc; s++) {
				struct qir_reg r = inst->src[s];
				if (r.file != QIR_FILE_TEMP || r.index >= nt ||
				    last_write[r.index] == QIR_NONE)
					continue;
				uint32_t d = inst->ip - last_write[r.index];
				if (d < dist[r.index])
					dist[r.index] = (uint8_t)d;
			}
			if (inst->dst.file == QIR_FILE_TEMP && inst->dst.index < nt)
				last_write[inst->dst.index] = inst->ip;
		}
	}
	free(last_write);
	return dist;
}

/* Moves the wanted temps into accumulators, in temp order (qir_ra_acc.h);
 * false when out of memory (nothing moved then). */
VC4_CODE_ALIGN(2048)
bool qir_ra_prefer_acc(const struct qir_ra_acc *a)
{
	struct occ o = { .n = a->num_ips + 1 };
	o.rf = vc4_calloc(o.n, sizeof(uint64_t));
	o.holder = malloc((size_t)NUM_ACC * o.n * sizeof(uint32_t));
	bool ok = o.rf && o.holder;
	if (ok)   /* every byte 0xff: NO_TEMP */
		vc4_set_bytes(o.holder, 0xff, (size_t)NUM_ACC * o.n * sizeof(uint32_t));
	for (uint32_t t = 0; ok && t < a->num_temps; t++)
		if (has_range(a, t))
			place(a, &o, t, true);
	for (uint32_t t = 0; ok && t < a->num_temps; t++) {
		if (!a->want[t] || !has_range(a, t) || a->end[t] - a->start[t] > QIR_RA_ACC_MAX_RANGE)
			continue;
		if (a->want[t] == 1 && a->reg[t] > REG_R4 && a->reg[t] < REG_END)
			move_in(a, &o, t);
	}
	free(o.rf);
	free(o.holder);
	return ok;
}
