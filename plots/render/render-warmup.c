/*
 * render-warmup.c - make warmup-study (no paper item): the harness's own timing protocol
 * examined. Each kernel of the study's lists (one per family of methods, SCALE and cuSPARSE SpMV)
 * was timed after an idle pause and a warm-up of its own kernel of each length the list gives; the
 * table has one row a kernel: its rate after each warm-up over its rate after the longest, and at
 * 0.05 s (the previous protocol's warm-up of a row on a busy GPU), 1 s (the protocol's) and the
 * longest the absolute rate, SM clock, board power and energy per point-step (per element for
 * SCALE and SpMV). The figure (plots/gp/warmup-study.gp) draws the relative rate and the SM clock
 * against the warm-up. The rows' loading and checks are shared with the study's claims
 * (render-warmup.h, plots/verdicts/claims-warmup.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "method.h"
#include "render-warmup.h"
#include "stencil.h"

/* the warm-ups whose absolute values the table shows besides the reference (the longest) */
static const double detail_w[] = { 0.05, 1 };

int rd_wu_is_list(const char *path)
{
	char err[256];
	struct csv_table t;
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		return 0;
	const int yes = csv_table_col(&t, "warmup_s") >= 0;
	csv_table_free(&t);
	return yes;
}

int rd_wu_at(const struct wu_set *s, double w)
{
	for (size_t j = 0; j < s->nw; j++)
		if (fabs(s->w[j] - w) <= 1e-9)
			return (int)j;
	return -1;
}

const struct wu_row *rd_wu_row(const struct wu_set *s, size_t k, int j)
{
	return k < s->nk && j >= 0 && (size_t)j < s->nw && s->k[k].row[j] >= 0 ? &s->rows[s->k[k].row[j]] : NULL;
}

double rd_wu_rel(const struct wu_set *s, size_t k, int j)
{
	const struct wu_row *a = rd_wu_row(s, k, j), *ref = rd_wu_row(s, k, (int)s->nw - 1);
	return a && ref ? a->rate / ref->rate : NAN;
}

void rd_wu_free(struct wu_set *s)
{
	for (size_t i = 0; i < s->nlists; i++)
		if (s->have[i])
			csv_table_free(&s->run[i]);
	free(s->rows);
	memset(s, 0, sizeof(*s));
}

/* ---- the lists ---- */

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
	return rd_num(t, (long)r, col);
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
	if (rd_wu_at(s, w) >= 0)
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
	if (!bad && s->k[ki].row[rd_wu_at(s, warm)] >= 0)
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
	s->k[ki].row[rd_wu_at(s, warm)] = (long)s->nrows;
	s->rest_lo = fmin(s->rest_lo, rest), s->rest_hi = fmax(s->rest_hi, rest);
	s->nrows++;
	return 0;
}

/* experiments/NAME.csv, list number `list`, into s; 0, or -1 with err */
static int wu_read_list(struct render_ctx *c, const char *name, size_t list, struct wu_set *s, char *err,
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

/* ---- the run's rows ---- */

/* a stencil row's rate no higher than 1.05x the renderer's own model on the ceilings of the GPU
 * that ran it (the row's own model is checked by rd_run_row_sane); 0, or -1 with err */
static int wu_roof(const struct render_ctx *c, const struct csv_table *t, size_t r, double rate, char *err,
		   size_t errlen)
{
	struct run_config cfg;
	struct model_point mp;
	char what[256];
	run_config_parse(&cfg, csv_table_get(t, r, "stencil"), csv_table_get(t, r, "dtype"), csv_table_get(t, r, "method"),
			 csv_table_get(t, r, "fusion"), csv_table_get(t, r, "size"), NULL, model_method_names(), what,
			 sizeof(what));   /* parses: its identity did */
	struct model_input in = { cfg.stencil, cfg.fusion, cfg.dtype, model_method_find(cfg.method), -1,
				  wu_num(t, r, "sigma"), render_hw_of(c, csv_table_get(t, r, "gpu_uuid")),
				  option_wgmma(cfg.option) };
	if (!in.method || model_eval(&in, &mp, what, sizeof(what)) != 0 || !(rate > 1.05 * mp.gstencil_per_s))
		return 0;
	snprintf(err, errlen, "%s:%ld: status ok but gstencil_per_s %.4g is above 1.05x the model's %.4g for %s on "
		 "this run's ceilings (impossible)", t->path, t->lines[r], rate, mp.gstencil_per_s,
		 csv_table_get(t, r, "label"));
	return -1;
}

/* run row r's values into list row w, and what the title and notes say of it into c */
static void wu_take(struct render_ctx *c, struct wu_set *s, struct wu_row *w, const struct csv_table *t, size_t r)
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
	w->dirty = rd_note_commit(c, t, r);
	rd_note_row(c, t, r, w->throttled > 0);   /* its invocation's protocol, power, reasons */
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
	if (w->nrep == 0 && isfinite(w->rate))
		w->rep[w->nrep++] = w->rate;
	if (w->nrep == 0 || w->nrep == 8)
		return 0;
	w->rep[w->nrep++] = wu_num(t, r, wl ? "gbps" : "gstencil_per_s");
	double v[8];
	memcpy(v, w->rep, sizeof(v));
	w->rate = rd_median(v, (size_t)w->nrep);
	return 0;
}

/* run row r of list `list`: sane as every run row, and the run row of the list row its label names,
 * with that row's configuration and warm-up; its values taken. 0, or -1 with "FILE:LINE: what" */
static int wu_run_row(struct render_ctx *c, struct wu_set *s, size_t list, const struct csv_table *t, size_t r,
		      int workload, char *err, size_t errlen)
{
	char key[CONFIG_KEY_MAX], why[512] = "";
	struct wu_kernel k;
	if ((workload ? rd_wl_row_sane(t, r, key, sizeof(key), err, errlen)
		      : rd_run_row_sane(t, r, key, sizeof(key), err, errlen)) != 0 ||
	    wu_identity(t, r, workload, &k, err, errlen) != 0)
		return -1;
	const char *label = csv_table_get(t, r, "label");
	const long i = wu_find_label(s, list, label);
	struct wu_row *w = i >= 0 ? &s->rows[i] : NULL;
	const double asked = wu_num(t, r, "warmup_asked_s");
	if (!rd_row_wanted(c, t, r))   /* another replica or GPU than the one asked for */
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
static int wu_read_run(struct render_ctx *c, const char *name, size_t list, struct wu_set *s, char *err,
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

int rd_wu_load(struct render_ctx *c, const struct target_spec *ts, struct wu_set *s, char *err, size_t errlen)
{
	char inputs[sizeof(ts->inputs)], *save = NULL;
	memset(s, 0, sizeof(*s));
	s->rest_lo = INFINITY, s->rest_hi = -INFINITY;
	snprintf(inputs, sizeof(inputs), "%s", ts->inputs);
	for (char *name = strtok_r(inputs, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
		if (s->nlists == WU_MAX_LISTS) {
			snprintf(err, errlen, "experiments/targets.csv: %s: more than %d lists", ts->name, WU_MAX_LISTS);
			rd_wu_free(s);
			return -1;
		}
		const size_t list = s->nlists++;
		if (wu_read_list(c, name, list, s, err, errlen) != 0 || wu_read_run(c, name, list, s, err, errlen) != 0) {
			rd_wu_free(s);
			return -1;
		}
	}
	return 0;
}

/* ---- the table and the figure's data ---- */

/* a number with three significant digits, NA when not finite */
static void wu_fmt_sig(char *b, size_t n, double v)
{
	if (isfinite(v))
		snprintf(b, n, "%.3g", v);
	else
		snprintf(b, n, "NA");
}

/* the columns: named from the set's warm-ups; detail: the warm-up indices shown in full */
struct wu_cols {
	char name[64][32];
	const char *p[64], *md[24];
	size_t n, nmd;
	int detail[3];
	size_t nd;
	char mdname[24][32];
};

/* a CSV column named PREFIX_Ws (w >= 0: a warm-up's) or PREFIX; a Markdown one likewise */
static void wu_col(struct wu_cols *k, const char *prefix, double w)
{
	if (k->n == NELEM(k->name))
		return;
	if (w >= 0)
		snprintf(k->name[k->n], sizeof(k->name[0]), "%s_%gs", prefix, w);
	else
		snprintf(k->name[k->n], sizeof(k->name[0]), "%s", prefix);
	k->p[k->n] = k->name[k->n];
	k->n++;
}

static void wu_md_col(struct wu_cols *k, const char *text, double w)
{
	if (k->nmd == NELEM(k->mdname))
		return;
	if (w >= 0)
		snprintf(k->mdname[k->nmd], sizeof(k->mdname[0]), "%s%g s%s", text, w, text[0] ? ": rate, MHz, W, nJ" : "");
	else
		snprintf(k->mdname[k->nmd], sizeof(k->mdname[0]), "%s", text);
	k->md[k->nmd] = k->mdname[k->nmd];
	k->nmd++;
}

/* the detail warm-ups the set holds, then the reference (once) */
static void wu_details(const struct wu_set *s, struct wu_cols *k)
{
	k->nd = 0;
	for (size_t i = 0; i < NELEM(detail_w); i++) {
		const int j = rd_wu_at(s, detail_w[i]);
		if (j >= 0 && (size_t)j + 1 < s->nw)
			k->detail[k->nd++] = j;
	}
	if (s->nw)
		k->detail[k->nd++] = (int)s->nw - 1;
}

static void wu_columns(const struct wu_set *s, struct wu_cols *k)
{
	static const char *const head[] = { "kernel", "kind", "size", "rate_unit", "energy_unit", "reference_s" };
	static const char *const tail[] = { "rows_measured", "rows", "throttled_rows", "status" };
	memset(k, 0, sizeof(*k));
	wu_details(s, k);
	for (size_t i = 0; i < NELEM(head); i++)
		wu_col(k, head[i], -1);
	wu_md_col(k, "kernel", -1);
	for (size_t j = 0; j < s->nw; j++)
		wu_col(k, "rel", s->w[j]), wu_md_col(k, "", s->w[j]);
	for (size_t j = 0; j < s->nw; j++)
		wu_col(k, "clock", s->w[j]);
	for (size_t d = 0; d < k->nd; d++) {
		const double w = s->w[k->detail[d]];
		wu_col(k, "rate", w), wu_col(k, "power", w), wu_col(k, "energy", w), wu_col(k, "reasons", w);
		wu_md_col(k, "at ", w);
	}
	for (size_t i = 0; i < NELEM(tail); i++)
		wu_col(k, tail[i], -1);
}

/* the kernel's rows: how many measured (ok), how many throttled, and the status of the kernel (the
 * first row's that is not ok, "verified" when all are) */
static const char *wu_kernel_status(const struct wu_set *s, size_t k, int *ok, int *thr)
{
	const char *st = NULL;
	*ok = *thr = 0;
	for (size_t j = 0; j < s->nw; j++) {
		const struct wu_row *w = rd_wu_row(s, k, (int)j);
		if (!w)
			continue;
		*ok += !strcmp(w->status, "ok"), *thr += w->throttled > 0;
		if (!st && strcmp(w->status, "ok"))
			st = w->status;
	}
	return st ? st : "verified";
}

static size_t wu_kernel_rows(const struct wu_set *s, size_t k)
{
	size_t n = 0;
	for (size_t j = 0; j < s->nw; j++)
		n += s->k[k].row[j] >= 0;
	return n;
}

static void wu_csv_row(struct outputs *o, const struct wu_set *s, const struct wu_cols *cols, size_t k)
{
	const struct wu_kernel *kn = &s->k[k];
	int ok, thr;
	const char *st = wu_kernel_status(s, k, &ok, &thr);
	csv_put_str(&o->w, kn->name);
	csv_put_str(&o->w, kn->workload ? "workload" : "stencil");
	csv_put_str(&o->w, kn->size);
	csv_put_str(&o->w, kn->workload ? "GB/s" : "GStencil/s");
	csv_put_str(&o->w, kn->workload ? "nJ/element" : "nJ/point-step");
	csv_put_num(&o->w, s->nw ? s->w[s->nw - 1] : NAN);
	for (size_t j = 0; j < s->nw; j++)
		csv_put_num(&o->w, rd_wu_rel(s, k, (int)j));
	for (size_t j = 0; j < s->nw; j++) {
		const struct wu_row *w = rd_wu_row(s, k, (int)j);
		csv_put_num(&o->w, w ? w->clock : NAN);
	}
	for (size_t d = 0; d < cols->nd; d++) {
		const struct wu_row *w = rd_wu_row(s, k, cols->detail[d]);
		csv_put_num(&o->w, w ? w->rate : NAN);
		csv_put_num(&o->w, w ? w->power : NAN);
		csv_put_num(&o->w, w ? w->energy : NAN);
		csv_put_str(&o->w, w && w->run_row >= 0 && w->reasons[0] ? w->reasons : "NA");
	}
	csv_put_int(&o->w, ok);
	csv_put_int(&o->w, (long)wu_kernel_rows(s, k));
	csv_put_int(&o->w, thr);
	csv_put_str(&o->w, rd_status(st));
	csv_end_row(&o->w);
}

/* a relative cell: the ratio (3 decimals, "*" after a throttled row's), or the row's status */
static void wu_rel_cell(char *b, size_t n, const struct wu_set *s, size_t k, int j)
{
	const struct wu_row *w = rd_wu_row(s, k, j), *ref = rd_wu_row(s, k, (int)s->nw - 1);
	if (!w)
		snprintf(b, n, "-");
	else if (strcmp(w->status, "ok"))
		snprintf(b, n, "%s", rd_status(w->status));
	else if (!ref || strcmp(ref->status, "ok"))
		snprintf(b, n, "NA");
	else
		snprintf(b, n, "%.3f%s", rd_wu_rel(s, k, j), w->throttled > 0 ? "*" : "");
}

/* a detail cell: "rate UNIT, MHz, W, nJ", or the row's status */
static void wu_detail_cell(char *b, size_t n, const struct wu_set *s, size_t k, int j)
{
	const struct wu_row *w = rd_wu_row(s, k, j);
	char r[32], e[32];
	if (!w || strcmp(w->status, "ok")) {
		snprintf(b, n, "%s", w ? rd_status(w->status) : "-");
		return;
	}
	rd_fmt(r, sizeof(r), w->rate, 1);
	wu_fmt_sig(e, sizeof(e), w->energy);
	snprintf(b, n, "%s %s, %.0f MHz, %.0f W, %s nJ", r, s->k[k].workload ? "GB/s" : "GStencil/s", w->clock, w->power,
		 e);
}

static void wu_md_row(struct outputs *o, const struct wu_set *s, const struct wu_cols *cols, size_t k)
{
	char cells[24][96];
	const char *p[24];
	size_t n = 0;
	snprintf(cells[n++], sizeof(cells[0]), "%s%s%s", s->k[k].name, s->k[k].workload ? "" : " ",
		 s->k[k].workload ? "" : s->k[k].size);
	for (size_t j = 0; j < s->nw && n < NELEM(cells); j++, n++)
		wu_rel_cell(cells[n], sizeof(cells[0]), s, k, (int)j);
	for (size_t d = 0; d < cols->nd && n < NELEM(cells); d++, n++)
		wu_detail_cell(cells[n], sizeof(cells[0]), s, k, cols->detail[d]);
	for (size_t i = 0; i < n; i++)
		p[i] = cells[i];
	md_row(&o->md, p);
}

/* the notes after the table: what a cell is, the run's own limits, the throttled rows */
static void wu_notes(struct outputs *o, const struct render_ctx *c, const struct wu_set *s)
{
	char note[1024];
	int n = snprintf(note, sizeof(note), "Each warm-up's column: the kernel's rate after a warm-up of that length "
			 "over its rate after %g s (the longest), every row after an idle pause of ", s->nw ? s->w[s->nw - 1] : NAN);
	if (s->rest_lo < s->rest_hi)
		n += snprintf(note + n, sizeof(note) - (size_t)n, "%g to %g s", s->rest_lo, s->rest_hi);
	else
		n += snprintf(note + n, sizeof(note) - (size_t)n, "%g s", s->rest_lo);
	snprintf(note + n, sizeof(note) - (size_t)n, " (rest_s). Rate: GStencil/s (stencils) or GB/s (SCALE, SpMV); "
		 "SM clock: the samples' median; board power: NVML's median over the samples; energy: power x time per "
		 "point-step (stencils) or per element (SCALE: an element, SpMV: a non-zero). *: some samples ran "
		 "with a thermal or hardware slowdown.");
	md_note(&o->md, note);
	if (s->have_run)
		md_note(&o->md, "The stencils are timed in the write-back window, SCALE and SpMV hot (the L2 kept): each "
			"kernel is compared with itself only. The protocol below applies to these rows but for their "
			"warm-up and rest, which are the study's own (warmup_asked_s, warmup_rest_s): no row of the study "
			"is a measurement of record.");
	if (c->rundir[0] && !s->have_run)
		md_note(&o->md, "This run holds no warm-up study: make warmup-study measures it on a GPU.");
	if (s->have_run && s->no_power)
		md_note(&o->md, "This run predates the board-power and energy columns: not recorded (NA).");
}

/* the widest tolerance of the claims that read target name (data/paper/claims.csv: its inputs),
 * 0 when none does */
static double wu_band(const struct render_ctx *c, const char *name)
{
	static const char *const need[] = { "inputs", "tolerance", NULL };
	struct csv_table t;
	char err[256];
	double band = 0;
	if (rd_load_paper(c, "claims", need, &t, err, sizeof(err)) != 0)
		return 0;
	for (size_t r = 0; r < t.nrows; r++) {
		char words[256], *save = NULL;
		snprintf(words, sizeof(words), "%s", csv_table_get(&t, r, "inputs"));
		for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
			if (!strcmp(w, name) && rd_num(&t, (long)r, "tolerance") > band)
				band = rd_num(&t, (long)r, "tolerance");
	}
	csv_table_free(&t);
	return band;
}

/* outdir/NAME.vars: the title, the warm-ups (the columns' suffixes), the reference and the band of
 * the claims on the study */
static int wu_vars(struct render_ctx *c, const struct target_spec *ts, const struct wu_set *s, char *err,
		   size_t errlen)
{
	struct atomic_file a;
	const double band = wu_band(c, ts->name);
	if (rd_vars_open(c, ts->name, &a, err, errlen) != 0)
		return -1;
	fprintf(a.f, "band = %g\n", band);
	fprintf(a.f, "warmups = '");
	for (size_t j = 0; j < s->nw; j++)
		fprintf(a.f, "%s%g", j ? " " : "", s->w[j]);
	fprintf(a.f, "'\nreference = '%g'\nnkernels = %zu\n", s->nw ? s->w[s->nw - 1] : 0.0, s->nk);
	return rd_vars_commit(&a, err, errlen);
}

int rd_warmup_study(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	struct wu_set *s = calloc(1, sizeof(*s));
	struct wu_cols *cols = calloc(1, sizeof(*cols));
	struct outputs o;
	int rc = s && cols ? rd_wu_load(c, ts, s, err, errlen) : (snprintf(err, errlen, "out of memory"), -1);
	if (rc == 0) {
		const char *notes[] = { ts->note, NULL };
		wu_columns(s, cols);
		rc = rd_outputs_open(c, ts->name, &o, cols->p, cols->n, ts->title, notes, cols->md, cols->nmd, err, errlen);
		for (size_t k = 0; rc == 0 && k < s->nk; k++)
			wu_csv_row(&o, s, cols, k), wu_md_row(&o, s, cols, k);
		if (rc == 0)
			wu_notes(&o, c, s), rc = rd_outputs_close(c, ts->name, &o, err, errlen);
		if (rc == 0)
			rc = wu_vars(c, ts, s, err, errlen);
		rd_wu_free(s);
	}
	free(s);
	free(cols);
	return rc;
}

RENDERER("warmup-study", rd_warmup_study)
