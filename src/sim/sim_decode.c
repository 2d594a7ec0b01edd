/*
 * sim_decode.c: decoding a program once into `struct sim_inst`: the form,
 * read and write kinds of each instruction (register meanings from the ISA
 * table in src/qpu/qpu_isa.h: qpu_raddrs, qpu_waddrs, qpu_small_imms,
 * qpu_*_ops; this file only maps each named register to what the simulator
 * does with it), and which execution path can run it, with its operands
 * resolved and its shape (docs/sim.md, "Execution model", "Shapes").
 */
#include <stdlib.h>
#include <string.h>

#include "sim_inst.h"

/* ---- decoding ----------------------------------------------------------- */

static bool illegal(struct sim_inst *in, const char *why)
{
	in->form = F_ILLEGAL;
	in->why = why;
	in->fast = in->periph = false;
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
	if (sim_sfu_func_of(id) >= 0) {
		*idx = (uint8_t)sim_sfu_func_of(id);
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

/* Decodes the fields of an ALU instruction d into in: ops, muxes, unpack,
 * reads, writes, pack, conditions and the fast-path plan. Returns false
 * (in marked illegal with its reason) for a reserved opcode, pack mode, read
 * or write address. */
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

/* A write to the VPM, its generic setup or its DMA. */
static bool vpm_write(unsigned wr)
{
	return wr == WR_VPM || wr == WR_VPM_SETUP || wr == WR_VPM_DMA;
}

/* The location of an operand read through mux `m` of a fast instruction: a
 * byte offset in struct sim_qpu (accumulator, register, constant vector,
 * the pipeline's per-lane inputs, or the buffer exec_periph() reads a
 * uniform or varying into; one uniform read by both files is one pop, read
 * from file A's buffer). */
static uint16_t fast_src(struct sim_inst *in, unsigned m)
{
	if (m == QPU_MUX_R4 && in->unpack && in->pm)
		return (uint16_t)offsetof(struct sim_qpu, r4unp);
	if (m <= QPU_MUX_R5)
		return (uint16_t)(offsetof(struct sim_qpu, acc) + m * 64);
	unsigned file = m == QPU_MUX_A ? QPU_FILE_A : QPU_FILE_B;
	unsigned rd = m == QPU_MUX_A ? in->rd_a : in->rd_b;
	unsigned idx = m == QPU_MUX_A ? in->ra : in->rb;
	switch (rd) {
	case RD_REG: return (uint16_t)(offsetof(struct sim_qpu, rf) + (file * 32 + idx) * 64);
	case RD_XPIX: return (uint16_t)offsetof(struct sim_qpu, x_pix);
	case RD_YPIX: return (uint16_t)offsetof(struct sim_qpu, y_pix);
	case RD_REV: return (uint16_t)offsetof(struct sim_qpu, rev_flag);
	case RD_MSF: return (uint16_t)offsetof(struct sim_qpu, ms_flags);
	case RD_UNIF:
		if (in->rd_a == RD_UNIF && in->rd_b == RD_UNIF)
			file = QPU_FILE_A;
		return (uint16_t)(offsetof(struct sim_qpu, rdbuf) + file * 64);
	case RD_VARY:
	case RD_VPM: return (uint16_t)(offsetof(struct sim_qpu, rdbuf) + file * 64);
	default: break;
	}
	unsigned k = rd == RD_ELEM ? SIM_KONST_ELEM : rd == RD_SIMM ? SIM_KONST_SIMM + idx
		   : SIM_KONST_ZERO;
	in->konst[file] = (uint8_t)k;
	return (uint16_t)(offsetof(struct sim_qpu, konst) + k * 64);
}

/* Whether unit u's write is a regfile A pack (PM=0) into a register of
 * file A: exec_periph() packs it (ST_PACK_A). */
static bool a_pack_reg(const struct sim_inst *in, unsigned u)
{
	return in->pack && !in->pm && in->wfile[u] == QPU_FILE_A && in->wr[u] == WR_REG;
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
		    (in->wr[u] == WR_SFU || in->wr[u] == WR_TMU || in->wr[u] == WR_TLB ||
		     vpm_write(in->wr[u])))
			in->store[u] = ST_PERIPH;
		if (!nop && in->cond[u] != QPU_COND_NEVER && u == 1 && in->pm && in->pack &&
		    (in->wr[u] == WR_REG || in->wr[u] == WR_ACC))
			in->store[u] = ST_PACK;
		if (!nop && in->cond[u] != QPU_COND_NEVER && u == 1 && in->pm && in->pack &&
		    in->wr[u] == WR_TLB)
			in->store[u] = ST_PACK_PERIPH;
		if (!nop && in->cond[u] != QPU_COND_NEVER && a_pack_reg(in, u))
			in->store[u] = ST_PACK_A;
		if (in->store[u] == ST_PACK || in->store[u] == ST_PACK_A)
			in->dst[u] = (uint16_t)(in->wr[u] == WR_REG
				? offsetof(struct sim_qpu, rf) + (in->wfile[u] * 32u + in->wi[u]) * 64
				: offsetof(struct sim_qpu, acc) + in->wi[u] * 64u);
		if (nop || !in->simple[u] || in->cond[u] == QPU_COND_NEVER)
			continue;
		in->store[u] = in->cond[u] == QPU_COND_ALWAYS ? ST_ALL : ST_MASK;
		in->dst[u] = (uint16_t)(in->wr[u] == WR_REG
			? offsetof(struct sim_qpu, rf) + (in->wfile[u] * 32u + in->wi[u]) * 64
			: offsetof(struct sim_qpu, acc) + in->wi[u] * 64u);
	}
}

/* The shape of a fast or peripheral-fast instruction (SIM_SHAPE(), 0 for
 * none): no setf, ops of the shape lists (v8min off x86 only as a mov,
 * both operands the same), each non-nop op stored to all lanes of a
 * register or accumulator. */
static uint8_t fast_shape(const struct sim_inst *in)
{
#define SIM_SHAPE_ADD_CODE(op) QPU_A_##op,
	static const uint8_t add_ops[] = { SIM_SHAPE_ADD_OPS(SIM_SHAPE_ADD_CODE) };
	static const uint8_t mul_ops[] = { QPU_M_NOP, QPU_M_FMUL, QPU_M_V8MIN };
	unsigned a = 0, m = 0;
	while (a < SIM_SHAPE_A_COUNT && add_ops[a] != in->op_add)
		a++;
	while (m < 3 && mul_ops[m] != in->op_mul)
		m++;
	/* off x86 the shapes' v8min is a mov: both operands the same vector */
	if (in->sf || a == SIM_SHAPE_A_COUNT || m == 3 ||
	    (SIM_SHAPE_DIRECT && m == 2 && in->src[2] != in->src[3]) ||
	    in->store[0] != (in->op_add == QPU_A_NOP ? ST_NONE : ST_ALL) ||
	    in->store[1] != (in->op_mul == QPU_M_NOP ? ST_NONE : ST_ALL))
		return 0;
	return (uint8_t)SIM_SHAPE(a, m);
}

/* Whether unit u's op is a copy of its first operand into a peripheral
 * or pack store (struct sim_inst's mov): the ADD's `or a, a`, the MUL's
 * `v8min a, a`; for the MUL also no register write of the ADD's (stored
 * first) may be that operand. */
static bool decode_mov(const struct sim_inst *in, unsigned u)
{
	bool copy = u ? in->op_mul == QPU_M_V8MIN && in->src[2] == in->src[3]
		      : in->op_add == QPU_A_OR && in->src[0] == in->src[1];
	if (!copy || in->store[u] < ST_PERIPH)
		return false;
	bool add_reg = in->store[0] != ST_NONE && in->store[0] != ST_PERIPH &&
		       in->store[0] != ST_PACK_PERIPH;
	return !u || !add_reg || in->dst[0] != in->src[2];
}

/* Whether the MUL unit's op is a `mov` (`v8min a, a`) whose colour pack
 * into every lane of a register or accumulator (ST_PACK, condition
 * always) can be stored before the ADD's op runs (half shape 3): the pack
 * reads its operand before anything is written, as every operand is read
 * first, so the ADD may read or write anything but the pack's
 * destination. */
static bool pack_first(const struct sim_inst *in)
{
	if (in->store[1] != ST_PACK || in->cond[1] != QPU_COND_ALWAYS ||
	    in->op_mul != QPU_M_V8MIN || in->src[2] != in->src[3])
		return false;
	return in->op_add == QPU_A_NOP ||
	       (in->dst[1] != in->src[0] && in->dst[1] != in->src[1] && in->dst[1] != in->dst[0]);
}

/* The half shape of a peripheral instruction (struct sim_inst's half):
 * one unit's op of the shape lists stored to all lanes of a register or
 * accumulator, the other a `mov` (decode_mov()); 1 for the ADD's, 2 for
 * the MUL's, 3 for the ADD's after the MUL's colour pack (pack_first()),
 * 0 for none. The MUL's mov is stored after the ADD's register
 * is written, so that register must not be its operand (decode_mov());
 * the ADD's mov is stored first, so it must write no register. */
static unsigned half_shape(const struct sim_inst *in)
{
	if (!SIM_SHAPE_DIRECT || in->sf)
		return 0;
	struct sim_inst t = *in;
	if (pack_first(in)) {
		t.op_mul = QPU_M_NOP, t.store[1] = ST_NONE;
		if (fast_shape(&t))
			return 3;
	}
	if ((in->mov & 2) && in->store[0] == ST_ALL) {
		t.op_mul = QPU_M_NOP, t.store[1] = ST_NONE;
		return fast_shape(&t) ? 1 : 0;
	}
	if ((in->mov & 1) && (in->store[0] == ST_PERIPH || in->store[0] == ST_PACK_PERIPH) &&
	    in->store[1] == ST_ALL) {
		t.op_add = QPU_A_NOP, t.store[0] = ST_NONE;
		return fast_shape(&t) ? 2 : 0;
	}
	return 0;
}

/* Whether a shaped instruction's ops can write their destinations while
 * they run (struct sim_inst's direct): the ADD result's register is none
 * of the four sources (the MUL op reads after it; the float ops' per-lane
 * rules reread their inputs after the vector is written) and the MUL
 * result's none of the MUL op's. Both writing one register leaves the MUL
 * result there, as the stores in unit order do. */
static bool shape_direct(const struct sim_inst *in)
{
	bool add = in->op_add != QPU_A_NOP, mul = in->op_mul != QPU_M_NOP;
	for (unsigned k = 0; k < 4; k++) {
		if (add && in->dst[0] == in->src[k] && (k < 2 || mul))
			return false;
		if (mul && k >= 2 && in->dst[1] == in->src[k])
			return false;
	}
	return true;
}

/* A half-shaped instruction's shape and direct flag: those of the
 * instruction with the other unit's op a NOP. */
static void decode_half(struct sim_inst *in)
{
	struct sim_inst t = *in;
	unsigned u = in->half != 2 ? 1 : 0;
	if (u)
		t.op_mul = QPU_M_NOP, t.store[1] = ST_NONE;
	else
		t.op_add = QPU_A_NOP, t.store[0] = ST_NONE;
	in->shape = fast_shape(&t);
	in->direct = shape_direct(&t);
}

/* True when unit `u`'s write has no effect beyond registers: none at all,
 * or a plain register/accumulator write. */
static bool plain_write(const struct sim_inst *in, unsigned u)
{
	bool nop = u == 0 ? in->op_add == QPU_A_NOP : in->op_mul == QPU_M_NOP;
	return nop || in->simple[u] || in->wr[u] == WR_NONE || in->wr[u] == WR_IGNORE;
}

/* plain_write(), a write to the SFU, a TMU or the VPM (data, setup, DMA)
 * without pack, a tile-buffer write, the MUL unit's PM=1 pack into a
 * register, an accumulator or the tile buffer (the colour packs), or a
 * regfile A pack (PM=0) into a register of file A. */
static bool periph_write(const struct sim_inst *in, unsigned u)
{
	bool mul_pack = u == 1 && in->pm && in->pack;
	bool a_pack = in->pack && !in->pm;
	if (mul_pack && (in->wr[u] == WR_REG || in->wr[u] == WR_ACC || in->wr[u] == WR_TLB))
		return true;
	if (a_pack_reg(in, u))
		return true;
	return plain_write(in, u) ||
	       (!in->pack && (in->wr[u] == WR_SFU || in->wr[u] == WR_TMU || vpm_write(in->wr[u]))) ||
	       (!a_pack && in->wr[u] == WR_TLB);
}

/* Reads exec_periph() makes: those of exec_fast(), the pipeline's per-lane
 * inputs, the uniform and varying FIFOs and VPM reads. */
static bool periph_read(unsigned rd)
{
	return rd == RD_REG || rd == RD_ZERO || rd == RD_ELEM || rd == RD_SIMM ||
	       rd == RD_XPIX || rd == RD_YPIX || rd == RD_REV || rd == RD_MSF || rd == RD_UNIF ||
	       rd == RD_VARY || rd == RD_VPM;
}

/* A read exec_periph() makes through read_fifo(): uniform, varying, VPM. */
static bool fifo_read(unsigned rd)
{
	return rd == RD_UNIF || rd == RD_VARY || rd == RD_VPM;
}

/* Whether a peripheral instruction's one FIFO read is a varying (through
 * one file, the other reading none): its C term can go to r5 at the read
 * (vary_now() in sim_qpu.c) instead of after the instruction, its ops
 * reading a copy of the old r5 instead (no peripheral instruction writes
 * r5: its writes are WR_R5Q/WR_R5R, taken by the general path). Off x86
 * only (SIM_SHAPE_DIRECT): on x86, whose run loop is not threaded, the
 * sphere frame took 5 % more instructions with it. */
static bool eager_varying(const struct sim_inst *in)
{
	return SIM_SHAPE_DIRECT && ((in->rd_a == RD_VARY && !fifo_read(in->rd_b)) ||
				    (in->rd_b == RD_VARY && !fifo_read(in->rd_a)));
}

/* An eager_varying() instruction's fifo bits: SIM_FIFO_VARY, and
 * SIM_FIFO_R5 when its ops read r5, those reads pointed at q->r5_prev. */
static void decode_eager_varying(struct sim_inst *in)
{
	const uint16_t r5 = (uint16_t)(offsetof(struct sim_qpu, acc) + 5 * 64);
	in->fifo |= SIM_FIFO_VARY;
	for (unsigned k = 0; k < 4; k++) {
		bool used = k < 2 ? in->op_add != QPU_A_NOP : in->op_mul != QPU_M_NOP;
		if (used && in->src[k] == r5) {
			in->src[k] = (uint16_t)offsetof(struct sim_qpu, r5_prev);
			in->fifo |= SIM_FIFO_R5;
		}
	}
}

/* Whether a peripheral instruction (decoded operands and stores) can run
 * inside a run of fast instructions: no signal, no r4 unpack, no FIFO read
 * but a uniform or a varying (eager_varying()), both stores to registers or
 * accumulators (or none; the MUL's a colour pack of half shape 3). Such an
 * instruction is a uniform pop or a varying read into q->rdbuf (when it
 * reads one), that pack, and then exec_fast()'s work: it neither reads
 * q->ip nor starts a delay. */
static bool run_periph(const struct sim_inst *in)
{
	bool unif_a = in->rd_a == RD_UNIF, unif_b = in->rd_b == RD_UNIF;
	return (in->sig == QPU_SIG_NONE || in->sig == QPU_SIG_SMALL_IMM) && !in->unpack &&
	       (eager_varying(in) ||
		((!fifo_read(in->rd_a) || unif_a) && (!fifo_read(in->rd_b) || unif_b))) &&
	       in->store[0] < ST_PERIPH && (in->store[1] < ST_PERIPH || in->half == 3);
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
		/* more reads, any signal, SFU/TMU/TLB/VPM writes, MUL packs, the
		 * r4 unpack (PM=1); no setf, no regfile A unpack, no rotation */
		in->periph = !in->fast && (!in->unpack || in->pm) && !in->rot &&
			     periph_read(in->rd_a) &&
			     periph_read(in->rd_b) && !in->sf && periph_write(in, 0) &&
			     periph_write(in, 1);
		if (in->fast || in->periph)
			decode_fast_operands(in);
		if (in->fast || in->periph)
			in->shape = fast_shape(in);
		if (SIM_SHAPE_DIRECT && in->periph)
			in->mov = (uint8_t)(decode_mov(in, 0) | decode_mov(in, 1) << 1);
		if (in->periph && !in->shape && (in->half = (uint8_t)half_shape(in)) != 0)
			decode_half(in);
		else
			in->direct = in->shape && shape_direct(in);
		for (unsigned u = 0; u < 2; u++)
			in->out[u] = in->direct ? in->dst[u]
				   : (uint16_t)(offsetof(struct sim_qpu, shape_out) + u * 64);
		if (in->periph)
			in->fifo = (uint8_t)((fifo_read(in->rd_a) ? SIM_FIFO_A : 0) |
					     (fifo_read(in->rd_b) && !(in->rd_b == RD_UNIF &&
								      in->rd_a == RD_UNIF)
						      ? SIM_FIFO_B : 0) |
					     (in->half == 3 ? SIM_FIFO_PACK : 0));
		if (in->periph && eager_varying(in))
			decode_eager_varying(in);
		in->in_run = in->periph && run_periph(in);
	} else {
		for (unsigned i = 0; i < 16; i++)
			in->vimm[i] = qpu_load_imm_elem((enum qpu_li_kind)in->li_kind, in->imm, i);
	}
}

/* A load immediate exec_li_periph() runs: no setf, no pack, each write a
 * plain one or to the VPM (data, setup, DMA); the stores as
 * decode_fast_operands() plans them for an ALU. */
static void decode_li_periph(struct sim_inst *in)
{
	in->periph = in->form == F_LI && !in->sf && !in->pack;
	for (unsigned u = 0; u < 2; u++)
		in->periph &= in->simple[u] || in->wr[u] == WR_NONE || in->wr[u] == WR_IGNORE ||
			      vpm_write(in->wr[u]);
	if (!in->periph)
		return;
	in->konst[0] = in->konst[1] = 0xff;
	for (unsigned u = 0; u < 2; u++) {
		in->store[u] = ST_NONE;
		if (in->cond[u] == QPU_COND_NEVER)
			continue;
		if (vpm_write(in->wr[u]))
			in->store[u] = ST_PERIPH;
		if (!in->simple[u])
			continue;
		in->store[u] = in->cond[u] == QPU_COND_ALWAYS ? ST_ALL : ST_MASK;
		in->dst[u] = (uint16_t)(in->wr[u] == WR_REG
			? offsetof(struct sim_qpu, rf) + (in->wfile[u] * 32u + in->wi[u]) * 64
			: offsetof(struct sim_qpu, acc) + in->wi[u] * 64u);
	}
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
		decode_li_periph(in);
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

/* Fills prog->rf_written: the register-file entries the instructions that
 * can run write. Execution without a branch ends at the first thread end
 * and its two delay slots (the words after it, often other code or data,
 * cannot run); with a branch before that, every decoded word counts. */
static void written_registers(struct sim_program *prog)
{
	uint32_t reach = prog->count;
	for (uint32_t i = 0; i < reach; i++) {
		const struct sim_inst *in = &prog->insts[i];
		if (in->form == F_BRANCH) {
			reach = prog->count;
			break;
		}
		if (reach == prog->count && in->form == F_ALU &&
		    (qpu_sigs[in->sig].flags & QPU_SIGF_PROG_END))
			reach = i + 3 < prog->count ? i + 3 : prog->count;
	}
	prog->rf_written[0] = prog->rf_written[1] = 0;
	for (uint32_t i = 0; i < reach; i++)
		for (unsigned u = 0; u < 2; u++)
			if (prog->insts[i].wr[u] == WR_REG)
				prog->rf_written[prog->insts[i].wfile[u] & 1] |=
					1u << (prog->insts[i].wi[u] & 31);
}

/* Decodes `count` words into prog (contract in sim_qpu.h): each word's
 * sim_inst, the lengths of the runs of fast instructions, the constants
 * the program reads and the registers it can write. Returns false, with
 * diag set, only when out of memory. */
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
		const struct sim_inst *nx = i + 1 < count ? &prog->insts[i + 1] : NULL;
		uint32_t next = nx ? nx->fast_run : 0;
		bool vary = in->fifo & SIM_FIFO_VARY, pop = (in->fifo & SIM_FIFO_READS) && !vary;
		if (in->fast || in->in_run) {
			/* the run goes on into the next one's, unless that is full
			 * (then a run of one) */
			const struct sim_inst *rest = next && next < 0xffff ? nx : NULL;
			in->fast_run = (uint16_t)(rest ? next + 1 : 1);
			in->unif_run = (uint16_t)((rest ? rest->unif_run : 0) + pop);
			in->vary_run = (uint16_t)((rest ? rest->vary_run : 0) + vary);
		}
		for (unsigned f = 0; f < 2; f++)
			if (in->konst[f] != 0xff)
				prog->konst_need[in->konst[f] / 32] |= 1u << (in->konst[f] % 32);
	}
	prog->count = count;
	written_registers(prog);
	return true;
}

void sim_program_fini(struct sim_program *prog)
{
	free(prog->insts);
	prog->insts = NULL;
	prog->count = 0;
}


uint32_t sim_program_extent(const uint8_t *code, uint32_t count)
{
	uint64_t need = 0;   /* every ip below this one may run */
	uint32_t stop = 0;   /* one past the delay slots of an end that ends it all */
	for (uint32_t ip = 0; ip < count; ip++) {
		uint64_t w;
		memcpy(&w, code + (size_t)ip * 8, 8);
		uint32_t sig = qpu_get_sig(w);
		if (sig == QPU_SIG_BRANCH) {
			if (qpu_get_br_reg(w) || !qpu_get_br_rel(w))
				return count;
			int64_t target = qpu_branch_target(ip, (int32_t)qpu_get_imm(w));
			uint64_t after = target >= 0 ? (uint64_t)target + 1 : 0;
			need = need > ip + 5u ? need : ip + 5u;
			need = need > after ? need : after;
			if (stop && need > stop)
				stop = 0;
		} else if (sig == QPU_SIG_PROG_END && need <= (uint64_t)ip + 3) {
			stop = ip + 3;
		}
		if (stop && ip + 1 >= stop)
			return stop < count ? stop : count;
	}
	return count;
}
