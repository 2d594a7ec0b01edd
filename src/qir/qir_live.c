/*
 * qir_live.c: liveness of temps over the CFG.
 *
 * Classic backward data flow on bitsets: per block, `use` = temps read before
 * any full definition in the block, `def` = temps fully defined: by an
 * unconditional unpacked (or 32-bit packed) write, or by unconditional packed
 * writes that together cover all four bytes before any read (e.g. .16a then
 * .16b). A conditional write, or packed writes that leave bytes unwritten,
 * keep the old value: they count as a read of it. live_out(b) = union of
 * live_in over successors; live_in(b) = use(b) | (live_out(b) & ~def(b)),
 * iterated in reverse program order to a fixpoint. Cost O(I + B·W·k) with W
 * = bitset words and k the number of sweeps (loop nesting depth + 2).
 *
 * Per-temp ranges are half-open ip intervals [start, end): start = first def
 * or the first ip of a block it is live into; end = last ip that reads it,
 * or one past a block it is live out of. A temp last read at ip k and one
 * defined at k may share a register; a temp written but never read has an
 * empty range (start >= end).
 */
#include "qir/qir.h"

#include <stdlib.h>
#include <string.h>

static inline void bit_set(uint64_t *s, uint32_t t) { s[t / 64] |= (uint64_t)1 << (t % 64); }
static inline bool bit_get(const uint64_t *s, uint32_t t) { return (s[t / 64] >> (t % 64)) & 1; }

/* The bytes of the destination a write of `inst` replaces: 0xf for an
 * unconditional full write, the packed field's bytes for an unconditional
 * packed write (from the pack's width and its name's a/b/c/d letter), 0 for
 * a conditional write (which must keep the old value where it is skipped). */
static unsigned written_bytes(const struct qir_inst *inst)
{
	if (inst->cond != QPU_COND_ALWAYS)
		return 0;
	if (!inst->pack)
		return 0xf;
	const struct qpu_pack_info *p = inst->pack_mul ?
		&qpu_packs_mul[inst->pack % QPU_PACK_MUL_COUNT] :
		&qpu_packs_a[inst->pack % QPU_PACK_A_COUNT];
	if (!p->name || p->bits == 32)
		return p->name ? 0xf : 0;
	const char *l = p->name;
	while (*l >= '0' && *l <= '9')
		l++;
	unsigned pos = (unsigned)(*l - 'a');
	if (pos > 3)
		return 0;
	return p->bits == 16 ? 0x3u << (2 * (pos & 1)) : 1u << pos;
}

/* Whether the temp written by `inst` (if any) is t < n: *t set. */
static bool temp_dst(const struct qir_inst *inst, uint32_t n, uint32_t *t)
{
	*t = inst->dst.index;
	return inst->dst.file == QIR_FILE_TEMP && *t < n;
}

/* Records a write of temp t in block sets u/d. Packed writes accumulate in
 * bytes[t] (touched temps listed in `touched`); once a block's writes cover
 * all four bytes before any read, the temp counts as fully defined. */
static void note_write(const struct qir_inst *inst, uint32_t t, uint64_t *u, uint64_t *d,
		       uint8_t *bytes, uint32_t *touched, uint32_t *ntouched)
{
	unsigned w = written_bytes(inst);
	if (bit_get(d, t))
		return;
	if (w == 0xf) {
		bit_set(d, t);
		return;
	}
	if (!w) {
		bit_set(u, t);       /* conditional: the old value survives */
		return;
	}
	if (!bytes[t])
		touched[(*ntouched)++] = t;
	bytes[t] |= (uint8_t)w;
	if (bytes[t] == 0xf)
		bit_set(d, t);
}

/* Fills use/def of every block (arrays of num_blocks * words). `bytes` and
 * `touched` are scratch arrays of num_temps entries (bytes zeroed). */
static void local_sets(struct qir_compile *c, struct qir_liveness *lv, uint64_t *use,
		       uint64_t *def, uint8_t *bytes, uint32_t *touched)
{
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		uint64_t *u = use + (size_t)b->index * lv->words;
		uint64_t *d = def + (size_t)b->index * lv->words;
		uint32_t ntouched = 0, t;
		qir_foreach_inst(b, inst) {
			for (int s = 0; s < QIR_MAX_SRC; s++) {
				struct qir_reg r = inst->src[s];
				if (r.file == QIR_FILE_TEMP && r.index < lv->num_temps &&
				    !bit_get(d, r.index))
					bit_set(u, r.index);
			}
			if (temp_dst(inst, lv->num_temps, &t))
				note_write(inst, t, u, d, bytes, touched, &ntouched);
		}
		/* Packed writes that never completed a value merge into the old one. */
		for (uint32_t i = 0; i < ntouched; i++) {
			if (!bit_get(d, touched[i]))
				bit_set(u, touched[i]);
			bytes[touched[i]] = 0;
		}
	}
}

/* Iterates the data-flow equations to the fixpoint. */
static void solve(struct qir_compile *c, struct qir_liveness *lv, const uint64_t *use,
		  const uint64_t *def)
{
	size_t w = lv->words;
	bool changed = true;
	while (changed) {
		changed = false;
		for (size_t i = c->blocks.len; i-- > 0;) {
			const struct qir_block *b = c->blocks.data[i];
			uint64_t *out = lv->live_out + i * w, *in = lv->live_in + i * w;
			for (int s = 0; s < 2; s++) {
				if (b->succ[s] == QIR_NONE)
					continue;
				const uint64_t *sin = lv->live_in + (size_t)b->succ[s] * w;
				for (size_t k = 0; k < w; k++)
					out[k] |= sin[k];
			}
			for (size_t k = 0; k < w; k++) {
				uint64_t v = use[i * w + k] | (out[k] & ~def[i * w + k]);
				changed |= v != in[k];
				in[k] = v;
			}
		}
	}
}

static void extend(struct qir_liveness *lv, uint32_t t, uint32_t start, uint32_t end)
{
	if (lv->start[t] == QIR_NONE || start < lv->start[t])
		lv->start[t] = start;
	if (end > lv->end[t] || lv->end[t] == QIR_NONE)
		lv->end[t] = end;
}

/* Adds every set bit of `set` to the ranges with (start, end). */
static void extend_set(struct qir_liveness *lv, const uint64_t *set, uint32_t start, uint32_t end)
{
	for (uint32_t k = 0; k < lv->words; k++) {
		for (uint64_t m = set[k]; m; m &= m - 1)
			extend(lv, k * 64 + (uint32_t)__builtin_ctzll(m), start, end);
	}
}

/* Per-temp [start, end) ranges from the block sets and the instructions. */
static void ranges(struct qir_compile *c, struct qir_liveness *lv)
{
	for (uint32_t t = 0; t < lv->num_temps; t++)
		lv->start[t] = lv->end[t] = QIR_NONE;
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		uint32_t bs = lv->block_start[b->index], be = lv->block_end[b->index];
		extend_set(lv, lv->live_in + (size_t)b->index * lv->words, bs, bs);
		extend_set(lv, lv->live_out + (size_t)b->index * lv->words, be, be);
		qir_foreach_inst(b, inst) {
			for (int s = 0; s < QIR_MAX_SRC; s++) {
				struct qir_reg r = inst->src[s];
				if (r.file == QIR_FILE_TEMP && r.index < lv->num_temps)
					extend(lv, r.index, inst->ip, inst->ip);
			}
			uint32_t t;
			if (temp_dst(inst, lv->num_temps, &t))
				extend(lv, t, inst->ip, inst->ip);
		}
	}
}

/* Scratch arrays of one liveness computation. */
struct scratch {
	uint64_t *use, *def;     /* per block bitsets */
	uint8_t *bytes;          /* per temp: bytes written by packed writes */
	uint32_t *touched;       /* temps with bytes != 0 */
};

/* Allocates the result and scratch arrays; false when out of memory. */
static bool alloc_arrays(struct qir_liveness *lv, struct scratch *s)
{
	size_t sets = (size_t)lv->num_blocks * (lv->words ? lv->words : 1);
	size_t nt = (size_t)lv->num_temps + 1, nb = (size_t)lv->num_blocks + 1;
	s->use = calloc(sets, sizeof(uint64_t));
	s->def = calloc(sets, sizeof(uint64_t));
	s->bytes = calloc(nt, 1);
	s->touched = calloc(nt, sizeof(uint32_t));
	lv->live_in = calloc(sets, sizeof(uint64_t));
	lv->live_out = calloc(sets, sizeof(uint64_t));
	lv->start = calloc(nt, sizeof(uint32_t));
	lv->end = calloc(nt, sizeof(uint32_t));
	lv->block_start = calloc(nb, sizeof(uint32_t));
	lv->block_end = calloc(nb, sizeof(uint32_t));
	return s->use && s->def && s->bytes && s->touched && lv->live_in && lv->live_out &&
	       lv->start && lv->end && lv->block_start && lv->block_end;
}

static void scratch_free(struct scratch *s)
{
	free(s->use);
	free(s->def);
	free(s->bytes);
	free(s->touched);
}

bool qir_liveness(struct qir_compile *c, struct qir_liveness *lv, struct vc4_diag *diag)
{
	memset(lv, 0, sizeof(*lv));
	if (!qir_cfg_update(c, diag))
		return false;
	lv->num_temps = c->num_temps;
	lv->num_blocks = (uint32_t)c->blocks.len;
	lv->num_insts = qir_number_insts(c);
	lv->words = (c->num_temps + 63) / 64;
	struct scratch s;
	if (!alloc_arrays(lv, &s)) {
		scratch_free(&s);
		qir_liveness_free(lv);
		c->oom = true;
		return vc4_diag_set(diag, "out of memory");
	}
	for (uint32_t i = 0; i < lv->num_blocks; i++) {
		const struct qir_block *b = c->blocks.data[i];
		lv->block_start[i] = b->first ? b->first->ip : (i ? lv->block_end[i - 1] : 0);
		lv->block_end[i] = b->last ? b->last->ip + 1 : lv->block_start[i];
	}
	local_sets(c, lv, s.use, s.def, s.bytes, s.touched);
	solve(c, lv, s.use, s.def);
	ranges(c, lv);
	scratch_free(&s);
	return true;
}

void qir_liveness_free(struct qir_liveness *lv)
{
	free(lv->live_in);
	free(lv->live_out);
	free(lv->start);
	free(lv->end);
	free(lv->block_start);
	free(lv->block_end);
	memset(lv, 0, sizeof(*lv));
}
