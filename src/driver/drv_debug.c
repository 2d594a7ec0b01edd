/*
 * drv_debug.c: the debug switches of $VC4_DEBUG (like Mesa's), read once
 * when a context is created: qir, qpu and shaderdb print each compiled
 * variant's QIR, disassembly and statistics; cl prints the decoded bin CL
 * of each job; perf says why each job was flushed (and when a threaded
 * fragment shader lost its second thread); always_flush submits the job
 * after every draw, always_sync also waits for every job it submits. All of
 * it goes to stderr; docs/api.md, "Debug switches", has the formats.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl/clif.h"
#include "drv.h"
#include "qpu/qpu_dis.h"

static const char *const flag_names[DRV_DEBUG_COUNT] = {
	[DRV_DEBUG_QIR] = "qir", [DRV_DEBUG_QPU] = "qpu", [DRV_DEBUG_CL] = "cl",
	[DRV_DEBUG_SHADERDB] = "shaderdb", [DRV_DEBUG_PERF] = "perf",
	[DRV_DEBUG_ALWAYS_FLUSH] = "always_flush", [DRV_DEBUG_ALWAYS_SYNC] = "always_sync",
};

/* The flag called `name` (n bytes), or DRV_DEBUG_COUNT. */
static enum drv_debug_flag flag_of(const char *name, size_t n)
{
	for (int f = 0; f < DRV_DEBUG_COUNT; f++) {
		if (strlen(flag_names[f]) == n && strncmp(flag_names[f], name, n) == 0)
			return (enum drv_debug_flag)f;
	}
	return DRV_DEBUG_COUNT;
}

/* The refusal of an unknown name, listing the valid ones. */
static bool unknown(const char *name, size_t n, char *err, size_t size)
{
	char list[160] = "";
	size_t len = 0;
	for (int f = 0; f < DRV_DEBUG_COUNT && len < sizeof(list); f++)
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s", f ? ", " : "",
					flag_names[f]);
	snprintf(err, size, "VC4_DEBUG: unknown option '%.*s' (valid: %s)", (int)n, name, list);
	return false;
}

bool drv_debug_parse(const char *value, uint32_t *flags, char *err, size_t size)
{
	*flags = 0;
	for (const char *s = value ? value : ""; *s;) {
		size_t n = strcspn(s, ",");
		enum drv_debug_flag f = flag_of(s, n);
		if (n && f == DRV_DEBUG_COUNT)
			return unknown(s, n, err, size);
		if (n)
			*flags |= 1u << f;
		s += n + (s[n] == ',');
	}
	return true;
}

static const struct vc4_compiled_stage *variant_program(const struct drv_variant *v, int i)
{
	return i == 0 ? &v->vs->prog[0] : i == 1 ? &v->vs->prog[1] : &v->fs->prog[0];
}

/* The QIR, disassembly and statistics of one program, as switched on. */
static void print_program(const struct vc4_ctx *ctx, const char *who,
			  const struct vc4_compiled_stage *p)
{
	const char *stage = vc4_stage_name((enum qir_stage)p->stage);
	if (drv_debugging(ctx, DRV_DEBUG_QIR) && p->qir)
		fprintf(stderr, "vc4: %s: %s shader QIR:\n%s", who, stage, p->qir);
	if (drv_debugging(ctx, DRV_DEBUG_QPU)) {
		char *text = qpu_disasm_program(p->code.words.data, p->code.words.len);
		fprintf(stderr, "vc4: %s: %s shader QPU:\n%s", who, stage,
			text ? text : "(out of memory)\n");
		free(text);
	}
	if (drv_debugging(ctx, DRV_DEBUG_SHADERDB)) {
		char line[192];
		vc4_compiled_stage_stats(p, line, sizeof(line));
		fprintf(stderr, "SHADER-DB: %s: %s\n", who, line);
	}
}

void drv_debug_variant(const struct vc4_ctx *ctx, const struct vc4_prog *prog,
		       const struct drv_variant *v, size_t index)
{
	if (!ctx->debug)
		return;
	char who[64];
	snprintf(who, sizeof(who), "prog %u variant %zu", prog->id, index + 1);
	for (int i = 0; i < 3; i++)
		print_program(ctx, who, variant_program(v, i));
	if (drv_debugging(ctx, DRV_DEBUG_PERF) && v->fs_key.threaded &&
	    vc4_fs_wants_threads(prog->fs) && v->fs->prog[0].threads == 1)
		fprintf(stderr, "vc4 perf: %s: the fragment shader runs single-threaded (its "
			"values do not fit the half register files)\n", who);
}

/* Why a job is flushed, for perf. */
static const char *reason_text(const struct vc4_ctx *ctx, enum drv_flush_reason why,
			       char *buf, size_t size)
{
	static const char *const text[DRV_FLUSH_REASON_COUNT] = {
		[DRV_FLUSH_EXPLICIT] = "vc4_flush or vc4_finish, or its render target or the "
			"context is destroyed",
		[DRV_FLUSH_DEPENDENCY] = "another job uses a texture it renders to, or renders to "
			"a texture it uses",
		[DRV_FLUSH_READBACK] = "the CPU reads its render target",
		[DRV_FLUSH_CLEAR] = "a clear follows its draws",
		[DRV_FLUSH_DEBUG] = "VC4_DEBUG always_flush or always_sync, after a draw",
	};
	if (why == DRV_FLUSH_BO_CAP)
		snprintf(buf, size, "its BOs passed the cap of %llu bytes",
			 (unsigned long long)ctx->bo_cap);
	else
		snprintf(buf, size, "%s", text[why]);
	return buf;
}

/* The decoded bin CL of `job`, loading the packet description once. */
static void print_cl(struct vc4_ctx *ctx, const struct drv_job *job)
{
	struct vc4_diag d = { 0 };
	const struct cl_job *cl = &job->cl;
	if (!cl->bcl.len) {
		fprintf(stderr, "vc4: job %u: no bin CL (only a clear)\n", job->id);
		return;
	}
	if (!ctx->debug_spec && !(ctx->debug_spec = clif_spec_load(&d))) {
		fprintf(stderr, "vc4: job %u: cannot decode its CL: %s\n", job->id, d.msg);
		return;
	}
	fprintf(stderr, "vc4: job %u: bin CL, %zu bytes, %u shader records:\n", job->id,
		cl->bcl.len, cl->shader_rec_count);
	if (!clif_dump(ctx->debug_spec, cl->bcl.data, cl->bcl.len, CLIF_BIN_CL, false, stderr,
		       &d))
		fprintf(stderr, "vc4: job %u: %s\n", job->id, d.msg);
}

void drv_debug_flush(struct vc4_ctx *ctx, const struct drv_job *job, enum drv_flush_reason why)
{
	if (drv_debugging(ctx, DRV_DEBUG_PERF)) {
		char buf[160];
		fprintf(stderr, "vc4 perf: job %u (%ux%u, %u draws%s): flushed: %s\n", job->id,
			job->color->width, job->color->height, job->draws,
			job->cleared ? ", a clear" : "", reason_text(ctx, why, buf, sizeof(buf)));
	}
	if (drv_debugging(ctx, DRV_DEBUG_CL))
		print_cl(ctx, job);
}

void drv_debug_free(struct vc4_ctx *ctx)
{
	clif_spec_free(ctx->debug_spec);
	ctx->debug_spec = NULL;
}
