/*
 * bench_shaderdb.c: our compiler on the shader corpus (bench/shaders/),
 * beside Mesa vc4's figures for the same pairs (bench/shaders/mesa-vc4.txt,
 * written by scripts/shaderdb-mesa.sh). Each pair is compiled from GLSL with
 * the keys of the draw the Mesa harness made (conformance/shaderdb.c): RGBA8
 * target, float attributes, RGBA8 textures, two-threaded fragment shaders
 * allowed, plus depth test or blending where the .frag says
 * "// shaderdb: depth" / "blend". Prints per program our instructions,
 * threads, uniforms, max-temps and estimated cycles beside Mesa's, then the
 * totals, the geometric mean of the per-program ratios, the programs longer
 * than Mesa's, the worst ratios and our compile time (docs/PERFORMANCE.md,
 * "Our compiler against Mesa's").
 *
 * --hashes prints, per program, a hash of its code, uniform stream and host
 * program instead of the table: the check that a change to the compiler
 * left its output bit-identical.
 *
 *   bench_shaderdb CORPUS_DIR [--mesa TABLE] [--only NAME] [--quiet] [--passes N] [--hashes]
 */
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compiler/vc4_compile.h"
#include "glsl/glsl.h"
#include "shaderdb_exec.h"
#include "util/file.h"

#define MAX_PAIRS 512
#define NAME_MAX_LEN 64

enum { VS, CS, FS, STAGES };
static const char *const stage_names[STAGES] = { "VS", "CS", "FS" };

/* One program's figures (ours or Mesa's); inst 0 = none. */
struct figures {
	uint32_t inst, threads, uniforms, temps, cycles;
	uint32_t host;     /* host ops (uniform-only values the driver computes per draw) */
};

struct pair {
	char name[NAME_MAX_LEN];
	struct figures ours[STAGES], mesa[STAGES];
	double ms;                 /* our compile time, front end to checked code */
	uint64_t hash[STAGES];     /* our programs' hashes (--hashes only) */
	char error[600];           /* ours failed: why */
	bool loops;                /* the .frag has a for/while/do loop */
	struct shaderdb_exec exec, mesa_exec;   /* the FS in the harness's draw;
						 * quads 0 = not measured */
	char exec_error[160];      /* ours could not be drawn: why */
};

static struct pair pairs[MAX_PAIRS];
static size_t npairs;
static bool hashes;        /* --hashes */

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct pair *)a)->name, ((const struct pair *)b)->name);
}

/* The pairs of the corpus: every NAME.vert. */
static bool scan(const char *dir, const char *only)
{
	DIR *d = opendir(dir);
	if (!d)
		return fprintf(stderr, "bench_shaderdb: cannot open %s\n", dir), false;
	for (struct dirent *e; (e = readdir(d)) && npairs < MAX_PAIRS;) {
		size_t n = strlen(e->d_name);
		if (n < 6 || n - 5 >= NAME_MAX_LEN || strcmp(e->d_name + n - 5, ".vert") != 0)
			continue;
		struct pair *p = &pairs[npairs];
		memset(p, 0, sizeof(*p));
		memcpy(p->name, e->d_name, n - 5);
		if (!only || strcmp(only, p->name) == 0)
			npairs++;
	}
	closedir(d);
	qsort(pairs, npairs, sizeof(pairs[0]), by_name);
	return npairs > 0 || (fprintf(stderr, "bench_shaderdb: no pairs in %s\n", dir), false);
}

/* Reads DIR/NAME.EXT as a string; NULL + message. */
static char *read_source(const char *dir, const char *name, const char *ext, char *err,
			 size_t size)
{
	char path[1024];
	struct vc4_diag d = { 0 };
	size_t n;
	if (snprintf(path, sizeof(path), "%s/%s.%s", dir, name, ext) >= (int)sizeof(path)) {
		snprintf(err, size, "%.64s.%.8s: path too long", name, ext);
		return NULL;
	}
	char *text = vc4_read_file(path, &n, &d);
	if (!text)
		snprintf(err, size, "%s", d.msg);
	return text;
}

/* The keys of the Mesa harness's draw for this pair. */
static void make_keys(const char *fs_src, const struct ir_shader *vs,
		      struct qir_shader_key *vk, struct qir_shader_key *fk)
{
	qir_shader_key_init(vk, QIR_STAGE_VERTEX);
	(void)vs;   /* float attributes: the default */
	qir_shader_key_init(fk, QIR_STAGE_FRAGMENT);
	fk->threaded = true;
	const char *marker = strstr(fs_src, "// shaderdb:");
	const char *eol = marker ? strchr(marker, '\n') : NULL;
	size_t len = marker ? (eol ? (size_t)(eol - marker) : strlen(marker)) : 0;
	char line[128] = "";
	if (len && len < sizeof(line))
		memcpy(line, marker, len), line[len] = '\0';
	fk->depth_enabled = strstr(line, "depth") != NULL;
	if (strstr(line, "blend")) {
		fk->blend.enable = true;
		fk->blend.rgb_src = fk->blend.alpha_src = QIR_BF_SRC_ALPHA;
		fk->blend.rgb_dst = fk->blend.alpha_dst = QIR_BF_ONE_MINUS_SRC_ALPHA;
	}
}

static struct figures figures_of(const struct vc4_compiled_stage *p)
{
	return (struct figures){ p->num_inst, p->threads, p->num_uniforms, p->max_temps,
				 p->cycles, (uint32_t)p->code.uniforms.host.len };
}

static uint64_t fnv(uint64_t h, uint64_t v)
{
	for (int b = 0; b < 64; b += 8)
		h = (h ^ ((v >> b) & 0xff)) * 0x100000001b3ull;
	return h;
}

static uint64_t fnv_uniform(uint64_t h, const struct qir_uniform *u)
{
	return fnv(h, (uint64_t)u->kind << 32 | u->data);
}

/* FNV-1a of a program's words, uniform stream and host program, in order. */
static uint64_t hash_of(const struct vc4_compiled_stage *p)
{
	uint64_t h = 0xcbf29ce484222325ull;
	h = fnv(h, p->threads);
	for (size_t i = 0; i < p->code.words.len; i++)
		h = fnv(h, p->code.words.data[i]);
	for (size_t i = 0; i < p->code.uniforms.entries.len; i++)
		h = fnv_uniform(h, &p->code.uniforms.entries.data[i]);
	for (size_t i = 0; i < p->code.uniforms.host.len; i++) {
		const struct qir_host_op *o = &p->code.uniforms.host.data[i];
		h = fnv(h, o->op);
		for (size_t s = 0; s < QIR_MAX_SRC; s++)
			h = fnv_uniform(h, &o->src[s]);
	}
	return h;
}

/* Whether the source has a loop statement (a word for, while or do). */
static bool has_loop(const char *src)
{
	static const char *const words[] = { "for", "while", "do" };
	for (size_t w = 0; w < 3; w++)
		for (const char *q = src; (q = strstr(q, words[w])); q++) {
			size_t n = strlen(words[w]);
			bool start = q == src || !(isalnum((unsigned char)q[-1]) || q[-1] == '_');
			bool end = !(isalnum((unsigned char)q[n]) || q[n] == '_');
			if (start && end)
				return true;
		}
	return false;
}

/* Draws the pair as Mesa's harness does and counts its FS (once). */
static void execute_pair(struct pair *p, const char *vsrc, const char *fsrc)
{
	struct qir_shader_key vk, fk;
	make_keys(fsrc, NULL, &vk, &fk);
	p->loops = has_loop(fsrc);
	if (!shaderdb_execute(vsrc, fsrc, fk.depth_enabled, fk.blend.enable, &p->exec,
			      p->exec_error, sizeof(p->exec_error)))
		p->exec.quads = 0;
}

/* Compiles one pair (front end, link, VS+CS, FS); fills p->ours or p->error;
 * the first time also executes it (execute_pair). */
static bool compile_pair(const char *dir, struct pair *p)
{
	char *vsrc = read_source(dir, p->name, "vert", p->error, sizeof(p->error));
	char *fsrc = vsrc ? read_source(dir, p->name, "frag", p->error, sizeof(p->error)) : NULL;
	if (!fsrc)
		return free(vsrc), false;
	double t0 = now_ms();
	struct glsl_log log = { 0 };
	struct glsl_shader *vs = glsl_compile(vsrc, strlen(vsrc), "vert", GLSL_VERTEX, &log);
	struct glsl_shader *fs = vs ? glsl_compile(fsrc, strlen(fsrc), "frag", GLSL_FRAGMENT, &log)
				    : NULL;
	bool ok = fs && glsl_link(vs, fs, NULL, 0, &log);
	if (!ok)
		snprintf(p->error, sizeof(p->error), "%s", log.first);
	struct vc4_compile_result rv = { 0 }, rf = { 0 };
	struct vc4_diag d = { 0 };
	if (ok) {
		struct qir_shader_key vk, fk;
		make_keys(fsrc, vs->ir, &vk, &fk);
		ok = vc4_compile_linked(vs->ir, fs->ir, &vk, NULL, &rv, &d) &&
		     vc4_compile(fs->ir, &fk, &rf, &d);
		if (!ok)
			snprintf(p->error, sizeof(p->error), "%s", d.msg);
	}
	double ms = now_ms() - t0;
	if (ok && p->ms == 0 && !p->exec_error[0])
		execute_pair(p, vsrc, fsrc);
	if (ok) {
		p->ours[VS] = figures_of(&rv.prog[0]);
		p->ours[CS] = figures_of(&rv.prog[1]);
		p->ours[FS] = figures_of(&rf.prog[0]);
		if (hashes) {
			p->hash[VS] = hash_of(&rv.prog[0]);
			p->hash[CS] = hash_of(&rv.prog[1]);
			p->hash[FS] = hash_of(&rf.prog[0]);
		}
		if (p->ms == 0 || ms < p->ms)
			p->ms = ms;
	}
	vc4_compile_result_free(&rv);
	vc4_compile_result_free(&rf);
	glsl_shader_free(vs);
	glsl_shader_free(fs);
	free(vsrc);
	free(fsrc);
	return ok;
}

/* Reads Mesa's "shader PAIR STAGE INST THREADS UNIFORMS TEMPS CYCLES KEY" rows. */
static void read_mesa(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "bench_shaderdb: %s: cannot open; no Mesa column\n", path);
		return;
	}
	char line[512], name[NAME_MAX_LEN], stage[8];
	struct figures g;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long inst, quads;
		if (sscanf(line, "executed %63s FS %llu %llu", name, &inst, &quads) == 3)
			for (size_t i = 0; i < npairs; i++)
				if (strcmp(pairs[i].name, name) == 0)
					pairs[i].mesa_exec = (struct shaderdb_exec){ inst, quads };
		if (sscanf(line, "shader %63s %7s %u %u %u %u %u", name, stage, &g.inst, &g.threads,
			   &g.uniforms, &g.temps, &g.cycles) != 7)
			continue;
		for (size_t i = 0; i < npairs; i++)
			for (int s = 0; s < STAGES; s++)
				if (strcmp(pairs[i].name, name) == 0 &&
				    strcmp(stage_names[s], stage) == 0)
					pairs[i].mesa[s] = g;
	}
	fclose(f);
}

struct ratio {
	double r;
	size_t pair;
	int stage;
};

static int by_ratio(const void *a, const void *b)
{
	double x = ((const struct ratio *)a)->r, y = ((const struct ratio *)b)->r;
	return (x < y) - (x > y);
}

static void print_pairs(void)
{
	printf("%-28s %-3s %6s %6s %6s  %-9s %-9s %-9s %-11s %s\n", "pair", "", "ours", "mesa",
	       "ratio", "threads", "uniforms", "temps", "cycles", "executed/16px");
	for (size_t i = 0; i < npairs; i++) {
		const struct pair *p = &pairs[i];
		if (p->error[0]) {
			printf("%-28s FAILED: %s\n", p->name, p->error);
			continue;
		}
		for (int s = 0; s < STAGES; s++) {
			const struct figures *o = &p->ours[s], *m = &p->mesa[s];
			char ratio[16] = "-";
			if (m->inst)
				snprintf(ratio, sizeof(ratio), "%.2f", (double)o->inst / m->inst);
			char cycles[24], exec[48] = "";
			snprintf(cycles, sizeof(cycles), "%u/%u", o->cycles, m->cycles);
			if (s == FS)
				snprintf(exec, sizeof(exec), "%.0f/%.0f%s%s", shaderdb_per_group(&p->exec),
					 shaderdb_per_group(&p->mesa_exec), p->loops ? " loop" : "",
					 p->exec_error[0] ? " -" : "");
			printf("%-28s %-3s %6u %6u %6s  %u/%-7u %u/%-7u %u/%-7u %-11s %s\n", p->name,
			       stage_names[s], o->inst, m->inst, ratio, o->threads, m->threads,
			       o->uniforms, m->uniforms, o->temps, m->temps, cycles, exec);
			if (s == FS && p->exec_error[0])
				printf("%-28s     not drawn: %s\n", p->name, p->exec_error);
		}
	}
}

/* The pairs whose FS executes the most instructions more than Mesa's per
 * 16 pixels, largest first (at most 8). */
static void print_executed_worst(void)
{
	struct ratio *r = calloc(npairs + 1, sizeof(*r));
	size_t nr = 0;
	for (size_t i = 0; r && i < npairs; i++) {
		const struct pair *p = &pairs[i];
		double d = shaderdb_per_group(&p->exec) - shaderdb_per_group(&p->mesa_exec);
		if (p->exec.quads && p->mesa_exec.quads && d > 0.5)
			r[nr++] = (struct ratio){ d, i, FS };
	}
	if (nr) {
		qsort(r, nr, sizeof(*r), by_ratio);
		printf("most executed over Mesa's (FS, per 16 pixels):");
		for (size_t k = 0; k < nr && k < 8; k++)
			printf(" %s +%.0f", pairs[r[k].pair].name, r[k].r);
		printf("\n");
	}
	free(r);
}

/* Executed FS instructions per 16-pixel group, summed over the pairs both
 * sides measured (all, and those whose FS has a loop), and how many execute
 * more than Mesa's; the pairs ours could not draw, with the first reason. */
static void print_executed(void)
{
	double sum[2][2] = { { 0, 0 }, { 0, 0 } };   /* [loop subset][ours, mesa] */
	size_t n[2] = { 0, 0 }, more = 0, unmeasured = 0;
	const char *why = NULL;
	for (size_t i = 0; i < npairs; i++) {
		const struct pair *p = &pairs[i];
		if (!p->exec.quads || !p->mesa_exec.quads) {
			unmeasured++;
			why = why ? why : p->exec_error[0] ? p->exec_error : NULL;
			continue;
		}
		double o = shaderdb_per_group(&p->exec), m = shaderdb_per_group(&p->mesa_exec);
		for (int l = 0; l <= (int)p->loops; l++)
			sum[l][0] += o, sum[l][1] += m, n[l]++;
		more += o > m + 0.5;
	}
	for (int l = 0; l < 2; l++)
		printf("executed FS instructions per 16 pixels%s, %zu pairs: ours %.0f  mesa %.0f  "
		       "ratio %.3f\n", l ? " (FS with loops)" : "", n[l], sum[l][0], sum[l][1],
		       sum[l][1] > 0 ? sum[l][0] / sum[l][1] : 0.0);
	printf("pairs executing more than Mesa's: %zu; not measured on both sides: %zu%s%s\n",
	       more, unmeasured, why ? "; first reason: " : "", why ? why : "");
	print_executed_worst();
}

/* The host programs (docs/compiler.md, "Host uniforms"): ops per stage the
 * driver evaluates once per draw, the programs with one, the largest. */
static void print_host(const struct pair *pairs, size_t npairs)
{
	unsigned long long ops[STAGES] = { 0 };
	size_t programs = 0;
	uint32_t most = 0;
	for (size_t i = 0; i < npairs; i++)
		for (int s = 0; s < STAGES && !pairs[i].error[0]; s++) {
			uint32_t n = pairs[i].ours[s].host;
			ops[s] += n;
			programs += n > 0;
			most = n > most ? n : most;
		}
	printf("host ops per draw: VS %llu, CS %llu, FS %llu, in %zu programs (at most %u)\n",
	       ops[VS], ops[CS], ops[FS], programs, most);
}

/* Totals per stage, geometric mean, longer-than-Mesa count, worst ratios. */
static void print_summary(void)
{
	uint64_t ours[STAGES + 1] = { 0 }, mesa[STAGES + 1] = { 0 };
	struct ratio *r = calloc(npairs * STAGES + 1, sizeof(*r));
	size_t nr = 0, failed = 0, longer = 0, fs_threaded[2] = { 0, 0 };
	double log_sum = 0, ms = 0;
	for (size_t i = 0; i < npairs && r; i++) {
		const struct pair *p = &pairs[i];
		if (p->error[0]) {
			failed++;
			continue;
		}
		ms += p->ms;
		fs_threaded[0] += p->ours[FS].threads == 2;
		fs_threaded[1] += p->mesa[FS].threads == 2;
		for (int s = 0; s < STAGES; s++) {
			if (!p->mesa[s].inst)
				continue;
			ours[s] += p->ours[s].inst, ours[STAGES] += p->ours[s].inst;
			mesa[s] += p->mesa[s].inst, mesa[STAGES] += p->mesa[s].inst;
			double q = (double)p->ours[s].inst / p->mesa[s].inst;
			log_sum += log(q);
			longer += q > 1.0;
			r[nr++] = (struct ratio){ q, i, s };
		}
	}
	printf("\n");
	for (int s = 0; s <= STAGES; s++)
		printf("total %-3s ours %7llu  mesa %7llu  ratio %.3f\n",
		       s < STAGES ? stage_names[s] : "all", (unsigned long long)ours[s],
		       (unsigned long long)mesa[s], mesa[s] ? (double)ours[s] / mesa[s] : 0.0);
	printf("programs compared %zu, geometric mean of ratios %.3f, longer than Mesa's %zu, "
	       "our failures %zu\n", nr, nr ? exp(log_sum / nr) : 0.0, longer, failed);
	printf("two-threaded FS: ours %zu, mesa %zu\n", fs_threaded[0], fs_threaded[1]);
	print_host(pairs, npairs);
	printf("compile time (ours, front end to checked code, best pass): %.1f ms for %zu "
	       "pairs, %.2f ms a pair\n", ms, npairs - failed,
	       npairs > failed ? ms / (double)(npairs - failed) : 0.0);
	if (r && nr) {
		qsort(r, nr, sizeof(*r), by_ratio);
		printf("worst ratios:");
		for (size_t k = 0; k < nr && k < 10; k++)
			printf(" %s/%s %.2f", pairs[r[k].pair].name, stage_names[r[k].stage], r[k].r);
		printf("\n");
	}
	free(r);
	print_executed();
}

/* One line per program: pair, stage, hash (or the pair's error). */
static void print_hashes(void)
{
	for (size_t i = 0; i < npairs; i++)
		for (int s = 0; s < STAGES; s++)
			printf("%-28s %s %016llx%s\n", pairs[i].name, stage_names[s],
			       (unsigned long long)pairs[i].hash[s], pairs[i].error[0] ? " failed" : "");
}

int main(int argc, char **argv)
{
	const char *dir = NULL, *mesa = NULL, *only = NULL;
	bool quiet = false;
	int passes = 3;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--mesa") == 0 && i + 1 < argc)
			mesa = argv[++i];
		else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
			only = argv[++i];
		else if (strcmp(argv[i], "--passes") == 0 && i + 1 < argc)
			passes = atoi(argv[++i]);
		else if (strcmp(argv[i], "--quiet") == 0)
			quiet = true;
		else if (strcmp(argv[i], "--hashes") == 0)
			hashes = true;
		else if (!dir && argv[i][0] != '-')
			dir = argv[i];
		else
			return fprintf(stderr, "usage: bench_shaderdb CORPUS_DIR [--mesa TABLE] "
				       "[--only NAME] [--passes N] [--quiet] [--hashes]\n"), 2;
	}
	if (!dir || !scan(dir, only))
		return 2;
	char table[1024];
	if (!mesa) {
		snprintf(table, sizeof(table), "%s/mesa-vc4.txt", dir);
		mesa = table;
	}
	read_mesa(mesa);
	for (int pass = 0; pass < (passes > 0 ? passes : 1); pass++)
		for (size_t i = 0; i < npairs; i++)
			if (!pairs[i].error[0])
				compile_pair(dir, &pairs[i]);
	if (hashes)
		return print_hashes(), 0;
	if (!quiet)
		print_pairs();
	print_summary();
	return 0;
}
