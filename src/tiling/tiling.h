/*
 * tiling.h: the memory layouts of VideoCore IV images, described once for
 * the driver, the simulated kernel's validator, the simulated pipeline (TMU
 * and tile buffer) and vc4-replay: micro-tile (utile) dimensions per bytes
 * per texel, byte offsets in the raster, LT and T layouts, padded sizes,
 * the LT-or-T size rule, the mip chain the TMU walks, and the texture data
 * types with their sizes. docs/tiling.md explains the layouts and where
 * each fact comes from.
 */
#ifndef VC4_TILING_TILING_H
#define VC4_TILING_TILING_H

#include <stdbool.h>
#include <stdint.h>

#include "vc4_packets.h"

#define TILING_UTILE_BYTES 64u    /* a micro-tile: 64 contiguous bytes */
#define TILING_SUBTILE_BYTES 1024u /* T: a 4x4-utile sub-tile */
#define TILING_TILE_BYTES 4096u   /* T: a tile of 2x2 sub-tiles (8x8 utiles) */
#define TILING_TEXEL_TYPE_COUNT 18u /* enum vc4_texture_data_type */

/* ---- micro-tiles and addresses (tiling_layout.c) ---------------------- */

/* Whether `cpp` bytes per texel has a micro-tile shape: 1, 2, 4 or 8. */
bool tiling_cpp_valid(uint32_t cpp);

/* Width and height in texels of a 64-byte micro-tile of `cpp`-byte
 * texels: 8x8 (cpp 1), 8x4 (2), 4x4 (4), 2x4 (8). cpp must be valid. */
uint32_t tiling_utile_w(uint32_t cpp);
uint32_t tiling_utile_h(uint32_t cpp);

/* The size rule that picks LT over T for a texture (and for each mip
 * level): at most 4 micro-tiles wide or at most 4 high. */
bool tiling_is_lt(uint32_t width, uint32_t height, uint32_t cpp);

/* The padded size of a width x height image: raster rows padded to whole
 * micro-tile widths (height as is), LT to whole micro-tiles, T to whole
 * 4 KiB tiles (8x8 micro-tiles). Reserved tilings (3) are treated as
 * raster; callers reject them first. */
void tiling_padded(enum vc4_tiling_format tiling, uint32_t cpp, uint32_t width,
		   uint32_t height, uint32_t *padded_w, uint32_t *padded_h);

/* Bytes the padded image occupies (padded_w * padded_h * cpp). */
uint64_t tiling_bytes(enum vc4_tiling_format tiling, uint32_t cpp, uint32_t width,
		      uint32_t height);

/* Bytes from one raster row to the next: width padded to micro-tiles. */
uint32_t tiling_raster_stride(uint32_t cpp, uint32_t width);

/* Byte offset of texel (x, y) (row 0 first in memory) in an image
 * `width` texels wide. */
uint64_t tiling_offset(enum vc4_tiling_format tiling, uint32_t cpp, uint32_t width,
		       uint32_t x, uint32_t y);

/* LT and T: byte offset of micro-tile (ux, uy), counted in micro-tiles,
 * in an image `width` texels wide. Its 64 bytes are contiguous: rows of
 * tiling_utile_w(cpp) texels, top row first. */
uint64_t tiling_utile_offset(enum vc4_tiling_format tiling, uint32_t cpp, uint32_t width,
			     uint32_t ux, uint32_t uy);

/* T: byte offset of micro-tile (ux, uy) in an image `per_row` 4 KiB tiles
 * wide (tile rows alternating direction; in a tile, the 1 KiB sub-tile of
 * quadrant q (bit 1: lower half, bit 0: right half) is entry q of 0, 3, 1,
 * 2 on even tile rows and of 2, 1, 3, 0 on odd ones, two bits each; 4x4
 * micro-tiles in raster order inside it). tiling_utile_offset() and
 * tiling_addr_offset() use it; inline for the simulator's per-texel
 * loops. */
static inline uint64_t tiling_t_utile_offset(uint32_t per_row, uint32_t ux, uint32_t uy)
{
	uint32_t tx = ux / 8, ty = uy / 8, odd = ty & 1;
	uint32_t col = odd ? per_row - 1 - tx : tx;
	uint32_t quadrant = ((uy / 4) & 1) * 2 + ((ux / 4) & 1);
	uint32_t subtile = ((odd ? 0x36u : 0x9cu) >> (2 * quadrant)) & 3;
	uint32_t in_subtile = (uy % 4) * 4 + ux % 4;
	return ((uint64_t)ty * per_row + col) * TILING_TILE_BYTES +
	       subtile * TILING_SUBTILE_BYTES + in_subtile * TILING_UTILE_BYTES;
}

/* The addresses of one image, set up once (tiling_addr_init()) for many
 * tiling_addr_offset() calls: the same offsets as tiling_offset(). */
struct tiling_addr {
	enum vc4_tiling_format tiling;  /* raster for anything but LT and T */
	uint32_t cpp;
	uint32_t uw_log2, uh_log2;      /* micro-tile shape (powers of two) */
	uint32_t row;                   /* raster: bytes per row; LT: micro-tiles
					 * per row; T: tiles per row */
};

/* Sets a up for an image of `cpp`-byte texels (valid), `width` wide. */
void tiling_addr_init(struct tiling_addr *a, enum vc4_tiling_format tiling, uint32_t cpp,
		      uint32_t width);

/* tiling_utile_offset() of micro-tile (ux, uy) of an LT or T image. */
static inline uint64_t tiling_addr_utile_offset(const struct tiling_addr *a, uint32_t ux,
						uint32_t uy)
{
	if (a->tiling == VC4_TILING_FORMAT_LT)
		return ((uint64_t)uy * a->row + ux) * TILING_UTILE_BYTES;
	return tiling_t_utile_offset(a->row, ux, uy);
}

/* tiling_offset() of texel (x, y) of the image a describes. */
static inline uint64_t tiling_addr_offset(const struct tiling_addr *a, uint32_t x, uint32_t y)
{
	if (a->tiling != VC4_TILING_FORMAT_LT && a->tiling != VC4_TILING_FORMAT_T)
		return (uint64_t)y * a->row + (uint64_t)x * a->cpp;
	uint32_t in_utile = (((y & ((1u << a->uh_log2) - 1)) << a->uw_log2) +
			     (x & ((1u << a->uw_log2) - 1))) * a->cpp;
	return tiling_addr_utile_offset(a, x >> a->uw_log2, y >> a->uh_log2) + in_utile;
}

/* The byte steps from texel (x, y) to (x + 1, y) (*dx) and to (x, y + 1)
 * (*dy) of the image a describes: in a raster image always; in LT and T
 * only when the four texels lie in one micro-tile, else false. */
static inline bool tiling_addr_steps(const struct tiling_addr *a, uint32_t x, uint32_t y,
				     uint32_t *dx, uint32_t *dy)
{
	*dx = a->cpp;
	if (a->tiling != VC4_TILING_FORMAT_LT && a->tiling != VC4_TILING_FORMAT_T) {
		*dy = a->row;
		return true;
	}
	*dy = a->cpp << a->uw_log2;
	return ((x + 1) & ((1u << a->uw_log2) - 1)) != 0 &&
	       ((y + 1) & ((1u << a->uh_log2) - 1)) != 0;
}

/* ---- texture data types and mip levels (tiling_texture.c) ------------- */

/* One texture data type (enum vc4_texture_data_type). */
struct tiling_texel_type {
	const char *name;
	uint8_t bits;   /* bits per texel */
	uint8_t cpp;    /* bytes per storage unit (texel, or block); 0: below a byte */
	uint8_t block;  /* texels per side of a storage unit: 1, or 4 (ETC1) */
};

/* The type `type` (Texture Data Type | Extended << 4), or NULL when it is
 * not one (>= TILING_TEXEL_TYPE_COUNT). */
const struct tiling_texel_type *tiling_texel_type(uint32_t type);

/* Storage units across `texels` texels of a type (blocks for ETC1). */
uint32_t tiling_units(const struct tiling_texel_type *t, uint32_t texels);

/* The tiling of a texture image of `uw` x `uh` storage units: raster for
 * RGBA32R, else LT or T by tiling_is_lt(). */
enum vc4_tiling_format tiling_texture_tiling(uint32_t type, uint32_t uw, uint32_t uh);

/* One mip level of a texture as the TMU finds it. */
struct tiling_level {
	uint32_t w, h;                  /* texels */
	uint32_t uw, uh;                /* storage units */
	enum vc4_tiling_format tiling;
	uint32_t bytes;                 /* padded size */
	uint32_t below;                 /* bytes from level 0's start back to this level's */
};

/* Level `level` of a texture of type `type` (with a byte layout: cpp > 0)
 * whose level 0 is width x height: level 0 as given; level n the power of
 * two at or above each dimension, halved n times, at least 1. Levels 1, 2,
 * ... lie below level 0 in memory, each ending where the previous starts. */
void tiling_tmu_level(uint32_t type, uint32_t width, uint32_t height, uint32_t level,
		      struct tiling_level *l);

#endif
