/*
 * simdev_vfs.c: the simulated device's files — /dev/dri and the sysfs tree
 * that libdrm and Mesa read to identify a DRM device — as one table.
 *
 * The device is what a Raspberry Pi 3 running Linux's vc4 driver shows: the
 * platform device "soc:gpu" (compatible "brcm,bcm2835-vc4") with a primary
 * node card0 (char 226:0) and a render node renderD128 (char 226:128).
 * Paths are resolved through the table's symbolic links like the kernel's
 * path walk, so "/sys/dev/char/226:128/device/drm" reaches the same entry as
 * "/sys/devices/platform/soc/soc:gpu/drm". Only paths under the roots in
 * `owned_roots` are answered here; every other path belongs to the host.
 */
#include "simdev/simdev.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/sysmacros.h>

#define GPU "/sys/devices/platform/soc/soc:gpu"

static const struct simdev_node nodes[] = {
	{ "/dev/dri", SIMDEV_DIR, NULL, 0 },
	{ "/dev/dri/card0", SIMDEV_CHR, NULL, SIMDEV_MINOR_CARD },
	{ "/dev/dri/renderD128", SIMDEV_CHR, NULL, SIMDEV_MINOR_RENDER },
	{ "/dev/dri/by-path", SIMDEV_DIR, NULL, 0 },
	{ "/dev/dri/by-path/platform-soc:gpu-card", SIMDEV_LINK, "../card0", 0 },
	{ "/dev/dri/by-path/platform-soc:gpu-render", SIMDEV_LINK, "../renderD128", 0 },
	{ "/sys/dev/char/226:0", SIMDEV_LINK, "../../devices/platform/soc/soc:gpu/drm/card0", 0 },
	{ "/sys/dev/char/226:128", SIMDEV_LINK,
	  "../../devices/platform/soc/soc:gpu/drm/renderD128", 0 },
	{ "/sys/class/drm", SIMDEV_DIR, NULL, 0 },
	{ "/sys/class/drm/card0", SIMDEV_LINK, "../../devices/platform/soc/soc:gpu/drm/card0", 0 },
	{ "/sys/class/drm/renderD128", SIMDEV_LINK,
	  "../../devices/platform/soc/soc:gpu/drm/renderD128", 0 },
	{ "/sys/class/drm/version", SIMDEV_FILE, "drm 1.1.0 20060810\n", 0 },
	{ "/sys/devices/platform/soc", SIMDEV_DIR, NULL, 0 },
	{ GPU, SIMDEV_DIR, NULL, 0 },
	{ GPU "/uevent", SIMDEV_FILE,
	  "DRIVER=vc4-drm\nOF_NAME=gpu\nOF_FULLNAME=/soc/gpu\n"
	  "OF_COMPATIBLE_0=brcm,bcm2835-vc4\nOF_COMPATIBLE_N=1\n"
	  "MODALIAS=of:NgpuT(null)Cbrcm,bcm2835-vc4\n", 0 },
	{ GPU "/modalias", SIMDEV_FILE, "of:NgpuT(null)Cbrcm,bcm2835-vc4\n", 0 },
	{ GPU "/subsystem", SIMDEV_LINK, "../../../../bus/platform", 0 },
	{ GPU "/driver", SIMDEV_LINK, "../../../../bus/platform/drivers/vc4-drm", 0 },
	{ GPU "/drm", SIMDEV_DIR, NULL, 0 },
	{ GPU "/drm/card0", SIMDEV_DIR, NULL, 0 },
	{ GPU "/drm/card0/dev", SIMDEV_FILE, "226:0\n", 0 },
	{ GPU "/drm/card0/uevent", SIMDEV_FILE,
	  "MAJOR=226\nMINOR=0\nDEVNAME=dri/card0\nDEVTYPE=drm_minor\n", 0 },
	{ GPU "/drm/card0/device", SIMDEV_LINK, "../../../soc:gpu", 0 },
	{ GPU "/drm/card0/subsystem", SIMDEV_LINK, "../../../../../../class/drm", 0 },
	{ GPU "/drm/renderD128", SIMDEV_DIR, NULL, 0 },
	{ GPU "/drm/renderD128/dev", SIMDEV_FILE, "226:128\n", 0 },
	{ GPU "/drm/renderD128/uevent", SIMDEV_FILE,
	  "MAJOR=226\nMINOR=128\nDEVNAME=dri/renderD128\nDEVTYPE=drm_minor\n", 0 },
	{ GPU "/drm/renderD128/device", SIMDEV_LINK, "../../../soc:gpu", 0 },
	{ GPU "/drm/renderD128/subsystem", SIMDEV_LINK, "../../../../../../class/drm", 0 },
	{ "/sys/bus/platform", SIMDEV_DIR, NULL, 0 },
	{ "/sys/bus/platform/drivers", SIMDEV_DIR, NULL, 0 },
	{ "/sys/bus/platform/drivers/vc4-drm", SIMDEV_DIR, NULL, 0 },
};

#define NODE_COUNT (sizeof(nodes) / sizeof(nodes[0]))

/* Paths under these are the device's; the host answers everything else. */
static const char *const owned_roots[] = {
	"/dev/dri", "/sys/dev/char/226:", "/sys/class/drm", "/sys/devices/platform/soc",
	"/sys/bus/platform",
};

bool simdev_vfs_owns(const char *path)
{
	if (!path || path[0] != '/' || (path[1] != 'd' && path[1] != 's'))
		return false;
	for (size_t i = 0; i < sizeof(owned_roots) / sizeof(owned_roots[0]); i++) {
		size_t n = strlen(owned_roots[i]);
		if (strncmp(path, owned_roots[i], n) == 0 &&
		    (owned_roots[i][n - 1] == ':' || path[n] == '\0' || path[n] == '/'))
			return true;
	}
	return false;
}

static const struct simdev_node *find_exact(const char *path, size_t len)
{
	for (size_t i = 0; i < NODE_COUNT; i++)
		if (strlen(nodes[i].path) == len && memcmp(nodes[i].path, path, len) == 0)
			return &nodes[i];
	return NULL;
}

/* Appends component [c, c+n) to the canonical path `out` (length *len),
 * handling "." and "..". False when the result would not fit. */
static bool push_component(char *out, size_t *len, const char *c, size_t n)
{
	if (n == 0 || (n == 1 && c[0] == '.'))
		return true;
	if (n == 2 && c[0] == '.' && c[1] == '.') {
		while (*len > 0 && out[*len - 1] != '/')
			(*len)--;
		if (*len > 0)
			(*len)--;
		out[*len] = '\0';
		return true;
	}
	if (*len + 1 + n >= SIMDEV_PATH_MAX)
		return false;
	out[(*len)++] = '/';
	memcpy(out + *len, c, n);
	*len += n;
	out[*len] = '\0';
	return true;
}

/* Splices a link's target in front of the still unwalked `rest`. */
static bool splice_link(char *work, const char *target, const char *rest)
{
	char tmp[SIMDEV_PATH_MAX];
	int n = snprintf(tmp, sizeof(tmp), "%s%s%s", target, *rest ? "/" : "", rest);
	if (n < 0 || (size_t)n >= sizeof(tmp))
		return false;
	memcpy(work, tmp, (size_t)n + 1);
	return true;
}

int simdev_vfs_resolve(const char *path, bool follow_last, char *out,
		       const struct simdev_node **node)
{
	char work[SIMDEV_PATH_MAX];
	if (strlen(path) >= sizeof(work))
		return -ENAMETOOLONG;
	strcpy(work, path);
	size_t len = 0;
	out[0] = '\0';
	const char *p = work;
	for (int hops = 0; hops < 40;) {
		while (*p == '/')
			p++;
		if (!*p)
			break;
		const char *end = strchr(p, '/');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		size_t before = len;
		if (!push_component(out, &len, p, n))
			return -ENAMETOOLONG;
		p += n;
		const struct simdev_node *at = find_exact(out, len);
		bool last = strspn(p, "/") == strlen(p);
		if (at && at->kind == SIMDEV_LINK && (!last || follow_last)) {
			len = before;
			out[len] = '\0';
			if (at->data[0] == '/')
				len = 0, out[0] = '\0';
			if (!splice_link(work, at->data, p))
				return -ENAMETOOLONG;
			p = work;
			hops++;
		}
	}
	if (len == 0)
		strcpy(out, "/");
	*node = find_exact(out, strlen(out));
	return *node ? 0 : -ENOENT;
}

const struct simdev_node *simdev_vfs_child(const struct simdev_node *dir, size_t *cursor,
					   const char **name)
{
	size_t dlen = strlen(dir->path);
	for (; *cursor < NODE_COUNT; (*cursor)++) {
		const struct simdev_node *n = &nodes[*cursor];
		if (strncmp(n->path, dir->path, dlen) != 0 || n->path[dlen] != '/')
			continue;
		if (strchr(n->path + dlen + 1, '/'))
			continue;
		(*cursor)++;
		*name = n->path + dlen + 1;
		return n;
	}
	return NULL;
}

/* Fills *st for a device node: a fixed inode number per node, and mode,
 * size, link count and device number by kind (directory, read-only file,
 * link, or the DRM character device of the node's minor). */
void simdev_vfs_fill_stat(const struct simdev_node *node, struct simdev_stat *st)
{
	memset(st, 0, sizeof(*st));
	st->ino = 0x5d000 + (uint64_t)(node - nodes);
	st->nlink = 1;
	switch (node->kind) {
	case SIMDEV_DIR:
		st->mode = S_IFDIR | 0755;
		st->nlink = 2;
		break;
	case SIMDEV_FILE:
		st->mode = S_IFREG | 0444;
		st->size = strlen(node->data);
		break;
	case SIMDEV_LINK:
		st->mode = S_IFLNK | 0777;
		st->size = strlen(node->data);
		break;
	case SIMDEV_CHR:
		st->mode = S_IFCHR | 0666;
		st->rdev = makedev(SIMDEV_DRM_MAJOR, node->minor);
		break;
	}
}
