/* test_sim_sfu.c: the SFU's fast paths (src/sim/sim_sfu.c: on x86 recip
 * and recipsqrt in round-toward-zero, exp2/log2 double approximations with
 * libm for the undecided lanes; on the portable path, also built here as
 * test_sim_sfu_portable, recipsqrt/exp2/log2 in integers) and the
 * fadd/fsub/fmul lane loops with their Inf/NaN fallback
 * (src/sim/sim_lanes.h) against the reference definitions of docs/sim.md,
 * written here again per lane: random and edge inputs, a sweep of the
 * float space and the words near exact results, every SFU model, inside
 * sim_fpu_enter() and outside it; the MUL unit's unorm8 pack of 16
 * lanes (sim_lanes_pack_mul(): in integers on the portable path) against
 * the ISA module's qpu_pack_unorm8(). */
#include <fenv.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "sim/sim_alu.h"
#include "sim/sim_lanes.h"

static uint32_t bits_of(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static float float_of(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* Deterministic pseudo-random words (xorshift32). */
static uint32_t next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* The SFU of docs/sim.md for one lane, the host in round-to-nearest:
 * denormal inputs as zero, the special operands, else the exact value (a
 * double, libm for exp2/log2) truncated to a float (overflow +-Inf,
 * underflow 0), then to the model's bits. */
static uint32_t ref_sfu(enum sim_sfu_func func, enum sim_sfu_model model, uint32_t x)
{
	static const uint32_t keep[] = { 0xffffff00u, 0xfffffc00u, 0xffffffffu };
	if (!(x & 0x7f800000u))
		x &= 0x80000000u;
	uint32_t s = x & 0x80000000u, mag = x & 0x7fffffffu;
	bool zero = mag == 0, inf = mag >= 0x7f800000u;
	switch (func) {
	case SIM_SFU_RECIP:
		if (zero)
			return s | 0x7f800000u;
		if (inf || (x >> 23 & 0xff) >= 253)
			return s;
		break;
	case SIM_SFU_RECIPSQRT:
		if (zero || inf)
			return zero ? 0x7f800000u : 0;
		break;
	case SIM_SFU_EXP2:
		if (zero)
			return 0x3f800000u;
		if (inf)
			return s ? 0 : 0x7f800000u;
		break;
	default:
		if (zero || inf)
			return zero ? 0xff800000u : 0x7f800000u;
		break;
	}
	double v = (double)float_of(x);
	double r = func == SIM_SFU_RECIP ? 1.0 / v
		 : func == SIM_SFU_RECIPSQRT ? 1.0 / sqrt(fabs(v))
		 : func == SIM_SFU_EXP2 ? exp2(v) : log2(fabs(v));
	if (fabs(r) > 3.4028234663852886e38)
		return (r < 0 ? 0x80000000u : 0) | 0x7f800000u;
	uint64_t d;
	memcpy(&d, &r, 8);
	int e = (int)((d >> 52) & 0x7ff) - 1023 + 127;
	if (e <= 0)
		return 0;
	uint32_t f = (uint32_t)(d >> 63) << 31 | (uint32_t)e << 23 | (uint32_t)((d >> 29) & 0x7fffff);
	return f & keep[model];
}

/* Inputs for `func`: edges (the fast paths' range limits, exact results,
 * values near 1) and random words, random floats of a useful range. */
static void inputs(enum sim_sfu_func func, uint32_t *seed, uint32_t *in, unsigned n)
{
	static const float edge[] = {
		-200.0f, -127.0f, -126.5f, -126.0f, -125.99999f, -125.5f, -1.0f, -0.5f, 0.0f,
		1e-30f, -1e-30f, 1e-7f, -1e-7f, 0.5f, 1.0f, 2.0f, 3.0f, 0.75f, 1.0000001f,
		0.99999994f, 1.4142135f, 1.4142137f, 0.70710677f, 126.0f, 126.99999f, 127.0f,
		127.5f, 127.99999f, 128.0f, 129.0f, 3.4e38f, 1.2e-38f, 1e-40f,
	};
	unsigned ne = sizeof(edge) / sizeof(edge[0]);
	for (unsigned i = 0; i < n; i++) {
		uint32_t r = next(seed);
		if (i < ne)
			in[i] = bits_of(edge[i]);
		else if (i < 2 * ne)
			in[i] = bits_of(edge[i - ne]) ^ 0x80000000u;
		else if (i % 3 == 0)
			in[i] = r;
		else if (func == SIM_SFU_EXP2)
			in[i] = bits_of((float)((int32_t)r % 140000) / 1000.0f);
		else
			in[i] = bits_of(ldexpf((float)(r >> 8), (int)(r & 63) - 48));
	}
}

/* Every function and model, 16 lanes at a time, against ref_sfu(): through
 * sim_sfu_vec_rtz() in round-toward-zero (the interpreter) and through
 * sim_sfu_vec() and sim_sfu() in round-to-nearest. */
static void sfu_against_reference(void **state)
{
	(void)state;
	enum { N = 48000 };
	static uint32_t in[N];
	uint32_t seed = 0x12345678u;
	for (unsigned func = 0; func < 4; func++) {
		inputs((enum sim_sfu_func)func, &seed, in, N);
		for (unsigned model = 0; model < 3; model++) {
			for (unsigned base = 0; base < N; base += 16) {
				uint32_t a[16], b[16];
				struct sim_fpu_env env;
				sim_fpu_enter(&env);
				sim_sfu_vec_rtz(func, model, in + base, a);
				sim_fpu_leave(&env);
				sim_sfu_vec(func, model, in + base, b);
				for (unsigned i = 0; i < 16; i++) {
					uint32_t want = ref_sfu(func, model, in[base + i]);
					if (a[i] != want || b[i] != want)
						fail_msg("func %u model %u x 0x%08x: rtz 0x%08x, "
							 "nearest 0x%08x, want 0x%08x", func, model,
							 in[base + i], a[i], b[i], want);
				}
			}
			assert_int_equal(sim_sfu(func, model, in[N - 1]),
					 ref_sfu(func, model, in[N - 1]));
		}
	}
}

/* Checks 16 inputs of `func` through sim_sfu_vec() against ref_sfu() for
 * every model. */
static void check_vec(enum sim_sfu_func func, const uint32_t *in)
{
	for (unsigned model = 0; model < 3; model++) {
		uint32_t out[16];
		sim_sfu_vec(func, model, in, out);
		for (unsigned i = 0; i < 16; i++) {
			uint32_t want = ref_sfu(func, model, in[i]);
			if (out[i] != want)
				fail_msg("func %u model %u x 0x%08x: 0x%08x, want 0x%08x", func,
					 model, in[i], out[i], want);
		}
	}
}

/* Every function on a sweep of the float space (65536 words at a prime
 * stride: every exponent, both signs) and on the words within 64 ulps of
 * the inputs whose results are exact or near a truncation boundary (the
 * integer paths' margin tests): exp2 near integers and near 0, log2 near
 * powers of two, recipsqrt near powers of 4. */
static void sfu_sweep(void **state)
{
	(void)state;
	static const float centre[] = {
		0.0f, 1.0f, -1.0f, 2.0f, -2.0f, 3.0f, 0.5f, 0.25f, 4.0f, 16.0f, 1024.0f,
		0x1p-40f, 0x1p-100f, 0x1p100f, -126.0f, 127.0f, 100.0f, -100.0f,
	};
	/* words whose integer approximation lies within the margin of a
	 * truncation boundary and truncates wrongly (recipsqrt, exp2, log2
	 * rows; found by the exhaustive check, docs/sim.md "SFU") */
	static const uint32_t margin[3][16] = {
		{ 0x3e029cb8u, 0x3e02a89eu, 0x3e061ed3u, 0x3e0c0f36u, 0x3e0ca6ffu, 0x3e0d1d55u,
		  0x3e0db4f7u, 0x3e100012u, 0xbe11827du, 0xbe13bd89u, 0xbe1641cau, 0xbe18e5f2u,
		  0xbe029cb8u, 0xbe02a89eu, 0xbe061ed3u, 0xbe0c0f36u },
		{ 0x3e02dd69u, 0x3e0315fau, 0x3e035d23u, 0x3e039985u, 0x3e06705eu, 0x3e0681fcu,
		  0x3e08121au, 0x3e08af38u, 0xbe00471fu, 0xbe00c65bu, 0xbe00e44au, 0xbe0212a9u,
		  0xbe02f534u, 0xbe044412u, 0xbe04494cu, 0xbe048bb2u },
		{ 0x3e000000u, 0x3e800000u, 0x3f000000u, 0x3f207ab9u, 0x3f767cfau, 0x3f7fffc7u,
		  0x3f800000u, 0x3f80079bu, 0x3fa07ab9u, 0xbe000000u, 0xbe800000u, 0xbf207ab9u,
		  0xbf767cfau, 0xbf7fffc7u, 0xbf80079bu, 0xbfa07ab9u },
	};
	for (unsigned func = 0; func < 4; func++) {
		uint32_t in[16];
		for (unsigned r = 0; r < 3; r++)
			check_vec(func, margin[r]);
		for (uint32_t i = 0; i < 65536; i++) {
			in[i % 16] = i * 65521u + func;
			if (i % 16 == 15)
				check_vec(func, in);
		}
		for (unsigned c = 0; c < sizeof(centre) / sizeof(centre[0]); c++)
			for (uint32_t k = 0; k < 128; k += 16) {
				for (uint32_t i = 0; i < 16; i++)
					in[i] = bits_of(centre[c]) + k + i - 64;
				check_vec(func, in);
			}
	}
}

/* The reference fadd (docs/sim.md): denormals and -0 as +0, an Inf or NaN
 * operand gives +-Inf with its sign (the second operand checked first), the
 * sum toward zero (the host switched to round-toward-zero here: volatile,
 * so that the compiler does not move the sum across fesetround()),
 * denormal results +0. */
static uint32_t ref_fadd(uint32_t a, uint32_t b)
{
	if ((b & 0x7f800000u) == 0x7f800000u)
		return (b & 0x80000000u) | 0x7f800000u;
	if ((a & 0x7f800000u) == 0x7f800000u)
		return (a & 0x80000000u) | 0x7f800000u;
	float fa = (a & 0x7f800000u) ? float_of(a) : 0.0f;
	float fb = (b & 0x7f800000u) ? float_of(b) : 0.0f;
	volatile float va = fa, vb = fb, sum;
	int mode = fegetround();
	fesetround(FE_TOWARDZERO);
	sum = va + vb;
	fesetround(mode);
	uint32_t r = bits_of(sum);
	return (r & 0x7f800000u) ? r : 0;
}

/* The reference fmul toward zero: a zero or denormal operand gives +0, else
 * an Inf or NaN operand +-Inf with the product's sign, else the product
 * toward zero (the host switched to that mode) with denormal results +0. */
static uint32_t ref_fmul(uint32_t a, uint32_t b)
{
	if (!(a & 0x7f800000u) || !(b & 0x7f800000u))
		return 0;
	if ((a & 0x7f800000u) == 0x7f800000u || (b & 0x7f800000u) == 0x7f800000u)
		return ((a ^ b) & 0x80000000u) | 0x7f800000u;
	volatile float va = float_of(a), vb = float_of(b), prod;
	int mode = fegetround();
	fesetround(FE_TOWARDZERO);
	prod = va * vb;
	fesetround(mode);
	uint32_t r = bits_of(prod);
	return (r & 0x7f800000u) ? r : 0;
}

/* A random operand: mostly ordinary floats, sometimes a zero, denormal,
 * Inf, NaN, or a huge or tiny value (overflow and underflow). */
static uint32_t operand(uint32_t *seed)
{
	uint32_t r = next(seed), s = r & 0x80000000u;
	switch (next(seed) % 16) {
	case 0: return s;
	case 1: return s | (r & 0x7fffffu);
	case 2: return s | 0x7f800000u;
	case 3: return s | 0x7f800000u | (r & 0x7fffffu) | 1;
	case 4: return s | 0x7e800000u | (r & 0x7fffffu);
	case 5: return s | 0x00800000u | (r & 0x7fffffu);
	default: return s | (0x3c000000u + (r & 0x07ffffffu));
	}
}

/* fadd, fsub and fmul (toward zero) on 16 lanes against the per-lane
 * references, with carries, for vectors with no special lane (the fast
 * loops' only pass) and with some (their fallback). */
static void float_lanes_against_reference(void **state)
{
	(void)state;
	uint32_t seed = 0x9e3779b9u;
	for (unsigned round = 0; round < 3000; round++) {
		uint32_t a[16], b[16], r[3][16], c[3][16];
		for (unsigned i = 0; i < 16; i++) {
			a[i] = operand(&seed);
			b[i] = operand(&seed);
			if (round % 2 == 0) { /* finite lanes only */
				a[i] = (a[i] & 0x7f800000u) == 0x7f800000u ? 0x3f800000u : a[i];
				b[i] = (b[i] & 0x7f800000u) == 0x7f800000u ? 0xc0000000u : b[i];
			}
		}
		struct sim_fpu_env env;
		sim_fpu_enter(&env);
		sim_alu_add(QPU_A_FADD, a, b, r[0], c[0]);
		sim_alu_add(QPU_A_FSUB, a, b, r[1], c[1]);
		sim_alu_mul(QPU_M_FMUL, SIM_FMUL_RTZ, a, b, r[2], c[2]);
		uint32_t want[3][16];
		for (unsigned i = 0; i < 16; i++) {
			want[0][i] = ref_fadd(a[i], b[i]);
			want[1][i] = ref_fadd(a[i], b[i] ^ 0x80000000u);
			want[2][i] = ref_fmul(a[i], b[i]);
		}
		sim_fpu_leave(&env);
		for (unsigned k = 0; k < 3; k++)
			for (unsigned i = 0; i < 16; i++) {
				if (r[k][i] != want[k][i])
					fail_msg("op %u a 0x%08x b 0x%08x: 0x%08x, want 0x%08x", k,
						 a[i], b[i], r[k][i], want[k][i]);
				assert_int_equal(c[k][i], (int32_t)want[k][i] > 0);
			}
	}
}

/* sim_lanes_pack_mul() against qpu_pack_unorm8() for every mode: each
 * exponent with 4,096 spread significands and the edge ones, the floats
 * next to every (k + 1/2) / 255 (where the rounding turns), and the
 * specials (zeros, denormals, negatives, 1.0 and above, Inf, NaN). */
static void pack_unorm8_lanes(void **state)
{
	(void)state;
	uint32_t in[16], n = 0, checked = 0;
	uint32_t seed = 0x2545f491u;
	for (uint64_t w = 0; w <= 0xffffffffu; w += 1u << 10) {
		uint32_t words[4] = { (uint32_t)w, (uint32_t)w + 1, (uint32_t)w + 1023,
				      (uint32_t)w + (operand(&seed) & 1023) };
		for (unsigned j = 0; j < 4; j++) {
			in[n++] = words[j];
			if (n < 16)
				continue;
			for (unsigned mode = QPU_PACK_MUL_8888; mode <= QPU_PACK_MUL_8D; mode++) {
				uint32_t out[16], mask, want_mask;
				sim_lanes_pack_mul(mode, in, out, &mask);
				for (unsigned i = 0; i < 16; i++) {
					uint32_t want = sim_pack_mul((enum qpu_pack_mul)mode, in[i],
								     &want_mask);
					if (out[i] != want)
						fail_msg("mode %u 0x%08x: 0x%08x, want 0x%08x", mode,
							 in[i], out[i], want);
					assert_int_equal(mask, want_mask);
				}
			}
			checked += 16;
			n = 0;
		}
	}
	for (unsigned k = 0; k < 255; k++) { /* the floats around (k + 1/2) / 255 */
		uint32_t mid = bits_of((float)(((double)k + 0.5) / 255.0)), out[16], mask;
		for (uint32_t d = 0; d < 16; d++)
			in[d] = mid - 8 + d;
		sim_lanes_pack_mul(QPU_PACK_MUL_8888, in, out, &mask);
		for (unsigned i = 0; i < 16; i++)
			assert_int_equal(out[i], qpu_pack_unorm8(in[i]) * 0x01010101u);
		checked += 16;
	}
	assert_int_equal(checked, (1u << 24) + 255 * 16);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sfu_against_reference),
		cmocka_unit_test(sfu_sweep),
		cmocka_unit_test(float_lanes_against_reference),
		cmocka_unit_test(pack_unorm8_lanes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
