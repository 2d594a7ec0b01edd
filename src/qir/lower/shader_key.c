/*
 * shader_key.c: the format tables, defaults, range checks, canonical bytes,
 * hash and equality of struct qir_shader_key.
 */
#include <string.h>

#include "qir/lower/shader_key.h"

/* Byte order of the tile-buffer pixel per render-target type. RGBA8888:
 * byte 0 = R (the memory order of the hardware's RGBA8888 type). BGR565:
 * the TLB still holds 32 bits; the tile store keeps bytes 0..2 as R, G, B
 * and there is no alpha (Mesa's format table, docs/lowering.md). */
const struct qir_rt_format_info qir_rt_formats[QIR_RT_FORMAT_COUNT] = {
	[QIR_RT_RGBA8888] = { "rgba8888", { QIR_SWZ_X, QIR_SWZ_Y, QIR_SWZ_Z, QIR_SWZ_W },
			      3, true },
	[QIR_RT_BGR565] = { "bgr565", { QIR_SWZ_X, QIR_SWZ_Y, QIR_SWZ_Z, QIR_SWZ_ONE },
			    3, false },
};

const struct qir_attr_format_info qir_attr_formats[QIR_ATTR_FORMAT_COUNT] = {
	[QIR_ATTR_FLOAT] = { "float", 4 },
	[QIR_ATTR_UNORM8] = { "unorm8", 1 },
	[QIR_ATTR_UINT8] = { "uint8", 1 },
	[QIR_ATTR_SNORM16] = { "snorm16", 2 },
	[QIR_ATTR_SINT16] = { "sint16", 2 },
};

void qir_shader_key_init(struct qir_shader_key *key, enum qir_stage stage)
{
	memset(key, 0, sizeof(*key));
	key->stage = (uint8_t)stage;
	key->blend.rgb_src = key->blend.alpha_src = QIR_BF_ONE;
	key->blend.rgb_dst = key->blend.alpha_dst = QIR_BF_ZERO;
	key->color_mask = 0xf;
	key->logic_op = QIR_LOGIC_COPY;
	for (unsigned s = 0; s < QIR_KEY_MAX_SAMPLERS; s++)
		for (unsigned i = 0; i < 4; i++)
			key->tex_swizzle[s][i] = (uint8_t)i;
}

/* Range check of one enum-valued byte. */
static bool check_range(struct vc4_diag *diag, const char *what, unsigned index,
			unsigned value, unsigned count)
{
	if (value < count)
		return true;
	return vc4_diag_set(diag, "shader key: %s[%u] = %u is out of range (0..%u)", what,
			    index, value, count - 1);
}

bool qir_shader_key_check(const struct qir_shader_key *key, struct vc4_diag *diag)
{
	const struct qir_blend_state *b = &key->blend;
	bool ok = check_range(diag, "stage", 0, key->stage, 3);
	for (unsigned i = 0; i < QIR_KEY_MAX_ATTRS; i++)
		ok = ok && check_range(diag, "attr_format", i, key->attr_format[i],
				       QIR_ATTR_FORMAT_COUNT);
	ok = ok && check_range(diag, "blend.rgb_eq", 0, b->rgb_eq, QIR_BLEND_EQ_COUNT) &&
	     check_range(diag, "blend.alpha_eq", 0, b->alpha_eq, QIR_BLEND_EQ_COUNT) &&
	     check_range(diag, "blend.rgb_src", 0, b->rgb_src, QIR_BF_COUNT) &&
	     check_range(diag, "blend.rgb_dst", 0, b->rgb_dst, QIR_BF_COUNT) &&
	     check_range(diag, "blend.alpha_src", 0, b->alpha_src, QIR_BF_COUNT) &&
	     check_range(diag, "blend.alpha_dst", 0, b->alpha_dst, QIR_BF_COUNT) &&
	     check_range(diag, "color_mask", 0, key->color_mask, 16) &&
	     check_range(diag, "logic_op", 0, key->logic_op, QIR_LOGIC_COUNT) &&
	     check_range(diag, "rt_format", 0, key->rt_format, QIR_RT_FORMAT_COUNT);
	if (ok && key->is_points && key->is_lines)
		ok = vc4_diag_set(diag, "shader key: is_points and is_lines are both set");
	for (unsigned i = 0; ok && i < QIR_KEY_MAX_VARYINGS; i++)
		ok = check_range(diag, "back_varying", i, key->back_varying[i],
				 QIR_KEY_MAX_VARYINGS + 1);
	for (unsigned s = 0; ok && s < QIR_KEY_MAX_SAMPLERS; s++)
		for (unsigned i = 0; ok && i < 4; i++)
			ok = check_range(diag, "tex_swizzle", s * 4 + i, key->tex_swizzle[s][i],
					 QIR_SWZ_COUNT);
	return ok;
}

/* Appends n bytes to the canonical form. */
static size_t put(uint8_t *buf, size_t len, const void *src, size_t n)
{
	memcpy(buf + len, src, n);
	return len + n;
}

size_t qir_shader_key_bytes(const struct qir_shader_key *key, uint8_t buf[QIR_KEY_BYTES_MAX])
{
	size_t n = 0;
	buf[n++] = key->stage;
	if (key->stage != QIR_STAGE_FRAGMENT) {
		n = put(buf, n, key->attr_format, sizeof(key->attr_format));
		buf[n++] = key->point_size;
		return n;
	}
	const struct qir_blend_state *b = &key->blend;
	uint8_t f[] = {
		b->enable, b->enable ? b->rgb_eq : 0, b->enable ? b->alpha_eq : 0,
		b->enable ? b->rgb_src : 0, b->enable ? b->rgb_dst : 0,
		b->enable ? b->alpha_src : 0, b->enable ? b->alpha_dst : 0,
		key->color_mask, key->logic_op_enable,
		key->logic_op_enable ? key->logic_op : 0, key->rt_format,
		key->depth_enabled, key->stencil_enabled, key->stencil_twoside,
		key->stencil_writemask, key->is_points, key->is_lines, key->threaded,
		(uint8_t)key->flat_varyings, (uint8_t)(key->flat_varyings >> 8),
		(uint8_t)(key->flat_varyings >> 16), (uint8_t)(key->flat_varyings >> 24),
	};
	n = put(buf, n, f, sizeof(f));
	n = put(buf, n, key->back_varying, sizeof(key->back_varying));
	n = put(buf, n, key->tex_swizzle, sizeof(key->tex_swizzle));
	return n;
}

uint32_t qir_shader_key_hash(const struct qir_shader_key *key)
{
	uint8_t buf[QIR_KEY_BYTES_MAX];
	size_t n = qir_shader_key_bytes(key, buf);
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ buf[i]) * 16777619u;
	return h;
}

bool qir_shader_key_equal(const struct qir_shader_key *a, const struct qir_shader_key *b)
{
	uint8_t ba[QIR_KEY_BYTES_MAX], bb[QIR_KEY_BYTES_MAX];
	size_t na = qir_shader_key_bytes(a, ba), nb = qir_shader_key_bytes(b, bb);
	return na == nb && memcmp(ba, bb, na) == 0;
}
