/*
 * test_sim_hooks.c: what the QPU hands the 3D pipeline and when: the
 * varying C coefficient reaching r5 after the reading instruction, the TMU
 * configuration uniforms each parameter write pops, the lane mask of TLB
 * writes, the x_pix / y_pix coordinates and the VPM input / output
 * segments. Programs are assembled from text (docs/qpu.md); every value is
 * checked as exact bits, on the fast and on the general path.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qpu/qpu_asm.h"
#include "sim_test.h"

/* What the hooks saw. */
struct seen {
	uint32_t ntex;
	struct sim_tmu_write tex[4];
	unsigned tex_n;
	uint32_t ntlb;
	enum qpu_reg_id tlb_reg[4];
	uint16_t tlb_lanes[4];
	uint32_t tlb_val[4][16];
	uint32_t nvary;
};

static uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* Varying read k: lane i reads k * 16 + i as a float, C is 100 + k. */
static bool hook_vary(void *user, struct sim_qpu *q, uint32_t out[16], uint32_t c[16],
		      struct vc4_diag *diag)
{
	struct seen *s = user;
	(void)q, (void)diag;
	for (int i = 0; i < 16; i++) {
		out[i] = fbits((float)(s->nvary * 16 + (uint32_t)i));
		c[i] = fbits(100.0f + (float)s->nvary);
	}
	s->nvary++;
	return true;
}

/* Records the request; the result is 0xc0de0000 + request number. */
static bool hook_tex(void *user, struct sim_qpu *q, unsigned unit, const struct sim_tmu_write *w,
		     unsigned n, uint32_t result[16], struct vc4_diag *diag)
{
	struct seen *s = user;
	(void)q, (void)unit, (void)diag;
	assert_true(n >= 2 && n <= 4);
	memcpy(s->tex, w, n * sizeof(*w));
	s->tex_n = n;
	for (int i = 0; i < 16; i++)
		result[i] = 0xc0de0000u + s->ntex;
	s->ntex++;
	return true;
}

static bool hook_tlb(void *user, struct sim_qpu *q, enum qpu_reg_id reg, const uint32_t val[16],
		     uint16_t lanes, struct vc4_diag *diag)
{
	struct seen *s = user;
	(void)q, (void)diag;
	assert_true(s->ntlb < 4);
	s->tlb_reg[s->ntlb] = reg;
	s->tlb_lanes[s->ntlb] = lanes;
	memcpy(s->tlb_val[s->ntlb], val, 64);
	s->ntlb++;
	return true;
}

/* Assembles `text` and runs it with the hooks above and `unif`; `setup`
 * (may be NULL) adjusts the QPU after sim_qpu_init(). */
static void run_text(struct runner *r, struct seen *s, const char *text, const uint32_t *unif,
		     uint32_t nunif, bool general_only, void (*setup)(struct sim_qpu *q))
{
	uint64_t *words;
	size_t count;
	struct vc4_diag d;
	vc4_diag_clear(&d);
	if (!qpu_assemble(text, "hooks.s", &words, &count, &d))
		fail_msg("%s", d.msg);
	memset(s, 0, sizeof(*s));
	assert_true(sim_program_init(&r->prog, words, (uint32_t)count, NULL));
	free(words);
	struct sim_qpu_hooks h = { .user = s, .varying = hook_vary, .tmu_texture = hook_tex,
				   .tlb_write = hook_tlb };
	struct sim_qpu_options opt = { .general_only = general_only };
	sim_qpu_init(&r->q, &r->prog, &r->mem, unif, nunif, NULL, &h, &opt);
	if (setup)
		setup(&r->q);
	if (sim_qpu_run(&r->q, 1000, &r->diag) != SIM_DONE)
		fail_msg("run failed: %s", r->diag.msg);
}

#define END "nop ; nop ; thrend\nnop\nnop\n"

/* Mesa's pattern: the ADD reads the r5 of the previous varying while the
 * MUL reads the next varying; r5 takes the new C only afterwards. */
static void varying_c_reaches_r5_after_the_instruction(void **state)
{
	(void)state;
	static const char text[] =
		"ldi r0, 2.0\n"
		"ldi r5rep, 1.0\n"
		"fadd ra3, r0, r5 ; fmul r1, vary, unif\n"  /* ra3 = 2 + old r5 */
		"fadd ra4, r1, r5 ; fmul r2, vary, unif\n"  /* ra4 = vary0 / 2 + C0 */
		"fadd ra5, r2, r5\n"                         /* ra5 = vary1 / 2 + C1 */
		"mov ra6, r5\n" END;
	const uint32_t unif[] = { fbits(0.5f), fbits(0.5f) };
	for (int general = 0; general < 2; general++) {
		struct runner *r = runner_new();
		struct seen s;
		run_text(r, &s, text, unif, 2, general, NULL);
		assert_int_equal(s.nvary, 2);
		assert_all(r->q.rf[QPU_FILE_A][3], 0x40400000);      /* 3.0 */
		uint32_t want4[16], want5[16];
		for (int i = 0; i < 16; i++) {
			want4[i] = fbits((float)i * 0.5f + 100.0f);
			want5[i] = fbits((float)(16 + i) * 0.5f + 101.0f);
		}
		assert_lanes(r->q.rf[QPU_FILE_A][4], want4);
		assert_lanes(r->q.rf[QPU_FILE_A][5], want5);
		assert_all(r->q.rf[QPU_FILE_A][6], 0x42ca0000);      /* 101.0 */
		assert_int_equal(r->q.rf[QPU_FILE_A][4][3], 0x42cb0000); /* 101.5 */
		runner_free(r);
	}
}

/* t then s: P0 and P1 come from the uniform stream in write order, before
 * the user uniform that follows; a direct read (lone s) pops none. */
static void tmu_writes_pop_their_config_uniforms(void **state)
{
	(void)state;
	static const char text[] =
		"ldi r0, 0.25\n"
		"ldi r1, 0.75\n"
		"mov tmu0_t, r1\n"
		"mov tmu0_s, r0\n"
		"mov ra1, unif\n"
		"nop ; nop ; ldtmu0\n"
		"mov ra2, r4\n" END;
	const uint32_t unif[] = { 0x11110001, 0x22220002, 0x0000abcd };
	for (int general = 0; general < 2; general++) {
		struct runner *r = runner_new();
		struct seen s;
		run_text(r, &s, text, unif, 3, general, NULL);
		assert_int_equal(s.ntex, 1);
		assert_int_equal(s.tex_n, 2);
		assert_int_equal(s.tex[0].param, SIM_TMU_T);
		assert_int_equal(s.tex[0].config, 0x11110001);
		assert_all(s.tex[0].val, 0x3f400000);
		assert_int_equal(s.tex[1].param, SIM_TMU_S);
		assert_int_equal(s.tex[1].config, 0x22220002);
		assert_all(s.tex[1].val, 0x3e800000);
		assert_all(r->q.rf[QPU_FILE_A][1], 0x0000abcd);
		assert_all(r->q.rf[QPU_FILE_A][2], 0xc0de0000);
		assert_int_equal(r->q.unif_pos, 3);
		runner_free(r);
	}
}

/* r, t, b, s: four writes pop P0..P3 in that order. */
static void tmu_four_writes_pop_p0_to_p3(void **state)
{
	(void)state;
	static const char text[] =
		"mov tmu1_r, 1\n"
		"mov tmu1_t, 2\n"
		"mov tmu1_b, 3\n"
		"mov tmu1_s, 4\n"
		"nop ; nop ; ldtmu1\n" END;
	const uint32_t unif[] = { 0xa0, 0xa1, 0xa2, 0xa3 };
	struct runner *r = runner_new();
	struct seen s;
	run_text(r, &s, text, unif, 4, false, NULL);
	assert_int_equal(s.tex_n, 4);
	const uint8_t param[4] = { SIM_TMU_R, SIM_TMU_T, SIM_TMU_B, SIM_TMU_S };
	for (unsigned k = 0; k < 4; k++) {
		assert_int_equal(s.tex[k].param, param[k]);
		assert_int_equal(s.tex[k].config, 0xa0 + k);
		assert_all(s.tex[k].val, k + 1);
	}
	runner_free(r);
}

/* A texture request whose configuration uniform is missing says so. */
static void tmu_config_overrun(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	uint64_t *words;
	size_t count;
	assert_true(qpu_assemble("mov tmu0_t, 1\nmov tmu0_s, 2\n" END, "t.s", &words, &count,
				 NULL));
	assert_true(sim_program_init(&r->prog, words, (uint32_t)count, NULL));
	free(words);
	const uint32_t unif[] = { 0x5 };
	sim_qpu_init(&r->q, &r->prog, &r->mem, unif, 1, NULL, NULL, NULL);
	assert_int_equal(sim_qpu_run(&r->q, 100, &r->diag), SIM_ERROR);
	assert_string_equal(r->diag.msg, "ip 1: uniform stream overrun by TMU configuration "
			    "(1 uniforms given)");
	runner_free(r);
}

/* A conditional TLB write hands the hook the lanes whose condition passed
 * (values 0 elsewhere), and the register id. */
static void tlb_write_gets_lane_mask(void **state)
{
	(void)state;
	static const char text[] =
		"sub.sf nop, elem_num, 5\n"       /* N set in lanes 0..4 */
		"ldi r0, 0x01020304\n"
		"mov.ns tlb_z, r0\n"
		"mov.nc tlb_color_all, r0\n"
		"mov tlb_color_ms, r0\n" END;
	for (int general = 0; general < 2; general++) {
		struct runner *r = runner_new();
		struct seen s;
		run_text(r, &s, text, NULL, 0, general, NULL);
		assert_int_equal(s.ntlb, 3);
		assert_int_equal(s.tlb_reg[0], QPU_REG_TLB_Z);
		assert_int_equal(s.tlb_lanes[0], 0x001f);
		assert_int_equal(s.tlb_val[0][4], 0x01020304);
		assert_int_equal(s.tlb_val[0][5], 0);
		assert_int_equal(s.tlb_reg[1], QPU_REG_TLB_COLOR_ALL);
		assert_int_equal(s.tlb_lanes[1], 0xffe0);
		assert_int_equal(s.tlb_val[1][4], 0);
		assert_int_equal(s.tlb_val[1][15], 0x01020304);
		assert_int_equal(s.tlb_reg[2], QPU_REG_TLB_COLOR_MS);
		assert_int_equal(s.tlb_lanes[2], 0xffff);
		runner_free(r);
	}
}

static void set_pixels(struct sim_qpu *q)
{
	for (uint32_t i = 0; i < 16; i++) {
		q->x_pix[i] = 100 + i;
		q->y_pix[i] = 200 + 2 * i;
	}
}

/* x_pix (file A) and y_pix (file B) read what the pipeline set. */
static void pixel_coordinates(void **state)
{
	(void)state;
	static const char text[] =
		"mov ra1, x_pix\n"
		"mov rb1, y_pix\n"
		"add r0, x_pix, y_pix\n" END;
	struct runner *r = runner_new();
	struct seen s;
	run_text(r, &s, text, NULL, 0, false, set_pixels);
	uint32_t x[16], y[16], sum[16];
	for (uint32_t i = 0; i < 16; i++) {
		x[i] = 100 + i;
		y[i] = 200 + 2 * i;
		sum[i] = x[i] + y[i];
	}
	assert_lanes(r->q.rf[QPU_FILE_A][1], x);
	assert_lanes(r->q.rf[QPU_FILE_B][1], y);
	assert_lanes(r->q.acc[0], sum);
	runner_free(r);
}

static void set_segments(struct sim_qpu *q)
{
	q->vpm_in_row = 2;
	q->vpm_out_row = 10;
	for (uint32_t i = 0; i < 16; i++) {
		q->shared->vpm[2 * 16 + i] = 0x100 + i;  /* input word 0 of vertex i */
		q->shared->vpm[3 * 16 + i] = 0x200 + i;  /* input word 1 */
	}
}

/* Horizontal 32-bit accesses at address 0: reads walk the input segment,
 * writes the output segment, so writing output word 0 first does not
 * clobber input word 0. */
static void vpm_segments(void **state)
{
	(void)state;
	static const char text[] =
		"ldi vr_setup, 0x00201a00\n"
		"ldi vw_setup, 0x00001a00\n"
		"mov vpm, 7\n"
		"mov r0, vpm\n"
		"mov r1, vpm\n"
		"add vpm, r0, r1\n" END;
	struct runner *r = runner_new();
	struct seen s;
	run_text(r, &s, text, NULL, 0, false, set_segments);
	const uint32_t *vpm = r->q.shared->vpm;
	for (uint32_t i = 0; i < 16; i++) {
		assert_int_equal(vpm[10 * 16 + i], 7);
		assert_int_equal(vpm[11 * 16 + i], 0x300 + 2 * i);
		assert_int_equal(vpm[2 * 16 + i], 0x100 + i);
	}
	runner_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(varying_c_reaches_r5_after_the_instruction),
		cmocka_unit_test(tmu_writes_pop_their_config_uniforms),
		cmocka_unit_test(tmu_four_writes_pop_p0_to_p3),
		cmocka_unit_test(tmu_config_overrun),
		cmocka_unit_test(tlb_write_gets_lane_mask),
		cmocka_unit_test(pixel_coordinates),
		cmocka_unit_test(vpm_segments),
	};
	return cmocka_run_group_tests_name("sim_hooks", tests, NULL, NULL);
}
