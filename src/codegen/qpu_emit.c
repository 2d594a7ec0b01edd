/*
 * qpu_emit.c: the emitter's entry point — selection, scheduling of every
 * block in program order, the program end, and the uniform stream re-read
 * from the final instruction order (with the host program its HOST entries
 * name).
 */
#include <stdlib.h>
#include <string.h>

#include "codegen/emit_internal.h"
#include "qir/qir_host.h"
#include "util/code_align.h"
#include "util/zalloc.h"

static void free_blocks(struct emit_block *blocks, size_t n)
{
	for (size_t b = 0; blocks && b < n; b++)
		vc4_array_free(&blocks[b].nodes);
	free(blocks);
}

/* Copies the scheduled program into `out`. */
static bool collect(const struct qir_compile *c, const struct emit_prog *p,
		    struct qpu_program *out)
{
	if (!vc4_array_reserve(&out->words, p->out.len))
		return false;
	for (size_t ip = 0; ip < p->out.len; ip++) {
		uint64_t w = p->out.data[ip].word;
		out->words.data[out->words.len++] = w;
		enum qpu_sig sig = qpu_get_sig(w);
		if (qpu_form_of(w) == QPU_FORM_ALU &&
		    (sig == QPU_SIG_THREAD_SWITCH || sig == QPU_SIG_LAST_THREAD_SWITCH))
			out->threaded = true;
		int32_t u = p->out.data[ip].unif;
		if (u >= 0 && (size_t)u < c->uniforms.len &&
		    !vc4_array_push(&out->uniforms.entries, c->uniforms.data[u]))
			return false;
	}
	out->cycles = p->cycles;
	out->pairs = p->pairs;
	return qir_host_copy(c, &out->uniforms);
}

/* Allocated QIR to QPU code into out (qpu_emit.h): selects words per block,
 * schedules and pairs each block, then places the program end and patches
 * branches. False with diag on an operand that cannot be encoded or out of
 * memory (out is then freed). */
VC4_CODE_ALIGN(1024)
bool qpu_emit(const struct qir_compile *c, const struct qir_ra_result *ra,
	      struct qpu_program *out, struct vc4_diag *diag)
{
	memset(out, 0, sizeof(*out));
	size_t nb = c->blocks.len;
	struct emit_block *blocks = vc4_calloc(nb ? nb : 1, sizeof(*blocks));
	struct emit_prog p;
	memset(&p, 0, sizeof(p));
	p.block_ip = vc4_calloc(nb ? nb : 1, sizeof(uint32_t));
	p.fs = c->stage == QIR_STAGE_FRAGMENT;
	p.last_thrsw = UINT32_MAX;
	bool ok = blocks && p.block_ip;
	if (!ok)
		vc4_diag_set(diag, "out of memory");
	ok = ok && emit_select(c, ra, blocks, diag);
	for (size_t b = 0; ok && b < nb; b++) {
		emit_fuse_block(&blocks[b], b + 1 == nb);
		ok = emit_schedule_block(&blocks[b], (uint32_t)b, &p, diag);
	}
	ok = ok && emit_finish(&p, (uint32_t)nb, diag);
	if (ok && !collect(c, &p, out))
		ok = vc4_diag_set(diag, "out of memory");
	free_blocks(blocks, nb);
	free(p.block_ip);
	vc4_array_free(&p.out);
	if (!ok)
		qpu_program_free(out);
	return ok;
}

void qpu_program_free(struct qpu_program *p)
{
	vc4_array_free(&p->words);
	qir_uniform_stream_free(&p->uniforms);
	memset(p, 0, sizeof(*p));
}
