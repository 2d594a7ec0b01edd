/*
 * pipe_fragment.c: the fragment stage for one 4x4 block: the W and Z
 * payloads (ra15, rb15), varyings as the hardware hands them (the read gives
 * the perspective-divided, W-scaled part, r5 the C term: value = vary * W + C),
 * the pixel coordinates x_pix / y_pix, the depth test and Z update against
 * the tile buffer, TLB colour and Z writes with their lane conditions
 * (discard), colour loads, and the TMU hook. Runs of the FS are sequential,
 * so the scoreboard holds.
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
	uint16_t pass;         /* lanes covered and passing the depth test */
	bool tested, colored;
};

static uint32_t *tile_at(struct sim_pipe *p, uint32_t *array, const struct pipe_frag_block *b,
			 uint32_t lane)
{
	uint32_t x = (b->x0 + pipe_lane_x(lane)) % PIPE_TILE_SIZE;
	uint32_t y = (b->y0 + pipe_lane_y(lane)) % PIPE_TILE_SIZE;
	(void)p;
	return &array[y * PIPE_TILE_SIZE + x];
}

static bool compare(enum vc4_compare_function f, uint32_t a, uint32_t b)
{
	switch (f) {
	case VC4_COMPARE_FUNCTION_NEVER: return false;
	case VC4_COMPARE_FUNCTION_LESS: return a < b;
	case VC4_COMPARE_FUNCTION_EQUAL: return a == b;
	case VC4_COMPARE_FUNCTION_LESS_OR_EQUAL: return a <= b;
	case VC4_COMPARE_FUNCTION_GREATER: return a > b;
	case VC4_COMPARE_FUNCTION_NOT_EQUAL: return a != b;
	case VC4_COMPARE_FUNCTION_GREATER_OR_EQUAL: return a >= b;
	default: return true;
	}
}

/* The depth test of the covered lanes, once per run. */
static void depth_test(struct fs_ctx *c)
{
	if (c->tested)
		return;
	c->tested = true;
	for (uint32_t i = 0; i < 16; i++) {
		if (!(c->b->cover & (1u << i)))
			continue;
		uint32_t zs = *tile_at(c->p, c->p->tb.zs, c->b, i);
		if (compare(c->s->cfg.depth_test_function, c->z[i], zs >> 8))
			c->pass |= (uint16_t)(1u << i);
		else
			c->p->stats.fragments_depth_failed++;
	}
}

/* Writes Z (when updates are enabled) for the lanes of `lanes` that passed. */
static void z_update(struct fs_ctx *c, uint16_t lanes)
{
	if (!c->s->cfg.z_updates_enable)
		return;
	for (uint32_t i = 0; i < 16; i++) {
		if (!(c->pass & lanes & c->zmask & (1u << i)))
			continue;
		uint32_t *zs = tile_at(c->p, c->p->tb.zs, c->b, i);
		*zs = c->z[i] << 8 | (*zs & 0xff);
	}
}

static bool fs_varying(void *user, struct sim_qpu *q, uint32_t out[16], uint32_t c_out[16],
		       struct vc4_diag *diag)
{
	struct fs_ctx *c = user;
	uint32_t k = c->next_varying++;
	if (k >= c->rec->r.fragment_shader_number_of_varyings)
		return vc4_diag_set(diag, "ip %u: varying read %u but the shader record declares "
				    "%u varyings", q->ip, k,
				    c->rec->r.fragment_shader_number_of_varyings);
	const struct pipe_vertex *const *v = c->v;
	bool flat = k < 32 && (c->s->flat_flags >> k) & 1;
	float cterm = v[0]->vary[k];
	for (uint32_t i = 0; i < 16; i++) {
		const double *l = c->b->lambda[i];
		double a = flat ? 0.0 :
			l[1] * v[1]->inv_wc * ((double)v[1]->vary[k] - cterm) +
			l[2] * v[2]->inv_wc * ((double)v[2]->vary[k] - cterm);
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
		return true;
	}
	if (reg == QPU_REG_TLB_COLOR_ALL || reg == QPU_REG_TLB_COLOR_MS) {
		depth_test(c);
		z_update(c, c->colored ? 0 : lanes);
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
	return vc4_diag_set(diag, "ip %u: %s write: not modelled (stencil, alpha mask)", q->ip,
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

bool pipe_fragment_block(struct sim_pipe *p, const struct pipe_state *s,
			 const struct pipe_shader_rec *rec, const struct pipe_vertex *v[3],
			 const struct pipe_frag_block *b)
{
	struct fs_ctx c = { .p = p, .s = s, .rec = rec, .v = v, .b = b, .zmask = 0xffff };
	memcpy(c.z, b->z24, sizeof(c.z));
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
	}
	if (!pipe_shader_run(p, "fragment shader", code, q, &p->stats.qpu_instructions_fs))
		return false;
	if (!c.colored) { /* a run that wrote no colour still tests and updates Z */
		depth_test(&c);
		z_update(&c, 0xffff);
	}
	return true;
}
