/*
 * render-runtime.c - where a recorded run's time went (stencil-render run-time --run DIR; make
 * run-time; a doc-tables section of REPRODUCE.md names its run): for each list of the run, its rows,
 * the GPUs that measured them, the sum and median of their row_wall_s and the sums of its phases
 * (model/runs.h's PHASE_*: set-up, verification, counters, rest, warm-up, samples, retakes, the
 * original protocol, other), then the totals and the run's wall time from meta.csv (the first
 * invocation's start to the last one's end). A run measured before the phase columns existed shows
 * NA for them. Writes OUTDIR/run-time.md and run-time.csv.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "render.h"
#include "runs.h"

/* one list's sums; cols: rows, gpus, wall, median, the phases */
#define RT_COLS (4 + PHASE_COUNT)
struct rt_list {
	char name[128];
	double v[RT_COLS];
	int phased;       /* its rows carry the phase columns */
};

static int cmp_double(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct rt_list *)a)->name, ((const struct rt_list *)b)->name);
}

/* the GPUs of the whole run (their UUIDs), and its rows each once (a row two lists share, measured
 * once and gathered into both, counts once: its invocation and configuration), for the totals */
static char run_uuids[64][64];
static int run_ng;
static struct rt_list run_tot;
static char (*run_rows)[CONFIG_KEY_MAX + 64];
static size_t run_nrows, run_cap;

/* whether the row (invocation id, configuration key) is new to the run's totals, which keep it */
static int new_run_row(const struct csv_table *t, size_t r)
{
	char key[CONFIG_KEY_MAX], err[256], both[CONFIG_KEY_MAX + 64];
	const char *id = csv_table_get(t, r, "run_id");
	if (config_key(t, r, key, sizeof(key), err, sizeof(err)) != 0)
		return 1;
	snprintf(both, sizeof(both), "%.60s %s", id ? id : "", key);
	for (size_t i = 0; i < run_nrows; i++)
		if (!strcmp(run_rows[i], both))
			return 0;
	if (run_nrows == run_cap)
		run_rows = realloc(run_rows, (run_cap = run_cap ? 2 * run_cap : 1024) * sizeof(*run_rows));
	snprintf(run_rows[run_nrows++], sizeof(run_rows[0]), "%s", both);
	return 1;
}

static void add_uuid(char (*uuids)[64], int *ng, int max, const char *u)
{
	for (int g = 0; g < *ng; g++)
		if (!strcmp(uuids[g], u))
			return;
	if (*ng < max)
		snprintf(uuids[(*ng)++], 64, "%s", u);
}

/* l's sums from its run CSV t; 0, or -1 when it has no row_wall_s */
static int sum_list(const struct csv_table *t, struct rt_list *l)
{
	char col[64], err[256], uuids[64][64];
	double *walls = malloc((t->nrows ? t->nrows : 1) * sizeof(double)), x;
	size_t nw = 0;
	int ng = 0;
	if (csv_table_col(t, "row_wall_s") < 0) {
		free(walls);
		return -1;
	}
	memset(l->v, 0, sizeof(l->v));
	l->phased = csv_table_col(t, "phase_other_s") >= 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *u = csv_table_get(t, r, "gpu_uuid");
		if (u && *u) {
			add_uuid(uuids, &ng, 64, u);
			add_uuid(run_uuids, &run_ng, 64, u);
		}
		const int once = new_run_row(t, r);
		run_tot.v[0] += once;
		if (csv_table_num(t, r, "row_wall_s", &x, err, sizeof(err)) != 0 || isnan(x))
			continue;
		walls[nw++] = x;
		run_tot.v[2] += once ? x : 0;
		for (int p = 0; l->phased && p < PHASE_COUNT; p++) {
			snprintf(col, sizeof(col), "phase_%s_s", run_phase_name(p));
			if (csv_table_num(t, r, col, &x, err, sizeof(err)) == 0 && !isnan(x)) {
				l->v[4 + p] += x;
				run_tot.v[4 + p] += once ? x : 0;
			}
		}
	}
	l->v[0] = (double)t->nrows, l->v[1] = ng;
	for (size_t i = 0; i < nw; i++)
		l->v[2] += walls[i];
	qsort(walls, nw, sizeof(double), cmp_double);
	l->v[3] = !nw ? NAN : nw % 2 ? walls[nw / 2] : 0.5 * (walls[nw / 2 - 1] + walls[nw / 2]);
	free(walls);
	return 0;
}

/* the run's lists, sorted by name: their count, or -1 with err */
static int read_lists(const char *run, struct rt_list **out, char *err, size_t len)
{
	DIR *d = opendir(run);
	struct dirent *e;
	int n = 0, cap = 16;
	struct rt_list *l = malloc((size_t)cap * sizeof(*l));
	run_ng = 0, run_nrows = 0;
	memset(&run_tot, 0, sizeof(run_tot));
	if (!d) {
		snprintf(err, len, "cannot read the run %s", run);
		free(l);
		return -1;
	}
	while ((e = readdir(d))) {
		const size_t k = strlen(e->d_name);
		char path[1200];
		struct csv_table t;
		if (k < 5 || strcmp(e->d_name + k - 4, ".csv") || !strcmp(e->d_name, "meta.csv"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", run, e->d_name);
		if (csv_table_read(path, &t, err, len) != 0) {
			closedir(d);
			free(l);
			return -1;
		}
		if (n == cap)
			l = realloc(l, (size_t)(cap *= 2) * sizeof(*l));
		snprintf(l[n].name, sizeof(l[n].name), "%.*s", (int)(k - 4), e->d_name);
		n += sum_list(&t, &l[n]) == 0;
		csv_table_free(&t);
	}
	closedir(d);
	qsort(l, (size_t)n, sizeof(*l), cmp_name);
	*out = l;
	return n;
}

/* the run's wall time from meta.csv: the first invocation's start (run_id) to the last one's end */
static double run_wall(const char *run)
{
	char path[1200], err[256];
	struct csv_table t;
	double lo = INFINITY, hi = -INFINITY;
	snprintf(path, sizeof(path), "%s/meta.csv", run);
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		return NAN;
	for (size_t r = 0; r < t.nrows; r++) {
		const double a = run_stamp_s(csv_table_get(&t, r, "run_id")), b = run_stamp_s(csv_table_get(&t, r, "date_utc"));
		if (!isnan(a))
			lo = fmin(lo, a);
		if (!isnan(b))
			hi = fmax(hi, b);
	}
	csv_table_free(&t);
	return hi > lo ? hi - lo : NAN;
}

static void md_num(FILE *f, double v, int digits)
{
	if (isnan(v))
		fprintf(f, " NA |");
	else
		fprintf(f, " %.*f |", digits, v);
}

int render_run_time(const char *run, const char *outdir, char *err, size_t len)
{
	struct rt_list *l = NULL, tot;
	char path[1200];
	const char *name = strrchr(run, '/') ? strrchr(run, '/') + 1 : run;
	const int n = read_lists(run, &l, err, len);
	int rc = -1, phased = 1;
	if (n < 0 || output_dir(outdir, err, len) != 0) {
		free(l);
		return -1;
	}
	tot = run_tot;
	snprintf(tot.name, sizeof(tot.name), "the run's rows");
	for (int i = 0; i < n; i++)
		phased &= l[i].phased;
	tot.v[1] = run_ng;
	tot.v[3] = NAN;
	const char *cols[RT_COLS + 1] = { "list", "rows", "gpus", "row_wall_s_sum", "row_wall_s_median" };
	char names[PHASE_COUNT][32];
	for (int p = 0; p < PHASE_COUNT; p++) {
		snprintf(names[p], sizeof(names[p]), "phase_%s_s", run_phase_name(p));
		cols[5 + p] = names[p];
	}
	struct csv_writer w;
	struct atomic_file a;
	snprintf(path, sizeof(path), "%s/run-time.csv", outdir);
	if (csv_writer_open(&w, path, cols, RT_COLS + 1) != 0) {
		snprintf(err, len, "%s", atomic_error());
		free(l);
		return -1;
	}
	for (int i = 0; i <= n; i++) {
		const struct rt_list *x = i < n ? &l[i] : &tot;
		csv_put_str(&w, x->name);
		for (int c = 0; c < RT_COLS; c++)
			csv_put_num(&w, c >= 4 && !(i < n ? x->phased : phased) ? NAN : x->v[c]);
		csv_end_row(&w);
	}
	snprintf(path, sizeof(path), "%s/run-time.md", outdir);
	if (csv_writer_close(&w) != 0 || atomic_open(&a, path) != 0) {
		snprintf(err, len, "%s", atomic_error());
		free(l);
		return -1;
	}
	const double wall = run_wall(run);
	fprintf(a.f, "# Where the time of run %s went\n\n", name);
	fprintf(a.f, "Each list's rows (each row's own set-up, verification, counter passes, idle rest, warm-up, "
		"samples, retakes and original-protocol timing, in seconds, summed; they add up to the rows' wall "
		"time; NA: a run measured before the phase columns), the GPUs that measured them, and the median "
		"row; last the run's rows, each once (a row two lists share, measured once and gathered into both, "
		"counts in each list's sums). ");
	if (isnan(wall))
		fprintf(a.f, "The run's wall time is not in its meta.csv.\n\n");
	else
		fprintf(a.f, "The run took %.0f s of wall time, its first invocation's start to its last one's end "
			"(meta.csv), ceilings included.\n\n", wall);
	fprintf(a.f, "| list | rows | GPUs | row wall s | median row s | set-up | verify | counters | rest | warm-up "
		"| samples | retakes | original | other |\n");
	fprintf(a.f, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (int i = 0; i <= n; i++) {
		const struct rt_list *x = i < n ? &l[i] : &tot;
		if (i < n || isnan(wall))
			fprintf(a.f, "| %s |", x->name);
		else   /* the run's wall time in the table too: a document quotes the table's lines */
			fprintf(a.f, "| %s (%.0f s of wall time) |", x->name, wall);
		md_num(a.f, x->v[0], 0);
		md_num(a.f, x->v[1], 0);
		md_num(a.f, x->v[2], 1);
		md_num(a.f, x->v[3], 2);
		for (int p = 0; p < PHASE_COUNT; p++)
			md_num(a.f, (i < n ? x->phased : phased) ? x->v[4 + p] : NAN, 1);
		fprintf(a.f, "\n");
	}
	rc = atomic_commit(&a);
	if (rc != 0)
		snprintf(err, len, "%s", atomic_error());
	free(l);
	return rc;
}
