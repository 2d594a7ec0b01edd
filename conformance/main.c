/*
 * main.c: the scene runner: `scene NAME OUT.png` renders one scene with
 * whatever GLES 2 driver EGL finds and writes the frame as a PNG;
 * `scene --list` prints the scenes. The table of scenes lives here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"

extern const struct scene scene_clear_only, scene_uniform_colour, scene_vertex_colours,
	scene_texture_rgba, scene_depth, scene_blend, scene_cull, scene_points_lines,
	scene_discard, scene_loop_builtins, scene_stencil, scene_many_draws, scene_texture_formats,
	scene_texture_etc1, scene_texture_wrap, scene_texture_mipmap, scene_texture_cube,
	scene_texture_border, scene_msaa, scene_render_to_texture, scene_rgb565,
	scene_point_coord, scene_polygon_offset, scene_line_clip, scene_two_sided, scene_wrap_ops,
	scene_zfail, scene_masks, scene_partial_clear;

static const struct scene *const scenes[] = {
	&scene_clear_only, &scene_uniform_colour, &scene_vertex_colours, &scene_texture_rgba,
	&scene_depth, &scene_blend, &scene_cull, &scene_points_lines, &scene_discard,
	&scene_loop_builtins, &scene_stencil, &scene_many_draws, &scene_texture_formats,
	&scene_texture_etc1, &scene_texture_wrap, &scene_texture_mipmap, &scene_texture_cube,
	&scene_texture_border, &scene_msaa, &scene_render_to_texture, &scene_rgb565,
	&scene_point_coord, &scene_polygon_offset, &scene_line_clip, &scene_two_sided,
	&scene_wrap_ops, &scene_zfail, &scene_masks, &scene_partial_clear,
};

#define NSCENES (sizeof(scenes) / sizeof(scenes[0]))

static const struct scene *find(const char *name)
{
	for (size_t i = 0; i < NSCENES; i++)
		if (strcmp(scenes[i]->name, name) == 0)
			return scenes[i];
	return NULL;
}

static void list(void)
{
	for (size_t i = 0; i < NSCENES; i++)
		printf("%-16s %dx%d  %s\n", scenes[i]->name, scenes[i]->width, scenes[i]->height,
		       scenes[i]->what);
}

/* Renders SCENE and writes it to PATH; exits on any error. */
static void run(const struct scene *scene, const char *path)
{
	struct harness h;
	harness_open(&h);
	harness_fbo(&h, scene->width, scene->height);
	scene->draw(&h);
	uint8_t *pixels = harness_read(&h);
	harness_write_png(path, pixels, h.width, h.height);
	free(pixels);
	harness_close(&h);
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--list") == 0) {
		list();
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: scene NAME OUT.png | scene --list\n"
				"  SCENE_PLATFORM=gbm|surfaceless overrides the EGL platform\n");
		return 2;
	}
	const struct scene *scene = find(argv[1]);
	if (!scene) {
		fprintf(stderr, "scene: no scene '%s' (see scene --list)\n", argv[1]);
		return 2;
	}
	run(scene, argv[2]);
	return 0;
}
