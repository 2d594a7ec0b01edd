/*
 * vc4_check_samples.h: the kernel's view of a program's TMU lookups held
 * against the uniform stream the compiler emitted for them.
 *
 * The kernel relocates the uniform words it takes for texture configs (P0)
 * and direct-read bases by what its validator recorded for each lookup. A
 * lookup it records differently from what the compiler meant would be
 * relocated wrongly or rejected at submit: Linux's validator, for one,
 * keeps a TMU's is_direct once set, so a texture lookup after a direct read
 * on the same unit counts as direct (docs/lowering.md, "Direct reads on
 * TMU1"). The compile driver runs this after the kernel's rules.
 */
#ifndef VC4_COMPILER_VC4_CHECK_SAMPLES_H
#define VC4_COMPILER_VC4_CHECK_SAMPLES_H

#include <stdbool.h>

#include "qir/qir.h"
#include "qpu/check/qpu_kernel.h"
#include "util/diag.h"

/* Each lookup in `info` (the kernel validator's record of the `stage`
 * shader) must find its first word in `stream` of the kind the compiler
 * emits for it: tex_p0 for a texture lookup, ubo_addr for a direct read.
 * False with "compiler bug: ..." naming the lookup, the uniform and both
 * kinds otherwise. */
bool vc4_check_samples(const struct qir_uniform_stream *stream,
		       const struct qpu_kernel_info *info, const char *stage,
		       struct vc4_diag *diag);

#endif
