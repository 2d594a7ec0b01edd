/*
 * vc4-cldump: prints a raw control list packet by packet, using the packet
 * XML loaded at run time (see docs/cl.md).
 *
 *   vc4-cldump [--render] [--brief] FILE
 *   vc4-cldump --example [--render] [--brief] [--write OUT]
 *
 * --example decodes the CL the builder makes for src/cl/cl_example.c's draw
 * (or, with --render, its two-tile frame) instead of a file; --write also
 * saves those raw bytes to OUT.
 * Exit status (docs/CONVENTIONS.md): 0 decoded, 1 decode error (what came
 * before is printed), 2 usage error, unreadable file or unloadable XML.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl/cl_example.h"
#include "cl/clif.h"
#include "tool.h"
#include "util/file.h"

static const struct tool tool = { "vc4-cldump",
	"usage: vc4-cldump [--render] [--brief] FILE\n"
	"       vc4-cldump --example [--render] [--brief] [--write OUT]\n"
	"  decodes a raw binning CL (or with --render a rendering CL)\n"
	"  --brief    one line per packet: OFFSET OPCODE NAME\n"
	"  --example  decode the builder's example CL (--write OUT saves its bytes)\n"
	"  --help     print this text;  --version  print the version\n"
	"exit status: 0 decoded, 1 a decode error, 2 usage or I/O error\n" };

struct options {
	enum clif_cl_kind kind;
	bool brief, example;
	const char *path;   /* FILE to decode */
	const char *write;  /* --write OUT */
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
		else if (strcmp(argv[i], "--example") == 0)
			o->example = true;
		else if (strcmp(argv[i], "--write") == 0 && i + 1 < argc)
			o->write = argv[++i];
		else if (strcmp(argv[i], "--write") == 0)
			return tool_usage_error(&tool, "--write needs a file");
		else if (argv[i][0] == '-' && argv[i][1])
			return tool_usage_error(&tool, "unknown option '%s'", argv[i]);
		else if (o->path)
			return tool_usage_error(&tool, "more than one FILE: '%s' and '%s'", o->path,
						argv[i]);
		else
			o->path = argv[i];
	}
	if (o->example && o->path)
		return tool_usage_error(&tool, "--example takes no FILE ('%s')", o->path);
	if (!o->example && o->write)
		return tool_usage_error(&tool, "--write needs --example");
	if (!o->example && !o->path)
		return tool_usage_error(&tool, "no FILE given");
	return -1;
}

/* Builds the example CL of `kind` into a new buffer. */
static void *build_example(enum clif_cl_kind kind, size_t *size, struct vc4_diag *diag)
{
	static char bos[6]; /* stand-ins: the builder only compares BO pointers */
	const struct cl_example_bos example_bos = {
		(void *)&bos[0], (void *)&bos[1], (void *)&bos[2],
		(void *)&bos[3], (void *)&bos[4], (void *)&bos[5],
	};
	struct cl_job job;
	struct vc4_cl *cl = &job.bcl;
	cl_job_init(&job);
	bool ok = kind == CLIF_RENDER_CL ? cl_example_render(&job.bcl) :
		  cl_example_bin(&job, &example_bos);
	void *data = ok ? malloc(cl->len ? cl->len : 1) : NULL;
	if (data) {
		memcpy(data, cl->data, cl->len);
		*size = cl->len;
	} else {
		vc4_diag_set(diag, "example: %s", ok ? "out of memory" : job.diag.msg);
	}
	cl_job_free(&job);
	return data;
}

int main(int argc, char **argv)
{
	struct options o = { .kind = CLIF_BIN_CL };
	int status;
	if (tool_std_options(&tool, argc, argv, &status) ||
	    (status = parse_args(argc, argv, &o)) >= 0)
		return status;

	struct vc4_diag diag = {0};
	size_t size = 0;
	void *data = o.example ? build_example(o.kind, &size, &diag)
			       : vc4_read_file(o.path, &size, &diag);
	if (data && o.write && !vc4_write_file(o.write, data, size, &diag)) {
		free(data);
		data = NULL;
	}
	struct clif_spec *spec = data ? clif_spec_load(&diag) : NULL;
	if (!spec) {
		tool_error(&tool, "%s", diag.msg);
		free(data);
		return TOOL_USAGE;
	}
	bool ok = clif_dump(spec, data, size, o.kind, o.brief, stdout, &diag);
	if (!ok)
		tool_error(&tool, "%s: %s", o.example ? "example" : o.path, diag.msg);
	clif_spec_free(spec);
	free(data);
	return ok ? TOOL_OK : TOOL_FAILED;
}
