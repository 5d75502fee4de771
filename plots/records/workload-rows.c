/*
 * workload-rows.c - a workload list's rows (records.h): SCALE and SpMV configurations
 * (model/workload.h) joined with a run's workload CSV (profiling/workload-run.cu), each run row
 * checked before use (a configuration that parses, a runner's status, positive finite times and
 * rates in an ok row), and the geometric mean the nongemm figures and claims take. Read by the
 * nongemm renderers (plots/render/render-spmv.c, render-nongemm.c) and claims.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "records.h"
#include "workload.h"

/* One workload run CSV row before it is used: its configuration (workload, dtype, method, size,
 * matrix) parses as a list's would, its key (plots/records/runs.h) into key, its status is one the runner
 * writes, and an ok row's times and rates are positive and finite (the protocol's median always;
 * the --original times, preprocessing, issue time and rates where taken, else NA). -1 with
 * "FILE:LINE: what". */
int rec_wl_row_sane(const struct csv_table *t, size_t r, char *key, size_t len, char *err, size_t errlen)
{
	static const struct { const char *col, *what; } measured[] = {
		{ "orig_time_cold_s", "time" }, { "orig_time_warm_s", "time" }, { "preprocess_s", "time" },
		{ "issue_s", "time" }, { "gbps", "rate" }, { "gflop_per_s", "rate" },
	};
	if (config_key(t, r, key, len, err, errlen) != 0 || rec_row_status(t, r, err, errlen) != 0)
		return -1;
	if (strcmp(csv_table_get(t, r, "status"), "ok"))
		return 0;
	if (rec_row_positive(t, r, "time_median_s", 1, "time", err, errlen) != 0)
		return -1;
	for (size_t k = 0; k < NELEM(measured); k++)
		if (rec_row_positive(t, r, measured[k].col, 0, measured[k].what, err, errlen) != 0)
			return -1;
	return 0;
}

/* A workload run CSV's rows before any is used: the columns the renderer reads, each row sane
 * (rec_wl_row_sane), its key into keys. -1 with "FILE:LINE: what". */
static int wl_run_sane(const struct csv_table *t, struct config_keys *keys, char *err, size_t errlen)
{
	static const char *const need[] = { "workload", "dtype", "method", "size", "status", "time_median_s", NULL };
	if (csv_table_require(t, need, err, errlen) != 0)
		return -1;
	keys->key = calloc(t->nrows ? t->nrows : 1, sizeof(*keys->key));
	for (size_t r = 0; r < t->nrows; r++, keys->n = r)
		if (rec_wl_row_sane(t, r, keys->key[r], sizeof(keys->key[r]), err, errlen) != 0)
			return -1;
	return run_rows_distinct(t, keys, err, errlen);
}

int rec_wl_load(struct run_ctx *c, const char *list, struct wl_set *s, char *err, size_t errlen)
{
	char path[1024];
	struct stat st;
	memset(s, 0, sizeof(*s));
	snprintf(path, sizeof(path), "%s/experiments/%s.csv", c->root, list);
	if (workload_read(path, &s->cfgs, &s->n, err, errlen) != 0)
		return -1;
	if (config_list_read(path, &s->keys, err, errlen) != 0) {   /* the keys the run's rows are found by */
		rec_wl_free(s);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/%s.csv", c->rundir, list);
	s->have = c->rundir[0] && stat(path, &st) == 0;
	if (s->have && csv_table_read(path, &s->run, err, errlen) != 0) {
		s->have = 0;
		rec_wl_free(s);
		return -1;
	}
	if (s->have && wl_run_sane(&s->run, &s->run_keys, err, errlen) != 0) {
		rec_wl_free(s);
		return -1;
	}
	s->pt = calloc(s->n, sizeof(*s->pt));
	for (size_t i = 0; i < s->n; i++) {
		struct wl_pt *p = &s->pt[i];
		p->c = &s->cfgs[i];
		snprintf(p->method, sizeof(p->method), "%s%s%s", p->c->method, p->c->option[0] ? ":" : "", p->c->option);
		struct replicas rp;   /* of several replicas, the median time's row and the median */
		const long r = s->have ? rec_pick_row(c, &s->run, &s->run_keys, s->keys.key[i], "time_median_s", &rp) : -1;
		snprintf(p->status, sizeof(p->status), "%s", r >= 0 ? csv_table_get(&s->run, (size_t)r, "status") : "not run");
		const int ok = !strcmp(p->status, "ok");
		p->nnz = r >= 0 && p->c->kind == WL_SPMV ? rec_num(&s->run, r, "nnz") : NAN;
		/* of several replicas, each time and rate their median (the row's own where one) */
		const int med = ok && s->have && rp.n > 1;
#define WL_COL(col) (!ok ? NAN : med ? rec_pick_median(c, &s->run, &s->run_keys, s->keys.key[i], col) \
			   : rec_num(&s->run, r, col))
		p->t = WL_COL("time_median_s");
		p->cold = WL_COL("orig_time_cold_s");
		p->warm = WL_COL("orig_time_warm_s");
		p->pre = WL_COL("preprocess_s");
		p->gbps = WL_COL("gbps");
		p->issue = WL_COL("issue_s");
#undef WL_COL
		p->regs = rec_num(&s->run, r, "registers");
		p->thr = rec_num(&s->run, r, "throttled_samples"), p->samples = rec_num(&s->run, r, "samples");
		p->clk = rec_num(&s->run, r, "sm_clock_median_mhz");
		p->idle_mhz = ok ? rec_num(&s->run, r, "orig_idle_mhz") : NAN;
		rec_row_power(&s->run, ok ? r : -1, "energy_nj_per_element", &p->power, &p->energy, &p->reasons);
		if (r >= 0)
			rec_note_row(c, &s->run, (size_t)r, p->thr > 0);
	}
	return 0;
}

int rec_wl_issue_bound(const struct wl_pt *p, double share)
{
	return !p || isnan(p->issue) || isnan(p->t) || isnan(share) ? -1 : p->issue >= share * p->t;
}

double rec_param(const struct run_ctx *c, const char *name)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/data/paper/verdict-params.csv", c->root);
	return rec_file_value(path, "name", name, "value");
}

void rec_wl_free(struct wl_set *s)
{
	free(s->pt);
	free(s->cfgs);
	config_keys_free(&s->keys);
	config_keys_free(&s->run_keys);
	if (s->have)
		csv_table_free(&s->run);
	memset(s, 0, sizeof(*s));
}

const struct wl_pt *rec_wl_same(const struct wl_set *s, const struct wl_pt *p, const char *method)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->pt[i].method, method) && s->pt[i].c->n == p->c->n &&
		    !strcmp(s->pt[i].c->matrix, p->c->matrix))
			return &s->pt[i];
	return NULL;
}

void rec_gm_add(struct rec_gm *g, double v)
{
	if (v > 0 && isfinite(v))
		g->s += log(v), g->k++;
}

double rec_gm_val(const struct rec_gm *g) { return g->k ? exp(g->s / g->k) : NAN; }
