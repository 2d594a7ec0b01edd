/* png_read.c: PNG to RGBA8 for tests, through libpng's simplified API. */
#include "png_read.h"

#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

/* Finishes reading the begun IMG as RGBA8; fails the test naming WHAT. */
static uint8_t *finish(png_image *img, const char *what, uint32_t *w, uint32_t *h)
{
	img->format = PNG_FORMAT_RGBA;
	uint8_t *px = malloc(PNG_IMAGE_SIZE(*img));
	assert_non_null(px);
	if (!png_image_finish_read(img, NULL, px, 0, NULL))
		fail_msg("%s: %s", what, img->message);
	*w = img->width;
	*h = img->height;
	return px;
}

uint8_t *png_read_file(const char *path, uint32_t *w, uint32_t *h)
{
	png_image img;
	memset(&img, 0, sizeof(img));
	img.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&img, path))
		fail_msg("%s: %s", path, img.message);
	return finish(&img, path, w, h);
}

uint8_t *png_read_memory(const uint8_t *png, size_t len, const char *what, uint32_t *w,
			 uint32_t *h)
{
	png_image img;
	memset(&img, 0, sizeof(img));
	img.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&img, png, len))
		fail_msg("%s: %s", what, img.message);
	return finish(&img, what, w, h);
}
