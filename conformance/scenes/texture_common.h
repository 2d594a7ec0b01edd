/*
 * texture_common.h: what the texture scenes share: a program that passes a
 * texture coordinate to a fragment shader sampling unit 0, a textured quad
 * placed in frame pixels, texture creation and parameters, and extension
 * checks (a scene needing a missing extension fails, naming it).
 */
#ifndef CONFORMANCE_TEXTURE_COMMON_H
#define CONFORMANCE_TEXTURE_COMMON_H

#include <stdbool.h>

#include "../scene.h"

/* A vertex shader passing `a_pos` through and `a_uv` (vec3) to `v_uv`. */
extern const char tex_vs[];
/* gl_FragColor = texture2D(u_tex, v_uv.xy). */
extern const char tex_fs_2d[];

/* scene_program(tex_vs, FS) with `u_tex` on unit 0. */
GLuint tex_program(const char *fs);

/* Draws the quad of frame pixels [x0, x1) x [y0, y1) (y up, 64x64 frame)
 * with coordinates (u0, v0) at (x0, y0) .. (u1, v1) at (x1, y1), w = 0. */
void tex_quad(GLuint prog, float x0, float y0, float x1, float y1, float u0, float v0,
	      float u1, float v1);

/* The same with a 3-component coordinate per corner, in the order
 * (x0, y0), (x1, y0), (x1, y1), (x0, y1). */
void tex_quad3(GLuint prog, float x0, float y0, float x1, float y1, const float uvw[4][3]);

/* A new texture bound to TARGET on unit 0, unpack alignment 1. */
GLuint tex_new(GLenum target);

/* Filters and wrap modes of the texture bound to TARGET. */
void tex_params(GLenum target, GLint min, GLint mag, GLint wrap_s, GLint wrap_t);

/* Whether the context reports extension NAME. */
bool tex_has_extension(const char *name);

/* Fails the scene unless extension NAME is there. */
void tex_require(const char *name);

#endif
