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
 * "ACCEPT" with what the kernel derives, or "REJECT: reason".
 *
 * Exit status: 0 clean / ACCEPT; 1 violations / REJECT; 2 usage or
 * unreadable input.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/check/qpu_check.h"
#include "qpu/check/qpu_kernel.h"
#include "qpu/qpu_dis.h"
#include "qpu/qpu_hex.h"
#include "util/file.h"

struct args {
	const char *path;
	enum qpu_stage stage;
	bool kernel;
	bool hex;
};

static int usage(const char *why)
{
	fprintf(stderr, "vc4-check: %s\nusage: vc4-check FILE [--stage vs|cs|fs] "
		"[--kernel] [-x]\n", why);
	return 2;
}

/* Fills `a` from argv; returns false (message printed) on a bad command line. */
static bool parse_args(int argc, char **argv, struct args *a)
{
	*a = (struct args){ .stage = QPU_STAGE_FS };
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--kernel") == 0) {
			a->kernel = true;
		} else if (strcmp(argv[i], "-x") == 0) {
			a->hex = true;
		} else if (strcmp(argv[i], "--stage") == 0) {
			if (i + 1 >= argc || !qpu_stage_from_name(argv[++i], &a->stage))
				{
				usage("--stage takes vs, cs or fs");
				return false;
			}
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "vc4-check: unknown option '%s'\n", argv[i]);
			usage("bad option");
			return false;
		} else if (a->path) {
			usage("more than one FILE");
			return false;
		} else {
			a->path = argv[i];
		}
	}
	if (!a->path) {
		usage("no FILE given");
		return false;
	}
	return true;
}

/* Reads FILE as raw words or (-x) hex text with qpu/qpu_hex.h, like vc4-dis. */
static bool load_words(const struct args *a, uint64_t **words, size_t *count,
		       struct vc4_diag *diag)
{
	size_t size = 0;
	char *data = vc4_read_file(a->path, &size, diag);

	if (!data)
		return false;
	bool ok = a->hex ? qpu_parse_hex(data, a->path, words, count, diag) :
		  qpu_words_from_bytes(data, size, a->path, words, count, diag);
	free(data);
	if (ok && *count == 0)
		ok = vc4_diag_set(diag, "%s: no instructions", a->path);
	return ok;
}

static int run_hazards(const struct args *a, const uint64_t *words, size_t count)
{
	struct qpu_check_report r;
	struct vc4_diag diag = { 0 };

	if (!qpu_check_hazards(words, count, a->stage, &r, &diag)) {
		fprintf(stderr, "vc4-check: %s\n", diag.msg);
		return 2;
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
		fprintf(stderr, "vc4-check: %s\n", diag.set ? diag.msg : "out of memory");
		return 2;
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

int main(int argc, char **argv)
{
	struct args a;
	uint64_t *words = NULL;
	size_t count = 0;
	struct vc4_diag diag = { 0 };

	if (!parse_args(argc, argv, &a))
		return 2;
	if (!load_words(&a, &words, &count, &diag)) {
		fprintf(stderr, "vc4-check: %s\n", diag.msg);
		free(words);
		return 2;
	}
	int status = a.kernel ? run_kernel(words, count) : run_hazards(&a, words, count);
	free(words);
	return status;
}
