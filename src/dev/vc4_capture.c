/*
 * vc4_capture.c: the submit.txt format, described once by field_table[]
 * (writing and parsing both derive from it), and loading a capture
 * directory robustly: every error names the file and line.
 */
#include "dev/vc4_capture.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"

enum field_style { DEC, HEX, INDEX }; /* INDEX: decimal, absent ~0 as 0xffffffff */

#define SURFACE_FIELDS(s) \
	{ #s ".hindex", offsetof(struct drm_vc4_submit_cl, s.hindex), 4, INDEX }, \
	{ #s ".offset", offsetof(struct drm_vc4_submit_cl, s.offset), 4, DEC }, \
	{ #s ".bits", offsetof(struct drm_vc4_submit_cl, s.bits), 2, HEX }, \
	{ #s ".flags", offsetof(struct drm_vc4_submit_cl, s.flags), 2, HEX }

#define FIELD(name, member, bytes, style) \
	{ name, offsetof(struct drm_vc4_submit_cl, member), bytes, style }

/* Every scalar field of struct drm_vc4_submit_cl, in struct order. */
static const struct field {
	const char *name;
	size_t offset;
	unsigned bytes;
	enum field_style style;
} field_table[] = {
	FIELD("bin_cl_size", bin_cl_size, 4, DEC),
	FIELD("shader_rec_size", shader_rec_size, 4, DEC),
	FIELD("shader_rec_count", shader_rec_count, 4, DEC),
	FIELD("uniforms_size", uniforms_size, 4, DEC),
	FIELD("bo_handle_count", bo_handle_count, 4, DEC),
	FIELD("width", width, 2, DEC),
	FIELD("height", height, 2, DEC),
	FIELD("min_x_tile", min_x_tile, 1, DEC),
	FIELD("min_y_tile", min_y_tile, 1, DEC),
	FIELD("max_x_tile", max_x_tile, 1, DEC),
	FIELD("max_y_tile", max_y_tile, 1, DEC),
	SURFACE_FIELDS(color_read),
	SURFACE_FIELDS(color_write),
	SURFACE_FIELDS(zs_read),
	SURFACE_FIELDS(zs_write),
	SURFACE_FIELDS(msaa_color_write),
	SURFACE_FIELDS(msaa_zs_write),
	FIELD("clear_color0", clear_color[0], 4, HEX),
	FIELD("clear_color1", clear_color[1], 4, HEX),
	FIELD("clear_z", clear_z, 4, HEX),
	FIELD("clear_s", clear_s, 1, HEX),
	FIELD("flags", flags, 4, HEX),
	FIELD("perfmonid", perfmonid, 4, DEC),
	FIELD("in_sync", in_sync, 4, DEC),
	FIELD("out_sync", out_sync, 4, DEC),
	FIELD("pad2", pad2, 4, HEX),
};

#define FIELD_COUNT (sizeof(field_table) / sizeof(field_table[0]))

static const char *const kind_names[] = {
	[VC4_CAPTURE_BO_PLAIN] = "plain",
	[VC4_CAPTURE_BO_SHADER] = "shader",
	[VC4_CAPTURE_BO_MISSING] = "missing",
};

static uint64_t field_get(const struct drm_vc4_submit_cl *args, const struct field *f)
{
	const uint8_t *p = (const uint8_t *)args + f->offset;
	uint8_t v8;
	uint16_t v16;
	uint32_t v32;
	switch (f->bytes) {
	case 1: memcpy(&v8, p, 1); return v8;
	case 2: memcpy(&v16, p, 2); return v16;
	default: memcpy(&v32, p, 4); return v32;
	}
}

static void field_put(struct drm_vc4_submit_cl *args, const struct field *f, uint64_t v)
{
	uint8_t *p = (uint8_t *)args + f->offset;
	uint8_t v8 = (uint8_t)v;
	uint16_t v16 = (uint16_t)v;
	uint32_t v32 = (uint32_t)v;
	switch (f->bytes) {
	case 1: memcpy(p, &v8, 1); break;
	case 2: memcpy(p, &v16, 2); break;
	default: memcpy(p, &v32, 4); break;
	}
}

/* Appends printf output to a growing string; false when out of memory. */
static bool append(char **s, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static bool append(char **s, size_t *len, const char *fmt, ...)
{
	char line[128];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(line))
		return false;
	char *grown = realloc(*s, *len + (size_t)n + 1);
	if (!grown)
		return false;
	memcpy(grown + *len, line, (size_t)n + 1);
	*s = grown;
	*len += (size_t)n;
	return true;
}

char *vc4_capture_format_submit(const struct drm_vc4_submit_cl *args,
			       const struct vc4_capture_bo *bos)
{
	char *s = NULL;
	size_t len = 0;
	bool ok = true;
	for (size_t i = 0; i < FIELD_COUNT && ok; i++) {
		const struct field *f = &field_table[i];
		uint64_t v = field_get(args, f);
		if (f->style == DEC || (f->style == INDEX && v != 0xffffffffu))
			ok = append(&s, &len, "%s %llu\n", f->name, (unsigned long long)v);
		else
			ok = append(&s, &len, "%s 0x%0*llx\n", f->name, (int)f->bytes * 2,
				    (unsigned long long)v);
	}
	for (uint32_t i = 0; i < args->bo_handle_count && ok; i++)
		ok = append(&s, &len, "bo %u %u %s\n", i, bos[i].size, kind_names[bos[i].kind]);
	if (!ok) {
		free(s);
		return NULL;
	}
	return s;
}

/* ---- parsing ---- */

struct parse {
	const char *path;   /* DIR/submit.txt */
	unsigned line;
	struct vc4_diag *diag;
};

static bool parse_error(const struct parse *p, const char *what, const char *token)
{
	return vc4_diag_set(p->diag, "%s:%u: %s '%s'", p->path, p->line, what, token);
}

/* A decimal or 0x-hex number no larger than max. */
static bool parse_number(const struct parse *p, const char *tok, uint64_t max, uint64_t *out)
{
	int base = 10;
	const char *digits = tok;
	if (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
		base = 16;
		digits = tok + 2;
	}
	uint64_t v = 0;
	if (!*digits)
		return parse_error(p, "bad number", tok);
	for (const char *c = digits; *c; c++) {
		int d = *c >= '0' && *c <= '9' ? *c - '0' :
			base == 16 && *c >= 'a' && *c <= 'f' ? *c - 'a' + 10 :
			base == 16 && *c >= 'A' && *c <= 'F' ? *c - 'A' + 10 : -1;
		if (d < 0)
			return parse_error(p, "bad number", tok);
		if (v > (max - (uint64_t)d) / (uint64_t)base)
			return parse_error(p, "number out of range for its field:", tok);
		v = v * (uint64_t)base + (uint64_t)d;
	}
	*out = v;
	return true;
}

/* Splits a line into at most `max` space-separated tokens; returns the count
 * (max + 1 when there are more). */
static unsigned split(char *line, char **tok, unsigned max)
{
	unsigned n = 0;
	for (char *save = NULL, *t = strtok_r(line, " \t\r", &save); t;
	     t = strtok_r(NULL, " \t\r", &save)) {
		if (n == max)
			return max + 1;
		tok[n++] = t;
	}
	return n;
}

/* One `bo INDEX SIZE KIND` line; bos has room for `count` entries. */
static bool parse_bo_line(struct parse *p, char **tok, unsigned ntok, uint32_t *seen,
			  struct vc4_capture *cap, uint32_t count)
{
	uint64_t index, size;
	if (ntok != 4)
		return parse_error(p, "expected 'bo INDEX SIZE shader|plain', got", tok[0]);
	if (!parse_number(p, tok[1], UINT32_MAX, &index) ||
	    !parse_number(p, tok[2], UINT32_MAX, &size))
		return false;
	if (index != *seen || index >= count)
		return parse_error(p, index >= count ? "bo index beyond bo_handle_count:" :
				   "bo lines must come in index order; unexpected index", tok[1]);
	enum vc4_capture_bo_kind kind;
	for (kind = 0; kind <= VC4_CAPTURE_BO_MISSING; kind++)
		if (strcmp(tok[3], kind_names[kind]) == 0)
			break;
	if (kind > VC4_CAPTURE_BO_MISSING)
		return parse_error(p, "unknown BO kind (shader, plain or missing)", tok[3]);
	if ((size == 0) != (kind == VC4_CAPTURE_BO_MISSING))
		return parse_error(p, "BO size must be 0 exactly for a missing BO, got", tok[2]);
	cap->bos[index] = (struct vc4_capture_bo){ .size = (uint32_t)size, .kind = kind };
	(*seen)++;
	return true;
}

/* One `name value` line. `have` marks fields already given. */
static bool parse_field_line(struct parse *p, char **tok, unsigned ntok, bool *have,
			     struct vc4_capture *cap)
{
	size_t i;
	for (i = 0; i < FIELD_COUNT; i++)
		if (strcmp(tok[0], field_table[i].name) == 0)
			break;
	if (i == FIELD_COUNT)
		return parse_error(p, "unknown field", tok[0]);
	if (ntok != 2)
		return parse_error(p, "expected one value after", tok[0]);
	if (have[i])
		return parse_error(p, "duplicate field", tok[0]);
	uint64_t v;
	if (!parse_number(p, tok[1], (1ull << (8 * field_table[i].bytes)) - 1, &v))
		return false;
	field_put(&cap->args, &field_table[i], v);
	have[i] = true;
	return true;
}

/* Once bo_handle_count is known, makes room for the BO list. */
static bool ensure_bos(struct parse *p, struct vc4_capture *cap)
{
	if (cap->bos)
		return true;
	if (cap->args.bo_handle_count > 65536)
		return vc4_diag_set(p->diag, "%s:%u: bo_handle_count %u is implausibly large",
				    p->path, p->line, cap->args.bo_handle_count);
	cap->bos = calloc(cap->args.bo_handle_count + 1, sizeof(*cap->bos));
	return cap->bos || vc4_diag_set(p->diag, "out of memory");
}

/* Parses submit.txt's text (NUL-terminated, modified in place). */
static bool parse_submit(struct parse *p, char *text, struct vc4_capture *cap)
{
	bool have[FIELD_COUNT] = { false };
	uint32_t bos_seen = 0;
	char *save = NULL;
	size_t bo_count_field = 0;
	while (strcmp(field_table[bo_count_field].name, "bo_handle_count") != 0)
		bo_count_field++;
	p->line = 0;
	for (char *line = text; line; line = save) {
		char *nl = strchr(line, '\n');
		save = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		p->line++;
		char *tok[5];
		unsigned ntok = split(line, tok, 4);
		if (ntok == 0 || tok[0][0] == '#')
			continue;
		if (strcmp(tok[0], "bo") == 0) {
			if (!have[bo_count_field])
				return parse_error(p, "bo line before bo_handle_count:", tok[0]);
			if (!parse_bo_line(p, tok, ntok, &bos_seen, cap, cap->args.bo_handle_count))
				return false;
		} else if (bos_seen) {
			return parse_error(p, "field after the bo lines:", tok[0]);
		} else if (!parse_field_line(p, tok, ntok, have, cap) ||
			   (have[bo_count_field] && !ensure_bos(p, cap))) {
			return false;
		}
	}
	for (size_t i = 0; i < FIELD_COUNT; i++)
		if (!have[i] && strcmp(field_table[i].name, "pad2") != 0)
			return vc4_diag_set(p->diag, "%s: missing field '%s'", p->path,
					    field_table[i].name);
	if (!ensure_bos(p, cap))
		return false;
	if (bos_seen != cap->args.bo_handle_count)
		return vc4_diag_set(p->diag, "%s: %u bo lines for bo_handle_count %u", p->path,
				    bos_seen, cap->args.bo_handle_count);
	return true;
}

/* DIR/NAME into out; false (diag set) when it does not fit. */
static bool join_path(char *out, size_t size, const char *dir, const char *name,
		      struct vc4_diag *diag)
{
	int n = snprintf(out, size, "%s/%s", dir, name);
	return (n >= 0 && (size_t)n < size) ||
		vc4_diag_set(diag, "%s/%s: path too long", dir, name);
}

/* Reads DIR/NAME, which must hold exactly `size` bytes (a BO may be larger
 * than the default input limit; the read stops past its declared size). */
static uint8_t *load_blob(const char *dir, const char *name, uint32_t size,
			  struct vc4_diag *diag)
{
	char path[4200];
	if (!join_path(path, sizeof(path), dir, name, diag))
		return NULL;
	size_t got = 0, max = size > VC4_READ_FILE_MAX ? size : VC4_READ_FILE_MAX;
	uint8_t *data = vc4_read_file_max(path, max, &got, diag);
	if (data && got != size) {
		vc4_diag_set(diag, "%s: %zu bytes, but submit.txt says %u", path, got, size);
		free(data);
		return NULL;
	}
	return data;
}

/* Loads the three CL streams and the contents of every captured BO (all but
 * missing ones) of the capture in `dir` into cap, each of its declared size.
 * False with the file and reason in diag. */
static bool load_blobs(const char *dir, struct vc4_capture *cap, struct vc4_diag *diag)
{
	cap->bin_cl = load_blob(dir, "bin_cl.bin", cap->args.bin_cl_size, diag);
	cap->shader_rec = load_blob(dir, "shader_rec.bin", cap->args.shader_rec_size, diag);
	cap->uniforms = load_blob(dir, "uniforms.bin", cap->args.uniforms_size, diag);
	if (!cap->bin_cl || !cap->shader_rec || !cap->uniforms)
		return false;
	for (uint32_t i = 0; i < cap->args.bo_handle_count; i++) {
		if (cap->bos[i].kind == VC4_CAPTURE_BO_MISSING)
			continue;
		char name[32];
		snprintf(name, sizeof(name), "bo-%u.bin", i);
		cap->bos[i].data = load_blob(dir, name, cap->bos[i].size, diag);
		if (!cap->bos[i].data)
			return false;
	}
	return true;
}

bool vc4_capture_load(const char *dir, struct vc4_capture *cap, struct vc4_diag *diag)
{
	memset(cap, 0, sizeof(*cap));
	char path[4200];
	if (!join_path(path, sizeof(path), dir, "submit.txt", diag))
		return false;
	size_t size;
	char *text = vc4_read_file(path, &size, diag);
	if (!text)
		return false;
	bool ok = strlen(text) == size ||
		vc4_diag_set(diag, "%s: contains a NUL byte (not a text file)", path);
	struct parse p = { .path = path, .diag = diag };
	ok = ok && parse_submit(&p, text, cap) && load_blobs(dir, cap, diag);
	free(text);
	if (!ok)
		vc4_capture_free(cap);
	return ok;
}

void vc4_capture_free(struct vc4_capture *cap)
{
	if (cap->bos)
		for (uint32_t i = 0; i < cap->args.bo_handle_count; i++)
			free(cap->bos[i].data);
	free(cap->bos);
	free(cap->bin_cl);
	free(cap->shader_rec);
	free(cap->uniforms);
	memset(cap, 0, sizeof(*cap));
}
