/*
 * vc4_replay.h: replaying a loaded capture (dev/vc4_capture.h) on any
 * backend: new BOs with the captured contents, the captured SUBMIT_CL with
 * the new handles, a wait and a look for a hang, and optionally one BO read
 * back after the job (vc4-replay --png). docs/capture.md.
 */
#ifndef VC4_JOB_VC4_REPLAY_H
#define VC4_JOB_VC4_REPLAY_H

#include <stdint.h>

#include "dev/vc4_capture.h"

enum vc4_replay_result {
	VC4_REPLAY_ACCEPTED = 0,
	VC4_REPLAY_REJECTED = 1,
	VC4_REPLAY_HUNG = 2,     /* accepted, completed, but the GPU hung on it */
};

/* Recreates the BOs (shader BOs through CREATE_SHADER_BO), submits with the
 * new handles and waits. REJECTED with the kernel's reason in `verdict`;
 * HUNG with the hang's reason (vc4_dev_check_hang) in `verdict`. */
enum vc4_replay_result vc4_capture_replay(struct vc4_dev *dev, const struct vc4_capture *cap,
					  struct vc4_diag *verdict);

/* What to read back after a replayed job: set `index` (a bo_handles index)
 * and zero the rest. */
struct vc4_replay_readback {
	uint32_t index;
	uint8_t *data;          /* malloc'ed copy of the BO after the job, or NULL */
	uint32_t size;          /* its size in bytes */
	struct vc4_diag diag;   /* why data is NULL after an accepted job */
};

/* vc4_capture_replay; when the job is accepted and rb->index names a BO
 * that was recreated, also copies that BO's contents after the wait into
 * rb->data (the caller frees it). rb may be NULL. */
enum vc4_replay_result vc4_capture_replay_read(struct vc4_dev *dev, const struct vc4_capture *cap,
					       struct vc4_replay_readback *rb,
					       struct vc4_diag *verdict);

#endif
