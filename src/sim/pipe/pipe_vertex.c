/*
 * pipe_vertex.c: vertex fetch and shading: reads a GL shader record and its
 * attribute records, fetches up to 16 vertices' attributes into the VPM
 * input segment, runs the coordinate or vertex shader on a QPU and reads its
 * outputs back from the VPM output segment; their texture lookups go to
 * the TMU (pipe_tmu.c).
 *
 * VPM layout (the hardware's, which horizontal 32-bit VPM accesses such as
 * setup 0x00001a00 walk): a batch of 16 vertices is one vertex per COLUMN;
 * word k of every vertex is row k of the segment, lane i of that row being
 * vertex i. The input segment (attributes at the record's VPM byte offsets)
 * and the output segment are separate, both at VPM address 0 for the
 * shader, so a shader may write output word k before reading input word k.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "sim/pipe/pipe_internal.h"
#include "util/bits.h"
#include "util/zero.h"

/* Reads the GL shader state record of state s (plain or extended) and its
 * attribute records into rec (the last record's unpacked form again when
 * its bytes and form are the same). Returns false with p->diag set when
 * there is no record or it lies outside memory. */
bool pipe_read_shader_rec(struct sim_pipe *p, const struct pipe_state *s,
			  struct pipe_shader_rec *rec)
{
	if (!s->rec_addr)
		return vc4_diag_set(p->diag, "primitive without a GL Shader State");
	/* Extended records always hold 8 attribute records, then one stride
	 * word per used attribute. */
	uint32_t ext_at = VC4_GL_SHADER_STATE_RECORD_length + 8 * PIPE_MAX_ATTRS;
	uint32_t size = s->rec_extended ? ext_at + 4 * s->rec_nattr :
		VC4_GL_SHADER_STATE_RECORD_length + 8 * s->rec_nattr;
	const uint8_t *src = sim_memory_ptr(p->mem, s->rec_addr, size);
	if (!src)
		return vc4_diag_set(p->diag, "shader record at 0x%08x (%u bytes) outside memory",
				    s->rec_addr, size);
	if (p->rec_raw_valid && p->rec_raw_size == size && p->rec_raw_nattr == s->rec_nattr &&
	    p->rec_raw_extended == s->rec_extended && memcmp(p->rec_raw, src, size) == 0) {
		*rec = p->rec_cached; /* the same bytes unpack the same */
		return true;
	}
	memset(rec, 0, sizeof(*rec));
	VC4_GL_SHADER_STATE_RECORD_unpack(src, &rec->r);
	rec->nattr = s->rec_nattr;
	for (uint32_t i = 0; i < rec->nattr; i++) {
		struct VC4_ATTRIBUTE_RECORD a;
		VC4_ATTRIBUTE_RECORD_unpack(src + VC4_GL_SHADER_STATE_RECORD_length + 8 * i, &a);
		rec->attr[i] = (struct pipe_attr){
			.addr = a.vertex_base_memory_address.offset,
			.size = a.number_of_bytes_minus_1 + 1,
			.stride = a.memory_stride,
			.vs_offset = a.vertex_shader_vpm_offset,
			.cs_offset = a.coordinate_shader_vpm_offset,
		};
		if (s->rec_extended) {
			struct VC4_EXTENDED_ATTRIBUTE_STRIDE e;
			VC4_EXTENDED_ATTRIBUTE_STRIDE_unpack(src + ext_at + 4 * i, &e);
			rec->attr[i].stride |= e.memory_stride & ~0xffu;
		}
	}
	if (rec->r.fragment_shader_number_of_varyings > PIPE_MAX_VARYINGS)
		return vc4_diag_set(p->diag, "shader record at 0x%08x: %u varyings (at most %u)",
				    s->rec_addr, rec->r.fragment_shader_number_of_varyings,
				    PIPE_MAX_VARYINGS);
	memcpy(p->rec_raw, src, size);
	p->rec_raw_size = size;
	p->rec_raw_nattr = s->rec_nattr;
	p->rec_raw_extended = s->rec_extended;
	p->rec_raw_valid = true;
	p->rec_cached = *rec;
	return true;
}

/* The decoded program at `addr`, from the per-job cache. Decodes the words
 * that can run (sim_program_extent), at most PIPE_PROG_MAX_WORDS, fewer when
 * memory ends first. */
const struct sim_program *pipe_program(struct sim_pipe *p, uint32_t addr)
{
	for (uint32_t i = 0; i < p->nprogs; i++)
		if (p->progs[i].addr == addr)
			return &p->progs[i].prog;
	if (addr & 7) {
		vc4_diag_set(p->diag, "shader code at 0x%08x is not 8-byte aligned", addr);
		return NULL;
	}
	const uint8_t *src = sim_memory_ptr(p->mem, addr, 8);
	if (!src) {
		vc4_diag_set(p->diag, "shader code at 0x%08x outside memory", addr);
		return NULL;
	}
	uint32_t avail = (p->mem->size - (addr - p->mem->base)) / 8;
	uint32_t count = sim_program_extent(src, avail < PIPE_PROG_MAX_WORDS ? avail :
							      PIPE_PROG_MAX_WORDS);
	uint64_t *words = malloc((size_t)count * 8);
	if (!words) {
		vc4_diag_set(p->diag, "out of memory decoding shader code at 0x%08x", addr);
		return NULL;
	}
	memcpy(words, src, (size_t)count * 8);
	if (p->nprogs == PIPE_PROG_CACHE) {
		sim_program_fini(&p->progs[0].prog);
		memmove(&p->progs[0], &p->progs[1], sizeof(p->progs[0]) * (PIPE_PROG_CACHE - 1));
		p->nprogs--;
	}
	struct pipe_prog *pp = &p->progs[p->nprogs];
	bool ok = sim_program_init(&pp->prog, words, count, p->diag);
	free(words);
	if (!ok)
		return NULL;
	pp->addr = addr;
	p->nprogs++;
	return &pp->prog;
}

bool pipe_shader_init(struct sim_pipe *p, uint32_t code, uint32_t unif,
		      const struct sim_qpu_hooks *hooks, struct sim_qpu *q)
{
	const struct sim_program *prog = pipe_program(p, code);
	if (!prog)
		return false;
	struct sim_qpu_options opt = { .code_base = code };
	sim_qpu_reinit(q, prog, p->mem, NULL, 0, &p->shared, hooks, &opt);
	q->unif_in_mem = true;
	q->unif_addr = unif;
	return true;
}

/* The run-timing clock (contract of sim_pipe_run_clock() in sim_pipe.h). */
static inline uint64_t clock_ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __rdtsc();
#else
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

/* The clock of run timing for callers outside the pipeline. */
uint64_t sim_pipe_run_clock(void)
{
	return clock_ticks();
}

bool pipe_shader_run(struct sim_pipe *p, const char *stage, uint32_t code, struct sim_qpu *q,
		     uint64_t *counter, uint64_t *ticks)
{
	struct vc4_diag d;
	vc4_diag_clear(&d);
	uint64_t t0 = p->time_runs ? clock_ticks() : 0;
	enum sim_status st = p->fpu_known ? sim_qpu_run_from(q, p->inst_limit, p->fpu_mode, &d)
					  : sim_qpu_run(q, p->inst_limit, &d);
	if (p->time_runs)
		*ticks += clock_ticks() - t0;
	*counter += q->instructions;
	p->stats.qpu_runs++;
	if (st == SIM_DONE)
		return true;
	if (st == SIM_LIMIT)
		return vc4_diag_set(p->diag, "%s at 0x%08x: no thread end after %llu instructions",
				    stage, code, (unsigned long long)p->inst_limit);
	return vc4_diag_set(p->diag, "%s at 0x%08x: %s", stage, code, d.msg);
}

/* VPM word k of vertex (lane) i in the segment starting at row `seg`. */
static uint32_t *vpm_word(struct sim_pipe *p, uint32_t seg, uint32_t i, uint32_t k)
{
	return &p->shared.vpm[(seg + k) * 16 + i];
}

/* Zeroes the VPM as a memset of it would: only the rows that may be
 * nonzero (the last fetch's and those written through sim_vpm.c), each by
 * stores (util/zero.h: a 64-byte memset is a libc call on armhf, under
 * qemu-arm three block lookups a row). */
static void vpm_clear(struct sim_pipe *p)
{
	uint64_t rows = p->vpm_fetched | p->shared.rows_written;
	for (; rows; rows &= rows - 1)
		vc4_zero_words(&p->shared.vpm[vc4_ctz64(rows) * 16], 64);
	p->shared.rows_written = 0;
	p->vpm_fetched = 0;
}

/* Rows of the input segment: the highest attribute word of `select`. */
static uint32_t input_rows(const struct pipe_shader_rec *rec, bool coord, uint32_t select)
{
	uint32_t rows = 0;
	for (uint32_t a = 0; a < rec->nattr; a++) {
		if (!(select & (1u << a)))
			continue;
		const struct pipe_attr *at = &rec->attr[a];
		uint32_t end = ((coord ? at->cs_offset : at->vs_offset) + at->size + 3) / 4;
		rows = end > rows ? end : rows;
	}
	return rows;
}

/* Rows of the output segment: CS [Xc Yc Zc Wc XsYs Zs 1/Wc (Ps)],
 * VS [XsYs Zs 1/Wc (Ps) varyings...]. */
static uint32_t output_rows(const struct pipe_shader_rec *rec, bool coord)
{
	return (coord ? 7 : 3 + rec->r.fragment_shader_number_of_varyings) +
	       (rec->r.point_size_included_in_shaded_vertex_data ? 1 : 0);
}

/* Fetches the attributes `select` of vertex `index` into column `lane` of
 * the input segment (rows 0..). */
static bool fetch_vertex(struct sim_pipe *p, const struct pipe_shader_rec *rec, bool coord,
			 uint32_t select, uint32_t lane, uint32_t index)
{
	for (uint32_t a = 0; a < rec->nattr; a++) {
		if (!(select & (1u << a)))
			continue;
		const struct pipe_attr *at = &rec->attr[a];
		uint64_t addr = at->addr + (uint64_t)index * at->stride;
		uint32_t off = coord ? at->cs_offset : at->vs_offset;
		const uint8_t *src = addr > UINT32_MAX ? NULL :
			sim_memory_ptr(p->mem, (uint32_t)addr, at->size);
		if (!src)
			return vc4_diag_set(p->diag, "attribute %u of vertex %u at 0x%08llx "
					    "(%u bytes) outside memory", a, index,
					    (unsigned long long)addr, at->size);
		uint32_t b = 0;
		if (off % 4 == 0) /* whole words, little-endian, as the bytes below */
			for (; b + 4 <= at->size; b += 4)
				*vpm_word(p, 0, lane, (off + b) / 4) =
					(uint32_t)src[b] | (uint32_t)src[b + 1] << 8 |
					(uint32_t)src[b + 2] << 16 | (uint32_t)src[b + 3] << 24;
		for (; b < at->size; b++) {
			uint32_t k = (off + b) / 4, sh = ((off + b) % 4) * 8;
			uint32_t *w = vpm_word(p, 0, lane, k);
			*w = (*w & ~(0xffu << sh)) | ((uint32_t)src[b] << sh);
		}
	}
	return true;
}

static float word_f(uint32_t w)
{
	float f;
	memcpy(&f, &w, 4);
	return f;
}

/* Reads vertex `lane`'s outputs from the output segment at row `seg`
 * (layout: output_rows()). */
static void read_outputs(struct sim_pipe *p, const struct pipe_shader_rec *rec, bool coord,
			 uint32_t seg, uint32_t lane, struct pipe_vertex *v)
{
	uint32_t k = 0;
	/* every field written, 0 where nothing is read (a memset of the
	 * whole vertex was a slow rep stos per vertex) */
	v->xc = v->yc = v->zc = v->wc = 0;
	if (coord) {
		v->xc = word_f(*vpm_word(p, seg, lane, k++));
		v->yc = word_f(*vpm_word(p, seg, lane, k++));
		v->zc = word_f(*vpm_word(p, seg, lane, k++));
		v->wc = word_f(*vpm_word(p, seg, lane, k++));
	}
	uint32_t xy = *vpm_word(p, seg, lane, k++);
	v->xs = (int16_t)(xy & 0xffff);
	v->ys = (int16_t)(xy >> 16);
	v->zs = word_f(*vpm_word(p, seg, lane, k++));
	v->inv_wc = word_f(*vpm_word(p, seg, lane, k++));
	v->point_size = 0;
	if (rec->r.point_size_included_in_shaded_vertex_data)
		v->point_size = word_f(*vpm_word(p, seg, lane, k++));
	v->coord[0] = v->coord[1] = 0;
	uint32_t n = coord ? 0 : rec->r.fragment_shader_number_of_varyings;
	/* the unread ones 0 too: all by stores first (a clear of the rest
	 * was a memset() call per vertex on armhf, util/zero.h) */
	VC4_ZERO(&v->vary);
	for (uint32_t i = 0; i < n; i++)
		v->vary[i] = word_f(*vpm_word(p, seg, lane, k++));
}

/* The TMU hook of coordinate and vertex shaders. Their lanes are
 * vertices, not quads: only lookups with an explicit LOD, which Mesa emits
 * in these stages, are meaningful. */
static bool vs_texture(void *user, struct sim_qpu *q, unsigned unit,
		       const struct sim_tmu_write *w, unsigned n, uint32_t result[16],
		       struct vc4_diag *diag)
{
	struct sim_pipe *p = user;
	(void)unit;
	p->stats.texture_requests++;
	return pipe_tmu_sample(p, q, w, n, result, diag);
}

/* Shades vertices index[0..n) with the vertex or (`coord`) coordinate
 * shader of rec: attributes fetched into the VPM input segment, the shader
 * run, the outputs read back into out. Returns false with p->diag set when
 * the VPM segments do not fit, a fetch or the shader fails. */
bool pipe_shade(struct sim_pipe *p, const struct pipe_shader_rec *rec, bool coord,
		const uint32_t *index, uint32_t n, struct pipe_vertex *out)
{
	uint32_t select = coord ? rec->r.coordinate_shader_attribute_array_select_bits :
		rec->r.vertex_shader_attribute_array_select_bits;
	const char *stage = coord ? "coordinate shader" : "vertex shader";
	uint32_t in_rows = input_rows(rec, coord, select), out_rows = output_rows(rec, coord);
	if (in_rows + out_rows > SIM_VPM_ROWS)
		return vc4_diag_set(p->diag, "%s: VPM input (%u rows) and output (%u rows) "
				    "segments exceed the VPM (%u rows)", stage, in_rows, out_rows,
				    SIM_VPM_ROWS);
	vpm_clear(p);
	p->vpm_fetched = in_rows ? ~0ull >> (64 - in_rows) : 0; /* in_rows < 64 */
	for (uint32_t lane = 0; lane < n; lane++)
		if (!fetch_vertex(p, rec, coord, select, lane, index[lane]))
			return false;
	/* lanes past n shade vertex n - 1 again: a copy of its column */
	for (uint32_t k = 0; k < in_rows; k++)
		for (uint32_t lane = n; lane < 16; lane++)
			*vpm_word(p, 0, lane, k) = *vpm_word(p, 0, n - 1, k);
	struct sim_qpu *q = &p->qpu;
	uint32_t code = coord ? rec->r.coordinate_shader_code_address.offset :
		rec->r.vertex_shader_code_address.offset;
	uint32_t unif = coord ? rec->r.coordinate_shader_uniforms_address.offset :
		rec->r.vertex_shader_uniforms_address.offset;
	const struct sim_qpu_hooks hooks = { .user = p, .tmu_texture = vs_texture };
	if (!pipe_shader_init(p, code, unif, &hooks, q))
		return false;
	q->vpm_in_row = 0;
	q->vpm_out_row = in_rows;
	if (!pipe_shader_run(p, stage, code, q,
			     coord ? &p->stats.qpu_instructions_cs : &p->stats.qpu_instructions_vs,
			     coord ? &p->stats.qpu_run_ticks_cs : &p->stats.qpu_run_ticks_vs))
		return false;
	for (uint32_t i = 0; i < n; i++)
		read_outputs(p, rec, coord, in_rows, i, &out[i]);
	*(coord ? &p->stats.cs_vertices : &p->stats.vs_vertices) += n;
	return true;
}
