/*
 * stencil-compare.c - the `stencil-compare` tool behind `make compare RUNS="a b ..."`: the tables
 * and figure data of two or more recorded runs side by side, one column (or series) a GPU, with
 * each run's model on its own ceilings and the ratios to the first run (plots/render/compare.h).
 *
 *   stencil-compare RUNDIR RUNDIR... [--outdir plots/out/compare] [--work build/compare] [--root .]
 *
 * Bad input exits 2 with one line; a run that cannot be read or rendered exits 1.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "compare.h"

static const char *prog = "stencil-compare";

int main(int argc, char **argv)
{
	const char *outdir = "plots/out/compare", *work = "build/compare", *root = ".";
	const char *runs[CMP_MAX_RUNS + 1];
	size_t n = 0;
	char err[2048];
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: %s RUNDIR RUNDIR... [--outdir DIR] [--work DIR] [--root DIR]\n", prog);
		return argc < 2 ? 2 : 0;
	}
	const struct cli_opt opts[] = { { "--outdir", &outdir }, { "--work", &work }, { "--root", &root }, { NULL, NULL } };
	for (int i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--", 2)) {
			cli_take_opt(prog, opts, argc, argv, &i);
			continue;
		}
		if (!argv[i][0])   /* render_open would take it for no run: the model alone */
			cli_bad_input(prog, "run %zu is an empty path ('')", n + 1);
		if (n == CMP_MAX_RUNS)
			cli_bad_input(prog, "more than %d runs ('%s')", CMP_MAX_RUNS, argv[i]);
		runs[n++] = argv[i];
	}
	if (n < 2)
		cli_bad_input(prog, "%zu run%s given ('%s'): compare needs two or more", n, n == 1 ? "" : "s",
			      n ? runs[0] : "");
	if (compare_runs(root, runs, n, work, outdir, stderr, err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
	fprintf(stderr, "%s: wrote %s/index.md and each target's .md and .csv\n", prog, outdir);
	return 0;
}
