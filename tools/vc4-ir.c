/*
 * vc4-ir: command-line front end of the shader IR (src/ir).
 *
 *   vc4-ir FILE                          parse, validate, print canonical text
 *   vc4-ir --run FILE [NAME=V,V,..]...   run the reference interpreter and
 *                                        print the outputs (NAME: a slot, or
 *                                        frag_coord / front_facing / point_coord)
 *   vc4-ir --random SEED [vertex|fragment]   print a random valid program
 *
 * Exit status: 0 success, 1 bad shader or input (message on stderr), 2 usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "ir/ir_interp.h"
#include "ir/ir_random.h"
#include "util/file.h"

static int usage(void)
{
	fprintf(stderr, "usage: vc4-ir FILE\n"
		"       vc4-ir --run FILE [NAME=V,V,...]...\n"
		"       vc4-ir --random SEED [vertex|fragment]\n");
	return 2;
}

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

/* Applies one NAME=V,V argument to the run's inputs. */
static bool set_input(const struct ir_shader *sh, struct ir_interp_io *io, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char name[80];
	if (!eq || (size_t)(eq - arg) >= sizeof(name))
		return false;
	memcpy(name, arg, (size_t)(eq - arg));
	name[eq - arg] = '\0';
	union ir_scalar v[IR_MAX_COMPS];
	if (!strcmp(name, "frag_coord") || !strcmp(name, "point_coord")) {
		int want = name[0] == 'f' ? 4 : 2;
		if (parse_components(eq + 1, IR_FLOAT, v, want) != want)
			return false;
		for (int k = 0; k < want; k++)
			(name[0] == 'f' ? io->frag_coord : io->point_coord)[k] = v[k].f;
		return true;
	}
	if (!strcmp(name, "front_facing")) {
		if (parse_components(eq + 1, IR_BOOL, v, 1) != 1)
			return false;
		io->front_facing = v[0].u;
		return true;
	}
	uint32_t d = ir_shader_find_decl(sh, name);
	if (d == IR_NONE)
		return false;
	const struct ir_decl *dc = &sh->decls.data[d];
	if (parse_components(eq + 1, dc->type.base, v, dc->type.comps) != dc->type.comps)
		return false;
	memcpy(io->slots[d].c, v, dc->type.comps * sizeof(v[0]));
	return true;
}

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

static int run(const struct ir_shader *sh, int argc, char **argv)
{
	struct ir_interp_io io = { .slots = ir_interp_slots(sh) };
	struct vc4_diag diag = { 0 };
	if (!io.slots)
		return 1;
	for (int k = 0; k < argc; k++) {
		if (!set_input(sh, &io, argv[k])) {
			fprintf(stderr, "vc4-ir: bad input '%s'\n", argv[k]);
			free(io.slots);
			return 1;
		}
	}
	bool ok = ir_interpret(sh, &io, &diag);
	if (ok)
		print_outputs(sh, &io);
	else
		fprintf(stderr, "%s\n", diag.msg);
	free(io.slots);
	return ok ? 0 : 1;
}

static int print_shader(struct ir_shader *sh)
{
	char *text = sh ? ir_print(sh) : NULL;
	if (text)
		fputs(text, stdout);
	free(text);
	ir_shader_free(sh);
	return text ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "--random")) {
		struct ir_random_options opt = ir_random_defaults;
		if (argc > 3)
			opt.stage = !strcmp(argv[3], "fragment") ? IR_STAGE_FRAGMENT :
				    IR_STAGE_VERTEX;
		return print_shader(ir_random_program(strtoull(argv[2], NULL, 0), &opt));
	}
	bool do_run = argc >= 3 && !strcmp(argv[1], "--run");
	if (argc < 2 || (!do_run && (argc != 2 || argv[1][0] == '-')))
		return usage();
	const char *path = argv[do_run ? 2 : 1];
	struct vc4_diag diag = { 0 };
	size_t size;
	char *text = vc4_read_file(path, &size, &diag);
	struct ir_shader *sh = text ? ir_parse(text, size, path, &diag) : NULL;
	free(text);
	if (!sh) {
		fprintf(stderr, "%s\n", diag.msg);
		return 1;
	}
	if (!do_run)
		return print_shader(sh);
	int rc = run(sh, argc - 3, argv + 3);
	ir_shader_free(sh);
	return rc;
}
