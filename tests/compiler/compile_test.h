/* compile_test.h: helpers shared by the compiler tests — load an IR file
 * from the tests directory, compile it with keys given as vc4c-style
 * K=V strings, and print a result the way `vc4c --dis --stats` does. */
#ifndef VC4_TESTS_COMPILER_COMPILE_TEST_H
#define VC4_TESTS_COMPILER_COMPILE_TEST_H

#include "compiler/vc4_compile.h"

extern const char *ct_tests_dir;   /* the source tests/ directory (argv[1]) */

/* Parses tests/compiler/NAME (fails the test on error). */
struct ir_shader *ct_load(const char *name);

/* Compiles with keys "threaded=1", "blend=0,6,7", ... (NULL-terminated);
 * fails the test with the compiler's message on error. */
void ct_compile(const struct ir_shader *sh, const char *const *keys,
		struct vc4_compile_result *r);

/* Applies one key; false when unknown. */
bool ct_set_key(struct qir_shader_key *k, const char *kv);

/* "# <stage> shader\n<disassembly><stats>\n" per program (malloc'ed). */
char *ct_print(const struct vc4_compile_result *r);

/* Asserts hazard-checker and kernel cleanliness of every program. */
void ct_assert_clean(const struct vc4_compile_result *r);

#endif
