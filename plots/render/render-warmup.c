/*
 * render-warmup.c - make warmup-study (no paper item): the harness's own timing protocol
 * examined. Each kernel of the study's lists (one per family of methods, SCALE and cuSPARSE SpMV)
 * was timed after an idle pause and a warm-up of its own kernel of each length the list gives; the
 * table has one row a kernel: its rate after each warm-up over its rate after the longest, and at
 * 0.05 s (the previous protocol's warm-up of a row on a busy GPU), 1 s (the protocol's) and the
 * longest the absolute rate, SM clock, board power and energy per point-step (per element for
 * SCALE and SpMV). The figure (plots/gp/warmup-study.gp) draws the relative rate and the SM clock
 * against the warm-up. The rows' loading and checks are shared with the study's claims
 * (plots/records/warmup-rows.h, plots/verdicts/claims-warmup.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "method.h"
#include "render-int.h"
#include "warmup-rows.h"
#include "stencil.h"

/* the warm-ups whose absolute values the table shows besides the reference (the longest) */
static const double detail_w[] = { 0.05, 1 };

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
		const int j = rec_wu_at(s, detail_w[i]);
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
		const struct wu_row *w = rec_wu_row(s, k, (int)j);
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

static void wu_csv_row(struct render_outputs *o, const struct wu_set *s, const struct wu_cols *cols, size_t k)
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
		csv_put_num(&o->w, rec_wu_rel(s, k, (int)j));
	for (size_t j = 0; j < s->nw; j++) {
		const struct wu_row *w = rec_wu_row(s, k, (int)j);
		csv_put_num(&o->w, w ? w->clock : NAN);
	}
	for (size_t d = 0; d < cols->nd; d++) {
		const struct wu_row *w = rec_wu_row(s, k, cols->detail[d]);
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
	const struct wu_row *w = rec_wu_row(s, k, j), *ref = rec_wu_row(s, k, (int)s->nw - 1);
	if (!w)
		snprintf(b, n, "-");
	else if (strcmp(w->status, "ok"))
		snprintf(b, n, "%s", rd_status(w->status));
	else if (!ref || strcmp(ref->status, "ok"))
		snprintf(b, n, "NA");
	else
		snprintf(b, n, "%.3f%s", rec_wu_rel(s, k, j), w->throttled > 0 ? "*" : "");
}

/* a detail cell: "rate UNIT, MHz, W, nJ", or the row's status */
static void wu_detail_cell(char *b, size_t n, const struct wu_set *s, size_t k, int j)
{
	const struct wu_row *w = rec_wu_row(s, k, j);
	char r[32], e[32];
	if (!w || strcmp(w->status, "ok")) {
		snprintf(b, n, "%s", w ? rd_status(w->status) : "-");
		return;
	}
	render_fmt(r, sizeof(r), w->rate, 1);
	wu_fmt_sig(e, sizeof(e), w->energy);
	snprintf(b, n, "%s %s, %.0f MHz, %.0f W, %s nJ", r, s->k[k].workload ? "GB/s" : "GStencil/s", w->clock, w->power,
		 e);
}

static void wu_md_row(struct render_outputs *o, const struct wu_set *s, const struct wu_cols *cols, size_t k)
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
static void wu_notes(struct render_outputs *o, const struct render_ctx *c, const struct wu_set *s)
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
	if (c->run.rundir[0] && !s->have_run)
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
			if (!strcmp(w, name) && rec_num(&t, (long)r, "tolerance") > band)
				band = rec_num(&t, (long)r, "tolerance");
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
	struct render_outputs o;
	int rc = s && cols ? rec_wu_load(&c->run, ts->name, ts->inputs, s, err, errlen) : (snprintf(err, errlen, "out of memory"), -1);
	if (rc == 0) {
		const char *notes[] = { ts->note, NULL };
		wu_columns(s, cols);
		rc = render_outputs_open(c, ts->name, &o, cols->p, cols->n, ts->title, notes, cols->md, cols->nmd, err, errlen);
		for (size_t k = 0; rc == 0 && k < s->nk; k++)
			wu_csv_row(&o, s, cols, k), wu_md_row(&o, s, cols, k);
		if (rc == 0)
			wu_notes(&o, c, s), rc = render_outputs_close(c, ts->name, &o, err, errlen);
		if (rc == 0)
			rc = wu_vars(c, ts, s, err, errlen);
		rec_wu_free(s);
	}
	free(s);
	free(cols);
	return rc;
}

RENDERER("warmup-study", rd_warmup_study)
