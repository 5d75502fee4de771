/*
 * compare.c - make compare's join: one target's rendered CSVs of several runs side by side on the
 * columns that name a row, with the ratio of every run to the first (plots/render/compare.h). The runs,
 * their rendering and the index are in compare-runs.c.
 */
#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define MAX_WORDS CMP_MAX_VALUES
#define KEY_SEP "\x1f"

/* split s on spaces into w[0..]: the count, or -1 when there are more than MAX_WORDS */
static int words(const char *s, char w[][48])
{
	int n = 0;
	for (const char *p = s; *p;) {
		size_t len = strcspn(p, " ");
		if (len) {
			if (n == MAX_WORDS || len >= 48)
				return -1;
			snprintf(w[n++], 48, "%.*s", (int)len, p);
		}
		p += len + (p[len] == ' ');
	}
	return n;
}

int cmp_values_parse(const char *s, struct cmp_values *v)
{
	char w[MAX_WORDS][48];
	const int n = words(s, w);
	v->n = 0;
	v->model = -1;
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		char *colon = strchr(w[i], ':');
		v->label[i] = colon && !strcmp(colon, ":label");
		if (colon && !v->label[i] && strcmp(colon, ":model"))
			return -1;
		if (colon && !v->label[i])
			v->model = i;
		if (colon)
			*colon = '\0';
		snprintf(v->name[i], sizeof(v->name[i]), "%s", w[i]);
	}
	v->n = n;
	return 0;
}

void cmp_label_runs(struct cmp_run *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *g = r[i].gpu[0] ? r[i].gpu : "GPU";
		if (!strncmp(g, "NVIDIA ", 7))
			g += 7;
		snprintf(r[i].label, sizeof(r[i].label), "%s", g);
	}
	for (size_t i = 0; i < n; i++) {   /* runs of one GPU model: numbered in order */
		size_t same = 0, k = 0;
		for (size_t j = 0; j < n; j++)
			if (!strcmp(r[j].gpu, r[i].gpu)) {
				same++;
				if (j <= i)
					k++;
			}
		if (same > 1) {
			size_t len = strlen(r[i].label);
			snprintf(r[i].label + len, sizeof(r[i].label) - len, " #%zu", k);
		}
	}
}

static int is_num(const char *s, double *v)
{
	char *end;
	if (!s || !*s || !strcmp(s, "NA"))
		return 0;
	*v = strtod(s, &end);
	return *end == '\0' && isfinite(*v);
}

static void row_key(const struct csv_table *t, size_t r, const int *kc, int nk, char *buf, size_t len,
		    const char *sep)
{
	buf[0] = '\0';
	for (int k = 0; k < nk; k++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", k ? sep : "", t->cells[r][kc[k]]);
}

/* one row's ratio x into the running geometric mean and range (NaN or non-positive: left out) */
static void ratio_add(struct cmp_ratio *q, double x)
{
	if (!(x > 0))
		return;
	q->gmean += log(x);
	q->lo = q->n ? fmin(q->lo, x) : x;
	q->hi = q->n ? fmax(q->hi, x) : x;
	q->n++;
}

struct join {
	char keys[MAX_WORDS][48], vals[MAX_WORDS][48];
	int nk, nv, numeric[MAX_WORDS], label[MAX_WORDS];
	int model;                                /* the index of model_FIRST, or -1 */
	int kc[CMP_MAX_RUNS][MAX_WORDS], vc[CMP_MAX_RUNS][MAX_WORDS];
	char (*rows)[1024];                       /* the joined rows' keys, in order */
	long (*at)[CMP_MAX_RUNS];                 /* each joined row's row in run k, or -1 */
	size_t nrows;
};

/* the columns, the rows in order, and which values are numbers */
static int join_build(struct join *j, const char *keys, const char *values, const struct csv_table *t, size_t n,
		      char *err, size_t errlen)
{
	struct cmp_values cv;
	j->nk = words(keys, j->keys);
	j->nv = cmp_values_parse(values, &cv) == 0 ? cv.n : -1;
	for (int v = 0; v < j->nv; v++) {
		snprintf(j->vals[v], sizeof(j->vals[v]), "%s", cv.name[v]);
		j->label[v] = cv.label[v];
	}
	j->model = j->nv > 0 ? cv.model : -1;
	if (j->nk <= 0 || j->nv <= 0 || n < 2 ||
	    n > CMP_MAX_RUNS) {
		snprintf(err, errlen, "compare: keys '%s' and values '%s' of %zu runs: need 1-%d of each (a value: NAME, "
			 "NAME:label or NAME:model) and 2-%d runs", keys, values, n, MAX_WORDS, CMP_MAX_RUNS);
		return -1;
	}
	size_t cap = 0;
	for (size_t k = 0; k < n; k++)
		cap += t[k].nrows;
	j->rows = calloc(cap ? cap : 1, sizeof(*j->rows));
	j->at = calloc(cap ? cap : 1, sizeof(*j->at));
	if (!j->rows || !j->at) {
		snprintf(err, errlen, "compare: out of memory");
		return -1;
	}
	for (size_t k = 0; k < n; k++)
		for (int i = 0; i < j->nk + j->nv; i++) {
			const char *name = i < j->nk ? j->keys[i] : j->vals[i - j->nk];
			const int col = csv_table_col(&t[k], name);
			if (col < 0) {
				snprintf(err, errlen, "%s: no column '%s' (experiments/targets.csv's compare columns)",
					 t[k].path, name);
				return -1;
			}
			*(i < j->nk ? &j->kc[k][i] : &j->vc[k][i - j->nk]) = col;
		}
	for (size_t k = 0; k < n; k++)
		for (size_t r = 0; r < t[k].nrows; r++) {
			char key[1024];
			row_key(&t[k], r, j->kc[k], j->nk, key, sizeof(key), KEY_SEP);
			size_t i = 0;
			while (i < j->nrows && strcmp(j->rows[i], key))
				i++;
			if (i < j->nrows && j->at[i][k] >= 0) {   /* this run named the row before */
				row_key(&t[k], r, j->kc[k], j->nk, key, sizeof(key), " ");
				snprintf(err, errlen, "%s:%ld: a second row with the keys '%s' (%s): the compare keys of "
					 "experiments/targets.csv do not name a row", t[k].path, t[k].lines[r], key, keys);
				return -1;
			}
			if (i == j->nrows) {
				snprintf(j->rows[j->nrows], sizeof(j->rows[0]), "%s", key);
				for (size_t q = 0; q < n; q++)
					j->at[j->nrows][q] = -1;
				j->nrows++;
			}
			j->at[i][k] = (long)r;
		}
	for (int v = 0; v < j->nv; v++) {
		if (j->label[v]) {
			j->numeric[v] = 0;
			continue;
		}
		int nums = 0, texts = 0;
		for (size_t k = 0; k < n; k++)
			for (size_t r = 0; r < t[k].nrows; r++) {
				const char *s = t[k].cells[r][j->vc[k][v]];
				double x;
				if (is_num(s, &x))
					nums++;
				else if (*s && strcmp(s, "NA"))
					texts++;
			}
		j->numeric[v] = nums > 0 && texts == 0;
	}
	if (j->model >= 0 && !(j->numeric[j->model] && j->numeric[0]))
		j->model = -1;   /* a model of a value that is no number is not drawn */
	return 0;
}

static const char *cell(const struct csv_table *t, long r, int col)
{
	return r < 0 ? "NA" : t->cells[r][col];
}

static double num(const struct csv_table *t, long r, int col)
{
	double x;
	return r >= 0 && is_num(t->cells[r][col], &x) ? x : NAN;
}

/* joined row i's value v of run k over run 1's (NaN where either is missing or run 1's is 0) */
static double ratio_of(const struct join *j, const struct csv_table *t, size_t i, size_t k, int v)
{
	const double a = num(&t[0], j->at[i][0], j->vc[0][v]);
	return a != 0 ? num(&t[k], j->at[i][k], j->vc[k][v]) / a : NAN;
}

static int write_csv(const struct join *j, const struct csv_table *t, size_t n, const char *path, char *err,
		     size_t errlen)
{
	const char *head[1 + MAX_WORDS * (2 * CMP_MAX_RUNS) + MAX_WORDS];
	char names[MAX_WORDS * 2 * CMP_MAX_RUNS][72];
	size_t nh = 0, nn = 0;
	for (int k = 0; k < j->nk; k++)
		head[nh++] = j->keys[k];
	head[nh++] = "config";
	for (int v = 0; v < j->nv; v++) {
		for (size_t k = 0; k < n; k++) {
			snprintf(names[nn], sizeof(names[0]), "%s_%zu", j->vals[v], k + 1);
			head[nh++] = names[nn++];
		}
		for (size_t k = 1; k < n && j->numeric[v]; k++) {
			snprintf(names[nn], sizeof(names[0]), "%s_%zu_over_1", j->vals[v], k + 1);
			head[nh++] = names[nn++];
		}
	}
	struct csv_writer w;
	if (csv_writer_open(&w, path, head, nh) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	for (size_t i = 0; i < j->nrows; i++) {
		size_t first = 0;
		while (j->at[i][first] < 0)
			first++;
		char conf[1024];
		for (int k = 0; k < j->nk; k++)
			csv_put_str(&w, t[first].cells[j->at[i][first]][j->kc[first][k]]);
		row_key(&t[first], (size_t)j->at[i][first], j->kc[first], j->nk, conf, sizeof(conf), " ");
		csv_put_str(&w, conf);
		for (int v = 0; v < j->nv; v++) {
			for (size_t k = 0; k < n; k++)
				csv_put_str(&w, cell(&t[k], j->at[i][k], j->vc[k][v]));
			for (size_t k = 1; k < n && j->numeric[v]; k++) {
				csv_put_num(&w, ratio_of(j, t, i, k, v));
			}
		}
		csv_end_row(&w);
	}
	if (csv_writer_close(&w) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

static void fmt_cell(char *b, size_t len, const char *s)
{
	double x;
	if (is_num(s, &x))
		snprintf(b, len, "%.4g", x);
	else
		snprintf(b, len, "%s", s);
}

static int write_md(const struct join *j, const struct csv_table *t, const struct cmp_run *runs, size_t n,
		    const char *title, const char *path, char *err, size_t errlen)
{
	const char *head[MAX_WORDS * (2 * CMP_MAX_RUNS)];
	char names[MAX_WORDS * 2 * CMP_MAX_RUNS][128], note[8192] = "";
	size_t nh = 0, nn = 0;
	for (int k = 0; k < j->nk; k++)
		head[nh++] = j->keys[k];
	for (int v = 0; v < j->nv; v++) {
		for (size_t k = 0; k < n; k++) {
			snprintf(names[nn], sizeof(names[0]), "%s %s", j->vals[v], runs[k].label);
			head[nh++] = names[nn++];
		}
		for (size_t k = 1; k < n && j->numeric[v]; k++) {
			snprintf(names[nn], sizeof(names[0]), "%s / %s", runs[k].label, runs[0].label);
			head[nh++] = names[nn++];
		}
	}
	for (size_t k = 0; k < n; k++)
		snprintf(note + strlen(note), sizeof(note) - strlen(note), "%s%s: %s, run %s, commit %s%s",
			 k ? "; " : "Runs: ", runs[k].label, runs[k].gpu, runs[k].dir, runs[k].commits, runs[k].stale);
	snprintf(note + strlen(note), sizeof(note) - strlen(note),
		 ". Each run rendered on its own: its model columns are on its own ceilings.csv. X / Y: the "
		 "ratio of the values; NA: a row the run does not hold or a value it does not have.");
	const char *notes[] = { note, NULL };
	struct md_table md;
	if (md_open(&md, path, title, notes, head, nh) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	char cells[MAX_WORDS * (2 * CMP_MAX_RUNS)][128];
	const char *row[MAX_WORDS * (2 * CMP_MAX_RUNS)];
	for (size_t i = 0; i < j->nrows; i++) {
		size_t c = 0, first = 0;
		while (j->at[i][first] < 0)
			first++;
		for (int k = 0; k < j->nk; k++)
			snprintf(cells[c++], sizeof(cells[0]), "%s", t[first].cells[j->at[i][first]][j->kc[first][k]]);
		for (int v = 0; v < j->nv; v++) {
			for (size_t k = 0; k < n; k++, c++)
				fmt_cell(cells[c], sizeof(cells[0]), cell(&t[k], j->at[i][k], j->vc[k][v]));
			for (size_t k = 1; k < n && j->numeric[v]; k++, c++) {
				const double x = ratio_of(j, t, i, k, v);
				snprintf(cells[c], sizeof(cells[0]), isnan(x) ? "NA" : "%.3f", x);
			}
		}
		for (size_t q = 0; q < c; q++)
			row[q] = cells[q];
		md_row(&md, row);
	}
	if (md_close(&md) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

int cmp_join(const char *title, const char *keys, const char *values, const struct csv_table *t,
	     const struct cmp_run *runs, size_t n, const char *csv_path, const char *md_path,
	     struct cmp_ratio *ratio, struct cmp_ratio *model, size_t *nrows, char *err, size_t errlen)
{
	struct join j = { 0 };
	int rc = join_build(&j, keys, values, t, n, err, errlen);
	if (rc == 0)
		rc = write_csv(&j, t, n, csv_path, err, errlen);
	if (rc == 0)
		rc = write_md(&j, t, runs, n, title, md_path, err, errlen);
	for (size_t k = 0; rc == 0 && k < n; k++) {
		ratio[k] = (struct cmp_ratio){ 0 };
		model[k] = (struct cmp_ratio){ 0 };
		for (size_t i = 0; k > 0 && i < j.nrows; i++) {
			if (j.numeric[0] && num(&t[0], j.at[i][0], j.vc[0][0]) > 0)
				ratio_add(&ratio[k], ratio_of(&j, t, i, k, 0));
			if (j.model >= 0 && num(&t[0], j.at[i][0], j.vc[0][j.model]) > 0)
				ratio_add(&model[k], ratio_of(&j, t, i, k, j.model));
		}
		if (ratio[k].n)
			ratio[k].gmean = exp(ratio[k].gmean / (double)ratio[k].n);
		if (model[k].n)
			model[k].gmean = exp(model[k].gmean / (double)model[k].n);
	}
	if (rc == 0)
		*nrows = j.nrows;
	free(j.rows);
	free(j.at);
	return rc;
}
