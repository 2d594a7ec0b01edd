/* test_qir_core.c: the QIR tables and what is derived from them, the text
 * round trip, parse errors, the builder, the uniform pool and stream, the
 * derived CFG, and dominators (against a brute-force definition on random
 * CFGs, and on 20 000 nested loops). */
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
#include "util/file.h"

/* Every op has a unique name, sane arity, and QPU opcodes / register names
 * that exist in the ISA tables (every periph a file-A write register). */
static void op_table_is_consistent(void **state)
{
	(void)state;
	for (int op = 0; op < QIR_OP_COUNT; op++) {
		const struct qir_op_info *info = &qir_ops[op];
		assert_non_null(info->name);
		assert_true(info->ndst <= 1 && info->nsrc <= QIR_MAX_SRC);
		for (int o = 0; o < op; o++)
			assert_string_not_equal(qir_ops[o].name, info->name);
		if (info->add_op != QPU_A_NOP)
			assert_non_null(qpu_add_ops[info->add_op].name);
		if (info->mul_op != QPU_M_NOP)
			assert_non_null(qpu_mul_ops[info->mul_op].name);
		if (info->periph != QPU_REG_RESERVED) {
			enum qpu_file f;
			unsigned a;
			assert_true(qpu_reg_waddr(info->periph, &f, &a));
			assert_int_equal(f, QPU_FILE_A);  /* written with ws 0 */
		}
		if (info->flags & QIR_OPF_SFU)
			assert_true(info->flags & QIR_OPF_WRITES_R4);
	}
	assert_int_equal(qir_op_alu(QIR_OP_MOV), QIR_ALU_EITHER);
	assert_int_equal(qir_op_alu(QIR_OP_FADD), QIR_ALU_ADD);
	assert_int_equal(qir_op_alu(QIR_OP_FMUL), QIR_ALU_MUL);
	assert_int_equal(qir_op_alu(QIR_OP_V8ADDS), QIR_ALU_EITHER);
	assert_int_equal(qir_op_alu(QIR_OP_TEX_RESULT), QIR_ALU_NONE);
}

/* Special registers resolve to QPU addresses through the ISA table. */
static void specials_resolve(void **state)
{
	(void)state;
	enum qpu_file f;
	unsigned a;
	for (int s = 0; s < QIR_SPECIAL_COUNT; s++) {
		if (qir_specials[s].readable)
			assert_true(qir_special_qpu_addr(s, false, &f, &a));
		if (qir_specials[s].writable)
			assert_true(qir_special_qpu_addr(s, true, &f, &a));
	}
	assert_true(qir_special_qpu_addr(QIR_SPECIAL_TLB_Z, true, &f, &a));
	assert_int_equal(a, 44);
	assert_true(qir_special_qpu_addr(QIR_SPECIAL_FRAG_X, false, &f, &a));
	assert_int_equal(f, QPU_FILE_A);
	assert_int_equal(a, 41);
	assert_true(qir_special_qpu_addr(QIR_SPECIAL_FRAG_Y, false, &f, &a));
	assert_int_equal(f, QPU_FILE_B);
	assert_int_equal(a, 41);
	assert_true(qir_special_qpu_addr(QIR_SPECIAL_VPM_WRITE_SETUP, true, &f, &a));
	assert_int_equal(f, QPU_FILE_B);
	assert_int_equal(a, 49);
	assert_false(qir_special_qpu_addr(QIR_SPECIAL_TLB_Z, false, &f, &a));
	assert_false(qir_special_qpu_addr(QIR_SPECIAL_COUNT, false, &f, &a));
}

static const char round_trip_text[] =
	"qir fs threaded\n"
	"uniform u0 user 3\n"
	"uniform u1 const 0x3f800000\n"
	"uniform u2 tex_p1 1\n"
	"block 0:\n"
	"\tfrag_w t9\n"
	"\tmov t0, frag_x\n"
	"\tfadd.zs.sf t2, t0.8a, u1\n"
	"\tmov t0, 0.5\n"
	"\tload_imm t1, 0x00000007\n"
	"\tload_imm_u2 t5, 0x00010002\n"
	"\tmov tlb_z, -3\n"
	"\tfmul t3.8888c, t1, 2.0\n"
	"\tmov t4.16a, v0\n"
	"\tbranch.all_zc b2\n"
	"block 1:\n"
	"\ttex_t t0, u2\n"
	"\tthrsw\n"
	"\ttex_result t6\n"
	"\trcp.never -, t6\n"
	"\tbranch b1\n"
	"block 2:\n"
	"\tvary_add_c t7, t4\n";

/* print(parse(text)) == text, and parsing the print again changes nothing. */
static void text_round_trip(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse(round_trip_text);
	qt_assert_text(c, round_trip_text);
	assert_int_equal(c->num_temps, 10);
	assert_true(c->fs_threaded);
	qir_compile_free(c);
}

static void expect_parse_error(const char *text, const char *msg)
{
	struct vc4_diag d = {0};
	assert_null(qir_parse(text, "x.qir", &d));
	assert_string_equal(d.msg, msg);
}

static void parse_errors(void **state)
{
	(void)state;
	expect_parse_error("", "x.qir: empty program (expected 'qir STAGE')");
	expect_parse_error("qir gs\n", "x.qir:1:5: unknown stage 'gs'");
	expect_parse_error("qir fs\nblock 0:\n\tfma t0, t1, t2\n", "x.qir:3:2: unknown op 'fma'");
	expect_parse_error("qir fs\nblock 0:\n\tfadd t0, t1, q2\n",
			   "x.qir:3:15: unknown operand 'q2'");
	expect_parse_error("qir fs\nblock 0:\n\tfadd.zz t0, t1, t2\n",
			   "x.qir:3:7: unknown suffix 'zz'");
	expect_parse_error("qir fs\nblock 0:\n\tfadd t0, t1.9z, t2\n",
			   "x.qir:3:14: unknown unpack '9z'");
	expect_parse_error("qir fs\nblock 0:\n\tfadd t0 t1, t2\n",
			   "x.qir:3:10: expected ',' at 't1, t2'");
	expect_parse_error("qir fs\nblock 0:\n\tfadd t0, t1, t2, t3\n",
			   "x.qir:3:17: unexpected ', t3'");
	expect_parse_error("qir fs\nblock 1:\n", "x.qir:2:7: expected the next block number, got '1'");
	expect_parse_error("qir fs\nuniform u1 user 0\n",
			   "x.qir:2:9: expected the next uniform number, got 'u1'");
	expect_parse_error("qir fs\nuniform u0 magic 0\n", "x.qir:2:12: unknown uniform kind 'magic'");
	expect_parse_error("qir fs\n\tmov t0, t1\n",
			   "x.qir:2:2: instruction before the first 'block', at 'mov'");
	expect_parse_error("qir fs\nblock 0:\n\tbranch b7\n",
			   "block 0: branch to block 7, which does not exist (1 blocks)");
}

/* The builder API produces the program the text describes. */
static void builder(void **state)
{
	(void)state;
	struct qir_compile *c = qir_compile_create(QIR_STAGE_FRAGMENT);
	assert_non_null(c);
	struct qir_reg u = qir_uniform(c, QIR_UNIFORM_USER, 2);
	struct qir_reg one = qir_uniform_f(c, 1.0f);
	assert_true(qir_reg_equal(qir_uniform(c, QIR_UNIFORM_USER, 2), u));
	struct qir_reg x = qir_FADD(c, u, one);
	qir_last_inst(c)->sf = true;
	struct qir_reg r = qir_RCP(c, x);
	struct qir_block *b1 = qir_block_append(c);
	qir_BRANCH(c, QPU_BR_ANY_ZS, b1);
	qir_set_block(c, b1);
	qir_emit(c, QIR_OP_MOV, qir_special(QIR_SPECIAL_TLB_COLOR), qir_FMUL(c, r, x), qir_null());
	struct qir_reg k = qir_LOAD_IMM(c, 0x12345678);
	qir_emit(c, QIR_OP_TEX_S, qir_null(), k, qir_uniform(c, QIR_UNIFORM_TEX_P0, 0));
	qt_assert_valid(c);
	qt_assert_text(c,
		"qir fs\n"
		"uniform u0 user 2\n"
		"uniform u1 const 0x3f800000\n"
		"uniform u2 tex_p0 0\n"
		"block 0:\n"
		"\tfadd.sf t0, u0, u1\n"
		"\trcp t1, t0\n"
		"\tbranch.any_zs b1\n"
		"block 1:\n"
		"\tfmul t2, t1, t0\n"
		"\tmov tlb_color, t2\n"
		"\tload_imm t3, 0x12345678\n"
		"\ttex_s t3, u2\n");
	struct qir_uniform_stream s;
	assert_true(qir_uniform_stream(c, &s));
	assert_int_equal(s.entries.len, 2);
	assert_int_equal(s.entries.data[0].kind, QIR_UNIFORM_USER);
	assert_int_equal(s.entries.data[0].data, 2);
	assert_int_equal(s.entries.data[1].kind, QIR_UNIFORM_TEX_P0);
	qir_uniform_stream_free(&s);
	qir_compile_free(c);
}

/* if/else: succ and preds derived from block order and branches. */
static void cfg_if_else(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse(
		"qir fs\n"
		"block 0:\n"
		"\tbranch.all_zc b2\n"
		"block 1:\n"
		"\tbranch b3\n"
		"block 2:\n"
		"block 3:\n");
	uint32_t succ[4][2] = { { 1, 2 }, { QIR_NONE, 3 }, { 3, QIR_NONE }, { QIR_NONE, QIR_NONE } };
	for (int i = 0; i < 4; i++) {
		assert_int_equal(c->blocks.data[i]->succ[0], succ[i][0]);
		assert_int_equal(c->blocks.data[i]->succ[1], succ[i][1]);
	}
	const struct qir_block *b3 = c->blocks.data[3];
	assert_int_equal(b3->preds.len, 2);
	assert_int_equal(b3->preds.data[0], 1);
	assert_int_equal(b3->preds.data[1], 2);
	assert_int_equal(c->blocks.data[0]->preds.len, 0);
	qir_compile_free(c);
}

/* A random CFG of n blocks: each block may end in a conditional or an
 * unconditional branch to any block (forwards or backwards). */
static struct qir_compile *random_cfg(uint32_t n, uint32_t *seed)
{
	struct qir_compile *c = qir_compile_create(QIR_STAGE_FRAGMENT);
	for (uint32_t i = 1; i < n; i++)
		qir_block_append(c);
	for (uint32_t i = 0; i < n; i++) {
		*seed = *seed * 1103515245u + 12345u;
		uint32_t r = *seed >> 8;
		qir_set_block(c, c->blocks.data[i]);
		if (r % 3)
			qir_BRANCH(c, r % 3 == 1 ? QPU_BR_ALL_ZC : QPU_BR_ALWAYS,
				   c->blocks.data[(r / 3) % n]);
	}
	assert_true(qir_cfg_update(c, NULL));
	return c;
}

/* Blocks reachable from the entry without passing through `skip`. */
static void reach(const struct qir_compile *c, uint32_t skip, bool *seen)
{
	uint32_t stack[64], sp = 0;
	memset(seen, 0, c->blocks.len);
	if (skip == 0)
		return;
	seen[0] = true;
	stack[sp++] = 0;
	while (sp) {
		const struct qir_block *b = c->blocks.data[stack[--sp]];
		for (int k = 0; k < 2; k++) {
			uint32_t s = b->succ[k];
			if (s != QIR_NONE && s != skip && !seen[s])
				seen[s] = true, stack[sp++] = s;
		}
	}
}

/* d dominates b when b is reachable and not without d; the immediate
 * dominator is the strict dominator that all others dominate. */
static void dominators_random(void **state)
{
	(void)state;
	uint32_t seed = 7;
	for (int round = 0; round < 300; round++) {
		uint32_t n = 1 + round % 40;
		struct qir_compile *c = random_cfg(n, &seed);
		uint32_t *idom = qir_dominators(c);
		assert_non_null(idom);
		bool dom[40][40], all[40], without[40];
		reach(c, QIR_NONE, all);
		for (uint32_t d = 0; d < n; d++) {
			reach(c, d, without);
			for (uint32_t b = 0; b < n; b++)
				dom[d][b] = all[b] && (b == d || !without[b]);
		}
		assert_int_equal(idom[0], 0);
		for (uint32_t b = 1; b < n; b++) {
			uint32_t want = QIR_NONE;
			for (uint32_t d = 0; d < n && all[b]; d++) {
				bool closest = d != b && dom[d][b];
				for (uint32_t e = 0; e < n && closest; e++)
					closest = e == b || !dom[e][b] || dom[e][d];
				if (closest)
					want = d;
			}
			assert_int_equal(idom[b], want);
		}
		free(idom);
		qir_compile_free(c);
	}
}

/* 20 000 loops nested in each other: each loop header is dominated by the
 * previous one, and the dominators come quickly (the iterative algorithm
 * used before needed a round per nesting level). */
static void dominators_deep_loops(void **state)
{
	(void)state;
	enum { D = 20000 };
	struct qir_compile *c = qir_compile_create(QIR_STAGE_FRAGMENT);
	for (uint32_t i = 1; i <= 2 * D; i++)
		qir_block_append(c);
	/* blocks 1..D: loop headers; D+1..2D: the loop ends, innermost first,
	 * each branching back to its header */
	for (uint32_t k = 0; k < D; k++) {
		qir_set_block(c, c->blocks.data[D + 1 + k]);
		qir_BRANCH(c, QPU_BR_ANY_ZS, c->blocks.data[D - k]);
	}
	clock_t start = clock();
	uint32_t *idom = qir_dominators(c);
	double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
	assert_non_null(idom);
	for (uint32_t b = 1; b <= 2 * D; b++)
		assert_int_equal(idom[b], b - 1);
	if (seconds > 5)
		fail_msg("dominators of %u nested loops took %.1f s", D, seconds);
	free(idom);
	qir_compile_free(c);
}

/* Whether `name` appears in backquotes in the text. */
static bool doc_names(const char *doc, const char *name)
{
	char quoted[64];
	snprintf(quoted, sizeof(quoted), "`%s`", name);
	return strstr(doc, quoted) != NULL;
}

/* docs/qir.md describes every op, special register and uniform kind. */
static void docs_cover_tables(void **state)
{
	(void)state;
	size_t size;
	struct vc4_diag d = {0};
	char *doc = vc4_read_file(QIR_DOC, &size, &d);
	if (!doc)
		fail_msg("%s", d.msg);
	char *text = malloc(size + 1);
	memcpy(text, doc, size);
	text[size] = '\0';
	for (int op = 0; op < QIR_OP_COUNT; op++)
		if (!doc_names(text, qir_ops[op].name))
			fail_msg("docs/qir.md does not mention op `%s`", qir_ops[op].name);
	for (int s = 0; s < QIR_SPECIAL_COUNT; s++)
		if (!doc_names(text, qir_specials[s].name))
			fail_msg("docs/qir.md does not mention `%s`", qir_specials[s].name);
	for (int k = 0; k < QIR_UNIFORM_KIND_COUNT; k++)
		if (!doc_names(text, qir_uniform_kinds[k].name))
			fail_msg("docs/qir.md does not mention `%s`", qir_uniform_kinds[k].name);
	free(text);
	free(doc);
}

/* The pool index finds entries however they were added, and stays exact
 * as it grows. */
static void uniform_pool(void **state)
{
	(void)state;
	struct qir_compile *c = qt_parse("qir vs\nuniform u0 user 7\nblock 0:\n");
	assert_int_equal(qir_uniform(c, QIR_UNIFORM_USER, 7).index, 0);
	for (uint32_t i = 0; i < 1000; i++) {
		struct qir_reg u = qir_uniform(c, QIR_UNIFORM_CONST, i * 7919);
		assert_int_equal(u.file, QIR_FILE_UNIF);
		assert_int_equal(u.index, i + 1);
	}
	for (uint32_t i = 0; i < 1000; i++)
		assert_int_equal(qir_uniform(c, QIR_UNIFORM_CONST, i * 7919).index, i + 1);
	assert_int_equal(qir_uniform(c, QIR_UNIFORM_TEX_P0, 0).index, 1001);
	assert_int_equal(c->uniforms.len, 1002);
	qir_compile_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(op_table_is_consistent),
		cmocka_unit_test(specials_resolve),
		cmocka_unit_test(text_round_trip),
		cmocka_unit_test(parse_errors),
		cmocka_unit_test(builder),
		cmocka_unit_test(cfg_if_else),
		cmocka_unit_test(dominators_random),
		cmocka_unit_test(dominators_deep_loops),
		cmocka_unit_test(docs_cover_tables),
		cmocka_unit_test(uniform_pool),
	};
	return cmocka_run_group_tests_name("qir_core", tests, NULL, NULL);
}
