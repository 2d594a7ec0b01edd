/* test_foreign_clif.c: the CL decoder library (cl/clif.h) on data that our CL
 * builder did not make: hackdriver's binning CL, decoded with clif_dump(),
 * every truncation of it, and the NV shader record it points to, decoded with
 * clif_dump_struct(). README.md says where the bytes come from.
 * Argument: the tests/foreign directory (data/ and golden/ below it). */
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

static const char *foreign_dir;

struct fixture {
	struct clif_spec *spec;
	char *bin_cl;      /* data/hackdriver_bin.cl */
	size_t bin_size;
	char *record;      /* data/hackdriver_nv_record.bin */
	size_t record_size;
};

/* Reads foreign_dir/sub/name whole; fails the test when it cannot. */
static char *read_foreign(const char *sub, const char *name, size_t *size)
{
	char path[4096];
	struct vc4_diag d = {0};
	snprintf(path, sizeof(path), "%s/%s/%s", foreign_dir, sub, name);
	char *data = vc4_read_file(path, size, &d);
	if (!data)
		fail_msg("%s", d.msg);
	return data;
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct vc4_diag d = {0};
	if (!fx)
		return -1;
	*state = fx;
	fx->spec = clif_spec_load(&d);
	if (!fx->spec) {
		fprintf(stderr, "%s\n", d.msg);
		return -1;
	}
	fx->bin_cl = read_foreign("data", "hackdriver_bin.cl", &fx->bin_size);
	fx->record = read_foreign("data", "hackdriver_nv_record.bin", &fx->record_size);
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	clif_spec_free(fx->spec);
	free(fx->bin_cl);
	free(fx->record);
	free(fx);
	return 0;
}

/* Runs clif_dump into a string; *ok tells whether it succeeded. */
static char *dump(const struct fixture *fx, size_t size, bool brief, struct vc4_diag *d,
		  bool *ok)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	assert_non_null(out);
	*ok = clif_dump(fx->spec, fx->bin_cl, size, CLIF_BIN_CL, brief, out, d);
	fclose(out);
	return text;
}

static void assert_golden(const char *text, const char *name)
{
	size_t size;
	char *want = read_foreign("golden", name, &size);
	assert_string_equal(text, want);
	free(want);
}

/* The library gives the same text as vc4-cldump's reviewed golden. */
static void test_bin_cl_golden(void **state)
{
	const struct fixture *fx = *state;
	struct vc4_diag d = {0};
	bool ok;
	assert_int_equal(fx->bin_size, 59);
	char *text = dump(fx, fx->bin_size, false, &d, &ok);
	assert_true(ok);
	assert_golden(text, "hackdriver_bin.txt");
	free(text);
	text = dump(fx, fx->bin_size, true, &d, &ok);
	assert_true(ok);
	assert_golden(text, "hackdriver_bin_brief.txt");
	free(text);
}

/* Every proper prefix that ends inside a packet fails naming that packet's
 * offset; a prefix ending between packets decodes; nothing reads past the
 * end (the sanitizer build checks that). */
static void test_bin_cl_truncated(void **state)
{
	const struct fixture *fx = *state;
	static const size_t starts[] = { 0x00, 0x10, 0x11, 0x13, 0x1c, 0x20, 0x25, 0x2a,
					 0x38, 0x39, 0x3a, 0x3b };
	size_t next = 1; /* index in starts of the next packet boundary */
	for (size_t size = 0; size < fx->bin_size; size++) {
		struct vc4_diag d = {0};
		bool ok;
		while (starts[next] < size)
			next++;
		char *text = dump(fx, size, true, &d, &ok);
		if (starts[next] == size || size == 0) {
			assert_true(ok);
		} else {
			char want[16];
			snprintf(want, sizeof(want), "0x%08zx: ", starts[next - 1]);
			assert_false(ok);
			assert_memory_equal(d.msg, want, strlen(want));
		}
		free(text);
	}
}

/* The NV shader record the binning CL's NV Shader State packet points to. */
static void test_nv_record(void **state)
{
	const struct fixture *fx = *state;
	struct vc4_diag d = {0};
	const struct clif_group *rec = clif_spec_struct(fx->spec, "NV Shader State Record");
	char *text = NULL;
	size_t len = 0;
	assert_non_null(rec);
	assert_int_equal(rec->length, fx->record_size);
	FILE *out = open_memstream(&text, &len);
	assert_non_null(out);
	assert_true(clif_dump_struct(rec, fx->record, fx->record_size, fx->spec, out, &d));
	fclose(out);
	assert_golden(text, "hackdriver_nv_record.txt");
	free(text);
	/* one byte short is refused, not read past */
	out = open_memstream(&text, &len);
	assert_non_null(out);
	assert_false(clif_dump_struct(rec, fx->record, fx->record_size - 1, fx->spec, out, &d));
	fclose(out);
	free(text);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s TESTS_FOREIGN_DIR\n", argv[0]);
		return 2;
	}
	foreign_dir = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bin_cl_golden),
		cmocka_unit_test(test_bin_cl_truncated),
		cmocka_unit_test(test_nv_record),
	};
	return cmocka_run_group_tests_name("foreign_clif", tests, setup, teardown);
}
