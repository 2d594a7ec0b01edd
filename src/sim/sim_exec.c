/*
 * sim_exec.c: the interpreter's general path: every instruction the fast
 * paths of sim_qpu.c do not take (FIFO and VPM reads, pack and unpack,
 * rotations, load immediates, semaphores, branches, signals), and the
 * peripheral writes both paths share (TMU, SFU, TLB, VPM, uniforms
 * address). Semantics: docs/sim.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_inst.h"
#include "sim_vpm.h"

const uint32_t sim_zero_vec[16];
static const uint32_t elem_vec[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

/* ---- errors ------------------------------------------------------------- */

static inline bool sim_host_little_endian(void)
{
	const uint16_t one = 1;
	uint8_t b;
	memcpy(&b, &one, 1);
	return b == 1;
}

void sim_mem_range_text(const struct sim_memory *mem, char *buf, unsigned size)
{
	snprintf(buf, size, "outside memory [0x%x, 0x%llx)", mem->base,
		 (unsigned long long)mem->base + mem->size);
}

/* Reads a word of memory for the uniform stream / TMU, or fails naming it. */
static bool mem_read_word(struct sim_qpu *q, const char *what, uint32_t addr, uint32_t *out,
			  struct vc4_diag *diag)
{
	const uint8_t *p = sim_memory_ptr(q->mem, addr, 4);
	if (!p) {
		char range[64];
		sim_mem_range_text(q->mem, range, sizeof(range));
		return vc4_diag_set(diag, "ip %u: %s at 0x%08x %s", q->ip, what, addr, range);
	}
	*out = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
	return true;
}

/* ---- reads -------------------------------------------------------------- */

/* Pops the next word of the uniform stream (`what` names the reader in
 * errors). */
bool sim_pop_uniform(struct sim_qpu *q, const char *what, uint32_t *v, struct vc4_diag *diag)
{
	if (q->unif_in_mem) {
		if (!mem_read_word(q, what, q->unif_addr, v, diag))
			return false;
		q->unif_addr += 4;
		return true;
	}
	if (q->unif_pos >= q->unif_count)
		return vc4_diag_set(diag, "ip %u: uniform stream overrun%s%s (%u uniforms given)",
				    q->ip, strcmp(what, "uniform read") ? " by " : "",
				    strcmp(what, "uniform read") ? what : "", q->unif_count);
	*v = q->unif[q->unif_pos++];
	return true;
}

static bool read_uniform(struct sim_qpu *q, uint32_t out[16], struct vc4_diag *diag)
{
	uint32_t v = 0;
	if (!sim_pop_uniform(q, "uniform read", &v, diag))
		return false;
	for (int i = 0; i < 16; i++)
		out[i] = v;
	return true;
}

/* Produces the value of raddr kind `rd` (register index `idx`) in buf, or
 * points *src at the register itself. */
static inline bool read_src(struct sim_qpu *q, const struct sim_inst *in, unsigned rd,
			    unsigned file, unsigned idx, uint32_t *buf, const uint32_t **src,
			    struct vc4_diag *diag)
{
	*src = buf;
	switch (rd) {
	case RD_REG: *src = q->rf[file][idx]; return true;
	case RD_NONE:
	case RD_ZERO:
	case RD_MUTEX: *src = sim_zero_vec; return true;
	case RD_SIMM: *src = in->vimm; return true;
	case RD_ELEM: *src = elem_vec; return true;
	case RD_XPIX: *src = q->x_pix; return true;
	case RD_YPIX: *src = q->y_pix; return true;
	case RD_REV: *src = q->rev_flag; return true;
	case RD_MSF: *src = q->ms_flags; return true;
	case RD_QPU:
		for (int i = 0; i < 16; i++)
			buf[i] = q->opt.qpu_num;
		return true;
	case RD_UNIF: return read_uniform(q, buf, diag);
	case RD_VPM: return sim_vpm_read(q, buf, diag);
	case RD_VARY:
		if (!q->hooks.varying)
			return vc4_diag_set(diag, "ip %u: varying read without a 3D pipeline", q->ip);
		/* r5 takes C when the instruction has executed (exec_alu()) */
		q->vary_c_pending = true;
		/* in the run's mode: the hook rounds as it needs (sim_qpu.h) */
		return q->hooks.varying(q->hooks.user, q, buf, q->vary_c, diag);
	}
	return false;
}

/* ---- writes ------------------------------------------------------------- */

/* The words of a TMU direct read (addresses `val`, lanes `lanes`, 0 or ~0)
 * into `slot` when every active lane's word lies inside memory: one range
 * test over the 16 lanes, then plain loads; inactive lanes get 0. Returns
 * false, leaving `slot` untouched, when any active lane is outside: the
 * caller's per-lane path then reads the same words and names the first bad
 * address. Bytes as stored (the caller swaps them on a big-endian host). */
static SIM_ALWAYS_INLINE bool tmu_read_fast(const struct sim_memory *mem, const uint32_t *val,
					    const uint32_t *lanes, uint32_t *restrict slot)
{
	if (mem->size < 4)
		return false;
	uint32_t lim = mem->size - 4, off[16], bad = 0;
	for (int i = 0; i < 16; i++) {
		/* below base wraps to a huge offset; inactive lanes read offset 0 */
		off[i] = ((val[i] & ~3u) - mem->base) & lanes[i];
		bad |= (uint32_t)(off[i] > lim);
	}
	if (bad)
		return false;
	for (int i = 0; i < 16; i++) {
		uint32_t word;
		memcpy(&word, mem->bytes + off[i], 4);
		slot[i] = word & lanes[i];
	}
	return true;
}

/* A write to TMU parameter `idx` (unit * 4 + enum sim_tmu_param). t, r and
 * b queue a parameter; s dispatches: a texture request when parameters were
 * queued, else a direct memory read. Every write but a direct s pops its
 * texture configuration uniform (P0 for the first write, then P1..P3). */
SIM_CLONES_EXTERN
bool sim_write_tmu(struct sim_qpu *q, unsigned idx, const uint32_t *val, const uint32_t *lanes,
		      struct vc4_diag *diag)
{
	unsigned unit = idx / 4, param = idx % 4;
	struct sim_tmu *t = &q->tmu[unit];
	if (param != SIM_TMU_S && t->nparams >= 3)
		return vc4_diag_set(diag, "ip %u: TMU%u got more than 3 parameters before s",
				    q->ip, unit);
	if (param == SIM_TMU_S && t->count >= QPU_TMU_FIFO_RESULTS)
		return vc4_diag_set(diag, "ip %u: TMU%u would hold more than %u unread results",
				    q->ip, unit, QPU_TMU_FIFO_RESULTS);
	if (param != SIM_TMU_S || t->nparams) {
		struct sim_tmu_write w[4];
		unsigned n = t->nparams;
		memcpy(w, q->tmu_params[unit], n * sizeof(w[0]));
		w[n].param = (uint8_t)param;
		memcpy(w[n].val, val, 64);
		if (!sim_pop_uniform(q, "TMU configuration", &w[n].config, diag))
			return false;
		if (param != SIM_TMU_S) {
			q->tmu_params[unit][t->nparams++] = w[n];
			return true;
		}
		t->nparams = 0;
		if (!q->hooks.tmu_texture)
			return vc4_diag_set(diag, "ip %u: TMU%u texture request without a texture unit",
					    q->ip, unit);
		uint32_t *slot = q->tmu_fifo[unit][(t->head + t->count) % QPU_TMU_FIFO_RESULTS];
		unsigned fpu = sim_fpu_hook_enter();
		bool ok = q->hooks.tmu_texture(q->hooks.user, q, unit, w, n + 1, slot, diag);
		sim_fpu_hook_leave(fpu);
		if (!ok)
			return false;
		t->count++;
		return true;
	}
	uint32_t *slot = q->tmu_fifo[unit][(t->head + t->count) % QPU_TMU_FIFO_RESULTS];
	if (q->opt.general_only || !tmu_read_fast(q->mem, val, lanes, slot))
		for (int i = 0; i < 16; i++) {
			const uint8_t *p = sim_memory_ptr(q->mem, val[i] & ~3u, 4);
			slot[i] = 0;
			if (p && lanes[i])
				memcpy(&slot[i], p, 4); /* little-endian host; see below */
			else if (lanes[i] &&
				 !mem_read_word(q, "TMU read", val[i] & ~3u, &slot[i], diag))
				return false;
		}
	if (!sim_host_little_endian())
		for (int i = 0; i < 16; i++)
			slot[i] = __builtin_bswap32(slot[i]);
	t->count++;
	return true;
}

static bool write_unif_addr(struct sim_qpu *q, uint32_t addr)
{
	q->unif_in_mem = true;
	q->unif_addr = addr;
	return true;
}

/* Peripheral write: lanes whose condition fails contribute 0 (docs/sim.md).
 * Page-aligned on ARM (sim_alu.h): called for each TLB and VPM write, its
 * 0.9 KB then lie in one page whatever code precedes it. */
SIM_PAGE_ALIGN
bool sim_write_periph(struct sim_qpu *q, const struct sim_inst *in, unsigned unit,
			 const uint32_t *val, const uint32_t *lanes, struct vc4_diag *diag)
{
	uint32_t v[16];
	for (int i = 0; i < 16; i++)
		v[i] = val[i] & lanes[i];
	switch (in->wr[unit]) {
	case WR_UNIF_ADDR: return write_unif_addr(q, v[0]);
	case WR_TMU_NOSWAP: q->tmu_noswap = v[0] != 0; return true;
	case WR_HOST_INT: q->host_int |= v[0]; return true;
	case WR_TLB: {
		if (!q->hooks.tlb_write)
			return vc4_diag_set(diag, "ip %u: %s write without a tile buffer", q->ip,
					    in->wname[unit]);
		return q->hooks.tlb_write(q->hooks.user, q, (enum qpu_reg_id)in->wid[unit], v,
					  sim_lane_bits(lanes), diag);
	}
	case WR_VPM: return sim_vpm_write(q, v, diag);
	case WR_VPM_SETUP: return sim_vpm_setup(q, in->wi[unit] == 1, v[0], diag);
	case WR_VPM_DMA: return sim_vpm_dma(q, in->wi[unit] == 1, v[0], diag);
	case WR_MUTEX_REL:
		if (q->shared->mutex_owner == (int)q->opt.qpu_num)
			q->shared->mutex_owner = -1;
		return true;
	case WR_SFU:
		sim_sfu_start(q, in->wi[unit], v);
		return true;
	case WR_TMU: return sim_write_tmu(q, in->wi[unit], v, lanes, diag);
	default: return true;
	}
}

/* Writes `val` (bits `bits` of it) to the destination of `unit` in the lanes
 * of condition `cond`. */
static bool write_dest(struct sim_qpu *q, const struct sim_inst *in, unsigned unit,
		       unsigned cond, const uint32_t *val, uint32_t bits, struct vc4_diag *diag)
{
	const uint32_t *lanes = q->cm[cond];
	uint32_t rep[16];
	switch (in->wr[unit]) {
	case WR_NONE:
	case WR_IGNORE: return true;
	case WR_REG:
		if (cond == QPU_COND_ALWAYS && bits == ~0u)
			memcpy(q->rf[in->wfile[unit]][in->wi[unit]], val, 64);
		else
			masked_store(q->rf[in->wfile[unit]][in->wi[unit]], val, lanes, bits);
		return true;
	case WR_ACC:
		if (cond == QPU_COND_ALWAYS && bits == ~0u)
			memcpy(q->acc[in->wi[unit]], val, 64);
		else
			masked_store(q->acc[in->wi[unit]], val, lanes, bits);
		return true;
	case WR_R5Q:
	case WR_R5R:
		for (int i = 0; i < 16; i++)
			rep[i] = val[in->wr[unit] == WR_R5Q ? i & ~3 : 0];
		masked_store(q->acc[5], rep, lanes, bits);
		return true;
	case WR_MSF:
		masked_store(q->ms_flags, val, lanes, bits);
		return true;
	default:
		if (cond == QPU_COND_NEVER)
			return true;
		return sim_write_periph(q, in, unit, val, lanes, diag);
	}
}

/* write_result() for everything but plain register writes. */
static bool write_result_slow(struct sim_qpu *q, const struct sim_inst *in, unsigned unit,
			      const uint32_t *res, const uint32_t *a, const uint32_t *b,
			      struct vc4_diag *diag)
{
	bool is_mul = unit == 1;
	bool packs = in->pack && (in->pm ? is_mul
				 : (in->wfile[unit] == QPU_FILE_A && in->wr[unit] == WR_REG));
	if (!packs)
		return write_dest(q, in, unit, in->cond[unit], res, ~0u, diag);
	bool is_float = in->form == F_ALU && (is_mul ? qpu_mul_ops[in->op_mul].float_out
						    : qpu_add_ops[in->op_add].float_out);
	uint32_t packed[16], bits = ~0u;
	for (int i = 0; i < 16; i++) {
		int64_t wide = (int32_t)res[i];
		if (in->form == F_ALU && !is_mul && in->op_add == QPU_A_ADD)
			wide = (int64_t)(int32_t)a[i] + (int32_t)b[i];
		else if (in->form == F_ALU && !is_mul && in->op_add == QPU_A_SUB)
			wide = (int64_t)(int32_t)a[i] - (int32_t)b[i];
		packed[i] = in->pm ? sim_pack_mul(in->pack, res[i], &bits)
				   : sim_pack_a(in->pack, is_float, res[i], wide, &bits);
	}
	return write_dest(q, in, unit, in->cond[unit], packed, bits, diag);
}

/* Applies pack and writes the result of `unit`. a, b are the ALU inputs (for
 * the saturating packs' exact result). */
static inline bool write_result(struct sim_qpu *q, const struct sim_inst *in, unsigned unit,
				const uint32_t *res, const uint32_t *a, const uint32_t *b,
				struct vc4_diag *diag)
{
	if (!in->simple[unit])
		return write_result_slow(q, in, unit, res, a, b, diag);
	uint32_t *dst = in->wr[unit] == WR_REG ? q->rf[in->wfile[unit]][in->wi[unit]]
					       : q->acc[in->wi[unit]];
	if (in->cond[unit] == QPU_COND_ALWAYS)
		memcpy(dst, res, 64);
	else
		masked_store(dst, res, q->cm[in->cond[unit]], ~0u);
	return true;
}

static const uint32_t *unpacked(const struct sim_inst *in, const uint32_t *v, bool as_float,
				uint32_t *buf)
{
	for (int i = 0; i < 16; i++)
		buf[i] = sim_unpack(in->unpack, as_float, v[i]);
	return buf;
}

/* The operand of mux `m` for an op taking floats (`fl`) or integers. */
static inline const uint32_t *operand(struct sim_qpu *q, const struct sim_inst *in, unsigned m,
			       bool fl, const uint32_t *va, const uint32_t *vb, uint32_t *buf)
{
	if (m == QPU_MUX_A)
		return in->unpack && !in->pm ? unpacked(in, va, fl, buf) : va;
	if (m == QPU_MUX_B)
		return vb;
	if (m == QPU_MUX_R4 && in->unpack && in->pm)
		return unpacked(in, q->acc[4], true, buf);
	return q->acc[m];
}

static void rotate(uint32_t *dst, const uint32_t *src, unsigned n, bool full)
{
	for (unsigned i = 0; i < 16; i++)
		dst[i] = full ? src[(i - n) & 15] : src[(i & ~3u) | ((i - n) & 3)];
}

/* The general path of an ALU instruction: reads (with unpack, rotation
 * and the FIFOs), both ops, flags, then the writes with pack, in unit order.
 * Returns false with diag set on an error of a read or write (uniform
 * overrun, VPM range, missing hook ...); q is then partly updated. */
static bool exec_alu(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag)
{
	uint32_t bufa[16], bufb[16], ob[4][16], res[2][16], carry[16], rot[16];
	const uint32_t *va, *vb, *op[4] = { NULL, NULL, NULL, NULL };
	if (!read_src(q, in, in->rd_a, QPU_FILE_A, in->ra, bufa, &va, diag))
		return false;
	if (in->rd_a == RD_UNIF && in->rd_b == RD_UNIF)
		vb = va;
	else if (!read_src(q, in, in->rd_b, QPU_FILE_B, in->rb, bufb, &vb, diag))
		return false;
	const struct qpu_op_info *ai = &qpu_add_ops[in->op_add], *mi = &qpu_mul_ops[in->op_mul];
	unsigned flag_unit = in->op_add != QPU_A_NOP ? 0 : 1;
	bool want_c = in->sf && in->op_add + in->op_mul != 0;
	if (in->op_add != QPU_A_NOP) {
		op[0] = operand(q, in, in->mux[0], ai->float_in, va, vb, ob[0]);
		op[1] = operand(q, in, in->mux[1], ai->float_in, va, vb, ob[1]);
		sim_alu_add(in->op_add, op[0], op[1], res[0], want_c && flag_unit == 0 ? carry : NULL);
	}
	if (in->op_mul != QPU_M_NOP) {
		op[2] = operand(q, in, in->mux[2], mi->float_in, va, vb, ob[2]);
		op[3] = operand(q, in, in->mux[3], mi->float_in, va, vb, ob[3]);
		unsigned n = in->rot == 16 ? q->acc[5][0] & 15 : in->rot;
		if (n && in->full_rot) {
			/* both inputs are accumulators r0..r3, never ob[] */
			rotate(ob[2], op[2], n, true);
			rotate(ob[3], op[3], n, true);
			op[2] = ob[2];
			op[3] = ob[3];
		}
		sim_alu_mul(in->op_mul, q->opt.fmul_round, op[2], op[3], res[1],
			    want_c && flag_unit == 1 ? carry : NULL);
		if (n && !in->full_rot) {
			memcpy(rot, res[1], 64);
			rotate(res[1], rot, n, false);
			if (want_c && flag_unit == 1) {
				memcpy(rot, carry, 64);
				rotate(carry, rot, n, false);
			}
		}
	}
	if (in->op_add != QPU_A_NOP && !write_result(q, in, 0, res[0], op[0], op[1], diag))
		return false;
	if (in->op_mul != QPU_M_NOP && !write_result(q, in, 1, res[1], op[2], op[3], diag))
		return false;
	if (want_c)
		set_flags(q, in->cond[flag_unit], flag_unit ? mi->float_out : ai->float_out,
			  res[flag_unit], carry);
	if (q->vary_c_pending) {
		/* after this instruction's reads of r5 and its own writes */
		memcpy(q->acc[5], q->vary_c, 64);
		q->vary_c_pending = false;
	}
	return true;
}

/* Load immediate and semaphore: the immediate goes through both halves. */
static bool exec_li(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag)
{
	const uint32_t *v = in->vimm;
	if (!write_result(q, in, 0, v, v, sim_zero_vec, diag) ||
	    !write_result(q, in, 1, v, v, sim_zero_vec, diag))
		return false;
	if (in->sf) {
		unsigned unit = in->wr[0] != WR_NONE ? 0 : 1;
		set_flags(q, in->cond[unit], false, v, sim_zero_vec);
	}
	return true;
}

/* Whether a branch with condition `cond` (QPU_BR_*) is taken: the all/any
 * reduction of the flag's condition mask over the 16 lanes. */
static bool branch_taken(const struct sim_qpu *q, unsigned cond)
{
	if (cond == QPU_BR_ALWAYS)
		return true;
	/* 0/1 zs zc, 4/5 ns nc, 8/9 cs cc; +2 = any instead of all */
	static const uint8_t flag_cond[3] = { QPU_COND_ZS, QPU_COND_NS, QPU_COND_CS };
	const uint32_t *m = q->cm[flag_cond[cond / 4] ^ (cond & 1)];
	uint32_t any = 0, all = ~0u;
	for (int i = 0; i < 16; i++) {
		any |= m[i];
		all &= m[i];
	}
	return ((cond & 2) ? any : all) != 0;
}

/* A branch instruction (contract in sim_inst.h): when taken, the target
 * (absolute or relative to the instruction after the delay slots, plus ra
 * of br_raddr when br_reg) starts after three delay slots, and the link
 * address is written. Returns false with diag set for a branch in delay
 * slots or a target outside the program. */
bool sim_exec_branch(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag)
{
	if (q->br_pending)
		return vc4_diag_set(diag, "ip %u: branch in the delay slots of the branch at ip %u",
				    q->ip, q->br_from);
	if (!branch_taken(q, in->br_cond))
		return true;
	uint32_t link = q->opt.code_base + (q->ip + 4) * 8;
	uint32_t target = in->imm + (in->br_rel ? link : 0);
	if (in->br_reg)
		target += q->rf[QPU_FILE_A][in->br_raddr][15];
	uint32_t off = target - q->opt.code_base;
	if (target < q->opt.code_base || off % 8 || off / 8 >= q->prog->count)
		return vc4_diag_set(diag, "ip %u: branch target 0x%08x outside the program "
				    "[0x%x, 0x%llx)", q->ip, target, q->opt.code_base,
				    (unsigned long long)q->opt.code_base + q->prog->count * 8ull);
	for (unsigned u = 0; u < 2; u++) {
		if (in->wr[u] == WR_NONE)
			continue;
		uint32_t v[16];
		for (int i = 0; i < 16; i++)
			v[i] = link;
		if (!write_dest(q, in, u, QPU_COND_ALWAYS, v, ~0u, diag))
			return false;
	}
	q->br_pending = 4;
	q->br_target = off / 8;
	q->br_from = q->ip;
	return true;
}

/* Semaphore and mutex checks run first: a blocked instruction changes nothing. */
static bool blocks(struct sim_qpu *q, const struct sim_inst *in)
{
	if (in->form == F_SEM) {
		uint8_t c = q->shared->sem[in->sem_index];
		return in->sem_dec ? c == 0 : c == 15;
	}
	if (in->form == F_ALU && (in->rd_a == RD_MUTEX || in->rd_b == RD_MUTEX)) {
		int owner = q->shared->mutex_owner;
		return owner != -1;
	}
	return false;
}

/* The signal of an ALU instruction after its writes: a TMU FIFO pop or a
 * tile-buffer load into r4, thread end (end_pending = 3). Returns false with
 * diag set when no TMU request is outstanding or no tile buffer is hooked. */
SIM_CLONES_EXTERN
bool sim_exec_signal(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag)
{
	const struct qpu_sig_info *s = &qpu_sigs[in->sig];
	if (s->flags & QPU_SIGF_TMU) {
		struct sim_tmu *t = &q->tmu[s->tmu];
		if (!t->count)
			return vc4_diag_set(diag, "ip %u: %s with no outstanding TMU%u request",
					    q->ip, s->name, s->tmu);
		/* 32-byte moves with AVX2, as the next instruction loads r4 */
		copy_lanes(q->acc[4], q->tmu_fifo[s->tmu][t->head]);
		t->head = (t->head + 1) % QPU_TMU_FIFO_RESULTS;
		t->count--;
	} else if (s->flags & QPU_SIGF_TLB) {
		if (!q->hooks.tlb_load)
			return vc4_diag_set(diag, "ip %u: %s without a tile buffer", q->ip, s->name);
		if (!q->hooks.tlb_load(q->hooks.user, q, (enum qpu_sig)in->sig, q->acc[4], diag))
			return false;
	}
	if (s->flags & QPU_SIGF_PROG_END)
		q->end_pending = 3;
	return true;
}

/* Executes one instruction by its form through the general path (ALU with
 * signal, load immediate, semaphore, branch); reports illegal words.
 * Returns false with diag set on any error. */
static bool exec(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag)
{
	switch (in->form) {
	case F_ALU:
		if (!exec_alu(q, in, diag))
			return false;
		if (in->may_block) /* mutex acquire, checked free by blocks() */
			q->shared->mutex_owner = (int)q->opt.qpu_num;
		return in->sig == QPU_SIG_NONE || in->sig == QPU_SIG_SMALL_IMM ||
		       sim_exec_signal(q, in, diag);
	case F_LI: return exec_li(q, in, diag);
	case F_SEM:
		q->shared->sem[in->sem_index] += in->sem_dec ? -1 : 1;
		return exec_li(q, in, diag);
	case F_BRANCH: return sim_exec_branch(q, in, diag);
	default:
		return vc4_diag_set(diag, "ip %u: illegal instruction: %s", q->ip, in->why);
	}
}

/* An instruction the fast path does not take. */
enum sim_status sim_exec_general(struct sim_qpu *q, const struct sim_inst *in,
				    struct vc4_diag *diag)
{
	if (in->may_block && blocks(q, in))
		return SIM_BLOCKED;
	return exec(q, in, diag) ? SIM_RUNNING : SIM_ERROR;
}

