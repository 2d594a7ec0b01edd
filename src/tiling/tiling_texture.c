/*
 * tiling_texture.c: the texture data types (one table: name, bits per
 * texel, bytes per storage unit, ETC1's 4x4 blocks), the tiling a texture
 * image gets, and the mip chain as the TMU walks it: each level's size,
 * layout and place below level 0 (docs/tiling.md, "Textures").
 */
#include "tiling/tiling.h"

#include <stddef.h>

/* The Reference Guide's texture data types. Below-a-byte types (BW1, A4,
 * A1) have no byte layout here: nothing reads or writes them. */
static const struct tiling_texel_type texel_types[TILING_TEXEL_TYPE_COUNT] = {
	[VC4_TEXTURE_DATA_TYPE_RGBA8888] = { "RGBA8888", 32, 4, 1 },
	[VC4_TEXTURE_DATA_TYPE_RGBX8888] = { "RGBX8888", 32, 4, 1 },
	[VC4_TEXTURE_DATA_TYPE_RGBA4444] = { "RGBA4444", 16, 2, 1 },
	[VC4_TEXTURE_DATA_TYPE_RGBA5551] = { "RGBA5551", 16, 2, 1 },
	[VC4_TEXTURE_DATA_TYPE_RGB565] = { "RGB565", 16, 2, 1 },
	[VC4_TEXTURE_DATA_TYPE_LUMINANCE] = { "LUMINANCE", 8, 1, 1 },
	[VC4_TEXTURE_DATA_TYPE_ALPHA] = { "ALPHA", 8, 1, 1 },
	[VC4_TEXTURE_DATA_TYPE_LUMALPHA] = { "LUMALPHA", 16, 2, 1 },
	[VC4_TEXTURE_DATA_TYPE_ETC1] = { "ETC1", 4, 8, 4 },
	[VC4_TEXTURE_DATA_TYPE_S16F] = { "S16F", 16, 2, 1 },
	[VC4_TEXTURE_DATA_TYPE_S8] = { "S8", 8, 1, 1 },
	[VC4_TEXTURE_DATA_TYPE_S16] = { "S16", 16, 2, 1 },
	[VC4_TEXTURE_DATA_TYPE_BW1] = { "BW1", 1, 0, 1 },
	[VC4_TEXTURE_DATA_TYPE_A4] = { "A4", 4, 0, 1 },
	[VC4_TEXTURE_DATA_TYPE_A1] = { "A1", 1, 0, 1 },
	[VC4_TEXTURE_DATA_TYPE_RGBA64] = { "RGBA64", 64, 8, 1 },
	[VC4_TEXTURE_DATA_TYPE_RGBA32R] = { "RGBA32R", 32, 4, 1 },
	[VC4_TEXTURE_DATA_TYPE_YUYV422R] = { "YUYV422R", 16, 2, 1 },
};

const struct tiling_texel_type *tiling_texel_type(uint32_t type)
{
	return type < TILING_TEXEL_TYPE_COUNT ? &texel_types[type] : NULL;
}

uint32_t tiling_units(const struct tiling_texel_type *t, uint32_t texels)
{
	return (texels + t->block - 1) / t->block;
}

enum vc4_tiling_format tiling_texture_tiling(uint32_t type, uint32_t uw, uint32_t uh)
{
	if (type == VC4_TEXTURE_DATA_TYPE_RGBA32R)
		return VC4_TILING_FORMAT_RASTER;
	return tiling_is_lt(uw, uh, texel_types[type].cpp) ? VC4_TILING_FORMAT_LT
							   : VC4_TILING_FORMAT_T;
}

/* A dimension of level `level` from its level-0 size d: d itself at level
 * 0; below, the power of two at or above d halved per level, at least 1
 * (the layout Mesa's vc4_setup_slices writes and the TMU reads). */
static uint32_t level_dim(uint32_t d, uint32_t level)
{
	if (level == 0)
		return d;
	uint64_t pot = 1;
	while (pot < d)
		pot <<= 1;
	pot = level < 64 ? pot >> level : 0;
	return pot ? (uint32_t)pot : 1;
}

/* Size and layout of level `level` (l->below not set). */
static void level_shape(uint32_t type, uint32_t width, uint32_t height, uint32_t level,
			struct tiling_level *l)
{
	const struct tiling_texel_type *t = &texel_types[type];
	l->w = level_dim(width, level);
	l->h = level_dim(height, level);
	l->uw = tiling_units(t, l->w);
	l->uh = tiling_units(t, l->h);
	l->tiling = tiling_texture_tiling(type, l->uw, l->uh);
	l->bytes = (uint32_t)tiling_bytes(l->tiling, t->cpp, l->uw, l->uh);
}

void tiling_tmu_level(uint32_t type, uint32_t width, uint32_t height, uint32_t level,
		      struct tiling_level *l)
{
	uint32_t below = 0;
	for (uint32_t i = 1; i <= level; i++) {
		level_shape(type, width, height, i, l);
		below += l->bytes;
	}
	level_shape(type, width, height, level, l);
	l->below = below;
}
