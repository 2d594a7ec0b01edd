/*
 * vc4_capture.h: captured submissions (docs/capture.md): the submit.txt
 * text, loading a capture directory with file:line errors, and replaying it
 * (optionally reading one BO back after the job).
 *
 * A capture is DIR/NNNN/ holding submit.txt (one `name value` line per
 * scalar field of struct drm_vc4_submit_cl, then `bo INDEX SIZE KIND` per
 * bo_handles entry), bin_cl.bin, shader_rec.bin, uniforms.bin, bo-INDEX.bin
 * and verdict.txt (the kernel's answer at capture time).
 */
#ifndef VC4_BO_VC4_CAPTURE_H
#define VC4_BO_VC4_CAPTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <vc4_drm.h>

#include "bo/vc4_dev.h"

enum vc4_capture_bo_kind {
	VC4_CAPTURE_BO_PLAIN,   /* CREATE_BO; contents in bo-INDEX.bin */
	VC4_CAPTURE_BO_SHADER,  /* CREATE_SHADER_BO; code + zero padding */
	VC4_CAPTURE_BO_MISSING, /* the handle was no BO of the device: size 0, no file */
};

struct vc4_capture_bo {
	uint32_t size;
	enum vc4_capture_bo_kind kind;
	uint8_t *data; /* size bytes */
};

struct vc4_capture {
	struct drm_vc4_submit_cl args; /* scalar fields; the four pointers are 0 */
	uint8_t *bin_cl, *shader_rec, *uniforms;
	struct vc4_capture_bo *bos;    /* args.bo_handle_count entries */
};

/* submit.txt for `args` and its BOs, as a malloc'ed string (NULL when out of
 * memory). */
char *vc4_capture_format_submit(const struct drm_vc4_submit_cl *args,
			       const struct vc4_capture_bo *bos);

/* Reads capture directory `dir`. False with "PATH:LINE: what" or
 * "PATH: what" in diag; nothing to free then. */
bool vc4_capture_load(const char *dir, struct vc4_capture *cap, struct vc4_diag *diag);
void vc4_capture_free(struct vc4_capture *cap);

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
