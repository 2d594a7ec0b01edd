/*
 * test_simdev.c: the simulated vc4 device as an unmodified program meets it
 * through libdrm and the C library. The test links libvc4-simdev.so ahead of
 * the C library, which interposes exactly as LD_PRELOAD does: device lookup
 * through /sys and /dev/dri, stat and readlink answers, the DRM core ioctls,
 * BOs through ioctl + mmap, dma-buf export and import, and the messages for
 * a rejected job and an unsupported ioctl.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cmocka.h>
#include <vc4_drm.h>
#include <xf86drm.h>

static int open_render(void)
{
	int fd = open("/dev/dri/renderD128", O_RDWR | O_CLOEXEC);
	assert_true(fd >= 0);
	return fd;
}

/* Runs `fn(fd)` with stderr captured into out[size]. */
static void capture_stderr(void (*fn)(int), int fd, char *out, size_t size)
{
	fflush(stderr);
	FILE *tmp = tmpfile();
	assert_non_null(tmp);
	int saved = dup(2);
	dup2(fileno(tmp), 2);
	fn(fd);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	size_t n = fread(out, 1, size - 1, tmp);
	out[n] = '\0';
	fclose(tmp);
}

static void test_enumeration(void **state)
{
	(void)state;
	drmDevicePtr devs[8];
	int n = drmGetDevices2(0, devs, 8);
	assert_int_equal(n, 1);
	assert_int_equal(devs[0]->bustype, DRM_BUS_PLATFORM);
	assert_int_equal(devs[0]->available_nodes, (1 << DRM_NODE_PRIMARY) | (1 << DRM_NODE_RENDER));
	assert_string_equal(devs[0]->nodes[DRM_NODE_PRIMARY], "/dev/dri/card0");
	assert_string_equal(devs[0]->nodes[DRM_NODE_RENDER], "/dev/dri/renderD128");
	assert_string_equal(devs[0]->businfo.platform->fullname, "/soc/gpu");
	assert_string_equal(devs[0]->deviceinfo.platform->compatible[0], "brcm,bcm2835-vc4");
	assert_null(devs[0]->deviceinfo.platform->compatible[1]);
	drmFreeDevices(devs, n);
}

static void test_device_of_fd(void **state)
{
	(void)state;
	int fd = open_render();
	struct stat st;
	assert_int_equal(fstat(fd, &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_int_equal(major(st.st_rdev), 226);
	assert_int_equal(minor(st.st_rdev), 128);
	drmDevicePtr dev;
	assert_int_equal(drmGetDevice2(fd, 0, &dev), 0);
	assert_int_equal(dev->bustype, DRM_BUS_PLATFORM);
	drmFreeDevice(&dev);
	char *name = drmGetDeviceNameFromFd2(fd);
	assert_string_equal(name, "/dev/dri/renderD128");
	free(name);
	int copy = fcntl(fd, F_DUPFD_CLOEXEC, 10);
	assert_int_equal(fstat(copy, &st), 0);
	assert_int_equal(minor(st.st_rdev), 128);
	drmVersionPtr v = drmGetVersion(copy);
	assert_string_equal(v->name, "vc4");
	assert_string_equal(v->date, "20140616");
	assert_string_equal(v->desc, "Broadcom VC4 graphics");
	drmFreeVersion(v);
	close(copy);
	close(fd);
}

static void test_sysfs_paths(void **state)
{
	(void)state;
	char buf[PATH_MAX];
	ssize_t n = readlink("/sys/dev/char/226:0/device/subsystem", buf, sizeof(buf) - 1);
	assert_true(n > 0);
	buf[n] = '\0';
	assert_string_equal(buf, "../../../../bus/platform");
	assert_non_null(realpath("/sys/dev/char/226:128/device", buf));
	assert_string_equal(buf, "/sys/devices/platform/soc/soc:gpu");
	struct stat st;
	assert_int_equal(stat("/sys/dev/char/226:128/device/drm", &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(stat("/sys/dev/char/226:1/device", &st), -1);
	assert_int_equal(errno, ENOENT);
	FILE *f = fopen("/sys/dev/char/226:128/uevent", "r");
	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	assert_string_equal(buf, "MAJOR=226\n");
	fclose(f);
	DIR *d = opendir("/dev/dri");
	assert_non_null(d);
	char names[256] = "";
	for (struct dirent *e; (e = readdir(d));)
		strcat(strcat(names, e->d_name), " ");
	closedir(d);
	assert_string_equal(names, ". .. card0 renderD128 by-path ");
	/* The host's own files are untouched. */
	assert_int_equal(stat("/dev/null", &st), 0);
	assert_int_equal(major(st.st_rdev), 1);
}

static uint32_t create_bo(int fd, uint32_t size)
{
	struct drm_vc4_create_bo c = { .size = size };
	assert_int_equal(drmIoctl(fd, DRM_IOCTL_VC4_CREATE_BO, &c), 0);
	return c.handle;
}

static uint8_t *map_bo(int fd, uint32_t handle, size_t size)
{
	struct drm_vc4_mmap_bo m = { .handle = handle };
	assert_int_equal(drmIoctl(fd, DRM_IOCTL_VC4_MMAP_BO, &m), 0);
	assert_true(m.offset < (1ull << 32)); /* fits a 32-bit off_t */
	uint8_t *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)m.offset);
	assert_true(p != MAP_FAILED);
	return p;
}

static void test_bo_and_dmabuf(void **state)
{
	(void)state;
	int fd = open_render();
	struct drm_vc4_get_param gp = { .param = DRM_VC4_PARAM_V3D_IDENT0 };
	assert_int_equal(drmIoctl(fd, DRM_IOCTL_VC4_GET_PARAM, &gp), 0);
	assert_int_equal(gp.value, 0x02443356);
	uint32_t handle = create_bo(fd, 8192);
	uint8_t *p = map_bo(fd, handle, 8192);
	memset(p, 0xab, 8192);
	int buf_fd;
	assert_int_equal(drmPrimeHandleToFD(fd, handle, DRM_CLOEXEC, &buf_fd), 0);
	uint32_t back;
	assert_int_equal(drmPrimeFDToHandle(fd, buf_fd, &back), 0);
	assert_int_equal(back, handle);
	uint8_t *q = mmap(NULL, 8192, PROT_READ, MAP_SHARED, buf_fd, 0);
	assert_true(q != MAP_FAILED);
	assert_int_equal(q[8191], 0xab);
	assert_int_equal(munmap(q, 8192), 0);
	assert_int_equal(munmap(p, 8192), 0);
	close(buf_fd);
	struct drm_gem_close gc = { .handle = handle };
	assert_int_equal(drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &gc), 0);
	assert_int_equal(drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &gc), -1);
	assert_int_equal(errno, EINVAL);
	uint64_t cap;
	assert_int_equal(drmGetCap(fd, DRM_CAP_PRIME, &cap), 0);
	assert_int_equal(cap, DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT);
	assert_int_equal(drmGetCap(fd, DRM_CAP_SYNCOBJ, &cap), 0);
	assert_int_equal(cap, 0);
	close(fd);
}

static void submit_empty(int fd)
{
	struct drm_vc4_submit_cl s = { 0 };
	assert_int_equal(drmIoctl(fd, DRM_IOCTL_VC4_SUBMIT_CL, &s), -1);
	assert_int_equal(errno, EINVAL);
}

static void get_resources(int fd)
{
	char arg[64] = { 0 };
	assert_int_equal(ioctl(fd, DRM_IOWR(0xA0, struct drm_mode_card_res), arg), -1);
	assert_int_equal(errno, EINVAL);
	assert_int_equal(ioctl(fd, DRM_IOWR(0xA0, struct drm_mode_card_res), arg), -1);
}

static void test_messages(void **state)
{
	(void)state;
	int fd = open_render();
	char out[1024];
	capture_stderr(submit_empty, fd, out, sizeof(out));
	assert_string_equal(out, "vc4-simdev: SUBMIT_CL rejected (Invalid argument): "
			    "Rendering requires BOs to validate\n");
	capture_stderr(get_resources, fd, out, sizeof(out));
	char want[512];
	snprintf(want, sizeof(want), "vc4-simdev: ioctl 0x%08lx (DRM nr 0xa0) is not supported "
		 "by the simulated vc4 device (it has no display, syncobjs or GEM names); "
		 "returning EINVAL\n", (unsigned long)DRM_IOWR(0xA0, struct drm_mode_card_res));
	assert_string_equal(out, want); /* said once, not twice */
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_enumeration),
		cmocka_unit_test(test_device_of_fd),
		cmocka_unit_test(test_sysfs_paths),
		cmocka_unit_test(test_bo_and_dmabuf),
		cmocka_unit_test(test_messages),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
