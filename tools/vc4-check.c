/*
 * vc4-check: checks a QPU program against the hardware's hazard rules, or
 * (--kernel) against the Linux kernel's shader acceptance rules.
 *
 *   vc4-check FILE [--stage vs|cs|fs] [--kernel] [-x]
 *
 * FILE holds little-endian 64-bit instruction words; with -x it is hex text
 * as vc4-dis reads it (qpu/qpu_hex.h: 64-bit words, or 32-bit halves low
 * first; '#', '//' and block comments). The default stage is fs.
 *
 * Hazard mode prints, per violation, "ip N: RULE-ID: sentence" and the
 * instruction's disassembly on the next line, then a count. --kernel pads
 * the program to a page with zeros as CREATE_SHADER_BO does and prints
 * "ACCEPT" with what the kernel derives, or "REJECT: reason" for every
 * input CREATE_SHADER_BO would refuse, a size of no whole instructions
 * included.
 *
 * Exit status (docs/CONVENTIONS.md): 0 clean / ACCEPT; 1 violations,
 * REJECT or FILE is no program (bad hex, a size not a multiple of 8); 2
 * usage or I/O error.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/check/qpu_check.h"
#include "qpu/check/qpu_kernel.h"
#include "qpu/qpu_dis.h"
#include "qpu/qpu_hex.h"
#include "tool.h"
#include "util/file.h"

static const struct tool tool = { "vc4-check",
	"usage: vc4-check FILE [--stage vs|cs|fs] [--kernel] [-x]\n"
	"  checks a QPU program (raw little-endian 64-bit words) against the\n"
	"  hardware's hazard rules\n"
	"  --stage S  the program's stage: vs, cs or fs (default fs)\n"
	"  --kernel   give the Linux kernel's verdict instead: ACCEPT or REJECT: reason\n"
	"  -x         FILE is hex text (64-bit words, or 32-bit halves low first)\n"
	"  --help     print this text;  --version  print the version\n"
	"exit status: 0 clean or ACCEPT, 1 violations, REJECT or no program,\n"
	"  2 usage or I/O error\n" };

struct args {
	const char *path;
	enum qpu_stage stage;
	bool kernel;
	bool hex;
};

/* Fills `a` from argv; returns -1, or TOOL_USAGE after printing why. */
static int parse_args(int argc, char **argv, struct args *a)
{
	*a = (struct args){ .stage = QPU_STAGE_FS };
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--kernel") == 0) {
			a->kernel = true;
		} else if (strcmp(argv[i], "-x") == 0) {
			a->hex = true;
		} else if (strcmp(argv[i], "--stage") == 0) {
			if (i + 1 >= argc)
				return tool_usage_error(&tool, "--stage needs vs, cs or fs");
			if (!qpu_stage_from_name(argv[++i], &a->stage))
				return tool_usage_error(&tool, "--stage '%s': not vs, cs or fs",
							argv[i]);
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return tool_usage_error(&tool, "unknown option '%s'", argv[i]);
		} else if (a->path) {
			return tool_usage_error(&tool, "more than one FILE: '%s' and '%s'", a->path,
						argv[i]);
		} else {
			a->path = argv[i];
		}
	}
	return a->path ? -1 : tool_usage_error(&tool, "no FILE given");
}

/* Reads FILE as raw words or (-x) hex text with qpu/qpu_hex.h, like vc4-dis.
 * Returns TOOL_OK, TOOL_FAILED (no program: the reason in diag; for the
 * kernel a size it refuses, *size_bad set) or TOOL_USAGE (unreadable). */
static int load_words(const struct args *a, uint64_t **words, size_t *count, bool *size_bad,
		      struct vc4_diag *diag)
{
	size_t size = 0;
	char *data = vc4_read_file(a->path, &size, diag);

	if (!data)
		return TOOL_USAGE;
	bool ok = true;
	if (a->hex)
		ok = qpu_parse_hex(data, a->path, words, count, diag);
	else if (a->kernel)
		*size_bad = !qpu_kernel_check_size(size, diag);
	if (!a->hex && !*size_bad)
		ok = qpu_words_from_bytes(data, size, a->path, words, count, diag);
	free(data);
	if (ok && !*size_bad && *count == 0) {
		if (a->kernel)
			*size_bad = !qpu_kernel_check_size(0, diag);
		else
			vc4_diag_set(diag, "%s: no instructions", a->path);
		ok = false;
	}
	ok = ok && !*size_bad;
	return ok ? TOOL_OK : TOOL_FAILED;
}

/* Runs the hazard checker on `count` words for the stage in `a` and prints
 * each violation (rule, message, word and disassembly), then a summary.
 * Returns 1 when there are violations, 0 when clean, TOOL_USAGE when the
 * checker cannot run. */
static int run_hazards(const struct args *a, const uint64_t *words, size_t count)
{
	struct qpu_check_report r;
	struct vc4_diag diag = { 0 };

	if (!qpu_check_hazards(words, count, a->stage, &r, &diag)) {
		tool_error(&tool, "%s", diag.msg);
		return TOOL_USAGE;
	}
	for (size_t i = 0; i < r.count; i++) {
		const struct qpu_violation *v = &r.v[i];
		char dis[QPU_DIS_MAX];
		qpu_disasm(words[v->ip], v->ip, dis, sizeof(dis));
		printf("ip %" PRIu32 ": %s: %s\n    0x%016" PRIx64 " %s\n", v->ip,
		       qpu_check_rules[v->rule].id, v->msg, words[v->ip], dis);
	}
	if (r.truncated)
		printf("note: some paths were not followed (state limit reached)\n");
	if (r.count)
		printf("%zu violation%s\n", r.count, r.count == 1 ? "" : "s");
	else
		printf("clean: %zu instructions\n", count);
	int status = r.count ? 1 : 0;
	qpu_check_report_free(&r);
	return status;
}

static void print_offset(int32_t off)
{
	if (off < 0)
		printf(" -");
	else
		printf(" %" PRId32, off);
}

/* Prints what the kernel's shader validator learned of an accepted program:
 * the uniform sizes, each texture sample's P0..P3 uniform offsets, uniform
 * address resets, threading, the instructions validated and the padded size. */
static void print_kernel_info(const struct qpu_kernel_info *info, size_t padded)
{
	printf("ACCEPT\n");
	printf("uniforms: %" PRIu32 " bytes (%" PRIu32 " values); user supplies %" PRIu32
	       " bytes\n", info->uniforms_size, info->uniforms_size / 4, info->uniforms_src_size);
	printf("texture samples: %" PRIu32 "\n", info->num_texture_samples);
	for (uint32_t i = 0; i < info->num_texture_samples; i++) {
		const struct qpu_kernel_texture_sample *s = &info->texture_samples[i];
		printf("  sample %" PRIu32 ": %s p_offset", i, s->is_direct ? "direct" : "texture");
		for (int p = 0; p < 4; p++)
			print_offset(s->p_offset[p]);
		printf("\n");
	}
	printf("uniform address resets: %" PRIu32, info->num_uniform_addr_offsets);
	for (uint32_t i = 0; i < info->num_uniform_addr_offsets; i++)
		printf("%s%" PRIu32, i ? ", " : " at uniform ", info->uniform_addr_offsets[i]);
	printf("\nthreaded: %s\n", info->is_threaded ? "yes" : "no");
	printf("validated: %" PRIu32 " instructions\n", info->max_ip);
	printf("padded size: %zu bytes\n", padded);
}

/* Pads the program to a page as CREATE_SHADER_BO does and validates it. */
static int run_kernel(const uint64_t *words, size_t count)
{
	size_t padded = 0, padded_count = 0;
	uint8_t *code = qpu_words_to_bytes(words, count);
	uint8_t *bo = code ? qpu_kernel_pad_to_page(code, count * 8, &padded) : NULL;
	uint64_t *insts = NULL;
	struct vc4_diag diag = { 0 };

	free(code);
	bool ok = bo && qpu_words_from_bytes(bo, padded, "shader BO", &insts, &padded_count,
					     &diag);
	free(bo);
	if (!ok) {
		tool_error(&tool, "%s", diag.set ? diag.msg : "out of memory");
		return TOOL_USAGE;
	}
	struct qpu_kernel_info info;
	ok = qpu_kernel_validate(insts, padded_count, &info, &diag);
	free(insts);
	if (!ok) {
		printf("REJECT: %s\n", diag.msg);
		return 1;
	}
	print_kernel_info(&info, padded);
	qpu_kernel_info_free(&info);
	return 0;
}

/* vc4-check: reads a QPU program and runs the hazard checker on it, or with
 * --kernel the kernel's shader rules (printing ACCEPT or REJECT). A program
 * whose size the kernel would refuse prints REJECT. Exits with the tool
 * status convention. */
int main(int argc, char **argv)
{
	struct args a;
	uint64_t *words = NULL;
	size_t count = 0;
	bool size_bad = false;
	struct vc4_diag diag = { 0 };
	int status;

	if (tool_std_options(&tool, argc, argv, &status) ||
	    (status = parse_args(argc, argv, &a)) >= 0)
		return status;
	status = load_words(&a, &words, &count, &size_bad, &diag);
	if (size_bad)
		printf("REJECT: %s\n", diag.msg);
	else if (status != TOOL_OK)
		tool_error(&tool, "%s", diag.msg);
	else
		status = a.kernel ? run_kernel(words, count) : run_hazards(&a, words, count);
	free(words);
	return status;
}
