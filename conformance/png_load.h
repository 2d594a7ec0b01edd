/*
 * png_load.h: reading a PNG file as RGBA8, for the conformance tools that
 * compare images (compare, sidebyside).
 */
#ifndef CONFORMANCE_PNG_LOAD_H
#define CONFORMANCE_PNG_LOAD_H

#include <stdint.h>

struct image {
	unsigned width, height;
	uint8_t *rgba;      /* width * height * 4 bytes, malloc'ed */
};

/* Reads PATH as RGBA8 into IMG; prints "TOOL: PATH: why" on stderr and
 * returns 0 on failure. */
int png_load(const char *tool, const char *path, struct image *img);

#endif
