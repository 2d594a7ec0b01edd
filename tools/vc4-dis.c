/*
 * vc4-dis: disassembles a QPU program, one line per 64-bit instruction, in
 * the syntax vc4-as reads back (docs/qpu.md).
 *
 *   vc4-dis FILE       raw little-endian 64-bit words
 *   vc4-dis -x FILE    hex text (64-bit words, or 32-bit halves low first)
 *
 * Exit status (docs/CONVENTIONS.md): 0 disassembled, 1 FILE is no program
 * (a size that is not a multiple of 8, bad hex), 2 usage or I/O error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/qpu_dis.h"
#include "qpu/qpu_hex.h"
#include "tool.h"
#include "util/file.h"

static const struct tool tool = { "vc4-dis",
	"usage: vc4-dis [-x] FILE\n"
	"  disassembles a QPU program (raw little-endian 64-bit words)\n"
	"  -x         FILE is hex text (64-bit words, or 32-bit halves low first)\n"
	"  --help     print this text;  --version  print the version\n"
	"exit status: 0 disassembled, 1 FILE is no program, 2 usage or I/O error\n" };

/* vc4-dis: disassembles the QPU program in FILE (binary words, or hex lines
 * with -x) to stdout. Exits TOOL_OK, TOOL_FAILED when the input is no valid
 * program, or TOOL_USAGE on a usage or I/O error. */
int main(int argc, char **argv)
{
	struct vc4_diag diag = { 0 };
	const char *path = NULL;
	bool hex = false;
	uint64_t *words = NULL;
	size_t size, count = 0;
	int status;

	if (tool_std_options(&tool, argc, argv, &status))
		return status;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-x") == 0)
			hex = true;
		else if (argv[i][0] == '-' && argv[i][1])
			return tool_usage_error(&tool, "unknown option '%s'", argv[i]);
		else if (path)
			return tool_usage_error(&tool, "more than one FILE: '%s' and '%s'", path,
						argv[i]);
		else
			path = argv[i];
	}
	if (!path)
		return tool_usage_error(&tool, "no FILE given");
	char *data = vc4_read_file(path, &size, &diag);
	if (!data) {
		tool_error(&tool, "%s", diag.msg);
		return TOOL_USAGE;
	}
	bool ok = hex ? qpu_parse_hex(data, path, &words, &count, &diag) :
		  qpu_words_from_bytes(data, size, path, &words, &count, &diag);
	free(data);
	if (!ok) {
		tool_error(&tool, "%s", diag.msg);
		return TOOL_FAILED;
	}
	char *text = qpu_disasm_program(words, count);
	free(words);
	if (!text) {
		tool_error(&tool, "out of memory");
		return TOOL_USAGE;
	}
	fputs(text, stdout);
	free(text);
	return TOOL_OK;
}
