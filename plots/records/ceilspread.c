/*
 * ceilspread.c - how far one GPU model's ceilings move between its GPUs (records.h): every set of
 * ceilings recorded under data/runs/ for GPUs of the run's model (each run's gpus/SLUG/ceilings.csv,
 * a GPU and date once however many runs copy it; a run's own ceilings.csv where it has no gpus/), a
 * ceiling's range over their median. The verdicts decide a model premise (tcs Table 3's scenarios,
 * the sweet spot) against it, so that a premise on the edge of one GPU's ceilings is not decided by
 * that GPU alone.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"

#define SPREAD_MAX_SETS 128

/* whether run dir's GPU model (its meta.csv's last gpu_name) is gpu */
static int same_model(const char *dir, const char *gpu)
{
	char path[1200], err[256];
	struct csv_table m;
	snprintf(path, sizeof(path), "%s/meta.csv", dir);
	if (csv_table_read(path, &m, err, sizeof(err)) != 0)
		return 0;
	const char *g = m.nrows ? csv_table_get(&m, m.nrows - 1, "gpu_name") : NULL;
	const int same = g && !strcmp(g, gpu);
	csv_table_free(&m);
	return same;
}

/* the sets of one run: its GPUs' (each slug once over all runs), else its own ceilings.csv */
static void run_sets(const char *dir, const char *quantity, char (*slugs)[96], double *v, size_t *n)
{
	char path[1400], gdir[1100];
	snprintf(gdir, sizeof(gdir), "%s/gpus", dir);
	DIR *d = opendir(gdir);
	size_t before = *n;
	for (struct dirent *e; d && (e = readdir(d)) && *n < SPREAD_MAX_SETS;) {
		if (e->d_name[0] == '.')
			continue;
		size_t k = 0;
		while (k < *n && strcmp(slugs[k], e->d_name))
			k++;
		snprintf(path, sizeof(path), "%s/%s/ceilings.csv", gdir, e->d_name);
		const double x = k == *n ? rec_file_value(path, "quantity", quantity, "value") : NAN;
		if (isfinite(x) && x > 0) {
			snprintf(slugs[*n], sizeof(slugs[0]), "%s", e->d_name);
			v[(*n)++] = x;
		}
	}
	if (d)
		closedir(d);
	if (*n == before && !d && *n < SPREAD_MAX_SETS) {   /* a run without gpus/: its own ceilings */
		snprintf(path, sizeof(path), "%s/ceilings.csv", dir);
		const double x = rec_file_value(path, "quantity", quantity, "value");
		if (isfinite(x) && x > 0) {
			snprintf(slugs[*n], sizeof(slugs[0]), "%s", dir);
			v[(*n)++] = x;
		}
	}
}

/* the spread of quantity over the recorded sets, read from the runs now */
static double spread_of(const struct run_ctx *c, const char *quantity, int *nsets)
{
	char runs[600], dir[1200], (*slugs)[96] = calloc(SPREAD_MAX_SETS, sizeof(*slugs));
	double v[SPREAD_MAX_SETS];
	size_t n = 0;
	*nsets = 0;
	if (!slugs)
		return NAN;
	if (c->ceilings_runs[0])
		snprintf(runs, sizeof(runs), "%s", c->ceilings_runs);
	else
		snprintf(runs, sizeof(runs), "%s/data/runs", c->root);
	DIR *d = opendir(runs);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", runs, e->d_name);
		if (same_model(dir, c->gpu))
			run_sets(dir, quantity, slugs, v, &n);
	}
	if (d)
		closedir(d);
	free(slugs);
	*nsets = (int)n;
	if (n < 2)
		return NAN;
	double lo = v[0], hi = v[0];
	for (size_t i = 1; i < n; i++)
		lo = fmin(lo, v[i]), hi = fmax(hi, v[i]);
	return (hi - lo) / rec_median(v, n);
}

double rec_ceiling_spread(struct run_ctx *c, const char *quantity, int *nsets)
{
	*nsets = 0;
	if (!quantity || !c->gpu[0])
		return NAN;
	for (int k = 0; k < c->nspreads; k++)
		if (!strcmp(c->spreads[k].quantity, quantity)) {
			*nsets = c->spreads[k].nsets;
			return c->spreads[k].spread;
		}
	const double s = spread_of(c, quantity, nsets);
	if (c->nspreads < (int)NELEM(c->spreads)) {
		snprintf(c->spreads[c->nspreads].quantity, sizeof(c->spreads[0].quantity), "%s", quantity);
		c->spreads[c->nspreads].spread = s;
		c->spreads[c->nspreads++].nsets = *nsets;
	}
	return s;
}
