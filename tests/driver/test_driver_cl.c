/*
 * test_driver_cl.c: what a draw records, byte for byte: the bin CL of a
 * simple draw (binning prologue, state packets, GL shader state, vertex
 * array primitive), state packets re-emitted only when they change, the
 * shader record with its BO index slots and attribute records, the
 * uniform stream of a textured draw (BO index slot, P0 and P1), and the
 * closing INCREMENT_SEMAPHORE + FLUSH of a job accepted by the simulated
 * kernel. Expected bytes are worked out by hand from the packet layouts
 * (kernel-vc4.md §c, §d).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "driver/drv.h"
#include "driver_fixture.h"

struct fix {
	struct vc4_ctx *ctx;
	struct vc4_texture *rt;
	struct vc4_buffer *vb;
	struct vc4_prog *prog;
};

static int setup(void **state)
{
	static struct fix f;
	f.ctx = drvt_ctx();
	f.rt = vc4_texture_create(f.ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_RASTER, 64, 64, NULL);
	f.vb = drvt_triangle(f.ctx);
	f.prog = vc4_prog_create(f.ctx, drvt_colour_vs, drvt_colour_fs);
	if (!f.rt || !f.prog)
		fail_msg("%s", vc4_ctx_error(f.ctx));
	assert_true(vc4_set_framebuffer(f.ctx, f.rt, NULL));
	assert_true(vc4_set_program(f.ctx, f.prog));
	drvt_bind_colour_attribs(f.ctx, f.vb);
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fix *f = *state;
	vc4_prog_destroy(f->prog);
	vc4_buffer_destroy(f->vb);
	vc4_texture_destroy(f->rt);
	vc4_ctx_destroy(f->ctx);
	return 0;
}

/* The first draw of a 64x64 job with the default state. */
static const uint8_t first_draw[] = {
	112, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0x04, /* binning config: 1x1 tiles, auto-init */
	6,                                             /* start tile binning */
	56, 0x12,                                      /* primitive list: 16-bit index << 4 | triangles */
	102, 0, 0, 0, 0, 64, 0, 64, 0,                 /* clip window 0,0 64x64 */
	96, 0x07, 0x70, 0x02,                          /* both faces, clockwise, depth ALWAYS,
							* early Z updates (always) */
	101, 0, 0, 0, 0,                               /* depth offset 0 */
	98, 0, 0, 0x80, 0x3f,                          /* point size 1.0 */
	99, 0, 0, 0x80, 0x3f,                          /* line width 1.0 */
	105, 0, 0, 0, 0x44, 0, 0, 0, 0xc4,             /* clipper XY: 512.0, -512.0 */
	106, 0, 0, 0, 0x3f, 0, 0, 0, 0x3f,             /* clipper Z: 0.5, 0.5 */
	103, 0x00, 0x02, 0x00, 0x02,                   /* viewport centre 32.0, 32.0 (12.4) */
	97, 0, 0, 0, 0,                                /* no flat varyings */
	64, 2, 0, 0, 0,                                /* GL shader state: 2 attributes */
	33, 4, 3, 0, 0, 0, 0, 0, 0, 0,                 /* triangles, 3 vertices from 0 */
};

/* A second draw with the same state, then one with a wider line. */
static const uint8_t second_draw[] = {
	64, 2, 0, 0, 0,
	33, 4, 3, 0, 0, 0, 0, 0, 0, 0,
};
static const uint8_t third_draw[] = {
	99, 0, 0, 0, 0x40,                             /* line width 2.0 */
	64, 2, 0, 0, 0,
	33, 6, 3, 0, 0, 0, 0, 0, 0, 0,                 /* triangle fan */
};

static void assert_bytes(const uint8_t *got, size_t got_len, const uint8_t *want, size_t len)
{
	for (size_t i = 0; i < len && i < got_len; i++) {
		if (got[i] != want[i])
			fail_msg("byte %zu: 0x%02x, expected 0x%02x", i, got[i], want[i]);
	}
	if (got_len != len)
		fail_msg("%zu bytes, expected %zu", got_len, len);
}

static void test_bin_cl(void **state)
{
	struct fix *f = *state;
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	struct drv_job *job = drv_job_find(f->ctx, f->rt);
	assert_non_null(job);
	assert_bytes(job->cl.bcl.data, job->cl.bcl.len, first_draw, sizeof(first_draw));
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_bytes(job->cl.bcl.data + sizeof(first_draw), job->cl.bcl.len - sizeof(first_draw),
		     second_draw, sizeof(second_draw));
	assert_true(vc4_set_line_width(f->ctx, 2.0f));
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLE_FAN, 0, 3));
	size_t off = sizeof(first_draw) + sizeof(second_draw);
	assert_bytes(job->cl.bcl.data + off, job->cl.bcl.len - off, third_draw, sizeof(third_draw));
	assert_int_equal(job->cl.shader_rec_count, 3);
	assert_true(vc4_flush(f->ctx));
	struct vc4_ctx_stats st;
	vc4_ctx_get_stats(f->ctx, &st);
	assert_int_equal(st.jobs_submitted, 1);
	assert_null(drv_job_find(f->ctx, f->rt));
	assert_true(vc4_set_line_width(f->ctx, 1.0f));
}

/* A kernel without threaded fragment shaders (GET_PARAM does not know
 * SUPPORTS_THREADED_FS) gets a single-threaded FS and the record says so. */
static void test_fs_single_threaded_on_old_kernels(void **state)
{
	struct fix *f = *state;
	vc4_dev_set_param(f->ctx->dev, DRM_VC4_PARAM_SUPPORTS_THREADED_FS, false, 0);
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	struct drv_job *job = drv_job_find(f->ctx, f->rt);
	const struct drv_variant *v = &f->prog->variants.data[0];
	assert_int_equal(v->fs->prog[0].threads, 1);
	/* after the 5 BO indices: flags byte = clipping | FS single-threaded */
	assert_int_equal(job->cl.shader_rec.data[20], 0x05);
	assert_true(vc4_flush(f->ctx));
}

static void test_shader_record(void **state)
{
	struct fix *f = *state;
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	struct drv_job *job = drv_job_find(f->ctx, f->rt);
	const struct drv_variant *v = &f->prog->variants.data[0];
	/* The colour FS reads no texture: single-threaded (a second thread
	 * would only hide TMU latency). */
	assert_int_equal(v->fs->prog[0].threads, 1);
	const uint8_t want[] = {
		0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0,   /* FS, VS, CS code BO indices */
		3, 0, 0, 0, 3, 0, 0, 0,               /* both attributes in the VBO */
		0x05, 0x00, 0, 4,                     /* clipping, FS single-threaded; 4 varyings */
		0, 0, 0, 0, 0, 0, 0, 0,               /* FS code at offset 0, uniforms (kernel) */
		0, 0, 0x03, 32,                       /* VS: attributes 0 and 1, 32 bytes */
		0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0x03, 32,                       /* CS: the same */
		0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 15, 32, 0, 0,             /* attribute 0: offset 0, 16 bytes, VPM 0 */
		16, 0, 0, 0, 15, 32, 16, 16,          /* attribute 1: offset 16, VPM 16 */
	};
	assert_bytes(job->cl.shader_rec.data, job->cl.shader_rec.len, want, sizeof(want));
	assert_ptr_equal(job->cl.bos.data[0], v->fs_bo);
	assert_ptr_equal(job->cl.bos.data[1], v->vs_bo);
	assert_ptr_equal(job->cl.bos.data[2], v->cs_bo);
	assert_ptr_equal(job->cl.bos.data[3], f->vb->bo);
	/* A blend state is a new FS key: one more FS compile, the VS comes
	 * from the program cache; the same state again reuses the variant. */
	struct vc4_ctx_stats st;
	vc4_ctx_get_stats(f->ctx, &st);
	assert_int_equal(st.programs_compiled, 2);
	const struct vc4_blend_state blend = { .enable = true, .rgb_src = VC4_BF_SRC_ALPHA,
		.rgb_dst = VC4_BF_ONE_MINUS_SRC_ALPHA, .alpha_src = VC4_BF_ONE };
	assert_true(vc4_set_blend(f->ctx, &blend));
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	vc4_ctx_get_stats(f->ctx, &st);
	assert_int_equal(f->prog->variants.len, 2);
	assert_int_equal(st.programs_compiled, 3);
	assert_int_equal(st.programs_cached, 1);
	assert_true(vc4_flush(f->ctx));
	struct vc4_blend_state bad = blend;
	bad.rgb_dst = 15;
	assert_false(vc4_set_blend(f->ctx, &bad));
	assert_string_equal(vc4_ctx_error(f->ctx), "vc4_set_blend: factor 15 out of range");
}

/* A textured draw: the FS stream starts with the texture's BO index, then
 * P0 (type RGBA8888 = 0, offset 0 in the BO) and P1. */
static void test_texture_uniforms(void **state)
{
	struct fix *f = *state;
	uint8_t px[64 * 64 * 4] = { 0 };
	struct vc4_texture *tex = vc4_texture_create(f->ctx, VC4_FMT_RGB565, VC4_LAYOUT_AUTO, 64,
						     32, px);
	struct vc4_prog *p = vc4_prog_create(f->ctx, drvt_textured_vs, drvt_textured_fs);
	assert_non_null(tex);
	assert_non_null(p);
	assert_int_equal(vc4_texture_layout(tex), VC4_LAYOUT_T);
	vc4_texture_set_sampler(tex, true, VC4_WRAP_REPEAT, VC4_WRAP_MIRROR);
	struct vc4_vertex_attrib a[2] = {
		{ f->vb, 0, 32, VC4_ATTR_FLOAT }, { f->vb, 16, 32, VC4_ATTR_FLOAT },
	};
	assert_true(vc4_set_program(f->ctx, p));
	assert_true(vc4_set_vertex_attribs(f->ctx, a, 2));
	assert_true(vc4_set_texture(f->ctx, 0, tex));
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	struct drv_job *job = drv_job_find(f->ctx, f->rt);
	const struct drv_variant *v = &p->variants.data[0];
	const struct qir_uniform_stream *fs = &v->fs->prog[0].code.uniforms;
	assert_int_equal(fs->entries.len, 2);
	assert_int_equal(fs->entries.data[0].kind, QIR_UNIFORM_TEX_P0);
	assert_int_equal(fs->entries.data[1].kind, QIR_UNIFORM_TEX_P1);
	const uint8_t *u = job->cl.uniforms.data;
	assert_int_equal(drvt_u32(u, 0), 4);                 /* texture BO: 5th in the list */
	assert_ptr_equal(job->cl.bos.data[4], tex->bo);
	assert_int_equal(drvt_u32(u, 4), 0x00000040);       /* P0: type 4 (RGB565) << 4 */
	/* P1: height 32 << 20 | width 64 << 8 | linear (0) | wrap_t mirror 2 << 2 | repeat 0 */
	assert_int_equal(drvt_u32(u, 8), 0x02004008);
	/* VS stream: no texture, then its uniforms (viewport x/y scale, z scale, z offset,
	 * the VPM setups' constants). */
	const struct qir_uniform_stream *vs = &v->vs->prog[0].code.uniforms;
	for (size_t i = 0; i < vs->entries.len; i++) {
		uint32_t w = drvt_u32(u, 12 + 4 * i), want = 0;
		switch (vs->entries.data[i].kind) {
		case QIR_UNIFORM_VIEWPORT_X_SCALE: want = 0x44000000; break; /* 512.0 */
		case QIR_UNIFORM_VIEWPORT_Y_SCALE: want = 0xc4000000; break; /* -512.0 */
		case QIR_UNIFORM_VIEWPORT_Z_SCALE:
		case QIR_UNIFORM_VIEWPORT_Z_OFFSET: want = 0x3f000000; break; /* 0.5 */
		case QIR_UNIFORM_CONST: want = vs->entries.data[i].data; break; /* VPM setups */
		default: fail_msg("VS uniform %zu: unexpected kind %u", i,
				  vs->entries.data[i].kind);
		}
		assert_int_equal(w, want);
	}
	assert_true(vc4_flush(f->ctx));
	assert_true(vc4_set_program(f->ctx, f->prog));
	drvt_bind_colour_attribs(f->ctx, f->vb);
	vc4_texture_destroy(tex);
	vc4_prog_destroy(p);
}

/* Indexed draws: GEM Handles names the index BO once, 8-bit indices keep
 * their type, 32-bit ones become a 16-bit copy in a new BO. */
static void test_indexed(void **state)
{
	struct fix *f = *state;
	const uint8_t i8[] = { 0, 1, 2, 2 };
	const uint16_t i16[] = { 2, 1, 0 };
	const uint32_t i32[] = { 1, 2, 0 };
	struct vc4_buffer *b8 = vc4_buffer_create(f->ctx, i8, sizeof(i8));
	struct vc4_buffer *b16 = vc4_buffer_create(f->ctx, i16, sizeof(i16));
	struct vc4_buffer *b32 = vc4_buffer_create(f->ctx, i32, sizeof(i32));
	assert_true(vc4_draw_elements(f->ctx, VC4_PRIM_TRIANGLES, 3, 2, b16, 0));
	struct drv_job *job = drv_job_find(f->ctx, f->rt);
	size_t start = sizeof(first_draw) - 10;    /* the first draw's primitive packet */
	const uint8_t want16[] = {
		254, 4, 0, 0, 0, 0, 0, 0, 0,            /* GEM Handles: index BO = BO 4 */
		32, 0x14, 3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, /* 16-bit triangles, 3, offset 0, max 2 */
	};
	assert_bytes(job->cl.bcl.data + start, job->cl.bcl.len - start, want16, sizeof(want16));
	assert_ptr_equal(job->cl.bos.data[4], b16->bo);
	start = job->cl.bcl.len;
	assert_true(vc4_draw_elements(f->ctx, VC4_PRIM_LINE_STRIP, 3, 1, b8, 1));
	/* lines need their own FS variant (the line coordinate is read first):
	 * its three shader BOs take indices 5..7 */
	const uint8_t want8[] = {
		64, 2, 0, 0, 0,
		254, 8, 0, 0, 0, 0, 0, 0, 0,
		32, 0x03, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, /* 8-bit line strip at offset 1 */
	};
	assert_bytes(job->cl.bcl.data + start, job->cl.bcl.len - start, want8, sizeof(want8));
	start = job->cl.bcl.len;
	assert_true(vc4_draw_elements(f->ctx, VC4_PRIM_POINTS, 3, 4, b32, 0));
	struct vc4_bo *copy = job->cl.bos.data[job->cl.bos.len - 1];
	const uint8_t *m = vc4_bo_map(copy, NULL);
	assert_non_null(m);
	const uint8_t want_copy[] = { 1, 0, 2, 0, 0, 0 };
	assert_memory_equal(m, want_copy, sizeof(want_copy));
	const uint8_t *last = job->cl.bcl.data + job->cl.bcl.len - 14;
	assert_int_equal(last[0], 32);
	assert_int_equal(last[1], 0x10);                 /* 16-bit points */
	assert_int_equal(drvt_u32(last, 10), 2);         /* max index */
	assert_false(vc4_draw_elements(f->ctx, VC4_PRIM_TRIANGLES, 1, 4, b8, 0));
	assert_string_equal(vc4_ctx_error(f->ctx), "vc4_draw_elements: index 0 is 33685760 "
			    "(32-bit indices must be below 65536)");
	assert_true(vc4_flush(f->ctx));
	vc4_buffer_destroy(b8);
	vc4_buffer_destroy(b16);
	vc4_buffer_destroy(b32);
}

/* A vertex shader without attributes gets one dummy attribute record. */
static void test_no_attributes(void **state)
{
	struct fix *f = *state;
	static const char vs[] =
		"vertex\n"
		"uniform vec4 @where\n"
		"varying smooth vec4 @v_colour\n"
		"output position\n"
		"%p = load @where\n"
		"store @position, %p\n"
		"store @v_colour, %p\n";
	struct vc4_prog *p = vc4_prog_create(f->ctx, vs, drvt_colour_fs);
	assert_non_null(p);
	assert_true(vc4_set_program(f->ctx, p));
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_POINTS, 0, 1));
	struct drv_job *job = drv_job_find(f->ctx, f->rt);
	const uint8_t *r = job->cl.shader_rec.data;
	assert_int_equal(job->cl.shader_rec.len, 4 * 4 + 36 + 8);
	assert_int_equal(r[16], 0x07);             /* clipping, point size, FS single-threaded */
	assert_int_equal(r[16 + 14], 0x01);        /* VS reads attribute 0 ... */
	assert_int_equal(r[16 + 15], 4);           /* ... of one word */
	const uint8_t dummy[8] = { 0, 0, 0, 0, 3, 0, 0, 0 };
	assert_memory_equal(r + 16 + 36, dummy, 8);
	assert_ptr_equal(job->cl.bos.data[drvt_u32(r, 12)], f->ctx->dummy_vbo);
	const uint8_t *gl = job->cl.bcl.data + job->cl.bcl.len - 15;
	assert_int_equal(gl[0], 64);
	assert_int_equal(gl[1], 1);                /* one attribute array */
	if (!vc4_flush(f->ctx))
		fail_msg("%s", vc4_ctx_error(f->ctx));
	assert_true(vc4_set_program(f->ctx, f->prog));
	vc4_prog_destroy(p);
}

/* The submitted bin CL ends with INCREMENT_SEMAPHORE + FLUSH and the
 * simulated kernel accepts the job; its reason is the failure otherwise. */
static void test_submit_accepted(void **state)
{
	struct fix *f = *state;
	const float rgba[4] = { 1, 0, 0, 1 };
	assert_true(vc4_clear(f->ctx, VC4_CLEAR_COLOR, rgba, 1.0f, 0));
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	struct drv_job *job = drv_job_find(f->ctx, f->rt);
	assert_int_equal(job->clear_color, 0xff0000ff);
	assert_true(vc4_clear(f->ctx, VC4_CLEAR_DEPTH, rgba, 1.0f, 0)); /* after a draw: submits */
	assert_true(vc4_clear(f->ctx, VC4_CLEAR_COLOR, rgba, 1.0f, 0));
	job = drv_job_find(f->ctx, f->rt);
	assert_int_equal(job->clear_z, 0xffffff);   /* 1.0: 2^24 - 1, not rounded up to 2^24 */
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	struct vc4_job *out = vc4_job_create(f->ctx->dev);
	assert_non_null(out);
	assert_true(drv_job_build_submit(f->ctx, job, out));
	assert_int_equal(out->surf[VC4_JOB_COLOR_WRITE].bits, 0x0004); /* raster, RGBA8888 */
	assert_int_equal(out->surf[VC4_JOB_COLOR_READ].hindex, ~0u);   /* cleared: no load */
	assert_int_equal(out->clear_color[0], 0xff0000ff);
	assert_int_equal(out->clear_z, 0xffffff);
	assert_int_equal(out->max_x_tile, 0);
	vc4_job_destroy(out);
	if (!vc4_flush(f->ctx))
		fail_msg("%s", vc4_ctx_error(f->ctx));
	struct vc4_ctx_stats st;
	vc4_ctx_get_stats(f->ctx, &st);
	assert_int_equal(st.flush_clear, 1);
	assert_int_equal(st.flush_explicit, 1);
	assert_int_equal(st.jobs_submitted, 2);
}

/* Byte 2 of the Configuration Bits of the first draw into a fresh 64x64
 * colour + depth target with depth test `func`, drawn by `fs`. */
static uint8_t config_byte2(struct fix *f, enum vc4_compare func, const char *fs)
{
	struct vc4_texture *z = vc4_texture_create(f->ctx, VC4_FMT_Z24S8, VC4_LAYOUT_T, 64, 64,
						   NULL);
	struct vc4_texture *rt = vc4_texture_create(f->ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, 64,
						    64, NULL);
	struct vc4_prog *p = vc4_prog_create(f->ctx, drvt_colour_vs, fs);
	if (!z || !rt || !p)
		fail_msg("%s", vc4_ctx_error(f->ctx));
	assert_true(vc4_set_framebuffer(f->ctx, rt, z));
	assert_true(vc4_set_program(f->ctx, p));
	assert_true(vc4_set_depth(f->ctx, true, true, func));
	assert_true(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	struct drv_job *job = drv_job_find(f->ctx, rt);
	assert_non_null(job);
	assert_int_equal(job->cl.bcl.data[28], 96);   /* after the prologue and clip window */
	uint8_t byte2 = job->cl.bcl.data[31];
	assert_true(vc4_flush(f->ctx));
	assert_true(vc4_set_framebuffer(f->ctx, f->rt, NULL));
	assert_true(vc4_set_program(f->ctx, f->prog));
	vc4_prog_destroy(p);
	vc4_texture_destroy(rt);
	vc4_texture_destroy(z);
	return byte2;
}

/* Early Z (bit 0) for LESS and LEQUAL when the FS neither writes depth nor
 * discards; never for other functions; updates (bit 1) always. */
static void test_early_z(void **state)
{
	struct fix *f = *state;
	static const char discard_fs[] =
		"fragment\n"
		"varying smooth vec4 @v_colour\n"
		"output color\n"
		"%c = load @v_colour\n"
		"%a = extract %c, 3\n"
		"%h = const float 0.5\n"
		"%low = flt %a, %h\n"
		"if %low {\n"
		"discard\n"
		"}\n"
		"store @color, %c\n";
	static const char depth_fs[] =
		"fragment\n"
		"varying smooth vec4 @v_colour\n"
		"output color\n"
		"output depth\n"
		"%c = load @v_colour\n"
		"store @color, %c\n"
		"%z = extract %c, 0\n"
		"store @depth, %z\n";
	assert_int_equal(config_byte2(f, VC4_CMP_LESS, drvt_colour_fs), 0x03);
	assert_int_equal(config_byte2(f, VC4_CMP_LEQUAL, drvt_colour_fs), 0x03);
	assert_int_equal(config_byte2(f, VC4_CMP_GREATER, drvt_colour_fs), 0x02);
	assert_int_equal(config_byte2(f, VC4_CMP_ALWAYS, drvt_colour_fs), 0x02);
	assert_int_equal(config_byte2(f, VC4_CMP_LESS, discard_fs), 0x02);
	assert_int_equal(config_byte2(f, VC4_CMP_LESS, depth_fs), 0x02);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_bin_cl, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shader_record, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fs_single_threaded_on_old_kernels, setup, teardown),
		cmocka_unit_test_setup_teardown(test_texture_uniforms, setup, teardown),
		cmocka_unit_test_setup_teardown(test_indexed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_attributes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_submit_accepted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_early_z, setup, teardown),
	};
	return cmocka_run_group_tests_name("driver_cl", tests, NULL, NULL);
}
