/*
 * claim-spread.c - data/hw/claim-spread.csv from replicated runs (make claim-spread RUNS=...,
 * stencil-render claim-spread): each run's verdicts rendered on its replicas (verdicts.c), and for
 * each claim the largest spread its replicas show across the runs (verdict_combine: of the replicas'
 * margins signed by their side, a flip factor's largest ratio - 1, a distance's largest difference in
 * the margin's units; a claim not measured has none), with the values and the runs it comes from.
 * The verdicts read the file back (verdict.c): every verdict's spread is measured, none assumed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvio.h"
#include "render.h"

/* one run's verdicts rendered into dir: 0, or -1 with err (a run that is not replicated too) */
static int run_verdicts(const char *root, const char *run, const char *dir, struct csv_table *t, char *err,
			size_t errlen)
{
	struct render_ctx c;
	char path[1024];
	if (render_open(&c, root, run, NULL, dir, err, errlen) != 0)
		return -1;
	int rc = render_target(&c, "verdicts", err, errlen);
	const int replicas = c.run.replicas;
	render_close(&c);
	if (rc == 0 && replicas < 2) {
		snprintf(err, errlen, "%s: not a replicated run (one row a configuration): no spread to measure", run);
		rc = -1;
	}
	snprintf(path, sizeof(path), "%s/verdicts.csv", dir);
	if (rc == 0)
		rc = csv_table_read(path, t, err, errlen);
	return rc;
}

/* the rows: each claim of the first run's table, its largest replica spread over the runs */
static int write_spread(const char *out, struct csv_table *t, const char *const *runs, size_t n, char *err,
			size_t errlen)
{
	static const char *const cols[] = { "claim", "kind", "spread", "values", "runs" };
	struct csv_writer w;
	if (csv_writer_open(&w, out, cols, 5) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	for (size_t r = 0; r < t[0].nrows; r++) {
		const char *id = csv_table_get(&t[0], r, "id");
		double best = NAN;
		char values[2048] = "", names[512] = "";
		for (size_t k = 0; k < n; k++)
			for (size_t q = 0; q < t[k].nrows; q++) {
				const char *s = csv_table_get(&t[k], q, "replica_spread");
				const double v = s && *s ? strtod(s, NULL) : NAN;
				if (strcmp(csv_table_get(&t[k], q, "id"), id) || !isfinite(v) ||
				    !strcmp(csv_table_get(&t[k], q, "verdict"), "not measured"))
					continue;
				best = isfinite(best) && best >= v ? best : v;
				snprintf(values + strlen(values), sizeof(values) - strlen(values), "%s%s: %s", values[0] ? " | " : "",
					 runs[k], csv_table_get(&t[k], q, "replicas"));
				snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s", names[0] ? " " : "", runs[k]);
			}
		if (!isfinite(best))
			continue;
		csv_put_str(&w, id);
		csv_put_str(&w, csv_table_get(&t[0], r, "spread_kind"));
		csv_put_num(&w, best);
		csv_put_str(&w, values);
		csv_put_str(&w, names);
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
	char tmp[] = "/tmp/claim-spread-XXXXXX";
	size_t read = 0;
	int rc = t && n && mkdtemp(tmp) ? 0 : -1;
	if (rc)
		snprintf(err, errlen, "claim-spread: %s", n ? "no temporary directory" : "no run named");
	for (; rc == 0 && read < n; read++) {
		char dir[1100];
		snprintf(dir, sizeof(dir), "%s/%zu", tmp, read);
		rc = run_verdicts(root, runs[read], dir, &t[read], err, errlen);
		if (rc)
			break;
	}
	if (rc == 0)
		rc = write_spread(out, t, runs, n, err, errlen);
	for (size_t k = 0; k < read; k++)
		csv_table_free(&t[k]);
	free(t);
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	if (tmp[sizeof(tmp) - 7] != 'X' && system(cmd) != 0 && rc == 0)
		snprintf(err, errlen, "claim-spread: %s left behind", tmp);
	return rc;
}
