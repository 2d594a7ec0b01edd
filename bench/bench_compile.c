/*
 * bench_compile.c: the shader compiler's speed and code quality.
 *   1. compile time (IR text → checked QPU code, best of several runs) of the
 *      yardstick and feature shaders of tests/compiler, with instruction
 *      count and the share of instructions using both ALUs;
 *   2. growth: generated straight-line fragment shaders of 100, 1,000 and
 *      10,000 IR ops (vec4 mul/add/max chains, low register pressure).
 * Usage: bench_compile TESTS_COMPILER_DIR. Results go to docs/PERFORMANCE.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compiler/vc4_compile.h"
#include "util/file.h"

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Best-of-`runs` time of parse + compile; the last result stays in *r. */
static double time_compile(const char *text, size_t len, bool threaded, int runs,
			   struct vc4_compile_result *r)
{
	double best = 1e30;
	for (int i = 0; i < runs; i++) {
		struct vc4_diag d = {0};
		double t0 = now_ms();
		struct ir_shader *sh = ir_parse(text, len, "bench", &d);
		struct qir_shader_key key;
		bool ok = sh != NULL;
		if (ok) {
			qir_shader_key_init(&key, sh->stage == IR_STAGE_VERTEX ? QIR_STAGE_VERTEX :
					    QIR_STAGE_FRAGMENT);
			key.threaded = threaded;
			if (i)
				vc4_compile_result_free(r);
			ok = vc4_compile(sh, &key, r, &d);
		}
		double t = now_ms() - t0;
		ir_shader_free(sh);
		if (!ok) {
			fprintf(stderr, "compile failed: %s\n", d.msg);
			exit(1);
		}
		if (t < best)
			best = t;
	}
	return best;
}

static void report(const char *name, double ms, const struct vc4_compile_result *r,
		   uint32_t *inst, uint32_t *pairs)
{
	for (uint32_t i = 0; i < r->count; i++) {
		const struct vc4_compiled_stage *p = &r->prog[i];
		printf("%-22s %-10s %8.3f ms %6u inst %5u dual-ALU (%4.1f%%)\n", name,
		       vc4_stage_name((enum qir_stage)p->stage), i ? 0.0 : ms, p->num_inst,
		       p->code.pairs, 100.0 * p->code.pairs / (p->num_inst ? p->num_inst : 1));
		*inst += p->num_inst;
		*pairs += p->code.pairs;
	}
}

/* A fragment shader of about `ops` IR instructions; NULL when out of memory. */
static char *generated(unsigned ops)
{
	size_t cap = 64 * (size_t)ops + 256, len = 0;
	char *t = malloc(cap);
	static const char *const op[] = { "mul", "add", "max" };
	if (!t)
		return NULL;
	len += (size_t)sprintf(t + len, "fragment\nvarying smooth vec4 @v\noutput color\n"
			       "%%a0 = load @v\n%%k = const vec4 0.5, 0.25, 0.125, 1.0\n");
	for (unsigned i = 1; i <= ops; i++)
		len += (size_t)sprintf(t + len, "%%a%u = %s %%a%u, %s\n", i, op[i % 3], i - 1,
				       i % 2 ? "%k" : "%a0");
	sprintf(t + len, "store @color, %%a%u\n", ops);
	return t;
}

int main(int argc, char **argv)
{
	static const struct { const char *file; bool threaded; } set[] = {
		{ "mvp_color.vs.ir", false }, { "color.fs.ir", false },
		{ "tex_color.fs.ir", true }, { "cf.fs.ir", false }, { "sfu.fs.ir", false },
	};
	const char *dir = argc > 1 ? argv[1] : "tests/compiler";
	uint32_t inst = 0, pairs = 0;
	for (size_t i = 0; i < sizeof(set) / sizeof(set[0]); i++) {
		char path[1024];
		snprintf(path, sizeof(path), "%s/%s", dir, set[i].file);
		struct vc4_diag d = {0};
		size_t len;
		char *text = vc4_read_file(path, &len, &d);
		if (!text) {
			fprintf(stderr, "%s\n", d.msg);
			return 1;
		}
		struct vc4_compile_result r;
		double ms = time_compile(text, len, set[i].threaded, 20, &r);
		report(set[i].file, ms, &r, &inst, &pairs);
		vc4_compile_result_free(&r);
		free(text);
	}
	printf("shader set: %u inst, %u dual-ALU (%.1f%%)\n", inst, pairs,
	       100.0 * pairs / (inst ? inst : 1));
	static const unsigned sizes[] = { 100, 1000, 10000 };
	for (size_t i = 0; i < 3; i++) {
		char *text = generated(sizes[i]);
		if (!text) {
			fprintf(stderr, "bench_compile: out of memory\n");
			return 1;
		}
		struct vc4_compile_result r;
		double ms = time_compile(text, strlen(text), false, sizes[i] > 1000 ? 2 : 5, &r);
		printf("generated %5u IR ops: %9.2f ms, %6u inst, %.3f ms per 1000 inst\n", sizes[i],
		       ms, r.prog[0].num_inst, ms * 1000.0 / r.prog[0].num_inst);
		vc4_compile_result_free(&r);
		free(text);
	}
	return 0;
}
