/*
 * file.h: reading and writing whole files, with errors that name the path.
 */
#ifndef VC4_UTIL_FILE_H
#define VC4_UTIL_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/* The most bytes vc4_read_file() reads: every input of the tools and the
 * library (shaders, QPU code, control lists, captures' texts) is far
 * smaller; /dev/zero or a runaway pipe stops here instead of filling
 * memory. */
#define VC4_READ_FILE_MAX ((size_t)64 << 20)

/* Reads all of `path` into a new malloc'ed buffer (NUL-terminated, the NUL
 * not counted in *size), refusing more than VC4_READ_FILE_MAX bytes.
 * Returns NULL and fills `diag` on failure: "PATH: No such file or
 * directory", "PATH: more than 67108864 bytes, the size limit for this
 * input". */
void *vc4_read_file(const char *path, size_t *size, struct vc4_diag *diag);

/* The same with a limit of `max` bytes. */
void *vc4_read_file_max(const char *path, size_t max, size_t *size, struct vc4_diag *diag);

/* Writes `size` bytes to `path`, replacing it. */
bool vc4_write_file(const char *path, const void *data, size_t size,
		    struct vc4_diag *diag);

#endif
