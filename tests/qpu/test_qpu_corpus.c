/* test_qpu_corpus.c: golden disassembly of the corpus in tests/qpu/corpus.
 * For each NAME: NAME.hex disassembles to exactly NAME.dis; NAME.dis
 * assembles back to the words of NAME.hex; and where a hand-written NAME.s
 * exists, it assembles to NAME.hex too.
 * Argument: the corpus directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "qpu/qpu_asm.h"
#include "qpu/qpu_dis.h"
#include "qpu/qpu_hex.h"
#include "util/file.h"

static const char *corpus_dir;

static char *read_corpus(const char *name, const char *ext, bool required)
{
	char path[4096];
	struct vc4_diag d = { 0 };
	size_t size;

	snprintf(path, sizeof(path), "%s/%s%s", corpus_dir, name, ext);
	if (!required && access(path, F_OK) != 0)
		return NULL;
	char *text = vc4_read_file(path, &size, &d);
	if (!text)
		fail_msg("%s", d.msg);
	return text;
}

/* Assembles `text` and checks it gives exactly `count` words equal to
 * `words`. */
static void assert_assembles_to(const char *text, const char *what,
				const uint64_t *words, size_t count)
{
	struct vc4_diag d = { 0 };
	uint64_t *got;
	size_t n;

	if (!qpu_assemble(text, what, &got, &n, &d))
		fail_msg("%s", d.msg);
	assert_int_equal(n, count);
	for (size_t i = 0; i < n; i++) {
		if (got[i] != words[i])
			fail_msg("%s: instruction %zu: 0x%016llx, expected 0x%016llx", what, i,
				 (unsigned long long)got[i], (unsigned long long)words[i]);
	}
	free(got);
}

static void check_corpus(const char *name)
{
	struct vc4_diag d = { 0 };
	uint64_t *words;
	size_t count;
	char *hex = read_corpus(name, ".hex", true);
	char *dis = read_corpus(name, ".dis", true);
	char *src = read_corpus(name, ".s", false);

	if (!qpu_parse_hex(hex, name, &words, &count, &d))
		fail_msg("%s", d.msg);
	assert_true(count > 0);
	char *text = qpu_disasm_program(words, count);
	assert_non_null(text);
	assert_string_equal(text, dis);
	assert_assembles_to(dis, "dis", words, count);
	if (src)
		assert_assembles_to(src, "src", words, count);
	free(text);
	free(words);
	free(hex);
	free(dis);
	free(src);
}

#define CORPUS(name) \
	static void corpus_##name(void **state) { (void)state; check_corpus(#name); }
CORPUS(broadcom_vg_fd)
CORPUS(broadcom_gles_capture)
CORPUS(vc4asm_rpi_ffmpeg)
CORPUS(vertex)
CORPUS(fragment)
CORPUS(texture)
CORPUS(branch)
CORPUS(loadimm)
CORPUS(alu_modes)
CORPUS(raw)

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_qpu_corpus CORPUS_DIR\n");
		return 2;
	}
	corpus_dir = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(corpus_broadcom_vg_fd),
		cmocka_unit_test(corpus_broadcom_gles_capture),
		cmocka_unit_test(corpus_vc4asm_rpi_ffmpeg),
		cmocka_unit_test(corpus_vertex),
		cmocka_unit_test(corpus_fragment),
		cmocka_unit_test(corpus_texture),
		cmocka_unit_test(corpus_branch),
		cmocka_unit_test(corpus_loadimm),
		cmocka_unit_test(corpus_alu_modes),
		cmocka_unit_test(corpus_raw),
	};
	return cmocka_run_group_tests_name("qpu_corpus", tests, NULL, NULL);
}
