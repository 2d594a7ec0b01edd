/*
 * vc4-cldump: prints a raw control list packet by packet, using the packet
 * XML loaded at run time (see docs/cl.md).
 *
 *   vc4-cldump [--render] [--brief] FILE
 *
 * Exit status (docs/CONVENTIONS.md): 0 decoded, 1 decode error (what came
 * before is printed), 2 usage error, unreadable file or unloadable XML.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl/clif.h"
#include "tool.h"
#include "util/file.h"

static const struct tool tool = { "vc4-cldump",
	"usage: vc4-cldump [--render] [--brief] FILE\n"
	"  decodes a raw binning CL (or with --render a rendering CL)\n"
	"  --brief    one line per packet: OFFSET OPCODE NAME\n"
	"  --help     print this text;  --version  print the version\n"
	"exit status: 0 decoded, 1 a decode error, 2 usage or I/O error\n" };

struct options {
	enum clif_cl_kind kind;
	bool brief;
	const char *path;   /* FILE to decode */
};

/* Fills `o` from the command line; returns -1, or TOOL_USAGE after
 * printing what is wrong. */
static int parse_args(int argc, char **argv, struct options *o)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--render") == 0)
			o->kind = CLIF_RENDER_CL;
		else if (strcmp(argv[i], "--brief") == 0)
			o->brief = true;
		else if (argv[i][0] == '-' && argv[i][1])
			return tool_usage_error(&tool, "unknown option '%s'", argv[i]);
		else if (o->path)
			return tool_usage_error(&tool, "more than one FILE: '%s' and '%s'", o->path,
						argv[i]);
		else
			o->path = argv[i];
	}
	if (!o->path)
		return tool_usage_error(&tool, "no FILE given");
	return -1;
}

/* vc4-cldump: decodes a control list file (bin CL by default) through the
 * packet XML and prints it to stdout. Exits TOOL_OK, TOOL_FAILED when the
 * list does not decode, or TOOL_USAGE when the file or the XML cannot be
 * read. */
int main(int argc, char **argv)
{
	struct options o = { .kind = CLIF_BIN_CL };
	int status;
	if (tool_std_options(&tool, argc, argv, &status) ||
	    (status = parse_args(argc, argv, &o)) >= 0)
		return status;

	struct vc4_diag diag = {0};
	size_t size = 0;
	void *data = vc4_read_file(o.path, &size, &diag);
	struct clif_spec *spec = data ? clif_spec_load(&diag) : NULL;
	if (!spec) {
		tool_error(&tool, "%s", diag.msg);
		free(data);
		return TOOL_USAGE;
	}
	bool ok = clif_dump(spec, data, size, o.kind, o.brief, stdout, &diag);
	if (!ok)
		tool_error(&tool, "%s: %s", o.path, diag.msg);
	clif_spec_free(spec);
	free(data);
	return ok ? TOOL_OK : TOOL_FAILED;
}
