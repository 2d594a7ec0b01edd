/*
 * test_sim_reinit.c: sim_qpu_reinit() (the 3D pipeline's per-run set-up,
 * which clears only the register-file entries that can be nonzero) leaves
 * a QPU in exactly the state sim_qpu_init() gives: after programs that
 * wrote registers, after the fragment payloads were set, after a caller
 * wrote any register following sim_qpu_init(), and from all-zero memory;
 * and which registers a program can write (up to its thread end).
 * Programs are assembled from text (docs/qpu.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "qpu/qpu_asm.h"
#include "sim_test.h"

#define END "nop ; nop ; thrend\nnop\nnop\n"

/* Writes ra3, rb9, r0 and the payload registers' neighbours ra14, rb16. */
static const char prog_a[] = "mov ra3, 7\nmov rb9, 5\nmov r0, 1\nmov ra14, 3\nmov rb16, 2\n" END;
/* Writes rb20 only; reads ra3 into r1. */
static const char prog_b[] = "mov rb20, 9\nmov r1, ra3\n" END;
/* Writes nothing. */
static const char prog_c[] = END;

static void assemble(const char *text, struct sim_program *prog)
{
	uint64_t *words;
	size_t count;
	struct vc4_diag d;
	vc4_diag_clear(&d);
	if (!qpu_assemble(text, "reinit.s", &words, &count, &d))
		fail_msg("%s", d.msg);
	assert_true(sim_program_init(prog, words, (uint32_t)count, NULL));
	free(words);
}

static void run_ok(struct sim_qpu *q)
{
	struct vc4_diag d;
	vc4_diag_clear(&d);
	if (sim_qpu_run(q, 1000, &d) != SIM_DONE)
		fail_msg("run failed: %s", d.msg);
}

/* q is in the state sim_qpu_init() gives for `prog` (all of the cleared
 * part but the record of filled constants, which reinit keeps). */
static void assert_fresh(const struct sim_qpu *q, const struct sim_program *prog,
			 struct sim_memory *mem)
{
	struct sim_qpu *f = calloc(1, sizeof(*f));
	assert_non_null(f);
	sim_qpu_init(f, prog, mem, NULL, 0, NULL, NULL, NULL);
	size_t kv = offsetof(struct sim_qpu, konst_valid), kv_end = kv + sizeof(f->konst_valid);
	size_t shared = offsetof(struct sim_qpu, shared);
	assert_memory_equal(q->rf, f->rf, sizeof(f->rf));
	assert_memory_equal(q->acc, f->acc, sizeof(f->acc));
	assert_memory_equal(q->cm, f->cm, sizeof(f->cm));
	/* everything from the program pointer up to the shared state */
	size_t from = offsetof(struct sim_qpu, prog);
	assert_memory_equal((const char *)q + from, (const char *)f + from, shared - from);
	assert_memory_equal((const char *)q + offsetof(struct sim_qpu, hooks),
			    (const char *)f + offsetof(struct sim_qpu, hooks),
			    kv - offsetof(struct sim_qpu, hooks));
	assert_int_equal(offsetof(struct sim_qpu, tmu_fifo), kv_end);
	free(f);
}

static void reinit_after_programs_and_payloads(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	struct sim_program a, b, c;
	assemble(prog_a, &a);
	assemble(prog_b, &b);
	assemble(prog_c, &c);
	sim_qpu_init(&r->q, &a, &r->mem, NULL, 0, NULL, NULL, NULL);
	run_ok(&r->q);
	/* from here on only a's writes and the payloads can be nonzero */
	sim_qpu_reinit(&r->q, &a, &r->mem, NULL, 0, NULL, NULL, NULL);
	assert_fresh(&r->q, &a, &r->mem);
	run_ok(&r->q);
	assert_int_equal(r->q.rf[QPU_FILE_A][3][0], 7);
	assert_int_equal(r->q.rf[QPU_FILE_B][9][5], 5);
	/* the pipeline's payloads */
	for (int i = 0; i < 16; i++) {
		sim_qpu_reg(&r->q, QPU_REG_FS_PAYLOAD_W)[i] = 0x3f800000u + (uint32_t)i;
		sim_qpu_reg(&r->q, QPU_REG_FS_PAYLOAD_Z)[i] = 0x123456u + (uint32_t)i;
	}
	assert_int_equal(r->q.rf[QPU_FILE_A][15][2], 0x3f800002u);
	assert_int_equal(r->q.rf[QPU_FILE_B][15][3], 0x123459u);
	sim_qpu_reinit(&r->q, &b, &r->mem, NULL, 0, NULL, NULL, NULL);
	assert_fresh(&r->q, &b, &r->mem);
	run_ok(&r->q);
	assert_int_equal(r->q.acc[1][0], 0); /* ra3 read back as cleared */
	assert_int_equal(r->q.rf[QPU_FILE_B][20][15], 9);
	/* rb20 was written by b, which c does not write: still cleared */
	sim_qpu_reinit(&r->q, &c, &r->mem, NULL, 0, NULL, NULL, NULL);
	assert_fresh(&r->q, &c, &r->mem);
	run_ok(&r->q);
	sim_qpu_reinit(&r->q, &a, &r->mem, NULL, 0, NULL, NULL, NULL);
	assert_fresh(&r->q, &a, &r->mem);
	sim_program_fini(&a);
	sim_program_fini(&b);
	sim_program_fini(&c);
	free(r);
}

/* A caller may write any register after sim_qpu_init(): the next reinit
 * clears them all. */
static void reinit_after_caller_writes(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	struct sim_program c;
	assemble(prog_c, &c);
	sim_qpu_init(&r->q, &c, &r->mem, NULL, 0, NULL, NULL, NULL);
	for (int f = 0; f < 2; f++)
		for (int k = 0; k < 32; k++)
			r->q.rf[f][k][k % 16] = 0xdead0000u + (uint32_t)k;
	r->q.acc[2][7] = 1;
	sim_qpu_reinit(&r->q, &c, &r->mem, NULL, 0, NULL, NULL, NULL);
	assert_fresh(&r->q, &c, &r->mem);
	sim_program_fini(&c);
	free(r);
}

/* From zeroed memory (the pipeline's calloc), as from sim_qpu_init(). */
static void reinit_from_zeroed_memory(void **state)
{
	(void)state;
	struct runner *r = runner_new();
	struct sim_program b;
	assemble(prog_b, &b);
	sim_qpu_reinit(&r->q, &b, &r->mem, NULL, 0, NULL, NULL, NULL);
	assert_fresh(&r->q, &b, &r->mem);
	run_ok(&r->q);
	assert_int_equal(r->q.rf[QPU_FILE_B][20][0], 9);
	sim_program_fini(&b);
	free(r);
}

/* The registers a program can write stop at its thread end's delay slots
 * unless a branch comes first. */
static void written_registers_stop_at_thread_end(void **state)
{
	(void)state;
	struct sim_program p;
	assemble("mov ra3, 1\nnop ; nop ; thrend\nmov rb4, 1\nmov ra5, 1\nmov ra6, 1\n", &p);
	assert_int_equal(p.rf_written[QPU_FILE_A], 1u << 3 | 1u << 5);
	assert_int_equal(p.rf_written[QPU_FILE_B], 1u << 4);
	sim_program_fini(&p);
	assemble("mov ra3, 1\nbrr 0\nnop\nnop\nnop\nnop ; nop ; thrend\nnop\nnop\n"
		 "mov ra9, 1\n", &p);
	assert_int_equal(p.rf_written[QPU_FILE_A], 1u << 3 | 1u << 9);
	assert_int_equal(p.rf_written[QPU_FILE_B], 0);
	sim_program_fini(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reinit_after_programs_and_payloads),
		cmocka_unit_test(reinit_after_caller_writes),
		cmocka_unit_test(reinit_from_zeroed_memory),
		cmocka_unit_test(written_registers_stop_at_thread_end),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
