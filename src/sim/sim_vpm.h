/*
 * sim_vpm.h (internal to src/sim): the QPU side of the VPM: generic block
 * reads and writes through vr_setup/vw_setup, and the DMA engines (VDR loads
 * memory into the VPM, VDW stores the VPM to memory). Formats: docs/sim.md.
 */
#ifndef VC4_SIM_VPM_H
#define VC4_SIM_VPM_H

#include "sim/sim_qpu.h"

/* A write to vr_setup (is_write false) or vw_setup. */
bool sim_vpm_setup(struct sim_qpu *q, bool is_write, uint32_t value, struct vc4_diag *diag);

/* Pops one vector of the current read setup into out. */
bool sim_vpm_read(struct sim_qpu *q, uint32_t out[16], struct vc4_diag *diag);

/* Writes one vector through the current write setup. */
bool sim_vpm_write(struct sim_qpu *q, const uint32_t val[16], struct vc4_diag *diag);

/* Starts (and completes) a DMA: VDR load (is_store false) or VDW store at
 * memory address `addr`. */
bool sim_vpm_dma(struct sim_qpu *q, bool is_store, uint32_t addr, struct vc4_diag *diag);

/* "outside memory [0x0, 0x800)" text for errors. */
void sim_mem_range_text(const struct sim_memory *mem, char *buf, unsigned size);

#endif
