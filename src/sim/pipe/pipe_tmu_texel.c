/*
 * pipe_tmu_texel.c: the TMU's texels: the 32-bit word each texel of a
 * texture data type becomes (one table, tmu_formats[]), the ETC1 block
 * decoder, and where a texel is: cube faces a stride apart, mip levels and
 * their layouts as src/tiling describes them (docs/pipeline.md, "Textures").
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
	uint8_t kind;      /* enum tmu_kind */
	uint8_t bits[4];   /* TMU_BYTES / TMU_PACKED: field widths, 0 = none */
};

/* How each texture data type becomes a result word (names and sizes:
 * src/tiling). Result layouts: Mesa's vc4_formats.c swizzles and
 * vc4_uniforms.c border colours. Types without a row are not modelled. */
static const struct tmu_format tmu_formats[TILING_TEXEL_TYPE_COUNT] = {
	[VC4_TEXTURE_DATA_TYPE_RGBA8888] = { TMU_BYTES, { 8, 8, 8, 8 } },
	[VC4_TEXTURE_DATA_TYPE_RGBX8888] = { TMU_BYTES, { 8, 8, 8, 0 } },
	[VC4_TEXTURE_DATA_TYPE_RGBA4444] = { TMU_PACKED, { 4, 4, 4, 4 } },
	[VC4_TEXTURE_DATA_TYPE_RGBA5551] = { TMU_PACKED, { 5, 5, 5, 1 } },
	[VC4_TEXTURE_DATA_TYPE_RGB565] = { TMU_PACKED, { 5, 6, 5, 0 } },
	[VC4_TEXTURE_DATA_TYPE_LUMINANCE] = { TMU_LUM, { 0 } },
	[VC4_TEXTURE_DATA_TYPE_ALPHA] = { TMU_ALPHA, { 0 } },
	[VC4_TEXTURE_DATA_TYPE_LUMALPHA] = { TMU_LUMALPHA, { 0 } },
	[VC4_TEXTURE_DATA_TYPE_ETC1] = { TMU_ETC1, { 0 } },
	[VC4_TEXTURE_DATA_TYPE_RGBA32R] = { TMU_BYTES, { 8, 8, 8, 8 } },
};

const struct tmu_format *tmu_format(uint32_t type)
{
	if (type >= TILING_TEXEL_TYPE_COUNT || tmu_formats[type].kind == TMU_NONE)
		return NULL;
	return &tmu_formats[type];
}

bool tmu_format_word(const struct tmu_format *f, uint32_t cpp, uint32_t *or_mask)
{
	*or_mask = 0;
	if (f->kind != TMU_BYTES || cpp != 4)
		return false;
	for (uint32_t i = 0; i < 4; i++) {
		if (!f->bits[i])
			*or_mask |= 0xffu << (8 * i);
		else if (f->bits[i] != 8)
			return false;
	}
	return true;
}

void tmu_level(const struct tmu_tex *t, uint32_t face, uint32_t level, struct tmu_level *l)
{
	tiling_tmu_level(t->type, t->width, t->height, level, &l->l);
	tiling_addr_init(&l->a, l->l.tiling, t->texel->cpp, l->l.uw);
	l->addr = (int64_t)t->base + (int64_t)face * t->cube_stride - l->l.below;
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
static uint32_t decode(const struct tmu_format *f, uint32_t cpp, const uint8_t *raw)
{
	uint32_t v16 = raw[0] | (cpp > 1 ? (uint32_t)raw[1] << 8 : 0), out = 0, shift = 16;
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

/* Texel (x, y) of level l (contract in pipe_tmu.h): flipped if asked, its
 * address from the level's layout, decoded to a result word. Returns false
 * with diag set when it lies outside memory. */
bool tmu_texel(struct sim_pipe *p, const struct tmu_tex *t, const struct tmu_level *l,
	       uint32_t x, uint32_t y, uint32_t *out, struct vc4_diag *diag)
{
	const struct tmu_format *f = t->fmt;
	const struct tiling_level *g = &l->l;
	uint32_t cpp = t->texel->cpp;
	bool etc = f->kind == TMU_ETC1;
	if (t->flip_y)
		y = g->h - 1 - y;
	uint32_t ux = etc ? x / 4 : x, uy = etc ? y / 4 : y;
	int64_t addr = l->addr + (int64_t)tiling_addr_offset(&l->a, ux, uy);
	const uint8_t *src = addr < 0 || addr > UINT32_MAX ? NULL :
		sim_memory_ptr(p->mem, (uint32_t)addr, cpp);
	if (!src)
		return vc4_diag_set(diag, "texel (%u,%u) of a %ux%u %s level at 0x%08llx outside "
				    "memory", x, y, g->w, g->h, t->texel->name,
				    (unsigned long long)(addr & 0xffffffffu));
	/* Flip ETC Y set: the block's rows as the ETC1 specification orders
	 * them (what Mesa relies on); clear: mirrored within the block. */
	*out = etc ? etc1_texel(src, x % 4, t->etc_flip ? y % 4 : 3 - y % 4) :
		     decode(f, cpp, src);
	return true;
}
