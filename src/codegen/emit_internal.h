/*
 * emit_internal.h: what the emitter's files share — the unscheduled QPU
 * instruction ("node") that instruction selection produces, the facts the
 * scheduler and the pairing code read off an instruction word, and the entry
 * points of each stage (select, merge, schedule, finish).
 * Not a public header: see qpu_emit.h.
 */
#ifndef VC4_CODEGEN_EMIT_INTERNAL_H
#define VC4_CODEGEN_EMIT_INTERNAL_H

#include "codegen/qpu_emit.h"

/* Node flags. */
#define EN_BRANCH   (1u << 0)  /* relative branch to `target` (a block) */
#define EN_THRSW    (1u << 1)  /* thread switch: a barrier, its signal is hoisted */
#define EN_NO_MERGE (1u << 2)  /* exact encoding required (kernel-checked forms) */
#define EN_TMU_S    (1u << 3)  /* submits a TMU request (latency source) */
#define EN_TMU_LOAD (1u << 4)  /* pops a TMU result */
#define EN_TLB      (1u << 5)  /* tile-buffer access: scheduled late */

/* One unpaired QPU instruction chosen for a QIR instruction. */
struct emit_node {
	uint64_t word;      /* the instruction (one ALU half, a signal, LI or branch) */
	uint64_t alt;       /* the same operation on the other ALU, 0 = none */
	int32_t unif;       /* uniform pool index it consumes (TMU sideband too), -1 */
	uint32_t target;    /* EN_BRANCH: target block index */
	uint32_t flags;     /* EN_* */
};

struct emit_block {
	VC4_ARRAY(struct emit_node) nodes;
};

/* Facts about one instruction word, derived from the ISA table (bit fields:
 * the scheduler keeps two per node of a block). */
struct emit_facts {
	uint8_t rd_acc, wr_acc;      /* bit i: r_i read / written (r4 by signals
				      * and SFU writes, r5 by varying reads) */
	int8_t rd_ra, rd_rb;         /* regfile register read (operand in use), -1 */
	int8_t wr_ra, wr_rb;         /* regfile register written, -1 */
	uint8_t periph;              /* closely coupled peripheral accesses */
	union {
		struct {
			bool rd_flags : 1, wr_flags : 1;
			bool rd_unif : 1;            /* pops a uniform (TMU config writes included) */
			bool wr_unif_addr : 1;       /* uniforms_addr write */
			bool vpm : 1;                /* VPM read/write/setup */
			bool vpm_rd : 1;             /* pops a VPM value (raddr) */
			bool vpm_wr : 1;             /* writes VPM data */
			bool vpm_rs : 1, vpm_ws : 1; /* writes the VPM read / write setup */
			bool vpm_other : 1;          /* DMA, status: every other VPM access */
			bool vary : 1;               /* varying read */
			bool tmu_write : 1, tmu_load : 1;
			bool tlb : 1;                /* tile-buffer access or ms_flags */
			bool tlb_z : 1, rd_ms_flags : 1;
			bool sfu : 1;                /* SFU write */
			bool r4_sig : 1;             /* signal loading r4 */
			bool fifo : 1;               /* uniform/varying/VPM access (thread-end rule) */
			bool r14 : 1;                /* reads or writes address 14 of either file */
			bool is_alu : 1;             /* ALU form */
			bool uses_add : 1, uses_mul : 1;  /* the half does something */
		};
		uint32_t bits;   /* all the flags above at once: emit_facts() ORs
				  * the facts of an instruction's parts */
	};
};

void emit_facts(uint64_t word, struct emit_facts *f);

/* qpu_select.c: QIR (after allocation) → per-block nodes. `blocks` has
 * c->blocks.len entries, zeroed by the caller. */
bool emit_select(const struct qir_compile *c, const struct qir_ra_result *ra,
		 struct emit_block *blocks, struct vc4_diag *diag);

/* emit_fuse.c: in a block's selected nodes, a lone `mov rN, vpm` and the
 * first later reader of rN when that is a lone move into an SFU register
 * become one word reading the VPM once in both halves (`mov rN, vpm ; mov
 * sfu_recip, vpm`), where nothing in between writes rN or an SFU register,
 * or reads or loads r4; or, when rN has exactly two readers (one per ALU
 * half) and is written again after them (or `last`: the program's last
 * block), the read and both readers become one word reading the VPM in
 * both halves (`mov vpm, vpm ; fmul r3, vpm, unif`). */
void emit_fuse_block(struct emit_block *blk, bool last);

/* qpu_merge.c: pairs two unpaired instructions into one word; false when
 * they cannot share an instruction. `alt_a`/`alt_b` (0 = none) are the
 * other-ALU forms the merge may use instead. */
bool emit_merge(uint64_t a, uint64_t alt_a, uint64_t b, uint64_t alt_b, uint64_t *out);

/* Whether two VPM accesses may share an instruction: one only pops a VPM
 * value, the other only writes VPM data (the read and write paths are
 * apart; no setup beside a data access, no two setups, no two pops:
 * docs/check.md "vpm-setup-conflict"; Mesa's vc4 scheduler orders VPM
 * reads and writes apart too). */
bool emit_vpm_pair(const struct emit_facts *fx, const struct emit_facts *fy);

/* A word offered for pairing, with its other-ALU form (0 = none) and the
 * facts of both (emit_facts(); falt unused when alt is 0). */
struct emit_pairable {
	uint64_t word, alt;
	const struct emit_facts *f, *falt;
};

/* emit_merge() with the facts known: the same answer and word. The facts
 * rule most pairs out first; the rest merge on the words' fields (nothing
 * is decoded). */
bool emit_merge_facts(const struct emit_pairable *a, const struct emit_pairable *b,
		      uint64_t *out);

/* One scheduled instruction of the whole program. */
struct emit_out {
	uint64_t word;
	int32_t unif;        /* uniform pool index consumed, -1 */
	uint32_t branch_to;  /* branch: target block, else QIR_NONE */
};

/* The facts of a few words by value (emit_facts() is a pure function of the
 * word): the scheduler asks for the last two emitted words every cycle. */
#define EMIT_MEMO 4
struct emit_memo {
	uint64_t word[EMIT_MEMO];
	struct emit_facts f[EMIT_MEMO];
	uint8_t used, next;   /* entries filled; the one replaced next */
};

/* emit_hazards.h: emit_facts_memo(), emit_memo_put() (inline). */

struct emit_prog {
	VC4_ARRAY(struct emit_out) out;
	struct emit_memo memo;   /* facts of words emitted or about to be */
	struct emit_memo recent; /* facts of the last words emitted only (the
				  * pairing candidates would push them out of memo) */
	uint32_t *block_ip;  /* per block: ip of its first instruction */
	uint32_t cycles;     /* estimated cycles (instructions + stalls) */
	uint32_t pairs;      /* instructions with both ALUs busy */
	bool fs;             /* fragment shader (scoreboard rules) */
	uint32_t last_thrsw; /* ip of the last thread switch, UINT32_MAX = none */
};

/* qpu_schedule.c: schedules block `bi` and appends it to `p`. */
bool emit_schedule_block(const struct emit_block *blk, uint32_t bi, struct emit_prog *p,
			 struct vc4_diag *diag);

/* Whether a word may directly follow the instructions already emitted
 * (regfile, r4/SFU, uniform-reset, TLB Z / ms_flags and first-instruction
 * rules against the previous two words), in two steps for the scheduler's
 * candidates of one cycle: the facts of the last two words once, then each
 * candidate with its facts. */
struct emit_recent {
	size_t len;                  /* words emitted so far */
	struct emit_facts prev[2];   /* [0]: the last one, [1]: the one before */
};
/* emit_hazards.h: emit_recent_get(), emit_legal_after() (inline). */

/* qpu_finish.c: thread end, last thread switch, branch targets. */
bool emit_finish(struct emit_prog *p, uint32_t nblocks, struct vc4_diag *diag);

#endif
