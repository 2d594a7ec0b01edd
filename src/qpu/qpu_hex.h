/*
 * qpu_hex.h: reading QPU programs from files: raw little-endian 64-bit words,
 * or hex text as published with Broadcom's and other QPU code.
 */
#ifndef VC4_QPU_HEX_H
#define VC4_QPU_HEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

/* Splits `size` bytes into little-endian 64-bit words. `name` is used in the
 * message when size is not a multiple of 8. Returns a new malloc'ed array
 * (*count words; NULL when 0) or false. */
bool qpu_words_from_bytes(const void *bytes, size_t size, const char *name,
			  uint64_t **words, size_t *count, struct vc4_diag *diag);

/* Writes `count` words as little-endian bytes into a new malloc'ed buffer of
 * count * 8 bytes; NULL when out of memory (or count is 0). */
uint8_t *qpu_words_to_bytes(const uint64_t *words, size_t count);

/* Parses hex text: numbers with or without 0x, separated by spaces, commas
 * or newlines; comments `#`, `//` and C block comments are skipped. A number
 * of more than 8 hex digits is one 64-bit word; numbers of up to 8 digits are
 * 32-bit halves taken in pairs, low half first (the layout of Broadcom's
 * `0x15827d80, 0x10020827,` lines). Errors: "FILE:LINE:COL: error: ...". */
bool qpu_parse_hex(const char *text, const char *name, uint64_t **words,
		   size_t *count, struct vc4_diag *diag);

#endif
