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
 * Exit status (docs/CONVENTIONS.md): 0 ok; 1 the program failed: no
 * thread end within --max-cycles instructions (default 10000000, at most
 * VC4_RUN_MAX_CYCLES: about ten seconds of simulation), or it did
 * something invalid (illegal instruction, access outside memory or the VPM,
 * uniform overrun, ...), or CODE.bin is no program (a size that is not a
 * nonzero multiple of 8); 2 usage or I/O error (unreadable input, a memory
 * image too large). --dump files are written only on success.
 */
#include <errno.h>
#include <inttypes.h>

/* The largest --max-cycles: about ten seconds at the interpreter's speed
 * (docs/PERFORMANCE.md), so that no run goes on for ever. */
#define VC4_RUN_MAX_CYCLES 1000000000u
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_qpu.h"
#include "tool.h"
#include "util/array.h"
#include "util/file.h"

static const struct tool tool = { "vc4-run",
	"usage: vc4-run CODE.bin [-u WORD]... [--mem ADDR FILE]... [--dump ADDR LEN FILE]...\n"
	"               [--max-cycles N] [--regs]\n"
	"  runs a QPU program (raw little-endian 64-bit words) on one simulated QPU\n"
	"  -u WORD              append a 32-bit word to the uniform stream\n"
	"  --mem ADDR FILE      load FILE into memory at ADDR\n"
	"  --dump ADDR LEN FILE write LEN bytes at ADDR to FILE after the run\n"
	"  --max-cycles N       stop after N instructions (default 10000000,\n"
	"                       at most 1000000000)\n"
	"  --regs               print the registers and flags after the run\n"
	"  --help               print this text;  --version  print the version\n"
	"exit status: 0 thread end, 1 no thread end, an invalid program or no program,\n"
	"  2 usage or I/O error\n" };

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

/* Parses one option at argv[*i] (moving *i past its values); returns -1,
 * or TOOL_USAGE after printing why. */
static int parse_option(int argc, char **argv, int *i, struct args *a)
{
	const char *s = argv[*i];
	struct mem_arg m = { 0 };
	uint32_t w;
	int left = argc - *i - 1;
	if (strcmp(s, "-u") == 0 && left >= 1) {
		if (!parse_u32(argv[++*i], &w))
			return tool_usage_error(&tool, "-u '%s': not a 32-bit number", argv[*i]);
		return vc4_array_push(&a->unif, w) ? -1 : tool_usage_error(&tool, "out of memory");
	}
	if (strcmp(s, "--mem") == 0 && left >= 2) {
		if (!parse_u32(argv[*i + 1], &m.addr))
			return tool_usage_error(&tool, "--mem '%s': not an address", argv[*i + 1]);
		m.path = argv[*i + 2];
		*i += 2;
		return vc4_array_push(&a->mems, m) ? -1 : tool_usage_error(&tool, "out of memory");
	}
	if (strcmp(s, "--dump") == 0 && left >= 3) {
		if (!parse_u32(argv[*i + 1], &m.addr) || !parse_u32(argv[*i + 2], &m.len))
			return tool_usage_error(&tool, "--dump '%s' '%s': not an address and a "
						"length", argv[*i + 1], argv[*i + 2]);
		m.path = argv[*i + 3];
		*i += 3;
		return vc4_array_push(&a->dumps, m) ? -1 : tool_usage_error(&tool, "out of memory");
	}
	if (strcmp(s, "--max-cycles") == 0 && left >= 1) {
		char *end;
		const char *v = argv[++*i];
		errno = 0;
		a->max_cycles = strtoull(v, &end, 0);
		if (errno || *end || !v[0] || v[0] == '-')
			return tool_usage_error(&tool, "--max-cycles '%s': not a number", v);
		if (a->max_cycles > VC4_RUN_MAX_CYCLES)
			return tool_usage_error(&tool, "--max-cycles '%s': more than the maximum, "
						"%u", v, VC4_RUN_MAX_CYCLES);
		return -1;
	}
	if (strcmp(s, "--regs") == 0) {
		a->regs = true;
		return -1;
	}
	static const char *const needs[][2] = {
		{ "-u", "WORD" }, { "--mem", "ADDR FILE" }, { "--dump", "ADDR LEN FILE" },
		{ "--max-cycles", "N" },
	};
	for (size_t k = 0; k < sizeof(needs) / sizeof(needs[0]); k++)
		if (strcmp(s, needs[k][0]) == 0)
			return tool_usage_error(&tool, "%s needs %s", s, needs[k][1]);
	if (s[0] == '-' && s[1])
		return tool_usage_error(&tool, "unknown option '%s'", s);
	return tool_usage_error(&tool, "more than one CODE.bin: '%s' and '%s'", a->code, s);
}

/* Fills `a` from argv; returns -1, or TOOL_USAGE after printing why. */
static int parse_args(int argc, char **argv, struct args *a)
{
	a->max_cycles = 10000000;
	for (int i = 1; i < argc; i++) {
		int status;
		if ((argv[i][0] != '-' || !argv[i][1]) && !a->code)
			a->code = argv[i];
		else if ((status = parse_option(argc, argv, &i, a)) >= 0)
			return status;
	}
	return a->code ? -1 : tool_usage_error(&tool, "no CODE.bin given");
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
			tool_error(&tool, "%s", d.msg);
			return TOOL_USAGE;
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
		tool_error(&tool, "memory image of 0x%" PRIx64 " bytes is too large (at most "
			   "0x40000000)", end);
		return TOOL_USAGE;
	}
	mem->base = 0;
	mem->size = (uint32_t)end;
	mem->bytes = calloc(end ? end : 1, 1);
	if (!mem->bytes) {
		tool_error(&tool, "out of memory");
		return TOOL_USAGE;
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
		tool_error(&tool, "%s", d.msg);
		return TOOL_USAGE;
	}
	if (size % 8 || size == 0 || size / 8 > UINT32_MAX) {
		tool_error(&tool, "%s: size %zu is not a non-zero multiple of 8", path, size);
		free(bytes);
		return TOOL_FAILED;
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
		tool_error(&tool, "out of memory");
		return TOOL_USAGE;
	}
	return TOOL_OK;
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
			tool_error(&tool, "%s", d.msg);
			return TOOL_USAGE;
		}
	}
	return TOOL_OK;
}

/* Runs the program; returns the exit status. */
static int run(struct args *a, struct sim_memory *mem, const uint64_t *words, uint32_t count)
{
	struct sim_program prog;
	struct vc4_diag d = { 0 };
	if (!sim_program_init(&prog, words, count, &d)) {
		tool_error(&tool, "%s: %s", a->code, d.msg);
		return TOOL_FAILED;
	}
	struct sim_qpu *q = malloc(sizeof(*q));
	int status = TOOL_USAGE;
	if (q) {
		sim_qpu_init(q, &prog, mem, a->unif.data, (uint32_t)a->unif.len, NULL, NULL, NULL);
		enum sim_status st = sim_qpu_run(q, a->max_cycles, &d);
		if (st == SIM_LIMIT)
			tool_error(&tool, "%s: no thread end after %" PRIu64
				   " instructions (ip %u)", a->code, q->instructions, q->ip);
		else if (st == SIM_ERROR)
			tool_error(&tool, "%s: %s", a->code, d.msg);
		status = st == SIM_DONE ? write_dumps(a, mem) : TOOL_FAILED;
		if (a->regs)
			print_regs(q);
	} else {
		tool_error(&tool, "out of memory");
	}
	free(q);
	sim_program_fini(&prog);
	return status;
}

/* vc4-run: runs a QPU program on the interpreter with the given uniforms and
 * memory images, then writes the requested memory dumps. Exits with the tool
 * status convention. */
int main(int argc, char **argv)
{
	struct args a = { 0 };
	struct sim_memory mem = { 0 };
	uint64_t *words = NULL;
	uint32_t count = 0;
	int status;
	if (tool_std_options(&tool, argc, argv, &status))
		return status;
	status = parse_args(argc, argv, &a);
	status = status < 0 ? load_code(a.code, &words, &count) : status;
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
