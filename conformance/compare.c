/*
 * compare.c: `compare A.png B.png [--tolerance N] [--max-bad K]` compares two
 * images of one size channel by channel (as RGBA8): it prints how many pixels
 * have a channel differing by more than N and the largest channel
 * difference, and exits 1 if more than K pixels differ (2 on bad input).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_load.h"

/* The largest channel difference between pixel I of A and of B. */
static int pixel_diff(const struct image *a, const struct image *b, size_t i)
{
	int max = 0;
	for (int c = 0; c < 4; c++) {
		int d = abs((int)a->rgba[i * 4 + c] - (int)b->rgba[i * 4 + c]);
		max = d > max ? d : max;
	}
	return max;
}

/* Parses a non-negative integer option value; exits 2 on a bad one. */
static long number(const char *opt, const char *text)
{
	char *end;
	long v = text ? strtol(text, &end, 10) : -1;
	if (!text || *end || v < 0) {
		fprintf(stderr, "compare: %s wants a non-negative number\n", opt);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	long tolerance = 0, max_bad = 0;
	if (argc < 3 || argc % 2 == 0) {
		fprintf(stderr, "usage: compare A.png B.png [--tolerance N] [--max-bad K]\n");
		return 2;
	}
	for (int i = 3; i < argc; i += 2) {
		if (strcmp(argv[i], "--tolerance") == 0)
			tolerance = number(argv[i], argv[i + 1]);
		else if (strcmp(argv[i], "--max-bad") == 0)
			max_bad = number(argv[i], argv[i + 1]);
		else
			return fprintf(stderr, "compare: unknown option %s\n", argv[i]), 2;
	}
	struct image a = { 0 }, b = { 0 };
	if (!png_load("compare", argv[1], &a) || !png_load("compare", argv[2], &b))
		return 2;
	if (a.width != b.width || a.height != b.height) {
		fprintf(stderr, "compare: sizes differ: %ux%u and %ux%u\n", a.width, a.height,
			b.width, b.height);
		return 2;
	}
	long bad = 0;
	int max = 0;
	for (size_t i = 0; i < (size_t)a.width * a.height; i++) {
		int d = pixel_diff(&a, &b, i);
		bad += d > tolerance;
		max = d > max ? d : max;
	}
	printf("%ld bad pixels (channel difference > %ld) of %u, max difference %d\n", bad,
	       tolerance, a.width * a.height, max);
	free(a.rgba);
	free(b.rgba);
	return bad > max_bad;
}
