/*
 * qpu_asm.h: the QPU assembler. Reads the disassembler's syntax (docs/qpu.md)
 * plus labels (branch targets), comments and `.word`, and produces 64-bit
 * instruction words. The disassembly of any word assembles back to that word.
 */
#ifndef VC4_QPU_ASM_H
#define VC4_QPU_ASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

/* Assembles the NUL-terminated `text`; `filename` is used in messages.
 * On success returns true with a new malloc'ed array of *count words in
 * *words (free() it; NULL when *count is 0). On error returns false, sets
 * *words = NULL, *count = 0 and fills `diag` with
 * "FILE:LINE:COL: error: expected ..." (the first error). */
bool qpu_assemble(const char *text, const char *filename, uint64_t **words,
		  size_t *count, struct vc4_diag *diag);

/* Assembles one instruction line (no labels) at instruction index `ip`.
 * Branch targets must be numbers. Messages use `filename` and line 1. */
bool qpu_assemble_line(const char *line, const char *filename, uint32_t ip,
		       uint64_t *word, struct vc4_diag *diag);

#endif
