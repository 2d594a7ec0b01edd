/*
 * qir_ra_pressure.c: the register allocator's pressure check (see
 * qir_ra_pressure.h): one sweep over the ips keeping, per kind set, the
 * number of live values whose kinds lie in it (the subset sums, updated as
 * ranges open and close), compared with the registers of each set, and
 * the failure message naming the IR line.
 */
#include "qir/qir_ra_pressure.h"

#include <stdio.h>
#include <stdlib.h>

#include "util/code_align.h"
#include "util/zalloc.h"

/* The temps of p sorted by range end: by_end[first[ip] .. first[ip + 1]).
 * False when out of memory. */
static bool sort_by_end(const struct qir_ra_pressure *p, uint32_t n, uint32_t **first,
			uint32_t **by_end)
{
	*first = vc4_calloc((size_t)n + 2, sizeof(uint32_t));
	*by_end = malloc(((size_t)p->count + 1) * sizeof(uint32_t));
	if (!*first || !*by_end)
		return false;
	for (uint32_t i = 0; i < p->count; i++)
		(*first)[p->lv->end[p->temp_of[i]] + 1]++;
	for (uint32_t ip = 0; ip < n; ip++)
		(*first)[ip + 1] += (*first)[ip];
	for (uint32_t i = 0; i < p->count; i++) {
		uint32_t t = p->temp_of[i];
		(*by_end)[(*first)[p->lv->end[t]]++] = t;
	}
	for (uint32_t ip = n; ip > 0; ip--)   /* the loop above moved each start up */
		(*first)[ip] = (*first)[ip - 1];
	(*first)[0] = 0;
	return true;
}

/* The subset sums: f[S] counts the live temps whose kinds lie in S (kept
 * as ranges open and close instead of transformed at every ip); over, the
 * kind sets S >= 1 with more than their registers. */
struct sums {
	uint32_t f[16];
	uint32_t over;
};

/* Adds d to f[S] for every kind set S containing `kinds`. */
static void add_kinds(struct sums *u, const uint32_t regs[16], unsigned kinds, uint32_t d)
{
	for (unsigned s = kinds; s < 16; s = (s + 1) | kinds) {
		bool was = s && u->f[s] > regs[s];
		u->f[s] += d;
		u->over += (uint32_t)(s && u->f[s] > regs[s]) - (uint32_t)was;
	}
}

/* Checks the subset sums of one ip; records the maximum and the worst
 * violation. True when some kind set is over. */
static bool evaluate(struct qir_ra_pressure *p, const struct sums *u, uint32_t live,
		     uint32_t ip)
{
	const uint32_t *f = u->f;
	if (live > p->max_live) {
		p->max_live = live;
		p->max_ip = ip;
	}
	if (!u->over)   /* every set fits: nothing to record */
		return false;
	bool bad = false;
	for (unsigned s = 1; s < 16; s++) {
		if (f[s] <= p->regs[s])
			continue;
		bad = true;
		if (p->bad_live && f[s] - p->regs[s] <= p->bad_live - p->bad_regs)
			continue;
		p->bad_live = f[s];
		p->bad_regs = p->regs[s];
		p->bad_kinds = s;
		p->bad_ip = ip;
	}
	return bad;
}

/* Sweeps the live ranges once: the most values live and where, and the worst
 * set of values that only some register kinds can hold, against the kinds'
 * register counts; sets p->fits and the bad_* fields. False when out of
 * memory. */
VC4_CODE_ALIGN(2048)
bool qir_ra_pressure_check(struct qir_ra_pressure *p)
{
	uint32_t n = p->lv->num_insts + 1, *first, *by_end;
	p->fits = true;
	p->max_live = p->max_ip = p->bad_live = p->bad_ip = p->bad_regs = p->bad_kinds = 0;
	p->bad_before = vc4_calloc((size_t)n + 2, sizeof(uint32_t));
	bool ok = sort_by_end(p, n, &first, &by_end) && p->bad_before;
	struct sums u = { { 0 }, 0 };
	uint32_t live = 0, si = 0, nbad = 0;
	bool bad = false;
	for (uint32_t ip = 0; ok && ip <= n; ip++) {
		p->bad_before[ip] = nbad;
		bool changed = false;
		for (uint32_t i = first[ip]; ip < n && i < first[ip + 1]; i++, changed = true)
			add_kinds(&u, p->regs, p->kinds[by_end[i]], (uint32_t)-1), live--;
		for (; si < p->count && p->lv->start[p->temp_of[si]] == ip; si++, changed = true)
			add_kinds(&u, p->regs, p->kinds[p->temp_of[si]], 1), live++;
		if (changed)
			bad = evaluate(p, &u, live, ip);
		nbad += bad;
		p->fits &= !bad;
	}
	free(first);
	free(by_end);
	return ok;
}

bool qir_ra_pressure_crosses(const struct qir_ra_pressure *p, uint32_t start, uint32_t end)
{
	return start + 1 < end && p->bad_before[end] > p->bad_before[start + 1];
}

/* "regfile A, regfile B or r4" for a kind set. */
static const char *kinds_text(unsigned kinds, char *buf, size_t size)
{
	static const char *const names[4] = { "regfile A", "regfile B", "r4", "r0-r3" };
	unsigned total = (unsigned)__builtin_popcount(kinds), k = 0;
	size_t len = 0;
	buf[0] = '\0';
	for (unsigned i = 0; i < 4; i++) {
		if (!(kinds & (1u << i)))
			continue;
		const char *sep = k == 0 ? "" : k + 1 == total ? " or " : ", ";
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s", sep,
					names[i]);
		k++;
	}
	return buf;
}

/* Sets diag to the failure message for p (qir_ra_pressure.h): the count over
 * all registers at the ip with most values live, else the worst kind set.
 * Returns false. */
bool qir_ra_pressure_fail(const struct qir_compile *c, const struct qir_ra_pressure *p,
			  struct vc4_diag *diag)
{
	char where[192], kinds[64];
	if (p->max_live > p->regs[K_ALL]) {
		qir_describe_ip(c, p->max_ip, where, sizeof(where));
		return vc4_diag_set(diag, "%sregister allocation failed: %u values live here, more "
				    "than the %u registers", where, p->max_live, p->regs[K_ALL]);
	}
	qir_describe_ip(c, p->bad_ip, where, sizeof(where));
	return vc4_diag_set(diag, "%sregister allocation failed: %u values live here can only "
			    "use %s (%u registers)", where, p->bad_live,
			    kinds_text(p->bad_kinds, kinds, sizeof(kinds)), p->bad_regs);
}

void qir_ra_pressure_free(struct qir_ra_pressure *p)
{
	free(p->bad_before);
	p->bad_before = NULL;
}
