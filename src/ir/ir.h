/*
 * ir.h: the shader IR's in-memory form, its op table, and the text front end
 * (parser, printer, validator).
 *
 * A shader is a stage, a list of declarations (the "slots": attributes,
 * varyings, uniforms, samplers, outputs, locals) and ONE flat list of
 * instructions. Structured control flow is spelled with marker instructions
 * (if / else / endif, loop / endloop, break, continue) that the validator
 * checks for proper nesting. Values are SSA: every value is defined by
 * exactly one instruction and is visible until the block that defined it
 * ends. Data flows across blocks only through `local` slots (load / store).
 * docs/ir.md describes the language; the op table below is the one place an
 * op is described.
 */
#ifndef VC4_IR_IR_H
#define VC4_IR_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/array.h"
#include "util/diag.h"

#define IR_NONE UINT32_MAX      /* "no value" / "no slot" */
#define IR_MAX_SRC 4            /* most value operands of one instruction */
#define IR_MAX_COMPS 16         /* mat4 */

enum ir_stage { IR_STAGE_VERTEX, IR_STAGE_FRAGMENT };

enum ir_base { IR_FLOAT, IR_INT, IR_BOOL };

/* A value type: base and component count (1..4; mat4 is IR_FLOAT x 16). */
struct ir_type {
	uint8_t base;   /* enum ir_base */
	uint8_t comps;
};

/* One 32-bit component as the interpreter sees it; bools are 0 or 1. */
union ir_scalar {
	float f;
	int32_t i;
	uint32_t u;
};

enum ir_decl_kind {
	IR_DECL_ATTRIBUTE,      /* VS input, float x 1..4 */
	IR_DECL_VARYING,        /* VS output / FS input, float x 1..4 */
	IR_DECL_UNIFORM,        /* any value type or mat4 */
	IR_DECL_SAMPLER,        /* 2d or cube */
	IR_DECL_OUTPUT,         /* built-in output: position, point_size, color, depth */
	IR_DECL_LOCAL,          /* mutable variable, starts as all-zero bits */
	IR_DECL_KIND_COUNT
};

enum ir_interp_mode { IR_SMOOTH, IR_FLAT };
enum ir_sampler_dim { IR_SAMPLER_2D, IR_SAMPLER_CUBE };
enum ir_builtin {
	IR_OUT_POSITION, IR_OUT_POINT_SIZE,     /* vertex */
	IR_OUT_COLOR, IR_OUT_DEPTH,             /* fragment */
	IR_OUT_COUNT
};

struct ir_decl {
	uint8_t kind;           /* enum ir_decl_kind */
	uint8_t interp;         /* enum ir_interp_mode (varyings) */
	uint8_t dim;            /* enum ir_sampler_dim (samplers) */
	uint8_t builtin;        /* enum ir_builtin (outputs) */
	struct ir_type type;    /* not meaningful for samplers */
	uint32_t name;          /* offset in ir_shader.strings */
	uint32_t line, col;     /* source position, 0 when built through the API */
	uint32_t array_len;     /* uniforms: elements of an array (read only with
				 * load_index), 0 = not an array */
};

/* Most elements of a uniform array. */
#define IR_MAX_ARRAY 4096

/* log2 of the byte stride of an element of a uniform array of type t as the
 * hardware reads it: the component count rounded up to a power of two, 4
 * bytes each (float 2, vec2 3, vec3/vec4 4, mat4 6). */
static inline unsigned ir_array_stride_log2(uint8_t comps)
{
	return comps == 1 ? 2u : comps == 2 ? 3u : comps <= 4 ? 4u : 6u;
}

/* The element `load_index` reads for index i of an array of `len`
 * elements: the byte offset i << stride_log2, wrapping in 32 bits, clamped
 * as a signed number to [0, (len - 1) << stride_log2] (docs/ir.md). */
static inline uint32_t ir_array_element(int32_t i, uint32_t len, uint8_t comps)
{
	unsigned s = ir_array_stride_log2(comps);
	int32_t off = (int32_t)((uint32_t)i << s), hi = (int32_t)((len - 1) << s);
	off = off < 0 ? 0 : off > hi ? hi : off;
	return (uint32_t)off >> s;
}

/* Type rules: how an op's operand types give its result type. */
enum ir_rule {
	IR_RULE_FLOAT,          /* all operands the same float type; result that type */
	IR_RULE_INT,            /* all operands the same int type */
	IR_RULE_LOGIC,          /* all operands the same int or bool type */
	IR_RULE_CMP,            /* two operands of base src_base, result bool of their size */
	IR_RULE_CONV,           /* one operand of base src_base, result base `base` */
	IR_RULE_SELECT,         /* bool (scalar or same size), then two equal types */
	IR_RULE_DOT,            /* two float vectors of one size -> float */
	IR_RULE_LENGTH,         /* float vector -> float */
	IR_RULE_NORMALIZE,      /* float vector -> same */
	IR_RULE_CROSS,          /* vec3, vec3 -> vec3 */
	IR_RULE_MATVEC,         /* mat4, vec4 -> vec4 */
	IR_RULE_CONSTRUCT,      /* scalars/vectors of one base summing to `comps`, or a splat */
	IR_RULE_SWIZZLE,        /* vector + pattern -> vector of the pattern's length */
	IR_RULE_EXTRACT,        /* vector + index -> scalar */
	IR_RULE_CONST,          /* typed immediate components */
	IR_RULE_LOAD,           /* slot -> the slot's type */
	IR_RULE_LOAD_INDEX,     /* uniform array slot, int index -> the element type */
	IR_RULE_STORE,          /* slot, value of the slot's type; no result */
	IR_RULE_TEX,            /* sampler, coordinate [, float bias] -> vec4 */
	IR_RULE_FIXED,          /* no operands; result base/comps from the table */
	IR_RULE_COND,           /* one scalar bool; no result (if) */
	IR_RULE_NONE,           /* no operands, no result */
};

/* Op flags. */
#define IR_OPF_SLOT      (1u << 0)   /* first operand is a slot (@name) */
#define IR_OPF_VS_ONLY   (1u << 1)
#define IR_OPF_FS_ONLY   (1u << 2)
#define IR_OPF_OPEN      (1u << 3)   /* opens a block (if, loop) */
#define IR_OPF_MIDDLE    (1u << 4)   /* ends one block and opens the next (else) */
#define IR_OPF_CLOSE     (1u << 5)   /* closes a block (endif, endloop) */
#define IR_OPF_IN_LOOP   (1u << 6)   /* only inside a loop (break, continue) */
#define IR_OPF_SFU       (1u << 7)   /* lowered to the special-function unit */
#define IR_OPF_COMPWISE  (1u << 8)   /* evaluated component by component by .eval */

#define IR_OP_LIST(X) \
	X(CONST) X(LOAD) X(STORE) X(VEC2) X(VEC3) X(VEC4) X(SWIZZLE) X(EXTRACT) \
	X(ADD) X(SUB) X(MUL) X(NEG) X(ABS) X(MIN) X(MAX) X(FLOOR) X(CEIL) X(FRACT) \
	X(SIGN) X(RCP) X(RSQ) X(SQRT) X(EXP2) X(LOG2) X(POW) X(SIN) X(COS) \
	X(MIX) X(CLAMP) X(STEP) X(SMOOTHSTEP) \
	X(DOT) X(CROSS) X(LENGTH) X(NORMALIZE) X(MVMUL) \
	X(IADD) X(ISUB) X(IMUL) X(INEG) X(IABS) X(IMIN) X(IMAX) \
	X(AND) X(OR) X(XOR) X(NOT) X(SHL) X(SHR) X(USHR) \
	X(F2I) X(I2F) X(F2B) X(B2F) X(I2B) X(B2I) \
	X(FLT) X(FLE) X(FGT) X(FGE) X(FEQ) X(FNE) \
	X(ILT) X(ILE) X(IGT) X(IGE) X(IEQ) X(INE) X(SELECT) \
	X(TEX) X(TEXB) X(FRAG_COORD) X(FRONT_FACING) X(POINT_COORD) \
	X(IF) X(ELSE) X(ENDIF) X(LOOP) X(ENDLOOP) X(BREAK) X(CONTINUE) X(DISCARD) \
	X(DIV) X(LOAD_INDEX)

enum ir_op {
#define IR_OP_ENUM(n) IR_OP_##n,
	IR_OP_LIST(IR_OP_ENUM)
#undef IR_OP_ENUM
	IR_OP_COUNT
};

/* Component-wise evaluation: a[k] is operand k's component. */
typedef union ir_scalar (*ir_eval_fn)(const union ir_scalar *a);

struct ir_op_info {
	const char *name;       /* text spelling */
	uint8_t nsrc;           /* value operands; for CONSTRUCT the maximum */
	uint8_t rule;           /* enum ir_rule */
	uint8_t base;           /* result base for CONV, CMP (bool), FIXED */
	uint8_t src_base;       /* operand base for CONV and CMP */
	uint8_t comps;          /* result size for CONSTRUCT and FIXED */
	uint16_t flags;         /* IR_OPF_* */
	ir_eval_fn eval;        /* for IR_OPF_COMPWISE ops */
};

extern const struct ir_op_info ir_ops[IR_OP_COUNT];

struct ir_instr {
	uint16_t op;            /* enum ir_op */
	uint8_t nsrc;           /* value operands used */
	uint8_t nimm;           /* CONST: components; SWIZZLE: pattern length */
	uint32_t dest;          /* value defined, or IR_NONE */
	uint32_t src[IR_MAX_SRC];
	uint32_t slot;          /* decl index for SLOT ops, else IR_NONE */
	struct ir_type type;    /* result type (CONST: the declared type) */
	union ir_scalar imm[4]; /* CONST components; SWIZZLE/EXTRACT lanes in .u */
	uint32_t match;         /* control flow: index of the matching marker (see ir_validate) */
	uint32_t line, col;     /* source position, 0 when built through the API */
};

struct ir_value {
	struct ir_type type;
	uint32_t name;          /* offset in ir_shader.strings */
	uint32_t def;           /* defining instruction index */
};

struct ir_shader {
	uint8_t stage;                  /* enum ir_stage */
	VC4_ARRAY(struct ir_decl) decls;
	VC4_ARRAY(struct ir_instr) instrs;
	VC4_ARRAY(struct ir_value) values;
	VC4_ARRAY(char) strings;        /* NUL-terminated names, by offset */
	uint32_t filename;              /* offset in strings: used in messages */
};

/* Names of the enums, for text and messages. */
extern const char *const ir_stage_names[2];
extern const char *const ir_decl_kind_names[IR_DECL_KIND_COUNT];
extern const char *const ir_builtin_names[IR_OUT_COUNT];
extern const struct ir_type ir_builtin_types[IR_OUT_COUNT];
extern const uint8_t ir_builtin_stage[IR_OUT_COUNT];

/* Writes the type's spelling ("vec3", "ivec2", "bool", "mat4") into buf
 * (at least 8 bytes) and returns buf. */
const char *ir_type_name(struct ir_type t, char *buf);

/* Parses a type spelling; false when `s` (n bytes) is not one. */
bool ir_type_parse(const char *s, size_t n, struct ir_type *out);

static inline bool ir_type_equal(struct ir_type a, struct ir_type b)
{
	return a.base == b.base && a.comps == b.comps;
}

/* Name string of a decl / value / the shader's file. */
static inline const char *ir_str(const struct ir_shader *sh, uint32_t off)
{
	return sh->strings.data + off;
}

/* Frees the shader and everything it owns; NULL is allowed. */
void ir_shader_free(struct ir_shader *sh);

/* Index of the decl named `name` (without '@'), or IR_NONE. */
uint32_t ir_shader_find_decl(const struct ir_shader *sh, const char *name);

/* Position of decl d among the decls of its kind (the attribute record /
 * varying slot / sampler unit number the compiler assigns). */
uint32_t ir_decl_ordinal(const struct ir_shader *sh, uint32_t d);

/* Checks the whole shader: nesting, scoping, types, stage rules, required
 * outputs; fills every instruction's `match` and every value's type. */
bool ir_validate(struct ir_shader *sh, struct vc4_diag *diag);

/* Parses and validates shader text (`size` bytes, need not be NUL-terminated).
 * `name` is used in messages ("NAME:LINE:COL: ..."). NULL + diag on error. */
struct ir_shader *ir_parse(const char *text, size_t size, const char *name,
			   struct vc4_diag *diag);

/* Prints the canonical text of a valid shader (from ir_parse, the builder or
 * a successful ir_validate); returns a malloc'ed NUL-terminated string, or
 * NULL when out of memory. */
char *ir_print(const struct ir_shader *sh);

/* The text of ir_print() with every float constant written as the hex of
 * its bits (0x3f800000) instead of its shortest decimal: cheaper, and two
 * shaders have equal keys exactly when they have equal texts (each float's
 * decimal stands for exactly one bit pattern). For cache keys; malloc'ed,
 * NULL when out of memory. */
char *ir_print_key(const struct ir_shader *sh);

/* Prints one float so that strtof-style parsing gives back the same bits:
 * shortest decimal that round-trips, "inf"/"-inf", or "nan:0x7fc00000". */
void ir_print_float(float f, char buf[32]);

#endif
