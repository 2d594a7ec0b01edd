/*
 * vc4_host_eval.h: the driver's side of the host program (qir/qir_host.h):
 * evaluates its ops once per draw, bit-exactly as the QPU computes them,
 * with the simulator's description of the ALUs and the SFU (sim/sim_alu.h:
 * fmul truncating, the SFU's default 15-bit model). docs/compiler.md,
 * "Host uniforms".
 */
#ifndef VC4_COMPILER_VC4_HOST_EVAL_H
#define VC4_COMPILER_VC4_HOST_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "qir/qir.h"

/* The word of a uniform entry that is not HOST (user words, viewport, ...). */
typedef uint32_t (*vc4_host_value_fn)(void *user, const struct qir_uniform *u);

/* One op on the words a and b (b is ignored by one-source ops), as the QPU
 * computes it with every lane reading those words. */
uint32_t vc4_host_op(uint32_t op, uint32_t a, uint32_t b);

/* Evaluates ops[0..n) in order into out[0..n): a HOST source names an
 * earlier op's result, other sources come from value(user, entry). False
 * when an op cannot run on the host or names a later op (out is then
 * incomplete). */
bool vc4_host_eval(const struct qir_host_op *ops, size_t n, vc4_host_value_fn value,
		   void *user, uint32_t *out);

/* The word of HOST entry e: host[e->data] (the results of vc4_host_eval(),
 * nhost of them), 0 when out of range. The one place this rule lives; the
 * driver's uniform writer and vc4_host_entry() both read through it. */
static inline uint32_t vc4_host_word(const struct qir_uniform *e, const uint32_t *host,
				     size_t nhost)
{
	return e->data < nhost ? host[e->data] : 0;
}

/* The word of stream entry e: HOST entries by vc4_host_word(), the others
 * from value(). */
uint32_t vc4_host_entry(const struct qir_uniform *e, const uint32_t *host, size_t nhost,
			vc4_host_value_fn value, void *user);

#endif
