/*
 * drv_ctx.c: the context: opening the device ($VC4_DEBUG read once, here),
 * the error text (sticky until read, like glGetError), hang reports,
 * statistics, the program cache, the rendering probe, and closing.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drv.h"

void drv_begin(struct vc4_ctx *ctx)
{
	vc4_diag_clear(&ctx->call_err);
}

bool drv_error(struct vc4_ctx *ctx, const char *fmt, ...)
{
	if (ctx->call_err.set)
		return false;
	va_list ap;
	va_start(ap, fmt);
	vc4_diag_vset(&ctx->call_err, fmt, ap);
	va_end(ap);
	if (!ctx->err.set)
		ctx->err = ctx->call_err;
	return false;
}

/* Keeps the text of a hang on texture `t` (may be NULL) for its read-back. */
static void note_hang(struct vc4_texture *t, const char *text)
{
	if (!t)
		return;
	free(t->hang);
	size_t n = strlen(text) + 1;
	t->hang = malloc(n);
	if (t->hang) /* out of memory: no note */
		memcpy(t->hang, text, n);
}

bool drv_check_hang(struct vc4_ctx *ctx, struct vc4_texture *a, struct vc4_texture *b)
{
	struct vc4_diag why = { 0 }, text = { 0 };
	if (!vc4_dev_check_hang(ctx->dev, &why))
		return true;
	vc4_diag_set(&text, "GPU hang: %s", why.msg);
	vc4_diag_set(&ctx->hang, "%s", text.msg);
	note_hang(a, text.msg);
	note_hang(b, text.msg);
	return drv_error(ctx, "%s", text.msg);
}

static const enum vc4_backend backend_of[] = {
	[VC4_CTX_BACKEND_AUTO] = VC4_BACKEND_AUTO,
	[VC4_CTX_BACKEND_SIM] = VC4_BACKEND_SIM,
	[VC4_CTX_BACKEND_DRM] = VC4_BACKEND_DRM,
};

struct vc4_ctx *vc4_ctx_create(enum vc4_ctx_backend backend, char *err, size_t err_size)
{
	struct vc4_diag diag = { 0 };
	if ((unsigned)backend > VC4_CTX_BACKEND_DRM) {
		snprintf(err, err_size, "vc4_ctx_create: unknown backend %u", (unsigned)backend);
		return NULL;
	}
	uint32_t debug;
	if (!drv_debug_parse(getenv("VC4_DEBUG"), &debug, err, err_size))
		return NULL;
	struct vc4_ctx *ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		snprintf(err, err_size, "vc4_ctx_create: out of memory");
		return NULL;
	}
	ctx->debug = debug;
	struct vc4_dev_options opts = { .backend = backend_of[backend] };
	ctx->dev = vc4_dev_open(&opts, &diag);
	ctx->cache = ctx->dev ? vc4_compile_cache_create() : NULL;
	if (!ctx->dev || !ctx->cache) {
		snprintf(err, err_size, "%s", ctx->dev ? "vc4_ctx_create: out of memory" : diag.msg);
		if (ctx->dev)
			vc4_dev_close(ctx->dev);
		free(ctx);
		return NULL;
	}
	struct vc4_compile_options copts = { .keep_qir = drv_debugging(ctx, DRV_DEBUG_QIR) };
	vc4_compile_cache_set_options(ctx->cache, &copts);
	drv_state_init(&ctx->state);
	ctx->bo_cap = DRV_DEFAULT_BO_CAP;
	vc4_dev_check_hang(ctx->dev, &diag); /* a hang from before us is not ours */
	return ctx;
}

void vc4_ctx_destroy(struct vc4_ctx *ctx)
{
	if (!ctx)
		return;
	vc4_finish(ctx); /* frees every job, submitted or rejected */
	drv_perf_stop(ctx);
	vc4_bo_unref(ctx->dummy_vbo);
	vc4_array_free(&ctx->jobs);
	vc4_compile_cache_destroy(ctx->cache);
	drv_debug_free(ctx);
	vc4_bo_cache_clear(ctx->dev);
	vc4_dev_close(ctx->dev);
	free(ctx);
}

const char *vc4_ctx_error(struct vc4_ctx *ctx)
{
	if (!ctx->err.set)
		return "";
	memcpy(ctx->err_read, ctx->err.msg, sizeof(ctx->err_read));
	vc4_diag_clear(&ctx->err);
	return ctx->err_read;
}

const char *vc4_ctx_backend_name(const struct vc4_ctx *ctx)
{
	return vc4_backend_name(vc4_dev_backend(ctx->dev));
}

void vc4_ctx_get_stats(const struct vc4_ctx *ctx, struct vc4_ctx_stats *stats)
{
	*stats = ctx->stats;
	vc4_compile_cache_stats(ctx->cache, &stats->programs_cached, &stats->programs_compiled);
}

void vc4_ctx_set_bo_cap(struct vc4_ctx *ctx, uint64_t bytes)
{
	ctx->bo_cap = bytes;
}

bool drv_supports(const struct vc4_ctx *ctx, uint32_t param)
{
	uint64_t value;
	return vc4_dev_param(ctx->dev, param, &value) && value;
}
