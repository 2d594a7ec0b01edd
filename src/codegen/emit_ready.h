/*
 * emit_ready.h: the list scheduler's ready list (qpu_schedule.c). Nodes
 * join at the end of an arrival array and leave by swap-remove (the last
 * node takes the leaving one's slot); beside it `order` keeps the same
 * nodes sorted by key, the larger first, then by slot, the lower first.
 * A scan of `order` that stops at its first fit makes the choice a scan
 * of the arrival array in slot order keeping the first strictly better
 * key would make, without looking at the rest.
 */
#ifndef VC4_CODEGEN_EMIT_READY_H
#define VC4_CODEGEN_EMIT_READY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/array.h"

struct emit_ready {
	uint32_t *key;               /* per node: its priority key (set by the caller) */
	uint32_t *slot;              /* per node: its index in `arrival` while ready */
	uint64_t *rank;              /* per node while ready: key above the
				      * slot's complement (the larger first) */
	VC4_ARRAY(uint32_t) arrival; /* the ready nodes by slot */
	VC4_ARRAY(uint32_t) order;   /* the ready nodes, the best last: key up,
				      * then slot down */
};

/* Room for `count` nodes, none ready (the caller sets the keys before it
 * pushes any); false when out of memory. */
bool emit_ready_init(struct emit_ready *r, uint32_t count);
void emit_ready_free(struct emit_ready *r);

/* Node i becomes ready in the next slot; false when out of memory. */
bool emit_ready_push(struct emit_ready *r, uint32_t i);

/* The ready node at index `at` of `order` leaves; the node in the last
 * slot takes its slot. */
void emit_ready_remove(struct emit_ready *r, size_t at);

#endif
