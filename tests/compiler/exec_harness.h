/*
 * exec_harness.h: runs compiled programs on the QPU interpreter the way the
 * hardware feeds them — attributes in the VPM (one row per attribute word,
 * one lane per vertex), varyings through the varying FIFO with the C
 * coefficient in r5 and W in ra15, the uniform stream built from the
 * program's uniform kinds (also placed in memory for uniform resets),
 * textures through the TMU hook, colour/Z through the TLB hook — and
 * compares with ir_interpret() lane by lane.
 */
#ifndef VC4_TESTS_COMPILER_EXEC_HARNESS_H
#define VC4_TESTS_COMPILER_EXEC_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/vc4_compile.h"

/* Tolerances (docs/compiler.md "Execution tests"). */
#define EXEC_REL_TOL 2e-3f   /* relative, on results of ordinary float math */
#define EXEC_ABS_TOL 2e-3f   /* absolute, near zero */
#define EXEC_BYTE_TOL 1      /* unorm8 colour bytes */

struct exec_case {
	uint64_t seed;           /* input values */
	/* the key compiled with (NULL: qir_shader_key_init's defaults). Modelled:
	 * attribute formats, point size, depth (Z of the depth output), colour
	 * mask and render-target format (the destination read from the tile
	 * buffer is random), threaded; not blending or logic ops */
	const struct qir_shader_key *key;
	char msg[512];           /* out: first mismatch, "" when all lanes agree */
	uint32_t compared;       /* out: values compared */
};

/* Runs a vertex shader's VS or CS program on 16 vertices with random
 * attributes (in c->key's formats) and uniforms; compares every output
 * word: VS Xs|Ys, Zs, 1/Wc, the point size (c->key->point_size) and the
 * varyings; CS the clip position and the same screen words. False with
 * c->msg on a mismatch or a run error. */
bool exec_vertex(const struct ir_shader *vs, const struct vc4_compiled_stage *prog,
		 struct exec_case *c);

/* Runs a VS program with no uniforms of its own on the VPM words `vpm_in`
 * (`words` of them: row i, lane l at [16 i + l]) and copies the whole VPM
 * afterwards (SIM_VPM_WORDS words) to vpm_out: the outputs, row by row
 * (Xs|Ys, Zs, 1/Wc, then the varyings). False + msg on a run error. */
bool exec_vertex_raw(const struct vc4_compiled_stage *prog, const uint32_t *vpm_in, size_t words,
		     uint32_t *vpm_out, char *msg, size_t msz);

/* Same for a fragment shader on 16 fragments with random varyings:
 * compares the packed colour bytes, which lanes wrote colour (a discarded
 * lane must not) and, with key->depth_enabled, the Z word. */
bool exec_fragment(const struct ir_shader *fs, const struct vc4_compiled_stage *prog,
		   struct exec_case *c);

#endif
