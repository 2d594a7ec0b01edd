/*
 * ir_random.h: a seeded generator of valid IR programs, for testing the
 * front end here and, later, the compiler end to end (compile the program,
 * run it on the simulator, compare with ir_interpret()).
 *
 * The same seed and options always give the same program on every host (the
 * generator uses its own PRNG, no floating-point library calls, and never two
 * random draws in one expression, whose order C leaves unspecified). Loops always terminate:
 * each one counts a local int up to a constant bound.
 */
#ifndef VC4_IR_IR_RANDOM_H
#define VC4_IR_IR_RANDOM_H

#include "ir/ir.h"

struct ir_random_options {
	int stage;              /* IR_STAGE_VERTEX, IR_STAGE_FRAGMENT, or -1: seed picks */
	uint32_t instrs;        /* rough number of instructions; 0 means 40 */
	uint32_t max_depth;     /* deepest if/loop nesting; 0: straight-line code only */
	bool loops;             /* loops (with break/continue) as well as ifs */
	bool textures;          /* samplers and tex/texb */
	bool discard;           /* fragment shaders may discard */
	bool transcendental;    /* rcp, rsq, sqrt, exp2, log2, pow, sin, cos, length... */
};

/* The options used when `opt` is NULL: stage by seed, 40 instructions,
 * depth 2, everything enabled. */
extern const struct ir_random_options ir_random_defaults;

/* A new validated shader named "random-SEED", or NULL if out of memory. */
struct ir_shader *ir_random_program(uint64_t seed, const struct ir_random_options *opt);

#endif
