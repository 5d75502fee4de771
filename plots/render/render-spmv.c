/*
 * render-spmv.c - the nongemm paper's Figures 7-10 from a run's workload CSVs
 * (profiling/workload-run.cu) and stencil CSV: Figure 7 (make nongemm-figure7), the warm-up
 * effect: each kernel's original fixed-count timing from an idle GPU over the same timing after
 * the protocol's warm-up, against the problem's size (nongemm-figure7: SCALE and SpMV;
 * nongemm-figure7-stencils); Figure 8, cuSPARSE SpMV without over with cusparseSpMV_preprocess;
 * Figure 9, the preprocessing time of cuSPARSE and of the DASP-style kernel, also in SpMVs;
 * Figure 10, the DASP-style kernel over cuSPARSE in the original setting (fixed-count timing, no
 * preprocessing) and the improved one (the protocol, preprocessing), with the geometric means the
 * paper quotes (data/paper/nongemm-spmv.csv). Figures 8-10 read nongemm-figure8. A workload run
 * CSV's rows are checked before use (rec_wl_load): a configuration that parses, a runner's status,
 * positive finite times and rates in an ok row.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render-int.h"
#include "workload.h"

/* a matrix's flag over two points: 1 when either is issue-bound, -1 when either is unknown */
static int issue_bound2(const struct wl_pt *a, const struct wl_pt *b, double share)
{
	const int x = rec_wl_issue_bound(a, share), y = rec_wl_issue_bound(b, share);
	return x < 0 || y < 0 ? -1 : x || y;
}

static void put_flag(struct csv_writer *w, int f)
{
	if (f < 0)
		csv_put_str(w, "NA");
	else
		csv_put_int(w, f);
}

/* "k of n matrices time the host's issue rate ..." or that the run did not record it */
static void issue_note(struct render_outputs *o, const int *flags, size_t n, const char *which, double share)
{
	int k = 0, known = 0;
	char note[320];
	for (size_t i = 0; i < n; i++)
		known += flags[i] >= 0, k += flags[i] > 0;
	if (!known)
		snprintf(note, sizeof(note), "This run did not record the host's time to issue a call: the rows whose "
			 "times are the issue rate are not marked (REPRODUCE.md, what the times of small matrices measure).");
	else
		snprintf(note, sizeof(note), "issue_bound: %d of %d matrices time the host's rate of issuing calls (%s at "
			 "%.2f of the median or more: data/paper/verdict-params.csv's issue_bound_share), not the GPU's "
			 "work.", k, known, which, share);
	md_note(&o->md, note);
}

/* ---- Figure 7: the warm-up effect ---- */

/* one kernel of Figure 7 and its geometric mean of cold / warm, its rows' board power and energy */
struct f7_kernel {
	char name[64];
	struct rec_gm g, e;
	double lo, hi, wlo, whi;
};

/* a row of Figure 7's CSV: its protocol's power and energy (an element, or a stencil's point-step) */
struct f7_power {
	double w, nj_element, nj_point_step;
};

/* the paper's SpMV values (data/paper/nongemm-spmv.csv) */
static int spmv_paper(const struct render_ctx *c, struct csv_table *t, char *err, size_t errlen)
{
	static const char *const need[] = { "quantity", "value", NULL };
	return rd_load_paper(c, "nongemm-spmv", need, t, err, errlen);
}


/* the row's power and energy into k's kernel */
static void f7_add_power(struct f7_kernel *k, size_t nk, const char *name, const struct f7_power *pw)
{
	for (size_t i = 0; i < nk; i++)
		if (!strcmp(k[i].name, name)) {
			rec_gm_add(&k[i].e, isnan(pw->nj_element) ? pw->nj_point_step : pw->nj_element);
			if (!isnan(pw->w))
				k[i].wlo = fmin(k[i].wlo, pw->w), k[i].whi = fmax(k[i].whi, pw->w);
		}
}

static void f7_add(struct f7_kernel *k, size_t *nk, const char *name, double ratio)
{
	size_t i = 0;
	while (i < *nk && strcmp(k[i].name, name))
		i++;
	if (i == *nk) {
		if (*nk == 16)
			return;
		memset(&k[i], 0, sizeof(k[i]));
		snprintf(k[i].name, sizeof(k[i].name), "%s", name);
		k[i].lo = k[i].wlo = INFINITY, k[i].hi = k[i].whi = -INFINITY, (*nk)++;
	}
	if (!(ratio > 0))
		return;
	rec_gm_add(&k[i].g, ratio);
	k[i].lo = fmin(k[i].lo, ratio), k[i].hi = fmax(k[i].hi, ratio);
}

static void f7_row(struct render_outputs *o, const char *kind, const char *kernel, const char *problem, const char *size,
		   double elements, double cold, double warm, double proto, const char *status, const struct f7_power *pw)
{
	csv_put_str(&o->w, kind);
	csv_put_str(&o->w, kernel);
	csv_put_str(&o->w, problem);
	csv_put_str(&o->w, size);
	csv_put_num(&o->w, elements);
	csv_put_num(&o->w, cold * 1e6);
	csv_put_num(&o->w, warm * 1e6);
	csv_put_num(&o->w, proto * 1e6);
	csv_put_num(&o->w, cold / warm);
	csv_put_str(&o->w, rd_status(status));
	csv_put_num(&o->w, pw->w);
	csv_put_num(&o->w, pw->nj_element);
	csv_put_num(&o->w, pw->nj_point_step);
	csv_end_row(&o->w);
}

/* a kernel's Markdown row: its cold / warm ratios, the power and energy of its protocol rows */
static void f7_md_row(struct render_outputs *o, const struct f7_kernel *k)
{
	char f[6][40], w[2][32];
	const char *cells[7] = { k->name, f[0], f[1], f[2], f[3], f[4], f[5] };
	snprintf(f[0], sizeof(f[0]), "%d", k->g.k);
	render_fmt(f[1], sizeof(f[1]), rec_gm_val(&k->g), 2);
	render_fmt(f[2], sizeof(f[2]), k->g.k ? k->lo : NAN, 2);
	render_fmt(f[3], sizeof(f[3]), k->g.k ? k->hi : NAN, 2);
	render_fmt(w[0], sizeof(w[0]), k->wlo <= k->whi ? k->wlo : NAN, 0);
	render_fmt(w[1], sizeof(w[1]), k->wlo <= k->whi ? k->whi : NAN, 0);
	if (k->wlo < k->whi)
		snprintf(f[4], sizeof(f[4]), "%s-%s", w[0], w[1]);
	else
		snprintf(f[4], sizeof(f[4]), "%s", w[0]);
	render_fmt(f[5], sizeof(f[5]), rec_gm_val(&k->e), 3);
	md_row(&o->md, cells);
}

int rd_nongemm_figure7(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "kind", "kernel", "problem", "size", "elements", "cold_us", "warm_us",
					    "protocol_us", "cold_over_warm", "status", "power_median_w", "energy_nj_per_element",
					    "energy_nj_per_point_step" };
	static const char *const md[] = { "kernel", "rows", "cold / warm, geomean", "lowest", "highest",
					  "board W (the protocol's, rows' range)", "nJ / element or point-step, geomean" };
	struct wl_set s;
	struct target st;
	struct render_outputs o;
	struct csv_table paper;
	struct f7_kernel k[16];
	size_t nk = 0;
	if (spmv_paper(c, &paper, err, errlen) != 0)
		return -1;
	if (rec_wl_load(&c->run, "nongemm-figure7", &s, err, errlen) != 0) {
		csv_table_free(&paper);
		return -1;
	}
	if (rec_target_load(&c->run, "nongemm-figure7-stencils", &st, err, errlen) != 0) {
		rec_wl_free(&s);
		csv_table_free(&paper);
		return -1;
	}
	const char *notes[] = { ts->note, NULL };
	c->run.roofs = 0;   /* times and their ratios: no roof stated */
	int rc = render_outputs_open(c, ts->name, &o, cols, NELEM(cols), ts->title, notes, md, NELEM(md), err, errlen);
	if (rc == 0) {
		c->run.note_kind = NOTE_HOT_WORKLOAD;
		for (size_t i = 0; i < s.n; i++) {
			const struct wl_pt *p = &s.pt[i];
			const double el = p->c->kind == WL_SCALE ? (double)p->c->n : p->nnz;
			const struct f7_power pw = { p->power, p->energy, NAN };
			f7_row(&o, p->c->workload, p->method, p->c->kind == WL_SCALE ? "scale" : p->c->matrix, p->c->size, el,
			       p->cold, p->warm, p->t, p->status, &pw);
			f7_add(k, &nk, p->method, p->cold / p->warm);
			f7_add_power(k, nk, p->method, &pw);
		}
		for (size_t i = 0; i < st.n; i++) {
			const struct point *p = &st.p[i];
			const int ok = !strcmp(p->status, "ok");
			const double cold = ok ? rec_num(&st.run, p->run_row, "orig_time_cold_s") : NAN;
			const double warm = ok ? rec_num(&st.run, p->run_row, "orig_time_warm_s") : NAN;
			const double proto = ok ? rec_num(&st.run, p->run_row, "time_median_s") : NAN;
			char name[64];
			snprintf(name, sizeof(name), "%s/%s/%s", p->cfg->method, p->cfg->stencil->name, dtype_table[p->cfg->dtype].name);
			const struct f7_power pw = { p->power_w, NAN, p->energy_nj };
			f7_row(&o, "stencil", name, p->cfg->stencil->name, p->cfg->size,
			       p->run_row >= 0 ? rec_num(&st.run, p->run_row, "interior_points") : NAN, cold, warm, proto, p->status,
			       &pw);
			f7_add(k, &nk, name, cold / warm);
			f7_add_power(k, nk, name, &pw);
		}
		for (size_t i = 0; i < nk; i++)
			f7_md_row(&o, &k[i]);
		char note[512], a[32], b[32];
		struct rec_gm all = { 0, 0 };
		for (size_t i = 0; i < s.n; i++)
			if (s.pt[i].c->kind == WL_SPMV && !strcmp(s.pt[i].method, "spmv-dasp"))
				rec_gm_add(&all, s.pt[i].cold / s.pt[i].warm);
		double lo = INFINITY, hi = -INFINITY;   /* the SM clock after the pause, where recorded */
		for (size_t i = 0; i < s.n; i++)
			if (!isnan(s.pt[i].idle_mhz))
				lo = fmin(lo, s.pt[i].idle_mhz), hi = fmax(hi, s.pt[i].idle_mhz);
		for (size_t i = 0; i < st.n; i++) {
			const double v = st.p[i].run_row >= 0 ? rec_num(&st.run, st.p[i].run_row, "orig_idle_mhz") : NAN;
			if (!isnan(v))
				lo = fmin(lo, v), hi = fmax(hi, v);
		}
		if (lo <= hi)
			snprintf(note, sizeof(note), "The SM clock after the pause, before the fixed-count launches: %.0f-%.0f MHz "
				 "(the GPU's maximum %.0f): a cold timing presumes a clock well below the maximum.", lo, hi,
				 rec_meta_num(&c->run, "sm_clock_max_mhz"));
		else
			snprintf(note, sizeof(note), "This run did not record the SM clock after the pause: a GPU that had not "
				 "clocked down reads the same cold as warm.");
		md_note(&o.md, note);
		render_fmt(a, sizeof(a), rec_gm_val(&all), 2);
		render_fmt(b, sizeof(b), rd_paper_value(&paper, "warmup_geomean"), 1);
		snprintf(note, sizeof(note), "The DASP-style SpMV's geometric mean of cold / warm here: %s over %d matrices; "
			 "the paper: %sx for DASP from replacing the warm-up (its Figure 7's points are not printed). Above 1: "
			 "the fixed-count timing from an idle GPU reads slower than the same timing once warm.", a, all.k, b);
		md_note(&o.md, note);
		rc = render_outputs_close(c, ts->name, &o, err, errlen);
	}
	if (rc == 0) {   /* the kernels, for the plot's series */
		struct atomic_file a;
		rc = rd_vars_open(c, ts->name, &a, err, errlen);
		if (rc == 0) {
			fprintf(a.f, "kernels = '");
			for (size_t i = 0; i < nk; i++)
				fprintf(a.f, "%s%s", i ? " " : "", k[i].name);
			fprintf(a.f, "'\n");
			rc = rd_vars_commit(&a, err, errlen);
		}
	}
	rec_target_free(&st);
	rec_wl_free(&s);
	csv_table_free(&paper);
	return rc;
}

/* ---- Figures 8-10: SpMV on every matrix of nongemm-figure8 ---- */

/* a matrix of the list: its three methods' points (NULL where the list lacks one) */
struct f8_matrix {
	const struct wl_pt *plain, *pre, *dasp;
	double nnz;
};

/* the matrices in the list's order (those with an spmv-cusparse row) */
static size_t f8_matrices(const struct wl_set *s, struct f8_matrix *m, size_t cap)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n && n < cap; i++) {
		const struct wl_pt *p = &s->pt[i];
		if (strcmp(p->method, "spmv-cusparse"))
			continue;
		m[n].plain = p;
		m[n].pre = rec_wl_same(s, p, "spmv-cusparse:preprocess");
		m[n].dasp = rec_wl_same(s, p, "spmv-dasp");
		m[n].nnz = p->nnz;
		n++;
	}
	return n;
}

/* the matrix's name as a reader sees it: "poisson2d 1024" */
static void f8_name(char *b, size_t len, const struct wl_pt *p)
{
	snprintf(b, len, "%s %s", p->c->matrix, p->c->size);
}

static double t_of(const struct wl_pt *p) { return p ? p->t : NAN; }
static double pre_of(const struct wl_pt *p) { return p ? p->pre : NAN; }
static double cold_of(const struct wl_pt *p) { return p ? p->cold : NAN; }
static double power_of(const struct wl_pt *p) { return p ? p->power : NAN; }
static double energy_of(const struct wl_pt *p) { return p ? p->energy : NAN; }

/* the geometric mean of v over the matrices with lo < nnz <= hi */
static double f8_gm(const struct f8_matrix *m, size_t n, const double *v, double lo, double hi, int *k)
{
	struct rec_gm g = { 0, 0 };
	for (size_t i = 0; i < n; i++)
		if (m[i].nnz > lo && m[i].nnz <= hi)
			rec_gm_add(&g, v[i]);
	*k = g.k;
	return rec_gm_val(&g);
}

/* "all N: x; nnz <= 10^4 (k): y; above 10^4: z; above 10^6: w" */
static void f8_buckets(char *b, size_t len, const struct f8_matrix *m, size_t n, const double *v)
{
	static const double cut[][2] = { { 0, INFINITY }, { 0, 1e3 }, { 1e3, INFINITY }, { 0, 1e4 }, { 1e4, INFINITY },
					 { 1e6, INFINITY } };
	static const char *const name[] = { "all", "nnz <= 10^3", "nnz > 10^3", "nnz <= 10^4", "nnz > 10^4",
					    "nnz > 10^6" };
	int w = 0;
	for (size_t i = 0; i < NELEM(cut); i++) {
		int k;
		char f[32];
		render_fmt(f, sizeof(f), f8_gm(m, n, v, cut[i][0], cut[i][1], &k), 2);
		w += snprintf(b + w, len - (size_t)w, "%s%s %s (%d)", i ? "; " : "", name[i], f, k);
		if ((size_t)w >= len)
			return;
	}
}

/* a figure's body: its rows from the matrices, share the issue-bound cut (verdict-params.csv) */
typedef void (*f8_body)(const struct csv_table *paper, struct render_outputs *o, const struct f8_matrix *m, size_t n,
			double share);

/* open nongemm-figure8's set, the outputs, call body, close; the vars file too */
static int f8_render(struct render_ctx *c, const struct target_spec *ts, const char *const *cols, size_t ncols,
		     const char *const *md, size_t nmd, f8_body body, char *err, size_t errlen)
{
	struct wl_set s;
	struct render_outputs o;
	struct csv_table paper;
	if (spmv_paper(c, &paper, err, errlen) != 0)
		return -1;
	if (rec_wl_load(&c->run, "nongemm-figure8", &s, err, errlen) != 0) {
		csv_table_free(&paper);
		return -1;
	}
	struct f8_matrix *m = calloc(s.n ? s.n : 1, sizeof(*m));   /* at most a matrix a row */
	const size_t n = f8_matrices(&s, m, s.n);
	const char *notes[] = { ts->note, NULL };
	int rc = render_outputs_open(c, ts->name, &o, cols, ncols, ts->title, notes, md, nmd, err, errlen);
	if (rc == 0) {
		c->run.note_kind = NOTE_HOT_WORKLOAD;
		body(&paper, &o, m, n, rec_param(&c->run, "issue_bound_share"));
		rc = render_outputs_close(c, ts->name, &o, err, errlen);
	}
	if (rc == 0)
		rc = rd_vars_title(c, ts->name, err, errlen);
	free(m);
	rec_wl_free(&s);
	csv_table_free(&paper);
	return rc;
}

static void f8_body_fn(const struct csv_table *paper, struct render_outputs *o, const struct f8_matrix *m, size_t n,
			double share)
{
	double *v = calloc(n ? n : 1, sizeof(double));
	int *ib = calloc(n ? n : 1, sizeof(int));
	(void)paper;
	for (size_t i = 0; i < n; i++) {
		char name[96], f[5][32];
		const double a = t_of(m[i].plain), b = t_of(m[i].pre);
		v[i] = a / b;
		f8_name(name, sizeof(name), m[i].plain);
		csv_put_str(&o->w, m[i].plain->c->matrix);
		csv_put_str(&o->w, m[i].plain->c->size);
		csv_put_num(&o->w, m[i].nnz);
		csv_put_num(&o->w, a * 1e6);
		csv_put_num(&o->w, b * 1e6);
		csv_put_num(&o->w, v[i]);
		csv_put_str(&o->w, rd_status(m[i].plain->status));
		put_flag(&o->w, ib[i] = issue_bound2(m[i].plain, m[i].pre, share));
		const double pw[] = { m[i].plain->power, power_of(m[i].pre), m[i].plain->energy, energy_of(m[i].pre) };
		for (size_t k = 0; k < NELEM(pw); k++)
			csv_put_num(&o->w, pw[k]);
		csv_end_row(&o->w);
		render_fmt(f[0], sizeof(f[0]), m[i].nnz, 0);
		render_fmt(f[1], sizeof(f[1]), a * 1e6, 2);
		render_fmt(f[2], sizeof(f[2]), b * 1e6, 2);
		render_fmt(f[3], sizeof(f[3]), v[i], 2);
		char w[4][32], pe[2][72];
		rd_fmt_power(w[0], w[2], sizeof(w[0]), pw[0], pw[2]);
		rd_fmt_power(w[1], w[3], sizeof(w[1]), pw[1], pw[3]);
		snprintf(pe[0], sizeof(pe[0]), "%s, %s", w[0], w[1]);
		snprintf(pe[1], sizeof(pe[1]), "%s, %s", w[2], w[3]);
		const char *cells[] = { name, f[0], f[1], f[2], f[3], pe[0], pe[1] };
		md_row(&o->md, cells);
	}
	char b[512], note[768];
	f8_buckets(b, sizeof(b), m, n, v);
	snprintf(note, sizeof(note), "cuSPARSE without over with cusparseSpMV_preprocess, geometric means (matrices): %s. "
		 "The paper prints no value: preprocessing \"provides the most significant benefits for smaller matrices\".", b);
	md_note(&o->md, note);
	issue_note(o, ib, n, "either cuSPARSE row's issue time", share);
	free(v);
	free(ib);
}

int rd_nongemm_figure8(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "matrix", "rows", "nnz", "plain_us", "preprocessed_us", "speedup", "status",
					    "issue_bound", "plain_power_w", "preprocessed_power_w",
					    "plain_energy_nj_per_element", "preprocessed_energy_nj_per_element" };
	static const char *const md[] = { "matrix (rows)", "nnz", "no preprocessing (us)", "preprocessed (us)", "speedup",
					  "board W: plain, preprocessed", "nJ / element: plain, preprocessed" };
	return f8_render(c, ts, cols, NELEM(cols), md, NELEM(md), f8_body_fn, err, errlen);
}

static void f9_body_fn(const struct csv_table *paper, struct render_outputs *o, const struct f8_matrix *m, size_t n,
			double share)
{
	(void)share;   /* Figure 9 flags no row */
	double *vc = calloc(n ? n : 1, sizeof(double)), *vd = calloc(n ? n : 1, sizeof(double));
	char kname[2][48];   /* the two preprocessing kernels (the workload table's): cuSPARSE's, the DASP-style */
	const char *cc = workload_method_on("spmv", UNIT_CC), *tc = workload_method_on("spmv", UNIT_TC);
	snprintf(kname[0], sizeof(kname[0]), "%s:preprocess", cc ? cc : "");
	snprintf(kname[1], sizeof(kname[1]), "%s", tc ? tc : "");
	(void)paper;
	for (size_t i = 0; i < n; i++) {
		char name[96], f[5][32];
		const double pc = pre_of(m[i].pre), pd = pre_of(m[i].dasp);
		vc[i] = pc / t_of(m[i].pre), vd[i] = pd / t_of(m[i].dasp);
		f8_name(name, sizeof(name), m[i].plain);
		for (int k = 0; k < 2; k++) {
			csv_put_str(&o->w, kname[k]);
			csv_put_str(&o->w, m[i].plain->c->matrix);
			csv_put_str(&o->w, m[i].plain->c->size);
			csv_put_num(&o->w, m[i].nnz);
			csv_put_num(&o->w, (k ? pd : pc) * 1e3);
			csv_put_num(&o->w, k ? vd[i] : vc[i]);
			csv_end_row(&o->w);
		}
		render_fmt(f[0], sizeof(f[0]), m[i].nnz, 0);
		render_fmt(f[1], sizeof(f[1]), pc * 1e3, 3);
		render_fmt(f[2], sizeof(f[2]), vc[i], 1);
		render_fmt(f[3], sizeof(f[3]), pd * 1e3, 3);
		render_fmt(f[4], sizeof(f[4]), vd[i], 1);
		const char *cells[] = { name, f[0], f[1], f[2], f[3], f[4] };
		md_row(&o->md, cells);
	}
	char b[2][512], note[1280];
	f8_buckets(b[0], sizeof(b[0]), m, n, vc);
	f8_buckets(b[1], sizeof(b[1]), m, n, vd);
	snprintf(note, sizeof(note), "Preprocessing in SpMVs of the same method, geometric means (matrices): cuSPARSE %s; "
		 "DASP-style %s. The paper prints no value: cuSPARSE's overhead \"remains relatively constant regardless of "
		 "matrix dimensions\".", b[0], b[1]);
	md_note(&o->md, note);
	free(vc);
	free(vd);
}

int rd_nongemm_figure9(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "method", "matrix", "rows", "nnz", "preprocess_ms", "preprocess_spmvs" };
	static const char *const md[] = { "matrix (rows)", "nnz", "cuSPARSE (ms)", "in SpMVs", "DASP-style (ms)",
					  "in SpMVs" };
	return f8_render(c, ts, cols, NELEM(cols), md, NELEM(md), f9_body_fn, err, errlen);
}

static void f10_body_fn(const struct csv_table *paper, struct render_outputs *o, const struct f8_matrix *m, size_t n,
			double share)
{
	double *vo = calloc(n ? n : 1, sizeof(double)), *vi = calloc(n ? n : 1, sizeof(double));
	int *ib = calloc(n ? n : 1, sizeof(int));
	for (size_t i = 0; i < n; i++) {
		char name[96], f[3][32];
		vo[i] = cold_of(m[i].plain) / cold_of(m[i].dasp);
		vi[i] = t_of(m[i].pre) / t_of(m[i].dasp);
		f8_name(name, sizeof(name), m[i].plain);
		csv_put_str(&o->w, m[i].plain->c->matrix);
		csv_put_str(&o->w, m[i].plain->c->size);
		csv_put_num(&o->w, m[i].nnz);
		csv_put_num(&o->w, vo[i]);
		csv_put_num(&o->w, vi[i]);
		put_flag(&o->w, ib[i] = issue_bound2(m[i].pre, m[i].dasp, share));
		csv_end_row(&o->w);
		render_fmt(f[0], sizeof(f[0]), m[i].nnz, 0);
		render_fmt(f[1], sizeof(f[1]), vo[i], 2);
		render_fmt(f[2], sizeof(f[2]), vi[i], 2);
		const char *cells[] = { name, f[0], f[1], f[2] };
		md_row(&o->md, cells);
	}
	char b[2][512], note[1536], p[4][32];
	f8_buckets(b[0], sizeof(b[0]), m, n, vo);
	f8_buckets(b[1], sizeof(b[1]), m, n, vi);
	render_fmt(p[0], sizeof(p[0]), rd_paper_value(paper, "dasp_speedup_before"), 2);
	render_fmt(p[1], sizeof(p[1]), rd_paper_value(paper, "dasp_speedup_before_caption"), 2);
	render_fmt(p[2], sizeof(p[2]), rd_paper_value(paper, "dasp_speedup_after"), 2);
	render_fmt(p[3], sizeof(p[3]), rd_paper_value(paper, "dasp_speedup_after_over_1000"), 2);
	snprintf(note, sizeof(note), "DASP-style over cuSPARSE, geometric means (matrices). Original setting: %s. Improved "
		 "setting: %s. The paper (A100, SuiteSparse): %sx before (%sx in Figure 10's caption), %sx after, %sx after "
		 "for more than 1,000 non-zeros.", b[0], b[1], p[0], p[1], p[2], p[3]);
	md_note(&o->md, note);
	issue_note(o, ib, n, "the improved setting's cuSPARSE or DASP-style issue time", share);
	free(vo);
	free(vi);
	free(ib);
}

int rd_nongemm_figure10(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "matrix", "rows", "nnz", "speedup_original", "speedup_improved",
					    "issue_bound" };
	static const char *const md[] = { "matrix (rows)", "nnz", "original setting", "improved setting" };
	return f8_render(c, ts, cols, NELEM(cols), md, NELEM(md), f10_body_fn, err, errlen);
}

RENDERER("nongemm_figure7", rd_nongemm_figure7)
RENDERER("nongemm_figure8", rd_nongemm_figure8)
RENDERER("nongemm_figure9", rd_nongemm_figure9)
RENDERER("nongemm_figure10", rd_nongemm_figure10)
