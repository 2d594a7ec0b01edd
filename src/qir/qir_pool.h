/*
 * qir_pool.h: the memory of a program's instructions, private to src/qir:
 * chunks of instructions, the newest first, and the removed ones for reuse
 * (chained through `next`), with qir_temp_defs()'s arrays kept for its next
 * call. qir.c owns it; qir_pool_remove() is here, inline, for the passes
 * that remove instructions in their inner walk (DCE: 19,000 a corpus
 * compile, each an extra call and return under qemu-arm).
 */
#ifndef VC4_QIR_QIR_POOL_H
#define VC4_QIR_QIR_POOL_H

#include "qir/qir.h"

/* Under AddressSanitizer a removed instruction stays poisoned until it is
 * reused, so a pass reading it still fails as a use after free would. */
#if defined(__SANITIZE_ADDRESS__)
#define QIR_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define QIR_ASAN 1
#endif
#endif
#ifdef QIR_ASAN
#include <sanitizer/asan_interface.h>
#define inst_poison(i) ASAN_POISON_MEMORY_REGION((i), sizeof(struct qir_inst))
#define inst_unpoison(i) ASAN_UNPOISON_MEMORY_REGION((i), sizeof(struct qir_inst))
#else
#define inst_poison(i) ((void)(i))
#define inst_unpoison(i) ((void)(i))
#endif

/* Instruction memory: chunks of instructions, the newest first, and the
 * removed instructions for reuse (chained through `next`). */
struct qir_inst_chunk {
	struct qir_inst_chunk *older;
	size_t used, cap;
	size_t bytes;                  /* the block's usable size (block_cache.h) */
	struct qir_inst insts[];
};
struct qir_inst_pool {
	struct qir_inst_chunk *chunks;
	struct qir_inst *unused;
	/* qir_temp_defs()'s arrays, kept for the next call (the passes derive
	 * the defs again after every change): defs_cap defs, the counts after
	 * the first n of them for n temps (defs_arrays()) */
	struct qir_inst **defs;
	size_t defs_cap;
};

/* qir_inst_remove(), inline: unlinks inst from block b and returns its
 * memory to the pool (poisoned under AddressSanitizer); the builder cursor
 * moves past it. */
static inline void qir_pool_remove(struct qir_compile *c, struct qir_block *b,
				   struct qir_inst *inst)
{
	if (c->cur_before == inst)
		c->cur_before = inst->next;
	qir_inst_unlink(b, inst);
	inst->next = c->pool->unused;   /* reused by the next qir_inst_create() */
	c->pool->unused = inst;
	inst_poison(inst);
}

#endif
