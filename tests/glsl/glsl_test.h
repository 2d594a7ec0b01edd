/* glsl_test.h: helpers shared by the GLSL front end's tests — compile a
 * source string (failing the test with the log on error), set uniforms and
 * varyings/attributes by GLSL name, run the IR interpreter and read the
 * colour, position or a varying. */
#ifndef VC4_TESTS_GLSL_GLSL_TEST_H
#define VC4_TESTS_GLSL_GLSL_TEST_H

#include "glsl/glsl.h"
#include "ir/ir_interp.h"

struct gt_run {
	struct glsl_shader *s;
	struct ir_slot_value *slots;
	union ir_scalar **arrays;     /* per decl: a uniform array's components */
	struct ir_interp_io io;
};

/* Compiles `src`; fails the test with the messages on error. */
struct glsl_shader *gt_compile(const char *src, enum glsl_stage stage);
/* Compiles and expects rejection; returns the log text (static). */
const char *gt_reject(const char *src, enum glsl_stage stage);

void gt_begin(struct gt_run *r, const char *src, enum glsl_stage stage);
/* Sets n floats (or ints with gt_seti) of the uniform/attribute/varying
 * `name` ("u", "a[2]", "s.f"), column after column. */
void gt_setf(struct gt_run *r, const char *name, const float *v, unsigned n);
void gt_seti(struct gt_run *r, const char *name, const int32_t *v, unsigned n);
/* Runs the interpreter (fails the test on an interpreter error). */
void gt_exec(struct gt_run *r);
/* Output `which` (IR_OUT_*) or varying `name` after gt_exec. */
const union ir_scalar *gt_output(struct gt_run *r, enum ir_builtin which);
const union ir_scalar *gt_varying(struct gt_run *r, const char *name);
void gt_end(struct gt_run *r);



#endif
