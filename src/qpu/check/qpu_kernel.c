/*
 * qpu_kernel.c: the Linux vc4 kernel's shader acceptance rules (rules E1-E10
 * of docs/check.md), applied to a page-padded shader BO exactly as
 * CREATE_SHADER_BO applies them, and what the kernel derives on acceptance
 * (uniform count, texture samples, uniform-address resets, threading).
 *
 * The rules work on raw bit fields whatever the instruction's form (the
 * kernel reads raddr_a of a load immediate from its immediate bits, and so do
 * we). Error texts are the kernel's, prefixed "ip N: " when tied to an
 * instruction; see docs/check.md for the exact convention and for the two
 * places where we deliberately diverge from the kernel (out-of-bounds reads
 * of its live-register arrays).
 */
#include "qpu/check/qpu_kernel.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/check/qpu_check_regs.h"
#include "qpu/qpu_isa.h"
#include "util/array.h"
#include "util/code_align.h"
#include "util/zalloc.h"
#include "util/zero.h"

/* The kernel's live-register slots: A0-31 (0..31), B0-31 (32..63), r0-r3
 * (64..67). Indices computed from read fields can exceed this (see
 * live_ok()). */
#define KV_LIVE_REGS 68
#define KV_NONE UINT32_MAX
/* Largest BO we validate: far above any real shader, keeps ip in int range. */
#define KV_MAX_INSTS (1u << 24)

struct kv_state {
	const uint64_t *insts;
	uint32_t ip;
	uint32_t max_ip;
	uint8_t *block_start;          /* [bo_ips]: branch target or fall-through */
	uint32_t bo_ips;

	struct qpu_kernel_texture_sample tmu_setup[2];
	int tmu_write_count[2];

	uint32_t live_min_clamp[KV_LIVE_REGS]; /* uniform offset, or KV_NONE */
	bool live_max_clamp[KV_LIVE_REGS];     /* known >= 0 */
	uint32_t live_imm[KV_LIVE_REGS];       /* LOAD_IMM value, or KV_NONE */

	bool needs_uniform_update;
	bool needs_uniform_for_loop;
	bool all_registers_used;

	struct qpu_kernel_info *info;
	VC4_ARRAY(struct qpu_kernel_texture_sample) samples;
	VC4_ARRAY(uint32_t) addr_offsets;
	bool oom;
	struct vc4_diag *diag;
};

/* Records the kernel's message for the instruction being validated. */
#define KV_FAIL(st, fmt, ...) \
	vc4_diag_set((st)->diag, "ip %u: " fmt, (st)->ip, ##__VA_ARGS__)

static uint64_t kv_inst(const struct kv_state *st)
{
	return st->insts[st->ip];
}

/* ---------------------------------------------------------------------------
 * Live-register indices (the kernel's numbering).
 * ------------------------------------------------------------------------- */

/* The slot a write to `waddr` on file B (is_b) or A lands in, or KV_NONE. */
static uint32_t kv_waddr_lri(uint32_t waddr, bool is_b)
{
	if (waddr < 32)
		return is_b ? 32 + waddr : waddr;
	if (qpu_check_waddr_is_acc03(waddr))
		return 64 + qpu_check_acc_index(waddr);
	return KV_NONE;
}

/* The slot the ADD's first operand reads, numbered as the kernel does:
 * mux A gives raddr_a itself (even for raddr_a >= 32, which then names a B
 * slot or r0-r3 — a kernel quirk we keep), mux B gives 32 + raddr_b, r0-r3
 * give 64..67, anything else KV_NONE. Values >= 68 are possible (see
 * live_ok()). */
static uint32_t kv_add_a_lri(uint64_t w)
{
	uint32_t mux = qpu_get_add_a(w);

	if (mux == QPU_MUX_A)
		return qpu_get_raddr_a(w);
	if (mux == QPU_MUX_B && qpu_get_sig(w) != QPU_SIG_SMALL_IMM)
		return 32 + qpu_get_raddr_b(w);
	if (mux <= QPU_MUX_R3)
		return 64 + mux;
	return KV_NONE;
}

/* True when `lri` is inside the kernel's arrays. The kernel reads past them
 * for mux-B reads of raddr_b >= 36 (its defect 5 in kernel-vc4.md); we treat
 * such slots as holding nothing, i.e. we reject where the kernel may accept
 * garbage. */
static bool live_ok(uint32_t lri)
{
	return lri < KV_LIVE_REGS;
}

static bool lri_upper_half(uint32_t lri)
{
	return (lri >= 16 && lri < 32) || (lri >= 48 && lri < 64);
}

/* The ADD's second operand is this instruction's uniform read. */
static bool kv_add_b_is_uniform(uint64_t w, bool allow_small_imm_b)
{
	uint32_t add_b = qpu_get_add_b(w);

	if (add_b == QPU_MUX_A && qpu_get_raddr_a(w) == QPU_R_UNIF)
		return true;
	return add_b == QPU_MUX_B && qpu_get_raddr_b(w) == QPU_R_UNIF &&
	       (allow_small_imm_b || qpu_get_sig(w) != QPU_SIG_SMALL_IMM);
}

/* This instruction reads a uniform (counted once). */
static bool kv_reads_uniform(uint64_t w)
{
	return qpu_get_raddr_a(w) == QPU_R_UNIF ||
	       (qpu_get_raddr_b(w) == QPU_R_UNIF && qpu_get_sig(w) != QPU_SIG_SMALL_IMM);
}

static void kv_reset_tmu_offsets(struct qpu_kernel_texture_sample *s)
{
	for (int i = 0; i < 4; i++)
		s->p_offset[i] = -1;
}

/* Forgets everything known about register contents (block start). */
static void kv_reset_live(struct kv_state *st, uint32_t first)
{
	for (uint32_t i = first; i < KV_LIVE_REGS; i++) {
		st->live_min_clamp[i] = KV_NONE;
		st->live_max_clamp[i] = false;
		st->live_imm[i] = KV_NONE;
	}
}

static void kv_reset_state(struct kv_state *st)
{
	kv_reset_tmu_offsets(&st->tmu_setup[0]);
	kv_reset_tmu_offsets(&st->tmu_setup[1]);
	kv_reset_live(st, 0);
}

/* ---------------------------------------------------------------------------
 * E4: texture unit writes.
 * ------------------------------------------------------------------------- */

/* Checks a direct (general memory) read: add(clamped offset, uniform). */
static bool kv_check_direct(struct kv_state *st, bool is_mul, int tmu)
{
	uint64_t w = kv_inst(st);

	if (qpu_get_sig(w) == QPU_SIG_SMALL_IMM)
		return KV_FAIL(st, "direct TMU read used small immediate");
	if (is_mul || qpu_get_op_add(w) != QPU_A_ADD)
		return KV_FAIL(st, "direct TMU load wasn't an add");
	uint32_t lri = kv_add_a_lri(w);
	if (lri == KV_NONE || !live_ok(lri) || st->live_min_clamp[lri] == KV_NONE)
		return KV_FAIL(st, "direct TMU load wasn't clamped");
	st->tmu_setup[tmu].p_offset[1] = (int32_t)st->live_min_clamp[lri];
	if (!kv_add_b_is_uniform(w, true))
		return KV_FAIL(st, "direct TMU load didn't add to a uniform");
	st->tmu_setup[tmu].is_direct = true;
	return true;
}

/* Appends the finished lookup of `tmu` to the sample list. The kernel only
 * resets the offsets afterwards: is_direct stays set for later lookups on
 * the same unit (kernel quirk, kept). */
static bool kv_record_sample(struct kv_state *st, int tmu)
{
	if (!vc4_array_push(&st->samples, st->tmu_setup[tmu])) {
		st->oom = true;
		return vc4_diag_set(st->diag, "out of memory");
	}
	kv_reset_tmu_offsets(&st->tmu_setup[tmu]);
	return true;
}

/* E4: a write to TMU register `waddr`. The s write that starts a lookup is a
 * direct read (kv_check_direct()); any other write may not share its
 * instruction with a uniform read, and counts one uniform (rejected while
 * the uniform address is undefined). At most 4 parameters per lookup; the
 * uniform offset of each is recorded, and the s write records the sample.
 * False with the kernel's message (or "out of memory"). */
static bool kv_check_tmu_write(struct kv_state *st, uint32_t waddr, bool is_mul)
{
	uint64_t w = kv_inst(st);
	int tmu = qpu_check_waddr_tmu(waddr);
	bool submit = qpu_check_waddr_is_tmu_submit(waddr);
	bool is_direct = submit && st->tmu_write_count[tmu] == 0;

	if (is_direct) {
		if (!kv_check_direct(st, is_mul, tmu))
			return false;
	} else if (kv_reads_uniform(w)) {
		return KV_FAIL(st, "uniform read in the same instruction as texture setup.");
	}
	if (st->tmu_write_count[tmu] >= 4)
		return KV_FAIL(st, "TMU%d got too many parameters before dispatch", tmu);
	st->tmu_setup[tmu].p_offset[st->tmu_write_count[tmu]] =
		(int32_t)st->info->uniforms_size;
	st->tmu_write_count[tmu]++;
	if (!is_direct) {
		if (st->needs_uniform_update)
			return KV_FAIL(st, "Texturing with undefined uniform address");
		st->info->uniforms_size += 4;
	}
	if (submit) {
		if (!kv_record_sample(st, tmu))
			return false;
		st->tmu_write_count[tmu] = 0;
	}
	return true;
}

/* ---------------------------------------------------------------------------
 * E6: uniform address resets.
 * ------------------------------------------------------------------------- */

static bool kv_reset_sig_ok(uint32_t sig)
{
	return sig == QPU_SIG_NONE || sig == QPU_SIG_SCOREBOARD_UNLOCK ||
	       sig == QPU_SIG_COLOR_LOAD || sig == QPU_SIG_LOAD_TMU0 ||
	       sig == QPU_SIG_LOAD_TMU1;
}

static bool kv_record_addr_offset(struct kv_state *st)
{
	if (!vc4_array_push(&st->addr_offsets, st->info->uniforms_size / 4)) {
		st->oom = true;
		return vc4_diag_set(st->diag, "out of memory");
	}
	return true;
}

/* E6: a write to uniforms_address must be an unconditional ADD with no
 * PM=0 pack and an allowed signal, adding to a uniform a register that holds
 * the load immediate uniforms_size + 4. On success clears the pending
 * uniform-update flags and records the uniform index; false with the
 * kernel's message (or "out of memory"). */
static bool kv_check_uniform_reset(struct kv_state *st, bool is_mul)
{
	uint64_t w = kv_inst(st);
	uint32_t lri = kv_add_a_lri(w);
	uint32_t expected = st->info->uniforms_size + 4;

	if (!kv_reset_sig_ok(qpu_get_sig(w)))
		return KV_FAIL(st, "uniforms address change must be normal math");
	if (is_mul || qpu_get_op_add(w) != QPU_A_ADD)
		return KV_FAIL(st, "Uniform address reset must be an ADD.");
	if (qpu_get_cond_add(w) != QPU_COND_ALWAYS)
		return KV_FAIL(st, "Uniform address reset must be unconditional.");
	if (qpu_get_pack(w) != QPU_PACK_A_NOP && !qpu_get_pm(w))
		return KV_FAIL(st, "No packing allowed on uniforms reset");
	if (lri == KV_NONE)
		return KV_FAIL(st, "First argument of uniform address write must be "
			       "an immediate value.");
	uint32_t imm = live_ok(lri) ? st->live_imm[lri] : KV_NONE;
	if (imm != expected)
		return KV_FAIL(st, "Resetting uniforms with offset %db instead of %db",
			       (int32_t)imm, (int32_t)expected);
	if (!kv_add_b_is_uniform(w, true))
		return KV_FAIL(st, "Second argument of uniform address write must be "
			       "a uniform.");
	st->needs_uniform_update = false;
	st->needs_uniform_for_loop = false;
	return kv_record_addr_offset(st);
}

/* ---------------------------------------------------------------------------
 * E3: one write (ADD or MUL side).
 * ------------------------------------------------------------------------- */

/* Updates the live immediate of the written slot (LOAD_IMM, no pack,
 * unconditional on this side) and the upper-half flag. */
static void kv_track_write_slot(struct kv_state *st, uint32_t waddr, bool is_mul, bool is_b)
{
	uint64_t w = kv_inst(st);
	uint32_t lri = kv_waddr_lri(waddr, is_b);

	if (lri == KV_NONE)
		return;
	uint32_t cond = is_mul ? qpu_get_cond_mul(w) : qpu_get_cond_add(w);
	if (qpu_get_sig(w) == QPU_SIG_LOAD_IMM && qpu_get_pack(w) == QPU_PACK_A_NOP &&
	    cond == QPU_COND_ALWAYS)
		st->live_imm[lri] = qpu_get_imm(w);
	else
		st->live_imm[lri] = KV_NONE;
	if (lri_upper_half(lri))
		st->all_registers_used = true;
}

/* E3: the ADD (is_mul false) or MUL write of the current instruction. Tracks
 * the written slot, then checks by address class: uniform address reset
 * (file B rejected as relative), TMU write, unsupported address, VPM DMA.
 * False with the kernel's message. */
static inline bool kv_check_reg_write(struct kv_state *st, bool is_mul)
{
	uint64_t w = kv_inst(st);
	uint32_t waddr = is_mul ? qpu_get_waddr_mul(w) : qpu_get_waddr_add(w);
	bool is_b = is_mul != (qpu_get_ws(w) != 0);

	kv_track_write_slot(st, waddr, is_mul, is_b);
	switch (qpu_check_kernel_waddr_class(waddr)) {
	case QPU_KW_UNIFORMS_ADDRESS:
		if (is_b)
			return KV_FAIL(st, "relative uniforms address change unsupported");
		return kv_check_uniform_reset(st, is_mul);
	case QPU_KW_TMU:
		return kv_check_tmu_write(st, waddr, is_mul);
	case QPU_KW_UNSUPPORTED:
		return KV_FAIL(st, "Unsupported waddr %u", waddr);
	case QPU_KW_VPM_DMA:
		return KV_FAIL(st, "General VPM DMA unsupported");
	case QPU_KW_OK:
		break;
	}
	return true;
}

/* E5: clamp tracking after the writes of one instruction. */
static void kv_track_clamps(struct kv_state *st)
{
	uint64_t w = kv_inst(st);
	bool ws = qpu_get_ws(w);
	uint32_t lri_a = kv_add_a_lri(w);
	bool a_is_max0 = lri_a != KV_NONE && live_ok(lri_a) && st->live_max_clamp[lri_a];
	uint32_t lri_add = kv_waddr_lri(qpu_get_waddr_add(w), ws);
	uint32_t lri_mul = kv_waddr_lri(qpu_get_waddr_mul(w), !ws);

	if (lri_mul != KV_NONE) {
		st->live_max_clamp[lri_mul] = false;
		st->live_min_clamp[lri_mul] = KV_NONE;
	}
	if (lri_add == KV_NONE)
		return;
	st->live_max_clamp[lri_add] = false;
	st->live_min_clamp[lri_add] = KV_NONE;
	if (qpu_get_cond_add(w) != QPU_COND_ALWAYS)
		return;

	uint32_t sig = qpu_get_sig(w);
	if (qpu_get_op_add(w) == QPU_A_MAX) {
		if (sig == QPU_SIG_SMALL_IMM && qpu_get_raddr_b(w) == 0 &&
		    (qpu_get_add_a(w) == QPU_MUX_B || qpu_get_add_b(w) == QPU_MUX_B))
			st->live_max_clamp[lri_add] = true;
	} else if (qpu_get_op_add(w) == QPU_A_MIN) {
		if (a_is_max0 && kv_add_b_is_uniform(w, false))
			st->live_min_clamp[lri_add] = st->info->uniforms_size;
	}
}

VC4_CODE_ALIGN(2048)
static bool kv_check_writes(struct kv_state *st)
{
	uint64_t w = kv_inst(st);

	if (qpu_check_kernel_waddr_class(qpu_get_waddr_add(w)) == QPU_KW_TMU &&
	    qpu_check_kernel_waddr_class(qpu_get_waddr_mul(w)) == QPU_KW_TMU)
		return KV_FAIL(st, "ADD and MUL both set up textures");
	bool ok = kv_check_reg_write(st, false) && kv_check_reg_write(st, true);
	kv_track_clamps(st);
	return ok;
}

/* E6 (uniform count) and E8 (upper-half reads). */
static bool kv_check_reads(struct kv_state *st)
{
	uint64_t w = kv_inst(st);
	uint32_t ra = qpu_get_raddr_a(w), rb = qpu_get_raddr_b(w);

	if (kv_reads_uniform(w)) {
		st->info->uniforms_size += 4;
		if (st->needs_uniform_update)
			return KV_FAIL(st, "Uniform read with undefined uniform address");
	}
	if ((ra >= 16 && ra < 32) ||
	    (rb >= 16 && rb < 32 && qpu_get_sig(w) != QPU_SIG_SMALL_IMM))
		st->all_registers_used = true;
	return true;
}

/* ---------------------------------------------------------------------------
 * E1: the branch pre-pass.
 * ------------------------------------------------------------------------- */

/* E1 for the branch at `ip`: rejects one in the three delay slots of the
 * previous branch (*last_branch, updated), a register or absolute branch, an offset not a multiple of
 * 8, a target or fall-through (ip + 4) at or past max_ip. Marks both as
 * block starts and raises *max_target to the fall-through. False with the
 * kernel's message. */
static bool kv_prepass_branch(struct kv_state *st, uint32_t ip, int32_t *last_branch,
			      uint32_t *max_target)
{
	uint64_t w = st->insts[ip];
	int32_t imm = (int32_t)qpu_get_imm(w);
	uint32_t after = ip + 4;

	st->ip = ip;
	if ((int64_t)ip - *last_branch < 4)
		return KV_FAIL(st, "Branch at %u during delay slots", ip);
	*last_branch = (int32_t)ip;
	if (qpu_get_br_reg(w))
		return KV_FAIL(st, "branching from register relative not supported");
	if (!qpu_get_br_rel(w))
		return KV_FAIL(st, "relative branching required");
	if ((uint32_t)imm % 8 != 0)
		return KV_FAIL(st, "branch target not aligned");
	/* uint32_t arithmetic as in the kernel: a target before 0 wraps. */
	uint32_t target = after + (uint32_t)(imm >> 3);
	if (target >= st->max_ip)
		return KV_FAIL(st, "Branch at %u outside of shader (ip %d/%d)", ip,
			       (int32_t)target, (int32_t)st->max_ip);
	st->block_start[target] = 1;
	if (after >= st->max_ip)
		return KV_FAIL(st, "Branch at %u continues past shader end (%d/%d)", ip,
			       (int32_t)after, (int32_t)st->max_ip);
	st->block_start[after] = 1;
	if (after > *max_target)
		*max_target = after;
	return true;
}

/* Marks basic-block starts and shrinks max_ip to PROG_END + 3. */
static bool kv_validate_branches(struct kv_state *st)
{
	uint32_t max_target = 0;
	int32_t last_branch = -2;

	for (uint32_t ip = 0; ip < st->max_ip; ip++) {
		uint32_t sig = qpu_get_sig(st->insts[ip]);

		if (sig == QPU_SIG_PROG_END) {
			/* The kernel does not clamp: a PROG_END in the last two
			 * words makes it read past the BO. We stop at the end. */
			st->max_ip = ip + 3 < st->bo_ips ? ip + 3 : st->bo_ips;
			continue;
		}
		if (sig == QPU_SIG_BRANCH &&
		    !kv_prepass_branch(st, ip, &last_branch, &max_target))
			return false;
	}
	/* The kernel compares in uint32_t, so max_ip < 3 wraps and passes. */
	if (max_target > st->max_ip - 3)
		return vc4_diag_set(st->diag, "Branch landed after QPU_SIG_PROG_END");
	return true;
}

/* ---------------------------------------------------------------------------
 * The main pass.
 * ------------------------------------------------------------------------- */

static bool kv_handle_block_start(struct kv_state *st)
{
	if (st->ip >= st->bo_ips || !st->block_start[st->ip])
		return true;
	if (st->tmu_write_count[0] != 0 || st->tmu_write_count[1] != 0)
		return KV_FAIL(st, "Branch target landed during TMU setup");
	kv_reset_state(st);
	st->needs_uniform_update = true;
	return true;
}

static bool kv_check_branch_inst(struct kv_state *st, uint32_t last_thrsw)
{
	uint64_t w = kv_inst(st);

	if ((int32_t)qpu_get_imm(w) < 0)
		st->needs_uniform_for_loop = true;
	if (qpu_get_waddr_add(w) != QPU_W_NOP || qpu_get_waddr_mul(w) != QPU_W_NOP)
		return KV_FAIL(st, "branch instruction at %u wrote a register.", st->ip);
	if (st->ip < last_thrsw + 3)
		return KV_FAIL(st, "Branch in thread switch");
	return true;
}

/* True for the signals the kernel accepts on an ALU instruction: none,
 * scoreboard wait and unlock, colour load, TMU loads, program end, small
 * immediate and the thread switches. */
static bool kv_sig_is_alu_ok(uint32_t sig)
{
	switch (sig) {
	case QPU_SIG_NONE:
	case QPU_SIG_WAIT_FOR_SCOREBOARD:
	case QPU_SIG_SCOREBOARD_UNLOCK:
	case QPU_SIG_COLOR_LOAD:
	case QPU_SIG_LOAD_TMU0:
	case QPU_SIG_LOAD_TMU1:
	case QPU_SIG_PROG_END:
	case QPU_SIG_SMALL_IMM:
	case QPU_SIG_THREAD_SWITCH:
	case QPU_SIG_LAST_THREAD_SWITCH:
		return true;
	default:
		return false;
	}
}

/* Validates one instruction of the main pass. *last_thrsw uses the kernel's
 * uint32_t arithmetic (starts at -3). */
static bool kv_check_inst(struct kv_state *st, uint32_t *last_thrsw)
{
	uint32_t sig = qpu_get_sig(kv_inst(st));

	if (sig == QPU_SIG_LOAD_IMM)
		return kv_check_writes(st);
	if (sig == QPU_SIG_BRANCH)
		return kv_check_branch_inst(st, *last_thrsw);
	if (!kv_sig_is_alu_ok(sig))
		return KV_FAIL(st, "Unsupported QPU signal %u", sig);
	if (!kv_check_writes(st) || !kv_check_reads(st))
		return false;
	if (sig == QPU_SIG_THREAD_SWITCH || sig == QPU_SIG_LAST_THREAD_SWITCH) {
		st->info->is_threaded = true;
		if (st->ip < *last_thrsw + 3)
			return KV_FAIL(st, "Thread switch too soon after last switch");
		*last_thrsw = st->ip;
	}
	return true;
}

/* Runs the main pass; returns the ip it stopped at (== max_ip: no end). */
static bool kv_main_pass(struct kv_state *st, uint32_t *end_ip)
{
	bool found_end = false;
	uint32_t end = 0;
	uint32_t last_thrsw = (uint32_t)-3;
	uint32_t ip;

	for (ip = 0; ip < st->max_ip; ip++) {
		st->ip = ip;
		if (!kv_handle_block_start(st))
			return false;
		if (ip == last_thrsw + 3)
			kv_reset_live(st, 64);
		if (!kv_check_inst(st, &last_thrsw))
			return false;
		if (qpu_get_sig(st->insts[ip]) == QPU_SIG_PROG_END) {
			found_end = true;
			end = ip;
		}
		if (found_end && ip == end + 2)
			break;
	}
	*end_ip = ip;
	return true;
}

/* E8-E10: the checks after the main pass and the derived sizes. */
static bool kv_finish(struct kv_state *st, uint32_t end_ip)
{
	struct qpu_kernel_info *info = st->info;

	if (end_ip == st->max_ip)
		return vc4_diag_set(st->diag, "shader failed to terminate before shader BO "
				    "end at %zu", (size_t)st->bo_ips * 8);
	if (info->is_threaded && st->all_registers_used)
		return vc4_diag_set(st->diag, "Shader uses threading, but uses the upper "
				    "half of the registers, too");
	if (st->needs_uniform_for_loop) {
		if (!kv_record_addr_offset(st))
			return false;
		info->uniforms_size += 4;
	}
	info->max_ip = end_ip + 1;
	info->num_texture_samples = (uint32_t)st->samples.len;
	info->texture_samples = st->samples.data;
	info->num_uniform_addr_offsets = (uint32_t)st->addr_offsets.len;
	info->uniform_addr_offsets = st->addr_offsets.data;
	info->uniforms_src_size = info->uniforms_size + 4 * info->num_texture_samples;
	st->samples.data = NULL;
	st->addr_offsets.data = NULL;
	return true;
}

VC4_CODE_ALIGN(2048)
bool qpu_kernel_validate(const uint64_t *insts, size_t count,
			 struct qpu_kernel_info *info, struct vc4_diag *diag)
{
	struct kv_state st = { .insts = insts, .info = info, .diag = diag };

	vc4_zero_bytes(info, sizeof(*info));
	if (!insts || count == 0)
		return vc4_diag_set(diag, "empty shader BO");
	if (count > KV_MAX_INSTS)
		return vc4_diag_set(diag, "shader BO of %zu instructions is too large "
				    "(limit %u)", count, KV_MAX_INSTS);
	st.max_ip = st.bo_ips = (uint32_t)count;
	st.block_start = vc4_calloc(count, 1);
	if (!st.block_start)
		return vc4_diag_set(diag, "out of memory");
	kv_reset_state(&st);

	uint32_t end_ip = 0;
	bool ok = kv_validate_branches(&st) && kv_main_pass(&st, &end_ip) &&
		  kv_finish(&st, end_ip);
	free(st.block_start);
	vc4_array_free(&st.samples);
	vc4_array_free(&st.addr_offsets);
	if (!ok)
		qpu_kernel_info_free(info);
	return ok;
}

void qpu_kernel_info_free(struct qpu_kernel_info *info)
{
	if (!info)
		return;
	free(info->texture_samples);
	free(info->uniform_addr_offsets);
	memset(info, 0, sizeof(*info));
}

bool qpu_kernel_check_size(uint64_t size, struct vc4_diag *diag)
{
	if (size == 0)
		return vc4_diag_set(diag, "shader size is 0");
	if (size % 8)
		return vc4_diag_set(diag, "shader size %" PRIu64 " is not a multiple of 8", size);
	return true;
}

VC4_CODE_ALIGN(256)
uint8_t *qpu_kernel_pad_to_page(const void *code, size_t size, size_t *padded_size)
{
	const size_t page = 4096;

	if (!code || size == 0 || size > SIZE_MAX - page)
		return NULL;
	size_t padded = (size + page - 1) / page * page;
	uint8_t *bo = malloc(padded);   /* only the padding needs zeroing */
	if (!bo)
		return NULL;
	memcpy(bo, code, size);
	vc4_zero_bytes(bo + size, padded - size);
	if (padded_size)
		*padded_size = padded;
	return bo;
}
