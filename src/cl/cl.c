/* cl.c: growable control lists, relocation slots and the job's BO list (see cl.h). */
#include "cl.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static uint32_t cl_reloc_hook(void *user, const struct vc4_address *addr);
static void cl_range_error_hook(void *user, const char *packet, const char *field,
				const char *value);

void cl_init(struct vc4_cl *cl, const char *name, struct cl_job *job)
{
	memset(cl, 0, sizeof(*cl));
	cl->name = name;
	cl->job = job;
	cl->diag = job ? &job->diag : &cl->own_diag;
	cl->hooks.user = cl;
	cl->hooks.reloc = cl_reloc_hook;
	cl->hooks.range_error = cl_range_error_hook;
}

void cl_free(struct vc4_cl *cl)
{
	free(cl->data);
	cl->data = NULL;
	cl->len = cl->cap = 0;
}

bool cl_failed(const struct vc4_cl *cl)
{
	return cl->diag->set;
}

/* The CL's current end as a 32-bit offset for error texts. */
static uint32_t cl_here(const struct vc4_cl *cl)
{
	return (uint32_t)cl->len;
}

/* Makes room for `n` more bytes; records a sticky error when memory runs out. */
static bool cl_ensure(struct vc4_cl *cl, size_t n)
{
	if (vc4_array_reserve_raw((void **)&cl->data, cl->len, &cl->cap, n, 1))
		return true;
	return vc4_diag_set(cl->diag, "%s 0x%08" PRIx32 ": out of memory growing by %zu bytes",
			    cl->name, cl_here(cl), n);
}

/* Appends `n` bytes holding `v` little-endian (n <= 4). */
static void cl_le(struct vc4_cl *cl, uint32_t v, size_t n)
{
	if (!cl_ensure(cl, n))
		return;
	for (size_t i = 0; i < n; i++)
		cl->data[cl->len++] = (uint8_t)(v >> (8 * i));
}

void cl_u8(struct vc4_cl *cl, uint8_t v)
{
	cl_le(cl, v, 1);
}

void cl_u16(struct vc4_cl *cl, uint16_t v)
{
	cl_le(cl, v, 2);
}

void cl_u32(struct vc4_cl *cl, uint32_t v)
{
	cl_le(cl, v, 4);
}

void cl_f(struct vc4_cl *cl, float v)
{
	uint32_t bits;
	memcpy(&bits, &v, sizeof(bits));
	cl_le(cl, bits, 4);
}

/* Writes `v` little-endian over the u32 at byte `offset` (already inside the CL). */
static void cl_patch_u32(struct vc4_cl *cl, size_t offset, uint32_t v)
{
	assert(offset + 4 <= cl->len);
	for (size_t i = 0; i < 4; i++)
		cl->data[offset + i] = (uint8_t)(v >> (8 * i));
}

bool cl_reserve_relocs(struct vc4_cl *cl, uint32_t n)
{
	if (cl->reloc_left)
		return vc4_diag_set(cl->diag, "%s 0x%08" PRIx32 ": %" PRIu32
				    " relocation slots still unfilled", cl->name, cl_here(cl),
				    cl->reloc_left);
	size_t bytes = (size_t)n * 4;
	if (bytes / 4 != n || !cl_ensure(cl, bytes)) /* the product wraps on 32-bit hosts */
		return vc4_diag_set(cl->diag, "%s 0x%08" PRIx32 ": no room for %" PRIu32
				    " relocation slots", cl->name, cl_here(cl), n);
	cl->reloc_next = cl->len;
	cl->reloc_left = cl->reloc_reserved = n;
	for (uint32_t i = 0; i < n; i++)
		cl_u32(cl, UINT32_MAX);
	return true;
}

bool cl_end_relocs(struct vc4_cl *cl)
{
	if (cl->reloc_left == 0)
		return !cl_failed(cl);
	uint32_t filled = cl->reloc_reserved - cl->reloc_left;
	cl->reloc_left = 0;
	return vc4_diag_set(cl->diag, "%s 0x%08" PRIx32 ": %" PRIu32
			    " relocation slots reserved, %" PRIu32 " filled",
			    cl->name, cl_here(cl), cl->reloc_reserved, filled);
}

/* Fills the next reserved slot with the index of `bo`; false (with an error
 * recorded) when no slot is left or `bo` is not known to a job. */
static bool cl_fill_slot(struct vc4_cl *cl, struct vc4_bo *bo)
{
	if (cl->reloc_left == 0)
		return vc4_diag_set(cl->diag, "%s 0x%08" PRIx32
				    ": address of a BO with no relocation slot left",
				    cl->name, cl_here(cl));
	if (!cl->job || !bo)
		return vc4_diag_set(cl->diag, "%s 0x%08" PRIx32
				    ": a relocation needs a BO and a job", cl->name, cl_here(cl));
	uint32_t index = cl_job_bo_index(cl->job, bo);
	if (index == UINT32_MAX)
		return false;
	cl_patch_u32(cl, cl->reloc_next, index);
	cl->reloc_next += 4;
	cl->reloc_left--;
	return true;
}

void cl_reloc_u32(struct vc4_cl *cl, struct vc4_bo *bo, uint32_t offset)
{
	cl_fill_slot(cl, bo);
	cl_u32(cl, offset);
}

/* The pack hook for address fields: a field with a BO fills the next reserved
 * slot, except in the bin CL where the BO named by the last GEM_HANDLES (the
 * index buffer) needs none. A NULL BO takes no slot: its offset is packed as
 * an absolute value (fields the kernel fills in, such as uniforms addresses). */
static uint32_t cl_reloc_hook(void *user, const struct vc4_address *addr)
{
	struct vc4_cl *cl = user;
	if (addr->bo == NULL)
		return addr->offset;
	struct cl_job *job = cl->job;
	if (cl->reloc_left == 0 && job && cl == &job->bcl && job->index_bo_set &&
	    job->index_bo < job->bos.len && job->bos.data[job->index_bo] == addr->bo)
		return addr->offset;
	cl_fill_slot(cl, addr->bo);
	return addr->offset;
}

/* The pack hook for values that do not fit: one sticky error naming the
 * CL, offset, packet, field and value. */
static void cl_range_error_hook(void *user, const char *packet, const char *field,
				const char *value)
{
	struct vc4_cl *cl = user;
	vc4_diag_set(cl->diag, "%s 0x%08" PRIx32 ": %s: %s: value %s does not fit",
		     cl->name, cl_here(cl), packet, field, value);
}

uint8_t *cl_emit_begin(struct vc4_cl *cl, size_t length)
{
	assert(length <= CL_MAX_EMIT);
	cl->emit_failed = !cl_ensure(cl, length);
	if (cl->emit_failed)
		return cl->scratch;
	memset(cl->data + cl->len, 0, length);
	return cl->data + cl->len;
}

void cl_emit_end(struct vc4_cl *cl, size_t length, int pack_result)
{
	if (cl->emit_failed)
		return;
	if (pack_result < 0) {
		vc4_diag_set(cl->diag, "%s 0x%08" PRIx32 ": a value does not fit its field",
			     cl->name, cl_here(cl));
		return;
	}
	cl->len += length;
}

void cl_job_init(struct cl_job *job)
{
	memset(job, 0, sizeof(*job));
	cl_init(&job->bcl, "bin CL", job);
	cl_init(&job->shader_rec, "shader records", job);
	cl_init(&job->uniforms, "uniforms", job);
}

void cl_job_free(struct cl_job *job)
{
	cl_free(&job->bcl);
	cl_free(&job->shader_rec);
	cl_free(&job->uniforms);
	vc4_array_free(&job->bos);
}

bool cl_job_failed(const struct cl_job *job)
{
	return job->diag.set;
}

uint32_t cl_job_bo_index(struct cl_job *job, struct vc4_bo *bo)
{
	for (size_t i = 0; i < job->bos.len; i++) {
		if (job->bos.data[i] == bo)
			return (uint32_t)i;
	}
	if (job->bos.len >= UINT32_MAX - 1 || !vc4_array_push(&job->bos, bo)) {
		vc4_diag_set(&job->diag, "job: out of memory adding BO %zu", job->bos.len);
		return UINT32_MAX;
	}
	return (uint32_t)(job->bos.len - 1);
}

bool cl_job_begin_shader_record(struct cl_job *job, uint32_t nattr)
{
	if (!cl_reserve_relocs(&job->shader_rec, 3 + nattr))
		return false;
	job->shader_rec_count++;
	return true;
}

bool cl_job_begin_uniforms(struct cl_job *job, uint32_t ntex)
{
	return cl_reserve_relocs(&job->uniforms, ntex);
}

bool cl_job_set_index_bo(struct cl_job *job, struct vc4_bo *bo)
{
	uint32_t index = cl_job_bo_index(job, bo);
	if (index == UINT32_MAX)
		return false;
	if (job->index_bo_set && job->index_bo == index)
		return true;
	cl_emit(&job->bcl, GEM_HANDLES, p) {
		p.index_buffer_handle_index = index;
		p.unused_handle_index = 0;
	}
	job->index_bo = index;
	job->index_bo_set = true;
	return !cl_job_failed(job);
}
