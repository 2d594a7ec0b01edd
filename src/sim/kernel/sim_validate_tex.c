/*
 * sim_validate_tex.c: texture relocation and the surface size rules. A
 * texture sample's config words (P0..P3, from the shader's uniforms) must
 * describe an image of a supported type whose level 0 (all six faces for a
 * cube map) and mip levels lie inside the texture BO; direct (UBO) reads
 * must keep base + clamp inside it. P0 is then rewritten to the BO's GPU
 * address. The config words are read with the generated TEXTURE_CONFIG_*
 * functions, sizes and padding come from src/tiling. sim_check_tex_size()
 * is also used for RCL surfaces.
 */
#include "sim_validate.h"

#include <stdarg.h>
#include <stdio.h>

#include "qpu/check/qpu_kernel.h"
#include "tiling/tiling.h"
#include "vc4_packets.h"

/* The texture data types the kernel accepts (BW1, A4, A1, RGBA64 and
 * YUYV422R it refuses); their sizes are src/tiling's. */
static bool kernel_accepts(uint32_t type)
{
	switch (type) {
	case VC4_TEXTURE_DATA_TYPE_RGBA8888: case VC4_TEXTURE_DATA_TYPE_RGBX8888:
	case VC4_TEXTURE_DATA_TYPE_RGBA32R: case VC4_TEXTURE_DATA_TYPE_RGBA4444:
	case VC4_TEXTURE_DATA_TYPE_RGBA5551: case VC4_TEXTURE_DATA_TYPE_RGB565:
	case VC4_TEXTURE_DATA_TYPE_LUMALPHA: case VC4_TEXTURE_DATA_TYPE_S16F:
	case VC4_TEXTURE_DATA_TYPE_S16: case VC4_TEXTURE_DATA_TYPE_LUMINANCE:
	case VC4_TEXTURE_DATA_TYPE_ALPHA: case VC4_TEXTURE_DATA_TYPE_S8:
	case VC4_TEXTURE_DATA_TYPE_ETC1:
		return true;
	default:
		return false;
	}
}

bool sim_check_tex_size(const struct sim_bo *bo, uint64_t offset, uint32_t tiling,
			uint32_t width, uint32_t height, uint32_t cpp, const char *where,
			struct vc4_diag *diag)
{
	if (width > 4096 || height > 4096)
		return vc4_diag_set(diag, "%s: Surface dimensions (%u,%u) too large", where,
				    width, height);
	if (tiling > VC4_TILING_FORMAT_LT)
		return vc4_diag_set(diag, "%s: buffer tiling %u unsupported", where, tiling);
	uint32_t aw, ah;
	tiling_padded(tiling, cpp, width, height, &aw, &ah);
	uint64_t size = (uint64_t)aw * cpp * ah;
	/* Ours (found by fuzzing): an empty surface (width or height 0) at
	 * the very end of its BO passes the size rule, yet the RCL still
	 * points loads and stores at its first tile, past the BO. */
	if (offset >= bo->size)
		return vc4_diag_set(diag, "%s: surface offset %" PRIu64 " is not inside the "
				    "%u-byte BO", where, offset, bo->size);
	if (size + offset > bo->size)
		return vc4_diag_set(diag, "%s: Overflow in %ux%u (%ux%u) fbo size (%" PRIu64
				    " + %" PRIu64 " > %u)", where, width, height, aw, ah, size,
				    offset, bo->size);
	return true;
}

/* A direct (general memory) read: base p0 and clamp p1 inside the BO. */
static bool reloc_direct(const struct sim_bo *bo, uint32_t p0, uint32_t p1,
			 uint8_t *p0_v, const char *where, struct vc4_diag *diag)
{
	if (p0 > bo->size - 4)
		return vc4_diag_set(diag, "%s: UBO offset greater than UBO size (%u > %u - 4)",
				    where, p0, bo->size);
	if (p1 > bo->size - p0 - 4)
		return vc4_diag_set(diag, "%s: UBO clamp would allow reads outside of UBO "
				    "(%u + %u + 4 > %u)", where, p0, p1, bo->size);
	sim_wr32(p0_v, bo->paddr + p0);
	return true;
}

/* The cube map stride (bytes) from P2 or P3, exactly one of which must
 * carry one when the cube map bit is set. */
static bool cube_stride(uint32_t p2, uint32_t p3, uint32_t *stride, const char *where,
			struct vc4_diag *diag)
{
	struct VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE c2, c3;
	uint8_t raw[4];
	sim_wr32(raw, p2);
	VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE_unpack(raw, &c2);
	sim_wr32(raw, p3);
	VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE_unpack(raw, &c3);
	const uint32_t cube =
		VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE_PARAMETER_TYPE_CUBE_MAP_STRIDE;
	*stride = 0;
	if (c2.parameter_type == cube)
		*stride = c2.cube_map_stride << 12;
	if (c3.parameter_type == cube) {
		if (*stride)
			return vc4_diag_set(diag, "%s: Cube map stride set twice", where);
		*stride = c3.cube_map_stride << 12;
	}
	if (!*stride)
		return vc4_diag_set(diag, "%s: Cube map stride not set", where);
	return true;
}

/* Mip levels 1..levels lie below the level-0 offset, largest first. The
 * kernel's own bound: each dimension (in storage units) halved per level,
 * T turning LT once a level is small enough. */
static bool check_mip_levels(uint32_t offset, uint32_t levels, enum vc4_tiling_format tiling,
			     uint32_t width, uint32_t height, uint32_t cpp, const char *where,
			     struct vc4_diag *diag)
{
	for (uint32_t i = 1; i <= levels; i++) {
		uint32_t lw = width >> i ? width >> i : 1, lh = height >> i ? height >> i : 1;
		if (tiling == VC4_TILING_FORMAT_T && tiling_is_lt(lw, lh, cpp))
			tiling = VC4_TILING_FORMAT_LT;
		uint32_t aw, ah;
		tiling_padded(tiling, cpp, lw, lh, &aw, &ah);
		uint32_t level_size = aw * cpp * ah;
		if (offset < level_size)
			return vc4_diag_set(diag, "%s: Level %u (%ux%u -> %ux%u) size %ub "
					    "overflowed buffer bounds (offset %u)", where, i, lw,
					    lh, aw, ah, level_size, offset);
		offset -= level_size;
	}
	return true;
}

/* A TMU lookup configured by P0..P3. */
static bool reloc_config(const struct sim_bo *bo, const uint32_t p[4], uint8_t *p0_v,
			 const char *where, struct vc4_diag *diag)
{
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 c0;
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 c1;
	uint8_t raw[4];
	sim_wr32(raw, p[0]);
	VC4_TEXTURE_CONFIG_PARAMETER_0_unpack(raw, &c0);
	sim_wr32(raw, p[1]);
	VC4_TEXTURE_CONFIG_PARAMETER_1_unpack(raw, &c1);
	uint32_t width = c1.image_width ? c1.image_width : 2048;
	uint32_t height = c1.image_height ? c1.image_height : 2048;
	uint32_t stride = 0;
	if (c0.cube_map_mode && !cube_stride(p[2], p[3], &stride, where, diag))
		return false;
	uint32_t type = c0.texture_data_type | (uint32_t)c1.texture_data_type_extended << 4;
	if (!kernel_accepts(type))
		return vc4_diag_set(diag, "%s: Texture format %u unsupported", where, type);
	const struct tiling_texel_type *texel = tiling_texel_type(type);
	uint32_t cpp = texel->cpp;
	width = tiling_units(texel, width); /* ETC1: 4x4 blocks of 8 bytes */
	height = tiling_units(texel, height);
	enum vc4_tiling_format tiling = tiling_texture_tiling(type, width, height);
	uint32_t offset = c0.texture_base_pointer.offset;
	if (!sim_check_tex_size(bo, (uint64_t)offset + 5ull * stride, tiling, width, height, cpp,
				where, diag) ||
	    !check_mip_levels(offset, c0.number_of_mipmap_levels_minus_1, tiling, width, height,
			      cpp, where, diag))
		return false;
	sim_wr32(p0_v, bo->paddr + p[0]);
	return true;
}

/* The word at byte offset `o` of a `size`-byte uniform block (0 if absent). */
static bool uniform_at(const uint8_t *u, uint32_t size, int32_t o, uint32_t *v)
{
	*v = 0;
	if (o < 0)
		return true;
	if ((uint32_t)o > size - 4 || size < 4 || o % 4)
		return false;
	*v = sim_rd32(u + o);
	return true;
}

bool sim_validate_reloc_tex(struct sim_exec *e, const uint8_t *uniforms_u,
			    uint8_t *uniforms_v, uint32_t size,
			    const struct qpu_kernel_texture_sample *sample, uint32_t tex_index,
			    const char *where, struct vc4_diag *diag)
{
	struct sim_bo *bo = sim_exec_use_bo(e, tex_index, where, diag);
	if (!bo)
		return false;
	uint32_t p[4];
	for (int i = 0; i < 4; i++)
		if (!uniform_at(uniforms_u, size, sample->p_offset[i], &p[i]))
			return vc4_diag_set(diag, "%s: P%d offset %d outside the %u-byte uniforms",
					    where, i, sample->p_offset[i], size);
	if (sample->p_offset[0] < 0 || sample->p_offset[1] < 0)
		return vc4_diag_set(diag, "%s: sample without P0/P1 uniforms", where);
	uint8_t *p0_v = uniforms_v + sample->p_offset[0];
	if (sample->is_direct)
		return reloc_direct(bo, p[0], p[1], p0_v, where, diag);
	return reloc_config(bo, p, p0_v, where, diag);
}
