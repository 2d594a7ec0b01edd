/*
 * sim_memory.h: the GPU's view of memory in the simulator.
 *
 * One flat byte range [base, base + size) of GPU ("bus") addresses, backed by
 * host memory. Everything in the simulator that touches memory (QPU VPM DMA,
 * TMU, binner, tile buffer stores, the simulated kernel's BO arena) goes
 * through sim_memory_ptr(), so no access can fall outside it.
 */
#ifndef VC4_SIM_MEMORY_H
#define VC4_SIM_MEMORY_H

#include <stddef.h>
#include <stdint.h>

struct sim_memory {
	uint8_t *bytes; /* host copy of GPU address `base` */
	uint32_t base;  /* GPU address of bytes[0] */
	uint32_t size;  /* bytes */
};

/* Host pointer to `len` bytes at GPU address `addr`, or NULL when any byte of
 * the range is outside the memory. */
static inline void *sim_memory_ptr(const struct sim_memory *mem, uint32_t addr, uint32_t len)
{
	if (addr < mem->base)
		return NULL;
	uint32_t off = addr - mem->base;
	if (off > mem->size || len > mem->size - off)
		return NULL;
	return mem->bytes + off;
}

#endif
