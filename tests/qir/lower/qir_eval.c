/*
 * qir_eval.c: the test-only QIR executor (see qir_eval.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qir_eval.h"
#include "compiler/vc4_host_eval.h"
#include "sim/sim_alu.h"

#define L QEVAL_LANES

struct state {
	const struct qir_compile *c;
	struct qeval *e;
	uint32_t (*t)[L];
	uint32_t *host;          /* the host program's results (c->host) */
	bool z[L], n[L], cy[L];
	char *err;
};

/* The word of a uniform entry of a kind other than HOST. */
static uint32_t entry_value(void *p, const struct qir_uniform *u)
{
	const struct state *s = p;
	switch (u->kind) {
	case QIR_UNIFORM_CONST: return u->data;
	case QIR_UNIFORM_USER: return u->data < QEVAL_MAX_IO ? s->e->user[u->data] : 0;
	case QIR_UNIFORM_BLEND_CONST: return s->e->blend_const[u->data & 3];
	case QIR_UNIFORM_VIEWPORT_X_SCALE: return s->e->vp[0];
	case QIR_UNIFORM_VIEWPORT_Y_SCALE: return s->e->vp[1];
	case QIR_UNIFORM_VIEWPORT_Z_SCALE: return s->e->vp[2];
	case QIR_UNIFORM_VIEWPORT_Z_OFFSET: return s->e->vp[3];
	default: return 0;
	}
}

/* The word uniform pool entry `index` reads (HOST ones from s->host). */
static uint32_t uniform_value(const struct state *s, uint32_t index)
{
	return vc4_host_entry(&s->c->uniforms.data[index], s->host, s->c->host.len, entry_value,
			      (void *)s);
}

static const uint32_t *special(const struct state *s, uint32_t which)
{
	switch (which) {
	case QIR_SPECIAL_FRAG_X: return s->e->frag_x;
	case QIR_SPECIAL_FRAG_Y: return s->e->frag_y;
	case QIR_SPECIAL_FRAG_REV_FLAG: return s->e->rev_flag;
	default: return NULL;
	}
}

/* Reads operand r (with its unpack) for an op with float inputs or not. */
static bool read_src(struct state *s, struct qir_reg r, bool fl, uint32_t *out)
{
	const uint32_t *src = NULL;
	uint32_t one = 0;
	switch (r.file) {
	case QIR_FILE_TEMP: src = s->t[r.index]; break;
	case QIR_FILE_UNIF: one = uniform_value(s, r.index); break;
	case QIR_FILE_SMALL_IMM: case QIR_FILE_IMM: one = r.index; break;
	case QIR_FILE_VARY: src = r.index < QEVAL_MAX_IO ? s->e->vary[r.index] : NULL; break;
	case QIR_FILE_VPM: src = r.index < QEVAL_MAX_IO ? s->e->vpm_in[r.index] : NULL; break;
	case QIR_FILE_SPECIAL: src = special(s, r.index); break;
	case QIR_FILE_NULL: break;
	default: return false;
	}
	if ((r.file == QIR_FILE_VARY || r.file == QIR_FILE_VPM || r.file == QIR_FILE_SPECIAL) && !src)
		return false;
	const struct qpu_unpack_info *u = &qpu_unpacks[r.unpack];
	bool unorm8 = r.unpack && fl && u->bits == 8 && !u->replicate;
	for (int i = 0; i < L; i++) {
		uint32_t x = src ? src[i] : one;
		out[i] = r.unpack ? sim_unpack((enum qpu_unpack)r.unpack, fl, x) : x;
		if (unorm8 && s->e->host_rounding) { /* round to nearest, as C does */
			float f = (float)((double)((x >> u->shift) & 0xff) / 255.0);
			memcpy(&out[i], &f, 4);
		}
	}
	return true;
}

/* A TMU parameter write (the s write queues the request). */
static bool tmu_write(struct state *s, const struct qir_inst *in)
{
	struct qeval *e = s->e;
	uint32_t v[L];
	if (!read_src(s, in->src[0], false, v))
		return false;
	for (int i = 0; i < L; i++) {
		struct qeval_tex_request *r = &e->pending[i];
		float f;
		memcpy(&f, &v[i], 4);
		r->sampler = s->c->uniforms.data[in->src[1].index].data;
		if (in->op == QIR_OP_TEX_R)
			r->r = f, r->has_r = true;
		else if (in->op == QIR_OP_TEX_T)
			r->t = f;
		else if (in->op == QIR_OP_TEX_B)
			r->bias = f, r->has_bias = true;
		else
			r->s = f;
	}
	if (in->op != QIR_OP_TEX_S)
		return true;
	if (e->fifo_len == QEVAL_TMU_FIFO) {
		snprintf(s->err, 256, "qeval: TMU request FIFO overflow");
		return false;
	}
	memcpy(e->fifo[e->fifo_len++], e->pending, sizeof(e->pending));
	memset(e->pending, 0, sizeof(e->pending));
	return true;
}

/* tex_result: pops the oldest request. */
static bool tmu_result(struct state *s, uint32_t *res)
{
	struct qeval *e = s->e;
	if (e->fifo_len == 0) {
		snprintf(s->err, 256, "qeval: tex_result without a request");
		return false;
	}
	for (int i = 0; i < L; i++)
		res[i] = e->tex ? e->tex(e->tex_user, &e->fifo[0][i]) : 0;
	memmove(e->fifo[0], e->fifo[1], sizeof(e->fifo[0]) * --e->fifo_len);
	return true;
}

static const enum sim_sfu_func sfu_funcs[] = {
	[QIR_OP_RCP] = SIM_SFU_RECIP, [QIR_OP_RSQ] = SIM_SFU_RECIPSQRT,
	[QIR_OP_EXP2] = SIM_SFU_EXP2, [QIR_OP_LOG2] = SIM_SFU_LOG2,
};

/* The SFU functions as C computes them (host_rounding mode). */
static void host_sfu(uint16_t op, const uint32_t *a, uint32_t *res)
{
	for (int i = 0; i < L; i++) {
		float x, r;
		memcpy(&x, &a[i], 4);
		switch (op) {
		case QIR_OP_RCP: r = 1.0f / x; break;
		case QIR_OP_RSQ: r = 1.0f / sqrtf(x); break;
		case QIR_OP_EXP2: r = exp2f(x); break;
		default: r = log2f(x); break;
		}
		memcpy(&res[i], &r, 4);
	}
}

/* fadd, fsub and itof as C computes them in round-to-nearest, with the
 * QPU's flushes and Inf/NaN operand rules (host_rounding mode: the
 * simulator's ALU rounds toward zero whatever the host's mode). Returns
 * false for the other ops. */
static bool host_add(enum qpu_op_add op, const uint32_t *a, const uint32_t *b, uint32_t *res,
		     uint32_t *carry)
{
	if (op != QPU_A_FADD && op != QPU_A_FSUB && op != QPU_A_ITOF)
		return false;
	for (int i = 0; i < L; i++) {
		uint32_t x = (a[i] & 0x7f800000u) ? a[i] : 0, y = (b[i] & 0x7f800000u) ? b[i] : 0;
		float fx, fy, r;
		memcpy(&fx, &x, 4);
		memcpy(&fy, &y, 4);
		if (op == QPU_A_FSUB)
			fy = -fy;
		r = op == QPU_A_ITOF ? (float)(int32_t)a[i] : fx + fy;
		memcpy(&res[i], &r, 4);
		if (op == QPU_A_ITOF) {
			carry[i] = (int32_t)a[i] > 0;
			continue;
		}
		res[i] = (res[i] & 0x7f800000u) ? res[i] : 0;
		uint32_t yb = op == QPU_A_FSUB ? b[i] ^ 0x80000000u : b[i];
		if ((a[i] & 0x7f800000u) == 0x7f800000u)
			res[i] = (a[i] & 0x80000000u) | 0x7f800000u;
		if ((yb & 0x7f800000u) == 0x7f800000u)
			res[i] = (yb & 0x80000000u) | 0x7f800000u;
		carry[i] = (int32_t)res[i] > 0;
	}
	return true;
}

/* Computes the op's result into res; *is_float = result is a float. */
static bool compute(struct state *s, const struct qir_inst *in, uint32_t *res, uint32_t *carry,
		    bool *is_float, bool *mul)
{
	const struct qir_op_info *info = &qir_ops[in->op];
	uint32_t a[L], b[L];
	bool fl = info->flags & QIR_OPF_FLOAT_IN;
	if (!read_src(s, in->src[0], fl, a) || !read_src(s, in->src[1], fl, b))
		return false;
	if (info->nsrc == 1)
		memcpy(b, a, sizeof(a));
	*is_float = info->flags & QIR_OPF_FLOAT_OUT;
	*mul = false;
	memset(carry, 0, sizeof(uint32_t) * L);
	switch (in->op) {
	case QIR_OP_LOAD_IMM: case QIR_OP_UNDEF: memcpy(res, a, sizeof(a)); return true;
	case QIR_OP_FRAG_W: memcpy(res, s->e->frag_w, sizeof(a)); return true;
	case QIR_OP_FRAG_Z: memcpy(res, s->e->frag_z, sizeof(a)); return true;
	case QIR_OP_TLB_COLOR_READ: memcpy(res, s->e->tlb_color_in, sizeof(a)); return true;
	case QIR_OP_TEX_RESULT: return tmu_result(s, res);
	case QIR_OP_VARY_ADD_C: memcpy(res, a, sizeof(a)); return true;  /* C = 0 */
	case QIR_OP_RCP: case QIR_OP_RSQ: case QIR_OP_EXP2: case QIR_OP_LOG2:
		if (s->e->host_rounding)
			host_sfu(in->op, a, res);
		else
			sim_sfu_vec(sfu_funcs[in->op], SIM_SFU_15BIT, a, res);
		return true;
	default: break;
	}
	if (info->add_op == QPU_A_NOP && info->mul_op == QPU_M_NOP) {
		snprintf(s->err, 256, "qeval: op '%s' not supported", info->name);
		return false;
	}
	struct sim_fpu_env env = { 0 };
	if (!s->e->host_rounding)
		sim_fpu_enter(&env);
	if (info->add_op != QPU_A_NOP) {
		if (!s->e->host_rounding ||
		    !host_add((enum qpu_op_add)info->add_op, a, b, res, carry))
			sim_alu_add((enum qpu_op_add)info->add_op, a, b, res, carry);
	} else {
		sim_alu_mul((enum qpu_op_mul)info->mul_op,
			    s->e->host_rounding ? SIM_FMUL_RNE : SIM_FMUL_RTZ, a, b, res, carry);
		*mul = true;
	}
	if (!s->e->host_rounding)
		sim_fpu_leave(&env);
	return true;
}

static bool cond_holds(const struct state *s, unsigned cond, int i)
{
	switch (cond) {
	case QPU_COND_ALWAYS: return true;
	case QPU_COND_ZS: return s->z[i];
	case QPU_COND_ZC: return !s->z[i];
	case QPU_COND_NS: return s->n[i];
	case QPU_COND_NC: return !s->n[i];
	case QPU_COND_CS: return s->cy[i];
	case QPU_COND_CC: return !s->cy[i];
	default: return false;
	}
}

/* Writes lane i of the (packed) result to the destination. */
static void write_lane(struct state *s, struct qir_reg d, int i, uint32_t v, uint32_t mask)
{
	struct qeval *e = s->e;
	if (d.file == QIR_FILE_TEMP)
		s->t[d.index][i] = (s->t[d.index][i] & ~mask) | (v & mask);
	else if (d.file == QIR_FILE_VPM && e->nvpm_out < QEVAL_MAX_IO)
		e->vpm_out[e->nvpm_out][i] = v;
	else if (d.file == QIR_FILE_SPECIAL && d.index == QIR_SPECIAL_TLB_COLOR)
		e->tlb_color[i] = v, e->color_written[i] = true;
	else if (d.file == QIR_FILE_SPECIAL && d.index == QIR_SPECIAL_TLB_Z)
		e->tlb_z[i] = v, e->z_written[i] = true;
}

static bool exec_alu(struct state *s, const struct qir_inst *in)
{
	uint32_t res[L], carry[L];
	bool is_float, mul;
	if (in->op == QIR_OP_THRSW)
		return true;
	if (in->op == QIR_OP_TEX_R || in->op == QIR_OP_TEX_T || in->op == QIR_OP_TEX_B ||
	    in->op == QIR_OP_TEX_S)
		return tmu_write(s, in);
	if (!compute(s, in, res, carry, &is_float, &mul)) {
		if (!s->err[0])
			snprintf(s->err, 256, "qeval: cannot execute '%s'", qir_ops[in->op].name);
		return false;
	}
	for (int i = 0; i < L; i++) {
		if (!cond_holds(s, in->cond, i))
			continue;
		uint32_t mask = ~0u, v = res[i];
		if (in->pack && in->pack_mul)
			v = sim_pack_mul((enum qpu_pack_mul)in->pack, v, &mask);
		else if (in->pack)
			v = sim_pack_a((enum qpu_pack_a)in->pack, is_float, v, (int32_t)v, &mask);
		write_lane(s, in->dst, i, v, mask);
		if (in->sf) {
			uint32_t zm = is_float ? 0x7fffffffu : ~0u;
			s->z[i] = (res[i] & zm) == 0;
			s->n[i] = res[i] >> 31;
			s->cy[i] = carry[i];
		}
	}
	if (in->dst.file == QIR_FILE_VPM)
		s->e->nvpm_out++;
	return true;
}

static bool branch_taken(const struct state *s, unsigned cond)
{
	if (cond == QPU_BR_ALWAYS)
		return true;
	static const uint8_t flag_cond[3] = { QPU_COND_ZS, QPU_COND_NS, QPU_COND_CS };
	unsigned c = (unsigned)(flag_cond[(cond / 4) % 3] + (cond & 1));
	bool any = (cond & 2) != 0, all = true, some = false;
	for (int i = 0; i < L; i++) {
		bool h = cond_holds(s, c, i);
		all = all && h;
		some = some || h;
	}
	return any ? some : all;
}

bool qeval_run(const struct qir_compile *c, struct qeval *e, uint64_t max_steps, char *err)
{
	struct state s = { .c = c, .e = e, .err = err };
	err[0] = 0;
	e->fifo_len = 0;
	s.t = calloc(c->num_temps + 1, sizeof(*s.t));
	s.host = calloc(c->host.len + 1, sizeof(uint32_t));
	if (!s.t || !s.host || !vc4_host_eval(c->host.data, c->host.len, entry_value, &s, s.host)) {
		snprintf(err, 256, "qeval: no memory, or a host op it cannot evaluate");
		free(s.t), free(s.host);
		return false;
	}
	size_t b = 0;
	bool ok = true;
	e->steps = 0;
	while (ok && b < c->blocks.len) {
		const struct qir_block *blk = c->blocks.data[b];
		size_t next = b + 1;
		for (const struct qir_inst *in = blk->first; ok && in; in = in->next) {
			if (++e->steps > max_steps) {
				snprintf(err, 256, "qeval: more than %llu steps",
					 (unsigned long long)max_steps);
				ok = false;
			} else if (in->op == QIR_OP_BRANCH) {
				if (branch_taken(&s, in->cond))
					next = in->target;
			} else {
				ok = exec_alu(&s, in);
			}
		}
		b = next;
	}
	free(s.t), free(s.host);
	return ok;
}
