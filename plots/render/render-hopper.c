/*
 * render-hopper.c - make hopper-tc (no paper item): every tensor-core method on mma.sync (the
 * papers' and their artifacts' instruction) beside its :wgmma variant (Hopper's warpgroup MMA) on
 * the same problem, per tcs case (3 and 4: the 2D tf32 cases) and sptc 2D shape, with both model
 * roofs (the mma.sync and the wgmma ceilings of the run). Its claim (whether wgmma changes the tcs
 * Table 3 answer) is judged in plots/verdicts/claims-hopper.c.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render-int.h"

/* the row of t with p's label and method and the given option, or NULL */
static const struct point *hp_find(const struct target *t, const struct point *p, const char *method, const char *option)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct run_config *c = t->p[i].cfg;
		if (!strcmp(c->label, p->cfg->label) && !strcmp(c->method, method) && !strcmp(c->option, option) &&
		    c->dtype == p->cfg->dtype && c->fusion == p->cfg->fusion && !strcmp(c->size, p->cfg->size))
			return &t->p[i];
	}
	return NULL;
}

/* the CSV's columns and the Markdown's (the clock reasons last: shown where a row had one besides
 * the power cap) */
static const char *const hp_cols[] = { "problem", "stencil", "dtype", "fusion", "size", "method",
				       "mma_gstencil_per_s", "wgmma_gstencil_per_s", "wgmma_over_mma",
				       "model_mma_gstencil_per_s", "model_wgmma_gstencil_per_s", "mma_share_of_roof",
				       "wgmma_share_of_roof", "cc_gstencil_per_s", "mma_over_cc", "wgmma_over_cc",
				       "mma_power_w", "wgmma_power_w", "mma_energy_nj_per_point_step",
				       "wgmma_energy_nj_per_point_step", "mma_variant", "wgmma_variant", "mma_clock_reasons",
				       "wgmma_clock_reasons", "mma_low", "mma_high", "wgmma_low", "wgmma_high" };
static const char *const hp_md[] = { "problem", "method", "mma.sync", "wgmma", "wgmma / mma.sync",
				     "roofs: mma.sync, wgmma", "of roof: mma.sync, wgmma", "board W: mma.sync, wgmma",
				     "nJ / point-step: mma.sync, wgmma", "TC/CC: mma.sync, wgmma",
				     "clock reasons: mma.sync, wgmma" };

/* "a, b" of two numbers */
static void pair(char *b, size_t n, double x, double y, int dec)
{
	char s[2][40];
	render_fmt(s[0], sizeof(s[0]), x, dec);
	render_fmt(s[1], sizeof(s[1]), y, dec);
	snprintf(b, n, "%s, %s", s[0], s[1]);
}

/* one problem and method: m on mma.sync, w its wgmma variant (or NULL), cc the CUDA-core baseline */
static void hp_row(struct render_outputs *o, const struct target *t, const struct point *m, const struct point *w,
		   const struct point *cc)
{
	const double rm = rec_ok_rate(m), rw = rec_ok_rate(w), rc = rec_ok_rate(cc);
	const double gm = rec_model_gs(m), gw = w ? rec_model_gs(w) : NAN;
	const double pw = w ? w->power_w : NAN, ew = w ? w->energy_nj : NAN;
	const char *vm = m->run_row >= 0 ? csv_table_get(&t->run, (size_t)m->run_row, "variant") : "";
	const char *vw = w && w->run_row >= 0 ? csv_table_get(&t->run, (size_t)w->run_row, "variant") : "";
	const char *xw = w ? w->reasons : "NA";
	csv_put_str(&o->w, m->cfg->label);
	csv_put_str(&o->w, m->cfg->stencil->name);
	csv_put_str(&o->w, dtype_table[m->cfg->dtype].name);
	csv_put_int(&o->w, m->cfg->fusion);
	csv_put_str(&o->w, m->cfg->size);
	csv_put_str(&o->w, m->cfg->method);
	const double v[] = { rm, rw, rw / rm, gm, gw, rm / gm, rw / gw, rc, rm / rc, rw / rc, m->power_w, pw,
			     m->energy_nj, ew };
	for (size_t k = 0; k < NELEM(v); k++)
		csv_put_num(&o->w, v[k]);
	csv_put_str(&o->w, vm ? vm : "");
	csv_put_str(&o->w, vw ? vw : "");
	csv_put_str(&o->w, m->reasons);
	csv_put_str(&o->w, xw);
	/* a replicated run: the lowest and highest replica's rate of each (NaN: one measurement) */
	const double ends[] = { m->replicas > 1 ? m->lo : NAN, m->replicas > 1 ? m->hi : NAN,
				w && w->replicas > 1 ? w->lo : NAN, w && w->replicas > 1 ? w->hi : NAN };
	for (size_t k = 0; k < NELEM(ends); k++)
		csv_put_num(&o->w, ends[k]);
	csv_end_row(&o->w);
	char prob[160], a[3][48], r[6][96];
	snprintf(prob, sizeof(prob), "%s: %s %s t=%d %s", m->cfg->label, m->cfg->stencil->name,
		 dtype_table[m->cfg->dtype].name, m->cfg->fusion, m->cfg->size);
	rd_fmt_rate(a[0], sizeof(a[0]), m, 1);
	if (w)
		rd_fmt_rate(a[1], sizeof(a[1]), w, 1);
	else
		snprintf(a[1], sizeof(a[1]), "not run");
	render_fmt(a[2], sizeof(a[2]), rw / rm, 2);
	pair(r[0], sizeof(r[0]), gm, gw, 0);
	snprintf(r[1], sizeof(r[1]), "%.0f %%, %.0f %%", 100 * rm / gm, 100 * rw / gw);
	pair(r[2], sizeof(r[2]), m->power_w, pw, 0);
	pair(r[3], sizeof(r[3]), m->energy_nj, ew, 3);
	pair(r[4], sizeof(r[4]), rm / rc, rw / rc, 2);
	snprintf(r[5], sizeof(r[5]), "%s, %s", m->reasons, xw);
	const char *cells[] = { prob, m->cfg->method, a[0], a[1], a[2], r[0], r[1], r[2], r[3], cc ? r[4] : "-", r[5] };
	md_row(&o->md, cells);
}

int rd_hopper_tc(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	struct target t;
	struct render_outputs o;
	if (rec_target_load(&c->run, ts->name, &t, err, errlen) != 0)
		return -1;
	const char *notes[] = { ts->note, NULL };
	if (render_outputs_open(c, ts->name, &o, hp_cols, NELEM(hp_cols), ts->title, notes, hp_md,
			    NELEM(hp_md) - !c->run.reasons, err, errlen) != 0) {
		rec_target_free(&t);
		return -1;
	}
	const char *keys[64];   /* the ceilings under the roofs drawn */
	size_t nk = 0;
	for (size_t i = 0; i < t.n; i++) {
		const struct point *m = &t.p[i];
		if (m->cfg->option[0] || !strcmp(m->cfg->method, "ebisu"))
			continue;
		const struct point *w = hp_find(&t, m, m->cfg->method, "wgmma");
		hp_row(&o, &t, m, w, rec_ebisu_at(&t, m->cfg->label));
		for (int k = 0; k < 2 && nk + 1 < NELEM(keys); k++) {
			const struct point *q = k ? w : m;
			if (q && q->have_model)
				keys[nk++] = q->mp.peak_key;
		}
	}
	keys[nk++] = HW_KEY_BW;
	rd_ceilings_note(c, &o.md, keys, nk);
	int rc = rd_outputs_close_titled(c, ts, &o, err, errlen);
	rec_target_free(&t);
	return rc;
}

RENDERER("hopper_tc", rd_hopper_tc)
