/*
 * fuzz_submit.c: libFuzzer harness for the simulated kernel's SUBMIT_CL.
 *
 * The input bytes are split into a submit struct, a BO handle list, a bin
 * CL, a shader record stream and a uniform stream (layout below), submitted
 * to a fresh simulated kernel that holds four shader BOs (a do-nothing
 * shader, one 2D texture lookup, one direct UBO read, one uniform address
 * reset) and four plain BOs. The harness checks
 * that nothing crashes, nothing is read outside a buffer (ASan/UBSan), a
 * rejection always has a reason and leaves the arena as it was, and for an
 * accepted job (an oracle independent of the validator): its CLs lie inside
 * GPU memory, every RCL load/store touches only the job's BOs, every branch
 * lands in its binner slot, and every index buffer, attribute, colour
 * buffer, texture and UBO address lies inside one of the job's BOs.
 *
 * Input layout (little-endian; missing bytes read as 0):
 *   0  u8  bo_handle_count (0..8)       1  u8  flags
 *   2  u16 width                        4  u16 height
 *   6  u8  min_x, min_y, max_x, max_y   10 u32 clear colour (both words)
 *   14 6 x surface { u8 hindex (0xff: absent), u16 bits, u16 flags, u32 offset }
 *      in the order color_read, color_write, zs_read, zs_write, msaa_color,
 *      msaa_zs
 *   68 u8[8] handle map: entry i names BO (value % 8): 0 do-nothing shader,
 *      1 texture shader, 2..5 plain BOs of 4, 8, 64 and 4 KiB, 6 UBO shader,
 *      7 uniform-address-reset shader
 *   76 u16 bin_cl_size, u16 shader_rec_size, u16 uniforms_size,
 *      u16 shader_rec_count
 *   84 bin CL, shader records, uniforms (each clipped to what is left)
 *
 * Also linked into tests/fuzz's corpus replay (no libFuzzer there).
 * FUZZ_VERBOSE=1 in the environment prints each verdict to stderr.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vc4_drm.h>

#include "sim/kernel/sim_kernel.h"
#include "sim/kernel/sim_kernel_job.h"
#include "sim/kernel/sim_validate.h"
#include "qpu/check/qpu_kernel.h"
#include "vc4_packet_info.h"
#include "vc4_packets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_BOS 8
#define FUZZ_ARENA (24u << 20)

/* A reader that yields zeros past the end of the input. */
struct input {
	const uint8_t *data;
	size_t size, pos;
};

static uint32_t take(struct input *in, unsigned bytes)
{
	uint32_t v = 0;
	for (unsigned i = 0; i < bytes; i++, in->pos++)
		if (in->pos < in->size)
			v |= (uint32_t)in->data[in->pos] << (8 * i);
	return v;
}

/* The next `len` bytes (clipped to the input) as a fresh exact-size copy, so
 * ASan sees any read past them. */
static uint8_t *take_bytes(struct input *in, uint32_t *len)
{
	size_t left = in->pos < in->size ? in->size - in->pos : 0;
	if (*len > left)
		*len = (uint32_t)left;
	uint8_t *copy = malloc(*len ? *len : 1);
	if (copy && *len)
		memcpy(copy, in->data + in->pos, *len);
	in->pos += *len;
	return copy;
}

static const uint64_t nop_shader[] = {
	0x300009e7009e7000ull, 0x100009e7009e7000ull, 0x100009e7009e7000ull,
};
static const uint64_t tex_shader[] = {
	0x10020e67159e7000ull, 0x10020e27159e7000ull, 0xa00009e7009e7000ull,
	0x300009e7009e7000ull, 0x100009e7009e7000ull, 0x100009e7009e7000ull,
};
static const uint64_t ubo_shader[] = {
	0xd0020027139c01c0ull, 0x1002006712020dc0ull, 0x10020e270c060dc0ull,
	0xa00009e7009e7000ull, 0x300009e7009e7000ull, 0x100009e7009e7000ull,
	0x100009e7009e7000ull,
};
static const uint64_t reset_shader[] = {
	0xe002002700000004ull, 0x10020a270c020dc0ull, 0x300009e7009e7000ull,
	0x100009e7009e7000ull, 0x100009e7009e7000ull,
};
static const uint32_t plain_sizes[FUZZ_BOS - 4] = { 4096, 8192, 65536, 4096 };

/* A shader BO of `code`; its handle, or 0. */
static uint32_t make_shader(struct sim_kernel *k, const uint64_t *code, uint32_t size)
{
	struct drm_vc4_create_shader_bo s = { .size = size, .data = (uintptr_t)code };
	return sim_kernel_ioctl(k, DRM_IOCTL_VC4_CREATE_SHADER_BO, &s) ? 0 : s.handle;
}

/* The BOs of the layout above; handles in `h`. */
static int make_bos(struct sim_kernel *k, uint32_t h[FUZZ_BOS])
{
	h[0] = make_shader(k, nop_shader, sizeof(nop_shader));
	h[1] = make_shader(k, tex_shader, sizeof(tex_shader));
	h[6] = make_shader(k, ubo_shader, sizeof(ubo_shader));
	h[7] = make_shader(k, reset_shader, sizeof(reset_shader));
	if (!h[0] || !h[1] || !h[6] || !h[7])
		return -1;
	for (int i = 0; i < FUZZ_BOS - 4; i++) {
		struct drm_vc4_create_bo c = { .size = plain_sizes[i] };
		if (sim_kernel_ioctl(k, DRM_IOCTL_VC4_CREATE_BO, &c))
			return -1;
		h[2 + i] = c.handle;
	}
	return 0;
}

static void take_surface(struct input *in, struct drm_vc4_submit_rcl_surface *s)
{
	uint32_t hindex = take(in, 1);
	s->hindex = hindex == 0xff ? ~0u : hindex;
	s->bits = (uint16_t)take(in, 2);
	s->flags = (uint16_t)take(in, 2);
	s->offset = take(in, 4);
}

/* The submit struct and handle list from the input's header. */
static void take_args(struct input *in, struct drm_vc4_submit_cl *a, const uint32_t bos[FUZZ_BOS],
		      uint32_t handles[8])
{
	a->bo_handle_count = take(in, 1) % 9;
	a->flags = take(in, 1);
	a->width = (uint16_t)take(in, 2);
	a->height = (uint16_t)take(in, 2);
	a->min_x_tile = (uint8_t)take(in, 1);
	a->min_y_tile = (uint8_t)take(in, 1);
	a->max_x_tile = (uint8_t)take(in, 1);
	a->max_y_tile = (uint8_t)take(in, 1);
	a->clear_color[0] = a->clear_color[1] = take(in, 4);
	struct drm_vc4_submit_rcl_surface *surf[6] = {
		&a->color_read, &a->color_write, &a->zs_read, &a->zs_write,
		&a->msaa_color_write, &a->msaa_zs_write,
	};
	for (int i = 0; i < 6; i++)
		take_surface(in, surf[i]);
	for (int i = 0; i < 8; i++)
		handles[i] = bos[take(in, 1) % FUZZ_BOS];
	a->bo_handles = (uintptr_t)handles;
}

/* True when [addr, addr + len) lies inside one of the job's BOs. */
static bool in_job_bo(const struct sim_job *job, uint32_t addr, uint32_t len)
{
	for (uint32_t i = 0; i < job->args.bo_handle_count; i++) {
		const struct sim_bo *bo = job->bos[i];
		if (addr >= bo->paddr && len <= bo->size && addr - bo->paddr <= bo->size - len)
			return true;
	}
	return false;
}

/* One RCL packet's memory access: general loads/stores touch at least a
 * 16-byte line of a BO, full-res ones a 16 KiB tile, branches the slot. */
static void check_rcl_packet(const struct sim_job *job, const struct sim_exec *e,
			     const uint8_t *p)
{
	struct VC4_LOAD_TILE_BUFFER_GENERAL ld;
	struct VC4_STORE_TILE_BUFFER_GENERAL st;
	struct VC4_STORE_FULL_RESOLUTION_TILE_BUFFER fs;
	struct VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER fl;
	struct VC4_BRANCH_TO_SUB_LIST br;
	struct VC4_TILE_RENDERING_MODE_CONFIGURATION rc;
	uint32_t slot = e->k->binner ? e->k->binner->paddr +
				       (uint32_t)e->bin_slot * SIM_BIN_SLOT_SIZE : 0;
	switch (p[0]) {
	case VC4_LOAD_TILE_BUFFER_GENERAL_opcode:
		VC4_LOAD_TILE_BUFFER_GENERAL_unpack(p, &ld);
		if (!in_job_bo(job, ld.memory_base_address.offset, 16))
			abort();
		break;
	case VC4_STORE_TILE_BUFFER_GENERAL_opcode:
		VC4_STORE_TILE_BUFFER_GENERAL_unpack(p, &st);
		if (st.buffer_to_store != VC4_TILE_BUFFER_NONE &&
		    !in_job_bo(job, st.memory_base_address.offset, 16))
			abort();
		break;
	case VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_opcode:
		VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_unpack(p, &fs);
		if (!in_job_bo(job, fs.memory_base_address.offset, SIM_FULL_RES_TILE_SIZE))
			abort();
		break;
	case VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER_opcode:
		VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER_unpack(p, &fl);
		if (!in_job_bo(job, fl.memory_base_address.offset, SIM_FULL_RES_TILE_SIZE))
			abort();
		break;
	case VC4_TILE_RENDERING_MODE_CONFIGURATION_opcode:
		VC4_TILE_RENDERING_MODE_CONFIGURATION_unpack(p, &rc);
		if (rc.memory_address.offset && !in_job_bo(job, rc.memory_address.offset, 1))
			abort();
		break;
	case VC4_BRANCH_TO_SUB_LIST_opcode:
		VC4_BRANCH_TO_SUB_LIST_unpack(p, &br);
		if (!slot || br.branch_address.offset < e->tile_alloc_paddr ||
		    br.branch_address.offset + SIM_TILE_LIST_BLOCK > slot + SIM_BIN_SLOT_SIZE)
			abort();
		break;
	}
}

/* Every packet of the RCL, which must end with an end-of-frame store. */
static void check_rcl(const struct sim_kernel *k, const struct sim_job *job)
{
	const struct sim_job_validated *v = &job->validated;
	const uint8_t *rcl = sim_memory_ptr(&k->mem, v->ct1ca, v->ct1ea - v->ct1ca);
	uint32_t len = v->ct1ea - v->ct1ca, pos = 0;
	if (!rcl || len == 0)
		abort();
	while (pos < len) {
		uint32_t n = vc4_packet_length(rcl[pos]);
		if (n == 0 || n > len - pos)
			abort();
		check_rcl_packet(job, v->priv, rcl + pos);
		pos += n;
	}
}

/* Index buffers of the validated bin CL and attributes of its records. */
static void check_bin_cl(const struct sim_kernel *k, const struct sim_job *job)
{
	const struct sim_job_validated *v = &job->validated;
	const uint8_t *cl = sim_memory_ptr(&k->mem, v->ct0ca, v->ct0ea - v->ct0ca);
	uint32_t len = v->ct0ea - v->ct0ca, pos = 0;
	if (!cl)
		abort();
	while (pos < len) {
		uint32_t n = vc4_packet_length(cl[pos]);
		if (n == 0 || n > len - pos)
			abort();
		if (cl[pos] == VC4_INDEXED_PRIMITIVE_LIST_opcode) {
			struct VC4_INDEXED_PRIMITIVE_LIST ip;
			VC4_INDEXED_PRIMITIVE_LIST_unpack(cl + pos, &ip);
			if (ip.length && !in_job_bo(job, ip.address_of_indices_list.offset,
						    ip.length * (ip.index_type ? 2 : 1)))
				abort();
		}
		pos += n;
	}
}

/* The job's shader BO at GPU address `paddr`. */
static const struct sim_bo *shader_at(const struct sim_job *job, uint32_t paddr)
{
	for (uint32_t i = 0; i < job->args.bo_handle_count; i++)
		if (job->bos[i]->is_shader && job->bos[i]->paddr == paddr)
			return job->bos[i];
	abort();
}

/* The relocated P0 (texture base or UBO address) of every texture sample
 * of the shader whose code and uniforms are at these addresses, and its
 * uniform-address slots (the block's own address). */
static void check_textures(const struct sim_kernel *k, const struct sim_job *job,
			   uint32_t code, uint32_t uniforms)
{
	const struct qpu_kernel_info *info = shader_at(job, code)->shader;
	const uint8_t *u = sim_memory_ptr(&k->mem, uniforms, info->uniforms_size);
	if (!u && info->uniforms_size)
		abort();
	for (uint32_t t = 0; t < info->num_texture_samples; t++) {
		const struct qpu_kernel_texture_sample *s = &info->texture_samples[t];
		uint32_t p0 = sim_rd32(u + s->p_offset[0]);
		uint32_t p1 = sim_rd32(u + s->p_offset[1]);
		if (s->is_direct ? !in_job_bo(job, p0, p1 + 4) : !in_job_bo(job, p0 & ~0xfffu, 1))
			abort();
	}
	for (uint32_t i = 0; i < info->num_uniform_addr_offsets; i++)
		if (sim_rd32(u + 4 * info->uniform_addr_offsets[i]) != uniforms)
			abort();
}

static void check_record_shaders(const struct sim_kernel *k, const struct sim_job *job,
				 const uint8_t *rec)
{
	struct VC4_GL_SHADER_STATE_RECORD r;
	VC4_GL_SHADER_STATE_RECORD_unpack(rec, &r);
	check_textures(k, job, r.fragment_shader_code_address.offset,
		       r.fragment_shader_uniforms_address.offset);
	check_textures(k, job, r.vertex_shader_code_address.offset,
		       r.vertex_shader_uniforms_address.offset);
	check_textures(k, job, r.coordinate_shader_code_address.offset,
		       r.coordinate_shader_uniforms_address.offset);
}

static void check_records(const struct sim_kernel *k, const struct sim_job *job)
{
	const struct sim_exec *e = job->validated.priv;
	uint32_t at = e->shader_rec_offset;
	for (uint32_t i = 0; i < e->shader_state_count; i++) {
		uint32_t bits = e->shader_state[i].addr, n = bits & 7 ? bits & 7 : 8;
		const uint8_t *rec = sim_memory_ptr(&k->mem, e->exec_paddr + at,
						    sim_gl_shader_rec_size(bits));
		if (!rec)
			abort();
		check_record_shaders(k, job, rec);
		for (uint32_t a = 0; a < n; a++) {
			struct VC4_ATTRIBUTE_RECORD ar;
			VC4_ATTRIBUTE_RECORD_unpack(rec + VC4_GL_SHADER_STATE_RECORD_length +
						    a * VC4_ATTRIBUTE_RECORD_length, &ar);
			if (!in_job_bo(job, ar.vertex_base_memory_address.offset,
				       ar.number_of_bytes_minus_1 + 1))
				abort();
		}
		at += (sim_gl_shader_rec_size(bits) + 15) & ~15u;
	}
}

/* The oracle for an accepted job. */
static void check_accepted(struct sim_kernel *k)
{
	const struct sim_job *job = k->queue.data[k->queue.len - 1];
	check_rcl(k, job);
	if (job->validated.ct0ca) {
		check_bin_cl(k, job);
		check_records(k, job);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { .data = data, .size = size };
	struct sim_kernel *k = sim_kernel_create(SIM_KERNEL_DEFAULT_BASE, FUZZ_ARENA, NULL);
	uint32_t bos[FUZZ_BOS], handles[8];
	if (!k || make_bos(k, bos)) {
		sim_kernel_destroy(k);
		return 0;
	}
	sim_kernel_set_exec(k, SIM_KERNEL_EXEC_MANUAL);
	struct drm_vc4_submit_cl a = {0};
	take_args(&in, &a, bos, handles);
	uint32_t bin_len = take(&in, 2), rec_len = take(&in, 2), uni_len = take(&in, 2);
	a.shader_rec_count = take(&in, 2);
	uint8_t *bin = take_bytes(&in, &bin_len), *rec = take_bytes(&in, &rec_len);
	uint8_t *uni = take_bytes(&in, &uni_len);
	a.bin_cl = (uintptr_t)bin;
	a.bin_cl_size = bin_len;
	a.shader_rec = (uintptr_t)rec;
	a.shader_rec_size = rec_len;
	a.uniforms = (uintptr_t)uni;
	a.uniforms_size = uni_len;
	uint32_t used = sim_kernel_bytes_used(k);
	int ret = sim_kernel_ioctl(k, DRM_IOCTL_VC4_SUBMIT_CL, &a);
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "SUBMIT_CL: %d %s\n", ret, sim_kernel_last_error(k));
	if (ret == 0)
		check_accepted(k);
	else if (sim_kernel_last_error(k)[0] == '\0' || sim_kernel_bytes_used(k) != used)
		abort(); /* a rejection has a reason and leaves nothing behind */
	sim_kernel_destroy(k);
	free(bin);
	free(rec);
	free(uni);
	return 0;
}
