/*
 * lower_internal.h: the state shared by the lowering's files (lower_*.c) —
 * the IR-value → QIR-register map, the slot map, the execution-mask state of
 * structured control flow — and the small emit helpers they all use.
 * Not a public header: see qir_lower.h.
 */
#ifndef VC4_QIR_LOWER_LOWER_INTERNAL_H
#define VC4_QIR_LOWER_LOWER_INTERNAL_H

#include "qir/lower/qir_lower.h"
#include "util/arena.h"

/* A branch whose target block does not exist yet: it goes to the block
 * opened for its IR marker. Branches waiting for one marker form a chain
 * (`next`: index + 1 in `pending`, 0 = end) from pending_head[marker]. */
struct lower_pending {
	struct qir_inst *br;
	uint32_t next;
};

/* A texture lookup already made in the current block (lower_fragment.c):
 * a later one with the same op, sampler and operand registers reuses its
 * result. */
struct lower_tex_seen {
	uint16_t op;                        /* IR_OP_TEX or IR_OP_TEXB */
	uint32_t sampler;
	struct qir_reg src[4];              /* coordinate components, then bias */
	struct qir_reg dst[4];              /* the swizzled result */
};

/* A square root and the refined 1/sqrt it was computed from (lower_math.c):
 * a division by the root is a product with the latter. */
struct lower_root {
	struct qir_reg root, rsq;
};

/* An open select-style if (lower_select.c). */
struct lower_select {
	struct qir_reg cond;
	bool in_else;
	struct qir_reg *saved;   /* the slot bindings at the if */
	struct qir_reg *then;    /* ... the then part left (at the else) */
};

struct lower {
	struct qir_compile *c;
	const struct ir_shader *sh;
	const struct ir_shader *fs;         /* VS: the linked FS, or NULL */
	const struct qir_shader_key *key;
	enum qir_stage stage;
	struct vc4_diag *diag;
	uint32_t cur;                       /* IR instruction being lowered */
	struct vc4_arena arena;             /* the per-shader maps below (never
					     * free()d: released at the end) */

	/* IR value v's component k is pool[val_base[v] + k] */
	uint32_t *val_base;
	/* slot (decl) d's component k is slots[slot_base[d] + k] */
	uint32_t *slot_base;
	struct qir_reg *pool, *slots;
	uint32_t *decl_ordinal;             /* index among decls of its kind */
	uint8_t *keep;                      /* VS/CS: per IR instruction, lowered
					     * (lower_slice.c); NULL: all are */
	uint32_t needed_attrs;              /* VS/CS: bit a: attribute ordinal a
					     * is read */

	/* structured control flow (docs/lowering.md "Control flow") */
	bool use_exec;                      /* the shader has if/loop */
	struct qir_reg exec;                /* per lane: 0 active, else the id
					     * of the point that reactivates it */
	unsigned depth;                     /* if/loop nesting at `cur` */
	unsigned masked;                    /* ... of those that mask lanes by exec
					     * (all but LOWER_IF_UNIFORM and
					     * LOWER_IF_SELECT ifs): stores are
					     * conditional inside */
	VC4_ARRAY(struct lower_pending) pending;
	uint32_t *pending_head;             /* per IR instruction (marker): the
					     * chain of branches waiting for it */
	VC4_ARRAY(struct qir_block *) loop_heads;
	VC4_ARRAY(uint32_t) loop_markers;   /* IR LOOP markers of the open loops */
	uint8_t *if_plan;                   /* per IF marker: enum lower_if_plan */
	bool use_discard;
	struct qir_reg discard;             /* per lane: ~0 when discarded */
	struct qir_reg discard_cond;        /* in a LOWER_IF_DISCARD: its condition */
	VC4_ARRAY(struct lower_select) selects;  /* the open select-style ifs */
	VC4_ARRAY(struct lower_root) roots;      /* sqrt/length results (x / root) */
	float *range;                       /* per pool entry: bound on |value|
					     * (lower_range.c), or NULL */
	uint8_t *range_pos;                 /* per pool entry: sign bit clear */
	uint8_t *const_local;               /* per decl: a local whose value is the
					     * constant in const_slot (lower_constloop.c) */
	union ir_scalar *const_slot;        /* per slot entry: that constant */
	bool small_arg;                     /* floor/ceil/fract: |x| < 2^23 known */
	bool pos_arg;                       /* floor/fract: x's sign bit known clear */
	uint32_t nslots;                    /* entries of slots */
	VC4_ARRAY(struct lower_tex_seen) tex_seen;  /* lookups of tex_block */
	struct qir_block *tex_block;
	uint32_t mutable_lo, mutable_hi;    /* temps [lo, hi) are written after
					     * their definition (slots, exec,
					     * discard): never a shared operand */
	bool thrsw_any;                     /* a THRSW was emitted */
	bool thrsw_nested;                  /* the last one is inside control flow */

	/* fragment payload and built-ins, set by the FS prologue */
	struct qir_reg frag_w, frag_z;
	struct qir_reg point[2];            /* the hardware's point (s, t): t 0 at the bottom */
};

/* How an if is lowered (lower_ifconv.c). */
enum lower_if_plan {
	LOWER_IF_BRANCH,        /* exec mask and a branch around each part */
	LOWER_IF_FLAT,          /* exec mask only: the body runs for every lane */
	LOWER_IF_DISCARD,       /* `if %c { discard }` without exec: discard |= c */
	LOWER_IF_UNIFORM,       /* a condition the same in every lane, where every
				 * lane runs (ir_uniform.h): branches on it, no
				 * exec updates */
	LOWER_IF_SELECT,        /* a small if outside any if or loop (every lane
				 * active): both parts run, slots merged by the
				 * condition at the endif (lower_select.c) */
	LOWER_IF_BREAK,         /* `if %c { break }` directly in a loop body, no
				 * `continue` of that loop or one around it: the
				 * active lanes where c holds wait for the endloop
				 * in one `max` (every other waiting lane's id is
				 * already at least the endloop's) */
	LOWER_IF_UNIFORM_JUMP,  /* `if %c { break }` or `{ continue }` in a uniform
				 * loop: one branch on c, no exec updates */
	LOWER_IF_EXIT_TEST = 8, /* flag: after the endif, leave the iteration
				 * when no lane is active */
};

/* Plans every if of the shader and decides whether an exec mask is needed
 * (sets use_exec). False on OOM. */
bool lower_plan_ifs(struct lower *l);
/* Whether the loop at IR marker `loop` (kept) has a kept `continue`. */
bool lower_loop_continues(const struct lower *l, uint32_t loop);
/* Whether the loop at IR marker `loop` is lowered without lane masks: every
 * lane runs it together and leaves it only through LOWER_IF_UNIFORM_JUMP
 * ifs (branches on a uniform condition). */
bool lower_loop_uniform(const struct lower *l, uint32_t loop);
/* Whether the BREAK at IR index k is the last instruction of its loop's
 * body (not inside an if): the loop runs once; in a uniform loop every lane
 * leaves there together, without a branch. */
bool lower_tail_break(const struct lower *l, uint32_t k);
/* The plan of the if an IF, ELSE or ENDIF marker belongs to. */
enum lower_if_plan lower_if_plan_of(const struct lower *l, uint32_t marker);
/* Whether the endif is followed by a test that leaves the iteration. */
bool lower_if_exit_test(const struct lower *l, uint32_t endif);

/* Bounds on |value| for every float value component (lower_range.c) into
 * l->range; false on OOM. lower_small_float(): whether component k of IR
 * value v is known to be below 2^23 in magnitude (and finite). */
bool lower_ranges(struct lower *l);
bool lower_small_float(const struct lower *l, uint32_t v, unsigned k);
/* Whether component k of IR value v has its sign bit known clear (+0 or
 * above; lower_range.c). */
bool lower_sign_clear(const struct lower *l, uint32_t v, unsigned k);

/* Select-style ifs (lower_select.c): the if (false on OOM, c->oom set),
 * the else and the endif (the merge) of the innermost open one. While one is
 * open, lower_store() binds slots instead of writing them. */
bool lower_select_if(struct lower *l, struct qir_reg cond);
void lower_select_else(struct lower *l);
void lower_select_endif(struct lower *l);

/* Bytes of the lowering's stack buffer for l->arena: the maps of a usual
 * shader fit, bigger ones continue on the heap. */
#define LOWER_ARENA_BUF 8192

/* Lane is never reactivated (discarded). */
#define LOWER_EXEC_DEAD 0x7fffffffu

/* Whether IR instruction i is lowered. */
static inline bool lower_kept(const struct lower *l, uint32_t i)
{
	return !l->keep || l->keep[i];
}

/* Records an error at the current IR instruction; returns false. */
bool lower_error(struct lower *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Component k of IR value v / of slot d. */
static inline struct qir_reg lower_val(const struct lower *l, uint32_t v, unsigned k)
{
	return l->pool[l->val_base[v] + k];
}
static inline struct qir_reg *lower_def(struct lower *l, uint32_t v)
{
	return &l->pool[l->val_base[v]];
}
static inline struct qir_reg *lower_slot(struct lower *l, uint32_t d)
{
	return &l->slots[l->slot_base[d]];
}

/* Constant operands (pool uniforms; the optimiser turns them into small
 * immediates where they fit). */
static inline struct qir_reg lower_uf(struct lower *l, float f)
{
	return qir_uniform_f(l->c, f);
}
static inline struct qir_reg lower_ui(struct lower *l, uint32_t u)
{
	return qir_uniform_ui(l->c, u);
}

/* Emits `op.cond[.sf] dst, a, b`. */
struct qir_inst *lower_emit(struct lower *l, enum qir_op op, struct qir_reg dst,
			    struct qir_reg a, struct qir_reg b, enum qpu_cond cond, bool sf);
/* Sets the flags from `op a, b` (result discarded). */
void lower_sf(struct lower *l, enum qir_op op, struct qir_reg a, struct qir_reg b);
/* A temp holding if_false, overwritten by if_true where `cond` holds on
 * the current flags. */
struct qir_reg lower_flag_select(struct lower *l, enum qpu_cond cond, struct qir_reg if_true,
				 struct qir_reg if_false);
/* A temp copy of r when r is not already a temp (for operands that must not
 * read a uniform or a FIFO in the same instruction). */
struct qir_reg lower_to_temp(struct lower *l, struct qir_reg r);
/* `src` with a source unpack mode (enum qpu_unpack). */
static inline struct qir_reg lower_unpack(struct qir_reg src, enum qpu_unpack u)
{
	src.unpack = (uint8_t)u;
	return src;
}

/* Writes `n` components into the mutable temps `dst` (a local, output or
 * varying), under the execution mask inside control flow. */
void lower_store(struct lower *l, struct qir_reg *dst, const struct qir_reg *src, unsigned n);

/* A user uniform word (lower_core.c); a bool becomes 0 / ~0. */
struct qir_reg lower_user_uniform(struct lower *l, uint32_t word, bool is_bool);

/* lower_constloop.c: runs the loop at IR marker `loop` at compile time
 * when it can (top level, integer and boolean work on locals holding known
 * constants) and stores its results; true when it did (the caller then
 * skips to its endloop). lower_note_store() tracks which locals hold a
 * known constant (call it for every store to a slot). */
bool lower_const_loop(struct lower *l, uint32_t loop);
void lower_note_store(struct lower *l, uint32_t decl, const struct qir_reg *src);

/* lower_index.c: `load_index`. */
bool lower_load_index(struct lower *l, const struct ir_instr *in);

/* lower_alu.c: component-wise and vector ops; false when `op` is not one. */
bool lower_alu_instr(struct lower *l, const struct ir_instr *in);
/* fract(x) as x - floor(x) where an already lowered floor of the same IR
 * value dominates it (lower_fract.c): true when it lowered `in` so. */
bool lower_fract_of_floor(struct lower *l, const struct ir_instr *in);

/* lower_math.c: scalar helpers used by the ALU lowering. */
struct qir_reg lower_floor(struct lower *l, struct qir_reg x);
struct qir_reg lower_ceil(struct lower *l, struct qir_reg x);
struct qir_reg lower_fract(struct lower *l, struct qir_reg x);
struct qir_reg lower_sign(struct lower *l, struct qir_reg x);
struct qir_reg lower_rcp(struct lower *l, struct qir_reg x);
/* 1/(e1 - e0) for smoothstep: the host's reciprocal rounded to nearest
 * when both edges are constants whose difference is an exact normal float
 * (the QPU's fsub gives the same) with a normal reciprocal, else the SFU's
 * unrefined estimate of the fsub (docs/lowering.md "Reciprocals"). */
struct qir_reg lower_edge_rcp(struct lower *l, struct qir_reg e0, struct qir_reg e1);
struct qir_reg lower_rsq(struct lower *l, struct qir_reg x);
struct qir_reg lower_sqrt(struct lower *l, struct qir_reg x);
/* 1/sqrt(y) refined when x is (a plain copy of) a root lower_sqrt() made
 * from y, else qir_null(). */
struct qir_reg lower_root_rsq(struct lower *l, struct qir_reg x);
struct qir_reg lower_pow(struct lower *l, struct qir_reg x, struct qir_reg y);
struct qir_reg lower_sin(struct lower *l, struct qir_reg x);
struct qir_reg lower_cos(struct lower *l, struct qir_reg x);
struct qir_reg lower_imul(struct lower *l, struct qir_reg a, struct qir_reg b);

/* lower_vertex.c */
bool lower_vs_prologue(struct lower *l);
/* lower_slice.c: sets keep and needed_attrs to what the stage's kept
 * stores need. False on OOM. */
bool lower_slice(struct lower *l);
bool lower_vs_epilogue(struct lower *l);

/* lower_fragment.c */
bool lower_fs_prologue(struct lower *l);
bool lower_fs_builtin(struct lower *l, const struct ir_instr *in);
bool lower_tex(struct lower *l, const struct ir_instr *in);
void lower_discard(struct lower *l);
bool lower_fs_epilogue(struct lower *l);

/* lower_blend.c: the packed colour word to write to the TLB for the float
 * colour `color` (RGBA), per the key's format, blend, logic op and mask;
 * qir_null() when no colour is written (mask 0). */
struct qir_reg lower_blend(struct lower *l, const struct qir_reg color[4]);

#endif
