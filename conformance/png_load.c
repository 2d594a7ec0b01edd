/*
 * png_load.c: reading a PNG file as RGBA8 through libpng's simplified API
 * (png_load.h).
 */
#include "png_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

int png_load(const char *tool, const char *path, struct image *img)
{
	png_image png;
	memset(&png, 0, sizeof(png));
	png.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&png, path)) {
		fprintf(stderr, "%s: %s: %s\n", tool, path, png.message);
		return 0;
	}
	png.format = PNG_FORMAT_RGBA;
	img->width = png.width;
	img->height = png.height;
	img->rgba = malloc(PNG_IMAGE_SIZE(png));
	if (!img->rgba || !png_image_finish_read(&png, NULL, img->rgba, 0, NULL)) {
		fprintf(stderr, "%s: %s: %s\n", tool, path, img->rgba ? png.message : "no memory");
		png_image_free(&png);
		return 0;
	}
	return 1;
}
