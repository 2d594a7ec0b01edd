/* test_qir_pipeline.c: the QIR back half on real lowered programs — every
 * golden QIR file of the lowering (the .qir files of tests/qir/lower/golden) is parsed,
 * optimised, uniform-lowered and register-allocated; each step must leave
 * a valid program, the allocation must check out, and (with the lowering's
 * test executor, qir_eval) the optimised program — and the same program
 * with every temp replaced by its allocated register and the hardware's r4
 * and thread-switch clobbers made explicit — must compute exactly what the
 * original computed on random inputs; random programs also with their
 * uniform-only values hoisted to the host. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "qir/qir_host.h"
#include "qir_test.h"
#include "util/file.h"
#ifdef HAVE_QEVAL
#include "lower/qir_eval.h"
#endif
#ifdef HAVE_LOWER
#include "ir/ir_random.h"
#include "qir/lower/qir_lower.h"
#endif

static uint32_t count_insts(const struct qir_compile *c)
{
	uint32_t n = 0;
	for (size_t b = 0; b < c->blocks.len; b++)
		for (const struct qir_inst *i = c->blocks.data[b]->first; i; i = i->next)
			n++;
	return n;
}

#ifdef HAVE_QEVAL
/* A small deterministic generator (xorshift32). */
static uint32_t next_rand(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* A float in [-4, 4) with a few bits of fraction. */
static uint32_t rand_float(uint32_t *s)
{
	float f = (float)((int32_t)(next_rand(s) % 2048) - 1024) / 256.0f;
	uint32_t bits;
	memcpy(&bits, &f, sizeof(bits));
	return bits;
}

static void fill_inputs(struct qeval *e, uint32_t seed)
{
	memset(e, 0, sizeof(*e));
	uint32_t s = seed * 2654435761u + 1;
	for (int i = 0; i < QEVAL_MAX_IO; i++) {
		e->user[i] = (i % 3 == 2) ? next_rand(&s) % 8 : rand_float(&s);
		for (int l = 0; l < QEVAL_LANES; l++) {
			e->vary[i][l] = rand_float(&s);
			e->vpm_in[i][l] = rand_float(&s);
		}
	}
	for (int i = 0; i < 4; i++) {
		e->blend_const[i] = rand_float(&s);
		e->vp[i] = rand_float(&s);
	}
	for (int l = 0; l < QEVAL_LANES; l++) {
		e->frag_w[l] = rand_float(&s);
		e->frag_z[l] = next_rand(&s) & 0xffffff;
		e->rev_flag[l] = next_rand(&s) & 1;
		e->frag_x[l] = next_rand(&s) % 64;
		e->frag_y[l] = next_rand(&s) % 64;
		e->tlb_color_in[l] = next_rand(&s);
	}
}

/* The number standing for a physical register: r0-r4 = 0-4, ra = 5-36,
 * rb = 37-68. */
static uint32_t phys_number(struct qir_phys_reg p)
{
	return p.file == QIR_PHYS_ACC ? p.index : p.file == QIR_PHYS_A ? 5u + p.index : 37u + p.index;
}

/* Inserts `load_imm r, 0xdeadbeef` for phys numbers lo..hi after inst. */
static void clobber_after(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst,
			  uint32_t lo, uint32_t hi)
{
	for (uint32_t r = lo; r <= hi; r++) {
		struct qir_inst *li = qir_inst_create(c, QIR_OP_LOAD_IMM, qir_reg(QIR_FILE_TEMP, r),
						      qir_reg(QIR_FILE_IMM, 0xdeadbeef), qir_null());
		assert_non_null(li);
		qir_inst_insert_before(b, inst->next, li);
	}
}

/* The allocated program with every temp replaced by its physical register,
 * and the hardware's clobbers made explicit: r4 after every other
 * r4-producing op, r0-r4 after a thread switch. Executing it checks the
 * allocation end to end. */
static struct qir_compile *physical_copy(const struct qir_compile *c,
					 const struct qir_ra_result *r)
{
	char *text = qir_print(c);
	struct qir_compile *p = qt_parse(text);
	free(text);
	for (size_t bi = 0; bi < p->blocks.len; bi++) {
		struct qir_block *b = p->blocks.data[bi];
		for (struct qir_inst *i = b->first, *next; i; i = next) {
			next = i->next;
			bool r4_dst = i->dst.file == QIR_FILE_TEMP &&
				      phys_number(r->temps[i->dst.index]) == 4;
			for (int s = 0; s < QIR_MAX_SRC; s++)
				if (i->src[s].file == QIR_FILE_TEMP)
					i->src[s].index = phys_number(r->temps[i->src[s].index]);
			if (i->dst.file == QIR_FILE_TEMP) {
				struct qir_phys_reg ph = r->temps[i->dst.index];
				i->dst = ph.file == QIR_PHYS_NONE ? qir_null() :
					 qir_reg(QIR_FILE_TEMP, phys_number(ph));
			}
			if ((qir_ops[i->op].flags & QIR_OPF_WRITES_R4) && !r4_dst)
				clobber_after(p, b, i, 4, 4);
			if (i->op == QIR_OP_THRSW)
				clobber_after(p, b, i, 0, 4);
		}
	}
	p->num_temps = 69;
	return p;
}

/* Runs both programs on the same inputs; their outputs must be equal.
 * Returns false for programs the executor cannot run (textures). */
static bool compare_runs(const char *name, const char *what, const struct qir_compile *before,
			 const struct qir_compile *after)
{
	for (uint32_t seed = 1; seed <= 4; seed++) {
		struct qeval a, b;
		char err[256];
		fill_inputs(&a, seed);
		fill_inputs(&b, seed);
		if (!qeval_run(before, &a, 1000000, err))
			return false;
		if (!qeval_run(after, &b, 1000000, err))
			fail_msg("%s: the program fails to run after %s: %s", name, what, err);
		if (memcmp(a.vpm_out, b.vpm_out, sizeof(a.vpm_out)) || a.nvpm_out != b.nvpm_out ||
		    memcmp(a.tlb_color, b.tlb_color, sizeof(a.tlb_color)) ||
		    memcmp(a.tlb_z, b.tlb_z, sizeof(a.tlb_z)) ||
		    memcmp(a.color_written, b.color_written, sizeof(a.color_written)) ||
		    memcmp(a.z_written, b.z_written, sizeof(a.z_written)))
			fail_msg("%s: outputs differ after %s (seed %u)", name, what, seed);
	}
	return true;
}
#endif

/* The whole back half on one file; true if the results were compared by
 * execution. */
static bool run_file(const char *dir, const char *file)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	size_t size;
	struct vc4_diag d = {0};
	char *text = vc4_read_file(path, &size, &d);
	if (!text)
		fail_msg("%s", d.msg);
	char *z = realloc(text, size + 1);
	assert_non_null(z);
	z[size] = '\0';
	struct qir_compile *orig = qt_parse(z), *c = qt_parse(z);
	free(z);
	qt_assert_valid(orig);
	uint32_t n0 = count_insts(c);
	if (!qir_optimize(c, &d))
		fail_msg("%s: %s", file, d.msg);
	uint32_t n1 = count_insts(c);
	qir_lower_uniforms(c);
	qt_assert_valid(c);
	struct qir_ra_result r;
	if (!qir_register_allocate(c, &r, &d))
		fail_msg("%s: %s", file, d.msg);
	qt_check_allocation(c, &r);
	bool compared = false;
#ifdef HAVE_QEVAL
	compared = compare_runs(file, "optimisation", orig, c);
	struct qir_compile *phys = physical_copy(c, &r);
	if (compared && !compare_runs(file, "register allocation", orig, phys))
		fail_msg("%s: the register-allocated program does not run", file);
	qir_compile_free(phys);
#endif
	printf("# %-28s %4u -> %4u instructions, %4u after uniform lowering and RA%s%s\n",
	       file, n0, n1, count_insts(c), r.threaded ? ", threaded" : "",
	       compared ? ", same results" : "");
	qir_ra_result_free(&r);
	qir_compile_free(orig);
	qir_compile_free(c);
	return compared;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void lowered_goldens(void **state)
{
	(void)state;
	DIR *dir = opendir(GOLDEN_DIR);
	if (!dir)
		skip();
	char *names[256];
	size_t n = 0;
	for (struct dirent *e; (e = readdir(dir)) && n < 256;) {
		size_t len = strlen(e->d_name);
		if (len > 4 && strcmp(e->d_name + len - 4, ".qir") == 0)
			names[n++] = strdup(e->d_name);
	}
	closedir(dir);
	qsort(names, n, sizeof(names[0]), by_name);
	size_t compared = 0;
	for (size_t i = 0; i < n; i++) {
		compared += run_file(GOLDEN_DIR, names[i]);
		free(names[i]);
	}
	printf("# %zu programs, %zu compared by execution\n", n, compared);
#ifdef HAVE_QEVAL
	assert_true(n == 0 || compared > 0);
#endif
}

#if defined(HAVE_LOWER) && defined(HAVE_QEVAL)
/* Random IR programs (ir_random_defaults: ifs, loops, textures, discard,
 * transcendental math), lowered, through the same back half, with the
 * uniform-only values hoisted to the host as the compile driver does (the
 * executor evaluates the host program); odd seeds compile fragment shaders
 * threaded. */
static void random_programs(void **state)
{
	(void)state;
	uint32_t n0 = 0, n1 = 0, threaded = 0, asked = 0, hoisted = 0;
	for (uint64_t seed = 1; seed <= 200; seed++) {
		struct ir_shader *sh = ir_random_program(seed, NULL);
		assert_non_null(sh);
		enum qir_stage stage = sh->stage == IR_STAGE_VERTEX ? QIR_STAGE_VERTEX :
				       QIR_STAGE_FRAGMENT;
		struct qir_shader_key key;
		qir_shader_key_init(&key, stage);
		key.threaded = stage == QIR_STAGE_FRAGMENT && (seed & 1);
		asked += key.threaded;
		struct vc4_diag d = {0};
		struct qir_compile *orig = qir_lower_shader(sh, NULL, &key, stage, &d);
		struct qir_compile *c = qir_lower_shader(sh, NULL, &key, stage, &d);
		if (!orig || !c)
			fail_msg("seed %llu: %s", (unsigned long long)seed, d.msg);
		char name[32];
		snprintf(name, sizeof(name), "seed %llu", (unsigned long long)seed);
		n0 += count_insts(c);
		if (!qir_optimize(c, &d))
			fail_msg("%s: %s", name, d.msg);
		if (qir_opt_host_uniforms(c) && !qir_optimize(c, &d))   /* as the driver */
			fail_msg("%s: after host uniforms: %s", name, d.msg);
		hoisted += c->host.len > 0;
		n1 += count_insts(c);
		qir_lower_uniforms(c);
		struct qir_ra_result r;
		if (!qir_register_allocate(c, &r, &d))
			fail_msg("%s: %s", name, d.msg);
		threaded += r.threaded;
		qt_check_allocation(c, &r);
		assert_true(compare_runs(name, "optimisation", orig, c));
		struct qir_compile *phys = physical_copy(c, &r);
		assert_true(compare_runs(name, "register allocation", orig, phys));
		qir_compile_free(phys);
		qir_ra_result_free(&r);
		qir_compile_free(orig);
		qir_compile_free(c);
		ir_shader_free(sh);
	}
	printf("# 200 random programs: %u -> %u instructions, %u of %u threaded requests "
	       "allocated threaded, %u with a host program\n", n0, n1, threaded, asked, hoisted);
	assert_true(hoisted > 0);
}
#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lowered_goldens),
#if defined(HAVE_LOWER) && defined(HAVE_QEVAL)
		cmocka_unit_test(random_programs),
#endif
	};
	return cmocka_run_group_tests_name("qir_pipeline", tests, NULL, NULL);
}
