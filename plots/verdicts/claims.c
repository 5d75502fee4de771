/*
 * claims.c - the evaluators of the papers' claims (data/paper/claims.csv names one a claim): each
 * reads the rows its claim needs from the rendered targets, fills a struct claim_eval (n of N,
 * the criterion's outcome, the premise, the margin and the kernels that would flip it) and
 * writes the verdict row through vd_claim (verdict.c, verdict_decide): the tcs paper's claims and
 * nongemm's on tcs Table 3, and the table of every evaluator. Used by make verdicts.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "grid.h"
#include "method.h"
#include "stencil.h"
#include "verdicts-int.h"

/* tcs 5.2.1: memory traffic independent of t (the CUDA-core method, each series of depths in
 * tcs-figure15), judged separately in 2D and 3D, where the halos of deep fusion grow faster */
static void traffic_flat(struct verdict_ctx *x, const struct claim_row *cr, int dims)
{
	const struct target *f15 = vd_input(x, "tcs-figure15");
	struct claim_eval e = CLAIM_EVAL(V_HOLDS);
	struct used u = { "", 0 };
	double worst = 0;
	char where[96] = "", buf[160], basis[160];
	for (size_t i = 0; i < f15->n; i++) {
		const struct run_config *ci = &f15->cfgs[i];
		if (ci->stencil->dims != dims ||
		    (i > 0 && ci->stencil == f15->cfgs[i - 1].stencil && ci->dtype == f15->cfgs[i - 1].dtype))
			continue;
		double q[16];
		int fus[16];
		size_t n = 0;
		for (size_t j = i; j < f15->n && n < 16; j++)
			if (f15->cfgs[j].stencil == ci->stencil && f15->cfgs[j].dtype == ci->dtype) {
				q[n] = f15->p[j].Q_m;
				fus[n++] = f15->cfgs[j].fusion;
				e.N++;
				if (isfinite(f15->p[j].Q_m))
					e.n++, vd_use(&u, &f15->p[j]);
			}
		if (verdict_flat(q, n, cr->tol) == V_FAILS)
			e.base = V_FAILS;   /* bytes: no rate gates it */
		for (size_t k = 1; k < n; k++)
			if (isfinite(q[k] / q[0]) && fabs(q[k] / q[0] - 1) > worst) {
				worst = fabs(q[k] / q[0] - 1);
				snprintf(where, sizeof(where), " (%s %s t=%d)", ci->stencil->name,
					 dtype_table[ci->dtype].name, fus[k]);
			}
	}
	snprintf(buf, sizeof(buf), "largest |Q(t)/Q(1) - 1|: %.1f %%%s", worst * 100, where);
	const char *size = "NA";   /* the size as the experiment list gives it */
	for (size_t j = 0; j < f15->n; j++)
		if (f15->cfgs[j].stencil->dims == dims) {
			size = f15->cfgs[j].size;
			break;
		}
	snprintf(basis, sizeof(basis), "tcs-figure15: counter Q at t = 1..8, box and star, fp32 and fp64, %s", size);
	vd_distance(&e, 100 * (cr->tol - worst), "%.1f points %s %.0f %%", fabs(100 * (cr->tol - worst)),
		    worst <= cr->tol ? "inside" : "beyond", 100 * cr->tol);
	vd_claim(x, cr, &e, e.n ? worst : NAN, e.n ? buf : NULL, "Q = 2D at every t (eq. 7)", basis, &u);
}

static void traffic_flat_2d(struct verdict_ctx *x, const struct claim_row *cr) { traffic_flat(x, cr, 2); }
static void traffic_flat_3d(struct verdict_ctx *x, const struct claim_row *cr) { traffic_flat(x, cr, 3); }

/* tcs 5.2.1 (Figure 15): the CUDA-core method's intensity grows linearly with t; every series'
 * counter I(t) fits a least-squares line with R^2 at least the value, in 2D and 3D apart */
static void intensity_linear(struct verdict_ctx *x, const struct claim_row *cr, int dims)
{
	const struct target *f15 = vd_input(x, "tcs-figure15");
	struct claim_eval e = CLAIM_EVAL(V_HOLDS);
	struct used u = { "", 0 };
	double lowest = INFINITY;
	char where[96] = "", buf[160];
	for (size_t i = 0; i < f15->n; i++) {
		const struct run_config *ci = &f15->cfgs[i];
		if (ci->stencil->dims != dims ||
		    (i > 0 && ci->stencil == f15->cfgs[i - 1].stencil && ci->dtype == f15->cfgs[i - 1].dtype))
			continue;
		double t[16], I[16], a, b, r2;
		size_t n = 0, have = 0;
		for (size_t j = i; j < f15->n && n < 16; j++)
			if (f15->cfgs[j].stencil == ci->stencil && f15->cfgs[j].dtype == ci->dtype) {
				e.N++;
				t[n] = f15->cfgs[j].fusion;
				I[n++] = f15->p[j].I_m;
				if (isfinite(f15->p[j].I_m))
					e.n++, have++, vd_use(&u, &f15->p[j]);
			}
		if (have < n || n < 3)
			continue;
		linear_fit(t, I, n, &a, &b, &r2);
		if (!(r2 >= cr->value))
			e.base = V_FAILS;   /* FLOPs over bytes: no rate gates it */
		if (r2 < lowest) {
			lowest = r2;
			snprintf(where, sizeof(where), " (%s %s)", ci->stencil->name, dtype_table[ci->dtype].name);
		}
	}
	snprintf(buf, sizeof(buf), "lowest R^2: %.3f%s", lowest, where);
	vd_distance(&e, lowest - cr->value, "R^2 %.3f %s %.2f", fabs(lowest - cr->value), lowest >= cr->value ? "above" :
		    "below", cr->value);
	vd_claim(x, cr, &e, isfinite(lowest) ? lowest : NAN, isfinite(lowest) ? buf : NULL,
	      "I = 2Kt / 2D, linear in t (eq. 8)", "tcs-figure15: counter I at t = 1..8, each series' least-squares line", &u);
}

static void intensity_linear_2d(struct verdict_ctx *x, const struct claim_row *cr) { intensity_linear(x, cr, 2); }
static void intensity_linear_3d(struct verdict_ctx *x, const struct claim_row *cr) { intensity_linear(x, cr, 3); }

/* tcs Table 4: the measured sparse over dense ratio, the model's, and the ceiling-ratio bound */
static double sparse_dense(const struct verdict_ctx *x, struct claim_eval *e, struct used *u, double *model,
			   double *bound, const struct point **pd, const struct point **ps)
{
	const struct target *t4 = vd_input(x, "tcs-table4");
	*pd = rec_find_label(t4, "dense"), *ps = rec_find_label(t4, "sparse");
	e->N = 2;
	vd_rest_on(e, *pd, u);
	vd_rest_on(e, *ps, u);
	int m = *pd && *ps && (*pd)->have_model && (*ps)->have_model;
	*bound = m ? (*ps)->mp.peak_tflops / (*pd)->mp.peak_tflops : NAN;
	*model = m ? (*ps)->mp.gstencil_per_s / (*pd)->mp.gstencil_per_s : NAN;
	return *pd && *ps ? (*ps)->measured / (*pd)->measured : NAN;
}

/* judged on its measured value; the model's ratio and the ceiling-ratio bound shown beside */
static void sparse_over_dense(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	const struct point *pd, *ps;
	double model, bound, r = sparse_dense(x, &e, &u, &model, &bound, &pd, &ps);
	char mod[96], a[32], b[32];
	render_fmt(a, sizeof(a), model, 2);
	render_fmt(b, sizeof(b), bound, 2);
	snprintf(mod, sizeof(mod), "%s; bound %s (the sparse/dense ceilings)", a, b);
	e.base = verdict_at_least(r, cr->value, cr->tol);
	vd_flip_ratio(x, &e, r, cr->value * (1 - cr->tol), 0, "tcs-table4", &ps, 1, &pd, 1);
	vd_claim(x, cr, &e, r, NULL, mod, "tcs-table4: measured ratio; model: each kernel's roofline here, and the "
		 "ceiling ratio that bounds it (3.06 exceeds the paper's own bound: REPRODUCE.md, contradictions)", &u);
}

static void sparse_dense_bound(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	const struct point *pd, *ps;
	double model, bound, r = sparse_dense(x, &e, &u, &model, &bound, &pd, &ps);
	char mod[64], b[32];
	render_fmt(b, sizeof(b), bound, 2);
	snprintf(mod, sizeof(mod), "bound %s", b);
	e.base = verdict_at_most(r, bound, cr->tol);
	vd_flip_ratio(x, &e, r, bound * (1 + cr->tol), 1, "tcs-table4", &ps, 1, &pd, 1);
	vd_claim(x, cr, &e, r, NULL, mod, "tcs-table4 and this run's ceilings.csv (sparse over dense tf32 MMA)", &u);
}

/* nongemm eq. 23: a memory-bound fp64 kernel gains at most the bound from tensor cores (case 1);
 * the model: the same bound from this GPU's own ratio alpha of fp64 tensor to FMA ceilings */
static void memory_bound_fp64_speedup(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct target *t3 = vd_input(x, "tcs-table3");
	const struct point *cc = rec_find_label(t3, "case 1 cc"), *tc = rec_find_label(t3, "case 1 tc");
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	e.N = 2;
	vd_rest_on(&e, cc, &u);
	vd_rest_on(&e, tc, &u);
	double s = cc && tc ? tc->measured / cc->measured : NAN;
	double alpha = cc && tc && cc->have_model && tc->have_model ? tc->mp.peak_tflops / cc->mp.peak_tflops : NAN;
	char mod[96], b[32], a[32];
	render_fmt(b, sizeof(b), 2 - 2 / (1 + alpha), 2);
	render_fmt(a, sizeof(a), alpha, 2);
	snprintf(mod, sizeof(mod), "bound %s (alpha %s here)", b, a);
	e.base = verdict_at_most(s, cr->value, cr->tol);
	vd_flip_ratio(x, &e, s, cr->value * (1 + cr->tol), 1, "tcs-table3", &tc, 1, &cc, 1);
	if (cc && cc->have_model && cc->mp.bound != BOUND_MEMORY) {
		e.premise_absent = 1;
		snprintf(e.premise_why, sizeof(e.premise_why), "the model puts case 1's CUDA-core kernel in the "
			 "compute-bound region on this GPU");
	}
	char basis[128];
	snprintf(basis, sizeof(basis), "tcs-table3 case 1 (box2d1r t=3 fp64): %s over %s", cr->method, cr->baseline);
	vd_claim(x, cr, &e, s, NULL, mod, basis, &u);
}

/* the paper's own largest relative error of quantity which (F, Q or I) in its Table 2, as a fraction
 * (data/paper/tcs-table2.csv's WHICH_err_pct, the errors it printed), NaN without the table */
static double table2_paper_error(const struct verdict_ctx *x, char which)
{
	char path[1024], col[16], err[256];
	struct csv_table t;
	double worst = NAN;
	snprintf(path, sizeof(path), "%s/data/paper/tcs-table2.csv", x->rc->run.root);
	snprintf(col, sizeof(col), "%c_err_pct", which);
	if (csv_table_read(path, &t, err, sizeof(err)) != 0)
		return NAN;
	for (size_t r = 0; r < t.nrows; r++) {
		const double v = fabs(rec_num(&t, (long)r, col)) / 100;
		if (isfinite(v) && !(v <= worst))
			worst = v;
	}
	csv_table_free(&t);
	return worst;
}

/* tcs 3: the counters' F, Q or I of every tcs Table 2 row against the model with the paper's sigma
 * rule (Q: the compulsory 2D, the same either way), the kernel's plan shown beside; one rule for the
 * three: the tolerance is the paper's own largest error of that quantity in its Table 2 (claims.csv's
 * tolerance empty), and a row beyond it that is within it of the kernel's plan (the harness's own
 * halo recomputation, which the plan counts) is said to be so */
static void table2_model(struct verdict_ctx *x, const struct claim_row *cr, char which)
{
	const struct target *t2 = vd_input(x, "tcs-table2");
	struct claim_eval e = CLAIM_EVAL(V_NA);
	const double tol = isfinite(cr->tol) ? cr->tol : table2_paper_error(x, which);
	double worst = 0, worst_plan = 0, worst_tc = NAN;
	int other = 0;   /* a row beyond the tolerance that recomputed halos do not explain */
	struct used u = { "", 0 };
	char buf[640], where[72] = "", where_tc[72] = "", own[160] = "", halo[160] = "", mod[96], basis[200];
	e.N = (int)t2->n;
	for (size_t i = 0; i < t2->n; i++) {
		const struct point *p = &t2->p[i];
		double m = which == 'F' ? p->F_m : which == 'Q' ? p->Q_m : p->I_m;
		double rule = which == 'F' ? p->rule.F : which == 'Q' ? p->rule.Q : p->rule.I;
		double plan = which == 'F' ? p->mp.F : which == 'Q' ? p->mp.Q : p->mp.I;
		if (!isfinite(m) || !p->have_rule || !p->have_model)
			continue;
		const double err = fabs(m / rule - 1), err_plan = fabs(m / plan - 1);
		vd_use(&u, p);
		if (err > worst)
			worst = err, snprintf(where, sizeof(where), " (%s)", p->cfg->label);
		worst_plan = fmax(worst_plan, err_plan);
		/* beyond the tolerance from the harness's own kernels: a temporally blocked CUDA-core row
		 * (t > 1), whose tiles recompute their halos (the source the paper names for its own
		 * errors), or a row within it of the kernel's own plan (its sigma and tiles) */
		const int blocked = p->rule.unit == UNIT_CC && p->cfg->fusion > 1;
		if (err > tol && blocked)
			snprintf(halo + strlen(halo), sizeof(halo) - strlen(halo), "%s%s", halo[0] ? ", " : "", p->cfg->label);
		else if (err > tol && err_plan <= tol)
			snprintf(own + strlen(own), sizeof(own) - strlen(own), "%s%s", own[0] ? ", " : "", p->cfg->label);
		else if (err > tol)
			other = 1;
		if (p->rule.unit != UNIT_CC && !(err <= worst_tc))   /* the tensor-core rows, where sigma < 1 */
			worst_tc = err, snprintf(where_tc, sizeof(where_tc), " (%s)", p->cfg->label);
		e.n++;
	}
	int k = snprintf(buf, sizeof(buf), "largest |%c measured / paper's rule - 1|: %.1f %%%s; tensor-core rows: %.1f %%%s; "
			 "against the kernel's plan: %.1f %%", which, worst * 100, where, worst_tc * 100, where_tc, worst_plan * 100);
	if ((halo[0] || own[0]) && k > 0 && (size_t)k < sizeof(buf)) {
		size_t at = (size_t)k;
		at += (size_t)snprintf(buf + at, sizeof(buf) - at, "; beyond %.2f %% %sfrom the harness's own kernels:",
				       100 * tol, other ? "partly " : "only ");
		if (halo[0] && at < sizeof(buf))
			at += (size_t)snprintf(buf + at, sizeof(buf) - at, " %s (temporal blocking's recomputed halo)%s", halo,
					       own[0] ? ";" : "");
		if (own[0] && at < sizeof(buf))
			snprintf(buf + at, sizeof(buf) - at, " %s (within it of the kernel's own plan: its sigma and tiles)", own);
	}
	if (e.n && isfinite(tol))
		e.base = worst <= tol ? V_HOLDS : V_FAILS;
	vd_distance(&e, 100 * (tol - worst), "%.1f points %s %.2f %%", fabs(100 * (tol - worst)),
		    worst <= tol ? "inside" : "beyond", 100 * tol);
	snprintf(mod, sizeof(mod), which == 'Q' ? "Q = 2D (eq. 7)" : which == 'F' ? "F = 2 K_fused / (rho sigma) "
		 "(eq. 6), the paper's sigma" : "I = F / Q (eq. 8), the paper's sigma");
	snprintf(basis, sizeof(basis), "tcs-table2: counter %c of rows 1-10 against the model with the paper's sigma "
		 "rule (tcs-table2's \"rule\"), within the paper's own largest %c error (%.2f %%); the kernel's plan beside",
		 which, which, 100 * tol);
	vd_claim(x, cr, &e, e.n ? worst : NAN, e.n ? buf : NULL, mod, basis, &u);
}

static void traffic_model(struct verdict_ctx *x, const struct claim_row *cr) { table2_model(x, cr, 'Q'); }
static void flops_model(struct verdict_ctx *x, const struct claim_row *cr) { table2_model(x, cr, 'F'); }
static void intensity_model(struct verdict_ctx *x, const struct claim_row *cr) { table2_model(x, cr, 'I'); }

/* a tcs Table 3 case (config "case N"): its CUDA-core and tensor-core rows, the model's comparison
 * of the pair on this GPU and the measured TC/CC speedup */
static double table3_pair(const struct verdict_ctx *x, const char *config, struct claim_eval *e, struct used *u,
			  struct model_comparison *cmp, const struct point **cc, const struct point **tc)
{
	const struct target *t3 = vd_input(x, "tcs-table3");
	char lc[48], lt[48];
	snprintf(lc, sizeof(lc), "%s cc", config);
	snprintf(lt, sizeof(lt), "%s tc", config);
	*cc = rec_find_label(t3, lc), *tc = rec_find_label(t3, lt);
	e->N += 2;
	vd_rest_on(e, *cc, u);
	vd_rest_on(e, *tc, u);
	*cmp = (struct model_comparison){ 0, NAN, -1, NAN };
	if (*cc && *tc && (*cc)->have_model && (*tc)->have_model)
		model_compare(&(*tc)->mp, &(*cc)->mp, cmp);
	return *cc && *tc ? (*tc)->measured / (*cc)->measured : NAN;
}

/* a two-sided claim, TC/CC sp within tol of centre: holds inside; the margin the nearer edge */
static void within(struct verdict_ctx *x, struct claim_eval *e, double sp, double centre, double tol,
		   const struct point *tc, const struct point *cc)
{
	if (!isfinite(sp) || !isfinite(centre))
		return;
	e->base = fabs(sp / centre - 1) <= tol ? V_HOLDS : V_FAILS;
	const double lo = centre * (1 - tol), hi = centre * (1 + tol);
	/* below: the tensor-core side up to lo; above: the CUDA-core side; inside: the nearer edge */
	if (sp < lo || (sp <= hi && sp / lo < hi / sp))
		vd_flip_ratio(x, e, sp, lo, 0, "tcs-table3", &tc, 1, &cc, 1);
	else
		vd_flip_ratio(x, e, sp, hi, 1, "tcs-table3", &tc, 1, &cc, 1);
}

/* the relative spread of a tcs Table 3 pair's premise between GPUs of this model: the DRAM bandwidth's
 * and both compute roofs' (ceilspread.c: every recorded set of this GPU model's ceilings), summed */
static double key_spread(const struct verdict_ctx *x, const char *key, int *n)
{
	const struct hw_row *row = NULL;   /* a family's key (tc_fp64) stands for its best shape's row */
	hw_get(&x->rc->run.hw, key, &row);
	return rec_ceiling_spread(&x->rc->run, row ? row->quantity : key, n);
}
static double premise_spread(const struct verdict_ctx *x, const struct point *cc, const struct point *tc, int *nsets)
{
	int n1 = 0, n2 = 0, n3 = 0;
	const double s = key_spread(x, HW_KEY_BW, &n1) + key_spread(x, cc->mp.peak_key, &n2) +
			 key_spread(x, tc->mp.peak_key, &n3);
	*nsets = n1 < n2 ? (n1 < n3 ? n1 : n3) : (n2 < n3 ? n2 : n3);
	return s;
}

/* how far scenario s (tcs: 1 both memory-bound, 2 the TC kernel compute-bound, 3 the CC kernel, 4
 * both) is from arising on this GPU: a kernel of intensity I on a roof of P TFLOP/s is compute-bound
 * when the DRAM bandwidth is above 1000 P / I GB/s, so s asks the bandwidth to lie in an interval of
 * the two kernels' thresholds; e's premise margin says which and where this GPU's is (with the
 * measured TC/CC beside). Returns the signed relative margin: how far this GPU's bandwidth is inside
 * the interval (positive) or outside it (negative), as a ratio - 1 to the nearer edge; NaN without
 * the model */
static double scenario_margin(struct claim_eval *e, int s, const struct point *cc, const struct point *tc, double sp)
{
	if (!cc || !tc || !cc->have_model || !tc->have_model || s < 1 || s > 4)
		return NAN;
	const double b_cc = 1e3 * cc->mp.peak_tflops / cc->mp.I, b_tc = 1e3 * tc->mp.peak_tflops / tc->mp.I;
	const double bw = cc->mp.bw_gbps;
	const int cc_compute = s >= 3, tc_compute = s == 2 || s == 4;
	double lo = 0, hi = INFINITY;
	if (cc_compute)
		lo = fmax(lo, b_cc);
	else
		hi = fmin(hi, b_cc);
	if (tc_compute)
		lo = fmax(lo, b_tc);
	else
		hi = fmin(hi, b_tc);
	char m[32];
	render_fmt(m, sizeof(m), sp, 2);
	if (lo >= hi)
		snprintf(e->premise_margin, sizeof(e->premise_margin), "scenario %d needs DRAM bandwidth above %.1f and "
			 "below %.1f GB/s on these compute roofs: no bandwidth gives it (here %.0f GB/s; measured TC/CC %s)",
			 s, lo, hi, bw, m);
	else if (lo > 0 && isfinite(hi))
		snprintf(e->premise_margin, sizeof(e->premise_margin), "scenario %d needs DRAM bandwidth between %.1f and "
			 "%.1f GB/s on these compute roofs (here %.0f GB/s; measured TC/CC %s)", s, lo, hi, bw, m);
	else
		snprintf(e->premise_margin, sizeof(e->premise_margin), "scenario %d needs DRAM bandwidth %s %.1f GB/s on "
			 "these compute roofs (here %.0f GB/s; measured TC/CC %s)", s, lo > 0 ? "above" : "below",
			 lo > 0 ? lo : hi, bw, m);
	if (lo >= hi)
		return -INFINITY;
	const double in_lo = lo > 0 ? bw / lo - 1 : INFINITY, in_hi = isfinite(hi) ? 1 - bw / hi : INFINITY;
	return fmin(in_lo, in_hi);
}

/* the premise of scenario s decided against the ceilings' spread between GPUs: present (its margin
 * beyond the spread), absent, or uncertain (within it); e's fields say which and why */
static void scenario_premise(const struct verdict_ctx *x, struct claim_eval *e, int s, const char *config,
			     const struct point *cc, const struct point *tc, double sp)
{
	int nsets;
	const double d = scenario_margin(e, s, cc, tc, sp);
	if (!isfinite(d) && !(d < 0))
		return;
	const double spread = premise_spread(x, cc, tc, &nsets);
	if (isfinite(spread) && fabs(d) <= spread) {
		e->premise_uncertain = 1;
		snprintf(e->premise_why, sizeof(e->premise_why), "scenario %d's edge lies %.1f %% from this GPU's bandwidth "
			 "(%s), inside the %.1f %% the bandwidth and compute roofs span over %d recorded sets of this GPU "
			 "model's ceilings", s, 100 * fabs(d), d >= 0 ? "inside" : "outside", 100 * spread, nsets);
	} else if (d < 0) {
		e->premise_absent = 1;
		snprintf(e->premise_why, sizeof(e->premise_why), "the model puts %s outside scenario %d on this GPU, "
			 "%.1f %% past its edge (the ceilings span %s%.1f %% between GPUs of this model)", config, s,
			 isfinite(d) ? -100 * d : 100.0, isfinite(spread) ? "" : "unknown: ", isfinite(spread) ? 100 * spread : 0);
	}
}

/* tcs Table 3, one case: the paper's scenario arises here (else its premise is absent; within the
 * ceilings' spread between GPUs, undecided) and the measured TC/CC lies on the paper's side of 1
 * (value: the paper's TC/CC), or, with a tolerance (case 2, "comparable performance"), within it
 * of 1 */
static void table3_case(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	struct model_comparison cmp;
	const struct point *cc, *tc;
	double sp = table3_pair(x, cr->config, &e, &u, &cmp, &cc, &tc);
	char sc[16], sp_m[32], mod[96], meas[64];
	render_fmt_scenario(sc, sizeof(sc), cmp.scenario);
	render_fmt(sp_m, sizeof(sp_m), cmp.speedup, 2);
	snprintf(mod, sizeof(mod), "scenario %s, TC/CC %s", sc, sp_m);
	render_fmt(sp_m, sizeof(sp_m), sp, 2);
	snprintf(meas, sizeof(meas), "TC/CC %s", sp_m);
	if (isfinite(cr->tol))
		within(x, &e, sp, cr->value, cr->tol, tc, cc);
	else if (isfinite(sp)) {
		e.base = (sp > 1) == (cr->value > 1) ? V_HOLDS : V_FAILS;
		vd_flip_ratio(x, &e, sp, 1, cr->value < 1, "tcs-table3", &tc, 1, &cc, 1);
	}
	if (cmp.scenario > 0 && isfinite(cr->scenario))
		scenario_premise(x, &e, (int)cr->scenario, cr->config, cc, tc, sp);
	vd_claim(x, cr, &e, sp, isfinite(sp) ? meas : NULL, mod, "tcs-table3: the model's scenario on this run's "
		 "ceilings (decided against the ceilings' spread between GPUs of this model); measured TC/CC", &u);
}

/* an outcome of TC/CC: positive above 1 + band, negative below 1 - band, neutral between */
static int outcome_of(double sp, double band)
{
	return sp > 1 + band ? 1 : sp < 1 - band ? -1 : 0;
}
static const char *outcome_name(int o)
{
	return o > 0 ? "positive" : o < 0 ? "negative" : "neutral";
}

/* the model (tcs eq. 13, its criteria) as the paper judges it: the outcome it predicts for case N
 * on this GPU (positive, negative or neutral: TC/CC beyond the neutral band of
 * data/paper/verdict-params.csv's tc_neutral_band, the paper's "comparable") against the measured
 * one; a prediction within the ceilings' spread between GPUs of a band's edge is decided by no
 * single GPU */
static void table3_outcome(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	struct model_comparison cmp;
	const struct point *cc, *tc;
	const double sp = table3_pair(x, cr->config, &e, &u, &cmp, &cc, &tc), band = vd_param(x, "tc_neutral_band");
	const int pred = outcome_of(cmp.speedup, band);
	char mod[96], meas[64], m[32];
	render_fmt(m, sizeof(m), cmp.speedup, 2);
	snprintf(mod, sizeof(mod), "%s (TC/CC %s)", isfinite(cmp.speedup) ? outcome_name(pred) : "NA", m);
	render_fmt(m, sizeof(m), sp, 2);
	snprintf(meas, sizeof(meas), "%s (TC/CC %s)", isfinite(sp) ? outcome_name(outcome_of(sp, band)) : "NA", m);
	if (isfinite(sp) && isfinite(cmp.speedup)) {
		e.base = outcome_of(sp, band) == pred ? V_HOLDS : V_FAILS;
		if (pred > 0)
			vd_flip_ratio(x, &e, sp, 1 + band, 0, "tcs-table3", &tc, 1, &cc, 1);
		else if (pred < 0)
			vd_flip_ratio(x, &e, sp, 1 - band, 1, "tcs-table3", &tc, 1, &cc, 1);
		else
			within(x, &e, sp, 1, band, tc, cc);
		int nsets;
		const double spread = premise_spread(x, cc, tc, &nsets);
		const double edge = fmin(fabs(cmp.speedup / (1 + band) - 1), fabs(cmp.speedup / (1 - band) - 1));
		if (isfinite(spread) && edge <= spread) {
			e.premise_uncertain = 1;
			snprintf(e.premise_why, sizeof(e.premise_why), "the model's TC/CC %.2f lies %.1f %% from the neutral "
				 "band's edge, inside the %.1f %% its roofs span over %d recorded sets of this GPU model's "
				 "ceilings", cmp.speedup, 100 * edge, 100 * spread, nsets);
		}
	}
	char basis[200];
	snprintf(basis, sizeof(basis), "tcs-table3 %s: the outcome the model predicts on this run's ceilings against the "
		 "measured one (neutral: TC/CC within %.0f %% of 1)", cr->config, 100 * band);
	vd_claim(x, cr, &e, sp, isfinite(sp) ? meas : NULL, mod, basis, &u);
}

/* the sweet spot (tcs eq. 19: scenario 3, and scenario 4 where rho < sigma pi_TC / pi_CC), where the
 * paper says tensor cores pay: every case of tcs Table 3 the model puts there on this GPU beyond
 * the ceilings' spread between GPUs has a measured TC/CC above 1; its premise: one such case at
 * least (the cases within the spread of its edge are named, undecided) */
static void sweet_spot(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	char in[128] = "", near[128] = "", meas[160] = "", mod[160] = "";
	double worst = NAN, near_worst = NAN;   /* the lowest TC/CC in the sweet spot, and near its edge */
	const struct point *wcc = NULL, *wtc = NULL;
	int nin = 0, n = 0;
	for (int k = 1; k <= 6; k++) {
		char config[16];
		struct model_comparison cmp;
		const struct point *cc, *tc;
		snprintf(config, sizeof(config), "case %d", k);
		const double sp = table3_pair(x, config, &e, &u, &cmp, &cc, &tc);
		if (!cc || !tc || !cc->have_model || !tc->have_model)
			continue;
		n++;
		int nsets;
		const double spread = premise_spread(x, cc, tc, &nsets);
		/* the margin of the sweet spot, scenario 3 or scenario 4 with eq. 19: the CUDA-core kernel
		 * compute-bound (the bandwidth above its threshold), and the tensor-core kernel memory-bound
		 * (below its threshold) or eq. 19 met (rho under sigma pi_TC / pi_CC, whose roofs move by the
		 * same spread); each a ratio - 1, positive inside */
		const double bw = cc->mp.bw_gbps, b_cc = 1e3 * cc->mp.peak_tflops / cc->mp.I;
		const double b_tc = 1e3 * tc->mp.peak_tflops / tc->mp.I;
		const double d19 = isfinite(cmp.rho_max) ? cmp.rho_max / tc->mp.rho - 1 : -INFINITY;
		const double d = fmin(bw / b_cc - 1, fmax(1 - bw / b_tc, d19));
		char *list = d > spread ? in : fabs(d) <= spread ? near : NULL;
		if (list)
			snprintf(list + strlen(list), 128 - strlen(list), "%s%d", list[0] ? ", " : "", k);
		if (fabs(d) <= spread && isfinite(sp) && !(sp >= near_worst))
			near_worst = sp;
		if (d > spread && isfinite(sp)) {
			nin++;
			snprintf(meas + strlen(meas), sizeof(meas) - strlen(meas), "%scase %d %.2f", meas[0] ? ", " : "", k, sp);
			if (!(sp >= worst))
				worst = sp, wcc = cc, wtc = tc;
		}
	}
	snprintf(mod, sizeof(mod), "in the sweet spot here: case%s %s%s%s", in[0] && strchr(in, ',') ? "s" : "",
		 in[0] ? in : "none", near[0] ? "; within the ceilings' spread of its edge: case " : "", near);
	if (n && !nin && !near[0]) {
		e.base = V_HOLDS;   /* nothing to judge: the premise */
		e.premise_absent = 1;
		snprintf(e.premise_why, sizeof(e.premise_why), "the model puts no case of tcs Table 3 in the sweet spot on "
			 "this GPU, none within the ceilings' spread between GPUs of its edge");
	} else if (nin || near[0]) {
		e.base = nin ? (worst > 1 ? V_HOLDS : V_FAILS) : V_HOLDS;
		if (nin)
			vd_flip_ratio(x, &e, worst, 1, 0, "tcs-table3", &wtc, 1, &wcc, 1);
		/* a case near the edge decides nothing on its own; it leaves the claim undecided where it would
		 * turn the answer: none inside, or every one inside above 1 and a near one not */
		if (!nin || (e.base == V_HOLDS && isfinite(near_worst) && !(near_worst > 1))) {
			e.premise_uncertain = 1;
			snprintf(e.premise_why, sizeof(e.premise_why), "case %s lies within the ceilings' spread between GPUs of "
				 "the sweet spot's edge, measured at TC/CC %.2f: inside, it would %s", near, near_worst,
				 near_worst > 1 ? "hold" : "not hold");
		}
	}
	vd_claim(x, cr, &e, worst, meas[0] ? meas : NULL, mod, "tcs-table3 cases 1-6: the sweet spot (scenario 3, or "
		 "scenario 4 with eq. 19) on this run's ceilings, decided against the ceilings' spread between GPUs of "
		 "this model; measured TC/CC of the cases in it", &u);
}

/* the model (tcs eq. 13) as a claim of its own: case N's predicted TC/CC against the measured */
static void table3_model(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	struct model_comparison cmp;
	const struct point *cc, *tc;
	double sp = table3_pair(x, cr->config, &e, &u, &cmp, &cc, &tc);
	char mod[64], basis[160];
	render_fmt(mod, sizeof(mod), cmp.speedup, 2);
	within(x, &e, sp, cmp.speedup, cr->tol, tc, cc);
	snprintf(basis, sizeof(basis), "tcs-table3 %s: measured TC/CC against the model's on this run's ceilings", cr->config);
	vd_claim(x, cr, &e, sp, NULL, mod, basis, &u);
}

/* nongemm eq. 24: with infinitely fast tensor cores a memory-bound kernel gains at most 1 + I/B
 * (I its intensity, B the CUDA-core ridge), here for a tcs Table 3 case (config) on this GPU's
 * ceilings; its premise is the memory-bound CUDA-core kernel */
static void workload_bound(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	struct model_comparison cmp;
	const struct point *cc, *tc;
	double sp = table3_pair(x, cr->config, &e, &u, &cmp, &cc, &tc);
	char mod[128], a[32], b[32], c[32];
	int m = cc && cc->have_model;
	double bound = m ? 1 + cc->mp.I / cc->mp.ridge : NAN;
	render_fmt(a, sizeof(a), bound, 2);
	render_fmt(b, sizeof(b), m ? cc->mp.I : NAN, 2);
	render_fmt(c, sizeof(c), m ? cc->mp.ridge : NAN, 1);
	snprintf(mod, sizeof(mod), "bound %s (I %s, B %s here)", a, b, c);
	e.base = verdict_at_most(sp, bound, cr->tol);
	vd_flip_ratio(x, &e, sp, bound, 1, "tcs-table3", &tc, 1, &cc, 1);
	if (m && cc->mp.bound != BOUND_MEMORY) {
		e.premise_absent = 1;
		snprintf(e.premise_why, sizeof(e.premise_why), "the model puts %s's CUDA-core kernel in the "
			 "compute-bound region on this GPU", cr->config);
	}
	vd_claim(x, cr, &e, sp, NULL, mod, "tcs-table3: measured TC/CC; the bound from the CUDA-core kernel's intensity "
		 "and this run's ridge", &u);
}

/* the harness's power roof (model/power.h), judged as a roof: a bound no verified row exceeds (its
 * rate over the lowest of the compute, memory and power roofs at most 1 + the claim's tolerance, the
 * ceilings' measurement spread), and tight where the counters place a row at the power cap with the
 * power roof the lowest and near it (within verdict-params' power_roof_near): there the roof within
 * power_roof_tight of the rate. Both must hold; each is said with its worst row */
static void power_roof_predicts(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_NA);
	struct used u = { "", 0 };
	char list[128], *save = NULL, meas[480] = "", over_name[160] = "", tight_name[160] = "", basis[512];
	const double near = vd_param(x, "power_roof_near"), tight_tol = vd_param(x, "power_roof_tight");
	double over = -INFINITY, tight = -1;
	int rows = 0, roofs = 0, tight_rows = 0;
	snprintf(list, sizeof(list), "%s", cr->config);
	for (char *name = strtok_r(list, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
		const struct target *t = vd_input(x, name);
		for (size_t i = 0; t && i < t->n; i++) {
			const struct point *p = &t->p[i];
			if (!isfinite(rec_ok_rate(p)))
				continue;
			rows++;
			e.N++;
			const double pr = p->have_model ? p->mp.power_gstencil_per_s : NAN;
			if (!isfinite(pr))
				continue;
			roofs++;
			vd_rest_on(&e, p, &u);
			const double two = rec_model_gs(p), low = fmin(two, pr), ex = p->measured / low - 1;
			char name_[160];
			snprintf(name_, sizeof(name_), "%s %s %s t=%d, its %s roof the lowest", p->cfg->method,
				 p->cfg->stencil->name, dtype_table[p->cfg->dtype].name, p->cfg->fusion,
				 pr < two ? "power" : p->mp.bound == BOUND_MEMORY ? "memory" : "compute");
			if (ex > over)
				over = ex, snprintf(over_name, sizeof(over_name), "%s", name_);
			/* tightness: at the cap, the power roof the lowest and near the rate */
			const double off = fabs(low - p->measured) / p->measured;
			if (rec_power_capped(p) && pr < two && off <= near) {
				tight_rows++;
				if (off > tight)
					tight = off, snprintf(tight_name, sizeof(tight_name), "%s", name_);
			}
		}
	}
	if (roofs && roofs == rows) {
		const int bound_ok = over <= cr->tol, tight_ok = !tight_rows || tight <= tight_tol;
		e.base = bound_ok && tight_ok ? V_HOLDS : V_FAILS;
		int k = snprintf(meas, sizeof(meas), "bound: highest rate %+.1f %% over its lowest roof (%s) over %d verified "
				 "rows; tight: ", 100 * over, over_name, rows);
		if (tight_rows)
			snprintf(meas + k, sizeof(meas) - (size_t)k, "worst %.1f %% off (%s) over the %d power-capped rows "
				 "with the power roof the lowest and within %.0f %% of it", 100 * tight, tight_name, tight_rows,
				 100 * near);
		else
			snprintf(meas + k, sizeof(meas) - (size_t)k, "no power-capped row with the power roof the lowest "
				 "within %.0f %% of it", 100 * near);
		if (!bound_ok || tight_ok)   /* the criterion that decides: the bound, else tightness */
			vd_distance(&e, 100 * (cr->tol - over), "%.1f points %s the bound's %.0f %%", fabs(100 * (cr->tol - over)),
				    bound_ok ? "inside" : "beyond", 100 * cr->tol);
		else
			vd_distance(&e, 100 * (tight - tight_tol), "%.1f points beyond tightness's %.0f %%",
				    100 * (tight - tight_tol), 100 * tight_tol);
	} else if (rows)
		snprintf(meas, sizeof(meas), "not measured: no power roof (the run's ceilings lack the energy counter)");
	const struct hw *hw = &x->rc->run.hw;
	snprintf(basis, sizeof(basis), "%s: each verified row's rate against the lowest of the compute, memory and "
		 "power roofs (a bound), and the power-capped rows near a power roof against it (tightness), the energies "
		 "and constant power from the run's ceilings alone (constant power %.1f W, the fit's intercept over %d "
		 "ceilings, residual %.1f W; idle %.1f W; cap %.0f W)", cr->config, hw->pi0_w, hw->pi0_points,
		 hw->pi0_resid_w, hw->idle_w, hw->cap_w);
	vd_claim(x, cr, &e, isfinite(over) ? over : NAN, meas[0] ? meas : NULL, "the lowest of three roofs", basis, &u);
}

/* nongemm Figure 11's conclusion: the tensor-core stencil underperforms the CUDA-core one on each
 * of the cases config names ("case 1;case 2"), an upper bound on every TC/CC below 1; the margin:
 * the case nearest 1 (holds) or furthest above it (does not hold) */
static void tc_underperforms(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = CLAIM_EVAL(V_HOLDS);
	struct used u = { "", 0 };
	char list[128], *save = NULL, meas[160] = "", mod[160] = "", basis[192];
	const struct point *kc = NULL, *kt = NULL;
	double key = NAN;
	snprintf(list, sizeof(list), "%s", cr->config);
	for (char *c = strtok_r(list, ";", &save); c; c = strtok_r(NULL, ";", &save)) {
		struct model_comparison cmp;
		const struct point *cc, *tc;
		double sp = table3_pair(x, c, &e, &u, &cmp, &cc, &tc);
		if (!(sp < 1))
			e.base = V_FAILS;
		if (isfinite(sp) && !(sp <= key))
			key = sp, kc = cc, kt = tc;
		char f[32];
		render_fmt(f, sizeof(f), sp, 2);
		snprintf(meas + strlen(meas), sizeof(meas) - strlen(meas), "%s%s %s", meas[0] ? ", " : "", c, f);
		render_fmt(f, sizeof(f), cmp.speedup, 2);
		snprintf(mod + strlen(mod), sizeof(mod) - strlen(mod), "%s%s %s", mod[0] ? ", " : "", c, f);
	}
	vd_flip_ratio(x, &e, key, 1, 1, "tcs-table3", &kt, 1, &kc, 1);
	snprintf(basis, sizeof(basis), "tcs-table3: %s / %s on %s (fp64), a subset of nongemm's suite", cr->method,
		 cr->baseline, cr->config);
	vd_claim(x, cr, &e, NAN, meas, mod, basis, &u);
}

static const struct {
	const char *name;
	claim_fn fn;
} evaluators[] = {
	{ "traffic_flat_2d", traffic_flat_2d },
	{ "traffic_flat_3d", traffic_flat_3d },
	{ "intensity_linear_2d", intensity_linear_2d },
	{ "intensity_linear_3d", intensity_linear_3d },
	{ "sparse_over_dense", sparse_over_dense },
	{ "sparse_dense_bound", sparse_dense_bound },
	{ "sptc_over_baseline", sptc_over_baseline },
	{ "sptc_over_baselines", sptc_over_baselines },
	{ "sptc_grows_with_radius", sptc_grows_with_radius },
	{ "memory_bound_fp64_speedup", memory_bound_fp64_speedup },
	{ "traffic_model", traffic_model },
	{ "flops_model", flops_model },
	{ "intensity_model", intensity_model },
	{ "table3_case", table3_case },
	{ "table3_model", table3_model },
	{ "table3_outcome", table3_outcome },
	{ "sweet_spot", sweet_spot },
	{ "workload_bound", workload_bound },
	{ "tc_underperforms", tc_underperforms },
	{ "scale_tc_slower", scale_tc_slower },
	{ "hopper_tc_answer", hopper_tc_answer },
	{ "warmup_within", warmup_within },
	{ "dasp_speedup_shrinks", dasp_speedup_shrinks },
	{ "dasp_below_one", dasp_below_one },
	{ "warmup_effect", warmup_effect },
	{ "suite_tc_underperforms", suite_tc_underperforms },
	{ "fermi_beats_naive", fermi_beats_naive },
	{ "fermi_fastest_large", fermi_fastest_large },
	{ "fermi_less_size_dependent", fermi_less_size_dependent },
	{ "fermi_pow2_drop", fermi_pow2_drop },
	{ "power_roof_predicts", power_roof_predicts },
};

claim_fn vd_evaluator(const char *name)
{
	for (size_t i = 0; i < NELEM(evaluators); i++)
		if (!strcmp(evaluators[i].name, name))
			return evaluators[i].fn;
	return NULL;
}
