/*
 * vc4_compile.c: the compile driver — runs the pipeline for each program of
 * a shader and checks every program it produces with the hazard checker and
 * the kernel's shader rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/vc4_compile.h"
#include "compiler/vc4_check_samples.h"
#include "qir/lower/qir_lower.h"
#include "qir/qir_host.h"
#include "qpu/check/qpu_check.h"
#include "qpu/check/qpu_kernel.h"
#include "util/code_align.h"
#include "util/zalloc.h"

const char *vc4_stage_name(enum qir_stage stage)
{
	static const char *const names[] = {
		[QIR_STAGE_VERTEX] = "vertex", [QIR_STAGE_COORD] = "coordinate",
		[QIR_STAGE_FRAGMENT] = "fragment",
	};
	return stage <= QIR_STAGE_FRAGMENT ? names[stage] : "?";
}

void vc4_compiled_stage_stats(const struct vc4_compiled_stage *p, char *buf, size_t size)
{
	snprintf(buf, size, "%s shader: %u inst, %u threads, %u uniforms, %u max-temps, "
		 "%u estimated-cycles", vc4_stage_name((enum qir_stage)p->stage), p->num_inst,
		 p->threads, p->num_uniforms, p->max_temps, p->cycles);
}

/* Most temps live at one ip, from c's liveness, left in lv for the
 * register allocator (freed on failure). */
static bool max_temps(struct qir_compile *c, uint32_t *out, struct qir_liveness *lv,
		      struct vc4_diag *diag)
{
	if (!qir_liveness(c, lv, diag))
		return false;
	uint32_t n = lv->num_insts + 1, best = 0;
	int32_t *delta = vc4_calloc(n + 1, sizeof(int32_t));
	if (!delta) {
		qir_liveness_free(lv);
		return vc4_diag_set(diag, "out of memory");
	}
	for (uint32_t t = 0; t < lv->num_temps; t++) {
		if (lv->start[t] == QIR_NONE || lv->start[t] >= lv->end[t])
			continue;
		delta[lv->start[t]]++;
		delta[lv->end[t] < n ? lv->end[t] : n]--;
	}
	int32_t live = 0;
	for (uint32_t ip = 0; ip < n; ip++) {
		live += delta[ip];
		if (live > (int32_t)best)
			best = (uint32_t)live;
	}
	free(delta);
	*out = best;
	return true;
}

static enum qpu_stage check_stage(enum qir_stage s)
{
	return s == QIR_STAGE_FRAGMENT ? QPU_STAGE_FS :
	       s == QIR_STAGE_COORD ? QPU_STAGE_CS : QPU_STAGE_VS;
}

/* The hazard checker and the kernel's rules over the finished program, and
 * the kernel's record of its TMU lookups against its uniform stream. */
static bool check_program(const struct vc4_compiled_stage *p, struct vc4_diag *diag)
{
	const char *name = vc4_stage_name((enum qir_stage)p->stage);
	struct qpu_check_report rep = {0};
	const uint64_t *w = p->code.words.data;
	size_t n = p->code.words.len;
	if (!qpu_check_hazards(w, n, check_stage((enum qir_stage)p->stage), &rep, diag))
		return false;
	if (rep.count) {
		const struct qpu_violation *v = &rep.v[0];
		vc4_diag_set(diag, "compiler bug: %s shader breaks a hardware rule: ip %u: %s: %s",
			     name, v->ip, qpu_check_rules[v->rule].id, v->msg);
		qpu_check_report_free(&rep);
		return false;
	}
	qpu_check_report_free(&rep);
	size_t padded;
	uint8_t *page = qpu_kernel_pad_to_page(w, n * 8, &padded);
	if (!page)
		return vc4_diag_set(diag, "out of memory");
	struct qpu_kernel_info info;
	struct vc4_diag kd = {0};
	bool ok = qpu_kernel_validate((const uint64_t *)(const void *)page, padded / 8, &info,
				      &kd);
	free(page);
	if (!ok)
		return vc4_diag_set(diag, "compiler bug: the kernel rejects the %s shader: %s",
				    name, kd.msg);
	ok = vc4_check_samples(&p->code.uniforms, &info, name, diag);
	qpu_kernel_info_free(&info);
	return ok;
}

/* Lowering through uniform resets: the QIR ready for allocation, reordered
 * for latency when `presched`, uniform-only values hoisted to the host when
 * `host`. NULL + diag on failure. */
static struct qir_compile *prepare_qir(const struct ir_shader *sh, const struct ir_shader *fs,
				       const struct qir_shader_key *key, enum qir_stage stage,
				       bool presched, bool host, struct vc4_diag *diag)
{
	struct qir_compile *c = qir_lower_shader(sh, fs, key, stage, diag);
	if (!c)
		return NULL;
	qir_compact_insts(c);   /* program order in memory: faster passes (long programs) */
	bool ok = qir_optimize(c, diag);
	qir_compact_insts(c);
	if (ok && qir_opt_fold_packs(c) && !c->oom)
		ok = qir_optimize_again(c, diag);
	if (ok && host && qir_opt_host_uniforms(c) && !c->oom)
		ok = qir_optimize_again(c, diag);
	if (ok && !qir_opt_vpm_order(c) && c->oom)
		ok = false;
	if (ok && !qir_opt_imm_movs(c) && c->oom)
		ok = false;
	if (ok && !qir_lower_uniforms(c) && c->oom)
		ok = false;
	if (ok && !qir_opt_vpm_reads(c) && c->oom)
		ok = false;
	if (ok && presched)
		ok = qir_schedule(c);
	if (ok && !qir_opt_r4_unpack(c) && c->oom)
		ok = false;
	if (ok && c->oom)
		ok = false;
	if (!ok && c->oom)
		vc4_diag_set(diag, "out of memory");
	ok = ok && qir_lower_direct_clamps(c, diag) && qir_lower_uniform_resets(c, diag);
	if (!ok) {
		qir_compile_free(c);
		return NULL;
	}
	return c;
}

/* Whether the compile hoists uniform-only values to the host: unless the
 * options or VC4_NO_HOST_UNIFORMS=1 in the environment say not to. */
static bool host_uniforms(const struct vc4_compile_options *opt)
{
	const char *env = getenv("VC4_NO_HOST_UNIFORMS");
	return !(opt && opt->no_host_uniforms) && !(env && env[0] == '1');
}

/* Lowering through the checks for one program, with uniform-only values
 * on the host when the options allow it; *ra_failed tells an allocation
 * failure from the others. */
VC4_CODE_ALIGN(1024)
static bool compile_stage(const struct ir_shader *sh, const struct ir_shader *fs,
			  const struct qir_shader_key *key, enum qir_stage stage, bool presched,
			  const struct vc4_compile_options *opt, struct vc4_compiled_stage *p,
			  bool *ra_failed, struct vc4_diag *diag)
{
	memset(p, 0, sizeof(*p));
	p->stage = (uint8_t)stage;
	*ra_failed = false;
	struct qir_compile *c = prepare_qir(sh, fs, key, stage, presched, host_uniforms(opt),
					    diag);
	if (!c)
		return false;
	struct qir_ra_result ra = {0};
	struct qir_liveness lv;
	bool ok = max_temps(c, &p->max_temps, &lv, diag);
	if (ok && !qir_register_allocate_live(c, &lv, &ra, diag))   /* frees lv */
		ok = false, *ra_failed = true;
	if (ok && opt && opt->keep_qir && !(p->qir = qir_print(c)))
		ok = vc4_diag_set(diag, "out of memory");
	ok = ok && qpu_emit(c, &ra, &p->code, diag);
	/* the QIR is done with: free it before the checks (peak memory) */
	qir_ra_result_free(&ra);
	qir_compile_free(c);
	if (ok) {
		p->threads = p->code.threaded ? 2 : 1;
		p->num_inst = (uint32_t)p->code.words.len;
		p->num_uniforms = (uint32_t)p->code.uniforms.entries.len;
		p->cycles = p->code.cycles;
		ok = check_program(p, diag);
	}
	return ok;
}

static void program_free(struct vc4_compiled_stage *p)
{
	qpu_program_free(&p->code);
	free(p->qir);
	memset(p, 0, sizeof(*p));
}

/* The latency-ordered program, or the original order when that one does
 * not allocate (or loses the second thread of a threaded shader). */
static bool compile_best(const struct ir_shader *sh, const struct ir_shader *fs,
			 const struct qir_shader_key *key, enum qir_stage stage,
			 const struct vc4_compile_options *opt, struct vc4_compiled_stage *p,
			 struct vc4_diag *diag)
{
	bool ra_failed;
	struct vc4_diag first = {0};
	if (opt && opt->no_presched)
		return compile_stage(sh, fs, key, stage, false, opt, p, &ra_failed, diag);
	bool ok = compile_stage(sh, fs, key, stage, true, opt, p, &ra_failed, &first);
	bool lost_thread = ok && stage == QIR_STAGE_FRAGMENT && key->threaded && p->threads < 2;
	if (ok && !lost_thread)
		return true;
	if (!ok && !ra_failed) {
		*diag = first;
		return false;
	}
	struct vc4_compiled_stage plain;
	if (!compile_stage(sh, fs, key, stage, false, opt, &plain, &ra_failed, diag))
		return ok;   /* keep the single-threaded latency-ordered one, if any */
	if (ok && plain.threads <= p->threads) {
		program_free(&plain);
		return true;
	}
	if (ok)
		program_free(p);
	*p = plain;
	return true;
}

bool vc4_fs_wants_threads(const struct ir_shader *sh)
{
	for (size_t i = 0; i < sh->instrs.len; i++)
		if (sh->instrs.data[i].op == IR_OP_TEX || sh->instrs.data[i].op == IR_OP_TEXB)
			return true;
	return false;
}

bool vc4_compile_linked(const struct ir_shader *sh, const struct ir_shader *fs,
			const struct qir_shader_key *key, const struct vc4_compile_options *opt,
			struct vc4_compile_result *result, struct vc4_diag *diag)
{
	memset(result, 0, sizeof(*result));
	bool vertex = sh->stage == IR_STAGE_VERTEX;
	enum qir_stage want = vertex ? QIR_STAGE_VERTEX : QIR_STAGE_FRAGMENT;
	if (key->stage != want)
		return vc4_diag_set(diag, "%s: shader key is for the %s stage, the shader is a "
				    "%s shader", ir_str(sh, sh->filename),
				    vc4_stage_name((enum qir_stage)key->stage), vc4_stage_name(want));
	struct qir_shader_key own = *key;
	if (!vertex && !vc4_fs_wants_threads(sh))
		own.threaded = false;
	bool ok = compile_best(sh, fs, &own, want, opt, &result->prog[0], diag);
	result->count = 1;
	if (ok && vertex) {
		result->count = 2;
		ok = compile_best(sh, fs, key, QIR_STAGE_COORD, opt, &result->prog[1], diag);
	}
	if (!ok)
		vc4_compile_result_free(result);
	return ok;
}

void vc4_compile_result_free(struct vc4_compile_result *r)
{
	for (uint32_t i = 0; i < 2; i++)
		program_free(&r->prog[i]);
	memset(r, 0, sizeof(*r));
}
