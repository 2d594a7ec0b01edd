/* v8_ref.h: the per-byte MUL ops (v8adds, v8subs, v8min, v8max, v8muld)
 * one byte at a time, the tests' reference for the simulator's vector and
 * word-at-a-time forms. */
#ifndef VC4_TESTS_SIM_V8_REF_H
#define VC4_TESTS_SIM_V8_REF_H

#include <stdint.h>

/* Op `kind` (0-4: adds, subs, min, max, muld) of each byte of a and b. */
static inline uint32_t v8_ref(unsigned kind, uint32_t a, uint32_t b)
{
	uint32_t r = 0;
	for (int k = 0; k < 32; k += 8) {
		unsigned x = (a >> k) & 0xff, y = (b >> k) & 0xff, v;
		switch (kind) {
		case 0: v = x + y > 255 ? 255 : x + y; break;
		case 1: v = x > y ? x - y : 0; break;
		case 2: v = x < y ? x : y; break;
		case 3: v = x > y ? x : y; break;
		default: v = (x * y + 127) / 255; break;
		}
		r |= v << k;
	}
	return r;
}

#endif
