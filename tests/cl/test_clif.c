/* test_clif.c: the run-time XML loader and the CL decoder: golden output of
 * the sample CLs (bin_cl.cl: one draw's bin CL; render_cl.cl: a two-tile
 * frame), every truncation of them, seeded garbage, malformed XML and the
 * search path. Argument: the directory of the samples and golden files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cl/clif.h"
#include "util/file.h"

static const char *golden_dir;

/* A control list read from a sample file. */
struct sample {
	uint8_t *data;
	size_t len;
};

struct fixture {
	struct clif_spec *spec;
	struct sample bcl;   /* bin_cl.cl: one 640x480 draw's bin CL */
	struct sample rcl;   /* render_cl.cl: a two-tile frame's render CL */
};

/* Reads sample `name` from the golden directory (false with a message). */
static bool read_sample(const char *name, struct sample *out)
{
	char path[4096];
	struct vc4_diag d = {0};
	snprintf(path, sizeof(path), "%s/%s", golden_dir, name);
	out->data = vc4_read_file(path, &out->len, &d);
	if (!out->data)
		fprintf(stderr, "%s\n", d.msg);
	return out->data != NULL;
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct vc4_diag d = {0};
	if (!fx)
		return -1;
	fx->spec = clif_spec_load(&d);
	if (!fx->spec)
		fprintf(stderr, "%s\n", d.msg);
	*state = fx;
	bool ok = fx->spec && read_sample("bin_cl.cl", &fx->bcl) &&
		  read_sample("render_cl.cl", &fx->rcl);
	return ok ? 0 : -1;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	clif_spec_free(fx->spec);
	free(fx->bcl.data);
	free(fx->rcl.data);
	free(fx);
	return 0;
}

/* Decodes into a string; *ok tells whether clif_dump succeeded. */
static char *dump(const struct clif_spec *spec, const void *cl, size_t size,
		  enum clif_cl_kind kind, bool brief, struct vc4_diag *d, bool *ok)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	assert_non_null(out);
	*ok = clif_dump(spec, cl, size, kind, brief, out, d);
	fclose(out);
	return text;
}

static void assert_golden(const char *text, const char *name)
{
	char path[4096];
	struct vc4_diag d = {0};
	size_t size;
	snprintf(path, sizeof(path), "%s/%s", golden_dir, name);
	char *want = vc4_read_file(path, &size, &d);
	if (!want)
		fail_msg("%s", d.msg);
	assert_string_equal(text, want);
	free(want);
}

static void check_golden(const struct clif_spec *spec, const struct sample *cl,
			 enum clif_cl_kind kind, bool brief, const char *name)
{
	struct vc4_diag d = {0};
	bool ok;
	char *text = dump(spec, cl->data, cl->len, kind, brief, &d, &ok);
	assert_true(ok);
	assert_golden(text, name);
	free(text);
}

static void bin_cl_golden(void **state)
{
	struct fixture *fx = *state;
	check_golden(fx->spec, &fx->bcl, CLIF_BIN_CL, false, "bin_cl.txt");
	check_golden(fx->spec, &fx->bcl, CLIF_BIN_CL, true, "bin_cl_brief.txt");
}

static void render_cl_golden(void **state)
{
	struct fixture *fx = *state;
	check_golden(fx->spec, &fx->rcl, CLIF_RENDER_CL, false, "render_cl.txt");
	check_golden(fx->spec, &fx->rcl, CLIF_RENDER_CL, true, "render_cl_brief.txt");
}

/* Packet starts in the example bin CL, from tests/cl/bin_cl_brief.txt. */
static const size_t bin_packet_starts[] = {
	0x00, 0x10, 0x11, 0x13, 0x1c, 0x20, 0x25, 0x2a, 0x2f, 0x38, 0x41, 0x46, 0x4b,
	0x50, 0x59, 0x67, 0x71, 0x72, 0x73,
};

static bool is_packet_start(size_t n)
{
	for (size_t i = 0; i < sizeof(bin_packet_starts) / sizeof(bin_packet_starts[0]); i++) {
		if (bin_packet_starts[i] == n)
			return true;
	}
	return false;
}

/* Every prefix decodes cleanly iff it ends at a packet boundary; otherwise the
 * error names the cut packet. Copies each prefix so ASan sees any overread. */
static void every_truncation_is_an_error(void **state)
{
	struct fixture *fx = *state;
	const struct sample *bcl = &fx->bcl;
	assert_int_equal(bcl->len, 0x73);
	for (size_t n = 0; n <= bcl->len; n++) {
		uint8_t *copy = malloc(n ? n : 1);
		struct vc4_diag d = {0};
		bool ok;
		memcpy(copy, bcl->data, n);
		free(dump(fx->spec, copy, n, CLIF_BIN_CL, false, &d, &ok));
		free(copy);
		assert_int_equal(ok, is_packet_start(n));
		assert_int_equal(d.set, !ok);
		if (n == 0x13 + 4)
			assert_string_equal(d.msg, "0x00000013: packet 102 (Clip Window) needs 9 "
					    "bytes, only 4 left");
		if (n == 0x72)
			assert_true(ok);
	}
}

/* Seeded random bytes: each buffer decodes or stops with an error naming an
 * offset; nothing crashes or reads past the buffer. */
static void garbage_never_crashes(void **state)
{
	struct fixture *fx = *state;
	uint32_t seed = 12345;
	int errors = 0;
	for (int round = 0; round < 500; round++) {
		seed = seed * 1103515245u + 12345u;
		size_t n = (seed >> 16) % 48;
		uint8_t *buf = malloc(n ? n : 1);
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			/* Half the buffers use only known opcodes' bytes for variety. */
			buf[i] = (uint8_t)(round % 2 ? (seed >> 16) : fx->bcl.data[(seed >> 16) % 0x73]);
		}
		struct vc4_diag d = {0};
		bool ok;
		free(dump(fx->spec, buf, n, round % 3 ? CLIF_BIN_CL : CLIF_RENDER_CL, false, &d, &ok));
		free(buf);
		if (!ok) {
			errors++;
			assert_memory_equal(d.msg, "0x000000", 8);
		}
	}
	assert_true(errors > 100);
}

static void decode_errors_name_the_offset(void **state)
{
	struct fixture *fx = *state;
	struct vc4_diag d = {0};
	bool ok;
	const uint8_t unknown[] = { 1, 1, 2 };
	char *text = dump(fx->spec, unknown, sizeof(unknown), CLIF_BIN_CL, true, &d, &ok);
	assert_false(ok);
	assert_string_equal(d.msg, "0x00000002: unknown opcode 2");
	assert_string_equal(text, "0x00000000 1 NOP\n0x00000001 1 NOP\n");
	free(text);

	vc4_diag_clear(&d);
	free(dump(fx->spec, fx->rcl.data, fx->rcl.len, CLIF_BIN_CL, true, &d, &ok));
	assert_string_equal(d.msg, "0x00000000: packet 113 (Tile Rendering Mode Configuration) "
			    "is not allowed in a binning CL");
	vc4_diag_clear(&d);
	free(dump(fx->spec, fx->bcl.data, fx->bcl.len, CLIF_RENDER_CL, true, &d, &ok));
	assert_string_equal(d.msg, "0x00000000: packet 112 (Tile Binning Mode Configuration) "
			    "is not allowed in a rendering CL");
}

static void records_decode_by_name(void **state)
{
	struct fixture *fx = *state;
	const struct clif_group *g = clif_spec_struct(fx->spec, "Attribute Record");
	struct vc4_diag d = {0};
	char *text = NULL;
	size_t len = 0;
	assert_non_null(g);
	assert_null(clif_spec_struct(fx->spec, "Clip Window"));
	FILE *out = open_memstream(&text, &len);
	/* The draw's second attribute record (its texture coordinate). */
	static const uint8_t attr[8] = { 12, 0, 0, 0, 7, 20, 12, 0 };
	assert_true(clif_dump_struct(g, attr, sizeof(attr), fx->spec, out, &d));
	assert_false(clif_dump_struct(g, attr, 7, fx->spec, out, &d));
	fclose(out);
	assert_string_equal(text, "    Vertex Base Memory Address: 0x0000000c\n"
			    "    Number of Bytes minus 1: 7\n"
			    "    Memory Stride: 20\n"
			    "    Vertex Shader VPM Offset: 12\n"
			    "    Coordinate Shader VPM Offset: 0\n");
	assert_string_equal(d.msg, "Attribute Record needs 8 bytes, only 7 left");
	free(text);
}

/* Parses `xml` as "bad.xml" and checks the error text. */
static void assert_xml_error(const char *xml, const char *msg)
{
	struct vc4_diag d = {0};
	struct clif_spec *spec = clif_spec_parse(xml, strlen(xml), "bad.xml", &d);
	assert_null(spec);
	assert_string_equal(d.msg, msg);
}

#define ROOT "<vc4packets gen=\"2.1\">\n"
#define PKT "<packet name=\"A\" code=\"9\" length=\"2\">\n"

static void malformed_xml_names_file_and_line(void **state)
{
	(void)state;
	assert_xml_error(ROOT "<packet name=\"A\"\n", "bad.xml:2: unclosed token");
	assert_xml_error(ROOT PKT "<field name=\"F\" start=\"0\" size=\"4\" type=\"foo\"/>\n",
			 "bad.xml:3: field 'F': unknown type 'foo'");
	assert_xml_error(ROOT PKT "<field name=\"F\" start=\"4\" size=\"8\" type=\"uint\"/>\n",
			 "bad.xml:3: field 'F': bits 4..11 end past the 8-bit payload of 'A'");
	assert_xml_error(ROOT PKT "</packet>\n<packet name=\"B\" code=\"9\" length=\"1\"/>",
			 "bad.xml:4: packet 'B': code 9 already used by 'A'");
	assert_xml_error(ROOT "<packet name=\"A\" code=\"256\" length=\"1\"/>",
			 "bad.xml:2: <packet> code=\"256\": expected a number from 0 to 255");
	assert_xml_error(ROOT "<packet name=\"A\" length=\"1\"/>",
			 "bad.xml:2: <packet> needs attribute 'code'");
	assert_xml_error(ROOT PKT "<field name=\"F\" start=\"0\" size=\"3\" type=\"enum\" "
			 "enum=\"Nope\"/>\n</packet></vc4packets>",
			 "bad.xml:3: field 'F': unknown enum 'Nope'");
	assert_xml_error(ROOT PKT "<field name=\"F\" start=\"0\" size=\"1\" type=\"uint\">\n"
			 "<value name=\"two\" value=\"2\"/></field></packet></vc4packets>",
			 "bad.xml:3: field 'F': value two does not fit in 1 bits");
	assert_xml_error(ROOT PKT "<field name=\"F\" start=\"0\" size=\"4\" type=\"address\" "
			 "shift=\"4\"/>", "bad.xml:3: field 'F': address size + shift must be 32");
	assert_xml_error(ROOT PKT "<field name=\"F\" start=\"0\" size=\"8\" type=\"s4.2\"/>",
			 "bad.xml:3: field 'F': type s4.2 needs size 6");
	assert_xml_error(ROOT "<register/>", "bad.xml:2: unknown element <register>");
	assert_xml_error(ROOT "<field/>", "bad.xml:2: <field> not allowed inside <vc4packets>");
	assert_xml_error("<packet/>", "bad.xml:1: <packet> not allowed at the top");
	assert_xml_error(ROOT "<packet name=\"A\" code=\"1\" length=\"1\" cl=\"X\"/>",
			 "bad.xml:2: <packet> cl=\"X\": expected B, R or BR");
}

static void small_spec_decodes_every_type(void **state)
{
	(void)state;
	const char *xml = ROOT
		"<enum name=\"E\"><value name=\"Red\" value=\"1\"/></enum>\n"
		"<packet name=\"All\" code=\"7\" length=\"14\" cl=\"R\">\n"
		"<field name=\"U\" start=\"0\" size=\"3\" type=\"uint\"><value name=\"five\" value=\"5\"/></field>\n"
		"<field name=\"I\" start=\"3\" size=\"5\" type=\"int\"/>\n"
		"<field name=\"B\" start=\"8\" size=\"1\" type=\"bool\"/>\n"
		"<field name=\"E1\" start=\"9\" size=\"2\" type=\"enum\" enum=\"E\"/>\n"
		"<field name=\"E2\" start=\"11\" size=\"2\" type=\"enum\" enum=\"E\"/>\n"
		"<field name=\"S\" start=\"16\" size=\"16\" type=\"s12.4\"/>\n"
		"<field name=\"A\" start=\"36\" size=\"28\" type=\"address\" shift=\"4\"/>\n"
		"<field name=\"F\" start=\"64\" size=\"32\" type=\"float\"/>\n"
		"<field name=\"Q\" start=\"96\" size=\"8\" type=\"u2.6\"/>\n"
		"</packet></vc4packets>\n";
	struct vc4_diag d = {0};
	struct clif_spec *spec = clif_spec_parse(xml, strlen(xml), "small.xml", &d);
	assert_non_null(spec);
	const uint8_t cl[] = { 7, 0x85 /* U 5, I -16 */, 0x1b /* B, E1 1, E2 3 */,
			       0xe8, 0xff /* -1.5 */, 0x50, 0x34, 0x12, 0xcd /* 0xcd123450 */,
			       0xab, 0xaa, 0xaa, 0x3e /* 1/3f */, 0x60 /* 1.5 */ };
	bool ok;
	char *text = dump(spec, cl, sizeof(cl), CLIF_RENDER_CL, false, &d, &ok);
	assert_true(ok);
	assert_string_equal(text, "0x00000000 7 All\n"
			    "    U: five (5)\n"
			    "    I: -16\n"
			    "    B: true\n"
			    "    E1: Red\n"
			    "    E2: 3 (not in E)\n"
			    "    S: -1.5\n"
			    "    A: 0xcd123450\n"
			    "    F: 0.33333334\n"
			    "    Q: 1.5\n");
	free(text);
	clif_spec_free(spec);
}

static void search_path(void **state)
{
	(void)state;
	char *saved = getenv("VC4_XML_PATH") ? strdup(getenv("VC4_XML_PATH")) : NULL;
	struct vc4_diag d = {0};
	struct clif_spec *spec;
	assert_non_null(saved); /* meson's test_env sets it to the source xml/ */

	spec = clif_spec_load(&d); /* a directory */
	assert_non_null(spec);
	assert_true(strstr(spec->path, "/vc4_packets.xml") != NULL);
	char *file = strdup(spec->path);
	clif_spec_free(spec);

	setenv("VC4_XML_PATH", file, 1); /* the file itself */
	spec = clif_spec_load(&d);
	assert_non_null(spec);
	assert_string_equal(spec->path, file);
	clif_spec_free(spec);

	setenv("VC4_XML_PATH", "/nonexistent/vc4.xml", 1); /* set but wrong: no fallback */
	assert_null(clif_spec_load(&d));
	assert_string_equal(d.msg, "/nonexistent/vc4.xml: No such file or directory");

	unsetenv("VC4_XML_PATH"); /* the installed copy or the source tree */
	spec = clif_spec_load(&d);
	assert_non_null(spec);
	clif_spec_free(spec);

	setenv("VC4_XML_PATH", saved, 1);
	free(saved);
	free(file);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_clif GOLDEN_DIR\n");
		return 2;
	}
	golden_dir = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bin_cl_golden),
		cmocka_unit_test(render_cl_golden),
		cmocka_unit_test(every_truncation_is_an_error),
		cmocka_unit_test(garbage_never_crashes),
		cmocka_unit_test(decode_errors_name_the_offset),
		cmocka_unit_test(records_decode_by_name),
		cmocka_unit_test(malformed_xml_names_file_and_line),
		cmocka_unit_test(small_spec_decodes_every_type),
		cmocka_unit_test(search_path),
	};
	return cmocka_run_group_tests_name("cl_decoder", tests, setup, teardown);
}
