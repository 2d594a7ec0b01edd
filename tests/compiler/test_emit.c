/* test_emit.c: instruction selection and scheduling on hand-written QIR —
 * the operand cases one instruction cannot encode (copies through ra14 /
 * rb14), r4 results under a condition, SFU latency, pairing of two moves,
 * uniform order re-read from the schedule, MUL-unit colour packs, a VPM
 * read shared with an SFU write or with a VPM write and a product, the
 * thread switch placement, a copy into its source's register dropped and
 * the program end, direct reads as a FIFO with loads as third nodes —
 * exact disassembly, hazard
 * checker and kernel clean. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "codegen/emit_internal.h"
#include "codegen/qpu_emit.h"
#include "qpu/check/qpu_check.h"
#include "qpu/check/qpu_kernel.h"
#include "qpu/qpu_dis.h"

/* When `same_to` is non-zero, expect() gives temp same_to the register the
 * allocator gave temp same_from (as the allocator does for a copy of a
 * value dying at the copy). */
static uint32_t same_from, same_to;

/* Parses, allocates and emits `text`; asserts checker and kernel clean
 * and that the disassembly equals `want`. */
static void expect(const char *text, enum qpu_stage stage, const char *want,
		   struct qpu_program *out)
{
	struct vc4_diag d = {0};
	struct qir_compile *c = qir_parse(text, "t.qir", &d);
	if (!c)
		fail_msg("%s", d.msg);
	if (!qir_validate(c, &d))
		fail_msg("%s", d.msg);
	struct qir_ra_result ra;
	if (!qir_register_allocate(c, &ra, &d))
		fail_msg("%s", d.msg);
	if (same_to)
		ra.temps[same_to] = ra.temps[same_from];
	struct qpu_program p;
	if (!qpu_emit(c, &ra, &p, &d))
		fail_msg("%s", d.msg);
	char *dis = qpu_disasm_program(p.words.data, p.words.len);
	assert_non_null(dis);
	if (strcmp(dis, want) != 0)
		fail_msg("got:\n%s", dis);
	struct qpu_check_report rep = {0};
	assert_true(qpu_check_hazards(p.words.data, p.words.len, stage, &rep, &d));
	if (rep.count)
		fail_msg("ip %u: %s", rep.v[0].ip, rep.v[0].msg);
	qpu_check_report_free(&rep);
	size_t padded;
	uint8_t *page = qpu_kernel_pad_to_page(p.words.data, p.words.len * 8, &padded);
	struct qpu_kernel_info info;
	if (!qpu_kernel_validate((const uint64_t *)(const void *)page, padded / 8, &info, &d))
		fail_msg("kernel: %s", d.msg);
	qpu_kernel_info_free(&info);
	free(page);
	free(dis);
	if (out)
		*out = p;
	else
		qpu_program_free(&p);
	qir_ra_result_free(&ra);
	qir_compile_free(c);
}

/* Two operands that must both live in regfile A (one is read with an
 * unpack, the other written with a pack): the second is copied to rb14. */
static void two_regfile_a(void **state)
{
	(void)state;
	expect("qir fs\n"
	       "uniform u0 user 0\n"
	       "uniform u1 user 1\n"
	       "block 0:\n"
	       "\tmov t0, u0\n"
	       "\tmov t1, 0\n"
	       "\tmov t1.16a, u1\n"
	       "\tfadd t2, t0.16a, t1\n"
	       "\tmov tlb_color, t2\n",
	       QPU_STAGE_FS,
	       "mov ra2, 0 ; nop\n"
	       "mov ra2.16a, unif ; nop\n"
	       "mov ra1, unif ; nop\n"
	       "mov rb14, ra2 ; nop\n"
	       "nop ; nop\n"
	       "fadd r1, ra1.16a, rb14 ; nop ; sbwait\n"
	       "mov tlb_color_all, r1 ; nop ; thrend\n"
	       "nop ; nop\n"
	       "nop ; nop ; sbdone\n", NULL);
}

/* Colour packs by the MUL unit's move: a packed `mmov` is `v8min x, x`
 * (disassembled `mov`) on the MUL side, needs no 1.0 operand and pairs with
 * the ADD unit's work. The last two byte writes trade places so that the
 * thread end, which cannot carry the small immediate 1.0, goes one earlier
 * (the byte packs leave the other bytes: their order is free). */
static void mul_mov_pack(void **state)
{
	(void)state;
	expect("qir fs\n"
	       "uniform u0 user 0\n"
	       "uniform u1 user 1\n"
	       "block 0:\n"
	       "\tmov t0, u0\n"
	       "\tmov t1, u1\n"
	       "\tmmov t2.8ac, t0\n"
	       "\tfadd t3, t0, t1\n"
	       "\tmmov t2.8bc, t3\n"
	       "\tmmov t2.8cc, t1\n"
	       "\tmmov t2.8dc, 1.0\n"
	       "\tmov tlb_color, t2\n",
	       QPU_STAGE_FS,
	       "mov r1, unif ; nop\n"
	       "mov r2, unif ; mov r3.8ac, r1\n"
	       "fadd r0, r1, r2 ; nop\n"
	       "nop ; mov r3.8bc, r0 ; sbwait\n"
	       "nop ; mov r3.8dc, 1.0\n"
	       "nop ; mov r3.8cc, r2 ; thrend\n"
	       "mov tlb_color_all, r3 ; nop\n"
	       "nop ; nop ; sbdone\n", NULL);
}

/* A small immediate with a regfile-B operand (the Z payload, rb15): the
 * register goes through ra14. */
static void small_imm_and_b(void **state)
{
	(void)state;
	expect("qir fs\n"
	       "block 0:\n"
	       "\tfrag_z t0\n"
	       "\tfrag_w t1\n"
	       "\tadd t2, t0, 3\n"
	       "\tfadd t3, t1, t0\n"
	       "\tmov tlb_z, t2\n"
	       "\tmov tlb_color, t3\n",
	       QPU_STAGE_FS,
	       "mov ra14, 3 ; nop\n"
	       "fadd r2, ra15, rb15 ; nop\n"
	       "add r1, rb15, ra14 ; nop ; sbwait\n"
	       "mov tlb_z, r1 ; nop ; thrend\n"
	       "mov tlb_color_all, r2 ; nop\n"
	       "nop ; nop ; sbdone\n", NULL);
}

/* A conditional SFU result: the SFU write is unconditional, the r4 move
 * carries the condition; r4 is read only in the third instruction. */
static void conditional_sfu(void **state)
{
	(void)state;
	expect("qir fs\n"
	       "uniform u0 user 0\n"
	       "block 0:\n"
	       "\tmov t0, u0\n"
	       "\tmov.sf -, t0\n"
	       "\tmov t1, 0\n"
	       "\trcp.zc t1, t0\n"
	       "\tmov tlb_color, t1\n",
	       QPU_STAGE_FS,
	       "mov r1, unif ; mov r2, 0\n"
	       "mov.sf nop, r1 ; mov sfu_recip, r1\n"
	       "nop ; nop\n"
	       "nop ; nop ; sbwait\n"
	       "mov.zc r2, r4 ; nop ; thrend\n"
	       "mov tlb_color_all, r2 ; nop\n"
	       "nop ; nop ; sbdone\n", NULL);
}

/* Two moves pair (one moves to the MUL unit); the uniform stream follows
 * the scheduled order. */
static void pairing_and_uniforms(void **state)
{
	(void)state;
	struct qpu_program p;
	expect("qir vs\n"
	       "uniform u0 user 5\n"
	       "uniform u1 viewport_x_scale 0\n"
	       "block 0:\n"
	       "\tload_imm vr_setup, 0x00201a00\n"
	       "\tmov t0, vpm0\n"
	       "\tmov t1, vpm1\n"
	       "\tload_imm vw_setup, 0x00001a00\n"
	       "\tfmul t2, t0, u0\n"
	       "\tfmul t3, t1, u1\n"
	       "\tmov vpm, t2\n"
	       "\tmov vpm, t3\n",
	       QPU_STAGE_VS,
	       "ldi vr_setup, 0x00201a00\n"
	       "mov r1, vpm ; nop\n"
	       "mov r2, vpm ; fmul r3, r1, rb32\n"
	       "ldi vw_setup, 0x00001a00\n"
	       "mov vpm, r3 ; fmul r0, r2, unif\n"
	       "mov vpm, r0 ; nop\n"
	       "nop ; nop ; thrend\n"
	       "nop ; nop\n"
	       "nop ; nop\n", &p);
	assert_int_equal(p.uniforms.entries.len, 2);
	assert_int_equal(p.uniforms.entries.data[0].kind, QIR_UNIFORM_USER);
	assert_int_equal(p.uniforms.entries.data[1].kind, QIR_UNIFORM_VIEWPORT_X_SCALE);
	qpu_program_free(&p);
}

/* A threaded texture lookup: request, switch (signal on the third
 * instruction from the block's end when it can carry it, so that both delay
 * slots hold work and the result load follows at once), result, last
 * switch; program end. */
static void thread_switch(void **state)
{
	(void)state;
	expect("qir fs threaded\n"
	       "uniform u0 tex_p0 0\n"
	       "uniform u1 tex_p1 0\n"
	       "block 0:\n"
	       "\tfrag_w t0\n"
	       "\tfmul t1, v0, t0\n"
	       "\tvary_add_c t2, t1\n"
	       "\tfmul t3, v1, t0\n"
	       "\tvary_add_c t4, t3\n"
	       "\ttex_t t4, u0\n"
	       "\ttex_s t2, u1\n"
	       "\tthrsw\n"
	       "\ttex_result t5\n"
	       "\tmov tlb_color, t5\n",
	       QPU_STAGE_FS,
	       "nop ; fmul r1, vary, ra15\n"
	       "fadd r2, r1, r5 ; fmul r3, vary, ra15\n"
	       "fadd r0, r3, r5 ; nop ; lthrsw\n"   /* both delay slots: the request */
	       "mov tmu0_t, r0 ; nop\n"
	       "mov tmu0_s, r2 ; nop\n"
	       "nop ; nop ; ldtmu0\n"
	       "mov tlb_color_all, r4 ; nop\n"
	       "nop ; nop ; thrend\n"
	       "nop ; nop\n"
	       "nop ; nop ; sbdone\n", NULL);
}

/* A TMU coordinate that is a uniform goes through ra14: a TMU write may
 * not read a uniform itself (the kernel's rule). */
static void tmu_from_uniform(void **state)
{
	(void)state;
	struct qpu_program p;
	expect("qir fs\n"
	       "uniform u0 tex_p0 0\n"
	       "uniform u1 tex_p1 0\n"
	       "uniform u2 user 0\n"
	       "block 0:\n"
	       "\ttex_t u2, u0\n"
	       "\ttex_s u2, u1\n"
	       "\ttex_result t0\n"
	       "\tmov tlb_color, t0\n",
	       QPU_STAGE_FS,
	       "mov ra14, unif ; nop\n"
	       "nop ; nop\n"
	       "mov tmu0_t, ra14 ; nop\n"
	       "mov ra14, unif ; nop\n"
	       "nop ; nop ; sbwait\n"
	       "mov tmu0_s, ra14 ; nop\n"
	       "nop ; nop ; ldtmu0\n"
	       "mov tlb_color_all, r4 ; nop ; thrend\n"
	       "nop ; nop\n"
	       "nop ; nop ; sbdone\n", &p);
	assert_int_equal(p.uniforms.entries.len, 4);
	qpu_program_free(&p);
}

/* A branch: three delay slots, relative target, uniform reset in the
 * target block. */
static void branch(void **state)
{
	(void)state;
	expect("qir fs\n"
	       "uniform u0 user 0\n"
	       "uniform u1 uniforms_address 0\n"
	       "uniform u2 user 1\n"
	       "block 0:\n"
	       "\tmov t0, u0\n"
	       "\tmov.sf -, t0\n"
	       "\tbranch.all_zs b2\n"
	       "block 1:\n"
	       "\tload_imm t1, 0x00000008\n"
	       "\tuniforms_reset t1, u1\n"
	       "\tadd t0, t0, u2\n"
	       "block 2:\n"
	       "\tmov tlb_color, t0\n",
	       QPU_STAGE_FS,
	       "mov r1, unif ; nop\n"
	       "mov.sf nop, r1 ; nop\n"
	       "brr.all_zs 40  # -> ip 11\n"
	       "nop ; nop\n"
	       "nop ; nop\n"
	       "nop ; nop\n"
	       "ldi r2, 0x00000008\n"
	       "add uniforms_addr, r2, unif ; nop\n"
	       "nop ; nop\n"
	       "nop ; nop\n"
	       "add r1, r1, unif ; nop\n"
	       "mov tlb_color_all, r1 ; nop\n"
	       "nop ; nop ; thrend\n"
	       "nop ; nop\n"
	       "nop ; nop ; sbdone\n", NULL);
}

/* Pairing rules on raw words: a small immediate shares raddr_b with
 * nothing but the same immediate; two VPM/varying pops never share; an ADD
 * move may turn into a MUL move to pair. */
static void merge_rules(void **state)
{
	(void)state;
	uint64_t imm4 = qpu_set_sf(qpu_set_sig(qpu_alu_add(QPU_A_OR, QPU_W_NOP, QPU_MUX_B,
							   QPU_MUX_B, QPU_R_NOP, 4),
					       QPU_SIG_SMALL_IMM), true);
	uint64_t rb4 = qpu_alu_mul(QPU_M_V8MIN, 48, QPU_MUX_B, QPU_MUX_B, QPU_R_NOP, 4);
	uint64_t imm4_mul = qpu_set_sig(qpu_alu_mul(QPU_M_FMUL, 32, QPU_MUX_R1, QPU_MUX_B,
						    QPU_R_NOP, 4), QPU_SIG_SMALL_IMM);
	uint64_t out;
	assert_false(emit_merge(imm4, 0, rb4, 0, &out));
	assert_false(emit_merge(rb4, 0, imm4, 0, &out));
	assert_true(emit_merge(imm4, 0, imm4_mul, 0, &out));
	assert_int_equal(qpu_get_sig(out), QPU_SIG_SMALL_IMM);
	assert_int_equal(qpu_get_raddr_b(out), 4);
	uint64_t vpm_a = qpu_alu_add(QPU_A_OR, 32, QPU_MUX_A, QPU_MUX_A, 48, QPU_R_NOP);
	uint64_t vpm_b = qpu_alu_mul(QPU_M_V8MIN, 33, QPU_MUX_B, QPU_MUX_B, QPU_R_NOP, 48);
	assert_false(emit_merge(vpm_a, 0, vpm_b, 0, &out));
	uint64_t mov_r0 = qpu_alu_add(QPU_A_OR, 32, QPU_MUX_R1, QPU_MUX_R1, QPU_R_NOP, QPU_R_NOP);
	uint64_t mov_r0_mul = qpu_alu_mul(QPU_M_V8MIN, 32, QPU_MUX_R1, QPU_MUX_R1, QPU_R_NOP,
					  QPU_R_NOP);
	uint64_t add_r2 = qpu_alu_add(QPU_A_ADD, 34, QPU_MUX_R2, QPU_MUX_R3, QPU_R_NOP, QPU_R_NOP);
	assert_false(emit_merge(add_r2, 0, mov_r0, 0, &out));
	assert_true(emit_merge(add_r2, 0, mov_r0, mov_r0_mul, &out));
	assert_int_equal(qpu_get_op_mul(out), QPU_M_V8MIN);
	assert_int_equal(qpu_get_op_add(out), QPU_A_ADD);
}

/* A VPM read into an accumulator whose first reader is an SFU write: one
 * instruction reads the VPM in both halves (one pop), the reciprocal starts
 * with the read (emit_fuse.c). The read's other reader keeps the copy. */
static void vpm_read_into_sfu(void **state)
{
	(void)state;
	expect("qir vs\n"
	       "uniform u0 const 0x00401a00\n"
	       "uniform u1 const 0x00001a00\n"
	       "block 0:\n"
	       "\tmov vr_setup, u0\n"
	       "\tmov t0, vpm0\n"
	       "\trcp t1, t0\n"
	       "\tfmul t2, t0, t1\n"
	       "\tmov vw_setup, u1\n"
	       "\tmov vpm, t2\n",
	       QPU_STAGE_VS,
	       "mov vr_setup, unif ; nop\n"
	       "mov r1, vpm ; mov sfu_recip, vpm\n"
	       "mov vw_setup, unif ; nop\n"
	       "nop ; nop\n"
	       "nop ; fmul r2, r1, r4\n"
	       "mov vpm, r2 ; nop\n"
	       "nop ; nop ; thrend\n"
	       "nop ; nop\n"
	       "nop ; nop\n", NULL);
}

/* A VPM read whose two readers are a raw VPM write and a product: one
 * word reads the VPM once for both halves (`mov vpm, vpm ; fmul r, vpm,
 * unif`), the write setup moved ahead of it (emit_fuse.c); a VPM read and
 * a VPM write share the instruction, a setup does not. */
static void vpm_read_written_and_scaled(void **state)
{
	(void)state;
	expect("qir cs\n"
	       "uniform u0 const 0x00101a00\n"
	       "uniform u1 const 0x00001a00\n"
	       "uniform u2 user 0\n"
	       "block 0:\n"
	       "\tmov vr_setup, u0\n"
	       "\tmov t0, vpm0\n"
	       "\tfmul t1, t0, u2\n"
	       "\tmov vw_setup, u1\n"
	       "\tmov vpm, t0\n"
	       "\tmov vpm, t1\n",
	       QPU_STAGE_CS,
	       "mov vr_setup, unif ; nop\n"
	       "mov vw_setup, unif ; nop\n"
	       "mov vpm, rb48 ; fmul r2, rb48, unif\n"
	       "mov vpm, r2 ; nop\n"
	       "nop ; nop ; thrend\n"
	       "nop ; nop\n"
	       "nop ; nop\n", NULL);
}

/* Two readers of a VPM value where the second also reads the first's
 * result (`t2 = max(t0, 0) * t0`): in one word the product would read
 * the accumulator before the maximum is written, so the copy stays
 * (random vertex programs 1688, 3551 and 3616 computed garbage). */
static void vpm_read_dependent_readers(void **state)
{
	(void)state;
	expect("qir vs\n"
	       "uniform u0 const 0x00101a00\n"
	       "uniform u1 const 0x00001a00\n"
	       "block 0:\n"
	       "\tmov vr_setup, u0\n"
	       "\tmov t0, vpm0\n"
	       "\tfmax t1, t0, 0\n"
	       "\tfmul t2, t1, t0\n"
	       "\tmov vw_setup, u1\n"
	       "\tmov vpm, t2\n",
	       QPU_STAGE_VS,
	       "mov vr_setup, unif ; nop\n"
	       "mov r1, vpm ; nop\n"
	       "fmax r2, r1, 0 ; mov vw_setup, unif\n"
	       "nop ; fmul r3, r2, r1\n"
	       "mov vpm, r3 ; nop\n"
	       "nop ; nop ; thrend\n"
	       "nop ; nop\n"
	       "nop ; nop\n", NULL);
}

/* Three readers: the copy stays (no fusion of the two-reader kind). */
static void vpm_read_three_readers(void **state)
{
	(void)state;
	expect("qir cs\n"
	       "uniform u0 const 0x00101a00\n"
	       "uniform u1 const 0x00001a00\n"
	       "uniform u2 user 0\n"
	       "block 0:\n"
	       "\tmov vr_setup, u0\n"
	       "\tmov t0, vpm0\n"
	       "\tfmul t1, t0, u2\n"
	       "\tfadd t2, t0, t0\n"
	       "\tmov vw_setup, u1\n"
	       "\tmov vpm, t0\n"
	       "\tmov vpm, t1\n"
	       "\tmov vpm, t2\n",
	       QPU_STAGE_CS,
	       "mov vr_setup, unif ; nop\n"
	       "mov r1, vpm ; nop\n"
	       "fadd r3, r1, r1 ; mov vw_setup, unif\n"
	       "mov vpm, r1 ; fmul r2, r1, unif\n"
	       "mov vpm, r2 ; nop\n"
	       "mov vpm, r3 ; nop\n"
	       "nop ; nop ; thrend\n"
	       "nop ; nop\n"
	       "nop ; nop\n", NULL);
}

/* A select's copy `mov t2, t1` of a value dying there, given t1's register
 * (r2): the copy emits nothing (no `mov r2, r2`), the conditional write
 * goes to r2 in place. */
static void noop_mov(void **state)
{
	(void)state;
	same_from = 1;
	same_to = 2;
	expect("qir fs\n"
	       "uniform u0 user 0\n"
	       "uniform u1 user 1\n"
	       "uniform u2 user 2\n"
	       "block 0:\n"
	       "\tmov t0, u0\n"
	       "\tfadd t1, t0, u1\n"
	       "\tfmul t3, t1, t0\n"
	       "\tfsub.sf -, t3, t0\n"
	       "\tmov t2, t1\n"
	       "\tmov.zc t2, u2\n"
	       "\tfadd t4, t2, t3\n"
	       "\tmov tlb_color, t4\n",
	       QPU_STAGE_FS,
	       "mov r1, unif ; nop\n"
	       "fadd r2, r1, unif ; nop\n"
	       "nop ; fmul r3, r2, r1\n"
	       "fsub.sf nop, r3, r1 ; nop\n"
	       "mov.zc r2, unif ; nop ; sbwait\n"
	       "fadd r1, r2, r3 ; nop ; thrend\n"
	       "mov tlb_color_all, r1 ; nop\n"
	       "nop ; nop ; sbdone\n", NULL);
	same_to = 0;
}

/* Direct reads in a coordinate shader (qpu_schedule.c's FIFO block): the
 * fifth request issues after the first load, whose result slot it takes,
 * not after the fourth as the QIR order has it; a load joins a word whose
 * two ALUs are busy as its third node. */
static void direct_reads_fifo(void **state)
{
	(void)state;
	expect("qir cs\n"
	       "uniform u0 const 0x00001a00\n"
	       "uniform u1 ubo_addr 0\n"
	       "uniform u2 ubo_addr 4\n"
	       "uniform u3 ubo_addr 8\n"
	       "uniform u4 ubo_addr 12\n"
	       "uniform u5 ubo_addr 16\n"
	       "uniform u6 user 0\n"
	       "uniform u7 user 1\n"
	       "uniform u8 const 0x00000040\n"
	       "block 0:\n"
	       "\tmov t20, u6\n"
	       "\tmax t21, t20, 0\n"
	       "\tmin_noimm t0, t21, u8\n"
	       "\tmov vw_setup, u0\n"
	       "\ttex_direct t0, u1\n"
	       "\ttex_direct t0, u2\n"
	       "\ttex_direct t0, u3\n"
	       "\ttex_direct t0, u4\n"
	       "\tdirect_result t1\n"
	       "\tfmul t6, t1, u7\n"
	       "\tdirect_result t2\n"
	       "\tfmul t7, t2, u7\n"
	       "\tfadd t11, t6, t7\n"
	       "\tdirect_result t3\n"
	       "\tfmul t8, t3, u7\n"
	       "\tfadd t12, t11, t8\n"
	       "\ttex_direct t0, u5\n"
	       "\tdirect_result t4\n"
	       "\tfmul t9, t4, u7\n"
	       "\tfadd t13, t12, t9\n"
	       "\tdirect_result t5\n"
	       "\tfmul t10, t5, u7\n"
	       "\tfadd t14, t13, t10\n"
	       "\tmov vpm, t14\n",
	       QPU_STAGE_CS,
	       "mov r1, unif ; nop\n"
	       "max r2, r1, 0 ; mov vw_setup, unif\n"
	       "min r3, r2, unif ; nop\n"
	       "add tmu1_s, r3, unif ; nop\n"
	       "add tmu1_s, r3, unif ; nop\n"
	       "add tmu1_s, r3, unif ; nop\n"
	       "add tmu1_s, r3, unif ; nop\n"
	       "nop ; nop ; ldtmu1\n"
	       "add tmu1_s, r3, unif ; nop\n"
	       "nop ; fmul r0, r4, unif ; ldtmu1\n"
	       "nop ; fmul r1, r4, unif ; ldtmu1\n"
	       "fadd r2, r0, r1 ; fmul r0, r4, unif ; ldtmu1\n"
	       "fadd r1, r2, r0 ; fmul r2, r4, unif ; ldtmu1\n"
	       "fadd r3, r1, r2 ; fmul r0, r4, unif\n"
	       "fadd r1, r3, r0 ; nop\n"
	       "mov vpm, r1 ; nop\n"
	       "nop ; nop ; thrend\n"
	       "nop ; nop\n"
	       "nop ; nop\n", NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(two_regfile_a),
		cmocka_unit_test(small_imm_and_b),
		cmocka_unit_test(conditional_sfu),
		cmocka_unit_test(pairing_and_uniforms),
		cmocka_unit_test(thread_switch),
		cmocka_unit_test(tmu_from_uniform),
		cmocka_unit_test(merge_rules),
		cmocka_unit_test(branch),
		cmocka_unit_test(mul_mov_pack),
		cmocka_unit_test(vpm_read_into_sfu),
		cmocka_unit_test(vpm_read_written_and_scaled),
		cmocka_unit_test(vpm_read_dependent_readers),
		cmocka_unit_test(vpm_read_three_readers),
		cmocka_unit_test(noop_mov),
		cmocka_unit_test(direct_reads_fifo),
	};
	return cmocka_run_group_tests_name("compiler_emit", tests, NULL, NULL);
}
