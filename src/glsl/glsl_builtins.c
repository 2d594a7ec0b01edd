/*
 * glsl_builtins.c: the signatures of the built-in functions of GLSL ES 1.00
 * chapter 8 as data, and overload matching against argument types. A
 * signature is one character per parameter:
 *   g genType (float, vec2..4; all g of a call have one type)
 *   f float    m matN (all m alike)    2 3 4 vecN
 *   V vec2..4  I ivec2..4  B bvec2..4 (all of one call have one size N)
 *   S sampler2D   C samplerCube
 * and one for the result: g, f, m, 3, 4, b (bvecN), x (bool), B (bvecN).
 * Their lowering is in glsl_lower_builtins.c.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_internal.h"
#include "util/code_align.h"

#define VS 1
#define FS 2
#define ALL 3

const struct glsl_builtin_fn glsl_builtins[] = {
	{ "radians", "g", 'g', ALL, BI_RADIANS }, { "degrees", "g", 'g', ALL, BI_DEGREES },
	{ "sin", "g", 'g', ALL, BI_SIN }, { "cos", "g", 'g', ALL, BI_COS },
	{ "tan", "g", 'g', ALL, BI_TAN }, { "asin", "g", 'g', ALL, BI_ASIN },
	{ "acos", "g", 'g', ALL, BI_ACOS }, { "atan", "gg", 'g', ALL, BI_ATAN2 },
	{ "atan", "g", 'g', ALL, BI_ATAN },
	{ "pow", "gg", 'g', ALL, BI_POW }, { "exp", "g", 'g', ALL, BI_EXP },
	{ "log", "g", 'g', ALL, BI_LOG }, { "exp2", "g", 'g', ALL, BI_EXP2 },
	{ "log2", "g", 'g', ALL, BI_LOG2 }, { "sqrt", "g", 'g', ALL, BI_SQRT },
	{ "inversesqrt", "g", 'g', ALL, BI_INVERSESQRT },
	{ "abs", "g", 'g', ALL, BI_ABS }, { "sign", "g", 'g', ALL, BI_SIGN },
	{ "floor", "g", 'g', ALL, BI_FLOOR }, { "ceil", "g", 'g', ALL, BI_CEIL },
	{ "fract", "g", 'g', ALL, BI_FRACT },
	{ "mod", "gg", 'g', ALL, BI_MOD }, { "mod", "gf", 'g', ALL, BI_MOD },
	{ "min", "gg", 'g', ALL, BI_MIN }, { "min", "gf", 'g', ALL, BI_MIN },
	{ "max", "gg", 'g', ALL, BI_MAX }, { "max", "gf", 'g', ALL, BI_MAX },
	{ "clamp", "ggg", 'g', ALL, BI_CLAMP }, { "clamp", "gff", 'g', ALL, BI_CLAMP },
	{ "mix", "ggg", 'g', ALL, BI_MIX }, { "mix", "ggf", 'g', ALL, BI_MIX },
	{ "step", "gg", 'g', ALL, BI_STEP }, { "step", "fg", 'g', ALL, BI_STEP },
	{ "smoothstep", "ggg", 'g', ALL, BI_SMOOTHSTEP },
	{ "smoothstep", "ffg", 'g', ALL, BI_SMOOTHSTEP },
	{ "length", "g", 'f', ALL, BI_LENGTH }, { "distance", "gg", 'f', ALL, BI_DISTANCE },
	{ "dot", "gg", 'f', ALL, BI_DOT }, { "cross", "33", '3', ALL, BI_CROSS },
	{ "normalize", "g", 'g', ALL, BI_NORMALIZE },
	{ "faceforward", "ggg", 'g', ALL, BI_FACEFORWARD },
	{ "reflect", "gg", 'g', ALL, BI_REFLECT }, { "refract", "ggf", 'g', ALL, BI_REFRACT },
	{ "matrixCompMult", "mm", 'm', ALL, BI_MATRIXCOMPMULT },
	{ "lessThan", "VV", 'b', ALL, BI_LESSTHAN }, { "lessThan", "II", 'b', ALL, BI_LESSTHAN },
	{ "lessThanEqual", "VV", 'b', ALL, BI_LESSTHANEQUAL },
	{ "lessThanEqual", "II", 'b', ALL, BI_LESSTHANEQUAL },
	{ "greaterThan", "VV", 'b', ALL, BI_GREATERTHAN },
	{ "greaterThan", "II", 'b', ALL, BI_GREATERTHAN },
	{ "greaterThanEqual", "VV", 'b', ALL, BI_GREATERTHANEQUAL },
	{ "greaterThanEqual", "II", 'b', ALL, BI_GREATERTHANEQUAL },
	{ "equal", "VV", 'b', ALL, BI_EQUAL }, { "equal", "II", 'b', ALL, BI_EQUAL },
	{ "equal", "BB", 'b', ALL, BI_EQUAL },
	{ "notEqual", "VV", 'b', ALL, BI_NOTEQUAL }, { "notEqual", "II", 'b', ALL, BI_NOTEQUAL },
	{ "notEqual", "BB", 'b', ALL, BI_NOTEQUAL },
	{ "any", "B", 'x', ALL, BI_ANY }, { "all", "B", 'x', ALL, BI_ALL },
	{ "not", "B", 'b', ALL, BI_NOT },
	{ "texture2D", "S2", '4', ALL, BI_TEXTURE2D },
	{ "texture2D", "S2f", '4', FS, BI_TEXTURE2D },
	{ "texture2DProj", "S3", '4', ALL, BI_TEXTURE2DPROJ },
	{ "texture2DProj", "S4", '4', ALL, BI_TEXTURE2DPROJ },
	{ "texture2DProj", "S3f", '4', FS, BI_TEXTURE2DPROJ },
	{ "texture2DProj", "S4f", '4', FS, BI_TEXTURE2DPROJ },
	{ "texture2DLod", "S2f", '4', VS, BI_TEXTURE2DLOD },
	{ "texture2DProjLod", "S3f", '4', VS, BI_TEXTURE2DPROJLOD },
	{ "texture2DProjLod", "S4f", '4', VS, BI_TEXTURE2DPROJLOD },
	{ "textureCube", "C3", '4', ALL, BI_TEXTURECUBE },
	{ "textureCube", "C3f", '4', FS, BI_TEXTURECUBE },
	{ "textureCubeLod", "C3f", '4', VS, BI_TEXTURECUBELOD },
};

const uint32_t glsl_nbuiltins = sizeof(glsl_builtins) / sizeof(glsl_builtins[0]);

bool glsl_is_builtin_name(const char *name)
{
	for (uint32_t i = 0; i < glsl_nbuiltins; i++)
		if (glsl_builtins[i].name[0] == name[0] && vc4_streq(glsl_builtins[i].name, name))
			return true;
	return false;
}

/* Does type t fit class ch, given the size n (0: not fixed yet) and the
 * genType/matrix seen so far? Updates them. */
static bool fits(char ch, struct glsl_type t, uint8_t *n, struct glsl_type *gen)
{
	if (t.array)
		return false;
	switch (ch) {
	case 'g': case 'm':
		if (gen->base)
			return glsl_type_eq(*gen, t);
		if (t.base != GLSL_FLOAT || (ch == 'g' ? t.cols != 1 : t.cols == 1))
			return false;
		*gen = t;
		return true;
	case 'f': return glsl_type_eq(t, GT(GLSL_FLOAT, 1));
	case '2': case '3': case '4':
		return glsl_type_eq(t, GT(GLSL_FLOAT, (uint8_t)(ch - '0')));
	case 'S': return t.base == GLSL_SAMPLER2D;
	case 'C': return t.base == GLSL_SAMPLERCUBE;
	default: {
		uint8_t base = ch == 'V' ? GLSL_FLOAT : ch == 'I' ? GLSL_INT : GLSL_BOOL;
		if (t.base != base || t.cols != 1 || t.size < 2 || (*n && t.size != *n))
			return false;
		*n = t.size;
		return true;
	}
	}
}

static struct glsl_type result(char ch, uint8_t n, struct glsl_type gen)
{
	switch (ch) {
	case 'g': case 'm': return gen;
	case 'f': return GT(GLSL_FLOAT, 1);
	case '3': case '4': return GT(GLSL_FLOAT, (uint8_t)(ch - '0'));
	case 'x': return GT(GLSL_BOOL, 1);
	default: return GT(GLSL_BOOL, n);
	}
}

VC4_CODE_ALIGN(2048)
int glsl_builtin_match(const char *name, enum glsl_stage stage, const struct glsl_type *args,
		       uint32_t nargs, struct glsl_type *ret)
{
	int found = -2, wrong_stage = -1;
	for (uint32_t i = 0; i < glsl_nbuiltins; i++) {
		const struct glsl_builtin_fn *b = &glsl_builtins[i];
		if (b->name[0] != name[0] || !vc4_streq(b->name, name))
			continue;   /* the first letter first: cheap, and most differ there */
		found = -1;
		if (strlen(b->sig) != nargs)
			continue;
		uint8_t n = 0;
		struct glsl_type gen = { 0 };
		uint32_t k = 0;
		while (k < nargs && fits(b->sig[k], args[k], &n, &gen))
			k++;
		if (k < nargs)
			continue;
		*ret = result((char)b->ret, n, gen);
		if (b->stage_mask & (1u << stage))
			return (int)i;
		wrong_stage = (int)i;
	}
	return wrong_stage >= 0 ? wrong_stage : found;
}
