/*
 * svg-overlap.c - the figures' layout check from the command line: for each gnuplot SVG named,
 * every text that leaves the canvas and every two texts over each other (tests/svg-text.h, the
 * check tests/test_figures.c runs over every figure), a line each. Usage: svg-overlap FILE.svg...;
 * exits 1 when it found any, 2 when a file does not read.
 */
#include <stdio.h>

#include "svg-text.h"

static void print(void *arg, const char *msg)
{
	printf("%s: %s\n", (const char *)arg, msg);
}

int main(int argc, char **argv)
{
	int rc = 0;
	if (argc < 2) {
		fprintf(stderr, "usage: svg-overlap FILE.svg...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		struct svg_doc d;
		char err[1024];
		if (svg_texts_read(argv[i], &d, err, sizeof(err)) != 0) {
			fprintf(stderr, "svg-overlap: %s\n", err);
			rc = 2;
			continue;
		}
		const size_t n = svg_layout_problems(&d, SVG_TOL, print, argv[i]);
		printf("%s: %zu text(s), %zu problem(s)\n", argv[i], d.n, n);
		if (n && !rc)
			rc = 1;
		svg_doc_free(&d);
	}
	return rc;
}
