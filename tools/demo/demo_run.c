/*
 * demo_run.c: vc4-demo's frame loop: renders a scene's frames (time k /
 * DEMO_FPS), timing each from its first draw to its pixels read back and
 * counting its QPU instructions with the driver's performance counters
 * (--stats), writes a still PNG or the frames and an APNG, prints a
 * progress line on stderr for animations, and one line of figures per
 * scene.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "demo.h"
#include "tool.h"

/* What the frames of one scene took. */
struct figures {
	double first_s, rest_s;      /* frame 0; the others, summed */
	uint64_t qpu;                /* QPU instructions (or cycles), every frame */
	bool counted;                /* the performance counters worked */
};

/* The animation being written, when there is one. */
struct anim {
	struct demo_apng *apng;
	char dir[1024];              /* DIR/NAME, the frames' directory */
};

/* Prints "vc4-demo: MESSAGE" on stderr (tool.h's format). */
static void demo_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void demo_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("vc4-demo: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void demo_release_prog(struct demo *d, struct vc4_prog *p)
{
	struct vc4_prog_sizes s;
	if (!p)
		return;
	vc4_prog_get_sizes(p, &s);
	size_t n = strlen(d->sizes);
	if (s.variants && n + 40 < sizeof(d->sizes))
		snprintf(d->sizes + n, sizeof(d->sizes) - n, "%s%u/%u/%u", n ? " + " : "",
			 s.vertex, s.coordinate, s.fragment);
	vc4_prog_destroy(p);
}

/* Draws frame k of `s` and waits for it (counting it when `f` is given
 * and the counters work); false after printing the driver's error. */
static bool draw_frame(struct demo *d, const struct demo_scene *s, void *state, uint32_t k,
		       struct figures *f)
{
	struct vc4_perf_counts c;
	bool count = f && (f->counted || k == 0) && vc4_perf_begin(d->ctx);
	if (f && !count) {
		vc4_ctx_error(d->ctx); /* no counters (an old kernel): no figure */
		f->counted = false;
	}
	if (s->still)
		d->sizes[0] = '\0'; /* a still makes its programs anew each frame */
	bool ok = s->still ? s->still(d) : s->frame(d, state, (double)k / DEMO_FPS);
	ok = ok && (count ? vc4_perf_end(d->ctx, &c) : vc4_flush(d->ctx));
	if (ok && count) {
		f->qpu += c.qpu_cycles_valid;
		f->counted = true;
	}
	if (!ok && !d->reported)
		demo_error("%s: %s", s->name, vc4_ctx_error(d->ctx));
	return ok;
}

/* Reads the frame back into `px`; false after printing why. */
static bool read_frame(struct demo *d, const struct demo_scene *s, uint8_t *px)
{
	if (vc4_texture_read_rgba8(d->rt, px))
		return true;
	demo_error("%s: %s", s->name, vc4_ctx_error(d->ctx));
	return false;
}

/* Writes a still DIR/NAME.png and prints where; false: an I/O error. */
static bool write_still(struct demo *d, const struct demo_scene *s, const char *dir,
			const uint8_t *px)
{
	char path[1024], err[512] = "";
	snprintf(path, sizeof(path), "%s/%s.png", dir, s->name);
	if (!vc4_write_png(path, d->w, d->h, px, err, sizeof(err))) {
		demo_error("%s: %s", s->name, err);
		return false;
	}
	printf("%s: %s\n", s->name, path);
	fflush(stdout); /* before any later progress line on stderr */
	return true;
}

static bool write_file(const char *path, const uint8_t *data, size_t len, char *err,
		       size_t err_size)
{
	FILE *f = fopen(path, "wb");
	bool ok = f && fwrite(data, 1, len, f) == len;
	if (f && fclose(f) != 0)
		ok = false;
	if (!ok)
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
	return ok;
}

/* Starts DIR/NAME.png as an APNG and DIR/NAME/ for the frames. */
static bool anim_open(struct anim *a, struct demo *d, const struct demo_scene *s,
		      const struct demo_run *run)
{
	char path[1024], err[512];
	snprintf(a->dir, sizeof(a->dir), "%s/%s", run->dir, s->name);
	snprintf(path, sizeof(path), "%s/%s.png", run->dir, s->name);
	mkdir(a->dir, 0777); /* may exist; a real failure shows when writing */
	a->apng = demo_apng_open(path, d->w, d->h, run->frames, DEMO_FPS, err, sizeof(err));
	if (!a->apng)
		demo_error("%s: %s", s->name, err);
	return a->apng != NULL;
}

/* Writes frame k as DIR/NAME/kkkk.png and adds it to the APNG. */
static bool anim_add(struct anim *a, struct demo *d, const struct demo_scene *s, uint32_t k,
		     const uint8_t *px)
{
	char path[1100], err[1200] = "";
	uint8_t *png = NULL;
	size_t len = 0;
	snprintf(path, sizeof(path), "%s/%04u.png", a->dir, k);
	bool ok = demo_png_encode(px, d->w, d->h, &png, &len, err, sizeof(err)) &&
		  write_file(path, png, len, err, sizeof(err)) &&
		  demo_apng_add(a->apng, png, len, err, sizeof(err));
	free(png);
	if (!ok)
		demo_error("%s: %s", s->name, err);
	return ok;
}

static bool anim_close(struct anim *a, const struct demo_scene *s, const struct demo_run *run)
{
	char err[512];
	bool ok = demo_apng_close(a->apng, err, sizeof(err));
	a->apng = NULL;
	if (!ok)
		demo_error("%s: %s", s->name, err);
	else
		printf("%s: %s/%s.png (APNG, %u frames at %d fps; frames in %s/)\n", s->name,
		       run->dir, s->name, run->frames, DEMO_FPS, a->dir);
	fflush(stdout);
	return ok;
}

/* The progress line after frame k (1-based) of n: rewritten in place on a
 * terminal, else one line every 10 frames and at the last. */
static void progress(const struct demo_scene *s, uint32_t k, uint32_t n, double elapsed)
{
	bool tty = isatty(STDERR_FILENO);
	if (!tty && k % 10 != 0 && k != n)
		return;
	fprintf(stderr, "%s%s: frame %u/%u, %.1f frames/s%s", tty ? "\r" : "", s->name, k, n,
		elapsed > 0 ? k / elapsed : 0.0, tty && k != n ? "" : "\n");
	fflush(stderr);
}

/* One line of figures: scene, size, frames, first frame ms, ms per frame
 * after it ("-" for one frame), QPU instructions per frame ("-" without
 * counters), shader sizes (VS/CS/FS per program). */
static void write_figures(const struct demo *d, const struct demo_scene *s, FILE *out,
			  uint32_t frames, const struct figures *f)
{
	fprintf(out, "%s\t%ux%u\t%u\t%.1f\t", s->name, d->w, d->h, frames, f->first_s * 1e3);
	if (frames > 1)
		fprintf(out, "%.1f\t", f->rest_s * 1e3 / (frames - 1));
	else
		fputs("-\t", out);
	if (f->counted)
		fprintf(out, "%llu\t", (unsigned long long)(f->qpu / frames));
	else
		fputs("-\t", out);
	fprintf(out, "%s\n", d->sizes[0] ? d->sizes : "-");
	fflush(out);
}

void demo_stats_header(FILE *f)
{
	fputs("scene\tsize\tframes\tfirst frame ms\tms/frame after\tQPU instructions/frame\t"
	      "shaders VS/CS/FS instructions\n", f);
}

/* Renders, reads back and writes every frame; returns a tool status. */
static int run_frames(struct demo *d, const struct demo_scene *s, void *state,
		      const struct demo_run *run, struct figures *f)
{
	uint32_t n = run->frames ? run->frames : 1;
	struct anim a = { 0 };
	uint8_t *px = malloc((size_t)d->w * d->h * 4);
	int status = px ? TOOL_OK : TOOL_USAGE;
	double start = now_s();
	if (!px)
		demo_error("%s: out of memory", s->name);
	if (px && run->frames && !anim_open(&a, d, s, run))
		status = TOOL_USAGE;
	for (uint32_t k = 0; status == TOOL_OK && k < n; k++) {
		double t0 = now_s();
		if (!draw_frame(d, s, state, k, run->stats ? f : NULL) ||
		    !read_frame(d, s, px)) {
			status = d->io_error ? TOOL_USAGE : TOOL_FAILED;
			break;
		}
		*(k ? &f->rest_s : &f->first_s) += now_s() - t0;
		if (run->frames ? !anim_add(&a, d, s, k, px) : !write_still(d, s, run->dir, px))
			status = TOOL_USAGE;
		else if (run->frames)
			progress(s, k + 1, n, now_s() - start);
	}
	if (a.apng && status == TOOL_OK && !anim_close(&a, s, run))
		status = TOOL_USAGE;
	if (a.apng) /* a failure above: close what was written */
		demo_apng_close(a.apng, (char[8]){ 0 }, 8);
	free(px);
	return status;
}

int demo_run_scene(struct demo *d, const struct demo_scene *s, const struct demo_run *run)
{
	struct figures f = { .counted = true };
	void *state = s->state_size ? calloc(1, s->state_size) : NULL;
	d->sizes[0] = '\0';
	d->reported = d->io_error = false;
	if (s->state_size && !state) {
		demo_error("%s: out of memory", s->name);
		return TOOL_USAGE;
	}
	bool set = !s->setup || s->setup(d, state);
	if (!set && !d->reported)
		demo_error("%s: %s", s->name, vc4_ctx_error(d->ctx));
	int status = !set ? (d->io_error ? TOOL_USAGE : TOOL_FAILED)
			  : run_frames(d, s, state, run, &f);
	if (s->teardown)
		s->teardown(d, state);
	free(state);
	if (status == TOOL_OK && run->stats)
		write_figures(d, s, run->stats, run->frames ? run->frames : 1, &f);
	return status;
}
