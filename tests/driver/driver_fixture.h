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

/* Binds `buf` as two vec4 float attributes, stride 32 (position, colour). */
void drvt_bind_colour_attribs(struct vc4_ctx *ctx, struct vc4_buffer *buf);

uint32_t drvt_u32(const uint8_t *p, size_t off);

#endif
