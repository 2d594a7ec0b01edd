/*
 * test_kernel.c: the kernel's shader acceptance rules (qpu_kernel.h). For
 * every rule an accepted and a rejected program with the kernel's exact
 * message; the derived uniform counts, texture parameter offsets, reset
 * offsets and threading; the page padding and the kernel's quirks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "check_prog.h"
#include "qpu/check/qpu_kernel.h"

/* Pads like CREATE_SHADER_BO (when `pad`) and validates. */
static bool validate(const uint64_t *p, size_t n, bool pad, struct qpu_kernel_info *info,
		     struct vc4_diag *d)
{
	size_t padded = n * 8;
	uint8_t *bo = pad ? qpu_kernel_pad_to_page(p, n * 8, &padded) : NULL;
	const uint64_t *words = pad ? (const uint64_t *)bo : p;

	if (pad)
		assert_non_null(bo);
	vc4_diag_clear(d);
	bool ok = qpu_kernel_validate(words, padded / 8, info, d);
	free(bo);
	return ok;
}

/* The verdict as text: "ACCEPT" or the message. */
static const char *verdict(const uint64_t *p, size_t n)
{
	static struct vc4_diag d;
	struct qpu_kernel_info info;

	if (!validate(p, n, true, &info, &d))
		return d.msg;
	qpu_kernel_info_free(&info);
	return "ACCEPT";
}

#define VERDICT(expect, ...) \
	assert_string_equal(verdict((const uint64_t[]){ __VA_ARGS__ }, N_WORDS(__VA_ARGS__)), \
			    expect)

#define TAIL P_END, P_NOP, P_NOP

/* add d, a, b with raddr_a = uniform */
static uint64_t add_unif(unsigned waddr, enum qpu_mux a)
{
	return p_add(QPU_A_ADD, waddr, a, QPU_MUX_A, R_UNIF, R_NOP);
}

static void e1_branches(void **state)
{
	(void)state;
	VERDICT("ip 0: Branch at 0 during delay slots", p_br(QPU_BR_ALWAYS, 0, 4), P_NOP,
		P_NOP, P_NOP, TAIL);
	VERDICT("ip 1: Branch at 1 during delay slots", P_NOP, p_br(QPU_BR_ALWAYS, 1, 5), P_NOP,
		P_NOP, P_NOP, TAIL);
	VERDICT("ACCEPT", P_NOP, P_NOP, p_br(QPU_BR_ALWAYS, 2, 6), P_NOP, P_NOP, P_NOP, TAIL);
	VERDICT("ip 5: Branch at 5 during delay slots", P_NOP, P_NOP, p_br(QPU_BR_ALWAYS, 2, 9),
		P_NOP, P_NOP, p_br(QPU_BR_ALWAYS, 5, 9), P_NOP, P_NOP, P_NOP, TAIL);
	VERDICT("ip 2: branching from register relative not supported", P_NOP, P_NOP,
		qpu_set_br_reg(p_br(QPU_BR_ALWAYS, 2, 6), 1), P_NOP, P_NOP, P_NOP, TAIL);
	VERDICT("ip 2: relative branching required", P_NOP, P_NOP,
		qpu_branch(QPU_BR_ALWAYS, false, 48), P_NOP, P_NOP, P_NOP, TAIL);
	VERDICT("ip 2: branch target not aligned", P_NOP, P_NOP,
		qpu_branch(QPU_BR_ALWAYS, true, 4), P_NOP, P_NOP, P_NOP, TAIL);
	VERDICT("ip 2: Branch at 2 outside of shader (ip 1006/512)", P_NOP, P_NOP,
		p_br(QPU_BR_ALWAYS, 2, 1006), P_NOP, P_NOP, P_NOP, TAIL);
	VERDICT("ip 2: Branch at 2 outside of shader (ip -4/512)", P_NOP, P_NOP,
		p_br(QPU_BR_ALWAYS, 2, -4), P_NOP, P_NOP, P_NOP, TAIL);
	VERDICT("Branch landed after QPU_SIG_PROG_END", P_NOP, P_NOP,
		p_br(QPU_BR_ALWAYS, 2, 6), P_END, P_NOP, P_NOP);
}

static void e1_continues_past_end(void **state)
{
	(void)state;
	uint64_t p[509];
	struct qpu_kernel_info info;
	struct vc4_diag d;

	for (int i = 0; i < 508; i++)
		p[i] = P_NOP;
	p[508] = p_br(QPU_BR_ALWAYS, 508, 2);
	assert_false(validate(p, 509, true, &info, &d));
	assert_string_equal(d.msg, "ip 508: Branch at 508 continues past shader end (512/512)");
}

/* A branch may target words after PROG_END that only the page padding holds. */
static void e1_target_in_padding(void **state)
{
	(void)state;
	const uint64_t p[] = { P_NOP, P_NOP, p_br(QPU_BR_ANY_ZS, 2, 20), P_NOP, P_NOP, P_NOP,
			       P_END, P_NOP, P_NOP };
	struct qpu_kernel_info info;
	struct vc4_diag d;

	assert_true(validate(p, 9, true, &info, &d));
	assert_int_equal(info.max_ip, 9);
	qpu_kernel_info_free(&info);
	assert_false(validate(p, 9, false, &info, &d));
	assert_string_equal(d.msg, "ip 2: Branch at 2 outside of shader (ip 20/9)");
}

static void e2_signals(void **state)
{
	(void)state;
	VERDICT("ip 0: Unsupported QPU signal 0", 0, TAIL);
	VERDICT("ip 1: Unsupported QPU signal 7", P_NOP, p_sig(P_NOP, QPU_SIG_COVERAGE_LOAD),
		TAIL);
	VERDICT("ip 1: Unsupported QPU signal 9", P_NOP, p_sig(P_NOP, QPU_SIG_COLOR_LOAD_END),
		TAIL);
	VERDICT("ip 0: Unsupported QPU signal 12", p_sig(P_NOP, QPU_SIG_ALPHA_MASK_LOAD), TAIL);
	/* running into the zero padding */
	VERDICT("ip 1: Unsupported QPU signal 0", P_NOP);
	VERDICT("ACCEPT", P_NOP, P_SBWAIT, P_UNLOCK, p_sig(P_NOP, QPU_SIG_COLOR_LOAD),
		p_sig(P_NOP, QPU_SIG_LOAD_TMU1), p_rot(W_R1, QPU_MUX_R0, 50), p_li(W_R0, 7),
		TAIL);
}

static void e3_waddrs(void **state)
{
	(void)state;
	VERDICT("ip 0: Unsupported waddr 36", p_mov_acc(W_TMU_NOSWAP, QPU_MUX_R0), TAIL);
	VERDICT("ip 0: Unsupported waddr 38", p_mov_acc(W_HOST_INT, QPU_MUX_R0), TAIL);
	VERDICT("ip 0: Unsupported waddr 47", p_mov_acc(W_TLB_ALPHA, QPU_MUX_R0), TAIL);
	VERDICT("ip 1: Unsupported waddr 51", P_NOP,
		p_mul_mov(P_NOP, W_MUTEX, QPU_MUX_R0), TAIL);
	VERDICT("ip 0: General VPM DMA unsupported", p_mov_acc(W_VPM_ADDR, QPU_MUX_R0), TAIL);
	VERDICT("ip 0: Unsupported waddr 36", p_li(W_TMU_NOSWAP, 1), TAIL);
	VERDICT("ACCEPT", p_mov_acc(W_VPM, QPU_MUX_R0), p_li(W_VPM_SETUP, 0x00001a00),
		p_ws(p_li(W_VPM_SETUP, 0x80000000)), p_mov_acc(W_TLB_STENCIL, QPU_MUX_R0),
		p_mov_acc(W_TLB_Z, QPU_MUX_R0), p_mov_acc(W_TLB_COLOR_MS, QPU_MUX_R0),
		p_mov_acc(W_TLB_COLOR, QPU_MUX_R0), p_mov_acc(W_R5, QPU_MUX_R0),
		p_mov_acc(31, QPU_MUX_R0), p_mov_acc(W_SFU_RECIP, QPU_MUX_R0), TAIL);
}

static void e4_tmu(void **state)
{
	(void)state;
	VERDICT("ip 0: ADD and MUL both set up textures",
		p_mul_mov(p_mov_acc(W_TMU0_T, QPU_MUX_R0), W_TMU1_T, QPU_MUX_R1), TAIL);
	VERDICT("ip 4: TMU0 got too many parameters before dispatch",
		p_mov_acc(W_TMU0_T, QPU_MUX_R0), p_mov_acc(W_TMU0_R, QPU_MUX_R0),
		p_mov_acc(W_TMU0_B, QPU_MUX_R0), p_mov_acc(W_TMU0_T, QPU_MUX_R0),
		p_mov_acc(W_TMU0_T, QPU_MUX_R0), TAIL);
	VERDICT("ip 0: uniform read in the same instruction as texture setup.",
		p_mov_a(W_TMU0_T, R_UNIF), TAIL);
	VERDICT("ip 0: direct TMU read used small immediate",
		p_sig(add_unif(W_TMU0_S, QPU_MUX_R0), QPU_SIG_SMALL_IMM), TAIL);
	VERDICT("ip 0: direct TMU load wasn't an add", p_mov_acc(W_TMU0_S, QPU_MUX_R0), TAIL);
	VERDICT("ip 0: direct TMU load wasn't an add",
		p_mul_mov(P_NOP, W_TMU1_S, QPU_MUX_R0), TAIL);
	VERDICT("ip 0: direct TMU load wasn't clamped", add_unif(W_TMU0_S, QPU_MUX_R0), TAIL);
	VERDICT("ip 0: direct TMU load wasn't clamped", add_unif(W_TMU0_S, QPU_MUX_R4), TAIL);
	VERDICT("ACCEPT", p_mov_acc(W_TMU0_T, QPU_MUX_R0), p_mov_acc(W_TMU0_S, QPU_MUX_R1),
		P_LDTMU0, TAIL);
}

/* max r0, r1, 0 ; min r0, r0, unif: r0 holds an offset clamped by uniform 0 */
#define CLAMP_R0 \
	p_sig(p_add(QPU_A_MAX, W_R0, QPU_MUX_R1, QPU_MUX_B, R_NOP, 0), QPU_SIG_SMALL_IMM), \
	p_add(QPU_A_MIN, W_R0, QPU_MUX_R0, QPU_MUX_A, R_UNIF, R_NOP)

static void e4_e5_direct_read(void **state)
{
	(void)state;
	const uint64_t p[] = { CLAMP_R0, add_unif(W_TMU0_S, QPU_MUX_R0), P_LDTMU0, TAIL };
	struct qpu_kernel_info info;
	struct vc4_diag d;

	assert_true(validate(p, N_WORDS(CLAMP_R0) + 5, true, &info, &d));
	assert_int_equal(info.uniforms_size, 8);
	assert_int_equal(info.uniforms_src_size, 12);
	assert_int_equal(info.num_texture_samples, 1);
	assert_true(info.texture_samples[0].is_direct);
	const int32_t expect[4] = { 4, 0, -1, -1 };
	assert_memory_equal(info.texture_samples[0].p_offset, expect, sizeof(expect));
	qpu_kernel_info_free(&info);

	VERDICT("ip 2: direct TMU load didn't add to a uniform", CLAMP_R0,
		p_add(QPU_A_ADD, W_TMU0_S, QPU_MUX_R0, QPU_MUX_R1, R_NOP, R_NOP), TAIL);
	/* the min must be against a uniform, after a max with 0 */
	VERDICT("ip 2: direct TMU load wasn't clamped",
		p_add(QPU_A_MIN, W_R0, QPU_MUX_R1, QPU_MUX_A, R_UNIF, R_NOP), P_NOP,
		add_unif(W_TMU0_S, QPU_MUX_R0), TAIL);
	/* a later write forgets the clamp */
	VERDICT("ip 3: direct TMU load wasn't clamped", CLAMP_R0, p_mov_acc(W_R0, QPU_MUX_R1),
		add_unif(W_TMU0_S, QPU_MUX_R0), TAIL);
}

static void e4_block_start_during_setup(void **state)
{
	(void)state;
	VERDICT("ip 7: Branch target landed during TMU setup", P_NOP, P_NOP,
		p_mov_acc(W_TMU0_T, QPU_MUX_R0), p_br(QPU_BR_ALWAYS, 3, 7), P_NOP, P_NOP, P_NOP,
		p_mov_acc(W_TMU0_S, QPU_MUX_R0), TAIL);
	VERDICT("ACCEPT", P_NOP, P_NOP, p_mov_acc(W_TMU0_T, QPU_MUX_R0),
		p_mov_acc(W_TMU0_S, QPU_MUX_R0), p_br(QPU_BR_ALWAYS, 4, 8), P_NOP, P_NOP,
		P_NOP, P_LDTMU0, TAIL);
}

/* r0-r3 clamps are forgotten 3 instructions after a thread switch. */
static void e5_clamp_lost_after_switch(void **state)
{
	(void)state;
	VERDICT("ip 5: direct TMU load wasn't clamped", CLAMP_R0, P_THRSW, P_NOP, P_NOP,
		add_unif(W_TMU0_S, QPU_MUX_R0), P_LDTMU0, TAIL);
	VERDICT("ACCEPT", CLAMP_R0, P_THRSW, P_NOP, add_unif(W_TMU0_S, QPU_MUX_R0), P_LDTMU0,
		TAIL);
}

/* Kernel quirk: after a direct read, later lookups on the same TMU stay
 * marked direct (only the offsets are reset). */
static void e4_is_direct_sticks(void **state)
{
	(void)state;
	const uint64_t p[] = { CLAMP_R0, add_unif(W_TMU0_S, QPU_MUX_R0), P_LDTMU0,
			       p_mov_acc(W_TMU0_T, QPU_MUX_R0), p_mov_acc(W_TMU0_S, QPU_MUX_R0),
			       P_LDTMU0, TAIL };
	struct qpu_kernel_info info;
	struct vc4_diag d;

	assert_true(validate(p, sizeof(p) / 8, true, &info, &d));
	assert_int_equal(info.num_texture_samples, 2);
	assert_int_equal(info.uniforms_size, 16);
	assert_int_equal(info.uniforms_src_size, 24);
	assert_true(info.texture_samples[1].is_direct);
	const int32_t expect1[4] = { 8, 12, -1, -1 };
	assert_memory_equal(info.texture_samples[1].p_offset, expect1, sizeof(expect1));
	qpu_kernel_info_free(&info);
}

/* ip 0: one uniform; 2: branch to 6; 6: load_imm r0, 8; 7: reset. */
#define BRANCH_THEN(...) \
	p_mov_a(W_R1, R_UNIF), P_NOP, p_br(QPU_BR_ALWAYS, 2, 6), P_NOP, P_NOP, P_NOP, \
	__VA_ARGS__

static void e6_uniform_reset(void **state)
{
	(void)state;
	const uint64_t p[] = { BRANCH_THEN(p_li(W_R0, 8), add_unif(W_UNIF_ADDR, QPU_MUX_R0),
					   P_NOP, P_NOP, p_mov_a(W_R1, R_UNIF), TAIL) };
	struct qpu_kernel_info info;
	struct vc4_diag d;

	assert_true(validate(p, sizeof(p) / 8, true, &info, &d));
	assert_int_equal(info.uniforms_size, 12);
	assert_int_equal(info.num_uniform_addr_offsets, 1);
	assert_int_equal(info.uniform_addr_offsets[0], 1);
	assert_int_equal(info.num_texture_samples, 0);
	assert_false(info.is_threaded);
	assert_int_equal(info.max_ip, 14);
	qpu_kernel_info_free(&info);

	VERDICT("ip 6: Uniform read with undefined uniform address",
		BRANCH_THEN(p_mov_a(W_R1, R_UNIF), TAIL));
	VERDICT("ip 6: Texturing with undefined uniform address",
		BRANCH_THEN(p_mov_acc(W_TMU0_T, QPU_MUX_R0), TAIL));
	VERDICT("ip 7: Resetting uniforms with offset 12b instead of 8b",
		BRANCH_THEN(p_li(W_R0, 12), add_unif(W_UNIF_ADDR, QPU_MUX_R0), TAIL));
	VERDICT("ip 7: Resetting uniforms with offset -1b instead of 8b",
		BRANCH_THEN(p_li(W_R0, 8), add_unif(W_UNIF_ADDR, QPU_MUX_R1), TAIL));
	VERDICT("ip 7: First argument of uniform address write must be an immediate value.",
		BRANCH_THEN(p_li(W_R0, 8), add_unif(W_UNIF_ADDR, QPU_MUX_R4), TAIL));
	VERDICT("ip 7: Uniform address reset must be an ADD.",
		BRANCH_THEN(p_li(W_R0, 8), p_add(QPU_A_OR, W_UNIF_ADDR, QPU_MUX_R0, QPU_MUX_A,
						  R_UNIF, R_NOP), TAIL));
	VERDICT("ip 7: Uniform address reset must be unconditional.",
		BRANCH_THEN(p_li(W_R0, 8),
			    p_cond_add(add_unif(W_UNIF_ADDR, QPU_MUX_R0), QPU_COND_ZS), TAIL));
	VERDICT("ip 7: No packing allowed on uniforms reset",
		BRANCH_THEN(p_li(W_R0, 8),
			    qpu_set_pack(add_unif(W_UNIF_ADDR, QPU_MUX_R0), 1), TAIL));
	VERDICT("ip 7: uniforms address change must be normal math",
		BRANCH_THEN(p_li(W_R0, 8), p_sig(add_unif(W_UNIF_ADDR, QPU_MUX_R0),
						  QPU_SIG_WAIT_FOR_SCOREBOARD), TAIL));
	VERDICT("ip 7: Second argument of uniform address write must be a uniform.",
		BRANCH_THEN(p_li(W_R0, 8), p_add(QPU_A_ADD, W_UNIF_ADDR, QPU_MUX_R0, QPU_MUX_R1,
						  R_NOP, R_NOP), TAIL));
	VERDICT("ip 7: relative uniforms address change unsupported",
		BRANCH_THEN(p_li(W_R0, 8), p_ws(add_unif(W_UNIF_ADDR, QPU_MUX_R0)), TAIL));
	VERDICT("ip 0: uniforms address change must be normal math",
		p_li(W_UNIF_ADDR, 4), TAIL);
}

/* A backward branch without a later reset appends the address uniform. */
static void e6_loop_needs_address(void **state)
{
	(void)state;
	const uint64_t p[] = { p_mov_a(W_R1, R_UNIF), P_NOP, p_br(QPU_BR_ANY_ZC, 2, 0),
			       P_NOP, P_NOP, P_NOP, TAIL };
	struct qpu_kernel_info info;
	struct vc4_diag d;

	/* the loop target (ip 0) is a block start: its uniform read is undefined */
	assert_false(validate(p, sizeof(p) / 8, true, &info, &d));
	assert_string_equal(d.msg, "ip 0: Uniform read with undefined uniform address");

	const uint64_t q[] = { P_NOP, P_NOP, p_br(QPU_BR_ANY_ZC, 2, 0), P_NOP, P_NOP, P_NOP,
			       TAIL };
	assert_true(validate(q, sizeof(q) / 8, true, &info, &d));
	assert_int_equal(info.uniforms_size, 4);
	assert_int_equal(info.uniforms_src_size, 4);
	assert_int_equal(info.num_uniform_addr_offsets, 1);
	assert_int_equal(info.uniform_addr_offsets[0], 0);
	qpu_kernel_info_free(&info);
}

static void e7_branch_rules(void **state)
{
	(void)state;
	VERDICT("ip 2: branch instruction at 2 wrote a register.", P_NOP, P_NOP,
		qpu_set_waddr_add(p_br(QPU_BR_ALWAYS, 2, 6), W_R0), P_NOP, P_NOP, P_NOP, TAIL);
	VERDICT("ip 3: Branch in thread switch", P_NOP, P_THRSW, P_NOP,
		p_br(QPU_BR_ALWAYS, 3, 7), P_NOP, P_NOP, P_NOP, TAIL);
	VERDICT("ACCEPT", P_NOP, P_THRSW, P_NOP, P_NOP, p_br(QPU_BR_ALWAYS, 4, 8), P_NOP,
		P_NOP, P_NOP, TAIL);
}

static void e8_threading(void **state)
{
	(void)state;
	VERDICT("ip 3: Thread switch too soon after last switch", P_NOP, P_THRSW, P_NOP,
		P_LTHRSW, TAIL);
	VERDICT("Shader uses threading, but uses the upper half of the registers, too",
		p_mov_acc(16, QPU_MUX_R0), P_LTHRSW, TAIL);
	/* the kernel counts raddr fields even when no operand uses them */
	VERDICT("Shader uses threading, but uses the upper half of the registers, too",
		p_mov(W_R0, QPU_MUX_R1, 20, R_NOP), P_LTHRSW, TAIL);
	VERDICT("ACCEPT", p_mov_acc(16, QPU_MUX_R0), P_NOP, TAIL);

	const uint64_t p[] = { p_mov_acc(15, QPU_MUX_R0), P_THRSW, P_NOP, P_NOP, P_LTHRSW,
			       TAIL };
	struct qpu_kernel_info info;
	struct vc4_diag d;
	assert_true(validate(p, sizeof(p) / 8, true, &info, &d));
	assert_true(info.is_threaded);
	qpu_kernel_info_free(&info);
}

static void e9_program_end(void **state)
{
	(void)state;
	uint64_t *p = malloc(512 * 8);
	struct qpu_kernel_info info;
	struct vc4_diag d;

	assert_non_null(p);
	for (int i = 0; i < 512; i++)
		p[i] = P_NOP;
	assert_false(validate(p, 512, true, &info, &d));
	assert_string_equal(d.msg, "shader failed to terminate before shader BO end at 4096");
	free(p);

	/* a PROG_END in a delay slot moves the end along */
	const uint64_t q[] = { P_END, P_END, P_NOP, P_NOP };
	assert_true(validate(q, 4, true, &info, &d));
	assert_int_equal(info.max_ip, 4);
	qpu_kernel_info_free(&info);

	/* words after the end are not looked at */
	VERDICT("ACCEPT", TAIL, 0, p_mov_acc(W_HOST_INT, QPU_MUX_R0));
	/* the delay slots are validated */
	VERDICT("ip 2: Unsupported waddr 38", P_END, P_NOP, p_mov_acc(W_HOST_INT, QPU_MUX_R0));
}

static void bad_input(void **state)
{
	(void)state;
	struct qpu_kernel_info info;
	struct vc4_diag d = { 0 };
	const uint64_t p[] = { P_END };

	assert_false(qpu_kernel_validate(p, 0, &info, &d));
	assert_string_equal(d.msg, "empty shader BO");
	/* no page padding: the delay slots run off the BO */
	vc4_diag_clear(&d);
	assert_false(qpu_kernel_validate(p, 1, &info, &d));
	assert_string_equal(d.msg, "shader failed to terminate before shader BO end at 8");
	qpu_kernel_info_free(NULL);
}

/* Random words in a page never crash the validator; a rejection always
 * says why, an acceptance stays inside the BO. */
static void random_programs(void **state)
{
	(void)state;
	uint64_t seed = 777, *p = calloc(512, 8);

	assert_non_null(p);
	for (int it = 0; it < 1500; it++) {
		size_t n = 1 + (size_t)(it % 40);
		for (size_t i = 0; i < 512; i++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			uint64_t w = seed ^ (seed >> 31);
			unsigned k = (unsigned)(seed >> 61);
			if (i >= n)
				w = 0;
			else if (k == 0)
				w = qpu_set_sig(w, QPU_SIG_BRANCH);
			else if (k == 1)
				w = qpu_set_sig(w, QPU_SIG_PROG_END);
			else if (k < 5)
				w = qpu_set_sig(w, QPU_SIG_NONE);
			p[i] = w;
		}
		struct qpu_kernel_info info;
		struct vc4_diag d = { 0 };
		if (qpu_kernel_validate(p, 512, &info, &d)) {
			assert_true(info.max_ip <= 512);
			assert_int_equal(info.uniforms_src_size,
					 info.uniforms_size + 4 * info.num_texture_samples);
			qpu_kernel_info_free(&info);
		} else {
			assert_true(d.set && d.msg[0]);
		}
	}
	free(p);
}

static void padding(void **state)
{
	(void)state;
	const uint8_t code[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
	size_t padded = 0;
	uint8_t *bo = qpu_kernel_pad_to_page(code, sizeof(code), &padded);

	assert_non_null(bo);
	assert_int_equal(padded, 4096);
	assert_memory_equal(bo, code, 16);
	for (size_t i = 16; i < 4096; i++)
		assert_int_equal(bo[i], 0);
	free(bo);

	uint8_t *big = calloc(4097, 1);
	assert_non_null(big);
	bo = qpu_kernel_pad_to_page(big, 4096, &padded);
	assert_int_equal(padded, 4096);
	free(bo);
	bo = qpu_kernel_pad_to_page(big, 4097, &padded);
	assert_int_equal(padded, 8192);
	free(bo);
	free(big);
	assert_null(qpu_kernel_pad_to_page(code, 0, &padded));
}

/* The Mesa-like fragment shader of test_hazard.c: one 2D texture lookup. */
static void mesa_like_fs(void **state)
{
	(void)state;
	const uint64_t p[] = {
		p_mov_a(W_R0, R_VARY),
		p_add(QPU_A_FADD, W_R0, QPU_MUX_R0, QPU_MUX_R5, R_NOP, R_NOP),
		p_mov_a(W_R1, R_VARY),
		p_add(QPU_A_FADD, W_R1, QPU_MUX_R1, QPU_MUX_R5, R_NOP, R_NOP),
		p_mov_acc(W_TMU0_T, QPU_MUX_R1),
		p_mov_acc(W_TMU0_S, QPU_MUX_R0),
		P_NOP,
		P_LDTMU0,
		p_mov_acc(W_R2, QPU_MUX_R4),
		P_SBWAIT,
		p_mov_acc(W_TLB_COLOR, QPU_MUX_R2),
		P_END, P_NOP, P_UNLOCK,
	};
	struct qpu_kernel_info info;
	struct vc4_diag d;

	assert_true(validate(p, sizeof(p) / 8, true, &info, &d));
	assert_int_equal(info.uniforms_size, 8);
	assert_int_equal(info.uniforms_src_size, 12);
	assert_int_equal(info.num_texture_samples, 1);
	assert_false(info.texture_samples[0].is_direct);
	const int32_t expect[4] = { 0, 4, -1, -1 };
	assert_memory_equal(info.texture_samples[0].p_offset, expect, sizeof(expect));
	assert_int_equal(info.num_uniform_addr_offsets, 0);
	assert_false(info.is_threaded);
	assert_int_equal(info.max_ip, 14);
	qpu_kernel_info_free(&info);
}

static void mesa_like_vs(void **state)
{
	(void)state;
	const uint64_t p[] = {
		p_ws(p_li(W_VPM_SETUP, 0x00001a00)),
		p_li(W_VPM_SETUP, 0x00201a00),
		p_mov_a(W_R0, R_VPM),
		p_mov_a(W_R1, R_VPM),
		qpu_with_mul(p_mov_a(W_R2, R_UNIF), QPU_M_FMUL, W_R3, QPU_MUX_R0, QPU_MUX_R1),
		p_mov_acc(W_VPM, QPU_MUX_R3),
		p_mov_acc(W_VPM, QPU_MUX_R2),
		P_END, P_NOP, P_NOP,
	};
	struct qpu_kernel_info info;
	struct vc4_diag d;

	assert_true(validate(p, sizeof(p) / 8, true, &info, &d));
	assert_int_equal(info.uniforms_size, 4);
	assert_int_equal(info.uniforms_src_size, 4);
	assert_int_equal(info.num_texture_samples, 0);
	assert_false(info.is_threaded);
	qpu_kernel_info_free(&info);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(e1_branches),
		cmocka_unit_test(e1_continues_past_end),
		cmocka_unit_test(e1_target_in_padding),
		cmocka_unit_test(e2_signals),
		cmocka_unit_test(e3_waddrs),
		cmocka_unit_test(e4_tmu),
		cmocka_unit_test(e4_e5_direct_read),
		cmocka_unit_test(e4_is_direct_sticks),
		cmocka_unit_test(e4_block_start_during_setup),
		cmocka_unit_test(e5_clamp_lost_after_switch),
		cmocka_unit_test(e6_uniform_reset),
		cmocka_unit_test(e6_loop_needs_address),
		cmocka_unit_test(e7_branch_rules),
		cmocka_unit_test(e8_threading),
		cmocka_unit_test(e9_program_end),
		cmocka_unit_test(bad_input),
		cmocka_unit_test(random_programs),
		cmocka_unit_test(padding),
		cmocka_unit_test(mesa_like_fs),
		cmocka_unit_test(mesa_like_vs),
	};
	return cmocka_run_group_tests_name("check_kernel", tests, NULL, NULL);
}
