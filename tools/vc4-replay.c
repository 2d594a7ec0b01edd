/*
 * vc4-replay: resubmits a captured SUBMIT_CL (docs/capture.md).
 *
 *   vc4-replay DIR [--backend sim|drm|auto] [--png OUT.png] [--stats]
 *
 * Prints the kernel's verdict: "accepted", "rejected: REASON", or "hung:
 * REASON" when the kernel accepted the job but the GPU hung on it
 * (vc4_dev_check_hang), and with --stats the ioctls it took by kind.
 * With --png, reads the job's colour write surface back after it completed,
 * de-tiles it and writes it as an RGBA8 PNG. The surface bits are read by
 * the generated Render Config Surface Bits code, the layouts are src/tiling's,
 * the pixel formats and the PNG writer the driver's (drv_tiling.c,
 * drv_png.c): the tool holds no second copy of any of them.
 * Exit status (docs/CONVENTIONS.md): 0 accepted (and the PNG written), 1
 * rejected or hung (the reason is printed), a damaged capture or a surface
 * that cannot be converted, 2 usage or I/O error (no readable DIR/submit.txt,
 * no usable device, a PNG that cannot be written).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bo/vc4_bo.h"
#include "dev/vc4_capture.h"
#include "dev/vc4_dev.h"
#include "job/vc4_replay.h"
#include "driver/drv.h"
#include "tiling/tiling.h"
#include "tool.h"
#include "vc4_packets.h"

static const struct tool tool = { "vc4-replay",
	"usage: vc4-replay DIR [--backend sim|drm|auto] [--png OUT.png] [--stats]\n"
	"  resubmits the captured SUBMIT_CL in DIR and prints the kernel's verdict:\n"
	"  accepted, rejected: REASON, or hung: REASON\n"
	"  --backend B   sim, drm or auto (default)\n"
	"  --png OUT.png write the job's colour write surface as a PNG\n"
	"  --stats       print the ioctls the replay took, by kind\n"
	"  --help        print this text;  --version  print the version\n"
	"exit status: 0 accepted, 1 rejected, hung or no PNG of the surface,\n"
	"  2 usage or I/O error\n" };

#define RC_BGR565_DITHERED \
	VC4_RENDER_CONFIG_SURFACE_BITS_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_BGR565_DITHERED
#define RC_BGR565_NO_DITHER \
	VC4_RENDER_CONFIG_SURFACE_BITS_NON_HDR_FRAME_BUFFER_COLOR_FORMAT_BGR565_NO_DITHER
#define MAX_PNG_DIM 4096u /* keeps width * height * 4 far inside 32 bits */

static const char *const tiling_names[] = {
	[VC4_TILING_FORMAT_RASTER] = "raster", [VC4_TILING_FORMAT_T] = "T",
	[VC4_TILING_FORMAT_LT] = "LT",
};

/* The colour write surface, decoded. */
struct surface {
	uint32_t hindex, offset, width, height;
	enum vc4_format format;
	enum vc4_tiling_format tiling;
};

/* Parses the command line; returns -1, or TOOL_USAGE after printing why. */
static int parse_args(int argc, char **argv, const char **dir, enum vc4_backend *backend,
		      const char **png, bool *stats)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--stats") == 0) {
			*stats = true;
		} else if ((strcmp(a, "--backend") == 0 || strcmp(a, "--png") == 0) && !v) {
			return tool_usage_error(&tool, "%s needs a value", a);
		} else if (strcmp(a, "--backend") == 0) {
			i++;
			if (strcmp(v, "sim") && strcmp(v, "drm") && strcmp(v, "auto"))
				return tool_usage_error(&tool, "--backend '%s': not sim, drm or "
							"auto", v);
			*backend = v[0] == 's' ? VC4_BACKEND_SIM : v[0] == 'd' ? VC4_BACKEND_DRM :
				   VC4_BACKEND_AUTO;
		} else if (strcmp(a, "--png") == 0) {
			*png = argv[++i];
		} else if (a[0] == '-' && a[1]) {
			return tool_usage_error(&tool, "unknown option '%s'", a);
		} else if (*dir) {
			return tool_usage_error(&tool, "more than one DIR: '%s' and '%s'", *dir, a);
		} else {
			*dir = a;
		}
	}
	return *dir ? -1 : tool_usage_error(&tool, "no DIR given");
}

/* One line of the ioctls issued, by kind, in table order (kinds that were
 * used, plus the two a replay always needs). */
static void print_stats(const struct vc4_dev *dev)
{
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	const char *sep = "ioctls: ";
	for (int k = 0; k < VC4_IOCTL_KIND_COUNT; k++) {
		if (!st->ioctls[k] && k != VC4_IOCTL_SUBMIT_CL && k != VC4_IOCTL_WAIT_SEQNO)
			continue;
		printf("%s%s %llu", sep, vc4_ioctl_kind_name(k),
		       (unsigned long long)st->ioctls[k]);
		sep = ", ";
	}
	printf("\n");
}

/* The driver format whose render-config colour format is `hw` (from
 * drv_formats); BGR565 dithered is stored like BGR565. False if none. */
static bool rc_format(uint32_t hw, enum vc4_format *format)
{
	if (hw == RC_BGR565_DITHERED)
		hw = RC_BGR565_NO_DITHER;
	for (int f = 0; f < VC4_FMT_COUNT; f++) {
		if (drv_formats[f].rt_format >= 0 && (uint32_t)drv_formats[f].rt_format == hw) {
			*format = (enum vc4_format)f;
			return true;
		}
	}
	return false;
}

/* Decodes color_write of `a` (its bits through the generated Render Config
 * Surface Bits). False with the reason. */
static bool decode_surface(const struct drm_vc4_submit_cl *a, struct surface *s,
			   struct vc4_diag *why)
{
	if (a->color_write.hindex == ~0u)
		return vc4_diag_set(why, a->msaa_color_write.hindex != ~0u ?
				    "the only colour write surface is msaa_color_write (full-"
				    "resolution 4x tiles are not converted)" :
				    "the capture has no colour write surface");
	uint16_t bits = a->color_write.bits;
	const uint8_t raw[VC4_RENDER_CONFIG_SURFACE_BITS_length] = {
		(uint8_t)bits, (uint8_t)(bits >> 8)
	};
	struct VC4_RENDER_CONFIG_SURFACE_BITS rc;
	VC4_RENDER_CONFIG_SURFACE_BITS_unpack(raw, &rc);
	if (rc.multisample_mode_4x &&
	    rc.decimate_mode != VC4_RENDER_CONFIG_SURFACE_BITS_DECIMATE_MODE_4X)
		return vc4_diag_set(why, "color_write bits 0x%04x: 4x multisampled without "
				    "4x decimation", bits);
	if (rc.tile_buffer_64_bit_color_depth_hdr_mode)
		return vc4_diag_set(why, "color_write bits 0x%04x: 64-bit (HDR) colour", bits);
	if ((uint32_t)rc.memory_format > VC4_TILING_FORMAT_LT)
		return vc4_diag_set(why, "color_write bits 0x%04x: bad memory format %u", bits,
				    (unsigned)rc.memory_format);
	if (!rc_format(rc.non_hdr_frame_buffer_color_format, &s->format))
		return vc4_diag_set(why, "color_write bits 0x%04x: bad colour format %u", bits,
				    rc.non_hdr_frame_buffer_color_format);
	if (a->width == 0 || a->height == 0 || a->width > MAX_PNG_DIM || a->height > MAX_PNG_DIM)
		return vc4_diag_set(why, "frame %ux%u is not within 1x1..%ux%u", a->width,
				    a->height, MAX_PNG_DIM, MAX_PNG_DIM);
	s->tiling = rc.memory_format;
	s->hindex = a->color_write.hindex;
	s->offset = a->color_write.offset;
	s->width = a->width;
	s->height = a->height;
	return true;
}

/* The surface's pixels in `bo` (size bytes) as malloc'ed linear RGBA8;
 * NULL with the reason if the BO is too small for it. */
static uint8_t *surface_rgba(const struct surface *s, const uint8_t *bo, uint32_t size,
			     struct vc4_diag *why)
{
	uint32_t cpp = drv_formats[s->format].cpp;
	uint64_t bytes = tiling_bytes(s->tiling, cpp, s->width, s->height);
	if ((uint64_t)s->offset + bytes > size) {
		vc4_diag_set(why, "color_write needs %llu bytes at offset %u, bo %u has %u",
			     (unsigned long long)bytes, s->offset, s->hindex, size);
		return NULL;
	}
	uint8_t *rgba = malloc((size_t)s->width * s->height * 4);
	if (!rgba) {
		vc4_diag_set(why, "out of memory");
		return NULL;
	}
	for (uint32_t y = 0; y < s->height; y++)
		for (uint32_t x = 0; x < s->width; x++)
			drv_unpack_pixel(s->format, bo + s->offset +
					 tiling_offset(s->tiling, cpp, s->width, x, y),
					 rgba + 4 * ((size_t)y * s->width + x));
	return rgba;
}

/* Writes the read-back colour surface to `path`; false with the reason
 * (*io_error: the file could not be written). */
static bool write_png(const char *path, const struct surface *s,
		      const struct vc4_replay_readback *rb, struct vc4_diag *why, bool *io_error)
{
	if (!rb->data)
		return vc4_diag_set(why, "%s", rb->diag.set ? rb->diag.msg :
				    "the colour write BO was not recreated");
	uint8_t *rgba = surface_rgba(s, rb->data, rb->size, why);
	if (!rgba)
		return false;
	char err[512];
	bool ok = vc4_write_png(path, s->width, s->height, rgba, err, sizeof(err));
	free(rgba);
	*io_error = !ok;
	if (!ok)
		return vc4_diag_set(why, "%s", err);
	printf("wrote %s: %ux%u %s %s from bo %u offset %u\n", path, s->width, s->height,
	       drv_formats[s->format].name, tiling_names[s->tiling], s->hindex, s->offset);
	return true;
}

/* Whether DIR/submit.txt can be read: a capture that does not load is then
 * damaged (the input is rejected), else unreadable (an I/O error). */
static bool capture_readable(const char *dir)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/submit.txt", dir);
	return access(path, R_OK) == 0;
}

static const char *const verdicts[] = {
	[VC4_REPLAY_ACCEPTED] = "accepted", [VC4_REPLAY_REJECTED] = "rejected",
	[VC4_REPLAY_HUNG] = "hung",
};

/* Replays the capture on `dev`, prints the verdict and writes the PNG;
 * returns the exit status. */
static int replay(struct vc4_dev *dev, const struct vc4_capture *cap, const char *png)
{
	struct surface surf = {0};
	struct vc4_diag why = {0}, diag = {0};
	bool surf_ok = png && decode_surface(&cap->args, &surf, &why), io_error = false;
	struct vc4_replay_readback rb = { .index = surf_ok ? surf.hindex : ~0u };
	enum vc4_replay_result r = vc4_capture_replay_read(dev, cap, &rb, &diag);
	printf("%s (%s backend)%s%s\n", verdicts[r], vc4_backend_name(vc4_dev_backend(dev)),
	       r == VC4_REPLAY_ACCEPTED ? "" : ": ", r == VC4_REPLAY_ACCEPTED ? "" : diag.msg);
	bool png_ok = !png || (r == VC4_REPLAY_ACCEPTED && surf_ok &&
			       write_png(png, &surf, &rb, &why, &io_error));
	free(rb.data);
	if (!png_ok)
		tool_error(&tool, "--png %s: not written: %s", png,
			   r == VC4_REPLAY_REJECTED ? "the job was rejected" :
			   r == VC4_REPLAY_HUNG && surf_ok ? "the job hung" : why.msg);
	if (io_error)
		return TOOL_USAGE;
	return r == VC4_REPLAY_ACCEPTED && png_ok ? TOOL_OK : TOOL_FAILED;
}

/* vc4-replay: loads a capture directory and replays it on a device (--png
 * also writes a BO as the job left it, --stats prints the device's ioctl
 * statistics). Exits TOOL_OK, TOOL_FAILED on a rejected or hung job or a
 * malformed capture, TOOL_USAGE on a usage or I/O error. */
int main(int argc, char **argv)
{
	const char *dir = NULL, *png = NULL;
	bool stats = false;
	enum vc4_backend backend = VC4_BACKEND_AUTO;
	int status;
	if (tool_std_options(&tool, argc, argv, &status) ||
	    (status = parse_args(argc, argv, &dir, &backend, &png, &stats)) >= 0)
		return status;
	struct vc4_diag diag = {0};
	struct vc4_capture cap;
	if (!vc4_capture_load(dir, &cap, &diag)) {
		tool_error(&tool, "%s", diag.msg);
		return capture_readable(dir) ? TOOL_FAILED : TOOL_USAGE;
	}
	struct vc4_dev_options opts = { .backend = backend };
	struct vc4_dev *dev = vc4_dev_open(&opts, &diag);
	if (!dev) {
		tool_error(&tool, "%s", diag.msg);
		vc4_capture_free(&cap);
		return TOOL_USAGE;
	}
	status = replay(dev, &cap, png);
	vc4_capture_free(&cap);
	if (stats) {
		/* Closing frees the BO cache: count those GEM_CLOSEs too. */
		vc4_bo_cache_clear(dev);
		print_stats(dev);
	}
	vc4_dev_close(dev);
	return status;
}
