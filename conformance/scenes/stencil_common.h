/*
 * stencil_common.h: what the stencil scenes share: the start of a scene
 * (it needs a stencil buffer; clear to black, the uniform-colour program,
 * the stencil test on), quads in NDC, and full-screen paints through a
 * stencil test.
 */
#ifndef CONFORMANCE_STENCIL_COMMON_H
#define CONFORMANCE_STENCIL_COMMON_H

#include "../scene.h"

/* Fails unless the framebuffer has a stencil buffer; clears colour to
 * black, depth to 1 and stencil to 0; enables the stencil test; returns the
 * current uniform-colour program. */
GLuint stencil_begin(struct harness *h, const char *scene);

/* The quad x0..x1, y0..y1 (NDC) as a triangle strip whose first triangle
 * is counter-clockwise (front-facing), in colour (r, g, b). */
void stencil_quad(GLuint prog, float x0, float y0, float x1, float y1, float r, float g,
		  float b);

/* Paints the whole frame in (r, g, b) where the stencil test FUNC REF MASK
 * passes, keeping the stencil. */
void stencil_paint(GLuint prog, GLenum func, GLint ref, GLuint mask, float r, float g,
		   float b);

#endif
