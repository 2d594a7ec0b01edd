/*
 * driver_fixture.h: what the driver tests share: a simulator context, the
 * demo shaders as text, and little-endian readers.
 */
#ifndef VC4_TESTS_DRIVER_FIXTURE_H
#define VC4_TESTS_DRIVER_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "vc4/vc4.h"

/* The vertex/fragment shaders of examples/scenes/ the tests draw with. */
extern const char drvt_colour_vs[], drvt_colour_fs[];
extern const char drvt_textured_vs[], drvt_textured_fs[];

/* A context on the simulator; fails the test when it cannot be opened. */
struct vc4_ctx *drvt_ctx(void);

/* Three vertices (x, y, z, w, r, g, b, a) of a triangle, in a buffer. */
struct vc4_buffer *drvt_triangle(struct vc4_ctx *ctx);

/* Two triangles covering the target: six vec4 positions (x, y, 0, 1),
 * stride 16; fails the test if refused. */
struct vc4_buffer *drvt_quad(struct vc4_ctx *ctx);

/* Binds `buf` as two vec4 float attributes, stride 32 (position, colour). */
void drvt_bind_colour_attribs(struct vc4_ctx *ctx, struct vc4_buffer *buf);

/* A 64x64 RGBA8 render target in `layout`; fails the test if refused. */
struct vc4_texture *drvt_target(struct vc4_ctx *ctx, enum vc4_layout layout);

/* Records a black clear of `t` and the RGB triangle of `b` (drvt_triangle)
 * drawn with `prog`; the caller flushes. Fails the test on any error. */
void drvt_draw_triangle(struct vc4_ctx *ctx, struct vc4_texture *t, struct vc4_buffer *b,
			struct vc4_prog *prog);

uint32_t drvt_u32(const uint8_t *p, size_t off);
/* Pixel (x, y) of a read-back RGBA8 image `width` wide as 0xRRGGBBAA. */
uint32_t drvt_px(const uint8_t *img, uint32_t width, uint32_t x, uint32_t y);

#endif
