/*
 * sim_vpm.c: VPM generic block access from a QPU and the VDR/VDW DMA
 * engines. The VPM is SIM_VPM_ROWS rows of 16 32-bit words; an access that
 * leaves it, or a DMA that leaves memory, stops the run with an error.
 * Setup register formats and the interpretation choices: docs/sim.md.
 */
#include <string.h>

#include "sim_inst.h"
#include "sim_vpm.h"
#include "qpu/qpu_vpm.h"

#define VPM_BYTES (SIM_VPM_WORDS * 4u)

static uint32_t field(uint32_t v, unsigned shift, unsigned bits)
{
	return qpu_vpm_field(v, shift, bits);
}

/* A field where 0 encodes `max`. */
static uint32_t field0(uint32_t v, unsigned shift, unsigned bits, uint32_t max)
{
	uint32_t f = field(v, shift, bits);
	return f ? f : max;
}

static uint8_t vpm_byte(const struct sim_qpu *q, uint32_t b)
{
	return (uint8_t)(q->shared->vpm[b / 4] >> (8 * (b % 4)));
}

static void vpm_set_byte(struct sim_qpu *q, uint32_t b, uint8_t v)
{
	uint32_t *w = &q->shared->vpm[b / 4];
	*w = (*w & ~(0xffu << (8 * (b % 4)))) | ((uint32_t)v << (8 * (b % 4)));
	q->shared->rows_written |= 1ull << (b / 64);
}

/* A vr_setup or vw_setup write (`is_write`) of word v: a generic access
 * setup (ID 0), or for DMA the VDW/VDR setup, stride or pitch words.
 * Returns false with diag set for a setup kind that is not modelled. */
bool sim_vpm_setup(struct sim_qpu *q, bool is_write, uint32_t v, struct vc4_diag *diag)
{
	if (v >> 30 == 0) {
		struct sim_vpm_access *a = is_write ? &q->vpm_wr : &q->vpm_rd;
		if (!is_write && q->vpm_rd.remaining > 1)
			return true; /* a read setup is not accepted while reads are queued */
		a->addr = field(v, QPU_VPM_ADDR_SHIFT, QPU_VPM_ADDR_BITS);
		a->size = (uint8_t)field(v, QPU_VPM_SIZE_SHIFT, QPU_VPM_SIZE_BITS);
		a->laned = field(v, QPU_VPM_LANED_SHIFT, 1);
		a->horiz = field(v, QPU_VPM_HORIZ_SHIFT, 1);
		a->stride = (uint8_t)field0(v, QPU_VPM_STRIDE_SHIFT, QPU_VPM_STRIDE_BITS, 64);
		a->remaining = is_write ? 0 : (uint8_t)qpu_vpm_count(v);
		return true;
	}
	if (is_write && v >> 30 == 2) {
		q->vdw_setup = v;
		q->vdw_set = true;
	} else if (is_write && v >> 30 == 3) {
		q->vdw_stride = v;
	} else if (!is_write && v >> 31 == 1 && field(v, 28, 3) == 1) {
		q->vdr_pitch = field(v, 0, 13);
	} else if (!is_write && v >> 31 == 1) {
		q->vdr_setup = v;
		q->vdr_set = true;
	} else {
		return vc4_diag_set(diag, "ip %u: unsupported %s value 0x%08x", q->ip,
				    qpu_reg_name(is_write ? QPU_REG_VW_SETUP : QPU_REG_VR_SETUP), v);
	}
	return true;
}

/* Where lane `i` of the vector at the access's address lives: VPM word and
 * bit shift; the width is 8 << size. `seg` is the first row of the segment
 * the address is relative to. False when outside the VPM. */
static bool locate(const struct sim_vpm_access *a, uint32_t seg, unsigned i, uint32_t *word,
		   unsigned *shift)
{
	uint32_t A = a->addr, row, col, sub;
	if (a->size == 2) {
		row = a->horiz ? A : (A & ~0xfu) + i;
		col = a->horiz ? i : A & 0xf;
		*shift = 0;
	} else {
		unsigned per = a->size == 1 ? 2 : 4; /* elements per word */
		unsigned bits = a->size == 1 ? 1 : 2;
		sub = a->horiz ? A & (per - 1) : (A >> 4) & (per - 1);
		uint32_t base = a->horiz ? A >> bits : (A >> (4 + bits)) * 16;
		if (a->horiz) {
			row = base;
			col = a->laned ? i : sub * (16 / per) + i / per;
		} else {
			row = base + (a->laned ? i : sub * (16 / per) + i / per);
			col = A & 0xf;
		}
		*shift = (a->laned ? sub : i % per) * (32 / per);
	}
	row += seg;
	*word = row * 16 + col;
	return row < SIM_VPM_ROWS;
}

/* locate() for the common access, 32-bit horizontal: the 16 lanes' words
 * are contiguous from the one returned; -1 for any other access, or one
 * outside the VPM (left to locate()'s loop and its error). */
static int32_t horiz32_word(const struct sim_vpm_access *a, uint32_t seg)
{
	if (a->size != 2 || !a->horiz)
		return -1;
	uint32_t row = a->addr + seg;
	return row < SIM_VPM_ROWS ? (int32_t)(row * 16) : -1;
}

/* The bits of a lane an access of `size` (0: 8, 1: 16, 2: 32 bits) moves;
 * all for the reserved size 3, which the access then rejects. */
static uint32_t lane_mask(uint32_t size)
{
	return size >= 2 ? ~0u : (1u << (8u << size)) - 1;
}

static bool vpm_range_error(struct sim_qpu *q, const char *what, const struct sim_vpm_access *a,
			    struct vc4_diag *diag)
{
	if (a->size == 3)
		return vc4_diag_set(diag, "ip %u: %s with reserved size 3", q->ip, what);
	return vc4_diag_set(diag, "ip %u: %s at VPM address 0x%x (size %u) outside the VPM "
			    "(%u rows)", q->ip, what, a->addr, 8u << a->size, SIM_VPM_ROWS);
}

/* copy_lanes() of a VPM row: on 32-bit ARM eight 8-byte moves written out,
 * where GCC made the loop a memmove() call (under qemu-arm three block
 * lookups a read). */
#if defined(__arm__) && defined(__GNUC__)
typedef uint64_t vpm_word8 __attribute__((aligned(4), may_alias));
static inline void vpm_row_copy(uint32_t *restrict dst, const uint32_t *restrict src)
{
	vpm_word8 *d = (vpm_word8 *)(void *)dst;
	const vpm_word8 *s = (const vpm_word8 *)(const void *)src;
	uint64_t t0 = s[0], t1 = s[1], t2 = s[2], t3 = s[3];
	uint64_t t4 = s[4], t5 = s[5], t6 = s[6], t7 = s[7];
	d[0] = t0, d[1] = t1, d[2] = t2, d[3] = t3, d[4] = t4, d[5] = t5, d[6] = t6, d[7] = t7;
}
#else
static inline void vpm_row_copy(uint32_t *restrict dst, const uint32_t *restrict src)
{
	copy_lanes(dst, src);
}
#endif

/* A VPM read: the 16 lanes of the next vector of the read setup (in the
 * input segment), masked to its size; the address advances by the stride.
 * Returns false with diag set with no read outstanding or outside the VPM. */
SIM_CLONES_EXTERN
bool sim_vpm_read(struct sim_qpu *q, uint32_t out[16], struct vc4_diag *diag)
{
	struct sim_vpm_access *a = &q->vpm_rd;
	if (!a->remaining)
		return vc4_diag_set(diag, "ip %u: VPM read with no read setup outstanding "
				    "(blocks forever)", q->ip);
	uint32_t mask = lane_mask(a->size);
	int32_t first = horiz32_word(a, q->vpm_in_row);
	if (first >= 0) /* 32-byte moves with AVX2: the run loads `out` next */
		vpm_row_copy(out, &q->shared->vpm[first]);
	for (unsigned i = 0; i < 16 && first < 0; i++) {
		uint32_t w;
		unsigned sh;
		if (a->size == 3 || !locate(a, q->vpm_in_row, i, &w, &sh))
			return vpm_range_error(q, "VPM read", a, diag);
		out[i] = (q->shared->vpm[w] >> sh) & mask;
	}
	a->addr += a->stride;
	a->remaining--;
	return true;
}

/* A VPM write of val through the write setup (in the output segment),
 * only the setup's size of each lane; the address advances by the stride.
 * Returns false with diag set outside the VPM. */
bool sim_vpm_write(struct sim_qpu *q, const uint32_t val[16], struct vc4_diag *diag)
{
	struct sim_vpm_access *a = &q->vpm_wr;
	uint32_t mask = lane_mask(a->size);
	int32_t first = horiz32_word(a, q->vpm_out_row);
	if (first >= 0) {
		memcpy(&q->shared->vpm[first], val, 64);
		q->shared->rows_written |= 1ull << (first / 16);
	}
	for (unsigned i = 0; i < 16 && first < 0; i++) {
		uint32_t w;
		unsigned sh;
		if (a->size == 3 || !locate(a, q->vpm_out_row, i, &w, &sh))
			return vpm_range_error(q, "VPM write", a, diag);
		q->shared->vpm[w] = (q->shared->vpm[w] & ~(mask << sh)) | ((val[i] & mask) << sh);
		q->shared->rows_written |= 1ull << (w / 16);
	}
	a->addr += a->stride;
	return true;
}

/* Element width in bytes and byte/half-word select of a MODEW field;
 * false for the reserved value 1. */
static bool modew(uint32_t m, uint32_t *width, uint32_t *sel)
{
	*width = m == 0 ? 4 : m < 4 ? 2 : 1;
	*sel = m < 4 ? m & 1 : m & 3;
	return m != 1;
}

/* One DMA row: copies `n` bytes-per-element `width` elements between the
 * VPM bytes at vb[e] and memory at p. */
static bool dma_row(struct sim_qpu *q, bool is_store, uint32_t addr, uint32_t n, uint32_t width,
		    const uint32_t *vb, struct vc4_diag *diag)
{
	uint8_t *p = sim_memory_ptr(q->mem, addr, n * width);
	if (!p) {
		char range[64];
		sim_mem_range_text(q->mem, range, sizeof(range));
		return vc4_diag_set(diag, "ip %u: %s at 0x%08x (%u bytes) %s", q->ip,
				    is_store ? "VDW store" : "VDR load", addr, n * width, range);
	}
	for (uint32_t e = 0; e < n; e++) {
		if (vb[e] + width > VPM_BYTES)
			return vc4_diag_set(diag, "ip %u: %s reaches VPM row %u outside the VPM "
					    "(%u rows)", q->ip, is_store ? "VDW store" : "VDR load",
					    vb[e] / 64, SIM_VPM_ROWS);
		for (uint32_t k = 0; k < width; k++) {
			if (is_store)
				p[e * width + k] = vpm_byte(q, vb[e] + k);
			else
				vpm_set_byte(q, vb[e] + k, p[e * width + k]);
		}
	}
	return true;
}

/* A VDW store to memory at `addr` as the DMA setup describes: `units`
 * rows of `depth` elements, horizontal or (32-bit only) vertical, with the
 * stride between rows. Returns false with diag set without a valid setup,
 * for an unsupported mode or a memory range outside memory. */
static bool vdw_store(struct sim_qpu *q, uint32_t addr, struct vc4_diag *diag)
{
	uint32_t v = q->vdw_setup, width, sel, vb[128];
	if (!q->vdw_set || !modew(field(v, 0, 3), &width, &sel))
		return vc4_diag_set(diag, "ip %u: VDW store without a valid DMA setup (0x%08x)",
				    q->ip, v);
	uint32_t y = field(v, 7, 7), x = field(v, 3, 4), horiz = field(v, 14, 1);
	uint32_t depth = field0(v, 16, 7, 128), units = field0(v, 23, 7, 128);
	uint32_t stride = field(q->vdw_stride, 0, 16);
	if (!horiz && width != 4)
		return vc4_diag_set(diag, "ip %u: VDW vertical %u-bit store is not supported",
				    q->ip, width * 8);
	for (uint32_t r = 0; r < units; r++) {
		for (uint32_t e = 0; e < depth; e++)
			vb[e] = horiz ? ((y + r) * 16 + x) * 4 + sel * width + e * width
				      : ((y + e) * 16 + x + r) * 4;
		if (!dma_row(q, true, addr + r * (depth * width + stride), depth, width, vb, diag))
			return false;
	}
	return true;
}

/* A VDR load from memory at `addr` into the VPM as the DMA setup
 * describes: `nrows` rows of `rowlen` elements `pitch` bytes apart.
 * Returns false with diag set without a valid setup, for an unsupported
 * mode or a memory range outside memory. */
static bool vdr_load(struct sim_qpu *q, uint32_t addr, struct vc4_diag *diag)
{
	uint32_t v = q->vdr_setup, width, sel, vb[16];
	if (!q->vdr_set || !modew(field(v, 28, 3), &width, &sel))
		return vc4_diag_set(diag, "ip %u: VDR load without a valid DMA setup (0x%08x)",
				    q->ip, v);
	uint32_t y = field(v, 4, 7), x = field(v, 0, 4), vert = field(v, 11, 1);
	uint32_t vpitch = field0(v, 12, 4, 16), nrows = field0(v, 16, 4, 16);
	uint32_t rowlen = field0(v, 20, 4, 16), mpitch = field(v, 24, 4);
	uint32_t pitch = mpitch ? 8u << mpitch : q->vdr_pitch;
	uint32_t per = 4 / width; /* sub-rows per VPM row */
	if (vert && width != 4)
		return vc4_diag_set(diag, "ip %u: VDR vertical %u-bit load is not supported",
				    q->ip, width * 8);
	for (uint32_t r = 0; r < nrows; r++) {
		uint32_t pos = y * per + sel + r * vpitch, row = pos / per, sub = pos % per;
		for (uint32_t e = 0; e < rowlen; e++)
			vb[e] = vert ? ((y + r * vpitch + e) * 16 + x) * 4
				     : (row * 16 + x) * 4 + sub * (64 / per) + e * width;
		if (!dma_row(q, false, addr + r * pitch, rowlen, width, vb, diag))
			return false;
	}
	return true;
}

bool sim_vpm_dma(struct sim_qpu *q, bool is_store, uint32_t addr, struct vc4_diag *diag)
{
	return is_store ? vdw_store(q, addr, diag) : vdr_load(q, addr, diag);
}
