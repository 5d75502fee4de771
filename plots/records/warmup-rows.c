/*
 * warmup-rows.c - the warm-up study's rows (warmup-rows.h): its lists (experiments/warmup-study*.csv,
 * a row a kernel and warm-up) joined with the run's rows by label, each run row checked as every
 * run row is and against its list row (the same configuration, warmup_asked_s the list's
 * warmup_s). Read by make warmup-study (plots/render/render-warmup.c) and the study's claims
 * (plots/verdicts/claims-warmup.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "method.h"
#include "stencil.h"
#include "warmup-rows.h"

int rec_wu_is_list(const char *path)
{
	char err[256];
	struct csv_table t;
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		return 0;
	const int yes = csv_table_col(&t, "warmup_s") >= 0;
	csv_table_free(&t);
	return yes;
}

int rec_wu_at(const struct wu_set *s, double w)
{
	for (size_t j = 0; j < s->nw; j++)
		if (fabs(s->w[j] - w) <= 1e-9)
			return (int)j;
	return -1;
}

const struct wu_row *rec_wu_row(const struct wu_set *s, size_t k, int j)
{
	return k < s->nk && j >= 0 && (size_t)j < s->nw && s->k[k].row[j] >= 0 ? &s->rows[s->k[k].row[j]] : NULL;
}

double rec_wu_rel(const struct wu_set *s, size_t k, int j)
{
	const struct wu_row *a = rec_wu_row(s, k, j), *ref = rec_wu_row(s, k, (int)s->nw - 1);
	return a && ref ? a->rate / ref->rate : NAN;
}

void rec_wu_free(struct wu_set *s)
{
	for (size_t i = 0; i < s->nlists; i++)
		if (s->have[i])
			csv_table_free(&s->run[i]);
	free(s->rows);
	memset(s, 0, sizeof(*s));
}

/* row r's configuration (a list's or a run CSV's): id (the configuration as one string), the
 * kernel's name and size; 0, or -1 with "FILE:LINE: what" */
static int wu_identity(const struct csv_table *t, size_t r, int workload, struct wu_kernel *k, char *err,
		       size_t errlen)
{
	char m[64], what[256];
	if (workload) {
		struct workload_config w;
		if (workload_parse_row(&w, t, r, err, errlen) != 0)
			return -1;
		method_variant_name(w.method, w.option, m, sizeof(m));
		snprintf(k->id, sizeof(k->id), "%s %s %s %s %s", w.workload, dtype_table[w.dtype].name, m,
			 w.matrix[0] ? w.matrix : "-", w.size);
		snprintf(k->name, sizeof(k->name), "%s%s%s %s", m, w.matrix[0] ? " " : "", w.matrix, w.size);
		snprintf(k->size, sizeof(k->size), "%s", w.size);
		k->workload = 1;
		return 0;
	}
	struct run_config c;
	if (run_config_parse(&c, csv_table_get(t, r, "stencil"), csv_table_get(t, r, "dtype"),
			     csv_table_get(t, r, "method"), csv_table_get(t, r, "fusion"), csv_table_get(t, r, "size"), NULL,
			     model_method_names(), what, sizeof(what)) != 0) {
		snprintf(err, errlen, "%s:%ld: %s", t->path, t->lines[r], what);
		return -1;
	}
	method_variant_name(c.method, c.option, m, sizeof(m));
	snprintf(k->id, sizeof(k->id), "%s %s %s %d %s", c.stencil->name, dtype_table[c.dtype].name, m, c.fusion,
		 c.size);
	snprintf(k->name, sizeof(k->name), "%s %s %s t=%d", m, c.stencil->name, dtype_table[c.dtype].name, c.fusion);
	snprintf(k->size, sizeof(k->size), "%s", c.size);
	k->workload = 0;
	return 0;
}

/* a cell as a number, NaN when empty, NA or not a number */
static double wu_num(const struct csv_table *t, size_t r, const char *col)
{
	return rec_num(t, (long)r, col);
}

/* the kernel of id k in s (added when new): its index, or -1 when the set is full */
static long wu_kernel_of(struct wu_set *s, const struct wu_kernel *k)
{
	for (size_t i = 0; i < s->nk; i++)
		if (!strcmp(s->k[i].id, k->id))
			return (long)i;
	if (s->nk == WU_MAX_KERNELS)
		return -1;
	s->k[s->nk] = *k;
	for (size_t j = 0; j < WU_MAX_WARMUPS; j++)
		s->k[s->nk].row[j] = -1;
	return (long)s->nk++;
}

/* warm-up w among s's, kept ascending, each kernel's rows moved with them: 0, or -1 when there are
 * too many */
static int wu_add_warmup(struct wu_set *s, double w)
{
	if (rec_wu_at(s, w) >= 0)
		return 0;
	if (s->nw == WU_MAX_WARMUPS)
		return -1;
	size_t j = s->nw++;
	for (; j > 0 && s->w[j - 1] > w; j--) {
		s->w[j] = s->w[j - 1];
		for (size_t k = 0; k < s->nk; k++)
			s->k[k].row[j] = s->k[k].row[j - 1];
	}
	s->w[j] = w;
	for (size_t k = 0; k < s->nk; k++)
		s->k[k].row[j] = -1;
	return 0;
}

/* the row of list `list` labelled label, or -1 */
static long wu_find_label(const struct wu_set *s, size_t list, const char *label)
{
	for (size_t i = 0; i < s->nrows; i++)
		if (s->rows[i].list == list && !strcmp(s->rows[i].label, label))
			return (long)i;
	return -1;
}

/* row r of a list into s: its configuration, a positive warm-up, a non-negative rest, a label no
 * other row has, a warm-up its kernel has once; 0, or -1 with "FILE:LINE: what" */
static int wu_list_row(struct wu_set *s, const struct csv_table *t, size_t r, size_t list, int workload, char *err,
		       size_t errlen)
{
	struct wu_kernel k;
	struct wu_row *w = &s->rows[s->nrows];
	const char *label = csv_table_get(t, r, "label");
	const double warm = wu_num(t, r, "warmup_s"), rest = wu_num(t, r, "rest_s");
	const char *bad = !(warm > 0 && isfinite(warm)) ? "warmup_s is not a positive number of seconds"
		: !(rest >= 0 && isfinite(rest)) ? "rest_s is not a non-negative number of seconds"
		: !label[0] || strlen(label) >= sizeof(w->label) ? "the label is empty or longer than 63 characters"
		: NULL;
	if (wu_identity(t, r, workload, &k, err, errlen) != 0)
		return -1;
	const long dup = wu_find_label(s, list, label), ki = bad || dup >= 0 ? -1 : wu_kernel_of(s, &k);
	if (!bad && dup >= 0)
		bad = "a label given twice: each row's label names its kernel and warm-up";
	if (!bad && (ki < 0 || wu_add_warmup(s, warm) != 0))
		bad = "more kernels or warm-ups than the study takes";
	if (!bad && s->k[ki].row[rec_wu_at(s, warm)] >= 0)
		bad = "a kernel's warm-up given twice";
	if (bad) {
		snprintf(err, errlen, "%s:%ld: %s", t->path, t->lines[r], bad);
		return -1;
	}
	memset(w, 0, sizeof(*w));
	snprintf(w->label, sizeof(w->label), "%s", label);
	w->line = t->lines[r], w->kernel = (size_t)ki, w->list = list, w->run_row = -1;
	w->warmup = warm, w->rest = rest, w->status = "not run", w->reasons = "";
	w->rate = w->clock = w->power = w->energy = w->throttled = NAN;
	s->k[ki].row[rec_wu_at(s, warm)] = (long)s->nrows;
	s->rest_lo = fmin(s->rest_lo, rest), s->rest_hi = fmax(s->rest_hi, rest);
	s->nrows++;
	return 0;
}

/* experiments/NAME.csv, list number `list`, into s; 0, or -1 with err */
static int wu_read_list(struct run_ctx *c, const char *name, size_t list, struct wu_set *s, char *err,
			size_t errlen)
{
	static const char *const need_st[] = { "stencil", "dtype", "method", "fusion", "size", "label", "warmup_s",
					       "rest_s", NULL };
	static const char *const need_wl[] = { "workload", "dtype", "method", "size", "label", "warmup_s", "rest_s",
					       NULL };
	char path[1024];
	struct csv_table t;
	snprintf(path, sizeof(path), "%s/experiments/%s.csv", c->root, name);
	if (csv_table_read(path, &t, err, errlen) != 0)
		return -1;
	const int workload = csv_table_col(&t, "workload") >= 0;
	int rc = csv_table_require(&t, workload ? need_wl : need_st, err, errlen);
	struct wu_row *grown = rc ? NULL : realloc(s->rows, (s->nrows + t.nrows + 1) * sizeof(*s->rows));
	if (!rc && !grown)
		snprintf(err, errlen, "%s: out of memory", path), rc = -1;
	if (grown)
		s->rows = grown;
	if (!rc && !t.nrows)
		snprintf(err, errlen, "%s: no configurations", path), rc = -1;
	for (size_t r = 0; !rc && r < t.nrows; r++)
		rc = wu_list_row(s, &t, r, list, workload, err, errlen);
	csv_table_free(&t);
	return rc;
}

/* a stencil row's rate no higher than 1.05x the renderer's own model on the ceilings of the GPU
 * that ran it (the row's own model is checked by rec_run_row_sane); 0, or -1 with err */
static int wu_roof(const struct run_ctx *c, const struct csv_table *t, size_t r, double rate, char *err,
		   size_t errlen)
{
	struct run_config cfg;
	struct model_point mp;
	char what[256];
	run_config_parse(&cfg, csv_table_get(t, r, "stencil"), csv_table_get(t, r, "dtype"), csv_table_get(t, r, "method"),
			 csv_table_get(t, r, "fusion"), csv_table_get(t, r, "size"), NULL, model_method_names(), what,
			 sizeof(what));   /* parses: its identity did */
	struct model_input in = { cfg.stencil, cfg.fusion, cfg.dtype, model_method_find(cfg.method), -1,
				  wu_num(t, r, "sigma"), rec_hw_of(c, csv_table_get(t, r, "gpu_uuid")),
				  option_wgmma(cfg.option) };
	if (!in.method || model_eval(&in, &mp, what, sizeof(what)) != 0 || !(rate > 1.05 * mp.gstencil_per_s))
		return 0;
	snprintf(err, errlen, "%s:%ld: status ok but gstencil_per_s %.4g is above 1.05x the model's %.4g for %s on "
		 "this run's ceilings (impossible)", t->path, t->lines[r], rate, mp.gstencil_per_s,
		 csv_table_get(t, r, "label"));
	return -1;
}

/* run row r's values into list row w, and what the title and notes say of it into c */
static void wu_take(struct run_ctx *c, struct wu_set *s, struct wu_row *w, const struct csv_table *t, size_t r)
{
	const int wl = s->k[w->kernel].workload, ok = !strcmp(csv_table_get(t, r, "status"), "ok");
	const char *reasons = csv_table_get(t, r, "clock_reasons"), *win = csv_table_get(t, r, "window");
	w->run_row = (int)r;
	w->status = csv_table_get(t, r, "status");
	w->rate = ok ? wu_num(t, r, wl ? "gbps" : "gstencil_per_s") : NAN;
	w->clock = ok ? wu_num(t, r, "sm_clock_median_mhz") : NAN;
	w->power = ok ? wu_num(t, r, "power_median_w") : NAN;
	w->energy = ok ? wu_num(t, r, wl ? "energy_nj_per_element" : "energy_nj_per_point_step") : NAN;
	w->throttled = wu_num(t, r, "throttled_samples");
	w->reasons = reasons ? reasons : "";
	w->dirty = rec_note_commit(c, t, r);
	rec_note_row(c, t, r, w->throttled > 0);   /* its invocation's protocol, power, reasons */
	for (size_t q = 0; q < c->nquick; q++)
		c->quick |= !strcmp(csv_table_get(t, r, "run_id"), c->quick_ids[q]);
	c->hot |= ok && win && !strcmp(win, "hot");
	if (isfinite(w->clock))
		c->clk_lo = fmin(c->clk_lo, w->clock), c->clk_hi = fmax(c->clk_hi, w->clock);
}

/* another replica's row r of list row w: its rate kept, w's the median of them (the first row's
 * other values); a row not verified shows instead */
static int wu_replica(struct wu_row *w, const struct csv_table *t, size_t r)
{
	const int wl = csv_table_col(t, "workload") >= 0;
	if (strcmp(csv_table_get(t, r, "status"), "ok")) {
		w->run_row = (int)r, w->status = csv_table_get(t, r, "status"), w->rate = NAN;
		return 0;
	}
	if (w->replicas == 0 && isfinite(w->rate))
		w->rep[w->replicas++] = w->rate;
	if (w->replicas == 0 || w->replicas == 8)
		return 0;
	w->rep[w->replicas++] = wu_num(t, r, wl ? "gbps" : "gstencil_per_s");
	double v[8];
	memcpy(v, w->rep, sizeof(v));
	w->rate = rec_median(v, (size_t)w->replicas);
	return 0;
}

/* run row r of list `list`: sane as every run row, and the run row of the list row its label names,
 * with that row's configuration and warm-up; its values taken. 0, or -1 with "FILE:LINE: what" */
static int wu_run_row(struct run_ctx *c, struct wu_set *s, size_t list, const struct csv_table *t, size_t r,
		      int workload, char *err, size_t errlen)
{
	char key[CONFIG_KEY_MAX], why[512] = "";
	struct wu_kernel k;
	if ((workload ? rec_wl_row_sane(t, r, key, sizeof(key), err, errlen)
		      : rec_run_row_sane(t, r, key, sizeof(key), err, errlen)) != 0 ||
	    wu_identity(t, r, workload, &k, err, errlen) != 0)
		return -1;
	const char *label = csv_table_get(t, r, "label");
	const long i = wu_find_label(s, list, label);
	struct wu_row *w = i >= 0 ? &s->rows[i] : NULL;
	const double asked = wu_num(t, r, "warmup_asked_s");
	if (!rec_row_wanted(c, t, r))   /* another replica or GPU than the one asked for */
		return 0;
	if (!w)
		snprintf(why, sizeof(why), "label '%s' names no row of its list", label);
	else if (w->run_row >= 0 && csv_table_col(t, "replica") >= 0 &&
		 strcmp(csv_table_get(t, r, "replica"), csv_table_get(t, (size_t)w->run_row, "replica")))
		return wu_replica(w, t, r);   /* the rows were found distinct (run_rows_distinct) */
	else if (w->run_row >= 0)
		snprintf(why, sizeof(why), "label '%s' given twice (line %ld)", label, t->lines[w->run_row]);
	else if (strcmp(k.id, s->k[w->kernel].id))
		snprintf(why, sizeof(why), "label '%s' is %s here but %s in its list", label, k.id, s->k[w->kernel].id);
	else if (!(fabs(asked - w->warmup) <= 1e-9))
		snprintf(why, sizeof(why), "warmup_asked_s '%s' is not its list row's warmup_s %g",
			 csv_table_get(t, r, "warmup_asked_s"), w->warmup);
	if (why[0]) {
		snprintf(err, errlen, "%s:%ld: %s", t->path, t->lines[r], why);
		return -1;
	}
	if (!workload && !strcmp(csv_table_get(t, r, "status"), "ok") &&
	    wu_roof(c, t, r, wu_num(t, r, "gstencil_per_s"), err, errlen) != 0)
		return -1;
	wu_take(c, s, w, t, r);
	return 0;
}

/* the run's NAME.csv, list number `list` (none: its rows stay "not run"); 0, or -1 with err */
static int wu_read_run(struct run_ctx *c, const char *name, size_t list, struct wu_set *s, char *err,
		       size_t errlen)
{
	static const char *const need_st[] = { "label", "stencil", "dtype", "method", "fusion", "size", "status",
					       "gstencil_per_s", "verify_rel_l2", "verify_max_rel", "verify_tol_l2",
					       "verify_tol_max", "warmup_asked_s", NULL };
	static const char *const need_wl[] = { "label", "workload", "dtype", "method", "size", "status",
					       "time_median_s", "gbps", "warmup_asked_s", NULL };
	char path[1024];
	struct stat st;
	snprintf(path, sizeof(path), "%s/%s.csv", c->rundir, name);
	if (!c->rundir[0] || stat(path, &st) != 0)
		return 0;
	struct csv_table *t = &s->run[list];
	if (csv_table_read(path, t, err, errlen) != 0)
		return -1;
	s->have[list] = s->have_run = 1;
	const int workload = csv_table_col(t, "workload") >= 0;
	if (csv_table_require(t, workload ? need_wl : need_st, err, errlen) != 0)
		return -1;
	s->no_power |= csv_table_col(t, "power_median_w") < 0;
	for (size_t r = 0; r < t->nrows; r++)
		if (wu_run_row(c, s, list, t, r, workload, err, errlen) != 0)
			return -1;
	return 0;
}

int rec_wu_load(struct run_ctx *c, const char *target, const char *lists, struct wu_set *s, char *err, size_t errlen)
{
	char inputs[256], *save = NULL;
	memset(s, 0, sizeof(*s));
	s->rest_lo = INFINITY, s->rest_hi = -INFINITY;
	snprintf(inputs, sizeof(inputs), "%s", lists);
	for (char *name = strtok_r(inputs, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
		if (s->nlists == WU_MAX_LISTS) {
			snprintf(err, errlen, "experiments/targets.csv: %s: more than %d lists", target, WU_MAX_LISTS);
			rec_wu_free(s);
			return -1;
		}
		const size_t list = s->nlists++;
		if (wu_read_list(c, name, list, s, err, errlen) != 0 || wu_read_run(c, name, list, s, err, errlen) != 0) {
			rec_wu_free(s);
			return -1;
		}
	}
	return 0;
}
