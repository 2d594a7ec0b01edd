/*
 * bench_growth.c: how the shader compiler's time and memory grow with the
 * program (issue 10, "Compile-time scale"). Generates programs of about 100,
 * 1,000, 10,000 and 100,000 IR ops in memory, in four shapes:
 *
 *   straight  one block of vec4 mul/add/max chains (fragment shader)
 *   ifs       nested ifs around one add (bench/gen_stress.py ifs)
 *   loops     nested loops, each left at its top by a break on a varying
 *             condition and at its end by a plain break (until 2026-11-27
 *             only the plain break, as gen_stress.py loops: since loops that
 *             run once fold away, that shape compiled to 19 instructions)
 *   mixed     a sequence of counted loops, each with an exit test and an
 *             if/else doing vec4 arithmetic inside (cf.fs.ir's shape, repeated)
 *
 * and compiles each (parse + vc4_compile: lowering, optimisation, allocation,
 * emission and the hazard/kernel checks) in a child process, so that the
 * child's peak resident set (wait4's ru_maxrss) is that compile's own. Prints
 * per program the IR ops, QPU instructions, best time (of 20 compiles at
 * 100 and 1,000 ops, 5 at 10,000, 3 at 100,000: the same warm measure at
 * every size), peak RSS, and the growth exponent of time against the next
 * smaller size (1.0 = linear), then the time of a single compile in a
 * fresh process (cold caches, fresh pages from the system: the first of
 * the runs) and its exponent. The peak RSS is that single compile's.
 *
 * Usage: bench_growth [MAX_OPS]            the table (sizes up to MAX_OPS)
 *        bench_growth --emit SHAPE OPS     the generated IR on stdout
 * Results go to docs/PERFORMANCE.md, "Compile-time growth".
 */
#include <math.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "compiler/vc4_compile.h"

/* A growable text buffer; exits on OOM (a benchmark). */
struct text {
	char *s;
	size_t len, cap;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct text *t, const char *fmt, ...)
{
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
		va_end(ap);
		if (n >= 0 && (size_t)n < t->cap - t->len) {
			t->len += (size_t)n;
			return;
		}
		t->cap = t->cap * 2 + (size_t)(n > 0 ? n : 0) + 4096;
		if (!(t->s = realloc(t->s, t->cap))) {
			fprintf(stderr, "out of memory\n");
			exit(1);
		}
	}
}

static void gen_straight(struct text *t, unsigned ops)
{
	static const char *const op[] = { "mul", "add", "max" };
	put(t, "fragment\nvarying smooth vec4 @v\noutput color\n%%a0 = load @v\n"
	    "%%k = const vec4 0.5, 0.25, 0.125, 1.0\n");
	unsigned n = ops > 4 ? ops - 3 : 1;
	for (unsigned i = 1; i <= n; i++)
		put(t, "%%a%u = %s %%a%u, %%k\n", i, op[i % 3], i - 1);
	put(t, "store @color, %%a%u\n", n);
}

/* N nested blocks (each opened by OPEN, closed by CLOSE) around one
 * read-modify-write of a local, after the PROLOGUE. */
static void gen_nested(struct text *t, unsigned n, const char *prologue, const char *open,
		       const char *close)
{
	put(t, "fragment\nvarying smooth vec4 @v\noutput color\nlocal vec4 @l\n%%c = load @v\n"
	    "%sstore @l, %%c\n", prologue);
	for (unsigned i = 0; i < n; i++)
		put(t, "%s", open);
	put(t, "%%y = load @l\n%%w = add %%y, %%c\nstore @l, %%w\n");
	for (unsigned i = 0; i < n; i++)
		put(t, "%s", close);
	put(t, "%%r = load @l\nstore @color, %%r\n");
}

static void gen_ifs(struct text *t, unsigned ops)
{
	gen_nested(t, ops > 12 ? (ops - 10) / 2 : 1,
		   "%x = extract %c, 0\n%z = const float 0\n%b = flt %z, %x\n", "if %b {\n", "}\n");
}

static void gen_loops(struct text *t, unsigned ops)
{
	gen_nested(t, ops > 16 ? (ops - 10) / 6 : 1,
		   "%x = extract %c, 0\n%z = const float 0\n%b = flt %z, %x\n",
		   "loop {\nif %b {\nbreak\n}\n", "break\n}\n");
}

/* One counted loop (3 iterations) with an exit test and an if/else on the
 * accumulator: 22 IR ops. */
static void mixed_unit(struct text *t, unsigned u)
{
	put(t, "store @i, %%zero\nloop {\n%%n%u = load @i\n%%d%u = ige %%n%u, %%three\n"
	    "if %%d%u {\nbreak\n}\n", u, u, u, u);
	put(t, "%%a%u = load @acc\n%%g%u = extract %%a%u, %u\n%%h%u = fgt %%g%u, %%lim\n"
	    "if %%h%u {\n", u, u, u, u % 4, u, u, u);
	put(t, "%%m%u = mul %%a%u, %%half\n%%p%u = max %%m%u, %%k\nstore @acc, %%p%u\n} else {\n",
	    u, u, u, u, u);
	put(t, "%%s%u = add %%a%u, %%k\n%%q%u = mul %%s%u, %%c\nstore @acc, %%q%u\n}\n",
	    u, u, u, u, u);
	put(t, "%%e%u = iadd %%n%u, %%one\nstore @i, %%e%u\n}\n", u, u, u);
}

static void gen_mixed(struct text *t, unsigned ops)
{
	unsigned n = ops > 54 ? (ops - 10) / 22 : 2;
	put(t, "fragment\nvarying smooth vec4 @v\nuniform float @limit\noutput color\n"
	    "local vec4 @acc\nlocal int @i\n%%c = load @v\n%%lim = load @limit\n"
	    "%%zero = const int 0\n%%one = const int 1\n%%three = const int 3\n"
	    "%%half = const vec4 0.5, 0.5, 0.5, 1.0\n%%k = const vec4 0.125, 0, 0, 0\n"
	    "store @acc, %%c\n");
	for (unsigned u = 0; u < n; u++)
		mixed_unit(t, u);
	put(t, "%%out = load @acc\nstore @color, %%out\n");
}

struct shape {
	const char *name;
	void (*gen)(struct text *t, unsigned ops);
};
static const struct shape shapes[] = {
	{ "straight", gen_straight }, { "ifs", gen_ifs }, { "loops", gen_loops },
	{ "mixed", gen_mixed },
};
#define NSHAPES (sizeof(shapes) / sizeof(shapes[0]))

/* What a child reports back through its pipe. */
struct sample {
	int ok;
	unsigned ir_ops, qpu_inst;
	double ms;
};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);   /* CPU time: the machine is shared */
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Parse + compile `runs` times (the best time); in the child. */
static struct sample measure(const struct shape *sh, unsigned ops, int runs)
{
	struct sample r = { 0 };
	struct text t = { 0 };
	sh->gen(&t, ops);
	r.ms = 1e30;
	for (int i = 0; i < runs; i++) {
		struct vc4_diag d = { 0 };
		struct vc4_compile_result res;
		double t0 = now_ms();
		struct ir_shader *s = ir_parse(t.s, t.len, sh->name, &d);
		struct qir_shader_key key;
		bool ok = s != NULL;
		if (ok) {
			qir_shader_key_init(&key, QIR_STAGE_FRAGMENT);
			r.ir_ops = (unsigned)s->instrs.len;
			ok = vc4_compile(s, &key, &res, &d);
		}
		double ms = now_ms() - t0;
		ir_shader_free(s);
		if (!ok) {
			fprintf(stderr, "%s %u: %s\n", sh->name, ops, d.msg);
			return r;
		}
		r.qpu_inst = res.prog[0].num_inst;
		vc4_compile_result_free(&res);
		if (ms < r.ms)
			r.ms = ms;
	}
	free(t.s);
	r.ok = 1;
	return r;
}

/* Runs measure() in a child; *kb = its peak RSS. */
static struct sample in_child(const struct shape *sh, unsigned ops, int runs, long *kb)
{
	struct sample r = { 0 };
	int fd[2];
	*kb = 0;
	if (pipe(fd) != 0)
		return r;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(fd[0]);
		r = measure(sh, ops, runs);
		ssize_t w = write(fd[1], &r, sizeof(r));
		_exit(w == (ssize_t)sizeof(r) ? 0 : 1);
	}
	close(fd[1]);
	if (pid < 0 || read(fd[0], &r, sizeof(r)) != (ssize_t)sizeof(r))
		r.ok = 0;
	close(fd[0]);
	int status;
	struct rusage ru;
	if (pid > 0 && wait4(pid, &status, 0, &ru) == pid)
		*kb = ru.ru_maxrss;
	return r;
}

static int emit(const char *name, const char *ops)
{
	for (size_t i = 0; i < NSHAPES; i++) {
		if (strcmp(shapes[i].name, name) == 0) {
			struct text t = { 0 };
			shapes[i].gen(&t, (unsigned)strtoul(ops, NULL, 10));
			fwrite(t.s, 1, t.len, stdout);
			free(t.s);
			return 0;
		}
	}
	fprintf(stderr, "bench_growth: unknown shape '%s'\n", name);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "--emit") == 0)
		return emit(argv[2], argv[3]);
	unsigned max = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 100000;
	printf("%-9s %8s %9s %10s %9s %7s %10s %7s\n", "shape", "IR ops", "QPU inst", "best",
	       "peak RSS", "growth", "first", "growth");
	int failed = 0;
	for (size_t i = 0; i < NSHAPES; i++) {
		double prev_ms = 0, prev_first = 0, prev_ops = 0;
		for (unsigned ops = 100; ops <= max; ops *= 10) {
			int runs = ops <= 1000 ? 20 : ops <= 10000 ? 5 : 3;
			long kb = 0, kb_runs = 0;
			struct sample first = in_child(&shapes[i], ops, 1, &kb);
			struct sample s = in_child(&shapes[i], ops, runs, &kb_runs);
			if (!s.ok || !first.ok) {
				printf("%-9s %8u   failed\n", shapes[i].name, ops);
				failed = 1;
				continue;
			}
			printf("%-9s %8u %9u %7.2f ms %6.1f MB", shapes[i].name, s.ir_ops,
			       s.qpu_inst, s.ms, (double)kb / 1024.0);
			bool prev = prev_ops > 0 && prev_ms > 0 && prev_first > 0;
			double n = log(s.ir_ops / prev_ops);
			if (prev)
				printf(" %7.2f", log(s.ms / prev_ms) / n);
			else
				printf(" %7s", "");
			printf(" %7.2f ms", first.ms);
			if (prev)
				printf(" %7.2f", log(first.ms / prev_first) / n);
			printf("\n");
			prev_ms = s.ms;
			prev_first = first.ms;
			prev_ops = s.ir_ops;
		}
	}
	return failed;
}
