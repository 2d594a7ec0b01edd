/*
 * glsl_types.c: GLSL ES 1.00 types — the type keywords, names for
 * messages, and how a type is cut into IR "leaves" (one IR value or slot
 * per scalar/vector, per matrix column, per struct member leaf, per array
 * element leaf, in declaration order; equality and the leaves of a
 * non-struct, non-array type are inline in glsl_internal.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_internal.h"
#include "util/code_align.h"

static const struct { const char *name; uint8_t len; struct glsl_type t; } type_words[] = {
	{ "void", 4, { GLSL_VOID, 0, 1, 0, NULL } },
	{ "float", 5, GT(GLSL_FLOAT, 1) }, { "vec2", 4, GT(GLSL_FLOAT, 2) },
	{ "vec3", 4, GT(GLSL_FLOAT, 3) }, { "vec4", 4, GT(GLSL_FLOAT, 4) },
	{ "int", 3, GT(GLSL_INT, 1) }, { "ivec2", 5, GT(GLSL_INT, 2) },
	{ "ivec3", 5, GT(GLSL_INT, 3) }, { "ivec4", 5, GT(GLSL_INT, 4) },
	{ "bool", 4, GT(GLSL_BOOL, 1) }, { "bvec2", 5, GT(GLSL_BOOL, 2) },
	{ "bvec3", 5, GT(GLSL_BOOL, 3) }, { "bvec4", 5, GT(GLSL_BOOL, 4) },
	{ "mat2", 4, GT_MAT(2) }, { "mat3", 4, GT_MAT(3) }, { "mat4", 4, GT_MAT(4) },
	{ "sampler2D", 9, GT(GLSL_SAMPLER2D, 1) }, { "samplerCube", 11, GT(GLSL_SAMPLERCUBE, 1) },
};

VC4_CODE_ALIGN(256)
bool glsl_type_keyword(const char *s, size_t n, struct glsl_type *out)
{
	if (n < 3 || n > 11)    /* "int" .. "samplerCube" */
		return false;
	for (size_t i = 0; i < sizeof(type_words) / sizeof(type_words[0]); i++) {
		if (type_words[i].len != n || type_words[i].name[0] != s[0])
			continue;
		size_t j = 1;   /* compared in place: most words differ early */
		while (j < n && type_words[i].name[j] == s[j])
			j++;
		if (j == n) {
			*out = type_words[i].t;
			return true;
		}
	}
	return false;
}

const char *glsl_type_name(struct glsl_type t, char *buf)
{
	const char *base = "?";
	struct glsl_type e = glsl_elem(t);
	for (size_t i = 0; i < sizeof(type_words) / sizeof(type_words[0]); i++)
		if (glsl_type_eq(type_words[i].t, e)) {
			base = type_words[i].name;   /* the words are distinct types */
			break;
		}
	buf[0] = '\0';   /* built without printf: the lowering names every interface symbol */
	size_t n;
	if (t.base == GLSL_STRUCT)
		n = glsl_cat(buf, 64, 0, t.st->name ? t.st->name : "struct", 40);
	else
		n = glsl_cat(buf, 64, 0, base, 63);
	if (t.array)
		glsl_cat(buf, 64, glsl_cat_u(buf, 64, glsl_cat(buf, 64, n, "[", 1), t.array), "]", 1);
	return buf;
}

uint32_t glsl_leaves_general(struct glsl_type t)
{
	uint32_t n = 0;
	if (t.base == GLSL_STRUCT) {
		for (uint32_t f = 0; f < t.st->nfields; f++) {
			n += glsl_leaves(t.st->fields[f].type);
			if (n > GLSL_MAX_LEAVES)
				return GLSL_MAX_LEAVES + 1;
		}
	} else if (t.base != GLSL_VOID) {
		n = t.cols;
	}
	uint64_t total = (uint64_t)n * (t.array ? t.array : 1);
	return total > GLSL_MAX_LEAVES ? GLSL_MAX_LEAVES + 1 : (uint32_t)total;
}

uint32_t glsl_field_offset(const struct glsl_struct *st, uint32_t f)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < f; i++)
		n += glsl_leaves(st->fields[i].type);
	return n;
}

struct glsl_type glsl_leaf_type(struct glsl_type t, uint32_t k)
{
	if (t.array) {
		struct glsl_type e = glsl_elem(t);
		return glsl_leaf_type(e, k % glsl_leaves(e));
	}
	if (t.base == GLSL_STRUCT) {
		for (uint32_t f = 0; f < t.st->nfields; f++) {
			uint32_t n = glsl_leaves(t.st->fields[f].type);
			if (k < n)
				return glsl_leaf_type(t.st->fields[f].type, k);
			k -= n;
		}
	}
	if (t.cols > 1)
		return GT(GLSL_FLOAT, t.size);
	return t;
}
