/*
 * hello_vc4.c: the program tests/install builds against an installed libvc4
 * through pkg-config alone (nothing from the source tree): draws a magenta
 * triangle, its colour a uniform, over a blue clear into a 64x64 target on
 * the simulator, reads it back and checks two pixels exactly. Prints
 * "hello_vc4: centre RRGGBBAA, corner RRGGBBAA" and exits 0 when both are
 * right, else prints the error and exits 1.
 */
#include <stdio.h>

#include <vc4/vc4.h>

static const char *vs_text =
	"vertex\n"
	"attribute vec4 @pos\n"
	"output position\n"
	"%p = load @pos\n"
	"store @position, %p\n";

static const char *fs_text =
	"fragment\n"
	"uniform vec4 @colour\n"
	"output color\n"
	"%c = load @colour\n"
	"store @color, %c\n";

static uint8_t pixels[64 * 64 * 4];

/* Draws the triangle into `rt`; false with the context's error left set. */
static bool draw(struct vc4_ctx *ctx, struct vc4_texture *rt, struct vc4_buffer *vb,
		 struct vc4_prog *prog)
{
	static const float blue[4] = { 0, 0, 1, 1 }, magenta[4] = { 1, 0, 1, 1 };
	struct vc4_vertex_attrib attrib = { vb, 0, 16, VC4_ATTR_FLOAT };
	return vc4_set_framebuffer(ctx, rt, NULL) &&
	       vc4_clear(ctx, VC4_CLEAR_COLOR, blue, 1.0f, 0) &&
	       vc4_prog_set_uniform_f(prog, "colour", magenta, 4) &&
	       vc4_set_program(ctx, prog) &&
	       vc4_set_vertex_attribs(ctx, &attrib, 1) &&
	       vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3) &&
	       vc4_texture_read_rgba8(rt, pixels);
}

static unsigned rgba(int x, int y)
{
	const uint8_t *p = pixels + (y * 64 + x) * 4;
	return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}

int main(void)
{
	static const float vertices[] = {
		-0.8f, -0.8f, 0, 1,  0.8f, -0.8f, 0, 1,  0.0f, 0.8f, 0, 1,
	};
	char err[256] = "";
	struct vc4_ctx *ctx = vc4_ctx_create(VC4_CTX_BACKEND_SIM, err, sizeof(err));
	if (!ctx) {
		fprintf(stderr, "hello_vc4: %s\n", err);
		return 1;
	}
	struct vc4_texture *rt = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, 64, 64,
						    NULL);
	struct vc4_buffer *vb = vc4_buffer_create(ctx, vertices, sizeof(vertices));
	struct vc4_prog *prog = vc4_prog_create(ctx, vs_text, fs_text);
	int ok = rt && vb && prog && draw(ctx, rt, vb, prog);
	if (ok)
		printf("hello_vc4: centre %08x, corner %08x\n", rgba(32, 32), rgba(0, 0));
	else
		fprintf(stderr, "hello_vc4: %s\n", vc4_ctx_error(ctx));
	ok = ok && rgba(32, 32) == 0xff00ffffu && rgba(0, 0) == 0x0000ffffu;
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(vb);
	vc4_texture_destroy(rt);
	vc4_ctx_destroy(ctx);
	return ok ? 0 : 1;
}
