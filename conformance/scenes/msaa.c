/*
 * msaa.c: scene "msaa": 4x multisampling. GLES 2 has no multisampled
 * renderbuffers without extensions and Mesa's vc4 exposes none to GLES 2
 * (its 4x EGL configs are window-only), so this scene draws in a desktop
 * OpenGL 2.1 context: GL_EXT_framebuffer_multisample colour (RGBA8) and
 * depth/stencil renderbuffers of 4 samples, resolved with
 * GL_EXT_framebuffer_blit into a single-sampled framebuffer, read back and
 * handed to the harness's (a driver without 4x, softpipe, draws it
 * single-sampled). Mesa's vc4 resolves a whole frame (or tile-aligned
 * boxes) with the tile buffer's 4x decimation (vc4_blit.c vc4_tile_blit);
 * the last blit, columns 33..63 again, is not tile-aligned and goes through
 * u_blitter's shader, which reads the samples from the full-resolution
 * layout (vc4_nir_lower_txf_ms.c). Two jobs (a resolve between them), so the second
 * reloads the first's samples:
 *   1. top left: a quad whose edges cut pixels at 1/4, 1/2 and 3/4 (the
 *      coverage of those does not depend on where the samples sit, only its
 *      corners do); top right: a triangle with slanted edges (vertices on
 *      the 1/16-pixel grid that vc4 snaps to, so the coverage shows the
 *      sample positions);
 *   2. bottom left: a near quad with fractional edges, then a far quad over
 *      the quadrant under GL_LESS (depth per sample); bottom right: an
 *      opaque quad, then a half-transparent one blended over it, both with
 *      fractional edges (Mesa blends each sample: tlb_color_ms); top left,
 *      over job 1's quad: glSampleCoverage 0.5 and 0.75 inverted (Mesa's
 *      sample mask through ms_flags).
 */
#include <stdio.h>
#include <stdlib.h>

#include "../scene.h"

#define GL_READ_FRAMEBUFFER_ 0x8CA8
#define GL_DRAW_FRAMEBUFFER_ 0x8CA9
#define GL_RGBA8_ 0x8058
#define GL_DEPTH24_STENCIL8_ 0x88F0
#define GL_MAX_SAMPLES_ 0x8D57

typedef void (*storage_ms_fn)(GLenum, GLsizei, GLenum, GLsizei, GLsizei);
typedef void (*blit_fn)(GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLbitfield,
			GLenum);

/* GLSL 1.10: no precision qualifiers. */
static const char vs[] =
	"attribute vec4 a_pos;\n"
	"void main()\n"
	"{\n"
	"	gl_Position = a_pos;\n"
	"}\n";
static const char fs[] =
	"uniform vec4 u_colour;\n"
	"void main()\n"
	"{\n"
	"	gl_FragColor = u_colour;\n"
	"}\n";

static const struct scene_layout layout = { 3, { { "a_pos", 3, 0 } } };

static float ndc(float p) { return p / 32.0f - 1.0f; }

/* A quad over pixels x0..x1, y0..y1 (window coordinates) at depth z. */
static void quad(GLuint prog, float x0, float y0, float x1, float y1, float z, float r,
		 float g, float b, float a)
{
	const float v[] = { ndc(x0), ndc(y0), z, ndc(x1), ndc(y0), z, ndc(x1), ndc(y1), z,
			    ndc(x0), ndc(y1), z };
	scene_uniform4f(prog, "u_colour", r, g, b, a);
	scene_draw(prog, GL_TRIANGLE_FAN, v, 4, &layout);
}

/* 4, or 0 (single-sampled, said on stderr) for a driver without 4x
 * multisampling (softpipe): its image is then the aliased one. */
static GLsizei samples(void)
{
	GLint max = 0;
	GL(glGetIntegerv(GL_MAX_SAMPLES_, &max));
	if (max >= 4)
		return 4;
	fprintf(stderr, "scene: msaa: GL_MAX_SAMPLES is %d: drawing single-sampled\n", max);
	return 0;
}

/* A renderbuffer of n samples attached to the bound framebuffer. */
static GLuint ms_renderbuffer(storage_ms_fn storage, GLsizei n, GLenum format, GLenum attachment)
{
	GLuint rb;
	GL(glGenRenderbuffers(1, &rb));
	GL(glBindRenderbuffer(GL_RENDERBUFFER, rb));
	GL(storage(GL_RENDERBUFFER, n, format, 64, 64));
	GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, attachment, GL_RENDERBUFFER, rb));
	return rb;
}

static GLuint framebuffer(void)
{
	GLuint fb;
	GL(glGenFramebuffers(1, &fb));
	GL(glBindFramebuffer(GL_FRAMEBUFFER, fb));
	return fb;
}

static void check_complete(const char *what)
{
	GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
	h_gl_check("glCheckFramebufferStatus", __FILE__, __LINE__);
	if (status != GL_FRAMEBUFFER_COMPLETE)
		h_fail("the %s framebuffer is incomplete (0x%04x)", what, status);
}

/* Resolves columns x0..63 of the multisampled framebuffer ms into the
 * single-sampled one. */
static void resolve(blit_fn blit, GLuint ms, GLuint single, GLint x0)
{
	GL(glBindFramebuffer(GL_READ_FRAMEBUFFER_, ms));
	GL(glBindFramebuffer(GL_DRAW_FRAMEBUFFER_, single));
	GL(blit(x0, 0, 64, 64, x0, 0, 64, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST));
	GL(glBindFramebuffer(GL_FRAMEBUFFER, ms));
}

static void first_job(GLuint prog)
{
	quad(prog, 4.25f, 36.5f, 27.75f, 59.5f, 0.0f, 1.0f, 0.2f, 0.1f, 1.0f);
	const float tri[] = { ndc(34.0f), ndc(35.0f), 0.0f, ndc(62.0f), ndc(41.3125f), 0.0f,
			      ndc(40.625f), ndc(63.0f), 0.0f };
	scene_uniform4f(prog, "u_colour", 0.1f, 0.9f, 0.3f, 1.0f);
	scene_draw(prog, GL_TRIANGLES, tri, 3, &layout);
}

static void second_job(GLuint prog)
{
	GL(glEnable(GL_DEPTH_TEST));
	GL(glDepthFunc(GL_LESS));
	quad(prog, 6.5f, 6.25f, 20.75f, 24.5f, -0.5f, 0.1f, 0.3f, 1.0f, 1.0f);
	quad(prog, 2.0f, 2.0f, 30.0f, 30.0f, 0.5f, 1.0f, 0.9f, 0.1f, 1.0f);
	GL(glDisable(GL_DEPTH_TEST));
	quad(prog, 36.25f, 4.5f, 52.75f, 22.25f, 0.0f, 0.9f, 0.1f, 0.8f, 1.0f);
	GL(glEnable(GL_BLEND));
	GL(glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA));
	quad(prog, 44.5f, 12.25f, 60.75f, 28.5f, 0.0f, 1.0f, 1.0f, 1.0f, 0.5f);
	GL(glDisable(GL_BLEND));
	GL(glEnable(GL_SAMPLE_COVERAGE));
	GL(glSampleCoverage(0.5f, GL_FALSE));
	quad(prog, 10.0f, 42.0f, 16.0f, 54.0f, 0.0f, 0.0f, 0.1f, 1.0f, 1.0f);
	GL(glSampleCoverage(0.75f, GL_TRUE));
	quad(prog, 16.0f, 42.0f, 22.0f, 54.0f, 0.0f, 0.0f, 0.1f, 1.0f, 1.0f);
	GL(glDisable(GL_SAMPLE_COVERAGE));
}

static void draw(struct harness *h)
{
	EGLContext ctx = harness_desktop_gl(h);
	storage_ms_fn storage = (storage_ms_fn)harness_proc("glRenderbufferStorageMultisampleEXT");
	blit_fn blit = (blit_fn)harness_proc("glBlitFramebufferEXT");
	GLuint single = framebuffer();
	GLuint colour = 0;
	GL(glGenRenderbuffers(1, &colour));
	GL(glBindRenderbuffer(GL_RENDERBUFFER, colour));
	GL(glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_, 64, 64));
	GL(glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour));
	check_complete("resolve");
	GLuint ms = framebuffer();
	GLsizei n = samples();
	GLuint rb[2] = { ms_renderbuffer(storage, n, GL_RGBA8_, GL_COLOR_ATTACHMENT0),
			 ms_renderbuffer(storage, n, GL_DEPTH24_STENCIL8_, GL_DEPTH_ATTACHMENT) };
	check_complete("multisampled");
	GL(glViewport(0, 0, 64, 64));
	GL(glClearColor(0.15f, 0.2f, 0.3f, 1.0f));
	GL(glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT));
	GLuint prog = scene_program(vs, fs);
	first_job(prog);
	resolve(blit, ms, single, 0);
	second_job(prog);
	resolve(blit, ms, single, 0);
	resolve(blit, ms, single, 33);
	uint8_t *pixels = malloc(64 * 64 * 4);
	if (!pixels)
		h_fail("out of memory");
	GL(glBindFramebuffer(GL_FRAMEBUFFER, single));
	GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
	GL(glReadPixels(0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, pixels));
	GL(glDeleteProgram(prog));
	GL(glDeleteRenderbuffers(2, rb));
	GL(glDeleteRenderbuffers(1, &colour));
	GL(glDeleteFramebuffers(1, &ms));
	GL(glDeleteFramebuffers(1, &single));
	harness_back_to_gles(h, ctx);
	harness_upload(h, pixels);
	free(pixels);
}

const struct scene scene_msaa = {
	"msaa", "4x MSAA renderbuffers (desktop GL 2.1), resolved by glBlitFramebuffer",
	64, 64, draw,
};
