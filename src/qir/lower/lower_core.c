/*
 * lower_core.c: the driver of the IR → QIR lowering — setup of the value and
 * slot maps, the walk over the IR's flat instruction list (in a VS or CS only
 * the stage's slice, lower_slice.c), loads and stores,
 * and structured control flow lowered to an execution mask plus uniform
 * branches (docs/lowering.md, "Control flow").
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qir/lower/lower_internal.h"
#include "util/code_align.h"

bool lower_error(struct lower *l, const char *fmt, ...)
{
	char text[VC4_DIAG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return vc4_diag_set(l->diag, "%s: instr %u: %s", ir_str(l->sh, l->sh->filename), l->cur,
			    text);
}

struct qir_inst *lower_emit(struct lower *l, enum qir_op op, struct qir_reg dst,
			    struct qir_reg a, struct qir_reg b, enum qpu_cond cond, bool sf)
{
	struct qir_inst *inst = qir_emit(l->c, op, dst, a, b);
	if (inst) {
		inst->cond = (uint8_t)cond;
		inst->sf = sf;
	}
	return inst;
}

void lower_sf(struct lower *l, enum qir_op op, struct qir_reg a, struct qir_reg b)
{
	lower_emit(l, op, qir_null(), a, b, QPU_COND_ALWAYS, true);
}

struct qir_reg lower_flag_select(struct lower *l, enum qpu_cond cond, struct qir_reg if_true,
				 struct qir_reg if_false)
{
	struct qir_reg t = qir_temp(l->c);
	lower_emit(l, QIR_OP_MOV, t, if_false, qir_null(), QPU_COND_ALWAYS, false);
	lower_emit(l, QIR_OP_MOV, t, if_true, qir_null(), cond, false);
	return t;
}

struct qir_reg lower_to_temp(struct lower *l, struct qir_reg r)
{
	if (qir_is_temp(r) && r.unpack == QPU_UNPACK_NOP)
		return r;
	return qir_MOV(l->c, r);
}

/* Stores n components src into the slot dst: in a part of a select-style if
 * the slot just names the values (merged at the endif); inside control flow
 * that masks lanes by exec, conditional moves for the lanes it leaves
 * active; else (uniform ifs too) plain moves. */
void lower_store(struct lower *l, struct qir_reg *dst, const struct qir_reg *src, unsigned n)
{
	enum qpu_cond cond = QPU_COND_ALWAYS;
	if (l->selects.len) {   /* a part of a select-style if */
		for (unsigned k = 0; k < n; k++)
			dst[k] = src[k];   /* the slot names the value; merged at the endif */
		return;
	}
	if (l->masked > 0) {
		lower_sf(l, QIR_OP_MOV, l->exec, qir_null());
		cond = QPU_COND_ZS;
	}
	for (unsigned k = 0; k < n; k++)
		lower_emit(l, QIR_OP_MOV, dst[k], src[k], qir_null(), cond, false);
}

/* ------------------------------------------------------------------------ */
/* Setup                                                                     */

/* Components a decl occupies in the slot map. */
static unsigned decl_comps(const struct ir_decl *d)
{
	return d->kind == IR_DECL_SAMPLER || d->array_len ? 0 : d->type.comps;
}

/* Allocates the value and slot maps (from l->arena). False on OOM. */
static bool alloc_maps(struct lower *l)
{
	const struct ir_shader *sh = l->sh;
	size_t nvals = sh->values.len, ndecls = sh->decls.len, pool = 0, slots = 0;
	l->val_base = vc4_arena_zalloc(&l->arena, nvals + 1, sizeof(uint32_t));
	l->slot_base = vc4_arena_zalloc(&l->arena, ndecls + 1, sizeof(uint32_t));
	l->decl_ordinal = vc4_arena_zalloc(&l->arena, ndecls + 1, sizeof(uint32_t));
	l->pending_head = vc4_arena_zalloc(&l->arena, sh->instrs.len + 1, sizeof(uint32_t));
	if (!l->val_base || !l->slot_base || !l->decl_ordinal || !l->pending_head)
		return false;
	for (size_t v = 0; v < nvals; v++) {
		l->val_base[v] = (uint32_t)pool;
		pool += sh->values.data[v].type.comps;
	}
	uint32_t count[IR_DECL_KIND_COUNT] = { 0 };
	for (size_t d = 0; d < ndecls; d++) {
		const struct ir_decl *decl = &sh->decls.data[d];
		l->slot_base[d] = (uint32_t)slots;
		slots += decl_comps(decl);
		l->decl_ordinal[d] = count[decl->kind]++;
	}
	l->pool = vc4_arena_zalloc(&l->arena, pool + 1, sizeof(struct qir_reg));
	l->slots = vc4_arena_zalloc(&l->arena, slots + 1, sizeof(struct qir_reg));
	l->nslots = (uint32_t)slots;
	l->const_local = vc4_arena_zalloc(&l->arena, ndecls + 1, 1);  /* locals start at known 0 */
	l->const_slot = vc4_arena_zalloc(&l->arena, slots + 1, sizeof(union ir_scalar));
	for (size_t d = 0; d < ndecls && l->const_local; d++)
		l->const_local[d] = sh->decls.data[d].kind == IR_DECL_LOCAL;
	return l->pool && l->slots && l->const_local && l->const_slot;
}

/* A user uniform word; a bool (0 or 1 in the stream, like GL) becomes the
 * QIR bool 0 / ~0 once, at the top of the program. */
struct qir_reg lower_user_uniform(struct lower *l, uint32_t word, bool is_bool)
{
	struct qir_reg u = qir_uniform(l->c, QIR_UNIFORM_USER, word);
	if (!is_bool)
		return u;
	lower_sf(l, QIR_OP_MOV, u, qir_null());
	struct qir_reg zero = lower_ui(l, 0);
	struct qir_reg ones = lower_ui(l, ~0u);
	return lower_flag_select(l, QPU_COND_ZC, ones, zero);
}

/* Gives uniforms their USER words, locals a zeroed temp, outputs and
 * vertex varyings an undefined temp. */
static void init_slots(struct lower *l)
{
	uint32_t word = 0;
	for (size_t d = 0; d < l->sh->decls.len; d++) {
		const struct ir_decl *decl = &l->sh->decls.data[d];
		struct qir_reg *s = lower_slot(l, (uint32_t)d);
		if (decl->kind == IR_DECL_UNIFORM && decl->array_len)  /* load_index reads it */
			word += decl->array_len * decl->type.comps;
		for (unsigned k = 0; k < decl_comps(decl); k++) {
			if (decl->kind == IR_DECL_UNIFORM)
				s[k] = lower_user_uniform(l, word++, decl->type.base == IR_BOOL);
			else if (decl->kind == IR_DECL_LOCAL)
				s[k] = qir_MOV(l->c, lower_ui(l, 0));
			else if (decl->kind == IR_DECL_OUTPUT ||
				 (decl->kind == IR_DECL_VARYING && l->sh->stage == IR_STAGE_VERTEX))
				s[k] = qir_UNDEF(l->c);
		}
	}
}

/* Scans for discard; sets up exec (use_exec is planned by lower_plan_ifs)
 * and the discard flag. */
static void init_control(struct lower *l)
{
	for (size_t i = 0; i < l->sh->instrs.len; i++)
		if (l->sh->instrs.data[i].op == IR_OP_DISCARD)
			l->use_discard = true;
	if (l->use_exec)
		l->exec = qir_MOV(l->c, lower_ui(l, 0));
	if (l->use_discard)
		l->discard = qir_MOV(l->c, lower_ui(l, 0));
}

/* ------------------------------------------------------------------------ */
/* Control flow                                                              */

/* The exec value of lanes waiting for IR marker m (never 0). */
static uint32_t mark_id(uint32_t m)
{
	return m + 1;
}

/* Ends the block with a branch (cond) to the block later opened for marker m. */
static void branch_to_marker(struct lower *l, enum qpu_branch_cond cond, uint32_t m)
{
	struct qir_inst *br = qir_BRANCH(l->c, cond, NULL);
	struct lower_pending p = { br, l->pending_head[m] };
	if (br && !vc4_array_push(&l->pending, p))
		l->c->oom = true;
	else if (br)
		l->pending_head[m] = (uint32_t)l->pending.len;
}

/* Opens a new block for marker m: pending branches to m now target it
 * (their chain, so the cost does not grow with the nesting depth). */
static void open_block(struct lower *l, uint32_t m)
{
	struct qir_block *b = qir_block_append(l->c);
	if (!b)
		return;
	qir_set_block(l->c, b);
	for (uint32_t i = l->pending_head[m]; i; i = l->pending.data[i - 1].next)
		l->pending.data[i - 1].br->target = b->index;
	l->pending_head[m] = 0;
}

/* Active lanes (exec == 0) start waiting for id. */
static void deactivate(struct lower *l, uint32_t id)
{
	lower_sf(l, QIR_OP_MOV, l->exec, qir_null());
	lower_emit(l, QIR_OP_MOV, l->exec, lower_ui(l, id), qir_null(), QPU_COND_ZS, false);
}

/* Lanes waiting for id become active. */
static void reactivate(struct lower *l, uint32_t id)
{
	lower_sf(l, QIR_OP_SUB, l->exec, lower_ui(l, id));
	lower_emit(l, QIR_OP_MOV, l->exec, lower_ui(l, 0), qir_null(), QPU_COND_ZS, false);
}

/* An IF marker by its plan (lower_ifconv.c): the discard flag's condition, a
 * select-style if's condition and slot snapshot, a uniform if's branch over
 * the then part, or the exec-mask update (lanes with a false condition wait
 * for the else/endif) with, for a branch plan, the branch over the part
 * nobody runs. */
static void lower_if(struct lower *l, const struct ir_instr *in)
{
	enum lower_if_plan plan = lower_if_plan_of(l, l->cur);
	struct qir_reg cond = lower_val(l, in->src[0], 0);
	if (plan == LOWER_IF_DISCARD) {
		l->discard_cond = cond;
		return;
	}
	l->depth++;
	if (plan == LOWER_IF_BREAK) {   /* active lanes where c holds: to the endloop */
		uint32_t loop = l->loop_markers.data[l->loop_markers.len - 1];
		struct qir_reg end = lower_ui(l, mark_id(l->sh->instrs.data[loop].match));
		lower_sf(l, QIR_OP_MOV, cond, qir_null());      /* Z clear: c holds */
		lower_emit(l, QIR_OP_MAX, l->exec, l->exec, end, QPU_COND_ZC, false);
		return;
	}
	if (plan == LOWER_IF_UNIFORM_JUMP) {   /* every lane jumps, or none */
		const struct ir_instr *jump = &l->sh->instrs.data[l->cur + 1];
		lower_sf(l, QIR_OP_MOV, cond, qir_null());      /* Z clear: c holds */
		if (jump->op == IR_OP_BREAK)
			branch_to_marker(l, QPU_BR_ALL_ZC, l->sh->instrs.data[jump->match].match);
		else if (l->loop_heads.len > 0)
			qir_BRANCH(l->c, QPU_BR_ALL_ZC, l->loop_heads.data[l->loop_heads.len - 1]);
		open_block(l, l->cur);
		return;
	}
	if (plan == LOWER_IF_SELECT) {
		lower_select_if(l, cond);
		return;
	}
	if (plan == LOWER_IF_UNIFORM) {   /* every lane goes the same way */
		lower_sf(l, QIR_OP_MOV, cond, qir_null());      /* Z: false */
		branch_to_marker(l, QPU_BR_ALL_ZS, in->match);
		open_block(l, l->cur);
		return;
	}
	l->masked++;
	lower_sf(l, QIR_OP_OR, l->exec, cond);  /* Z: active and condition false */
	lower_emit(l, QIR_OP_MOV, l->exec, lower_ui(l, mark_id(in->match)), qir_null(),
		   QPU_COND_ZS, false);
	if (plan == LOWER_IF_BRANCH) {
		lower_sf(l, QIR_OP_MOV, l->exec, qir_null());
		branch_to_marker(l, QPU_BR_ALL_ZC, in->match);  /* nobody active: skip */
		open_block(l, l->cur);
	}
}

/* An ELSE marker: a select-style if switches to its else part (then's slot
 * values kept, the slots back as at the if); a uniform if's then part
 * branches to the endif; otherwise the then-lanes wait for the endif and the
 * else-lanes wake, with a branch over the else part when no lane waits for
 * it (branch plan). */
static void lower_else(struct lower *l, const struct ir_instr *in)
{
	if (lower_if_plan_of(l, l->cur) == LOWER_IF_SELECT) {
		lower_select_else(l);
		return;
	}
	if (lower_if_plan_of(l, l->cur) == LOWER_IF_UNIFORM) {
		branch_to_marker(l, QPU_BR_ALWAYS, in->match);  /* the then part: to the endif */
		open_block(l, l->cur);   /* the else part, where the if branches */
		return;
	}
	deactivate(l, mark_id(in->match));
	if (lower_if_plan_of(l, l->cur) == LOWER_IF_BRANCH) {
		lower_sf(l, QIR_OP_SUB, l->exec, lower_ui(l, mark_id(l->cur)));
		branch_to_marker(l, QPU_BR_ALL_ZC, in->match);  /* nobody waits for else */
		open_block(l, l->cur);
	}
	reactivate(l, mark_id(l->cur));
}

/* An ENDIF marker: ends a discard-flag if, merges a select-style if's slots,
 * opens a uniform if's join block, or wakes the lanes waiting for it
 * (opening the block its branches target); then adds the loop exit test the
 * plan asks for. */
static void lower_endif(struct lower *l)
{
	enum lower_if_plan plan = lower_if_plan_of(l, l->cur);
	if (plan == LOWER_IF_DISCARD) {
		l->discard_cond = qir_null();
		return;
	}
	if (plan == LOWER_IF_SELECT) {
		lower_select_endif(l);
		l->depth--;
		return;
	}
	if (plan == LOWER_IF_UNIFORM) {
		open_block(l, l->cur);   /* where the if and the then part branch */
	} else if (plan != LOWER_IF_BREAK && plan != LOWER_IF_UNIFORM_JUMP) {
		if (plan == LOWER_IF_BRANCH)
			open_block(l, l->cur);
		reactivate(l, mark_id(l->cur));
		l->masked--;
	}
	l->depth--;
	if (lower_if_exit_test(l, l->cur)) {   /* nobody active: to the endloop */
		lower_sf(l, QIR_OP_MOV, l->exec, qir_null());
		branch_to_marker(l, QPU_BR_ALL_ZC, l->loop_markers.data[l->loop_markers.len - 1]);
		open_block(l, l->cur);
	}
}

static void lower_loop(struct lower *l)
{
	open_block(l, l->cur);
	if (!vc4_array_push(&l->loop_heads, l->c->cur_block) ||
	    !vc4_array_push(&l->loop_markers, l->cur))
		l->c->oom = true;
	l->depth++;
	l->masked += !lower_loop_uniform(l, l->cur);
}

/* An ENDLOOP marker: opens the block the exit tests branch to; the lanes
 * that ran `continue` wake, the back edge branches to the head while any
 * lane is active, and the block after the loop wakes the lanes that broke
 * out. */
static void lower_endloop(struct lower *l, const struct ir_instr *in)
{
	if (l->pending_head[in->match])   /* exit tests wait at the loop marker */
		open_block(l, in->match);
	if (l->loop_markers.len > 0)
		l->loop_markers.len--;
	bool uniform = lower_loop_uniform(l, in->match);
	if (!uniform && lower_loop_continues(l, in->match))
		reactivate(l, mark_id(in->match));
	if (!uniform)
		lower_sf(l, QIR_OP_MOV, l->exec, qir_null());   /* Z: active */
	bool once = uniform && lower_tail_break(l, l->cur - 1);   /* falls out */
	if (l->loop_heads.len > 0 && !once)
		qir_BRANCH(l->c, uniform ? QPU_BR_ALWAYS : QPU_BR_ANY_ZS,
			   l->loop_heads.data[l->loop_heads.len - 1]);
	if (l->loop_heads.len > 0)
		l->loop_heads.len--;
	open_block(l, l->cur);
	if (!uniform)
		reactivate(l, mark_id(l->cur));
	l->depth--;
	l->masked -= !uniform;
}

/* break: wait for the loop's endloop; continue: for the loop's head. */
static void lower_jump(struct lower *l, const struct ir_instr *in)
{
	if (l->cur > 0 && l->sh->instrs.data[l->cur - 1].op == IR_OP_IF &&
	    (lower_if_plan_of(l, l->cur - 1) == LOWER_IF_BREAK ||
	     lower_if_plan_of(l, l->cur - 1) == LOWER_IF_UNIFORM_JUMP))
		return;   /* done by its if */
	if (lower_tail_break(l, l->cur) && lower_loop_uniform(l, in->match))
		return;   /* every lane falls out of the loop's end */
	const struct ir_instr *loop = &l->sh->instrs.data[in->match];
	uint32_t id = in->op == IR_OP_BREAK ? mark_id(loop->match) : mark_id(in->match);
	deactivate(l, id);
}

/* ------------------------------------------------------------------------ */
/* The walk                                                                  */

static void lower_const(struct lower *l, const struct ir_instr *in)
{
	struct qir_reg *d = lower_def(l, in->dest);
	for (unsigned k = 0; k < in->type.comps; k++) {
		uint32_t bits = in->imm[k].u;
		if (in->type.base == IR_BOOL)
			bits = bits ? ~0u : 0u;
		d[k] = lower_ui(l, bits);
	}
}

/* Loads alias immutable slots; locals are copied (later stores change them). */
static bool lower_load(struct lower *l, const struct ir_instr *in)
{
	const struct ir_decl *decl = &l->sh->decls.data[in->slot];
	const struct qir_reg *s = lower_slot(l, in->slot);
	struct qir_reg *d = lower_def(l, in->dest);
	for (unsigned k = 0; k < in->type.comps; k++) {
		if (s[k].file == QIR_FILE_NULL)
			return lower_error(l, "load of '@%s', which has no value here",
					   ir_str(l->sh, decl->name));
		d[k] = decl->kind == IR_DECL_LOCAL ? qir_MOV(l->c, s[k]) : s[k];
	}
	return true;
}

/* vecN, swizzle and extract only rename registers. */
static void lower_shuffle(struct lower *l, const struct ir_instr *in)
{
	struct qir_reg *d = lower_def(l, in->dest);
	if (in->op == IR_OP_SWIZZLE || in->op == IR_OP_EXTRACT) {
		for (unsigned k = 0; k < in->type.comps; k++)
			d[k] = lower_val(l, in->src[0], in->imm[in->op == IR_OP_SWIZZLE ? k : 0].u);
		return;
	}
	unsigned n = 0;
	for (unsigned s = 0; s < in->nsrc; s++) {
		unsigned comps = l->sh->values.data[in->src[s]].type.comps;
		for (unsigned k = 0; k < comps && n < in->type.comps; k++)
			d[n++] = lower_val(l, in->src[s], k);
	}
	for (; n < in->type.comps; n++)  /* splat of one scalar */
		d[n] = d[0];
}

/* Lowers one IR instruction. */
static bool lower_instr(struct lower *l, const struct ir_instr *in)
{
	switch (in->op) {
	case IR_OP_CONST: lower_const(l, in); return true;
	case IR_OP_LOAD: return lower_load(l, in);
	case IR_OP_LOAD_INDEX: return lower_load_index(l, in);
	case IR_OP_STORE:
		lower_note_store(l, in->slot, lower_def(l, in->src[0]));
		lower_store(l, lower_slot(l, in->slot), lower_def(l, in->src[0]),
			    l->sh->values.data[in->src[0]].type.comps);
		return true;
	case IR_OP_VEC2: case IR_OP_VEC3: case IR_OP_VEC4:
	case IR_OP_SWIZZLE: case IR_OP_EXTRACT:
		lower_shuffle(l, in);
		return true;
	case IR_OP_TEX: case IR_OP_TEXB: return lower_tex(l, in);
	case IR_OP_FRAG_COORD: case IR_OP_FRONT_FACING: case IR_OP_POINT_COORD:
		return lower_fs_builtin(l, in);
	case IR_OP_IF: lower_if(l, in); return true;
	case IR_OP_ELSE: lower_else(l, in); return true;
	case IR_OP_ENDIF: lower_endif(l); return true;
	case IR_OP_LOOP: lower_loop(l); return true;
	case IR_OP_ENDLOOP: lower_endloop(l, in); return true;
	case IR_OP_BREAK: case IR_OP_CONTINUE: lower_jump(l, in); return true;
	case IR_OP_DISCARD: lower_discard(l); return true;
	default:
		if (lower_alu_instr(l, in))
			return true;
		return lower_error(l, "cannot lower op '%s'", ir_ops[in->op].name);
	}
}

/* Checks the stage/key/shader combination. */
static bool check_args(struct lower *l)
{
	const struct qir_shader_key *key = l->key;
	bool vs = l->sh->stage == IR_STAGE_VERTEX;
	const char *name = ir_str(l->sh, l->sh->filename);
	if (!qir_shader_key_check(key, l->diag))
		return false;
	if (vs != (l->stage != QIR_STAGE_FRAGMENT))
		return vc4_diag_set(l->diag, "%s: a %s shader cannot be compiled as stage %u",
				    name, ir_stage_names[l->sh->stage], (unsigned)l->stage);
	if ((key->stage == QIR_STAGE_FRAGMENT) != !vs)
		return vc4_diag_set(l->diag, "%s: the shader key is for stage %u", name,
				    (unsigned)key->stage);
	return true;
}

/* Frees what the lowering allocated; the arena's maps all at once. */
static void lower_free(struct lower *l)
{
	for (size_t i = 0; i < l->selects.len; i++) {   /* open ones, after an error */
		free(l->selects.data[i].saved);
		free(l->selects.data[i].then);
	}
	vc4_array_free(&l->selects);
	vc4_array_free(&l->roots);
	vc4_array_free(&l->pending);
	vc4_array_free(&l->loop_heads);
	vc4_array_free(&l->loop_markers);
	vc4_array_free(&l->tex_seen);
	vc4_arena_fini(&l->arena);
}

/* Everything after setup; false + diag on failure. */
static bool lower_body(struct lower *l)
{
	bool vs = l->stage != QIR_STAGE_FRAGMENT;
	if (!alloc_maps(l) || (vs && !lower_slice(l)) || !lower_plan_ifs(l) || !lower_ranges(l))
		return vc4_diag_set(l->diag, "out of memory");
	if (!(vs ? lower_vs_prologue(l) : lower_fs_prologue(l)))
		return false;
	l->mutable_lo = l->c->num_temps;
	init_slots(l);
	init_control(l);
	l->mutable_hi = l->c->num_temps;
	for (uint32_t i = 0; i < l->sh->instrs.len; i++) {
		if (!lower_kept(l, i))
			continue;
		l->cur = i;
		l->c->cur_line = l->sh->instrs.data[i].line;
		if (l->sh->instrs.data[i].op == IR_OP_LOOP && lower_const_loop(l, i)) {
			i = l->sh->instrs.data[i].match;   /* run at compile time */
			continue;
		}
		if (!lower_instr(l, &l->sh->instrs.data[i]))
			return false;
	}
	l->cur = (uint32_t)l->sh->instrs.len;
	l->c->cur_line = 0;
	if (!(vs ? lower_vs_epilogue(l) : lower_fs_epilogue(l)))
		return false;
	if (l->c->oom)
		return vc4_diag_set(l->diag, "out of memory");
	return qir_cfg_update(l->c, l->diag);
}

VC4_CODE_ALIGN(4096)
struct qir_compile *qir_lower_shader(const struct ir_shader *sh, const struct ir_shader *fs,
				     const struct qir_shader_key *key, enum qir_stage stage,
				     struct vc4_diag *diag)
{
	struct lower l = { .sh = sh, .fs = fs, .key = key, .stage = stage, .diag = diag };
	if (!check_args(&l))
		return NULL;
	l.c = qir_compile_create(stage);
	if (!l.c) {
		vc4_diag_set(diag, "out of memory");
		return NULL;
	}
	_Alignas(16) char first[LOWER_ARENA_BUF];   /* a usual shader's maps */
	vc4_arena_init(&l.arena, first, sizeof(first));
	l.c->fs_threaded = stage == QIR_STAGE_FRAGMENT && key->threaded;
	l.c->source = sh->strings.len ? ir_str(sh, sh->filename) : NULL;
	bool ok = lower_body(&l);
	lower_free(&l);
	if (!ok) {
		qir_compile_free(l.c);
		return NULL;
	}
	return l.c;
}
