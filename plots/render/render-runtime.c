/*
 * render-runtime.c - where a recorded run's time went (stencil-render run-time --run DIR; make
 * run-time; a doc-tables section of REPRODUCE.md names its run): for each list of the run, its rows,
 * the GPUs that measured them, the sum and median of their row_wall_s and the sums of its phases
 * (plots/records/runs.h's PHASE_*: set-up, verification, counters, rest, warm-up, samples, retakes, the
 * original protocol, other), then the totals and the run's wall time from meta.csv (its
 * invocations' spans, the gaps between separate calls left out). Also the appendix's table of
 * experiments (render_appendix) and a run's totals for the documents (run_time_totals). A run measured before the phase columns existed shows
 * NA for them. Writes OUTDIR/run-time.md and run-time.csv.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvio.h"
#include "render-int.h"
#include "render.h"
#include "registry.h"
#include "runs.h"

/* one list's sums; cols: rows, gpus, wall, median, the phases */
#define RT_COLS (4 + PHASE_COUNT)
struct rt_list {
	char name[128];
	double v[RT_COLS];
	int phased;       /* its rows carry the phase columns */
	long configs;     /* its distinct configurations (a replica's or a repeat's rows count once) */
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

/* the GPUs of the whole run (their UUIDs), its rows and configurations each once, for the totals */
static char run_uuids[64][64];
static int run_ng;
static struct run_totals run_rep;   /* its replicas and each one's GPUs (run_time_totals) */
static struct rt_list run_tot;
static long run_configs;   /* its distinct configurations (a configuration two lists share counts once) */
/* a set of keys, each kept once (linear search: a run holds a few thousand rows) */
struct keyset {
	char (*k)[CONFIG_KEY_MAX + 64];
	size_t n, cap;
};
/* the run's rows (invocation and configuration), its configurations, and the current list's */
static struct keyset run_rows, run_cfgs, list_cfgs;

/* whether key is new to s (then kept) */
static int keyset_add(struct keyset *s, const char *key)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->k[i], key))
			return 0;
	if (s->n == s->cap)
		s->k = realloc(s->k, (s->cap = s->cap ? 2 * s->cap : 1024) * sizeof(*s->k));
	snprintf(s->k[s->n++], sizeof(s->k[0]), "%s", key);
	return 1;
}

/* row r, by its configuration's key computed once: whether it is new to the run's rows (its
 * invocation and configuration: a row two lists share, measured once and gathered into both, counts
 * once), to the run's configurations and to the current list's; a row without a key is a new row of
 * no configuration */
static void new_row(const struct csv_table *t, size_t r, int *row, int *cfg, int *list_cfg)
{
	char key[CONFIG_KEY_MAX], err[256], both[CONFIG_KEY_MAX + 64];
	const char *id = csv_table_get(t, r, "run_id");
	if (config_key(t, r, key, sizeof(key), err, sizeof(err)) != 0) {
		*row = 1, *cfg = *list_cfg = 0;
		return;
	}
	snprintf(both, sizeof(both), "%.60s %s", id ? id : "", key);
	*row = keyset_add(&run_rows, both);
	*cfg = keyset_add(&run_cfgs, key);
	*list_cfg = keyset_add(&list_cfgs, key);
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
	l->configs = 0;
	list_cfgs.n = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const char *u = csv_table_get(t, r, "gpu_uuid");
		if (u && *u) {
			add_uuid(uuids, &ng, 64, u);
			add_uuid(run_uuids, &run_ng, 64, u);
		}
		struct row_ident id;
		if (run_row_ident(t, r, &id, err, sizeof(err)) == 0 && id.replica <= RUN_TOTALS_REPLICAS) {
			char *g = run_rep.replica_gpus[id.replica - 1];
			run_rep.replicas = id.replica > run_rep.replicas ? id.replica : run_rep.replicas;
			if (id.gpu[0] && !strstr(g, id.gpu))
				snprintf(g + strlen(g), sizeof(run_rep.replica_gpus[0]) - strlen(g), "%s%s", g[0] ? " " : "",
					 id.gpu);
		}
		int once, cfg, list_cfg;
		new_row(t, r, &once, &cfg, &list_cfg);
		run_tot.v[0] += once;
		run_configs += cfg;
		l->configs += list_cfg;
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
	run_ng = 0, run_configs = 0, run_rows.n = 0, run_cfgs.n = 0;
	memset(&run_tot, 0, sizeof(run_tot));
	memset(&run_rep, 0, sizeof(run_rep));
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

/* the run's wall time from meta.csv: the union of its invocations' spans (registry.h), so that a
 * run measured in separate calls counts none of the time between them */
static double run_wall(const char *run)
{
	struct run_meta m;
	char err[256];
	return run_meta_read(run, NULL, &m, err, sizeof(err)) == 0 ? m.busy_s : NAN;
}

static void md_num(FILE *f, double v, int digits)
{
	if (isnan(v))
		fprintf(f, " NA |");
	else
		fprintf(f, " %.*f |", digits, v);
}

int render_run_time(const char *root, const char *run, const char *outdir, char *err, size_t len)
{
	(void)root;
	struct rt_list *l = NULL, tot;
	const char *name = strrchr(run, '/') ? strrchr(run, '/') + 1 : run;
	const int n = read_lists(run, &l, err, len);
	int phased = 1;
	if (n < 0) {
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
	if (render_files_open(outdir, "run-time", cols, RT_COLS + 1, &w, &a, err, len) != 0) {
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
		fprintf(a.f, "The run took %.0f s of wall time: its invocations' spans, start to end (meta.csv), "
			"ceilings included, the time between separate calls left out.\n\n", wall);
	fprintf(a.f, "| list | rows | GPUs | row wall s | median row s | set-up | verify | counters | rest | warm-up "
		"| samples | retakes | original | other |\n");
	fprintf(a.f, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (int i = 0; i <= n; i++) {
		const struct rt_list *x = i < n ? &l[i] : &tot;
		if (i < n)
			fprintf(a.f, "| %s |", x->name);
		else if (isnan(wall))   /* a row two lists share, measured once, counts once: it says so */
			fprintf(a.f, "| %s, each once |", x->name);
		else   /* the run's wall time in the table too: a document quotes the table's lines */
			fprintf(a.f, "| %s, each once (%.0f s of wall time) |", x->name, wall);
		md_num(a.f, x->v[0], 0);
		md_num(a.f, x->v[1], 0);
		md_num(a.f, x->v[2], 1);
		md_num(a.f, x->v[3], 2);
		for (int p = 0; p < PHASE_COUNT; p++)
			md_num(a.f, (i < n ? x->phased : phased) ? x->v[4 + p] : NAN, 1);
		fprintf(a.f, "\n");
	}
	free(l);
	return render_files_close(&w, &a, err, len);
}

int run_time_totals(const char *run, struct run_totals *tot, char *err, size_t len)
{
	struct rt_list *l = NULL;
	if (read_lists(run, &l, err, len) < 0)
		return -1;
	*tot = run_rep;
	tot->rows_s = run_tot.v[2];
	tot->replicas = tot->replicas ? tot->replicas : 1;
	free(l);
	return 0;
}

/* ---- the appendix's table of experiments ---- */

/* whether every list of inputs is one the target ts reads */
static int covers(const struct target_spec *ts, const struct words *inputs)
{
	struct words reads = { .n = 0 };
	words_split(&reads, ts->inputs);
	for (size_t i = 0; i < inputs->n; i++)
		if (!words_has(&reads, inputs->w[i]))
			return 0;
	return 1;
}

/* the target a claim counts under, once: of the rendered targets that read every list the claim reads
 * (inputs), the one that reads the fewest others, a tie to the target named after the claim's first
 * list, then the table's order (harness-power-roof reads tcs-table3 and sptc-figure9: the power
 * roofline's; a claim on nongemm-figure8 alone: nongemm-figure8's, not Figures 9 or 10's) */
static const struct target_spec *claim_target(const struct render_ctx *c, const char *inputs)
{
	const struct target_spec *best = NULL;
	struct words in = { .n = 0 };
	size_t best_n = (size_t)-1;
	words_split(&in, inputs);
	const char *first = in.n ? in.w[0] : "";
	for (size_t k = 0; k < c->ntargets; k++) {
		const struct target_spec *ts = &c->targets[k];
		struct words reads = { .n = 0 };
		if (render_target_is_model(ts) || !strcmp(ts->kind, "verdicts") || !covers(ts, &in))
			continue;
		words_split(&reads, ts->inputs);
		if (reads.n < best_n || (reads.n == best_n && !strcmp(ts->name, first) && strcmp(best->name, first)))
			best = ts, best_n = reads.n;
	}
	return best;
}

/* the claims that count under the target ts (claim_target) and their verdicts from vt (the rendered
 * verdicts.csv) as "N: K holds, ...", into out */
static void target_verdicts(const struct render_ctx *c, const struct csv_table *claims, const struct csv_table *vt,
			    const struct target_spec *ts, char *out, size_t len)
{
	char names[8][48];
	int counts[8] = { 0 }, nn = 0, total = 0;
	for (size_t r = 0; r < claims->nrows; r++) {
		if (claim_target(c, csv_table_get(claims, r, "inputs")) != ts)
			continue;
		const char *v = "not rendered";
		for (size_t q = 0; q < vt->nrows; q++)
			if (!strcmp(csv_table_get(vt, q, "id"), csv_table_get(claims, r, "id")))
				v = csv_table_get(vt, q, "verdict");
		int k = 0;
		while (k < nn && strcmp(names[k], v))
			k++;
		if (k == nn && nn < 8)
			snprintf(names[nn++], sizeof(names[0]), "%s", v);
		counts[k < 8 ? k : 7]++, total++;
	}
	if (!total) {
		snprintf(out, len, "none");
		return;
	}
	snprintf(out, len, "%d:", total);
	for (int k = 0; k < nn; k++)
		snprintf(out + strlen(out), len - strlen(out), "%s %d %s", k ? "," : "", counts[k], names[k]);
}

/* the sums of the lists (of l's n) a target reads: configurations, rows' time, set-up (the set-up
 * and verification phases) and execution (every other phase) */
static void target_time(const struct rt_list *l, int n, const struct target_spec *ts, double *configs, double *wall,
			double *setup, double *exec)
{
	struct words reads = { .n = 0 };
	words_split(&reads, ts->inputs);
	*configs = *wall = *setup = *exec = 0;
	for (int i = 0; i < n; i++) {
		if (!words_has(&reads, l[i].name))
			continue;
		*configs += (double)l[i].configs, *wall += l[i].v[2];
		for (int p = 0; p < PHASE_COUNT; p++)
			*(p == PHASE_SETUP || p == PHASE_VERIFY ? setup : exec) += l[i].phased ? l[i].v[4 + p] : NAN;
	}
}

int render_appendix(struct render_ctx *c, char *err, size_t len)
{
	struct rt_list *l = NULL;
	struct csv_table claims, vt;
	char path[1200];
	const int n = read_lists(c->run.rundir, &l, err, len);
	if (n < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/data/paper/claims.csv", c->run.root);
	if (csv_table_read(path, &claims, err, len) != 0) {
		free(l);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/verdicts.csv", c->outdir);
	if (csv_table_read(path, &vt, err, len) != 0) {
		csv_table_free(&claims);
		free(l);
		return -1;
	}
	struct atomic_file a;
	snprintf(path, sizeof(path), "%s/appendix.md", c->outdir);
	int rc = atomic_open(&a, path);
	if (rc == 0) {
		fprintf(a.f, "# The experiments on run %s\n\n", strrchr(c->run.rundir, '/') ? strrchr(c->run.rundir, '/') + 1 : c->run.rundir);
		fprintf(a.f, "| command | paper item | configurations | rows' time s | set-up s | execution s | claims: "
			"verdicts |\n");
		fprintf(a.f, "|---|---|---:|---:|---:|---:|---|\n");
		struct run_meta m;
		char e[256];
		if (run_meta_read(c->run.rundir, NULL, &m, e, sizeof(e)) == 0) {
			fprintf(a.f, "| `make ceilings` | this GPU's ceilings, measured first by every target (the run's first "
				"GPU's, the invocation's whole time) | - |");
			md_num(a.f, m.ceilings_s, 1);
			fprintf(a.f, " NA | NA | none |\n");
		}
		for (size_t k = 0; k < c->ntargets; k++) {
			const struct target_spec *ts = &c->targets[k];
			double configs, wall, setup, exec;
			char v[256];
			if (render_target_is_model(ts) || !strcmp(ts->kind, "verdicts"))
				continue;
			target_time(l, n, ts, &configs, &wall, &setup, &exec);
			target_verdicts(c, &claims, &vt, ts, v, sizeof(v));
			fprintf(a.f, "| `make %s` | %s |", ts->alias[0] ? ts->alias : ts->name, ts->help);
			md_num(a.f, configs, 0);
			md_num(a.f, configs > 0 ? wall : NAN, 1);
			md_num(a.f, configs > 0 ? setup : NAN, 1);
			md_num(a.f, configs > 0 ? exec : NAN, 1);
			fprintf(a.f, " %s |\n", v);
		}
		double setup = 0, exec = 0;
		for (int p = 0; p < PHASE_COUNT; p++)
			*(p == PHASE_SETUP || p == PHASE_VERIFY ? &setup : &exec) += run_tot.v[4 + p];
		fprintf(a.f, "| every list of the run | its configurations, each once (the times: every row, each "
			"replica's) |");
		md_num(a.f, (double)run_configs, 0);
		md_num(a.f, run_tot.v[2], 1);
		md_num(a.f, setup > 0 ? setup : NAN, 1);
		md_num(a.f, setup > 0 ? exec : NAN, 1);
		fprintf(a.f, " |\n\nA list that two targets read counts under each; the last row counts each "
			"configuration once.\n");
		rc = atomic_commit(&a);
	}
	if (rc != 0)
		snprintf(err, len, "%s", atomic_error());
	csv_table_free(&vt);
	csv_table_free(&claims);
	free(l);
	return rc;
}
