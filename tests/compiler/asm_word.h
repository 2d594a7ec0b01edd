/* asm_word.h: the instruction word of one line of QPU assembly, for the
 * tests that pin the emitter's decisions on exact words (include after
 * cmocka.h). */
#ifndef VC4_TESTS_COMPILER_ASM_WORD_H
#define VC4_TESTS_COMPILER_ASM_WORD_H

#include <stdint.h>

#include "qpu/qpu_asm.h"

/* The word of one assembly line (fails the test when it does not assemble). */
static inline uint64_t word_of(const char *line)
{
	struct vc4_diag d = {0};
	uint64_t w = 0;
	if (!qpu_assemble_line(line, "t", 0, &w, &d))
		fail_msg("%s: %s", line, d.msg);
	return w;
}

#endif
