/*
 * sidebyside.c: `sidebyside A.png B.png OUT.png [--gain N]` writes one PNG
 * of three panels of one size, 4 grey pixels apart: A, B, and their
 * difference per channel multiplied by N (default 8, clamped to 255) on
 * black, alpha opaque; so a difference of 2/255 shows as 16/255 and
 * 32/255 or more as full intensity. Exits 2 on bad input
 * (scripts/demo-reference.sh: ours | llvmpipe | difference).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "png_load.h"

#define GAP 4
#define GAP_GREY 128

/* Pixel (x, y) of the difference panel: |a - b| * gain per channel. */
static void diff_pixel(const struct image *a, const struct image *b, size_t i, long gain,
		       uint8_t *out)
{
	for (int c = 0; c < 3; c++) {
		long d = labs((long)a->rgba[4 * i + c] - (long)b->rgba[4 * i + c]) * gain;
		out[c] = (uint8_t)(d > 255 ? 255 : d);
	}
	out[3] = 255;
}

/* The three panels in one RGBA8 picture of (3w + 2 GAP) x h. */
static uint8_t *compose(const struct image *a, const struct image *b, long gain,
			unsigned *out_w)
{
	unsigned w = a->width, h = a->height, ow = 3 * w + 2 * GAP;
	uint8_t *px = malloc((size_t)ow * h * 4);
	if (!px)
		return NULL;
	memset(px, GAP_GREY, (size_t)ow * h * 4);
	for (unsigned y = 0; y < h; y++) {
		uint8_t *row = px + (size_t)y * ow * 4;
		size_t i = (size_t)y * w;
		memcpy(row, a->rgba + i * 4, (size_t)w * 4);
		memcpy(row + (size_t)(w + GAP) * 4, b->rgba + i * 4, (size_t)w * 4);
		for (unsigned x = 0; x < w; x++)
			diff_pixel(a, b, i + x, gain, row + (size_t)(2 * (w + GAP) + x) * 4);
	}
	*out_w = ow;
	return px;
}

/* Writes the three panels of A and B to PATH; prints why and returns 0 on
 * failure. */
static int write_panels(const struct image *a, const struct image *b, long gain,
			const char *path)
{
	unsigned ow = 0;
	uint8_t *px = compose(a, b, gain, &ow);
	png_image out;
	memset(&out, 0, sizeof(out));
	out.version = PNG_IMAGE_VERSION;
	out.width = ow;
	out.height = a->height;
	out.format = PNG_FORMAT_RGBA;
	int ok = px && png_image_write_to_file(&out, path, 0, px, 0, NULL);
	if (!ok)
		fprintf(stderr, "sidebyside: %s: %s\n", path, px ? out.message : "no memory");
	free(px);
	return ok;
}

int main(int argc, char **argv)
{
	long gain = 8;
	if (argc == 6 && strcmp(argv[4], "--gain") == 0) {
		char *end;
		gain = strtol(argv[5], &end, 10);
		if (*end || gain < 1 || gain > 255) {
			fprintf(stderr, "sidebyside: --gain wants 1..255\n");
			return 2;
		}
	} else if (argc != 4) {
		fprintf(stderr, "usage: sidebyside A.png B.png OUT.png [--gain N]\n");
		return 2;
	}
	struct image a = { 0 }, b = { 0 };
	int ok = png_load("sidebyside", argv[1], &a) && png_load("sidebyside", argv[2], &b);
	if (ok && (a.width != b.width || a.height != b.height)) {
		fprintf(stderr, "sidebyside: sizes differ: %ux%u and %ux%u\n", a.width, a.height,
			b.width, b.height);
		ok = 0;
	}
	if (ok)
		ok = write_panels(&a, &b, gain, argv[3]);
	free(a.rgba);
	free(b.rgba);
	return ok ? 0 : 2;
}
