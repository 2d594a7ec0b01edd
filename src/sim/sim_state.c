/*
 * sim_state.c: a QPU's state set up for a run: sim_shared_init(),
 * sim_qpu_init() and the cheaper sim_qpu_reinit() for a QPU already set
 * up (the clears by plain stores, the condition masks of flags all zero).
 * The run loop is in sim_qpu.c.
 */
#include <stddef.h>
#include <string.h>

#include "sim_inst.h"

void sim_shared_init(struct sim_shared *shared)
{
	memset(shared, 0, sizeof(*shared));
	shared->mutex_owner = -1;
}

/* Recomputes the eight condition masks from flags z, n, c (0/1 per lane). */
static void set_cond_masks(struct sim_qpu *q, const uint32_t *z, const uint32_t *n,
			   const uint32_t *c)
{
	for (int i = 0; i < 16; i++) {
		q->cm[QPU_COND_NEVER][i] = 0;
		q->cm[QPU_COND_ALWAYS][i] = ~0u;
		q->cm[QPU_COND_ZS][i] = 0u - z[i];
		q->cm[QPU_COND_ZC][i] = ~(0u - z[i]);
		q->cm[QPU_COND_NS][i] = 0u - n[i];
		q->cm[QPU_COND_NC][i] = ~(0u - n[i]);
		q->cm[QPU_COND_CS][i] = 0u - c[i];
		q->cm[QPU_COND_CC][i] = ~(0u - c[i]);
	}
}

/* The part of sim_qpu_init() and sim_qpu_reinit() after the clearing: the
 * program, memory, uniforms, shared state, hooks and options; and the
 * registers the program may write marked as possibly nonzero. */
static void set_program(struct sim_qpu *q, const struct sim_program *prog,
			struct sim_memory *mem, const uint32_t *unif, uint32_t unif_count,
			struct sim_shared *shared, const struct sim_qpu_hooks *hooks,
			const struct sim_qpu_options *opt)
{
	q->prog = prog;
	q->mem = mem;
	q->unif = unif;
	q->unif_count = unif_count;
	for (unsigned f = 0; f < 2; f++)
		q->rf_dirty[f] |= prog->rf_written[f];
	if (!shared) {
		sim_shared_init(&q->own_shared);
		shared = &q->own_shared;
	}
	q->shared = shared;
	if (hooks)
		q->hooks = *hooks;
	if (opt)
		q->opt = *opt;
}

void sim_qpu_init(struct sim_qpu *q, const struct sim_program *prog, struct sim_memory *mem,
		  const uint32_t *unif, uint32_t unif_count, struct sim_shared *shared,
		  const struct sim_qpu_hooks *hooks, const struct sim_qpu_options *opt)
{
	/* Clears the registers and the control state only: the TMU FIFO slots
	 * are written before they are read, own_shared is set up only when it
	 * is used, konst[] is filled on demand (konst_valid says which). */
	memset(q, 0, offsetof(struct sim_qpu, tmu_fifo));
	set_cond_masks(q, sim_zero_vec, sim_zero_vec, sim_zero_vec);
	q->rf_dirty[0] = q->rf_dirty[1] = ~0u; /* the caller may set any register */
	set_program(q, prog, mem, unif, unif_count, shared, hooks, opt);
}

/* Clears the 64 bytes at p: two 32-byte vector stores on x86 (GCC
 * expands a 64-byte memset as four 16-byte stores even for AVX2, and
 * sim_qpu_reinit() is bound by its stores). Elsewhere eight 8-byte stores
 * written out: on armhf GCC lowers the generic 32-byte vectors badly
 * (under qemu-arm small_tris took 8-10 % longer with them), and a memset
 * is a call through the PLT, under QEMU three translation-block lookups
 * per call (about 55 calls per shader run). */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
typedef uint32_t sim_zero32 __attribute__((vector_size(32), aligned(4), may_alias));
static SIM_ALWAYS_INLINE void zero64(void *p)
{
	sim_zero32 *v = p;
	v[0] = (sim_zero32){ 0 };
	v[1] = (sim_zero32){ 0 };
}
#elif defined(__GNUC__)
typedef uint64_t sim_zero8 __attribute__((aligned(4), may_alias));
static SIM_ALWAYS_INLINE void zero64(void *p)
{
	sim_zero8 *v = p;
	v[0] = 0, v[1] = 0, v[2] = 0, v[3] = 0, v[4] = 0, v[5] = 0, v[6] = 0, v[7] = 0;
}

/* Sets the 64 bytes at p to all ones, as zero64(). */
static SIM_ALWAYS_INLINE void ones64(void *p)
{
	sim_zero8 *v = p, o = ~(uint64_t)0;
	v[0] = o, v[1] = o, v[2] = o, v[3] = o, v[4] = o, v[5] = o, v[6] = o, v[7] = o;
}
#define SIM_ZERO8 1
#else
static SIM_ALWAYS_INLINE void zero64(void *p)
{
	memset(p, 0, 64);
}
#endif

/* Clears n bytes at p in 64-byte pieces (plain vector stores: GCC expands
 * a memset of this size into a slower rep stos). */
static SIM_ALWAYS_INLINE void zero_bytes(void *p, size_t n)
{
	char *c = p;
	for (; n >= 64; n -= 64, c += 64)
		zero64(c);
	memset(c, 0, n);
}

/* The condition masks of flags all zero (sim_qpu_reinit()): the even
 * conditions (never, zs, ns, cs) no lane, the odd ones every lane. Where
 * zero64() is written out in 8-byte stores (armhf) so are these: GCC
 * turns set_cond_masks()'s loop into two memset calls there, each through
 * the PLT (three translation-block lookups under QEMU). */
static SIM_ALWAYS_INLINE void clear_cond_masks(struct sim_qpu *q)
{
#if defined(SIM_ZERO8)
	for (unsigned c = 0; c < QPU_COND_COUNT; c += 2) {
		zero64(q->cm[c]);
		ones64(q->cm[c + 1]);
	}
#else
	set_cond_masks(q, sim_zero_vec, sim_zero_vec, sim_zero_vec);
#endif
}

/* sim_qpu_init() for a QPU already set up (contract in sim_qpu.h): clears
 * everything but the register file as sim_qpu_init() does, and of the
 * register file only the entries in q->rf_dirty and the fragment payloads;
 * keeps the filled constants. Never fails. Compiled for AVX2 too (its
 * 32-byte stores). */
SIM_CLONES_EXTERN
void sim_qpu_reinit(struct sim_qpu *q, const struct sim_program *prog, struct sim_memory *mem,
		    const uint32_t *unif, uint32_t unif_count, struct sim_shared *shared,
		    const struct sim_qpu_hooks *hooks, const struct sim_qpu_options *opt)
{
	size_t rf0 = offsetof(struct sim_qpu, rf);
	uint32_t konst_valid[sizeof(q->konst_valid) / 4]; /* konst[] is never written */
	memcpy(konst_valid, q->konst_valid, sizeof(konst_valid));
	zero_bytes(q, rf0);
	size_t ctl = offsetof(struct sim_qpu, cm) + sizeof(q->cm); /* cm: set below */
	zero_bytes((char *)q + ctl, offsetof(struct sim_qpu, tmu_fifo) - ctl);
	memcpy(q->konst_valid, konst_valid, sizeof(konst_valid));
	const uint32_t payload[2] = { 1u << (QPU_REG_FS_PAYLOAD_W - QPU_REG_RA0),
				      1u << (QPU_REG_FS_PAYLOAD_Z - QPU_REG_RB0) };
	for (unsigned f = 0; f < 2; f++) {
		uint32_t d = q->rf_dirty[f] | payload[f];
		for (; d; d &= d - 1)
			zero64(q->rf[f][__builtin_ctz(d)]);
		q->rf_dirty[f] = prog->rf_written[f];
	}
	clear_cond_masks(q);
	set_program(q, prog, mem, unif, unif_count, shared, hooks, opt);
}
