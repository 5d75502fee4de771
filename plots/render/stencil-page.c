/*
 * stencil-page.c - the `stencil-page` tool: the reproduction as one self-contained HTML page
 * (plots/render/page.h; make report), and REPRODUCE.md's list of the papers' contradictions.
 *
 *   stencil-page html [--root DIR] [--outdir DIR] [--compare DIR] [--out FILE]
 *        the page from the renderer's outputs in --outdir (default plots/out; with --compare, make
 *        compare's outputs for the rendered targets) into --out (default plots/out/report/index.html)
 *   stencil-page contradictions [--root DIR]
 *        data/paper/contradictions.csv as REPRODUCE.md's Markdown list, on standard output
 *   stencil-page targets [--root DIR]
 *        experiments/targets.csv as README.md's table of targets, on standard output
 *   stencil-page runs | runs-all | reproduce-time [--root DIR]
 *        the registry (data/runs/runs.csv) as the documents' run sections: the runs under
 *        data/runs/, every run (git's too), a whole reproduction's time (page-runs.c)
 *   stencil-page check-runs [--root DIR]
 *        the registry held to data/runs/, REFERENCE and each run's meta.csv (make test)
 *
 * Bad input exits 2 with one line; a failure to read or write exits 1.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "csvio.h"
#include "page.h"
#include "registry.h"

static const char *prog = "stencil-page";

int main(int argc, char **argv)
{
	struct page_opts o = { ".", "plots/out", NULL, "plots/out/report/index.html" };
	char err[1024], dir[1024];
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: %s html [--root DIR] [--outdir DIR] [--compare DIR] [--out FILE]\n"
			"       %s contradictions [--root DIR]\n"
			"       %s targets [--root DIR]\n"
			"       %s runs | runs-all | reproduce-time | check-runs [--root DIR]\n", prog, prog, prog, prog);
		return argc < 2 ? 2 : 0;
	}
	const struct cli_opt opts[] = { { "--root", &o.root }, { "--outdir", &o.outdir },
					{ "--compare", &o.compare }, { "--out", &o.out }, { NULL, NULL } };
	for (int i = 2; i < argc; i++)
		cli_take_opt(prog, opts, argc, argv, &i);
	if (!strcmp(argv[1], "contradictions") || !strcmp(argv[1], "targets")) {
		if ((argv[1][0] == 'c' ? page_contradictions_md : page_targets_md)(o.root, stdout, err, sizeof(err)) != 0)
			cli_fail(prog, "%s", err);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "runs") || !strcmp(cmd, "runs-all") || !strcmp(cmd, "reproduce-time") ||
	    !strcmp(cmd, "check-runs")) {
		const int rc = !strcmp(cmd, "check-runs") ? registry_check(o.root, NULL, err, sizeof(err))
			: !strcmp(cmd, "reproduce-time") ? page_reproduce_time_md(o.root, stdout, err, sizeof(err))
			: page_runs_md(o.root, !strcmp(cmd, "runs-all"), stdout, err, sizeof(err));
		if (rc != 0)
			cli_fail(prog, "%s", err);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	if (strcmp(cmd, "html"))
		cli_bad_input(prog, "unknown command '%s' (html, contradictions, targets, runs, runs-all, "
			      "reproduce-time, check-runs)", cmd);
	snprintf(dir, sizeof(dir), "%s", o.out);
	char *slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		if (output_dir(dir, err, sizeof(err)) != 0)
			cli_fail(prog, "%s", err);
	}
	if (page_write(&o, err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
	fprintf(stderr, "%s: wrote %s\n", prog, o.out);
	return 0;
}
