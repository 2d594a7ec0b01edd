/*
 * fuzz_cl.c: libFuzzer harness for the run-time CL decoder (src/cl:
 * clif_dump, clif_dump_struct) over the packet XML (loaded once, from
 * $VC4_XML_PATH or the usual places).
 *
 * Input: byte 0 chooses what the rest is: bits 0-1 a binning CL (0), a
 * rendering CL (1), a CL of either kind (2) or a record (3; byte 1 then
 * picks the XML struct, modulo their count, and the record follows); bit 2
 * brief output. The harness checks that nothing crashes or reads outside the
 * input (ASan/UBSan; the CL is the input's own tail), and (an oracle
 * independent of the decoder) that every printed packet line "0xOFFSET
 * OPCODE Name" has an offset inside the CL, above the previous one, and the
 * opcode of the byte at that offset; that a rejected CL's message
 * "0xOFFSET: ..." names an offset inside it, after every printed packet.
 *
 * Also linked into tests/fuzz's corpus replay (no libFuzzer there).
 * FUZZ_VERBOSE=1 in the environment prints each verdict to stderr.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl/clif.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct clif_spec *spec(void)
{
	static struct clif_spec *loaded;
	if (!loaded) {
		struct vc4_diag d = { 0 };
		loaded = clif_spec_load(&d);
		if (!loaded) {
			fprintf(stderr, "fuzz_cl: %s\n", d.msg);
			exit(2);
		}
	}
	return loaded;
}

/* The printed packet lines against the CL; returns the offset after the
 * last printed packet's start (0 with none). */
static size_t check_lines(const char *text, const uint8_t *cl, size_t size)
{
	size_t next = 0;
	for (const char *line = text; *line;) {
		unsigned long off = 0;
		int opcode = 0, n = 0;
		if (line[0] != ' ') { /* a packet line, not a field line */
			if (sscanf(line, "0x%8lx %d %n", &off, &opcode, &n) != 2 || n == 0 ||
			    off >= size || off < next || cl[off] != opcode)
				abort();
			next = off + 1;
		}
		const char *nl = strchr(line, '\n');
		line = nl ? nl + 1 : line + strlen(line);
	}
	return next;
}

static void check_cl(const uint8_t *cl, size_t size, enum clif_cl_kind kind, bool brief)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (!out)
		return;
	struct vc4_diag d = { 0 };
	bool ok = clif_dump(spec(), cl, size, kind, brief, out, &d);
	fclose(out);
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "clif_dump: %s\n", ok ? "ok" : d.msg);
	size_t next = check_lines(text, cl, size);
	unsigned long at;
	if (!ok && (sscanf(d.msg, "0x%8lx: ", &at) != 1 || at >= size || at < next))
		abort();
	free(text);
}

static void check_struct(const uint8_t *data, size_t size)
{
	const struct clif_spec *s = spec();
	size_t count = 0, pick = size ? data[0] : 0;
	for (size_t i = 0; i < s->groups.len; i++)
		count += s->groups.data[i].opcode < 0;
	const struct clif_group *g = NULL;
	for (size_t i = 0, k = 0; i < s->groups.len && !g; i++)
		if (s->groups.data[i].opcode < 0 && k++ == pick % count)
			g = &s->groups.data[i];
	FILE *out = fopen("/dev/null", "w");
	if (!g || !out)
		abort();
	struct vc4_diag d = { 0 };
	size_t left = size ? size - 1 : 0;
	bool ok = clif_dump_struct(g, data + (size ? 1 : 0), left, s, out, &d);
	fclose(out);
	if (ok != (left >= g->length) || (!ok && strncmp(d.msg, g->name, strlen(g->name))))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum clif_cl_kind kinds[] = {
		CLIF_BIN_CL, CLIF_RENDER_CL, CLIF_BIN_CL | CLIF_RENDER_CL,
	};
	if (size == 0)
		return 0;
	unsigned mode = data[0] & 3;
	if (mode == 3)
		check_struct(data + 1, size - 1);
	else
		check_cl(data + 1, size - 1, kinds[mode], data[0] & 4);
	return 0;
}
