/* test_ir_fuzz.c: a deterministic mutation fuzzer for the parser. Every
 * prefix of every docs/ir.md example, and thousands of seeded mutations of
 * them, must either parse or fail with a positioned message — never crash,
 * leak or read out of bounds (run under ASan/UBSan in the sanitizer build).
 * What parses must also print, re-parse to the same text, and interpret. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ir/ir.h"
#include "ir/ir_interp.h"
#include "ir/ir_random.h"
#include "ir_examples.h"

#define MUTATIONS 40000
#define MAX_SIZE 8192

static const char *docs_path;

struct stats {
	unsigned accepted, rejected;
};

static uint64_t rng_state = 0x1234abcd5678ef01ull;

/* xorshift64*: the fuzzer's only source of randomness (fixed seed). */
static uint32_t rnd(uint32_t n)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	uint64_t x = rng_state * 0x2545f4914f6cdd1dull;
	return n ? (uint32_t)((x >> 32) % n) : 0;
}

/* Accepted text must round-trip and run; rejected text must say where. */
static void check_input(const char *data, size_t size, struct stats *st)
{
	char *copy = malloc(size ? size : 1);   /* exact size: no NUL to lean on */
	assert_non_null(copy);
	memcpy(copy, data, size);
	struct vc4_diag d = { 0 };
	struct ir_shader *sh = ir_parse(copy, size, "fz", &d);
	free(copy);
	if (!sh) {
		st->rejected++;
		if (strncmp(d.msg, "fz:", 3) || strchr(d.msg, '\n'))
			fail_msg("badly formed message: %s", d.msg);
		return;
	}
	st->accepted++;
	char *text = ir_print(sh);
	assert_non_null(text);
	struct ir_shader *again = ir_parse(text, strlen(text), "fz", &d);
	if (!again)
		fail_msg("printed text does not parse: %s\n%s", d.msg, text);
	char *text2 = ir_print(again);
	assert_string_equal(text, text2);
	struct ir_interp_io io = { .slots = ir_interp_slots(sh), .max_steps = 2000 };
	assert_non_null(io.slots);
	vc4_diag_clear(&d);
	if (!ir_interpret(sh, &io, &d) && !strstr(d.msg, "step limit"))
		fail_msg("interpreter: %s", d.msg);
	free(io.slots);
	free(text);
	free(text2);
	ir_shader_free(sh);
	ir_shader_free(again);
}

static const char *const dictionary[] = {
	"{", "}", "} else {", "%a", "%0", "@x", "@color", "=", ",", "\n", " ", "#", "if %a {\n",
	"loop {\n", "break\n", "continue\n", "discard\n", "const", "vec4", "mat4", "bvec2",
	"0x1p-149", "nan:0x7fc00000", "-inf", "1e39", "-2147483648", "xyzw", "swizzle",
	"extract", "store @position, %p\n", "output position\n", "local int @i\n",
	"%z = const float 1\n", "\t", "\r\n", "\xff", "vertex\n", "fragment\n", "}\n}\n",
};

/* Applies one random edit to buf (len bytes, capacity MAX_SIZE). */
static size_t mutate(char *buf, size_t len, const struct ir_example *ex, size_t n)
{
	size_t pos = rnd((uint32_t)len + 1);
	switch (rnd(6)) {
	case 0:
		if (len)
			buf[rnd((uint32_t)len)] = (char)rnd(256);
		return len;
	case 1: {
		size_t cut = 1 + rnd(16);
		if (pos + cut > len)
			cut = len - pos;
		memmove(buf + pos, buf + pos + cut, len - pos - cut);
		return len - cut;
	}
	case 2: {
		const char *w = dictionary[rnd(sizeof(dictionary) / sizeof(dictionary[0]))];
		size_t wl = strlen(w);
		if (len + wl > MAX_SIZE)
			return len;
		memmove(buf + pos + wl, buf + pos, len - pos);
		memcpy(buf + pos, w, wl);
		return len + wl;
	}
	case 3: {   /* splice a piece of any example in */
		const struct ir_example *e = &ex[rnd((uint32_t)n)];
		size_t from = rnd((uint32_t)e->size), cnt = 1 + rnd(64);
		if (from + cnt > e->size)
			cnt = e->size - from;
		if (len + cnt > MAX_SIZE)
			return len;
		memmove(buf + pos + cnt, buf + pos, len - pos);
		memcpy(buf + pos, e->text + from, cnt);
		return len + cnt;
	}
	case 4:
		if (len)
			buf[rnd((uint32_t)len)] = "{}%@=,\n \t#0123456789.-xe"[rnd(25)];
		return len;
	default:    /* truncate */
		return pos;
	}
}

static void every_prefix_of_every_example(void **state)
{
	(void)state;
	size_t n = 0;
	struct ir_example *ex = ir_examples_load(docs_path, &n);
	assert_non_null(ex);
	struct stats st = { 0 };
	for (size_t k = 0; k < n; k++)
		for (size_t len = 0; len <= ex[k].size; len++)
			check_input(ex[k].text, len, &st);
	print_message("prefixes: %u accepted, %u rejected\n", st.accepted, st.rejected);
	assert_true(st.accepted >= n);
	assert_true(st.rejected > 1000);
	ir_examples_free(ex, n);
}

static void seeded_mutations(void **state)
{
	(void)state;
	size_t n = 0;
	struct ir_example *ex = ir_examples_load(docs_path, &n);
	assert_non_null(ex);
	struct stats st = { 0 };
	char *buf = malloc(MAX_SIZE);
	assert_non_null(buf);
	for (unsigned it = 0; it < MUTATIONS; it++) {
		const struct ir_example *e = &ex[rnd((uint32_t)n)];
		size_t len = e->size < MAX_SIZE ? e->size : MAX_SIZE;
		memcpy(buf, e->text, len);
		for (unsigned m = 0, count = 1 + rnd(4); m < count; m++)
			len = mutate(buf, len, ex, n);
		check_input(buf, len, &st);
	}
	print_message("mutations: %u accepted, %u rejected\n", st.accepted, st.rejected);
	assert_int_equal(st.accepted + st.rejected, MUTATIONS);
	assert_true(st.accepted > 100);
	assert_true(st.rejected > 1000);
	free(buf);
	ir_examples_free(ex, n);
}

/* Sets one random field of one random instruction to a random (often
 * boundary) value. */
static void corrupt(struct ir_shader *sh)
{
	static const uint32_t specials[] = { 0, 1, 2, 3, 4, 5, 16, 255, IR_NONE, 0x7fffffff };
	struct ir_instr *in = &sh->instrs.data[rnd((uint32_t)sh->instrs.len)];
	uint32_t v = rnd(2) ? specials[rnd(10)] : rnd((uint32_t)sh->values.len + 4);
	switch (rnd(9)) {
	case 0: in->op = (uint16_t)(rnd(2) ? rnd(IR_OP_COUNT + 2) : v); break;
	case 1: in->nsrc = (uint8_t)v; break;
	case 2: in->nimm = (uint8_t)v; break;
	case 3: in->dest = v; break;
	case 4: in->src[rnd(IR_MAX_SRC)] = v; break;
	case 5: in->slot = rnd(2) ? v : rnd((uint32_t)sh->decls.len + 1); break;
	case 6: in->type.base = (uint8_t)v; break;
	case 7: in->type.comps = (uint8_t)v; break;
	default: in->imm[rnd(4)].u = v; break;
	}
}

/* ir_validate is the gate for IR built by other passes: whatever one field
 * of one instruction holds, it must answer (with "NAME: instr N: ...")
 * without crashing, and what it accepts must print, parse and run. */
static void validator_survives_corrupted_instructions(void **state)
{
	(void)state;
	struct stats st = { 0 };
	for (uint64_t seed = 0; seed < 3000; seed++) {
		struct ir_shader *sh = ir_random_program(seed, NULL);
		assert_non_null(sh);
		for (unsigned m = 0, count = 1 + rnd(2); m < count; m++)
			corrupt(sh);
		struct vc4_diag d = { 0 };
		if (!ir_validate(sh, &d)) {
			st.rejected++;
			if (strncmp(d.msg, "random-", 7) || !strstr(d.msg, ": "))
				fail_msg("badly formed message: %s", d.msg);
			ir_shader_free(sh);
			continue;
		}
		st.accepted++;
		char *text = ir_print(sh);
		struct stats reparse = { 0 };
		assert_non_null(text);
		check_input(text, strlen(text), &reparse);
		assert_int_equal(reparse.accepted, 1);
		free(text);
		ir_shader_free(sh);
	}
	print_message("corruptions: %u accepted, %u rejected\n", st.accepted, st.rejected);
	assert_true(st.rejected > 1000);
}

int main(int argc, char **argv)
{
	docs_path = argc > 1 ? argv[1] : "docs/ir.md";
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_prefix_of_every_example),
		cmocka_unit_test(seeded_mutations),
		cmocka_unit_test(validator_survives_corrupted_instructions),
	};
	return cmocka_run_group_tests_name("ir_fuzz", tests, NULL, NULL);
}
