/*
 * vc4_host_eval.c: evaluation of the host program (vc4_host_eval.h): each
 * op goes to the simulator's ADD or MUL ALU (the unit qir_ops[] names, the
 * ADD one when both can run it) on a 16-lane vector of one value, or to its
 * SFU function, inside sim_fpu_enter()/sim_fpu_leave().
 */
#include "compiler/vc4_host_eval.h"
#include "qir/qir_host.h"
#include "sim/sim_alu.h"

/* One op inside the simulator's float environment. */
static uint32_t op_in_env(uint32_t op, uint32_t a, uint32_t b)
{
	const struct qir_op_info *info = &qir_ops[op];
	if (info->nsrc < 2)
		b = a;   /* one-source ops read their operand on both muxes */
	if (info->flags & QIR_OPF_SFU)
		return sim_sfu((enum sim_sfu_func)sim_sfu_func_of(info->periph),
			       SIM_SFU_15BIT, a);
	uint32_t va[SIM_LANES], vb[SIM_LANES], r[SIM_LANES];
	for (int l = 0; l < SIM_LANES; l++)
		va[l] = a, vb[l] = b;
	if (info->add_op != QPU_A_NOP)
		sim_alu_add((enum qpu_op_add)info->add_op, va, vb, r, NULL);
	else
		sim_alu_mul((enum qpu_op_mul)info->mul_op, SIM_FMUL_RTZ, va, vb, r, NULL);
	return r[0];
}

/* One op in its own float environment (vc4_host_eval.h). */
uint32_t vc4_host_op(uint32_t op, uint32_t a, uint32_t b)
{
	if (!qir_host_op_ok(op))
		return 0;
	struct sim_fpu_env env;
	sim_fpu_enter(&env);
	uint32_t r = op_in_env(op, a, b);
	sim_fpu_leave(&env);
	return r;
}

/* The whole host program in one float environment (vc4_host_eval.h). */
bool vc4_host_eval(const struct qir_host_op *ops, size_t n, vc4_host_value_fn value,
		   void *user, uint32_t *out)
{
	bool ok = true;
	struct sim_fpu_env env;
	sim_fpu_enter(&env);
	for (size_t i = 0; ok && i < n; i++) {
		uint32_t w[QIR_MAX_SRC] = { 0, 0 };
		ok = qir_host_op_ok(ops[i].op);
		for (unsigned s = 0; ok && s < qir_ops[ops[i].op].nsrc; s++) {
			const struct qir_uniform *u = &ops[i].src[s];
			if (u->kind == QIR_UNIFORM_HOST)
				ok = u->data < i && (w[s] = out[u->data], true);
			else
				w[s] = value(user, u);
		}
		if (ok)
			out[i] = op_in_env(ops[i].op, w[0], w[1]);
	}
	sim_fpu_leave(&env);
	return ok;
}

/* A stream entry's word (vc4_host_eval.h). */
uint32_t vc4_host_entry(const struct qir_uniform *e, const uint32_t *host, size_t nhost,
			vc4_host_value_fn value, void *user)
{
	if (e->kind == QIR_UNIFORM_HOST)
		return vc4_host_word(e, host, nhost);
	return value(user, e);
}
