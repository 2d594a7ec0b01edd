/*
 * vc4_capture.h: captured submissions (docs/capture.md): the submit.txt
 * text and loading a capture directory with file:line errors. Writing
 * captures is the dispatch point's (vc4_capture_write.c); replaying them is
 * src/job/vc4_replay.h.
 *
 * A capture is DIR/NNNN/ holding submit.txt (one `name value` line per
 * scalar field of struct drm_vc4_submit_cl, then `bo INDEX SIZE KIND` per
 * bo_handles entry), bin_cl.bin, shader_rec.bin, uniforms.bin, bo-INDEX.bin
 * and verdict.txt (the kernel's answer at capture time).
 */
#ifndef VC4_DEV_VC4_CAPTURE_H
#define VC4_DEV_VC4_CAPTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <vc4_drm.h>

#include "dev/vc4_dev.h"

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

#endif
