/*
 * sim_qpu.c: the QPU interpreter: decoding a program once into `struct
 * sim_inst`, and executing it 16 lanes at a time.
 *
 * Register and peripheral meanings come from the ISA table (qpu_raddrs,
 * qpu_waddrs, qpu_small_imms, qpu_*_ops) in src/qpu/qpu_isa.h; this file only
 * maps each named register to what the simulator does with it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_lanes.h"
#include "sim_qpu.h"
#include "sim_vpm.h"

/* How an instruction reads raddr_a / raddr_b. */
enum sim_rd {
	RD_NONE, RD_REG, RD_ZERO, RD_UNIF, RD_VARY, RD_ELEM, RD_QPU, RD_VPM, RD_MUTEX,
	RD_SIMM, RD_XPIX, RD_YPIX, RD_REV, RD_MSF,
};

/* What a write address does. */
enum sim_wr {
	WR_NONE, WR_REG, WR_ACC, WR_R5Q, WR_R5R, WR_IGNORE, WR_UNIF_ADDR, WR_TMU_NOSWAP,
	WR_HOST_INT, WR_TLB, WR_VPM, WR_VPM_SETUP, WR_VPM_DMA, WR_MUTEX_REL, WR_SFU,
	WR_TMU, WR_MSF,
};

enum sim_form { F_ALU, F_LI, F_SEM, F_BRANCH, F_ILLEGAL };

/* How exec_fast() / exec_periph() store one ALU's result (ST_PERIPH: an SFU
 * or TMU write, exec_periph() only). */
enum sim_store { ST_NONE, ST_ALL, ST_MASK, ST_PERIPH };

static const uint32_t zero_vec[16];
static const uint32_t elem_vec[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

struct sim_inst {
	uint8_t form, sig;
	uint8_t op_add, op_mul;
	uint8_t mux[4];          /* add_a, add_b, mul_a, mul_b */
	uint8_t rd_a, rd_b, ra, rb;
	uint8_t wr[2], wi[2];    /* [0] = ADD, [1] = MUL: kind and index */
	uint8_t wfile[2];        /* file written by each ALU */
	uint8_t cond[2];
	uint8_t pack, unpack;
	bool sf, pm;
	uint8_t rot;             /* MUL rotation: 0 none, 1..15, 16 = by r5 */
	bool full_rot;           /* both MUL inputs from r0..r3 */
	uint8_t br_cond;
	bool br_rel, br_reg;
	uint8_t br_raddr;
	uint8_t li_kind;
	uint8_t sem_index;
	bool sem_dec;
	uint32_t imm;            /* LI value, small-immediate bits, branch target */
	bool simple[2];          /* plain register/accumulator write, no pack */
	bool may_block;          /* semaphore or mutex acquire */
	bool fast;               /* exec_fast() can run it (see decode_fast_paths) */
	bool periph;             /* exec_periph() can run it (see decode_fast_paths) */
	/* exec_fast() operands, resolved at decode time: byte offsets in struct
	 * sim_qpu of registers, accumulators or constant vectors (konst) */
	uint16_t src[4];         /* add_a, add_b, mul_a, mul_b */
	uint16_t dst[2];         /* destinations */
	uint8_t store[2];        /* ST_*: how each ALU's result is stored */
	uint16_t fast_run;       /* fast instructions from here on (1..65535), 0 if slow */
	uint8_t konst[2];        /* SIM_KONST_* read through A and B, or 0xff */
	uint32_t vimm[16];       /* small immediate or load-immediate lanes */
	const char *wname[2];    /* register names for hooks and messages */
	uint8_t wid[2];          /* enum qpu_reg_id of each destination */
	const char *why;         /* F_ILLEGAL: the reason */
};

/* ---- decoding ----------------------------------------------------------- */

static bool illegal(struct sim_inst *in, const char *why)
{
	in->form = F_ILLEGAL;
	in->why = why;
	return false;
}

/* The read kind of a register id, or RD_NONE for a reserved address. */
static uint8_t read_kind(enum qpu_reg_id id)
{
	if (qpu_reg_is_phys(id))
		return RD_REG;
	switch (id) {
	case QPU_REG_UNIFORM: return RD_UNIF;
	case QPU_REG_VARYING: return RD_VARY;
	case QPU_REG_VPM: return RD_VPM;
	case QPU_REG_MUTEX_ACQ: return RD_MUTEX;
	case QPU_REG_ELEM_NUM: return RD_ELEM;
	case QPU_REG_QPU_NUM: return RD_QPU;
	case QPU_REG_X_PIX: return RD_XPIX;
	case QPU_REG_Y_PIX: return RD_YPIX;
	case QPU_REG_REV_FLAG: return RD_REV;
	case QPU_REG_MS_FLAGS: return RD_MSF;
	case QPU_REG_NOP:
	case QPU_REG_VR_BUSY: case QPU_REG_VW_BUSY:
	case QPU_REG_VR_WAIT: case QPU_REG_VW_WAIT:
		return RD_ZERO;
	default: return RD_NONE;
	}
}

/* Fills the read kind of one raddr. */
static bool decode_read(struct sim_inst *in, enum qpu_file file, unsigned addr)
{
	uint8_t *kind = file == QPU_FILE_A ? &in->rd_a : &in->rd_b;
	uint8_t *idx = file == QPU_FILE_A ? &in->ra : &in->rb;
	*idx = (uint8_t)addr;
	*kind = read_kind(qpu_raddrs[file][addr].id);
	if (*kind == RD_NONE)
		return illegal(in, file == QPU_FILE_A ? "reserved read address on regfile A"
						      : "reserved read address on regfile B");
	return true;
}

/* The write kind of a register id (WR_NONE for nop), its index in *idx;
 * false for a reserved address. */
static bool write_kind(enum qpu_reg_id id, uint8_t *kind, uint8_t *idx)
{
	*idx = 0;
	if (qpu_reg_acc(id) >= 0) {
		*idx = (uint8_t)qpu_reg_acc(id);
		*kind = id == QPU_REG_R5_QUAD ? WR_R5Q : id == QPU_REG_R5_REP ? WR_R5R : WR_ACC;
		return true;
	}
	if (qpu_reg_tmu_unit(id) >= 0) {
		/* idx = unit * 4 + parameter (0 = s, 1 = t, 2 = r, 3 = b) */
		*idx = (uint8_t)(qpu_reg_tmu_unit(id) * 4 + qpu_reg_tmu_param(id));
		*kind = WR_TMU;
		return true;
	}
	if (qpu_reg_sfu_func(id) >= 0) {
		static const uint8_t func[4] = { SIM_SFU_RECIP, SIM_SFU_RECIPSQRT, SIM_SFU_EXP2,
						 SIM_SFU_LOG2 };
		*idx = func[qpu_reg_sfu_func(id)];
		*kind = WR_SFU;
		return true;
	}
	*kind = qpu_reg_is_tlb(id) ? WR_TLB : WR_NONE;
	switch (id) {
	case QPU_REG_NOP: break;
	case QPU_REG_TMU_NOSWAP: *kind = WR_TMU_NOSWAP; break;
	case QPU_REG_HOST_INT: *kind = WR_HOST_INT; break;
	case QPU_REG_UNIFORMS_ADDR: *kind = WR_UNIF_ADDR; break;
	case QPU_REG_QUAD_X: case QPU_REG_QUAD_Y: case QPU_REG_REV_FLAG:
		*kind = WR_IGNORE; break;
	case QPU_REG_MS_FLAGS: *kind = WR_MSF; break;
	case QPU_REG_VPM: *kind = WR_VPM; break;
	case QPU_REG_VR_SETUP: case QPU_REG_VW_SETUP:
		*kind = WR_VPM_SETUP; *idx = id == QPU_REG_VW_SETUP; break;
	case QPU_REG_VR_ADDR: case QPU_REG_VW_ADDR:
		*kind = WR_VPM_DMA; *idx = id == QPU_REG_VW_ADDR; break;
	case QPU_REG_MUTEX_RELEASE: *kind = WR_MUTEX_REL; break;
	default:
		return *kind == WR_TLB;
	}
	return true;
}

/* Fills the write kind of the ADD (unit 0) or MUL (unit 1) destination. */
static bool decode_write(struct sim_inst *in, unsigned unit, unsigned addr, bool ws)
{
	enum qpu_file file = qpu_waddr_file(unit == 1, ws);
	const struct qpu_reg_info *r = &qpu_waddrs[file][addr];
	in->wfile[unit] = (uint8_t)file;
	in->wname[unit] = r->name;
	in->wid[unit] = (uint8_t)r->id;
	if (r->flags & QPU_REGF_PHYS) {
		in->wr[unit] = WR_REG;
		in->wi[unit] = (uint8_t)addr;
		return true;
	}
	if (!write_kind(r->id, &in->wr[unit], &in->wi[unit]))
		return illegal(in, "reserved write address");
	return true;
}

static bool decode_alu(struct sim_inst *in, const struct qpu_inst *d)
{
	if (!qpu_add_ops[d->op_add].name)
		return illegal(in, "reserved ADD opcode");
	if (d->pm ? !qpu_packs_mul[d->pack].name : !qpu_packs_a[d->pack].name)
		return illegal(in, "reserved pack mode");
	in->op_add = (uint8_t)d->op_add;
	in->op_mul = (uint8_t)d->op_mul;
	in->mux[0] = (uint8_t)d->add_a;
	in->mux[1] = (uint8_t)d->add_b;
	in->mux[2] = (uint8_t)d->mul_a;
	in->mux[3] = (uint8_t)d->mul_b;
	in->unpack = d->unpack;
	if (!decode_read(in, QPU_FILE_A, d->raddr_a))
		return false;
	if (d->sig == QPU_SIG_SMALL_IMM) {
		const struct qpu_small_imm_info *si = &qpu_small_imms[d->raddr_b];
		in->rd_b = RD_SIMM;
		in->rb = d->raddr_b;
		in->imm = si->bits;
		for (int i = 0; i < 16; i++)
			in->vimm[i] = si->bits;
		if (si->kind == QPU_SMALL_IMM_ROT || si->kind == QPU_SMALL_IMM_ROT_R5) {
			in->rot = si->kind == QPU_SMALL_IMM_ROT ? si->rotate : 16;
			in->full_rot = d->mul_a <= QPU_MUX_R3 && d->mul_b <= QPU_MUX_R3;
		}
	} else if (!decode_read(in, QPU_FILE_B, d->raddr_b)) {
		return false;
	}
	return true;
}

/* The location of an operand read through mux `m` of a fast instruction: a
 * byte offset in struct sim_qpu (accumulator, register, constant vector). */
static uint16_t fast_src(struct sim_inst *in, unsigned m)
{
	if (m <= QPU_MUX_R5)
		return (uint16_t)(offsetof(struct sim_qpu, acc) + m * 64);
	unsigned file = m == QPU_MUX_A ? QPU_FILE_A : QPU_FILE_B;
	unsigned rd = m == QPU_MUX_A ? in->rd_a : in->rd_b;
	unsigned idx = m == QPU_MUX_A ? in->ra : in->rb;
	if (rd == RD_REG)
		return (uint16_t)(offsetof(struct sim_qpu, rf) + (file * 32 + idx) * 64);
	unsigned k = rd == RD_ELEM ? SIM_KONST_ELEM : rd == RD_SIMM ? SIM_KONST_SIMM + idx
		   : SIM_KONST_ZERO;
	in->konst[file] = (uint8_t)k;
	return (uint16_t)(offsetof(struct sim_qpu, konst) + k * 64);
}

/* Resolves the operands and destinations exec_fast() uses. */
static void decode_fast_operands(struct sim_inst *in)
{
	in->konst[0] = in->konst[1] = 0xff;
	for (unsigned i = 0; i < 4; i++)
		in->src[i] = fast_src(in, in->mux[i]);
	for (unsigned u = 0; u < 2; u++) {
		bool nop = u == 0 ? in->op_add == QPU_A_NOP : in->op_mul == QPU_M_NOP;
		in->store[u] = ST_NONE;
		if (!nop && in->cond[u] != QPU_COND_NEVER &&
		    (in->wr[u] == WR_SFU || in->wr[u] == WR_TMU))
			in->store[u] = ST_PERIPH;
		if (nop || !in->simple[u] || in->cond[u] == QPU_COND_NEVER)
			continue;
		in->store[u] = in->cond[u] == QPU_COND_ALWAYS ? ST_ALL : ST_MASK;
		in->dst[u] = (uint16_t)(in->wr[u] == WR_REG
			? offsetof(struct sim_qpu, rf) + (in->wfile[u] * 32u + in->wi[u]) * 64
			: offsetof(struct sim_qpu, acc) + in->wi[u] * 64u);
	}
}

/* True when unit `u`'s write has no effect beyond registers: none at all,
 * or a plain register/accumulator write. */
static bool plain_write(const struct sim_inst *in, unsigned u)
{
	bool nop = u == 0 ? in->op_add == QPU_A_NOP : in->op_mul == QPU_M_NOP;
	return nop || in->simple[u] || in->wr[u] == WR_NONE || in->wr[u] == WR_IGNORE;
}

/* plain_write(), or a write to the SFU or a TMU without pack. */
static bool periph_write(const struct sim_inst *in, unsigned u)
{
	return plain_write(in, u) ||
	       (!in->pack && (in->wr[u] == WR_SFU || in->wr[u] == WR_TMU));
}

/* Precomputes what the hot loop tests: plain writes, blocking reads, the
 * lanes of a load immediate. */
static void decode_fast_paths(struct sim_inst *in)
{
	for (unsigned u = 0; u < 2; u++) {
		bool packs = in->pack && (in->pm ? u == 1
					 : in->wfile[u] == QPU_FILE_A && in->wr[u] == WR_REG);
		in->simple[u] = (in->wr[u] == WR_REG || in->wr[u] == WR_ACC) && !packs;
	}
	if (in->form == F_ALU) {
		in->may_block = in->rd_a == RD_MUTEX || in->rd_b == RD_MUTEX;
		/* no side effects beyond registers and flags, no unpack, no rotation */
		bool plain_rd_a = in->rd_a == RD_REG || in->rd_a == RD_ZERO || in->rd_a == RD_ELEM;
		bool plain_rd_b = in->rd_b == RD_REG || in->rd_b == RD_ZERO ||
				  in->rd_b == RD_ELEM || in->rd_b == RD_SIMM;
		bool plain_rd = !in->unpack && !in->rot && plain_rd_a && plain_rd_b;
		in->fast = (in->sig == QPU_SIG_NONE || in->sig == QPU_SIG_SMALL_IMM) &&
			   plain_rd && plain_write(in, 0) && plain_write(in, 1);
		/* the same reads, any signal, SFU/TMU writes, no setf */
		in->periph = !in->fast && plain_rd && !in->sf && periph_write(in, 0) &&
			     periph_write(in, 1);
		if (in->fast || in->periph)
			decode_fast_operands(in);
	} else
		for (unsigned i = 0; i < 16; i++)
			in->vimm[i] = qpu_load_imm_elem((enum qpu_li_kind)in->li_kind, in->imm, i);
}

/* Decodes one word into the interpreter's form. */
static void decode_one(struct sim_inst *in, uint64_t word)
{
	struct qpu_inst d;
	qpu_decode(word, &d);
	memset(in, 0, sizeof(*in));
	in->sig = (uint8_t)d.sig;
	in->cond[0] = (uint8_t)d.cond_add;
	in->cond[1] = (uint8_t)d.cond_mul;
	in->sf = d.sf;
	in->pm = d.pm;
	in->pack = d.pack;
	if (!decode_write(in, 0, d.waddr_add, d.ws) || !decode_write(in, 1, d.waddr_mul, d.ws))
		return;
	switch (d.form) {
	case QPU_FORM_ALU:
		in->form = F_ALU;
		if (d.sig == QPU_SIG_SW_BREAKPOINT)
			illegal(in, "software breakpoint signal");
		else if (decode_alu(in, &d))
			decode_fast_paths(in);
		return;
	case QPU_FORM_LOAD_IMM:
		in->form = F_LI;
		in->li_kind = (uint8_t)d.li_kind;
		in->imm = d.imm;
		decode_fast_paths(in);
		if (!qpu_li_kinds[d.li_kind].name)
			illegal(in, "reserved load-immediate kind");
		else if (d.pm ? !qpu_packs_mul[d.pack].name : !qpu_packs_a[d.pack].name)
			illegal(in, "reserved pack mode");
		return;
	case QPU_FORM_SEMAPHORE:
		in->form = F_SEM;
		in->li_kind = QPU_LI_32;
		in->imm = d.imm;
		in->sem_dec = d.sem_dec;
		in->sem_index = d.sem_index;
		decode_fast_paths(in);
		in->may_block = true;
		return;
	case QPU_FORM_BRANCH:
		in->form = F_BRANCH;
		in->br_cond = (uint8_t)d.br_cond;
		in->br_rel = d.br_rel;
		in->br_reg = d.br_reg;
		in->br_raddr = d.br_raddr_a;
		in->imm = d.imm;
		if (!qpu_branch_conds[d.br_cond].name)
			illegal(in, "reserved branch condition");
		return;
	}
}

bool sim_program_init(struct sim_program *prog, const uint64_t *words, uint32_t count,
		      struct vc4_diag *diag)
{
	prog->count = 0;
	prog->insts = calloc(count ? count : 1, sizeof(*prog->insts));
	if (!prog->insts)
		return vc4_diag_set(diag, "out of memory decoding %u instructions", count);
	memset(prog->konst_need, 0, sizeof(prog->konst_need));
	for (uint32_t i = count; i-- > 0;) {
		struct sim_inst *in = &prog->insts[i];
		decode_one(in, words[i]);
		if (!in->fast && !in->periph)
			continue;
		uint32_t next = i + 1 < count ? prog->insts[i + 1].fast_run : 0;
		if (in->fast)
			in->fast_run = (uint16_t)(next < 0xffff ? next + 1 : 0xffff);
		for (unsigned f = 0; f < 2; f++)
			if (in->konst[f] != 0xff)
				prog->konst_need[in->konst[f] / 32] |= 1u << (in->konst[f] % 32);
	}
	prog->count = count;
	return true;
}

void sim_program_fini(struct sim_program *prog)
{
	free(prog->insts);
	prog->insts = NULL;
	prog->count = 0;
}

/* ---- state -------------------------------------------------------------- */

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

void sim_qpu_init(struct sim_qpu *q, const struct sim_program *prog, struct sim_memory *mem,
		  const uint32_t *unif, uint32_t unif_count, struct sim_shared *shared,
		  const struct sim_qpu_hooks *hooks, const struct sim_qpu_options *opt)
{
	/* Clears the registers and the control state only: the TMU FIFO slots
	 * are written before they are read, own_shared is set up only when it
	 * is used, konst[] is filled on demand (konst_valid says which). */
	memset(q, 0, offsetof(struct sim_qpu, tmu_fifo));
	set_cond_masks(q, zero_vec, zero_vec, zero_vec);
	q->prog = prog;
	q->mem = mem;
	q->unif = unif;
	q->unif_count = unif_count;
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

/* ---- errors ------------------------------------------------------------- */

static inline bool sim_host_little_endian(void)
{
	const uint16_t one = 1;
	uint8_t b;
	memcpy(&b, &one, 1);
	return b == 1;
}

void sim_mem_range_text(const struct sim_memory *mem, char *buf, unsigned size)
{
	snprintf(buf, size, "outside memory [0x%x, 0x%llx)", mem->base,
		 (unsigned long long)mem->base + mem->size);
}

/* Reads a word of memory for the uniform stream / TMU, or fails naming it. */
static bool mem_read_word(struct sim_qpu *q, const char *what, uint32_t addr, uint32_t *out,
			  struct vc4_diag *diag)
{
	const uint8_t *p = sim_memory_ptr(q->mem, addr, 4);
	if (!p) {
		char range[64];
		sim_mem_range_text(q->mem, range, sizeof(range));
		return vc4_diag_set(diag, "ip %u: %s at 0x%08x %s", q->ip, what, addr, range);
	}
	*out = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
	return true;
}

/* ---- reads -------------------------------------------------------------- */

/* Pops the next word of the uniform stream (`what` names the reader in
 * errors). */
static bool pop_uniform(struct sim_qpu *q, const char *what, uint32_t *v, struct vc4_diag *diag)
{
	if (q->unif_in_mem) {
		if (!mem_read_word(q, what, q->unif_addr, v, diag))
			return false;
		q->unif_addr += 4;
		return true;
	}
	if (q->unif_pos >= q->unif_count)
		return vc4_diag_set(diag, "ip %u: uniform stream overrun%s%s (%u uniforms given)",
				    q->ip, strcmp(what, "uniform read") ? " by " : "",
				    strcmp(what, "uniform read") ? what : "", q->unif_count);
	*v = q->unif[q->unif_pos++];
	return true;
}

static bool read_uniform(struct sim_qpu *q, uint32_t out[16], struct vc4_diag *diag)
{
	uint32_t v = 0;
	if (!pop_uniform(q, "uniform read", &v, diag))
		return false;
	for (int i = 0; i < 16; i++)
		out[i] = v;
	return true;
}

/* Produces the value of raddr kind `rd` (register index `idx`) in buf, or
 * points *src at the register itself. */
static inline bool read_src(struct sim_qpu *q, const struct sim_inst *in, unsigned rd,
			    unsigned file, unsigned idx, uint32_t *buf, const uint32_t **src,
			    struct vc4_diag *diag)
{
	*src = buf;
	switch (rd) {
	case RD_REG: *src = q->rf[file][idx]; return true;
	case RD_NONE:
	case RD_ZERO:
	case RD_MUTEX: *src = zero_vec; return true;
	case RD_SIMM: *src = in->vimm; return true;
	case RD_ELEM: *src = elem_vec; return true;
	case RD_XPIX: *src = q->x_pix; return true;
	case RD_YPIX: *src = q->y_pix; return true;
	case RD_REV: *src = q->rev_flag; return true;
	case RD_MSF: *src = q->ms_flags; return true;
	case RD_QPU:
		for (int i = 0; i < 16; i++)
			buf[i] = q->opt.qpu_num;
		return true;
	case RD_UNIF: return read_uniform(q, buf, diag);
	case RD_VPM: return sim_vpm_read(q, buf, diag);
	case RD_VARY:
		if (!q->hooks.varying)
			return vc4_diag_set(diag, "ip %u: varying read without a 3D pipeline", q->ip);
		/* r5 takes C when the instruction has executed (exec_alu()) */
		q->vary_c_pending = true;
		return q->hooks.varying(q->hooks.user, q, buf, q->vary_c, diag);
	}
	return false;
}

/* ---- writes ------------------------------------------------------------- */

/* dst = val where mask (lanes and bits). dst is a register or accumulator,
 * never a condition mask, so it aliases neither val nor lanes. Plain loops,
 * not memcpy: GCC vectorises them, but expands a 64-byte memcpy of a local
 * through general registers. */
static SIM_ALWAYS_INLINE void masked_store(uint32_t *restrict dst, const uint32_t *restrict val,
					   const uint32_t *restrict lanes, uint32_t bits)
{
	for (int i = 0; i < 16; i++) {
		uint32_t m = lanes[i] & bits;
		dst[i] = (dst[i] & ~m) | (val[i] & m);
	}
}

/* dst = val on all 16 lanes (the two do not overlap). */
static SIM_ALWAYS_INLINE void copy_lanes(uint32_t *restrict dst, const uint32_t *restrict val)
{
	for (int i = 0; i < 16; i++)
		dst[i] = val[i];
}

/* The words of a TMU direct read (addresses `val`, lanes `lanes`, 0 or ~0)
 * into `slot` when every active lane's word lies inside memory: one range
 * test over the 16 lanes, then plain loads; inactive lanes get 0. Returns
 * false, leaving `slot` untouched, when any active lane is outside: the
 * caller's per-lane path then reads the same words and names the first bad
 * address. Bytes as stored (the caller swaps them on a big-endian host). */
static SIM_ALWAYS_INLINE bool tmu_read_fast(const struct sim_memory *mem, const uint32_t *val,
					    const uint32_t *lanes, uint32_t *restrict slot)
{
	if (mem->size < 4)
		return false;
	uint32_t lim = mem->size - 4, off[16], bad = 0;
	for (int i = 0; i < 16; i++) {
		/* below base wraps to a huge offset; inactive lanes read offset 0 */
		off[i] = ((val[i] & ~3u) - mem->base) & lanes[i];
		bad |= (uint32_t)(off[i] > lim);
	}
	if (bad)
		return false;
	for (int i = 0; i < 16; i++) {
		uint32_t word;
		memcpy(&word, mem->bytes + off[i], 4);
		slot[i] = word & lanes[i];
	}
	return true;
}

/* A write to TMU parameter `idx` (unit * 4 + enum sim_tmu_param). t, r and
 * b queue a parameter; s dispatches: a texture request when parameters were
 * queued, else a direct memory read. Every write but a direct s pops its
 * texture configuration uniform (P0 for the first write, then P1..P3). */
SIM_CLONES
static bool write_tmu(struct sim_qpu *q, unsigned idx, const uint32_t *val, const uint32_t *lanes,
		      struct vc4_diag *diag)
{
	unsigned unit = idx / 4, param = idx % 4;
	struct sim_tmu *t = &q->tmu[unit];
	if (param != SIM_TMU_S && t->nparams >= 3)
		return vc4_diag_set(diag, "ip %u: TMU%u got more than 3 parameters before s",
				    q->ip, unit);
	if (param == SIM_TMU_S && t->count >= SIM_TMU_FIFO)
		return vc4_diag_set(diag, "ip %u: TMU%u request FIFO full (%u outstanding requests)",
				    q->ip, unit, SIM_TMU_FIFO);
	if (param != SIM_TMU_S || t->nparams) {
		struct sim_tmu_write w[4];
		unsigned n = t->nparams;
		memcpy(w, t->params, n * sizeof(w[0]));
		w[n].param = (uint8_t)param;
		memcpy(w[n].val, val, 64);
		if (!pop_uniform(q, "TMU configuration", &w[n].config, diag))
			return false;
		if (param != SIM_TMU_S) {
			t->params[t->nparams++] = w[n];
			return true;
		}
		t->nparams = 0;
		if (!q->hooks.tmu_texture)
			return vc4_diag_set(diag, "ip %u: TMU%u texture request without a texture unit",
					    q->ip, unit);
		uint32_t *slot = q->tmu_fifo[unit][(t->head + t->count) % SIM_TMU_FIFO];
		if (!q->hooks.tmu_texture(q->hooks.user, q, unit, w, n + 1, slot, diag))
			return false;
		t->count++;
		return true;
	}
	uint32_t *slot = q->tmu_fifo[unit][(t->head + t->count) % SIM_TMU_FIFO];
	if (q->opt.general_only || !tmu_read_fast(q->mem, val, lanes, slot))
		for (int i = 0; i < 16; i++) {
			const uint8_t *p = sim_memory_ptr(q->mem, val[i] & ~3u, 4);
			slot[i] = 0;
			if (p && lanes[i])
				memcpy(&slot[i], p, 4); /* little-endian host; see below */
			else if (lanes[i] &&
				 !mem_read_word(q, "TMU read", val[i] & ~3u, &slot[i], diag))
				return false;
		}
	if (!sim_host_little_endian())
		for (int i = 0; i < 16; i++)
			slot[i] = __builtin_bswap32(slot[i]);
	t->count++;
	return true;
}

static bool write_unif_addr(struct sim_qpu *q, uint32_t addr)
{
	q->unif_in_mem = true;
	q->unif_addr = addr;
	return true;
}

/* An SFU write of `v` (function `func`): r4 gets the result after the
 * instruction and two more (pending_tick()). */
static inline void sfu_start(struct sim_qpu *q, unsigned func, const uint32_t *v)
{
	sim_sfu_vec((enum sim_sfu_func)func, q->opt.sfu_model, v, q->sfu_val);
	q->sfu_delay = 3;
}

/* Peripheral write: lanes whose condition fails contribute 0 (docs/sim.md). */
static bool write_periph(struct sim_qpu *q, const struct sim_inst *in, unsigned unit,
			 const uint32_t *val, const uint32_t *lanes, struct vc4_diag *diag)
{
	uint32_t v[16];
	for (int i = 0; i < 16; i++)
		v[i] = val[i] & lanes[i];
	switch (in->wr[unit]) {
	case WR_UNIF_ADDR: return write_unif_addr(q, v[0]);
	case WR_TMU_NOSWAP: q->tmu_noswap = v[0] != 0; return true;
	case WR_HOST_INT: q->host_int |= v[0]; return true;
	case WR_TLB: {
		if (!q->hooks.tlb_write)
			return vc4_diag_set(diag, "ip %u: %s write without a tile buffer", q->ip,
					    in->wname[unit]);
		uint16_t mask = 0;
		for (int i = 0; i < 16; i++)
			mask |= (uint16_t)((lanes[i] ? 1u : 0u) << i);
		return q->hooks.tlb_write(q->hooks.user, q, (enum qpu_reg_id)in->wid[unit], v, mask,
					  diag);
	}
	case WR_VPM: return sim_vpm_write(q, v, diag);
	case WR_VPM_SETUP: return sim_vpm_setup(q, in->wi[unit] == 1, v[0], diag);
	case WR_VPM_DMA: return sim_vpm_dma(q, in->wi[unit] == 1, v[0], diag);
	case WR_MUTEX_REL:
		if (q->shared->mutex_owner == (int)q->opt.qpu_num)
			q->shared->mutex_owner = -1;
		return true;
	case WR_SFU:
		sfu_start(q, in->wi[unit], v);
		return true;
	case WR_TMU: return write_tmu(q, in->wi[unit], v, lanes, diag);
	default: return true;
	}
}

/* Writes `val` (bits `bits` of it) to the destination of `unit` in the lanes
 * of condition `cond`. */
static bool write_dest(struct sim_qpu *q, const struct sim_inst *in, unsigned unit,
		       unsigned cond, const uint32_t *val, uint32_t bits, struct vc4_diag *diag)
{
	const uint32_t *lanes = q->cm[cond];
	uint32_t rep[16];
	switch (in->wr[unit]) {
	case WR_NONE:
	case WR_IGNORE: return true;
	case WR_REG:
		if (cond == QPU_COND_ALWAYS && bits == ~0u)
			memcpy(q->rf[in->wfile[unit]][in->wi[unit]], val, 64);
		else
			masked_store(q->rf[in->wfile[unit]][in->wi[unit]], val, lanes, bits);
		return true;
	case WR_ACC:
		if (cond == QPU_COND_ALWAYS && bits == ~0u)
			memcpy(q->acc[in->wi[unit]], val, 64);
		else
			masked_store(q->acc[in->wi[unit]], val, lanes, bits);
		return true;
	case WR_R5Q:
	case WR_R5R:
		for (int i = 0; i < 16; i++)
			rep[i] = val[in->wr[unit] == WR_R5Q ? i & ~3 : 0];
		masked_store(q->acc[5], rep, lanes, bits);
		return true;
	case WR_MSF:
		masked_store(q->ms_flags, val, lanes, bits);
		return true;
	default:
		if (cond == QPU_COND_NEVER)
			return true;
		return write_periph(q, in, unit, val, lanes, diag);
	}
}

/* write_result() for everything but plain register writes. */
static bool write_result_slow(struct sim_qpu *q, const struct sim_inst *in, unsigned unit,
			      const uint32_t *res, const uint32_t *a, const uint32_t *b,
			      struct vc4_diag *diag)
{
	bool is_mul = unit == 1;
	bool packs = in->pack && (in->pm ? is_mul
				 : (in->wfile[unit] == QPU_FILE_A && in->wr[unit] == WR_REG));
	if (!packs)
		return write_dest(q, in, unit, in->cond[unit], res, ~0u, diag);
	bool is_float = in->form == F_ALU && (is_mul ? qpu_mul_ops[in->op_mul].float_out
						    : qpu_add_ops[in->op_add].float_out);
	uint32_t packed[16], bits = ~0u;
	for (int i = 0; i < 16; i++) {
		int64_t wide = (int32_t)res[i];
		if (in->form == F_ALU && !is_mul && in->op_add == QPU_A_ADD)
			wide = (int64_t)(int32_t)a[i] + (int32_t)b[i];
		else if (in->form == F_ALU && !is_mul && in->op_add == QPU_A_SUB)
			wide = (int64_t)(int32_t)a[i] - (int32_t)b[i];
		packed[i] = in->pm ? sim_pack_mul(in->pack, res[i], &bits)
				   : sim_pack_a(in->pack, is_float, res[i], wide, &bits);
	}
	return write_dest(q, in, unit, in->cond[unit], packed, bits, diag);
}

/* Applies pack and writes the result of `unit`. a, b are the ALU inputs (for
 * the saturating packs' exact result). */
static inline bool write_result(struct sim_qpu *q, const struct sim_inst *in, unsigned unit,
				const uint32_t *res, const uint32_t *a, const uint32_t *b,
				struct vc4_diag *diag)
{
	if (!in->simple[unit])
		return write_result_slow(q, in, unit, res, a, b, diag);
	uint32_t *dst = in->wr[unit] == WR_REG ? q->rf[in->wfile[unit]][in->wi[unit]]
					       : q->acc[in->wi[unit]];
	if (in->cond[unit] == QPU_COND_ALWAYS)
		memcpy(dst, res, 64);
	else
		masked_store(dst, res, q->cm[in->cond[unit]], ~0u);
	return true;
}

/* Updates Z, N, C from `res` in the lanes of `cond`: the set/clear masks of
 * the condition table are the flags themselves. Two loops (compute, store)
 * so that both vectorise. */
static SIM_ALWAYS_INLINE void set_flags(struct sim_qpu *q, unsigned cond, bool is_float,
					const uint32_t *res, const uint32_t *carry)
{
	uint32_t m[16], z[16], n[16], c[16];
	memcpy(m, q->cm[cond], 64);
	uint32_t zmask = is_float ? 0x7fffffffu : 0xffffffffu;
	for (int i = 0; i < 16; i++) {
		z[i] = ((0u - (uint32_t)((res[i] & zmask) == 0)) & m[i]) |
		       (q->cm[QPU_COND_ZS][i] & ~m[i]);
		n[i] = ((0u - (res[i] >> 31)) & m[i]) | (q->cm[QPU_COND_NS][i] & ~m[i]);
		c[i] = ((0u - carry[i]) & m[i]) | (q->cm[QPU_COND_CS][i] & ~m[i]);
	}
	for (int i = 0; i < 16; i++) {
		q->cm[QPU_COND_ZS][i] = z[i];
		q->cm[QPU_COND_ZC][i] = ~z[i];
		q->cm[QPU_COND_NS][i] = n[i];
		q->cm[QPU_COND_NC][i] = ~n[i];
		q->cm[QPU_COND_CS][i] = c[i];
		q->cm[QPU_COND_CC][i] = ~c[i];
	}
}

/* ---- execution ---------------------------------------------------------- */

static const uint32_t *unpacked(const struct sim_inst *in, const uint32_t *v, bool as_float,
				uint32_t *buf)
{
	for (int i = 0; i < 16; i++)
		buf[i] = sim_unpack(in->unpack, as_float, v[i]);
	return buf;
}

/* The operand of mux `m` for an op taking floats (`fl`) or integers. */
static inline const uint32_t *operand(struct sim_qpu *q, const struct sim_inst *in, unsigned m,
			       bool fl, const uint32_t *va, const uint32_t *vb, uint32_t *buf)
{
	if (m == QPU_MUX_A)
		return in->unpack && !in->pm ? unpacked(in, va, fl, buf) : va;
	if (m == QPU_MUX_B)
		return vb;
	if (m == QPU_MUX_R4 && in->unpack && in->pm)
		return unpacked(in, q->acc[4], true, buf);
	return q->acc[m];
}

static void rotate(uint32_t *dst, const uint32_t *src, unsigned n, bool full)
{
	for (unsigned i = 0; i < 16; i++)
		dst[i] = full ? src[(i - n) & 15] : src[(i & ~3u) | ((i - n) & 3)];
}

static bool exec_alu(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag)
{
	uint32_t bufa[16], bufb[16], ob[4][16], res[2][16], carry[16], rot[16];
	const uint32_t *va, *vb, *op[4] = { NULL, NULL, NULL, NULL };
	if (!read_src(q, in, in->rd_a, QPU_FILE_A, in->ra, bufa, &va, diag))
		return false;
	if (in->rd_a == RD_UNIF && in->rd_b == RD_UNIF)
		vb = va;
	else if (!read_src(q, in, in->rd_b, QPU_FILE_B, in->rb, bufb, &vb, diag))
		return false;
	const struct qpu_op_info *ai = &qpu_add_ops[in->op_add], *mi = &qpu_mul_ops[in->op_mul];
	unsigned flag_unit = in->op_add != QPU_A_NOP ? 0 : 1;
	bool want_c = in->sf && in->op_add + in->op_mul != 0;
	if (in->op_add != QPU_A_NOP) {
		op[0] = operand(q, in, in->mux[0], ai->float_in, va, vb, ob[0]);
		op[1] = operand(q, in, in->mux[1], ai->float_in, va, vb, ob[1]);
		sim_alu_add(in->op_add, op[0], op[1], res[0], want_c && flag_unit == 0 ? carry : NULL);
	}
	if (in->op_mul != QPU_M_NOP) {
		op[2] = operand(q, in, in->mux[2], mi->float_in, va, vb, ob[2]);
		op[3] = operand(q, in, in->mux[3], mi->float_in, va, vb, ob[3]);
		unsigned n = in->rot == 16 ? q->acc[5][0] & 15 : in->rot;
		if (n && in->full_rot) {
			/* both inputs are accumulators r0..r3, never ob[] */
			rotate(ob[2], op[2], n, true);
			rotate(ob[3], op[3], n, true);
			op[2] = ob[2];
			op[3] = ob[3];
		}
		sim_alu_mul(in->op_mul, q->opt.fmul_round, op[2], op[3], res[1],
			    want_c && flag_unit == 1 ? carry : NULL);
		if (n && !in->full_rot) {
			memcpy(rot, res[1], 64);
			rotate(res[1], rot, n, false);
			if (want_c && flag_unit == 1) {
				memcpy(rot, carry, 64);
				rotate(carry, rot, n, false);
			}
		}
	}
	if (in->op_add != QPU_A_NOP && !write_result(q, in, 0, res[0], op[0], op[1], diag))
		return false;
	if (in->op_mul != QPU_M_NOP && !write_result(q, in, 1, res[1], op[2], op[3], diag))
		return false;
	if (want_c)
		set_flags(q, in->cond[flag_unit], flag_unit ? mi->float_out : ai->float_out,
			  res[flag_unit], carry);
	if (q->vary_c_pending) {
		/* after this instruction's reads of r5 and its own writes */
		memcpy(q->acc[5], q->vary_c, 64);
		q->vary_c_pending = false;
	}
	return true;
}

/* Load immediate and semaphore: the immediate goes through both halves. */
static bool exec_li(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag)
{
	const uint32_t *v = in->vimm;
	if (!write_result(q, in, 0, v, v, zero_vec, diag) ||
	    !write_result(q, in, 1, v, v, zero_vec, diag))
		return false;
	if (in->sf) {
		unsigned unit = in->wr[0] != WR_NONE ? 0 : 1;
		set_flags(q, in->cond[unit], false, v, zero_vec);
	}
	return true;
}

static bool branch_taken(const struct sim_qpu *q, unsigned cond)
{
	if (cond == QPU_BR_ALWAYS)
		return true;
	/* 0/1 zs zc, 4/5 ns nc, 8/9 cs cc; +2 = any instead of all */
	static const uint8_t flag_cond[3] = { QPU_COND_ZS, QPU_COND_NS, QPU_COND_CS };
	const uint32_t *m = q->cm[flag_cond[cond / 4] ^ (cond & 1)];
	uint32_t any = 0, all = ~0u;
	for (int i = 0; i < 16; i++) {
		any |= m[i];
		all &= m[i];
	}
	return ((cond & 2) ? any : all) != 0;
}

static bool exec_branch(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag)
{
	if (q->br_pending)
		return vc4_diag_set(diag, "ip %u: branch in the delay slots of the branch at ip %u",
				    q->ip, q->br_from);
	if (!branch_taken(q, in->br_cond))
		return true;
	uint32_t link = q->opt.code_base + (q->ip + 4) * 8;
	uint32_t target = in->imm + (in->br_rel ? link : 0);
	if (in->br_reg)
		target += q->rf[QPU_FILE_A][in->br_raddr][15];
	uint32_t off = target - q->opt.code_base;
	if (target < q->opt.code_base || off % 8 || off / 8 >= q->prog->count)
		return vc4_diag_set(diag, "ip %u: branch target 0x%08x outside the program "
				    "[0x%x, 0x%llx)", q->ip, target, q->opt.code_base,
				    (unsigned long long)q->opt.code_base + q->prog->count * 8ull);
	for (unsigned u = 0; u < 2; u++) {
		if (in->wr[u] == WR_NONE)
			continue;
		uint32_t v[16];
		for (int i = 0; i < 16; i++)
			v[i] = link;
		if (!write_dest(q, in, u, QPU_COND_ALWAYS, v, ~0u, diag))
			return false;
	}
	q->br_pending = 4;
	q->br_target = off / 8;
	q->br_from = q->ip;
	return true;
}

/* Semaphore and mutex checks run first: a blocked instruction changes nothing. */
static bool blocks(struct sim_qpu *q, const struct sim_inst *in)
{
	if (in->form == F_SEM) {
		uint8_t c = q->shared->sem[in->sem_index];
		return in->sem_dec ? c == 0 : c == 15;
	}
	if (in->form == F_ALU && (in->rd_a == RD_MUTEX || in->rd_b == RD_MUTEX)) {
		int owner = q->shared->mutex_owner;
		return owner != -1;
	}
	return false;
}

static bool exec_signal(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag)
{
	const struct qpu_sig_info *s = &qpu_sigs[in->sig];
	if (s->flags & QPU_SIGF_TMU) {
		struct sim_tmu *t = &q->tmu[s->tmu];
		if (!t->count)
			return vc4_diag_set(diag, "ip %u: %s with no outstanding TMU%u request",
					    q->ip, s->name, s->tmu);
		memcpy(q->acc[4], q->tmu_fifo[s->tmu][t->head], 64);
		t->head = (t->head + 1) % SIM_TMU_FIFO;
		t->count--;
	} else if (s->flags & QPU_SIGF_TLB) {
		if (!q->hooks.tlb_load)
			return vc4_diag_set(diag, "ip %u: %s without a tile buffer", q->ip, s->name);
		if (!q->hooks.tlb_load(q->hooks.user, q, (enum qpu_sig)in->sig, q->acc[4], diag))
			return false;
	}
	if (s->flags & QPU_SIGF_PROG_END)
		q->end_pending = 3;
	return true;
}

/* The operand at byte offset `loc` (see fast_src()). */
static SIM_ALWAYS_INLINE const uint32_t *src_ptr(const struct sim_qpu *q, uint16_t loc)
{
	return (const uint32_t *)(const void *)((const char *)q + loc);
}

/* Stores one ALU result as decode_fast_operands() planned. */
static SIM_ALWAYS_INLINE void fast_store(struct sim_qpu *q, const struct sim_inst *in, unsigned u,
			      const uint32_t *res)
{
	uint32_t *dst = (uint32_t *)(void *)((char *)q + in->dst[u]);
	if (in->store[u] == ST_ALL)
		copy_lanes(dst, res);
	else if (in->store[u] == ST_MASK)
		masked_store(dst, res, q->cm[in->cond[u]], ~0u);
}

/* exec_fast() with setf: the ops with carry through the out-of-line
 * sim_alu_add()/sim_alu_mul() (inlining them twice more costs code size). */
static SIM_ALWAYS_INLINE void exec_fast_flags(struct sim_qpu *q, const struct sim_inst *in)
{
	uint32_t res[2][16], carry[16];
	bool add = in->op_add != QPU_A_NOP;
	if (add)
		sim_alu_add(in->op_add, src_ptr(q, in->src[0]), src_ptr(q, in->src[1]),
			    res[0], carry);
	if (in->op_mul != QPU_M_NOP)
		sim_alu_mul(in->op_mul, q->opt.fmul_round, src_ptr(q, in->src[2]),
			    src_ptr(q, in->src[3]), res[1], add ? NULL : carry);
	fast_store(q, in, 0, res[0]);
	fast_store(q, in, 1, res[1]);
	if (add)
		set_flags(q, in->cond[0], qpu_add_ops[in->op_add].float_out, res[0], carry);
	else if (in->op_mul != QPU_M_NOP)
		set_flags(q, in->cond[1], qpu_mul_ops[in->op_mul].float_out, res[1], carry);
}

/* An ALU instruction that only reads registers/constants and writes
 * registers/accumulators (decode_fast_paths()): operands and destinations
 * resolved at decode time, the op loops inlined. Same semantics as
 * exec_alu(); tests/sim/test_sim_fast.c compares the two. */
static SIM_ALWAYS_INLINE void exec_fast(struct sim_qpu *q, const struct sim_inst *in)
{
	if (in->sf) {
		exec_fast_flags(q, in);
		return;
	}
	uint32_t res[2][16];
	if (in->op_add != QPU_A_NOP)
		sim_lanes_add((enum qpu_op_add)in->op_add, src_ptr(q, in->src[0]),
			      src_ptr(q, in->src[1]), res[0], NULL);
	if (in->op_mul != QPU_M_NOP)
		sim_lanes_mul((enum qpu_op_mul)in->op_mul, q->opt.fmul_round,
			      src_ptr(q, in->src[2]), src_ptr(q, in->src[3]), res[1], NULL);
	fast_store(q, in, 0, res[0]);
	fast_store(q, in, 1, res[1]);
}

/* An instruction with exec_fast()'s reads (no setf) whose writes may also go
 * to the SFU or a TMU, with any signal (decode_fast_paths()): the ops as in
 * exec_fast(), then the writes in unit order and the signal, as exec_alu()
 * and exec() do them (same effects, same errors). */
static SIM_ALWAYS_INLINE bool exec_periph(struct sim_qpu *q, const struct sim_inst *in,
					  struct vc4_diag *diag)
{
	uint32_t res[2][16];
	if (in->op_add != QPU_A_NOP)
		sim_lanes_add((enum qpu_op_add)in->op_add, src_ptr(q, in->src[0]),
			      src_ptr(q, in->src[1]), res[0], NULL);
	if (in->op_mul != QPU_M_NOP)
		sim_lanes_mul((enum qpu_op_mul)in->op_mul, q->opt.fmul_round,
			      src_ptr(q, in->src[2]), src_ptr(q, in->src[3]), res[1], NULL);
	for (unsigned u = 0; u < 2; u++) {
		if (in->store[u] != ST_PERIPH) {
			fast_store(q, in, u, res[u]);
			continue;
		}
		/* write_periph() for these two kinds, the lane mask vectorised */
		const uint32_t *lanes = q->cm[in->cond[u]];
		uint32_t v[16];
		for (int i = 0; i < 16; i++)
			v[i] = res[u][i] & lanes[i];
		if (in->wr[u] == WR_SFU)
			sfu_start(q, in->wi[u], v);
		else if (!write_tmu(q, in->wi[u], v, lanes, diag))
			return false;
	}
	return in->sig == QPU_SIG_NONE || in->sig == QPU_SIG_SMALL_IMM ||
	       exec_signal(q, in, diag);
}

static bool exec(struct sim_qpu *q, const struct sim_inst *in, struct vc4_diag *diag)
{
	switch (in->form) {
	case F_ALU:
		if (!exec_alu(q, in, diag))
			return false;
		if (in->may_block) /* mutex acquire, checked free by blocks() */
			q->shared->mutex_owner = (int)q->opt.qpu_num;
		return in->sig == QPU_SIG_NONE || in->sig == QPU_SIG_SMALL_IMM ||
		       exec_signal(q, in, diag);
	case F_LI: return exec_li(q, in, diag);
	case F_SEM:
		q->shared->sem[in->sem_index] += in->sem_dec ? -1 : 1;
		return exec_li(q, in, diag);
	case F_BRANCH: return exec_branch(q, in, diag);
	default:
		return vc4_diag_set(diag, "ip %u: illegal instruction: %s", q->ip, in->why);
	}
}

/* The end of `k` instructions while an SFU result, a branch or a thread end
 * is pending: counts their delay down by k, no further than the nearest of
 * them (k <= pending_left()), so that each arrives after exactly the
 * instruction it would one at a time. Returns SIM_DONE at thread end. */
static enum sim_status pending_tick(struct sim_qpu *q, uint32_t k)
{
	if (q->sfu_delay && (q->sfu_delay -= k) == 0)
		memcpy(q->acc[4], q->sfu_val, 64);
	if (q->br_pending && (q->br_pending -= k) == 0)
		q->ip = q->br_target;
	if (q->end_pending && (q->end_pending -= k) == 0)
		return SIM_DONE;
	return SIM_RUNNING;
}

/* Instructions until the nearest pending SFU result, branch or thread end
 * (at least one of them is pending). */
static uint32_t pending_left(const struct sim_qpu *q)
{
	uint32_t m = UINT32_MAX;
	if (q->sfu_delay)
		m = q->sfu_delay;
	if (q->br_pending && q->br_pending < m)
		m = q->br_pending;
	if (q->end_pending && q->end_pending < m)
		m = q->end_pending;
	return m;
}

/* An instruction the fast path does not take. */
static enum sim_status exec_general(struct sim_qpu *q, const struct sim_inst *in,
				    struct vc4_diag *diag)
{
	if (in->may_block && blocks(q, in))
		return SIM_BLOCKED;
	return exec(q, in, diag) ? SIM_RUNNING : SIM_ERROR;
}

/* Fills the constant vectors `prog` reads that q does not have yet. */
static void fill_konst(struct sim_qpu *q, const struct sim_program *prog)
{
	for (unsigned k = 0; k < SIM_KONST_COUNT; k++) {
		uint32_t bit = 1u << (k % 32);
		if (!(prog->konst_need[k / 32] & bit) || (q->konst_valid[k / 32] & bit))
			continue;
		for (unsigned i = 0; i < 16; i++)
			q->konst[k][i] = k == SIM_KONST_ZERO ? 0 : k == SIM_KONST_ELEM ? i
				       : qpu_small_imms[k - SIM_KONST_SIMM].bits;
		q->konst_valid[k / 32] |= bit;
	}
}

/* Runs at most `max` instructions: SIM_LIMIT when they all ran without the
 * program ending, blocking or failing. The caller is inside sim_fpu_enter().
 * With opt.general_only every instruction takes the general path.
 * Fast instructions neither read q->ip nor start an SFU, branch or thread
 * end, so the loop keeps ip, the count and "something is pending" in locals
 * and syncs them around the general path, and a run of them ticks the
 * pending delays once (pending_tick()). */
SIM_CLONES
static enum sim_status run(struct sim_qpu *q, uint64_t max, struct vc4_diag *diag)
{
	const struct sim_program *prog = q->prog;
	const struct sim_inst *insts = prog->insts;
	const uint32_t count = prog->count;
	const bool fast_ok = !q->opt.general_only;
	for (unsigned w = 0; w < sizeof(prog->konst_need) / 4; w++)
		if (prog->konst_need[w] & ~q->konst_valid[w])
			fill_konst(q, prog);
	uint32_t ip = q->ip;
	uint64_t n = 0;
	enum sim_status st = SIM_LIMIT;
	bool pending = q->sfu_delay | q->br_pending | q->end_pending;
	while (n < max) {
		if (ip >= count) {
			vc4_diag_set(diag, "ip %u: outside the program (%u instructions)", ip, count);
			st = SIM_ERROR;
			break;
		}
		const struct sim_inst *in = &insts[ip];
		uint64_t len = 1;
		if (in->fast_run && fast_ok) {
			/* a run of fast instructions, while a delay counts no further
			 * than the instruction it ends after */
			len = in->fast_run;
			if (pending && pending_left(q) < len)
				len = pending_left(q);
			len = len < max - n ? len : max - n;
			for (const struct sim_inst *end = in + len; in < end; in++)
				exec_fast(q, in);
			ip += (uint32_t)len;
			n += len;
			if (!pending)
				continue;
		} else {
			q->ip = ip;
			if (in->periph && fast_ok)
				st = exec_periph(q, in, diag) ? SIM_RUNNING : SIM_ERROR;
			else if (in->form == F_BRANCH && fast_ok) /* never blocks */
				st = exec_branch(q, in, diag) ? SIM_RUNNING : SIM_ERROR;
			else
				st = exec_general(q, in, diag);
			if (st != SIM_RUNNING)
				break;
			st = SIM_LIMIT;
			ip++;
			n++;
			pending = q->sfu_delay | q->br_pending | q->end_pending;
			if (!pending)
				continue;
		}
		q->ip = ip;
		enum sim_status t = pending_tick(q, (uint32_t)len);
		ip = q->ip;
		pending = q->sfu_delay | q->br_pending | q->end_pending;
		if (t == SIM_DONE) {
			st = SIM_DONE;
			break;
		}
	}
	q->ip = ip;
	q->instructions += n;
	return st;
}

enum sim_status sim_qpu_step(struct sim_qpu *q, struct vc4_diag *diag)
{
	enum sim_status st = run(q, 1, diag);
	return st == SIM_LIMIT ? SIM_RUNNING : st;
}

/* Names what a blocked instruction waits for. */
static void blocked_error(struct sim_qpu *q, struct vc4_diag *diag)
{
	const struct sim_inst *in = &q->prog->insts[q->ip];
	if (in->form == F_SEM)
		vc4_diag_set(diag, "ip %u: semaphore %u %s blocks forever (count %u, one QPU)",
			     q->ip, in->sem_index, in->sem_dec ? "acquire" : "release",
			     q->shared->sem[in->sem_index]);
	else
		vc4_diag_set(diag, "ip %u: mutex acquire blocks forever (held by QPU %d)", q->ip,
			     q->shared->mutex_owner);
}

enum sim_status sim_qpu_run(struct sim_qpu *q, uint64_t max_instructions,
			    struct vc4_diag *diag)
{
	struct sim_fpu_env env;
	enum sim_status st = SIM_RUNNING;
	sim_fpu_enter(&env);
	st = run(q, max_instructions, diag);
	sim_fpu_leave(&env);
	if (st == SIM_BLOCKED) {
		blocked_error(q, diag);
		st = SIM_ERROR;
	}
	return st;
}
