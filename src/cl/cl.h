/*
 * cl.h: the control-list builder. Growable little-endian byte buffers (one
 * per stream the kernel takes: bin CL, shader records, uniforms), an emit
 * macro over the generated pack functions, and the job's BO list with the
 * out-of-band relocation model of DRM_IOCTL_VC4_SUBMIT_CL.
 *
 * Relocation model: an address field holds an offset inside a BO; the BO is
 * named by its index in the job's BO list, carried next to the data
 * (an address whose BO is NULL is absolute and takes no slot):
 *   - u32 indices before each shader record (FS, VS, CS, one per attribute),
 *   - u32 indices before each uniform stream (one per texture sample),
 *   - the GEM_HANDLES pseudo-packet in the bin CL (the index buffer).
 * The caller reserves the slots (cl_reserve_relocs), packs the record whose
 * address fields fill them in order, and closes them (cl_end_relocs).
 *
 * Errors are sticky: the first allocation failure, out-of-range field or
 * relocation mismatch is kept in the CL's diag (the job's, for a job's CLs);
 * later emits still keep offsets consistent where possible. Check it once with
 * cl_failed() / cl_job_failed() before submitting.
 *
 * Example (tests/cl/test_cl_builder.c compiles and runs this):
 *
 *	struct vc4_cl cl;
 *	cl_init(&cl, "bin CL", NULL);
 *	cl_emit(&cl, CLIP_WINDOW, p) {
 *		p.clip_window_left_pixel_coordinate = 0;
 *		p.clip_window_bottom_pixel_coordinate = 0;
 *		p.clip_window_width_in_pixels = 640;
 *		p.clip_window_height_in_pixels = 480;
 *	}
 *	if (cl_failed(&cl)) puts(cl.diag->msg);
 *	cl_free(&cl);
 */
#ifndef VC4_CL_CL_H
#define VC4_CL_CL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vc4_packets.h"
#include "util/array.h"
#include "util/diag.h"

struct cl_job;

/* Largest packet or record cl_emit can pack (bytes); checked at compile time. */
#define CL_MAX_EMIT 64

struct vc4_cl {
	const char *name;       /* "bin CL", "shader records", ... for errors */
	uint8_t *data;
	size_t len, cap;
	struct cl_job *job;     /* owner of the BO list, or NULL */
	struct vc4_diag *diag;  /* the sticky error: own_diag or the job's */
	struct vc4_diag own_diag;
	struct vc4_pack_hooks hooks;
	size_t reloc_next;      /* byte offset of the next reserved slot */
	uint32_t reloc_left;    /* reserved slots not yet filled */
	uint32_t reloc_reserved;
	bool emit_failed;       /* the current cl_emit had no room */
	uint8_t scratch[CL_MAX_EMIT]; /* packed into when out of memory */
};

struct cl_job {
	struct vc4_cl bcl;         /* binning control list */
	struct vc4_cl shader_rec;  /* handle indices + shader/attribute records */
	struct vc4_cl uniforms;    /* texture handle indices + uniform words */
	VC4_ARRAY(struct vc4_bo *) bos; /* index i = bo_handles[i] */
	uint32_t shader_rec_count; /* records started (SUBMIT_CL shader_rec_count) */
	uint32_t index_bo;         /* BO index named by the last GEM_HANDLES */
	bool index_bo_set;
	struct vc4_diag diag;      /* sticky error of the job and its three CLs */
};

/* --- buffers --- */

/* Starts an empty CL. `name` (static) prefixes its error texts; with a job,
 * errors go to the job's diag and address fields name the job's BOs.
 * A CL (and a job) points to itself: initialise it in place, never copy it. */
void cl_init(struct vc4_cl *cl, const char *name, struct cl_job *job);
void cl_free(struct vc4_cl *cl);
/* True once any error has been recorded on the CL (or its job). */
bool cl_failed(const struct vc4_cl *cl);
static inline size_t cl_offset(const struct vc4_cl *cl) { return cl->len; }

/* Appends raw little-endian values (any host byte order). */
void cl_u8(struct vc4_cl *cl, uint8_t v);
void cl_u16(struct vc4_cl *cl, uint16_t v);
void cl_u32(struct vc4_cl *cl, uint32_t v);
void cl_f(struct vc4_cl *cl, float v);

/* --- relocations --- */

/* Reserves `n` u32 BO-index slots at the end of `cl`; the next `n` address
 * fields packed into it (or cl_reloc_u32 calls) fill them in order. */
bool cl_reserve_relocs(struct vc4_cl *cl, uint32_t n);
/* Closes a reservation: records an error unless every slot was filled. */
bool cl_end_relocs(struct vc4_cl *cl);
/* Fills the next reserved slot with `bo`'s index and appends `offset` as a
 * u32 (a raw address word, e.g. a texture's P0 base). */
void cl_reloc_u32(struct vc4_cl *cl, struct vc4_bo *bo, uint32_t offset);

/* --- emitting generated packets and records --- */

/* Space for one packed packet at the end of `cl` (not yet counted), or the
 * scratch area if memory ran out. Used by cl_emit. */
uint8_t *cl_emit_begin(struct vc4_cl *cl, size_t length);
/* Counts the packet packed by cl_emit_begin's pointer unless packing failed
 * (`pack_result` < 0: the range_error hook already recorded why). */
void cl_emit_end(struct vc4_cl *cl, size_t length, int pack_result);

#define CL_EMIT_CHECKED_LENGTH(L) \
	((L) + 0 * sizeof(char[(L) <= CL_MAX_EMIT ? 1 : -1]))

/* Packs one packet or record PKT (VC4_<PKT> in vc4_packets.h) at the end of
 * `cl`. The body assigns fields of `name`, a struct VC4_<PKT> initialised
 * with the packet's header (opcode and defaults); packing happens after the
 * body. The body runs exactly once; do not `break` out of it. `cl` is
 * evaluated several times: pass a plain pointer. */
#define cl_emit(cl, PKT, name)                                                 \
	for (struct VC4_##PKT name = { VC4_##PKT##_header },                  \
	     *cl_emit_once_##name = &name;                                    \
	     cl_emit_once_##name != NULL;                                     \
	     cl_emit_once_##name = NULL,                                      \
	     cl_emit_end((cl), VC4_##PKT##_length,                            \
			 VC4_##PKT##_pack(&(cl)->hooks,                       \
					  cl_emit_begin((cl),                 \
						CL_EMIT_CHECKED_LENGTH(VC4_##PKT##_length)), \
					  &name)))

/* The same for a record (a <struct> of the XML: shader and attribute
 * records, texture config words), which has no header: `name` starts zeroed. */
#define cl_emit_record(cl, STRUCT, name)                                      \
	for (struct VC4_##STRUCT name = { 0 },                                 \
	     *cl_emit_once_##name = &name;                                    \
	     cl_emit_once_##name != NULL;                                     \
	     cl_emit_once_##name = NULL,                                      \
	     cl_emit_end((cl), VC4_##STRUCT##_length,                         \
			 VC4_##STRUCT##_pack(&(cl)->hooks,                    \
					     cl_emit_begin((cl),              \
						CL_EMIT_CHECKED_LENGTH(VC4_##STRUCT##_length)), \
					     &name)))

/* --- jobs --- */

void cl_job_init(struct cl_job *job);
void cl_job_free(struct cl_job *job);
bool cl_job_failed(const struct cl_job *job);

/* The index of `bo` in the job's BO list, adding it the first time it is
 * seen (one index per distinct pointer). UINT32_MAX when out of memory. */
uint32_t cl_job_bo_index(struct cl_job *job, struct vc4_bo *bo);

/* Starts a GL shader record with `nattr` attributes: reserves 3 + nattr
 * slots in the shader-record CL and counts the record. Pack the Shader
 * Record then nattr Attribute Records, then call cl_end_relocs. */
bool cl_job_begin_shader_record(struct cl_job *job, uint32_t nattr);

/* Starts one shader's uniform stream with `ntex` texture samples: reserves
 * ntex slots in the uniforms CL (filled by cl_reloc_u32 for each P0). */
bool cl_job_begin_uniforms(struct cl_job *job, uint32_t ntex);

/* Makes `bo` the index buffer of following indexed primitives: emits a
 * GEM_HANDLES packet into the bin CL unless it already names that BO. */
bool cl_job_set_index_bo(struct cl_job *job, struct vc4_bo *bo);

#endif
