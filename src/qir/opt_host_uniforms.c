/*
 * opt_host_uniforms.c: hoists computation on uniforms and constants only to
 * the host ("preshader", qir_host.h). One forward walk in program order
 * marks the hoistable single-definition temps (their sources: host-known
 * uniforms, small immediates, load_imm constants, temps marked earlier); a
 * temp read by an instruction that stays is a frontier; a backward walk
 * over the marked temps finds what the frontiers need, and a forward one
 * appends those ops to c->host, so that every op reads only earlier ones.
 * Each frontier's definition becomes `mov t, uH` (copy propagation and DCE
 * of the next optimisation round finish the job). A temp defined in a loop
 * is invariant when it has one definition from such sources, so loops need
 * no special case. Frontiers that are only copies of a uniform are left.
 * The unconditional first write of a select (a temp written again under a
 * condition) becomes `mov t, uH` too when that removes work: it read a
 * hoisted temp, or two different uniforms (which would cost a mov).
 * The kind of the progress (c->change) is QIR_CHANGE_HOSTED when every
 * rewritten definition was no load_imm and now reads a HOST uniform (no
 * constant): nothing else changed (qir_optimize.c); else QIR_CHANGE_ANY.
 */
#include "qir/qir_host.h"

#include <stdlib.h>

#include "util/code_align.h"
#include "util/zalloc.h"

enum { H_NO = 0, H_MARKED = 1 };

/* Hoisting pays when the ops that leave the program are at least
 * 1/QIR_HOST_MIN_SHARE of its instructions: fewer are within what the
 * scheduler's and allocator's choices on a changed program move either way
 * (a long program losing 6 of 1,482 instructions came out 11 longer). */
#define QIR_HOST_MIN_SHARE 100

/* Per-temp state of the pass. */
struct hoist {
	struct qir_compile *c;
	uint8_t *state;           /* H_NO / H_MARKED */
	bool *real;               /* the value needs an op (not only copies) */
	bool *needed, *frontier;
	struct qir_inst **def;    /* the marked definition */
	struct qir_uniform *val;  /* the value, once materialised */
	uint32_t *order, n;       /* marked temps in program order */
	VC4_ARRAY(struct qir_inst *) sel; /* hoistable writes of multi-def temps */
};

/* Ops the host may run (qir_host.h); inline for this file's scan. */
static inline bool host_op_ok(uint32_t op)
{
	if (op >= QIR_OP_COUNT || op == QIR_OP_MIN_NOIMM)
		return false;
	const struct qir_op_info *i = &qir_ops[op];
	const uint32_t bad = QIR_OPF_SIDE_EFFECTS | QIR_OPF_TMU_WRITE | QIR_OPF_TMU_READ |
			     QIR_OPF_TLB | QIR_OPF_SIDEBAND | QIR_OPF_PAYLOAD | QIR_OPF_IMM_SRC |
			     QIR_OPF_BRANCH | QIR_OPF_THRSW | QIR_OPF_READS_R5;
	if (i->ndst != 1 || i->nsrc < 1 || i->sig != QPU_SIG_NONE || (i->flags & bad))
		return false;
	if (i->flags & QIR_OPF_SFU)
		return true;
	return i->periph == QPU_REG_RESERVED && (i->add_op != QPU_A_NOP || i->mul_op != QPU_M_NOP);
}

bool qir_host_op_ok(uint32_t op)
{
	return host_op_ok(op);
}

/* The leaf value of source r (a host-known uniform or a constant) into
 * *leaf, or -1 when r is none; 1 when r is a marked temp. */
static inline int source(const struct hoist *h, struct qir_reg r, struct qir_uniform *leaf)
{
	const struct qir_compile *c = h->c;
	if (r.unpack)
		return -1;
	if (r.file == QIR_FILE_SMALL_IMM) {
		*leaf = (struct qir_uniform){ QIR_UNIFORM_CONST, r.index };
		return 0;
	}
	if (r.file == QIR_FILE_UNIF) {
		if (r.index >= c->uniforms.len || !qir_uniform_host_known(c->uniforms.data[r.index].kind))
			return -1;
		*leaf = c->uniforms.data[r.index];
		return 0;
	}
	if (r.file != QIR_FILE_TEMP || r.index >= c->num_temps)
		return -1;
	if (h->state[r.index] == H_MARKED)
		return 1;
	const struct qir_inst *d = qir_temp_def(c, r.index);
	if (d && d->op == QIR_OP_LOAD_IMM && d->cond == QPU_COND_ALWAYS && !d->pack &&
	    !d->sf) {
		*leaf = (struct qir_uniform){ QIR_UNIFORM_CONST, d->src[0].index };
		return 0;
	}
	return -1;
}

/* Whether inst is an op of the copy kind that adds nothing to a value. */
static bool is_copy(const struct qir_inst *inst)
{
	return inst->op == QIR_OP_MOV || inst->op == QIR_OP_MMOV;
}

/* Whether the unconditional write inst of a multi-def temp (the first
 * half of a select) pays as `mov t, uH`: it reads a marked temp whose ops
 * then go, or two different uniforms (a mov less). */
static bool select_pays(const struct hoist *h, const struct qir_inst *inst)
{
	if (is_copy(inst) || inst->op == QIR_OP_FMOV)
		return false;
	const struct qir_reg *r = inst->src;
	for (unsigned s = 0; s < qir_ops[inst->op].nsrc; s++)
		if (r[s].file == QIR_FILE_TEMP && h->state[r[s].index] == H_MARKED)
			return true;
	return qir_ops[inst->op].nsrc == 2 && r[0].file == QIR_FILE_UNIF &&
	       r[1].file == QIR_FILE_UNIF && r[0].index != r[1].index;
}

/* Marks inst's destination when inst can run on the host (or notes inst
 * as a select's hoistable write). */
static void mark(struct hoist *h, struct qir_inst *inst)
{
	const struct qir_compile *c = h->c;
	if (!host_op_ok(inst->op) || inst->cond != QPU_COND_ALWAYS || inst->sf ||
	    inst->pack || inst->dst.file != QIR_FILE_TEMP || inst->dst.index >= c->num_temps)
		return;
	bool real = !is_copy(inst) && inst->op != QIR_OP_FMOV;
	for (unsigned s = 0; s < qir_ops[inst->op].nsrc; s++) {
		struct qir_uniform leaf;
		int k = source(h, inst->src[s], &leaf);
		if (k < 0)
			return;
		if (k == 1)
			real |= h->real[inst->src[s].index];
	}
	if (qir_temp_def(c, inst->dst.index) != inst) {
		if (select_pays(h, inst) && !vc4_array_push(&h->sel, inst))
			h->c->oom = true;
		return;
	}
	if (inst->op == QIR_OP_FMOV && !real)
		return;   /* fmov of a plain uniform: nothing to gain */
	uint32_t t = inst->dst.index;
	h->state[t] = H_MARKED;
	h->real[t] = real;
	h->def[t] = inst;
	h->order[h->n++] = t;
}

/* Marks frontiers: real marked temps read by an instruction that is not
 * a marked definition. */
static void find_frontiers(struct hoist *h)
{
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(h->c, b) {
		qir_foreach_inst(b, inst) {
			bool kept = !(inst->dst.file == QIR_FILE_TEMP &&
				      inst->dst.index < h->c->num_temps &&
				      h->def[inst->dst.index] == inst);
			for (int s = 0; kept && s < QIR_MAX_SRC; s++) {
				struct qir_reg r = inst->src[s];
				if (r.file == QIR_FILE_TEMP && r.index < h->c->num_temps &&
				    h->state[r.index] == H_MARKED && h->real[r.index])
					h->frontier[r.index] = h->needed[r.index] = true;
			}
		}
	}
}

/* Makes d `mov dst, u` (its destination, condition and flags stay). */
static void to_mov(struct qir_compile *c, struct qir_inst *d, struct qir_reg u)
{
	if (d->op == QIR_OP_LOAD_IMM || c->uniforms.data[u.index].kind != QIR_UNIFORM_HOST)
		c->change = QIR_CHANGE_ANY;   /* more than QIR_CHANGE_HOSTED */
	d->op = QIR_OP_MOV;
	d->src[0] = u;
	d->src[1] = qir_null();
}

/* The value of source r of a needed op (its sources are materialised). */
static struct qir_uniform value_of(const struct hoist *h, struct qir_reg r)
{
	struct qir_uniform leaf = { QIR_UNIFORM_CONST, 0 };
	if (source(h, r, &leaf) == 1)
		return h->val[r.index];
	return leaf;
}

/* Marks what the frontiers need; returns how many ops that is (the
 * instructions the program loses). */
static uint32_t find_needed(struct hoist *h)
{
	uint32_t ops = (uint32_t)h->sel.len;
	for (size_t i = 0; i < h->sel.len; i++)
		for (unsigned s = 0; s < qir_ops[h->sel.data[i]->op].nsrc; s++) {
			struct qir_reg r = h->sel.data[i]->src[s];
			if (r.file == QIR_FILE_TEMP && h->state[r.index] == H_MARKED)
				h->needed[r.index] = true;
		}
	for (uint32_t i = h->n; i-- > 0;) {
		uint32_t t = h->order[i];
		const struct qir_inst *d = h->def[t];
		for (unsigned s = 0; h->needed[t] && s < qir_ops[d->op].nsrc; s++)
			if (d->src[s].file == QIR_FILE_TEMP && h->state[d->src[s].index] == H_MARKED)
				h->needed[d->src[s].index] = true;
		ops += h->needed[t] && !is_copy(d);
	}
	return ops;
}

/* Appends the needed ops to c->host and rewrites the frontiers; true when
 * something changed. */
static bool materialise(struct hoist *h)
{
	struct qir_compile *c = h->c;
	bool progress = false;
	for (uint32_t i = 0; i < h->n; i++) {
		uint32_t t = h->order[i];
		struct qir_inst *d = h->def[t];
		if (!h->needed[t])
			continue;
		if (is_copy(d)) {
			h->val[t] = value_of(h, d->src[0]);
		} else {
			struct qir_host_op op = { .op = d->op };
			for (unsigned s = 0; s < qir_ops[d->op].nsrc; s++)
				op.src[s] = value_of(h, d->src[s]);
			if (!vc4_array_push(&c->host, op)) {
				c->oom = true;
				return progress;
			}
			h->val[t] = (struct qir_uniform){ QIR_UNIFORM_HOST,
							 (uint32_t)(c->host.len - 1) };
		}
		if (!h->frontier[t])
			continue;
		struct qir_reg u = qir_uniform(c, (enum qir_uniform_kind)h->val[t].kind,
					       h->val[t].data);
		if (c->oom)
			return progress;
		to_mov(c, d, u);
		progress = true;
	}
	for (size_t i = 0; i < h->sel.len; i++) {
		struct qir_inst *d = h->sel.data[i];
		struct qir_host_op op = { .op = d->op };
		for (unsigned s = 0; s < qir_ops[d->op].nsrc; s++)
			op.src[s] = value_of(h, d->src[s]);
		if (!vc4_array_push(&c->host, op))
			return c->oom = true, progress;
		struct qir_reg u = qir_uniform(c, QIR_UNIFORM_HOST, (uint32_t)(c->host.len - 1));
		if (c->oom)
			return progress;
		to_mov(c, d, u);
		progress = true;
	}
	return progress;
}

/* The pass: mark, find frontiers and what they need, materialise. */
VC4_CODE_ALIGN(4096)
bool qir_opt_host_uniforms(struct qir_compile *c)
{
	if (!qir_temp_defs(c)) {
		c->oom = true;
		return false;
	}
	size_t n = c->num_temps ? c->num_temps : 1;
	struct hoist h = { .c = c };
	h.state = vc4_calloc(n, 1);
	h.real = vc4_calloc(n, sizeof(bool));
	h.needed = vc4_calloc(n, sizeof(bool));
	h.frontier = vc4_calloc(n, sizeof(bool));
	h.def = vc4_calloc(n, sizeof(*h.def));
	h.val = vc4_calloc(n, sizeof(*h.val));
	h.order = vc4_calloc(n, sizeof(*h.order));
	bool progress = false;
	if (!h.state || !h.real || !h.needed || !h.frontier || !h.def || !h.val || !h.order) {
		c->oom = true;
	} else {
		struct qir_block *b;
		struct qir_inst *inst;
		uint32_t insts = 0;
		qir_foreach_block(c, b) {
			qir_foreach_inst(b, inst)
				mark(&h, inst), insts++;
		}
		find_frontiers(&h);
		uint32_t ops = find_needed(&h);
		c->change = QIR_CHANGE_HOSTED;
		if (ops && ops * QIR_HOST_MIN_SHARE >= insts)
			progress = materialise(&h);
	}
	free(h.state), free(h.real), free(h.needed), free(h.frontier);
	free(h.def), free(h.val), free(h.order);
	vc4_array_free(&h.sel);
	if (progress)
		qir_invalidate(c);
	return progress;
}
