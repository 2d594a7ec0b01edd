/*
 * test_driver_debug.c: the $VC4_DEBUG switches (docs/api.md, "Debug
 * switches"), each with stderr captured: an unknown name refuses the
 * context listing the valid ones; shaderdb prints one statistics line per
 * program of each new variant (and none when a variant is reused); qir and
 * qpu print each program's QIR and disassembly (as many QPU lines as the
 * statistics count instructions); cl prints the decoded bin CL of each job;
 * perf says why each job was flushed and when a fragment shader loses its
 * second thread; always_flush and always_sync submit
 * the job after every draw. Exact lines where the text is ours.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "driver_fixture.h"

/* stderr while capturing: a temporary file in place of fd 2. */
static FILE *capture_file;
static int saved_fd = -1;

static void capture_begin(void)
{
	fflush(stderr);
	capture_file = tmpfile();
	assert_non_null(capture_file);
	saved_fd = dup(2);
	assert_true(saved_fd >= 0);
	assert_true(dup2(fileno(capture_file), 2) >= 0);
}

/* Ends the capture; returns what was written (malloc'ed). */
static char *capture_end(void)
{
	fflush(stderr);
	assert_true(dup2(saved_fd, 2) >= 0);
	close(saved_fd);
	long n = ftell(capture_file);
	assert_true(n >= 0);
	char *text = malloc((size_t)n + 1);
	assert_non_null(text);
	rewind(capture_file);
	assert_int_equal(fread(text, 1, (size_t)n, capture_file), (size_t)n);
	text[n] = '\0';
	fclose(capture_file);
	return text;
}

/* A simulator context with VC4_DEBUG=value. */
static struct vc4_ctx *debug_ctx(const char *value)
{
	setenv("VC4_DEBUG", value, 1);
	struct vc4_ctx *ctx = drvt_ctx();
	unsetenv("VC4_DEBUG");
	return ctx;
}

/* A 64x64 target, the colour program and the triangle, bound. */
struct scene {
	struct vc4_ctx *ctx;
	struct vc4_texture *rt;
	struct vc4_buffer *vb;
	struct vc4_prog *prog;
};

static void scene_init(struct scene *s, const char *debug)
{
	s->ctx = debug_ctx(debug);
	s->rt = vc4_texture_create(s->ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, 64, 64, NULL);
	s->vb = drvt_triangle(s->ctx);
	s->prog = vc4_prog_create(s->ctx, drvt_colour_vs, drvt_colour_fs);
	assert_true(s->rt && s->prog);
	assert_true(vc4_set_framebuffer(s->ctx, s->rt, NULL));
	assert_true(vc4_set_program(s->ctx, s->prog));
	drvt_bind_colour_attribs(s->ctx, s->vb);
}

static void scene_free(struct scene *s)
{
	vc4_prog_destroy(s->prog);
	vc4_buffer_destroy(s->vb);
	vc4_texture_destroy(s->rt);
	vc4_ctx_destroy(s->ctx);
}

static void draw(struct scene *s, enum vc4_prim mode)
{
	if (!vc4_draw_arrays(s->ctx, mode, 0, 3))
		fail_msg("draw: %s", vc4_ctx_error(s->ctx));
}

static void unknown_names_are_refused(void **state)
{
	(void)state;
	char err[256];
	setenv("VC4_DEBUG", "qir,bogus", 1);
	struct vc4_ctx *ctx = vc4_ctx_create(VC4_CTX_BACKEND_SIM, err, sizeof(err));
	unsetenv("VC4_DEBUG");
	assert_null(ctx);
	assert_string_equal(err, "VC4_DEBUG: unknown option 'bogus' (valid: qir, qpu, cl, "
			    "shaderdb, perf, always_flush, always_sync)");
	/* empty items and an empty value switch nothing on */
	vc4_ctx_destroy(debug_ctx(",perf,,"));
	vc4_ctx_destroy(debug_ctx(""));
}

/* The stage names of the three programs of a variant, in print order. */
static const char *const stages[3] = { "vertex", "coordinate", "fragment" };

/* Checks one SHADER-DB line at *p for (prog, variant, stage); advances *p
 * and returns the instruction count. */
static unsigned expect_shaderdb(const char **p, unsigned prog, unsigned variant, int stage)
{
	unsigned pr, va, inst, threads, unif, temps, cycles;
	char name[16];
	int used = 0;
	int n = sscanf(*p, "SHADER-DB: prog %u variant %u: %15s shader: %u inst, %u threads, "
		       "%u uniforms, %u max-temps, %u estimated-cycles\n%n", &pr, &va, name,
		       &inst, &threads, &unif, &temps, &cycles, &used);
	if (n != 8 || !used)
		fail_msg("not a SHADER-DB line: %.120s", *p);
	assert_int_equal(pr, prog);
	assert_int_equal(va, variant);
	assert_string_equal(name, stages[stage]);
	assert_true(inst > 0 && cycles >= inst && temps > 0);
	assert_int_equal(threads, 1);   /* no texture: the FS is single-threaded too */
	*p += used;
	return inst;
}

static void shaderdb_per_variant(void **state)
{
	(void)state;
	struct scene s;
	scene_init(&s, "shaderdb");
	capture_begin();
	draw(&s, VC4_PRIM_TRIANGLES);
	draw(&s, VC4_PRIM_TRIANGLES);       /* the same variant: nothing new */
	draw(&s, VC4_PRIM_POINTS);          /* a new FS key: variant 2 */
	char *out = capture_end();
	const char *p = out;
	for (unsigned v = 1; v <= 2; v++) {
		for (int i = 0; i < 3; i++)
			expect_shaderdb(&p, 1, v, i);
	}
	assert_string_equal(p, "");
	free(out);
	scene_free(&s);
}

/* qir + qpu + shaderdb: per program a QIR dump, then as many disassembly
 * lines as the SHADER-DB line counts instructions. */
static void qir_and_qpu_dumps(void **state)
{
	(void)state;
	struct scene s;
	scene_init(&s, "qpu,shaderdb,qir");
	capture_begin();
	draw(&s, VC4_PRIM_TRIANGLES);
	char *out = capture_end();
	const char *p = out;
	static const char *const qir_heads[3] = { "qir vs\n", "qir cs\n", "qir fs\n" };
	for (int i = 0; i < 3; i++) {
		char head[96];
		snprintf(head, sizeof(head), "vc4: prog 1 variant 1: %s shader QIR:\n%s", stages[i],
			 qir_heads[i]);
		assert_memory_equal(p, head, strlen(head));
		snprintf(head, sizeof(head), "vc4: prog 1 variant 1: %s shader QPU:\n", stages[i]);
		const char *qpu = strstr(p, head);
		assert_non_null(qpu);
		p = qpu + strlen(head);
		unsigned lines = 0;
		while (strncmp(p, "SHADER-DB: ", 11) != 0) {
			const char *nl = strchr(p, '\n');
			assert_non_null(nl);
			p = nl + 1;
			lines++;
		}
		assert_int_equal(lines, expect_shaderdb(&p, 1, 1, i));
	}
	assert_string_equal(p, "");
	free(out);
	scene_free(&s);
}

static void cl_of_each_job(void **state)
{
	(void)state;
	struct scene s;
	scene_init(&s, "cl");
	const float black[4] = { 0, 0, 0, 1 };
	capture_begin();
	assert_true(vc4_clear(s.ctx, VC4_CLEAR_COLOR, black, 1.0f, 0));
	assert_true(vc4_flush(s.ctx));
	assert_true(vc4_clear(s.ctx, VC4_CLEAR_COLOR, black, 1.0f, 0));
	draw(&s, VC4_PRIM_TRIANGLES);
	assert_true(vc4_flush(s.ctx));
	char *out = capture_end();
	const char *head = "vc4: job 1: no bin CL (only a clear)\n"
			   "vc4: job 2: bin CL, 92 bytes, 1 shader records:\n"
			   "0x00000000 112 Tile Binning Mode Configuration\n";
	assert_memory_equal(out, head, strlen(head));
	assert_non_null(strstr(out, "\n0x00000010 6 Start Tile Binning\n"));
	assert_non_null(strstr(out, " 64 GL Shader State\n"));
	assert_non_null(strstr(out, " 33 Vertex Array Primitives\n    Primitive Mode: "
			       "Triangles\n    Length: 3\n    Index of First Vertex: 0\n"));
	const char *tail = "7 Increment Semaphore\n0x0000005b 4 Flush\n";
	assert_string_equal(out + strlen(out) - strlen(tail), tail);
	free(out);
	scene_free(&s);
}

static void perf_says_why(void **state)
{
	(void)state;
	struct scene s;
	scene_init(&s, "perf");
	const float black[4] = { 0, 0, 0, 1 };
	uint8_t pixels[64 * 64 * 4];
	capture_begin();
	assert_true(vc4_clear(s.ctx, VC4_CLEAR_COLOR, black, 1.0f, 0));
	draw(&s, VC4_PRIM_TRIANGLES);
	assert_true(vc4_clear(s.ctx, VC4_CLEAR_COLOR, black, 1.0f, 0));   /* after a draw */
	draw(&s, VC4_PRIM_TRIANGLES);
	assert_true(vc4_texture_read_rgba8(s.rt, pixels));
	draw(&s, VC4_PRIM_TRIANGLES);
	vc4_ctx_set_bo_cap(s.ctx, 1);
	draw(&s, VC4_PRIM_TRIANGLES);
	vc4_ctx_set_bo_cap(s.ctx, 128u << 20);
	draw(&s, VC4_PRIM_TRIANGLES);
	assert_true(vc4_flush(s.ctx));
	char *out = capture_end();
	assert_string_equal(out,
		"vc4 perf: job 1 (64x64, 1 draws, a clear): flushed: a clear follows its draws\n"
		"vc4 perf: job 2 (64x64, 1 draws, a clear): flushed: the CPU reads its render "
		"target\n"
		"vc4 perf: job 3 (64x64, 2 draws): flushed: its BOs passed the cap of 1 bytes\n"
		"vc4 perf: job 4 (64x64, 1 draws): flushed: vc4_flush or vc4_finish, or its "
		"render target or the context is destroyed\n");
	free(out);
	scene_free(&s);
}

/* A vertex shader passing its position on as 10 vec4 varyings, and a
 * fragment shader that keeps them all across its texture lookup: they do
 * not fit the half register files, so it loses its second thread. */
static void heavy_shaders(char *vs, char *fs, size_t size)
{
	size_t v = (size_t)snprintf(vs, size, "vertex\nattribute vec4 @pos\n");
	size_t f = (size_t)snprintf(fs, size, "fragment\n");
	for (int i = 0; i < 10; i++) {
		v += (size_t)snprintf(vs + v, size - v, "varying smooth vec4 @v%d\n", i);
		f += (size_t)snprintf(fs + f, size - f, "varying smooth vec4 @v%d\n", i);
	}
	v += (size_t)snprintf(vs + v, size - v, "output position\n%%p = load @pos\n"
			      "store @position, %%p\n");
	f += (size_t)snprintf(fs + f, size - f, "sampler 2d @tex\noutput color\n");
	for (int i = 0; i < 10; i++) {
		v += (size_t)snprintf(vs + v, size - v, "store @v%d, %%p\n", i);
		f += (size_t)snprintf(fs + f, size - f, "%%l%d = load @v%d\n", i, i);
	}
	f += (size_t)snprintf(fs + f, size - f, "%%uv = swizzle %%l0, xy\n%%t = tex @tex, %%uv\n"
			      "%%s9 = add %%t, %%l9\n");
	for (int i = 8; i >= 0; i--)
		f += (size_t)snprintf(fs + f, size - f, "%%s%d = add %%s%d, %%l%d\n", i, i + 1, i);
	snprintf(fs + f, size - f, "store @color, %%s0\n");
}

static void perf_single_threaded_fs(void **state)
{
	(void)state;
	static const float v[] = { -1, -1, 0, 1, 1, -1, 0, 1, 0, 1, 0, 1 };
	static char vs[2048], fs[2048];
	heavy_shaders(vs, fs, sizeof(vs));
	struct vc4_ctx *ctx = debug_ctx("perf");
	struct vc4_texture *rt = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, 64, 64,
						    NULL);
	struct vc4_texture *tex = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO, 4, 4,
						     NULL);
	struct vc4_buffer *vb = vc4_buffer_create(ctx, v, sizeof(v));
	struct vc4_prog *prog = vc4_prog_create(ctx, vs, fs);
	assert_true(rt && tex && vb && prog);
	struct vc4_vertex_attrib a[1] = { { vb, 0, 16, VC4_ATTR_FLOAT } };
	assert_true(vc4_set_framebuffer(ctx, rt, NULL) && vc4_set_program(ctx, prog) &&
		    vc4_set_vertex_attribs(ctx, a, 1) && vc4_set_texture(ctx, 0, tex));
	capture_begin();
	bool ok = vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3);
	char *out = capture_end();
	if (!ok)
		fail_msg("draw: %s", vc4_ctx_error(ctx));
	assert_string_equal(out, "vc4 perf: prog 1 variant 1: the fragment shader runs "
			    "single-threaded (its values do not fit the half register files)\n");
	free(out);
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(vb);
	vc4_texture_destroy(tex);
	vc4_texture_destroy(rt);
	vc4_ctx_destroy(ctx);
}

/* always_flush and always_sync: a job per draw, submitted by the draw. */
static void always_flush_and_sync(void **state)
{
	(void)state;
	static const char *const modes[] = { "always_flush,perf", "always_sync,perf" };
	for (int m = 0; m < 2; m++) {
		struct scene s;
		scene_init(&s, modes[m]);
		capture_begin();
		draw(&s, VC4_PRIM_TRIANGLES);
		draw(&s, VC4_PRIM_TRIANGLES);
		char *out = capture_end();
		struct vc4_ctx_stats st;
		vc4_ctx_get_stats(s.ctx, &st);
		assert_int_equal(st.jobs_submitted, 2);
		assert_string_equal(out,
			"vc4 perf: job 1 (64x64, 1 draws): flushed: VC4_DEBUG always_flush or "
			"always_sync, after a draw\n"
			"vc4 perf: job 2 (64x64, 1 draws): flushed: VC4_DEBUG always_flush or "
			"always_sync, after a draw\n");
		free(out);
		scene_free(&s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unknown_names_are_refused),
		cmocka_unit_test(shaderdb_per_variant),
		cmocka_unit_test(qir_and_qpu_dumps),
		cmocka_unit_test(cl_of_each_job),
		cmocka_unit_test(perf_says_why),
		cmocka_unit_test(perf_single_threaded_fs),
		cmocka_unit_test(always_flush_and_sync),
	};
	return cmocka_run_group_tests_name("driver_debug", tests, NULL, NULL);
}
