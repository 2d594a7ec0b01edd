/*
 * glsl.h: the GLSL ES 1.00 front end's public interface — compiles one
 * vertex or fragment shader's source to the shader IR (src/ir) plus a table
 * of its GLSL-level interface, and links a vertex/fragment pair like GL does.
 * docs/glsl.md describes the language subset, the lowering and the limits.
 *
 *   struct glsl_shader *s = glsl_compile(src, len, "a.frag", GLSL_FRAGMENT, &log);
 *   ... s->ir is a validated struct ir_shader, s->syms its interface ...
 *   glsl_shader_free(s);
 *
 * Errors are "NAME:LINE:COL: message" lines: glsl_compile() reports up to
 * GLSL_MAX_ERRORS of them, newline-separated, in the log (first one also in
 * log.first). NAME is the name passed in; LINE follows #line.
 */
#ifndef VC4_GLSL_GLSL_H
#define VC4_GLSL_GLSL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

#define GLSL_MAX_ERRORS 20

enum glsl_stage { GLSL_VERTEX, GLSL_FRAGMENT };

/* The GLSL type of an interface symbol, as GL's glGetActiveUniform reports
 * it: a base type name ("float", "vec3", "mat4", "sampler2D", "bool"...). */
enum glsl_sym_kind {
	GLSL_SYM_ATTRIBUTE,     /* ir_slots: one IR attribute per matrix column */
	GLSL_SYM_VARYING,       /* ir_slots: one IR varying per column/element */
	GLSL_SYM_UNIFORM,       /* one entry per leaf: "s.f", "a[2]", "m" */
	GLSL_SYM_SAMPLER,       /* ir_slots[0]: the IR sampler decl */
	GLSL_SYM_BUILTIN_UNIFORM, /* filled by the driver, e.g. gl_RenderHeight */
};

/* One entry of a shader's interface. Uniform structs and arrays are listed
 * per leaf (GL's active-uniform names: "lights[1].pos"); an array of
 * scalars/vectors/matrices is one entry with array_size > 0 whose ir_slots
 * decls hold every element in order (element i's columns at i * cols). */
struct glsl_sym {
	uint8_t kind;           /* enum glsl_sym_kind */
	char name[64];          /* GLSL name ("u", "s.f", "a" for an array of leaves) */
	char type[16];          /* GLSL type name of one element */
	uint32_t array_size;    /* 0: not an array */
	uint32_t first_slot;    /* IR decl index of its first slot ... */
	uint32_t nslots;        /* ... and how many consecutive decls hold it */
	int32_t location;       /* attributes: assigned by glsl_link; else -1 */
	uint32_t index_decl;    /* an array also read with a non-constant index: IR
				 * decl + 1 of its uniform-array copy (load_index;
				 * same words, element after element), 0 = none.
				 * Whoever sets the uniform writes both. */
};

struct glsl_shader {
	enum glsl_stage stage;
	struct ir_shader *ir;   /* validated */
	struct glsl_sym *syms;
	uint32_t nsyms;
};

/* Up to GLSL_MAX_ERRORS messages, '\n'-separated; `first` is the first one. */
struct glsl_log {
	uint32_t count;
	char first[512];
	char text[GLSL_MAX_ERRORS * 160];
};

/* Compiles `size` bytes of GLSL ES 1.00 source for `stage`. NULL with the
 * errors in `log` (which may be NULL) when the source is rejected. */
struct glsl_shader *glsl_compile(const char *src, size_t size, const char *name,
				 enum glsl_stage stage, struct glsl_log *log);

void glsl_shader_free(struct glsl_shader *s);

/* The stage a file name implies: ".vert"/".vs" vertex, ".frag"/".fs"
 * fragment; -1 otherwise. */
int glsl_stage_from_name(const char *path);

/* An attribute location the application asks for (glBindAttribLocation). */
struct glsl_binding {
	const char *name;
	uint32_t location;
};

/* Links a vertex and a fragment shader: every varying the fragment shader
 * declares must be declared by the vertex shader with the same type;
 * attributes get the requested locations, the others the lowest free ones
 * (a matrix takes one location per column); uniforms declared by both must
 * have the same type. Fills vs's attribute syms' `location`, and folds
 * into fs every varying vs writes as the same constant in every vertex
 * (ir_const_vary.h: fs then no longer loads it). False with "link: ..."
 * in log. */
bool glsl_link(struct glsl_shader *vs, struct glsl_shader *fs,
	       const struct glsl_binding *bind, uint32_t nbind, struct glsl_log *log);

/* The uniform entry named `name` ("u", "a", "a[3]", "s.f", "l[1].p") of a
 * compiled shader, with *element set to the array index (0 without one).
 * NULL if there is none or the index is out of range. */
const struct glsl_sym *glsl_find_uniform(const struct glsl_shader *s, const char *name,
					 uint32_t *element);

#endif
