/*
 * lower_resets.c: the uniform-stream address resets the kernel's shader
 * validator requires (kernel-vc4.md §e E6): at every basic-block start the
 * uniform address is undefined, so a block that reads a uniform first
 * re-points the stream with
 *     LOAD_IMM t, (n + 1) * 4          n = uniform reads before, in program order
 *     UNIFORMS_RESET t, u(uniforms_address)
 * (an unconditional ADD to the uniforms_addr register; the kernel fills the
 * uniforms_address uniform with the stream's own address).
 */
#include "qir/lower/qir_lower.h"

/* Uniform-reading instructions of block b. */
static uint32_t block_reads(const struct qir_block *b)
{
	uint32_t n = 0;
	const struct qir_inst *i;
	qir_foreach_inst(b, i)
		n += qir_inst_reads_uniform(i, NULL);
	return n;
}

/* True when some branch goes to its own block or an earlier one. */
static bool has_backward_branch(const struct qir_compile *c)
{
	for (size_t k = 0; k < c->blocks.len; k++) {
		const struct qir_inst *last = c->blocks.data[k]->last;
		if (last && last->op == QIR_OP_BRANCH && last->target <= k)
			return true;
	}
	return false;
}

/* Inserts the reset pair at the top of b; `before` = uniform reads so far. */
static void insert_reset(struct qir_compile *c, struct qir_block *b, uint32_t before)
{
	struct qir_reg t = qir_temp(c);
	struct qir_inst *imm = qir_inst_create(c, QIR_OP_LOAD_IMM, t,
					       qir_reg(QIR_FILE_IMM, (before + 1) * 4), qir_null());
	struct qir_inst *reset = qir_inst_create(c, QIR_OP_UNIFORMS_RESET, qir_null(), t,
						 qir_uniform(c, QIR_UNIFORM_UNIFORMS_ADDRESS, 0));
	if (!imm || !reset)
		return;
	struct qir_inst *first = b->first;
	qir_inst_insert_before(b, first, reset);
	qir_inst_insert_before(b, reset, imm);
}

bool qir_lower_uniform_resets(struct qir_compile *c, struct vc4_diag *diag)
{
	bool backward = has_backward_branch(c);
	uint32_t count = 0;
	for (size_t k = 0; k < c->blocks.len; k++) {
		struct qir_block *b = c->blocks.data[k];
		uint32_t reads = block_reads(b);
		bool last = k + 1 == c->blocks.len;
		if (k > 0 && (reads > 0 || (last && backward))) {
			insert_reset(c, b, count);
			count++;
		}
		count += reads;
	}
	qir_invalidate(c);
	if (c->oom)
		return vc4_diag_set(diag, "out of memory");
	return true;
}
