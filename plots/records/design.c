/*
 * design.c - where a run's measurements vary (records.h: rec_design; stencil-render design, the
 * verdicts' interval): the variance components of log rate from the run's own replicated cells,
 * pooled over every stencil list's configurations and kept apart by stratum (rows whose kept samples
 * carry the power cap; rows at full clock; pairs of one of each).
 * Configurations: two rows of one invocation on two GPUs differ by the GPU's and the repeat's
 * variation; two rows of one GPU from two invocations by the repeat's alone, once the invocations'
 * mean shift is taken out. With d a pair's difference of log rate, within-GPU = E[d^2] / 2 over the
 * second kind, between-GPU = E[d^2] / 2 over the first less within-GPU. A run of one invocation
 * holds only the first kind: its GPU and repeat parts are not told apart, and the output says so.
 * Blocks (blocks.c: the rows a claim compares, on one GPU within a replica): two measurements of a
 * block on two GPUs, matched configuration by configuration (the invocations' shift taken out),
 * split their differences into the block's common shift on its GPU and each row's own part, by list
 * and stratum (block_components). A comparison within a block sheds the common part; the verdicts'
 * interval (plots/verdicts/interval.c) draws both.
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
	char blk[256];              /* its list, block and data regime */
	char gpu[64];
	int inv, rep, capped, list;   /* list: its index in rec_design's lists */
	double lr;
	double lc[REC_COUNTERS];    /* log of the counters' F, Q and I a point (NaN: none) */
};

static void add_list(const char *path, const char *lists_dir, struct rec_design *dd, struct drow **rows, size_t *n,
		     size_t *cap)
{
	struct csv_table t;
	struct run_invocations inv;
	char err[512];
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		return;
	/* a stencil list's rate, or a workload's (SCALE, SpMV) as one over its median time */
	const int stencil = csv_table_col(&t, "gstencil_per_s") >= 0;
	if ((!stencil && csv_table_col(&t, "time_median_s") < 0) || csv_table_col(&t, "status") < 0 ||
	    dd->nlists == REC_LISTS || run_invocations_read(path, &inv, err, sizeof(err)) != 0) {
		csv_table_free(&t);
		return;
	}
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	char list[256], rule[64] = "";
	snprintf(list, sizeof(list), "%.*s", (int)(strlen(base) - 4), base);
	if (lists_dir)
		rec_block_rule(lists_dir, list, rule, sizeof(rule));
	const int li = dd->nlists++;
	snprintf(dd->lists[li].name, sizeof(dd->lists[li].name), "%s", list);
	dd->lists[li].workload = !stencil;
	for (size_t r = 0; r < t.nrows; r++) {
		char key[CONFIG_KEY_MAX], wkey[CONFIG_KEY_MAX + 64];
		struct row_ident id;
		const double v = stencil ? rec_num(&t, (long)r, "gstencil_per_s") : 1 / rec_num(&t, (long)r, "time_median_s");
		if (strcmp(csv_table_get(&t, r, "status"), "ok") || !(v > 0) ||
		    config_key(&t, r, key, sizeof(key), err, sizeof(err)) != 0 ||
		    run_row_ident(&t, r, &id, err, sizeof(err)) != 0)
			continue;
		if (*n == *cap && !(*rows = realloc(*rows, (*cap = *cap ? 2 * *cap : 1024) * sizeof(**rows))))
			break;
		struct drow *d = &(*rows)[(*n)++];
		/* a warm-up study's rows: one configuration at several warm-ups after an idle rest, each its own */
		snprintf(wkey, sizeof(wkey), "%s warm-up %s rest %s", key, csv_table_get(&t, r, "warmup_s"),
			 csv_table_get(&t, r, "warmup_rest_s"));
		const int study = rec_num(&t, (long)r, "warmup_rest_s") > 0;
		snprintf(d->key, sizeof(d->key), "%s %s %s", base, study ? wkey : key, id.data);
		d->list = li;
		snprintf(d->gpu, sizeof(d->gpu), "%s", id.gpu);
		char bk[160];
		if (rule[0])
			rec_block_key(&t, r, rule, bk, sizeof(bk));
		snprintf(d->blk, sizeof(d->blk), "%s %s %s", base, rule[0] ? bk : study ? wkey : key, id.data);   /* no rule: alone */
		d->inv = inv.of[id.replica];
		d->rep = id.replica;
		d->capped = rec_reasons_capped(csv_table_get(&t, r, "clock_reasons"));
		d->lr = log(v);
		static const char *const counters[REC_COUNTERS] = { "F_measured", "Q_measured", "I_measured" };
		for (int k = 0; k < REC_COUNTERS; k++) {
			const double c = csv_table_col(&t, counters[k]) >= 0 ? rec_num(&t, (long)r, counters[k]) : NAN;
			d->lc[k] = c > 0 ? log(c) : NAN;
		}
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
			for (int k = 0; pass == 1 && k < REC_COUNTERS; k++)   /* a counter's pairs: any two rows */
				if (isfinite(r[i].lc[k]) && isfinite(r[j].lc[k]))
					d->counter_ss[k] += (r[j].lc[k] - r[i].lc[k]) * (r[j].lc[k] - r[i].lc[k]), d->counter_pairs[k]++;
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

/* rows by block, measurement (replica and GPU) and configuration */
static int by_block(const void *a, const void *b)
{
	const struct drow *x = a, *y = b;
	int c = strcmp(x->blk, y->blk);
	if (!c)
		c = x->rep - y->rep;
	if (!c)
		c = strcmp(x->gpu, y->gpu);
	return c ? c : strcmp(x->key, y->key);
}

static int stratum_of(const struct drow *a, const struct drow *b)
{
	return a->capped && b->capped ? REC_STRATUM_CAPPED : !a->capped && !b->capped ? REC_STRATUM_FULL
										       : REC_STRATUM_MIXED;
}

/* one pair of a block's measurements on two GPUs: its list, its configurations matched (k), their
 * stratum where every one is of one (else -1), their mean difference and the squared differences
 * about it */
struct bpair {
	int list, stratum;
	long k;
	double mean, ss;
};

/* two measurements x[0..nx) and y[0..ny) of one block (sorted by configuration), matched into *p;
 * a pair of mixed strata puts each difference's square into its list's and stratum's sums; 0 when
 * none matched */
static int match_pair(const struct drow *x, size_t nx, const struct drow *y, size_t ny, struct rec_design *d,
		      struct bpair *p)
{
	double diff[512];
	int st[512];
	memset(p, 0, sizeof(*p));
	p->list = x[0].list;
	for (size_t i = 0, j = 0; i < nx && j < ny && p->k < 512;) {
		const int c = strcmp(x[i].key, y[j].key);
		if (c) {
			c < 0 ? i++ : j++;
			continue;
		}
		const struct drow *e = x[i].inv <= y[j].inv ? &x[i] : &y[j], *l = e == &x[i] ? &y[j] : &x[i];
		st[p->k] = stratum_of(e, l);
		const double shift = e->inv != l->inv && isfinite(d->s[st[p->k]].shift) ? d->s[st[p->k]].shift : 0;
		diff[p->k] = l->lr - e->lr - shift;
		p->mean += diff[p->k++];
		i++, j++;
	}
	if (!p->k)
		return 0;
	p->mean /= (double)p->k;
	p->stratum = st[0];
	for (long i = 0; i < p->k; i++) {
		p->ss += (diff[i] - p->mean) * (diff[i] - p->mean);
		p->stratum = st[i] == p->stratum ? p->stratum : -1;
	}
	for (long i = 0; p->stratum < 0 && i < p->k; i++) {
		d->lists[p->list].tot_ss[st[i]] += diff[i] * diff[i] / 2;
		d->lists[p->list].tot_n[st[i]]++;
	}
	return 1;
}

/*
 * The block components from the pairs of a block's measurements on two GPUs. In a pair of one
 * stratum s, k configurations: the differences about their mean have E[ss] / 2 = (k - 1) row, the
 * mean E[mean^2] / 2 = common + row / k; so row, by list and stratum, from ss / 2 over k - 1, and
 * common, by stratum, from mean^2 / 2 less the list's row / k. In a pair of mixed strata each
 * difference counts d^2 / 2 - common towards its own list and stratum's row, weight one.
 */
static void pair_components(const struct bpair *pairs, size_t np, struct rec_design *d)
{
	for (size_t i = 0; i < np; i++) {   /* rows from the pairs of one stratum */
		const struct bpair *p = &pairs[i];
		if (p->stratum >= 0 && p->k >= 2) {
			d->lists[p->list].row_ss[p->stratum] += p->ss / 2;
			d->lists[p->list].row_df[p->stratum] += (double)(p->k - 1);
		}
	}
	for (size_t i = 0; i < np; i++) {   /* common from their means */
		const struct bpair *p = &pairs[i];
		struct rec_list *l = &d->lists[p->list];
		if (p->stratum < 0 || p->k < 2 || !(l->row_df[p->stratum] > 0))
			continue;
		l->common_ss[p->stratum] += p->mean * p->mean / 2 - l->row_ss[p->stratum] / l->row_df[p->stratum] / (double)p->k;
		l->common_n[p->stratum]++;
	}
	for (int s = 0; s < REC_STRATA; s++) {   /* each pool's common (all lists, then each kind), then rows */
		for (int k = 0; k <= 2; k++) {
			struct rec_pool *q = k ? &d->kind[k - 1] : &d->all;
			double cs = 0;
			long cn = 0;
			for (int i = 0; i < d->nlists; i++)
				if (!k || d->lists[i].workload == k - 1)
					cs += d->lists[i].common_ss[s], cn += d->lists[i].common_n[s];
			q->common[s] = cn ? fmax(cs / (double)cn, 0) : NAN;
			q->common_n[s] = cn;
		}
		for (int i = 0; i < d->nlists; i++) {
			struct rec_list *l = &d->lists[i];
			l->common[s] = l->common_n[s] >= REC_LIST_MIN_PAIRS ? fmax(l->common_ss[s] / (double)l->common_n[s], 0)
									  : d->kind[l->workload].common[s];
		}
		for (int k = 0; k <= 2; k++) {   /* rows: each list's pure pairs and its mixed differences less its common */
			struct rec_pool *q = k ? &d->kind[k - 1] : &d->all;
			double ss = 0, df = 0;
			for (int i = 0; i < d->nlists; i++) {
				struct rec_list *l = &d->lists[i];
				const double c = isfinite(l->common[s]) ? l->common[s] : 0;
				const double lss = l->row_ss[s] + l->tot_ss[s] - c * (double)l->tot_n[s];
				const double ldf = l->row_df[s] + (double)l->tot_n[s];
				if (k == 0) {
					l->row[s] = ldf > 0 ? fmax(lss / ldf, 0) : NAN;
					l->row_n[s] = (long)(ldf + 0.5);
				}
				if (!k || l->workload == k - 1)
					ss += lss, df += ldf;
			}
			q->row[s] = df > 0 ? fmax(ss / df, 0) : NAN;
			q->row_n[s] = (long)(df + 0.5);
		}
	}
}

/* the block components: each block's measurements on different GPUs paired (rows sorted by_block) */
static void block_components(const struct drow *rows, size_t n, struct rec_design *d)
{
	struct bpair *pairs = NULL;
	size_t np = 0, cap = 0;
	for (size_t b = 0, e; b < n; b = e) {
		for (e = b + 1; e < n && !strcmp(rows[e].blk, rows[b].blk); e++)
			;
		for (size_t i = b, ie; i < e; i = ie) {   /* measurement i..ie, then each later one on another GPU */
			for (ie = i + 1; ie < e && rows[ie].rep == rows[i].rep && !strcmp(rows[ie].gpu, rows[i].gpu); ie++)
				;
			for (size_t j = ie, je; j < e; j = je) {
				for (je = j + 1; je < e && rows[je].rep == rows[j].rep && !strcmp(rows[je].gpu, rows[j].gpu); je++)
					;
				if (!strcmp(rows[i].gpu, rows[j].gpu) || !rows[i].gpu[0])
					continue;
				if (np == cap && !(pairs = realloc(pairs, (cap = cap ? 2 * cap : 256) * sizeof(*pairs))))
					return;
				np += (size_t)match_pair(&rows[i], ie - i, &rows[j], je - j, d, &pairs[np]);
			}
		}
	}
	d->block_pairs = (long)np;
	pair_components(pairs, np, d);
	free(pairs);
}

int rec_design(const char *rundir, const char *lists_dir, struct rec_design *d, char *err, size_t errlen)
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
		add_list(path, lists_dir, d, &rows, &n, &cap);
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
	for (int k = 0; k < REC_COUNTERS; k++)
		d->counter[k] = d->counter_pairs[k] ? d->counter_ss[k] / (2.0 * d->counter_pairs[k]) : NAN;
	for (int s = 0; s < REC_STRATA; s++) {
		struct rec_stratum *st = &d->s[s];
		st->within = st->inv_pairs > 1 ? st->within_ss / (2.0 * (st->inv_pairs - 1)) : NAN;
		const double g = st->gpu_pairs ? st->gpu_ss / (2.0 * st->gpu_pairs) : NAN;
		st->gpu_and_repeat = g;
		st->between_gpu = isfinite(st->within) && isfinite(g) ? fmax(g - st->within, 0) : NAN;
		if (!st->inv_pairs)
			st->shift = NAN;
	}
	const char *seen[64];   /* the invocations and GPUs, each counted once */
	for (size_t i = 0; i < n; i++) {
		d->invocations = rows[i].inv > d->invocations ? rows[i].inv : d->invocations;
		int j = 0;
		while (j < d->gpus && strcmp(seen[j], rows[i].gpu))
			j++;
		if (j == d->gpus && rows[i].gpu[0] && d->gpus < 64)
			seen[d->gpus++] = rows[i].gpu;
	}
	qsort(rows, n, sizeof(*rows), by_block);
	block_components(rows, n, d);
	free(rows);
	return 0;
}

const char *rec_stratum_name(int s)
{
	static const char *const names[REC_STRATA] = { "power-capped", "full clock", "one of each" };
	return s >= 0 && s < REC_STRATA ? names[s] : "?";
}

/* list's entry in d, or NULL */
static const struct rec_list *list_of(const struct rec_design *d, const char *list)
{
	for (int l = 0; list && l < d->nlists; l++)
		if (!strcmp(d->lists[l].name, list))
			return &d->lists[l];
	return NULL;
}

/* the first finite of v[0..n), else NaN */
static double first_of(const double *v, int n)
{
	for (int i = 0; i < n; i++)
		if (isfinite(v[i]))
			return v[i];
	return NAN;
}

double rec_design_row(const struct rec_design *d, const char *list, int stratum)
{
	const struct rec_list *l = list_of(d, list);
	const int o = stratum == REC_STRATUM_CAPPED ? REC_STRATUM_FULL : REC_STRATUM_CAPPED;
	if (l && l->row_n[stratum] >= REC_LIST_MIN_PAIRS)
		return l->row[stratum];
	const struct rec_pool *q = l ? &d->kind[l->workload] : &d->all;
	const double v[] = { q->row[stratum], q->row[o], d->all.row[stratum], d->all.row[o] };
	return first_of(v, 4);
}

double rec_design_common(const struct rec_design *d, const char *list, int stratum)
{
	const struct rec_list *l = list_of(d, list);
	const int o = stratum == REC_STRATUM_CAPPED ? REC_STRATUM_FULL : REC_STRATUM_CAPPED;
	const double v[] = { l ? l->common[stratum] : NAN, l ? l->common[o] : NAN, d->all.common[stratum],
			     d->all.common[o] };
	return first_of(v, 4);
}
