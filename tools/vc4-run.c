/*
 * vc4-run: runs a raw QPU program on one simulated QPU.
 *
 *   vc4-run CODE.bin [-u WORD]... [--mem ADDR FILE]... [--dump ADDR LEN FILE]...
 *           [--max-cycles N] [--regs]
 *
 * CODE.bin holds little-endian 64-bit instruction words. The memory image
 * starts at GPU address 0 and spans the highest end of any --mem or --dump
 * range, rounded up to 256 bytes (zero-filled). The program runs from
 * instruction 0 with the -u words as its uniform stream until thread end.
 *
 * Exit status: 0 ok; 1 no thread end within --max-cycles instructions
 * (default 10000000); 2 usage or unreadable input; 3 the program did
 * something invalid (illegal instruction, access outside memory or the VPM,
 * uniform overrun, ...). --dump files are written only on success.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_qpu.h"
#include "util/array.h"
#include "util/file.h"

struct mem_arg {
	uint32_t addr, len;
	const char *path;
	void *data; /* --mem contents */
};

struct args {
	const char *code;
	VC4_ARRAY(uint32_t) unif;
	VC4_ARRAY(struct mem_arg) mems;
	VC4_ARRAY(struct mem_arg) dumps;
	uint64_t max_cycles;
	bool regs;
};

static int usage(const char *why)
{
	fprintf(stderr, "vc4-run: %s\n"
		"usage: vc4-run CODE.bin [-u WORD]... [--mem ADDR FILE]... "
		"[--dump ADDR LEN FILE]... [--max-cycles N] [--regs]\n", why);
	return 2;
}

/* Parses a 32-bit number (decimal, 0x hex, or negative). */
static bool parse_u32(const char *s, uint32_t *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 0);
	if (errno || !*s || *end || v < INT32_MIN || v > (long long)UINT32_MAX)
		return false;
	*out = (uint32_t)v;
	return true;
}

static int parse_args(int argc, char **argv, struct args *a)
{
	a->max_cycles = 10000000;
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		struct mem_arg m = { 0 };
		uint32_t w;
		if (strcmp(s, "-u") == 0 && i + 1 < argc) {
			if (!parse_u32(argv[++i], &w))
				return usage("bad -u value");
			if (!vc4_array_push(&a->unif, w))
				return usage("out of memory");
		} else if (strcmp(s, "--mem") == 0 && i + 2 < argc) {
			if (!parse_u32(argv[i + 1], &m.addr))
				return usage("bad --mem address");
			m.path = argv[i + 2];
			i += 2;
			if (!vc4_array_push(&a->mems, m))
				return usage("out of memory");
		} else if (strcmp(s, "--dump") == 0 && i + 3 < argc) {
			if (!parse_u32(argv[i + 1], &m.addr) || !parse_u32(argv[i + 2], &m.len))
				return usage("bad --dump address or length");
			m.path = argv[i + 3];
			i += 3;
			if (!vc4_array_push(&a->dumps, m))
				return usage("out of memory");
		} else if (strcmp(s, "--max-cycles") == 0 && i + 1 < argc) {
			char *end;
			errno = 0;
			a->max_cycles = strtoull(argv[++i], &end, 0);
			if (errno || *end || !argv[i][0])
				return usage("bad --max-cycles value");
		} else if (strcmp(s, "--regs") == 0) {
			a->regs = true;
		} else if (s[0] == '-' || a->code) {
			return usage("unexpected argument");
		} else {
			a->code = s;
		}
	}
	return a->code ? 0 : usage("no CODE.bin given");
}

/* Loads the --mem files and sizes the image; returns an exit status. */
static int build_memory(struct args *a, struct sim_memory *mem)
{
	uint64_t end = 0;
	struct vc4_diag d = { 0 };
	for (size_t i = 0; i < a->mems.len; i++) {
		size_t size;
		struct mem_arg *m = &a->mems.data[i];
		m->data = vc4_read_file(m->path, &size, &d);
		if (!m->data) {
			fprintf(stderr, "vc4-run: %s\n", d.msg);
			return 2;
		}
		m->len = (uint32_t)size;
		if ((uint64_t)m->addr + size > end)
			end = (uint64_t)m->addr + size;
	}
	for (size_t i = 0; i < a->dumps.len; i++) {
		if ((uint64_t)a->dumps.data[i].addr + a->dumps.data[i].len > end)
			end = (uint64_t)a->dumps.data[i].addr + a->dumps.data[i].len;
	}
	end = (end + 255) & ~(uint64_t)255;
	if (end > 0x40000000u) {
		fprintf(stderr, "vc4-run: memory image of 0x%" PRIx64 " bytes is too large\n", end);
		return 2;
	}
	mem->base = 0;
	mem->size = (uint32_t)end;
	mem->bytes = calloc(end ? end : 1, 1);
	if (!mem->bytes) {
		fprintf(stderr, "vc4-run: out of memory\n");
		return 2;
	}
	for (size_t i = 0; i < a->mems.len; i++)
		memcpy(mem->bytes + a->mems.data[i].addr, a->mems.data[i].data, a->mems.data[i].len);
	return 0;
}

/* Reads CODE.bin into instruction words; returns an exit status. */
static int load_code(const char *path, uint64_t **words, uint32_t *count)
{
	struct vc4_diag d = { 0 };
	size_t size;
	uint8_t *bytes = vc4_read_file(path, &size, &d);
	if (!bytes) {
		fprintf(stderr, "vc4-run: %s\n", d.msg);
		return 2;
	}
	if (size % 8 || size == 0 || size / 8 > UINT32_MAX) {
		fprintf(stderr, "vc4-run: %s: size %zu is not a non-zero multiple of 8\n", path, size);
		free(bytes);
		return 2;
	}
	*count = (uint32_t)(size / 8);
	*words = malloc(size);
	for (uint32_t i = 0; *words && i < *count; i++) {
		uint64_t w = 0;
		for (int k = 7; k >= 0; k--)
			w = w << 8 | bytes[i * 8 + (unsigned)k];
		(*words)[i] = w;
	}
	free(bytes);
	if (!*words) {
		fprintf(stderr, "vc4-run: out of memory\n");
		return 2;
	}
	return 0;
}

static void print_vec(const char *name, const uint32_t *v)
{
	printf("%-4s", name);
	for (int i = 0; i < 16; i++)
		printf(" %08x", v[i]);
	printf("\n");
}

/* Prints accumulators, both register files and the flags, one line each. */
static void print_regs(const struct sim_qpu *q)
{
	static const char *const flag_names[3] = { "z", "n", "c" };
	static const enum qpu_cond flag_conds[3] = { QPU_COND_ZS, QPU_COND_NS, QPU_COND_CS };
	char name[16];
	for (unsigned r = 0; r < 6; r++) {
		snprintf(name, sizeof(name), "r%u", r);
		print_vec(name, q->acc[r]);
	}
	for (int f = 0; f < 2; f++) {
		for (unsigned r = 0; r < 32; r++) {
			snprintf(name, sizeof(name), "r%c%u", f ? 'b' : 'a', r);
			print_vec(name, q->rf[f][r]);
		}
	}
	for (int k = 0; k < 3; k++) {
		printf("%-4s", flag_names[k]);
		for (int i = 0; i < 16; i++)
			printf(" %8u", q->cm[flag_conds[k]][i] & 1);
		printf("\n");
	}
}

static int write_dumps(const struct args *a, const struct sim_memory *mem)
{
	struct vc4_diag d = { 0 };
	for (size_t i = 0; i < a->dumps.len; i++) {
		const struct mem_arg *m = &a->dumps.data[i];
		if (!vc4_write_file(m->path, mem->bytes + m->addr, m->len, &d)) {
			fprintf(stderr, "vc4-run: %s\n", d.msg);
			return 2;
		}
	}
	return 0;
}

/* Runs the program; returns the exit status. */
static int run(struct args *a, struct sim_memory *mem, const uint64_t *words, uint32_t count)
{
	struct sim_program prog;
	struct vc4_diag d = { 0 };
	if (!sim_program_init(&prog, words, count, &d)) {
		fprintf(stderr, "vc4-run: %s\n", d.msg);
		return 2;
	}
	struct sim_qpu *q = malloc(sizeof(*q));
	int status = 2;
	if (q) {
		sim_qpu_init(q, &prog, mem, a->unif.data, (uint32_t)a->unif.len, NULL, NULL, NULL);
		enum sim_status st = sim_qpu_run(q, a->max_cycles, &d);
		if (st == SIM_LIMIT)
			fprintf(stderr, "vc4-run: no thread end after %" PRIu64
				" instructions (ip %u)\n", q->instructions, q->ip);
		else if (st == SIM_ERROR)
			fprintf(stderr, "vc4-run: %s\n", d.msg);
		status = st == SIM_DONE ? write_dumps(a, mem) : st == SIM_LIMIT ? 1 : 3;
		if (a->regs)
			print_regs(q);
	} else {
		fprintf(stderr, "vc4-run: out of memory\n");
	}
	free(q);
	sim_program_fini(&prog);
	return status;
}

int main(int argc, char **argv)
{
	struct args a = { 0 };
	struct sim_memory mem = { 0 };
	uint64_t *words = NULL;
	uint32_t count = 0;
	int status = parse_args(argc, argv, &a);
	if (!status)
		status = load_code(a.code, &words, &count);
	if (!status)
		status = build_memory(&a, &mem);
	if (!status)
		status = run(&a, &mem, words, count);
	for (size_t i = 0; i < a.mems.len; i++)
		free(a.mems.data[i].data);
	vc4_array_free(&a.unif);
	vc4_array_free(&a.mems);
	vc4_array_free(&a.dumps);
	free(words);
	free(mem.bytes);
	return status;
}
