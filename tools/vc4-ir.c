/*
 * vc4-ir: command-line front end of the shader IR (src/ir).
 *
 *   vc4-ir FILE                          parse, validate, print canonical text
 *   vc4-ir --run FILE [NAME=V,V,..]...   run the reference interpreter and
 *                                        print the outputs (NAME: a slot, or
 *                                        frag_coord / front_facing / point_coord)
 *   vc4-ir --random SEED [vertex|fragment]   print a random valid program
 *
 * Exit status (docs/CONVENTIONS.md): 0 success, 1 a bad shader or input
 * value, or a run that failed (message on stderr), 2 usage or I/O error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "ir/ir_interp.h"
#include "ir/ir_random.h"
#include "tool.h"
#include "util/file.h"

static const struct tool tool = { "vc4-ir",
	"usage: vc4-ir FILE\n"
	"       vc4-ir --run FILE [NAME=V,V,...]...\n"
	"       vc4-ir --random SEED [vertex|fragment]\n"
	"  FILE: parse, validate and print the shader's canonical text\n"
	"  --run: run the reference interpreter with the inputs NAME=V,V,... (a slot,\n"
	"         frag_coord, front_facing or point_coord) and print the outputs\n"
	"  --random: print a random valid program (default stage: vertex)\n"
	"  --help     print this text;  --version  print the version\n"
	"exit status: 0 success, 1 a bad shader or input, or a failed run,\n"
	"  2 usage or I/O error\n" };

/* Parses up to `max` comma-separated components of base `base` into out. */
static int parse_components(const char *s, uint8_t base, union ir_scalar *out, int max)
{
	int n = 0;
	while (n < max) {
		char *end;
		if (base == IR_FLOAT)
			out[n].f = strtof(s, &end);
		else if (base == IR_INT)
			out[n].i = (int32_t)strtol(s, &end, 0);
		else if (!strncmp(s, "true", 4) || !strncmp(s, "false", 5))
			out[n].u = s[0] == 't', end = (char *)s + (s[0] == 't' ? 4 : 5);
		else
			out[n].u = (uint32_t)strtoul(s, &end, 0) != 0;
		if (end == s)
			return -1;
		n++;
		if (*end == '\0')
			return n;
		if (*end != ',')
			return -1;
		s = end + 1;
	}
	return -1;
}

/* Parses `want` components of `base` from `s` into v; false with the
 * reason in d. */
static bool parse_value(const char *s, uint8_t base, int want, union ir_scalar *v,
			struct vc4_diag *d)
{
	static const char *const bases[] = { [IR_FLOAT] = "float", [IR_INT] = "int",
					     [IR_BOOL] = "bool" };
	if (parse_components(s, base, v, want) == want)
		return true;
	return vc4_diag_set(d, "'%s' is not %d %s component%s", s, want, bases[base],
			    want == 1 ? "" : "s");
}

/* Applies one NAME=V,V argument to the run's inputs; false with the reason
 * in d. */
static bool set_input(const struct ir_shader *sh, struct ir_interp_io *io, const char *arg,
		      struct vc4_diag *d)
{
	const char *eq = strchr(arg, '=');
	char name[80];
	if (!eq || (size_t)(eq - arg) >= sizeof(name))
		return vc4_diag_set(d, "not NAME=V,V,...");
	memcpy(name, arg, (size_t)(eq - arg));
	name[eq - arg] = '\0';
	union ir_scalar v[IR_MAX_COMPS];
	if (!strcmp(name, "frag_coord") || !strcmp(name, "point_coord")) {
		int want = name[0] == 'f' ? 4 : 2;
		if (!parse_value(eq + 1, IR_FLOAT, want, v, d))
			return false;
		for (int k = 0; k < want; k++)
			(name[0] == 'f' ? io->frag_coord : io->point_coord)[k] = v[k].f;
		return true;
	}
	if (!strcmp(name, "front_facing")) {
		if (!parse_value(eq + 1, IR_BOOL, 1, v, d))
			return false;
		io->front_facing = v[0].u;
		return true;
	}
	uint32_t slot = ir_shader_find_decl(sh, name);
	if (slot == IR_NONE)
		return vc4_diag_set(d, "no slot '%s'", name);
	const struct ir_decl *dc = &sh->decls.data[slot];
	if (!parse_value(eq + 1, dc->type.base, dc->type.comps, v, d))
		return false;
	memcpy(io->slots[slot].c, v, dc->type.comps * sizeof(v[0]));
	return true;
}

/* Prints the results of an interpreted shader: every output, local and (in a
 * vertex shader) varying as `@name = c0, c1, ...`, then `discarded` if the
 * fragment was discarded. */
static void print_outputs(const struct ir_shader *sh, const struct ir_interp_io *io)
{
	for (uint32_t d = 0; d < sh->decls.len; d++) {
		const struct ir_decl *dc = &sh->decls.data[d];
		bool out = dc->kind == IR_DECL_OUTPUT || dc->kind == IR_DECL_LOCAL ||
			   (dc->kind == IR_DECL_VARYING && sh->stage == IR_STAGE_VERTEX);
		if (!out)
			continue;
		printf("@%s =", ir_str(sh, dc->name));
		for (unsigned k = 0; k < dc->type.comps; k++) {
			union ir_scalar c = io->slots[d].c[k];
			char buf[32];
			if (dc->type.base == IR_FLOAT)
				ir_print_float(c.f, buf);
			else if (dc->type.base == IR_INT)
				snprintf(buf, sizeof(buf), "%d", (int)c.i);
			else
				snprintf(buf, sizeof(buf), "%s", c.u ? "true" : "false");
			printf("%s %s", k ? "," : "", buf);
		}
		printf("\n");
	}
	if (io->discarded)
		printf("discarded\n");
}

/* Interprets shader sh once with the inputs given as argv (NAME=VALUES) and
 * prints its outputs. Returns TOOL_OK, TOOL_FAILED on a bad input or an
 * interpreter error, or TOOL_USAGE when out of memory. */
static int run(const struct ir_shader *sh, int argc, char **argv)
{
	struct ir_interp_io io = { .slots = ir_interp_slots(sh) };
	struct vc4_diag diag = { 0 };
	if (!io.slots) {
		tool_error(&tool, "out of memory");
		return TOOL_USAGE;
	}
	for (int k = 0; k < argc; k++) {
		if (!set_input(sh, &io, argv[k], &diag)) {
			tool_error(&tool, "%s: input '%s': %s", ir_str(sh, sh->filename), argv[k],
				   diag.msg);
			free(io.slots);
			return TOOL_FAILED;
		}
	}
	bool ok = ir_interpret(sh, &io, &diag);
	if (ok)
		print_outputs(sh, &io);
	else
		tool_error(&tool, "%s", diag.msg);
	free(io.slots);
	return ok ? TOOL_OK : TOOL_FAILED;
}

static int print_shader(struct ir_shader *sh)
{
	char *text = sh ? ir_print(sh) : NULL;
	if (text)
		fputs(text, stdout);
	else
		tool_error(&tool, "out of memory");
	free(text);
	ir_shader_free(sh);
	return text ? TOOL_OK : TOOL_USAGE;
}

/* --random SEED [STAGE]: prints a random program. */
static int random_program(int argc, char **argv)
{
	struct ir_random_options opt = ir_random_defaults;
	char *end;
	if (argc < 3 || argc > 4)
		return tool_usage_error(&tool, "--random takes SEED [vertex|fragment]");
	unsigned long long seed = strtoull(argv[2], &end, 0);
	if (!argv[2][0] || *end || argv[2][0] == '-')
		return tool_usage_error(&tool, "--random '%s': not a number", argv[2]);
	if (argc == 4 && strcmp(argv[3], "vertex") && strcmp(argv[3], "fragment"))
		return tool_usage_error(&tool, "--random: stage '%s' is not vertex or fragment",
					argv[3]);
	opt.stage = argc == 4 && !strcmp(argv[3], "fragment") ? IR_STAGE_FRAGMENT :
		    IR_STAGE_VERTEX;
	return print_shader(ir_random_program(seed, &opt));
}

/* vc4-ir: parses and validates an IR file and prints it back, runs it with
 * --run FILE NAME=VALUES..., or prints a random program with --random. Exits
 * with the tool status convention. */
int main(int argc, char **argv)
{
	int status;
	if (tool_std_options(&tool, argc, argv, &status))
		return status;
	if (argc >= 2 && !strcmp(argv[1], "--random"))
		return random_program(argc, argv);
	bool do_run = argc >= 2 && !strcmp(argv[1], "--run");
	if (argc < 2 || (do_run && argc < 3))
		return tool_usage_error(&tool, "no FILE given");
	if (!do_run && argv[1][0] == '-' && argv[1][1])
		return tool_usage_error(&tool, "unknown option '%s'", argv[1]);
	if (!do_run && argc != 2)
		return tool_usage_error(&tool, "more than one FILE: '%s' and '%s'", argv[1],
					argv[2]);
	const char *path = argv[do_run ? 2 : 1];
	struct vc4_diag diag = { 0 };
	size_t size;
	char *text = vc4_read_file(path, &size, &diag);
	bool read = text != NULL;
	struct ir_shader *sh = read ? ir_parse(text, size, path, &diag) : NULL;
	free(text);
	if (!sh) {
		tool_error(&tool, "%s", diag.msg);
		return read ? TOOL_FAILED : TOOL_USAGE;
	}
	if (!do_run)
		return print_shader(sh);
	int rc = run(sh, argc - 3, argv + 3);
	ir_shader_free(sh);
	return rc;
}
