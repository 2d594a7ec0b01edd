/*
 * shaderdb_exec.h: executed fragment-shader instructions of one corpus pair,
 * measured on the simulator through the public API with the draw of Mesa's
 * harness (conformance/shaderdb.c): a 32x32 RGBA8 target, one triangle
 * covering it, every attribute from the triangle's rows, 0.5 in float
 * uniforms, identity matrices, 1 in ints and bools, a 4x4 linear RGBA8
 * texture (or cube map) per sampler, depth test or blending where the
 * .frag asks.
 */
#ifndef VC4_BENCH_SHADERDB_EXEC_H
#define VC4_BENCH_SHADERDB_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct shaderdb_exec {
	uint64_t fs_instructions;   /* QPU instructions the FS executed in the draw */
	uint64_t quads;             /* 2x2 quads shaded (four make a 16-pixel group) */
};

/* Draws the pair (GLSL sources) once on a new simulator context and counts
 * what its fragment shader executed. False with a reason in err (size
 * bytes) when the pair cannot be drawn or the draw fails. */
bool shaderdb_execute(const char *vsrc, const char *fsrc, bool depth, bool blend,
		      struct shaderdb_exec *out, char *err, size_t size);

/* Executed instructions per 16-pixel group, 0 when nothing was shaded. */
static inline double shaderdb_per_group(const struct shaderdb_exec *e)
{
	return e->quads ? (double)e->fs_instructions * 4.0 / (double)e->quads : 0.0;
}

#endif
