/* test_qir_opt_more.c: the passes and pass extensions of issue 10's code
 * quality work on small programs (exact QIR text after one run): copies
 * into GLSL locals (copy_prop), small constants as movs (imm_movs), sums of
 * one value (reassoc), tests of flag-made booleans (flag_bool, branches
 * too), constant colours as one word (const_pack), the double unpack
 * fold and the replicating colour pack (fold_packs). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "qir_test.h"

/* Copies into multiply-written temps (GLSL locals passed through a
 * function: d = result; param = d) reach reads later in the block while
 * neither side is written again; a write of the source, of the copy, or
 * the block's end stops them. */
static void copy_prop_into_multi_def(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_copy_prop, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfmul t0, u0, u0\n"
		"\tmov t1, t0\n"
		"\tmov t2, t1\n"
		"\tmov t0, t2\n"
		"\tfmul t3, t0, t1\n"
		"\tmov t1, t3\n"
		"\tfadd t0, t0, 1.0\n"
		"\tfadd t4, t1, t0\n"
		"\tmov t2, t4\n"
		"\tmov t1, 1.0\n"
		"\tfadd t5, t2, t1\n"
		"block 1:\n"
		"\tfadd t6, t2, t1\n"
		"\tfadd t7, t6, t5\n"
		"\tmov tlb_color, t7\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfmul t0, u0, u0\n"
		"\tmov t1, t0\n"
		"\tmov t2, t0\n"
		"\tmov t0, t0\n"   /* a write of t0: t1's copy of it ends */
		"\tfmul t3, t0, t1\n"
		"\tmov t1, t3\n"
		"\tfadd t0, t0, 1.0\n"
		"\tfadd t4, t3, t0\n"
		"\tmov t2, t4\n"
		"\tmov t1, 1.0\n"
		"\tfadd t5, t4, 1.0\n"
		"block 1:\n"
		"\tfadd t6, t2, t1\n"
		"\tfadd t7, t6, t5\n"
		"\tmov tlb_color, t7\n");
}

/* A local set to a small constant (load_imm into a multiply-written temp)
 * reaches the reads later in its block as a small immediate; a constant no
 * small immediate encodes does not. */
static void copy_prop_const_local(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_copy_prop, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tload_imm t0, 0x3f800000\n"
		"\tfmul t1, t0, u0\n"
		"\tload_imm t0, 0xbf800000\n"
		"\tfmul t2, t0, u0\n"
		"\tfadd t3, t1, t2\n"
		"\tmov tlb_color, t3\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tload_imm t0, 0x3f800000\n"
		"\tfmul t1, 1.0, u0\n"
		"\tload_imm t0, 0xbf800000\n"
		"\tfmul t2, t0, u0\n"
		"\tfadd t3, t1, t2\n"
		"\tmov tlb_color, t3\n");
}

/* Load-immediates of small-immediate values into temps become movs of
 * small immediates (which pair), other values and VPM setups movs of a
 * constant uniform (one pool entry per value); packed writes stay. */
static void imm_movs(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_imm_movs, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov.sf -, u0\n"
		"\tload_imm t0, 0x00000000\n"
		"\tload_imm.zs t0, 0xffffffff\n"
		"\tload_imm t1, 0x12345678\n"
		"\tload_imm t2, 0x3f800000\n"
		"\tload_imm t3, 0x12345678\n"
		"\tload_imm t3.16a, 0x00000001\n"
		"\tload_imm vw_setup, 0x00001a00\n"
		"\tload_imm vr_setup, 0x00401a00\n"
		"\tfadd t4, t0, t1\n"
		"\tfadd t5, t4, t2\n"
		"\tfadd t6, t5, t3\n"
		"\tmov tlb_color, t6\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x12345678\n"
		"uniform u2 const 0x00001a00\n"
		"uniform u3 const 0x00401a00\n"
		"block 0:\n"
		"\tmov.sf -, u0\n"
		"\tmov t0, 0\n"
		"\tmov.zs t0, -1\n"
		"\tmov t1, u1\n"
		"\tmov t2, 1.0\n"
		"\tmov t3, u1\n"
		"\tload_imm t3.16a, 0x00000001\n"
		"\tmov vw_setup, u2\n"
		"\tmov vr_setup, u3\n"
		"\tfadd t4, t0, t1\n"
		"\tfadd t5, t4, t2\n"
		"\tfadd t6, t5, t3\n"
		"\tmov tlb_color, t6\n");
}

/* Sums of multiples of one temp become one fmul by the whole count (n >= 3;
 * 2x stays an fadd); other sums and fractional factors stay. */
static void reassoc(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_reassoc, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x40400000\n"
		"uniform u2 const 0x3fc00000\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfadd t1, t0, t0\n"
		"\tfadd t2, t1, t1\n"
		"\tfadd t3, t2, t0\n"
		"\tfmul t4, t0, u1\n"
		"\tfadd t5, t4, t3\n"
		"\tfmul t6, t0, u2\n"
		"\tfadd t7, t6, t0\n"
		"\tfadd t8, t5, t7\n"
		"\tmov tlb_color, t8\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 const 0x40400000\n"
		"uniform u2 const 0x3fc00000\n"
		"uniform u3 const 0x40800000\n"
		"uniform u4 const 0x40a00000\n"
		"uniform u5 const 0x41000000\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfadd t1, t0, t0\n"
		"\tfmul t2, t0, u3\n"
		"\tfmul t3, t0, u4\n"
		"\tfmul t4, t0, u1\n"
		"\tfmul t5, t0, u5\n"
		"\tfmul t6, t0, u2\n"
		"\tfadd t7, t6, t0\n"
		"\tfadd t8, t5, t7\n"
		"\tmov tlb_color, t8\n");
}

/* A test of a 0/~0 value made from the flags goes; the conditions reading
 * it read the producer's flags instead (zc -> C, zs -> !C). */
static void flag_bool(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_flag_bool, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov t0, 0\n"
		"\tmov.ns t0, -1\n"
		"\tfadd t1, u0, u0\n"
		"\tmov.sf -, t0\n"
		"\tmov t2, u0\n"
		"\tmov.zc t2, u1\n"
		"\tmov.zs t2, 1.0\n"
		"\tmov.sf -, t1\n"
		"\tmov.zs t2, 0\n"
		"\tmov tlb_color, t2\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov t0, 0\n"
		"\tmov.ns t0, -1\n"
		"\tfadd t1, u0, u0\n"
		"\tmov t2, u0\n"
		"\tmov.ns t2, u1\n"
		"\tmov.nc t2, 1.0\n"
		"\tmov.sf -, t1\n"
		"\tmov.zs t2, 0\n"
		"\tmov tlb_color, t2\n");
}

/* Left alone: a flag update between the boolean and its test, a test
 * whose flags may outlive the block (no later update in it), and a boolean
 * whose zero was written in another block (a loop may bring ~0 back). */
static void flag_bool_kept(void **state)
{
	(void)state;
	const char *between =
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov t0, 0\n"
		"\tmov.ns t0, -1\n"
		"\tfsub.sf -, u1, u0\n"
		"\tmov.sf -, t0\n"
		"\tmov t2, u0\n"
		"\tmov.zc t2, u1\n"
		"\tmov.sf -, t2\n"
		"\tmov tlb_color, t2\n";
	qt_check_pass(qir_opt_flag_bool, false, between, between);
	const char *live_out =
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov t0, 0\n"
		"\tmov.ns t0, -1\n"
		"\tmov.sf -, t0\n"
		"\tmov t2, u0\n"
		"\tmov.zc t2, u1\n"
		"block 1:\n"
		"\tmov.zs t2, 0\n"
		"\tmov tlb_color, t2\n";
	qt_check_pass(qir_opt_flag_bool, false, live_out, live_out);
	const char *loop =   /* t0 is 0 only on the first pass through block 1 */
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t0, 0\n"
		"\tmov t2, u0\n"
		"block 1:\n"
		"\tfsub.sf -, u0, t2\n"
		"\tmov.ns t0, -1\n"
		"\tmov.sf -, t0\n"
		"\tmov.zc t2, u1\n"
		"\tfsub.sf -, t2, u1\n"
		"\tbranch.any_ns b1\n"
		"block 2:\n"
		"\tmov tlb_color, t2\n";
	qt_check_pass(qir_opt_flag_bool, false, loop, loop);
}

/* A `not` of a flag-made boolean is one under the inverse condition. */
static void flag_bool_not(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_flag_bool, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov t0, 0\n"
		"\tmov.ns t0, -1\n"
		"\tnot t1, t0\n"
		"\tmov.sf -, t1\n"
		"\tmov t2, u0\n"
		"\tmov.zc t2, u1\n"
		"\tmov.sf -, t2\n"
		"\tmov tlb_color, t2\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfsub.sf -, u0, u1\n"
		"\tmov t0, 0\n"
		"\tmov.ns t0, -1\n"
		"\tnot t1, t0\n"
		"\tmov t2, u0\n"
		"\tmov.nc t2, u1\n"
		"\tmov.sf -, t2\n"
		"\tmov tlb_color, t2\n");
}

/* A branch reads the producer's flags too (all_zc -> all of C) when no
 * successor reads the flags it inherits (block 1 sets them first, block 2
 * ends the program); a successor that reads them first keeps the test. */
static void flag_bool_branch(void **state)
{
	(void)state;
	static const char *const head =
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t1, u0\n"
		"\tmov t3, u1\n"
		"block 1:\n"
		"\txor.sf -, t1, t3\n"
		"\tmov t0, 0\n"
		"\tmov.zs t0, -1\n";
	char in[1024], out[1024];
	snprintf(in, sizeof(in), "%s%s", head,
		 "\tmov.sf -, t0\n"
		 "\tbranch.all_zc b3\n"
		 "block 2:\n"
		 "\tfsub.sf -, t1, t3\n"
		 "\tmov.ns t1, t3\n"
		 "\tbranch.any_nc b1\n"
		 "block 3:\n"
		 "\tmov tlb_color, t1\n");
	snprintf(out, sizeof(out), "%s%s", head,
		 "\tbranch.all_zs b3\n"
		 "block 2:\n"
		 "\tfsub.sf -, t1, t3\n"
		 "\tmov.ns t1, t3\n"
		 "\tbranch.any_nc b1\n"
		 "block 3:\n"
		 "\tmov tlb_color, t1\n");
	qt_check_pass(qir_opt_flag_bool, true, in, out);
	snprintf(in, sizeof(in), "%s%s", head,
		 "\tmov.sf -, t0\n"
		 "\tbranch.all_zc b3\n"
		 "block 2:\n"
		 "\tmov.zs t1, t3\n"
		 "\tfsub.sf -, t1, t3\n"
		 "\tbranch.any_nc b1\n"
		 "block 3:\n"
		 "\tmov tlb_color, t1\n");
	qt_check_pass(qir_opt_flag_bool, false, in, in);
}

/* A colour packed from constants is one load_imm, with the pack's
 * conversion (clamped, x 255, rounded; NaN with a clear sign 255, a
 * denormal 0); a byte from a user uniform keeps the moves. */
static void const_pack(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_const_pack, true,
		"qir fs\n"
		"uniform u0 const 0x3e800000\n"
		"uniform u1 const 0x7fc00000\n"
		"uniform u2 const 0xbf800000\n"
		"block 0:\n"
		"\tmmov t0.8ac, u0\n"
		"\tmmov t0.8bc, 1.0\n"
		"\tmmov t0.8cc, 0.5\n"
		"\tmmov t0.8dc, u1\n"
		"\tmmov t1.8ac, u2\n"
		"\tmmov t1.8bc, 0\n"
		"\tmmov t1.8cc, 2.0\n"
		"\tmmov t1.8dc, 0.25\n"
		"\tmmov t2.8888c, 0.5\n"
		"\tmov tlb_color, t0\n"
		"\tmov tlb_color, t1\n"
		"\tmov tlb_color, t2\n",
		"qir fs\n"
		"uniform u0 const 0x3e800000\n"
		"uniform u1 const 0x7fc00000\n"
		"uniform u2 const 0xbf800000\n"
		"block 0:\n"
		"\tload_imm t0, 0xff80ff40\n"
		"\tload_imm t1, 0x40ff0000\n"
		"\tload_imm t2, 0x80808080\n"
		"\tmov tlb_color, t0\n"
		"\tmov tlb_color, t1\n"
		"\tmov tlb_color, t2\n");
	const char *kept =
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmmov t0.8ac, u0\n"
		"\tmmov t0.8bc, 1.0\n"
		"\tmmov t0.8cc, 0.5\n"
		"\tmmov t0.8dc, 1.0\n"
		"\tmov tlb_color, t0\n";
	qt_check_pass(qir_opt_const_pack, false, kept, kept);
}

/* An unpacking fmov read twice by one float op (t * 2 as `fadd t, t`)
 * folds into both operands: one register read with one unpack. */
static void fold_unpack_twice(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_fold_packs, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfmov t1, t0.8a\n"
		"\tfadd t2, t1, t1\n"
		"\tfmov t3, t0.8b\n"
		"\tfadd t4, t3, t3\n"
		"\tfadd t5, t3, t4\n"
		"\tfadd t6, t2, t5\n"
		"\tmov tlb_color, t6\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfadd t2, t0.8a, t0.8a\n"
		"\tfmov t3, t0.8b\n"
		"\tfadd t4, t3, t3\n"
		"\tfadd t5, t3, t4\n"
		"\tfadd t6, t2, t5\n"
		"\tmov tlb_color, t6\n");
}

/* Several folds in one program, in one sweep (each fold goes on at its
 * reader, as starting again from the top would give): a pack folds into
 * an fmul whose operand then folds an unpack, a second pack after it, and
 * unpacks before and after both; the same result as before the sweep went
 * on in place. */
static void fold_packs_many(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_fold_packs, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfmov t1, t0.8a\n"
		"\tfadd t2, t1, u1\n"
		"\tfmul t3, t2, u1\n"
		"\tmmov t4.8ac, t3\n"
		"\tfmov t5, t0.8b\n"
		"\tfmul t6, t5, t2\n"
		"\tmmov t4.8bc, t6\n"
		"\tfmov t7, t0.8c\n"
		"\tfadd t8, t7, t7\n"
		"\tmmov t4.8cc, t8\n"
		"\tmmov t4.8dc, 1.0\n"
		"\tmov tlb_color, t4\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tmov t0, u0\n"
		"\tfadd t2, t0.8a, u1\n"
		"\tfmul t4.8ac, t2, u1\n"
		"\tfmov t5, t0.8b\n"
		"\tfmul t4.8bc, t5, t2\n"
		"\tfadd t8, t0.8c, t0.8c\n"
		"\tmmov t4.8cc, t8\n"
		"\tmmov t4.8dc, 1.0\n"
		"\tmov tlb_color, t4\n");
}

/* A colour word whose bytes share a value packs it once, replicated
 * (.8888c), then the other bytes: grey + 1.0 alpha is 2 moves; two equal
 * bytes of four make 3; the replicating move then folds into the fmul
 * that made its value. */
static void pack_replicate(void **state)
{
	(void)state;
	qt_check_pass(qir_opt_fold_packs, true,
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfadd t0, u0, 1.0\n"
		"\tmmov t1.8ac, t0\n"
		"\tmmov t1.8bc, t0\n"
		"\tmmov t1.8cc, t0\n"
		"\tmmov t1.8dc, 1.0\n"
		"\tmov tlb_color, t1\n"
		"\tfadd t2, u0, 2.0\n"
		"\tfmul t3, u1, 0.5\n"
		"\tmmov t4.8ac, t3\n"
		"\tmmov t4.8bc, t2\n"
		"\tmmov t4.8cc, 1.0\n"
		"\tmmov t4.8dc, t3\n"
		"\tmov tlb_color, t4\n",
		"qir fs\n"
		"uniform u0 user 0\n"
		"uniform u1 user 1\n"
		"block 0:\n"
		"\tfadd t0, u0, 1.0\n"
		"\tmmov t1.8888c, t0\n"
		"\tmmov t1.8dc, 1.0\n"
		"\tmov tlb_color, t1\n"
		"\tfadd t2, u0, 2.0\n"
		"\tfmul t4.8888c, u1, 0.5\n"
		"\tmmov t4.8bc, t2\n"
		"\tmmov t4.8cc, 1.0\n"
		"\tmov tlb_color, t4\n");
}

/* Kept: all bytes different, a byte missing, the temp read between its
 * moves, the shared value written between the first move and its own. */
static void pack_replicate_kept(void **state)
{
	(void)state;
	const char *kept =
		"qir fs\n"
		"uniform u0 user 0\n"
		"block 0:\n"
		"\tfadd t0, u0, 1.0\n"
		"\tfadd t5, u0, 2.0\n"
		"\tmmov t1.8ac, t0\n"
		"\tmmov t1.8bc, t5\n"
		"\tmmov t1.8cc, 0.5\n"
		"\tmmov t1.8dc, 1.0\n"
		"\tmov tlb_color, t1\n"
		"\tmov t2, 0\n"
		"\tmmov t2.8ac, t0\n"
		"\tmmov t2.8bc, t0\n"
		"\tmmov t2.8cc, t0\n"
		"\tmov tlb_color, t2\n"
		"\tmov t3, 0\n"
		"\tmmov t3.8ac, t0\n"
		"\tmmov t3.8bc, t0\n"
		"\tfadd t6, t3, 1.0\n"
		"\tmmov t3.8cc, t0\n"
		"\tmmov t3.8dc, t0\n"
		"\tmov tlb_color, t6\n"
		"\tmov tlb_color, t3\n"
		"\tmmov t4.8ac, t5\n"
		"\tfadd t0, u0, 0.5\n"
		"\tmmov t4.8bc, t0\n"
		"\tmmov t4.8cc, t0\n"
		"\tmmov t4.8dc, 1.0\n"
		"\tmov tlb_color, t4\n";
	qt_check_pass(qir_opt_fold_packs, false, kept, kept);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(copy_prop_into_multi_def),
		cmocka_unit_test(copy_prop_const_local),
		cmocka_unit_test(imm_movs),
		cmocka_unit_test(reassoc),
		cmocka_unit_test(flag_bool),
		cmocka_unit_test(flag_bool_kept),
		cmocka_unit_test(flag_bool_branch),
		cmocka_unit_test(flag_bool_not),
		cmocka_unit_test(const_pack),
		cmocka_unit_test(fold_unpack_twice),
		cmocka_unit_test(pack_replicate),
		cmocka_unit_test(fold_packs_many),
		cmocka_unit_test(pack_replicate_kept),
	};
	return cmocka_run_group_tests_name("qir_opt_more", tests, NULL, NULL);
}
