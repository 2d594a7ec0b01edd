/*
 * qpu_asm_priv.h: what the three files of the QPU assembler share (internal
 * to qpu_asm*.c): the state of the line being assembled, the instruction
 * fields it sets, and the entry points of the lexer and field helpers
 * (qpu_asm_lex.c) and of the ALU grammar and clauses (qpu_asm_alu.c).
 * qpu_asm.c holds the other forms and the program passes.
 */
#ifndef VC4_QPU_QPU_ASM_PRIV_H
#define VC4_QPU_QPU_ASM_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "qpu/qpu_isa.h"
#include "util/diag.h"

#define NAME_MAX_ 48

struct label {
	char name[NAME_MAX_];
	uint32_t ip;
};

/* One line being assembled. */
struct parser {
	const char *file;
	unsigned line;
	const char *s;          /* the line, comment stripped, NUL-terminated */
	size_t pos;
	uint32_t ip;
	const struct label *labels;
	size_t nlabels;
	struct vc4_diag *diag;
};

/* The instruction fields a line has set so far, and where from. */
struct fields {
	bool set[QPU_F_COUNT];
	uint32_t v[QPU_F_COUNT];
	size_t pos[QPU_F_COUNT];   /* where the value came from */
};

/* A number as read: integer or float. */
struct number {
	bool is_float;
	int64_t i;       /* integer value */
	uint32_t bits;   /* 32-bit pattern: the integer or the float's bits */
};

/* Where a write-address name lives: address, and the file it is specific
 * to (-1 when both files have it at the same address). */
struct waddr_name {
	int addr;
	int file;
};

/* An ALU operand or register read as written. */
enum src_kind { SRC_ACC, SRC_A, SRC_B, SRC_SHARED, SRC_IMM };

struct src {
	enum src_kind kind;
	unsigned value;     /* accumulator number or read address */
	uint32_t bits;      /* SRC_IMM */
	int unpack;         /* 0 = none */
	size_t pos;
};

/* The fields a `name=value` clause may set in one form. */
struct field_list {
	const enum qpu_field *f;
	size_t n;
};
#define LIST(a) ((struct field_list){ (a), sizeof(a) / sizeof((a)[0]) })

/* Looks `name` up in a table of structs whose first member is `name`. */
#define FIND(name, table) asm_find_in((name), &(table)[0].name, sizeof((table)[0]), \
				      sizeof(table) / sizeof((table)[0]))

/* ---- qpu_asm_lex.c ---------------------------------------------------- */

/* Records "FILE:LINE:COL: error: ..." at column `pos` (0-based); false. */
__attribute__((format(printf, 3, 4)))
bool asm_error_at(struct parser *p, size_t pos, const char *fmt, ...);
void asm_skip_ws(struct parser *p);
bool asm_at_end(struct parser *p);
bool asm_accept(struct parser *p, char c);
const char *asm_found(struct parser *p, char *buf, size_t size);
bool asm_expect(struct parser *p, char c);
bool asm_word(struct parser *p, char *buf, size_t size);
bool asm_ident(struct parser *p, char *buf, size_t size);
bool asm_starts_number(struct parser *p);
bool asm_number(struct parser *p, struct number *n);
bool asm_set_field(struct parser *p, struct fields *fl, enum qpu_field f, uint32_t v,
		   size_t pos);
uint32_t asm_get(const struct fields *fl, enum qpu_field f, uint32_t def);
uint64_t asm_build(const struct fields *fl, const enum qpu_field *list, size_t n);
int asm_find_in(const char *name, const char *const *first, size_t stride, size_t n);
bool asm_lookup_waddr(const char *name, struct waddr_name *w);

/* ---- qpu_asm_alu.c ---------------------------------------------------- */

bool asm_set_side(struct parser *p, struct fields *fl, bool is_mul, int file, size_t pos);
bool asm_parse_dst(struct parser *p, struct fields *fl, bool is_mul, bool conds);
bool asm_lookup_read(const char *name, struct src *s);
int asm_lookup_op(const char *name, bool is_mul);
bool asm_parse_op_suffixes(struct parser *p, struct fields *fl, bool is_mul);
bool asm_parse_clauses(struct parser *p, struct fields *fl, struct field_list list, bool alu);
void asm_default_write_fields(struct fields *fl, bool add_idle, bool mul_idle);
bool asm_finish(struct parser *p, uint64_t w, enum qpu_form form, uint64_t *out);
/* An ALU line whose first op name `op` (at `pos`) is already read. */
bool asm_parse_alu(struct parser *p, const char *op, size_t pos, uint64_t *out);

#endif
