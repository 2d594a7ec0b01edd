/*
 * vc4_compile.h: the compile driver — shader IR + shader key → QPU programs
 * ready for the driver: IR → QIR (lowering) → optimise → uniform lowering and
 * resets → register allocation → instruction selection and scheduling →
 * hazard checker and the kernel's rules. A vertex shader gives two programs
 * (VS and CS), a fragment shader one (two threads when the key asks and
 * registers allow, else one). Also the program cache keyed by (IR, key).
 * docs/compiler.md describes the pipeline and how to read vc4c output.
 */
/* API-STABLE */
#ifndef VC4_COMPILER_VC4_COMPILE_H
#define VC4_COMPILER_VC4_COMPILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "qir/lower/shader_key.h"
#include "codegen/qpu_emit.h"

struct vc4_compiled_stage {
	uint8_t stage;            /* enum qir_stage: VERTEX, COORD or FRAGMENT */
	struct qpu_program code;  /* words, uniform stream (kinds in read order) */
	uint32_t threads;         /* 2 for a threaded FS, else 1 */
	uint32_t num_inst;        /* code.words.len */
	uint32_t num_uniforms;    /* code.uniforms.entries.len */
	uint32_t max_temps;       /* most QIR temps live at one point */
	uint32_t cycles;          /* estimated cycles */
	char *qir;                /* the QIR as allocated (when asked for), or NULL */
};

struct vc4_compile_result {
	uint32_t count;              /* 2 for a vertex shader, 1 for a fragment shader */
	struct vc4_compiled_stage prog[2];  /* vertex: [0] VS, [1] CS; fragment: [0] FS */
};

struct vc4_compile_options {
	bool keep_qir;               /* fill vc4_compiled_stage.qir */
	bool no_presched;            /* keep the lowering's instruction order
				      * (for debugging the pre-allocation order) */
	bool no_host_uniforms;       /* compute uniform-only values in the shader,
				      * not on the host (also: the environment's
				      * VC4_NO_HOST_UNIFORMS=1) */
};

/* Compiles `sh` for `key` (its stage must match the shader's: VERTEX for a
 * vertex shader, FRAGMENT for a fragment shader). `fs` (may be NULL) is the
 * fragment shader a vertex shader is linked with (varying order). Every
 * program is run through the hazard checker and the kernel's rules; a
 * violation is reported as a compiler bug naming the rule and the ip.
 * False + diag on failure; `result` is then empty. */
bool vc4_compile_linked(const struct ir_shader *sh, const struct ir_shader *fs,
			const struct qir_shader_key *key, const struct vc4_compile_options *opt,
			struct vc4_compile_result *result, struct vc4_diag *diag);

static inline bool vc4_compile(const struct ir_shader *sh, const struct qir_shader_key *key,
			       struct vc4_compile_result *result, struct vc4_diag *diag)
{
	return vc4_compile_linked(sh, NULL, key, NULL, result, diag);
}

void vc4_compile_result_free(struct vc4_compile_result *r);

/* Whether a fragment shader is worth two threads: whether it reads a
 * texture. A second thread only hides TMU latency (threads switch at
 * texture results and at the end), so a shader without a fetch compiles
 * single-threaded even when the key allows two: it keeps the whole register
 * file and needs no thread switch (docs/compiler.md, "Threads"). */
bool vc4_fs_wants_threads(const struct ir_shader *fs);

/* "vertex" / "coordinate" / "fragment". */
const char *vc4_stage_name(enum qir_stage stage);

/* The statistics line: "<stage> shader: N inst, T threads, U uniforms,
 * M max-temps, C estimated-cycles" (no newline) into buf. */
void vc4_compiled_stage_stats(const struct vc4_compiled_stage *p, char *buf, size_t size);

/* ---------------------------------------------------------------------------
 * Program cache: compiled results keyed by (IR text hash + text, key bytes).
 * ------------------------------------------------------------------------- */
struct vc4_compile_cache;

struct vc4_compile_cache *vc4_compile_cache_create(void);
void vc4_compile_cache_destroy(struct vc4_compile_cache *cache);

/* The cached result for (sh, fs, key), compiling it on a miss. The result
 * belongs to the cache. NULL + diag when compilation fails (failures are
 * not cached). */
const struct vc4_compile_result *vc4_compile_cache_get(struct vc4_compile_cache *cache,
							const struct ir_shader *sh,
							const struct ir_shader *fs,
							const struct qir_shader_key *key,
							struct vc4_diag *diag);

/* The options of the compiles from now on (e.g. keep_qir, for a debug
 * dump); results already cached keep what they were compiled with. */
void vc4_compile_cache_set_options(struct vc4_compile_cache *cache,
				   const struct vc4_compile_options *options);

/* Lookups that hit / compiled so far. */
void vc4_compile_cache_stats(const struct vc4_compile_cache *cache, uint32_t *hits,
			     uint32_t *misses);

#endif
