/*
 * render-figures.c - the figures' data: one row per configuration for tcs Figure 16 and sptc
 * Figures 9 and 10, and tcs Figure 15's traffic against depth with its linear fits
 * (render-int.h; the .gp scripts in plots/ draw them).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "method.h"
#include "render-int.h"
#include "stencil.h"

void linear_fit(const double *x, const double *y, size_t n, double *a, double *b, double *r2)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
	for (size_t i = 0; i < n; i++) {
		sx += x[i];
		sy += y[i];
		sxx += x[i] * x[i];
		sxy += x[i] * y[i];
		syy += y[i] * y[i];
	}
	double d = n * sxx - sx * sx;
	*b = d != 0 ? (n * sxy - sx * sy) / d : NAN;
	*a = (sy - *b * sx) / n;
	double st = syy - sy * sy / n, se = 0;
	for (size_t i = 0; i < n; i++) {
		double e = y[i] - (*a + *b * x[i]);
		se += e * e;
	}
	*r2 = st > 0 ? 1 - se / st : NAN;
}

/*
 * outdir/NAME.vars, what the figure's gnuplot script loads: its title (the rendered table's, with
 * the run's provenance; no apostrophes) and methods, the series it draws, in the method table's
 * order with each variant after its method (METHOD:OPTION), as the configuration list holds them.
 */
static int write_vars(struct render_ctx *c, const struct target *t, const char *name, char *err, size_t errlen)
{
	char path[1024], title[1024], methods[512] = "";
	size_t n = 0;
	for (const char *s = c->full_title; *s && n + 1 < sizeof(title); s++)
		if (*s != '\'')
			title[n++] = *s;
	title[n] = '\0';
	for (size_t m = 0; m < model_method_count; m++)
		for (int variant = 0; variant < 2; variant++)   /* the method, then its options */
			for (size_t i = 0; i < t->n; i++) {
				const struct run_config *cf = &t->cfgs[i];
				char mname[64];
				if (strcmp(cf->method, model_methods[m].name) || !cf->option[0] != !variant)
					continue;
				method_variant_name(cf->method, cf->option, mname, sizeof(mname));
				const char *hit = strstr(methods, mname);
				size_t l = strlen(mname);
				int seen = 0;
				for (; hit; hit = strstr(hit + 1, mname))
					seen |= (hit == methods || hit[-1] == ' ') && (hit[l] == ' ' || !hit[l]);
				if (!seen)
					snprintf(methods + strlen(methods), sizeof(methods) - strlen(methods), "%s%s",
						 methods[0] ? " " : "", mname);
			}
	struct atomic_file a;
	snprintf(path, sizeof(path), "%s/%s.vars", c->outdir, name);
	if (atomic_open(&a, path) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	fprintf(a.f, "title = '%s'\nmethods = '%s'\n", title, methods);
	if (atomic_commit(&a) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

int rd_figure_rows(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	const char *name = ts->name, *title = ts->title, *note = ts->note;
	struct target t;
	struct outputs o;
	if (rd_target_load(c, name, &t, err, errlen) != 0)
		return -1;
	static const char *const cols[] = { "label", "stencil", "dtype", "method", "fusion", "size", "points",
		"gstencil_per_s", "model_gstencil_per_s", "efficiency", "I_model", "I_measured", "Q_model",
		"Q_measured", "status", RUN_COLS };
	static const char *const md[] = { "label", "stencil", "dtype", "method", "t", "size", "GStencil/s",
		"model", "of model", "I model / measured", "status" };
	const char *notes[] = { note, NULL };
	if (rd_outputs_open(c, name, &o, cols, NELEM(cols), title, notes, md, NELEM(md), err, errlen)) {
		rd_target_free(&t);
		return -1;
	}
	for (size_t i = 0; i < t.n; i++) {
		const struct point *p = &t.p[i];
		long pts = p->cfg->n[0] * (p->cfg->stencil->dims > 1 ? p->cfg->n[1] : 1) *
			   (p->cfg->stencil->dims > 2 ? p->cfg->n[2] : 1);
		double mg = rd_model_gs(p);
		char mname[64];   /* a variant keeps its option: spider:L16 */
		method_variant_name(p->cfg->method, p->cfg->option, mname, sizeof(mname));
		csv_put_str(&o.w, p->cfg->label);
		csv_put_str(&o.w, p->cfg->stencil->name);
		csv_put_str(&o.w, dtype_table[p->cfg->dtype].name);
		csv_put_str(&o.w, mname);
		csv_put_int(&o.w, p->cfg->fusion);
		csv_put_str(&o.w, p->cfg->size);
		csv_put_int(&o.w, pts);
		csv_put_num(&o.w, p->measured);
		csv_put_num(&o.w, mg);
		csv_put_num(&o.w, p->measured / mg);
		csv_put_num(&o.w, p->have_model ? p->mp.I : NAN);
		csv_put_num(&o.w, p->I_m);
		csv_put_num(&o.w, p->have_model ? p->mp.Q : NAN);
		csv_put_num(&o.w, p->Q_m);
		csv_put_str(&o.w, p->status);
		rd_put_run_cols(&o.w, p);
		csv_end_row(&o.w);
		char tt[8], G[64], M[32], E[32], I[64], a[24], b[24];
		snprintf(tt, sizeof(tt), "%d", p->cfg->fusion);
		rd_fmt_rate(G, sizeof(G), p, 1);
		rd_fmt(M, sizeof(M), mg, 1);
		if (isfinite(p->measured / mg))
			snprintf(E, sizeof(E), "%.0f %%", 100 * p->measured / mg);
		else
			snprintf(E, sizeof(E), "NA");
		rd_fmt(a, sizeof(a), p->have_model ? p->mp.I : NAN, 2);
		rd_fmt(b, sizeof(b), p->I_m, 2);
		snprintf(I, sizeof(I), "%s / %s", a, b);
		const char *cells[] = { p->cfg->label, p->cfg->stencil->name, dtype_table[p->cfg->dtype].name,
					mname, tt, p->cfg->size, G, M, E, I, p->status };
		md_row(&o.md, cells);
	}
	int rc = rd_outputs_close(c, name, &o, err, errlen);
	if (rc == 0)
		rc = write_vars(c, &t, name, err, errlen);
	rd_target_free(&t);
	return rc;
}

/* ---- tcs Figures 10 and 15: AI against fusion depth, with the linear fit ---- */

int rd_tcs_figure15(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	if (rd_figure_rows(c, ts, err, errlen) != 0)
		return -1;
	/* the fits: one row per (stencil, dtype, t) with the fitted I, for the figure's lines */
	struct target t;
	if (rd_target_load(c, "tcs-figure15", &t, err, errlen) != 0)
		return -1;
	char path[1024];
	snprintf(path, sizeof(path), "%s/tcs-figure15-fit.csv", c->outdir);
	struct csv_writer w;
	static const char *const cols[] = { "stencil", "dtype", "fusion", "I_fit", "a", "b", "r2", "b_model",
					    "ridge_fp32", "ridge_fp64" };
	if (csv_writer_open(&w, path, cols, NELEM(cols)) != 0) {
		rd_target_free(&t);
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	const struct hw_row *hr;
	double bw = hw_get(&c->hw, "dram_copy_bandwidth", &hr);
	double r32 = hw_get(&c->hw, "fp32_fma", &hr) * 1e3 / bw, r64 = hw_get(&c->hw, "fp64_fma", &hr) * 1e3 / bw;
	for (size_t i = 0; i < t.n; i++) {
		if (i > 0 && t.cfgs[i].stencil == t.cfgs[i - 1].stencil && t.cfgs[i].dtype == t.cfgs[i - 1].dtype)
			continue;
		double x[64], y[64], bm = NAN;
		size_t n = 0, last = i;
		for (size_t j = i; j < t.n && t.cfgs[j].stencil == t.cfgs[i].stencil && t.cfgs[j].dtype == t.cfgs[i].dtype; j++) {
			if (t.p[j].have_model && j > i && t.p[j - 1].have_model)
				bm = t.p[j].mp.I - t.p[j - 1].mp.I;
			if (isfinite(t.p[j].I_m) && n < 64) {
				x[n] = t.cfgs[j].fusion;
				y[n++] = t.p[j].I_m;
			}
			last = j;
		}
		double a = NAN, b = NAN, r2 = NAN;
		if (n >= 2)
			linear_fit(x, y, n, &a, &b, &r2);
		for (size_t j = i; j <= last; j++) {
			csv_put_str(&w, t.cfgs[j].stencil->name);
			csv_put_str(&w, dtype_table[t.cfgs[j].dtype].name);
			csv_put_int(&w, t.cfgs[j].fusion);
			csv_put_num(&w, a + b * t.cfgs[j].fusion);
			csv_put_num(&w, a);
			csv_put_num(&w, b);
			csv_put_num(&w, r2);
			csv_put_num(&w, bm);
			csv_put_num(&w, r32);
			csv_put_num(&w, r64);
			csv_end_row(&w);
		}
	}
	rd_target_free(&t);
	if (csv_writer_close(&w) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}
