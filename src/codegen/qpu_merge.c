/*
 * qpu_merge.c: pairing two unpaired instructions into one word — the ADD
 * half of one and the MUL half of the other, when the fields they share
 * agree: one signal (equal small immediates may be shared), raddr_a and
 * raddr_b (a uniform/varying/VPM read may move to the other file), one
 * closely-coupled peripheral, one uniform, ws, the PM-selected pack/unpack
 * not touching the other half, and set-flags taken from the right ALU.
 * Everything works on the 64-bit words through the ISA table's field
 * accessors (qpu_isa.h): no instruction is decoded, since the scheduler
 * tries every ready candidate against each cycle's first node.
 */
#include "codegen/emit_internal.h"
#include "util/code_align.h"

/* Whether word w reads mux m in a half that does something. */
static bool half_reads_mux(uint64_t w, enum qpu_mux m)
{
	unsigned op_add = qpu_get_op_add(w), op_mul = qpu_get_op_mul(w);
	if (op_add != QPU_A_NOP &&
	    (qpu_get_add_a(w) == m || (qpu_add_ops[op_add].nsrc > 1 && qpu_get_add_b(w) == m)))
		return true;
	return op_mul != QPU_M_NOP &&
	       (qpu_get_mul_a(w) == m || (qpu_mul_ops[op_mul].nsrc > 1 && qpu_get_mul_b(w) == m));
}

/* Word w with every mux (of both halves, in use or not) that reads file A
 * reading file B instead. */
static uint64_t muxes_a_to_b(uint64_t w)
{
	if (qpu_get_add_a(w) == QPU_MUX_A)
		w = qpu_set_add_a(w, QPU_MUX_B);
	if (qpu_get_add_b(w) == QPU_MUX_A)
		w = qpu_set_add_b(w, QPU_MUX_B);
	if (qpu_get_mul_a(w) == QPU_MUX_A)
		w = qpu_set_mul_a(w, QPU_MUX_B);
	if (qpu_get_mul_b(w) == QPU_MUX_A)
		w = qpu_set_mul_b(w, QPU_MUX_B);
	return w;
}

/* Moves a same-on-both-files read from raddr_a to raddr_b. */
static bool move_a_to_b(uint64_t *w)
{
	unsigned ra = qpu_get_raddr_a(*w);
	if (qpu_get_raddr_b(*w) != QPU_R_NOP || qpu_get_sig(*w) == QPU_SIG_SMALL_IMM ||
	    !qpu_raddr_same_on_both(ra))
		return false;
	*w = muxes_a_to_b(qpu_set_raddr_a(qpu_set_raddr_b(*w, ra), QPU_R_NOP));
	return true;
}

/* Whether reading `addr` of file f pops a FIFO (uniform, varying, VPM). */
static bool is_fifo_read(enum qpu_file f, unsigned addr)
{
	return qpu_raddrs[f][addr].flags & QPU_REGF_FIFO_POP;
}

/* Combines the read addresses of y into x; false on a clash. */
static bool merge_raddrs(uint64_t *x, uint64_t *y)
{
	unsigned xa = qpu_get_raddr_a(*x), ya = qpu_get_raddr_a(*y);
	if (xa != QPU_R_NOP && ya != QPU_R_NOP && xa != ya && !move_a_to_b(y) && !move_a_to_b(x))
		return false;
	xa = qpu_get_raddr_a(*x);
	ya = qpu_get_raddr_a(*y);
	if (xa != QPU_R_NOP && xa == ya &&
	    (is_fifo_read(QPU_FILE_A, xa) || qpu_get_unpack(*x) || qpu_get_unpack(*y)))
		return false;
	unsigned xb = qpu_get_raddr_b(*x), yb = qpu_get_raddr_b(*y);
	bool xs = qpu_get_sig(*x) == QPU_SIG_SMALL_IMM, ys = qpu_get_sig(*y) == QPU_SIG_SMALL_IMM;
	if (xb != QPU_R_NOP && yb != QPU_R_NOP) {
		if (xb != yb || xs != ys)
			return false;
		if (!xs && is_fifo_read(QPU_FILE_B, xb))
			return false;
	}
	if ((xs && yb != QPU_R_NOP && !ys) || (ys && xb != QPU_R_NOP && !xs))
		return false;
	if (xa == QPU_R_NOP)
		*x = qpu_set_raddr_a(*x, ya);
	if (xb == QPU_R_NOP)
		*x = qpu_set_raddr_b(*x, yb);
	return true;
}

/* The ws word w's writes need: -1 either, 0 or 1. */
static int ws_need(uint64_t w)
{
	if ((qpu_get_op_add(w) != QPU_A_NOP && !qpu_waddr_ignores_ws(qpu_get_waddr_add(w))) ||
	    (qpu_get_op_mul(w) != QPU_M_NOP && !qpu_waddr_ignores_ws(qpu_get_waddr_mul(w))))
		return (int)qpu_get_ws(w);
	return -1;
}

/* Whether p's pack/unpack/PM can ride along with o (which has none);
 * fo: o's facts. */
static bool pack_compatible(uint64_t p, uint64_t o, const struct emit_facts *fo)
{
	if (!qpu_get_pm(p)) {
		if (qpu_get_pack(p) && fo->wr_ra >= 0)
			return false;
		if (qpu_get_unpack(p) && half_reads_mux(o, QPU_MUX_A))
			return false;
		return true;
	}
	return !(qpu_get_unpack(p) && half_reads_mux(o, QPU_MUX_R4));
}

/* Pack and unpack of x and y share one PM bit: they may combine when PM
 * agrees, each field is used by one side only, and neither side's mode
 * reaches the other's reads or writes. */
static bool merge_pack(uint64_t *x, const struct emit_facts *fx, uint64_t y,
		       const struct emit_facts *fy)
{
	unsigned xpack = qpu_get_pack(*x), xunpack = qpu_get_unpack(*x);
	unsigned ypack = qpu_get_pack(y), yunpack = qpu_get_unpack(y);
	bool xp = xpack || xunpack, yp = ypack || yunpack;
	if (xp && yp && (qpu_get_pm(*x) != qpu_get_pm(y) || (xpack && ypack) || (xunpack && yunpack)))
		return false;
	if ((xp && !pack_compatible(*x, y, fy)) || (yp && !pack_compatible(y, *x, fx)))
		return false;
	if (yp) {
		*x = qpu_set_pm(*x, qpu_get_pm(y));
		if (ypack)
			*x = qpu_set_pack(*x, ypack);
		if (yunpack)
			*x = qpu_set_unpack(*x, yunpack);
	}
	return true;
}

/* Takes y's signal into x when x has none or the same; false on a clash. */
static bool merge_sig(uint64_t *x, uint64_t y)
{
	unsigned xs = qpu_get_sig(*x), ys = qpu_get_sig(y);
	if (ys == QPU_SIG_NONE || ys == xs)
		return true;
	if (xs != QPU_SIG_NONE)
		return false;
	*x = qpu_set_sig(*x, ys);
	return true;
}

/* Whether x only pops a VPM value, or only writes VPM data. */
static bool vpm_read_only(const struct emit_facts *x)
{
	return x->vpm_rd && !x->vpm_wr && !x->vpm_rs && !x->vpm_ws && !x->vpm_other;
}

static bool vpm_write_only(const struct emit_facts *x)
{
	return x->vpm_wr && !x->vpm_rd && !x->vpm_rs && !x->vpm_ws && !x->vpm_other;
}

bool emit_vpm_pair(const struct emit_facts *fx, const struct emit_facts *fy)
{
	return (vpm_read_only(fx) && vpm_write_only(fy)) ||
	       (vpm_write_only(fx) && vpm_read_only(fy));
}

/* Facts flags as bits of emit_facts.bits, each a constant the compiler
 * folds (the flags' bit positions are the compiler's): the flags no two
 * words of one instruction may both have (a busy ALU half, a uniform or
 * varying read, set-flags), the ALU form, a VPM access, an SFU write and
 * an r4 signal. */
enum fact_bit { FB_ONCE, FB_ALU, FB_VPM, FB_SFU, FB_R4_SIG };

/* The bits of emit_facts.bits that flag group `b` stands for. */
static inline uint32_t fact_bits(enum fact_bit b)
{
	struct emit_facts m = { .bits = 0 };
	switch (b) {
	case FB_ONCE:
		m.uses_add = m.uses_mul = m.rd_unif = m.vary = m.wr_flags = true;
		break;
	case FB_ALU:
		m.is_alu = true;
		break;
	case FB_VPM:
		m.vpm = true;
		break;
	case FB_SFU:
		m.sfu = true;
		break;
	case FB_R4_SIG:
		m.r4_sig = true;
		break;
	}
	return m.bits;
}

/* Whether words with facts fx and fy can never share an instruction: both
 * halves busy, two peripheral accesses, two uniform, VPM or varying reads,
 * an SFU write beside an r4 signal, two different registers of one file
 * read (raddr_a and raddr_b are one each, and a register of a file cannot
 * move to the other), or set-flags the other half would take. Flags are
 * tested on the bits of both at once. */
static inline bool facts_clash(const struct emit_facts *fx, const struct emit_facts *fy)
{
	uint32_t x = fx->bits, y = fy->bits;
	if (!(x & y & fact_bits(FB_ALU)) || (x & y & fact_bits(FB_ONCE)))
		return true;
	if (fx->periph + fy->periph > 1 ||
	    ((x & fact_bits(FB_SFU)) && (y & fact_bits(FB_R4_SIG))) ||
	    ((y & fact_bits(FB_SFU)) && (x & fact_bits(FB_R4_SIG))) ||
	    ((x & y & fact_bits(FB_VPM)) && !emit_vpm_pair(fx, fy)))
		return true;
	if ((fx->rd_ra >= 0 && fy->rd_ra >= 0 && fx->rd_ra != fy->rd_ra) ||
	    (fx->rd_rb >= 0 && fy->rd_rb >= 0 && fx->rd_rb != fy->rd_rb))
		return true;
	return (fx->wr_flags && !fx->uses_add && fy->uses_add) ||
	       (fy->wr_flags && !fy->uses_add && fx->uses_add);
}

/* The fields of one ALU half (ADD: is_mul false) in place: op, write
 * address, condition and both muxes. */
static inline uint64_t half_mask(bool is_mul)
{
	if (is_mul)
		return qpu_set_op_mul(0, ~0u) | qpu_set_waddr_mul(0, ~0u) |
		       qpu_set_cond_mul(0, ~0u) | qpu_set_mul_a(0, ~0u) | qpu_set_mul_b(0, ~0u);
	return qpu_set_op_add(0, ~0u) | qpu_set_waddr_add(0, ~0u) | qpu_set_cond_add(0, ~0u) |
	       qpu_set_add_a(0, ~0u) | qpu_set_add_b(0, ~0u);
}

/* Merges y into x (both ALU form, facts fx and fy, which facts_clash
 * accepted), field by field on the words. */
VC4_CODE_ALIGN(2048)
static inline bool merge_into(uint64_t *x, const struct emit_facts *fx, uint64_t y,
			      const struct emit_facts *fy)
{
	int wx = ws_need(*x), wy = ws_need(y);
	if (wx >= 0 && wy >= 0 && wx != wy)
		return false;
	if (!merge_raddrs(x, &y) || !merge_sig(x, y) || !merge_pack(x, fx, y, fy))
		return false;
	uint64_t w = qpu_set_ws(*x, (uint32_t)(wx >= 0 ? wx : (wy >= 0 ? wy : 0)));
	w = qpu_set_sf(w, qpu_get_sf(w) | qpu_get_sf(y));
	if (fy->uses_add)
		w = (w & ~half_mask(false)) | (y & half_mask(false));
	if (fy->uses_mul)
		w = (w & ~half_mask(true)) | (y & half_mask(true));
	*x = w;
	return true;
}

/* Two ALU words as one (a's ADD or MUL half with b's other half, their
 * operands sharing the raddrs and signal), into *out; false when they cannot
 * share an instruction. fa and fb are their facts, which facts_clash()
 * accepted. Works on the words' fields (qpu_isa.h's accessors): nothing is
 * decoded. */
static bool merge_pair(uint64_t a, const struct emit_facts *fa, uint64_t b,
		       const struct emit_facts *fb, uint64_t *out)
{
	if (!merge_into(&a, fa, b, fb))
		return false;
	*out = a;
	return true;
}

/* Each try tests the facts first (inline), which rule out most pairs the
 * scheduler tries, then merges the fields (a call). */
VC4_CODE_ALIGN(1024)
bool emit_merge_facts(const struct emit_pairable *a, const struct emit_pairable *b,
		      uint64_t *out)
{
	if (!facts_clash(a->f, b->f) && merge_pair(a->word, a->f, b->word, b->f, out))
		return true;
	if (b->alt && !facts_clash(a->f, b->falt) &&
	    merge_pair(a->word, a->f, b->alt, b->falt, out))
		return true;
	return a->alt && !facts_clash(a->falt, b->f) &&
	       merge_pair(a->alt, a->falt, b->word, b->f, out);
}

bool emit_merge(uint64_t a, uint64_t alt_a, uint64_t b, uint64_t alt_b, uint64_t *out)
{
	struct emit_facts f[4];
	uint64_t w[4] = { a, alt_a, b, alt_b };
	for (unsigned i = 0; i < 4; i++)
		emit_facts(w[i], &f[i]);
	struct emit_pairable pa = { a, alt_a, &f[0], &f[1] }, pb = { b, alt_b, &f[2], &f[3] };
	return emit_merge_facts(&pa, &pb, out);
}
