/* file.c: whole-file input and output (see file.h). Reads are bounded: a
 * regular file over the limit is refused from its size before anything is
 * read, and a stream (a pipe, /dev/zero) is read only up to the limit. */
#include "file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The refusal of a file over `max` bytes. */
static void *too_large(const char *path, size_t max, struct vc4_diag *diag)
{
	vc4_diag_set(diag, "%s: more than %zu bytes, the size limit for this input", path, max);
	return NULL;
}

/* Reads f to its end, at most max + 1 bytes (one more than allowed tells
 * that there is more); NULL on OOM. */
static char *read_all(FILE *f, size_t max, size_t *len)
{
	size_t cap = 4096, limit = max < SIZE_MAX - 1 ? max + 1 : max;
	char *buf = malloc(cap + 1);
	*len = 0;
	while (buf) {
		*len += fread(buf + *len, 1, cap - *len, f);
		if (*len < cap || cap >= limit)
			break;
		size_t next = cap > limit / 2 ? limit : cap * 2;
		char *bigger = realloc(buf, next + 1);
		if (!bigger) {
			free(buf);
			return NULL;
		}
		buf = bigger;
		cap = next;
	}
	return buf;
}

void *vc4_read_file_max(const char *path, size_t max, size_t *size, struct vc4_diag *diag)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		vc4_diag_set(diag, "%s: %s", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > max) {
		fclose(f);
		return too_large(path, max, diag);
	}
	size_t len;
	char *buf = read_all(f, max, &len);
	const char *error = !buf ? "out of memory" : ferror(f) ? "read error" : NULL;
	fclose(f);
	if (error) {
		free(buf);
		vc4_diag_set(diag, "%s: %s", path, error);
		return NULL;
	}
	if (len > max) {
		free(buf);
		return too_large(path, max, diag);
	}
	buf[len] = '\0';
	*size = len;
	return buf;
}

void *vc4_read_file(const char *path, size_t *size, struct vc4_diag *diag)
{
	return vc4_read_file_max(path, VC4_READ_FILE_MAX, size, diag);
}

bool vc4_write_file(const char *path, const void *data, size_t size,
		    struct vc4_diag *diag)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return vc4_diag_set(diag, "%s: %s", path, strerror(errno));
	bool ok = fwrite(data, 1, size, f) == size;
	ok = (fclose(f) == 0) && ok;
	if (!ok)
		return vc4_diag_set(diag, "%s: write error", path);
	return true;
}
