/*
 * fuzz_ir_parse.c: libFuzzer harness for the IR parser (optional; the CMocka
 * test test_ir_fuzz.c is the one that always runs). Build and run by hand:
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc \
 *     src/util/diag.c src/util/array.c src/ir/ir_*.c tests/ir/fuzz_ir_parse.c \
 *     -lm -o fuzz_ir_parse
 *   ./fuzz_ir_parse -max_total_time=60 CORPUS_DIR
 *
 * Accepted inputs must print, re-parse to the same text and interpret.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "ir/ir_interp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse((const char *)data, size, "fuzz", &d);
	if (!sh)
		return 0;
	char *text = ir_print(sh);
	struct ir_shader *again = text ? ir_parse(text, strlen(text), "fuzz", &d) : NULL;
	char *text2 = again ? ir_print(again) : NULL;
	if (!text2 || strcmp(text, text2) != 0)
		abort();
	struct ir_interp_io io = { .slots = ir_interp_slots(sh), .max_steps = 4096 };
	if (io.slots)
		ir_interpret(sh, &io, &d);
	free(io.slots);
	free(text);
	free(text2);
	ir_shader_free(sh);
	ir_shader_free(again);
	return 0;
}
