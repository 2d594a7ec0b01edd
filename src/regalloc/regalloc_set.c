/*
 * regalloc_set.c: phase (a) of the allocator — a target's registers, their
 * conflicts and classes, and the p / q / blocked tables derived from them by
 * ra_set_finalize(). The meaning of p and q is explained in regalloc.c.
 */
#include "regalloc_private.h"

#include <stdlib.h>
#include <string.h>

#include "util/bits.h"

static uint32_t popcount_and(const uint64_t *a, const uint64_t *b, uint32_t words)
{
	uint32_t n = 0;
	for (uint32_t w = 0; w < words; w++)
		n += vc4_popcount64(a[w] & b[w]);
	return n;
}

static void set_bit(uint64_t *bits, uint32_t r)
{
	bits[r / 64] |= (uint64_t)1 << (r % 64);
}

static bool has_bit(const uint64_t *bits, uint32_t r)
{
	return (bits[r / 64] >> (r % 64)) & 1;
}

struct ra_set *ra_set_create(uint32_t nregs, struct vc4_diag *diag)
{
	if (nregs == 0 || nregs > RA_MAX_REGS) {
		vc4_diag_set(diag, "ra_set_create: %u registers (must be 1..%u)",
			     nregs, RA_MAX_REGS);
		return NULL;
	}
	struct ra_set *set = calloc(1, sizeof(*set));
	uint32_t words = (nregs + 63) / 64;
	uint64_t *conflict = calloc((size_t)nregs * words, sizeof(uint64_t));
	if (!set || !conflict) {
		free(set);
		free(conflict);
		vc4_diag_set(diag, "ra_set_create: out of memory for %u registers", nregs);
		return NULL;
	}
	set->nregs = nregs;
	set->words = words;
	set->conflict = conflict;
	for (uint32_t r = 0; r < nregs; r++)
		set_bit(conflict + (size_t)r * words, r);
	return set;
}

void ra_set_destroy(struct ra_set *set)
{
	if (!set)
		return;
	free(set->conflict);
	vc4_array_free(&set->class_bits);
	free(set->p);
	free(set->q);
	free(set->qt);
	free(set->blocked);
	free(set->qmax);
	free(set);
}

/* Common checks of a building call: the set exists, is not frozen, and no
 * earlier call failed (the first error is the one reported). */
static bool building(struct ra_set *set, const char *fn)
{
	if (!set || set->err.set)
		return false;
	if (set->finalized)
		return vc4_diag_set(&set->err, "%s: set already finalised", fn);
	return true;
}

static bool check_reg(struct ra_set *set, const char *fn, uint32_t r)
{
	if (r < set->nregs)
		return true;
	return vc4_diag_set(&set->err, "%s: register %u out of range (set has %u registers)",
			    fn, r, set->nregs);
}

bool ra_set_add_conflict(struct ra_set *set, uint32_t r1, uint32_t r2)
{
	static const char fn[] = "ra_set_add_conflict";
	if (!building(set, fn) || !check_reg(set, fn, r1) || !check_reg(set, fn, r2))
		return false;
	set_bit(set->conflict + (size_t)r1 * set->words, r2);
	set_bit(set->conflict + (size_t)r2 * set->words, r1);
	return true;
}

uint32_t ra_class_create(struct ra_set *set)
{
	static const char fn[] = "ra_class_create";
	if (!building(set, fn))
		return RA_NO_CLASS;
	if (set->nclasses == RA_MAX_CLASSES) {
		vc4_diag_set(&set->err, "%s: too many classes (limit is %u)", fn, RA_MAX_CLASSES);
		return RA_NO_CLASS;
	}
	if (!vc4_array_reserve(&set->class_bits, set->words)) {
		vc4_diag_set(&set->err, "%s: out of memory", fn);
		return RA_NO_CLASS;
	}
	memset(set->class_bits.data + set->class_bits.len, 0, set->words * sizeof(uint64_t));
	set->class_bits.len += set->words;
	return set->nclasses++;
}

bool ra_class_add_reg(struct ra_set *set, uint32_t cls, uint32_t r)
{
	static const char fn[] = "ra_class_add_reg";
	if (!building(set, fn) || !check_reg(set, fn, r))
		return false;
	if (cls >= set->nclasses)
		return vc4_diag_set(&set->err, "%s: class %u out of range (set has %u classes)",
				    fn, cls, set->nclasses);
	set_bit(set->class_bits.data + (size_t)cls * set->words, r);
	return true;
}

/* Fills p, blocked, qmax and q from the class and conflict bitsets:
 * blocked[c][r] = |conflicts(r) ∩ c|, qmax[c] = max over r of blocked[c][r],
 * q[b][c] = max over r in c of blocked[b][r]. */
static void compute_tables(struct ra_set *set)
{
	uint32_t k = set->nclasses, n = set->nregs;
	for (uint32_t c = 0; c < k; c++) {
		const uint64_t *cbits = ra_set_class_row(set, c);
		set->p[c] = popcount_and(cbits, cbits, set->words);
		for (uint32_t r = 0; r < n; r++) {
			uint32_t v = popcount_and(cbits, ra_set_conflict_row(set, r), set->words);
			set->blocked[(size_t)c * n + r] = v;
			set->qmax[c] = v > set->qmax[c] ? v : set->qmax[c];
		}
	}
	for (uint32_t b = 0; b < k; b++) {
		for (uint32_t c = 0; c < k; c++) {
			const uint64_t *cbits = ra_set_class_row(set, c);
			uint32_t max = 0;
			for (uint32_t r = 0; r < n; r++) {
				uint32_t v = set->blocked[(size_t)b * n + r];
				if (has_bit(cbits, r) && v > max)
					max = v;
			}
			set->q[(size_t)b * k + c] = max;
			set->qt[(size_t)c * k + b] = max;
		}
	}
}

bool ra_set_finalize(struct ra_set *set, struct vc4_diag *diag)
{
	static const char fn[] = "ra_set_finalize";
	if (!set)
		return vc4_diag_set(diag, "%s: no set", fn);
	if (!building(set, fn))
		return vc4_diag_set(diag, "%s", set->err.msg);
	uint32_t k = set->nclasses;
	set->p = calloc(k ? k : 1, sizeof(uint32_t));
	set->q = calloc(k ? (size_t)k * k : 1, sizeof(uint32_t));
	set->qt = calloc(k ? (size_t)k * k : 1, sizeof(uint32_t));
	set->blocked = calloc(k ? (size_t)k * set->nregs : 1, sizeof(uint32_t));
	set->qmax = calloc(k ? k : 1, sizeof(uint32_t));
	if (!set->p || !set->q || !set->qt || !set->blocked || !set->qmax) {
		vc4_diag_set(&set->err, "%s: out of memory for %u classes", fn, k);
		return vc4_diag_set(diag, "%s", set->err.msg);
	}
	compute_tables(set);
	set->finalized = true;
	return true;
}

uint32_t ra_set_reg_count(const struct ra_set *set)
{
	return set ? set->nregs : 0;
}

uint32_t ra_set_class_count(const struct ra_set *set)
{
	return set ? set->nclasses : 0;
}

uint32_t ra_class_p(const struct ra_set *set, uint32_t cls)
{
	if (!set || cls >= set->nclasses)
		return 0;
	const uint64_t *bits = ra_set_class_row(set, cls);
	return popcount_and(bits, bits, set->words);
}

uint32_t ra_class_q(const struct ra_set *set, uint32_t b, uint32_t c)
{
	if (!set || !set->finalized || b >= set->nclasses || c >= set->nclasses)
		return 0;
	return set->q[(size_t)b * set->nclasses + c];
}

bool ra_set_conflicts(const struct ra_set *set, uint32_t r1, uint32_t r2)
{
	if (!set || r1 >= set->nregs || r2 >= set->nregs)
		return false;
	return has_bit(ra_set_conflict_row(set, r1), r2);
}

bool ra_class_contains(const struct ra_set *set, uint32_t cls, uint32_t r)
{
	if (!set || cls >= set->nclasses || r >= set->nregs)
		return false;
	return has_bit(ra_set_class_row(set, cls), r);
}
