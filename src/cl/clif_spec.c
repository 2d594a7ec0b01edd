/*
 * clif_spec.c: loading xml/vc4_packets.xml at run time with expat into a
 * struct clif_spec (schema: docs/xml.md), with the search path of clif.h.
 * Every rule of the schema the decoder relies on is checked here, so the
 * decoder never reads outside a packet: errors are "FILE:LINE: message".
 */
#include "clif.h"

#include <expat.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/array.h"
#include "util/file.h"

#define CLIF_XML_FILE "vc4_packets.xml"
#define CLIF_MAX_LENGTH 4096 /* bytes: far above any V3D 2.1 packet or record */
#define CLIF_MAX_DEPTH 4     /* vc4packets > packet > field > value */

enum clif_elem { ELEM_ROOT, ELEM_ENUM, ELEM_VALUE, ELEM_PACKET, ELEM_STRUCT, ELEM_FIELD };

static const char *const clif_elem_names[] = {
	[ELEM_ROOT] = "vc4packets",
	[ELEM_ENUM] = "enum",
	[ELEM_VALUE] = "value",
	[ELEM_PACKET] = "packet",
	[ELEM_STRUCT] = "struct",
	[ELEM_FIELD] = "field",
};

/* Which element may contain which: parent[child] bit set. */
static const unsigned clif_elem_parents[] = {
	[ELEM_ENUM] = 1u << ELEM_ROOT,
	[ELEM_VALUE] = 1u << ELEM_ENUM | 1u << ELEM_FIELD,
	[ELEM_PACKET] = 1u << ELEM_ROOT,
	[ELEM_STRUCT] = 1u << ELEM_ROOT,
	[ELEM_FIELD] = 1u << ELEM_PACKET | 1u << ELEM_STRUCT,
};

struct clif_parse {
	XML_Parser parser;
	const char *name;
	struct clif_spec *spec;
	struct vc4_diag *diag;
	bool failed;
	unsigned depth;
	enum clif_elem stack[CLIF_MAX_DEPTH];
};

/* Records "NAME:LINE: message" (first error only) and stops the parser.
 * Returns false, for `return clif_error(...)`. */
__attribute__((format(printf, 2, 3)))
static bool clif_error(struct clif_parse *ps, const char *fmt, ...)
{
	char msg[VC4_DIAG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!ps->failed) {
		vc4_diag_set(ps->diag, "%s:%lu: %s", ps->name,
			     (unsigned long)XML_GetCurrentLineNumber(ps->parser), msg);
		ps->failed = true;
		XML_StopParser(ps->parser, XML_FALSE);
	}
	return false;
}

/* The value of attribute `key`, or NULL. */
static const char *clif_attr(const XML_Char **attrs, const char *key)
{
	for (size_t i = 0; attrs[i]; i += 2) {
		if (strcmp(attrs[i], key) == 0)
			return attrs[i + 1];
	}
	return NULL;
}

/* A required attribute; records an error when it is missing. */
static const char *clif_need(struct clif_parse *ps, const XML_Char **attrs,
			     const char *elem, const char *key)
{
	const char *v = clif_attr(attrs, key);
	if (!v)
		clif_error(ps, "<%s> needs attribute '%s'", elem, key);
	return v;
}

/* Parses a plain decimal number no greater than `max`. */
static bool clif_parse_u64(const char *s, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		unsigned d = (unsigned)(*s - '0');
		if (v > (max - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* A required numeric attribute in [min, max]. */
static bool clif_need_u32(struct clif_parse *ps, const XML_Char **attrs, const char *elem,
			  const char *key, uint32_t min, uint32_t max, uint32_t *out)
{
	const char *s = clif_need(ps, attrs, elem, key);
	uint64_t v;
	if (!s)
		return false;
	if (!clif_parse_u64(s, max, &v) || v < min) {
		clif_error(ps, "<%s> %s=\"%s\": expected a number from %" PRIu32 " to %" PRIu32,
			   elem, key, s, min, max);
		return false;
	}
	*out = (uint32_t)v;
	return true;
}

static char *clif_strdup(struct clif_parse *ps, const char *s)
{
	char *copy = strdup(s);
	if (!copy)
		clif_error(ps, "out of memory");
	return copy;
}

static struct clif_group *clif_cur_group(struct clif_parse *ps)
{
	return &ps->spec->groups.data[ps->spec->groups.len - 1];
}

static struct clif_field *clif_cur_field(struct clif_parse *ps)
{
	struct clif_group *g = clif_cur_group(ps);
	return &g->fields.data[g->fields.len - 1];
}

/* Starts an <enum name=...>: adds an empty enum of that name to the spec.
 * False after recording the error (a missing name, a name defined twice, out
 * of memory). */
static bool clif_start_enum(struct clif_parse *ps, const XML_Char **attrs)
{
	const char *name = clif_need(ps, attrs, "enum", "name");
	if (!name)
		return false;
	for (size_t i = 0; i < ps->spec->enums.len; i++) {
		if (strcmp(ps->spec->enums.data[i].name, name) == 0)
			return clif_error(ps, "enum '%s' defined twice", name);
	}
	struct clif_enum e = { .name = clif_strdup(ps, name) };
	if (!e.name || !vc4_array_push(&ps->spec->enums, e)) {
		free(e.name);
		return clif_error(ps, "out of memory");
	}
	return true;
}

/* Handles <value name=... value=...> (a decimal number): adds it to the
 * enclosing <enum>, or to the enum of the enclosing <field>. False after
 * recording the error. */
static bool clif_start_value(struct clif_parse *ps, const XML_Char **attrs)
{
	const char *name = clif_need(ps, attrs, "value", "name");
	const char *text = name ? clif_need(ps, attrs, "value", "value") : NULL;
	uint64_t v;
	if (!text)
		return false;
	if (!clif_parse_u64(text, UINT64_MAX, &v))
		return clif_error(ps, "<value> value=\"%s\": expected a decimal number", text);
	struct clif_values *values;
	if (ps->stack[ps->depth - 2] == ELEM_ENUM) /* the parent of this <value> */
		values = &ps->spec->enums.data[ps->spec->enums.len - 1].values;
	else
		values = &clif_cur_field(ps)->values;
	struct clif_value val = { .name = clif_strdup(ps, name), .value = v };
	if (!val.name || !vc4_array_push(values, val)) {
		free(val.name);
		return clif_error(ps, "out of memory");
	}
	return true;
}

/* Reads the `cl` attribute ("B", "R", "BR"; absent = both) into kind bits. */
static bool clif_parse_cl(struct clif_parse *ps, const char *s, unsigned *cls)
{
	if (!s) {
		*cls = CLIF_BIN_CL | CLIF_RENDER_CL;
		return true;
	}
	*cls = 0;
	for (const char *c = s; *c; c++) {
		unsigned bit = *c == 'B' ? CLIF_BIN_CL : *c == 'R' ? CLIF_RENDER_CL : 0;
		if (!bit || (*cls & bit))
			return clif_error(ps, "<packet> cl=\"%s\": expected B, R or BR", s);
		*cls |= bit;
	}
	if (!*cls)
		clif_error(ps, "<packet> cl=\"\": expected B, R or BR");
	return *cls != 0;
}

/* Starts a <packet> (packet true: needs a code 0..255 not used before, a
 * length of at least 1, optional cl= and pseudo=) or a <struct>, adding the
 * group to the spec and, for a packet, to the opcode table. False after
 * recording the error. */
static bool clif_start_group(struct clif_parse *ps, const XML_Char **attrs, bool packet)
{
	const char *elem = packet ? "packet" : "struct";
	struct clif_group g = { .opcode = -1, .cls = 0 };
	const char *name = clif_need(ps, attrs, elem, "name");
	uint32_t code = 0;
	if (!name || (packet && !clif_need_u32(ps, attrs, elem, "code", 0, 255, &code)) ||
	    !clif_need_u32(ps, attrs, elem, "length", packet ? 1 : 0, CLIF_MAX_LENGTH, &g.length))
		return false;
	if (packet) {
		if (ps->spec->by_opcode[code] >= 0)
			return clif_error(ps, "packet '%s': code %" PRIu32 " already used by '%s'",
					  name, code,
					  ps->spec->groups.data[ps->spec->by_opcode[code]].name);
		const char *pseudo = clif_attr(attrs, "pseudo");
		if (!clif_parse_cl(ps, clif_attr(attrs, "cl"), &g.cls))
			return false;
		g.opcode = (int)code;
		g.pseudo = pseudo && strcmp(pseudo, "yes") == 0;
	}
	g.name = clif_strdup(ps, name);
	if (!g.name || !vc4_array_push(&ps->spec->groups, g)) {
		free(g.name);
		return clif_error(ps, "out of memory");
	}
	if (packet)
		ps->spec->by_opcode[code] = (int32_t)(ps->spec->groups.len - 1);
	return true;
}

/* Parses "uI.F" / "sI.F" into the fixed-point type and its bit counts. */
static bool clif_parse_fixed(const char *type, struct clif_field *f, uint32_t *bits)
{
	char sign;
	unsigned ibits, fbits;
	int used = 0;
	if (sscanf(type, "%c%2u.%2u%n", &sign, &ibits, &fbits, &used) != 3 ||
	    type[used] != '\0' || (sign != 'u' && sign != 's') || fbits < 1 || ibits + fbits > 64)
		return false;
	f->type = sign == 'u' ? CLIF_UFIXED : CLIF_SFIXED;
	f->frac = fbits;
	*bits = ibits + fbits;
	return true;
}

/* Sets f->type from `type` and checks `size` against it (docs/xml.md, "Types"). */
static bool clif_parse_type(struct clif_parse *ps, const XML_Char **attrs, const char *type,
			    struct clif_field *f)
{
	static const struct { const char *name; enum clif_type type; uint32_t min, max; } simple[] = {
		{ "uint", CLIF_UINT, 1, 64 },   { "int", CLIF_INT, 2, 64 },
		{ "bool", CLIF_BOOL, 1, 1 },    { "float", CLIF_FLOAT, 32, 32 },
		{ "enum", CLIF_ENUM, 1, 32 },   { "address", CLIF_ADDRESS, 1, 32 },
		{ "mbo", CLIF_MBO, 1, 64 },
	};
	uint32_t bits;
	if (clif_parse_fixed(type, f, &bits)) {
		if (bits != f->size)
			clif_error(ps, "field '%s': type %s needs size %" PRIu32, f->name, type, bits);
		return bits == f->size;
	}
	for (size_t i = 0; i < sizeof(simple) / sizeof(simple[0]); i++) {
		if (strcmp(type, simple[i].name) != 0)
			continue;
		f->type = simple[i].type;
		if (f->size < simple[i].min || f->size > simple[i].max) {
			clif_error(ps, "field '%s': a %s field cannot be %" PRIu32 " bits",
				   f->name, type, f->size);
			return false;
		}
		if (f->type == CLIF_ENUM) {
			const char *e = clif_need(ps, attrs, "field", "enum");
			return e && (f->enum_name = clif_strdup(ps, e)) != NULL;
		}
		if (f->type == CLIF_ADDRESS &&
		    clif_need_u32(ps, attrs, "field", "shift", 0, 31, &f->shift) &&
		    f->shift + f->size != 32)
			clif_error(ps, "field '%s': address size + shift must be 32", f->name);
		return !ps->failed;
	}
	clif_error(ps, "field '%s': unknown type '%s'", f->name, type);
	return false;
}

/* Handles a <field> of the current group: name, start bit, size (1..64 bits)
 * and type; the field must end inside the group's payload (a packet's bytes
 * after its opcode) or body. False after recording the error. */
static bool clif_start_field(struct clif_parse *ps, const XML_Char **attrs)
{
	struct clif_group *g = clif_cur_group(ps);
	struct clif_field f = { .line = (unsigned long)XML_GetCurrentLineNumber(ps->parser) };
	const char *name = clif_need(ps, attrs, "field", "name");
	const char *type = NULL;
	if (!name || !clif_need_u32(ps, attrs, "field", "start", 0, 8 * CLIF_MAX_LENGTH, &f.start) ||
	    !clif_need_u32(ps, attrs, "field", "size", 1, 64, &f.size) ||
	    !(type = clif_need(ps, attrs, "field", "type")))
		return false;
	uint32_t room = 8 * (g->length - (g->opcode >= 0 ? 1 : 0));
	if (f.start + f.size > room)
		return clif_error(ps, "field '%s': bits %" PRIu32 "..%" PRIu32
				  " end past the %" PRIu32 "-bit %s of '%s'", name, f.start,
				  f.start + f.size - 1, room, g->opcode >= 0 ? "payload" : "body",
				  g->name);
	f.name = clif_strdup(ps, name);
	if (!f.name || !clif_parse_type(ps, attrs, type, &f) || !vc4_array_push(&g->fields, f)) {
		free(f.name);
		free(f.enum_name);
		return clif_error(ps, "out of memory"); /* no-op after a better error */
	}
	return true;
}

/* Maps an element name to its kind; false for unknown names. */
static bool clif_elem_kind(const char *name, enum clif_elem *kind)
{
	for (size_t i = 0; i < sizeof(clif_elem_names) / sizeof(clif_elem_names[0]); i++) {
		if (strcmp(name, clif_elem_names[i]) == 0) {
			*kind = (enum clif_elem)i;
			return true;
		}
	}
	return false;
}

/* Expat start-element handler: checks that the element is known and allowed
 * under its parent (and not nested deeper than CLIF_MAX_DEPTH), pushes it
 * and handles its attributes. Does nothing once the parse has failed. */
static void XMLCALL clif_on_start(void *user, const XML_Char *name, const XML_Char **attrs)
{
	struct clif_parse *ps = user;
	enum clif_elem kind;
	if (ps->failed)
		return;
	if (!clif_elem_kind(name, &kind)) {
		clif_error(ps, "unknown element <%s>", name);
		return;
	}
	bool placed = ps->depth == 0 ? kind == ELEM_ROOT :
		(kind != ELEM_ROOT && (clif_elem_parents[kind] >> ps->stack[ps->depth - 1]) & 1);
	if (!placed || ps->depth >= CLIF_MAX_DEPTH) {
		clif_error(ps, "<%s> not allowed %s%s%s", name, ps->depth ? "inside <" : "",
			   ps->depth ? clif_elem_names[ps->stack[ps->depth - 1]] : "at the top",
			   ps->depth ? ">" : "");
		return;
	}
	ps->stack[ps->depth++] = kind;
	switch (kind) {
	case ELEM_ROOT:   break;
	case ELEM_ENUM:   clif_start_enum(ps, attrs); break;
	case ELEM_VALUE:  clif_start_value(ps, attrs); break;
	case ELEM_PACKET: clif_start_group(ps, attrs, true); break;
	case ELEM_STRUCT: clif_start_group(ps, attrs, false); break;
	case ELEM_FIELD:  clif_start_field(ps, attrs); break;
	}
}

static void XMLCALL clif_on_end(void *user, const XML_Char *name)
{
	struct clif_parse *ps = user;
	(void)name;
	if (!ps->failed && ps->depth > 0)
		ps->depth--;
}

/* True when every value of `values` fits in `size` bits. */
static bool clif_values_fit(const struct clif_values *values, uint32_t size,
			    const char **bad)
{
	for (size_t i = 0; i < values->len; i++) {
		if (size < 64 && values->data[i].value >> size) {
			*bad = values->data[i].name;
			return false;
		}
	}
	return true;
}

/* After parsing: resolves enum names and checks named values fit their fields. */
static bool clif_resolve(struct clif_spec *spec, const char *file, struct vc4_diag *diag)
{
	for (size_t g = 0; g < spec->groups.len; g++) {
		struct clif_group *grp = &spec->groups.data[g];
		for (size_t i = 0; i < grp->fields.len; i++) {
			struct clif_field *f = &grp->fields.data[i];
			const struct clif_values *values = &f->values;
			const char *bad = NULL;
			if (f->type == CLIF_ENUM) {
				size_t e = 0;
				while (e < spec->enums.len && strcmp(spec->enums.data[e].name, f->enum_name))
					e++;
				if (e == spec->enums.len)
					return vc4_diag_set(diag, "%s:%lu: field '%s': unknown enum '%s'",
							    file, f->line, f->name, f->enum_name);
				f->enum_index = e;
				values = &spec->enums.data[e].values;
			}
			if (!clif_values_fit(values, f->size, &bad))
				return vc4_diag_set(diag, "%s:%lu: field '%s': value %s does not fit in %"
						    PRIu32 " bits", file, f->line, f->name, bad, f->size);
		}
	}
	return true;
}

struct clif_spec *clif_spec_parse(const char *text, size_t size, const char *name,
				  struct vc4_diag *diag)
{
	struct clif_spec *spec = calloc(1, sizeof(*spec));
	struct clif_parse ps = { .name = name, .spec = spec, .diag = diag };
	if (!spec || !(spec->path = strdup(name)) || size > INT_MAX ||
	    !(ps.parser = XML_ParserCreate("UTF-8"))) {
		vc4_diag_set(diag, "%s: %s", name, size > INT_MAX ? "file too large" : "out of memory");
		clif_spec_free(spec);
		return NULL;
	}
	for (size_t i = 0; i < 256; i++)
		spec->by_opcode[i] = -1;
	XML_SetUserData(ps.parser, &ps);
	XML_SetElementHandler(ps.parser, clif_on_start, clif_on_end);
	enum XML_Status st = XML_Parse(ps.parser, text, (int)size, XML_TRUE);
	if (st != XML_STATUS_OK && !ps.failed) {
		vc4_diag_set(diag, "%s:%lu: %s", name,
			     (unsigned long)XML_GetCurrentLineNumber(ps.parser),
			     XML_ErrorString(XML_GetErrorCode(ps.parser)));
		ps.failed = true;
	}
	XML_ParserFree(ps.parser);
	if (ps.failed || !clif_resolve(spec, name, diag)) {
		clif_spec_free(spec);
		return NULL;
	}
	return spec;
}

struct clif_spec *clif_spec_load_file(const char *path, struct vc4_diag *diag)
{
	size_t size;
	char *text = vc4_read_file(path, &size, diag);
	if (!text)
		return NULL;
	struct clif_spec *spec = clif_spec_parse(text, size, path, diag);
	free(text);
	return spec;
}

/* Builds DIR/vc4_packets.xml, or `path` itself when it is not a directory. */
static char *clif_xml_in(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
		return strdup(path);
	size_t n = strlen(path) + sizeof("/" CLIF_XML_FILE);
	char *full = malloc(n);
	if (full)
		snprintf(full, n, "%s/%s", path, CLIF_XML_FILE);
	return full;
}

struct clif_spec *clif_spec_load(struct vc4_diag *diag)
{
	const char *env = getenv("VC4_XML_PATH");
	const char *dirs[] = { VC4_INSTALLED_XML_DIR, VC4_SOURCE_XML_DIR };
	char *path = NULL;
	if (env && *env) {
		path = clif_xml_in(env);
	} else {
		for (size_t i = 0; i < 2 && !path; i++) {
			path = clif_xml_in(dirs[i]);
			if (path && access(path, R_OK) != 0) {
				free(path);
				path = NULL;
			}
		}
		if (!path) {
			vc4_diag_set(diag, CLIF_XML_FILE " not found: set VC4_XML_PATH (looked in %s "
				     "and %s)", dirs[0], dirs[1]);
			return NULL;
		}
	}
	if (!path) {
		vc4_diag_set(diag, "out of memory");
		return NULL;
	}
	struct clif_spec *spec = clif_spec_load_file(path, diag);
	free(path);
	return spec;
}

static void clif_values_free(struct clif_values *values)
{
	for (size_t i = 0; i < values->len; i++)
		free(values->data[i].name);
	vc4_array_free(values);
}

/* Frees a spec and everything it owns (enums, groups, fields, their names
 * and values, the path). NULL is allowed. */
void clif_spec_free(struct clif_spec *spec)
{
	if (!spec)
		return;
	for (size_t i = 0; i < spec->enums.len; i++) {
		free(spec->enums.data[i].name);
		clif_values_free(&spec->enums.data[i].values);
	}
	for (size_t g = 0; g < spec->groups.len; g++) {
		struct clif_group *grp = &spec->groups.data[g];
		for (size_t i = 0; i < grp->fields.len; i++) {
			free(grp->fields.data[i].name);
			free(grp->fields.data[i].enum_name);
			clif_values_free(&grp->fields.data[i].values);
		}
		vc4_array_free(&grp->fields);
		free(grp->name);
	}
	vc4_array_free(&spec->enums);
	vc4_array_free(&spec->groups);
	free(spec->path);
	free(spec);
}

const struct clif_group *clif_spec_packet(const struct clif_spec *spec, uint8_t opcode)
{
	int32_t i = spec->by_opcode[opcode];
	return i < 0 ? NULL : &spec->groups.data[i];
}

const struct clif_group *clif_spec_struct(const struct clif_spec *spec, const char *name)
{
	for (size_t i = 0; i < spec->groups.len; i++) {
		const struct clif_group *g = &spec->groups.data[i];
		if (g->opcode < 0 && strcmp(g->name, name) == 0)
			return g;
	}
	return NULL;
}
