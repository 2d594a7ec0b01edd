/* ir_examples.c: extracts the ```ir blocks of docs/ir.md (see ir_examples.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_examples.h"
#include "util/array.h"
#include "util/file.h"

/* Length of the line starting at p (without its newline). */
static size_t line_len(const char *p)
{
	const char *nl = strchr(p, '\n');
	return nl ? (size_t)(nl - p) : strlen(p);
}

struct ir_example *ir_examples_load(const char *path, size_t *n)
{
	size_t size;
	char *doc = vc4_read_file(path, &size, NULL);
	VC4_ARRAY(struct ir_example) ex = { 0 };
	if (!doc)
		return NULL;
	const char *p = doc, *start = NULL;
	unsigned line = 1, start_line = 0;
	for (; *p; line++) {
		size_t len = line_len(p);
		if (!start && len == 5 && !memcmp(p, "```ir", 5)) {
			start = p + len + 1;
			start_line = line;
		} else if (start && len == 3 && !memcmp(p, "```", 3)) {
			struct ir_example e = { .size = (size_t)(p - start), .line = start_line };
			e.text = malloc(e.size + 1);
			if (!e.text || !vc4_array_push(&ex, e))
				abort();
			memcpy(e.text, start, e.size);
			e.text[e.size] = '\0';
			start = NULL;
		}
		p += len + (p[len] == '\n');
	}
	free(doc);
	*n = ex.len;
	return ex.data;
}

void ir_examples_free(struct ir_example *ex, size_t n)
{
	for (size_t k = 0; k < n; k++)
		free(ex[k].text);
	free(ex);
}
