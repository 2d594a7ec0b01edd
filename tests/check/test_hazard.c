/*
 * test_hazard.c: the hazard checker, rule by rule. For every rule one program
 * that breaks it (the exact list of "ip:rule-id" found) and one that keeps it
 * (no violation at all); plus CFG cases, exact message texts and Mesa-like
 * shaders that must be clean.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "check_prog.h"
#include "qpu/check/qpu_check.h"
#include "qpu/check/qpu_check_regs.h"

/* Runs the checker and returns "ip:rule ip:rule ..." (empty when clean). */
static const char *violations(enum qpu_stage stage, const uint64_t *insts, size_t n)
{
	static char out[1024];
	struct qpu_check_report r;
	struct vc4_diag d = { 0 };

	assert_true(qpu_check_hazards(insts, n, stage, &r, &d));
	out[0] = '\0';
	for (size_t i = 0; i < r.count; i++) {
		size_t len = strlen(out);
		snprintf(out + len, sizeof(out) - len, "%s%u:%s", i ? " " : "", r.v[i].ip,
			 qpu_check_rules[r.v[i].rule].id);
	}
	assert_false(r.truncated);
	qpu_check_report_free(&r);
	return out;
}

#define EXPECT(stage, expect, ...) \
	assert_string_equal(violations(stage, (const uint64_t[]){ __VA_ARGS__ }, \
				       N_WORDS(__VA_ARGS__)), expect)

#define VS QPU_STAGE_VS
#define FS QPU_STAGE_FS
#define TAIL P_END, P_NOP, P_NOP
#define FS_TAIL P_END, P_NOP, P_UNLOCK

static void regfile_raw(void **state)
{
	(void)state;
	EXPECT(VS, "1:regfile-raw", p_mov_acc(1, QPU_MUX_R0), p_mov_a(W_R1, 1), TAIL);
	EXPECT(VS, "", p_mov_acc(1, QPU_MUX_R0), P_NOP, p_mov_a(W_R1, 1), TAIL);
	/* ws: the ADD writes regfile B */
	EXPECT(VS, "1:regfile-raw", p_ws(p_mov_acc(3, QPU_MUX_R0)), p_mov_b(W_R1, 3), TAIL);
	EXPECT(VS, "", p_ws(p_mov_acc(3, QPU_MUX_R0)), p_mov_a(W_R1, 3), TAIL);
	/* a raddr no operand uses is not a read */
	EXPECT(VS, "", p_mov_acc(1, QPU_MUX_R0), p_mov(W_R1, QPU_MUX_R0, 1, R_NOP), TAIL);
}

static void regfile_raw_across_branch(void **state)
{
	(void)state;
	/* 1: branch to 6; slots 2..4; ip 4 writes ra1, ip 6 reads it */
	EXPECT(VS, "6:regfile-raw", P_NOP, p_br(QPU_BR_ALWAYS, 1, 6), P_NOP, P_NOP,
	       p_mov_acc(1, QPU_MUX_R0), p_mov_acc(2, QPU_MUX_R0), p_mov_a(W_R1, 1), TAIL);
	/* the skipped ip 5 sits between them only on the fall-through path */
	EXPECT(VS, "", P_NOP, p_br(QPU_BR_ALWAYS, 1, 6), P_NOP, P_NOP,
	       p_mov_acc(1, QPU_MUX_R0), p_mov_acc(2, QPU_MUX_R0), P_NOP,
	       p_mov_a(W_R1, 1), TAIL);
	/* conditional branch: both the target and the fall-through path */
	EXPECT(VS, "5:regfile-raw 6:regfile-raw", P_NOP, p_br(QPU_BR_ANY_ZS, 1, 6), P_NOP,
	       P_NOP, p_mov_acc(1, QPU_MUX_R0), p_mov_a(W_R1, 1), p_mov_a(W_R2, 1), TAIL);
}

static void sfu_r4(void **state)
{
	(void)state;
	EXPECT(VS, "2:sfu-r4-read", p_mov_acc(W_SFU_RECIP, QPU_MUX_R0), P_NOP,
	       p_mov_acc(W_R1, QPU_MUX_R4), TAIL);
	EXPECT(VS, "", p_mov_acc(W_SFU_RECIP, QPU_MUX_R0), P_NOP, P_NOP,
	       p_mov_acc(W_R1, QPU_MUX_R4), TAIL);
	EXPECT(VS, "1:sfu-r4-write", p_mov_acc(W_SFU_RECIP, QPU_MUX_R0),
	       p_mov_acc(W_SFU_RECIP, QPU_MUX_R1), P_NOP, P_NOP, TAIL);
	EXPECT(VS, "3:sfu-r4-write", p_mov_acc(W_TMU0_S, QPU_MUX_R0),
	       p_mov_acc(W_SFU_RECIP, QPU_MUX_R0), P_NOP, P_LDTMU0, TAIL);
	EXPECT(VS, "", p_mov_acc(W_TMU0_S, QPU_MUX_R0), p_mov_acc(W_SFU_RECIP, QPU_MUX_R0),
	       P_NOP, P_NOP, P_LDTMU0, TAIL);
}

static void periph_multi(void **state)
{
	(void)state;
	EXPECT(VS, "0:periph-multi",
	       p_mul_mov(p_mov_acc(W_TMU0_S, QPU_MUX_R0), W_SFU_RECIP, QPU_MUX_R1),
	       P_NOP, P_NOP, P_LDTMU0, TAIL);
	EXPECT(VS, "", p_mov_acc(W_TMU0_S, QPU_MUX_R0), P_LDTMU0, TAIL);
	/* a colour load with a colour write is one combined access */
	EXPECT(FS, "", P_NOP, P_NOP, P_SBWAIT,
	       p_sig(p_mov_acc(W_TLB_COLOR, QPU_MUX_R0), QPU_SIG_COLOR_LOAD), FS_TAIL);
}

static void cond_fifo_write(void **state)
{
	(void)state;
	EXPECT(VS, "0:cond-fifo-write", p_cond_add(p_mov_acc(W_TMU0_S, QPU_MUX_R0), QPU_COND_ZS),
	       P_LDTMU0, TAIL);
	EXPECT(VS, "0:cond-fifo-write", p_cond_add(p_mov_acc(W_SFU_RECIP, QPU_MUX_R0),
						   QPU_COND_NC), TAIL);
	/* conditional TLB writes are how discard works */
	EXPECT(FS, "", P_NOP, P_NOP, P_SBWAIT,
	       p_cond_add(p_mov_acc(W_TLB_Z, QPU_MUX_R0), QPU_COND_ZS),
	       p_cond_add(p_mov_acc(W_TLB_COLOR, QPU_MUX_R1), QPU_COND_ZS), FS_TAIL);
}

static void tmu_fifo(void **state)
{
	(void)state;
	uint64_t s = p_mov_acc(W_TMU0_S, QPU_MUX_R0), t = p_mov_acc(W_TMU0_T, QPU_MUX_R1);
	uint64_t r = p_mov_acc(W_TMU0_R, QPU_MUX_R1), b = p_mov_acc(W_TMU0_B, QPU_MUX_R1);

	EXPECT(VS, "4:tmu-fifo-depth", s, s, s, s, s, P_LDTMU0, P_LDTMU0, P_LDTMU0, P_LDTMU0,
	       TAIL);
	EXPECT(VS, "", s, s, s, s, P_LDTMU0, P_LDTMU0, P_LDTMU0, P_LDTMU0, s, P_LDTMU0, TAIL);
	EXPECT(VS, "8:tmu-fifo-depth", t, r, b, s, t, r, b, s, t, P_LDTMU0, P_LDTMU0, s,
	       P_LDTMU0, TAIL);
	EXPECT(VS, "", t, r, b, s, t, r, b, s, P_LDTMU0, t, s, P_LDTMU0, P_LDTMU0, TAIL);
	EXPECT(VS, "0:tmu-load-empty", P_LDTMU0, TAIL);
	EXPECT(VS, "1:tmu-load-empty", p_mov_acc(W_TMU1_S, QPU_MUX_R0), P_LDTMU0, TAIL);
	EXPECT(VS, "", p_mov_acc(W_TMU1_S, QPU_MUX_R0),
	       p_sig(P_NOP, QPU_SIG_LOAD_TMU1), TAIL);
}

static void tmu_noswap(void **state)
{
	(void)state;
	EXPECT(VS, "2:tmu-noswap-too-soon", p_mov_acc(W_TMU_NOSWAP, QPU_MUX_R0), P_NOP,
	       p_mov_acc(W_TMU0_S, QPU_MUX_R0), P_LDTMU0, TAIL);
	EXPECT(VS, "", p_mov_acc(W_TMU_NOSWAP, QPU_MUX_R0), P_NOP, P_NOP,
	       p_mov_acc(W_TMU0_S, QPU_MUX_R0), P_LDTMU0, TAIL);
}

static void scoreboard(void **state)
{
	(void)state;
	EXPECT(FS, "1:sb-wait-early", P_NOP, P_SBWAIT, P_NOP, FS_TAIL);
	EXPECT(FS, "0:sb-wait-early", p_mov_acc(W_TLB_COLOR, QPU_MUX_R0), P_NOP, FS_TAIL);
	EXPECT(FS, "", P_NOP, P_NOP, P_SBWAIT, p_mov_acc(W_TLB_COLOR, QPU_MUX_R0), FS_TAIL);
	EXPECT(FS, "4:tlb-after-unlock", P_NOP, P_NOP, P_SBWAIT, P_UNLOCK,
	       p_mov_acc(W_TLB_COLOR, QPU_MUX_R0), TAIL);
	EXPECT(VS, "2:tlb-stage", P_NOP, P_NOP, p_mov_acc(W_TLB_COLOR, QPU_MUX_R0), TAIL);
	EXPECT(FS, "", P_NOP, P_NOP, p_mov_acc(W_TLB_COLOR, QPU_MUX_R0), FS_TAIL);
	/* stencil setup is configuration, not an access */
	EXPECT(FS, "", p_mov_acc(W_TLB_STENCIL, QPU_MUX_R0), P_NOP, FS_TAIL);
	EXPECT(FS, "2:thrend-sb-wait", P_NOP, P_NOP,
	       p_sig(p_mov_acc(W_TLB_COLOR, QPU_MUX_R0), QPU_SIG_PROG_END), P_NOP, P_UNLOCK);
	EXPECT(FS, "", P_NOP, P_NOP, P_SBWAIT,
	       p_sig(p_mov_acc(W_TLB_COLOR, QPU_MUX_R0), QPU_SIG_PROG_END), P_NOP, P_UNLOCK);
}

static void thread_end(void **state)
{
	(void)state;
	EXPECT(VS, "0:thrend-regfile-write", p_sig(p_mov_acc(1, QPU_MUX_R0), QPU_SIG_PROG_END),
	       P_NOP, P_NOP);
	EXPECT(VS, "", p_sig(p_mov_acc(W_R1, QPU_MUX_R0), QPU_SIG_PROG_END), P_NOP, P_NOP);
	EXPECT(VS, "1:thrend-fifo-access", P_END, p_mov_a(W_R0, R_UNIF), P_NOP);
	EXPECT(VS, "2:thrend-fifo-access", P_END, P_NOP, p_li(W_VPM_SETUP, 0x00101a00));
	EXPECT(VS, "", p_mov_a(W_R0, R_UNIF), P_END, P_NOP, P_NOP, p_mov_a(W_R0, R_VARY));
	EXPECT(VS, "2:thrend-r14", P_END, P_NOP, p_mov_b(W_R0, 14));
	EXPECT(VS, "", P_END, P_NOP, p_mov_b(W_R0, 13));
	EXPECT(FS, "5:thrend-tlbz-last", P_NOP, P_NOP, P_SBWAIT, P_END, P_NOP,
	       p_sig(p_mov_acc(W_TLB_Z, QPU_MUX_R0), QPU_SIG_SCOREBOARD_UNLOCK));
	EXPECT(FS, "", P_NOP, P_NOP, P_SBWAIT, P_END, p_mov_acc(W_TLB_Z, QPU_MUX_R0), P_UNLOCK);
	EXPECT(VS, "2:missing-thrend", P_NOP, P_NOP, P_NOP);
	EXPECT(VS, "", P_END, P_NOP, P_NOP, P_NOP);
}

static void delay_slots(void **state)
{
	(void)state;
	EXPECT(VS, "1:delay-slot-control", P_END, P_END, P_NOP, P_NOP);
	EXPECT(VS, "2:delay-slot-control", p_br(QPU_BR_ALWAYS, 0, 4), P_NOP, P_END, P_NOP,
	       TAIL);
	/* a thread end in a switch's delay slot does not end: the path runs on */
	EXPECT(FS, "3:delay-slot-control 5:missing-thrend", P_NOP, P_LTHRSW, P_NOP, P_END,
	       P_NOP, P_NOP);
	/* thread end right after the slots is fine */
	EXPECT(VS, "", p_br(QPU_BR_ALWAYS, 0, 4), P_NOP, P_NOP, P_NOP, TAIL);
	EXPECT(FS, "", P_NOP, P_LTHRSW, P_NOP, P_NOP, P_END, P_NOP, P_NOP);
	EXPECT(VS, "1:branch-in-delay-slot", p_br(QPU_BR_ALWAYS, 0, 8),
	       p_br(QPU_BR_ALWAYS, 1, 8), P_NOP, P_NOP, P_NOP, P_NOP, P_NOP, P_NOP, TAIL);
	EXPECT(VS, "", p_br(QPU_BR_ALWAYS, 0, 4), P_NOP, P_NOP, P_NOP,
	       p_br(QPU_BR_ALWAYS, 4, 8), P_NOP, P_NOP, P_NOP, TAIL);
	EXPECT(VS, "0:branch-target", p_br(QPU_BR_ANY_ZS, 0, 40), P_NOP, P_NOP, P_NOP, TAIL);
	EXPECT(VS, "0:branch-target", qpu_branch(QPU_BR_ANY_ZS, true, 4), P_NOP, P_NOP, P_NOP,
	       TAIL);
	EXPECT(VS, "", p_br(QPU_BR_ANY_ZS, 0, 4), P_NOP, P_NOP, P_NOP, TAIL);
	/* one relative branch word at ips 0 and 4: the same offset, each its
	 * own target (8 inside the program, 12 past its end) */
	EXPECT(VS, "4:branch-target", qpu_branch(QPU_BR_ANY_ZS, true, 32), P_NOP, P_NOP,
	       P_NOP, qpu_branch(QPU_BR_ANY_ZS, true, 32), P_NOP, P_NOP, P_NOP, TAIL);
	/* a branch whose delay slots run off the end */
	EXPECT(VS, "0:missing-thrend", p_br(QPU_BR_ALWAYS, 0, 0));
	EXPECT(VS, "3:missing-thrend", p_br(QPU_BR_ANY_ZS, 0, 0), P_NOP, P_NOP, P_NOP);
	/* a backward branch: the loop is followed and ends */
	EXPECT(VS, "", P_NOP, P_NOP, p_br(QPU_BR_ANY_ZC, 2, 0), P_NOP, P_NOP, P_NOP, TAIL);
}

static void thread_switch(void **state)
{
	(void)state;
	EXPECT(FS, "2:thrsw-too-soon", P_NOP, P_THRSW, P_LTHRSW, P_NOP, P_NOP, FS_TAIL);
	EXPECT(FS, "", P_NOP, P_THRSW, P_NOP, P_NOP, P_LTHRSW, P_NOP, P_NOP, FS_TAIL);
	EXPECT(FS, "4:thrsw-after-last", P_NOP, P_LTHRSW, P_NOP, P_NOP, P_THRSW, P_NOP, P_NOP,
	       FS_TAIL);
	EXPECT(FS, "3:thrsw-sb-locked", P_NOP, P_NOP, P_SBWAIT, P_LTHRSW, P_NOP, P_NOP, FS_TAIL);
	EXPECT(FS, "", P_NOP, P_LTHRSW, P_NOP, P_NOP, P_SBWAIT, FS_TAIL);
	EXPECT(VS, "1:thrsw-stage", P_NOP, P_LTHRSW, P_NOP, P_NOP, TAIL);
	EXPECT(FS, "0:thrsw-upper-half", p_mov_acc(20, QPU_MUX_R0), P_LTHRSW, P_NOP, P_NOP,
	       FS_TAIL);
	EXPECT(FS, "", p_mov_acc(10, QPU_MUX_R0), P_LTHRSW, P_NOP, P_NOP, FS_TAIL);
	/* unthreaded: the upper half is free */
	EXPECT(FS, "", p_mov_acc(20, QPU_MUX_R0), P_NOP, FS_TAIL);
	EXPECT(FS, "2:branch-in-delay-slot", P_NOP, P_THRSW, p_br(QPU_BR_ALWAYS, 2, 6), P_NOP,
	       P_NOP, P_NOP, P_NOP, TAIL);
}

static void thread_switch_tmu(void **state)
{
	(void)state;
	uint64_t s = p_mov_acc(W_TMU0_S, QPU_MUX_R0);

	/* the request of ip 0 is still unread when the switch of ip 4 happens */
	EXPECT(FS, "4:thrsw-tmu-pending 7:tmu-load-empty", s, P_THRSW, P_NOP, P_NOP, P_LTHRSW,
	       P_NOP, P_NOP, P_LDTMU0, FS_TAIL);
	EXPECT(FS, "", s, P_THRSW, P_NOP, P_NOP, P_LDTMU0, P_LTHRSW, P_NOP, P_NOP, FS_TAIL);
	EXPECT(FS, "1:tmu-load-empty", s, P_LDTMU0, P_LTHRSW, P_NOP, P_NOP, FS_TAIL);
	/* threaded: two results at most */
	EXPECT(FS, "2:tmu-fifo-depth", s, s, s, P_LTHRSW, P_NOP, P_NOP, P_LDTMU0, P_LDTMU0,
	       FS_TAIL);
}

static void thread_switch_accumulators(void **state)
{
	(void)state;
	/* r0 written before the switch of ip 1 (effective before ip 4) */
	EXPECT(FS, "4:thrsw-acc-lost", p_mov_a(W_R0, R_UNIF), P_LTHRSW, P_NOP, P_NOP,
	       p_mov_acc(W_R1, QPU_MUX_R0), FS_TAIL);
	/* the delay slots still run before the switch */
	EXPECT(FS, "4:thrsw-acc-lost", P_NOP, P_LTHRSW, P_NOP, p_mov_a(W_R2, R_UNIF),
	       p_mov_acc(W_R1, QPU_MUX_R2), FS_TAIL);
	EXPECT(FS, "", p_mov_a(W_R0, R_UNIF), P_LTHRSW, P_NOP, p_mov_acc(W_R1, QPU_MUX_R0),
	       p_mov_a(W_R0, R_UNIF), p_mov_acc(W_R1, QPU_MUX_R0), FS_TAIL);
	/* r4 from a load after the switch, r5 from a varying read */
	EXPECT(FS, "", p_mov_acc(W_TMU0_S, QPU_MUX_R0), P_LTHRSW, P_NOP, P_NOP, P_LDTMU0,
	       p_mov_acc(W_R1, QPU_MUX_R4), p_mov_a(W_R0, R_VARY),
	       p_add(QPU_A_FADD, W_R0, QPU_MUX_R0, QPU_MUX_R5, R_NOP, R_NOP), FS_TAIL);
}

/* Flags are undefined after a switch takes effect (also those set in its
 * delay slots) until an sf instruction sets them; that instruction's own
 * conditions still see the old flags. */
static void thread_switch_flags(void **state)
{
	(void)state;
	uint64_t setf = qpu_set_sf(p_mov_a(W_R0, R_UNIF), 1);
	uint64_t cmov = p_cond_add(p_mov_a(W_R1, R_UNIF), QPU_COND_ZS);

	EXPECT(FS, "4:thrsw-flags-lost", setf, P_LTHRSW, P_NOP, P_NOP, cmov, FS_TAIL);
	EXPECT(FS, "4:thrsw-flags-lost", P_NOP, P_LTHRSW, P_NOP, setf, cmov, FS_TAIL);
	EXPECT(FS, "4:thrsw-flags-lost", P_NOP, P_LTHRSW, P_NOP, P_NOP,
	       qpu_set_sf(cmov, 1), FS_TAIL);
	EXPECT(FS, "4:thrsw-flags-lost", setf, P_LTHRSW, P_NOP, P_NOP,
	       p_br(QPU_BR_ANY_ZS, 4, 8), P_NOP, P_NOP, P_NOP, FS_TAIL);
	/* before the switch takes effect, and after new flags: clean */
	EXPECT(FS, "", setf, P_LTHRSW, cmov, P_NOP, setf, cmov, FS_TAIL);
	/* a condition on a nop op writes nothing and reads no flags */
	EXPECT(FS, "", P_NOP, P_LTHRSW, P_NOP, P_NOP, p_cond_add(P_NOP, QPU_COND_ZS), FS_TAIL);

	const uint64_t p[] = { setf, P_LTHRSW, P_NOP, P_NOP, cmov, FS_TAIL };
	struct qpu_check_report r;
	struct vc4_diag d = { 0 };

	assert_true(qpu_check_hazards(p, N_WORDS(setf, P_LTHRSW, P_NOP, P_NOP, cmov, FS_TAIL),
				      FS, &r, &d));
	assert_int_equal(r.count, 1);
	assert_string_equal(r.v[0].msg, "conditional write uses the flags after the thread "
			    "switch at ip 1 without an instruction setting them since");
	qpu_check_report_free(&r);
}

/* r4 read in the same instruction as an r4-writing load signal reads the
 * value before the load: not a hazard (hello_fft's `mov r0, r4 ; ldtmu0`
 * runs on Pis, Mesa's scheduler pairs such instructions). */
static void r4_read_with_load_signal(void **state)
{
	(void)state;
	EXPECT(VS, "", p_mov_acc(W_TMU0_S, QPU_MUX_R0), p_mov_acc(W_TMU0_S, QPU_MUX_R1),
	       P_LDTMU0, p_sig(p_mov_acc(W_R0, QPU_MUX_R4), QPU_SIG_LOAD_TMU0),
	       p_mov_acc(W_R1, QPU_MUX_R4), TAIL);
}

static void uniforms_reset(void **state)
{
	(void)state;
	EXPECT(VS, "1:unif-after-reset", p_mov_acc(W_UNIF_ADDR, QPU_MUX_R0),
	       p_mov_a(W_R1, R_UNIF), TAIL);
	EXPECT(VS, "2:unif-after-reset", p_mov_acc(W_UNIF_ADDR, QPU_MUX_R0), P_NOP,
	       p_mov_acc(W_TMU0_S, QPU_MUX_R1), P_LDTMU0, TAIL);
	EXPECT(VS, "", p_mov_acc(W_UNIF_ADDR, QPU_MUX_R0), P_NOP, P_NOP, p_mov_a(W_R1, R_UNIF),
	       TAIL);
}

static void vpm(void **state)
{
	(void)state;
	uint64_t vr1 = p_li(W_VPM_SETUP, 0x00101a00), vr3 = p_li(W_VPM_SETUP, 0x00301a00);
	uint64_t vw = p_ws(p_li(W_VPM_SETUP, 0x00001a00)), rd = p_mov_a(W_R0, R_VPM);

	EXPECT(VS, "0:vpm-read-no-setup", rd, TAIL);
	EXPECT(VS, "2:vpm-read-no-setup", vr1, rd, rd, TAIL);
	EXPECT(VS, "", vr1, rd, TAIL);
	EXPECT(VS, "2:vpm-read-setup-pending", vr3, rd, vr1, rd, TAIL);
	EXPECT(VS, "", vr3, rd, rd, vr1, rd, TAIL);
	EXPECT(VS, "0:vpm-write-no-setup", p_mov_acc(W_VPM, QPU_MUX_R0), TAIL);
	EXPECT(VS, "", vw, p_mov_acc(W_VPM, QPU_MUX_R0), TAIL);
	EXPECT(VS, "0:vpm-setup-conflict", qpu_load_imm(QPU_LI_32, W_VPM_SETUP, W_VPM_SETUP,
							0x00001a00), TAIL);
	EXPECT(VS, "", vr1, vw, rd, TAIL);
}

static void rotation(void **state)
{
	(void)state;
	uint64_t rot_a = qpu_set_sig(qpu_alu_mul(QPU_M_V8MIN, W_R1, QPU_MUX_A, QPU_MUX_A, 1, 49),
				     QPU_SIG_SMALL_IMM);

	EXPECT(VS, "0:rot-source", rot_a, TAIL);
	EXPECT(VS, "", P_NOP, p_rot(W_R1, QPU_MUX_R0, 49), TAIL);
	EXPECT(VS, "1:rot-prev-write", p_mov_acc(W_R0, QPU_MUX_R2), p_rot(W_R1, QPU_MUX_R0, 49),
	       TAIL);
	EXPECT(VS, "", p_mov_acc(W_R0, QPU_MUX_R2), P_NOP, p_rot(W_R1, QPU_MUX_R0, 49), TAIL);
	EXPECT(VS, "1:rot-r5-write", p_mov_acc(W_R5, QPU_MUX_R2), p_rot(W_R1, QPU_MUX_R0, 48),
	       TAIL);
	EXPECT(VS, "", p_mov_acc(W_R5, QPU_MUX_R2), P_NOP, p_rot(W_R1, QPU_MUX_R0, 48), TAIL);
}

static void tlbz_ms_flags(void **state)
{
	(void)state;
	EXPECT(FS, "4:tlbz-ms-flags", P_NOP, P_NOP, P_SBWAIT, p_mov_acc(W_TLB_Z, QPU_MUX_R0),
	       p_mov_a(W_R1, R_MS_FLAGS), FS_TAIL);
	EXPECT(FS, "", P_NOP, P_NOP, P_SBWAIT, p_mov_acc(W_TLB_Z, QPU_MUX_R0), P_NOP, P_NOP,
	       p_mov_a(W_R1, R_MS_FLAGS), FS_TAIL);
}

static void messages_and_order(void **state)
{
	(void)state;
	const uint64_t p[] = { p_mov_acc(1, QPU_MUX_R0), p_mov_a(W_R1, 1),
			       p_mov_acc(W_SFU_RECIP, QPU_MUX_R0), p_mov_acc(W_R1, QPU_MUX_R4),
			       P_NOP, P_NOP };
	struct qpu_check_report r;
	struct vc4_diag d = { 0 };

	assert_true(qpu_check_hazards(p, 6, VS, &r, &d));
	assert_int_equal(r.count, 3);
	assert_int_equal(r.v[0].ip, 1);
	assert_string_equal(r.v[0].msg, "ra1 is read here but was written by the previous "
			    "instruction (ip 0)");
	assert_int_equal(r.v[1].ip, 3);
	assert_string_equal(r.v[1].msg, "r4 is read 1 instruction after the SFU write at ip 2; "
			    "the result arrives after two");
	assert_int_equal(r.v[2].ip, 5);
	assert_string_equal(qpu_check_rules[r.v[2].rule].id, "missing-thrend");
	assert_string_equal(r.v[2].msg, "execution runs past the end of the program without "
			    "a thread end");
	qpu_check_report_free(&r);

	assert_false(qpu_check_hazards(p, 0, VS, &r, &d));
	assert_string_equal(d.msg, "empty program");
}

static void rule_table_complete(void **state)
{
	(void)state;
	for (int i = 0; i < QPU_RULE_COUNT; i++) {
		assert_non_null(qpu_check_rules[i].id);
		assert_non_null(qpu_check_rules[i].summary);
		assert_non_null(qpu_check_rules[i].source);
		for (int j = 0; j < i; j++)
			assert_string_not_equal(qpu_check_rules[i].id, qpu_check_rules[j].id);
	}
	enum qpu_stage st;
	assert_true(qpu_stage_from_name("cs", &st));
	assert_int_equal(st, QPU_STAGE_CS);
	assert_false(qpu_stage_from_name("gs", &st));
}

/* Random words (biased to branches and thread ends) never crash the checker,
 * and every report is sorted, in range and once per (ip, rule). */
static void random_programs(void **state)
{
	(void)state;
	uint64_t seed = 12345, p[48];

	for (int it = 0; it < 3000; it++) {
		size_t n = 1 + (size_t)(it % 48);
		for (size_t i = 0; i < n; i++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			uint64_t w = seed ^ (seed >> 29);
			unsigned k = (unsigned)(seed >> 61);
			if (k == 0)
				w = qpu_set_sig(w, QPU_SIG_BRANCH);
			else if (k == 1)
				w = qpu_set_sig(w, QPU_SIG_PROG_END);
			p[i] = w;
		}
		struct qpu_check_report r;
		struct vc4_diag d = { 0 };
		assert_true(qpu_check_hazards(p, n, (enum qpu_stage)(it % 3), &r, &d));
		for (size_t i = 0; i < r.count; i++) {
			assert_true(r.v[i].ip < n);
			assert_true(r.v[i].rule < QPU_RULE_COUNT);
			assert_true(r.v[i].msg[0] != '\0');
			if (i)
				assert_true(r.v[i - 1].ip < r.v[i].ip ||
					    (r.v[i - 1].ip == r.v[i].ip &&
					     r.v[i - 1].rule < r.v[i].rule));
		}
		qpu_check_report_free(&r);
	}
}

/* The address classes derived from the ISA table (names included). */
static void regs_classes(void **state)
{
	(void)state;
	assert_int_equal(qpu_check_tlb_write(W_TLB_STENCIL), QPU_TLBW_STENCIL);
	assert_int_equal(qpu_check_tlb_write(W_TLB_Z), QPU_TLBW_Z);
	assert_int_equal(qpu_check_tlb_write(W_TLB_COLOR_MS), QPU_TLBW_COLOR_MS);
	assert_int_equal(qpu_check_tlb_write(W_TLB_COLOR), QPU_TLBW_COLOR_ALL);
	assert_int_equal(qpu_check_tlb_write(W_TLB_ALPHA), QPU_TLBW_ALPHA_MASK);
	assert_int_equal(qpu_check_tlb_write(W_VPM), QPU_TLBW_NONE);
	assert_true(qpu_check_raddr_is_ms_flags(QPU_FILE_A, R_MS_FLAGS));
	assert_false(qpu_check_raddr_is_ms_flags(QPU_FILE_B, R_MS_FLAGS));
	for (uint32_t a = 0; a < 64; a++) {
		bool acc = a >= W_R0 && a <= W_R3;
		assert_int_equal(qpu_check_waddr_is_acc03(a), acc);
		if (acc)
			assert_int_equal(qpu_check_acc_index(a), a - W_R0);
		assert_int_equal(qpu_check_waddr_tmu(a), a >= 60 ? 1 : a >= 56 ? 0 : -1);
		assert_int_equal(qpu_check_waddr_is_tmu_submit(a), a == W_TMU0_S || a == W_TMU1_S);
		assert_int_equal(qpu_check_waddr_is_r5(QPU_FILE_A, a), a == W_R5);
		assert_int_equal(qpu_check_waddr_is_r5(QPU_FILE_B, a), a == W_R5);
	}
	const enum qpu_kernel_waddr_class k[64] = {
		[W_TMU_NOSWAP] = QPU_KW_UNSUPPORTED, [W_HOST_INT] = QPU_KW_UNSUPPORTED,
		[W_UNIF_ADDR] = QPU_KW_UNIFORMS_ADDRESS, [W_TLB_ALPHA] = QPU_KW_UNSUPPORTED,
		[W_VPM_ADDR] = QPU_KW_VPM_DMA, [W_MUTEX] = QPU_KW_UNSUPPORTED,
		[56] = QPU_KW_TMU, [57] = QPU_KW_TMU, [58] = QPU_KW_TMU, [59] = QPU_KW_TMU,
		[60] = QPU_KW_TMU, [61] = QPU_KW_TMU, [62] = QPU_KW_TMU, [63] = QPU_KW_TMU,
	};
	for (uint32_t a = 0; a < 64; a++)
		assert_int_equal(qpu_check_kernel_waddr_class(a), k[a]);
	assert_int_equal(qpu_check_kernel_waddr_class(64), QPU_KW_OK);
}

/* A fragment shader shaped like Mesa's output: varyings, a texture lookup,
 * scoreboard wait, TLB colour write, thread end with two delay slots and
 * the unlock in the last. */
static void mesa_like_fs_clean(void **state)
{
	(void)state;
	EXPECT(FS, "",
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
	       P_END, P_NOP, P_UNLOCK);
}

/* A vertex shader shaped like Mesa's: write setup, read setup for two
 * values, VPM reads, math with a uniform, VPM writes, thread end. */
static void mesa_like_vs_clean(void **state)
{
	(void)state;
	EXPECT(VS, "",
	       p_ws(p_li(W_VPM_SETUP, 0x00001a00)),
	       p_li(W_VPM_SETUP, 0x00201a00),
	       p_mov_a(W_R0, R_VPM),
	       p_mov_a(W_R1, R_VPM),
	       qpu_with_mul(p_mov_a(W_R2, R_UNIF), QPU_M_FMUL, W_R3, QPU_MUX_R0, QPU_MUX_R1),
	       p_mov_acc(W_VPM, QPU_MUX_R3),
	       p_mov_acc(W_VPM, QPU_MUX_R2),
	       P_END, P_NOP, P_NOP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(regfile_raw),
		cmocka_unit_test(regfile_raw_across_branch),
		cmocka_unit_test(sfu_r4),
		cmocka_unit_test(periph_multi),
		cmocka_unit_test(cond_fifo_write),
		cmocka_unit_test(tmu_fifo),
		cmocka_unit_test(tmu_noswap),
		cmocka_unit_test(scoreboard),
		cmocka_unit_test(thread_end),
		cmocka_unit_test(delay_slots),
		cmocka_unit_test(thread_switch),
		cmocka_unit_test(thread_switch_tmu),
		cmocka_unit_test(thread_switch_accumulators),
		cmocka_unit_test(thread_switch_flags),
		cmocka_unit_test(r4_read_with_load_signal),
		cmocka_unit_test(uniforms_reset),
		cmocka_unit_test(vpm),
		cmocka_unit_test(rotation),
		cmocka_unit_test(tlbz_ms_flags),
		cmocka_unit_test(messages_and_order),
		cmocka_unit_test(rule_table_complete),
		cmocka_unit_test(regs_classes),
		cmocka_unit_test(random_programs),
		cmocka_unit_test(mesa_like_fs_clean),
		cmocka_unit_test(mesa_like_vs_clean),
	};
	return cmocka_run_group_tests_name("check_hazard", tests, NULL, NULL);
}
