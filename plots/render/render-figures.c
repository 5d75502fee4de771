/*
 * render-figures.c - the figures' data: one row per configuration for tcs Figure 16 and sptc
 * Figures 9 and 10, and tcs Figure 15's arithmetic intensity against depth with its linear fits and
 * their R^2 (which tcs Figure 10 draws its measured points from), and the .vars each figure's
 * gnuplot script loads (render-int.h; the .gp scripts in plots/ draw them).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "grid.h"
#include "method.h"
#include "render-int.h"
#include "stencil.h"

/* render.h: also make compare's .vars (compare-runs.c) */
void render_gp_var(FILE *f, const char *name, const char *s)
{
	fprintf(f, "%s = '", name);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputs("'\n", f);
}

/* outdir/NAME.vars, what a figure's gnuplot script loads, opened with its first lines: the title
 * (one line: the item on the GPU), the protocol lines (as the table's footer says them), the
 * footer (one line under the plot: run, commits, staleness and the protocol in short), the
 * provenance alone (GPU, run, commits and marks, as the table's title says them) and measured_run (1 from a run, 0 model and paper
 * only: a script draws and names a run's series, its ceilings' ridges, only from one); the caller
 * adds its own lines and commits */
int rd_vars_open(struct render_ctx *c, const char *name, struct atomic_file *a, char *err, size_t errlen)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/%s.vars", c->outdir, name);
	if (atomic_open(a, path) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	rd_protocol_vars(c, a->f, name);   /* title, protocol, footer */
	render_gp_var(a->f, "provenance", c->full_title + c->prov_at);
	fprintf(a->f, "measured_run = %d\n", c->run.rundir[0] != '\0');
	return 0;
}

int rd_vars_commit(struct atomic_file *a, char *err, size_t errlen)
{
	if (atomic_commit(a) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

int rd_vars_title(struct render_ctx *c, const char *name, char *err, size_t errlen)
{
	struct atomic_file a;
	return rd_vars_open(c, name, &a, err, errlen) == 0 ? rd_vars_commit(&a, err, errlen) : -1;
}

int rd_outputs_close_titled(struct render_ctx *c, const struct target_spec *ts, struct render_outputs *o, char *err,
			    size_t errlen)
{
	int rc = render_outputs_close(c, ts->name, o, err, errlen);
	if (rc == 0 && !strcmp(ts->kind, "figure"))
		rc = rd_vars_title(c, ts->name, err, errlen);
	return rc;
}

/*
 * outdir/NAME.vars, what the figure's gnuplot script loads: its title and footer (rd_vars_open),
 * methods, the series it draws, in the method table's
 * order with each variant after its method (METHOD:OPTION), as the configuration list holds them,
 * and the renderer's further lines (extra, "" for none).
 */
static int write_vars(struct render_ctx *c, const struct target *t, const char *name, const char *extra,
		      char *err, size_t errlen)
{
	char methods[512] = "";
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
	if (rd_vars_open(c, name, &a, err, errlen) != 0)
		return -1;
	fprintf(a.f, "methods = '%s'\n%s", methods, extra);
	return rd_vars_commit(&a, err, errlen);
}

/* a figure's row: one configuration */
struct fig_view {
	const struct point *p;
	int fusion;
	long points;
	const char *label, *stencil, *dtype, *method, *size, *status;
	double gs, mg, pg, eff, Im, Imeas, Qm, Qmeas;
	const char *gs_md, *eff_md, *I_md;
	char mname[64], G[64], E[32], I[64];
};
#define FV(f) offsetof(struct fig_view, f)
static const struct rcol fig_cols[] = {
	{ "label", "label", RC_STR, FV(label), 0, 0, 0 },
	{ "stencil", "stencil", RC_STR, FV(stencil), 0, 0, 0 },
	{ "dtype", "dtype", RC_STR, FV(dtype), 0, 0, 0 },
	{ "method", "method", RC_STR, FV(method), 0, 0, 0 },
	{ "fusion", "t", RC_INT, FV(fusion), 0, 0, 0 },
	{ "size", "size", RC_STR, FV(size), 0, 0, 0 },
	{ "points", NULL, RC_LONG, FV(points), 0, 0, 0 },
	{ "gstencil_per_s", "GStencil/s", RC_NUM, FV(gs), 0, FV(gs_md), 0 },
	{ "model_gstencil_per_s", "model", RC_NUM, FV(mg), 1, 0, 0 },
	{ "power_roof_gstencil_per_s", "power roof", RC_NUM, FV(pg), 1, 0, 0 },
	{ "efficiency", "of model", RC_NUM, FV(eff), 0, FV(eff_md), 1 },
	{ "I_model", "I model / measured", RC_NUM, FV(Im), 0, FV(I_md), 0 },
	{ "I_measured", NULL, RC_NUM, FV(Imeas), 0, 0, 0 },
	{ "Q_model", NULL, RC_NUM, FV(Qm), 0, 0, 0 },
	{ "Q_measured", NULL, RC_NUM, FV(Qmeas), 0, 0, 0 },
	{ "status", "status", RC_STR, FV(status), 0, 0, 0 },
};

/* the figure's CSV, Markdown and .vars (with extra's lines) */
static int figure_rows(struct render_ctx *c, const struct target_spec *ts, const char *extra, char *err,
		       size_t errlen)
{
	const char *name = ts->name;
	struct target t;
	struct render_outputs o;
	if (rec_target_load(&c->run, name, &t, err, errlen) != 0)
		return -1;
	const char *notes[] = { ts->note, RD_POWER_ROOF_NOTE, NULL };
	if (rd_cols_open(c, name, &o, fig_cols, NELEM(fig_cols), ts->title, notes, err, errlen)) {
		rec_target_free(&t);
		return -1;
	}
	for (size_t i = 0; i < t.n; i++) {
		const struct point *p = &t.p[i];
		struct fig_view v;
		char a[24], b[24];
		memset(&v, 0, sizeof(v));
		v.p = p;
		v.label = p->cfg->label;
		v.stencil = p->cfg->stencil->name;
		v.dtype = dtype_table[p->cfg->dtype].name;
		method_variant_name(p->cfg->method, p->cfg->option, v.mname, sizeof(v.mname));
		v.method = v.mname;   /* a variant keeps its option: spider:L16 */
		v.fusion = p->cfg->fusion;
		v.size = p->cfg->size;
		v.points = (p->cfg->n[0] * (p->cfg->stencil->dims > 1 ? p->cfg->n[1] : 1) *
				 (p->cfg->stencil->dims > 2 ? p->cfg->n[2] : 1));
		v.gs = p->measured;
		v.mg = rec_model_gs(p);
		v.pg = p->have_model ? p->mp.power_gstencil_per_s : NAN;
		v.eff = p->measured / v.mg;
		v.Im = p->have_model ? p->mp.I : NAN;
		v.Imeas = p->I_m;
		v.Qm = p->have_model ? p->mp.Q : NAN;
		v.Qmeas = p->Q_m;
		v.status = rd_status(p->status);
		rd_fmt_rate(v.G, sizeof(v.G), p, 1);
		if (isfinite(v.eff))
			snprintf(v.E, sizeof(v.E), "%.0f %%", 100 * v.eff);
		else
			snprintf(v.E, sizeof(v.E), "NA");
		render_fmt(a, sizeof(a), v.Im, 2);
		render_fmt(b, sizeof(b), p->I_m, 2);
		snprintf(v.I, sizeof(v.I), "%s / %s", a, b);
		v.gs_md = v.G, v.eff_md = v.E, v.I_md = v.I;
		rd_cols_row(&o, fig_cols, NELEM(fig_cols), &v);
	}
	int rc = render_outputs_close(c, name, &o, err, errlen);
	if (rc == 0)
		rc = write_vars(c, &t, name, extra, err, errlen);
	rec_target_free(&t);
	return rc;
}

int rd_figure_rows(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	return figure_rows(c, ts, "", err, errlen);
}

/* ---- tcs Figure 15 (and the measured points of tcs Figure 10): AI against fusion depth ---- */

/* outdir/tcs-figure15-fit.csv: for each (stencil, dtype) series of t, the least-squares line of its
 * counter-measured I against t, one row a depth with the fitted I, with the model's slope and
 * this run's ridges; each series' R^2 also as a .vars line (r2_STENCIL_DTYPE) into vars */
static int write_fits(struct render_ctx *c, const struct target *t, char *vars, size_t vlen, char *err,
		      size_t errlen)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/tcs-figure15-fit.csv", c->outdir);
	struct csv_writer w;
	static const char *const cols[] = { "stencil", "dtype", "fusion", "I_fit", "a", "b", "r2", "b_model",
					    "ridge_fp32", "ridge_fp64" };
	if (csv_writer_open(&w, path, cols, NELEM(cols)) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	const struct hw_row *hr;
	double bw = hw_get(&c->run.hw, "dram_copy_bandwidth", &hr);
	double r32 = hw_get(&c->run.hw, "fp32_fma", &hr) * 1e3 / bw, r64 = hw_get(&c->run.hw, "fp64_fma", &hr) * 1e3 / bw;
	size_t used = 0;
	for (size_t i = 0; i < t->n; i++) {
		const struct run_config *ci = &t->cfgs[i];
		if (i > 0 && ci->stencil == t->cfgs[i - 1].stencil && ci->dtype == t->cfgs[i - 1].dtype)
			continue;
		double x[64], y[64], bm = NAN;
		size_t n = 0, last = i;
		for (size_t j = i; j < t->n && t->cfgs[j].stencil == ci->stencil && t->cfgs[j].dtype == ci->dtype; j++) {
			if (t->p[j].have_model && j > i && t->p[j - 1].have_model)
				bm = t->p[j].mp.I - t->p[j - 1].mp.I;
			if (isfinite(t->p[j].I_m) && n < 64) {
				x[n] = t->cfgs[j].fusion;
				y[n++] = t->p[j].I_m;
			}
			last = j;
		}
		double a = NAN, b = NAN, r2 = NAN;
		if (n >= 2)
			linear_fit(x, y, n, &a, &b, &r2);
		for (size_t j = i; j <= last; j++) {
			csv_put_str(&w, t->cfgs[j].stencil->name);
			csv_put_str(&w, dtype_table[t->cfgs[j].dtype].name);
			csv_put_int(&w, t->cfgs[j].fusion);
			csv_put_num(&w, a + b * t->cfgs[j].fusion);
			csv_put_num(&w, a);
			csv_put_num(&w, b);
			csv_put_num(&w, r2);
			csv_put_num(&w, bm);
			csv_put_num(&w, r32);
			csv_put_num(&w, r64);
			csv_end_row(&w);
		}
		if (isfinite(r2) && used < vlen)
			used += (size_t)snprintf(vars + used, vlen - used, "r2_%s_%s = %.10g\n", ci->stencil->name,
						 dtype_table[ci->dtype].name, r2);
	}
	if (csv_writer_close(&w) != 0) {
		snprintf(err, errlen, "%s", atomic_error());
		return -1;
	}
	return 0;
}

int rd_tcs_figure15(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	struct target t;
	char r2[2048] = "";
	if (rec_target_load(&c->run, ts->name, &t, err, errlen) != 0)
		return -1;
	int rc = write_fits(c, &t, r2, sizeof(r2), err, errlen);
	rec_target_free(&t);
	return rc == 0 ? figure_rows(c, ts, r2, err, errlen) : -1;
}

RENDERER("tcs_figure15", rd_tcs_figure15)
RENDERER("figure_rows", rd_figure_rows)
