/*
 * emit_hazards.h: the rules that relate an instruction to the two emitted
 * before it (docs/check.md): regfile read-after-write, r4 after an SFU write
 * (no read, no other r4 load), uniform reads after a uniforms_addr write,
 * ms_flags after a TLB Z write, no tile-buffer access in a fragment shader's
 * first two instructions and no branch in the first two (the kernel's rule).
 * Checking against the words really emitted makes the rules hold across
 * block boundaries too. Inline: the scheduler asks for every candidate of
 * every cycle (under qemu-arm a call into another page and its return cost
 * two block lookups).
 */
#ifndef VC4_CODEGEN_EMIT_HAZARDS_H
#define VC4_CODEGEN_EMIT_HAZARDS_H

#include "codegen/emit_internal.h"

/* The rules against one earlier word `back` instructions before. */
static inline bool emit_legal_after_one(const struct emit_facts *prev, unsigned back,
					const struct emit_facts *n)
{
	if (back == 1 && ((n->rd_ra >= 0 && n->rd_ra == prev->wr_ra) ||
			  (n->rd_rb >= 0 && n->rd_rb == prev->wr_rb)))
		return false;
	if (prev->sfu && ((n->rd_acc | n->wr_acc) & (1u << 4)))
		return false;
	if (prev->wr_unif_addr && n->rd_unif)
		return false;
	return !(prev->tlb_z && n->rd_ms_flags);
}

/* Copies word's facts out of m into f; false when m does not know it. */
static inline bool emit_memo_find(const struct emit_memo *m, uint64_t word,
				  struct emit_facts *f)
{
	for (unsigned i = 0; i < m->used; i++)
		if (m->word[i] == word) {
			*f = m->f[i];
			return true;
		}
	return false;
}

/* Puts word's facts f into m, replacing the oldest entry when full. */
static inline void emit_memo_store(struct emit_memo *m, uint64_t word, const struct emit_facts *f)
{
	unsigned i = m->used < EMIT_MEMO ? m->used++ : m->next;
	m->next = (uint8_t)((i + 1) % EMIT_MEMO);
	m->word[i] = word;
	m->f[i] = *f;
}

/* Remembers f as word's facts in m (replacing the oldest entry when full),
 * unless m knows the word already. */
static inline void emit_memo_put(struct emit_memo *m, uint64_t word, const struct emit_facts *f)
{
	struct emit_facts known;
	if (!emit_memo_find(m, word, &known))
		emit_memo_store(m, word, f);
}

/* emit_facts(word, f) through the memo m. */
static inline void emit_facts_memo(struct emit_memo *m, uint64_t word, struct emit_facts *f)
{
	if (emit_memo_find(m, word, f))
		return;
	emit_facts(word, f);
	emit_memo_store(m, word, f);
}

/* The facts of the last two words emitted, into r. */
static inline void emit_recent_get(struct emit_prog *p, struct emit_recent *r)
{
	r->len = p->out.len;
	for (unsigned back = 1; back <= 2 && back <= r->len; back++) {
		uint64_t w = p->out.data[r->len - back].word;
		struct emit_facts *f = &r->prev[back - 1];
		if (!emit_memo_find(&p->recent, w, f)) {
			emit_facts_memo(&p->memo, w, f);
			emit_memo_store(&p->recent, w, f);
		}
	}
}

/* Whether `next` (facts n) may follow the words described by r: no branch or
 * FS TLB access among the first two words, and every rule against each of the
 * last two words holds (emit_legal_after_one()). */
static inline bool emit_legal_after(const struct emit_recent *r, uint64_t next,
				    const struct emit_facts *n, bool fs)
{
	if (r->len < 2 && (qpu_form_of(next) == QPU_FORM_BRANCH || (fs && n->tlb)))
		return false;
	for (unsigned back = 1; back <= 2 && back <= r->len; back++) {
		if (!emit_legal_after_one(&r->prev[back - 1], back, n))
			return false;
	}
	return true;
}

#endif
