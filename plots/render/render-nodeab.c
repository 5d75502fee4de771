/*
 * render-nodeab.c - runners that share a node against one alone (stencil-render node-ab; make
 * node-ab, scripts/node-ab.sh): for each list and GPU, the arms measured (every GPU of the node at
 * once, with the energy counter read under the host's lock, without the lock, without reading it at
 * all) and the same list on the same GPU alone (a comparison blocked on the GPU), the median counter phase (over the rows that ran the counter
 * passes), set-up and row wall time, each arm's over alone's, the energy counter's reads (their
 * median count a row, those the host's lock held back, the mean and the longest query), and the
 * energy a row's window measured against the same configuration's alone (the median ratio and its
 * range). The bounds are said beside them: a counter phase within 25 % of alone's, a row
 * within 10 %. Writes OUTDIR/node-ab.md and node-ab.csv.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render-int.h"

#define AB_MAX_ARMS 4
#define AB_MAX_LISTS 32

/* one list of one run: its medians and the energy reads */
struct ab_cell {
	int have, rows;
	double counters, setup, row, reads, held, read_ms, read_ms_max;
	double energy_ratio, energy_lo, energy_hi;   /* counter_power_w against alone's, same configurations */
	int energy_n;
};

/* whether row r ran on the GPU gpu (a UUID) */
static int on_gpu(const struct csv_table *t, size_t r, const char *gpu)
{
	const char *u = csv_table_get(t, r, "gpu_uuid");
	return u && !strcmp(u, gpu);
}

static double col_median(const struct csv_table *t, const char *gpu, const char *col, int counters_only)
{
	double *v = calloc(t->nrows ? t->nrows : 1, sizeof(*v));
	size_t n = 0;
	for (size_t r = 0; v && r < t->nrows; r++) {
		if (!on_gpu(t, r, gpu))
			continue;
		const double x = rec_num(t, (long)r, col);
		if (isfinite(x) && (!counters_only || rec_num(t, (long)r, "phase_counters_s") > 0))
			v[n++] = x;
	}
	const double m = rec_median(v, n);
	free(v);
	return m;
}

/* the arm's list t against alone's a on one GPU: each configuration's counter power over alone's */
static void energy_against(const struct csv_table *t, const struct csv_table *a, const char *gpu, struct ab_cell *c)
{
	double *v = calloc(t->nrows ? t->nrows : 1, sizeof(*v));
	char kt[CONFIG_KEY_MAX], ka[CONFIG_KEY_MAX], err[256];
	size_t n = 0;
	for (size_t r = 0; v && r < t->nrows; r++) {
		const double w = rec_num(t, (long)r, "counter_power_w");
		if (!on_gpu(t, r, gpu) || !isfinite(w) || config_key(t, r, kt, sizeof(kt), err, sizeof(err)) != 0)
			continue;
		for (size_t q = 0; q < a->nrows; q++) {
			const double wa = rec_num(a, (long)q, "counter_power_w");
			if (on_gpu(a, q, gpu) && isfinite(wa) && wa > 0 && config_key(a, q, ka, sizeof(ka), err, sizeof(err)) == 0 &&
			    !strcmp(ka, kt)) {
				v[n++] = w / wa;
				break;
			}
		}
	}
	c->energy_n = (int)n;
	c->energy_lo = c->energy_hi = NAN;
	for (size_t i = 0; i < n; i++) {
		c->energy_lo = i ? fmin(c->energy_lo, v[i]) : v[i];
		c->energy_hi = i ? fmax(c->energy_hi, v[i]) : v[i];
	}
	c->energy_ratio = rec_median(v, n);
	free(v);
}

static int ab_read(const char *run, const char *list, struct csv_table *t)
{
	char path[1200], err[256];
	snprintf(path, sizeof(path), "%s/%s.csv", run, list);
	return csv_table_read(path, t, err, sizeof(err)) == 0 && csv_table_col(t, "phase_counters_s") >= 0 ? 0 : -1;
}

static void ab_cell_of(const struct csv_table *t, const struct csv_table *alone, const char *gpu, struct ab_cell *c)
{
	c->have = 1;
	c->rows = 0;
	c->counters = col_median(t, gpu, "phase_counters_s", 1);
	c->setup = col_median(t, gpu, "phase_setup_s", 0);
	c->row = col_median(t, gpu, "row_wall_s", 0);
	c->reads = col_median(t, gpu, "energy_reads", 0);
	c->read_ms = col_median(t, gpu, "energy_read_ms_mean", 0);
	c->held = c->read_ms_max = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		if (!on_gpu(t, r, gpu))
			continue;
		c->rows++;
		const double h = rec_num(t, (long)r, "energy_reads_held"), m = rec_num(t, (long)r, "energy_read_ms_max");
		c->held += isfinite(h) ? h : 0;
		c->read_ms_max = isfinite(m) && m > c->read_ms_max ? m : c->read_ms_max;
	}
	if (csv_table_col(t, "energy_reads") < 0)
		c->reads = c->held = c->read_ms_max = NAN;
	energy_against(t, alone, gpu, c);
}

/* the lists of the alone run that carry the phase columns, sorted */
static int ab_lists(const char *run, char (*names)[96], int max)
{
	DIR *d = opendir(run);
	int n = 0;
	for (struct dirent *e; d && (e = readdir(d)) && n < max;) {
		const size_t k = strlen(e->d_name);
		struct csv_table t;
		if (k < 5 || strcmp(e->d_name + k - 4, ".csv") || !strcmp(e->d_name, "meta.csv"))
			continue;
		snprintf(names[n], sizeof(names[0]), "%.*s", (int)(k - 4), e->d_name);
		if (ab_read(run, names[n], &t) == 0) {
			n++;
			csv_table_free(&t);
		}
	}
	if (d)
		closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), (int (*)(const void *, const void *))strcmp);
	return n;
}

static void put_ratio(FILE *f, double x, double ref, double bound)
{
	if (!isfinite(x) || !isfinite(ref) || ref <= 0) {
		fprintf(f, " NA |");
		return;
	}
	fprintf(f, " %.3f (%.2fx%s) |", x, x / ref, x / ref > bound ? ", over" : "");
}

int render_node_ab(const char *alone, const char *const *arms, size_t narms, const char *outdir, char *err,
		   size_t len)
{
	char lists[AB_MAX_LISTS][96];
	const int nl = ab_lists(alone, lists, AB_MAX_LISTS);
	if (narms > AB_MAX_ARMS || nl == 0) {
		snprintf(err, len, "%s: %s", alone, nl ? "more than 4 arms" : "no list with the phase columns");
		return -1;
	}
	static const char *const cols[] = { "list", "gpu_uuid", "run", "rows", "counters_s_median", "setup_s_median",
					     "row_s_median", "counters_over_alone", "setup_over_alone", "row_over_alone",
					     "energy_reads_median", "energy_reads_held", "energy_read_ms_mean",
					     "energy_read_ms_max", "counter_power_over_alone", "counter_power_lo",
					     "counter_power_hi", "counter_power_rows" };
	struct csv_writer w;
	struct atomic_file a;
	if (render_files_open(outdir, "node-ab", cols, NELEM(cols), &w, &a, err, len) != 0)
		return -1;
	fprintf(a.f, "# Runners that share a node against one alone\n\n");
	fprintf(a.f, "Each list's median counter phase (rows with counter passes), set-up and row wall time in "
		"seconds on each GPU, and each over the same list on the same GPU alone (%s); the bounds: a counter phase within "
		"1.25x alone's, a row within 1.10x (\"over\" where a ratio passes them). Energy reads: the "
		"counter's reads a row (median), those the host's lock held back (all rows), the mean and the "
		"longest query in ms. Counter power: each configuration's window power over alone's, median "
		"[range] (rows).\n\n", alone);
	fprintf(a.f, "| list | GPU | run | rows | counters s | set-up s | row s | reads | held | query ms (mean, max) | "
		"counter power vs alone |\n|---|---|---|---:|---:|---:|---:|---:|---:|---|---|\n");
	for (int l = 0; l < nl; l++) {
		struct csv_table ta, tb[AB_MAX_ARMS];
		int have[AB_MAX_ARMS] = { 0 };
		char gpus[8][64];
		int ng = 0;
		if (ab_read(alone, lists[l], &ta) != 0)
			continue;
		for (size_t k = 0; k < narms; k++)
			have[k] = ab_read(arms[k], lists[l], &tb[k]) == 0;
		for (size_t r = 0; r < ta.nrows && ng < 8; r++) {   /* alone's GPUs, in their rows' order */
			const char *u = csv_table_get(&ta, r, "gpu_uuid");
			int seen = 0;
			for (int g = 0; g < ng; g++)
				seen |= u && !strcmp(gpus[g], u);
			if (u && *u && !seen)
				snprintf(gpus[ng++], sizeof(gpus[0]), "%s", u);
		}
		for (int g = 0; g < ng; g++) {
			struct ab_cell ca = { 0 };
			ab_cell_of(&ta, &ta, gpus[g], &ca);
			for (size_t k = 0; k <= narms; k++) {
				struct ab_cell c = { 0 };
				const char *run = k ? arms[k - 1] : alone;
				if (k && !have[k - 1])
					continue;
				if (k)
					ab_cell_of(&tb[k - 1], &ta, gpus[g], &c);
				else
					c = ca;
				const char *rname = strrchr(run, '/') ? strrchr(run, '/') + 1 : run;
				csv_put_str(&w, lists[l]);
				csv_put_str(&w, gpus[g]);
				csv_put_str(&w, rname);
				csv_put_int(&w, c.rows);
				const double v[] = { c.counters, c.setup, c.row, c.counters / ca.counters, c.setup / ca.setup,
						     c.row / ca.row, c.reads, c.held, c.read_ms, c.read_ms_max, c.energy_ratio,
						     c.energy_lo, c.energy_hi, (double)c.energy_n };
				for (size_t i = 0; i < NELEM(v); i++)
					csv_put_num(&w, v[i]);
				csv_end_row(&w);
				fprintf(a.f, "| %s | %.12s | %s | %d |", lists[l], gpus[g], rname, c.rows);
				put_ratio(a.f, c.counters, ca.counters, k ? 1.25 : INFINITY);
				put_ratio(a.f, c.setup, ca.setup, INFINITY);
				put_ratio(a.f, c.row, ca.row, k ? 1.10 : INFINITY);
				char rd[4][32];
				render_fmt(rd[0], sizeof(rd[0]), c.reads, 0);
				render_fmt(rd[1], sizeof(rd[1]), c.held, 0);
				render_fmt(rd[2], sizeof(rd[2]), c.read_ms, 3);
				render_fmt(rd[3], sizeof(rd[3]), c.reads > 0 ? c.read_ms_max : NAN, 3);
				fprintf(a.f, " %s | %s | %s, %s |", rd[0], rd[1], rd[2], rd[3]);
				if (k && c.energy_n)
					fprintf(a.f, " %.3f [%.3f-%.3f] (%d) |\n", c.energy_ratio, c.energy_lo, c.energy_hi,
						c.energy_n);
				else
					fprintf(a.f, " %s |\n", k ? "NA" : "-");
			}
		}
		for (size_t k = 0; k < narms; k++)
			if (have[k])
				csv_table_free(&tb[k]);
		csv_table_free(&ta);
	}
	if (render_files_close(&w, &a, err, len) != 0)
		return -1;
	return 0;
}
