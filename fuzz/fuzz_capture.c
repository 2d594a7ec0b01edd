/*
 * fuzz_capture.c: libFuzzer harness for loading captured submissions
 * (src/dev/vc4_capture.c: submit.txt parsing, the blob files; docs/capture.md).
 *
 * Input layout: submit.txt's text up to the first NUL byte (all of it when
 * there is none), then files, each a u8 name (0 bin_cl.bin, 1
 * shader_rec.bin, 2 uniforms.bin, 3 + i bo-i.bin), a little-endian u32
 * length and that many bytes (clipped to what is left). The harness writes
 * them into a fresh directory and loads it. It checks that nothing crashes,
 * leaks or reads outside a buffer (ASan/UBSan), that a rejection names the
 * directory's file it is about, and for a capture that loads (an oracle
 * independent of the parser) that submit.txt written back by
 * vc4_capture_format_submit() loads to the same submission, and that every
 * blob holds the bytes of its file.
 *
 * Also linked into tests/fuzz's corpus replay (no libFuzzer there).
 * FUZZ_VERBOSE=1 in the environment prints each verdict to stderr.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dev/vc4_capture.h"
#include "util/file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];

static void remove_dir(void)
{
	DIR *d = opendir(dir);
	char path[400];
	for (struct dirent *de; d && (de = readdir(d));) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
}

/* At exit: the directory goes. */
static void drop_dir(void)
{
	remove_dir();
	rmdir(dir);
}

/* An empty directory for this input (made once, in memory when /dev/shm
 * is there, and emptied each time). */
static void fresh_dir(void)
{
	if (!dir[0]) {
		bool shm = access("/dev/shm", W_OK) == 0;
		snprintf(dir, sizeof(dir), "%s/vc4-fuzz-capture-XXXXXX", shm ? "/dev/shm" : "/tmp");
		if (!mkdtemp(dir))
			abort();
		atexit(drop_dir);
	}
	remove_dir();
}

static void put(const char *name, const void *bytes, size_t len)
{
	char path[400];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (!vc4_write_file(path, bytes, len, NULL))
		abort();
}

/* The file name of blob `which`. */
static void blob_name(unsigned which, char name[32])
{
	static const char *const fixed[] = { "bin_cl.bin", "shader_rec.bin", "uniforms.bin" };
	if (which < 3)
		snprintf(name, 32, "%s", fixed[which]);
	else
		snprintf(name, 32, "bo-%u.bin", which - 3);
}

/* Writes the input's files into the directory. */
static void write_input(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t text = nul ? (size_t)(nul - data) : size, at = text + 1;
	put("submit.txt", data, text);
	while (at + 5 <= size) {
		uint32_t len = (uint32_t)data[at + 1] | (uint32_t)data[at + 2] << 8 |
			       (uint32_t)data[at + 3] << 16 | (uint32_t)data[at + 4] << 24;
		char name[32];
		blob_name(data[at], name);
		at += 5;
		if (len > size - at)
			len = (uint32_t)(size - at);
		put(name, data + at, len);
		at += len;
	}
}

static bool same_blob(const uint8_t *a, const uint8_t *b, uint32_t size)
{
	return size == 0 || (a && b && memcmp(a, b, size) == 0);
}

/* Two loads of one capture agree. */
static bool same_capture(const struct vc4_capture *a, const struct vc4_capture *b)
{
	if (memcmp(&a->args, &b->args, sizeof(a->args)) != 0 ||
	    !same_blob(a->bin_cl, b->bin_cl, a->args.bin_cl_size) ||
	    !same_blob(a->shader_rec, b->shader_rec, a->args.shader_rec_size) ||
	    !same_blob(a->uniforms, b->uniforms, a->args.uniforms_size))
		return false;
	for (uint32_t i = 0; i < a->args.bo_handle_count; i++)
		if (a->bos[i].size != b->bos[i].size || a->bos[i].kind != b->bos[i].kind ||
		    !same_blob(a->bos[i].data, b->bos[i].data, a->bos[i].size))
			return false;
	return true;
}

/* Every blob holds its file's bytes. */
static void check_blobs(const struct vc4_capture *cap)
{
	const uint8_t *blob[3] = { cap->bin_cl, cap->shader_rec, cap->uniforms };
	uint32_t sizes[3] = { cap->args.bin_cl_size, cap->args.shader_rec_size,
			      cap->args.uniforms_size };
	for (unsigned i = 0; i < 3 + cap->args.bo_handle_count; i++) {
		const struct vc4_capture_bo *bo = i >= 3 ? &cap->bos[i - 3] : NULL;
		if (bo && bo->kind == VC4_CAPTURE_BO_MISSING)
			continue;
		char name[32], path[400];
		blob_name(i, name);
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		size_t got;
		uint8_t *file = vc4_read_file(path, &got, NULL);
		uint32_t want = bo ? bo->size : sizes[i];
		if (!file || got != want || !same_blob(file, bo ? bo->data : blob[i], want))
			abort();
		free(file);
	}
}

/* submit.txt written back loads to the same capture. */
static void check_round_trip(const struct vc4_capture *cap)
{
	char *text = vc4_capture_format_submit(&cap->args, cap->bos);
	if (!text)
		return; /* out of memory */
	put("submit.txt", text, strlen(text));
	struct vc4_capture again;
	struct vc4_diag d = { 0 };
	if (!vc4_capture_load(dir, &again, &d)) {
		fprintf(stderr, "written-back submit.txt rejected: %s\n%s", d.msg, text);
		abort();
	}
	if (!same_capture(cap, &again)) {
		fprintf(stderr, "written-back submit.txt loads differently:\n%s", text);
		abort();
	}
	vc4_capture_free(&again);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fresh_dir();
	write_input(data, size);
	struct vc4_capture cap;
	struct vc4_diag d = { 0 };
	bool ok = vc4_capture_load(dir, &cap, &d);
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "vc4_capture_load: %s\n", ok ? "ok" : d.msg);
	if (!ok && strcmp(d.msg, "out of memory") != 0 &&
	    (strncmp(d.msg, dir, strlen(dir)) != 0 || d.msg[strlen(dir)] != '/'))
		abort();
	if (ok) {
		check_blobs(&cap);
		check_round_trip(&cap);
		vc4_capture_free(&cap);
	}
	return 0;
}
