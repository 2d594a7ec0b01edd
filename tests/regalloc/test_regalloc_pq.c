/*
 * test_regalloc_pq.c: the p and q tables computed by ra_set_finalize(), for
 * hand-worked register sets, and the errors of the set-building calls.
 */
#include "ra_test_util.h"
#include "regalloc/regalloc_private.h"

/* Formats the q table as text, one row per class b: "name: q(b,0) q(b,1) ...". */
static void format_q(const struct ra_set *set, const char *const *names, char *out, size_t size)
{
	size_t len = 0;
	out[0] = '\0';
	for (uint32_t b = 0; b < ra_set_class_count(set); b++) {
		len += (size_t)snprintf(out + len, size - len, "%s p=%u q:", names[b],
					ra_class_p(set, b));
		for (uint32_t c = 0; c < ra_set_class_count(set); c++)
			len += (size_t)snprintf(out + len, size - len, " %u",
						ra_class_q(set, b, c));
		len += (size_t)snprintf(out + len, size - len, "\n");
	}
}

/*
 * The worked example: four 32-bit registers s0..s3 (0..3) and 64-bit pairs
 * over them — aligned d01 (4), d23 (5), and the unaligned d12 (6).
 * Classes: S = {s0..s3}, D = aligned pairs {d01, d23}, U = any pair {d01, d12, d23}.
 *
 *   conflicts: d01 ~ s0 s1 d12     d23 ~ s2 s3 d12     d12 ~ s1 s2 d01 d23
 *
 * By hand, q(B, C) = max over r in C of |conflicts(r) ∩ B|:
 *   q(S,S) = 1   q(S,D) = 2 (a pair covers two singles)   q(S,U) = 2
 *   q(D,S) = 1 (a single lies in one aligned pair)         q(D,D) = 1
 *   q(D,U) = 2 (d12 straddles both aligned pairs)
 *   q(U,S) = 2 (s1 lies in d01 and d12)   q(U,D) = 2 (d01 ~ d01, d12)
 *   q(U,U) = 3 (d12 ~ d01, d12, d23)
 */
static struct ra_set *pairs_set(void)
{
	struct vc4_diag d = {0};
	struct ra_set *set = ra_set_create(7, &d);
	assert_non_null(set);
	static const uint32_t halves[][3] = { { 4, 0, 1 }, { 5, 2, 3 }, { 6, 1, 2 } };
	for (size_t i = 0; i < 3; i++) {
		assert_true(ra_set_add_conflict(set, halves[i][0], halves[i][1]));
		assert_true(ra_set_add_conflict(set, halves[i][0], halves[i][2]));
	}
	assert_true(ra_set_add_conflict(set, 6, 4));
	assert_true(ra_set_add_conflict(set, 6, 5));
	uint32_t s = ra_class_create(set), dd = ra_class_create(set), u = ra_class_create(set);
	rt_add_range(set, s, 0, 3);
	rt_add_range(set, dd, 4, 5);
	rt_add_range(set, u, 4, 6);
	assert_true(ra_set_finalize(set, &d));
	return set;
}

static void pq_pairs_over_singles(void **state)
{
	(void)state;
	struct ra_set *set = pairs_set();
	static const char *const names[] = { "S", "D", "U" };
	char text[256];
	format_q(set, names, text, sizeof(text));
	assert_string_equal(text,
			    "S p=4 q: 1 2 2\n"
			    "D p=2 q: 1 1 2\n"
			    "U p=3 q: 2 2 3\n");
	assert_true(ra_set_conflicts(set, 1, 6));
	assert_true(ra_set_conflicts(set, 6, 1));
	assert_false(ra_set_conflicts(set, 4, 5));
	assert_true(ra_set_conflicts(set, 3, 3));
	assert_int_equal(ra_set_reg_count(set), 7);
	assert_int_equal(ra_set_class_count(set), 3);
	assert_true(ra_class_contains(set, 2, 6));
	assert_false(ra_class_contains(set, 1, 6));
	/* Out-of-range queries answer "nothing", never read out of bounds. */
	assert_int_equal(ra_class_p(set, 3), 0);
	assert_int_equal(ra_class_q(set, 0, 3), 0);
	assert_false(ra_class_contains(set, 0, 7));
	assert_false(ra_set_conflicts(set, 7, 0));
	assert_int_equal(ra_set_reg_count(NULL), 0);
	ra_set_destroy(set);
}

/* Without conflicts, q(b, c) is 1 exactly when the classes share a register. */
static void pq_disjoint_and_overlapping_files(void **state)
{
	(void)state;
	struct vc4_diag d = {0};
	struct ra_set *set = ra_set_create(8, &d);
	uint32_t a = ra_class_create(set), b = ra_class_create(set);
	uint32_t ab = ra_class_create(set), lo = ra_class_create(set);
	rt_add_range(set, a, 0, 3);
	rt_add_range(set, b, 4, 7);
	rt_add_range(set, ab, 0, 7);
	rt_add_range(set, lo, 2, 5); /* straddles both files */
	assert_true(ra_set_finalize(set, &d));
	static const char *const names[] = { "A", "B", "AB", "mid" };
	char text[256];
	format_q(set, names, text, sizeof(text));
	assert_string_equal(text,
			    "A p=4 q: 1 0 1 1\n"
			    "B p=4 q: 0 1 1 1\n"
			    "AB p=8 q: 1 1 1 1\n"
			    "mid p=4 q: 1 1 1 1\n");
	ra_set_destroy(set);
}

/* The vc4-like shape: r0-r3 (0-3), r4 (4), file A ra0-31 (5-36), file B
 * rb0-31 (37-68), and classes including the threaded half-files. */
static void pq_vc4_like_shape(void **state)
{
	(void)state;
	struct vc4_diag d = {0};
	struct ra_set *set = ra_set_create(69, &d);
	enum { A, B, ABACC, ACC, R4, A_HALF, B_HALF, ABACC_HALF, NCLASS };
	for (uint32_t c = 0; c < NCLASS; c++)
		assert_int_equal(ra_class_create(set), c);
	rt_add_range(set, A, 5, 36);
	rt_add_range(set, B, 37, 68);
	rt_add_range(set, ABACC, 0, 3);
	rt_add_range(set, ABACC, 5, 68);
	rt_add_range(set, ACC, 0, 3);
	rt_add_range(set, R4, 4, 4);
	rt_add_range(set, A_HALF, 5, 20);
	rt_add_range(set, B_HALF, 37, 52);
	rt_add_range(set, ABACC_HALF, 0, 3);
	rt_add_range(set, ABACC_HALF, 5, 20);
	rt_add_range(set, ABACC_HALF, 37, 52);
	assert_true(ra_set_finalize(set, &d));
	static const char *const names[] = { "A", "B", "ABacc", "acc", "r4", "A/2", "B/2",
					     "ABacc/2" };
	char text[512];
	format_q(set, names, text, sizeof(text));
	assert_string_equal(text,
			    "A p=32 q: 1 0 1 0 0 1 0 1\n"
			    "B p=32 q: 0 1 1 0 0 0 1 1\n"
			    "ABacc p=68 q: 1 1 1 1 0 1 1 1\n"
			    "acc p=4 q: 0 0 1 1 0 0 0 1\n"
			    "r4 p=1 q: 0 0 0 0 1 0 0 0\n"
			    "A/2 p=16 q: 1 0 1 0 0 1 0 1\n"
			    "B/2 p=16 q: 0 1 1 0 0 0 1 1\n"
			    "ABacc/2 p=36 q: 1 1 1 1 0 1 1 1\n");
	ra_set_destroy(set);
}

static void set_errors_are_reported(void **state)
{
	(void)state;
	struct vc4_diag d = {0};
	assert_null(ra_set_create(0, &d));
	assert_string_equal(d.msg, "ra_set_create: 0 registers (must be 1..4096)");
	vc4_diag_clear(&d);
	assert_null(ra_set_create(RA_MAX_REGS + 1, &d));
	assert_string_equal(d.msg, "ra_set_create: 4097 registers (must be 1..4096)");

	struct ra_set *set = ra_set_create(4, NULL);
	assert_false(ra_set_add_conflict(set, 1, 4));
	assert_false(ra_class_add_reg(set, 0, 0)); /* later errors are kept quiet */
	vc4_diag_clear(&d);
	assert_false(ra_set_finalize(set, &d));
	assert_string_equal(d.msg, "ra_set_add_conflict: register 4 out of range "
			    "(set has 4 registers)");
	ra_set_destroy(set);

	set = ra_set_create(4, NULL);
	assert_false(ra_class_add_reg(set, 0, 0));
	vc4_diag_clear(&d);
	assert_false(ra_set_finalize(set, &d));
	assert_string_equal(d.msg, "ra_class_add_reg: class 0 out of range (set has 0 classes)");
	ra_set_destroy(set);

	set = ra_set_create(4, NULL);
	assert_true(ra_set_finalize(set, NULL));
	assert_int_equal(ra_class_create(set), RA_NO_CLASS);
	assert_int_equal(ra_class_q(set, 0, 0), 0);
	vc4_diag_clear(&d);
	assert_null(ra_graph_create(NULL, 3, &d));
	assert_string_equal(d.msg, "ra_graph_create: the register set is not finalised");
	ra_set_destroy(set);

	set = ra_set_create(4, NULL);
	for (uint32_t i = 0; i < RA_MAX_CLASSES; i++)
		assert_int_equal(ra_class_create(set), i);
	assert_int_equal(ra_class_create(set), RA_NO_CLASS);
	vc4_diag_clear(&d);
	assert_false(ra_set_finalize(set, &d));
	assert_string_equal(d.msg, "ra_class_create: too many classes (limit is 256)");
	ra_set_destroy(set);
	ra_set_destroy(NULL);
}

static void set_finalised_twice_and_unfinalised_graph(void **state)
{
	(void)state;
	struct vc4_diag d = {0};
	struct ra_set *set = ra_set_create(2, NULL);
	assert_null(ra_graph_create(set, 1, &d));
	assert_string_equal(d.msg, "ra_graph_create: the register set is not finalised");
	assert_true(ra_set_finalize(set, NULL));
	vc4_diag_clear(&d);
	assert_false(ra_set_finalize(set, &d));
	assert_string_equal(d.msg, "ra_set_finalize: set already finalised");
	ra_set_destroy(set);
}

/* qmax[c], the most registers of class c one neighbour can block, bounds
 * ra_allocate()'s shortcut (degree × qmax < p: trivial without summing).
 * Singles {0, 1}, a pair 2 = {0, 1} and a lone register 3: a pair blocks
 * both singles, anything blocks one pair, nothing blocks more than r3. */
static void qmax_is_the_largest_block(void **state)
{
	(void)state;
	struct ra_set *set = ra_set_create(4, NULL);
	assert_true(ra_set_add_conflict(set, 2, 0));
	assert_true(ra_set_add_conflict(set, 2, 1));
	uint32_t s = ra_class_create(set), dd = ra_class_create(set);
	uint32_t lone = ra_class_create(set);
	rt_add_range(set, s, 0, 1);
	rt_add_range(set, dd, 2, 2);
	rt_add_range(set, lone, 3, 3);
	assert_true(ra_set_finalize(set, NULL));
	assert_int_equal(set->qmax[s], 2);
	assert_int_equal(set->qmax[dd], 1);
	assert_int_equal(set->qmax[lone], 1);
	ra_set_destroy(set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pq_pairs_over_singles),
		cmocka_unit_test(pq_disjoint_and_overlapping_files),
		cmocka_unit_test(pq_vc4_like_shape),
		cmocka_unit_test(set_errors_are_reported),
		cmocka_unit_test(set_finalised_twice_and_unfinalised_graph),
		cmocka_unit_test(qmax_is_the_largest_block),
	};
	return cmocka_run_group_tests_name("regalloc_pq", tests, NULL, NULL);
}
