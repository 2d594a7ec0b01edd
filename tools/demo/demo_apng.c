/*
 * demo_apng.c: PNG encoding in memory (libpng's simplified API) and
 * animated PNG files. APNG (https://wiki.mozilla.org/APNG_Specification)
 * is a PNG whose IHDR is followed by acTL (frame count, plays) and, per
 * frame, fcTL (size, offset, delay, dispose and blend ops) then the image
 * data: IDAT for the first frame, which is also the default image that
 * viewers without APNG show, and fdAT (a sequence number, then IDAT's
 * bytes) for the others. fcTL and fdAT share one sequence count from 0.
 * Each frame is encoded as an ordinary PNG and its IDAT chunks are copied,
 * so libpng does all the compression and filtering.
 */
#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"

static const uint8_t png_signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

struct demo_apng {
	FILE *f;
	char *path;
	uint32_t w, h, frames, fps;
	uint32_t added, seq;     /* frames written, next sequence number */
	bool failed;             /* a write failed */
};

bool demo_png_encode(const uint8_t *rgba, uint32_t w, uint32_t h, uint8_t **png, size_t *len,
		     char *err, size_t err_size)
{
	png_image img;
	memset(&img, 0, sizeof(img));
	img.version = PNG_IMAGE_VERSION;
	img.width = w;
	img.height = h;
	img.format = PNG_FORMAT_RGBA;
	png_alloc_size_t size = PNG_IMAGE_PNG_SIZE_MAX(img);
	*png = malloc(size);
	if (!*png) {
		snprintf(err, err_size, "out of memory for a %ux%u PNG", w, h);
		return false;
	}
	if (!png_image_write_to_memory(&img, *png, &size, 0, rgba, 0, NULL)) {
		snprintf(err, err_size, "libpng: %s", img.message);
		free(*png);
		*png = NULL;
		return false;
	}
	*len = size;
	return true;
}

static uint32_t crc_table[256];

static void crc_init(void)
{
	for (uint32_t n = 0; n < 256; n++) {
		uint32_t c = n;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc_table[n] = c;
	}
}

/* The PNG CRC (ISO 3309) of `len` bytes, continuing from `crc`. */
static uint32_t crc_update(uint32_t crc, const uint8_t *p, size_t len)
{
	if (!crc_table[1])
		crc_init();
	for (size_t i = 0; i < len; i++)
		crc = crc_table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
	return crc;
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint32_t get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Writes one chunk: length, type, `head` then `data` (either may be
 * empty), CRC over type and contents. */
static void write_chunk(struct demo_apng *a, const char type[4], const uint8_t *head,
			size_t head_len, const uint8_t *data, size_t data_len)
{
	uint8_t b[8];
	put_be32(b, (uint32_t)(head_len + data_len));
	memcpy(b + 4, type, 4);
	uint32_t crc = crc_update(0xffffffffu, b + 4, 4);
	crc = crc_update(crc, head, head_len);
	crc = crc_update(crc, data, data_len);
	bool ok = fwrite(b, 1, 8, a->f) == 8 &&
		  (!head_len || fwrite(head, 1, head_len, a->f) == head_len) &&
		  (!data_len || fwrite(data, 1, data_len, a->f) == data_len);
	put_be32(b, crc ^ 0xffffffffu);
	if (!ok || fwrite(b, 1, 4, a->f) != 4)
		a->failed = true;
}

/* The IHDR of an 8-bit RGBA image (what demo_png_encode writes). */
static void write_ihdr(struct demo_apng *a)
{
	uint8_t ihdr[13] = { 0 };
	put_be32(ihdr, a->w);
	put_be32(ihdr + 4, a->h);
	ihdr[8] = 8; /* bit depth */
	ihdr[9] = 6; /* colour type: RGBA */
	write_chunk(a, "IHDR", ihdr, sizeof(ihdr), NULL, 0);
}

struct demo_apng *demo_apng_open(const char *path, uint32_t w, uint32_t h, uint32_t frames,
				 uint32_t fps, char *err, size_t err_size)
{
	struct demo_apng *a = calloc(1, sizeof(*a));
	char *copy = strdup(path);
	FILE *f = a && copy ? fopen(path, "wb") : NULL;
	if (!f) {
		snprintf(err, err_size, "%s: %s", path, a && copy ? strerror(errno) : "out of memory");
		free(copy);
		free(a);
		return NULL;
	}
	*a = (struct demo_apng){ .f = f, .path = copy, .w = w, .h = h, .frames = frames,
				 .fps = fps };
	uint8_t actl[8];
	put_be32(actl, frames);
	put_be32(actl + 4, 0); /* plays: 0 = forever */
	a->failed = fwrite(png_signature, 1, 8, f) != 8;
	write_ihdr(a);
	write_chunk(a, "acTL", actl, sizeof(actl), NULL, 0);
	return a;
}

/* The frame's fcTL: the whole image, shown 1/fps s, replacing the last. */
static void write_fctl(struct demo_apng *a)
{
	uint8_t c[26] = { 0 };
	put_be32(c, a->seq++);
	put_be32(c + 4, a->w);
	put_be32(c + 8, a->h);
	/* x and y offsets 0 */
	c[20] = 0;
	c[21] = 1;                     /* delay numerator 1 */
	c[22] = (uint8_t)(a->fps >> 8);
	c[23] = (uint8_t)a->fps;       /* delay denominator: fps */
	c[24] = 0;                     /* dispose: none */
	c[25] = 0;                     /* blend: source */
	write_chunk(a, "fcTL", c, sizeof(c), NULL, 0);
}

/* Checks a PNG's signature and that its IHDR is the animation's. */
static bool check_png(const struct demo_apng *a, const uint8_t *png, size_t len, char *err,
		      size_t err_size)
{
	if (len < 33 || memcmp(png, png_signature, 8) != 0 || memcmp(png + 12, "IHDR", 4) != 0 ||
	    get_be32(png + 16) != a->w || get_be32(png + 20) != a->h || png[24] != 8 ||
	    png[25] != 6) {
		snprintf(err, err_size, "%s: frame %u is not an 8-bit RGBA PNG of %ux%u", a->path,
			 a->added, a->w, a->h);
		return false;
	}
	return true;
}

bool demo_apng_add(struct demo_apng *a, const uint8_t *png, size_t len, char *err,
		   size_t err_size)
{
	if (a->added == a->frames) {
		snprintf(err, err_size, "%s: more than the %u frames announced", a->path, a->frames);
		return false;
	}
	if (!check_png(a, png, len, err, err_size))
		return false;
	write_fctl(a);
	for (size_t at = 8; at + 12 <= len;) {
		uint32_t n = get_be32(png + at);
		if (n > len - at - 12)
			break;
		const uint8_t *data = png + at + 8;
		if (memcmp(png + at + 4, "IDAT", 4) == 0 && a->added == 0) {
			write_chunk(a, "IDAT", NULL, 0, data, n);
		} else if (memcmp(png + at + 4, "IDAT", 4) == 0) {
			uint8_t seq[4];
			put_be32(seq, a->seq++);
			write_chunk(a, "fdAT", seq, 4, data, n);
		}
		at += 12 + (size_t)n;
	}
	a->added++;
	if (!a->failed)
		return true;
	snprintf(err, err_size, "%s: %s", a->path, strerror(errno));
	return false;
}

bool demo_apng_close(struct demo_apng *a, char *err, size_t err_size)
{
	bool ok = a->added == a->frames;
	if (!ok)
		snprintf(err, err_size, "%s: %u frames of the %u announced", a->path, a->added,
			 a->frames);
	write_chunk(a, "IEND", NULL, 0, NULL, 0);
	if (fclose(a->f) != 0 || a->failed) {
		if (ok)
			snprintf(err, err_size, "%s: %s", a->path, strerror(errno));
		ok = false;
	}
	free(a->path);
	free(a);
	return ok;
}
