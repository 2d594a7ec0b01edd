/*
 * test_driver_demo_golden.c: vc4-demo (argv[1]) on the simulator, every
 * scene, against golden images and as animations.
 *
 * Golden images: each scene's first frame at 160x120 must equal
 * tests/driver/golden/demo/NAME.png exactly. Exact because the rendering is
 * deterministic: the simulator computes the same bits on every host (its
 * float, SFU and TMU models are host-independent; docs/sim.md), and the
 * demo computes its matrices in double, rounded to float once
 * (tools/demo/demo_math.c), so no host libm's last bit reaches a uniform.
 * A change to the compiler, the simulator or a scene that moves any pixel
 * shows here; after looking at the new images (the failure names the scene,
 * the number of pixels that differ and the first), refresh them with
 *   vc4-demo --backend sim --size 160x120 -o tests/driver/golden/demo
 *
 * Animations: --frames 3 of the cube and the shadertoy effect at 64x48
 * writes NAME/0000..0002.png and an APNG NAME.png, read back here chunk by
 * chunk (signature, CRCs, acTL, fcTL and fdAT sequence numbers, delays):
 * each of its frames, rebuilt as a plain PNG and decoded by libpng, equals
 * the frame's own PNG, and the frames differ (it moves). Also the progress
 * lines on stderr and the --stats figures file.
 */
#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "png_read.h"
#include "tool_run.h"

static const char *demo;

#define GOLDEN DRIVER_TESTS_DIR "/golden/demo"
#define OUT "/tmp/vc4-demo-golden-test"
#define ANIM "/tmp/vc4-demo-anim-test"

static const char *const scene_names[] = {
	"clear", "triangle", "textured", "depth", "blend", "cube", "cube_textured",
	"cube_gouraud", "torus_phong", "shadertoy", "render_to_texture", "particles",
};
#define SCENES (sizeof(scene_names) / sizeof(scene_names[0]))

/* An RGBA8 image decoded by libpng. */
struct image {
	uint32_t w, h;
	uint8_t *px;
};

static struct image read_png(const char *path)
{
	struct image r;
	r.px = png_read_file(path, &r.w, &r.h);
	return r;
}

static struct image decode_png(const uint8_t *png, size_t len, const char *what)
{
	struct image r;
	r.px = png_read_memory(png, len, what, &r.w, &r.h);
	return r;
}

/* Fails unless `a` and `b` are the same size with the same pixels; names
 * how many differ and the first. */
static void assert_same(const struct image *a, const struct image *b, const char *what)
{
	if (a->w != b->w || a->h != b->h)
		fail_msg("%s: %ux%u, expected %ux%u", what, a->w, a->h, b->w, b->h);
	size_t n = (size_t)a->w * a->h, diff = 0, first = 0;
	for (size_t i = n; i-- > 0;) {
		if (memcmp(a->px + 4 * i, b->px + 4 * i, 4) != 0) {
			diff++;
			first = i;
		}
	}
	if (diff)
		fail_msg("%s: %zu of %zu pixels differ, the first at (%zu, %zu): %02x%02x%02x%02x, "
			 "expected %02x%02x%02x%02x", what, diff, n, first % a->w, first / a->w,
			 a->px[4 * first], a->px[4 * first + 1], a->px[4 * first + 2],
			 a->px[4 * first + 3], b->px[4 * first], b->px[4 * first + 1],
			 b->px[4 * first + 2], b->px[4 * first + 3]);
}

static void test_golden(void **state)
{
	(void)state;
	assert_int_equal(system("rm -rf " OUT), 0);
	struct tool_run r = tool_run(demo, "--backend sim --size 160x120 -o " OUT, false);
	if (r.status != 0)
		fail_msg("vc4-demo exited %d: %s%s", r.status, r.out, r.err);
	assert_string_equal(r.err, "");
	char want[2048] = "", path[256];
	for (size_t i = 0; i < SCENES; i++) {
		size_t n = strlen(want);
		snprintf(want + n, sizeof(want) - n, "%s: " OUT "/%s.png\n", scene_names[i],
			 scene_names[i]);
	}
	assert_string_equal(r.out, want);
	tool_run_free(&r);
	for (size_t i = 0; i < SCENES; i++) {
		snprintf(path, sizeof(path), OUT "/%s.png", scene_names[i]);
		struct image got = read_png(path);
		snprintf(path, sizeof(path), GOLDEN "/%s.png", scene_names[i]);
		struct image gold = read_png(path);
		assert_same(&got, &gold, scene_names[i]);
		free(got.px);
		free(gold.px);
	}
}

/* ---- reading an APNG ------------------------------------------------------ */

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t crc32_png(const uint8_t *p, size_t len)
{
	uint32_t c = 0xffffffffu;
	for (size_t i = 0; i < len; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
	}
	return c ^ 0xffffffffu;
}

static uint8_t *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("%s: cannot open", path);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	long n = ftell(f);
	rewind(f);
	uint8_t *b = malloc((size_t)n);
	assert_non_null(b);
	assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return b;
}

/* Appends a chunk to a growing PNG. */
static void put_chunk(uint8_t **png, size_t *len, const char *type, const uint8_t *data,
		      uint32_t n)
{
	*png = realloc(*png, *len + 12 + n);
	assert_non_null(*png);
	uint8_t *p = *png + *len;
	for (int k = 0; k < 4; k++)
		p[k] = (uint8_t)(n >> (24 - 8 * k));
	memcpy(p + 4, type, 4);
	if (n)
		memcpy(p + 8, data, n);
	uint32_t crc = crc32_png(p + 4, 4 + n);
	for (int k = 0; k < 4; k++)
		p[8 + n + k] = (uint8_t)(crc >> (24 - 8 * k));
	*len += 12 + n;
}

/* The animation as read: the IHDR contents, and per frame a plain PNG
 * (signature, IHDR, its image data as IDAT, IEND). */
struct apng {
	uint32_t frames, plays;
	uint8_t *png[8];
	size_t len[8];
	uint32_t nframes;
};

/* Starts frame k's PNG with the signature and the IHDR. */
static void start_frame(struct apng *a, const uint8_t *ihdr)
{
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	assert_true(a->nframes < 8);
	uint32_t k = a->nframes++;
	a->png[k] = malloc(8);
	assert_non_null(a->png[k]);
	memcpy(a->png[k], sig, 8);
	a->len[k] = 8;
	put_chunk(&a->png[k], &a->len[k], "IHDR", ihdr, 13);
}

/* Checks frame control `c` (26 bytes): the whole w x h image, 1/30 s,
 * no dispose, source blend. */
static void check_fctl(const uint8_t *c, uint32_t w, uint32_t h)
{
	assert_int_equal(be32(c + 4), w);
	assert_int_equal(be32(c + 8), h);
	assert_int_equal(be32(c + 12), 0);
	assert_int_equal(be32(c + 16), 0);
	assert_int_equal(c[20] << 8 | c[21], 1);
	assert_int_equal(c[22] << 8 | c[23], 30);
	assert_int_equal(c[24], 0);
	assert_int_equal(c[25], 0);
}

/* Walks the chunks of the APNG at `path`, checking each CRC, the chunk
 * order and the sequence numbers, and rebuilds every frame. */
static struct apng read_apng(const char *path)
{
	size_t len;
	uint8_t *b = read_file(path, &len), ihdr[13];
	struct apng a = { 0 };
	uint32_t seq = 0, w = 0, h = 0;
	bool ended = false;
	assert_true(len > 8 && b[0] == 0x89 && memcmp(b + 1, "PNG\r\n\x1a\n", 7) == 0);
	for (size_t at = 8; at < len && !ended;) {
		assert_true(at + 12 <= len);
		uint32_t n = be32(b + at);
		assert_true(n <= len - at - 12);
		const uint8_t *type = b + at + 4, *data = b + at + 8;
		assert_int_equal(be32(data + n), crc32_png(type, 4 + n));
		if (memcmp(type, "IHDR", 4) == 0) {
			memcpy(ihdr, data, 13);
			w = be32(data);
			h = be32(data + 4);
		} else if (memcmp(type, "acTL", 4) == 0) {
			a.frames = be32(data);
			a.plays = be32(data + 4);
		} else if (memcmp(type, "fcTL", 4) == 0) {
			assert_int_equal(be32(data), seq++);
			check_fctl(data, w, h);
			start_frame(&a, ihdr);
		} else if (memcmp(type, "IDAT", 4) == 0) {
			assert_int_equal(a.nframes, 1); /* the first frame's, after its fcTL */
			put_chunk(&a.png[0], &a.len[0], "IDAT", data, n);
		} else if (memcmp(type, "fdAT", 4) == 0) {
			assert_int_equal(be32(data), seq++);
			assert_true(a.nframes > 1);
			put_chunk(&a.png[a.nframes - 1], &a.len[a.nframes - 1], "IDAT", data + 4,
				  n - 4);
		}
		ended = memcmp(type, "IEND", 4) == 0;
		at += 12 + (size_t)n;
	}
	assert_true(ended);
	for (uint32_t k = 0; k < a.nframes; k++)
		put_chunk(&a.png[k], &a.len[k], "IEND", NULL, 0);
	free(b);
	return a;
}

/* The APNG of `scene` holds its 3 frame files, and they differ. */
static void check_animation(const char *scene)
{
	char path[256];
	snprintf(path, sizeof(path), ANIM "/%s.png", scene);
	struct apng a = read_apng(path);
	assert_int_equal(a.frames, 3);
	assert_int_equal(a.plays, 0);
	assert_int_equal(a.nframes, 3);
	struct image prev = { 0 };
	for (uint32_t k = 0; k < 3; k++) {
		snprintf(path, sizeof(path), ANIM "/%s/%04u.png", scene, k);
		struct image file = read_png(path);
		struct image frame = decode_png(a.png[k], a.len[k], path);
		assert_int_equal(file.w, 64);
		assert_int_equal(file.h, 48);
		assert_same(&frame, &file, path);
		if (prev.px && memcmp(prev.px, file.px, 64 * 48 * 4) == 0)
			fail_msg("%s: the same as the frame before", path);
		free(prev.px);
		prev = file;
		free(frame.px);
		free(a.png[k]);
	}
	free(prev.px);
}

/* Each of `lines`' lines splits into `fields` tab-separated fields. */
static void check_fields(const char *line, int fields)
{
	int tabs = 0;
	for (const char *p = line; *p && *p != '\n'; p++)
		tabs += *p == '\t';
	assert_int_equal(tabs + 1, fields);
}

/* The figures: a header, then per scene its size, 3 frames, times, QPU
 * instructions per frame and the shader sizes. */
static void check_stats(void)
{
	size_t len;
	char *text = (char *)read_file(ANIM ".tsv", &len), scene[64], size[32], sizes[64];
	text = realloc(text, len + 1);
	assert_non_null(text);
	text[len] = '\0';
	const char *header = "scene\tsize\tframes\tfirst frame ms\tms/frame after\t"
			     "QPU instructions/frame\tshaders VS/CS/FS instructions\n";
	assert_int_equal(strncmp(text, header, strlen(header)), 0);
	const char *line = text + strlen(header);
	for (int i = 0; i < 2; i++) {
		unsigned frames;
		double first, after;
		unsigned long long qpu;
		check_fields(line, 7);
		assert_int_equal(sscanf(line, "%63[^\t]\t%31[^\t]\t%u\t%lf\t%lf\t%llu\t%63[^\n]",
					scene, size, &frames, &first, &after, &qpu, sizes), 7);
		assert_string_equal(scene, i ? "shadertoy" : "cube_textured");
		assert_string_equal(size, "64x48");
		assert_int_equal(frames, 3);
		assert_true(first > 0 && after >= 0 && qpu > 0);
		unsigned vs, cs, fs;
		char end;
		assert_int_equal(sscanf(sizes, "%u/%u/%u%c", &vs, &cs, &fs, &end), 3);
		assert_true(vs > 0 && cs > 0 && fs > 0);
		line = strchr(line, '\n') + 1;
	}
	assert_string_equal(line, "");
	free(text);
}

static void test_animation(void **state)
{
	(void)state;
	assert_int_equal(system("rm -rf " ANIM " " ANIM ".tsv"), 0);
	struct tool_run r = tool_run(demo, "--backend sim --size 64x48 --frames 3 --only "
				     "shadertoy,cube_textured --stats " ANIM ".tsv -o " ANIM,
				     false);
	if (r.status != 0)
		fail_msg("vc4-demo exited %d: %s%s", r.status, r.out, r.err);
	assert_string_equal(r.out,
		"cube_textured: " ANIM "/cube_textured.png (APNG, 3 frames at 30 fps; frames in "
		ANIM "/cube_textured/)\n"
		"shadertoy: " ANIM "/shadertoy.png (APNG, 3 frames at 30 fps; frames in "
		ANIM "/shadertoy/)\n");
	/* stderr is not a terminal: one progress line, after the last frame */
	const char *p = r.err;
	for (int i = 0; i < 2; i++) {
		char want[64];
		snprintf(want, sizeof(want), "%s: frame 3/3, ", i ? "shadertoy" : "cube_textured");
		assert_int_equal(strncmp(p, want, strlen(want)), 0);
		p = strchr(p, '\n');
		assert_non_null(p);
		assert_int_equal(strncmp(p - 9, " frames/s", 9), 0);
		p++;
	}
	assert_string_equal(p, "");
	tool_run_free(&r);
	check_animation("cube_textured");
	check_animation("shadertoy");
	check_stats();
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_driver_demo_golden VC4_DEMO\n");
		return 2;
	}
	demo = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_animation),
	};
	return cmocka_run_group_tests_name("driver_demo_golden", tests, NULL, NULL);
}
