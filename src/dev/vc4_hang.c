/*
 * vc4_hang.c: learning that a job hung, through the kernel interface.
 *
 * Linux completes a hung job (hangcheck resets the GPU), so WAIT_SEQNO and
 * WAIT_BO succeed; what remains is the hang state the kernel saves for the
 * first hang until someone reads it with GET_HANG_STATE (root only, not on
 * render nodes) and its "GPU hung" line in dmesg. vc4_dev_check_hang() reads
 * that state through the one dispatch point (closing the BO handles the
 * ioctl hands out). The simulated kernel saves no state (GET_HANG_STATE is
 * ENOENT there) but keeps a log of hung jobs with their reasons, its dmesg,
 * which answers on the SIM backend. docs/device.md, "Hangs".
 */
#include "dev/vc4_dev_priv.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "sim/kernel/sim_kernel.h"

/* Closes the handles GET_HANG_STATE created for the hung job's BOs. */
static void close_hang_bos(struct vc4_dev *dev, const struct drm_vc4_get_hang_state_bo *bos,
			   uint32_t count)
{
	for (uint32_t i = 0; i < count; i++) {
		struct drm_gem_close close_args = { .handle = bos[i].handle };
		vc4_dev_ioctl(dev, DRM_IOCTL_GEM_CLOSE, &close_args);
	}
}

/* Takes the saved hang state: the first call told the BO count; this one,
 * with room for them, hands the state over and clears it in the kernel. */
static int take_hang_state(struct vc4_dev *dev, struct drm_vc4_get_hang_state *hs)
{
	uint32_t n = hs->bo_count;
	if (n == 0)
		return 0; /* the first call already took a state without BOs */
	struct drm_vc4_get_hang_state_bo *bos = calloc(n, sizeof(*bos));
	if (!bos)
		return -ENOMEM;
	hs->bo = (uintptr_t)bos;
	int ret = vc4_dev_ioctl(dev, DRM_IOCTL_VC4_GET_HANG_STATE, hs);
	if (ret == 0)
		close_hang_bos(dev, bos, hs->bo_count < n ? hs->bo_count : n);
	free(bos);
	hs->bo = 0;
	return ret;
}

/* The simulated kernel's log: the jobs that hung since the last look. */
static bool sim_log_hang(struct vc4_dev *dev, struct vc4_diag *why)
{
	uint64_t hung = sim_kernel_hung_jobs(dev->sim);
	if (hung == dev->hangs_seen)
		return false;
	uint64_t more = hung - dev->hangs_seen - 1;
	dev->hangs_seen = hung;
	const char *last = sim_kernel_last_hang(dev->sim);
	if (!*last)
		vc4_diag_set(why, "%" PRIu64 " job%s hung (the simulated kernel keeps the last "
			     "job's reason only, and the last job rendered)", more + 1,
			     more ? "s" : "");
	else if (more)
		vc4_diag_set(why, "%s (and %" PRIu64 " earlier job%s)", last, more,
			     more == 1 ? "" : "s");
	else
		vc4_diag_set(why, "%s", last);
	return true;
}

/* The registers the kernel saved, as the reason for a hang seen on DRM. */
static void describe_state(const struct drm_vc4_get_hang_state *hs, struct vc4_diag *why)
{
	vc4_diag_set(why, "the kernel saved a GPU hang state (bin CL 0x%08x at 0x%08x, render "
		     "CL 0x%08x at 0x%08x, ERRSTAT 0x%08x); its report is in dmesg",
		     hs->start_bin, hs->ct0ca, hs->start_render, hs->ct1ca, hs->errstat);
}

bool vc4_dev_check_hang(struct vc4_dev *dev, struct vc4_diag *why)
{
	struct drm_vc4_get_hang_state hs = { 0 };
	int ret = dev->hang_state_denied ? -dev->hang_state_denied :
		  vc4_dev_ioctl(dev, DRM_IOCTL_VC4_GET_HANG_STATE, &hs);
	if (ret == 0)
		ret = take_hang_state(dev, &hs);
	if (ret != 0 && ret != -ENOENT && ret != -ENOMEM)
		dev->hang_state_denied = -ret; /* a render node, no root, an old kernel */
	if (dev->backend == VC4_BACKEND_SIM && sim_log_hang(dev, why))
		return true; /* the log's reason; a saved state is the same hang */
	if (ret != 0)
		return false;
	describe_state(&hs, why);
	return true;
}
