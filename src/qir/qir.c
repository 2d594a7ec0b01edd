/*
 * qir.c: the QIR tables (ops, special registers, uniform kinds), program
 * creation and freeing, the builder, instruction-list editing, the derived
 * CFG and per-temp definition data, and op-table-derived predicates.
 */
#include "qir/qir.h"
#include "qir/qir_pool.h"
#include "qir/qir_host.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/block_cache.h"
#include "util/code_align.h"
#include "util/zalloc.h"
#include "util/zero.h"

#define FI QIR_OPF_FLOAT_IN
#define FO QIR_OPF_FLOAT_OUT
#define CO QIR_OPF_COMMUTATIVE
#define SE QIR_OPF_SIDE_EFFECTS

/* ALU ops: name, sources, ADD opcode, MUL opcode, flags. */
#define ALU(n, ns, a, m, f) { .name = n, .ndst = 1, .nsrc = ns, .add_op = a, \
			      .mul_op = m, .sig = QPU_SIG_NONE, .flags = f }
#define SFU(n, reg) { .name = n, .ndst = 1, .nsrc = 1, .add_op = QPU_A_OR, \
		      .mul_op = QPU_M_V8MIN, .sig = QPU_SIG_NONE, .periph = reg, \
		      .flags = FO | QIR_OPF_SFU | QIR_OPF_WRITES_R4 }
#define TEX(n, reg) { .name = n, .ndst = 0, .nsrc = 2, .add_op = QPU_A_OR, \
		      .mul_op = QPU_M_V8MIN, .sig = QPU_SIG_NONE, .periph = reg, \
		      .flags = SE | QIR_OPF_TMU_WRITE | QIR_OPF_SIDEBAND }
#define SIG(n, nd, s, f) { .name = n, .ndst = nd, .nsrc = 0, .sig = s, .flags = f }
#define LI(n) { .name = n, .ndst = 1, .nsrc = 1, .sig = QPU_SIG_LOAD_IMM, \
		.flags = QIR_OPF_IMM_SRC }

const struct qir_op_info qir_ops[QIR_OP_COUNT] = {
	[QIR_OP_UNDEF]     = { .name = "undef", .ndst = 1, .sig = QPU_SIG_NONE },
	[QIR_OP_MOV]       = ALU("mov", 1, QPU_A_OR, QPU_M_V8MIN, 0),
	[QIR_OP_FMOV]      = ALU("fmov", 1, QPU_A_FMAX, QPU_M_NOP, FI | FO),
	[QIR_OP_MMOV]      = ALU("mmov", 1, QPU_A_NOP, QPU_M_V8MIN, 0),
	[QIR_OP_FADD]      = ALU("fadd", 2, QPU_A_FADD, QPU_M_NOP, FI | FO | CO),
	[QIR_OP_FSUB]      = ALU("fsub", 2, QPU_A_FSUB, QPU_M_NOP, FI | FO),
	[QIR_OP_FMIN]      = ALU("fmin", 2, QPU_A_FMIN, QPU_M_NOP, FI | FO | CO),
	[QIR_OP_FMAX]      = ALU("fmax", 2, QPU_A_FMAX, QPU_M_NOP, FI | FO | CO),
	[QIR_OP_FMINABS]   = ALU("fminabs", 2, QPU_A_FMINABS, QPU_M_NOP, FI | FO | CO),
	[QIR_OP_FMAXABS]   = ALU("fmaxabs", 2, QPU_A_FMAXABS, QPU_M_NOP, FI | FO | CO),
	[QIR_OP_FTOI]      = ALU("ftoi", 1, QPU_A_FTOI, QPU_M_NOP, FI),
	[QIR_OP_ITOF]      = ALU("itof", 1, QPU_A_ITOF, QPU_M_NOP, FO),
	[QIR_OP_ADD]       = ALU("add", 2, QPU_A_ADD, QPU_M_NOP, CO),
	[QIR_OP_SUB]       = ALU("sub", 2, QPU_A_SUB, QPU_M_NOP, 0),
	[QIR_OP_SHR]       = ALU("shr", 2, QPU_A_SHR, QPU_M_NOP, 0),
	[QIR_OP_ASR]       = ALU("asr", 2, QPU_A_ASR, QPU_M_NOP, 0),
	[QIR_OP_ROR]       = ALU("ror", 2, QPU_A_ROR, QPU_M_NOP, 0),
	[QIR_OP_SHL]       = ALU("shl", 2, QPU_A_SHL, QPU_M_NOP, 0),
	[QIR_OP_MIN]       = ALU("min", 2, QPU_A_MIN, QPU_M_NOP, CO),
	[QIR_OP_MIN_NOIMM] = ALU("min_noimm", 2, QPU_A_MIN, QPU_M_NOP, QIR_OPF_NO_SMALL_IMM),
	[QIR_OP_MAX]       = ALU("max", 2, QPU_A_MAX, QPU_M_NOP, CO),
	[QIR_OP_AND]       = ALU("and", 2, QPU_A_AND, QPU_M_NOP, CO),
	[QIR_OP_OR]        = ALU("or", 2, QPU_A_OR, QPU_M_NOP, CO),
	[QIR_OP_XOR]       = ALU("xor", 2, QPU_A_XOR, QPU_M_NOP, CO),
	[QIR_OP_NOT]       = ALU("not", 1, QPU_A_NOT, QPU_M_NOP, 0),
	[QIR_OP_CLZ]       = ALU("clz", 1, QPU_A_CLZ, QPU_M_NOP, 0),
	[QIR_OP_V8ADDS]    = ALU("v8adds", 2, QPU_A_V8ADDS, QPU_M_V8ADDS, QIR_OPF_V8 | CO),
	[QIR_OP_V8SUBS]    = ALU("v8subs", 2, QPU_A_V8SUBS, QPU_M_V8SUBS, QIR_OPF_V8),
	[QIR_OP_FMUL]      = ALU("fmul", 2, QPU_A_NOP, QPU_M_FMUL, FI | FO | CO),
	[QIR_OP_MUL24]     = ALU("mul24", 2, QPU_A_NOP, QPU_M_MUL24, CO),
	[QIR_OP_V8MULD]    = ALU("v8muld", 2, QPU_A_NOP, QPU_M_V8MULD, QIR_OPF_V8 | CO),
	[QIR_OP_V8MIN]     = ALU("v8min", 2, QPU_A_NOP, QPU_M_V8MIN, QIR_OPF_V8 | CO),
	[QIR_OP_V8MAX]     = ALU("v8max", 2, QPU_A_NOP, QPU_M_V8MAX, QIR_OPF_V8 | CO),
	[QIR_OP_RCP]       = SFU("rcp", QPU_REG_SFU_RECIP),
	[QIR_OP_RSQ]       = SFU("rsq", QPU_REG_SFU_RECIPSQRT),
	[QIR_OP_EXP2]      = SFU("exp2", QPU_REG_SFU_EXP),
	[QIR_OP_LOG2]      = SFU("log2", QPU_REG_SFU_LOG),
	[QIR_OP_LOAD_IMM]    = LI("load_imm"),
	[QIR_OP_LOAD_IMM_U2] = LI("load_imm_u2"),
	[QIR_OP_LOAD_IMM_I2] = LI("load_imm_i2"),
	[QIR_OP_VARY_ADD_C] = ALU("vary_add_c", 1, QPU_A_FADD, QPU_M_NOP,
				  FI | FO | QIR_OPF_READS_R5),
	[QIR_OP_FRAG_Z]    = SIG("frag_z", 1, QPU_SIG_NONE, QIR_OPF_PAYLOAD),
	[QIR_OP_FRAG_W]    = SIG("frag_w", 1, QPU_SIG_NONE, QIR_OPF_PAYLOAD | FO),
	[QIR_OP_TEX_S]     = TEX("tex_s", QPU_REG_TMU0_S),
	[QIR_OP_TEX_T]     = TEX("tex_t", QPU_REG_TMU0_T),
	[QIR_OP_TEX_R]     = TEX("tex_r", QPU_REG_TMU0_R),
	[QIR_OP_TEX_B]     = TEX("tex_b", QPU_REG_TMU0_B),
	[QIR_OP_TEX_DIRECT] = { .name = "tex_direct", .ndst = 0, .nsrc = 2,
				.add_op = QPU_A_ADD, .mul_op = QPU_M_NOP,
				.sig = QPU_SIG_NONE, .periph = QPU_REG_TMU1_S,
				.flags = SE | QIR_OPF_TMU_WRITE | QIR_OPF_NO_SMALL_IMM },
	[QIR_OP_TEX_RESULT] = SIG("tex_result", 1, QPU_SIG_LOAD_TMU0,
				  SE | QIR_OPF_TMU_READ | QIR_OPF_WRITES_R4),
	[QIR_OP_DIRECT_RESULT] = SIG("direct_result", 1, QPU_SIG_LOAD_TMU1,
				     SE | QIR_OPF_TMU_READ | QIR_OPF_WRITES_R4),
	[QIR_OP_TLB_COLOR_READ] = SIG("tlb_color_read", 1, QPU_SIG_COLOR_LOAD,
				      SE | QIR_OPF_TLB | QIR_OPF_WRITES_R4),
	[QIR_OP_THRSW]     = SIG("thrsw", 0, QPU_SIG_THREAD_SWITCH, SE | QIR_OPF_THRSW),
	[QIR_OP_BRANCH]    = SIG("branch", 0, QPU_SIG_BRANCH, SE | QIR_OPF_BRANCH),
	[QIR_OP_UNIFORMS_RESET] = { .name = "uniforms_reset", .ndst = 0, .nsrc = 2,
				    .add_op = QPU_A_ADD, .mul_op = QPU_M_NOP,
				    .sig = QPU_SIG_NONE, .periph = QPU_REG_UNIFORMS_ADDR,
				    .flags = SE | QIR_OPF_NO_SMALL_IMM },
};

const struct qir_special_info qir_specials[QIR_SPECIAL_COUNT] = {
	[QIR_SPECIAL_TLB_COLOR]       = { "tlb_color", QPU_REG_TLB_COLOR_ALL, false, true },
	[QIR_SPECIAL_TLB_COLOR_MS]    = { "tlb_color_ms", QPU_REG_TLB_COLOR_MS, false, true },
	[QIR_SPECIAL_TLB_Z]           = { "tlb_z", QPU_REG_TLB_Z, false, true },
	[QIR_SPECIAL_TLB_STENCIL]     = { "tlb_stencil", QPU_REG_TLB_STENCIL, false, true },
	[QIR_SPECIAL_TLB_ALPHA_MASK]  = { "tlb_alpha_mask", QPU_REG_TLB_ALPHA_MASK, false, true },
	[QIR_SPECIAL_VPM_READ_SETUP]  = { "vr_setup", QPU_REG_VR_SETUP, false, true },
	[QIR_SPECIAL_VPM_WRITE_SETUP] = { "vw_setup", QPU_REG_VW_SETUP, false, true },
	[QIR_SPECIAL_MS_FLAGS]        = { "ms_flags", QPU_REG_MS_FLAGS, true, true },
	[QIR_SPECIAL_FRAG_X]          = { "frag_x", QPU_REG_X_PIX, true, false },
	[QIR_SPECIAL_FRAG_Y]          = { "frag_y", QPU_REG_Y_PIX, true, false },
	[QIR_SPECIAL_FRAG_REV_FLAG]   = { "frag_rev_flag", QPU_REG_REV_FLAG, true, false },
	[QIR_SPECIAL_ELEMENT]         = { "element", QPU_REG_ELEM_NUM, true, false },
	[QIR_SPECIAL_QPU_NUM]         = { "qpu_num", QPU_REG_QPU_NUM, true, false },
};

const struct qir_uniform_kind_info qir_uniform_kinds[QIR_UNIFORM_KIND_COUNT] = {
	[QIR_UNIFORM_CONST]             = { "const", false, false },
	[QIR_UNIFORM_USER]              = { "user", false, false },
	[QIR_UNIFORM_TEX_P0]            = { "tex_p0", true, true },
	[QIR_UNIFORM_TEX_P1]            = { "tex_p1", true, false },
	[QIR_UNIFORM_TEX_P2]            = { "tex_p2", true, false },
	[QIR_UNIFORM_TEX_P3]            = { "tex_p3", true, false },
	[QIR_UNIFORM_TEX_BO_ADDR]       = { "tex_bo_addr", true, true },
	[QIR_UNIFORM_TEX_BORDER_COLOR]  = { "tex_border_color", true, false },
	[QIR_UNIFORM_UBO_ADDR]          = { "ubo_addr", false, true },
	[QIR_UNIFORM_UNIFORMS_ADDRESS]  = { "uniforms_address", false, false },
	[QIR_UNIFORM_VIEWPORT_X_SCALE]  = { "viewport_x_scale", false, false },
	[QIR_UNIFORM_VIEWPORT_Y_SCALE]  = { "viewport_y_scale", false, false },
	[QIR_UNIFORM_VIEWPORT_Z_OFFSET] = { "viewport_z_offset", false, false },
	[QIR_UNIFORM_VIEWPORT_Z_SCALE]  = { "viewport_z_scale", false, false },
	[QIR_UNIFORM_STENCIL]           = { "stencil", false, false },
	[QIR_UNIFORM_BLEND_CONST]       = { "blend_const", false, false },
	[QIR_UNIFORM_ALPHA_REF]         = { "alpha_ref", false, false },
	[QIR_UNIFORM_SAMPLE_MASK]       = { "sample_mask", false, false },
	[QIR_UNIFORM_HOST]              = { "host", false, false },
};

bool qir_special_qpu_addr(enum qir_special s, bool write, enum qpu_file *file,
			  unsigned *addr)
{
	if (s >= QIR_SPECIAL_COUNT ||
	    !(write ? qir_specials[s].writable : qir_specials[s].readable))
		return false;
	return write ? qpu_reg_waddr(qir_specials[s].qpu_reg, file, addr) :
		       qpu_reg_raddr(qir_specials[s].qpu_reg, file, addr);
}

/* ------------------------------------------------------------------------ */
/* Creation and the builder                                                  */

/* A new empty program of `stage` with one (entry) block and the builder
 * cursor at its end; NULL when out of memory. */
struct qir_compile *qir_compile_create(enum qir_stage stage)
{
	struct qir_compile *c = vc4_calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->stage = (uint8_t)stage;
	struct qir_block *b = qir_block_append(c);
	if (!b) {
		qir_compile_free(c);
		return NULL;
	}
	qir_set_block(c, b);
	return c;
}

/* Bytes of a chunk of cap instructions. */
#define CHUNK_BYTES(cap) (sizeof(struct qir_inst_chunk) + (cap) * sizeof(struct qir_inst))

/* Frees chunk k (not NULL), to the thread's block cache when it is one of
 * its sizes (block_cache.h: the compaction after every pass takes and
 * frees one). */
static void chunk_free(struct qir_inst_chunk *k)
{
	vc4_block_give(k, k->bytes);
}

/* Frees the instruction pool: every chunk (live and removed instructions
 * alike) and the pool itself; NULL is allowed. */
static void pool_free(struct qir_inst_pool *pool)
{
	if (!pool)
		return;
	while (pool->chunks) {
		struct qir_inst_chunk *k = pool->chunks;
		pool->chunks = k->older;
		chunk_free(k);
	}
	free(pool->defs);   /* the counts too: one block */
	free(pool);
}

/* A chunk for cap instructions (from the thread's block cache when it is
 * one of its sizes); NULL when out of memory. */
static struct qir_inst_chunk *chunk_new(size_t cap, struct qir_inst_chunk *older)
{
	size_t got;
	struct qir_inst_chunk *k = vc4_block_take(CHUNK_BYTES(cap), &got);
	if (k) {
		k->older = older;
		k->used = 0;
		k->cap = cap;
		k->bytes = got;
	}
	return k;
}

/* Zeroed memory for one instruction; NULL when out of memory. */
static inline struct qir_inst *inst_alloc(struct qir_compile *c)
{
	struct qir_inst_pool *pool = c->pool;
	if (!pool && !(pool = c->pool = vc4_calloc(1, sizeof(*pool))))
		return NULL;
	struct qir_inst *inst = pool->unused;
	if (inst) {
		inst_unpoison(inst);
		pool->unused = inst->next;
	} else {
		struct qir_inst_chunk *k = pool->chunks;
		if (!k || k->used == k->cap) {
			size_t cap = k ? k->cap * 2 : 64;
			k = chunk_new(cap < 65536 ? cap : 65536, k);
			if (!k)
				return NULL;
			pool->chunks = k;
		}
		inst = &k->insts[k->used++];
	}
	VC4_ZERO(inst);
	return inst;
}

/* Copies every instruction, in program order, into one new chunk of exactly
 * the program's size and frees the old chunks and the removed-instruction
 * list (later passes then walk memory in order). Pointers to instructions
 * other than the blocks' links and the builder cursor become invalid, so the
 * derived defs are dropped. Out of memory: the program is left as it was. */
VC4_CODE_ALIGN(512)
void qir_compact_insts(struct qir_compile *c)
{
	size_t n = 0;
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst)
			n++;
	}
	struct qir_inst_chunk *k = chunk_new(n ? n : 1, NULL);
	if (!k || !c->pool) {
		if (k)
			chunk_free(k);
		return;
	}
	qir_invalidate(c);
	struct qir_inst *before = NULL;   /* the builder cursor's new address */
	qir_foreach_block(c, b) {
		struct qir_inst *prev = NULL;
		for (inst = b->first; inst; inst = inst->next) {
			struct qir_inst *copy = &k->insts[k->used++];
			*copy = *inst;
			copy->prev = prev;
			if (prev)
				prev->next = copy;
			else
				b->first = copy;
			if (c->cur_before == inst)
				before = copy;
			prev = copy;
		}
		b->last = prev;   /* prev->next is NULL: copied from the old last */
	}
	if (c->cur_before)
		c->cur_before = before;
	struct qir_inst_pool *pool = c->pool;
	while (pool->chunks) {
		struct qir_inst_chunk *old = pool->chunks;
		pool->chunks = old->older;
		chunk_free(old);
	}
	pool->chunks = k;
	pool->unused = NULL;
}

/* Frees the program: blocks, instructions, uniform pool and derived data.
 * NULL is allowed. */
void qir_compile_free(struct qir_compile *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->blocks.len; i++) {
		struct qir_block *b = c->blocks.data[i];
		vc4_array_free(&b->preds);
		free(b);
	}
	qir_invalidate(c);
	qir_live_scratch_free(c);
	pool_free(c->pool);
	vc4_array_free(&c->host);
	vc4_array_free(&c->blocks);
	vc4_array_free(&c->uniforms);
	free(c->unif_index);
	free(c);
}

/* Appends a new empty block in program order (no successors yet) and returns
 * it; NULL and c->oom when out of memory. The cursor does not move. */
struct qir_block *qir_block_append(struct qir_compile *c)
{
	struct qir_block *b = vc4_calloc(1, sizeof(*b));
	if (!b || !vc4_array_push(&c->blocks, b)) {
		free(b);
		c->oom = true;
		return NULL;
	}
	b->index = (uint32_t)(c->blocks.len - 1);
	b->succ[0] = b->succ[1] = QIR_NONE;
	return b;
}

void qir_set_block(struct qir_compile *c, struct qir_block *b)
{
	c->cur_block = b;
	c->cur_before = NULL;
}

static uint32_t unif_hash(uint32_t kind, uint32_t data)
{
	return (kind * 0x9e3779b1u) ^ (data * 0x85ebca6bu) ^ (data >> 15);
}

/* Puts pool entry i into the index (which has a free slot). */
static void unif_index_put(struct qir_compile *c, uint32_t i)
{
	const struct qir_uniform *u = &c->uniforms.data[i];
	uint32_t mask = c->unif_index_size - 1, h = unif_hash(u->kind, u->data) & mask;
	while (c->unif_index[h])
		h = (h + 1) & mask;
	c->unif_index[h] = i + 1;
}

/* Brings the index up to date with the pool (entries may also be pushed
 * directly, e.g. by the parser), growing it to stay at most half full. */
static bool unif_index_sync(struct qir_compile *c)
{
	size_t need = 2 * (c->uniforms.len + 1);
	if (c->unif_index_size < need) {
		uint32_t size = 64;
		while (size < need)
			size *= 2;
		uint32_t *idx = vc4_calloc(size, sizeof(uint32_t));
		if (!idx)
			return false;
		free(c->unif_index);
		c->unif_index = idx;
		c->unif_index_size = size;
		c->unif_indexed = 0;
	}
	for (; c->unif_indexed < c->uniforms.len; c->unif_indexed++)
		unif_index_put(c, c->unif_indexed);
	return true;
}

/* Hash lookup in the pool; a new entry when absent. Inline for
 * qir_uniform_ui(), the usual way in (no call from one to the other). */
static inline struct qir_reg uniform(struct qir_compile *c, enum qir_uniform_kind kind,
				     uint32_t data)
{
	if (!unif_index_sync(c)) {
		c->oom = true;
		return qir_null();
	}
	uint32_t mask = c->unif_index_size - 1, h = unif_hash(kind, data) & mask;
	for (; c->unif_index[h]; h = (h + 1) & mask) {
		const struct qir_uniform *u = &c->uniforms.data[c->unif_index[h] - 1];
		if (u->kind == (uint32_t)kind && u->data == data)
			return qir_reg(QIR_FILE_UNIF, c->unif_index[h] - 1);
	}
	struct qir_uniform u = { .kind = kind, .data = data };
	if (!vc4_array_push(&c->uniforms, u)) {
		c->oom = true;
		return qir_null();
	}
	return qir_reg(QIR_FILE_UNIF, (uint32_t)(c->uniforms.len - 1));
}

VC4_CODE_ALIGN(512)
struct qir_reg qir_uniform(struct qir_compile *c, enum qir_uniform_kind kind, uint32_t data)
{
	return uniform(c, kind, data);
}

VC4_CODE_ALIGN(512)
struct qir_reg qir_uniform_ui(struct qir_compile *c, uint32_t value)
{
	return uniform(c, QIR_UNIFORM_CONST, value);
}

struct qir_reg qir_uniform_f(struct qir_compile *c, float value)
{
	uint32_t bits;
	memcpy(&bits, &value, sizeof(bits));
	return qir_uniform_ui(c, bits);
}

/* A new instruction `op dst, a, b` (unconditional, no pack or flags) from
 * the program's pool, not linked into any block; NULL and c->oom when out of
 * memory. */
/* qir_inst_create(), for this file's callers to inline. */
static inline struct qir_inst *inst_create(struct qir_compile *c, enum qir_op op,
					   struct qir_reg dst, struct qir_reg a, struct qir_reg b)
{
	struct qir_inst *inst = inst_alloc(c);
	if (!inst) {
		c->oom = true;
		return NULL;
	}
	inst->op = (uint16_t)op;
	inst->cond = QPU_COND_ALWAYS;
	inst->dst = dst;
	inst->src[0] = a;
	inst->src[1] = b;
	inst->target = QIR_NONE;
	inst->ip = QIR_NONE;
	inst->line = c->cur_line;
	return inst;
}

struct qir_inst *qir_inst_create(struct qir_compile *c, enum qir_op op, struct qir_reg dst,
				 struct qir_reg a, struct qir_reg b)
{
	return inst_create(c, op, dst, a, b);
}

/* Unlinks inst from block b and returns its memory to the pool (poisoned in
 * debug builds); the builder cursor moves past it. c->defs is stale for its
 * temp until qir_temp_defs() runs again. */
VC4_CODE_ALIGN(64)
void qir_inst_remove(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst)
{
	qir_pool_remove(c, b, inst);
}

/* qir_emit(), for this file's callers to inline. */
static inline struct qir_inst *emit(struct qir_compile *c, enum qir_op op, struct qir_reg dst,
				    struct qir_reg a, struct qir_reg b)
{
	if (!c->cur_block)
		return NULL;
	struct qir_inst *inst = inst_create(c, op, dst, a, b);
	if (inst)
		qir_inst_insert_before(c->cur_block, c->cur_before, inst);
	return inst;
}

VC4_CODE_ALIGN(512)
struct qir_inst *qir_emit(struct qir_compile *c, enum qir_op op, struct qir_reg dst,
			  struct qir_reg a, struct qir_reg b)
{
	return emit(c, op, dst, a, b);
}

struct qir_inst *qir_last_inst(struct qir_compile *c)
{
	if (!c->cur_block)
		return NULL;
	return c->cur_before ? c->cur_before->prev : c->cur_block->last;
}

VC4_CODE_ALIGN(512)
struct qir_reg qir_emit_def(struct qir_compile *c, enum qir_op op, struct qir_reg a,
			    struct qir_reg b)
{
	struct qir_reg t = qir_temp(c);
	return emit(c, op, t, a, b) ? t : qir_null();
}

struct qir_inst *qir_BRANCH(struct qir_compile *c, enum qpu_branch_cond cond,
			    struct qir_block *target)
{
	struct qir_inst *inst = qir_emit(c, QIR_OP_BRANCH, qir_null(), qir_null(), qir_null());
	if (inst) {
		inst->cond = (uint8_t)cond;
		inst->target = target ? target->index : QIR_NONE;
	}
	return inst;
}

/* ------------------------------------------------------------------------ */
/* Derived data                                                              */

/* Derives successors (fall-through, branch target) and predecessors of every
 * block from program order and the final BRANCHes. False with diag on a branch
 * to a block that does not exist, or when out of memory. */
bool qir_cfg_update(struct qir_compile *c, struct vc4_diag *diag)
{
	uint32_t n = (uint32_t)c->blocks.len;
	for (uint32_t i = 0; i < n; i++) {
		struct qir_block *b = c->blocks.data[i];
		struct qir_inst *last = b->last;
		b->preds.len = 0;
		bool br = last && last->op == QIR_OP_BRANCH;
		if (br && last->target >= n) {
			for (uint32_t j = i + 1; j < n; j++)   /* every block's preds empty */
				c->blocks.data[j]->preds.len = 0;
			return vc4_diag_set(diag, "block %u: branch to block %u, which does not "
					    "exist (%u blocks)", i, last->target, n);
		}
		b->succ[1] = br ? last->target : QIR_NONE;
		b->succ[0] = (i + 1 < n && !(br && last->cond == QPU_BR_ALWAYS)) ? i + 1 : QIR_NONE;
		if (b->succ[0] == b->succ[1])
			b->succ[1] = QIR_NONE;
	}
	for (uint32_t i = 0; i < n; i++) {
		for (int s = 0; s < 2; s++) {
			uint32_t t = c->blocks.data[i]->succ[s];
			if (t == QIR_NONE)
				continue;
			struct qir_block *to = c->blocks.data[t];
			if (to->preds.len < to->preds.cap)   /* the common case without a call */
				to->preds.data[to->preds.len++] = i;
			else if (!vc4_array_push(&to->preds, i)) {
				c->oom = true;
				return vc4_diag_set(diag, "out of memory");
			}
		}
	}
	return true;
}

/* Numbers every instruction's ip in program order from 0; returns the count. */
VC4_CODE_ALIGN(64)
uint32_t qir_number_insts(struct qir_compile *c)
{
	uint32_t ip = 0;
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst)
			inst->ip = ip++;
	}
	return ip;
}

/* Writes where instruction `ip` comes from into buf, as a message prefix:
 * "FILE:LINE: " from the nearest IR line at or before it (after it for a
 * prologue), else "ip N: ". */
void qir_describe_ip(const struct qir_compile *c, uint32_t ip, char *buf, size_t size)
{
	uint32_t before = 0, after = 0;  /* lines at or before ip, and after it */
	struct qir_block *b;
	const struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			if (inst->ip <= ip && inst->line)
				before = inst->line;
			else if (inst->ip > ip && inst->line && !after)
				after = inst->line;
		}
	}
	uint32_t line = before ? before : after;
	if (line)
		snprintf(buf, size, "%s:%u: ", c->source ? c->source : "<ir>", line);
	else
		snprintf(buf, size, "ip %u: ", ip);
}

void qir_invalidate(struct qir_compile *c)
{
	struct qir_inst_pool *pool = c->pool;
	/* the passes call this after every change: no free(NULL) calls */
	if (c->defs && (!pool || c->defs != pool->defs))
		free(c->defs);      /* the counts too: one block (defs_arrays()) */
	c->defs = NULL;
	c->def_count = NULL;
}

/* Bytes of n defs and, right after them, n counts. */
#define DEFS_BYTES(n) ((n) * (sizeof(struct qir_inst *) + sizeof(uint32_t)))

/* Zeroed arrays of n defs and n counts for qir_temp_defs(), in one block
 * (one clear), reused from the pool's last one when it is large enough;
 * false when out of memory. */
static bool defs_arrays(struct qir_compile *c, size_t n)
{
	struct qir_inst_pool *pool = c->pool;
	if (!pool && !(pool = c->pool = vc4_calloc(1, sizeof(*pool))))
		return false;
	if (pool->defs_cap < n) {
		free(pool->defs);
		pool->defs = n <= SIZE_MAX / DEFS_BYTES(1) ? malloc(DEFS_BYTES(n)) : NULL;
		pool->defs_cap = pool->defs ? n : 0;
		if (!pool->defs_cap)
			return false;
	}
	vc4_zero_bytes(pool->defs, DEFS_BYTES(n));
	c->defs = pool->defs;
	c->def_count = (uint32_t *)(void *)(pool->defs + n);
	return true;
}

/* Derives c->defs (per temp: its only definition, or NULL when written more
 * or less than once) and c->def_count, unless the pass driver vouches for
 * the ones there (c->defs_current). False and c->oom when out of memory. */
#ifndef NDEBUG
/* Debug builds: whether the kept defs are what deriving them gives (a pass
 * the driver trusts to keep them that does not would show here). */
static bool kept_defs_match(const struct qir_compile *c)
{
	size_t n = c->num_temps + 1;
	uint32_t *count = vc4_calloc(n, sizeof(uint32_t));
	const struct qir_inst **def = vc4_calloc(n, sizeof(*def));
	bool ok = true;
	const struct qir_block *b;
	const struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst)
			if (count && def && qir_is_temp(inst->dst) && inst->dst.index < c->num_temps)
				count[inst->dst.index]++, def[inst->dst.index] = inst;
	}
	for (uint32_t t = 0; count && def && t < c->num_temps; t++)
		ok &= count[t] == c->def_count[t] && c->defs[t] == (count[t] == 1 ? def[t] : NULL);
	free(count);
	free(def);
	return ok;   /* out of memory: nothing to say */
}
#endif

VC4_CODE_ALIGN(256)
bool qir_temp_defs(struct qir_compile *c)
{
	if (c->defs_current && c->defs) {   /* the pass driver vouches for them */
		assert(kept_defs_match(c));
		return true;
	}
	qir_invalidate(c);
	if (!defs_arrays(c, c->num_temps ? c->num_temps : 1)) {
		c->oom = true;
		return false;
	}
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			if (inst->dst.file != QIR_FILE_TEMP || inst->dst.index >= c->num_temps)
				continue;
			uint32_t t = inst->dst.index;
			c->defs[t] = c->def_count[t]++ ? NULL : inst;
		}
	}
	return true;
}

/* ------------------------------------------------------------------------ */
/* Predicates                                                                */

/* Whether inst reads a uniform; *unif_index (when not NULL) gets the pool
 * entry of its first uniform operand. */
VC4_CODE_ALIGN(128)
/* The uniform stream the driver fills: one pool entry per uniform read, in
 * program order, into out (freed by qir_uniform_stream_free()). False when
 * out of memory (out is then empty). */
bool qir_uniform_stream(const struct qir_compile *c, struct qir_uniform_stream *out)
{
	memset(out, 0, sizeof(*out));
	if (!qir_host_copy(c, out)) {
		qir_uniform_stream_free(out);
		return false;
	}
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			uint32_t u;
			if (!qir_inst_reads_uniform(inst, &u) || u >= c->uniforms.len)
				continue;
			if (!vc4_array_push(&out->entries, c->uniforms.data[u])) {
				qir_uniform_stream_free(out);
				return false;
			}
		}
	}
	return true;
}

void qir_uniform_stream_free(struct qir_uniform_stream *s)
{
	vc4_array_free(&s->entries);
	vc4_array_free(&s->host);
}

/* Copies the host program into a stream (qir_host.h). */
bool qir_host_copy(const struct qir_compile *c, struct qir_uniform_stream *out)
{
	for (size_t i = 0; i < c->host.len; i++)
		if (!vc4_array_push(&out->host, c->host.data[i]))
			return false;
	return true;
}

/* Source reads per temp over the whole program, as a malloc'ed array of
 * num_temps counts; NULL and c->oom when out of memory. */
VC4_CODE_ALIGN(128)
uint32_t *qir_temp_use_counts(struct qir_compile *c)
{
	uint32_t *uses = vc4_calloc(c->num_temps ? c->num_temps : 1, sizeof(uint32_t));
	if (!uses) {
		c->oom = true;
		return NULL;
	}
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			for (int s = 0; s < QIR_MAX_SRC; s++) {
				if (inst->src[s].file == QIR_FILE_TEMP && inst->src[s].index < c->num_temps)
					uses[inst->src[s].index]++;
			}
		}
	}
	return uses;
}
