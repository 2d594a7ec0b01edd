/*
 * sim_qpu.h: the interpreter of one QPU: its state, the decoded program it
 * runs, and the peripherals it talks to (uniform stream, TMU direct reads,
 * SFU, VPM with its DMA, semaphores, mutex). Texture sampling, varyings and
 * the tile buffer are hooks for the 3D pipeline.
 *
 * A multi-QPU simulator owns up to 12 `struct sim_qpu` sharing one
 * `struct sim_shared` (VPM, semaphores, mutex) and one memory; it steps each
 * with sim_qpu_step() and retries QPUs that return SIM_BLOCKED.
 *
 * Semantics and sources: docs/sim.md.
 */
#ifndef VC4_SIM_QPU_H
#define VC4_SIM_QPU_H

#include <stdbool.h>
#include <stdint.h>

#include "qpu/qpu_isa.h"
#include "sim/sim_alu.h"
#include "sim/sim_memory.h"
#include "util/diag.h"

#define SIM_VPM_ROWS 64            /* rows of 16 words reachable by user programs */
#define SIM_VPM_WORDS (SIM_VPM_ROWS * 16)

/* Constant vectors the fast path reads like registers: zero, elem_num, and
 * the B-mux values of the 64 small-immediate codes. */
#define SIM_KONST_ZERO 0
#define SIM_KONST_ELEM 1
#define SIM_KONST_SIMM 2           /* + small-immediate code */
#define SIM_KONST_COUNT (SIM_KONST_SIMM + 64)

/* A program decoded once; the interpreter runs the cached form. */
struct sim_inst;
struct sim_program {
	struct sim_inst *insts;
	uint32_t count;
	uint32_t konst_need[(SIM_KONST_COUNT + 31) / 32]; /* constants the program reads */
	uint32_t rf_written[2];  /* per file: bit r set when an instruction may write rf r */
};

/* Decodes `count` instruction words. Never fails on bad words: illegal
 * instructions are reported when executed. Returns false only when out of
 * memory. */
bool sim_program_init(struct sim_program *prog, const uint64_t *words, uint32_t count,
		      struct vc4_diag *diag);
void sim_program_fini(struct sim_program *prog);

/* How many of the `count` little-endian words at `code` a program starting
 * there can run: through the delay slots of the first program end beyond
 * which no relative branch seen so far leads (a branch in those slots
 * counting too); all `count` when a register branch makes a target unknown
 * or no such end comes. Lets a caller copy and decode a shader, not the
 * memory after it. */
uint32_t sim_program_extent(const uint8_t *code, uint32_t count);

/* State shared by the QPUs of one V3D. */
struct sim_shared {
	uint32_t vpm[SIM_VPM_WORDS];
	/* The rows of vpm written through sim_vpm.c (bit r: row r) since its
	 * owner last cleared this: the 3D pipeline clears only those. */
	uint64_t rows_written;
	uint8_t sem[16];           /* semaphore counters, 0..15 */
	int mutex_owner;           /* QPU number holding the mutex, or -1 */
};
_Static_assert(SIM_VPM_ROWS <= 64, "sim_shared.rows_written has a bit per VPM row");
void sim_shared_init(struct sim_shared *shared);

struct sim_qpu;

/* One write to a TMU parameter register of a texture request, in write
 * order. Each (non-direct) write pops its texture configuration uniform
 * P0, P1, P2, P3 in turn from the uniform stream (docs/sim.md). */
enum sim_tmu_param { SIM_TMU_S, SIM_TMU_T, SIM_TMU_R, SIM_TMU_B };
struct sim_tmu_write {
	uint8_t param;             /* enum sim_tmu_param */
	uint32_t config;           /* the uniform this write popped */
	uint32_t val[16];          /* the value written (0 in lanes whose condition failed) */
};

/* Hooks for the parts of V3D outside the QPU. Each may be NULL: using the
 * feature then stops the run with an error naming it. Hooks return false
 * after filling `diag`. tmu_texture is called with the host in
 * round-toward-zero on every host (sim_fpu_hook_enter()); varying in the
 * run's mode (x86: round-toward-zero, elsewhere round-to-nearest), and
 * rounds as it needs itself. */
struct sim_qpu_hooks {
	void *user;
	/* A texture request: TMU `unit` got `n` (2..4) writes, w[n - 1] being
	 * the s write that dispatched it; fill result. */
	bool (*tmu_texture)(void *user, struct sim_qpu *q, unsigned unit,
			    const struct sim_tmu_write *w, unsigned n, uint32_t result[16],
			    struct vc4_diag *diag);
	/* A varying read: fill `out` with the value read and `c` with the C
	 * coefficient, which the QPU puts in r5 at the end of the reading
	 * instruction (that instruction's ALUs still see the old r5). */
	bool (*varying)(void *user, struct sim_qpu *q, uint32_t out[16], uint32_t c[16],
			struct vc4_diag *diag);
	/* Optional: how many more varying reads `varying` serves without
	 * failing. With it, varying reads may run inside runs of fast
	 * instructions (docs/sim.md), which assume they succeed. */
	uint32_t (*varyings_left)(void *user);
	/* A write to tile buffer register `reg` (QPU_REG_TLB_*). `lanes` has bit
	 * i set when lane i's write condition passed (a conditional colour
	 * write is how discard works); val is 0 in the other lanes. */
	bool (*tlb_write)(void *user, struct sim_qpu *q, enum qpu_reg_id reg,
			  const uint32_t val[16], uint16_t lanes, struct vc4_diag *diag);
	/* A tile buffer load signal into r4. */
	bool (*tlb_load)(void *user, struct sim_qpu *q, enum qpu_sig sig, uint32_t out[16],
			 struct vc4_diag *diag);
};

struct sim_qpu_options {
	enum sim_fmul_round fmul_round;  /* default SIM_FMUL_RTZ */
	enum sim_sfu_model sfu_model;    /* default SIM_SFU_15BIT */
	uint32_t qpu_num;                /* read through qpu_num; mutex owner id */
	uint32_t code_base;              /* GPU address of instruction 0 (branches, link) */
	bool general_only;               /* no fast path: every instruction through the
					  * general one (equivalence tests) */
};

enum sim_status {
	SIM_RUNNING = 0, /* the instruction completed; more to run */
	SIM_DONE,        /* thread end (and its delay slots) executed */
	SIM_BLOCKED,     /* waits on a semaphore or the mutex; nothing changed */
	SIM_ERROR,       /* stopped; diag says where and why */
	SIM_LIMIT,       /* sim_qpu_run(): instruction limit reached */
};

/* Generic VPM access setup (vr_setup / vw_setup, ID 0). */
struct sim_vpm_access {
	uint32_t addr;     /* ADDR field, advanced by stride per vector */
	uint8_t size;      /* 0 = 8, 1 = 16, 2 = 32 bits */
	bool laned, horiz;
	uint8_t stride;    /* 1..64 */
	uint8_t remaining; /* reads still to deliver (read setup only) */
};

struct sim_tmu {
	unsigned head, count;      /* of the FIFO in struct sim_qpu.tmu_fifo */
	unsigned nparams;          /* of struct sim_qpu.tmu_params */
};

struct sim_qpu {
	/* registers */
	uint32_t acc[6][16];                 /* r0..r5 */
	uint32_t rf[2][32][16];              /* [QPU_FILE_A/B][register][lane] */
	uint32_t cm[QPU_COND_COUNT][16];     /* write mask per condition: 0 or ~0 */

	/* program and control flow */
	const struct sim_program *prog;
	uint32_t ip;
	uint32_t br_pending, br_target, br_from; /* branch delay slots left */
	uint32_t end_pending;                     /* thread-end delay slots left */
	uint64_t instructions;                    /* executed so far */

	/* what x_pix / y_pix read per lane, and rev_flag (regfile B): 1 in a
	 * reverse-facing triangle's lanes, else 0 (set by the 3D pipeline for an
	 * FS; zero otherwise) */
	uint32_t x_pix[16], y_pix[16], rev_flag[16];
	/* ms_flags (regfile A 42): the lane's sample mask, set by the 3D
	 * pipeline for an FS (the covered samples) and written by the shader;
	 * the pipeline reads it back at the TLB tests (zero otherwise) */
	uint32_t ms_flags[16];

	/* r5 from a varying read (vary_c, below), stored at the end of the
	 * instruction */
	bool vary_c_pending;

	/* r4 producers: an SFU result (sfu_val, below) arrives when the delay
	 * ends */
	uint32_t sfu_delay;

	/* uniforms */
	const uint32_t *unif;
	uint32_t unif_count, unif_pos;
	bool unif_in_mem;
	uint32_t unif_addr;

	/* peripherals */
	struct sim_tmu tmu[2];
	bool tmu_noswap;
	uint32_t host_int;
	struct sim_vpm_access vpm_rd, vpm_wr;
	/* VPM segments: rows added to the generic read (input segment) and
	 * write (output segment) addresses; 0 and 0 for a plain QPU */
	uint32_t vpm_in_row, vpm_out_row;
	uint32_t vdw_setup, vdw_stride, vdr_setup, vdr_pitch;
	bool vdw_set, vdr_set;

	struct sim_memory *mem;
	struct sim_shared *shared;
	struct sim_qpu_hooks hooks;
	struct sim_qpu_options opt;
	/* Internal to the interpreter: the constant vectors (SIM_KONST_*) that
	 * have been filled in. */
	uint32_t konst_valid[(SIM_KONST_COUNT + 31) / 32];

	/* Not cleared by sim_qpu_init() (everything above is): storage that is
	 * written before it is read. */
	uint32_t tmu_fifo[2][QPU_TMU_FIFO_RESULTS][16]; /* results, valid per tmu[].head/count */
	struct sim_tmu_write tmu_params[2][3]; /* t, r, b written before s, valid
						* per tmu[].nparams */
	uint32_t vary_c[16];                 /* valid while vary_c_pending */
	uint32_t sfu_val[16];                /* valid while sfu_delay */
	struct sim_shared own_shared;        /* initialised when no shared state is given */
	uint32_t konst[SIM_KONST_COUNT][16]; /* filled on demand before a run */
	uint32_t rdbuf[2][16];               /* uniform, varying or VPM read per file
					      * (the peripheral fast path) */
	uint32_t r5_prev[16];                /* r5 before a varying read that writes
					      * its C term at once (sim_inst.h, fifo
					      * bit 4), for that instruction's ops */
	uint32_t r4unp[16];                  /* r4 through the PM=1 unpack (the
					      * peripheral fast path) */
	uint32_t shape_out[2][16];           /* shaped ops' results before their
					      * stores (sim_inst.h, SIM_SHAPE_DIRECT) */
	/* Per file: the registers that may be nonzero (sim_qpu_reinit()). */
	uint32_t rf_dirty[2];
};

/* The 16 lanes of physical register `id` (QPU_REG_RA0 + n or
 * QPU_REG_RB0 + n, qpu_reg_is_phys()), e.g. QPU_REG_FS_PAYLOAD_W. */
static inline uint32_t *sim_qpu_reg(struct sim_qpu *q, enum qpu_reg_id id)
{
	return id < QPU_REG_RB0 ? q->rf[QPU_FILE_A][id - QPU_REG_RA0]
				: q->rf[QPU_FILE_B][id - QPU_REG_RB0];
}

/* Prepares a QPU to run `prog` from instruction 0 with the uniform stream
 * `unif` (count words; copied by reference) over `mem`. `shared` may be NULL
 * (the QPU then owns its VPM and semaphores); `hooks` and `opt` may be NULL. */
void sim_qpu_init(struct sim_qpu *q, const struct sim_program *prog, struct sim_memory *mem,
		  const uint32_t *unif, uint32_t unif_count, struct sim_shared *shared,
		  const struct sim_qpu_hooks *hooks, const struct sim_qpu_options *opt);

/* sim_qpu_init() for a QPU that is already set up: the same state, but
 * only the register-file entries that may be nonzero are cleared: those the
 * programs run since the last sim_qpu_init() can write, and the fragment
 * payloads (QPU_REG_FS_PAYLOAD_W and _Z). The caller must have written no other register file
 * entry since then. q must come from sim_qpu_init(), sim_qpu_reinit() or be
 * all zero bytes. */
void sim_qpu_reinit(struct sim_qpu *q, const struct sim_program *prog, struct sim_memory *mem,
		    const uint32_t *unif, uint32_t unif_count, struct sim_shared *shared,
		    const struct sim_qpu_hooks *hooks, const struct sim_qpu_options *opt);

/* Executes one instruction. The caller must be inside sim_fpu_enter(). */
enum sim_status sim_qpu_step(struct sim_qpu *q, struct vc4_diag *diag);

/* Runs until thread end, an error, a block (reported as an error: one QPU
 * alone can never be released) or `max_instructions` executed
 * (SIM_LIMIT). Handles the host float environment itself. */
enum sim_status sim_qpu_run(struct sim_qpu *q, uint64_t max_instructions,
			    struct vc4_diag *diag);

/* The calling thread's host float mode (x86: MXCSR), for
 * sim_qpu_run_from(). */
unsigned sim_qpu_fpu_mode(void);

/* sim_qpu_run() for a caller that read its thread's float mode `mode` with
 * sim_qpu_fpu_mode() and has not changed it since (the 3D pipeline, once
 * per work item): the same, without reading the mode again per run. */
enum sim_status sim_qpu_run_from(struct sim_qpu *q, uint64_t max_instructions, unsigned mode,
				 struct vc4_diag *diag);

#endif
