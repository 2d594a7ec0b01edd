/*
 * ir_examples.h: the shader examples of docs/ir.md (every block fenced as
 * ```ir), loaded for the ir tests: parsed by test_ir_docs, mutated by
 * test_ir_fuzz.
 */
#ifndef VC4_TESTS_IR_EXAMPLES_H
#define VC4_TESTS_IR_EXAMPLES_H

#include <stddef.h>

struct ir_example {
	char *text;             /* malloc'ed, NUL-terminated */
	size_t size;            /* without the NUL */
	unsigned line;          /* line of the opening fence in the document */
};

/* Reads `path` and returns its examples (count in *n), or NULL on error. */
struct ir_example *ir_examples_load(const char *path, size_t *n);

void ir_examples_free(struct ir_example *ex, size_t n);

#endif
