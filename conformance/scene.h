/*
 * scene.h: what a scene is (a name, a size and a function that draws with
 * GLES 2 into the bound framebuffer) and the small helpers scenes share:
 * building a program, clearing, setting uniforms, drawing vertex arrays from
 * a buffer object. Every helper checks GL errors and exits on failure.
 */
#ifndef CONFORMANCE_SCENE_H
#define CONFORMANCE_SCENE_H

#include "harness.h"

struct scene {
	const char *name;
	const char *what;          /* one line: what the scene covers */
	int width, height;
	void (*draw)(struct harness *h);
};

/* One vertex attribute: its name in the shader, component count, and offset
 * in floats within a vertex. */
struct scene_attr {
	const char *name;
	int size;
	int offset;
};

/* Interleaved float vertices: STRIDE floats per vertex, attributes until one
 * with a NULL name. */
struct scene_layout {
	int stride;
	struct scene_attr attr[4];
};

/* A vertex shader passing `attribute vec4 a_pos` through, and a fragment
 * shader writing `uniform vec4 u_colour`. */
extern const char scene_vs_pos[];
extern const char scene_fs_colour[];

/* Compiles and links VS and FS (printing the info log and exiting on an
 * error) and makes the program current. */
GLuint scene_program(const char *vs, const char *fs);

/* Clears colour to (R, G, B, A), depth to 1.0 and stencil to 0. */
void scene_clear(float r, float g, float b, float a);

/* Set uniform NAME of the current program PROG; the name must exist. */
void scene_uniform4f(GLuint prog, const char *name, float x, float y, float z, float w);
void scene_uniform1f(GLuint prog, const char *name, float x);
void scene_uniform1i(GLuint prog, const char *name, int x);

/* Uploads NVERTS vertices of LAYOUT into a new buffer object, bound and with
 * the attributes of PROG pointing into it. */
GLuint scene_vbo(GLuint prog, const float *data, int nverts, const struct scene_layout *layout);

/* Disables the attributes of LAYOUT and deletes the buffer object. */
void scene_vbo_free(GLuint vbo, GLuint prog, const struct scene_layout *layout);

/* scene_vbo, one glDrawArrays(MODE, 0, NVERTS), scene_vbo_free. */
void scene_draw(GLuint prog, GLenum mode, const float *data, int nverts,
		const struct scene_layout *layout);

/* The number of vertices of STRIDE floats in the array ARR. */
#define SCENE_NVERTS(arr, stride) ((int)(sizeof(arr) / sizeof((arr)[0]) / (stride)))

/* The layout of vertices that are only a 2D position, `a_pos`. */
extern const struct scene_layout scene_layout_pos2;

#endif
