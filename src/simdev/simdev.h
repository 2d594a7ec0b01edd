/*
 * simdev.h: the simulated vc4 device for unmodified processes — the inside
 * of libvc4-simdev.so, shared by its three files:
 *   simdev_vfs.c     the device's files: /dev/dri and the sysfs tree;
 *   simdev_device.c  the process's one simulated kernel, the open device
 *                    files and dma-bufs, every ioctl and mmap on them;
 *   simdev_libc.c    the C library calls it takes over (open, stat, ioctl,
 *                    mmap, readlink, opendir, ...), each a thin wrapper that
 *                    hands the device's paths and files here and everything
 *                    else to the real C library.
 * See docs/simdev.md.
 */
#ifndef VC4_SIMDEV_H
#define VC4_SIMDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#define SIMDEV_PATH_MAX 512
#define SIMDEV_DRM_MAJOR 226
#define SIMDEV_MINOR_CARD 0
#define SIMDEV_MINOR_RENDER 128

enum simdev_kind { SIMDEV_DIR, SIMDEV_FILE, SIMDEV_LINK, SIMDEV_CHR };

/* One entry of the device's file tree. */
struct simdev_node {
	const char *path;     /* canonical, absolute */
	enum simdev_kind kind;
	const char *data;     /* FILE: contents; LINK: target */
	unsigned minor;       /* CHR: the DRM minor */
};

/* The fields of a stat result the device decides (the rest are zero). */
struct simdev_stat {
	uint64_t ino, size;
	mode_t mode;
	dev_t rdev;
	unsigned nlink;
};

/* --- simdev_vfs.c --- */

/* True when `path` is under one of the device's roots (/dev/dri, the DRM
 * parts of /sys): the device answers it, found or not. */
bool simdev_vfs_owns(const char *path);

/* Resolves an absolute `path` through the tree's links (the last component
 * too when follow_last) into `out` (SIMDEV_PATH_MAX bytes) and finds its
 * node. 0, or -ENOENT / -ENAMETOOLONG. */
int simdev_vfs_resolve(const char *path, bool follow_last, char *out,
		       const struct simdev_node **node);

/* The next entry of directory `dir` from *cursor (start at 0), its name in
 * *name; NULL at the end. */
const struct simdev_node *simdev_vfs_child(const struct simdev_node *dir, size_t *cursor,
					   const char **name);

void simdev_vfs_fill_stat(const struct simdev_node *node, struct simdev_stat *st);

/* --- simdev_device.c --- */

/* Opens a device node (a CHR node of the tree): a new open file of the
 * device, as a file descriptor of the process. -1 with errno on failure. */
int simdev_open_node(const struct simdev_node *node, int flags);

/* What an fd is to the device: 0 not the device's, else the DRM minor + 1
 * for a device file, or SIMDEV_FD_DMABUF for an exported buffer. */
#define SIMDEV_FD_DMABUF 0x10000
int simdev_fd_kind(int fd);

/* The device's answer for ioctl(fd, request, arg) on one of its fds:
 * 0 or -1 with errno, like the system call. */
int simdev_ioctl(int fd, int kind, unsigned long request, void *arg);

/* mmap of a device fd or dma-buf: a pointer into the simulated GPU memory,
 * or MAP_FAILED with errno. */
void *simdev_mmap(int fd, void *addr, size_t len, int prot, int flags, uint64_t offset);

/* True when [addr, addr+len) lies in the simulated GPU memory: munmap of a
 * mapping simdev_mmap made, which needs no undoing. */
bool simdev_owns_mapping(const void *addr, size_t len);

/* --- simdev_libc.c --- */

/* The host's identity of an open file (st_dev, st_ino), asked of the real
 * C library. False (errno set) when fd is not open. */
bool simdev_host_identity(int fd, uint64_t *dev, uint64_t *ino);

/* Prints "vc4-simdev: ..." on stderr. */
void simdev_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
