/*
 * vc4_qir_sched.h: the pre-allocation instruction order. The QPU scheduler
 * runs after register allocation, where every reuse of a register is a
 * dependency; so before allocation each block is reordered by critical path
 * (SFU and TMU latencies included), keeping every ordering the hardware
 * needs (temps, flags, r5 after a varying read, the VPM, varying, TMU and
 * TLB FIFOs, uniform resets, thread switches, the branch at the end).
 * The driver falls back to the original order when allocation then fails.
 */
#ifndef VC4_COMPILER_VC4_QIR_SCHED_H
#define VC4_COMPILER_VC4_QIR_SCHED_H

#include "qir/qir.h"

/* Reorders every block of c; false (c->oom) when out of memory. */
bool vc4_qir_schedule(struct qir_compile *c);

#endif
