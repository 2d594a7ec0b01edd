/*
 * test_tiling.c: src/tiling against numbers worked out by hand (each case's
 * comment shows the working), so that a mistake shared by the module and
 * its users cannot pass: micro-tile shapes (the 8-byte texel's is 2x4,
 * docs/tiling.md), T, LT and raster offsets, padded sizes, the LT-or-T rule,
 * the texture data types' sizes and the TMU's mip chain.
 *
 * T layout reminders used below: a tile is 8x8 micro-tiles (4 KiB); even
 * tile rows run left to right, odd rows right to left; the quadrants
 * low-y-left, low-y-right, high-y-left, high-y-right of a tile sit at
 * sub-tiles 0, 3, 1, 2 on even rows and 2, 1, 3, 0 on odd rows (1 KiB
 * each); micro-tiles are in raster order inside a sub-tile (4x4 of them).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tiling/tiling.h"

/* Micro-tiles hold 64 bytes: 8x8 of 1 byte, 8x4 of 2, 4x4 of 4 and 2x4 of
 * 8 (Mesa's vc4_tiling.h and Linux's vc4_validate.c agree; the 8-byte case
 * is ETC1's 4x4-texel blocks). */
static void utile_shapes(void **state)
{
	(void)state;
	static const struct { uint32_t cpp, w, h; } cases[] = {
		{ 1, 8, 8 }, { 2, 8, 4 }, { 4, 4, 4 }, { 8, 2, 4 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_true(tiling_cpp_valid(cases[i].cpp));
		assert_int_equal(tiling_utile_w(cases[i].cpp), cases[i].w);
		assert_int_equal(tiling_utile_h(cases[i].cpp), cases[i].h);
		assert_int_equal(cases[i].w * cases[i].h * cases[i].cpp, 64);
	}
	assert_false(tiling_cpp_valid(0));
	assert_false(tiling_cpp_valid(3));
	assert_false(tiling_cpp_valid(16));
}

struct offset_case {
	enum vc4_tiling_format tiling;
	uint32_t cpp, width, x, y;
	uint64_t offset;
};

static const struct offset_case offset_cases[] = {
	/* 32 bpp T, 64 wide (2 tiles a row): utiles 4x4 pixels, a tile 32x32,
	 * a sub-tile 16x16. */
	{ VC4_TILING_FORMAT_T, 4, 64, 0, 0, 0 },
	{ VC4_TILING_FORMAT_T, 4, 64, 1, 0, 4 },        /* next pixel of the utile */
	{ VC4_TILING_FORMAT_T, 4, 64, 0, 1, 16 },       /* utile row 1: 4 px * 4 B */
	{ VC4_TILING_FORMAT_T, 4, 64, 4, 0, 64 },       /* utile 1 */
	{ VC4_TILING_FORMAT_T, 4, 64, 0, 4, 256 },      /* utile 4: second utile row */
	{ VC4_TILING_FORMAT_T, 4, 64, 5, 6, 356 },      /* utile 5 (320) + (2*4+1)*4 */
	{ VC4_TILING_FORMAT_T, 4, 64, 16, 0, 3072 },    /* low-y-right on an even row: 3 */
	{ VC4_TILING_FORMAT_T, 4, 64, 0, 16, 1024 },    /* high-y-left: sub-tile 1 */
	{ VC4_TILING_FORMAT_T, 4, 64, 16, 16, 2048 },   /* high-y-right: sub-tile 2 */
	{ VC4_TILING_FORMAT_T, 4, 64, 32, 0, 4096 },    /* tile 1 of row 0 */
	{ VC4_TILING_FORMAT_T, 4, 64, 0, 32, 14336 },   /* odd row: tile 3 (12288) + sub 2 */
	{ VC4_TILING_FORMAT_T, 4, 64, 32, 32, 10240 },  /* tile 2 (8192) + low-y-left 2 */
	{ VC4_TILING_FORMAT_T, 4, 64, 48, 32, 9216 },   /* tile 2, low-y-right: sub 1 */
	{ VC4_TILING_FORMAT_T, 4, 64, 32, 48, 11264 },  /* tile 2, high-y-left: sub 3 */
	{ VC4_TILING_FORMAT_T, 4, 64, 48, 48, 8192 },   /* tile 2, high-y-right: sub 0 */
	/* 16 bpp T, 128 wide: utiles 8x4; (8, 4) is utile (1, 1) = 5 -> 320. */
	{ VC4_TILING_FORMAT_T, 2, 128, 8, 4, 320 },
	/* 8 bpp (ETC1 blocks) T, 32 wide: utiles 2x4 blocks, a tile 16x32,
	 * 2 tiles a row. With 8-wide utiles every one of these would differ. */
	{ VC4_TILING_FORMAT_T, 8, 32, 2, 0, 64 },       /* utile 1 */
	{ VC4_TILING_FORMAT_T, 8, 32, 1, 1, 24 },       /* utile row 1, col 1: 3*8 */
	{ VC4_TILING_FORMAT_T, 8, 32, 3, 5, 344 },      /* utile (1,1) = 5: 320 + 24 */
	{ VC4_TILING_FORMAT_T, 8, 32, 8, 0, 3072 },     /* utile x 4: low-y-right: 3 */
	{ VC4_TILING_FORMAT_T, 8, 32, 0, 16, 1024 },    /* utile y 4: high-y-left: 1 */
	{ VC4_TILING_FORMAT_T, 8, 32, 16, 0, 4096 },    /* utile x 8: tile 1 */
	{ VC4_TILING_FORMAT_T, 8, 32, 0, 32, 14336 },   /* odd row: tile 3 + sub 2 */
	/* LT, 32 bpp, width 10 (3 utiles a row): (5, 2) is utile 1, row 2, col 1. */
	{ VC4_TILING_FORMAT_LT, 4, 10, 5, 2, 64 + 36 },
	{ VC4_TILING_FORMAT_LT, 4, 10, 1, 5, 3 * 64 + 20 }, /* utile 3, row 1, col 1 */
	/* LT, 16 bpp: utiles 8x4; (9, 1) is utile 1, row 1, col 1: 64 + 9*2. */
	{ VC4_TILING_FORMAT_LT, 2, 16, 9, 1, 82 },
	/* LT, 8 bpp, width 5 (3 utiles a row): (4, 5) is utile (2, 1) = 5,
	 * row 1, col 0: 320 + 2*8. */
	{ VC4_TILING_FORMAT_LT, 8, 5, 4, 5, 336 },
	/* LT, 8-bit texels, width 9 (2 utiles of 8x8 a row): (9, 9) is utile
	 * (1, 1) = 3, row 1, col 1: 192 + 9. */
	{ VC4_TILING_FORMAT_LT, 1, 9, 9, 9, 201 },
	/* Raster rows padded to the utile width: 10 -> 12 pixels (48 bytes). */
	{ VC4_TILING_FORMAT_RASTER, 4, 10, 3, 2, 2 * 48 + 12 },
	/* 16 bpp raster, width 9 -> 16 pixels (32 bytes a row). */
	{ VC4_TILING_FORMAT_RASTER, 2, 9, 1, 3, 3 * 32 + 2 },
	/* 65535 wide at 32 bpp: rows of 65536 * 4 = 262144 bytes; row 65535
	 * starts past 4 GiB, at 65535 * 262144. */
	{ VC4_TILING_FORMAT_RASTER, 4, 65535, 0, 65535, 17179607040ull },
};

static void offsets(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(offset_cases) / sizeof(offset_cases[0]); i++) {
		const struct offset_case *c = &offset_cases[i];
		uint64_t got = tiling_offset(c->tiling, c->cpp, c->width, c->x, c->y);
		if (got != c->offset)
			fail_msg("case %zu: tiling %d cpp %u width %u (%u, %u): %llu, expected "
				 "%llu", i, c->tiling, c->cpp, c->width, c->x, c->y,
				 (unsigned long long)got, (unsigned long long)c->offset);
	}
}

/* Whole micro-tiles: tiling_utile_offset is the offset of the utile's
 * first texel, in utile units. */
static void utile_offsets(void **state)
{
	(void)state;
	/* 32 bpp T, 64 wide: utile (4, 0) starts tile 0's low-y-right quadrant. */
	assert_int_equal(tiling_utile_offset(VC4_TILING_FORMAT_T, 4, 64, 4, 0), 3072);
	/* ... utile (8, 8): tile row 1 runs right to left, so tile 3 (12288),
	 * low-y-left on an odd row: sub-tile 2. */
	assert_int_equal(tiling_utile_offset(VC4_TILING_FORMAT_T, 4, 64, 0, 8), 14336);
	/* LT 16 bpp width 20 (3 utiles a row): utile (1, 2) is number 7. */
	assert_int_equal(tiling_utile_offset(VC4_TILING_FORMAT_LT, 2, 20, 1, 2), 448);
}

/* The set-up-once form (tiling_addr_init, then tiling_addr_offset and
 * tiling_addr_utile_offset, which tiling_offset and tiling_utile_offset
 * use) at the exact utile cases above and one texel inside a utile. */
static void addr_offsets(void **state)
{
	(void)state;
	struct tiling_addr a;
	tiling_addr_init(&a, VC4_TILING_FORMAT_T, 4, 64);
	assert_int_equal(tiling_addr_utile_offset(&a, 4, 0), 3072);
	assert_int_equal(tiling_addr_utile_offset(&a, 0, 8), 14336);
	/* texel (5, 33): utile (1, 8), its row 1, texel 1 */
	assert_int_equal(tiling_addr_offset(&a, 5, 33), 14336 + 64 + (1 * 4 + 1) * 4);
	tiling_addr_init(&a, VC4_TILING_FORMAT_LT, 2, 20);
	assert_int_equal(tiling_addr_utile_offset(&a, 1, 2), 448);
}

struct size_case {
	enum vc4_tiling_format tiling;
	uint32_t cpp, w, h, pw, ph;
	uint64_t bytes;
};

static void padded_sizes(void **state)
{
	(void)state;
	static const struct size_case cases[] = {
		{ VC4_TILING_FORMAT_T, 4, 33, 1, 64, 32, 8192 },   /* 2 tiles of 32x32 */
		{ VC4_TILING_FORMAT_LT, 2, 9, 5, 16, 8, 256 },     /* 2x2 utiles of 8x4 */
		{ VC4_TILING_FORMAT_RASTER, 4, 10, 3, 12, 3, 144 },/* rows of 12 pixels */
		{ VC4_TILING_FORMAT_T, 8, 17, 1, 32, 32, 8192 },   /* 2 tiles of 16x32 */
		{ VC4_TILING_FORMAT_LT, 8, 5, 5, 6, 8, 384 },      /* 3x2 utiles of 2x4 */
		{ VC4_TILING_FORMAT_LT, 1, 9, 9, 16, 16, 256 },    /* 2x2 utiles of 8x8 */
		{ VC4_TILING_FORMAT_RASTER, 8, 3, 2, 4, 2, 64 },   /* rows of 4 texels */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct size_case *c = &cases[i];
		uint32_t pw, ph;
		tiling_padded(c->tiling, c->cpp, c->w, c->h, &pw, &ph);
		if (pw != c->pw || ph != c->ph ||
		    tiling_bytes(c->tiling, c->cpp, c->w, c->h) != c->bytes)
			fail_msg("case %zu: %ux%u padded %ux%u (%llu bytes), expected %ux%u "
				 "(%llu)", i, c->w, c->h, pw, ph,
				 (unsigned long long)tiling_bytes(c->tiling, c->cpp, c->w, c->h),
				 c->pw, c->ph, (unsigned long long)c->bytes);
	}
	assert_int_equal(tiling_raster_stride(4, 10), 48);
	assert_int_equal(tiling_raster_stride(8, 3), 32);
}

/* LT when at most 4 utiles wide or high. */
static void lt_rule(void **state)
{
	(void)state;
	assert_true(tiling_is_lt(16, 64, 4));    /* 4 utiles of 4 wide */
	assert_false(tiling_is_lt(17, 17, 4));
	assert_true(tiling_is_lt(64, 16, 2));    /* 4 utiles of 4 high */
	assert_false(tiling_is_lt(33, 17, 2));
	assert_true(tiling_is_lt(8, 100, 8));    /* 4 utiles of 2 blocks wide */
	assert_false(tiling_is_lt(9, 17, 8));    /* 8-wide utiles would say LT */
	assert_true(tiling_is_lt(100, 32, 1));   /* 4 utiles of 8 high */
}

static void texel_types(void **state)
{
	(void)state;
	static const struct { uint32_t type, cpp, block; const char *name; } cases[] = {
		{ 0, 4, 1, "RGBA8888" }, { 1, 4, 1, "RGBX8888" }, { 2, 2, 1, "RGBA4444" },
		{ 3, 2, 1, "RGBA5551" }, { 4, 2, 1, "RGB565" }, { 5, 1, 1, "LUMINANCE" },
		{ 6, 1, 1, "ALPHA" }, { 7, 2, 1, "LUMALPHA" }, { 8, 8, 4, "ETC1" },
		{ 9, 2, 1, "S16F" }, { 10, 1, 1, "S8" }, { 11, 2, 1, "S16" },
		{ 12, 0, 1, "BW1" }, { 13, 0, 1, "A4" }, { 14, 0, 1, "A1" },
		{ 15, 8, 1, "RGBA64" }, { 16, 4, 1, "RGBA32R" }, { 17, 2, 1, "YUYV422R" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct tiling_texel_type *t = tiling_texel_type(cases[i].type);
		assert_non_null(t);
		assert_string_equal(t->name, cases[i].name);
		assert_int_equal(t->cpp, cases[i].cpp);
		assert_int_equal(t->block, cases[i].block);
	}
	assert_null(tiling_texel_type(18));
	assert_null(tiling_texel_type(31));
	/* ETC1: 10 texels are 3 blocks; RGBA8888: 10 texels. */
	assert_int_equal(tiling_units(tiling_texel_type(VC4_TEXTURE_DATA_TYPE_ETC1), 10), 3);
	assert_int_equal(tiling_units(tiling_texel_type(VC4_TEXTURE_DATA_TYPE_RGBA8888), 10), 10);
}

/* The mip chain the TMU walks: levels below level 0, power-of-two sizes. */
static void mip_chain(void **state)
{
	(void)state;
	struct tiling_level l;
	/* RGBA8888 20x10: level 0 is LT (10 <= 16 high); level 1 = 32x16 / 2 =
	 * 16x8, LT, 16*8*4 = 512 bytes; level 2 = 8x4, 128 bytes, 640 below. */
	tiling_tmu_level(VC4_TEXTURE_DATA_TYPE_RGBA8888, 20, 10, 0, &l);
	assert_int_equal(l.tiling, VC4_TILING_FORMAT_LT);
	assert_int_equal(l.below, 0);
	tiling_tmu_level(VC4_TEXTURE_DATA_TYPE_RGBA8888, 20, 10, 1, &l);
	assert_int_equal(l.w, 16);
	assert_int_equal(l.h, 8);
	assert_int_equal(l.bytes, 512);
	assert_int_equal(l.below, 512);
	tiling_tmu_level(VC4_TEXTURE_DATA_TYPE_RGBA8888, 20, 10, 2, &l);
	assert_int_equal(l.bytes, 128);
	assert_int_equal(l.below, 640);
	/* ETC1 128x128: 32x32 blocks, T (more than 4 utiles of 2x4 both ways),
	 * 32x32 blocks of 8 bytes = 8192; level 1: 16x16 blocks, LT (16 <= 16
	 * high), 2048 bytes; level 2: 8x8 blocks, LT, 512; below it 2560. */
	tiling_tmu_level(VC4_TEXTURE_DATA_TYPE_ETC1, 128, 128, 0, &l);
	assert_int_equal(l.uw, 32);
	assert_int_equal(l.tiling, VC4_TILING_FORMAT_T);
	assert_int_equal(l.bytes, 8192);
	tiling_tmu_level(VC4_TEXTURE_DATA_TYPE_ETC1, 128, 128, 2, &l);
	assert_int_equal(l.uw, 8);
	assert_int_equal(l.tiling, VC4_TILING_FORMAT_LT);
	assert_int_equal(l.bytes, 512);
	assert_int_equal(l.below, 2560);
	/* RGBA32R is raster at every size: 10x3 -> rows of 12, 144 bytes;
	 * 1x1 levels at the bottom of a chain: 4 texels a row, 16 bytes. */
	tiling_tmu_level(VC4_TEXTURE_DATA_TYPE_RGBA32R, 10, 3, 0, &l);
	assert_int_equal(l.tiling, VC4_TILING_FORMAT_RASTER);
	assert_int_equal(l.bytes, 144);
	tiling_tmu_level(VC4_TEXTURE_DATA_TYPE_RGBA32R, 10, 3, 5, &l);
	assert_int_equal(l.w, 1);
	assert_int_equal(l.h, 1);
	assert_int_equal(l.bytes, 16);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(utile_shapes), cmocka_unit_test(offsets),
		cmocka_unit_test(utile_offsets), cmocka_unit_test(addr_offsets),
		cmocka_unit_test(padded_sizes),
		cmocka_unit_test(lt_rule), cmocka_unit_test(texel_types),
		cmocka_unit_test(mip_chain),
	};
	return cmocka_run_group_tests_name("tiling_layout", tests, NULL, NULL);
}
