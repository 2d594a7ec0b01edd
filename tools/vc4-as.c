/*
 * vc4-as: assembles QPU assembly (the vc4-dis syntax plus labels, comments
 * and .word; docs/qpu.md) into raw little-endian 64-bit words.
 *
 *   vc4-as FILE -o OUT.bin      raw words
 *   vc4-as -x FILE -o OUT.hex   hex text, one 0x%016x word per line
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/qpu_asm.h"
#include "qpu/qpu_hex.h"
#include "util/file.h"

static int usage(void)
{
	fprintf(stderr, "usage: vc4-as [-x] FILE -o OUT\n"
		"  -x  write hex text (one 64-bit word per line) instead of raw words\n");
	return 2;
}

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

int main(int argc, char **argv)
{
	struct vc4_diag diag = { 0 };
	const char *in = NULL, *out = NULL;
	bool hex = false;
	uint64_t *words = NULL;
	size_t size, count = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-x") == 0)
			hex = true;
		else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			out = argv[++i];
		else if (argv[i][0] == '-' || in)
			return usage();
		else
			in = argv[i];
	}
	if (!in || !out)
		return usage();
	char *text = vc4_read_file(in, &size, &diag);
	bool ok = text && qpu_assemble(text, in, &words, &count, &diag) &&
		  (hex ? write_hex(out, words, count, &diag) :
		   write_bin(out, words, count, &diag));
	free(text);
	free(words);
	if (!ok) {
		fprintf(stderr, "%s\n", diag.msg);
		return 1;
	}
	return 0;
}
