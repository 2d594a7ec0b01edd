/*
 * vc4-as: assembles QPU assembly (the vc4-dis syntax plus labels, comments
 * and .word; docs/qpu.md) into raw little-endian 64-bit words.
 *
 *   vc4-as FILE -o OUT.bin      raw words
 *   vc4-as -x FILE -o OUT.hex   hex text, one 0x%016x word per line
 *
 * Exit status (docs/CONVENTIONS.md): 0 assembled, 1 an assembly error
 * ("vc4-as: FILE:LINE:COL: ..."), 2 usage or I/O error.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/qpu_asm.h"
#include "qpu/qpu_hex.h"
#include "tool.h"
#include "util/file.h"

static const struct tool tool = { "vc4-as",
	"usage: vc4-as [-x] FILE -o OUT\n"
	"  assembles QPU assembly (vc4-dis syntax, labels, .word) into raw words\n"
	"  -o OUT     the output file\n"
	"  -x         write hex text (one 64-bit word per line) instead of raw words\n"
	"  --help     print this text;  --version  print the version\n"
	"exit status: 0 assembled, 1 an assembly error, 2 usage or I/O error\n" };

/* Writes the words as hex text lines. */
static bool write_hex(const char *path, const uint64_t *words, size_t count,
		      struct vc4_diag *diag)
{
	char *text = malloc(count * 19 + 1);
	size_t len = 0;

	if (!text)
		return vc4_diag_set(diag, "%s: out of memory", path);
	for (size_t i = 0; i < count; i++)
		len += (size_t)snprintf(text + len, 20, "0x%016" PRIx64 "\n", words[i]);
	bool ok = vc4_write_file(path, text, len, diag);
	free(text);
	return ok;
}

static bool write_bin(const char *path, const uint64_t *words, size_t count,
		      struct vc4_diag *diag)
{
	uint8_t *bytes = qpu_words_to_bytes(words, count);

	if (count && !bytes)
		return vc4_diag_set(diag, "%s: out of memory", path);
	bool ok = vc4_write_file(path, bytes ? (const void *)bytes : "", count * 8, diag);
	free(bytes);
	return ok;
}

/* Fills the options from argv; returns -1, or an exit status for a usage
 * error (printed). */
static int parse_args(int argc, char **argv, const char **in, const char **out, bool *hex)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-x") == 0)
			*hex = true;
		else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			*out = argv[++i];
		else if (strcmp(argv[i], "-o") == 0)
			return tool_usage_error(&tool, "-o needs a file");
		else if (argv[i][0] == '-' && argv[i][1])
			return tool_usage_error(&tool, "unknown option '%s'", argv[i]);
		else if (*in)
			return tool_usage_error(&tool, "more than one FILE: '%s' and '%s'", *in,
						argv[i]);
		else
			*in = argv[i];
	}
	if (!*in || !*out)
		return tool_usage_error(&tool, *in ? "no -o OUT given" : "no FILE given");
	return -1;
}

/* vc4-as: assembles the QPU source FILE into binary words (or hex lines with
 * -x) at OUT. Exits TOOL_OK, TOOL_FAILED on an assembly error, or TOOL_USAGE
 * on a usage or I/O error, with the message on stderr. */
int main(int argc, char **argv)
{
	struct vc4_diag diag = { 0 };
	const char *in = NULL, *out = NULL;
	bool hex = false;
	uint64_t *words = NULL;
	size_t size, count = 0;
	int status;

	if (tool_std_options(&tool, argc, argv, &status) ||
	    (status = parse_args(argc, argv, &in, &out, &hex)) >= 0)
		return status;
	char *text = vc4_read_file(in, &size, &diag);
	if (!text)
		status = TOOL_USAGE;
	else if (!qpu_assemble(text, in, &words, &count, &diag))
		status = TOOL_FAILED;
	else if (!(hex ? write_hex(out, words, count, &diag) : write_bin(out, words, count, &diag)))
		status = TOOL_USAGE;
	else
		status = TOOL_OK;
	free(text);
	free(words);
	if (status != TOOL_OK)
		tool_error(&tool, "%s", diag.msg);
	return status;
}
