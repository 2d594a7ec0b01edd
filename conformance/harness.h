/*
 * harness.h: the scenes' frame around GL: choosing the EGL platform (GBM on
 * /dev/dri/card0, or surfaceless), a configless GLES 2 context made current
 * without a surface, the framebuffer object a scene draws into, reading it
 * back, writing it as a PNG file, and reporting every EGL and GL error with
 * the call that failed (then exiting non-zero).
 */
#ifndef CONFORMANCE_HARNESS_H
#define CONFORMANCE_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>

struct gbm_device;

struct harness {
	int fd;                    /* the DRM node for GBM, or -1 */
	struct gbm_device *gbm;
	EGLDisplay dpy;
	EGLContext ctx;
	GLuint fbo, colour, depth_stencil;
	int width, height;
	bool has_stencil;          /* false when only DEPTH_COMPONENT16 was available */
};

/* Prints "scene: error: ..." on stderr and exits with status 1. */
void h_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* Exits through h_fail, naming CALL and FILE:LINE, if glGetError reports one. */
void h_gl_check(const char *call, const char *file, int line);

/* Runs a GL call and checks glGetError right after it. */
#define GL(call) \
	do { \
		call; \
		h_gl_check(#call, __FILE__, __LINE__); \
	} while (0)

/* Opens the EGL display (platform from SCENE_PLATFORM=gbm|surfaceless, else
 * GBM when /dev/dri/card0 opens) and makes a GLES 2 context current with no
 * surface. Prints the platform, GL_RENDERER and GL_VERSION on stderr. */
void harness_open(struct harness *h);

/* Creates and binds a WIDTHxHEIGHT framebuffer: an RGBA8 texture and a
 * depth/stencil renderbuffer; sets the viewport to cover it. */
void harness_fbo(struct harness *h, int width, int height);

/* Checks that no GL error is pending and the framebuffer is complete, then
 * returns the framebuffer's pixels (RGBA8, row 0 at the bottom; the caller
 * frees them). */
uint8_t *harness_read(struct harness *h);

/* Writes WIDTHxHEIGHT RGBA8 pixels, row 0 at the bottom, to PATH as a PNG
 * whose first row is the top of the image. */
void harness_write_png(const char *path, const uint8_t *pixels, int width, int height);

/* Makes a desktop OpenGL context (EGL_OPENGL_API, no config, no surface,
 * at least GL 2.1) current instead of the GLES 2 one and returns it: for
 * what GLES 2 has no way to ask for (multisampled renderbuffers, through
 * GL_EXT_framebuffer_multisample and GL_EXT_framebuffer_blit). Its
 * GL_VERSION goes to stderr. */
EGLContext harness_desktop_gl(struct harness *h);

/* Destroys CTX (from harness_desktop_gl) and makes the GLES 2 context
 * current again, its framebuffer bound. */
void harness_back_to_gles(struct harness *h, EGLContext ctx);

/* Replaces the framebuffer's pixels with WIDTHxHEIGHT RGBA8 PIXELS (row 0
 * at the bottom), as read from another context. Draw nothing afterwards:
 * Mesa's vc4 does not load the uploaded texture into the next draw's job
 * (docs/conformance-scenes.md). */
void harness_upload(struct harness *h, const uint8_t *pixels);

/* The address of GL function NAME (eglGetProcAddress); exits when NULL. */
void *harness_proc(const char *name);

/* Deletes the framebuffer, releases the context, terminates the display and
 * closes the device. */
void harness_close(struct harness *h);

#endif
