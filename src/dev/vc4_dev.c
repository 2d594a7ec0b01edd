/*
 * vc4_dev.c: opening the device (DRM node or simulated kernel), the one
 * ioctl dispatch point with its statistics and error explanations, mmap,
 * GET_PARAM answers and seqno waits.
 */
#include "dev/vc4_dev_priv.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>

#include "sim/kernel/sim_kernel.h"

/* Every ioctl the driver issues, described once; stats and names derive. */
static const struct {
	unsigned long request;
	const char *name;
} ioctl_table[VC4_IOCTL_KIND_COUNT] = {
	[VC4_IOCTL_SUBMIT_CL] = { DRM_IOCTL_VC4_SUBMIT_CL, "SUBMIT_CL" },
	[VC4_IOCTL_WAIT_SEQNO] = { DRM_IOCTL_VC4_WAIT_SEQNO, "WAIT_SEQNO" },
	[VC4_IOCTL_WAIT_BO] = { DRM_IOCTL_VC4_WAIT_BO, "WAIT_BO" },
	[VC4_IOCTL_CREATE_BO] = { DRM_IOCTL_VC4_CREATE_BO, "CREATE_BO" },
	[VC4_IOCTL_MMAP_BO] = { DRM_IOCTL_VC4_MMAP_BO, "MMAP_BO" },
	[VC4_IOCTL_CREATE_SHADER_BO] = { DRM_IOCTL_VC4_CREATE_SHADER_BO, "CREATE_SHADER_BO" },
	[VC4_IOCTL_GET_HANG_STATE] = { DRM_IOCTL_VC4_GET_HANG_STATE, "GET_HANG_STATE" },
	[VC4_IOCTL_GET_PARAM] = { DRM_IOCTL_VC4_GET_PARAM, "GET_PARAM" },
	[VC4_IOCTL_SET_TILING] = { DRM_IOCTL_VC4_SET_TILING, "SET_TILING" },
	[VC4_IOCTL_GET_TILING] = { DRM_IOCTL_VC4_GET_TILING, "GET_TILING" },
	[VC4_IOCTL_LABEL_BO] = { DRM_IOCTL_VC4_LABEL_BO, "LABEL_BO" },
	[VC4_IOCTL_GEM_MADVISE] = { DRM_IOCTL_VC4_GEM_MADVISE, "GEM_MADVISE" },
	[VC4_IOCTL_PERFMON_CREATE] = { DRM_IOCTL_VC4_PERFMON_CREATE, "PERFMON_CREATE" },
	[VC4_IOCTL_PERFMON_DESTROY] = { DRM_IOCTL_VC4_PERFMON_DESTROY, "PERFMON_DESTROY" },
	[VC4_IOCTL_PERFMON_GET_VALUES] = { DRM_IOCTL_VC4_PERFMON_GET_VALUES,
					   "PERFMON_GET_VALUES" },
	[VC4_IOCTL_GEM_CLOSE] = { DRM_IOCTL_GEM_CLOSE, "GEM_CLOSE" },
	[VC4_IOCTL_PRIME_HANDLE_TO_FD] = { DRM_IOCTL_PRIME_HANDLE_TO_FD, "PRIME_HANDLE_TO_FD" },
	[VC4_IOCTL_PRIME_FD_TO_HANDLE] = { DRM_IOCTL_PRIME_FD_TO_HANDLE, "PRIME_FD_TO_HANDLE" },
	[VC4_IOCTL_OTHER] = { 0, "other" },
};

/* What an errno from the real kernel most likely means, per the vc4 rules
 * (docs/device.md). */
static const struct {
	int err;
	const char *hint;
} errno_hints[] = {
	{ EINVAL, "the kernel rejected the arguments: for SUBMIT_CL its validator refused "
		  "the bin CL, a shader record, the uniforms, an RCL surface, the flags or a "
		  "purgeable BO (boot with drm.debug=0x1 to read its reason)" },
	{ ENOENT, "a handle, perfmon or in_sync syncobj does not exist" },
	{ ENOMEM, "out of CMA or binner memory" },
	{ EFAULT, "a user pointer in the struct is not readable" },
	{ ENODEV, "the device is not a VC4 V3D (Pi 4/5 use the v3d driver)" },
	{ EACCES, "the ioctl needs a primary node or root" },
	{ ETIME, "timed out" },
};

static uint64_t monotonic_ns(void *user)
{
	(void)user;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

enum vc4_ioctl_kind vc4_ioctl_kind_of(unsigned long request)
{
	for (int k = 0; k < VC4_IOCTL_OTHER; k++)
		if (ioctl_table[k].request == request)
			return (enum vc4_ioctl_kind)k;
	return VC4_IOCTL_OTHER;
}

const char *vc4_ioctl_kind_name(enum vc4_ioctl_kind kind)
{
	return kind < VC4_IOCTL_KIND_COUNT ? ioctl_table[kind].name : "?";
}

const char *vc4_backend_name(enum vc4_backend backend)
{
	static const char *const names[] = {
		[VC4_BACKEND_AUTO] = "auto", [VC4_BACKEND_SIM] = "sim", [VC4_BACKEND_DRM] = "drm",
	};
	return backend <= VC4_BACKEND_DRM ? names[backend] : "?";
}

const char *vc4_dev_errno_hint(int err)
{
	for (size_t i = 0; i < sizeof(errno_hints) / sizeof(errno_hints[0]); i++)
		if (errno_hints[i].err == err)
			return errno_hints[i].hint;
	return "unexpected error";
}

/* Explains a failed DRM ioctl in last_error. */
static void explain_drm_error(struct vc4_dev *dev, enum vc4_ioctl_kind kind, int err)
{
	vc4_diag_set(&dev->last_error, "%s: %s: %s", vc4_ioctl_kind_name(kind), strerror(err),
		     vc4_dev_errno_hint(err));
}

int vc4_dev_ioctl(struct vc4_dev *dev, unsigned long request, void *arg)
{
	enum vc4_ioctl_kind kind = vc4_ioctl_kind_of(request);
	dev->stats.ioctls[kind]++;
	int capture = -1;
	if (kind == VC4_IOCTL_SUBMIT_CL && dev->capture_dir && arg)
		capture = vc4_capture_submit(dev, arg);
	int ret;
	if (dev->backend == VC4_BACKEND_SIM) {
		ret = sim_kernel_ioctl(dev->sim, request, arg);
	} else {
		ret = drmIoctl(dev->fd, request, arg) == 0 ? 0 : -errno;
	}
	if (capture >= 0)
		vc4_capture_verdict(dev, capture, ret);
	vc4_diag_clear(&dev->last_error);
	if (ret == 0) {
		if (kind == VC4_IOCTL_SUBMIT_CL && dev->bo_ops)
			dev->bo_ops->submitted(dev, arg);
		return 0;
	}
	dev->stats.ioctl_failures++;
	if (dev->backend == VC4_BACKEND_SIM)
		vc4_diag_set(&dev->last_error, "%s: %s", vc4_ioctl_kind_name(kind),
			     sim_kernel_last_error(dev->sim));
	else
		explain_drm_error(dev, kind, -ret);
	return ret;
}

const char *vc4_dev_last_error(const struct vc4_dev *dev)
{
	return dev->last_error.set ? dev->last_error.msg : "";
}

void *vc4_dev_mmap(struct vc4_dev *dev, uint64_t offset, size_t size, bool writable,
		   int *err)
{
	if (dev->backend == VC4_BACKEND_SIM) {
		void *p = sim_kernel_mmap(dev->sim, offset, size, writable, err);
		if (!p) {
			vc4_diag_clear(&dev->last_error);
			vc4_diag_set(&dev->last_error, "mmap: %s", sim_kernel_last_error(dev->sim));
		}
		return p;
	}
	int prot = PROT_READ | (writable ? PROT_WRITE : 0);
	void *p = mmap(NULL, size, prot, MAP_SHARED, dev->fd, (off_t)offset);
	if (p != MAP_FAILED)
		return p;
	*err = -errno;
	vc4_diag_clear(&dev->last_error);
	vc4_diag_set(&dev->last_error, "mmap: %s", strerror(errno));
	return NULL;
}

void vc4_dev_munmap(struct vc4_dev *dev, void *ptr, size_t size)
{
	if (dev->backend == VC4_BACKEND_DRM && ptr)
		munmap(ptr, size);
}

/* Opens the first node of `type` whose driver is "vc4"; -1 if none. */
static int open_vc4_node_of_type(drmDevicePtr *devs, int count, int type)
{
	for (int i = 0; i < count; i++) {
		if (!(devs[i]->available_nodes & (1 << type)))
			continue;
		int fd = open(devs[i]->nodes[type], O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		drmVersionPtr v = drmGetVersion(fd);
		bool is_vc4 = v && v->name && strcmp(v->name, "vc4") == 0;
		drmFreeVersion(v);
		if (is_vc4)
			return fd;
		close(fd);
	}
	return -1;
}

/* A vc4 DRM node, render node preferred; -1 if there is none. */
static int open_vc4_node(void)
{
	drmDevicePtr devs[64];
	int count = drmGetDevices2(0, devs, 64);
	if (count <= 0)
		return -1;
	int fd = open_vc4_node_of_type(devs, count, DRM_NODE_RENDER);
	if (fd < 0)
		fd = open_vc4_node_of_type(devs, count, DRM_NODE_PRIMARY);
	drmFreeDevices(devs, count);
	return fd;
}

/* The backend asked for: the option, else $VC4_BACKEND, else AUTO. */
static bool choose_backend(const struct vc4_dev_options *opts, enum vc4_backend *out,
			   struct vc4_diag *diag)
{
	*out = opts ? opts->backend : VC4_BACKEND_AUTO;
	const char *env = getenv("VC4_BACKEND");
	if (*out != VC4_BACKEND_AUTO || !env || !*env)
		return true;
	for (int b = VC4_BACKEND_AUTO; b <= VC4_BACKEND_DRM; b++) {
		if (strcmp(env, vc4_backend_name((enum vc4_backend)b)) == 0) {
			*out = (enum vc4_backend)b;
			return true;
		}
	}
	return vc4_diag_set(diag, "VC4_BACKEND: unknown backend '%s' (auto, sim or drm)", env);
}

/* Reads the nine GET_PARAM answers. False on DRM when IDENT0 fails: the
 * device is no VC4 V3D. */
static bool query_params(struct vc4_dev *dev)
{
	for (uint32_t p = 0; p < VC4_PARAM_COUNT; p++) {
		struct drm_vc4_get_param gp = { .param = p };
		int ret = vc4_dev_ioctl(dev, DRM_IOCTL_VC4_GET_PARAM, &gp);
		if (ret && p == DRM_VC4_PARAM_V3D_IDENT0)
			return false;
		dev->param_known[p] = ret == 0;
		dev->params[p] = ret == 0 ? gp.value : 0;
	}
	vc4_diag_clear(&dev->last_error);
	return true;
}

/* Brings up the simulated kernel backend. */
static bool open_sim(struct vc4_dev *dev, const struct vc4_dev_options *opts,
		     struct vc4_diag *diag)
{
	uint32_t size = opts && opts->sim_memory_size ? opts->sim_memory_size :
		SIM_KERNEL_DEFAULT_SIZE;
	dev->backend = VC4_BACKEND_SIM;
	dev->sim = sim_kernel_create(SIM_KERNEL_DEFAULT_BASE, size, diag);
	return dev->sim && query_params(dev);
}

/* Brings up the DRM backend; false (fd closed) when no vc4 V3D is found. */
static bool open_drm(struct vc4_dev *dev)
{
	dev->backend = VC4_BACKEND_DRM;
	dev->fd = open_vc4_node();
	if (dev->fd < 0)
		return false;
	if (query_params(dev))
		return true;
	close(dev->fd);
	dev->fd = -1;
	return false;
}

struct vc4_dev *vc4_dev_open(const struct vc4_dev_options *opts, struct vc4_diag *diag)
{
	enum vc4_backend backend;
	if (!choose_backend(opts, &backend, diag))
		return NULL;
	struct vc4_dev *dev = calloc(1, sizeof(*dev));
	if (!dev) {
		vc4_diag_set(diag, "out of memory opening the device");
		return NULL;
	}
	dev->fd = -1;
	dev->now_ns = monotonic_ns;
	dev->cache.max_age_ns = VC4_BO_CACHE_DEFAULT_MAX_AGE_NS;
	dev->cache.max_bytes = VC4_BO_CACHE_DEFAULT_MAX_BYTES;
	bool ok;
	if (backend == VC4_BACKEND_SIM)
		ok = open_sim(dev, opts, diag);
	else if (open_drm(dev))
		ok = true;
	else if (backend == VC4_BACKEND_AUTO)
		ok = open_sim(dev, opts, diag);
	else
		ok = vc4_diag_set(diag, "no vc4 DRM device with a VC4 V3D was found "
				  "(use the simulator: VC4_BACKEND=sim)");
	const char *capture = opts && opts->capture_dir ? opts->capture_dir :
		getenv("VC4_CAPTURE");
	if (ok && capture && *capture)
		ok = vc4_dev_set_capture(dev, capture, diag);
	if (!ok) {
		vc4_dev_close(dev);
		return NULL;
	}
	return dev;
}

void vc4_dev_close(struct vc4_dev *dev)
{
	if (!dev)
		return;
	if (dev->bo_ops)
		dev->bo_ops->fini(dev);
	vc4_array_free(&dev->by_handle);
	if (dev->fd >= 0)
		close(dev->fd);
	sim_kernel_destroy(dev->sim);
	free(dev->capture_dir);
	free(dev);
}

enum vc4_backend vc4_dev_backend(const struct vc4_dev *dev)
{
	return dev->backend;
}

bool vc4_dev_param(const struct vc4_dev *dev, uint32_t param, uint64_t *value)
{
	if (param >= VC4_PARAM_COUNT || !dev->param_known[param])
		return false;
	*value = dev->params[param];
	return true;
}

void vc4_dev_set_param(struct vc4_dev *dev, uint32_t param, bool known, uint64_t value)
{
	if (param >= VC4_PARAM_COUNT)
		return;
	dev->param_known[param] = known;
	dev->params[param] = value;
}

const struct vc4_dev_stats *vc4_dev_stats(const struct vc4_dev *dev)
{
	return &dev->stats;
}

struct sim_kernel *vc4_dev_sim(struct vc4_dev *dev)
{
	return dev->sim;
}

bool vc4_dev_set_capture(struct vc4_dev *dev, const char *dir, struct vc4_diag *diag)
{
	free(dev->capture_dir);
	dev->capture_dir = NULL;
	if (!dir)
		return true;
	dev->capture_dir = strdup(dir);
	if (!dev->capture_dir)
		return vc4_diag_set(diag, "out of memory");
	dev->capture_next = 0;
	return true;
}

void vc4_dev_set_clock(struct vc4_dev *dev, uint64_t (*now_ns)(void *user), void *user)
{
	dev->now_ns = now_ns ? now_ns : monotonic_ns;
	dev->clock_user = user;
}

uint64_t vc4_dev_now_ns(const struct vc4_dev *dev)
{
	return dev->now_ns(dev->clock_user);
}

int vc4_dev_wait_seqno(struct vc4_dev *dev, uint64_t seqno, uint64_t timeout_ns,
		       struct vc4_diag *diag)
{
	if (dev->finished_seqno >= seqno)
		return 0;
	struct drm_vc4_wait_seqno wait = { .seqno = seqno, .timeout_ns = timeout_ns };
	int ret;
	unsigned tries = 0;
	/* The kernel lowers timeout_ns by the time already waited before it
	 * returns EINTR, so retrying with the same struct keeps the deadline. */
	do
		ret = vc4_dev_ioctl(dev, DRM_IOCTL_VC4_WAIT_SEQNO, &wait);
	while ((ret == -EINTR || ret == -EAGAIN) && ++tries < 1000);
	if (ret == 0) {
		dev->finished_seqno = seqno;
		return 0;
	}
	if (ret == -ETIME)
		vc4_diag_set(diag, "seqno %llu did not finish within %llu ns",
			     (unsigned long long)seqno, (unsigned long long)timeout_ns);
	else
		vc4_diag_set(diag, "%s", vc4_dev_last_error(dev));
	return ret;
}
