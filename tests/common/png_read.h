/*
 * png_read.h: reading PNG files and in-memory PNGs as RGBA8 in tests; any
 * failure fails the running CMocka test with the file and libpng's reason.
 */
#ifndef VC4_TESTS_PNG_READ_H
#define VC4_TESTS_PNG_READ_H

#include <stddef.h>
#include <stdint.h>

/* Reads PATH as RGBA8: returns malloc'ed width * height * 4 bytes and sets
 * *w and *h. */
uint8_t *png_read_file(const char *path, uint32_t *w, uint32_t *h);
/* The same for LEN bytes of PNG at PNG; WHAT names them in failures. */
uint8_t *png_read_memory(const uint8_t *png, size_t len, const char *what, uint32_t *w,
			 uint32_t *h);

#endif
