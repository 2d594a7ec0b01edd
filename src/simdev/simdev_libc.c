/*
 * simdev_libc.c: the C library calls libvc4-simdev.so takes over, so that an
 * unmodified process finds the simulated vc4 device: the file calls on
 * /dev/dri and the DRM part of /sys (open, fopen, stat, access, readlink,
 * realpath, opendir/readdir), and ioctl, mmap, munmap and fstat on the
 * device's file descriptors. Each wrapper decides whether the path or fd is
 * the device's and otherwise calls the next definition (the real C library,
 * found with dlsym(RTLD_NEXT)), so the rest of the process is untouched.
 *
 * Built without _FILE_OFFSET_BITS=64 (meson.build), so that each name here
 * is the C library's symbol of that name: `stat` and `stat64`, `mmap` and
 * `mmap64` are separate functions, as a 32-bit ARM process links them.
 */
#include "simdev/simdev.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* The next definition of `name` (the real C library's). */
static void *next_fn(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);
	if (!f) {
		simdev_say("the C library has no '%s'", name);
		abort();
	}
	return f;
}

#define NEXT(fn) static __typeof__(fn) *next_##fn; \
	if (!next_##fn) next_##fn = (__typeof__(fn) *)next_fn(#fn)

bool simdev_host_identity(int fd, uint64_t *dev, uint64_t *ino)
{
	NEXT(fstat64);
	struct stat64 st;
	if (next_fstat64(fd, &st))
		return false;
	*dev = st.st_dev;
	*ino = st.st_ino;
	return true;
}

/* ---- paths ---- */

/* Resolves a path the device owns; -1 with errno when it does not exist. */
static const struct simdev_node *lookup(const char *path, bool follow, char *canon)
{
	const struct simdev_node *node;
	int err = simdev_vfs_resolve(path, follow, canon, &node);
	if (err) {
		errno = -err;
		return NULL;
	}
	return node;
}

/* A file descriptor for a device file: the device node itself, or a memfd
 * holding a sysfs file's text. */
static int open_node(const char *path, int flags)
{
	char canon[SIMDEV_PATH_MAX];
	const struct simdev_node *node = lookup(path, !(flags & O_NOFOLLOW), canon);
	if (!node)
		return -1;
	if (node->kind == SIMDEV_CHR)
		return simdev_open_node(node, flags);
	if (node->kind != SIMDEV_FILE || (flags & O_ACCMODE) != O_RDONLY) {
		errno = node->kind == SIMDEV_FILE ? EACCES : EISDIR;
		return -1;
	}
	int fd = memfd_create(canon, (flags & O_CLOEXEC) ? MFD_CLOEXEC : 0);
	size_t len = strlen(node->data);
	if (fd >= 0 && (write(fd, node->data, len) != (ssize_t)len || lseek(fd, 0, SEEK_SET))) {
		close(fd);
		errno = EIO;
		return -1;
	}
	return fd;
}

static mode_t mode_arg(int flags, va_list ap)
{
	return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
}

int open(const char *path, int flags, ...)
{
	if (simdev_vfs_owns(path))
		return open_node(path, flags);
	NEXT(open);
	va_list ap;
	va_start(ap, flags);
	mode_t mode = mode_arg(flags, ap);
	va_end(ap);
	return next_open(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	if (simdev_vfs_owns(path))
		return open_node(path, flags);
	NEXT(open64);
	va_list ap;
	va_start(ap, flags);
	mode_t mode = mode_arg(flags, ap);
	va_end(ap);
	return next_open64(path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	if (simdev_vfs_owns(path))
		return open_node(path, flags);
	NEXT(openat);
	va_list ap;
	va_start(ap, flags);
	mode_t mode = mode_arg(flags, ap);
	va_end(ap);
	return next_openat(dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	if (simdev_vfs_owns(path))
		return open_node(path, flags);
	NEXT(openat64);
	va_list ap;
	va_start(ap, flags);
	mode_t mode = mode_arg(flags, ap);
	va_end(ap);
	return next_openat64(dirfd, path, flags, mode);
}

/* The fortified forms the compiler emits for open() with constant flags. */
int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags);

int __open_2(const char *path, int flags) { return open(path, flags); }
int __open64_2(const char *path, int flags) { return open64(path, flags); }
int __openat_2(int dirfd, const char *path, int flags) { return openat(dirfd, path, flags); }
int __openat64_2(int dirfd, const char *path, int flags)
{
	return openat64(dirfd, path, flags);
}

static FILE *fopen_node(const char *path, const char *mode)
{
	int flags = strchr(mode, '+') || mode[0] != 'r' ? O_RDWR : O_RDONLY;
	int fd = open_node(path, flags | (strchr(mode, 'e') ? O_CLOEXEC : 0));
	if (fd < 0)
		return NULL;
	FILE *f = fdopen(fd, mode);
	if (!f)
		close(fd);
	return f;
}

FILE *fopen(const char *path, const char *mode)
{
	if (simdev_vfs_owns(path))
		return fopen_node(path, mode);
	NEXT(fopen);
	return next_fopen(path, mode);
}

FILE *fopen64(const char *path, const char *mode)
{
	if (simdev_vfs_owns(path))
		return fopen_node(path, mode);
	NEXT(fopen64);
	return next_fopen64(path, mode);
}

/* ---- stat ---- */

/* What the device says of a path for stat; false (errno set) if nothing. */
static bool stat_node(const char *path, bool follow, struct simdev_stat *s)
{
	char canon[SIMDEV_PATH_MAX];
	const struct simdev_node *node = lookup(path, follow, canon);
	if (node)
		simdev_vfs_fill_stat(node, s);
	return node != NULL;
}

/* Fills a `struct stat` or `struct stat64` (the same field names). */
#define FILL_STAT(st, path, follow) __extension__({ \
	struct simdev_stat s_; \
	bool ok_ = stat_node(path, follow, &s_); \
	if (ok_) { \
		memset(st, 0, sizeof(*(st))); \
		(st)->st_mode = s_.mode; \
		(st)->st_ino = s_.ino; \
		(st)->st_size = (off_t)s_.size; \
		(st)->st_rdev = s_.rdev; \
		(st)->st_nlink = s_.nlink; \
		(st)->st_blksize = 4096; \
	} \
	ok_ ? 0 : -1; })

int stat(const char *path, struct stat *st)
{
	if (simdev_vfs_owns(path))
		return FILL_STAT(st, path, true);
	NEXT(stat);
	return next_stat(path, st);
}

int stat64(const char *path, struct stat64 *st)
{
	if (simdev_vfs_owns(path))
		return FILL_STAT(st, path, true);
	NEXT(stat64);
	return next_stat64(path, st);
}

int lstat(const char *path, struct stat *st)
{
	if (simdev_vfs_owns(path))
		return FILL_STAT(st, path, false);
	NEXT(lstat);
	return next_lstat(path, st);
}

int lstat64(const char *path, struct stat64 *st)
{
	if (simdev_vfs_owns(path))
		return FILL_STAT(st, path, false);
	NEXT(lstat64);
	return next_lstat64(path, st);
}

int fstatat(int dirfd, const char *path, struct stat *st, int flags)
{
	if (simdev_vfs_owns(path))
		return FILL_STAT(st, path, !(flags & AT_SYMLINK_NOFOLLOW));
	NEXT(fstatat);
	return next_fstatat(dirfd, path, st, flags);
}

int fstatat64(int dirfd, const char *path, struct stat64 *st, int flags)
{
	if (simdev_vfs_owns(path))
		return FILL_STAT(st, path, !(flags & AT_SYMLINK_NOFOLLOW));
	NEXT(fstatat64);
	return next_fstatat64(dirfd, path, st, flags);
}

/* A device file shows as the character device it stands for. */
#define AS_DEVICE(st, kind) do { \
	if ((kind) > 0 && (kind) != SIMDEV_FD_DMABUF) { \
		(st)->st_mode = S_IFCHR | 0666; \
		(st)->st_rdev = makedev(SIMDEV_DRM_MAJOR, (unsigned)(kind) - 1); \
		(st)->st_size = 0; \
	} } while (0)

int fstat(int fd, struct stat *st)
{
	NEXT(fstat);
	int ret = next_fstat(fd, st);
	if (ret == 0)
		AS_DEVICE(st, simdev_fd_kind(fd));
	return ret;
}

int fstat64(int fd, struct stat64 *st)
{
	NEXT(fstat64);
	int ret = next_fstat64(fd, st);
	if (ret == 0)
		AS_DEVICE(st, simdev_fd_kind(fd));
	return ret;
}

/* access(2): on a path the device owns, succeeds for existing nodes and
 * refuses write access (EACCES) except to the device node; -1 with errno
 * when the path does not exist. Other paths go to libc. */
int access(const char *path, int mode)
{
	if (simdev_vfs_owns(path)) {
		char canon[SIMDEV_PATH_MAX];
		const struct simdev_node *node = lookup(path, true, canon);
		if (!node)
			return -1;
		if ((mode & W_OK) && node->kind != SIMDEV_CHR) {
			errno = EACCES;
			return -1;
		}
		return 0;
	}
	NEXT(access);
	return next_access(path, mode);
}

/* ---- links ---- */

/* readlink(2): on a path the device owns, copies the link's target (not NUL
 * terminated, at most `size` bytes) into buf; -1 with EINVAL when the node
 * is no link, or with errno when it does not exist. Other paths go to libc. */
ssize_t readlink(const char *path, char *buf, size_t size)
{
	if (simdev_vfs_owns(path)) {
		char canon[SIMDEV_PATH_MAX];
		const struct simdev_node *node = lookup(path, false, canon);
		if (!node)
			return -1;
		if (node->kind != SIMDEV_LINK) {
			errno = EINVAL;
			return -1;
		}
		size_t n = strlen(node->data);
		n = n < size ? n : size;
		memcpy(buf, node->data, n);
		return (ssize_t)n;
	}
	NEXT(readlink);
	return next_readlink(path, buf, size);
}

ssize_t readlinkat(int dirfd, const char *path, char *buf, size_t size)
{
	if (simdev_vfs_owns(path))
		return readlink(path, buf, size);
	NEXT(readlinkat);
	return next_readlinkat(dirfd, path, buf, size);
}

/* realpath(3): on a path the device owns, the canonical path with links
 * followed, in `resolved` or a new malloc'ed string; NULL with errno when it
 * does not exist or is longer than PATH_MAX. Other paths go to libc. */
char *realpath(const char *path, char *resolved)
{
	if (simdev_vfs_owns(path)) {
		char canon[SIMDEV_PATH_MAX];
		if (!lookup(path, true, canon))
			return NULL;
		if (strlen(canon) >= PATH_MAX) {
			errno = ENAMETOOLONG;
			return NULL;
		}
		return resolved ? strcpy(resolved, canon) : strdup(canon);
	}
	NEXT(realpath);
	return next_realpath(path, resolved);
}

/* ---- directories ---- */

/* A directory of the device being read; handed out as a DIR *. */
struct device_dir {
	const struct simdev_node *dir;
	size_t cursor;
	int dots;                 /* "." and ".." still to come */
	struct dirent ent;
	struct dirent64 ent64;
	struct device_dir *next;
};

static struct {
	pthread_mutex_t lock;
	struct device_dir *open;
} dirs = { .lock = PTHREAD_MUTEX_INITIALIZER };

static struct device_dir *device_dir(DIR *d)
{
	if (!dirs.open)
		return NULL;
	pthread_mutex_lock(&dirs.lock);
	struct device_dir *it = dirs.open;
	while (it && (DIR *)it != d)
		it = it->next;
	pthread_mutex_unlock(&dirs.lock);
	return it;
}

/* opendir(3): on a directory the device owns, a new listing of its entries
 * (with "." and "..") that readdir and closedir recognise; NULL with errno
 * when the path does not exist, is no directory, or memory runs out. Other
 * paths go to libc. */
DIR *opendir(const char *path)
{
	if (!simdev_vfs_owns(path)) {
		NEXT(opendir);
		return next_opendir(path);
	}
	char canon[SIMDEV_PATH_MAX];
	const struct simdev_node *node = lookup(path, true, canon);
	if (!node)
		return NULL;
	if (node->kind != SIMDEV_DIR) {
		errno = ENOTDIR;
		return NULL;
	}
	struct device_dir *d = calloc(1, sizeof(*d));
	if (!d)
		return NULL;
	d->dir = node;
	d->dots = 2;
	pthread_mutex_lock(&dirs.lock);
	d->next = dirs.open;
	dirs.open = d;
	pthread_mutex_unlock(&dirs.lock);
	return (DIR *)d;
}

static unsigned char dirent_type(enum simdev_kind kind)
{
	switch (kind) {
	case SIMDEV_DIR: return DT_DIR;
	case SIMDEV_FILE: return DT_REG;
	case SIMDEV_LINK: return DT_LNK;
	case SIMDEV_CHR: return DT_CHR;
	}
	return DT_UNKNOWN;
}

/* The next entry's name, inode and type; false at the end. */
static bool next_entry(struct device_dir *d, const char **name, uint64_t *ino,
		       unsigned char *type)
{
	struct simdev_stat st;
	if (d->dots > 0) {
		*name = d->dots-- == 2 ? "." : "..";
		simdev_vfs_fill_stat(d->dir, &st);
		*ino = st.ino;
		*type = DT_DIR;
		return true;
	}
	const struct simdev_node *n = simdev_vfs_child(d->dir, &d->cursor, name);
	if (!n)
		return false;
	simdev_vfs_fill_stat(n, &st);
	*ino = st.ino;
	*type = dirent_type(n->kind);
	return true;
}

#define FILL_DIRENT(e, name, ino, type) do { \
	memset(&(e), 0, sizeof(e)); \
	(e).d_ino = (ino); \
	(e).d_reclen = sizeof(e); \
	(e).d_type = (type); \
	snprintf((e).d_name, sizeof((e).d_name), "%s", (name)); } while (0)

/* readdir(3): the next entry of a device directory listing (stored in the
 * listing, valid until the next call), NULL at its end; other directories go
 * to libc. */
struct dirent *readdir(DIR *dir)
{
	struct device_dir *d = device_dir(dir);
	if (!d) {
		NEXT(readdir);
		return next_readdir(dir);
	}
	const char *name;
	uint64_t ino;
	unsigned char type;
	if (!next_entry(d, &name, &ino, &type))
		return NULL;
	FILL_DIRENT(d->ent, name, ino, type);
	return &d->ent;
}

/* readdir64(3): as readdir, with struct dirent64. */
struct dirent64 *readdir64(DIR *dir)
{
	struct device_dir *d = device_dir(dir);
	if (!d) {
		NEXT(readdir64);
		return next_readdir64(dir);
	}
	const char *name;
	uint64_t ino;
	unsigned char type;
	if (!next_entry(d, &name, &ino, &type))
		return NULL;
	FILL_DIRENT(d->ent64, name, ino, type);
	return &d->ent64;
}

void rewinddir(DIR *dir)
{
	struct device_dir *d = device_dir(dir);
	if (!d) {
		NEXT(rewinddir);
		next_rewinddir(dir);
		return;
	}
	d->cursor = 0;
	d->dots = 2;
}

int dirfd(DIR *dir)
{
	if (!device_dir(dir)) {
		NEXT(dirfd);
		return next_dirfd(dir);
	}
	errno = ENOTSUP;
	return -1;
}

/* closedir(3): frees a device directory listing (unlinking it from the open
 * list); other directories go to libc. */
int closedir(DIR *dir)
{
	struct device_dir *d = device_dir(dir);
	if (!d) {
		NEXT(closedir);
		return next_closedir(dir);
	}
	pthread_mutex_lock(&dirs.lock);
	struct device_dir **link = &dirs.open;
	while (*link != d)
		link = &(*link)->next;
	*link = d->next;
	pthread_mutex_unlock(&dirs.lock);
	free(d);
	return 0;
}

/* ---- the device's file descriptors ---- */

int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	va_start(ap, request);
	void *arg = va_arg(ap, void *);
	va_end(ap);
	int kind = simdev_fd_kind(fd);
	if (kind)
		return simdev_ioctl(fd, kind, request, arg);
	NEXT(ioctl);
	return next_ioctl(fd, request, arg);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset)
{
	if (fd >= 0 && simdev_fd_kind(fd))
		return simdev_mmap(fd, addr, len, prot, flags, (uint64_t)offset);
	NEXT(mmap);
	return next_mmap(addr, len, prot, flags, fd, offset);
}

void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t offset)
{
	if (fd >= 0 && simdev_fd_kind(fd))
		return simdev_mmap(fd, addr, len, prot, flags, (uint64_t)offset);
	NEXT(mmap64);
	return next_mmap64(addr, len, prot, flags, fd, offset);
}

int munmap(void *addr, size_t len)
{
	if (simdev_owns_mapping(addr, len))
		return 0;
	NEXT(munmap);
	return next_munmap(addr, len);
}
