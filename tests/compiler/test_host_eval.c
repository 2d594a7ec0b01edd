/* test_host_eval.c: the host program's evaluator (compiler/vc4_host_eval.h)
 * against the QPU interpreter running the same op: every op the host may
 * run (qir_host_op_ok), on edge values (zeros of both signs, denormals,
 * infinities, NaNs, the largest and smallest normals, integers), gives the
 * same bits as the instruction the compiler would emit, reading its
 * operands from the uniform stream; chains of ops and HOST entries; the
 * errors (an op that cannot run on the host, a forward reference). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../sim/sim_test.h"
#include "compiler/vc4_host_eval.h"
#include "qir/qir_host.h"

static const uint32_t edges[] = {
	0x00000000, 0x80000000, 0x3f800000, 0xbfc00000, 0x00000001, 0x807fffff,
	0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000,
	0x7fc00000, 0x7f800001, 0xffc00001, 0x3eaaaaab, 0x4b000001, 0x501502f9,
	0x00000003, 0xfffffffb, 0x7fffffff, 0x0000001f, 0x00000020, 0xdeadbeef,
	0x40490fdb, 0xc2f00000, 0x3c23d70a, 0x00ff80ff,
};
#define NEDGES (sizeof(edges) / sizeof(edges[0]))

/* Runs `op a, b` as the QPU would (operands from the uniform stream into
 * r0 and r1, one-source ops reading r0 twice, SFU ops through r4) and
 * returns lane 0 of the result after checking every lane agrees. */
static uint32_t on_qpu(uint32_t op, uint32_t a, uint32_t b)
{
	const struct qir_op_info *info = &qir_ops[op];
	enum qpu_mux mb = info->nsrc < 2 ? QPU_MUX_R0 : QPU_MUX_R1;
	uint64_t w[12];
	unsigned n = 0;
	w[n++] = mov(W("r0"), QPU_MUX_A, QPU_R_UNIF);
	w[n++] = mov(W("r1"), QPU_MUX_A, QPU_R_UNIF);
	if (info->flags & QIR_OPF_SFU) {
		const char *reg = info->periph == QPU_REG_SFU_RECIP ? "sfu_recip" :
				  info->periph == QPU_REG_SFU_RECIPSQRT ? "sfu_recipsqrt" :
				  info->periph == QPU_REG_SFU_EXP ? "sfu_exp" : "sfu_log";
		w[n++] = mov(W(reg), QPU_MUX_R0, QPU_R_NOP);
		w[n++] = qpu_nop();
		w[n++] = qpu_nop();
		w[n++] = mov(W("r2"), QPU_MUX_R4, QPU_R_NOP);
	} else if (info->add_op != QPU_A_NOP) {
		w[n++] = qpu_alu_add((enum qpu_op_add)info->add_op, W("r2"), QPU_MUX_R0, mb,
				     QPU_R_NOP, QPU_R_NOP);
	} else {
		w[n++] = qpu_alu_mul((enum qpu_op_mul)info->mul_op, W("r2"), QPU_MUX_R0, mb,
				     QPU_R_NOP, QPU_R_NOP);
	}
	const uint64_t end[] = { THREND };
	for (unsigned i = 0; i < 3; i++)
		w[n++] = end[i];
	struct runner *r = runner_new();
	const uint32_t unif[2] = { a, b };
	if (run(r, w, n, unif, 2) != SIM_DONE)
		fail_msg("run failed: %s", r->diag.msg);
	uint32_t v = r->q.acc[2][0];
	assert_all(r->q.acc[2], v);
	runner_free(r);
	return v;
}

static void every_op_on_edges(void **state)
{
	(void)state;
	unsigned ops = 0;
	for (uint32_t op = 0; op < QIR_OP_COUNT; op++) {
		if (!qir_host_op_ok(op))
			continue;
		ops++;
		for (size_t i = 0; i < NEDGES; i++)
			for (size_t j = 0; j < NEDGES; j++) {
				uint32_t a = edges[i], b = edges[j];
				uint32_t want = on_qpu(op, a, b), got = vc4_host_op(op, a, b);
				if (got != want)
					fail_msg("%s 0x%08x, 0x%08x: host 0x%08x, QPU 0x%08x",
						 qir_ops[op].name, a, b, got, want);
				if (qir_ops[op].nsrc < 2)
					break;
			}
	}
	/* mov fmov mmov, 21 ADD-unit ops (min_noimm excluded), 2 either-unit,
	 * 5 MUL-unit ops, 4 SFU functions */
	assert_int_equal(ops, 35);
}

/* Entry values for the chain test: user word d is 2^d as a float. */
static uint32_t user_pow2(void *p, const struct qir_uniform *u)
{
	(void)p;
	return u->kind == QIR_UNIFORM_USER ? (127u + u->data) << 23 : u->data;
}

static void chain_and_entries(void **state)
{
	(void)state;
	/* normalize(x, y) for x = 2^3, y = 2^3 (with 1/sqrt from the SFU) */
	const struct qir_host_op ops[] = {
		{ QIR_OP_FMUL, { { QIR_UNIFORM_USER, 3 }, { QIR_UNIFORM_USER, 3 } } },
		{ QIR_OP_FADD, { { QIR_UNIFORM_HOST, 0 }, { QIR_UNIFORM_HOST, 0 } } },
		{ QIR_OP_RSQ, { { QIR_UNIFORM_HOST, 1 } } },
		{ QIR_OP_FMUL, { { QIR_UNIFORM_USER, 3 }, { QIR_UNIFORM_HOST, 2 } } },
		{ QIR_OP_SHL, { { QIR_UNIFORM_CONST, 3 }, { QIR_UNIFORM_CONST, 4 } } },
	};
	uint32_t out[5];
	assert_true(vc4_host_eval(ops, 5, user_pow2, NULL, out));
	assert_int_equal(out[0], 0x42800000);   /* 64 */
	assert_int_equal(out[1], 0x43000000);   /* 128 */
	assert_int_equal(out[2], vc4_host_op(QIR_OP_RSQ, 0x43000000, 0));
	assert_int_equal(out[3], vc4_host_op(QIR_OP_FMUL, 0x41000000, out[2]));
	assert_int_equal(out[4], 48);
	struct qir_uniform h = { QIR_UNIFORM_HOST, 3 }, u = { QIR_UNIFORM_USER, 1 };
	struct qir_uniform far = { QIR_UNIFORM_HOST, 5 };
	assert_int_equal(vc4_host_entry(&h, out, 5, user_pow2, NULL), out[3]);
	assert_int_equal(vc4_host_entry(&u, out, 5, user_pow2, NULL), 0x40000000);
	assert_int_equal(vc4_host_entry(&far, out, 5, user_pow2, NULL), 0);
	assert_int_equal(vc4_host_word(&h, out, 5), out[3]);
	assert_int_equal(vc4_host_word(&h, out, 3), 0);   /* index 3 of 3 results */
}

static void errors(void **state)
{
	(void)state;
	uint32_t out[2];
	const struct qir_host_op forward[] = {
		{ QIR_OP_FADD, { { QIR_UNIFORM_HOST, 1 }, { QIR_UNIFORM_CONST, 0 } } },
		{ QIR_OP_FADD, { { QIR_UNIFORM_CONST, 0 }, { QIR_UNIFORM_CONST, 0 } } },
	};
	assert_false(vc4_host_eval(forward, 2, user_pow2, NULL, out));
	const struct qir_host_op tex[] = {
		{ QIR_OP_TEX_S, { { QIR_UNIFORM_CONST, 0 }, { QIR_UNIFORM_CONST, 0 } } },
	};
	assert_false(vc4_host_eval(tex, 1, user_pow2, NULL, out));
	assert_int_equal(vc4_host_op(QIR_OP_VARY_ADD_C, 1, 2), 0);
	assert_true(vc4_host_eval(NULL, 0, user_pow2, NULL, out));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_op_on_edges),
		cmocka_unit_test(chain_and_entries),
		cmocka_unit_test(errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
