/*
 * qpu_finish.c: what is decided once the whole program is scheduled — the
 * thread end (placed as early among the last instructions as the rules
 * allow, so their work fills its two delay slots; the last two words may
 * trade places for it), the scoreboard unlock of
 * fragment shaders, the last thread switch, relative branch targets and the
 * estimated cycle count.
 */
#include "codegen/emit_hazards.h"
#include "codegen/emit_internal.h"
#include "util/code_align.h"

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

/* The first instruction in [from, to) that touches the tile buffer, or
 * `to`. */
static uint32_t first_tlb(const struct emit_prog *p, uint32_t from, uint32_t to)
{
	for (uint32_t q = from; q < to; q++) {
		struct emit_facts f;
		if (!may_use_tlb(p->out.data[q].word))
			continue;
		emit_facts(p->out.data[q].word, &f);
		if (f.tlb)
			return q;
	}
	return to;
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
		if (qpu_form_of(w) != QPU_FORM_ALU || qpu_get_sig(w) != QPU_SIG_NONE)
			continue;   /* the wait is a signal: no room (small immediates too) */
		struct emit_facts f;
		emit_facts(w, &f);
		/* the kernel allows few signals on a uniforms reset; keep TMU
		 * writes in their plain form too */
		if (!f.wr_unif_addr && !f.tmu_write)
			return q;
	}
	return UINT32_MAX;
}

/* Tries thread end at `cand` (>= entry; `tlb`: first_tlb() from entry);
 * *wait = where an explicit scoreboard wait must go (UINT32_MAX: none
 * needed). */
static bool end_candidate(const struct emit_prog *p, uint32_t entry, uint32_t tlb,
			  uint32_t cand, uint32_t *wait)
{
	uint32_t len = (uint32_t)p->out.len;
	bool locked = tlb < cand;
	*wait = UINT32_MAX;
	if (!locked && p->fs && tlb < len) {
		*wait = wait_slot(p, entry, cand);
		locked = *wait != UINT32_MAX;
	}
	return end_fits(p, cand, locked);
}

/* Whether w's only accumulator write is a byte of an 8-bit MUL pack (PM
 * set, .8a-.8d) into r0-r3; *acc and *byte get which. */
static bool byte_pack(uint64_t w, unsigned *acc, unsigned *byte)
{
	unsigned m = qpu_get_waddr_mul(w), pack = qpu_get_pack(w);
	int a = qpu_reg_acc(qpu_waddrs[qpu_waddr_file(true, qpu_get_ws(w))][m].id);
	if (!qpu_get_pm(w) || a < 0 || a > 3 || qpu_get_waddr_add(w) == m ||
	    pack < QPU_PACK_MUL_8A || pack > QPU_PACK_MUL_8D)
		return false;
	*acc = (unsigned)a;
	*byte = pack;
	return true;
}

/* Whether words x and y (facts fx, fy) may trade places: no value, flag,
 * peripheral or FIFO order between them, no SFU/TMU/TLB/uniforms-address
 * work; both writing one accumulator is allowed for two different bytes of
 * an 8-bit pack (each write leaves the other bytes). */
static bool swappable(uint64_t x, const struct emit_facts *fx, uint64_t y,
		      const struct emit_facts *fy)
{
	const struct emit_facts *f[2] = { fx, fy };
	for (int i = 0; i < 2; i++)
		if (!f[i]->is_alu || f[i]->sfu || f[i]->tmu_write || f[i]->tmu_load ||
		    f[i]->r4_sig || f[i]->tlb || f[i]->wr_unif_addr || f[i]->fifo)
			return false;
	if ((fx->wr_acc & fy->rd_acc) || (fy->wr_acc & fx->rd_acc) || (fx->periph & fy->periph))
		return false;
	if ((fx->wr_flags && (fy->rd_flags || fy->wr_flags)) || (fy->wr_flags && fx->rd_flags))
		return false;
	if ((fx->wr_ra >= 0 && (fx->wr_ra == fy->rd_ra || fx->wr_ra == fy->wr_ra)) ||
	    (fx->wr_rb >= 0 && (fx->wr_rb == fy->rd_rb || fx->wr_rb == fy->wr_rb)) ||
	    (fy->wr_ra >= 0 && fy->wr_ra == fx->rd_ra) || (fy->wr_rb >= 0 && fy->wr_rb == fx->rd_rb))
		return false;
	if (!(fx->wr_acc & fy->wr_acc))
		return true;
	unsigned ax, bx, ay, by;
	return byte_pack(x, &ax, &bx) && byte_pack(y, &ay, &by) && ax == ay && bx != by &&
	       (fx->wr_acc & fy->wr_acc) == (1u << ax);
}

/* Whether word `ip` may follow the two words before it (emit_legal_after). */
static bool legal_at(const struct emit_prog *p, uint32_t ip)
{
	struct emit_recent r = { ip, { { 0 } } };
	struct emit_facts n;
	for (unsigned back = 1; back <= 2 && back <= ip; back++)
		emit_facts(p->out.data[ip - back].word, &r.prev[back - 1]);
	emit_facts(p->out.data[ip].word, &n);
	return emit_legal_after(&r, p->out.data[ip].word, &n, p->fs);
}

/* Swaps the words at ip and ip + 1 when swappable() and every hazard rule
 * still holds up to `end`; true when swapped. */
static bool try_swap(struct emit_prog *p, uint32_t ip, uint32_t end)
{
	struct emit_facts fx, fy;
	emit_facts(p->out.data[ip + 1].word, &fx);
	emit_facts(p->out.data[ip].word, &fy);
	if (!swappable(p->out.data[ip + 1].word, &fx, p->out.data[ip].word, &fy))
		return false;
	struct emit_out t = p->out.data[ip];
	p->out.data[ip] = p->out.data[ip + 1];
	p->out.data[ip + 1] = t;
	bool ok = true;
	for (uint32_t q = ip; q < end && q <= ip + 3 && ok; q++)
		ok = legal_at(p, q);
	if (!ok) {
		p->out.data[ip + 1] = p->out.data[ip];
		p->out.data[ip] = t;
	}
	return ok;
}

/* The thread end's ip among the last three words (len: none fits), and
 * where the explicit scoreboard wait goes. */
VC4_CODE_ALIGN(1024)
static uint32_t find_end(const struct emit_prog *p, uint32_t min, uint32_t entry,
			 uint32_t *wait)
{
	uint32_t len = (uint32_t)p->out.len, tlb = first_tlb(p, entry, len);
	for (uint32_t cand = len >= 3 ? len - 3 : 0; cand < len; cand++)
		if (cand >= min && end_candidate(p, entry, tlb, cand, wait))
			return cand;
	*wait = UINT32_MAX;
	return len;
}

/* When the thread end would take the last word or a new NOP, tries the
 * last-but-one and last-but-two words the other way round, which may let
 * it move one earlier (a signal or uniform read on the last-but-one word
 * blocks it); keeps the order that ends sooner. */
static uint32_t end_with_swap(struct emit_prog *p, uint32_t min, uint32_t entry,
			      uint32_t at, uint32_t *wait)
{
	uint32_t len = (uint32_t)p->out.len, w2;
	if (at + 1 < len || len < 4 || len - 3 < min || len - 3 < 2 ||
	    !try_swap(p, len - 3, len))
		return at;
	uint32_t at2 = find_end(p, min, entry, &w2);
	if (at2 < at) {
		*wait = w2;
		return at2;
	}
	struct emit_out t = p->out.data[len - 3];   /* back as it was */
	p->out.data[len - 3] = p->out.data[len - 2];
	p->out.data[len - 2] = t;
	return at;
}

/* Puts the thread end on one of the last three words when the rules allow
 * (else on a new NOP), then the two delay slots and, in a fragment shader,
 * the scoreboard unlock; false when out of memory. A vertex or coordinate
 * shader ends with its last VPM write, which no slot may take (no VPM
 * access in the last three instructions), and nothing after it is live:
 * its end is always that write and three NOPs, as Mesa's. */
static bool place_end(struct emit_prog *p, uint32_t nblocks)
{
	uint32_t len = (uint32_t)p->out.len, wait = UINT32_MAX;
	uint32_t min = end_min(p, nblocks), entry = last_entry(p, nblocks);
	uint32_t at = find_end(p, min, entry, &wait);
	at = end_with_swap(p, min, entry, at, &wait);
	if (at == len) {   /* a new NOP, at min at the earliest (after a switch's slots) */
		struct emit_out o = { qpu_nop(), -1, QIR_NONE };
		wait = UINT32_MAX;
		do
			if (!vc4_array_push(&p->out, o))
				return false;
		while (p->out.len <= min);
		at = (uint32_t)p->out.len - 1;
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
VC4_CODE_ALIGN(2048)
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
