/* test_vc4_run.c: the vc4-run tool end to end: exit status, --dump contents,
 * --regs output and error messages. argv[1] is the tool. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "tool_run.h"

#include "sim_test.h"
#include "util/file.h"

static char tool[4096];
static char dir[64];

/* Writes a program as CODE.bin in the test directory. */
static void write_code(const char *name, const uint64_t *w, size_t n)
{
	uint8_t *b = malloc(n * 8);
	assert_non_null(b);
	for (size_t i = 0; i < n; i++) {
		for (int k = 0; k < 8; k++)
			b[i * 8 + (size_t)k] = (uint8_t)(w[i] >> (8 * k));
	}
	char path[128];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_true(vc4_write_file(path, b, n * 8, NULL));
	free(b);
}

static char *slurp(const char *name, size_t *size)
{
	char path[128];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	size_t s = 0;
	char *data = vc4_read_file(path, &s, NULL);
	assert_non_null(data);
	if (size)
		*size = s;
	return data;
}

/* Runs the tool with `args` (tests/common/tool_run; main() has moved into the
 * test directory); returns the exit status and fills *out / *err with its
 * output (caller frees). */
static int run_tool(const char *args, char **out, char **err)
{
	struct tool_run r = tool_run(tool, args, false);
	assert_true(r.status >= 0);
	*out = r.out;
	*err = r.err;
	return r.status;
}

#define EXPECT_RUN(args, status, want_out, want_err)                               \
	do {                                                                       \
		char *o_, *e_;                                                     \
		assert_int_equal(run_tool(args, &o_, &e_), status);                \
		assert_string_equal(e_, want_err);                                 \
		if (want_out)                                                      \
			assert_string_equal(o_, want_out);                         \
		free(o_);                                                          \
		free(e_);                                                          \
	} while (0)

static void copy_with_tmu_and_vdw(void **state)
{
	(void)state;
	/* out[i] = in[i] + u0 for 16 words: TMU read, add, VPM, VDW store */
	unsigned vw_setup = waddr_f(1, "vw_setup"), vw_addr = waddr_f(1, "vw_addr");
	const uint64_t prog[] = {
		add_imm(QPU_A_SHL, W("r1"), QPU_MUX_A, RA("elem_num"), 2),
		qpu_alu_add(QPU_A_ADD, W("tmu0_s"), QPU_MUX_R1, QPU_MUX_A, QPU_R_UNIF, QPU_R_NOP),
		with_sig(qpu_nop(), QPU_SIG_LOAD_TMU0),
		qpu_alu_add(QPU_A_ADD, W("r0"), QPU_MUX_R4, QPU_MUX_A, QPU_R_UNIF, QPU_R_NOP),
		qpu_set_ws(ldi(vw_setup, 0x00001a00), 1),
		mov(W("vpm"), QPU_MUX_R0, QPU_R_NOP),
		qpu_set_ws(ldi(vw_setup, 0x80904000), 1),
		qpu_set_ws(qpu_alu_add(QPU_A_OR, vw_addr, QPU_MUX_A, QPU_MUX_A, QPU_R_UNIF,
				       QPU_R_NOP), 1),
		THREND,
	};
	write_code("copy.bin", prog, sizeof(prog) / 8);
	uint8_t in[64];
	for (int i = 0; i < 64; i++)
		in[i] = (uint8_t)i;
	char path[128];
	snprintf(path, sizeof(path), "%s/in.bin", dir);
	assert_true(vc4_write_file(path, in, sizeof(in), NULL));
	EXPECT_RUN("copy.bin -u 0x100 -u 0x01010101 -u 512 --mem 0x100 in.bin "
		   "--dump 0x200 64 out.bin", 0, "", "");
	size_t size;
	uint8_t *out = (uint8_t *)slurp("out.bin", &size);
	assert_int_equal(size, 64);
	for (int i = 0; i < 64; i++)
		assert_int_equal(out[i], i + 1);
	free(out);
}

static void regs_output(void **state)
{
	(void)state;
	const uint64_t prog[] = {
		ldi(W("r0"), 0x12345678),
		qpu_set_sf(add_imm(QPU_A_SUB, 3, QPU_MUX_A, RA("elem_num"), 1), 1),
		THREND,
	};
	write_code("regs.bin", prog, sizeof(prog) / 8);
	char *o, *e;
	assert_int_equal(run_tool("regs.bin --regs", &o, &e), 0);
	assert_string_equal(e, "");
	/* 6 accumulators, 64 registers, 3 flag lines */
	int lines = 0;
	for (char *p = o; *p; p++)
		lines += *p == '\n';
	assert_int_equal(lines, 73);
	const char *r0 = "r0   12345678 12345678 12345678 12345678 12345678 12345678 12345678 "
			 "12345678 12345678 12345678 12345678 12345678 12345678 12345678 "
			 "12345678 12345678\n";
	assert_memory_equal(o, r0, strlen(r0));
	const char *ra3 = "ra3  ffffffff 00000000 00000001 00000002";
	assert_non_null(strstr(o, ra3));
	const char *flags = "z           0        1        0        0        0        0        0"
			    "        0        0        0        0        0        0        0"
			    "        0        0\n"
			    "n           1        0        0        0        0        0        0"
			    "        0        0        0        0        0        0        0"
			    "        0        0\n"
			    "c           1        0        0        0        0        0        0"
			    "        0        0        0        0        0        0        0"
			    "        0        0\n";
	assert_string_equal(o + strlen(o) - strlen(flags), flags);
	free(o);
	free(e);
}

static void error_exits(void **state)
{
	(void)state;
	const uint64_t bad[] = { qpu_alu_add(9, QPU_W_NOP, QPU_MUX_R0, QPU_MUX_R0, 39, 39) };
	write_code("bad.bin", bad, 1);
	EXPECT_RUN("bad.bin", 1, "",
		   "vc4-run: bad.bin: ip 0: illegal instruction: reserved ADD opcode\n");
	const uint64_t oob[] = { ldi(W("tmu0_s"), 0x800), THREND };
	write_code("oob.bin", oob, 4);
	EXPECT_RUN("oob.bin --dump 0 0x7f0 d.bin", 1, "",
		   "vc4-run: oob.bin: ip 0: TMU read at 0x00000800 outside memory [0x0, 0x800)\n");
	const uint64_t loop[] = { qpu_branch(QPU_BR_ALWAYS, true, (uint32_t)-32), qpu_nop(),
				  qpu_nop(), qpu_nop() };
	write_code("loop.bin", loop, 4);
	EXPECT_RUN("loop.bin --max-cycles 1000", 1, "",
		   "vc4-run: loop.bin: no thread end after 1000 instructions (ip 0)\n");
	const uint64_t unif[] = { mov(W("r0"), QPU_MUX_A, QPU_R_UNIF), THREND };
	write_code("unif.bin", unif, 4);
	EXPECT_RUN("unif.bin", 1, "",
		   "vc4-run: unif.bin: ip 0: uniform stream overrun (0 uniforms given)\n");
	EXPECT_RUN("unif.bin -u -1", 0, "", "");
}

/* The usage text, after "vc4-run: WHY" on a usage error. */
#define USAGE "usage: vc4-run CODE.bin [-u WORD]... [--mem ADDR FILE]... " \
	"[--dump ADDR LEN FILE]...\n" \
	"               [--max-cycles N] [--regs]\n" \
	"  runs a QPU program (raw little-endian 64-bit words) on one simulated QPU\n" \
	"  -u WORD              append a 32-bit word to the uniform stream\n" \
	"  --mem ADDR FILE      load FILE into memory at ADDR\n" \
	"  --dump ADDR LEN FILE write LEN bytes at ADDR to FILE after the run\n" \
	"  --max-cycles N       stop after N instructions (default 10000000,\n" \
	"                       at most 1000000000)\n" \
	"  --regs               print the registers and flags after the run\n" \
	"  --help               print this text;  --version  print the version\n" \
	"exit status: 0 thread end, 1 no thread end, an invalid program or no program,\n" \
	"  2 usage or I/O error\n"

static void usage_errors(void **state)
{
	(void)state;
	EXPECT_RUN("", 2, "", "vc4-run: no CODE.bin given\n" USAGE);
	EXPECT_RUN("x.bin -u zz", 2, "", "vc4-run: -u 'zz': not a 32-bit number\n" USAGE);
	EXPECT_RUN("x.bin --mem 0", 2, "", "vc4-run: --mem needs ADDR FILE\n" USAGE);
	EXPECT_RUN("x.bin --max-cycles -1", 2, "", "vc4-run: --max-cycles '-1': not a number\n"
		   USAGE);
	EXPECT_RUN("x.bin --max-cycles 1000000001", 2, "", "vc4-run: --max-cycles "
		   "'1000000001': more than the maximum, 1000000000\n" USAGE);
	EXPECT_RUN("x.bin --max-cycles 18446744073709551615", 2, "", "vc4-run: --max-cycles "
		   "'18446744073709551615': more than the maximum, 1000000000\n" USAGE);
	EXPECT_RUN("x.bin y.bin", 2, "", "vc4-run: more than one CODE.bin: 'x.bin' and 'y.bin'\n"
		   USAGE);
	EXPECT_RUN("x.bin --fast", 2, "", "vc4-run: unknown option '--fast'\n" USAGE);
	EXPECT_RUN("/nonexistent/x.bin", 2, "",
		   "vc4-run: /nonexistent/x.bin: No such file or directory\n");
	char path[128];
	snprintf(path, sizeof(path), "%s/odd.bin", dir);
	assert_true(vc4_write_file(path, "12345", 5, NULL));
	EXPECT_RUN("odd.bin", 1, "", "vc4-run: odd.bin: size 5 is not a non-zero multiple of 8\n");
	EXPECT_RUN("--help", 0, USAGE, "");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_vc4_run PATH-TO-vc4-run\n");
		return 2;
	}
	if (!realpath(argv[1], tool)) { /* the tests run it from a temporary directory */
		perror(argv[1]);
		return 2;
	}
	snprintf(dir, sizeof(dir), "/tmp/test_vc4_run.XXXXXX");
	if (!mkdtemp(dir) || chdir(dir) != 0)
		return 2;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(copy_with_tmu_and_vdw),
		cmocka_unit_test(regs_output),
		cmocka_unit_test(error_exits),
		cmocka_unit_test(usage_errors),
	};
	int rc = cmocka_run_group_tests_name("vc4_run", tests, NULL, NULL);
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		rc = 1;
	return rc;
}
