/*
 * simdev_device.c: the process's simulated vc4 device — one simulated kernel
 * (src/sim/kernel, with the 3D pipeline behind it), the files opened on it
 * and the dma-bufs exported from it, and the answer to every ioctl and mmap
 * made on them.
 *
 * Each open() of a device node is a memfd, so the process holds a real file
 * descriptor that dup, fork, F_DUPFD_CLOEXEC and kcmp treat like any other;
 * the device recognises its files by their (st_dev, st_ino). All opens share
 * one GEM handle namespace (docs/simdev.md says why that is enough for Mesa).
 * The vc4 ioctls and GEM_CLOSE go to the simulated kernel unchanged; the DRM
 * core ioctls a vc4 device answers are answered here. A rejected job, a hung
 * job and an ioctl the device does not have are reported on stderr.
 */
#include "simdev/simdev.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm.h>
#include <vc4_drm.h>

#include "sim/kernel/sim_kernel.h"

#define DEFAULT_MEMORY_MB 256u

struct simdev_file {
	uint64_t dev, ino;
	int kind;         /* minor + 1, or SIMDEV_FD_DMABUF */
	uint32_t handle;  /* dma-buf: the exported BO */
};

static struct {
	pthread_mutex_t lock;
	struct sim_kernel *kernel;
	struct simdev_file *files;
	size_t nfiles, cap;
	uint64_t hangs_reported;
	bool trace, jobs;
	unsigned long unsupported_said[16];
} dev = { .lock = PTHREAD_MUTEX_INITIALIZER };

void simdev_say(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "vc4-simdev: %s\n", msg);
}

/* The simulated kernel, made on first use; NULL (said why) if it cannot be. */
static struct sim_kernel *kernel(void)
{
	if (dev.kernel)
		return dev.kernel;
	const char *mb_env = getenv("VC4_SIMDEV_MEMORY_MB");
	unsigned long mb = mb_env ? strtoul(mb_env, NULL, 10) : DEFAULT_MEMORY_MB;
	if (mb < 4 || mb > 1024) {
		simdev_say("VC4_SIMDEV_MEMORY_MB=%s: must be 4..1024; using %u",
			   mb_env, DEFAULT_MEMORY_MB);
		mb = DEFAULT_MEMORY_MB;
	}
	const char *debug = getenv("VC4_SIMDEV_DEBUG");
	dev.trace = debug && strstr(debug, "ioctl");
	dev.jobs = debug && strstr(debug, "jobs");
	struct vc4_diag diag = { 0 };
	dev.kernel = sim_kernel_create(SIM_KERNEL_DEFAULT_BASE, (uint32_t)(mb << 20), &diag);
	if (!dev.kernel)
		simdev_say("cannot start the simulated GPU: %s", diag.msg);
	return dev.kernel;
}

/* Records a new file of the device; false (errno set) if out of memory. */
static bool add_file(int fd, int kind, uint32_t handle)
{
	uint64_t d, i;
	if (!simdev_host_identity(fd, &d, &i))
		return false;
	if (dev.nfiles == dev.cap) {
		size_t cap = dev.cap ? dev.cap * 2 : 16;
		struct simdev_file *f = realloc(dev.files, cap * sizeof(*f));
		if (!f) {
			errno = ENOMEM;
			return false;
		}
		dev.files = f;
		dev.cap = cap;
	}
	dev.files[dev.nfiles++] = (struct simdev_file){ d, i, kind, handle };
	return true;
}

static const struct simdev_file *find_file(int fd)
{
	uint64_t d, i;
	if (fd < 0 || dev.nfiles == 0 || !simdev_host_identity(fd, &d, &i))
		return NULL;
	for (size_t n = dev.nfiles; n-- > 0;)
		if (dev.files[n].dev == d && dev.files[n].ino == i)
			return &dev.files[n];
	return NULL;
}

int simdev_fd_kind(int fd)
{
	pthread_mutex_lock(&dev.lock);
	const struct simdev_file *f = find_file(fd);
	int kind = f ? f->kind : 0;
	pthread_mutex_unlock(&dev.lock);
	return kind;
}

/* A memfd named `name` standing for a file of the device. */
static int new_file_fd(const char *name, int kind, uint32_t handle, bool cloexec)
{
	int fd = memfd_create(name, cloexec ? MFD_CLOEXEC : 0);
	if (fd < 0)
		return -1;
	if (!add_file(fd, kind, handle)) {
		int e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

int simdev_open_node(const struct simdev_node *node, int flags)
{
	pthread_mutex_lock(&dev.lock);
	int fd = -1;
	if (!kernel())
		errno = ENODEV;
	else
		fd = new_file_fd(node->path, (int)node->minor + 1, 0, flags & O_CLOEXEC);
	pthread_mutex_unlock(&dev.lock);
	return fd;
}

/* Copies `s` out the way DRM_IOCTL_VERSION and GET_UNIQUE do: at most *len
 * bytes into `dst` (when given), and *len becomes the whole length. */
static void copy_string(const char *s, char *dst, __kernel_size_t *len)
{
	size_t n = strlen(s);
	if (dst && *len)
		memcpy(dst, s, n < *len ? n : *len);
	*len = n;
}

static int drm_version(struct drm_version *v)
{
	v->version_major = 0;
	v->version_minor = 0;
	v->version_patchlevel = 0;
	copy_string("vc4", v->name, &v->name_len);
	copy_string("20140616", v->date, &v->date_len);
	copy_string("Broadcom VC4 graphics", v->desc, &v->desc_len);
	return 0;
}

static int get_cap(struct drm_get_cap *c)
{
	switch (c->capability) {
	case DRM_CAP_PRIME: c->value = DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT; return 0;
	case DRM_CAP_TIMESTAMP_MONOTONIC: c->value = 1; return 0;
	case DRM_CAP_SYNCOBJ: c->value = 0; return 0;           /* not modelled */
	case DRM_CAP_SYNCOBJ_TIMELINE: c->value = 0; return 0;
	case DRM_CAP_DUMB_BUFFER: c->value = 0; return 0;       /* no display */
	default: return -EINVAL;
	}
}

static int set_client_cap(struct drm_set_client_cap *c)
{
	switch (c->capability) {
	case DRM_CLIENT_CAP_STEREO_3D:
	case DRM_CLIENT_CAP_UNIVERSAL_PLANES:
	case DRM_CLIENT_CAP_ATOMIC:
	case DRM_CLIENT_CAP_ASPECT_RATIO:
	case DRM_CLIENT_CAP_WRITEBACK_CONNECTORS:
		return c->value > 1 ? -EINVAL : 0;
	default:
		return -EINVAL;
	}
}

static int prime_to_fd(struct drm_prime_handle *p)
{
	struct sim_kernel_bo_info info;
	if (!sim_kernel_bo_info(dev.kernel, p->handle, &info))
		return -ENOENT;
	int fd = new_file_fd("vc4-simdev dma-buf", SIMDEV_FD_DMABUF, p->handle,
			     p->flags & DRM_CLOEXEC);
	if (fd < 0)
		return -errno;
	p->fd = fd;
	return 0;
}

static int prime_to_handle(struct drm_prime_handle *p)
{
	const struct simdev_file *f = find_file(p->fd);
	if (!f || f->kind != SIMDEV_FD_DMABUF)
		return -EINVAL;
	struct sim_kernel_bo_info info;
	if (!sim_kernel_bo_info(dev.kernel, f->handle, &info))
		return -ENOENT;
	p->handle = f->handle;
	return 0;
}

/* Says once per request that the device lacks it. */
static int unsupported(unsigned long request)
{
	size_t n = sizeof(dev.unsupported_said) / sizeof(dev.unsupported_said[0]);
	for (size_t i = 0; i < n; i++) {
		if (dev.unsupported_said[i] == request)
			return -EINVAL;
		if (dev.unsupported_said[i] == 0) {
			dev.unsupported_said[i] = request;
			break;
		}
	}
	simdev_say("ioctl 0x%08lx (DRM nr 0x%02x) is not supported by the simulated vc4 "
		   "device (it has no display, syncobjs or GEM names); returning EINVAL",
		   request, (unsigned)_IOC_NR(request));
	return -EINVAL;
}

static bool is_vc4_request(unsigned long request)
{
	unsigned nr = _IOC_NR(request);
	return _IOC_TYPE(request) == DRM_IOCTL_BASE &&
	       ((nr >= DRM_COMMAND_BASE && nr < DRM_COMMAND_END) ||
		request == DRM_IOCTL_GEM_CLOSE);
}

/* Reports what a finished job left: a hang, with the pipeline's reason. */
static void report_hangs(void)
{
	uint64_t hung = sim_kernel_hung_jobs(dev.kernel);
	if (hung == dev.hangs_reported)
		return;
	dev.hangs_reported = hung;
	simdev_say("GPU hang: a job did not finish and was stopped by the simulated "
		   "kernel's hangcheck: %s", sim_kernel_last_hang(dev.kernel));
}

/* VC4_SIMDEV_DEBUG=jobs: what the job just run did, from the pipeline's
 * counters (QPU instructions per stage, shaded quads and fragments). */
static void report_job(void)
{
	const struct sim_pipe_stats *s = sim_kernel_last_stats(dev.kernel);
	fprintf(stderr, "vc4-simdev: job: cs_instructions %llu vs_instructions %llu "
		"fs_instructions %llu quads %llu fragments %llu\n",
		(unsigned long long)s->qpu_instructions_cs,
		(unsigned long long)s->qpu_instructions_vs,
		(unsigned long long)s->qpu_instructions_fs, (unsigned long long)s->quads_shaded,
		(unsigned long long)s->fragments_shaded);
}

static int vc4_request(unsigned long request, void *arg)
{
	int ret = sim_kernel_ioctl(dev.kernel, request, arg);
	if (ret == 0 && request == DRM_IOCTL_VC4_SUBMIT_CL && dev.jobs)
		report_job();
	if (ret < 0 && (request == DRM_IOCTL_VC4_SUBMIT_CL ||
			request == DRM_IOCTL_VC4_CREATE_SHADER_BO))
		simdev_say("%s rejected (%s): %s",
			   request == DRM_IOCTL_VC4_SUBMIT_CL ? "SUBMIT_CL" : "CREATE_SHADER_BO",
			   strerror(-ret), sim_kernel_last_error(dev.kernel));
	report_hangs();
	return ret;
}

/* Answers one ioctl on a device file of `kind` (minor + 1): vc4 requests go
 * to the simulated kernel; the DRM core requests the device supports
 * (version, unique name, caps, magic and master, which only the card node
 * grants, and PRIME) are answered here. Returns 0 or a negative errno
 * (unsupported requests are reported once and fail). */
static int dispatch(int kind, unsigned long request, void *arg)
{
	if (is_vc4_request(request))
		return vc4_request(request, arg);
	switch (request) {
	case DRM_IOCTL_VERSION: return drm_version(arg);
	case DRM_IOCTL_GET_UNIQUE:
		copy_string("soc:gpu", ((struct drm_unique *)arg)->unique,
			    &((struct drm_unique *)arg)->unique_len);
		return 0;
	case DRM_IOCTL_GET_CAP: return get_cap(arg);
	case DRM_IOCTL_SET_CLIENT_CAP: return set_client_cap(arg);
	case DRM_IOCTL_GET_MAGIC:
		if (kind != SIMDEV_MINOR_CARD + 1)
			return -EACCES;
		((struct drm_auth *)arg)->magic = 0x5d;
		return 0;
	case DRM_IOCTL_AUTH_MAGIC:
	case DRM_IOCTL_SET_MASTER:
	case DRM_IOCTL_DROP_MASTER:
		return kind == SIMDEV_MINOR_CARD + 1 ? 0 : -EACCES;
	case DRM_IOCTL_PRIME_HANDLE_TO_FD: return prime_to_fd(arg);
	case DRM_IOCTL_PRIME_FD_TO_HANDLE: return prime_to_handle(arg);
	default: return unsupported(request);
	}
}

int simdev_ioctl(int fd, int kind, unsigned long request, void *arg)
{
	if (kind == SIMDEV_FD_DMABUF) {
		errno = ENOTTY;
		return -1;
	}
	if (!arg) {
		errno = EFAULT;
		return -1;
	}
	pthread_mutex_lock(&dev.lock);
	int ret = dispatch(kind, request, arg);
	if (dev.trace)
		simdev_say("fd %d ioctl 0x%08lx (nr 0x%02x) -> %s", fd, request,
			   (unsigned)_IOC_NR(request), ret ? strerror(-ret) : "0");
	pthread_mutex_unlock(&dev.lock);
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	return 0;
}

/* The mmap offset MMAP_BO gives for a dma-buf's BO. */
static bool dmabuf_offset(uint32_t handle, uint64_t *offset)
{
	struct drm_vc4_mmap_bo m = { .handle = handle };
	if (sim_kernel_ioctl(dev.kernel, DRM_IOCTL_VC4_MMAP_BO, &m))
		return false;
	*offset = m.offset;
	return true;
}

void *simdev_mmap(int fd, void *addr, size_t len, int prot, int flags, uint64_t offset)
{
	if (flags & MAP_FIXED) {
		simdev_say("mmap at a fixed address %p is not supported on the device", addr);
		errno = EINVAL;
		return MAP_FAILED;
	}
	pthread_mutex_lock(&dev.lock);
	int err = 0;
	void *p = NULL;
	const struct simdev_file *f = find_file(fd);
	if (!f)
		err = -EBADF;
	else if (f->kind == SIMDEV_FD_DMABUF && offset != 0)
		err = -EINVAL;
	else if (f->kind == SIMDEV_FD_DMABUF && !dmabuf_offset(f->handle, &offset))
		err = -ENOENT;
	if (!err)
		p = sim_kernel_mmap(dev.kernel, offset, len, prot & PROT_WRITE, &err);
	if (!p && dev.trace)
		simdev_say("mmap: %s", sim_kernel_last_error(dev.kernel));
	pthread_mutex_unlock(&dev.lock);
	if (!p) {
		errno = -err;
		return MAP_FAILED;
	}
	return p;
}

bool simdev_owns_mapping(const void *addr, size_t len)
{
	if (!dev.kernel)
		return false;
	const struct sim_memory *m = sim_kernel_memory(dev.kernel);
	const uint8_t *p = addr;
	return p >= m->bytes && p < m->bytes + m->size && len <= m->size;
}
