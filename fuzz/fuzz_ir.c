/*
 * fuzz_ir.c: libFuzzer harness for the shader IR's text front end
 * (src/ir: lexer, parser, validator) and its printer.
 *
 * The input is IR text. The harness checks that nothing crashes or reads
 * outside a buffer (ASan/UBSan), that a rejection has a "fuzz.ir:LINE:COL: "
 * message, and for an accepted shader (an oracle independent of the parser's
 * own checks) that its canonical text parses again and prints the same text:
 * print(parse(print(s))) == print(s).
 *
 * Also linked into tests/fuzz's corpus replay (no libFuzzer there).
 * FUZZ_VERBOSE=1 in the environment prints each verdict to stderr.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A rejection must say where: the name, a line and a column. */
static void check_message(const struct vc4_diag *d)
{
	unsigned line, col;
	if (sscanf(d->msg, "fuzz.ir:%u:%u: ", &line, &col) != 2 &&
	    strncmp(d->msg, "fuzz.ir: ", 9) != 0)
		abort();
}

/* The canonical text of an accepted shader is a fixed point. */
static void check_round_trip(const struct ir_shader *sh)
{
	char *text = ir_print(sh);
	if (!text)
		return; /* out of memory */
	struct vc4_diag d = { 0 };
	struct ir_shader *again = ir_parse(text, strlen(text), "printed.ir", &d);
	if (!again) {
		fprintf(stderr, "canonical text rejected: %s\n%s", d.msg, text);
		abort();
	}
	char *text2 = ir_print(again);
	if (text2 && strcmp(text, text2) != 0) {
		fprintf(stderr, "printing is not stable:\n%s---\n%s", text, text2);
		abort();
	}
	free(text2);
	ir_shader_free(again);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse((const char *)data, size, "fuzz.ir", &d);
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "ir_parse: %s\n", sh ? "accepted" : d.msg);
	if (!sh)
		check_message(&d);
	else
		check_round_trip(sh);
	ir_shader_free(sh);
	return 0;
}
