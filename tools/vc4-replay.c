/*
 * vc4-replay: resubmits a captured SUBMIT_CL (docs/capture.md).
 *
 *   vc4-replay DIR [--backend sim|drm|auto] [--png OUT.png] [--stats]
 *
 * Prints the kernel's verdict, and with --stats the ioctls it took by kind.
 * Exit status: 0 accepted, 1 rejected (the reason is printed), 2 unreadable
 * capture, no usable device or bad usage.
 */
#include <stdio.h>
#include <string.h>

#include "bo/vc4_bo.h"
#include "bo/vc4_capture.h"
#include "bo/vc4_dev.h"

static int usage(void)
{
	fprintf(stderr, "usage: vc4-replay DIR [--backend sim|drm|auto] [--png OUT.png] "
		"[--stats]\n");
	return 2;
}

/* Parses the command line; false on a usage error. */
static bool parse_args(int argc, char **argv, const char **dir, enum vc4_backend *backend,
		       const char **png, bool *stats)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
			const char *b = argv[++i];
			if (strcmp(b, "sim") == 0)
				*backend = VC4_BACKEND_SIM;
			else if (strcmp(b, "drm") == 0)
				*backend = VC4_BACKEND_DRM;
			else if (strcmp(b, "auto") == 0)
				*backend = VC4_BACKEND_AUTO;
			else
				return false;
		} else if (strcmp(argv[i], "--stats") == 0) {
			*stats = true;
		} else if (strcmp(argv[i], "--png") == 0 && i + 1 < argc) {
			*png = argv[++i];
		} else if (argv[i][0] == '-' || *dir) {
			return false;
		} else {
			*dir = argv[i];
		}
	}
	return *dir != NULL;
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

int main(int argc, char **argv)
{
	const char *dir = NULL, *png = NULL;
	bool stats = false;
	enum vc4_backend backend = VC4_BACKEND_AUTO;
	if (!parse_args(argc, argv, &dir, &backend, &png, &stats))
		return usage();
	struct vc4_diag diag = {0};
	struct vc4_capture cap;
	if (!vc4_capture_load(dir, &cap, &diag)) {
		fprintf(stderr, "vc4-replay: %s\n", diag.msg);
		return 2;
	}
	struct vc4_dev_options opts = { .backend = backend };
	struct vc4_dev *dev = vc4_dev_open(&opts, &diag);
	if (!dev) {
		fprintf(stderr, "vc4-replay: %s\n", diag.msg);
		vc4_capture_free(&cap);
		return 2;
	}
	enum vc4_replay_result r = vc4_capture_replay(dev, &cap, &diag);
	if (r == VC4_REPLAY_ACCEPTED)
		printf("accepted (%s backend)\n", vc4_backend_name(vc4_dev_backend(dev)));
	else
		printf("rejected (%s backend): %s\n", vc4_backend_name(vc4_dev_backend(dev)),
		       diag.msg);
	vc4_capture_free(&cap);
	if (stats) {
		/* Closing frees the BO cache: count those GEM_CLOSEs too. */
		vc4_bo_cache_clear(dev);
		print_stats(dev);
	}
	if (png)
		printf("--png %s: not written: no rendering backend exists yet (the simulated "
		       "kernel completes jobs without executing them)\n", png);
	vc4_dev_close(dev);
	return r == VC4_REPLAY_ACCEPTED ? 0 : 1;
}
