/*
 * vc4c: the shader compiler's command line (src/compiler).
 *
 *   vc4c [--stage vertex|fragment] FILE.ir [-o BASENAME] [--dis] [--qir] [--stats]
 *        [--key K=V]... [--fs FS.ir]
 *
 * Writes BASENAME.vs.bin and BASENAME.cs.bin (vertex) or BASENAME.fs.bin
 * (fragment) as little-endian 64-bit words when -o is given; --dis prints
 * the disassembly, --qir the allocated QIR, --stats one line per program.
 * Keys (docs/compiler.md): threaded, depth, stencil, point_size, color_mask,
 * logic_op, rt_format=rgba8888|bgr565, blend=EQ,SRC,DST (enum numbers) or
 * off, attrN=float|unorm8|uint8|snorm16|sint16.
 * Exit status: 0 success, 1 compile error (file:line:col: message), 2 usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/vc4_compile.h"
#include "qpu/qpu_dis.h"
#include "util/file.h"

static int usage(void)
{
	fprintf(stderr, "usage: vc4c [--stage vertex|fragment] FILE.ir [-o BASENAME] [--dis] "
		"[--qir] [--stats] [--key K=V]... [--fs FS.ir]\n");
	return 2;
}

static bool parse_uint(const char *s, unsigned max, unsigned *out)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);
	if (end == s || *end || v > max)
		return false;
	*out = (unsigned)v;
	return true;
}

static bool set_blend(struct qir_shader_key *k, const char *v)
{
	unsigned eq, src, dst;
	if (strcmp(v, "off") == 0) {
		k->blend.enable = false;
		return true;
	}
	if (sscanf(v, "%u,%u,%u", &eq, &src, &dst) != 3 || eq >= QIR_BLEND_EQ_COUNT ||
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

static const char *rt_name(unsigned i) { return qir_rt_formats[i].name; }
static const char *attr_name(unsigned i) { return qir_attr_formats[i].name; }

/* Applies one K=V. */
static bool set_key(struct qir_shader_key *k, const char *arg)
{
	char name[32];
	const char *eq = strchr(arg, '=');
	unsigned u, n;
	if (!eq || (size_t)(eq - arg) >= sizeof(name))
		return false;
	memcpy(name, arg, (size_t)(eq - arg));
	name[eq - arg] = '\0';
	const char *v = eq + 1;
	bool *flag = !strcmp(name, "threaded") ? &k->threaded : !strcmp(name, "depth") ?
		     &k->depth_enabled : !strcmp(name, "stencil") ? &k->stencil_enabled :
		     !strcmp(name, "point_size") ? &k->point_size : NULL;
	if (flag) {
		if (!parse_uint(v, 1, &u))
			return false;
		*flag = u;
		return true;
	}
	if (!strcmp(name, "color_mask") && parse_uint(v, 15, &u))
		return k->color_mask = (uint8_t)u, true;
	if (!strcmp(name, "logic_op") && parse_uint(v, QIR_LOGIC_COUNT - 1, &u))
		return k->logic_op_enable = true, k->logic_op = (uint8_t)u, true;
	if (!strcmp(name, "rt_format"))
		return set_named(v, rt_name, QIR_RT_FORMAT_COUNT, &k->rt_format);
	if (!strcmp(name, "blend"))
		return set_blend(k, v);
	if (sscanf(name, "attr%u", &n) == 1 && n < QIR_KEY_MAX_ATTRS)
		return set_named(v, attr_name, QIR_ATTR_FORMAT_COUNT, &k->attr_format[n]);
	return false;
}

static struct ir_shader *load(const char *path, struct vc4_diag *d)
{
	size_t size;
	char *text = vc4_read_file(path, &size, d);
	if (!text)
		return NULL;
	struct ir_shader *sh = ir_parse(text, size, path, d);
	free(text);
	return sh;
}

static const char *const suffix[] = {
	[QIR_STAGE_VERTEX] = "vs", [QIR_STAGE_COORD] = "cs", [QIR_STAGE_FRAGMENT] = "fs",
};

struct args {
	const char *file, *fs, *out, *stage;
	bool dis, qir, stats;
	const char *keys[64];
	unsigned nkeys;
};

static bool parse_args(int argc, char **argv, struct args *a)
{
	memset(a, 0, sizeof(*a));
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		bool more = i + 1 < argc;
		if (!strcmp(s, "--dis"))
			a->dis = true;
		else if (!strcmp(s, "--qir"))
			a->qir = true;
		else if (!strcmp(s, "--stats"))
			a->stats = true;
		else if (!strcmp(s, "-o") && more)
			a->out = argv[++i];
		else if (!strcmp(s, "--fs") && more)
			a->fs = argv[++i];
		else if (!strcmp(s, "--stage") && more)
			a->stage = argv[++i];
		else if (!strcmp(s, "--key") && more && a->nkeys < 64)
			a->keys[a->nkeys++] = argv[++i];
		else if (s[0] != '-' && !a->file)
			a->file = s;
		else
			return false;
	}
	return a->file != NULL;
}

/* Prints and writes what was asked for one program. */
static bool output(const struct args *a, const struct vc4_program *p, struct vc4_diag *d)
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
		vc4_program_stats(p, line, sizeof(line));
		printf("%s\n", line);
	}
	if (!a->out)
		return true;
	char path[4096];
	snprintf(path, sizeof(path), "%s.%s.bin", a->out, suffix[p->stage]);
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

int main(int argc, char **argv)
{
	struct args a;
	if (!parse_args(argc, argv, &a))
		return usage();
	struct vc4_diag d = {0};
	struct ir_shader *sh = load(a.file, &d), *fs = NULL;
	if (sh && a.fs)
		fs = load(a.fs, &d);
	int status = 1;
	if (!sh || (a.fs && !fs))
		goto out;
	enum qir_stage stage = sh->stage == IR_STAGE_VERTEX ? QIR_STAGE_VERTEX : QIR_STAGE_FRAGMENT;
	if (a.stage && strcmp(a.stage, vc4_stage_name(stage)) != 0) {
		vc4_diag_set(&d, "%s: --stage %s, but the file holds a %s shader", a.file, a.stage,
			     vc4_stage_name(stage));
		goto out;
	}
	struct qir_shader_key key;
	qir_shader_key_init(&key, stage);
	for (unsigned i = 0; i < a.nkeys; i++)
		if (!set_key(&key, a.keys[i])) {
			fprintf(stderr, "vc4c: bad key '%s'\n", a.keys[i]);
			status = 2;
			goto out;
		}
	struct vc4_compile_options opt = { .keep_qir = a.qir };
	struct vc4_compile_result r;
	if (!vc4_compile_linked(sh, fs, &key, &opt, &r, &d))
		goto out;
	status = 0;
	for (uint32_t i = 0; i < r.count && status == 0; i++)
		if (!output(&a, &r.prog[i], &d))
			status = 1;
	vc4_compile_result_free(&r);
out:
	if (d.set)
		fprintf(stderr, "%s\n", d.msg);
	ir_shader_free(sh);
	ir_shader_free(fs);
	return status;
}
