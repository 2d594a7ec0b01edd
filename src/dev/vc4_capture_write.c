/*
 * vc4_capture_write.c: recording each SUBMIT_CL that passes the dispatch
 * point into DIR/NNNN/ (docs/capture.md), and the kernel's verdict on it.
 * Capture never changes the submission; a capture that cannot be written is
 * reported on stderr and the job goes on.
 */
#include "dev/vc4_capture.h"
#include "dev/vc4_dev_priv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim/kernel/sim_kernel.h"
#include "util/file.h"

#define PATH_BYTES 4200

/* DIR/NAME into out; false when it does not fit. */
static bool join_path(char *out, size_t size, const char *dir, const char *name)
{
	int n = snprintf(out, size, "%s/%s", dir, name);
	return n >= 0 && (size_t)n < size;
}

/* Creates the next free DIR/NNNN; returns its number or -1. */
static int make_capture_dir(struct vc4_dev *dev, char *path, size_t size)
{
	if (mkdir(dev->capture_dir, 0777) != 0 && errno != EEXIST)
		return -1;
	for (; dev->capture_next < 10000; dev->capture_next++) {
		char number[16];
		snprintf(number, sizeof(number), "%04u", dev->capture_next);
		if (!join_path(path, size, dev->capture_dir, number)) {
			errno = ENAMETOOLONG;
			return -1;
		}
		if (mkdir(path, 0777) == 0)
			return (int)dev->capture_next++;
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/* What a handle is and its bytes now, from the BO layer (missing when the
 * device has no BOs yet). */
static struct vc4_capture_bo describe_bo(struct vc4_dev *dev, uint32_t handle)
{
	if (!dev->bo_ops)
		return (struct vc4_capture_bo){ .kind = VC4_CAPTURE_BO_MISSING };
	return dev->bo_ops->capture(dev, handle);
}

/* Writes `size` bytes from user pointer `ptr` to DIR/NAME. */
static bool write_blob(const char *dir, const char *name, uint64_t ptr, uint32_t size,
		       struct vc4_diag *diag)
{
	char path[PATH_BYTES];
	if (!join_path(path, sizeof(path), dir, name))
		return vc4_diag_set(diag, "%s/%s: path too long", dir, name);
	const void *data = size && ptr ? (const void *)(uintptr_t)ptr : "";
	return vc4_write_file(path, data, size && ptr ? size : 0, diag);
}

/* Writes one SUBMIT_CL into capture directory `dir`: the contents of each BO
 * it names (bo-N.bin), submit.txt, and the bin CL, shader records and
 * uniforms. False with the reason in diag; nothing of args is changed. */
static bool write_capture(struct vc4_dev *dev, const char *dir,
			  const struct drm_vc4_submit_cl *args, struct vc4_diag *diag)
{
	uint32_t n = args->bo_handle_count;
	const uint32_t *handles = (const uint32_t *)(uintptr_t)args->bo_handles;
	if (!handles)
		n = 0;
	struct vc4_capture_bo *bos = calloc(n + 1, sizeof(*bos));
	if (!bos)
		return vc4_diag_set(diag, "out of memory");
	bool ok = true;
	for (uint32_t i = 0; i < n && ok; i++) {
		bos[i] = describe_bo(dev, handles[i]);
		if (bos[i].kind != VC4_CAPTURE_BO_MISSING) {
			char name[32];
			snprintf(name, sizeof(name), "bo-%u.bin", i);
			ok = write_blob(dir, name, (uintptr_t)bos[i].data, bos[i].size, diag);
		}
	}
	struct drm_vc4_submit_cl copy = *args;
	copy.bo_handle_count = n;
	char *text = ok ? vc4_capture_format_submit(&copy, bos) : NULL;
	ok = ok && (text || vc4_diag_set(diag, "out of memory"));
	ok = ok && write_blob(dir, "submit.txt", (uintptr_t)text, (uint32_t)strlen(text), diag) &&
		write_blob(dir, "bin_cl.bin", args->bin_cl, args->bin_cl_size, diag) &&
		write_blob(dir, "shader_rec.bin", args->shader_rec, args->shader_rec_size, diag) &&
		write_blob(dir, "uniforms.bin", args->uniforms, args->uniforms_size, diag);
	free(text);
	for (uint32_t i = 0; i < n; i++)
		free(bos[i].data);
	free(bos);
	return ok;
}

int vc4_capture_submit(struct vc4_dev *dev, const struct drm_vc4_submit_cl *args)
{
	char dir[PATH_BYTES];
	int index = make_capture_dir(dev, dir, sizeof(dir));
	struct vc4_diag diag = {0};
	if (index < 0) {
		fprintf(stderr, "vc4: capture: cannot create a directory under %s: %s\n",
			dev->capture_dir, strerror(errno));
		return -1;
	}
	if (!write_capture(dev, dir, args, &diag)) {
		fprintf(stderr, "vc4: capture %s: %s\n", dir, diag.msg);
		return -1;
	}
	dev->stats.captures++;
	return index;
}

/* Writes DIR/NNNN/verdict.txt for capture `index`: "accepted", or "rejected
 * RET REASON" (the simulated kernel's message or strerror). A failure to
 * write is reported on stderr only. */
void vc4_capture_verdict(struct vc4_dev *dev, int index, int ret)
{
	char path[PATH_BYTES], number[32], text[VC4_DIAG_MAX + 64];
	snprintf(number, sizeof(number), "%04d/verdict.txt", index);
	if (!join_path(path, sizeof(path), dev->capture_dir, number))
		return;
	if (ret == 0)
		snprintf(text, sizeof(text), "accepted\n");
	else if (dev->backend == VC4_BACKEND_SIM)
		snprintf(text, sizeof(text), "rejected %d %s\n", ret,
			 sim_kernel_last_error(dev->sim));
	else
		snprintf(text, sizeof(text), "rejected %d %s\n", ret, strerror(-ret));
	struct vc4_diag diag = {0};
	if (!vc4_write_file(path, text, strlen(text), &diag))
		fprintf(stderr, "vc4: capture: %s\n", diag.msg);
}
