/*
 * drv_buffer.c: vertex and index buffers: a BO holding a copy of the
 * caller's bytes. Buffers are immutable, so no job ever has to be flushed
 * before one is written.
 */
#include <stdlib.h>
#include <string.h>

#include "drv.h"

struct vc4_buffer *vc4_buffer_create(struct vc4_ctx *ctx, const void *data, uint32_t size)
{
	struct vc4_diag diag = { 0 };
	drv_begin(ctx);
	if (size == 0 || (!data && size)) {
		drv_error(ctx, "vc4_buffer_create: %s", size ? "no data" : "size 0");
		return NULL;
	}
	struct vc4_buffer *buf = calloc(1, sizeof(*buf));
	if (!buf) {
		drv_error(ctx, "vc4_buffer_create: out of memory");
		return NULL;
	}
	buf->ctx = ctx;
	buf->size = size;
	buf->bo = vc4_bo_alloc(ctx->dev, size, "vertex/index buffer", &diag);
	void *map = buf->bo ? vc4_bo_map(buf->bo, &diag) : NULL;
	if (!map) {
		drv_error(ctx, "vc4_buffer_create: %s", diag.msg);
		vc4_bo_unref(buf->bo);
		free(buf);
		return NULL;
	}
	memcpy(map, data, size);
	return buf;
}

void vc4_buffer_destroy(struct vc4_buffer *buf)
{
	if (!buf)
		return;
	struct drv_state *s = &buf->ctx->state;
	for (uint32_t i = 0; i < DRV_MAX_ATTRS; i++) {
		if (s->attribs[i].buffer == buf)
			s->attribs[i].buffer = NULL;
	}
	vc4_bo_unref(buf->bo); /* pending jobs hold their own references */
	free(buf);
}
