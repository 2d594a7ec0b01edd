/*
 * file.h: reading and writing whole files, with errors that name the path.
 */
#ifndef VC4_UTIL_FILE_H
#define VC4_UTIL_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/* Reads all of `path` into a new malloc'ed buffer (NUL-terminated, the NUL
 * not counted in *size). Returns NULL and fills `diag` on failure:
 * "PATH: No such file or directory". */
void *vc4_read_file(const char *path, size_t *size, struct vc4_diag *diag);

/* Writes `size` bytes to `path`, replacing it. */
bool vc4_write_file(const char *path, const void *data, size_t size,
		    struct vc4_diag *diag);

#endif
