/*
 * render-power.c - the harness's own power roofline (make power-roofline; no paper item): every
 * verified row of the lists it reads (tcs Table 3, sptc Figure 9, tcs Figure 16) placed by the
 * model's energy a point-step (its F and Q at the run's ceilings' energies, model/power.h) against
 * its measured GStencil/s, under the line the board's cap allows, (cap - constant power) / energy;
 * beside it, each row's measured energy net of the constant power (the energy counter's) against the
 * model's, the diagonal where the model's energies account for all of it. Rows whose kept samples
 * carry power_cap are marked. Writes plots/out/power-roofline.{csv,md,vars} for
 * plots/gp/power-roofline.gp; without energies in the run's ceilings the rows still list, the
 * model's energy NA, and the note says why.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "method.h"
#include "render-int.h"
#include "stencil.h"

/* a row's measured energy a point-step net of the constant power, nJ: its gross energy times the
 * share of its power above pi0 (the power and energy of one window, the counter's where the run
 * read it: the median rate is another window's); NaN where unknown */
static double pr_net_nj(const struct point *p, double pi0_w)
{
	return p->energy_nj * (p->power_w - pi0_w) / p->power_w;
}

static void pr_row(struct render_outputs *o, const char *list, const struct point *p, const struct hw *hw, int *placed)
{
	char mname[64], b[6][32];
	method_variant_name(p->cfg->method, p->cfg->option, mname, sizeof(mname));
	const double e = p->have_model ? p->mp.e_point_j * 1e9 / p->cfg->fusion : NAN;
	const double pw = p->have_model ? p->mp.power_gstencil_per_s : NAN, two = rec_model_gs(p);
	const double net = pr_net_nj(p, hw->pi0_w);
	const char *lowest = !p->have_model ? "" : pw < two ? "power" : p->mp.bound == BOUND_MEMORY ? "memory" : "compute";
	csv_put_str(&o->w, list);
	csv_put_str(&o->w, mname);
	csv_put_str(&o->w, p->cfg->stencil->name);
	csv_put_str(&o->w, dtype_table[p->cfg->dtype].name);
	csv_put_int(&o->w, p->cfg->fusion);
	csv_put_num(&o->w, e);
	csv_put_num(&o->w, p->energy_nj);
	csv_put_num(&o->w, net);
	csv_put_num(&o->w, p->measured);
	csv_put_num(&o->w, two);
	csv_put_num(&o->w, pw);
	csv_put_str(&o->w, lowest);
	csv_put_int(&o->w, rec_power_capped(p));
	csv_put_num(&o->w, p->power_w);
	csv_end_row(&o->w);
	char row[160];
	snprintf(row, sizeof(row), "%s %s %s t=%d", mname, p->cfg->stencil->name, dtype_table[p->cfg->dtype].name,
		 p->cfg->fusion);
	render_fmt(b[0], sizeof(b[0]), e, 3);
	render_fmt(b[1], sizeof(b[1]), net, 3);
	render_fmt(b[2], sizeof(b[2]), p->measured, 1);
	render_fmt(b[3], sizeof(b[3]), fmin(two, pw > 0 ? pw : INFINITY), 1);
	render_fmt(b[4], sizeof(b[4]), p->power_w, 0);
	snprintf(b[5], sizeof(b[5]), "%s", rec_power_capped(p) ? "yes" : "no");
	const char *cells[] = { list, row, b[0], b[1], b[2], b[3], lowest[0] ? lowest : "NA", b[4], b[5] };
	md_row(&o->md, cells);
	*placed += isfinite(e);
}

int rd_power_roofline(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	static const char *const cols[] = { "list", "method", "stencil", "dtype", "fusion", "e_model_nj",
					    "e_measured_nj", "e_measured_net_nj", "gstencil_per_s",
					    "model_gstencil_per_s", "power_roof_gstencil_per_s", "lowest_roof",
					    "power_capped", "power_w" };
	static const char *const md[] = { "list", "row", "model nJ / point-step", "measured net nJ / point-step",
					  "GStencil/s", "lowest roof", "which", "board W", "power-capped" };
	struct rec_inputs in;
	struct render_outputs o;
	char note[512];
	if (rec_inputs_load(&c->run, ts->inputs, &in, err, errlen) != 0)
		return -1;
	const struct hw *hw = &c->run.hw;
	char cap[32], pi0[32], resid[32], idle[32];
	render_fmt(cap, sizeof(cap), hw->cap_w, 0);
	render_fmt(pi0, sizeof(pi0), hw->pi0_w, 1);
	render_fmt(resid, sizeof(resid), hw->pi0_resid_w, 1);
	render_fmt(idle, sizeof(idle), hw->idle_w, 1);
	if (!isfinite(hw->pi0_w))
		snprintf(note, sizeof(note), "No energies in this run's ceilings (measured before the energy counter was "
			 "read): no constant power and no power roof; the rows are listed with their rates and their "
			 "lowest of the compute and memory roofs.");
	else
		snprintf(note, sizeof(note), "Cap %s W, constant power %s W (the fit's intercept over %d ceilings, residual "
		 "%s W), idle %s W, all from the run's ceilings; the model's energy counts F at its unit's energy and "
		 "Q at DRAM's, not L2, shared memory or integer work. Measured: the energy counter's over the row's "
		 "warm-up window, times the share of its power above the constant power.", cap, pi0, hw->pi0_points, resid, idle);
	const char *notes[] = { ts->note, note, NULL };
	if (render_outputs_open(c, ts->name, &o, cols, NELEM(cols), ts->title, notes, md, NELEM(md), err, errlen) != 0) {
		rec_inputs_free(&in);
		return -1;
	}
	rec_use_ceilings(&c->run, 0);
	int placed = 0, rows = 0;
	for (size_t i = 0; i < in.n; i++)
		for (size_t k = 0; k < in.t[i].n; k++)
			if (isfinite(rec_ok_rate(&in.t[i].p[k]))) {
				pr_row(&o, in.name[i], &in.t[i].p[k], hw, &placed);
				rows++;
			}
	if (!rows)
		md_note(&o.md, "No row is placed: the run holds no verified rows of these lists.");
	else if (!placed)
		md_note(&o.md, "No power roof: the run's ceilings lack the energy counter (measured before it was read), "
			"so the model's energies are NA; the rows are listed with their measured rates.");
	int rc = render_outputs_close(c, ts->name, &o, err, errlen);
	if (rc == 0) {
		struct atomic_file a;
		rc = rd_vars_open(c, ts->name, &a, err, errlen);
		if (rc == 0) {
			fprintf(a.f, "cap_w = %g\npi0_w = %g\nplaced = %d\nlists = '%s'\n", isfinite(hw->cap_w) ? hw->cap_w : 0,
				isfinite(hw->pi0_w) ? hw->pi0_w : 0, placed, ts->inputs);
			rc = rd_vars_commit(&a, err, errlen);
		}
	}
	rec_inputs_free(&in);
	return rc;
}

RENDERER("power_roofline", rd_power_roofline)
