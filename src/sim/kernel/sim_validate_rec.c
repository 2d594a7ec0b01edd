/*
 * sim_validate_rec.c: shader record and uniform validation, run after the
 * bin CL walk once per GL_SHADER_STATE met: takes the record's BO indices
 * and bytes from the user shader_rec stream, checks the three shaders
 * (shader BOs, code at offset 0, threading), copies each shader's uniforms
 * into the exec BO with texture configs relocated and uniform-address-reset
 * slots filled, and bounds-checks the attributes against the highest vertex
 * index the primitives use. The record itself is read and rewritten with the
 * generated GL_SHADER_STATE_RECORD / ATTRIBUTE_RECORD functions.
 */
#include "sim_validate.h"

#include <stdarg.h>
#include <stdio.h>

#include "qpu/check/qpu_kernel.h"
#include "vc4_packets.h"

enum { SHADER_FS, SHADER_VS, SHADER_CS, SHADER_COUNT };

static const char *const shader_names[SHADER_COUNT] = {
	[SHADER_FS] = "FS", [SHADER_VS] = "VS", [SHADER_CS] = "CS",
};

/* What one record being validated refers to. */
struct rec_ctx {
	uint32_t index;                  /* shader state number */
	uint32_t nattr;                  /* attribute records (1..8) */
	const uint8_t *handles;          /* 3 + nattr u32 BO indices (user stream) */
	uint8_t *pkt_v;                  /* the record's validated copy */
	struct sim_bo *shader[SHADER_COUNT];
	struct sim_bo *attr[8];
};

/* Records "shader record <n>: <reason>". */
static bool __attribute__((format(printf, 3, 4)))
rec_fail(const struct rec_ctx *r, struct vc4_diag *diag, const char *fmt, ...)
{
	char reason[VC4_DIAG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	return vc4_diag_set(diag, "shader record %u: %s", r->index, reason);
}

/* Takes the record's indices and bytes from the user stream and copies the
 * record to its 16-byte aligned place in the exec BO. */
static bool take_record(struct sim_exec *e, struct rec_ctx *r, uint32_t bits,
			struct vc4_diag *diag)
{
	uint32_t left = e->job->args.shader_rec_size - e->rec_u;
	uint32_t nrelocs = SHADER_COUNT + r->nattr;
	if (nrelocs * 4 > left)
		return rec_fail(r, diag, "overflowed shader recs reading %u handles from %u "
				"bytes left", nrelocs, left);
	r->handles = e->job->shader_rec + e->rec_u;
	e->rec_u += nrelocs * 4;
	left -= nrelocs * 4;
	uint32_t size = sim_gl_shader_rec_size(bits);
	if (size > left)
		return rec_fail(r, diag, "overflowed shader recs copying %ub packet from %u "
				"bytes left", size, left);
	if (size > e->exec_size - e->rec_v)
		return rec_fail(r, diag, "no room for the validated record in the exec BO");
	r->pkt_v = e->exec_v + e->rec_v;
	memcpy(r->pkt_v, e->job->shader_rec + e->rec_u, size);
	e->rec_u += size;
	e->rec_v += (size + 15) & ~15u;
	return true;
}

/* Looks up FS, VS, CS (shader BOs with a validation result; index < count)
 * and the attribute BOs (ordinary BOs). */
static bool lookup_bos(struct sim_exec *e, struct rec_ctx *r, struct vc4_diag *diag)
{
	uint32_t count = e->job->args.bo_handle_count;
	for (uint32_t i = 0; i < SHADER_COUNT; i++) {
		uint32_t idx = sim_rd32(r->handles + 4 * i);
		if (idx >= count)
			return rec_fail(r, diag, "%s: Shader handle %u too big (BO count %u)",
					shader_names[i], idx, count);
		struct sim_bo *bo = e->job->bos[idx];
		if (!bo->is_shader || !bo->shader)
			return rec_fail(r, diag, "%s: BO %u is not a validated shader BO",
					shader_names[i], idx);
		r->shader[i] = bo;
	}
	for (uint32_t i = 0; i < r->nattr; i++) {
		char where[32];
		snprintf(where, sizeof(where), "attribute %u", i);
		struct vc4_diag d = {0};
		r->attr[i] = sim_exec_use_bo(e, sim_rd32(r->handles + 4 * (SHADER_COUNT + i)),
					     where, &d);
		if (!r->attr[i])
			return rec_fail(r, diag, "%s", d.msg);
	}
	return true;
}

/* FS threading must match the record's single-thread flag; VS and CS
 * are never threaded. */
static bool check_threading(const struct rec_ctx *r, const struct VC4_GL_SHADER_STATE_RECORD *rec,
			    struct vc4_diag *diag)
{
	bool fs_threaded = r->shader[SHADER_FS]->shader->is_threaded;
	if (rec->fragment_shader_is_single_threaded == fs_threaded)
		return rec_fail(r, diag, "Thread mode of CL and FS do not match (record says %s, "
				"FS is %s)", fs_threaded ? "single-threaded" : "threaded",
				fs_threaded ? "threaded" : "single-threaded");
	if (r->shader[SHADER_VS]->shader->is_threaded || r->shader[SHADER_CS]->shader->is_threaded)
		return rec_fail(r, diag, "cs and vs cannot be threaded");
	return true;
}

/* Copies shader `s`'s uniforms into the exec BO, relocating its texture
 * samples and filling its uniform-address slots. Returns the GPU address of
 * the validated block, 0 on rejection. */
static uint32_t copy_uniforms(struct sim_exec *e, const struct rec_ctx *r, uint32_t s,
			      struct vc4_diag *diag)
{
	const struct qpu_kernel_info *info = r->shader[s]->shader;
	uint32_t left = e->job->args.uniforms_size - e->uni_u;
	if (info->uniforms_src_size > left) {
		rec_fail(r, diag, "%s: Uniforms src buffer overflow (%u bytes needed, %u left)",
			 shader_names[s], info->uniforms_src_size, left);
		return 0;
	}
	const uint8_t *tex_u = e->job->uniforms + e->uni_u;
	const uint8_t *data_u = tex_u + 4 * info->num_texture_samples;
	uint8_t *data_v = e->exec_v + e->uni_v;
	uint32_t paddr = e->exec_paddr + e->uni_v;
	memcpy(data_v, data_u, info->uniforms_size);
	for (uint32_t t = 0; t < info->num_texture_samples; t++) {
		char where[48];
		snprintf(where, sizeof(where), "%s texture %u", shader_names[s], t);
		struct vc4_diag d = {0};
		if (!sim_validate_reloc_tex(e, data_u, data_v, info->uniforms_size,
					    &info->texture_samples[t], sim_rd32(tex_u + 4 * t),
					    where, &d)) {
			rec_fail(r, diag, "%s", d.msg);
			return 0;
		}
	}
	for (uint32_t u = 0; u < info->num_uniform_addr_offsets; u++) {
		uint32_t o = info->uniform_addr_offsets[u];
		if (o >= info->uniforms_size / 4) {
			rec_fail(r, diag, "%s: uniform address slot %u outside its %u-byte "
				 "uniforms", shader_names[s], o, info->uniforms_size);
			return 0;
		}
		sim_wr32(data_v + 4 * o, paddr);
	}
	e->uni_u += info->uniforms_src_size;
	e->uni_v += info->uniforms_size;
	return paddr;
}

/* The three shaders: code at offset 0 of the BO, uniforms relocated. */
static bool relocate_shaders(struct sim_exec *e, const struct rec_ctx *r,
			     struct VC4_GL_SHADER_STATE_RECORD *rec, struct vc4_diag *diag)
{
	struct vc4_address *code[SHADER_COUNT] = {
		&rec->fragment_shader_code_address, &rec->vertex_shader_code_address,
		&rec->coordinate_shader_code_address,
	};
	struct vc4_address *uniforms[SHADER_COUNT] = {
		&rec->fragment_shader_uniforms_address, &rec->vertex_shader_uniforms_address,
		&rec->coordinate_shader_uniforms_address,
	};
	for (uint32_t s = 0; s < SHADER_COUNT; s++) {
		if (code[s]->offset != 0)
			return rec_fail(r, diag, "%s: Shaders must be at offset 0 of the BO. "
					"(offset 0x%08x)", shader_names[s], code[s]->offset);
		uint32_t paddr = copy_uniforms(e, r, s, diag);
		if (!paddr)
			return false;
		code[s]->offset = r->shader[s]->paddr;
		uniforms[s]->offset = paddr;
	}
	return true;
}

/* Attribute i: (offset, size) inside its BO and, with a stride, every
 * vertex up to the state's max index. Rewrites the address. */
static bool relocate_attribute(const struct rec_ctx *r, const struct sim_shader_state *st,
			       uint32_t i, struct vc4_diag *diag)
{
	uint8_t *at = r->pkt_v + VC4_GL_SHADER_STATE_RECORD_length +
		      i * VC4_ATTRIBUTE_RECORD_length;
	struct VC4_ATTRIBUTE_RECORD a;
	VC4_ATTRIBUTE_RECORD_unpack(at, &a);
	uint32_t offset = a.vertex_base_memory_address.offset;
	uint32_t size = a.number_of_bytes_minus_1 + 1;
	uint32_t stride = a.memory_stride;
	if (st->addr & 8) {
		struct VC4_EXTENDED_ATTRIBUTE_STRIDE x;
		VC4_EXTENDED_ATTRIBUTE_STRIDE_unpack(r->pkt_v + VC4_GL_SHADER_STATE_RECORD_length +
						     8 * VC4_ATTRIBUTE_RECORD_length +
						     i * VC4_EXTENDED_ATTRIBUTE_STRIDE_length, &x);
		stride |= x.memory_stride & ~0xffu;
	}
	const struct sim_bo *bo = r->attr[i];
	if (offset > bo->size || bo->size - offset < size)
		return rec_fail(r, diag, "attribute %u: BO offset overflow (%u + %u > %u)", i,
				offset, size, bo->size);
	if (stride != 0) {
		uint32_t max_index = (bo->size - offset - size) / stride;
		if (st->max_index > max_index)
			return rec_fail(r, diag, "attribute %u: primitives use index %u out of "
					"supplied %u", i, st->max_index, max_index);
	}
	a.vertex_base_memory_address.offset = bo->paddr + offset;
	if (VC4_ATTRIBUTE_RECORD_pack(NULL, at, &a))
		return rec_fail(r, diag, "internal error: attribute %u does not pack", i);
	return true;
}

/* Shader state `index`: its record, shaders, uniforms and attributes. */
static bool validate_record(struct sim_exec *e, uint32_t index, struct vc4_diag *diag)
{
	const struct sim_shader_state *st = &e->shader_state[index];
	struct rec_ctx r = { .index = index, .nattr = st->addr & 7 ? st->addr & 7 : 8 };
	if (!take_record(e, &r, st->addr, diag) || !lookup_bos(e, &r, diag))
		return false;
	struct VC4_GL_SHADER_STATE_RECORD rec;
	VC4_GL_SHADER_STATE_RECORD_unpack(r.pkt_v, &rec);
	if (!check_threading(&r, &rec, diag) || !relocate_shaders(e, &r, &rec, diag))
		return false;
	if (VC4_GL_SHADER_STATE_RECORD_pack(NULL, r.pkt_v, &rec))
		return rec_fail(&r, diag, "internal error: the relocated record does not pack");
	for (uint32_t i = 0; i < r.nattr; i++)
		if (!relocate_attribute(&r, st, i, diag))
			return false;
	return true;
}

bool sim_validate_shader_recs(struct sim_exec *e, struct vc4_diag *diag)
{
	e->rec_v = e->shader_rec_offset;
	e->uni_v = e->uniforms_offset;
	for (uint32_t i = 0; i < e->shader_state_count; i++)
		if (!validate_record(e, i, diag))
			return false;
	return true;
}
