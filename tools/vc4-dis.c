/*
 * vc4-dis: disassembles a QPU program, one line per 64-bit instruction, in
 * the syntax vc4-as reads back (docs/qpu.md).
 *
 *   vc4-dis FILE       raw little-endian 64-bit words
 *   vc4-dis -x FILE    hex text (64-bit words, or 32-bit halves low first)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/qpu_dis.h"
#include "qpu/qpu_hex.h"
#include "util/file.h"

static int usage(void)
{
	fprintf(stderr, "usage: vc4-dis [-x] FILE\n"
		"  -x  FILE is hex text instead of raw little-endian words\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct vc4_diag diag = { 0 };
	const char *path = NULL;
	bool hex = false;
	uint64_t *words = NULL;
	size_t size, count = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-x") == 0)
			hex = true;
		else if (argv[i][0] == '-' || path)
			return usage();
		else
			path = argv[i];
	}
	if (!path)
		return usage();
	char *data = vc4_read_file(path, &size, &diag);
	bool ok = data && (hex ? qpu_parse_hex(data, path, &words, &count, &diag) :
			   qpu_words_from_bytes(data, size, path, &words, &count, &diag));
	free(data);
	if (!ok) {
		fprintf(stderr, "vc4-dis: %s\n", diag.msg);
		return 1;
	}
	char *text = qpu_disasm_program(words, count);
	free(words);
	if (!text) {
		fprintf(stderr, "vc4-dis: out of memory\n");
		return 1;
	}
	fputs(text, stdout);
	free(text);
	return 0;
}
