/*
 * fuzz_glsl.c: libFuzzer harness for the GLSL ES 1.00 front end (src/glsl:
 * lexer, preprocessor, parser, checker, lowering) and the IR it produces.
 *
 * The input is GLSL source, compiled as a fragment shader and as a vertex
 * shader. The harness checks that nothing crashes, hangs or reads outside a
 * buffer (ASan/UBSan), that a rejection's first message is
 * "fuzz.glsl:LINE:COL: " or "fuzz.glsl: ", and for an accepted shader (an
 * oracle independent of the front end's own checks) that its IR prints,
 * parses back and validates: print(parse(print(ir))) == print(ir), and
 * that every interface symbol names IR decls that exist.
 *
 * Also linked into tests/fuzz's corpus replay (no libFuzzer there).
 * FUZZ_VERBOSE=1 in the environment prints each verdict to stderr.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_message(const struct glsl_log *log)
{
	unsigned line, col;
	if (sscanf(log->first, "fuzz.glsl:%u:%u: ", &line, &col) != 2 &&
	    strncmp(log->first, "fuzz.glsl: ", 11) != 0) {
		fprintf(stderr, "message without a position: %s\n", log->first);
		abort();
	}
}

static void check_accepted(const struct glsl_shader *s)
{
	for (uint32_t i = 0; i < s->nsyms; i++)
		if (s->syms[i].first_slot + s->syms[i].nslots > s->ir->decls.len)
			abort();
	char *text = ir_print(s->ir);
	if (!text)
		return; /* out of memory */
	struct vc4_diag d = { 0 };
	struct ir_shader *again = ir_parse(text, strlen(text), "printed.ir", &d);
	if (!again) {
		fprintf(stderr, "lowered IR rejected: %s\n%s", d.msg, text);
		abort();
	}
	char *text2 = ir_print(again);
	if (text2 && strcmp(text, text2) != 0)
		abort();
	free(text2);
	ir_shader_free(again);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (int stage = GLSL_VERTEX; stage <= GLSL_FRAGMENT; stage++) {
		struct glsl_log log;
		struct glsl_shader *s = glsl_compile((const char *)data, size, "fuzz.glsl",
						     (enum glsl_stage)stage, &log);
		if (getenv("FUZZ_VERBOSE"))
			fprintf(stderr, "glsl %s: %s\n", stage ? "fragment" : "vertex",
				s ? "accepted" : log.first);
		if (s)
			check_accepted(s);
		else
			check_message(&log);
		glsl_shader_free(s);
	}
	return 0;
}
