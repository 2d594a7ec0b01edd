/*
 * clif_dump.c: printing control lists and records packet by packet from the
 * loaded XML (see clif.h for the contract, docs/cl.md for the format).
 * Every read is bounded by the packet length checked against the buffer, and
 * every field was checked to lie inside its packet when the XML was loaded.
 */
#include "clif.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Bits start .. start+size-1 of `p` (little-endian bit order), size <= 64. */
static uint64_t clif_bits(const uint8_t *p, uint32_t start, uint32_t size)
{
	uint64_t v = 0;
	for (uint32_t i = 0; i < size; i++) {
		uint32_t b = start + i;
		v |= (uint64_t)((p[b / 8] >> (b % 8)) & 1) << i;
	}
	return v;
}

/* Two's complement sign extension of a `size`-bit value. */
static int64_t clif_sext(uint64_t v, uint32_t size)
{
	if (size >= 64)
		return (int64_t)v;
	uint64_t sign = (uint64_t)1 << (size - 1);
	return (int64_t)((v ^ sign) - sign);
}

static const char *clif_value_name(const struct clif_values *values, uint64_t v)
{
	for (size_t i = 0; i < values->len; i++) {
		if (values->data[i].value == v)
			return values->data[i].name;
	}
	return NULL;
}

/* Prints `x` with the fewest significant digits (up to `max_digits`) that
 * read back as the same value: 0.5, 320, 0.100000001. */
static void clif_print_number(FILE *out, double x, int max_digits, bool is_float)
{
	char buf[64];
	for (int digits = 6; digits <= max_digits; digits++) {
		snprintf(buf, sizeof(buf), "%.*g", digits, x);
		double back = strtod(buf, NULL);
		if (is_float ? (float)back == (float)x : back == x)
			break;
	}
	fputs(buf, out);
}

/* Prints one field's value as docs/cl.md describes. */
static void clif_print_value(FILE *out, const struct clif_spec *spec,
			     const struct clif_field *f, uint64_t v)
{
	const char *name;
	switch (f->type) {
	case CLIF_UINT:
	case CLIF_MBO:
		name = clif_value_name(&f->values, v);
		if (name)
			fprintf(out, "%s (%" PRIu64 ")", name, v);
		else if (f->size > 32) /* e.g. two packed 32-bit colours */
			fprintf(out, "0x%016" PRIx64, v);
		else
			fprintf(out, "%" PRIu64, v);
		break;
	case CLIF_INT:
		fprintf(out, "%" PRId64, clif_sext(v, f->size));
		break;
	case CLIF_BOOL:
		fputs(v ? "true" : "false", out);
		break;
	case CLIF_FLOAT: {
		uint32_t bits = (uint32_t)v;
		float x;
		memcpy(&x, &bits, sizeof(x));
		clif_print_number(out, x, 9, true);
		break;
	}
	case CLIF_UFIXED:
		clif_print_number(out, ldexp((double)v, -(int)f->frac), 17, false);
		break;
	case CLIF_SFIXED:
		clif_print_number(out, ldexp((double)clif_sext(v, f->size), -(int)f->frac), 17,
				  false);
		break;
	case CLIF_ENUM:
		name = clif_value_name(&spec->enums.data[f->enum_index].values, v);
		if (name)
			fputs(name, out);
		else
			fprintf(out, "%" PRIu64 " (not in %s)", v, spec->enums.data[f->enum_index].name);
		break;
	case CLIF_ADDRESS:
		fprintf(out, "0x%08" PRIx32, (uint32_t)(v << f->shift));
		break;
	}
}

/* Prints every field of `g` whose bits start at `body` (payload or record). */
static void clif_print_fields(FILE *out, const struct clif_spec *spec,
			      const struct clif_group *g, const uint8_t *body)
{
	for (size_t i = 0; i < g->fields.len; i++) {
		const struct clif_field *f = &g->fields.data[i];
		fprintf(out, "    %s: ", f->name);
		clif_print_value(out, spec, f, clif_bits(body, f->start, f->size));
		fputc('\n', out);
	}
}

static const char *clif_kind_name(enum clif_cl_kind kind)
{
	return kind == CLIF_RENDER_CL ? "rendering" : "binning";
}

bool clif_dump(const struct clif_spec *spec, const void *cl, size_t size,
	       enum clif_cl_kind kind, bool brief, FILE *out, struct vc4_diag *diag)
{
	const uint8_t *bytes = cl;
	size_t at = 0;
	while (at < size) {
		uint32_t off = (uint32_t)at;
		const struct clif_group *g = clif_spec_packet(spec, bytes[at]);
		if (!g)
			return vc4_diag_set(diag, "0x%08" PRIx32 ": unknown opcode %d", off, bytes[at]);
		if (g->length > size - at)
			return vc4_diag_set(diag, "0x%08" PRIx32 ": packet %d (%s) needs %" PRIu32
					    " bytes, only %zu left", off, g->opcode, g->name,
					    g->length, size - at);
		if (!(g->cls & kind))
			return vc4_diag_set(diag, "0x%08" PRIx32 ": packet %d (%s) is not allowed "
					    "in a %s CL", off, g->opcode, g->name,
					    clif_kind_name(kind));
		fprintf(out, "0x%08" PRIx32 " %d %s\n", off, g->opcode, g->name);
		if (!brief)
			clif_print_fields(out, spec, g, bytes + at + 1);
		at += g->length;
	}
	return true;
}

bool clif_dump_struct(const struct clif_group *group, const void *data, size_t size,
		      const struct clif_spec *spec, FILE *out, struct vc4_diag *diag)
{
	if (group->length > size)
		return vc4_diag_set(diag, "%s needs %" PRIu32 " bytes, only %zu left",
				    group->name, group->length, size);
	clif_print_fields(out, spec, group, data);
	return true;
}
