/* vc4_check_samples.c: the kernel's TMU lookups against the uniform stream
 * (vc4_check_samples.h). */
#include "compiler/vc4_check_samples.h"

bool vc4_check_samples(const struct qir_uniform_stream *stream,
		       const struct qpu_kernel_info *info, const char *stage,
		       struct vc4_diag *diag)
{
	for (uint32_t i = 0; i < info->num_texture_samples; i++) {
		const struct qpu_kernel_texture_sample *t = &info->texture_samples[i];
		uint32_t want = t->is_direct ? QIR_UNIFORM_UBO_ADDR : QIR_UNIFORM_TEX_P0;
		int32_t o = t->p_offset[0];
		uint32_t u = o >= 0 ? (uint32_t)o / 4 : UINT32_MAX;
		uint32_t kind = u < stream->entries.len ? stream->entries.data[u].kind
							: QIR_UNIFORM_KIND_COUNT;
		if (kind == want)
			continue;
		return vc4_diag_set(diag, "compiler bug: the kernel takes TMU lookup %u of the %s "
				    "shader for a %s, but its uniform %d is %s, not %s", i, stage,
				    t->is_direct ? "direct read" : "texture lookup", o / 4,
				    kind < QIR_UNIFORM_KIND_COUNT ? qir_uniform_kinds[kind].name
								  : "missing",
				    qir_uniform_kinds[want].name);
	}
	return true;
}
