/*
 * harness.c: EGL and GLES 2 set-up and tear-down for the scenes (GBM or
 * surfaceless platform, configless context, no surface), the framebuffer
 * object they draw into, read-back, PNG output, and the error reports.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#include <EGL/eglext.h>
#include <GLES2/gl2ext.h>
#include <gbm.h>
#include <png.h>

struct err_name {
	unsigned code;
	const char *name;
};

static const struct err_name gl_errors[] = {
	{ GL_INVALID_ENUM, "GL_INVALID_ENUM" },
	{ GL_INVALID_VALUE, "GL_INVALID_VALUE" },
	{ GL_INVALID_OPERATION, "GL_INVALID_OPERATION" },
	{ GL_INVALID_FRAMEBUFFER_OPERATION, "GL_INVALID_FRAMEBUFFER_OPERATION" },
	{ GL_OUT_OF_MEMORY, "GL_OUT_OF_MEMORY" },
	{ 0, NULL },
};

static const struct err_name egl_errors[] = {
	{ EGL_NOT_INITIALIZED, "EGL_NOT_INITIALIZED" },
	{ EGL_BAD_ACCESS, "EGL_BAD_ACCESS" },
	{ EGL_BAD_ALLOC, "EGL_BAD_ALLOC" },
	{ EGL_BAD_ATTRIBUTE, "EGL_BAD_ATTRIBUTE" },
	{ EGL_BAD_CONFIG, "EGL_BAD_CONFIG" },
	{ EGL_BAD_CONTEXT, "EGL_BAD_CONTEXT" },
	{ EGL_BAD_CURRENT_SURFACE, "EGL_BAD_CURRENT_SURFACE" },
	{ EGL_BAD_DISPLAY, "EGL_BAD_DISPLAY" },
	{ EGL_BAD_MATCH, "EGL_BAD_MATCH" },
	{ EGL_BAD_NATIVE_PIXMAP, "EGL_BAD_NATIVE_PIXMAP" },
	{ EGL_BAD_NATIVE_WINDOW, "EGL_BAD_NATIVE_WINDOW" },
	{ EGL_BAD_PARAMETER, "EGL_BAD_PARAMETER" },
	{ EGL_BAD_SURFACE, "EGL_BAD_SURFACE" },
	{ EGL_CONTEXT_LOST, "EGL_CONTEXT_LOST" },
	{ 0, NULL },
};

static const char *err_text(const struct err_name *table, unsigned code)
{
	for (; table->name; table++)
		if (table->code == code)
			return table->name;
	return "unknown error";
}

void h_fail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("scene: error: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

void h_gl_check(const char *call, const char *file, int line)
{
	GLenum err = glGetError();
	if (err != GL_NO_ERROR)
		h_fail("%s:%d: %s: %s (0x%04x)", file, line, call, err_text(gl_errors, err), err);
}

/* Exits naming the EGL call that failed and eglGetError's verdict. */
static void __attribute__((noreturn)) egl_fail(const char *call)
{
	EGLint err = eglGetError();
	h_fail("%s failed: %s (0x%04x)", call, err_text(egl_errors, (unsigned)err), (unsigned)err);
}

/* Whether the space-separated extension LIST holds NAME as a whole word. */
static bool has_ext(const char *list, const char *name)
{
	size_t len = strlen(name);
	for (const char *p = list; p && (p = strstr(p, name)); p += len) {
		bool starts = p == list || p[-1] == ' ';
		if (starts && (p[len] == ' ' || p[len] == '\0'))
			return true;
	}
	return false;
}

/* Returns true for GBM (with *fd the open card0), false for surfaceless. */
static bool choose_gbm(int *fd)
{
	const char *env = getenv("SCENE_PLATFORM");
	*fd = -1;
	if (env && strcmp(env, "surfaceless") == 0)
		return false;
	if (env && strcmp(env, "gbm") != 0)
		h_fail("SCENE_PLATFORM must be gbm or surfaceless, not '%s'", env);
	*fd = open("/dev/dri/card0", O_RDWR | O_CLOEXEC);
	if (*fd < 0 && env)
		h_fail("SCENE_PLATFORM=gbm but /dev/dri/card0 does not open");
	return *fd >= 0;
}

/* The display of the chosen platform, through eglGetPlatformDisplayEXT. */
static EGLDisplay platform_display(struct harness *h, bool gbm)
{
	const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	const char *want = gbm ? "EGL_KHR_platform_gbm" : "EGL_MESA_platform_surfaceless";
	if (!has_ext(client, "EGL_EXT_platform_base") || !has_ext(client, want))
		h_fail("EGL lacks EGL_EXT_platform_base or %s (client extensions: %s)", want,
		       client ? client : "none");
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
		(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (!get_display)
		h_fail("eglGetProcAddress(eglGetPlatformDisplayEXT) returned NULL");
	void *native = EGL_DEFAULT_DISPLAY;
	if (gbm) {
		h->gbm = gbm_create_device(h->fd);
		if (!h->gbm)
			h_fail("gbm_create_device on /dev/dri/card0 failed");
		native = h->gbm;
	}
	EGLenum platform = gbm ? EGL_PLATFORM_GBM_KHR : EGL_PLATFORM_SURFACELESS_MESA;
	EGLDisplay dpy = get_display(platform, native, NULL);
	if (dpy == EGL_NO_DISPLAY)
		egl_fail("eglGetPlatformDisplayEXT");
	return dpy;
}

/* A GLES 2 context with no config, current with no surface. */
static void make_context(struct harness *h)
{
	const char *ext = eglQueryString(h->dpy, EGL_EXTENSIONS);
	if (!has_ext(ext, "EGL_KHR_no_config_context"))
		h_fail("the EGL display lacks EGL_KHR_no_config_context");
	if (!has_ext(ext, "EGL_KHR_surfaceless_context"))
		h_fail("the EGL display lacks EGL_KHR_surfaceless_context");
	if (!eglBindAPI(EGL_OPENGL_ES_API))
		egl_fail("eglBindAPI(EGL_OPENGL_ES_API)");
	static const EGLint attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	h->ctx = eglCreateContext(h->dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
	if (h->ctx == EGL_NO_CONTEXT)
		egl_fail("eglCreateContext(EGL_NO_CONFIG_KHR, GLES 2)");
	if (!eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, h->ctx))
		egl_fail("eglMakeCurrent(EGL_NO_SURFACE)");
}

static const char *gl_string(GLenum name)
{
	const char *s = (const char *)glGetString(name);
	h_gl_check("glGetString", __FILE__, __LINE__);
	return s ? s : "(null)";
}

void harness_open(struct harness *h)
{
	memset(h, 0, sizeof(*h));
	bool gbm = choose_gbm(&h->fd);
	h->dpy = platform_display(h, gbm);
	EGLint major, minor;
	if (!eglInitialize(h->dpy, &major, &minor))
		egl_fail("eglInitialize");
	make_context(h);
	fprintf(stderr, "scene: EGL %d.%d on %s\n", major, minor, gbm ? "gbm" : "surfaceless");
	fprintf(stderr, "scene: GL_RENDERER: %s\n", gl_string(GL_RENDERER));
	fprintf(stderr, "scene: GL_VERSION: %s\n", gl_string(GL_VERSION));
}

/* Attaches a depth/stencil renderbuffer: packed D24S8 when the driver has
 * OES_packed_depth_stencil, else DEPTH_COMPONENT16 with no stencil. */
static void attach_depth_stencil(struct harness *h)
{
	const char *ext = gl_string(GL_EXTENSIONS);
	h->has_stencil = has_ext(ext, "GL_OES_packed_depth_stencil");
	GLenum format = h->has_stencil ? GL_DEPTH24_STENCIL8_OES : GL_DEPTH_COMPONENT16;
	if (!h->has_stencil)
		fprintf(stderr, "scene: no GL_OES_packed_depth_stencil: "
				"DEPTH_COMPONENT16 and no stencil buffer\n");
	GL(glGenRenderbuffers(1, &h->depth_stencil));
	GL(glBindRenderbuffer(GL_RENDERBUFFER, h->depth_stencil));
	GL(glRenderbufferStorage(GL_RENDERBUFFER, format, h->width, h->height));
	GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER,
				     h->depth_stencil));
	if (h->has_stencil)
		GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
					     GL_RENDERBUFFER, h->depth_stencil));
}

static void check_complete(void)
{
	GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
	h_gl_check("glCheckFramebufferStatus", __FILE__, __LINE__);
	if (status != GL_FRAMEBUFFER_COMPLETE)
		h_fail("glCheckFramebufferStatus: framebuffer incomplete (0x%04x)", status);
}

void harness_fbo(struct harness *h, int width, int height)
{
	h->width = width;
	h->height = height;
	GL(glGenFramebuffers(1, &h->fbo));
	GL(glBindFramebuffer(GL_FRAMEBUFFER, h->fbo));
	GL(glGenTextures(1, &h->colour));
	GL(glBindTexture(GL_TEXTURE_2D, h->colour));
	GL(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
	GL(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA,
			GL_UNSIGNED_BYTE, NULL));
	GL(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
				  h->colour, 0));
	GL(glBindTexture(GL_TEXTURE_2D, 0));
	attach_depth_stencil(h);
	check_complete();
	GL(glViewport(0, 0, width, height));
}

uint8_t *harness_read(struct harness *h)
{
	h_gl_check("the scene's GL calls", __FILE__, __LINE__);
	GL(glBindFramebuffer(GL_FRAMEBUFFER, h->fbo));
	check_complete();
	uint8_t *pixels = malloc((size_t)h->width * (size_t)h->height * 4);
	if (!pixels)
		h_fail("out of memory for %dx%d pixels", h->width, h->height);
	GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
	GL(glReadPixels(0, 0, h->width, h->height, GL_RGBA, GL_UNSIGNED_BYTE, pixels));
	return pixels;
}

void harness_write_png(const char *path, const uint8_t *pixels, int width, int height)
{
	png_image image;
	memset(&image, 0, sizeof(image));
	image.version = PNG_IMAGE_VERSION;
	image.width = (png_uint_32)width;
	image.height = (png_uint_32)height;
	image.format = PNG_FORMAT_RGBA;
	/* A negative stride starts from the last row: GL's top row. */
	png_int_32 stride = -(png_int_32)(width * 4);
	if (!png_image_write_to_file(&image, path, 0, pixels, stride, NULL))
		h_fail("writing %s: %s", path, image.message);
}

EGLContext harness_desktop_gl(struct harness *h)
{
	if (!eglBindAPI(EGL_OPENGL_API))
		egl_fail("eglBindAPI(EGL_OPENGL_API)");
	EGLContext ctx = eglCreateContext(h->dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, NULL);
	if (ctx == EGL_NO_CONTEXT)
		egl_fail("eglCreateContext(EGL_NO_CONFIG_KHR, OpenGL)");
	if (!eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
		egl_fail("eglMakeCurrent(OpenGL context)");
	fprintf(stderr, "scene: desktop GL_VERSION: %s\n", gl_string(GL_VERSION));
	return ctx;
}

void harness_back_to_gles(struct harness *h, EGLContext ctx)
{
	if (!eglBindAPI(EGL_OPENGL_ES_API))
		egl_fail("eglBindAPI(EGL_OPENGL_ES_API)");
	if (!eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, h->ctx))
		egl_fail("eglMakeCurrent(GLES 2 context)");
	if (!eglDestroyContext(h->dpy, ctx))
		egl_fail("eglDestroyContext(OpenGL context)");
	GL(glBindFramebuffer(GL_FRAMEBUFFER, h->fbo));
}

void harness_upload(struct harness *h, const uint8_t *pixels)
{
	GL(glBindTexture(GL_TEXTURE_2D, h->colour));
	GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
	GL(glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, h->width, h->height, GL_RGBA,
			   GL_UNSIGNED_BYTE, pixels));
	GL(glBindTexture(GL_TEXTURE_2D, 0));
}

void *harness_proc(const char *name)
{
	void *f = (void *)eglGetProcAddress(name);
	if (!f)
		h_fail("eglGetProcAddress(%s) returned NULL", name);
	return f;
}

void harness_close(struct harness *h)
{
	GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
	GL(glDeleteRenderbuffers(1, &h->depth_stencil));
	GL(glDeleteTextures(1, &h->colour));
	GL(glDeleteFramebuffers(1, &h->fbo));
	if (!eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT))
		egl_fail("eglMakeCurrent(EGL_NO_CONTEXT)");
	if (!eglDestroyContext(h->dpy, h->ctx))
		egl_fail("eglDestroyContext");
	if (!eglTerminate(h->dpy))
		egl_fail("eglTerminate");
	eglReleaseThread();
	if (h->gbm)
		gbm_device_destroy(h->gbm);
	if (h->fd >= 0)
		close(h->fd);
}
