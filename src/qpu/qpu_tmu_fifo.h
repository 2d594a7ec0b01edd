/*
 * qpu_tmu_fifo.h: the order the TMU's FIFO imposes on a block's direct
 * reads (one request write, then one result load each), shared by the two
 * schedulers (qir_sched.c over QIR instructions, qpu_schedule.c over QPU
 * nodes). Requests go in order, results go in order, the k-th result after
 * the k-th request, and the k-th request after result k -
 * QPU_TMU_FIFO_RESULTS, whose slot in the result FIFO it takes. Each
 * scheduler asks for an access's FIFO predecessors here and gives the
 * edges its own latencies.
 */
#ifndef VC4_QPU_TMU_FIFO_H
#define VC4_QPU_TMU_FIFO_H

#include <stdbool.h>
#include <stdint.h>

#include "qpu/qpu_isa.h"

/* A block's requests and results so far, by node index, in order; the
 * caller provides `sub` and `load` with room for every access. */
struct qpu_tmu_fifo {
	uint32_t nsub, nload;
	uint32_t *sub, *load;
};

/* Why an access waits for a FIFO predecessor. */
enum qpu_fifo_dep {
	QPU_FIFO_PREV_REQUEST,  /* a request after the request before it */
	QPU_FIFO_SLOT,          /* a request after the result whose slot it takes */
	QPU_FIFO_PREV_RESULT,   /* a result after the result before it */
	QPU_FIFO_REQUEST,       /* a result after its own request */
};

/* One FIFO predecessor of an access: its node and why. */
struct qpu_fifo_pred {
	uint32_t node;
	enum qpu_fifo_dep why;
};

/* Records `node` as the block's next request (`request`) or next result
 * and returns its FIFO predecessors in `pred` (0 to 2 of them, in the
 * order the schedulers add their edges). A result needs its request
 * recorded before it (the schedulers' tmu_fifo_block() checks that).
 * Out of line: only FIFO blocks call it, and the schedulers' DAG builders
 * stay as compact as before. */
unsigned qpu_tmu_fifo_add(struct qpu_tmu_fifo *f, uint32_t node, bool request,
			  struct qpu_fifo_pred pred[2]);

#endif
