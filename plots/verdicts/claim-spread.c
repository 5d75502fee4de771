/*
 * claim-spread.c - data/hw/claim-spread.csv from replicated runs (make claim-spread RUNS=...,
 * stencil-render claim-spread): each run's verdicts rendered with its own design (interval.c), and
 * for each claim the largest half-width for one measurement a configuration over the runs, with
 * its half-width at the run's own n, the level, n, the invocations and GPUs of that run's design,
 * the draws and the run. A run measured once a configuration is judged with it (interval.c): its
 * verdicts name the run and design they borrow.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvio.h"
#include "render.h"

/* what one run's design rests on, for the file's columns */
struct run_design {
	const char *run;
	int n, invocations, gpus;
	double level, draws;
};

/* one run's verdicts rendered into dir: 0, or -1 with err (a run that is not replicated too) */
static int run_verdicts(const char *root, const char *run, const char *dir, struct csv_table *t,
			struct run_design *rd, char *err, size_t errlen)
{
	struct render_ctx c;
	char path[1024];
	if (render_open(&c, root, run, NULL, dir, err, errlen) != 0)
		return -1;
	int rc = render_target(&c, "verdicts", err, errlen);
	struct rec_design d;
	char lists[1100];
	snprintf(lists, sizeof(lists), "%s/experiments", root);
	rd->run = strrchr(run, '/') ? strrchr(run, '/') + 1 : run;
	rd->n = c.run.replicas;
	rd->level = rec_param(&c.run, "interval_level");
	rd->draws = rec_param(&c.run, "interval_draws");
	if (rc == 0 && rd->n < 2) {
		snprintf(err, errlen, "%s: not a replicated run (one row a configuration): no design to estimate", run);
		rc = -1;
	}
	if (rc == 0 && (rc = rec_design(c.run.rundir, lists, &d, err, errlen)) == 0)
		rd->invocations = d.invocations, rd->gpus = d.gpus;
	render_close(&c);
	snprintf(path, sizeof(path), "%s/verdicts.csv", dir);
	if (rc == 0)
		rc = csv_table_read(path, t, err, errlen);
	return rc;
}

/* the rows: each claim of the first run's table, its largest half-width for one measurement (NA
 * where no run measured it) */
static int write_spread(const char *out, struct csv_table *t, const struct run_design *rd, size_t n, char *err,
			size_t errlen)
{
	static const char *const cols[] = { "claim", "units", "halfwidth_one", "halfwidth", "level", "n", "invocations",
					    "gpus", "draws", "run" };
	struct csv_writer w;
	if (csv_writer_open(&w, out, cols, NELEM(cols)) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	for (size_t r = 0; r < t[0].nrows; r++) {
		const char *id = csv_table_get(&t[0], r, "id");
		double best = NAN, at_n = NAN;
		size_t from = 0, row = r;   /* no run measured: the first run's own row */
		for (size_t k = 0; k < n; k++)
			for (size_t q = 0; q < t[k].nrows; q++) {
				const double v = rec_num(&t[k], (long)q, "halfwidth_one");
				if (strcmp(csv_table_get(&t[k], q, "id"), id) || !isfinite(v) || (isfinite(best) && best >= v))
					continue;
				best = v, from = k, row = q;
				at_n = rec_num(&t[k], (long)q, "halfwidth");
			}
		csv_put_str(&w, id);   /* every claim: one no run measured has no half-width (NA) */
		csv_put_str(&w, csv_table_get(&t[from], row, "interval_units"));
		csv_put_num(&w, best);
		csv_put_num(&w, at_n);
		csv_put_num(&w, rd[from].level);
		csv_put_int(&w, rd[from].n);
		csv_put_int(&w, rd[from].invocations);
		csv_put_int(&w, rd[from].gpus);
		csv_put_num(&w, rd[from].draws);
		csv_put_str(&w, rd[from].run);
		csv_end_row(&w);
	}
	if (csv_writer_close(&w) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

int render_claim_spread(const char *root, const char *const *runs, size_t n, const char *out, char *err, size_t errlen)
{
	struct csv_table *t = calloc(n ? n : 1, sizeof(*t));
	struct run_design *rd = calloc(n ? n : 1, sizeof(*rd));
	char tmp[] = "/tmp/claim-spread-XXXXXX";
	size_t read = 0;
	int rc = t && rd && n && mkdtemp(tmp) ? 0 : -1;
	if (rc)
		snprintf(err, errlen, "claim-spread: %s", n ? "no temporary directory" : "no run named");
	for (; rc == 0 && read < n; read++) {
		char dir[1100];
		snprintf(dir, sizeof(dir), "%s/%zu", tmp, read);
		rc = run_verdicts(root, runs[read], dir, &t[read], &rd[read], err, errlen);
		if (rc)
			break;
	}
	if (rc == 0)
		rc = write_spread(out, t, rd, n, err, errlen);
	for (size_t k = 0; k < read; k++)
		csv_table_free(&t[k]);
	free(t);
	free(rd);
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	if (tmp[sizeof(tmp) - 7] != 'X' && system(cmd) != 0 && rc == 0)
		snprintf(err, errlen, "claim-spread: %s left behind", tmp);
	return rc;
}
