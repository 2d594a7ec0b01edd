/*
 * shaderdb_exec.c: one corpus pair drawn through the public API on the
 * simulator as Mesa's harness draws it (shaderdb_exec.h), counting the
 * fragment shader's executed QPU instructions with the kernel's performance
 * monitor. The GLSL symbols (names, types, array sizes) come from our front
 * end; values go in through vc4_prog_set_uniform_*, like glUniform*.
 */
#include "shaderdb_exec.h"

#include <stdio.h>
#include <string.h>

#include "glsl/glsl.h"
#include "vc4/vc4.h"

#define SIZE 32   /* the harness's framebuffer */
#define MAX_UNITS 8

/* The harness's triangle: every attribute component of vertex V from row V. */
static const float big_triangle[3][4] = {
	{ -1.0f, -1.0f, 0.5f, 1.0f }, { 3.0f, -1.0f, 0.5f, 1.0f }, { -1.0f, 3.0f, 0.5f, 1.0f },
};

/* Components and locations (matrix columns) of a GLSL type name; 0 for
 * anything but float/int/bool scalars, vectors and matrices. */
static unsigned type_shape(const char *type, unsigned *locations, bool *is_int)
{
	*locations = 1;
	*is_int = type[0] == 'i' || type[0] == 'b';
	if (!strcmp(type, "float") || !strcmp(type, "int") || !strcmp(type, "bool"))
		return 1;
	size_t n = strlen(type);
	unsigned d = n ? (unsigned)(type[n - 1] - '0') : 0;
	if (d < 2 || d > 4)
		return 0;
	if (!strncmp(type, "mat", 3)) {
		*locations = d;
		return d;
	}
	return strstr(type, "vec") ? d : 0;
}

/* Sets uniform SYM as the harness does: 0.5 in floats, identity matrices,
 * 1 in ints and bools. */
static bool set_uniform(struct vc4_prog *prog, const struct glsl_sym *sym)
{
	unsigned nloc;
	bool is_int;
	unsigned comps = type_shape(sym->type, &nloc, &is_int);
	uint32_t elems = sym->array_size ? sym->array_size : 1;
	uint32_t words = comps * nloc * elems;
	if (!comps || words > 4096)
		return false;
	float f[4096];
	int32_t i[4096];
	for (uint32_t k = 0; k < words; k++) {
		uint32_t m = k % (comps * nloc);
		f[k] = nloc > 1 ? (m % (comps + 1) == 0 ? 1.0f : 0.0f) : 0.5f;
		i[k] = 1;
	}
	return is_int ? vc4_prog_set_uniform_i(prog, sym->name, i, words)
		      : vc4_prog_set_uniform_f(prog, sym->name, f, words);
}

/* Gives sampler SYM its own units, each with TEX[0] (2D) or TEX[1] (cube);
 * *units counts them. */
static bool set_sampler(struct vc4_ctx *ctx, struct vc4_prog *prog, const struct glsl_sym *sym,
			struct vc4_texture *const tex2[2], uint32_t *units)
{
	uint32_t elems = sym->array_size ? sym->array_size : 1;
	int32_t unit[MAX_UNITS];
	struct vc4_texture *tex = tex2[strcmp(sym->type, "samplerCube") == 0];
	if (*units + elems > MAX_UNITS)
		return false;
	for (uint32_t k = 0; k < elems; k++) {
		unit[k] = (int32_t)*units;
		if (!vc4_set_texture(ctx, *units, tex))
			return false;
		(*units)++;
	}
	return vc4_prog_set_uniform_i(prog, sym->name, unit, elems);
}

/* Values for every uniform and sampler of both shaders. */
static bool set_values(struct vc4_ctx *ctx, struct vc4_prog *prog,
		       struct glsl_shader *const sh[2], struct vc4_texture *const tex[2], char *err,
		       size_t size)
{
	uint32_t units = 0;
	for (int s = 0; s < 2; s++)
		for (uint32_t k = 0; k < sh[s]->nsyms; k++) {
			const struct glsl_sym *sym = &sh[s]->syms[k];
			bool ok = sym->kind == GLSL_SYM_UNIFORM ? set_uniform(prog, sym)
				: sym->kind == GLSL_SYM_SAMPLER ? set_sampler(ctx, prog, sym, tex, &units)
				: true;
			if (!ok)
				return snprintf(err, size, "cannot set %s %s (%s)", sym->type, sym->name,
						vc4_ctx_error(ctx)), false;
		}
	return true;
}

/* Points every attribute of the VS (all its locations) at the triangle. */
static bool set_attributes(struct vc4_ctx *ctx, struct vc4_prog *prog,
			   const struct glsl_shader *vs, struct vc4_buffer *buf)
{
	struct vc4_vertex_attrib a[16];
	uint32_t count = 0;
	for (uint32_t k = 0; k < vs->nsyms; k++) {
		const struct glsl_sym *sym = &vs->syms[k];
		if (sym->kind != GLSL_SYM_ATTRIBUTE)
			continue;
		unsigned nloc;
		bool is_int;
		type_shape(sym->type, &nloc, &is_int);
		int32_t loc = vc4_prog_attrib_location(prog, sym->name);
		for (unsigned l = 0; loc >= 0 && l < nloc && loc + l < 16; l++) {
			a[loc + l] = (struct vc4_vertex_attrib){ buf, 0, 16, VC4_ATTR_FLOAT };
			if (loc + l + 1 > count)
				count = loc + l + 1;
		}
	}
	return vc4_set_vertex_attribs(ctx, a, count);
}

/* The harness's fixed state: target, clear, texture, depth/blend. */
static bool set_state(struct vc4_ctx *ctx, struct vc4_texture *color, struct vc4_texture *zs,
		      bool depth, bool blend)
{
	static const float black[4] = { 0, 0, 0, 0 };
	struct vc4_blend_state b = { .enable = blend, .rgb_eq = VC4_EQ_ADD,
				     .alpha_eq = VC4_EQ_ADD, .rgb_src = VC4_BF_SRC_ALPHA,
				     .alpha_src = VC4_BF_SRC_ALPHA,
				     .rgb_dst = VC4_BF_ONE_MINUS_SRC_ALPHA,
				     .alpha_dst = VC4_BF_ONE_MINUS_SRC_ALPHA };
	if (!blend)
		b = (struct vc4_blend_state){ .rgb_src = VC4_BF_ONE, .alpha_src = VC4_BF_ONE };
	return vc4_set_framebuffer(ctx, color, zs) && vc4_set_blend(ctx, &b) &&
	       vc4_set_depth(ctx, depth, depth, VC4_CMP_LESS) &&
	       vc4_clear(ctx, VC4_CLEAR_COLOR | (zs ? VC4_CLEAR_DEPTH : 0), black, 1.0f, 0);
}

/* The harness's texture: 4x4 RGBA8, bytes i * 37 + 11, linear, repeat; a
 * cube map has these texels on every face. */
static struct vc4_texture *make_texture(struct vc4_ctx *ctx, bool cube)
{
	uint8_t texels[4 * 4 * 4];
	for (size_t i = 0; i < sizeof(texels); i++)
		texels[i] = (uint8_t)(i * 37u + 11u);
	const uint8_t *faces[6] = { texels, texels, texels, texels, texels, texels };
	struct vc4_texture *t = cube ? vc4_texture_create_cube(ctx, VC4_FMT_RGBA8888, 4, faces)
				     : vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO,
							  4, 4, texels);
	if (t)
		vc4_texture_set_sampler(t, true, VC4_WRAP_REPEAT, VC4_WRAP_REPEAT);
	return t;
}

/* Front end and link of the pair, for its symbols; false + err. */
static bool symbols(const char *vsrc, const char *fsrc, struct glsl_shader *sh[2], char *err,
		    size_t size)
{
	struct glsl_log log = { 0 };
	sh[0] = glsl_compile(vsrc, strlen(vsrc), "vert", GLSL_VERTEX, &log);
	sh[1] = sh[0] ? glsl_compile(fsrc, strlen(fsrc), "frag", GLSL_FRAGMENT, &log) : NULL;
	if (sh[1] && glsl_link(sh[0], sh[1], NULL, 0, &log))
		return true;
	snprintf(err, size, "%s", log.first);
	return false;
}

/* The draw, counted; false + err. */
static bool draw(struct vc4_ctx *ctx, struct glsl_shader *const sh[2], const char *vsrc,
		 const char *fsrc, bool depth, bool blend, struct shaderdb_exec *out, char *err,
		 size_t size)
{
	struct vc4_prog *prog = vc4_prog_create_glsl(ctx, vsrc, fsrc, NULL, 0);
	struct vc4_texture *color = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO,
						       SIZE, SIZE, NULL);
	struct vc4_texture *zs = depth ? vc4_texture_create(ctx, VC4_FMT_Z24S8, VC4_LAYOUT_AUTO,
							    SIZE, SIZE, NULL) : NULL;
	struct vc4_texture *tex[2] = { make_texture(ctx, false), make_texture(ctx, true) };
	struct vc4_buffer *buf = vc4_buffer_create(ctx, big_triangle, sizeof(big_triangle));
	struct vc4_perf_counts counts = { 0 };
	bool ok = prog && color && (zs || !depth) && tex[0] && tex[1] && buf &&
		  set_state(ctx, color, zs, depth, blend) && vc4_set_program(ctx, prog) &&
		  set_values(ctx, prog, sh, tex, err, size) &&
		  set_attributes(ctx, prog, sh[0], buf) && vc4_perf_begin(ctx) &&
		  vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3) && vc4_perf_end(ctx, &counts);
	if (!ok && !err[0])
		snprintf(err, size, "%s", vc4_ctx_error(ctx));
	out->fs_instructions = counts.qpu_cycles_fragment;
	out->quads = counts.quads_shaded;
	vc4_buffer_destroy(buf);
	vc4_texture_destroy(tex[0]);
	vc4_texture_destroy(tex[1]);
	vc4_texture_destroy(zs);
	vc4_texture_destroy(color);
	vc4_prog_destroy(prog);
	return ok;
}

bool shaderdb_execute(const char *vsrc, const char *fsrc, bool depth, bool blend,
		      struct shaderdb_exec *out, char *err, size_t size)
{
	*out = (struct shaderdb_exec){ 0 };
	err[0] = '\0';
	struct glsl_shader *sh[2] = { NULL, NULL };
	bool ok = symbols(vsrc, fsrc, sh, err, size);
	struct vc4_ctx *ctx = ok ? vc4_ctx_create(VC4_CTX_BACKEND_SIM, err, size) : NULL;
	ok = ctx && draw(ctx, sh, vsrc, fsrc, depth, blend, out, err, size);
	vc4_ctx_destroy(ctx);
	glsl_shader_free(sh[0]);
	glsl_shader_free(sh[1]);
	return ok;
}
