/*
 * pipe_stencil.c: the TLB's stencil model: the configuration of the
 * forward and reverse faces that a fragment shader sets with its
 * tlb_stencil_setup words (the two forms of the XML's TLB Stencil Setup),
 * the stencil test against the 8 stencil bits of a Z/S word, and the
 * stencil operations through the write mask. docs/pipeline.md, "Stencil".
 */
#include "sim/pipe/pipe_internal.h"

void pipe_stencil_reset(struct pipe_stencil_face face[2])
{
	for (int f = 0; f < 2; f++)
		face[f] = (struct pipe_stencil_face){
			.func = VC4_COMPARE_FUNCTION_ALWAYS, .write_mask = 0xff,
			.op = { VC4_STENCIL_OPERATION_KEEP, VC4_STENCIL_OPERATION_KEEP,
				VC4_STENCIL_OPERATION_KEEP },
		};
}

/* A configuration word: test, reference, operations and one of four write
 * masks for the faces its Select names. */
static void setup_faces(struct pipe_stencil_face face[2], const uint8_t *raw)
{
	static const uint8_t masks[4] = { 0x01, 0x03, 0x0f, 0xff };
	struct VC4_TLB_STENCIL_SETUP w;
	VC4_TLB_STENCIL_SETUP_unpack(raw, &w);
	for (int f = 0; f < 2; f++) {
		if (!(w.select >> f & 1))  /* Select bit 0: forward, bit 1: reverse */
			continue;
		face[f] = (struct pipe_stencil_face){
			.func = (uint8_t)w.stencil_test_function,
			.ref = (uint8_t)w.stencil_reference_value,
			.value_mask = (uint8_t)w.stencil_test_mask,
			.write_mask = masks[w.write_mask],
			.op = { (uint8_t)w.stencil_fail_operation, (uint8_t)w.depth_fail_operation,
				(uint8_t)w.depth_pass_operation },
		};
	}
}

void pipe_stencil_setup(struct pipe_stencil_face face[2], uint32_t word)
{
	uint8_t raw[4] = { (uint8_t)word, (uint8_t)(word >> 8), (uint8_t)(word >> 16),
			   (uint8_t)(word >> 24) };
	if (word >> 30) {
		setup_faces(face, raw);
		return;
	}
	struct VC4_TLB_STENCIL_SETUP_WRITE_MASKS m;
	VC4_TLB_STENCIL_SETUP_WRITE_MASKS_unpack(raw, &m);
	face[0].write_mask = (uint8_t)m.forward_write_mask;
	face[1].write_mask = (uint8_t)m.reverse_write_mask;
}

bool pipe_stencil_test(const struct pipe_stencil_face *f, uint8_t stencil)
{
	return pipe_compare((enum vc4_compare_function)f->func, f->ref & f->value_mask,
			    stencil & f->value_mask);
}

/* The value operation `op` makes of `s` (INCREMENT/DECREMENT saturate). */
static uint8_t apply(const struct pipe_stencil_face *f, enum vc4_stencil_operation op, uint8_t s)
{
	switch (op) {
	case VC4_STENCIL_OPERATION_ZERO: return 0;
	case VC4_STENCIL_OPERATION_REPLACE: return f->ref;
	case VC4_STENCIL_OPERATION_INCREMENT: return s == 0xff ? s : (uint8_t)(s + 1);
	case VC4_STENCIL_OPERATION_DECREMENT: return s == 0 ? s : (uint8_t)(s - 1);
	case VC4_STENCIL_OPERATION_INVERT: return (uint8_t)~s;
	case VC4_STENCIL_OPERATION_INCREMENT_WRAP: return (uint8_t)(s + 1);
	case VC4_STENCIL_OPERATION_DECREMENT_WRAP: return (uint8_t)(s - 1);
	default: return s; /* KEEP */
	}
}

uint8_t pipe_stencil_update(const struct pipe_stencil_face *f, enum pipe_stencil_outcome o,
			    uint8_t stencil)
{
	uint8_t v = apply(f, (enum vc4_stencil_operation)f->op[o], stencil);
	return (uint8_t)((stencil & ~f->write_mask) | (v & f->write_mask));
}
