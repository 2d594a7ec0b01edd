/* simkernel_fixture.c: the valid default job of simkernel_fixture.h and the
 * CMocka hooks the validation tests share. */
#include "simkernel_fixture.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

/* thrend; nop; nop */
static const uint64_t nop_shader[] = {
	0x300009e7009e7000ull, 0x100009e7009e7000ull, 0x100009e7009e7000ull,
};
/* or tmu0_t, r0, r0; or tmu0_s, r0, r0; nop (load tmu0); thrend; nop; nop */
static const uint64_t tex_shader[] = {
	0x10020e67159e7000ull, 0x10020e27159e7000ull, 0xa00009e7009e7000ull,
	0x300009e7009e7000ull, 0x100009e7009e7000ull, 0x100009e7009e7000ull,
};

/* max ra0, r0, 0; min ra1, ra0, unif (clamp); add tmu0_s, ra1, unif (base);
 * nop (load tmu0); thrend; nop; nop */
static const uint64_t ubo_shader[] = {
	0xd0020027139c01c0ull, 0x1002006712020dc0ull, 0x10020e270c060dc0ull,
	0xa00009e7009e7000ull, 0x300009e7009e7000ull, 0x100009e7009e7000ull,
	0x100009e7009e7000ull,
};

/* load_imm ra0, 4; add unif_addr, ra0, unif; thrend; nop; nop */
static const uint64_t reset_shader[] = {
	0xe002002700000004ull, 0x10020a270c020dc0ull, 0x300009e7009e7000ull,
	0x100009e7009e7000ull, 0x100009e7009e7000ull,
};

static const uint32_t bo_sizes[FX_BO_COUNT] = {
	[FX_VERTS] = 4096, [FX_COLOR] = 65536, [FX_INDEX] = 4096, [FX_ZS] = 65536,
	[FX_TEX] = 65536, [FX_MSAA] = 65536,
};

struct fx *fx_create(void)
{
	struct fx *f = calloc(1, sizeof(*f));
	struct vc4_dev_options opts = { .backend = VC4_BACKEND_SIM };
	f->dev = vc4_dev_open(&opts, NULL);
	if (!f->dev)
		return NULL;
	f->k = vc4_dev_sim(f->dev);
	for (int i = 0; i < FX_BO_COUNT; i++) {
		const void *code = i == FX_SHADER ? (const void *)nop_shader :
				   i == FX_TEX_SHADER ? (const void *)tex_shader :
				   i == FX_UBO_SHADER ? (const void *)ubo_shader :
				   i == FX_RESET_SHADER ? (const void *)reset_shader : NULL;
		uint32_t size = i == FX_SHADER ? sizeof(nop_shader) :
				i == FX_TEX_SHADER ? sizeof(tex_shader) :
				i == FX_UBO_SHADER ? sizeof(ubo_shader) : sizeof(reset_shader);
		if (code)
			f->bo[i] = vc4_bo_alloc_shader(f->dev, code, size, NULL);
		else
			f->bo[i] = vc4_bo_alloc(f->dev, bo_sizes[i], "fixture", NULL);
		if (!f->bo[i])
			return NULL;
		f->handles[i] = f->bo[i]->handle;
	}
	fx_default(f);
	return f;
}

void fx_destroy(struct fx *f)
{
	if (!f)
		return;
	for (int i = 0; i < FX_BO_COUNT; i++)
		if (f->bo[i])
			vc4_bo_unref(f->bo[i]);
	vc4_dev_close(f->dev);
	free(f);
}

void fx_bin_head(struct fx *f, uint32_t tiles_x, uint32_t tiles_y)
{
	FX_BIN(f, TILE_BINNING_MODE_CONFIGURATION, .width_in_tiles = tiles_x,
	       .height_in_tiles = tiles_y);
	FX_BIN0(f, START_TILE_BINNING);
}

void fx_bin_tail(struct fx *f)
{
	FX_BIN0(f, INCREMENT_SEMAPHORE);
	FX_BIN0(f, FLUSH);
}

void fx_wr32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

uint32_t fx_rd32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

void fx_add_record(struct fx *f, uint32_t fs, uint32_t vs, uint32_t cs, uint32_t attr_bo,
		   uint32_t attr_offset, uint32_t stride, bool fs_single)
{
	const uint32_t idx[4] = { fs, vs, cs, attr_bo };
	for (int i = 0; i < 4; i++, f->rec_len += 4)
		fx_wr32(f->rec + f->rec_len, idx[i]);
	VC4_GL_SHADER_STATE_RECORD_pack(NULL, f->rec + f->rec_len,
		&(struct VC4_GL_SHADER_STATE_RECORD){
			.fragment_shader_is_single_threaded = fs_single,
			.vertex_shader_attribute_array_select_bits = 1,
			.vertex_shader_total_attributes_size = 12,
			.coordinate_shader_attribute_array_select_bits = 1,
			.coordinate_shader_total_attributes_size = 12 });
	f->rec_len += VC4_GL_SHADER_STATE_RECORD_length;
	VC4_ATTRIBUTE_RECORD_pack(NULL, f->rec + f->rec_len, &(struct VC4_ATTRIBUTE_RECORD){
		.vertex_base_memory_address = { .offset = attr_offset },
		.number_of_bytes_minus_1 = 11, .memory_stride = stride });
	f->rec_len += VC4_ATTRIBUTE_RECORD_length;
	f->args.shader_rec_count++;
}

void fx_add_uniform(struct fx *f, uint32_t v)
{
	fx_wr32(f->uni + f->uni_len, v);
	f->uni_len += 4;
}

static const struct drm_vc4_submit_rcl_surface no_surface = { .hindex = ~0u };

void fx_default(struct fx *f)
{
	f->bin_len = f->rec_len = f->uni_len = 0;
	f->args = (struct drm_vc4_submit_cl){
		.bo_handle_count = FX_BO_COUNT, .width = 64, .height = 64,
		.color_read = no_surface, .zs_read = no_surface, .zs_write = no_surface,
		.msaa_color_write = no_surface, .msaa_zs_write = no_surface,
		.color_write = { .hindex = FX_COLOR, .bits = 0x0004 /* RGBA8888, raster */ },
	};
	fx_bin_head(f, 1, 1);
	FX_BIN(f, GL_SHADER_STATE, .number_of_attribute_arrays = 1);
	FX_BIN(f, VERTEX_ARRAY_PRIMITIVES, .primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES,
	       .length = 3, .index_of_first_vertex = 0);
	fx_bin_tail(f);
	fx_add_record(f, FX_SHADER, FX_SHADER, FX_SHADER, FX_VERTS, 0, 12, true);
}

int fx_submit(struct fx *f)
{
	struct drm_vc4_submit_cl *a = &f->args;
	a->bin_cl = (uintptr_t)f->bin;
	a->bin_cl_size = f->bin_len;
	a->shader_rec = (uintptr_t)f->rec;
	a->shader_rec_size = f->rec_len;
	a->uniforms = (uintptr_t)f->uni;
	a->uniforms_size = f->uni_len;
	a->bo_handles = (uintptr_t)f->handles;
	return vc4_dev_ioctl(f->dev, DRM_IOCTL_VC4_SUBMIT_CL, a);
}

const char *fx_error(const struct fx *f)
{
	return sim_kernel_last_error(f->k);
}

int fx_setup(void **state)
{
	*state = fx_create();
	return *state ? 0 : -1;
}

int fx_teardown(void **state)
{
	fx_destroy(*state);
	return 0;
}

int fx_reset(void **state)
{
	fx_default(*state);
	return 0;
}

void fx_reject(struct fx *f, const char *msg)
{
	uint32_t used = sim_kernel_bytes_used(f->k);
	assert_int_equal(fx_submit(f), -EINVAL);
	assert_string_equal(fx_error(f), msg);
	assert_int_equal(sim_kernel_bytes_used(f->k), used);
}
