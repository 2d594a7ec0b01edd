/*
 * pipe_tmu_texel.c: the TMU's texels: the texture data types (one table,
 * tmu_formats[]) and the 32-bit word each texel becomes, the ETC1 block
 * decoder, and where a texel is: mip levels stored below level 0, cube
 * faces a stride apart, each level in the T, LT or raster layout
 * (docs/pipeline.md, "Textures").
 */
#include <string.h>

#include "sim/pipe/pipe_tmu.h"

enum tmu_kind {
	TMU_NONE,       /* not modelled */
	TMU_BYTES,      /* memory byte i -> result byte i (bits[i] == 0: 0xff) */
	TMU_PACKED,     /* 16-bit word, fields from bit 15 down -> result bytes 0..3 */
	TMU_LUM,        /* L -> bytes 0..2, alpha 0xff */
	TMU_ALPHA,      /* A -> byte 3, bytes 0..2 zero */
	TMU_LUMALPHA,   /* memory byte 0 (L) -> bytes 0..2, byte 1 (A) -> byte 3 */
	TMU_ETC1,       /* 8-byte blocks of 4x4 texels -> R, G, B, 0xff */
};

struct tmu_format {
	const char *name;
	uint8_t cpp;       /* bytes per texel (per 4x4 block for ETC1) */
	uint8_t kind;      /* enum tmu_kind */
	uint8_t bits[4];   /* TMU_BYTES / TMU_PACKED: field widths, 0 = none */
};

/* The Reference Guide's texture data types. Result layouts: Mesa's
 * vc4_formats.c swizzles and vc4_uniforms.c border colours. */
static const struct tmu_format tmu_formats[TMU_TYPE_COUNT] = {
	[0] = { "RGBA8888", 4, TMU_BYTES, { 8, 8, 8, 8 } },
	[1] = { "RGBX8888", 4, TMU_BYTES, { 8, 8, 8, 0 } },
	[2] = { "RGBA4444", 2, TMU_PACKED, { 4, 4, 4, 4 } },
	[3] = { "RGBA5551", 2, TMU_PACKED, { 5, 5, 5, 1 } },
	[4] = { "RGB565", 2, TMU_PACKED, { 5, 6, 5, 0 } },
	[5] = { "LUMINANCE", 1, TMU_LUM, { 0 } },
	[6] = { "ALPHA", 1, TMU_ALPHA, { 0 } },
	[7] = { "LUMALPHA", 2, TMU_LUMALPHA, { 0 } },
	[8] = { "ETC1", 8, TMU_ETC1, { 0 } },
	[9] = { "S16F", 2, TMU_NONE, { 0 } },
	[10] = { "S8", 1, TMU_NONE, { 0 } },
	[11] = { "S16", 2, TMU_NONE, { 0 } },
	[12] = { "BW1", 1, TMU_NONE, { 0 } },
	[13] = { "A4", 1, TMU_NONE, { 0 } },
	[14] = { "A1", 1, TMU_NONE, { 0 } },
	[15] = { "RGBA64", 8, TMU_NONE, { 0 } },
	[16] = { "RGBA32R", 4, TMU_BYTES, { 8, 8, 8, 8 } },
	[17] = { "YUYV422R", 4, TMU_NONE, { 0 } },
};

const struct tmu_format *tmu_format(uint32_t type)
{
	return tmu_formats[type].kind == TMU_NONE ? NULL : &tmu_formats[type];
}

const char *tmu_type_name(uint32_t type)
{
	return tmu_formats[type].name;
}

/* Micro-tile (64 bytes) width and height in storage units of `cpp` bytes. */
static uint32_t utile_w(uint32_t cpp)
{
	return cpp <= 2 ? 8 : cpp == 4 ? 4 : 2;
}

static uint32_t utile_h(uint32_t cpp)
{
	return cpp == 1 ? 8 : 4;
}

static uint32_t align_up(uint32_t v, uint32_t a)
{
	return (v + a - 1) / a * a;
}

/* A dimension of mip level `level` from its level-0 size d: d at level 0;
 * below, the power of two at or above d halved per level, at least 1
 * (Mesa's vc4_setup_slices, whose layout the TMU must find). */
static uint32_t level_dim(uint32_t d, uint32_t level)
{
	if (level == 0)
		return d;
	uint32_t pot = 1;
	while (pot < d)
		pot <<= 1;
	pot >>= level;
	return pot ? pot : 1;
}

/* Fills the size and layout of level `level` (address not set). */
static void level_shape(const struct tmu_tex *t, uint32_t level, struct tmu_level *l)
{
	uint32_t cpp = t->fmt->cpp;
	bool etc = t->fmt->kind == TMU_ETC1;
	l->w = level_dim(t->width, level);
	l->h = level_dim(t->height, level);
	l->uw = etc ? (l->w + 3) / 4 : l->w;
	l->uh = etc ? (l->h + 3) / 4 : l->h;
	if (t->type == 16)
		l->tiling = VC4_TILING_FORMAT_RASTER;
	else if (l->uw <= 4 * utile_w(cpp) || l->uh <= 4 * utile_h(cpp))
		l->tiling = VC4_TILING_FORMAT_LT;
	else
		l->tiling = VC4_TILING_FORMAT_T;
}

/* Bytes a level occupies: whole micro-tiles (LT), whole 4 KiB tiles (T),
 * rows of whole micro-tile widths (raster). */
static uint32_t level_bytes(const struct tmu_tex *t, const struct tmu_level *l)
{
	uint32_t cpp = t->fmt->cpp, a = l->tiling == VC4_TILING_FORMAT_T ? 8 : 1;
	uint32_t h = l->uh;
	if (l->tiling != VC4_TILING_FORMAT_RASTER)
		h = align_up(h, utile_h(cpp) * a);
	return align_up(l->uw, utile_w(cpp) * a) * cpp * h;
}

void tmu_level(const struct tmu_tex *t, uint32_t face, uint32_t level, struct tmu_level *l)
{
	int64_t addr = (int64_t)t->base + (int64_t)face * t->cube_stride;
	for (uint32_t i = 1; i <= level; i++) {
		level_shape(t, i, l);
		addr -= level_bytes(t, l);
	}
	level_shape(t, level, l);
	l->addr = addr;
}

/* Byte offset of storage unit (x, y) in level l. T: 4 KiB tiles of 8x8
 * micro-tiles, tile rows alternating direction, each tile 2x2 sub-tiles
 * of 1 KiB ordered by the row's parity, each 4x4 micro-tiles in raster
 * order. */
static uint32_t unit_offset(uint32_t cpp, const struct tmu_level *l, uint32_t x, uint32_t y)
{
	static const uint8_t sub_even[4] = { 0, 3, 1, 2 }, sub_odd[4] = { 2, 1, 3, 0 };
	uint32_t uw = utile_w(cpp), uh = utile_h(cpp);
	uint32_t in_utile = ((y % uh) * uw + x % uw) * cpp;
	if (l->tiling == VC4_TILING_FORMAT_RASTER)
		return y * align_up(l->uw, uw) * cpp + x * cpp;
	if (l->tiling == VC4_TILING_FORMAT_LT)
		return ((y / uh) * (align_up(l->uw, uw) / uw) + x / uw) * 64 + in_utile;
	uint32_t per_row = align_up(l->uw, 8 * uw) / (8 * uw);
	uint32_t tx = x / (8 * uw), ty = y / (8 * uh);
	uint32_t col = (ty & 1) ? per_row - 1 - tx : tx;
	uint32_t sxy = ((y / (4 * uh)) & 1) * 2 + ((x / (4 * uw)) & 1);
	uint32_t sub = (ty & 1) ? sub_odd[sxy] : sub_even[sxy];
	return (ty * per_row + col) * 4096 + sub * 1024 + (((y / uh) % 4) * 4 + (x / uw) % 4) * 64 +
	       in_utile;
}

/* A field of `bits` bits scaled to 8 bits by replicating its top bits. */
static uint32_t expand(uint32_t v, uint32_t bits)
{
	if (bits >= 8)
		return v;
	if (bits == 1)
		return v ? 0xff : 0;
	return (v << (8 - bits)) | (v >> (2 * bits - 8));
}

/* The ETC1 modifier tables (a, b): index values 0..3 give +a, +b, -a, -b. */
static const int16_t etc1_mod[8][2] = {
	{ 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 },
	{ 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 },
};

/* The base colour channel c (0..2) of sub-block `sub` of an ETC1 block. */
static int32_t etc1_base(const uint8_t b[8], uint32_t c, uint32_t sub)
{
	if (!(b[3] & 2)) /* individual: two 4-bit colours */
		return (int32_t)expand(sub ? b[c] & 15 : b[c] >> 4, 4);
	int32_t c5 = b[c] >> 3, d = (int32_t)(b[c] & 3) - (int32_t)(b[c] & 4);
	return (int32_t)expand(sub ? (uint32_t)(c5 + d) & 31 : (uint32_t)c5, 5);
}

/* Pixel (x, y) of an ETC1 block as stored (the specification's 64-bit
 * big-endian block): R, G, B in bytes 0..2, alpha 0xff. */
static uint32_t etc1_texel(const uint8_t b[8], uint32_t x, uint32_t y)
{
	uint32_t sub = (b[3] & 1) ? y >= 2 : x >= 2;
	uint32_t table = sub ? (b[3] >> 2) & 7 : b[3] >> 5;
	uint32_t i = x * 4 + y;
	uint32_t msb = ((uint32_t)(b[4] << 8 | b[5]) >> i) & 1;
	uint32_t lsb = ((uint32_t)(b[6] << 8 | b[7]) >> i) & 1;
	int32_t m = msb ? -etc1_mod[table][lsb] : etc1_mod[table][lsb];
	uint32_t out = 0xff000000u;
	for (uint32_t c = 0; c < 3; c++) {
		int32_t v = etc1_base(b, c, sub) + m;
		out |= (uint32_t)(v < 0 ? 0 : v > 255 ? 255 : v) << (8 * c);
	}
	return out;
}

/* The result word of an uncompressed texel from its bytes. */
static uint32_t decode(const struct tmu_format *f, const uint8_t *raw)
{
	uint32_t v16 = raw[0] | (f->cpp > 1 ? (uint32_t)raw[1] << 8 : 0), out = 0, shift = 16;
	switch (f->kind) {
	case TMU_LUM:
		return 0xff000000u | raw[0] * 0x010101u;
	case TMU_ALPHA:
		return (uint32_t)raw[0] << 24;
	case TMU_LUMALPHA:
		return (uint32_t)raw[1] << 24 | raw[0] * 0x010101u;
	case TMU_PACKED:
		for (uint32_t i = 0; i < 4; i++) {
			uint32_t byte = 0xff;
			if (f->bits[i]) {
				shift -= f->bits[i];
				uint32_t mask = (1u << f->bits[i]) - 1;
				byte = expand((v16 >> shift) & mask, f->bits[i]);
			}
			out |= byte << (8 * i);
		}
		return out;
	default: /* TMU_BYTES */
		for (uint32_t i = 0; i < 4; i++)
			out |= (f->bits[i] ? raw[i] : 0xffu) << (8 * i);
		return out;
	}
}

bool tmu_texel(struct sim_pipe *p, const struct tmu_tex *t, const struct tmu_level *l,
	       uint32_t x, uint32_t y, uint32_t *out, struct vc4_diag *diag)
{
	const struct tmu_format *f = t->fmt;
	bool etc = f->kind == TMU_ETC1;
	if (t->flip_y)
		y = l->h - 1 - y;
	uint32_t ux = etc ? x / 4 : x, uy = etc ? y / 4 : y;
	int64_t addr = l->addr + unit_offset(f->cpp, l, ux, uy);
	const uint8_t *src = addr < 0 || addr > UINT32_MAX ? NULL :
		sim_memory_ptr(p->mem, (uint32_t)addr, f->cpp);
	if (!src)
		return vc4_diag_set(diag, "texel (%u,%u) of a %ux%u %s level at 0x%08llx outside "
				    "memory", x, y, l->w, l->h, f->name,
				    (unsigned long long)(addr & 0xffffffffu));
	/* Flip ETC Y set: the block's rows as the ETC1 specification orders
	 * them (what Mesa relies on); clear: mirrored within the block. */
	*out = etc ? etc1_texel(src, x % 4, t->etc_flip ? y % 4 : 3 - y % 4) : decode(f, src);
	return true;
}
