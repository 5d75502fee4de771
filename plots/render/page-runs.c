/*
 * page-runs.c - the documents' run sections, generated from the registry (data/runs/runs.csv,
 * plots/records/registry.h) and each run's own meta.csv and CSVs, never typed: `stencil-page runs` (the runs
 * under data/runs/: README.md and REPRODUCE.md), `runs-all` (every run, those git keeps included:
 * data/runs/HISTORY.md) and `reproduce-time` (a whole reproduction's time on one GPU and on the
 * GPUs of each run the one command made, and of each replica's GPUs in a replicated one:
 * README.md). Each opens with the registry check, so that a
 * document is never generated from a registry that disagrees with the tree.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "page.h"
#include "registry.h"
#include "render.h"

/* the run's GPUs in words, from its meta.csv, into out */
static void gpus_words(const char *root, const char *run, char *out, size_t len)
{
	char dir[1024], err[256];
	struct run_meta m;
	snprintf(dir, sizeof(dir), "%s/data/runs/%s", root, run);
	if (run_meta_read(dir, NULL, &m, err, sizeof(err)) != 0)
		snprintf(out, len, "NA");
	else
		snprintf(out, len, "%d %s%s", m.ngpus, m.gpu_name, m.ngpus > 1 ? "s" : "");
}

int page_runs_md(const char *root, int all, FILE *f, char *err, size_t errlen)
{
	struct csv_table t;
	if (registry_check(root, &t, err, errlen) != 0)
		return -1;
	fprintf(f, "| run | role | commit | GPUs | purpose |%s\n|---|---|---|---|---|%s\n", all ? " where |" : "",
		all ? "---|" : "");
	for (size_t r = 0; r < t.nrows; r++) {
		const char *run = csv_table_get(&t, r, "run"), *role = csv_table_get(&t, r, "role");
		const int gone = !strcmp(role, "superseded");
		char g[128];
		if (gone && !all)
			continue;
		if (gone)
			snprintf(g, sizeof(g), "in git");
		else
			gpus_words(root, run, g, sizeof(g));
		fprintf(f, "| `%s` | %s%s | %s | %s | %s |", run, role,
			!strcmp(csv_table_get(&t, r, "full"), "yes") ? ", whole reproduction" : "",
			csv_table_get(&t, r, "commit"), g, csv_table_get(&t, r, "purpose"));
		if (all && gone)
			fprintf(f, " `git show %s:data/runs/%s/meta.csv` |", csv_table_get(&t, r, "held_at"), run);
		else if (all)
			fprintf(f, " `data/runs/%s/` |", run);
		fputc('\n', f);
	}
	csv_table_free(&t);
	return 0;
}

/* seconds as a cell: " 123 |", or " NA |" */
static void secs_cell(FILE *f, double s)
{
	if (isnan(s))
		fprintf(f, " NA |");
	else
		fprintf(f, " %.0f |", s);
}

/* a row of the time table: GPUs, minutes, its phases (the ceilings' measurement, then the lists:
 * their rows with the runners' starts and the rendering between them), the run and how it was
 * measured */
static void time_row(FILE *f, const char *gpus, double s, double ceilings, const char *run, const char *how)
{
	if (isnan(s))
		fprintf(f, "| %s | NA |", gpus);
	else
		fprintf(f, "| %s | %.1f min (%.0f s) |", gpus, s / 60.0, s);
	secs_cell(f, ceilings);
	secs_cell(f, isnan(s) || isnan(ceilings) ? NAN : s - ceilings);
	fprintf(f, " `%s` | %s |\n", run, how);
}

/* the registry row r's run: its meta.csv and its rows' totals; 0, or -1 with err */
static int run_sums(const char *root, const char *run, struct run_meta *m, struct run_totals *tot, char *err,
		    size_t errlen)
{
	char dir[1024], e[512];
	snprintf(dir, sizeof(dir), "%s/data/runs/%s", root, run);
	if (run_meta_read(dir, NULL, m, e, sizeof(e)) != 0 || run_time_totals(dir, tot, e, sizeof(e)) != 0) {
		snprintf(err, errlen, "reproduce-time: run %s: %s", run, e);
		return -1;
	}
	return 0;
}

/* a replicated whole reproduction: each replica's GPUs measured one whole reproduction, beside the
 * others on the node's other GPUs: a row each */
static void replica_rows(FILE *f, const char *root, const char *run, const struct run_totals *tot, int *measured)
{
	char dir[1024], how[512], g[64], err[256];
	snprintf(dir, sizeof(dir), "%s/data/runs/%s", root, run);
	for (int k = 0; k < tot->replicas; k++) {
		struct run_meta m;
		if (!tot->replica_gpus[k][0] || run_meta_read(dir, tot->replica_gpus[k], &m, err, sizeof(err)) != 0)
			continue;
		snprintf(g, sizeof(g), "%d (one replica)", m.ngpus);
		snprintf(how, sizeof(how), "measured: replica %d of that run alone, its own %d GPUs' invocations (the "
			 "other replica ran beside it on the node's other GPUs)", k + 1, m.ngpus);
		time_row(f, g, m.busy_s, m.ceilings_s, run, how);
		measured[m.ngpus < 9 ? m.ngpus : 0] = 1;
	}
}

int page_reproduce_time_md(const char *root, FILE *f, char *err, size_t errlen)
{
	struct csv_table t;
	char how[512];
	if (registry_check(root, &t, err, errlen) != 0)
		return -1;
	int measured[9] = { 0 };   /* the GPU counts 1, 2 and 4 that a row of one pass has given */
	fprintf(f, "| GPUs | a whole reproduction | of it: ceilings s | of it: the lists s | run | how it was measured |\n"
		"|---:|---:|---:|---:|---|---|\n");
	for (size_t r = 0; r < t.nrows; r++) {   /* one GPU: the reference's rows back to back */
		const char *run = csv_table_get(&t, r, "run");
		struct run_meta m;
		struct run_totals tot;
		if (strcmp(csv_table_get(&t, r, "role"), "reference"))
			continue;
		if (run_sums(root, run, &m, &tot, err, errlen) != 0) {
			csv_table_free(&t);
			return -1;
		}
		snprintf(how, sizeof(how), "not measured as such: the reference's rows' wall time%s plus its ceilings' "
			 "measurement, one after another (the runners' starts and the rendering add a few seconds a list)",
			 tot.replicas > 1 ? ", one replica's share," : "");
		measured[1] = 1;
		time_row(f, "1", tot.rows_s / tot.replicas + (isnan(m.ceilings_s) ? 0 : m.ceilings_s), m.ceilings_s, run, how);
	}
	for (size_t r = 0; r < t.nrows; r++) {   /* each whole reproduction by the one command */
		const char *run = csv_table_get(&t, r, "run");
		struct run_meta m;
		struct run_totals tot;
		if (strcmp(csv_table_get(&t, r, "full"), "yes") || !strcmp(csv_table_get(&t, r, "role"), "superseded"))
			continue;
		if (run_sums(root, run, &m, &tot, err, errlen) != 0) {
			csv_table_free(&t);
			return -1;
		}
		const int reps = tot.replicas;
		char g[64];
		if (reps > 1)   /* a replicated run did each configuration reps times: its GPUs say so */
			snprintf(g, sizeof(g), "%d (%d replicas of %d)", m.ngpus, reps, m.ngpus / reps);
		else
			snprintf(g, sizeof(g), "%d", m.ngpus);
		snprintf(how, sizeof(how), "measured: `make reference` on %d %ss at commit %s%s, the invocations' spans "
			 "(meta.csv) with the time between separate calls left out", m.ngpus, m.gpu_name, m.commit,
			 reps > 1 ? ", every configuration measured on two sets of GPUs (REPLICAS=2)" : "");
		time_row(f, g, m.busy_s, m.ceilings_s, run, how);
		if (reps == 1)   /* a replicated run's GPUs did more than one reproduction */
			measured[m.ngpus < 9 ? m.ngpus : 0] = 1;
		if (reps > 1)
			replica_rows(f, root, run, &tot, measured);
	}
	for (int g = 2; g <= 4; g *= 2)
		if (!measured[g])
			fprintf(f, "| %d | NA | NA | NA | - | no whole reproduction by the one command on %d GPUs, each "
				"configuration once, is recorded under data/runs/ |\n", g, g);
	csv_table_free(&t);
	return 0;
}
