/*
 * clif.h: the run-time view of xml/vc4_packets.xml (loaded with expat) and the
 * control-list decoder built on it. The schema is docs/xml.md; the output
 * format and the search path are docs/cl.md.
 *
 *	struct vc4_diag d = {0};
 *	struct clif_spec *spec = clif_spec_load(&d);   // $VC4_XML_PATH, datadir, source
 *	if (!spec || !clif_dump(spec, bytes, size, CLIF_BIN_CL, false, stdout, &d))
 *		fprintf(stderr, "%s\n", d.msg);
 *	clif_spec_free(spec);
 */
#ifndef VC4_CL_CLIF_H
#define VC4_CL_CLIF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/diag.h"

enum clif_type {
	CLIF_UINT,
	CLIF_INT,
	CLIF_BOOL,
	CLIF_FLOAT,
	CLIF_UFIXED,
	CLIF_SFIXED,
	CLIF_ENUM,
	CLIF_ADDRESS,
	CLIF_MBO,
};

/* Which CLs a packet may appear in (the XML's cl="B"/"R"/"BR"). */
enum clif_cl_kind {
	CLIF_BIN_CL = 1 << 0,
	CLIF_RENDER_CL = 1 << 1,
};

struct clif_value {
	char *name;
	uint64_t value;
};

/* Growable arrays with the util/array.h field names. */
struct clif_values { struct clif_value *data; size_t len, cap; };

struct clif_enum {
	char *name;
	struct clif_values values;
};

struct clif_field {
	char *name;
	uint32_t start, size;     /* bits, from the payload (packets) or byte 0 */
	enum clif_type type;
	uint32_t frac;            /* fraction bits of a fixed-point field */
	uint32_t shift;           /* address: the field holds address >> shift */
	size_t enum_index;        /* CLIF_ENUM: index in clif_spec.enums */
	char *enum_name;          /* CLIF_ENUM: as written, resolved after parsing */
	unsigned long line;       /* where it was declared, for errors */
	struct clif_values values; /* inline named values */
};

struct clif_fields { struct clif_field *data; size_t len, cap; };

/* A packet (opcode >= 0) or a struct (opcode -1). */
struct clif_group {
	char *name;
	int opcode;
	uint32_t length;          /* bytes, opcode included for packets */
	unsigned cls;             /* enum clif_cl_kind bits */
	bool pseudo;              /* consumed by the kernel, not the hardware */
	struct clif_fields fields;
};

struct clif_spec {
	char *path;               /* the file it was read from */
	struct { struct clif_enum *data; size_t len, cap; } enums;
	struct { struct clif_group *data; size_t len, cap; } groups;
	int32_t by_opcode[256];   /* index in groups, or -1 */
};

/* Finds and parses vc4_packets.xml: $VC4_XML_PATH (a directory or the file;
 * when set it must work), else the installed <datadir>/vc4/, else the source
 * tree's xml/. NULL with "PATH:LINE: message" (or the places searched). */
struct clif_spec *clif_spec_load(struct vc4_diag *diag);

/* Parses the XML file at `path`. */
struct clif_spec *clif_spec_load_file(const char *path, struct vc4_diag *diag);

/* Parses `size` bytes of XML text; `name` stands for the file in errors. */
struct clif_spec *clif_spec_parse(const char *text, size_t size, const char *name,
				  struct vc4_diag *diag);

void clif_spec_free(struct clif_spec *spec);

/* The packet with this opcode, or NULL. */
const struct clif_group *clif_spec_packet(const struct clif_spec *spec, uint8_t opcode);

/* The struct (record) called `name`, or NULL. */
const struct clif_group *clif_spec_struct(const struct clif_spec *spec, const char *name);

/* Prints every packet of the `size`-byte CL to `out`: a line
 * "0x%08x OPCODE Name" per packet, then (unless `brief`) one line
 * "    Field Name: value" per field. Stops at the first unknown opcode, packet
 * not allowed in `kind`, or packet cut short by the end of the buffer:
 * returns false with "0x%08x: ..." in `diag`; what came before is printed. */
bool clif_dump(const struct clif_spec *spec, const void *cl, size_t size,
	       enum clif_cl_kind kind, bool brief, FILE *out, struct vc4_diag *diag);

/* Prints the fields of one record (a struct of the XML) found at `data`,
 * each as "    Field Name: value". False when `size` is short. */
bool clif_dump_struct(const struct clif_group *group, const void *data, size_t size,
		      const struct clif_spec *spec, FILE *out, struct vc4_diag *diag);

#endif
