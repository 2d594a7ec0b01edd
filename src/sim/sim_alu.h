/*
 * sim_alu.h: the arithmetic of the QPU's ADD and MUL ALUs, the SFU and the
 * pack/unpack units, bit-exact, on one lane (`sim_lane_*`) or on 16-lane
 * vectors (`sim_alu_*`). The semantics and the sources they come from are in
 * docs/sim.md ("ALU semantics").
 *
 * Call the vector functions between sim_fpu_enter() and sim_fpu_leave():
 * on x86 the float ops are the host's in round-toward-zero with denormals
 * read as zero, which those set up; on other hosts (and with
 * -DSIM_PORTABLE_FPU) they are integer code exact in any rounding mode
 * (sim_rtz.h) and the run stays in round-to-nearest, the mode in which
 * qemu-arm runs guest float operations on the host's FPU.
 */
#ifndef VC4_SIM_ALU_H
#define VC4_SIM_ALU_H

#include <fenv.h>
#include <stdbool.h>
#include <stdint.h>

#include "qpu/qpu_isa.h"
#include "util/code_align.h"

#define SIM_LANES 16

/* fmul rounding, where the sources disagree (docs/sim.md). */
enum sim_fmul_round {
	SIM_FMUL_RTZ = 0, /* truncate, like fadd (default) */
	SIM_FMUL_RNE = 1, /* round to nearest, ties to even */
};

/* SFU precision model (docs/sim.md "SFU"). */
enum sim_sfu_model {
	SIM_SFU_15BIT = 0, /* exact result truncated to 15 mantissa bits (default) */
	SIM_SFU_13BIT = 1, /* truncated to 13 mantissa bits (VC4C's model) */
	SIM_SFU_EXACT = 2, /* exact result truncated to float */
};

enum sim_sfu_func { SIM_SFU_RECIP, SIM_SFU_RECIPSQRT, SIM_SFU_EXP2, SIM_SFU_LOG2 };

/* The SFU function a write to register id starts; -1 for any other
 * register. */
static inline int sim_sfu_func_of(enum qpu_reg_id id)
{
	static const int8_t func[4] = { SIM_SFU_RECIP, SIM_SFU_RECIPSQRT, SIM_SFU_EXP2,
					SIM_SFU_LOG2 };
	int k = qpu_reg_sfu_func(id);
	return k < 0 ? -1 : func[k];
}

/* SIM_HOST_AVX2: the host code may carry AVX2 paths chosen at load or run
 * time (target_clones, target("avx2")): x86-64 Linux with GCC or Clang, not
 * under ASan or TSan (their runtime is not up yet when the loader runs the
 * instrumented resolvers). Every such path in src/sim derives from it. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__) && \
	!defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define SIM_HOST_AVX2 1
#else
#define SIM_HOST_AVX2 0
#endif

/* Host float environment saved by sim_fpu_enter(). */
struct sim_fpu_env {
	unsigned saved;
	unsigned changed; /* nonzero when sim_fpu_enter() changed the mode */
};

#if (defined(__SSE2_MATH__) || defined(__x86_64__)) && !defined(SIM_PORTABLE_FPU)
#include <xmmintrin.h>
/* x86: MXCSR directly (fesetround is ~10x slower); round toward zero plus
 * flush-to-zero and denormals-are-zero, which give the same results as the
 * explicit flushes in sim_alu.c but avoid the CPU's slow denormal path.
 * -DSIM_PORTABLE_FPU selects the portable path (to test it on x86). */
#define SIM_HOST_DAZ 1 /* denormal inputs read as zero while in sim_fpu_enter() */
#define SIM_MXCSR_RC 0x6000u
#define SIM_MXCSR_RTZ (0x6000u | 0x8000u | 0x0040u)
static inline unsigned sim_fpu_get(void) { return _mm_getcsr(); }
static inline void sim_fpu_set(unsigned v) { _mm_setcsr(v); }
/* The run's mode from the caller's: round toward zero, FTZ and DAZ. */
static inline unsigned sim_fpu_run_mode(unsigned v) { return v | SIM_MXCSR_RTZ; }
static inline unsigned sim_fpu_nearest(unsigned v) { return v & ~SIM_MXCSR_RC; }
#else
#define SIM_HOST_DAZ 0
static inline unsigned sim_fpu_get(void) { return (unsigned)fegetround(); }
static inline void sim_fpu_set(unsigned v) { fesetround((int)v); }
/* The run's mode: round-to-nearest (the SFU's; the ALU does not care). */
static inline unsigned sim_fpu_run_mode(unsigned v) { (void)v; return FE_TONEAREST; }
#endif

/* Puts the host in the run's mode (x86: round-toward-zero with flush-to-zero
 * and denormals-are-zero; elsewhere round-to-nearest, normally the mode it
 * is in already, so that nothing is written); sim_fpu_leave() restores. */
static inline void sim_fpu_enter(struct sim_fpu_env *env)
{
	unsigned run;
	env->saved = sim_fpu_get();
	run = sim_fpu_run_mode(env->saved);
	env->changed = run != env->saved;
	if (env->changed)
		sim_fpu_set(run);
}

static inline void sim_fpu_leave(const struct sim_fpu_env *env)
{
	if (env->changed)
		sim_fpu_set(env->saved);
}

/* For the few large functions whose loops run per lane or per instruction
 * (the run loop, the rasteriser): on 32-bit ARM, which runs under qemu-arm
 * (Mesa's process with this simulator inside), they start at a 4 KB page,
 * so that their hot loops lie in its pages the same way whatever code
 * precedes them (util/code_align.h says why; docs/PERFORMANCE.md,
 * "Evening, second round"). */
#define SIM_PAGE_ALIGN VC4_CODE_ALIGN(4096)

/* The 3D pipeline's hooks that compute in floating point (varyings,
 * texture requests: struct sim_qpu_hooks) are defined in round-toward-zero
 * (docs/sim.md, "ALU semantics"). The interpreter calls the texture hook
 * between sim_fpu_hook_enter() and sim_fpu_hook_leave(), the varying hook
 * uses them itself where it needs the mode: nothing to do on x86 (the run
 * is in that mode), a switch from the run's round-to-nearest elsewhere. */
static inline unsigned sim_fpu_hook_enter(void)
{
#if SIM_HOST_DAZ
	return 0;
#else
	unsigned saved = sim_fpu_get();
	sim_fpu_set(FE_TOWARDZERO);
	return saved;
#endif
}

static inline void sim_fpu_hook_leave(unsigned saved)
{
#if SIM_HOST_DAZ
	(void)saved;
#else
	sim_fpu_set(saved);
#endif
}

/* One ADD ALU op on 16 lanes: res = op(a, b); carry (0/1 per lane) is
 * written when not NULL. Reserved ops give 0. res and carry must not
 * overlap a or b (a and b may be the same vector). */
void sim_alu_add(enum qpu_op_add op, const uint32_t *a, const uint32_t *b,
		 uint32_t *restrict res, uint32_t *restrict carry);

/* One MUL ALU op on 16 lanes, as sim_alu_add(). */
void sim_alu_mul(enum qpu_op_mul op, enum sim_fmul_round round, const uint32_t *a,
		 const uint32_t *b, uint32_t *restrict res, uint32_t *restrict carry);

/* One SFU function of one value (float bits in, float bits out), or of 16
 * lanes: callable in any host rounding mode, which they leave as they
 * found it. sim_sfu_vec_rtz() is sim_sfu_vec() for a caller inside
 * sim_fpu_enter() (the interpreter: x86 in round-toward-zero, other hosts
 * in round-to-nearest), which saves switching modes. */
uint32_t sim_sfu(enum sim_sfu_func func, enum sim_sfu_model model, uint32_t x);
void sim_sfu_vec(enum sim_sfu_func func, enum sim_sfu_model model, const uint32_t *in,
		 uint32_t *out);
void sim_sfu_vec_rtz(enum sim_sfu_func func, enum sim_sfu_model model, const uint32_t *in,
		     uint32_t *out);

/* Regfile-A / r4 unpack of one value. `as_float` selects the float
 * conversion (16-bit float to float, unorm8 to [0,1]); otherwise integers
 * are extracted (16-bit sign-extended, 8-bit zero-extended). */
uint32_t sim_unpack(enum qpu_unpack mode, bool as_float, uint32_t x);

/* Regfile-A pack (PM = 0) of one ALU result. `wide` is the exact signed
 * result for the saturating modes; `is_float` selects float-to-half for
 * 16a/16b. Returns the bits to write; *mask gets the bits written (partial
 * writes keep the others). */
uint32_t sim_pack_a(enum qpu_pack_a mode, bool is_float, uint32_t x, int64_t wide,
		    uint32_t *mask);

/* MUL pack (PM = 1) of one MUL result: the result read as a float, clamped
 * to [0,1], to unorm8 (8888 replicates, 8a..8d write one byte), whatever
 * the MUL op was: `v8min x, x` packs a float too (docs/sim.md). */
uint32_t sim_pack_mul(enum qpu_pack_mul mode, uint32_t x, uint32_t *mask);

/* Float helpers shared with the tests. */
uint32_t sim_f32_to_f16(uint32_t f);  /* truncating, flushes denormals */
uint32_t sim_f16_to_f32(uint32_t h);  /* exact, flushes denormals */

#endif
