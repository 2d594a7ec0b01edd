/*
 * bench_regalloc.c: time of the generic register allocator on random
 * interference graphs of bounded degree (100 to 100,000 nodes), over a
 * vc4-shaped register set (69 registers, 5 classes: every node passes the p/q
 * test) and over a flat 12-register set (many nodes get stuck and go through
 * the optimistic heap). Prints one line per set and size: nodes, edges added
 * (a rare repeat is dropped by the allocator), milliseconds to build the graph
 * and to allocate (best of several runs), and whether it coloured. Results go
 * to docs/PERFORMANCE.md.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "regalloc/regalloc.h"

enum { MAX_DEGREE = 16, WINDOW = 64, FLAT_REGS = 12 };
enum { C_ABACC, C_A, C_B, C_ACC, C_R4, NCLASS };

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static uint32_t xorshift(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* r0-r3 = 0-3, r4 = 4, A = 5-36, B = 37-68. */
static struct ra_set *vc4_shaped_set(void)
{
	struct ra_set *set = ra_set_create(69, NULL);
	static const struct { uint32_t lo, hi; } ranges[NCLASS][2] = {
		[C_ABACC] = { { 0, 3 }, { 5, 68 } },
		[C_A] = { { 5, 36 }, { 5, 36 } },
		[C_B] = { { 37, 68 }, { 37, 68 } },
		[C_ACC] = { { 0, 3 }, { 0, 3 } },
		[C_R4] = { { 4, 4 }, { 4, 4 } },
	};
	for (uint32_t c = 0; c < NCLASS; c++) {
		ra_class_create(set);
		for (uint32_t k = 0; k < 2; k++)
			for (uint32_t r = ranges[c][k].lo; r <= ranges[c][k].hi; r++)
				ra_class_add_reg(set, c, r);
	}
	struct vc4_diag d = {0};
	if (!ra_set_finalize(set, &d)) {
		fprintf(stderr, "bench_regalloc: %s\n", d.msg);
		exit(1);
	}
	return set;
}

/* A flat set of FLAT_REGS registers in one class. */
static struct ra_set *flat_set(void)
{
	struct ra_set *set = ra_set_create(FLAT_REGS, NULL);
	ra_class_create(set);
	for (uint32_t r = 0; r < FLAT_REGS; r++)
		ra_class_add_reg(set, 0, r);
	ra_set_finalize(set, NULL);
	return set;
}

/* A random graph shaped like live ranges: each node interferes with random
 * nodes among the next WINDOW, no node exceeding MAX_DEGREE neighbours.
 * With `flat`, every node is in class 0; otherwise mostly A|B|acc. Returns the
 * number of edges added. */
static uint64_t build_graph(struct ra_graph *g, uint32_t n, uint32_t seed, uint32_t *deg,
			    bool flat)
{
	uint64_t edges = 0;
	for (uint32_t i = 0; i < n; i++) {
		deg[i] = 0;
		uint32_t r = xorshift(&seed) % 16;
		uint32_t c = r < 12 ? C_ABACC : r < 14 ? C_A : r < 15 ? C_B : C_ACC;
		ra_graph_set_class(g, i, flat ? 0 : c);
	}
	for (uint32_t i = 0; i < n; i++) {
		for (uint32_t k = 0; k < MAX_DEGREE / 2; k++) {
			uint32_t j = i + 1 + xorshift(&seed) % WINDOW;
			if (j >= n || deg[i] >= MAX_DEGREE || deg[j] >= MAX_DEGREE)
				continue;
			ra_graph_add_interference(g, i, j);
			deg[i]++;
			deg[j]++;
			edges++;
		}
	}
	return edges;
}

/* Best-of-`reps` build and allocate times for one size. */
static void run(const char *name, const struct ra_set *set, bool flat, uint32_t n, int reps)
{
	bool ok = false;
	double best_build = 1e30, best_alloc = 1e30;
	uint64_t edges = 0;
	uint32_t *deg = malloc(n * sizeof(uint32_t));
	for (int rep = 0; rep < reps; rep++) {
		double t0 = now_ms();
		struct ra_graph *g = ra_graph_create(set, n, NULL);
		edges = build_graph(g, n, 2024, deg, flat);
		double t1 = now_ms();
		ok = ra_allocate(g, NULL);
		double t2 = now_ms();
		if (!ok && ra_get_best_spill_node(g) == RA_NO_NODE) {
			fprintf(stderr, "bench_regalloc: %u nodes: no colouring, no spill\n", n);
			exit(1);
		}
		ra_graph_destroy(g);
		best_build = t1 - t0 < best_build ? t1 - t0 : best_build;
		best_alloc = t2 - t1 < best_alloc ? t2 - t1 : best_alloc;
	}
	free(deg);
	printf("%-10s %8" PRIu32 " nodes %9" PRIu64 " edges   build %8.3f ms   "
	       "allocate %8.3f ms   %s\n", name, n, edges, best_build, best_alloc,
	       ok ? "coloured" : "spill needed");
}

int main(void)
{
	struct ra_set *vc4 = vc4_shaped_set(), *flat = flat_set();
	static const struct { uint32_t nodes; int reps; } sizes[] = {
		{ 100, 200 }, { 1000, 50 }, { 10000, 10 }, { 100000, 3 },
	};
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		run("vc4-shaped", vc4, false, sizes[i].nodes, sizes[i].reps);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		run("flat-12", flat, true, sizes[i].nodes, sizes[i].reps);
	ra_set_destroy(vc4);
	ra_set_destroy(flat);
	return 0;
}
