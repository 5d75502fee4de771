/*
 * render-tables.c - tcs Tables 2, 3 and 4 (F/Q/I validation, the six cases, SPIDER sparse over
 * dense) and kernels-vs-authors, each beside the paper's or the authors' numbers (render-int.h).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "method.h"
#include "regime.h"
#include "render-int.h"
#include "stencil.h"

/* ---- tcs Table 2: F, Q, I analytic vs counter-measured, beside the paper's ---- */

/* tcs Table 2: F, Q and I of each row three ways (the paper's rule, the kernel's plan, the
 * counters), beside the paper's analytic and measured columns */
struct t2_view {
	const struct point *p;
	int fusion;
	const char *row, *method, *stencil, *dtype, *status;
	double sigma, rho, Fm, Fmeas, Ferr, Qm, Qmeas, Qerr, Im, Imeas, Ierr, paper[6], sr, Fr, Fp, gs;
	const char *st_md, *sg_md, *F_md, *Q_md, *I_md, *pF_md, *pQ_md, *pI_md, *gs_md;
	char st[96], sg[64], F[192], Q[160], I[160], pF[64], pQ[64], pI[64], G[64];
};
#define T2(f) offsetof(struct t2_view, f)
static const struct rcol t2_cols[] = {
	{ "row", "row", RC_STR, T2(row), 0, 0, 0 },
	{ "method", "method", RC_STR, T2(method), 0, 0, 0 },
	{ NULL, "stencil t dtype", RC_STR, 0, 0, T2(st_md), 0 },
	{ NULL, "sigma rule / plan", RC_STR, 0, 0, T2(sg_md), 0 },
	{ "stencil", NULL, RC_STR, T2(stencil), 0, 0, 0 },
	{ "fusion", NULL, RC_INT, T2(fusion), 0, 0, 0 },
	{ "dtype", NULL, RC_STR, T2(dtype), 0, 0, 0 },
	{ "sigma", NULL, RC_NUM, T2(sigma), 0, 0, 0 },
	{ "rho", NULL, RC_NUM, T2(rho), 0, 0, 0 },
	{ "F_model", NULL, RC_NUM, T2(Fm), 0, 0, 0 },
	{ "F_measured", NULL, RC_NUM, T2(Fmeas), 0, 0, 0 },
	{ "F_rel_err", NULL, RC_NUM, T2(Ferr), 0, 0, 0 },
	{ NULL, "F: paper's rule / kernel's plan / counters (vs plan)", RC_STR, 0, 0, T2(F_md), 0 },
	{ "Q_model", NULL, RC_NUM, T2(Qm), 0, 0, 0 },
	{ "Q_measured", NULL, RC_NUM, T2(Qmeas), 0, 0, 0 },
	{ "Q_rel_err", NULL, RC_NUM, T2(Qerr), 0, 0, 0 },
	{ NULL, "Q model / measured (err)", RC_STR, 0, 0, T2(Q_md), 0 },
	{ "I_model", NULL, RC_NUM, T2(Im), 0, 0, 0 },
	{ "I_measured", NULL, RC_NUM, T2(Imeas), 0, 0, 0 },
	{ "I_rel_err", NULL, RC_NUM, T2(Ierr), 0, 0, 0 },
	{ NULL, "I model / measured (err)", RC_STR, 0, 0, T2(I_md), 0 },
	{ "paper_F", NULL, RC_NUM, T2(paper[0]), 0, 0, 0 },
	{ "paper_F_measured", NULL, RC_NUM, T2(paper[1]), 0, 0, 0 },
	{ "paper_Q", NULL, RC_NUM, T2(paper[2]), 0, 0, 0 },
	{ "paper_Q_measured", NULL, RC_NUM, T2(paper[3]), 0, 0, 0 },
	{ "paper_I", NULL, RC_NUM, T2(paper[4]), 0, 0, 0 },
	{ "paper_I_measured", NULL, RC_NUM, T2(paper[5]), 0, 0, 0 },
	{ NULL, "paper F / F meas.", RC_STR, 0, 0, T2(pF_md), 0 },
	{ NULL, "paper Q / Q meas.", RC_STR, 0, 0, T2(pQ_md), 0 },
	{ NULL, "paper I / I meas.", RC_STR, 0, 0, T2(pI_md), 0 },
	{ NULL, "GStencil/s", RC_STR, 0, 0, T2(gs_md), 1 },
	{ "status", "status", RC_STR, T2(status), 0, 0, 0 },
	{ "sigma_paper_rule", NULL, RC_NUM, T2(sr), 0, 0, 0 },
	{ "F_paper_rule", NULL, RC_NUM, T2(Fr), 0, 0, 0 },
	{ "F_plan", NULL, RC_NUM, T2(Fp), 0, 0, 0 },
	{ "gstencil_per_s", NULL, RC_NUM, T2(gs), 0, 0, 0 },
};

/* the Markdown's merged cells of a Table 2 row */
static void t2_text(struct t2_view *v, const struct csv_table *paper, long pr, double sp)
{
	char a[32], b[32], e[32], r[32], sa[24], sb[24];
	const struct point *p = v->p;
	snprintf(v->st, sizeof(v->st), "%s t=%d %s", v->stencil, v->fusion, v->dtype);
	render_fmt(sa, sizeof(sa), v->sr, 4);
	render_fmt(sb, sizeof(sb), sp, 4);
	snprintf(v->sg, sizeof(v->sg), "%s / %s", sa, sb);
	render_fmt(r, sizeof(r), v->Fr, 1), render_fmt(a, sizeof(a), v->Fp, 1), render_fmt(b, sizeof(b), p->F_m, 1);
	rd_fmt_pct(e, sizeof(e), p->F_m, v->Fp);
	if (!strcmp(r, a))   /* CUDA cores, or a kernel that runs the paper's sigma */
		snprintf(v->F, sizeof(v->F), "rule = plan %s / counters %s (%s)", a, b, e);
	else
		snprintf(v->F, sizeof(v->F), "rule %s / plan %s / counters %s (%s)", r, a, b, e);
	render_fmt(a, sizeof(a), v->Qm, 2), render_fmt(b, sizeof(b), p->Q_m, 2), rd_fmt_pct(e, sizeof(e), p->Q_m, v->Qm);
	snprintf(v->Q, sizeof(v->Q), "%s / %s (%s)", a, b, e);
	render_fmt(a, sizeof(a), v->Im, 2), render_fmt(b, sizeof(b), p->I_m, 2), rd_fmt_pct(e, sizeof(e), p->I_m, v->Im);
	snprintf(v->I, sizeof(v->I), "%s / %s (%s)", a, b, e);
	rd_paper_pair(v->pF, sizeof(v->pF), paper, pr, "F", "F_measured");
	rd_paper_pair(v->pQ, sizeof(v->pQ), paper, pr, "Q", "Q_measured");
	rd_paper_pair(v->pI, sizeof(v->pI), paper, pr, "I", "I_measured");
	rd_fmt_rate(v->G, sizeof(v->G), p, 1);
	v->st_md = v->st, v->sg_md = v->sg, v->F_md = v->F, v->Q_md = v->Q, v->I_md = v->I;
	v->pF_md = v->pF, v->pQ_md = v->pQ, v->pI_md = v->pI, v->gs_md = v->G;
}

int rd_tcs_table2(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	struct target t;
	struct csv_table paper;
	struct render_outputs o;
	static const char *const pneed[] = { "row", "F", "F_measured", "Q", "Q_measured", "I", "I_measured", NULL };
	static const char *const pc[] = { "F", "F_measured", "Q", "Q_measured", "I", "I_measured" };
	static const char *const notes[] = {
		"F per point three ways. Paper's rule: the tcs model with the method's own sigma rule (what the "
		"paper's analytic column computes, e.g. sigma 0.5 for ConvStencil). Kernel's plan: the same model "
		"with the sigma this kernel really runs (this run's row; the F_model/F_plan columns). Counters: "
		"CUPTI tensor or FMA FLOPs per point on the run's GPU (F_measured), its error against the plan. "
		"On CUDA cores sigma is 1 and rule and plan coincide (\"rule = plan\"); a tensor-core row without "
		"a run row has no plan (NA). Q and I: the model (the plan where there is one) against the counters. Paper: the A100's analytic and ncu-measured columns as "
		"printed; blank cells are the paper's own blanks (rows 6, 8, 10).", NULL };
	if (rd_table_open_cols(c, ts->name, pneed, &t, &paper, &o, t2_cols, NELEM(t2_cols), ts->title, notes,
			       err, errlen) != 0)
		return -1;
	c->run.roofs = 0;   /* F, Q and I: no roof stated */
	for (size_t i = 0; i < t.n; i++) {
		const struct point *p = &t.p[i];
		struct t2_view v;
		memset(&v, 0, sizeof(v));
		v.p = p;
		v.row = p->cfg->label + (strncmp(p->cfg->label, "row ", 4) ? 0 : 4);
		long pr = rec_row_of(&paper, "row", v.row, NULL, NULL);
		v.method = p->cfg->method;
		v.stencil = p->cfg->stencil->name;
		v.fusion = p->cfg->fusion;
		v.dtype = dtype_table[p->cfg->dtype].name;
		v.status = rd_status(p->status);
		v.sigma = p->have_model ? p->mp.sigma : NAN;
		v.rho = p->have_model ? p->mp.rho : NAN;
		v.Fm = p->have_model ? p->mp.F : NAN, v.Qm = p->have_model ? p->mp.Q : NAN;
		v.Im = p->have_model ? p->mp.I : NAN;
		v.Fmeas = p->F_m, v.Qmeas = p->Q_m, v.Imeas = p->I_m;
		v.Ferr = rd_rel(p->F_m, v.Fm), v.Qerr = rd_rel(p->Q_m, v.Qm), v.Ierr = rd_rel(p->I_m, v.Im);
		for (int k = 0; k < 6; k++)
			v.paper[k] = rec_num(&paper, pr, pc[k]);
		v.Fr = p->have_rule ? p->rule.F : NAN, v.sr = p->have_rule ? p->rule.sigma : NAN;
		/* the kernel's plan is its run row's sigma: without one there is no plan to show */
		int planned = isfinite(rec_num(&t.run, p->run_row, "sigma")) || (p->have_rule && p->rule.unit == UNIT_CC);
		v.Fp = planned ? v.Fm : NAN;
		v.gs = p->measured;
		t2_text(&v, &paper, pr, planned && p->have_model ? p->mp.sigma : NAN);
		rd_cols_row(&o, t2_cols, NELEM(t2_cols), &v);
	}
	return rd_table_close(c, ts->name, &t, &paper, &o, err, errlen);
}

/* ---- tcs Table 3: cases 1-6, CUDA cores vs tensor cores ---- */

/* tcs Table 3: one row per case and unit (the CUDA-core method, then the tensor-core one) */
struct t3_view {
	const struct point *p;
	int cs, fusion;
	const char *unit, *method, *stencil, *dtype, *bound, *scen, *scen_paper, *status;
	double I, ridge, gs, model_gs, power_gs, paper_gs, vs_paper, sp_meas, sp_model;
	const char *name_md, *gs_md, *sp_meas_md, *sp_model_md;
	char name[64], G[64], S1[32], S2[32], sc[16];
};
#define T3(f) offsetof(struct t3_view, f)
static const struct rcol t3_cols[] = {
	{ "case", "case", RC_INT, T3(cs), 0, 0, 0 },
	{ "unit", NULL, RC_STR, T3(unit), 0, 0, 0 },
	{ "method", "method", RC_STR, T3(method), 0, T3(name_md), 0 },
	{ "stencil", NULL, RC_STR, T3(stencil), 0, 0, 0 },
	{ "fusion", NULL, RC_INT, T3(fusion), 0, 0, 0 },
	{ "dtype", NULL, RC_STR, T3(dtype), 0, 0, 0 },
	{ "I_model", "I (model)", RC_NUM, T3(I), 2, 0, 0 },
	{ "ridge", "ridge", RC_NUM, T3(ridge), 1, 0, 0 },
	{ "bound", "bound", RC_STR, T3(bound), 0, 0, 0 },
	{ "gstencil_per_s", "GStencil/s measured", RC_NUM, T3(gs), 0, T3(gs_md), 1 },
	{ "model_gstencil_per_s", "model", RC_NUM, T3(model_gs), 1, 0, 0 },
	{ "power_roof_gstencil_per_s", "power roof", RC_NUM, T3(power_gs), 0, 0, 0 },
	{ "paper_gstencil_per_s", "paper (A100)", RC_NUM, T3(paper_gs), 2, 0, 0 },
	{ "measured_vs_paper", NULL, RC_NUM, T3(vs_paper), 0, 0, 0 },
	{ "speedup_measured", "TC / CC measured", RC_NUM, T3(sp_meas), 0, T3(sp_meas_md), 0 },
	{ "speedup_model", "TC / CC model", RC_NUM, T3(sp_model), 0, T3(sp_model_md), 0 },
	{ "scenario_model", "scenario here", RC_STR, T3(scen), 0, 0, 0 },
	{ "scenario_paper", "paper's scenario", RC_STR, T3(scen_paper), 0, 0, 0 },
	{ "status", NULL, RC_STR, T3(status), 0, 0, 0 },
};

int rd_tcs_table3(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	struct target t;
	struct csv_table paper;
	struct render_outputs o;
	static const char *const pneed[] = { "case", "unit", "gstencil_per_s", "scenario", NULL };
	static const char *const notes[] = {
		"Model: AI, ridge point and bottleneck on this GPU's ceilings (the run's ceilings.csv; without a run, the "
		"datasheet's) with each kernel's sigma; "
		"scenario 1-4 and the predicted speedup (eq. 13) from the pair. Measured: the median GStencil/s "
		"of the full protocol. Paper: the A100-80GB PCIe values and scenarios of tcs Table 3. " RD_POWER_ROOF_NOTE,
		NULL };
	if (rd_table_open_cols(c, ts->name, pneed, &t, &paper, &o, t3_cols, NELEM(t3_cols), ts->title, notes,
			       err, errlen) != 0)
		return -1;
	for (int cs = 1; cs <= 6; cs++) {
		char lc[32], lt[32], la[32], cstr[8];
		snprintf(lc, sizeof(lc), "case %d cc", cs);
		snprintf(lt, sizeof(lt), "case %d tc", cs);
		snprintf(cstr, sizeof(cstr), "%d", cs);
		const struct point *pc = rec_find_label(&t, lc), *pt = rec_find_label(&t, lt);
		if (!pc || !pt)
			continue;
		/* the CUDA-core row, the paper's tensor-core method, then the other tensor-core methods
		 * measured on the case ("case N also"; no paper value: the paper measured one) */
		const struct point *rows[16] = { pc, pt };
		int nrows = 2;
		snprintf(la, sizeof(la), "case %d also", cs);
		for (size_t i = 0; i < t.n && nrows < (int)NELEM(rows); i++)
			if (!strcmp(t.cfgs[i].label, la))
				rows[nrows++] = &t.p[i];
		for (int ri = 0; ri < nrows; ri++) {
			const struct point *p = rows[ri];
			const int k = ri > 0;
			const struct point *tc = k ? p : pt;   /* the CUDA-core row shows the paper's pair */
			struct model_comparison cmp = { 0, NAN, -1, NAN };
			if (pc->have_model && tc->have_model)
				model_compare(&tc->mp, &pc->mp, &cmp);
			long pr = -1;     /* the paper's row of this case on this unit (cc, or tc/sptc) */
			for (size_t r = 0; ri < 2 && r < paper.nrows; r++)
				if (!strcmp(csv_table_get(&paper, r, "case"), cstr) &&
				    (k == 0) == !strcmp(csv_table_get(&paper, r, "unit"), "cc"))
					pr = (long)r;
			struct t3_view v;
			memset(&v, 0, sizeof(v));
			v.p = p;
			v.cs = cs;
			v.fusion = p->cfg->fusion;
			v.unit = k ? unit_name(p->have_model ? p->mp.unit : UNIT_TC) : "cc";
			v.method = p->cfg->method;
			v.stencil = p->cfg->stencil->name;
			v.dtype = dtype_table[p->cfg->dtype].name;
			v.I = p->have_model ? p->mp.I : NAN;
			v.ridge = p->have_model ? p->mp.ridge : NAN;
			v.bound = p->have_model ? bound_name(p->mp.bound) : "NA";
			v.gs = p->measured;
			v.model_gs = rec_model_gs(p);
			v.power_gs = p->have_model ? p->mp.power_gstencil_per_s : NAN;
			v.paper_gs = rec_num(&paper, pr, "gstencil_per_s");
			v.vs_paper = rd_rel(p->measured, v.paper_gs);
			v.sp_meas = k ? p->measured / pc->measured : NAN;
			v.sp_model = k ? cmp.speedup : NAN;
			render_fmt_scenario(v.sc, sizeof(v.sc), cmp.scenario);
			v.scen = v.sc;
			v.scen_paper = pr >= 0 ? csv_table_get(&paper, pr, "scenario") : "";
			v.status = rd_status(p->status);
			char mname[48];
			method_variant_name(p->cfg->method, p->cfg->option, mname, sizeof(mname));
			snprintf(v.name, sizeof(v.name), "%s %s", mname, v.dtype);
			rd_fmt_rate(v.G, sizeof(v.G), p, 1);
			render_fmt(v.S1, sizeof(v.S1), v.sp_meas, 2);
			render_fmt(v.S2, sizeof(v.S2), v.sp_model, 2);
			v.name_md = v.name;
			v.gs_md = v.G;
			v.sp_meas_md = k ? v.S1 : "";
			v.sp_model_md = k ? v.S2 : "";
			rd_cols_row(&o, t3_cols, NELEM(t3_cols), &v);
		}
	}
	return rd_table_close(c, ts->name, &t, &paper, &o, err, errlen);
}

/* ---- tcs Table 4: SPIDER dense vs sparse ---- */

/* tcs Table 4: SPIDER on dense, then on sparse tensor cores; the ratios on the sparse row */
struct t4_view {
	const struct point *p;
	const char *method, *unit, *bound, *status;
	double I, ridge, gs, model_gs, power_gs, paper_gs, ratio, ratio_paper, bound_ratio;
	const char *gs_md, *ratio_md, *ratio_paper_md, *bound_md;
	char G[64], r1[32], r2[32], r3[32];
};
#define T4(f) offsetof(struct t4_view, f)
static const struct rcol t4_cols[] = {
	{ "method", "method", RC_STR, T4(method), 0, 0, 0 },
	{ "unit", NULL, RC_STR, T4(unit), 0, 0, 0 },
	{ "I_model", "I (model)", RC_NUM, T4(I), 1, 0, 0 },
	{ "ridge", "ridge", RC_NUM, T4(ridge), 1, 0, 0 },
	{ "bound", "bound", RC_STR, T4(bound), 0, 0, 0 },
	{ "gstencil_per_s", "GStencil/s measured", RC_NUM, T4(gs), 0, T4(gs_md), 1 },
	{ "model_gstencil_per_s", "model", RC_NUM, T4(model_gs), 1, 0, 0 },
	{ "power_roof_gstencil_per_s", "power roof", RC_NUM, T4(power_gs), 1, 0, 0 },
	{ "paper_gstencil_per_s", "paper (A100)", RC_NUM, T4(paper_gs), 2, 0, 0 },
	{ "ratio_measured", "sparse / dense measured", RC_NUM, T4(ratio), 0, T4(ratio_md), 0 },
	{ "ratio_paper", "paper", RC_NUM, T4(ratio_paper), 0, T4(ratio_paper_md), 0 },
	{ "ratio_model_bound", "model bound (ceiling ratio)", RC_NUM, T4(bound_ratio), 0, T4(bound_md), 0 },
	{ "status", NULL, RC_STR, T4(status), 0, 0, 0 },
};

int rd_tcs_table4(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	struct target t;
	struct csv_table paper;
	struct render_outputs o;
	static const char *const pneed[] = { "method", "gstencil_per_s", "prose_speedup", NULL };
	static const char *const notes[] = {
		"box2d1r fused 7 times, tf32. The model bounds sparse over dense by the ratio of this GPU's measured "
		"sparse and dense tf32 MMA ceilings (the same kernel on both).", RD_POWER_ROOF_NOTE, NULL };
	if (rd_table_open_cols(c, ts->name, pneed, &t, &paper, &o, t4_cols, NELEM(t4_cols), ts->title, notes,
			       err, errlen) != 0)
		return -1;
	const struct point *pd = rec_find_label(&t, "dense"), *ps = rec_find_label(&t, "sparse");
	double ratio = pd && ps ? ps->measured / pd->measured : NAN;
	double bound = pd && ps && pd->have_model && ps->have_model ? ps->mp.peak_tflops / pd->mp.peak_tflops : NAN;
	long prs = rec_row_of(&paper, "method", "spider", NULL, NULL);
	for (int k = 0; k < 2 && pd && ps; k++) {
		const struct point *p = k ? ps : pd;
		struct t4_view v;
		memset(&v, 0, sizeof(v));
		v.p = p;
		v.method = p->cfg->method;
		v.unit = p->have_model ? unit_name(p->mp.unit) : "NA";
		v.I = p->have_model ? p->mp.I : NAN;
		v.ridge = p->have_model ? p->mp.ridge : NAN;
		v.bound = p->have_model ? bound_name(p->mp.bound) : "NA";
		v.gs = p->measured;
		v.model_gs = rec_model_gs(p);
		v.power_gs = p->have_model ? p->mp.power_gstencil_per_s : NAN;
		v.paper_gs = rec_num(&paper, rec_row_of(&paper, "method", p->cfg->method, NULL, NULL), "gstencil_per_s");
		v.ratio = k ? ratio : NAN;
		v.ratio_paper = k ? rec_num(&paper, prs, "prose_speedup") : NAN;
		v.bound_ratio = k ? bound : NAN;
		v.status = rd_status(p->status);
		rd_fmt_rate(v.G, sizeof(v.G), p, 1);
		render_fmt(v.r1, sizeof(v.r1), ratio, 2);
		render_fmt(v.r2, sizeof(v.r2), rec_num(&paper, prs, "prose_speedup"), 2);
		render_fmt(v.r3, sizeof(v.r3), bound, 2);
		v.gs_md = v.G;
		v.ratio_md = k ? v.r1 : "";    /* the ratios belong to the pair: the sparse row */
		v.ratio_paper_md = k ? v.r2 : "";
		v.bound_md = k ? v.r3 : "";
		rd_cols_row(&o, t4_cols, NELEM(t4_cols), &v);
	}
	return rd_table_close(c, ts->name, &t, &paper, &o, err, errlen);
}

/* ---- the harness's kernels beside the authors' own artifacts (same GPU, side by side) ---- */

/* the authors' row of a configuration: same stencil, dtype, fusion and method (the harness method it
 * is compared with, without its option), the same size where the authors measured it, else another
 * (*other_size set); -1 when there is none */
static long authors_row(const struct csv_table *a, const struct run_config *cfg, int *other_size)
{
	char fus[16];
	long any = -1;
	snprintf(fus, sizeof(fus), "%d", cfg->fusion);
	for (size_t r = 0; r < a->nrows; r++)
		if (!strcmp(csv_table_get(a, r, "stencil"), cfg->stencil->name) &&
		    !strcmp(csv_table_get(a, r, "dtype"), dtype_table[cfg->dtype].name) &&
		    !strcmp(csv_table_get(a, r, "fusion"), fus) && !strcmp(csv_table_get(a, r, "method"), cfg->method)) {
			if (!strcmp(csv_table_get(a, r, "size"), cfg->size)) {
				*other_size = 0;
				return (long)r;
			}
			if (any < 0)
				any = (long)r;
		}
	*other_size = any >= 0;
	return any;
}

/* kernels-vs-authors: each harness row (a method in a data regime) beside the authors' artifact on
 * the same problem: each side's rate, SM clock, board power and energy a point-step */
struct kva_view {
	const struct point *p;
	int fusion, known, other_size;   /* known: the authors measured this problem (other_size: at another size) */
	const char *label, *stencil, *dtype, *size, *method, *data, *art, *set, *acc, *wts, *asize, *status, *gpu;
	double gs, ag, ratio, rlo, rhi, od, ao, ratio_od, mg, share, aclk, apw, aenj;
	const char *prob_md, *gs_md, *art_md, *ag_md, *ratio_md, *share_md, *aside_md, *clk_md;
	char mname[64], prob[96], G[64], A[200], AG[96], R[96], S[32], AS[64], C[16];
};
#define KV(f) offsetof(struct kva_view, f)
static const struct rcol kva_cols[] = {
	{ "label", "problem", RC_STR, KV(label), 0, KV(prob_md), 0 },
	{ "stencil", NULL, RC_STR, KV(stencil), 0, 0, 0 },
	{ "dtype", NULL, RC_STR, KV(dtype), 0, 0, 0 },
	{ "fusion", NULL, RC_INT, KV(fusion), 0, 0, 0 },
	{ "size", NULL, RC_STR, KV(size), 0, 0, 0 },
	{ "method", "harness method", RC_STR, KV(method), 0, 0, 0 },
	{ "data", "data", RC_STR, KV(data), 0, 0, 0 },
	{ NULL, "SM MHz", RC_STR, 0, 0, KV(clk_md), 0 },
	{ "artifact", NULL, RC_STR, KV(art), 0, 0, 0 },
	{ "artifact_setting", NULL, RC_STR, KV(set), 0, 0, 0 },
	{ "artifact_accumulation", NULL, RC_STR, KV(acc), 0, 0, 0 },
	{ "artifact_weights", NULL, RC_STR, KV(wts), 0, 0, 0 },
	{ "artifact_size", NULL, RC_STR, KV(asize), 0, 0, 0 },
	{ "gstencil_per_s", "GStencil/s measured", RC_NUM, KV(gs), 0, KV(gs_md), 1 },
	{ NULL, "authors' artifact", RC_STR, 0, 0, KV(art_md), 0 },
	{ "authors_gstencil_per_s", "authors' GStencil/s", RC_NUM, KV(ag), 0, KV(ag_md), 0 },
	{ "authors_sm_clock_mhz", NULL, RC_NUM, KV(aclk), 0, 0, 0 },
	{ "authors_power_w", NULL, RC_NUM, KV(apw), 1, 0, 0 },
	{ "authors_energy_nj_per_point_step", NULL, RC_NUM, KV(aenj), 3, 0, 0 },
	{ NULL, "authors' MHz, W, nJ / point-step", RC_STR, 0, 0, KV(aside_md), 0 },
	{ "ratio_vs_authors", "harness / authors", RC_NUM, KV(ratio), 0, KV(ratio_md), 0 },
	{ "ratio_vs_authors_low", NULL, RC_NUM, KV(rlo), 0, 0, 0 },
	{ "ratio_vs_authors_high", NULL, RC_NUM, KV(rhi), 0, 0, 0 },
	{ "authors_own_depth", NULL, RC_NUM, KV(od), 0, 0, 0 },
	{ "authors_gstencil_per_s_own_depth", NULL, RC_NUM, KV(ao), 0, 0, 0 },
	{ "ratio_vs_authors_own_depth", NULL, RC_NUM, KV(ratio_od), 0, 0, 0 },
	{ "model_gstencil_per_s", "model", RC_NUM, KV(mg), 1, 0, 0 },
	{ "share_of_roof_pct", "of roof", RC_NUM, KV(share), 0, KV(share_md), 0 },
	{ "status", "status", RC_STR, KV(status), 0, 0, 0 },
	{ "gpu", NULL, RC_STR, KV(gpu), 0, 0, 0 },
};

/* the Markdown's cells of a kernels-vs-authors row: the problem, the artifact with its setting,
 * the authors' rate, clock, power and energy, and the ratio (with the replicas' range), also at
 * the artifact's own depth where it has one */
static void kva_text(struct kva_view *v)
{
	char x[32], y[32], z[32];
	snprintf(v->prob, sizeof(v->prob), "%s %s t=%d %s", v->stencil, v->dtype, v->fusion, v->size);
	rd_fmt_rate(v->G, sizeof(v->G), v->p, 1);
	/* "SPIDER (dense variant, f16 accumulate; finite weights; at 384x352x2560)" */
	snprintf(v->A, sizeof(v->A), "%s%s%s%s%s%s%s%s%s", v->known ? v->art : "NA", v->known ? " (" : "", v->set,
		 *v->set && *v->acc ? ", " : "", v->acc, v->known && (*v->set || *v->acc) ? "; " : "",
		 v->known ? v->wts : "", v->known ? " weights" : "", v->known ? ")" : "");
	if (v->other_size)
		snprintf(v->A + strlen(v->A), sizeof(v->A) - strlen(v->A), ", at %s", v->asize);
	render_fmt(v->AG, sizeof(v->AG), v->ag, 1);
	render_fmt(v->R, sizeof(v->R), v->ratio, 2);
	if (isfinite(v->rlo) && isfinite(v->rhi)) {
		render_fmt(x, sizeof(x), v->rlo, 2);
		render_fmt(y, sizeof(y), v->rhi, 2);
		snprintf(v->R + strlen(v->R), sizeof(v->R) - strlen(v->R), " [%s-%s]", x, y);
	}
	if (isfinite(v->ao)) {   /* the artifact at its own depth too */
		render_fmt(x, sizeof(x), v->ao, 1);
		render_fmt(y, sizeof(y), v->ratio_od, 2);
		snprintf(v->AG + strlen(v->AG), sizeof(v->AG) - strlen(v->AG), " / %s at its own t=%.0f", x, v->od);
		snprintf(v->R + strlen(v->R), sizeof(v->R) - strlen(v->R), " / %s vs its own t=%.0f", y, v->od);
	}
	if (isfinite(v->share))
		snprintf(v->S, sizeof(v->S), "%.1f %%", v->share);
	else
		snprintf(v->S, sizeof(v->S), "NA");
	render_fmt(v->C, sizeof(v->C), isfinite(v->p->measured) ? v->p->clk_median : NAN, 0);   /* untimed: none */
	render_fmt(x, sizeof(x), v->aclk, 0);
	render_fmt(y, sizeof(y), v->apw, 0);
	render_fmt(z, sizeof(z), v->aenj, 3);
	snprintf(v->AS, sizeof(v->AS), "%s, %s, %s", x, y, z);
	v->prob_md = v->prob, v->gs_md = v->G, v->art_md = v->A, v->ag_md = v->AG, v->ratio_md = v->R;
	v->share_md = v->S, v->aside_md = v->AS, v->clk_md = v->C;
}

/* one harness row's view */
static void kva_view_of(struct kva_view *v, const struct point *p, const struct csv_table *a, const char *gpu)
{
	int other = 0;
	const long ar = authors_row(a, p->cfg, &other);
	memset(v, 0, sizeof(*v));
	v->p = p;
	v->label = p->cfg->label;
	v->stencil = p->cfg->stencil->name;
	v->dtype = dtype_table[p->cfg->dtype].name;
	v->fusion = p->cfg->fusion;
	v->size = p->cfg->size;
	method_variant_name(p->cfg->method, p->cfg->option, v->mname, sizeof(v->mname));
	v->method = v->mname;   /* a variant keeps its option: spider:f16acc */
	v->data = p->cfg->data[0] ? p->cfg->data : data_regime_name(DATA_RANDOM);
	v->known = ar >= 0, v->other_size = other;
	v->art = ar >= 0 ? csv_table_get(a, ar, "artifact") : "";
	v->set = ar >= 0 ? csv_table_get(a, ar, "artifact_setting") : "";
	v->acc = ar >= 0 ? csv_table_get(a, ar, "artifact_accumulation") : "";
	v->wts = ar >= 0 ? csv_table_get(a, ar, "weights") : "";
	v->asize = ar >= 0 ? csv_table_get(a, ar, "artifact_size") : "";
	v->gs = p->measured;
	v->ag = rec_num(a, ar, "gstencil_per_s");
	v->aclk = rec_num(a, ar, "sm_clock_mhz");
	v->apw = rec_num(a, ar, "power_w");
	v->aenj = v->apw / v->ag;   /* W over GStencil/s: nJ a point-step, board power (1-s averaged) */
	v->ratio = p->measured / v->ag;
	v->rlo = p->replicas > 1 ? p->lo / v->ag : NAN;
	v->rhi = p->replicas > 1 ? p->hi / v->ag : NAN;
	v->od = rec_num(a, ar, "own_depth");
	v->ao = rec_num(a, ar, "gstencil_per_s_own_depth");
	v->ratio_od = p->measured / v->ao;
	v->mg = rec_model_gs(p);
	v->share = 100 * p->measured / v->mg;
	v->status = rd_status(p->status);
	v->gpu = gpu;
	kva_text(v);
}

int rd_kernels_vs_authors(struct render_ctx *c, const struct target_spec *ts, char *err, size_t errlen)
{
	struct target t;
	struct csv_table a;
	struct render_outputs o;
	static const char *const pneed[] = { "stencil", "dtype", "fusion", "size", "method", "artifact",
		"artifact_setting", "artifact_accumulation", "weights", "artifact_size", "gstencil_per_s", "sm_clock_mhz",
		"power_w", "own_depth", "gstencil_per_s_own_depth", "source", NULL };
	char caveat[512] = "";
	const char *notes[] = {
		"The harness's kernels beside the papers' authors' own public artifacts (SPIDER, EBISU, ConvStencil, "
		"TCStencil, LoRAStencil, FlashFFTStencil), each harness row in a data regime (model/regime.h): random "
		"(random input and non-symmetric weights, the papers' tables' data) or artifact (the artifact's own "
		"weights and the input its run spends its time in: EBISU's constants on zero input (infinite for its "
		"49-point weights, whose data overflow), SPIDER's weights scaled to sum 1 on the index modulo 19, "
		"LoRAStencil's finite build's weights on integers 0-99, TCStencil's on all-one input; ConvStencil and "
		"FlashFFTStencil: the harness's weights on the artifact's input, their fused tables composing from no "
		"base stencil). LoRAStencil runs box2d1r t=3 as its box2d3r kernel: its artifact rows are box2d3r's. "
		"On a GPU at its power cap the data move the power and so the clock: compare the artifact rows like "
		"for like. The authors' numbers: their artifacts on an H200 in steady state (differential timing of "
		"n and 2n launches, after seconds of their own kernel), the finite build's where the shipped weights "
		"overflow (data/paper/kernels-vs-authors.csv, with commits, launch counts and times); their SM clock and "
		"board power nvidia-smi's medians, nJ / point-step their power over their rate; ours the energy "
		"counter's where the run read it. GStencil/s: interior points x time steps / time for both, the "
		"artifacts' own normalisation factors removed. harness / authors: the measured rate over the authors' "
		"([low-high]: the replicas'; for EBISU box3d1r fp64 also over the artifact at its own depth 5). Model: "
		"the attainable GStencil/s on this run's ceilings (without a run, the datasheet's) with the kernel's "
		"sigma; of roof: measured / model.", caveat, NULL };
	/* the authors' numbers are an H200's: on another GPU the ratio compares two GPUs */
	if (c->run.rundir[0] && !strstr(c->run.gpu, "H200"))
		snprintf(caveat, sizeof(caveat), "This run's GPU is %s, not an H200: harness / authors compares "
			 "different GPUs, not the kernels alone.", c->run.gpu);
	else
		notes[1] = NULL;
	if (rd_table_open_cols(c, ts->name, pneed, &t, &a, &o, kva_cols, NELEM(kva_cols), ts->title, notes,
			       err, errlen) != 0)
		return -1;
	for (size_t i = 0; i < t.n; i++) {
		struct kva_view v;
		kva_view_of(&v, &t.p[i], &a, c->run.gpu);
		rd_cols_row(&o, kva_cols, NELEM(kva_cols), &v);
	}
	return rd_table_close(c, ts->name, &t, &a, &o, err, errlen);
}

/* ---- figure data: one row per configuration ---- */

RENDERER("tcs_table2", rd_tcs_table2)
RENDERER("tcs_table3", rd_tcs_table3)
RENDERER("tcs_table4", rd_tcs_table4)
RENDERER("kernels_vs_authors", rd_kernels_vs_authors)
