/* test_qpu_isa.c: the QPU ISA table, field accessors, constructors and the
 * lossless decode/encode. Expected words come from Broadcom-generated code
 * (tests/qpu/corpus/broadcom_vg_fd.hex) and Mesa's canonical NOP. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "qpu/qpu_isa.h"

static void constructors_match_known_words(void **state)
{
	(void)state;
	/* Mesa's and Broadcom's nop */
	assert_true(qpu_nop() == 0x100009e7009e7000ull);
	/* Broadcom: 0x15827d80, 0x10020827  mov r0, unif */
	assert_true(qpu_alu_add(QPU_A_OR, 32, QPU_MUX_A, QPU_MUX_A, QPU_R_UNIF, QPU_R_NOP) ==
		    0x1002082715827d80ull);
	/* Broadcom: 0x609e7004, 0x100049e0  nop ; v8muld r0, r0, r4 */
	assert_true(qpu_alu_mul(QPU_M_V8MULD, 32, QPU_MUX_R0, QPU_MUX_R4, QPU_R_NOP, QPU_R_NOP) ==
		    0x100049e0609e7004ull);
	/* Broadcom: 0x009e7000, 0xa00009e7  ldtmu0 */
	assert_true(qpu_set_sig(qpu_nop(), QPU_SIG_LOAD_TMU0) == 0xa00009e7009e7000ull);
	/* Broadcom: 0xff000000, 0xe00213e7  ldi rb15, 0xff000000 (ADD writes B: ws) */
	assert_true(qpu_set_ws(qpu_load_imm(QPU_LI_32, 15, QPU_W_NOP, 0xff000000u), 1) ==
		    0xe00213e7ff000000ull);
	/* Broadcom: 0x00000000, 0xf00809e7  brr.allz -, 0 */
	assert_true(qpu_branch(QPU_BR_ALL_ZS, true, 0) == 0xf00809e700000000ull);
	/* semaphore: sig 14, bits 59:57 = 4, sa bit 4, index 3:0 */
	assert_true(qpu_semaphore(true, 3) == 0xe80009e700000013ull);
	assert_true(qpu_semaphore(false, 15) == 0xe80009e70000000full);
	/* fadd r1, r0, r1 (low word as Broadcom's 0x019e7040 fadd t0s, r0, r1) */
	assert_true(qpu_with_add(qpu_nop(), QPU_A_FADD, 33, QPU_MUX_R0, QPU_MUX_R1) ==
		    0x10020867019e7040ull);
}

static void field_accessors_cover_their_bits(void **state)
{
	(void)state;
	assert_string_equal(qpu_fields[QPU_F_WADDR_ADD].name, "waddr_add");
	assert_string_equal(qpu_fields[QPU_F_BR_RADDR_A].name, "br_raddr_a");
	for (int f = 0; f < QPU_F_COUNT; f++) {
		const struct qpu_field_info *fi = &qpu_fields[f];
		uint64_t mask = qpu_field_mask(fi->shift, fi->width);
		assert_true(qpu_field_set(0, (enum qpu_field)f, 0xffffffffu) == mask);
		assert_true(qpu_field_set(~0ull, (enum qpu_field)f, 0) == ~mask);
		assert_int_equal(qpu_field_get(mask, (enum qpu_field)f),
				 (uint32_t)(mask >> fi->shift));
	}
	uint64_t w = 0x123456789abcdef0ull;
	assert_int_equal(qpu_get_sig(w), 0x1);
	assert_int_equal(qpu_get_unpack(w), 1);
	assert_int_equal(qpu_get_waddr_mul(w), 0x38);
	assert_int_equal(qpu_get_imm(w), 0x9abcdef0u);
	assert_int_equal(qpu_get_mul_b(w), 0);
	assert_int_equal(qpu_get_raddr_b(w), 0x0d);
	assert_true(qpu_set_raddr_a(w, 0x3f) == (w | 0xfc0000ull));
	assert_true(qpu_set_op_add(w, 64) == (w & ~0x1f000000ull)); /* masked */
}

static void decode_encode_is_lossless(void **state)
{
	(void)state;
	uint64_t s = 0x9e3779b97f4a7c15ull;
	for (int i = 0; i < 200000; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		struct qpu_inst in;
		qpu_decode(s, &in);
		assert_true(qpu_encode(&in) == s);
		assert_int_equal(in.form, qpu_form_of(s));
	}
	struct qpu_inst in;
	qpu_decode(0xe80009e7deadbeffull, &in);
	assert_int_equal(in.form, QPU_FORM_SEMAPHORE);
	assert_true(in.sem_dec);
	assert_int_equal(in.sem_index, 0xf);
	assert_true(in.unused == 0xdeadbee0ull);
	qpu_decode(0xf5a809e700000040ull, &in);
	assert_int_equal(in.form, QPU_FORM_BRANCH);
	assert_int_equal(in.br_cond, 10);
	assert_true(in.br_rel);
	assert_true(in.unused == 0x0500000000000000ull);
	assert_int_equal(in.imm, 0x40);
}

static void small_immediates(void **state)
{
	(void)state;
	assert_int_equal(qpu_small_imms[0].bits, 0);
	assert_int_equal(qpu_small_imms[15].bits, 15);
	assert_int_equal(qpu_small_imms[16].bits, (uint32_t)-16);
	assert_int_equal(qpu_small_imms[31].bits, (uint32_t)-1);
	assert_int_equal(qpu_small_imms[32].bits, 0x3f800000u);   /* 1.0 */
	assert_int_equal(qpu_small_imms[39].bits, 0x43000000u);   /* 128.0 */
	assert_int_equal(qpu_small_imms[40].bits, 0x3b800000u);   /* 1/256 */
	assert_int_equal(qpu_small_imms[47].bits, 0x3f000000u);   /* 0.5 */
	assert_int_equal(qpu_small_imms[48].kind, QPU_SMALL_IMM_ROT_R5);
	assert_int_equal(qpu_small_imms[48].bits, (uint32_t)-16);
	assert_int_equal(qpu_small_imms[49].kind, QPU_SMALL_IMM_ROT);
	assert_int_equal(qpu_small_imms[49].rotate, 1);
	assert_int_equal(qpu_small_imms[49].bits, (uint32_t)-15);
	assert_int_equal(qpu_small_imms[63].rotate, 15);
	assert_int_equal(qpu_small_imm_encode(0x3f800000u), 32);
	assert_int_equal(qpu_small_imm_encode((uint32_t)-1), 31);
	assert_int_equal(qpu_small_imm_encode(16), -1);
	assert_int_equal(qpu_small_imm_encode(0x40400000u), -1);   /* 3.0 */
	assert_int_equal(qpu_small_imm_encode(0x80000000u), -1);   /* -0.0 */
	assert_int_equal(qpu_small_imm_encode(0xbf800000u), -1);   /* -1.0 */
	assert_int_equal(qpu_small_imm_encode(0x43800000u), -1);   /* 256.0 */
	assert_int_equal(qpu_small_imm_encode(0x3b000000u), -1);   /* 1/512 */
	/* the arithmetic answers the first of the table's 48 value entries
	 * holding the bits, for every integer near the range and every float
	 * of a bare exponent (and one with a mantissa bit) */
	for (int64_t v = -40; v <= 300; v++) {
		uint32_t probes[3] = { (uint32_t)(int32_t)(v - 40),
				       (uint32_t)(v & 0xff) << 23,
				       (uint32_t)(v & 0xff) << 23 | 1u };
		for (int k = 0; k < 3; k++) {
			int want = -1;
			for (int code = 47; code >= 0; code--)
				if (qpu_small_imms[code].bits == probes[k])
					want = code;
			assert_int_equal(qpu_small_imm_encode(probes[k]), want);
		}
	}
}

static void per_element_load_immediates(void **state)
{
	(void)state;
	/* element 0: lsb 1, msb 1; element 1: msb only; element 2: lsb only */
	uint32_t imm = 1u << 0 | 1u << 16 | 1u << 17 | 1u << 2;
	assert_int_equal(qpu_load_imm_elem(QPU_LI_PER_ELEM_SIGNED, imm, 0), (uint32_t)-1);
	assert_int_equal(qpu_load_imm_elem(QPU_LI_PER_ELEM_SIGNED, imm, 1), (uint32_t)-2);
	assert_int_equal(qpu_load_imm_elem(QPU_LI_PER_ELEM_SIGNED, imm, 2), 1);
	assert_int_equal(qpu_load_imm_elem(QPU_LI_PER_ELEM_SIGNED, imm, 3), 0);
	assert_int_equal(qpu_load_imm_elem(QPU_LI_PER_ELEM_UNSIGNED, imm, 0), 3);
	assert_int_equal(qpu_load_imm_elem(QPU_LI_PER_ELEM_UNSIGNED, imm, 1), 2);
	assert_int_equal(qpu_load_imm_elem(QPU_LI_PER_ELEM_UNSIGNED, imm, 2), 1);
	assert_int_equal(qpu_load_imm_elem(QPU_LI_32, imm, 5), imm);
}

/* Equal names in the register tables must mean the same address: the
 * assembler finds registers by name. */
static void register_names_are_unambiguous(void **state)
{
	(void)state;
	const struct qpu_reg_info (*tables[2])[64] = { qpu_raddrs, qpu_waddrs };
	for (int t = 0; t < 2; t++) {
		for (int i = 0; i < 128; i++) {
			const struct qpu_reg_info *a = &tables[t][i / 64][i % 64];
			for (int j = 0; a->name && j < 128; j++) {
				const struct qpu_reg_info *b = &tables[t][j / 64][j % 64];
				if (b->name && strcmp(a->name, b->name) == 0)
					assert_int_equal(i % 64, j % 64);
			}
		}
	}
	assert_true(qpu_waddr_ignores_ws(32));          /* r0 */
	assert_true(qpu_waddr_ignores_ws(56));          /* tmu0_s */
	assert_false(qpu_waddr_ignores_ws(0));          /* ra0 / rb0 */
	assert_false(qpu_waddr_ignores_ws(37));         /* r5quad / r5rep */
	assert_false(qpu_waddr_ignores_ws(49));         /* vr_setup / vw_setup */
	assert_false(qpu_waddr_ignores_ws(40));         /* uniforms_addr / _rel */
	assert_true(qpu_raddr_same_on_both(32));        /* unif */
	assert_false(qpu_raddr_same_on_both(38));       /* elem_num / qpu_num */
	assert_false(qpu_raddr_same_on_both(36));       /* reserved */
	assert_int_equal(qpu_waddrs[QPU_FILE_A][37].flags & QPU_REGF_R5_QUAD, QPU_REGF_R5_QUAD);
	assert_int_equal(qpu_waddrs[QPU_FILE_B][37].flags & QPU_REGF_R5_REP, QPU_REGF_R5_REP);
	assert_int_equal(qpu_waddrs[QPU_FILE_B][60].periph, QPU_PERIPH_TMU1);
	assert_int_equal(qpu_raddrs[QPU_FILE_A][35].periph, QPU_PERIPH_VARYING);
	assert_int_equal(qpu_waddr_file(false, false), QPU_FILE_A);
	assert_int_equal(qpu_waddr_file(true, false), QPU_FILE_B);
	assert_int_equal(qpu_waddr_file(true, true), QPU_FILE_A);
}

/* qpu_reg_raddr()/qpu_reg_waddr(): file and address of an id, hand-written
 * here from the reference's register map; failures leave the outputs alone. */
static void register_addresses_by_id(void **state)
{
	(void)state;
	static const struct { enum qpu_reg_id id; bool write; enum qpu_file file; unsigned addr; }
	want[] = {
		{ QPU_REG_RA0 + 14, false, QPU_FILE_A, 14 }, { QPU_REG_RB0 + 14, true, QPU_FILE_B, 14 },
		{ QPU_REG_RB0 + 31, false, QPU_FILE_B, 31 }, { QPU_REG_ACC0, true, QPU_FILE_A, 32 },
		{ QPU_REG_ACC3, true, QPU_FILE_A, 35 }, { QPU_REG_R5_REP, true, QPU_FILE_B, 37 },
		{ QPU_REG_UNIFORM, false, QPU_FILE_A, 32 }, { QPU_REG_VARYING, false, QPU_FILE_A, 35 },
		{ QPU_REG_VPM, false, QPU_FILE_A, 48 }, { QPU_REG_VPM, true, QPU_FILE_A, 48 },
		{ QPU_REG_NOP, true, QPU_FILE_A, 39 }, { QPU_REG_X_PIX, false, QPU_FILE_A, 41 },
		{ QPU_REG_Y_PIX, false, QPU_FILE_B, 41 }, { QPU_REG_QPU_NUM, false, QPU_FILE_B, 38 },
		{ QPU_REG_MS_FLAGS, false, QPU_FILE_A, 42 }, { QPU_REG_MS_FLAGS, true, QPU_FILE_A, 42 },
		{ QPU_REG_UNIFORMS_ADDR, true, QPU_FILE_A, 40 },
		{ QPU_REG_TLB_STENCIL, true, QPU_FILE_A, 43 }, { QPU_REG_TLB_Z, true, QPU_FILE_A, 44 },
		{ QPU_REG_TLB_COLOR_ALL, true, QPU_FILE_A, 46 },
		{ QPU_REG_VW_SETUP, true, QPU_FILE_B, 49 }, { QPU_REG_SFU_RECIP, true, QPU_FILE_A, 52 },
		{ QPU_REG_SFU_LOG, true, QPU_FILE_A, 55 }, { QPU_REG_TMU0_S, true, QPU_FILE_A, 56 },
		{ QPU_REG_TMU1_B, true, QPU_FILE_A, 63 },
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		enum qpu_file f = QPU_FILE_B + 1;
		unsigned a = 99;
		bool ok = want[i].write ? qpu_reg_waddr(want[i].id, &f, &a) :
					  qpu_reg_raddr(want[i].id, &f, &a);
		assert_true(ok);
		assert_int_equal(f, want[i].file);
		assert_int_equal(a, want[i].addr);
	}
	/* read-only registers asked as writes, write-only ones as reads */
	static const enum qpu_reg_id read_only[] = {
		QPU_REG_UNIFORM, QPU_REG_VARYING, QPU_REG_X_PIX, QPU_REG_ELEM_NUM, QPU_REG_Y_PIX,
		QPU_REG_MUTEX_ACQ, QPU_REG_VR_WAIT,
	};
	static const enum qpu_reg_id write_only[] = {
		QPU_REG_ACC0, QPU_REG_TLB_Z, QPU_REG_SFU_RECIP, QPU_REG_TMU0_S, QPU_REG_VW_SETUP,
		QPU_REG_UNIFORMS_ADDR,
	};
	enum qpu_file f = QPU_FILE_B;
	unsigned a = 99;
	for (size_t i = 0; i < sizeof(read_only) / sizeof(read_only[0]); i++) {
		assert_true(qpu_reg_raddr(read_only[i], &f, &a));
		f = QPU_FILE_B;
		a = 99;
		assert_false(qpu_reg_waddr(read_only[i], &f, &a));
		assert_int_equal(f, QPU_FILE_B);
		assert_int_equal(a, 99);
	}
	for (size_t i = 0; i < sizeof(write_only) / sizeof(write_only[0]); i++)
		assert_false(qpu_reg_raddr(write_only[i], &f, &a));
	assert_false(qpu_reg_waddr(QPU_REG_RESERVED, &f, &a));
	assert_false(qpu_reg_raddr(QPU_REG_RESERVED, &f, &a));
	assert_false(qpu_reg_waddr(QPU_REG_COUNT, &f, &a));
	assert_false(qpu_reg_raddr((enum qpu_reg_id)1000, &f, &a));
	assert_int_equal(f, QPU_FILE_B);
	assert_int_equal(a, 99);
	/* every id resolves to an entry carrying that id */
	for (unsigned id = QPU_REG_RA0; id < QPU_REG_COUNT; id++) {
		bool r = qpu_reg_raddr(id, &f, &a);
		if (r)
			assert_int_equal(qpu_raddrs[f][a].id, id);
		bool w = qpu_reg_waddr(id, &f, &a);
		if (w)
			assert_int_equal(qpu_waddrs[f][a].id, id);
		assert_true(r || w);
	}
}

/* The first (file A before B, low before high) entry of a table holding id. */
static bool scan_table(const struct qpu_reg_info table[2][64], unsigned id, enum qpu_file *f,
		       unsigned *a)
{
	for (unsigned i = 0; i < 128; i++)
		if (table[i / 64][i % 64].id == id) {
			*f = (enum qpu_file)(i / 64);
			*a = i % 64;
			return true;
		}
	return false;
}

/* qpu_reg_raddr()/qpu_reg_waddr() answer the first entry for every id (their
 * shortcut for ra n / rb n included). */
static void register_addresses_are_the_first_entries(void **state)
{
	(void)state;
	for (unsigned id = QPU_REG_RA0; id < QPU_REG_COUNT; id++) {
		enum qpu_file f, wf;
		unsigned a, wa;
		bool want = scan_table(qpu_raddrs, id, &wf, &wa);
		assert_int_equal(qpu_reg_raddr((enum qpu_reg_id)id, &f, &a), want);
		if (want) {
			assert_int_equal(f, wf);
			assert_int_equal(a, wa);
		}
		want = scan_table(qpu_waddrs, id, &wf, &wa);
		assert_int_equal(qpu_reg_waddr((enum qpu_reg_id)id, &f, &a), want);
		if (want) {
			assert_int_equal(f, wf);
			assert_int_equal(a, wa);
		}
	}
}

/* Every named address has the id its name says, with the right number; the
 * expected pairs are written here independently of the table. */
static void register_ids_match_names(void **state)
{
	(void)state;
	static const struct { const char *name; enum qpu_reg_id id; unsigned num; } want[] = {
		{ "r0", QPU_REG_ACC0, 0 }, { "r1", QPU_REG_ACC1, 1 }, { "r2", QPU_REG_ACC2, 2 },
		{ "r3", QPU_REG_ACC3, 3 }, { "r5quad", QPU_REG_R5_QUAD, 5 },
		{ "r5rep", QPU_REG_R5_REP, 5 }, { "nop", QPU_REG_NOP, 0 },
		{ "unif", QPU_REG_UNIFORM, 0 }, { "vary", QPU_REG_VARYING, 0 },
		{ "elem_num", QPU_REG_ELEM_NUM, 0 }, { "qpu_num", QPU_REG_QPU_NUM, 0 },
		{ "x_pix", QPU_REG_X_PIX, 0 }, { "y_pix", QPU_REG_Y_PIX, 0 },
		{ "ms_flags", QPU_REG_MS_FLAGS, 0 }, { "rev_flag", QPU_REG_REV_FLAG, 0 },
		{ "vpm", QPU_REG_VPM, 0 },
		{ "vpm_ld_busy", QPU_REG_VR_BUSY, 0 }, { "vpm_st_busy", QPU_REG_VW_BUSY, 0 },
		{ "vpm_ld_wait", QPU_REG_VR_WAIT, 0 }, { "vpm_st_wait", QPU_REG_VW_WAIT, 0 },
		{ "mutex_acq", QPU_REG_MUTEX_ACQ, 0 }, { "mutex_release", QPU_REG_MUTEX_RELEASE, 0 },
		{ "tmu_noswap", QPU_REG_TMU_NOSWAP, 0 }, { "host_int", QPU_REG_HOST_INT, 0 },
		{ "uniforms_addr", QPU_REG_UNIFORMS_ADDR, 0 },
		{ "uniforms_addr_rel", QPU_REG_UNIFORMS_ADDR_REL, 0 },
		{ "quad_x", QPU_REG_QUAD_X, 0 }, { "quad_y", QPU_REG_QUAD_Y, 0 },
		{ "tlb_stencil_setup", QPU_REG_TLB_STENCIL, 0 }, { "tlb_z", QPU_REG_TLB_Z, 0 },
		{ "tlb_color_ms", QPU_REG_TLB_COLOR_MS, 0 },
		{ "tlb_color_all", QPU_REG_TLB_COLOR_ALL, 0 },
		{ "tlb_alpha_mask", QPU_REG_TLB_ALPHA_MASK, 0 },
		{ "vr_setup", QPU_REG_VR_SETUP, 0 }, { "vw_setup", QPU_REG_VW_SETUP, 0 },
		{ "vr_addr", QPU_REG_VR_ADDR, 0 }, { "vw_addr", QPU_REG_VW_ADDR, 0 },
		{ "sfu_recip", QPU_REG_SFU_RECIP, 0 }, { "sfu_recipsqrt", QPU_REG_SFU_RECIPSQRT, 1 },
		{ "sfu_exp", QPU_REG_SFU_EXP, 2 }, { "sfu_log", QPU_REG_SFU_LOG, 3 },
		{ "tmu0_s", QPU_REG_TMU0_S, 0 }, { "tmu0_t", QPU_REG_TMU0_T, 1 },
		{ "tmu0_r", QPU_REG_TMU0_R, 2 }, { "tmu0_b", QPU_REG_TMU0_B, 3 },
		{ "tmu1_s", QPU_REG_TMU1_S, 0 }, { "tmu1_t", QPU_REG_TMU1_T, 1 },
		{ "tmu1_r", QPU_REG_TMU1_R, 2 }, { "tmu1_b", QPU_REG_TMU1_B, 3 },
	};
	const size_t nwant = sizeof(want) / sizeof(want[0]);
	bool seen[QPU_REG_COUNT] = { false };
	const struct qpu_reg_info (*tables[2])[64] = { qpu_raddrs, qpu_waddrs };
	for (unsigned i = 0; i < 2 * 2 * 64; i++) {
		const struct qpu_reg_info *r = &tables[i / 128][(i / 64) % 2][i % 64];
		char phys[8];
		if (!r->name) {
			assert_int_equal(r->id, QPU_REG_RESERVED);
			continue;
		}
		seen[r->id] = true;
		assert_string_equal(qpu_reg_name(r->id), r->name);
		if (r->flags & QPU_REGF_PHYS) {
			snprintf(phys, sizeof(phys), "r%c%u", (i / 64) % 2 ? 'b' : 'a', i % 64);
			assert_string_equal(r->name, phys);
			assert_int_equal(r->id, ((i / 64) % 2 ? QPU_REG_RB0 : QPU_REG_RA0) + i % 64);
			assert_int_equal(r->num, i % 64);
			assert_true(qpu_reg_is_phys(r->id));
			continue;
		}
		size_t k = 0;
		while (k < nwant && strcmp(want[k].name, r->name) != 0)
			k++;
		if (k == nwant)
			fail_msg("register %s has no expected id", r->name);
		assert_int_equal(r->id, want[k].id);
		assert_int_equal(r->num, want[k].num);
		assert_false(qpu_reg_is_phys(r->id));
	}
	for (size_t k = 0; k < nwant; k++)
		assert_true(seen[want[k].id]);
	for (unsigned id = QPU_REG_RA0; id < QPU_REG_COUNT; id++)
		assert_true(seen[id]);
	assert_null(qpu_reg_name(QPU_REG_RESERVED));
	assert_null(qpu_reg_name(QPU_REG_COUNT));
	/* the group helpers */
	assert_int_equal(qpu_reg_tmu_unit(QPU_REG_TMU1_R), 1);
	assert_int_equal(qpu_reg_tmu_param(QPU_REG_TMU1_R), 2);
	assert_int_equal(qpu_reg_tmu_param(QPU_REG_TMU0_S), 0);
	assert_int_equal(qpu_reg_tmu_unit(QPU_REG_SFU_LOG), -1);
	assert_int_equal(qpu_reg_sfu_func(QPU_REG_SFU_EXP), 2);
	assert_int_equal(qpu_reg_sfu_func(QPU_REG_TMU0_S), -1);
	assert_int_equal(qpu_reg_acc(QPU_REG_ACC2), 2);
	assert_int_equal(qpu_reg_acc(QPU_REG_R5_REP), 5);
	assert_int_equal(qpu_reg_acc(QPU_REG_NOP), -1);
	assert_true(qpu_reg_is_tlb(QPU_REG_TLB_Z));
	assert_false(qpu_reg_is_tlb(QPU_REG_VPM));
}

static void table_entries(void **state)
{
	(void)state;
	assert_string_equal(qpu_add_ops[QPU_A_CLZ].name, "clz");
	assert_int_equal(qpu_add_ops[QPU_A_FTOI].nsrc, 1);
	assert_true(qpu_add_ops[QPU_A_FTOI].float_in);
	assert_false(qpu_add_ops[QPU_A_FTOI].float_out);
	assert_null(qpu_add_ops[9].name);
	assert_null(qpu_add_ops[29].name);
	assert_string_equal(qpu_mul_ops[QPU_M_MUL24].name, "mul24");
	assert_int_equal(qpu_mul_ops[QPU_M_FMUL].unit, QPU_UNIT_MUL);
	assert_string_equal(qpu_sigs[QPU_SIG_PROG_END].name, "thrend");
	assert_int_equal(qpu_sigs[QPU_SIG_LOAD_TMU1].tmu, 1);
	assert_true(qpu_sigs[QPU_SIG_COLOR_LOAD_END].flags & QPU_SIGF_PROG_END);
	assert_string_equal(qpu_branch_conds[QPU_BR_ANY_NC].name, "any_nc");
	assert_null(qpu_branch_conds[12].name);
	assert_null(qpu_packs_mul[1].name);
	assert_string_equal(qpu_packs_mul[QPU_PACK_MUL_8888].name, "8888c");
	assert_string_equal(qpu_unpacks[QPU_UNPACK_8D_REP].name, "8dr");
}

static void problems_name_the_field(void **state)
{
	(void)state;
	char buf[96];
	struct qpu_inst in;
	qpu_decode(qpu_set_op_add(qpu_nop(), 10), &in);
	assert_string_equal(qpu_inst_problem(&in, buf, sizeof(buf)), "reserved add op 10");
	qpu_decode(qpu_set_raddr_a(qpu_nop(), 36), &in);
	assert_string_equal(qpu_inst_problem(&in, buf, sizeof(buf)),
			    "reserved regfile A read address 36");
	qpu_decode(qpu_set_raddr_b(qpu_nop(), 63), &in);
	assert_string_equal(qpu_inst_problem(&in, buf, sizeof(buf)),
			    "reserved regfile B read address 63");
	qpu_decode(qpu_set_sig(qpu_set_raddr_b(qpu_nop(), 63), QPU_SIG_SMALL_IMM), &in);
	assert_null(qpu_inst_problem(&in, buf, sizeof(buf)));
	qpu_decode(qpu_set_pack(qpu_set_pm(qpu_nop(), 1), 2), &in);
	assert_string_equal(qpu_inst_problem(&in, buf, sizeof(buf)),
			    "reserved pack mode 2 with pm=1");
	qpu_decode(qpu_set_li_kind(qpu_load_imm(QPU_LI_32, 32, 39, 0), 7), &in);
	assert_string_equal(qpu_inst_problem(&in, buf, sizeof(buf)),
			    "reserved load immediate kind 7");
	qpu_decode(qpu_set_br_cond(qpu_branch(QPU_BR_ALWAYS, true, 0), 13), &in);
	assert_string_equal(qpu_inst_problem(&in, buf, sizeof(buf)),
			    "reserved branch condition 13");
	assert_false(qpu_inst_valid(&in));
	qpu_decode(qpu_nop(), &in);
	assert_true(qpu_inst_valid(&in));
}

/* The MUL pack's float-to-unorm8 byte, at its edges. */
static void mul_pack_unorm8(void **state)
{
	(void)state;
	static const struct { uint32_t in, out; } cases[] = {
		{ 0x00000000u, 0 },     /* +0 */
		{ 0x80000000u, 0 },     /* -0 */
		{ 0x007fffffu, 0 },     /* a denormal: flushed */
		{ 0x3f000000u, 128 },   /* 0.5: 127.5 rounds up */
		{ 0x3b808081u, 1 },     /* 1/255 */
		{ 0x3f7fffffu, 255 },   /* just below 1.0: 254.99998 */
		{ 0x3f800000u, 255 },   /* 1.0 */
		{ 0x40000000u, 255 },   /* 2.0: clamped */
		{ 0xbf800000u, 0 },     /* -1.0: clamped */
		{ 0x7f800000u, 255 },   /* +inf */
		{ 0x7fc00000u, 255 },   /* +NaN */
		{ 0xffc00000u, 0 },     /* -NaN */
		{ 0x3e800000u, 64 },    /* 0.25: 63.75 */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_int_equal(qpu_pack_unorm8(cases[i].in), cases[i].out);
}

/* Branch conditions and the per-lane conditions they combine. */
static void branch_lane_conds(void **state)
{
	(void)state;
	assert_int_equal(qpu_branch_lane_cond(QPU_BR_ALL_ZS), QPU_COND_ZS);
	assert_int_equal(qpu_branch_lane_cond(QPU_BR_ANY_ZC), QPU_COND_ZC);
	assert_int_equal(qpu_branch_lane_cond(QPU_BR_ALL_NC), QPU_COND_NC);
	assert_int_equal(qpu_branch_lane_cond(QPU_BR_ANY_CS), QPU_COND_CS);
	assert_int_equal(qpu_branch_lane_cond(QPU_BR_ALWAYS), QPU_COND_ALWAYS);
	assert_int_equal(qpu_branch_lane_cond((enum qpu_branch_cond)12), QPU_COND_NEVER);
	assert_int_equal(qpu_branch_on(QPU_COND_NS, true), QPU_BR_ANY_NS);
	assert_int_equal(qpu_branch_on(QPU_COND_CC, false), QPU_BR_ALL_CC);
	for (unsigned br = QPU_BR_ALL_ZS; br <= QPU_BR_ANY_CC; br++) {
		enum qpu_branch_cond b = (enum qpu_branch_cond)br;
		assert_int_equal(qpu_branch_on(qpu_branch_lane_cond(b), qpu_branch_is_any(b)), b);
		/* the names agree: "any_zc" ends with the lane condition "zc" */
		assert_string_equal(qpu_branch_conds[br].name + 4,
				    qpu_conds[qpu_branch_lane_cond(b)].name);
	}
	assert_false(qpu_branch_is_any(QPU_BR_ALWAYS));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(constructors_match_known_words),
		cmocka_unit_test(field_accessors_cover_their_bits),
		cmocka_unit_test(decode_encode_is_lossless),
		cmocka_unit_test(small_immediates),
		cmocka_unit_test(per_element_load_immediates),
		cmocka_unit_test(register_names_are_unambiguous),
		cmocka_unit_test(register_ids_match_names),
		cmocka_unit_test(register_addresses_by_id),
		cmocka_unit_test(register_addresses_are_the_first_entries),
		cmocka_unit_test(table_entries),
		cmocka_unit_test(problems_name_the_field),
		cmocka_unit_test(mul_pack_unorm8),
		cmocka_unit_test(branch_lane_conds),
	};
	return cmocka_run_group_tests_name("qpu_isa", tests, NULL, NULL);
}
