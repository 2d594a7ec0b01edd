/*
 * lower_ifconv.c: which `if`s are lowered without branches (if-conversion).
 *
 * A branch costs its instruction, three delay slots and the uniform-address
 * resets of the blocks it opens. A small `if` whose body holds only ALU work,
 * stores and discards is cheaper run for every lane under the execution mask
 * (docs/lowering.md, "If-conversion"):
 *   - LOWER_IF_FLAT: the exec-mask updates without the branch and blocks;
 *   - LOWER_IF_DISCARD: `if %c { discard }` in a shader with no other control
 *     flow: no exec mask at all, the discard flag takes the condition;
 *   - LOWER_IF_SELECT: a small if outside every loop and other if, with no
 *     loop, texture fetch or discard inside (ifs inside are select-style
 *     too): all lanes are active there, so no exec mask; both parts run and
 *     the endif selects each stored slot by the condition (lower_select.c).
 * And an if directly in a loop's body that can make lanes leave (break,
 * continue) is followed by an exit test when enough work follows it in the
 * body: once no lane is active, the rest of the iteration is skipped
 * (LOWER_IF_EXIT_TEST). `if %c { break }` directly in a loop body, where
 * no `continue` can leave lanes waiting for a loop head, is one `max` on the
 * mask (LOWER_IF_BREAK). A loop every lane enters together, with only
 * uniform jump-ifs as exits and no mask around it, has no mask at all: its
 * jump-ifs branch (LOWER_IF_UNIFORM_JUMP), the ifs around them take the
 * uniform plan. The plan is made once, per IF marker, before lowering; a
 * LOOP marker's entry says whether the loop has a `continue` and whether
 * it is uniform.
 */
#include <stdlib.h>

#include "ir/ir_uniform.h"
#include "lower_internal.h"
#include "util/code_align.h"

/* The most scalar ALU results a flat if may compute for nothing. */
#define LOWER_FLAT_IF_MAX_COMPS 12
/* ... and a select-style if, all its ifs together (no exec-mask updates to
 * pay there). Measured on bench/shaders: 12 -> 24 shortens the corpus by
 * 64 instructions and executes fewer per 16 pixels; 96 is shorter still
 * (-156) but executes 1 % more. */
#define LOWER_SELECT_IF_MAX_COMPS 24
/* The least work after a leaving if that pays for an exit test (a branch,
 * its delay slots and a block reset, on every iteration). */
#define LOWER_EXIT_TEST_MIN_COMPS 24

/* Scalar ALU results an instruction computes (what a skipped lane wastes). */
static unsigned work_of(const struct ir_instr *in)
{
	switch (in->op) {
	case IR_OP_STORE: case IR_OP_LOAD: case IR_OP_CONST: case IR_OP_SWIZZLE:
	case IR_OP_EXTRACT: case IR_OP_VEC2: case IR_OP_VEC3: case IR_OP_VEC4:
		return 0;
	case IR_OP_TEX: case IR_OP_TEXB:
		return 16;
	default:
		return ir_ops[in->op].flags & (IR_OPF_OPEN | IR_OPF_MIDDLE | IR_OPF_CLOSE) ?
		       0 : in->type.comps;
	}
}

/* Whether the body of the if at `i` (through its endif) can run unbranched. */
static bool body_is_flat(const struct lower *l, uint32_t i)
{
	const struct ir_shader *sh = l->sh;
	unsigned comps = 0;
	for (uint32_t k = i + 1; k < sh->instrs.len; k++) {
		const struct ir_instr *in = &sh->instrs.data[k];
		if (!lower_kept(l, k))
			continue;
		switch (in->op) {
		case IR_OP_ENDIF:
			if (in->match == i)
				return comps <= LOWER_FLAT_IF_MAX_COMPS;
			return false;
		case IR_OP_IF: case IR_OP_LOOP: case IR_OP_ENDLOOP: case IR_OP_TEX:
		case IR_OP_TEXB:
			return false;
		default:
			comps += work_of(in);
		}
	}
	return false;
}

/* The endif of the if at `i`. */
static uint32_t endif_of(const struct ir_shader *sh, uint32_t i)
{
	uint32_t end = sh->instrs.data[i].match;
	if (sh->instrs.data[end].op == IR_OP_ELSE)
		end = sh->instrs.data[end].match;
	return end;
}

/* Whether the if at `i` can be a select-style if with every if inside it:
 * no loop, texture fetch, discard, break or continue in it, at most
 * LOWER_SELECT_IF_MAX_COMPS scalar ALU results in all. */
static bool body_is_select(const struct lower *l, uint32_t i)
{
	const struct ir_shader *sh = l->sh;
	unsigned comps = 0;
	for (uint32_t k = i + 1, end = endif_of(sh, i); k < end; k++) {
		const struct ir_instr *in = &sh->instrs.data[k];
		if (!lower_kept(l, k))
			continue;
		switch (in->op) {
		case IR_OP_LOOP: case IR_OP_ENDLOOP: case IR_OP_TEX: case IR_OP_TEXB:
		case IR_OP_DISCARD: case IR_OP_BREAK: case IR_OP_CONTINUE:
			return false;
		default:
			comps += work_of(in);
		}
	}
	return comps <= LOWER_SELECT_IF_MAX_COMPS;
}

/* Plans the if at `i` and every if inside it as select-style ifs; returns
 * its endif. */
static uint32_t plan_select(struct lower *l, uint32_t i)
{
	uint32_t end = endif_of(l->sh, i);
	for (uint32_t k = i; k < end; k++)
		if (l->sh->instrs.data[k].op == IR_OP_IF && lower_kept(l, k))
			l->if_plan[k] = LOWER_IF_SELECT;
	return end;
}

/* `if %c { discard }` exactly. */
static bool is_discard_if(const struct ir_shader *sh, uint32_t i)
{
	const struct ir_instr *in = sh->instrs.data;
	return i + 2 < sh->instrs.len && in[i + 1].op == IR_OP_DISCARD &&
	       in[i + 2].op == IR_OP_ENDIF && in[i + 2].match == i;
}

/* Whether the if at `i` (through its endif `end`) runs a break or continue
 * of the loop around it (not of a loop inside it). */
static bool if_leaves(const struct ir_shader *sh, uint32_t i, uint32_t end)
{
	unsigned loops = 0;
	for (uint32_t k = i + 1; k < end; k++) {
		uint16_t op = sh->instrs.data[k].op;
		loops += op == IR_OP_LOOP;
		loops -= op == IR_OP_ENDLOOP;
		if ((op == IR_OP_BREAK || op == IR_OP_CONTINUE) && loops == 0)
			return true;
	}
	return false;
}

/* Work lowered from `k` to the endloop of the body it is in (nested loops count
 * once, which is the least they cost): with `sum` the running totals of
 * work_of() over the kept instructions (sum[k]: before k), the difference
 * up to the endloop of `loop` when that marker is kept, so that nested
 * loops do not make every if walk the rest of its body (quadratic);
 * otherwise a walk to the first unmatched end marker. */
static unsigned rest_of_body(const struct lower *l, const uint32_t *sum, uint32_t loop,
			     uint32_t k)
{
	const struct ir_shader *sh = l->sh;
	uint32_t endloop = sh->instrs.data[loop].match;
	if (endloop >= k && endloop < sh->instrs.len && lower_kept(l, endloop))
		return sum[endloop] - sum[k];
	unsigned work = 0, depth = 0;
	for (; k < sh->instrs.len; k++) {
		uint16_t op = sh->instrs.data[k].op;
		if (!lower_kept(l, k))
			continue;
		if (op == IR_OP_LOOP || op == IR_OP_IF)
			depth++;
		else if ((op == IR_OP_ENDLOOP || op == IR_OP_ENDIF) && depth-- == 0)
			return work;
		work += work_of(&sh->instrs.data[k]);
	}
	return work;
}

/* sum[k] = the work_of() of the kept instructions before k (len + 1
 * entries); NULL on OOM. */
static uint32_t *work_sums(const struct lower *l)
{
	const struct ir_shader *sh = l->sh;
	uint32_t *sum = malloc((sh->instrs.len + 1) * sizeof(uint32_t));
	if (!sum)
		return NULL;
	sum[0] = 0;
	for (uint32_t k = 0; k < sh->instrs.len; k++)
		sum[k + 1] = sum[k] + (lower_kept(l, k) ? work_of(&sh->instrs.data[k]) : 0);
	return sum;
}

/* Marks the ifs directly in a loop body (not inside another if) that may
 * make lanes leave and have enough work after them. False on OOM. */
static bool plan_exit_tests(struct lower *l)
{
	const struct ir_shader *sh = l->sh;
	uint32_t *open = malloc((sh->instrs.len + 1) * sizeof(uint32_t)), depth = 0;
	uint32_t *sum = work_sums(l);
	if (!open || !sum) {
		free(open);
		free(sum);
		return false;
	}
	for (uint32_t i = 0; i < sh->instrs.len; i++) {
		const struct ir_instr *in = &sh->instrs.data[i];
		if (in->op == IR_OP_IF && depth > 0 &&
		    sh->instrs.data[open[depth - 1]].op == IR_OP_LOOP &&
		    !lower_loop_uniform(l, open[depth - 1])) {
			uint32_t end = in->match;
			if (sh->instrs.data[end].op == IR_OP_ELSE)
				end = sh->instrs.data[end].match;
			if (if_leaves(sh, i, end) &&
			    rest_of_body(l, sum, open[depth - 1], end + 1) >=
				    LOWER_EXIT_TEST_MIN_COMPS)
				l->if_plan[i] |= LOWER_IF_EXIT_TEST;
		}
		if (in->op == IR_OP_IF || in->op == IR_OP_LOOP)
			open[depth++] = i;
		else if ((in->op == IR_OP_ENDIF || in->op == IR_OP_ENDLOOP) && depth > 0)
			depth--;
	}
	free(sum);
	free(open);
	return true;
}

/* Ifs still planned as branches whose condition is uniform where every
 * lane runs become LOWER_IF_UNIFORM. */
static void plan_uniform_ifs(struct lower *l, const struct ir_uniformity *u)
{
	for (uint32_t i = 0; i < l->sh->instrs.len; i++)
		if (l->if_plan[i] == LOWER_IF_BRANCH && lower_kept(l, i) &&
		    ir_uniform_if(l->sh, u, i))
			l->if_plan[i] = LOWER_IF_UNIFORM;
}

/* if_plan at a LOOP marker: the loop has a kept `continue`; it is uniform. */
#define LOWER_LOOP_CONTINUES 16
#define LOWER_LOOP_UNIFORM 32

/* Marks every kept loop with a kept `continue` of its own. */
static void mark_continues(struct lower *l)
{
	for (uint32_t i = 0; i < l->sh->instrs.len; i++)
		if (l->sh->instrs.data[i].op == IR_OP_CONTINUE && lower_kept(l, i))
			l->if_plan[l->sh->instrs.data[i].match] |= LOWER_LOOP_CONTINUES;
}

bool lower_loop_continues(const struct lower *l, uint32_t loop)
{
	return l->if_plan[loop] & LOWER_LOOP_CONTINUES;
}

bool lower_loop_uniform(const struct lower *l, uint32_t loop)
{
	return l->if_plan[loop] & LOWER_LOOP_UNIFORM;
}

/* `if %c { <op> }` exactly (op: break or continue), all three kept. */
static bool is_jump_if(const struct lower *l, uint32_t i, enum ir_op op)
{
	const struct ir_instr *in = l->sh->instrs.data;
	return i + 2 < l->sh->instrs.len && in[i].op == IR_OP_IF && in[i + 1].op == op &&
	       in[i + 2].op == IR_OP_ENDIF && in[i + 2].match == i && lower_kept(l, i + 1) &&
	       lower_kept(l, i + 2);
}

static bool is_break_if(const struct lower *l, uint32_t i)
{
	return is_jump_if(l, i, IR_OP_BREAK);
}

bool lower_tail_break(const struct lower *l, uint32_t k)
{
	const struct ir_instr *in = &l->sh->instrs.data[k];
	const struct ir_instr *end = k + 1 < l->sh->instrs.len ? in + 1 : NULL;
	return in->op == IR_OP_BREAK && end && end->op == IR_OP_ENDLOOP &&
	       end->match == in->match;
}

/* Each loop's own breaks and continues in program order: first[loop],
 * then next[k] (QIR_NONE ends), so that a loop's planning visits its jumps
 * without walking its body (nested loops would make that quadratic). */
struct loop_jumps {
	uint32_t *first, *next;
};

/* Fills j (first and next: one array of 2 * (len + 1)); false on OOM. */
static bool loop_jumps_init(struct loop_jumps *j, const struct ir_shader *sh)
{
	uint32_t n = (uint32_t)sh->instrs.len;
	j->first = malloc(2 * ((size_t)n + 1) * sizeof(uint32_t));
	if (!j->first)
		return false;
	j->next = j->first + n + 1;
	for (uint32_t k = 0; k <= n; k++)
		j->first[k] = QIR_NONE;
	for (uint32_t k = n; k-- > 0;) {
		const struct ir_instr *in = &sh->instrs.data[k];
		if ((in->op == IR_OP_BREAK || in->op == IR_OP_CONTINUE) && in->match < n) {
			j->next[k] = j->first[in->match];
			j->first[in->match] = k;
		}
	}
	return true;
}

/* Whether every break and continue of the kept loop at `loop` (through
 * its endloop) is alone in an if on a uniform condition reached together,
 * and every if around one inside the loop is uniform too; with at least
 * one break. */
static bool loop_jumps_uniform(const struct lower *l, const struct ir_uniformity *u,
			       const struct loop_jumps *jumps, uint32_t loop)
{
	const struct ir_shader *sh = l->sh;
	bool breaks = false;
	for (uint32_t k = jumps->first[loop]; k != QIR_NONE; k = jumps->next[k]) {
		const struct ir_instr *in = &sh->instrs.data[k];
		if (!lower_kept(l, k))
			continue;
		if (lower_tail_break(l, k)) {   /* every lane leaves together */
			breaks = true;
			continue;
		}
		if (!is_jump_if(l, k - 1, (enum ir_op)in->op) || !ir_uniform_if(sh, u, k - 1))
			return false;
		breaks |= in->op == IR_OP_BREAK;
		for (uint32_t o = k - 1; o > loop; o--) {   /* the ifs around it */
			const struct ir_instr *oi = &sh->instrs.data[o];
			if (oi->op == IR_OP_IF && endif_of(sh, o) > k && !ir_uniform_if(sh, u, o))
				return false;
		}
	}
	return breaks;
}

/* Whether the if or loop at `i` leaves lanes waiting (an exec mask) inside:
 * not a uniform or select-style if, not a uniform loop. */
static bool masks_lanes(const struct lower *l, uint32_t i)
{
	if (l->sh->instrs.data[i].op == IR_OP_LOOP)
		return !lower_loop_uniform(l, i);
	enum lower_if_plan plan = lower_if_plan_of(l, i);
	return plan != LOWER_IF_UNIFORM && plan != LOWER_IF_SELECT;
}

/* Makes the loop at `i` uniform: its jump-ifs become LOWER_IF_UNIFORM_JUMP
 * and the ifs around those LOWER_IF_UNIFORM. */
static void make_uniform_loop(struct lower *l, const struct loop_jumps *jumps, uint32_t i)
{
	const struct ir_shader *sh = l->sh;
	l->if_plan[i] |= LOWER_LOOP_UNIFORM;
	for (uint32_t k = jumps->first[i]; k != QIR_NONE; k = jumps->next[k]) {
		if (!lower_kept(l, k) || lower_tail_break(l, k))
			continue;
		l->if_plan[k - 1] = LOWER_IF_UNIFORM_JUMP;
		for (uint32_t o = k - 2; o > i; o--)
			if (sh->instrs.data[o].op == IR_OP_IF && endif_of(sh, o) > k)
				l->if_plan[o] = LOWER_IF_UNIFORM;
	}
}

/* What a walk of walk_unmasked() does at the kept if or loop i that no
 * open construct masks (depth: the constructs open around it); returns i,
 * or the end of the construct it planned through (the walk goes on after
 * it, with nothing opened). */
struct unmasked_ctx {
	const struct ir_uniformity *u;
	const struct loop_jumps *jumps;
};
typedef uint32_t (*unmasked_visit)(struct lower *l, const struct unmasked_ctx *x, uint32_t i,
				   uint32_t depth);

/* Walks the kept ifs and loops in program order and calls visit() on those
 * around which no open construct masks lanes. A construct's plan is final
 * once the walk has passed its marker (the visits only change later ones),
 * so the walk keeps a count of the open constructs that mask lanes instead
 * of asking each of them again at every marker. False on OOM. */
static bool walk_unmasked(struct lower *l, const struct unmasked_ctx *x, unmasked_visit visit)
{
	const struct ir_shader *sh = l->sh;
	bool *masking = malloc((sh->instrs.len + 1) * sizeof(bool));   /* per open construct */
	uint32_t depth = 0, masked = 0;   /* open constructs; those that mask */
	if (!masking)
		return false;
	for (uint32_t i = 0; i + 1 < sh->instrs.len; i++) {
		const struct ir_instr *in = &sh->instrs.data[i];
		if (!lower_kept(l, i))
			continue;
		if ((in->op == IR_OP_ENDIF || in->op == IR_OP_ENDLOOP) && depth > 0)
			masked -= masking[--depth];
		if (in->op != IR_OP_IF && in->op != IR_OP_LOOP)
			continue;
		if (masked == 0) {
			uint32_t next = visit(l, x, i, depth);
			if (next != i) {
				i = next;
				continue;
			}
		}
		masking[depth] = masks_lanes(l, i);
		masked += masking[depth++];
	}
	free(masking);
	return true;
}

/* The uniform loops: every lane enters together, every exit is a uniform
 * jump-if (loop_jumps_uniform), and no construct around it masks lanes.
 * The IR's "together" holds for the lanes that reach the code; with masks,
 * lanes that left an enclosing loop or skipped an enclosing if still walk
 * through it, inactive, and would never see the loop's counter move. Outer
 * loops first, so that an inner one sees what they made of the ifs around
 * it. */
static uint32_t visit_uniform_loop(struct lower *l, const struct unmasked_ctx *x, uint32_t i,
				   uint32_t depth)
{
	const struct ir_instr *in = &l->sh->instrs.data[i];
	(void)depth;
	if (in->op == IR_OP_LOOP && x->u->together[i] && x->u->together[i + 1] &&
	    in->match != i + 1 && loop_jumps_uniform(l, x->u, x->jumps, i))
		make_uniform_loop(l, x->jumps, i);
	return i;
}

/* Select-style ifs inside loops and ifs none of which masks lanes (uniform
 * loops, uniform ifs): every lane is active there as at the top level,
 * which plan_select() alone covers (lower_plan_ifs). */
static uint32_t visit_unmasked_select(struct lower *l, const struct unmasked_ctx *x,
				      uint32_t i, uint32_t depth)
{
	enum lower_if_plan p = l->if_plan[i];
	(void)x;
	if (l->sh->instrs.data[i].op == IR_OP_IF && depth > 0 &&
	    (p == LOWER_IF_FLAT || p == LOWER_IF_BRANCH || p == LOWER_IF_UNIFORM) &&
	    body_is_select(l, i))
		return plan_select(l, i);   /* its endif */
	return i;
}

/* Whether instruction i is a loop whose `continue`s leave lanes waiting
 * for its head (not a uniform loop, which branches there). */
static bool masked_continues(const struct lower *l, uint32_t i)
{
	return l->sh->instrs.data[i].op == IR_OP_LOOP && lower_loop_continues(l, i) &&
	       !lower_loop_uniform(l, i);
}

/* Plans LOWER_IF_BREAK: a break-if whose innermost construct is a loop,
 * inside loops none of which has a `continue`. There a waiting lane waits
 * for this loop's endloop or for a later marker (an enclosing construct's
 * end, or the discard id), never for an earlier one, so `max exec, exec,
 * id(endloop)` under the condition moves exactly the active lanes. False
 * on OOM. */
static bool plan_break_ifs(struct lower *l)
{
	const struct ir_shader *sh = l->sh;
	uint32_t *open = malloc((sh->instrs.len + 1) * sizeof(uint32_t)), depth = 0;
	unsigned continuing = 0;   /* loops on `open` with a continue */
	if (!open)
		return false;
	for (uint32_t i = 0; i < sh->instrs.len; i++) {
		uint16_t op = sh->instrs.data[i].op;
		if (!lower_kept(l, i))
			continue;
		if (op == IR_OP_IF && depth > 0 && continuing == 0 && is_break_if(l, i) &&
		    sh->instrs.data[open[depth - 1]].op == IR_OP_LOOP &&
		    !lower_loop_uniform(l, open[depth - 1]))
			l->if_plan[i] = LOWER_IF_BREAK;
		if (op == IR_OP_IF || op == IR_OP_LOOP) {
			open[depth++] = i;
			continuing += masked_continues(l, i);
		} else if ((op == IR_OP_ENDIF || op == IR_OP_ENDLOOP) && depth > 0) {
			continuing -= masked_continues(l, open[--depth]);
		}
	}
	free(open);
	return true;
}

/* Plans every kept if (discard flag, select, flat, uniform or branch; exit
 * tests in loop bodies) into l->if_plan and decides whether an exec mask is
 * needed (l->use_exec). False when out of memory. */
VC4_CODE_ALIGN(4096)
bool lower_plan_ifs(struct lower *l)
{
	const struct ir_shader *sh = l->sh;
	l->if_plan = vc4_arena_zalloc(&l->arena, sh->instrs.len + 1, 1);
	if (!l->if_plan)
		return false;
	bool other_cf = false, any_cf = false;
	for (uint32_t i = 0; i < sh->instrs.len; i++) {
		uint16_t op = sh->instrs.data[i].op;
		any_cf |= op == IR_OP_LOOP || op == IR_OP_IF;
		if (!lower_kept(l, i))
			continue;
		if (op == IR_OP_LOOP || (op == IR_OP_IF && !is_discard_if(sh, i)))
			other_cf = true;
	}
	l->use_exec = other_cf;
	if (!any_cf)   /* straight-line code: no if or loop to plan, every entry 0 */
		return true;
	unsigned depth = 0;   /* ifs and loops open at i */
	for (uint32_t i = 0; i < sh->instrs.len; i++) {
		uint16_t op = sh->instrs.data[i].op;
		if (!lower_kept(l, i))
			continue;
		depth -= (op == IR_OP_ENDIF || op == IR_OP_ENDLOOP) && depth > 0;
		depth += op == IR_OP_LOOP;
		if (op != IR_OP_IF)
			continue;
		if (!other_cf && is_discard_if(sh, i)) {
			l->if_plan[i] = LOWER_IF_DISCARD;
		} else if (depth == 0 && body_is_select(l, i)) {
			i = plan_select(l, i);   /* its endif: depth stays 0 */
			continue;
		} else if (body_is_flat(l, i)) {
			l->if_plan[i] = LOWER_IF_FLAT;
		}
		depth++;
	}
	mark_continues(l);
	struct ir_uniformity u;
	struct vc4_diag d = { 0 };
	if (!ir_uniformity(sh, &u, &d))
		return false;
	plan_uniform_ifs(l, &u);
	struct loop_jumps jumps;
	bool ok = loop_jumps_init(&jumps, sh);
	struct unmasked_ctx x = { &u, &jumps };
	ok = ok && walk_unmasked(l, &x, visit_uniform_loop) &&
	     walk_unmasked(l, &x, visit_unmasked_select);
	free(jumps.first);   /* NULL when its allocation failed */
	ir_uniformity_free(&u);
	return ok && plan_break_ifs(l) && plan_exit_tests(l);
}

enum lower_if_plan lower_if_plan_of(const struct lower *l, uint32_t marker)
{
	const struct ir_instr *in = l->sh->instrs.data;
	uint32_t i = marker;
	if (in[i].op == IR_OP_ELSE)
		i = in[in[i].match].match;   /* else -> endif -> if */
	else if (in[i].op == IR_OP_ENDIF)
		i = in[i].match;
	return (enum lower_if_plan)(l->if_plan[i] & (LOWER_IF_EXIT_TEST - 1));
}

bool lower_if_exit_test(const struct lower *l, uint32_t endif)
{
	return l->if_plan[l->sh->instrs.data[endif].match] & LOWER_IF_EXIT_TEST;
}
