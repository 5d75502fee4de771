/*
 * claims.c - the evaluators of the papers' claims (data/paper/claims.csv names one a claim): each
 * reads the rows its claim needs from the rendered targets, fills a struct claim_eval (n of N,
 * the criterion's outcome, the premise, the share of its roof of the kernels it rests on) and
 * writes the verdict row through vd_claim (verdicts.c, verdict_decide). Used by make verdicts.
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
	struct claim_eval e = { 0, 0, V_HOLDS, 0, "", NAN, "", 0 };
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
		size_t n = 0, rows[16];
		for (size_t j = i; j < f15->n && n < 16; j++)
			if (f15->cfgs[j].stencil == ci->stencil && f15->cfgs[j].dtype == ci->dtype) {
				q[n] = f15->p[j].Q_m;
				rows[n] = j;
				fus[n++] = f15->cfgs[j].fusion;
				e.N++;
				if (isfinite(f15->p[j].Q_m))
					e.n++, vd_use(&u, &f15->p[j]);
			}
		if (verdict_flat(q, n, cr->tol) == V_FAILS) {
			e.base = V_FAILS;
			for (size_t k = 0; k < n; k++)   /* a failing series: are its kernels credible? */
				vd_gate_on(&e, &f15->p[rows[k]]);
		}
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
	vd_claim(x, cr, &e, e.n ? worst : NAN, e.n ? buf : NULL, "Q = 2D at every t (eq. 7)", basis, &u);
}

static void traffic_flat_2d(struct verdict_ctx *x, const struct claim_row *cr) { traffic_flat(x, cr, 2); }
static void traffic_flat_3d(struct verdict_ctx *x, const struct claim_row *cr) { traffic_flat(x, cr, 3); }

/* tcs 5.2.1 (Figure 15): the CUDA-core method's intensity grows linearly with t; every series'
 * counter I(t) fits a least-squares line with R^2 at least the value, in 2D and 3D apart */
static void intensity_linear(struct verdict_ctx *x, const struct claim_row *cr, int dims)
{
	const struct target *f15 = vd_input(x, "tcs-figure15");
	struct claim_eval e = { 0, 0, V_HOLDS, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	double lowest = INFINITY;
	char where[96] = "", buf[160];
	for (size_t i = 0; i < f15->n; i++) {
		const struct run_config *ci = &f15->cfgs[i];
		if (ci->stencil->dims != dims ||
		    (i > 0 && ci->stencil == f15->cfgs[i - 1].stencil && ci->dtype == f15->cfgs[i - 1].dtype))
			continue;
		double t[16], I[16], a, b, r2;
		size_t n = 0, have = 0, rows[16];
		for (size_t j = i; j < f15->n && n < 16; j++)
			if (f15->cfgs[j].stencil == ci->stencil && f15->cfgs[j].dtype == ci->dtype) {
				e.N++;
				t[n] = f15->cfgs[j].fusion;
				rows[n] = j;
				I[n++] = f15->p[j].I_m;
				if (isfinite(f15->p[j].I_m))
					e.n++, have++, vd_use(&u, &f15->p[j]);
			}
		if (have < n || n < 3)
			continue;
		linear_fit(t, I, n, &a, &b, &r2);
		if (!(r2 >= cr->value)) {
			e.base = V_FAILS;
			for (size_t k = 0; k < n; k++)   /* a failing series: are its kernels credible? */
				vd_gate_on(&e, &f15->p[rows[k]]);
		}
		if (r2 < lowest) {
			lowest = r2;
			snprintf(where, sizeof(where), " (%s %s)", ci->stencil->name, dtype_table[ci->dtype].name);
		}
	}
	snprintf(buf, sizeof(buf), "lowest R^2: %.3f%s", lowest, where);
	vd_claim(x, cr, &e, isfinite(lowest) ? lowest : NAN, isfinite(lowest) ? buf : NULL,
	      "I = 2Kt / 2D, linear in t (eq. 8)", "tcs-figure15: counter I at t = 1..8, each series' least-squares line", &u);
}

static void intensity_linear_2d(struct verdict_ctx *x, const struct claim_row *cr) { intensity_linear(x, cr, 2); }
static void intensity_linear_3d(struct verdict_ctx *x, const struct claim_row *cr) { intensity_linear(x, cr, 3); }

/* tcs Table 4: the measured sparse over dense ratio, the model's, and the ceiling-ratio bound */
static double sparse_dense(const struct verdict_ctx *x, struct claim_eval *e, struct used *u, double *model,
			   double *bound, int gate_dense)
{
	const struct target *t4 = vd_input(x, "tcs-table4");
	const struct point *pd = rd_find_label(t4, "dense"), *ps = rd_find_label(t4, "sparse");
	e->N = 2;
	vd_rest_on(e, pd, u, gate_dense);
	vd_rest_on(e, ps, u, 1);
	int m = pd && ps && pd->have_model && ps->have_model;
	*bound = m ? ps->mp.peak_tflops / pd->mp.peak_tflops : NAN;
	*model = m ? ps->mp.gstencil_per_s / pd->mp.gstencil_per_s : NAN;
	return pd && ps ? ps->measured / pd->measured : NAN;
}

static void sparse_over_dense(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	double model, bound, r = sparse_dense(x, &e, &u, &model, &bound, 0);
	char mod[64];
	rd_fmt(mod, sizeof(mod), model, 2);
	e.base = verdict_at_least(r, cr->value, cr->tol);
	vd_claim(x, cr, &e, r, NULL, mod, "tcs-table4: measured ratio; model: each kernel's roofline here", &u);
}

static void sparse_dense_bound(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 1 };
	struct used u = { "", 0 };
	double model, bound, r = sparse_dense(x, &e, &u, &model, &bound, 1);   /* a slow dense exceeds it */
	char mod[64], b[32];
	rd_fmt(b, sizeof(b), bound, 2);
	snprintf(mod, sizeof(mod), "bound %s", b);
	e.base = verdict_at_most(r, bound, cr->tol);
	vd_claim(x, cr, &e, r, NULL, mod, "tcs-table4 and this run's ceilings.csv (sparse over dense tf32 MMA)", &u);
}

/* a baseline METHOD or METHOD:OPTION: the method's name into name, the option returned ("" for
 * none) */
static const char *baseline_split(const char *base, char *name, size_t len)
{
	const char *colon = strchr(base, ':');
	snprintf(name, len, "%.*s", colon ? (int)(colon - base) : (int)strlen(base), base);
	return colon ? colon + 1 : "";
}

/* sptc: SPIDER (the row's option) over one baseline, the arithmetic mean over the shapes of
 * sptc-figure9 where both ran, unnormalised (the paper's "average speedups", each method in its
 * own precision); a baseline the harness does not have is not measured. base may name a variant
 * as METHOD:OPTION (lorastencil:sym, the method on its own weight class). *model: the same mean
 * of the model's rates. */
static double over_baseline(const struct target *s9, const char *option, const char *base, struct claim_eval *e,
			    struct used *u, double *model)
{
	double sum = 0, msum = 0;
	char name[64];
	const char *bopt = baseline_split(base, name, sizeof(name));
	int n = 0, known = model_method_find(name) != NULL;
	for (size_t i = 0; i < s9->n; i++) {
		const struct point *ps = &s9->p[i], *pb = NULL;
		if (strcmp(s9->cfgs[i].method, "spider") || strcmp(s9->cfgs[i].option, option))
			continue;
		for (size_t j = 0; j < s9->n; j++)
			if (s9->cfgs[j].stencil == s9->cfgs[i].stencil && !strcmp(s9->cfgs[j].method, name) &&
			    !strcmp(s9->cfgs[j].option, bopt))
				pb = &s9->p[j];
		if (known && !pb)
			continue;   /* a shape the list does not run the baseline on (TCStencil has no 1D) */
		e->N += 2;
		vd_rest_on(e, ps, u, 1);
		vd_rest_on(e, pb, u, 0);
		if (pb && isfinite(ps->measured / pb->measured)) {
			sum += ps->measured / pb->measured;
			msum += rd_model_gs(ps) / rd_model_gs(pb);
			n++;
		}
	}
	*model = n ? msum / n : NAN;
	return n ? sum / n : NAN;
}

static void sptc_over_baseline(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	double model, r = over_baseline(vd_input(x, "sptc-figure9"), cr->option, cr->baseline, &e, &u, &model);
	char mod[64], basis[256], name[64];
	baseline_split(cr->baseline, name, sizeof(name));
	if (cr->option[0] && e.n == 0)
		return;   /* a variant the run does not hold */
	rd_fmt(mod, sizeof(mod), model, 2);
	snprintf(basis, sizeof(basis), "sptc-figure9: %s fp16 over %s, arithmetic mean over the shapes, unnormalised%s",
		 cr->option[0] ? "spider:L16 (16-row tiles, not the paper's layout)" : "spider", cr->baseline,
		 model_method_find(name) ? "" : "; the harness has no such method");
	e.base = verdict_at_least(r, cr->value, cr->tol);
	vd_claim(x, cr, &e, r, NULL, mod, basis, &u);
}

/* sptc's headline: the mean of its per-baseline speedups, measured only with every baseline */
static void sptc_over_baselines(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	char list[256], *save = NULL, mod[64], basis[320];
	double sum = 0, msum = 0;
	snprintf(list, sizeof(list), "%s", cr->baseline);
	for (char *b = strtok_r(list, " ", &save); b; b = strtok_r(NULL, " ", &save)) {
		struct claim_eval eb = { 0, 0, V_NA, 0, "", NAN, "", 0 };
		double model, r = over_baseline(vd_input(x, "sptc-figure9"), cr->option, b, &eb, &u, &model);
		e.N++;
		if (eb.N > 0 && eb.n == eb.N)
			e.n++, sum += r, msum += model;
		if (isfinite(eb.share) && (!isfinite(e.share) || eb.share < e.share))
			e.share = eb.share, snprintf(e.share_row, sizeof(e.share_row), "%s", eb.share_row);
	}
	double r = e.n ? sum / e.n : NAN;
	rd_fmt(mod, sizeof(mod), e.n ? msum / e.n : NAN, 2);
	if (e.n < e.N)
		snprintf(mod + strlen(mod), sizeof(mod) - strlen(mod), " (%d of %d baselines)", e.n, e.N);
	snprintf(basis, sizeof(basis), "the mean of the per-baseline speedups over %s (sptc section 4.2)", cr->baseline);
	e.base = verdict_at_least(r, cr->value, cr->tol);
	vd_claim(x, cr, &e, r, NULL, mod, basis, &u);
}

/* nongemm eq. 23: a memory-bound fp64 kernel gains at most the bound from tensor cores (case 1);
 * the model: the same bound from this GPU's own ratio alpha of fp64 tensor to FMA ceilings */
static void memory_bound_fp64_speedup(struct verdict_ctx *x, const struct claim_row *cr)
{
	const struct target *t3 = vd_input(x, "tcs-table3");
	const struct point *cc = rd_find_label(t3, "case 1 cc"), *tc = rd_find_label(t3, "case 1 tc");
	struct claim_eval e = { 0, 2, V_NA, 0, "", NAN, "", 1 };
	struct used u = { "", 0 };
	vd_rest_on(&e, cc, &u, 1);   /* a slow CUDA-core kernel would break the bound */
	vd_rest_on(&e, tc, &u, 1);   /* a slow tensor-core one would meet it for nothing */
	double s = cc && tc ? tc->measured / cc->measured : NAN;
	double alpha = cc && tc && cc->have_model && tc->have_model ? tc->mp.peak_tflops / cc->mp.peak_tflops : NAN;
	char mod[96], b[32], a[32];
	rd_fmt(b, sizeof(b), 2 - 2 / (1 + alpha), 2);
	rd_fmt(a, sizeof(a), alpha, 2);
	snprintf(mod, sizeof(mod), "bound %s (alpha %s here)", b, a);
	e.base = verdict_at_most(s, cr->value, cr->tol);
	if (cc && cc->have_model && cc->mp.bound != BOUND_MEMORY) {
		e.premise_absent = 1;
		snprintf(e.premise_why, sizeof(e.premise_why), "the model puts case 1's CUDA-core kernel in the "
			 "compute-bound region on this GPU");
	}
	char basis[128];
	snprintf(basis, sizeof(basis), "tcs-table3 case 1 (box2d1r t=3 fp64): %s over %s", cr->method, cr->baseline);
	vd_claim(x, cr, &e, s, NULL, mod, basis, &u);
}

/* tcs 3: the model's F, Q or I of every tcs Table 2 row (the kernel's plan) against its counters */
static void table2_model(struct verdict_ctx *x, const struct claim_row *cr, char which)
{
	const struct target *t2 = vd_input(x, "tcs-table2");
	struct claim_eval e = { 0, (int)t2->n, V_NA, 0, "", NAN, "", 0 };
	double worst = 0;
	struct used u = { "", 0 };
	char buf[192], where[72] = "", mod[64], basis[96];
	for (size_t i = 0; i < t2->n; i++) {
		const struct point *p = &t2->p[i];
		double m = which == 'F' ? p->F_m : which == 'Q' ? p->Q_m : p->I_m;
		double model = which == 'F' ? p->mp.F : which == 'Q' ? p->mp.Q : p->mp.I;
		if (!isfinite(m) || !p->have_model)
			continue;
		double err = fabs(m / model - 1);
		vd_use(&u, p);
		if (err > cr->tol)
			vd_gate_on(&e, p);   /* a row off the model: is its kernel credible? */
		if (err > worst)
			worst = err, snprintf(where, sizeof(where), " (%s)", p->cfg->label);
		e.n++;
	}
	snprintf(buf, sizeof(buf), "largest |%c measured / model - 1|: %.1f %%%s", which, worst * 100, where);
	if (e.n)
		e.base = worst <= cr->tol ? V_HOLDS : V_FAILS;
	snprintf(mod, sizeof(mod), which == 'Q' ? "Q = 2D (eq. 7)" : which == 'F' ? "F = 2 K_fused / (rho sigma) "
		 "(eq. 6)" : "I = F / Q (eq. 8)");
	snprintf(basis, sizeof(basis), "tcs-table2: counter %c of rows 1-10 against the kernel's plan", which);
	vd_claim(x, cr, &e, e.n ? worst : NAN, e.n ? buf : NULL, mod, basis, &u);
}

static void traffic_model(struct verdict_ctx *x, const struct claim_row *cr) { table2_model(x, cr, 'Q'); }
static void flops_model(struct verdict_ctx *x, const struct claim_row *cr) { table2_model(x, cr, 'F'); }
static void intensity_model(struct verdict_ctx *x, const struct claim_row *cr) { table2_model(x, cr, 'I'); }

/* a tcs Table 3 case (config "case N"): its CUDA-core and tensor-core rows, the model's comparison
 * of the pair on this GPU and the measured TC/CC speedup */
static double table3_pair(const struct verdict_ctx *x, const struct claim_row *cr, struct claim_eval *e,
			  struct used *u, int gate_cc, struct model_comparison *cmp)
{
	const struct target *t3 = vd_input(x, "tcs-table3");
	char lc[48], lt[48];
	snprintf(lc, sizeof(lc), "%s cc", cr->config);
	snprintf(lt, sizeof(lt), "%s tc", cr->config);
	const struct point *cc = rd_find_label(t3, lc), *tc = rd_find_label(t3, lt);
	e->N = 2;
	vd_rest_on(e, cc, u, gate_cc);
	vd_rest_on(e, tc, u, 1);
	*cmp = (struct model_comparison){ 0, NAN, -1, NAN };
	if (cc && tc && cc->have_model && tc->have_model)
		model_compare(&tc->mp, &cc->mp, cmp);
	return cc && tc ? tc->measured / cc->measured : NAN;
}

/* tcs Table 3, one case: the paper's scenario arises here (else its premise is absent) and the
 * measured TC/CC speedup lies on the paper's side of 1 (value: the paper's TC/CC) */
static void table3_case(struct verdict_ctx *x, const struct claim_row *cr)
{
	/* "TC wins" fails with a slow tensor-core kernel; "CC wins" (TC/CC under 1, an upper bound)
	 * fails with a slow CUDA-core kernel and holds for nothing with a slow tensor-core one */
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", cr->value < 1 };
	struct used u = { "", 0 };
	struct model_comparison cmp;
	double sp = table3_pair(x, cr, &e, &u, cr->value < 1, &cmp);
	char sc[16], sp_m[32], mod[96], meas[64];
	rd_fmt_scenario(sc, sizeof(sc), cmp.scenario);
	rd_fmt(sp_m, sizeof(sp_m), cmp.speedup, 2);
	snprintf(mod, sizeof(mod), "scenario %s, TC/CC %s", sc, sp_m);
	rd_fmt(sp_m, sizeof(sp_m), sp, 2);
	snprintf(meas, sizeof(meas), "TC/CC %s", sp_m);
	if (isfinite(sp))
		e.base = (sp > 1) == (cr->value > 1) ? V_HOLDS : V_FAILS;
	if (cmp.scenario > 0 && isfinite(cr->scenario) && cmp.scenario != (int)cr->scenario) {
		e.premise_absent = 1;
		snprintf(e.premise_why, sizeof(e.premise_why), "the model puts %s in scenario %d on this GPU, not %.0f",
			 cr->config, cmp.scenario, cr->scenario);
	}
	vd_claim(x, cr, &e, sp, isfinite(sp) ? meas : NULL, mod, "tcs-table3: the model's scenario on this run's "
	      "ceilings; measured TC/CC", &u);
}

/* the model (tcs eq. 13) as a claim of its own: case N's predicted TC/CC against the measured */
static void table3_model(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 0 };
	struct used u = { "", 0 };
	struct model_comparison cmp;
	double sp = table3_pair(x, cr, &e, &u, 1, &cmp);
	char mod[64], basis[320];
	rd_fmt(mod, sizeof(mod), cmp.speedup, 2);
	if (isfinite(sp) && isfinite(cmp.speedup))
		e.base = fabs(sp / cmp.speedup - 1) <= cr->tol ? V_HOLDS : V_FAILS;
	snprintf(basis, sizeof(basis), "tcs-table3 %s: measured TC/CC against the model's on this run's ceilings; "
		 "the lower of the kernels' shares of their roofs: %s%s%.1f %%", cr->config, e.share_row,
		 e.share_row[0] ? " at " : "", 100 * e.share);
	vd_claim(x, cr, &e, sp, NULL, mod, basis, &u);
}

/* nongemm eq. 24: with infinitely fast tensor cores a memory-bound kernel gains at most 1 + I/B
 * (I its intensity, B the CUDA-core ridge), here for a tcs Table 3 case (config) on this GPU's
 * ceilings; its premise is the memory-bound CUDA-core kernel */
static void workload_bound(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_NA, 0, "", NAN, "", 1 };
	struct used u = { "", 0 };
	struct model_comparison cmp;
	double sp = table3_pair(x, cr, &e, &u, 1, &cmp);
	char lc[48], mod[128], a[32], b[32], c[32];
	snprintf(lc, sizeof(lc), "%s cc", cr->config);
	const struct point *cc = rd_find_label(vd_input(x, "tcs-table3"), lc);
	int m = cc && cc->have_model;
	double bound = m ? 1 + cc->mp.I / cc->mp.ridge : NAN;
	rd_fmt(a, sizeof(a), bound, 2);
	rd_fmt(b, sizeof(b), m ? cc->mp.I : NAN, 2);
	rd_fmt(c, sizeof(c), m ? cc->mp.ridge : NAN, 1);
	snprintf(mod, sizeof(mod), "bound %s (I %s, B %s here)", a, b, c);
	e.base = verdict_at_most(sp, bound, cr->tol);
	if (m && cc->mp.bound != BOUND_MEMORY) {
		e.premise_absent = 1;
		snprintf(e.premise_why, sizeof(e.premise_why), "the model puts %s's CUDA-core kernel in the "
			 "compute-bound region on this GPU", cr->config);
	}
	vd_claim(x, cr, &e, sp, NULL, mod, "tcs-table3: measured TC/CC; the bound from the CUDA-core kernel's intensity "
	      "and this run's ridge", &u);
}

/* nongemm Figure 11's conclusion: the tensor-core stencil underperforms the CUDA-core one on each
 * of the cases config names ("case 1;case 2"), an upper bound on every TC/CC below 1 */
static void tc_underperforms(struct verdict_ctx *x, const struct claim_row *cr)
{
	struct claim_eval e = { 0, 0, V_HOLDS, 0, "", NAN, "", 1 };
	struct used u = { "", 0 };
	char list[128], *save = NULL, meas[160] = "", mod[160] = "", basis[192];
	snprintf(list, sizeof(list), "%s", cr->config);
	for (char *c = strtok_r(list, ";", &save); c; c = strtok_r(NULL, ";", &save)) {
		struct claim_row one = *cr;
		struct claim_eval ec = { 0, 0, V_NA, 0, "", NAN, "", 1 };
		struct model_comparison cmp;
		one.config = c;
		double sp = table3_pair(x, &one, &ec, &u, 1, &cmp);
		e.N += ec.N, e.n += ec.n;
		if (isfinite(ec.share) && (!isfinite(e.share) || ec.share < e.share))
			e.share = ec.share, snprintf(e.share_row, sizeof(e.share_row), "%s", ec.share_row);
		if (!(sp < 1))
			e.base = V_FAILS;
		char f[32];
		rd_fmt(f, sizeof(f), sp, 2);
		snprintf(meas + strlen(meas), sizeof(meas) - strlen(meas), "%s%s %s", meas[0] ? ", " : "", c, f);
		rd_fmt(f, sizeof(f), cmp.speedup, 2);
		snprintf(mod + strlen(mod), sizeof(mod) - strlen(mod), "%s%s %s", mod[0] ? ", " : "", c, f);
	}
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
	{ "memory_bound_fp64_speedup", memory_bound_fp64_speedup },
	{ "traffic_model", traffic_model },
	{ "flops_model", flops_model },
	{ "intensity_model", intensity_model },
	{ "table3_case", table3_case },
	{ "table3_model", table3_model },
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
};

claim_fn vd_evaluator(const char *name)
{
	for (size_t i = 0; i < NELEM(evaluators); i++)
		if (!strcmp(evaluators[i].name, name))
			return evaluators[i].fn;
	return NULL;
}
