/*
 * stencil-render.c - the `stencil-render` tool: renders one target of experiments/targets.csv
 * (tcs Tables 2-4, tcs Figure 15 with tcs Figure 10's measured points, tcs Figure 16, sptc Figures
 * 9 and 10, the fermi and nongemm items, hopper-tc, the harness's kernels beside the authors'
 * artifacts, the verdicts) from a run directory into plots/out/TARGET.csv and TARGET.md (a figure
 * also TARGET.vars; plots/render/render.h); the Makefile's `make table3` and friends call it, then gnuplot
 * for the figures.
 *
 *   stencil-render TARGET [--run DIR] [--gpu NAME] [--outdir DIR] [--root DIR] [--repo DIR]
 *   stencil-render newest-run FILE... [--runs DIR]  print the reference run (DIR/REFERENCE) or else
 *                                                  the newest recorded run holding every FILE (with
 *                                                  no REFERENCE, a line on stderr says so)
 *   stencil-render run-time --run DIR [--outdir DIR]  where the run's time went, list by list
 *                                                  (OUTDIR/run-time.md and .csv: render-runtime.c)
 *   stencil-render node-ab --run ALONE [ARM_DIR...] [--outdir DIR]   each list of the run ALONE (each
 *                                                  GPU alone) beside the same list in each arm (runners
 *                                                  at once; none named: NAME-node, -nolock, -noenergy
 *                                                  beside NAME-alone): OUTDIR/node-ab.md and .csv
 *   stencil-render design --run DIR [--outdir DIR]    where the run's measurements vary: the variance
 *                                                  components of log rate by stratum (render-design.c)
 *   stencil-render appendix --run DIR [--outdir DIR]  REPRODUCE.md's table of experiments: each
 *                                                  target's configurations, set-up and execution
 *                                                  time and its claims' verdicts (the verdicts
 *                                                  rendered too: render-runtime.c)
 *   stencil-render verdict-tally --run DIR [--outdir DIR]  the verdicts counted by word (README.md's
 *                                                  opening), written beside the verdict table
 *   stencil-render claim-spread OUT RUN...          OUT (data/hw/claim-spread.csv): each claim's
 *                                                  largest spread between the replicas of the
 *                                                  replicated RUNs (plots/verdicts/claim-spread.c)
 *   stencil-render TARGET --run DIR --replica R | --rows-gpu UUID   one replica's rows alone, or one
 *                                                  GPU's (a UUID prefix), instead of their median
 *   stencil-render targets-mk [--root DIR]         print build/targets.mk, the Makefile's view of
 *                                                  experiments/targets.csv (plots/render/targets.c)
 *
 * Without --run it renders the model (for --gpu, default H200, from data/hw/gpus.csv) and the
 * papers' values. A run's titles say whether kernels/ or profiling/ changed since its commit in the
 * git repository --repo names (default: --root; STENCIL_REPRO_STALE=off: not checked, and said).
 * Bad input exits 2 with one line; a failure to write or read exits 1.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "render.h"

static const char *prog = "stencil-render";

int main(int argc, char **argv)
{
	const char *run = NULL, *gpu = NULL, *outdir = "plots/out", *root = ".", *runs = NULL, *repo = NULL;
	char err[1024];
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: %s TARGET [--run DIR] [--gpu NAME] [--outdir DIR] [--root DIR] [--repo DIR]\n"
			"       %s newest-run FILE... [--runs DIR]\n"
			"       %s run-time --run DIR [--outdir DIR]\n"
			"       %s design --run DIR [--outdir DIR]\n"
			"       %s node-ab --run ALONE ARM_DIR... [--outdir DIR]\n"
			"       %s appendix --run DIR [--outdir DIR]\n"
			"       %s verdict-tally --run DIR [--outdir DIR]\n"
			"       %s claim-spread OUT RUN...\n"
			"       %s targets-mk [--root DIR]\n"
			"A run's rows: --replica R (one replica's) or --rows-gpu UUID (one GPU's), else their median.\n"
			"Targets: the rendered rows of experiments/targets.csv.\n", prog, prog, prog, prog, prog, prog, prog, prog, prog);
		return argc < 2 ? 2 : 0;
	}
	const char *target = argv[1];
	const char *files[64] = { NULL }, *replica = NULL, *rows_gpu = NULL;
	if (!strcmp(target, "claim-spread")) {
		if (argc < 4)
			cli_bad_input(prog, "claim-spread needs OUT and a replicated RUN");
		if (render_claim_spread(".", (const char *const *)argv + 3, (size_t)(argc - 3), argv[2], err,
					sizeof(err)) != 0)
			cli_fail(prog, "%s", err);
		fprintf(stderr, "%s: wrote %s from %d run%s\n", prog, argv[2], argc - 3, argc > 4 ? "s" : "");
		return 0;
	}
	int nfiles = 0, i = 2;
	if (!strcmp(target, "node-ab")) {   /* node-ab --run ALONE ARM... [--outdir DIR] */
		const char *alone = NULL, *arms[8];
		size_t narms = 0;
		for (; i < argc; i++) {
			if (!strcmp(argv[i], "--run") && i + 1 < argc)
				alone = argv[++i];
			else if (!strcmp(argv[i], "--outdir") && i + 1 < argc)
				outdir = argv[++i];
			else if (strncmp(argv[i], "--", 2) && narms < 8)
				arms[narms++] = argv[i];
			else
				cli_bad_input(prog, "node-ab: unknown or extra argument '%s'", argv[i]);
		}
		/* no arm named: the A/B's own beside NAME-alone (scripts/node-ab.sh): NAME-node, -nolock, -noenergy */
		static char derived[3][1024];
		static const char *const arm_names[] = { "node", "nolock", "noenergy" };
		const size_t al = alone ? strlen(alone) : 0;
		const int derive = !narms;
		for (size_t k = 0; derive && al > 6 && !strcmp(alone + al - 6, "-alone") && k < 3; k++) {
			struct stat sb;
			snprintf(derived[k], sizeof(derived[k]), "%.*s-%s", (int)(al - 6), alone, arm_names[k]);
			if (stat(derived[k], &sb) == 0 && S_ISDIR(sb.st_mode))
				arms[narms++] = derived[k];
		}
		if (!alone || !narms)
			cli_bad_input(prog, "node-ab needs --run ALONE and one arm's run directory at least (or a run "
				      "NAME-alone beside NAME-node, -nolock, -noenergy)");
		if (render_node_ab(alone, arms, narms, outdir, err, sizeof(err)) != 0)
			cli_fail(prog, "%s", err);
		fprintf(stderr, "%s: wrote %s/node-ab.md and .csv (%s beside %zu arm%s)\n", prog, outdir, alone, narms,
			narms == 1 ? "" : "s");
		return 0;
	}
	if (!strcmp(target, "newest-run")) {
		for (; i < argc && strncmp(argv[i], "--", 2) && nfiles < 63; i++)
			files[nfiles++] = argv[i];
		if (!nfiles)
			cli_bad_input(prog, "newest-run needs a FILE");
	}
	const struct cli_opt opts[] = { { "--run", &run }, { "--gpu", &gpu }, { "--outdir", &outdir },
					{ "--root", &root }, { "--runs", &runs }, { "--repo", &repo }, { "--replica", &replica },
					{ "--rows-gpu", &rows_gpu }, { NULL, NULL } };
	for (; i < argc; i++)
		cli_take_opt(prog, opts, argc, argv, &i);
	char runs_buf[1024];
	if (!runs) {
		snprintf(runs_buf, sizeof(runs_buf), "%s%sdata/runs", strcmp(root, ".") ? root : "",
			 strcmp(root, ".") ? "/" : "");
		runs = runs_buf;
	}
	if (!strcmp(target, "targets-mk")) {
		if (render_targets_mk(root, stdout, err, sizeof(err)) != 0)
			cli_bad_input(prog, "%s", err);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	/* a whole run's own outputs: OUTDIR/NAME.md and .csv */
	static const struct {
		const char *name;
		int (*fn)(const char *root, const char *run, const char *outdir, char *err, size_t len);
	} run_outputs[] = { { "design", render_design }, { "run-time", render_run_time } };
	for (size_t k = 0; k < sizeof(run_outputs) / sizeof(run_outputs[0]); k++) {
		struct stat sb;
		if (strcmp(target, run_outputs[k].name))
			continue;
		if (!run)
			cli_bad_input(prog, "%s needs --run DIR", target);
		if (stat(run, &sb) != 0 || !S_ISDIR(sb.st_mode))
			cli_bad_input(prog, "--run '%s' is not a run directory", run);
		if (run_outputs[k].fn(root, run, outdir, err, sizeof(err)) != 0)
			cli_fail(prog, "%s", err);
		fprintf(stderr, "%s: wrote %s/%s.md and .csv (%s)\n", prog, outdir, target, run);
		return 0;
	}
	if (nfiles) {
		char out[1024];
		const int rc = render_newest_run(runs, files, out, sizeof(out), err, sizeof(err));
		if (rc == -2)
			cli_bad_input(prog, "%s", err);
		if (rc != 0) {
			fprintf(stderr, "%s: no recorded run under %s holds %s%s\n", prog, runs, files[0],
				nfiles > 1 ? " and the other files named" : "");
			return 1;
		}
		if (err[0])   /* no REFERENCE: the newest run taken, said */
			fprintf(stderr, "%s: %s\n", prog, err);
		printf("%s\n", out);
		return 0;
	}
	if (run && gpu)
		cli_bad_input(prog, "--gpu '%s' applies only without --run (a run's GPU is its own)", gpu);
	struct render_ctx c;
	if (render_open(&c, root, run, gpu, outdir, err, sizeof(err)) != 0)
		cli_fail(prog, "%s", err);
	if (repo)
		snprintf(c.run.repo, sizeof(c.run.repo), "%s", repo);
	long rep = 0;
	if (replica && (cli_parse_int(replica, &rep) != 0 || rep < 1 || rep > 64)) {
		render_close(&c);
		cli_bad_input(prog, "bad --replica '%s' (1 to 64)", replica);
	}
	c.run.replica = (int)rep;
	if (rows_gpu)
		snprintf(c.run.gpu_sel, sizeof(c.run.gpu_sel), "%s", rows_gpu);
	const int after_verdicts = !strcmp(target, "appendix") || !strcmp(target, "verdict-tally");
	if (!after_verdicts && !render_target_spec(&c, target)) {
		char names[512] = "";
		for (size_t k = 0; k < c.ntargets; k++)
			snprintf(names + strlen(names), sizeof(names) - strlen(names), " %s", c.targets[k].name);
		render_close(&c);
		cli_bad_input(prog, "unknown target '%s' (experiments/targets.csv:%s)", target, names);
	}
	if (after_verdicts) {   /* the verdicts first: the table counts them */
		if (!run)
			cli_bad_input(prog, "%s needs --run DIR", target);
		/* verdict-tally: the verdicts write it beside their table */
		if (render_target(&c, "verdicts", err, sizeof(err)) != 0 ||
		    (!strcmp(target, "appendix") && render_appendix(&c, err, sizeof(err)) != 0)) {
			render_close(&c);
			cli_fail(prog, "%s", err);
		}
		fprintf(stderr, "%s: wrote %s/%s.md (%s)\n", prog, outdir, target, run);
		render_close(&c);
		return 0;
	}
	if (render_target(&c, target, err, sizeof(err)) != 0) {
		render_close(&c);
		cli_fail(prog, "%s", err);
	}
	fprintf(stderr, "%s: wrote %s/%s.csv and .md (%s)\n", prog, outdir, target, c.title);
	render_close(&c);
	return 0;
}
