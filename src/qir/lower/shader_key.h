/*
 * shader_key.h: the draw-time state that changes a shader's code (the "key"),
 * with a canonical hash and equality for the driver's program cache.
 *
 * The same IR compiled with two different keys gives two different programs:
 * vc4 has no fixed-function blender, no attribute format converter and no
 * texture swizzle unit, so blending, colour masks, logic ops, the render
 * target's byte order, attribute conversion and texture swizzles are all
 * compiled into the shaders (docs/lowering.md, "Shader keys").
 *
 * A key is plain data: start from qir_shader_key_init() (the GL defaults) and
 * change fields. Only the fields of the key's stage take part in the hash and
 * the equality (a vertex key ignores the blend state), so callers need not
 * clear the other stage's fields.
 */
#ifndef VC4_QIR_LOWER_SHADER_KEY_H
#define VC4_QIR_LOWER_SHADER_KEY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "qir/qir.h"

#define QIR_KEY_MAX_ATTRS 8      /* the shader record has 8 attribute slots */
#define QIR_KEY_MAX_SAMPLERS 16
#define QIR_KEY_MAX_VARYINGS 32  /* varying declarations of one shader */
/* The largest width and height of a render target or texture (the driver
 * refuses larger: a job must fit the kernel's binner slot, and the texture
 * words' image width and height fields are 11 bits). Fragment coordinates
 * and the render height (the GLSL front end's gl_RenderHeight) stay within
 * it, which the range analysis of floor/fract uses (lower_range.c). */
#define QIR_KEY_MAX_DIM 2048

/* GL ES 2 blend equations (plus min/max). */
enum qir_blend_eq {
	QIR_BLEND_ADD = 0,
	QIR_BLEND_SUBTRACT,          /* src*sf - dst*df */
	QIR_BLEND_REVERSE_SUBTRACT,  /* dst*df - src*sf */
	QIR_BLEND_MIN,               /* min(src, dst), factors ignored */
	QIR_BLEND_MAX,
	QIR_BLEND_EQ_COUNT
};

/* GL ES 2 blend factors. */
enum qir_blend_factor {
	QIR_BF_ZERO = 0, QIR_BF_ONE,
	QIR_BF_SRC_COLOR, QIR_BF_ONE_MINUS_SRC_COLOR,
	QIR_BF_DST_COLOR, QIR_BF_ONE_MINUS_DST_COLOR,
	QIR_BF_SRC_ALPHA, QIR_BF_ONE_MINUS_SRC_ALPHA,
	QIR_BF_DST_ALPHA, QIR_BF_ONE_MINUS_DST_ALPHA,
	QIR_BF_CONSTANT_COLOR, QIR_BF_ONE_MINUS_CONSTANT_COLOR,
	QIR_BF_CONSTANT_ALPHA, QIR_BF_ONE_MINUS_CONSTANT_ALPHA,
	QIR_BF_SRC_ALPHA_SATURATE,
	QIR_BF_COUNT
};

/* Logic ops (desktop GL numbering order: CLEAR .. SET). */
enum qir_logic_op {
	QIR_LOGIC_CLEAR = 0, QIR_LOGIC_AND, QIR_LOGIC_AND_REVERSE, QIR_LOGIC_COPY,
	QIR_LOGIC_AND_INVERTED, QIR_LOGIC_NOOP, QIR_LOGIC_XOR, QIR_LOGIC_OR,
	QIR_LOGIC_NOR, QIR_LOGIC_EQUIV, QIR_LOGIC_INVERT, QIR_LOGIC_OR_REVERSE,
	QIR_LOGIC_COPY_INVERTED, QIR_LOGIC_OR_INVERTED, QIR_LOGIC_NAND, QIR_LOGIC_SET,
	QIR_LOGIC_COUNT
};

/* Render target formats: how the four colour channels sit in the 32-bit
 * tile-buffer pixel (see qir_rt_formats[]). */
enum qir_rt_format {
	QIR_RT_RGBA8888 = 0,
	QIR_RT_BGR565,
	QIR_RT_FORMAT_COUNT
};

/* Texture / render-target channel selectors. */
enum qir_swizzle {
	QIR_SWZ_X = 0, QIR_SWZ_Y, QIR_SWZ_Z, QIR_SWZ_W, QIR_SWZ_ZERO, QIR_SWZ_ONE,
	QIR_SWZ_COUNT
};

struct qir_rt_format_info {
	const char *name;
	/* byte k of the tile-buffer pixel holds channel swizzle[k] of the
	 * shader's colour (QIR_SWZ_ONE: constant 0xff) */
	uint8_t swizzle[4];
	uint8_t alpha_byte;   /* byte holding alpha, for alpha blend factors */
	bool has_alpha;       /* false: destination alpha reads as 1.0 */
};
extern const struct qir_rt_format_info qir_rt_formats[QIR_RT_FORMAT_COUNT];

/* Vertex attribute formats in the vertex buffer (what the VCD copies into
 * the VPM without conversion). */
enum qir_attr_format {
	QIR_ATTR_FLOAT = 0,   /* 32-bit floats, one word per component */
	QIR_ATTR_UNORM8,      /* bytes / 255, all components in one word */
	QIR_ATTR_UINT8,       /* bytes as integers 0..255 converted to float */
	QIR_ATTR_SNORM16,     /* signed shorts / 32767, two per word */
	QIR_ATTR_SINT16,      /* signed shorts converted to float */
	QIR_ATTR_FORMAT_COUNT
};

struct qir_attr_format_info {
	const char *name;
	uint8_t bytes_per_comp;  /* 4, 2 or 1 */
};
extern const struct qir_attr_format_info qir_attr_formats[QIR_ATTR_FORMAT_COUNT];

/* Blend state of the one colour buffer (GL ES 2, with separate RGB/alpha). */
struct qir_blend_state {
	bool enable;
	uint8_t rgb_eq, alpha_eq;       /* enum qir_blend_eq */
	uint8_t rgb_src, rgb_dst;       /* enum qir_blend_factor */
	uint8_t alpha_src, alpha_dst;
};

struct qir_shader_key {
	uint8_t stage;                  /* enum qir_stage */

	/* vertex and coordinate shaders */
	uint8_t attr_format[QIR_KEY_MAX_ATTRS]; /* per attribute decl, enum qir_attr_format */
	bool point_size;                /* points are drawn: write the point size
					 * (when the shader stores one) */

	/* fragment shaders */
	struct qir_blend_state blend;
	uint8_t color_mask;             /* bit 0 R, 1 G, 2 B, 3 A: channels written */
	bool logic_op_enable;           /* replaces blending (GL rule) */
	uint8_t logic_op;               /* enum qir_logic_op */
	uint8_t rt_format;              /* enum qir_rt_format */
	bool depth_enabled;             /* write Z (depth test or write on) */
	bool stencil_enabled;           /* write the stencil setup */
	bool stencil_twoside;           /* a second (back) stencil setup word */
	bool stencil_writemask;         /* a third (write masks) setup word */
	/* the primitive class drawn (at most one set; neither: triangles). The
	 * hardware puts generated varyings before the declared ones for points
	 * (s, t) and lines (the line coordinate), which the FS always reads */
	bool is_points;                 /* also: point_coord reads them */
	bool is_lines;
	bool threaded;                  /* compile for two threads */
	uint32_t flat_varyings;         /* bit i: varying decl i is flat shaded
					 * (in addition to `varying flat`) */
	/* two-sided colour: for varying decl i, back_varying[i] = j + 1 makes
	 * back-facing fragments read varying j instead (0: none) */
	uint8_t back_varying[QIR_KEY_MAX_VARYINGS];
	uint8_t tex_swizzle[QIR_KEY_MAX_SAMPLERS][4]; /* per sampler, enum qir_swizzle */
};

/* The GL defaults for `stage`: float attributes, no point size, blending
 * off (ADD, ONE, ZERO), all channels written, no logic op, RGBA8888, no
 * depth/stencil, triangles, identity texture swizzles, single-threaded. */
void qir_shader_key_init(struct qir_shader_key *key, enum qir_stage stage);

/* Checks every enum field is in range and that at most one primitive
 * class is set; false + diag ("shader key: ..."). The lowering calls it
 * first. */
bool qir_shader_key_check(const struct qir_shader_key *key, struct vc4_diag *diag);

/* The canonical bytes of the key (only the stage's own fields) into buf;
 * returns the length (at most QIR_KEY_BYTES_MAX). */
#define QIR_KEY_BYTES_MAX 256
size_t qir_shader_key_bytes(const struct qir_shader_key *key, uint8_t buf[QIR_KEY_BYTES_MAX]);

/* FNV-1a over qir_shader_key_bytes(). */
uint32_t qir_shader_key_hash(const struct qir_shader_key *key);

/* True when the two keys give the same code (same canonical bytes). */
bool qir_shader_key_equal(const struct qir_shader_key *a, const struct qir_shader_key *b);

#endif
