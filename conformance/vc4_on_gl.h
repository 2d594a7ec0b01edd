/*
 * vc4_on_gl.h: what the parts of the GL implementation of our public API
 * share (include/vc4/vc4.h on GLES 2 + EGL, for vc4-demo-gl): the objects'
 * layouts, the sticky error, and the texture orientation rule.
 *
 * Orientation. Our API's images are linear rows with row 0 the top of the
 * picture: a texture's row 0 is t = 0, and a render target's row 0 is
 * where clip y = +1 lands (docs/api.md). GL keeps uploaded rows as given
 * (row 0 at t = 0, the same) but renders with window row 0 at clip
 * y = -1. So each texture knows which way its GL rows run: `bottom_up`
 * after rendering, top-down after an upload. Rendering needs bottom-up
 * rows, sampling and reading back need top-down ones; vot_tex_orient()
 * turns a texture over (through the CPU) when the next use needs the other
 * way. With VC4_ON_GL_RTT=gl, sampling takes a rendered texture as GL
 * leaves it (GL's own render-to-texture semantics) instead.
 */
#ifndef CONFORMANCE_VC4_ON_GL_H
#define CONFORMANCE_VC4_ON_GL_H

#include <stdbool.h>
#include <stdint.h>

#include "harness.h"
#include "vc4/vc4.h"

#define VOT_UNITS 16           /* sampler units */
#define VOT_LOCATIONS 8        /* attribute locations */

struct vc4_ctx {
	struct harness h;                    /* EGL display and GLES 2 context */
	char error[1024];                    /* the sticky error, "" when none */
	char returned[1024];                 /* what vc4_ctx_error() last returned */
	GLuint fbo;                          /* the framebuffer object drawn into */
	GLuint read_fbo;                     /* another, to read textures back */
	struct vc4_texture *colour, *depth;  /* its attachments */
	struct vc4_prog *prog;               /* the bound program */
	struct vc4_vertex_attrib attribs[VOT_LOCATIONS];
	uint32_t num_attribs;
	struct vc4_texture *units[VOT_UNITS];
	bool gl_rtt;                         /* VC4_ON_GL_RTT=gl: no flip before sampling */
	struct vc4_ctx_stats stats;
};

struct vc4_buffer {
	struct vc4_ctx *ctx;
	GLuint vbo;
	uint8_t *data;                       /* a copy: indices, stride-0 attributes */
	uint32_t size;
};

struct vc4_texture {
	struct vc4_ctx *ctx;
	enum vc4_format format;
	enum vc4_layout layout;
	uint32_t width, height;
	GLuint tex;                          /* colour formats: the GL texture */
	GLuint rb;                           /* Z24S8: a depth(-stencil) renderbuffer */
	bool bottom_up;                      /* GL rows run from the picture's bottom */
	bool linear;                         /* sampler: bilinear, else nearest */
	enum vc4_wrap wrap_s, wrap_t;
};

struct vc4_prog {
	struct vc4_ctx *ctx;
	GLuint prog;
	uint8_t components[VOT_LOCATIONS];  /* per location: 0 unused, else 1..4 */
	uint32_t num_locations;             /* the highest used + 1 */
	char names[VOT_LOCATIONS][64];      /* the attribute (or matrix) at each location */
};

/* Keeps `fmt` as the context's error unless one is pending; returns false. */
bool vot_fail(struct vc4_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* False (with "WHAT: GL error 0x...") when glGetError reports an error. */
bool vot_gl_ok(struct vc4_ctx *ctx, const char *what);

/* Makes the texture's GL rows run bottom-up (true: to render to it) or
 * top-down (false: to sample or read it), turning them over if needed. */
bool vot_tex_orient(struct vc4_texture *tex, bool bottom_up);

/* Applies the texture's sampler state to its GL texture (bound to unit). */
void vot_tex_bind(struct vc4_texture *tex, uint32_t unit);

/* Reads the GL rows of a colour texture as they are (row 0 first). */
bool vot_tex_read_gl(struct vc4_texture *tex, uint8_t *rgba);

#endif
