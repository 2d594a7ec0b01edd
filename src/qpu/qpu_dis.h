/*
 * qpu_dis.h: the QPU disassembler. Turns 64-bit instruction words into the
 * assembly text that qpu_asm.h reads back to the same bits (docs/qpu.md
 * describes the syntax). Words with no defined meaning print as
 * `.word 0x... # warning: ...`.
 */
#ifndef VC4_QPU_DIS_H
#define VC4_QPU_DIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Longest line qpu_disasm() writes, NUL included. */
#define QPU_DIS_MAX 256

/* Writes the text of `word` (no newline) into `buf` of `size` bytes
 * (QPU_DIS_MAX is always enough). `ip` is the word's index in its program,
 * used for branch-target comments. Returns false when the word has no defined
 * meaning and was written as `.word`. */
bool qpu_disasm(uint64_t word, uint32_t ip, char *buf, size_t size);

/* Disassembles `count` words, one line each ending in '\n'. Returns a new
 * malloc'ed NUL-terminated string, or NULL when out of memory. */
char *qpu_disasm_program(const uint64_t *words, size_t count);

#endif
