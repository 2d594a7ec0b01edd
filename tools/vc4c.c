/*
 * vc4c: the shader compiler's command line (src/compiler).
 *
 *   vc4c FILE.ir [--stage vertex|fragment] [-o BASENAME] [--dis] [--qir] [--stats]
 *        [--key K=V]... [--fs FS.ir]
 *   vc4c FILE.vert|FILE.frag [...] [--ir]     (GLSL ES 1.00, docs/glsl.md)
 *   vc4c --glsl --stage S FILE [...]
 *
 * Writes BASENAME.vs.bin and BASENAME.cs.bin (vertex) or BASENAME.fs.bin
 * (fragment) as little-endian 64-bit words when -o is given; --dis prints
 * the disassembly, --qir the allocated QIR, --stats one line per program.
 * Keys (docs/compiler.md; `vc4c --help` lists them from the key tables):
 * threaded, depth, stencil, point_size, color_mask, logic_op, rt_format,
 * blend=EQ,SRC,DST (enum numbers) or off, attrN=FORMAT.
 * A FILE ending in .vert/.vs/.frag/.fs, or any FILE with --glsl (then
 * --stage gives the stage), is GLSL ES 1.00 compiled by src/glsl; --ir
 * prints the IR it lowers to. GLSL pairs given with --fs are linked by
 * glsl_link (varyings by name and type) before the IR linkage check.
 * Every GLSL error is printed (up to 20), one "vc4c: FILE:L:C: ..." each.
 * --fs links a vertex shader with its fragment shader: FS.ir must be a
 * fragment shader and FILE.ir a vertex shader, and every varying FS.ir
 * reads must be declared and stored by FILE.ir (the message points at the
 * FS's load). The lowering then checks the varyings' sizes.
 * Exit status (docs/CONVENTIONS.md): 0 compiled, 1 the shaders were
 * rejected ("vc4c: FILE:LINE:COL: message"), 2 usage (a bad key) or I/O
 * error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/vc4_compile.h"
#include "glsl/glsl.h"
#include "qpu/qpu_dis.h"
#include "tool.h"
#include "util/file.h"

static const char usage_head[] =
	"usage: vc4c FILE.ir [--stage vertex|fragment] [-o BASENAME] [--dis] [--qir]\n"
	"            [--stats] [--key K=V]... [--fs FS.ir] [--glsl] [--ir]\n"
	"  compiles a shader in IR (docs/ir.md), or in GLSL ES 1.00 (docs/glsl.md:\n"
	"  FILE.vert, FILE.frag or --glsl), to QPU programs\n"
	"  --stage S  fail unless FILE.ir holds a shader of stage S (with --glsl:\n"
	"             the stage of a FILE not named .vert or .frag)\n"
	"  --glsl     FILE (and FS) are GLSL;  --ir  print the IR (of GLSL: lowered)\n"
	"  -o BASE    write BASE.vs.bin and BASE.cs.bin, or BASE.fs.bin\n"
	"  --dis      print the disassembly;  --qir  the allocated QIR\n"
	"  --stats    print one statistics line per program\n"
	"  --fs FS.ir link the vertex shader FILE.ir with its fragment shader FS.ir\n"
	"  --key K=V  a shader key (the state a program is compiled for):\n";

static const char usage_tail[] =
	"  --help     print this text;  --version  print the version\n"
	"exit status: 0 compiled, 1 the shaders were rejected, 2 usage or I/O error\n";

static char usage_text[4096];
static struct tool tool = { "vc4c", usage_text };

static const char *rt_name(unsigned i) { return qir_rt_formats[i].name; }
static const char *attr_name(unsigned i) { return qir_attr_formats[i].name; }

/* "a|b|c" of `count` names into buf. */
static const char *join_names(char *buf, size_t size, const char *(*name_of)(unsigned),
			      unsigned count)
{
	size_t n = 0;
	buf[0] = '\0';
	for (unsigned i = 0; i < count && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "|" : "", name_of(i));
	return buf;
}

/* The usage text with the keys, their values from the key tables. */
static void build_usage(void)
{
	char rt[128], attr[128];
	snprintf(usage_text, sizeof(usage_text),
		 "%s"
		 "    fragment: threaded=0|1 depth=0|1 stencil=0|1 color_mask=0..15\n"
		 "              logic_op=0..%u rt_format=%s\n"
		 "              blend=off|EQ,SRC,DST (EQ 0..%u, SRC and DST 0..%u)\n"
		 "    vertex:   point_size=0|1 attrN=%s (N 0..%u)\n"
		 "%s",
		 usage_head, QIR_LOGIC_COUNT - 1,
		 join_names(rt, sizeof(rt), rt_name, QIR_RT_FORMAT_COUNT), QIR_BLEND_EQ_COUNT - 1,
		 QIR_BF_COUNT - 1, join_names(attr, sizeof(attr), attr_name, QIR_ATTR_FORMAT_COUNT),
		 QIR_KEY_MAX_ATTRS - 1, usage_tail);
}

static bool parse_uint(const char *s, unsigned max, unsigned *out)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);
	if (end == s || *end || v > max || s[0] == '-')
		return false;
	*out = (unsigned)v;
	return true;
}

/* Sets the blend state of key k from an option value: "off", or "EQ,SRC,DST"
 * (numbers of the QIR blend equation and factors, used for colour and
 * alpha). False when the value does not parse or is out of range. */
static bool set_blend(struct qir_shader_key *k, const char *v)
{
	unsigned eq, src, dst;
	char extra;
	if (strcmp(v, "off") == 0) {
		k->blend.enable = false;
		return true;
	}
	if (sscanf(v, "%u,%u,%u%c", &eq, &src, &dst, &extra) != 3 || eq >= QIR_BLEND_EQ_COUNT ||
	    src >= QIR_BF_COUNT || dst >= QIR_BF_COUNT)
		return false;
	k->blend = (struct qir_blend_state){ true, (uint8_t)eq, (uint8_t)eq, (uint8_t)src,
					     (uint8_t)dst, (uint8_t)src, (uint8_t)dst };
	return true;
}

static bool set_named(const char *v, const char *(*name_of)(unsigned), unsigned count,
		      uint8_t *out)
{
	for (unsigned i = 0; i < count; i++)
		if (strcmp(name_of(i), v) == 0) {
			*out = (uint8_t)i;
			return true;
		}
	return false;
}

/* The flag a boolean key sets, or NULL. */
static bool *flag_of(struct qir_shader_key *k, const char *name)
{
	return !strcmp(name, "threaded") ? &k->threaded : !strcmp(name, "depth") ?
	       &k->depth_enabled : !strcmp(name, "stencil") ? &k->stencil_enabled :
	       !strcmp(name, "point_size") ? &k->point_size : NULL;
}

/* Applies the value `v` of key `name`; -1 unknown key, 0 bad value, 1 set. */
static int set_value(struct qir_shader_key *k, const char *name, const char *v)
{
	unsigned u, n;
	char extra;
	bool *flag = flag_of(k, name);
	if (flag) {
		bool ok = parse_uint(v, 1, &u);
		*flag = ok ? u : *flag;
		return ok;
	}
	if (!strcmp(name, "color_mask")) {
		bool ok = parse_uint(v, 15, &u);
		k->color_mask = ok ? (uint8_t)u : k->color_mask;
		return ok;
	}
	if (!strcmp(name, "logic_op")) {
		bool ok = parse_uint(v, QIR_LOGIC_COUNT - 1, &u);
		k->logic_op_enable |= ok;
		k->logic_op = ok ? (uint8_t)u : k->logic_op;
		return ok;
	}
	if (!strcmp(name, "rt_format"))
		return set_named(v, rt_name, QIR_RT_FORMAT_COUNT, &k->rt_format);
	if (!strcmp(name, "blend"))
		return set_blend(k, v);
	if (sscanf(name, "attr%u%c", &n, &extra) == 1 && n < QIR_KEY_MAX_ATTRS)
		return set_named(v, attr_name, QIR_ATTR_FORMAT_COUNT, &k->attr_format[n]);
	return -1;
}

/* Applies one --key K=V; false with the reason in d. */
static bool set_key(struct qir_shader_key *k, const char *arg, struct vc4_diag *d)
{
	char name[32];
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof(name))
		return vc4_diag_set(d, "--key '%s': not K=V", arg);
	memcpy(name, arg, (size_t)(eq - arg));
	name[eq - arg] = '\0';
	int r = set_value(k, name, eq + 1);
	if (r < 0)
		return vc4_diag_set(d, "--key '%s': unknown key '%s'", arg, name);
	if (r == 0)
		return vc4_diag_set(d, "--key '%s': bad value '%s' for %s", arg, eq + 1, name);
	return true;
}

struct args {
	const char *file, *fs, *out, *stage;
	bool dis, qir, stats, glsl, ir;
	const char *keys[64];
	unsigned nkeys;
};

/* The GLSL stage of `path` (by name, else --stage), or -1 for IR. */
static int glsl_stage_of(const struct args *a, const char *path)
{
	int st = glsl_stage_from_name(path);
	if (st >= 0 || !a->glsl)
		return st;
	return a->stage && !strcmp(a->stage, "vertex") ? GLSL_VERTEX : GLSL_FRAGMENT;
}

/* Prints the GLSL errors in order: all but the last here, the last
 * through d (so main's "vc4c: " line ends the list). */
static void glsl_errors(const struct glsl_log *log, struct vc4_diag *d)
{
	const char *p = log->text, *last = log->first;
	for (uint32_t i = 0; i < log->count; i++) {
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		if (i + 1 < log->count)
			fprintf(stderr, "vc4c: %.*s\n", (int)(nl - p), p);
		else
			vc4_diag_set(d, "%.*s", (int)(nl - p), p), last = NULL;
		p = nl + 1;
	}
	if (last)
		vc4_diag_set(d, "%s", last);
}

/* Reads and parses an IR or GLSL file. NULL with the reason in d;
 * *io_error tells an unreadable file from a bad shader. */
static struct ir_shader *load(const struct args *a, const char *path, struct glsl_shader **gs,
			      bool *io_error, struct vc4_diag *d)
{
	size_t size;
	char *text = vc4_read_file(path, &size, d);
	*io_error = !text;
	if (!text)
		return NULL;
	struct ir_shader *sh = NULL;
	int stage = glsl_stage_of(a, path);
	if (stage >= 0) {
		struct glsl_log log;
		*gs = glsl_compile(text, size, path, (enum glsl_stage)stage, &log);
		if (*gs)
			sh = (*gs)->ir;
		else
			glsl_errors(&log, d);
	} else {
		sh = ir_parse(text, size, path, d);
	}
	free(text);
	return sh;
}

/* The first instruction of `sh` doing `op` on slot `decl`, or NULL. */
static const struct ir_instr *first_use(const struct ir_shader *sh, uint32_t decl, enum ir_op op)
{
	for (size_t i = 0; i < sh->instrs.len; i++)
		if (sh->instrs.data[i].op == op && sh->instrs.data[i].slot == decl)
			return &sh->instrs.data[i];
	return NULL;
}

/* The linkage of vertex shader `vs` and fragment shader `fs`: the stages,
 * and every varying fs reads declared and stored by vs. */
static bool check_linkage(const struct ir_shader *vs, const struct ir_shader *fs,
			  struct vc4_diag *d)
{
	const char *vs_file = ir_str(vs, vs->filename), *fs_file = ir_str(fs, fs->filename);
	if (fs->stage != IR_STAGE_FRAGMENT)
		return vc4_diag_set(d, "%s: --fs needs a fragment shader, this is a %s shader",
				    fs_file, ir_stage_names[fs->stage]);
	if (vs->stage != IR_STAGE_VERTEX)
		return vc4_diag_set(d, "%s: --fs links a vertex shader with a fragment shader, "
				    "this is a %s shader", vs_file, ir_stage_names[vs->stage]);
	for (uint32_t f = 0; f < fs->decls.len; f++) {
		const char *name = ir_str(fs, fs->decls.data[f].name);
		const struct ir_instr *load = first_use(fs, f, IR_OP_LOAD);
		if (fs->decls.data[f].kind != IR_DECL_VARYING || !load)
			continue;
		uint32_t v = ir_shader_find_decl(vs, name);
		if (v == IR_NONE || vs->decls.data[v].kind != IR_DECL_VARYING)
			return vc4_diag_set(d, "%s:%u:%u: varying '%s' is read here, but %s "
					    "declares no varying '%s'", fs_file, load->line,
					    load->col, name, vs_file, name);
		if (!first_use(vs, v, IR_OP_STORE))
			return vc4_diag_set(d, "%s:%u:%u: varying '%s' is read here, but %s never "
					    "stores to it", fs_file, load->line, load->col, name,
					    vs_file);
	}
	return true;
}

static const char *const suffix[] = {
	[QIR_STAGE_VERTEX] = "vs", [QIR_STAGE_COORD] = "cs", [QIR_STAGE_FRAGMENT] = "fs",
};


/* Stores the value `v` of option `s` (-o, --fs, --stage or --key); returns
 * -1, or TOOL_USAGE after printing why. */
static int set_option(struct args *a, const char *s, const char *v)
{
	if (!strcmp(s, "-o"))
		a->out = v;
	else if (!strcmp(s, "--fs"))
		a->fs = v;
	else if (!strcmp(s, "--stage"))
		a->stage = v;
	else if (a->nkeys == sizeof(a->keys) / sizeof(a->keys[0]))
		return tool_usage_error(&tool, "more than %zu --key options",
					sizeof(a->keys) / sizeof(a->keys[0]));
	else
		a->keys[a->nkeys++] = v;
	return -1;
}

/* Fills `a` from argv; returns -1, or TOOL_USAGE after printing why. */
static int parse_args(int argc, char **argv, struct args *a)
{
	memset(a, 0, sizeof(*a));
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		bool has_value = !strcmp(s, "-o") || !strcmp(s, "--fs") || !strcmp(s, "--stage") ||
				 !strcmp(s, "--key");
		int status;
		if (!strcmp(s, "--dis"))
			a->dis = true;
		else if (!strcmp(s, "--qir"))
			a->qir = true;
		else if (!strcmp(s, "--stats"))
			a->stats = true;
		else if (!strcmp(s, "--glsl"))
			a->glsl = true;
		else if (!strcmp(s, "--ir"))
			a->ir = true;
		else if (has_value && i + 1 >= argc)
			return tool_usage_error(&tool, "%s needs a value", s);
		else if (has_value && (status = set_option(a, s, argv[++i])) >= 0)
			return status;
		else if (has_value)
			continue;
		else if (s[0] == '-' && s[1])
			return tool_usage_error(&tool, "unknown option '%s'", s);
		else if (a->file)
			return tool_usage_error(&tool, "more than one FILE: '%s' and '%s'",
						a->file, s);
		else
			a->file = s;
	}
	if (a->stage && strcmp(a->stage, "vertex") && strcmp(a->stage, "fragment"))
		return tool_usage_error(&tool, "--stage '%s': not vertex or fragment", a->stage);
	struct qir_shader_key scratch; /* the keys are checked before any file is read */
	struct vc4_diag d = { 0 };
	qir_shader_key_init(&scratch, QIR_STAGE_FRAGMENT);
	for (unsigned i = 0; i < a->nkeys; i++)
		if (!set_key(&scratch, a->keys[i], &d))
			return tool_usage_error(&tool, "%s", d.msg);
	return a->file ? -1 : tool_usage_error(&tool, "no FILE given");
}

/* Writes BASENAME.<stage>.bin; false with the reason in d. */
static bool write_binary(const char *base, const struct vc4_compiled_stage *p, struct vc4_diag *d)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s.%s.bin", base, suffix[p->stage]);
	size_t n = p->code.words.len;
	uint8_t *bytes = malloc(n * 8 + 1);
	if (!bytes)
		return vc4_diag_set(d, "out of memory");
	for (size_t i = 0; i < n * 8; i++)
		bytes[i] = (uint8_t)(p->code.words.data[i / 8] >> (8 * (i % 8)));
	bool ok = vc4_write_file(path, bytes, n * 8, d);
	free(bytes);
	return ok;
}

/* Prints and writes what was asked for one program. */
static bool output(const struct args *a, const struct vc4_compiled_stage *p, struct vc4_diag *d)
{
	const char *st = vc4_stage_name((enum qir_stage)p->stage);
	if (a->qir && p->qir)
		printf("# %s shader QIR\n%s", st, p->qir);
	if (a->dis) {
		char *text = qpu_disasm_program(p->code.words.data, p->code.words.len);
		if (!text)
			return vc4_diag_set(d, "out of memory");
		printf("# %s shader\n%s", st, text);
		free(text);
	}
	if (a->stats) {
		char line[200];
		vc4_compiled_stage_stats(p, line, sizeof(line));
		printf("%s\n", line);
	}
	return !a->out || write_binary(a->out, p, d);
}

/* Checks the stage and the linkage, applies the keys, compiles and writes
 * the outputs; returns the exit status. */
static int compile(const struct args *a, const struct ir_shader *sh, const struct ir_shader *fs,
		   struct vc4_diag *d)
{
	enum qir_stage stage = sh->stage == IR_STAGE_VERTEX ? QIR_STAGE_VERTEX : QIR_STAGE_FRAGMENT;
	if (a->stage && strcmp(a->stage, vc4_stage_name(stage)) != 0) {
		vc4_diag_set(d, "%s: --stage %s, but the file holds a %s shader", a->file, a->stage,
			     vc4_stage_name(stage));
		return TOOL_FAILED;
	}
	if (fs && !check_linkage(sh, fs, d))
		return TOOL_FAILED;
	struct qir_shader_key key;
	qir_shader_key_init(&key, stage);
	for (unsigned i = 0; i < a->nkeys; i++)
		set_key(&key, a->keys[i], d); /* checked by parse_args */
	struct vc4_compile_options opt = { .keep_qir = a->qir };
	struct vc4_compile_result r;
	if (!vc4_compile_linked(sh, fs, &key, &opt, &r, d))
		return TOOL_FAILED;
	int status = TOOL_OK;
	for (uint32_t i = 0; i < r.count && status == TOOL_OK; i++)
		if (!output(a, &r.prog[i], d))
			status = TOOL_USAGE;
	vc4_compile_result_free(&r);
	return status;
}

/* --ir: the IR of each shader, before compiling. */
static bool print_ir(const struct args *a, const struct ir_shader *sh, const struct ir_shader *fs)
{
	const struct ir_shader *both[2] = { sh, fs };
	for (int i = 0; i < 2 && a->ir; i++) {
		if (!both[i])
			continue;
		char *text = ir_print(both[i]);
		if (!text)
			return false;
		fputs(text, stdout);
		free(text);
	}
	return true;
}

/* GLSL pairs: glsl_link's rules (varyings by name and type). */
static bool link_glsl(struct glsl_shader *vs, struct glsl_shader *fs, struct vc4_diag *d)
{
	struct glsl_log log;
	if (glsl_link(vs, fs, NULL, 0, &log))
		return true;
	return vc4_diag_set(d, "%s", log.first);
}

/* vc4c: compiles an IR or GLSL shader (with --fs, a linked vertex and
 * fragment pair) and writes or prints what the options ask for (binaries,
 * IR, allocated QIR, disassembly, statistics). Exits TOOL_OK, TOOL_FAILED
 * when the shaders are rejected, TOOL_USAGE on a usage or I/O error. */
int main(int argc, char **argv)
{
	struct args a;
	int status;
	build_usage();
	if (tool_std_options(&tool, argc, argv, &status) ||
	    (status = parse_args(argc, argv, &a)) >= 0)
		return status;
	struct vc4_diag d = {0};
	bool io_error = false;
	struct glsl_shader *gvs = NULL, *gfs = NULL;
	struct ir_shader *sh = load(&a, a.file, &gvs, &io_error, &d), *fs = NULL;
	if (sh && a.fs)
		fs = load(&a, a.fs, &gfs, &io_error, &d);
	if (!sh || (a.fs && !fs))
		status = io_error ? TOOL_USAGE : TOOL_FAILED;
	else if (gvs && gfs && !link_glsl(gvs, gfs, &d))
		status = TOOL_FAILED;
	else
		status = print_ir(&a, sh, fs) ? compile(&a, sh, fs, &d) : TOOL_USAGE;
	if (d.set)
		tool_error(&tool, "%s", d.msg);
	if (!gvs)
		ir_shader_free(sh);
	if (!gfs)
		ir_shader_free(fs);
	glsl_shader_free(gvs);
	glsl_shader_free(gfs);
	return status;
}
