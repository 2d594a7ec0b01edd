/*
 * simkernel_fixture.h: a valid SUBMIT_CL built through the real API (vc4_dev,
 * vc4_bo on the simulator backend; CLs and records packed with the generated
 * vc4_packets.h functions) that each test breaks in exactly one way.
 *
 * The default job: a 64x64 RGBA8888 raster colour buffer, one 1x1-tile bin
 * CL with one GL shader state (one attribute, 12-byte stride) drawing one
 * triangle, no uniforms. BO list: see enum fx_bo.
 */
#ifndef VC4_TESTS_SIMKERNEL_FIXTURE_H
#define VC4_TESTS_SIMKERNEL_FIXTURE_H

#include <stdint.h>
#include <vc4_drm.h>

#include "bo/vc4_bo.h"
#include "dev/vc4_dev.h"
#include "sim/kernel/sim_kernel.h"
#include "vc4_packets.h"

enum fx_bo {
	FX_SHADER,     /* the 3-instruction do-nothing shader */
	FX_VERTS,      /* 4096 bytes */
	FX_COLOR,      /* 64 KiB */
	FX_INDEX,      /* 4096 bytes */
	FX_ZS,         /* 64 KiB */
	FX_TEX_SHADER, /* one 2D texture lookup (P0, P1) */
	FX_TEX,        /* 64 KiB */
	FX_MSAA,       /* 64 KiB */
	FX_UBO_SHADER, /* one direct (UBO) read: clamp uniform, then base uniform */
	FX_RESET_SHADER, /* one uniform address reset (its uniform is the slot) */
	FX_BO_COUNT
};

struct fx {
	struct vc4_dev *dev;
	struct sim_kernel *k;
	struct vc4_bo *bo[FX_BO_COUNT];
	uint32_t handles[FX_BO_COUNT];
	uint8_t bin[512];
	uint32_t bin_len;
	uint8_t rec[1024];
	uint32_t rec_len;
	uint8_t uni[256];
	uint32_t uni_len;
	struct drm_vc4_submit_cl args;
};

/* Packs packet NAME with the given fields at the end of buffer `buf`. */
#define FX_PUT(buf, len, NAME, ...) do { \
	VC4_##NAME##_pack(NULL, (buf) + (len), \
			  &(struct VC4_##NAME){ VC4_##NAME##_header, __VA_ARGS__ }); \
	(len) += VC4_##NAME##_length; \
} while (0)
#define FX_BIN(f, NAME, ...) FX_PUT((f)->bin, (f)->bin_len, NAME, __VA_ARGS__)
/* A packet without fields. */
#define FX_BIN0(f, NAME) do { \
	VC4_##NAME##_pack(NULL, (f)->bin + (f)->bin_len, \
			  &(struct VC4_##NAME){ VC4_##NAME##_header }); \
	(f)->bin_len += VC4_##NAME##_length; \
} while (0)

struct fx *fx_create(void);
void fx_destroy(struct fx *f);

/* Resets the job to the valid default. */
void fx_default(struct fx *f);
/* Bin CL pieces of the default. */
void fx_bin_head(struct fx *f, uint32_t tiles_x, uint32_t tiles_y);
void fx_bin_tail(struct fx *f);
/* Appends one shader record (indices then the packed record). */
void fx_add_record(struct fx *f, uint32_t fs, uint32_t vs, uint32_t cs, uint32_t attr_bo,
		   uint32_t attr_offset, uint32_t stride, bool fs_single);
void fx_add_uniform(struct fx *f, uint32_t v);

/* Submits the job: 0 or -errno. */
int fx_submit(struct fx *f);
/* The kernel's reason for the last failure. */
const char *fx_error(const struct fx *f);

/* Little-endian words in CL, record and uniform bytes. */
void fx_wr32(uint8_t *p, uint32_t v);
uint32_t fx_rd32(const uint8_t *p);

/* CMocka hooks: the group's fixture (state is the struct fx), and the
 * per-test reset to the valid default. */
int fx_setup(void **state);
int fx_teardown(void **state);
int fx_reset(void **state);
/* Submits and expects -EINVAL with exactly `msg`; asserts that nothing of
 * the job stays allocated in the kernel. */
void fx_reject(struct fx *f, const char *msg);

#endif
