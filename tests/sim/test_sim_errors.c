/* test_sim_errors.c: every way a program stops with an error, and the exact
 * message naming the ip and what went wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sim_test.h"

/* Runs `prog` and expects SIM_ERROR with message `msg`. */
static void expect_error(const uint64_t *prog, uint32_t n, const uint32_t *unif,
			 uint32_t nunif, const char *msg)
{
	struct runner *r = runner_new();
	enum sim_status st = run(r, prog, n, unif, nunif);
	if (st != SIM_ERROR)
		fail_msg("status %d, want error '%s'", st, msg);
	assert_string_equal(r->diag.msg, msg);
	runner_free(r);
}

#define EXPECT(prog, unif, nunif, msg) expect_error(prog, sizeof(prog) / 8, unif, nunif, msg)

static void illegal_instructions(void **state)
{
	(void)state;
	const uint64_t op9[] = { qpu_alu_add(9, QPU_W_NOP, QPU_MUX_R0, QPU_MUX_R0, 39, 39) };
	EXPECT(op9, NULL, 0, "ip 0: illegal instruction: reserved ADD opcode");
	const uint64_t bkpt[] = { qpu_nop(), with_sig(qpu_nop(), QPU_SIG_SW_BREAKPOINT) };
	EXPECT(bkpt, NULL, 0, "ip 1: illegal instruction: software breakpoint signal");
	const uint64_t raddr[] = { qpu_alu_add(QPU_A_OR, W("r0"), QPU_MUX_A, QPU_MUX_A, 33, 39) };
	EXPECT(raddr, NULL, 0, "ip 0: illegal instruction: reserved read address on regfile A");
	/* data after thread end is never decoded as an error */
	const uint64_t data[] = { THREND, qpu_alu_add(9, 39, 0, 0, 39, 39) };
	struct runner *r = runner_new();
	assert_int_equal(run(r, data, 4, NULL, 0), SIM_DONE);
	runner_free(r);
}

static void memory_outside_image(void **state)
{
	(void)state;
	const uint64_t tmu[] = { qpu_nop(), ldi(W("tmu0_s"), 0x1000) };
	EXPECT(tmu, NULL, 0, "ip 1: TMU read at 0x00001000 outside memory [0x0, 0x1000)");
	const uint64_t unif[] = {
		ldi(W("uniforms_addr"), 0x2000), qpu_nop(), qpu_nop(),
		mov(W("r0"), QPU_MUX_A, QPU_R_UNIF),
	};
	EXPECT(unif, NULL, 0, "ip 3: uniform read at 0x00002000 outside memory [0x0, 0x1000)");
	unsigned vw_setup = waddr_f(1, "vw_setup"), vw_addr = waddr_f(1, "vw_addr");
	const uint64_t vdw[] = {
		qpu_set_ws(ldi(vw_setup, 0x80904000), 1), qpu_nop(),
		qpu_set_ws(ldi(vw_addr, 0xff0), 1),
	};
	EXPECT(vdw, NULL, 0, "ip 2: VDW store at 0x00000ff0 (64 bytes) outside memory "
	       "[0x0, 0x1000)");
	const uint64_t vdr[] = { ldi(W("vr_setup"), 0x80011000), ldi(W("vr_addr"), 0xfffffffc) };
	EXPECT(vdr, NULL, 0, "ip 1: VDR load at 0xfffffffc (64 bytes) outside memory "
	       "[0x0, 0x1000)");
}

static void uniform_overrun(void **state)
{
	(void)state;
	const uint32_t u[] = { 1 };
	const uint64_t prog[] = { mov(W("r0"), QPU_MUX_A, QPU_R_UNIF),
				  mov(W("r0"), QPU_MUX_A, QPU_R_UNIF) };
	EXPECT(prog, u, 1, "ip 1: uniform stream overrun (1 uniforms given)");
}

static void vpm_errors(void **state)
{
	(void)state;
	unsigned vw_setup = waddr_f(1, "vw_setup");
	const uint64_t wr[] = { qpu_set_ws(ldi(vw_setup, 0x00001a40), 1),
				mov(W("vpm"), QPU_MUX_R0, QPU_R_NOP) };
	EXPECT(wr, NULL, 0, "ip 1: VPM write at VPM address 0x40 (size 32) outside the VPM "
	       "(64 rows)");
	/* the reserved size 3 (setup bits 9:8), writing and reading */
	const uint64_t wr3[] = { qpu_set_ws(ldi(vw_setup, 0x00001b00), 1),
				 mov(W("vpm"), QPU_MUX_R0, QPU_R_NOP) };
	EXPECT(wr3, NULL, 0, "ip 1: VPM write with reserved size 3");
	const uint64_t rd3[] = { ldi(W("vr_setup"), 0x00101b00), qpu_nop(),
				 mov(W("r0"), QPU_MUX_A, RA("vpm")) };
	EXPECT(rd3, NULL, 0, "ip 2: VPM read with reserved size 3");
	const uint64_t rd[] = { mov(W("r0"), QPU_MUX_A, RA("vpm")) };
	EXPECT(rd, NULL, 0, "ip 0: VPM read with no read setup outstanding (blocks forever)");
	const uint64_t bad[] = { ldi(W("vr_setup"), 0x40000000) };
	EXPECT(bad, NULL, 0, "ip 0: unsupported vr_setup value 0x40000000");
	const uint64_t row[] = { ldi(W("vr_setup"), 0x80011000 | (70 << 4)),
				 ldi(W("vr_addr"), 0) };
	EXPECT(row, NULL, 0, "ip 1: VDR load reaches VPM row 70 outside the VPM (64 rows)");
}

static void tmu_errors(void **state)
{
	(void)state;
	const uint64_t pop[] = { with_sig(qpu_nop(), QPU_SIG_LOAD_TMU0) };
	EXPECT(pop, NULL, 0, "ip 0: ldtmu0 with no outstanding TMU0 request");
	/* four direct reads may wait unread (docs/sim.md, "Decisions against
	 * real userspace"); the fifth request is refused */
	uint64_t full[5];
	for (int i = 0; i < 5; i++)
		full[i] = ldi(W("tmu0_s"), 0);
	EXPECT(full, NULL, 0, "ip 4: TMU0 would hold more than 4 unread results");
	/* four, then their four loads, run to the end */
	const uint64_t rd = full[0], ld = with_sig(qpu_nop(), QPU_SIG_LOAD_TMU0);
	const uint64_t four[] = { rd, rd, rd, rd, ld, ld, ld, ld, THREND };
	struct runner *r = runner_new();
	assert_int_equal(run(r, four, sizeof(four) / 8, NULL, 0), SIM_DONE);
	runner_free(r);
	/* each parameter write pops its configuration uniform (P0, P1) */
	const uint64_t tex[] = { ldi(W("tmu1_t"), 0), ldi(W("tmu1_s"), 0) };
	const uint32_t config[] = { 0, 0 };
	EXPECT(tex, config, 2, "ip 1: TMU1 texture request without a texture unit");
	EXPECT(tex, config, 1, "ip 1: uniform stream overrun by TMU configuration "
	       "(1 uniforms given)");
}

static void control_flow_errors(void **state)
{
	(void)state;
	const uint64_t off[] = { qpu_nop() };
	EXPECT(off, NULL, 0, "ip 1: outside the program (1 instructions)");
	const uint64_t far[] = { qpu_branch(QPU_BR_ALWAYS, false, 0x100), qpu_nop(), qpu_nop(),
				 qpu_nop() };
	EXPECT(far, NULL, 0, "ip 0: branch target 0x00000100 outside the program [0x0, 0x20)");
	const uint64_t slot[] = { qpu_branch(QPU_BR_ALWAYS, true, 0),
				  qpu_branch(QPU_BR_ALWAYS, true, 0), qpu_nop(), qpu_nop(),
				  THREND };
	EXPECT(slot, NULL, 0, "ip 1: branch in the delay slots of the branch at ip 0");
	/* an endless loop stops at the instruction limit */
	const uint64_t loop[] = { qpu_branch(QPU_BR_ALWAYS, true, (uint32_t)-32), qpu_nop(),
				  qpu_nop(), qpu_nop() };
	struct runner *r = runner_new();
	assert_int_equal(run(r, loop, 4, NULL, 0), SIM_LIMIT);
	assert_int_equal(r->q.instructions, 100000);
	runner_free(r);
}

static void blocking(void **state)
{
	(void)state;
	const uint64_t sem[] = { qpu_semaphore(true, 3) };
	EXPECT(sem, NULL, 0, "ip 0: semaphore 3 acquire blocks forever (count 0, one QPU)");
	const uint64_t mtx[] = { mov(W("r0"), QPU_MUX_A, RA("mutex_acq")),
				 mov(W("r0"), QPU_MUX_A, RA("mutex_acq")) };
	EXPECT(mtx, NULL, 0, "ip 1: mutex acquire blocks forever (held by QPU 0)");
	/* stepping a blocked QPU changes nothing (a multi-QPU scheduler retries) */
	struct runner *r = runner_new();
	assert_true(sim_program_init(&r->prog, sem, 1, NULL));
	sim_qpu_init(&r->q, &r->prog, &r->mem, NULL, 0, NULL, NULL, NULL);
	assert_int_equal(sim_qpu_step(&r->q, &r->diag), SIM_BLOCKED);
	assert_int_equal(r->q.ip, 0);
	assert_int_equal(r->q.instructions, 0);
	assert_false(r->diag.set);
	runner_free(r);
}

static void missing_3d_pipeline(void **state)
{
	(void)state;
	const uint64_t vary[] = { mov(W("r0"), QPU_MUX_A, QPU_R_VARY) };
	EXPECT(vary, NULL, 0, "ip 0: varying read without a 3D pipeline");
	const uint64_t tlb[] = { ldi(W("tlb_z"), 0) };
	EXPECT(tlb, NULL, 0, "ip 0: tlb_z write without a tile buffer");
	const uint64_t load[] = { with_sig(qpu_nop(), QPU_SIG_COLOR_LOAD) };
	EXPECT(load, NULL, 0, "ip 0: loadc without a tile buffer");
}

/* Random words never crash the interpreter: every run ends in one of the
 * statuses, with a message when it is an error. */
static void random_programs_never_crash(void **state)
{
	(void)state;
	uint64_t x = 0x9e3779b97f4a7c15ull;
	uint64_t prog[32];
	uint32_t unif[4] = { 0, 4, 8, 12 };
	for (int round = 0; round < 300; round++) {
		for (int i = 0; i < 32; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			prog[i] = x;
		}
		struct runner *r = runner_new();
		assert_true(sim_program_init(&r->prog, prog, 32, NULL));
		sim_qpu_init(&r->q, &r->prog, &r->mem, unif, 4, NULL, NULL, NULL);
		enum sim_status st = sim_qpu_run(&r->q, 200, &r->diag);
		assert_true(st == SIM_DONE || st == SIM_ERROR || st == SIM_LIMIT);
		assert_true(st != SIM_ERROR || (r->diag.set && strncmp(r->diag.msg, "ip ", 3) == 0));
		runner_free(r);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(illegal_instructions),
		cmocka_unit_test(memory_outside_image),
		cmocka_unit_test(uniform_overrun),
		cmocka_unit_test(vpm_errors),
		cmocka_unit_test(tmu_errors),
		cmocka_unit_test(control_flow_errors),
		cmocka_unit_test(blocking),
		cmocka_unit_test(missing_3d_pipeline),
		cmocka_unit_test(random_programs_never_crash),
	};
	return cmocka_run_group_tests_name("sim_errors", tests, NULL, NULL);
}
