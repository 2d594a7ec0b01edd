/*
 * cl_example.h: the CLs of one realistic draw and of one small frame, built
 * with the CL builder. The tests compare them with reviewed bytes and decoder
 * output (tests/cl/), and the README's main job prints them with vc4-cldump.
 */
#ifndef VC4_CL_CL_EXAMPLE_H
#define VC4_CL_CL_EXAMPLE_H

#include <stdbool.h>

#include "cl/cl.h"

/* The BOs one draw references; the builder only compares the pointers. */
struct cl_example_bos {
	struct vc4_bo *fs, *vs, *cs; /* shader code, each at offset 0 */
	struct vc4_bo *vbo;          /* two interleaved attributes, stride 20 */
	struct vc4_bo *tex;          /* the fragment shader's one texture */
	struct vc4_bo *ib;           /* 16-bit index buffer */
};

/* Fills an empty `job` with what a 640x480 indexed + array draw submits: the
 * bin CL (binning config, state packets, GL shader state, GEM handles,
 * indexed and array primitives, semaphore + flush), one shader record with
 * two attributes, and the FS/VS/CS uniform streams (FS samples `tex`).
 * BO indices: fs 0, vs 1, cs 2, vbo 3, tex 4, ib 5. False on a sticky error. */
bool cl_example_bin(struct cl_job *job, const struct cl_example_bos *bos);

/* Appends to `rcl` the rendering CL of a 128x64 frame (two 64x64 tiles) that
 * clears the colour, loads depth/stencil, runs each tile's bin list and stores: tile
 * rendering mode config, clear colors, tile coordinates, load/store general,
 * wait on semaphore, branch to sub-list, store resolved (+ EOF on the last).
 * Addresses are absolute (no BOs): colour buffer 0x00100000, depth/stencil
 * 0x00200000, tile lists 0x00300000 + 32 * tile. */
bool cl_example_render(struct vc4_cl *rcl);

#endif
