/* file.c: whole-file input and output (see file.h). */
#include "file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *vc4_read_file(const char *path, size_t *size, struct vc4_diag *diag)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		vc4_diag_set(diag, "%s: %s", path, strerror(errno));
		return NULL;
	}
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap + 1);
	while (buf) {
		len += fread(buf + len, 1, cap - len, f);
		if (len < cap)
			break;
		char *bigger = realloc(buf, cap * 2 + 1);
		if (!bigger) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = bigger;
		cap *= 2;
	}
	const char *error = !buf ? "out of memory" : ferror(f) ? "read error" : NULL;
	fclose(f);
	if (error) {
		free(buf);
		vc4_diag_set(diag, "%s: %s", path, error);
		return NULL;
	}
	buf[len] = '\0';
	*size = len;
	return buf;
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
