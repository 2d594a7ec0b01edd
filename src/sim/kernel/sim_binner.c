/*
 * sim_binner.c: the simulated kernel's binner memory (sim_validate.h,
 * docs/validation.md "Binner memory"): the 16 MiB binner BO, created on
 * the first slot taken and freed when no slot is held; taking and giving
 * back a job's slot; and the OUTOMEM handler that gives the running
 * pipeline a free slot as overflow memory. Making a slot free by running
 * queued jobs is the queue's (sim_kernel_make_bin_slot, sim_run.c).
 */
#include "sim_validate.h"

#include <stdlib.h>

/* Allocates the 16 MiB binner BO in the arena. */
static bool binner_create(struct sim_kernel *k, struct vc4_diag *diag)
{
	struct sim_binner *b = calloc(1, sizeof(*b));
	if (!b)
		return vc4_diag_set(diag, "Failed to allocate binner memory: out of host memory");
	if (!sim_arena_alloc(&k->arena, SIM_BIN_BO_SIZE, &b->paddr)) {
		free(b);
		return vc4_diag_set(diag, "Failed to allocate binner memory: no room for the "
				    "%u-byte binner BO (%u of %u arena bytes in use)",
				    SIM_BIN_BO_SIZE, k->arena.used, k->arena.total);
	}
	k->binner = b;
	return true;
}

bool sim_binner_full(const struct sim_kernel *k)
{
	return k->binner && k->binner->used == UINT32_MAX;
}

/* Gives job e the lowest free binner slot, creating the binner memory on
 * first use. False with the kernel's message in diag when every slot is held
 * by a queued job or the binner memory cannot be made. */
bool sim_binner_get_slot(struct sim_exec *e, struct vc4_diag *diag)
{
	struct sim_kernel *k = e->k;
	if (sim_binner_full(k))
		return vc4_diag_set(diag, "Failed to allocate binner memory: all %u bin slots "
				    "are held by queued jobs", SIM_BIN_SLOTS);
	if (!k->binner && !binner_create(k, diag))
		return false;
	uint32_t slot = 0;
	while (k->binner->used & (1u << slot))
		slot++;
	k->binner->used |= 1u << slot;
	e->bin_slot = (int)slot;
	return true;
}

/* Frees the binner BO once no slot is held. */
static void binner_release_if_unused(struct sim_kernel *k)
{
	if (k->binner && k->binner->used == 0) {
		sim_arena_free(&k->arena, k->binner->paddr, SIM_BIN_BO_SIZE);
		free(k->binner);
		k->binner = NULL;
	}
}

void sim_binner_put_slot(struct sim_exec *e)
{
	struct sim_kernel *k = e->k;
	if ((e->bin_slot < 0 && e->overflow_slots == 0) || !k->binner)
		return;
	if (e->bin_slot >= 0)
		k->binner->used &= ~(1u << e->bin_slot);
	k->binner->used &= ~e->overflow_slots;
	e->bin_slot = -1;
	e->overflow_slots = 0;
	binner_release_if_unused(k);
}

void sim_binner_fini(struct sim_kernel *k)
{
	if (!k->binner)
		return;
	k->binner->used &= ~k->binner->overflow;
	k->binner->overflow = 0;
	binner_release_if_unused(k);
}

bool sim_binner_outomem(struct sim_pipe *p, void *ctx, struct vc4_diag *diag)
{
	struct sim_exec *e = ctx;
	struct sim_binner *b = e->k->binner;
	if (!b || b->used == UINT32_MAX)
		return vc4_diag_set(diag, "binner out of memory: no free binner slot for "
				    "overflow");
	uint32_t slot = 0;
	while (b->used & (1u << slot))
		slot++;
	b->used |= 1u << slot;
	e->overflow_slots |= b->overflow;
	b->overflow = 1u << slot;
	sim_pipe_set_overflow(p, b->paddr + slot * SIM_BIN_SLOT_SIZE, SIM_BIN_SLOT_SIZE);
	return true;
}
