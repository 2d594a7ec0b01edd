/*
 * ir_shader.c: the shader object's storage — freeing, decl lookup (names are
 * added by ir_internal.h's inline ir_add_string()) — and the positioned
 * error messages every other file in src/ir uses.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_internal.h"

bool ir_diag_at(struct vc4_diag *diag, const struct ir_shader *sh, uint32_t line,
		uint32_t col, char what, uint32_t index, const char *fmt, ...)
{
	char msg[VC4_DIAG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	const char *file = sh->strings.len ? ir_str(sh, sh->filename) : "<ir>";
	if (line)
		return vc4_diag_set(diag, "%s:%u:%u: %s", file, (unsigned)line, (unsigned)col,
				    msg);
	return vc4_diag_set(diag, "%s: %s %u: %s", file, what == 'd' ? "decl" : "instr",
			    (unsigned)index, msg);
}

void ir_shader_free(struct ir_shader *sh)
{
	if (!sh)
		return;
	vc4_array_free(&sh->decls);
	vc4_array_free(&sh->instrs);
	vc4_array_free(&sh->values);
	vc4_array_free(&sh->strings);
	free(sh);
}

uint32_t ir_decl_ordinal(const struct ir_shader *sh, uint32_t d)
{
	uint32_t n = 0;
	for (uint32_t k = 0; k < d; k++)
		n += sh->decls.data[k].kind == sh->decls.data[d].kind;
	return n;
}

uint32_t ir_shader_find_decl(const struct ir_shader *sh, const char *name)
{
	for (size_t d = 0; d < sh->decls.len; d++)
		if (vc4_streq(ir_str(sh, sh->decls.data[d].name), name))
			return (uint32_t)d;
	return IR_NONE;
}
