/*
 * qpu_kernel.h: the Linux kernel's shader acceptance rules (what
 * CREATE_SHADER_BO runs over a shader BO), and what it derives on acceptance.
 *
 * One implementation serves `vc4-check --kernel` and the simulated kernel's
 * CREATE_SHADER_BO, so both give the same verdict and the same message.
 */
#ifndef VC4_QPU_KERNEL_H
#define VC4_QPU_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

/* One texture lookup the kernel relocates in the uniform stream. */
struct qpu_kernel_texture_sample {
	bool is_direct;       /* a direct (general memory) read: P0 = base, P1 = clamp */
	int32_t p_offset[4];  /* byte offsets of P0..P3 in the uniform block, -1 if unused */
};

/* What the kernel records for an accepted shader BO. */
struct qpu_kernel_info {
	uint32_t uniforms_size;      /* bytes of uniform values the shader reads */
	uint32_t uniforms_src_size;  /* bytes the user supplies: uniforms + 4 * samples */
	uint32_t num_texture_samples;
	struct qpu_kernel_texture_sample *texture_samples;
	uint32_t num_uniform_addr_offsets;
	uint32_t *uniform_addr_offsets; /* uniform indices the kernel fills with addresses */
	bool is_threaded;
	uint32_t max_ip;             /* instructions validated (through PROG_END's delay slots) */
};

/* CREATE_SHADER_BO's size rule: the code must be a nonzero number of whole
 * 64-bit instructions. False with the kernel's reason ("shader size is 0",
 * "shader size 12 is not a multiple of 8"). */
bool qpu_kernel_check_size(uint64_t size, struct vc4_diag *diag);

/* Pads `size` bytes of shader code to a page with zeros as CREATE_SHADER_BO
 * does. Returns a new malloc'ed buffer of *padded_size bytes, or NULL. */
uint8_t *qpu_kernel_pad_to_page(const void *code, size_t size, size_t *padded_size);

/* Applies the kernel's rules to `count` little-endian instruction words (the
 * whole padded BO, as the kernel sees it). On ACCEPT returns true and fills
 * `info` (free with qpu_kernel_info_free); on REJECT returns false and `diag`
 * holds the kernel's reason, e.g. "ip 5: Unsupported QPU signal 0". */
bool qpu_kernel_validate(const uint64_t *insts, size_t count,
			 struct qpu_kernel_info *info, struct vc4_diag *diag);

/* Frees the arrays of `info` and zeroes it; NULL is allowed. */
void qpu_kernel_info_free(struct qpu_kernel_info *info);

#endif
