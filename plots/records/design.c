/*
 * design.c - where a run's measurements vary (records.h: rec_design; stencil-render design): the
 * variance components of log rate from the run's own replicated cells, pooled over every stencil
 * list's configurations and kept apart by stratum (rows whose kept samples carry the power cap;
 * rows at full clock; pairs of one of each). A configuration measured more than once gives pairs:
 * two rows of one invocation on two GPUs (their difference holds the GPU's and the repeat's
 * variation), and two rows of one GPU from two invocations (the repeat's alone, once the mean shift
 * between the invocations is taken out: the invocation's own component). So, with d a pair's
 * difference of log rate, within-GPU = E[d^2] / 2 over the second kind, between-GPU = E[d^2] / 2
 * over the first less within-GPU, and the invocations' shift their mean difference. A run of one
 * invocation (replicas on GPUs of their own) holds only the first kind: its GPU and repeat parts
 * are not told apart, and the output says so. Read by the verdicts' design (REPRODUCE.md).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"

/* one ok row of a stencil list: its configuration (and list), GPU, invocation and log rate */
struct drow {
	char key[CONFIG_KEY_MAX + 96];
	char gpu[64];
	int inv, capped;
	double lr;
};

static void add_list(const char *path, struct drow **rows, size_t *n, size_t *cap)
{
	struct csv_table t;
	struct run_invocations inv;
	char err[512];
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		return;
	if (csv_table_col(&t, "gstencil_per_s") < 0 || csv_table_col(&t, "status") < 0 ||
	    run_invocations_read(path, &inv, err, sizeof(err)) != 0) {
		csv_table_free(&t);
		return;
	}
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	for (size_t r = 0; r < t.nrows; r++) {
		if (rec_num(&t, (long)r, "warmup_rest_s") > 0)
			continue;   /* a warm-up study's row: its own warm-up after an idle rest, not a replica */
		char key[CONFIG_KEY_MAX];
		struct row_ident id;
		const double v = rec_num(&t, (long)r, "gstencil_per_s");
		if (strcmp(csv_table_get(&t, r, "status"), "ok") || !(v > 0) ||
		    config_key(&t, r, key, sizeof(key), err, sizeof(err)) != 0 ||
		    run_row_ident(&t, r, &id, err, sizeof(err)) != 0)
			continue;
		if (*n == *cap && !(*rows = realloc(*rows, (*cap = *cap ? 2 * *cap : 1024) * sizeof(**rows))))
			break;
		struct drow *d = &(*rows)[(*n)++];
		snprintf(d->key, sizeof(d->key), "%s %s %s", base, key, id.data);
		snprintf(d->gpu, sizeof(d->gpu), "%s", id.gpu);
		d->inv = inv.of[id.replica];
		const char *reasons = csv_table_get(&t, r, "clock_reasons");
		d->capped = reasons && strstr(reasons, "power_cap") != NULL;
		d->lr = log(v);
	}
	csv_table_free(&t);
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct drow *)a)->key, ((const struct drow *)b)->key);
}

/* the pairs of one configuration's rows r[0..n) into the sums */
static void pairs_of(const struct drow *r, size_t n, struct rec_design *d, int pass)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const int s = r[i].capped && r[j].capped ? REC_STRATUM_CAPPED
				      : !r[i].capped && !r[j].capped ? REC_STRATUM_FULL : REC_STRATUM_MIXED;
			struct rec_stratum *st = &d->s[s];
			const double diff = r[j].lr - r[i].lr;
			if (r[i].inv == r[j].inv && strcmp(r[i].gpu, r[j].gpu)) {
				if (pass == 1)
					st->gpu_pairs++, st->gpu_ss += diff * diff;
			} else if (r[i].inv != r[j].inv && !strcmp(r[i].gpu, r[j].gpu) && r[i].gpu[0]) {
				/* signed from the earlier invocation to the later */
				const double dd = r[i].inv < r[j].inv ? diff : -diff;
				if (pass == 0)
					st->inv_pairs++, st->shift += dd;
				else
					st->within_ss += (dd - st->shift) * (dd - st->shift);
			}
		}
}

int rec_design(const char *rundir, struct rec_design *d, char *err, size_t errlen)
{
	struct drow *rows = NULL;
	size_t n = 0, cap = 0;
	char path[1200];
	memset(d, 0, sizeof(*d));
	DIR *dir = opendir(rundir);
	if (!dir) {
		snprintf(err, errlen, "%s: not a run directory", rundir);
		return -1;
	}
	for (struct dirent *e; (e = readdir(dir));) {
		const size_t k = strlen(e->d_name);
		if (k < 5 || strcmp(e->d_name + k - 4, ".csv") || !strcmp(e->d_name, "meta.csv") ||
		    !strcmp(e->d_name, "ceilings.csv") || !strcmp(e->d_name, "invocations.csv"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", rundir, e->d_name);
		add_list(path, &rows, &n, &cap);
	}
	closedir(dir);
	qsort(rows, n, sizeof(*rows), by_key);
	for (int pass = 0; pass < 2; pass++) {   /* the invocations' mean shift first, then the rest */
		for (size_t i = 0, j; i < n; i = j) {
			for (j = i + 1; j < n && !strcmp(rows[j].key, rows[i].key); j++)
				;
			pairs_of(&rows[i], j - i, d, pass);
			d->configs += pass == 0 && j - i > 1;
		}
		for (int s = 0; pass == 0 && s < REC_STRATA; s++)
			if (d->s[s].inv_pairs)
				d->s[s].shift /= d->s[s].inv_pairs;
	}
	d->rows = (long)n;
	for (int s = 0; s < REC_STRATA; s++) {
		struct rec_stratum *st = &d->s[s];
		st->within = st->inv_pairs > 1 ? st->within_ss / (2.0 * (st->inv_pairs - 1)) : NAN;
		const double g = st->gpu_pairs ? st->gpu_ss / (2.0 * st->gpu_pairs) : NAN;
		st->gpu_and_repeat = g;
		st->between_gpu = isfinite(st->within) && isfinite(g) ? fmax(g - st->within, 0) : NAN;
		if (!st->inv_pairs)
			st->shift = NAN;
	}
	free(rows);
	return 0;
}

const char *rec_stratum_name(int s)
{
	static const char *const names[REC_STRATA] = { "power-capped", "full clock", "one of each" };
	return s >= 0 && s < REC_STRATA ? names[s] : "?";
}
