/*
 * stencil-render.c - the `stencil-render` tool: renders one experiment target (tcs Tables 2-4,
 * tcs Figures 10/15 and 16, sptc Figures 9 and 10, the verdicts) from a run directory into
 * plots/out/TARGET.csv and TARGET.md (model/render.h); the Makefile's `make table3` and friends
 * call it, then gnuplot for the figures.
 *
 *   stencil-render TARGET [--run DIR] [--gpu NAME] [--outdir DIR] [--root DIR]
 *   stencil-render newest-run FILE [--runs DIR]     print the newest recorded run holding FILE
 *
 * Without --run it renders the model (for --gpu, default H200, from data/hw/gpus.csv) and the
 * papers' values. Bad input exits 2 with one line; a failure to write or read exits 1.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "render.h"

static const char *prog = "stencil-render";

int main(int argc, char **argv)
{
	const char *run = NULL, *gpu = NULL, *outdir = "plots/out", *root = ".", *runs = "data/runs";
	char err[1024];
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: %s TARGET [--run DIR] [--gpu NAME] [--outdir DIR] [--root DIR]\n"
			"       %s newest-run FILE [--runs DIR]\n"
			"Targets: tcs-table2 tcs-table3 tcs-table4 tcs-figure15 tcs-figure16 sptc-figure9\n"
			"sptc-figure10 verdicts.\n", prog, prog);
		return argc < 2 ? 2 : 0;
	}
	const char *target = argv[1];
	const char *file = NULL;
	int i = 2;
	if (!strcmp(target, "newest-run")) {
		if (argc < 3)
			cli_bad_input(prog, "newest-run needs a FILE");
		file = argv[2];
		i = 3;
	}
	for (; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v)
			cli_bad_input(prog, "option '%s' needs a value", a);
		if (!strcmp(a, "--run"))
			run = v;
		else if (!strcmp(a, "--gpu"))
			gpu = v;
		else if (!strcmp(a, "--outdir"))
			outdir = v;
		else if (!strcmp(a, "--root"))
			root = v;
		else if (!strcmp(a, "--runs"))
			runs = v;
		else
			cli_bad_input(prog, "unknown option '%s'", a);
		i++;
	}
	if (file) {
		char out[1024];
		if (render_newest_run(runs, file, out, sizeof(out)) != 0)
			return 1;
		printf("%s\n", out);
		return 0;
	}
	int known = 0;
	for (const char *const *t = render_targets; *t; t++)
		known |= !strcmp(*t, target);
	if (!known)
		cli_bad_input(prog, "unknown target '%s' (see --help)", target);
	struct render_ctx c;
	if (render_open(&c, root, run, gpu, outdir, err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
	if (render_target(&c, target, err, sizeof(err)) != 0) {
		render_close(&c);
		cli_fail(prog, "%s", err);
	}
	fprintf(stderr, "%s: wrote %s/%s.csv and .md (%s)\n", prog, outdir, target, c.title);
	render_close(&c);
	return 0;
}
