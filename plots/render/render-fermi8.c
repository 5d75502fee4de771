/*
 * render-fermi8.c - the fermi paper's Figure 8 (make fermi-figure8): GLUPS against n for its three
 * 3D Jacobi algorithms (jacobi-naive, plane-sweep, wavefront) on n^3 grids in fp64 and fp32, with
 * each row's model roof (bandwidth over bytes a cell, twice that for the wavefront's two steps)
 * and width class (model/fermi.h), beside the paper's peak numbers on the Tesla C2050
 * (data/paper/fermi-figure8.csv). The CSV is long (one row a configuration, for
 * plots/gp/fermi-figure8.gp); the Markdown puts the methods side by side, one row a size.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiment.h"
#include "fermi.h"
#include "grid.h"
#include "method.h"
#include "render-int.h"
#include "stencil.h"

static const enum dtype f8_dtypes[] = { DT_FP64, DT_FP32 };
/* the figure's methods: those of its configuration list, in the method table's order */
#define F8_MAX 6
struct f8_methods {
	const char *m[F8_MAX];
	char buf[F8_MAX + 1][64];
	size_t n;
};

/* a row's width class in words: "2^k", "prime lines", "pitch 2^k", joined; "" for none */
static void class_text(char *b, size_t len, int cls)
{
	snprintf(b, len, "%s%s%s%s%s", cls & FERMI_POW2 ? "2^k" : "", (cls & FERMI_POW2) && (cls & ~FERMI_POW2) ? ", " : "",
		 cls & FERMI_PRIME_LINES ? "prime lines" : "", (cls & FERMI_PRIME_LINES) && (cls & FERMI_PITCH_POW2) ? ", " : "",
		 cls & FERMI_PITCH_POW2 ? "pitch 2^k" : "");
}

/* the figure's series: each method and variant of the list, in the list's order */
static void f8_series(const struct target *t, struct f8_methods *f)
{
	f->n = 0;
	for (size_t i = 0; i < t->n; i++) {
		size_t k = 0;
		method_variant_name(t->cfgs[i].method, t->cfgs[i].option, f->buf[f->n], sizeof(f->buf[0]));
		while (k < f->n && strcmp(f->m[k], f->buf[f->n]))
			k++;
		if (k == f->n && f->n < F8_MAX)
			f->m[f->n] = f->buf[f->n], f->n++;
	}
}

static void put_long_row(struct render_outputs *o, const struct point *p)
{
	const struct run_config *cf = p->cfg;
	const int eb = dtype_table[cf->dtype].bytes, cls = rec_fermi_class(p);
	const long pitch = rec_fermi_pitch(p);
	const double mg = rec_model_gs(p);
	char name[64];
	method_variant_name(cf->method, cf->option, name, sizeof(name));
	csv_put_str(&o->w, cf->stencil->name);
	csv_put_str(&o->w, dtype_table[cf->dtype].name);
	csv_put_str(&o->w, name);
	csv_put_int(&o->w, cf->fusion);
	csv_put_str(&o->w, cf->size);
	csv_put_int(&o->w, cf->n[0]);
	struct grid g;   /* interior points as the runner's grid has them (unpadded: the ring inside n) */
	csv_put_int(&o->w, run_config_grid(cf, &g) == 0 ? grid_points(&g) : -1);
	csv_put_num(&o->w, p->measured);
	csv_put_num(&o->w, mg);
	csv_put_num(&o->w, p->measured / mg);
	csv_put_num(&o->w, p->have_model ? p->mp.Q : NAN);
	csv_put_num(&o->w, p->Q_m);
	csv_put_int(&o->w, !!(cls & FERMI_POW2));
	csv_put_int(&o->w, !!(cls & FERMI_PRIME_LINES));
	csv_put_int(&o->w, pitch);
	csv_put_num(&o->w, pitch * (double)eb / 128);
	csv_put_int(&o->w, !!(cls & FERMI_PITCH_POW2));
	csv_put_str(&o->w, rd_status(p->status));
	rd_put_run_cols(&o->w, p);
	csv_end_row(&o->w);
}

/* the Markdown row of width n: per dtype its class and each method's GLUPS */
static void put_md_row(struct render_outputs *o, const struct target *t, const struct f8_methods *f, long n)
{
	const size_t w = 1 + f->n;   /* a dtype's columns */
	const char *cells[1 + NELEM(f8_dtypes) * (1 + F8_MAX)];
	char text[NELEM(f8_dtypes) * (1 + F8_MAX)][64], ns[24];
	snprintf(ns, sizeof(ns), "%ld", n);
	cells[0] = ns;
	for (size_t d = 0; d < NELEM(f8_dtypes); d++) {
		const struct point *any = NULL;
		for (size_t m = 0; m < f->n; m++) {
			const struct point *p = rec_fermi_at(t, f->m[m], f8_dtypes[d], n);
			char *b = text[d * w + 1 + m];
			if (p)
				rd_fmt_rate(b, 64, p, 1), any = p;
			else
				snprintf(b, 64, "-");
			cells[1 + d * w + 1 + m] = b;
		}
		class_text(text[d * w], 64, any ? rec_fermi_class(any) : 0);
		cells[1 + d * w] = text[d * w];
	}
	md_row(&o->md, cells);
}

/* the peaks and roofs note of one dtype, with the paper's peaks beside */
static void peaks_note(struct render_outputs *o, const struct target *t, const struct f8_methods *f, enum dtype dt,
		       const struct csv_table *paper)
{
	char note[1024];
	int k = snprintf(note, sizeof(note), "%s peaks (GLUPS):", dtype_table[dt].name);
	for (size_t m = 0; m < f->n && k < (int)sizeof(note); m++) {
		const struct point *best = NULL;
		for (size_t i = 0; i < t->n; i++) {
			const struct point *p = &t->p[i];
			if (p->cfg->dtype == dt && rec_fermi_at(t, f->m[m], dt, p->cfg->n[0]) == p && !strcmp(p->status, "ok") &&
			    (!best || p->measured > best->measured))
				best = p;
		}
		long r = rec_row_of(paper, "method", f->m[m], NULL, NULL);
		char pv[96] = "";
		if (r >= 0 && dt == DT_FP64)
			snprintf(pv, sizeof(pv), "; paper %s on the %s", csv_table_get(paper, (size_t)r, "glups"),
				 csv_table_get(paper, (size_t)r, "gpu"));
		char w[32], nj[32];
		if (best)
			rd_fmt_power(w, nj, sizeof(w), best->power_w, best->energy_nj);
		if (best)
			k += snprintf(note + k, sizeof(note) - (size_t)k, "%s %s %.1f at %ld^3 (%.0f %% of its roof %.1f; "
				      "%s W, %s nJ a lattice update%s)", m ? ";" : "", f->m[m], best->measured, best->cfg->n[0],
				      100 * best->measured / rec_model_gs(best), rec_model_gs(best), w, nj, pv);
		else
			k += snprintf(note + k, sizeof(note) - (size_t)k, "%s %s not measured%s", m ? ";" : "", f->m[m], pv);
	}
	md_note(&o->md, note);
}

int rd_fermi_figure8(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "stencil", "dtype", "method", "fusion", "size", "n", "points", "glups",
					    "model_glups", "efficiency", "Q_model", "Q_measured", "pow2", "prime_lines",
					    "pitch", "pitch_lines", "pitch_pow2", "status", RUN_COLS };
	static const char *const need[] = { "gpu", "method", "glups", "gflops", "source", NULL };
	struct target t;
	struct csv_table paper;
	struct render_outputs o;
	struct f8_methods f;
	const char *md[1 + NELEM(f8_dtypes) * (1 + F8_MAX)];
	char width[NELEM(f8_dtypes)][32];
	size_t nmd = 0;
	if (rec_target_load(&c->run, ts->name, &t, err, errlen) != 0)
		return -1;
	f8_series(&t, &f);
	md[nmd++] = "n";   /* the columns: each dtype's width class, then its methods */
	for (size_t d = 0; d < NELEM(f8_dtypes); d++) {
		snprintf(width[d], sizeof(width[d]), "%s width", dtype_table[f8_dtypes[d]].name);
		md[nmd++] = width[d];
		for (size_t m = 0; m < f.n; m++)
			md[nmd++] = f.m[m];
	}
	if (rd_load_paper(c, "fermi-figure8", need, &paper, err, errlen) != 0) {
		rec_target_free(&t);
		return -1;
	}
	const char *notes[] = {
		"GLUPS: lattice updates a second (= GStencil/s: the wavefront's two steps a sweep count twice); "
		"independent of the FLOPs an update costs: the paper counts 8 (two coefficients), the harness's "
		"random non-symmetric weights cost 13 (7 multiplies, 6 adds).",
		"Width classes: 2^k, n a power of two; prime lines, n elements fill a prime number of 128-byte "
		"lines; pitch 2^k, the harness's padded row (model/grid.h: n + 32 elements in fp64) is a power of "
		"two, the paper's cache-thrashing case, whose matrices were not padded. METHOD:unpadded: the "
		"paper's layout, rows exactly n elements apart (the size is the whole array), a series of its own "
		"at the powers of two, where its pitch is a power of two.",
		ts->note, NULL };
	if (render_outputs_open(c, ts->name, &o, cols, NELEM(cols), ts->title, notes, md, nmd, err, errlen) != 0) {
		rec_target_free(&t);
		csv_table_free(&paper);
		return -1;
	}
	for (size_t i = 0; i < t.n; i++)
		put_long_row(&o, &t.p[i]);
	for (size_t i = 0; i < t.n; i++) {   /* one Markdown row a width, in the list's order */
		int seen = 0;
		for (size_t j = 0; j < i && !seen; j++)
			seen = t.cfgs[j].n[0] == t.cfgs[i].n[0];
		if (!seen)
			put_md_row(&o, &t, &f, t.cfgs[i].n[0]);
	}
	for (size_t d = 0; d < NELEM(f8_dtypes); d++)
		peaks_note(&o, &t, &f, f8_dtypes[d], &paper);
	int rc = render_outputs_close(c, ts->name, &o, err, errlen);
	if (rc == 0)
		rc = rd_vars_title(c, ts->name, err, errlen);   /* the .gp reads the paper's peaks itself */
	rec_target_free(&t);
	csv_table_free(&paper);
	return rc;
}

RENDERER("fermi_figure8", rd_fermi_figure8)
