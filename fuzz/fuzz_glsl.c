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
 * that every interface symbol names IR decls that exist. When the source
 * compiles as both stages, the two are linked (glsl_link: varyings,
 * locations, constant varyings folded into the fragment shader), which
 * must succeed or fail with "link: ...", and the folded fragment shader's
 * IR must still print, parse back and validate.
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

/* Links vs and fs (both accepted): a failure names itself "link: "; the
 * folded fs passes check_accepted() again. */
static void check_link(struct glsl_shader *vs, struct glsl_shader *fs)
{
	struct glsl_log log;
	if (!glsl_link(vs, fs, NULL, 0, &log)) {
		if (strncmp(log.first, "link: ", 6) != 0) {
			fprintf(stderr, "link message: %s\n", log.first);
			abort();
		}
		return;
	}
	check_accepted(fs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct glsl_shader *shaders[2] = { NULL, NULL };
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
		shaders[stage == GLSL_FRAGMENT] = s;
	}
	if (shaders[0] && shaders[1])
		check_link(shaders[0], shaders[1]);
	glsl_shader_free(shaders[0]);
	glsl_shader_free(shaders[1]);
	return 0;
}
