/*
 * glsl_internal.h: what the front end's passes share — the compile context
 * (errors, arena), tokens, GLSL types and the AST. Each pass has its own
 * file: glsl_lex.c (characters -> tokens), glsl_pp.c / glsl_pp_expr.c
 * (directives, macros), glsl_parse*.c (tokens -> AST), glsl_types.c,
 * glsl_check*.c (names and types), glsl_builtins.c (chapter 8 signatures),
 * glsl_lower*.c (typed AST -> IR through ir_builder), glsl.c (the driver
 * and interface table), glsl_link.c.
 */
#ifndef VC4_GLSL_GLSL_INTERNAL_H
#define VC4_GLSL_GLSL_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "glsl/glsl.h"
#include "ir/ir_builder.h"
#include "util/arena.h"
#include "util/bytes.h"
#include "util/array.h"

#define GLSL_MAX_DEPTH 200        /* nesting of expressions/statements/#if */
#define GLSL_MAX_TOKENS (1u << 22) /* after macro expansion */
#define GLSL_MAX_LEAVES 4096      /* IR slots of one variable */
#define GLSL_MAX_VARS 4096        /* variables and parameters of one shader */
#define GLSL_ARENA_FIRST 16384    /* glsl_compile's stack buffer for the arena */

/* ---- context ---- */

struct glsl_ctx {
	const char *name;               /* file name in messages */
	enum glsl_stage stage;
	struct glsl_log *log;
	uint32_t errors;
	bool fatal;                     /* stop: out of memory or too many errors */
	struct vc4_arena arena;         /* every pass's nodes, freed with the context */
	struct glsl_node *bvars[16];    /* the built-in variables (glsl_check.c) */
	uint32_t nbvars;
};

/* Records "NAME:LINE:COL: message" (line 0: "NAME: message"). */
void glsl_error(struct glsl_ctx *c, uint32_t line, uint32_t col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void glsl_verror(struct glsl_ctx *c, uint32_t line, uint32_t col, const char *fmt,
		 va_list ap);

/* Records the fatal "out of memory" error once; returns NULL. */
void *glsl_out_of_memory(struct glsl_ctx *c);

/* Zeroed memory that lives as long as the context; NULL (and a fatal error)
 * when out of memory. Inline (vc4_arena_zbytes): the parser and lowering
 * make tens of thousands of requests a shader. */
static inline void *glsl_alloc(struct glsl_ctx *c, size_t size)
{
	void *p = vc4_arena_zbytes(&c->arena, size);
	return p ? p : glsl_out_of_memory(c);
}
char *glsl_strndup(struct glsl_ctx *c, const char *s, size_t n);
void glsl_arena_free(struct glsl_ctx *c);

/* ---- tokens ---- */

enum glsl_tok_kind { TK_EOF, TK_NEWLINE, TK_IDENT, TK_INT, TK_FLOAT, TK_PUNCT, TK_BOOL };

#define GLSL_PUNCT_LIST(X) \
	X(LPAREN, "(") X(RPAREN, ")") X(LBRACK, "[") X(RBRACK, "]") X(LBRACE, "{") \
	X(RBRACE, "}") X(DOT, ".") X(COMMA, ",") X(SEMI, ";") X(QUEST, "?") X(COLON, ":") \
	X(ADD_ASSIGN, "+=") X(SUB_ASSIGN, "-=") X(MUL_ASSIGN, "*=") X(DIV_ASSIGN, "/=") \
	X(MOD_ASSIGN, "%=") X(SHL_ASSIGN, "<<=") X(SHR_ASSIGN, ">>=") X(AND_ASSIGN, "&=") \
	X(XOR_ASSIGN, "^=") X(OR_ASSIGN, "|=") \
	X(INC, "++") X(DEC, "--") X(SHL, "<<") X(SHR, ">>") X(LE, "<=") X(GE, ">=") \
	X(EQ, "==") X(NE, "!=") X(ANDAND, "&&") X(OROR, "||") X(XORXOR, "^^") \
	X(PLUS, "+") X(MINUS, "-") X(STAR, "*") X(SLASH, "/") X(PERCENT, "%") \
	X(BANG, "!") X(TILDE, "~") X(LT, "<") X(GT, ">") X(ASSIGN, "=") X(AMP, "&") \
	X(BAR, "|") X(CARET, "^") X(HASH, "#")

enum glsl_punct {
#define GLSL_P_ENUM(n, s) P_##n,
	GLSL_PUNCT_LIST(GLSL_P_ENUM)
#undef GLSL_P_ENUM
	P_COUNT
};

extern const char *const glsl_punct_names[P_COUNT];

struct glsl_tok {
	uint8_t kind;           /* enum glsl_tok_kind */
	uint8_t punct;          /* enum glsl_punct for TK_PUNCT */
	bool space;             /* white space before it (for #define F( vs F () */
	uint32_t line, col;
	const char *s;          /* spelling (not NUL-terminated) */
	uint32_t len;
	union { int32_t i; float f; } v;
};

typedef VC4_ARRAY(struct glsl_tok) glsl_toks;

/* Splits src into tokens, with TK_NEWLINE at each line end and one TK_EOF.
 * Comments become white space. False after reporting a bad character. */
bool glsl_lex(struct glsl_ctx *c, const char *src, size_t size, glsl_toks *out);

/* Runs the preprocessor over the lexer's tokens: directives, macros,
 * #if. `out` gets the parser's tokens (no newlines), ending in TK_EOF. */
bool glsl_preprocess(struct glsl_ctx *c, glsl_toks *in, glsl_toks *out);

/* #if expression evaluation over tokens [*pos, end); defined() already
 * replaced, macros expanded. False after reporting. */
bool glsl_pp_eval(struct glsl_ctx *c, const struct glsl_tok *t, size_t n, int64_t *value);

static inline bool tok_is(const struct glsl_tok *t, enum glsl_punct p)
{
	return t->kind == TK_PUNCT && t->punct == p;
}

/* Whether t is the identifier w. Inline: with a literal w the compiler
 * knows its length, and the parser asks for words at every token. */
static inline bool tok_word(const struct glsl_tok *t, const char *w)
{
	/* the first letter first: most words are checked against long lists */
	return t->kind == TK_IDENT && t->s[0] == w[0] && strlen(w) == t->len &&
	       !memcmp(t->s, w, t->len);
}

/* ---- types ---- */

enum glsl_base {
	GLSL_VOID, GLSL_FLOAT, GLSL_INT, GLSL_BOOL, GLSL_SAMPLER2D, GLSL_SAMPLERCUBE,
	GLSL_STRUCT,
};

struct glsl_struct;

struct glsl_type {
	uint8_t base;           /* enum glsl_base */
	uint8_t size;           /* components of a scalar/vector; rows of a matrix */
	uint8_t cols;           /* 1, or 2..4 for matN */
	uint32_t array;         /* 0: not an array; else the element count */
	struct glsl_struct *st; /* GLSL_STRUCT */
};

struct glsl_field {
	const char *name;
	struct glsl_type type;
};

struct glsl_struct {
	const char *name;       /* NULL for an anonymous struct */
	struct glsl_field *fields;
	uint32_t nfields;
};

#define GT(b, n) ((struct glsl_type){ (b), (n), 1, 0, NULL })
#define GT_MAT(n) ((struct glsl_type){ GLSL_FLOAT, (n), (n), 0, NULL })

/* Same type (inline: the checker and the lowering compare types often). */
static inline bool glsl_type_eq(struct glsl_type a, struct glsl_type b)
{
	return a.base == b.base && a.size == b.size && a.cols == b.cols && a.array == b.array &&
	       a.st == b.st;
}
/* "vec3", "mat2", "float[4]", "struct S", into buf (>= 64 bytes). */
const char *glsl_type_name(struct glsl_type t, char *buf);
/* The type named by a keyword ("vec3", "sampler2D"...); false if none. */
bool glsl_type_keyword(const char *s, size_t n, struct glsl_type *out);
/* glsl_leaves() of any type: structs and arrays, capped past GLSL_MAX_LEAVES. */
uint32_t glsl_leaves_general(struct glsl_type t);
/* IR slots/values a value of type t occupies (one per vector or column).
 * Inline for a scalar, vector or matrix: the lowering asks for every value. */
static inline uint32_t glsl_leaves(struct glsl_type t)
{
	if (t.base == GLSL_STRUCT || t.array)
		return glsl_leaves_general(t);
	return t.base == GLSL_VOID ? 0 : t.cols;
}
static inline struct glsl_type glsl_elem(struct glsl_type t) { t.array = 0; return t; }
static inline bool glsl_is_scalar(struct glsl_type t)
{
	return !t.array && t.cols == 1 && t.size == 1 && t.base <= GLSL_BOOL && t.base;
}
static inline bool glsl_is_vec(struct glsl_type t)  /* scalar or vector */
{
	return !t.array && t.cols == 1 && t.base >= GLSL_FLOAT && t.base <= GLSL_BOOL;
}
static inline bool glsl_is_mat(struct glsl_type t) { return !t.array && t.cols > 1; }
static inline bool glsl_is_sampler(struct glsl_type t)
{
	return t.base == GLSL_SAMPLER2D || t.base == GLSL_SAMPLERCUBE;
}
/* The IR type of one leaf of a scalar/vector/matrix column. */
static inline struct ir_type glsl_ir_type(struct glsl_type t)
{
	uint8_t base = t.base == GLSL_INT ? IR_INT : t.base == GLSL_BOOL ? IR_BOOL : IR_FLOAT;
	return (struct ir_type){ base, t.size };
}
/* Leaf k's (vector or column) GLSL type within t, and its access path. */
struct glsl_type glsl_leaf_type(struct glsl_type t, uint32_t k);
/* Leaves before field f of a struct. */
uint32_t glsl_field_offset(const struct glsl_struct *st, uint32_t f);

/* ---- AST ---- */

enum glsl_node_kind {
	/* expressions */
	N_INT, N_FLOAT, N_BOOL, N_IDENT, N_BINARY, N_UNARY, N_PREINC, N_PREDEC,
	N_POSTINC, N_POSTDEC, N_ASSIGN, N_COND, N_CALL, N_INDEX, N_FIELD, N_COMMA,
	/* statements */
	N_BLOCK, N_VAR, N_EXPR, N_IF, N_FOR, N_WHILE, N_DO, N_BREAK, N_CONTINUE,
	N_RETURN, N_DISCARD, N_EMPTY, N_PRECISION, N_STRUCT,
	/* top level */
	N_FUNC,
};

enum glsl_qual {
	Q_NONE, Q_CONST, Q_ATTRIBUTE, Q_UNIFORM, Q_VARYING, Q_IN, Q_OUT, Q_INOUT,
	Q_BUILTIN,      /* gl_* variables */
};

enum glsl_call_kind { CALL_USER, CALL_CTOR, CALL_BUILTIN };

enum glsl_builtin_var {
	BV_NONE, BV_POSITION, BV_POINT_SIZE, BV_FRAG_COORD, BV_FRONT_FACING,
	BV_POINT_COORD, BV_FRAG_COLOR, BV_FRAG_DATA,
};

struct glsl_node {
	uint8_t kind;           /* enum glsl_node_kind */
	uint8_t op;             /* N_BINARY/N_UNARY/N_ASSIGN: enum glsl_punct */
	uint8_t qual;           /* N_VAR / params: enum glsl_qual */
	uint8_t call;           /* N_CALL: enum glsl_call_kind after checking */
	uint8_t bvar;           /* N_VAR: enum glsl_builtin_var */
	bool lvalue;            /* checked expression may be assigned */
	bool has_const;         /* checked scalar expression with a known value */
	bool invariant;
	uint8_t prec;           /* 0 none, 1 lowp, 2 mediump, 3 highp */
	bool cexpr;             /* checked: a constant expression */
	bool used;              /* N_FUNC: called (or main); N_VAR: read */
	uint16_t builtin;       /* CALL_BUILTIN: index in glsl_builtins[] */
	uint32_t line, col;
	const char *name;       /* identifier, field, callee, declared name */
	struct glsl_node *a, *b, *c, *d;  /* operands / condition, bodies; N_VAR:
					   * a initializer, b array size expression */
	struct glsl_node *next; /* in a list (arguments, statements, params) */
	struct glsl_node *ref;  /* N_IDENT: its N_VAR; N_CALL user: the N_FUNC */
	union { int32_t i; float f; } v;   /* literal, or folded value */
	struct glsl_type type;  /* N_VAR/N_FUNC: declared; expressions: checked */
	/* filled by the lowering */
	uint32_t slot;          /* N_VAR: first IR decl, IR_NONE before */
	uint32_t out_slot;      /* N_VAR written through a shadow local: the real decl */
	uint32_t lowering;      /* N_FUNC: being lowered (recursion guard) */
	uint8_t swz[4];         /* N_FIELD on a vector: the lanes */
	uint8_t nswz;           /* ... and their count; 0: a struct field */
	uint32_t field;         /* N_FIELD on a struct: field index */
	bool has_return;        /* N_FUNC: a return that is not the last statement */
	bool uses_continue;     /* loops: a continue of this loop in the body */
	bool kv_known;          /* N_VAR scalar: holds kv here (while kv_epoch is current) */
	uint32_t kv_epoch;
	union { int32_t i; float f; } kv;
};

/* The translation unit: global declarations and functions, in order. */
struct glsl_unit {
	struct glsl_node *first;
	struct glsl_node *main;  /* set by the checker */
};

/* A zeroed node of kind k at token `at` (no slots yet); NULL when out of
 * memory. Inline: the parser makes one for every token or so. */
static inline struct glsl_node *glsl_node_new(struct glsl_ctx *c, enum glsl_node_kind k,
					      const struct glsl_tok *at)
{
	struct glsl_node *n = glsl_alloc(c, sizeof(*n));
	if (n) {
		n->kind = (uint8_t)k;
		n->line = at->line;
		n->col = at->col;
		n->slot = IR_NONE;
		n->out_slot = IR_NONE;
	}
	return n;
}
/* Parses the preprocessed tokens. NULL on a fatal error; errors reported. */
bool glsl_parse(struct glsl_ctx *c, const glsl_toks *toks, struct glsl_unit *u);

/* Names and types: resolves identifiers and calls, types every expression,
 * enforces the ES 1.00 rules. False when any error was reported. */
bool glsl_check(struct glsl_ctx *c, struct glsl_unit *u);

/* ---- built-in functions ---- */

#define GLSL_BI_LIST(X) \
	X(RADIANS) X(DEGREES) X(SIN) X(COS) X(TAN) X(ASIN) X(ACOS) X(ATAN2) X(ATAN) \
	X(POW) X(EXP) X(LOG) X(EXP2) X(LOG2) X(SQRT) X(INVERSESQRT) \
	X(ABS) X(SIGN) X(FLOOR) X(CEIL) X(FRACT) X(MOD) X(MIN) X(MAX) X(CLAMP) X(MIX) \
	X(STEP) X(SMOOTHSTEP) X(LENGTH) X(DISTANCE) X(DOT) X(CROSS) X(NORMALIZE) \
	X(FACEFORWARD) X(REFLECT) X(REFRACT) X(MATRIXCOMPMULT) \
	X(LESSTHAN) X(LESSTHANEQUAL) X(GREATERTHAN) X(GREATERTHANEQUAL) X(EQUAL) \
	X(NOTEQUAL) X(ANY) X(ALL) X(NOT) \
	X(TEXTURE2D) X(TEXTURE2DPROJ) X(TEXTURE2DLOD) X(TEXTURE2DPROJLOD) X(TEXTURECUBE) \
	X(TEXTURECUBELOD)

enum glsl_bi {
#define GLSL_BI_ENUM(n) BI_##n,
	GLSL_BI_LIST(GLSL_BI_ENUM)
#undef GLSL_BI_ENUM
	BI_COUNT
};

struct glsl_builtin_fn {
	const char *name;
	const char *sig;        /* parameter classes, see glsl_builtins.c */
	uint8_t ret;            /* result class */
	uint8_t stage_mask;     /* 1 vertex, 2 fragment */
	uint16_t id;            /* enum glsl_bi */
};

extern const struct glsl_builtin_fn glsl_builtins[];
extern const uint32_t glsl_nbuiltins;

bool glsl_is_builtin_name(const char *name);
/* Finds the overload of `name` accepting the argument types; its index, or
 * -1 (no such name: -2). Writes the result type. */
int glsl_builtin_match(const char *name, enum glsl_stage stage, const struct glsl_type *args,
		       uint32_t nargs, struct glsl_type *ret);

/* ---- lowering ---- */

typedef VC4_ARRAY(struct glsl_sym) glsl_sym_array;
/* Lowers the checked unit to IR, appending its interface to syms. NULL on
 * error (reported). */
struct ir_shader *glsl_lower(struct glsl_ctx *c, struct glsl_unit *u, glsl_sym_array *syms);

/* Name building without printf (the lowering names thousands of values):
 * appends at most `max` bytes of s to the NUL-terminated text of length len
 * in buf (size bytes), truncating as snprintf would; returns the new length.
 * glsl_cat_u appends v in decimal. */
static inline size_t glsl_cat(char *buf, size_t size, size_t len, const char *s, size_t max)
{
	size_t n = vc4_strnlen_short(s, max);
	if (len + n > size - 1)
		n = size - 1 - len;
	vc4_copy_short(buf + len, s, n);
	buf[len + n] = '\0';
	return len + n;
}

static inline size_t glsl_cat_u(char *buf, size_t size, size_t len, unsigned v)
{
	char d[12], *p = d + sizeof(d) - 1;
	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	return glsl_cat(buf, size, len, p, sizeof(d));
}

#endif
