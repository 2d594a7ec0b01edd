/*
 * drv_png.c: writing linear RGBA8 pixels as an 8-bit RGBA PNG with libpng.
 * libpng reports errors by longjmp; everything that must be released
 * afterwards is kept in volatile-safe storage outside the jump.
 */
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include "vc4/vc4.h"

struct png_err {
	char *buf;
	size_t size;
};

static void on_error(png_structp png, png_const_charp msg)
{
	struct png_err *e = png_get_error_ptr(png);
	snprintf(e->buf, e->size, "libpng: %s", msg);
	png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/* Runs libpng over an open file; false with the reason in e. */
static bool write_rows(FILE *f, uint32_t w, uint32_t h, const uint8_t *rgba, struct png_err *e)
{
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, e, on_error, on_warning);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	if (!info) {
		snprintf(e->buf, e->size, "libpng: out of memory");
		png_destroy_write_struct(&png, NULL);
		return false;
	}
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		return false;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (uint32_t y = 0; y < h; y++)
		png_write_row(png, (png_const_bytep)(rgba + (size_t)y * w * 4));
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	return true;
}

bool vc4_write_png(const char *path, uint32_t width, uint32_t height, const uint8_t *rgba,
		   char *err, size_t err_size)
{
	char dummy[1];
	struct png_err e = { err_size ? err : dummy, err_size ? err_size : sizeof(dummy) };
	if (width == 0 || height == 0 || width > 65536 || height > 65536 || !rgba) {
		snprintf(e.buf, e.size, "%s: bad image %ux%u", path, width, height);
		return false;
	}
	FILE *f = fopen(path, "wb");
	if (!f) {
		snprintf(e.buf, e.size, "%s: %s", path, strerror(errno));
		return false;
	}
	bool ok = write_rows(f, width, height, rgba, &e);
	if (fclose(f) != 0 && ok) {
		snprintf(e.buf, e.size, "%s: %s", path, strerror(errno));
		ok = false;
	}
	return ok;
}
