/*
 * qpu_vpm.h: the VPM's generic block access setup, the word a program
 * writes to vr_setup or vw_setup for reads and writes of VPM vectors (not
 * the DMA setups): its fields, described once. The compiler builds and
 * edits read setups with these; the simulator decodes them (sim_vpm.c).
 * Reference Guide, "VPM generic block read/write setup format"; docs/sim.md
 * "VPM".
 */
#ifndef VC4_QPU_VPM_H
#define VC4_QPU_VPM_H

#include <stdint.h>

#define QPU_VPM_ADDR_SHIFT   0   /* 8 bits: the first row (vector) */
#define QPU_VPM_ADDR_BITS    8
#define QPU_VPM_SIZE_SHIFT   8   /* 2 bits: 0 8-bit, 1 16-bit, 2 32-bit */
#define QPU_VPM_SIZE_BITS    2
#define QPU_VPM_LANED_SHIFT  10  /* 1 bit: laned (else packed) */
#define QPU_VPM_HORIZ_SHIFT  11  /* 1 bit: horizontal (else vertical) */
#define QPU_VPM_STRIDE_SHIFT 12  /* 6 bits: address step per vector, 0 = 64 */
#define QPU_VPM_STRIDE_BITS  6
#define QPU_VPM_NUM_SHIFT    20  /* 4 bits, read setups: vectors to read, 0 = 16 */
#define QPU_VPM_NUM_BITS     4
#define QPU_VPM_MAX_READS    16  /* vectors one read setup can deliver */

/* Field `bits` wide at `shift` of setup word v. */
static inline uint32_t qpu_vpm_field(uint32_t v, unsigned shift, unsigned bits)
{
	return (v >> shift) & ((1u << bits) - 1);
}

/* A horizontal 32-bit setup of stride 1 from row `first`: a read setup of
 * `count` (1..16) vectors (what a shader reads its attributes with), or
 * with count 0 a write setup (writes have no count). */
static inline uint32_t qpu_vpm_setup_h32(uint32_t first, uint32_t count)
{
	return first << QPU_VPM_ADDR_SHIFT | 2u << QPU_VPM_SIZE_SHIFT |
	       1u << QPU_VPM_HORIZ_SHIFT | 1u << QPU_VPM_STRIDE_SHIFT |
	       (count & ((1u << QPU_VPM_NUM_BITS) - 1)) << QPU_VPM_NUM_SHIFT;
}

/* Read setup v with its first row set to `first`. */
static inline uint32_t qpu_vpm_with_addr(uint32_t v, uint32_t first)
{
	uint32_t m = ((1u << QPU_VPM_ADDR_BITS) - 1) << QPU_VPM_ADDR_SHIFT;
	return (v & ~m) | (first << QPU_VPM_ADDR_SHIFT & m);
}

/* Read setup v with its count of vectors set to `count` (1..16). */
static inline uint32_t qpu_vpm_with_count(uint32_t v, uint32_t count)
{
	uint32_t m = ((1u << QPU_VPM_NUM_BITS) - 1) << QPU_VPM_NUM_SHIFT;
	return (v & ~m) | (count << QPU_VPM_NUM_SHIFT & m);
}

/* The vectors read setup v delivers (1..16). */
static inline uint32_t qpu_vpm_count(uint32_t v)
{
	uint32_t n = qpu_vpm_field(v, QPU_VPM_NUM_SHIFT, QPU_VPM_NUM_BITS);
	return n ? n : QPU_VPM_MAX_READS;
}

#endif
