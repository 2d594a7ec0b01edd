/*
 * ir_internal.h: helpers shared by the files of src/ir only — positioned
 * error messages, string storage, and the incremental checker that both the
 * builder (one instruction at a time) and ir_validate (whole shader) run.
 */
#ifndef VC4_IR_IR_INTERNAL_H
#define VC4_IR_IR_INTERNAL_H

#include "ir/ir.h"
#include "util/bytes.h"

/* Records "FILE:LINE:COL: message" (or "FILE: instr N: message" / "FILE:
 * decl N: ..." when line is 0) in diag. `what` is 'i' or 'd' and `index`
 * the instruction or decl index. Returns false. */
bool ir_diag_at(struct vc4_diag *diag, const struct ir_shader *sh, uint32_t line,
		uint32_t col, char what, uint32_t index, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));

/* Copies n bytes of s plus a NUL into sh->strings; returns the offset or
 * IR_NONE when out of memory. Inline: once per named value and decl. */
static inline uint32_t ir_add_string(struct ir_shader *sh, const char *s, size_t n)
{
	if (n >= UINT32_MAX / 2 || sh->strings.len >= UINT32_MAX / 2)
		return IR_NONE;
	if (!vc4_array_reserve(&sh->strings, n + 1))
		return IR_NONE;
	uint32_t off = (uint32_t)sh->strings.len;
	vc4_copy_short(sh->strings.data + off, s, n);
	sh->strings.data[off + n] = '\0';
	sh->strings.len += n + 1;
	return off;
}

/* State of a scan over the instructions in order. */
struct ir_checker {
	VC4_ARRAY(uint32_t) open;       /* indices of unclosed if/else/loop markers */
	VC4_ARRAY(uint32_t) live;       /* values defined in open blocks, in order */
	VC4_ARRAY(uint32_t) block_live; /* live.len when each open block began */
	VC4_ARRAY(uint8_t) state;       /* per value: 0 undefined, 1 in scope, 2 ended */
	uint32_t next;                  /* next instruction to check */
};

/* Checks the decl `d` (kind/type/stage rules, unique name). */
bool ir_check_decl(const struct ir_shader *sh, uint32_t d, struct vc4_diag *diag);

/* Checks instruction c->next, computes its result type (stored in the
 * instruction and its dest value) and advances. */
bool ir_check_next(struct ir_checker *c, struct ir_shader *sh, struct vc4_diag *diag);

/* After the last instruction: no open blocks, required outputs stored. */
bool ir_check_finish(struct ir_checker *c, const struct ir_shader *sh,
		     struct vc4_diag *diag);

void ir_checker_free(struct ir_checker *c);

struct ir_builder;
/* The shader a builder is filling (for the parser's slot lookups). */
const struct ir_shader *ir_builder_shader(const struct ir_builder *b);

#endif
