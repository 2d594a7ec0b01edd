/*
 * qpu_tmu_fifo.c: the FIFO predecessors of a block's direct reads
 * (qpu_tmu_fifo.h), for both schedulers.
 */
#include "qpu/qpu_tmu_fifo.h"

/* Requests in order and after the result whose slot they take; results in
 * order and after their own request. */
unsigned qpu_tmu_fifo_add(struct qpu_tmu_fifo *f, uint32_t node, bool request,
			  struct qpu_fifo_pred pred[2])
{
	unsigned n = 0;
	if (request) {
		uint32_t k = f->nsub;
		if (k)
			pred[n++] = (struct qpu_fifo_pred){ f->sub[k - 1], QPU_FIFO_PREV_REQUEST };
		if (k >= QPU_TMU_FIFO_RESULTS)
			pred[n++] = (struct qpu_fifo_pred){ f->load[k - QPU_TMU_FIFO_RESULTS],
							    QPU_FIFO_SLOT };
		f->sub[f->nsub++] = node;
		return n;
	}
	uint32_t k = f->nload;
	if (k)
		pred[n++] = (struct qpu_fifo_pred){ f->load[k - 1], QPU_FIFO_PREV_RESULT };
	pred[n++] = (struct qpu_fifo_pred){ f->sub[k], QPU_FIFO_REQUEST };
	f->load[f->nload++] = node;
	return n;
}

