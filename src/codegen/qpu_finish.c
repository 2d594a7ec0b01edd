/*
 * qpu_finish.c: what is decided once the whole program is scheduled — the
 * thread end (placed as early among the last instructions as the rules
 * allow, so their work fills its two delay slots), the scoreboard unlock of
 * fragment shaders, the last thread switch, relative branch targets and the
 * estimated cycle count.
 */
#include "codegen/emit_internal.h"

#define TMU_STALL 20   /* assumed cycles from a TMU request to its result (ours) */

/* May `w` carry the thread-end signal? */
static bool thrend_ok(uint64_t w, bool tlb_locked)
{
	struct emit_facts f;
	emit_facts(w, &f);
	if (qpu_form_of(w) != QPU_FORM_ALU || qpu_get_sig(w) != QPU_SIG_NONE)
		return false;
	if (f.wr_ra >= 0 || f.wr_rb >= 0 || f.fifo || f.r14)
		return false;
	return !f.tlb || tlb_locked;
}

/* May `w` sit in a thread-end delay slot (`last`: the final instruction,
 * which also takes the scoreboard unlock in a fragment shader)? A tile
 * buffer access there needs the scoreboard already locked (ours: Mesa never
 * puts one there, and an implicit wait so late is unverified). */
static bool slot_ok(uint64_t w, bool last, bool fs, bool tlb_locked)
{
	struct emit_facts f;
	emit_facts(w, &f);
	if (qpu_form_of(w) != QPU_FORM_ALU || f.fifo || f.r14 || (f.tlb && !tlb_locked))
		return false;
	if (qpu_get_sig(w) != QPU_SIG_NONE && qpu_get_sig(w) != QPU_SIG_SMALL_IMM)
		return false;
	if (last && (f.tlb_z || (fs && (f.tlb || qpu_get_sig(w) != QPU_SIG_NONE))))
		return false;
	return true;
}

/* Whether thread end at ip `at` works with the instructions after it. */
static bool end_fits(const struct emit_prog *p, uint32_t at, bool tlb_locked)
{
	uint32_t len = (uint32_t)p->out.len;
	if (at < len && !thrend_ok(p->out.data[at].word, tlb_locked))
		return false;
	for (uint32_t q = at + 1; q < len; q++)
		if (!slot_ok(p->out.data[q].word, q == at + 2, p->fs, tlb_locked))
			return false;
	return true;
}

/* The last block's first ip: every path to the end runs from there. */
static uint32_t last_entry(const struct emit_prog *p, uint32_t nblocks)
{
	uint32_t from = 0;
	for (uint32_t b = 0; b < nblocks; b++)
		if (p->block_ip[b] > from)
			from = p->block_ip[b];
	return from;
}

/* The earliest ip the thread end may take: after every block start (a
 * branch may land there), the last branch's delay slots and two after the
 * last thread switch. */
static uint32_t end_min(const struct emit_prog *p, uint32_t nblocks)
{
	uint32_t len = (uint32_t)p->out.len, min = last_entry(p, nblocks);
	for (uint32_t ip = 0; ip < len; ip++)
		if (qpu_form_of(p->out.data[ip].word) == QPU_FORM_BRANCH && ip + 4 > min)
			min = ip + 4;
	if (p->last_thrsw != UINT32_MAX && p->last_thrsw + 3 > min)
		min = p->last_thrsw + 3;
	return min;
}

/* Whether w may access the tile buffer or ms_flags: when false,
 * emit_facts() does not set tlb (a quick filter). */
static bool may_use_tlb(uint64_t w)
{
	if (qpu_sigs[qpu_get_sig(w)].flags & (QPU_SIGF_TLB | QPU_SIGF_SCOREBOARD))
		return true;
	unsigned addr[2] = { (unsigned)qpu_get_waddr_add(w), (unsigned)qpu_get_waddr_mul(w) };
	for (unsigned file = 0; file < 2; file++)
		for (unsigned h = 0; h < 2; h++) {
			const struct qpu_reg_info *r = &qpu_waddrs[file][addr[h]];
			if (r->periph == QPU_PERIPH_TLB || r->id == QPU_REG_MS_FLAGS)
				return true;
		}
	return qpu_raddrs[QPU_FILE_A][qpu_get_raddr_a(w)].id == QPU_REG_MS_FLAGS ||
	       qpu_raddrs[QPU_FILE_B][qpu_get_raddr_b(w)].id == QPU_REG_MS_FLAGS;
}

/* Whether [from, to) touches the tile buffer. */
static bool any_tlb(const struct emit_prog *p, uint32_t from, uint32_t to)
{
	for (uint32_t q = from; q < to; q++) {
		struct emit_facts f;
		if (!may_use_tlb(p->out.data[q].word))
			continue;
		emit_facts(p->out.data[q].word, &f);
		if (f.tlb)
			return true;
	}
	return false;
}

/* The latest instruction in [from, at) that can carry an explicit
 * scoreboard wait (ALU, no signal, no uniforms reset or TMU write, not in
 * the first two, not before a thread switch has taken effect), or
 * UINT32_MAX. */
static uint32_t wait_slot(const struct emit_prog *p, uint32_t from, uint32_t at)
{
	if (p->last_thrsw != UINT32_MAX && from < p->last_thrsw + 3)
		from = p->last_thrsw + 3;
	for (uint32_t q = at; q-- > from && q >= 2;) {
		uint64_t w = p->out.data[q].word;
		struct emit_facts f;
		emit_facts(w, &f);
		/* the kernel allows few signals on a uniforms reset; keep TMU
		 * writes in their plain form too */
		if (qpu_form_of(w) == QPU_FORM_ALU && qpu_get_sig(w) == QPU_SIG_NONE &&
		    !f.wr_unif_addr && !f.tmu_write)
			return q;
	}
	return UINT32_MAX;
}

/* Tries thread end at `cand`; *wait = where an explicit scoreboard wait
 * must go (UINT32_MAX: none needed). */
static bool end_candidate(const struct emit_prog *p, uint32_t entry, uint32_t cand,
			  uint32_t *wait)
{
	uint32_t len = (uint32_t)p->out.len;
	bool locked = any_tlb(p, entry, cand);
	*wait = UINT32_MAX;
	if (!locked && p->fs && any_tlb(p, cand, len)) {
		*wait = wait_slot(p, entry, cand);
		locked = *wait != UINT32_MAX;
	}
	return end_fits(p, cand, locked);
}

/* Puts the thread end on one of the last three words when the rules allow
 * (else on a new NOP), then the two delay slots and, in a fragment shader,
 * the scoreboard unlock; false when out of memory. */
static bool place_end(struct emit_prog *p, uint32_t nblocks)
{
	uint32_t len = (uint32_t)p->out.len, at = len, wait = UINT32_MAX;
	uint32_t min = end_min(p, nblocks), entry = last_entry(p, nblocks);
	for (uint32_t cand = len >= 3 ? len - 3 : 0; cand < len; cand++) {
		if (cand >= min && end_candidate(p, entry, cand, &wait)) {
			at = cand;
			break;
		}
	}
	if (at == len) {
		struct emit_out o = { qpu_nop(), -1, QIR_NONE };
		wait = UINT32_MAX;
		if (!vc4_array_push(&p->out, o))
			return false;
	}
	if (wait != UINT32_MAX)
		p->out.data[wait].word = qpu_set_sig(p->out.data[wait].word,
						     QPU_SIG_WAIT_FOR_SCOREBOARD);
	p->out.data[at].word = qpu_set_sig(p->out.data[at].word, QPU_SIG_PROG_END);
	while (p->out.len < (size_t)at + 3) {
		struct emit_out o = { qpu_nop(), -1, QIR_NONE };
		if (!vc4_array_push(&p->out, o))
			return false;
	}
	if (p->fs)
		p->out.data[at + 2].word = qpu_set_sig(p->out.data[at + 2].word,
						       QPU_SIG_SCOREBOARD_UNLOCK);
	return true;
}

/* Relative targets: the branch lands after its three delay slots plus imm. */
static void patch_branches(struct emit_prog *p)
{
	for (size_t ip = 0; ip < p->out.len; ip++) {
		struct emit_out *o = &p->out.data[ip];
		if (o->branch_to == QIR_NONE)
			continue;
		int64_t rel = qpu_branch_offset((uint32_t)ip, p->block_ip[o->branch_to]);
		o->word = qpu_set_imm(o->word, (uint32_t)(int32_t)rel);
	}
}

/* Whether w may write a TMU register or pop a TMU result: when false,
 * emit_facts() gives neither tmu_write nor tmu_load (a quick filter). */
static bool may_use_tmu(uint64_t w)
{
	if (qpu_sigs[qpu_get_sig(w)].flags & QPU_SIGF_TMU)
		return true;
	unsigned addr[2] = { (unsigned)qpu_get_waddr_add(w), (unsigned)qpu_get_waddr_mul(w) };
	for (unsigned file = 0; file < 2; file++)
		for (unsigned h = 0; h < 2; h++) {
			enum qpu_periph per = qpu_waddrs[file][addr[h]].periph;
			if (per == QPU_PERIPH_TMU0 || per == QPU_PERIPH_TMU1)
				return true;
		}
	return false;
}

/* Instructions plus the assumed TMU stalls on the straight path. */
static uint32_t estimate_cycles(const struct emit_prog *p)
{
	uint32_t cycles = (uint32_t)p->out.len, queue[16], head = 0, tail = 0;
	for (uint32_t ip = 0; ip < p->out.len; ip++) {
		struct emit_facts f;
		if (!may_use_tmu(p->out.data[ip].word))
			continue;
		emit_facts(p->out.data[ip].word, &f);
		if (f.tmu_write && tail - head < 16) {
			uint64_t w = p->out.data[ip].word;
			bool s = qpu_waddrs[0][qpu_get_waddr_add(w)].flags & QPU_REGF_TMU_RETIRE ||
				 qpu_waddrs[0][qpu_get_waddr_mul(w)].flags & QPU_REGF_TMU_RETIRE;
			if (s)
				queue[tail++ % 16] = ip;
		}
		if (f.tmu_load && head < tail) {
			uint32_t d = ip - queue[head++ % 16];
			if (d < TMU_STALL)
				cycles += TMU_STALL - d;
		}
	}
	return cycles;
}

/* Finishes the program: the last thread switch becomes the last-thread-switch
 * signal, the program end is placed, branch offsets are patched. False with
 * diag when out of memory. */
bool emit_finish(struct emit_prog *p, uint32_t nblocks, struct vc4_diag *diag)
{
	for (size_t ip = p->out.len; ip-- > 0;) {
		if (qpu_get_sig(p->out.data[ip].word) == QPU_SIG_THREAD_SWITCH &&
		    qpu_form_of(p->out.data[ip].word) == QPU_FORM_ALU) {
			p->out.data[ip].word = qpu_set_sig(p->out.data[ip].word,
							   QPU_SIG_LAST_THREAD_SWITCH);
			break;
		}
	}
	if (!place_end(p, nblocks))
		return vc4_diag_set(diag, "out of memory");
	patch_branches(p);
	p->cycles = estimate_cycles(p);
	return true;
}
