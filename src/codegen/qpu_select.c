/*
 * qpu_select.c: instruction selection — each QIR instruction (after register
 * allocation) becomes one or more unpaired QPU instructions ("nodes"): ALU
 * ops on their unit (with the other unit's form kept for pairing when the op
 * has one), load immediates, SFU/TMU/TLB protocol pieces with their r4
 * results, thread switches, branches and uniform resets. Operands are placed
 * by select_operands.c.
 */
#include "codegen/select_internal.h"
#include "util/code_align.h"

/* `or waddr, src, src` (fmax when the source unpacks as a float), no cond. */
static bool emit_mov_to(struct sel *s, unsigned waddr, int ws, struct qir_reg src, bool float_in,
			int32_t unif, uint32_t flags)
{
	struct opnd o;
	struct placed p;
	if (!sel_operand(s, src, &o) || !sel_place(s, &o, 1, -1, float_in, &p))
		return false;
	p.mux[1] = p.mux[0];
	enum qpu_op_add op = float_in && p.unpack ? QPU_A_FMAX : QPU_A_OR;
	uint64_t w = sel_alu_word(QPU_UNIT_ADD, op, waddr, ws, &p, QPU_COND_ALWAYS, false);
	uint64_t alt = 0;
	if (op == QPU_A_OR && !p.unpack && !(flags & EN_NO_MERGE))
		alt = sel_alu_word(QPU_UNIT_MUL, QPU_M_V8MIN, waddr, ws < 0 ? -1 : !ws, &p,
				   QPU_COND_ALWAYS, false);
	return sel_push(s, w, alt, unif >= 0 ? unif : p.unif, flags);
}

/* The destination of an r4 result: nothing when it already lives in r4 (or
 * nowhere) and no flags or condition apply, else `mov dst, r4`. */
static bool emit_r4_result(struct sel *s)
{
	const struct qir_inst *in = s->inst;
	struct qir_phys_reg p = { QIR_PHYS_NONE, 0 };
	if (in->dst.file == QIR_FILE_TEMP && in->dst.index < s->c->num_temps)
		p = s->ra->temps[in->dst.index];
	bool plain = in->cond == QPU_COND_ALWAYS && !in->sf && !in->pack;
	if (plain && (p.file == QIR_PHYS_NONE || (p.file == QIR_PHYS_ACC && p.index == 4)))
		return true;
	if (p.file == QIR_PHYS_ACC && p.index == 4)
		return sel_error(s, "conditional r4 result allocated to r4");
	unsigned waddr;
	int ws;
	if (!sel_dest(s, in->dst, false, &waddr, &ws))
		return false;
	struct placed pl = { .mux = { QPU_MUX_R4, QPU_MUX_R4 }, .raddr_a = QPU_R_NOP,
			     .raddr_b = QPU_R_NOP, .unif = -1 };
	uint64_t w = sel_alu_word(QPU_UNIT_ADD, QPU_A_OR, waddr, ws, &pl, in->cond, in->sf);
	w = qpu_set_pack(w, in->pack);
	uint64_t alt = 0;
	if (!in->pack)
		alt = sel_alu_word(QPU_UNIT_MUL, QPU_M_V8MIN, waddr, ws < 0 ? -1 : !ws, &pl,
				   in->cond, in->sf);
	return sel_push(s, w, alt, -1, 0);
}

/* Emits the current load-immediate instruction (32-bit or per-element kind)
 * as one word with its destination and condition; false with an error when
 * the source is no immediate or the destination cannot be written. */
static bool emit_load_imm(struct sel *s)
{
	const struct qir_inst *in = s->inst;
	static const enum qpu_li_kind kinds[] = {
		[QIR_OP_LOAD_IMM] = QPU_LI_32, [QIR_OP_LOAD_IMM_U2] = QPU_LI_PER_ELEM_UNSIGNED,
		[QIR_OP_LOAD_IMM_I2] = QPU_LI_PER_ELEM_SIGNED,
	};
	if (in->src[0].file != QIR_FILE_IMM)
		return sel_error(s, "load immediate without an immediate");
	unsigned waddr;
	int ws;
	if (!sel_dest(s, in->dst, false, &waddr, &ws))
		return false;
	if (waddr == QPU_W_NOP && !in->sf)
		return true;
	uint64_t w = qpu_load_imm(kinds[in->op], waddr, QPU_W_NOP, in->src[0].index);
	if (waddr != QPU_W_NOP)
		w = qpu_set_cond_add(w, in->cond);
	w = qpu_set_ws(w, ws > 0);
	w = qpu_set_sf(w, in->sf);
	w = qpu_set_pack(w, in->pack);
	return sel_push(s, w, 0, -1, 0);
}

/* An ALU op: ADD or MUL form (and the other one for pairing when it exists
 * and nothing unit-specific is involved). */
VC4_CODE_ALIGN(4096)
static bool emit_alu(struct sel *s, unsigned add_op, unsigned mul_op, unsigned nsrc,
		     uint32_t flags)
{
	const struct qir_inst *in = s->inst;
	const struct qir_op_info *info = &qir_ops[in->op];
	bool on_mul = add_op == QPU_A_NOP || (in->pack && in->pack_mul);
	int pack_pm = in->pack ? in->pack_mul : -1;
	struct opnd o[2];
	struct placed p;
	if (on_mul && mul_op == QPU_M_NOP)
		return sel_error(s, "MUL pack on an op the MUL unit cannot run");
	for (unsigned i = 0; i < nsrc; i++)
		if (!sel_operand(s, in->src[i], &o[i]))
			return false;
	if (in->op == QIR_OP_VARY_ADD_C) {     /* src0 + the C coefficient in r5 */
		o[1] = (struct opnd){ .file = OF_ACC, .mux = QPU_MUX_R5, .unif = -1 };
		nsrc = 2;
	}
	if (!sel_place(s, o, nsrc, pack_pm, info->flags & QIR_OPF_FLOAT_IN, &p))
		return false;
	if (nsrc == 1)
		p.mux[1] = p.mux[0];
	unsigned waddr;
	int ws;
	if (!sel_dest(s, in->dst, on_mul, &waddr, &ws))
		return false;
	uint64_t w = sel_alu_word(on_mul ? QPU_UNIT_MUL : QPU_UNIT_ADD, on_mul ? mul_op : add_op,
				  waddr, ws, &p, in->cond, in->sf);
	if (in->pack)
		w = qpu_set_pm(qpu_set_pack(w, in->pack), in->pack_mul);
	uint64_t alt = 0;
	if (!on_mul && mul_op != QPU_M_NOP && !in->pack && !p.unpack && !(flags & EN_NO_MERGE)) {
		unsigned wm;
		int wsm;
		if (!sel_dest(s, in->dst, true, &wm, &wsm))
			return false;
		alt = sel_alu_word(QPU_UNIT_MUL, mul_op, wm, wsm, &p, in->cond, in->sf);
	}
	return sel_push(s, w, alt, p.unif, flags);
}

/* TMU request writes: `mov tmu0_x, src0`, consuming the sideband uniform. */
static bool emit_tex(struct sel *s)
{
	const struct qir_inst *in = s->inst;
	unsigned waddr;
	if (!sel_reg_addr(s, qir_ops[in->op].periph, true, &waddr))
		return false;
	if (in->src[1].file != QIR_FILE_UNIF)
		return sel_error(s, "TMU write without its configuration uniform");
	uint32_t flags = in->op == QIR_OP_TEX_S ? EN_TMU_S : 0;
	if (in->src[0].file != QIR_FILE_UNIF)
		return emit_mov_to(s, waddr, -1, in->src[0], false, (int32_t)in->src[1].index,
				   flags);
	/* a TMU write may not also read a uniform (kernel): go through ra14 */
	struct opnd o;
	struct placed p;
	unsigned scratch_w = 0, scratch_r = 0;   /* set by sel_reg_addr() */
	enum qpu_reg_id scratch = sel_regfile_reg(OF_A, QIR_RA_SCRATCH);
	if (!sel_reg_addr(s, scratch, true, &scratch_w) ||
	    !sel_reg_addr(s, scratch, false, &scratch_r))
		return false;
	if (!sel_operand(s, in->src[0], &o) || !sel_place(s, &o, 1, -1, false, &p))
		return false;
	p.mux[1] = p.mux[0];
	if (!sel_push(s, sel_alu_word(QPU_UNIT_ADD, QPU_A_OR, scratch_w, 0, &p, QPU_COND_ALWAYS,
				      false), 0, p.unif, 0))
		return false;
	struct placed a = { .mux = { QPU_MUX_A, QPU_MUX_A }, .raddr_a = (uint8_t)scratch_r,
			    .raddr_b = QPU_R_NOP, .unif = -1 };
	return sel_push(s, sel_alu_word(QPU_UNIT_ADD, QPU_A_OR, waddr, -1, &a, QPU_COND_ALWAYS,
					false), 0, (int32_t)in->src[1].index, flags);
}

static bool emit_sfu(struct sel *s)
{
	const struct qir_inst *in = s->inst;
	unsigned waddr;
	if (!sel_reg_addr(s, qir_ops[in->op].periph, true, &waddr))
		return false;
	return emit_mov_to(s, waddr, -1, in->src[0], true, -1, 0) && emit_r4_result(s);
}

static bool emit_signal(struct sel *s, enum qpu_sig sig, uint32_t flags)
{
	return sel_push(s, qpu_set_sig(qpu_nop(), sig), 0, -1, flags) && emit_r4_result(s);
}

/* UNIFORMS_RESET and TEX_DIRECT: `add waddr, src0, src1` in the exact form
 * the kernel checks. */
static bool emit_add_exact(struct sel *s, enum qpu_reg_id reg, uint32_t flags)
{
	unsigned waddr;
	if (!sel_reg_addr(s, reg, true, &waddr))
		return false;
	struct opnd o[2];
	struct placed p;
	for (unsigned i = 0; i < 2; i++)
		if (!sel_operand(s, s->inst->src[i], &o[i]))
			return false;
	if (!sel_place(s, o, 2, -1, false, &p))
		return false;
	if (p.small)
		return sel_error(s, "small immediate not allowed here");
	int ws = qpu_waddr_ignores_ws(waddr) ? -1 : 0;
	uint64_t w = sel_alu_word(QPU_UNIT_ADD, QPU_A_ADD, waddr, ws, &p, QPU_COND_ALWAYS, false);
	return sel_push(s, w, 0, p.unif, flags | EN_NO_MERGE);
}

/* A `mov` whose source and destination temps got the same register, with no
 * unpack, pack or flags: it writes the value already there (under any
 * condition), so it emits nothing. */
static bool is_noop_mov(const struct sel *s)
{
	const struct qir_inst *in = s->inst;
	if (in->op != QIR_OP_MOV || in->sf || in->pack || in->src[0].unpack ||
	    in->dst.file != QIR_FILE_TEMP || in->src[0].file != QIR_FILE_TEMP ||
	    in->dst.index >= s->c->num_temps || in->src[0].index >= s->c->num_temps)
		return false;
	struct qir_phys_reg d = s->ra->temps[in->dst.index], r = s->ra->temps[in->src[0].index];
	return d.file != QIR_PHYS_NONE && d.file == r.file && d.index == r.index;
}

/* One QIR instruction. */
static bool select_inst(struct sel *s)
{
	const struct qir_inst *in = s->inst;
	const struct qir_op_info *info = &qir_ops[in->op];
	if (is_noop_mov(s))
		return true;
	switch (in->op) {
	case QIR_OP_UNDEF:
	case QIR_OP_FRAG_Z:
	case QIR_OP_FRAG_W:
		return true;
	case QIR_OP_LOAD_IMM:
	case QIR_OP_LOAD_IMM_U2:
	case QIR_OP_LOAD_IMM_I2:
		return emit_load_imm(s);
	case QIR_OP_RCP:
	case QIR_OP_RSQ:
	case QIR_OP_EXP2:
	case QIR_OP_LOG2:
		return emit_sfu(s);
	case QIR_OP_TEX_S:
	case QIR_OP_TEX_T:
	case QIR_OP_TEX_R:
	case QIR_OP_TEX_B:
		return emit_tex(s);
	case QIR_OP_TEX_DIRECT:
		return emit_add_exact(s, info->periph, EN_TMU_S);
	case QIR_OP_UNIFORMS_RESET:
		return emit_add_exact(s, info->periph, 0);
	case QIR_OP_TEX_RESULT:
	case QIR_OP_DIRECT_RESULT:
		return emit_signal(s, info->sig, EN_TMU_LOAD);
	case QIR_OP_TLB_COLOR_READ:
		return emit_signal(s, QPU_SIG_COLOR_LOAD, EN_TLB);
	case QIR_OP_THRSW:
		return sel_push(s, qpu_nop(), 0, -1, EN_THRSW);
	case QIR_OP_BRANCH:
		if (!sel_push(s, qpu_branch((enum qpu_branch_cond)in->cond, true, 0), 0, -1,
			      EN_BRANCH))
			return false;
		s->blk->nodes.data[s->blk->nodes.len - 1].target = in->target;
		return true;
	case QIR_OP_VARY_ADD_C:
		return emit_alu(s, QPU_A_FADD, QPU_M_NOP, 1, 0);
	default:
		break;
	}
	if (in->op >= QIR_OP_COUNT || info->sig != QPU_SIG_NONE || info->periph)
		return sel_error(s, "op has no QPU form");
	uint32_t flags = 0;
	if (in->dst.file == QIR_FILE_SPECIAL && in->dst.index <= QIR_SPECIAL_TLB_ALPHA_MASK)
		flags |= EN_TLB;
	return emit_alu(s, info->add_op, info->mul_op, info->nsrc, flags);
}

/* Instruction selection for every block: each allocated QIR instruction
 * becomes its node(s) in blocks[b] (zeroed by the caller); false with diag at
 * the first instruction that cannot be encoded. */
VC4_CODE_ALIGN(4096)
bool emit_select(const struct qir_compile *c, const struct qir_ra_result *ra,
		 struct emit_block *blocks, struct vc4_diag *diag)
{
	struct sel s = { .c = c, .ra = ra, .diag = diag };
	for (uint32_t b = 0; b < c->blocks.len; b++) {
		s.bi = b;
		s.blk = &blocks[b];
		s.ii = 0;
		size_t n = 0;   /* room for a node per instruction (copies grow past it) */
		for (const struct qir_inst *in = c->blocks.data[b]->first; in; in = in->next)
			n++;
		(void)vc4_array_reserve(&s.blk->nodes, n);
		for (const struct qir_inst *in = c->blocks.data[b]->first; in; in = in->next) {
			s.inst = in;
			if (!select_inst(&s))
				return false;
			s.ii++;
		}
	}
	return true;
}
