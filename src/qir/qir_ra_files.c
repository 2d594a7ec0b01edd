/*
 * qir_ra_files.c: moves values out of same-file operand collisions after
 * colouring (see qir_ra_files.h). The colouring's select callback already
 * prefers the file a value's coloured operand partners do not use, but it
 * sees only the partners coloured before it, and the accumulator pass moves
 * values afterwards; this pass looks at the final assignment, with the
 * allocator's operand-partner lists (temps read together, small
 * immediates; special registers with a fixed file are not counted).
 * Interference is live-range overlap, as in the allocator's graph: per ip,
 * a mask of the regfile registers and of the accumulators in use, built
 * only when something collides.
 */
#include "qir/qir_ra_files.h"

#include <stdlib.h>

#include "qir/qir_ra_pressure.h"
#include "qir/qir_ra_set.h"
#include "util/bits.h"
#include "util/code_align.h"
#include "util/zalloc.h"

#define NUM_ACC 4u
#define SCRATCH 14u   /* ra14/rb14: the emitter's, never allocated */
#define IDLE_SCAN 16u
#define MAX_ROUNDS 2

struct split {
	const struct qir_ra_files *f;
	uint32_t nt;
	uint64_t *rf;        /* per ip: regfile registers in use (bit = reg - REG_RA0) */
	uint8_t *acc;        /* per ip: accumulators r0-r3 in use */
};

/* 0 = file A, 1 = file B, -1 = an accumulator or no register. */
static int file_of(uint32_t r)
{
	return r < REG_RA0 || r >= NUM_REGS ? -1 : r >= REG_RB0;
}

static bool has_range(const struct qir_ra_files *f, uint32_t t)
{
	return f->start[t] < f->end[t] && f->end[t] <= f->num_ips;
}

/* Marks (on) or clears temp t's register over its range. */
VC4_CODE_ALIGN(256)
static void place(struct split *s, uint32_t t, bool on)
{
	uint32_t r = s->f->reg[t];
	for (uint32_t ip = s->f->start[t]; ip < s->f->end[t]; ip++) {
		if (r < NUM_ACC && on)
			s->acc[ip] |= (uint8_t)(1u << r);
		else if (r < NUM_ACC)
			s->acc[ip] &= (uint8_t)~(1u << r);
		else if (file_of(r) >= 0 && on)
			s->rf[ip] |= 1ull << (r - REG_RA0);
		else if (file_of(r) >= 0)
			s->rf[ip] &= ~(1ull << (r - REG_RA0));
	}
}

/* How many of t's reads collide when t lives in `file` (0 = A, 1 = B). */
static uint32_t collisions(const struct split *s, uint32_t t, int file)
{
	const struct qir_ra_files *f = s->f;
	uint32_t n = file ? f->imm_reads[t] : 0;
	for (uint32_t i = f->pstart[t]; i < f->pstart[t + 1]; i++)
		n += file_of(f->reg[f->partners[i]]) == file;
	return n;
}

/* The register bits (as in split.rf; accumulators as bits 0-3 of the
 * result when `acc`) free over t's range that its kinds allow. */
static uint64_t free_regs(const struct split *s, uint32_t t, int file, bool acc)
{
	const struct qir_ra_files *f = s->f;
	uint64_t used = 0;
	for (uint32_t ip = f->start[t]; ip < f->end[t]; ip++)
		used |= acc ? s->acc[ip] : s->rf[ip];
	if (acc)
		return (f->kinds[t] & K_ACC) ? ~used & 0xfull : 0;
	uint64_t half = (f->threaded ? 0xffffull : 0xffffffffull) & ~(1ull << SCRATCH);
	uint64_t allowed = file ? ((f->kinds[t] & K_B) ? half << 32 : 0) :
				  ((f->kinds[t] & K_A) ? half : 0);
	return allowed & ~used;
}

/* Of the free registers in `bits`, the one idle longest before ip start
 * (fewer false dependencies for the QPU scheduler); its ra_set number. */
static uint32_t pick(const struct split *s, uint64_t bits, bool acc, uint32_t start)
{
	uint32_t best = UINT32_MAX, best_idle = 0;
	for (; bits; bits &= bits - 1) {
		uint32_t k = vc4_ctz64(bits), d = 0;
		while (d < IDLE_SCAN && d < start &&
		       !((acc ? s->acc[start - d - 1] : s->rf[start - d - 1]) >> k & 1))
			d++;
		if (best == UINT32_MAX || d > best_idle)
			best = k, best_idle = d;
	}
	return acc ? best : REG_RA0 + best;
}

/* Whether register bit `bit` (as in split.rf) is free over t's range but
 * where temp `except` holds it. */
static bool free_but(const struct split *s, uint32_t t, uint32_t bit, uint32_t except)
{
	const struct qir_ra_files *f = s->f;
	for (uint32_t ip = f->start[t]; ip < f->end[t]; ip++)
		if ((s->rf[ip] >> bit & 1) && (ip < f->start[except] || ip >= f->end[except]))
			return false;
	return true;
}

static bool kind_allows(const struct qir_ra_files *f, uint32_t t, uint32_t r)
{
	int file = file_of(r);
	uint32_t idx = r - (file ? REG_RB0 : REG_RA0);
	return file >= 0 && (f->kinds[t] & (file ? K_B : K_A)) &&
	       (!f->threaded || idx < 16) && idx != SCRATCH;
}

/* Exchanges the registers of t and v when each is free over the other's
 * range and the collisions of both drop; true when it did. */
static bool try_swap(struct split *s, uint32_t t, uint32_t v)
{
	const struct qir_ra_files *f = s->f;
	uint32_t rt = f->reg[t], rv = f->reg[v];
	if (f->pinned[v] || !has_range(f, v) || f->start[v] >= f->end[t] ||
	    f->start[t] >= f->end[v] || !kind_allows(f, t, rv) || !kind_allows(f, v, rt))
		return false;   /* (a value not overlapping t's range would have left rv free) */
	uint32_t before = collisions(s, t, file_of(rt)) + collisions(s, v, file_of(rv));
	f->reg[t] = rv;
	f->reg[v] = rt;
	uint32_t after = collisions(s, t, file_of(rv)) + collisions(s, v, file_of(rt));
	f->reg[t] = rt;
	f->reg[v] = rv;
	if (after >= before || !free_but(s, t, rv - REG_RA0, v) || !free_but(s, v, rt - REG_RA0, t))
		return false;
	place(s, t, false);
	place(s, v, false);
	f->reg[t] = rv;
	f->reg[v] = rt;
	place(s, t, true);
	place(s, v, true);
	return true;
}

/* t (in `file`) trades registers with a value of the other file. */
static bool swap_any(struct split *s, uint32_t t, int file)
{
	for (uint32_t v = 0; v < s->nt; v++)
		if (v != t && file_of(s->f->reg[v]) == !file && try_swap(s, t, v))
			return true;
	return false;
}

/* Moves t when another home collides less: a free accumulator (no
 * collision, and no nop when read right after its write), else a free
 * register of the other file, else by trading registers with a value of
 * the other file; true when it moved. */
static bool split_one(struct split *s, uint32_t t)
{
	const struct qir_ra_files *f = s->f;
	int file = file_of(f->reg[t]);
	if (file < 0 || f->pinned[t] || !has_range(f, t))
		return false;
	uint32_t now = collisions(s, t, file);
	if (!now)
		return false;
	uint32_t there = collisions(s, t, !file);
	uint64_t other = free_regs(s, t, !file, false), acc = free_regs(s, t, 0, true);
	uint32_t r;
	if (acc)
		r = pick(s, acc, true, f->start[t]);
	else if (other && there < now)
		r = pick(s, other, false, f->start[t]);
	else
		return swap_any(s, t, file);
	place(s, t, false);
	f->reg[t] = r;
	place(s, t, true);
	return true;
}

/* Whether any read collides at all (most programs: none, nothing to do). */
static bool any_collision(const struct split *s)
{
	for (uint32_t t = 0; t < s->nt; t++) {
		int file = file_of(s->f->reg[t]);
		if (file >= 0 && has_range(s->f, t) && collisions(s, t, file))
			return true;
	}
	return false;
}

VC4_CODE_ALIGN(4096)
int qir_ra_split_files(const struct qir_ra_files *f)
{
	struct split s = { .f = f, .nt = f->num_temps };
	if (!any_collision(&s))
		return 0;
	s.rf = vc4_calloc(f->num_ips + 1, sizeof(uint64_t));
	s.acc = vc4_calloc(f->num_ips + 1, 1);
	int moved = -1;
	if (s.rf && s.acc) {
		moved = 0;
		for (uint32_t t = 0; t < s.nt; t++)
			if (has_range(f, t))
				place(&s, t, true);
		for (int round = 0, progress = 1; progress && round < MAX_ROUNDS; round++) {
			progress = 0;
			for (uint32_t t = 0; t < s.nt; t++)
				progress += split_one(&s, t);
			moved += progress;
		}
	}
	free(s.rf);
	free(s.acc);
	return moved;
}
