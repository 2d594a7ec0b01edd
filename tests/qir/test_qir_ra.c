/* test_qir_ra.c: the vc4 register allocator — register kinds per usage
 * pattern, allocations checked to be valid (no two overlapping temps share
 * a register, constraints respected), threaded fragment shaders within the
 * half files, the single-threaded fallback, the failure messages of the
 * pressure check (plain count and one register file), and that 40 000
 * values live at once fail at once (they used to build a 22 GB graph). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "qir_test.h"

/* Parses, allocates, validates the result; the caller frees both. */
static struct qir_compile *allocate(const char *text, struct qir_ra_result *r)
{
	struct qir_compile *c = qt_parse(text);
	qt_assert_valid(c);
	struct vc4_diag d = {0};
	if (!qir_register_allocate(c, r, &d))
		fail_msg("allocation failed: %s", d.msg);
	qt_check_allocation(c, r);
	return c;
}

#define IS(r, t, f) assert_int_equal((r).temps[t].file, (f))

static void kinds_per_usage(void **state)
{
	(void)state;
	struct qir_ra_result r;
	struct qir_compile *c = allocate(
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfrag_z t9\n"
		"\tfrag_w t10\n"
		"\tmov t0, u0\n"
		"\tmov t1, t0.8a\n"           /* int unpack read: t0 in A */
		"\tfadd t2, t1, t1\n"
		"\tmov t3.16a, t2\n"          /* A pack: t3 in A */
		"\tmov t3.16b, t2\n"
		"\trcp t4, t2\n"              /* t4 live across the next rcp: not r4 */
		"\trcp t5, t2\n"              /* t5 read right away: r4 */
		"\tfadd t6, t5, t4\n"
		"\tfadd t7, t6, t3\n"
		"\tfadd t8, t7, t9\n"
		"\tfadd t11, t8, t10\n"
		"\tmov tlb_color, t11\n", &r);
	IS(r, 0, QIR_PHYS_A);
	IS(r, 3, QIR_PHYS_A);
	assert_false(r.temps[4].file == QIR_PHYS_ACC && r.temps[4].index == 4);
	IS(r, 5, QIR_PHYS_ACC);
	assert_int_equal(r.temps[5].index, 4);
	IS(r, 9, QIR_PHYS_B);
	assert_int_equal(r.temps[9].index, 15);
	IS(r, 10, QIR_PHYS_A);
	assert_int_equal(r.temps[10].index, 15);
	/* ordinary short-lived temps prefer accumulators r0-r3 */
	IS(r, 2, QIR_PHYS_ACC);
	assert_true(r.temps[2].index < 4);
	assert_false(r.threaded);
	qir_ra_result_free(&r);
	qir_compile_free(c);
}

/* Float-input unpack reads may come from r4 (the r4 unpack). */
static void float_unpack_from_r4(void **state)
{
	(void)state;
	struct qir_ra_result r;
	struct qir_compile *c = allocate(
		"qir fs\n"
		"block 0:\n"
		"\ttex_result t0\n"
		"\tfmov t1, t0.8a\n"
		"\tmov tlb_color, t1\n", &r);
	IS(r, 0, QIR_PHYS_ACC);
	assert_int_equal(r.temps[0].index, 4);
	qir_ra_result_free(&r);
	qir_compile_free(c);
}

/* Temps live across a THRSW lose the accumulators; others keep them. */
static void thread_switch(void **state)
{
	(void)state;
	struct qir_ra_result r;
	struct qir_compile *c = allocate(
		"qir fs threaded\n"
		"uniform u0 user 0\n"
		"uniform u1 tex_p0 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfadd t1, t0, t0\n"
		"\ttex_s t1, u1\n"
		"\tthrsw\n"
		"\ttex_result t2\n"
		"\tfadd t3, t2, t0\n"
		"\tmov tlb_color, t3\n", &r);
	assert_true(r.threaded);
	assert_true(r.temps[0].file == QIR_PHYS_A || r.temps[0].file == QIR_PHYS_B);
	IS(r, 1, QIR_PHYS_ACC);
	qir_ra_result_free(&r);
	qir_compile_free(c);
}

/* n temps all live at once (optionally across a THRSW), then summed; with
 * `remat` they are plain uniform copies the allocator may rematerialize. */
static struct qir_compile *pressure(uint32_t n, bool threaded, bool thrsw, bool remat)
{
	struct qir_compile *c = qir_compile_create(QIR_STAGE_FRAGMENT);
	c->fs_threaded = threaded;
	struct qir_reg t[128];
	for (uint32_t i = 0; i < n; i++) {
		struct qir_reg u = qir_uniform(c, QIR_UNIFORM_USER, i);
		t[i] = remat ? qir_MOV(c, u) : qir_FADD(c, u, u);
	}
	if (thrsw)
		qir_emit(c, QIR_OP_THRSW, qir_null(), qir_null(), qir_null());
	struct qir_reg acc = t[0];
	for (uint32_t i = 1; i < n; i++)
		acc = qir_FADD(c, acc, t[i]);
	qir_emit(c, QIR_OP_MOV, qir_special(QIR_SPECIAL_TLB_COLOR), acc, qir_null());
	qt_assert_valid(c);
	return c;
}

static void threaded_uses_half_files(void **state)
{
	(void)state;
	struct qir_compile *c = pressure(30, true, true, false);
	struct qir_ra_result r;
	struct vc4_diag d = {0};
	assert_true(qir_register_allocate(c, &r, &d));
	assert_true(r.threaded);
	assert_true(c->fs_threaded);
	qt_check_allocation(c, &r);
	/* 30 half-file registers hold the 30 temps live across the switch. */
	uint32_t ab = 0;
	for (uint32_t t = 0; t < c->num_temps; t++)
		ab += r.temps[t].file == QIR_PHYS_A || r.temps[t].file == QIR_PHYS_B;
	assert_true(ab >= 30);
	qir_ra_result_free(&r);
	qir_compile_free(c);
}

static void threaded_falls_back(void **state)
{
	(void)state;
	struct qir_compile *c = pressure(40, true, true, false);
	struct qir_ra_result r;
	struct vc4_diag d = {0};
	assert_true(qir_register_allocate(c, &r, &d));
	assert_false(r.threaded);
	assert_false(c->fs_threaded);
	for (struct qir_inst *i = c->blocks.data[0]->first; i; i = i->next)
		assert_int_not_equal(i->op, QIR_OP_THRSW);
	qt_check_allocation(c, &r);
	qir_ra_result_free(&r);
	qir_compile_free(c);
}

static void failure_message(void **state)
{
	(void)state;
	struct qir_compile *c = pressure(70, false, false, false);
	struct qir_ra_result r;
	struct vc4_diag d = {0};
	assert_false(qir_register_allocate(c, &r, &d));
	assert_null(r.temps);
	assert_string_equal(d.msg, "ip 69: register allocation failed: 70 values live here, "
			    "more than the 67 registers");
	qir_compile_free(c);
}

/* 40 values read with an integer unpack (regfile A only) live at once:
 * fewer than the registers, more than regfile A holds. */
static void one_file_failure_message(void **state)
{
	(void)state;
	struct qir_compile *c = qir_compile_create(QIR_STAGE_FRAGMENT);
	struct qir_reg t[40];
	for (uint32_t i = 0; i < 40; i++) {
		struct qir_reg u = qir_uniform(c, QIR_UNIFORM_USER, i);
		t[i] = qir_FADD(c, u, u);
	}
	struct qir_reg acc = qir_LOAD_IMM(c, 0);
	for (uint32_t i = 0; i < 40; i++) {
		struct qir_reg r = t[i];
		r.unpack = QPU_UNPACK_8A;
		acc = qir_ADD(c, acc, r);
	}
	qir_emit(c, QIR_OP_MOV, qir_special(QIR_SPECIAL_TLB_COLOR), acc, qir_null());
	qt_assert_valid(c);
	struct qir_ra_result r;
	struct vc4_diag d = {0};
	assert_false(qir_register_allocate(c, &r, &d));
	assert_string_equal(d.msg, "ip 39: register allocation failed: 40 values live here can "
			    "only use regfile A (31 registers)");
	qir_compile_free(c);
}

/* 40 000 values live at once: the pressure check fails before any
 * interference graph is built (it had 800 million edges: 22 GB). */
static void huge_pressure_fails_fast(void **state)
{
	(void)state;
	enum { N = 40000 };
	struct qir_compile *c = qir_compile_create(QIR_STAGE_FRAGMENT);
	struct qir_reg *t = malloc(N * sizeof(*t));
	assert_non_null(t);
	for (uint32_t i = 0; i < N; i++) {
		struct qir_reg u = qir_uniform(c, QIR_UNIFORM_USER, i);
		t[i] = qir_FADD(c, u, u);
	}
	struct qir_reg acc = t[0];
	for (uint32_t i = 1; i < N; i++)
		acc = qir_FADD(c, acc, t[i]);
	qir_emit(c, QIR_OP_MOV, qir_special(QIR_SPECIAL_TLB_COLOR), acc, qir_null());
	free(t);
	struct qir_ra_result r;
	struct vc4_diag d = {0};
	clock_t start = clock();
	assert_false(qir_register_allocate(c, &r, &d));
	double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
	assert_string_equal(d.msg, "ip 39999: register allocation failed: 40000 values live "
			    "here, more than the 67 registers");
	if (seconds > 10)
		fail_msg("the failure took %.1f s", seconds);
	qir_compile_free(c);
}

/* Over 256 values live into every block on average: liveness itself stops
 * (its memory stays linear) with the pressure message. */
static void liveness_stops(void **state)
{
	(void)state;
	enum { N = 600, BLOCKS = 10 };
	size_t size = 64 * N + 64 * BLOCKS + 256, n = 0;
	char *text = malloc(size);
	assert_non_null(text);
	n += (size_t)snprintf(text + n, size - n, "qir fs\nuniform u0 user 0\nblock 0:\n");
	for (uint32_t i = 0; i < N; i++)
		n += (size_t)snprintf(text + n, size - n, "\tfadd t%u, u0, u0\n", i);
	for (uint32_t b = 1; b <= BLOCKS; b++)
		n += (size_t)snprintf(text + n, size - n, "block %u:\n\tsub.sf -, t0, 10\n"
				      "\tbranch.all_nc b%u\n", b, BLOCKS + 1);
	n += (size_t)snprintf(text + n, size - n, "block %u:\n\tmov t%u, t0\n", BLOCKS + 1, N);
	for (uint32_t i = 1; i < N; i++)
		n += (size_t)snprintf(text + n, size - n, "\tfadd t%u, t%u, t%u\n", N + i,
				      N + i - 1, i);
	snprintf(text + n, size - n, "\tmov tlb_color, t%u\n", 2 * N - 1);
	struct qir_compile *c = qt_parse(text);
	free(text);
	struct qir_liveness lv;
	struct vc4_diag d = {0};
	assert_false(qir_liveness(c, &lv, &d));
	assert_false(c->oom);
	assert_string_equal(d.msg, "ip 600: register allocation failed: at least 334 values live "
			    "here, far more than the QPU's registers (liveness stops at 256 "
			    "values live per block on average)");
	qir_compile_free(c);
}

/* Uniform copies beyond the register count are re-read where used. */
static void rematerializes_constants(void **state)
{
	(void)state;
	struct qir_compile *c = pressure(70, true, true, true);
	uint32_t before = c->num_temps;
	struct qir_ra_result r;
	struct vc4_diag d = {0};
	if (!qir_register_allocate(c, &r, &d))
		fail_msg("%s", d.msg);
	assert_true(r.threaded);
	assert_true(c->num_temps > before);
	qt_check_allocation(c, &r);
	qt_assert_valid(c);
	/* Still 70 uniform reads feeding the sum, each exactly once. */
	struct qir_uniform_stream s;
	assert_true(qir_uniform_stream(c, &s));
	assert_int_equal(s.entries.len, 70);
	for (uint32_t i = 0; i < 70; i++) {
		uint32_t seen = 0;
		for (size_t k = 0; k < s.entries.len; k++)
			seen += s.entries.data[k].data == i;
		assert_int_equal(seen, 1);
	}
	qir_uniform_stream_free(&s);
	qir_ra_result_free(&r);
	qir_compile_free(c);
}

/* Instructions whose two temp operands sit in one regfile at different
 * addresses, or that read regfile B beside a small immediate (the emitter
 * must then copy an operand). */
static uint32_t file_conflicts(const struct qir_compile *c, const struct qir_ra_result *r)
{
	uint32_t n = 0;
	for (size_t b = 0; b < c->blocks.len; b++) {
		for (struct qir_inst *i = c->blocks.data[b]->first; i; i = i->next) {
			for (int s = 0; s < 2; s++) {
				/* a small immediate occupies raddr_b */
				n += i->src[s].file == QIR_FILE_TEMP && i->src[!s].file ==
				     QIR_FILE_SMALL_IMM && r->temps[i->src[s].index].file == QIR_PHYS_B;
			}
			if (i->src[0].file != QIR_FILE_TEMP || i->src[1].file != QIR_FILE_TEMP)
				continue;
			struct qir_phys_reg p = r->temps[i->src[0].index], q = r->temps[i->src[1].index];
			n += p.file == q.file && p.file != QIR_PHYS_ACC && p.index != q.index;
		}
	}
	return n;
}

/* Values kept across a THRSW (so in A or B) and read in pairs (i, i+2 mod
 * 12): two even cycles, so every pair can be split over the two files;
 * then six values each read beside a small immediate (which takes raddr_b),
 * so they belong in A. (Without the file preference: 9 conflicts.) */
static void operands_in_different_files(void **state)
{
	(void)state;
	struct qir_compile *c = qir_compile_create(QIR_STAGE_FRAGMENT);
	c->fs_threaded = true;
	struct qir_reg t[12];
	for (uint32_t i = 0; i < 12; i++)
		t[i] = qir_MOV(c, qir_uniform(c, QIR_UNIFORM_USER, i));
	qir_emit(c, QIR_OP_THRSW, qir_null(), qir_null(), qir_null());
	struct qir_reg sum = qir_FADD(c, t[0], t[1]);
	for (uint32_t i = 0; i < 12; i++)
		sum = qir_FADD(c, sum, qir_FMUL(c, t[i], t[(i + 2) % 12]));
	struct qir_reg u[6];
	for (uint32_t i = 0; i < 6; i++)
		u[i] = qir_FADD(c, sum, qir_small_imm(0x3f800000)); /* + 1.0 */
	qir_emit(c, QIR_OP_THRSW, qir_null(), qir_null(), qir_null());
	for (uint32_t i = 0; i < 6; i++)
		sum = qir_FADD(c, qir_FMUL(c, u[i], qir_small_imm(0x40000000)), sum);
	qir_emit(c, QIR_OP_MOV, qir_special(QIR_SPECIAL_TLB_COLOR), sum, qir_null());
	qt_assert_valid(c);
	struct qir_ra_result r;
	struct vc4_diag d = {0};
	assert_true(qir_register_allocate(c, &r, &d));
	qt_check_allocation(c, &r);
	assert_int_equal(file_conflicts(c, &r), 0);
	qir_ra_result_free(&r);
	qir_compile_free(c);
}

static void invalid_input(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir fs\nblock 0:\n\tmov tlb_color, t3\n");
	struct qir_ra_result r;
	struct vc4_diag d = {0};
	assert_false(qir_register_allocate(c, &r, &d));
	assert_null(r.temps);
	assert_string_equal(d.msg, "register allocation: invalid program: block 0, inst 0 "
			    "(mov tlb_color, t3): t3 may be read before it is written");
	qir_compile_free(c);
}

/* qir_register_allocate_live(), given the program's liveness, answers as
 * qir_register_allocate(): the same registers (also through the threaded
 * fallback), the same invalid-program and pressure messages (the invalid
 * program only without NDEBUG: a release build does not validate there). */
static void liveness_given(void **state)
{
	(void)state;
#ifdef NDEBUG
	const int from = 1;
#else
	const int from = 0;
#endif
	for (int k = from; k < 4; k++) {
		struct qir_compile *c[2];
		struct qir_ra_result r[2];
		struct vc4_diag d[2] = { {0}, {0} };
		bool ok[2] = { false, false };
		for (int i = 0; i < 2; i++) {
			c[i] = k == 0 ? qt_parse("qir fs\nblock 0:\n\tmov tlb_color, t3\n") :
			       pressure(k == 1 ? 20 : k == 2 ? 40 : 70, k == 2, k == 2, false);
			struct qir_liveness lv;
			if (i == 0) {
				ok[i] = qir_register_allocate(c[i], &r[i], &d[i]);
				continue;
			}
			assert_true(qir_liveness(c[i], &lv, NULL));
			ok[i] = qir_register_allocate_live(c[i], &lv, &r[i], &d[i]);
			assert_null(lv.start);
		}
		assert_int_equal(ok[0], ok[1]);
		assert_int_equal(ok[0], k == 1 || k == 2);
		if (ok[0]) {
			assert_int_equal(c[0]->num_temps, c[1]->num_temps);
			assert_int_equal(r[0].threaded, r[1].threaded);
			assert_memory_equal(r[0].temps, r[1].temps,
					    c[0]->num_temps * sizeof(*r[0].temps));
		} else {
			assert_string_equal(d[0].msg, d[1].msg);
		}
		for (int i = 0; i < 2; i++) {
			qir_ra_result_free(&r[i]);
			qir_compile_free(c[i]);
		}
	}
}

/* A program without temps: the graph's one node is a dummy, without edges. */
static void no_temps(void **state)
{
	(void)state;
	struct qir_ra_result r;
	struct qir_compile *c = allocate("qir fs\nuniform u0 user 0\nblock 0:\n"
					 "\tmov tlb_color, u0\n", &r);
	assert_int_equal(c->num_temps, 0);
	qir_ra_result_free(&r);
	qir_compile_free(c);
}

/* A payload temp read with an unpack cannot be allocated. */
static void payload_with_unpack(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir fs\nblock 0:\n\tfrag_z t0\n"
					 "\tmov t1, t0.8a\n\tmov tlb_color, t1\n");
	struct qir_ra_result r;
	struct vc4_diag d = {0};
	assert_false(qir_register_allocate(c, &r, &d));
	assert_string_equal(d.msg, "register allocation failed: t0 is a payload register (rb15) "
			    "but its uses need another file");
	qir_compile_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds_per_usage),
		cmocka_unit_test(float_unpack_from_r4),
		cmocka_unit_test(thread_switch),
		cmocka_unit_test(threaded_uses_half_files),
		cmocka_unit_test(threaded_falls_back),
		cmocka_unit_test(failure_message),
		cmocka_unit_test(one_file_failure_message),
		cmocka_unit_test(huge_pressure_fails_fast),
		cmocka_unit_test(liveness_stops),
		cmocka_unit_test(operands_in_different_files),
		cmocka_unit_test(invalid_input),
		cmocka_unit_test(liveness_given),
		cmocka_unit_test(no_temps),
		cmocka_unit_test(payload_with_unpack),
		cmocka_unit_test(rematerializes_constants),
	};
	return cmocka_run_group_tests_name("qir_ra", tests, NULL, NULL);
}
