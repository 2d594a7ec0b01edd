/*
 * qir_print.c: QIR as stable text — the form golden tests compare, `vc4c
 * --qir` prints and qir_parse() reads back. Layout (docs/qir.md):
 *
 *   qir fs threaded
 *   host h0 fmul user 3, const 0x3dcccccd
 *   uniform u0 user 3
 *   uniform u1 host 0
 *   block 0:
 *   	fadd.zs.sf t2, t0.8a, u0
 *   	branch.all_zc b2
 *
 * Every name comes from a table (qir_ops, qir_specials, qir_uniform_kinds,
 * and the QPU's condition/pack/unpack names). Out-of-range values print as
 * "?op12"-style text so the validator can show broken instructions.
 */
#include "qir/qir.h"
#include "util/text.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A small immediate: the table says whether the bits are an int or a float;
 * floats always carry a '.' so the parser can tell them apart. */
static void put_small_imm(struct vc4_text *o, uint32_t bits)
{
	int code = qpu_small_imm_encode(bits);
	char tmp[32];
	if (code < 0)
		vc4_text_printf(o, "%" PRId32, (int32_t)bits);
	else
		vc4_text_printf(o, "%s", qpu_small_imm_text((unsigned)code, tmp));
}

/* An operand; a VPM destination (the next VPM write) prints as plain "vpm". */
static void put_reg(struct vc4_text *o, struct qir_reg r, bool dst)
{
	switch (r.file) {
	case QIR_FILE_NULL: vc4_text_printf(o, "-"); break;
	case QIR_FILE_TEMP: vc4_text_printf(o, "t%" PRIu32, r.index); break;
	case QIR_FILE_UNIF: vc4_text_printf(o, "u%" PRIu32, r.index); break;
	case QIR_FILE_SMALL_IMM: put_small_imm(o, r.index); break;
	case QIR_FILE_IMM: vc4_text_printf(o, "0x%08" PRIx32, r.index); break;
	case QIR_FILE_VARY: vc4_text_printf(o, "v%" PRIu32, r.index); break;
	case QIR_FILE_VPM:
		if (dst)
			vc4_text_printf(o, "vpm");
		else
			vc4_text_printf(o, "vpm%" PRIu32, r.index);
		break;
	case QIR_FILE_SPECIAL:
		if (r.index < QIR_SPECIAL_COUNT)
			vc4_text_printf(o, "%s", qir_specials[r.index].name);
		else
			vc4_text_printf(o, "?special%" PRIu32, r.index);
		break;
	default: vc4_text_printf(o, "?file%u:%" PRIu32, (unsigned)r.file, r.index); break;
	}
	if (r.unpack && r.unpack < QPU_UNPACK_COUNT)
		vc4_text_printf(o, ".%s", qpu_unpacks[r.unpack].name);
	else if (r.unpack)
		vc4_text_printf(o, ".?unpack%u", (unsigned)r.unpack);
}

/* Appends inst's destination pack as ".name" (regfile-A or MUL pack table),
 * or ".?packN" for an unknown code; nothing without a pack. */
static void put_dst_pack(struct vc4_text *o, const struct qir_inst *inst)
{
	if (!inst->pack)
		return;
	const char *name = NULL;
	if (inst->pack_mul && inst->pack < QPU_PACK_MUL_COUNT)
		name = qpu_packs_mul[inst->pack].name;
	else if (!inst->pack_mul && inst->pack < QPU_PACK_A_COUNT)
		name = qpu_packs_a[inst->pack].name;
	if (name)
		vc4_text_printf(o, ".%s", name);
	else
		vc4_text_printf(o, ".?pack%u", (unsigned)inst->pack);
}

/* Op name plus condition and set-flags suffixes. */
static void put_opcode(struct vc4_text *o, const struct qir_inst *inst)
{
	bool known = inst->op < QIR_OP_COUNT && qir_ops[inst->op].name;
	if (known)
		vc4_text_printf(o, "%s", qir_ops[inst->op].name);
	else
		vc4_text_printf(o, "?op%u", (unsigned)inst->op);
	if (inst->op == QIR_OP_BRANCH) {
		const char *n = inst->cond < QPU_BR_COUNT ? qpu_branch_conds[inst->cond].name : NULL;
		if (inst->cond != QPU_BR_ALWAYS)
			vc4_text_printf(o, ".%s", n ? n : "?cond");
	} else if (inst->cond != QPU_COND_ALWAYS) {
		const char *n = inst->cond < QPU_COND_COUNT ? qpu_conds[inst->cond].name : NULL;
		vc4_text_printf(o, ".%s", n ? n : "?cond");
	}
	if (inst->sf)
		vc4_text_printf(o, ".sf");
}

/* One instruction as text into buf (size bytes, always terminated): opcode
 * with condition and .sf, destination with pack, sources with unpack, or a
 * branch's target block. */
void qir_print_inst(const struct qir_compile *c, const struct qir_inst *inst, char *buf,
		    size_t size)
{
	(void)c;
	struct vc4_text o = { buf, size, 0 };
	if (!size)
		return;
	buf[0] = '\0';
	put_opcode(&o, inst);
	if (inst->op == QIR_OP_BRANCH) {
		vc4_text_printf(&o, " b%" PRIu32, inst->target);
		return;
	}
	int ndst = inst->op < QIR_OP_COUNT ? qir_ops[inst->op].ndst : 1;
	int nsrc = inst->op < QIR_OP_COUNT ? qir_ops[inst->op].nsrc : 2;
	const char *sep = " ";
	if (ndst) {
		vc4_text_printf(&o, " ");
		put_reg(&o, inst->dst, true);
		put_dst_pack(&o, inst);
		sep = ", ";
	}
	for (int s = 0; s < nsrc; s++) {
		vc4_text_printf(&o, "%s", sep);
		put_reg(&o, inst->src[s], false);
		sep = ", ";
	}
}

/* A uniform entry as "KIND DATA" (a constant's data in hex). */
static void put_entry(struct vc4_text *o, const struct qir_uniform *u)
{
	const char *kind = u->kind < QIR_UNIFORM_KIND_COUNT ? qir_uniform_kinds[u->kind].name : "?";
	if (u->kind == QIR_UNIFORM_CONST)
		vc4_text_printf(o, "%s 0x%08" PRIx32, kind, u->data);
	else
		vc4_text_printf(o, "%s %" PRIu32, kind, u->data);
}

static const char *const stage_names[] = {
	[QIR_STAGE_VERTEX] = "vs", [QIR_STAGE_COORD] = "cs", [QIR_STAGE_FRAGMENT] = "fs",
};

struct text { VC4_ARRAY(char) a; };

/* Appends `s` to the growing text; false on OOM. */
static bool append(struct text *tx, const char *s)
{
	size_t n = strlen(s);
	if (!vc4_array_reserve(&tx->a, n + 1))
		return false;
	memcpy(tx->a.data + tx->a.len, s, n + 1);
	tx->a.len += n;
	return true;
}

/* The whole program as text (header, uniform pool, blocks), malloc'ed; NULL
 * when out of memory. */
char *qir_print(const struct qir_compile *c)
{
	struct text t = {{0}};
	char line[256];
	bool ok = true;
	snprintf(line, sizeof(line), "qir %s%s\n", c->stage < 3 ? stage_names[c->stage] : "?",
		 c->fs_threaded ? " threaded" : "");
	ok &= append(&t, line);
	for (size_t i = 0; i < c->host.len; i++) {
		const struct qir_host_op *h = &c->host.data[i];
		bool known = h->op < QIR_OP_COUNT && qir_ops[h->op].name;
		struct vc4_text o = { line, sizeof(line), 0 };
		vc4_text_printf(&o, "host h%zu ", i);
		if (known)
			vc4_text_printf(&o, "%s", qir_ops[h->op].name);
		else
			vc4_text_printf(&o, "?op%u", (unsigned)h->op);
		for (unsigned s = 0; s < (known ? qir_ops[h->op].nsrc : 2u) && s < QIR_MAX_SRC; s++) {
			vc4_text_printf(&o, s ? ", " : " ");
			put_entry(&o, &h->src[s]);
		}
		vc4_text_printf(&o, "\n");
		ok &= append(&t, line);
	}
	for (size_t i = 0; i < c->uniforms.len; i++) {
		struct vc4_text o = { line, sizeof(line), 0 };
		vc4_text_printf(&o, "uniform u%zu ", i);
		put_entry(&o, &c->uniforms.data[i]);
		vc4_text_printf(&o, "\n");
		ok &= append(&t, line);
	}
	for (size_t i = 0; i < c->blocks.len; i++) {
		const struct qir_block *b = c->blocks.data[i];
		snprintf(line, sizeof(line), "block %zu:\n", i);
		ok &= append(&t, line);
		for (const struct qir_inst *inst = b->first; inst; inst = inst->next) {
			line[0] = '\t';
			qir_print_inst(c, inst, line + 1, sizeof(line) - 2);
			strcat(line, "\n");
			ok &= append(&t, line);
		}
	}
	if (!ok || !t.a.data) {
		free(t.a.data);
		return NULL;
	}
	return t.a.data;
}
