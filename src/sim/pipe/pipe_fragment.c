/*
 * pipe_fragment.c: the fragment stage for one 4x4 block: the W and Z
 * payloads (ra15, rb15), varyings as the hardware hands them (the read gives
 * the perspective-divided, W-scaled part, r5 the C term: value = vary * W + C;
 * points and lines get generated ones first), early Z,
 * the pixel coordinates x_pix / y_pix, the stencil and depth tests and the
 * Z/stencil update against the tile buffer, TLB stencil setup, colour and Z
 * writes with their lane conditions (discard), colour loads, and the TMU
 * hook. Runs of the FS are sequential, so the scoreboard holds.
 */
#include <string.h>

#include "qpu/qpu_isa.h"
#include "sim/pipe/pipe_internal.h"

struct fs_ctx {
	struct sim_pipe *p;
	const struct pipe_state *s;
	const struct pipe_shader_rec *rec;
	const struct pipe_vertex *const *v;
	const struct pipe_frag_block *b;
	uint32_t next_varying;
	uint32_t z[16];        /* depth to test: tlb_z write, else interpolated */
	uint16_t zmask;        /* lanes whose tlb_z write condition passed */
	uint16_t pass;         /* lanes covered and passing the stencil and depth tests */
	uint16_t sfail;        /* lanes covered and failing the stencil test */
	bool z_written, tested, colored;
	struct pipe_stencil_face stencil[16][2];  /* per lane: forward, reverse */
};

static uint32_t *tile_at(struct sim_pipe *p, uint32_t *array, const struct pipe_frag_block *b,
			 uint32_t lane)
{
	uint32_t x = (b->x0 + pipe_lane_x(lane)) % PIPE_TILE_SIZE;
	uint32_t y = (b->y0 + pipe_lane_y(lane)) % PIPE_TILE_SIZE;
	(void)p;
	return &array[y * PIPE_TILE_SIZE + x];
}

/* The stencil test, then the depth test, of the covered lanes, once per
 * run; a lane's stencil configuration is that of the block's facing. */
static void zs_test(struct fs_ctx *c)
{
	if (c->tested)
		return;
	c->tested = true;
	for (uint32_t i = 0; i < 16; i++) {
		uint16_t bit = (uint16_t)(1u << i);
		if (!(c->b->cover & bit))
			continue;
		uint32_t zs = *tile_at(c->p, c->p->tb.zs, c->b, i);
		if (!pipe_stencil_test(&c->stencil[i][c->b->reverse], zs & 0xff)) {
			c->sfail |= bit;
			c->p->stats.fragments_stencil_failed++;
		} else if (pipe_compare(c->s->cfg.depth_test_function, c->z[i], zs >> 8)) {
			c->pass |= bit;
		} else {
			c->p->stats.fragments_depth_failed++;
		}
	}
}

/* Updates the Z/S word of the covered lanes of `lanes` not discarded by
 * their tlb_z condition: Z (when updates are enabled) where both tests
 * passed, the stencil by the operation of the lane's outcome. */
static void zs_update(struct fs_ctx *c, uint16_t lanes)
{
	for (uint32_t i = 0; i < 16; i++) {
		uint16_t bit = (uint16_t)(1u << i);
		if (!(c->b->cover & lanes & c->zmask & bit))
			continue;
		uint32_t *zs = tile_at(c->p, c->p->tb.zs, c->b, i);
		bool pass = c->pass & bit;
		enum pipe_stencil_outcome o = (c->sfail & bit) ? PIPE_STENCIL_FAIL :
			pass ? PIPE_STENCIL_ZPASS : PIPE_STENCIL_ZFAIL;
		uint32_t z = pass && c->s->cfg.z_updates_enable ? c->z[i] : *zs >> 8;
		*zs = z << 8 | pipe_stencil_update(&c->stencil[i][c->b->reverse], o, *zs & 0xff);
	}
}

/* A tlb_stencil_setup write: each written lane's configuration. It has to
 * come before the tlb_z write and the tests. */
static bool stencil_setup(struct fs_ctx *c, struct sim_qpu *q, const uint32_t val[16],
			  uint16_t lanes, struct vc4_diag *diag)
{
	if (c->z_written || c->tested)
		return vc4_diag_set(diag, "ip %u: tlb_stencil_setup write after the %s write",
				    q->ip, c->tested ? "colour" : "tlb_z");
	for (uint32_t i = 0; i < 16; i++)
		if (lanes & (1u << i))
			pipe_stencil_setup(c->stencil[i], val[i]);
	return true;
}

/* The varyings the hardware generates before the record's for the
 * current primitive list type: a point's (s, t), a line's coordinate. They
 * are not counted in the record's number of varyings, nor by the Flat
 * Shade Flags. */
static uint32_t generated_varyings(uint32_t prim_type)
{
	return prim_type == VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_POINTS_LIST ? 2 :
		prim_type == VC4_PRIMITIVE_LIST_FORMAT_PRIMITIVE_TYPE_LINES_LIST ? 1 : 0;
}

/* Varying read k of vertex v: generated ones first, then the record's. */
static float varying_value(const struct pipe_vertex *v, uint32_t ngen, uint32_t k)
{
	return k < ngen ? v->coord[k] : v->vary[k - ngen];
}

static bool fs_varying(void *user, struct sim_qpu *q, uint32_t out[16], uint32_t c_out[16],
		       struct vc4_diag *diag)
{
	struct fs_ctx *c = user;
	uint32_t k = c->next_varying++, ngen = generated_varyings(c->s->prim_type);
	uint32_t nrec = c->rec->r.fragment_shader_number_of_varyings;
	if (k >= ngen + nrec)
		return vc4_diag_set(diag, "ip %u: varying read %u but the shader record declares "
				    "%u varyings (+%u generated for this primitive type)", q->ip,
				    k, nrec, ngen);
	const struct pipe_vertex *const *v = c->v;
	bool flat = k >= ngen && k - ngen < 32 && (c->s->flat_flags >> (k - ngen)) & 1;
	float cterm = varying_value(v[0], ngen, k);
	for (uint32_t i = 0; i < 16; i++) {
		const double *l = c->b->lambda[i];
		double a = flat ? 0.0 :
			l[1] * v[1]->inv_wc * ((double)varying_value(v[1], ngen, k) - cterm) +
			l[2] * v[2]->inv_wc * ((double)varying_value(v[2], ngen, k) - cterm);
		float f = pipe_to_float(a);
		memcpy(&out[i], &f, 4);
		memcpy(&c_out[i], &cterm, 4);
	}
	return true;
}

static bool fs_tlb_write(void *user, struct sim_qpu *q, enum qpu_reg_id reg,
			 const uint32_t val[16], uint16_t lanes, struct vc4_diag *diag)
{
	struct fs_ctx *c = user;
	if (reg == QPU_REG_TLB_Z) {
		if (c->tested)
			return vc4_diag_set(diag, "ip %u: tlb_z write after the colour write",
					    q->ip);
		for (uint32_t i = 0; i < 16; i++)
			if (lanes & (1u << i))
				c->z[i] = val[i] & 0xffffff;
		c->zmask = lanes;
		c->z_written = true;
		return true;
	}
	if (reg == QPU_REG_TLB_STENCIL)
		return stencil_setup(c, q, val, lanes, diag);
	if (reg == QPU_REG_TLB_COLOR_ALL || reg == QPU_REG_TLB_COLOR_MS) {
		zs_test(c);
		zs_update(c, c->colored ? 0 : lanes);
		c->colored = true;
		for (uint32_t i = 0; i < 16; i++) {
			if (!(c->pass & lanes & (1u << i)))
				continue;
			*tile_at(c->p, c->p->tb.color, c->b, i) = val[i];
			c->p->stats.fragments_written++;
		}
		for (uint32_t quad = 0; quad < 4; quad++)
			c->p->stats.quads_written += ((c->pass & lanes) >> (4 * quad) & 0xf) != 0;
		return true;
	}
	return vc4_diag_set(diag, "ip %u: %s write: not modelled (alpha mask)", q->ip,
			    qpu_reg_name(reg));
}

static bool fs_tlb_load(void *user, struct sim_qpu *q, enum qpu_sig sig, uint32_t out[16],
			struct vc4_diag *diag)
{
	struct fs_ctx *c = user;
	if (sig != QPU_SIG_COLOR_LOAD && sig != QPU_SIG_COLOR_LOAD_END)
		return vc4_diag_set(diag, "ip %u: coverage and alpha-mask loads are not modelled",
				    q->ip);
	for (uint32_t i = 0; i < 16; i++)
		out[i] = *tile_at(c->p, c->p->tb.color, c->b, i);
	return true;
}

static bool fs_texture(void *user, struct sim_qpu *q, unsigned unit, const struct sim_tmu_write *w,
		       unsigned n, uint32_t result[16], struct vc4_diag *diag)
{
	struct fs_ctx *c = user;
	(void)unit;
	c->p->stats.texture_requests++;
	return pipe_tmu_sample(c->p, q, w, n, result, diag);
}

/* Early Z (Configuration Bits "Early Z enable", unless the rendering
 * mode's "Early-Z/Early-Cov disable"): before the FS runs, the depth test of
 * the covered lanes with their interpolated Z against the tile buffer's Z.
 * Lanes that fail leave the block: no FS, no stencil or Z update, whatever
 * the FS would have written to tlb_z (docs/pipeline.md, "Early Z"). Returns
 * the lanes left. */
static uint16_t early_z(struct sim_pipe *p, const struct pipe_state *s,
			const struct pipe_frag_block *b)
{
	if (!s->cfg.early_z_enable || p->tb.cfg.early_z_early_cov_disable)
		return b->cover;
	uint16_t keep = 0;
	for (uint32_t i = 0; i < 16; i++) {
		uint16_t bit = (uint16_t)(1u << i);
		if (!(b->cover & bit))
			continue;
		uint32_t zs = *tile_at(p, p->tb.zs, b, i);
		if (pipe_compare(s->cfg.depth_test_function, b->z24[i], zs >> 8))
			keep |= bit;
		else
			p->stats.fragments_depth_failed++;
	}
	return keep;
}

bool pipe_fragment_block(struct sim_pipe *p, const struct pipe_state *s,
			 const struct pipe_shader_rec *rec, const struct pipe_vertex *v[3],
			 const struct pipe_frag_block *b)
{
	struct pipe_frag_block early;
	uint16_t cover = early_z(p, s, b);
	if (cover != b->cover) {
		if (!cover)
			return true;
		early = *b;
		early.cover = cover;
		b = &early;
	}
	struct fs_ctx c = { .p = p, .s = s, .rec = rec, .v = v, .b = b, .zmask = 0xffff };
	memcpy(c.z, b->z24, sizeof(c.z));
	for (uint32_t i = 0; i < 16; i++)
		pipe_stencil_reset(c.stencil[i]);
	struct sim_qpu_hooks hooks = {
		.user = &c, .varying = fs_varying, .tlb_write = fs_tlb_write,
		.tlb_load = fs_tlb_load, .tmu_texture = fs_texture,
	};
	struct sim_qpu *q = &p->qpu;
	uint32_t code = rec->r.fragment_shader_code_address.offset;
	for (uint32_t i = 0; i < 16; i++)
		p->stats.fragments_shaded += (b->cover >> i) & 1;
	for (uint32_t quad = 0; quad < 4; quad++)
		p->stats.quads_shaded += (b->cover >> (4 * quad) & 0xf) != 0;
	if (!pipe_shader_init(p, code, rec->r.fragment_shader_uniforms_address.offset, &hooks, q))
		return false;
	/* payloads: W in ra15, Z in rb15; the frame pixel of each lane */
	memcpy(q->rf[QPU_FILE_A][15], b->w, sizeof(q->rf[0][15]));
	memcpy(q->rf[QPU_FILE_B][15], b->z24, sizeof(q->rf[0][15]));
	for (uint32_t i = 0; i < 16; i++) {
		q->x_pix[i] = b->x0 + pipe_lane_x(i);
		q->y_pix[i] = b->y0 + pipe_lane_y(i);
		q->rev_flag[i] = b->reverse;
	}
	if (!pipe_shader_run(p, "fragment shader", code, q, &p->stats.qpu_instructions_fs))
		return false;
	if (!c.colored) { /* a run that wrote no colour still tests and updates Z/S */
		zs_test(&c);
		zs_update(&c, 0xffff);
	}
	return true;
}
