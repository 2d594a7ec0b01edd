/*
 * qpu_emit.h: QIR (after register allocation) → QPU machine code:
 * instruction selection, the per-block list scheduler that pairs ADD and MUL
 * operations and hides SFU/TMU latency while obeying every hazard rule, and
 * the program end (thread end, delay slots, scoreboard unlock, branch
 * targets, last thread switch). docs/compiler.md describes the rules.
 *
 *   struct qpu_program p;
 *   if (!qpu_emit(c, &ra, &p, &diag)) ...;   p.words, p.uniforms, p.cycles
 *   qpu_program_free(&p);
 */
/* API-STABLE */
#ifndef VC4_CODEGEN_QPU_EMIT_H
#define VC4_CODEGEN_QPU_EMIT_H

#include <stdbool.h>
#include <stdint.h>

#include "qir/qir.h"
#include "util/array.h"
#include "util/diag.h"

struct qpu_program {
	VC4_ARRAY(uint64_t) words;          /* the instructions, in order */
	struct qir_uniform_stream uniforms; /* what the driver writes, in read order */
	uint32_t cycles;                    /* estimated cycles on a straight path */
	uint32_t pairs;                     /* instructions using both ALUs */
	bool threaded;                      /* contains thread switches */
};

/* Emits `c` (allocated by `ra`) as QPU code. False + diag on an operand the
 * hardware cannot express or out of memory ("qpu emit: block 2, inst 5: ..."). */
bool qpu_emit(const struct qir_compile *c, const struct qir_ra_result *ra,
	      struct qpu_program *out, struct vc4_diag *diag);

void qpu_program_free(struct qpu_program *p);

#endif
