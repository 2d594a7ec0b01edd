/* test_qir_r4_unpack.c: the r4-unpack fold on small programs (exact QIR
 * text after one run): a texel byte unpacked by an fmov for one
 * MUL-packing multiply is read by the multiply itself, a tile-buffer
 * colour read between them sinking below the multiply; kept: an SFU result
 * or a thread switch between the texel and the reader (r4 taken), a copy
 * read twice, a reader without a MUL pack (qir_opt_fold_packs' case), a
 * vertex shader. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "qir_test.h"

static void folded(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_r4_unpack, true,
		"qir fs\n"
		"uniform u0 tex_p0 0\n"
		"uniform u1 tex_p1 0\n"
		"uniform u2 user 0\n"
		"block 0:\n"
		"\tmov t0, u2\n"
		"\tmov t1, u2\n"
		"\ttex_t t0, u0\n"
		"\ttex_s t1, u1\n"
		"\ttex_result t2\n"
		"\tfmov t3, t2.8a\n"
		"\tfmov t4, t2.8b\n"
		"\tfmul t5.8ac, t3, t0\n"
		"\tfmul t5.8bc, t1, t4\n"
		"\tmmov t5.8cc, t0\n"
		"\tmmov t5.8dc, t1\n"
		"\tmov tlb_color, t5\n",
		"qir fs\n"
		"uniform u0 tex_p0 0\n"
		"uniform u1 tex_p1 0\n"
		"uniform u2 user 0\n"
		"block 0:\n"
		"\tmov t0, u2\n"
		"\tmov t1, u2\n"
		"\ttex_t t0, u0\n"
		"\ttex_s t1, u1\n"
		"\ttex_result t2\n"
		"\tfmul t5.8ac, t2.8a, t0\n"
		"\tfmul t5.8bc, t1, t2.8b\n"
		"\tmmov t5.8cc, t0\n"
		"\tmmov t5.8dc, t1\n"
		"\tmov tlb_color, t5\n");
}

/* The blend's tile-buffer colour read, which the pre-allocation order put
 * between the texel and its readers, sinks below each folded reader. */
static void colour_read_sinks(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_r4_unpack, true,
		"qir fs\n"
		"uniform u0 tex_p0 0\n"
		"uniform u1 tex_p1 0\n"
		"uniform u2 user 0\n"
		"block 0:\n"
		"\tmov t0, u2\n"
		"\tmov t1, u2\n"
		"\ttex_t t0, u0\n"
		"\ttex_s t1, u1\n"
		"\ttex_result t2\n"
		"\tfmov t3, t2.8a\n"
		"\ttlb_color_read t6\n"
		"\tfmul t5.8ac, t3, t0\n"
		"\tmmov t5.8bc, t0\n"
		"\tmmov t5.8cc, t0\n"
		"\tmmov t5.8dc, t0\n"
		"\tv8adds t7, t5, t6\n"
		"\tmov tlb_color, t7\n",
		"qir fs\n"
		"uniform u0 tex_p0 0\n"
		"uniform u1 tex_p1 0\n"
		"uniform u2 user 0\n"
		"block 0:\n"
		"\tmov t0, u2\n"
		"\tmov t1, u2\n"
		"\ttex_t t0, u0\n"
		"\ttex_s t1, u1\n"
		"\ttex_result t2\n"
		"\tfmul t5.8ac, t2.8a, t0\n"
		"\ttlb_color_read t6\n"
		"\tmmov t5.8bc, t0\n"
		"\tmmov t5.8cc, t0\n"
		"\tmmov t5.8dc, t0\n"
		"\tv8adds t7, t5, t6\n"
		"\tmov tlb_color, t7\n");
}

static void kept(void **state)
{
	(void)state;
	/* an SFU result between (r4 taken), a colour read whose result is read
	 * before the reader (it cannot sink), the copy read twice, a reader
	 * without a MUL pack */
	static const char *const bodies[] = {
		"\trcp t8, t0\n"
		"\tfmul t5.8ac, t3, t0\n",
		"\ttlb_color_read t8\n"
		"\tfmul t9, t8, t0\n"
		"\tfmul t5.8ac, t3, t9\n",
		"\tfmul t5.8ac, t3, t3\n",
		"\tfmul t9, t3, t1\n"
		"\tmmov t5.8ac, t9\n",
	};
	for (size_t k = 0; k < sizeof(bodies) / sizeof(bodies[0]); k++) {
		char text[1024];
		snprintf(text, sizeof(text),
			 "qir fs\n"
			 "uniform u0 tex_p0 0\n"
			 "uniform u1 tex_p1 0\n"
			 "uniform u2 user 0\n"
			 "block 0:\n"
			 "\tmov t0, u2\n"
			 "\tmov t1, u2\n"
			 "\ttex_t t0, u0\n"
			 "\ttex_s t1, u1\n"
			 "\ttex_result t2\n"
			 "\tfmov t3, t2.8a\n"
			 "%s"
			 "\tmmov t5.8bc, t0\n"
			 "\tmmov t5.8cc, t0\n"
			 "\tmmov t5.8dc, t0\n"
			 "\tmov tlb_color, t5\n", bodies[k]);
		qt_check_pass(qir_opt_r4_unpack, false, text, text);
	}
	static const char thrsw[] =
		"qir fs\n"
		"uniform u0 tex_p0 0\n"
		"uniform u1 tex_p1 0\n"
		"uniform u2 user 0\n"
		"block 0:\n"
		"\tmov t0, u2\n"
		"\tmov t1, u2\n"
		"\ttex_t t0, u0\n"
		"\ttex_s t1, u1\n"
		"\ttex_result t2\n"
		"\tfmov t3, t2.8a\n"
		"\tthrsw\n"
		"\tfmul t5.8ac, t3, t0\n"
		"\tmmov t5.8bc, t0\n"
		"\tmmov t5.8cc, t0\n"
		"\tmmov t5.8dc, t0\n"
		"\tmov tlb_color, t5\n";
	qt_check_pass(qir_opt_r4_unpack, false, thrsw, thrsw);
	static const char vs[] =
		"qir vs\n"
		"block 0:\n"
		"\tmov t0, vpm0\n"
		"\trcp t1, t0\n"
		"\tfmov t2, t1.8a\n"
		"\tfmul t3.8888c, t2, t0\n"
		"\tmov vpm, t3\n";
	qt_check_pass(qir_opt_r4_unpack, false, vs, vs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(folded),
		cmocka_unit_test(colour_read_sinks),
		cmocka_unit_test(kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
